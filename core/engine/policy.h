// The service policy: profile defaults from real systems (SPEC §4), every field overridable by a scenario.
#pragma once

#include "domain.h"
#include "fingerprint.h"

#include <cstdint>
#include <optional>
#include <string_view>

namespace iw {

enum class Profile { Ietf, Stripe, Powertools, Brandur, PowertoolsRedis, PowertoolsRedisFixed };
enum class Strategy { UniqueClaim, CheckThenInsert, SeenFlag, None };
enum class AfterExpiry { Forget, Tombstone };

// What a store *is* (SPEC §17): `sql` is a unique index (the memory and PostgreSQL stores); `redis` is a key per
// record, claimed with SET NX, whose every key expires and whose replicas lag (storeengine.h says what follows).
enum class StoreEngine : std::uint8_t { Sql, Redis };
// How a Redis claim is written: one SET … NX PX (the key carries its expiry from the start), or HSETNX then a
// separate EXPIRE (a process that dies between the two leaves a record that never expires).
enum class ClaimCommand : std::uint8_t { SetNxPx, HsetThenExpire };

std::string_view profileName(Profile);
std::optional<Profile> profileFromName(std::string_view);
std::string_view strategyName(Strategy);
std::optional<Strategy> strategyFromName(std::string_view);
std::string_view afterExpiryName(AfterExpiry);
std::optional<AfterExpiry> afterExpiryFromName(std::string_view);
std::string_view storeEngineName(StoreEngine);
std::optional<StoreEngine> storeEngineFromName(std::string_view);
std::string_view claimCommandName(ClaimCommand);
std::optional<ClaimCommand> claimCommandFromName(std::string_view);

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
    // SPEC §17 store engines. The redis fields mean nothing on `sql` (the loader refuses them there).
    StoreEngine storeEngine = StoreEngine::Sql;
    std::optional<Millis> claimTtlMs; // the claim's PX; none: ttl_ms
    ClaimCommand claimCommand = ClaimCommand::SetNxPx;
    std::optional<Millis> replicationLagMs; // `replication: {"mode": "async", "lag_ms"}`; none: no replica

    // The defaults of the profile table in SPEC §4 (and the scenario defaults for latencies).
    static ServicePolicy forProfile(Profile);

    // A lease of 0 is none (SPEC §5 fine point 7).
    std::optional<Millis> effectiveLease() const;
    // How long a claim lives on an engine whose keys expire: claim_ttl_ms, else ttl_ms.
    Millis claimTtl() const { return claimTtlMs.value_or(ttlMs); }
    // The Powertools family (`powertools`, `powertools-redis`, `powertools-redis-fixed`): unfenced writes — a handler
    // error deletes whatever record is there, and the completion is an upsert (last writer wins).
    bool unfencedWrites() const
    {
        return profile == Profile::Powertools || profile == Profile::PowertoolsRedis
            || profile == Profile::PowertoolsRedisFixed;
    }
};

} // namespace iw
