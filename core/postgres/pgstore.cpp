// PostgresStore: the store contract as prepared statements on the workbench's own schema (docs/manual/live-tables.md),
// with libpq's failures mapped to what the simulation can report: Unavailable (nothing happened), UnknownOutcome (a
// commit was in flight) or Fatal (the server refused, for a reason retrying will not change).
#include "pgstore.h"

#include "pgresult.h"
#include "pgsecret.h"
#include "pgtls.h"

#include "fingerprint.h"
#include "json.h"
#include "utf8.h"

#include <QFile>

#include <libpq-fe.h>
#include <poll.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <chrono>
#include <cstdlib>
#include <map>
#include <set>
#include <thread>
#include <utility>

namespace iw {

const char* const kStoreSchemaMark = "idempotency-workbench store schema, format 1";

namespace {

// The server answered with an error (the connection is fine): its SQLSTATE decides between a retry, a `false` the
// contract expects (23505 for insertCompleted) and a Fatal error.
struct ServerError {
    std::string sqlstate;
    std::string message;
    bool retryable() const { return sqlstate == "40001" || sqlstate == "40P01"; }
};

// What a broken connection means depends on what was in flight: a read or a statement inside a transaction that
// had not committed changed nothing; a COMMIT, or an autocommit write, may or may not have been applied.
enum class InFlight { Nothing, Write, Commit };

constexpr const char* kStandbyRefusal = "the server is a read-only hot standby; the store needs a primary";
constexpr int kTransactionAttempts = 5; // serialization failures and deadlocks
constexpr std::array<int, 3> kReconnectDelaysMs { 50, 100, 200 };

std::string endpointOf(const PGconn* conn)
{
    const char* host = conn ? PQhost(conn) : nullptr;
    const char* port = conn ? PQport(conn) : nullptr;
    std::string where = "host ";
    where += (host && *host) ? host : "(libpq default)";
    where += (port && *port) ? std::string(" port ") + port : std::string(", default port");
    return where;
}

std::string systemSchemaProblem(const std::string& schema)
{
    std::string lower = schema;
    for (char& c : lower)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (lower.rfind("pg_", 0) == 0 || lower == "information_schema")
        return "schema " + schema
            + " is a PostgreSQL system schema; the store needs a schema of its own (the default is "
              "idempotency_workbench), and nothing was changed";
    return {};
}

// Every function, operator, type and collation the store's SQL names is qualified with pg_catalog (types that are
// SQL keywords — integer, bigint, timestamp, interval, varchar, char — are the catalog's anyway): a session whose
// search_path puts another schema before pg_catalog (`public, pg_catalog` from the role, PGOPTIONS or the conninfo's
// options) must never reach a function, operator or type someone planted there under a catalog name. A session of
// the store's own also gets a safe search_path (setUpSession); a pooled one relies on this alone.
std::string op(const char* name)
{
    return std::string(" OPERATOR(pg_catalog.") + name + ") ";
}
const std::string kEq = op("=");
const std::string kText = "::pg_catalog.text";
const std::string kJsonb = "::pg_catalog.jsonb";
const char* const kSafeSearchPath = "pg_catalog, pg_temp";

// Virtual milliseconds <-> timestamp: an epoch of our own, so the server's clock and time zone never matter.
// extract(epoch …) is numeric since PostgreSQL 14, so the round trip is exact. (OPERATOR() has one precedence
// whatever the operator, hence the parentheses.)
std::string ts(int parameter)
{
    return "(timestamp '2000-01-01'" + op("+") + "($" + std::to_string(parameter) + "::bigint" + op("*")
        + "interval '1 millisecond'))";
}

std::string ms(const std::string& column)
{
    return "(extract(epoch from (" + column + op("-") + "timestamp '2000-01-01'))" + op("*") + "1000)::bigint";
}

// Text parameters, NULL where the value is absent.
class Params {
public:
    Params& text(std::string s)
    {
        m_values.emplace_back(std::move(s));
        return *this;
    }
    Params& text(const std::optional<std::string>& s)
    {
        m_values.push_back(s);
        return *this;
    }
    Params& number(long long n) { return text(std::to_string(n)); }
    template<class T> Params& number(const std::optional<T>& n)
    {
        if (n)
            return number(static_cast<long long>(*n));
        m_values.emplace_back();
        return *this;
    }
    Params& scope(const Scope& s) { return text(s.actor).text(s.operation).text(s.key); }
    // The twelve columns of a record row, in table order, the scope first.
    Params& record(const Scope& s, const Record& r)
    {
        return scope(s)
            .text(r.payloadHash)
            .text(std::string(stateName(r.state)))
            .number(r.statusCode)
            .text(r.responseBody)
            .number(r.createdAt)
            .number(r.completedAt)
            .number(r.expiresAt)
            .number(r.leaseUntil)
            .text(r.resultId);
    }
    Params& effect(const EffectRow& e)
    {
        return text(e.id).scope(e.scope).text(e.intent).text(e.request).number(e.atMs);
    }

