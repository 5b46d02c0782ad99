// The Redis engine's embedded model (docs/manual/stores.md): what a Redis keyspace does to idempotency records, hazards
// included.
//
// - A record is one key, claimed with SET NX: the first writer wins, exactly as a unique index decides.
// - Every key carries an expiry (an in-progress claim too) and is gone once it comes: the simulation calls
//   expireKeys(t) at each expiry instant before any other work due then, so no read ever sees a key past it.
// - Powertools' orphan recovery takes a lock key `<key>:lock` with SET NX before it overwrites the record.
// - Replication is asynchronous: detachReplica(t) is the last instant a write reached the replica, failover(t)
//   promotes it, and every write in between is lost (its scopes are returned for the `writes_lost` events).
//
// Its kind() is "memory", as it is the embedded store of that engine; core/redis speaks the same operations to a real
// server, and tst_redisdifferential checks that both give byte-identical reports. Ordered maps rather than the memory
// store's compact rows: a Redis scenario teaches a hazard with a few keys, and a sorted keyspace is its listing.
#include "statehash.h"
#include "storeengine.h"
#include "storeguard.h"

#include <algorithm>
#include <map>
#include <mutex>
#include <set>

namespace iw {

namespace {

class RedisModelStore final : public IdempotencyStore {
    struct Keyspace {
        std::map<Scope, Record> records; // by scope: the listing's order
        std::set<std::pair<Millis, Scope>> expiries; // every record key's expiry but "never"
        std::map<Scope, Millis> locks; // orphan locks, until
        std::set<Scope> seen; // seen flags
    };

public:
    explicit RedisModelStore(StoreThreads threads)
        : m_locking(threads == StoreThreads::Shared)
    {
    }

    std::string kind() const override { return "memory"; }
    StoreEngine engine() const override { return StoreEngine::Redis; }

    void reset() override
    {
        const Guard lock = guard();
        m_keys = {};
        m_replica.reset();
        m_lost.clear();
        m_effects.clear();
    }

    bool insertClaim(const Record& claim, Millis now) override
    {
        const Guard lock = guard();
        (void)now;
        if (m_keys.records.contains(claim.scope))
            return false; // SET NX: the key exists
        put(claim);
        return true;
    }

    std::optional<Record> read(const Scope& scope) override
    {
        const Guard lock = guard();
        const auto it = m_keys.records.find(scope);
        if (it == m_keys.records.end())
            return std::nullopt;
        return it->second;
    }

    std::optional<Tombstone> readTombstone(const Scope&, Millis) override { return std::nullopt; }

    bool replaceIf(
        const Scope& scope, std::optional<Millis> expectedCreatedAt, const Record& fresh, Millis now) override
    {
        const Guard lock = guard();
        (void)now;
        const auto it = m_keys.records.find(scope);
        if (!expectedCreatedAt ? it != m_keys.records.end()
                               : it == m_keys.records.end() || it->second.createdAt != *expectedCreatedAt)
            return false;
        put(fresh);
        return true;
    }

    bool complete(const Scope& scope, Millis ownerVersion, const Completion& completion,
        const std::optional<EffectRow>& effect) override
    {
        const Guard lock = guard();
        if (effect)
            m_effects.push_back(*effect);
        const auto it = m_keys.records.find(scope);
        if (it == m_keys.records.end() || it->second.createdAt != ownerVersion)
            return false;
        Record r = it->second;
        apply(r, completion);
        put(r);
        return true;
    }

    bool deleteIfOwner(const Scope& scope, Millis ownerVersion) override
    {
        const Guard lock = guard();
        const auto it = m_keys.records.find(scope);
        if (it == m_keys.records.end() || it->second.createdAt != ownerVersion)
            return false;
        erase(scope);
        return true;
    }

    void deleteUnconditionally(const Scope& scope) override
    {
        const Guard lock = guard();
        if (m_keys.records.contains(scope))
            erase(scope);
    }

