// LiveInspector's mapping turned into SQL expressions. The mapping's columns reach SQL only as identifiers escaped
// by libpq, its literal values (separators, delimiters, state names) and every threshold or cursor only as
// parameters. Rules (state, anomalies) compare the raw columns with bounds computed once per statement from now(), so a
// count is one sequential aggregate of cheap comparisons and a time index can serve a rule; the millisecond forms of
// the times are computed only for the rows that travel (a page, a capped anomaly list).
#include "liveinspectorimpl.h"

#include <algorithm>

namespace iw {

using namespace livesql;

std::string LiveInspector::Impl::textExpr(const LiveTextField& f)
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
            return "(CASE WHEN " + last + " = 0 THEN '' ELSE pg_catalog.left(" + c + ", pg_catalog.length(" + c + ") - "
                + last + " - pg_catalog.length(" + d + ") + 1) END)";
        return "(CASE WHEN " + last + " = 0 THEN " + c + " ELSE pg_catalog.right(" + c + ", " + last + " - 1) END)";
    }
    }
    return "''";
}

// An epoch column in milliseconds, as numeric: no value can overflow it (nanoseconds read as seconds, the
// 9223372036854775807 sentinel), so the range is checked before anything becomes a bigint.
std::string LiveInspector::Impl::epochNumeric(const LiveTimeField& f, const std::string& operand) const
{
    const std::string c = operand.empty() ? col(f.column) : operand;
    const std::string plus = f.plusMs ? " + (" + std::to_string(f.plusMs) + ")::numeric" : std::string();
    if (f.unit == LiveTimeField::Unit::EpochSeconds)
        return "(pg_catalog.round(NULLIF(" + c + ", 0)::numeric * 1000)" + plus + ")";
    return "(pg_catalog.round(NULLIF(" + c + ", 0)::numeric)" + plus + ")";
}

// Within ±2^53 ms (about 285,000 years): a time a JSON number and a bigint both carry exactly.
std::string LiveInspector::Impl::epochInRange(const LiveTimeField& f, const std::string& operand) const
{
    return "(pg_catalog.abs(" + epochNumeric(f, operand) + ") <= 9007199254740992)";
}

// Epoch milliseconds, or NULL for a value that is no time in its unit (reported as time_out_of_range).
std::string LiveInspector::Impl::timeExpr(const LiveTimeField& f, const std::string& operand) const
{
    if (!f.present())
        return "NULL::bigint";
    const std::string c = operand.empty() ? col(f.column) : operand;
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
        return "(CASE WHEN " + epochInRange(f, c) + " THEN " + epochNumeric(f, c) + "::bigint END)";
    }
    return "NULL::bigint";
}

// The epoch time fields of the mapping, in the order a detail names them.
std::vector<std::pair<const LiveTimeField*, const char*>> LiveInspector::Impl::epochFields() const
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
std::string LiveInspector::Impl::timeOutOfRange() const
{
    std::string out;
    for (const auto& [f, name] : epochFields())
        out += (out.empty() ? "" : " OR ")
            + ("(coalesce(" + col(f->column) + ", 0) <> 0 AND NOT coalesce(" + epochInRange(*f) + ", false))");
    return out.empty() ? std::string("false") : "(" + out + ")";
}

// The raw text of each epoch field, for time_out_of_range's detail.
std::string LiveInspector::Impl::rawTimeColumns() const
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
std::string LiveInspector::Impl::timeCompare(
    const LiveTimeField& f, const std::string& op, const std::string& msExpr) const
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
            bound = zone.empty() ? "(" + bound + ")::timestamp" : "pg_catalog.timezone(" + zone + ", " + bound + ")";
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

std::string LiveInspector::Impl::timePresent(const LiveTimeField& f) const
{
    if (!f.present())
        return "false";
    const std::string c = col(f.column);
    return f.unit == LiveTimeField::Unit::Timestamp ? "(" + c + " IS NOT NULL)" : "(coalesce(" + c + ", 0) <> 0)";
}

void LiveInspector::Impl::buildExpressions()
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
    terminal = "coalesce(" + col(mapping.state.column) + "::text = ANY(" + constant(textArray(terminalValues), "text[]")
        + "), false)";
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
    // A bytea fingerprint (a SHA-256 stored as 32 bytes) reads as its hex digits, as every fingerprint here is shown.
    const bool byteaFingerprint
        = hasFingerprint && !canonicalFingerprint && columns.at(mapping.fingerprint.column).dataType == "bytea";
    fingerprint = !hasFingerprint ? std::string("NULL::text")
        : byteaFingerprint        ? "pg_catalog.encode(" + col(mapping.fingerprint.column) + ", 'hex')"
                                  : col(mapping.fingerprint.column) + "::text";
    // jsonb equality is value equality (key order, whitespace and 1.0 vs 1 do not matter), as RFC 8785's is.
    fingerprintGroup = canonicalFingerprint ? col(mapping.fingerprint.column) + "::jsonb" : fingerprint;
    resultId = mapping.resultId.present() ? col(mapping.resultId.column) + "::text" : std::string("NULL::text");
}

