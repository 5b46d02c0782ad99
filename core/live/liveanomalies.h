// The anomalies a live idempotency table can show (SPEC §8 "Inspection report"): their names, the rule each one
// applies, the threshold the user can change, and the one-sentence detail a listed anomaly carries. The inspector
// evaluates the rules in SQL; this file is the vocabulary that the command line, the report and the views share.
#pragma once

#include "domain.h"

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace iw {

enum class LiveAnomalyKind : std::uint8_t {
    StuckInProgress, // in progress past its lease; with no lease, older than the threshold (5 min)
    ExpiredNotSwept, // terminal and past its expiry (plus the threshold)
    CompletedWithoutResponse, // completed with neither a status nor a body to replay
    SuspectedKeyRegeneration, // same actor, operation and fingerprint under another key within the threshold (60 s)
    InProgressPastExpiry, // in progress and past its expiry: must not be swept, needs reconciliation
    TimeOutOfRange, // an epoch column holds a number that is no time in its unit (nanoseconds as seconds, a sentinel)
};
inline constexpr int LiveAnomalyKindCount = 6;
inline constexpr std::array<LiveAnomalyKind, LiveAnomalyKindCount> kLiveAnomalyKinds {
    LiveAnomalyKind::StuckInProgress,
    LiveAnomalyKind::ExpiredNotSwept,
    LiveAnomalyKind::CompletedWithoutResponse,
    LiveAnomalyKind::SuspectedKeyRegeneration,
    LiveAnomalyKind::InProgressPastExpiry,
    LiveAnomalyKind::TimeOutOfRange,
};

// "stuck_in_progress", "expired_not_swept", "completed_without_response", "suspected_key_regeneration",
// "in_progress_past_expiry", "time_out_of_range".
std::string_view anomalyKindName(LiveAnomalyKind kind);
std::optional<LiveAnomalyKind> anomalyKindFromName(std::string_view name);
// A bit per kind, for a record's anomaly mask.
constexpr std::uint8_t anomalyBit(LiveAnomalyKind kind)
{
    return static_cast<std::uint8_t>(1u << static_cast<unsigned>(kind));
}

// One threshold per kind, in milliseconds; what it means depends on the kind (see thresholdMeaning()).
struct AnomalyThresholds {
    std::array<Millis, LiveAnomalyKindCount> ms { 5 * 60'000, 0, 0, 60'000, 0, 0 };
    // suspected_key_regeneration looks only at rows created this long before now, so its window query stays
    // bounded on a large table (it reads the time index when there is one).
    Millis regenerationLookbackMs = 24 * 3'600'000;
    // How many anomalies of each kind are listed; the counts always cover them all.
    int listLimit = 100;

    Millis& operator[](LiveAnomalyKind kind) { return ms[static_cast<std::size_t>(kind)]; }
    Millis operator[](LiveAnomalyKind kind) const { return ms[static_cast<std::size_t>(kind)]; }
    bool operator==(const AnomalyThresholds&) const = default;
};

// What the threshold of a kind measures: "age without a lease", "grace after expiry", …
std::string_view thresholdMeaning(LiveAnomalyKind kind);
// The rule, with the threshold spelled out: "in progress past its lease; with no lease, older than 5 min".
std::string anomalyRule(LiveAnomalyKind kind, const AnomalyThresholds& thresholds);

struct LiveAnomaly {
    LiveAnomalyKind kind = LiveAnomalyKind::StuckInProgress;
    Scope scope;
    Millis createdMs = 0; // the record's creation (epoch milliseconds)
    std::string detail; // one sentence, no trailing period
    // The record's values of the mapping's key order, as text: a page can seek to it (LivePageQuery::AtKey).
    std::vector<std::optional<std::string>> cursor;
    bool operator==(const LiveAnomaly&) const = default;
};

// Epoch milliseconds as "2024-05-01 12:00:03.250 UTC".
std::string formatEpochMs(Millis ms);

} // namespace iw
