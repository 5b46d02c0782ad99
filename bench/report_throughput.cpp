// Report throughput (issue 21, docs/reference/report.md, docs/benchmarks.md): 200,000 intents with 10% dropped
// responses and full-jitter retries run to the end on the memory store — the simulation alone (the baseline), then the
// simulation followed by its JSON, CSV and Markdown reports, in one run. Requests per second end to end, report bytes
// per second, and the peak RSS of each phase: a report is written streaming, so it may add at most 64 MiB to the
// simulation's own peak.
//
// The reports go to /dev/null unless a second argument names a file to write them to (the writer's cost, not the
// disk's, is what the target is about).
#include "benchutil.h"
#include "report.h"
#include "scenario.h"
#include "simulation.h"

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <malloc.h>
#include <time.h>

using namespace iw;

namespace {

std::string scenarioText(int intents)
{
    return R"({"format": "idempotency-workbench/scenario@1", "name": "report-throughput", "seed": 3,
  "service": {"profile": "ietf", "handler_ms": 50, "db_ms": 1, "network_ms": 5},
  "clients": [{"id": "load", "actor": "42", "timeout_ms": 500,
    "retry": {"max_attempts": 4, "backoff": "exponential", "base_ms": 100, "cap_ms": 2000, "jitter": "full",
              "on": ["timeout", "409", "5xx"]}}],
  "requests": [{"at_ms": 0, "client": "load", "operation": "demo-request.create", "key": "auto",
                "payload": {"amount": 100, "currency": "EUR"}, "intent": "order", "repeat": )"
        + std::to_string(intents) + R"(, "every_ms": 1}],
  "faults": [{"kind": "drop_response", "rate": 0.1}]})";
}

// CPU seconds this thread has used: on a shared machine the wall clock also counts other processes' turns, so the
// CPU-time rate is printed beside it.
double cpuSeconds()
{
    timespec ts {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
}

// Peak resident set size since the last resetPeak(), from /proc/self/status (VmHWM).
long long peakResidentBytes()
{
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line)) {
        if (line.rfind("VmHWM:", 0) == 0)
            return std::atoll(line.c_str() + 6) * 1024;
    }
    return 0;
}

// Hands freed memory back to the system and restarts the peak from the current RSS, so each run's peak is its own.
bool resetPeak()
{
    malloc_trim(0);
    std::ofstream clear("/proc/self/clear_refs");
    clear << "5";
    clear.flush();
    return static_cast<bool>(clear);
}

// Counts what passes through on its way to the file.
struct CountingBuf : std::streambuf {
    std::FILE* file = nullptr;
    long long bytes = 0;
    std::streamsize xsputn(const char* s, std::streamsize n) override
    {
        bytes += n;
        return static_cast<std::streamsize>(std::fwrite(s, 1, static_cast<std::size_t>(n), file));
    }
    int overflow(int c) override
    {
        if (c != EOF) {
            ++bytes;
            std::fputc(c, file);
        }
        return c;
    }
};

struct Phase {
    const char* name;
    std::optional<ReportFormat> format;
    std::vector<double> requestsPerS;
    std::vector<double> requestsPerCpuS;
    std::vector<double> reportBytesPerS;
    long long reportBytes = 0;
    long long peakRss = 0;
};

} // namespace

