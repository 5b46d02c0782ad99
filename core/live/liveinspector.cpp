// LiveInspector: a mapping turned into SQL. The mapping's columns reach SQL only as identifiers escaped by libpq,
// its literal values (separators, delimiters, state names) and every threshold or cursor only as parameters.
// Rules (state, anomalies) compare the raw columns with bounds computed once per statement from now(), so the counts
// are one sequential aggregate of cheap comparisons and a time index can serve a rule; the millisecond forms of the
// times are computed only for the rows that travel (a page, a capped anomaly list).
#include "liveinspector.h"

#include "fingerprint.h"
#include "json.h"

#include <libpq-fe.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <chrono>
#include <cmath>
#include <map>
#include <set>
#include <thread>
#include <tuple>

namespace iw {

namespace {

using Params = std::vector<std::optional<std::string>>;

std::string textAt(const PGresult* r, int row, int col)
{
    return PQgetisnull(r, row, col) ? std::string() : std::string(PQgetvalue(r, row, col), PQgetlength(r, row, col));
}

std::optional<std::string> optTextAt(const PGresult* r, int row, int col)
{
    if (PQgetisnull(r, row, col))
        return std::nullopt;
    return textAt(r, row, col);
}

std::optional<long long> optNumberAt(const PGresult* r, int row, int col)
{
    if (PQgetisnull(r, row, col))
        return std::nullopt;
    const char* begin = PQgetvalue(r, row, col);
    const char* end = begin + PQgetlength(r, row, col);
    long long n = 0;
    if (const auto [ptr, ec] = std::from_chars(begin, end, n); ec == std::errc() && ptr == end)
        return n;
    // numeric or floating text ("201.0"): round it
    char* stop = nullptr;
    const std::string text(begin, end);
    const double d = std::strtod(text.c_str(), &stop);
    if (stop == text.c_str() || !std::isfinite(d))
        return std::nullopt;
    return static_cast<long long>(std::llround(d));
}

long long numberAt(const PGresult* r, int row, int col)
{
    return optNumberAt(r, row, col).value_or(0);
}

bool boolAt(const PGresult* r, int row, int col)
{
    return !PQgetisnull(r, row, col) && PQgetvalue(r, row, col)[0] == 't';
}

// A text[] literal, passed as a parameter (never spliced).
std::string textArray(const std::vector<std::string>& values)
{
    std::string out = "{";
    for (std::size_t i = 0; i < values.size(); ++i) {
        out += i ? ",\"" : "\"";
        for (const char c : values[i]) {
            if (c == '"' || c == '\\')
                out += '\\';
            out += c;
        }
        out += '"';
    }
    return out + "}";
}

bool isTimestampType(const std::string& t)
{
    return t == "timestamp with time zone" || t == "timestamp without time zone" || t == "date";
}

bool isIntegerType(const std::string& t)
{
    return t == "smallint" || t == "integer" || t == "bigint";
}

bool isNumericType(const std::string& t)
{
    return isIntegerType(t) || t == "numeric" || t == "real" || t == "double precision";
}

bool isTextType(const std::string& t)
{
    return t == "text" || t == "character varying" || t == "character" || t == "name";
}

bool isJsonType(const std::string& t)
{
    return t == "json" || t == "jsonb";
}

std::string joinNames(const std::vector<std::string>& names)
{
    std::string out;
    for (const std::string& n : names)
        out += (out.empty() ? "" : ", ") + n;
    return out;
}

std::string sentenceList(const std::vector<std::string>& parts)
{
    std::string out;
    for (std::size_t i = 0; i < parts.size(); ++i)
        out += (i == 0 ? "" : (i + 1 == parts.size() ? " and " : ", ")) + parts[i];
    return out;
}

// Type OIDs of parameters declared up front (pg_type.h): a statement need not mention every constant.
constexpr unsigned kTextOid = 25;
constexpr unsigned kTextArrayOid = 1009;
constexpr unsigned kBigintOid = 20;

// A statement under construction: the mapping's constants first, then its own parameters, each cast where used.
class Statement {
public:
    Statement(const Params& constants, const std::vector<unsigned>& types)
        : m_params(constants)
        , m_types(types)
    {
    }
    // A value whose type the server infers from where it is used (a cursor compared with its column).
    std::string add(std::optional<std::string> value)
    {
        m_params.push_back(std::move(value));
        m_types.push_back(0);
        return "$" + std::to_string(m_params.size());
    }
    std::string number(long long n)
    {
        m_params.push_back(std::to_string(n));
        m_types.push_back(kBigintOid);
        return "($" + std::to_string(m_params.size()) + "::bigint)";
    }
    const Params& params() const { return m_params; }
    const std::vector<unsigned>& types() const { return m_types; }

private:
    Params m_params;
    std::vector<unsigned> m_types;
};

const std::string kNowMs = "(pg_catalog.floor(extract(epoch from pg_catalog.now()) * 1000)::bigint)";

struct ColumnInfo {
    std::string dataType; // information_schema.columns.data_type
};

} // namespace

struct LiveInspector::Impl {
    LiveConnection& conn;
    LiveMapping mapping;
    LiveTableRef table;
    long long oid = 0;
    std::string from; // the escaped, qualified table
    std::map<std::string, ColumnInfo> columns;
    Params constants;
    std::vector<unsigned> constantTypes;

    // The normalized row: one expression per record field, over the table's own columns.
    std::string actor, operation, key, rawState, terminal, markedExpired, createdMs, expiresMs, leaseMs, completedMs,
        status, statusMissing, hasBody, bodyBytes, fingerprint, fingerprintGroup, resultId;
    std::string zone; // the mapping's time zone as a parameter, or empty
    std::optional<LiveZoneWarning> zoneWarning;
    bool hasStatus = false;
    bool hasBodyColumn = false;
    bool hasFingerprint = false;
    bool canonicalFingerprint = false;

    Impl(LiveConnection& c, LiveMapping m)
        : conn(c)
        , mapping(std::move(m))
    {
    }

    std::string what(const std::string& verb) const { return verb + " " + table.display; }

    std::string col(const std::string& name) const { return conn.quoteIdentifier(name); }

    std::string constant(const std::string& value, const char* type)
    {
        constants.emplace_back(value);
        constantTypes.push_back(std::string_view(type) == "text[]" ? kTextArrayOid : kTextOid);
        return "($" + std::to_string(constants.size()) + "::" + type + ")";
    }

    // --- Resolving the table.

    struct Found {
        long long oid = 0;
        LiveTableRef ref;
    };

    static std::optional<Found> firstRow(const PGresult* r)
    {
        if (PQntuples(r) == 0)
            return std::nullopt;
        Found f;
        f.oid = numberAt(r, 0, 0);
        f.ref = { textAt(r, 0, 1), textAt(r, 0, 2), textAt(r, 0, 3) };
        return f;
    }

