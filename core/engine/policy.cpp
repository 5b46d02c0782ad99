// Profile defaults and the names of policy enums.
#include "policy.h"

#include <array>
#include <utility>

namespace iw {

namespace {
template<typename E, std::size_t N>
std::optional<E> fromName(const std::array<std::pair<E, std::string_view>, N>& table, std::string_view name)
{
    for (const auto& [value, text] : table) {
        if (text == name)
            return value;
    }
    return std::nullopt;
}

template<typename E, std::size_t N>
std::string_view toName(const std::array<std::pair<E, std::string_view>, N>& table, E value)
{
    for (const auto& [v, text] : table) {
        if (v == value)
            return text;
    }
    return {};
}

constexpr std::array<std::pair<Profile, std::string_view>, 4> s_profiles = { {
    { Profile::Ietf, "ietf" },
    { Profile::Stripe, "stripe" },
    { Profile::Powertools, "powertools" },
    { Profile::Brandur, "brandur" },
} };
constexpr std::array<std::pair<Strategy, std::string_view>, 4> s_strategies = { {
    { Strategy::UniqueClaim, "unique_claim" },
    { Strategy::CheckThenInsert, "check_then_insert" },
    { Strategy::SeenFlag, "seen_flag" },
    { Strategy::None, "none" },
} };
constexpr std::array<std::pair<AfterExpiry, std::string_view>, 2> s_afterExpiry = { {
    { AfterExpiry::Forget, "forget" },
    { AfterExpiry::Tombstone, "tombstone" },
} };
} // namespace

std::string_view profileName(Profile p)
{
    return toName(s_profiles, p);
}
std::optional<Profile> profileFromName(std::string_view n)
{
    return fromName(s_profiles, n);
}
std::vector<Profile> allProfiles()
{
    std::vector<Profile> out;
    for (const auto& [value, text] : s_profiles)
        out.push_back(value);
    return out;
}
std::string_view strategyName(Strategy s)
{
    return toName(s_strategies, s);
}
std::optional<Strategy> strategyFromName(std::string_view n)
{
    return fromName(s_strategies, n);
}
std::string_view afterExpiryName(AfterExpiry a)
{
    return toName(s_afterExpiry, a);
}
std::optional<AfterExpiry> afterExpiryFromName(std::string_view n)
{
    return fromName(s_afterExpiry, n);
}

ServicePolicy ServicePolicy::forProfile(Profile profile)
{
    ServicePolicy p;
    p.profile = profile;
    switch (profile) {
    case Profile::Ietf:
        break;
    case Profile::Stripe:
        p.requireKey = false;
        p.mismatchStatus = 400;
        break;
    case Profile::Powertools:
        p.requireKey = false;
        p.ttlMs = 3'600'000;
        p.storeErrors = false;
        break;
    case Profile::Brandur:
        p.minKeyLength = 20;
        p.maxKeyLength = 100;
        p.ttlMs = 259'200'000;
        p.leaseMs = 90'000;
        p.mismatchStatus = 409;
        p.sweepEveryMs = 3'600'000;
        break;
    }
    return p;
}

std::optional<Millis> ServicePolicy::effectiveLease() const
{
    if (leaseMs && *leaseMs > 0)
        return leaseMs;
    return std::nullopt;
}

} // namespace iw
