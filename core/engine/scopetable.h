// The scopes a run has seen, interned: each (actor, operation, key) once, numbered in order of first sight. A run of a
// million intents holds a million scopes, so an entry is two name numbers and a key (a UUID's 16 packed bytes in the
// entry itself, packeduuid.h; any other key's text in an arena), and the index is a flat hash set of entry numbers
// that hashes and compares the name numbers and the key's bytes; a Scope is built only when someone asks for one.
#pragma once

#include "arena.h"
#include "chunked.h"
#include "domain.h"
#include "packeduuid.h"
#include "shardedset.h"

#include <absl/container/flat_hash_map.h>
#include <absl/container/flat_hash_set.h>

#include <cstdint>
#include <cstring>
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
    // The cache lines intern() or find() of this scope will read first, fetched now (a caller that knows the next
    // scopes it will look up hides the misses). findName() is the name's number without adding it (kNoName: unseen),
    // prefetchName() fetches where that lookup will read.
    void prefetch(std::uint32_t actor, std::uint32_t operation, std::string_view key) const
    {
        m_index.prefetch(Probe(actor, operation, key));
    }
    std::uint32_t findName(std::string_view text) const;
    void prefetchName(std::string_view text) const { m_nameIds.prefetch(absl::string_view(text.data(), text.size())); }
    // -1 when this table has not seen it.
    int find(const Scope& scope) const;
    int find(std::string_view actor, std::string_view operation, std::string_view key) const;
    // Another table's scopes looked for in this one without spelling their keys out: `names` (namesOf(other)) gives
    // each of the other table's name numbers in this table, or kNoName. Safe from several threads at once.
    static constexpr std::uint32_t kNoName = 0xffffffffu;
    std::vector<std::uint32_t> namesOf(const ScopeTable& other) const;
    int findOf(const ScopeTable& other, std::size_t i, const std::vector<std::uint32_t>& names) const;

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
        return spellKey(m_entries[i].data(), m_entries[i].keySize, buf);
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
        std::uint32_t keySize; // kPackedUuid: the key is the 16 bytes of `key`
        // Its index hash, kept (in what was padding): a growing index rehashes every entry, and hashing each from its
        // strings again stalled a server with a million scopes for a tenth of a second.
        std::uint32_t hash;
        // A UUID key's packed bytes, in the entry itself: a lookup that reaches the entry compares the key without
        // one more cache miss (a million scopes' keys in an arena were a miss each); any other key's text is in the
        // arena, its address here.
        char key[16];
        const char* data() const
        {
            if (keySize == kPackedUuid)
                return key;
            const char* text;
            std::memcpy(&text, key, sizeof text);
            return text;
        }
    };
    // What the index hashes and compares for an entry: its actor and operation, and its key's packed bytes or text.
    std::string_view keyBytes(std::size_t i) const
    {
        const Entry& e = m_entries[i];
        return { e.data(), e.keySize == kPackedUuid ? std::size_t(16) : e.keySize };
    }
    // A scope looked for: its names as numbers, so the index hashes and compares two words and the key's bytes, and
    // never reads a name's text (with thousands of actors taking turns, each such read was a cache miss).
    struct Probe {
        Probe(std::uint32_t actor, std::uint32_t operation, std::string_view keyText);
        // A key as an entry keeps it: 16 packed bytes (`packed`) or its text.
        Probe(std::uint32_t actor, std::uint32_t operation, std::string_view keyBytes, bool packed);
        Probe(const Probe&) = delete; // `key` may point into `bytes`
        Probe& operator=(const Probe&) = delete;
        std::uint32_t actor;
        std::uint32_t operation;
        char bytes[16];
        bool packed;
        std::string_view key; // the packed bytes, or the text
        std::uint32_t hash; // what the index hashes it as (indexHash)
    };
    static std::uint32_t indexHash(std::uint32_t actor, std::uint32_t operation, std::string_view keyBytes);
    // The names' index hashes a name by its bytes with the scope hash's mixing (Debian's Abseil hashes a string
    // through std::hash, a byte at a time): found by a view, without a copy.
    struct NameHash {
        using is_transparent = void;
        std::size_t operator()(absl::string_view text) const;
        std::size_t operator()(const std::string& text) const { return (*this)(absl::string_view(text)); }
    };
    struct NameEq {
        using is_transparent = void;
        bool operator()(absl::string_view a, absl::string_view b) const { return a == b; }
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
    absl::flat_hash_map<std::string, std::uint32_t, NameHash, NameEq> m_nameIds;
    ShardedFlatSet<std::uint32_t, Hash, Eq> m_index; // grows a shard at a time
    StringArena m_keys;
};

} // namespace iw
