// Reports of a run (docs/reference/report.md): `idempotency-workbench/report@1` JSON, and CSV / Markdown of the
// requests table and the summary. Written row by row to a stream, never built as one document.
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

// The JSON report written a slice at a time while the simulation goes on (serve's GET /_workbench/report,
// docs/reference/serve.md): it says what was true when it was made — the requests, effects and events then, the rows
// still changing copied, the summary counted then, the records from the store's snapshot (in the store's own order; a
// store without snapshots lists them at the start) — and holds only a slice of text at a time. `summaryOnly`: the
// report's head and summary. Making one walks no row per request: the summary is counted in parts before the head, one
// per writeSome() that appends nothing, so a server serves its other connections in between. The simulation and its
// stores must outlive it, and must not be reset while it lives.
class ReportStream {
public:
    explicit ReportStream(Simulation& simulation, bool summaryOnly = false);
    ~ReportStream();
    ReportStream(const ReportStream&) = delete;
    ReportStream& operator=(const ReportStream&) = delete;
    // Appends about `bytes` more of the report to `out` (more when one row is longer), or nothing after a part of the
    // summary was counted (call again on the next turn of the event loop); false once it is complete.
    bool writeSome(std::string& out, std::size_t bytes);

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

// `expect` against the run: one line per failed expectation ("effects: expected 1, got 2"); empty when all hold.
std::vector<std::string> checkExpectations(const Scenario& scenario, const RunSummary& summary);

// The lesson steps' `expect` blocks (docs/manual/teaching.md "A caption cannot lie") checked while a run goes:
// observe() before the first step() and after each one evaluates every step whose instant has come, that is whose
// `at_ms` is before the next event (every event due at `at_ms` has run, as lesson mode plays it). A failure reads
// "lesson step 3 (t = 1 min 00.300): effects 1, expected 2".
class LessonCheck {
public:
    explicit LessonCheck(const Scenario& scenario);
    void observe(Simulation& simulation);
    bool done() const { return m_next >= m_steps; }
    const std::vector<std::string>& failures() const { return m_failures; }

private:
    const Scenario& m_scenario;
    std::size_t m_next = 0; // the next step to check
    std::size_t m_steps = 0;
    std::vector<std::string> m_failures;
};

// A lesson step's instant as failures name it: "0.212 s", "1 min 00.300", "25 h 00 min 00.300".
std::string formatStepInstant(Millis ms);

} // namespace iw
