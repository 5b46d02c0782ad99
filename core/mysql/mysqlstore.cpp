// The MySQL store on a real server (mysqlstore.h): Connector/C, prepared statements, one primary key per scope.
#include "mysqlstore.h"

#include "mysqlconnection.h"
#include "storedeadlock.h"
#include "utf8.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <thread>

namespace iw {

namespace {

constexpr const char* kMark = "idempotency-workbench store, format 1";
constexpr int kMaxWaiters = 32; // claims waiting on one held claim: each writes (kMaxWaiters − its place) weight rows
constexpr int kLockWaitSeconds = 10; // innodb_lock_wait_timeout of the store's sessions
constexpr auto kReachLockWithin = std::chrono::seconds(10);

struct Column {
    const char* name;
    const char* type; // information_schema.COLUMNS.DATA_TYPE
};

struct Table {
    const char* name;
    std::vector<Column> columns;
    const char* create; // the definition after the table's name; %KEY% is the key column's length
};

const std::vector<Table>& storeTables()
{
    static const std::vector<Table> tables = {
        { "request_idempotency",
            { { "actor_id", "varchar" }, { "operation", "varchar" }, { "idempotency_key", "varchar" },
                { "payload_hash", "varchar" }, { "state", "varchar" }, { "status_code", "int" },
                { "response_body", "longtext" }, { "created_ms", "bigint" }, { "completed_ms", "bigint" },
                { "expires_ms", "bigint" }, { "lease_until_ms", "bigint" }, { "result_id", "varchar" } },
            "(actor_id VARCHAR(191) NOT NULL, operation VARCHAR(191) NOT NULL, idempotency_key VARCHAR(%KEY%) NOT "
            "NULL, payload_hash VARCHAR(255) NOT NULL, state VARCHAR(16) NOT NULL, status_code INT NULL, "
            "response_body LONGTEXT NULL, created_ms BIGINT NOT NULL, completed_ms BIGINT NULL, expires_ms BIGINT NOT "
            "NULL, lease_until_ms BIGINT NULL, result_id VARCHAR(255) NULL, PRIMARY KEY (actor_id, operation, "
            "idempotency_key))" },
        { "request_seen", { { "actor_id", "varchar" }, { "operation", "varchar" }, { "idempotency_key", "varchar" } },
            "(actor_id VARCHAR(191) NOT NULL, operation VARCHAR(191) NOT NULL, idempotency_key VARCHAR(384) NOT NULL, "
            "PRIMARY KEY (actor_id, operation, idempotency_key))" },
        { "demo_request",
            { { "seq", "bigint" }, { "id", "varchar" }, { "actor_id", "varchar" }, { "operation", "varchar" },
                { "idempotency_key", "text" }, { "intent", "text" }, { "request", "varchar" }, { "at_ms", "bigint" } },
            "(seq BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY, id VARCHAR(64) NOT NULL, actor_id VARCHAR(191) NOT NULL, "
            "operation VARCHAR(191) NOT NULL, idempotency_key TEXT NOT NULL, intent TEXT NOT NULL, request "
            "VARCHAR(64) NOT NULL, at_ms BIGINT NOT NULL)" },
        { "iw_lock_weight", { { "session", "bigint" }, { "n", "int" } },
            "(session BIGINT NOT NULL, n INT NOT NULL, PRIMARY KEY (session, n))" },
    };
    return tables;
}

const std::string kRecordColumns = "actor_id, operation, idempotency_key, payload_hash, state, status_code, "
                                   "response_body, created_ms, completed_ms, expires_ms, lease_until_ms, result_id";
const std::string kRecordValues = "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?";
const std::string kScopeWhere = "actor_id = ? AND operation = ? AND idempotency_key = ?";
const std::string kRecords = "request_idempotency";

std::string truncatedKey(const std::string& key, int length)
{
    return std::string(utf8::prefixCodePoints(key, static_cast<std::size_t>(std::max(length, 0))));
}

MysqlValue text(const std::optional<std::string>& s)
{
    return s ? MysqlValue(*s) : MysqlValue();
}
MysqlValue number(long long n)
{
    return n;
}
template<typename T> MysqlValue number(const std::optional<T>& n)
{
    return n ? MysqlValue(static_cast<long long>(*n)) : MysqlValue();
}

void addScope(std::vector<MysqlValue>& p, const Scope& s)
{
    p.push_back(s.actor);
    p.push_back(s.operation);
    p.push_back(s.key);
}

std::vector<MysqlValue> recordParams(const Record& r)
{
    std::vector<MysqlValue> p;
    p.reserve(12);
    addScope(p, r.scope);
    p.push_back(r.payloadHash);
    p.push_back(
        std::string(stateName(r.state == RecordState::Completed ? RecordState::Completed : RecordState::InProgress)));
    p.push_back(number(r.statusCode));
    p.push_back(text(r.responseBody));
    p.push_back(number(static_cast<long long>(r.createdAt)));
    p.push_back(number(r.completedAt));
    p.push_back(number(static_cast<long long>(r.expiresAt)));
    p.push_back(number(r.leaseUntil));
    p.push_back(text(r.resultId));
    return p;
}

long long toNumber(const std::optional<std::string>& s)
{
    long long v = 0;
    if (s)
        std::from_chars(s->data(), s->data() + s->size(), v);
    return v;
}

Record recordFrom(const MysqlRow& row)
{
    Record r;
    r.scope = { row[0].value_or(""), row[1].value_or(""), row[2].value_or("") };
    r.payloadHash = row[3].value_or("");
    r.state
        = row[4] == std::string(stateName(RecordState::Completed)) ? RecordState::Completed : RecordState::InProgress;
    if (row[5])
        r.statusCode = static_cast<int>(toNumber(row[5]));
    r.responseBody = row[6];
    r.createdAt = toNumber(row[7]);
    if (row[8])
        r.completedAt = toNumber(row[8]);
    r.expiresAt = toNumber(row[9]);
    if (row[10])
        r.leaseUntil = toNumber(row[10]);
    r.resultId = row[11];
    return r;
}

std::vector<MysqlValue> effectParams(const EffectRow& e)
{
    std::vector<MysqlValue> p { e.id };
    addScope(p, e.scope);
    p.push_back(e.intent);
    p.push_back(e.request);
    p.push_back(static_cast<long long>(e.atMs));
    return p;
}

const std::string kInsertEffect
    = "INSERT INTO demo_request (id, actor_id, operation, idempotency_key, intent, request, at_ms) VALUES (?, ?, ?, "
      "?, ?, ?, ?)";

std::string claimStatement(MysqlClaim claim)
{
    switch (claim) {
    case MysqlClaim::InsertIgnore:
        return "INSERT IGNORE INTO " + kRecords + " (" + kRecordColumns + ") VALUES (" + kRecordValues + ")";
    case MysqlClaim::OnDuplicateKeyUpdate:
        return "INSERT INTO " + kRecords + " (" + kRecordColumns + ") VALUES (" + kRecordValues
            + ") ON DUPLICATE KEY UPDATE idempotency_key = idempotency_key";
    case MysqlClaim::Insert:
        break;
    }
    return "INSERT INTO " + kRecords + " (" + kRecordColumns + ") VALUES (" + kRecordValues + ")";
}

// A write whose connection broke: whether the server applied it cannot be known.
template<typename F> auto writing(F&& f)
{
    try {
        return f();
    } catch (const MysqlServerError&) {
        throw;
    } catch (const StoreError& e) {
        if (e.kind() == StoreError::Kind::Unavailable)
            throw StoreError(StoreError::Kind::UnknownOutcome, e.what());
        throw;
    }
}

// A transaction on `c` (`what`: "completion", "sweep"). A connection lost before COMMIT was sent leaves nothing
// written — the server rolls back a transaction whose session it lost — so that is Unavailable; lost during COMMIT,
// whether it committed cannot be known: UnknownOutcome. A statement the server refuses rolls the transaction back.
// inTransaction: the body and the COMMIT of a transaction already begun (a claim that waited began its own).
template<typename F> auto inTransaction(MysqlConnection& c, const std::string& what, F&& body)
{
    decltype(body()) result;
    try {
        result = body();
    } catch (const MysqlServerError&) {
        c.exec("ROLLBACK", ("roll back the " + what).c_str());
        throw;
    } catch (const StoreError& e) {
        if (e.kind() != StoreError::Kind::Unavailable)
            throw;
        throw StoreError(StoreError::Kind::Unavailable,
            std::string(e.what()) + "; the " + what
                + " had not committed, so the server rolled it back with the session: nothing was written");
    }
    try {
        c.exec("COMMIT", ("commit the " + what).c_str());
    } catch (const MysqlServerError&) {
        throw;
    } catch (const StoreError& e) {
        if (e.kind() != StoreError::Kind::Unavailable)
            throw;
        throw StoreError(StoreError::Kind::UnknownOutcome,
            std::string(e.what()) + "; the connection broke while the " + what
                + " was committing, so whether it was applied cannot be known");
    }
    return result;
}

template<typename F> auto transaction(MysqlConnection& c, const std::string& what, F&& body)
{
    c.exec("START TRANSACTION", ("begin the " + what).c_str());
    return inTransaction(c, what, std::forward<F>(body));
}

// A session lost under a claim that waited: its transaction never committed, so the server rolled it back.
StoreError waitingClaimLost(const StoreError& e, const std::string& key)
{
    return StoreError(StoreError::Kind::Unavailable,
        std::string(e.what()) + "; the claim of key \"" + key
            + "\" that waited on a held claim had not committed, so the server rolled it back with the session: "
              "nothing was written");
}

} // namespace

// A claim transaction kept open (rollback_claim) and the claims waiting on its row's lock.
struct MysqlStore::Held {
    std::unique_ptr<MysqlConnection> session;
    Millis version = 0;
    Millis rollbackAt = 0;
    bool released = false;
    std::vector<int> waiting; // tickets, in the order they began to wait
    int resolved = 0;
};

struct MysqlStore::Waiter {
    std::unique_ptr<MysqlConnection> session;
    Scope key; // as the column holds it
    std::optional<LockWaitEnd> end; // set when the lock was released
    std::exception_ptr failed; // or why its answer could not be read then (endLockWait throws it)
};

const char* MysqlStore::databaseMark()
{
    return kMark;
}

MysqlStore::Options MysqlStore::optionsFor(const ServicePolicy& policy, bool holdsClaims)
{
    Options o;
    o.claim = policy.mysqlClaim;
    o.isolation = policy.isolation;
    o.keyColumnLength = policy.keyColumnLength;
    o.holdsClaims = holdsClaims;
    return o;
}

MysqlStore::MysqlStore(const MysqlConninfo& info, Options options)
    : m_info(info)
    , m_options(options)
{
}

MysqlStore::~MysqlStore()
{
    // Open transactions roll back when their sessions close; waiting claims are answered first by that rollback.
    m_waiters.clear();
    m_held.clear();
}

std::unique_ptr<MysqlConnection> MysqlStore::openSession(bool foundRows)
{
    auto c = MysqlConnection::open(m_info, foundRows);
    // The store's own sessions: strict mode (INSERT IGNORE is what turns errors into warnings, as in production),
    // the policy's isolation level, a bounded lock wait.
    c->exec("SET SESSION sql_mode = 'STRICT_TRANS_TABLES,NO_ENGINE_SUBSTITUTION', SESSION innodb_lock_wait_timeout = "
            + std::to_string(kLockWaitSeconds),
        "set up the store's session");
    c->exec(m_options.isolation == MysqlIsolation::ReadCommitted
            ? "SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED"
            : "SET SESSION TRANSACTION ISOLATION LEVEL REPEATABLE READ",
        "set the store's isolation level");
    return c;
}

std::unique_ptr<MysqlConnection> MysqlStore::takeSpare()
{
    while (!m_spare.empty()) {
        auto c = std::move(m_spare.back());
        m_spare.pop_back();
        if (c->idleAndOpen()) // a spare the server ended meanwhile is dropped
            return c;
    }
    return openSession(false);
}

std::unique_ptr<MysqlStore> MysqlStore::connect(const MysqlConninfo& info, Options options)
{
    if (options.keyColumnLength < 1 || options.keyColumnLength > kMaxKeyColumnLength)
        throw StoreError(StoreError::Kind::Fatal,
            "the MySQL store keeps keys of 1 to " + std::to_string(kMaxKeyColumnLength)
                + " characters (InnoDB's primary key of utf8mb4 text), and key_column_length is "
                + std::to_string(options.keyColumnLength));
    std::unique_ptr<MysqlStore> s(new MysqlStore(info, options));
    s->m_main = s->openSession(true);
    MysqlConnection& c = *s->m_main;
    const std::string db = info.database;
    const auto settings = c.query("SELECT @@read_only, @@innodb_read_only", {}, "read the server's settings");
    if (!settings.empty() && (settings[0][0] == std::string("1") || settings[0][1] == std::string("1")))
        throw StoreError(StoreError::Kind::Fatal,
            info.where() + " is read-only (" + (settings[0][0] == std::string("1") ? "read_only" : "innodb_read_only")
                + " is ON), and the store must write: give the primary's address");
    std::string lower = db;
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char ch) { return std::tolower(ch); });
    if (lower == "mysql" || lower == "information_schema" || lower == "performance_schema" || lower == "sys")
        throw StoreError(StoreError::Kind::Fatal,
            "database \"" + db + "\" is the server's own: the store keeps its tables only in a database of its own");
    const auto comment = c.query("SELECT SCHEMA_COMMENT FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?", { db },
        "read the database's mark");
    const bool marked = !comment.empty() && comment[0][0] == std::string(kMark);
    if (!marked) {
        const auto tables = c.query(
            "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? ORDER BY TABLE_NAME LIMIT 6",
            { db }, "list the database's tables");
        if (!tables.empty()) {
            std::string names;
            for (std::size_t i = 0; i < tables.size() && i < 5; ++i)
                names += (i ? ", " : "") + tables[i][0].value_or("");
            if (tables.size() > 5)
                names += ", …";
            throw StoreError(StoreError::Kind::Fatal,
                "database \"" + db + "\" at " + info.endpoint() + " holds tables the workbench did not make (" + names
                    + ") and is not marked as the store's: the store empties only a database of its own; give an "
                      "empty one");
        }
        c.exec("ALTER DATABASE " + quoteName(db) + " COMMENT = '" + kMark + "'", "mark the store's database");
    }
    for (const Table& t : storeTables()) {
        const auto found = c.query("SELECT ENGINE FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND "
                                   "TABLE_NAME = ?",
            { db, std::string(t.name) }, "look for the store's tables");
        const std::string name = db + "." + t.name;
        if (found.empty()) {
            std::string create = t.create;
            const auto at = create.find("%KEY%");
            if (at != std::string::npos)
                create.replace(at, 5, std::to_string(options.keyColumnLength));
            c.exec("CREATE TABLE " + std::string(t.name) + " " + create
                    + " ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_nopad_bin",
                "create the store's tables");
            continue;
        }
        const std::string engine = found[0][0].value_or("");
        if (engine != "InnoDB")
            throw StoreError(StoreError::Kind::Fatal,
                "table " + name + " uses the " + (engine.empty() ? std::string("(unknown)") : engine)
                    + " engine, which has no transactions: the store needs InnoDB, so it refuses to be the store "
                      "there");
        const auto columns = c.query("SELECT COLUMN_NAME, DATA_TYPE FROM information_schema.COLUMNS WHERE "
                                     "TABLE_SCHEMA = ? AND TABLE_NAME = ?",
            { db, std::string(t.name) }, "read the store's tables");
        for (const Column& want : t.columns) {
            const auto it = std::find_if(
                columns.begin(), columns.end(), [&](const MysqlRow& r) { return r[0] == std::string(want.name); });
            if (it == columns.end())
                throw StoreError(StoreError::Kind::Fatal,
                    "table " + name + " has no column " + want.name
                        + ": it is not the store's table (drop it, or "
                          "give another database)");
            if ((*it)[1] != std::string(want.type))
                throw StoreError(StoreError::Kind::Fatal,
                    "column " + std::string(want.name) + " of table " + name + " is " + (*it)[1].value_or("?")
                        + ", and the store's is " + want.type + ": it is not the store's table");
        }
    }
    if (options.holdsClaims && options.watchLockWaits) {
        try {
            c.query("SELECT COUNT(*) FROM information_schema.INNODB_TRX", {}, "read InnoDB's transactions");
        } catch (const MysqlServerError& e) {
            if (e.code() != 1227)
                throw;
            throw StoreError(StoreError::Kind::Fatal,
                "the scenario's rollback_claim fault needs the PROCESS privilege for user \"" + info.user
                    + "\" (the store watches claims wait on the held claim's lock in "
                      "information_schema.INNODB_TRX)");
        }
    }
    s->m_claim = s->openSession(false);
    return s;
}

