// A plain libpq session for tests: what the code under test does not do itself — count rows behind its back,
// create or drop a schema, check a table survived. Connects with libpq's defaults (the PG* variables) unless given a
// conninfo. Also the seed-shaped table (resources/sql/schema.sql as inspection reads it) and rows for it.
#pragma once

#include <QtGlobal>

#include <libpq-fe.h>
#include <string>

class PgAdmin {
public:
    explicit PgAdmin(const std::string& conninfo = {})
        : m_conn(PQconnectdb(conninfo.c_str()))
    {
        PQsetNoticeProcessor(
            m_conn, [](void*, const char*) {}, nullptr);
    }
    ~PgAdmin() { PQfinish(m_conn); }
    PgAdmin(const PgAdmin&) = delete;
    PgAdmin& operator=(const PgAdmin&) = delete;
    bool ok() const { return PQstatus(m_conn) == CONNECTION_OK; }
    PGconn* connection() const { return m_conn; }
    std::string error() const { return PQerrorMessage(m_conn); }
    void exec(const std::string& sql) { PQclear(PQexec(m_conn, sql.c_str())); }
    // Runs a statement; false (with a warning naming it) when it failed.
    bool run(const std::string& sql)
    {
        PGresult* r = PQexec(m_conn, sql.c_str());
        const bool good = PQresultStatus(r) == PGRES_COMMAND_OK || PQresultStatus(r) == PGRES_TUPLES_OK;
        if (!good)
            qWarning("SQL failed: %s: %s", sql.c_str(), PQresultErrorMessage(r));
        PQclear(r);
        return good;
    }

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

// The seed shape (resources/sql/schema.sql) as inspection reads it.
inline const char* kSeedColumns = "(actor_id text NOT NULL, operation varchar(200) NOT NULL, idem_key text NOT NULL, "
                                  "payload_hash char(64), state varchar(16) NOT NULL, status_code integer, "
                                  "response_body jsonb, created_at timestamp NOT NULL, completed_at timestamp, "
                                  "expires_at timestamp NOT NULL, lease_until timestamp, result_id text, UNIQUE "
                                  "(actor_id, operation, idem_key))";

// `n` rows k-<from>… over 9 actors, in every state and with each anomaly: completed, stuck in progress (every
// fifth), expired not swept, completed without response, regenerated keys.
inline std::string seedRows(const std::string& table, int from, int n)
{
    return "INSERT INTO " + table
        + " (actor_id, operation, idem_key, payload_hash, state, status_code, response_body, created_at, "
          "completed_at, expires_at, lease_until) SELECT 'actor-' || (i % 9), 'POST /orders', 'k-' || i, "
          "CASE WHEN i % 13 = 0 THEN 'same-hash' ELSE md5(i::text) || md5(i::text) END, CASE WHEN i % 5 = 0 THEN "
          "'in_progress' ELSE 'completed' END, CASE WHEN i % 7 = 0 THEN NULL ELSE 201 END, CASE WHEN i % 7 = 0 "
          "THEN NULL ELSE '{}'::jsonb END, now()::timestamp - (i % 17) * interval '1 min', now()::timestamp, "
          "now()::timestamp + CASE WHEN i % 11 = 0 THEN interval '-1 hour' ELSE interval '1 day' END, NULL FROM "
          "generate_series("
        + std::to_string(from) + ", " + std::to_string(from + n - 1) + ") AS i";
}
