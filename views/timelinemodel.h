// What the timeline draws, as compact per-lane arrays sorted by time: record-state bars, request markers and effect
// ticks, one lane per scope, plus the anomalies to jump to. Fed incrementally from a Simulation's lifecycle events,
// or directly through the plain add*() API (a live-table snapshot, the benchmark). Holds no widget and no QObject
// so a million events cost tens of bytes each and are read without locks or virtual calls.
#pragma once

#include "domain.h"

#include <QHash>
#include <QString>

#include <cstdint>
#include <limits>
#include <optional>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace iw {

class Simulation;
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
};

struct TimelineMarker {
    static constexpr std::uint8_t NoDecision = 0xff;
    enum Flag : std::uint8_t { NeverArrived = 1, ResponseLost = 2, ResponseDiscarded = 4, TimedOut = 8 };

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
};

enum class AnomalyKind : std::uint8_t { DuplicateEffect, StuckInProgress, PayloadMismatch };

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

struct TimelineLane {
    int scope = -1; // the Selection's scope index
    std::int32_t actor = 0; // into TimelineModel::name()
    std::int32_t operation = 0;
    QString key;
    bool hasKey = true;
    bool unsorted = false; // something was appended out of time order: sorted before the next read
    std::vector<TimelineBar> bars; // by start; a lane's bars never overlap, so their ends are sorted too
    std::vector<TimelineMarker> markers; // by t
    std::vector<TimelineEffect> effects; // by t
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
    // Releases growth slack after a bulk load.
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

    // Index ranges [first, last) of the items that touch [t0, t1].
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
    Millis lastActivity() const { return m_lastActivity; } // last marker, effect or state change
    Millis lastTime() const { return m_lastAny; } // also TTL ends and leases in the future
    std::size_t eventCount() const { return m_bars + m_markers + m_effects; }
    std::size_t markerCount() const { return m_markers; }
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
    void completeRecord(const Simulation& sim, int lane, Millis t, int request);
    void endRecord(const Simulation& sim, int lane, Millis t, bool swept);
    void decided(const Simulation& sim, int lane, Millis t, int request);
    void flagMarker(int lane, int request, std::uint8_t flag);

    std::vector<TimelineLane> m_lanes;
    std::vector<QString> m_names;
    QHash<QString, std::int32_t> m_nameIndex;
    std::vector<TimelineAnomaly> m_anomalies;
    std::size_t m_bars = 0;
    std::size_t m_markers = 0;
    std::size_t m_effects = 0;
    bool m_anyUnsorted = false;
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

} // namespace iw
