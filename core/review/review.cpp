// Policy review: the figures of docs/reference/cli.md `compare`, the parallel runner, and the table, JSON and Markdown
// writers.
#include "review.h"

#include "fingerprint.h"
#include "json.h"
#include "runbudget.h"
#include "storeengine.h"
#include "utf8.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>
#include <mutex>
#include <queue>
#include <set>
#include <sstream>
#include <thread>

namespace iw {

namespace {

std::int64_t decisionCount(const std::map<std::string, std::int64_t>& decisions, std::string_view name)
{
    const auto it = decisions.find(std::string(name));
    return it == decisions.end() ? 0 : it->second;
}

double ratio(std::int64_t part, std::int64_t whole)
{
    return whole > 0 ? static_cast<double>(part) / static_cast<double>(whole) : 0.0;
}

// Wraps the run's memory store: keeps count of the records and tombstones it holds, so that storage over time costs
// two integers per event instead of a listing of the store per sample, and lets a sweep through only when it can
// delete something (the store's sweep scans every row; see sweep()).
class CountingStore final : public IdempotencyStore {
public:
    explicit CountingStore(IdempotencyStore& inner)
        : m_inner(inner)
    {
    }

    std::int64_t heldRecords() const { return m_records; }
    std::int64_t heldTombstones() const { return m_tombstones; }
    std::int64_t peakRecords() const { return m_peakRecords; }
    std::int64_t peakTombstones() const { return m_peakTombstones; }
    double bytesPerRecord() const
    {
        return m_created > 0 ? static_cast<double>(m_claimBytes) / static_cast<double>(m_created)
                + (m_completed > 0 ? static_cast<double>(m_completionBytes) / static_cast<double>(m_completed) : 0.0)
                             : 0.0;
    }
    double bytesPerTombstone() const
    {
        return m_created > 0 ? static_cast<double>(m_scopeBytes) / static_cast<double>(m_created) + 64 + 8 + 16 : 0.0;
    }

    std::string kind() const override { return m_inner.kind(); }
    void reset() override
    {
        m_inner.reset();
        m_records = m_tombstones = m_peakRecords = m_peakTombstones = 0;
        m_created = m_completed = m_claimBytes = m_completionBytes = m_scopeBytes = 0;
        m_expiries = {};
        m_notYetSwept.clear();
        m_tombstoneEnds = {};
    }
    bool insertClaim(const Record& claim, Millis now) override
    {
        const bool won = m_inner.insertClaim(claim, now);
        if (won) {
            created(claim);
            expiresAt(claim.scope, claim.expiresAt);
        }
        return won;
    }
    std::optional<Record> read(const Scope& scope) override { return m_inner.read(scope); }
    std::optional<Tombstone> readTombstone(const Scope& scope, Millis now) override
    {
        return m_inner.readTombstone(scope, now);
    }
    bool replaceIf(const Scope& scope, std::optional<Millis> expected, const Record& fresh, Millis now) override
    {
        const bool applied = m_inner.replaceIf(scope, expected, fresh, now);
        if (applied && !expected)
            created(fresh);
        if (applied)
            expiresAt(fresh.scope, fresh.expiresAt);
        return applied;
    }
    bool complete(const Scope& scope, Millis ownerVersion, const Completion& completion,
        const std::optional<EffectRow>& effect) override
    {
        const bool applied = m_inner.complete(scope, ownerVersion, completion, effect);
        if (applied) {
            completed(completion);
            if (completion.expiresAt)
                expiresAt(scope, *completion.expiresAt);
        }
        return applied;
    }
    bool deleteIfOwner(const Scope& scope, Millis ownerVersion) override
    {
        const bool deleted = m_inner.deleteIfOwner(scope, ownerVersion);
        if (deleted)
            --m_records;
        return deleted;
    }
    void deleteUnconditionally(const Scope& scope) override
    {
        if (m_inner.read(scope))
            --m_records;
        m_inner.deleteUnconditionally(scope);
    }
    void upsertCompletion(
        const Record& ifMissing, const Completion& completion, const std::optional<EffectRow>& effect) override
    {
        if (!m_inner.read(ifMissing.scope)) {
            created(ifMissing);
            expiresAt(ifMissing.scope, ifMissing.expiresAt);
        }
        m_inner.upsertCompletion(ifMissing, completion, effect);
        completed(completion);
        if (completion.expiresAt)
            expiresAt(ifMissing.scope, *completion.expiresAt);
    }
    bool insertCompleted(const Record& record) override
    {
        const bool inserted = m_inner.insertCompleted(record);
        if (inserted) {
            created(record);
            expiresAt(record.scope, record.expiresAt);
            m_completionBytes += bodyBytes(record.responseBody, record.resultId);
            ++m_completed;
        }
        return inserted;
    }
    void overwrite(const Record& record) override
    {
        if (!m_inner.read(record.scope))
            created(record);
        m_inner.overwrite(record);
        expiresAt(record.scope, record.expiresAt);
    }
    bool testAndSetSeen(const Scope& scope) override { return m_inner.testAndSetSeen(scope); }
    void recordEffect(const EffectRow& effect) override { m_inner.recordEffect(effect); }
    SweepResult sweep(Millis now, const SweepPolicy& policy) override
    {
        // A sweep scans the whole store. Most sweeps of a long review find nothing to do (a 24 h retention swept
        // hourly, the quiet hours before late clients return), so it runs only when a record or a tombstone may be
        // due — exactly when the store's own sweep would change something.
        if (!sweepMayChange(now, policy))
            return {};
        const SweepResult r = m_inner.sweep(now, policy);
        m_records -= r.recordsDeleted;
        m_tombstones += r.tombstonesLeft - r.tombstonesRemoved;
        m_peakTombstones = std::max(m_peakTombstones, m_tombstones);
        return r;
    }
    std::vector<Record> records() override { return m_inner.records(); }
    std::size_t recordCount() override { return m_inner.recordCount(); }
    std::optional<Millis> nextSweepable(bool strictExpiry) override { return m_inner.nextSweepable(strictExpiry); }
    // docs/manual/stores.md: the Redis engine's own operations, passed through; keys it removes leave the count.
    StoreEngine engine() const override { return m_inner.engine(); }
    std::vector<ExpiredKey> expireKeys(Millis now) override
    {
        std::vector<ExpiredKey> expired = m_inner.expireKeys(now);
        m_records -= static_cast<std::int64_t>(expired.size());
        return expired;
    }
    std::optional<Millis> nextKeyExpiry() override { return m_inner.nextKeyExpiry(); }
    OrphanWrite overwriteOrphan(
        const Record& fresh, std::optional<Millis> expectedCreatedAt, Millis lockUntil, Millis now) override
    {
        const bool existed = m_inner.read(fresh.scope).has_value();
        const OrphanWrite w = m_inner.overwriteOrphan(fresh, expectedCreatedAt, lockUntil, now);
        if (w == OrphanWrite::Written && !existed)
            created(fresh);
        return w;
    }
    bool setExpiry(const Scope& scope, Millis at) override { return m_inner.setExpiry(scope, at); }
    void detachReplica(Millis now) override { m_inner.detachReplica(now); }
    std::vector<Scope> failover(Millis now) override
    {
        std::vector<Scope> lost = m_inner.failover(now);
        recount();
        return lost;
    }
    // docs/manual/stores.md: the MySQL engine's claim transactions and lock waits, passed through; rows they add or
    // roll back change the count.
    void holdClaim(const Scope& scope, Millis version, Millis rollbackAt) override
    {
        m_inner.holdClaim(scope, version, rollbackAt);
    }
    std::optional<Millis> awaitClaimLock(const Scope& scope, Millis now, int& ticket) override
    {
        return m_inner.awaitClaimLock(scope, now, ticket);
    }
    LockWaitEnd endLockWait(const Record& claim, int ticket, Millis now) override
    {
        const LockWaitEnd end = m_inner.endLockWait(claim, ticket, now);
        recount();
        return end;
    }
    bool rollbackClaim(const Scope& scope, Millis version, Millis now) override
    {
        const bool removed = m_inner.rollbackClaim(scope, version, now);
        recount();
        return removed;
    }
    // docs/manual/stores.md: the DynamoDB engine's conditional put, reads and TTL sweeper, passed through; items they
    // add or delete change the count.
    void noteWriteTime(Millis now) override { m_inner.noteWriteTime(now); }
    PutOutcome conditionalPut(const Record& item, Millis writerNow, std::optional<Record>& old) override
    {
        const PutOutcome put = m_inner.conditionalPut(item, writerNow, old);
        recount();
        return put;
    }
    bool readItem(const Scope& scope, Millis now, std::optional<Record>& into) override
    {
        return m_inner.readItem(scope, now, into);
    }
    std::vector<ExpiredKey> sweepTtlNow(Millis now) override
    {
        std::vector<ExpiredKey> swept = m_inner.sweepTtlNow(now);
        recount();
        return swept;
    }
    std::optional<std::int64_t> oversizedCompletion(
        const Record& ifMissing, std::optional<Millis> ownerVersion, const Completion& completion) override
    {
        return m_inner.oversizedCompletion(ifMissing, ownerVersion, completion);
    }
    std::vector<Tombstone> tombstones() override { return m_inner.tombstones(); }
    std::vector<EffectRow> effects() override { return m_inner.effects(); }

private:
    struct Expiry {
        Millis at;
        Scope scope;
        bool operator>(const Expiry& o) const { return at > o.at; }
    };