    std::vector<const char*> pointers() const
    {
        std::vector<const char*> out;
        out.reserve(m_values.size());
        for (const auto& v : m_values)
            out.push_back(v ? v->c_str() : nullptr);
        return out;
    }

private:
    std::vector<std::optional<std::string>> m_values;
};

RecordState stateFrom(const std::string& s)
{
    if (s == stateName(RecordState::Completed))
        return RecordState::Completed;
    if (s == stateName(RecordState::Expired))
        return RecordState::Expired;
    return RecordState::InProgress;
}

// jsonb keeps the value, not the text. The workbench writes RFC 8785 canonical bodies, so canonicalising what comes
// back gives exactly the bytes the memory store would return.
std::optional<std::string> bodyFrom(std::optional<std::string> stored)
{
    if (!stored)
        return stored;
    try {
        return canonicalJson(json::parse(*stored));
    } catch (const json::ParseError&) {
        return stored;
    }
}

const std::string kScopeWhere
    = "actor_id" + kEq + "$1" + kText + " AND operation" + kEq + "$2" + kText + " AND idem_key" + kEq + "$3" + kText;
const std::string kScopeKey = "(actor_id, operation, idem_key)";
const std::string kRecordColumns
    = "actor_id, operation, idem_key, payload_hash, state, status_code, response_body, created_at, completed_at, "
      "expires_at, lease_until, result_id";
const std::string kRecordValues = "$1" + kText + ", $2" + kText + ", $3" + kText + ", $4" + kText + ", $5" + kText
    + ", $6::integer, $7" + kJsonb + ", " + ts(8) + ", " + ts(9) + ", " + ts(10) + ", " + ts(11) + ", $12" + kText;
const std::string kRecordSelect = "actor_id, operation, idem_key, payload_hash" + kText
    + ", state, status_code, response_body" + kText + ", " + ms("created_at") + ", " + ms("completed_at") + ", "
    + ms("expires_at") + ", " + ms("lease_until") + ", result_id";
const std::string kTombstoneSelect
    = "actor_id, operation, idem_key, payload_hash" + kText + ", status_code, result_id, " + ms("until_at");
const std::string kByScope
    = " ORDER BY actor_id COLLATE pg_catalog.\"C\", operation COLLATE pg_catalog.\"C\", idem_key "
      "COLLATE pg_catalog.\"C\"";

Record recordAt(const PGresult* r, int row)
{
    Record rec;
    rec.scope = { textAt(r, row, 0), textAt(r, row, 1), textAt(r, row, 2) };
    rec.payloadHash = textAt(r, row, 3);
    rec.state = stateFrom(textAt(r, row, 4));
    rec.statusCode = optIntAt(r, row, 5);
    rec.responseBody = bodyFrom(optTextAt(r, row, 6));
    rec.createdAt = numberAt(r, row, 7);
    rec.completedAt = optNumberAt(r, row, 8);
    rec.expiresAt = numberAt(r, row, 9);
    rec.leaseUntil = optNumberAt(r, row, 10);
    rec.resultId = optTextAt(r, row, 11);
    return rec;
}

Tombstone tombstoneAt(const PGresult* r, int row)
{
    Tombstone t;
    t.scope = { textAt(r, row, 0), textAt(r, row, 1), textAt(r, row, 2) };
    t.payloadHash = textAt(r, row, 3);
    t.statusCode = optIntAt(r, row, 4);
    t.resultId = optTextAt(r, row, 5);
    t.untilMs = numberAt(r, row, 6);
    return t;
}

// What an operation was doing, spelled out only when it fails (claims are hot; messages are not).
struct Action {
    const char* verb;
    const Scope* scope = nullptr;
    const char* suffix = "";
    std::string text() const
    {
        if (!scope)
            return verb + std::string(suffix);
        return verb + (" " + cut(scope->actor) + " / " + cut(scope->operation) + " / " + cut(scope->key)) + suffix;
    }
    // A message never echoes unbounded user text: "aaaa… (5000 characters)".
    static std::string cut(const std::string& s)
    {
        constexpr std::size_t limit = 60;
        if (s.size() <= limit)
            return s;
        return std::string(utf8::prefixBytes(s, limit)) + "… (" + std::to_string(utf8::codePoints(s)) + " characters)";
    }
};

enum class Stmt {
    Claim,
    Read,
    ReadTombstone,
    ReplaceVersion,
    Complete,
    DeleteIfOwner,
    DeleteAny,
    UpsertCompletion,
    InsertCompleted,
    Overwrite,
    SetSeen,
    InsertEffect,
    SweepTombstones,
    SweepRecords,
    SweepRecordsStrict,
    PutTombstone,
    Records,
    Tombstones,
    Effects,
};
constexpr int kStatementCount = static_cast<int>(Stmt::Effects) + 1;

struct Statement {
    Stmt id = Stmt::Read;
    const char* name = nullptr;
    std::string sql;
};

// The store's tables that are partitioned (by hash of actor_id, docs/manual/live-tables.md): they are read and written
// as a whole. Every other store table is a plain table, and every statement but INSERT names it with ONLY: a table
// somewhere else that INHERITS it (another team's, in another schema) is neither read, updated, deleted from nor
// truncated through it.
using PartitionedTables = std::set<std::string>;

// Indexed by Stmt.
std::vector<Statement> statementsFor(const std::string& s, const PartitionedTables& partitioned = {})
{
    // What SELECT, UPDATE and DELETE name; INSERT reaches the named table alone anyway.
    const auto only = [&](const char* table) {
        return (partitioned.count(table) ? std::string() : std::string("ONLY ")) + s + "." + table;
    };
    const std::string records = s + ".request_idempotency";
    const std::string tombs = s + ".request_idempotency_tombstone";
    const std::string recordsOnly = only("request_idempotency");
    const std::string tombsOnly = only("request_idempotency_tombstone");
    const std::string countingTombstone = "SELECT 1 FROM " + tombsOnly + " t WHERE t.actor_id" + kEq + "$1" + kText
        + " AND t.operation" + kEq + "$2" + kText + " AND t.idem_key" + kEq + "$3" + kText + " AND t.until_at"
        + op(">");
    const std::string tombstoneColumns
        = "actor_id, operation, idem_key, payload_hash, status_code, result_id, until_at";
    // A swept row, read like a tombstone whose until is the record's expires_at.
    const std::string sweptColumns
        = "actor_id, operation, idem_key, payload_hash" + kText + ", status_code, result_id, " + ms("expires_at");
    const std::string completed = "'" + std::string(stateName(RecordState::Completed)) + "'";
    std::vector<Statement> list {
        // The claim: one statement, so the unique index decides; a counting tombstone blocks it as a row would.
        { Stmt::Claim, "iw_claim",
            "INSERT INTO " + records + " (" + kRecordColumns + ") SELECT " + kRecordValues + " WHERE NOT EXISTS ("
                + countingTombstone + ts(13) + ") ON CONFLICT " + kScopeKey + " DO NOTHING RETURNING 1" },
        { Stmt::Read, "iw_read", "SELECT " + kRecordSelect + " FROM " + recordsOnly + " WHERE " + kScopeWhere },
        { Stmt::ReadTombstone, "iw_read_tombstone",
            "SELECT " + kTombstoneSelect + " FROM " + tombsOnly + " WHERE " + kScopeWhere + " AND until_at" + op(">")
                + ts(4) },
        { Stmt::ReplaceVersion, "iw_replace_version",
            "UPDATE " + recordsOnly + " SET payload_hash = $4" + kText + ", state = $5" + kText
                + ", status_code = $6::integer, response_body = $7" + kJsonb + ", created_at = " + ts(8)
                + ", completed_at = " + ts(9) + ", expires_at = " + ts(10) + ", lease_until = " + ts(11)
                + ", result_id = $12" + kText + " WHERE " + kScopeWhere + " AND created_at" + kEq + ts(13)
                + " RETURNING 1" },
        // Fenced by the version: a writer that is no longer the owner changes nothing.
        { Stmt::Complete, "iw_complete",
            "UPDATE " + recordsOnly + " SET state = " + completed + ", status_code = $4::integer, response_body = $5"
                + kJsonb + ", completed_at = " + ts(6) + ", result_id = $7" + kText + ", expires_at = COALESCE(" + ts(8)
                + ", expires_at) WHERE " + kScopeWhere + " AND created_at" + kEq + ts(9) + " RETURNING 1" },
        { Stmt::DeleteIfOwner, "iw_delete_if_owner",
            "DELETE FROM " + recordsOnly + " WHERE " + kScopeWhere + " AND created_at" + kEq + ts(4) + " RETURNING 1" },
        { Stmt::DeleteAny, "iw_delete_any", "DELETE FROM " + recordsOnly + " WHERE " + kScopeWhere },
        // Powertools' completion: keeps created_at and lease_until of whatever row is there.
        { Stmt::UpsertCompletion, "iw_upsert_completion",
            "INSERT INTO " + records + " AS r (" + kRecordColumns + ") VALUES (" + kRecordValues + ") ON CONFLICT "
                + kScopeKey
                + " DO UPDATE SET payload_hash = EXCLUDED.payload_hash, state = EXCLUDED.state, status_code = "
                  "EXCLUDED.status_code, response_body = EXCLUDED.response_body, completed_at = "
                  "EXCLUDED.completed_at, result_id = EXCLUDED.result_id, expires_at = COALESCE("
                + ts(13) + ", r.expires_at)" },
        // Deliberately without ON CONFLICT: check_then_insert meets the unique violation.
        { Stmt::InsertCompleted, "iw_insert_completed",
            "INSERT INTO " + records + " (" + kRecordColumns + ") VALUES (" + kRecordValues + ")" },
        { Stmt::Overwrite, "iw_overwrite",
            "INSERT INTO " + records + " (" + kRecordColumns + ") VALUES (" + kRecordValues + ") ON CONFLICT "
                + kScopeKey
                + " DO UPDATE SET payload_hash = EXCLUDED.payload_hash, state = EXCLUDED.state, status_code = "
                  "EXCLUDED.status_code, response_body = EXCLUDED.response_body, created_at = EXCLUDED.created_at, "
                  "completed_at = EXCLUDED.completed_at, expires_at = EXCLUDED.expires_at, lease_until = "
                  "EXCLUDED.lease_until, result_id = EXCLUDED.result_id" },
        { Stmt::SetSeen, "iw_set_seen",
            "INSERT INTO " + s + ".request_seen (actor_id, operation, idem_key) VALUES ($1" + kText + ", $2" + kText
                + ", $3" + kText + ") ON CONFLICT " + kScopeKey + " DO NOTHING RETURNING 1" },
        { Stmt::InsertEffect, "iw_insert_effect",
            "INSERT INTO " + s + ".demo_request (id, actor_id, operation, idem_key, intent, request, at_ms) VALUES ($1"
                + kText + ", $2" + kText + ", $3" + kText + ", $4" + kText + ", $5" + kText + ", $6" + kText
                + ", $7::bigint)" },
        { Stmt::SweepTombstones, "iw_sweep_tombstones",
            "DELETE FROM " + tombsOnly + " WHERE until_at" + op("<=") + ts(1) },
        // Only terminal rows: an in-progress row is never swept, however old.
        { Stmt::SweepRecords, "iw_sweep_records",
            "DELETE FROM " + recordsOnly + " WHERE state" + kEq + completed + " AND expires_at" + op("<=") + ts(1)
                + " RETURNING " + sweptColumns },
        { Stmt::SweepRecordsStrict, "iw_sweep_records_strict",
            "DELETE FROM " + recordsOnly + " WHERE state" + kEq + completed + " AND expires_at" + op("<") + ts(1)
                + " RETURNING " + sweptColumns },
        { Stmt::PutTombstone, "iw_put_tombstone",
            "INSERT INTO " + tombs + " (" + tombstoneColumns + ") VALUES ($1" + kText + ", $2" + kText + ", $3" + kText
                + ", $4" + kText + ", $5::integer, $6" + kText + ", " + ts(7) + ") ON CONFLICT " + kScopeKey
                + " DO UPDATE SET payload_hash = EXCLUDED.payload_hash, status_code = EXCLUDED.status_code, "
                  "result_id = EXCLUDED.result_id, until_at = EXCLUDED.until_at" },
        { Stmt::Records, "iw_records", "SELECT " + kRecordSelect + " FROM " + recordsOnly + kByScope },
        { Stmt::Tombstones, "iw_tombstones", "SELECT " + kTombstoneSelect + " FROM " + tombsOnly + kByScope },
        { Stmt::Effects, "iw_effects",
            "SELECT id, actor_id, operation, idem_key, intent, request, at_ms FROM " + only("demo_request")
                + " ORDER BY seq" },
    };
    std::vector<Statement> indexed(kStatementCount);
    for (Statement& statement : list)
        indexed[static_cast<int>(statement.id)] = std::move(statement);
    return indexed;
}

const std::vector<std::string>& storeTableNames()
{
    static const std::vector<std::string> s_names { "request_idempotency", "request_idempotency_tombstone",
        "request_seen", "demo_request" };
    return s_names;
}

// The shape installSchema checks, in information_schema's words.
struct ExpectedTable {
    const char* name;
    std::vector<std::pair<const char*, const char*>> columns;
    std::set<std::string> uniqueKey;
};

const std::vector<ExpectedTable>& expectedTables()
{
    static const std::vector<ExpectedTable> tables {
        { "request_idempotency",
            { { "actor_id", "text" }, { "operation", "character varying(200)" }, { "idem_key", "text" },
                { "payload_hash", "character(64)" }, { "state", "character varying(16)" }, { "status_code", "integer" },
                { "response_body", "jsonb" }, { "created_at", "timestamp without time zone" },
                { "completed_at", "timestamp without time zone" }, { "expires_at", "timestamp without time zone" },
                { "lease_until", "timestamp without time zone" }, { "result_id", "text" } },
            { "actor_id", "operation", "idem_key" } },
        { "request_idempotency_tombstone",
            { { "actor_id", "text" }, { "operation", "character varying(200)" }, { "idem_key", "text" },
                { "payload_hash", "character(64)" }, { "status_code", "integer" }, { "result_id", "text" },
                { "until_at", "timestamp without time zone" } },
            { "actor_id", "operation", "idem_key" } },
        { "request_seen", { { "actor_id", "text" }, { "operation", "character varying(200)" }, { "idem_key", "text" } },
            { "actor_id", "operation", "idem_key" } },
        { "demo_request",
            { { "id", "text" }, { "actor_id", "text" }, { "operation", "text" }, { "idem_key", "text" },
                { "intent", "text" }, { "request", "text" }, { "at_ms", "bigint" }, { "seq", "bigint" } },
            { "id" } },
    };
    return tables;
}

} // namespace

struct PostgresStore::Impl {
    PGconn* conn = nullptr;
    std::string schema; // as given
    std::string ident; // escaped with PQescapeIdentifier: the only form that reaches SQL
    std::vector<Statement> statements;
    PostgresStore::Pooling pooling = PostgresStore::Pooling::Session;
    bool prepared = false;
    bool serverSaidGoodbye = false; // a FATAL notice arrived while idle: the server is closing this session
    bool ownSchema = false; // the schema carries the workbench's mark, as installSchema or reset saw
    PartitionedTables partitioned; // the store tables that are partitioned, as last seen
    bool kindsKnown = false;
    std::string lastError;
    StatementObserver observer;

