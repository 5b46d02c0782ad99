// Names of states and decisions as they appear in reports, scenarios and the GUI.
#include "domain.h"

#include "nametable.h"

#include <string>

namespace iw {

std::string Scope::display() const
{
    return actor + " / " + operation + " / " + key;
}

std::size_t ScopeHash::operator()(const Scope& s) const noexcept
{
    const std::hash<std::string> h;
    std::size_t seed = h(s.actor);
    seed ^= h(s.operation) + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2);
    seed ^= h(s.key) + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2);
    return seed;
}

constexpr auto s_stateNames = nameTable<RecordState>({
    { RecordState::InProgress, "in_progress" },
    { RecordState::Completed, "completed" },
    { RecordState::Expired, "expired" },
});

std::string_view stateName(RecordState s)
{
    return nameOf(s_stateNames, s);
}

constexpr auto s_decisionNames = nameTable<Decision>({
    { Decision::MissingKey, "missing_key" },
    { Decision::InvalidKey, "invalid_key" },
    { Decision::RejectedPayload, "rejected_payload" },
    { Decision::Created, "created" },
    { Decision::Replayed, "replayed" },
    { Decision::ConflictInProgress, "conflict_in_progress" },
    { Decision::PayloadMismatch, "payload_mismatch" },
    { Decision::LeaseTakeover, "lease_takeover" },
    { Decision::ExpiredReexecuted, "expired_reexecuted" },
    { Decision::ExpiredRejected, "expired_rejected" },
    { Decision::SeenNoResult, "seen_no_result" },
    { Decision::Unprotected, "unprotected" },
    { Decision::StoreUnavailable, "store_unavailable" },
    { Decision::UnknownOutcome, "unknown_outcome" },
    { Decision::Crashed, "crashed" },
});
static_assert(s_decisionNames.size() == DecisionCount && inEnumOrder(s_decisionNames));

std::string_view decisionName(Decision d)
{
    return nameOf(s_decisionNames, d);
}

std::optional<Decision> decisionFromName(std::string_view name)
{
    return valueOf(s_decisionNames, name);
}

bool decisionRunsHandler(Decision d)
{
    switch (d) {
    case Decision::Created:
    case Decision::LeaseTakeover:
    case Decision::ExpiredReexecuted:
    case Decision::Unprotected:
        return true;
    default:
        return false;
    }
}

DurationReading readDuration(Millis ms)
{
    DurationReading r;
    r.negative = ms < 0;
    // In unsigned arithmetic: the magnitude of the most negative Millis and the rounding of the largest both fit.
    const std::uint64_t v
        = r.negative ? std::uint64_t(0) - static_cast<std::uint64_t>(ms) : static_cast<std::uint64_t>(ms);
    constexpr std::uint64_t second = 1000;
    constexpr std::uint64_t minute = 60 * second;
    constexpr std::uint64_t hour = 60 * minute;
    const auto rounded = [v](std::uint64_t unit) { return v / unit + (v % unit * 2 >= unit ? 1 : 0); };
    if (v < second) {
        r.count = v;
    } else if (const std::uint64_t tenths = rounded(second / 10); tenths < 60 * 10) {
        r.unit = DurationReading::Unit::S;
        r.count = tenths / 10;
        r.rest = tenths % 10;
    } else if (const std::uint64_t seconds = rounded(second); seconds < 60 * 60) {
        r.unit = DurationReading::Unit::Min;
        r.count = seconds / 60;
        r.rest = seconds % 60;
    } else if (const std::uint64_t minutes = rounded(minute); minutes < 24 * 60) {
        r.unit = DurationReading::Unit::H;
        r.count = minutes / 60;
        r.rest = minutes % 60;
    } else {
        const std::uint64_t hours = rounded(hour);
        r.unit = DurationReading::Unit::D;
        r.count = hours / 24;
        r.rest = hours % 24;
    }
    return r;
}

std::string formatDurationMs(Millis ms)
{
    const DurationReading r = readDuration(ms);
    std::string text = r.negative ? "-" : "";
    const auto append = [&text](std::uint64_t n, const char* unit) {
        text += std::to_string(n);
        text += ' ';
        text += unit;
    };
    using Unit = DurationReading::Unit;
    switch (r.unit) {
    case Unit::Ms:
        append(r.count, "ms");
        break;
    case Unit::S:
        text += std::to_string(r.count);
        if (r.rest) {
            text += '.';
            text += std::to_string(r.rest);
        }
        text += " s";
        break;
    case Unit::Min:
        append(r.count, "min");
        if (r.rest) {
            text += ' ';
            append(r.rest, "s");
        }
        break;
    case Unit::H:
        append(r.count, "h");
        if (r.rest) {
            text += ' ';
            append(r.rest, "min");
        }
        break;
    case Unit::D:
        append(r.count, "d");
        if (r.rest) {
            text += ' ';
            append(r.rest, "h");
        }
        break;
    }
    return text;
}

} // namespace iw
