// Fuzzes what runs after a scenario loads: the simulation on the memory store and the report writers.
//
// Only small scenarios are run (at most 64 requests before retries, 8 attempts per client, 20,000 events) so
// that an execution stays fast; sizes are the benchmarks' business.
//
// Invariants:
// - no crash, no undefined behaviour, no exception escaping the simulation or the report writers;
// - summary.requests equals the sum of summary.decisions, and duplicate effects never exceed effects;
// - the run is deterministic: running it again gives a byte-identical JSON report.
#include "fuzzcheck.h"

#include "report.h"
#include "scenario.h"
#include "simulation.h"
#include "store.h"

#include <sstream>
#include <string>
#include <string_view>

namespace {

constexpr int s_maxSteps = 20'000;

// Runs at most s_maxSteps events; false when the run did not finish within them.
bool runBounded(iw::Simulation& sim)
{
    for (int i = 0; i < s_maxSteps; ++i) {
        if (!sim.step())
            return true;
    }
    return false;
}

std::string runAndReport(const iw::Scenario& scenario, bool& finished, iw::RunSummary& summary)
{
    auto store = iw::makeMemoryStore();
    iw::Simulation sim(scenario, *store);
    finished = runBounded(sim);
    summary = sim.summary();
    std::ostringstream json;
    iw::writeReport(sim, json, iw::ReportFormat::Json);
    std::ostringstream csv;
    iw::writeReport(sim, csv, iw::ReportFormat::Csv);
    std::ostringstream md;
    iw::writeReport(sim, md, iw::ReportFormat::Markdown);
    (void)iw::checkExpectations(scenario, summary);
    return json.str();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    iw::Scenario scenario;
    try {
        scenario = iw::loadScenario(text, "fuzz.json");
    } catch (const iw::ScenarioError&) {
        return 0;
    }
    long long requests = 0;
    for (const iw::RequestSpec& r : scenario.requests)
        requests += static_cast<long long>(r.copies) * r.repeat;
    if (requests > 64)
        return 0;
    for (const iw::ClientSpec& c : scenario.clients) {
        if (c.retry.maxAttempts > 8)
            return 0;
    }

    bool finished = false;
    iw::RunSummary summary;
    const std::string report = runAndReport(scenario, finished, summary);
    std::int64_t decided = 0;
    for (const auto& [name, count] : summary.decisions)
        decided += count;
    IW_FUZZ_CHECK(decided == summary.requests);
    IW_FUZZ_CHECK(summary.duplicateEffects <= summary.effects);
    IW_FUZZ_CHECK(summary.intentsWithDuplicates <= summary.intents);

    bool finishedAgain = false;
    iw::RunSummary summaryAgain;
    IW_FUZZ_CHECK(runAndReport(scenario, finishedAgain, summaryAgain) == report);
    IW_FUZZ_CHECK(finished == finishedAgain);
    return 0;
}
