// The embedded store. One mutex makes every operation atomic, as a unique index makes an INSERT atomic in a database.
//
// Rows are kept compact, because a review or a throughput run holds a million of them: actor, operation and payload
// fingerprint are interned (a run has few of each), keys, bodies and result ids live in an append-only arena, and a
// flat hash set of row numbers finds a row by scope without building a Scope. Records are built only when asked for.
//
// Sweeps cost what they remove, not what the store holds: once a sweep is asked for, an expiry-ordered heap of
// completed rows (16 bytes each, stale entries recognised by reading the row) and one of tombstones say what is
// due, so a sweep every millisecond over a million records finding nothing is a look at the heap's top.
#include "arena.h"
#include "chunked.h"
#include "packeduuid.h"
#include "scopehash.h"
#include "shardedset.h"
#include "statehash.h"
#include "store.h"
#include "storeguard.h"

#include <absl/container/flat_hash_map.h>
#include <absl/container/flat_hash_set.h>
#include <absl/hash/hash.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <mutex>
#include <tuple>
#include <unordered_map>
#include <unordered_set>

namespace iw {

namespace {

constexpr Millis kNone = std::numeric_limits<Millis>::min();

// Canonical UUID keys (clients' "auto" keys) are kept as their 16 bytes (packeduuid.h): a million records save 20
// bytes each. Such a key's size field holds kPackedUuid; any other key is kept as it came.

// 96 bytes a record, plus its key (16 bytes for a UUID), body and result id in the arena.
struct Row {
    std::uint32_t actor = 0; // interned
    std::uint32_t operation = 0; // interned
    std::uint32_t payloadHash = 0; // interned
    std::int32_t statusCode = 0;
    const char* key = nullptr; // arena texts: pointer here, length below
    const char* body = nullptr;
    const char* resultId = nullptr;
    std::uint32_t keySize = 0; // kPackedUuid: 16 bytes
    std::uint32_t bodySize = 0;
    std::uint32_t resultIdSize = 0;
    RecordState state = RecordState::InProgress;
    bool hasStatus = false;
    bool hasBody = false;
    bool hasResultId = false;
    bool live = false; // false: a free slot
    // Its index hash (scopeIndexHash), kept in what was padding: a growing index rehashes every row, and
    // hashing each from its strings again stalled a server with a million records.
    std::uint32_t hash = 0;
    Millis createdAt = 0;
    Millis completedAt = kNone;
    Millis expiresAt = 0;
    Millis leaseUntil = kNone;

    std::string_view keyText(char* buf) const { return spellKey(key, keySize, buf); }
    bool packedKey() const { return keySize == kPackedUuid; }
    // What the index hashes: a packed UUID's 16 bytes, or the key's text.
    std::string_view keyBytes() const { return { key, packedKey() ? std::size_t(16) : keySize }; }
};
static_assert(sizeof(Row) == 96, "a record's row: the hash lives in what was padding");

class MemoryStore final : public IdempotencyStore {
public:
    explicit MemoryStore(StoreThreads threads)
        : m_locking(threads == StoreThreads::Shared)
        , m_index(0, RowHash { this }, RowEq { this })
    {
    }

    std::string kind() const override { return "memory"; }

    void reset() override
    {
        const Guard lock = guard();
        m_index.clear();
        m_rows.clear();
        m_lastClaimRow = kNoRow;
        m_free.clear();
        m_arena.clear();
        m_names.clear();
        m_nameIds.clear();
        m_tombstones.clear();
        m_seen.clear();
        m_effects.clear();
        m_expiries.clear();
        m_expiriesKept = false;
        m_tombstoneExpiries.clear();
        m_sweepVisits = 0;
        detachSnapshots();
    }

    bool insertClaim(const Record& claim, Millis now) override
    {
        const Guard lock = guard();
        if (countingTombstone(claim.scope, now))
            return false;
        // One hash and one probe for the common case, a new scope: the row is made in the slot the probe found.
        std::uint32_t row = kNoRow;
        const ScopeProbe key = probe(claim.scope);
        m_index.lazy_emplace(key, [&](const auto& construct) {
            row = addRow(claim, key.hash);
            construct(row);
        });
        if (row == kNoRow)
            return false;
        m_lastClaimRow = row;
        noteExpiry(row);
        return true;
    }

    std::optional<Record> read(const Scope& scope) override
    {
        const Guard lock = guard();
        const auto it = m_index.find(probe(scope));
        if (it == m_index.end())
            return std::nullopt;
        return toRecord(m_rows[*it]);
    }

    void readInto(const Scope& scope, std::optional<Record>& into) override
    {
        const Guard lock = guard();
        const auto it = m_index.find(probe(scope));
        if (it == m_index.end()) {
            into.reset();
            return;
        }
        if (!into)
            into.emplace();
        fill(*into, m_rows[*it]);
    }