// The record's fields for display, over the table's columns (read by name: PQfnumber).
std::string LiveInspector::Impl::displayColumns() const
{
    return actor + " AS actor, " + operation + " AS operation, " + key + " AS key, " + rawState + " AS raw_state, "
        + terminal + " AS terminal, " + markedExpired + " AS marked_expired, " + createdMs + " AS created_ms, "
        + expiresMs + " AS expires_ms, " + leaseMs + " AS lease_ms, " + completedMs + " AS completed_ms, " + status
        + " AS status, " + bodyBytes + " AS body_bytes, " + fingerprint + " AS fp, " + resultId + " AS result_id, "
        + kNowMs + " AS now_ms" + rawTimeColumns();
}

// Past expiry by more than `graceMs`: now ≥ expires_at + grace (Powertools: now > expires_at + grace).
std::string LiveInspector::Impl::expiredBy(const std::string& graceMs) const
{
    return timeCompare(mapping.expiresAt, mapping.strictExpiry ? "<" : "<=", kNowMs + " - " + graceMs);
}

std::string LiveInspector::Impl::stateCase() const
{
    const std::string expired = expiredBy("0");
    return "(CASE WHEN " + terminal + " THEN CASE WHEN " + markedExpired + " OR " + expired
        + " THEN 'expired' ELSE 'completed' END "
        + (mapping.inProgressExpires ? "WHEN " + expired + " THEN 'expired' " : std::string())
        + "ELSE 'in_progress' END)";
}

// The rows a kind's rule can hold for: terminal ones, open ones, or any row.
LiveInspector::Impl::RuleSide LiveInspector::Impl::ruleSide(LiveAnomalyKind kind)
{
    switch (kind) {
    case LiveAnomalyKind::StuckInProgress:
    case LiveAnomalyKind::InProgressPastExpiry:
        return RuleSide::Open;
    case LiveAnomalyKind::ExpiredNotSwept:
    case LiveAnomalyKind::CompletedWithoutResponse:
        return RuleSide::Terminal;
    case LiveAnomalyKind::SuspectedKeyRegeneration:
    case LiveAnomalyKind::TimeOutOfRange:
        break;
    }
    return RuleSide::Any;
}

// The rule of a kind once its side (ruleSide) is known to hold, over the table's columns; "false" for
// suspected_key_regeneration, which needs a window over other rows.
std::string LiveInspector::Impl::ruleBody(LiveAnomalyKind kind, const AnomalyThresholds& t, Statement& st) const
{
    // Added only where a rule uses it: PostgreSQL cannot type a parameter no statement mentions.
    const bool unused = kind == LiveAnomalyKind::SuspectedKeyRegeneration || kind == LiveAnomalyKind::TimeOutOfRange
        || (kind == LiveAnomalyKind::CompletedWithoutResponse && !hasStatus && !hasBodyColumn);
    const std::string threshold = unused ? std::string() : st.number(t[kind]);
    switch (kind) {
    case LiveAnomalyKind::StuckInProgress:
        return "(CASE WHEN " + timePresent(mapping.leaseUntil) + " THEN " + timeCompare(mapping.leaseUntil, "<", kNowMs)
            + " ELSE " + timeCompare(mapping.createdAt, "<", kNowMs + " - " + threshold) + " END)";
    case LiveAnomalyKind::ExpiredNotSwept:
        return "(" + markedExpired + " OR " + expiredBy(threshold) + ")";
    case LiveAnomalyKind::CompletedWithoutResponse:
        if (!hasStatus && !hasBodyColumn)
            return "false";
        return "(NOT " + markedExpired + " AND " + statusMissing + " AND NOT " + hasBody + " AND CASE WHEN "
            + timePresent(mapping.completedAt) + " THEN "
            + timeCompare(mapping.completedAt, "<=", kNowMs + " - " + threshold) + " ELSE "
            + timeCompare(mapping.createdAt, "<=", kNowMs + " - " + threshold) + " END)";
    case LiveAnomalyKind::InProgressPastExpiry:
        return expiredBy(threshold);
    case LiveAnomalyKind::SuspectedKeyRegeneration:
        return "false";
    case LiveAnomalyKind::TimeOutOfRange:
        return timeOutOfRange();
    }
    return "false";
}

// The rule of a kind over the table's columns (not suspected_key_regeneration, which needs a window).
std::string LiveInspector::Impl::condition(LiveAnomalyKind kind, const AnomalyThresholds& t, Statement& st) const
{
    const std::string body = ruleBody(kind, t, st);
    switch (ruleSide(kind)) {
    case RuleSide::Terminal:
        return "(" + terminal + " AND " + body + ")";
    case RuleSide::Open:
        return "(NOT " + terminal + " AND " + body + ")";
    case RuleSide::Any:
        break;
    }
    return body;
}

std::string LiveInspector::Impl::anomalyMask(const AnomalyThresholds& t, Statement& st) const
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

} // namespace iw