    void upsertCompletion(
        const Record& ifMissing, const Completion& completion, const std::optional<EffectRow>& effect) override
    {
        const Guard lock = guard();
        if (effect)
            m_effects.push_back(*effect);
        const auto it = m_keys.records.find(ifMissing.scope);
        Record r = ifMissing;
        if (it != m_keys.records.end()) {
            r = it->second;
            r.payloadHash = ifMissing.payloadHash;
        }
        apply(r, completion);
        put(r);
    }

    bool insertCompleted(const Record& record) override
    {
        const Guard lock = guard();
        if (m_keys.records.contains(record.scope))
            return false;
        put(record);
        return true;
    }

    void overwrite(const Record& record) override
    {
        const Guard lock = guard();
        put(record);
    }

    bool testAndSetSeen(const Scope& scope) override
    {
        const Guard lock = guard();
        wrote(scope);
        return m_keys.seen.insert(scope).second;
    }

    void recordEffect(const EffectRow& effect) override
    {
        const Guard lock = guard();
        m_effects.push_back(effect);
    }

    // Redis expires keys itself: nothing is ever left for a sweeper.
    SweepResult sweep(Millis, const SweepPolicy&) override { return {}; }
    std::optional<Millis> nextSweepable(bool) override { return std::nullopt; }

    std::vector<Record> records() override
    {
        const Guard lock = guard();
        std::vector<Record> out;
        out.reserve(m_keys.records.size());
        for (const auto& [scope, record] : m_keys.records)
            out.push_back(record);
        return out;
    }

    std::size_t recordCount() override
    {
        const Guard lock = guard();
        return m_keys.records.size();
    }

    std::vector<Tombstone> tombstones() override { return {}; }

    std::vector<EffectRow> effects() override
    {
        const Guard lock = guard();
        return m_effects;
    }

    std::vector<ExpiredKey> expireKeys(Millis now) override
    {
        const Guard lock = guard();
        std::vector<ExpiredKey> out;
        while (!m_keys.expiries.empty() && m_keys.expiries.begin()->first <= now) {
            const Scope scope = m_keys.expiries.begin()->second;
            out.push_back({ scope, m_keys.records.at(scope).state });
            erase(scope, false); // an expiry is the server's own doing, not a write a replica could miss
        }
        std::erase_if(m_keys.locks, [now](const auto& lock) { return lock.second <= now; });
        std::sort(out.begin(), out.end(), [](const ExpiredKey& a, const ExpiredKey& b) { return a.scope < b.scope; });
        return out;
    }

    std::optional<Millis> nextKeyExpiry() override
    {
        const Guard lock = guard();
        if (m_keys.expiries.empty())
            return std::nullopt;
        return m_keys.expiries.begin()->first;
    }

    OrphanWrite overwriteOrphan(
        const Record& fresh, std::optional<Millis> expectedCreatedAt, Millis lockUntil, Millis now) override
    {
        const Guard lock = guard();
        // SET <key>:lock NX PX: a lock whose time has passed is gone.
        const auto held = m_keys.locks.find(fresh.scope);
        if (held != m_keys.locks.end() && held->second > now)
            return OrphanWrite::LockHeld;
        m_keys.locks[fresh.scope] = lockUntil;
        wrote(fresh.scope);
        if (expectedCreatedAt) {
            const auto it = m_keys.records.find(fresh.scope);
            // Unchanged: the same claim, still in progress (completed since the snapshot is a change too).
            if (it == m_keys.records.end() || it->second.createdAt != *expectedCreatedAt
                || it->second.state != RecordState::InProgress)
                return OrphanWrite::Changed;
        }
        put(fresh);
        return OrphanWrite::Written;
    }

    bool setExpiry(const Scope& scope, Millis expiresAt) override
    {
        const Guard lock = guard();
        const auto it = m_keys.records.find(scope);
        if (it == m_keys.records.end())
            return false;
        Record r = it->second;
        r.expiresAt = expiresAt;
        put(r);
        return true;
    }

    void detachReplica(Millis) override
    {
        const Guard lock = guard();
        m_replica = m_keys;
        m_lost.clear();
    }

