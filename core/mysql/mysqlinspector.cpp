// A live MySQL/MariaDB table, read-only (mysqlinspector.h): the checks against the mapping, the pass over the table
// in keyset batches classified by the engine-neutral rules (liveclassifier.h), the page, the key lookups and the
// report's MySQL members.
#include "mysqlinspector.h"

#include "fingerprint.h"
#include "json.h"
#include "liveanomalies.h"
#include "liveclassifier.h"
#include "livereport.h"
#include "mysqlconnection.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <set>

namespace iw {

namespace {

// MariaDB's ER_STATEMENT_TIMEOUT, MySQL's ER_QUERY_TIMEOUT: the statement bound passed.
constexpr unsigned kStatementTimeout = 1969;
constexpr unsigned kMysqlQueryTimeout = 3024;

bool isTimeType(const std::string& type)
{
    return type == "datetime" || type == "timestamp" || type == "date";
}

bool isIntegerType(const std::string& type)
{
    return type == "tinyint" || type == "smallint" || type == "mediumint" || type == "int" || type == "bigint";
}

bool isNumberType(const std::string& type)
{
    return type == "tinyint" || type == "smallint" || type == "mediumint" || type == "int" || type == "bigint"
        || type == "decimal" || type == "float" || type == "double";
}

std::string unquoted(std::string part)
{
    if (part.size() >= 2 && part.front() == '`' && part.back() == '`') {
        std::string out;
        for (std::size_t i = 1; i + 1 < part.size(); ++i) {
            out += part[i];
            if (part[i] == '`' && i + 2 < part.size() && part[i + 1] == '`')
                ++i;
        }
        return out;
    }
    return part;
}

long long toNumber(const std::optional<std::string>& s)
{
    return s ? std::strtoll(s->c_str(), nullptr, 10) : 0;
}

} // namespace

std::string mysqlCursorText(const std::vector<std::optional<std::string>>& values)
{
    std::string out = "[";
    for (std::size_t i = 0; i < values.size(); ++i) {
        out += i ? ", " : "";
        if (values[i])
            json::appendString(out, *values[i]);
        else
            out += "null";
    }
    return out + "]";
}

std::optional<std::vector<std::optional<std::string>>> parseMysqlCursor(
    const std::string& text, std::size_t columns, std::string& why)
{
    json::Value doc;
    try {
        doc = json::parse(text);
    } catch (const json::ParseError& e) {
        why = "--cursor \"" + text + "\" is not a JSON array of the key order's values, as next_cursor gives it ("
            + e.what() + ")";
        return std::nullopt;
    }
    if (!doc.isArray() || doc.array.size() != columns) {
        why = "--cursor \"" + text + "\" must be a JSON array of " + std::to_string(columns)
            + " values (the key order's columns), as next_cursor gives it";
        return std::nullopt;
    }
    std::vector<std::optional<std::string>> out;
    for (const json::Value& v : doc.array) {
        if (v.isNull())
            out.emplace_back();
        else if (v.isString())
            out.emplace_back(v.string);
        else {
            why = "--cursor \"" + text + "\" holds " + v.typeName()
                + "; its values are strings, as next_cursor gives them";
            return std::nullopt;
        }
    }
    return out;
}

std::string mysqlSeekName(MysqlSeek::To to)
{
    switch (to) {
    case MysqlSeek::To::None:
        break;
    case MysqlSeek::To::Key:
        return "key";
    case MysqlSeek::To::KeyOrder:
        return "key_order";
    case MysqlSeek::To::Time:
        return "time";
    case MysqlSeek::To::Last:
        return "last";
    }
    return {};
}

bool mysqlServerIsMariadb(const std::string& version)
{
    return version.find("MariaDB") != std::string::npos;
}

std::string mysqlBoundedStatement(const std::string& select, bool mariadb, Millis timeoutMs)
{
    if (mariadb) {
        char seconds[32];
        std::snprintf(seconds, sizeof seconds, "%.3f", static_cast<double>(timeoutMs) / 1000.0);
        return std::string("SET STATEMENT max_statement_time = ") + seconds + " FOR " + select;
    }
    // The hint goes right after the SELECT keyword, where MySQL reads optimizer hints.
    return "SELECT /*+ MAX_EXECUTION_TIME(" + std::to_string(timeoutMs) + ") */ " + select.substr(7);
}

bool mysqlStatementTimedOut(unsigned serverError)
{
    return serverError == kStatementTimeout || serverError == kMysqlQueryTimeout;
}

bool mysqlAnomalyApplies(LiveAnomalyKind)
{
    return true; // every row is read whole, so every rule can be evaluated
}

std::string mysqlAnomalyNotApplicableReason(LiveAnomalyKind)
{
    return {};
}

struct MysqlInspector::Impl {
    MysqlConninfo info;
    LiveMapping mapping; // as read: optional fields the table lacks left out
    LiveMapping classifying; // the same, with the time fields the select converts read as epoch milliseconds
    std::unique_ptr<MysqlConnection> conn;
    bool mariadb = true;
    std::string version;
    std::string schema;
    std::string name;
    std::string display;
    std::string engine;
    std::vector<std::string> keyColumns;
    std::optional<LiveZoneWarning> zoneWarning;
    std::string select; // the key-order columns, then one expression per field column
    std::vector<std::string> fieldColumns; // the field of each expression after the key-order columns
    std::vector<MysqlValue> selectParams; // the parameters of `select` (a named time zone)
    std::string bodyColumn;
    bool canonicalFingerprint = false;
    Millis statementTimeoutMs = 30'000;
    std::set<std::string> columnNames; // the idempotency table's
    std::map<std::string, std::string> columnTypes; // its columns' DATA_TYPE, lower case
    // The business table the mapping's effects name, once found: `db`.`name` and the columns shown.
    struct EffectsTable {
        std::string display;
        std::vector<std::string> shown;
    };
    std::optional<EffectsTable> effectsTable;

    std::string where() const { return info.where(); }

    [[noreturn]] void rethrow(const StoreError& e, const std::string& doing) const
    {
        if (const auto* server = dynamic_cast<const MysqlServerError*>(&e)) {
            if (mysqlStatementTimedOut(server->code()))
                throw LiveError(LiveError::Kind::Timeout,
                    where() + ": " + doing + " took longer than the statement bound of "
                        + formatDurationMs(statementTimeoutMs) + " and was stopped by the server");
            if (server->code() == 1146)
                throw LiveError(LiveError::Kind::Schema, e.what());
            throw LiveError(LiveError::Kind::Server, e.what());
        }
        if (e.kind() == StoreError::Kind::Unavailable)
            throw LiveError(LiveError::Kind::ConnectionLost,
                std::string(e.what()) + " (no answer within the read timeout of " + std::to_string(info.readTimeoutS)
                    + " s, or the connection broke)");
        throw LiveError(LiveError::Kind::Server, e.what());
    }

    // The statement bound, on the statement itself: nothing is set on the session.
    std::string bounded(const std::string& sql) const
    {
        return mysqlBoundedStatement(sql, mariadb, statementTimeoutMs);
    }

