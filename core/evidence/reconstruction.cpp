// The judgement of the evidence: files merged on time, one state per scope, the violations of
// docs/reference/reconstruct.md.
#include "reconstruction.h"

#include "evidenceinput.h"
#include "json.h"
#include "nametable.h"
#include "placeholders.h"
#include "timestamps.h"

#include <absl/container/flat_hash_map.h>

#include <algorithm>
#include <array>
#include <cassert>
#include <deque>
#include <filesystem>
#include <limits>
#include <thread>

// Qt's marker when a Qt header defined it, else the same no-op: lupdate only needs to see the calls.
#ifndef QT_TRANSLATE_NOOP
#define QT_TRANSLATE_NOOP(scope, x) x
#endif

namespace iw {

constexpr auto s_violationKindNames = nameTable<ViolationKind>({
    { ViolationKind::DuplicateExecution, "duplicate_execution" },
    { ViolationKind::ReplayDiffers, "replay_differs" },
    { ViolationKind::SuccessAfterMismatch, "success_after_mismatch" },
    { ViolationKind::StuckInProgress, "stuck_in_progress" },
    { ViolationKind::LateRetryReexecuted, "late_retry_reexecuted" },
    { ViolationKind::ConflictStatus, "conflict_status" },
});

std::string_view violationKindName(ViolationKind k)
{
    return nameOf(s_violationKindNames, k);
}

const char* const kNoAnswerPhrase = QT_TRANSLATE_NOOP("iw::Violations", "no answer");

std::string englishText(const ViolationText& text, const std::vector<std::string>& files)
{
    std::vector<std::string> values;
    values.reserve(text.args.size());
    for (const ViolationTextArg& a : text.args) {
        switch (a.kind) {
        case ViolationTextArg::Kind::Duration:
            values.push_back(formatDurationMs(a.ms));
            break;
        case ViolationTextArg::Kind::Text:
            values.push_back(a.text);
            break;
        case ViolationTextArg::Kind::Ref:
            values.push_back(describeRef(a.ref, files));
            break;
        case ViolationTextArg::Kind::Status:
            values.push_back(a.status ? std::to_string(*a.status) : std::string(kNoAnswerPhrase));
            break;
        }
    }
    return fillPlaceholders(text.source, values);
}

namespace {

ViolationTextArg durationArg(Millis ms)
{
    ViolationTextArg a;
    a.kind = ViolationTextArg::Kind::Duration;
    a.ms = ms;
    return a;
}

ViolationTextArg textArg(std::string value)
{
    ViolationTextArg a;
    a.kind = ViolationTextArg::Kind::Text;
    a.text = std::move(value);
    return a;
}

ViolationTextArg refArg(const EvidenceRef& ref)
{
    ViolationTextArg a;
    a.kind = ViolationTextArg::Kind::Ref;
    a.ref = ref;
    return a;
}

ViolationTextArg statusArg(std::optional<int> status)
{
    ViolationTextArg a;
    a.kind = ViolationTextArg::Kind::Status;
    a.status = status;
    return a;
}

constexpr Millis kNone = std::numeric_limits<Millis>::min();

// Debian's GCC 12 left no instruction for __builtin_prefetch where the ordering fetches ahead (objdump; why was not
// found): an asm statement that is volatile stays.
inline void prefetchLine(const void* p)
{
#if defined(__x86_64__) || defined(__i386__)
    asm volatile("prefetcht0 %0" : : "m"(*static_cast<const char*>(p)));
#else
    __builtin_prefetch(p);
#endif
}

// The first 16 hex digits of a SHA-256 as a number (0: unknown). Enough to tell two bodies apart in one scope.
std::uint64_t hashPrefix(const std::string& hex)
{
    if (hex.size() < 16)
        return 0;
    std::uint64_t v = 0;
    for (int i = 0; i < 16; ++i)
        v = v << 4 | static_cast<unsigned>(json::hexValue(hex[static_cast<std::size_t>(i)]));
    return v | 1; // never 0
}

// What the judgement keeps of a scope: 64 bytes.
struct ScopeState {
    Millis lastExecStartMs = kNone;
    Millis lastExecEndMs = kNone; // kNone: the answer's instant is not known
    EvidenceRef lastExecRef;
    std::uint64_t origResponse = 0;
    std::uint64_t firstFingerprint = 0;
    EvidenceRef origRef;
    std::int32_t executions = 0;
    std::int16_t origStatus = -1;
    std::uint16_t firstFingerprintFile = 0;
    std::uint32_t firstFingerprintLine = 0; // with firstFingerprintFile: a Line or HarEntry ref
    std::uint8_t firstFingerprintKind = 0;
    std::uint8_t firstFingerprintUnused[3] {};
};

// What the judgement reads of an exchange, in 64 bytes: its instants, status, the replay and decision markers, the
// first bytes of its hashes, its evidence reference and its scope's number. An exchange waits ten minutes of log time
// in the ordering (about 70,000 lines of a busy log); when this is all the judgement needs of it (no body to group as
// a suspected intent, no exchange kept, the profile's scope the actor, operation and key), only this waits, its
// scope found while the line was still in the cache: 70,000 of them fit in the cache, where the exchanges with their
// ten strings (about 400 bytes each and their keys' texts) did not. A violation's scope is then spelled from the
// scope table, whose texts are the exchange's.
struct Facts {
    Millis startMs = 0;
    Millis endMs = kNone; // kNone: not known
    std::uint64_t responseHash = 0; // hashPrefix of the response body's hash
    std::uint64_t fingerprint = 0; // hashPrefix of the request's fingerprint
    std::uint64_t refAt = 0;
    std::uint32_t refFile = 0;
    std::int32_t scope = -1; // in the judge's scope table; -1: no usable key
    std::int32_t status = 0; // with HasStatus
    std::uint8_t decision = kNoDecision; // the service's own decision, when logged and known
    Tri replayed = Tri::Unknown;
    EvidenceRef::Kind refKind = EvidenceRef::Kind::Line;
    std::uint8_t flags = 0;
    static constexpr std::uint8_t kNoDecision = 0xff;
    enum : std::uint8_t { HasStatus = 1, HasKey = 2, KeyUnreadable = 4, ClientGaveUp = 8, ResponseHashKnown = 16 };

    bool has(std::uint8_t flag) const { return (flags & flag) != 0; }
    std::optional<int> statusOrNone() const { return has(HasStatus) ? std::optional<int>(status) : std::nullopt; }
    bool success() const { return has(HasStatus) && status >= 200 && status < 300; }
    bool scoped() const { return has(HasKey) && !has(KeyUnreadable); }
    EvidenceRef ref() const { return { refFile, refKind, refAt }; }
};
static_assert(sizeof(Facts) <= 64);

Facts factsOf(const Exchange& x, int scope)
{
    Facts f;
    f.startMs = x.startMs;
    f.endMs = x.endMs ? *x.endMs : kNone;
    f.responseHash = hashPrefix(x.responseHash);
    f.fingerprint = hashPrefix(x.fingerprint);
    f.refAt = x.ref.at;
    f.refFile = x.ref.file;
    f.refKind = x.ref.kind;
    f.scope = scope;
    if (x.status) {
        f.status = *x.status;
        f.flags |= Facts::HasStatus;
    }
    if (x.decision)
        if (const auto d = decisionFromName(*x.decision))
            f.decision = static_cast<std::uint8_t>(*d);
    f.replayed = x.replayed;
    if (x.key)
        f.flags |= Facts::HasKey;
    if (x.keyUnreadable)
        f.flags |= Facts::KeyUnreadable;
    if (x.clientGaveUp)
        f.flags |= Facts::ClientGaveUp;
    if (!x.responseHash.empty())
        f.flags |= Facts::ResponseHashKnown;
    return f;
}

// An exchange as the ordering hands it to be judged: waited whole, or packed (Judge::pack: its facts, its scope found).
struct Pending {
    Exchange* whole = nullptr;
    const Facts* packed = nullptr;
    Millis startMs() const { return whole ? whole->startMs : packed->startMs; }
};

// What a suspected intent's group keeps about its executions.
struct GroupExecutions {
    bool has = false;
    bool keyless = false;
    bool reported = false;
    std::string key;
    EvidenceRef ref;
};

class Judge {
public:
    Judge(const ReconstructOptions& options, ReconstructResult& result)
        : m_options(options)
        , m_policy(options.policy)
        , m_result(result)
        , m_grouper(options.intentWindowMs)
    {
    }