    // Every value a record's expires_at ever took is in m_expiries (stale ones are recognised by reading the row),
    // so every record the store's sweep could delete at `now` has an entry at or before `now`.
    void expiresAt(const Scope& scope, Millis at) { m_expiries.push({ at, scope }); }

    bool sweepMayChange(Millis now, const SweepPolicy& policy)
    {
        bool change = false;
        std::vector<Expiry> candidates = std::move(m_notYetSwept);
        m_notYetSwept.clear();
        while (!m_expiries.empty() && m_expiries.top().at <= now) {
            candidates.push_back(m_expiries.top());
            m_expiries.pop();
        }
        for (Expiry& c : candidates) {
            const std::optional<Record> row = m_inner.read(c.scope);
            if (!row || row->expiresAt != c.at)
                continue; // gone, or its expiry moved (a newer entry stands for it)
            const bool expired = policy.strictExpiry ? now > row->expiresAt : now >= row->expiresAt;
            if (row->state == RecordState::Completed && expired) {
                change = true;
                if (policy.tombstoneMs && row->expiresAt + *policy.tombstoneMs > now)
                    m_tombstoneEnds.push(row->expiresAt + *policy.tombstoneMs);
            } else {
                // In progress (never swept) or not yet past a strict expiry: look again at the next sweep.
                m_notYetSwept.push_back(std::move(c));
            }
        }
        while (!m_tombstoneEnds.empty() && m_tombstoneEnds.top() <= now) {
            change = true;
            m_tombstoneEnds.pop();
        }
        return change;
    }

    static std::int64_t bodyBytes(const std::optional<std::string>& body, const std::optional<std::string>& result)
    {
        return static_cast<std::int64_t>((body ? body->size() : 0) + (result ? result->size() : 0));
    }
    // After an engine's own operation (a failover, a rolled-back claim, a conditional put, a TTL sweep) the count is
    // the store's, and the peak includes it.
    void recount()
    {
        m_records = static_cast<std::int64_t>(m_inner.recordCount());
        m_peakRecords = std::max(m_peakRecords, m_records);
    }
    void created(const Record& r)
    {
        ++m_records;
        ++m_created;
        m_peakRecords = std::max(m_peakRecords, m_records);
        const auto scopeBytes
            = static_cast<std::int64_t>(r.scope.actor.size() + r.scope.operation.size() + r.scope.key.size());
        m_scopeBytes += scopeBytes;
        // The scope, the payload hash, a state byte and five numbers/times (status, created, completed, expires,
        // lease).
        m_claimBytes += scopeBytes + static_cast<std::int64_t>(r.payloadHash.size()) + 1 + 5 * 8;
    }
    void completed(const Completion& c)
    {
        ++m_completed;
        m_completionBytes += bodyBytes(c.responseBody, c.resultId);
    }

    IdempotencyStore& m_inner;
    std::int64_t m_records = 0;
    std::int64_t m_tombstones = 0;
    std::int64_t m_peakRecords = 0;
    std::int64_t m_peakTombstones = 0;
    std::int64_t m_created = 0;
    std::int64_t m_completed = 0;
    std::int64_t m_claimBytes = 0;
    std::int64_t m_completionBytes = 0;
    std::int64_t m_scopeBytes = 0;
    std::priority_queue<Expiry, std::vector<Expiry>, std::greater<Expiry>> m_expiries;
    std::vector<Expiry> m_notYetSwept;
    std::priority_queue<Millis, std::vector<Millis>, std::greater<Millis>> m_tombstoneEnds;
};

// Samples at evenly spaced instants; when the list grows past its budget, every other sample goes and the spacing
// doubles, so a run of seconds and a run of days both end with a few hundred points.
class StorageSampler {
public:
    static constexpr std::size_t s_budget = 400;

    Millis next() const { return m_next; }
    void fillUpTo(Millis t, std::int64_t records, std::int64_t tombstones)
    {
        while (m_next <= t) {
            m_samples.push_back({ m_next, records, tombstones });
            m_next += m_interval;
            if (m_samples.size() >= s_budget)
                thin();
        }
    }
    std::vector<StorageSample> finish(Millis end, std::int64_t records, std::int64_t tombstones)
    {
        if (m_samples.empty() || m_samples.back().t < end)
            m_samples.push_back({ end, records, tombstones });
        return std::move(m_samples);
    }

private:
    void thin()
    {
        std::size_t kept = 0;
        for (std::size_t i = 0; i < m_samples.size(); i += 2)
            m_samples[kept++] = m_samples[i];
        m_samples.resize(kept);
        m_interval *= 2;
        m_next = m_samples.back().t + m_interval;
    }

    std::vector<StorageSample> m_samples;
    Millis m_interval = 1000;
    Millis m_next = 0;
};

std::string entryIntentBase(const Scenario& s, std::size_t entry)
{
    return s.requests[entry].intent.value_or("req" + std::to_string(entry));
}

std::string optionalMs(const std::optional<Millis>& v)
{
    return v ? humanDuration(*v) : std::string("none");
}

std::string yesNo(bool b)
{
    return b ? "true" : "false";
}

std::string retryOn(const RetryPolicy& r)
{
    std::string out;
    const auto add = [&](bool on, const char* name) {
        if (!on)
            return;
        if (!out.empty())
            out += ",";
        out += name;
    };
    add(r.onTimeout, "timeout");
    add(r.on409, "409");
    add(r.on422, "422");
    add(r.on5xx, "5xx");
    add(r.on503, "503");
    return out.empty() ? std::string("[]") : "[" + out + "]";
}

std::string faultText(const FaultSpec& f)
{
    std::ostringstream out;
    out << faultKindName(f.kind) << '|' << f.client.value_or("*") << '|' << (f.request ? *f.request : -1) << '|'
        << (f.attempt ? *f.attempt : -1) << '|' << (f.rate ? json::formatNumber(*f.rate) : std::string("-")) << '|'
        << f.status << '|' << f.handlerMs << '|' << f.fromMs << '|' << f.toMs << '|' << f.delayMs;
    return out.str();
}

std::string requestText(const RequestSpec& r)
{
    std::ostringstream out;
    out << r.atMs << '|' << r.client << '|' << r.operation << '|' << static_cast<int>(r.keyKind) << '|' << r.key << '|'
        << canonicalJson(r.payload) << '|' << r.copies << '|' << r.intent.value_or("") << '|' << r.repeat << '|'
        << r.everyMs;
    return out.str();
}

std::string withThousands(std::int64_t n)
{
    std::string digits = std::to_string(n < 0 ? -n : n);
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0)
            out += ',';
        out += digits[i];
    }
    return n < 0 ? "-" + out : out;
}

