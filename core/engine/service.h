// The simulated service: the only place where idempotency decisions are made (docs/reference/decisions.md). A request
// is handled by a RequestProcess, a small state machine that says what it waits for next (a store step of db_ms, or the
// handler) and is resumed when that ends. The simulation resumes it in virtual time; the race mode resumes it at once
// on a real thread; both therefore run exactly the same rules against the same store operations.
#pragma once

#include "domain.h"
#include "policy.h"
#include "store.h"

#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace iw {

class StateHasher;

struct IncomingRequest {
    std::string id; // r1, r2, …
    std::string intent;
    Scope scope; // scope.key is meaningful only when hasKey
    bool hasKey = true;
    std::string fingerprint; // SHA-256 hex of the significant payload
    bool keyUnreadable = false; // served over HTTP: the key header could not be read, so the key is invalid
};

// A request held for a process, and its fingerprint for RequestProcess::hashState() once taken: made once, it can be
// handed to every process that serves the same request (a search's runs repeat each arrival on every branch). Only a
// search fingerprints, so only a search asks for it (`fingerprinted`); a process asked without it takes it then.
struct HeldRequest {
    std::shared_ptr<const IncomingRequest> request;
    std::optional<std::uint64_t> hash;
};
HeldRequest holdRequest(IncomingRequest&& request, bool fingerprinted = false);
// The same for a request filled in place (a simulation refills the one its last process held when no one else holds
// it: a request's strings were four allocations of every arrival).
HeldRequest holdRequest(std::shared_ptr<IncomingRequest> request, bool fingerprinted = false);

// Faults that strike inside the service for one request (docs/reference/scenario.md).
struct HandlerFaults {
    // AfterUpstream (docs/reference/routes.md crash_after_upstream): the process dies when its upstream call's 2xx
    // answer arrives. AfterClaim (docs/manual/stores.md crash_after_claim): the process dies right after its claim (or
    // takeover) is written, before anything else — with HSETNX then EXPIRE, before its EXPIRE.
    enum class Crash { None, BeforeEffect, AfterEffect, AfterUpstream, AfterClaim };
    std::optional<int> rejectStatus; // reject_payload
    std::optional<int> errorStatus; // handler_error
    Crash crash = Crash::None;
    std::optional<Millis> handlerMs; // slow_handler
    // docs/manual/stores.md rollback_claim (mysql): the claim transaction stays open this long after its INSERT, then
    // rolls back.
    std::optional<Millis> rollbackClaimMs;
    // docs/manual/stores.md clock_skew (dynamodb): the clock of the service instance (the DynamoDB client) handling
    // this attempt is off by this much; the expiries it writes and compares are taken from it.
    Millis clockSkewMs = 0;
    // docs/manual/stores.md large_response: the handler's successful answer is padded to this many bytes.
    std::optional<std::int64_t> responseBytes;
};

// What the process needs from its surroundings besides the store.
class ServiceEnvironment {
public:
    virtual ~ServiceEnvironment() = default;
    // A store step that starts at `now` fails (db_down window).
    virtual bool storeDown(Millis now) const = 0;
    // The business action ran for this request at `at`: returns the effect's stable id (e1, e2, …).
    virtual std::string executeEffect(const IncomingRequest& request, Millis at) = 0;
};

struct Outcome {
    Decision decision = Decision::Created;
    std::optional<int> status;
    std::optional<std::string> body;
    // e.g. "claim lost", "row read", "not expired", … — static texts, so recording a path costs no allocation per step.
    std::vector<const char*> rulePath;
    std::string storeError; // what the store said, when a store step failed
    Millis decidedAt = 0;
    std::optional<std::string> effectId;
    bool responds = true; // false when the handling process crashed: no response leaves
    std::optional<std::string> storedFingerprint; // on a mismatch: the fingerprint the row holds
};

