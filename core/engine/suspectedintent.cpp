// Suspected intents: one grouping rule for served and reconstructed traffic (docs/reference/serve.md).
#include "suspectedintent.h"

namespace iw {

std::int64_t SuspectedIntentGrouper::add(const IntentCandidate& c)
{
    const std::int64_t number = m_count++;
    if (c.explicitIntent || c.fingerprint.empty())
        return -1;
    // Spelled into a buffer kept between arrivals: copied only for a new group.
    std::string& index = m_index;
    index.clear();
    index.append(c.actor).push_back('\x1f');
    index.append(c.operation).push_back('\x1f');
    index.append(c.fingerprint);
    auto it = m_open.find(index);
    if (it != m_open.end()) {
        Group& g = m_groups.at(it->second);
        if (c.arrivalMs - g.firstArrivalMs <= m_windowMs) {
            ++g.members;
            if (!c.key || g.firstKeyless || *c.key != g.firstKey)
                g.mixed = true;
            return it->second;
        }
    }
    const std::int64_t id = m_nextGroup++;
    Group g;
    g.first = number;
    g.firstArrivalMs = c.arrivalMs;
    g.members = 1;
    g.firstKeyless = !c.key;
    if (c.key)
        g.firstKey = std::string(*c.key);
    m_groups.emplace(id, std::move(g));
    if (it != m_open.end())
        it->second = id;
    else
        m_open.emplace(index, id);
    return id;
}

void SuspectedIntentGrouper::forget(Millis nowMs)
{
    for (auto it = m_open.begin(); it != m_open.end();) {
        const auto g = m_groups.find(it->second);
        if (g != m_groups.end() && nowMs - g->second.firstArrivalMs > m_windowMs) {
            m_groups.erase(g);
            m_open.erase(it++);
        } else {
            ++it;
        }
    }
    // Groups replaced in m_open by a newer one are no longer reachable either.
    for (auto it = m_groups.begin(); it != m_groups.end();) {
        if (nowMs - it->second.firstArrivalMs > m_windowMs)
            m_groups.erase(it++);
        else
            ++it;
    }
}

std::vector<std::int64_t> suspectedIntents(const std::vector<IntentCandidate>& candidates, Millis windowMs)
{
    SuspectedIntentGrouper grouper(windowMs);
    std::vector<std::int64_t> groups;
    groups.reserve(candidates.size());
    for (const IntentCandidate& c : candidates)
        groups.push_back(grouper.add(c));
    std::vector<std::int64_t> out(candidates.size(), -1);
    for (std::size_t i = 0; i < candidates.size(); ++i)
        if (groups[i] >= 0)
            out[i] = grouper.suspectedFirst(groups[i]);
    return out;
}

} // namespace iw