std::string percent(double r)
{
    char buf[32];
    if (r == 0)
        return "0 %";
    std::snprintf(buf, sizeof buf, r < 0.001 ? "%.3f %%" : "%.2f %%", r * 100);
    return buf;
}

std::string approxBytes(double bytes)
{
    char buf[32];
    if (bytes < 1024)
        std::snprintf(buf, sizeof buf, "%.0f B", bytes);
    else if (bytes < 1024.0 * 1024)
        std::snprintf(buf, sizeof buf, "%.1f KiB", bytes / 1024);
    else if (bytes < 1024.0 * 1024 * 1024)
        std::snprintf(buf, sizeof buf, "%.1f MiB", bytes / 1024 / 1024);
    else
        std::snprintf(buf, sizeof buf, "%.2f GiB", bytes / 1024 / 1024 / 1024);
    return buf;
}

// Code points, so that "→" and "⚠" count as one column.
std::size_t displayWidth(const std::string& s)
{
    return utf8::codePoints(s);
}

std::string pad(const std::string& s, std::size_t width)
{
    const std::size_t w = displayWidth(s);
    return w >= width ? s : s + std::string(width - w, ' ');
}

// One row of the side-by-side views: a label and a cell per policy (empty cells for policies without figures).
struct FigureRow {
    std::string label;
    std::vector<std::string> cells;
};

std::vector<FigureRow> figureRows(const ReviewResult& review)
{
    std::vector<FigureRow> rows;
    const auto row = [&](std::string label, const std::function<std::string(const PolicyFigures&)>& cell) {
        FigureRow r { std::move(label), {} };
        for (const PolicyOutcome& o : review.outcomes)
            r.cells.push_back(o.figures ? cell(*o.figures) : std::string(review.cancelled ? "cancelled" : "failed"));
        rows.push_back(std::move(r));
    };
    const auto tts = [](const PolicyFigures& f, Millis Percentiles::*field) {
        return f.timeToSuccessMs ? humanDuration((*f.timeToSuccessMs).*field) : std::string("—");
    };
    row("intents", [](const PolicyFigures& f) { return withThousands(f.intents); });
    row("requests decided", [](const PolicyFigures& f) { return withThousands(f.requests); });
    row("effects", [](const PolicyFigures& f) { return withThousands(f.effects); });
    row("duplicate effects", [](const PolicyFigures& f) {
        return withThousands(f.duplicateEffects) + (f.duplicateEffects > 0 ? " ⚠" : "");
    });
    // docs/reference/routes.md: where along the route the duplicates were born, one row per hop (only when a policy has
    // a route).
    for (const std::string& hop : reviewHops(review)) {
        row("duplicate effects at " + hop, [hop](const PolicyFigures& f) {
            const std::optional<std::int64_t> n = duplicateEffectsAt(f, hop);
            return n ? withThousands(*n) + (*n > 0 ? " ⚠" : "") : std::string("—");
        });
    }
    row("duplicate rate", [](const PolicyFigures& f) { return percent(f.duplicateRate); });
    row("unknown outcome", [](const PolicyFigures& f) { return withThousands(f.unknownOutcome); });
    row("conflict rate", [](const PolicyFigures& f) { return percent(f.conflictRate); });
    row("replay rate", [](const PolicyFigures& f) { return percent(f.replayRate); });
    row("succeeded", [](const PolicyFigures& f) { return withThousands(f.succeeded); });
    row("time to success p50", [&](const PolicyFigures& f) { return tts(f, &Percentiles::p50); });
    row("time to success p90", [&](const PolicyFigures& f) { return tts(f, &Percentiles::p90); });
    row("time to success p99", [&](const PolicyFigures& f) { return tts(f, &Percentiles::p99); });
    row("retry horizon", [](const PolicyFigures& f) {
        // The horizon saturates at 2^53 ms: there it is a lower bound.
        return (f.retryHorizonMs >= kRetryHorizonSaturation ? std::string("≥ ") : std::string())
            + humanDuration(f.retryHorizonMs);
    });
    row("retention (ttl)", [](const PolicyFigures& f) { return humanDuration(f.retentionMs); });
    row("horizon > retention",
        [](const PolicyFigures& f) { return f.horizonExceedsRetention ? std::string("yes ⚠") : std::string("no"); });
    row("records held (peak)", [](const PolicyFigures& f) { return withThousands(f.storage.peakRecords); });
    row("tombstones (peak)", [](const PolicyFigures& f) { return withThousands(f.storage.peakTombstones); });
    row("storage (peak, approx.)",
        [](const PolicyFigures& f) { return approxBytes(static_cast<double>(f.storage.peakBytes)); });
    std::set<std::string> kinds;
    for (const PolicyOutcome& o : review.outcomes) {
        if (o.figures) {
            for (const auto& [name, n] : o.figures->decisions)
                kinds.insert(name);
        }
    }
    for (const std::string& kind : kinds)
        row(kind, [kind](const PolicyFigures& f) { return withThousands(decisionCount(f.decisions, kind)); });
    return rows;
}

std::string policyName(const ReviewResult& review, std::size_t i)
{
    return review.outcomes[i].figures ? review.outcomes[i].figures->name : review.policies[i].name;
}

std::string markdownCell(std::string s)
{
    std::string out;
    for (const char c : s) {
        if (c == '|')
            out += "\\|";
        else if (c != '\n')
            out += c;
    }
    return out;
}

} // namespace

Millis nearestRank(const std::vector<Millis>& sorted, double p)
{
    if (sorted.empty())
        return 0;
    const auto n = static_cast<double>(sorted.size());
    auto rank = static_cast<std::size_t>(std::ceil(p / 100.0 * n - 1e-9));
    rank = std::clamp<std::size_t>(rank, 1, sorted.size());
    return sorted[rank - 1];
}

std::optional<Percentiles> nearestRankPercentiles(std::vector<Millis> values)
{
    if (values.empty())
        return std::nullopt;
    std::sort(values.begin(), values.end());
    return Percentiles { nearestRank(values, 50), nearestRank(values, 90), nearestRank(values, 99) };
}

PolicyFigures computeFigures(const Simulation& sim, std::size_t maxDuplicateIntents)
{
    const RunSummary s = sim.summary();
    PolicyFigures f;
    f.name = sim.scenario().name;
    f.intents = s.intents;
    f.requests = s.requests;
    f.effects = s.effects;
    f.duplicateEffects = s.duplicateEffects;
    for (std::size_t hop = 0; hop < s.duplicateEffectsByHop.size(); ++hop)
        f.duplicateEffectsByHop.push_back(
            { std::string(sim.scenario().hopName(static_cast<int>(hop))), s.duplicateEffectsByHop[hop] });
    f.intentsWithDuplicates = s.intentsWithDuplicates;
    f.duplicateRate = ratio(s.intentsWithDuplicates, s.intents);
    f.decisions = s.decisions;
    f.conflictRate = ratio(decisionCount(s.decisions, "conflict_in_progress")
            + decisionCount(s.decisions, "payload_mismatch") + decisionCount(s.decisions, "expired_rejected"),
        s.requests);
    f.replayRate = ratio(decisionCount(s.decisions, "replayed"), s.requests);
    std::vector<Millis> toSuccess;
    for (std::size_t i = 0; i < sim.intents().size(); ++i) {
        const IntentRow& intent = sim.intents()[i];
        if (!intent.endedWithResponse)
            ++f.unknownOutcome;
        if (intent.succeededAt >= 0 && intent.firstSent >= 0)
            toSuccess.push_back(intent.succeededAt - intent.firstSent);
        if (intent.effects > 1 && f.duplicateIntents.size() < maxDuplicateIntents)
            f.duplicateIntents.push_back(sim.intentName(static_cast<int>(i)));
    }
    f.succeeded = static_cast<std::int64_t>(toSuccess.size());
    f.timeToSuccessMs = nearestRankPercentiles(std::move(toSuccess));
    const Scenario& scenario = sim.scenario();
    f.retryHorizonMs = retryHorizonMs(scenario);
    f.retentionMs = scenario.service.ttlMs;
    f.horizonExceedsRetention = f.retryHorizonMs > f.retentionMs;
    for (const FaultSpec& fault : scenario.faults) {
        if (fault.kind != FaultKind::LateRetry)
            continue;
        if (fault.hop == 0)
            f.longestLateReturnMs = std::max(f.longestLateReturnMs, fault.delayMs);
        if (static_cast<std::size_t>(fault.hop) < f.duplicateEffectsByHop.size()) {
            Millis& longest = f.duplicateEffectsByHop[static_cast<std::size_t>(fault.hop)].longestLateReturnMs;
            longest = std::max(longest, fault.delayMs);
        }
    }
    return f;
}