    void resolve(const std::string& name)
    {
        if (name.empty())
            throw LiveError(LiveError::Kind::BadInput,
                "no table given, and the " + mapping.name + " mapping names no default table");
        if (name.find('\0') != std::string::npos)
            throw LiveError(LiveError::Kind::BadInput, "a table name cannot contain a NUL character");
        // Inspection runs with search_path = pg_catalog, pg_temp (LiveConnection::begin): a name is looked for in the
        // session's own search path as the connection found it, in its order, given as a parameter.
        const std::string path = textArray(conn.searchPathSchemas());
        const std::string select
            = "SELECT c.oid::bigint, n.nspname::text, c.relname::text, pg_catalog.quote_ident(n.nspname) || '.' || "
              "pg_catalog.quote_ident(c.relname) FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid "
              "= c.relnamespace WHERE c.relkind IN ('r', 'p', 'v', 'm', 'f') AND ";
        const std::string step = "look up the table " + name;
        // 1. Exactly as written: a table in the search path (the first schema that has it), or "schema.table"
        //    spelled out.
        std::optional<Found> found = conn.readOnly([&] {
            const LiveResult r = conn.exec(select
                    + "((c.relname::text = $1::text AND n.nspname::text = ANY($2::text[])) OR n.nspname::text || '.' "
                      "|| c.relname::text = $1::text) ORDER BY (c.relname::text = $1::text) DESC, "
                      "pg_catalog.array_position($2::text[], n.nspname::text) LIMIT 1",
                { name, path }, step);
            return firstRow(r.get());
        });
        // 2. As an SQL name: quotes and case folding (parse_ident), then the search path for a name without a schema.
        //    A name SQL cannot parse is simply not found.
        if (!found) {
            std::vector<std::string> parts;
            try {
                parts = conn.readOnly([&] {
                    const LiveResult r
                        = conn.exec("SELECT p.part FROM pg_catalog.unnest(pg_catalog.parse_ident($1::text)) WITH "
                                    "ORDINALITY AS p(part, i) ORDER BY p.i",
                            { name }, step);
                    std::vector<std::string> out;
                    for (int i = 0; i < PQntuples(r.get()); ++i)
                        out.push_back(textAt(r.get(), i, 0));
                    return out;
                });
            } catch (const LiveError& e) {
                if (e.kind() != LiveError::Kind::Server)
                    throw;
            }
            if (parts.size() == 3 && parts[0] == conn.database())
                parts.erase(parts.begin());
            if (parts.size() == 1 || parts.size() == 2) {
                found = conn.readOnly([&] {
                    const LiveResult r = parts.size() == 1
                        ? conn.exec(select
                                + "c.relname::text = $1::text AND n.nspname::text = ANY($2::text[]) ORDER BY "
                                  "pg_catalog.array_position($2::text[], n.nspname::text) LIMIT 1",
                            { parts[0], path }, step)
                        : conn.exec(select + "n.nspname::text = $1::text AND c.relname::text = $2::text",
                            { parts[0], parts[1] }, step);
                    return firstRow(r.get());
                });
            }
        }
        // 3. A table of that name outside the search path, when there is exactly one.
        if (!found) {
            const auto [count, first, schemas] = conn.readOnly([&] {
                const LiveResult r = conn.exec(select + "c.relname::text = $1::text ORDER BY 2", { name }, step);
                std::vector<std::string> names;
                for (int i = 0; i < PQntuples(r.get()); ++i)
                    names.push_back(textAt(r.get(), i, 1));
                return std::make_tuple(PQntuples(r.get()), firstRow(r.get()), names);
            });
            if (count > 1)
                throw LiveError(LiveError::Kind::Schema,
                    "several schemas have a table named " + name + " (" + joinNames(schemas)
                        + "): name one as schema.table");
            found = first;
        }
        if (!found)
            throw LiveError(LiveError::Kind::Schema,
                "there is no table named " + name + " that user " + conn.user() + " can see in database "
                    + conn.database());
        oid = found->oid;
        table = found->ref;
    }

    void resolve(const LiveTableRef& ref)
    {
        std::optional<Found> found = conn.readOnly([&] {
            const LiveResult r = conn.exec(
                "SELECT c.oid::bigint, n.nspname::text, c.relname::text, pg_catalog.quote_ident(n.nspname) || '.' || "
                "pg_catalog.quote_ident(c.relname) FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid "
                "= "
                "c.relnamespace WHERE n.nspname::text = $1::text AND c.relname::text = $2::text",
                { ref.schema, ref.name }, "look up the table " + ref.schema + "." + ref.name);
            return firstRow(r.get());
        });
        if (!found)
            throw LiveError(LiveError::Kind::Schema,
                "there is no table " + ref.schema + "." + ref.name + " in database " + conn.database()
                    + " (it may have been dropped)");
        oid = found->oid;
        table = found->ref;
    }

    // --- Checking its shape against the mapping (information_schema first, then the unique keys).

    void checkShape()
    {
        struct Shape {
            bool readable = false;
            std::map<std::string, ColumnInfo> columns;
            std::vector<std::set<std::string>> uniqueKeys;
        };
        const Shape shape = conn.readOnly([&] {
            Shape s;
            const LiveResult priv = conn.exec("SELECT pg_catalog.has_table_privilege($1::bigint::oid, 'SELECT')",
                { std::to_string(oid) }, what("check the privileges on"));
            s.readable = boolAt(priv.get(), 0, 0);
            const LiveResult cols = conn.exec(
                "SELECT column_name::text, data_type::text FROM "
                "information_schema.columns WHERE table_schema::text = $1::text AND table_name::text = $2::text",
                { table.schema, table.name }, what("list the columns of"));
            for (int i = 0; i < PQntuples(cols.get()); ++i)
                s.columns[textAt(cols.get(), i, 0)] = { textAt(cols.get(), i, 1) };
            const LiveResult keys = conn.exec(
                "SELECT i.indexrelid::bigint, a.attname::text FROM pg_catalog.pg_index i CROSS JOIN LATERAL "
                "pg_catalog.unnest(i.indkey::int2[]) AS k(attnum) LEFT JOIN pg_catalog.pg_attribute a ON a.attrelid = "
                "i.indrelid AND a.attnum = k.attnum WHERE i.indrelid = $1::bigint::oid AND i.indisunique AND "
                "i.indpred IS NULL ORDER BY 1",
                { std::to_string(oid) }, what("list the unique keys of"));
            std::map<long long, std::set<std::string>> byIndex;
            std::set<long long> expressions;
            for (int i = 0; i < PQntuples(keys.get()); ++i) {
                const long long index = numberAt(keys.get(), i, 0);
                if (PQgetisnull(keys.get(), i, 1))
                    expressions.insert(index);
                else
                    byIndex[index].insert(textAt(keys.get(), i, 1));
            }
            for (auto& [index, cols] : byIndex)
                if (!expressions.count(index))
                    s.uniqueKeys.push_back(cols);
            return s;
        });
        if (!shape.readable)
            throw LiveError(
                LiveError::Kind::Schema, "user " + conn.user() + " may not read the table " + table.display);
        columns = shape.columns;

        std::vector<std::string> problems;
        const auto type = [&](const std::string& c) -> const std::string* {
            const auto it = columns.find(c);
            return it == columns.end() ? nullptr : &it->second.dataType;
        };
        // One entry per missing column, naming every role it plays (brandur's user_id is actor and key order).
        std::vector<std::pair<std::string, std::vector<std::string>>> absent;
        const auto missing = [&](const std::string& c, const std::string& role) {
            const auto it = std::find_if(absent.begin(), absent.end(), [&](const auto& a) { return a.first == c; });
            if (it == absent.end())
                absent.push_back({ c, { role } });
            else if (std::find(it->second.begin(), it->second.end(), role) == it->second.end())
                it->second.push_back(role);
        };
        const auto mistyped = [&](const std::string& c, const std::string& t, const std::string& expectation) {
            problems.push_back("column " + c + " of type " + t + " where the mapping reads " + expectation);
        };
        const auto text = [&](const LiveTextField& f, const std::string& role) {
            if (f.kind == LiveTextField::Kind::Constant)
                return;
            for (const std::string& c : f.columns)
                if (!type(c))
                    missing(c, role);
        };
        text(mapping.actor, "the actor");
        text(mapping.operation, "the operation");
        text(mapping.key, "the key");
        if (!type(mapping.state.column))
            missing(mapping.state.column, "the state");
        const auto time = [&](LiveTimeField& f, const std::string& role) {
            if (!f.present())
                return;
            const std::string* t = type(f.column);
            if (!t) {
                if (f.optional)
                    f.column.clear();
                else
                    missing(f.column, role);
                return;
            }
            if (f.unit == LiveTimeField::Unit::Timestamp && !isTimestampType(*t))
                mistyped(f.column, *t, role + " as a timestamp");
            if (f.unit != LiveTimeField::Unit::Timestamp && !isNumericType(*t))
                mistyped(f.column, *t,
                    role
                        + (f.unit == LiveTimeField::Unit::EpochSeconds ? " as epoch seconds (a number)"
                                                                       : " as epoch milliseconds (a number)"));
        };
        time(mapping.createdAt, "the creation time");
        time(mapping.expiresAt, "the expiry");
        time(mapping.leaseUntil, "the lease");
        time(mapping.completedAt, "the completion time");
        const auto plain = [&](LiveColumnField& f, const std::string& role) {
            if (f.present() && !type(f.column)) {
                if (f.optional)
                    f.column.clear();
                else
                    missing(f.column, role);
            }
        };
        plain(mapping.statusCode, "the status code");
        plain(mapping.responseBody, "the response body");
        plain(mapping.resultId, "the result ID");
        if (mapping.statusCode.present())
            if (const std::string* t = type(mapping.statusCode.column); t && !isNumericType(*t) && !isTextType(*t))
                mistyped(mapping.statusCode.column, *t, "the status code (a number)");
        if (mapping.fingerprint.present()) {
            const std::string* t = type(mapping.fingerprint.column);
            if (!t) {
                if (mapping.fingerprint.optional)
                    mapping.fingerprint.column.clear();
                else
                    missing(mapping.fingerprint.column, "the fingerprint");
            } else if (mapping.fingerprint.from == LiveFingerprintField::From::CanonicalJson && !isJsonType(*t)) {
                mistyped(mapping.fingerprint.column, *t, "the payload to fingerprint (json or jsonb)");
            }
        }
        for (const std::string& c : mapping.order)
            if (!type(c))
                missing(c, "the paging order");
        for (auto it = absent.rbegin(); it != absent.rend(); ++it) // missing columns first, in the order met
            problems.insert(problems.begin(), "no column " + it->first + " (" + sentenceList(it->second) + ")");
        if (!problems.empty())
            throw LiveError(LiveError::Kind::Schema,
                "the table " + table.display + " does not fit the " + mapping.name + " mapping: it has "
                    + sentenceList(problems));

        const std::set<std::string> order(mapping.order.begin(), mapping.order.end());
        const bool unique
            = std::any_of(shape.uniqueKeys.begin(), shape.uniqueKeys.end(), [&](const std::set<std::string>& key) {
                  return std::includes(order.begin(), order.end(), key.begin(), key.end());
              });
        if (!unique)
            throw LiveError(LiveError::Kind::Schema,
                "the table " + table.display + " has no unique key within (" + joinNames(mapping.order)
                    + "), which keyset paging needs: set \"order\" in the mapping to the columns of a unique key");
    }

