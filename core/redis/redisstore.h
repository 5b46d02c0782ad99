// The Redis engine on a real server (docs/manual/stores.md `--store redis --redis URL`), through hiredis: the same
// operations as the embedded model (core/engine/redismodel.cpp), so a preset gives a byte-identical report on either.
//
// - Keys live under a prefix the store owns (`iw:` by default): a record is the key
//   `<prefix><actor>\x1f<operation>\x1f<key>`, a string holding the record as a JSON object of strings (`actor`,
//   `operation`, `key`, `payload_hash`, `state`, `created_ms`, and where set `status_code`, `response_body`,
//   `completed_ms`, `expires_ms`, `lease_until_ms`, `result_id`); beside the records, under `<prefix>\x1d`, the mark
//   that says the prefix is the workbench's, the seen flags and Powertools' orphan locks. The store deletes keys only
//   under a marked prefix, and refuses a prefix holding keys it did not mark.
// - The claim is one native command, `SET key record NX PX` (the first writer of the key wins, and its whole record is
//   in place the moment it wins); so are a plain overwrite, a delete and a seen flag. The writes that must read the
//   record first (the owner's completion, a compare-and-set on created_ms, the orphan takeover) are each one Lua
//   script, atomic on the server.
// - Time is virtual: every expiry is an absolute instant of the simulation's clock, in the record's `expires_ms` and
//   compared by the store's scripts, never the server's TTL clock (each key also carries a real expiry of a day, so
//   that an interrupted run leaves nothing for ever). The index of those expiries — which key comes due next — is
//   kept by the store that wrote them, the one whose clock they follow: a second store on the same prefix (a `race`
//   thread's) sees the expiries in the values, not in its index.
// - A failover (the `failover` fault) needs the URL of a replica of the server: at at_ms − lag_ms the replica is cut
//   off (after WAIT, so it holds every write made before), at at_ms the store moves to it; what it never got is lost.
// - Every wait is bounded (connect 10 s, each command 10 s, TCP keepalive); a broken connection is one sentence.
#pragma once

#include "redisurl.h"
#include "store.h"

#include <map>
#include <memory>
#include <set>
#include <string>

struct redisContext;
struct redisReply;

namespace iw {

class RedisStore final : public IdempotencyStore {
public:
    struct Options {
        std::string prefix = "iw:";
        std::optional<RedisUrl> replica; // for failover
    };

    // Connects and checks the server can be written: a replica (role slave) is refused in one sentence. Throws
    // StoreError (Unavailable: unreachable; Fatal: refused password, read-only server).
    static std::unique_ptr<RedisStore> connect(const RedisUrl& url, Options options);
    ~RedisStore() override;

    std::string kind() const override { return "redis"; }
    StoreEngine engine() const override { return StoreEngine::Redis; }
    const std::string& prefix() const { return m_options.prefix; }

    void reset() override;
    bool insertClaim(const Record& claim, Millis now) override;
    std::optional<Record> read(const Scope& scope) override;
    std::optional<Tombstone> readTombstone(const Scope&, Millis) override { return std::nullopt; }
    bool replaceIf(
        const Scope& scope, std::optional<Millis> expectedCreatedAt, const Record& fresh, Millis now) override;
    bool complete(const Scope& scope, Millis ownerVersion, const Completion& completion,
        const std::optional<EffectRow>& effect) override;
    bool deleteIfOwner(const Scope& scope, Millis ownerVersion) override;
    void deleteUnconditionally(const Scope& scope) override;
    void upsertCompletion(
        const Record& ifMissing, const Completion& completion, const std::optional<EffectRow>& effect) override;
    bool insertCompleted(const Record& record) override;
    void overwrite(const Record& record) override;
    bool testAndSetSeen(const Scope& scope) override;
    void recordEffect(const EffectRow& effect) override;
    SweepResult sweep(Millis, const SweepPolicy&) override { return {}; }
    std::optional<Millis> nextSweepable(bool) override { return std::nullopt; }
    std::vector<Record> records() override;
    std::vector<Tombstone> tombstones() override { return {}; }
    std::vector<EffectRow> effects() override { return m_effects; }

    std::vector<ExpiredKey> expireKeys(Millis now) override;
    std::optional<Millis> nextKeyExpiry() override;
    OrphanWrite overwriteOrphan(
        const Record& fresh, std::optional<Millis> expectedCreatedAt, Millis lockUntil, Millis now) override;
    bool setExpiry(const Scope& scope, Millis expiresAt) override;
    void detachReplica(Millis now) override;
    std::vector<Scope> failover(Millis now) override;

    // The record's key name for a scope (tests and the live view's mapping read it).
    std::string recordKey(const Scope& scope) const;

private:
    struct Connection;
    // The virtual expiries of the record keys this store wrote, soonest first.
    struct Expiries {
        std::map<Scope, Millis> of;
        std::set<std::pair<Millis, Scope>> due;
        void set(const Scope& scope, Millis at); // kNeverExpires: no expiry
        void erase(const Scope& scope);
    };
    RedisStore(const RedisUrl& url, Options options);
    Connection& current();
    redisReply* command(Connection& c, const std::vector<std::string>& args, bool writes);
    redisReply* command(Connection& c, int argc, const char** argv, const size_t* lens, bool writes);
    redisReply* script(int which, const std::vector<std::string>& keys, const std::vector<std::string>& args);
    bool setIfAbsent(const Scope& scope, const Record& record);
    std::vector<ExpiredKey> expireDue(Millis now);
    void wrote(const Scope& scope);
    void attachReplica();

    RedisUrl m_url;
    Options m_options;
    std::unique_ptr<Connection> m_primary;
    std::unique_ptr<Connection> m_replica; // set while a replica is configured and not yet promoted
    bool m_failedOver = false;
    bool m_detached = false;
    std::set<Scope> m_lost; // scopes written since the detach
    std::vector<EffectRow> m_effects; // the business action's rows: outside Redis
    Expiries m_expiries;
    std::optional<Expiries> m_replicaExpiries; // between a detach and its failover: those of the keys the replica holds
};

} // namespace iw
