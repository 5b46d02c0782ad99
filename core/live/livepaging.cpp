// LiveInspector's keyset paging: pages in either order from a cursor, seeks by key, by key-order values or by time,
// never OFFSET; a seek value that does not fit its column is one sentence.
#include "liveinspectorimpl.h"

#include "fingerprint.h"
#include "json.h"

#include <algorithm>

namespace iw {

using namespace livesql;

std::vector<std::string> LiveInspector::Impl::sortColumns(LiveOrder order) const
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
void LiveInspector::Impl::checkSeekValues(
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
LiveResult LiveInspector::Impl::execSeek(
    const std::string& sql, const Statement& st, const std::vector<std::string>& sort)
{
    try {
        return conn.exec(sql, st.params(), st.types(), what("read a page of"));
    } catch (const LiveError& e) {
        if (e.kind() != LiveError::Kind::Server || std::string_view(e.what()).find("(SQLSTATE 22") == std::string::npos)
            throw;
        std::vector<std::string> typed;
        for (const std::string& c : sort)
            typed.push_back(c + " (" + columns.at(c).dataType + ")");
        throw LiveError(LiveError::Kind::BadInput,
            "the value sought does not fit the columns the seek compares it with: " + sentenceList(typed));
    }
}

LivePage LiveInspector::Impl::pageQuery(const LivePageQuery& q, const AnomalyThresholds& t)
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
std::optional<LiveInspector::Located> LiveInspector::Impl::locate(
    const std::string& where, Statement& st, LiveOrder order)
{
    const std::vector<std::string> sort = sortColumns(order);
    std::string selectSort;
    std::string orderBy;
    for (std::size_t i = 0; i < sort.size(); ++i) {
        selectSort += ", " + col(sort[i]) + "::text AS s" + std::to_string(i);
        orderBy += (i ? ", " : "") + col(sort[i]);
    }
    const LiveResult r = conn.exec("SELECT " + actor + " AS actor, " + operation + " AS operation, " + key + " AS key"
            + selectSort + " FROM " + from + " WHERE " + where + " ORDER BY " + orderBy + " LIMIT 1",
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

LiveRecord LiveInspector::Impl::recordAt(const PGresult* r, int row, int sortCount) const
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

} // namespace iw
