// The inspection report of a live table (docs/manual/live-tables.md "Inspection report"): the JSON of `inspect --json`
// and its readable text form, both from one LiveSnapshot.
#pragma once

#include "liveinspector.h"

#include <string>

namespace iw {

// {"table", "mapping", "now", "now_ms", "warnings": [sentence, …], "total", "counts": {"in_progress", "completed",
// "expired"},
//  "anomaly_counts": {<kind>: n, …}, "thresholds_ms": {<kind>: ms, …},
//  "anomaly_limit": n, "anomalies_complete": bool,
//  "anomalies": [{"kind", "actor", "operation", "key", "detail", "created_ms", "age_ms",
//                 "key_columns": {<key-order column>: value, …}}],
//  "records": [{"actor", "operation", "key", "state", "payload_hash", "status_code", "created_ms", "completed_ms",
//               "expires_ms", "lease_until_ms", "result_id", "stored_state", "body_bytes", "anomalies": […]}]}
// Times are epoch milliseconds from the database's clock; anomaly_counts counts every anomaly, listed or not.
std::string inspectionJson(const LiveSnapshot& snapshot, const AnomalyThresholds& thresholds);

// Every anomaly listed counts them all (no kind was cut at thresholds.listLimit).
bool anomaliesComplete(const LiveSnapshot& snapshot);
// The listed anomalies as CSV: kind, actor, operation, key, created_ms, age_ms (at the snapshot's now), one
// key_column.<name> per key-order column, detail. A list cut at the limit says so on a first "# first page only" line.
std::string anomaliesCsv(const LiveSnapshot& snapshot);

// A summary line, the counts, the anomalies grouped by kind with their rules, and the records as a table whose
// times read relative to now ("-10 min", "+23 h").
std::string inspectionText(const LiveSnapshot& snapshot, const AnomalyThresholds& thresholds);

// An instant in ISO 8601 with the offset of the local time zone (TZ): "2026-12-01T09:00:03+01:00" — what the text
// output writes beside every age.
std::string isoTime(Millis epochMs);
// An instant in ISO 8601 in UTC: "2026-12-01T08:00:03.250Z" — a Redis or MySQL report's "now".
std::string isoUtc(Millis epochMs);

// The first `limit` bytes of a UTF-8 text, cut before a character, never inside one (a body's preview, an effects
// value as `inspect --key` shows it).
std::string firstBytes(const std::string& text, std::size_t limit);
// How much of each value of an effects row `inspect --key` shows, whatever the engine.
inline constexpr std::size_t kEffectValueBytes = 200;

// `inspect --key K [--actor A]`: every scope holding the key, each row whole with its response body and effects.
// {"table", "mapping", "now", "now_ms", "key", "actor", "complete",
//  "scopes": [{<a record's fields>, "row": {<column>: text|null, …}, "response_body": text|null,
//              "response_body_bytes": n, "response_body_complete": bool, "effects": {"key", "table", "complete",
//              "rows": [{…}]}}]}
std::string keyLookupJson(const LiveKeyLookup& lookup, const std::string& table, const std::string& mapping);
std::string keyLookupText(const LiveKeyLookup& lookup, const std::string& table, const std::string& mapping);

} // namespace iw