    // Where the next exchange judged stands in the whole reading's judged order: its violations are marked with it,
    // so the violations of two parts can be put back in one order.
    void setPosition(std::uint64_t p) { m_position = p; }
    // A part of a file read by a second thread: each scope's last position is kept.
    void recordLast() { m_recordLast = true; }
    bool sawFingerprint() const { return m_sawFingerprint; }
    const std::vector<std::uint64_t>& violationPositions() const { return m_violationPositions; }
    std::uint64_t lastPosition(std::size_t scope) const { return m_last[scope]; }
    const ScopeTable& scopes() const { return m_scopes; }

    // The scope `x` is judged in, when this judge has seen it; -1 otherwise (or without a usable key).
    int findScope(const Exchange& x) const
    {
        if (!x.key || x.keyUnreadable)
            return -1;
        const std::string operation = x.operation();
        if (!m_policy.plainScope()) {
            const Scope s = m_policy.storeScope(x.actor, operation, x.query, *x.key);
            return m_scopes.find(s);
        }
        return m_scopes.find(x.actor, operation, *x.key);
    }

    // The same for an exchange `packer` packed (its scope a number of packer's table): `names` is
    // scopes().namesOf(packer.scopes()).
    int findScope(const Pending& p, const Judge& packer, const std::vector<std::uint32_t>& names) const
    {
        if (p.whole)
            return findScope(*p.whole);
        return p.packed->scope < 0 ? -1
                                   : m_scopes.findOf(packer.m_scopes, static_cast<std::size_t>(p.packed->scope), names);
    }

    // What a part's judge counted, less what `shadow` counted of it again (the part's judgement of the scopes this
    // judge took over).
    void absorb(const Judge& part, const Judge& shadow)
    {
        ReconstructSummary& s = m_result.summary;
        const ReconstructSummary& p = part.m_result.summary;
        const ReconstructSummary& h = shadow.m_result.summary;
        s.exchanges += p.exchanges - h.exchanges;
        s.executions += p.executions - h.executions;
        s.replays += p.replays - h.replays;
        s.noAnswer += p.noAnswer - h.noAnswer;
        s.clientGaveUp += p.clientGaveUp - h.clientGaveUp;
        s.unknownSuccesses += p.unknownSuccesses - h.unknownSuccesses;
        for (std::size_t d = 0; d < m_decisions.size(); ++d)
            m_decisions[d] += part.m_decisions[d] - shadow.m_decisions[d];
        m_unknownDecisions += part.m_unknownDecisions - shadow.m_unknownDecisions;
    }
    // Scopes (and their bytes) another part judged alone, counted in finish().
    void addScopes(std::size_t n, std::size_t bytes)
    {
        m_extraScopes += n;
        m_extraBytes += bytes;
    }
    std::size_t bytes() const
    {
        return m_states.capacity() * sizeof(ScopeState) + m_scopes.size() * 48 + m_grouper.openGroups() * 160
            + m_groupExecutions.size() * 96 + m_last.capacity() * sizeof(std::uint64_t);
    }

    // An exchange judged a few judgements from now (the ordering knows which): stage 0 fetches where its actor's
    // name will be looked up, stage 1 (later, the name's lines in cache by then) where its scope will be. Only reads:
    // what it finds changes nothing (a name or scope not seen yet is not added).
    void lookAhead(const Exchange& x, int stage) const
    {
        if (!x.key || x.keyUnreadable || !m_policy.plainScope())
            return;
        if (stage == 0) {
            m_scopes.prefetchName(x.actor);
            return;
        }
        if (m_lastOperationId == kNoName || x.method != m_lastMethod || x.path != m_lastPath)
            return;
        const std::uint32_t actor = x.actor == m_lastActor ? m_lastActorId : m_scopes.findName(x.actor);
        if (actor != kNoName)
            m_scopes.prefetch(actor, m_lastOperationId, *x.key);
    }

    // The scope `x` is judged in, interned when new (-1: no usable key).
    int scopeOf(const Exchange& x)
    {
        if (!x.key || x.keyUnreadable)
            return -1;
        int scope = -1;
        if (!m_policy.plainScope()) {
            // The profile's key scope (express-idempotency: the key alone; node-idempotency: the operation with its
            // query as logged): the scope its store keeps the record under.
            const Scope s = m_policy.storeScope(x.actor, operation(x), x.query, *x.key);
            scope = m_scopes.intern(m_scopes.name(s.actor), m_scopes.name(s.operation), s.key);
        } else {
            // Consecutive lines mostly share their operation (and often their actor): their name numbers are kept,
            // and the operation's text is built only when its method or path changes.
            if (m_lastActorId == kNoName || x.actor != m_lastActor) {
                m_lastActor = x.actor;
                m_lastActorId = m_scopes.name(x.actor);
            }
            if (m_lastOperationId == kNoName || x.method != m_lastMethod || x.path != m_lastPath) {
                m_lastMethod = x.method;
                m_lastPath = x.path;
                m_lastOperationId = m_scopes.name(operation(x));
            }
            scope = m_scopes.intern(m_lastActorId, m_lastOperationId, *x.key);
        }
        if (static_cast<std::size_t>(scope) >= m_states.size())
            m_states.resize(static_cast<std::size_t>(scope) + 1);
        return scope;
    }

    // What of `x` waits to be judged, when that is all the judgement will read of it (Facts): its scope found now,
    // while its texts are in the cache. False when the whole exchange must wait (a body to group, exchanges kept, a
    // profile whose scope is not the one a violation names).
    bool pack(const Exchange& x, Facts& f)
    {
        if (m_options.keepExchanges || !x.fingerprint.empty() || !m_policy.plainScope())
            return false;
        f = factsOf(x, scopeOf(x));
        return true;
    }
    // The state of a packed exchange's scope, fetched a few judgements before it is judged.
    void prefetchState(const Facts& f) const
    {
        if (f.scope >= 0)
            prefetchLine(&m_states[static_cast<std::size_t>(f.scope)]);
    }

    void judge(const Pending& p)
    {
        if (p.whole)
            judge(*p.whole);
        else
            judge(*p.packed);
    }

    // A packed exchange (pack()).
    void judge(const Facts& f)
    {
        judgeFacts(f, nullptr);
        if ((++m_count & 0xFFFF) == 0)
            m_grouper.forget(f.startMs - 1);
    }