    std::optional<Tombstone> readTombstone(const Scope& scope, Millis now) override
    {
        const Guard lock = guard();
        if (const Tombstone* t = countingTombstone(scope, now))
            return *t;
        return std::nullopt;
    }

    bool replaceIf(
        const Scope& scope, std::optional<Millis> expectedCreatedAt, const Record& fresh, Millis now) override
    {
        const Guard lock = guard();
        const auto it = m_index.find(probe(scope));
        if (!expectedCreatedAt) {
            if (it != m_index.end() || countingTombstone(scope, now))
                return false;
            insert(fresh);
            return true;
        }
        if (it == m_index.end() || m_rows[*it].createdAt != *expectedCreatedAt)
            return false;
        touch(*it);
        assign(m_rows[*it], fresh);
        noteExpiry(*it);
        return true;
    }

    bool complete(const Scope& scope, Millis ownerVersion, const Completion& completion,
        const std::optional<EffectRow>& effect) override
    {
        const Guard lock = guard();
        // A completion nearly always follows the claim of the same scope: the row that claim made is compared
        // rather than the scope hashed and looked up again.
        const std::uint32_t row
            = m_lastClaimRow != kNoRow && RowEq { this }(m_lastClaimRow, scope) ? m_lastClaimRow : rowOf(scope);
        // The effect is nearly always the completing request's, on the same scope: found once for both.
        if (effect)
            addEffect(*effect, effect->scope == scope ? row : rowOf(effect->scope));
        if (row == kNoRow || m_rows[row].createdAt != ownerVersion)
            return false;
        touch(row);
        apply(m_rows[row], completion);
        noteExpiry(row);
        return true;
    }

    bool deleteIfOwner(const Scope& scope, Millis ownerVersion) override
    {
        const Guard lock = guard();
        const auto it = m_index.find(probe(scope));
        if (it == m_index.end() || m_rows[*it].createdAt != ownerVersion)
            return false;
        erase(it);
        return true;
    }

    void deleteUnconditionally(const Scope& scope) override
    {
        const Guard lock = guard();
        if (const auto it = m_index.find(probe(scope)); it != m_index.end())
            erase(it);
    }

    void upsertCompletion(
        const Record& ifMissing, const Completion& completion, const std::optional<EffectRow>& effect) override
    {
        const Guard lock = guard();
        if (effect)
            addEffect(*effect);
        const auto it = m_index.find(probe(ifMissing.scope));
        std::uint32_t row = 0;
        if (it == m_index.end()) {
            row = insert(ifMissing);
        } else {
            row = *it;
            touch(row);
            m_rows[row].payloadHash = intern(ifMissing.payloadHash);
        }
        apply(m_rows[row], completion);
        noteExpiry(row);
    }

    bool insertCompleted(const Record& record) override
    {
        const Guard lock = guard();
        if (m_index.contains(probe(record.scope)))
            return false;
        insert(record);
        return true;
    }

    void overwrite(const Record& record) override
    {
        const Guard lock = guard();
        if (const auto it = m_index.find(probe(record.scope)); it != m_index.end()) {
            touch(*it);
            assign(m_rows[*it], record);
            noteExpiry(*it);
        } else {
            insert(record);
        }
    }

    bool testAndSetSeen(const Scope& scope) override
    {
        const Guard lock = guard();
        return m_seen.insert(scope).second;
    }

    void recordEffect(const EffectRow& effect) override
    {
        const Guard lock = guard();
        addEffect(effect);
    }

    SweepResult sweep(Millis now, const SweepPolicy& policy) override
    {
        const Guard lock = guard();
        keepExpiries();
        SweepResult result;
        while (!m_tombstoneExpiries.empty() && m_tombstoneExpiries.front().first <= now) {
            std::pop_heap(m_tombstoneExpiries.begin(), m_tombstoneExpiries.end(), Later());
            const Scope scope = std::move(m_tombstoneExpiries.back().second);
            const Millis until = m_tombstoneExpiries.back().first;
            m_tombstoneExpiries.pop_back();
            ++m_sweepVisits;
            if (const auto it = m_tombstones.find(scope); it != m_tombstones.end() && it->second.untilMs == until) {
                m_tombstones.erase(it);
                ++result.tombstonesRemoved;
            }
        }
        const auto due = [&](Millis expiresAt) { return policy.strictExpiry ? now > expiresAt : now >= expiresAt; };
        while (!m_expiries.empty() && due(m_expiries.front().first)) {
            std::pop_heap(m_expiries.begin(), m_expiries.end(), Later());
            const auto [expiresAt, i] = m_expiries.back();
            m_expiries.pop_back();
            ++m_sweepVisits;
            // Never an in-progress record: deleting it would hide a failure and invite a second execution. An entry
            // whose row has changed since is stale: the row's current expiry has an entry of its own.
            if (!current(expiresAt, i))
                continue;
            const Record r = toRecord(m_rows[i]);
            if (policy.tombstoneMs) {
                Tombstone t { r.scope, r.payloadHash, r.statusCode, r.resultId, r.expiresAt + *policy.tombstoneMs };
                if (t.untilMs > now) {
                    putTombstone(t);
                    ++result.tombstonesLeft;
                }
            }
            erase(m_index.find(i));
            ++result.recordsDeleted;
            result.swept.push_back(r.scope);
        }
        return result;
    }

