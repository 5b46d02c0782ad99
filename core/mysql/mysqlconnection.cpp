// A Connector/C connection (mysqlconnection.h).
#include "mysqlconnection.h"

#include <mysql.h>
#include <poll.h>

#include <cstring>

namespace iw {

bool mysqlConnectionLost(unsigned code)
{
    // CR_CONNECTION_ERROR, CR_CONN_HOST_ERROR, CR_UNKNOWN_HOST, CR_SERVER_GONE_ERROR, CR_SERVER_LOST,
    // CR_SERVER_LOST_EXTENDED, CR_COMMANDS_OUT_OF_SYNC is not one (a bug of ours). And what a server says as it ends
    // the session: ER_SERVER_SHUTDOWN, MariaDB's ER_CONNECTION_KILLED (KILL CONNECTION: the answer to a statement it
    // interrupted, or to the next one of an idle session), MySQL's ER_CLIENT_INTERACTION_TIMEOUT (wait_timeout).
    return code == 2002 || code == 2003 || code == 2005 || code == 2006 || code == 2013 || code == 2055 || code == 1053
        || code == 1927 || code == 4031;
}

std::string quoteName(const std::string& name)
{
    std::string out = "`";
    for (const char c : name) {
        out += c;
        if (c == '`')
            out += '`';
    }
    return out + "`";
}

MysqlConnection::MysqlConnection(const MysqlConninfo& info)
    : m_info(info)
{
}

MysqlConnection::~MysqlConnection()
{
    for (auto& [sql, stmt] : m_statements)
        mysql_stmt_close(stmt);
    if (m_mysql)
        mysql_close(m_mysql);
}

std::unique_ptr<MysqlConnection> MysqlConnection::open(const MysqlConninfo& info, bool foundRows)
{
    std::unique_ptr<MysqlConnection> c(new MysqlConnection(info));
    c->m_mysql = mysql_init(nullptr);
    if (!c->m_mysql)
        throw StoreError(StoreError::Kind::Fatal, "cannot start a MariaDB connection: out of memory");
    mysql_options(c->m_mysql, MYSQL_OPT_CONNECT_TIMEOUT, &info.connectTimeoutS);
    mysql_options(c->m_mysql, MYSQL_OPT_READ_TIMEOUT, &info.readTimeoutS);
    mysql_options(c->m_mysql, MYSQL_OPT_WRITE_TIMEOUT, &info.writeTimeoutS);
    mysql_options(c->m_mysql, MYSQL_SET_CHARSET_NAME, "utf8mb4");
    const my_bool no = 0;
    mysql_options(c->m_mysql, MYSQL_OPT_RECONNECT, &no);
    const unsigned long flags = foundRows ? CLIENT_FOUND_ROWS : 0;
    if (!mysql_real_connect(c->m_mysql, info.host.empty() ? nullptr : info.host.c_str(),
            info.user.empty() ? nullptr : info.user.c_str(), info.password.c_str(), info.database.c_str(), info.port,
            info.socket.empty() ? nullptr : info.socket.c_str(), flags)) {
        const unsigned code = mysql_errno(c->m_mysql);
        const std::string message = mysql_error(c->m_mysql);
        if (code == 1045 || code == 1044 || code == 1698)
            throw StoreError(
                StoreError::Kind::Fatal, info.where() + " refused the login of user \"" + info.user + "\": " + message);
        if (code == 1049)
            throw StoreError(
                StoreError::Kind::Fatal, info.where() + " has no database \"" + info.database + "\" (" + message + ")");
        if (mysqlConnectionLost(code))
            throw StoreError(StoreError::Kind::Unavailable,
                "cannot reach " + info.where() + " within " + std::to_string(info.connectTimeoutS) + " s: " + message);
        throw StoreError(StoreError::Kind::Fatal, "cannot connect to " + info.where() + ": " + message);
    }
    return c;
}

bool MysqlConnection::idleAndOpen() const
{
    if (!m_mysql)
        return false;
    const my_socket fd = mysql_get_socket(m_mysql);
    if (fd < 0)
        return false;
    pollfd p { static_cast<int>(fd), POLLIN, 0 };
    if (poll(&p, 1, 0) < 0)
        return false;
    return p.revents == 0;
}

unsigned long MysqlConnection::threadId() const
{
    return mysql_thread_id(m_mysql);
}

void MysqlConnection::fail(const char* what, unsigned code, const char* sqlstate, const char* message)
{
    if (mysqlConnectionLost(code))
        throw StoreError(StoreError::Kind::Unavailable,
            "lost the connection to " + m_info.where() + " while trying to " + what + ": " + message);
    throw MysqlServerError(code, sqlstate ? sqlstate : "",
        m_info.where() + " refused to " + what + ": ERROR " + std::to_string(code) + " (" + (sqlstate ? sqlstate : "")
            + "): " + message);
}

void MysqlConnection::failConnection(const char* what)
{
    fail(what, mysql_errno(m_mysql), mysql_sqlstate(m_mysql), mysql_error(m_mysql));
}

void MysqlConnection::failStatement(MYSQL_STMT* stmt, const char* what)
{
    fail(what, mysql_stmt_errno(stmt), mysql_stmt_sqlstate(stmt), mysql_stmt_error(stmt));
}

void MysqlConnection::exec(const std::string& sql, const char* what)
{
    if (mysql_real_query(m_mysql, sql.data(), sql.size()) != 0)
        failConnection(what);
    if (MYSQL_RES* res = mysql_store_result(m_mysql))
        mysql_free_result(res);
}

void MysqlConnection::send(const std::string& sql, const char* what)
{
    if (mysql_send_query(m_mysql, sql.data(), sql.size()) != 0)
        failConnection(what);
}

std::uint64_t MysqlConnection::readAnswer(const char* what)
{
    if (mysql_read_query_result(m_mysql) != 0)
        failConnection(what);
    return mysql_affected_rows(m_mysql);
}

std::string MysqlConnection::quote(const std::string& text)
{
    std::string out(text.size() * 2 + 3, '\0');
    out[0] = '\'';
    const unsigned long n = mysql_real_escape_string(m_mysql, out.data() + 1, text.data(), text.size());
    out.resize(n + 1);
    out += '\'';
    return out;
}

MYSQL_STMT* MysqlConnection::prepared(const std::string& sql, const char* what)
{
    const auto it = m_statements.find(sql);
    if (it != m_statements.end())
        return it->second;
    MYSQL_STMT* stmt = mysql_stmt_init(m_mysql);
    if (!stmt)
        failConnection(what);
    if (mysql_stmt_prepare(stmt, sql.data(), sql.size()) != 0) {
        const unsigned code = mysql_stmt_errno(stmt);
        const std::string state = mysql_stmt_sqlstate(stmt);
        const std::string message = mysql_stmt_error(stmt);
        mysql_stmt_close(stmt);
        fail(what, code, state.c_str(), message.c_str());
    }
    m_statements.emplace(sql, stmt);
    return stmt;
}

namespace {

// The parameters as Connector/C binds them; the values stay in `params`, which outlives the execution.
struct Binds {
    std::vector<MYSQL_BIND> binds;
    std::vector<unsigned long> lengths;
    std::vector<char> nulls;

