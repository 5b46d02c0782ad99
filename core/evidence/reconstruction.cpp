// The judgement of the evidence: files merged on time, one state per scope, the violations of
// docs/reference/reconstruct.md.
#include "reconstruction.h"

#include "json.h"
#include "nametable.h"
#include "placeholders.h"
#include "timestamps.h"

#include <absl/container/flat_hash_map.h>

#include <algorithm>
#include <array>
#include <deque>
#include <filesystem>
#include <limits>

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

bool success(const Exchange& x)
{
    return x.status && *x.status >= 200 && *x.status < 300;
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

    void judge(Exchange& x)
    {
        ReconstructSummary& s = m_result.summary;
        ++s.exchanges;
        if (!s.firstMs)
            s.firstMs = x.startMs;
        s.lastMs = std::max(s.lastMs.value_or(x.startMs), x.startMs);
        const bool scoped = x.key && !x.keyUnreadable;
        int scope = -1;
        ScopeState* st = nullptr;
        m_operation.assign(x.method).append(1, ' ').append(x.path);
        if (scoped && !m_policy.plainScope()) {
            // The profile's key scope (express-idempotency: the key alone; node-idempotency: the operation with its
            // query as logged): the scope its store keeps the record under.
            const Scope s = m_policy.storeScope(x.actor, m_operation, x.query, *x.key);
            scope = m_scopes.intern(m_scopes.name(s.actor), m_scopes.name(s.operation), s.key);
            if (static_cast<std::size_t>(scope) >= m_states.size())
                m_states.resize(static_cast<std::size_t>(scope) + 1);
            st = &m_states[static_cast<std::size_t>(scope)];
        } else if (scoped) {
            // Consecutive lines mostly share their operation (and often their actor): their name numbers are kept.
            if (m_lastActorId == kNoName || x.actor != m_lastActor) {
                m_lastActor = x.actor;
                m_lastActorId = m_scopes.name(x.actor);
            }
            if (m_lastOperationId == kNoName || m_operation != m_lastOperation) {
                m_lastOperation = m_operation;
                m_lastOperationId = m_scopes.name(m_operation);
            }
            scope = m_scopes.intern(m_lastActorId, m_lastOperationId, *x.key);
            if (static_cast<std::size_t>(scope) >= m_states.size())
                m_states.resize(static_cast<std::size_t>(scope) + 1);
            st = &m_states[static_cast<std::size_t>(scope)];
        }
        std::optional<Decision> decision = infer(x, st);
        const bool execution = success(x) && decision
            && (*decision == Decision::Created || *decision == Decision::LeaseTakeover
                || *decision == Decision::ExpiredReexecuted || *decision == Decision::Unprotected);
        if (!x.status)
            ++s.noAnswer;
        if (x.clientGaveUp)
            ++s.clientGaveUp;
        if (decision)
            ++m_decisions[static_cast<std::size_t>(*decision)];
        else if (x.status)
            ++m_unknownDecisions;
        if (execution)
            ++s.executions;
        if (decision && *decision == Decision::Replayed)
            ++s.replays;

        if (st)
            judgeScope(x, *st, decision, execution);

        // Suspected intents: the engine's one rule, over what the evidence shows (bodies known only).
        if (!x.fingerprint.empty()) {
            IntentCandidate c;
            c.actor = x.actor;
            c.operation = m_operation;
            c.fingerprint = x.fingerprint;
            if (x.key && !x.keyUnreadable)
                c.key = *x.key;
            c.arrivalMs = x.startMs;
            const std::int64_t group = m_grouper.add(c);
            if (group >= 0 && execution)
                judgeGroup(x, group);
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
        m_result.scopes = m_scopes.size();
        m_result.judgementBytes = m_states.capacity() * sizeof(ScopeState) + m_scopes.size() * 48
            + m_grouper.openGroups() * 160 + m_groupExecutions.size() * 96;
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
    std::optional<Decision> infer(const Exchange& x, const ScopeState* st)
    {
        if (x.decision)
            if (const auto d = decisionFromName(*x.decision))
                return d;
        if (!x.status)
            return std::nullopt;
        const int status = *x.status;
        if (!x.key || x.keyUnreadable) {
            if (status >= 200 && status < 300)
                return Decision::Unprotected;
            if (status == m_policy.missingKeyStatus)
                return x.keyUnreadable ? Decision::InvalidKey : Decision::MissingKey;
            return std::nullopt;
        }
        if (status >= 200 && status < 300) {
            const bool executedBefore = st && st->executions > 0;
            Tri replayed = x.replayed;
            if (replayed == Tri::Unknown && st && st->origResponse && !x.responseHash.empty())
                replayed = hashPrefix(x.responseHash) == st->origResponse ? Tri::Yes : Tri::No;
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
        const std::uint64_t fp = hashPrefix(x.fingerprint);
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

    void violation(ViolationKind kind, const Exchange& x, std::vector<EvidenceRef> refs, ViolationText text,
        bool suspected = false)
    {
        Violation v;
        v.kind = kind;
        v.scope = { x.actor, x.operation(), x.key.value_or(std::string()) };
        v.suspected = suspected;
        v.atMs = x.startMs;
        v.detail = englishText(text, m_result.files);
        v.text = std::move(text);
        v.evidence = std::move(refs);
        m_result.violations.push_back(std::move(v));
    }

    void judgeScope(const Exchange& x, ScopeState& st, const std::optional<Decision>& decision, bool execution)
    {
        const std::uint64_t fp = hashPrefix(x.fingerprint);
        // A success for another payload on a used key.
        if (success(x) && fp && st.firstFingerprint && fp != st.firstFingerprint) {
            EvidenceRef first;
            first.file = st.firstFingerprintFile;
            first.kind = static_cast<EvidenceRef::Kind>(st.firstFingerprintKind);
            first.at = st.firstFingerprintLine;
            violation(ViolationKind::SuccessAfterMismatch, x, { first, x.ref },
                { QT_TRANSLATE_NOOP("iw::Violations",
                      "answered %1 for a payload whose fingerprint differs from the one first sent with this key (%2)"),
                    { statusArg(x.status), refArg(first) } });
        }
        // An answer other than the profile's while an execution was running.
        if (st.executions > 0 && x.status && !success(x) && *x.status != m_policy.inProgressStatus
            && !(decision && *decision == Decision::PayloadMismatch) && st.lastExecEndMs != kNone
            && x.startMs >= st.lastExecStartMs && x.startMs < st.lastExecEndMs) {
            violation(ViolationKind::ConflictStatus, x, { st.lastExecRef, x.ref },
                { QT_TRANSLATE_NOOP("iw::Violations",
                      "arrived while %1 was still running and was answered %2; the %3 profile answers %4 in progress"),
                    { refArg(st.lastExecRef), statusArg(x.status), textArg(m_options.profile),
                        textArg(std::to_string(m_policy.inProgressStatus)) } });
        }
        if (decision && *decision == Decision::Replayed && st.origStatus >= 0) {
            const std::uint64_t resp = hashPrefix(x.responseHash);
            if (x.status && *x.status != st.origStatus)
                violation(ViolationKind::ReplayDiffers, x, { st.origRef, x.ref },
                    { QT_TRANSLATE_NOOP("iw::Violations", "a replay answered %1 where the original (%2) answered %3"),
                        { statusArg(x.status), refArg(st.origRef), textArg(std::to_string(st.origStatus)) } });
            else if (resp && st.origResponse && resp != st.origResponse)
                violation(ViolationKind::ReplayDiffers, x, { st.origRef, x.ref },
                    { QT_TRANSLATE_NOOP("iw::Violations", "a replay's body differs from the original's (%1)"),
                        { refArg(st.origRef) } });
        }
        if (execution) {
            if (st.executions > 0) {
                const Millis gap = x.startMs - lastExecEnd(st);
                if (gap > m_policy.ttlMs)
                    violation(ViolationKind::LateRetryReexecuted, x, { st.lastExecRef, x.ref },
                        { QT_TRANSLATE_NOOP("iw::Violations",
                              "executed again %1 after the execution at %2, past the %3 window of %4"),
                            { durationArg(gap), refArg(st.lastExecRef), textArg(m_options.profile),
                                durationArg(m_policy.ttlMs) } });
                else
                    violation(ViolationKind::DuplicateExecution, x, { st.lastExecRef, x.ref },
                        { QT_TRANSLATE_NOOP(
                              "iw::Violations", "a second non-replayed success for one scope: %1 ran it first"),
                            { refArg(st.lastExecRef) } });
            }
            ++st.executions;
            st.lastExecStartMs = x.startMs;
            st.lastExecEndMs = x.endMs ? *x.endMs : kNone;
            st.lastExecRef = x.ref;
            if (st.origStatus < 0) {
                st.origStatus = static_cast<std::int16_t>(*x.status);
                st.origResponse = hashPrefix(x.responseHash);
                st.origRef = x.ref;
            }
        } else if (st.origStatus < 0 && x.status && *x.status >= 500 && *x.status != 503 && st.executions == 0) {
            // A stored error answer (the handler failed after it began) is what a replay must repeat.
            st.origStatus = static_cast<std::int16_t>(*x.status);
            st.origResponse = hashPrefix(x.responseHash);
            st.origRef = x.ref;
        }
        if (fp && !st.firstFingerprint) {
            st.firstFingerprint = fp;
            st.firstFingerprintFile = static_cast<std::uint16_t>(x.ref.file);
            st.firstFingerprintKind = static_cast<std::uint8_t>(x.ref.kind);
            st.firstFingerprintLine = static_cast<std::uint32_t>(x.ref.at);
        }
    }

    void judgeGroup(const Exchange& x, std::int64_t group)
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
        violation(ViolationKind::DuplicateExecution, x, { g.ref, x.ref },
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
    std::string m_lastOperation;
    std::uint32_t m_lastOperationId = kNoName;
    std::array<std::int64_t, DecisionCount> m_decisions {};
    std::int64_t m_unknownDecisions = 0;
};

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
    // The files merged on their exchanges' instants: each reader's next exchange waits in a slot of `pool`; a heap
    // of (instant, order, slot) orders what a file wrote out of order (a log written at each request's end) within
    // reorderMs. Slots are reused, so a line costs no allocation once the strings have grown.
    std::vector<Exchange> pool;
    std::vector<std::uint32_t> freeSlots;
    const auto take = [&]() -> std::uint32_t {
        if (!freeSlots.empty()) {
            const std::uint32_t slot = freeSlots.back();
            freeSlots.pop_back();
            return slot;
        }
        pool.emplace_back();
        return static_cast<std::uint32_t>(pool.size() - 1);
    };
    constexpr std::uint32_t kNoSlot = std::numeric_limits<std::uint32_t>::max();
    std::vector<std::uint32_t> ahead(readers.size(), kNoSlot);
    const auto pull = [&](std::size_t i) {
        const std::uint32_t slot = take();
        if (readers[i] && readers[i]->next(pool[slot])) {
            ahead[i] = slot;
            return;
        }
        freeSlots.push_back(slot);
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
    struct Waiting {
        Millis startMs;
        std::uint64_t seq;
        std::uint32_t slot;
    };
    const auto later = [](const Waiting& a, const Waiting& b) {
        return a.startMs != b.startMs ? a.startMs > b.startMs : a.seq > b.seq;
    };
    // Most exchanges come in order: those wait in a queue, already sorted; only the others go through the heap.
    std::vector<Waiting> heap;
    std::deque<Waiting> inOrder;
    std::uint64_t seq = 0;
    Millis newest = kNone;
    const auto earliest = [&]() -> const Waiting& {
        if (heap.empty())
            return inOrder.front();
        if (inOrder.empty())
            return heap.front();
        return later(inOrder.front(), heap.front()) ? heap.front() : inOrder.front();
    };
    const auto judgeTop = [&] {
        std::uint32_t slot = 0;
        if (!heap.empty() && (inOrder.empty() || later(inOrder.front(), heap.front()))) {
            std::pop_heap(heap.begin(), heap.end(), later);
            slot = heap.back().slot;
            heap.pop_back();
        } else {
            slot = inOrder.front().slot;
            inOrder.pop_front();
        }
        judge.judge(pool[slot]);
        freeSlots.push_back(slot);
    };
    const auto admit = [&](std::uint32_t slot) {
        const Exchange& x = pool[slot];
        if ((options.fromMs && x.startMs < *options.fromMs) || (options.toMs && x.startMs >= *options.toMs)
            || (options.key && (!x.key || *x.key != *options.key))) {
            ++result.summary.outsideWindow;
            freeSlots.push_back(slot);
            return;
        }
        newest = std::max(newest, x.startMs);
        const Waiting w { x.startMs, seq++, slot };
        if (inOrder.empty() || inOrder.back().startMs <= w.startMs) {
            inOrder.push_back(w);
        } else {
            heap.push_back(w);
            std::push_heap(heap.begin(), heap.end(), later);
        }
        while ((!heap.empty() || !inOrder.empty()) && earliest().startMs < newest - options.reorderMs)
            judgeTop();
    };
    for (;;) {
        std::size_t best = ahead.size();
        for (std::size_t i = 0; i < ahead.size(); ++i)
            if (ahead[i] != kNoSlot && (best == ahead.size() || pool[ahead[i]].startMs < pool[ahead[best]].startMs))
                best = i;
        if (best == ahead.size())
            break;
        const std::uint32_t slot = ahead[best];
        ahead[best] = kNoSlot;
        admit(slot);
        pull(best);
        if (options.progress && (++progress.exchanges & 4095) == 0)
            report();
    }
    if (options.progress)
        report();
    while (!heap.empty() || !inOrder.empty())
        judgeTop();
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