Scope MysqlStore::column(const Scope& scope) const
{
    if (m_options.claim != MysqlClaim::InsertIgnore)
        return scope;
    return { scope.actor, scope.operation, truncatedKey(scope.key, m_options.keyColumnLength) };
}

Record MysqlStore::column(const Record& record) const
{
    Record r = record;
    r.scope = column(record.scope);
    return r;
}

// Before each operation, never inside one (a transaction never continues on another session): a session the server
// ended since the last operation (KILL CONNECTION, wait_timeout, a restart), or that broke in it, is opened again,
// once, within the connector's timeouts. An operation that found it broken said so itself — unknown_outcome for a
// write that was in flight — and this one starts on a fresh session.
void MysqlStore::reopenIfLost(std::unique_ptr<MysqlConnection>& session, bool foundRows)
{
    if (session && session->idleAndOpen())
        return;
    const std::string lost = "lost the connection to " + m_info.where() + " (the server ended the session)";
    session.reset();
    try {
        session = openSession(foundRows);
    } catch (const StoreError& e) {
        throw StoreError(e.kind(), lost + " and could not connect again: " + e.what());
    }
}

void MysqlStore::beginCall()
{
    if (m_claimOpen && !(m_claim && m_claim->idleAndOpen())) {
        // The claim inserted last had not committed: the server rolled it back with its session.
        m_claimOpen = false;
        reopenIfLost(m_claim, false);
        throw StoreError(StoreError::Kind::Unavailable,
            "lost the connection to " + m_info.where()
                + " before the last claim committed, so the server rolled that claim back");
    }
    reopenIfLost(m_main, true);
    reopenIfLost(m_claim, false);
    commitPendingClaim();
}

