// The MySQL engine's embedded model (docs/manual/stores.md): what InnoDB does to idempotency records, hazards included.
// It is the memory store — a unique index on the scope, the first committed INSERT wins — with two things InnoDB adds:
//
// - The key column has a length (`key_column_length`). Under `claim: "insert_ignore"` a longer key is not an error:
//   INSERT IGNORE turns "data too long" into a warning and stores the key truncated, and the service looks the key up
//   as the column holds it, so two long keys that share that prefix are one record. (Under `insert` and
//   `on_duplicate_key_update` the statement fails instead: 1406, decided in mysqlrules.cpp before the store is asked.)
// - A claim transaction left open (the `rollback_claim` fault) holds the new row's exclusive lock. Every other INSERT
//   of that key meets it during its duplicate-key check and waits, holding a shared next-key lock request — under
//   READ COMMITTED as under REPEATABLE READ. When the owner rolls back, the waiters all get their shared locks and
//   each then needs an exclusive one: with two or more waiters that is a deadlock, and InnoDB rolls back victims
//   (error 1213) until one is left. This model keeps the waiter that waited first and makes every later one a victim;
//   a lone waiter simply inserts.
//
// Its kind() is "memory", as it is the embedded store of that engine.
#include "enginemodel.h"
#include "statehash.h"
#include "storeengine.h"
#include "utf8.h"

#include <map>

namespace iw {

namespace {

// The first `length` code points of a UTF-8 key (as a VARCHAR(length) column of a character set that holds them
// keeps it).
std::string truncatedKey(const std::string& key, int length)
{
    return std::string(utf8::prefixCodePoints(key, static_cast<std::size_t>(std::max(length, 0))));
}

class MysqlModelStore final : public EngineModelStore<MysqlModelStore> {
    // The lock a held claim transaction has on its key's row, and the claims waiting on it by ticket.
    struct Lock {
        Millis version = 0; // the held claim's created_at
        Millis rollbackAt = 0;
        bool released = false;
        std::vector<int> waiting; // tickets in the order they began to wait
        int resolved = 0; // how many of them have ended their wait
    };

public:
    MysqlModelStore(const ServicePolicy& policy, StoreThreads threads)
        : EngineModelStore(threads)
        , m_truncateTo(policy.mysqlClaim == MysqlClaim::InsertIgnore ? policy.keyColumnLength : 0)
    {
    }

    // What reset, save and restore carry beside the inner store (EngineModelStore).
    auto modelState() { return std::tie(m_locks, m_nextTicket); }

    StoreEngine engine() const override { return StoreEngine::Mysql; }

    bool insertClaim(const Record& claim, Millis now) override { return m_inner->insertClaim(column(claim), now); }
    std::optional<Record> read(const Scope& scope) override { return m_inner->read(column(scope)); }
    void readInto(const Scope& scope, std::optional<Record>& into) override { m_inner->readInto(column(scope), into); }
    std::optional<Tombstone> readTombstone(const Scope& scope, Millis now) override
    {
        return m_inner->readTombstone(column(scope), now);
    }
    bool replaceIf(
        const Scope& scope, std::optional<Millis> expectedCreatedAt, const Record& fresh, Millis now) override
    {
        return m_inner->replaceIf(column(scope), expectedCreatedAt, column(fresh), now);
    }
    bool complete(const Scope& scope, Millis ownerVersion, const Completion& completion,
        const std::optional<EffectRow>& effect) override
    {
        return m_inner->complete(column(scope), ownerVersion, completion, effect);
    }
    bool deleteIfOwner(const Scope& scope, Millis ownerVersion) override
    {
        return m_inner->deleteIfOwner(column(scope), ownerVersion);
    }
    void deleteUnconditionally(const Scope& scope) override { m_inner->deleteUnconditionally(column(scope)); }
    void upsertCompletion(
        const Record& ifMissing, const Completion& completion, const std::optional<EffectRow>& effect) override
    {
        m_inner->upsertCompletion(column(ifMissing), completion, effect);
    }
    bool insertCompleted(const Record& record) override { return m_inner->insertCompleted(column(record)); }
    void overwrite(const Record& record) override { m_inner->overwrite(column(record)); }
    bool testAndSetSeen(const Scope& scope) override { return m_inner->testAndSetSeen(column(scope)); }

