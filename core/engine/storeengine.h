// The store engines (docs/manual/stores.md): what a store *is* — a unique index (`sql`) or a key per record that
// expires and whose replica lags (`redis`) — decides hazards no policy setting shows. This header is the one place that
// says what each engine means for the rest of the code: which embedded model a simulation runs on, when a claim and a
// completed record expire, how long Powertools' orphan lock lives. Each engine's own hazards live in its own files: the
// Redis model in redismodel.cpp, its decision rules in redisrules.cpp; the MySQL model in mysqlmodel.cpp, its rules in
// mysqlrules.cpp; the DynamoDB model in dynamomodel.cpp, its rules in dynamorules.cpp; the real servers in rooms of
// their own (core/postgres, core/redis).
#pragma once

#include "policy.h"
#include "store.h"

#include <memory>
#include <optional>

namespace iw {

// The embedded store of the policy's engine: the memory store for `sql`, the Redis model for `redis`. Every run that
// does not name a real server (`--store memory`, the window, explore, reviews) runs on it.
std::unique_ptr<IdempotencyStore> makeModelStore(
    const ServicePolicy& policy, StoreThreads threads = StoreThreads::Shared);

// The Redis model (redismodel.cpp): keys that vanish at their expiry, SET NX arbitration, the orphan lock, and an
// asynchronous replica that a failover promotes. Its kind() is "memory": it is the embedded store of that engine.
std::unique_ptr<IdempotencyStore> makeRedisModelStore(StoreThreads threads = StoreThreads::Shared);

// The MySQL model (mysqlmodel.cpp): InnoDB's unique index, with the key column's length (INSERT IGNORE truncates a
// longer key) and the locks of a claim transaction left open, whose waiters deadlock when it rolls back. Its kind()
// is "memory".
std::unique_ptr<IdempotencyStore> makeMysqlModelStore(
    const ServicePolicy& policy, StoreThreads threads = StoreThreads::Shared);

// The DynamoDB model (dynamomodel.cpp): an item per record, claimed by a conditional PutItem under the policy's
// put_condition; an item past its TTL stays readable until the sweeper deletes it ttl_deletion_lag_ms later; a read
// that is not consistent, within read_lag_ms of a write, returns the item as it was before it. Its kind() is "memory".
std::unique_ptr<IdempotencyStore> makeDynamoModelStore(
    const ServicePolicy& policy, StoreThreads threads = StoreThreads::Shared);

// The size of `record` as a DynamoDB item under the policy's layout, counted as DynamoDB counts it (AWS, "DynamoDB item
// sizes and formats"): each attribute's name and value in UTF-8 bytes; a number one byte per two significant digits
// plus one; a map or list 3 bytes plus one per element. Powertools' item (put_condition powertools) is `id`
// (`<operation>#` and a 24-character hash), `expiration`, `status`, `data` (the response as a map), `validation` (when
// a fingerprint is configured) and `in_progress_expiration` (when it has a lease); any other service's is `pk`
// (`<actor>#<operation>#<key>`), `payload_hash`, `state`, `status_code`, `response_body` (the response's text),
// `created_at`, `completed_at`, `expires_at`, `lease_until` and `result_id`, the ones it has. A time counts as the
// epoch number it is in production (10 digits of seconds: 6 bytes; 13 of milliseconds: 8), an upper bound a value
// with trailing zeros stays a few bytes under.
std::int64_t dynamoItemBytes(const ServicePolicy& policy, const Record& record);

// When a claim written at `visibleAt` expires: on `sql` the record's expiry (expiryAt); on `redis` the claim's PX
// (claim_ttl_ms, default ttl_ms) — or never, for HSETNX before its EXPIRE.
Millis claimExpiryAt(const ServicePolicy& policy, Millis visibleAt);
// The expiry the EXPIRE after an HSETNX claim sets.
Millis claimExpireCommandAt(const ServicePolicy& policy, Millis now);
// The expiry a completion written at `completedAt` sets: on `redis` the record is rewritten with PX ttl_ms; on
// `sql` only powertools recomputes it (whole seconds); nullopt keeps the claim's.
std::optional<Millis> completionExpiryAt(const ServicePolicy& policy, Millis completedAt);
// Powertools' orphan lock lives min(10 s, the record's TTL) (`orphan_lock_timeout`).
Millis orphanLockMs(const ServicePolicy& policy);

// Whether the policy's engine removes records by itself at instants it names (nextKeyExpiry): Redis at a key's
// expiry (it is gone, not "expired", after it), DynamoDB's TTL sweeper ttl_deletion_lag_ms after it.
inline bool keysExpire(const ServicePolicy& policy)
{
    return policy.storeEngine == StoreEngine::Redis || policy.storeEngine == StoreEngine::Dynamodb;
}

} // namespace iw
