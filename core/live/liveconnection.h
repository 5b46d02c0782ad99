// A read-only libpq session for inspecting a live idempotency table (docs/manual/live-tables.md "As a live table to
// debug"): the connection (conninfo, URI, PG* variables, service files, .pgpass), read-only at the database level
// without ever changing the session's state, every wait on the network bounded, Cancel that never blocks its caller,
// and every failure as one sentence that names what failed and never carries a password.
#pragma once

#include "pgresult.h"
#include "pgsecret.h"

#include <atomic>
#include <chrono>
#include <cstdint>
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
        Timeout, // the server or the network did not answer within a bound (a silent network, a deadline)
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

// A result of the live connection: the store's own (core/postgres/pgresult.h), cleared when it goes out of scope.
using LiveResult = PgResult;

// The conninfo without its password (keyword form or URI), for the list of recent connections and for messages.
// Returns the input unchanged when it does not parse (it then holds nothing libpq could use either).
std::string conninfoWithoutPassword(const std::string& conninfo);
// Builds a keyword/value conninfo from separate fields (empty values are left out), quoting as libpq expects.
std::string conninfoFromFields(const std::map<std::string, std::string>& fields);

// The bounds of the statements a connection sends (docs/manual/live-tables.md), in milliseconds; 0 switches one off.
struct LiveBounds {
    // Each statement of a read gives up on the server after this long (SET LOCAL statement_timeout).
    int statementTimeoutMs = 30'000;
    // A read-only transaction (one snapshot, one page) as a whole gives up after this long, whatever the network
    // does.
    int snapshotDeadlineMs = 60'000;
};

class LiveConnection {
public:
    // The bounds every wait on the network has (docs/manual/live-tables.md), unless the conninfo (or its service file,
    // or the PG* environment) sets its own: libpq's connect_timeout in seconds, TCP keepalives, and tcp_user_timeout in
    // ms (a write the peer never acknowledges ends the connection as unanswered keepalives do: 10 + 3 × 5 s).
    static constexpr int kConnectTimeoutS = 10;
    static constexpr int kKeepalivesIdleS = 10;
    static constexpr int kKeepalivesIntervalS = 5;
    static constexpr int kKeepalivesCount = 3;
    static constexpr int kTcpUserTimeoutMs = 25'000;
    // How long a statement waits after the server's statement timeout should have ended it, before the silence is
    // the network's.
    static constexpr int kAnswerGraceMs = 5'000;
    // After Cancel, how long the server's confirmation is waited for before the connection is closed instead.
    static constexpr int kCancelGraceMs = 750;

    // Opens a session. An empty conninfo means libpq's defaults (PG* variables, service file, .pgpass). A password
    // typed by the user travels as its own keyword and never appears in a message. Nothing is set on the session
    // (docs/manual/live-tables.md: a pooler may share its server connection with the application): no startup option,
    // no SET. The server is asked once, in a read-only transaction, that such a transaction is read-only; every read
    // after is its own BEGIN READ ONLY with SET LOCAL inside (readOnly()). Throws LiveError: BadInput (conninfo does
    // not parse), Unreachable, PasswordNeeded, Authentication, Server (the server's own reason, such as a database that
    // does not exist), Cancelled (shutdown() meanwhile).
    //
    // `transactionPooler` (`--pooler transaction`, the dialog's box) changes nothing any more: behind a transaction
    // pooler or not, no session state is set and no statement is prepared by name. It is kept as what the user said.
    static std::unique_ptr<LiveConnection> open(const std::string& conninfo, const std::string& password = {},
        bool transactionPooler = false, const LiveBounds& bounds = {});
    ~LiveConnection();
    LiveConnection(const LiveConnection&) = delete;
    LiveConnection& operator=(const LiveConnection&) = delete;

    // "host db.example port 5432, database shop, user oncall" (never the password).
    std::string endpoint() const;
    std::string user() const;
    std::string database() const;
    std::string serverVersion() const; // "15.6"
    // The server said, at open() and after every reconnect, that a transaction begun READ ONLY is read-only.
    bool transactionsAreReadOnly() const { return m_readOnlyConfirmed; }
    bool throughTransactionPooler() const { return m_transactionPooler; }
    // The server's recovery state, read at open() and after every reconnect: a hot standby (docs/manual/live-tables.md)
    // is read as any server is; the inspector shows its replay lag.
    bool serverIsStandby() const { return m_standby; }
    // A connection option as libpq uses it on this connection ("10" for connect_timeout), empty when none is set.
    std::string option(const std::string& keyword) const;
    // The schemas of the session's own search path (current_schemas(true), as found at open(): pg_catalog and the
    // temporary schema where they are searched): a table name the user types is looked for in them, in this order,
    // while every inspection statement itself runs with search_path = pg_catalog, pg_temp.
    const std::vector<std::string>& searchPathSchemas() const { return m_searchPath; }

