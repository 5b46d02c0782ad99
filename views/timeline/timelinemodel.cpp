// The timeline's data: see timelinemodel.h. The simulation feed turns the lifecycle event stream into bars by
// projecting each record's future as soon as it is known (completed until its TTL ends, expired after), and cutting
// that projection back whenever a later event (a sweep, an overwrite, a delete) changes it — so the picture is right
// at every instant of a live run, not only at the end.
#include "timelinemodel.h"

#include "recordrules.h"
#include "retrybudget.h"
#include "simulation.h"

#include <algorithm>

namespace iw {

namespace {

// Allocator bookkeeping per heap block (glibc's chunk header, rounded), so memoryBytes() is honest for many small
// vectors.
constexpr std::size_t MallocOverhead = 16;

template<typename T> std::size_t vectorBytes(const std::vector<T>& v)
{
    return v.capacity() == 0 ? 0 : v.capacity() * sizeof(T) + MallocOverhead;
}

template<typename T> std::size_t itemBytes(const LaneItems<T>& items)
{
    return items.ownedBytes() == 0 ? 0 : items.ownedBytes() + MallocOverhead;
}

std::size_t stringBytes(const QString& s)
{
    // QString's heap block: a QArrayData header plus UTF-16 code units and the terminator.
    return s.isEmpty() ? 0 : 16 + (static_cast<std::size_t>(s.capacity()) + 1) * 2 + MallocOverhead;
}

} // namespace

// A route's hops keep their own policies (docs/reference/routes.md): a provider's record lives by the provider's TTL
// and lease.
const ServicePolicy& TimelineModel::policyOf(const Simulation& sim, int lane) const
{
    return sim.scenario().hopService(sim.hasRoute() ? m_lanes[static_cast<std::size_t>(lane)].hop : 0);
}

std::string_view barStateKey(BarState state)
{
    switch (state) {
    case BarState::InProgress:
        return "in_progress";
    case BarState::Completed:
        return "completed";
    case BarState::Expired:
        return "expired";
    case BarState::Stuck:
        return "stuck";
    case BarState::Tombstone:
        return "tombstone";
    }
    return "in_progress";
}

TimelineModel::TimelineModel() = default;
TimelineModel::~TimelineModel() = default;

void TimelineModel::clear()
{
    m_lanes.clear(); // before the arenas the lanes may point into
    m_lanes.shrink_to_fit();
    m_barArena.reset();
    m_markerArena.reset();
    m_effectArena.reset();
    m_arenaBytes = 0;
    m_names.clear();
    m_nameIndex.clear();
    m_hopNames.clear();
    ++m_groupingRevision;
    m_anomalies.clear();
    m_answersFromOutside = false;
    m_bars = m_markers = m_effects = 0;
    m_anyUnsorted = false;
    m_first = std::numeric_limits<Millis>::max();
    m_lastActivity = std::numeric_limits<Millis>::min();
    m_lastAny = std::numeric_limits<Millis>::min();
    m_sim = nullptr;
    m_consumed = 0;
    m_lastEventKey = 0;
    m_live.clear();
    m_pending.clear();
    ++m_revision;
}

std::int32_t TimelineModel::intern(const QString& name)
{
    const auto it = m_nameIndex.constFind(name);
    if (it != m_nameIndex.constEnd())
        return it.value();
    const auto index = static_cast<std::int32_t>(m_names.size());
    m_names.push_back(name);
    m_nameIndex.insert(name, index);
    return index;
}

int TimelineModel::addLane(int scope, const QString& actor, const QString& operation, const QString& key, bool hasKey)
{
    TimelineLane lane;
    lane.scope = scope;
    lane.actor = intern(actor);
    lane.operation = intern(operation);
    lane.key = key;
    lane.hasKey = hasKey;
    m_lanes.push_back(std::move(lane));
    ++m_revision;
    return static_cast<int>(m_lanes.size()) - 1;
}

void TimelineModel::setHops(std::vector<QString> names)
{
    m_hopNames = std::move(names);
    ++m_groupingRevision;
    ++m_revision;
}

void TimelineModel::setLaneHop(int laneIndex, int hop)
{
    TimelineLane& lane = m_lanes[static_cast<std::size_t>(laneIndex)];
    if (lane.hop == hop)
        return;
    lane.hop = static_cast<std::int16_t>(hop);
    ++m_groupingRevision;
    ++m_revision;
}

void TimelineModel::reserveLanes(int lanes)
{
    m_lanes.reserve(static_cast<std::size_t>(std::max(0, lanes)));
}

void TimelineModel::extend(Millis t, bool activity)
{
    m_first = std::min(m_first, t);
    m_lastAny = std::max(m_lastAny, t);
    if (activity)
        m_lastActivity = std::max(m_lastActivity, t);
}

void TimelineModel::addBar(int laneIndex, const TimelineBar& bar)
{
    TimelineLane& lane = m_lanes[static_cast<std::size_t>(laneIndex)];
    if (!lane.bars.empty() && bar.start < lane.bars.back().start) {
        lane.unsorted = true;
        m_anyUnsorted = true;
    }
    lane.bars.push_back(bar);
    ++m_bars;
    // An expired bar starts when a TTL runs out: the passage of time, not something that happened.
    extend(bar.start, bar.state != BarState::Expired);
    if (bar.end != OpenEnd)
        extend(bar.end, false);
    if (bar.lease >= 0)
        extend(bar.lease, false);
    if (bar.ttl >= 0)
        extend(bar.ttl, false);
    ++m_revision;
}

void TimelineModel::addMarker(int laneIndex, const TimelineMarker& marker)
{
    TimelineLane& lane = m_lanes[static_cast<std::size_t>(laneIndex)];
    if (!lane.markers.empty() && marker.t < lane.markers.back().t) {
        lane.unsorted = true;
        m_anyUnsorted = true;
    }
    lane.markers.push_back(marker);
    ++m_markers;
    m_answersFromOutside = m_answersFromOutside || (marker.flags & TimelineMarker::SeenFromOutside);
    extend(marker.t - marker.latency, true);
    extend(marker.t, true);
    ++m_revision;
}

void TimelineModel::addEffect(int laneIndex, const TimelineEffect& effect)
{
    TimelineLane& lane = m_lanes[static_cast<std::size_t>(laneIndex)];
    if (!lane.effects.empty() && effect.t < lane.effects.back().t) {
        lane.unsorted = true;
        m_anyUnsorted = true;
    }
    lane.effects.push_back(effect);
    ++m_effects;
    extend(effect.t, true);
    ++m_revision;
}

void TimelineModel::addAnomaly(const TimelineAnomaly& anomaly)
{
    m_anomalies.push_back(anomaly);
    ++m_revision;
}

namespace {

template<typename T, typename Member> std::unique_ptr<T[]> pack(std::vector<TimelineLane>& lanes, Member member)
{
    std::size_t total = 0;
    for (const TimelineLane& lane : lanes)
        total += (lane.*member).size();
    auto arena = std::make_unique_for_overwrite<T[]>(std::max<std::size_t>(total, 1));
    std::size_t offset = 0;
    for (TimelineLane& lane : lanes) {
        LaneItems<T>& items = lane.*member;
        const auto count = static_cast<std::uint32_t>(items.size());
        if (count)
            std::memcpy(static_cast<void*>(arena.get() + offset), items.data(), count * sizeof(T));
        items.adopt(arena.get() + offset, count);
        offset += count;
    }
    return arena;
}

} // namespace

void TimelineModel::squeeze()
{
    // The previous arenas stay alive until every lane has been copied out of them.
    auto bars = pack<TimelineBar>(m_lanes, &TimelineLane::bars);
    auto markers = pack<TimelineMarker>(m_lanes, &TimelineLane::markers);
    auto effects = pack<TimelineEffect>(m_lanes, &TimelineLane::effects);
    m_barArena = std::move(bars);
    m_markerArena = std::move(markers);
    m_effectArena = std::move(effects);
    m_arenaBytes = (m_bars + 1) * sizeof(TimelineBar) + (m_markers + 1) * sizeof(TimelineMarker)
        + (m_effects + 1) * sizeof(TimelineEffect);
    for (TimelineLane& lane : m_lanes)
        lane.key.squeeze();
    m_lanes.shrink_to_fit();
    m_anomalies.shrink_to_fit();
}

void TimelineModel::ensureSorted()
{
    if (!m_anyUnsorted)
        return;
    for (TimelineLane& lane : m_lanes) {
        if (!lane.unsorted)
            continue;
        std::stable_sort(
            lane.bars.begin(), lane.bars.end(), [](const auto& a, const auto& b) { return a.start < b.start; });
        std::stable_sort(
            lane.markers.begin(), lane.markers.end(), [](const auto& a, const auto& b) { return a.t < b.t; });
        std::stable_sort(
            lane.effects.begin(), lane.effects.end(), [](const auto& a, const auto& b) { return a.t < b.t; });
        lane.unsorted = false;
    }
    std::stable_sort(m_anomalies.begin(), m_anomalies.end(), [](const auto& a, const auto& b) { return a.t < b.t; });
    m_anyUnsorted = false;
}

int TimelineModel::laneOfScope(int scope) const
{
    if (scope < 0)
        return -1;
    // Fed from a simulation, lane i is scope i; a snapshot may number its scopes otherwise.
    if (scope < laneCount() && m_lanes[static_cast<std::size_t>(scope)].scope == scope)
        return scope;
    for (int i = 0; i < laneCount(); ++i) {
        if (m_lanes[static_cast<std::size_t>(i)].scope == scope)
            return i;
    }
    return -1;
}

int TimelineModel::markerOfRequest(int laneIndex, int request) const
{
    if (laneIndex < 0 || laneIndex >= laneCount())
        return -1;
    const auto& markers = m_lanes[static_cast<std::size_t>(laneIndex)].markers;
    for (std::size_t i = markers.size(); i-- > 0;) {
        if (markers[i].request == request)
            return static_cast<int>(i);
    }
    return -1;
}

bool TimelineModel::laneActiveIn(int laneIndex, double t0, double t1) const
{
    const auto [m0, m1] = markerRange(laneIndex, t0, t1);
    if (m1 > m0)
        return true;
    const auto [e0, e1] = effectRange(laneIndex, t0, t1);
    if (e1 > e0)
        return true;
    const auto& bars = m_lanes[static_cast<std::size_t>(laneIndex)].bars;
    const auto [b0, b1] = barRange(laneIndex, t0, t1);
    for (std::size_t i = b0; i < b1; ++i) {
        const TimelineBar& b = bars[i];
        if ((b.start >= t0 && b.start <= t1) || (b.end != OpenEnd && b.end >= t0 && b.end <= t1))
            return true;
    }
    return false;
}

std::size_t TimelineModel::memoryBytes() const
{
    std::size_t bytes = sizeof(*this) + vectorBytes(m_lanes) + vectorBytes(m_names) + vectorBytes(m_anomalies);
    for (const TimelineLane& lane : m_lanes)
        bytes += itemBytes(lane.bars) + itemBytes(lane.markers) + itemBytes(lane.effects) + stringBytes(lane.key);
    bytes += m_arenaBytes == 0 ? 0 : m_arenaBytes + 3 * MallocOverhead;
    for (const QString& name : m_names)
        bytes += stringBytes(name) + 32; // and its hash node
    bytes += m_live.size() * (sizeof(std::pair<int, LiveRecord>) + 2 * sizeof(void*) + MallocOverhead);
    bytes += m_pending.size() * (sizeof(std::pair<int, TimelinePending>) + 2 * sizeof(void*) + MallocOverhead);
    return bytes;
}

// --- Simulation feed -------------------------------------------------------------------------------------------

namespace {

std::uint64_t eventKey(const LifecycleEvent& e)
{
    std::uint64_t k = static_cast<std::uint64_t>(e.t) * 0x9E3779B97F4A7C15ull;
    k ^= (static_cast<std::uint64_t>(e.kind) << 56)
        ^ (static_cast<std::uint64_t>(static_cast<std::uint32_t>(e.request)) << 20)
        ^ static_cast<std::uint64_t>(static_cast<std::uint32_t>(e.scope));
    return k;
}

} // namespace

void TimelineModel::syncFrom(const Simulation& sim)
{
    const auto& events = sim.events();
    const bool restarted = m_sim != &sim || events.size() < m_consumed
        || (m_consumed > 0 && eventKey(events[m_consumed - 1]) != m_lastEventKey);
    if (restarted) {
        clear();
        m_sim = &sim;
        if (sim.hasRoute()) {
            std::vector<QString> hops;
            for (int hop = 0; hop < sim.scenario().hopCount(); ++hop)
                hops.push_back(QString::fromUtf8(
                    sim.scenario().hopName(hop).data(), static_cast<qsizetype>(sim.scenario().hopName(hop).size())));
            setHops(std::move(hops));
        }
    }
    for (std::size_t i = m_consumed; i < events.size(); ++i)
        consume(sim, events[i]);
    m_consumed = events.size();
    if (m_consumed > 0)
        m_lastEventKey = eventKey(events[m_consumed - 1]);
    if (!sim.scopes().empty())
        ensureLanesFor(sim, static_cast<int>(sim.scopes().size()) - 1);
}

void TimelineModel::ensureLanesFor(const Simulation& sim, int scope)
{
    const auto& scopes = sim.scopes();
    while (laneCount() <= scope && laneCount() < static_cast<int>(scopes.size())) {
        const Scope& s = scopes[static_cast<std::size_t>(laneCount())];
        addLane(laneCount(), QString::fromStdString(s.actor), QString::fromStdString(s.operation),
            QString::fromStdString(s.key), !s.key.empty());
    }
}

void TimelineModel::consume(const Simulation& sim, const LifecycleEvent& e)
{
    if (e.scope < 0)
        return;
    ensureLanesFor(sim, e.scope);
    if (e.scope >= laneCount())
        return;
    const int lane = e.scope;
    // A scope's first event is its first request's: from then on the lane knows its hop (a sweep or a recovery job
    // names only the scope).
    if (e.request >= 0 && sim.hasRoute())
        setLaneHop(lane, sim.hopOf(e.request));
    switch (e.kind) {
    case EventKind::RequestSent:
        m_pending[e.request] = TimelinePending { lane, e.t, 0 };
        extend(e.t, true);
        if (TimelineLane& l = m_lanes[static_cast<std::size_t>(lane)];
            l.budgetEnd < 0 && sim.requests()[static_cast<std::size_t>(e.request)].attempt == 1) {
            // An intent's first send on this lane: its client may come back until the retry budget ends. Drawn (and
            // the run's span stretched to it) only when that is past the record's retention, the hazard the mark is
            // there to show.
            const RequestRow& row = sim.requests()[static_cast<std::size_t>(e.request)];
            const Millis horizon = retryHorizonMs(sim.scenario().clients[static_cast<std::size_t>(row.client)]);
            const Millis ttl = policyOf(sim, lane).ttlMs;
            if (horizon > ttl && horizon < kRetryHorizonSaturation) {
                l.budgetEnd = e.t + horizon;
                extend(l.budgetEnd, false);
            }
        }
        ++m_revision;
        break;
    case EventKind::RequestLost: {
        m_pending.erase(e.request);
        TimelineMarker m;
        m.t = e.t;
        m.request = e.request;
        m.flags = TimelineMarker::NeverArrived;
        addMarker(lane, m);
        break;
    }
    case EventKind::RecordClaimed:
    case EventKind::RecordTakenOver:
        startRecord(sim, lane, e.t, e.request);
        break;
    case EventKind::RecordCompleted:
        completeRecord(sim, lane, e.t, e.request);
        break;
    case EventKind::RecordDeleted:
        endRecord(sim, lane, e.t, false);
        break;
    case EventKind::RecordSwept:
        endRecord(sim, lane, e.t, true);
        break;
    case EventKind::RecoveredReleased: // a recovery job deleted the stuck record (docs/reference/routes.md)
        endRecord(sim, lane, e.t, false);
        break;
    case EventKind::RecoveredCompleted: // a recovery job finished the stuck record's work (docs/reference/routes.md)
        completeRecord(sim, lane, e.t, -1, true);
        break;
    case EventKind::ClaimExpired: // docs/manual/stores.md: a Redis key in progress reached its expiry, its owner still
                                  // running
        endRecord(sim, lane, e.t, false);
        addAnomaly({ e.t, lane, -1, AnomalyKind::ClaimExpired });
        break;
    case EventKind::WritesLost: // docs/manual/stores.md: a failover promoted a replica that never got this record's
                                // writes
        endRecord(sim, lane, e.t, false);
        addAnomaly({ e.t, lane, -1, AnomalyKind::WritesLost });
        break;
    case EventKind::Deadlock: // docs/manual/stores.md: InnoDB rolled this request's claim transaction back as a
                              // deadlock victim
        addAnomaly({ e.t, lane, e.request, AnomalyKind::Deadlock });
        break;
    case EventKind::StaleRead: // docs/manual/stores.md: a DynamoDB GetItem returned the item as it was before its
                               // latest write
        addAnomaly({ e.t, lane, e.request, AnomalyKind::StaleRead });
        break;
    case EventKind::ItemTooLarge: // docs/manual/stores.md: the completion would have made the DynamoDB item bigger
                                  // than its cap, so the record stays in progress
        addAnomaly({ e.t, lane, e.request, AnomalyKind::ItemTooLarge });
        break;
    case EventKind::Decided:
        decided(sim, lane, e.t, e.request);
        break;
    case EventKind::Effect: {
        const EffectInfo& info = sim.effects()[static_cast<std::size_t>(e.effect)];
        addEffect(lane,
            TimelineEffect { e.t, e.effect, e.request, info.duplicate,
                !info.duplicate && info.hop == 0 && sim.suspectedDuplicate(e.effect) });
        if (info.duplicate)
            addAnomaly({ e.t, lane, e.request, AnomalyKind::DuplicateEffect });
        break;
    }
    case EventKind::ResponseLost:
        flagMarker(lane, e.request, TimelineMarker::ResponseLost);
        break;
    case EventKind::ResponseDiscarded:
        flagMarker(lane, e.request, TimelineMarker::ResponseDiscarded);
        break;
    case EventKind::Timeout:
        flagMarker(lane, e.request, TimelineMarker::TimedOut);
        break;
    case EventKind::RequestArrived:
    case EventKind::HandlerStarted:
    case EventKind::WriteFenced:
    case EventKind::ResponseDelivered:
        break;
    }
}

void TimelineModel::flagMarker(int lane, int request, std::uint8_t flag)
{
    if (const auto it = m_pending.find(request); it != m_pending.end()) {
        it->second.flags |= flag; // the client gave up before the service decided
        return;
    }
    auto& markers = m_lanes[static_cast<std::size_t>(lane)].markers;
    // The marker was added at its decision, a round trip ago at most: search only the lane's tail.
    const std::size_t stop = markers.size() > 256 ? markers.size() - 256 : 0;
    for (std::size_t i = markers.size(); i-- > stop;) {
        if (markers[i].request == request) {
            markers[i].flags |= flag;
            ++m_revision;
            return;
        }
    }
}

void TimelineModel::cutBars(int laneIndex, Millis t)
{
    auto& bars = m_lanes[static_cast<std::size_t>(laneIndex)].bars;
    while (!bars.empty() && bars.back().start >= t) {
        bars.pop_back(); // a projection that did not come true (or a zero-length state)
        --m_bars;
    }
    if (!bars.empty() && bars.back().end > t)
        bars.back().end = t;
    ++m_revision;
}

void TimelineModel::appendBar(int lane, Millis start, Millis end, BarState state, int request, Millis lease, Millis ttl)
{
    if (end != OpenEnd && end <= start)
        return;
    TimelineBar bar;
    bar.start = start;
    bar.end = end;
    bar.state = state;
    bar.request = request;
    bar.lease = lease;
    bar.ttl = ttl;
    addBar(lane, bar);
}

void TimelineModel::startRecord(const Simulation& sim, int lane, Millis t, int request)
{
    const ServicePolicy& policy = policyOf(sim, lane);
    cutBars(lane, t);
    LiveRecord live { t, expiryAt(policy, t), request };
    const auto lease = policy.effectiveLease();
    const Millis leaseUntil = lease ? t + *lease : -1;
    if (policy.powertoolsExpiry() || policy.storeEngine == StoreEngine::Dynamodb) {
        // Powertools reports an in-progress record past its expiry as expired (docs/reference/scenario.md fine point
        // 7); so does a DynamoDB item past its TTL, in any state (docs/manual/stores.md).
        appendBar(lane, t, live.expires, BarState::InProgress, request, leaseUntil);
        appendBar(lane, std::max(t, live.expires), OpenEnd, BarState::Expired, request);
    } else {
        appendBar(lane, t, OpenEnd, BarState::InProgress, request, leaseUntil, live.expires);
    }
    m_live[lane] = live;
}

void TimelineModel::completeRecord(const Simulation& sim, int lane, Millis t, int request, bool recovered)
{
    const ServicePolicy& policy = policyOf(sim, lane);
    if (policy.strategy == Strategy::SeenFlag)
        return; // a flag holds no record (docs/reference/decisions.md)
    cutBars(lane, t);
    auto it = m_live.find(lane);
    // check_then_insert writes a fresh completed row; a powertools upsert may recreate a deleted one.
    if (it == m_live.end() || policy.strategy == Strategy::CheckThenInsert)
        it = m_live.insert_or_assign(lane, LiveRecord { t, expiryAt(policy, t), -1 }).first;
    else if (policy.powertoolsExpiry())
        it->second.expires = expiryAt(policy, t); // recomputed at completion
    it->second.owner = -1;
    const Millis expires = it->second.expires;
    appendBar(lane, t, std::max(t, expires), BarState::Completed, request);
    if (recovered) {
        auto& bars = m_lanes[static_cast<std::size_t>(lane)].bars;
        if (!bars.empty() && bars.back().start == t && bars.back().state == BarState::Completed)
            bars.back().recovered = true;
    }
    appendBar(lane, std::max(t, expires), OpenEnd, BarState::Expired, request);
}

void TimelineModel::endRecord(const Simulation& sim, int lane, Millis t, bool swept)
{
    const ServicePolicy& policy = policyOf(sim, lane);
    cutBars(lane, t);
    const auto it = m_live.find(lane);
    if (swept && it != m_live.end() && policy.afterExpiry == AfterExpiry::Tombstone && policy.tombstoneMs
        && *policy.tombstoneMs > 0) {
        const auto& bars = m_lanes[static_cast<std::size_t>(lane)].bars;
        const int request = bars.empty() ? -1 : bars.back().request;
        appendBar(lane, t, it->second.expires + *policy.tombstoneMs, BarState::Tombstone, request);
    }
    if (it != m_live.end())
        m_live.erase(it);
}

void TimelineModel::decided(const Simulation& sim, int lane, Millis t, int request)
{
    const RequestRow& row = sim.requests()[static_cast<std::size_t>(request)];
    std::uint8_t flags = 0;
    Millis sent = row.sent;
    if (const auto it = m_pending.find(request); it != m_pending.end()) {
        flags = it->second.flags;
        sent = it->second.sent;
        m_pending.erase(it);
    }
    TimelineMarker m;
    m.t = t;
    m.latency = static_cast<std::int32_t>(std::min<Millis>(t - sent, std::numeric_limits<std::int32_t>::max()));
    m.request = request;
    m.status = row.status > 0 ? static_cast<std::uint16_t>(row.status) : 0;
    m.decision = row.decision ? static_cast<std::uint8_t>(*row.decision) : TimelineMarker::NoDecision;
    m.flags = flags;
    addMarker(lane, m);
    if (row.decision == Decision::PayloadMismatch)
        addAnomaly({ t, lane, request, AnomalyKind::PayloadMismatch });

    // The owner is done but its record is still in progress: it is in progress until the shared stuck rule says
    // nobody is looking after it (recordrules.h: its lease's end, the no-lease age or its expiry), stuck from then.
    const auto live = m_live.find(lane);
    if (live == m_live.end() || live->second.owner != request)
        return;
    live->second.owner = -1;
    auto& bars = m_lanes[static_cast<std::size_t>(lane)].bars;
    if (bars.empty())
        return;
    std::size_t i = bars.size();
    while (i > 0 && bars[i - 1].start > t)
        --i;
    if (i == 0 || bars[i - 1].state != BarState::InProgress || bars[i - 1].end <= t)
        return;
    const TimelineBar inProgress = bars[i - 1];
    const Millis from = std::max(t,
        stuckFrom(inProgress.start, inProgress.lease >= 0 ? std::optional(inProgress.lease) : std::nullopt,
            live->second.expires));
    if (policyOf(sim, lane).powertoolsExpiry() || policyOf(sim, lane).storeEngine == StoreEngine::Dynamodb) {
        if (from >= live->second.expires)
            return; // expired before anyone counts it stuck
        cutBars(lane, from);
        appendBar(lane, from, live->second.expires, BarState::Stuck, request);
        appendBar(lane, live->second.expires, OpenEnd, BarState::Expired, request);
    } else {
        cutBars(lane, from);
        appendBar(lane, from, OpenEnd, BarState::Stuck, request, -1, inProgress.ttl > from ? inProgress.ttl : -1);
    }
    addAnomaly({ from, lane, request, AnomalyKind::StuckInProgress });
}

} // namespace iw