    std::optional<std::uint64_t> contentHash() override
    {
        const std::optional<std::uint64_t> inner = m_inner->contentHash();
        if (!inner)
            return std::nullopt;
        const Guard g = guard();
        StateHasher h;
        h.add(*inner);
        for (const auto& [scope, lock] : m_locks) {
            h.add(scope).add(lock.version).add(lock.rollbackAt).add(lock.released).add(lock.resolved);
            for (const int t : lock.waiting)
                h.add(t);
        }
        return h.value();
    }

    void holdClaim(const Scope& scope, Millis version, Millis rollbackAt) override
    {
        const Guard g = guard();
        Lock& lock = m_locks[column(scope)];
        lock = Lock {};
        lock.version = version;
        lock.rollbackAt = rollbackAt;
    }

    std::optional<Millis> awaitClaimLock(const Scope& scope, Millis now, int& ticket) override
    {
        const Guard g = guard();
        const Scope key = column(scope);
        const auto it = m_locks.find(key);
        if (it == m_locks.end() || it->second.released)
            return std::nullopt;
        if (now >= it->second.rollbackAt) {
            // The ROLLBACK is due: it happens before this INSERT, whichever the simulation runs first at that instant.
            release(key, it->second);
            if (it->second.waiting.empty())
                m_locks.erase(it);
            return std::nullopt;
        }
        ticket = m_nextTicket++;
        it->second.waiting.push_back(ticket);
        return it->second.rollbackAt;
    }

    LockWaitEnd endLockWait(const Record& claim, int ticket, Millis now) override
    {
        const Scope key = column(claim.scope);
        bool first = false;
        bool alone = false;
        {
            const Guard g = guard();
            const auto it = m_locks.find(key);
            if (it == m_locks.end())
                throw StoreError(StoreError::Kind::Fatal, "mysql model: a lock wait on a key with no lock");
            Lock& lock = it->second;
            if (!lock.released)
                release(key, lock);
            first = !lock.waiting.empty() && lock.waiting.front() == ticket;
            alone = lock.waiting.size() == 1;
            if (++lock.resolved >= static_cast<int>(lock.waiting.size()))
                m_locks.erase(it);
        }
        if (!first && !alone)
            return LockWaitEnd::DeadlockVictim;
        return m_inner->insertClaim(column(claim), now) ? LockWaitEnd::Inserted : LockWaitEnd::Duplicate;
    }

    bool rollbackClaim(const Scope& scope, Millis version, Millis now) override
    {
        (void)now;
        const Scope key = column(scope);
        {
            const Guard g = guard();
            const auto it = m_locks.find(key);
            if (it != m_locks.end() && it->second.version == version) {
                if (it->second.released)
                    return false; // a waiter saw the release first: the row is gone already
                const bool removed = release(key, it->second);
                if (it->second.waiting.empty())
                    m_locks.erase(it);
                return removed;
            }
        }
        return false;
    }

private:
    // The owner's ROLLBACK: its uncommitted row goes (if it is still its own).
    bool release(const Scope& key, Lock& lock)
    {
        lock.released = true;
        return m_inner->deleteIfOwner(key, lock.version);
    }

    Scope column(const Scope& scope) const
    {
        if (m_truncateTo <= 0)
            return scope;
        return { scope.actor, scope.operation, truncatedKey(scope.key, m_truncateTo) };
    }
    Record column(const Record& record) const
    {
        if (m_truncateTo <= 0)
            return record;
        Record r = record;
        r.scope.key = truncatedKey(r.scope.key, m_truncateTo);
        return r;
    }

    int m_truncateTo = 0; // insert_ignore: the key column's length; 0: keys are kept whole
    std::map<Scope, Lock> m_locks;
    int m_nextTicket = 0;
};

} // namespace

std::unique_ptr<IdempotencyStore> makeMysqlModelStore(const ServicePolicy& policy, StoreThreads threads)
{
    return std::make_unique<MysqlModelStore>(policy, threads);
}

} // namespace iw