    void judge(Exchange& x)
    {
        const int scope = scopeOf(x);
        const Facts f = factsOf(x, scope);
        const auto [decision, execution] = judgeFacts(f, &x);

        // Suspected intents: the engine's one rule, over what the evidence shows (bodies known only).
        if (!x.fingerprint.empty()) {
            m_sawFingerprint = true;
            IntentCandidate c;
            c.actor = x.actor;
            c.operation = operation(x);
            c.fingerprint = x.fingerprint;
            if (x.key && !x.keyUnreadable)
                c.key = *x.key;
            c.arrivalMs = x.startMs;
            const std::int64_t group = m_grouper.add(c);
            if (group >= 0 && execution)
                judgeGroup(f, x, group);
        }
        if ((++m_count & 0xFFFF) == 0)
            m_grouper.forget(x.startMs - 1);

        if (m_options.keepExchanges) {
            JudgedExchange j;
            j.scope = scope;
            j.decision = decision;
            j.execution = execution;
            j.x = std::move(x);
            x = Exchange {};
            m_result.exchanges.push_back(std::move(j));
        }
    }
    void finish(const std::vector<EvidenceRow>& rows)
    {
        for (std::size_t d = 0; d < m_decisions.size(); ++d)
            if (m_decisions[d])
                m_result.summary.decisions[std::string(decisionName(static_cast<Decision>(d)))] = m_decisions[d];
        if (m_unknownDecisions)
            m_result.summary.decisions["unknown"] = m_unknownDecisions;
        for (const EvidenceRow& row : rows) {
            if (m_options.key && row.scope.key != *m_options.key)
                continue;
            m_result.rows.push_back(row);
            if (!row.stuck)
                continue;
            Violation v;
            v.kind = ViolationKind::StuckInProgress;
            v.scope = row.scope;
            v.atMs = row.createdMs.value_or(0);
            v.evidence.push_back(row.ref);
            const int scope = m_scopes.find(row.scope);
            if (scope >= 0 && m_states[static_cast<std::size_t>(scope)].executions > 0)
                v.evidence.push_back(m_states[static_cast<std::size_t>(scope)].lastExecRef);
            v.text.source = scope >= 0
                ? QT_TRANSLATE_NOOP("iw::Violations",
                    "the record is still in_progress and inspection flagged it stuck; the evidence shows its requests")
                : QT_TRANSLATE_NOOP("iw::Violations",
                    "the record is still in_progress and inspection flagged it stuck; no request of it is in the "
                    "evidence");
            v.detail = englishText(v.text, m_result.files);
            m_result.violations.push_back(std::move(v));
        }
        m_result.scopes = m_scopes.size() + m_extraScopes;
        m_result.judgementBytes = bytes() + m_extraBytes;
        if (m_options.keepExchanges) {
            m_result.scopeList.reserve(m_scopes.size());
            for (std::size_t i = 0; i < m_scopes.size(); ++i)
                m_result.scopeList.push_back(m_scopes[i]);
            std::vector<IntentCandidate> candidates;
            std::vector<std::string> operations;
            operations.reserve(m_result.exchanges.size());
            for (const JudgedExchange& j : m_result.exchanges)
                operations.push_back(j.x.operation());
            for (std::size_t i = 0; i < m_result.exchanges.size(); ++i) {
                const Exchange& x = m_result.exchanges[i].x;
                IntentCandidate c;
                c.actor = x.actor;
                c.operation = operations[i];
                c.fingerprint = x.fingerprint;
                if (x.key && !x.keyUnreadable)
                    c.key = *x.key;
                c.arrivalMs = x.startMs;
                candidates.push_back(c);
            }
            const std::vector<std::int64_t> first = suspectedIntents(candidates, m_options.intentWindowMs);
            for (std::size_t i = 0; i < first.size(); ++i) {
                m_result.exchanges[i].suspectedFirst = first[i];
                if (first[i] == static_cast<std::int64_t>(i))
                    ++m_result.summary.suspectedIntents;
            }
        }
    }

private:
    // The counts, the decision and the scope's violations of one exchange; `x` the whole exchange when it waited
    // whole (nullptr: packed, its scope's texts are the table's). The decision, and whether it executed.
    std::pair<std::optional<Decision>, bool> judgeFacts(const Facts& f, const Exchange* x)
    {
        ReconstructSummary& s = m_result.summary;
        ++s.exchanges;
        if (!s.firstMs)
            s.firstMs = f.startMs;
        s.lastMs = std::max(s.lastMs.value_or(f.startMs), f.startMs);
        ScopeState* st = f.scope >= 0 ? &m_states[static_cast<std::size_t>(f.scope)] : nullptr;
        if (m_recordLast && f.scope >= 0) {
            if (static_cast<std::size_t>(f.scope) >= m_last.size())
                m_last.resize(static_cast<std::size_t>(f.scope) + 1);
            m_last[static_cast<std::size_t>(f.scope)] = m_position;
        }
        std::optional<Decision> decision = infer(f, st);
        const bool execution = f.success() && decision
            && (*decision == Decision::Created || *decision == Decision::LeaseTakeover
                || *decision == Decision::ExpiredReexecuted || *decision == Decision::Unprotected);
        if (!f.has(Facts::HasStatus))
            ++s.noAnswer;
        if (f.has(Facts::ClientGaveUp))
            ++s.clientGaveUp;
        if (decision)
            ++m_decisions[static_cast<std::size_t>(*decision)];
        else if (f.has(Facts::HasStatus))
            ++m_unknownDecisions;
        if (execution)
            ++s.executions;
        if (decision && *decision == Decision::Replayed)
            ++s.replays;
        if (st)
            judgeScope(f, x, *st, decision, execution);
        return { decision, execution };
    }

    std::optional<Decision> infer(const Facts& x, const ScopeState* st)
    {
        if (x.decision != Facts::kNoDecision)
            return static_cast<Decision>(x.decision);
        if (!x.has(Facts::HasStatus))
            return std::nullopt;
        const int status = x.status;
        if (!x.scoped()) {
            if (status >= 200 && status < 300)
                return Decision::Unprotected;
            if (status == m_policy.missingKeyStatus)
                return x.has(Facts::KeyUnreadable) ? Decision::InvalidKey : Decision::MissingKey;
            return std::nullopt;
        }
        if (status >= 200 && status < 300) {
            const bool executedBefore = st && st->executions > 0;
            Tri replayed = x.replayed;
            if (replayed == Tri::Unknown && st && st->origResponse && x.has(Facts::ResponseHashKnown))
                replayed = x.responseHash == st->origResponse ? Tri::Yes : Tri::No;
            if (replayed == Tri::Unknown && !executedBefore)
                replayed = Tri::No; // the first success of a scope in the evidence: taken as its execution
            if (replayed == Tri::Unknown) {
                ++m_result.summary.unknownSuccesses;
                return std::nullopt;
            }
            if (replayed == Tri::Yes)
                return Decision::Replayed;
            if (executedBefore && st->lastExecStartMs != kNone && x.startMs - lastExecEnd(*st) > m_policy.ttlMs)
                return Decision::ExpiredReexecuted;
            return Decision::Created;
        }
        const std::uint64_t fp = x.fingerprint;
        const bool otherPayload = st && st->firstFingerprint && fp && fp != st->firstFingerprint;
        if (status == m_policy.mismatchStatus && (status != m_policy.inProgressStatus || otherPayload))
            return Decision::PayloadMismatch;
        if (status == m_policy.inProgressStatus)
            return Decision::ConflictInProgress;
        if (status == 503)
            return Decision::StoreUnavailable;
        if (status >= 500 && st && st->origStatus == status)
            return Decision::Replayed;
        if (status >= 500 && (!st || (st->origStatus < 0 && st->executions == 0)))
            return Decision::Created; // the first answer of its scope: a handler that failed after it began
        return std::nullopt;
    }

    static Millis lastExecEnd(const ScopeState& st)
    {
        return st.lastExecEndMs != kNone ? st.lastExecEndMs : st.lastExecStartMs;
    }

    const std::string& operation(const Exchange& x)
    {
        m_operation.assign(x.method).append(1, ' ').append(x.path);
        return m_operation;
    }

    // `x` the whole exchange, or nullptr when it was packed: then its scope (the actor, operation and key it was
    // read with, a packed exchange's profile scoping by them) is spelled from the scope table.
    void violation(ViolationKind kind, const Facts& f, const Exchange* x, std::vector<EvidenceRef> refs,
        ViolationText text, bool suspected = false)
    {
        Violation v;
        v.kind = kind;
        if (x)
            v.scope = { x->actor, x->operation(), x->key.value_or(std::string()) };
        else
            v.scope = m_scopes[static_cast<std::size_t>(f.scope)];
        v.suspected = suspected;
        v.atMs = f.startMs;
        v.detail = englishText(text, m_result.files);
        v.text = std::move(text);
        v.evidence = std::move(refs);
        m_result.violations.push_back(std::move(v));
        m_violationPositions.push_back(m_position);
    }

