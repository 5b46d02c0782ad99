// LiveInspector: the table resolved as PostgreSQL would name it and checked against the mapping, the public calls (each
// one read-only transaction), candidate-table discovery and the follower. The SQL itself is built in livesql.cpp and
// run by liveanomalyqueries.cpp, livepaging.cpp and liveoncall.cpp (liveinspectorimpl.h holds what they share).
#include "liveinspectorimpl.h"

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

using namespace livesql;

std::optional<LiveInspector::Impl::Found> LiveInspector::Impl::firstRow(const PGresult* r)
{
    if (PQntuples(r) == 0)
        return std::nullopt;
    Found f;
    f.oid = numberAt(r, 0, 0);
    f.ref = { textAt(r, 0, 1), textAt(r, 0, 2), textAt(r, 0, 3) };
    return f;
}

void LiveInspector::Impl::resolve(const std::string& name)
{
    const Found found = lookUp(name);
    oid = found.oid;
    table = found.ref;
}

LiveInspector::Impl::Found LiveInspector::Impl::lookUp(const std::string& name)
{
    if (name.empty())
        throw LiveError(
            LiveError::Kind::BadInput, "no table given, and the " + mapping.name + " mapping names no default table");
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
    return *found;
}

void LiveInspector::Impl::resolve(const LiveTableRef& ref)
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