    std::vector<Record> records() override
    {
        const Guard lock = guard();
        std::vector<Record> out;
        out.reserve(m_index.size());
        for (const Row& row : m_rows) {
            if (row.live)
                out.push_back(toRecord(row));
        }
        std::sort(out.begin(), out.end(), [](const Record& a, const Record& b) { return a.scope < b.scope; });
        return out;
    }

    std::size_t recordCount() override
    {
        const Guard lock = guard();
        return m_index.size(); // the live rows: a row leaves the index when it is freed
    }

    void visitRecords(const std::function<void(const Record&)>& visit) override
    {
        const Guard lock = guard();
        // Sorted by a key made once per row: the actor's and operation's places among the names, then the key's
        // first eight characters as a number. Only rows equal in all three are compared in full (scopeLess); the
        // comparator no longer reads two rows at random per comparison, which made sorting a million rows the
        // larger part of listing them.
        std::vector<std::uint32_t> byText(m_names.size());
        for (std::uint32_t n = 0; n < byText.size(); ++n)
            byText[n] = n;
        std::sort(
            byText.begin(), byText.end(), [this](std::uint32_t a, std::uint32_t b) { return m_names[a] < m_names[b]; });
        std::vector<std::uint32_t> place(m_names.size());
        for (std::uint32_t p = 0; p < byText.size(); ++p)
            place[byText[p]] = p;
        struct SortKey {
            std::uint32_t actor;
            std::uint32_t operation;
            std::uint64_t prefix; // the key's first 8 characters, big-endian, zero-padded
            std::uint32_t row;
        };
        std::vector<SortKey> order;
        order.reserve(m_index.size());
        for (std::uint32_t i = 0; i < m_rows.size(); ++i) {
            const Row& r = m_rows[i];
            if (!r.live)
                continue;
            char buf[kUuidText];
            const std::string_view key = r.keyText(buf);
            std::uint64_t prefix = 0;
            for (std::size_t c = 0; c < 8; ++c)
                prefix = prefix << 8 | (c < key.size() ? static_cast<unsigned char>(key[c]) : 0u);
            order.push_back({ place[r.actor], place[r.operation], prefix, i });
        }
        std::sort(order.begin(), order.end(), [this](const SortKey& a, const SortKey& b) {
            if (a.actor != b.actor)
                return a.actor < b.actor;
            if (a.operation != b.operation)
                return a.operation < b.operation;
            if (a.prefix != b.prefix)
                return a.prefix < b.prefix;
            return scopeLess(a.row, b.row);
        });
        Record record;
        for (const SortKey& k : order) {
            fill(record, m_rows[k.row]);
            visit(record);
        }
    }

    std::unique_ptr<RecordSnapshot> snapshotRecords() override
    {
        const Guard lock = guard();
        auto snapshot = std::make_unique<Snapshot>();
        snapshot->store = this;
        snapshot->rows = static_cast<std::uint32_t>(m_rows.size());
        m_snapshots.push_back(snapshot.get());
        return snapshot;
    }

    bool visitSnapshot(
        RecordSnapshot& from, std::size_t count, const std::function<void(const Record&)>& visit) override
    {
        const Guard lock = guard();
        Snapshot& s = static_cast<Snapshot&>(from);
        if (s.store != this)
            return false;
        Record record;
        for (std::size_t visited = 0; s.next < s.rows && visited < count; ++s.next) {
            const auto saved = s.saved.find(s.next);
            const Row& row = saved != s.saved.end() ? saved->second : m_rows[s.next];
            if (!row.live)
                continue;
            fill(record, row);
            visit(record);
            ++visited;
        }
        return s.next < s.rows;
    }

    ~MemoryStore() override { detachSnapshots(); }

    std::vector<Tombstone> tombstones() override
    {
        const Guard lock = guard();
        std::vector<Tombstone> out;
        for (const auto& [scope, t] : m_tombstones)
            out.push_back(t);
        std::sort(out.begin(), out.end(), [](const Tombstone& a, const Tombstone& b) { return a.scope < b.scope; });
        return out;
    }