    void judgeScope(
        const Facts& f, const Exchange* x, ScopeState& st, const std::optional<Decision>& decision, bool execution)
    {
        const std::uint64_t fp = f.fingerprint;
        const EvidenceRef ref = f.ref();
        const std::optional<int> status = f.statusOrNone();
        // A success for another payload on a used key.
        if (f.success() && fp && st.firstFingerprint && fp != st.firstFingerprint) {
            EvidenceRef first;
            first.file = st.firstFingerprintFile;
            first.kind = static_cast<EvidenceRef::Kind>(st.firstFingerprintKind);
            first.at = st.firstFingerprintLine;
            violation(ViolationKind::SuccessAfterMismatch, f, x, { first, ref },
                { QT_TRANSLATE_NOOP("iw::Violations",
                      "answered %1 for a payload whose fingerprint differs from the one first sent with this key (%2)"),
                    { statusArg(status), refArg(first) } });
        }
        // An answer other than the profile's while an execution was running.
        if (st.executions > 0 && status && !f.success() && *status != m_policy.inProgressStatus
            && !(decision && *decision == Decision::PayloadMismatch) && st.lastExecEndMs != kNone
            && f.startMs >= st.lastExecStartMs && f.startMs < st.lastExecEndMs) {
            violation(ViolationKind::ConflictStatus, f, x, { st.lastExecRef, ref },
                { QT_TRANSLATE_NOOP("iw::Violations",
                      "arrived while %1 was still running and was answered %2; the %3 profile answers %4 in progress"),
                    { refArg(st.lastExecRef), statusArg(status), textArg(m_options.profile),
                        textArg(std::to_string(m_policy.inProgressStatus)) } });
        }
        if (decision && *decision == Decision::Replayed && st.origStatus >= 0) {
            const std::uint64_t resp = f.responseHash;
            if (status && *status != st.origStatus)
                violation(ViolationKind::ReplayDiffers, f, x, { st.origRef, ref },
                    { QT_TRANSLATE_NOOP("iw::Violations", "a replay answered %1 where the original (%2) answered %3"),
                        { statusArg(status), refArg(st.origRef), textArg(std::to_string(st.origStatus)) } });
            else if (resp && st.origResponse && resp != st.origResponse)
                violation(ViolationKind::ReplayDiffers, f, x, { st.origRef, ref },
                    { QT_TRANSLATE_NOOP("iw::Violations", "a replay's body differs from the original's (%1)"),
                        { refArg(st.origRef) } });
        }
        if (execution) {
            if (st.executions > 0) {
                const Millis gap = f.startMs - lastExecEnd(st);
                if (gap > m_policy.ttlMs)
                    violation(ViolationKind::LateRetryReexecuted, f, x, { st.lastExecRef, ref },
                        { QT_TRANSLATE_NOOP("iw::Violations",
                              "executed again %1 after the execution at %2, past the %3 window of %4"),
                            { durationArg(gap), refArg(st.lastExecRef), textArg(m_options.profile),
                                durationArg(m_policy.ttlMs) } });
                else
                    violation(ViolationKind::DuplicateExecution, f, x, { st.lastExecRef, ref },
                        { QT_TRANSLATE_NOOP(
                              "iw::Violations", "a second non-replayed success for one scope: %1 ran it first"),
                            { refArg(st.lastExecRef) } });
            }
            ++st.executions;
            st.lastExecStartMs = f.startMs;
            st.lastExecEndMs = f.endMs;
            st.lastExecRef = ref;
            if (st.origStatus < 0) {
                st.origStatus = static_cast<std::int16_t>(f.status);
                st.origResponse = f.responseHash;
                st.origRef = ref;
            }
        } else if (st.origStatus < 0 && status && *status >= 500 && *status != 503 && st.executions == 0) {
            // A stored error answer (the handler failed after it began) is what a replay must repeat.
            st.origStatus = static_cast<std::int16_t>(*status);
            st.origResponse = f.responseHash;
            st.origRef = ref;
        }
        if (fp && !st.firstFingerprint) {
            st.firstFingerprint = fp;
            st.firstFingerprintFile = static_cast<std::uint16_t>(ref.file);
            st.firstFingerprintKind = static_cast<std::uint8_t>(ref.kind);
            st.firstFingerprintLine = static_cast<std::uint32_t>(ref.at);
        }
    }
    void judgeGroup(const Facts& f, const Exchange& x, std::int64_t group)
    {
        GroupExecutions& g = m_groupExecutions[group];
        const bool keyless = !x.key || x.keyUnreadable;
        if (!g.has) {
            g.has = true;
            g.keyless = keyless;
            if (!keyless)
                g.key = *x.key;
            g.ref = x.ref;
            return;
        }
        if (!keyless && !g.keyless && g.key == *x.key)
            return; // the same scope: judged there
        ++m_result.summary.suspectedDuplicateExecutions;
        violation(ViolationKind::DuplicateExecution, f, &x, { g.ref, x.ref },
            { keyless ? QT_TRANSLATE_NOOP("iw::Violations",
                  "the same actor, operation and payload executed again under no key within %1 of %2 (a "
                  "suspected intent: a client minting a new key on retry, or a person ordering twice)")
                      : QT_TRANSLATE_NOOP("iw::Violations",
                          "the same actor, operation and payload executed again under another key within %1 of %2 (a "
                          "suspected intent: a client minting a new key on retry, or a person ordering twice)"),
                { durationArg(m_options.intentWindowMs), refArg(g.ref) } },
            true);
        g.reported = true;
    }

    const ReconstructOptions& m_options;
    const ServicePolicy& m_policy;
    ReconstructResult& m_result;
    ScopeTable m_scopes;
    std::vector<ScopeState> m_states;
    SuspectedIntentGrouper m_grouper;
    absl::flat_hash_map<std::int64_t, GroupExecutions> m_groupExecutions;
    std::uint64_t m_count = 0;
    std::string m_operation; // the exchange's, built once per exchange
    static constexpr std::uint32_t kNoName = std::numeric_limits<std::uint32_t>::max();
    std::string m_lastActor;
    std::uint32_t m_lastActorId = kNoName;
    std::string m_lastMethod;
    std::string m_lastPath;
    std::uint32_t m_lastOperationId = kNoName;
    std::array<std::int64_t, DecisionCount> m_decisions {};
    std::int64_t m_unknownDecisions = 0;
    std::uint64_t m_position = 0;
    std::vector<std::uint64_t> m_violationPositions; // of each violation judge() found
    bool m_recordLast = false;
    std::vector<std::uint64_t> m_last; // recordLast: each scope's last position
    bool m_sawFingerprint = false;
    std::size_t m_extraScopes = 0;
    std::size_t m_extraBytes = 0;
};

// The exchanges of a reading put back in time order. Each waits in a slot of a pool (slots are reused, so an exchange
// costs no allocation once the strings have grown), or, when the judge packs it (Judge::pack), only its facts wait, in
// a slot of a pool of those, and its exchange's slot is free at once; a line may be out of start order by up to
// reorderMs (a log written at each request's end), and an exchange is judged once it is older than the newest
// admitted by more than that. Most exchanges come in order: those wait in a queue, already sorted; only the others go
// through a heap of (instant, order of admission, slot). Either way the earliest waiting is judged first.
class Ordering {
public:
    explicit Ordering(const ReconstructOptions& options)
        : m_options(options)
    {
    }

