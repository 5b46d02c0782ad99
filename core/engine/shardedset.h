// A flat hash set that grows a little at a time: absl::flat_hash_set rehashes every element at once when it grows,
// and a server interning a scope, a record and an intent name per request stopped for a quarter of a second (on a
// busy machine several) at each of 7·2^k requests, all three tables together (issue 41 finding 6). This one is one
// table until it holds kSplitAt elements, then kShards tables chosen by six bits of the element's hash, so a growth
// rehashes a sixty-fourth of the elements. The hash must spread its bits 26–31 (the 32-bit hashes kept by
// ScopeTable, the memory store and the intent names do). Elements are small values (row numbers); no iteration.
//
// The 64 tables fill alike (the hash spreads elements evenly), so left to Abseil they all reached its load limit at
// the same count and rehashed within the same second — at 7·2^16 and 7·2^17 requests a second of twice the CPU per
// request in a server, three such sets together (issue 41's p99 per window). So each table grows on a schedule of its
// own: table t doubles once it holds 2^(-t/64) of what Abseil would let it hold (table 0 at the limit, table 63 at
// just over half), which spreads the growths of one doubling evenly (in ratio) over the counts from half the limit
// to the limit: one table's rehash every ~1 % more elements, never all of them together. The price is the tables
// that grew early: at most half of them hold twice the slots until Abseil would have grown them too (about 4 bytes
// a served request at a million).
#pragma once

#include <absl/container/flat_hash_set.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace iw {

template<typename T, typename Hash, typename Eq> class ShardedFlatSet {
    using Table = absl::flat_hash_set<T, Hash, Eq>;
    using Inner = typename Table::iterator;

public:
    static constexpr std::size_t kShards = 64;
    static constexpr std::size_t kSplitAt = std::size_t(1) << 15;

    // Where an element is: its table and its place there; end() is in no table.
    class iterator {
    public:
        iterator() = default;
        const T& operator*() const { return *m_inner; }
        const T* operator->() const { return &*m_inner; }
        bool operator==(const iterator& o) const
        {
            return m_table == o.m_table && (m_table == kNoTable || m_inner == o.m_inner);
        }
        bool operator!=(const iterator& o) const { return !(*this == o); }

    private:
        friend class ShardedFlatSet;
        static constexpr std::size_t kNoTable = ~std::size_t(0);
        iterator(std::size_t table, Inner inner)
            : m_table(table)
            , m_inner(inner)
        {
        }
        std::size_t m_table = kNoTable;
        Inner m_inner {};
    };

    ShardedFlatSet(std::size_t, const Hash& hash, const Eq& eq)
        : m_hash(hash)
        , m_eq(eq)
    {
        m_tables.emplace_back(0, m_hash, m_eq);
    }
    ShardedFlatSet(const ShardedFlatSet&) = delete;
    ShardedFlatSet& operator=(const ShardedFlatSet&) = delete;

    iterator end() const { return {}; }
    std::size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    // Slots in all tables, for a memory estimate.
    std::size_t capacity() const
    {
        std::size_t n = 0;
        for (const Table& t : m_tables)
            n += t.capacity();
        return n;
    }
    bool split() const { return m_tables.size() > 1; }
    // The most elements one table holds: what its next growth rehashes at once.
    std::size_t largestTable() const
    {
        std::size_t n = 0;
        for (const Table& t : m_tables)
            n = std::max(n, t.size());
        return n;
    }

    // Const: an iterator only reads (absl's find changes nothing; its iterator type is the non-const one here).
    template<typename K> iterator find(const K& key) const
    {
        const std::size_t t = tableOf(key);
        Table& table = const_cast<Table&>(m_tables[t]);
        const Inner it = table.find(key);
        return it == table.end() ? end() : iterator(t, it);
    }
    template<typename K> bool contains(const K& key) const { return find(key) != end(); }
    // The cache lines a lookup of `key` will read first (its table's control bytes and slots where the probe starts),
    // fetched now: a caller that knows its next keys hides the misses.
    template<typename K> void prefetch(const K& key) const { m_tables[tableOf(key)].prefetch(key); }

    std::pair<iterator, bool> insert(const T& value)
    {
        growIfDue();
        const std::size_t t = tableOf(value);
        growEarlyIfDue(t);
        const auto [it, added] = m_tables[t].insert(value);
        m_size += added;
        return { iterator(t, it), added };
    }
    // absl's lazy_emplace: `construct` is called with a constructor only when `key` is absent.
    template<typename K, typename F> iterator lazy_emplace(const K& key, F&& construct)
    {
        growIfDue();
        const std::size_t t = tableOf(key);
        growEarlyIfDue(t);
        Table& table = m_tables[t];
        const std::size_t before = table.size();
        const Inner it = table.lazy_emplace(key, std::forward<F>(construct));
        m_size += table.size() - before;
        return iterator(t, it);
    }
    void erase(iterator it)
    {
        if (it == end())
            return;
        m_tables[it.m_table].erase(it.m_inner);
        --m_size;
    }
    template<typename K> std::size_t erase(const K& key)
    {
        const std::size_t n = m_tables[tableOf(key)].erase(key);
        m_size -= n;
        return n;
    }
    // Back to one table (a run reset and played again keeps its small table).
    void clear()
    {
        m_tables.resize(1, Table(0, m_hash, m_eq));
        m_tables[0].clear();
        m_size = 0;
    }
    void reserve(std::size_t n)
    {
        if (n > kSplitAt)
            splitNow();
        for (Table& t : m_tables)
            t.reserve(n / m_tables.size() + 1);
    }

private:
    template<typename K> std::size_t tableOf(const K& key) const
    {
        if (m_tables.size() == 1)
            return 0;
        return (static_cast<std::size_t>(m_hash(key)) >> 26) & (kShards - 1);
    }
    void growIfDue()
    {
        if (m_tables.size() == 1 && m_size >= kSplitAt)
            splitNow();
    }
    // Table t's share of Abseil's load limit, in 65,536ths: 2^(-t/64).
    static std::uint32_t earlyShare(std::size_t t)
    {
        return static_cast<std::uint32_t>(std::lround(65536.0 * std::exp2(-static_cast<double>(t) / kShards)));
    }
    // Past the split, table t doubles before Abseil would when it holds its share of the limit (above).
    void growEarlyIfDue(std::size_t t)
    {
        if (m_tables.size() == 1)
            return;
        Table& table = m_tables[t];
        const std::size_t capacity = table.capacity();
        const std::size_t limit = capacity - capacity / 8; // Abseil's: 7/8 of the slots
        if (capacity >= 1024 && table.size() >= (limit * m_share[t] >> 16))
            table.reserve(limit + 1); // the next capacity up: twice the slots
    }
    // kSplitAt elements move once into their tables (a millisecond), and each table grows apart from then on.
    void splitNow()
    {
        if (split())
            return;
        Table one = std::move(m_tables[0]);
        m_tables.clear();
        m_tables.reserve(kShards);
        for (std::size_t i = 0; i < kShards; ++i) {
            m_tables.emplace_back(0, m_hash, m_eq);
            m_tables.back().reserve(2 * one.size() / kShards);
        }
        for (const T& value : one)
            m_tables[tableOf(value)].insert(value);
        for (std::size_t t = 0; t < kShards; ++t)
            m_share[t] = earlyShare(t);
    }

    Hash m_hash;
    Eq m_eq;
    std::vector<Table> m_tables;
    std::array<std::uint32_t, kShards> m_share {};
    std::size_t m_size = 0;
};

} // namespace iw
