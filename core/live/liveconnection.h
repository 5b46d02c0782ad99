// A read-only libpq session for inspecting a live idempotency table (SPEC §8 "As a live table to debug"): the
// connection (conninfo, URI, PG* variables, service files, .pgpass), read-only at the database level, and every
// failure as one sentence that names what failed and never carries a password.
#pragma once

#include "pgsecret.h"

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

struct pg_conn;
struct pg_result;
struct pg_cancel;

namespace iw {

// One clear sentence (no trailing period, no password) and what kind of failure it is, so callers can map it onto
// exit codes (bad input 2, database 3) or offer the right remedy (ask for a password, reconnect).
class LiveError : public std::runtime_error {
public:
    enum class Kind {
        BadInput, // the conninfo, a table name or a mapping cannot be used as given
        Unreachable, // no server answered
        PasswordNeeded, // the server asks for a password and none was given
        Authentication, // the server refused the credentials
        Schema, // the table or a column is missing or of another type than the mapping reads
        ConnectionLost, // an established session broke
        Server, // the server refused a statement for another reason
        Cancelled, // the user cancelled a running statement
    };
    LiveError(Kind kind, const std::string& message)
        : std::runtime_error(message)
        , m_kind(kind)
    {
    }
    Kind kind() const { return m_kind; }
    bool isDatabaseError() const { return m_kind != Kind::BadInput; }

private:
    Kind m_kind;
};

struct LiveResultDeleter {
    void operator()(pg_result* r) const;
};
using LiveResult = std::unique_ptr<pg_result, LiveResultDeleter>;

// The conninfo without its password (keyword form or URI), for the list of recent connections and for messages.
// Returns the input unchanged when it does not parse (it then holds nothing libpq could use either).
std::string conninfoWithoutPassword(const std::string& conninfo);
// Builds a keyword/value conninfo from separate fields (empty values are left out), quoting as libpq expects.
std::string conninfoFromFields(const std::map<std::string, std::string>& fields);

class LiveConnection {
public:
    // Opens a session. An empty conninfo means libpq's defaults (PG* variables, service file, .pgpass). A password
    // typed by the user travels as its own keyword and never appears in a message. Every session starts with
    // `-c default_transaction_read_only=on` and is checked to be read-only before it is handed out.
    // Throws LiveError: BadInput (conninfo does not parse), Unreachable, PasswordNeeded, Authentication.
    //
    // Behind a pooler (SPEC §8): a pooler that refuses the `options` startup parameter (pgbouncer) gets a session
    // without it, made read-only with SET SESSION instead. With `transactionPooler` (`--pooler transaction`) no
    // session state is set at all, since the next transaction may run on another server connection and a SET would
    // stay behind on a connection other clients share: every inspection is its own BEGIN READ ONLY with SET LOCAL
    // inside, and no statement is prepared by name.
    static std::unique_ptr<LiveConnection> open(
        const std::string& conninfo, const std::string& password = {}, bool transactionPooler = false);
    ~LiveConnection();
    LiveConnection(const LiveConnection&) = delete;
    LiveConnection& operator=(const LiveConnection&) = delete;

    // "host db.example port 5432, database shop, user oncall" (never the password).
    std::string endpoint() const;
    std::string user() const;
    std::string database() const;
    std::string serverVersion() const; // "15.6"
    // The server's answer to SHOW default_transaction_read_only and transaction_read_only, checked at open().
    // Always false through a transaction pooler, where only each transaction is read-only.
    bool sessionIsReadOnly() const { return m_readOnlySession; }
    bool throughTransactionPooler() const { return m_transactionPooler; }
    // The server's recovery state, read at open() and after every reconnect: a hot standby (SPEC §8) is read as any
    // server is; the inspector shows its replay lag.
    bool serverIsStandby() const { return m_standby; }

    // Runs `body` inside BEGIN READ ONLY ISOLATION LEVEL REPEATABLE READ … COMMIT, so every statement of one
    // inspection sees one snapshot and one now(); rolled back when body throws. Statements inside may not write:
    // PostgreSQL refuses with SQLSTATE 25006.
    template<class F> auto readOnly(F&& body) -> decltype(body())
    {
        begin();
        try {
            if constexpr (std::is_void_v<decltype(body())>) {
                body();
                commit();
            } else {
                auto result = body();
                commit();
                return result;
            }
        } catch (...) {
            rollbackQuietly();
            throw;
        }
    }

    // One statement with text parameters (nullopt is NULL). `what` names the step in an error sentence ("count the
    // records of public.idempotency_keys"). Throws LiveError: ConnectionLost, Cancelled, Server.
    LiveResult exec(
        const std::string& sql, const std::vector<std::optional<std::string>>& params, const std::string& what);
    // The same with the parameters' type OIDs (0: the server infers it), for statements that may not mention every
    // parameter.
    LiveResult exec(const std::string& sql, const std::vector<std::optional<std::string>>& params,
        const std::vector<unsigned>& types, const std::string& what);

    // Repairs a broken session (PQreset) with a short backoff; returns false and keeps the reason when the server
    // still cannot be reached. A repaired session is checked to be read-only again.
    bool reconnect(std::string* whyNot = nullptr);
    bool isOpen() const;
    // Asks the server to cancel the statement now running. Safe from any thread.
    void cancel();
    // The server process of this session (for pg_terminate_backend in tests, and for the status line).
    int backendPid() const;

    // Escapes an identifier with libpq (the only form a table or column name takes in SQL).
    std::string quoteIdentifier(const std::string& name) const;

    // Every inspection transaction gives up after this long (0: never), so a slow query cannot hold a snapshot open
    // on a production replica indefinitely.
    void setStatementTimeoutMs(int ms) { m_statementTimeoutMs = ms; }
    int statementTimeoutMs() const { return m_statementTimeoutMs; }

    // The raw libpq handle: for tests that prove the session is read-only at the database level.
    pg_conn* native() const { return m_conn; }

    // Formats a libpq failure: the first line of the message, password removed.
    std::string clean(const char* libpqMessage) const;

private:
    LiveConnection() = default;
    void begin();
    void commit();
    void rollbackQuietly();
    void enforceReadOnly(); // sets and verifies the session default; throws Server when the server will not
    void readRecoveryState();
    void refreshCancel();

    pg_conn* m_conn = nullptr;
    std::string m_conninfo; // as given (may hold a password: used only to redact messages)
    std::string m_password;
    bool m_readOnlySession = false;
    bool m_transactionPooler = false;
    bool m_sendsOptions = true; // false when the pooler refused the options startup parameter
    bool m_standby = false;
    int m_statementTimeoutMs = 30'000;
    mutable std::mutex m_cancelMutex;
    pg_cancel* m_cancel = nullptr;
};

// The statement's SQLSTATE, or empty.
std::string sqlstateOf(const pg_result* result);

} // namespace iw
