#include "scopetable.h"

#include "scopehash.h"

namespace iw {

ScopeTable::ScopeTable()
    : m_index(0, Hash { this }, Eq { this })
{
}

std::uint32_t ScopeTable::name(std::string_view text)
{
    // Found by a view, without a copy (this absl has a string_view of its own).
    if (const auto it = m_nameIds.find(absl::string_view(text.data(), text.size())); it != m_nameIds.end())
        return it->second;
    const auto id = static_cast<std::uint32_t>(m_names.size());
    m_names.emplace_back(text);
    m_nameIds.emplace(std::string(text), id);
    return id;
}

int ScopeTable::intern(std::uint32_t actorName, std::uint32_t operationName, std::string_view keyText)
{
    const Probe probe(m_names[actorName], m_names[operationName], keyText);
    // One hash and one probe: a new scope is made in the slot the lookup found (inserting it after a failed find
    // hashed it again, from the entry).
    const auto it = m_index.lazy_emplace(probe, [&](const auto& construct) {
        const auto index = static_cast<std::uint32_t>(m_entries.size());
        const std::string_view kept = m_keys.add(probe.key);
        m_entries.push_back({ actorName, operationName, kept.data(),
            probe.packed ? kPackedUuid : static_cast<std::uint32_t>(kept.size()), probe.hash });
        construct(index);
    });
    return static_cast<int>(*it);
}

int ScopeTable::find(const Scope& scope) const
{
    return find(scope.actor, scope.operation, scope.key);
}

int ScopeTable::find(std::string_view actor, std::string_view operation, std::string_view key) const
{
    const auto it = m_index.find(Probe(actor, operation, key));
    return it == m_index.end() ? -1 : static_cast<int>(*it);
}

std::string ScopeTable::key(std::size_t i) const
{
    char buf[kUuidText];
    return std::string(spellKey(m_entries[i].key, m_entries[i].keySize, buf));
}

ScopeTable::Probe::Probe(std::string_view actorText, std::string_view operationText, std::string_view keyText)
    : actor(actorText)
    , operation(operationText)
    , packed(packUuid(keyText, bytes))
    , key(packed ? std::string_view(bytes, sizeof bytes) : keyText)
    , hash(scopeIndexHash(actor, operation, key))
{
}

void ScopeTable::clear()
{
    m_index.clear();
    m_entries.clear();
    m_keys.clear();
    // Names stay: a reset run sees the same actors and operations again.
}

void ScopeTable::rollback(const Mark& m)
{
    // The index hashes an entry by reading it, so each is erased before it goes.
    while (m_entries.size() > m.entries) {
        m_index.erase(static_cast<std::uint32_t>(m_entries.size() - 1));
        m_entries.pop_back();
    }
    m_keys.rollback(m.keys);
}

void ScopeTable::reserve(std::size_t n)
{
    m_entries.reserve(n);
    m_index.reserve(n);
}

std::size_t ScopeTable::Hash::operator()(std::uint32_t i) const
{
    return table->m_entries[i].hash;
}

std::size_t ScopeTable::Hash::operator()(const Probe& p) const
{
    return p.hash;
}

bool ScopeTable::Eq::operator()(std::uint32_t i, const Probe& p) const
{
    return table->m_entries[i].hash == p.hash && table->actor(i) == p.actor && table->operation(i) == p.operation
        && (table->m_entries[i].keySize == kPackedUuid) == p.packed && table->keyBytes(i) == p.key;
}

} // namespace iw
