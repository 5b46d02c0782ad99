// Exploring every way a run can go (docs/reference/explore.md): bounded model checking of one scenario's policy.
//
// The simulation is deterministic, so a run is its choices. Each attempt — an entry's n-th send, shared by the
// entry's copies and repetitions, which is what a fault aimed at `request` and `attempt` strikes — draws a network
// delay, a handler time and at most one fault from the `explore` block. The search walks the tree of those choices
// depth first, level by level in the number of faults (0, 1, … max_faults), so the first level with a violation
// holds the shortest counterexample. It runs the simulation to each decision point (an attempt no choice covers is
// next), saves it there and puts it back for each further option (Simulation::save/restore), so a state costs the
// events since the last decision point. At every new decision point it fingerprints the state (Simulation::stateHash
// plus the choices still to be reused). A level is first searched only to judge it: a run that meets a state already
// reached with no more faults spent is pruned, and the pass ends at the first violation. A level that does not hold is
// searched again for its best counterexample, pruning a run that meets a state already reached at no higher cost —
// cost being (faults so far, events so far, most requests in flight so far, then the order of the choices) — so the
// best counterexample is the same whichever thread reached a state first: one thread or two give the same verdict and
// the same counterexample. The counterexample is the scenario with every choice appended as a pinned fault (latencies
// as slow_handler and slow_network), so `run --check` replays it exactly.
#pragma once

#include "scenario.h"
#include "simulation.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace iw {

enum class ExploreVerdict { Holds, Violated, Inconclusive };
std::string_view exploreVerdictName(ExploreVerdict);

struct ExploreOptions {
    std::optional<int> maxFaults; // overrides the block's max_faults
    double timeLimitS = 300; // 0: none
    std::size_t memoryLimitBytes = 0; // 0: a quarter of this machine's memory, at most 4 GiB
    int threads = 2;
    const std::atomic<bool>* cancel = nullptr; // set by the GUI's Cancel
};

struct ExploreProgress {
    std::int64_t runs = 0;
    std::int64_t distinctStates = 0;
    int faultLevel = 0; // the number of faults the search is trying now
    double seconds = 0;
    double statesPerS = 0;
};

struct ExploreResult {
    ExploreVerdict verdict = ExploreVerdict::Holds;
    ExploreProperty property = ExploreProperty::NoDuplicateEffects;
    // What ended the search: "exhausted" (every run within the bounds), "violation", "time", "memory", "cancelled".
    std::string stoppedBy;
    int maxFaults = 0;
    double timeLimitS = 0;
    std::size_t memoryLimitBytes = 0;
    int threads = 1;
    std::int64_t runs = 0;
    std::int64_t distinctStates = 0;
    double seconds = 0;
    double statesPerS = 0;
    std::size_t bytesPerState = 0;
    // The most the search held at once, by its own count: the visited table, the saved states, the simulations and
    // stores of its threads and the work items (what memoryLimitBytes bounds).
    std::size_t peakBytes = 0;
    int levelsDone = 0; // fault levels searched completely

    // When violated: the shortest counterexample.
    std::optional<Scenario> counterexample; // every choice pinned; expect and lesson from its own run
    std::vector<FaultSpec> counterexampleFaults; // the pinned faults (latency pins not counted)
    std::int64_t counterexampleEvents = 0;
    RunSummary counterexampleSummary;
    std::string violation; // one sentence: what went wrong in it
};

// Throws ScenarioError when the scenario cannot be explored (it is the caller's file that is wrong), RunTooLarge
// when a run exceeds the request budget.
ExploreResult explore(const Scenario& scenario, const ExploreOptions& options,
    const std::function<void(const ExploreProgress&)>& progress = {});

// The verdict and counterexample as docs/reference/explore.md's --json object.
std::string exploreResultJson(const ExploreResult& result);
// The same, for people: a few lines.
std::string exploreResultText(const ExploreResult& result, const std::string& scenarioFile);

} // namespace iw
