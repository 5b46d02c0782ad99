// One connection to MariaDB or MySQL through Connector/C (the store's, and later the live view's): every wait
// bounded by the conninfo's timeouts, statements prepared once per connection with values as parameters, and every
// failure one sentence naming what failed and the server's own reason.
#pragma once

#include "mysqlconninfo.h"
#include "store.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

struct st_mysql;
struct st_mysql_stmt;

namespace iw {

// A value bound to a statement's `?`: NULL, a whole number or a text.
using MysqlValue = std::variant<std::monostate, long long, std::string>;
using MysqlRow = std::vector<std::optional<std::string>>;

// The server refused a statement (it answered with an error number): `code` as MariaDB numbers it (1062 duplicate
// key, 1213 deadlock, …), `sqlstate` its SQLSTATE.
class MysqlServerError : public StoreError {
public:
    MysqlServerError(unsigned code, std::string sqlstate, const std::string& message)
        : StoreError(Kind::Fatal, message)
        , m_code(code)
        , m_sqlstate(std::move(sqlstate))
    {
    }
    unsigned code() const { return m_code; }
    const std::string& sqlstate() const { return m_sqlstate; }

private:
    unsigned m_code;
    std::string m_sqlstate;
};

class MysqlConnection {
public:
    // Connects. Throws StoreError: Unavailable when the server cannot be reached (or did not answer within
    // connect_timeout), Fatal when it refused the login or the database. `foundRows`: an UPDATE's count is the rows
    // it matched, not only those it changed (CLIENT_FOUND_ROWS).
    static std::unique_ptr<MysqlConnection> open(const MysqlConninfo& info, bool foundRows);
    ~MysqlConnection();
    MysqlConnection(const MysqlConnection&) = delete;
    MysqlConnection& operator=(const MysqlConnection&) = delete;

    // A statement without parameters or results (START TRANSACTION, COMMIT, DDL). `what` names it in messages.
    void exec(const std::string& sql, const char* what);
    // A prepared statement (prepared once per connection) with `params`: its rows, or the rows it changed.
    std::vector<MysqlRow> query(const std::string& sql, const std::vector<MysqlValue>& params, const char* what);
    std::uint64_t execute(const std::string& sql, const std::vector<MysqlValue>& params, const char* what);

    // A text statement sent without waiting for its answer (a claim that will wait on another transaction's lock),
    // and that answer read later: the rows it changed, or the server's error thrown.
    void send(const std::string& sql, const char* what);
    std::uint64_t readAnswer(const char* what);
    // `text` quoted as an SQL string literal by the connector (for send()).
    std::string quote(const std::string& text);

    // Whether the connection is still there, asked of the socket alone (no round trip): an idle connection has nothing
    // to read, so a socket that is readable, closed or in error means the server ended the session (KILL CONNECTION,
    // wait_timeout, a restart) or the connector already dropped it after a failure. Only for a connection that is not
    // waiting for an answer (not between send() and readAnswer()).
    bool idleAndOpen() const;

    unsigned long threadId() const;
    const MysqlConninfo& info() const { return m_info; }

private:
    explicit MysqlConnection(const MysqlConninfo& info);
    st_mysql_stmt* prepared(const std::string& sql, const char* what);
    [[noreturn]] void fail(const char* what, unsigned code, const char* sqlstate, const char* message);
    [[noreturn]] void failConnection(const char* what);
    [[noreturn]] void failStatement(st_mysql_stmt* stmt, const char* what);

    MysqlConninfo m_info;
    st_mysql* m_mysql = nullptr;
    std::map<std::string, st_mysql_stmt*> m_statements;
};

// Whether a Connector/C error number means the connection itself failed (not the statement).
bool mysqlConnectionLost(unsigned code);

// A table or column name as MySQL quotes it: in backticks, a backtick inside doubled.
std::string quoteName(const std::string& name);

} // namespace iw
