// Serve throughput (issue 15 item 7, SPEC §11): requests/s and p50/p99 latency of `serve`'s HTTP path measured with
// wrk on loopback — new keys (the owner path: claim, handler with handler_ms 0, completion; a wrk Lua script mints a
// fresh key per request) and replays of one key — against a bare handler on the same QTcpServer HTTP code (the same
// sockets, parser and response writer) answering a constant 201, in the same run. Each figure is the median of
// repeated runs of a few seconds; then one longer owner-path run reports the bytes per request the service holds
// (its simulation keeps every request, scope, record and event), up to 1,000,000 requests or a time bound.
// Needs `wrk` (Debian package, scripts/install-deps.sh); without it the benchmark says so and exits 0.
#include "benchutil.h"
#include "httpserver.h"
#include "scenario.h"
#include "servedservice.h"
#include "store.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <iostream>

using namespace iw;

namespace {

constexpr int s_rounds = 3; // medians over this many runs of each path
constexpr int s_runSeconds = 2;
constexpr int s_connections = 16;
constexpr long long s_memoryTarget = 1'000'000;
// The memory run stops at this bound if 1,000,000 requests take longer: at the 4,000-9,000 owner-path requests/s of
// a busy 2-core machine a million take two to four minutes (and about 3.3 GB: the service keeps every request).
constexpr int s_memorySeconds = 420;

// The wrk scripts: each prints one line "IWRESULT requests duration_us p50_us p99_us errors non2xx".
const char* const s_report = R"(
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("IWRESULT %d %d %d %d %d\n", summary.requests, summary.duration,
    latency:percentile(50), latency:percentile(99), e.connect + e.read + e.write + e.timeout + e.status))
end
)";

const char* const s_newKeys = R"(
local threads = 0
setup = function(thread)
  threads = threads + 1
  thread:set("tid", threads)
end
local n = 0
request = function()
  n = n + 1
  return wrk.format("POST", "/v1/orders", {["Content-Type"] = "application/json",
    ["Idempotency-Key"] = '"k-' .. tid .. '-' .. n .. '"'}, '{"amount": 100}')
end
)";

const char* const s_replay = R"(
request = function()
  return wrk.format("POST", "/v1/orders", {["Content-Type"] = "application/json",
    ["Idempotency-Key"] = '"the-one-key"'}, '{"amount": 100}')
end
)";

struct WrkResult {
    bool ok = false;
    double requests = 0;
    double seconds = 0;
    double p50Us = 0;
    double p99Us = 0;
    long long errors = 0;
    double rate() const { return seconds > 0 ? requests / seconds : 0; }
};

// Runs wrk against `port` while this thread's event loop serves it.
WrkResult runWrk(const QString& wrk, const QString& script, quint16 port, int seconds, int threads = 1)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(QStringLiteral("nice"),
        { QStringLiteral("-n"), QStringLiteral("19"), wrk, QStringLiteral("-t%1").arg(threads),
            QStringLiteral("-c%1").arg(s_connections), QStringLiteral("-d%1s").arg(seconds), QStringLiteral("-s"),
            script, QStringLiteral("http://127.0.0.1:%1/").arg(port) });
    WrkResult r;
    if (!p.waitForStarted(5000))
        return r;
    QElapsedTimer t;
    t.start();
    while (p.state() != QProcess::NotRunning && t.elapsed() < (seconds + 30) * 1000LL)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
    if (p.state() != QProcess::NotRunning) {
        p.kill();
        p.waitForFinished(2000);
        return r;
    }
    const QList<QByteArray> lines = p.readAll().split('\n');
    for (const QByteArray& line : lines) {
        if (!line.startsWith("IWRESULT "))
            continue;
        const QList<QByteArray> f = line.split(' ');
        if (f.size() < 6)
            break;
        r.requests = f[1].toDouble();
        r.seconds = f[2].toDouble() / 1e6;
        r.p50Us = f[3].toDouble();
        r.p99Us = f[4].toDouble();
        r.errors = f[5].toLongLong();
        r.ok = r.requests > 0;
    }
    return r;
}