    ~Impl()
    {
        if (conn)
            PQfinish(conn);
    }

    [[noreturn]] void fail(StoreError::Kind kind, const std::string& message)
    {
        lastError = message;
        throw StoreError(kind, message);
    }

    static void onNotice(void* self, const PGresult* notice)
    {
        // Server notices ("already exists, skipping") are not for the terminal. A FATAL one is the server saying
        // why it is about to close the connection (pg_terminate_backend, shutdown).
        auto* impl = static_cast<Impl*>(self);
        const char* severity = PQresultErrorField(notice, PG_DIAG_SEVERITY_NONLOCALIZED);
        if (severity && (std::string_view(severity) == "FATAL" || std::string_view(severity) == "PANIC")) {
            impl->serverSaidGoodbye = true;
            impl->lastError = tellingLine(PQresultErrorField(notice, PG_DIAG_MESSAGE_PRIMARY));
        }
    }

    // An idle connection the server has closed still reads CONNECTION_OK until libpq looks at the socket; look now,
    // so a statement is never sent into a dead session (which would make a write's outcome unknowable).
    bool stillOpen()
    {
        for (int i = 0; i < 8 && PQstatus(conn) == CONNECTION_OK && !serverSaidGoodbye; ++i) {
            pollfd p { PQsocket(conn), POLLIN, 0 };
            if (p.fd < 0 || poll(&p, 1, 0) < 0)
                return false;
            if (p.revents == 0)
                return true;
            if (!PQconsumeInput(conn))
                return false;
        }
        return PQstatus(conn) == CONNECTION_OK && !serverSaidGoodbye;
    }

    void ensureConnected()
    {
        if (stillOpen())
            return;
        lastError = "the connection to PostgreSQL at " + endpointOf(conn) + " was lost ("
            + (serverSaidGoodbye ? lastError : tellingLine(PQerrorMessage(conn))) + ")";
        prepared = false;
        for (const int delayMs : kReconnectDelaysMs) {
            std::this_thread::sleep_for(std::chrono::milliseconds(delayMs));
            serverSaidGoodbye = false;
            PQreset(conn);
            if (PQstatus(conn) == CONNECTION_OK)
                return;
        }
        fail(StoreError::Kind::Unavailable,
            "could not reconnect to PostgreSQL at " + endpointOf(conn) + " after "
                + std::to_string(kReconnectDelaysMs.size()) + " attempts: " + tellingLine(PQerrorMessage(conn)));
    }