    // --- The mapping as SQL expressions.

    std::string textExpr(const LiveTextField& f)
    {
        switch (f.kind) {
        case LiveTextField::Kind::Constant:
            return constant(f.text, "text");
        case LiveTextField::Kind::Columns: {
            const std::string separator = f.columns.size() > 1 ? constant(f.text, "text") : std::string();
            std::string out;
            for (const std::string& c : f.columns)
                out += (out.empty() ? "" : " || " + separator + " || ") + "coalesce(" + col(c) + "::text, '')";
            return "(" + out + ")";
        }
        case LiveTextField::Kind::BeforeLast:
        case LiveTextField::Kind::AfterLast: {
            const std::string c = "coalesce(" + col(f.columns.front()) + "::text, '')";
            const std::string d = constant(f.text, "text");
            const std::string last = "pg_catalog.strpos(pg_catalog.reverse(" + c + "), pg_catalog.reverse(" + d + "))";
            if (f.kind == LiveTextField::Kind::BeforeLast)
                return "(CASE WHEN " + last + " = 0 THEN '' ELSE pg_catalog.left(" + c + ", pg_catalog.length(" + c
                    + ") - " + last + " - pg_catalog.length(" + d + ") + 1) END)";
            return "(CASE WHEN " + last + " = 0 THEN " + c + " ELSE pg_catalog.right(" + c + ", " + last + " - 1) END)";
        }
        }
        return "''";
    }

    // A `timestamp without time zone` or date column: wall-clock times of some zone, not instants.
    bool naive(const LiveTimeField& f) const
    {
        if (!f.present() || f.unit != LiveTimeField::Unit::Timestamp)
            return false;
        const auto it = columns.find(f.column);
        return it != columns.end()
            && (it->second.dataType == "timestamp without time zone" || it->second.dataType == "date");
    }

    // The zone a naive column is read in: the mapping's, which the server must know; with none named, the session's,
    // and a warning naming the columns when that zone is not UTC (their times would be hours off if the application
    // wrote UTC, as Rails and Django with USE_TZ do).
    void checkTimeZone()
    {
        std::vector<std::string> naiveColumns;
        for (const LiveTimeField* f :
            { &mapping.createdAt, &mapping.expiresAt, &mapping.leaseUntil, &mapping.completedAt })
            if (naive(*f) && std::find(naiveColumns.begin(), naiveColumns.end(), f->column) == naiveColumns.end())
                naiveColumns.push_back(f->column);
        if (naiveColumns.empty())
            return;
        if (!mapping.timezone.empty()) {
            try {
                conn.readOnly([&] {
                    conn.exec("SELECT pg_catalog.timezone($1::text, pg_catalog.now())", { mapping.timezone },
                        "check the time zone " + mapping.timezone);
                });
            } catch (const LiveError& e) {
                if (e.kind() != LiveError::Kind::Server
                    || std::string_view(e.what()).find("(SQLSTATE 22023)") == std::string_view::npos)
                    throw;
                throw LiveError(LiveError::Kind::BadInput,
                    "the " + mapping.name + " mapping reads " + sentenceList(naiveColumns) + " in the time zone \""
                        + mapping.timezone + "\" (its \"timezone\"), which PostgreSQL does not know: name one of "
                        + "pg_timezone_names, such as \"UTC\" or \"Europe/Berlin\"");
            }
            return;
        }
        const auto [sessionZone, utc] = conn.readOnly([&] {
            // UTC in winter and in summer: a zone that only looks like UTC half the year (Europe/London) is not.
            const LiveResult r = conn.exec("SELECT pg_catalog.current_setting('TimeZone'), extract(timezone from "
                                           "pg_catalog.now()) = 0 AND extract(timezone from pg_catalog.now() + "
                                           "interval '182 days') = 0",
                {}, "read the session's time zone");
            return std::make_pair(textAt(r.get(), 0, 0), boolAt(r.get(), 0, 1));
        });
        if (!utc)
            zoneWarning = LiveZoneWarning { naiveColumns, sessionZone };
    }

    // An epoch column in milliseconds, as numeric: no value can overflow it (nanoseconds read as seconds, the
    // 9223372036854775807 sentinel), so the range is checked before anything becomes a bigint.
    std::string epochNumeric(const LiveTimeField& f) const
    {
        const std::string c = col(f.column);
        const std::string plus = f.plusMs ? " + (" + std::to_string(f.plusMs) + ")::numeric" : std::string();
        if (f.unit == LiveTimeField::Unit::EpochSeconds)
            return "(pg_catalog.round(NULLIF(" + c + ", 0)::numeric * 1000)" + plus + ")";
        return "(pg_catalog.round(NULLIF(" + c + ", 0)::numeric)" + plus + ")";
    }

    // Within ±2^53 ms (about 285,000 years): a time a JSON number and a bigint both carry exactly.
    std::string epochInRange(const LiveTimeField& f) const
    {
        return "(pg_catalog.abs(" + epochNumeric(f) + ") <= 9007199254740992)";
    }

    // Epoch milliseconds, or NULL for a value that is no time in its unit (reported as time_out_of_range).
    std::string timeExpr(const LiveTimeField& f) const
    {
        if (!f.present())
            return "NULL::bigint";
        const std::string c = col(f.column);
        const std::string plus = f.plusMs ? " + (" + std::to_string(f.plusMs) + ")::bigint" : std::string();
        switch (f.unit) {
        case LiveTimeField::Unit::Timestamp: {
            // A naive column is read in the zone the mapping names, else (with a warning) in the session's.
            const std::string instant = naive(f) && !zone.empty()
                ? "pg_catalog.timezone(" + zone + ", " + c + "::timestamp)"
                : c + "::timestamptz";
            return "(CASE WHEN pg_catalog.isfinite(" + c + ") THEN pg_catalog.floor(extract(epoch from " + instant
                + ") * 1000)::bigint" + plus + " END)";
        }
        case LiveTimeField::Unit::EpochSeconds:
        case LiveTimeField::Unit::EpochMillis:
            return "(CASE WHEN " + epochInRange(f) + " THEN " + epochNumeric(f) + "::bigint END)";
        }
        return "NULL::bigint";
    }

    // The epoch time fields of the mapping, in the order a detail names them.
    std::vector<std::pair<const LiveTimeField*, const char*>> epochFields() const
    {
        std::vector<std::pair<const LiveTimeField*, const char*>> out;
        const std::pair<const LiveTimeField*, const char*> all[]
            = { { &mapping.createdAt, "created_at" }, { &mapping.expiresAt, "expires_at" },
                  { &mapping.leaseUntil, "lease_until" }, { &mapping.completedAt, "completed_at" } };
        for (const auto& f : all)
            if (f.first->present() && f.first->unit != LiveTimeField::Unit::Timestamp)
                out.push_back(f);
        return out;
    }

    // A non-zero epoch value beyond the range (NaN and infinities included: they compare above every number).
    std::string timeOutOfRange() const
    {
        std::string out;
        for (const auto& [f, name] : epochFields())
            out += (out.empty() ? "" : " OR ")
                + ("(coalesce(" + col(f->column) + ", 0) <> 0 AND NOT coalesce(" + epochInRange(*f) + ", false))");
        return out.empty() ? std::string("false") : "(" + out + ")";
    }