void MysqlStore::commitPendingClaim()
{
    if (!m_claimOpen)
        return;
    m_claimOpen = false;
    writing([&] { m_claim->exec("COMMIT", "commit the claim"); });
}

void MysqlStore::reset()
{
    for (auto& [key, held] : m_held) {
        if (!held->released && held->session) {
            try {
                held->session->exec("ROLLBACK", "roll back a held claim");
            } catch (const StoreError&) {
            }
        }
    }
    for (auto& [ticket, waiter] : m_waiters) {
        try {
            if (!waiter->end)
                waiter->session->readAnswer("end a waiting claim");
        } catch (const StoreError&) {
        }
        try {
            waiter->session->exec("ROLLBACK", "end a waiting claim");
        } catch (const StoreError&) {
        }
    }
    m_held.clear();
    m_waiters.clear();
    m_nextTicket = 0;
    // Emptying starts over: a claim lost with its session is gone with the rest.
    if (m_claimOpen && !(m_claim && m_claim->idleAndOpen()))
        m_claimOpen = false;
    reopenIfLost(m_main, true);
    reopenIfLost(m_claim, false);
    if (m_claimOpen) {
        m_claimOpen = false;
        m_claim->exec("ROLLBACK", "roll back an open claim");
    }
    for (const Table& t : storeTables())
        m_main->exec("TRUNCATE TABLE " + std::string(t.name), "empty the store's tables");
    const auto length = m_main->query("SELECT CHARACTER_MAXIMUM_LENGTH FROM information_schema.COLUMNS WHERE "
                                      "TABLE_SCHEMA = ? AND TABLE_NAME = ? AND COLUMN_NAME = 'idempotency_key'",
        { m_info.database, kRecords }, "read the key column's length");
    if (length.empty() || toNumber(length[0][0]) != m_options.keyColumnLength)
        m_main->exec("ALTER TABLE " + kRecords + " MODIFY idempotency_key VARCHAR("
                + std::to_string(m_options.keyColumnLength) + ") NOT NULL",
            "set the key column's length");
}

