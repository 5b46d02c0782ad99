// Simulation throughput (issue 3, SPEC §10): a `repeat` scenario of 1,000,000 intents with 10% dropped responses and
// exponential full-jitter retries, run to the end on the memory store; simulated requests per second and the memory
// retained per request (requests, intents, effects and events kept for the report).
#include "benchutil.h"
#include "scenario.h"
#include "simulation.h"

#include <cstdlib>
#include <iostream>

using namespace iw;

namespace {

std::string scenarioText(int intents)
{
    return R"({"format": "idempotency-workbench/scenario@1", "name": "throughput", "seed": 3,
  "service": {"profile": "ietf", "handler_ms": 50, "db_ms": 1, "network_ms": 5},
  "clients": [{"id": "load", "actor": "42", "timeout_ms": 500,
    "retry": {"max_attempts": 4, "backoff": "exponential", "base_ms": 100, "cap_ms": 2000, "jitter": "full",
              "on": ["timeout", "409", "5xx"]}}],
  "requests": [{"at_ms": 0, "client": "load", "operation": "demo-request.create", "key": "auto",
                "payload": {"amount": 100, "currency": "EUR"}, "intent": "order", "repeat": )"
        + std::to_string(intents) + R"(, "every_ms": 1}],
  "faults": [{"kind": "drop_response", "rate": 0.1}]})";
}

} // namespace

int main(int argc, char** argv)
{
    // An optional argument shrinks the run for profiling; the target is stated for 1,000,000.
    const int intents = argc > 1 ? std::max(1, std::atoi(argv[1])) : 1'000'000;
    const Scenario scenario = loadScenario(scenarioText(intents), "throughput.json");
    std::vector<double> rates;
    double bytesPerRequest = 0;
    std::size_t requests = 0;
    for (int run = 0; run < 6; ++run) { // the first is the warm-up
        auto store = makeMemoryStore();
        const long long before = bench::heapInUseBytes();
        const auto start = std::chrono::steady_clock::now();
        Simulation sim(scenario, *store);
        sim.runToEnd();
        const double seconds = bench::secondsSince(start);
        requests = sim.requests().size();
        const double bytes = static_cast<double>(bench::heapInUseBytes() - before) / static_cast<double>(requests);
        if (run == 0)
            continue;
        rates.push_back(static_cast<double>(requests) / seconds);
        bytesPerRequest = std::max(bytesPerRequest, bytes);
        std::cerr << "run " << run << ": " << requests << " requests in " << bench::fixed(seconds, 2) << " s\n";
    }
    const double rate = bench::median(rates);
    const bool meets = rate >= 200'000 && bytesPerRequest <= 400;
    std::cout << "simulation_throughput: " << bench::fixed(rate, 0) << " simulated requests/s (median of 5), "
              << bench::fixed(bytesPerRequest, 0) << " bytes retained per request (store, recording and events)\n";
    std::cout << "{\"bench\": \"simulation_throughput\", \"requests_per_s\": " << bench::fixed(rate, 0)
              << ", \"requests\": " << requests << ", \"bytes_per_request\": " << bench::fixed(bytesPerRequest, 0)
              << ", \"target\": {\"requests_per_s\": 200000, \"bytes_per_request\": 400}, \"meets_target\": "
              << (meets ? "true" : "false") << "}\n";
    return 0;
}
