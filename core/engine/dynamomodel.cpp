// The DynamoDB engine's embedded model (docs/manual/stores.md): what a DynamoDB table does to idempotency records,
// hazards included. It is the memory store — one item per scope — with what DynamoDB adds:
//
// - The claim is one conditional PutItem (conditionalPut), its condition the policy's put_condition, evaluated with
//   the writer's clock: `attribute_not_exists(pk)`; `attribute_not_exists(pk) OR expires_at < :now`; or Powertools'
//   own `attribute_not_exists(id) OR expiration < :now OR (status = :inprogress AND
//   attribute_exists(in_progress_expiration) AND in_progress_expiration < :now_in_millis)` — `:now` in seconds with
//   a fraction (Date.now() / 1000) against an `expiration` of whole seconds, `:now_in_millis` in milliseconds against
//   `in_progress_expiration` in milliseconds: both compare like the record's millisecond instants here. A put that
//   passes replaces the whole item; one that fails writes nothing and returns the item it met (ALL_OLD).
// - The TTL attribute is only a hint to a sweeper that deletes an item `ttl_deletion_lag_ms` after it (AWS: "typically
//   within 48 hours"); until then the item is read like any other (expireKeys/nextKeyExpiry, queued by the simulation
//   as a Redis key's expiry is). The `ttl_sweep_now` fault runs the sweeper at once (sweepTtlNow).
// - A GetItem that is not consistent (`consistent_read: false`, DynamoDB's default) within `read_lag_ms` of the last
//   write of the item returns the item as it was before that write (readItem) — the version a lagging replica holds.
// - An item is capped at `item_size_limit_bytes` (400 KB), names and values counted as DynamoDB counts them
//   (dynamoItemBytes): a completion that would make it bigger fails with a ValidationException and writes nothing
//   (oversizedCompletion), so the record stays in progress.
//
// Its kind() is "memory", as it is the embedded store of that engine.
#include "enginemodel.h"
#include "statehash.h"
#include "storeengine.h"

#include "json.h"

#include <map>
#include <set>

namespace iw {

namespace {

// A number's size as DynamoDB stores it: its significant digits in pairs aligned on an even power of ten, plus a byte
// (and one for a negative sign) — "1 byte per two significant digits, plus 1" in AWS's words, to the byte as dynalite
// reproduces it. `text` is a JSON number.
std::int64_t numberBytes(std::string_view text)
{
    bool negative = false;
    std::string digits;
    std::int64_t exponent = 0; // of the last digit in `digits`
    std::size_t i = 0;
    if (i < text.size() && text[i] == '-') {
        negative = true;
        ++i;
    }
    for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i)
        digits += text[i];
    if (i < text.size() && text[i] == '.') {
        for (++i; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) {
            digits += text[i];
            --exponent;
        }
    }
    if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
        ++i;
        bool minus = false;
        if (i < text.size() && (text[i] == '+' || text[i] == '-'))
            minus = text[i++] == '-';
        std::int64_t e = 0;
        for (; i < text.size() && text[i] >= '0' && text[i] <= '9' && e < 100'000; ++i)
            e = e * 10 + (text[i] - '0');
        exponent += minus ? -e : e;
    }
    const std::size_t first = digits.find_first_not_of('0');
    if (first == std::string::npos)
        return 1; // zero
    std::size_t last = digits.find_last_not_of('0');
    exponent += static_cast<std::int64_t>(digits.size() - 1 - last);
    const auto significant = static_cast<std::int64_t>(last - first + 1);
    const std::int64_t leading = exponent + significant - 1; // the power of ten of the first significant digit
    return 1 + (significant + 1) / 2 + (significant % 2 != 0 || leading % 2 != 0 ? 0 : 1) + (negative ? 1 : 0);
}

// A JSON value as a DynamoDB attribute value (what the SDK's marshall makes of it).
std::int64_t valueBytes(const json::Value& v)
{
    switch (v.type) {
    case json::Type::Null:
    case json::Type::Bool:
        return 1;
    case json::Type::Number:
        return numberBytes(v.numberText.empty() ? json::formatNumber(v.number) : v.numberText);
    case json::Type::String:
        return static_cast<std::int64_t>(v.string.size());
    case json::Type::Array: {
        std::int64_t n = 3;
        for (const json::Value& e : v.array)
            n += 1 + valueBytes(e);
        return n;
    }
    case json::Type::Object: {
        std::int64_t n = 3;
        for (const json::Member& m : v.object)
            n += 1 + static_cast<std::int64_t>(m.key.size()) + valueBytes(m.value);
        return n;
    }
    }
    return 0;
}

// A response stored as Powertools stores its handler's result: the JSON as a map (text that is not JSON as a string).
std::int64_t responseDataBytes(const std::string& body)
{
    try {
        return valueBytes(json::parse(body));
    } catch (const json::ParseError&) {
        return static_cast<std::int64_t>(body.size());
    }
}

// A time attribute as production writes it: epoch seconds (10 digits) or milliseconds (13 digits).
constexpr std::int64_t kEpochSecondsBytes = 6;
constexpr std::int64_t kEpochMillisBytes = 8;
constexpr std::int64_t kPowertoolsHashChars = 24; // base64 of an MD5 digest

std::int64_t bytesOf(std::string_view s)
{
    return static_cast<std::int64_t>(s.size()); // our strings are UTF-8 already
}

} // namespace