bool MysqlStore::insertClaim(const Record& claim, Millis now)
{
    (void)now;
    beginCall();
    // INSERT IGNORE gets the key whole: the server truncates it (a warning), as it does in production.
    const Record row = m_options.claim == MysqlClaim::InsertIgnore ? claim : column(claim);
    return writing([&] {
        if (m_options.holdsClaims)
            m_claim->exec("START TRANSACTION", "begin the claim's transaction");
        bool inserted = false;
        try {
            inserted = m_claim->execute(claimStatement(m_options.claim), recordParams(row), "insert the claim") == 1;
        } catch (const MysqlServerError& e) {
            if (e.code() == 1213) // a deadlock's victim (race: another connection's claim rolled back)
                throw StoreDeadlock(e.what());
            if (e.code() != 1062) // duplicate key: the loser reads
                throw;
        }
        if (m_options.holdsClaims) {
            if (inserted)
                m_claimOpen = true; // committed by the next call, unless holdClaim keeps it open
            else
                m_claim->exec("ROLLBACK", "end the claim's transaction");
        }
        return inserted;
    });
}

std::optional<Record> MysqlStore::read(const Scope& scope)
{
    beginCall();
    std::vector<MysqlValue> p;
    addScope(p, column(scope));
    const auto rows = m_main->query(
        "SELECT " + kRecordColumns + " FROM " + kRecords + " WHERE " + kScopeWhere, p, "read the record");
    if (rows.empty())
        return std::nullopt;
    return recordFrom(rows[0]);
}

