// Serve throughput (issue 15 item 7, docs/reference/serve.md): requests/s and p50/p99 latency of `serve`'s HTTP path
// measured with wrk on loopback — new keys (the owner path: claim, handler with handler_ms 0, completion; a wrk Lua
// script mints a fresh key per request) and replays of one key — against a bare handler on the same QTcpServer HTTP
// code (the same sockets, parser and response writer) answering a constant 201, in the same run. Each figure is the
// median of repeated runs of a few seconds; then one longer owner-path run reports the bytes per request the service
// holds (its simulation keeps every request, scope, record and event), up to 1,000,000 requests or a time bound. Needs
// `wrk` (Debian package, scripts/install-deps.sh); without it the benchmark says so and exits 0.
#include "benchutil.h"
#include "httpserver.h"
#include "scenario.h"
#include "servedservice.h"
#include "store.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <arpa/inet.h>
#include <atomic>
#include <chrono>
#include <iostream>
#include <malloc.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <thread>
#include <unistd.h>

using namespace iw;

namespace {

constexpr int s_rounds = 5; // medians over this many runs of each path
constexpr int s_runSeconds = 2;
constexpr int s_connections = 16;
constexpr long long s_memoryTarget = 1'000'000;
// Issue 41's targets for the long run, and the owner path's share of the bare handler's rate.
constexpr double s_residentTarget = 1100; // resident bytes per request
constexpr double s_windowP99TargetMs = 25; // p99 in every one-second window
constexpr double s_reportDelayTargetMs = 50; // the worst other request while the report streams
constexpr double s_reportMemoryTargetMiB = 64; // resident memory the report adds
constexpr double s_ratioTarget = 0.65;
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
WrkResult runWrk(const QString& wrk, const QString& script, quint16 port, int seconds, int wrkNice, int threads = 1)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(QStringLiteral("nice"),
        { QStringLiteral("-n"), QString::number(wrkNice), wrk, QStringLiteral("-t%1").arg(threads),
            QStringLiteral("-c%1").arg(s_connections), QStringLiteral("-d%1s").arg(seconds), QStringLiteral("-s"),
            script, QStringLiteral("http://127.0.0.1:%1/").arg(port) });
    WrkResult r;
    if (!p.waitForStarted(5000))
        return r;
    // The server is served by this thread's event loop until wrk ends (it used to poll processEvents() without
    // waiting, which kept this thread busy and took a core from wrk on a 2-core host).
    QEventLoop loop;
    QObject::connect(&p, &QProcess::finished, &loop, &QEventLoop::quit);
    QTimer bound;
    bound.setSingleShot(true);
    QObject::connect(&bound, &QTimer::timeout, &loop, &QEventLoop::quit);
    bound.start((seconds + 30) * 1000);
    if (p.state() != QProcess::NotRunning)
        loop.exec();
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

// A thread's time on a CPU and time runnable but waiting for one, in nanoseconds, since it began
// (/proc/self/task/TID/schedstat), and how often the scheduler took the CPU from it while it could still run
// (nonvoluntary_ctxt_switches in /proc/self/task/TID/status); zeros where the kernel does not keep them.
struct SchedTimes {
    long long cpuNs = 0;
    long long waitNs = 0;
    long long involuntary = 0;
};
SchedTimes schedTimes(long tid)
{
    SchedTimes t;
    const std::string task = "/proc/self/task/" + std::to_string(tid);
    if (FILE* f = std::fopen((task + "/schedstat").c_str(), "r")) {
        if (std::fscanf(f, "%lld %lld", &t.cpuNs, &t.waitNs) != 2)
            t = {};
        std::fclose(f);
    }
    if (FILE* f = std::fopen((task + "/status").c_str(), "r")) {
        char line[256];
        while (std::fgets(line, sizeof line, f)) {
            if (std::sscanf(line, "nonvoluntary_ctxt_switches: %lld", &t.involuntary) == 1)
                break;
        }
        std::fclose(f);
    }
    return t;
}
double loadAverage()
{
    double load = 0;
    if (FILE* f = std::fopen("/proc/loadavg", "r")) {
        if (std::fscanf(f, "%lf", &load) != 1)
            load = 0;
        std::fclose(f);
    }
    return load;
}

// What one one-second window of the long run held besides its latencies: the serving thread's and the client
// thread's CPU time and their time runnable but not running (the scheduler's delay), and the load average then.
struct WindowTimes {
    double serverCpuMs = 0;
    double serverWaitMs = 0;
    double clientCpuMs = 0;
    double clientWaitMs = 0;
    long long serverInvoluntary = 0; // times the scheduler preempted the serving thread
    double load = 0;
};

// The closed-loop load of the long run, in a thread of its own while the main thread's event loop serves: s_connections
// keep-alive connections each POST a new key and wait for the whole answer before the next, until `target` requests
// are answered or `bound` seconds pass. Every answer's latency goes to the one-second window (since the run began) it
// ended in, so a pause while something grows shows in its window's p99. At `reportAt` answers one more connection
// GETs /_workbench/report and reads it to its end while the others go on; meanwhile the thread samples the process's
// resident size every few milliseconds.
struct LoadResult {
    long long answered = 0;
    long long errors = 0;
    double seconds = 0;
    std::vector<std::vector<std::uint32_t>> windows; // latencies in microseconds, per one-second window
    std::vector<long long> windowAnswered; // requests answered when each window ended
    std::vector<WindowTimes> windowTimes; // per window, as sampled at its end
    // The report in the middle.
    bool reportDone = false;
    long long reportBytes = 0;
    double reportSeconds = 0;
    long long reportAtRequests = 0;
    long long reportEndRequests = 0; // requests answered when it ended
    long long rssBeforeReport = 0;
    long long rssPeakDuringReport = 0;
    // Resident size and requests answered at each sample while the report streamed: what the traffic meanwhile grew
    // is told apart from what the report held.
    std::vector<std::pair<long long, long long>> reportSamples;
    std::uint32_t worstDuringReportUs = 0; // the longest answer of the others that overlapped the report
};

class LoadClient {
public:
    LoadClient(quint16 port, long long target, int boundSeconds, long long reportAt, long serverTid)
        : m_port(port)
        , m_target(target)
        , m_bound(boundSeconds)
        , m_reportAt(reportAt)
        , m_serverTid(serverTid)
    {
    }
    void start()
    {
        m_thread = std::thread([this] { run(); });
    }
    bool finished() const { return m_finished.load(); }
    LoadResult take()
    {
        m_thread.join();
        return std::move(m_result);
    }

private:
    using Clock = std::chrono::steady_clock;
    struct Conn {
        int fd = -1;
        std::string out;
        std::size_t sent = 0;
        std::string in;
        Clock::time_point began {};
        bool report = false;
        long long n = 0;
    };

