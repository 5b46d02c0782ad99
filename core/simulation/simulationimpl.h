// What the simulation's own translation units share — simulation.cpp (the run), simulationsearch.cpp (explore's
// saved states, state fingerprints and decision points), simulationroutes.cpp (a route's calls and recovery jobs) and
// simulationengines.cpp (a store engine's own events): the kinds of queued events, a client copy's and an attempt's
// state, the service environment. Only they include it.
#pragma once

#include "eventqueue.h"
#include "fingerprinttable.h"
#include "simulation.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace iw {

enum EventType {
    StartRepetition,
    Send,
    Arrive,
    ServiceResume,
    ResponseArrive,
    TimeoutFires,
    SweepRuns,
    RecoverRuns,
    // docs/manual/stores.md: a store engine's own clock. Like sweeps, they never prolong a run.
    KeyExpiry,
    ReplicaDetach,
    Failover,
    TtlSweep, // docs/manual/stores.md dynamodb ttl_sweep_now
};
// The engine's own events come first at an instant: a key is gone at its expiry for every step that reads then, and a
// failover happens before the work due at its instant.
enum EventClass { Engine = 0, WorkFinishing = 1, Sweeps = 2, Arrivals = 3 };

constexpr bool runsLikeSweep(int type)
{
    return type == SweepRuns || type == RecoverRuns || type == KeyExpiry || type == ReplicaDetach || type == Failover
        || type == TtlSweep;
}

// The owner bookkeeping's key: (hop, scope).
inline std::uint64_t ownerKey(int hop, int scope)
{
    return static_cast<std::uint64_t>(hop) << 32 | static_cast<std::uint32_t>(scope);
}

// The effect count's key: (intent, hop), each in 32 bits (8 bits for the hop made hop 256 count as hop 0 of the
// next intent).
inline std::uint64_t hopEffectKey(int intent, int hop)
{
    return static_cast<std::uint64_t>(intent) << 32 | static_cast<std::uint32_t>(hop);
}

// restore()'s spare objects: enough for the attempts in flight of any explorable scenario, few enough to be held
// for the whole search.
inline constexpr std::size_t kPoolSize = 64;

template<typename T> std::unique_ptr<T> takeFromPool(std::vector<std::unique_ptr<T>>& pool)
{
    if (pool.empty())
        return std::make_unique<T>();
    std::unique_ptr<T> p = std::move(pool.back());
    pool.pop_back();
    return p;
}

// One copy of one intent: the client-side state that survives between attempts.
struct Simulation::Sender {
    int intent = 0;
    int entry = 0;
    int client = 0;
    int copy = 1;
    int scope = -1; // the scope its key names; without a key, its keyless lane
    bool hasKey = true;
    int attempt = 0;
    bool lateRetryUsed = false;
    Millis previousWait = 0;
    int holds = 0; // its attempts in flight and its scheduled sends: forgotten at 0
    // docs/reference/routes.md: a call's sender is the caller's handler: the hop it calls and the caller's request.
    int hop = 0;
    int parent = -1;
    bool callEnded = false;
};

// An attempt between its send and the last event that concerns it: what it is (FlightState) and, from its arrival,
// its service process.
struct FlightState {
    int sender = 0;
    HandlerFaults faults;
    bool responseLost = false;
    bool lateRetry = false;
    bool timeoutPending = false;
    bool timedOut = false;
    // A served attempt's timeout, cancelled by its answer, no longer holds the attempt (see responseArrives).
    bool timeoutReleased = false;
    int pendingEvents = 0;
    Millis networkMs = 0; // each way: the service's, or a slow_network pin's
};

struct Simulation::InFlight : FlightState {
    InFlight() = default;
    InFlight(const InFlight& o)
        : FlightState(o)
    {
        if (o.process)
            process = &m_process.emplace(*o.process);
    }
    // The process is copied only when `o` has one: a pooled flight's kept process is no part of its state.
    InFlight& operator=(const InFlight& o)
    {
        // Self-assignment would drop the process below before reading it back from `o`.
        if (this == &o)
            return *this;
        static_cast<FlightState&>(*this) = o;
        process = nullptr;
        if (o.process) {
            if (m_process)
                *m_process = *o.process;
            else
                m_process.emplace(*o.process);
            process = &*m_process;
        }
        return *this;
    }
    // Empty, as a new flight, but for the kept process, whose buffers serve the next attempt's.
    void recycle()
    {
        static_cast<FlightState&>(*this) = FlightState();
        process = nullptr;
    }
    // The request the kept process served last, when nothing else holds it (explore's memo may), to be filled again
    // for this attempt's arrival; null otherwise. Its object was made mutable (holdRequest) and is held as const.
    std::shared_ptr<IncomingRequest> reusableRequest()
    {
        if (!m_process)
            return nullptr;
        std::shared_ptr<const IncomingRequest> last = m_process->releaseRequest();
        return last.use_count() == 1 ? std::const_pointer_cast<IncomingRequest>(std::move(last)) : nullptr;
    }
    // The attempt's service process from its arrival: made in place, or the kept one started afresh.
    RequestProcess& start(const ServicePolicy& policy, IdempotencyStore& store, ServiceEnvironment& env,
        HeldRequest request, const HandlerFaults& handlerFaults)
    {
        if (m_process)
            m_process->restart(policy, store, env, std::move(request), handlerFaults);
        else
            m_process.emplace(policy, store, env, std::move(request), handlerFaults);
        process = &*m_process;
        return *process;
    }

    RequestProcess* process = nullptr; // the attempt's once it has arrived, null before

private:
    std::optional<RequestProcess> m_process; // in place, and kept from one attempt to the next
};

class Simulation::Environment final : public ServiceEnvironment {
public:
    explicit Environment(Simulation& sim, int hop = 0)
        : m_sim(sim)
        , m_hop(hop)
    {
    }
    bool storeDown(Millis now) const override
    {
        for (const std::uint32_t i : m_sim.m_dbDownFaults) {
            const FaultSpec& f = m_sim.m_scenario.faults[i];
            if (f.hop == m_hop && f.fromMs <= now && now < f.toMs)
                return true;
        }
        return false;
    }
    std::string executeEffect(const IncomingRequest&, Millis at) override
    {
        const int index = static_cast<int>(m_sim.m_effects.size());
        RequestRow& row = m_sim.m_requests[static_cast<std::size_t>(currentRequest)];
        IntentRow& intent = m_sim.m_intents[static_cast<std::size_t>(row.intent)];
        // Duplicates are counted per intent at every hop (docs/reference/routes.md); `service`'s count is the intent's
        // own.
        bool duplicate = false;
        bool afterSuspectedFirst = false;
        if (m_hop == 0) {
            duplicate = intent.effects > 0;
            ++intent.effects;
            if (const int g = m_sim.m_entries[static_cast<std::size_t>(row.entry)].suspectedGroup; g >= 0) {
                auto& group = m_sim.m_suspectedGroups[static_cast<std::size_t>(g)];
                afterSuspectedFirst = group.effects > 0;
                ++group.effects;
            }
        } else {
            int& count = m_sim.m_hopEffectCounts[hopEffectKey(row.intent, m_hop)];
            duplicate = count > 0;
            ++count;
        }
        m_sim.m_effects.push_back({ row.intent, currentRequest, at, duplicate, afterSuspectedFirst, m_hop });
        row.effect = index;
        m_sim.publish(EventKind::Effect, currentRequest, row.scope >= 0 ? row.scope : row.keylessScope, index);
        return m_sim.effectId(index);
    }
    int currentRequest = 0;

private:
    Simulation& m_sim;
    int m_hop;
};

} // namespace iw