int main(int argc, char** argv)
{
    // An optional argument shrinks the run for profiling; the target is stated for 200,000 intents.
    const int intents = argc > 1 ? std::max(1, std::atoi(argv[1])) : 200'000;
    const std::string target = argc > 2 ? argv[2] : "/dev/null";
    const Scenario scenario = loadScenario(scenarioText(intents), "report-throughput.json");
    Phase phases[]
        = { { "simulation", std::nullopt, {}, {}, {}, 0, 0 }, { "json", ReportFormat::Json, {}, {}, {}, 0, 0 },
              { "csv", ReportFormat::Csv, {}, {}, {}, 0, 0 }, { "md", ReportFormat::Markdown, {}, {}, {}, 0, 0 } };
    std::size_t requests = 0;
    std::size_t events = 0;
    bool peaksMeasured = true;
    for (Phase& phase : phases) {
        for (int run = 0; run < 6; ++run) { // the first is the warm-up
            peaksMeasured = resetPeak() && peaksMeasured;
            const auto start = std::chrono::steady_clock::now();
            const double cpuStart = cpuSeconds();
            auto store = makeMemoryStore();
            double reportSeconds = 0;
            long long bytes = 0;
            {
                Simulation sim(scenario, *store);
                sim.runToEnd();
                requests = sim.requests().size();
                events = sim.events().size();
                if (phase.format) {
                    CountingBuf buf;
                    buf.file = std::fopen(target.c_str(), "wb");
                    if (!buf.file) {
                        std::cerr << "report_throughput: cannot write " << target << '\n';
                        return 2;
                    }
                    std::ostream out(&buf);
                    const auto reportStart = std::chrono::steady_clock::now();
                    writeReport(sim, out, *phase.format);
                    out.flush();
                    std::fclose(buf.file);
                    reportSeconds = bench::secondsSince(reportStart);
                    bytes = buf.bytes;
                }
            }
            store.reset();
            const double seconds = bench::secondsSince(start);
            const double cpu = cpuSeconds() - cpuStart;
            const long long peak = peakResidentBytes();
            if (run == 0)
                continue;
            phase.requestsPerS.push_back(static_cast<double>(requests) / seconds);
            phase.requestsPerCpuS.push_back(static_cast<double>(requests) / cpu);
            if (phase.format)
                phase.reportBytesPerS.push_back(static_cast<double>(bytes) / reportSeconds);
            phase.reportBytes = bytes;
            phase.peakRss = std::max(phase.peakRss, peak);
            std::cerr << phase.name << " run " << run << ": " << requests << " requests in " << bench::fixed(seconds, 3)
                      << " s (" << bench::fixed(cpu, 3) << " s CPU)";
            if (phase.format)
                std::cerr << " (report " << bench::fixed(reportSeconds, 3) << " s, "
                          << bench::fixed(static_cast<double>(bytes) / 1e6, 1) << " MB)";
            std::cerr << ", peak RSS " << bench::fixed(static_cast<double>(peak) / 1048576.0, 1) << " MiB\n";
        }
    }
    const double simulationRate = bench::median(phases[0].requestsPerS);
    const double jsonRate = bench::median(phases[1].requestsPerS);
    const long long jsonExtraRss = phases[1].peakRss - phases[0].peakRss;
    constexpr double kTargetRate = 150'000;
    constexpr long long kTargetExtraRss = 64LL << 20;
    const bool meets = jsonRate >= kTargetRate && jsonExtraRss <= kTargetExtraRss && peaksMeasured;

    std::cout << "report_throughput: " << requests << " requests, " << events
              << " events; median of 5 after a warm-up\n";
    for (const Phase& p : phases) {
        std::cout << "  " << p.name << ": " << bench::fixed(bench::median(p.requestsPerS), 0)
                  << " requests/s end to end (" << bench::fixed(bench::median(p.requestsPerCpuS), 0)
                  << " per CPU second)";
        if (p.format)
            std::cout << ", report " << bench::fixed(static_cast<double>(p.reportBytes) / 1e6, 1) << " MB at "
                      << bench::fixed(bench::median(p.reportBytesPerS) / 1e6, 0) << " MB/s";
        std::cout << ", peak RSS " << bench::fixed(static_cast<double>(p.peakRss) / 1048576.0, 1) << " MiB\n";
    }
    if (!peaksMeasured)
        std::cout << "  (peak RSS could not be reset between runs: /proc/self/clear_refs refused)\n";
    std::cout << "{\"bench\": \"report_throughput\", \"requests\": " << requests << ", \"events\": " << events
              << ", \"simulation_requests_per_s\": " << bench::fixed(simulationRate, 0)
              << ", \"json_requests_per_s\": " << bench::fixed(jsonRate, 0)
              << ", \"simulation_requests_per_cpu_s\": " << bench::fixed(bench::median(phases[0].requestsPerCpuS), 0)
              << ", \"json_requests_per_cpu_s\": " << bench::fixed(bench::median(phases[1].requestsPerCpuS), 0)
              << ", \"csv_requests_per_s\": " << bench::fixed(bench::median(phases[2].requestsPerS), 0)
              << ", \"md_requests_per_s\": " << bench::fixed(bench::median(phases[3].requestsPerS), 0)
              << ", \"json_report_bytes\": " << phases[1].reportBytes
              << ", \"json_bytes_per_s\": " << bench::fixed(bench::median(phases[1].reportBytesPerS), 0)
              << ", \"csv_bytes_per_s\": " << bench::fixed(bench::median(phases[2].reportBytesPerS), 0)
              << ", \"md_bytes_per_s\": " << bench::fixed(bench::median(phases[3].reportBytesPerS), 0)
              << ", \"simulation_peak_rss_bytes\": " << phases[0].peakRss
              << ", \"json_peak_rss_bytes\": " << phases[1].peakRss << ", \"json_extra_rss_bytes\": " << jsonExtraRss
              << ", \"target\": {\"json_requests_per_s\": " << bench::fixed(kTargetRate, 0)
              << ", \"json_extra_rss_bytes\": " << kTargetExtraRss
              << "}, \"meets_target\": " << (meets ? "true" : "false") << "}\n";
    return 0;
}