    std::optional<std::uint64_t> contentHash() override
    {
        const Guard lock = guard();
        // Summed per item, so the order rows, tombstones and flags sit in (which follows the order of writes) does
        // not count.
        std::uint64_t sum = 0;
        Record record;
        for (const Row& row : m_rows) {
            if (!row.live)
                continue;
            fill(record, row);
            sum += StateHasher().add(record).value();
        }
        for (const auto& [scope, t] : m_tombstones)
            sum += StateHasher().add(1).add(t).value();
        for (const Scope& scope : m_seen)
            sum += StateHasher().add(2).add(scope).value();
        return StateHasher().add(sum).add(static_cast<std::uint64_t>(m_index.size())).value();
    }

    // A saved state copies the rows and the rare tables; the arena, names and effects only grow between a save and
    // its restore, so their ends are marked and cut back to.
    struct Saved final : SavedState {
        std::vector<Row> rows;
        std::vector<std::uint32_t> free;
        StringArena::Mark arena;
        std::size_t names = 0;
        std::uint32_t lastActor = kNoRow;
        std::uint32_t lastOperation = kNoRow;
        std::uint32_t lastPayloadHash = kNoRow;
        std::unordered_map<Scope, Tombstone, ScopeHash> tombstones;
        std::unordered_set<Scope, ScopeHash> seen;
        std::size_t effects = 0;
        std::vector<std::pair<Millis, std::uint32_t>> expiries;
        bool expiriesKept = false;
        std::vector<std::pair<Millis, Scope>> tombstoneExpiries;
        std::uint64_t sweepVisits = 0;

        std::size_t bytes() const override
        {
            // The rare tables are counted by their entries, at a node's usual size.
            return sizeof(Saved) + rows.capacity() * sizeof(Row) + free.capacity() * sizeof(std::uint32_t)
                + (tombstones.size() + seen.size()) * (sizeof(Scope) + sizeof(Tombstone) + 64)
                + expiries.capacity() * sizeof(expiries[0])
                + tombstoneExpiries.capacity() * sizeof(tombstoneExpiries[0]);
        }
    };

    std::unique_ptr<SavedState> makeSavedState() const override { return std::make_unique<Saved>(); }

    std::size_t memoryBytes() const override
    {
        // Rows and effects by their count (chunks fill before the next is made), the index by its slots, the arena
        // by what it took.
        return m_rows.size() * sizeof(Row) + m_effects.size() * sizeof(StoredEffect)
            + m_index.capacity() * (sizeof(std::uint32_t) + 1) + m_arena.bytes()
            + m_free.capacity() * sizeof(std::uint32_t) + m_names.capacity() * sizeof(std::string_view)
            + (m_tombstones.size() + m_seen.size()) * (sizeof(Scope) + sizeof(Tombstone) + 64)
            + m_expiries.capacity() * sizeof(m_expiries[0])
            + m_tombstoneExpiries.capacity() * sizeof(m_tombstoneExpiries[0]);
    }

    void save(SavedState& into) override
    {
        const Guard lock = guard();
        Saved& s = static_cast<Saved&>(into);
        s.rows.clear();
        for (const Row& r : m_rows)
            s.rows.push_back(r);
        s.free = m_free;
        s.arena = m_arena.mark();
        s.names = m_names.size();
        s.lastActor = m_lastActor;
        s.lastOperation = m_lastOperation;
        s.lastPayloadHash = m_lastPayloadHash;
        if (!m_tombstones.empty() || !s.tombstones.empty())
            s.tombstones = m_tombstones;
        if (!m_seen.empty() || !s.seen.empty())
            s.seen = m_seen;
        s.effects = m_effects.size();
        s.expiries = m_expiries;
        s.expiriesKept = m_expiriesKept;
        s.tombstoneExpiries = m_tombstoneExpiries;
        s.sweepVisits = m_sweepVisits;
    }

    void restore(const SavedState& from) override
    {
        const Guard lock = guard();
        const Saved& s = static_cast<const Saved&>(from);
        detachSnapshots();
        // Names first: their views point into the arena that is cut back below.
        while (m_names.size() > s.names) {
            m_nameIds.erase(m_names.back());
            m_names.pop_back();
        }
        m_arena.rollback(s.arena);
        m_rows.truncate(0);
        m_lastClaimRow = kNoRow;
        m_index.clear();
        for (std::uint32_t i = 0; i < s.rows.size(); ++i) {
            m_rows.push_back(s.rows[i]);
            if (s.rows[i].live)
                m_index.insert(i);
        }
        m_free = s.free;
        m_lastActor = s.lastActor;
        m_lastOperation = s.lastOperation;
        m_lastPayloadHash = s.lastPayloadHash;
        if (!m_tombstones.empty() || !s.tombstones.empty())
            m_tombstones = s.tombstones;
        if (!m_seen.empty() || !s.seen.empty())
            m_seen = s.seen;
        m_effects.truncate(s.effects);
        m_expiries = s.expiries;
        m_expiriesKept = s.expiriesKept;
        m_tombstoneExpiries = s.tombstoneExpiries;
        m_sweepVisits = s.sweepVisits;
    }

