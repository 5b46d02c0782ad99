// One intent of a run as a sequence diagram (docs/manual/teaching.md): a lane per client copy that sent for it,
// `service`, `store`, with a route (docs/reference/routes.md) a lane per further hop and one for its store, then
// `effects`; the request arrows (attempt, key), every store step with its result, the handler runs, the effects
// (duplicates flagged), the responses (status, decision), lost messages (ending half-way), timeouts and the waits
// before retries. Built from a finished or partly played Simulation — its requests, events and step trace — so the
// picture grows as the run plays. The painter, the exports and the Mermaid text all read this model. Its words are kept
// once (docs/glossary.md): each lane and item carries the facts its texts say, and sequenceLaneName, sequenceLabel and
// sequenceDetail make a text of them from English templates marked for translation (Qt context "iw::Sequence"). The
// model's own `name`, `label` and `detail` are those texts in English, for the Mermaid text and the command line; the
// GUI says the same templates with the same facts in its own language.
#pragma once

#include "simulation.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace iw {

// The translation context of this file's templates (QT_TRANSLATE_NOOP in sequencemodel.cpp; the sequence view's
// lupdate reads that file).
inline constexpr const char* kSequenceTextContext = "iw::Sequence";

struct SequenceText;

// One value of a text's %1, %2, …
struct SequenceTextArg {
    enum class Kind : std::uint8_t {
        Token, // `token` as it is in every language: a request or effect id, a key, a client or hop name, a decision
               // name, a status code
        Number, // `number`: an attempt, a copy, an instant in milliseconds — in the language's digits
        Duration, // `number` milliseconds as a duration (sequenceDuration in English)
        Text, // `text.front()`: another text of this file, said in the same language (a phrase, or the text so far
              // that this one extends)
        RuleSteps, // `*steps`: the rule-path steps a store step or handler run produced (Qt context
                   // "iw::RuleStep"), joined with " → "
        Explanation, // `*explanation`: a decision's sentences (Qt context "iw::Explanation")
    };
    Kind kind = Kind::Token;
    long long number = 0;
    std::string token;
    std::vector<SequenceText> text; // one
    // Into the model the text was made from (its results and reasons).
    const std::vector<std::string>* steps = nullptr;
    const iw::Explanation* explanation = nullptr;
};

// A text of the sequence: its English template and the values of its placeholders, %1, %2, … in order. A template
// with words is marked for translation; one that only joins tokens ("%1 %2") is not, and reads alike in every
// language. A text made from a model refers to it (rule-path steps, explanations): say it while the model lives.
struct SequenceText {
    const char* source = "";
    std::vector<SequenceTextArg> args;
};

// The text in English: numbers as std::to_string writes them, durations as sequenceDuration, rule-path steps and
// explanations as the reports write them.
std::string englishText(const SequenceText& text);

struct SequenceLane {
    enum class Kind : std::uint8_t { Client, Service, Store, Effects };
    Kind kind = Kind::Client;
    std::string name; // in English (sequenceLaneName): "tab-1", "tab-1 #2" (a second copy or entry of the same
                      // client), "service", "store", "payments", "payments store", "effects"
    int client = -1; // Client lanes: index into the scenario's clients
    int hop = 0; // Service and Store lanes: the hop (docs/reference/routes.md; 0 is `service`, whose store is `store`)
    std::string id; // Client lanes: the client's id; Service and Store lanes: the hop's name
    int copy = 1; // Client lanes: 2 for the second copy or entry of the same client, …
};

struct SequenceItem {
    enum class Kind : std::uint8_t {
        Request, // client → service (or a hop's call to the next), sent at `start`, arrives at `end` (lost: never
                 // arrives)
        StoreStep, // service → store at `start`, its result back at `end`
        Handler, // a span on the service lane
        Effect, // service → effects at `start`
        Decision, // a mark on the service lane: the decision (and status), or the crash; or a recovery job's outcome
        Response, // service → client, leaves at `start`, arrives at `end` (lost: never arrives)
        Timeout, // a mark on the client lane
        RetryWait, // a span on the client lane: from learning the outcome to the next attempt
        Fold, // a band across every lane: the attempts not drawn (SequenceModel::fold); `attempt` holds how many,
              // `id` and `relatedId` the first and the last of them
    };
    Kind kind = Kind::Request;
    int from = 0; // lane indices; a mark or span has from == to
    int to = 0;
    Millis start = 0;
    Millis end = 0; // = start for marks; -1: still under way (the run has not got there yet)
    int request = -1; // index into Simulation::requests()
    int effect = -1; // index into Simulation::effects()
    bool lost = false; // a message that never arrives: drawn ending in ✕ half-way
    bool duplicate = false; // an effect after the intent's first
    // Served traffic: an effect after the first of its request's suspected intent (the same actor, operation and
    // payload under another key or none), apart from `duplicate`; `relatedRequest` then names that first request.
    bool suspectedDuplicate = false;
    bool discarded = false; // a response that reached its client after the timeout
    bool crash = false; // Decision: the process crashed
    bool answered = false; // Decision: a response left for it (drawn with it, so the mark needs no label)
    bool recovery = false; // Decision: a recovery job's recovered_completed or recovered_released (request -1)
    std::optional<Decision> decision; // Decision and Response items: the request's decision
    bool alarm = false; // drawn in the alarm colour (duplicate and suspected duplicate effects, crashes, lost messages)
    // Where its request's work is drawn beside a concurrent request's (0: the lane itself, 1: beside it, …): two
    // requests busy at one hop at overlapping times take different columns, so neither is drawn over the other.
    int column = 0;
    // What its texts say (sequenceLabel, sequenceDetail), besides the kind, times and flags above:
    std::string id; // the request's id ("r2"); empty for a recovery job's mark
    // Effect: the effect's id ("e1"); Request: the calling request's id when it is a route's call
    // (docs/reference/routes.md), else empty; RetryWait: the attempt it follows.
    std::string relatedId;
    std::string suspectedIntent; // Effect with suspectedDuplicate: the id of its suspected intent's first request
    int attempt = 0; // Request, RetryWait: the attempt's number
    std::optional<std::string> key; // Request: the key it carries; none: no key
    int status = -1; // Decision, Response: the status; -1 none
    Millis sent = 0; // Timeout: when the attempt was sent
    bool late = false; // RetryWait: its client never heard of the attempt before (late_retry): it waits from its send
    ServiceStep::Kind step = ServiceStep::Kind::Claim; // StoreStep: which
    int result = -1; // StoreStep, Handler: index into SequenceModel::results; -1 none
    int reason = -1; // Decision: index into SequenceModel::reasons; -1 none
    // In English (sequenceLabel, sequenceDetail):
    std::string label; // short text on the arrow or mark, e.g. "r2 · attempt 2 · key k-1"
    std::string detail; // longer text for a tooltip: the step's result, the decision's reason
};

