// Names of states and decisions as they appear in reports, scenarios and the GUI.
#include "domain.h"

#include <cstdio>
#include <cstdlib>

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

std::string formatDurationMs(Millis ms)
{
    const bool negative = ms < 0;
    const long long v = std::llabs(ms);
    char buf[64];
    if (v < 1000)
        std::snprintf(buf, sizeof buf, "%lld ms", v);
    else if (v < 60'000)
        std::snprintf(buf, sizeof buf, v % 1000 ? "%.1f s" : "%.0f s", static_cast<double>(v) / 1000);
    else if (v < 3'600'000) {
        const long long s = (v + 500) / 1000;
        if (s % 60)
            std::snprintf(buf, sizeof buf, "%lld min %lld s", s / 60, s % 60);
        else
            std::snprintf(buf, sizeof buf, "%lld min", s / 60);
    } else if (v < 86'400'000) {
        const long long m = (v + 30'000) / 60'000;
        if (m % 60)
            std::snprintf(buf, sizeof buf, "%lld h %lld min", m / 60, m % 60);
        else
            std::snprintf(buf, sizeof buf, "%lld h", m / 60);
    } else {
        const long long h = (v + 1'800'000) / 3'600'000;
        if (h % 24)
            std::snprintf(buf, sizeof buf, "%lld d %lld h", h / 24, h % 24);
        else
            std::snprintf(buf, sizeof buf, "%lld d", h / 24);
    }
    return (negative ? "-" : "") + std::string(buf);
}

} // namespace iw