// One server on its own service for one path, so every run starts from an empty store.
struct Served {
    std::unique_ptr<IdempotencyStore> store = makeMemoryStore();
    std::unique_ptr<ServedService> service;
    std::unique_ptr<ServeServer> server;
    Served(const Scenario& scenario, bool bare)
    {
        service = std::make_unique<ServedService>(scenario, *store);
        ServeServer::Options options;
        options.port = 0;
        options.constantAnswer = bare;
        server = std::make_unique<ServeServer>(*service, options);
        QString error;
        if (!server->listen(error)) {
            std::cerr << "serve_throughput: " << error.toStdString() << '\n';
            std::exit(1);
        }
    }
};

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const QString wrk = QStandardPaths::findExecutable(QStringLiteral("wrk"));
    if (wrk.isEmpty()) {
        std::cout << "serve_throughput: wrk is not installed (Debian package wrk; scripts/install-deps.sh installs "
                     "it): skipped\n{\"benchmark\": \"serve_throughput\", \"skipped\": \"wrk not installed\", "
                     "\"meets_target\": null}\n";
        return 0;
    }
    QTemporaryDir dir;
    const auto writeScript = [&](const char* name, const char* body) {
        const QString path = dir.filePath(QString::fromLatin1(name));
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly))
            std::exit(1);
        f.write(body);
        f.write(s_report);
        return path;
    };
    const QString newKeys = writeScript("new-keys.lua", s_newKeys);
    const QString replay = writeScript("replay.lua", s_replay);

    Scenario scenario;
    scenario.name = "bench";
    scenario.service = ServicePolicy::forProfile(Profile::Ietf);
    scenario.service.handlerMs = 0;
    scenario.service.dbMs = 0;

    // One path's figures over the rounds: requests/s, p50 and p99 latency.
    struct Series {
        std::vector<double> rate, p50, p99;
    };
    Series bareRuns, ownerRuns, replayRuns;
    long long errors = 0;
    const auto measure = [&](bool constantAnswer, const QString& script, Series& into) {
        Served s(scenario, constantAnswer); // every run on a fresh server
        const WrkResult r = runWrk(wrk, script, s.server->port(), s_runSeconds);
        if (!r.ok) {
            std::cerr << "serve_throughput: wrk gave no result\n";
            std::exit(1);
        }
        into.rate.push_back(r.rate());
        into.p50.push_back(r.p50Us);
        into.p99.push_back(r.p99Us);
        errors += r.errors;
    };
    for (int round = 0; round < s_rounds; ++round) {
        measure(true, newKeys, bareRuns);
        measure(false, newKeys, ownerRuns);
        measure(false, replay, replayRuns);
    }
    using bench::fixed;
    using bench::median;
    const double bare = median(bareRuns.rate), owner = median(ownerRuns.rate), again = median(replayRuns.rate);
    std::cout << "loopback, wrk -t1 -c" << s_connections << ", " << s_runSeconds << " s per run, median of " << s_rounds
              << " runs; handler_ms 0, db_ms 0, memory store\n";
    std::cout << "  bare 201 handler:  " << fixed(bare, 0) << " req/s, p50 " << fixed(median(bareRuns.p50), 0)
              << " us, p99 " << fixed(median(bareRuns.p99), 0) << " us\n";
    std::cout << "  owner (new keys):  " << fixed(owner, 0) << " req/s, p50 " << fixed(median(ownerRuns.p50), 0)
              << " us, p99 " << fixed(median(ownerRuns.p99), 0) << " us  (" << fixed(owner / bare, 2)
              << "x the bare handler; target >= 0.5x)\n";
    std::cout << "  replays (one key): " << fixed(again, 0) << " req/s, p50 " << fixed(median(replayRuns.p50), 0)
              << " us, p99 " << fixed(median(replayRuns.p99), 0) << " us  (" << fixed(again / bare, 2) << "x)\n";
    std::cout << "  latency the service adds at p50: owner " << fixed(median(ownerRuns.p50) - median(bareRuns.p50), 0)
              << " us, replay " << fixed(median(replayRuns.p50) - median(bareRuns.p50), 0) << " us; socket errors or "
              << "non-2xx: " << errors << "\n";

    // Memory: one owner-path run toward 1,000,000 requests, bounded in time; what the service holds per request.
    long long held = 0;
    long long served = 0;
    double memSeconds = 0;
    {
        Served s(scenario, false);
        const long long started = bench::heapInUseBytes();
        QElapsedTimer t;
        t.start();
        // wrk cannot stop at a count: run in slices until the target or the time bound is reached.
        while (s.service->requestCount() < s_memoryTarget && t.elapsed() < s_memorySeconds * 1000LL) {
            const int slice = static_cast<int>(std::min<long long>(5, s_memorySeconds - t.elapsed() / 1000));
            if (slice <= 0)
                break;
            runWrk(wrk, newKeys, s.server->port(), slice);
        }
        memSeconds = static_cast<double>(t.elapsed()) / 1000;
        served = s.service->requestCount();
        held = bench::heapInUseBytes() - started;
    }
    std::cout << "  memory: " << served << " owner-path requests in " << fixed(memSeconds, 1) << " s"
              << (served >= s_memoryTarget ? "" : " (the time bound came first)") << ", "
              << fixed(served > 0 ? static_cast<double>(held) / static_cast<double>(served) : 0, 0)
              << " bytes held per request (heap in use after minus before, the store and the simulation's "
                 "recording of every request)\n";
    std::cout << "{\"benchmark\": \"serve_throughput\", \"bare_rps\": " << fixed(bare, 0)
              << ", \"owner_rps\": " << fixed(owner, 0) << ", \"replay_rps\": " << fixed(again, 0)
              << ", \"owner_ratio\": " << fixed(owner / bare, 3) << ", \"replay_ratio\": " << fixed(again / bare, 3)
              << ", \"owner_p50_us\": " << fixed(median(ownerRuns.p50), 0)
              << ", \"owner_p99_us\": " << fixed(median(ownerRuns.p99), 0)
              << ", \"replay_p50_us\": " << fixed(median(replayRuns.p50), 0)
              << ", \"replay_p99_us\": " << fixed(median(replayRuns.p99), 0)
              << ", \"bare_p50_us\": " << fixed(median(bareRuns.p50), 0)
              << ", \"bare_p99_us\": " << fixed(median(bareRuns.p99), 0) << ", \"memory_requests\": " << served
              << ", \"bytes_per_request\": "
              << fixed(served > 0 ? static_cast<double>(held) / static_cast<double>(served) : 0, 0)
              << ", \"meets_target\": " << (owner / bare >= 0.5 ? "true" : "false") << "}\n";
    return 0;
}