std::int64_t plannedIntents(const Scenario& scenario)
{
    std::set<std::string> named;
    std::int64_t n = 0;
    for (std::size_t i = 0; i < scenario.requests.size(); ++i) {
        const RequestSpec& r = scenario.requests[i];
        if (r.repeat > 1 || named.insert(entryIntentBase(scenario, i)).second)
            n += r.repeat;
    }
    return n;
}

std::vector<Scenario> prepareReview(
    std::vector<Scenario> policies, std::optional<int> intents, const std::vector<std::string>& sources)
{
    if (policies.empty())
        return policies;
    const std::uint64_t seed = policies.front().seed;
    for (std::size_t p = 0; p < policies.size(); ++p) {
        Scenario& s = policies[p];
        s.seed = seed;
        if (!intents)
            continue;
        for (std::size_t i = 0; i < s.requests.size(); ++i) {
            RequestSpec& r = s.requests[i];
            if (*intents > 1 && r.keyKind == RequestSpec::KeyKind::Literal) {
                throw ScenarioError(p < sources.size() ? sources[p] : s.name, r.keyPos,
                    "$.requests[" + std::to_string(i) + "].key",
                    "the literal key \"" + r.key + "\"; --intents " + std::to_string(*intents)
                        + " repeats the entry, and every repetition is a new intent that needs its own key: use "
                          "\"auto\" or null");
            }
            r.repeat = *intents;
        }
        // --intents overrides the loader's repeat, so the loader's bound on first requests applies again here.
        const RunBudget budget = runBudget();
        std::int64_t firstRequests = 0;
        for (const RequestSpec& r : s.requests)
            firstRequests += static_cast<std::int64_t>(r.copies) * r.repeat;
        if (firstRequests > std::min(kMaxFirstRequests, budget.maxRequests))
            throw ScenarioError(p < sources.size() ? sources[p] : s.name, {}, {},
                "--intents " + std::to_string(*intents) + " makes " + std::to_string(firstRequests)
                    + " first requests in all, more than "
                    + (firstRequests > kMaxFirstRequests ? "the 10000000 a scenario may send"
                                                         : "the " + std::to_string(budget.maxRequests)
                                + " this machine can hold (" + budget.describe() + ")"));
    }
    return policies;
}

std::vector<std::string> policyDifferences(const Scenario& a, const Scenario& b)
{
    std::vector<std::string> out;
    const auto diff = [&](const std::string& field, const std::string& x, const std::string& y) {
        if (x != y)
            out.push_back(field + " " + x + " → " + y);
    };
    const auto num = [](auto v) { return std::to_string(v); };
    const auto pointers = [](const FingerprintSelection& f) {
        std::string out;
        for (const std::string& p : f.only)
            out += "only " + p + " ";
        for (const std::string& p : f.ignore)
            out += "ignore " + p + " ";
        return out.empty() ? std::string("whole payload") : out.substr(0, out.size() - 1);
    };
    // `prefix` names a route hop ("gateway."); empty for `service`.
    const auto services = [&](const std::string& prefix, const ServicePolicy& s, const ServicePolicy& t) {
        diff(prefix + "profile", std::string(profileName(s.profile)), std::string(profileName(t.profile)));
        diff(prefix + "strategy", std::string(strategyName(s.strategy)), std::string(strategyName(t.strategy)));
        diff(prefix + "ttl_ms", humanDuration(s.ttlMs), humanDuration(t.ttlMs));
        diff(prefix + "after_expiry", std::string(afterExpiryName(s.afterExpiry)),
            std::string(afterExpiryName(t.afterExpiry)));
        diff(prefix + "tombstone_ms", optionalMs(s.tombstoneMs), optionalMs(t.tombstoneMs));
        diff(prefix + "store_errors", yesNo(s.storeErrors), yesNo(t.storeErrors));
        diff(prefix + "in_progress_lease_ms", optionalMs(s.effectiveLease()), optionalMs(t.effectiveLease()));
        diff(prefix + "sweep_every_ms", optionalMs(s.sweepEveryMs), optionalMs(t.sweepEveryMs));
        diff(prefix + "require_key", yesNo(s.requireKey), yesNo(t.requireKey));
        diff(prefix + "min_key_length", num(s.minKeyLength), num(t.minKeyLength));
        const auto keyLimit
            = [&](const ServicePolicy& p) { return p.keyLengthLimited() ? num(p.maxKeyLength) : std::string("none"); };
        diff(prefix + "max_key_length", keyLimit(s), keyLimit(t));
        // docs/reference/decisions.md#profiles's knobs.
        diff(prefix + "key_scope", std::string(keyScopeName(s.keyScope)), std::string(keyScopeName(t.keyScope)));
        const auto parts = [](const ServicePolicy& p) {
            std::string out;
            for (const FingerprintPart part : kFingerprintParts) {
                if (p.fingerprintParts & part)
                    out += (out.empty() ? "" : "+") + std::string(fingerprintPartName(part));
            }
            return out;
        };
        diff(prefix + "fingerprint_form", std::string(fingerprintFormName(s.fingerprintForm)),
            std::string(fingerprintFormName(t.fingerprintForm)));
        diff(prefix + "fingerprint_parts", parts(s), parts(t));
        diff(prefix + "key_syntax", std::string(keySyntaxName(s.keySyntax)), std::string(keySyntaxName(t.keySyntax)));
        const auto retryAfter = [](const ServicePolicy& p) {
            return p.conflictRetryAfterS ? std::to_string(*p.conflictRetryAfterS) + " s" : std::string("none");
        };
        diff(prefix + "conflict_retry_after_s", retryAfter(s), retryAfter(t));
        diff(prefix + "in_progress_wait_ms", optionalMs(s.inProgressWaitMs), optionalMs(t.inProgressWaitMs));
        diff(prefix + "mismatch_status", num(s.mismatchStatus), num(t.mismatchStatus));
        diff(prefix + "in_progress_status", num(s.inProgressStatus), num(t.inProgressStatus));
        diff(prefix + "missing_key_status", num(s.missingKeyStatus), num(t.missingKeyStatus));
        diff(prefix + "expired_status", num(s.expiredStatus), num(t.expiredStatus));
        diff(prefix + "handler_ms", humanDuration(s.handlerMs), humanDuration(t.handlerMs));
        diff(prefix + "db_ms", humanDuration(s.dbMs), humanDuration(t.dbMs));
        diff(prefix + "network_ms", humanDuration(s.networkMs), humanDuration(t.networkMs));
        diff(prefix + "fingerprint", pointers(s.fingerprint), pointers(t.fingerprint));
        diff(prefix + "intent_window_ms", humanDuration(s.intentWindowMs), humanDuration(t.intentWindowMs));
    };
    services("", a.service, b.service);
    // docs/reference/routes.md: the route's hops, matched by name.
    const auto recoverText = [](const std::optional<RecoverSpec>& r) {
        return r ? std::string(recoverByName(r->by)) + " every " + humanDuration(r->everyMs) + " after "
                + humanDuration(r->olderThanMs)
                 : std::string("none");
    };
    diff("recover", recoverText(a.serviceRecover), recoverText(b.serviceRecover));
    const auto findHop = [](const Scenario& sc, const std::string& name) -> const HopSpec* {
        for (const HopSpec& h : sc.route) {
            if (h.name == name)
                return &h;
        }
        return nullptr;
    };
    for (const HopSpec& h : a.route) {
        const HopSpec* g = findHop(b, h.name);
        if (!g) {
            out.push_back(h.name + " removed from the route");
            continue;
        }
        const std::string prefix = h.name + ".";
        services(prefix, h.service, g->service);
        diff(prefix + "key", std::string(hopKeyName(h.key)), std::string(hopKeyName(g->key)));
        diff(prefix + "effect", yesNo(h.effect), yesNo(g->effect));
        diff(prefix + "timeout_ms", humanDuration(h.timeoutMs), humanDuration(g->timeoutMs));
        diff(prefix + "max_attempts", num(h.retry.maxAttempts), num(g->retry.maxAttempts));
        diff(prefix + "backoff", std::string(backoffName(h.retry.backoff)), std::string(backoffName(g->retry.backoff)));
        diff(prefix + "base_ms", humanDuration(h.retry.baseMs), humanDuration(g->retry.baseMs));
        diff(prefix + "cap_ms", humanDuration(h.retry.capMs), humanDuration(g->retry.capMs));
        diff(prefix + "jitter", std::string(jitterName(h.retry.jitter)), std::string(jitterName(g->retry.jitter)));
        diff(prefix + "retry.on", retryOn(h.retry), retryOn(g->retry));
        diff(prefix + "recover", recoverText(h.recover), recoverText(g->recover));
    }
    for (const HopSpec& g : b.route) {
        if (!findHop(a, g.name))
            out.push_back(g.name + " added to the route");
    }
    const auto order = [](const Scenario& sc) {
        std::string text = "service";
        for (const HopSpec& h : sc.route)
            text += " → " + h.name;
        return text;
    };
    if (a.route.size() == b.route.size() && order(a) != order(b))
        out.push_back("route order " + order(a) + " becomes " + order(b));

    if (a.clients.size() != b.clients.size())
        out.push_back("clients " + num(a.clients.size()) + " → " + num(b.clients.size()));
    const std::size_t common = std::min(a.clients.size(), b.clients.size());
    for (std::size_t i = 0; i < common; ++i) {
        const ClientSpec& c = a.clients[i];
        const ClientSpec& d = b.clients[i];
        const std::string prefix = common > 1 ? "client " + d.id + ": " : std::string();
        diff(prefix + "timeout_ms", humanDuration(c.timeoutMs), humanDuration(d.timeoutMs));
        diff(prefix + "max_attempts", num(c.retry.maxAttempts), num(d.retry.maxAttempts));
        diff(prefix + "backoff", std::string(backoffName(c.retry.backoff)), std::string(backoffName(d.retry.backoff)));
        diff(prefix + "base_ms", humanDuration(c.retry.baseMs), humanDuration(d.retry.baseMs));
        diff(prefix + "cap_ms", humanDuration(c.retry.capMs), humanDuration(d.retry.capMs));
        diff(prefix + "jitter", std::string(jitterName(c.retry.jitter)), std::string(jitterName(d.retry.jitter)));
        diff(prefix + "retry.on", retryOn(c.retry), retryOn(d.retry));
        diff(prefix + "on_conflict", std::string(onConflictName(c.onConflict)),
            std::string(onConflictName(d.onConflict)));
    }

    bool sameTraffic = a.requests.size() == b.requests.size();
    for (std::size_t i = 0; sameTraffic && i < a.requests.size(); ++i)
        sameTraffic = requestText(a.requests[i]) == requestText(b.requests[i]);
    if (!sameTraffic)
        out.push_back("traffic differs (requests are not the same): the figures compare different loads");
    bool sameFaults = a.faults.size() == b.faults.size();
    for (std::size_t i = 0; sameFaults && i < a.faults.size(); ++i)
        sameFaults = faultText(a.faults[i]) == faultText(b.faults[i]);
    if (!sameFaults)
        out.push_back("faults differ: the figures compare different failures");
    return out;
}

