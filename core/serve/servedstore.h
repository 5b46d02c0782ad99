// The store as `serve` uses it: every request gets an answer (issue 48 finding 10). A store operation the database
// refuses for good (StoreError::Fatal: a value too long, an index row too large, a constraint, a missing privilege)
// stops a `run` with exit 3, as it should; a server must instead answer that one request `store_unavailable` and keep
// serving. This wrapper turns such a refusal into StoreError::Unavailable — nothing was written: the refused
// statement, or the transaction it was in, was rolled back — and tells the operator once per refusal.
#pragma once

#include "store.h"

#include <functional>
#include <string>

namespace iw {

class RefusalAnsweringStore : public IdempotencyStore {
public:
    // `refused` hears each refusal's sentence (it may quote the actor, operation and key a client sent).
    RefusalAnsweringStore(IdempotencyStore& inner, std::function<void(const std::string&)> refused)
        : m_inner(inner)
        , m_refused(std::move(refused))
    {
    }

    std::string kind() const override { return m_inner.kind(); }
    StoreEngine engine() const override { return m_inner.engine(); }
    void reset() override { m_inner.reset(); }
    bool insertClaim(const Record& claim, Millis now) override
    {
        return guarded([&] { return m_inner.insertClaim(claim, now); });
    }
    std::optional<Record> read(const Scope& scope) override
    {
        return guarded([&] { return m_inner.read(scope); });
    }
    void readInto(const Scope& scope, std::optional<Record>& into) override
    {
        guarded([&] { m_inner.readInto(scope, into); });
    }
    std::optional<Tombstone> readTombstone(const Scope& scope, Millis now) override
    {
        return guarded([&] { return m_inner.readTombstone(scope, now); });
    }
    bool replaceIf(
        const Scope& scope, std::optional<Millis> expectedCreatedAt, const Record& fresh, Millis now) override
    {
        return guarded([&] { return m_inner.replaceIf(scope, expectedCreatedAt, fresh, now); });
    }
    bool complete(const Scope& scope, Millis ownerVersion, const Completion& completion,
        const std::optional<EffectRow>& effect) override
    {
        return guarded([&] { return m_inner.complete(scope, ownerVersion, completion, effect); });
    }
    bool deleteIfOwner(const Scope& scope, Millis ownerVersion) override
    {
        return guarded([&] { return m_inner.deleteIfOwner(scope, ownerVersion); });
    }
    void deleteUnconditionally(const Scope& scope) override
    {
        guarded([&] { m_inner.deleteUnconditionally(scope); });
    }
    void upsertCompletion(
        const Record& ifMissing, const Completion& completion, const std::optional<EffectRow>& effect) override
    {
        guarded([&] { m_inner.upsertCompletion(ifMissing, completion, effect); });
    }
    bool insertCompleted(const Record& record) override
    {
        return guarded([&] { return m_inner.insertCompleted(record); });
    }
    void overwrite(const Record& record) override
    {
        guarded([&] { m_inner.overwrite(record); });
    }
    bool testAndSetSeen(const Scope& scope) override
    {
        return guarded([&] { return m_inner.testAndSetSeen(scope); });
    }
    void recordEffect(const EffectRow& effect) override
    {
        guarded([&] { m_inner.recordEffect(effect); });
    }
    SweepResult sweep(Millis now, const SweepPolicy& policy) override
    {
        return guarded([&] { return m_inner.sweep(now, policy); });
    }
    std::uint64_t sweepVisits() const override { return m_inner.sweepVisits(); }
    std::optional<Millis> nextSweepable(bool strictExpiry) override
    {
        return guarded([&] { return m_inner.nextSweepable(strictExpiry); });
    }
    // Listings (reports) are no request's: a refusal there is the report's failure, as it was.
    std::vector<Record> records() override { return m_inner.records(); }
    void visitRecords(const std::function<void(const Record&)>& visit) override { m_inner.visitRecords(visit); }
    std::unique_ptr<RecordSnapshot> snapshotRecords() override { return m_inner.snapshotRecords(); }
    bool visitSnapshot(
        RecordSnapshot& snapshot, std::size_t count, const std::function<void(const Record&)>& visit) override
    {
        return m_inner.visitSnapshot(snapshot, count, visit);
    }
    std::vector<Tombstone> tombstones() override { return m_inner.tombstones(); }
    std::vector<EffectRow> effects() override { return m_inner.effects(); }
    std::optional<std::uint64_t> contentHash() override { return m_inner.contentHash(); }
    std::size_t memoryBytes() const override { return m_inner.memoryBytes(); }
    // The engine's own operations (a Redis model's expiring keys, orphan recovery, EXPIRE, a replica), forwarded:
    // without them a served Redis-engine scenario would never expire a key.
    std::vector<ExpiredKey> expireKeys(Millis now) override
    {
        return guarded([&] { return m_inner.expireKeys(now); });
    }
    std::optional<Millis> nextKeyExpiry() override { return m_inner.nextKeyExpiry(); }
    OrphanWrite overwriteOrphan(
        const Record& fresh, std::optional<Millis> expectedCreatedAt, Millis lockUntil, Millis now) override
    {
        return guarded([&] { return m_inner.overwriteOrphan(fresh, expectedCreatedAt, lockUntil, now); });
    }
    bool setExpiry(const Scope& scope, Millis expiresAt) override
    {
        return guarded([&] { return m_inner.setExpiry(scope, expiresAt); });
    }
    void detachReplica(Millis now) override { m_inner.detachReplica(now); }
    std::vector<Scope> failover(Millis now) override { return m_inner.failover(now); }
    // The MySQL engine's claim transactions and lock waits.
    void holdClaim(const Scope& scope, Millis version, Millis rollbackAt) override
    {
        guarded([&] { m_inner.holdClaim(scope, version, rollbackAt); });
    }
    std::optional<Millis> awaitClaimLock(const Scope& scope, Millis now, int& ticket) override
    {
        return m_inner.awaitClaimLock(scope, now, ticket);
    }
    LockWaitEnd endLockWait(const Record& claim, int ticket, Millis now) override
    {
        return guarded([&] { return m_inner.endLockWait(claim, ticket, now); });
    }
    bool rollbackClaim(const Scope& scope, Millis version, Millis now) override
    {
        return guarded([&] { return m_inner.rollbackClaim(scope, version, now); });
    }
    // The DynamoDB engine's conditional put, its eventually consistent reads and its TTL sweeper.
    void noteWriteTime(Millis now) override { m_inner.noteWriteTime(now); }
    PutOutcome conditionalPut(const Record& item, Millis writerNow, std::optional<Record>& old) override
    {
        return guarded([&] { return m_inner.conditionalPut(item, writerNow, old); });
    }
    bool readItem(const Scope& scope, Millis now, std::optional<Record>& into) override
    {
        return guarded([&] { return m_inner.readItem(scope, now, into); });
    }
    std::vector<ExpiredKey> sweepTtlNow(Millis now) override
    {
        return guarded([&] { return m_inner.sweepTtlNow(now); });
    }
    std::optional<std::int64_t> oversizedCompletion(
        const Record& ifMissing, std::optional<Millis> ownerVersion, const Completion& completion) override
    {
        return guarded([&] { return m_inner.oversizedCompletion(ifMissing, ownerVersion, completion); });
    }

private:
    template<class F> auto guarded(F&& operation) -> decltype(operation())
    {
        try {
            return operation();
        } catch (const StoreError& e) {
            if (e.kind() != StoreError::Kind::Fatal)
                throw;
            if (m_refused)
                m_refused(e.what());
            throw StoreError(StoreError::Kind::Unavailable, e.what());
        }
    }

    IdempotencyStore& m_inner;
    std::function<void(const std::string&)> m_refused;
};

} // namespace iw
