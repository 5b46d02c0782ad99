// The service policy: profile defaults from real systems (SPEC §4), every field overridable by a scenario.
#pragma once

#include "domain.h"
#include "fingerprint.h"

#include <optional>
#include <string_view>

namespace iw {

enum class Profile { Ietf, Stripe, Powertools, Brandur };
enum class Strategy { UniqueClaim, CheckThenInsert, SeenFlag, None };
enum class AfterExpiry { Forget, Tombstone };
// SPEC §16/§11: how the Idempotency-Key header is read on the wire.
enum class KeySyntax { SfString, Raw };

std::string_view profileName(Profile);
std::optional<Profile> profileFromName(std::string_view);
std::string_view strategyName(Strategy);
std::optional<Strategy> strategyFromName(std::string_view);
std::string_view afterExpiryName(AfterExpiry);
std::optional<AfterExpiry> afterExpiryFromName(std::string_view);
std::string_view keySyntaxName(KeySyntax);
std::optional<KeySyntax> keySyntaxFromName(std::string_view);

// SPEC §11: how long after a suspected intent's first arrival another request may still join it (the live view's
// suspected_key_regeneration window).
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
    // SPEC §16's knob; the default keeps §4's behaviour (only ietf reads the header as an RFC 8941 String).
    KeySyntax keySyntax = KeySyntax::SfString;
    // SPEC §11: served requests of one actor and operation with equal fingerprints under other keys (or none) that
    // arrive within this long of the first form one suspected intent.
    Millis intentWindowMs = kDefaultIntentWindowMs;

    // The defaults of the profile table in SPEC §4 (and the scenario defaults for latencies).
    static ServicePolicy forProfile(Profile);

    // A lease of 0 is none (SPEC §5 fine point 7).
    std::optional<Millis> effectiveLease() const;
};

} // namespace iw
