// One intent of a run as a sequence diagram (SPEC §12): a lane per client copy that sent for it, `service`, `store`,
// with a route (SPEC §15) a lane per further hop and one for its store, then `effects`; the request arrows (attempt,
// key), every store step with its result, the handler runs, the effects (duplicates flagged), the responses (status,
// decision), lost messages (ending half-way), timeouts and the waits before retries. Built from a finished or partly
// played Simulation — its requests, events and step trace — so the picture grows as the run plays. The painter, the
// exports and the Mermaid text all read this model.
#pragma once

#include "simulation.h"

#include <optional>
#include <string>
#include <vector>

namespace iw {

struct SequenceLane {
    enum class Kind : std::uint8_t { Client, Service, Store, Effects };
    Kind kind = Kind::Client;
    std::string name; // "tab-1", "tab-1 #2" (a second copy or entry of the same client), "service", …
    int client = -1; // Client lanes: index into the scenario's clients
    int hop = 0; // Service and Store lanes: the hop (SPEC §15; 0 is `service`, whose store is `store`)
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
    bool discarded = false; // a response that reached its client after the timeout
    bool crash = false; // Decision: the process crashed
    bool answered = false; // Decision: a response left for it (drawn with it, so the mark needs no label)
    bool recovery = false; // Decision: a recovery job's recovered_completed or recovered_released (request -1)
    std::optional<Decision> decision; // Decision and Response items: the request's decision
    bool alarm = false; // drawn in the alarm colour (duplicate effects, crashes, lost messages)
    std::string label; // short text on the arrow or mark, e.g. "r2 · attempt 2 · key k-1"
    std::string detail; // longer text for a tooltip: the step's result, the decision's reason
};

struct SequenceModel {
    int intent = -1;
    std::string intentName;
    std::vector<SequenceLane> lanes;
    std::vector<SequenceItem> items; // by start (ties: in the order the run made them)
    std::vector<int> requests; // the intent's requests, in send order
    Millis start = 0; // the first item's start
    Millis end = 0; // the latest instant any item reaches
    Millis networkMs = 0;

    int laneOf(SequenceLane::Kind kind) const;
    // The Service or Store lane of a hop, or -1.
    int laneOfHop(SequenceLane::Kind kind, int hop) const;
};

// The intent's sequence as far as the run has got. `intent` indexes Simulation::intents().
SequenceModel buildSequence(const Simulation& simulation, int intent);

// The intent named `name`, if the run has one.
std::optional<int> findIntent(const Simulation& simulation, const std::string& name);
// SPEC §12's default: the first intent with a duplicate effect, else the first intent; -1 when the run has none.
int defaultSequenceIntent(const Simulation& simulation);
// The intent a selection names: a request's intent, or for a scope the intent of its first request; -1 none.
int intentOfRequest(const Simulation& simulation, int request);
int intentOfScope(const Simulation& simulation, int scope);

// Mermaid `sequenceDiagram` text (SPEC §12): participants in lane order (a route's hops as `hop<i>` and their
// stores as `store<i>`, named by the hop), `->>` for a delivered message, `-x` for a
// lost one (exactly one per dropped or never-arrived attempt), `Note over` for handler runs, timeouts, decisions
// and retry waits. Ends with a newline.
std::string sequenceMermaid(const SequenceModel& model);

// "850 ms", "1.2 s", "2 h 5 min": a duration for labels.
std::string sequenceDuration(Millis ms);

} // namespace iw
