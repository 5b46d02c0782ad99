// A plain libpq session for tests: what the code under test does not do itself — count rows behind its back,
// create or drop a schema, check a table survived. Connects with libpq's defaults (the PG* variables) unless given a
// conninfo. Also the seed-shaped table (resources/sql/schema.sql as inspection reads it) and rows for it.
#pragma once

#include <QtGlobal>

#include <libpq-fe.h>

#include <cstdlib>
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
        else if (PQresultStatus(r) != PGRES_COMMAND_OK && PQresultStatus(r) != PGRES_TUPLES_OK)
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
    std::string literal(const std::string& text)
    {
        char* escaped = PQescapeLiteral(m_conn, text.data(), text.size());
        std::string out = escaped ? escaped : "";
        PQfreemem(escaped);
        return out;
    }

    // Plays the operator (or a failover) who ends a session. By backend pid: true once it has gone (waits up to 5 s).
    bool terminateBackend(int pid)
    {
        return value("SELECT pg_terminate_backend(" + std::to_string(pid) + ", 5000)") == "t";
    }
    // By application_name: true when exactly one session had that name (each is ended, waiting up to 5 s).
    bool terminateSessions(const std::string& applicationName)
    {
        return value("SELECT count(*) FROM (SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity WHERE "
                     "application_name = "
                   + literal(applicationName) + ") AS killed")
            == "1";
    }
    // The backend pid of the newest other session with that application_name; 0 when there is none.
    int backendOf(const std::string& applicationName)
    {
        return std::atoi(value("SELECT pid FROM pg_stat_activity WHERE application_name = " + literal(applicationName)
            + " AND pid <> pg_backend_pid() ORDER BY backend_start DESC LIMIT 1")
                             .c_str());
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

// Look-alikes of catalog functions, operators, relations and types planted in `schema` (issue 48, finding 19): put
// before pg_catalog in a session's search_path (`schema, pg_catalog`, from the role, PGOPTIONS or the conninfo's
// options), each would run instead of the catalog's. Every one leaves a trace — a row in `schema`.trace naming it
// (kept when its transaction commits) and a step of the sequence `schema`.hits (kept even when it rolls back) — and
// the lies that matter answer wrong: obj_description answers the store's mark, pg_class lists nothing, count(*) is
// 0. The operators answer right, so only the trace tells they ran. With `types`, also domains named text and jsonb
// (which change what format_type says of the catalog's own types, so a store without the fix then refuses a foreign
// schema for its column types instead of being fooled into emptying it: leave them out to see that happen).
// `schema` must be a plain lower-case name.
inline bool plantCatalogLookalikes(PgAdmin& admin, const std::string& schema, bool types = true)
{
    const std::string s = schema;
    std::string sql = "DROP SCHEMA IF EXISTS " + s + " CASCADE; CREATE SCHEMA " + s + "; CREATE TABLE " + s
        + ".trace (what pg_catalog.text); CREATE SEQUENCE " + s + ".hits; CREATE FUNCTION " + s
        + ".note(what pg_catalog.text) RETURNS pg_catalog.bool LANGUAGE plpgsql AS $$ BEGIN PERFORM "
          "pg_catalog.nextval('"
        + s + ".hits'); INSERT INTO " + s + ".trace (what) VALUES (what); RETURN true; END $$; ";
    // Lies.
    sql += "CREATE FUNCTION " + s
        + ".obj_description(pg_catalog.oid, pg_catalog.name) RETURNS pg_catalog.text LANGUAGE plpgsql AS $$ BEGIN "
          "PERFORM "
        + s + ".note('obj_description'); RETURN 'idempotency-workbench store schema, format 1'; END $$; ";
    sql += "CREATE VIEW " + s + ".pg_class AS SELECT * FROM pg_catalog.pg_class WHERE NOT " + s + ".note('pg_class'); ";
    sql += "CREATE VIEW " + s + ".pg_namespace AS SELECT * FROM pg_catalog.pg_namespace WHERE " + s
        + ".note('pg_namespace'); ";
    sql += "CREATE FUNCTION " + s + ".count_step(pg_catalog.int8) RETURNS pg_catalog.int8 LANGUAGE plpgsql AS $$ BEGIN "
        + "PERFORM " + s + ".note('count'); RETURN 0; END $$; CREATE AGGREGATE " + s + ".count(*) (SFUNC = " + s
        + ".count_step, STYPE = pg_catalog.int8, INITCOND = '0'); ";
    sql += "CREATE FUNCTION " + s + ".pg_is_in_recovery() RETURNS pg_catalog.bool LANGUAGE plpgsql AS $$ BEGIN PERFORM "
        + s + ".note('pg_is_in_recovery'); RETURN false; END $$; ";
    sql += "CREATE FUNCTION " + s
        + ".current_setting(pg_catalog.text) RETURNS pg_catalog.text LANGUAGE plpgsql AS $$ BEGIN PERFORM " + s
        + ".note('current_setting'); RETURN pg_catalog.current_setting($1); END $$; ";
    // Operators with the catalog's own signatures, or closer matches than the catalog has.
    struct Operator {
        const char* op;
        const char* left;
        const char* right;
        const char* result;
    };
    const Operator operators[] = {
        { "=", "pg_catalog.text", "pg_catalog.text", "pg_catalog.bool" },
        { "=", "pg_catalog.name", "pg_catalog.name", "pg_catalog.bool" },
        { "=", "pg_catalog.name", "pg_catalog.text", "pg_catalog.bool" },
        { "=", "pg_catalog.oid", "pg_catalog.oid", "pg_catalog.bool" },
        { "<>", "pg_catalog.oid", "pg_catalog.oid", "pg_catalog.bool" },
        { "=", "pg_catalog.\"char\"", "pg_catalog.\"char\"", "pg_catalog.bool" },
        { "=", "pg_catalog.varchar", "pg_catalog.varchar", "pg_catalog.bool" },
        { "=", "pg_catalog.timestamp", "pg_catalog.timestamp", "pg_catalog.bool" },
        { "<", "pg_catalog.timestamp", "pg_catalog.timestamp", "pg_catalog.bool" },
        { "<=", "pg_catalog.timestamp", "pg_catalog.timestamp", "pg_catalog.bool" },
        { ">", "pg_catalog.timestamp", "pg_catalog.timestamp", "pg_catalog.bool" },
        { "+", "pg_catalog.timestamp", "pg_catalog.interval", "pg_catalog.timestamp" },
        { "-", "pg_catalog.timestamp", "pg_catalog.timestamp", "pg_catalog.interval" },
        { "*", "pg_catalog.int8", "pg_catalog.interval", "pg_catalog.interval" },
        { "*", "pg_catalog.numeric", "pg_catalog.int4", "pg_catalog.numeric" },
        { "+", "pg_catalog.int8", "pg_catalog.int8", "pg_catalog.int8" },
    };
    int n = 0;
    for (const Operator& o : operators) {
        const std::string function = s + ".op_" + std::to_string(++n);
        const std::string label = std::string(o.op) + "(" + o.left + ", " + o.right + ")";
        std::string quoted;
        for (const char c : label)
            quoted += c == '\'' ? std::string("''") : std::string(1, c);
        sql += "CREATE FUNCTION " + function + "(a " + o.left + ", b " + o.right + ") RETURNS " + o.result
            + " LANGUAGE plpgsql AS $$ BEGIN PERFORM " + s + ".note('" + quoted + "'); RETURN a OPERATOR(pg_catalog."
            + o.op + ") b; END $$; CREATE OPERATOR " + s + "." + o.op + " (LEFTARG = " + o.left
            + ", RIGHTARG = " + o.right + ", FUNCTION = " + function + "); ";
    }
    // Types: a column or cast of `text` or `jsonb` would become these domains, whose check leaves the trace.
    if (types) {
        sql += "CREATE DOMAIN " + s + ".text AS pg_catalog.text CHECK (" + s + ".note('text')); ";
        sql += "CREATE DOMAIN " + s + ".jsonb AS pg_catalog.jsonb CHECK (" + s + ".note('jsonb')); ";
    }
    // Whoever the commands connect as may call and write them.
    sql += "GRANT USAGE ON SCHEMA " + s + " TO PUBLIC; GRANT ALL ON ALL TABLES IN SCHEMA " + s
        + " TO PUBLIC; GRANT ALL ON ALL SEQUENCES IN SCHEMA " + s + " TO PUBLIC;";
    return admin.run(sql);
}

// What the planted look-alikes recorded: "" when none ran, else the names of those that ran (or "rolled back" when
// only the sequence moved).
inline std::string plantedTrace(PgAdmin& admin, const std::string& schema)
{
    const std::string names
        = admin.value("SELECT coalesce(string_agg(DISTINCT what, ', '), '') FROM " + schema + ".trace");
    if (!names.empty())
        return names;
    return admin.value("SELECT is_called FROM " + schema + ".hits") == "t" ? std::string("(rolled back)")
                                                                           : std::string();
}
