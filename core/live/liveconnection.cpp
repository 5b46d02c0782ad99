// LiveConnection: libpq for inspection. Read-only twice over (the session default set through the `options`
// connection parameter, and BEGIN READ ONLY around every inspection), failures mapped onto one sentence each.
#include "liveconnection.h"

#include "pgsecret.h"
#include "pgtls.h"
#include "storesetup.h"

#include <libpq-fe.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdlib>
#include <regex>
#include <thread>

namespace iw {

void LiveResultDeleter::operator()(pg_result* r) const
{
    PQclear(r);
}

namespace {

constexpr const char* kReadOnlyOption = "-c default_transaction_read_only=on";
constexpr std::array<int, 3> kReconnectDelaysMs { 0, 250, 1000 };

std::string firstLine(const char* text)
{
    std::string s = tellingLine(text);
    // libpq prefixes connection failures with where it tried: the sentence names the endpoint already.
    static const std::regex where(R"(^connection to server (at|on) .*? failed: )");
    s = std::regex_replace(s, where, "");
    return s.empty() ? std::string("no message from libpq") : s;
}

std::string valueOf(const PQconninfoOption* options, const char* keyword)
{
    for (const PQconninfoOption* o = options; o && o->keyword; ++o)
        if (std::string_view(o->keyword) == keyword && o->val)
            return o->val;
    return {};
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

std::unique_ptr<LiveConnection> LiveConnection::open(
    const std::string& conninfo, const std::string& password, bool transactionPooler)
{
    char* parseError = nullptr;
    PQconninfoOption* parsed = PQconninfoParse(conninfo.c_str(), &parseError);
    if (!parsed) {
        const std::string why = parseError ? firstLine(parseError) : std::string("libpq ran out of memory");
        PQfreemem(parseError);
        throw LiveError(LiveError::Kind::BadInput,
            "the PostgreSQL connection string does not parse: " + redactPassword(why, conninfo, password));
    }
    // Our read-only option joins the user's own options instead of replacing them.
    const std::string userOptions = [&] {
        std::string o = valueOf(parsed, "options");
        if (o.empty())
            if (const char* env = std::getenv("PGOPTIONS"))
                o = env;
        return o;
    }();
    const bool hasTimeout = !valueOf(parsed, "connect_timeout").empty();
    PQconninfoFree(parsed);
    // Values libpq refuses before connecting (sslmode=bogus, port=abc, an unknown service) are bad input too.
    if (const std::string problem = conninfoProblem(conninfo); !problem.empty())
        throw LiveError(LiveError::Kind::BadInput, redactPassword(problem, conninfo, password));

    std::unique_ptr<LiveConnection> c(new LiveConnection);
    c->m_conninfo = conninfo;
    c->m_password = password;
    c->m_transactionPooler = transactionPooler;

    const auto connect = [&](bool withOptions) {
        const std::string options
            = withOptions ? userOptions + (userOptions.empty() ? "" : " ") + kReadOnlyOption : userOptions;
        // Keywords before dbname are defaults the conninfo may override; those after it win. Without a timeout
        // libpq would wait for an unreachable host forever.
        std::vector<const char*> keys;
        std::vector<const char*> values;
        if (!std::getenv("PGCONNECT_TIMEOUT") && !hasTimeout) {
            keys.push_back("connect_timeout");
            values.push_back("10");
        }
        keys.insert(keys.end(), { "dbname", "options", "client_encoding", "fallback_application_name" });
        values.insert(values.end(), { conninfo.c_str(), options.c_str(), "UTF8", "idempotency-workbench inspect" });
        if (!password.empty()) {
            keys.push_back("password");
            values.push_back(password.c_str());
        }
        keys.push_back(nullptr);
        values.push_back(nullptr);
        if (c->m_conn)
            PQfinish(c->m_conn);
        c->m_conn = PQconnectdbParams(keys.data(), values.data(), 1);
        c->m_sendsOptions = withOptions;
    };
    connect(!transactionPooler);
    // pgbouncer refuses startup parameters it does not know, `options` among them: a pooler, so ask again without.
    if (c->m_conn && PQstatus(c->m_conn) != CONNECTION_OK && c->m_sendsOptions
        && contains(PQerrorMessage(c->m_conn), "unsupported startup parameter"))
        connect(false);
    if (!c->m_conn)
        throw LiveError(LiveError::Kind::Unreachable, "could not connect to PostgreSQL: libpq ran out of memory");
    // Notices ("NOTICE: …") are not for the terminal or the GUI's stderr.
    PQsetNoticeProcessor(
        c->m_conn, [](void*, const char*) {}, nullptr);

    if (PQstatus(c->m_conn) != CONNECTION_OK) {
        const std::string why = c->clean(PQerrorMessage(c->m_conn));
        const std::string where = "PostgreSQL at " + c->endpoint();
        const std::string user = PQuser(c->m_conn) ? PQuser(c->m_conn) : "";
        if (PQconnectionNeedsPassword(c->m_conn) && password.empty())
            throw LiveError(LiveError::Kind::PasswordNeeded,
                where + " asks for a password for user \"" + user + "\" and none was given");
        if (contains(why, "password authentication failed") || PQconnectionUsedPassword(c->m_conn))
            throw LiveError(LiveError::Kind::Authentication, where + " refused the password for user \"" + user + "\"");
        if (contains(why, "authentication failed") || contains(why, "does not exist") || contains(why, "pg_hba.conf")
            || contains(why, "not permitted to log in") || contains(why, "permission denied"))
            throw LiveError(LiveError::Kind::Authentication, where + " refused the connection: " + why);
        throw LiveError(LiveError::Kind::Unreachable, "could not connect to " + where + ": " + withTlsProblem(why));
    }
    c->enforceReadOnly();
    c->readRecoveryState();
    c->refreshCancel();
    return c;
}

LiveConnection::~LiveConnection()
{
    {
        std::lock_guard lock(m_cancelMutex);
        if (m_cancel)
            PQfreeCancel(m_cancel);
        m_cancel = nullptr;
    }
    if (m_conn)
        PQfinish(m_conn);
}

std::string LiveConnection::clean(const char* libpqMessage) const
{
    return redactPassword(firstLine(libpqMessage), m_conninfo, m_password);
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
    return m_conn && PQstatus(m_conn) == CONNECTION_OK;
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

void LiveConnection::refreshCancel()
{
    std::lock_guard lock(m_cancelMutex);
    if (m_cancel)
        PQfreeCancel(m_cancel);
    m_cancel = PQgetCancel(m_conn);
}

void LiveConnection::cancel()
{
    std::lock_guard lock(m_cancelMutex);
    if (m_cancel) {
        char buffer[256];
        PQcancel(m_cancel, buffer, sizeof buffer);
    }
}

void LiveConnection::readRecoveryState()
{
    LiveResult r(PQexec(m_conn, "SELECT pg_catalog.pg_is_in_recovery()"));
    m_standby = PQresultStatus(r.get()) == PGRES_TUPLES_OK && PQntuples(r.get()) == 1
        && std::string_view(PQgetvalue(r.get(), 0, 0)) == "t";
}

void LiveConnection::enforceReadOnly()
{
    // Through a transaction pooler a SET would outlive our transaction on a server connection others share; each
    // inspection's BEGIN READ ONLY is what makes it read-only there.
    if (m_transactionPooler) {
        m_readOnlySession = false;
        return;
    }
    // The options parameter normally did it; a pooler that drops startup options would not have, so set it again
    // and believe only what the server says.
    const auto show = [&] {
        LiveResult r(PQexec(m_conn, "SHOW default_transaction_read_only"));
        return PQresultStatus(r.get()) == PGRES_TUPLES_OK && PQntuples(r.get()) == 1
            && std::string_view(PQgetvalue(r.get(), 0, 0)) == "on";
    };
    if (!show()) {
        LiveResult set(PQexec(m_conn, "SET SESSION default_transaction_read_only = on"));
        (void)set;
    }
    m_readOnlySession = show();
    if (!m_readOnlySession)
        throw LiveError(LiveError::Kind::Server,
            "PostgreSQL at " + endpoint()
                + " did not accept default_transaction_read_only = on, so the session cannot be made read-only");
}

LiveResult LiveConnection::exec(
    const std::string& sql, const std::vector<std::optional<std::string>>& params, const std::string& what)
{
    return exec(sql, params, {}, what);
}

LiveResult LiveConnection::exec(const std::string& sql, const std::vector<std::optional<std::string>>& params,
    const std::vector<unsigned>& types, const std::string& what)
{
    std::vector<const char*> values;
    values.reserve(params.size());
    for (const auto& p : params)
        values.push_back(p ? p->c_str() : nullptr);
    std::vector<Oid> oids(types.begin(), types.end());
    if (!oids.empty())
        oids.resize(params.size(), 0);
    LiveResult r(PQexecParams(m_conn, sql.c_str(), static_cast<int>(values.size()),
        oids.empty() ? nullptr : oids.data(), values.data(), nullptr, nullptr, 0));
    const ExecStatusType status = r ? PQresultStatus(r.get()) : PGRES_FATAL_ERROR;
    if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK)
        return r;
    const std::string state = sqlstateOf(r.get());
    const char* primary = r ? PQresultErrorField(r.get(), PG_DIAG_MESSAGE_PRIMARY) : nullptr;
    const std::string message = primary ? clean(primary) : clean(PQerrorMessage(m_conn));
    // A session the server ended. Right after the write that found the socket closed (a server stopped or
    // restarted) libpq may still read CONNECTION_OK, with an error of its own and no SQLSTATE; a server that ends
    // the session itself says so with class 08 or 57P01–57P03 (shutting down, crashed, starting up).
    const bool libpqSaysGone = state.empty()
        && (contains(message, "server closed the connection") || contains(message, "no connection to the server")
            || contains(message, "could not send data") || contains(message, "could not receive data"));
    if (PQstatus(m_conn) != CONNECTION_OK || libpqSaysGone || state.starts_with("08") || state == "57P01"
        || state == "57P02" || state == "57P03")
        throw LiveError(LiveError::Kind::ConnectionLost,
            "the connection to PostgreSQL at " + endpoint() + " was lost while trying to " + what + " ("
                + clean(r ? PQresultErrorMessage(r.get()) : PQerrorMessage(m_conn)) + ")");
    if (state == "57014" && message.find("statement timeout") != std::string::npos)
        throw LiveError(LiveError::Kind::Server,
            "PostgreSQL gave up trying to " + what + " after the statement timeout of "
                + std::to_string(m_statementTimeoutMs / 1000) + " s");
    if (state == "57014")
        throw LiveError(LiveError::Kind::Cancelled, "cancelled while trying to " + what);
    const LiveError::Kind kind = (state == "42P01" || state == "42703" || state == "3F000") ? LiveError::Kind::Schema
                                                                                            : LiveError::Kind::Server;
    throw LiveError(
        kind, "PostgreSQL refused to " + what + ": " + message + (state.empty() ? "" : " (SQLSTATE " + state + ")"));
}

void LiveConnection::begin()
{
    // REPEATABLE READ: the counts, the anomaly lists and the page come from one snapshot with one now().
    exec("BEGIN TRANSACTION READ ONLY ISOLATION LEVEL REPEATABLE READ", {}, "start a read-only transaction");
    if (m_statementTimeoutMs > 0)
        exec("SELECT set_config('statement_timeout', $1::text, true)", { std::to_string(m_statementTimeoutMs) },
            "limit the time a statement may take");
}

void LiveConnection::commit()
{
    exec("COMMIT", {}, "end the read-only transaction");
}

void LiveConnection::rollbackQuietly()
{
    if (isOpen())
        PQclear(PQexec(m_conn, "ROLLBACK"));
}

bool LiveConnection::reconnect(std::string* whyNot)
{
    for (const int delayMs : kReconnectDelaysMs) {
        if (delayMs)
            std::this_thread::sleep_for(std::chrono::milliseconds(delayMs));
        PQreset(m_conn);
        if (PQstatus(m_conn) == CONNECTION_OK) {
            PQsetNoticeProcessor(
                m_conn, [](void*, const char*) {}, nullptr);
            try {
                enforceReadOnly();
                readRecoveryState();
            } catch (const LiveError& e) {
                if (whyNot)
                    *whyNot = e.what();
                return false;
            }
            refreshCancel();
            return true;
        }
    }
    if (whyNot) {
        // "Connection refused" or a socket file that is gone: nothing listens there — a server down or restarting.
        const std::string why = clean(PQerrorMessage(m_conn));
        *whyNot = contains(why, "Connection refused") || contains(why, "No such file or directory")
            ? "no server accepts connections there (" + why + "): it is down or restarting"
            : why;
    }
    return false;
}

} // namespace iw
