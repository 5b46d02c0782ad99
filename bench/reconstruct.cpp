// bench/reconstruct (issue 47): how fast `reconstruct` reads and judges a JSON-lines access log, against `wc -l` on
// the same file in the same run, and what its judgement holds per distinct scope.
//   - writes N nginx escape=json lines (default 10,000,000, about 3 GB) into a temporary folder under /tmp, removed
//     after; each scope has an execution and replays (the key a UUID, as clients make them), over a day of log time;
//   - one warm-up, then at least five runs of each, the median: the judgement (core/evidence's reconstruct(), no
//     exchanges kept, as `reconstruct --check` runs) in MB/s on one thread and on two (the file split in two parts,
//     what `reconstruct` does on a machine with two cores), and `wc -l`; wall and CPU time of each;
//   - exactness of the parts: in the warm-up, the two-thread judgement must give the one-thread reconstruct@1 report
//     byte for byte, or the bench fails;
//   - memory: the judgement runs once more in a child process, whose peak resident size less that of a child that
//     only read the same file's first line is divided by the distinct scopes (and, to show it does not follow the
//     lines, by the lines too);
//   - exactness: on a sample (the file's first 500,000 lines, written alike), the fast reading (plain lines read
//     without the parser) and the exact one (every line through simdjson's DOM) must give the same reconstruct@1
//     report, or the bench fails.
// Usage: reconstruct [--lines N] [--runs R] [--keep PATH]; reconstruct --write-only PATH N writes the log alone.
// Targets: at least 150 MB/s on one thread and at least 0.25 × wc -l (the better of one thread and two).
#include "benchutil.h"
#include "reconstruction.h"
#include "reconstructreport.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <functional>
#include <limits>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace iw;
using namespace iw::bench;

