// A store that forwards every call to another (the decorator's base): a wrapper that counts, delays or breaks one
// call overrides that call only, and every call it does not name — including the ones added to IdempotencyStore
// later — still reaches the inner store. Holds the inner store by reference, or owns it.
#pragma once

#include "store.h"

#include <memory>
#include <utility>

namespace iw {

class ForwardingStore : public IdempotencyStore {
public:
    explicit ForwardingStore(IdempotencyStore& inner)
        : m_inner(&inner)
    {
    }
    explicit ForwardingStore(std::unique_ptr<IdempotencyStore> owned)
        : m_owned(std::move(owned))
        , m_inner(m_owned.get())
    {
    }

    IdempotencyStore& inner() const { return *m_inner; }

    std::string kind() const override { return m_inner->kind(); }
    StoreEngine engine() const override { return m_inner->engine(); }
    void reset() override { m_inner->reset(); }
    bool insertClaim(const Record& claim, Millis now) override { return m_inner->insertClaim(claim, now); }
    std::optional<Record> read(const Scope& scope) override { return m_inner->read(scope); }
    void readInto(const Scope& scope, std::optional<Record>& into) override { m_inner->readInto(scope, into); }
    std::optional<Tombstone> readTombstone(const Scope& scope, Millis now) override
    {
        return m_inner->readTombstone(scope, now);
    }
    bool replaceIf(
        const Scope& scope, std::optional<Millis> expectedCreatedAt, const Record& fresh, Millis now) override
    {
        return m_inner->replaceIf(scope, expectedCreatedAt, fresh, now);
    }
    bool complete(const Scope& scope, Millis ownerVersion, const Completion& completion,
        const std::optional<EffectRow>& effect) override
    {
        return m_inner->complete(scope, ownerVersion, completion, effect);
    }
    bool deleteIfOwner(const Scope& scope, Millis ownerVersion) override
    {
        return m_inner->deleteIfOwner(scope, ownerVersion);
    }
    void deleteUnconditionally(const Scope& scope) override { m_inner->deleteUnconditionally(scope); }
    void upsertCompletion(
        const Record& ifMissing, const Completion& completion, const std::optional<EffectRow>& effect) override
    {
        m_inner->upsertCompletion(ifMissing, completion, effect);
    }
    bool insertCompleted(const Record& record) override { return m_inner->insertCompleted(record); }
    void overwrite(const Record& record) override { m_inner->overwrite(record); }
    bool testAndSetSeen(const Scope& scope) override { return m_inner->testAndSetSeen(scope); }
    void recordEffect(const EffectRow& effect) override { m_inner->recordEffect(effect); }
    SweepResult sweep(Millis now, const SweepPolicy& policy) override { return m_inner->sweep(now, policy); }
    std::uint64_t sweepVisits() const override { return m_inner->sweepVisits(); }
    std::vector<Record> records() override { return m_inner->records(); }
    std::size_t recordCount() override { return m_inner->recordCount(); }
    void visitRecords(const std::function<void(const Record&)>& visit) override { m_inner->visitRecords(visit); }
    std::vector<Tombstone> tombstones() override { return m_inner->tombstones(); }
    std::vector<EffectRow> effects() override { return m_inner->effects(); }
    std::optional<std::uint64_t> contentHash() override { return m_inner->contentHash(); }
    std::unique_ptr<SavedState> makeSavedState() const override { return m_inner->makeSavedState(); }
    void save(SavedState& into) override { m_inner->save(into); }
    void restore(const SavedState& from) override { m_inner->restore(from); }
    std::size_t memoryBytes() const override { return m_inner->memoryBytes(); }
    std::vector<ExpiredKey> expireKeys(Millis now) override { return m_inner->expireKeys(now); }
    std::optional<Millis> nextKeyExpiry() override { return m_inner->nextKeyExpiry(); }
    OrphanWrite overwriteOrphan(
        const Record& fresh, std::optional<Millis> expectedCreatedAt, Millis lockUntil, Millis now) override
    {
        return m_inner->overwriteOrphan(fresh, expectedCreatedAt, lockUntil, now);
    }
    bool setExpiry(const Scope& scope, Millis expiresAt) override { return m_inner->setExpiry(scope, expiresAt); }
    void detachReplica(Millis now) override { m_inner->detachReplica(now); }
    std::vector<Scope> failover(Millis now) override { return m_inner->failover(now); }
    void holdClaim(const Scope& scope, Millis version, Millis rollbackAt) override
    {
        m_inner->holdClaim(scope, version, rollbackAt);
    }
    std::optional<Millis> awaitClaimLock(const Scope& scope, Millis now, int& ticket) override
    {
        return m_inner->awaitClaimLock(scope, now, ticket);
    }
    LockWaitEnd endLockWait(const Record& claim, int ticket, Millis now) override
    {
        return m_inner->endLockWait(claim, ticket, now);
    }
    bool rollbackClaim(const Scope& scope, Millis version, Millis now) override
    {
        return m_inner->rollbackClaim(scope, version, now);
    }
    void noteWriteTime(Millis now) override { m_inner->noteWriteTime(now); }
    PutOutcome conditionalPut(const Record& item, Millis writerNow, std::optional<Record>& old) override
    {
        return m_inner->conditionalPut(item, writerNow, old);
    }
    bool readItem(const Scope& scope, Millis now, std::optional<Record>& into) override
    {
        return m_inner->readItem(scope, now, into);
    }
    std::vector<ExpiredKey> sweepTtlNow(Millis now) override { return m_inner->sweepTtlNow(now); }
    std::optional<std::int64_t> oversizedCompletion(
        const Record& ifMissing, std::optional<Millis> ownerVersion, const Completion& completion) override
    {
        return m_inner->oversizedCompletion(ifMissing, ownerVersion, completion);
    }
    std::optional<Millis> nextSweepable(bool strictExpiry) override { return m_inner->nextSweepable(strictExpiry); }

private:
    std::unique_ptr<IdempotencyStore> m_owned;
    IdempotencyStore* m_inner;
};

} // namespace iw