    std::vector<MysqlRow> query(const std::string& sql, const std::vector<MysqlValue>& params, const std::string& doing)
    {
        try {
            return conn->query(bounded(sql), params, doing.c_str());
        } catch (const StoreError& e) {
            rethrow(e, doing);
        }
    }

    void exec(const std::string& sql, const std::string& doing)
    {
        try {
            conn->exec(sql, doing.c_str());
        } catch (const StoreError& e) {
            rethrow(e, doing);
        }
    }

    // One read-only transaction around `body`: committed when it returns, rolled back when it throws.
    template<typename F> auto readOnly(F&& body)
    {
        // The next transaction only (no SESSION): one snapshot for every statement of it, whatever the server's
        // default.
        exec("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ", "choose the snapshot's isolation level");
        exec("START TRANSACTION READ ONLY, WITH CONSISTENT SNAPSHOT", "start a read-only transaction");
        try {
            auto result = body();
            exec("COMMIT", "end the read-only transaction");
            return result;
        } catch (...) {
            try {
                conn->exec("ROLLBACK", "end the read-only transaction");
            } catch (const StoreError&) {
                // The connection is gone: so is the transaction.
            }
            throw;
        }
    }

    Millis serverNow()
    {
        const auto rows
            = query("SELECT CAST(FLOOR(UNIX_TIMESTAMP(NOW(3)) * 1000) AS SIGNED)", {}, "read the server's clock");
        return rows.empty() ? 0 : toNumber(rows[0][0]);
    }

    // "db.name" (each part may be in backticks) or a name in the conninfo's database.
    std::pair<std::string, std::string> splitName(const std::string& given) const
    {
        std::size_t dot = std::string::npos;
        bool quoted = false;
        for (std::size_t i = 0; i < given.size(); ++i) {
            if (given[i] == '`')
                quoted = !quoted;
            else if (given[i] == '.' && !quoted) {
                dot = i;
                break;
            }
        }
        return { dot == std::string::npos ? info.database : unquoted(given.substr(0, dot)),
            unquoted(dot == std::string::npos ? given : given.substr(dot + 1)) };
    }

    void resolve(const std::string& tableName)
    {
        std::string given = tableName.empty() ? mapping.table : tableName;
        if (given.empty())
            throw LiveError(LiveError::Kind::BadInput, "no table given: name one with --table");
        std::tie(schema, name) = splitName(given);
        display = quoteName(schema) + "." + quoteName(name);
        const auto found = query("SELECT ENGINE, TABLE_TYPE FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND "
                                 "TABLE_NAME = ?",
            { schema, name }, "look for the table");
        if (found.empty())
            throw LiveError(LiveError::Kind::Schema,
                where() + " has no table " + display + " that user \"" + info.user
                    + "\" may read (give --table, as db.name or a name in the conninfo's database)");
        engine = found[0][0].value_or(found[0][1].value_or(""));
    }

    void check()
    {
        const auto rows = query("SELECT COLUMN_NAME, DATA_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? "
                                "AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION",
            { schema, name }, "read the table's columns");
        std::map<std::string, std::string> types;
        for (const MysqlRow& r : rows) {
            std::string type = r[1].value_or("");
            std::transform(type.begin(), type.end(), type.begin(), [](unsigned char c) { return std::tolower(c); });
            types[r[0].value_or("")] = type;
            columnNames.insert(r[0].value_or(""));
            columnTypes[r[0].value_or("")] = type;
        }
        std::vector<std::string> problems;
        const auto has = [&](const std::string& c) { return types.count(c) > 0; };
        const auto need = [&](const std::string& column, const char* field) {
            if (!column.empty() && !has(column))
                problems.push_back("no column " + column + " (the mapping reads " + field + " from it)");
        };
        for (const auto& [field, text] : { std::pair<const char*, LiveTextField*> { "the actor", &mapping.actor },
                 { "the operation", &mapping.operation }, { "the key", &mapping.key } })
            for (const std::string& c : text->columns)
                need(c, field);
        need(mapping.state.column, "the state");
        const auto timeField = [&](LiveTimeField& t, const char* field) {
            if (!t.present())
                return;
            if (!has(t.column)) {
                if (t.optional)
                    t = LiveTimeField {};
                else
                    need(t.column, field);
                return;
            }
            const std::string& type = types[t.column];
            if (t.unit == LiveTimeField::Unit::Timestamp && !isTimeType(type))
                problems.push_back("column " + t.column + " is " + type + ", and the mapping reads " + field
                    + " from it as a timestamp (give \"unit\": \"epoch_s\" or \"epoch_ms\")");
            else if (t.unit != LiveTimeField::Unit::Timestamp && !isNumberType(type) && !isTimeType(type))
                problems.push_back("column " + t.column + " is " + type + ", and the mapping reads " + field
                    + " from it as a number of "
                    + (t.unit == LiveTimeField::Unit::EpochSeconds ? "seconds" : "milliseconds"));
        };
        timeField(mapping.createdAt, "created_at");
        timeField(mapping.expiresAt, "expires_at");
        timeField(mapping.leaseUntil, "lease_until");
        timeField(mapping.completedAt, "completed_at");
        const auto columnField = [&](LiveColumnField& f, const char* field) {
            if (f.present() && !has(f.column)) {
                if (f.optional)
                    f = LiveColumnField {};
                else
                    need(f.column, field);
            }
        };
        columnField(mapping.statusCode, "status_code");
        columnField(mapping.responseBody, "response_body");
        columnField(mapping.resultId, "result_id");
        if (mapping.fingerprint.present() && !has(mapping.fingerprint.column)) {
            if (mapping.fingerprint.optional)
                mapping.fingerprint = LiveFingerprintField {};
            else
                need(mapping.fingerprint.column, "the fingerprint");
        }
        for (const std::string& c : mapping.order)
            if (!has(c))
                problems.push_back("no column " + c + " (the mapping pages in the order of it)");
        if (!problems.empty()) {
            std::string list;
            for (std::size_t i = 0; i < problems.size(); ++i)
                list += (i ? "; " : "") + problems[i];
            throw LiveError(LiveError::Kind::Schema,
                "table " + display + " does not fit the mapping \"" + mapping.name + "\": it has " + list);
        }
        // The order must be a unique key, or a page could skip rows that share its values.
        const auto keys = query("SELECT INDEX_NAME, COLUMN_NAME FROM information_schema.STATISTICS WHERE TABLE_SCHEMA "
                                "= ? AND TABLE_NAME = ? AND NON_UNIQUE = 0 ORDER BY INDEX_NAME, SEQ_IN_INDEX",
            { schema, name }, "read the table's unique keys");
        std::map<std::string, std::vector<std::string>> unique;
        for (const MysqlRow& r : keys)
            unique[r[0].value_or("")].push_back(r[1].value_or(""));
        const bool orderUnique = std::any_of(unique.begin(), unique.end(), [&](const auto& index) {
            return std::all_of(index.second.begin(), index.second.end(), [&](const std::string& c) {
                return std::find(mapping.order.begin(), mapping.order.end(), c) != mapping.order.end();
            });
        });
        if (!orderUnique) {
            std::string order;
            for (std::size_t i = 0; i < mapping.order.size(); ++i)
                order += (i ? ", " : "") + mapping.order[i];
            throw LiveError(LiveError::Kind::Schema,
                "table " + display + " has no unique key within the mapping's order (" + order
                    + "), so pages in that order could skip rows: give a mapping whose \"order\" holds a unique key");
        }
        keyColumns = mapping.order;
        build(types);
    }