bool MysqlStore::replaceIf(const Scope& scope, std::optional<Millis> expectedCreatedAt, const Record& fresh, Millis now)
{
    if (!expectedCreatedAt) // no expected version: the write may only create, exactly like a claim
        return insertClaim(fresh, now);
    beginCall();
    std::vector<MysqlValue> p = recordParams(column(fresh));
    p.erase(p.begin(), p.begin() + 3);
    addScope(p, column(scope));
    p.push_back(static_cast<long long>(*expectedCreatedAt));
    return writing([&] {
        return m_main->execute("UPDATE " + kRecords
                       + " SET payload_hash = ?, state = ?, status_code = ?, response_body = ?, created_ms = ?, "
                         "completed_ms = ?, expires_ms = ?, lease_until_ms = ?, result_id = ? WHERE "
                       + kScopeWhere + " AND created_ms = ?",
                   p, "overwrite the record")
            == 1;
    });
}

bool MysqlStore::complete(
    const Scope& scope, Millis ownerVersion, const Completion& c, const std::optional<EffectRow>& effect)
{
    beginCall();
    std::vector<MysqlValue> p { std::string(stateName(RecordState::Completed)), static_cast<long long>(c.statusCode),
        text(c.responseBody), static_cast<long long>(c.completedAt), text(c.resultId), number(c.expiresAt) };
    addScope(p, column(scope));
    p.push_back(static_cast<long long>(ownerVersion));
    return transaction(*m_main, "completion", [&] {
        if (effect)
            m_main->execute(kInsertEffect, effectParams(*effect), "record the effect");
        // Fenced by the version; the transaction commits either way, with the effect.
        return m_main->execute("UPDATE " + kRecords
                       + " SET state = ?, status_code = ?, response_body = ?, completed_ms = ?, "
                         "result_id = ?, expires_ms = COALESCE(?, expires_ms) WHERE "
                       + kScopeWhere + " AND created_ms = ?",
                   p, "complete the record")
            == 1;
    });
}

bool MysqlStore::deleteIfOwner(const Scope& scope, Millis ownerVersion)
{
    beginCall();
    std::vector<MysqlValue> p;
    addScope(p, column(scope));
    p.push_back(static_cast<long long>(ownerVersion));
    return writing([&] {
        return m_main->execute(
                   "DELETE FROM " + kRecords + " WHERE " + kScopeWhere + " AND created_ms = ?", p, "delete the record")
            == 1;
    });
}

void MysqlStore::deleteUnconditionally(const Scope& scope)
{
    beginCall();
    std::vector<MysqlValue> p;
    addScope(p, column(scope));
    writing(
        [&] { return m_main->execute("DELETE FROM " + kRecords + " WHERE " + kScopeWhere, p, "delete the record"); });
}

