// Simulation throughput (issue 3, docs/benchmarks.md): a `repeat` scenario of 1,000,000 intents with 10% dropped
// responses and exponential full-jitter retries, run to the end on the memory store; simulated requests per second and
// the memory retained per request (requests, intents, effects and events kept for the report). Then the same intents
// through a route of two hops (docs/reference/routes.md, issue 16): service → provider with a derived provider key,
// every request of both hops counted, against the one-hop run of the same process as the baseline. Last, a scenario
// of many entries with a fault pinned to every tenth (as a rebuilt incident or a served session's recording is)
// against the same entries without faults: pinned faults must not make each attempt read all of them.
#include "benchutil.h"
#include "scenario.h"
#include "simulation.h"

#include <cstdlib>
#include <iostream>

using namespace iw;

namespace {

// `route`: empty, or a `"route": [...]` member (with its trailing comma).
std::string scenarioText(int intents, const std::string& route = {})
{
    return R"({"format": "idempotency-workbench/scenario@1", "name": "throughput", "seed": 3,
  "service": {"profile": "ietf", "handler_ms": 50, "db_ms": 1, "network_ms": 5},
  )" + route
        + R"("clients": [{"id": "load", "actor": "42", "timeout_ms": 500,
    "retry": {"max_attempts": 4, "backoff": "exponential", "base_ms": 100, "cap_ms": 2000, "jitter": "full",
              "on": ["timeout", "409", "5xx"]}}],
  "requests": [{"at_ms": 0, "client": "load", "operation": "demo-request.create", "key": "auto",
                "payload": {"amount": 100, "currency": "EUR"}, "intent": "order", "repeat": )"
        + std::to_string(intents) + R"(, "every_ms": 1}],
  "faults": [{"kind": "drop_response", "rate": 0.1}]})";
}

// The provider behind the service: its own policy and store, a key derived from the service's scope, the
// service's calls retried on a timeout.
const char* const kTwoHops = R"("route": [{"name": "provider",
    "service": {"profile": "stripe", "handler_ms": 20, "db_ms": 1, "network_ms": 5},
    "key": "derive", "timeout_ms": 200, "retry": {"max_attempts": 2, "base_ms": 50, "on": ["timeout", "5xx"]}}],
  )";

// `entries` explicit entries a millisecond apart, each its own key, and with `pinned` a handler_error pinned to every
// tenth (`request`), as `reconstruct --scenario` writes an incident and `serve --record` a session.
std::string entriesText(int entries, bool pinned)
{
    std::string requests;
    std::string faults;
    for (int i = 0; i < entries; ++i) {
        const std::string n = std::to_string(i);
        requests += (i ? ",\n    " : "") + std::string(R"({"at_ms": )") + n
            + R"(, "client": "load", "operation": "demo-request.create", "key": "k-)" + n
            + R"(", "payload": {"amount": 100}})";
        if (pinned && i % 10 == 0)
            faults += (faults.empty() ? "" : ",\n    ") + std::string(R"({"kind": "handler_error", "request": )") + n
                + R"(, "attempt": 1, "status": 503})";
    }
    return R"({"format": "idempotency-workbench/scenario@1", "name": "entries", "seed": 3,
  "service": {"profile": "ietf", "handler_ms": 50, "db_ms": 1, "network_ms": 5},
  "clients": [{"id": "load", "actor": "42", "timeout_ms": 500, "retry": {"max_attempts": 1}}],
  "requests": [)"
        + requests + "],\n  \"faults\": [" + faults + "]}";
}

struct Figures {
    double rate = 0; // simulated requests per second, median of 5 after a warm-up
    double bytesPerRequest = 0; // the largest of the five
    std::size_t requests = 0;
    std::size_t calls = 0; // requests at the hops after `service`
};