    [[noreturn]] void connectionBroke(InFlight inFlight, const std::string& why)
    {
        prepared = false;
        if (inFlight == InFlight::Nothing)
            fail(StoreError::Kind::Unavailable,
                "the connection to PostgreSQL at " + endpointOf(conn) + " broke before anything was committed: " + why);
        fail(StoreError::Kind::UnknownOutcome,
            "the connection to PostgreSQL broke while a commit was in flight; whether it was applied cannot be "
            "known: "
                + why);
    }

    // Every result passes here: success, a broken connection (mapped by what was in flight) or a ServerError.
    PgResult check(PGresult* raw, InFlight inFlight)
    {
        PgResult result(raw);
        const ExecStatusType status = raw ? PQresultStatus(raw) : PGRES_FATAL_ERROR;
        if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK)
            return result;
        if (PQstatus(conn) != CONNECTION_OK)
            connectionBroke(inFlight, tellingLine(raw ? PQresultErrorMessage(raw) : PQerrorMessage(conn)));
        const char* state = raw ? PQresultErrorField(raw, PG_DIAG_SQLSTATE) : nullptr;
        const char* primary = raw ? PQresultErrorField(raw, PG_DIAG_MESSAGE_PRIMARY) : nullptr;
        throw ServerError { state ? state : "XX000", primary ? primary : tellingLine(PQerrorMessage(conn)) };
    }

    PgResult exec(Stmt id, const Params& params, InFlight inFlight)
    {
        const auto values = params.pointers();
        const Statement& statement = statements[static_cast<int>(id)];
        const int n = static_cast<int>(values.size());
        // Behind a transaction pooler the next statement may reach another server connection, where a statement
        // prepared by name does not exist: parse it with the call, unnamed.
        return observed(statement.sql,
            unnamed() ? PQexecParams(conn, statement.sql.c_str(), n, nullptr, values.data(), nullptr, nullptr, 0)
                      : PQexecPrepared(conn, statement.name, n, values.data(), nullptr, nullptr, 0),
            inFlight);
    }

    PgResult execSimple(const std::string& sql, InFlight inFlight)
    {
        return observed(sql, PQexec(conn, sql.c_str()), inFlight);
    }

    // check() with the statement observer told how it ended.
    PgResult observed(const std::string& sql, PGresult* raw, InFlight inFlight)
    {
        if (!observer)
            return check(raw, inFlight);
        try {
            PgResult result = check(raw, inFlight);
            observer(sql, PQcmdStatus(result.get()));
            return result;
        } catch (const ServerError& e) {
            observer(sql, "SQLSTATE " + e.sqlstate + ": " + e.message);
            throw;
        } catch (const StoreError& e) {
            observer(sql, e.what());
            throw;
        }
    }

    bool unnamed() const { return pooling == PostgresStore::Pooling::Transaction; }

    // Once per session, before the first statement: a safe search_path on a session of the store's own (through a
    // transaction pooler the server connection is shared, so nothing is SET there and the qualified SQL stands
    // alone), the tables' kinds, and the prepared statements.
    void ensurePrepared()
    {
        if (prepared)
            return;
        if (!unnamed()) {
            try {
                check(PQexec(conn, (std::string("SET search_path = ") + kSafeSearchPath).c_str()), InFlight::Nothing);
            } catch (const ServerError& e) {
                fail(StoreError::Kind::Fatal,
                    "PostgreSQL refused to set the store's search_path: " + e.message + " (SQLSTATE " + e.sqlstate
                        + ")");
            }
        }
        if (!kindsKnown)
            learnKinds();
        for (const Statement& s : statements) {
            if (unnamed())
                break;
            try {
                check(PQprepare(conn, s.name, s.sql.c_str(), 0, nullptr), InFlight::Nothing);
            } catch (const ServerError& e) {
                // An earlier attempt that stopped half-way (tables missing) left this one prepared.
                if (e.sqlstate == "42P05")
                    continue;
                fail(StoreError::Kind::Fatal,
                    "the store's statements could not be prepared in schema " + ident + " (" + e.message + ", SQLSTATE "
                        + e.sqlstate + "); install the schema first");
            }
        }
        prepared = true;
    }

    // Which store tables are partitioned, so that the statements name the others with ONLY (statementsFor).
    void learnKinds()
    {
        const char* values[] = { schema.c_str() };
        PartitionedTables found;
        try {
            const PgResult r = check(
                PQexecParams(conn,
                    ("SELECT c.relname" + kText + " FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid"
                        + kEq + "c.relnamespace WHERE n.nspname" + kEq + "$1 AND c.relkind" + kEq + "'p'")
                        .c_str(),
                    1, nullptr, values, nullptr, nullptr, 0),
                InFlight::Nothing);
            for (int row = 0; row < PQntuples(r.get()); ++row)
                found.insert(textAt(r.get(), row, 0));
        } catch (const ServerError& e) {
            fail(StoreError::Kind::Fatal,
                "PostgreSQL refused to look at the tables of schema " + ident + ": " + e.message + " (SQLSTATE "
                    + e.sqlstate + ")");
        }
        if (!kindsKnown || found != partitioned) {
            partitioned = std::move(found);
            statements = statementsFor(ident, partitioned);
            if (prepared && !unnamed()) {
                PQclear(PQexec(conn, "DEALLOCATE ALL")); // statements of the old text must not be kept by name
                prepared = false;
            }
        }
        kindsKnown = true;
    }

    // A partition outside the schema of a partitioned store table: TRUNCATE, DELETE and UPDATE reach every partition
    // (ONLY is not allowed there), so the store would empty or sweep another schema's table. Tables that inherit a
    // plain store table need no refusal: every statement names it with ONLY. (A foreign key from elsewhere makes
    // TRUNCATE fail, so the store never sweeps under it.) The refusal, or empty.
    std::string foreignPartitionProblem()
    {
        const char* values[] = { schema.c_str() };
        const std::string sql = "SELECT c.relname" + kText + ", d.oid::pg_catalog.regclass" + kText
            + " FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid" + kEq
            + "c.relnamespace CROSS JOIN LATERAL pg_catalog.pg_partition_tree(c.oid) t JOIN pg_catalog.pg_class d ON "
              "d.oid"
            + kEq + "t.relid WHERE n.nspname" + kEq + "$1 AND c.relkind" + kEq + "'p' AND d.relnamespace" + op("<>")
            + "n.oid";
        const PgResult r
            = check(PQexecParams(conn, sql.c_str(), 1, nullptr, values, nullptr, nullptr, 0), InFlight::Nothing);
        if (PQntuples(r.get()) == 0)
            return {};
        return "the store table " + ident + "." + textAt(r.get(), 0, 0) + " has the partition " + textAt(r.get(), 0, 1)
            + " outside schema " + ident
            + ", which emptying or sweeping the store would reach; nothing was changed: keep every partition of a "
              "store table in the store's schema";
    }

    // One attempt = reconnect if needed, then the statement(s); serialization failures and deadlocks are retried
    // with a short backoff, anything else the server refuses is Fatal.
    template<class F> auto withRetry(const Action& what, F&& attempt) -> decltype(attempt())
    {
        for (int n = 1;; ++n) {
            ensureConnected();
            ensurePrepared();
            try {
                return attempt();
            } catch (const ServerError& e) {
                lastError = e.message;
                if (e.retryable() && n < kTransactionAttempts) {
                    std::this_thread::sleep_for(std::chrono::milliseconds(10 << (n - 1)));
                    continue;
                }
                fail(StoreError::Kind::Fatal,
                    "PostgreSQL refused to " + what.text() + ": " + e.message + " (SQLSTATE " + e.sqlstate + ")");
            }
        }
    }

    void rollbackQuietly()
    {
        if (PQstatus(conn) == CONNECTION_OK)
            PQclear(PQexec(conn, "ROLLBACK"));
    }

