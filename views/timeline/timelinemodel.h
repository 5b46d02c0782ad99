// What the timeline draws, as compact per-lane arrays sorted by time: record-state bars, request markers and effect
// ticks, one lane per scope, plus the anomalies to jump to. Fed incrementally from a Simulation's lifecycle events,
// or directly through the plain add*() API (a live-table snapshot, the benchmark). Holds no widget and no QObject
// so a million events cost tens of bytes each and are read without locks or virtual calls.
#pragma once

#include "domain.h"

#include <QHash>
#include <QString>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <memory>
#include <new>
#include <optional>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

namespace iw {

class Simulation;
struct ServicePolicy;
struct LifecycleEvent;

// The record's life on its lane. Stuck: in progress but its owner has given up (crashed, lost its store, or ended
// without completing), so only a lease takeover or a human can move it on. Tombstone: the evidence a swept record
// leaves under `after_expiry: tombstone`.
enum class BarState : std::uint8_t { InProgress, Completed, Expired, Stuck, Tombstone };
inline constexpr int BarStateCount = 5;
std::string_view barStateKey(BarState); // "in_progress", "completed", "expired", "stuck", "tombstone"

// A bar still in its state at the end of the data.
inline constexpr Millis OpenEnd = std::numeric_limits<Millis>::max();

struct TimelineBar {
    Millis start = 0;
    Millis end = OpenEnd;
    Millis lease = -1; // lease_until falling on this bar, or -1
    Millis ttl = -1; // expires_at of an in-progress record (flagged, never swept), or -1
    std::int32_t request = -1; // the request that wrote this state, or -1
    BarState state = BarState::InProgress;
    bool recovered
        = false; // a completion written by a recovery job (docs/reference/routes.md recovered_completed), not a request
};

struct TimelineMarker {
    static constexpr std::uint8_t NoDecision = 0xff;
    // SeenFromOutside: an answer a client saw (the probe, docs/reference/probe.md) with no decision known, only its
    // status.
    enum Flag : std::uint8_t {
        NeverArrived = 1,
        ResponseLost = 2,
        ResponseDiscarded = 4,
        TimedOut = 8,
        SeenFromOutside = 16
    };

    Millis t = 0; // decided (sent, for a request that never arrived)
    std::int32_t latency = 0; // t − sent
    std::int32_t request = -1;
    std::uint16_t status = 0; // HTTP status, 0 for none
    std::uint8_t decision = NoDecision; // iw::Decision
    std::uint8_t flags = 0;

