// The scopes a run has seen, interned: each (actor, operation, key) once, numbered in order of first sight. A run of a
// million intents holds a million scopes, so an entry is two name numbers and a key in an arena, and the index is a
// flat hash set of entry numbers; a Scope is built only when someone asks for one. A UUID key takes 16 bytes
// (packeduuid.h), hashed and compared packed.
#pragma once

#include "arena.h"
#include "chunked.h"
#include "domain.h"
#include "packeduuid.h"
#include "shardedset.h"

#include <absl/container/flat_hash_map.h>
#include <absl/container/flat_hash_set.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace iw {

class ScopeTable {
public:
    ScopeTable();
    ScopeTable(const ScopeTable&) = delete; // the index's hash refers back to its table
    ScopeTable& operator=(const ScopeTable&) = delete;

    // A number for an actor or operation name, for the fast intern().
    std::uint32_t name(std::string_view text);
    // The scope's index, adding it when new.
    int intern(std::uint32_t actor, std::uint32_t operation, std::string_view key);
    int intern(const Scope& scope) { return intern(name(scope.actor), name(scope.operation), scope.key); }
    // -1 when this table has not seen it.
    int find(const Scope& scope) const;
    int find(std::string_view actor, std::string_view operation, std::string_view key) const;

    std::size_t size() const { return m_entries.size(); }
    bool empty() const { return m_entries.empty(); }
    Scope operator[](std::size_t i) const
    {
        return { std::string(actor(i)), std::string(operation(i)), std::string(key(i)) };
    }
    std::string_view actor(std::size_t i) const { return m_names[m_entries[i].actor]; }
    std::string_view operation(std::size_t i) const { return m_names[m_entries[i].operation]; }
    // Spelled out: a UUID key is kept packed.
    std::string key(std::size_t i) const;
    // The same without a copy: a packed UUID is spelled into `buf` (kUuidText bytes), any other key is a view.
    std::string_view key(std::size_t i, char* buf) const
    {
        return spellKey(m_entries[i].key, m_entries[i].keySize, buf);
    }
    // Actor and operation as name numbers (name() gave them), so a writer can prepare each name once.
    std::uint32_t actorName(std::size_t i) const { return m_entries[i].actor; }
    std::uint32_t operationName(std::size_t i) const { return m_entries[i].operation; }
    std::size_t nameCount() const { return m_names.size(); }
    std::string_view nameText(std::uint32_t name) const { return m_names[name]; }
    void clear();
    void reserve(std::size_t n);
    // Forgets the scopes interned since the table held `size` of them (explore going back to a saved state).
    struct Mark {
        std::size_t entries = 0;
        StringArena::Mark keys;
    };
    Mark mark() const { return { m_entries.size(), m_keys.mark() }; }
    void rollback(const Mark& m);

private:
    struct Entry {
        std::uint32_t actor;
        std::uint32_t operation;
        const char* key;
        std::uint32_t keySize; // kPackedUuid: 16 bytes
        // Its index hash, kept (in what was padding): a growing index rehashes every entry, and hashing each from its
        // strings again stalled a server with a million scopes for a tenth of a second.
        std::uint32_t hash;
    };
    // What the index hashes and compares for an entry: its actor and operation, and its key's packed bytes or text.
    std::string_view keyBytes(std::size_t i) const
    {
        const Entry& e = m_entries[i];
        return { e.key, e.keySize == kPackedUuid ? std::size_t(16) : e.keySize };
    }
    struct Probe {
        Probe(std::string_view actor, std::string_view operation, std::string_view keyText);
        Probe(const Probe&) = delete; // `key` may point into `bytes`
        Probe& operator=(const Probe&) = delete;
        std::string_view actor;
        std::string_view operation;
        char bytes[16];
        bool packed;
        std::string_view key; // the packed bytes, or the text
        std::uint32_t hash; // what the index hashes it as (scopeIndexHash)
    };
    struct Hash {
        using is_transparent = void;
        const ScopeTable* table;
        std::size_t operator()(std::uint32_t i) const;
        std::size_t operator()(const Probe& p) const;
    };
    struct Eq {
        using is_transparent = void;
        const ScopeTable* table;
        bool operator()(std::uint32_t a, std::uint32_t b) const { return a == b; }
        bool operator()(std::uint32_t i, const Probe& p) const;
        bool operator()(const Probe& p, std::uint32_t i) const { return (*this)(i, p); }
    };

    SegmentedVector<Entry> m_entries; // appending never moves the entries (issue 41 finding 6)
    std::vector<std::string> m_names;
    absl::flat_hash_map<std::string, std::uint32_t> m_nameIds;
    ShardedFlatSet<std::uint32_t, Hash, Eq> m_index; // grows a shard at a time
    StringArena m_keys;
};

} // namespace iw