    // BEGIN … COMMIT around `body`. A break before COMMIT is Unavailable (the server rolls back a session it lost);
    // during COMMIT it is UnknownOutcome.
    template<class F> auto inTransaction(const Action& what, F&& body) -> decltype(body())
    {
        return withRetry(what, [&] {
            execSimple("BEGIN", InFlight::Nothing);
            try {
                // A pooled session is not the store's to SET; its own transactions are.
                if (unnamed())
                    check(PQexec(conn, (std::string("SET LOCAL search_path = ") + kSafeSearchPath).c_str()),
                        InFlight::Nothing);
                auto result = body();
                execSimple("COMMIT", InFlight::Commit);
                return result;
            } catch (const ServerError&) {
                rollbackQuietly();
                throw;
            } catch (const StoreError& e) {
                if (e.kind() == StoreError::Kind::Fatal)
                    rollbackQuietly();
                throw;
            }
        });
    }

    // One prepared statement of a pipelined transaction.
    struct Step {
        Stmt id;
        Params params;
    };

    // inTransaction's contract in one round trip instead of 2 + n: BEGIN, the steps and COMMIT go out as one libpq
    // pipeline and their results come back in order. Still one transaction whose COMMIT is sent whatever the steps
    // returned (a fenced UPDATE changes no row and commits). The results of the steps, in order.
    //
    // Failures map as inTransaction's do: a statement the server refuses skips the rest up to the sync (so COMMIT
    // never runs), the block is rolled back and the ServerError reaches withRetry. A broken connection is the delicate
    // part: COMMIT left with the rest, so unless the server itself reported a statement before COMMIT as failed (the
    // FATAL of a terminated session, say), it may have committed before the break: UnknownOutcome. A COMMIT the
    // server acknowledged is a success even if the connection breaks right after.
    std::vector<PgResult> pipelinedTransaction(const std::vector<Step>& steps)
    {
        const int commitSlot = static_cast<int>(steps.size()) + 1; // slot 0 is BEGIN
        bool queued = PQenterPipelineMode(conn) == 1;
        queued = queued && PQsendQueryParams(conn, "BEGIN", 0, nullptr, nullptr, nullptr, nullptr, 0) == 1;
        for (const Step& step : steps) {
            const auto values = step.params.pointers();
            const Statement& statement = statements[static_cast<int>(step.id)];
            const int n = static_cast<int>(values.size());
            // The whole pipeline is one transaction, so a pooler keeps it on one server connection; still, nothing
            // named is left behind for a later transaction to miss.
            queued = queued
                && (unnamed() ? PQsendQueryParams(
                        conn, statement.sql.c_str(), n, nullptr, values.data(), nullptr, nullptr, 0)
                              : PQsendQueryPrepared(conn, statement.name, n, values.data(), nullptr, nullptr, 0))
                    == 1;
        }
        queued = queued && PQsendQueryParams(conn, "COMMIT", 0, nullptr, nullptr, nullptr, nullptr, 0) == 1;
        if (!queued) {
            // Only a broken connection (or no memory) stops libpq from queueing, before anything was flushed and
            // before COMMIT was queued. A session that is still up is dropped with its half-built pipeline.
            const std::string why = tellingLine(PQerrorMessage(conn));
            if (PQstatus(conn) == CONNECTION_OK)
                PQreset(conn);
            connectionBroke(InFlight::Nothing, why);
        }
        // A failed flush is seen when reading: libpq keeps reading to collect what the server said.
        PQpipelineSync(conn);

        std::vector<PgResult> results(steps.size());
        PgResult firstError;
        int firstErrorSlot = -1;
        bool committed = false;
        bool synced = false;
        int slot = 0;
        // What each statement came back with, for the statement observer (the inspector's SQL list).
        std::vector<std::string> answers(observer ? static_cast<std::size_t>(commitSlot) + 1 : 0);
        const auto answer = [&](const std::string& text) {
            if (observer && slot >= 0 && slot <= commitSlot)
                answers[static_cast<std::size_t>(slot)] = text;
        };
        // Each statement's results end with a NULL, the sync with its own result; the bound only guards against a
        // libpq that keeps answering on a dead connection.
        for (int guard = 0; guard < 4 * (commitSlot + 2) && !synced; ++guard) {
            PgResult r(PQgetResult(conn));
            if (!r) {
                if (PQstatus(conn) != CONNECTION_OK)
                    break;
                ++slot;
                continue;
            }
            switch (PQresultStatus(r.get())) {
            case PGRES_PIPELINE_SYNC:
                synced = true;
                break;
            case PGRES_PIPELINE_ABORTED: // skipped after an error
                answer("skipped: an earlier statement of the transaction failed");
                break;
            case PGRES_COMMAND_OK:
            case PGRES_TUPLES_OK:
                answer(PQcmdStatus(r.get()));
                if (slot == commitSlot)
                    committed = true;
                else if (slot >= 1 && slot < commitSlot)
                    results[slot - 1] = std::move(r);
                break;
            default:
                if (observer) {
                    const char* state = PQresultErrorField(r.get(), PG_DIAG_SQLSTATE);
                    answer(std::string("SQLSTATE ") + (state ? state : "?") + ": "
                        + tellingLine(PQresultErrorMessage(r.get())));
                }
                if (!firstError) {
                    firstError = std::move(r);
                    firstErrorSlot = slot;
                }
                break;
            }
        }

        if (observer) {
            for (int i = 0; i <= commitSlot; ++i) {
                const std::string sql = i == 0 ? std::string("BEGIN")
                    : i == commitSlot          ? std::string("COMMIT")
                                               : statements[static_cast<int>(steps[i - 1].id)].sql;
                const std::string& said = answers[static_cast<std::size_t>(i)];
                observer(sql, said.empty() ? std::string("no answer: the connection broke") : said);
            }
        }
        if (!synced) { // the connection broke, or libpq lost track: this session is over either way
            const std::string why
                = tellingLine(firstError ? PQresultErrorMessage(firstError.get()) : PQerrorMessage(conn));
            const bool serverStoppedBeforeCommit = firstError && firstErrorSlot < commitSlot
                && PQresultErrorField(firstError.get(), PG_DIAG_SQLSTATE) != nullptr;
            prepared = false;
            if (PQstatus(conn) == CONNECTION_OK)
                PQreset(conn);
            if (committed)
                return results;
            connectionBroke(serverStoppedBeforeCommit ? InFlight::Nothing : InFlight::Commit, why);
        }
        if (!PQexitPipelineMode(conn)) { // cannot happen after the sync; never leave the session in pipeline mode
            prepared = false;
            PQreset(conn);
        }
        if (firstError) {
            rollbackQuietly(); // a refused statement leaves the block aborted, not ended
            check(firstError.release(), InFlight::Nothing); // throws the ServerError (or maps a break)
        }
        return results;
    }

