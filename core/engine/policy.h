// The service policy: profile defaults from real systems (docs/reference/decisions.md), every field overridable by a
// scenario.
#pragma once

#include "domain.h"
#include "fingerprint.h"

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace iw {

enum class Profile {
    Ietf,
    Stripe,
    Powertools,
    Brandur,
    PowertoolsRedis,
    PowertoolsRedisFixed,
    ExpressIdempotency,
    NodeIdempotency,
    PowertoolsDynamodb
};
enum class Strategy { UniqueClaim, CheckThenInsert, SeenFlag, None };
enum class AfterExpiry { Forget, Tombstone };
// docs/reference/decisions.md#profiles: what a key's uniqueness covers. OperationQuery is node-idempotency's cache key:
// the method, the path with its query string as sent, and the key (a changed query is another scope, so it runs again).
enum class KeyScope { ActorOperation, Operation, Actor, Global, OperationQuery };
// docs/reference/decisions.md#profiles: the text a fingerprint hashes: §3's JCS, the parsed body as JavaScript's
// JSON.stringify writes it, or the body's bytes as sent.
enum class FingerprintForm { Canonical, Ordered, Raw };
// docs/reference/decisions.md#profiles/§11: how the Idempotency-Key header is read on the wire.
enum class KeySyntax { SfString, Raw };
// docs/reference/decisions.md#profiles: the parts of a request a fingerprint covers, as bits.
enum FingerprintPart : unsigned { PartMethod = 1, PartPath = 2, PartQuery = 4, PartBody = 8 };

// What a store *is* (docs/manual/stores.md): `sql` is a unique index (the memory and PostgreSQL stores); `redis` is a
// key per record, claimed with SET NX, whose every key expires and whose replicas lag; `mysql` is InnoDB's unique
// index, whose same-key claims wait on each other's locks; `dynamodb` is an item per record written by a conditional
// PutItem, whose TTL attribute the sweeper honours late and whose default reads are eventually consistent
// (storeengine.h says what follows).
enum class StoreEngine : std::uint8_t { Sql, Redis, Mysql, Dynamodb };
// The dynamodb engine's claim: a PutItem whose ConditionExpression is `attribute_not_exists(pk)` (the service trusts
// the TTL sweeper: an item that is there is live), `attribute_not_exists(pk) OR expires_at < :now` (the condition tests
// expiry with the writer's clock), or Powertools' own three-part condition (not exists, or `expiration < :now` in
// seconds, or INPROGRESS with `in_progress_expiration < :now_in_millis`).
enum class PutCondition : std::uint8_t { NotExists, NotExistsOrExpired, Powertools };
// How a Redis claim is written: one SET … NX PX (the key carries its expiry from the start), or HSETNX then a
// separate EXPIRE (a process that dies between the two leaves a record that never expires).
enum class ClaimCommand : std::uint8_t { SetNxPx, HsetThenExpire };
// The mysql engine (docs/manual/stores.md): InnoDB's isolation level — the same-key deadlock happens under both, since
// the duplicate-key check takes a shared next-key lock whatever the level.
enum class MysqlIsolation : std::uint8_t { RepeatableRead, ReadCommitted };
// How a MySQL claim is written: INSERT (a duplicate is error 1062 and the loser reads), INSERT IGNORE (a duplicate is a
// warning; values are coerced, so a key longer than the column is silently truncated), or INSERT … ON DUPLICATE KEY
// UPDATE (no error: 0 rows affected means the row existed).
enum class MysqlClaim : std::uint8_t { Insert, InsertIgnore, OnDuplicateKeyUpdate };
// What a request whose claim transaction InnoDB chose as a deadlock victim (error 1213) does: runs it again, or
// answers the error.
enum class DeadlockAction : std::uint8_t { Retry, Error };

std::string_view profileName(Profile);
std::optional<Profile> profileFromName(std::string_view);
// Every profile, in the order of the names table (the probe's card compares a real service with each).
std::vector<Profile> allProfiles();
std::string_view strategyName(Strategy);
std::optional<Strategy> strategyFromName(std::string_view);
std::string_view afterExpiryName(AfterExpiry);
std::optional<AfterExpiry> afterExpiryFromName(std::string_view);
std::string_view storeEngineName(StoreEngine);
std::optional<StoreEngine> storeEngineFromName(std::string_view);
std::string_view claimCommandName(ClaimCommand);
std::optional<ClaimCommand> claimCommandFromName(std::string_view);
std::string_view mysqlIsolationName(MysqlIsolation);
std::optional<MysqlIsolation> mysqlIsolationFromName(std::string_view);
std::string_view mysqlClaimName(MysqlClaim);
std::optional<MysqlClaim> mysqlClaimFromName(std::string_view);
std::string_view deadlockActionName(DeadlockAction);
std::optional<DeadlockAction> deadlockActionFromName(std::string_view);
std::string_view putConditionName(PutCondition);
std::optional<PutCondition> putConditionFromName(std::string_view);
std::string_view keyScopeName(KeyScope);
std::optional<KeyScope> keyScopeFromName(std::string_view);
std::string_view fingerprintFormName(FingerprintForm);
std::optional<FingerprintForm> fingerprintFormFromName(std::string_view);
std::string_view keySyntaxName(KeySyntax);
std::optional<KeySyntax> keySyntaxFromName(std::string_view);
std::string_view fingerprintPartName(FingerprintPart);
std::optional<FingerprintPart> fingerprintPartFromName(std::string_view);
// The four parts in the order a fingerprint takes them.
inline constexpr FingerprintPart kFingerprintParts[] = { PartMethod, PartPath, PartQuery, PartBody };

// ttl_ms null: records never expire (express-idempotency's in-memory list keeps them for the process's life). 2^52 ms
// (about 142,000 years), so created_at + ttl stays an exact JSON number.
inline constexpr Millis kNeverMs = 4'503'599'627'370'496;

// max_key_length null: no limit (express-idempotency reads a key of any length).
inline constexpr int kNoKeyLengthLimit = 2147483647;

// docs/reference/serve.md: how long after a suspected intent's first arrival another request may still join it (the
// live view's suspected_key_regeneration window).
inline constexpr Millis kDefaultIntentWindowMs = 60'000;

struct ServicePolicy {
    Profile profile = Profile::Ietf;
    Strategy strategy = Strategy::UniqueClaim;
    bool requireKey = true;
    int minKeyLength = 1;
    int maxKeyLength = 255;
    Millis ttlMs = 86'400'000;
    std::optional<Millis> leaseMs; // none: an in-progress record is never taken over
    AfterExpiry afterExpiry = AfterExpiry::Forget;
    std::optional<Millis> tombstoneMs;
    bool storeErrors = true;
    int mismatchStatus = 422;
    int inProgressStatus = 409;
    int missingKeyStatus = 400;
    int expiredStatus = 409;
    FingerprintSelection fingerprint;
    bool fingerprintGiven = false; // powertools validates the payload only when a fingerprint is configured
    Millis handlerMs = 200;
    Millis dbMs = 2;
    Millis networkMs = 10;
    std::optional<Millis> sweepEveryMs;
    // docs/manual/stores.md store engines. The redis fields mean nothing on `sql` (the loader refuses them there).
    StoreEngine storeEngine = StoreEngine::Sql;
    std::optional<Millis> claimTtlMs; // the claim's PX; none: ttl_ms
    ClaimCommand claimCommand = ClaimCommand::SetNxPx;
    std::optional<Millis> replicationLagMs; // `replication: {"mode": "async", "lag_ms"}`; none: no replica
    // The mysql fields mean nothing on the other engines (the loader refuses them there).
    MysqlIsolation isolation = MysqlIsolation::RepeatableRead;
    MysqlClaim mysqlClaim = MysqlClaim::Insert;
    int keyColumnLength = 255; // the key column's VARCHAR length, in characters
    DeadlockAction deadlock = DeadlockAction::Error;
    // The dynamodb fields mean nothing on the other engines (the loader refuses them there).
    PutCondition putCondition = PutCondition::NotExists;
    Millis ttlDeletionLagMs = 172'800'000; // the TTL sweeper deletes an item this long after its TTL passed (48 h)
    bool consistentRead = false; // GetItem's ConsistentRead
    Millis readLagMs = 10; // an eventually consistent read within this long of a write returns the previous version
    // DynamoDB's item cap (400 KB: names and values, counted as DynamoDB counts them): a write of a bigger item fails
    // with a ValidationException and writes nothing.
    std::int64_t itemSizeLimitBytes = 409'600;
    // docs/reference/decisions.md#profiles's knobs; the defaults keep §4's behaviour.
    KeyScope keyScope = KeyScope::ActorOperation;
    FingerprintForm fingerprintForm = FingerprintForm::Canonical;
    unsigned fingerprintParts = PartBody;
    KeySyntax keySyntax = KeySyntax::SfString;
    std::optional<int> conflictRetryAfterS; // a Retry-After on conflict_in_progress
    std::optional<Millis> inProgressWaitMs; // wait for an in-progress record to finish, then answer
    // docs/reference/serve.md: served requests of one actor and operation with equal fingerprints under other keys (or
    // none) that arrive within this long of the first form one suspected intent.
    Millis intentWindowMs = kDefaultIntentWindowMs;

    bool keyLengthLimited() const { return maxKeyLength != kNoKeyLengthLimit; }
    // The scope a request's store record is kept under: its actor, operation and key with what key_scope leaves out
    // emptied (the query joins the operation under operation_query).
    Scope storeScope(
        std::string_view actor, std::string_view operation, std::string_view query, std::string_view key) const;
    // The default of key_scope, fingerprint_form… is kept: the request's scope and fingerprint are §4's.
    bool plainScope() const { return keyScope == KeyScope::ActorOperation; }
    bool plainFingerprint() const
    {
        return fingerprintForm == FingerprintForm::Canonical && fingerprintParts == PartBody;
    }

    // The defaults of the profile table in docs/reference/decisions.md (and the scenario defaults for latencies).
    static ServicePolicy forProfile(Profile);

    // A lease of 0 is none (docs/reference/scenario.md fine point 7).
    std::optional<Millis> effectiveLease() const;
    // How long a claim lives on an engine whose keys expire: claim_ttl_ms, else ttl_ms.
    Millis claimTtl() const { return claimTtlMs.value_or(ttlMs); }
    // The Powertools family (`powertools`, `powertools-redis`, `powertools-redis-fixed`): unfenced writes — a handler
    // error deletes whatever record is there, and the completion is an upsert (last writer wins).
    bool unfencedWrites() const
    {
        return profile == Profile::Powertools || profile == Profile::PowertoolsRedis
            || profile == Profile::PowertoolsRedisFixed || profile == Profile::PowertoolsDynamodb;
    }
    // Powertools' records (`powertools`, `powertools-dynamodb`): the expiry in whole seconds (round(now_s + ttl_s)),
    // recomputed at completion, and a record past it is expired in any state.
    bool powertoolsExpiry() const { return profile == Profile::Powertools || profile == Profile::PowertoolsDynamodb; }
};

// docs/reference/decisions.md#profiles: the text a request's fingerprint hashes and its SHA-256. With the default form
// and parts it is §3's canonical significant payload; otherwise the parts fingerprint_parts names, a line each
// ("method:POST", "path:/v1/x", "query:a=1", then "body:" and the body in fingerprint_form). The method and path come
// from an operation written "METHOD /path" (any other operation is a path without a method). Under `raw` the body is
// `rawBody` when the request carried its bytes, else the payload as JSON.stringify writes it.
Fingerprint requestFingerprint(const ServicePolicy& policy, std::string_view operation, std::string_view query,
    const json::Value& payload, const std::string* rawBody);

} // namespace iw
