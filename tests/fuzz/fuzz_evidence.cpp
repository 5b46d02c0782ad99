// Fuzzes the evidence readers and the judgement (core/evidence: reconstruct(), the reconstruct@1 writer and the
// rebuilt scenario). The first byte picks the format (auto, har, otlp, jsonl, combined) and, with its high bit, an
// --assume-utc run; the rest is the file, written to a temporary file as the readers read files.
//
// Invariants:
// - reconstruct either returns or throws iw::ReconstructError, whose text names the file and is one line of valid
//   UTF-8; nothing else escapes, nothing crashes, whatever the bytes (binary, cut JSON, huge numbers, control
//   characters in keys);
// - the reconstruct@1 report of an accepted file is valid JSON (the project's strict reader), with as many
//   exchanges as the summary counts;
// - the rebuilt scenario@1 loads again (every key, payload and fault it wrote is valid), with a request per exchange
//   whose key could be read; with none, it says it cannot be replayed (and `reconstruct` writes nothing);
// - JSON lines read by the plain-line scan (flatline.h) give what the full parser gives, and an OTLP document read a
//   span at a time what it gives parsed whole: the same report, or the same refusal;
// - a line log mapped and judged by two threads (split at its middle line) gives one mapped thread's report, or its
//   refusal.
#include "fuzzcheck.h"

#include "incidentscenario.h"
#include "json.h"
#include "reconstruction.h"
#include "reconstructreport.h"
#include "scenario.h"

#include <cstdio>
#include <string>
#include <unistd.h>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size == 0)
        return 0;
    static const std::string path = [] {
        char name[] = "/tmp/iw-fuzz-evidence-XXXXXX";
        const int fd = mkstemp(name);
        if (fd >= 0)
            close(fd);
        return std::string(name);
    }();
    {
        FILE* f = std::fopen(path.c_str(), "wb");
        if (!f)
            return 0;
        std::fwrite(data + 1, 1, size - 1, f);
        std::fclose(f);
    }
    iw::ReconstructOptions options;
    options.keepExchanges = true;
    options.read.assumeUtc = (data[0] & 0x80) != 0;
    options.read.maxLine = 1 << 16;
    static const std::optional<iw::EvidenceFormat> formats[] = { std::nullopt, iw::EvidenceFormat::Har,
        iw::EvidenceFormat::Otlp, iw::EvidenceFormat::JsonLines, iw::EvidenceFormat::Combined };
    options.read.format = formats[(data[0] & 0x7f) % 5];
    iw::ReportContext context;
    context.profile = "ietf";
    // The same file read with every JSON line through the full parser: the reference for the plain-line scan.
    const auto exactReading = [&]() -> std::string {
        iw::ReconstructOptions exact = options;
        exact.read.exactJson = true;
        try {
            return iw::reconstructJson(iw::reconstruct({ path }, exact), context);
        } catch (const iw::ReconstructError& e) {
            return std::string("refused: ") + e.what();
        }
    };
    // The file mapped and, where it can be split, judged by two threads: the same report (or refusal) as one
    // mapped thread's.
    {
        const auto reading = [&](unsigned threads) -> std::string {
            iw::ReconstructOptions o = options;
            o.keepExchanges = false;
            o.read.mapMinBytes = 0;
            o.threads = threads;
            o.splitMinBytes = 0;
            try {
                return iw::reconstructJson(iw::reconstruct({ path }, o), context);
            } catch (const iw::ReconstructError& e) {
                return std::string("refused: ") + e.what();
            }
        };
        const std::string one = reading(1);
        const std::string two = reading(2);
        if (one != two) {
            std::fprintf(stderr, "one thread and two differ:\n%s\n%s\n", one.c_str(), two.c_str());
            IW_FUZZ_CHECK(!"two threads must judge as one");
        }
    }
    iw::ReconstructResult result;
    try {
        result = iw::reconstruct({ path }, options);
    } catch (const iw::ReconstructError& e) {
        const std::string_view message = e.what();
        IW_FUZZ_CHECK(message.find(path) != std::string_view::npos);
        IW_FUZZ_CHECK(message.find('\n') == std::string_view::npos);
        IW_FUZZ_CHECK(iwfuzz::isValidUtf8(message));
        IW_FUZZ_CHECK(exactReading() == std::string("refused: ") + e.what());
        return 0;
    }
    const std::string report = iw::reconstructJson(result, context);
    const iw::EvidenceFormat format = result.fileSummaries[0].format;
    if ((format == iw::EvidenceFormat::JsonLines || format == iw::EvidenceFormat::Otlp) && report != exactReading()) {
        std::fprintf(
            stderr, "the fast reading and the full parser differ:\n%s\n%s\n", report.c_str(), exactReading().c_str());
        IW_FUZZ_CHECK(!"the plain-line scan and the span-at-a-time walk must read what the full parser reads");
    }
    iw::json::Value parsed;
    try {
        parsed = iw::json::parse(report);
    } catch (const iw::json::ParseError& e) {
        std::fprintf(stderr, "report is not JSON: %s\n%s\n", e.what(), report.c_str());
        IW_FUZZ_CHECK(!"the report must be JSON");
    }
    const iw::json::Value* exchanges = parsed.find("exchanges");
    IW_FUZZ_CHECK(exchanges && exchanges->isArray());
    IW_FUZZ_CHECK(static_cast<std::int64_t>(exchanges->array.size()) == result.summary.exchanges);
    const iw::IncidentScenario incident = iw::incidentScenario(result, options, false);
    if (!incident.replayable()) {
        IW_FUZZ_CHECK(incident.leftOut == result.summary.exchanges);
        return 0;
    }
    const std::string text = iw::saveScenario(incident.scenario);
    try {
        const iw::Scenario loaded = iw::loadScenario(text, "incident.json");
        IW_FUZZ_CHECK(static_cast<std::int64_t>(loaded.requests.size()) + incident.leftOut == result.summary.exchanges);
    } catch (const iw::ScenarioError& e) {
        std::fprintf(stderr, "rebuilt scenario rejected: %s\n%s\n", e.what(), text.c_str());
        IW_FUZZ_CHECK(!"the rebuilt scenario must load");
    }
    return 0;
}