    // The select list: the key-order columns as they are, then each field's column (times converted to epoch
    // milliseconds on the server, the body as its length, never itself).
    void build(const std::map<std::string, std::string>& types)
    {
        classifying = mapping;
        std::vector<std::string> exprs;
        for (const std::string& c : keyColumns)
            exprs.push_back(quoteName(c));
        std::set<std::string> done;
        const auto add = [&](const std::string& column, const std::string& expr) {
            if (column.empty() || !done.insert(column).second)
                return;
            fieldColumns.push_back(column);
            exprs.push_back(expr);
        };
        std::vector<std::string> naive;
        const bool utc = mapping.timezone == "UTC" || mapping.timezone == "Etc/UTC" || mapping.timezone == "+00:00";
        for (LiveTimeField* t :
            { &classifying.createdAt, &classifying.expiresAt, &classifying.leaseUntil, &classifying.completedAt }) {
            if (!t->present())
                continue;
            const std::string type = types.at(t->column);
            if (!isTimeType(type)) {
                add(t->column, quoteName(t->column));
                continue;
            }
            const std::string q = quoteName(t->column);
            std::string expr;
            if (type == "timestamp") { // kept in UTC, read back through the session's zone: the same instant
                expr = "CAST(FLOOR(UNIX_TIMESTAMP(" + q + ") * 1000) AS SIGNED)";
            } else if (utc) {
                expr = "CAST(TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', " + q + ") DIV 1000 AS SIGNED)";
            } else if (!mapping.timezone.empty()) {
                requireZone();
                expr = "CAST(TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', CONVERT_TZ(" + q
                    + ", ?, '+00:00')) DIV 1000 AS SIGNED)";
                if (!done.count(t->column))
                    selectParams.push_back(mapping.timezone);
            } else {
                expr = "CAST(FLOOR(UNIX_TIMESTAMP(" + q + ") * 1000) AS SIGNED)";
                if (std::find(naive.begin(), naive.end(), t->column) == naive.end())
                    naive.push_back(t->column);
            }
            add(t->column, expr);
            t->unit = LiveTimeField::Unit::EpochMillis;
        }
        for (const LiveTextField* text : { &mapping.actor, &mapping.operation, &mapping.key })
            for (const std::string& c : text->columns)
                add(c, quoteName(c));
        add(mapping.state.column, quoteName(mapping.state.column));
        add(mapping.statusCode.column, quoteName(mapping.statusCode.column));
        add(mapping.resultId.column, quoteName(mapping.resultId.column));
        add(mapping.fingerprint.column, quoteName(mapping.fingerprint.column));
        canonicalFingerprint
            = mapping.fingerprint.present() && mapping.fingerprint.from == LiveFingerprintField::From::CanonicalJson;
        if (mapping.responseBody.present() && !done.count(mapping.responseBody.column)) {
            bodyColumn = mapping.responseBody.column;
            fieldColumns.push_back("@body_bytes");
            exprs.push_back("OCTET_LENGTH(" + quoteName(bodyColumn) + ")");
        }
        select = "SELECT ";
        for (std::size_t i = 0; i < exprs.size(); ++i)
            select += (i ? ", " : "") + exprs[i];
        select += " FROM " + display;
        if (!naive.empty()) {
            const auto zone = query("SELECT TIMESTAMPDIFF(MINUTE, UTC_TIMESTAMP(), NOW()), @@session.time_zone, "
                                    "@@system_time_zone",
                {}, "read the session's time zone");
            if (!zone.empty() && toNumber(zone[0][0]) != 0) {
                std::string sessionZone = zone[0][1].value_or("");
                if (sessionZone == "SYSTEM")
                    sessionZone = zone[0][2].value_or("SYSTEM");
                zoneWarning = LiveZoneWarning { naive, sessionZone };
            }
        }
    }

    // A zone named by the mapping must be one the server can convert from, or every such time would read as none.
    void requireZone()
    {
        const auto known = query("SELECT CONVERT_TZ('2000-01-01 00:00:00', ?, '+00:00')", { mapping.timezone },
            "check the mapping's time zone");
        if (known.empty() || !known[0][0])
            throw LiveError(LiveError::Kind::Schema,
                where() + " does not know the time zone \"" + mapping.timezone
                    + "\" (its time zone tables are not loaded): name the zone as an offset such as +02:00, or load "
                      "them with mariadb-tzinfo-to-sql");
    }

    // Keyset: the rows after `values` in the key order.
    std::string after(const std::vector<std::optional<std::string>>& values, std::vector<MysqlValue>& params) const
    {
        return seek(keyColumns, values, params, false);
    }

    // Keyset in the ascending order of `columns` (MySQL sorts NULL first): the rows after `values`, or before them;
    // `inclusive`: the rows equal to them too (a seek to a value: at or after it). `values` may be a prefix of
    // `columns`: then only that prefix is compared.
    static std::string seek(const std::vector<std::string>& columns,
        const std::vector<std::optional<std::string>>& values, std::vector<MysqlValue>& params, bool before,
        bool inclusive = false, std::size_t from = 0)
    {
        const std::string c = quoteName(columns[from]);
        const bool last = from + 1 == columns.size() || from + 1 == values.size();
        if (!values[from]) { // NULL: before it nothing of this column, after it every value that is not NULL
            if (last) {
                if (inclusive)
                    return before ? c + " IS NULL" : std::string("1 = 1");
                return before ? std::string("0 = 1") : c + " IS NOT NULL";
            }
            const std::string rest = seek(columns, values, params, before, inclusive, from + 1);
            return before ? "(" + c + " IS NULL AND " + rest + ")"
                          : "(" + c + " IS NOT NULL OR (" + c + " IS NULL AND " + rest + "))";
        }
        const MysqlValue v(*values[from]);
        const std::string op = std::string(before ? "<" : ">") + (inclusive && last ? "=" : "");
        const std::string beyond = c + " " + op + " ?" + (before ? " OR " + c + " IS NULL" : std::string());
        params.push_back(v);
        if (last)
            return before ? "(" + beyond + ")" : beyond;
        params.push_back(v);
        const std::string rest = seek(columns, values, params, before, inclusive, from + 1);
        return "(" + beyond + " OR (" + c + " = ? AND " + rest + "))";
    }

