// Probing a real service from outside (docs/reference/probe.md): the articles' six-step route as checks against one
// endpoint, each with its exchanges as evidence, and the contract card that compares what was observed with every
// profile.
//
// ProbeRunner runs the plan on the caller's thread with blocking, deadline-bound HTTP calls, reporting each check and
// each exchange through callbacks as they happen and stopping at cancel(); a window runs it on a worker thread and
// queues the callbacks to its widgets. judgeProbe() turns the runs into the card; it reads only the runs, the options
// and the profiles' policies, so the same runs can be judged again under another profile.
#pragma once

#include "contract.h"
#include "json.h"
#include "probehttp.h"

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace iw {

class ProbeWatch;

enum class ProbeCheck {
    ExpectedKeySyntax,
    MissingKey,
    Replay,
    MismatchSignificant,
    MismatchDisplay,
    Concurrent,
    RetryWhileRunning,
    LostResponse,
    OtherActor,
    ErrorThenFixed,
};
std::string_view probeCheckName(ProbeCheck);
std::optional<ProbeCheck> probeCheckFromName(std::string_view);
// Every check, in the order the probe runs them (key_syntax first: it tells which key form the rest send).
const std::vector<ProbeCheck>& allProbeChecks();

enum class Verdict { Pass, Fail, Unobservable, NotApplicable };
std::string_view verdictName(Verdict);

struct ProbeOptions {
    QString url;
    std::string method = "POST";
    std::string body = "{}"; // JSON text
    HeaderList headers; // --header, in order
    std::optional<std::string> auth; // Authorization value
    std::optional<std::string> authOther;
    std::vector<std::string> significant; // JSON Pointers
    std::vector<std::string> display;
    std::optional<std::string> resultId; // JSON Pointer into a success's body
    std::optional<std::string> slowBody;
    int concurrency = 16;
    std::vector<ProbeCheck> checks; // empty: every check
    std::optional<Profile> profile; // nullopt: auto (the nearest)
    int timeoutMs = 10'000; // every request's deadline
    bool watching = false; // a watched table shows executions
};

// The plan printed before anything is sent.
struct PlannedCheck {
    ProbeCheck check = ProbeCheck::MissingKey;
    int requests = 0; // at most
    std::string notApplicable; // why the check cannot run with these options (empty: it runs)
    std::string what; // one line
};
struct ProbePlan {
    std::vector<PlannedCheck> checks;
    int requests = 0; // at most, over the checks that run
};
ProbePlan planProbe(const ProbeOptions& options);
inline constexpr int kMaxPlannedRequests = 100;
inline constexpr int kLongKeyLength = 257; // one more than the longest key any known library accepts

struct ProbeExchange {
    Millis atMs = 0; // sent, milliseconds since the probe began
    Millis doneMs = 0; // answered or given up
    std::string label; // "first", "retry", "token key", …
    std::string key; // the key as the service reads it (the text inside the quotes of an sf-string); empty: none
    std::string keyHeader; // the Idempotency-Key header's text as sent; empty: no header
    bool keySent = false;
    std::string actorLabel = "auth"; // "auth" or "auth-other"
    HttpRequestOut request; // as sent (Authorization included: outputs mask it)
    WireOutcome outcome = WireOutcome::Response;
    std::optional<HttpResponseIn> response;
    std::string detail; // for outcomes other than a response
};

// One observation of a probe key's row in the watched table.
struct WatchedRow {
    Millis atMs = 0;
    std::string key;
    std::string storedKey; // the key as the table keeps it (the header's text, quotes included, for some services)
    std::string actor;
    std::string operation;
    std::string
        state; // in_progress, completed, expired (by the database's clock); "absent" once a row seen before is gone
    std::string storedState; // the state column's own value
    std::optional<int> statusCode;
    std::optional<std::string> resultId;
    Millis createdMs = 0; // the row's own created_at (epoch ms)
};

struct CheckRun {
    ProbeCheck check = ProbeCheck::MissingKey;
    std::string notApplicable; // the check did not run, and why
    std::vector<ProbeExchange> exchanges;
    std::vector<WatchedRow> rows; // the watched table's rows of this check's keys
};

struct CheckVerdict {
    ProbeCheck check = ProbeCheck::MissingKey;
    Verdict verdict = Verdict::NotApplicable;
    std::string expected;
    std::string observed;
    std::vector<std::string> differences; // each "expected …, observed …" that made it fail
};

struct ProfileComparison {
    std::string profile;
    std::vector<CheckVerdict> verdicts;
    int failures = 0;
};

struct ProbeCard {
    std::string chosen; // the profile verdicts are judged against
    bool chosenByUser = false;
    std::vector<CheckVerdict> verdicts; // against `chosen`
    std::vector<std::pair<std::string, std::string>> behaviour; // what was observed, name → sentence
    std::vector<std::string> matches; // profiles with no failing check
    std::string nearest;
    std::vector<std::string> nearestDifferences; // "check: expected …, observed …"
    std::vector<std::string> notes; // what the card cannot know, and why
    // Profiles the card lists together — those that match, or those as near as the nearest — that expect the same
    // answer to every check, with the sentence saying why a probe cannot tell them apart and what can.
    struct Alike {
        std::vector<std::string> profiles;
        std::string sentence;
    };
    std::vector<Alike> alike;
    bool anyFailure() const;
};

struct ProbeResult {
    ProbeTarget target;
    Millis startedEpochMs = 0;
    Millis wallMs = 0;
    std::vector<CheckRun> runs;
    std::string watchNote; // the watch stopped, or saw none of the probe's keys
    bool watched = false;
    bool cancelled = false;
    // The target could not be reached (no connection, TLS refused, no answer to three requests in a row): the probe
    // stopped; the sentence says why.
    std::optional<std::string> unreachable;
    ExpectedKeySyntax sentKeyForm = ExpectedKeySyntax::Raw; // Raw: bare tokens; SfString: quoted
};

class ProbeRunner {
public:
    struct Callbacks {
        std::function<void(const PlannedCheck&)> checkStarted;
        std::function<void(ProbeCheck, const ProbeExchange&)> exchanged;
        std::function<void(const CheckRun&)> checkFinished;
        std::function<void(const WatchedRow&)> rowSeen; // from the watch's thread
    };
    ProbeRunner(ProbeOptions options, ProbeTarget target, Callbacks callbacks = {});
    ~ProbeRunner();
    // The watched table, followed while the probe runs (optional).
    void setWatch(std::unique_ptr<ProbeWatch> watch);
    // Runs the plan; blocking. Every request is bounded by the options' deadline.
    ProbeResult run();
    // From any thread: the run stops after the exchange in flight.
    void cancel() { m_cancel = true; }

private:
    struct Impl;
    std::unique_ptr<Impl> d;
    std::atomic<bool> m_cancel { false };
};

// The JSON text written back compactly with its members in their order (numbers as written): what the probe sends.
std::string compactJson(const json::Value& value);
// `body` (JSON text) with the value at `pointer` changed: a number plus one, a string with "-changed" appended, a
// boolean negated, null to "changed", an array or object with one more element. Throws std::invalid_argument naming
// the pointer when it does not resolve, and json::ParseError when the body is not JSON.
std::string changedBody(const std::string& body, const std::string& pointer);

// The card: every check judged against every profile, the chosen one's verdicts, the observed behaviour.
ProbeCard judgeProbe(const ProbeResult& result, const ProbeOptions& options);
// One profile's verdicts.
ProfileComparison judgeAgainst(const ProbeResult& result, const ProbeOptions& options, const ServicePolicy& policy);

} // namespace iw