void MysqlStore::upsertCompletion(const Record& ifMissing, const Completion& c, const std::optional<EffectRow>& effect)
{
    beginCall();
    Record row = column(ifMissing);
    row.state = RecordState::Completed;
    row.statusCode = c.statusCode;
    row.responseBody = c.responseBody;
    row.completedAt = c.completedAt;
    row.resultId = c.resultId;
    if (c.expiresAt)
        row.expiresAt = *c.expiresAt;
    std::vector<MysqlValue> p = recordParams(row);
    p.push_back(number(c.expiresAt));
    transaction(*m_main, "completion", [&] {
        if (effect)
            m_main->execute(kInsertEffect, effectParams(*effect), "record the effect");
        // Keeps created_ms and lease_until_ms of whatever row is there.
        m_main->execute("INSERT INTO " + kRecords + " (" + kRecordColumns + ") VALUES (" + kRecordValues
                + ") ON DUPLICATE KEY UPDATE payload_hash = VALUES(payload_hash), state = VALUES(state), "
                  "status_code = VALUES(status_code), response_body = VALUES(response_body), completed_ms = "
                  "VALUES(completed_ms), result_id = VALUES(result_id), expires_ms = COALESCE(?, expires_ms)",
            p, "complete the record");
        return 0;
    });
}

bool MysqlStore::insertCompleted(const Record& record)
{
    beginCall();
    return writing([&] {
        try {
            m_main->execute("INSERT INTO " + kRecords + " (" + kRecordColumns + ") VALUES (" + kRecordValues + ")",
                recordParams(column(record)), "insert the record");
            return true;
        } catch (const MysqlServerError& e) {
            if (e.code() == 1062) // the other request's row is there
                return false;
            throw;
        }
    });
}

void MysqlStore::overwrite(const Record& record)
{
    beginCall();
    writing([&] {
        return m_main->execute("INSERT INTO " + kRecords + " (" + kRecordColumns + ") VALUES (" + kRecordValues
                + ") ON DUPLICATE KEY UPDATE payload_hash = VALUES(payload_hash), state = VALUES(state), status_code "
                  "= VALUES(status_code), response_body = VALUES(response_body), created_ms = VALUES(created_ms), "
                  "completed_ms = VALUES(completed_ms), expires_ms = VALUES(expires_ms), lease_until_ms = "
                  "VALUES(lease_until_ms), result_id = VALUES(result_id)",
            recordParams(column(record)), "overwrite the record");
    });
}

bool MysqlStore::testAndSetSeen(const Scope& scope)
{
    beginCall();
    std::vector<MysqlValue> p;
    addScope(p, column(scope));
    return writing([&] {
        return m_main->execute(
                   "INSERT IGNORE INTO request_seen (actor_id, operation, idempotency_key) VALUES (?, ?, ?)", p,
                   "mark the key seen")
            == 1;
    });
}

void MysqlStore::recordEffect(const EffectRow& effect)
{
    beginCall();
    writing([&] { return m_main->execute(kInsertEffect, effectParams(effect), "record the effect"); });
}

SweepResult MysqlStore::sweep(Millis now, const SweepPolicy& policy)
{
    beginCall();
    if (policy.tombstoneMs)
        throw StoreError(StoreError::Kind::Fatal,
            "the MySQL store keeps no tombstones (after_expiry \"tombstone\"): run this scenario with --store memory");
    const std::string due = std::string(" WHERE state = '") + std::string(stateName(RecordState::Completed))
        + "' AND expires_ms " + (policy.strictExpiry ? "<" : "<=") + " ?";
    SweepResult result;
    const auto rows = transaction(*m_main, "sweep", [&] {
        auto found = m_main->query("SELECT actor_id, operation, idempotency_key FROM " + kRecords + due + " FOR UPDATE",
            { static_cast<long long>(now) }, "find the expired records");
        m_main->execute("DELETE FROM " + kRecords + due, { static_cast<long long>(now) }, "delete the expired records");
        return found;
    });
    for (const MysqlRow& r : rows)
        result.swept.push_back({ r[0].value_or(""), r[1].value_or(""), r[2].value_or("") });
    result.recordsDeleted = static_cast<int>(rows.size());
    return result;
}

std::optional<Millis> MysqlStore::nextSweepable(bool strictExpiry)
{
    beginCall();
    const auto rows = m_main->query("SELECT MIN(expires_ms) FROM " + kRecords + " WHERE state = ?",
        { std::string(stateName(RecordState::Completed)) }, "find the next expiry");
    if (rows.empty() || !rows[0][0])
        return std::nullopt;
    const Millis at = toNumber(rows[0][0]);
    return strictExpiry && at != kNeverExpires ? at + 1 : at;
}

std::vector<Record> MysqlStore::records()
{
    beginCall();
    // The table as it is at this instant, a claim held open by rollback_claim included — as the model lists it and a
    // lesson step expects it: the listing alone reads uncommitted rows (READ UNCOMMITTED, for its one read-only
    // transaction; it takes no lock). The service's own reads never do.
    m_main->exec("SET TRANSACTION ISOLATION LEVEL READ UNCOMMITTED", "list the records");
    const auto rows = transaction(*m_main, "listing",
        [&] { return m_main->query("SELECT " + kRecordColumns + " FROM " + kRecords, {}, "list the records"); });
    std::vector<Record> out;
    for (const MysqlRow& row : rows)
        out.push_back(recordFrom(row));
    std::sort(out.begin(), out.end(), [](const Record& a, const Record& b) { return a.scope < b.scope; });
    return out;
}