    int connectOne()
    {
        const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
        sockaddr_in a {};
        a.sin_family = AF_INET;
        a.sin_port = htons(m_port);
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        const int one = 1;
        ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        ::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a); // EINPROGRESS: epoll says when it is writable
        return fd;
    }

    void sendNext(Conn& c, int index)
    {
        c.in.clear();
        c.sent = 0;
        c.began = Clock::now();
        if (c.report) {
            c.out = "GET /_workbench/report HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
        } else {
            const std::string key = "\"m-" + std::to_string(index) + "-" + std::to_string(++c.n) + "\"";
            const std::string_view body = "{\"amount\": 100}";
            c.out = "POST /v1/orders HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nIdempotency-Key: "
                + key + "\r\nContent-Length: " + std::to_string(body.size()) + "\r\n\r\n" + std::string(body);
        }
        flushOut(c);
    }

    void flushOut(Conn& c)
    {
        while (c.sent < c.out.size()) {
            const ssize_t n = ::send(c.fd, c.out.data() + c.sent, c.out.size() - c.sent, MSG_NOSIGNAL);
            if (n <= 0)
                return;
            c.sent += static_cast<std::size_t>(n);
        }
    }

    // Whether `c.in` holds a whole answer: a Content-Length body, or for the report the chunked body's last chunk.
    static bool complete(const Conn& c)
    {
        if (c.report) {
            constexpr std::string_view end = "\r\n0\r\n\r\n";
            return c.in.size() >= end.size() && std::string_view(c.in).substr(c.in.size() - end.size()) == end;
        }
        const std::size_t head = c.in.find("\r\n\r\n");
        if (head == std::string::npos)
            return false;
        const std::size_t cl = c.in.find("Content-Length: ");
        const std::size_t length = cl == std::string::npos || cl > head ? 0 : std::stoul(c.in.substr(cl + 16, 12));
        return c.in.size() >= head + 4 + length;
    }