void LiveInspector::Impl::checkShape()
{
    struct Shape {
        bool readable = false;
        std::map<std::string, ColumnInfo> columns;
        std::vector<std::string> columnOrder;
        std::vector<std::set<std::string>> uniqueKeys;
    };
    const Shape shape = conn.readOnly([&] {
        Shape s;
        const LiveResult priv = conn.exec("SELECT pg_catalog.has_table_privilege($1::bigint::oid, 'SELECT')",
            { std::to_string(oid) }, what("check the privileges on"));
        s.readable = boolAt(priv.get(), 0, 0);
        const LiveResult cols = conn.exec(
            "SELECT column_name::text, data_type::text, is_nullable::text = 'YES' FROM information_schema.columns "
            "WHERE table_schema::text = $1::text AND table_name::text = $2::text ORDER BY ordinal_position",
            { table.schema, table.name }, what("list the columns of"));
        for (int i = 0; i < PQntuples(cols.get()); ++i) {
            s.columns[textAt(cols.get(), i, 0)] = { textAt(cols.get(), i, 1), boolAt(cols.get(), i, 2) };
            s.columnOrder.push_back(textAt(cols.get(), i, 0));
        }
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
        throw LiveError(LiveError::Kind::Schema, "user " + conn.user() + " may not read the table " + table.display);
    columns = shape.columns;
    columnOrder = shape.columnOrder;

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

// A `timestamp without time zone` or date column: wall-clock times of some zone, not instants.
bool LiveInspector::Impl::naive(const LiveTimeField& f) const
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
void LiveInspector::Impl::checkTimeZone()
{
    std::vector<std::string> naiveColumns;
    for (const LiveTimeField* f : { &mapping.createdAt, &mapping.expiresAt, &mapping.leaseUntil, &mapping.completedAt })
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

LiveInspector::LiveInspector(LiveConnection& connection, LiveMapping mapping, const std::string& table)
    : m_impl(std::make_unique<Impl>(connection, std::move(mapping)))
{
    m_impl->resolve(table.empty() ? m_impl->mapping.table : table);
    m_impl->checkShape();
    m_impl->checkTimeZone();
    m_impl->checkEffects();
    m_impl->buildExpressions();
}

LiveInspector::LiveInspector(LiveConnection& connection, LiveMapping mapping, const LiveTableRef& table)
    : m_impl(std::make_unique<Impl>(connection, std::move(mapping)))
{
    m_impl->resolve(table);
    m_impl->checkShape();
    m_impl->checkTimeZone();
    m_impl->checkEffects();
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
        const Impl::Clock clock = d.clock();
        s.nowMs = clock.nowMs;
        s.now = clock.now;
        s.countsNowMs = clock.nowMs;
        s.standby = clock.standby;
        s.replayLagMs = clock.replayLagMs;
        s.zoneWarning = d.zoneWarning;
        s.dueWithinMs = options.dueWithinMs;
        s.newestAnomaliesFirst = options.newestAnomaliesFirst;
        const Impl::Counted counted = d.countQuery(options.thresholds, options.dueWithinMs);
        s.counts = counted.counts;
        if (options.anomalies) {
            for (const LiveAnomalyKind kind : kLiveAnomalyKinds) {
                if (kind == LiveAnomalyKind::SuspectedKeyRegeneration) {
                    auto [count, list] = d.regenerationQuery(options.thresholds, options.newestAnomaliesFirst);
                    s.counts.anomalies[static_cast<std::size_t>(kind)] = count;
                    s.anomalies.insert(s.anomalies.end(), list.begin(), list.end());
                } else if (s.counts.anomaly(kind) > 0 && options.thresholds.listLimit > 0) {
                    const auto list = d.listQuery(kind, options.thresholds,
                        counted.spans[static_cast<std::size_t>(kind)], options.newestAnomaliesFirst);
                    s.anomalies.insert(s.anomalies.end(), list.begin(), list.end());
                }
            }
        }
        if (options.effects && d.effectsTable) {
            // Both keys of each regeneration: the business rows the client's new key caused beside the first's.
            std::vector<std::pair<std::string, std::vector<std::optional<std::string>>>> rows;
            for (const LiveAnomaly& a : s.anomalies)
                if (a.kind == LiveAnomalyKind::SuspectedKeyRegeneration) {
                    rows.emplace_back(a.facts.otherKey, a.otherCursor);
                    rows.emplace_back(a.scope.key, a.cursor);
                }
            s.effects = d.effectsOf(rows);
        }
        if (options.byActorLimit > 0)
            std::tie(s.byActor, s.byActorComplete) = d.actorQuery(options.thresholds, options.byActorLimit);
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

LiveSnapshot LiveInspector::withNewPage(const LiveSnapshot& counted, const LiveSnapshotOptions& options)
{
    Impl& d = *m_impl;
    return d.conn.readOnly([&] {
        LiveSnapshot s = counted;
        const Impl::Clock clock = d.clock();
        s.nowMs = clock.nowMs;
        s.now = clock.now;
        s.standby = clock.standby;
        s.replayLagMs = clock.replayLagMs;
        s.page = d.pageQuery(options.page, options.thresholds);
        for (LiveRecord& r : s.page.records)
            for (const LiveAnomaly& a : s.anomalies)
                if (a.kind == LiveAnomalyKind::SuspectedKeyRegeneration && a.scope == r.scope)
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
    return m_impl->conn.readOnly([&] { return m_impl->countQuery(thresholds).counts; });
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

LiveSnapshot LiveFollower::read(bool whole)
{
    using namespace std::chrono;
    const auto now = steady_clock::now();
    const bool sameRules = m_whole && m_wholeOptions.thresholds == m_options.thresholds
        && m_wholeOptions.anomalies == m_options.anomalies && m_wholeOptions.dueWithinMs == m_options.dueWithinMs
        && m_wholeOptions.newestAnomaliesFirst == m_options.newestAnomaliesFirst;
    const double sinceMs = duration<double, std::milli>(now - m_wholeStarted).count();
    if (!whole && sameRules && (m_share <= 0 || m_wholeMs > sinceMs * m_share))
        return m_inspector.withNewPage(*m_whole, m_options);
    LiveSnapshot s = m_inspector.snapshot(m_options);
    m_wholeMs = duration<double, std::milli>(steady_clock::now() - now).count();
    m_wholeStarted = now;
    m_whole = s;
    m_wholeOptions = m_options;
    return s;
}

LiveFollower::Poll LiveFollower::poll(bool whole)
{
    if (m_stopped)
        return { Poll::Status::Stopped, std::nullopt, "stopped: " + m_reason };
    try {
        return { Poll::Status::Ok, read(whole), {} };
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
            return { Poll::Status::Recovered, read(whole),
                std::string(lost.what()) + "; reconnected and read the table again" };
        } catch (const LiveError& again) {
            return stop(again.what());
        }
    }
}

} // namespace iw
