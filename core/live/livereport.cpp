// Writers of the inspection report.
#include "livereport.h"

#include "json.h"
#include "utf8.h"

#include <algorithm>
#include <ctime>

namespace iw {

namespace {

void str(std::string& out, const std::string& s)
{
    json::appendString(out, s);
}

template<class T> void opt(std::string& out, const std::optional<T>& v)
{
    if (!v)
        out += "null";
    else if constexpr (std::is_same_v<T, std::string>)
        str(out, *v);
    else
        out += std::to_string(*v);
}

std::string relative(std::optional<Millis> t, Millis now)
{
    if (!t)
        return "-";
    if (*t == now)
        return "now";
    return (*t > now ? "+" : "") + formatDurationMs(*t - now);
}

// An age and its instant: "-10 min (2026-12-01T08:00:03+00:00)".
std::string relativeAndAbsolute(std::optional<Millis> t, Millis now)
{
    if (!t)
        return "-";
    return relative(t, now) + " (" + isoTime(*t) + ")";
}

// The instants behind the ages a listed anomaly's detail speaks of, for the text output.
std::string anomalyInstants(const LiveAnomaly& a, Millis nowMs)
{
    const LiveAnomalyFacts& f = a.facts;
    std::string out = "created " + isoTime(a.createdMs);
    if (!f.known)
        return out;
    switch (a.kind) {
    case LiveAnomalyKind::StuckInProgress:
        if (f.leaseEndedAgoMs)
            out += ", lease ended " + isoTime(nowMs - *f.leaseEndedAgoMs);
        break;
    case LiveAnomalyKind::ExpiredNotSwept:
        if (!f.markedExpired)
            out += ", expired " + isoTime(nowMs - f.agoMs);
        break;
    case LiveAnomalyKind::CompletedWithoutResponse:
        out += ", completed " + isoTime(nowMs - f.agoMs);
        break;
    case LiveAnomalyKind::InProgressPastExpiry:
        out += ", expired " + isoTime(nowMs - f.agoMs);
        break;
    case LiveAnomalyKind::SuspectedKeyRegeneration:
        out += ", " + f.otherKey + " created " + isoTime(a.createdMs - f.agoMs);
        break;
    case LiveAnomalyKind::TimeOutOfRange:
        break;
    }
    return out;
}

std::string rowText(const LiveRow& row)
{
    std::string out;
    for (const LiveRowValue& v : row)
        out += (out.empty() ? "" : ", ") + v.column + "=" + (v.value ? *v.value + (v.cut ? "…" : "") : "NULL");
    return out;
}

void writeRow(std::string& out, const LiveRow& row)
{
    out += "{";
    for (std::size_t i = 0; i < row.size(); ++i) {
        out += i ? ", " : "";
        str(out, row[i].column);
        out += ": ";
        opt(out, row[i].value);
    }
    out += "}";
}

void writeEffects(std::string& out, const LiveEffects& e)
{
    out += "{\"key\": ";
    str(out, e.key);
    out += ", \"table\": ";
    str(out, e.table);
    out += ", \"complete\": " + std::string(e.complete ? "true" : "false") + ", \"rows\": [";
    for (std::size_t i = 0; i < e.rows.size(); ++i) {
        out += i ? ", " : "";
        writeRow(out, e.rows[i]);
    }
    out += "]}";
}

// The listed effects of one row, found by its key-order values.
const LiveEffects* effectsFor(const LiveSnapshot& s, const std::vector<std::optional<std::string>>& cursor)
{
    for (const LiveEffects& e : s.effects)
        if (e.cursor == cursor)
            return &e;
    return nullptr;
}

// Width in code points, so padding lines up for non-ASCII keys.
std::size_t width(const std::string& s)
{
    return utf8::codePoints(s);
}

// "actor / operation / key", without the actor when the table has none (Powertools).
std::string scopeText(const Scope& s)
{
    return s.actor.empty() ? s.operation + " / " + s.key : s.display();
}

} // namespace

std::string isoTime(Millis epochMs)
{
    const std::time_t seconds = static_cast<std::time_t>(epochMs >= 0 ? epochMs / 1000 : (epochMs - 999) / 1000);
    std::tm local {};
    if (!localtime_r(&seconds, &local))
        return formatEpochMs(epochMs);
    char text[40];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%S", &local);
    const long offset = local.tm_gmtoff / 60;
    // Hours and minutes bounded as ints (an offset is under a day), so GCC can see that "+HH:MM" fits
    // (-Wformat-truncation, which CI's -Werror build fails on).
    const int hours = static_cast<int>(std::labs(offset) / 60 % 100);
    const int minutes = static_cast<int>(std::labs(offset) % 60);
    char zone[16]; // "+HH:MM"
    std::snprintf(zone, sizeof zone, "%c%02d:%02d", offset < 0 ? '-' : '+', hours, minutes);
    return std::string(text) + zone;
}

std::string isoUtc(Millis epochMs)
{
    std::string text = formatEpochMs(epochMs); // "2026-12-01 08:00:03.250 UTC", in ISO 8601's spelling
    text[text.find(' ')] = 'T';
    text.replace(text.rfind(' '), std::string::npos, "Z");
    return text;
}

std::string firstBytes(const std::string& text, std::size_t limit)
{
    return std::string(utf8::prefixBytes(text, limit));
}

bool anomaliesComplete(const LiveSnapshot& s)
{
    long long counted = 0;
    for (const LiveAnomalyKind kind : kLiveAnomalyKinds)
        counted += s.counts.anomaly(kind);
    return static_cast<long long>(s.anomalies.size()) >= counted;
}

std::string anomaliesCsv(const LiveSnapshot& s)
{
    const auto field = [](const std::string& v) {
        if (v.find_first_of(",\"\r\n") == std::string::npos)
            return v;
        std::string q = "\"";
        for (const char c : v)
            q += c == '"' ? std::string("\"\"") : std::string(1, c);
        return q + "\"";
    };
    std::string out;
    if (!anomaliesComplete(s)) {
        long long counted = 0;
        for (const LiveAnomalyKind kind : kLiveAnomalyKinds)
            counted += s.counts.anomaly(kind);
        out += "# first page only: " + std::to_string(s.anomalies.size()) + " of " + std::to_string(counted)
            + " anomalies listed\n";
    }
    out += "kind,actor,operation,key,created_ms,age_ms";
    for (const std::string& c : s.keyColumns)
        out += ",key_column." + field(c);
    out += ",detail\n";
    for (const LiveAnomaly& a : s.anomalies) {
        out += std::string(anomalyKindName(a.kind)) + "," + field(a.scope.actor) + "," + field(a.scope.operation) + ","
            + field(a.scope.key) + "," + std::to_string(a.createdMs) + "," + std::to_string(s.nowMs - a.createdMs);
        for (std::size_t k = 0; k < s.keyColumns.size(); ++k)
            out += "," + (k < a.cursor.size() && a.cursor[k] ? field(*a.cursor[k]) : std::string());
        out += "," + field(a.detail) + "\n";
    }
    return out;
}

std::string inspectionJson(const LiveSnapshot& s, const AnomalyThresholds& t)
{
    std::string out = "{\"table\": ";
    str(out, s.table);
    out += ", \"mapping\": ";
    str(out, s.mapping);
    out += ", \"now\": ";
    str(out, s.now);
    out += ", \"now_ms\": " + std::to_string(s.nowMs);
    if (s.standby) // only on a hot standby, so a primary's report keeps its shape
        out += ", \"replica\": {\"replay_lag_ms\": "
            + (s.replayLagMs ? std::to_string(*s.replayLagMs) : std::string("null")) + "}";
    out += ", \"warnings\": [";
    if (s.zoneWarning)
        str(out, zoneWarningText(*s.zoneWarning));
    out += "]";
    out += ", \"total\": " + std::to_string(s.counts.total);
    out += ",\n\"counts\": {\"in_progress\": " + std::to_string(s.counts.inProgress) + ", \"completed\": "
        + std::to_string(s.counts.completed) + ", \"expired\": " + std::to_string(s.counts.expired) + "}";
    if (s.countsNowMs != s.nowMs) // a follower's page beside earlier counts
        out += ", \"counts_now_ms\": " + std::to_string(s.countsNowMs);
    if (s.dueWithinMs)
        out += ",\n\"due_within\": {\"ms\": " + std::to_string(*s.dueWithinMs)
            + ", \"until_ms\": " + std::to_string(s.countsNowMs + *s.dueWithinMs)
            + ", \"count\": " + std::to_string(s.counts.dueWithin) + "}";
    out += ",\n\"anomaly_counts\": {";
    for (std::size_t i = 0; i < kLiveAnomalyKinds.size(); ++i)
        out += (i ? ", \"" : "\"") + std::string(anomalyKindName(kLiveAnomalyKinds[i]))
            + "\": " + std::to_string(s.counts.anomaly(kLiveAnomalyKinds[i]));
    out += "},\n\"thresholds_ms\": {";
    for (std::size_t i = 0; i < kLiveAnomalyKinds.size(); ++i)
        out += (i ? ", \"" : "\"") + std::string(anomalyKindName(kLiveAnomalyKinds[i]))
            + "\": " + std::to_string(t[kLiveAnomalyKinds[i]]);
    out += "},\n\"anomaly_limit\": " + std::to_string(t.listLimit);
    out += ", \"anomalies_complete\": " + std::string(anomaliesComplete(s) ? "true" : "false");
    out += std::string(", \"anomalies_order\": \"") + (s.newestAnomaliesFirst ? "newest" : "oldest") + "\"";
    if (!s.byActor.empty() || !s.byActorComplete) {
        out += ",\n\"anomalies_by_actor\": [";
        for (std::size_t i = 0; i < s.byActor.size(); ++i) {
            const LiveActorAnomalies& a = s.byActor[i];
            out += i ? ",\n{\"actor\": " : "\n{\"actor\": ";
            str(out, a.actor);
            out += ", \"total\": " + std::to_string(a.total) + ", \"counts\": {";
            bool first = true;
            for (const LiveAnomalyKind kind : kLiveAnomalyKinds)
                if (a.count(kind)) {
                    out += (first ? "\"" : ", \"") + std::string(anomalyKindName(kind))
                        + "\": " + std::to_string(a.count(kind));
                    first = false;
                }
            out += "}}";
        }
        out += std::string(s.byActor.empty() ? "]" : "\n]")
            + ", \"anomalies_by_actor_complete\": " + (s.byActorComplete ? "true" : "false");
    }
    out += ",\n\"anomalies\": [";
    for (std::size_t i = 0; i < s.anomalies.size(); ++i) {
        const LiveAnomaly& a = s.anomalies[i];
        out += i ? ",\n" : "\n";
        out += "{\"kind\": \"" + std::string(anomalyKindName(a.kind)) + "\", \"actor\": ";
        str(out, a.scope.actor);
        out += ", \"operation\": ";
        str(out, a.scope.operation);
        out += ", \"key\": ";
        str(out, a.scope.key);
        out += ", \"detail\": ";
        str(out, a.detail);
        out += ", \"created_ms\": " + std::to_string(a.createdMs)
            + ", \"age_ms\": " + std::to_string(s.nowMs - a.createdMs);
        out += ", \"key_columns\": {";
        for (std::size_t k = 0; k < a.cursor.size() && k < s.keyColumns.size(); ++k) {
            out += k ? ", " : "";
            str(out, s.keyColumns[k]);
            out += ": ";
            opt(out, a.cursor[k]);
        }
        out += "}";
        if (a.kind == LiveAnomalyKind::SuspectedKeyRegeneration && !s.effects.empty()) {
            out += ", \"effects\": [";
            bool first = true;
            for (const auto* cursor : { &a.otherCursor, &a.cursor })
                if (const LiveEffects* e = effectsFor(s, *cursor)) {
                    out += first ? "" : ", ";
                    writeEffects(out, *e);
                    first = false;
                }
            out += "]";
        }
        out += "}";
    }
    out += s.anomalies.empty() ? "],\n" : "\n],\n";
    out += std::string("\"records_order\": \"")
        + (s.page.newestFirst                      ? "newest"
                : s.page.order == LiveOrder::ByKey ? "key"
                                                   : "time")
        + "\", \"records\": [";
    for (std::size_t i = 0; i < s.page.records.size(); ++i) {
        const LiveRecord& r = s.page.records[i];
        out += i ? ",\n" : "\n";
        out += "{\"actor\": ";
        str(out, r.scope.actor);
        out += ", \"operation\": ";
        str(out, r.scope.operation);
        out += ", \"key\": ";
        str(out, r.scope.key);
        out += ", \"state\": \"" + std::string(stateName(r.state)) + "\", \"payload_hash\": ";
        opt(out, r.fingerprint.empty() ? std::nullopt : std::optional(r.fingerprint));
        out += ", \"status_code\": ";
        opt(out, r.statusCode);
        out += ", \"created_ms\": " + std::to_string(r.createdMs) + ", \"completed_ms\": ";
        opt(out, r.completedMs);
        out += ", \"expires_ms\": ";
        opt(out, r.expiresMs);
        out += ", \"lease_until_ms\": ";
        opt(out, r.leaseUntilMs);
        out += ", \"result_id\": ";
        opt(out, r.resultId);
        out += ", \"stored_state\": ";
        str(out, r.storedState);
        out += ", \"body_bytes\": ";
        opt(out, r.bodyBytes);
        out += ", \"anomalies\": [";
        bool first = true;
        for (const LiveAnomalyKind kind : kLiveAnomalyKinds)
            if (r.anomalies & anomalyBit(kind)) {
                out += (first ? "\"" : ", \"") + std::string(anomalyKindName(kind)) + "\"";
                first = false;
            }
        out += "]}";
    }
    out += s.page.records.empty() ? "]}\n" : "\n]}\n";
    return out;
}

std::string inspectionText(const LiveSnapshot& s, const AnomalyThresholds& t)
{
    const LiveCounts& c = s.counts;
    std::string out = s.table + " read with the " + s.mapping + " mapping at " + formatEpochMs(s.nowMs)
        + " (the database's clock)\n";
    if (s.standby)
        out += s.replayLagMs ? "read from a hot-standby replica; its last replayed transaction is "
                + formatDurationMs(*s.replayLagMs) + " old (replica lag)\n"
                             : std::string("read from a hot-standby replica that has replayed no transaction yet\n");
    if (s.countsNowMs != s.nowMs)
        out += "the counts and anomalies below were read at " + isoTime(s.countsNowMs) + "\n";
    out += std::to_string(c.total) + (c.total == 1 ? " record: " : " records: ") + std::to_string(c.inProgress)
        + " in progress, " + std::to_string(c.completed) + " completed, " + std::to_string(c.expired) + " expired\n";
    if (s.dueWithinMs)
        out += std::to_string(c.dueWithin)
            + (c.dueWithin == 1 ? " terminal record expires" : " terminal records expire") + " within the next "
            + formatDurationMs(*s.dueWithinMs) + " (by " + isoTime(s.countsNowMs + *s.dueWithinMs)
            + "): the sweeper may remove " + (c.dueWithin == 1 ? "it" : "them") + " then\n";
    long long anomalies = 0;
    for (const LiveAnomalyKind kind : kLiveAnomalyKinds)
        anomalies += c.anomaly(kind);
    const std::string order = s.newestAnomaliesFirst ? ", newest first" : "";
    out += anomalies == 0 ? std::string("no anomalies\n")
                          : std::to_string(anomalies) + (anomalies == 1 ? " anomaly" : " anomalies") + order + ":\n";
    const auto listed = [&](const LiveAnomaly& a, const std::string& indent, bool withKind) {
        std::string line = indent + (withKind ? std::string(anomalyKindName(a.kind)) + " " : std::string())
            + scopeText(a.scope) + ": " + a.detail + " [" + anomalyInstants(a, s.countsNowMs) + "]\n";
        if (a.kind == LiveAnomalyKind::SuspectedKeyRegeneration)
            for (const auto* cursor : { &a.otherCursor, &a.cursor })
                if (const LiveEffects* e = effectsFor(s, *cursor)) {
                    line += indent + "  effects of " + e->key + " in " + e->table + ": "
                        + (e->rows.empty() ? std::string("none")
                                           : std::to_string(e->rows.size()) + (e->complete ? "" : "+"))
                        + "\n";
                    for (const LiveRow& row : e->rows)
                        line += indent + "    " + rowText(row) + "\n";
                }
        return line;
    };
    if (!s.byActor.empty()) {
        const char* const actors = s.byActor.size() == 1 ? " actor" : " actors";
        out += "  by actor (" + std::to_string(s.byActor.size()) + actors
            + (s.byActorComplete ? "" : " with the most; more have anomalies") + "):\n";
        for (const LiveActorAnomalies& a : s.byActor) {
            std::string kinds;
            for (const LiveAnomalyKind kind : kLiveAnomalyKinds)
                if (a.count(kind))
                    kinds += (kinds.empty() ? "" : ", ") + std::string(anomalyKindName(kind)) + " "
                        + std::to_string(a.count(kind));
            out += "  actor " + (a.actor.empty() ? std::string("(none)") : a.actor) + ": " + std::to_string(a.total)
                + " (" + kinds + ")\n";
            for (const LiveAnomaly& listedOne : s.anomalies)
                if (listedOne.scope.actor == a.actor)
                    out += listed(listedOne, "    ", true);
        }
        if (!anomaliesComplete(s))
            out += "  (under each actor, the anomalies listed: at most " + std::to_string(t.listLimit)
                + " of each kind; --anomaly-limit lists more)\n";
    } else {
        for (const LiveAnomalyKind kind : kLiveAnomalyKinds) {
            if (c.anomaly(kind) == 0)
                continue;
            out += "  " + std::string(anomalyKindName(kind)) + " (" + std::to_string(c.anomaly(kind)) + ": "
                + anomalyRule(kind, t) + ")\n";
            long long listedCount = 0;
            for (const LiveAnomaly& a : s.anomalies)
                if (a.kind == kind) {
                    out += listed(a, "    ", false);
                    ++listedCount;
                }
            if (listedCount < c.anomaly(kind))
                out += "    … and " + std::to_string(c.anomaly(kind) - listedCount) + " more\n";
        }
    }
    if (s.page.records.empty())
        return out;

    if (s.page.newestFirst)
        out += "newest " + std::to_string(s.page.records.size())
            + " records, newest first (times relative to now, and the instant):\n";
    else
        out += "first " + std::to_string(s.page.records.size()) + " records by "
            + (s.page.order == LiveOrder::ByKey ? "key" : "creation time")
            + " (times relative to now, and the instant):\n";
    std::vector<std::vector<std::string>> rows { { "actor", "operation", "key", "state", "stored", "status", "created",
        "expires", "lease until", "fingerprint", "anomalies" } };
    for (const LiveRecord& r : s.page.records) {
        std::string flags;
        for (const LiveAnomalyKind kind : kLiveAnomalyKinds)
            if (r.anomalies & anomalyBit(kind))
                flags += (flags.empty() ? "" : ",") + std::string(anomalyKindName(kind));
        rows.push_back({ r.scope.actor, r.scope.operation, r.scope.key, std::string(stateName(r.state)), r.storedState,
            r.statusCode ? std::to_string(*r.statusCode) : std::string("-"), relativeAndAbsolute(r.createdMs, s.nowMs),
            relativeAndAbsolute(r.expiresMs, s.nowMs), relativeAndAbsolute(r.leaseUntilMs, s.nowMs),
            r.fingerprint.empty() ? std::string("-") : r.fingerprint.substr(0, 12), flags.empty() ? "-" : flags });
    }
    std::vector<std::size_t> widths(rows.front().size(), 0);
    for (const auto& row : rows)
        for (std::size_t i = 0; i < row.size(); ++i)
            widths[i] = std::max(widths[i], std::min<std::size_t>(width(row[i]), 44));
    for (const auto& row : rows) {
        std::string line = " ";
        for (std::size_t i = 0; i < row.size(); ++i) {
            line += " " + row[i];
            if (i + 1 < row.size() && width(row[i]) < widths[i])
                line += std::string(widths[i] - width(row[i]), ' ');
        }
        out += line + "\n";
    }
    return out;
}

namespace {

void writeRecordFields(std::string& out, const LiveRecord& r)
{
    out += "\"actor\": ";
    str(out, r.scope.actor);
    out += ", \"operation\": ";
    str(out, r.scope.operation);
    out += ", \"key\": ";
    str(out, r.scope.key);
    out += ", \"state\": \"" + std::string(stateName(r.state)) + "\", \"stored_state\": ";
    str(out, r.storedState);
    out += ", \"payload_hash\": ";
    opt(out, r.fingerprint.empty() ? std::nullopt : std::optional(r.fingerprint));
    out += ", \"status_code\": ";
    opt(out, r.statusCode);
    out += ", \"created_ms\": " + std::to_string(r.createdMs) + ", \"completed_ms\": ";
    opt(out, r.completedMs);
    out += ", \"expires_ms\": ";
    opt(out, r.expiresMs);
    out += ", \"lease_until_ms\": ";
    opt(out, r.leaseUntilMs);
    out += ", \"result_id\": ";
    opt(out, r.resultId);
    out += ", \"anomalies\": [";
    bool first = true;
    for (const LiveAnomalyKind kind : kLiveAnomalyKinds)
        if (r.anomalies & anomalyBit(kind)) {
            out += (first ? "\"" : ", \"") + std::string(anomalyKindName(kind)) + "\"";
            first = false;
        }
    out += "]";
}

} // namespace

std::string keyLookupJson(const LiveKeyLookup& k, const std::string& table, const std::string& mapping)
{
    std::string out = "{\"table\": ";
    str(out, table);
    out += ", \"mapping\": ";
    str(out, mapping);
    out += ", \"now\": ";
    str(out, k.now);
    out += ", \"now_ms\": " + std::to_string(k.nowMs) + ", \"key\": ";
    str(out, k.key);
    out += ", \"actor\": ";
    opt(out, k.actor);
    out += ", \"complete\": " + std::string(k.complete ? "true" : "false") + ",\n\"scopes\": [";
    for (std::size_t i = 0; i < k.rows.size(); ++i) {
        const LiveKeyRow& r = k.rows[i];
        out += i ? ",\n{" : "\n{";
        writeRecordFields(out, r.record);
        out += ", \"row\": ";
        writeRow(out, r.row);
        out += ", \"response_body\": ";
        opt(out, r.body);
        out += ", \"response_body_bytes\": " + std::to_string(r.bodyBytes)
            + ", \"response_body_complete\": " + (r.bodyComplete ? "true" : "false");
        if (r.effects) {
            out += ", \"effects\": ";
            writeEffects(out, *r.effects);
        }
        out += "}";
    }
    out += k.rows.empty() ? "]}\n" : "\n]}\n";
    return out;
}

std::string keyLookupText(const LiveKeyLookup& k, const std::string& table, const std::string& mapping)
{
    std::string out
        = table + " read with the " + mapping + " mapping at " + formatEpochMs(k.nowMs) + " (the database's clock)\n";
    const std::string who = k.actor ? " of actor " + *k.actor : std::string();
    if (k.rows.empty())
        return out + "no record holds the key " + k.key + who + "\n";
    out += "the key " + k.key + who + " is held by " + std::to_string(k.rows.size())
        + (k.rows.size() == 1 ? " scope" : " scopes") + (k.complete ? "" : " (and more: only the first are shown)")
        + ":\n";
    for (const LiveKeyRow& r : k.rows) {
        const LiveRecord& rec = r.record;
        out += "\n" + scopeText(rec.scope) + ": " + std::string(stateName(rec.state)) + " (stored as " + rec.storedState
            + ")" + (rec.statusCode ? ", status " + std::to_string(*rec.statusCode) : std::string()) + "\n";
        out += "  created      " + relativeAndAbsolute(rec.createdMs, k.nowMs) + "\n";
        if (rec.completedMs)
            out += "  completed    " + relativeAndAbsolute(rec.completedMs, k.nowMs) + "\n";
        out += "  expires      " + relativeAndAbsolute(rec.expiresMs, k.nowMs) + "\n";
        out += "  lease until  " + relativeAndAbsolute(rec.leaseUntilMs, k.nowMs) + "\n";
        std::string flags;
        for (const LiveAnomalyKind kind : kLiveAnomalyKinds)
            if (rec.anomalies & anomalyBit(kind))
                flags += (flags.empty() ? "" : ", ") + std::string(anomalyKindName(kind));
        out += "  anomalies    " + (flags.empty() ? std::string("none") : flags) + "\n";
        out += "  the row:\n";
        std::size_t wide = 0;
        for (const LiveRowValue& v : r.row)
            wide = std::max(wide, width(v.column));
        for (const LiveRowValue& v : r.row) {
            out += "    " + v.column + std::string(wide - width(v.column) + 2, ' ')
                + (v.value ? *v.value : std::string("NULL"));
            if (v.cut)
                out += "… (the first " + std::to_string(v.value->size()) + " of " + std::to_string(v.bytes) + " bytes)";
            out += "\n";
        }
        if (k.bodyColumn.empty())
            out += "  the mapping reads no response body\n";
        else if (!r.body)
            out += "  no response body stored (" + k.bodyColumn + " is NULL)\n";
        else {
            out += "  response body (" + k.bodyColumn + ", " + std::to_string(r.bodyBytes) + " bytes"
                + (r.bodyComplete ? "" : "; the first " + std::to_string(r.body->size()) + ", --full-body shows all")
                + "):\n    " + *r.body + "\n";
        }
        if (r.effects) {
            out += "  effects in " + r.effects->table + ": "
                + (r.effects->rows.empty() ? std::string("none") : std::to_string(r.effects->rows.size()))
                + (r.effects->complete ? "" : " (and more)") + "\n";
            for (const LiveRow& row : r.effects->rows)
                out += "    " + rowText(row) + "\n";
        }
    }
    return out;
}

} // namespace iw
