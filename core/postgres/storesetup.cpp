// Setting up the PostgreSQL store (see storesetup.h).
#include "storesetup.h"

#include "pgsecret.h"
#include "pgstore.h"

#include <libpq-fe.h>

#include <algorithm>
#include <cstdlib>
#include <memory>

namespace iw {

namespace {

std::string firstLine(const char* text)
{
    std::string s = text ? text : "";
    if (const auto nl = s.find('\n'); nl != std::string::npos)
        s.resize(nl);
    while (!s.empty() && (s.back() == ' ' || s.back() == '.'))
        s.pop_back();
    return s.empty() ? std::string("no message from libpq") : s;
}

std::string joined(const std::vector<std::string>& names)
{
    std::string out;
    for (const std::string& n : names)
        out += (out.empty() ? "" : ", ") + n;
    return out;
}

struct ConnDeleter {
    void operator()(PGconn* c) const { PQfinish(c); }
};

} // namespace

std::string conninfoProblem(const std::string& conninfo)
{
    char* error = nullptr;
    if (PQconninfoOption* options = PQconninfoParse(conninfo.c_str(), &error)) {
        PQconninfoFree(options);
        return {};
    }
    const std::string why = error ? firstLine(error) : std::string("libpq ran out of memory");
    PQfreemem(error);
    return "the PostgreSQL connection string does not parse: " + redactPassword(why, conninfo);
}

const std::vector<std::string>& storeTables()
{
    static const std::vector<std::string> s_tables { "request_idempotency", "request_idempotency_tombstone",
        "request_seen", "demo_request" };
    return s_tables;
}

std::string SchemaInstallation::sentence() const
{
    if (created.empty())
        return "schema " + schema + " was already complete (" + joined(found) + "); nothing was changed";
    std::string s = schemaCreated ? "created schema " + schema + " with tables " + joined(created)
                                  : "created in schema " + schema + " the tables " + joined(created);
    if (!found.empty())
        s += "; already there: " + joined(found);
    return s;
}

SchemaInstallation installStoreSchema(PostgresStore& store, const std::string& conninfo)
{
    SchemaInstallation result;
    result.schema = store.schema();

    // Same parameters as PostgresStore::connect, so the look goes to the same database.
    std::vector<const char*> keys;
    std::vector<const char*> values;
    if (!std::getenv("PGCONNECT_TIMEOUT")) {
        keys.push_back("connect_timeout");
        values.push_back("10");
    }
    keys.insert(keys.end(), { "dbname", "fallback_application_name", nullptr });
    values.insert(values.end(), { conninfo.c_str(), "idempotency-workbench", nullptr });
    std::unique_ptr<PGconn, ConnDeleter> conn(PQconnectdbParams(keys.data(), values.data(), 1));
    if (!conn || PQstatus(conn.get()) != CONNECTION_OK)
        throw StoreError(StoreError::Kind::Unavailable,
            redactPassword("could not connect to PostgreSQL to look at schema " + result.schema + ": "
                    + firstLine(conn ? PQerrorMessage(conn.get()) : nullptr),
                conninfo));
    const char* params[] = { result.schema.c_str() };
    PGresult* raw = PQexecParams(conn.get(),
        "SELECT (SELECT count(*) FROM pg_namespace WHERE nspname = $1)::text, "
        "coalesce((SELECT string_agg(table_name::text, ',') FROM information_schema.tables WHERE table_schema = $1), "
        "'')",
        1, nullptr, params, nullptr, nullptr, 0);
    const bool ok = PQresultStatus(raw) == PGRES_TUPLES_OK && PQntuples(raw) == 1;
    const std::string schemaCount = ok ? PQgetvalue(raw, 0, 0) : "";
    const std::string tables = ok ? "," + std::string(PQgetvalue(raw, 0, 1)) + "," : "";
    const std::string error = ok ? "" : firstLine(PQresultErrorMessage(raw));
    PQclear(raw);
    conn.reset();
    if (!ok)
        throw StoreError(StoreError::Kind::Fatal, "could not look at schema " + result.schema + ": " + error);

    store.installSchema();

    result.schemaCreated = schemaCount == "0";
    for (const std::string& table : storeTables()) {
        if (tables.find("," + table + ",") != std::string::npos)
            result.found.push_back(table);
        else
            result.created.push_back(table);
    }
    return result;
}

} // namespace iw