Figures measure(const Scenario& scenario, const char* label)
{
    Figures out;
    std::vector<double> rates;
    for (int run = 0; run < 6; ++run) { // the first is the warm-up
        auto store = makeMemoryStore();
        const long long before = bench::heapInUseBytes();
        const auto start = std::chrono::steady_clock::now();
        Simulation sim(scenario, *store);
        sim.runToEnd();
        const double seconds = bench::secondsSince(start);
        out.requests = sim.requests().size();
        out.calls = 0;
        for (std::size_t r = 0; r < out.requests; ++r)
            out.calls += sim.hopOf(static_cast<int>(r)) > 0 ? 1 : 0;
        const double bytes = static_cast<double>(bench::heapInUseBytes() - before) / static_cast<double>(out.requests);
        if (run == 0)
            continue;
        rates.push_back(static_cast<double>(out.requests) / seconds);
        out.bytesPerRequest = std::max(out.bytesPerRequest, bytes);
        std::cerr << label << " run " << run << ": " << out.requests << " requests in " << bench::fixed(seconds, 2)
                  << " s\n";
    }
    out.rate = bench::median(rates);
    return out;
}

} // namespace

int main(int argc, char** argv)
{
    // An optional argument shrinks the run for profiling; the targets are stated for 1,000,000.
    const int intents = argc > 1 ? std::max(1, std::atoi(argv[1])) : 1'000'000;
    const Figures one = measure(loadScenario(scenarioText(intents), "throughput.json"), "one hop");
    const Figures two = measure(loadScenario(scenarioText(intents, kTwoHops), "throughput-two-hops.json"), "two hops");
    const int entries = std::max(10, intents / 5);
    const Figures plain = measure(loadScenario(entriesText(entries, false), "entries.json"), "entries");
    const Figures pinned = measure(loadScenario(entriesText(entries, true), "entries-pinned.json"), "pinned faults");
    const double pinnedRatio = plain.rate > 0 ? pinned.rate / plain.rate : 0;
    const bool meets = one.rate >= 200'000 && one.bytesPerRequest <= 400;
    const bool twoMeets = two.rate >= 120'000 && two.bytesPerRequest <= 500;
    const double ratio = one.rate > 0 ? two.rate / one.rate : 0;
    std::cout << "simulation_throughput: " << bench::fixed(one.rate, 0) << " simulated requests/s (median of 5), "
              << bench::fixed(one.bytesPerRequest, 0) << " bytes retained per request (store, recording and events)\n";
    std::cout << "  two hops (service -> provider, derived key): " << bench::fixed(two.rate, 0)
              << " simulated requests/s counting both hops (" << two.requests << " requests, " << two.calls
              << " at the provider), " << bench::fixed(two.bytesPerRequest, 0) << " bytes per request; "
              << bench::fixed(ratio, 2) << "x the one-hop rate of this run\n";
    std::cout << "  " << entries << " entries with a fault pinned to every tenth: " << bench::fixed(pinned.rate, 0)
              << " simulated requests/s against " << bench::fixed(plain.rate, 0) << " without the faults ("
              << bench::fixed(pinnedRatio, 2) << "x; target >= 0.5x)\n";
    std::cout << "{\"bench\": \"simulation_throughput\", \"requests_per_s\": " << bench::fixed(one.rate, 0)
              << ", \"requests\": " << one.requests
              << ", \"bytes_per_request\": " << bench::fixed(one.bytesPerRequest, 0)
              << ", \"two_hops\": {\"requests_per_s\": " << bench::fixed(two.rate, 0)
              << ", \"requests\": " << two.requests << ", \"provider_requests\": " << two.calls
              << ", \"bytes_per_request\": " << bench::fixed(two.bytesPerRequest, 0)
              << ", \"ratio_to_one_hop\": " << bench::fixed(ratio, 2)
              << ", \"target\": {\"requests_per_s\": 120000, \"bytes_per_request\": 500}, \"meets_target\": "
              << (twoMeets ? "true" : "false") << "}, \"pinned_faults\": {\"entries\": " << entries
              << ", \"requests_per_s\": " << bench::fixed(pinned.rate, 0)
              << ", \"without_faults_requests_per_s\": " << bench::fixed(plain.rate, 0)
              << ", \"ratio_to_without\": " << bench::fixed(pinnedRatio, 2)
              << ", \"target\": {\"ratio_to_without\": 0.5}, \"meets_target\": "
              << (pinnedRatio >= 0.5 ? "true" : "false")
              << "}, \"target\": {\"requests_per_s\": 200000, \"bytes_per_request\": 400}, \"meets_target\": "
              << (meets ? "true" : "false") << "}\n";
    return 0;
}
