// The client's retry budget (docs/reference/cli.md `retry_horizon_ms`): how long after its first send a client may
// still come back with the same key, read from its retry policy in closed form. The review compares it with retention;
// the timeline draws where it ends beside the record's TTL end.
#pragma once

#include "scenario.h"

namespace iw {

// 2^53 ms (about 285,000 years): the largest integer a JSON number carries exactly.
constexpr Millis kRetryHorizonSaturation = Millis(1) << 53;

// The largest wait a client can draw before attempt n+1 (n ≥ 1): constant min(cap, base), exponential
// min(cap, base·2^(n−1)), full and equal jitter the same upper bound, decorrelated min(cap, base·3^n).
Millis largestWaitBefore(const RetryPolicy& retry, int n);
// max_attempts × timeout_ms + Σ over n = 1…max_attempts−1 of largestWaitBefore(n): how long after its first send a
// client may still come back with the same key. Computed in closed form and saturating at
// kRetryHorizonSaturation: a horizon at that value means "at least 2^53 ms".
Millis retryHorizonMs(const ClientSpec& client);
// The largest horizon of the scenario's clients (0 without clients).
Millis retryHorizonMs(const Scenario& scenario);

} // namespace iw
