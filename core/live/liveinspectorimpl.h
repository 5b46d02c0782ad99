// The inside of LiveInspector, shared by the files it is split into along its seams: liveinspector.cpp (resolving
// and checking the table, the public calls, discovery, the follower), livesql.cpp (the mapping as SQL expressions),
// liveanomalyqueries.cpp (the counts and the anomaly lists), livepaging.cpp (keyset pages and seeks) and
// liveoncall.cpp (the on-call's questions: one key, its row whole, effects, anomalies by actor). Private to core/live.
#pragma once

#include "liveinspector.h"
#include "pgresult.h"

#include <libpq-fe.h>

#include <array>
#include <charconv>
#include <cmath>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace iw {

namespace livesql {

using Params = std::vector<std::optional<std::string>>;

// A text[] literal, passed as a parameter (never spliced).
inline std::string textArray(const std::vector<std::string>& values)
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

inline bool isTimestampType(const std::string& t)
{
    return t == "timestamp with time zone" || t == "timestamp without time zone" || t == "date";
}

inline bool isIntegerType(const std::string& t)
{
    return t == "smallint" || t == "integer" || t == "bigint";
}

inline bool isNumericType(const std::string& t)
{
    return isIntegerType(t) || t == "numeric" || t == "real" || t == "double precision";
}

inline bool isTextType(const std::string& t)
{
    return t == "text" || t == "character varying" || t == "character" || t == "name";
}

inline bool isJsonType(const std::string& t)
{
    return t == "json" || t == "jsonb";
}

inline std::string joinNames(const std::vector<std::string>& names)
{
    std::string out;
    for (const std::string& n : names)
        out += (out.empty() ? "" : ", ") + n;
    return out;
}

inline std::string sentenceList(const std::vector<std::string>& parts)
{
    std::string out;
    for (std::size_t i = 0; i < parts.size(); ++i)
        out += (i == 0 ? "" : (i + 1 == parts.size() ? " and " : ", ")) + parts[i];
    return out;
}

// Type OIDs of parameters declared up front (pg_type.h): a statement need not mention every constant.
inline constexpr unsigned kTextOid = 25;
inline constexpr unsigned kTextArrayOid = 1009;
inline constexpr unsigned kBigintOid = 20;

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

inline const std::string kNowMs = "(pg_catalog.floor(extract(epoch from pg_catalog.now()) * 1000)::bigint)";

struct ColumnInfo {
    std::string dataType; // information_schema.columns.data_type
    bool nullable = true;
};

} // namespace livesql

using livesql::ColumnInfo;
using livesql::Params;
using livesql::Statement;

struct LiveInspector::Impl {
    LiveConnection& conn;
    LiveMapping mapping;
    LiveTableRef table;
    long long oid = 0;
    std::string from; // the escaped, qualified table
    std::map<std::string, ColumnInfo> columns;
    std::vector<std::string> columnOrder; // the table's columns in their order
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

    // A table found by name: its OID and how SQL names it.
    struct Found {
        long long oid = 0;
        LiveTableRef ref;
    };

    // The mapping's effects table, checked: its columns to show, and whether the join compares as text (the two
    // columns are of different types).
    struct EffectsTable {
        Found table;
        std::vector<std::string> shown;
        bool textCompare = false;
    };
    std::optional<EffectsTable> effectsTable;

    std::string what(const std::string& verb) const { return verb + " " + table.display; }

    std::string col(const std::string& name) const { return conn.quoteIdentifier(name); }

    std::string constant(const std::string& value, const char* type)
    {
        constants.emplace_back(value);
        constantTypes.push_back(std::string_view(type) == "text[]" ? livesql::kTextArrayOid : livesql::kTextOid);
        return "($" + std::to_string(constants.size()) + "::" + type + ")";
    }

    // --- Resolving the table and checking its shape against the mapping (liveinspector.cpp).

    static std::optional<Found> firstRow(const PGresult* r);
    void resolve(const std::string& name);
    // A table named as the user writes it: exactly as written in the search path, then as an SQL name, then the only
    // one of that name. Throws LiveError Schema (none, or several) or BadInput (no name).
    Found lookUp(const std::string& name);
    void resolve(const LiveTableRef& ref);
    void checkShape();
    bool naive(const LiveTimeField& f) const;
    void checkTimeZone();