std::vector<PolicyWarning> policyWarnings(const PolicyFigures& f, const Scenario& scenario)
{
    std::vector<PolicyWarning> out;
    if (f.duplicateEffects > 0) {
        PolicyWarning w;
        w.kind = PolicyWarning::Kind::DuplicateEffects;
        w.text = f.name + ": " + withThousands(f.duplicateEffects) + " duplicate effects — "
            + withThousands(f.intentsWithDuplicates) + " of " + withThousands(f.intents) + " intents ("
            + percent(f.duplicateRate) + ") ran the business action more than once";
        out.push_back(std::move(w));
    }
    const bool tombstone = scenario.service.afterExpiry == AfterExpiry::Tombstone && scenario.service.tombstoneMs;
    if (f.horizonExceedsRetention) {
        PolicyWarning w;
        w.kind = PolicyWarning::Kind::HorizonBeyondRetention;
        w.valueMs = f.retryHorizonMs;
        w.limitMs = f.retentionMs;
        if (tombstone)
            w.tombstoneMs = scenario.service.tombstoneMs;
        w.text = f.name + ": the client's retry horizon (" + humanDuration(f.retryHorizonMs)
            + ") outlives the retention (" + humanDuration(f.retentionMs) + ")";
        w.text += tombstone ? "; retries after that meet the tombstone (" + humanDuration(*scenario.service.tombstoneMs)
                + ") and are refused for reconciliation, not run again"
                            : ": a retry after the record expired runs the action again";
        out.push_back(std::move(w));
    }
    const Millis remembered = f.retentionMs + (tombstone ? *scenario.service.tombstoneMs : 0);
    if (f.longestLateReturnMs > remembered) {
        PolicyWarning w;
        w.kind = PolicyWarning::Kind::LateReturnsBeyondRetention;
        w.valueMs = f.longestLateReturnMs;
        w.limitMs = remembered;
        w.text = f.name + ": clients return up to " + humanDuration(f.longestLateReturnMs)
            + " later (late_retry faults), beyond what the service remembers (" + humanDuration(remembered) + ")";
        out.push_back(std::move(w));
    }
    // docs/reference/routes.md: a call that comes back to a route hop after that hop forgot it runs there again.
    for (std::size_t hop = 1; hop < f.duplicateEffectsByHop.size() && hop <= scenario.route.size(); ++hop) {
        const HopFigures& h = f.duplicateEffectsByHop[hop];
        const ServicePolicy& service = scenario.route[hop - 1].service;
        const bool hopTombstone = service.afterExpiry == AfterExpiry::Tombstone && service.tombstoneMs;
        const Millis hopRemembers = service.ttlMs + (hopTombstone ? *service.tombstoneMs : 0);
        if (h.longestLateReturnMs <= hopRemembers)
            continue;
        PolicyWarning w;
        w.kind = PolicyWarning::Kind::LateReturnsBeyondRetention;
        w.hop = h.hop;
        w.valueMs = h.longestLateReturnMs;
        w.limitMs = hopRemembers;
        w.text = f.name + ": calls to " + h.hop + " return up to " + humanDuration(h.longestLateReturnMs)
            + " later (late_retry faults on that hop), beyond what " + h.hop + " remembers ("
            + humanDuration(hopRemembers) + ")";
        out.push_back(std::move(w));
    }
    return out;
}

