// The on-call's questions of a live table (docs/manual/live-tables.md): one key's rows whole (every scope holding it,
// its stored response body), the business rows a key caused (the mapping's effects, joined on the server), and every
// anomaly counted per actor. Read-only like the rest: identifiers escaped by libpq, every value a parameter, every list
// bounded.
#include "liveinspectorimpl.h"
#include "livereport.h"

#include <algorithm>
#include <map>

namespace iw {

using namespace livesql;

namespace {

// A value read as pg_catalog.left(x::text, n + 1) beside its octet_length: cut to n bytes when longer.
LiveRowValue rowValue(
    const std::string& column, const PGresult* r, int row, int valueColumn, int bytesColumn, std::size_t limit)
{
    LiveRowValue v;
    v.column = column;
    if (PQgetisnull(r, row, valueColumn))
        return v;
    const std::string text = textAt(r, row, valueColumn);
    v.bytes = numberAt(r, row, bytesColumn);
    v.value = firstBytes(text, limit);
    v.cut = static_cast<long long>(v.value->size()) < v.bytes;
    return v;
}

} // namespace

// The effects table the mapping names: found as a table name the user types, readable, with the columns the mapping
// names; the idempotency table has the column the join reads.
void LiveInspector::Impl::checkEffects()
{
    const LiveEffectsField& e = mapping.effects;
    if (!e.present())
        return;
    Found found;
    try {
        found = lookUp(e.table);
    } catch (const LiveError& error) {
        if (error.kind() != LiveError::Kind::Schema && error.kind() != LiveError::Kind::BadInput)
            throw;
        throw LiveError(LiveError::Kind::Schema,
            "the effects table of the " + mapping.name + " mapping (\"effects\": \"table\"): " + error.what());
    }
    struct Shape {
        bool readable = false;
        std::vector<std::string> order;
        std::map<std::string, std::string> types;
    };
    const Shape shape = conn.readOnly([&] {
        Shape s;
        const LiveResult priv = conn.exec("SELECT pg_catalog.has_table_privilege($1::bigint::oid, 'SELECT')",
            { std::to_string(found.oid) }, "check the privileges on the effects table " + found.ref.display);
        s.readable = boolAt(priv.get(), 0, 0);
        const LiveResult cols = conn.exec("SELECT column_name::text, data_type::text FROM information_schema.columns "
                                          "WHERE table_schema::text = $1::text AND table_name::text = $2::text "
                                          "ORDER BY ordinal_position",
            { found.ref.schema, found.ref.name }, "list the columns of the effects table " + found.ref.display);
        for (int i = 0; i < PQntuples(cols.get()); ++i) {
            s.order.push_back(textAt(cols.get(), i, 0));
            s.types[textAt(cols.get(), i, 0)] = textAt(cols.get(), i, 1);
        }
        return s;
    });
    if (!shape.readable)
        throw LiveError(LiveError::Kind::Schema,
            "user " + conn.user() + " may not read the effects table " + found.ref.display + " that the " + mapping.name
                + " mapping names");
    std::vector<std::string> missing;
    for (const std::string& c : e.columns)
        if (!shape.types.count(c))
            missing.push_back(c);
    if (!shape.types.count(e.column))
        missing.insert(missing.begin(), e.column);
    if (!missing.empty())
        throw LiveError(LiveError::Kind::Schema,
            "the effects table " + found.ref.display + " that the " + mapping.name + " mapping names has no column "
                + sentenceList(missing));
    if (!columns.count(e.on))
        throw LiveError(LiveError::Kind::Schema,
            "the " + mapping.name + " mapping joins its effects on the column " + e.on
                + " (\"effects\": \"on\"), which " + table.display + " does not have");
    EffectsTable t;
    t.table = found;
    t.shown = e.columns.empty() ? shape.order : e.columns;
    t.textCompare = shape.types.at(e.column) != columns.at(e.on).dataType;
    effectsTable = t;
}

std::vector<LiveEffects> LiveInspector::Impl::effectsOf(
    const std::vector<std::pair<std::string, std::vector<std::optional<std::string>>>>& rows)
{
    std::vector<LiveEffects> out;
    if (!effectsTable || rows.empty())
        return out;
    const LiveEffectsField& e = mapping.effects;
    Statement st(constants, constantTypes);
    const std::string limit = st.number(e.limit + 1);
    // The idempotency rows by their key-order values, each value a parameter the server types as its column.
    std::string keys;
    for (const auto& [key, cursor] : rows) {
        std::string tuple;
        for (std::size_t i = 0; i < mapping.order.size(); ++i)
            tuple += (i ? ", " : "") + st.add(i < cursor.size() ? cursor[i] : std::nullopt);
        keys += (keys.empty() ? "(" : ", (") + tuple + ")";
    }
    std::string orderCols;
    for (std::size_t i = 0; i < mapping.order.size(); ++i)
        orderCols += (i ? ", i." : "i.") + col(mapping.order[i]);
    const std::string effectsFrom = col(effectsTable->table.ref.schema) + "." + col(effectsTable->table.ref.name);
    const std::string join = effectsTable->textCompare ? "e." + col(e.column) + "::text = i." + col(e.on) + "::text"
                                                       : "e." + col(e.column) + " = i." + col(e.on);
    std::string shown;
    std::string values;
    for (std::size_t i = 0; i < effectsTable->shown.size(); ++i) {
        const std::string c = "e." + col(effectsTable->shown[i]);
        const std::string n = std::to_string(i);
        shown += (i ? ", " : "") + c;
        values += ", pg_catalog.left(f.v" + n + "::text, " + std::to_string(kEffectValueBytes + 1)
            + "), pg_catalog.octet_length(f.v" + n + "::text)";
    }
    std::string lateral;
    for (std::size_t i = 0; i < effectsTable->shown.size(); ++i)
        lateral += (i ? ", " : "") + std::string("e.") + col(effectsTable->shown[i]) + " AS v" + std::to_string(i);
    std::string keyText;
    for (std::size_t i = 0; i < mapping.order.size(); ++i)
        keyText += (i ? ", i." : "i.") + col(mapping.order[i]) + "::text";
    const std::string sql = "SELECT " + keyText + values + " FROM " + from + " i CROSS JOIN LATERAL (SELECT " + lateral
        + " FROM " + effectsFrom + " e WHERE " + join + " ORDER BY 1 LIMIT " + limit + ") f WHERE (" + orderCols
        + ") IN (" + keys + ")";
    const LiveResult r = conn.exec(sql, st.params(), st.types(),
        "read the effects in " + effectsTable->table.ref.display + " of rows of " + table.display);
    const int keyCount = static_cast<int>(mapping.order.size());
    for (const auto& [key, cursor] : rows) {
        LiveEffects effects;
        effects.key = key;
        effects.cursor = cursor;
        effects.table = effectsTable->table.ref.display;
        for (int i = 0; i < PQntuples(r.get()); ++i) {
            bool same = true;
            for (int k = 0; same && k < keyCount; ++k)
                same = static_cast<std::size_t>(k) < cursor.size()
                    && optTextAt(r.get(), i, k) == cursor[static_cast<std::size_t>(k)];
            if (!same)
                continue;
            if (static_cast<int>(effects.rows.size()) == e.limit) {
                effects.complete = false;
                continue;
            }
            LiveRow row;
            for (std::size_t c = 0; c < effectsTable->shown.size(); ++c) {
                const int at = keyCount + 2 * static_cast<int>(c);
                row.push_back(rowValue(effectsTable->shown[c], r.get(), i, at, at + 1, kEffectValueBytes));
            }
            effects.rows.push_back(std::move(row));
        }
        out.push_back(std::move(effects));
    }
    return out;
}

std::vector<LiveKeyRow> LiveInspector::Impl::keyRows(
    const std::string& where, Statement& st, bool fullBody, int limit, const AnomalyThresholds& t, bool& complete)
{
    const std::string mask = anomalyMask(t, st);
    std::string sortCols;
    std::string orderBy;
    for (std::size_t i = 0; i < mapping.order.size(); ++i) {
        sortCols += ", " + col(mapping.order[i]) + "::text AS s" + std::to_string(i);
        orderBy += (i ? ", " : "") + col(mapping.order[i]);
    }
    // Every column but the body, cut at the preview's length (a jsonb request of megabytes stays on the server).
    const std::string preview = std::to_string(LiveInspector::kBodyPreviewBytes + 1);
    std::string whole;
    std::vector<std::string> wholeColumns;
    for (const std::string& c : columnOrder) {
        if (hasBodyColumn && c == mapping.responseBody.column)
            continue;
        const std::string n = std::to_string(wholeColumns.size());
        whole += ", pg_catalog.left(" + col(c) + "::text, " + preview + ") AS w" + n + ", pg_catalog.octet_length("
            + col(c) + "::text) AS wb" + n;
        wholeColumns.push_back(c);
    }
    const std::string body = hasBodyColumn
        ? (fullBody ? col(mapping.responseBody.column) + "::text"
                    : "pg_catalog.left(" + col(mapping.responseBody.column) + "::text, " + preview + ")")
        : std::string("NULL::text");
    const std::string sql = "SELECT " + displayColumns() + ", " + stateCase() + " AS state, " + mask + " AS mask"
        + sortCols + whole + ", " + body + " AS whole_body FROM " + from + " WHERE " + where + " ORDER BY " + orderBy
        + " LIMIT " + st.number(std::max(1, limit) + 1);
    const LiveResult r = conn.exec(sql, st.params(), st.types(), what("read the rows of a key in"));
    std::vector<LiveKeyRow> out;
    const int rows = PQntuples(r.get());
    complete = rows <= std::max(1, limit);
    const int firstWhole = PQfnumber(r.get(), "w0");
    const int bodyAt = PQfnumber(r.get(), "whole_body");
    for (int i = 0; i < std::min(rows, std::max(1, limit)); ++i) {
        LiveKeyRow k;
        k.record = recordAt(r.get(), i, static_cast<int>(mapping.order.size()));
        k.keyCursor = k.record.cursor;
        for (std::size_t c = 0; c < wholeColumns.size(); ++c) {
            const int at = firstWhole + 2 * static_cast<int>(c);
            k.row.push_back(rowValue(wholeColumns[c], r.get(), i, at, at + 1, LiveInspector::kBodyPreviewBytes));
        }
        if (!PQgetisnull(r.get(), i, bodyAt)) {
            const std::string text = textAt(r.get(), i, bodyAt);
            k.bodyBytes = k.record.bodyBytes.value_or(static_cast<long long>(text.size()));
            k.body = fullBody ? text : firstBytes(text, LiveInspector::kBodyPreviewBytes);
            k.bodyComplete = static_cast<long long>(k.body->size()) >= k.bodyBytes;
        }
        out.push_back(std::move(k));
    }
    if (effectsTable) {
        std::vector<std::pair<std::string, std::vector<std::optional<std::string>>>> wanted;
        for (const LiveKeyRow& k : out)
            wanted.emplace_back(k.record.scope.key, k.keyCursor);
        std::vector<LiveEffects> effects = effectsOf(wanted);
        for (std::size_t i = 0; i < out.size() && i < effects.size(); ++i)
            out[i].effects = std::move(effects[i]);
    }
    return out;
}

LiveKeyLookup LiveInspector::lookupKey(const KeyQuery& query)
{
    Impl& d = *m_impl;
    return d.conn.readOnly([&] {
        LiveKeyLookup out;
        out.key = query.key;
        out.actor = query.actor;
        out.bodyColumn = d.hasBodyColumn ? d.mapping.responseBody.column : std::string();
        const Impl::Clock clock = d.clock();
        out.nowMs = clock.nowMs;
        out.now = clock.now;
        Statement st(d.constants, d.constantTypes);
        const std::string value = st.add(query.key) + "::text";
        // One key column compared as text (its index serves a text column); otherwise the key field's expression.
        const LiveTextField& f = d.mapping.key;
        std::string where = f.kind == LiveTextField::Kind::Columns && f.columns.size() == 1
            ? d.col(f.columns.front()) + "::text = " + value
            : d.key + " = " + value;
        if (query.actor)
            where += " AND " + d.actor + " = " + st.add(*query.actor) + "::text";
        out.rows = d.keyRows(where, st, query.fullBody, query.limit, query.thresholds, out.complete);
        return out;
    });
}

std::optional<LiveKeyRow> LiveInspector::lookupRow(
    const std::vector<std::optional<std::string>>& keyOrderValues, bool fullBody, const AnomalyThresholds& thresholds)
{
    Impl& d = *m_impl;
    if (keyOrderValues.size() != d.mapping.order.size())
        throw LiveError(LiveError::Kind::BadInput, "a record is found by one value per key-order column");
    return d.conn.readOnly([&]() -> std::optional<LiveKeyRow> {
        Statement st(d.constants, d.constantTypes);
        std::string cols;
        std::string values;
        for (std::size_t i = 0; i < keyOrderValues.size(); ++i) {
            cols += (i ? ", " : "") + d.col(d.mapping.order[i]);
            values += (i ? ", " : "") + st.add(keyOrderValues[i]);
        }
        bool complete = true;
        std::vector<LiveKeyRow> rows
            = d.keyRows("(" + cols + ") = (" + values + ")", st, fullBody, 1, thresholds, complete);
        if (rows.empty())
            return std::nullopt;
        return std::move(rows.front());
    });
}

// Every anomaly counted per actor: one grouped pass for the rules of a row, and the regeneration pairs of the lookback
// grouped the same way; the actors with the most first.
std::pair<std::vector<LiveActorAnomalies>, bool> LiveInspector::Impl::actorQuery(const AnomalyThresholds& t, int limit)
{
    std::map<std::string, LiveActorAnomalies> byActor;
    {
        Statement st(constants, constantTypes);
        std::string counts;
        std::string any;
        std::vector<LiveAnomalyKind> kinds;
        for (const LiveAnomalyKind kind : kLiveAnomalyKinds) {
            if (kind == LiveAnomalyKind::SuspectedKeyRegeneration)
                continue;
            const std::string rule = condition(kind, t, st);
            counts += ", pg_catalog.count(*) FILTER (WHERE " + rule + ")";
            any += (any.empty() ? "" : " OR ") + rule;
            kinds.push_back(kind);
        }
        const LiveResult r
            = conn.exec("SELECT " + actor + " AS actor" + counts + " FROM " + from + " WHERE (" + any + ") GROUP BY 1",
                st.params(), st.types(), what("count the anomalies per actor of"));
        for (int i = 0; i < PQntuples(r.get()); ++i) {
            LiveActorAnomalies& a = byActor[textAt(r.get(), i, 0)];
            a.actor = textAt(r.get(), i, 0);
            for (std::size_t k = 0; k < kinds.size(); ++k)
                a.counts[static_cast<std::size_t>(kinds[k])] = numberAt(r.get(), i, 1 + static_cast<int>(k));
        }
    }
    if (hasFingerprint) {
        Statement st(constants, constantTypes);
        const LiveResult r
            = conn.exec("SELECT x.actor, pg_catalog.count(*) FROM " + regenerationPairs(t, st) + " GROUP BY 1",
                st.params(), st.types(), what("count the regenerated keys per actor of"));
        for (int i = 0; i < PQntuples(r.get()); ++i) {
            LiveActorAnomalies& a = byActor[textAt(r.get(), i, 0)];
            a.actor = textAt(r.get(), i, 0);
            a.counts[static_cast<std::size_t>(LiveAnomalyKind::SuspectedKeyRegeneration)] = numberAt(r.get(), i, 1);
        }
    }
    std::vector<LiveActorAnomalies> out;
    for (auto& [name, a] : byActor) {
        for (const long long n : a.counts)
            a.total += n;
        out.push_back(a);
    }
    std::sort(out.begin(), out.end(), [](const LiveActorAnomalies& a, const LiveActorAnomalies& b) {
        return a.total != b.total ? a.total > b.total : a.actor < b.actor;
    });
    const bool complete = static_cast<int>(out.size()) <= limit;
    if (!complete)
        out.resize(static_cast<std::size_t>(limit));
    return { out, complete };
}

} // namespace iw
