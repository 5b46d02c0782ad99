// The service policy: profile defaults from real systems (SPEC §4), every field overridable by a scenario.
#pragma once

#include "domain.h"
#include "fingerprint.h"

#include <optional>
#include <string_view>
#include <vector>

namespace iw {

enum class Profile { Ietf, Stripe, Powertools, Brandur };
enum class Strategy { UniqueClaim, CheckThenInsert, SeenFlag, None };
enum class AfterExpiry { Forget, Tombstone };

std::string_view profileName(Profile);
std::optional<Profile> profileFromName(std::string_view);
// Every profile, in the order of the names table (the probe's card compares a real service with each).
std::vector<Profile> allProfiles();
std::string_view strategyName(Strategy);
std::optional<Strategy> strategyFromName(std::string_view);
std::string_view afterExpiryName(AfterExpiry);
std::optional<AfterExpiry> afterExpiryFromName(std::string_view);

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

    // The defaults of the profile table in SPEC §4 (and the scenario defaults for latencies).
    static ServicePolicy forProfile(Profile);

    // A lease of 0 is none (SPEC §5 fine point 7).
    std::optional<Millis> effectiveLease() const;
};

} // namespace iw
