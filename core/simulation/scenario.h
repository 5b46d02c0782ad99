// Scenario files (`idempotency-workbench/scenario@1`, docs/reference/scenario.md): the data model, loading with full
// validation, and saving back.
#pragma once

#include "chunked.h"
#include "json.h"
#include "policy.h"

#include <cstddef>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace iw {

inline constexpr const char* ScenarioFormat = "idempotency-workbench/scenario@1";
// The largest handler answer a `large_response` fault asks for, and the largest item_size_limit_bytes (16 MiB): a typo
// cannot exhaust memory.
inline constexpr std::int64_t kMaxResponseBytes = 16 * 1024 * 1024;

enum class Backoff { Constant, Exponential };
enum class Jitter { None, Full, Equal, Decorrelated };
enum class OnConflict { RetrySameKey, NewKey, GiveUp };

struct RetryPolicy {
    int maxAttempts = 1;
    Backoff backoff = Backoff::Exponential;
    Millis baseMs = 100;
    Millis capMs = 10'000;
    Jitter jitter = Jitter::None;
    // Which outcomes are retried at all: "timeout", "409", "422", "5xx", "503".
    bool onTimeout = false;
    bool on409 = false;
    bool on422 = false;
    bool on5xx = false;
    bool on503 = false;
};

struct ClientSpec {
    std::string id;
    std::string actor;
    Millis timeoutMs = 0;
    RetryPolicy retry;
    OnConflict onConflict = OnConflict::RetrySameKey;
};

// What a client saw of one attempt: exactly docs/reference/report.md's `client_outcome` values, named by one table in
// simulation.cpp (clientOutcomeName), so a report cannot print anything else. A recording's entry carries one
// (`observed_outcome`).
enum class ClientOutcome : std::uint8_t { Response, Timeout, Dropped, NeverArrived };
inline constexpr int ClientOutcomeCount = 4;
std::string_view clientOutcomeName(ClientOutcome);
std::optional<ClientOutcome> clientOutcomeFromName(std::string_view);

// The small fields sit together after the large ones, so that no padding is left between them: `serve` keeps one
// of these per request it answers (issue 41 finding 6), 384 bytes rather than 400.
struct RequestSpec {
    enum class KeyKind : std::uint8_t { Literal, Auto, None };
    Millis atMs = 0;
    std::string client;
    std::string operation;
    std::string key; // for Literal
    json::Position keyPos; // where the key is in the file, for messages about it after loading
    json::Value payload;
    std::optional<std::string> intent;
    Millis everyMs = 0;
    // docs/reference/decisions.md#profiles: the raw query string the request carried (a fingerprint part, and
    // node-idempotency's scope), and the body's bytes as sent when they are not the payload as JSON.stringify writes it
    // (fingerprint_form raw).
    std::string query;
    std::optional<std::string> body;
    KeyKind keyKind = KeyKind::Literal;
    // `"method": "GET"`: a read. Its handler runs and changes nothing — no effect, 200 — whatever the service's
    // idempotency rules decide around it ("GET needs none of this"); "POST", the default, changes state.
    bool read = false;
    // docs/reference/serve.md recordings: what its client saw of the entry's first send (the report's client_outcome
    // for it, whatever the run itself would give; what the client does next is unchanged), and (`attempt` below) the
    // attempt that send stands for (the report numbers its sends from it; a fault's `attempt` still counts the entry's
    // own sends).
    std::optional<ClientOutcome> observedOutcome;
    int copies = 1;
    int repeat = 1;
    int attempt = 1;
};
static_assert(sizeof(RequestSpec) <= 384, "serve keeps one per request: no padding between the small fields");

enum class FaultKind {
    DropRequest,
    DropResponse,
    HandlerError,
    RejectPayload,
    CrashBeforeEffect,
    CrashAfterEffect,
    SlowHandler,
    DbDown,
    LateRetry,
    SlowNetwork, // explore's latency pin (docs/reference/explore.md): this attempt's journey takes network_ms each way
    CrashAfterUpstream, // docs/reference/routes.md: the caller dies when its upstream's 2xx answer arrives, before its
                        // own effect
    CrashAfterClaim, // docs/manual/stores.md: the process dies right after its claim is written (HSETNX: before its
                     // EXPIRE)
    Failover, // docs/manual/stores.md redis: at at_ms a replica is promoted, holding only the writes older than at_ms −
              // lag_ms
    RollbackClaim, // docs/manual/stores.md mysql: the claim transaction stays open hold_ms after its INSERT, then rolls
                   // back
    TtlSweepNow, // docs/manual/stores.md dynamodb: at at_ms the TTL sweeper deletes every item past its TTL
    ClockSkew, // docs/manual/stores.md dynamodb: the writer's clock of the targeted attempts is off by clock_skew_ms
    LargeResponse, // docs/manual/stores.md: the handler's answer of the targeted attempts is response_bytes long
    // A new kind goes above this line: FaultKindCount sizes the per-attempt "seen" sets.
};
inline constexpr std::size_t FaultKindCount = static_cast<std::size_t>(FaultKind::LargeResponse) + 1;

