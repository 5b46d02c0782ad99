// Setting up the PostgreSQL store (see storesetup.h).
#include "storesetup.h"

#include "pgsecret.h"
#include "pgstore.h"
#include "pgtls.h"

#include <libpq-fe.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <map>
#include <memory>

namespace iw {

namespace {

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

namespace {

// A value libpq will not take for `keyword`, judged as libpq 15 does, or empty.
std::string valueProblem(const std::string& keyword, const std::string& value)
{
    static const std::map<std::string, std::vector<std::string>> s_choices {
        { "sslmode", { "disable", "allow", "prefer", "require", "verify-ca", "verify-full" } },
        { "gssencmode", { "disable", "prefer", "require" } },
        { "channel_binding", { "disable", "prefer", "require" } },
        { "target_session_attrs", { "any", "read-write", "read-only", "primary", "standby", "prefer-standby" } },
        { "ssl_min_protocol_version", { "", "TLSv1", "TLSv1.1", "TLSv1.2", "TLSv1.3" } },
        { "ssl_max_protocol_version", { "", "TLSv1", "TLSv1.1", "TLSv1.2", "TLSv1.3" } },
    };
    static const std::vector<std::string> s_integers { "connect_timeout", "keepalives", "keepalives_idle",
        "keepalives_interval", "keepalives_count", "tcp_user_timeout" };
    // libpq's parse_int_param: optional blanks, an optional sign, digits, optional blanks, nothing else.
    const auto integer = [](const std::string& text, long& out) {
        errno = 0;
        char* end = nullptr;
        out = std::strtol(text.c_str(), &end, 10);
        if (end == text.c_str() || errno == ERANGE || out < INT_MIN || out > INT_MAX)
            return false;
        while (*end == ' ' || *end == '\t')
            ++end;
        return *end == '\0';
    };
    if (const auto it = s_choices.find(keyword); it != s_choices.end()) {
        if (std::find(it->second.begin(), it->second.end(), value) == it->second.end())
            return "invalid " + keyword + " value: \"" + value + "\"";
        return {};
    }
    if (keyword == "port") {
        // A comma-separated list, one per host; an empty entry is the default port.
        std::size_t from = 0;
        for (;;) {
            const std::size_t comma = value.find(',', from);
            const std::string port = value.substr(from, comma == std::string::npos ? std::string::npos : comma - from);
            long n = 0;
            if (!port.empty() && (!integer(port, n) || n < 1 || n > 65535))
                return "invalid port number: \"" + port + "\" (a port is a whole number from 1 to 65535)";
            if (comma == std::string::npos)
                break;
            from = comma + 1;
        }
        return {};
    }
    if (std::find(s_integers.begin(), s_integers.end(), keyword) != s_integers.end()) {
        long n = 0;
        if (!value.empty() && !integer(value, n))
            return "invalid integer value \"" + value + "\" for connection option \"" + keyword + "\"";
    }
    return {};
}

const char* const kProbeValue = "iw-conninfo-probe";

} // namespace

std::map<std::string, std::string> resolvedConninfo(const std::string& conninfo)
{
    // The probe of conninfoProblem: target_session_attrs is the last value connectOptions2 checks, so libpq stops
    // there, before any network, with every option resolved as it would connect.
    std::map<std::string, std::string> resolved;
    const char* keys[] = { "dbname", "target_session_attrs", nullptr };
    const char* values[] = { conninfo.c_str(), kProbeValue, nullptr };
    std::unique_ptr<PGconn, ConnDeleter> probe(PQconnectStartParams(keys, values, 1));
    if (!probe)
        return resolved;
    if (PQconninfoOption* used = PQconninfo(probe.get())) {
        for (const PQconninfoOption* o = used; o->keyword; ++o)
            if (o->val && *o->val)
                resolved[o->keyword] = o->val;
        PQconninfoFree(used);
    }
    resolved.erase("target_session_attrs");
    return resolved;
}

std::string conninfoProblem(const std::string& conninfo)
{
    char* error = nullptr;
    PQconninfoOption* options = PQconninfoParse(conninfo.c_str(), &error);
    if (!options) {
        const std::string why = error ? tellingLine(error) : std::string("libpq ran out of memory");
        PQfreemem(error);
        return "the PostgreSQL connection string does not parse: " + redactPassword(why, conninfo);
    }
    PQconninfoFree(options);

    // Values libpq refuses before any connection (docs/reference/cli.md: bad input, not a database error). libpq itself
    // applies the PG* environment and the service file and checks host and port counts, an unknown service and most
    // values in connectOptions2, which runs before any network: target_session_attrs is the last value it checks, so a
    // probe value there makes every attempt stop right after the checks, and its own message says whether an
    // earlier one failed. What libpq only checks on the way to the server (port numbers, timeouts) and the value
    // the probe hides are checked here on the options as libpq resolved them.
    const char* keys[] = { "dbname", "target_session_attrs", nullptr };
    const char* values[] = { conninfo.c_str(), kProbeValue, nullptr };
    std::unique_ptr<PGconn, ConnDeleter> probe(PQconnectStartParams(keys, values, 1));
    if (!probe)
        return "the PostgreSQL connection string cannot be checked: libpq ran out of memory";
    const std::string why = tellingLine(PQerrorMessage(probe.get()));
    if (PQstatus(probe.get()) != CONNECTION_BAD || why.find(kProbeValue) == std::string::npos)
        return "the PostgreSQL connection string cannot be used: " + redactPassword(why, conninfo);
    std::map<std::string, std::string> resolved;
    if (PQconninfoOption* used = PQconninfo(probe.get())) {
        for (const PQconninfoOption* o = used; o->keyword; ++o)
            if (o->val)
                resolved[o->keyword] = o->val;
        PQconninfoFree(used);
    }
    // The probe replaced target_session_attrs: the user's comes from the conninfo or PGTARGETSESSIONATTRS.
    resolved.erase("target_session_attrs");
    if (PQconninfoOption* given = PQconninfoParse(conninfo.c_str(), nullptr)) {
        for (const PQconninfoOption* o = given; o->keyword; ++o)
            if (o->val && std::string_view(o->keyword) == "target_session_attrs")
                resolved[o->keyword] = o->val;
        PQconninfoFree(given);
    }
    if (!resolved.count("target_session_attrs"))
        if (const char* env = std::getenv("PGTARGETSESSIONATTRS"); env && *env)
            resolved["target_session_attrs"] = env;
    for (const auto& [keyword, value] : resolved)
        if (const std::string problem = valueProblem(keyword, value); !problem.empty())
            return "the PostgreSQL connection string cannot be used: " + redactPassword(problem, conninfo);
    return {};
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
                    + tellingLine(conn ? PQerrorMessage(conn.get()) : nullptr),
                conninfo));
    const char* params[] = { result.schema.c_str() };
    // Every catalog name qualified: the role's search_path may put a schema with planted look-alikes first.
    PGresult* raw = PQexecParams(conn.get(),
        "SELECT (SELECT pg_catalog.count(*) FROM pg_catalog.pg_namespace WHERE nspname OPERATOR(pg_catalog.=) "
        "$1)::pg_catalog.text, coalesce((SELECT pg_catalog.string_agg(table_name::pg_catalog.text, ',') FROM "
        "information_schema.tables WHERE table_schema OPERATOR(pg_catalog.=) $1), '')",
        1, nullptr, params, nullptr, nullptr, 0);
    const bool ok = PQresultStatus(raw) == PGRES_TUPLES_OK && PQntuples(raw) == 1;
    const std::string schemaCount = ok ? PQgetvalue(raw, 0, 0) : "";
    const std::string tables = ok ? "," + std::string(PQgetvalue(raw, 0, 1)) + "," : "";
    const std::string error = ok ? "" : tellingLine(PQresultErrorMessage(raw));
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

std::string hopSchemaName(const std::string& schema, std::size_t hop, const std::string& hopName)
{
    constexpr std::size_t maxIdentifier = 63; // NAMEDATALEN - 1: PostgreSQL cuts longer names silently
    std::string name = schema + "_" + std::to_string(hop);
    if (name.size() > maxIdentifier)
        return {};
    std::string tail;
    for (const char c : hopName) {
        const char lower = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
        const bool plain = (lower >= 'a' && lower <= 'z') || (lower >= '0' && lower <= '9') || lower == '_';
        tail += plain ? lower : '_';
    }
    if (!tail.empty() && name.size() + 1 < maxIdentifier)
        name += "_" + tail.substr(0, maxIdentifier - name.size() - 1);
    return name;
}

std::vector<std::unique_ptr<IdempotencyStore>> openHopStores(const std::string& conninfo, const std::string& schema,
    PostgresStore::Pooling pooling, const std::vector<std::string>& hopNames)
{
    std::vector<std::unique_ptr<IdempotencyStore>> stores;
    for (std::size_t i = 0; i < hopNames.size(); ++i) {
        const std::string hopSchema = hopSchemaName(schema, i + 1, hopNames[i]);
        if (hopSchema.empty()) {
            throw StoreError(StoreError::Kind::Fatal,
                "the schema \"" + schema + "\" is too long to name the schema of hop \"" + hopNames[i]
                    + "\" within PostgreSQL's 63 bytes; give a shorter --schema");
        }
        auto store = PostgresStore::connect(conninfo, hopSchema, pooling);
        store->installSchema();
        stores.push_back(std::move(store));
    }
    return stores;
}

} // namespace iw