std::vector<EffectRow> MysqlStore::effects()
{
    beginCall();
    std::vector<EffectRow> out;
    for (const MysqlRow& r : m_main->query(
             "SELECT id, actor_id, operation, idempotency_key, intent, request, at_ms FROM demo_request ORDER BY seq",
             {}, "list the effects")) {
        EffectRow e;
        e.id = r[0].value_or("");
        e.scope = { r[1].value_or(""), r[2].value_or(""), r[3].value_or("") };
        e.intent = r[4].value_or("");
        e.request = r[5].value_or("");
        e.atMs = toNumber(r[6]);
        out.push_back(std::move(e));
    }
    return out;
}

void MysqlStore::holdClaim(const Scope& scope, Millis version, Millis rollbackAt)
{
    if (!m_claimOpen)
        throw StoreError(StoreError::Kind::Fatal, "mysql store: a claim to hold with no claim transaction open");
    m_claimOpen = false;
    auto held = std::make_unique<Held>();
    held->session = std::move(m_claim);
    held->version = version;
    held->rollbackAt = rollbackAt;
    m_held[column(scope)] = std::move(held);
    m_claim = takeSpare();
}

std::optional<Millis> MysqlStore::awaitClaimLock(const Scope& scope, Millis now, int& ticket)
{
    beginCall();
    const Scope key = column(scope);
    const auto it = m_held.find(key);
    if (it == m_held.end() || it->second->released)
        return std::nullopt;
    Held& held = *it->second;
    if (now >= held.rollbackAt) {
        // The ROLLBACK is due: it happens before this INSERT, whichever the simulation runs first at that instant.
        release(held);
        if (held.waiting.empty())
            m_held.erase(it);
        return std::nullopt;
    }
    const int place = static_cast<int>(held.waiting.size());
    if (place >= kMaxWaiters)
        throw StoreError(StoreError::Kind::Fatal,
            "mysql store: more than " + std::to_string(kMaxWaiters) + " claims wait on one held claim");
    auto waiter = std::make_unique<Waiter>();
    waiter->key = key;
    waiter->session = takeSpare();
    MysqlConnection& c = *waiter->session;
    const std::string session = std::to_string(c.threadId());
    // Nothing of the waiting claim commits before endLockWait: a session lost here leaves nothing written.
    try {
        c.exec("START TRANSACTION", "begin a waiting claim's transaction");
        std::string weight = "INSERT INTO iw_lock_weight (session, n) VALUES ";
        for (int n = 0; n < kMaxWaiters - place; ++n)
            weight += (n ? ", (" : "(") + session + ", " + std::to_string(n) + ")";
        c.exec(weight, "weigh a waiting claim");
        const std::string verb = m_options.claim == MysqlClaim::InsertIgnore ? "INSERT IGNORE INTO " : "INSERT INTO ";
        std::string insert = verb + kRecords
            + " (actor_id, operation, idempotency_key, payload_hash, state, created_ms, expires_ms) VALUES ("
            + c.quote(scope.actor) + ", " + c.quote(scope.operation) + ", "
            + c.quote(m_options.claim == MysqlClaim::InsertIgnore ? scope.key : key.key) + ", '', '"
            + std::string(stateName(RecordState::InProgress)) + "', " + std::to_string(held.rollbackAt) + ", "
            + std::to_string(held.rollbackAt) + ")";
        if (m_options.claim == MysqlClaim::OnDuplicateKeyUpdate)
            insert += " ON DUPLICATE KEY UPDATE idempotency_key = idempotency_key";
        c.send(insert, "send a claim that waits");
    } catch (const MysqlServerError&) {
        throw;
    } catch (const StoreError& e) {
        if (e.kind() != StoreError::Kind::Unavailable)
            throw;
        throw waitingClaimLost(e, key.key);
    }
    // The claim must be in the lock's queue before anything else happens (the ROLLBACK above all).
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    const auto deadline = std::chrono::steady_clock::now() + kReachLockWithin;
    while (true) {
        // Its session, and its transaction when it has one (a session the server ended is no longer listed).
        const auto rows
            = m_main->query("SELECT t.trx_state FROM information_schema.PROCESSLIST p LEFT JOIN "
                            "information_schema.INNODB_TRX t ON t.trx_mysql_thread_id = p.ID WHERE p.ID = ?",
                { static_cast<long long>(c.threadId()) }, "watch a claim wait");
        if (rows.empty())
            throw waitingClaimLost(StoreError(StoreError::Kind::Unavailable,
                                       "lost the connection to " + m_info.where()
                                           + " (the server ended the session of a claim that waited)"),
                key.key);
        if (rows[0][0] == std::string("LOCK WAIT"))
            break;
        if (std::chrono::steady_clock::now() > deadline)
            throw StoreError(StoreError::Kind::Fatal,
                "a claim of key \"" + key.key
                    + "\" did not reach the held claim's lock within 10 s (its transaction is "
                    + (rows[0][0] ? *rows[0][0] : std::string("not in information_schema.INNODB_TRX")) + ")");
        // InnoDB refreshes the table behind INNODB_TRX only when it has not been read for 100 ms.
        std::this_thread::sleep_for(std::chrono::milliseconds(110));
    }
    ticket = m_nextTicket++;
    held.waiting.push_back(ticket);
    m_waiters[ticket] = std::move(waiter);
    return held.rollbackAt;
}

