// Suspected intents (docs/reference/serve.md): real clients never say which requests are one logical operation, so
// requests of one actor and operation with equal fingerprints, under different keys or none, arriving within a window
// of the group's first arrival are taken for one intent — a client minting a new key on each retry. One rule for every
// reader of traffic: `reconstruct` groups the evidence with it, and `serve` is meant to adopt it.
#pragma once

#include "domain.h"

#include <absl/container/flat_hash_map.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace iw {

inline constexpr Millis DefaultIntentWindowMs = 60'000;

// One arrival, as the grouping sees it. Arrivals are given in arrival order.
struct IntentCandidate {
    std::string_view actor;
    std::string_view operation;
    std::string_view fingerprint; // empty: the body is unknown, so the request cannot be grouped
    std::optional<std::string_view> key; // nullopt: no key (the request is its own intent)
    bool explicitIntent = false; // X-Intent given: the client said which intent it is; never suspected
    Millis arrivalMs = 0;
};

// The incremental form: add() arrivals in order. Memory holds one group per (actor, operation, fingerprint) seen
// within the window (forget() drops the groups that can take no more arrivals).
class SuspectedIntentGrouper {
public:
    explicit SuspectedIntentGrouper(Millis windowMs = DefaultIntentWindowMs)
        : m_windowMs(windowMs)
    {
    }

    struct Group {
        std::int64_t first = 0; // the number (order of add()) of its first arrival
        Millis firstArrivalMs = 0;
        std::int64_t members = 0;
        // Two intents at least: another key than the first's, or a request without one.
        bool mixed = false;
        std::string firstKey;
        bool firstKeyless = false;
    };

    // The group the arrival joins (a number that stays valid until forget()), or -1 when it cannot be grouped
    // (explicit intent, unknown fingerprint). The arrival's own number is the count of add() calls before it.
    std::int64_t add(const IntentCandidate& candidate);
    const Group& group(std::int64_t id) const { return m_groups.at(id); }
    // The suspected intent's name-giver: the group's first arrival's number when the group holds two intents or
    // more, else -1.
    std::int64_t suspectedFirst(std::int64_t id) const
    {
        const Group& g = m_groups.at(id);
        return g.mixed ? g.first : -1;
    }
    // Drops the groups whose window ended before `nowMs` (they can take no more arrivals).
    void forget(Millis nowMs);
    std::size_t openGroups() const { return m_open.size(); }

private:
    Millis m_windowMs;
    std::int64_t m_count = 0;
    std::int64_t m_nextGroup = 0;
    absl::flat_hash_map<std::string, std::int64_t> m_open; // actor \x1f operation \x1f fingerprint → group
    absl::flat_hash_map<std::int64_t, Group> m_groups;
    std::string m_index; // add()'s lookup text, its buffer kept
};

// The pure form: for each candidate (in arrival order), the index of the first request of its suspected intent, or
// -1 when it is alone (no other intent shares its actor, operation and fingerprint within the window).
std::vector<std::int64_t> suspectedIntents(const std::vector<IntentCandidate>& candidates, Millis windowMs);

} // namespace iw
