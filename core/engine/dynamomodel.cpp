// The DynamoDB engine's embedded model (docs/manual/stores.md): what a DynamoDB table does to idempotency records,
// hazards included. It is the memory store — one item per scope — with what DynamoDB adds:
//
// - The claim is one conditional PutItem (conditionalPut), its condition the policy's put_condition, evaluated with
//   the writer's clock: `attribute_not_exists(pk)`; `attribute_not_exists(pk) OR expires_at < :now`; or Powertools'
//   own `attribute_not_exists(id) OR expiration < :now OR (status = :inprogress AND
//   attribute_exists(in_progress_expiration) AND in_progress_expiration < :now_in_millis)` — `:now` in seconds with
//   a fraction (Date.now() / 1000) against an `expiration` of whole seconds, `:now_in_millis` in milliseconds against
//   `in_progress_expiration` in milliseconds: both compare like the record's millisecond instants here. A put that
//   passes replaces the whole item; one that fails writes nothing and returns the item it met (ALL_OLD).
// - The TTL attribute is only a hint to a sweeper that deletes an item `ttl_deletion_lag_ms` after it (AWS: "typically
//   within 48 hours"); until then the item is read like any other (expireKeys/nextKeyExpiry, queued by the simulation
//   as a Redis key's expiry is). The `ttl_sweep_now` fault runs the sweeper at once (sweepTtlNow).
// - A GetItem that is not consistent (`consistent_read: false`, DynamoDB's default) within `read_lag_ms` of the last
//   write of the item returns the item as it was before that write (readItem) — the version a lagging replica holds.
//
// Its kind() is "memory", as it is the embedded store of that engine.
#include "enginemodel.h"
#include "statehash.h"
#include "storeengine.h"

#include <map>
#include <set>

namespace iw {

namespace {

class DynamoModelStore final : public EngineModelStore<DynamoModelStore> {
    // The item's version before its latest write, and when that write happened (for an eventually consistent read).
    struct Previous {
        std::optional<Record> before;
        Millis writtenAt = 0;
    };

public:
    DynamoModelStore(const ServicePolicy& policy, StoreThreads threads)
        : EngineModelStore(threads)
        , m_condition(policy.putCondition)
        , m_lagMs(policy.ttlDeletionLagMs)
        , m_consistent(policy.consistentRead)
        , m_readLagMs(policy.readLagMs)
    {
    }

    // What reset, save and restore carry beside the inner store (EngineModelStore).
    auto modelState() { return std::tie(m_clock, m_previous, m_due); }

    StoreEngine engine() const override { return StoreEngine::Dynamodb; }

    bool insertClaim(const Record& claim, Millis now) override
    {
        return writing(claim.scope, [&] { return m_inner->insertClaim(claim, now); });
    }
    bool replaceIf(
        const Scope& scope, std::optional<Millis> expectedCreatedAt, const Record& fresh, Millis now) override
    {
        return writing(scope, [&] { return m_inner->replaceIf(scope, expectedCreatedAt, fresh, now); });
    }
    bool complete(const Scope& scope, Millis ownerVersion, const Completion& completion,
        const std::optional<EffectRow>& effect) override
    {
        return writing(scope, [&] { return m_inner->complete(scope, ownerVersion, completion, effect); });
    }
    bool deleteIfOwner(const Scope& scope, Millis ownerVersion) override
    {
        return writing(scope, [&] { return m_inner->deleteIfOwner(scope, ownerVersion); });
    }
    void deleteUnconditionally(const Scope& scope) override
    {
        writing(scope, [&] {
            m_inner->deleteUnconditionally(scope);
            return true;
        });
    }
    void upsertCompletion(
        const Record& ifMissing, const Completion& completion, const std::optional<EffectRow>& effect) override
    {
        writing(ifMissing.scope, [&] {
            m_inner->upsertCompletion(ifMissing, completion, effect);
            return true;
        });
    }
    bool insertCompleted(const Record& record) override
    {
        return writing(record.scope, [&] { return m_inner->insertCompleted(record); });
    }
    void overwrite(const Record& record) override
    {
        writing(record.scope, [&] {
            m_inner->overwrite(record);
            return true;
        });
    }

    std::optional<std::uint64_t> contentHash() override
    {
        const std::optional<std::uint64_t> inner = m_inner->contentHash();
        if (!inner)
            return std::nullopt;
        const Guard g = guard();
        StateHasher h;
        h.add(*inner).add(m_clock);
        for (const auto& [scope, p] : m_previous)
            h.add(scope).add(p.before).add(p.writtenAt);
        for (const auto& [at, scope] : m_due)
            h.add(at).add(scope);
        return h.value();
    }

    void noteWriteTime(Millis now) override
    {
        const Guard g = guard();
        m_clock = now;
    }