    // What the schema is, for the ownership rule (docs/manual/live-tables.md "The store's schema is its own"). With
    // `adoptOrCreate` (inside installSchema's transaction), a missing schema is created and an empty one without a
    // comment is adopted, both marked; an unmarked schema holding anything, or carrying another comment, is refused.
    // Without it (reset on a store that did not install), only a marked schema passes. Returns the refusal, or empty.
    std::string ownershipProblem(bool adoptOrCreate)
    {
        if (const std::string problem = systemSchemaProblem(schema); !problem.empty())
            return problem;
        const char* values[] = { schema.c_str() };
        // Every name qualified: a planted public.obj_description that answers the mark, or a public.pg_class that
        // lists nothing, must not make another team's schema look like ours (finding 19).
        const std::string count = "(SELECT pg_catalog.count(*) FROM pg_catalog.";
        const std::string sql = "SELECT pg_catalog.obj_description(n.oid, 'pg_namespace'), (" + count
            + "pg_class WHERE relnamespace" + kEq + "n.oid)" + op("+") + count + "pg_proc WHERE pronamespace" + kEq
            + "n.oid)" + op("+") + count + "pg_type WHERE typnamespace" + kEq + "n.oid))" + kText + ", " + count
            + "pg_class WHERE relnamespace" + kEq + "n.oid AND (relkind" + kEq + "'r' OR relkind" + kEq + "'p'))"
            + kText + " FROM pg_catalog.pg_namespace n WHERE n.nspname" + kEq + "$1";
        PgResult found
            = check(PQexecParams(conn, sql.c_str(), 1, nullptr, values, nullptr, nullptr, 0), InFlight::Nothing);
        const std::string mark = kStoreSchemaMark;
        const std::string markCommand = "COMMENT ON SCHEMA " + ident + " IS '" + mark + "'";
        if (PQntuples(found.get()) == 0) {
            if (!adoptOrCreate)
                return "schema " + ident + " does not exist; install the store's schema first";
            execSimple("CREATE SCHEMA " + ident, InFlight::Nothing);
            execSimple(markCommand, InFlight::Nothing);
            return {};
        }
        const std::optional<std::string> comment = optTextAt(found.get(), 0, 0);
        const std::string objects = textAt(found.get(), 0, 1);
        if (comment == mark)
            return {};
        const std::string markPrefix = mark.substr(0, mark.rfind(' ') + 1); // "…, format "
        if (comment && comment->rfind(markPrefix, 0) == 0)
            return "schema " + ident + " was made by another version of the workbench (its comment says \"" + *comment
                + "\", this version reads \"" + mark + "\"); nothing was changed: name another schema with --schema";
        if (adoptOrCreate && !comment && objects == "0") {
            execSimple(markCommand, InFlight::Nothing);
            return {};
        }
        const std::string tables = textAt(found.get(), 0, 2);
        const std::string what = comment ? "carries the comment \"" + *comment + "\""
            : tables != "0"
            ? "already holds " + tables + (tables == "1" ? " table" : " tables") + " the workbench did not create"
            : "already holds " + objects + " objects the workbench did not create";
        return "schema " + ident + " is not the workbench's own (it " + what + " and not the mark \"" + mark
            + "\"), so its tables are neither emptied nor altered; nothing was changed: name a schema of the "
              "workbench's own with --schema, or, if an older workbench made this one and its tables may be "
              "emptied, mark it with COMMENT ON SCHEMA "
            + ident + " IS '" + mark + "'";
    }

    // installSchema's check: the first way an existing table differs from what the statements need, or empty.
    std::string shapeProblem()
    {
        const char* values[] = { schema.c_str() };
        const std::string columnsSql = "SELECT table_name" + kText + ", column_name" + kText + ", data_type" + kText
            + ", character_maximum_length FROM information_schema.columns WHERE table_schema" + kEq + "$1";
        PgResult columns
            = check(PQexecParams(conn, columnsSql.c_str(), 1, nullptr, values, nullptr, nullptr, 0), InFlight::Nothing);
        std::map<std::string, std::map<std::string, std::string>> found; // table -> column -> type
        for (int row = 0; row < PQntuples(columns.get()); ++row) {
            std::string type = textAt(columns.get(), row, 2);
            if (!isNullAt(columns.get(), row, 3))
                type += "(" + textAt(columns.get(), row, 3) + ")";
            found[textAt(columns.get(), row, 0)][textAt(columns.get(), row, 1)] = type;
        }
        const std::string keysSql = "SELECT tc.table_name" + kText + ", tc.constraint_name" + kText + ", k.column_name"
            + kText
            + " FROM information_schema.table_constraints tc JOIN information_schema.key_column_usage k ON "
              "k.constraint_schema"
            + kEq + "tc.constraint_schema AND k.constraint_name" + kEq + "tc.constraint_name AND k.table_name" + kEq
            + "tc.table_name WHERE tc.table_schema" + kEq + "$1 AND (tc.constraint_type" + kEq
            + "'UNIQUE' OR tc.constraint_type" + kEq + "'PRIMARY KEY')";
        PgResult keys
            = check(PQexecParams(conn, keysSql.c_str(), 1, nullptr, values, nullptr, nullptr, 0), InFlight::Nothing);
        std::map<std::pair<std::string, std::string>, std::set<std::string>> uniqueKeys;
        for (int row = 0; row < PQntuples(keys.get()); ++row)
            uniqueKeys[{ textAt(keys.get(), row, 0), textAt(keys.get(), row, 1) }].insert(textAt(keys.get(), row, 2));

        for (const ExpectedTable& table : expectedTables()) {
            const std::string qualified = ident + "." + table.name;
            const auto& columnsOfTable = found[table.name];
            for (const auto& [column, type] : table.columns) {
                const auto it = columnsOfTable.find(column);
                if (it == columnsOfTable.end())
                    return "the existing table " + qualified + " has no column " + column + " (expected " + type
                        + "); it was left unchanged";
                if (it->second != type)
                    return "the existing table " + qualified + " has column " + column + " of type " + it->second
                        + " where the store needs " + type + "; it was left unchanged";
            }
            bool hasKey = false;
            for (const auto& [owner, keyColumns] : uniqueKeys)
                hasKey = hasKey || (owner.first == table.name && keyColumns == table.uniqueKey);
            if (!hasKey) {
                std::string key;
                for (const std::string& c : table.uniqueKey)
                    key += (key.empty() ? "" : ", ") + c;
                return "the existing table " + qualified + " has no unique key on (" + key
                    + "), which ON CONFLICT needs; it was left unchanged";
            }
        }
        return {};
    }
};

std::unique_ptr<PostgresStore> PostgresStore::connect(
    const std::string& conninfo, const std::string& schema, Pooling pooling)
{
    char* parseError = nullptr;
    if (PQconninfoOption* options = PQconninfoParse(conninfo.c_str(), &parseError)) {
        PQconninfoFree(options);
    } else {
        const std::string why = parseError ? tellingLine(parseError) : std::string("libpq ran out of memory");
        PQfreemem(parseError);
        throw StoreError(StoreError::Kind::Fatal,
            "the PostgreSQL connection string does not parse: " + redactPassword(why, conninfo));
    }

    // Keywords after dbname override the conninfo (we always send UTF-8); those before it are defaults it may
    // override. Without a timeout libpq would wait for an unreachable host forever.
    std::vector<const char*> keys;
    std::vector<const char*> values;
    if (!std::getenv("PGCONNECT_TIMEOUT")) {
        keys.push_back("connect_timeout");
        values.push_back("10");
    }
    keys.insert(keys.end(), { "dbname", "client_encoding", "fallback_application_name", nullptr });
    values.insert(values.end(), { conninfo.c_str(), "UTF8", "idempotency-workbench", nullptr });

    auto impl = std::make_unique<Impl>();
    impl->schema = schema;
    impl->pooling = pooling;
    impl->conn = PQconnectdbParams(keys.data(), values.data(), 1);
    if (!impl->conn)
        throw StoreError(StoreError::Kind::Unavailable, "could not connect to PostgreSQL: libpq ran out of memory");
    if (PQstatus(impl->conn) != CONNECTION_OK)
        throw StoreError(StoreError::Kind::Unavailable,
            redactPassword("could not connect to PostgreSQL at " + endpointOf(impl->conn) + ": "
                    + withTlsProblem(tellingLine(PQerrorMessage(impl->conn))),
                conninfo));
    PQsetNoticeReceiver(impl->conn, &Impl::onNotice, impl.get());

    // The store writes: a server that can only read is refused before anything is sent its way.
    {
        const PgResult r(PQexec(
            impl->conn, "SELECT pg_catalog.pg_is_in_recovery(), pg_catalog.current_setting('transaction_read_only')"));
        if (PQresultStatus(r.get()) == PGRES_TUPLES_OK && PQntuples(r.get()) == 1) {
            if (textAt(r.get(), 0, 0) == "t")
                throw StoreError(StoreError::Kind::Fatal, std::string(kStandbyRefusal));
            if (textAt(r.get(), 0, 1) == "on")
                throw StoreError(StoreError::Kind::Fatal,
                    "PostgreSQL at " + endpointOf(impl->conn)
                        + " opens read-only sessions (default_transaction_read_only = on); the store needs to write");
        } else if (PQstatus(impl->conn) != CONNECTION_OK) {
            throw StoreError(StoreError::Kind::Unavailable,
                redactPassword("the connection to PostgreSQL at " + endpointOf(impl->conn)
                        + " was lost right after it opened: " + tellingLine(PQerrorMessage(impl->conn)),
                    conninfo));
        }
    }

    char* escaped = PQescapeIdentifier(impl->conn, schema.data(), schema.size());
    if (!escaped)
        throw StoreError(StoreError::Kind::Fatal,
            "the schema name cannot be used as an identifier: " + tellingLine(PQerrorMessage(impl->conn)));
    impl->ident = escaped;
    PQfreemem(escaped);
    impl->statements = statementsFor(impl->ident);
    return std::unique_ptr<PostgresStore>(new PostgresStore(std::move(impl)));
}

