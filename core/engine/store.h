// The store interface the service decides on. Every call is one atomic store operation applied at the instant it is
// made; the simulation calls it at the virtual instant a store step reads (its start) or writes (its end), so the
// memory store and PostgreSQL see the same sequence of operations and give the same report.
#pragma once

#include "domain.h"
#include "policy.h"

#include <algorithm>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace iw {

// A failure of the store itself. `Unavailable`: nothing happened (the server was unreachable before the operation
// started). `UnknownOutcome`: the connection broke while a commit was in flight, so whether it happened cannot be
// known.
class StoreError : public std::runtime_error {
public:
    enum class Kind { Unavailable, UnknownOutcome, Fatal };
    StoreError(Kind kind, const std::string& message)
        : std::runtime_error(message)
        , m_kind(kind)
    {
    }
    Kind kind() const { return m_kind; }

private:
    Kind m_kind;
};

// What the owner writes when its handler has finished (or failed, with `store_errors`).
struct Completion {
    int statusCode = 201;
    std::optional<std::string> responseBody;
    Millis completedAt = 0;
    std::optional<std::string> resultId;
    std::optional<Millis> expiresAt; // set: the completion recomputes the expiry (powertools)
};

// One execution of the business action: a `demo_request` row.
struct EffectRow {
    std::string id; // e1, e2, … in effect order
    Scope scope;
    std::string intent;
    std::string request;
    Millis atMs = 0;
};

struct SweepPolicy {
    bool strictExpiry = false; // powertools: expired only when now > expires_at
    std::optional<Millis> tombstoneMs; // set: leave a tombstone until expires_at + tombstoneMs
};

struct SweepResult {
    int recordsDeleted = 0;
    int tombstonesLeft = 0;
    int tombstonesRemoved = 0;
    std::vector<Scope> swept; // the scopes of the deleted records, in no particular order
};

// A key a Redis store removed because its expiry came (docs/manual/stores.md): its scope and its state then.
struct ExpiredKey {
    Scope scope;
    RecordState state = RecordState::InProgress;
};

// What Powertools' orphan recovery did (docs/manual/stores.md): the lock `<key>:lock` was taken and the record written;
// the lock was already held (another request is recovering it); or, asked to write only an unchanged record, it had
// changed.
enum class OrphanWrite { Written, LockHeld, Changed };

// What a DynamoDB conditional PutItem did (docs/manual/stores.md): there was no item; the item was there but the
// condition let the put replace it — its TTL had passed (`expires_at < :now`), or it was INPROGRESS with a passed
// in-progress deadline (Powertools' `in_progress_expiration < :now_in_millis`); or the condition failed and nothing was
// written.
enum class PutOutcome { Created, ReplacedExpired, ReplacedInProgressExpired, ConditionFailed };

// How a MySQL claim that waited on another transaction's uncommitted claim of the same key ended
// (docs/manual/stores.md): that claim rolled back and this INSERT went through; the key's row existed when the lock was
// released (duplicate key, 1062); or InnoDB chose this transaction as a deadlock victim (1213) — the waiters held
// shared locks on the key and each wanted an exclusive one.
enum class LockWaitEnd { Inserted, Duplicate, DeadlockVictim };

class IdempotencyStore {
public:
    virtual ~IdempotencyStore() = default;
    virtual std::string kind() const = 0; // "memory", "postgres", "redis"
    // What the store is (docs/manual/stores.md): a simulation refuses a store whose engine is not its scenario's.
    virtual StoreEngine engine() const { return StoreEngine::Sql; }

    // Empties every record, tombstone, seen flag and effect: a fresh run.
    virtual void reset() = 0;

    // INSERT … ON CONFLICT DO NOTHING RETURNING: true when this claim created the row. A tombstone that still counts
    // at `now` blocks the claim exactly as a row would.
    virtual bool insertClaim(const Record& claim, Millis now) = 0;
    virtual std::optional<Record> read(const Scope& scope) = 0;
    // read() into `into`, its strings' buffers reused where the store can (the memory store does): the service's read
    // steps use it, as a search reads the same few rows millions of times.
    virtual void readInto(const Scope& scope, std::optional<Record>& into) { into = read(scope); }
    // The tombstone for this scope that still counts at `now` (until > now), if any.
    virtual std::optional<Tombstone> readTombstone(const Scope& scope, Millis now) = 0;

