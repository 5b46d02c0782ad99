// The discrete-event simulation (docs/reference/scenario.md): clients with retry policies send requests through a
// network to the service, in virtual time, with faults; everything that happens becomes a LifecycleEvent and a row of
// the recording that reports, views and reviews read. Deterministic: same scenario and seed, same run.
#pragma once

#include "arena.h"
#include "chunked.h"
#include "eventlog.h"
#include "scenario.h"
#include "scopetable.h"
#include "service.h"
#include "shardedset.h"

#include <absl/container/flat_hash_map.h>
#include <absl/container/flat_hash_set.h>

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace iw {

// The simulation's own machinery, in headers only its files include (eventqueue.h, fingerprinttable.h), so a change
// there recompiles the simulation alone.
struct QueuedEvent;
class EventQueue;
class FingerprintTable;

// ClientOutcome (scenario.h): an attempt whose outcome the client has not learned yet has none (RequestRow::outcome is
// empty), which no report value stands for.

// An optional enumerator kept in one byte, so RequestRow stays 72 bytes; reads like std::optional.
template<typename Enum> class CompactOptional {
public:
    constexpr CompactOptional() = default;
    constexpr CompactOptional(std::nullopt_t) { }
    constexpr CompactOptional(Enum value)
        : m_value(static_cast<std::uint8_t>(value))
    {
    }
    constexpr bool has_value() const { return m_value != kNone; }
    constexpr explicit operator bool() const { return has_value(); }
    constexpr Enum operator*() const { return static_cast<Enum>(m_value); }
    constexpr Enum value_or(Enum fallback) const { return has_value() ? **this : fallback; }
    constexpr bool operator==(const CompactOptional&) const = default;
    constexpr bool operator==(Enum value) const { return m_value == static_cast<std::uint8_t>(value); }

private:
    static constexpr std::uint8_t kNone = 0xff;
    std::uint8_t m_value = kNone;
};

// One attempt sent by a client: a row of the report's `requests`.
struct RequestRow {
    int intent = 0;
    int client = 0;
    int entry = 0; // index in the scenario's requests
    int attempt = 1;
    int copy = 1;
    int scope = -1; // index into scopes(); -1 when the request carried no key (see keyless scopes)
    int keylessScope = -1; // for keyless requests: (actor, operation, "") in scopes(), so views have a lane
    int status = -1; // -1: null
    int rulePath = -1; // index into texts(): the rule path joined with " → "
    int effect = -1;
    int storedFingerprint = -1; // on a mismatch: index into texts()
    // The small fields fill the 4 bytes after the ints, so a row is 72 bytes.
    std::optional<Decision> decision;
    CompactOptional<ClientOutcome> outcome; // empty until the client learns it
    bool hasKey = true;
    Millis sent = 0;
    Millis arrived = -1; // -1: never arrived
    Millis decided = -1; // -1: no decision
};
static_assert(sizeof(RequestRow) <= 72, "a million rows: keep RequestRow compact");

// One intent: what a client means to do once, shared by its copies, retries and by every entry naming it. Its name
// (Simulation::intentName) is its entry's intent name, with "#<repetition>" for repeated entries.
struct IntentRow {
    int entry = 0;
    int base = 0; // the name without its repetition (Simulation::intentName builds the whole)
    int repetition = 0; // 0: the name has no "#<repetition>"
    int effects = 0;
    // The first scope keyed with the UUID its client made for "auto" keys, once per intent (the key is read back
    // from scopes(), not kept twice); -1: none yet.
    int autoKeyScope = -1;
    bool endedWithResponse = false; // the client saw a final answer
    Millis firstSent = -1;
    Millis succeededAt = -1; // first 2xx that reached the client
};

struct EffectInfo {
    int intent = 0;
    int request = 0;
    Millis at = 0;
    bool duplicate = false; // after the intent's first effect at the same hop
    // docs/reference/serve.md: after the first effect of its request's suspected-intent group (a suspected duplicate
    // once the group holds two intents: Simulation::suspectedDuplicate).
    bool afterSuspectedFirst = false;
    int hop = 0; // docs/reference/routes.md: 0 is `service`
};

// One store step or handler run of a request (what the service did, docs/manual/teaching.md's sequence): kept while
// events are recorded, in the order the steps ended. Reports do not read it.
struct StepRow {
    int request = 0;
    ServiceStep::Kind kind = ServiceStep::Kind::Claim;
    Millis start = 0;
    Millis end = 0;
    int result = -1; // index into stepTexts(): the rule-path steps it produced, joined with " → "; -1 none
};

struct RunSummary {
    std::int64_t intents = 0;
    std::int64_t requests = 0; // with a decision
    std::int64_t effects = 0;
    std::int64_t duplicateEffects = 0;
    std::int64_t intentsWithDuplicates = 0;
    std::map<std::string, std::int64_t> decisions; // sorted by name
    // docs/reference/serve.md, served traffic only: Σ over suspected intents of max(0, effects − 1), apart from
    // duplicateEffects.
    std::int64_t suspectedDuplicateEffects = 0;
    std::int64_t suspectedIntents = 0;
    // docs/reference/routes.md: one figure per hop in route order (`service` first); empty without a route.
    std::vector<std::int64_t> duplicateEffectsByHop;
};

// A request added while the simulation runs (the GUI's Fire buttons).
struct FireRequest {
    RequestSpec spec;
    std::vector<FaultKind> faults; // strike the first attempt of this entry (status/handler_ms from defaults)
    int faultStatus = 500;
    Millis slowHandlerMs = 2000;
};

class Simulation {
public:
    // The stores of a route's hops (docs/reference/routes.md), one per hop after `service` in route order.
    using HopStores = std::vector<std::unique_ptr<IdempotencyStore>>;

    // The store must outlive the simulation; it is reset at construction and by reset(), like the hops' stores.
    // `hopStores` empty: each hop of the route gets a memory store. Otherwise it holds exactly one store per hop
    // (std::invalid_argument if not), e.g. a PostgreSQL schema each (openHopStores in core/postgres).
    Simulation(Scenario scenario, IdempotencyStore& store, HopStores hopStores = {});
    ~Simulation();

    const Scenario& scenario() const { return m_scenario; }
    IdempotencyStore& store() { return m_store; }

    // Runs the next event; false when nothing is left.
    bool step();
    // Runs every event due at or before `t`, then sets the clock to `t` (when nothing is left, stops at the end).
    void runUntil(Millis t);
    // Runs to the end; `cancel` (checked every few thousand events) stops early.
    void runToEnd(const std::function<bool()>& cancel = {});
    void reset();
    bool finished() const;
    Millis now() const { return m_now; }
    // The instant of the next event, if any.
    std::optional<Millis> nextEventTime() const;
    // The last event that was not a sweep: record states in reports are evaluated there.
    Millis endTime() const { return m_endTime; }

    // Adds a request entry at `spec.atMs` (not before now) to the running simulation; returns its entry index.
    int fire(const FireRequest& request);

    // Serving real clients (docs/reference/serve.md): clients appear as they first send, and each arrival is an entry
    // of its own, fired now, with the faults that struck it already pinned (request = the entry, attempt 1).
    int addClient(ClientSpec client);
    // `unreadableKey`: the Idempotency-Key header could not be read (not an sf-string or token, an inner list, or
    // sent twice); the request is judged invalid_key whatever the key text says. `client`: the index of the client
    // `spec.client` names, when the caller knows it (addClient's).
    int fireServed(RequestSpec&& spec, const std::vector<FaultSpec>& faults, bool unreadableKey, int client = -1);
    // The scope of a served entry with a key, interned now (-1: keyless): `serve` numbers the arrival's attempt by it
    // before the entry is sent, and its send takes the same number rather than hashing the scope again. Nothing may
    // intern another scope in between (served entries are fired at the simulation's instant, after everything due).
    int servedScope(int entry);
    // The faults that struck a served entry, pinned to it once its fingerprint (hence its suspected intent and
    // attempt) is known: before the simulation runs on, so before it is sent.
    void pinServedFaults(int entry, const std::vector<FaultSpec>& faults);
    // docs/reference/serve.md suspected intents, found by `serve` as requests arrive (core/engine/suspectedintent.h): a
    // served entry's group (numbered from 0 in order of their first arrival; -1 none), and whether a group holds two
    // intents at least (another key than its first's, or none) — then it is a suspected intent.
    void setSuspectedGroup(int entry, int group, bool mixed);
    // The request whose arrival names the suspected intent of `request` (its group's first, itself possibly), or -1
    // when it has none (alone, or its group is one intent).
    int suspectedIntentOf(int request) const
    {
        const int g = suspectedGroupOf(request);
        if (g < 0)
            return -1;
        const SuspectedGroup& group = m_suspectedGroups[static_cast<std::size_t>(g)];
        return group.mixed ? group.first : -1;
    }
    // An effect after the first of its suspected intent: a suspected duplicate (docs/reference/serve.md), apart from
    // `duplicate`.
    bool suspectedDuplicate(int effect) const
    {
        const EffectInfo& e = m_effects[static_cast<std::size_t>(effect)];
        return e.afterSuspectedFirst && suspectedIntentOf(e.request) >= 0;
    }
    // The suspected-intent group a request's arrival joined, -1 none (a served entry is one request; a route's calls
    // have none).
    int suspectedGroupOf(int request) const
    {
        const RequestRow& r = m_requests[static_cast<std::size_t>(request)];
        return hopOf(request) == 0 ? m_entries[static_cast<std::size_t>(r.entry)].suspectedGroup : -1;
    }
    // Served requests joined this run (fireServed): reports then carry the suspected intents.
    bool hasServedEntries() const { return m_hasServed; }
    // The suspected-intent groups as they stand: how many, whether each holds two intents, its first request.
    std::size_t suspectedGroupCount() const { return m_suspectedGroups.size(); }
    bool suspectedGroupMixed(int group) const { return m_suspectedGroups[static_cast<std::size_t>(group)].mixed; }
    int suspectedGroupFirst(int group) const { return m_suspectedGroups[static_cast<std::size_t>(group)].first; }
    // The payload of a served entry the simulation has fingerprinted, moved out (the entry keeps null): `serve` keeps
    // it compact instead (issue 48 finding 12). Only an entry before the last may be taken: the next entry's
    // fingerprint is compared with the last one's payload.
    json::Value takeServedPayload(int entry);
    // The served client's side of an answer: written in full, or its client went away first.
    void setClientOutcome(int request, ClientOutcome outcome);
    // A served arrival is an entry of its own (attempt 1 to the simulation); on the wire its attempt is the number of
    // arrivals so far on its scope, which the server sets here once the request is sent.
    void setAttempt(int request, int attempt);
    bool entryIsServed(int entry) const { return m_entries[static_cast<std::size_t>(entry)].served; }
    // The request's handling process dies now (a server stopped while it ran, docs/reference/serve.md): it is decided
    // `crashed` at the current instant, the store left as it is. false when it has no process still running (not
    // arrived, or decided already).
    bool crashNow(int request);
    // Called when a request is decided, with the service's whole outcome (status, body, whether it responds). The
    // observer may take the outcome's body (serve moves it into its answer): the simulation reads it no more.
    void setDecisionObserver(std::function<void(int request, Outcome&)> observer)
    {
        m_decisionObserver = std::move(observer);
    }
    bool entryHasUnreadableKey(int entry) const { return m_entries[static_cast<std::size_t>(entry)].unreadableKey; }

    // Exploring (docs/reference/explore.md): asked when the first copy of an entry sends an attempt (and again by each
    // further copy or repetition sending that attempt number), before anything of the send happens; the faults it
    // returns strike that attempt after the scenario's own, as if they were listed last in `faults` targeting this
    // request and attempt — so a scenario with them appended replays the run exactly. nullptr: none.
    using Chooser = std::function<const std::vector<FaultSpec>*(int entry, int attempt)>;
    void setChooser(Chooser chooser) { m_chooser = std::move(chooser); }
    // Ends the run at the next event boundary: step() returns false from then on, until reset().
    void requestStop() { m_stopRequested = true; }
    // A fingerprint of everything that decides the rest of the run (statehash.h), taken between two steps before a
    // send (nextAsk; that send sets the clock): the random stream, the queue in order, the clients' pending work, the
    // attempts in flight with their service processes, each intent's effect count and the store's content. Request and
    // sender numbers are spelled by (intent, copy, attempt), so two interleavings that arrive at one state meet.
    // nullopt when the store cannot fingerprint itself.
    std::optional<std::uint64_t> stateHash() const;
    // The attempts in flight right now (explore prefers counterexamples with fewer).
    std::size_t inFlightCount() const { return m_inFlight.size(); }

    // Exploring from saved states (docs/reference/explore.md). The (entry, attempt) the next event will ask the chooser
    // about, or nullopt when it will not ask or nothing is left; timeouts cancelled at the head of the queue are
    // dropped first, as step() would drop them. Between two steps this is a decision point, and stateHash() there (the
    // next event still queued) fingerprints it.
    std::optional<std::pair<int, int>> nextAsk();
    // Everything the rest of a run depends on — clock, random stream, queue, rows, clients' and attempts' state and
    // the store's content — saved between two steps and put back, so a search goes on from a decision point instead
    // of running the simulation to it again. The interned texts (explanations, rule paths) stay as they are: they
    // only grow, and an index means the same text whichever run added it. Only without routes and with events and
    // steps not recorded (std::logic_error otherwise), and only with a store that can save its content.
    class Checkpoint;
    std::shared_ptr<Checkpoint> makeCheckpoint() const;
    void save(Checkpoint& into);
    void restore(const Checkpoint& from);
    // About how many bytes a checkpoint holds (its buffers' capacities, its store's copy included), and the running
    // simulation with its store: explore counts both against its memory bound.
    static std::size_t checkpointBytes(const Checkpoint& checkpoint);
    std::size_t memoryBytes() const;

    // Every event, as it happens.
    void setObserver(std::function<void(const LifecycleEvent&)> observer) { m_observer = std::move(observer); }
    // Keep events in memory (default on; the benchmark and large reviews may turn it off).
    void setRecordEvents(bool on) { m_recordEvents = on; }
    // Whether steps() is kept (off by default: the sequence view and command turn it on; it costs a run about a
    // fifth of its speed and 90 bytes a request). Only while events are recorded too.
    void setRecordSteps(bool on) { m_recordSteps = on; }
    // The most requests this run may send (default: runBudget()); the send beyond it throws RunTooLarge, so a
    // scenario whose retries never end stops with a sentence instead of exhausting memory.
    void setRequestLimit(std::int64_t limit, std::string why = {});
    std::int64_t requestLimit() const { return m_requestLimit; }

    const ChunkedVector<RequestRow>& requests() const { return m_requests; }
    // The requests that may still change, as a live report copies them (an attempt not decided yet after its arrival,
    // or whose outcome its client has not learned), kept as they change once trackOpenRequests() was called (a served
    // simulation: `serve` and the window serving): a report at a million requests copies these few instead of walking
    // every row before its first byte (issue 41). Unordered; empty while not tracked.
    static bool requestMayChange(const RequestRow& r) { return (!r.decision && r.arrived >= 0) || !r.outcome; }
    void trackOpenRequests();
    bool tracksOpenRequests() const { return m_trackOpenRequests; }
    const absl::flat_hash_set<std::uint32_t>& openRequests() const { return m_openRequests; }
    const SegmentedVector<IntentRow>& intents() const { return m_intents; }
    const SegmentedVector<EffectInfo>& effects() const { return m_effects; }
    const EventLog& events() const { return m_events; }
    // Every finished store step and handler run, while events and steps are recorded (setRecordEvents,
    // setRecordSteps), in the order they ended.
    const ChunkedVector<StepRow>& steps() const { return m_steps; }
    const std::string& stepText(int index) const { return m_stepTexts[static_cast<std::size_t>(index)]; }
    const ScopeTable& scopes() const { return m_scopes; }
    // docs/reference/decisions.md#profiles: the scope the store keeps a lane's record under (key_scope leaves out the
    // actor, the operation or both; operation_query adds the query of the lane's latest request). The lane itself when
    // key_scope is the default.
    Scope storeScopeOf(const Scope& lane, int hop = 0) const;
    // "order#17": the intent's entry name, with its repetition for repeated entries.
    std::string intentName(int intent) const;
    void appendIntentName(std::string& to, int intent) const;
    // The name without its repetition, by IntentRow::base (what intentName builds on).
    const SegmentedVector<std::string_view>& intentBases() const { return m_intentBases; }
    const std::string& text(int index) const { return m_texts[static_cast<std::size_t>(index)]; }
    // Index into texts() of the request's explanation sentence, -1 before its decision. One sentence per decision and
    // rule path in a run (explainOutcome), so rows do not keep it.
    int reason(const RequestRow& r) const
    {
        if (!r.decision)
            return -1;
        const auto it = m_reasonIndex.find(reasonKey(r.rulePath, *r.decision));
        return it == m_reasonIndex.end() ? -1 : it->second;
    }
    // The fingerprint and canonical payload of a request (per scenario entry).
    const std::string& fingerprint(const RequestRow& r) const;
    const std::string& canonicalPayload(const RequestRow& r) const;
    // The fingerprint of a scenario entry's payload (fingerprint() of its rows).
    const std::string& entryFingerprint(int entry) const;
    // The canonical payload that produced a fingerprint, when this run saw it (for the mismatch diff).
    std::optional<std::string> canonicalForFingerprint(const std::string& sha256) const;
    std::string requestId(int index) const { return "r" + std::to_string(index + 1); }
    std::string effectId(int index) const { return "e" + std::to_string(index + 1); }
    const std::string& clientId(int index) const { return m_scenario.clients[static_cast<std::size_t>(index)].id; }

    // docs/reference/routes.md routes. A request's hop (0: `service`) and the request whose handler sent it (-1: a
    // client's).
    bool hasRoute() const { return !m_scenario.route.empty(); }
    int hopOf(int request) const { return hasRoute() ? m_requestHops[static_cast<std::size_t>(request)] : 0; }
    int parentOf(int request) const { return hasRoute() ? m_requestParents[static_cast<std::size_t>(request)] : -1; }
    // The store of a hop (0: the one the simulation was given; then the route's hops' own stores).
    IdempotencyStore& hopStore(int hop) { return hop == 0 ? m_store : *m_hopStores[static_cast<std::size_t>(hop - 1)]; }
    // The fingerprint of a request as its hop computes it (the hop's own fingerprint selection).
    const std::string& requestFingerprint(int request) const;
    // The explanation sentence of a request's decision under its hop's policy; -1 before its decision.
    int requestReason(int request) const;
    // The same explanation as its sentences (English templates and their numbers), for a view to say in its own
    // language; empty before the decision.
    Explanation requestExplanation(int request) const;
    // A request's rule path as its steps (texts() holds it joined, in English), for a view to say in its own
    // language; empty before the decision.
    RulePath requestRulePath(int request) const;

    RunSummary summary() const;

private:
    struct Sender;
    struct InFlight;
    class Environment;

    void start();
    void schedule(Millis t, int cls, int type, int a, int b = 0);
    void dispatch(const QueuedEvent& e);
    // A timeout whose attempt has its answer already is no event: true when `e` was one (and was dropped).
    bool dropCancelledTimeout(const QueuedEvent& e);
    void startRepetition(int entry, int repetition);
    void send(int sender);
    void arrive(int attempt);
    void resumeService(int attempt);
    void afterService(int attempt, RequestProcess::Next next);
    void responseArrives(int attempt);
    void timeout(int attempt);
    void learn(int attempt, bool timedOut);
    void sweep(int hop);
    Millis nextUsefulSweep(int hop, Millis next);
    // docs/manual/stores.md: a store engine's own events (a Redis key expiring, a replica detached or promoted), and
    // the next key expiry of a hop whose keys expire, scheduled after every step that may have written to its store.
    void engineEvent(int type, int hop);
    void noteKeyExpiry(int hop);
    // docs/reference/routes.md.
    void startCall(int caller);
    void finishCall(int senderIndex, std::optional<int> status);
    // Runs a hop's recovery job; returns when the oldest record it left in_progress becomes old enough for it
    // (nullopt: none is left), for nextUsefulRecovery.
    std::optional<Millis> recover(int hop);
    Millis nextUsefulRecovery(int hop, Millis next, std::optional<Millis> eligible);
    // The instant of the next queued event other than the periodic jobs (sweeps, recovery jobs), counting hop `hop`'s
    // recovery job when `recoveryOfHop`; nullopt when there is none.
    std::optional<Millis> nextWork(int hop, bool recoveryOfHop);
    void retireIfIdle(int request);
    const RetryPolicy& retryOf(const Sender& sender) const;
    // The attempt's flight; the last one found is remembered, as a request's events look it up a dozen times.
    InFlight& flightOf(int request)
    {
        if (request != m_lastFlightRequest) {
            m_lastFlight = m_inFlight.find(request)->second.get();
            m_lastFlightRequest = request;
        }
        return *m_lastFlight;
    }
    // The attempt is over: its flight leaves m_inFlight, and its shell is kept for a later attempt.
    void endFlight(int request);
    Sender& senderOf(int sender) { return *m_senders.find(sender)->second; }
    void releaseSender(int sender);
    void publish(EventKind kind, int request, int scope = -1, int effect = -1);
    // The client learned `seen` of the request's attempt (or, for a recorded entry's first send, what it observed).
    void noteOutcome(int request, ClientOutcome seen);
    int internScope(const Scope& scope);
    int internText(const std::string& text);
    bool faultHits(std::size_t faultIndex, const FaultSpec& fault, const Sender& sender, int attempt);
    // Appends a fault to the scenario's and to the lists an attempt reads its faults from.
    void addFault(const FaultSpec& fault);
    void indexFault(std::size_t faultIndex);
    std::uint64_t nextRandom();
    std::string makeUuid();
    // `client`: the index of the entry's client when known, else found by its id.
    void describeEntry(std::size_t entry, int client = -1);
    int intentFor(int entry, int repetition);
    Millis backoffWait(Sender& sender, int finishedAttempt);

    Scenario m_scenario;
    IdempotencyStore& m_store;
    std::unique_ptr<Environment> m_env;
    std::unique_ptr<FingerprintTable> m_entryFingerprints;
    std::vector<int> m_laneLastEntry; // operation_query: per lane, the entry of its latest request (-1: none)
    // docs/reference/routes.md: per route hop (index hop − 1) its store, its environment and the entries' fingerprints
    // under its policy; per request its hop and parent (only with a route); the owner of each in-progress record by
    // (hop, scope), for the recovery jobs; effects per (intent, hop) for hops after `service`.
    std::vector<std::unique_ptr<IdempotencyStore>> m_hopStores;
    std::vector<std::unique_ptr<Environment>> m_hopEnvs;
    std::vector<std::unique_ptr<FingerprintTable>> m_hopFingerprints;
    std::vector<std::uint16_t> m_requestHops; // a route has at most kMaxRouteHops hops
    static_assert(kMaxRouteHops < 0xffff);
    std::vector<int> m_requestParents;
    absl::flat_hash_map<std::uint64_t, int> m_recordOwners;
    absl::flat_hash_map<std::uint64_t, int> m_hopEffectCounts;
    bool m_continuingHandler = false; // finishCall is resuming a handler that has already started
    // Per hop: whether its keys expire (docs/manual/stores.md redis), and the instant its next key-expiry event is
    // queued for (kNoExpiry: none queued).
    std::vector<std::uint8_t> m_hopKeysExpire;
    std::vector<Millis> m_expiryQueuedAt;
    static constexpr Millis kNoExpiry = INT64_MIN;
    Environment& envOf(int hop) { return hop == 0 ? *m_env : *m_hopEnvs[static_cast<std::size_t>(hop - 1)]; }
    // Per scenario entry: its client, its intent's base name and, for an entry that is not repeated, the repetition
    // its name spells ("order#5" is repetition 5 of "order", so it meets that repetition of a repeated entry).
    struct EntryInfo {
        int client = 0;
        std::uint32_t actor = 0; // ScopeTable names
        std::uint32_t operation = 0;
        int base = 0;
        int repetition = 0;
        bool unreadableKey = false; // served: the key header could not be read (invalid_key)
        bool served = false; // fired by fireServed: only its pinned faults apply, and no network delay
        int suspectedGroup = -1; // served: its suspected-intent group (setSuspectedGroup)
    };
    struct SuspectedGroup {
        int first = -1; // the request of its first arrival, once sent
        int effects = 0; // at `service`
        bool mixed = false; // two intents at least: a suspected intent
    };
    ChunkedVector<SuspectedGroup> m_suspectedGroups;
    // servedScope()'s last answer, for that entry's send.
    int m_servedScopeEntry = -1;
    int m_servedScope = -1;
    // describeEntry's names: each client's actor (kNoName until looked up) and the last operation's.
    std::vector<std::uint32_t> m_clientActorNames;
    std::string m_lastOperation;
    std::uint32_t m_lastOperationName = ScopeTable::kNoName;
    bool m_hasServed = false;
    Millis networkMsFor(int entry, int hop = 0) const
    {
        return m_entries[static_cast<std::size_t>(entry)].served ? 0 : m_scenario.hopService(hop).networkMs;
    }
    std::uint64_t requestIdentity(int request) const;
    std::uint64_t senderIdentity(int sender) const;
    SegmentedVector<EntryInfo> m_entries;
    // The names' texts in an arena: a std::string apiece held each served request's intent name in an allocation
    // of its own besides its 32 bytes.
    SegmentedVector<std::string_view> m_intentBases;
    StringArena m_intentBaseTexts;
    // [base] → its index hash, kept: served, every keyed request is a base of its own, and rehashing a million names
    // from their text as the index grew stalled the server for a tenth of a second.
    SegmentedVector<std::uint32_t> m_intentBaseHashes;
    // m_intentBases' indices, found by name: each name is kept once (served, every keyed request is a base of its
    // own, and a map keyed by a copy held each name twice).
    // A name looked for with its hash computed once: the index hashes it to choose its table and again inside it, and
    // a new base keeps the same hash.
    struct IntentBaseProbe {
        std::string_view name;
        std::uint32_t hash;
    };
    struct IntentBaseHash {
        using is_transparent = void;
        const SegmentedVector<std::uint32_t>* hashes;
        std::size_t operator()(std::string_view name) const;
        std::size_t operator()(const IntentBaseProbe& p) const { return p.hash; }
        std::size_t operator()(int i) const { return (*hashes)[static_cast<std::size_t>(i)]; }
    };
    struct IntentBaseEqual {
        using is_transparent = void;
        const SegmentedVector<std::string_view>* names;
        std::string_view text(std::string_view name) const { return name; }
        std::string_view text(const IntentBaseProbe& p) const { return p.name; }
        std::string_view text(int i) const { return (*names)[static_cast<std::size_t>(i)]; }
        template<typename A, typename B> bool operator()(const A& a, const B& b) const { return text(a) == text(b); }
    };
    ShardedFlatSet<int, IntentBaseHash, IntentBaseEqual> m_intentBaseIds; // grows a shard at a time
    // [base] → its intents by repetition, -1 when not yet seen. Repetition 0 (an entry neither repeated nor named
    // "…#N") is kept inline: served requests make a base each, and a list apiece cost an allocation.
    // The lists of repeated bases live apart (m_repeatedIntents), so a base is 8 bytes rather than 32.
    struct BaseIntents {
        int unrepeated = -1;
        int repeated = -1; // its list in m_repeatedIntents ([repetition], from 1), -1 none yet
    };
    SegmentedVector<BaseIntents> m_intentsByBase;
    std::vector<std::vector<int>> m_repeatedIntents;

    Millis m_now = 0;
    Millis m_endTime = 0;
    std::uint64_t m_seq = 0;
    std::uint64_t m_rng = 0;
    std::unique_ptr<EventQueue> m_queue; // the events to come (eventqueue.h)
    // arrivingRequest()'s requests by request number, in a search: what each was built from, beside it.
    struct Arrival {
        HeldRequest held;
        int base = -1;
        int repetition = 0;
    };
    static constexpr int kArrivalMemo = 4096; // request numbers past it are built every time
    std::vector<Arrival> m_arrivals;
    // `reusable`: a request no one holds any more, filled in place rather than made (InFlight::reusableRequest).
    HeldRequest arrivingRequest(int index, const Sender& sender, std::shared_ptr<IncomingRequest> reusable);
    mutable std::vector<QueuedEvent> m_hashQueue; // stateHash's sorted copy of the queue, its buffer kept
    std::vector<QueuedEvent> m_lifted; // nextWork's periodic jobs lifted off the queue, its buffer kept
    std::int64_t m_liveNonSweep = 0;
    bool m_recordEvents = true;
    bool m_recordSteps = false;
    std::int64_t m_requestLimit = 0;
    std::string m_requestLimitWhy; // how the limit was derived, for the message
    std::function<void(const LifecycleEvent&)> m_observer;
    std::function<void(int, Outcome&)> m_decisionObserver;
    Chooser m_chooser;
    bool m_stopRequested = false;
    std::unique_ptr<QueuedEvent> m_current; // the event being dispatched (stateHash names it)

    ChunkedVector<RequestRow> m_requests; // chunked: a million rows without a doubling vector's slack
    absl::flat_hash_set<std::uint32_t> m_openRequests; // openRequests(): noteRequestChanged keeps it
    std::int64_t m_lastOpenRequest = -1; // the request noteRequestChanged last put in m_openRequests, while there
    bool m_trackOpenRequests = false;
    void noteRequestChanged(std::size_t index);
    // Segmented, like every table with a row per served request: appending never moves what is there, so a server
    // never stops to copy a million rows into a buffer twice the size (issue 41 finding 6).
    SegmentedVector<IntentRow> m_intents;
    SegmentedVector<EffectInfo> m_effects;
    EventLog m_events { m_requests };
    ChunkedVector<StepRow> m_steps;
    std::vector<std::string> m_stepTexts; // apart from m_texts, so the trace changes no report's numbering
    std::unordered_map<std::string, int> m_stepTextIndex;
    ScopeTable m_scopes;
    std::vector<std::string> m_texts;
    std::unordered_map<std::string, int> m_textIndex;
    struct PathHash {
        std::size_t operator()(const std::vector<const char*>& v) const noexcept;
    };
    std::unordered_map<std::vector<const char*>, int, PathHash> m_pathIndex; // rule paths seen, by their steps
    static std::int64_t reasonKey(int rulePath, Decision d) { return std::int64_t(rulePath) * 16 + int(d); }
    absl::flat_hash_map<std::int64_t, int> m_reasonIndex; // explanation text per rule path and decision
    absl::flat_hash_map<int, RulePath> m_rulePathSteps; // the steps of each rule path in texts(), by its text
    // Copies that may still send, by sender number: one lives while an attempt of it is in flight or its next send
    // is scheduled, so a run of a million intents holds a few thousand rather than one each.
    absl::flat_hash_map<int, std::unique_ptr<Sender>> m_senders;
    int m_senderCount = 0;
    // Attempts something can still happen to, by request index: a few thousand at a time in a run of a million
    // requests, so a hash map of the live ones rather than a slot per request.
    absl::flat_hash_map<int, std::unique_ptr<InFlight>> m_inFlight;
    int m_lastFlightRequest = -1; // flightOf's memory: the request, and its flight
    InFlight* m_lastFlight = nullptr;
    // Senders no longer held, for the next copies that start and for restore() to copy saved ones over.
    std::vector<std::unique_ptr<Sender>> m_senderPool;
    // Flights of ended attempts, for the next ones (send() empties one) and for restore() to copy saved ones over: a
    // flight holds its service process in place, over a kilobyte, whose buffers serve attempt after attempt.
    std::vector<std::unique_ptr<InFlight>> m_flightPool;
    std::vector<std::vector<std::uint8_t>> m_rateHits; // [fault][intent]: 0 not drawn yet, 1 miss, 2 hit
    // The scenario's faults by what they may strike: those pinned to an entry (`request`) under it, the rest in one
    // list, each in the scenario's order. An attempt reads the unpinned and its entry's own rather than every fault:
    // a served session pins each fault that struck a request and a rebuilt incident one per execution, so reading all
    // of them at every attempt grew with the square of the requests.
    std::vector<std::uint32_t> m_unpinnedFaults;
    absl::flat_hash_map<int, std::vector<std::uint32_t>> m_pinnedFaults;
    std::vector<std::uint32_t> m_dbDownFaults; // asked at every store step: the windows in which the store is down
    // The scenario's clients by id, for entries that name theirs (a recording has a client per actor).
    absl::flat_hash_map<std::string, int> m_clientIndex;
    std::string m_drawMaterial; // faultHits' digest input, kept between draws
    std::string m_callKey; // startCall's key for the next hop, kept between calls
};

} // namespace iw
