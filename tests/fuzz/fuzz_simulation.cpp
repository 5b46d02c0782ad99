// Fuzzes what runs after a scenario loads: the simulation on the memory store and the report writers.
//
// Only small scenarios are run (at most 64 requests before retries, 8 attempts per client, 20,000 events) so
// that an execution stays fast; sizes are the benchmarks' business.
//
// Invariants:
// - no crash, no undefined behaviour, no exception escaping the simulation or the report writers;
// - summary.requests equals the sum of summary.decisions, and duplicate effects never exceed effects;
// - the run is deterministic: running it again gives a byte-identical JSON report;
// - the JSON report is valid I-JSON (our own strict reader accepts it) with one entry per request;
// - the CSV and Markdown tables have exactly one line per request whatever the names, keys and intents hold
//   (Markdown and CommonMark end a line at \n, \r\n and \r alike).
#include "fuzzcheck.h"

#include "json.h"
#include "report.h"
#include "scenario.h"
#include "simulation.h"
#include "storeengine.h"

#include <sstream>
#include <string>
#include <string_view>
#include <vector>

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

// Markdown lines: \n, \r\n and \r each end one.
std::vector<std::string_view> lines(std::string_view text)
{
    std::vector<std::string_view> out;
    std::size_t start = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\n' || text[i] == '\r') {
            out.push_back(text.substr(start, i - start));
            if (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n')
                ++i;
            start = i + 1;
        }
    }
    if (start < text.size())
        out.push_back(text.substr(start));
    return out;
}

// RFC 4180 records up to the first empty record (the blank line before the summary).
std::size_t csvTableRecords(std::string_view text)
{
    std::size_t records = 0;
    bool quoted = false;
    bool empty = true;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quoted) {
            if (c == '"' && i + 1 < text.size() && text[i + 1] == '"')
                ++i;
            else if (c == '"')
                quoted = false;
        } else if (c == '"') {
            quoted = true;
            empty = false;
        } else if (c == '\n') {
            if (empty)
                return records;
            ++records;
            empty = true;
        } else {
            empty = false;
        }
    }
    return records;
}

std::string runAndReport(const iw::Scenario& scenario, bool& finished, iw::RunSummary& summary)
{
    auto store
        = iw::makeModelStore(scenario.service); // the embedded store of the scenario's engine (docs/manual/stores.md)
    iw::Simulation sim(scenario, *store);
    finished = runBounded(sim);
    summary = sim.summary();
    const std::size_t requests = sim.requests().size();
    std::ostringstream json;
    iw::writeReport(sim, json, iw::ReportFormat::Json);
    std::ostringstream csv;
    iw::writeReport(sim, csv, iw::ReportFormat::Csv);
    std::ostringstream md;
    iw::writeReport(sim, md, iw::ReportFormat::Markdown);
    (void)iw::checkExpectations(scenario, summary);

    iw::json::Value report;
    try {
        report = iw::json::parse(json.str());
    } catch (const iw::json::ParseError& e) {
        std::fprintf(stderr, "JSON report rejected at %d:%d: %s\n", e.position().line, e.position().column, e.what());
        IW_FUZZ_CHECK(!"the JSON report must be valid I-JSON");
    }
    const iw::json::Value* rows = report.find("requests");
    IW_FUZZ_CHECK(rows && rows->isArray() && rows->array.size() == requests);

    IW_FUZZ_CHECK(csvTableRecords(csv.str()) == requests + 1); // the header, then one record per request

    const std::string mdText = md.str();
    const std::vector<std::string_view> mdLines = lines(mdText);
    IW_FUZZ_CHECK(!mdLines.empty() && mdLines[0].substr(0, 2) == "# ");
    IW_FUZZ_CHECK(mdLines.size() > 1 && mdLines[1].empty()); // the title is one line
    // The run line names scenario and store: one line whatever the scenario's name holds.
    std::size_t runLines = 0;
    for (const std::string_view line : mdLines) {
        if (line.substr(0, 10) == "Scenario `") {
            ++runLines;
            IW_FUZZ_CHECK(line.find("`, store `") != std::string_view::npos);
        }
    }
    IW_FUZZ_CHECK(runLines == 1);
    std::size_t header = 0;
    while (header < mdLines.size() && mdLines[header] != "## Requests")
        ++header;
    IW_FUZZ_CHECK(header < mdLines.size());
    // "## Requests", a blank line, the column names, the alignment row, then one line per request.
    if (mdLines.size() - header - 4 != requests)
        std::fprintf(stderr, "--- markdown ---\n%s\n", mdText.c_str());
    IW_FUZZ_CHECK(mdLines.size() - header - 4 == requests);
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