struct FaultSpec {
    FaultKind kind = FaultKind::DropResponse;
    std::optional<std::string> client;
    std::optional<int> request; // index in `requests`
    std::optional<int> attempt;
    std::optional<double> rate; // 0–1
    int status = 500; // handler_error (default 500), reject_payload (default 400)
    Millis handlerMs = 0; // slow_handler
    Millis fromMs = 0; // db_down
    Millis toMs = 0;
    Millis delayMs = 0; // late_retry
    Millis networkMs = 0; // slow_network
    Millis atMs = 0; // failover, ttl_sweep_now
    Millis clockSkewMs = 0; // clock_skew
    Millis holdMs = 100; // rollback_claim
    std::int64_t responseBytes = 0; // large_response
    int hop = 0; // docs/reference/routes.md `hop`: 0 is `service`, i is route[i − 1]
};

// docs/reference/routes.md routes: the services behind `service`, each called by the one before it during its handler.
enum class HopKey : std::uint8_t { Forward, Derive, New, None };
enum class RecoverBy : std::uint8_t { Lookup, Release };
std::string_view hopKeyName(HopKey);
std::string_view recoverByName(RecoverBy);

// `recover`: a job that finds the hop's in_progress records older than older_than_ms every every_ms.
struct RecoverSpec {
    Millis everyMs = 0;
    Millis olderThanMs = 0;
    RecoverBy by = RecoverBy::Lookup;

    bool operator==(const RecoverSpec&) const = default;
};

// The most hops a route may list (docs/reference/routes.md): the loader refuses more, naming the hop. Every hop has a
// store and a lane of its own, and its number is kept in 16 bits per request.
inline constexpr std::size_t kMaxRouteHops = 1000;

struct HopSpec {
    std::string name;
    ServicePolicy service;
    HopKey key = HopKey::Forward;
    bool effect = true; // false: a proxy
    Millis timeoutMs = 0; // each call attempt's
    RetryPolicy retry; // the caller's retries of the call
    std::optional<RecoverSpec> recover;
};

// The `explore` block (docs/reference/explore.md): what may differ between the runs `explore` tries.
enum class ExploreProperty : std::uint8_t { NoDuplicateEffects, NoStuckInProgress, ReplayMatchesOriginal };
std::string_view explorePropertyName(ExploreProperty);

struct ExploreSpec {
    std::vector<FaultKind> faults; // kinds that may strike any attempt, in the block's order
    int maxFaults = 1;
    std::vector<Millis> networkMs; // choices; empty: the service's network_ms
    std::vector<Millis> handlerMs; // choices; empty: the service's handler_ms
    std::vector<Millis> lateRetryDelaysMs; // choices for an explored late_retry
    ExploreProperty property = ExploreProperty::NoDuplicateEffects;

    bool operator==(const ExploreSpec&) const = default;
};

// `expect.explore`: the verdict `explore` must reach, and the counterexample's fault count when violated.
struct ExploreExpectation {
    std::string verdict; // "holds", "violated", "inconclusive"
    std::optional<int> faults;

    bool operator==(const ExploreExpectation&) const = default;
};

// A lesson step's `expect` (docs/manual/teaching.md "A caption cannot lie"): what is true at the step's instant,
// counted over what has happened by then. Every member is optional.
struct LessonExpect {
    // "effects", "duplicate_effects", "decisions.<name>", "duplicate_effects_by_hop.<hop>", as Scenario::expect.
    std::map<std::string, std::int64_t> figures;
    struct Request {
        int index = 0; // r1 is 0
        std::string decision; // a decision's name, "none" (no decision yet), or empty: not checked
        std::string clientOutcome; // a client outcome's name, "none" (not learned yet), or empty: not checked
        bool operator==(const Request&) const = default;
    };
    std::vector<Request> requests;
    struct RecordState {
        std::string key;
        std::optional<std::string> actor; // narrows the records compared when keys repeat across actors
        std::string state; // "in_progress", "completed", "expired", or "absent" (no record with that key)
        bool operator==(const RecordState&) const = default;
    };
    std::vector<RecordState> records;

    bool operator==(const LessonExpect&) const = default;
};

