// Store engines (docs/manual/stores.md), a translation unit of Simulation: what a store does by itself — a key expiring
// at its TTL, a replica cut off, a failover that promotes it —, queued in the Engine class before any other work due at
// its instant. What each engine does lives in its store (core/engine: the Redis model, the MySQL model); this is when
// the simulation asks for it and what it records.
#include "simulationimpl.h"

#include <algorithm>
#include <optional>

namespace iw {

void Simulation::engineEvent(int type, int hop)
{
    IdempotencyStore& store = hopStore(hop);
    const auto h = static_cast<std::size_t>(hop);
    try {
        if (type == KeyExpiry) {
            // Only the latest queued expiry event counts: an earlier key may have been written since.
            if (m_expiryQueuedAt[h] != m_now)
                return;
            m_expiryQueuedAt[h] = kNoExpiry;
            for (const ExpiredKey& key : store.expireKeys(m_now))
                publish(key.state == RecordState::InProgress ? EventKind::ClaimExpired : EventKind::RecordSwept, -1,
                    internScope(key.scope));
        } else if (type == TtlSweep) {
            for (const ExpiredKey& key : store.sweepTtlNow(m_now))
                publish(key.state == RecordState::InProgress ? EventKind::ClaimExpired : EventKind::RecordSwept, -1,
                    internScope(key.scope));
        } else if (type == ReplicaDetach) {
            store.detachReplica(m_now);
            return;
        } else {
            for (const Scope& scope : store.failover(m_now))
                publish(EventKind::WritesLost, -1, internScope(scope));
            m_expiryQueuedAt[h] = kNoExpiry; // the promoted replica's keys expire when they do
        }
    } catch (const StoreError& error) {
        if (error.kind() == StoreError::Kind::Fatal)
            throw;
    }
    noteKeyExpiry(hop);
}

void Simulation::noteKeyExpiry(int hop)
{
    const auto h = static_cast<std::size_t>(hop);
    std::optional<Millis> next;
    try {
        next = hopStore(hop).nextKeyExpiry();
    } catch (const StoreError& error) {
        if (error.kind() == StoreError::Kind::Fatal)
            throw;
        return;
    }
    if (!next)
        return;
    const Millis at = std::max(*next, m_now);
    if (m_expiryQueuedAt[h] != kNoExpiry && m_expiryQueuedAt[h] <= at)
        return;
    m_expiryQueuedAt[h] = at;
    schedule(at, Engine, KeyExpiry, 0, hop);
}

} // namespace iw
