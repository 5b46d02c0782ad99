// The PostgreSQL store (docs/manual/live-tables.md "As the store"): the IdempotencyStore contract on real tables
// through libpq, so a scenario gives the same report on PostgreSQL as on the memory store, and the database arbitrates
// for real.
#pragma once

#include "store.h"

#include <functional>
#include <memory>
#include <string>

namespace iw {

// The comment installSchema puts on a schema it creates (or adopts while it is empty): only a schema carrying it is
// ever emptied or altered (docs/manual/live-tables.md "The store's schema is its own"). The number is the format of the
// store's tables.
extern const char* const kStoreSchemaMark;

// One PostgresStore is one connection, used by one thread at a time: libpq connections are not meant to be shared
// between threads and every operation assumes nothing else runs on its session. The race mode opens one store per
// thread.
//
// Every operation is one statement or one transaction, so it is atomic as the contract asks. Virtual milliseconds
// travel as parameters and become `timestamp '2000-01-01' + ms`; the server's clock is never read. A broken
// connection is repaired by the next operation (bounded retries), so a scenario continues once the server is back.
class PostgresStore final : public IdempotencyStore {
public:
    // What stands between the store and the server. Session: a direct connection or a session pooler; the store
    // prepares its statements once per session. Transaction: a transaction pooler (pgbouncer pool_mode =
    // transaction, `--pooler transaction`) may hand every transaction another server connection, so no named
    // prepared statement and no SET is relied on beyond the transaction that made it: every statement goes out
    // unnamed with its parameters (PQexecParams, and unnamed in the pipeline).
    enum class Pooling { Session, Transaction };

    // Empty conninfo: libpq's defaults (PG* variables, service file, .pgpass). Throws StoreError: Fatal when the
    // conninfo does not parse or the server is read-only (a hot standby: "the server is a read-only hot standby;
    // the store needs a primary"), Unavailable when the server cannot be reached. Messages never carry a password.
    static std::unique_ptr<PostgresStore> connect(const std::string& conninfo,
        const std::string& schema = "idempotency_workbench", Pooling pooling = Pooling::Session);
    ~PostgresStore() override;
    PostgresStore(const PostgresStore&) = delete;
    PostgresStore& operator=(const PostgresStore&) = delete;

    // Creates the schema and its tables when missing, in one transaction. A table that exists with another shape
    // (a missing column, another type, no unique key on the scope) is a Fatal error naming table and column; nothing
    // is created, dropped or altered then. The schema must be the workbench's own: one it creates now is marked
    // (kStoreSchemaMark), an existing empty one without a comment is adopted and marked, and any other unmarked
    // schema, or a system schema (pg_*, information_schema), is a Fatal error with nothing touched. reset() empties
    // the tables only in a marked schema.
    void installSchema();

    const std::string& schema() const; // as given, unescaped
    Pooling pooling() const;
    // As last seen: a server that went away while we were idle shows up at the next operation.
    bool isConnected() const;
    // The SQL this store prepares under `name` ("iw_claim", "iw_complete", …), schema included, or empty: what
    // bench/pg_claim hands pgbench so both run the very same statements.
    std::string statementSql(const std::string& name) const;
    // The last failure this store saw (a thrown error or a message the server sent before closing), or empty.
    std::string lastError() const;

    // Called after every statement this store runs, on the thread that runs it, with the SQL text and how it ended
    // (the command tag such as "INSERT 0 1", or "SQLSTATE 23505: …"): the inspector's "SQL run for this request".
    // Unset (the default), it costs one test per statement.
    using StatementObserver = std::function<void(const std::string& sql, const std::string& result)>;
    void setStatementObserver(StatementObserver observer);

    std::string kind() const override { return "postgres"; }
    void reset() override;
    bool insertClaim(const Record& claim, Millis now) override;
    std::optional<Record> read(const Scope& scope) override;
    std::optional<Tombstone> readTombstone(const Scope& scope, Millis now) override;
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
    std::vector<Record> records() override;
    std::vector<Tombstone> tombstones() override;
    std::vector<EffectRow> effects() override;

    struct Impl; // the connection, its prepared statements and the error mapping (pgstore.cpp)

private:
    explicit PostgresStore(std::unique_ptr<Impl> impl);

    std::unique_ptr<Impl> m_impl;
};

} // namespace iw
