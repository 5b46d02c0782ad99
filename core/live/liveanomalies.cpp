// Names, rules and sentences of the live-table anomalies.
#include "liveanomalies.h"

#include <cstdio>
#include <cstdlib>
#include <ctime>

namespace iw {

std::string_view anomalyKindName(LiveAnomalyKind kind)
{
    switch (kind) {
    case LiveAnomalyKind::StuckInProgress:
        return "stuck_in_progress";
    case LiveAnomalyKind::ExpiredNotSwept:
        return "expired_not_swept";
    case LiveAnomalyKind::CompletedWithoutResponse:
        return "completed_without_response";
    case LiveAnomalyKind::SuspectedKeyRegeneration:
        return "suspected_key_regeneration";
    case LiveAnomalyKind::InProgressPastExpiry:
        return "in_progress_past_expiry";
    case LiveAnomalyKind::TimeOutOfRange:
        return "time_out_of_range";
    }
    return "unknown";
}

std::optional<LiveAnomalyKind> anomalyKindFromName(std::string_view name)
{
    for (const LiveAnomalyKind kind : kLiveAnomalyKinds)
        if (anomalyKindName(kind) == name)
            return kind;
    return std::nullopt;
}

std::string_view thresholdMeaning(LiveAnomalyKind kind)
{
    switch (kind) {
    case LiveAnomalyKind::StuckInProgress:
        return "age without a lease";
    case LiveAnomalyKind::ExpiredNotSwept:
        return "grace after expiry";
    case LiveAnomalyKind::CompletedWithoutResponse:
        return "grace after completion";
    case LiveAnomalyKind::SuspectedKeyRegeneration:
        return "window between keys";
    case LiveAnomalyKind::InProgressPastExpiry:
        return "grace after expiry";
    case LiveAnomalyKind::TimeOutOfRange:
        return "not used";
    }
    return "";
}

std::string anomalyRule(LiveAnomalyKind kind, const AnomalyThresholds& t)
{
    const std::string threshold = formatDurationMs(t[kind]);
    const auto grace = [&](const std::string& s) { return t[kind] > 0 ? s + " by more than " + threshold : s; };
    switch (kind) {
    case LiveAnomalyKind::StuckInProgress:
        return "in progress past its lease; with no lease, older than " + threshold;
    case LiveAnomalyKind::ExpiredNotSwept:
        return grace("terminal and past its expiry") + ", yet still in the table";
    case LiveAnomalyKind::CompletedWithoutResponse:
        return t[kind] > 0 ? "completed more than " + threshold + " ago with neither a status nor a body to replay"
                           : "completed with neither a status nor a body to replay";
    case LiveAnomalyKind::SuspectedKeyRegeneration:
        return "same actor, operation and fingerprint under different keys created within " + threshold
            + " of each other (rows of the last " + formatDurationMs(t.regenerationLookbackMs) + ")";
    case LiveAnomalyKind::InProgressPastExpiry:
        return grace("in progress and past its expiry") + ": must not be swept, needs reconciliation";
    case LiveAnomalyKind::TimeOutOfRange:
        return "a time column holds a number that is no time in its unit (beyond ±2^53 ms: nanoseconds read as "
               "seconds, a sentinel such as 9223372036854775807); the row is still read, without that time";
    }
    return "";
}

std::string formatEpochMs(Millis ms)
{
    const std::time_t seconds = static_cast<std::time_t>(ms >= 0 ? ms / 1000 : (ms - 999) / 1000);
    const int millis = static_cast<int>(ms - static_cast<Millis>(seconds) * 1000);
    std::tm tm {};
    gmtime_r(&seconds, &tm);
    char buf[64];
    std::snprintf(buf, sizeof buf, "%04d-%02d-%02d %02d:%02d:%02d.%03d UTC", tm.tm_year + 1900, tm.tm_mon + 1,
        tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, millis);
    return buf;
}

} // namespace iw
