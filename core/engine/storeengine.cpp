// What each store engine means for the rest of the code (storeengine.h).
#include "storeengine.h"

#include "service.h"

#include <algorithm>

namespace iw {

std::unique_ptr<IdempotencyStore> makeModelStore(const ServicePolicy& policy, StoreThreads threads)
{
    switch (policy.storeEngine) {
    case StoreEngine::Sql:
        return makeMemoryStore(threads);
    case StoreEngine::Redis:
        return makeRedisModelStore(threads);
    case StoreEngine::Mysql:
        return makeMysqlModelStore(policy, threads);
    case StoreEngine::Dynamodb:
        return makeDynamoModelStore(policy, threads);
    }
    return makeMemoryStore(threads);
}

Millis claimExpiryAt(const ServicePolicy& policy, Millis visibleAt)
{
    if (policy.storeEngine != StoreEngine::Redis)
        return expiryAt(policy, visibleAt);
    if (policy.claimCommand == ClaimCommand::HsetThenExpire)
        return kNeverExpires;
    return visibleAt + policy.claimTtl();
}

Millis claimExpireCommandAt(const ServicePolicy& policy, Millis now)
{
    return now + policy.claimTtl();
}

std::optional<Millis> completionExpiryAt(const ServicePolicy& policy, Millis completedAt)
{
    if (policy.storeEngine == StoreEngine::Redis)
        return completedAt + policy.ttlMs;
    if (policy.powertoolsExpiry())
        return expiryAt(policy, completedAt);
    return std::nullopt;
}

Millis orphanLockMs(const ServicePolicy& policy)
{
    return std::min<Millis>(10'000, policy.ttlMs);
}

} // namespace iw