std::int64_t dynamoItemBytes(const ServicePolicy& policy, const Record& r)
{
    const bool completed = r.state == RecordState::Completed;
    if (policy.putCondition == PutCondition::Powertools) {
        std::int64_t n = bytesOf("id") + bytesOf(r.scope.operation) + 1 + kPowertoolsHashChars;
        n += bytesOf("expiration") + kEpochSecondsBytes;
        n += bytesOf("status") + bytesOf(completed ? "COMPLETED" : "INPROGRESS");
        if (completed && r.responseBody)
            n += bytesOf("data") + responseDataBytes(*r.responseBody);
        if (policy.fingerprintGiven)
            n += bytesOf("validation") + kPowertoolsHashChars;
        if (r.leaseUntil)
            n += bytesOf("in_progress_expiration") + kEpochMillisBytes;
        return n;
    }
    std::int64_t n = bytesOf("pk") + bytesOf(r.scope.actor) + 1 + bytesOf(r.scope.operation) + 1 + bytesOf(r.scope.key);
    n += bytesOf("payload_hash") + bytesOf(r.payloadHash);
    n += bytesOf("state") + bytesOf(completed ? "completed" : "in_progress");
    if (r.statusCode)
        n += bytesOf("status_code") + numberBytes(std::to_string(*r.statusCode));
    if (r.responseBody)
        n += bytesOf("response_body") + bytesOf(*r.responseBody);
    n += bytesOf("created_at") + kEpochMillisBytes;
    if (r.completedAt)
        n += bytesOf("completed_at") + kEpochMillisBytes;
    n += bytesOf("expires_at") + kEpochMillisBytes;
    if (r.leaseUntil)
        n += bytesOf("lease_until") + kEpochMillisBytes;
    if (r.resultId)
        n += bytesOf("result_id") + bytesOf(*r.resultId);
    return n;
}

namespace {

class DynamoModelStore final : public EngineModelStore<DynamoModelStore> {
    // The item's version before its latest write, and when that write happened (for an eventually consistent read).
    struct Previous {
        std::optional<Record> before;
        Millis writtenAt = 0;
    };

public:
    DynamoModelStore(const ServicePolicy& policy, StoreThreads threads)
        : EngineModelStore(threads)
        , m_policy(policy)
        , m_condition(policy.putCondition)
        , m_lagMs(policy.ttlDeletionLagMs)
        , m_consistent(policy.consistentRead)
        , m_readLagMs(policy.readLagMs)
    {
    }

    // What reset, save and restore carry beside the inner store (EngineModelStore).
    auto modelState() { return std::tie(m_clock, m_previous, m_due); }

    StoreEngine engine() const override { return StoreEngine::Dynamodb; }