// One store step or the handler run of one request, as the service did it (for the sequence view,
// docs/manual/teaching.md): what it was, when it started and ended, and the rule-path steps it produced (its result) as
// a slice of Outcome::rulePath. Reports do not read it.
struct ServiceStep {
    enum class Kind : std::uint8_t {
        Claim, // INSERT … ON CONFLICT DO NOTHING
        Read, // the loser's read of the row
        Overwrite, // takeover or expired overwrite (conditional)
        Complete, // the completion write
        Delete, // store_errors false: the claim is deleted
        Select, // check_then_insert's SELECT
        Insert, // check_then_insert's INSERT
        Update, // check_then_insert's UPDATE of an expired row
        TestAndSet, // seen_flag
        SeenComplete, // seen_flag's completion step (writes nothing)
        Handler, // the handler (the business action)
        Expire, // redis hset_then_expire: the EXPIRE after the HSETNX claim
        Wait, // in_progress_wait_ms (docs/reference/decisions.md#profiles): a pause before the record is read again
        LockWait, // mysql: the INSERT waits on another transaction's lock of the same key
        Rollback, // mysql rollback_claim: the claim transaction stays open, then rolls back
    };
    Kind kind = Kind::Claim;
    Millis start = 0;
    Millis end = -1; // -1: still running
    int firstPath = 0; // index into Outcome::rulePath of its first result step
    int pathCount = 0;
};
std::string_view serviceStepName(ServiceStep::Kind kind);

class RequestProcess {
public:
    // Upstream (docs/reference/routes.md): the handler has begun and sent its call to the next hop; the driver answers
    // it with upstreamAnswered().
    enum class Wait { StoreStep, Handler, Done, Upstream };
    struct Next {
        Wait wait = Wait::Done;
        Millis duration = 0;
    };

    RequestProcess(const ServicePolicy& policy, IdempotencyStore& store, ServiceEnvironment& env, HeldRequest request,
        HandlerFaults faults);
    RequestProcess(const ServicePolicy& policy, IdempotencyStore& store, ServiceEnvironment& env,
        IncomingRequest&& request, HandlerFaults faults)
        : RequestProcess(policy, store, env, holdRequest(std::move(request)), faults)
    {
    }
    RequestProcess(const ServicePolicy& policy, IdempotencyStore& store, ServiceEnvironment& env,
        const IncomingRequest& request, HandlerFaults faults)
        : RequestProcess(policy, store, env, IncomingRequest(request), faults)
    {
    }

    // The process as the constructor makes it, for another request, but for the buffers of the lists it fills: a
    // simulation keeps a process per flight and starts it again for each attempt.
    void restart(const ServicePolicy& policy, IdempotencyStore& store, ServiceEnvironment& env, HeldRequest request,
        HandlerFaults faults);

    // The request reaches the service at `now`.
    Next arrive(Millis now);
    // The store step or handler it waited for ends at `now`.
    Next resume(Millis now);

    bool done() const { return m_stage == Stage::Done; }

    // docs/reference/routes.md routes: this request's handler calls the next hop at its start and waits for the answer
    // before its own handler_ms; `ownEffect` false is a proxy, which completes with the answer's status and executes
    // nothing.
    void callUpstream(bool ownEffect)
    {
        m_callsUpstream = true;
        m_ownEffect = ownEffect;
    }
    // A hop without an upstream that has no effect of its own (a proxy at the end of a route).
    void withoutEffect() { m_ownEffect = false; }
    // A read (a GET): the handler runs, changes nothing and answers 200 — no effect at this hop or any other.
    void asRead()
    {
        m_ownEffect = false;
        m_read = true;
    }
    // The call ended: a status (2xx or not) or none (no answer after its retries: 502).
    Next upstreamAnswered(Millis now, std::optional<int> status);
    // The process handling this request dies at `now`, wherever it is (docs/reference/serve.md: `serve` stopped while
    // it ran and the grace period ended): `crashed`, no response, the store left as it is — a write of the step in
    // flight never applies. Done already: nothing happens.
    Next crashNow(Millis now);
    // A recovery job finished or released this request's record (docs/reference/routes.md): its later writes are
    // fenced.
    void loseOwnership() { m_ownerVersion = std::numeric_limits<Millis>::min(); }
    bool waitingForUpstream() const { return m_stage == Stage::Upstream; }
    // The fencing token of the claim it owns (created_at), for the recovery job's bookkeeping.
    Millis ownerVersion() const { return m_ownerVersion; }