    // A conditional overwrite (lease takeover, expired overwrite): applies only while the row is still the version
    // that was read (`expectedCreatedAt`), or, with no expected version, while there is no row and no counting
    // tombstone. True when applied.
    virtual bool replaceIf(const Scope& scope, std::optional<Millis> expectedCreatedAt, const Record& fresh, Millis now)
        = 0;

    // Fenced completion: applies only while the row is still the owner's claim (createdAt == ownerVersion). The
    // effect, when given, commits in the same transaction whether or not the record is still the owner's.
    virtual bool complete(
        const Scope& scope, Millis ownerVersion, const Completion& completion, const std::optional<EffectRow>& effect)
        = 0;
    // Fenced delete on a handler error (store_errors false).
    virtual bool deleteIfOwner(const Scope& scope, Millis ownerVersion) = 0;

    // Powertools' unfenced writes, hazards included: the error path deletes whatever is there, and the completion
    // is an upsert that keeps created_at and lease_until of an existing row or recreates `ifMissing`.
    virtual void deleteUnconditionally(const Scope& scope) = 0;
    virtual void upsertCompletion(
        const Record& ifMissing, const Completion& completion, const std::optional<EffectRow>& effect)
        = 0;

    // check_then_insert's INSERT after the work: false is a unique violation (SQLSTATE 23505).
    virtual bool insertCompleted(const Record& record) = 0;
    // check_then_insert's UPDATE of an expired row it read (an upsert: the row may have been swept meanwhile).
    virtual void overwrite(const Record& record) = 0;

    // seen_flag: true when this call set the flag, false when it was already set.
    virtual bool testAndSetSeen(const Scope& scope) = 0;

    // An effect outside a completion (unprotected handlers, check_then_insert, a crash after the effect).
    virtual void recordEffect(const EffectRow& effect) = 0;

    // Deletes the terminal records expired at `now` (never an in-progress one), leaving tombstones where asked,
    // and removes tombstones whose time has passed (until ≤ now).
    virtual SweepResult sweep(Millis now, const SweepPolicy& policy) = 0;

    // How many stored items sweeps have looked at (a count for tests: a sweep must cost what it removes, not what the
    // store holds); 0 for a store that does not count.
    virtual std::uint64_t sweepVisits() const { return 0; }

    // The contents, ordered by scope.
    virtual std::vector<Record> records() = 0;
    // How many records the store holds: records().size(), which this default reads; a store that knows its count
    // says it without listing (a review asks after every operation that can add or remove one).
    virtual std::size_t recordCount() { return records().size(); }
    // The same records in the same order, one at a time, for a report that streams: a store may visit them without
    // building the whole list (the memory store refills one Record). `visit` must not call the store. This default
    // reads the listing.
    virtual void visitRecords(const std::function<void(const Record&)>& visit)
    {
        for (const Record& r : records())
            visit(r);
    }
    // The records as they are now, for a report written a slice at a time while the store goes on changing (serve's
    // GET /_workbench/report, docs/reference/serve.md): a record changed or added after the snapshot shows as it was,
    // or not at all. The store keeps a record's old version only when it changes while a snapshot lives, so a snapshot
    // costs what changes meanwhile, not what the store holds. Records come in the store's own order (not by scope).
    class RecordSnapshot {
    public:
        virtual ~RecordSnapshot() = default;
    };
    // nullptr: this store cannot (a report reads its listing at once instead). A snapshot must not outlive its store,
    // and is void after reset() (visitSnapshot then visits nothing more).
    virtual std::unique_ptr<RecordSnapshot> snapshotRecords() { return nullptr; }
    // Visits up to `count` more records of `snapshot`; false once every record has been visited. `visit` must not
    // call the store.
    virtual bool visitSnapshot(
        RecordSnapshot& snapshot, std::size_t count, const std::function<void(const Record&)>& visit)
    {
        (void)snapshot;
        (void)count;
        (void)visit;
        return false;
    }
    virtual std::vector<Tombstone> tombstones() = 0;
    virtual std::vector<EffectRow> effects() = 0;
    // A fingerprint of everything that decides the store's future answers (records, tombstones, seen flags), the
    // same whatever order they were written in; `explore` prunes by it (statehash.h). nullopt: this store cannot say
    // without a round trip (PostgreSQL), so it cannot be explored.
    virtual std::optional<std::uint64_t> contentHash() { return std::nullopt; }

