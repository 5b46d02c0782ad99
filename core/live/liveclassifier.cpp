// The rules of the live inspection applied record by record (liveclassifier.h).
#include "liveclassifier.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>

namespace iw {

namespace {

constexpr double kEpochLimit = 9007199254740992.0; // 2^53, as the SQL inspector bounds an epoch value

struct TimeValue {
    std::optional<Millis> ms; // in range
    bool present = false; // a value that is not null and not zero (the SQL inspector's timePresent)
    bool outOfRange = false; // present but no time in its unit
    std::string raw;
};

TimeValue timeOf(const LiveTimeField& t, const LiveFields& f)
{
    TimeValue out;
    if (!t.present())
        return out;
    const auto raw = LiveClassifier::field(f, t.column);
    if (!raw)
        return out;
    out.raw = *raw;
    if (t.column == "@ttl") { // already epoch milliseconds
        out.present = true;
        out.ms = std::strtoll(raw->c_str(), nullptr, 10) + t.plusMs;
        return out;
    }
    char* end = nullptr;
    errno = 0;
    const double v = std::strtod(raw->c_str(), &end);
    const bool number = end && end != raw->c_str() && *end == '\0' && errno != ERANGE;
    if (number && v == 0)
        return out; // zero: no time (a lease of 0 is no lease)
    out.present = true;
    const double scale = t.unit == LiveTimeField::Unit::EpochSeconds ? 1000.0 : 1.0;
    if (!number || t.unit == LiveTimeField::Unit::Timestamp || !std::isfinite(v)
        || std::fabs(v * scale) > kEpochLimit) {
        out.outOfRange = true;
        return out;
    }
    out.ms = static_cast<Millis>(std::floor(v * scale)) + t.plusMs;
    return out;
}

// The order a kind's list is kept in: the oldest first (ties in the pass's order, which is the key order), or the
// newest first (inspect --order newest; ties by the key-order values, descending, as the SQL inspector sorts them).
void sortListed(std::vector<LiveAnomaly>& list, bool newest)
{
    if (newest)
        std::stable_sort(list.begin(), list.end(), [](const LiveAnomaly& x, const LiveAnomaly& y) {
            return x.createdMs != y.createdMs ? x.createdMs > y.createdMs : x.cursor > y.cursor;
        });
    else
        std::stable_sort(list.begin(), list.end(),
            [](const LiveAnomaly& x, const LiveAnomaly& y) { return x.createdMs < y.createdMs; });
}

void keepListed(std::vector<LiveAnomaly>& list, LiveAnomaly a, int limit, bool newest)
{
    list.push_back(std::move(a));
    if (list.size() >= static_cast<std::size_t>(std::max(1, limit)) * 2) {
        sortListed(list, newest);
        list.resize(static_cast<std::size_t>(std::max(0, limit)));
    }
}

} // namespace

LiveClassifier::LiveClassifier(
    const LiveMapping& mapping, const LiveSnapshotOptions& options, Millis nowMs, std::size_t regenerationGroups)
    : m_mapping(mapping)
    , m_options(options)
    , m_now(nowMs)
    , m_regenerationGroups(regenerationGroups)
{
    m_counts.leaseMapped = mapping.leaseUntil.present();
    m_terminalValues = mapping.state.completed;
    m_terminalValues.insert(m_terminalValues.end(), mapping.state.expired.begin(), mapping.state.expired.end());
}

std::optional<std::string> LiveClassifier::field(const LiveFields& f, const std::string& name)
{
    const auto it = f.find(name);
    return it == f.end() ? std::nullopt : it->second;
}

std::string LiveClassifier::textOf(const LiveTextField& t, const LiveFields& f)
{
    switch (t.kind) {
    case LiveTextField::Kind::Constant:
        return t.text;
    case LiveTextField::Kind::Columns: {
        std::string out;
        for (std::size_t i = 0; i < t.columns.size(); ++i)
            out += (i ? t.text : std::string()) + field(f, t.columns[i]).value_or("");
        return out;
    }
    case LiveTextField::Kind::BeforeLast:
    case LiveTextField::Kind::AfterLast: {
        const std::string v = field(f, t.columns.front()).value_or("");
        const auto at = v.rfind(t.text);
        if (at == std::string::npos) // as SQL's split on a missing delimiter: all before, nothing after
            return t.kind == LiveTextField::Kind::BeforeLast ? std::string() : v;
        return t.kind == LiveTextField::Kind::BeforeLast ? v.substr(0, at) : v.substr(at + t.text.size());
    }
    }
    return {};
}

LiveRecord LiveClassifier::classify(const LiveFields& f, std::vector<std::optional<std::string>> cursor)
{
    const LiveMapping& m = m_mapping;
    const AnomalyThresholds& t = m_options.thresholds;
    const Millis now = m_now;
    const bool hasStatus = m.statusCode.present();
    const bool hasBody = m.responseBody.present();
    const auto listed = [](const std::vector<std::string>& values, const std::string& v) {
        return std::find(values.begin(), values.end(), v) != values.end();
    };

    LiveRecord r;
    r.scope.actor = textOf(m.actor, f);
    r.scope.operation = textOf(m.operation, f);
    r.scope.key = textOf(m.key, f);
    const auto stored = field(f, m.state.column);
    r.storedState = stored.value_or("");
    r.terminal = stored && listed(m_terminalValues, *stored);
    const bool markedExpired = stored && listed(m.state.expired, *stored);
    const TimeValue created = timeOf(m.createdAt, f);
    const TimeValue expires = timeOf(m.expiresAt, f);
    const TimeValue lease = timeOf(m.leaseUntil, f);
    const TimeValue completed = timeOf(m.completedAt, f);
    r.createdMs = created.ms.value_or(0);
    r.expiresMs = expires.ms;
    if (lease.present)
        r.leaseUntilMs = lease.ms;
    if (completed.present)
        r.completedMs = completed.ms;
    const auto expiredBy = [&](Millis grace) {
        return expires.ms && (m.strictExpiry ? *expires.ms < now - grace : *expires.ms <= now - grace);
    };
    const bool expired = expiredBy(0);
    if (r.terminal)
        r.state = markedExpired || expired ? RecordState::Expired : RecordState::Completed;
    else
        r.state = m.inProgressExpires && expired ? RecordState::Expired : RecordState::InProgress;
    if (hasStatus)
        if (const auto s = field(f, m.statusCode.column)) {
            char* end = nullptr;
            const long v = std::strtol(s->c_str(), &end, 10);
            if (end && *end == '\0' && !s->empty())
                r.statusCode = static_cast<int>(v);
        }
    const auto body = hasBody ? field(f, m.responseBody.column) : std::nullopt;
    if (body)
        r.bodyBytes = static_cast<long long>(body->size());
    if (m.resultId.present())
        r.resultId = field(f, m.resultId.column);
    if (m.fingerprint.present())
        r.fingerprint = field(f, m.fingerprint.column).value_or("");
    r.cursor = std::move(cursor);

    LiveCounts& c = m_counts;
    ++c.total;
    if (r.state == RecordState::InProgress)
        ++c.inProgress;
    else if (r.state == RecordState::Completed)
        ++c.completed;
    else
        ++c.expired;
    if (!r.terminal && c.leaseMapped)
        ++(lease.present ? c.openWithLease : c.openWithoutLease);
    if (m_options.dueWithinMs && r.terminal && !markedExpired && !expired && expiredBy(-*m_options.dueWithinMs))
        ++c.dueWithin;

    const auto flag = [&](LiveAnomalyKind kind, LiveAnomalyFacts facts) {
        r.anomalies |= anomalyBit(kind);
        ++c.anomalies[static_cast<std::size_t>(kind)];
        facts.known = true;
        LiveAnomaly a;
        a.kind = kind;
        a.scope = r.scope;
        a.createdMs = r.createdMs;
        a.cursor = r.cursor;
        a.detail = anomalyDetail(kind, facts);
        a.facts = std::move(facts);
        keepListed(m_listed[static_cast<std::size_t>(kind)], std::move(a), t.listLimit, m_options.newestAnomaliesFirst);
        countForActor(r.scope.actor, kind);
    };
    const auto baseFacts = [&] {
        LiveAnomalyFacts facts;
        if (created.ms)
            facts.ageMs = now - *created.ms;
        return facts;
    };
    if (m_options.anomalies) {
        using K = LiveAnomalyKind;
        if (!r.terminal
            && (lease.present ? lease.ms && *lease.ms < now
                              : created.ms && *created.ms < now - t[K::StuckInProgress])) {
            LiveAnomalyFacts facts = baseFacts();
            if (lease.ms)
                facts.leaseEndedAgoMs = now - *lease.ms;
            facts.thresholdMs = t[K::StuckInProgress];
            flag(K::StuckInProgress, facts);
        }
        if (checked(K::ExpiredNotSwept) && r.terminal && (markedExpired || expiredBy(t[K::ExpiredNotSwept]))) {
            LiveAnomalyFacts facts = baseFacts();
            facts.markedExpired = markedExpired;
            if (expires.ms)
                facts.agoMs = now - *expires.ms;
            flag(K::ExpiredNotSwept, facts);
        }
        if ((hasStatus || hasBody) && r.terminal && !markedExpired && !r.statusCode && !body) {
            const std::optional<Millis> since = completed.present ? completed.ms : created.ms;
            if (since && *since <= now - t[K::CompletedWithoutResponse]) {
                LiveAnomalyFacts facts = baseFacts();
                facts.agoMs = now - *since;
                flag(K::CompletedWithoutResponse, facts);
            }
        }
        if (!r.terminal && expiredBy(t[K::InProgressPastExpiry])) {
            LiveAnomalyFacts facts = baseFacts();
            facts.agoMs = now - *expires.ms;
            flag(K::InProgressPastExpiry, facts);
        }
        const std::pair<const TimeValue*, const LiveTimeField*> epochs[] = { { &created, &m.createdAt },
            { &expires, &m.expiresAt }, { &lease, &m.leaseUntil }, { &completed, &m.completedAt } };
        const char* names[] = { "created_at", "expires_at", "lease_until", "completed_at" };
        for (std::size_t i = 0; i < 4; ++i)
            if (epochs[i].first->outOfRange) {
                LiveAnomalyFacts facts = baseFacts();
                facts.field = names[i];
                facts.column = epochs[i].second->column;
                facts.unit = std::string(timeUnitName(epochs[i].second->unit));
                facts.rawValue = epochs[i].first->raw.substr(0, 40);
                facts.rawChars = epochs[i].first->raw.size();
                flag(K::TimeOutOfRange, facts);
                break;
            }
        if (m.fingerprint.present() && !r.fingerprint.empty() && created.ms
            && *created.ms >= now - t.regenerationLookbackMs) {
            if (m_groupEntries < m_regenerationGroups) {
                m_groups[r.scope.actor + '\x1f' + r.scope.operation + '\x1f' + r.fingerprint].push_back(
                    { *created.ms, r.scope.key, r.scope, r.cursor });
                ++m_groupEntries;
            } else {
                m_regenerationComplete = false;
            }
        }
    }
    return r;
}

void LiveClassifier::finish(LiveSnapshot& snapshot, std::vector<LiveRecord>& page)
{
    const AnomalyThresholds& t = m_options.thresholds;
    // suspected_key_regeneration: within each group, a record created within the threshold after one of another key.
    if (m_options.anomalies) {
        const Millis window = t[LiveAnomalyKind::SuspectedKeyRegeneration];
        std::set<std::vector<std::optional<std::string>>> regenerated; // records flagged, to mark the page's
        for (auto& [group, seen] : m_groups) {
            std::stable_sort(
                seen.begin(), seen.end(), [](const Seen& a, const Seen& b) { return a.created < b.created; });
            for (std::size_t i = 1; i < seen.size(); ++i) {
                const Seen& prev = seen[i - 1];
                const Seen& cur = seen[i];
                if (cur.key == prev.key || cur.created - prev.created > window)
                    continue;
                LiveAnomalyFacts facts;
                facts.known = true;
                facts.ageMs = m_now - cur.created;
                facts.agoMs = cur.created - prev.created;
                facts.otherKey = prev.key;
                ++m_counts.anomalies[static_cast<std::size_t>(LiveAnomalyKind::SuspectedKeyRegeneration)];
                LiveAnomaly a;
                a.kind = LiveAnomalyKind::SuspectedKeyRegeneration;
                a.scope = cur.scope;
                a.createdMs = cur.created;
                a.cursor = cur.cursor;
                a.otherCursor = prev.cursor;
                a.detail = anomalyDetail(a.kind, facts);
                a.facts = facts;
                keepListed(m_listed[static_cast<std::size_t>(a.kind)], std::move(a), t.listLimit,
                    m_options.newestAnomaliesFirst);
                countForActor(cur.scope.actor, LiveAnomalyKind::SuspectedKeyRegeneration);
                regenerated.insert(cur.cursor);
            }
        }
        for (LiveRecord& r : page)
            if (regenerated.count(r.cursor))
                r.anomalies |= anomalyBit(LiveAnomalyKind::SuspectedKeyRegeneration);
    }
    for (const LiveAnomalyKind kind : kLiveAnomalyKinds) {
        auto& list = m_listed[static_cast<std::size_t>(kind)];
        sortListed(list, m_options.newestAnomaliesFirst);
        if (list.size() > static_cast<std::size_t>(std::max(0, t.listLimit)))
            list.resize(static_cast<std::size_t>(std::max(0, t.listLimit)));
        for (LiveAnomaly& a : list)
            snapshot.anomalies.push_back(std::move(a));
        list.clear();
    }
    snapshot.counts = m_counts;
    snapshot.newestAnomaliesFirst = m_options.newestAnomaliesFirst;
    if (m_options.byActorLimit > 0) {
        // The actors with the most anomalies first, ties by name: as the SQL inspector ranks them.
        std::vector<LiveActorAnomalies> out;
        out.reserve(m_byActor.size());
        for (auto& [name, a] : m_byActor)
            out.push_back(std::move(a));
        std::sort(out.begin(), out.end(), [](const LiveActorAnomalies& a, const LiveActorAnomalies& b) {
            return a.total != b.total ? a.total > b.total : a.actor < b.actor;
        });
        snapshot.byActorComplete = out.size() <= static_cast<std::size_t>(m_options.byActorLimit);
        if (!snapshot.byActorComplete)
            out.resize(static_cast<std::size_t>(m_options.byActorLimit));
        snapshot.byActor = std::move(out);
        m_byActor.clear();
    }
}

void LiveClassifier::countForActor(const std::string& actor, LiveAnomalyKind kind)
{
    if (m_options.byActorLimit <= 0)
        return;
    LiveActorAnomalies& a = m_byActor[actor];
    a.actor = actor;
    ++a.counts[static_cast<std::size_t>(kind)];
    ++a.total;
}

} // namespace iw