// One step of a guided walk-through (docs/manual/teaching.md "Lessons"): the run plays to `atMs`, pauses, shows the
// caption and selects what the step names.
struct LessonStep {
    enum class Select : std::uint8_t { Nothing, Request, Effect, Scope };
    Millis atMs = 0;
    std::string title;
    std::string text;
    Select select = Select::Nothing;
    int index = -1; // Request: the request's index (r1 is 0); Effect: the effect's index (e1 is 0)
    iw::Scope scope; // Select::Scope
    std::optional<LessonExpect> expect; // `expect`: checked by `run --check` after every event due by `atMs`

    bool operator==(const LessonStep&) const = default;
};

// A scenario's own texts in one language (docs/glossary.md `translations`): what a person reads of it. `lesson` holds
// one entry per lesson step, in the steps' order.
struct ScenarioTexts {
    struct Step {
        std::string title;
        std::string text;
        bool operator==(const Step&) const = default;
    };
    std::string title; // empty: none given
    std::string description;
    std::vector<Step> lesson;

    bool operator==(const ScenarioTexts&) const = default;
};

// The languages a scenario may carry texts in besides its own English: the GUI's other languages.
inline constexpr std::string_view TranslationLanguages[] = { "ru", "uk" };

struct Scenario {
    std::string name;
    std::string title;
    std::string description;
    std::uint64_t seed = 1;
    ServicePolicy service;
    std::vector<ClientSpec> clients;
    SegmentedVector<RequestSpec> requests; // served traffic appends without end: chunks, never one big move
    std::vector<FaultSpec> faults;
    std::vector<HopSpec> route; // docs/reference/routes.md; empty: the request ends at `service`
    std::optional<RecoverSpec> serviceRecover; // `service.recover`
    // `expect`: summary figures ("effects", "duplicate_effects", …) and decision counts ("decisions.created").
    std::map<std::string, std::int64_t> expect;
    bool hasExpect = false;
    std::vector<LessonStep> lesson; // `lesson`: at_ms non-decreasing
    std::optional<ExploreSpec> explore; // `explore` (docs/reference/explore.md)
    std::optional<ExploreExpectation> exploreExpect; // `expect.explore`
    std::map<std::string, ScenarioTexts, std::less<>> translations; // `translations`, by language code

    const ClientSpec* client(const std::string& id) const;
    // The name of hop `hop` (0: "service") and its policy.
    std::string_view hopName(int hop) const { return hop == 0 ? std::string_view("service") : route[hop - 1].name; }
    const ServicePolicy& hopService(int hop) const { return hop == 0 ? service : route[hop - 1].service; }
    const std::optional<RecoverSpec>& hopRecover(int hop) const
    {
        return hop == 0 ? serviceRecover : route[hop - 1].recover;
    }
    int hopCount() const { return 1 + static_cast<int>(route.size()); }
};

// The texts to show of `scenario` in `language` ("en", "ru", "uk"): each text from the scenario's translation into
// that language where it has one, else the scenario's own (an unknown language or "en" gives the own texts).
ScenarioTexts scenarioTexts(const Scenario& scenario, std::string_view language);

// A validation error: file, line, column, JSON path, and what was wrong.
class ScenarioError : public std::runtime_error {
public:
    ScenarioError(std::string file, json::Position pos, std::string path, std::string message);
    const std::string& file() const { return m_file; }
    json::Position position() const { return m_pos; }
    const std::string& jsonPath() const { return m_path; }
    const std::string& detail() const { return m_detail; }

private:
    std::string m_file;
    json::Position m_pos;
    std::string m_path;
    std::string m_detail;
};

// Parses and validates. `fileName` is used in messages only. Throws ScenarioError (JSON syntax errors included).
Scenario loadScenario(std::string_view text, const std::string& fileName);
Scenario loadScenarioFile(const std::string& path); // reads the file (a ":/" path reads a Qt resource)
// Writes the scenario back as scenario@1 JSON (pretty-printed, fields in the SPEC's order).
std::string saveScenario(const Scenario& scenario);

std::string_view faultKindName(FaultKind);
std::string_view jitterName(Jitter);
std::string_view backoffName(Backoff);
std::string_view onConflictName(OnConflict);

// The preset scenarios shipped as resources (":/scenarios/*.json"), sorted by file name.
struct PresetInfo {
    std::string resourcePath;
    std::string name;
    std::string title;
    std::string description;
    std::map<std::string, ScenarioTexts, std::less<>> translations; // title and description only (no lesson)

    // The title and description to show in `language`, falling back to the preset's own English.
    std::string shownTitle(std::string_view language) const;
    std::string shownDescription(std::string_view language) const;
};
std::vector<PresetInfo> listPresets();

} // namespace iw
