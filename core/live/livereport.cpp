// Writers of the inspection report.
#include "livereport.h"

#include "json.h"

#include <algorithm>

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

// Width in code points, so padding lines up for non-ASCII keys.
std::size_t width(const std::string& s)
{
    return static_cast<std::size_t>(std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

// "actor / operation / key", without the actor when the table has none (Powertools).
std::string scopeText(const Scope& s)
{
    return s.actor.empty() ? s.operation + " / " + s.key : s.display();
}

} // namespace

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
        out += "}}";
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
    out += std::to_string(c.total) + (c.total == 1 ? " record: " : " records: ") + std::to_string(c.inProgress)
        + " in progress, " + std::to_string(c.completed) + " completed, " + std::to_string(c.expired) + " expired\n";
    long long anomalies = 0;
    for (const LiveAnomalyKind kind : kLiveAnomalyKinds)
        anomalies += c.anomaly(kind);
    out += anomalies == 0 ? std::string("no anomalies\n")
                          : std::to_string(anomalies) + (anomalies == 1 ? " anomaly:\n" : " anomalies:\n");
    for (const LiveAnomalyKind kind : kLiveAnomalyKinds) {
        if (c.anomaly(kind) == 0)
            continue;
        out += "  " + std::string(anomalyKindName(kind)) + " (" + std::to_string(c.anomaly(kind)) + ": "
            + anomalyRule(kind, t) + ")\n";
        long long listed = 0;
        for (const LiveAnomaly& a : s.anomalies)
            if (a.kind == kind) {
                out += "    " + scopeText(a.scope) + ": " + a.detail + "\n";
                ++listed;
            }
        if (listed < c.anomaly(kind))
            out += "    … and " + std::to_string(c.anomaly(kind) - listed) + " more\n";
    }
    if (s.page.records.empty())
        return out;

    if (s.page.newestFirst)
        out += "newest " + std::to_string(s.page.records.size()) + " records, newest first (times relative to now):\n";
    else
        out += "first " + std::to_string(s.page.records.size()) + " records by "
            + (s.page.order == LiveOrder::ByKey ? "key" : "creation time") + " (times relative to now):\n";
    std::vector<std::vector<std::string>> rows { { "actor", "operation", "key", "state", "stored", "status", "created",
        "expires", "lease until", "fingerprint", "anomalies" } };
    for (const LiveRecord& r : s.page.records) {
        std::string flags;
        for (const LiveAnomalyKind kind : kLiveAnomalyKinds)
            if (r.anomalies & anomalyBit(kind))
                flags += (flags.empty() ? "" : ",") + std::string(anomalyKindName(kind));
        rows.push_back({ r.scope.actor, r.scope.operation, r.scope.key, std::string(stateName(r.state)), r.storedState,
            r.statusCode ? std::to_string(*r.statusCode) : std::string("-"), relative(r.createdMs, s.nowMs),
            relative(r.expiresMs, s.nowMs), relative(r.leaseUntilMs, s.nowMs),
            r.fingerprint.empty() ? std::string("-") : r.fingerprint.substr(0, 12), flags.empty() ? "-" : flags });
    }
    std::vector<std::size_t> widths(rows.front().size(), 0);
    for (const auto& row : rows)
        for (std::size_t i = 0; i < row.size(); ++i)
            widths[i] = std::max(widths[i], std::min<std::size_t>(width(row[i]), 40));
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

} // namespace iw