    // The raw text of each epoch field, for time_out_of_range's detail.
    std::string rawTimeColumns() const
    {
        std::string out;
        int i = 0;
        for (const auto& [f, name] : epochFields())
            out += ", " + col(f->column) + "::text AS raw_time" + std::to_string(i++);
        return out;
    }

    // The raw column compared with an instant given in epoch milliseconds: `field op msExpr`, written as a bound
    // in the column's own type and units so that an index on the column serves it and the bound is computed once
    // per statement (a scalar subquery is an InitPlan), not once per row.
    std::string timeCompare(const LiveTimeField& f, const std::string& op, const std::string& msExpr) const
    {
        if (!f.present())
            return "false";
        const std::string c = col(f.column);
        const std::string type = columns.at(f.column).dataType;
        const std::string ms = "((" + msExpr + ") - (" + std::to_string(f.plusMs) + ")::bigint)";
        std::string bound;
        switch (f.unit) {
        case LiveTimeField::Unit::Timestamp:
            bound = "pg_catalog.to_timestamp(" + ms + "::double precision / 1000)";
            // The instant as the wall-clock time of the zone a naive column was written in.
            if (naive(f))
                bound
                    = zone.empty() ? "(" + bound + ")::timestamp" : "pg_catalog.timezone(" + zone + ", " + bound + ")";
            if (type == "date")
                bound = "(" + bound + ")::date";
            return "(" + c + " " + op + " (SELECT " + bound + "))";
        case LiveTimeField::Unit::EpochSeconds:
        case LiveTimeField::Unit::EpochMillis: {
            const std::string v = f.unit == LiveTimeField::Unit::EpochSeconds ? "(" + ms + "::numeric / 1000)" : ms;
            if (isIntegerType(type)) // round towards the side that keeps the comparison exact
                bound = (op == "<" || op == ">=" ? "pg_catalog.ceil(" : "pg_catalog.floor(") + v + ")::bigint";
            else if (type == "numeric")
                bound = v + "::numeric";
            else
                bound = v + "::" + type; // real, double precision
            // 0 means "none" in epoch columns (Powertools leaves in_progress_expiration at 0 without a context).
            return "(" + c + " <> 0 AND " + c + " " + op + " (SELECT " + bound + "))";
        }
        }
        return "false";
    }

    std::string timePresent(const LiveTimeField& f) const
    {
        if (!f.present())
            return "false";
        const std::string c = col(f.column);
        return f.unit == LiveTimeField::Unit::Timestamp ? "(" + c + " IS NOT NULL)" : "(coalesce(" + c + ", 0) <> 0)";
    }

    void buildExpressions()
    {
        from = col(table.schema) + "." + col(table.name);
        if (!mapping.timezone.empty())
            zone = constant(mapping.timezone, "text");
        actor = textExpr(mapping.actor);
        operation = textExpr(mapping.operation);
        key = textExpr(mapping.key);
        rawState = "coalesce(" + col(mapping.state.column) + "::text, '')";
        std::vector<std::string> terminalValues = mapping.state.completed;
        terminalValues.insert(terminalValues.end(), mapping.state.expired.begin(), mapping.state.expired.end());
        terminal = "coalesce(" + col(mapping.state.column) + "::text = ANY("
            + constant(textArray(terminalValues), "text[]") + "), false)";
        markedExpired = mapping.state.expired.empty() ? std::string("false")
                                                      : "coalesce(" + col(mapping.state.column) + "::text = ANY("
                + constant(textArray(mapping.state.expired), "text[]") + "), false)";
        createdMs = timeExpr(mapping.createdAt);
        expiresMs = timeExpr(mapping.expiresAt);
        leaseMs = timeExpr(mapping.leaseUntil);
        completedMs = timeExpr(mapping.completedAt);
        hasStatus = mapping.statusCode.present();
        status = hasStatus ? col(mapping.statusCode.column) + "::text" : std::string("NULL::text");
        statusMissing = hasStatus ? "(" + col(mapping.statusCode.column) + " IS NULL)" : std::string("true");
        hasBodyColumn = mapping.responseBody.present();
        hasBody = hasBodyColumn ? "(" + col(mapping.responseBody.column) + " IS NOT NULL)" : std::string("false");
        bodyBytes = hasBodyColumn ? "pg_catalog.octet_length(" + col(mapping.responseBody.column) + "::text)"
                                  : std::string("NULL::integer");
        hasFingerprint = mapping.fingerprint.present();
        canonicalFingerprint = hasFingerprint && mapping.fingerprint.from == LiveFingerprintField::From::CanonicalJson;
        fingerprint = hasFingerprint ? col(mapping.fingerprint.column) + "::text" : std::string("NULL::text");
        // jsonb equality is value equality (key order, whitespace and 1.0 vs 1 do not matter), as RFC 8785's is.
        fingerprintGroup = canonicalFingerprint ? col(mapping.fingerprint.column) + "::jsonb" : fingerprint;
        resultId = mapping.resultId.present() ? col(mapping.resultId.column) + "::text" : std::string("NULL::text");
    }

    // The record's fields for display, over the table's columns (read by name: PQfnumber).
    std::string displayColumns() const
    {
        return actor + " AS actor, " + operation + " AS operation, " + key + " AS key, " + rawState + " AS raw_state, "
            + terminal + " AS terminal, " + markedExpired + " AS marked_expired, " + createdMs + " AS created_ms, "
            + expiresMs + " AS expires_ms, " + leaseMs + " AS lease_ms, " + completedMs + " AS completed_ms, " + status
            + " AS status, " + bodyBytes + " AS body_bytes, " + fingerprint + " AS fp, " + resultId + " AS result_id, "
            + kNowMs + " AS now_ms" + rawTimeColumns();
    }

    // Past expiry by more than `graceMs`: now ≥ expires_at + grace (Powertools: now > expires_at + grace).
    std::string expiredBy(const std::string& graceMs) const
    {
        return timeCompare(mapping.expiresAt, mapping.strictExpiry ? "<" : "<=", kNowMs + " - " + graceMs);
    }

    std::string stateCase() const
    {
        const std::string expired = expiredBy("0");
        return "(CASE WHEN " + terminal + " THEN CASE WHEN " + markedExpired + " OR " + expired
            + " THEN 'expired' ELSE 'completed' END "
            + (mapping.inProgressExpires ? "WHEN " + expired + " THEN 'expired' " : std::string())
            + "ELSE 'in_progress' END)";
    }

    // The rule of a kind over the table's columns (not suspected_key_regeneration, which needs a window).
    std::string condition(LiveAnomalyKind kind, const AnomalyThresholds& t, Statement& st) const
    {
        // Added only where a rule uses it: PostgreSQL cannot type a parameter no statement mentions.
        const bool unused = kind == LiveAnomalyKind::SuspectedKeyRegeneration || kind == LiveAnomalyKind::TimeOutOfRange
            || (kind == LiveAnomalyKind::CompletedWithoutResponse && !hasStatus && !hasBodyColumn);
        const std::string threshold = unused ? std::string() : st.number(t[kind]);
        switch (kind) {
        case LiveAnomalyKind::StuckInProgress:
            return "(NOT " + terminal + " AND CASE WHEN " + timePresent(mapping.leaseUntil) + " THEN "
                + timeCompare(mapping.leaseUntil, "<", kNowMs) + " ELSE "
                + timeCompare(mapping.createdAt, "<", kNowMs + " - " + threshold) + " END)";
        case LiveAnomalyKind::ExpiredNotSwept:
            return "(" + terminal + " AND (" + markedExpired + " OR " + expiredBy(threshold) + "))";
        case LiveAnomalyKind::CompletedWithoutResponse:
            if (!hasStatus && !hasBodyColumn)
                return "false";
            return "(" + terminal + " AND NOT " + markedExpired + " AND " + statusMissing + " AND NOT " + hasBody
                + " AND CASE WHEN " + timePresent(mapping.completedAt) + " THEN "
                + timeCompare(mapping.completedAt, "<=", kNowMs + " - " + threshold) + " ELSE "
                + timeCompare(mapping.createdAt, "<=", kNowMs + " - " + threshold) + " END)";
        case LiveAnomalyKind::InProgressPastExpiry:
            return "(NOT " + terminal + " AND " + expiredBy(threshold) + ")";
        case LiveAnomalyKind::SuspectedKeyRegeneration:
            return "false";
        case LiveAnomalyKind::TimeOutOfRange:
            return timeOutOfRange();
        }
        return "false";
    }

