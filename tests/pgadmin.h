// A plain libpq session for tests: what the code under test does not do itself — count rows behind its back,
// create or drop a schema, check a table survived. Connects with libpq's defaults (the PG* variables).
#pragma once

#include <QtGlobal>

#include <libpq-fe.h>
#include <string>

class PgAdmin {
public:
    PgAdmin()
        : m_conn(PQconnectdb(""))
    {
        PQsetNoticeProcessor(
            m_conn, [](void*, const char*) {}, nullptr);
    }
    ~PgAdmin() { PQfinish(m_conn); }
    PgAdmin(const PgAdmin&) = delete;
    PgAdmin& operator=(const PgAdmin&) = delete;
    bool ok() const { return PQstatus(m_conn) == CONNECTION_OK; }
    std::string error() const { return PQerrorMessage(m_conn); }
    void exec(const std::string& sql) { PQclear(PQexec(m_conn, sql.c_str())); }

    // The first value of the first row, or "" (a failed statement is a warning; the caller checks values).
    std::string value(const std::string& sql)
    {
        PGresult* r = PQexec(m_conn, sql.c_str());
        std::string v;
        if (PQresultStatus(r) == PGRES_TUPLES_OK && PQntuples(r) > 0)
            v = PQgetvalue(r, 0, 0);
        else if (PQresultStatus(r) != PGRES_COMMAND_OK)
            qWarning("SQL failed: %s: %s", sql.c_str(), PQresultErrorMessage(r));
        PQclear(r);
        return v;
    }

    std::string ident(const std::string& name)
    {
        char* escaped = PQescapeIdentifier(m_conn, name.data(), name.size());
        std::string out = escaped ? escaped : "";
        PQfreemem(escaped);
        return out;
    }

private:
    PGconn* m_conn;
};