    // A seek value the column's type cannot take is one sentence naming the column, never a silent conversion (MySQL
    // reads "stuck-700" as 0 for a number column) nor the server's message.
    void checkSeekValues(const std::vector<std::string>& columns, const std::vector<std::optional<std::string>>& values)
    {
        for (std::size_t i = 0; i < values.size() && i < columns.size(); ++i) {
            if (!values[i])
                continue;
            const auto type = columnTypes.find(columns[i]);
            if (type == columnTypes.end())
                continue;
            const std::string& v = *values[i];
            bool fits = true;
            if (isIntegerType(type->second)) {
                std::size_t at = v.size() > 1 && (v[0] == '-' || v[0] == '+') ? 1 : 0;
                fits = at < v.size();
                for (; at < v.size() && fits; ++at)
                    fits = v[at] >= '0' && v[at] <= '9';
            } else if (isNumberType(type->second)) {
                char* stop = nullptr;
                std::strtod(v.c_str(), &stop);
                fits = !v.empty() && stop == v.c_str() + v.size();
            } else if (isTimeType(type->second)) {
                const auto valid = query("SELECT CAST(? AS DATETIME(6)) IS NOT NULL", { v }, "check the value sought");
                fits = !valid.empty() && valid[0][0].value_or("0") == "1";
            }
            if (!fits) {
                std::string all;
                for (std::size_t k = 0; k < columns.size(); ++k)
                    all += (k ? ", " : "") + columns[k];
                throw LiveError(LiveError::Kind::BadInput,
                    "\"" + v + "\" is not a value of the column " + columns[i] + " (" + type->second
                        + "), which the seek compares it with"
                        + (i == 0 && columns.size() > 1 ? " (the first of " + all + ")" : std::string()));
            }
        }
    }

    // The rows created at or after `atMs`, compared with the creation column as stored, so an index on it serves
    // the seek: the instant turned into the column's unit (and zone) rather than each row's value into an instant.
    std::string createdFrom(Millis atMs, std::vector<MysqlValue>& params) const
    {
        const LiveTimeField& t = mapping.createdAt;
        const std::string c = quoteName(t.column);
        const std::string type = columnTypes.count(t.column) ? columnTypes.at(t.column) : std::string();
        const Millis stored = atMs - t.plusMs; // what the column holds for that instant
        if (isTimeType(type)) {
            if (type != "timestamp" && !mapping.timezone.empty()) { // the wall-clock time of the mapping's zone
                params.push_back(utcWallClock(stored));
                if (isUtcZone(mapping.timezone))
                    return c + " >= ?";
                params.push_back(mapping.timezone);
                return c + " >= CONVERT_TZ(?, '+00:00', ?)";
            }
            if (stored < 0) // before 1970: FROM_UNIXTIME cannot say it, and no TIMESTAMP is that early
                return c + " IS NOT NULL";
            // An instant (TIMESTAMP), or the session's wall-clock time (a DATETIME read in the session's zone, as the
            // select reads it).
            params.push_back(decimalSeconds(stored));
            return c + " >= FROM_UNIXTIME(?)";
        }
        // A number in its unit; 0 means none in epoch columns, as on PostgreSQL.
        if (t.unit == LiveTimeField::Unit::EpochSeconds) {
            if (isIntegerType(type)) // round up: the whole seconds at or after the instant
                params.push_back(static_cast<long long>(stored >= 0 ? (stored + 999) / 1000 : -((-stored) / 1000)));
            else
                params.push_back(decimalSeconds(stored));
        } else {
            params.push_back(static_cast<long long>(stored));
        }
        return "(" + c + " <> 0 AND " + c + " >= ?)";
    }

    static bool isUtcZone(const std::string& zone) { return zone == "UTC" || zone == "Etc/UTC" || zone == "+00:00"; }

    static std::string decimalSeconds(Millis ms)
    {
        const bool negative = ms < 0;
        const unsigned long long a
            = negative ? static_cast<unsigned long long>(-ms) : static_cast<unsigned long long>(ms);
        char text[48];
        std::snprintf(text, sizeof text, "%s%llu.%03llu", negative ? "-" : "", a / 1000, a % 1000);
        return text;
    }

    // An instant as the wall-clock time of UTC, as a DATETIME literal: "2026-12-01 08:00:00.250" (the shown form
    // without its " UTC").
    static std::string utcWallClock(Millis ms)
    {
        std::string text = formatEpochMs(ms);
        text.resize(text.size() - 4);
        return text;
    }

    // One page: the rows `where` keeps in the order of `columns` (backwards: descending), at most `limit`, and whether
    // more follow in that direction. The rows come back in ascending order whichever way they were read. In the time
    // order each row starts with its creation column as stored (the page cursor's first value).
    struct PageRows {
        std::vector<LiveRecord> records;
        std::vector<std::vector<std::optional<std::string>>> cursors;
        bool more = false;
    };
    PageRows readPage(LiveClassifier& classifier, LiveOrder order, const std::string& where,
        std::vector<MysqlValue> params, bool backwards, int limit)
    {
        const std::vector<std::string> columns = pageColumns(order);
        const std::size_t lead = order == LiveOrder::ByTime ? 1 : 0;
        std::string sql = lead ? "SELECT " + quoteName(mapping.createdAt.column) + ", " + select.substr(7) : select;
        params.insert(params.begin(), selectParams.begin(), selectParams.end());
        if (!where.empty())
            sql += " WHERE " + where;
        sql += orderBy(columns, backwards) + " LIMIT " + std::to_string(limit + 1);
        const auto rows = query(sql, params, "read a page of " + display);
        PageRows out;
        for (std::size_t i = 0; i < rows.size() && i < static_cast<std::size_t>(limit); ++i) {
            out.records.push_back(classifyRow(classifier, rows[i], lead));
            out.cursors.emplace_back(rows[i].begin(), rows[i].begin() + static_cast<std::ptrdiff_t>(columns.size()));
        }
        out.more = rows.size() > static_cast<std::size_t>(limit);
        if (backwards) {
            std::reverse(out.records.begin(), out.records.end());
            std::reverse(out.cursors.begin(), out.cursors.end());
        }
        return out;
    }

    // The page order's values of the row with these key-order values (the time order: its creation column as stored
    // first); nullopt when no row has them.
    std::optional<std::vector<std::optional<std::string>>> pageCursorOf(
        LiveOrder order, const std::vector<std::optional<std::string>>& keyValues)
    {
        std::vector<MysqlValue> params;
        std::string sql = "SELECT 1";
        if (order == LiveOrder::ByTime)
            sql += ", " + quoteName(mapping.createdAt.column);
        const auto rows = query(sql + " FROM " + display + " WHERE " + whereKeyEquals(params, keyValues) + " LIMIT 1",
            params, "look for the record in " + display);
        if (rows.empty())
            return std::nullopt;
        std::vector<std::optional<std::string>> out;
        if (order == LiveOrder::ByTime)
            out.push_back(rows[0][1]);
        out.insert(out.end(), keyValues.begin(), keyValues.end());
        return out;
    }

    std::string orderBy() const { return orderBy(keyColumns, false); }

