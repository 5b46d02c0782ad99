// The expectations of a profile, read from its ServicePolicy in one place.
#include "contract.h"

#include "nametable.h"

#include <stdexcept>
#include <tuple>

namespace iw {

constexpr auto s_expectedKeySyntaxNames = nameTable<ExpectedKeySyntax>({
    { ExpectedKeySyntax::SfStringOrToken, "sf-string-or-token" },
    { ExpectedKeySyntax::SfString, "sf-string" },
    { ExpectedKeySyntax::Raw, "raw" },
});

std::string_view expectedKeySyntaxName(ExpectedKeySyntax s)
{
    return nameOf(s_expectedKeySyntaxNames, s);
}

constexpr auto s_expectedKeyScopeNames = nameTable<ExpectedKeyScope>({
    { ExpectedKeyScope::ActorOperation, "actor_operation" },
    { ExpectedKeyScope::Operation, "operation" },
    { ExpectedKeyScope::Actor, "actor" },
    { ExpectedKeyScope::Global, "global" },
    { ExpectedKeyScope::OperationQuery, "operation_query" },
});

std::string_view expectedKeyScopeName(ExpectedKeyScope s)
{
    return nameOf(s_expectedKeyScopeNames, s);
}

namespace {

// docs/reference/decisions.md#profiles's knobs as the card names them.
ExpectedKeySyntax keySyntaxOf(const ServicePolicy& p)
{
    switch (p.keySyntax) {
    case KeySyntax::SfString:
        return ExpectedKeySyntax::SfString;
    case KeySyntax::Raw:
        return ExpectedKeySyntax::Raw;
    }
    return ExpectedKeySyntax::Raw;
}

ExpectedKeyScope keyScopeOf(const ServicePolicy& p)
{
    switch (p.keyScope) {
    case KeyScope::ActorOperation:
        return ExpectedKeyScope::ActorOperation;
    case KeyScope::Operation:
        return ExpectedKeyScope::Operation;
    case KeyScope::Actor:
        return ExpectedKeyScope::Actor;
    case KeyScope::Global:
        return ExpectedKeyScope::Global;
    case KeyScope::OperationQuery:
        return ExpectedKeyScope::OperationQuery;
    }
    return ExpectedKeyScope::ActorOperation;
}

// The fingerprint serve computes for a request under the policy (docs/reference/decisions.md#profiles's form and
// parts).
Fingerprint fingerprintUnder(const ServicePolicy& p, std::string_view method, std::string_view target,
    const json::Value& payload, const std::string& rawBody)
{
    const std::size_t q = target.find('?');
    const std::string operation = std::string(method) + " " + std::string(target.substr(0, q));
    const std::string_view query = q == std::string_view::npos ? std::string_view() : target.substr(q + 1);
    return requestFingerprint(p, operation, query, payload, &rawBody);
}

// What a client of the library a profile reproduces gets on the wire besides statuses
// (docs/reference/decisions.md#profiles's answer shapes), as serve writes them. ServicePolicy carries no field for
// these — they are the library's, not a knob — so this is the one place the probe reads them from the profile's name:
// every other profile answers as §11 says (a replay marked Idempotent-Replayed: true, refusals as problem documents, an
// empty key refused).
struct AnswerShape {
    bool replayMarked = true;
    std::string refusalContentType = "application/problem+json";
    bool emptyKeyIsNone = false;
};

AnswerShape answerShapeOf(const ServicePolicy& policy)
{
    switch (policy.profile) {
    case Profile::ExpressIdempotency: // no marker; refusals are Express's HTML error page
        return { false, "text/html", true };
    case Profile::NodeIdempotency: // replays marked; refusals {code, message} as JSON
        return { true, "application/json", true };
    default:
        return {};
    }
}

} // namespace

bool payloadsDiffer(const ContractExpectations& x, std::string_view method, std::string_view target,
    const std::string& bodyA, const std::string& bodyB)
{
    if (!x.comparesPayload)
        return false;
    try {
        return fingerprintUnder(x.policy, method, target, json::parse(bodyA), bodyA).sha256
            != fingerprintUnder(x.policy, method, target, json::parse(bodyB), bodyB).sha256;
    } catch (const std::exception&) {
        return true;
    }
}

ContractExpectations expectationsFor(const ServicePolicy& policy, const std::vector<std::string>& displayPointers)
{
    ContractExpectations e;
    e.profile = std::string(profileName(policy.profile));
    e.requireKey = policy.requireKey && policy.strategy != Strategy::None;
    e.missingKeyStatus = policy.missingKeyStatus;
    e.invalidKeyStatus
        = policy.missingKeyStatus; // docs/reference/decisions.md: invalid_key answers the key checks' status
    e.minKeyLength = policy.minKeyLength;
    e.maxKeyLength = policy.maxKeyLength;
    e.mismatchStatus = policy.mismatchStatus;
    e.inProgressStatus = policy.inProgressStatus;
    e.policy = policy;
    for (const std::string& p : displayPointers)
        e.policy.fingerprint.ignore.push_back(p);
    e.fingerprint = e.policy.fingerprint;
    // Powertools validates the payload only when a fingerprint is configured (docs/reference/decisions.md); display
    // fields named by the user are such a configuration, as a scenario's `fingerprint.ignore` is.
    const bool fingerprintGiven = policy.fingerprintGiven || !displayPointers.empty();
    e.comparesPayload = !(policy.unfencedWrites() && !fingerprintGiven); // the Powertools family, as the engine has it
    // docs/reference/decisions.md#profiles's knobs.
    e.keySyntax = keySyntaxOf(policy);
    e.keyScope = keyScopeOf(policy);
    e.conflictRetryAfterS = policy.conflictRetryAfterS;
    if (policy.inProgressWaitMs && *policy.inProgressWaitMs > 0)
        e.inProgressWaitMs = policy.inProgressWaitMs;
    const AnswerShape shape = answerShapeOf(policy);
    if (shape.replayMarked)
        e.replayMarker = std::make_pair(std::string("Idempotent-Replayed"), std::string("true"));
    e.refusalContentType = shape.refusalContentType;
    e.emptyKeyIsNone = shape.emptyKeyIsNone;
    // rejected_payload is never stored, in any profile (docs/reference/decisions.md).
    e.storesRejectedPayload = false;
    return e;
}

std::vector<ServicePolicy> knownProfilePolicies()
{
    std::vector<ServicePolicy> out;
    for (Profile p : allProfiles())
        out.push_back(ServicePolicy::forProfile(p));
    return out;
}

bool sameOnTheWire(const ContractExpectations& a, const ContractExpectations& b)
{
    const auto wire = [](const ContractExpectations& x) {
        return std::make_tuple(x.requireKey, x.missingKeyStatus, x.invalidKeyStatus, x.minKeyLength, x.maxKeyLength,
            x.keySyntax, x.keyScope, x.mismatchStatus, x.inProgressStatus, x.conflictRetryAfterS, x.inProgressWaitMs,
            x.replayMarker, x.refusalContentType, x.emptyKeyIsNone, x.storesRejectedPayload, x.comparesPayload,
            x.policy.fingerprintForm, x.policy.fingerprintParts, x.fingerprint.only, x.fingerprint.ignore);
    };
    return wire(a) == wire(b);
}

namespace {

std::string listed(const std::vector<std::string>& names)
{
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i)
        out += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
    return out;
}

} // namespace