    std::vector<EffectRow> effects() override
    {
        const Guard lock = guard();
        std::vector<EffectRow> out;
        out.reserve(m_effects.size());
        for (const StoredEffect& e : m_effects) {
            EffectRow row;
            const std::string_view text(e.text, e.idSize + e.intentSize + e.requestSize);
            row.id = text.substr(0, e.idSize);
            row.intent = text.substr(e.idSize, e.intentSize);
            row.request = text.substr(e.idSize + e.intentSize, e.requestSize);
            char buf[kUuidText];
            row.scope = { std::string(m_names[e.actor]), std::string(m_names[e.operation]),
                std::string(spellKey(e.key, e.keySize, buf)) };
            row.atMs = e.atMs;
            out.push_back(std::move(row));
        }
        return out;
    }

    std::optional<Millis> nextSweepable(bool strictExpiry) override
    {
        const Guard lock = guard();
        keepExpiries();
        // Stale entries at the top are dropped here, so the top is a row's current expiry.
        while (!m_expiries.empty() && !current(m_expiries.front().first, m_expiries.front().second)) {
            std::pop_heap(m_expiries.begin(), m_expiries.end(), Later());
            m_expiries.pop_back();
        }
        while (!m_tombstoneExpiries.empty()) {
            const auto& [until, scope] = m_tombstoneExpiries.front();
            if (const auto it = m_tombstones.find(scope); it != m_tombstones.end() && it->second.untilMs == until)
                break;
            std::pop_heap(m_tombstoneExpiries.begin(), m_tombstoneExpiries.end(), Later());
            m_tombstoneExpiries.pop_back();
        }
        std::optional<Millis> next;
        if (!m_expiries.empty())
            next = strictExpiry ? m_expiries.front().first + 1 : m_expiries.front().first;
        if (!m_tombstoneExpiries.empty())
            next = next ? std::min(*next, m_tombstoneExpiries.front().first) : m_tombstoneExpiries.front().first;
        return next;
    }

    // Heap entries sweeps have looked at since the store was made or reset: what the tests count to show a sweep's
    // cost follows what it removes.
    std::uint64_t sweepVisits() const override { return m_sweepVisits; }

private:
    // Row numbers, hashed and compared by the scope they hold; a Scope finds its row without a copy. A UUID key is
    // hashed and compared in its packed form (packing is exact), so rows need not be spelled out.
    struct ProbeKey {
        explicit ProbeKey(const std::string& key)
            : packed(packUuid(key, bytes))
            , view(packed ? std::string_view(bytes, sizeof bytes) : std::string_view(key))
        {
        }
        char bytes[16];
        bool packed;
        std::string_view view;
    };
    // A scope looked for, with its index hash computed once: a sharded index hashes a key to choose its table and
    // again inside it, and the row a claim makes keeps the same hash.
    struct ScopeProbe {
        const Scope& scope;
        std::uint64_t hash;
    };
    static constexpr std::uint64_t kNoHash = std::numeric_limits<std::uint64_t>::max();
    struct RowHash {
        using is_transparent = void;
        const MemoryStore* store;
        std::size_t operator()(std::uint32_t row) const { return store->m_rows[row].hash; }
        std::size_t operator()(const ScopeProbe& p) const { return static_cast<std::size_t>(p.hash); }
        std::size_t operator()(const Scope& s) const
        {
            return scopeIndexHash(s.actor, s.operation, ProbeKey(s.key).view);
        }
    };
    struct RowEq {
        using is_transparent = void;
        const MemoryStore* store;
        bool operator()(std::uint32_t a, std::uint32_t b) const { return a == b; }
        bool operator()(std::uint32_t row, const Scope& s) const
        {
            const Row& r = store->m_rows[row];
            if (store->m_names[r.actor] != s.actor || store->m_names[r.operation] != s.operation)
                return false;
            const ProbeKey probe(s.key);
            return r.packedKey() == probe.packed && r.keyBytes() == probe.view;
        }
        bool operator()(const Scope& s, std::uint32_t row) const { return (*this)(row, s); }
        bool operator()(std::uint32_t row, const ScopeProbe& p) const { return (*this)(row, p.scope); }
        bool operator()(const ScopeProbe& p, std::uint32_t row) const { return (*this)(row, p.scope); }
    };
    ScopeProbe probe(const Scope& scope) const { return { scope, RowHash { this }(scope) }; }
    // Grows a shard at a time: one table of a million rows rehashed them all at once (issue 41 finding 6).
    using Index = ShardedFlatSet<std::uint32_t, RowHash, RowEq>;
    static constexpr std::uint32_t kNoRow = std::numeric_limits<std::uint32_t>::max();
    // The row insertClaim made last (kNoRow: none, or a row was erased since), for the completion that follows.
    std::uint32_t m_lastClaimRow = kNoRow;