    // What this request did to its scope's record since the last clearRecordChanges(), for the lifecycle event
    // stream. Cleared rather than handed over, so the list keeps its buffer from one step to the next.
    // Deadlocked (mysql): this request's claim transaction was a deadlock victim — a change of no record, but the
    // lifecycle's `deadlock` event.
    // StaleRead (dynamodb): this request's eventually consistent GetItem returned the item as it was before its latest
    // write — no change of a record either, but the lifecycle's `stale_read` event.
    // ItemTooLarge (dynamodb): this request's completion would have made the item bigger than item_size_limit_bytes,
    // so DynamoDB refused it (ValidationException) and the record stays as it was.
    enum class RecordChange { Claimed, Completed, Deleted, TakenOver, Fenced, Deadlocked, StaleRead, ItemTooLarge };
    const std::vector<std::pair<Millis, RecordChange>>& recordChanges() const { return m_changes; }
    void clearRecordChanges() { m_changes.clear(); }
    const Outcome& outcome() const { return m_outcome; }
    // The same, for the one who hears the decision and may take its body (Simulation's decision observer: serve moves
    // it into its answer rather than copying it). Nothing reads a decided process's body afterwards but its state
    // hash, which only explore asks for, and explore's observer takes nothing.
    Outcome& decidedOutcome() { return m_outcome; }
    const IncomingRequest& request() const { return *m_request; }
    // The request, let go by a process that is over (its flight ended) as its next one starts: the caller may fill it
    // again in place when it alone holds it.
    std::shared_ptr<const IncomingRequest> releaseRequest() { return std::move(m_request); }
    // The store steps and handler runs that have ended since the last call, in order (their results are complete).
    // Kept only after traceSteps(true): a run that draws no sequence pays nothing for it.
    std::vector<ServiceStep> takeFinishedSteps();
    void traceSteps(bool on) { m_traceSteps = on; }
    // Everything that decides what this process does next, for explore's state fingerprint (statehash.h).
    void hashState(StateHasher& into) const;

private:
    enum class Stage {
        Claim,
        Read,
        Overwrite,
        Handler,
        Complete,
        DeleteOnError,
        CheckSelect,
        CheckInsert,
        CheckUpdate,
        SeenTestAndSet,
        SeenComplete,
        Done,
        Upstream, // the handler waits for its call to the next hop (docs/reference/routes.md)
        Expire, // redis hset_then_expire: the EXPIRE after the claim
        WaitPoll, // in_progress_wait_ms (docs/reference/decisions.md#profiles): waits, then reads the record again
        LockWait, // mysql: the claim's INSERT waits on another transaction's uncommitted claim of the key
        Rollback, // mysql rollback_claim: the claim transaction is open until its ROLLBACK
    };
    // Orphan: Powertools' Redis layer took the record it read for an orphan (docs/manual/stores.md), and overwrites it.
    enum class Verdict { Replay, Conflict, Mismatch, Takeover, ExpiredOverwrite, ExpiredRejected, Orphan };