    std::optional<Decision> decisionValue() const
    {
        return decision == NoDecision ? std::nullopt : std::optional(static_cast<Decision>(decision));
    }
};

struct TimelineEffect {
    Millis t = 0;
    std::int32_t effect = -1;
    std::int32_t request = -1;
    bool duplicate = false;
    // A suspected duplicate (docs/reference/serve.md): after the first effect of its request's suspected intent —
    // another key (or none) of the same actor, operation and payload — and no confirmed duplicate.
    bool suspected = false;
};

// ClaimExpired, WritesLost, Deadlock, StaleRead, ItemTooLarge: docs/manual/stores.md store engines — a Redis claim gone
// under its owner, a failover's lost writes, a MySQL claim transaction chosen as a deadlock victim, a DynamoDB read
// that returned an item's previous version, a DynamoDB completion refused for the item's size.
enum class AnomalyKind : std::uint8_t {
    DuplicateEffect,
    StuckInProgress,
    PayloadMismatch,
    ClaimExpired,
    WritesLost,
    Deadlock,
    StaleRead,
    ItemTooLarge
};

struct TimelineAnomaly {
    Millis t = 0;
    int lane = -1;
    int request = -1;
    AnomalyKind kind = AnomalyKind::DuplicateEffect;
};

// A request sent and not yet decided: drawn as a line to "now", the way Jepsen draws an open operation.
struct TimelinePending {
    int lane = -1;
    Millis sent = 0;
    std::uint8_t flags = 0; // TimelineMarker::Flag bits seen before the decision (a timeout)
};

// A lane's items: a vector cut down to what the timeline needs (16 bytes instead of 24), whose storage is either
// its own heap block while the lane grows, or a slice of one of the model's packed arenas after squeeze(), so that
// at fit-all the lanes are read in one sequential sweep instead of hundreds of thousands of scattered blocks.
template<typename T> class LaneItems {
    static_assert(std::is_trivially_copyable_v<T>);

public:
    LaneItems() = default;
    LaneItems(const LaneItems&) = delete;
    LaneItems& operator=(const LaneItems&) = delete;
    LaneItems(LaneItems&& other) noexcept
        : m_data(std::exchange(other.m_data, nullptr))
        , m_size(std::exchange(other.m_size, 0))
        , m_capacity(std::exchange(other.m_capacity, 0))
    {
    }
    LaneItems& operator=(LaneItems&& other) noexcept
    {
        if (this != &other) {
            release();
            m_data = std::exchange(other.m_data, nullptr);
            m_size = std::exchange(other.m_size, 0);
            m_capacity = std::exchange(other.m_capacity, 0);
        }
        return *this;
    }
    ~LaneItems() { release(); }

    std::size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    const T* data() const { return m_data; }
    const T* begin() const { return m_data; }
    const T* end() const { return m_data + m_size; }
    T* begin() { return m_data; }
    T* end() { return m_data + m_size; }
    const T& operator[](std::size_t i) const { return m_data[i]; }
    T& operator[](std::size_t i) { return m_data[i]; }
    const T& front() const { return m_data[0]; }
    const T& back() const { return m_data[m_size - 1]; }
    T& back() { return m_data[m_size - 1]; }
    // Heap bytes this lane owns (0 while it lives in an arena).
    std::size_t ownedBytes() const { return m_capacity * sizeof(T); }

    void push_back(const T& item)
    {
        if (m_size >= m_capacity) // full, or a slice of an arena (capacity 0) that must move out first
            grow();
        m_data[m_size++] = item;
    }
    void pop_back() { --m_size; }
    // Points at `count` items of an arena the model owns; the next push_back copies them to the heap.
    void adopt(T* data, std::uint32_t count)
    {
        release();
        m_data = count ? data : nullptr;
        m_size = count;
        m_capacity = 0;
    }

private:
    void grow()
    {
        const std::uint32_t capacity = std::max<std::uint32_t>(4, m_size + m_size / 2);
        T* fresh = static_cast<T*>(std::malloc(std::size_t(capacity) * sizeof(T)));
        if (!fresh)
            throw std::bad_alloc();
        if (m_size)
            std::memcpy(static_cast<void*>(fresh), m_data, std::size_t(m_size) * sizeof(T));
        const std::uint32_t size = m_size;
        release();
        m_data = fresh;
        m_size = size;
        m_capacity = capacity;
    }
    void release()
    {
        if (m_capacity)
            std::free(m_data); // capacity 0 with data: a slice of an arena, not ours to free
        m_data = nullptr;
        m_size = 0;
        m_capacity = 0;
    }

    T* m_data = nullptr;
    std::uint32_t m_size = 0;
    std::uint32_t m_capacity = 0;
};

struct TimelineLane {
    int scope = -1; // the Selection's scope index
    std::int32_t actor = 0; // into TimelineModel::name()
    std::int32_t operation = 0;
    bool hasKey = true;
    bool unsorted = false; // something was appended out of time order: sorted before the next read
    std::int16_t hop
        = 0; // docs/reference/routes.md: the hop whose store holds this scope (0: `service`), from its requests
    QString key;
    // Where the client's retry budget ends (its first request's send plus the client's retry horizon), when it
    // outlasts the record's retention — a retry may then come after the record is gone; -1 otherwise.
    Millis budgetEnd = -1;
    LaneItems<TimelineBar> bars; // by start; a lane's bars never overlap, so their ends are sorted too
    LaneItems<TimelineMarker> markers; // by t
    LaneItems<TimelineEffect> effects; // by t
};

class TimelineModel {
public:
    TimelineModel();
    ~TimelineModel();
    TimelineModel(const TimelineModel&) = delete;
    TimelineModel& operator=(const TimelineModel&) = delete;