    void run()
    {
        const int ep = ::epoll_create1(0);
        std::vector<Conn> conns(s_connections + 1);
        const auto add = [&](int i) {
            conns[static_cast<std::size_t>(i)].fd = connectOne();
            epoll_event ev {};
            ev.events = EPOLLIN | EPOLLOUT | EPOLLET;
            ev.data.u32 = static_cast<std::uint32_t>(i);
            ::epoll_ctl(ep, EPOLL_CTL_ADD, conns[static_cast<std::size_t>(i)].fd, &ev);
        };
        for (int i = 0; i < s_connections; ++i)
            add(i);
        const Clock::time_point begin = Clock::now();
        Clock::time_point reportBegan {};
        Clock::time_point reportEnded {};
        Clock::time_point lastSample {};
        bool reportRunning = false;
        long long inFlight = 0;
        const auto elapsed = [&begin](Clock::time_point t) { return std::chrono::duration<double>(t - begin).count(); };
        for (int i = 0; i < s_connections; ++i) {
            sendNext(conns[static_cast<std::size_t>(i)], i);
            ++inFlight;
        }
        std::vector<epoll_event> events(64);
        char buf[64 * 1024];
        bool stopping = false;
        const long clientTid = static_cast<long>(::syscall(SYS_gettid));
        SchedTimes serverAt = schedTimes(m_serverTid);
        SchedTimes clientAt = schedTimes(clientTid);
        const auto closeWindows = [&](std::size_t upTo) { // the windows before `upTo` have ended: their times
            const SchedTimes server = schedTimes(m_serverTid);
            const SchedTimes client = schedTimes(clientTid);
            WindowTimes t;
            t.serverCpuMs = static_cast<double>(server.cpuNs - serverAt.cpuNs) / 1e6;
            t.serverWaitMs = static_cast<double>(server.waitNs - serverAt.waitNs) / 1e6;
            t.clientCpuMs = static_cast<double>(client.cpuNs - clientAt.cpuNs) / 1e6;
            t.clientWaitMs = static_cast<double>(client.waitNs - clientAt.waitNs) / 1e6;
            t.serverInvoluntary = server.involuntary - serverAt.involuntary;
            t.load = loadAverage();
            serverAt = server;
            clientAt = client;
            // A window the loop slept through (nothing sampled) shares the next one's figures.
            m_result.windowTimes.resize(std::max(m_result.windowTimes.size(), upTo), t);
        };
        while (inFlight > 0 || reportRunning) {
            const int n = ::epoll_wait(ep, events.data(), static_cast<int>(events.size()), 5);
            const Clock::time_point now = Clock::now();
            if (const auto second = static_cast<std::size_t>(elapsed(now)); second > m_result.windowTimes.size())
                closeWindows(second);
            if (reportRunning && now - lastSample >= std::chrono::milliseconds(5)) {
                const long long rss = bench::residentBytes();
                m_result.rssPeakDuringReport = std::max(m_result.rssPeakDuringReport, rss);
                m_result.reportSamples.emplace_back(rss, m_result.answered);
                lastSample = now;
            }
            if (elapsed(now) > m_bound)
                stopping = true;
            for (int e = 0; e < n; ++e) {
                const int i = static_cast<int>(events[static_cast<std::size_t>(e)].data.u32);
                Conn& c = conns[static_cast<std::size_t>(i)];
                if (events[static_cast<std::size_t>(e)].events & EPOLLOUT)
                    flushOut(c);
                bool closed = false;
                for (;;) {
                    const ssize_t got = ::recv(c.fd, buf, sizeof buf, 0);
                    if (got > 0) {
                        c.in.append(buf, static_cast<std::size_t>(got));
                        if (c.report) {
                            m_result.reportBytes += got;
                            if (c.in.size() > 16) // only its end is looked at
                                c.in.erase(0, c.in.size() - 16);
                        }
                        continue;
                    }
                    if (got == 0)
                        closed = true;
                    break;
                }
                if (closed && !complete(c)) {
                    ++m_result.errors;
                    ::close(c.fd);
                    c.fd = -1;
                    if (c.report)
                        reportRunning = false;
                    else
                        --inFlight;
                    continue;
                }
                if (!complete(c))
                    continue;
                const Clock::time_point done = Clock::now();
                if (c.report) {
                    reportRunning = false;
                    m_result.reportDone = true;
                    reportEnded = done;
                    m_result.reportSeconds = std::chrono::duration<double>(done - reportBegan).count();
                    m_result.reportEndRequests = m_result.answered;
                    ::close(c.fd);
                    c.fd = -1;
                    continue;
                }
                const auto us = static_cast<std::uint32_t>(
                    std::chrono::duration_cast<std::chrono::microseconds>(done - c.began).count());
                const auto w = static_cast<std::size_t>(elapsed(done));
                if (m_result.windows.size() <= w) {
                    m_result.windows.resize(w + 1);
                    m_result.windowAnswered.resize(w + 1, m_result.answered);
                }
                m_result.windows[w].push_back(us);
                if (c.in.compare(0, 12, "HTTP/1.1 201") != 0)
                    ++m_result.errors;
                ++m_result.answered;
                m_result.windowAnswered[w] = m_result.answered;
                // An answer that overlapped the report: it ended after the report began, and began before it ended.
                if (reportBegan != Clock::time_point {} && done >= reportBegan
                    && (reportRunning || c.began <= reportEnded))
                    m_result.worstDuringReportUs = std::max(m_result.worstDuringReportUs, us);
                if (m_reportAt > 0 && m_result.answered == m_reportAt) {
                    m_result.rssBeforeReport = bench::residentBytes();
                    m_result.rssPeakDuringReport = m_result.rssBeforeReport;
                    m_result.reportAtRequests = m_result.answered;
                    conns[s_connections].report = true;
                    add(s_connections);
                    reportBegan = Clock::now();
                    lastSample = reportBegan;
                    reportRunning = true;
                    sendNext(conns[s_connections], s_connections);
                }
                if (stopping || m_result.answered + inFlight > m_target) {
                    --inFlight;
                    continue;
                }
                sendNext(c, i);
            }
        }
        m_result.seconds = elapsed(Clock::now());
        closeWindows(static_cast<std::size_t>(m_result.seconds) + 1);
        for (Conn& c : conns) {
            if (c.fd >= 0)
                ::close(c.fd);
        }
        ::close(ep);
        m_finished = true;
    }

