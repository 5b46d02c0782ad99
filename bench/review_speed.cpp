// Policy review speed (issue 8, docs/benchmarks.md): four policies × 250,000 intents each — the three built-in review
// policies (Stripe-like 24 h, Powertools-like 1 h, 1 h with a tombstone) and brandur's profile (72 h, 90 s lease,
// hourly reaper) — under the same seeded faults (lost responses, handler errors, crashes after the effect, clients back
// after 2 h and 30 h), run on both cores. Median wall time of 5 runs after a warm-up (3 when a run is long).
#include "benchutil.h"
#include "review.h"

#include <ctime>
#include <fstream>
#include <iostream>
#include <thread>

using namespace iw;

namespace {

// Process CPU time of every thread: on a shared machine wall time says little, CPU time says what the work costs.
double cpuSeconds()
{
    timespec t {};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

double loadAverage()
{
    std::ifstream in("/proc/loadavg");
    double load = 0;
    in >> load;
    return load;
}

} // namespace

int main(int argc, char** argv)
{
    // An optional first argument scales the load down for profiling (e.g. `review_speed 20000`).
    const int intentsPerPolicy = argc > 1 ? std::max(1, std::atoi(argv[1])) : 250'000;
    std::vector<Scenario> policies = builtinReviewPolicies();
    Scenario brandur = policies.front();
    brandur.name = "brandur-72h";
    const ServicePolicy latencies = brandur.service;
    brandur.service = ServicePolicy::forProfile(Profile::Brandur);
    brandur.service.handlerMs = latencies.handlerMs;
    brandur.service.dbMs = latencies.dbMs;
    brandur.service.networkMs = latencies.networkMs;
    policies.push_back(brandur);
    const std::int64_t total = static_cast<std::int64_t>(intentsPerPolicy) * static_cast<std::int64_t>(policies.size());

    std::cerr << "review_speed: " << policies.size() << " policies × " << intentsPerPolicy << " intents on "
              << std::thread::hardware_concurrency() << " cores\n";
    std::vector<double> seconds;
    std::vector<double> cpu;
    int runs = 5;
    std::int64_t duplicates = 0;
    for (int run = 0; run <= runs; ++run) { // run 0 is the warm-up
        const auto start = std::chrono::steady_clock::now();
        const double cpuStart = cpuSeconds();
        const ReviewResult review = runReview(policies, intentsPerPolicy);
        const double s = bench::secondsSince(start);
        const double c = cpuSeconds() - cpuStart;
        std::int64_t intents = 0;
        duplicates = 0;
        for (const PolicyOutcome& o : review.outcomes) {
            intents += o.figures ? o.figures->intents : 0;
            duplicates += o.figures ? o.figures->duplicateEffects : 0;
        }
        std::cerr << (run == 0 ? "warm-up" : "run " + std::to_string(run)) << ": " << bench::fixed(s, 2) << " s ("
                  << bench::fixed(c, 2) << " s CPU), " << intents << " intents, " << duplicates
                  << " duplicate effects (";
        for (std::size_t i = 0; i < review.outcomes.size(); ++i)
            std::cerr << (i ? ", " : "") << review.policies[i].name << " "
                      << bench::fixed(review.outcomes[i].seconds, 2) << " s";
        std::cerr << ")\n";
        if (run == 0) {
            // A long review gets 3 measured runs instead of 5, and says so.
            if (s > 30)
                runs = 3;
            continue;
        }
        seconds.push_back(s);
        cpu.push_back(c);
    }
    const double p50 = bench::median(seconds);
    const double cpuP50 = bench::median(cpu);
    const double load = loadAverage();
    const bool meets = p50 <= 10.0;
    std::cout << "review_speed: " << bench::fixed(p50, 2) << " s for " << total << " intents ("
              << bench::fixed(static_cast<double>(total) / p50, 0) << " intents/s), median of " << seconds.size()
              << " runs after a warm-up" << (runs < 5 ? " (3 runs: each run is long)" : "") << "; "
              << bench::fixed(cpuP50, 2) << " s of CPU (" << bench::fixed(cpuP50 / 2, 2)
              << " s on two idle cores); load average " << bench::fixed(load, 2) << "\n";
    std::cout << "{\"bench\": \"review_speed\", \"seconds_p50\": " << bench::fixed(p50, 2)
              << ", \"cpu_seconds_p50\": " << bench::fixed(cpuP50, 2) << ", \"intents_total\": " << total
              << ", \"runs\": " << seconds.size() << ", \"load_average\": " << bench::fixed(load, 2)
              << ", \"target\": {\"seconds\": 10}, \"meets_target\": " << (meets ? "true" : "false") << "}\n";
    return 0;
}