    std::string anomalyMask(const AnomalyThresholds& t, Statement& st) const
    {
        std::string out;
        for (const LiveAnomalyKind kind : kLiveAnomalyKinds) {
            if (kind == LiveAnomalyKind::SuspectedKeyRegeneration)
                continue;
            out += (out.empty() ? "" : " + ") + std::string("(CASE WHEN ") + condition(kind, t, st) + " THEN "
                + std::to_string(anomalyBit(kind)) + " ELSE 0 END)";
        }
        return "(" + out + ")";
    }

    // --- Queries (inside a read-only transaction).

    std::pair<Millis, std::string> now()
    {
        const LiveResult r = conn.exec("SELECT " + kNowMs
                + ", pg_catalog.to_char(pg_catalog.now() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')",
            {}, "read the database's clock");
        return { numberAt(r.get(), 0, 0), textAt(r.get(), 0, 1) };
    }

    // Whether this is a hot standby, and the age of the last transaction it replayed (the replica's lag).
    std::pair<bool, std::optional<Millis>> recovery()
    {
        const LiveResult r = conn.exec("SELECT pg_catalog.pg_is_in_recovery(), (extract(epoch from (pg_catalog.now() - "
                                       "pg_catalog.pg_last_xact_replay_timestamp())) * 1000)::bigint",
            {}, "ask whether the server is a hot standby");
        const bool standby = textAt(r.get(), 0, 0) == "t";
        if (!standby || PQgetisnull(r.get(), 0, 1))
            return { standby, std::nullopt };
        return { standby, std::max<Millis>(0, numberAt(r.get(), 0, 1)) };
    }

    // One sequential pass: every filter compares raw columns with bounds computed once.
    LiveCounts countQuery(const AnomalyThresholds& t)
    {
        Statement st(constants, constantTypes);
        const std::string expired = expiredBy("0");
        std::string sql = "SELECT pg_catalog.count(*), pg_catalog.count(*) FILTER (WHERE " + terminal
            + "), pg_catalog.count(*) FILTER (WHERE " + terminal + " AND (" + markedExpired + " OR " + expired + ")), "
            + (mapping.inProgressExpires ? "pg_catalog.count(*) FILTER (WHERE NOT " + terminal + " AND " + expired + ")"
                                         : std::string("0"));
        const bool leaseMapped = mapping.leaseUntil.present();
        sql += leaseMapped ? ", pg_catalog.count(*) FILTER (WHERE NOT " + terminal + " AND NOT "
                + timePresent(mapping.leaseUntil) + ")"
                           : std::string(", 0");
        for (const LiveAnomalyKind kind : kLiveAnomalyKinds)
            if (kind != LiveAnomalyKind::SuspectedKeyRegeneration)
                sql += ", pg_catalog.count(*) FILTER (WHERE " + condition(kind, t, st) + ")";
        sql += " FROM " + from;
        const LiveResult r = conn.exec(sql, st.params(), st.types(), what("count the records of"));
        LiveCounts c;
        c.total = numberAt(r.get(), 0, 0);
        const long long terminalRows = numberAt(r.get(), 0, 1);
        const long long terminalExpired = numberAt(r.get(), 0, 2);
        const long long openExpired = numberAt(r.get(), 0, 3);
        c.expired = terminalExpired + openExpired;
        c.completed = terminalRows - terminalExpired;
        c.inProgress = c.total - terminalRows - openExpired;
        c.leaseMapped = leaseMapped;
        c.openWithoutLease = numberAt(r.get(), 0, 4);
        c.openWithLease = leaseMapped ? c.total - terminalRows - c.openWithoutLease : 0;
        int column = 5;
        for (const LiveAnomalyKind kind : kLiveAnomalyKinds)
            if (kind != LiveAnomalyKind::SuspectedKeyRegeneration)
                c.anomalies[static_cast<std::size_t>(kind)] = numberAt(r.get(), 0, column++);
        return c;
    }

    // What a listed row says about its anomaly: the facts its detail sentence is made of (anomalyDetail).
    LiveAnomalyFacts facts(LiveAnomalyKind kind, const PGresult* r, int row, const AnomalyThresholds& t) const
    {
        const Millis nowMs = numberAt(r, row, PQfnumber(r, "now_ms"));
        const auto created = optNumberAt(r, row, PQfnumber(r, "created_ms"));
        const auto lease = optNumberAt(r, row, PQfnumber(r, "lease_ms"));
        const auto expires = optNumberAt(r, row, PQfnumber(r, "expires_ms"));
        const auto completed = optNumberAt(r, row, PQfnumber(r, "completed_ms"));
        LiveAnomalyFacts f;
        f.known = true;
        if (created)
            f.ageMs = nowMs - *created;
        switch (kind) {
        case LiveAnomalyKind::StuckInProgress:
            if (lease)
                f.leaseEndedAgoMs = nowMs - *lease;
            f.thresholdMs = t[kind];
            break;
        case LiveAnomalyKind::ExpiredNotSwept:
            f.markedExpired = boolAt(r, row, PQfnumber(r, "marked_expired"));
            f.agoMs = nowMs - expires.value_or(nowMs);
            break;
        case LiveAnomalyKind::CompletedWithoutResponse:
            f.agoMs = nowMs - completed.value_or(created.value_or(nowMs));
            break;
        case LiveAnomalyKind::InProgressPastExpiry:
            f.agoMs = nowMs - expires.value_or(nowMs);
            break;
        case LiveAnomalyKind::SuspectedKeyRegeneration:
            break;
        case LiveAnomalyKind::TimeOutOfRange: {
            int i = 0;
            for (const auto& [field, name] : epochFields()) {
                const int column = PQfnumber(r, ("raw_time" + std::to_string(i++)).c_str());
                const auto raw = optTextAt(r, row, column);
                const char* ms = field == &mapping.createdAt ? "created_ms"
                    : field == &mapping.expiresAt            ? "expires_ms"
                    : field == &mapping.leaseUntil           ? "lease_ms"
                                                             : "completed_ms";
                if (!raw || *raw == "0" || optNumberAt(r, row, PQfnumber(r, ms)))
                    continue;
                f.field = name;
                f.column = field->column;
                f.unit = std::string(timeUnitName(field->unit));
                f.rawValue = raw->substr(0, 40);
                f.rawChars = raw->size();
                break;
            }
            break;
        }
        }
        return f;
    }

    // The key order's columns as text (k0, k1, …), from the table or, with a prefix, from a subquery's columns.
    std::string keyCursorColumns(const std::string& prefix) const
    {
        std::string out;
        for (std::size_t i = 0; i < mapping.order.size(); ++i) {
            const std::string alias = "k" + std::to_string(i);
            out += ", " + (prefix.empty() ? col(mapping.order[i]) + "::text" : prefix + alias) + " AS " + alias;
        }
        return out;
    }

    std::vector<std::optional<std::string>> keyCursorAt(const PGresult* r, int row) const
    {
        std::vector<std::optional<std::string>> out;
        const int first = PQfnumber(r, "k0");
        for (std::size_t i = 0; first >= 0 && i < mapping.order.size(); ++i)
            out.push_back(optTextAt(r, row, first + static_cast<int>(i)));
        return out;
    }

    Scope scopeAt(const PGresult* r, int row) const
    {
        return { textAt(r, row, PQfnumber(r, "actor")), textAt(r, row, PQfnumber(r, "operation")),
            textAt(r, row, PQfnumber(r, "key")) };
    }

    // The oldest rows of a kind first (by the raw creation column, which an index may serve).
    std::vector<LiveAnomaly> listQuery(LiveAnomalyKind kind, const AnomalyThresholds& t)
    {
        Statement st(constants, constantTypes);
        const std::string where = condition(kind, t, st);
        const std::string limit = st.number(std::max(0, t.listLimit));
        std::string order = col(mapping.createdAt.column);
        for (const std::string& c : mapping.order)
            order += ", " + col(c);
        const LiveResult r = conn.exec("SELECT " + displayColumns() + keyCursorColumns("") + " FROM " + from + " WHERE "
                + where + " ORDER BY " + order + " LIMIT " + limit,
            st.params(), st.types(), what("list the " + std::string(anomalyKindName(kind)) + " rows of"));
        std::vector<LiveAnomaly> out;
        for (int i = 0; i < PQntuples(r.get()); ++i) {
            const LiveAnomalyFacts f = facts(kind, r.get(), i, t);
            out.push_back({ kind, scopeAt(r.get(), i), numberAt(r.get(), i, PQfnumber(r.get(), "created_ms")),
                anomalyDetail(kind, f), keyCursorAt(r.get(), i), f });
        }
        return out;
    }

