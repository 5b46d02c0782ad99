// The expectations of a profile, read from its ServicePolicy in one place.
#include "contract.h"

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

} // namespace

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
    e.fingerprint = policy.fingerprint;
    for (const std::string& p : displayPointers)
        e.fingerprint.ignore.push_back(p);
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
    // The answer shapes serve gives every profile (SPEC §11): a replay carries Idempotent-Replayed: true; refusals
    // are RFC 9457 problem documents.
    e.replayMarker = std::make_pair(std::string("Idempotent-Replayed"), std::string("true"));
    e.refusalContentType = "application/problem+json";
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
