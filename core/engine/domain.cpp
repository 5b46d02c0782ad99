// Names of states and decisions as they appear in reports, scenarios and the GUI.
#include "domain.h"

#include <string>

#include <array>

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

std::string_view stateName(RecordState s)
{
    switch (s) {
    case RecordState::InProgress:
        return "in_progress";
    case RecordState::Completed:
        return "completed";
    case RecordState::Expired:
        return "expired";
    }
    return "in_progress";
}

namespace {
constexpr std::array<std::string_view, DecisionCount> s_decisionNames = {
    "missing_key",
    "invalid_key",
    "rejected_payload",
    "created",
    "replayed",
    "conflict_in_progress",
    "payload_mismatch",
    "lease_takeover",
    "expired_reexecuted",
    "expired_rejected",
    "seen_no_result",
    "unprotected",
    "store_unavailable",
    "unknown_outcome",
    "crashed",
};
static_assert(static_cast<int>(Decision::Crashed) + 1 == DecisionCount);
} // namespace

std::string_view decisionName(Decision d)
{
    return s_decisionNames[static_cast<std::size_t>(d)];
}

std::optional<Decision> decisionFromName(std::string_view name)
{
    for (std::size_t i = 0; i < s_decisionNames.size(); ++i) {
        if (s_decisionNames[i] == name)
            return static_cast<Decision>(i);
    }
    return std::nullopt;
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
