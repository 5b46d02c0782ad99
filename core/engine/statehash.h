// The fingerprint `explore` keeps of a simulation's state at a decision point (docs/reference/explore.md): 64 bits,
// built from the same 64×64→128-bit mix as scope hashes. Two states with the same fingerprint are taken to have the
// same future, so the search prunes the second; with a million states the chance that two different states share one is
// about one in 30 million (the birthday bound on 2^64), the same trade TLC makes with its 64-bit fingerprints.
#pragma once

#include "domain.h"
#include "scopehash.h"

#include <cstdint>
#include <optional>
#include <string_view>

namespace iw {

class StateHasher {
public:
    StateHasher& add(std::uint64_t v)
    {
        m_h = scopehash_detail::mix(m_h ^ v, 0x9e3779b97f4a7c15ULL) + 0x632be59bd9b4e019ULL;
        return *this;
    }
    StateHasher& add(std::int64_t v) { return add(static_cast<std::uint64_t>(v)); }
    StateHasher& add(int v) { return add(static_cast<std::uint64_t>(static_cast<std::int64_t>(v))); }
    StateHasher& add(bool v) { return add(static_cast<std::uint64_t>(v ? 0xb00 : 0xb01)); }
    StateHasher& add(std::string_view s) { return add(scopehash_detail::add(0x51ed27b1ULL, s)); }
    template<typename T> StateHasher& add(const std::optional<T>& v)
    {
        if (!v)
            return add(static_cast<std::uint64_t>(0x0ddba11ULL));
        add(static_cast<std::uint64_t>(0x5eedULL));
        return add(*v);
    }
    StateHasher& add(const Scope& s)
    {
        return add(std::string_view(s.actor)).add(std::string_view(s.operation)).add(std::string_view(s.key));
    }
    StateHasher& add(const Record& r)
    {
        add(r.scope).add(std::string_view(r.payloadHash)).add(static_cast<int>(r.state)).add(r.statusCode);
        add(r.responseBody).add(r.createdAt).add(r.completedAt).add(r.expiresAt).add(r.leaseUntil);
        return add(r.resultId);
    }
    StateHasher& add(const Tombstone& t)
    {
        return add(t.scope).add(std::string_view(t.payloadHash)).add(t.statusCode).add(t.resultId).add(t.untilMs);
    }
    StateHasher& add(const std::string& s) { return add(std::string_view(s)); }
    std::uint64_t value() const { return scopehash_detail::mix(m_h, 0xff51afd7ed558ccdULL); }

private:
    std::uint64_t m_h = 0x243f6a8885a308d3ULL;
};

} // namespace iw
