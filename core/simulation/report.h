// Reports of a run (SPEC §7): `idempotency-workbench/report@1` JSON, and CSV / Markdown of the requests table and
// the summary. Written row by row to a stream, never built as one document.
#pragma once

#include "simulation.h"

#include <ostream>
#include <string>
#include <vector>

namespace iw {

enum class ReportFormat { Json, Csv, Markdown };
std::optional<ReportFormat> reportFormatFromName(std::string_view);

void writeReport(Simulation& simulation, std::ostream& out, ReportFormat format);

// `expect` against the run: one line per failed expectation ("effects: expected 1, got 2"); empty when all hold.
std::vector<std::string> checkExpectations(const Scenario& scenario, const RunSummary& summary);

} // namespace iw