    quint16 m_port;
    long long m_target;
    int m_bound;
    long long m_reportAt;
    long m_serverTid;
    std::thread m_thread;
    std::atomic<bool> m_finished { false };
    LoadResult m_result;
};

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    // --requests N: the long run's size (1,000,000 by default); --long-only: the long run alone (no wrk rounds, so no
    // rates and no ratio), for looking into the long run; --every-window: a line per window of the long run; --wrk-nice
    // N: wrk's niceness above this program's (19 by default; 0 runs it at this program's, for a host whose load starves
    // a wrk at nice 19).
    long long longTarget = s_memoryTarget;
    bool longOnly = false;
    bool everyWindow = false; // --every-window: a line per one-second window of the long run, not only those over
    int wrkNice = 19; // --wrk-nice N: wrk's niceness above this program's (19: the server first)
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        if (arg == "--requests" && i + 1 < argc)
            longTarget = std::max(1000LL, std::atoll(argv[++i]));
        else if (arg == "--long-only")
            longOnly = true;
        else if (arg == "--every-window")
            everyWindow = true;
        else if (arg == "--wrk-nice" && i + 1 < argc)
            wrkNice = std::clamp(std::atoi(argv[++i]), 0, 19);
    }
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
        std::vector<double> cpuUs; // the serving thread's CPU time per request: what the rate is on a host whose
                                   // load starves wrk or the server
    };
    Series bareRuns, ownerRuns, replayRuns;
    long long errors = 0;
    const auto measure = [&](bool constantAnswer, const QString& script, Series& into) {
        Served s(scenario, constantAnswer); // every run on a fresh server
        const SchedTimes before = schedTimes(static_cast<long>(::getpid()));
        const WrkResult r = runWrk(wrk, script, s.server->port(), s_runSeconds, wrkNice);
        const SchedTimes after = schedTimes(static_cast<long>(::getpid()));
        if (!r.ok) {
            std::cerr << "serve_throughput: wrk gave no result\n";
            std::exit(1);
        }
        into.rate.push_back(r.rate());
        into.cpuUs.push_back(static_cast<double>(after.cpuNs - before.cpuNs) / 1e3 / r.requests);
        into.p50.push_back(r.p50Us);
        into.p99.push_back(r.p99Us);
        errors += r.errors;
    };
    for (int round = 0; round < (longOnly ? 0 : s_rounds); ++round) {
        measure(true, newKeys, bareRuns);
        measure(false, newKeys, ownerRuns);
        measure(false, replay, replayRuns);
    }
    using bench::fixed;
    const auto median = [](const std::vector<double>& v) { return v.empty() ? 0.0 : bench::median(v); };
    const double bare = median(bareRuns.rate), owner = median(ownerRuns.rate), again = median(replayRuns.rate);
    if (!longOnly) {
        std::cout << "loopback, wrk -t1 -c" << s_connections << " at nice +" << wrkNice << ", " << s_runSeconds
                  << " s per run, median of " << s_rounds << " runs; handler_ms 0, db_ms 0, memory store\n";
        std::cout << "  bare 201 handler:  " << fixed(bare, 0) << " req/s, p50 " << fixed(median(bareRuns.p50), 0)
                  << " us, p99 " << fixed(median(bareRuns.p99), 0) << " us\n";
        std::cout << "  owner (new keys):  " << fixed(owner, 0) << " req/s, p50 " << fixed(median(ownerRuns.p50), 0)
                  << " us, p99 " << fixed(median(ownerRuns.p99), 0) << " us  (" << fixed(owner / bare, 2)
                  << "x the bare handler; target >= " << fixed(s_ratioTarget, 2) << "x)\n";
        std::cout << "  replays (one key): " << fixed(again, 0) << " req/s, p50 " << fixed(median(replayRuns.p50), 0)
                  << " us, p99 " << fixed(median(replayRuns.p99), 0) << " us  (" << fixed(again / bare, 2) << "x)\n";
        std::cout << "  latency the service adds at p50: owner "
                  << fixed(median(ownerRuns.p50) - median(bareRuns.p50), 0) << " us, replay "
                  << fixed(median(replayRuns.p50) - median(bareRuns.p50), 0) << " us; socket errors or "
                  << "non-2xx: " << errors << "\n";
        // On a loaded host wrk (at nice 19) or the server may be starved, and then the rates say how busy the host
        // was: the serving thread's CPU time per request says what each path costs whatever the load, and its share
        // of the run (rate x CPU per request) says whether the server was the bottleneck (near 1) or waited for wrk.
        std::cout << "  serving thread CPU per request: bare " << fixed(median(bareRuns.cpuUs), 1) << " us (busy "
                  << fixed(bare * median(bareRuns.cpuUs) / 1e6, 2) << " of the run), owner "
                  << fixed(median(ownerRuns.cpuUs), 1) << " us (busy "
                  << fixed(owner * median(ownerRuns.cpuUs) / 1e6, 2) << "), replays "
                  << fixed(median(replayRuns.cpuUs), 1) << " us: the owner path at "
                  << fixed(median(bareRuns.cpuUs) / median(ownerRuns.cpuUs), 2) << "x the bare handler's requests per "
                  << "CPU second\n";
    }

    // The long run: `longTarget` (--requests) owner-path requests (or the time bound) from this program's own client,
    // which keeps every latency per one-second window; a report read in the middle; the resident bytes the service
    // holds.
    LoadResult load;
    long long held = 0; // resident bytes after minus before
    long long heapHeld = 0;
    long long served = 0;
    {
        Served s(scenario, false);
        malloc_trim(0); // what earlier runs freed is given back, so that the baseline is this run's
        const long long rssStart = bench::residentBytes();
        const long long heapStart = bench::heapInUseBytes();
        LoadClient client(s.server->port(), longTarget, s_memorySeconds, longTarget / 2, static_cast<long>(::getpid()));
        client.start();
        QEventLoop loop;
        QTimer poll;
        QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
            if (client.finished())
                loop.quit();
        });
        poll.start(20);
        loop.exec();
        load = client.take();
        served = s.service->requestCount();
        held = bench::residentBytes() - rssStart;
        heapHeld = bench::heapInUseBytes() - heapStart;
    }
    const double perRequest = served > 0 ? static_cast<double>(held) / static_cast<double>(served) : 0;
    const double heapPerRequest = served > 0 ? static_cast<double>(heapHeld) / static_cast<double>(served) : 0;
    // p99 of each one-second window; the worst, where it was, and the windows where the count crossed 2^18, 2^19, 2^20.
    const auto p99 = [](std::vector<std::uint32_t> v) {
        if (v.empty())
            return 0.0;
        const std::size_t k = (v.size() * 99 + 99) / 100 - 1; // nearest rank
        std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(k), v.end());
        return static_cast<double>(v[k]) / 1000;
    };
    double worstP99 = 0;
    std::size_t worstWindow = 0;
    std::vector<double> windowP99(load.windows.size());
    for (std::size_t w = 0; w < load.windows.size(); ++w) {
        windowP99[w] = p99(load.windows[w]);
        if (windowP99[w] > worstP99) {
            worstP99 = windowP99[w];
            worstWindow = w;
        }
    }
    const auto windowFrom = [&](std::size_t w) { return w == 0 ? 0LL : load.windowAnswered[w - 1]; };
    std::cout << "  long run: " << load.answered << " owner-path requests answered in " << fixed(load.seconds, 1)
              << " s (" << served << " served" << (load.answered >= longTarget ? "" : "; the time bound came first")
              << "), " << load.errors << " errors\n";
    std::cout << "    resident: " << fixed(perRequest, 0) << " bytes per request (RSS after minus before; heap "
              << fixed(heapPerRequest, 0) << "); target <= " << s_residentTarget << "\n";
    std::cout << "    p99 per one-second window: worst " << fixed(worstP99, 1) << " ms in second " << worstWindow
              << " (requests " << windowFrom(worstWindow) << "-"
              << (load.windowAnswered.empty() ? 0 : load.windowAnswered[worstWindow])
              << "); target <= " << s_windowP99TargetMs << " ms\n";
    // The counts where tables grew: 2^k, where a vector would double, and 7·2^16 and 7·2^17, where the 64 tables of
    // each ShardedFlatSet reached Abseil's load limit together before they grew each at a count of its own. Each
    // with the serving thread's CPU per request there (against the run's median, below) and its time runnable but not
    // running: a growth of ours shows as more CPU per request, a scheduler stall as waiting.
    std::vector<double> cpuPerRequest;
    for (std::size_t w = 0; w < load.windows.size() && w < load.windowTimes.size(); ++w) {
        if (!load.windows[w].empty())
            cpuPerRequest.push_back(
                load.windowTimes[w].serverCpuMs * 1000 / static_cast<double>(load.windows[w].size()));
    }
    const double medianCpuUs = median(cpuPerRequest);
    std::vector<std::size_t> markWindows;
    for (const long long mark : { 1LL << 18, 7LL << 16, 1LL << 19, 7LL << 17, 1LL << 20 }) {
        for (std::size_t w = 0; w < load.windows.size(); ++w) {
            if (windowFrom(w) < mark && load.windowAnswered[w] >= mark) {
                const WindowTimes t = w < load.windowTimes.size() ? load.windowTimes[w] : WindowTimes {};
                const double us = load.windows[w].empty() ? 0 : t.serverCpuMs * 1000 / double(load.windows[w].size());
                std::cout << "    crossing " << mark << " requests: second " << w << ", p99 " << fixed(windowP99[w], 1)
                          << " ms; server CPU " << fixed(us, 1) << " us/request (run median " << fixed(medianCpuUs, 1)
                          << "), waiting " << fixed(t.serverWaitMs, 0) << " ms\n";
                markWindows.push_back(w);
                break;
            }
        }
    }
    const bool worstAtGrowth
        = std::find(markWindows.begin(), markWindows.end(), worstWindow) != markWindows.end() && worstP99 > 0;
    // The worst windows and what they held: the serving thread's CPU time per request against the run's median (work
    // of ours: a table growing, the report), and the time it was runnable but not running (the scheduler's delay on
    // a loaded host), the client thread's likewise, the load average; the report's window is marked.
    std::vector<std::size_t> byP99(load.windows.size());
    for (std::size_t w = 0; w < byP99.size(); ++w)
        byP99[w] = w;
    std::sort(byP99.begin(), byP99.end(), [&](std::size_t a, std::size_t b) { return windowP99[a] > windowP99[b]; });
    const auto reportWindow = [&](std::size_t w) { // a window that overlapped the report
        return load.reportAtRequests > 0 && windowFrom(w) <= load.reportEndRequests
            && load.windowAnswered[w] >= load.reportAtRequests;
    };
    std::cout << "    worst windows (serving thread: CPU ms, us per request [run median " << fixed(medianCpuUs, 1)
              << "], ms runnable but waiting, times preempted; client thread: CPU ms, waiting ms; load average):\n";
    double worstServerWaitMs = 0, worstServerCpuUs = 0;
    for (std::size_t k = 0; k < std::min<std::size_t>(5, byP99.size()); ++k) {
        const std::size_t w = byP99[k];
        const WindowTimes t = w < load.windowTimes.size() ? load.windowTimes[w] : WindowTimes {};
        const double perRequest = load.windows[w].empty() ? 0 : t.serverCpuMs * 1000 / double(load.windows[w].size());
        const std::uint32_t longest = *std::max_element(load.windows[w].begin(), load.windows[w].end());
        if (k == 0) {
            worstServerWaitMs = t.serverWaitMs;
            worstServerCpuUs = perRequest;
        }
        std::cout << "      second " << w << " (requests " << windowFrom(w) << "-" << load.windowAnswered[w]
                  << "): p99 " << fixed(windowP99[w], 1) << " ms, longest " << fixed(longest / 1000.0, 1)
                  << " ms; server CPU " << fixed(t.serverCpuMs, 0) << " ms (" << fixed(perRequest, 1)
                  << " us/request), waiting " << fixed(t.serverWaitMs, 0) << " ms, preempted " << t.serverInvoluntary
                  << "x; client CPU " << fixed(t.clientCpuMs, 0) << " ms, waiting " << fixed(t.clientWaitMs, 0)
                  << " ms; load " << fixed(t.load, 1) << (reportWindow(w) ? "; the report" : "") << "\n";
    }
    // Every window over the target, told apart: one whose serving thread spent at least twice the run's median CPU
    // per request is ours (work that grew, a report); one where it was not is the host's (the thread waited for a CPU,
    // or was preempted, while its own work stayed as usual). --every-window prints every window's line.
    int overTarget = 0;
    int overTargetOurs = 0;
    for (std::size_t w = 0; w < load.windows.size(); ++w) {
        const WindowTimes t = w < load.windowTimes.size() ? load.windowTimes[w] : WindowTimes {};
        const double cpuUs = load.windows[w].empty() ? 0 : t.serverCpuMs * 1000 / double(load.windows[w].size());
        const bool over = windowP99[w] > s_windowP99TargetMs;
        const bool ours = over && cpuUs >= 2 * medianCpuUs;
        overTarget += over ? 1 : 0;
        overTargetOurs += ours ? 1 : 0;
        if (everyWindow || over) {
            std::cout << "      window " << w << ": " << load.windows[w].size() << " answers, p99 "
                      << fixed(windowP99[w], 1) << " ms; server CPU " << fixed(t.serverCpuMs, 0) << " ms ("
                      << fixed(cpuUs, 1) << " us/request), waiting " << fixed(t.serverWaitMs, 0) << " ms, preempted "
                      << t.serverInvoluntary << "x; load " << fixed(t.load, 1)
                      << (over ? (ours ? "  OVER: our CPU" : "  OVER: the host") : "") << "\n";
        }
    }
    std::cout << "    windows over " << s_windowP99TargetMs << " ms: " << overTarget << " of " << load.windows.size()
              << ", " << overTargetOurs << " with our own CPU per request at 2x the median or more\n";
    const double reportAddedRawMiB = static_cast<double>(load.rssPeakDuringReport - load.rssBeforeReport) / (1 << 20);
    // The traffic goes on while the report streams and the service keeps every request: at each sample, what the
    // requests answered since the report began hold at the run's bytes per request is not the report's.
    long long reportAdded = 0;
    for (const auto& [rss, answered] : load.reportSamples) {
        const double traffic = static_cast<double>(answered - load.reportAtRequests) * perRequest;
        reportAdded = std::max(reportAdded, rss - load.rssBeforeReport - static_cast<long long>(traffic));
    }
    const double reportAddedMiB = static_cast<double>(reportAdded) / (1 << 20);
    const double reportWorstMs = static_cast<double>(load.worstDuringReportUs) / 1000;
    std::cout << "    report in the middle (after " << load.reportAtRequests
              << " requests): " << (load.reportDone ? "" : "NOT COMPLETE, ")
              << fixed(static_cast<double>(load.reportBytes) / (1 << 20), 0) << " MiB in "
              << fixed(load.reportSeconds, 1) << " s; worst other request meanwhile " << fixed(reportWorstMs, 1)
              << " ms (target <= " << s_reportDelayTargetMs << "); resident +" << fixed(reportAddedMiB, 1)
              << " MiB at its peak beyond the traffic's growth meanwhile (+" << fixed(reportAddedRawMiB, 1)
              << " MiB with it; target <= " << s_reportMemoryTargetMiB << ")\n";
    const bool ratioMet = bare > 0 && owner / bare >= s_ratioTarget;
    const bool residentMet = perRequest <= s_residentTarget && load.answered >= longTarget;
    const bool windowsMet = worstP99 <= s_windowP99TargetMs && load.errors == 0;
    const bool reportMet
        = load.reportDone && reportWorstMs <= s_reportDelayTargetMs && reportAddedMiB <= s_reportMemoryTargetMiB;
    std::cout << "{\"benchmark\": \"serve_throughput\", \"bare_rps\": " << fixed(bare, 0)
              << ", \"owner_rps\": " << fixed(owner, 0) << ", \"replay_rps\": " << fixed(again, 0)
              << ", \"owner_ratio\": " << fixed(bare > 0 ? owner / bare : 0, 3) << ", \"owner_cpu_ratio\": "
              << fixed(median(ownerRuns.cpuUs) > 0 ? median(bareRuns.cpuUs) / median(ownerRuns.cpuUs) : 0, 3)
              << ", \"bare_cpu_us\": " << fixed(median(bareRuns.cpuUs), 1)
              << ", \"owner_cpu_us\": " << fixed(median(ownerRuns.cpuUs), 1)
              << ", \"bare_busy\": " << fixed(bare * median(bareRuns.cpuUs) / 1e6, 2)
              << ", \"replay_ratio\": " << fixed(bare > 0 ? again / bare : 0, 3)
              << ", \"owner_p50_us\": " << fixed(median(ownerRuns.p50), 0)
              << ", \"owner_p99_us\": " << fixed(median(ownerRuns.p99), 0)
              << ", \"replay_p50_us\": " << fixed(median(replayRuns.p50), 0)
              << ", \"replay_p99_us\": " << fixed(median(replayRuns.p99), 0)
              << ", \"bare_p50_us\": " << fixed(median(bareRuns.p50), 0)
              << ", \"bare_p99_us\": " << fixed(median(bareRuns.p99), 0) << ", \"long_requests\": " << load.answered
              << ", \"long_seconds\": " << fixed(load.seconds, 1) << ", \"long_errors\": " << load.errors
              << ", \"resident_bytes_per_request\": " << fixed(perRequest, 0)
              << ", \"heap_bytes_per_request\": " << fixed(heapPerRequest, 0)
              << ", \"worst_window_p99_ms\": " << fixed(worstP99, 1) << ", \"worst_window_second\": " << worstWindow
              << ", \"windows_over_target\": " << overTarget << ", \"windows_over_target_ours\": " << overTargetOurs
              << ", \"worst_window_at_growth\": " << (worstAtGrowth ? "true" : "false")
              << ", \"report_worst_other_ms\": " << fixed(reportWorstMs, 1)
              << ", \"worst_window_server_wait_ms\": " << fixed(worstServerWaitMs, 0)
              << ", \"worst_window_server_cpu_us_per_request\": " << fixed(worstServerCpuUs, 1)
              << ", \"median_window_server_cpu_us_per_request\": " << fixed(medianCpuUs, 1)
              << ", \"report_added_mib\": " << fixed(reportAddedMiB, 1)
              << ", \"report_added_with_traffic_mib\": " << fixed(reportAddedRawMiB, 1)
              << ", \"report_seconds\": " << fixed(load.reportSeconds, 1)
              << ", \"meets_ratio\": " << (ratioMet ? "true" : "false")
              << ", \"meets_resident\": " << (residentMet ? "true" : "false")
              << ", \"meets_windows\": " << (windowsMet ? "true" : "false")
              << ", \"meets_report\": " << (reportMet ? "true" : "false")
              << ", \"meets_target\": " << (ratioMet && residentMet && windowsMet && reportMet ? "true" : "false")
              << "}\n";
    return 0;
}