    void clear();

    // --- Plain API. Items are cheapest appended per lane in time order; anything else is sorted lazily.
    int addLane(int scope, const QString& actor, const QString& operation, const QString& key, bool hasKey = true);
    void reserveLanes(int lanes);
    void addBar(int lane, const TimelineBar& bar);
    void addMarker(int lane, const TimelineMarker& marker);
    void addEffect(int lane, const TimelineEffect& effect);
    void addAnomaly(const TimelineAnomaly& anomaly);
    // Packs every lane's items into contiguous arenas in lane order (no growth slack, no per-lane heap blocks):
    // call it after a bulk load. Lanes that grow afterwards move their items back to the heap.
    void squeeze();
    // Sorts lanes that were appended out of order (the view calls it before reading).
    void ensureSorted();

    // --- Simulation feed. Consumes the events the simulation recorded since the last call; starts over when it is
    // another simulation or it was reset.
    void syncFrom(const Simulation& sim);
    // One event, for a caller that observes a simulation which does not keep its events.
    void consume(const Simulation& sim, const LifecycleEvent& event);

    // --- Reading.
    int laneCount() const { return static_cast<int>(m_lanes.size()); }
    const TimelineLane& lane(int i) const { return m_lanes[static_cast<std::size_t>(i)]; }
    const QString& name(std::int32_t index) const { return m_names[static_cast<std::size_t>(index)]; }
    int laneOfScope(int scope) const;

    // docs/reference/routes.md routes: the hops lanes are grouped by, in route order (`service` first). Empty without a
    // route, and then nothing is grouped. Fed from a simulation with a route, each lane's hop is its requests' hop.
    void setHops(std::vector<QString> names);
    void setLaneHop(int lane, int hop);
    int hopCount() const { return static_cast<int>(m_hopNames.size()); }
    bool groupsByHop() const { return m_hopNames.size() > 1; }
    const QString& hopName(int hop) const { return m_hopNames[static_cast<std::size_t>(hop)]; }
    // Changes whenever a lane's hop or the hops change: the view regroups its rows on it.
    std::uint64_t groupingRevision() const { return m_groupingRevision; }

    // Index ranges [first, last) of the items that touch [t0, t1]. Inline: the density view calls them for every
    // visible lane of every frame.
    std::pair<std::size_t, std::size_t> barRange(int lane, double t0, double t1) const;
    std::pair<std::size_t, std::size_t> markerRange(int lane, double t0, double t1) const;
    std::pair<std::size_t, std::size_t> effectRange(int lane, double t0, double t1) const;
    // The marker of `request` on `lane`, or -1.
    int markerOfRequest(int lane, int request) const;
    // Whether anything happens on the lane inside [t0, t1] (a marker, an effect, or a bar starting or ending).
    bool laneActiveIn(int lane, double t0, double t1) const;

    const std::vector<TimelineAnomaly>& anomalies() const { return m_anomalies; }
    const std::unordered_map<int, TimelinePending>& pending() const { return m_pending; } // by request

    bool isEmpty() const { return m_first > m_lastAny; }
    Millis firstTime() const { return m_first; }
    Millis lastActivity() const { return m_lastActivity; } // last marker, effect or state change (not expiry)
    Millis lastTime() const { return m_lastAny; } // also TTL ends and leases in the future
    std::size_t eventCount() const { return m_bars + m_markers + m_effects; }
    std::size_t markerCount() const { return m_markers; }
    // Some marker is an answer seen from outside (TimelineMarker::SeenFromOutside): the legend names status classes.
    bool hasAnswersFromOutside() const { return m_answersFromOutside; }
    // Bytes held, including allocator bookkeeping, for the benchmark's bytes-per-event figure.
    std::size_t memoryBytes() const;
    // Changes whenever the content does: caches in the view key on it.
    std::uint64_t revision() const { return m_revision; }

private:
    struct LiveRecord {
        Millis created = 0;
        Millis expires = 0;
        int owner = -1; // the request that may still complete it, -1 once terminal
    };

