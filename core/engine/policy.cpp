// Profile defaults and the names of policy enums.
#include "policy.h"

#include "nametable.h"

#include <algorithm>
#include <array>
#include <utility>

namespace iw {

namespace {
constexpr auto s_profiles = nameTable<Profile>({
    { Profile::Ietf, "ietf" },
    { Profile::Stripe, "stripe" },
    { Profile::Powertools, "powertools" },
    { Profile::Brandur, "brandur" },
    { Profile::PowertoolsRedis, "powertools-redis" },
    { Profile::PowertoolsRedisFixed, "powertools-redis-fixed" },
    { Profile::ExpressIdempotency, "express-idempotency" },
    { Profile::NodeIdempotency, "node-idempotency" },
    { Profile::PowertoolsDynamodb, "powertools-dynamodb" },
});
constexpr auto s_storeEngines = nameTable<StoreEngine>({
    { StoreEngine::Sql, "sql" },
    { StoreEngine::Redis, "redis" },
    { StoreEngine::Mysql, "mysql" },
    { StoreEngine::Dynamodb, "dynamodb" },
});
constexpr auto s_putConditions = nameTable<PutCondition>({
    { PutCondition::NotExists, "not_exists" },
    { PutCondition::NotExistsOrExpired, "not_exists_or_expired" },
    { PutCondition::Powertools, "powertools" },
});
constexpr auto s_isolations = nameTable<MysqlIsolation>({
    { MysqlIsolation::RepeatableRead, "repeatable_read" },
    { MysqlIsolation::ReadCommitted, "read_committed" },
});
constexpr auto s_mysqlClaims = nameTable<MysqlClaim>({
    { MysqlClaim::Insert, "insert" },
    { MysqlClaim::InsertIgnore, "insert_ignore" },
    { MysqlClaim::OnDuplicateKeyUpdate, "on_duplicate_key_update" },
});
constexpr auto s_deadlockActions = nameTable<DeadlockAction>({
    { DeadlockAction::Retry, "retry" },
    { DeadlockAction::Error, "error" },
});
constexpr auto s_claimCommands = nameTable<ClaimCommand>({
    { ClaimCommand::SetNxPx, "set_nx_px" },
    { ClaimCommand::HsetThenExpire, "hset_then_expire" },
});
constexpr auto s_keyScopes = nameTable<KeyScope>({
    { KeyScope::ActorOperation, "actor_operation" },
    { KeyScope::Operation, "operation" },
    { KeyScope::Actor, "actor" },
    { KeyScope::Global, "global" },
    { KeyScope::OperationQuery, "operation_query" },
});
constexpr auto s_fingerprintForms = nameTable<FingerprintForm>({
    { FingerprintForm::Canonical, "canonical" },
    { FingerprintForm::Ordered, "ordered" },
    { FingerprintForm::Raw, "raw" },
});
constexpr auto s_keySyntaxes = nameTable<KeySyntax>({
    { KeySyntax::SfString, "sf-string" },
    { KeySyntax::Raw, "raw" },
});
constexpr auto s_parts = nameTable<FingerprintPart>({
    { PartMethod, "method" },
    { PartPath, "path" },
    { PartQuery, "query" },
    { PartBody, "body" },
});
constexpr auto s_strategies = nameTable<Strategy>({
    { Strategy::UniqueClaim, "unique_claim" },
    { Strategy::CheckThenInsert, "check_then_insert" },
    { Strategy::SeenFlag, "seen_flag" },
    { Strategy::None, "none" },
});
constexpr auto s_afterExpiry = nameTable<AfterExpiry>({
    { AfterExpiry::Forget, "forget" },
    { AfterExpiry::Tombstone, "tombstone" },
});
} // namespace

std::string_view profileName(Profile p)
{
    return nameOf(s_profiles, p);
}
std::optional<Profile> profileFromName(std::string_view n)
{
    return valueOf(s_profiles, n);
}
std::string_view putConditionName(PutCondition c)
{
    return nameOf(s_putConditions, c);
}
std::optional<PutCondition> putConditionFromName(std::string_view n)
{
    return valueOf(s_putConditions, n);
}
std::vector<Profile> allProfiles()
{
    std::vector<Profile> out;
    for (const auto& [value, text] : s_profiles)
        out.push_back(value);
    return out;
}
std::string_view mysqlIsolationName(MysqlIsolation i)
{
    return nameOf(s_isolations, i);
}
std::optional<MysqlIsolation> mysqlIsolationFromName(std::string_view n)
{
    return valueOf(s_isolations, n);
}
std::string_view mysqlClaimName(MysqlClaim c)
{
    return nameOf(s_mysqlClaims, c);
}
std::optional<MysqlClaim> mysqlClaimFromName(std::string_view n)
{
    return valueOf(s_mysqlClaims, n);
}
std::string_view deadlockActionName(DeadlockAction a)
{
    return nameOf(s_deadlockActions, a);
}
std::optional<DeadlockAction> deadlockActionFromName(std::string_view n)
{
    return valueOf(s_deadlockActions, n);
}
std::string_view strategyName(Strategy s)
{
    return nameOf(s_strategies, s);
}
std::optional<Strategy> strategyFromName(std::string_view n)
{
    return valueOf(s_strategies, n);
}
std::string_view afterExpiryName(AfterExpiry a)
{
    return nameOf(s_afterExpiry, a);
}
std::optional<AfterExpiry> afterExpiryFromName(std::string_view n)
{
    return valueOf(s_afterExpiry, n);
}

std::string_view storeEngineName(StoreEngine e)
{
    return nameOf(s_storeEngines, e);
}
std::optional<StoreEngine> storeEngineFromName(std::string_view n)
{
    return valueOf(s_storeEngines, n);
}
std::string_view claimCommandName(ClaimCommand c)
{
    return nameOf(s_claimCommands, c);
}
std::optional<ClaimCommand> claimCommandFromName(std::string_view n)
{
    return valueOf(s_claimCommands, n);
}
std::string_view keyScopeName(KeyScope v)
{
    return nameOf(s_keyScopes, v);
}
std::optional<KeyScope> keyScopeFromName(std::string_view n)
{
    return valueOf(s_keyScopes, n);
}
std::string_view fingerprintFormName(FingerprintForm v)
{
    return nameOf(s_fingerprintForms, v);
}
std::optional<FingerprintForm> fingerprintFormFromName(std::string_view n)
{
    return valueOf(s_fingerprintForms, n);
}
std::string_view keySyntaxName(KeySyntax v)
{
    return nameOf(s_keySyntaxes, v);
}
std::optional<KeySyntax> keySyntaxFromName(std::string_view n)
{
    return valueOf(s_keySyntaxes, n);
}
std::string_view fingerprintPartName(FingerprintPart v)
{
    return nameOf(s_parts, v);
}
std::optional<FingerprintPart> fingerprintPartFromName(std::string_view n)
{
    return valueOf(s_parts, n);
}

Scope ServicePolicy::storeScope(
    std::string_view actor, std::string_view operation, std::string_view query, std::string_view key) const
{
    Scope s;
    s.key.assign(key);
    switch (keyScope) {
    case KeyScope::ActorOperation:
        s.actor.assign(actor);
        s.operation.assign(operation);
        break;
    case KeyScope::Operation:
        s.operation.assign(operation);
        break;
    case KeyScope::Actor:
        s.actor.assign(actor);
        break;
    case KeyScope::Global:
        break;
    case KeyScope::OperationQuery:
        s.operation.assign(operation);
        if (!query.empty())
            s.operation.append(1, '?').append(query);
        break;
    }
    return s;
}

ServicePolicy ServicePolicy::forProfile(Profile profile)
{
    ServicePolicy p;
    p.profile = profile;
    switch (profile) {
    case Profile::Ietf:
        break;
    case Profile::Stripe:
        p.requireKey = false;
        p.mismatchStatus = 400;
        break;
    case Profile::Powertools:
        p.requireKey = false;
        p.ttlMs = 3'600'000;
        p.storeErrors = false;
        break;
    case Profile::PowertoolsRedis:
    case Profile::PowertoolsRedisFixed:
        // Powertools TS 2.x's CachePersistenceLayer (Python's RedisCachePersistenceLayer): the claim lives as long as
        // the record (expires_after_seconds), and no Lambda context is registered, so no in-progress deadline.
        p.requireKey = false;
        p.ttlMs = 3'600'000;
        p.storeErrors = false;
        p.storeEngine = StoreEngine::Redis;
        break;
    case Profile::PowertoolsDynamodb:
        // Powertools TS 2.x's DynamoDBPersistenceLayer (2.30.0 read): the claim is a PutItem under the library's own
        // condition, a failed one returns the item it met (ReturnValuesOnConditionCheckFailure ALL_OLD), its GetItem
        // reads with ConsistentRead; expiry as `powertools` (expires_after_seconds 3600, whole seconds); no Lambda
        // context registered, so no in-progress deadline.
        p.requireKey = false;
        p.ttlMs = 3'600'000;
        p.storeErrors = false;
        p.storeEngine = StoreEngine::Dynamodb;
        p.putCondition = PutCondition::Powertools;
        p.consistentRead = true;
        break;
    case Profile::Brandur:
        p.minKeyLength = 20;
        p.maxKeyLength = 100;
        p.ttlMs = 259'200'000;
        p.leaseMs = 90'000;
        p.mismatchStatus = 409;
        p.sweepEveryMs = 3'600'000;
        break;
    case Profile::ExpressIdempotency:
        // express-idempotency 1.0.6 (npm): one in-memory list of resources found by the key alone; the default intent
        // validator compares the URL (path and query), the method and the parsed body (deep-equal, so member order
        // does not count) and answers 417; a non-2xx answer deletes the resource; no expiry, no key length limit; a
        // request in progress is a 409. The key is the header's text.
        p.requireKey = false;
        p.minKeyLength = 1;
        p.maxKeyLength = kNoKeyLengthLimit;
        p.ttlMs = kNeverMs;
        p.storeErrors = false;
        p.mismatchStatus = 417;
        p.keyScope = KeyScope::Global;
        p.fingerprintParts = PartMethod | PartPath | PartQuery | PartBody;
        break;
    case Profile::NodeIdempotency:
        // @node-idempotency/core 1.0.11 (npm) behind its Express middleware: the cache key is
        // "<prefix>:<method>:<url with its query>:<key>" (no user in it); the fingerprint hashes JSON.stringify of the
        // parsed body, so member order counts; errors are stored and replayed; keys up to 256 characters; a TTL of 24
        // hours; a request in progress is a 409 with Retry-After: 1 (or, in its wait mode, a wait for the first).
        p.requireKey = false;
        p.maxKeyLength = 256;
        p.keyScope = KeyScope::OperationQuery;
        p.fingerprintForm = FingerprintForm::Ordered;
        p.conflictRetryAfterS = 1;
        break;
    }
    // docs/reference/decisions.md#profiles: only ietf reads the header as an RFC 8941 String.
    if (profile != Profile::Ietf)
        p.keySyntax = KeySyntax::Raw;
    return p;
}

Fingerprint requestFingerprint(const ServicePolicy& policy, std::string_view operation, std::string_view query,
    const json::Value& payload, const std::string* rawBody)
{
    if (policy.plainFingerprint())
        return fingerprintOf(payload, policy.fingerprint);
    std::string body;
    switch (policy.fingerprintForm) {
    case FingerprintForm::Canonical:
        body = significantCanonical(payload, policy.fingerprint);
        break;
    case FingerprintForm::Ordered:
        body = orderedJson(policy.fingerprint.empty() ? payload : selectSignificant(payload, policy.fingerprint));
        break;
    case FingerprintForm::Raw:
        body = rawBody ? *rawBody : orderedJson(payload);
        break;
    }
    Fingerprint f;
    if (policy.fingerprintParts == PartBody) {
        f.canonical = std::move(body);
    } else {
        std::string_view method;
        std::string_view path = operation;
        const std::size_t space = operation.find(' ');
        if (space != std::string_view::npos && space > 0 && space + 1 < operation.size() && operation[space + 1] == '/'
            && std::all_of(operation.begin(), operation.begin() + static_cast<std::ptrdiff_t>(space),
                [](char c) { return c >= 'A' && c <= 'Z'; })) {
            method = operation.substr(0, space);
            path = operation.substr(space + 1);
        }
        const auto line = [&f](std::string_view name, std::string_view value) {
            f.canonical.append(name).append(1, ':').append(value).append(1, '\n');
        };
        if (policy.fingerprintParts & PartMethod)
            line("method", method);
        if (policy.fingerprintParts & PartPath)
            line("path", path);
        if (policy.fingerprintParts & PartQuery)
            line("query", query);
        if (policy.fingerprintParts & PartBody)
            f.canonical.append("body:").append(body);
    }
    f.sha256 = sha256Hex(f.canonical);
    return f;
}

std::optional<Millis> ServicePolicy::effectiveLease() const
{
    if (leaseMs && *leaseMs > 0)
        return leaseMs;
    return std::nullopt;
}

} // namespace iw
