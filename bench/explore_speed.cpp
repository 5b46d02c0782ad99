// explore's search speed (issue 18 item 7): distinct states per second and bytes per stored state on 3 concurrent
// requests × 3 attempts × 4 fault kinds × 3 latency choices, on two threads, with the same search on one thread
// beside it as the baseline measured in the same run. Without a lease no fault re-runs the payment, so the property
// holds and every search covers the whole tree (the same distinct states on one thread and two); the figures are
// medians over repeated searches.
// Target: ≥ 250,000 distinct states/s on two cores and ≤ 64 bytes per stored state.
#include "benchutil.h"
#include "explore.h"
#include "scenario.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using namespace iw;

namespace {

const char* kScenario = R"({"format": "idempotency-workbench/scenario@1", "name": "explore-speed", "seed": 1,
"service": {"profile": "ietf", "strategy": "unique_claim", "in_progress_lease_ms": null, "handler_ms": 100},
"clients": [{"id": "tab", "actor": "42", "timeout_ms": 300,
             "retry": {"max_attempts": 3, "backoff": "constant", "base_ms": 50, "on": ["timeout", "409", "5xx"]}}],
"requests": [
  {"at_ms": 0, "client": "tab", "operation": "pay", "key": "k-1", "payload": {"a": 1}, "intent": "order"},
  {"at_ms": 3, "client": "tab", "operation": "pay", "key": "k-1", "payload": {"a": 1}, "intent": "order"},
  {"at_ms": 7, "client": "tab", "operation": "pay", "key": "k-1", "payload": {"a": 1}, "intent": "order"}],
"explore": {"faults": ["drop_request", "drop_response", "handler_error", "crash_after_effect"],
            "network_ms": [5, 40, 150], "max_faults": 2, "property": "no_duplicate_effects"}})";

struct Figures {
    std::string verdict;
    std::int64_t states = 0;
    double seconds = 0;
    double statesPerS = 0;
    double runsPerS = 0;
    double bytesPerState = 0;
};

Figures measure(const Scenario& s, int threads, double seconds, int repeats)
{
    std::vector<double> rates, runs, bytes, times;
    ExploreResult last;
    for (int i = 0; i < repeats; ++i) {
        ExploreOptions o;
        o.threads = threads;
        o.timeLimitS = seconds;
        const ExploreResult r = explore(s, o);
        rates.push_back(r.statesPerS);
        runs.push_back(static_cast<double>(r.runs) / r.seconds);
        bytes.push_back(static_cast<double>(r.bytesPerState));
        times.push_back(r.seconds);
        last = r;
    }
    return { std::string(exploreVerdictName(last.verdict)), last.distinctStates, bench::median(times),
        bench::median(rates), bench::median(runs), bench::median(bytes) };
}

} // namespace

int main(int argc, char** argv)
{
    const double seconds = argc > 1 ? std::atof(argv[1]) : 120; // a time limit only: the searches end on their own
    const int repeats = argc > 2 ? std::atoi(argv[2]) : 3;
    const Scenario s = loadScenario(kScenario, "explore-speed");
    std::printf(
        "explore_speed: 3 concurrent requests x 3 attempts x 4 fault kinds x 3 latency choices, max 2 faults\n");
    std::printf("  %d whole searches per thread count (medians; time limit %.0f s)\n", repeats, seconds);
    const Figures one = measure(s, 1, seconds, repeats);
    const Figures two = measure(s, 2, seconds, repeats);
    std::printf("  1 thread : %s, %lld distinct states in %.2f s\n", one.verdict.c_str(),
        static_cast<long long>(one.states), one.seconds);
    std::printf("  2 threads: %s, %lld distinct states in %.2f s\n", two.verdict.c_str(),
        static_cast<long long>(two.states), two.seconds);
    std::printf("  1 thread : %10.0f distinct states/s  %9.0f runs/s  %5.1f bytes/state\n", one.statesPerS,
        one.runsPerS, one.bytesPerState);
    std::printf("  2 threads: %10.0f distinct states/s  %9.0f runs/s  %5.1f bytes/state  (%.2fx one thread)\n",
        two.statesPerS, two.runsPerS, two.bytesPerState, one.statesPerS > 0 ? two.statesPerS / one.statesPerS : 0);
    std::printf("  target: >= 250000 distinct states/s on two threads: %s; <= 64 bytes/state: %s\n",
        two.statesPerS >= 250000 ? "met" : "NOT met", two.bytesPerState <= 64 ? "met" : "NOT met");
    std::printf("{\"bench\": \"explore_speed\", \"states_per_s_two_threads\": %.0f, \"states_per_s_one_thread\": %.0f, "
                "\"bytes_per_state\": %.1f, \"meets_target\": %s}\n",
        two.statesPerS, one.statesPerS, two.bytesPerState,
        two.statesPerS >= 250000 && two.bytesPerState <= 64 ? "true" : "false");
    return 0;
}
