// Serve growth (issue 41 finding 6): `serve`'s service driven in process, without sockets, with new-key requests as
// the HTTP server hands them over (read, refusalAtDoor, submit, the answers written and settled): the time of every
// request, so that a pause while something grows shows as one slow request at the count where it happened, and the
// resident and heap bytes per request. Each pause of at least 10 ms is listed with its request number and the
// CLOCK_MONOTONIC instant it ended (to find it in `perf record -k CLOCK_MONOTONIC`).
// Usage: serve_growth [requests] (1,000,000 by default).
#include "benchutil.h"
#include "httpparser.h"
#include "scenario.h"
#include "servedservice.h"
#include "store.h"

#include <QCoreApplication>

#include <ctime>
#include <iostream>

using namespace iw;

namespace {

double monotonicSeconds()
{
    timespec ts {};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const long long total = argc > 1 ? std::atoll(argv[1]) : 1'000'000;
    Scenario scenario;
    scenario.name = "bench";
    scenario.service = ServicePolicy::forProfile(Profile::Ietf);
    scenario.service.handlerMs = 0;
    scenario.service.dbMs = 0;
    auto store = makeMemoryStore();
    ServedService service(scenario, *store);
    service.beginServing(0);
    std::vector<ServedAnswer> answers;
    std::string out;
    const long long rssBefore = bench::residentBytes();
    const long long heapBefore = bench::heapInUseBytes();
    double worst = 0;
    long long worstAt = -1;
    long long slow = 0;
    const double started = monotonicSeconds();
    for (long long i = 0; i < total; ++i) {
        HttpRequest http;
        http.method = "POST";
        http.target = "/v1/orders";
        http.headers.push_back({ "content-type", "application/json" });
        http.headers.push_back({ "idempotency-key", "\"k-1-" + std::to_string(i) + "\"" });
        http.body = "{\"amount\": 100}";
        http.hasBody = true;
        const Millis wall = i / 8; // 8,000 requests a second of service time
        const double t0 = monotonicSeconds();
        ServedRequest served = service.read(std::move(http));
        if (const auto refusal = service.refusalAtDoor(served, wall)) {
            std::cerr << "serve_growth: refused at request " << i << ": " << refusal->detail << '\n';
            return 1;
        }
        service.submit(std::move(served), wall);
        service.takeAnswers(answers);
        for (const ServedAnswer& a : answers) {
            out.clear();
            a.appendResponse(out, true);
            service.settle(a.ticket, true);
        }
        const double t1 = monotonicSeconds();
        const double ms = (t1 - t0) * 1000;
        if (ms > worst) {
            worst = ms;
            worstAt = i;
        }
        if (ms >= 10) {
            ++slow;
            std::cout << "  pause: request " << i << " took " << bench::fixed(ms, 1) << " ms (ended at monotonic "
                      << bench::fixed(t1, 6) << ")\n";
        }
        if ((i + 1) % 100'000 == 0)
            std::cout << "  " << (i + 1) << " requests: " << bench::fixed(t1 - started, 1) << " s, resident "
                      << (bench::residentBytes() - rssBefore) / (i + 1) << " B/request, heap "
                      << (bench::heapInUseBytes() - heapBefore) / (i + 1) << " B/request\n";
    }
    const long long rss = bench::residentBytes() - rssBefore;
    const long long heap = bench::heapInUseBytes() - heapBefore;
    std::cout << "{\"benchmark\": \"serve_growth\", \"requests\": " << total
              << ", \"resident_bytes_per_request\": " << rss / std::max(1LL, total)
              << ", \"heap_bytes_per_request\": " << heap / std::max(1LL, total)
              << ", \"worst_request_ms\": " << bench::fixed(worst, 1) << ", \"worst_request\": " << worstAt
              << ", \"requests_over_10ms\": " << slow << "}\n";
    return 0;
}