    std::int32_t intern(const QString& name);
    void extend(Millis t, bool activity);
    void ensureLanesFor(const Simulation& sim, int scope);
    void cutBars(int lane, Millis t);
    void appendBar(int lane, Millis start, Millis end, BarState state, int request, Millis lease = -1, Millis ttl = -1);
    void startRecord(const Simulation& sim, int lane, Millis t, int request);
    void completeRecord(const Simulation& sim, int lane, Millis t, int request, bool recovered = false);
    void endRecord(const Simulation& sim, int lane, Millis t, bool swept);
    void decided(const Simulation& sim, int lane, Millis t, int request);
    void flagMarker(int lane, int request, std::uint8_t flag);
    const ServicePolicy& policyOf(const Simulation& sim, int lane) const;

    std::vector<TimelineLane> m_lanes;
    std::unique_ptr<TimelineBar[]> m_barArena;
    std::unique_ptr<TimelineMarker[]> m_markerArena;
    std::unique_ptr<TimelineEffect[]> m_effectArena;
    std::size_t m_arenaBytes = 0;
    std::vector<QString> m_names;
    QHash<QString, std::int32_t> m_nameIndex;
    std::vector<QString> m_hopNames;
    std::uint64_t m_groupingRevision = 0;
    std::vector<TimelineAnomaly> m_anomalies;
    std::size_t m_bars = 0;
    std::size_t m_markers = 0;
    std::size_t m_effects = 0;
    bool m_anyUnsorted = false;
    bool m_answersFromOutside = false;
    Millis m_first = std::numeric_limits<Millis>::max();
    Millis m_lastActivity = std::numeric_limits<Millis>::min();
    Millis m_lastAny = std::numeric_limits<Millis>::min();
    std::uint64_t m_revision = 0;

    // Simulation feed state.
    const Simulation* m_sim = nullptr;
    std::size_t m_consumed = 0;
    std::uint64_t m_lastEventKey = 0;
    std::unordered_map<int, LiveRecord> m_live; // by lane
    std::unordered_map<int, TimelinePending> m_pending; // by request: sent, not yet decided
};

namespace detail {

template<typename Items, typename Start, typename End>
std::pair<std::size_t, std::size_t> rangeIn(const Items& items, double t0, double t1, Start start, End end)
{
    const std::size_t n = items.size();
    if (n == 0)
        return { 0, 0 };
    // The whole lane inside the window (every lane at fit-all): no search at all.
    if (static_cast<double>(end(items.front())) >= t0 && static_cast<double>(start(items.back())) <= t1)
        return { 0, n };
    const auto first = std::partition_point(
        items.begin(), items.end(), [&](const auto& item) { return static_cast<double>(end(item)) < t0; });
    const auto last = std::partition_point(
        first, items.end(), [&](const auto& item) { return static_cast<double>(start(item)) <= t1; });
    return { static_cast<std::size_t>(first - items.begin()), static_cast<std::size_t>(last - items.begin()) };
}

} // namespace detail

inline std::pair<std::size_t, std::size_t> TimelineModel::barRange(int lane, double t0, double t1) const
{
    return detail::rangeIn(
        m_lanes[static_cast<std::size_t>(lane)].bars, t0, t1, [](const TimelineBar& b) { return b.start; },
        [](const TimelineBar& b) { return b.end; });
}

inline std::pair<std::size_t, std::size_t> TimelineModel::markerRange(int lane, double t0, double t1) const
{
    const auto t = [](const TimelineMarker& m) { return m.t; };
    return detail::rangeIn(m_lanes[static_cast<std::size_t>(lane)].markers, t0, t1, t, t);
}

inline std::pair<std::size_t, std::size_t> TimelineModel::effectRange(int lane, double t0, double t1) const
{
    const auto t = [](const TimelineEffect& e) { return e.t; };
    return detail::rangeIn(m_lanes[static_cast<std::size_t>(lane)].effects, t0, t1, t, t);
}

} // namespace iw