    std::vector<Scope> failover(Millis now) override
    {
        const Guard lock = guard();
        if (!m_replica)
            return {};
        m_keys = std::move(*m_replica);
        m_replica.reset();
        // Keys the replica holds whose expiry has come by now are gone on it too; each was rewritten since the detach
        // (or it would have expired on the primary already), so it is among the lost writes.
        while (!m_keys.expiries.empty() && m_keys.expiries.begin()->first <= now) {
            const Scope scope = m_keys.expiries.begin()->second;
            erase(scope, false);
        }
        std::vector<Scope> lost(m_lost.begin(), m_lost.end());
        m_lost.clear();
        return lost;
    }

    std::optional<std::uint64_t> contentHash() override
    {
        const Guard lock = guard();
        StateHasher h;
        hashKeys(h, m_keys);
        h.add(m_replica.has_value());
        if (m_replica)
            hashKeys(h, *m_replica);
        for (const Scope& s : m_lost)
            h.add(s);
        return h.value();
    }

    struct Saved final : SavedState {
        Keyspace keys;
        std::optional<Keyspace> replica;
        std::set<Scope> lost;
        std::size_t effects = 0;
    };

    std::unique_ptr<SavedState> makeSavedState() const override { return std::make_unique<Saved>(); }

    void save(SavedState& into) override
    {
        const Guard lock = guard();
        Saved& s = static_cast<Saved&>(into);
        s.keys = m_keys;
        s.replica = m_replica;
        s.lost = m_lost;
        s.effects = m_effects.size();
    }

    void restore(const SavedState& from) override
    {
        const Guard lock = guard();
        const Saved& s = static_cast<const Saved&>(from);
        m_keys = s.keys;
        m_replica = s.replica;
        m_lost = s.lost;
        m_effects.resize(std::min(m_effects.size(), s.effects));
    }

private:
    static void hashKeys(StateHasher& h, const Keyspace& k)
    {
        h.add(static_cast<std::uint64_t>(k.records.size()));
        for (const auto& [scope, record] : k.records)
            h.add(record);
        for (const auto& [scope, until] : k.locks)
            h.add(scope).add(until);
        for (const Scope& s : k.seen)
            h.add(s);
    }

    void wrote(const Scope& scope)
    {
        if (m_replica)
            m_lost.insert(scope);
    }

    void put(const Record& r)
    {
        wrote(r.scope);
        const auto it = m_keys.records.find(r.scope);
        if (it != m_keys.records.end()) {
            m_keys.expiries.erase({ it->second.expiresAt, r.scope });
            it->second = r;
        } else {
            m_keys.records.emplace(r.scope, r);
        }
        if (r.expiresAt != kNeverExpires)
            m_keys.expiries.insert({ r.expiresAt, r.scope });
    }

    void erase(const Scope& scope, bool isWrite = true)
    {
        if (isWrite)
            wrote(scope);
        const auto it = m_keys.records.find(scope);
        m_keys.expiries.erase({ it->second.expiresAt, scope });
        m_keys.records.erase(it);
    }

    static void apply(Record& r, const Completion& c)
    {
        r.state = RecordState::Completed;
        r.statusCode = c.statusCode;
        r.responseBody = c.responseBody;
        r.completedAt = c.completedAt;
        r.resultId = c.resultId;
        if (c.expiresAt)
            r.expiresAt = *c.expiresAt;
    }

    using Guard = StoreGuard;
    Guard guard() { return Guard(m_locking ? &m_mutex : nullptr); }

    std::mutex m_mutex;
    bool m_locking = true;
    Keyspace m_keys;
    std::optional<Keyspace> m_replica; // set between a detach and its failover: what the replica holds
    std::set<Scope> m_lost; // scopes written since the detach
    std::vector<EffectRow> m_effects; // the business action's rows: outside Redis, a failover keeps them
};

} // namespace

std::unique_ptr<IdempotencyStore> makeRedisModelStore(StoreThreads threads)
{
    return std::make_unique<RedisModelStore>(threads);
}

} // namespace iw