    Next beginStep(Stage stage, Millis now);
    Next beginHandler(Millis now);
    Next finishHandler(Millis now);
    Next endStep(Millis now);
    Next decide(Decision decision, std::optional<int> status, std::optional<std::string> body, Millis now);
    Next afterRead(Millis now);
    Next storeFailed(const StoreError& error, Millis now);
    Verdict evaluate(const std::optional<Record>& row, const std::optional<Tombstone>& tombstone, Millis now);
    // The Redis engine's own rules (redisrules.cpp): Powertools' reading of a record after a failed SET NX, its orphan
    // overwrite, the claim's and the EXPIRE's steps.
    Verdict evaluatePowertoolsRedis(const Record& row, Millis now);
    Next endOrphanOverwrite(Millis now);
    // The MySQL engine's own rules (mysqlrules.cpp): the claim's INSERT (its key column's length, the lock of an open
    // claim transaction), the end of a lock wait (deadlock victims), the owner's ROLLBACK.
    Next endMysqlClaim(Millis now);
    Next endLockWait(Millis now);
    Next endRollback(Millis now);
    Next storeRefused(const char* step, std::string error, Millis now);
    // The DynamoDB engine's own rules (dynamorules.cpp): the claim's conditional PutItem, and whether a record read
    // counts as expired there.
    Next endDynamoClaim(Millis now);
    // The completion would make the item bigger than DynamoDB's cap: nothing is written but the effect (true).
    bool endDynamoOversized(const Completion& completion, const std::optional<EffectRow>& effect, Millis now);
    bool dynamoExpired(const Record& row, Millis now);
    // The writer's clock: the simulation's instant shifted by this attempt's clock_skew.
    Millis clockNow(Millis now) const { return now + m_faults.clockSkewMs; }
    Next claimWon(Millis now, RecordChange change);
    const char* claimWonStep() const;
    const char* claimLostStep() const;
    Record freshClaim(Millis visibleAt) const;
    // The same into `into` (every field set, its strings' buffers reused).
    const Record& fillClaim(Record& into, Millis visibleAt) const;
    Millis expiryFor(Millis visibleAt) const;
    std::string responseBody(Decision decision) const;
    void path(const char* step)
    {
        m_outcome.rulePath.push_back(step);
        if (m_resultStep >= 0)
            ++m_steps[static_cast<std::size_t>(m_resultStep)].pathCount;
    }
    void openStep(ServiceStep::Kind kind, Millis now);
    void closeStep(Millis now);

    // Pointers, not references, so a process can be copied over another (explore puts saved ones back). restart()
    // sets every member below as the constructor does: one added here is added there.
    const ServicePolicy* m_policy;
    IdempotencyStore* m_store;
    ServiceEnvironment* m_env;
    // Shared, never changed: explore copies a process over another for every branch of its search, and the request's
    // strings were most of that copy. Its fingerprint for hashState(), taken once (HeldRequest).
    std::shared_ptr<const IncomingRequest> m_request;
    mutable std::optional<std::uint64_t> m_requestHash;
    HandlerFaults m_faults;
    Outcome m_outcome;

    Stage m_stage = Stage::Claim;
    bool m_stepFailed = false; // the current store step started inside a db_down window
    Decision m_ownerDecision = Decision::Created; // how this request came to run the handler
    Millis m_ownerVersion = 0; // created_at of the claim this request owns (the fencing token)
    std::optional<Record> m_readRow; // what the read step saw at its start
    std::optional<Tombstone> m_readTombstone;
    // Their fingerprint for hashState(), taken by its first call after the read and kept (0: neither): a search
    // fingerprints every process in flight at every decision point, and the row's strings were most of that. Only a
    // search asks, so a run or a server never hashes a row.
    mutable std::optional<std::uint64_t> m_readHash = 0; // none: read since, not yet fingerprinted
    Millis m_readAt = 0; // the clock at the read step's start: rules are evaluated against it
    Millis m_arrivedAt = 0; // when the request reached the service: in_progress_wait_ms counts from it
    std::optional<Millis> m_expectedVersion; // for the conditional overwrite
    bool m_orphan = false; // the overwrite is Powertools' orphan recovery (redis)
    int m_lockTicket = -1; // mysql: this request's place among the waiters of a lock
    bool m_staleRead = false; // dynamodb: the read step's GetItem returned the previous version
    std::vector<std::pair<Millis, RecordChange>> m_changes;
    int m_handlerStatus = 201;
    bool m_handlerFailed = false;
    std::vector<ServiceStep> m_steps; // the trace; a few entries per request
    std::size_t m_stepsTaken = 0;
    int m_resultStep = -1; // the step whose result path() is writing, -1 none
    bool m_traceSteps = false;
    bool m_callsUpstream = false;
    bool m_ownEffect = true;
    bool m_read = false;
    std::optional<int> m_upstreamStatus; // the 2xx the call answered, which the completion stores
};

