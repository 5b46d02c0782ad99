// LiveConnection: libpq for inspection. Read-only per transaction (BEGIN READ ONLY, confirmed by the server) and
// nothing else: no startup option, no session-level SET, no named prepared statement, so a server connection that a
// pooler shares with the application is left as it was found (docs/manual/live-tables.md). Every statement is sent
// without blocking and waited for with poll() on the socket and on a wake-up pipe, under a bound; Cancel writes to the
// pipe and sends the server's cancel request from a thread of its own. Failures are mapped onto one sentence each.
#include "liveconnection.h"

#include "pgsecret.h"
#include "pgtls.h"
#include "storesetup.h"

#include <libpq-fe.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdlib>
#include <fcntl.h>
#include <poll.h>
#include <regex>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

namespace iw {

// The cancel key of one server session, shared with the thread that sends a cancel request (which may outlive the
// connection when the network is silent: PQcancel waits for the server's answer without a bound).
struct LiveConnection::CancelHandle {
    explicit CancelHandle(PGcancel* c)
        : cancel(c)
    {
    }
    ~CancelHandle()
    {
        if (cancel)
            PQfreeCancel(cancel);
    }
    PGcancel* cancel;
    std::atomic<bool> sending { false }; // one request at a time: a silent network keeps one thread, never more
};

namespace {

constexpr std::array<int, 3> kReconnectDelaysMs { 0, 250, 1000 };

std::string firstLine(const char* text)
{
    std::string s = tellingLine(text);
    // libpq prefixes connection failures with where it tried: the sentence names the endpoint already.
    static const std::regex where(R"(^connection to server (at|on) .*? failed: )");
    s = std::regex_replace(s, where, "");
    return s.empty() ? std::string("no message from libpq") : s;
}

std::string quoteValue(const std::string& value)
{
    std::string out = "'";
    for (const char c : value) {
        if (c == '\'' || c == '\\')
            out += '\\';
        out += c;
    }
    return out + "'";
}

bool contains(const std::string& haystack, const char* needle)
{
    return haystack.find(needle) != std::string::npos;
}

// A server's refusal of a connection, as libpq words it in verbose mode: "FATAL:  3D000: database "x" does not
// exist". Empty sqlstate when the failure is no server's (a refused socket, a timeout, TLS).
struct Refusal {
    std::string sqlstate;
    std::string message;
};

Refusal refusalOf(const std::string& line)
{
    static const std::regex verbose(R"(^(?:FATAL|ERROR|PANIC):\s+([0-9A-Z]{5}):\s+(.*)$)");
    std::smatch m;
    if (std::regex_match(line, m, verbose))
        return { m[1].str(), m[2].str() };
    return { {}, line };
}

std::string seconds(int ms)
{
    if (ms % 1000 == 0)
        return std::to_string(ms / 1000) + " s";
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.2g s", ms / 1000.0);
    return buffer;
}

// libpq's reading of connect_timeout: whole seconds, 0 or less (or none) is no timeout, 1 is 2.
int connectTimeoutMs(const std::map<std::string, std::string>& options)
{
    const auto it = options.find("connect_timeout");
    if (it == options.end())
        return 0;
    const int s = std::atoi(it->second.c_str());
    if (s <= 0)
        return 0;
    // libpq waits that long for each host it tries: the whole attempt may take as many times as hosts are listed.
    std::size_t hosts = 1;
    for (const char* key : { "host", "hostaddr" })
        if (const auto h = options.find(key); h != options.end())
            hosts = std::max<std::size_t>(hosts, std::count(h->second.begin(), h->second.end(), ',') + 1);
    return std::max(s, 2) * 1000 * static_cast<int>(hosts);
}

std::map<std::string, std::string> optionsOf(const PGconn* conn)
{
    std::map<std::string, std::string> out;
    if (PQconninfoOption* used = PQconninfo(const_cast<PGconn*>(conn))) {
        for (const PQconninfoOption* o = used; o->keyword; ++o)
            if (o->val && *o->val && std::string_view(o->keyword) != "password")
                out[o->keyword] = o->val;
        PQconninfoFree(used);
    }
    return out;
}

} // namespace

std::string sqlstateOf(const pg_result* result)
{
    const char* state = result ? PQresultErrorField(result, PG_DIAG_SQLSTATE) : nullptr;
    return state ? state : "";
}

std::string conninfoWithoutPassword(const std::string& conninfo)
{
    char* error = nullptr;
    PQconninfoOption* options = PQconninfoParse(conninfo.c_str(), &error);
    if (!options) {
        PQfreemem(error);
        return redactPassword(conninfo, conninfo);
    }
    std::map<std::string, std::string> fields;
    for (const PQconninfoOption* o = options; o->keyword; ++o)
        if (o->val && *o->val && std::string_view(o->keyword) != "password")
            fields[o->keyword] = o->val;
    PQconninfoFree(options);
    return conninfoFromFields(fields);
}

std::string conninfoFromFields(const std::map<std::string, std::string>& fields)
{
    // libpq's own order reads naturally: where, then who, then how.
    static const std::vector<std::string> preferred { "service", "host", "hostaddr", "port", "dbname", "user",
        "sslmode" };
    std::string out;
    const auto add = [&](const std::string& key, const std::string& value) {
        if (value.empty())
            return;
        out += (out.empty() ? "" : " ") + key + "=" + quoteValue(value);
    };
    for (const std::string& key : preferred)
        if (const auto it = fields.find(key); it != fields.end())
            add(key, it->second);
    for (const auto& [key, value] : fields)
        if (std::find(preferred.begin(), preferred.end(), key) == preferred.end())
            add(key, value);
    return out;
}

LiveConnection::LiveConnection()
{
    int fds[2];
    if (::pipe2(fds, O_NONBLOCK | O_CLOEXEC) == 0) {
        m_wakeRead = fds[0];
        m_wakeWrite = fds[1];
    }
}

std::unique_ptr<LiveConnection> LiveConnection::open(
    const std::string& conninfo, const std::string& password, bool transactionPooler, const LiveBounds& bounds)
{
    char* parseError = nullptr;
    PQconninfoOption* parsed = PQconninfoParse(conninfo.c_str(), &parseError);
    if (!parsed) {
        const std::string why = parseError ? firstLine(parseError) : std::string("libpq ran out of memory");
        PQfreemem(parseError);
        throw LiveError(LiveError::Kind::BadInput,
            "the PostgreSQL connection string does not parse: " + redactPassword(why, conninfo, password));
    }
    PQconninfoFree(parsed);
    // Values libpq refuses before connecting (sslmode=bogus, port=abc, an unknown service) are bad input too.
    if (const std::string problem = conninfoProblem(conninfo); !problem.empty())
        throw LiveError(LiveError::Kind::BadInput, redactPassword(problem, conninfo, password));

    std::unique_ptr<LiveConnection> c(new LiveConnection);
    c->m_conninfo = conninfo;
    c->m_password = password;
    c->m_transactionPooler = transactionPooler;
    c->m_statementTimeoutMs = bounds.statementTimeoutMs;
    c->m_snapshotDeadlineMs = bounds.snapshotDeadlineMs;

    // The bounds docs/manual/live-tables.md names, where neither the conninfo, nor its service file, nor the PG*
    // environment sets its own (libpq resolves those three itself; keywords given here would override the service
    // file's).
    const std::map<std::string, std::string> resolved = resolvedConninfo(conninfo);
    const std::pair<const char*, std::string> defaults[] = {
        { "connect_timeout", std::to_string(kConnectTimeoutS) },
        { "keepalives_idle", std::to_string(kKeepalivesIdleS) },
        { "keepalives_interval", std::to_string(kKeepalivesIntervalS) },
        { "keepalives_count", std::to_string(kKeepalivesCount) },
        { "tcp_user_timeout", std::to_string(kTcpUserTimeoutMs) },
    };
    for (const auto& [keyword, value] : defaults) {
        if (resolved.count(keyword))
            continue;
        c->m_keys.emplace_back(keyword);
        c->m_values.push_back(value);
    }
    // No `options`: a startup parameter the server applies to the whole session, and one a pooler may keep on a
    // server connection it hands to the application next. client_encoding and application_name are the two a pooler
    // tracks per client (pgbouncer sets them again for whichever client uses the connection).
    for (const auto& [keyword, value] :
        std::initializer_list<std::pair<const char*, std::string>> { { "dbname", conninfo },
            { "client_encoding", "UTF8" }, { "fallback_application_name", "idempotency-workbench inspect" } }) {
        c->m_keys.emplace_back(keyword);
        c->m_values.push_back(value);
    }
    if (!password.empty()) {
        c->m_keys.emplace_back("password");
        c->m_values.push_back(password);
    }
    c->connectOnce();
    c->verify();
    return c;
}

LiveConnection::~LiveConnection()
{
    if (m_conn)
        PQfinish(m_conn);
    if (m_wakeRead >= 0)
        ::close(m_wakeRead);
    if (m_wakeWrite >= 0)
        ::close(m_wakeWrite);
}

void LiveConnection::connectOnce()
{
    {
        std::lock_guard lock(m_cancelMutex);
        m_cancel.reset();
    }
    if (m_conn)
        PQfinish(m_conn);
    m_conn = nullptr;
    m_abandoned = false;
    m_inTransaction = false;
    std::vector<const char*> keys;
    std::vector<const char*> values;
    for (std::size_t i = 0; i < m_keys.size(); ++i) {
        keys.push_back(m_keys[i].c_str());
        values.push_back(m_values[i].c_str());
    }
    keys.push_back(nullptr);
    values.push_back(nullptr);
    // Started without blocking, so a silent server is given up on after connect_timeout and shutdown() ends the
    // wait at once.
    m_conn = PQconnectStartParams(keys.data(), values.data(), 1);
    if (!m_conn)
        throw LiveError(LiveError::Kind::Unreachable, "could not connect to PostgreSQL: libpq ran out of memory");
    // The server's refusal with its SQLSTATE ("FATAL:  3D000: …"), so a database that does not exist is not taken
    // for a wrong password.
    PQsetErrorVerbosity(m_conn, PQERRORS_VERBOSE);
    // Notices ("NOTICE: …") are not for the terminal or the GUI's stderr.
    PQsetNoticeProcessor(
        m_conn, [](void*, const char*) {}, nullptr);
    m_options = optionsOf(m_conn);
    const int timeoutMs = connectTimeoutMs(m_options);
    const std::optional<Clock::time_point> until
        = timeoutMs > 0 ? std::optional(Clock::now() + std::chrono::milliseconds(timeoutMs)) : std::nullopt;
    PostgresPollingStatusType state = PQstatus(m_conn) == CONNECTION_BAD ? PGRES_POLLING_FAILED : PGRES_POLLING_WRITING;
    bool timedOut = false;
    while (state != PGRES_POLLING_OK && state != PGRES_POLLING_FAILED) {
        const Wake w = waitSocket(PQsocket(m_conn), state == PGRES_POLLING_WRITING, until);
        if (w == Wake::TimedOut) {
            timedOut = true;
            break;
        }
        if (w == Wake::Woken) {
            drainWake();
            if (m_shutdown || m_cancelRequested)
                throw LiveError(
                    LiveError::Kind::Cancelled, "cancelled while connecting to PostgreSQL at " + endpoint());
            continue;
        }
        state = PQconnectPoll(m_conn);
    }
    const std::string where = "PostgreSQL at " + endpoint();
    if (timedOut)
        throw LiveError(LiveError::Kind::Unreachable,
            "could not connect to " + where + ": nothing answered within " + seconds(timeoutMs) + " (connect_timeout)");
    if (PQstatus(m_conn) != CONNECTION_OK) {
        const std::string line = clean(PQerrorMessage(m_conn));
        const Refusal refusal = refusalOf(line);
        const std::string user = PQuser(m_conn) ? PQuser(m_conn) : "";
        if (PQconnectionNeedsPassword(m_conn) && m_password.empty())
            throw LiveError(LiveError::Kind::PasswordNeeded,
                where + " asks for a password for user \"" + user + "\" and none was given");
        // 28P01 is the server's "password authentication failed" (SCRAM and md5 alike); anything else the server
        // said is its own reason, a database that does not exist (3D000) included.
        if (refusal.sqlstate == "28P01")
            throw LiveError(LiveError::Kind::Authentication, where + " refused the password for user \"" + user + "\"");
        if (!refusal.sqlstate.empty())
            throw LiveError(
                refusal.sqlstate.starts_with("28") ? LiveError::Kind::Authentication : LiveError::Kind::Server,
                where + " refused the connection: " + refusal.message + " (SQLSTATE " + refusal.sqlstate + ")");
        if (contains(line, "password authentication failed"))
            throw LiveError(LiveError::Kind::Authentication, where + " refused the password for user \"" + user + "\"");
        if (contains(line, "authentication failed") || contains(line, "pg_hba.conf"))
            throw LiveError(LiveError::Kind::Authentication, where + " refused the connection: " + line);
        throw LiveError(LiveError::Kind::Unreachable, "could not connect to " + where + ": " + withTlsProblem(line));
    }
    PQsetErrorVerbosity(m_conn, PQERRORS_DEFAULT);
    PQsetnonblocking(m_conn, 1);
    m_options = optionsOf(m_conn);
    refreshCancel();
}

void LiveConnection::verify()
{
    m_readOnlyConfirmed = false;
    m_captureSearchPath = true;
    m_standby = readOnly([&] {
        const LiveResult r
            = exec("SELECT pg_catalog.pg_is_in_recovery()", {}, "ask whether the server is a hot standby");
        return PQntuples(r.get()) == 1 && std::string_view(PQgetvalue(r.get(), 0, 0)) == "t";
    });
}

std::string LiveConnection::clean(const char* libpqMessage) const
{
    return redactPassword(firstLine(libpqMessage), m_conninfo, m_password);
}

std::string LiveConnection::option(const std::string& keyword) const
{
    const auto it = m_options.find(keyword);
    return it == m_options.end() ? std::string() : it->second;
}

std::string LiveConnection::endpoint() const
{
    const char* host = m_conn ? PQhost(m_conn) : nullptr;
    const char* port = m_conn ? PQport(m_conn) : nullptr;
    std::string where = "host ";
    where += (host && *host) ? host : "(libpq default)";
    where += (port && *port) ? std::string(" port ") + port : std::string(", default port");
    if (m_conn && PQstatus(m_conn) == CONNECTION_OK)
        where += ", database " + database() + ", user " + user();
    return where;
}

std::string LiveConnection::user() const
{
    const char* u = m_conn ? PQuser(m_conn) : nullptr;
    return u ? u : "";
}

std::string LiveConnection::database() const
{
    const char* d = m_conn ? PQdb(m_conn) : nullptr;
    return d ? d : "";
}

std::string LiveConnection::serverVersion() const
{
    const int v = m_conn ? PQserverVersion(m_conn) : 0;
    return v ? std::to_string(v / 10000) + "." + std::to_string(v % 100) : std::string("unknown");
}

bool LiveConnection::isOpen() const
{
    return m_conn && !m_abandoned && PQstatus(m_conn) == CONNECTION_OK;
}

int LiveConnection::backendPid() const
{
    return m_conn ? PQbackendPID(m_conn) : 0;
}

std::string LiveConnection::quoteIdentifier(const std::string& name) const
{
    char* escaped = PQescapeIdentifier(m_conn, name.data(), name.size());
    if (!escaped)
        throw LiveError(LiveError::Kind::BadInput,
            "the name \"" + name + "\" cannot be used as an identifier: " + clean(PQerrorMessage(m_conn)));
    std::string out = escaped;
    PQfreemem(escaped);
    return out;
}

// --- Waiting, waking, cancelling

void LiveConnection::wake()
{
    if (m_wakeWrite >= 0) {
        const char byte = 1;
        [[maybe_unused]] const auto written = ::write(m_wakeWrite, &byte, 1); // full pipe: a wake is pending anyway
    }
}

void LiveConnection::drainWake()
{
    char buffer[64];
    while (m_wakeRead >= 0 && ::read(m_wakeRead, buffer, sizeof buffer) > 0) { }
}

LiveConnection::Wake LiveConnection::waitSocket(int fd, bool forWrite, std::optional<Clock::time_point> until)
{
    for (;;) {
        pollfd fds[2] = { { fd, static_cast<short>(forWrite ? POLLOUT : POLLIN), 0 }, { m_wakeRead, POLLIN, 0 } };
        int timeout = -1;
        if (until) {
            const auto left = std::chrono::ceil<std::chrono::milliseconds>(*until - Clock::now()).count();
            if (left <= 0)
                return Wake::TimedOut;
            timeout = static_cast<int>(std::min<long long>(left, 60'000));
        }
        const int n = ::poll(fds, m_wakeRead >= 0 ? 2 : 1, timeout);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return Wake::Ready; // let libpq find out what is wrong with the socket
        if (m_wakeRead >= 0 && (fds[1].revents & POLLIN))
            return Wake::Woken;
        if (n > 0)
            return Wake::Ready;
    }
}

void LiveConnection::refreshCancel()
{
    std::lock_guard lock(m_cancelMutex);
    PGcancel* c = m_conn ? PQgetCancel(m_conn) : nullptr;
    m_cancel = c ? std::make_shared<CancelHandle>(c) : nullptr;
}

void LiveConnection::sendCancelRequest()
{
    std::shared_ptr<CancelHandle> handle;
    {
        std::lock_guard lock(m_cancelMutex);
        if (!m_inFlight || m_cancelSent || !m_cancel)
            return;
        m_cancelSent = true;
        handle = m_cancel;
    }
    if (handle->sending.exchange(true))
        return; // the last request is still on its way: the network is silent, one more would not arrive either
    try {
        // PQcancel connects to the server and waits for it to close the connection, without a bound: never on the
        // caller's thread (the GUI's), and nobody waits for this one.
        std::thread([handle] {
            char buffer[256];
            PQcancel(handle->cancel, buffer, sizeof buffer);
            handle->sending = false;
        }).detach();
    } catch (const std::system_error&) {
        handle->sending = false; // no thread to be had: the wait below still gives up after kCancelGraceMs
    }
}

void LiveConnection::cancel()
{
    ++m_cancelGeneration;
    m_cancelRequested = true;
    sendCancelRequest();
    wake();
}

void LiveConnection::startRequest(std::uint64_t generationWhenAsked)
{
    drainWake();
    m_cancelRequested = m_cancelGeneration.load() != generationWhenAsked;
}

void LiveConnection::shutdown()
{
    m_shutdown = true;
    m_cancelRequested = true;
    sendCancelRequest();
    wake();
}

void LiveConnection::abandon()
{
    sendCancelRequest(); // the server may still be working on it: ask it to stop, if it can be reached
    if (m_conn && PQsocket(m_conn) >= 0)
        ::shutdown(PQsocket(m_conn), SHUT_RDWR); // libpq's next read or write fails; the PGconn stays usable
    m_abandoned = true;
    m_inTransaction = false;
}

LiveConnection::Bound LiveConnection::statementBound() const
{
    Bound b;
    if (m_statementTimeoutMs > 0)
        b.until = Clock::now() + std::chrono::milliseconds(m_statementTimeoutMs + kAnswerGraceMs);
    if (m_deadline && (!b.until || *m_deadline <= *b.until)) {
        b.until = m_deadline;
        b.deadline = true;
    }
    return b;
}

void LiveConnection::checkUsable(const std::string& what)
{
    if (m_shutdown)
        throw LiveError(LiveError::Kind::Cancelled, "the live session was closed before it could " + what);
    if (m_cancelRequested)
        throw LiveError(LiveError::Kind::Cancelled, "cancelled while trying to " + what);
    if (m_abandoned)
        throw LiveError(LiveError::Kind::ConnectionLost,
            "the connection to PostgreSQL at " + endpoint() + " was closed after a read it gave up on, before it could "
                + what);
}

std::vector<LiveResult> LiveConnection::roundTrip(const std::string& sql,
    const std::vector<std::optional<std::string>>* params, const std::vector<unsigned>* types, const std::string& what,
    bool ignoreCancel)
{
    std::vector<LiveResult> results;
    int sent = 0;
    if (params) {
        std::vector<const char*> values;
        values.reserve(params->size());
        for (const auto& p : *params)
            values.push_back(p ? p->c_str() : nullptr);
        std::vector<Oid> oids;
        if (types && !types->empty()) {
            oids.assign(types->begin(), types->end());
            oids.resize(params->size(), 0);
        }
        // The unnamed statement: nothing prepared outlives this round trip.
        sent = PQsendQueryParams(m_conn, sql.c_str(), static_cast<int>(values.size()),
            oids.empty() ? nullptr : oids.data(), values.data(), nullptr, nullptr, 0);
    } else {
        sent = PQsendQuery(m_conn, sql.c_str());
    }
    if (!sent)
        return results;
    {
        std::lock_guard lock(m_cancelMutex);
        m_inFlight = true;
        m_cancelSent = false;
    }
    struct InFlight {
        LiveConnection* c;
        ~InFlight()
        {
            std::lock_guard lock(c->m_cancelMutex);
            c->m_inFlight = false;
        }
    } inFlight { this };

    const Bound bound
        = ignoreCancel ? Bound { Clock::now() + std::chrono::milliseconds(kAnswerGraceMs), false } : statementBound();
    std::optional<Clock::time_point> cancelUntil;
    const auto until = [&] {
        if (cancelUntil && (!bound.until || *cancelUntil < *bound.until))
            return cancelUntil;
        return bound.until;
    };
    const auto giveUp = [&] {
        abandon();
        if (cancelUntil && Clock::now() >= *cancelUntil)
            throw LiveError(LiveError::Kind::Cancelled,
                "cancelled while trying to " + what + "; PostgreSQL at " + endpoint() + " did not confirm within "
                    + seconds(kCancelGraceMs) + ", so the connection was closed (the next read opens a new one)");
        if (bound.deadline)
            throw LiveError(LiveError::Kind::Timeout,
                "gave up after " + seconds(m_snapshotDeadlineMs) + ", the deadline of one read, while trying to " + what
                    + ": PostgreSQL at " + endpoint() + " had not answered, so the connection was closed");
        throw LiveError(LiveError::Kind::Timeout,
            "PostgreSQL at " + endpoint() + " did not answer for "
                + seconds(ignoreCancel ? kAnswerGraceMs : m_statementTimeoutMs + kAnswerGraceMs) + " while trying to "
                + what + " (the network or the server is silent), so the connection was closed");
    };
    const auto woken = [&] {
        drainWake();
        if (m_shutdown) {
            abandon();
            throw LiveError(LiveError::Kind::Cancelled, "the live session was closed while trying to " + what);
        }
        if (m_cancelRequested && !ignoreCancel && !cancelUntil) {
            // The server's answer to the cancel request ("canceling statement due to user request") normally comes
            // at once; a silent network gets kCancelGraceMs.
            cancelUntil = Clock::now() + std::chrono::milliseconds(kCancelGraceMs);
            sendCancelRequest();
        }
    };
    if (m_cancelRequested && !ignoreCancel)
        woken();

    for (;;) { // what libpq could not write at once
        const int flushed = PQflush(m_conn);
        if (flushed < 0)
            return results;
        if (flushed == 0)
            break;
        const Wake w = waitSocket(PQsocket(m_conn), true, until());
        if (w == Wake::TimedOut)
            giveUp();
        if (w == Wake::Woken)
            woken();
        else if (!PQconsumeInput(m_conn))
            return results;
    }
    for (;;) {
        while (PQisBusy(m_conn)) {
            const Wake w = waitSocket(PQsocket(m_conn), false, until());
            if (w == Wake::TimedOut)
                giveUp();
            if (w == Wake::Woken) {
                woken();
                continue;
            }
            if (!PQconsumeInput(m_conn)) {
                results.emplace_back(nullptr);
                return results;
            }
        }
        PGresult* r = PQgetResult(m_conn);
        if (!r)
            break;
        results.emplace_back(r);
    }
    return results;
}

void LiveConnection::raise(const pg_result* r, const std::string& what)
{
    const std::string state = sqlstateOf(r);
    const char* primary = r ? PQresultErrorField(r, PG_DIAG_MESSAGE_PRIMARY) : nullptr;
    const std::string message = primary ? clean(primary) : clean(PQerrorMessage(m_conn));
    // A session the server ended. Right after the write that found the socket closed (a server stopped or
    // restarted) libpq may still read CONNECTION_OK, with an error of its own and no SQLSTATE; a server that ends
    // the session itself says so with class 08 or 57P01–57P03 (shutting down, crashed, starting up).
    const bool libpqSaysGone = state.empty()
        && (contains(message, "server closed the connection") || contains(message, "no connection to the server")
            || contains(message, "could not send data") || contains(message, "could not receive data")
            || contains(message, "connection not open") || contains(message, "lost synchronization"));
    if (PQstatus(m_conn) != CONNECTION_OK || libpqSaysGone || state.starts_with("08") || state == "57P01"
        || state == "57P02" || state == "57P03")
        throw LiveError(LiveError::Kind::ConnectionLost,
            "the connection to PostgreSQL at " + endpoint() + " was lost while trying to " + what + " ("
                + clean(r ? PQresultErrorMessage(r) : PQerrorMessage(m_conn)) + ")");
    if (state == "57014" && message.find("statement timeout") != std::string::npos)
        throw LiveError(LiveError::Kind::Server,
            "PostgreSQL gave up trying to " + what + " after the statement timeout of "
                + seconds(m_statementTimeoutMs));
    if (state == "57014")
        throw LiveError(LiveError::Kind::Cancelled, "cancelled while trying to " + what);
    const LiveError::Kind kind = (state == "42P01" || state == "42703" || state == "3F000") ? LiveError::Kind::Schema
                                                                                            : LiveError::Kind::Server;
    throw LiveError(
        kind, "PostgreSQL refused to " + what + ": " + message + (state.empty() ? "" : " (SQLSTATE " + state + ")"));
}

LiveResult LiveConnection::exec(
    const std::string& sql, const std::vector<std::optional<std::string>>& params, const std::string& what)
{
    return exec(sql, params, {}, what);
}

LiveResult LiveConnection::exec(const std::string& sql, const std::vector<std::optional<std::string>>& params,
    const std::vector<unsigned>& types, const std::string& what)
{
    checkUsable(what);
    std::vector<LiveResult> results = roundTrip(sql, &params, &types, what);
    if (results.empty() || !results.back())
        raise(nullptr, what);
    for (const LiveResult& r : results) {
        const ExecStatusType status = PQresultStatus(r.get());
        if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK)
            raise(r.get(), what);
    }
    return std::move(results.back());
}

// --- The read-only transaction

void LiveConnection::begin()
{
    const std::string what = "start a read-only transaction";
    checkUsable(what);
    if (PQtransactionStatus(m_conn) != PQTRANS_IDLE) // a transaction left over: never read inside it
        rollbackQuietly();
    checkUsable(what);
    // One round trip. REPEATABLE READ: the counts, the anomaly lists and the page come from one snapshot with one
    // now(). Then, only for this transaction: the catalog's functions and operators whatever the user's search_path
    // holds (a public.now() planted there never runs), the statement timeout, and the server's word that the
    // transaction is read-only. Every name in the set-up statement is qualified: it runs before the search path is.
    std::string sql = "BEGIN TRANSACTION READ ONLY ISOLATION LEVEL REPEATABLE READ; ";
    const bool capture = m_captureSearchPath;
    if (capture) // the session's own search path, before ours: where a table name the user types is looked for
        sql += "SELECT s.name FROM pg_catalog.unnest(pg_catalog.current_schemas(true)) WITH ORDINALITY AS s(name, i) "
               "ORDER BY s.i; ";
    sql += "SELECT pg_catalog.set_config('search_path', 'pg_catalog, pg_temp', true), ";
    if (m_statementTimeoutMs > 0)
        sql += "pg_catalog.set_config('statement_timeout', '" + std::to_string(m_statementTimeoutMs) + "', true), ";
    sql += "pg_catalog.current_setting('transaction_read_only')";

    m_deadline = m_snapshotDeadlineMs > 0
        ? std::optional(Clock::now() + std::chrono::milliseconds(m_snapshotDeadlineMs))
        : std::nullopt;
    std::vector<LiveResult> results;
    try {
        results = roundTrip(sql, nullptr, nullptr, what);
    } catch (...) {
        m_deadline.reset();
        throw;
    }
    m_inTransaction = PQtransactionStatus(m_conn) != PQTRANS_IDLE;
    try {
        if (results.empty() || !results.back())
            raise(nullptr, what);
        for (const LiveResult& r : results)
            if (PQresultStatus(r.get()) != PGRES_COMMAND_OK && PQresultStatus(r.get()) != PGRES_TUPLES_OK)
                raise(r.get(), what);
        const PGresult* last = results.back().get();
        const int columns = PQnfields(last);
        if (PQntuples(last) != 1 || std::string_view(PQgetvalue(last, 0, columns - 1)) != "on")
            throw LiveError(LiveError::Kind::Server,
                "PostgreSQL at " + endpoint()
                    + " did not make the transaction read-only (transaction_read_only is not on after BEGIN READ "
                      "ONLY), so nothing is read through it");
        if (capture && results.size() == 3) {
            m_searchPath.clear();
            const PGresult* schemas = results[1].get();
            for (int i = 0; i < PQntuples(schemas); ++i)
                m_searchPath.emplace_back(PQgetvalue(schemas, i, 0));
            m_captureSearchPath = false;
            m_readOnlyConfirmed = true;
        }
    } catch (...) {
        rollbackQuietly();
        m_deadline.reset();
        throw;
    }
}

void LiveConnection::commit()
{
    try {
        exec("COMMIT", {}, "end the read-only transaction");
    } catch (...) {
        m_inTransaction = false;
        m_deadline.reset();
        throw;
    }
    m_inTransaction = false;
    m_deadline.reset();
}

void LiveConnection::rollbackQuietly()
{
    m_inTransaction = false;
    m_deadline.reset();
    if (!m_conn || m_abandoned || PQstatus(m_conn) != CONNECTION_OK)
        return;
    if (PQtransactionStatus(m_conn) == PQTRANS_IDLE)
        return;
    // Whatever the user asked (a Cancel included), the transaction must end before the next read: one that stayed
    // open would hold its snapshot (and, behind a transaction pooler, its server connection). If it cannot be ended
    // within kAnswerGraceMs, the connection is closed instead, which ends it too.
    try {
        const std::vector<LiveResult> results
            = roundTrip("ROLLBACK", nullptr, nullptr, "end the read-only transaction", true);
        if (results.empty() || !results.back() || PQtransactionStatus(m_conn) != PQTRANS_IDLE)
            abandon();
    } catch (const LiveError&) {
        // roundTrip abandoned the connection already
    }
}

bool LiveConnection::reconnect(std::string* whyNot)
{
    std::string why;
    for (const int delayMs : kReconnectDelaysMs) {
        if (delayMs) {
            const Wake w = waitSocket(-1, false, Clock::now() + std::chrono::milliseconds(delayMs));
            if (w == Wake::Woken)
                drainWake();
            if (m_shutdown || m_cancelRequested)
                throw LiveError(
                    LiveError::Kind::Cancelled, "cancelled while reconnecting to PostgreSQL at " + endpoint());
        }
        try {
            connectOnce();
            verify();
            return true;
        } catch (const LiveError& e) {
            if (e.kind() == LiveError::Kind::Cancelled)
                throw;
            why = e.what();
        }
    }
    if (whyNot) {
        // "Connection refused" or a socket file that is gone: nothing listens there — a server down or restarting.
        *whyNot = contains(why, "Connection refused") || contains(why, "No such file or directory")
            ? "no server accepts connections there (" + why + "): it is down or restarting"
            : why;
    }
    return false;
}

} // namespace iw