    // Same actor, operation and fingerprint under another key created within the window: a window function over
    // the rows of the lookback period, so the server sorts a bounded slice (through the time index when there is
    // one) and only the listed rows travel.
    std::pair<long long, std::vector<LiveAnomaly>> regenerationQuery(const AnomalyThresholds& t)
    {
        if (!hasFingerprint)
            return {};
        const LiveAnomalyKind kind = LiveAnomalyKind::SuspectedKeyRegeneration;
        Statement st(constants, constantTypes);
        const std::string lookback = st.number(t.regenerationLookbackMs);
        const std::string window = st.number(t[kind]);
        const std::string limit = st.number(std::max(1, t.listLimit));
        const std::string sql = "SELECT x.actor, x.operation, x.key, x.created_ms, x.prev_key, x.prev_created, "
                                "pg_catalog.count(*) OVER ()"
            + keyCursorColumns("x.") + " FROM (SELECT " + actor + " AS actor, " + operation + " AS operation, " + key
            + " AS key, " + createdMs + " AS created_ms, pg_catalog.lag(" + key
            + ") OVER w AS prev_key, pg_catalog.lag(" + createdMs + ") OVER w AS prev_created" + keyCursorColumns("")
            + " FROM " + from + " WHERE " + col(mapping.fingerprint.column) + " IS NOT NULL AND "
            + timeCompare(mapping.createdAt, ">=", kNowMs + " - " + lookback) + " WINDOW w AS (PARTITION BY " + actor
            + ", " + operation + ", " + fingerprintGroup + " ORDER BY " + createdMs + ", " + key
            + ")) x WHERE x.prev_key IS NOT NULL AND x.prev_key <> x.key AND x.created_ms - x.prev_created <= " + window
            + " ORDER BY x.created_ms, x.actor, x.operation, x.key LIMIT " + limit;
        const LiveResult r = conn.exec(sql, st.params(), st.types(), what("look for regenerated keys in"));
        std::vector<LiveAnomaly> out;
        long long count = 0;
        for (int i = 0; i < PQntuples(r.get()); ++i) {
            count = numberAt(r.get(), i, 6);
            LiveAnomalyFacts f;
            f.known = true;
            f.otherKey = textAt(r.get(), i, 4);
            f.agoMs = numberAt(r.get(), i, 3) - numberAt(r.get(), i, 5);
            out.push_back({ kind, { textAt(r.get(), i, 0), textAt(r.get(), i, 1), textAt(r.get(), i, 2) },
                numberAt(r.get(), i, 3), anomalyDetail(kind, f), keyCursorAt(r.get(), i), f });
        }
        if (t.listLimit <= 0) // the count still matters
            out.clear();
        return { count, out };
    }

    std::vector<std::string> sortColumns(LiveOrder order) const
    {
        std::vector<std::string> out;
        if (order == LiveOrder::ByTime)
            out.push_back(mapping.createdAt.column);
        for (const std::string& c : mapping.order)
            if (std::find(out.begin(), out.end(), c) == out.end())
                out.push_back(c);
        return out;
    }

    // A seek value the column's type cannot take is one sentence naming the column, not the server's message.
    void checkSeekValues(
        const std::vector<std::string>& sort, const std::vector<std::optional<std::string>>& values) const
    {
        for (std::size_t i = 0; i < values.size() && i < sort.size(); ++i) {
            if (!values[i])
                continue;
            const std::string& type = columns.at(sort[i]).dataType;
            const std::string& v = *values[i];
            bool fits = true;
            if (isIntegerType(type)) {
                long long n = 0;
                const char* b = v.data() + (v.size() > 1 && v[0] == '-' ? 1 : 0);
                const auto [ptr, ec] = std::from_chars(b, v.data() + v.size(), n);
                fits = !v.empty() && ec == std::errc() && ptr == v.data() + v.size();
            } else if (isNumericType(type)) {
                char* stop = nullptr;
                std::strtod(v.c_str(), &stop);
                fits = !v.empty() && stop == v.c_str() + v.size();
            }
            if (!fits)
                throw LiveError(LiveError::Kind::BadInput,
                    "\"" + v + "\" is not a value of the column " + sort[i] + " (" + type
                        + "), which the seek compares it "
                          "with"
                        + (i == 0 && sort.size() > 1 ? " (the first of " + joinNames(sort) + ")" : std::string()));
        }
    }

    // Runs a page statement; a data exception (SQLSTATE class 22: a seek value of the wrong type or range) becomes
    // one sentence naming the columns.
    LiveResult execSeek(const std::string& sql, const Statement& st, const std::vector<std::string>& sort)
    {
        try {
            return conn.exec(sql, st.params(), st.types(), what("read a page of"));
        } catch (const LiveError& e) {
            if (e.kind() != LiveError::Kind::Server
                || std::string_view(e.what()).find("(SQLSTATE 22") == std::string::npos)
                throw;
            std::vector<std::string> typed;
            for (const std::string& c : sort)
                typed.push_back(c + " (" + columns.at(c).dataType + ")");
            throw LiveError(LiveError::Kind::BadInput,
                "the value sought does not fit the columns the seek compares it with: " + sentenceList(typed));
        }
    }

    LivePage pageQuery(const LivePageQuery& q, const AnomalyThresholds& t)
    {
        using From = LivePageQuery::From;
        if (q.from == From::Around) {
            LivePageQuery before = q;
            before.from = From::Before;
            before.limit = std::max(1, q.limit / 2);
            LivePageQuery rest = q;
            rest.from = From::AtKey;
            rest.limit = std::max(1, q.limit - before.limit);
            LivePage page = pageQuery(before, t);
            LivePage after = pageQuery(rest, t);
            page.records.insert(page.records.end(), std::make_move_iterator(after.records.begin()),
                std::make_move_iterator(after.records.end()));
            page.moreAfter = after.moreAfter;
            return page;
        }
        const std::vector<std::string> sort = sortColumns(q.order);
        const bool backwards = q.from == From::Last || q.from == From::Before;
        Statement st(constants, constantTypes);
        const std::string mask = anomalyMask(t, st);
        std::string orderBy;
        std::string selectSort;
        for (std::size_t i = 0; i < sort.size(); ++i) {
            orderBy += (i ? ", " : "") + col(sort[i]) + (backwards ? " DESC" : "");
            selectSort += ", " + col(sort[i]) + "::text AS s" + std::to_string(i);
        }
        std::string where;
        const auto rowOf = [&](std::size_t n) {
            std::string cols;
            std::string values;
            for (std::size_t i = 0; i < n; ++i) {
                cols += (i ? ", " : "") + col(sort[i]);
                values += (i ? ", " : "") + st.add(q.cursor[i]);
            }
            return std::make_pair("(" + cols + ")", "(" + values + ")");
        };
        switch (q.from) {
        case From::First:
        case From::Last:
            break;
        case From::After:
        case From::Before: {
            if (q.cursor.size() != sort.size())
                throw LiveError(LiveError::Kind::BadInput, "a page cursor must hold one value per order column");
            const auto [cols, values] = rowOf(sort.size());
            where = " WHERE " + cols + (q.from == From::After ? " > " : " < ") + values;
            break;
        }
        case From::AtKey: {
            if (q.cursor.empty() || q.cursor.size() > sort.size())
                throw LiveError(LiveError::Kind::BadInput,
                    "seeking needs between 1 and " + std::to_string(sort.size()) + " key values");
            checkSeekValues(sort, q.cursor);
            const auto [cols, values] = rowOf(q.cursor.size());
            where = " WHERE " + cols + " >= " + values;
            break;
        }
        case From::Around:
            break;
        case From::AtTime:
            where = " WHERE " + timeCompare(mapping.createdAt, ">=", st.number(q.atMs));
            break;
        }
        const int limit = std::max(1, q.limit);
        // The cursor values travel as text and come back as untyped parameters, which PostgreSQL reads as the
        // column's own type: the row comparison then walks the unique index (or the time index) from there.
        const std::string sql = "SELECT " + displayColumns() + ", " + stateCase() + " AS state, " + mask + " AS mask"
            + selectSort + " FROM " + from + where + " ORDER BY " + orderBy + " LIMIT " + st.number(limit + 1);
        const LiveResult r = execSeek(sql, st, sort);

        LivePage page;
        page.order = q.order;
        const int rows = PQntuples(r.get());
        const int kept = std::min(rows, limit);
        (backwards ? page.moreBefore : page.moreAfter) = rows > limit;
        (backwards ? page.moreAfter : page.moreBefore) = q.from != From::First && q.from != From::Last;
        page.records.reserve(static_cast<std::size_t>(kept));
        for (int i = 0; i < kept; ++i)
            page.records.push_back(recordAt(r.get(), i, static_cast<int>(sort.size())));
        if (backwards)
            std::reverse(page.records.begin(), page.records.end());
        return page;
    }