PostgresStore::PostgresStore(std::unique_ptr<Impl> impl)
    : m_impl(std::move(impl))
{
}

PostgresStore::~PostgresStore() = default;

const std::string& PostgresStore::schema() const
{
    return m_impl->schema;
}

PostgresStore::Pooling PostgresStore::pooling() const
{
    return m_impl->pooling;
}

bool PostgresStore::isConnected() const
{
    return PQstatus(m_impl->conn) == CONNECTION_OK && !m_impl->serverSaidGoodbye;
}

std::string PostgresStore::statementSql(const std::string& name) const
{
    for (const Statement& s : m_impl->statements)
        if (name == s.name)
            return s.sql;
    return {};
}

std::string PostgresStore::lastError() const
{
    return m_impl->lastError;
}

void PostgresStore::setStatementObserver(StatementObserver observer)
{
    m_impl->observer = std::move(observer);
}

void PostgresStore::installSchema()
{
    QFile file(QStringLiteral(":/sql/schema.sql"));
    if (!file.open(QIODevice::ReadOnly))
        m_impl->fail(StoreError::Kind::Fatal, "the schema DDL :/sql/schema.sql is missing from the resources");
    std::string ddl = file.readAll().toStdString();
    const std::string placeholder = ":schema";
    for (auto pos = ddl.find(placeholder); pos != std::string::npos; pos = ddl.find(placeholder, pos))
        ddl.replace(pos, placeholder.size(), m_impl->ident), pos += m_impl->ident.size();

    Impl& d = *m_impl;
    // Not through withRetry's ensurePrepared: the statements need the tables this creates.
    for (int n = 1;; ++n) {
        d.ensureConnected();
        try {
            d.execSimple("BEGIN", InFlight::Nothing);
            try {
                // The DDL names pg_catalog's types; the transaction looks nowhere else either, pooled or not.
                d.check(PQexec(d.conn, (std::string("SET LOCAL search_path = ") + kSafeSearchPath).c_str()),
                    InFlight::Nothing);
                // Before any DDL: a schema that is not the workbench's own is left exactly as it was.
                if (const std::string problem = d.ownershipProblem(true); !problem.empty()) {
                    d.rollbackQuietly();
                    d.fail(StoreError::Kind::Fatal, problem);
                }
                d.execSimple(ddl, InFlight::Nothing);
                if (const std::string problem = d.shapeProblem(); !problem.empty()) {
                    d.rollbackQuietly();
                    d.fail(StoreError::Kind::Fatal, problem);
                }
                if (const std::string problem = d.foreignPartitionProblem(); !problem.empty()) {
                    d.rollbackQuietly();
                    d.fail(StoreError::Kind::Fatal, problem);
                }
                d.learnKinds();
                d.execSimple("COMMIT", InFlight::Commit);
                d.ownSchema = true;
                return;
            } catch (const ServerError&) {
                d.rollbackQuietly();
                throw;
            }
        } catch (const ServerError& e) {
            // Two workbenches installing at once can collide on the catalog (unique violation, duplicate schema or
            // table); the next attempt sees what the other one created.
            const bool collided = e.sqlstate == "23505" || e.sqlstate == "42P06" || e.sqlstate == "42P07";
            if ((e.retryable() || collided) && n < kTransactionAttempts) {
                std::this_thread::sleep_for(std::chrono::milliseconds(10 << (n - 1)));
                continue;
            }
            d.fail(StoreError::Kind::Fatal,
                "PostgreSQL refused to install the schema " + d.ident + ": " + e.message + " (SQLSTATE " + e.sqlstate
                    + ")");
        }
    }
}

void PostgresStore::reset()
{
    Impl& d = *m_impl;
    // TRUNCATE only in a schema with the workbench's mark, whoever installed it.
    if (!d.ownSchema) {
        // Before the statements are prepared: they would fail first on a schema without the store's tables.
        if (const std::string problem = systemSchemaProblem(d.schema); !problem.empty())
            d.fail(StoreError::Kind::Fatal, problem);
        d.ensureConnected();
        std::string problem;
        try {
            problem = d.ownershipProblem(false);
        } catch (const ServerError& e) {
            d.fail(StoreError::Kind::Fatal,
                "PostgreSQL refused to look at schema " + d.ident + ": " + e.message + " (SQLSTATE " + e.sqlstate
                    + ")");
        }
        if (!problem.empty())
            d.fail(StoreError::Kind::Fatal, problem);
        d.ownSchema = true;
    }
    // ONLY: a table elsewhere that inherits a store table keeps its rows. A partitioned store table is emptied
    // whole, so its partitions must all be the store's (checked in the same transaction).
    d.inTransaction({ "empty the store's tables" }, [&] {
        if (const std::string problem = d.foreignPartitionProblem(); !problem.empty())
            d.fail(StoreError::Kind::Fatal, problem); // rolled back by inTransaction
        std::string tables;
        for (const std::string& table : storeTableNames())
            tables += (tables.empty() ? "" : ", ") + (d.partitioned.count(table) ? "" : std::string("ONLY ")) + d.ident
                + "." + table;
        d.execSimple("TRUNCATE " + tables, InFlight::Nothing);
        return true;
    });
}

bool PostgresStore::insertClaim(const Record& claim, Millis now)
{
    Impl& d = *m_impl;
    return d.withRetry({ "claim", &claim.scope }, [&] {
        return PQntuples(d.exec(Stmt::Claim, Params().record(claim.scope, claim).number(now), InFlight::Write).get())
            == 1;
    });
}

std::optional<Record> PostgresStore::read(const Scope& scope)
{
    Impl& d = *m_impl;
    return d.withRetry({ "read", &scope }, [&]() -> std::optional<Record> {
        const PgResult r = d.exec(Stmt::Read, Params().scope(scope), InFlight::Nothing);
        if (PQntuples(r.get()) == 0)
            return std::nullopt;
        return recordAt(r.get(), 0);
    });
}

std::optional<Tombstone> PostgresStore::readTombstone(const Scope& scope, Millis now)
{
    Impl& d = *m_impl;
    return d.withRetry({ "read the tombstone of", &scope }, [&]() -> std::optional<Tombstone> {
        const PgResult r = d.exec(Stmt::ReadTombstone, Params().scope(scope).number(now), InFlight::Nothing);
        if (PQntuples(r.get()) == 0)
            return std::nullopt;
        return tombstoneAt(r.get(), 0);
    });
}