    // Exploring (docs/reference/explore.md): the store's whole content saved and put back, so a search goes on from a
    // state instead of running the simulation to it again. A store that cannot (PostgreSQL) makes no saved state.
    // `restore` takes back exactly what `save` wrote into a state this store made; anything written since is forgotten.
    class SavedState {
    public:
        virtual ~SavedState() = default;
        // About how many bytes the saved copy holds (its buffers' capacities): explore counts its saved states
        // against its memory bound.
        virtual std::size_t bytes() const { return 0; }
    };
    virtual std::unique_ptr<SavedState> makeSavedState() const { return nullptr; }
    virtual void save(SavedState& into) { (void)into; }
    virtual void restore(const SavedState& from) { (void)from; }
    // About how many bytes the store holds in this process (0: its content lives elsewhere, as PostgreSQL's does).
    virtual std::size_t memoryBytes() const { return 0; }

    // The Redis engine (docs/manual/stores.md; redisengine.h), called only on a store whose engine() is Redis. Every
    // key carries an expiry; the simulation removes the due ones at their instant (expireKeys, before any other work
    // due then), so a key is never read past its expiry. nextKeyExpiry: the earliest expiry of a key held, if any.
    virtual std::vector<ExpiredKey> expireKeys(Millis now)
    {
        (void)now;
        return {};
    }
    virtual std::optional<Millis> nextKeyExpiry() { return std::nullopt; }
    // Powertools' orphan recovery: SET `<key>:lock` NX until `lockUntil`, then SET the record — unconditionally, or,
    // with `expectedCreatedAt`, only while the record is still the version that was read, still in progress.
    virtual OrphanWrite overwriteOrphan(
        const Record& fresh, std::optional<Millis> expectedCreatedAt, Millis lockUntil, Millis now)
    {
        (void)fresh;
        (void)expectedCreatedAt;
        (void)lockUntil;
        (void)now;
        throw StoreError(StoreError::Kind::Fatal, kind() + " store: no orphan recovery on this engine");
    }
    // EXPIRE after HSETNX: the key's expiry, whoever holds it now; false when there is no key.
    virtual bool setExpiry(const Scope& scope, Millis expiresAt)
    {
        (void)scope;
        (void)expiresAt;
        throw StoreError(StoreError::Kind::Fatal, kind() + " store: no key expiry on this engine");
    }
    // Asynchronous replication (docs/manual/stores.md `failover`): from detachReplica(t) on, writes no longer reach the
    // replica; failover(t) promotes it, so every write since the detach is lost. Returns the scopes whose writes were
    // lost, in scope order. (A lag of lag_ms is a detach at at_ms − lag_ms and the failover at at_ms.)
    virtual void detachReplica(Millis now) { (void)now; }
    virtual std::vector<Scope> failover(Millis now)
    {
        (void)now;
        return {};
    }