    // One effect row: id, intent and request side by side in the arena; the key is the record's when it has one.
    struct StoredEffect {
        const char* text = nullptr;
        const char* key = nullptr;
        std::uint32_t actor = 0;
        std::uint32_t operation = 0;
        std::uint32_t idSize = 0;
        std::uint32_t intentSize = 0;
        std::uint32_t requestSize = 0;
        std::uint32_t keySize = 0; // kPackedUuid: 16 bytes
        Millis atMs = 0;
    };

    // `last`: the name this field of the previous row had. A run writes the same few actors, operations and
    // fingerprints again and again, and comparing with the last one costs less than hashing (a fingerprint is 64
    // characters).
    std::uint32_t intern(const std::string& name, std::uint32_t& last)
    {
        if (last < m_names.size() && m_names[last] == name)
            return last;
        last = intern(name);
        return last;
    }

    std::uint32_t intern(const std::string& name)
    {
        if (const auto it = m_nameIds.find(std::string_view(name)); it != m_nameIds.end())
            return it->second;
        const auto id = static_cast<std::uint32_t>(m_names.size());
        const std::string_view kept = m_arena.add(name);
        m_names.push_back(kept);
        m_nameIds.emplace(kept, id);
        return id;
    }

    // Copies an optional text into the arena.
    void keep(const std::optional<std::string>& text, const char*& data, std::uint32_t& size, bool& present)
    {
        present = text.has_value();
        const std::string_view kept = text ? m_arena.add(*text) : std::string_view();
        data = kept.data();
        size = static_cast<std::uint32_t>(kept.size());
    }

    std::uint32_t insert(const Record& record)
    {
        const std::uint32_t row = addRow(record);
        m_index.insert(row);
        noteExpiry(row);
        return row;
    }

    // A live row for the record, not yet in the index.
    // `hash`: the scope's index hash when the caller has it (probe()), else kNoHash.
    std::uint32_t addRow(const Record& record, std::uint64_t hash = kNoHash)
    {
        std::uint32_t row = 0;
        if (!m_free.empty()) {
            row = m_free.back();
            m_free.pop_back();
            touch(row);
        } else {
            row = static_cast<std::uint32_t>(m_rows.size());
            m_rows.push_back(Row());
        }
        Row& r = m_rows[row];
        r.actor = intern(record.scope.actor, m_lastActor);
        r.operation = intern(record.scope.operation, m_lastOperation);
        char packed[16];
        if (packUuid(record.scope.key, packed)) {
            r.key = m_arena.add(std::string_view(packed, sizeof packed)).data();
            r.keySize = kPackedUuid;
        } else {
            const std::string_view key = m_arena.add(record.scope.key);
            r.key = key.data();
            r.keySize = static_cast<std::uint32_t>(key.size());
        }
        r.live = true;
        r.hash = hash != kNoHash ? static_cast<std::uint32_t>(hash)
                                 : scopeIndexHash(m_names[r.actor], m_names[r.operation], r.keyBytes());
        assign(r, record);
        return row;
    }

    // Everything but the scope, which a row keeps for life.
    void assign(Row& r, const Record& record)
    {
        r.payloadHash = intern(record.payloadHash, m_lastPayloadHash);
        r.state = record.state;
        r.hasStatus = record.statusCode.has_value();
        r.statusCode = record.statusCode.value_or(0);
        keep(record.responseBody, r.body, r.bodySize, r.hasBody);
        r.createdAt = record.createdAt;
        r.completedAt = record.completedAt.value_or(kNone);
        r.expiresAt = record.expiresAt;
        r.leaseUntil = record.leaseUntil.value_or(kNone);
        keep(record.resultId, r.resultId, r.resultIdSize, r.hasResultId);
    }