// A diagram draws at most this many of an intent's attempts: the first kSequenceHeadAttempts and the last
// kSequenceTailAttempts. Those between are folded into one mark that says how many they are and what they hold (a
// retry storm of 100,000 attempts drawn whole was a 1.4 GB SVG and 7 GB of memory, and no one can read it).
inline constexpr std::size_t kSequenceHeadAttempts = 150;
inline constexpr std::size_t kSequenceTailAttempts = 50;

// The attempts a diagram does not draw, all in a row in send order (none when `attempts` is 0).
struct SequenceFold {
    std::int64_t attempts = 0;
    int firstRequest = -1; // index into Simulation::requests()
    int lastRequest = -1;
    Millis from = 0; // the first one's send
    Millis to = 0; // the first drawn attempt's send after them
    // What happened to them: effects (duplicates among them), lost messages (requests and responses) and the
    // recovery jobs that acted meanwhile.
    std::int64_t effects = 0;
    std::int64_t duplicates = 0;
    std::int64_t lost = 0;
    std::int64_t recoveries = 0;
};

struct SequenceModel {
    int intent = -1;
    std::string intentName;
    // A second intent drawn beside the first on the same time axis (Alice's and Bob's orders, two tabs): its client
    // lanes after the first's, the service, store and effects lanes shared; -1 none.
    int beside = -1;
    std::string besideName;
    std::vector<SequenceLane> lanes;
    std::vector<SequenceItem> items; // by start (ties: in the order the run made them)
    std::vector<int> requests; // the intent's requests that are drawn, in send order
    SequenceFold fold; // those that are not
    int columns = 1; // the most requests busy at one hop at once (SequenceItem::column)
    Millis start = 0; // the first item's start
    Millis end = 0; // the latest instant any item reaches
    Millis networkMs = 0;
    // The results of the store steps and handler runs, each as the rule-path steps it produced (English literals of
    // Qt context "iw::RuleStep").
    std::vector<std::vector<std::string>> results;
    // The decisions' reasons, each as the service's sentences (Simulation::requestExplanation).
    std::vector<Explanation> reasons;

    int laneOf(SequenceLane::Kind kind) const;
    // The Service or Store lane of a hop, or -1.
    int laneOfHop(SequenceLane::Kind kind, int hop) const;
};

// The intent's sequence as far as the run has got. `intent` indexes Simulation::intents(); `beside` (≥ 0 and not
// `intent`) draws that intent's requests in the same diagram, on client lanes of its own.
SequenceModel buildSequence(const Simulation& simulation, int intent, int beside = -1);

// The intent named `name`, if the run has one.
std::optional<int> findIntent(const Simulation& simulation, const std::string& name);
// docs/manual/teaching.md's default: the first intent with a duplicate effect, else (served traffic) the first with a
// suspected duplicate effect, else the first intent; -1 when the run has none.
int defaultSequenceIntent(const Simulation& simulation);
// The intent a selection names: a request's intent, or for a scope the intent of its first request; -1 none.
int intentOfRequest(const Simulation& simulation, int request);
int intentOfScope(const Simulation& simulation, int scope);

// Mermaid `sequenceDiagram` text (docs/manual/teaching.md): participants in lane order (a route's hops as `hop<i>` and
// their stores as `store<i>`, named by the hop), `->>` for a delivered message, `-x` for a lost one (exactly one per
// dropped or never-arrived attempt that is drawn), `Note over` for handler runs, timeouts, decisions and retry waits,
// and one `Note over` every lane for the folded attempts. Ends with a newline.
std::string sequenceMermaid(const SequenceModel& model);

// "850 ms", "1.2 s", "2 h 5 min": a duration for labels.
std::string sequenceDuration(Millis ms);

// A lane's name, an item's short label and its longer detail (empty when it has none), from their facts.
SequenceText sequenceLaneName(const SequenceLane& lane);
SequenceText sequenceLabel(const SequenceItem& item);
SequenceText sequenceDetail(const SequenceModel& model, const SequenceItem& item);

} // namespace iw