    static std::string orderBy(const std::vector<std::string>& columns, bool descending)
    {
        std::string out = " ORDER BY ";
        for (std::size_t i = 0; i < columns.size(); ++i)
            out += (i ? ", " : "") + quoteName(columns[i]) + (descending ? " DESC" : "");
        return out;
    }

    // The columns a page of that order is sorted by: the creation column first for the time order.
    std::vector<std::string> pageColumns(LiveOrder order) const
    {
        std::vector<std::string> out;
        if (order == LiveOrder::ByTime)
            out.push_back(mapping.createdAt.column);
        out.insert(out.end(), keyColumns.begin(), keyColumns.end());
        return out;
    }

    std::string whereKeyEquals(std::vector<MysqlValue>& params, const std::vector<std::optional<std::string>>& values,
        const std::string& prefix = {}) const
    {
        std::string out;
        for (std::size_t i = 0; i < keyColumns.size(); ++i) {
            out += (i ? " AND " : "") + prefix + quoteName(keyColumns[i]) + (values[i] ? " = ?" : " IS NULL");
            if (values[i])
                params.push_back(*values[i]);
        }
        return out;
    }

    // A row of `select` as the classifier reads it, and its key-order values.
    // `lead`: columns before the key-order ones (the time order's creation column).
    LiveFields fieldsOf(
        const MysqlRow& row, std::vector<std::optional<std::string>>& cursor, std::size_t lead = 0) const
    {
        cursor.assign(row.begin() + static_cast<std::ptrdiff_t>(lead),
            row.begin() + static_cast<std::ptrdiff_t>(lead + keyColumns.size()));
        LiveFields f;
        for (std::size_t i = 0; i < fieldColumns.size(); ++i)
            f[fieldColumns[i]] = row[lead + keyColumns.size() + i];
        if (canonicalFingerprint) {
            auto& v = f[mapping.fingerprint.column];
            if (v) {
                try {
                    v = sha256Hex(canonicalJson(json::parse(*v)));
                } catch (const json::ParseError&) {
                    v.reset();
                }
            }
        }
        if (!bodyColumn.empty()) {
            const auto bytes = f["@body_bytes"];
            if (bytes)
                f[bodyColumn] = std::string();
        }
        return f;
    }

    LiveRecord classifyRow(LiveClassifier& c, const MysqlRow& row, std::size_t lead = 0) const
    {
        std::vector<std::optional<std::string>> cursor;
        const LiveFields f = fieldsOf(row, cursor, lead);
        LiveRecord r = c.classify(f, std::move(cursor));
        if (const auto bytes = LiveClassifier::field(f, "@body_bytes"))
            r.bodyBytes = toNumber(bytes);
        return r;
    }

    // The effects table the mapping names: found as --table finds a table, with the columns the mapping names; the
    // idempotency table has the column the join reads.
    void checkEffects()
    {
        const LiveEffectsField& e = mapping.effects;
        if (!e.present())
            return;
        const auto [db, table] = splitName(e.table);
        const std::string shown = quoteName(db) + "." + quoteName(table);
        const auto rows = query("SELECT COLUMN_NAME FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND "
                                "TABLE_NAME = ? ORDER BY ORDINAL_POSITION",
            { db, table }, "list the columns of the effects table " + shown);
        if (rows.empty())
            throw LiveError(LiveError::Kind::Schema,
                "the effects table of the " + mapping.name + " mapping (\"effects\": \"table\"): " + where()
                    + " has no table " + shown + " that user \"" + info.user + "\" may read");
        std::vector<std::string> order;
        for (const MysqlRow& r : rows)
            order.push_back(r[0].value_or(""));
        std::vector<std::string> missing;
        const auto has = [&](const std::string& c) { return std::find(order.begin(), order.end(), c) != order.end(); };
        if (!has(e.column))
            missing.push_back(e.column);
        for (const std::string& c : e.columns)
            if (!has(c))
                missing.push_back(c);
        if (!missing.empty()) {
            std::string list;
            for (std::size_t i = 0; i < missing.size(); ++i)
                list += (i ? (i + 1 == missing.size() ? " and " : ", ") : "") + missing[i];
            throw LiveError(LiveError::Kind::Schema,
                "the effects table " + shown + " that the " + mapping.name + " mapping names has no column " + list);
        }
        if (!columnNames.count(e.on))
            throw LiveError(LiveError::Kind::Schema,
                "the " + mapping.name + " mapping joins its effects on the column " + e.on
                    + " (\"effects\": \"on\"), which " + display + " does not have");
        effectsTable = EffectsTable { shown, e.columns.empty() ? order : e.columns };
    }

    // The business rows of each idempotency row (its key and key-order values), at most the mapping's limit each,
    // every value cut at kEffectValueBytes on the server. One statement per row: a handful of rows are asked for.
    std::vector<LiveEffects> effectsOf(
        const std::vector<std::pair<std::string, std::vector<std::optional<std::string>>>>& rows)
    {
        std::vector<LiveEffects> out;
        if (!effectsTable)
            return out;
        const LiveEffectsField& e = mapping.effects;
        std::string values;
        for (const std::string& c : effectsTable->shown) {
            const std::string v = "CAST(e." + quoteName(c) + " AS CHAR)";
            values += (values.empty() ? "" : ", ") + std::string("LEFT(") + v + ", "
                + std::to_string(kEffectValueBytes + 1) + "), OCTET_LENGTH(" + v + ")";
        }
        for (const auto& [key, cursor] : rows) {
            LiveEffects effects;
            effects.key = key;
            effects.cursor = cursor;
            effects.table = effectsTable->display;
            if (cursor.size() == keyColumns.size()) {
                std::vector<MysqlValue> params;
                const std::string sql = "SELECT " + values + " FROM " + effectsTable->display + " e JOIN " + display
                    + " i ON e." + quoteName(e.column) + " = i." + quoteName(e.on) + " WHERE "
                    + whereKeyEquals(params, cursor, "i.") + " ORDER BY e." + quoteName(effectsTable->shown.front())
                    + " LIMIT " + std::to_string(e.limit + 1);
                const auto found = query(sql, params, "read the effects in " + effectsTable->display);
                for (const MysqlRow& r : found) {
                    if (static_cast<int>(effects.rows.size()) == e.limit) {
                        effects.complete = false;
                        break;
                    }
                    LiveRow row;
                    for (std::size_t c = 0; c < effectsTable->shown.size(); ++c) {
                        LiveRowValue v;
                        v.column = effectsTable->shown[c];
                        if (r[2 * c]) {
                            v.bytes = toNumber(r[2 * c + 1]);
                            v.value = firstBytes(*r[2 * c], kEffectValueBytes);
                            v.cut = static_cast<long long>(v.value->size()) < v.bytes;
                        }
                        row.push_back(std::move(v));
                    }
                    effects.rows.push_back(std::move(row));
                }
            }
            out.push_back(std::move(effects));
        }
        return out;
    }

