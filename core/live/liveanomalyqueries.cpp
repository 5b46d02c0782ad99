// LiveInspector's counts and anomaly lists: the database's clock, the recovery state, the counts by state and by
// anomaly in one pass, the listed rows of each kind and the regenerated keys.
#include "liveinspectorimpl.h"

#include <algorithm>

namespace iw {

using namespace livesql;

// The database's clock, whether this is a hot standby, and the age of the last transaction it replayed (the
// replica's lag), in one round trip.
LiveInspector::Impl::Clock LiveInspector::Impl::clock()
{
    const LiveResult r = conn.exec("SELECT " + kNowMs
            + ", pg_catalog.to_char(pg_catalog.now() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"'), "
              "pg_catalog.pg_is_in_recovery(), (extract(epoch from (pg_catalog.now() - "
              "pg_catalog.pg_last_xact_replay_timestamp())) * 1000)::bigint",
        {}, "read the database's clock");
    Clock c;
    c.nowMs = numberAt(r.get(), 0, 0);
    c.now = textAt(r.get(), 0, 1);
    c.standby = boolAt(r.get(), 0, 2);
    if (c.standby && !PQgetisnull(r.get(), 0, 3))
        c.replayLagMs = std::max<Millis>(0, numberAt(r.get(), 0, 3));
    return c;
}

namespace {

// The bits of a row's class in the counting pass: each rule is evaluated once per row, and the client adds up the
// groups. T: terminal; X: terminal and expired (marked so, or by the clock); O: open and expired (Powertools);
// L: open without a lease; then one bit per anomaly kind; D: terminal, not expired yet, expired within the due window.
constexpr unsigned kTerminalBit = 1u << 0;
constexpr unsigned kTerminalExpiredBit = 1u << 1;
constexpr unsigned kOpenExpiredBit = 1u << 2;
constexpr unsigned kOpenWithoutLeaseBit = 1u << 3;
constexpr unsigned kDueBit = 1u << 4;
constexpr unsigned anomalyClassBit(LiveAnomalyKind kind)
{
    return 1u << (5 + static_cast<unsigned>(kind));
}

} // namespace

// One sequential pass: every rule compares raw columns with bounds computed once per statement, each at most once per
// row (a CASE on the terminal state first), and the rows are grouped by the bits that hold for them. Each group also
// carries the oldest and newest creation of its rows, so a list of a kind can start where its rows are.
LiveInspector::Impl::Counted LiveInspector::Impl::countQuery(
    const AnomalyThresholds& t, std::optional<Millis> dueWithinMs)
{
    Statement st(constants, constantTypes);
    const std::string expired = expiredBy("0");
    const auto bit = [](const std::string& rule, unsigned b) {
        return " + (CASE WHEN " + rule + " THEN " + std::to_string(b) + " ELSE 0 END)";
    };
    std::string terminalSide
        = std::to_string(kTerminalBit) + bit(markedExpired + " OR " + expired, kTerminalExpiredBit);
    std::string openSide = "0";
    if (mapping.inProgressExpires)
        openSide += bit(expired, kOpenExpiredBit);
    const bool leaseMapped = mapping.leaseUntil.present();
    if (leaseMapped)
        openSide += bit("NOT " + timePresent(mapping.leaseUntil), kOpenWithoutLeaseBit);
    std::string anySide;
    for (const LiveAnomalyKind kind : kLiveAnomalyKinds) {
        if (kind == LiveAnomalyKind::SuspectedKeyRegeneration)
            continue;
        const std::string rule = bit(ruleBody(kind, t, st), anomalyClassBit(kind));
        (ruleSide(kind) == RuleSide::Terminal      ? terminalSide
                : ruleSide(kind) == RuleSide::Open ? openSide
                                                   : anySide)
            += rule;
    }
    if (dueWithinMs)
        terminalSide += bit(
            "NOT (" + markedExpired + " OR " + expired + ") AND " + expiredBy(st.number(-*dueWithinMs)), kDueBit);
    const std::string mask
        = "(CASE WHEN " + terminal + " THEN " + terminalSide + " ELSE " + openSide + " END" + anySide + ")";
    const std::string created = col(mapping.createdAt.column);
    const std::string sql = "SELECT g.m, g.n, g.lo::text, g.hi::text, " + timeExpr(mapping.createdAt, "g.lo") + ", "
        + timeExpr(mapping.createdAt, "g.hi") + " FROM (SELECT " + mask
        + " AS m, pg_catalog.count(*) AS n, pg_catalog.min(" + created + ") AS lo, pg_catalog.max(" + created
        + ") AS hi FROM " + from + " GROUP BY 1) g";
    const LiveResult r = conn.exec(sql, st.params(), st.types(), what("count the records of"));

    Counted out;
    LiveCounts& c = out.counts;
    long long terminalRows = 0, terminalExpired = 0, openExpired = 0;
    for (int i = 0; i < PQntuples(r.get()); ++i) {
        const auto m = static_cast<unsigned>(numberAt(r.get(), i, 0));
        const long long n = numberAt(r.get(), i, 1);
        c.total += n;
        terminalRows += m & kTerminalBit ? n : 0;
        terminalExpired += m & kTerminalExpiredBit ? n : 0;
        openExpired += m & kOpenExpiredBit ? n : 0;
        c.openWithoutLease += m & kOpenWithoutLeaseBit ? n : 0;
        c.dueWithin += m & kDueBit ? n : 0;
        for (const LiveAnomalyKind kind : kLiveAnomalyKinds) {
            if (kind == LiveAnomalyKind::SuspectedKeyRegeneration || !(m & anomalyClassBit(kind)))
                continue;
            c.anomalies[static_cast<std::size_t>(kind)] += n;
            KindSpan& span = out.spans[static_cast<std::size_t>(kind)];
            const auto loMs = optNumberAt(r.get(), i, 4);
            const auto hiMs = optNumberAt(r.get(), i, 5);
            if (loMs && (!span.oldestMs || *loMs < *span.oldestMs)) {
                span.oldestMs = loMs;
                span.oldestRaw = optTextAt(r.get(), i, 2);
            }
            if (hiMs && (!span.newestMs || *hiMs > *span.newestMs)) {
                span.newestMs = hiMs;
                span.newestRaw = optTextAt(r.get(), i, 3);
            }
        }
    }
    c.expired = terminalExpired + openExpired;
    c.completed = terminalRows - terminalExpired;
    c.inProgress = c.total - terminalRows - openExpired;
    c.leaseMapped = leaseMapped;
    if (!leaseMapped)
        c.openWithoutLease = 0;
    c.openWithLease = leaseMapped ? c.total - terminalRows - c.openWithoutLease : 0;
    return out;
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

// The oldest rows of a kind first, or the newest first (by the raw creation column, which an index may serve),
// starting where the counting pass saw the kind's rows begin (or end), so a time index is walked from there.
std::vector<LiveAnomaly> LiveInspector::Impl::listQuery(
    LiveAnomalyKind kind, const AnomalyThresholds& t, const KindSpan& span, bool newestFirst)
{
    Statement st(constants, constantTypes);
    std::string where = condition(kind, t, st);
    const std::string created = col(mapping.createdAt.column);
    // A nullable creation column may hold rows the bound would leave out: no bound then.
    const std::optional<std::string>& bound = newestFirst ? span.newestRaw : span.oldestRaw;
    if (bound && !columns.at(mapping.createdAt.column).nullable)
        where += " AND " + created + (newestFirst ? " <= " : " >= ") + st.add(*bound);
    const std::string limit = st.number(std::max(0, t.listLimit));
    const std::string direction = newestFirst ? " DESC" : "";
    std::string order = created + direction;
    for (const std::string& c : mapping.order)
        order += ", " + col(c) + direction;
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
// The pairs as a subquery `x` (actor, operation, key, created_ms, prev_key, prev_created, p0…, k0…): each row whose
// previous row of the same actor, operation and fingerprint, among those created in the lookback, has another key
// and was created within the window before it.
std::string LiveInspector::Impl::regenerationPairs(const AnomalyThresholds& t, Statement& st) const
{
    const std::string lookback = st.number(t.regenerationLookbackMs);
    const std::string window = st.number(t[LiveAnomalyKind::SuspectedKeyRegeneration]);
    // The earlier row's key-order values travel too: its effects are looked up by them.
    std::string previousCursor;
    for (std::size_t i = 0; i < mapping.order.size(); ++i)
        previousCursor += ", pg_catalog.lag(" + col(mapping.order[i]) + "::text) OVER w AS p" + std::to_string(i);
    return "(SELECT * FROM (SELECT " + actor + " AS actor, " + operation + " AS operation, " + key + " AS key, "
        + createdMs + " AS created_ms, pg_catalog.lag(" + key + ") OVER w AS prev_key, pg_catalog.lag(" + createdMs
        + ") OVER w AS prev_created" + previousCursor + keyCursorColumns("") + " FROM " + from + " WHERE "
        + col(mapping.fingerprint.column) + " IS NOT NULL AND "
        + timeCompare(mapping.createdAt, ">=", kNowMs + " - " + lookback) + " WINDOW w AS (PARTITION BY " + actor + ", "
        + operation + ", " + fingerprintGroup + " ORDER BY " + createdMs + ", " + key
        + ")) y WHERE y.prev_key IS NOT NULL AND y.prev_key <> y.key AND y.created_ms - y.prev_created <= " + window
        + ") x";
}

std::pair<long long, std::vector<LiveAnomaly>> LiveInspector::Impl::regenerationQuery(
    const AnomalyThresholds& t, bool newestFirst)
{
    if (!hasFingerprint)
        return {};
    const LiveAnomalyKind kind = LiveAnomalyKind::SuspectedKeyRegeneration;
    Statement st(constants, constantTypes);
    const std::string pairs = regenerationPairs(t, st);
    const std::string limit = st.number(std::max(1, t.listLimit));
    std::string previousCursorOut;
    for (std::size_t i = 0; i < mapping.order.size(); ++i)
        previousCursorOut += ", x.p" + std::to_string(i);
    const std::string direction = newestFirst ? " DESC" : "";
    const std::string sql = "SELECT x.actor, x.operation, x.key, x.created_ms, x.prev_key, x.prev_created, "
                            "pg_catalog.count(*) OVER ()"
        + previousCursorOut + keyCursorColumns("x.") + " FROM " + pairs + " ORDER BY x.created_ms" + direction
        + ", x.actor" + direction + ", x.operation" + direction + ", x.key" + direction + " LIMIT " + limit;
    const LiveResult r = conn.exec(sql, st.params(), st.types(), what("look for regenerated keys in"));
    std::vector<LiveAnomaly> out;
    long long count = 0;
    for (int i = 0; i < PQntuples(r.get()); ++i) {
        count = numberAt(r.get(), i, 6);
        LiveAnomalyFacts f;
        f.known = true;
        f.otherKey = textAt(r.get(), i, 4);
        f.agoMs = numberAt(r.get(), i, 3) - numberAt(r.get(), i, 5);
        LiveAnomaly a { kind, { textAt(r.get(), i, 0), textAt(r.get(), i, 1), textAt(r.get(), i, 2) },
            numberAt(r.get(), i, 3), anomalyDetail(kind, f), keyCursorAt(r.get(), i), f };
        for (std::size_t k = 0; k < mapping.order.size(); ++k)
            a.otherCursor.push_back(optTextAt(r.get(), i, 7 + static_cast<int>(k)));
        out.push_back(std::move(a));
    }
    if (t.listLimit <= 0) // the count still matters
        out.clear();
    return { count, out };
}

} // namespace iw
