// Policy review (docs/reference/cli.md `compare`, §9 "Policy review"): two to four policies — each a scenario with its
// service policy, client retry policy, faults and traffic — run over the same seeded faults, and the figures a design
// review compares: duplicate effects, conflicts, time to success, retry horizon against retention, storage held.
// The writers here (readable table, JSON, Markdown) serve the command line and the review window alike.
#pragma once

#include "retrybudget.h"
#include "scenario.h"
#include "simulation.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace iw {

struct Percentiles {
    Millis p50 = 0;
    Millis p90 = 0;
    Millis p99 = 0;
    bool operator==(const Percentiles&) const = default;
};

// Nearest-rank percentile of a sorted list: the value at rank ceil(p/100 · n) (1-based); p in (0, 100].
Millis nearestRank(const std::vector<Millis>& sorted, double p);
// p50, p90 and p99 of `values` (any order); nullopt for an empty list.
std::optional<Percentiles> nearestRankPercentiles(std::vector<Millis> values);

// largestWaitBefore, retryHorizonMs and kRetryHorizonSaturation: core/simulation/retrybudget.h.

// Records and tombstones the store held at one instant of virtual time.
struct StorageSample {
    Millis t = 0;
    std::int64_t records = 0;
    std::int64_t tombstones = 0;
};

// Storage held over the run. Bytes are approximate: the text of each row's columns plus 8 bytes per number or time
// column, as a database row would store them, without index or page overhead.
struct StorageFigures {
    std::vector<StorageSample> samples; // at most a few hundred, evenly spaced in virtual time
    std::int64_t peakRecords = 0;
    std::int64_t peakTombstones = 0;
    std::int64_t recordsAtEnd = 0;
    std::int64_t tombstonesAtEnd = 0;
    double bytesPerRecord = 0;
    double bytesPerTombstone = 0;
    std::int64_t peakBytes = 0; // the largest records × bytesPerRecord + tombstones × bytesPerTombstone
};

// docs/reference/routes.md: the duplicate effects born at one hop of a route, as the simulation counts them
// (summary().duplicateEffectsByHop).
struct HopFigures {
    std::string hop; // "service", or a route hop's name
    std::int64_t duplicateEffects = 0;
    Millis longestLateReturnMs = 0; // the largest delay_ms of the late_retry faults striking this hop (0: none)
    bool operator==(const HopFigures&) const = default;
};

// The figures of one policy (docs/reference/cli.md `compare`), plus what the review window and the Markdown add.
struct PolicyFigures {
    std::string name;
    std::int64_t intents = 0;
    std::int64_t requests = 0; // summary.requests: those with a decision
    std::int64_t effects = 0;
    std::int64_t duplicateEffects = 0; // every hop's
    std::vector<HopFigures> duplicateEffectsByHop; // in route order, `service` first; empty without a route
    std::int64_t intentsWithDuplicates = 0;
    double duplicateRate = 0; // intentsWithDuplicates / intents
    std::int64_t unknownOutcome = 0; // intents whose client never saw a final answer
    double conflictRate = 0; // (conflict_in_progress + payload_mismatch + expired_rejected) / requests
    double replayRate = 0; // replayed / requests
    std::map<std::string, std::int64_t> decisions;
    std::int64_t succeeded = 0; // intents whose client saw a 2xx
    std::optional<Percentiles> timeToSuccessMs; // from the intent's first send to the first 2xx; none: nullopt
    Millis retryHorizonMs = 0;
    Millis retentionMs = 0; // ttl_ms
    bool horizonExceedsRetention = false;
    Millis longestLateReturnMs = 0; // the largest late_retry delay_ms among the faults striking `service` (0: none)
    std::vector<std::string> duplicateIntents; // the first intents with duplicate effects, in intent order
    StorageFigures storage; // filled by runReview (it needs the store's history)
};

// The figures of a finished (or stopped) simulation; `storage` stays empty.
PolicyFigures computeFigures(const Simulation& simulation, std::size_t maxDuplicateIntents = 200);

// How many intents a policy's traffic makes (Σ repeat over entries with distinct intent names): the progress scale.
std::int64_t plannedIntents(const Scenario& scenario);

// Puts every policy under the first one's seed and, when `intents` is given, sets every request entry's `repeat`
// to it. Throws ScenarioError (naming sources[i] when given, else the scenario's name) when `intents` > 1 meets a
// literal key: a repeated intent needs key "auto" or null (docs/reference/scenario.md), or all repetitions would share
// one key.
std::vector<Scenario> prepareReview(
    std::vector<Scenario> policies, std::optional<int> intents, const std::vector<std::string>& sources = {});

// "ttl_ms 24 h → 1 h, store_errors true → false": the service and client fields of `policy` that differ from
// `baseline`, and a note when their traffic or faults differ (a review compares like with like). Empty: same.
// With a route (docs/reference/routes.md), each hop both have (by name) adds its own fields prefixed with its name
// ("gateway.ttl_ms 1 h → 24 h", "provider.key forward → new"), and a hop only one has is named as added or removed.
std::vector<std::string> policyDifferences(const Scenario& baseline, const Scenario& policy);

