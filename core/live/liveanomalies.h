// The anomalies a live idempotency table can show (docs/manual/live-tables.md "Inspection report"): their names, the
// rule each one applies, the threshold the user can change, and the one-sentence detail a listed anomaly carries. The
// inspector evaluates the rules in SQL; this file is the vocabulary that the command line, the report and the views
// share. Its sentences are kept once, as English templates with the facts that fill them (AnomalyText): the command
// line and the reports print them in English (anomalyRule, anomalyDetail), the GUI translates the same templates (Qt
// context "iw::LiveAnomalies", docs/glossary.md) and fills them with the same facts in its own language.
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
    // One hour: a client minting keys on retry is an incident of now, and an hour of rows stays cheap enough to follow
    // a million-row table every few seconds; Rules… (or inspect --lookback) widens it.
    Millis regenerationLookbackMs = 3'600'000;
    // How many anomalies of each kind are listed; the counts always cover them all.
    int listLimit = 100;

    Millis& operator[](LiveAnomalyKind kind) { return ms[static_cast<std::size_t>(kind)]; }
    Millis operator[](LiveAnomalyKind kind) const { return ms[static_cast<std::size_t>(kind)]; }
    bool operator==(const AnomalyThresholds&) const = default;
};

// The translation context of this file's templates (QT_TRANSLATE_NOOP in liveanomalies.cpp; the live view's lupdate
// reads that file).
inline constexpr const char* kAnomalyTextContext = "iw::LiveAnomalies";

// One value of a sentence's %1, %2, …
struct AnomalyTextArg {
    enum class Kind : std::uint8_t {
        Duration, // `ms`, written as a duration (formatDurationMs in English)
        Text, // `text` as it is: data such as a key, a column or a raw value, never translated
        Phrase, // `phrase`: another template of this file, without placeholders ("an unknown time")
    };
    Kind kind = Kind::Text;
    Millis ms = 0;
    std::string text;
    const char* phrase = nullptr;
};

// A sentence of this file: its English template (a string literal marked for translation) and the values of its
// placeholders, %1, %2, … in order; %n, where the template has one, is `count` (Qt's numerus form).
struct AnomalyText {
    const char* source = "";
    std::vector<AnomalyTextArg> args;
    std::optional<long long> count;
};

// The sentence in English: durations as formatDurationMs writes them, phrases as written.
std::string englishText(const AnomalyText& text);

// What the threshold of a kind measures: "age without a lease", "grace after expiry", … (a null-terminated template
// of this file, so the GUI can translate it).
std::string_view thresholdMeaning(LiveAnomalyKind kind);
// The rule, with the threshold spelled out: "in progress past its lease; with no lease, older than 5 min".
AnomalyText anomalyRuleText(LiveAnomalyKind kind, const AnomalyThresholds& thresholds);
std::string anomalyRule(LiveAnomalyKind kind, const AnomalyThresholds& thresholds);

// What the inspector read about a listed anomaly's row: the facts its detail sentence is made of. Which fields
// count depends on the kind.
struct LiveAnomalyFacts {
    bool known = false; // false: the anomaly carries only its English `detail`
    // stuck_in_progress, in_progress_past_expiry: how long the record has been in progress; none: no creation time.
    std::optional<Millis> ageMs;
    // stuck_in_progress with a lease: how long ago the lease ended; none: the record has no lease.
    std::optional<Millis> leaseEndedAgoMs;
    Millis thresholdMs = 0; // stuck_in_progress without a lease: the threshold it passed
    bool markedExpired = false; // expired_not_swept: the state column itself says expired
    // expired_not_swept: expired this long ago; completed_without_response: completed this long ago;
    // in_progress_past_expiry: past its expiry by this much; suspected_key_regeneration: created this long after
    // the other key.
    Millis agoMs = 0;
    std::string otherKey; // suspected_key_regeneration: the key created before
    // time_out_of_range: the mapping's field ("created_at"), its column and unit ("epoch_s"), and the raw value —
    // its first 40 characters when it is longer, `rawChars` then being its whole length. No field: none was named.
    std::string field;
    std::string column;
    std::string unit;
    std::string rawValue;
    std::size_t rawChars = 0;
    bool operator==(const LiveAnomalyFacts&) const = default;
};

// The detail sentence of an anomaly of `kind` with these facts.
AnomalyText anomalyDetailText(LiveAnomalyKind kind, const LiveAnomalyFacts& facts);
std::string anomalyDetail(LiveAnomalyKind kind, const LiveAnomalyFacts& facts);

struct LiveAnomaly {
    LiveAnomalyKind kind = LiveAnomalyKind::StuckInProgress;
    Scope scope;
    Millis createdMs = 0; // the record's creation (epoch milliseconds)
    std::string detail; // one sentence, no trailing period (English: anomalyDetail(kind, facts))
    // The record's values of the mapping's key order, as text: a page can seek to it (LivePageQuery::AtKey).
    std::vector<std::optional<std::string>> cursor;
    // What `detail` says, as facts (the GUI says it in its own language from them).
    LiveAnomalyFacts facts {};
    // suspected_key_regeneration: the key-order values of the row created before it under the other key.
    std::vector<std::optional<std::string>> otherCursor {};
    bool operator==(const LiveAnomaly&) const = default;
};

// Epoch milliseconds as "2024-05-01 12:00:03.250 UTC".
std::string formatEpochMs(Millis ms);

} // namespace iw