    explicit Binds(const std::vector<MysqlValue>& params)
        : binds(params.size())
        , lengths(params.size())
        , nulls(params.size())
    {
        // binds(n) value-initialises each MYSQL_BIND (zeroed); a memset here passed the null data() of a statement
        // without parameters to memset, which UBSan reports.
        for (std::size_t i = 0; i < params.size(); ++i) {
            MYSQL_BIND& b = binds[i];
            if (std::holds_alternative<std::monostate>(params[i])) {
                b.buffer_type = MYSQL_TYPE_NULL;
            } else if (const long long* n = std::get_if<long long>(&params[i])) {
                b.buffer_type = MYSQL_TYPE_LONGLONG;
                b.buffer = const_cast<long long*>(n);
            } else {
                const std::string& s = std::get<std::string>(params[i]);
                b.buffer_type = MYSQL_TYPE_STRING;
                b.buffer = const_cast<char*>(s.data());
                b.buffer_length = s.size();
                lengths[i] = s.size();
                b.length = &lengths[i];
            }
        }
    }
};

} // namespace

std::vector<MysqlRow> MysqlConnection::query(
    const std::string& sql, const std::vector<MysqlValue>& params, const char* what)
{
    MYSQL_STMT* stmt = prepared(sql, what);
    Binds in(params);
    if (!params.empty() && mysql_stmt_bind_param(stmt, in.binds.data()))
        failStatement(stmt, what);
    if (mysql_stmt_execute(stmt) != 0)
        failStatement(stmt, what);
    std::vector<MysqlRow> rows;
    MYSQL_RES* meta = mysql_stmt_result_metadata(stmt);
    if (!meta)
        return rows;
    const unsigned columns = mysql_num_fields(meta);
    mysql_free_result(meta);
    std::vector<MYSQL_BIND> out(columns); // value-initialised: zeroed
    std::vector<std::string> buffers(columns, std::string(256, '\0'));
    std::vector<unsigned long> lengths(columns);
    std::vector<my_bool> nulls(columns);
    std::vector<my_bool> errors(columns);
    for (unsigned i = 0; i < columns; ++i) {
        out[i].buffer_type = MYSQL_TYPE_STRING;
        out[i].buffer = buffers[i].data();
        out[i].buffer_length = buffers[i].size();
        out[i].length = &lengths[i];
        out[i].is_null = &nulls[i];
        out[i].error = &errors[i];
    }
    if (mysql_stmt_bind_result(stmt, out.data()) || mysql_stmt_store_result(stmt))
        failStatement(stmt, what);
    while (true) {
        const int r = mysql_stmt_fetch(stmt);
        if (r == MYSQL_NO_DATA)
            break;
        if (r == 1) {
            const unsigned code = mysql_stmt_errno(stmt);
            const std::string state = mysql_stmt_sqlstate(stmt);
            const std::string message = mysql_stmt_error(stmt);
            mysql_stmt_free_result(stmt);
            fail(what, code, state.c_str(), message.c_str());
        }
        MysqlRow row(columns);
        for (unsigned i = 0; i < columns; ++i) {
            if (nulls[i])
                continue;
            if (lengths[i] <= buffers[i].size()) {
                row[i] = std::string(buffers[i].data(), lengths[i]);
                continue;
            }
            // Longer than the buffer (MYSQL_DATA_TRUNCATED): fetch the column whole.
            std::string whole(lengths[i], '\0');
            MYSQL_BIND b;
            std::memset(&b, 0, sizeof b);
            unsigned long length = 0;
            b.buffer_type = MYSQL_TYPE_STRING;
            b.buffer = whole.data();
            b.buffer_length = whole.size();
            b.length = &length;
            if (mysql_stmt_fetch_column(stmt, &b, i, 0) != 0)
                failStatement(stmt, what);
            row[i] = std::move(whole);
        }
        rows.push_back(std::move(row));
    }
    mysql_stmt_free_result(stmt);
    return rows;
}

std::uint64_t MysqlConnection::execute(const std::string& sql, const std::vector<MysqlValue>& params, const char* what)
{
    MYSQL_STMT* stmt = prepared(sql, what);
    Binds in(params);
    if (!params.empty() && mysql_stmt_bind_param(stmt, in.binds.data()))
        failStatement(stmt, what);
    if (mysql_stmt_execute(stmt) != 0)
        failStatement(stmt, what);
    return mysql_stmt_affected_rows(stmt);
}

} // namespace iw