    // Runs `body` inside BEGIN READ ONLY ISOLATION LEVEL REPEATABLE READ … COMMIT, so every statement of one
    // inspection sees one snapshot and one now(); rolled back when body throws. Statements inside may not write:
    // PostgreSQL refuses with SQLSTATE 25006. Inside, and only there: SET LOCAL search_path = pg_catalog, pg_temp (a
    // function or operator planted in a schema of the user's search path never runs in place of the catalog's) and
    // SET LOCAL statement_timeout. The whole transaction has a deadline (setSnapshotDeadlineMs).
    template<class F> auto readOnly(F&& body) -> decltype(body())
    {
        if (m_inTransaction) // one snapshot already: the body is part of it
            return body();
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
    // records of public.idempotency_keys"). Never blocks past its bounds: the statement timeout plus
    // kAnswerGraceMs, and the transaction's deadline. Throws LiveError: ConnectionLost, Cancelled, Server, Timeout.
    LiveResult exec(
        const std::string& sql, const std::vector<std::optional<std::string>>& params, const std::string& what);
    // The same with the parameters' type OIDs (0: the server infers it), for statements that may not mention every
    // parameter.
    LiveResult exec(const std::string& sql, const std::vector<std::optional<std::string>>& params,
        const std::vector<unsigned>& types, const std::string& what);

    // Opens the session again (a new connection with the same options; the old one, if any, is closed) with a
    // short backoff; returns false and keeps the reason when the server still cannot be reached. The new session is
    // checked as open() checks it. Throws LiveError Cancelled when cancel() or shutdown() ends the attempt.
    bool reconnect(std::string* whyNot = nullptr);
    bool isOpen() const;

    // Cancel (docs/manual/live-tables.md): safe from any thread and never blocks. The request to the server (PQcancel,
    // which waits for the server's answer however long the network takes) runs on a thread of its own; the statement
    // waiting for its answer gives up after kCancelGraceMs and closes the connection (the next read opens a new one),
    // so a silent network cannot hold the caller. Everything running when cancel() is called, and every request asked
    // for before it (startRequest), ends with LiveError Cancelled.
    void cancel();
    // Counts cancel() calls: a request remembers it when it is asked for and passes it to startRequest() when it
    // starts, so a Cancel pressed while it waited in a queue cancels it too.
    std::uint64_t cancelGeneration() const { return m_cancelGeneration.load(); }
    void startRequest(std::uint64_t generationWhenAsked);
    // The owner is going away: every wait ends now (the connection is closed) and every later call throws
    // Cancelled. Safe from any thread; never blocks.
    void shutdown();
    // The server process of this session (for pg_terminate_backend in tests, and for the status line).
    int backendPid() const;

    // Escapes an identifier with libpq (the only form a table or column name takes in SQL).
    std::string quoteIdentifier(const std::string& name) const;

    // Every statement of an inspection transaction gives up on the server after this long (SET LOCAL
    // statement_timeout; 0: the session's own), so a slow query cannot hold a snapshot open on a production replica
    // indefinitely.
    void setStatementTimeoutMs(int ms) { m_statementTimeoutMs = ms; }
    int statementTimeoutMs() const { return m_statementTimeoutMs; }
    // A read-only transaction (one snapshot, one page) as a whole gives up after this long, whatever the network
    // does: the connection is then closed and the sentence says what it was doing (0: no deadline).
    void setSnapshotDeadlineMs(int ms) { m_snapshotDeadlineMs = ms; }
    int snapshotDeadlineMs() const { return m_snapshotDeadlineMs; }

    // The raw libpq handle: for tests that look at the session from the inside.
    pg_conn* native() const { return m_conn; }

    // Formats a libpq failure: the first line of the message, password removed.
    std::string clean(const char* libpqMessage) const;

    struct CancelHandle; // the cancel key, shared with a request on its way

private:
    LiveConnection();
    using Clock = std::chrono::steady_clock;
    enum class Wake { Ready, Woken, TimedOut };
    struct Bound {
        std::optional<Clock::time_point> until;
        bool deadline = false; // `until` is the transaction's deadline, not the statement's own bound
    };

    void connectOnce(); // throws LiveError (the failure as a sentence), Cancelled
    void verify(); // one read-only transaction: read-only confirmed, search path, recovery state
    void begin();
    void commit();
    void rollbackQuietly();
    void refreshCancel();
    void sendCancelRequest();
    void abandon(); // closes the socket of a statement whose answer will not be waited for
    void wake();
    void drainWake();
    Wake waitSocket(int fd, bool forWrite, std::optional<Clock::time_point> until);
    Bound statementBound() const;
    // Sends `sql` (with parameters, or as a simple query of several statements) and gathers every result; null
    // results when the connection failed. Throws Timeout or Cancelled after abandoning the connection.
    std::vector<LiveResult> roundTrip(const std::string& sql, const std::vector<std::optional<std::string>>* params,
        const std::vector<unsigned>* types, const std::string& what, bool ignoreCancel = false);
    [[noreturn]] void raise(const pg_result* failed, const std::string& what);
    void checkUsable(const std::string& what);

    pg_conn* m_conn = nullptr;
    std::string m_conninfo; // as given (may hold a password: used only to redact messages)
    std::string m_password;
    std::vector<std::string> m_keys; // the connection's keywords and values, for reconnecting
    std::vector<std::string> m_values;
    std::map<std::string, std::string> m_options; // as libpq used them on the last connection
    std::vector<std::string> m_searchPath;
    bool m_readOnlyConfirmed = false;
    bool m_transactionPooler = false;
    bool m_standby = false;
    bool m_abandoned = false; // the socket was closed under libpq: nothing more is read from it
    bool m_inTransaction = false;
    bool m_captureSearchPath = false;
    int m_statementTimeoutMs = LiveBounds {}.statementTimeoutMs;
    int m_snapshotDeadlineMs = LiveBounds {}.snapshotDeadlineMs;
    std::optional<Clock::time_point> m_deadline; // of the transaction running
    int m_wakeRead = -1; // a pipe that cancel() and shutdown() write to, so a wait on the socket ends at once
    int m_wakeWrite = -1;
    std::atomic<bool> m_cancelRequested { false };
    std::atomic<bool> m_shutdown { false };
    std::atomic<std::uint64_t> m_cancelGeneration { 0 };
    mutable std::mutex m_cancelMutex; // guards the three below
    std::shared_ptr<CancelHandle> m_cancel;
    bool m_inFlight = false; // a statement is on its way or being answered
    bool m_cancelSent = false; // for the statement in flight
};

// The statement's SQLSTATE, or empty.
std::string sqlstateOf(const pg_result* result);

} // namespace iw