    // The judge the exchanges go to, told of the next ones ahead of time (Judge::lookAhead).
    void lookAheadFor(const Judge& judge) { m_lookAhead = &judge; }
    // The judge that packs what it can of each exchange admitted (nullptr: every exchange waits whole). Its
    // packed exchanges must go to it: their scopes are its table's numbers.
    void packFor(Judge* judge)
    {
        assert(m_staged == 0); // drained first
        m_packer = judge;
    }
    Exchange& at(std::uint32_t slot) { return m_pool[slot]; }
    std::uint32_t take()
    {
        if (!m_free.empty()) {
            const std::uint32_t slot = m_free.back();
            m_free.pop_back();
            return slot;
        }
        m_pool.emplace_back();
        return static_cast<std::uint32_t>(m_pool.size() - 1);
    }
    void release(std::uint32_t slot) { m_free.push_back(slot); }

    // False when --window or --key leave the exchange out.
    bool inWindow(const Exchange& x) const
    {
        return !((m_options.fromMs && x.startMs < *m_options.fromMs) || (m_options.toMs && x.startMs >= *m_options.toMs)
            || (m_options.key && (!x.key || *x.key != *m_options.key)));
    }

    // Queues the exchange in `slot` and calls judged(Pending, order of admission) for every one now old enough.
    // When the judge packs, an exchange is admitted kStaged admissions later (the same admissions and judgements in
    // the same order, a few reads later): meanwhile its actor's name and then its scope are fetched, so packing it
    // finds them in the cache.
    template<class Judged> void admit(std::uint32_t slot, Judged&& judged)
    {
        if (!m_packer) {
            admitNow(slot, judged);
            return;
        }
        m_packer->lookAhead(m_pool[slot], 0);
        if (m_staged > 0)
            m_packer->lookAhead(m_pool[m_stage[(m_stageHead + m_staged - 1) % kStaged]], 1);
        if (m_staged == kStaged) {
            const std::uint32_t oldest = m_stage[m_stageHead];
            m_stage[m_stageHead] = slot;
            m_stageHead = (m_stageHead + 1) % kStaged;
            admitNow(oldest, judged);
            return;
        }
        m_stage[(m_stageHead + m_staged) % kStaged] = slot;
        ++m_staged;
    }
    // Admits the exchanges still staged: before the ordering is asked what it holds, or stops packing.
    template<class Judged> void drain(Judged&& judged)
    {
        while (m_staged > 0) {
            const std::uint32_t oldest = m_stage[m_stageHead];
            m_stageHead = (m_stageHead + 1) % kStaged;
            --m_staged;
            admitNow(oldest, judged);
        }
    }
    // Judges every exchange still waiting.
    template<class Judged> void flush(Judged&& judged)
    {
        drain(judged);
        while (!empty())
            judgeTop(judged);
    }

    bool empty() const { return m_heap.empty() && m_inOrder.empty(); }
    std::uint64_t admitted() const { return m_seq; }
    Millis newest() const { return m_newest; }
    template<class Visit> void forEachWaiting(Visit&& visit)
    {
        for (const Waiting& w : m_inOrder)
            visit(pending(w.slot), w.seq);
        for (const Waiting& w : m_heap)
            visit(pending(w.slot), w.seq);
    }

private:
    template<class Judged> void admitNow(std::uint32_t slot, Judged&& judged)
    {
        const Exchange& x = m_pool[slot];
        const Millis startMs = x.startMs;
        m_newest = std::max(m_newest, startMs);
        Facts facts;
        if (m_packer && m_packer->pack(x, facts)) {
            std::uint32_t packed = 0;
            if (!m_freePacked.empty()) {
                packed = m_freePacked.back();
                m_freePacked.pop_back();
                m_packed[packed] = facts;
            } else {
                packed = static_cast<std::uint32_t>(m_packed.size());
                m_packed.push_back(facts);
            }
            m_free.push_back(slot);
            slot = packed | kPackedSlot;
        }
        const Waiting w { startMs, m_seq++, slot };
        if (m_inOrder.empty() || m_inOrder.back().startMs <= w.startMs) {
            m_inOrder.push_back(w);
        } else {
            m_heap.push_back(w);
            std::push_heap(m_heap.begin(), m_heap.end(), later);
        }
        while (!empty() && earliest().startMs < m_newest - m_options.reorderMs)
            judgeTop(judged);
    }

    static constexpr std::uint32_t kPackedSlot = 0x80000000u; // in a Waiting's slot: a slot of m_packed
    struct Waiting {
        Millis startMs;
        std::uint64_t seq;
        std::uint32_t slot;
    };
    // A type, not a function: the heap's calls to it are inlined.
    struct Later {
        bool operator()(const Waiting& a, const Waiting& b) const
        {
            return a.startMs != b.startMs ? a.startMs > b.startMs : a.seq > b.seq;
        }
    };
    static constexpr Later later {};
    Pending pending(std::uint32_t slot)
    {
        if (slot & kPackedSlot)
            return { nullptr, &m_packed[slot & ~kPackedSlot] };
        return { &m_pool[slot], nullptr };
    }
    const Waiting& earliest() const
    {
        if (m_heap.empty())
            return m_inOrder.front();
        if (m_inOrder.empty())
            return m_heap.front();
        return later(m_inOrder.front(), m_heap.front()) ? m_heap.front() : m_inOrder.front();
    }
    template<class Judged> void judgeTop(Judged&& judged)
    {
        Waiting w {};
        if (!m_heap.empty() && (m_inOrder.empty() || later(m_inOrder.front(), m_heap.front()))) {
            std::pop_heap(m_heap.begin(), m_heap.end(), later);
            w = m_heap.back();
            m_heap.pop_back();
        } else {
            w = m_inOrder.front();
            m_inOrder.pop_front();
        }
        prefetchAhead();
        judged(pending(w.slot), w.seq);
        if (w.slot & kPackedSlot)
            m_freePacked.push_back(w.slot & ~kPackedSlot);
        else
            m_free.push_back(w.slot);
    }

    // An exchange waits for reorderMs of log time (ten minutes: tens of thousands of lines), so by the time it is
    // judged its slot and its key's text have left the cache, and the judge stalled on each of their lines. The
    // exchanges judged next are known (the in-order queue's front): their slots are fetched kSlotAhead judgements
    // ahead, and their keys' texts (whose address is in the slot, fetched by then) kKeyAhead ahead; a packed
    // exchange's scope state kScopeAhead ahead.
    static constexpr std::size_t kSlotAhead = 12;
    static constexpr std::size_t kKeyAhead = 6;
    static constexpr std::size_t kQueueAhead = 48;
    static constexpr std::size_t kNameAhead = 8;
    static constexpr std::size_t kScopeAhead = 3;
    void prefetchSlot(std::uint32_t slot) const
    {
        if (slot & kPackedSlot) {
            prefetchLine(&m_packed[slot & ~kPackedSlot]);
            return;
        }
        const char* const p = reinterpret_cast<const char*>(&m_pool[slot]);
        for (std::size_t at = 0; at < sizeof(Exchange); at += 64)
            prefetchLine(p + at);
        prefetchLine(p + sizeof(Exchange) - 1);
    }
    // The names and scope of the exchange in `slot` (stage 0, 1), or a packed one's state.
    void lookAhead(std::uint32_t slot, int stage) const
    {
        if (!m_lookAhead)
            return;
        if (slot & kPackedSlot) {
            if (stage == 1)
                m_lookAhead->prefetchState(m_packed[slot & ~kPackedSlot]);
            return;
        }
        m_lookAhead->lookAhead(m_pool[slot], stage);
    }
    void prefetchAhead()
    {
        // The heap's earliest (an exchange logged late, often a scope's first) is judged after some of the queue's:
        // the first judgement that sees it there fetches its slot, the next ones its names and scope.
        if (!m_heap.empty()) {
            const Waiting& f = m_heap.front();
            if (f.seq != m_heapAheadSeq) {
                m_heapAheadSeq = f.seq;
                m_heapAheadStage = 0;
                prefetchSlot(f.slot);
            } else if (m_heapAheadStage < 3) {
                if (m_heapAheadStage == 0 && !(f.slot & kPackedSlot) && m_pool[f.slot].key)
                    prefetchLine(m_pool[f.slot].key->data());
                if (m_heapAheadStage > 0)
                    lookAhead(f.slot, m_heapAheadStage - 1);
                ++m_heapAheadStage;
            }
        }
        if (m_inOrder.size() > kNameAhead)
            lookAhead(m_inOrder[kNameAhead].slot, 0);
        if (m_inOrder.size() > kScopeAhead)
            lookAhead(m_inOrder[kScopeAhead].slot, 1);
        // The queue's own entries were written as long ago (its blocks are not contiguous: the hardware's prefetch
        // stops at each).
        if (m_inOrder.size() > kQueueAhead)
            prefetchLine(&m_inOrder[kQueueAhead]);
        if (m_inOrder.size() > kSlotAhead)
            prefetchSlot(m_inOrder[kSlotAhead].slot);
        if (m_inOrder.size() > kKeyAhead) {
            const std::uint32_t slot = m_inOrder[kKeyAhead].slot;
            if (!(slot & kPackedSlot) && m_pool[slot].key)
                prefetchLine(m_pool[slot].key->data());
        }
    }

