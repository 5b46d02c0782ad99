#include "scopetable.h"

#include "scopehash.h"

#include <cstring>

namespace iw {

ScopeTable::ScopeTable()
    : m_index(0, Hash { this }, Eq { this })
{
}

std::uint32_t ScopeTable::findName(std::string_view text) const
{
    // Found by a view, without a copy (this absl has a string_view of its own).
    const auto it = m_nameIds.find(absl::string_view(text.data(), text.size()));
    return it == m_nameIds.end() ? kNoName : it->second;
}

std::uint32_t ScopeTable::name(std::string_view text)
{
    if (const std::uint32_t id = findName(text); id != kNoName)
        return id;
    const auto id = static_cast<std::uint32_t>(m_names.size());
    m_names.emplace_back(text);
    m_nameIds.emplace(std::string(text), id);
    return id;
}

int ScopeTable::intern(std::uint32_t actorName, std::uint32_t operationName, std::string_view keyText)
{
    const Probe probe(actorName, operationName, keyText);
    // One hash and one probe: a new scope is made in the slot the lookup found (inserting it after a failed find
    // hashed it again, from the entry).
    const auto it = m_index.lazy_emplace(probe, [&](const auto& construct) {
        const auto index = static_cast<std::uint32_t>(m_entries.size());
        Entry e { actorName, operationName, kPackedUuid, probe.hash, {} };
        if (probe.packed) {
            std::memcpy(e.key, probe.key.data(), sizeof e.key);
        } else {
            const std::string_view kept = m_keys.add(probe.key);
            const char* text = kept.data();
            std::memcpy(e.key, &text, sizeof text);
            e.keySize = static_cast<std::uint32_t>(kept.size());
        }
        m_entries.push_back(e);
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
    // A name this table has never seen is in none of its scopes.
    const std::uint32_t actorName = findName(actor);
    const std::uint32_t operationName = findName(operation);
    if (actorName == kNoName || operationName == kNoName)
        return -1;
    const auto it = m_index.find(Probe(actorName, operationName, key));
    return it == m_index.end() ? -1 : static_cast<int>(*it);
}

std::vector<std::uint32_t> ScopeTable::namesOf(const ScopeTable& other) const
{
    std::vector<std::uint32_t> names(other.m_names.size());
    for (std::size_t n = 0; n < names.size(); ++n)
        names[n] = findName(other.m_names[n]);
    return names;
}

int ScopeTable::findOf(const ScopeTable& other, std::size_t i, const std::vector<std::uint32_t>& names) const
{
    const Entry& e = other.m_entries[i];
    const std::uint32_t actorName = names[e.actor];
    const std::uint32_t operationName = names[e.operation];
    if (actorName == kNoName || operationName == kNoName)
        return -1;
    const auto it = m_index.find(Probe(actorName, operationName, other.keyBytes(i), e.keySize == kPackedUuid));
    return it == m_index.end() ? -1 : static_cast<int>(*it);
}

std::string ScopeTable::key(std::size_t i) const
{
    char buf[kUuidText];
    return std::string(spellKey(m_entries[i].data(), m_entries[i].keySize, buf));
}

ScopeTable::Probe::Probe(std::uint32_t actorName, std::uint32_t operationName, std::string_view keyText)
    : actor(actorName)
    , operation(operationName)
    , packed(packUuid(keyText, bytes))
    , key(packed ? std::string_view(bytes, sizeof bytes) : keyText)
    , hash(indexHash(actor, operation, key))
{
}

ScopeTable::Probe::Probe(std::uint32_t actorName, std::uint32_t operationName, std::string_view keyBytes, bool isPacked)
    : actor(actorName)
    , operation(operationName)
    , packed(isPacked)
    , hash(0)
{
    if (packed) {
        std::memcpy(bytes, keyBytes.data(), sizeof bytes);
        key = std::string_view(bytes, sizeof bytes);
    } else {
        key = keyBytes;
    }
    hash = indexHash(actor, operation, key);
}

std::uint32_t ScopeTable::indexHash(std::uint32_t actor, std::uint32_t operation, std::string_view keyBytes)
{
    using namespace scopehash_detail;
    // The two name numbers are one word; the key's bytes go in as scopeHash's do (its length with its tail).
    std::uint64_t h
        = mix(0x243f6a8885a308d3ULL ^ (static_cast<std::uint64_t>(operation) << 32 | actor), 0x9e3779b97f4a7c15ULL);
    h = add(h, keyBytes);
    return static_cast<std::uint32_t>(mix(h, 0xbf58476d1ce4e5b9ULL));
}

std::size_t ScopeTable::NameHash::operator()(absl::string_view text) const
{
    return textHash(std::string_view(text.data(), text.size()));
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
    const Entry& e = table->m_entries[i];
    if (e.hash != p.hash || e.actor != p.actor || e.operation != p.operation || (e.keySize == kPackedUuid) != p.packed)
        return false;
    // Packed: sixteen bytes of the entry against sixteen of the probe, two words each.
    return p.packed ? std::memcmp(e.key, p.bytes, sizeof p.bytes) == 0 : table->keyBytes(i) == p.key;
}

} // namespace iw
