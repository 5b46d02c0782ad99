// The expectations of a profile, read from its ServicePolicy in one place.
#include "contract.h"

#include <stdexcept>

namespace iw {

std::string_view expectedKeySyntaxName(ExpectedKeySyntax s)
{
    switch (s) {
    case ExpectedKeySyntax::SfStringOrToken:
        return "sf-string-or-token";
    case ExpectedKeySyntax::SfString:
        return "sf-string";
    case ExpectedKeySyntax::Raw:
        return "raw";
    }
    return "raw";
}

std::string_view expectedKeyScopeName(ExpectedKeyScope s)
{
    switch (s) {
    case ExpectedKeyScope::ActorOperation:
        return "actor_operation";
    case ExpectedKeyScope::Operation:
        return "operation";
    case ExpectedKeyScope::Actor:
        return "actor";
    case ExpectedKeyScope::Global:
        return "global";
    case ExpectedKeyScope::OperationQuery:
        return "operation_query";
    }
    return "actor_operation";
}

namespace {

// Each knob of SPEC §16 is read from the policy when ServicePolicy has it (a requires-expression on the field and on
// its name function, as policy.h names every other enum), so the probe follows a profile's knob from the day it lands
// without a second table. The names are the SPEC's values.
template<typename P> ExpectedKeySyntax keySyntaxOf(const P& p)
{
    if constexpr (requires { keySyntaxName(p.keySyntax); }) {
        const std::string_view name = keySyntaxName(p.keySyntax);
        if (name == "sf-string")
            return ExpectedKeySyntax::SfString;
        if (name == "raw")
            return ExpectedKeySyntax::Raw;
    }
    return ExpectedKeySyntax::SfStringOrToken;
}

template<typename P> ExpectedKeyScope keyScopeOf(const P& p)
{
    if constexpr (requires { keyScopeName(p.keyScope); }) {
        const std::string_view name = keyScopeName(p.keyScope);
        if (name == "operation")
            return ExpectedKeyScope::Operation;
        if (name == "actor")
            return ExpectedKeyScope::Actor;
        if (name == "global")
            return ExpectedKeyScope::Global;
        if (name == "operation_query")
            return ExpectedKeyScope::OperationQuery;
    }
    return ExpectedKeyScope::ActorOperation;
}

template<typename P> std::optional<int> conflictRetryAfterOf(const P& p)
{
    if constexpr (requires { p.conflictRetryAfterS.has_value(); }) {
        if (p.conflictRetryAfterS)
            return static_cast<int>(*p.conflictRetryAfterS);
    }
    return std::nullopt;
}

template<typename P> std::optional<Millis> inProgressWaitOf(const P& p)
{
    if constexpr (requires { p.inProgressWaitMs.has_value(); }) {
        if (p.inProgressWaitMs && *p.inProgressWaitMs > 0)
            return static_cast<Millis>(*p.inProgressWaitMs);
    }
    return std::nullopt;
}

// The fingerprint serve computes for a request under the policy: the engine's requestFingerprint (SPEC §16's form and
// parts) once it has one, else §3's fingerprint of the body.
template<typename P>
Fingerprint fingerprintUnder(const P& p, std::string_view method, std::string_view target, const json::Value& payload,
    const std::string& rawBody)
{
    if constexpr (requires { requestFingerprint(p, method, target, payload, &rawBody); }) {
        const std::size_t q = target.find('?');
        const std::string operation = std::string(method) + " " + std::string(target.substr(0, q));
        const std::string_view query = q == std::string_view::npos ? std::string_view() : target.substr(q + 1);
        return requestFingerprint(p, operation, query, payload, &rawBody);
    } else {
        return fingerprintOf(payload, p.fingerprint);
    }
}

// What a client of the library a profile reproduces gets on the wire besides statuses (SPEC §16's answer shapes), as
// serve writes them. ServicePolicy carries no field for these — they are the library's, not a knob — so this is the
// one place the probe reads them from the profile's name: every other profile answers as §11 says (a replay marked
// Idempotent-Replayed: true, refusals as problem documents, an empty key refused).
struct AnswerShape {
    bool replayMarked = true;
    std::string refusalContentType = "application/problem+json";
    bool emptyKeyIsNone = false;
};

AnswerShape answerShapeOf(const ServicePolicy& policy)
{
    const std::string_view name = profileName(policy.profile);
    if (name == "express-idempotency") // no marker; refusals are Express's HTML error page
        return { false, "text/html", true };
    if (name == "node-idempotency") // replays marked; refusals {code, message} as JSON
        return { true, "application/json", true };
    return {};
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
    e.invalidKeyStatus = policy.missingKeyStatus; // SPEC §4: invalid_key answers the key checks' status
    e.minKeyLength = policy.minKeyLength;
    e.maxKeyLength = policy.maxKeyLength;
    e.mismatchStatus = policy.mismatchStatus;
    e.inProgressStatus = policy.inProgressStatus;
    e.policy = policy;
    for (const std::string& p : displayPointers)
        e.policy.fingerprint.ignore.push_back(p);
    e.fingerprint = e.policy.fingerprint;
    // Powertools validates the payload only when a fingerprint is configured (SPEC §4); display fields named by the
    // user are such a configuration, as a scenario's `fingerprint.ignore` is.
    const bool fingerprintGiven = policy.fingerprintGiven || !displayPointers.empty();
    e.comparesPayload = !(policy.profile == Profile::Powertools && !fingerprintGiven);
    // SPEC §16's knobs, read from the policy's fields of those names (key_syntax → keySyntax, …) once ServicePolicy
    // carries them; until then what serve does for every profile today: either key form (one key), the scope
    // (actor, operation, key), 409 at once, no Retry-After.
    e.keySyntax = keySyntaxOf(policy);
    e.keyScope = keyScopeOf(policy);
    e.conflictRetryAfterS = conflictRetryAfterOf(policy);
    e.inProgressWaitMs = inProgressWaitOf(policy);
    const AnswerShape shape = answerShapeOf(policy);
    if (shape.replayMarked)
        e.replayMarker = std::make_pair(std::string("Idempotent-Replayed"), std::string("true"));
    e.refusalContentType = shape.refusalContentType;
    e.emptyKeyIsNone = shape.emptyKeyIsNone;
    // rejected_payload is never stored, in any profile (SPEC §4).
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

} // namespace iw