bool PostgresStore::replaceIf(
    const Scope& scope, std::optional<Millis> expectedCreatedAt, const Record& fresh, Millis now)
{
    Impl& d = *m_impl;
    return d.withRetry({ "overwrite", &scope }, [&] {
        // No expected version: the write may only create, exactly like a claim.
        const PgResult r = expectedCreatedAt
            ? d.exec(Stmt::ReplaceVersion, Params().record(scope, fresh).number(*expectedCreatedAt), InFlight::Write)
            : d.exec(Stmt::Claim, Params().record(scope, fresh).number(now), InFlight::Write);
        return PQntuples(r.get()) == 1;
    });
}

bool PostgresStore::complete(
    const Scope& scope, Millis ownerVersion, const Completion& c, const std::optional<EffectRow>& effect)
{
    Impl& d = *m_impl;
    std::vector<Impl::Step> steps;
    if (effect)
        steps.push_back({ Stmt::InsertEffect, Params().effect(*effect) });
    steps.push_back({ Stmt::Complete,
        Params()
            .scope(scope)
            .number(c.statusCode)
            .text(c.responseBody)
            .number(c.completedAt)
            .text(c.resultId)
            .number(c.expiresAt)
            .number(ownerVersion) });
    // The fenced UPDATE's row count decides; the transaction commits either way, with the effect.
    return d.withRetry(
        { "complete", &scope }, [&] { return PQntuples(d.pipelinedTransaction(steps).back().get()) == 1; });
}

bool PostgresStore::deleteIfOwner(const Scope& scope, Millis ownerVersion)
{
    Impl& d = *m_impl;
    return d.withRetry({ "delete", &scope }, [&] {
        return PQntuples(d.exec(Stmt::DeleteIfOwner, Params().scope(scope).number(ownerVersion), InFlight::Write).get())
            == 1;
    });
}

void PostgresStore::deleteUnconditionally(const Scope& scope)
{
    Impl& d = *m_impl;
    d.withRetry({ "delete", &scope }, [&] { d.exec(Stmt::DeleteAny, Params().scope(scope), InFlight::Write); });
}

void PostgresStore::upsertCompletion(
    const Record& ifMissing, const Completion& c, const std::optional<EffectRow>& effect)
{
    // The row as it is when it has to be recreated; on conflict only the completion's columns and the hash move.
    Record row = ifMissing;
    row.state = RecordState::Completed;
    row.statusCode = c.statusCode;
    row.responseBody = c.responseBody;
    row.completedAt = c.completedAt;
    row.resultId = c.resultId;
    if (c.expiresAt)
        row.expiresAt = *c.expiresAt;
    Impl& d = *m_impl;
    std::vector<Impl::Step> steps;
    if (effect)
        steps.push_back({ Stmt::InsertEffect, Params().effect(*effect) });
    steps.push_back({ Stmt::UpsertCompletion, Params().record(row.scope, row).number(c.expiresAt) });
    d.withRetry({ "complete", &ifMissing.scope }, [&] { d.pipelinedTransaction(steps); });
}

bool PostgresStore::insertCompleted(const Record& record)
{
    Impl& d = *m_impl;
    return d.withRetry({ "insert", &record.scope }, [&] {
        try {
            d.exec(Stmt::InsertCompleted, Params().record(record.scope, record), InFlight::Write);
            return true;
        } catch (const ServerError& e) {
            if (e.sqlstate == "23505") // unique_violation: the other request's row is there
                return false;
            throw;
        }
    });
}

void PostgresStore::overwrite(const Record& record)
{
    Impl& d = *m_impl;
    d.withRetry({ "overwrite", &record.scope },
        [&] { d.exec(Stmt::Overwrite, Params().record(record.scope, record), InFlight::Write); });
}

bool PostgresStore::testAndSetSeen(const Scope& scope)
{
    Impl& d = *m_impl;
    return d.withRetry({ "mark", &scope, " seen" },
        [&] { return PQntuples(d.exec(Stmt::SetSeen, Params().scope(scope), InFlight::Write).get()) == 1; });
}

void PostgresStore::recordEffect(const EffectRow& effect)
{
    Impl& d = *m_impl;
    d.withRetry({ "record an effect of", &effect.scope },
        [&] { d.exec(Stmt::InsertEffect, Params().effect(effect), InFlight::Write); });
}

SweepResult PostgresStore::sweep(Millis now, const SweepPolicy& policy)
{
    Impl& d = *m_impl;
    return d.inTransaction({ "sweep expired records" }, [&] {
        SweepResult result;
        const PgResult gone = d.exec(Stmt::SweepTombstones, Params().number(now), InFlight::Nothing);
        result.tombstonesRemoved = std::atoi(PQcmdTuples(gone.get()));
        const PgResult swept = d.exec(policy.strictExpiry ? Stmt::SweepRecordsStrict : Stmt::SweepRecords,
            Params().number(now), InFlight::Nothing);
        result.recordsDeleted = PQntuples(swept.get());
        result.swept.reserve(static_cast<std::size_t>(result.recordsDeleted));
        for (int row = 0; row < result.recordsDeleted; ++row)
            result.swept.push_back(
                { textAt(swept.get(), row, 0), textAt(swept.get(), row, 1), textAt(swept.get(), row, 2) });
        if (!policy.tombstoneMs)
            return result;
        for (int row = 0; row < result.recordsDeleted; ++row) {
            Tombstone t = tombstoneAt(swept.get(), row); // the RETURNING list ends with expires_at
            t.untilMs += *policy.tombstoneMs;
            if (t.untilMs <= now)
                continue;
            d.exec(Stmt::PutTombstone,
                Params().scope(t.scope).text(t.payloadHash).number(t.statusCode).text(t.resultId).number(t.untilMs),
                InFlight::Nothing);
            ++result.tombstonesLeft;
        }
        return result;
    });
}

std::vector<Record> PostgresStore::records()
{
    Impl& d = *m_impl;
    return d.withRetry({ "list the records" }, [&] {
        const PgResult r = d.exec(Stmt::Records, Params(), InFlight::Nothing);
        std::vector<Record> out;
        out.reserve(PQntuples(r.get()));
        for (int row = 0; row < PQntuples(r.get()); ++row)
            out.push_back(recordAt(r.get(), row));
        return out;
    });
}

std::vector<Tombstone> PostgresStore::tombstones()
{
    Impl& d = *m_impl;
    return d.withRetry({ "list the tombstones" }, [&] {
        const PgResult r = d.exec(Stmt::Tombstones, Params(), InFlight::Nothing);
        std::vector<Tombstone> out;
        for (int row = 0; row < PQntuples(r.get()); ++row)
            out.push_back(tombstoneAt(r.get(), row));
        return out;
    });
}

std::vector<EffectRow> PostgresStore::effects()
{
    Impl& d = *m_impl;
    return d.withRetry({ "list the effects" }, [&] {
        const PgResult r = d.exec(Stmt::Effects, Params(), InFlight::Nothing);
        std::vector<EffectRow> out;
        for (int row = 0; row < PQntuples(r.get()); ++row) {
            EffectRow e;
            e.id = textAt(r.get(), row, 0);
            e.scope = { textAt(r.get(), row, 1), textAt(r.get(), row, 2), textAt(r.get(), row, 3) };
            e.intent = textAt(r.get(), row, 4);
            e.request = textAt(r.get(), row, 5);
            e.atMs = numberAt(r.get(), row, 6);
            out.push_back(std::move(e));
        }
        return out;
    });
}

} // namespace iw
