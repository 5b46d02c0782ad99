// The embedded store. One mutex makes every operation atomic, as a unique index makes an INSERT atomic in a database.
#include "store.h"

#include <algorithm>
#include <mutex>
#include <unordered_map>
#include <unordered_set>

namespace iw {

namespace {

bool isExpiredAt(const Record& r, Millis now, bool strict)
{
    return strict ? now > r.expiresAt : now >= r.expiresAt;
}

class MemoryStore final : public IdempotencyStore {
public:
    std::string kind() const override { return "memory"; }

    void reset() override
    {
        std::lock_guard lock(m_mutex);
        m_records.clear();
        m_tombstones.clear();
        m_seen.clear();
        m_effects.clear();
    }

    bool insertClaim(const Record& claim, Millis now) override
    {
        std::lock_guard lock(m_mutex);
        if (m_records.count(claim.scope) || countingTombstone(claim.scope, now))
            return false;
        m_records.emplace(claim.scope, claim);
        return true;
    }

    std::optional<Record> read(const Scope& scope) override
    {
        std::lock_guard lock(m_mutex);
        const auto it = m_records.find(scope);
        if (it == m_records.end())
            return std::nullopt;
        return it->second;
    }

    std::optional<Tombstone> readTombstone(const Scope& scope, Millis now) override
    {
        std::lock_guard lock(m_mutex);
        if (const Tombstone* t = countingTombstone(scope, now))
            return *t;
        return std::nullopt;
    }

    bool replaceIf(
        const Scope& scope, std::optional<Millis> expectedCreatedAt, const Record& fresh, Millis now) override
    {
        std::lock_guard lock(m_mutex);
        const auto it = m_records.find(scope);
        if (!expectedCreatedAt) {
            if (it != m_records.end() || countingTombstone(scope, now))
                return false;
            m_records.emplace(scope, fresh);
            return true;
        }
        if (it == m_records.end() || it->second.createdAt != *expectedCreatedAt)
            return false;
        it->second = fresh;
        return true;
    }

    bool complete(const Scope& scope, Millis ownerVersion, const Completion& completion,
        const std::optional<EffectRow>& effect) override
    {
        std::lock_guard lock(m_mutex);
        if (effect)
            m_effects.push_back(*effect);
        const auto it = m_records.find(scope);
        if (it == m_records.end() || it->second.createdAt != ownerVersion)
            return false;
        apply(it->second, completion);
        return true;
    }

    bool deleteIfOwner(const Scope& scope, Millis ownerVersion) override
    {
        std::lock_guard lock(m_mutex);
        const auto it = m_records.find(scope);
        if (it == m_records.end() || it->second.createdAt != ownerVersion)
            return false;
        m_records.erase(it);
        return true;
    }

    void deleteUnconditionally(const Scope& scope) override
    {
        std::lock_guard lock(m_mutex);
        m_records.erase(scope);
    }

    void upsertCompletion(
        const Record& ifMissing, const Completion& completion, const std::optional<EffectRow>& effect) override
    {
        std::lock_guard lock(m_mutex);
        if (effect)
            m_effects.push_back(*effect);
        auto it = m_records.find(ifMissing.scope);
        if (it == m_records.end()) {
            it = m_records.emplace(ifMissing.scope, ifMissing).first;
        } else {
            it->second.payloadHash = ifMissing.payloadHash;
        }
        apply(it->second, completion);
    }

    bool insertCompleted(const Record& record) override
    {
        std::lock_guard lock(m_mutex);
        return m_records.emplace(record.scope, record).second;
    }

    void overwrite(const Record& record) override
    {
        std::lock_guard lock(m_mutex);
        m_records.insert_or_assign(record.scope, record);
    }

    bool testAndSetSeen(const Scope& scope) override
    {
        std::lock_guard lock(m_mutex);
        return m_seen.insert(scope).second;
    }

    void recordEffect(const EffectRow& effect) override
    {
        std::lock_guard lock(m_mutex);
        m_effects.push_back(effect);
    }

    SweepResult sweep(Millis now, const SweepPolicy& policy) override
    {
        std::lock_guard lock(m_mutex);
        SweepResult result;
        for (auto it = m_tombstones.begin(); it != m_tombstones.end();) {
            if (it->second.untilMs <= now) {
                it = m_tombstones.erase(it);
                ++result.tombstonesRemoved;
            } else {
                ++it;
            }
        }
        for (auto it = m_records.begin(); it != m_records.end();) {
            const Record& r = it->second;
            // Never an in-progress record: deleting it would hide a failure and invite a second execution.
            if (r.state != RecordState::Completed || !isExpiredAt(r, now, policy.strictExpiry)) {
                ++it;
                continue;
            }
            if (policy.tombstoneMs) {
                Tombstone t { r.scope, r.payloadHash, r.statusCode, r.resultId, r.expiresAt + *policy.tombstoneMs };
                if (t.untilMs > now) {
                    m_tombstones.insert_or_assign(r.scope, t);
                    ++result.tombstonesLeft;
                }
            }
            it = m_records.erase(it);
            ++result.recordsDeleted;
        }
        return result;
    }

    std::vector<Record> records() override
    {
        std::lock_guard lock(m_mutex);
        std::vector<Record> out;
        out.reserve(m_records.size());
        for (const auto& [scope, record] : m_records)
            out.push_back(record);
        std::sort(out.begin(), out.end(), [](const Record& a, const Record& b) { return a.scope < b.scope; });
        return out;
    }

    std::vector<Tombstone> tombstones() override
    {
        std::lock_guard lock(m_mutex);
        std::vector<Tombstone> out;
        for (const auto& [scope, t] : m_tombstones)
            out.push_back(t);
        std::sort(out.begin(), out.end(), [](const Tombstone& a, const Tombstone& b) { return a.scope < b.scope; });
        return out;
    }

    std::vector<EffectRow> effects() override
    {
        std::lock_guard lock(m_mutex);
        return m_effects;
    }

private:
    const Tombstone* countingTombstone(const Scope& scope, Millis now) const
    {
        const auto it = m_tombstones.find(scope);
        if (it == m_tombstones.end() || it->second.untilMs <= now)
            return nullptr;
        return &it->second;
    }

    static void apply(Record& r, const Completion& c)
    {
        r.state = RecordState::Completed;
        r.statusCode = c.statusCode;
        r.responseBody = c.responseBody;
        r.completedAt = c.completedAt;
        r.resultId = c.resultId;
        if (c.expiresAt)
            r.expiresAt = *c.expiresAt;
    }

    std::mutex m_mutex;
    // Hashed for speed; the listings sort by scope.
    std::unordered_map<Scope, Record, ScopeHash> m_records;
    std::unordered_map<Scope, Tombstone, ScopeHash> m_tombstones;
    std::unordered_set<Scope, ScopeHash> m_seen;
    std::vector<EffectRow> m_effects;
};

} // namespace

std::unique_ptr<IdempotencyStore> makeMemoryStore()
{
    return std::make_unique<MemoryStore>();
}

} // namespace iw