    // The first row (in `order`) that `where` matches: its scope and its cursor in that order.
    std::optional<Located> locate(const std::string& where, Statement& st, LiveOrder order)
    {
        const std::vector<std::string> sort = sortColumns(order);
        std::string selectSort;
        std::string orderBy;
        for (std::size_t i = 0; i < sort.size(); ++i) {
            selectSort += ", " + col(sort[i]) + "::text AS s" + std::to_string(i);
            orderBy += (i ? ", " : "") + col(sort[i]);
        }
        const LiveResult r = conn.exec("SELECT " + actor + " AS actor, " + operation + " AS operation, " + key
                + " AS key" + selectSort + " FROM " + from + " WHERE " + where + " ORDER BY " + orderBy + " LIMIT 1",
            st.params(), st.types(), what("look for the record in"));
        if (PQntuples(r.get()) == 0)
            return std::nullopt;
        Located out;
        out.scope = scopeAt(r.get(), 0);
        const int first = PQfnumber(r.get(), "s0");
        for (std::size_t i = 0; i < sort.size(); ++i)
            out.cursor.push_back(optTextAt(r.get(), 0, first + static_cast<int>(i)));
        return out;
    }

    LiveRecord recordAt(const PGresult* r, int row, int sortCount) const
    {
        const auto at = [&](const char* name) { return PQfnumber(r, name); };
        LiveRecord rec;
        rec.scope = scopeAt(r, row);
        const std::string state = textAt(r, row, at("state"));
        rec.state = state == "completed" ? RecordState::Completed
            : state == "expired"         ? RecordState::Expired
                                         : RecordState::InProgress;
        rec.terminal = boolAt(r, row, at("terminal"));
        rec.storedState = textAt(r, row, at("raw_state"));
        if (const auto fp = optTextAt(r, row, at("fp"))) {
            if (canonicalFingerprint) {
                try {
                    rec.fingerprint = fingerprintOf(json::parse(*fp)).sha256;
                } catch (const std::exception&) {
                    rec.fingerprint = sha256Hex(*fp); // beyond I-JSON (a number too large): hash the text
                }
            } else {
                rec.fingerprint = *fp;
                while (!rec.fingerprint.empty() && rec.fingerprint.back() == ' ') // char(64) padding
                    rec.fingerprint.pop_back();
            }
        }
        if (const auto s = optNumberAt(r, row, at("status")))
            rec.statusCode = static_cast<int>(*s);
        rec.bodyBytes = optNumberAt(r, row, at("body_bytes"));
        rec.createdMs = numberAt(r, row, at("created_ms"));
        rec.completedMs = optNumberAt(r, row, at("completed_ms"));
        rec.expiresMs = optNumberAt(r, row, at("expires_ms"));
        rec.leaseUntilMs = optNumberAt(r, row, at("lease_ms"));
        rec.resultId = optTextAt(r, row, at("result_id"));
        rec.anomalies = static_cast<std::uint8_t>(numberAt(r, row, at("mask")));
        const int firstSort = at("s0");
        for (int i = 0; i < sortCount; ++i)
            rec.cursor.push_back(optTextAt(r, row, firstSort + i));
        return rec;
    }
};

LiveInspector::LiveInspector(LiveConnection& connection, LiveMapping mapping, const std::string& table)
    : m_impl(std::make_unique<Impl>(connection, std::move(mapping)))
{
    m_impl->resolve(table.empty() ? m_impl->mapping.table : table);
    m_impl->checkShape();
    m_impl->checkTimeZone();
    m_impl->buildExpressions();
}

LiveInspector::LiveInspector(LiveConnection& connection, LiveMapping mapping, const LiveTableRef& table)
    : m_impl(std::make_unique<Impl>(connection, std::move(mapping)))
{
    m_impl->resolve(table);
    m_impl->checkShape();
    m_impl->checkTimeZone();
    m_impl->buildExpressions();
}

LiveInspector::~LiveInspector() = default;

const LiveTableRef& LiveInspector::table() const
{
    return m_impl->table;
}

const LiveMapping& LiveInspector::mapping() const
{
    return m_impl->mapping;
}

LiveConnection& LiveInspector::connection() const
{
    return m_impl->conn;
}

const std::optional<LiveZoneWarning>& LiveInspector::zoneWarning() const
{
    return m_impl->zoneWarning;
}

std::string zoneWarningText(const LiveZoneWarning& w)
{
    const bool one = w.columns.size() == 1;
    return sentenceList(w.columns) + (one ? " is a timestamp without time zone" : " are timestamps without time zone")
        + " and the mapping names no time zone, so " + (one ? "it is" : "they are")
        + " read in the session's time zone, " + w.sessionZone
        + ": if the application writes UTC (Rails, Django with USE_TZ), every time and count is off by the zone's "
          "offset; name the zone the application writes (\"timezone\": \"UTC\" in the mapping)";
}

std::vector<std::string> LiveInspector::orderColumns(LiveOrder order) const
{
    return m_impl->sortColumns(order);
}

LiveSnapshot LiveInspector::snapshot(const LiveSnapshotOptions& options)
{
    Impl& d = *m_impl;
    return d.conn.readOnly([&] {
        LiveSnapshot s;
        s.table = d.table.display;
        s.mapping = d.mapping.name;
        s.keyColumns = d.mapping.order;
        s.thresholds = options.thresholds;
        std::tie(s.nowMs, s.now) = d.now();
        std::tie(s.standby, s.replayLagMs) = d.recovery();
        s.zoneWarning = d.zoneWarning;
        s.counts = d.countQuery(options.thresholds);
        if (options.anomalies) {
            for (const LiveAnomalyKind kind : kLiveAnomalyKinds) {
                if (kind == LiveAnomalyKind::SuspectedKeyRegeneration) {
                    auto [count, list] = d.regenerationQuery(options.thresholds);
                    s.counts.anomalies[static_cast<std::size_t>(kind)] = count;
                    s.anomalies.insert(s.anomalies.end(), list.begin(), list.end());
                } else if (s.counts.anomaly(kind) > 0 && options.thresholds.listLimit > 0) {
                    const auto list = d.listQuery(kind, options.thresholds);
                    s.anomalies.insert(s.anomalies.end(), list.begin(), list.end());
                }
            }
        }
        s.page = d.pageQuery(options.page, options.thresholds);
        std::set<Scope> regenerated;
        for (const LiveAnomaly& a : s.anomalies)
            if (a.kind == LiveAnomalyKind::SuspectedKeyRegeneration)
                regenerated.insert(a.scope);
        for (LiveRecord& r : s.page.records)
            if (regenerated.count(r.scope))
                r.anomalies |= anomalyBit(LiveAnomalyKind::SuspectedKeyRegeneration);
        return s;
    });
}

LivePage LiveInspector::page(const LivePageQuery& query, const AnomalyThresholds& thresholds)
{
    return m_impl->conn.readOnly([&] { return m_impl->pageQuery(query, thresholds); });
}

LiveCounts LiveInspector::counts(const AnomalyThresholds& thresholds)
{
    return m_impl->conn.readOnly([&] { return m_impl->countQuery(thresholds); });
}

std::optional<LiveInspector::Located> LiveInspector::locateKey(const std::string& key, LiveOrder order)
{
    Impl& d = *m_impl;
    return d.conn.readOnly([&] {
        Statement st(d.constants, d.constantTypes);
        const std::string value = st.add(key) + "::text";
        // One key column compared as text (its index serves a text column); otherwise the key field's expression.
        const LiveTextField& f = d.mapping.key;
        const std::string where = f.kind == LiveTextField::Kind::Columns && f.columns.size() == 1
            ? d.col(f.columns.front()) + "::text = " + value
            : d.key + " = " + value;
        return d.locate(where, st, order);
    });
}

std::optional<LiveInspector::Located> LiveInspector::locateRow(
    const std::vector<std::optional<std::string>>& keyOrderValues, LiveOrder order)
{
    Impl& d = *m_impl;
    if (keyOrderValues.size() != d.mapping.order.size())
        throw LiveError(LiveError::Kind::BadInput, "a record is found by one value per key-order column");
    return d.conn.readOnly([&] {
        Statement st(d.constants, d.constantTypes);
        std::string cols;
        std::string values;
        for (std::size_t i = 0; i < keyOrderValues.size(); ++i) {
            cols += (i ? ", " : "") + d.col(d.mapping.order[i]);
            values += (i ? ", " : "") + st.add(keyOrderValues[i]);
        }
        return d.locate("(" + cols + ") = (" + values + ")", st, order);
    });
}

std::string LiveInspector::keyColumnsDescription() const
{
    const LiveTextField& f = m_impl->mapping.key;
    switch (f.kind) {
    case LiveTextField::Kind::Constant:
        return "a constant (\"" + f.text + "\")";
    case LiveTextField::Kind::Columns:
        return f.columns.size() == 1 ? f.columns.front() : joinNames(f.columns) + " joined by \"" + f.text + "\"";
    case LiveTextField::Kind::BeforeLast:
        return "the text before the last \"" + f.text + "\" of " + f.columns.front();
    case LiveTextField::Kind::AfterLast:
        return "the text after the last \"" + f.text + "\" of " + f.columns.front();
    }
    return {};
}

std::vector<LiveCandidate> discoverTables(LiveConnection& connection)
{
    struct Row {
        LiveTableRef table;
        long long index = 0;
        std::string column;
        long long rows = -1;
    };
    const auto [rows, columns] = connection.readOnly([&] {
        const LiveResult r = connection.exec(
            "SELECT n.nspname::text, c.relname::text, pg_catalog.quote_ident(n.nspname) || '.' || "
            "pg_catalog.quote_ident(c.relname), "
            "i.indexrelid::bigint, a.attname::text, c.reltuples::bigint FROM pg_catalog.pg_index i "
            "JOIN pg_catalog.pg_class c ON c.oid = i.indrelid JOIN pg_catalog.pg_namespace n ON n.oid = "
            "c.relnamespace CROSS JOIN LATERAL pg_catalog.unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord) "
            "JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum "
            "WHERE i.indisunique AND c.relkind IN ('r', 'p') AND n.nspname <> 'information_schema' AND n.nspname "
            "!~ '^pg_' AND pg_catalog.has_table_privilege(c.oid, 'SELECT') AND i.indexrelid IN (SELECT "
            "i2.indexrelid FROM pg_catalog.pg_index i2 JOIN pg_catalog.pg_attribute a2 ON a2.attrelid = "
            "i2.indrelid AND a2.attnum = ANY (i2.indkey::int2[]) WHERE a2.attname ILIKE '%key%' OR a2.attname "
            "ILIKE '%id%') ORDER BY 1, 2, 4, k.ord",
            {}, "list the tables that may hold idempotency keys");
        std::vector<Row> out;
        for (int i = 0; i < PQntuples(r.get()); ++i)
            out.push_back({ { textAt(r.get(), i, 0), textAt(r.get(), i, 1), textAt(r.get(), i, 2) },
                numberAt(r.get(), i, 3), textAt(r.get(), i, 4), numberAt(r.get(), i, 5) });
        std::vector<std::string> schemas;
        std::vector<std::string> names;
        for (const Row& row : out) {
            schemas.push_back(row.table.schema);
            names.push_back(row.table.name);
        }
        const LiveResult c
            = connection.exec("SELECT table_schema::text, table_name::text, column_name::text FROM "
                              "information_schema.columns WHERE (table_schema, table_name) IN (SELECT "
                              "* FROM ROWS FROM (pg_catalog.unnest($1::text[]), pg_catalog.unnest($2::text[])))",
                { textArray(schemas), textArray(names) }, "list the columns of those tables");
        std::map<std::pair<std::string, std::string>, std::set<std::string>> cols;
        for (int i = 0; i < PQntuples(c.get()); ++i)
            cols[{ textAt(c.get(), i, 0), textAt(c.get(), i, 1) }].insert(textAt(c.get(), i, 2));
        return std::make_pair(out, cols);
    });

    // The columns a preset cannot do without.
    std::vector<std::pair<std::string, std::vector<std::string>>> required;
    for (const std::string& name : mappingPresetNames()) {
        const auto m = mappingPreset(name);
        if (!m)
            continue;
        std::set<std::string> needed(m->order.begin(), m->order.end());
        for (const LiveTextField* f : { &m->actor, &m->operation, &m->key })
            needed.insert(f->columns.begin(), f->columns.end());
        needed.insert(m->state.column);
        for (const LiveTimeField* f : { &m->createdAt, &m->expiresAt, &m->leaseUntil, &m->completedAt })
            if (f->present() && !f->optional)
                needed.insert(f->column);
        for (const LiveColumnField* f : { &m->statusCode, &m->responseBody, &m->resultId })
            if (f->present() && !f->optional)
                needed.insert(f->column);
        if (m->fingerprint.present() && !m->fingerprint.optional)
            needed.insert(m->fingerprint.column);
        required.emplace_back(name, std::vector<std::string>(needed.begin(), needed.end()));
    }

    // Per table, the unique key to show: one with a column named like "key" (brandur's (user_id, idempotency_key)
    // rather than its surrogate id), else the first.
    const auto keyLike = [](const std::string& c) {
        std::string lower = c;
        std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char ch) { return std::tolower(ch); });
        return lower.find("key") != std::string::npos;
    };
    std::vector<LiveCandidate> out;
    std::map<long long, std::vector<std::string>> indexColumns;
    std::vector<long long> indexOrder;
    const auto flush = [&] {
        if (out.empty())
            return;
        long long chosen = indexOrder.front();
        for (const long long index : indexOrder)
            if (std::any_of(indexColumns[index].begin(), indexColumns[index].end(), keyLike)) {
                chosen = index;
                break;
            }
        out.back().uniqueKey = indexColumns[chosen];
        indexColumns.clear();
        indexOrder.clear();
    };
    for (const Row& row : rows) {
        if (out.empty() || !(out.back().table == row.table)) {
            flush();
            LiveCandidate c;
            c.table = row.table;
            c.estimatedRows = row.rows;
            const auto it = columns.find({ row.table.schema, row.table.name });
            for (const auto& [name, needed] : required)
                if (it != columns.end() && std::all_of(needed.begin(), needed.end(), [&](const std::string& n) {
                        return it->second.count(n);
                    }))
                    c.fittingPresets.push_back(name);
            out.push_back(std::move(c));
        }
        if (!indexColumns.count(row.index))
            indexOrder.push_back(row.index);
        indexColumns[row.index].push_back(row.column);
    }
    flush();
    return out;
}

