// Reports of a run (SPEC §7): `idempotency-workbench/report@1` JSON, and CSV / Markdown of the requests table and
// the summary. Written row by row to a stream, never built as one document.
#pragma once

#include "simulation.h"

#include <memory>
#include <ostream>
#include <string>
#include <vector>

namespace iw {

enum class ReportFormat { Json, Csv, Markdown };
std::optional<ReportFormat> reportFormatFromName(std::string_view);

void writeReport(Simulation& simulation, std::ostream& out, ReportFormat format);

// The JSON report written a slice at a time while the simulation goes on (serve's GET /_workbench/report, SPEC §11):
// it says what was true when it was made — the requests, effects and events then, the rows still changing copied, the
// summary counted then, the records from the store's snapshot (in the store's own order; a store without snapshots
// lists them at the start) — and holds only a slice of text at a time. `summaryOnly`: the report's head and summary.
// The simulation and its stores must outlive it, and must not be reset while it lives.
class ReportStream {
public:
    explicit ReportStream(Simulation& simulation, bool summaryOnly = false);
    ~ReportStream();
    ReportStream(const ReportStream&) = delete;
    ReportStream& operator=(const ReportStream&) = delete;
    // Appends about `bytes` more of the report to `out` (more when one row is longer); false once it is complete.
    bool writeSome(std::string& out, std::size_t bytes);

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

// `expect` against the run: one line per failed expectation ("effects: expected 1, got 2"); empty when all hold.
std::vector<std::string> checkExpectations(const Scenario& scenario, const RunSummary& summary);

} // namespace iw