// What a reviewer must not miss about one policy.
struct PolicyWarning {
    enum class Kind {
        DuplicateEffects, // the business action ran more than once for some intents
        HorizonBeyondRetention, // valueMs (retry horizon) > limitMs (retention)
        LateReturnsBeyondRetention, // valueMs (longest late_retry delay) > limitMs (ttl, plus a tombstone's time)
    };
    std::string
        hop; // LateReturnsBeyondRetention at a route hop (docs/reference/routes.md): its name; empty for `service`
    Kind kind = Kind::DuplicateEffects;
    Millis valueMs = 0;
    Millis limitMs = 0;
    std::optional<Millis> tombstoneMs; // HorizonBeyondRetention under after_expiry: tombstone
    std::string text; // one English sentence, for the command line and Markdown
};
std::vector<PolicyWarning> policyWarnings(const PolicyFigures& figures, const Scenario& scenario);

struct ReviewProgress {
    int policy = 0;
    std::int64_t intentsStarted = 0;
    std::int64_t intentsPlanned = 0;
    bool finished = false;
};

struct PolicyOutcome {
    std::optional<PolicyFigures> figures; // nullopt: cancelled before it finished, or failed
    std::vector<std::string> differences; // against the first policy
    std::vector<PolicyWarning> warnings;
    std::string error; // a store failure, when one stopped it
    bool badInput = false; // the error is the input's: it needed more than this machine holds (exit 2, not 3)
    double seconds = 0; // wall time of its run
};

struct ReviewResult {
    std::vector<Scenario> policies; // as run: seed and intents applied
    std::vector<PolicyOutcome> outcomes; // one per policy, same order
    bool cancelled = false;
    double seconds = 0;
};

struct ReviewOptions {
    int threads = 0; // 0: one per core, at most one per policy
    std::size_t maxDuplicateIntents = 200;
};

// Runs each policy as one simulation on its own memory store, in parallel on the machine's cores. `progress` is
// called from the worker threads (every percent or so of a policy's intents, and when it finishes); `cancel` is
// polled from them every few thousand events: a cancelled review keeps the figures of the policies that had finished.
// Throws ScenarioError as prepareReview does.
ReviewResult runReview(std::vector<Scenario> policies, std::optional<int> intents,
    const std::function<void(const ReviewProgress&)>& progress = {}, const std::function<bool()>& cancel = {},
    const ReviewOptions& options = {});

// A scenario of just one intent of a policy, to open in the main window: the intent's request entry (or entries,
// when several share the intent name) at the instant that repetition started, under its own name, with the same
// seed, policies and faults (fault indices kept, so rate-thinned faults hit it exactly as in the review; faults that
// targeted other entries can no longer hit). Jitter draws may differ from the review's. nullopt: no such intent.
std::optional<Scenario> isolateIntent(const Scenario& policy, const std::string& intentName);

// Where to look at an intent in a run: the request that caused its first duplicate effect, else its first request;
// -1 when the run has no intent of that name.
int requestToInspect(const Simulation& simulation, const std::string& intentName);

// The hops a review's figures are broken down by (docs/reference/routes.md): `service`, then every route hop of the
// policies by name, in the first policy's route order, hops only later policies have after them. Empty when no policy
// has a route: then nothing in the figures, the writers or the window speaks of hops.
std::vector<std::string> reviewHops(const ReviewResult& review);
// The duplicate effects of `figures` at `hop`; nullopt when that policy's route has no such hop.
std::optional<std::int64_t> duplicateEffectsAt(const PolicyFigures& figures, const std::string& hop);

// The three writers of a review. `table` is the readable side-by-side view of the command line.
std::string reviewJson(const ReviewResult& review);
std::string reviewMarkdown(const ReviewResult& review);
std::string reviewTable(const ReviewResult& review);

// Durations for people: "850 ms", "12.5 s", "4 min 30 s", "2 h 10 min", "3 d 4 h".
std::string humanDuration(Millis ms);

// The policies shipped for a first review (the same as resources/reviews/*.json): Stripe-like 24 h storing errors,
// Powertools-like 1 h deleting on error, and a 1 h tombstone variant, under one client and one set of faults.
std::vector<Scenario> builtinReviewPolicies();

// The example review of a route (docs/reference/routes.md), built in as ":/reviews/route-gateway-window/*.json" (the
// same files as resources/reviews/route-gateway-window/): 24 h at the service and 1 h at a gateway forwarding the key
// to a 24 h provider, against the gateway at 24 h, the gateway rewriting the key, and the service at 1 h. The resource
// paths, in order; routeReviewPolicies() loads them.
std::vector<std::string> routeReviewFiles();
std::vector<Scenario> routeReviewPolicies();

// The libraries' review (docs/reference/decisions.md#profiles), built in as ":/reviews/library-profiles/*.json" (the
// same files as resources/reviews/library-profiles/): one traffic — two users sending the same key, a retry whose body
// members come in another order, a retry with another query — under ietf, stripe, express-idempotency and
// node-idempotency.
std::vector<std::string> libraryReviewFiles();
std::vector<Scenario> libraryReviewPolicies();

} // namespace iw