std::string whyAlike(const std::vector<ServicePolicy>& alike)
{
    std::vector<std::string> names;
    std::vector<std::string> sql;
    std::vector<std::string> redis;
    std::vector<std::string> dynamodb;
    bool released = false;
    bool fixed = false;
    bool timeKnobsDiffer = false;
    for (const ServicePolicy& p : alike) {
        const std::string name(profileName(p.profile));
        names.push_back(name);
        (p.storeEngine == StoreEngine::Redis             ? redis
                : p.storeEngine == StoreEngine::Dynamodb ? dynamodb
                                                         : sql)
            .push_back(name);
        released = released || p.profile == Profile::PowertoolsRedis;
        fixed = fixed || p.profile == Profile::PowertoolsRedisFixed;
        const ServicePolicy& first = alike.front();
        timeKnobsDiffer = timeKnobsDiffer || p.ttlMs != first.ttlMs || p.leaseMs != first.leaseMs
            || p.sweepEveryMs != first.sweepEveryMs || p.afterExpiry != first.afterExpiry;
    }
    std::vector<std::string> differences;
    const int storeKinds = int(!sql.empty()) + int(!redis.empty()) + int(!dynamodb.empty());
    if (storeKinds > 1) {
        std::string stores;
        const auto add = [&](const std::vector<std::string>& which, const char* what) {
            if (which.empty())
                return;
            stores += (stores.empty() ? "" : "; ") + listed(which) + ": " + what;
        };
        add(sql, "a SQL table");
        add(redis, "Redis");
        add(dynamodb, "a DynamoDB table");
        differences.push_back("the store behind the service (" + stores + "), which no answer shows");
    }
    if (released && fixed)
        differences.push_back(
            "what becomes of a record left in progress without a deadline: powertools-redis (the Redis layer as "
            "released before the 2026 fixes) takes it over, so a request that overlaps a running one runs again, "
            "which a probe sees only as a second execution under concurrent or retry_while_running (counted through "
            "a result id or a watched table), while powertools-redis-fixed keeps it locked until it expires");
    if (timeKnobsDiffer)
        differences.push_back("how long a record lives and how it is cleaned up, which a probe of a few seconds does "
                              "not reach");
    std::string out
        = listed(names) + " expect the same answer to every check, so no probe from outside tells them apart";
    if (differences.empty()) {
        out += ": they differ in nothing the probe reads.";
    } else {
        out += ": they differ in ";
        for (std::size_t i = 0; i < differences.size(); ++i)
            out += (i ? "; and in " : "") + differences[i];
        out += ".";
    }
    if (!sql.empty() && storeKinds > 1)
        out += " To tell them apart, look at the service's store: only a SQL table can be watched while probing.";
    return out;
}

} // namespace iw
