// The discrete-event simulation: an event queue in virtual time, clients and their retry policies, the network,
// faults, sweeps, and the recording every view reads.
#include "simulationimpl.h"

#include "fingerprint.h"
#include "nametable.h"
#include "packeduuid.h"
#include "runbudget.h"
#include "scopehash.h"
#include "statehash.h"
#include "storeengine.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <utility>

namespace iw {

namespace {

constexpr int kMaxRepeat = 2'000'000; // as the scenario validator allows

// 8-4-4-4-12 lowercase hex into `out` (37 bytes, NUL-terminated). By hand: snprintf's format parsing cost more than
// the rest of an intent's key.
void formatUuid(std::uint64_t hi, std::uint64_t lo, char* out)
{
    static constexpr char hex[] = "0123456789abcdef";
    char* p = out;
    for (int shift = 60; shift >= 0; shift -= 4) {
        if (shift == 28 || shift == 12)
            *p++ = '-';
        *p++ = hex[(hi >> shift) & 0xf];
    }
    for (int shift = 60; shift >= 0; shift -= 4) {
        if (shift == 60 || shift == 44)
            *p++ = '-';
        *p++ = hex[(lo >> shift) & 0xf];
    }
    *p = '\0';
}

} // namespace

constexpr auto s_clientOutcomeNames = nameTable<ClientOutcome>({
    { ClientOutcome::Response, "response" },
    { ClientOutcome::Timeout, "timeout" },
    { ClientOutcome::Dropped, "dropped" },
    { ClientOutcome::NeverArrived, "never_arrived" },
});
static_assert(s_clientOutcomeNames.size() == ClientOutcomeCount && inEnumOrder(s_clientOutcomeNames));

std::string_view clientOutcomeName(ClientOutcome o)
{
    return nameOf(s_clientOutcomeNames, o);
}

std::optional<ClientOutcome> clientOutcomeFromName(std::string_view name)
{
    return valueOf(s_clientOutcomeNames, name);
}

Simulation::Simulation(Scenario scenario, IdempotencyStore& store, HopStores hopStores)
    : m_scenario(std::move(scenario))
    , m_store(store)
    , m_env(std::make_unique<Environment>(*this))
    , m_entryFingerprints(std::make_unique<FingerprintTable>())
    , m_hopStores(std::move(hopStores))
    , m_intentBaseIds(0, IntentBaseHash { &m_intentBaseHashes }, IntentBaseEqual { &m_intentBases })
    , m_queue(std::make_unique<EventQueue>())
    , m_current(std::make_unique<QueuedEvent>())
{
    const RunBudget budget = runBudget();
    setRequestLimit(budget.maxRequests, budget.describe());
    // Each hop of a route has a store of its own (docs/reference/routes.md): the ones given, else a memory store each.
    if (m_hopStores.empty()) {
        for (std::size_t h = 0; h < m_scenario.route.size(); ++h)
            m_hopStores.push_back(makeModelStore(m_scenario.route[h].service));
    } else if (m_hopStores.size() != m_scenario.route.size()) {
        throw std::invalid_argument("a simulation of a route of " + std::to_string(m_scenario.route.size())
            + " hops was given " + std::to_string(m_hopStores.size()) + " hop stores");
    }
    // A store is of one engine (docs/manual/stores.md): running a Redis scenario on a unique index (or the other way
    // round) would report hazards that store does not have.
    for (int hop = 0; hop < m_scenario.hopCount(); ++hop) {
        const StoreEngine wanted = m_scenario.hopService(hop).storeEngine;
        if (hopStore(hop).engine() != wanted)
            throw std::invalid_argument(m_scenario.name + ": " + std::string(m_scenario.hopName(hop))
                + "'s store_engine is " + std::string(storeEngineName(wanted)) + ", but its store ("
                + hopStore(hop).kind() + ") is of the " + std::string(storeEngineName(hopStore(hop).engine()))
                + " engine");
        m_hopKeysExpire.push_back(keysExpire(m_scenario.hopService(hop)) ? 1 : 0);
    }
    m_expiryQueuedAt.assign(static_cast<std::size_t>(m_scenario.hopCount()), kNoExpiry);
    for (std::size_t h = 0; h < m_scenario.route.size(); ++h)
        m_hopEnvs.push_back(std::make_unique<Environment>(*this, static_cast<int>(h) + 1));
    for (std::size_t h = 0; h < m_scenario.route.size(); ++h)
        m_hopFingerprints.push_back(std::make_unique<FingerprintTable>());
    // Clients are indexed once: the scenario's here, a served client's as addClient appends it.
    for (std::size_t i = 0; i < m_scenario.clients.size(); ++i)
        m_clientIndex.insert_or_assign(m_scenario.clients[i].id, static_cast<int>(i));
    for (std::size_t i = 0; i < m_scenario.requests.size(); ++i)
        describeEntry(i);
    start();
}

void Simulation::setRequestLimit(std::int64_t limit, std::string why)
{
    m_requestLimit = limit;
    m_requestLimitWhy = std::move(why);
}

Simulation::~Simulation() = default;

void Simulation::start()
{
    m_store.reset();
    for (auto& store : m_hopStores)
        store->reset();
    m_requestHops.clear();
    m_requestParents.clear();
    m_recordOwners.clear();
    m_hopEffectCounts.clear();
    m_now = 0;
    m_endTime = 0;
    m_seq = 0;
    m_rng = m_scenario.seed;
    m_queue->clear();
    m_liveNonSweep = 0;
    m_stopRequested = false;
    *m_current = {};
    m_requests.clear();
    m_openRequests.clear();
    m_lastOpenRequest = -1;
    m_intents.clear();
    for (BaseIntents& ofBase : m_intentsByBase) {
        ofBase.unrepeated = -1;
        ofBase.repeated = -1;
    }
    m_repeatedIntents.clear();
    m_effects.clear();
    for (std::size_t g = 0; g < m_suspectedGroups.size(); ++g) {
        m_suspectedGroups[g].first = -1;
        m_suspectedGroups[g].effects = 0;
    }
    m_events.clear();
    m_steps.clear();
    m_stepTexts.clear();
    m_stepTextIndex.clear();
    m_scopes.clear();
    m_servedScopeEntry = -1;
    m_servedScope = -1;
    m_laneLastEntry.clear();
    m_texts.clear();
    m_textIndex.clear();
    m_pathIndex.clear();
    m_reasonIndex.clear();
    m_rulePathSteps.clear();
    m_senders.clear();
    m_senderCount = 0;
    m_inFlight.clear();
    m_lastFlightRequest = -1;
    m_lastFlight = nullptr;
    m_rateHits.assign(m_scenario.faults.size(), {});
    m_unpinnedFaults.clear();
    m_pinnedFaults.clear();
    m_dbDownFaults.clear();
    for (std::size_t i = 0; i < m_scenario.faults.size(); ++i)
        indexFault(i);
    // The tables of a row per intent (and per scope: an intent's key at each hop) sized once for the intents the
    // entries make at most, rather than doubling as they fill: every doubling copied them and touched twice the
    // memory, which page faults made a tenth of a large run. Bounded by the request budget.
    std::int64_t intents = 0;
    for (const RequestSpec& spec : m_scenario.requests)
        intents += std::max(spec.repeat, 1);
    intents = std::min(intents, m_requestLimit);
    m_intents.reserve(static_cast<std::size_t>(intents));
    m_scopes.reserve(static_cast<std::size_t>(std::min(intents * m_scenario.hopCount(), m_requestLimit)));
    for (std::size_t i = 0; i < m_scenario.requests.size(); ++i)
        schedule(m_scenario.requests[i].atMs, Arrivals, StartRepetition, static_cast<int>(i), 1);
    if (const auto every = m_scenario.service.sweepEveryMs; every && *every > 0)
        schedule(*every, Sweeps, SweepRuns, 0);
    for (int hop = 1; hop < m_scenario.hopCount(); ++hop) {
        if (const auto every = m_scenario.hopService(hop).sweepEveryMs; every && *every > 0)
            schedule(*every, Sweeps, SweepRuns, 0, hop);
    }
    for (int hop = 0; hop < m_scenario.hopCount(); ++hop) {
        if (const auto& recover = m_scenario.hopRecover(hop))
            schedule(recover->everyMs, Sweeps, RecoverRuns, 0, hop);
    }
    // docs/manual/stores.md failover: the replica holds only the writes older than at_ms − lag_ms, so it stops
    // receiving then.
    std::fill(m_expiryQueuedAt.begin(), m_expiryQueuedAt.end(), kNoExpiry);
    for (const FaultSpec& f : m_scenario.faults) {
        if (f.kind == FaultKind::TtlSweepNow)
            schedule(f.atMs, Engine, TtlSweep, 0, f.hop);
        if (f.kind != FaultKind::Failover)
            continue;
        const Millis lag = m_scenario.hopService(f.hop).replicationLagMs.value_or(0);
        schedule(std::max<Millis>(0, f.atMs - lag), Engine, ReplicaDetach, 0, f.hop);
        schedule(f.atMs, Engine, Failover, 0, f.hop);
    }
}

void Simulation::reset()
{
    // Requests fired from the GUI stay part of the scenario: a reset replays them too.
    start();
}

void Simulation::schedule(Millis t, int cls, int type, int a, int b)
{
    m_queue->push({ t, static_cast<std::uint64_t>(cls) << 62 | m_seq++, type, a, b }, type == TimeoutFires);
    if (!runsLikeSweep(type))
        ++m_liveNonSweep;
    if (type == Arrive || type == ServiceResume || type == ResponseArrive || type == TimeoutFires)
        ++flightOf(a).pendingEvents;
    else if (type == Send)
        ++senderOf(a).holds;
}

bool Simulation::finished() const
{
    return m_liveNonSweep == 0;
}

std::optional<Millis> Simulation::nextEventTime() const
{
    if (m_liveNonSweep == 0 || m_queue->empty())
        return std::nullopt;
    return m_queue->top().t;
}

bool Simulation::step()
{
    while (!m_stopRequested && !m_queue->empty()) {
        const QueuedEvent e = m_queue->top();
        m_queue->pop();
        if (runsLikeSweep(e.type)) {
            // No sweep (nor recovery job, which takes the sweeps' place, nor a store engine's own event) runs after
            // the last non-sweep event.
            if (m_liveNonSweep == 0) {
                m_queue->clear();
                return false;
            }
            m_now = e.t;
            if (e.type == KeyExpiry || e.type == ReplicaDetach || e.type == Failover || e.type == TtlSweep) {
                engineEvent(e.type, e.b);
            } else if (e.type == SweepRuns) {
                sweep(e.b);
                schedule(
                    nextUsefulSweep(e.b, e.t + *m_scenario.hopService(e.b).sweepEveryMs), Sweeps, SweepRuns, 0, e.b);
            } else {
                const std::optional<Millis> eligible = recover(e.b);
                schedule(nextUsefulRecovery(e.b, e.t + m_scenario.hopRecover(e.b)->everyMs, eligible), Sweeps,
                    RecoverRuns, 0, e.b);
            }
            return true;
        }
        if (e.type == TimeoutFires && dropCancelledTimeout(e))
            continue;
        --m_liveNonSweep;
        m_now = e.t;
        m_endTime = e.t;
        *m_current = e;
        dispatch(e);
        if (e.type == Arrive || e.type == ServiceResume || e.type == ResponseArrive || e.type == TimeoutFires) {
            if (e.a == m_lastFlightRequest || m_inFlight.contains(e.a)) {
                InFlight& f = flightOf(e.a);
                if (--f.pendingEvents == 0 && (!f.process || f.process->done()) && !f.timeoutPending) {
                    const int sender = f.sender;
                    endFlight(e.a);
                    releaseSender(sender);
                }
            }
        } else if (e.type == Send) {
            releaseSender(e.a);
        }
        return true;
    }
    return false;
}

bool Simulation::dropCancelledTimeout(const QueuedEvent& e)
{
    const auto it = m_inFlight.find(e.a);
    if (it == m_inFlight.end())
        return true; // a served attempt's cancelled timeout: the attempt was released when its answer came
    InFlight& f = *it->second;
    if (f.timeoutPending)
        return false;
    // Its answer came first: a cancelled timeout is not an event.
    if (f.timeoutReleased)
        return true;
    if (--f.pendingEvents == 0 && f.process && f.process->done()) {
        const int sender = f.sender;
        endFlight(e.a);
        releaseSender(sender);
    }
    return true;
}

void Simulation::runUntil(Millis t)
{
    while (true) {
        const auto next = nextEventTime();
        if (!next || *next > t)
            break;
        step();
    }
    if (!finished())
        m_now = std::max(m_now, t);
}

void Simulation::runToEnd(const std::function<bool()>& cancel)
{
    std::uint64_t n = 0;
    while (step()) {
        if (cancel && (++n % 4096) == 0 && cancel())
            return;
    }
}

void Simulation::dispatch(const QueuedEvent& e)
{
    switch (e.type) {
    case StartRepetition:
        startRepetition(e.a, e.b);
        break;
    case Send:
        send(e.a);
        break;
    case Arrive:
        arrive(e.a);
        break;
    case ServiceResume:
        resumeService(e.a);
        break;
    case ResponseArrive:
        responseArrives(e.a);
        break;
    case TimeoutFires:
        timeout(e.a);
        break;
    default:
        break;
    }
}

void Simulation::startRepetition(int entry, int repetition)
{
    const RequestSpec& spec = m_scenario.requests[static_cast<std::size_t>(entry)];
    const EntryInfo& info = m_entries[static_cast<std::size_t>(entry)];
    // Retries, double-submits and late replays of one intent share it, even across entries.
    const int intentIndex = intentFor(entry, repetition);
    const int client = info.client;
    int scope = -1;
    bool hasKey = true;
    switch (spec.keyKind) {
    case RequestSpec::KeyKind::Literal:
        scope = entry == m_servedScopeEntry ? m_servedScope : m_scopes.intern(info.actor, info.operation, spec.key);
        break;
    case RequestSpec::KeyKind::Auto: {
        // Once per intent, shared by its copies and retries.
        IntentRow& intent = m_intents[static_cast<std::size_t>(intentIndex)];
        if (intent.autoKeyScope < 0) {
            const std::uint64_t high = (nextRandom() & 0xffffffffffff0fffULL) | 0x0000000000004000ULL; // version 4
            const std::uint64_t low = (nextRandom() & 0x3fffffffffffffffULL) | 0x8000000000000000ULL; // variant 10
            char buf[37];
            formatUuid(high, low, buf);
            scope = m_scopes.intern(info.actor, info.operation, std::string_view(buf, 36));
            intent.autoKeyScope = scope;
        } else {
            // Another entry of the same intent: the same key, read back from the table (arena views stay valid).
            scope = m_scopes.intern(
                info.actor, info.operation, m_scopes.key(static_cast<std::size_t>(intent.autoKeyScope)));
        }
        break;
    }
    case RequestSpec::KeyKind::None:
        hasKey = false;
        scope = m_scopes.intern(info.actor, info.operation, std::string_view());
        break;
    }
    for (int copy = 1; copy <= spec.copies; ++copy) {
        Sender s;
        s.intent = intentIndex;
        s.entry = entry;
        s.client = client;
        s.copy = copy;
        s.scope = scope;
        s.hasKey = hasKey;
        s.previousWait = m_scenario.clients[static_cast<std::size_t>(client)].retry.baseMs;
        s.holds = 1; // until its first attempt is sent
        const int index = m_senderCount++;
        std::unique_ptr<Sender> sender = takeFromPool(m_senderPool);
        *sender = s;
        m_senders.emplace(index, std::move(sender));
        send(index);
        releaseSender(index);
    }
    if (repetition < spec.repeat)
        schedule(spec.atMs + static_cast<Millis>(repetition) * spec.everyMs, Arrivals, StartRepetition, entry,
            repetition + 1);
}

void Simulation::send(int senderIndex)
{
    Sender& sender = senderOf(senderIndex);
    const ClientSpec& client = m_scenario.clients[static_cast<std::size_t>(sender.client)];
    // A call's attempts are timed out by its hop's timeout_ms (docs/reference/routes.md).
    const Millis timeoutMs
        = sender.hop == 0 ? client.timeoutMs : m_scenario.route[static_cast<std::size_t>(sender.hop - 1)].timeoutMs;
    const std::vector<FaultSpec>* chosen
        = m_chooser && sender.hop == 0 ? m_chooser(sender.entry, sender.attempt + 1) : nullptr;
    ++sender.attempt;
    if (static_cast<std::int64_t>(m_requests.size()) >= m_requestLimit)
        throw RunTooLarge(m_scenario.name + ": the run reached " + std::to_string(m_requests.size())
            + " requests, the most it may send" + (m_requestLimitWhy.empty() ? "" : " (" + m_requestLimitWhy + ")")
            + "; send fewer first requests (copies, repeat) or allow fewer retries (max_attempts, retry.on)");

    RequestRow row;
    row.intent = sender.intent;
    row.client = sender.client;
    row.entry = sender.entry;
    // A recorded entry stands for the attempt it was on the wire (docs/reference/serve.md): its sends are numbered from
    // it.
    row.attempt = sender.hop == 0
        ? sender.attempt + m_scenario.requests[static_cast<std::size_t>(sender.entry)].attempt - 1
        : sender.attempt;
    row.copy = sender.copy;
    row.sent = m_now;
    row.hasKey = sender.hasKey;
    if (sender.hasKey)
        row.scope = sender.scope;
    else
        row.keylessScope = sender.scope;
    const int index = static_cast<int>(m_requests.size());
    if (sender.hop == 0) {
        if (const int g = m_entries[static_cast<std::size_t>(sender.entry)].suspectedGroup; g >= 0) {
            SuspectedGroup& group = m_suspectedGroups[static_cast<std::size_t>(g)];
            if (group.first < 0)
                group.first = index;
        }
    }
    m_requests.push_back(row);
    noteRequestChanged(m_requests.size() - 1);
    if (m_scenario.hopService(sender.hop).keyScope == KeyScope::OperationQuery) {
        const auto lane = static_cast<std::size_t>(sender.scope);
        if (m_laneLastEntry.size() <= lane)
            m_laneLastEntry.resize(lane + 1, -1);
        m_laneLastEntry[lane] = sender.entry;
    }
    if (hasRoute()) {
        m_requestHops.push_back(static_cast<std::uint16_t>(sender.hop));
        m_requestParents.push_back(sender.parent);
    }
    IntentRow& intent = m_intents[static_cast<std::size_t>(sender.intent)];
    if (intent.firstSent < 0 && sender.hop == 0)
        intent.firstSent = m_now;

    std::unique_ptr<InFlight> flight = takeFromPool(m_flightPool);
    flight->recycle();
    flight->sender = senderIndex;
    flight->networkMs = networkMsFor(row.entry, sender.hop);
    bool dropRequest = false;
    std::array<bool, FaultKindCount> seen {};
    // The scenario's faults that may strike this attempt in the scenario's order (the unpinned and those pinned to
    // its entry, merged), then the chooser's, which come after them and are aimed at this attempt already.
    const std::vector<std::uint32_t>* pinned = nullptr;
    if (!m_pinnedFaults.empty())
        if (const auto it = m_pinnedFaults.find(sender.entry); it != m_pinnedFaults.end())
            pinned = &it->second;
    const std::size_t pinnedCount = pinned ? pinned->size() : 0;
    const std::size_t ownCount = m_unpinnedFaults.size() + pinnedCount;
    const std::size_t allFaults = ownCount + (chosen ? chosen->size() : 0);
    for (std::size_t n = 0, u = 0, p = 0; n < allFaults; ++n) {
        const bool ownFault = n < ownCount;
        std::size_t i = 0;
        if (ownFault)
            i = p < pinnedCount && (u == m_unpinnedFaults.size() || (*pinned)[p] < m_unpinnedFaults[u])
                ? (*pinned)[p++]
                : m_unpinnedFaults[u++];
        const FaultSpec& f = ownFault ? m_scenario.faults[i] : (*chosen)[n - ownCount];
        const auto kind = static_cast<std::size_t>(f.kind);
        if (f.kind == FaultKind::DbDown || f.kind == FaultKind::Failover || f.kind == FaultKind::TtlSweepNow
            || seen[kind] || (ownFault && !faultHits(i, f, sender, sender.attempt)))
            continue;
        if (f.kind == FaultKind::LateRetry && sender.lateRetryUsed)
            continue;
        seen[kind] = true;
        switch (f.kind) {
        case FaultKind::DropRequest:
            dropRequest = true;
            break;
        case FaultKind::DropResponse:
            flight->responseLost = true;
            break;
        case FaultKind::HandlerError:
            flight->faults.errorStatus = f.status;
            break;
        case FaultKind::RejectPayload:
            flight->faults.rejectStatus = f.status;
            break;
        case FaultKind::CrashBeforeEffect:
            if (flight->faults.crash == HandlerFaults::Crash::None)
                flight->faults.crash = HandlerFaults::Crash::BeforeEffect;
            break;
        case FaultKind::CrashAfterEffect:
            if (flight->faults.crash == HandlerFaults::Crash::None)
                flight->faults.crash = HandlerFaults::Crash::AfterEffect;
            break;
        case FaultKind::CrashAfterUpstream:
            if (flight->faults.crash == HandlerFaults::Crash::None)
                flight->faults.crash = HandlerFaults::Crash::AfterUpstream;
            break;
        case FaultKind::CrashAfterClaim:
            if (flight->faults.crash == HandlerFaults::Crash::None)
                flight->faults.crash = HandlerFaults::Crash::AfterClaim;
            break;
        case FaultKind::SlowHandler:
            flight->faults.handlerMs = f.handlerMs;
            break;
        case FaultKind::RollbackClaim:
            flight->faults.rollbackClaimMs = f.holdMs;
            break;
        case FaultKind::ClockSkew:
            flight->faults.clockSkewMs = f.clockSkewMs;
            break;
        case FaultKind::LargeResponse:
            flight->faults.responseBytes = f.responseBytes;
            break;
        case FaultKind::LateRetry:
            // The response never reaches the client; the next attempt comes back delay_ms after this one was
            // sent, whatever the retry policy says.
            sender.lateRetryUsed = true;
            flight->lateRetry = true;
            flight->responseLost = true;
            schedule(m_now + f.delayMs, Arrivals, Send, senderIndex);
            break;
        case FaultKind::SlowNetwork:
            flight->networkMs = m_entries[static_cast<std::size_t>(row.entry)].served ? 0 : f.networkMs;
            break;
        case FaultKind::DbDown:
        case FaultKind::Failover:
        case FaultKind::TtlSweepNow:
            break;
        }
    }
    InFlight& f = *flight;
    m_inFlight.emplace(index, std::move(flight));
    ++sender.holds;
    publish(EventKind::RequestSent, index, row.scope >= 0 ? row.scope : row.keylessScope);
    if (dropRequest) {
        noteOutcome(index, ClientOutcome::NeverArrived);
        publish(EventKind::RequestLost, index, row.scope >= 0 ? row.scope : row.keylessScope);
    } else {
        schedule(m_now + f.networkMs, Arrivals, Arrive, index);
    }
    if (!f.lateRetry) {
        f.timeoutPending = true;
        schedule(m_now + timeoutMs, Arrivals, TimeoutFires, index);
    }
    if (f.pendingEvents == 0) {
        endFlight(index);
        releaseSender(senderIndex);
    }
}

void Simulation::endFlight(int request)
{
    const auto it = m_inFlight.find(request);
    std::unique_ptr<InFlight> shell = std::move(it->second);
    m_inFlight.erase(it);
    if (request == m_lastFlightRequest) {
        m_lastFlightRequest = -1;
        m_lastFlight = nullptr;
    }
    // Kept whole for a later attempt (send() empties it) or for restore() to copy a saved flight over: its process
    // keeps its buffers.
    if (m_flightPool.size() < kPoolSize)
        m_flightPool.push_back(std::move(shell));
}

void Simulation::arrive(int index)
{
    RequestRow& row = m_requests[static_cast<std::size_t>(index)];
    row.arrived = m_now;
    noteRequestChanged(static_cast<std::size_t>(index));
    InFlight& f = flightOf(index);
    const Sender& sender = senderOf(f.sender);
    publish(EventKind::RequestArrived, index, row.scope >= 0 ? row.scope : row.keylessScope);

    const int hop = sender.hop;
    f.start(m_scenario.hopService(hop), hopStore(hop), envOf(hop), arrivingRequest(index, sender, f.reusableRequest()),
        f.faults);
    f.process->traceSteps(m_recordEvents && m_recordSteps);
    // docs/reference/routes.md: every hop but the last calls the next during its handler; a hop with effect false is a
    // proxy.
    const bool ownEffect = hop == 0 || m_scenario.route[static_cast<std::size_t>(hop - 1)].effect;
    if (hop + 1 < m_scenario.hopCount())
        f.process->callUpstream(ownEffect);
    else if (!ownEffect)
        f.process->withoutEffect();
    if (m_scenario.requests[static_cast<std::size_t>(row.entry)].read)
        f.process->asRead();
    envOf(hop).currentRequest = index;
    afterService(index, f.process->arrive(m_now));
}

Scope Simulation::storeScopeOf(const Scope& lane, int hop) const
{
    const ServicePolicy& policy = m_scenario.hopService(hop);
    if (policy.plainScope())
        return lane;
    std::string_view query;
    if (policy.keyScope == KeyScope::OperationQuery) {
        const int index = m_scopes.find(lane.actor, lane.operation, lane.key);
        if (index >= 0 && static_cast<std::size_t>(index) < m_laneLastEntry.size()
            && m_laneLastEntry[static_cast<std::size_t>(index)] >= 0)
            query
                = m_scenario.requests[static_cast<std::size_t>(m_laneLastEntry[static_cast<std::size_t>(index)])].query;
    }
    return policy.storeScope(lane.actor, lane.operation, query, lane.key);
}

HeldRequest Simulation::arrivingRequest(int index, const Sender& sender, std::shared_ptr<IncomingRequest> reusable)
{
    const RequestRow& row = m_requests[static_cast<std::size_t>(index)];
    const IntentRow& intent = m_intents[static_cast<std::size_t>(row.intent)];
    const auto lane = static_cast<std::size_t>(sender.scope);
    char keyBuffer[kUuidText];
    const std::string_view key = m_scopes.key(lane, keyBuffer);
    const std::string& fingerprint = requestFingerprint(index);
    const bool unreadable = m_entries[static_cast<std::size_t>(sender.entry)].unreadableKey;
    // A search (a chooser is set) sees request `index` arrive again on every branch from a saved state: the one held
    // for it is handed out again while everything it was built from is the same (on another branch the number may
    // belong to another attempt).
    Arrival* memo = nullptr;
    const bool plainScope
        = (sender.hop == 0 ? m_scenario.service : m_scenario.route[static_cast<std::size_t>(sender.hop - 1)].service)
              .plainScope();
    if (m_chooser && index < kArrivalMemo && plainScope) {
        if (m_arrivals.size() <= static_cast<std::size_t>(index))
            m_arrivals.resize(static_cast<std::size_t>(index) + 1);
        memo = &m_arrivals[static_cast<std::size_t>(index)];
        const IncomingRequest* held = memo->held.request.get();
        if (held && memo->base == intent.base && memo->repetition == intent.repetition && held->hasKey == sender.hasKey
            && held->keyUnreadable == unreadable && held->scope.actor == m_scopes.actor(lane)
            && held->scope.operation == m_scopes.operation(lane) && held->scope.key == key
            && held->fingerprint == fingerprint)
            return memo->held;
    }
    // Filled in place: built as temporaries (requestId, intentName, a Scope) each was made and then moved. Every
    // field is set below, so a reused request keeps nothing of its last arrival but its strings' buffers.
    if (!reusable)
        reusable = std::make_shared<IncomingRequest>();
    IncomingRequest& request = *reusable;
    char digits[16];
    request.id.assign(1, 'r').append(digits, std::to_chars(digits, digits + sizeof digits, index + 1).ptr);
    request.intent.clear();
    appendIntentName(request.intent, row.intent);
    const ServicePolicy& policy
        = sender.hop == 0 ? m_scenario.service : m_scenario.route[static_cast<std::size_t>(sender.hop - 1)].service;
    if (policy.plainScope()) {
        request.scope.actor.assign(m_scopes.actor(lane));
        request.scope.operation.assign(m_scopes.operation(lane));
        request.scope.key.assign(key);
    } else {
        // docs/reference/decisions.md#profiles key_scope: the store keeps the record under what the scope covers; the
        // request keeps its lane.
        request.scope = policy.storeScope(m_scopes.actor(lane), m_scopes.operation(lane),
            m_scenario.requests[static_cast<std::size_t>(sender.entry)].query, key);
    }
    request.hasKey = sender.hasKey;
    request.fingerprint = fingerprint;
    request.keyUnreadable = unreadable;
    HeldRequest made = holdRequest(std::move(reusable), memo != nullptr); // fingerprinted once for every branch
    if (memo) {
        memo->held = made;
        memo->base = intent.base;
        memo->repetition = intent.repetition;
    }
    return made;
}

void Simulation::resumeService(int index)
{
    InFlight& f = flightOf(index);
    // A process that died meanwhile (crashNow) waits for nothing: the step or handler it was in never ends.
    if (f.process->done())
        return;
    envOf(hopOf(index)).currentRequest = index;
    afterService(index, f.process->resume(m_now));
}

bool Simulation::crashNow(int request)
{
    const auto it = m_inFlight.find(request);
    if (it == m_inFlight.end() || !it->second->process || it->second->process->done())
        return false;
    envOf(hopOf(request)).currentRequest = request;
    afterService(request, it->second->process->crashNow(m_now));
    return true;
}

void Simulation::afterService(int index, RequestProcess::Next next)
{
    if (m_hopKeysExpire[static_cast<std::size_t>(hopOf(index))])
        noteKeyExpiry(hopOf(index));
    InFlight& f = flightOf(index);
    RequestRow& row = m_requests[static_cast<std::size_t>(index)];
    const int lane = row.scope >= 0 ? row.scope : row.keylessScope;
    if (m_recordEvents && m_recordSteps) {
        const std::vector<const char*>& rulePath = f.process->outcome().rulePath;
        for (const ServiceStep& step : f.process->takeFinishedSteps()) {
            std::string result;
            for (int i = 0; i < step.pathCount; ++i) {
                if (i > 0)
                    result += " → ";
                result += rulePath[static_cast<std::size_t>(step.firstPath + i)];
            }
            int text = -1;
            if (!result.empty()) {
                const auto [it, added] = m_stepTextIndex.try_emplace(result, static_cast<int>(m_stepTexts.size()));
                if (added)
                    m_stepTexts.push_back(result);
                text = it->second;
            }
            m_steps.push_back({ index, step.kind, step.start, step.end, text });
        }
    }
    const int hop = hopOf(index);
    for (const auto& [t, change] : f.process->recordChanges()) {
        (void)t;
        // The recovery jobs find a stuck record's owner by its scope (docs/reference/routes.md).
        if ((hasRoute() || m_scenario.serviceRecover)
            && (change == RequestProcess::RecordChange::Claimed || change == RequestProcess::RecordChange::TakenOver))
            m_recordOwners[ownerKey(hop, lane)] = index;
        switch (change) {
        case RequestProcess::RecordChange::Claimed:
            publish(EventKind::RecordClaimed, index, lane);
            break;
        case RequestProcess::RecordChange::Completed:
            publish(EventKind::RecordCompleted, index, lane);
            break;
        case RequestProcess::RecordChange::Deleted:
            publish(EventKind::RecordDeleted, index, lane);
            break;
        case RequestProcess::RecordChange::TakenOver:
            publish(EventKind::RecordTakenOver, index, lane);
            break;
        case RequestProcess::RecordChange::Fenced:
            publish(EventKind::WriteFenced, index, lane);
            break;
        case RequestProcess::RecordChange::Deadlocked:
            publish(EventKind::Deadlock, index, lane);
            break;
        case RequestProcess::RecordChange::StaleRead:
            publish(EventKind::StaleRead, index, lane);
            break;
        case RequestProcess::RecordChange::ItemTooLarge:
            publish(EventKind::ItemTooLarge, index, lane);
            break;
        }
    }
    f.process->clearRecordChanges();
    if (next.wait == RequestProcess::Wait::Upstream) {
        publish(EventKind::HandlerStarted, index, lane);
        startCall(index);
        return;
    }
    if (next.wait != RequestProcess::Wait::Done) {
        // After its call's answer the handler goes on: it started when the call went out.
        if (next.wait == RequestProcess::Wait::Handler && !m_continuingHandler)
            publish(EventKind::HandlerStarted, index, lane);
        schedule(m_now + next.duration, WorkFinishing, ServiceResume, index);
        return;
    }
    Outcome& outcome = f.process->decidedOutcome();
    row.decided = outcome.decidedAt;
    row.decision = outcome.decision;
    row.status = outcome.status.value_or(-1);
    noteRequestChanged(static_cast<std::size_t>(index));
    // The path's text, and its steps kept beside it for the views (a text is written once, so its steps too).
    const auto internPath = [this, &outcome]() {
        const int text = internText(joinRulePath(outcome.rulePath, outcome.storeError));
        if (!m_rulePathSteps.contains(text))
            m_rulePathSteps.emplace(text, RulePath { outcome.rulePath, outcome.storeError });
        return text;
    };
    if (!outcome.storeError.empty()) {
        row.rulePath = internPath(); // carries the store's own words: not shared
    } else {
        const auto [path, newPath] = m_pathIndex.try_emplace(outcome.rulePath, -1);
        if (newPath)
            path->second = internPath();
        row.rulePath = path->second;
    }
    // One sentence per rule path and decision, true of what the path says happened.
    // A hop's sentence names its own policy's statuses, so its key carries the hop (none for `service`).
    const auto [reason, newReason] = m_reasonIndex.try_emplace(
        reasonKey(row.rulePath, outcome.decision) + (static_cast<std::int64_t>(hop) << 40), -1);
    if (newReason)
        reason->second = internText(explainOutcome(outcome.decision, m_scenario.hopService(hop), text(row.rulePath)));
    if (outcome.storedFingerprint)
        row.storedFingerprint = internText(*outcome.storedFingerprint);
    publish(EventKind::Decided, index, lane, row.effect);
    if (m_decisionObserver)
        m_decisionObserver(index, outcome);
    if (!outcome.responds) {
        // The handling process died: nothing leaves. A late_retry target gets no timeout — its response was lost
        // whatever happened at the service, so it is dropped (docs/reference/scenario.md fine point 20); any other
        // client times out.
        if (f.lateRetry)
            noteOutcome(index, ClientOutcome::Dropped);
        return;
    }
    if (f.responseLost) {
        noteOutcome(index, ClientOutcome::Dropped);
        publish(EventKind::ResponseLost, index, lane);
        return;
    }
    schedule(m_now + f.networkMs, WorkFinishing, ResponseArrive, index);
}

void Simulation::responseArrives(int index)
{
    InFlight& f = flightOf(index);
    RequestRow& row = m_requests[static_cast<std::size_t>(index)];
    const int lane = row.scope >= 0 ? row.scope : row.keylessScope;
    if (f.timedOut) {
        publish(EventKind::ResponseDiscarded, index, lane);
        return;
    }
    if (f.timeoutPending) {
        f.timeoutPending = false;
        --m_liveNonSweep;
        if (m_entries[static_cast<std::size_t>(row.entry)].served) {
            // A served client's timeout is an hour away: holding every answered attempt (its service process, about
            // 1.5 KB) until then made a served request cost twice the memory. The cancelled event stays queued and is
            // skipped when it comes; simulated attempts keep theirs, as exploring counts what is in flight.
            f.timeoutReleased = true;
            --f.pendingEvents;
        }
    }
    noteOutcome(index, ClientOutcome::Response);
    publish(EventKind::ResponseDelivered, index, lane);
    learn(index, false);
}

void Simulation::timeout(int index)
{
    InFlight& f = flightOf(index);
    RequestRow& row = m_requests[static_cast<std::size_t>(index)];
    f.timeoutPending = false;
    f.timedOut = true;
    if (!row.outcome)
        noteOutcome(index, ClientOutcome::Timeout);
    publish(EventKind::Timeout, index, row.scope >= 0 ? row.scope : row.keylessScope);
    learn(index, true);
}

void Simulation::learn(int index, bool timedOut)
{
    const InFlight& f = flightOf(index);
    Sender& sender = senderOf(f.sender);
    const ClientSpec& client = m_scenario.clients[static_cast<std::size_t>(sender.client)];
    const RetryPolicy& retry = retryOf(sender);
    // A call retries a conflict with the same key; only a client has an on_conflict policy.
    const OnConflict onConflict = sender.hop == 0 ? client.onConflict : OnConflict::RetrySameKey;
    const RequestRow& row = m_requests[static_cast<std::size_t>(index)];
    IntentRow& intent = m_intents[static_cast<std::size_t>(sender.intent)];

    bool again = false;
    bool newKey = false;
    if (timedOut) {
        again = retry.onTimeout;
    } else {
        const int s = row.status;
        if (s >= 200 && s < 300 && sender.hop > 0) {
            finishCall(f.sender, s);
            return;
        }
        if (s >= 200 && s < 300) {
            if (intent.succeededAt < 0)
                intent.succeededAt = m_now;
            intent.endedWithResponse = true;
            return;
        }
        const bool retryable = (s == 409 && retry.on409) || (s == 422 && retry.on422)
            || (s >= 500 && s < 600 && retry.on5xx) || (s == 503 && retry.on503) || (s < 0 && retry.on5xx);
        const Decision d = row.decision.value_or(Decision::Created);
        if (d == Decision::ConflictInProgress) {
            again = retryable && onConflict != OnConflict::GiveUp;
            newKey = onConflict == OnConflict::NewKey;
        } else if (d == Decision::PayloadMismatch || d == Decision::ExpiredRejected) {
            again = retryable && onConflict == OnConflict::NewKey;
            newKey = again;
        } else {
            again = retryable;
        }
    }
    if (!again || sender.attempt >= retry.maxAttempts) {
        if (sender.hop > 0) {
            // The call ends without a 2xx: the caller's handler fails with this status, or 502 without an answer.
            finishCall(f.sender, timedOut || row.status < 0 ? std::nullopt : std::optional<int>(row.status));
            return;
        }
        if (!timedOut)
            intent.endedWithResponse = true;
        return;
    }
    const Millis wait = backoffWait(sender, sender.attempt);
    if (newKey) {
        // The anti-pattern: a fresh key severs the link between attempts of one intent.
        const EntryInfo& info = m_entries[static_cast<std::size_t>(sender.entry)];
        sender.scope = m_scopes.intern(info.actor, info.operation, makeUuid());
        sender.hasKey = true;
    }
    schedule(m_now + wait, Arrivals, Send, f.sender);
}

const RetryPolicy& Simulation::retryOf(const Sender& sender) const
{
    return sender.hop == 0 ? m_scenario.clients[static_cast<std::size_t>(sender.client)].retry
                           : m_scenario.route[static_cast<std::size_t>(sender.hop - 1)].retry;
}

Millis Simulation::backoffWait(Sender& sender, int finishedAttempt)
{
    const RetryPolicy& r = retryOf(sender);
    Millis wait = r.baseMs;
    if (r.backoff == Backoff::Exponential) {
        const int shift = std::min(finishedAttempt - 1, 62);
        wait = (shift >= 62 || r.baseMs > (r.capMs >> shift)) ? r.capMs : r.baseMs << shift;
    }
    wait = std::min(wait, r.capMs);
    auto uniform = [this](Millis lo, Millis hi) -> Millis {
        if (hi <= lo)
            return lo;
        return lo + static_cast<Millis>(nextRandom() % static_cast<std::uint64_t>(hi - lo + 1));
    };
    switch (r.jitter) {
    case Jitter::None:
        return wait;
    case Jitter::Full:
        return uniform(0, wait);
    case Jitter::Equal:
        return wait / 2 + uniform(0, wait / 2);
    case Jitter::Decorrelated: {
        const Millis next = std::min(r.capMs, uniform(r.baseMs, 3 * sender.previousWait));
        sender.previousWait = next;
        return next;
    }
    }
    return wait;
}

void Simulation::sweep(int hop)
{
    const ServicePolicy& service = m_scenario.hopService(hop);
    SweepPolicy policy;
    policy.strictExpiry = service.profile == Profile::Powertools;
    if (service.afterExpiry == AfterExpiry::Tombstone)
        policy.tombstoneMs = service.tombstoneMs;
    try {
        // The store says which records it deleted, so a sweep costs what it removes, not a listing of the store
        // before and after (which made a run with a sweep every millisecond quadratic).
        SweepResult result = hopStore(hop).sweep(m_now, policy);
        if (!(m_recordEvents || m_observer) || result.swept.empty())
            return;
        std::sort(result.swept.begin(), result.swept.end());
        for (const Scope& scope : result.swept)
            publish(EventKind::RecordSwept, -1, internScope(scope));
    } catch (const StoreError& error) {
        // A sweep that cannot reach the store simply does not happen; the next one will.
        if (error.kind() == StoreError::Kind::Fatal)
            throw;
    }
}

Millis Simulation::nextUsefulSweep(int hop, Millis next)
{
    // A sweep that can delete nothing changes nothing and shows nothing, so the next one worth running is the first
    // at or after the earliest instant a record or tombstone can expire — or the next other event, which may add one.
    const ServicePolicy& service = m_scenario.hopService(hop);
    const Millis every = *service.sweepEveryMs;
    Millis useful = std::numeric_limits<Millis>::max();
    // Other sweeps delete and add nothing here; this hop's recovery job may complete a record, which then expires.
    if (const std::optional<Millis> work = nextWork(hop, true))
        useful = *work;
    try {
        if (const auto sweepable = hopStore(hop).nextSweepable(service.profile == Profile::Powertools))
            useful = std::min(useful, *sweepable);
    } catch (const StoreError& error) {
        if (error.kind() == StoreError::Kind::Fatal)
            throw;
        return next;
    }
    if (useful <= next || useful == std::numeric_limits<Millis>::max())
        return next;
    return useful + (every - useful % every) % every;
}

std::optional<Millis> Simulation::nextWork(int hop, bool recoveryOfHop)
{
    // The periodic jobs are few (a sweep and a recovery job per hop): those at the head of the queue are lifted off
    // to see the first event past them, then put back with their order unchanged.
    m_lifted.clear();
    std::optional<Millis> at;
    while (!m_queue->empty()) {
        const QueuedEvent& e = m_queue->top();
        const bool periodic = e.type == SweepRuns || e.type == RecoverRuns;
        if (!periodic || (recoveryOfHop && e.type == RecoverRuns && e.b == hop)) {
            at = e.t;
            break;
        }
        m_lifted.push_back(e);
        m_queue->pop();
    }
    for (const QueuedEvent& e : m_lifted)
        m_queue->push(e, false);
    return at;
}

void Simulation::releaseSender(int index)
{
    const auto it = m_senders.find(index);
    if (--it->second->holds == 0) {
        // Kept for the next copy that starts: a served request's sender was an allocation of its own.
        if (m_senderPool.size() < kPoolSize)
            m_senderPool.push_back(std::move(it->second));
        m_senders.erase(it);
    }
}

void Simulation::publish(EventKind kind, int request, int scope, int effect)
{
    const LifecycleEvent e { m_now, kind, request, scope, effect };
    if (m_recordEvents)
        m_events.push(e);
    if (m_observer)
        m_observer(e);
}

int Simulation::internScope(const Scope& scope)
{
    return m_scopes.intern(scope);
}

std::size_t Simulation::PathHash::operator()(const std::vector<const char*>& v) const noexcept
{
    std::size_t h = v.size();
    for (const char* p : v)
        h = h * 1000003u ^ std::hash<const void*>()(p);
    return h;
}

int Simulation::internText(const std::string& text)
{
    const auto [it, inserted] = m_textIndex.try_emplace(text, static_cast<int>(m_texts.size()));
    if (inserted)
        m_texts.push_back(text);
    return it->second;
}

void Simulation::addFault(const FaultSpec& fault)
{
    m_scenario.faults.push_back(fault);
    m_rateHits.emplace_back();
    indexFault(m_scenario.faults.size() - 1);
}

void Simulation::indexFault(std::size_t faultIndex)
{
    const FaultSpec& f = m_scenario.faults[faultIndex];
    const auto i = static_cast<std::uint32_t>(faultIndex);
    if (f.kind == FaultKind::DbDown)
        m_dbDownFaults.push_back(i);
    if (f.request)
        m_pinnedFaults[*f.request].push_back(i);
    else
        m_unpinnedFaults.push_back(i);
}

bool Simulation::faultHits(std::size_t faultIndex, const FaultSpec& fault, const Sender& sender, int attempt)
{
    // A fault strikes the hop it names (docs/reference/routes.md; `service` by default); at a hop, client and request
    // match the originating client entry and attempt the call's own.
    if (fault.hop != sender.hop)
        return false;
    if (fault.client && *fault.client != clientId(sender.client))
        return false;
    if (fault.request && *fault.request != sender.entry)
        return false;
    // A served arrival was matched against the scenario's faults on the wire (its attempt is the arrival's number on
    // its scope there); the faults that struck it are pinned to its entry. Beside simulated clients (the GUI), the
    // scenario's other faults must not strike it a second time here.
    if (!fault.request && m_entries[static_cast<std::size_t>(sender.entry)].served)
        return false;
    if (fault.attempt && *fault.attempt != attempt)
        return false;
    if (!fault.rate)
        return true;
    std::vector<std::uint8_t>& drawn = m_rateHits[faultIndex];
    const auto intent = static_cast<std::size_t>(sender.intent);
    if (drawn.size() <= intent)
        drawn.resize(std::max(intent + 1, drawn.size() * 2), 0);
    if (drawn[intent] != 0)
        return drawn[intent] == 2;
    // Independent of every other random draw, so two policies under one seed fault the same intents: the first
    // 64 bits of SHA-256("seed:fault:intent") as a fraction of 2^64.
    // Spelled into a kept buffer: once per intent, so the temporaries showed.
    char numbers[48];
    char* end = std::to_chars(numbers, numbers + 20, m_scenario.seed).ptr;
    *end++ = ':';
    end = std::to_chars(end, end + 20, faultIndex).ptr;
    *end++ = ':';
    m_drawMaterial.assign(numbers, end);
    appendIntentName(m_drawMaterial, sender.intent);
    const auto digest = sha256Digest(m_drawMaterial);
    std::uint64_t value = 0;
    for (int i = 0; i < 8; ++i)
        value = (value << 8) | digest[static_cast<std::size_t>(i)];
    const bool hit = static_cast<long double>(value) / 18446744073709551616.0L < fault.rate.value();
    drawn[intent] = hit ? 2 : 1;
    return hit;
}

std::uint64_t Simulation::nextRandom()
{
    // splitmix64: fully specified, so every platform draws the same sequence from the same seed.
    std::uint64_t z = (m_rng += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

std::string Simulation::makeUuid()
{
    const std::uint64_t hi = (nextRandom() & 0xffffffffffff0fffULL) | 0x0000000000004000ULL; // version 4
    const std::uint64_t lo = (nextRandom() & 0x3fffffffffffffffULL) | 0x8000000000000000ULL; // variant 10
    char buf[37];
    formatUuid(hi, lo, buf);
    return std::string(buf, 36);
}

void Simulation::describeEntry(std::size_t entry, int client)
{
    const RequestSpec& spec = m_scenario.requests[entry];
    // A payload the same document as the entry before's has its fingerprints (a served client's retries, and load,
    // repeat a payload): compared in place, it is neither written canonical nor looked up.
    const auto sameParts = [&](const RequestSpec& before, const ServicePolicy& policy) {
        return policy.plainFingerprint()
            || (before.operation == spec.operation && before.query == spec.query && before.body == spec.body);
    };
    const bool sameEverywhere = entry > 0 && sameParts(m_scenario.requests[entry - 1], m_scenario.service)
        && std::all_of(m_scenario.route.begin(), m_scenario.route.end(),
            [&](const HopSpec& hop) { return sameParts(m_scenario.requests[entry - 1], hop.service); });
    if (sameEverywhere && sameDocument(spec.payload, m_scenario.requests[entry - 1].payload)) {
        m_entryFingerprints->addSameAsLast();
        for (std::size_t h = 0; h < m_scenario.route.size(); ++h)
            m_hopFingerprints[h]->addSameAsLast();
    } else {
        m_entryFingerprints->add(m_scenario.service, spec);
        for (std::size_t h = 0; h < m_scenario.route.size(); ++h)
            m_hopFingerprints[h]->add(m_scenario.route[h].service, spec);
    }
    EntryInfo info;
    if (client >= 0) {
        info.client = client; // ids are unique: the one the caller found
    } else if (const auto it = m_clientIndex.find(spec.client); it != m_clientIndex.end()) {
        info.client = it->second;
    }
    // Names are numbered for good (a reset keeps them), so the client's actor and the last operation are looked up by
    // text once: a server's arrivals repeat both, and the two lookups were a twentieth of a served request.
    const auto c = static_cast<std::size_t>(info.client);
    if (m_clientActorNames.size() <= c)
        m_clientActorNames.resize(c + 1, ScopeTable::kNoName);
    if (m_clientActorNames[c] == ScopeTable::kNoName)
        m_clientActorNames[c] = m_scopes.name(m_scenario.clients[c].actor);
    info.actor = m_clientActorNames[c];
    if (m_lastOperationName == ScopeTable::kNoName || spec.operation != m_lastOperation) {
        m_lastOperationName = m_scopes.name(spec.operation);
        m_lastOperation = spec.operation;
    }
    info.operation = m_lastOperationName;
    // The base name, looked up as a view: it is copied only when new.
    char implicitName[24]; // "req" and the entry
    std::string_view name;
    if (spec.intent) {
        name = *spec.intent;
    } else {
        std::memcpy(implicitName, "req", 3);
        name = std::string_view(
            implicitName, std::to_chars(implicitName + 3, implicitName + sizeof implicitName, entry).ptr);
    }
    if (spec.repeat <= 1) {
        // "order#5" names repetition 5 of "order" — the same intent a repeated "order" entry makes.
        // Most names have no '#': a forward search (memchr) says so faster than the backward loop of rfind.
        const std::size_t hash = name.find('#') == std::string_view::npos ? std::string_view::npos : name.rfind('#');
        const std::string_view digits = hash == std::string_view::npos ? std::string_view() : name.substr(hash + 1);
        if (!digits.empty() && digits.size() <= 7 && digits.front() != '0'
            && std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; })) {
            int repetition = 0;
            std::from_chars(digits.data(), digits.data() + digits.size(), repetition);
            if (repetition <= kMaxRepeat) {
                info.repetition = repetition;
                name = name.substr(0, hash);
            }
        }
    }
    const IntentBaseProbe probe { name, static_cast<std::uint32_t>(IntentBaseHash {}(name)) };
    auto base = m_intentBaseIds.find(probe);
    if (base == m_intentBaseIds.end()) {
        m_intentBases.push_back(m_intentBaseTexts.add(name));
        m_intentBaseHashes.push_back(probe.hash);
        m_intentsByBase.emplace_back();
        base = m_intentBaseIds.insert(static_cast<int>(m_intentBases.size()) - 1).first;
    }
    info.base = *base;
    m_entries.push_back(info);
}

// The low 32 bits of textHash, as kept in m_intentBaseHashes (Abseil's index reads the bits above the low seven for a
// group and those for a tag).
std::size_t Simulation::IntentBaseHash::operator()(std::string_view name) const
{
    return static_cast<std::uint32_t>(textHash(name));
}

int Simulation::intentFor(int entry, int repetition)
{
    const RequestSpec& spec = m_scenario.requests[static_cast<std::size_t>(entry)];
    const EntryInfo& info = m_entries[static_cast<std::size_t>(entry)];
    const int rep = spec.repeat > 1 ? repetition : info.repetition;
    BaseIntents& ofBase = m_intentsByBase[static_cast<std::size_t>(info.base)];
    if (rep > 0 && ofBase.repeated < 0) {
        ofBase.repeated = static_cast<int>(m_repeatedIntents.size());
        m_repeatedIntents.emplace_back();
    }
    std::vector<int>* repeated = rep > 0 ? &m_repeatedIntents[static_cast<std::size_t>(ofBase.repeated)] : nullptr;
    if (repeated && repeated->size() <= static_cast<std::size_t>(rep))
        repeated->resize(static_cast<std::size_t>(rep) + 1, -1);
    int& intent = rep == 0 ? ofBase.unrepeated : (*repeated)[static_cast<std::size_t>(rep)];
    if (intent < 0) {
        intent = static_cast<int>(m_intents.size());
        IntentRow row;
        row.entry = entry;
        row.base = info.base;
        row.repetition = rep;
        m_intents.push_back(row);
    }
    return intent;
}

std::string Simulation::intentName(int intent) const
{
    std::string name;
    appendIntentName(name, intent);
    return name;
}

void Simulation::appendIntentName(std::string& to, int intent) const
{
    const IntentRow& row = m_intents[static_cast<std::size_t>(intent)];
    to += m_intentBases[static_cast<std::size_t>(row.base)];
    if (row.repetition != 0) {
        char digits[12];
        to += '#';
        to.append(digits, std::to_chars(digits, digits + sizeof digits, row.repetition).ptr);
    }
}

int Simulation::fire(const FireRequest& request)
{
    RequestSpec spec = request.spec;
    spec.atMs = std::max(spec.atMs, m_now);
    const int entry = static_cast<int>(m_scenario.requests.size());
    m_scenario.requests.push_back(spec);
    describeEntry(static_cast<std::size_t>(entry));
    for (const FaultKind kind : request.faults) {
        FaultSpec f;
        f.kind = kind;
        f.request = entry;
        f.attempt = 1;
        f.status = kind == FaultKind::RejectPayload ? 400 : request.faultStatus;
        f.handlerMs = request.slowHandlerMs;
        // The GUI's one-shot faults, with fixed parameters: a late retry comes back an hour past the record's TTL
        // (where forgetting begins; 25 h with a TTL of never), the network takes 2 s each way (past a 1 s client
        // timeout), and the store is down for the first second from the send (this request's store steps) — a window of
        // the store, not of an attempt.
        const Millis ttl = m_scenario.service.ttlMs;
        f.delayMs = (ttl >= kNeverMs ? 86'400'000 : ttl) + 3'600'000; // a TTL of never: a day and an hour
        f.networkMs = 2000;
        if (kind == FaultKind::DbDown) {
            f.request.reset();
            f.attempt.reset();
            f.fromMs = spec.atMs;
            f.toMs = spec.atMs + 1000;
        }
        addFault(f);
    }
    schedule(spec.atMs, Arrivals, StartRepetition, entry, 1);
    return entry;
}

int Simulation::addClient(ClientSpec client)
{
    const int index = static_cast<int>(m_scenario.clients.size());
    m_clientIndex.insert_or_assign(client.id, index);
    m_scenario.clients.push_back(std::move(client));
    return index;
}

int Simulation::fireServed(RequestSpec&& spec, const std::vector<FaultSpec>& faults, bool unreadableKey, int client)
{
    spec.atMs = std::max(spec.atMs, m_now);
    const int entry = static_cast<int>(m_scenario.requests.size());
    m_scenario.requests.push_back(std::move(spec));
    describeEntry(static_cast<std::size_t>(entry), client);
    m_entries.back().unreadableKey = unreadableKey;
    m_entries.back().served = true;
    m_hasServed = true;
    for (FaultSpec f : faults) {
        f.client.reset();
        f.rate.reset();
        f.request = entry;
        f.attempt = 1;
        addFault(f);
    }
    schedule(m_scenario.requests.back().atMs, Arrivals, StartRepetition, entry, 1);
    return entry;
}

int Simulation::servedScope(int entry)
{
    const RequestSpec& spec = m_scenario.requests[static_cast<std::size_t>(entry)];
    if (spec.keyKind != RequestSpec::KeyKind::Literal)
        return -1;
    const EntryInfo& info = m_entries[static_cast<std::size_t>(entry)];
    m_servedScope = m_scopes.intern(info.actor, info.operation, spec.key);
    m_servedScopeEntry = entry;
    return m_servedScope;
}

void Simulation::pinServedFaults(int entry, const std::vector<FaultSpec>& faults)
{
    for (FaultSpec f : faults) {
        f.client.reset();
        f.rate.reset();
        f.request = entry;
        f.attempt = 1;
        addFault(f);
    }
}

void Simulation::setSuspectedGroup(int entry, int group, bool mixed)
{
    m_entries[static_cast<std::size_t>(entry)].suspectedGroup = group;
    if (group < 0)
        return;
    while (m_suspectedGroups.size() <= static_cast<std::size_t>(group))
        m_suspectedGroups.push_back(SuspectedGroup());
    if (mixed)
        m_suspectedGroups[static_cast<std::size_t>(group)].mixed = true;
}

json::Value Simulation::takeServedPayload(int entry)
{
    const auto e = static_cast<std::size_t>(entry);
    if (e + 1 >= m_scenario.requests.size() || !m_entries[e].served)
        return json::Value();
    return std::exchange(m_scenario.requests[e].payload, json::Value());
}

void Simulation::noteOutcome(int request, ClientOutcome seen)
{
    RequestRow& row = m_requests[static_cast<std::size_t>(request)];
    // A recording's entry says what its client saw of its first send (docs/reference/serve.md): that is the attempt's
    // outcome.
    const RequestSpec& spec = m_scenario.requests[static_cast<std::size_t>(row.entry)];
    row.outcome
        = spec.observedOutcome && row.attempt == spec.attempt && hopOf(request) == 0 ? *spec.observedOutcome : seen;
    noteRequestChanged(static_cast<std::size_t>(request));
}

void Simulation::setClientOutcome(int request, ClientOutcome outcome)
{
    m_requests[static_cast<std::size_t>(request)].outcome = outcome;
    noteRequestChanged(static_cast<std::size_t>(request));
}

void Simulation::trackOpenRequests()
{
    if (m_trackOpenRequests)
        return;
    m_trackOpenRequests = true;
    m_openRequests.clear();
    m_lastOpenRequest = -1;
    for (std::size_t i = 0; i < m_requests.size(); ++i)
        noteRequestChanged(i);
}

void Simulation::noteRequestChanged(std::size_t index)
{
    if (!m_trackOpenRequests)
        return; // a simulation nobody reports live pays nothing
    // A request's changes come together (its send, arrival, decision, answer): the one last found open is not
    // looked up again.
    if (requestMayChange(m_requests[index])) {
        if (static_cast<std::int64_t>(index) != m_lastOpenRequest) {
            m_openRequests.insert(static_cast<std::uint32_t>(index));
            m_lastOpenRequest = static_cast<std::int64_t>(index);
        }
    } else {
        m_openRequests.erase(static_cast<std::uint32_t>(index));
        if (static_cast<std::int64_t>(index) == m_lastOpenRequest)
            m_lastOpenRequest = -1;
    }
}

void Simulation::setAttempt(int request, int attempt)
{
    m_requests[static_cast<std::size_t>(request)].attempt = attempt;
}

const std::string& Simulation::fingerprint(const RequestRow& r) const
{
    return (*m_entryFingerprints)[static_cast<std::size_t>(r.entry)].sha256;
}

const std::string& Simulation::canonicalPayload(const RequestRow& r) const
{
    return (*m_entryFingerprints)[static_cast<std::size_t>(r.entry)].canonical;
}

const std::string& Simulation::entryFingerprint(int entry) const
{
    return (*m_entryFingerprints)[static_cast<std::size_t>(entry)].sha256;
}

std::optional<std::string> Simulation::canonicalForFingerprint(const std::string& sha256) const
{
    for (const Fingerprint& f : m_entryFingerprints->distinct()) {
        if (f.sha256 == sha256)
            return f.canonical;
    }
    return std::nullopt;
}

RunSummary Simulation::summary() const
{
    RunSummary s;
    s.intents = static_cast<std::int64_t>(m_intents.size());
    // Counted by kind, then named: a name looked up per request cost a served report a tenth of a second at a million.
    std::array<std::int64_t, DecisionCount> byKind {};
    for (const RequestRow& r : m_requests) {
        if (r.decision)
            ++byKind[static_cast<std::size_t>(*r.decision)];
    }
    for (int d = 0; d < DecisionCount; ++d) {
        if (byKind[static_cast<std::size_t>(d)] > 0) {
            s.requests += byKind[static_cast<std::size_t>(d)];
            s.decisions[std::string(decisionName(static_cast<Decision>(d)))] = byKind[static_cast<std::size_t>(d)];
        }
    }
    s.effects = static_cast<std::int64_t>(m_effects.size());
    for (std::size_t e = 0; e < m_effects.size(); ++e) {
        if (m_effects[e].hop == 0 && suspectedDuplicate(static_cast<int>(e)))
            ++s.suspectedDuplicateEffects;
    }
    for (std::size_t g = 0; g < m_suspectedGroups.size(); ++g) {
        if (m_suspectedGroups[g].mixed && m_suspectedGroups[g].first >= 0)
            ++s.suspectedIntents;
    }
    for (const IntentRow& i : m_intents) {
        if (i.effects > 1) {
            s.duplicateEffects += i.effects - 1;
            ++s.intentsWithDuplicates;
        }
    }
    if (hasRoute()) {
        // Duplicates per intent at every hop; an intent with one at any hop counts once.
        s.duplicateEffectsByHop.assign(static_cast<std::size_t>(m_scenario.hopCount()), 0);
        s.duplicateEffectsByHop[0] = s.duplicateEffects;
        std::vector<bool> duplicated(m_intents.size());
        for (std::size_t i = 0; i < m_intents.size(); ++i)
            duplicated[i] = m_intents[i].effects > 1;
        for (const auto& [key, count] : m_hopEffectCounts) {
            if (count > 1) {
                s.duplicateEffectsByHop[key & 0xffff'ffff] += count - 1;
                s.duplicateEffects += count - 1;
                duplicated[key >> 32] = true;
            }
        }
        s.intentsWithDuplicates = std::count(duplicated.begin(), duplicated.end(), true);
    }
    return s;
}

} // namespace iw