ReviewResult runReview(std::vector<Scenario> policies, std::optional<int> intents,
    const std::function<void(const ReviewProgress&)>& progress, const std::function<bool()>& cancel,
    const ReviewOptions& options)
{
    const auto started = std::chrono::steady_clock::now();
    ReviewResult result;
    result.policies = prepareReview(std::move(policies), intents);
    result.outcomes.resize(result.policies.size());
    std::atomic<bool> stopped { false };
    std::atomic<std::size_t> nextPolicy { 0 };
    std::mutex cancelMutex; // `cancel` and `progress` are the caller's: called by one worker at a time

    const auto cancelled = [&]() {
        if (stopped.load())
            return true;
        if (!cancel)
            return false;
        std::lock_guard lock(cancelMutex);
        if (cancel())
            stopped = true;
        return stopped.load();
    };
    const auto report = [&](const ReviewProgress& p) {
        if (!progress)
            return;
        std::lock_guard lock(cancelMutex);
        progress(p);
    };

    unsigned threads = 1; // set below, before any policy runs
    unsigned concurrent = 1;
    const auto runOne = [&](std::size_t index) {
        const auto policyStart = std::chrono::steady_clock::now();
        const Scenario& scenario = result.policies[index];
        PolicyOutcome& outcome = result.outcomes[index];
        const std::int64_t planned = std::max<std::int64_t>(1, plannedIntents(scenario));
        try {
            auto memory = makeModelStore(scenario.service);
            CountingStore store(*memory);
            Simulation sim(scenario, store);
            sim.setRecordEvents(false);
            // Policies run side by side: each may use its share of the memory.
            const RunBudget budget = runBudget(static_cast<int>(concurrent));
            sim.setRequestLimit(budget.maxRequests, budget.describe());
            StorageSampler sampler;
            std::uint64_t steps = 0;
            std::int64_t reportedPercent = -1;
            bool stop = false;
            while (true) {
                const std::int64_t records = store.heldRecords();
                const std::int64_t tombstones = store.heldTombstones();
                if (!sim.step())
                    break;
                if (sim.now() > sampler.next())
                    sampler.fillUpTo(sim.now() - 1, records, tombstones);
                if ((++steps & 4095) == 0) {
                    if (cancelled()) {
                        stop = true;
                        break;
                    }
                    const auto intentsStarted = static_cast<std::int64_t>(sim.intents().size());
                    const std::int64_t pct = intentsStarted * 100 / planned;
                    if (pct != reportedPercent) {
                        reportedPercent = pct;
                        report({ static_cast<int>(index), intentsStarted, planned, false });
                    }
                }
            }
            if (!stop) {
                PolicyFigures figures = computeFigures(sim, options.maxDuplicateIntents);
                StorageFigures& st = figures.storage;
                st.samples = sampler.finish(sim.endTime(), store.heldRecords(), store.heldTombstones());
                st.peakRecords = store.peakRecords();
                st.peakTombstones = store.peakTombstones();
                st.recordsAtEnd = store.heldRecords();
                st.tombstonesAtEnd = store.heldTombstones();
                st.bytesPerRecord = store.bytesPerRecord();
                st.bytesPerTombstone = store.bytesPerTombstone();
                double peak = std::max(static_cast<double>(st.peakRecords) * st.bytesPerRecord,
                    static_cast<double>(st.peakTombstones) * st.bytesPerTombstone);
                for (const StorageSample& sample : st.samples) {
                    peak = std::max(peak,
                        static_cast<double>(sample.records) * st.bytesPerRecord
                            + static_cast<double>(sample.tombstones) * st.bytesPerTombstone);
                }
                st.peakBytes = static_cast<std::int64_t>(std::llround(peak));
                outcome.warnings = policyWarnings(figures, scenario);
                outcome.figures = std::move(figures);
                report({ static_cast<int>(index), static_cast<std::int64_t>(sim.intents().size()), planned, true });
            }
        } catch (const RunTooLarge& e) {
            outcome.error = e.what();
            outcome.badInput = true;
        } catch (const std::bad_alloc&) {
            outcome.error = scenario.name
                + ": out of memory while running it; send fewer first requests (copies, repeat, --intents) or allow "
                  "fewer retries (max_attempts)";
            outcome.badInput = true;
        } catch (const std::exception& e) {
            outcome.error = e.what();
        }
        outcome.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - policyStart).count();
    };

    threads = options.threads > 0 ? static_cast<unsigned>(options.threads)
                                  : std::max(1u, std::thread::hardware_concurrency());
    threads = std::min<unsigned>(threads, static_cast<unsigned>(result.policies.size()));
    concurrent = std::max(1u, threads);
    const auto worker = [&]() {
        while (true) {
            const std::size_t index = nextPolicy.fetch_add(1);
            if (index >= result.policies.size() || cancelled())
                return;
            runOne(index);
        }
    };
    if (threads <= 1) {
        worker();
    } else {
        std::vector<std::thread> pool;
        for (unsigned t = 0; t < threads; ++t)
            pool.emplace_back(worker);
        for (std::thread& t : pool)
            t.join();
    }
    for (std::size_t i = 0; i < result.policies.size(); ++i) {
        if (i > 0)
            result.outcomes[i].differences = policyDifferences(result.policies.front(), result.policies[i]);
    }
    result.cancelled = stopped.load();
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return result;
}

std::optional<Scenario> isolateIntent(const Scenario& policy, const std::string& intentName)
{
    Scenario s = policy;
    s.requests.clear();
    std::vector<int> newIndex(policy.requests.size(), -1);
    for (std::size_t i = 0; i < policy.requests.size(); ++i) {
        const RequestSpec& r = policy.requests[i];
        const std::string base = entryIntentBase(policy, i);
        int repetition = 0;
        if (r.repeat > 1) {
            const std::string prefix = base + "#";
            if (intentName.size() > prefix.size() && intentName.compare(0, prefix.size(), prefix) == 0) {
                const std::string digits = intentName.substr(prefix.size());
                if (digits.find_first_not_of("0123456789") == std::string::npos && digits.size() < 10) {
                    const int n = std::stoi(digits);
                    if (n >= 1 && n <= r.repeat)
                        repetition = n;
                }
            }
        } else if (base == intentName) {
            repetition = 1;
        }
        if (repetition == 0)
            continue;
        RequestSpec one = r;
        one.atMs = r.atMs + static_cast<Millis>(repetition - 1) * r.everyMs;
        one.repeat = 1;
        one.everyMs = 0;
        // Named explicitly, so that rate-thinned faults hash the same intent id as in the review.
        one.intent = intentName;
        newIndex[i] = static_cast<int>(s.requests.size());
        s.requests.push_back(std::move(one));
    }
    if (s.requests.empty())
        return std::nullopt;
    for (FaultSpec& f : s.faults) {
        if (!f.request)
            continue;
        const int target = *f.request;
        if (target >= 0 && static_cast<std::size_t>(target) < newIndex.size() && newIndex[target] >= 0) {
            f.request = newIndex[target];
        } else {
            // Kept in place (rate hashes include the fault's index) but unable to hit.
            f.request.reset();
            f.rate = 0.0;
        }
    }
    s.name = policy.name + "-" + intentName;
    std::replace(s.name.begin(), s.name.end(), '#', '-');
    s.title = "Intent " + intentName + " from the review of " + policy.name;
    s.description = "One intent of the policy review, on its own: the same service and client policies, seed and "
                    "faults as policy "
        + policy.name
        + " (rate-thinned faults hit this intent exactly as they did in the review). Retry jitter may draw "
          "differently than in the full run.";
    s.expect.clear();
    s.hasExpect = false;
    return s;
}

int requestToInspect(const Simulation& sim, const std::string& intentName)
{
    int intent = -1;
    for (std::size_t i = 0; i < sim.intents().size(); ++i) {
        if (sim.intentName(static_cast<int>(i)) == intentName) {
            intent = static_cast<int>(i);
            break;
        }
    }
    if (intent < 0)
        return -1;
    for (const EffectInfo& e : sim.effects()) {
        if (e.intent == intent && e.duplicate)
            return e.request;
    }
    for (std::size_t r = 0; r < sim.requests().size(); ++r) {
        if (sim.requests()[r].intent == intent)
            return static_cast<int>(r);
    }
    return -1;
}

