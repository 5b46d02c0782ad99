// The inspection report of a live table (SPEC §8 "Inspection report"): the JSON of `inspect --json` and its
// readable text form, both from one LiveSnapshot.
#pragma once

#include "liveinspector.h"

#include <string>

namespace iw {

// {"table", "mapping", "now", "now_ms", "total", "counts": {"in_progress", "completed", "expired"},
//  "anomaly_counts": {<kind>: n, …}, "thresholds_ms": {<kind>: ms, …},
//  "anomalies": [{"kind", "actor", "operation", "key", "detail"}],
//  "records": [{"actor", "operation", "key", "state", "payload_hash", "status_code", "created_ms", "completed_ms",
//               "expires_ms", "lease_until_ms", "result_id", "stored_state", "body_bytes", "anomalies": […]}]}
// Times are epoch milliseconds from the database's clock; anomaly_counts counts every anomaly, listed or not.
std::string inspectionJson(const LiveSnapshot& snapshot, const AnomalyThresholds& thresholds);

// A summary line, the counts, the anomalies grouped by kind with their rules, and the records as a table whose
// times read relative to now ("-10 min", "+23 h").
std::string inspectionText(const LiveSnapshot& snapshot, const AnomalyThresholds& thresholds);

} // namespace iw