    const Judge* m_lookAhead = nullptr;
    Judge* m_packer = nullptr;
    static constexpr std::size_t kStaged = 3;
    std::array<std::uint32_t, kStaged> m_stage {};
    std::size_t m_stageHead = 0;
    std::size_t m_staged = 0;
    std::uint64_t m_heapAheadSeq = std::numeric_limits<std::uint64_t>::max();
    int m_heapAheadStage = 0;
    const ReconstructOptions& m_options;
    std::vector<Exchange> m_pool;
    std::vector<std::uint32_t> m_free;
    std::vector<Facts> m_packed;
    std::vector<std::uint32_t> m_freePacked;
    std::vector<Waiting> m_heap;
    std::deque<Waiting> m_inOrder;
    std::uint64_t m_seq = 0;
    Millis m_newest = kNone;
};

// Whether one file may be judged by two threads: a plain file large enough, read for a judgement only (no exchanges
// kept, no progress asked, no table rows to join), on a machine with a second core.
bool splittable(const std::string& path, const ReconstructOptions& options, const std::vector<EvidenceRow>& rows)
{
    const unsigned threads = options.threads ? options.threads : std::min(2u, std::thread::hardware_concurrency());
    if (threads < 2 || options.keepExchanges || options.progress || !rows.empty())
        return false;
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    return !ec && size >= options.splitMinBytes && size >= 2;
}

// Moves a part's line references (numbered from its first line) to the file's numbering.
void shiftLines(EvidenceRef& ref, std::uint64_t lines)
{
    if (ref.kind == EvidenceRef::Kind::Line)
        ref.at += lines;
}

// One JSON-lines or combined log, mapped, judged by two threads: the file is split at the line that starts nearest
// its middle; this thread judges the first part (A) and a second thread the second (B), each into its own per-scope
// state, as if each part were the whole file. The result must be the one a single thread gives, byte for byte:
//   - B's judgement of a scope is its own only when the scope has no exchange in A. The scopes that have (B's
//     scopes A's table knows, and those of the exchanges still waiting in A's queue when A's part ends) are taken
//     over: A's judge goes on over the start of B's part (reading it again) in the one order a single thread judges
//     in, and judges their exchanges itself, while a shadow judge repeats B's judgement of them, to be taken out of
//     B's counts; B's violations of those exchanges are dropped. It goes on until A's queue holds none of A's
//     exchanges and the last exchange of every scope taken over is judged.
//   - B's order is the single thread's only when no exchange of B started earlier than A's newest less reorderMs
//     (A's queue would have let it through at once); suspected intents group exchanges of different scopes over a
//     window (only exchanges with a known body take part). When B has such an exchange, or one with a body, or B's
//     reading failed, B's judgement is dropped and A's judge goes on over all of B's part: one thread's result.
//   - The violations carry their position in the judged order; B's (renumbered past A's lines) are put back among
//     A's by it.
// False when the file cannot be read in parts (not a mapped line format, a line longer than a mebibyte at the middle,
// the file replaced meanwhile): nothing was read, and the caller reads it in one thread.
bool judgeInParts(const std::string& path, EvidenceReader& readerA, const ReconstructOptions& options,
    ReconstructResult& result, Judge& judge)
{
    EvidenceInput* inA = readerA.lineInput();
    if (!inA || !inA->mapped())
        return false;
    const std::uint64_t size = inA->mappedSize();
    const auto mid = inA->lineStartAfter(size / 2);
    if (!mid || *mid == 0 || *mid >= size)
        return false;
    // B's reader and the reader that goes on over B's part for A: the file opened again, read as A's is.
    ReadOptions read = options.read;
    read.format = result.fileSummaries[0].format;
    read.keepReading = {};
    EvidenceFileSummary summaryB, summaryC;
    ProblemLog problemsB, problemsC;
    problemsB.limit = problemsC.limit = result.problems.limit;
    std::string error;
    auto readerB = openEvidence(path, 0, read, summaryB, problemsB, error);
    auto readerC = openEvidence(path, 0, read, summaryC, problemsC, error);
    if (!readerB || !readerC || !readerB->lineInput() || !readerC->lineInput()
        || readerB->lineInput()->fileId() != inA->fileId() || readerC->lineInput()->fileId() != inA->fileId()
        || readerB->lineInput()->mappedSize() < size || readerC->lineInput()->mappedSize() < size
        || !readerB->lineInput()->setRange(*mid, size, 0) || !inA->setRange(0, *mid, 0))
        return false;
    readerA.setPart();
    readerB->setPart();
    readerC->setPart();

    // B, on a second thread.
    ReconstructResult resultB;
    resultB.files = result.files;
    Judge judgeB(options, resultB);
    judgeB.recordLast();
    Millis minStartB = std::numeric_limits<Millis>::max();
    std::exception_ptr failureB;
    std::thread threadB([&] {
        try {
            Ordering order(options);
            order.lookAheadFor(judgeB);
            order.packFor(&judgeB);
            std::uint64_t position = 0;
            const auto judged = [&](const Pending& x, std::uint64_t) {
                judgeB.setPosition(position++);
                judgeB.judge(x);
            };
            for (;;) {
                const std::uint32_t slot = order.take();
                if (!readerB->next(order.at(slot))) {
                    order.release(slot);
                    break;
                }
                if (!order.inWindow(order.at(slot))) {
                    ++resultB.summary.outsideWindow;
                    order.release(slot);
                    continue;
                }
                minStartB = std::min(minStartB, order.at(slot).startMs);
                order.admit(slot, judged);
            }
            order.flush(judged);
        } catch (...) {
            failureB = std::current_exception();
        }
    });
    struct Joiner {
        std::thread& t;
        ~Joiner()
        {
            if (t.joinable())
                t.join();
        }
    } joiner { threadB };

    // A, on this one.
    Ordering order(options);
    order.lookAheadFor(judge);
    order.packFor(&judge);
    std::uint64_t position = 0; // in the whole file's judged order
    std::optional<Millis> firstJudged;
    const auto judgedA = [&](const Pending& x, std::uint64_t) {
        if (!firstJudged)
            firstJudged = x.startMs();
        judge.setPosition(position++);
        judge.judge(x);
    };
    for (;;) {
        const std::uint32_t slot = order.take();
        if (!readerA.next(order.at(slot))) {
            order.release(slot);
            break;
        }
        if (!order.inWindow(order.at(slot))) {
            ++result.summary.outsideWindow;
            order.release(slot);
            continue;
        }
        order.admit(slot, judgedA);
    }
    order.drain(judgedA);
    threadB.join();
    if (!readerA.failure().empty())
        throw ReconstructError(
            readerA.failure().rfind(path, 0) == 0 ? readerA.failure() : path + ": " + readerA.failure());
    const std::uint64_t linesA = inA->lineNumber();
    const std::uint64_t endA = order.admitted(); // orders of admission below this: A's exchanges

    bool exact = !failureB && readerB->failure().empty() && !judge.sawFingerprint() && !judgeB.sawFingerprint();
    if (exact && endA > 0 && minStartB < order.newest() - options.reorderMs)
        exact = false;
    // The scopes A's judge takes over.
    std::vector<bool> taken;
    std::size_t takenCount = 0;
    std::uint64_t lastTaken = 0;
    bool anyTaken = false;
    if (exact) {
        const std::size_t scopesB = judgeB.scopes().size();
        taken.assign(scopesB, false);
        const auto take = [&](std::size_t i) {
            if (taken[i])
                return;
            taken[i] = true;
            ++takenCount;
            anyTaken = true;
            lastTaken = std::max(lastTaken, judgeB.lastPosition(i));
        };
        // B's scopes looked for in A's table by their name numbers and packed keys, half of them on each thread:
        // the one step after the parts whose work grows with the scopes.
        const std::vector<std::uint32_t> names = judge.scopes().namesOf(judgeB.scopes());
        std::vector<std::uint8_t> known(scopesB, 0);
        const auto look = [&](std::size_t from, std::size_t to) {
            for (std::size_t i = from; i < to; ++i)
                known[i] = judge.scopes().findOf(judgeB.scopes(), i, names) >= 0;
        };
        std::thread helper(look, scopesB / 2, scopesB);
        look(0, scopesB / 2);
        helper.join();
        for (std::size_t i = 0; i < scopesB; ++i)
            if (known[i])
                take(i);
        const std::vector<std::uint32_t> namesOfA = judgeB.scopes().namesOf(judge.scopes());
        order.forEachWaiting([&](const Pending& x, std::uint64_t) {
            if (const int i = judgeB.findScope(x, judge, namesOfA); i >= 0)
                take(static_cast<std::size_t>(i));
        });
    }

    // A's judge goes on over B's part, in the single thread's order.
    ReconstructResult resultShadow;
    resultShadow.files = result.files;
    Judge shadow(options, resultShadow);
    std::uint64_t waitingA = 0;
    order.forEachWaiting([&](const Pending&, std::uint64_t) { ++waitingA; });
    // B's part read again goes to A's judge and the shadow whole: only A's own exchanges still waiting are packed.
    order.packFor(nullptr);
    std::uint64_t judgedB = 0; // of B's exchanges, judged while going on: the first judgedB of B's order
    std::vector<std::uint64_t> positionOfB; // their positions
    std::vector<std::uint64_t> takenB; // those taken over, by their position in B's order
    const auto judgedC = [&](const Pending& p, std::uint64_t seq) {
        if (!firstJudged)
            firstJudged = p.startMs();
        if (seq < endA || !exact) {
            waitingA -= seq < endA;
            judge.setPosition(position++);
            judge.judge(p);
            return;
        }
        Exchange& x = *p.whole; // read again while packing was off
        const std::uint64_t k = judgedB++;
        positionOfB.push_back(position);
        if (const int i = judgeB.findScope(x); i >= 0 && taken[static_cast<std::size_t>(i)]) {
            takenB.push_back(k);
            shadow.setPosition(k);
            shadow.judge(x);
            judge.setPosition(position);
            judge.judge(x);
        }
        ++position;
    };
    if (!exact || anyTaken || waitingA > 0) {
        if (!readerC->lineInput()->setRange(*mid, size, linesA))
            throw ReconstructError(path + ": the file changed while it was read");
        bool ended = false;
        while (!exact || waitingA > 0 || (anyTaken && judgedB <= lastTaken)) {
            const std::uint32_t slot = order.take();
            if (!readerC->next(order.at(slot))) {
                order.release(slot);
                ended = true;
                break;
            }
            if (!order.inWindow(order.at(slot))) {
                if (!exact)
                    ++result.summary.outsideWindow;
                order.release(slot);
                continue;
            }
            order.admit(slot, judgedC);
        }
        if (!readerC->failure().empty())
            throw ReconstructError(
                readerC->failure().rfind(path, 0) == 0 ? readerC->failure() : path + ": " + readerC->failure());
        if (ended)
            order.flush(judgedC);
    }

    // The parts put together.
    EvidenceFileSummary& f = result.fileSummaries[0];
    const EvidenceFileSummary& partB = exact ? summaryB : summaryC;
    const ProblemLog& problems = exact ? problemsB : problemsC;
    f.units += partB.units;
    f.exchanges += partB.exchanges;
    f.skipped += partB.skipped;
    f.withoutZone += partB.withoutZone;
    f.bodiesUnread += partB.bodiesUnread;
    f.plainLines += partB.plainLines;
    f.bytes += partB.bytes;
    for (EvidenceProblem p : problems.named) {
        if (result.problems.named.size() >= result.problems.limit)
            break;
        if (exact)
            shiftLines(p.ref, linesA);
        result.problems.named.push_back(std::move(p));
    }
    result.problems.total += problems.total;
    if (f.exchanges == 0 && f.skipped > 0)
        throw ReconstructError(path + ": no line of " + path + " could be read as "
            + (f.format == EvidenceFormat::Combined ? "a combined log line" : "an access-log line"));
    result.threads = 2;
    result.secondPartJudgedAgain = !exact;
    if (!exact)
        return true;

    judge.absorb(judgeB, shadow);
    result.summary.outsideWindow += resultB.summary.outsideWindow;
    result.summary.firstMs = firstJudged ? firstJudged : resultB.summary.firstMs;
    if (resultB.summary.lastMs)
        result.summary.lastMs
            = std::max(result.summary.lastMs.value_or(*resultB.summary.lastMs), *resultB.summary.lastMs);
    judge.addScopes(judgeB.scopes().size() - takenCount, judgeB.bytes());
    // B's violations, renumbered, among A's by their positions.
    std::sort(takenB.begin(), takenB.end());
    const std::uint64_t endPosition = position;
    const auto positionOf = [&](std::uint64_t k) { return k < judgedB ? positionOfB[k] : endPosition + (k - judgedB); };
    std::vector<Violation> merged;
    merged.reserve(result.violations.size() + resultB.violations.size());
    const std::vector<std::uint64_t>& positionsA = judge.violationPositions();
    const std::vector<std::uint64_t>& positionsB = judgeB.violationPositions();
    std::size_t a = 0;
    for (std::size_t b = 0; b < resultB.violations.size(); ++b) {
        const std::uint64_t k = positionsB[b];
        if (std::binary_search(takenB.begin(), takenB.end(), k))
            continue;
        const std::uint64_t at = positionOf(k);
        while (a < result.violations.size() && positionsA[a] <= at)
            merged.push_back(std::move(result.violations[a++]));
        Violation v = std::move(resultB.violations[b]);
        for (EvidenceRef& ref : v.evidence)
            shiftLines(ref, linesA);
        for (ViolationTextArg& arg : v.text.args)
            if (arg.kind == ViolationTextArg::Kind::Ref)
                shiftLines(arg.ref, linesA);
        v.detail = englishText(v.text, result.files);
        merged.push_back(std::move(v));
    }
    while (a < result.violations.size())
        merged.push_back(std::move(result.violations[a++]));
    result.violations = std::move(merged);
    return true;
}

} // namespace

ReconstructResult reconstruct(
    const std::vector<std::string>& files, const ReconstructOptions& options, const std::vector<EvidenceRow>& rows)
{
    ReconstructResult result;
    result.files = files;
    result.fileSummaries.resize(files.size());
    ReconstructProgress progress;
    for (const std::string& f : files) {
        std::error_code ec;
        const auto size = std::filesystem::file_size(f, ec);
        if (!ec)
            progress.totalBytes += size;
    }
    ReadOptions read = options.read; // the readers hold it: it outlives them
    std::vector<std::unique_ptr<EvidenceReader>> readers;
    // What the files of readers already closed had read: their bytes stay counted.
    std::uint64_t closedBytes = 0;
    const auto report = [&] {
        progress.bytes = closedBytes;
        for (const auto& r : readers)
            if (r)
                progress.bytes += r->bytesRead();
        if (!options.progress(progress))
            throw ReconstructCancelled();
    };
    // A document read whole (HAR, OTLP) asks between its pieces whether to go on: a 1 GB HAR is cancelled while it
    // is read and parsed, not after.
    bool cancelled = false;
    if (options.progress)
        read.keepReading = [&](std::uint64_t documentBytes) {
            progress.bytes = closedBytes + documentBytes;
            for (const auto& r : readers)
                if (r)
                    progress.bytes += r->bytesRead();
            cancelled = !options.progress(progress);
            return !cancelled;
        };
    for (std::size_t i = 0; i < files.size(); ++i) {
        std::string error;
        auto r = openEvidence(
            files[i], static_cast<std::uint32_t>(i), read, result.fileSummaries[i], result.problems, error);
        if (cancelled)
            throw ReconstructCancelled();
        if (!r)
            throw ReconstructError(error);
        progress.compressed = progress.compressed || result.fileSummaries[i].compressed;
        readers.push_back(std::move(r));
        if (options.progress)
            report();
    }
    Judge judge(options, result);
    // One large plain file: two threads, each judging half of it (judgeInParts); else the files merged on time here.
    if (!(readers.size() == 1 && splittable(files[0], options, rows)
            && judgeInParts(files[0], *readers[0], options, result, judge))) {
        // The files merged on their exchanges' instants: each reader's next exchange waits in a slot of `order`.
        Ordering order(options);
        order.lookAheadFor(judge);
        order.packFor(&judge);
        constexpr std::uint32_t kNoSlot = std::numeric_limits<std::uint32_t>::max();
        std::vector<std::uint32_t> ahead(readers.size(), kNoSlot);
        const auto pull = [&](std::size_t i) {
            const std::uint32_t slot = order.take();
            if (readers[i] && readers[i]->next(order.at(slot))) {
                ahead[i] = slot;
                return;
            }
            order.release(slot);
            ahead[i] = kNoSlot;
            if (readers[i] && !readers[i]->failure().empty()) {
                const std::string why = readers[i]->failure();
                throw ReconstructError(why.rfind(files[i], 0) == 0 ? why : files[i] + ": " + why);
            }
            if (readers[i])
                closedBytes += readers[i]->bytesRead();
            readers[i].reset();
        };
        for (std::size_t i = 0; i < readers.size(); ++i)
            pull(i);
        const auto judged = [&](const Pending& x, std::uint64_t) { judge.judge(x); };
        for (;;) {
            std::size_t best = ahead.size();
            for (std::size_t i = 0; i < ahead.size(); ++i)
                if (ahead[i] != kNoSlot
                    && (best == ahead.size() || order.at(ahead[i]).startMs < order.at(ahead[best]).startMs))
                    best = i;
            if (best == ahead.size())
                break;
            const std::uint32_t slot = ahead[best];
            ahead[best] = kNoSlot;
            if (order.inWindow(order.at(slot)))
                order.admit(slot, judged);
            else {
                ++result.summary.outsideWindow;
                order.release(slot);
            }
            pull(best);
            if (options.progress && (++progress.exchanges & 4095) == 0)
                report();
        }
        if (options.progress)
            report();
        order.flush(judged);
    }
    std::uint64_t exchanges = 0;
    for (const EvidenceFileSummary& f : result.fileSummaries)
        exchanges += f.exchanges;
    if (exchanges == 0 && rows.empty()) {
        std::string names;
        for (const std::string& f : files)
            names += (names.empty() ? "" : ", ") + f;
        throw ReconstructError("nothing in the evidence holds a request (" + names
            + "): " + std::to_string(result.problems.total) + " lines, entries or spans were skipped");
    }
    judge.finish(rows);
    std::stable_sort(result.violations.begin(), result.violations.end(),
        [](const Violation& a, const Violation& b) { return a.atMs < b.atMs; });
    return result;
}

std::vector<EvidenceRow> rowsFromInspection(std::string_view text, const std::string& fileName, std::uint32_t fileIndex)
{
    const auto fail = [&](json::Position pos, const std::string& what) {
        return ReconstructError(
            fileName + ":" + std::to_string(pos.line) + ":" + std::to_string(pos.column) + ": " + what);
    };
    json::Value root;
    try {
        root = json::parse(text);
    } catch (const json::ParseError& e) {
        throw fail(e.position(), e.what());
    }
    const json::Value* records = root.isObject() ? root.find("records") : nullptr;
    if (!records || !records->isArray())
        throw fail(root.pos, "not the JSON of inspect --json (expected an object with \"records\": [...])");
    std::vector<EvidenceRow> rows;
    std::uint64_t index = 0;
    for (const json::Value& r : records->array) {
        if (!r.isObject())
            throw fail(r.pos, "a record that is not an object");
        EvidenceRow row;
        const auto str = [&](const char* name, bool required) -> std::string {
            const json::Value* v = r.find(name);
            if (!v || v->isNull()) {
                if (required)
                    throw fail(r.pos, std::string("a record without \"") + name + "\"");
                return {};
            }
            if (!v->isString())
                throw fail(v->pos, std::string("\"") + name + "\": expected a string");
            return v->string;
        };
        const auto num = [&](const char* name) -> std::optional<Millis> {
            const json::Value* v = r.find(name);
            if (!v || v->isNull())
                return std::nullopt;
            const json::ExactInteger i = v->isNumber() ? json::exactInteger(*v) : json::ExactInteger {};
            if (i.kind != json::ExactInteger::Kind::Integer)
                throw fail(v->pos, std::string("\"") + name + "\": expected an integer or null");
            return i.negative ? -i.value : i.value;
        };
        row.scope = { str("actor", true), str("operation", true), str("key", true) };
        row.state = str("state", true);
        row.payloadHash = str("payload_hash", false);
        if (const auto s = num("status_code"))
            row.statusCode = static_cast<int>(*s);
        row.createdMs = num("created_ms");
        row.completedMs = num("completed_ms");
        row.expiresMs = num("expires_ms");
        if (const json::Value* a = r.find("anomalies"); a && a->isArray())
            for (const json::Value& k : a->array)
                if (k.isString() && k.string == "stuck_in_progress")
                    row.stuck = true;
        row.ref = { fileIndex, EvidenceRef::Kind::Row, index++ };
        rows.push_back(std::move(row));
    }
    return rows;
}

bool parseWindow(
    std::string_view text, bool assumeUtc, std::optional<Millis>& from, std::optional<Millis>& to, std::string& error)
{
    const std::size_t dots = text.find("..");
    if (dots == std::string_view::npos) {
        error = "--window expects FROM..TO (ISO 8601 instants with a zone; either side may be empty)";
        return false;
    }
    const auto side = [&](std::string_view s, std::optional<Millis>& out) {
        if (s.empty())
            return true;
        const ParsedTime t = parseTimestamp(s, TimeFormat::Auto, assumeUtc);
        if (t.status == ParsedTime::Status::NoZone) {
            error = "--window: \"" + std::string(s) + "\" has no zone (add Z or an offset, or give --assume-utc)";
            return false;
        }
        if (t.status != ParsedTime::Status::Ok) {
            error = "--window: \"" + std::string(s)
                + "\" is not an instant (expected ISO 8601, e.g. "
                  "2026-12-06T10:00:00Z)";
            return false;
        }
        out = t.ms;
        return true;
    };
    if (!side(text.substr(0, dots), from) || !side(text.substr(dots + 2), to))
        return false;
    if (from && to && *to <= *from) {
        error = "--window: TO must be after FROM";
        return false;
    }
    return true;
}

} // namespace iw