namespace {

std::uint64_t splitmix(std::uint64_t& s)
{
    std::uint64_t z = (s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

void uuid(std::uint64_t& seed, char* out)
{
    const std::uint64_t a = splitmix(seed);
    const std::uint64_t b = splitmix(seed);
    std::snprintf(out, 37, "%08x-%04x-4%03x-%04x-%012llx", static_cast<unsigned>(a >> 32),
        static_cast<unsigned>(a >> 16 & 0xffff), static_cast<unsigned>(a & 0xfff),
        static_cast<unsigned>(0x8000 | (b >> 48 & 0x3fff)), static_cast<unsigned long long>(b & 0xffffffffffffULL));
}

// The log: each scope's execution, then `replays` replays a little later; scopes start one after another.
std::uint64_t writeLog(const std::string& path, std::uint64_t lines, int perScope, std::uint64_t& scopes)
{
    FILE* f = std::fopen(path.c_str(), "wb");
    if (!f)
        return 0;
    std::vector<char> buffer(8 << 20);
    std::setvbuf(f, buffer.data(), _IOFBF, buffer.size());
    std::uint64_t seed = 47;
    const double start = 1796551200.0; // 2026-12-06T10:00:00Z
    const double spacing = 86400.0 / static_cast<double>(lines); // a day of log time
    char key[40];
    char line[1024];
    std::uint64_t written = 0;
    scopes = 0;
    for (std::uint64_t i = 0; i < lines; ++i) {
        const int nth = static_cast<int>(i % static_cast<std::uint64_t>(perScope));
        if (nth == 0) {
            uuid(seed, key);
            ++scopes;
        }
        const std::uint64_t r = splitmix(seed);
        const double end = start + static_cast<double>(i) * spacing;
        const bool replay = nth > 0;
        const int n = std::snprintf(line, sizeof line,
            "{\"msec\":\"%.3f\",\"request_time\":\"%s\",\"remote_addr\":"
            "\"10.%u.%u.%u\",\"method\":\"POST\",\"uri\":\"/v1/orders\",\"status\":\"%s\",\"bytes_sent\":\"%u\","
            "\"remote_user\":\"\",\"x_actor\":\"user-%05u\",\"x_client\":\"\",\"user_agent\":\"Stripe/v1 "
            "NodeBindings/23.1.0\",\"idempotency_key\":\"\\\"%s\\\"\",\"idempotent_replayed\":\"%s\","
            "\"upstream_bytes_received\":\"%u\"}\n",
            end, replay ? "0.004" : "0.212", static_cast<unsigned>(r & 255), static_cast<unsigned>(r >> 8 & 255),
            static_cast<unsigned>(r >> 16 & 255), "201", 300 + static_cast<unsigned>(r >> 24 & 255),
            static_cast<unsigned>(scopes % 20000), key, replay ? "true" : "",
            250 + static_cast<unsigned>(r >> 32 & 127));
        std::fwrite(line, 1, static_cast<std::size_t>(n), f);
        written += static_cast<std::uint64_t>(n);
    }
    if (std::fclose(f) != 0)
        return 0;
    return written;
}

double cpuSeconds(clockid_t clock)
{
    timespec t {};
    clock_gettime(clock, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) / 1e9;
}

double childrenCpuSeconds()
{
    struct rusage u { };
    getrusage(RUSAGE_CHILDREN, &u);
    return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec)
        + static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

// Wall seconds; `cpu`, when given, the process's CPU seconds (the judgement is all this process does meanwhile: with
// two threads, both are counted). `threads` 1: one thread, never split; 2: the file judged in two parts.
double judgeSeconds(const std::string& path, unsigned threads, ReconstructResult* keep = nullptr, double* cpu = nullptr)
{
    ReconstructOptions options;
    options.threads = threads;
    const double c0 = cpuSeconds(CLOCK_PROCESS_CPUTIME_ID);
    const auto t0 = std::chrono::steady_clock::now();
    ReconstructResult r = reconstruct({ path }, options);
    const double s = secondsSince(t0);
    if (cpu)
        *cpu = cpuSeconds(CLOCK_PROCESS_CPUTIME_ID) - c0;
    if (keep)
        *keep = std::move(r);
    return s;
}

// Wall seconds; `cpu` the child's CPU seconds (wc and the shell that starts it).
double wcSeconds(const std::string& path, double* cpu = nullptr)
{
    const std::string command = "wc -l '" + path + "' > /dev/null";
    const double c0 = childrenCpuSeconds();
    const auto t0 = std::chrono::steady_clock::now();
    if (std::system(command.c_str()) != 0)
        return -1;
    const double s = secondsSince(t0);
    if (cpu)
        *cpu = childrenCpuSeconds() - c0;
    return s;
}

// The peak resident size (bytes) of this program run afresh with `args` (a forked copy would start with this
// process's heap already resident).
long long childPeakBytes(const std::vector<std::string>& args)
{
    const pid_t pid = fork();
    if (pid == 0) {
        std::vector<char*> argv;
        static char self[] = "/proc/self/exe";
        argv.push_back(self);
        for (const std::string& a : args)
            argv.push_back(const_cast<char*>(a.c_str()));
        argv.push_back(nullptr);
        execv(self, argv.data());
        _exit(127);
    }
    int status = 0;
    struct rusage usage { };
    if (pid < 0 || wait4(pid, &status, 0, &usage) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return -1;
    return static_cast<long long>(usage.ru_maxrss) * 1024;
}

} // namespace

int main(int argc, char** argv)
{
    // The memory runs: this program again, judging (or only reading) the file and nothing else.
    // After the path, for a profile: `--no-map` reads the file with read(2) rather than mapping it, `--threads N`
    // judges it with N threads (1: never split).
    if (argc >= 3 && (std::strcmp(argv[1], "--judge-only") == 0 || std::strcmp(argv[1], "--read-only") == 0)) {
        ReconstructOptions options;
        for (int i = 3; i < argc; ++i) {
            if (std::strcmp(argv[i], "--no-map") == 0)
                options.read.mapMinBytes = std::numeric_limits<std::uint64_t>::max();
            else if (std::strcmp(argv[i], "--threads") == 0 && i + 1 < argc)
                options.threads = static_cast<unsigned>(std::atoi(argv[++i]));
        }
        if (std::strcmp(argv[1], "--read-only") == 0)
            options.toMs = 0; // every line read and parsed, none judged
        try {
            reconstruct({ argv[2] }, options);
        } catch (const ReconstructError&) {
            if (!options.toMs)
                return 1;
        }
        return 0;
    }
    // Only the log written (for A/B profiles of two builds on the same file): `--write-only PATH N`.
    if (argc == 4 && std::strcmp(argv[1], "--write-only") == 0) {
        std::uint64_t scopes = 0;
        const std::uint64_t written = writeLog(argv[2], std::stoull(argv[3]), 4, scopes);
        std::fprintf(stderr, "%" PRIu64 " bytes, %" PRIu64 " scopes\n", written, scopes);
        return written ? 0 : 2;
    }
    QCoreApplication app(argc, argv);
    std::uint64_t lines = 10'000'000;
    int runs = 5;
    int perScope = 4;
    std::string keepPath;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string a = argv[i];
        if (a == "--lines")
            lines = std::stoull(argv[i + 1]);
        else if (a == "--runs")
            runs = std::max(5, std::atoi(argv[i + 1]));
        else if (a == "--keep")
            keepPath = argv[i + 1];
    }
    QTemporaryDir dir(QDir::tempPath() + QStringLiteral("/iw-bench-reconstruct-XXXXXX"));
    const std::string path = keepPath.empty() ? dir.filePath(QStringLiteral("access.log")).toStdString() : keepPath;
    std::uint64_t scopes = 0;
    std::fprintf(stderr, "writing %" PRIu64 " lines to %s …\n", lines, path.c_str());
    const std::uint64_t bytes = writeLog(path, lines, perScope, scopes);
    if (bytes == 0) {
        std::fprintf(stderr, "cannot write %s\n", path.c_str());
        return 2;
    }
    std::fprintf(stderr, "%.2f GB, %" PRIu64 " scopes\n", static_cast<double>(bytes) / 1e9, scopes);

    // Warm-up: the file into the page cache, both programs once; the two-thread judgement must give the one-thread
    // report, byte for byte (and must have split the file, its parts put together without judging the second again).
    ReportContext context;
    context.profile = "ietf";
    wcSeconds(path);
    ReconstructResult checked;
    judgeSeconds(path, 1, &checked);
    if (checked.summary.exchanges != static_cast<std::int64_t>(lines) || checked.scopes != scopes) {
        std::fprintf(stderr,
            "the judgement read %" PRId64 " exchanges and %zu scopes, expected %" PRIu64 " and %" PRIu64 "\n",
            checked.summary.exchanges, checked.scopes, lines, scopes);
        return 1;
    }
    {
        ReconstructResult two;
        judgeSeconds(path, 2, &two);
        const bool same = reconstructJson(two, context) == reconstructJson(checked, context);
        std::fprintf(stderr, "two threads: %s, %s; %s\n", two.threads == 2 ? "split" : "NOT SPLIT",
            two.secondPartJudgedAgain ? "second part judged again by the first thread" : "parts put together",
            same ? "the same report as one thread" : "the report DIFFERS from one thread's");
        if (!same)
            return 1;
    }
    // The fast path against the exact reader, on a sample of the same log (and what the fast path saves).
    double sampleFastCpu = 0, sampleExactCpu = 0;
    {
        const std::string sample = path + ".sample";
        std::uint64_t sampleScopes = 0;
        if (writeLog(sample, std::min<std::uint64_t>(lines, 500'000), perScope, sampleScopes) == 0) {
            std::fprintf(stderr, "cannot write %s\n", sample.c_str());
            return 2;
        }
        ReconstructOptions fast, exact;
        fast.threads = exact.threads = 1;
        exact.read.exactJson = true;
        const double c0 = cpuSeconds(CLOCK_THREAD_CPUTIME_ID);
        const ReconstructResult fastResult = reconstruct({ sample }, fast);
        const double c1 = cpuSeconds(CLOCK_THREAD_CPUTIME_ID);
        const ReconstructResult exactResult = reconstruct({ sample }, exact);
        sampleFastCpu = c1 - c0;
        sampleExactCpu = cpuSeconds(CLOCK_THREAD_CPUTIME_ID) - c1;
        const bool same = reconstructJson(fastResult, context) == reconstructJson(exactResult, context);
        std::fprintf(stderr,
            "sample of %" PRId64 " lines: %" PRIu64 " read without the parser; fast and exact %s; CPU %.2f s fast, "
            "%.2f s exact\n",
            fastResult.summary.exchanges, fastResult.fileSummaries[0].plainLines,
            same ? "give the same report" : "DIFFER", sampleFastCpu, sampleExactCpu);
        QFile::remove(QString::fromStdString(sample));
        if (!same)
            return 1;
    }
    std::vector<double> judge, judge2, wc, judgeCpu, judge2Cpu, wcCpu;
    double load[3] = { 0, 0, 0 };
    getloadavg(load, 3);
    const double loadBefore = load[0];
    for (int i = 0; i < runs; ++i) {
        double jc = 0, j2c = 0, wcc = 0;
        judge.push_back(judgeSeconds(path, 1, nullptr, &jc));
        judge2.push_back(judgeSeconds(path, 2, nullptr, &j2c));
        wc.push_back(wcSeconds(path, &wcc));
        judgeCpu.push_back(jc);
        judge2Cpu.push_back(j2c);
        wcCpu.push_back(wcc);
        std::fprintf(stderr,
            "run %d: one thread %.2f s (CPU %.2f s), two threads %.2f s (CPU %.2f s), wc -l %.2f s (CPU %.2f s)\n",
            i + 1, judge.back(), jc, judge2.back(), j2c, wc.back(), wcc);
    }
    getloadavg(load, 3);
    const double loadAfter = load[0];
    const double mb = static_cast<double>(bytes) / 1e6;
    const double judgeS = median(judge);
    const double judge2S = median(judge2);
    const double wcS = median(wc);
    const double mbPerS = mb / judgeS;
    const double mb2PerS = mb / judge2S;
    const double wcMbPerS = mb / wcS;
    const double ratio = wcS / judgeS;
    const double ratio2 = wcS / judge2S;
    const double judgeCpuS = median(judgeCpu);
    const double judge2CpuS = median(judge2Cpu);
    const double wcCpuS = median(wcCpu);
    const double cpuMbPerS = mb / judgeCpuS;
    const double cpuRatio = wcCpuS / judgeCpuS;

    const long long idle = childPeakBytes({ "--read-only", path });
    const long long peak = childPeakBytes({ "--judge-only", path });
    const double perScopeBytes = static_cast<double>(peak - idle) / static_cast<double>(scopes);
    const double perLineBytes = static_cast<double>(peak - idle) / static_cast<double>(lines);
    std::fprintf(stderr,
        "CPU time: one thread %.2f s = %.1f MB/s of one core; two threads %.2f s together; wc -l %.2f s; ratio %.3f "
        "(one thread); load average %.1f → %.1f\n",
        judgeCpuS, cpuMbPerS, judge2CpuS, wcCpuS, cpuRatio, loadBefore, loadAfter);
    std::fprintf(stderr,
        "judgement: one thread median %.2f s = %.1f MB/s, two threads %.2f s = %.1f MB/s; wc -l: %.2f s = %.1f MB/s; "
        "ratio %.3f (one thread), %.3f (two)\n"
        "memory: peak %.1f MB against %.1f MB for reading alone: %.1f bytes per scope (%.1f per line; judgement's "
        "own estimate %.1f per scope)\n",
        judgeS, mbPerS, judge2S, mb2PerS, wcS, wcMbPerS, ratio, ratio2, static_cast<double>(peak) / 1e6,
        static_cast<double>(idle) / 1e6, perScopeBytes, perLineBytes,
        static_cast<double>(checked.judgementBytes) / static_cast<double>(scopes));
    const bool meets = mbPerS >= 150 && std::max(ratio, ratio2) >= 0.25;
    std::printf(
        "{\"bench\": \"reconstruct\", \"lines\": %" PRIu64 ", \"bytes\": %" PRIu64 ", \"scopes\": %" PRIu64
        ", \"runs\": %d, \"judge_s_p50\": %s, \"mb_per_s\": %s, \"wc_mb_per_s\": %s, \"ratio_vs_wc\": %s, "
        "\"judge_cpu_s_p50\": %s, \"cpu_mb_per_s\": %s, \"wc_cpu_s_p50\": %s, \"cpu_ratio_vs_wc\": %s, "
        "\"two_threads\": {\"judge_s_p50\": %s, \"mb_per_s\": %s, \"ratio_vs_wc\": %s, \"judge_cpu_s_p50\": %s}, "
        "\"sample_cpu_s\": {\"fast\": %s, \"exact\": %s}, \"load_average\": [%s, %s], "
        "\"bytes_per_scope\": %s, \"bytes_per_line\": %s, "
        "\"target\": {\"mb_per_s\": 150, \"ratio_vs_wc\": 0.25}, \"meets_target\": %s}\n",
        lines, bytes, scopes, runs, fixed(judgeS, 3).c_str(), fixed(mbPerS).c_str(), fixed(wcMbPerS).c_str(),
        fixed(ratio, 3).c_str(), fixed(judgeCpuS, 3).c_str(), fixed(cpuMbPerS).c_str(), fixed(wcCpuS, 3).c_str(),
        fixed(cpuRatio, 3).c_str(), fixed(judge2S, 3).c_str(), fixed(mb2PerS).c_str(), fixed(ratio2, 3).c_str(),
        fixed(judge2CpuS, 3).c_str(), fixed(sampleFastCpu, 3).c_str(), fixed(sampleExactCpu, 3).c_str(),
        fixed(loadBefore).c_str(), fixed(loadAfter).c_str(), fixed(perScopeBytes).c_str(),
        fixed(perLineBytes, 2).c_str(), meets ? "true" : "false");
    if (keepPath.empty())
        QFile::remove(QString::fromStdString(path));
    return 0;
}