// Judges the key alone (docs/reference/decisions.md key checks; §5 fine point 16: lengths in code points, C0/C1
// controls).
std::optional<Decision> judgeKey(const ServicePolicy& policy, bool hasKey, const std::string& key);

// The state a record shows at `now` under this policy: a terminal record past its expiry is expired; a powertools
// in-progress record past its expiry too (docs/reference/scenario.md fine point 7); any other in-progress record stays
// in progress.
RecordState effectiveState(const Record& record, Millis now, const ServicePolicy& policy);
bool isExpired(const Record& record, Millis now, const ServicePolicy& policy);

// docs/reference/decisions.md#profiles in_progress_wait_ms: a request that waits reads the record again every this many
// milliseconds (node-idempotency's default pollingIntervalMs), the last time at or after the wait's end.
inline constexpr Millis kInProgressPollMs = 100;
// The rule-path step of a request that waited in_progress_wait_ms and still found the record in progress.
inline constexpr std::string_view kWaitPassedStep = "in_progress_wait_ms passed: still in progress";

// When a claim written at `visibleAt` expires under this policy: created + ttl, or for powertools
// round(now_s + ttl_s) in whole seconds, half up (recomputed at completion). Views mirror records with it.
Millis expiryAt(const ServicePolicy& policy, Millis visibleAt);

// The service's words are kept once, as English string literals marked for the GUI's translation (docs/glossary.md):
// QT_TRANSLATE_NOOP in service.cpp, with these contexts (the vocabulary room's lupdate reads that file). The command
// line, the reports and the HTTP answers use them as written; the views translate the same literals.
inline constexpr const char* kExplanationContext = "iw::Explanation"; // the decision explanations
inline constexpr const char* kRuleStepContext = "iw::RuleStep"; // the rule-path steps (Outcome::rulePath)

// One sentence of an explanation: its English template and the numbers its %1, %2, … stand for, in order.
struct ExplanationSentence {
    const char* source = "";
    std::vector<long long> numbers;
};
// An explanation as its sentences; its English text is them filled in and joined by one space.
using Explanation = std::vector<ExplanationSentence>;

// One sentence per decision, naming the rule applied.
Explanation decisionExplanation(Decision decision, const ServicePolicy& policy);
// The sentences for one decided request, true of what its rule path says happened (`rulePath`: the steps as
// joinRulePath joins them): the check_then_insert loser that met SQLSTATE 23505, the seen-flag owner, the crash that
// left no record, the takeover that lost its completion… decisionExplanation() is the decision's general sentence.
Explanation outcomeExplanation(Decision decision, const ServicePolicy& policy, std::string_view rulePath);
// The explanation in English: each template with its numbers written in, one space between the sentences.
std::string explanationText(const Explanation& explanation);
// explanationText of decisionExplanation and of outcomeExplanation.
std::string explain(Decision decision, const ServicePolicy& policy);
std::string explainOutcome(Decision decision, const ServicePolicy& policy, std::string_view rulePath);

// A request's rule path as the service recorded it: the steps (literals marked kRuleStepContext) and, when a store
// step failed, what the store said (its own words, never translated).
struct RulePath {
    std::vector<const char*> steps;
    std::string storeError;
};
// The rule path on one line, as reports show it: the steps with " → " between, then the store's words in parentheses.
std::string joinRulePath(const std::vector<const char*>& steps, const std::string& storeError);

// Runs a process to completion at once, on the calling thread, sleeping for the handler's real duration
// (`handlerRealMs`); store steps take no extra time. Used by the race mode and the engine benchmark.
Outcome runImmediately(RequestProcess& process, Millis now, int handlerRealMs);

} // namespace iw
