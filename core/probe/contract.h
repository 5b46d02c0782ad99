// What a profile promises on the wire, derived from its ServicePolicy (docs/reference/decisions.md#profiles,
// docs/reference/probe.md): the statuses, the replay marker, the key syntax and scope, the in-progress answer, the
// answer shapes. The probe's contract card compares what a real service did with this, profile by profile. Every
// expectation is read from the policy in one function, expectationsFor(), so a knob a profile gains is one line there —
// never a second hand-written table.
#pragma once

#include "fingerprint.h"
#include "policy.h"

#include <optional>
#include <string>
#include <vector>

namespace iw {

// How the Idempotency-Key header's text becomes a key (docs/reference/decisions.md#profiles key_syntax).
enum class ExpectedKeySyntax {
    SfStringOrToken, // either an RFC 8941 String or a bare token, "a" and a being one key
    SfString, // only an RFC 8941 String; a token is invalid_key
    Raw, // the header's text as sent, quotes included: "a" and a are two keys
};
std::string_view expectedKeySyntaxName(ExpectedKeySyntax);

// What the uniqueness covers (docs/reference/decisions.md#profiles key_scope). OperationQuery: the operation with its
// query string (the probe sends every request to one URL, so for it that is Operation).
enum class ExpectedKeyScope { ActorOperation, Operation, Actor, Global, OperationQuery };
std::string_view expectedKeyScopeName(ExpectedKeyScope);

struct ContractExpectations {
    std::string profile;
    bool requireKey = true;
    int missingKeyStatus = 400;
    int invalidKeyStatus = 400;
    int minKeyLength = 1;
    std::optional<int> maxKeyLength; // none: no limit
    ExpectedKeySyntax keySyntax = ExpectedKeySyntax::SfStringOrToken;
    ExpectedKeyScope keyScope = ExpectedKeyScope::ActorOperation;
    int mismatchStatus = 422;
    int inProgressStatus = 409;
    std::optional<int> conflictRetryAfterS; // a Retry-After on the in-progress answer
    std::optional<Millis> inProgressWaitMs; // waits for the first and then answers as a replay
    std::optional<std::pair<std::string, std::string>> replayMarker; // header name and value on a replay
    std::string refusalContentType; // the media type of a refusal's body ("application/problem+json")
    bool emptyKeyIsNone = false; // an empty Idempotency-Key header is read as no key (the Node libraries' code)
    bool storesRejectedPayload = false; // a body refused before execution is stored (a fixed retry is refused)
    FingerprintSelection fingerprint; // what of the body decides "the same payload"
    bool comparesPayload = true; // false: a changed body under a used key is answered as the first (no validation)
    // The policy itself, --display's fields added to its fingerprint's `ignore`: "the same payload" is decided by the
    // engine's own fingerprint of it (form and parts included), never by a copy of its rules.
    ServicePolicy policy;

    bool keyShared() const // another actor's request with the same key reads the first one's record
    {
        return keyScope == ExpectedKeyScope::Global || keyScope == ExpectedKeyScope::Operation
            || keyScope == ExpectedKeyScope::OperationQuery;
    }
};

// The one derivation. `displayPointers`: the fields the user says are for display only (--display), dropped from
// the fingerprint as a scenario's `fingerprint.ignore` would.
ContractExpectations expectationsFor(const ServicePolicy& policy, const std::vector<std::string>& displayPointers = {});

// Whether the service under `x` takes two requests to the same method and target with these bodies (JSON text) as two
// payloads: the engine's fingerprint of each, as serve computes it for the profile. False when the profile compares no
// payloads; true when a body is not JSON.
bool payloadsDiffer(const ContractExpectations& x, std::string_view method, std::string_view target,
    const std::string& bodyA, const std::string& bodyB);

// Every profile the engine knows, in the order the card lists them.
std::vector<ServicePolicy> knownProfilePolicies();

// Whether two profiles expect the same answer to every check: every field the judge reads is equal, so no probe from
// outside can tell them apart.
bool sameOnTheWire(const ContractExpectations& a, const ContractExpectations& b);

// One sentence for profiles that expect the same on the wire (two or more): what differs between them behind the
// service, and whether anything a user can look at tells them apart. Read from their policies, so profiles a later
// change adds are described by what their knobs say.
std::string whyAlike(const std::vector<ServicePolicy>& alike);

} // namespace iw