    // The effects of rows found by their key, when the mapping names effects.
    void addEffects(std::vector<LiveKeyRow>& rows)
    {
        if (!effectsTable || rows.empty())
            return;
        std::vector<std::pair<std::string, std::vector<std::optional<std::string>>>> wanted;
        for (const LiveKeyRow& k : rows)
            wanted.emplace_back(k.record.scope.key, k.keyCursor);
        std::vector<LiveEffects> effects = effectsOf(wanted);
        for (std::size_t i = 0; i < rows.size() && i < effects.size(); ++i)
            rows[i].effects = std::move(effects[i]);
    }

    // Every column of rows with these key-order values, as the key lookups show them.
    LiveKeyRow wholeRow(const LiveRecord& record, bool fullBody)
    {
        LiveKeyRow out;
        out.record = record;
        out.keyCursor = record.cursor;
        std::vector<MysqlValue> params;
        const std::string where = whereKeyEquals(params, record.cursor);
        const auto names = query("SELECT COLUMN_NAME FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND "
                                 "TABLE_NAME = ? ORDER BY ORDINAL_POSITION",
            { schema, name }, "read the table's columns");
        std::string sql = "SELECT ";
        for (std::size_t i = 0; i < names.size(); ++i)
            sql += (i ? ", " : "") + quoteName(names[i][0].value_or(""));
        const auto rows
            = query(sql + " FROM " + display + " WHERE " + where + " LIMIT 1", params, "read the row whole");
        if (rows.empty())
            return out;
        for (std::size_t i = 0; i < names.size(); ++i) {
            const std::string column = names[i][0].value_or("");
            const std::optional<std::string>& value = rows[0][i];
            if (!bodyColumn.empty() && column == bodyColumn) {
                if (value) {
                    out.bodyBytes = static_cast<long long>(value->size());
                    out.bodyComplete = fullBody || value->size() <= LiveInspector::kBodyPreviewBytes;
                    out.body = out.bodyComplete ? *value : value->substr(0, LiveInspector::kBodyPreviewBytes);
                }
                continue;
            }
            LiveRowValue v;
            v.column = column;
            if (value) {
                v.bytes = static_cast<long long>(value->size());
                v.value = *value;
                if (value->size() > LiveInspector::kBodyPreviewBytes) {
                    v.value->resize(LiveInspector::kBodyPreviewBytes);
                    v.cut = true;
                }
            }
            out.row.push_back(std::move(v));
        }
        return out;
    }
};

MysqlInspector::MysqlInspector(const MysqlConninfo& info, LiveMapping mapping, const std::string& table)
    : m_impl(std::make_unique<Impl>())
{
    Impl& d = *m_impl;
    if (mapping.redis)
        throw LiveError(LiveError::Kind::BadInput,
            "the mapping \"" + mapping.name + "\" reads Redis keys, not a table: give a table mapping");
    d.info = info;
    d.mapping = std::move(mapping);
    try {
        d.conn = MysqlConnection::open(info, false);
    } catch (const StoreError& e) {
        const std::string what = e.what();
        if (e.kind() == StoreError::Kind::Unavailable)
            throw LiveError(LiveError::Kind::Unreachable, what);
        if (what.find("refused the login") != std::string::npos)
            throw LiveError(LiveError::Kind::Authentication, what);
        throw LiveError(LiveError::Kind::Server, what);
    }
    // Before the version is known the statement bound cannot be written in the server's dialect: VERSION() alone
    // goes without one (it reads no table).
    try {
        const auto version = d.conn->query("SELECT VERSION()", {}, "read the server's version");
        d.version = version.empty() ? std::string() : version[0][0].value_or("");
    } catch (const StoreError& e) {
        d.rethrow(e, "read the server's version");
    }
    d.mariadb = mysqlServerIsMariadb(d.version);
    d.readOnly([&] {
        d.resolve(table);
        d.check();
        d.checkEffects();
        return 0;
    });
}

unsigned long MysqlInspector::connectionId() const
{
    return m_impl->conn->threadId();
}

MysqlInspector::~MysqlInspector() = default;

const LiveMapping& MysqlInspector::mapping() const
{
    return m_impl->mapping;
}

const std::string& MysqlInspector::table() const
{
    return m_impl->display;
}

const std::vector<std::string>& MysqlInspector::keyColumns() const
{
    return m_impl->keyColumns;
}

std::vector<std::string> MysqlInspector::pageColumns(LiveOrder order) const
{
    return m_impl->pageColumns(order);
}

const std::string& MysqlInspector::tableEngine() const
{
    return m_impl->engine;
}

const std::optional<LiveZoneWarning>& MysqlInspector::zoneWarning() const
{
    return m_impl->zoneWarning;
}

MysqlSnapshot MysqlInspector::snapshot(const MysqlInspectOptions& options)
{
    using From = LivePageQuery::From;
    Impl& d = *m_impl;
    d.statementTimeoutMs = std::max<Millis>(1, options.statementTimeoutMs);
    const From from = options.live.page.from;
    // A seek to a time reads the time order, whatever order was asked.
    const LiveOrder order = from == From::AtTime ? LiveOrder::ByTime : options.live.page.order;
    // The newest page first (inspect --order newest): read backwards from the end, or from just before the cursor.
    const bool backwards = from == From::Last || from == From::Before;
    const std::vector<std::string> pageColumns = d.pageColumns(order);
    if (from == From::AtKey) {
        if (options.cursor.empty() || options.cursor.size() > pageColumns.size())
            throw LiveError(LiveError::Kind::BadInput,
                "seeking needs between 1 and " + std::to_string(pageColumns.size()) + " values of the "
                    + (order == LiveOrder::ByTime ? "time" : "key") + " order");
    } else if (from == From::Around) {
        if (options.cursor.size() != d.keyColumns.size())
            throw LiveError(LiveError::Kind::BadInput,
                "a record is found by one value per key-order column (" + std::to_string(d.keyColumns.size()) + ")");
    } else if (from != From::AtTime && !options.cursor.empty() && options.cursor.size() != pageColumns.size())
        throw LiveError(LiveError::Kind::BadInput,
            "the cursor has " + std::to_string(options.cursor.size()) + " values and the "
                + (order == LiveOrder::ByTime ? "time" : "key") + " order " + std::to_string(pageColumns.size())
                + " columns");
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(options.deadlineMs);
    return d.readOnly([&] {
        MysqlSnapshot snap;
        snap.server = d.where();
        snap.version = d.version;
        snap.mariadb = d.mariadb;
        snap.tableEngine = d.engine;
        const bool fromCursor
            = from == From::First || from == From::After || from == From::Last || from == From::Before;
        snap.cursor = !fromCursor || options.cursor.empty() ? std::string() : mysqlCursorText(options.cursor);
        snap.seek = options.seek;
        LiveSnapshot& live = snap.live;
        live.nowMs = d.serverNow();
        live.now = isoUtc(live.nowMs);
        live.countsNowMs = live.nowMs;
        live.table = d.display;
        live.mapping = d.mapping.name;
        live.keyColumns = d.keyColumns;
        live.thresholds = options.live.thresholds;
        live.dueWithinMs = options.live.dueWithinMs;
        live.zoneWarning = d.zoneWarning;
        live.page.order = order;
        const int pageLimit = std::max(1, options.live.page.limit);

        // The page: a keyset read from the cursor or the value sought (never OFFSET), one row more than shown to know
        // whether another page follows in the direction read.
        {
            LiveSnapshotOptions pageOptions = options.live;
            pageOptions.byActorLimit = 0;
            LiveClassifier pageOnly(d.classifying, pageOptions, live.nowMs);
            std::vector<MysqlValue> params;
            Impl::PageRows rows;
            switch (from) {
            case From::First:
            case From::After:
            case From::Last:
            case From::Before: {
                const std::string where = options.cursor.empty()
                    ? std::string()
                    : Impl::seek(pageColumns, options.cursor, params, backwards);
                rows = d.readPage(pageOnly, order, where, params, backwards, pageLimit);
                live.page.moreBefore = backwards ? rows.more : !options.cursor.empty();
                live.page.moreAfter = backwards ? !options.cursor.empty() : rows.more;
                break;
            }
            case From::AtKey: {
                d.checkSeekValues(pageColumns, options.cursor);
                const std::string where = Impl::seek(pageColumns, options.cursor, params, false, true);
                rows = d.readPage(pageOnly, order, where, params, false, pageLimit);
                live.page.moreBefore = true;
                live.page.moreAfter = rows.more;
                break;
            }
            case From::AtTime: {
                const std::string where = d.createdFrom(options.live.page.atMs, params);
                rows = d.readPage(pageOnly, order, where, params, false, pageLimit);
                live.page.moreBefore = true;
                live.page.moreAfter = rows.more;
                break;
            }
            case From::Around: {
                // The record among its neighbours: about half a page before it, then it and the rows after it.
                const auto at = d.pageCursorOf(order, options.cursor);
                if (!at)
                    throw LiveError(LiveError::Kind::BadInput,
                        "no row of " + d.display + " has the key-order values " + mysqlCursorText(options.cursor)
                            + " any more");
                const int beforeLimit = std::max(1, pageLimit / 2);
                std::vector<MysqlValue> beforeParams;
                // (Each condition is written before its parameters are handed over: they are its.)
                const std::string beforeIt = Impl::seek(pageColumns, *at, beforeParams, true);
                Impl::PageRows before = d.readPage(pageOnly, order, beforeIt, beforeParams, true, beforeLimit);
                const std::string fromIt = Impl::seek(pageColumns, *at, params, false, true);
                rows = d.readPage(pageOnly, order, fromIt, params, false, std::max(1, pageLimit - beforeLimit));
                live.page.moreBefore = before.more;
                live.page.moreAfter = rows.more;
                before.records.insert(before.records.end(), std::make_move_iterator(rows.records.begin()),
                    std::make_move_iterator(rows.records.end()));
                before.cursors.insert(before.cursors.end(), std::make_move_iterator(rows.cursors.begin()),
                    std::make_move_iterator(rows.cursors.end()));
                rows.records = std::move(before.records);
                rows.cursors = std::move(before.cursors);
                break;
            }
            }
            live.page.records = std::move(rows.records);
            // The next page: the older rows before this one when it is shown newest first, else the rows after it.
            if (!rows.cursors.empty()) {
                if (options.newestFirst && live.page.moreBefore && from != From::AtKey && from != From::AtTime)
                    snap.nextCursor = mysqlCursorText(rows.cursors.front());
                else if (!options.newestFirst && live.page.moreAfter)
                    snap.nextCursor = mysqlCursorText(rows.cursors.back());
            }
        }

        // The pass over the whole table, in key order, a batch at a time: the counts and the anomalies.
        LiveClassifier whole(d.classifying, options.live, live.nowMs, options.regenerationGroups);
        std::vector<std::optional<std::string>> last;
        const int batch = std::max(1, options.batchRows);
        while (true) {
            if (std::chrono::steady_clock::now() > deadline)
                throw LiveError(LiveError::Kind::Timeout,
                    d.where() + ": the snapshot's deadline of " + formatDurationMs(options.deadlineMs)
                        + " passed after " + std::to_string(snap.rowsRead) + " rows of " + d.display
                        + "; raise --deadline");
            std::vector<MysqlValue> params = d.selectParams;
            std::string sql = d.select;
            if (!last.empty())
                sql += " WHERE " + d.after(last, params);
            sql += d.orderBy() + " LIMIT " + std::to_string(batch);
            const auto rows = d.query(sql, params, "read the rows of " + d.display);
            for (const MysqlRow& row : rows) {
                LiveRecord r = d.classifyRow(whole, row);
                last = std::move(r.cursor);
                ++snap.rowsRead;
            }
            if (rows.size() < static_cast<std::size_t>(batch))
                break;
        }
        whole.finish(live, live.page.records);
        snap.regenerationComplete = whole.regenerationComplete();
        if (options.live.effects && d.effectsTable) {
            // Both keys of each regeneration: the business rows the client's new key caused beside the first's.
            std::vector<std::pair<std::string, std::vector<std::optional<std::string>>>> rows;
            for (const LiveAnomaly& a : live.anomalies)
                if (a.kind == LiveAnomalyKind::SuspectedKeyRegeneration) {
                    rows.emplace_back(a.facts.otherKey, a.otherCursor);
                    rows.emplace_back(a.scope.key, a.cursor);
                }
            live.effects = d.effectsOf(rows);
        }
        return snap;
    });
}

LiveKeyLookup MysqlInspector::lookupKey(const LiveInspector::KeyQuery& query, Millis statementTimeoutMs)
{
    Impl& d = *m_impl;
    d.statementTimeoutMs = std::max<Millis>(1, statementTimeoutMs);
    return d.readOnly([&] {
        LiveKeyLookup out;
        out.key = query.key;
        out.actor = query.actor;
        out.nowMs = d.serverNow();
        out.now = isoUtc(out.nowMs);
        out.bodyColumn = d.bodyColumn;
        // The key's column narrows the rows on the server where the key is one column (or the text after a
        // delimiter); the classifier's reading of each row decides.
        std::vector<MysqlValue> params = d.selectParams;
        std::string where;
        const LiveTextField& k = d.mapping.key;
        if (k.kind == LiveTextField::Kind::Columns && k.columns.size() == 1) {
            where = " WHERE " + quoteName(k.columns[0]) + " = ?";
            params.push_back(query.key);
        } else if (k.kind == LiveTextField::Kind::AfterLast) {
            where = " WHERE SUBSTRING_INDEX(" + quoteName(k.columns[0]) + ", ?, -1) = ?";
            params.push_back(k.text);
            params.push_back(query.key);
        }
        LiveSnapshotOptions options;
        options.thresholds = query.thresholds;
        LiveClassifier classifier(d.classifying, options, out.nowMs);
        std::vector<std::optional<std::string>> last;
        const int limit = std::max(1, query.limit);
        while (true) {
            std::vector<MysqlValue> p = params;
            std::string sql = d.select + where;
            if (!last.empty())
                sql += (where.empty() ? " WHERE " : " AND ") + d.after(last, p);
            sql += d.orderBy() + " LIMIT 1000";
            const auto rows = d.query(sql, p, "look for the key in " + d.display);
            for (const MysqlRow& row : rows) {
                LiveRecord r = d.classifyRow(classifier, row);
                last = r.cursor;
                if (r.scope.key != query.key || (query.actor && r.scope.actor != *query.actor))
                    continue;
                if (static_cast<int>(out.rows.size()) == limit) {
                    out.complete = false;
                    return out;
                }
                out.rows.push_back(d.wholeRow(r, query.fullBody));
            }
            if (rows.size() < 1000)
                break;
        }
        d.addEffects(out.rows);
        return out;
    });
}

std::string MysqlInspector::keyColumnsDescription() const
{
    const LiveTextField& f = m_impl->mapping.key;
    std::string columns;
    for (std::size_t i = 0; i < f.columns.size(); ++i)
        columns += (i ? ", " : "") + f.columns[i];
    switch (f.kind) {
    case LiveTextField::Kind::Constant:
        return "a constant (\"" + f.text + "\")";
    case LiveTextField::Kind::Columns:
        return f.columns.size() == 1 ? columns : columns + " joined by \"" + f.text + "\"";
    case LiveTextField::Kind::BeforeLast:
        return "the text before the last \"" + f.text + "\" of " + columns;
    case LiveTextField::Kind::AfterLast:
        return "the text after the last \"" + f.text + "\" of " + columns;
    }
    return columns;
}

std::optional<LiveKeyRow> MysqlInspector::lookupRow(const std::vector<std::optional<std::string>>& keyOrderValues,
    bool fullBody, const AnomalyThresholds& thresholds, Millis statementTimeoutMs)
{
    Impl& d = *m_impl;
    d.statementTimeoutMs = std::max<Millis>(1, statementTimeoutMs);
    if (keyOrderValues.size() != d.keyColumns.size())
        return std::nullopt;
    return d.readOnly([&]() -> std::optional<LiveKeyRow> {
        const Millis now = d.serverNow();
        std::vector<MysqlValue> params = d.selectParams;
        const std::string sql = d.select + " WHERE " + d.whereKeyEquals(params, keyOrderValues);
        const auto rows = d.query(sql, params, "read the row of " + d.display);
        if (rows.empty())
            return std::nullopt;
        LiveSnapshotOptions options;
        options.thresholds = thresholds;
        LiveClassifier classifier(d.classifying, options, now);
        std::vector<LiveKeyRow> found { d.wholeRow(d.classifyRow(classifier, rows[0]), fullBody) };
        d.addEffects(found);
        return found.front();
    });
}

namespace {

std::string withoutClosingBrace(std::string out)
{
    while (!out.empty() && (out.back() == '\n' || out.back() == ' '))
        out.pop_back();
    if (!out.empty() && out.back() == '}')
        out.pop_back();
    return out;
}

} // namespace

std::string mysqlInspectionJson(const MysqlSnapshot& s, const AnomalyThresholds& thresholds)
{
    std::string out = withoutClosingBrace(inspectionJson(s.live, thresholds));
    out += ",\n\"engine\": \"mysql\", \"server\": ";
    json::appendString(out, s.server);
    out += ", \"version\": ";
    json::appendString(out, s.version);
    out += ", \"table_engine\": ";
    json::appendString(out, s.tableEngine);
    out += ", \"cursor\": ";
    if (s.cursor.empty())
        out += "null";
    else
        json::appendString(out, s.cursor);
    out += ", \"next_cursor\": ";
    if (s.nextCursor.empty())
        out += "null";
    else
        json::appendString(out, s.nextCursor);
    out += ", \"rows_read\": " + std::to_string(s.rowsRead);
    out += ", \"clock\": \"server\", \"regeneration_complete\": ";
    out += s.regenerationComplete ? "true" : "false";
    out += ", \"kinds_not_applicable\": {";
    bool first = true;
    for (const LiveAnomalyKind kind : kLiveAnomalyKinds)
        if (!mysqlAnomalyApplies(kind)) {
            out += first ? "\"" : ", \"";
            out += std::string(anomalyKindName(kind)) + "\": ";
            json::appendString(out, mysqlAnomalyNotApplicableReason(kind));
            first = false;
        }
    out += "}";
    if (s.seek.to != MysqlSeek::To::None) { // only when sought: the report of a page read otherwise is as it was
        out += ", \"seek\": {\"to\": \"" + mysqlSeekName(s.seek.to) + "\"";
        if (s.seek.to != MysqlSeek::To::Last) {
            out += ", \"value\": ";
            json::appendString(out, s.seek.value);
        }
        out += "}";
    }
    out += "}\n";
    return out;
}

std::string mysqlInspectionText(const MysqlSnapshot& s, const AnomalyThresholds& thresholds)
{
    std::string out = inspectionText(s.live, thresholds);
    if (!out.empty() && out.back() != '\n')
        out += '\n';
    out += "\nMySQL: " + s.server + " (" + s.version + "), table engine " + s.tableEngine + ", "
        + std::to_string(s.rowsRead) + " rows read in one read-only transaction, times at the server's clock\n";
    if (s.tableEngine != "InnoDB" && !s.tableEngine.empty())
        out += "The table uses " + s.tableEngine
            + ", which has no transactions: the counts and the page are read by separate statements and may not be "
              "one instant's\n";
    if (!s.regenerationComplete)
        out += "suspected_key_regeneration stopped early: more fingerprints than it keeps in memory\n";
    // The cursor belongs to its order: the next page is asked for with the same one.
    const std::string order = s.live.page.newestFirst ? " --order newest"
        : s.live.page.order == LiveOrder::ByTime      ? " --order time"
                                                      : "";
    switch (s.seek.to) {
    case MysqlSeek::To::None:
        break;
    case MysqlSeek::To::Key:
        out += "Seek: the page around the record with the idempotency key \"" + s.seek.value + "\"\n";
        break;
    case MysqlSeek::To::KeyOrder:
        out += "Seek: the key order from \"" + s.seek.value + "\" on\n";
        break;
    case MysqlSeek::To::Time:
        out += "Seek: the rows created at or after " + s.seek.value + "\n";
        break;
    case MysqlSeek::To::Last:
        out += "Seek: the last page of the order\n";
        break;
    }
    out += s.nextCursor.empty() ? std::string("Page: the last\n")
                                : "Page: next page:" + order + " --cursor '" + s.nextCursor + "'\n";
    return out;
}

std::string mysqlKeyLookupJson(const LiveKeyLookup& lookup, const std::string& table, const std::string& mapping)
{
    std::string out = withoutClosingBrace(keyLookupJson(lookup, table, mapping));
    out += ",\n\"engine\": \"mysql\"}\n";
    return out;
}

} // namespace iw
