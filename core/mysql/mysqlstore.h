// The MySQL engine on a real MariaDB or MySQL server (docs/manual/stores.md `--store mysql --conninfo …`), through
// Connector/C: the same operations as the embedded model (core/engine/mysqlmodel.cpp), so a preset gives a
// byte-identical report on either.
//
// - The store's tables live in the conninfo's database, which it marks as its own (the database's comment names the
//   workbench and a format version). It empties and alters tables only in a marked database; a database holding
//   tables without the mark, or a system database, is refused and nothing is touched. A store table of another shape
//   (a column missing or of another type) is named with its column; a table not on InnoDB (MyISAM: no transactions)
//   is refused.
// - Times are virtual: every instant is a BIGINT of the simulation's milliseconds, given as a parameter.
// - The claim is the policy's `claim` statement on the key's primary key: INSERT (ERROR 1062: the loser reads),
//   INSERT IGNORE (0 rows and a warning; the key column is VARCHAR(key_column_length), so a longer key is stored
//   truncated, and every later statement looks the key up as the column holds it) or INSERT … ON DUPLICATE KEY
//   UPDATE. The isolation level is the policy's, for the store's own sessions.
// - The `rollback_claim` fault for real: a claim to be held is inserted in a transaction that stays open on a
//   connection of its own until the fault's instant, when it rolls back. A claim of the same key meanwhile is sent on
//   another connection of its own and really waits on the row's lock (the store sees it in
//   information_schema.INNODB_TRX, which needs the PROCESS privilege). At the ROLLBACK the server grants the waiters
//   their shared locks and, when two or more wait, finds the deadlock and rolls victims back (ERROR 1213). InnoDB
//   rolls back the transaction that has done the least work, and among equals whichever thread asked last, which is a
//   matter of scheduling; so that a run is repeatable, each waiter's transaction first writes a few rows of the
//   store's `iw_lock_weight` table — more the earlier it began to wait — and the server then always keeps the first
//   waiter, as the model does. Every victim is the server's own 1213.
// - Every wait is bounded by the conninfo's connect, read and write timeouts (10 s unless set) and InnoDB's lock wait
//   timeout (10 s for the store's sessions); a broken connection is one sentence. A session the server ended (KILL
//   CONNECTION, wait_timeout, a restart) is opened again, once, at the start of the next operation (the socket tells,
//   without a round trip). An autocommit write whose connection broke in flight is UnknownOutcome (unknown_outcome:
//   the server may have applied it); a transaction that broke before its COMMIT was sent is Unavailable (the server
//   rolled it back), during COMMIT UnknownOutcome. The same holds for rollback_claim's own sessions: a held claim
//   whose session the server ended was rolled back with it (its ROLLBACK then has nothing left to do, and the claims
//   waiting on it are answered as at a ROLLBACK); a waiting claim whose session was lost never committed, so its
//   request is told store_unavailable (nothing written), or unknown_outcome when its COMMIT was in flight. A lost
//   session is dropped, never reused; the next claim to hold or to wait opens another.
#pragma once

#include "mysqlconninfo.h"
#include "store.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace iw {

class MysqlConnection;

class MysqlStore final : public IdempotencyStore {
public:
    struct Options {
        MysqlClaim claim = MysqlClaim::Insert;
        MysqlIsolation isolation = MysqlIsolation::RepeatableRead;
        int keyColumnLength = 255;
        // The scenario has a rollback_claim fault: claims run in a transaction that holdClaim may keep open, and the
        // server must let the store watch lock waits (PROCESS).
        bool holdsClaims = false;
        // The claims that wait on a held claim are this store's own (a simulation): the store watches them reach the
        // lock. false: they come from other connections in real time (race), and the server alone arbitrates.
        bool watchLockWaits = true;
    };
    static Options optionsFor(const ServicePolicy& policy, bool holdsClaims);
    // The longest key column: actor and operation are VARCHAR(191) each, so the primary key of utf8mb4 text fits
    // InnoDB's 3,072 bytes with keys of up to 384 characters.
    static constexpr int kMaxKeyColumnLength = 384;

    // Connects, checks the server can be written (read_only), the database is the store's own or empty (then marks
    // it), and the tables' engine and shape, creating those missing. Throws StoreError (Unavailable: unreachable;
    // Fatal: refused login, read-only server, a database of someone else's, a table of another shape or engine).
    static std::unique_ptr<MysqlStore> connect(const MysqlConninfo& info, Options options);
    ~MysqlStore() override;

    std::string kind() const override { return "mysql"; }
    StoreEngine engine() const override { return StoreEngine::Mysql; }
    const MysqlConninfo& conninfo() const { return m_info; }

    void reset() override;
    bool insertClaim(const Record& claim, Millis now) override;
    std::optional<Record> read(const Scope& scope) override;
    std::optional<Tombstone> readTombstone(const Scope&, Millis) override { return std::nullopt; }
    bool replaceIf(
        const Scope& scope, std::optional<Millis> expectedCreatedAt, const Record& fresh, Millis now) override;
    bool complete(const Scope& scope, Millis ownerVersion, const Completion& completion,
        const std::optional<EffectRow>& effect) override;
    bool deleteIfOwner(const Scope& scope, Millis ownerVersion) override;
    void deleteUnconditionally(const Scope& scope) override;
    void upsertCompletion(
        const Record& ifMissing, const Completion& completion, const std::optional<EffectRow>& effect) override;
    bool insertCompleted(const Record& record) override;
    void overwrite(const Record& record) override;
    bool testAndSetSeen(const Scope& scope) override;
    void recordEffect(const EffectRow& effect) override;
    SweepResult sweep(Millis now, const SweepPolicy& policy) override;
    std::optional<Millis> nextSweepable(bool strictExpiry) override;
    std::vector<Record> records() override;
    std::vector<Tombstone> tombstones() override { return {}; }
    std::vector<EffectRow> effects() override;

    void holdClaim(const Scope& scope, Millis version, Millis rollbackAt) override;
    std::optional<Millis> awaitClaimLock(const Scope& scope, Millis now, int& ticket) override;
    LockWaitEnd endLockWait(const Record& claim, int ticket, Millis now) override;
    bool rollbackClaim(const Scope& scope, Millis version, Millis now) override;

    // The marks the store writes on a database it owns (the database's comment).
    static const char* databaseMark();

private:
    struct Held;
    struct Waiter;
    MysqlStore(const MysqlConninfo& info, Options options);
    std::unique_ptr<MysqlConnection> openSession(bool foundRows);
    std::unique_ptr<MysqlConnection> takeSpare();
    void beginCall();
    void reopenIfLost(std::unique_ptr<MysqlConnection>& session, bool foundRows);
    void commitPendingClaim();
    void release(Held& held);
    Scope column(const Scope& scope) const;
    Record column(const Record& record) const;

    MysqlConninfo m_info;
    Options m_options;
    std::unique_ptr<MysqlConnection> m_main; // every statement but the claim (UPDATE counts the rows it matched)
    std::unique_ptr<MysqlConnection> m_claim; // the claim's INSERT (its count tells inserted from duplicate)
    bool m_claimOpen = false; // m_claim holds a claim transaction not committed yet (holdsClaims)
    std::vector<std::unique_ptr<MysqlConnection>> m_spare; // claim sessions to reuse
    std::map<Scope, std::unique_ptr<Held>> m_held; // by the key as the column holds it
    std::map<int, std::unique_ptr<Waiter>> m_waiters; // by ticket
    int m_nextTicket = 0;
};

} // namespace iw