std::vector<std::string> reviewHops(const ReviewResult& review)
{
    std::vector<std::string> hops;
    for (const Scenario& policy : review.policies) {
        for (const HopSpec& h : policy.route) {
            if (std::find(hops.begin(), hops.end(), h.name) == hops.end())
                hops.push_back(h.name);
        }
    }
    if (!hops.empty())
        hops.insert(hops.begin(), "service");
    return hops;
}

std::optional<std::int64_t> duplicateEffectsAt(const PolicyFigures& figures, const std::string& hop)
{
    for (const HopFigures& h : figures.duplicateEffectsByHop) {
        if (h.hop == hop)
            return h.duplicateEffects;
    }
    // A policy without a route has one hop, `service`, holding every duplicate.
    if (figures.duplicateEffectsByHop.empty() && hop == "service")
        return figures.duplicateEffects;
    return std::nullopt;
}

std::string reviewJson(const ReviewResult& review)
{
    std::string out = "{\"policies\": [";
    bool firstPolicy = true;
    for (const PolicyOutcome& o : review.outcomes) {
        if (!o.figures)
            continue;
        const PolicyFigures& f = *o.figures;
        out += firstPolicy ? "\n  {" : ",\n  {";
        firstPolicy = false;
        out += "\"name\": ";
        json::appendString(out, f.name);
        out += ", \"intents\": " + std::to_string(f.intents);
        out += ", \"effects\": " + std::to_string(f.effects);
        out += ", \"duplicate_effects\": " + std::to_string(f.duplicateEffects);
        if (!f.duplicateEffectsByHop.empty()) {
            // docs/reference/routes.md, named as in the report's summary; only policies with a route have it.
            out += ", \"duplicate_effects_by_hop\": {";
            for (std::size_t h = 0; h < f.duplicateEffectsByHop.size(); ++h) {
                out += h ? ", " : "";
                json::appendString(out, f.duplicateEffectsByHop[h].hop);
                out += ": " + std::to_string(f.duplicateEffectsByHop[h].duplicateEffects);
            }
            out += "}";
        }
        out += ", \"duplicate_rate\": ";
        json::appendNumber(out, f.duplicateRate);
        out += ", \"unknown_outcome\": " + std::to_string(f.unknownOutcome);
        out += ", \"conflict_rate\": ";
        json::appendNumber(out, f.conflictRate);
        out += ", \"replay_rate\": ";
        json::appendNumber(out, f.replayRate);
        out += ",\n   \"decisions\": {";
        bool first = true;
        for (const auto& [name, n] : f.decisions) {
            out += first ? "" : ", ";
            first = false;
            json::appendString(out, name);
            out += ": " + std::to_string(n);
        }
        out += "},\n   \"time_to_success_ms\": ";
        if (f.timeToSuccessMs) {
            out += "{\"p50\": " + std::to_string(f.timeToSuccessMs->p50) + ", \"p90\": "
                + std::to_string(f.timeToSuccessMs->p90) + ", \"p99\": " + std::to_string(f.timeToSuccessMs->p99) + "}";
        } else {
            out += "{\"p50\": null, \"p90\": null, \"p99\": null}";
        }
        out += ", \"retry_horizon_ms\": " + std::to_string(f.retryHorizonMs);
        out += ", \"retention_ms\": " + std::to_string(f.retentionMs);
        out += ", \"horizon_exceeds_retention\": " + yesNo(f.horizonExceedsRetention) + "}";
    }
    out += firstPolicy ? "]}\n" : "\n]}\n";
    return out;
}

std::string reviewMarkdown(const ReviewResult& review)
{
    std::ostringstream out;
    const std::size_t n = review.outcomes.size();
    out << "# Policy review\n\n";
    std::int64_t intents = 0;
    for (const PolicyOutcome& o : review.outcomes)
        intents = std::max<std::int64_t>(intents, o.figures ? o.figures->intents : 0);
    out << n << " policies";
    if (intents > 0)
        out << ", " << withThousands(intents) << " simulated intents each";
    out << ", seed " << (review.policies.empty() ? 0 : review.policies.front().seed)
        << ": every policy meets the same traffic and the same seeded faults.";
    if (review.cancelled)
        out << " The review was cancelled: policies without figures did not finish.";
    out << "\n\n";

    bool anyWarning = false;
    for (const PolicyOutcome& o : review.outcomes)
        anyWarning = anyWarning || !o.warnings.empty();
    if (anyWarning) {
        for (const PolicyOutcome& o : review.outcomes) {
            for (const PolicyWarning& w : o.warnings)
                out << "> ⚠ **" << markdownCell(w.text) << "**\n>\n";
        }
        out << "\n";
    }

    out << "## Figures\n\n| figure |";
    for (std::size_t i = 0; i < n; ++i)
        out << " " << markdownCell(policyName(review, i)) << " |";
    out << "\n|---|";
    for (std::size_t i = 0; i < n; ++i)
        out << "---:|";
    out << "\n";
    for (const FigureRow& row : figureRows(review)) {
        out << "| " << markdownCell(row.label) << " |";
        for (const std::string& cell : row.cells)
            out << " " << markdownCell(cell) << " |";
        out << "\n";
    }

    out << "\n## What differs\n\n";
    for (std::size_t i = 0; i < n; ++i) {
        out << "- **" << markdownCell(policyName(review, i)) << "**: ";
        if (i == 0) {
            out << "the baseline";
        } else if (review.outcomes[i].differences.empty()) {
            out << "same policies as " << markdownCell(policyName(review, 0));
        } else {
            bool first = true;
            for (const std::string& d : review.outcomes[i].differences) {
                out << (first ? "" : "; ") << "`" << d.substr(0, d.find(' ')) << "`" << d.substr(d.find(' '));
                first = false;
            }
        }
        const Scenario& s = review.policies[i];
        out << " — " << profileName(s.service.profile) << " profile, ttl " << humanDuration(s.service.ttlMs) << ", "
            << afterExpiryName(s.service.afterExpiry)
            << (s.service.storeErrors ? ", errors stored" : ", an error deletes the record");
        for (const HopSpec& h : s.route) {
            out << "; → " << markdownCell(h.name) << ": " << profileName(h.service.profile) << ", ttl "
                << humanDuration(h.service.ttlMs) << ", key " << hopKeyName(h.key) << (h.effect ? "" : ", a proxy");
        }
        out << "\n";
    }

    out << "\n## How to read this\n\n"
        << "- **duplicate effects**: executions of the business action beyond the first per intent — the number that "
           "must be 0. **duplicate rate** = intents with duplicates / intents.\n"
        << "- **unknown outcome**: intents whose client never saw a final answer (it gave up on timeouts).\n"
        << "- **conflict rate** = (conflict_in_progress + payload_mismatch + expired_rejected) / requests decided; "
           "**replay rate** = replayed / requests decided.\n"
        << "- **time to success**: from the intent's first send to the first 2xx reaching the client, nearest-rank "
           "percentiles over the intents that succeeded.\n"
        << "- **retry horizon** = max_attempts × timeout + the largest possible backoff waits; it should stay "
           "below the **retention** (ttl), or a retry after expiry is a new request. It saturates at 2^53 ms "
           "(9007199254740992, about 285,000 years), shown as ≥: a horizon that long is at least that.\n"
        << "- **storage** is approximate: the text of each row plus 8 bytes per number or time column, without "
           "index overhead; records and tombstones held at their peak.\n";
    return out.str();
}

