// The vocabulary of idempotency: scopes, records, tombstones and the decisions the service can reach
// (docs/reference/decisions.md–§4).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace iw {

using Millis = std::int64_t;
// An expiry that never comes: a Redis key written without one (HSET before its EXPIRE). Reports write it as null.
inline constexpr Millis kNeverExpires = INT64_MAX;

// The longest duration any field takes (a scenario's, a threshold, an editor): ten years of milliseconds.
inline constexpr Millis LongestDurationMs = 315'360'000'000;

// A duration as people read it, by the one rounding rule every place that shows one follows (reports, the command
// line, the GUI in any language): below a second whole milliseconds, below a minute seconds to a tenth, below an
// hour whole seconds, below a day whole minutes, beyond whole hours; each rounded half away from zero, and the unit
// chosen after rounding (59,960 ms reads "1 min", never "60.0 s"). Every Millis has a reading, the extremes too.
struct DurationReading {
    enum class Unit : std::uint8_t { Ms, S, Min, H, D };
    bool negative = false;
    Unit unit = Unit::Ms;
    std::uint64_t count = 0; // whole units
    // With S: tenths of a second (0 to 9). With Min, H, D: the next smaller unit (s, min, h) left over, 0 for none.
    std::uint64_t rest = 0;

    bool operator==(const DurationReading&) const = default;
};
DurationReading readDuration(Millis ms);

// The reading in English for a sentence: "850 ms", "42 s", "1.5 s", "12 min 30 s", "3 h 5 min", "2 d 4 h".
std::string formatDurationMs(Millis ms);

// Uniqueness is on the scope, never on the key alone: the same string from another actor or for another operation
// neither reads nor blocks someone else's result.
struct Scope {
    std::string actor;
    std::string operation;
    std::string key;

    bool operator==(const Scope&) const = default;
    bool operator<(const Scope& o) const
    {
        if (actor != o.actor)
            return actor < o.actor;
        if (operation != o.operation)
            return operation < o.operation;
        return key < o.key;
    }
    std::string display() const; // "actor / operation / key"
};

struct ScopeHash {
    std::size_t operator()(const Scope& s) const noexcept;
};

enum class RecordState { InProgress, Completed, Expired };
std::string_view stateName(RecordState);

struct Record {
    Scope scope;
    std::string payloadHash;
    RecordState state = RecordState::InProgress; // as stored: InProgress or Completed; Expired is derived
    std::optional<int> statusCode;
    std::optional<std::string> responseBody;
    Millis createdAt = 0; // when the claim's write became visible; also the version a conditional write checks
    std::optional<Millis> completedAt;
    Millis expiresAt = 0;
    std::optional<Millis> leaseUntil;
    std::optional<std::string> resultId;

    bool operator==(const Record&) const = default;
};

// What an expired, swept record leaves behind under `after_expiry: tombstone`: the minimal evidence that the work
// happened, which blocks a claim until `untilMs`.
struct Tombstone {
    Scope scope;
    std::string payloadHash;
    std::optional<int> statusCode;
    std::optional<std::string> resultId;
    Millis untilMs = 0;

    bool operator==(const Tombstone&) const = default;
};

enum class Decision : std::uint8_t {
    MissingKey,
    InvalidKey,
    RejectedPayload,
    Created,
    Replayed,
    ConflictInProgress,
    PayloadMismatch,
    LeaseTakeover,
    ExpiredReexecuted,
    ExpiredRejected,
    SeenNoResult,
    Unprotected,
    StoreUnavailable,
    UnknownOutcome,
    Crashed,
};
inline constexpr int DecisionCount = 15;
std::string_view decisionName(Decision);
std::optional<Decision> decisionFromName(std::string_view);
// Decisions that executed the handler (an owner), whatever the handler then did.
bool decisionRunsHandler(Decision);

} // namespace iw
