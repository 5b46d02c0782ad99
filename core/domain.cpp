// Names of states and decisions as they appear in reports, scenarios and the GUI.
#include "domain.h"

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

} // namespace iw