    PutOutcome conditionalPut(const Record& item, Millis writerNow, std::optional<Record>& old) override
    {
        std::optional<Record> current = m_inner->read(item.scope);
        if (!current) {
            old.reset();
            replaceWith(item);
            return PutOutcome::Created;
        }
        const bool expired = m_condition != PutCondition::NotExists && current->expiresAt < writerNow;
        const bool inProgressExpired = m_condition == PutCondition::Powertools
            && current->state == RecordState::InProgress && current->leaseUntil && *current->leaseUntil < writerNow;
        if (!expired && !inProgressExpired) {
            old = std::move(current);
            return PutOutcome::ConditionFailed;
        }
        old.reset();
        replaceWith(item);
        return expired ? PutOutcome::ReplacedExpired : PutOutcome::ReplacedInProgressExpired;
    }

    bool readItem(const Scope& scope, Millis now, std::optional<Record>& into) override
    {
        if (!m_consistent) {
            const Guard g = guard();
            const auto it = m_previous.find(scope);
            if (it != m_previous.end() && now < it->second.writtenAt + m_readLagMs) {
                into = it->second.before;
                return true;
            }
        }
        m_inner->readInto(scope, into);
        return false;
    }

    // The sweeper: an item is deleted ttl_deletion_lag_ms after its expiry.
    std::vector<ExpiredKey> expireKeys(Millis now) override { return sweepDue(now, m_lagMs); }
    std::vector<ExpiredKey> sweepTtlNow(Millis now) override { return sweepDue(now, 0); }

    std::optional<Millis> nextKeyExpiry() override
    {
        const Guard g = guard();
        while (!m_due.empty()) {
            const auto& [at, scope] = *m_due.begin();
            const std::optional<Record> r = m_inner->read(scope);
            if (r && r->expiresAt != kNeverExpires && sweepAt(*r) == at)
                return at;
            m_due.erase(m_due.begin()); // written since, or deleted: a later entry stands for it
        }
        return std::nullopt;
    }

private:
    Millis sweepAt(const Record& r) const
    {
        return r.expiresAt > kNeverExpires - m_lagMs ? kNeverExpires : r.expiresAt + m_lagMs;
    }

    // A write of the item at `scope`: the version before it is what an eventually consistent read returns for
    // read_lag_ms, and the sweeper is told of the item's TTL.
    template<class F> bool writing(const Scope& scope, F&& write)
    {
        std::optional<Record> before = m_inner->read(scope);
        const bool wrote = write();
        if (wrote)
            noteWritten(scope, std::move(before));
        return wrote;
    }

    void replaceWith(const Record& item)
    {
        std::optional<Record> before = m_inner->read(item.scope);
        m_inner->overwrite(item);
        noteWritten(item.scope, std::move(before));
    }

    void noteWritten(const Scope& scope, std::optional<Record> before)
    {
        const std::optional<Record> after = m_inner->read(scope);
        const Guard g = guard();
        m_previous[scope] = Previous { std::move(before), m_clock };
        if (after && after->expiresAt != kNeverExpires)
            m_due.emplace(sweepAt(*after), scope);
    }

    std::vector<ExpiredKey> sweepDue(Millis now, Millis lag)
    {
        m_clock = now;
        std::vector<Scope> candidates;
        if (lag == m_lagMs) {
            const Guard g = guard();
            for (auto it = m_due.begin(); it != m_due.end() && it->first <= now; it = m_due.erase(it))
                candidates.push_back(it->second);
        } else {
            for (const Record& r : m_inner->records())
                candidates.push_back(r.scope);
        }
        std::vector<ExpiredKey> swept;
        for (const Scope& scope : candidates) {
            const std::optional<Record> r = m_inner->read(scope);
            if (!r || r->expiresAt == kNeverExpires || r->expiresAt > kNeverExpires - lag || r->expiresAt + lag > now)
                continue;
            if (std::any_of(swept.begin(), swept.end(), [&](const ExpiredKey& k) { return k.scope == scope; }))
                continue;
            writing(scope, [&] {
                m_inner->deleteUnconditionally(scope);
                return true;
            });
            swept.push_back({ scope, r->state });
        }
        std::sort(
            swept.begin(), swept.end(), [](const ExpiredKey& a, const ExpiredKey& b) { return a.scope < b.scope; });
        return swept;
    }

    PutCondition m_condition;
    Millis m_lagMs;
    bool m_consistent;
    Millis m_readLagMs;
    Millis m_clock = 0; // the instant of the writes being made (noteWriteTime)
    std::map<Scope, Previous> m_previous;
    std::set<std::pair<Millis, Scope>> m_due; // (when the sweeper deletes it, item); stale entries are skipped
};

} // namespace

std::unique_ptr<IdempotencyStore> makeDynamoModelStore(const ServicePolicy& policy, StoreThreads threads)
{
    return std::make_unique<DynamoModelStore>(policy, threads);
}

} // namespace iw
