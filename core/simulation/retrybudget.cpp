// The client's retry budget: the largest waits its retry policy can draw, and the horizon they add up to.
#include "retrybudget.h"

#include <algorithm>
#include <limits>

namespace iw {

namespace {

Millis mulSat(Millis a, Millis b)
{
    constexpr Millis max = std::numeric_limits<Millis>::max();
    if (a == 0 || b == 0)
        return 0;
    return a > max / b ? max : a * b;
}

} // namespace

Millis largestWaitBefore(const RetryPolicy& r, int n)
{
    if (r.jitter == Jitter::Decorrelated) {
        // Each draw is at most 3× the previous one (which starts at base): base·3^n, capped.
        Millis wait = r.baseMs;
        for (int i = 0; i < n && wait < r.capMs; ++i)
            wait = mulSat(wait, 3);
        return std::min(r.capMs, wait);
    }
    if (r.backoff == Backoff::Constant)
        return std::min(r.capMs, r.baseMs);
    // Exponential (full and equal jitter never draw above it): min(cap, base·2^(n−1)).
    Millis wait = r.baseMs;
    for (int i = 1; i < n && wait < r.capMs; ++i)
        wait = mulSat(wait, 2);
    return std::min(r.capMs, wait);
}

namespace {

// Horizons saturate at 2^53 ms (about 285,000 years): the largest integer a JSON number carries exactly, and far
// beyond any retention, so "horizon > retention" stays true and the value printed is exact.
Millis addHorizon(Millis a, Millis b)
{
    return std::min(kRetryHorizonSaturation, a + b); // both ≤ 2^53: no overflow
}

Millis mulHorizon(Millis a, Millis b)
{
    if (a == 0 || b == 0)
        return 0;
    return a > kRetryHorizonSaturation / b ? kRetryHorizonSaturation : std::min(kRetryHorizonSaturation, a * b);
}

// Σ over n = 1…retries of min(cap, first·factor^(n−1)): the growing waits (at most 64 of them, as each at least
// doubles) one by one, then every remaining wait is the cap.
Millis growingWaits(Millis first, Millis cap, Millis factor, Millis retries)
{
    first = std::min(first, kRetryHorizonSaturation);
    cap = std::min(cap, kRetryHorizonSaturation);
    if (first == 0 || cap == 0 || retries <= 0)
        return 0;
    Millis sum = 0;
    Millis wait = first;
    Millis n = 0;
    for (; n < retries && wait < cap; ++n) {
        sum = addHorizon(sum, wait);
        wait = mulHorizon(wait, factor);
    }
    return addHorizon(sum, mulHorizon(retries - n, cap));
}

} // namespace

Millis retryHorizonMs(const ClientSpec& client)
{
    // Closed form, so that max_attempts 2^31 − 1 costs what max_attempts 3 does (docs/reference/cli.md
    // `retry_horizon_ms`).
    const RetryPolicy& r = client.retry;
    const Millis attempts = std::max(1, r.maxAttempts);
    const Millis retries = attempts - 1;
    Millis waits = 0;
    if (r.jitter == Jitter::Decorrelated)
        waits = growingWaits(mulHorizon(r.baseMs, 3), r.capMs, 3, retries); // min(cap, base·3^n)
    else if (r.backoff == Backoff::Constant)
        waits = mulHorizon(retries, std::min(r.capMs, r.baseMs));
    else
        waits = growingWaits(r.baseMs, r.capMs, 2, retries); // min(cap, base·2^(n−1))
    return addHorizon(mulHorizon(attempts, std::min(client.timeoutMs, kRetryHorizonSaturation)), waits);
}

Millis retryHorizonMs(const Scenario& scenario)
{
    Millis horizon = 0;
    for (const ClientSpec& c : scenario.clients)
        horizon = std::max(horizon, retryHorizonMs(c));
    return horizon;
}

} // namespace iw
