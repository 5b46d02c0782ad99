// The expectations of a profile, read from its ServicePolicy in one place.
#include "contract.h"

namespace iw {

std::string_view keySyntaxName(KeySyntax s)
{
    switch (s) {
    case KeySyntax::SfStringOrToken:
        return "sf-string-or-token";
    case KeySyntax::SfString:
        return "sf-string";
    case KeySyntax::Raw:
        return "raw";
    }
    return "raw";
}

std::string_view keyScopeName(KeyScope s)
{
    switch (s) {
    case KeyScope::ActorOperation:
        return "actor_operation";
    case KeyScope::Operation:
        return "operation";
    case KeyScope::Actor:
        return "actor";
    case KeyScope::Global:
        return "global";
    }
    return "actor_operation";
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
    e.fingerprint = policy.fingerprint;
    for (const std::string& p : displayPointers)
        e.fingerprint.ignore.push_back(p);
    // Powertools validates the payload only when a fingerprint is configured (SPEC §4); display fields named by the
    // user are such a configuration, as a scenario's `fingerprint.ignore` is.
    const bool fingerprintGiven = policy.fingerprintGiven || !displayPointers.empty();
    e.comparesPayload = !(policy.profile == Profile::Powertools && !fingerprintGiven);
    // The knobs of SPEC §16 that ServicePolicy does not carry yet keep what serve does for every profile today:
    // either key form (one key), the scope (actor, operation, key), 409 at once, no Retry-After. Each becomes a read
    // of its policy field here when the field lands.
    e.keySyntax = KeySyntax::SfStringOrToken;
    e.keyScope = KeyScope::ActorOperation;
    e.conflictRetryAfterS = std::nullopt;
    e.inProgressWaitMs = std::nullopt;
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