    bool insertClaim(const Record& claim, Millis now) override
    {
        return writing(claim.scope, [&] { return m_inner->insertClaim(claim, now); });
    }
    bool replaceIf(
        const Scope& scope, std::optional<Millis> expectedCreatedAt, const Record& fresh, Millis now) override
    {
        return writing(scope, [&] { return m_inner->replaceIf(scope, expectedCreatedAt, fresh, now); });
    }
    bool complete(const Scope& scope, Millis ownerVersion, const Completion& completion,
        const std::optional<EffectRow>& effect) override
    {
        return writing(scope, [&] { return m_inner->complete(scope, ownerVersion, completion, effect); });
    }
    bool deleteIfOwner(const Scope& scope, Millis ownerVersion) override
    {
        return writing(scope, [&] { return m_inner->deleteIfOwner(scope, ownerVersion); });
    }
    void deleteUnconditionally(const Scope& scope) override
    {
        writing(scope, [&] {
            m_inner->deleteUnconditionally(scope);
            return true;
        });
    }
    void upsertCompletion(
        const Record& ifMissing, const Completion& completion, const std::optional<EffectRow>& effect) override
    {
        writing(ifMissing.scope, [&] {
            m_inner->upsertCompletion(ifMissing, completion, effect);
            return true;
        });
    }
    bool insertCompleted(const Record& record) override
    {
        return writing(record.scope, [&] { return m_inner->insertCompleted(record); });
    }
    void overwrite(const Record& record) override
    {
        writing(record.scope, [&] {
            m_inner->overwrite(record);
            return true;
        });
    }

    std::optional<std::uint64_t> contentHash() override
    {
        const std::optional<std::uint64_t> inner = m_inner->contentHash();
        if (!inner)
            return std::nullopt;
        const Guard g = guard();
        StateHasher h;
        h.add(*inner).add(m_clock);
        for (const auto& [scope, p] : m_previous)
            h.add(scope).add(p.before).add(p.writtenAt);
        for (const auto& [at, scope] : m_due)
            h.add(at).add(scope);
        return h.value();
    }

    void noteWriteTime(Millis now) override
    {
        const Guard g = guard();
        m_clock = now;
    }

    PutOutcome conditionalPut(const Record& item, Millis writerNow, std::optional<Record>& old) override
    {
        std::optional<Record> current = m_inner->read(item.scope);
        if (!current) {
            old.reset();
            replaceWith(item);
            return PutOutcome::Created;
        }
        const bool expired = m_condition != PutCondition::NotExists && current->expiresAt < writerNow;
        const bool inProgressExpired = m_condition == PutCondition::Powertools
            && current->state == RecordState::InProgress && current->leaseUntil && *current->leaseUntil < writerNow;
        if (!expired && !inProgressExpired) {
            old = std::move(current);
            return PutOutcome::ConditionFailed;
        }
        old.reset();
        replaceWith(item);
        return expired ? PutOutcome::ReplacedExpired : PutOutcome::ReplacedInProgressExpired;
    }

    bool readItem(const Scope& scope, Millis now, std::optional<Record>& into) override
    {
        if (!m_consistent) {
            const Guard g = guard();
            const auto it = m_previous.find(scope);
            if (it != m_previous.end() && now < it->second.writtenAt + m_readLagMs) {
                into = it->second.before;
                return true;
            }
        }
        m_inner->readInto(scope, into);
        return false;
    }

    std::optional<std::int64_t> oversizedCompletion(
        const Record& ifMissing, std::optional<Millis> ownerVersion, const Completion& completion) override
    {
        std::optional<Record> current = m_inner->read(ifMissing.scope);
        Record after;
        if (ownerVersion) {
            if (!current || current->createdAt != *ownerVersion)
                return std::nullopt; // fenced: the write would not apply whatever its size
            after = std::move(*current);
        } else if (current) {
            after = std::move(*current); // the upsert keeps the item's lease (in_progress_expiration)
            after.payloadHash = ifMissing.payloadHash;
        } else {
            after = ifMissing;
        }
        after.state = RecordState::Completed;
        after.statusCode = completion.statusCode;
        after.responseBody = completion.responseBody;
        after.completedAt = completion.completedAt;
        after.resultId = completion.resultId;
        if (completion.expiresAt)
            after.expiresAt = *completion.expiresAt;
        const std::int64_t bytes = dynamoItemBytes(m_policy, after);
        if (bytes > m_policy.itemSizeLimitBytes)
            return bytes;
        return std::nullopt;
    }