std::string reviewTable(const ReviewResult& review)
{
    const std::size_t n = review.outcomes.size();
    std::vector<FigureRow> rows = figureRows(review);
    FigureRow header { "", {} };
    for (std::size_t i = 0; i < n; ++i)
        header.cells.push_back(policyName(review, i));
    rows.insert(rows.begin(), header);
    std::size_t labelWidth = 0;
    std::vector<std::size_t> widths(n, 0);
    for (const FigureRow& r : rows) {
        labelWidth = std::max(labelWidth, displayWidth(r.label));
        for (std::size_t i = 0; i < n; ++i)
            widths[i] = std::max(widths[i], displayWidth(r.cells[i]));
    }
    std::ostringstream out;
    for (std::size_t k = 0; k < rows.size(); ++k) {
        const FigureRow& r = rows[k];
        std::string line = pad(r.label, labelWidth);
        for (std::size_t i = 0; i < n; ++i) {
            // Right-aligned figures under left-aligned names read best in a terminal.
            const std::size_t w = displayWidth(r.cells[i]);
            line += "   " + (k == 0 ? pad(r.cells[i], widths[i]) : std::string(widths[i] - w, ' ') + r.cells[i]);
        }
        while (!line.empty() && line.back() == ' ')
            line.pop_back();
        out << line << '\n';
        if (k == 0) {
            std::size_t total = labelWidth;
            for (const std::size_t w : widths)
                total += 3 + w;
            std::string rule;
            for (std::size_t c = 0; c < total; ++c)
                rule += "─";
            out << rule << '\n';
        }
    }
    out << "\nwhat differs\n";
    for (std::size_t i = 0; i < n; ++i) {
        out << "  " << policyName(review, i) << ": ";
        if (i == 0) {
            out << "the baseline\n";
            continue;
        }
        const auto& d = review.outcomes[i].differences;
        if (d.empty()) {
            out << "same policies as " << policyName(review, 0) << '\n';
            continue;
        }
        for (std::size_t k = 0; k < d.size(); ++k)
            out << (k ? ", " : "") << d[k];
        out << '\n';
    }
    bool any = false;
    for (const PolicyOutcome& o : review.outcomes) {
        for (const PolicyWarning& w : o.warnings) {
            if (!any)
                out << "\nwarnings\n";
            any = true;
            out << "  ⚠ " << w.text << '\n';
        }
        if (!o.error.empty()) {
            out << "  failed: " << o.error << '\n';
        }
    }
    if (review.cancelled)
        out << "\ncancelled: only the policies with figures finished\n";
    return out.str();
}

std::string humanDuration(Millis ms)
{
    if (ms >= kNeverMs)
        return "never"; // ttl_ms null: records are kept for good
    char buf[64];
    const bool negative = ms < 0;
    const Millis v = negative ? -ms : ms;
    const char* sign = negative ? "-" : "";
    if (v < 1000) {
        std::snprintf(buf, sizeof buf, "%s%lld ms", sign, static_cast<long long>(v));
    } else if (v < 60'000) {
        const double s = static_cast<double>(v) / 1000.0;
        if (v % 1000 == 0)
            std::snprintf(buf, sizeof buf, "%s%lld s", sign, static_cast<long long>(v / 1000));
        else
            std::snprintf(buf, sizeof buf, "%s%.*f s", sign, v < 10'000 ? 2 : 1, s);
    } else if (v < 3'600'000) {
        const Millis min = v / 60'000;
        const Millis sec = (v % 60'000) / 1000;
        if (sec)
            std::snprintf(
                buf, sizeof buf, "%s%lld min %lld s", sign, static_cast<long long>(min), static_cast<long long>(sec));
        else
            std::snprintf(buf, sizeof buf, "%s%lld min", sign, static_cast<long long>(min));
    } else if (v < 86'400'000) {
        const Millis h = v / 3'600'000;
        const Millis min = (v % 3'600'000) / 60'000;
        if (min)
            std::snprintf(
                buf, sizeof buf, "%s%lld h %lld min", sign, static_cast<long long>(h), static_cast<long long>(min));
        else
            std::snprintf(buf, sizeof buf, "%s%lld h", sign, static_cast<long long>(h));
    } else {
        const Millis d = v / 86'400'000;
        const Millis h = (v % 86'400'000) / 3'600'000;
        if (h)
            std::snprintf(
                buf, sizeof buf, "%s%lld d %lld h", sign, static_cast<long long>(d), static_cast<long long>(h));
        else
            std::snprintf(buf, sizeof buf, "%s%lld d", sign, static_cast<long long>(d));
    }
    return buf;
}

std::vector<Scenario> builtinReviewPolicies()
{
    // Kept identical to resources/reviews/*.json (a test compares them).
    static const char* const s_traffic = R"(,
  "clients": [
    {"id": "checkout", "actor": "shop-42", "timeout_ms": 10000,
     "retry": {"max_attempts": 14, "backoff": "exponential", "base_ms": 1000, "cap_ms": 3600000, "jitter": "full",
               "on": ["timeout", "409", "5xx"]},
     "on_conflict": "retry_same_key"}
  ],
  "requests": [
    {"at_ms": 0, "client": "checkout", "operation": "payment.create", "key": "auto",
     "payload": {"amount": 4200, "currency": "EUR"}, "intent": "order", "repeat": 100000, "every_ms": 100}
  ],
  "faults": [
    {"kind": "drop_response", "attempt": 1, "rate": 0.05},
    {"kind": "handler_error", "attempt": 1, "rate": 0.01, "status": 500},
    {"kind": "crash_after_effect", "attempt": 1, "rate": 0.002},
    {"kind": "late_retry", "attempt": 1, "rate": 0.01, "delay_ms": 7200000},
    {"kind": "late_retry", "attempt": 1, "rate": 0.002, "delay_ms": 108000000}
  ]
})";
    struct Policy {
        const char* name;
        const char* title;
        const char* service;
    };
    static const Policy s_policies[] = {
        { "stripe-24h", "Stripe-like: 24 h retention, errors stored and replayed",
            R"("profile": "stripe", "ttl_ms": 86400000, "store_errors": true, "after_expiry": "forget", "sweep_every_ms": 3600000)" },
        { "powertools-1h", "Powertools-like: 1 h retention, a handler error deletes the record",
            R"("profile": "powertools", "ttl_ms": 3600000, "store_errors": false, "after_expiry": "forget", "sweep_every_ms": 3600000)" },
        { "tombstone-1h", "1 h retention with a 7-day tombstone: forgetting is not permission",
            R"("profile": "stripe", "ttl_ms": 3600000, "store_errors": true, "after_expiry": "tombstone", "tombstone_ms": 604800000, "sweep_every_ms": 3600000)" },
    };
    std::vector<Scenario> out;
    for (const Policy& p : s_policies) {
        const std::string text = std::string(R"({"format": "idempotency-workbench/scenario@1", "name": ")") + p.name
            + R"(", "title": ")" + p.title + R"(", "seed": 42, "service": {)" + p.service + "}" + s_traffic;
        out.push_back(loadScenario(text, std::string(p.name) + ".json"));
    }
    return out;
}

std::vector<std::string> routeReviewFiles()
{
    // Kept in step with resources/reviews/route-gateway-window/ (a test compares them).
    return { ":/reviews/route-gateway-window/1-gateway-1h.json", ":/reviews/route-gateway-window/2-gateway-24h.json",
        ":/reviews/route-gateway-window/3-gateway-1h-new-key.json",
        ":/reviews/route-gateway-window/4-service-1h.json" };
}

std::vector<Scenario> routeReviewPolicies()
{
    std::vector<Scenario> out;
    for (const std::string& path : routeReviewFiles())
        out.push_back(loadScenarioFile(path));
    return out;
}

std::vector<std::string> libraryReviewFiles()
{
    // Kept in step with resources/reviews/library-profiles/ (a test compares them).
    return { ":/reviews/library-profiles/1-ietf.json", ":/reviews/library-profiles/2-stripe.json",
        ":/reviews/library-profiles/3-express-idempotency.json", ":/reviews/library-profiles/4-node-idempotency.json" };
}

std::vector<Scenario> libraryReviewPolicies()
{
    std::vector<Scenario> out;
    for (const std::string& path : libraryReviewFiles())
        out.push_back(loadScenarioFile(path));
    return out;
}

} // namespace iw