    // A report's view of the rows as they were (snapshotRecords): a row of it keeps its old version here the first
    // time it changes. Rows added since are past `rows`; the arena and the names only grow, so a kept row's texts
    // stay where they were.
    struct Snapshot final : RecordSnapshot {
        MemoryStore* store = nullptr; // null once the store is reset or gone
        std::uint32_t rows = 0; // the rows then
        std::uint32_t next = 0; // the next to visit
        absl::flat_hash_map<std::uint32_t, Row> saved;
        ~Snapshot() override
        {
            if (store)
                store->forgetSnapshot(this);
        }
    };
    // Before row `row` changes: every snapshot that sees it keeps the version it saw.
    void touch(std::uint32_t row)
    {
        for (Snapshot* s : m_snapshots) {
            if (row < s->rows)
                s->saved.try_emplace(row, m_rows[row]);
        }
    }
    void forgetSnapshot(Snapshot* snapshot)
    {
        const Guard lock = guard();
        m_snapshots.erase(std::remove(m_snapshots.begin(), m_snapshots.end(), snapshot), m_snapshots.end());
    }
    // reset(), restore() and the destructor: the rows a snapshot saw are gone; it visits nothing more.
    void detachSnapshots()
    {
        for (Snapshot* s : m_snapshots)
            s->store = nullptr;
        m_snapshots.clear();
    }

    template<typename Iterator> void erase(Iterator it)
    {
        const std::uint32_t row = *it;
        m_index.erase(it);
        m_lastClaimRow = kNoRow; // its row may be given to another scope
        touch(row);
        m_rows[row] = Row();
        m_free.push_back(row);
    }

    // Scope order (Scope::operator<) without building scopes. Spelled UUIDs order as their packed bytes do (lowercase
    // hex digits sort as their values, the dashes sit at the same places), so two packed keys compare in place.
    bool scopeLess(std::uint32_t ia, std::uint32_t ib) const
    {
        const Row& a = m_rows[ia];
        const Row& b = m_rows[ib];
        if (a.actor != b.actor)
            return m_names[a.actor] < m_names[b.actor];
        if (a.operation != b.operation)
            return m_names[a.operation] < m_names[b.operation];
        if (a.packedKey() && b.packedKey())
            return std::string_view(a.key, 16) < std::string_view(b.key, 16);
        char bufA[kUuidText];
        char bufB[kUuidText];
        return a.keyText(bufA) < b.keyText(bufB);
    }

    // toRecord into a Record that is refilled row after row: its strings keep their capacity, so a listing of a
    // million rows allocates next to nothing.
    void fill(Record& out, const Row& r) const
    {
        char buf[kUuidText];
        out.scope.actor.assign(m_names[r.actor]);
        out.scope.operation.assign(m_names[r.operation]);
        out.scope.key.assign(r.keyText(buf));
        out.payloadHash.assign(m_names[r.payloadHash]);
        out.state = r.state;
        out.statusCode = r.hasStatus ? std::optional<int>(r.statusCode) : std::nullopt;
        assignText(out.responseBody, r.hasBody, r.body, r.bodySize);
        out.createdAt = r.createdAt;
        out.completedAt = r.completedAt != kNone ? std::optional(r.completedAt) : std::nullopt;
        out.expiresAt = r.expiresAt;
        out.leaseUntil = r.leaseUntil != kNone ? std::optional(r.leaseUntil) : std::nullopt;
        assignText(out.resultId, r.hasResultId, r.resultId, r.resultIdSize);
    }

    static void assignText(std::optional<std::string>& out, bool present, const char* data, std::uint32_t size)
    {
        if (!present)
            out.reset();
        else if (out)
            out->assign(data, size);
        else
            out.emplace(data, size);
    }

    Record toRecord(const Row& r) const
    {
        Record out;
        char buf[kUuidText];
        out.scope = { std::string(m_names[r.actor]), std::string(m_names[r.operation]), std::string(r.keyText(buf)) };
        out.payloadHash = std::string(m_names[r.payloadHash]);
        out.state = r.state;
        if (r.hasStatus)
            out.statusCode = r.statusCode;
        if (r.hasBody)
            out.responseBody = std::string(r.body, r.bodySize);
        out.createdAt = r.createdAt;
        if (r.completedAt != kNone)
            out.completedAt = r.completedAt;
        out.expiresAt = r.expiresAt;
        if (r.leaseUntil != kNone)
            out.leaseUntil = r.leaseUntil;
        if (r.hasResultId)
            out.resultId = std::string(r.resultId, r.resultIdSize);
        return out;
    }

    void addEffect(const EffectRow& effect) { addEffect(effect, rowOf(effect.scope)); }

    // The row of a scope, or kNoRow.
    std::uint32_t rowOf(const Scope& scope) const
    {
        const auto it = m_index.find(probe(scope));
        return it == m_index.end() ? kNoRow : *it;
    }