    // --- The mapping as SQL expressions (livesql.cpp).

    std::string textExpr(const LiveTextField& f);
    // `operand`: the SQL value to read instead of the field's column (an aggregate of it); empty: the column.
    std::string epochNumeric(const LiveTimeField& f, const std::string& operand = {}) const;
    std::string epochInRange(const LiveTimeField& f, const std::string& operand = {}) const;
    std::string timeExpr(const LiveTimeField& f, const std::string& operand = {}) const;
    std::vector<std::pair<const LiveTimeField*, const char*>> epochFields() const;
    std::string timeOutOfRange() const;
    std::string rawTimeColumns() const;
    std::string timeCompare(const LiveTimeField& f, const std::string& op, const std::string& msExpr) const;
    std::string timePresent(const LiveTimeField& f) const;
    void buildExpressions();
    std::string displayColumns() const;
    std::string expiredBy(const std::string& graceMs) const;
    std::string stateCase() const;
    enum class RuleSide { Terminal, Open, Any };
    static RuleSide ruleSide(LiveAnomalyKind kind);
    std::string ruleBody(LiveAnomalyKind kind, const AnomalyThresholds& t, Statement& st) const;
    std::string condition(LiveAnomalyKind kind, const AnomalyThresholds& t, Statement& st) const;
    std::string anomalyMask(const AnomalyThresholds& t, Statement& st) const;

    // --- Counts and anomaly lists, inside a read-only transaction (liveanomalyqueries.cpp).

    struct Clock {
        Millis nowMs = 0;
        std::string now; // ISO 8601 UTC
        bool standby = false;
        std::optional<Millis> replayLagMs;
    };
    Clock clock();
    // Where the rows of a kind begin and end in time: the raw creation column's text (a list's bound) and its epoch ms.
    struct KindSpan {
        std::optional<std::string> oldestRaw, newestRaw;
        std::optional<Millis> oldestMs, newestMs;
    };
    struct Counted {
        LiveCounts counts;
        std::array<KindSpan, LiveAnomalyKindCount> spans {};
    };
    Counted countQuery(const AnomalyThresholds& t, std::optional<Millis> dueWithinMs = std::nullopt);
    LiveAnomalyFacts facts(LiveAnomalyKind kind, const PGresult* r, int row, const AnomalyThresholds& t) const;
    std::string keyCursorColumns(const std::string& prefix) const;
    std::vector<std::optional<std::string>> keyCursorAt(const PGresult* r, int row) const;
    Scope scopeAt(const PGresult* r, int row) const;
    std::vector<LiveAnomaly> listQuery(
        LiveAnomalyKind kind, const AnomalyThresholds& t, const KindSpan& span, bool newestFirst);
    std::string regenerationPairs(const AnomalyThresholds& t, Statement& st) const;
    std::pair<long long, std::vector<LiveAnomaly>> regenerationQuery(const AnomalyThresholds& t, bool newestFirst);

    // --- Keyset pages and seeks (livepaging.cpp).

    std::vector<std::string> sortColumns(LiveOrder order) const;
    void checkSeekValues(
        const std::vector<std::string>& sort, const std::vector<std::optional<std::string>>& values) const;
    LiveResult execSeek(const std::string& sql, const Statement& st, const std::vector<std::string>& sort);
    LivePage pageQuery(const LivePageQuery& q, const AnomalyThresholds& t);
    std::optional<Located> locate(const std::string& where, Statement& st, LiveOrder order);
    LiveRecord recordAt(const PGresult* r, int row, int sortCount) const;

    // --- The on-call's questions (liveoncall.cpp).

    void checkEffects();
    // The effects of these idempotency rows, given by key and key-order values; one entry per row, in their order.
    std::vector<LiveEffects> effectsOf(
        const std::vector<std::pair<std::string, std::vector<std::optional<std::string>>>>& rows);
    // The rows `where` matches, whole, in key order; at most `limit` (`complete` says whether that was all).
    std::vector<LiveKeyRow> keyRows(
        const std::string& where, Statement& st, bool fullBody, int limit, const AnomalyThresholds& t, bool& complete);
    std::pair<std::vector<LiveActorAnomalies>, bool> actorQuery(const AnomalyThresholds& t, int limit);
};

} // namespace iw
