// LiveInspector's counts and anomaly lists: the database's clock, the recovery state, the counts by state and by
// anomaly in one pass, the listed rows of each kind and the regenerated keys.
#include "liveinspectorimpl.h"

#include <algorithm>

namespace iw {

using namespace livesql;

std::pair<Millis, std::string> LiveInspector::Impl::now()
{
    const LiveResult r = conn.exec("SELECT " + kNowMs
            + ", pg_catalog.to_char(pg_catalog.now() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')",
        {}, "read the database's clock");
    return { numberAt(r.get(), 0, 0), textAt(r.get(), 0, 1) };
}

// Whether this is a hot standby, and the age of the last transaction it replayed (the replica's lag).
std::pair<bool, std::optional<Millis>> LiveInspector::Impl::recovery()
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
LiveCounts LiveInspector::Impl::countQuery(const AnomalyThresholds& t)
{
    Statement st(constants, constantTypes);
    const std::string expired = expiredBy("0");
    std::string sql = "SELECT pg_catalog.count(*), pg_catalog.count(*) FILTER (WHERE " + terminal
        + "), pg_catalog.count(*) FILTER (WHERE " + terminal + " AND (" + markedExpired + " OR " + expired + ")), "
        + (mapping.inProgressExpires ? "pg_catalog.count(*) FILTER (WHERE NOT " + terminal + " AND " + expired + ")"
                                     : std::string("0"));
    const bool leaseMapped = mapping.leaseUntil.present();
    sql += leaseMapped
        ? ", pg_catalog.count(*) FILTER (WHERE NOT " + terminal + " AND NOT " + timePresent(mapping.leaseUntil) + ")"
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
LiveAnomalyFacts LiveInspector::Impl::facts(
    LiveAnomalyKind kind, const PGresult* r, int row, const AnomalyThresholds& t) const
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
std::string LiveInspector::Impl::keyCursorColumns(const std::string& prefix) const
{
    std::string out;
    for (std::size_t i = 0; i < mapping.order.size(); ++i) {
        const std::string alias = "k" + std::to_string(i);
        out += ", " + (prefix.empty() ? col(mapping.order[i]) + "::text" : prefix + alias) + " AS " + alias;
    }
    return out;
}

std::vector<std::optional<std::string>> LiveInspector::Impl::keyCursorAt(const PGresult* r, int row) const
{
    std::vector<std::optional<std::string>> out;
    const int first = PQfnumber(r, "k0");
    for (std::size_t i = 0; first >= 0 && i < mapping.order.size(); ++i)
        out.push_back(optTextAt(r, row, first + static_cast<int>(i)));
    return out;
}

Scope LiveInspector::Impl::scopeAt(const PGresult* r, int row) const
{
    return { textAt(r, row, PQfnumber(r, "actor")), textAt(r, row, PQfnumber(r, "operation")),
        textAt(r, row, PQfnumber(r, "key")) };
}

// The oldest rows of a kind first (by the raw creation column, which an index may serve).
std::vector<LiveAnomaly> LiveInspector::Impl::listQuery(LiveAnomalyKind kind, const AnomalyThresholds& t)
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
std::pair<long long, std::vector<LiveAnomaly>> LiveInspector::Impl::regenerationQuery(const AnomalyThresholds& t)
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
        + " AS key, " + createdMs + " AS created_ms, pg_catalog.lag(" + key + ") OVER w AS prev_key, pg_catalog.lag("
        + createdMs + ") OVER w AS prev_created" + keyCursorColumns("") + " FROM " + from + " WHERE "
        + col(mapping.fingerprint.column) + " IS NOT NULL AND "
        + timeCompare(mapping.createdAt, ">=", kNowMs + " - " + lookback) + " WINDOW w AS (PARTITION BY " + actor + ", "
        + operation + ", " + fingerprintGroup + " ORDER BY " + createdMs + ", " + key
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

} // namespace iw