    // The MySQL engine (docs/manual/stores.md; mysqlmodel.cpp), called only on a store whose engine() is Mysql: InnoDB
    // row locks of a claim transaction left open. holdClaim: the claim just inserted (created_at `version`) stays
    // uncommitted until `rollbackAt`, when it rolls back. awaitClaimLock: a claim of the same key meets that lock and
    // waits — the instant the lock is released and this waiter's ticket, or nullopt when no lock is held at `now`.
    // endLockWait: at that instant, what became of the waiter's INSERT of `claim`. rollbackClaim: the owner's ROLLBACK
    // (true when its row was still there to remove); a release the waiters saw first has already done it.
    virtual void holdClaim(const Scope& scope, Millis version, Millis rollbackAt)
    {
        (void)scope;
        (void)version;
        (void)rollbackAt;
        throw StoreError(StoreError::Kind::Fatal, kind() + " store: no claim transactions on this engine");
    }
    virtual std::optional<Millis> awaitClaimLock(const Scope& scope, Millis now, int& ticket)
    {
        (void)scope;
        (void)now;
        (void)ticket;
        return std::nullopt;
    }
    virtual LockWaitEnd endLockWait(const Record& claim, int ticket, Millis now)
    {
        (void)claim;
        (void)ticket;
        (void)now;
        throw StoreError(StoreError::Kind::Fatal, kind() + " store: no lock waits on this engine");
    }
    virtual bool rollbackClaim(const Scope& scope, Millis version, Millis now)
    {
        (void)scope;
        (void)version;
        (void)now;
        throw StoreError(StoreError::Kind::Fatal, kind() + " store: no claim transactions on this engine");
    }

    // The DynamoDB engine (docs/manual/stores.md; dynamomodel.cpp), called only on a store whose engine() is Dynamodb.
    // The writes that follow noteWriteTime(now) happen at `now` (an eventually consistent read within read_lag_ms of a
    // write returns the item as it was before it). conditionalPut: one PutItem of `item` under the policy's
    // put_condition, evaluated with the writer's clock `writerNow`; on ConditionFailed `old` is the item it met
    // (ALL_OLD). readItem: GetItem at `now`, consistent or not as the policy says; true when it returned the previous
    // version. The TTL sweeper deletes an item ttl_deletion_lag_ms after its expiry through expireKeys/nextKeyExpiry;
    // sweepTtlNow is the `ttl_sweep_now` fault: every item past its expiry at `now` is deleted at once.
    virtual void noteWriteTime(Millis now) { (void)now; }
    virtual PutOutcome conditionalPut(const Record& item, Millis writerNow, std::optional<Record>& old)
    {
        (void)item;
        (void)writerNow;
        (void)old;
        throw StoreError(StoreError::Kind::Fatal, kind() + " store: no conditional PutItem on this engine");
    }
    virtual bool readItem(const Scope& scope, Millis now, std::optional<Record>& into)
    {
        (void)now;
        readInto(scope, into);
        return false;
    }
    virtual std::vector<ExpiredKey> sweepTtlNow(Millis now)
    {
        (void)now;
        return {};
    }
    // DynamoDB's item cap: the size the item would have after this completion — the owner's claim (created_at
    // `ownerVersion`) completed, or for Powertools' upsert (no owner version) the item that is there, else `ifMissing`
    // — when it is over item_size_limit_bytes, so the write would fail with a ValidationException and change nothing;
    // nullopt when it fits, when a fenced completion would not apply anyway, or on another engine.
    virtual std::optional<std::int64_t> oversizedCompletion(
        const Record& ifMissing, std::optional<Millis> ownerVersion, const Completion& completion)
    {
        (void)ifMissing;
        (void)ownerVersion;
        (void)completion;
        return std::nullopt;
    }

    // The earliest instant at which a sweep could delete something: a completed record's expiry (a millisecond later
    // under strict expiry) or a tombstone's end; nullopt when there is nothing to wait for. The simulation uses it to
    // skip sweeps that would find nothing. This default reads the listings; a store can answer without them.
    virtual std::optional<Millis> nextSweepable(bool strictExpiry)
    {
        std::optional<Millis> next;
        const auto consider = [&next](Millis at) { next = next ? std::min(*next, at) : at; };
        for (const Record& r : records()) {
            if (r.state == RecordState::Completed)
                consider(strictExpiry ? r.expiresAt + 1 : r.expiresAt);
        }
        for (const Tombstone& t : tombstones())
            consider(t.untilMs);
        return next;
    }
};

// Who calls a memory store: any thread (Shared), or only the one that made it (OneThread: no locking, for a search's
// private stores).
enum class StoreThreads { Shared, OneThread };
// The embedded store: maps under one mutex, correct under real threads.
std::unique_ptr<IdempotencyStore> makeMemoryStore(StoreThreads threads = StoreThreads::Shared);

} // namespace iw