void MysqlStore::release(Held& held)
{
    held.released = true;
    // A ROLLBACK's outcome is known even when its session is lost: the server rolls back the transaction of a session
    // it ended (KILL CONNECTION, a restart) or lost, so the held claim is gone either way — then, or already. The lost
    // session is dropped; the next claim opens another.
    try {
        held.session->exec("ROLLBACK", "roll back the held claim");
    } catch (const MysqlServerError&) {
        throw;
    } catch (const StoreError& e) {
        if (e.kind() != StoreError::Kind::Unavailable)
            throw;
        held.session.reset();
    }
    // The waiters' answers, in the order they began to wait: the server has granted them their shared locks and
    // rolled back the deadlock's victims. One that cannot be read (its session lost, another error) is that waiter's
    // alone: its endLockWait says it, the others go on.
    for (const int ticket : held.waiting) {
        Waiter& w = *m_waiters.at(ticket);
        try {
            const std::uint64_t rows = w.session->readAnswer("insert a claim that waited");
            w.end = rows == 1 ? LockWaitEnd::Inserted : LockWaitEnd::Duplicate;
        } catch (const MysqlServerError& e) {
            if (e.code() == 1213)
                w.end = LockWaitEnd::DeadlockVictim;
            else if (e.code() == 1062)
                w.end = LockWaitEnd::Duplicate;
            else
                w.failed = std::current_exception();
        } catch (const StoreError& e) {
            w.failed = e.kind() == StoreError::Kind::Unavailable
                ? std::make_exception_ptr(waitingClaimLost(e, w.key.key))
                : std::current_exception();
        }
    }
    if (held.session)
        m_spare.push_back(std::move(held.session));
}

LockWaitEnd MysqlStore::endLockWait(const Record& claim, int ticket, Millis now)
{
    (void)now;
    beginCall();
    const auto wit = m_waiters.find(ticket);
    if (wit == m_waiters.end())
        throw StoreError(StoreError::Kind::Fatal, "mysql store: a lock wait with no waiting claim");
    Waiter& w = *wit->second;
    const auto hit = m_held.find(w.key);
    if (hit == m_held.end())
        throw StoreError(StoreError::Kind::Fatal, "mysql store: a lock wait on a key with no held claim");
    if (!hit->second->released)
        release(*hit->second);
    Held& held = *hit->second;
    // This waiter is done, whatever happens below: its session is dropped when it failed, else reused.
    const auto finish = [&](bool reuse) {
        if (reuse && w.session)
            m_spare.push_back(std::move(w.session));
        m_waiters.erase(wit);
        if (++held.resolved >= static_cast<int>(held.waiting.size()))
            m_held.erase(hit);
    };
    if (w.failed || !w.end) {
        const std::exception_ptr failed = w.failed;
        const std::string key = w.key.key;
        finish(false);
        if (failed)
            std::rethrow_exception(failed);
        // The release broke off before this claim's answer was read.
        throw StoreError(StoreError::Kind::UnknownOutcome,
            "the answer to a claim of key \"" + key + "\" that waited on a held claim was never read");
    }
    const LockWaitEnd end = *w.end;
    MysqlConnection& c = *w.session;
    try {
        if (end == LockWaitEnd::Inserted) {
            // The row is this claim's: its columns as the claim writes them at this instant, then the commit.
            std::vector<MysqlValue> p = recordParams(column(claim));
            p.erase(p.begin(), p.begin() + 3);
            addScope(p, w.key);
            // Lost before COMMIT: the server rolled the claim back (nothing written); during it: unknown.
            inTransaction(c, "claim that waited", [&] {
                c.execute("UPDATE " + kRecords
                        + " SET payload_hash = ?, state = ?, status_code = ?, response_body = ?, created_ms = ?, "
                          "completed_ms = ?, expires_ms = ?, lease_until_ms = ?, result_id = ? WHERE "
                        + kScopeWhere,
                    p, "write the claim that waited");
                return c.execute("DELETE FROM iw_lock_weight WHERE session = ?",
                    { static_cast<long long>(c.threadId()) }, "remove a claim's weight");
            });
        } else if (end == LockWaitEnd::Duplicate) {
            try {
                c.exec("ROLLBACK", "end the claim that waited");
            } catch (const MysqlServerError&) {
                throw;
            } catch (const StoreError& e) {
                if (e.kind() != StoreError::Kind::Unavailable)
                    throw;
                // Its transaction wrote only its weight, and the server rolled that back with the session.
                w.session.reset();
            }
        }
        // A deadlock victim's transaction was rolled back by the server.
    } catch (const StoreError&) {
        finish(false);
        throw;
    }
    finish(true);
    return end;
}

bool MysqlStore::rollbackClaim(const Scope& scope, Millis version, Millis now)
{
    (void)now;
    beginCall();
    const auto it = m_held.find(column(scope));
    if (it == m_held.end() || it->second->version != version)
        return false;
    if (it->second->released)
        return false; // a waiter saw the release first: the row is gone already
    release(*it->second);
    if (it->second->waiting.empty())
        m_held.erase(it);
    return true;
}

} // namespace iw