LiveFollower::LiveFollower(LiveInspector& inspector, LiveSnapshotOptions options)
    : m_inspector(inspector)
    , m_options(std::move(options))
{
}

LiveFollower::Poll LiveFollower::stop(const std::string& reason)
{
    m_stopped = true;
    m_reason = reason;
    return { Poll::Status::Stopped, std::nullopt, "stopped: " + reason };
}

void LiveFollower::resume()
{
    m_stopped = false;
    m_reason.clear();
}

LiveFollower::Poll LiveFollower::poll()
{
    if (m_stopped)
        return { Poll::Status::Stopped, std::nullopt, "stopped: " + m_reason };
    try {
        return { Poll::Status::Ok, m_inspector.snapshot(m_options), {} };
    } catch (const LiveError& lost) {
        // A lost connection, or one closed because the network went silent (a bound passed): read again on a new
        // one. Anything else stops.
        if (lost.kind() != LiveError::Kind::ConnectionLost && lost.kind() != LiveError::Kind::Timeout)
            return stop(lost.what());
        if (m_onReconnecting)
            m_onReconnecting(lost.what());
        std::string why;
        try {
            if (!m_inspector.connection().reconnect(&why))
                return stop(std::string(lost.what()) + ", and it could not be re-established: " + why);
        } catch (const LiveError& cancelled) {
            return stop(cancelled.what());
        }
        ++m_reconnects;
        try {
            return { Poll::Status::Recovered, m_inspector.snapshot(m_options),
                std::string(lost.what()) + "; reconnected and read the table again" };
        } catch (const LiveError& again) {
            return stop(again.what());
        }
    }
}

} // namespace iw
