// Exploring from saved states (docs/reference/explore.md), a translation unit of Simulation: the decision point the
// next event asks about, checkpoints saved and put back, the memory they hold, and the fingerprint of a state.
#include "simulationimpl.h"

#include "statehash.h"

#include <algorithm>
#include <stdexcept>

namespace iw {

std::optional<std::pair<int, int>> Simulation::nextAsk()
{
    while (m_chooser && !m_stopRequested && !m_queue->empty()) {
        const QueuedEvent e = m_queue->top();
        switch (e.type) {
        case TimeoutFires: {
            const auto it = m_inFlight.find(e.a);
            if (it != m_inFlight.end() && it->second->timeoutPending)
                return std::nullopt;
            m_queue->pop();
            dropCancelledTimeout(e);
            continue;
        }
        case StartRepetition:
            return std::pair(e.a, 1); // its copies' first attempt
        case Send: {
            const Sender& sender = senderOf(e.a);
            if (sender.hop != 0)
                return std::nullopt;
            return std::pair(sender.entry, sender.attempt + 1);
        }
        default:
            return std::nullopt;
        }
    }
    return std::nullopt;
}

class Simulation::Checkpoint {
public:
    Millis now = 0;
    Millis endTime = 0;
    std::uint64_t seq = 0;
    std::uint64_t rng = 0;
    std::int64_t liveNonSweep = 0;
    QueuedEvent current {};
    EventQueue queue;
    std::vector<RequestRow> requests;
    SegmentedVector<IntentRow> intents;
    SegmentedVector<BaseIntents> intentsByBase;
    std::vector<std::vector<int>> repeatedIntents;
    SegmentedVector<EffectInfo> effects;
    ScopeTable::Mark scopes;
    std::vector<std::pair<int, Sender>> senders;
    int senderCount = 0;
    std::vector<std::pair<int, InFlight>> inFlight;
    std::vector<std::vector<std::uint8_t>> rateHits;
    std::vector<Millis> expiryQueuedAt;
    std::unique_ptr<IdempotencyStore::SavedState> store;
};

std::shared_ptr<Simulation::Checkpoint> Simulation::makeCheckpoint() const
{
    auto c = std::make_shared<Checkpoint>();
    c->store = m_store.makeSavedState();
    return c;
}

void Simulation::save(Checkpoint& c)
{
    if (hasRoute() || m_recordEvents || !c.store)
        throw std::logic_error("a simulation is saved only without a route, without recorded events and with a "
                               "store that can save its content");
    c.now = m_now;
    c.endTime = m_endTime;
    c.seq = m_seq;
    c.rng = m_rng;
    c.liveNonSweep = m_liveNonSweep;
    c.current = *m_current;
    c.queue = *m_queue;
    c.requests.clear();
    for (const RequestRow& r : m_requests)
        c.requests.push_back(r);
    c.intents = m_intents;
    c.intentsByBase = m_intentsByBase;
    c.repeatedIntents = m_repeatedIntents;
    c.effects = m_effects;
    c.scopes = m_scopes.mark();
    // Assigned over the entries of the last save, so their strings keep their buffers.
    c.senders.resize(m_senders.size());
    std::size_t i = 0;
    for (const auto& [index, sender] : m_senders)
        c.senders[i++] = { index, *sender };
    c.senderCount = m_senderCount;
    if (c.inFlight.size() > m_inFlight.size())
        c.inFlight.resize(m_inFlight.size());
    i = 0;
    for (const auto& [index, flight] : m_inFlight) {
        if (i < c.inFlight.size()) {
            c.inFlight[i].first = index;
            c.inFlight[i].second = *flight;
        } else {
            c.inFlight.emplace_back(index, *flight);
        }
        ++i;
    }
    c.rateHits = m_rateHits;
    c.expiryQueuedAt = m_expiryQueuedAt;
    m_store.save(*c.store);
}

namespace {

// A service process's own buffers (its request, rule path, outcome texts), about: it is copied with its flight.
constexpr std::size_t kProcessBytes = 1024;

} // namespace

std::size_t Simulation::checkpointBytes(const Checkpoint& c)
{
    std::size_t bytes = sizeof(Checkpoint) + c.requests.capacity() * sizeof(RequestRow)
        + c.intents.capacity() * sizeof(IntentRow) + c.intentsByBase.capacity() * sizeof(BaseIntents)
        + c.effects.capacity() * sizeof(EffectInfo) + c.senders.capacity() * sizeof(c.senders[0])
        + c.inFlight.capacity() * (sizeof(c.inFlight[0]) + kProcessBytes) + c.queue.bytes();
    for (const std::vector<int>& repeated : c.repeatedIntents)
        bytes += sizeof(repeated) + repeated.capacity() * sizeof(int);
    for (const auto& hits : c.rateHits)
        bytes += sizeof(hits) + hits.capacity();
    if (c.store)
        bytes += c.store->bytes();
    return bytes;
}

std::size_t Simulation::memoryBytes() const
{
    std::size_t bytes = m_requests.size() * sizeof(RequestRow) + m_intents.capacity() * sizeof(IntentRow)
        + m_effects.capacity() * sizeof(EffectInfo) + m_scopes.size() * 48 + m_queue->bytes()
        + m_senders.size() * (sizeof(Sender) + 16) + m_inFlight.size() * (sizeof(InFlight) + kProcessBytes + 16)
        + (m_senderPool.size() * sizeof(Sender)) + m_flightPool.size() * (sizeof(InFlight) + kProcessBytes)
        + m_events.size() * 6 + m_steps.size() * sizeof(StepRow) + m_store.memoryBytes();
    for (const auto& hits : m_rateHits)
        bytes += hits.capacity();
    for (const auto& store : m_hopStores)
        bytes += store->memoryBytes();
    return bytes;
}

void Simulation::restore(const Checkpoint& c)
{
    m_now = c.now;
    m_endTime = c.endTime;
    m_seq = c.seq;
    m_rng = c.rng;
    m_liveNonSweep = c.liveNonSweep;
    *m_current = c.current;
    m_stopRequested = false;
    *m_queue = c.queue;
    m_requests.truncate(0);
    m_openRequests.clear();
    m_lastOpenRequest = -1;
    for (const RequestRow& r : c.requests) {
        m_requests.push_back(r);
        noteRequestChanged(m_requests.size() - 1);
    }
    m_intents = c.intents;
    m_intentsByBase = c.intentsByBase;
    m_repeatedIntents = c.repeatedIntents;
    m_effects = c.effects;
    m_scopes.rollback(c.scopes);
    // The objects of the run being left are reused for the saved ones (copied over, buffers kept).
    for (auto& [index, sender] : m_senders) {
        if (m_senderPool.size() < kPoolSize)
            m_senderPool.push_back(std::move(sender));
    }
    m_senders.clear();
    for (const auto& [index, sender] : c.senders) {
        std::unique_ptr<Sender> p = takeFromPool(m_senderPool);
        *p = sender;
        m_senders.emplace(index, std::move(p));
    }
    m_senderCount = c.senderCount;
    for (auto& [index, flight] : m_inFlight) {
        if (m_flightPool.size() < kPoolSize)
            m_flightPool.push_back(std::move(flight));
    }
    m_inFlight.clear();
    m_lastFlightRequest = -1; // flightOf's memory points at a flight just put away
    m_lastFlight = nullptr;
    for (const auto& [index, flight] : c.inFlight) {
        std::unique_ptr<InFlight> p = takeFromPool(m_flightPool);
        *p = flight;
        m_inFlight.emplace(index, std::move(p));
    }
    m_rateHits = c.rateHits;
    m_expiryQueuedAt = c.expiryQueuedAt;
    m_store.restore(*c.store);
}

std::uint64_t Simulation::requestIdentity(int request) const
{
    const RequestRow& r = m_requests[static_cast<std::size_t>(request)];
    return StateHasher().add(r.intent).add(r.copy).add(r.attempt).value();
}

std::uint64_t Simulation::senderIdentity(int sender) const
{
    const auto it = m_senders.find(sender);
    if (it == m_senders.end())
        return StateHasher().add(-1).add(sender).value(); // cannot happen while it is referenced
    return StateHasher().add(it->second->intent).add(it->second->copy).value();
}

std::optional<std::uint64_t> Simulation::stateHash() const
{
    if (hasRoute())
        return std::nullopt; // the hops' stores and calls are not fingerprinted: explore does not take routes yet
    const std::optional<std::uint64_t> store = m_store.contentHash();
    if (!store)
        return std::nullopt;
    StateHasher h;
    // Taken between two steps, before a send (nextAsk): that event sets the clock and the end time, so neither's
    // reading now counts; what follows depends on the queue's instants.
    h.add(*store).add(m_rng).add(m_liveNonSweep);
    // An event's subject, spelled so that it does not depend on the order requests were numbered in.
    const auto subject = [this](const QueuedEvent& e) -> std::uint64_t {
        switch (e.type) {
        case StartRepetition:
            return StateHasher().add(e.a).add(e.b).value();
        case Send:
            return senderIdentity(e.a);
        case Arrive:
        case ServiceResume:
        case ResponseArrive:
        case TimeoutFires:
            return requestIdentity(e.a);
        default:
            return 0;
        }
    };
    // The queue in the order it will run: same-instant events run in scheduling order, so the order counts.
    std::vector<QueuedEvent>& queued = m_hashQueue;
    m_queue->itemsInto(queued);
    std::sort(queued.begin(), queued.end(),
        [](const QueuedEvent& x, const QueuedEvent& y) { return EventOrder::key(x) < EventOrder::key(y); });
    h.add(static_cast<std::uint64_t>(queued.size()));
    for (const QueuedEvent& e : queued)
        h.add(e.t).add(static_cast<std::uint64_t>(e.order >> 62)).add(e.type).add(subject(e));
    // Senders and flights: a sum of per-item fingerprints, whatever the hash maps' order.
    std::uint64_t senders = 0;
    for (const auto& [index, sp] : m_senders) {
        const Sender& x = *sp;
        StateHasher one;
        one.add(x.intent).add(x.copy).add(x.entry).add(x.client).add(x.hasKey).add(x.attempt).add(x.lateRetryUsed);
        one.add(x.previousWait).add(x.holds).add(m_scopes.key(static_cast<std::size_t>(x.scope)));
        senders += one.value();
    }
    std::uint64_t flights = 0;
    for (const auto& [index, fp] : m_inFlight) {
        const InFlight& f = *fp;
        const RequestRow& row = m_requests[static_cast<std::size_t>(index)];
        StateHasher one;
        one.add(requestIdentity(index)).add(senderIdentity(f.sender)).add(f.responseLost).add(f.lateRetry);
        one.add(f.timeoutPending).add(f.timedOut).add(f.pendingEvents).add(f.networkMs).add(row.status);
        one.add(row.decision ? static_cast<int>(*row.decision) : -1)
            .add(row.outcome ? static_cast<int>(*row.outcome) : -1);
        one.add(f.faults.rejectStatus)
            .add(f.faults.errorStatus)
            .add(static_cast<int>(f.faults.crash))
            .add(f.faults.handlerMs);
        one.add(static_cast<bool>(f.process));
        if (f.process)
            f.process->hashState(one);
        flights += one.value();
    }
    h.add(senders).add(flights);
    for (const Millis at : m_expiryQueuedAt)
        h.add(at);
    for (const IntentRow& intent : m_intents)
        h.add(intent.effects);
    return h.value();
}

} // namespace iw