    // The sweeper: an item is deleted ttl_deletion_lag_ms after its expiry.
    std::vector<ExpiredKey> expireKeys(Millis now) override { return sweepDue(now, m_lagMs); }
    std::vector<ExpiredKey> sweepTtlNow(Millis now) override { return sweepDue(now, 0); }

    std::optional<Millis> nextKeyExpiry() override
    {
        const Guard g = guard();
        while (!m_due.empty()) {
            const auto& [at, scope] = *m_due.begin();
            const std::optional<Record> r = m_inner->read(scope);
            if (r && r->expiresAt != kNeverExpires && sweepAt(*r) == at)
                return at;
            m_due.erase(m_due.begin()); // written since, or deleted: a later entry stands for it
        }
        return std::nullopt;
    }

private:
    Millis sweepAt(const Record& r) const
    {
        return r.expiresAt > kNeverExpires - m_lagMs ? kNeverExpires : r.expiresAt + m_lagMs;
    }

    // A write of the item at `scope`: the version before it is what an eventually consistent read returns for
    // read_lag_ms, and the sweeper is told of the item's TTL.
    template<class F> bool writing(const Scope& scope, F&& write)
    {
        std::optional<Record> before = m_inner->read(scope);
        const bool wrote = write();
        if (wrote)
            noteWritten(scope, std::move(before));
        return wrote;
    }

    void replaceWith(const Record& item)
    {
        std::optional<Record> before = m_inner->read(item.scope);
        m_inner->overwrite(item);
        noteWritten(item.scope, std::move(before));
    }

    void noteWritten(const Scope& scope, std::optional<Record> before)
    {
        const std::optional<Record> after = m_inner->read(scope);
        const Guard g = guard();
        m_previous[scope] = Previous { std::move(before), m_clock };
        if (after && after->expiresAt != kNeverExpires)
            m_due.emplace(sweepAt(*after), scope);
    }

    std::vector<ExpiredKey> sweepDue(Millis now, Millis lag)
    {
        m_clock = now;
        std::vector<Scope> candidates;
        if (lag == m_lagMs) {
            const Guard g = guard();
            for (auto it = m_due.begin(); it != m_due.end() && it->first <= now; it = m_due.erase(it))
                candidates.push_back(it->second);
        } else {
            for (const Record& r : m_inner->records())
                candidates.push_back(r.scope);
        }
        std::vector<ExpiredKey> swept;
        for (const Scope& scope : candidates) {
            const std::optional<Record> r = m_inner->read(scope);
            if (!r || r->expiresAt == kNeverExpires || r->expiresAt > kNeverExpires - lag || r->expiresAt + lag > now)
                continue;
            if (std::any_of(swept.begin(), swept.end(), [&](const ExpiredKey& k) { return k.scope == scope; }))
                continue;
            writing(scope, [&] {
                m_inner->deleteUnconditionally(scope);
                return true;
            });
            swept.push_back({ scope, r->state });
        }
        std::sort(
            swept.begin(), swept.end(), [](const ExpiredKey& a, const ExpiredKey& b) { return a.scope < b.scope; });
        return swept;
    }

    ServicePolicy m_policy; // the item's layout and cap (dynamoItemBytes)
    PutCondition m_condition;
    Millis m_lagMs;
    bool m_consistent;
    Millis m_readLagMs;
    Millis m_clock = 0; // the instant of the writes being made (noteWriteTime)
    std::map<Scope, Previous> m_previous;
    std::set<std::pair<Millis, Scope>> m_due; // (when the sweeper deletes it, item); stale entries are skipped
};

} // namespace

std::unique_ptr<IdempotencyStore> makeDynamoModelStore(const ServicePolicy& policy, StoreThreads threads)
{
    return std::make_unique<DynamoModelStore>(policy, threads);
}

} // namespace iw