    // `record`: the row of the effect's scope (found by the caller), or kNoRow.
    void addEffect(const EffectRow& effect, std::uint32_t record)
    {
        StoredEffect e;
        e.text = m_arena.add({ effect.id, effect.intent, effect.request }).data();
        // Arena texts outlive their rows, so the record's copy of the key serves (a sweep or delete changes nothing),
        // and its names are the scope's.
        if (record != kNoRow) {
            const Row& r = m_rows[record];
            e.key = r.key;
            e.keySize = r.keySize;
            e.actor = r.actor;
            e.operation = r.operation;
        } else {
            e.key = m_arena.add(effect.scope.key).data();
            e.keySize = static_cast<std::uint32_t>(effect.scope.key.size());
            e.actor = intern(effect.scope.actor);
            e.operation = intern(effect.scope.operation);
        }
        e.idSize = static_cast<std::uint32_t>(effect.id.size());
        e.intentSize = static_cast<std::uint32_t>(effect.intent.size());
        e.requestSize = static_cast<std::uint32_t>(effect.request.size());
        e.atMs = effect.atMs;
        m_effects.push_back(e);
    }

    // Min-heaps by instant (std::*_heap with this order).
    struct Later {
        template<typename T> bool operator()(const T& a, const T& b) const { return a.first > b.first; }
    };

    // The expiry heap is kept only once a sweep or nextSweepable is asked for: a run without sweeps pays nothing.
    void keepExpiries()
    {
        if (m_expiriesKept)
            return;
        m_expiriesKept = true;
        for (std::uint32_t i = 0; i < m_rows.size(); ++i)
            noteExpiry(i);
    }

    // Called after every write that may make a row completed or change its expiry.
    void noteExpiry(std::uint32_t row)
    {
        const Row& r = m_rows[row];
        if (!m_expiriesKept || !r.live || r.state != RecordState::Completed)
            return;
        m_expiries.emplace_back(r.expiresAt, row);
        std::push_heap(m_expiries.begin(), m_expiries.end(), Later());
    }

    bool current(Millis expiresAt, std::uint32_t row) const
    {
        const Row& r = m_rows[row];
        return r.live && r.state == RecordState::Completed && r.expiresAt == expiresAt;
    }

    void putTombstone(const Tombstone& t)
    {
        m_tombstoneExpiries.emplace_back(t.untilMs, t.scope);
        std::push_heap(m_tombstoneExpiries.begin(), m_tombstoneExpiries.end(), Later());
        m_tombstones.insert_or_assign(t.scope, t);
    }

    const Tombstone* countingTombstone(const Scope& scope, Millis now) const
    {
        const auto it = m_tombstones.find(scope);
        if (it == m_tombstones.end() || it->second.untilMs <= now)
            return nullptr;
        return &it->second;
    }

    void apply(Row& r, const Completion& c)
    {
        r.state = RecordState::Completed;
        r.hasStatus = true;
        r.statusCode = c.statusCode;
        keep(c.responseBody, r.body, r.bodySize, r.hasBody);
        r.completedAt = c.completedAt;
        keep(c.resultId, r.resultId, r.resultIdSize, r.hasResultId);
        if (c.expiresAt)
            r.expiresAt = *c.expiresAt;
    }

    using Guard = StoreGuard;
    Guard guard() { return Guard(m_locking ? &m_mutex : nullptr); }

    std::mutex m_mutex;
    bool m_locking = true;
    // Chunked: a growing vector of a million rows copied them all at every doubling (a tenth of a throughput run's
    // store time) and kept up to twice the memory they need.
    ChunkedVector<Row> m_rows;
    std::vector<std::uint32_t> m_free;
    Index m_index;
    StringArena m_arena;
    // Actors, operations and fingerprints, interned: a run usually has few of each; the texts live in the arena.
    std::vector<std::string_view> m_names;
    std::uint32_t m_lastActor = kNoRow; // see intern(name, last)
    std::uint32_t m_lastOperation = kNoRow;
    std::uint32_t m_lastPayloadHash = kNoRow;
    absl::flat_hash_map<std::string_view, std::uint32_t> m_nameIds;
    // Rare: only after-expiry tombstones and the seen-flag strategy use these.
    std::unordered_map<Scope, Tombstone, ScopeHash> m_tombstones;
    std::unordered_set<Scope, ScopeHash> m_seen;
    ChunkedVector<StoredEffect> m_effects; // chunked like the rows
    // (expires_at, row) of completed rows, and (until, scope) of tombstones, as min-heaps; see keepExpiries().
    std::vector<std::pair<Millis, std::uint32_t>> m_expiries;
    bool m_expiriesKept = false;
    std::vector<std::pair<Millis, Scope>> m_tombstoneExpiries;
    std::uint64_t m_sweepVisits = 0;
    std::vector<Snapshot*> m_snapshots; // live report snapshots (snapshotRecords)
};

} // namespace

std::unique_ptr<IdempotencyStore> makeMemoryStore(StoreThreads threads)
{
    return std::make_unique<MemoryStore>(threads);
}

} // namespace iw
