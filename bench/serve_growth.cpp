// Serve growth (issue 41 finding 6): `serve`'s service driven in process, without sockets, with new-key requests as
// the HTTP server hands them over (read, refusalAtDoor, submit, the answers written and settled): the time of every
// request, so that a pause while something grows shows as one slow request at the count where it happened, and the
// resident and heap bytes per request. Each pause of at least 10 ms is listed with its request number and the
// CLOCK_MONOTONIC instant it ended (to find it in `perf record -k CLOCK_MONOTONIC`). It also times every slice of
// 8,192 requests on this thread's CPU clock (what a loaded host's scheduler does not change) and lists the costliest
// slices and those holding 7·2^16 and 7·2^17 requests, where every table of a sharded index used to grow at once.
// Usage: serve_growth [requests] (1,000,000 by default).
#include "benchutil.h"
#include "httpparser.h"
#include "scenario.h"
#include "servedservice.h"
#include "store.h"

#include <QCoreApplication>

#include <algorithm>
#include <ctime>
#include <iostream>
#include <vector>

using namespace iw;

namespace {

double threadCpuSeconds()
{
    timespec ts {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
}

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
    constexpr long long slice = 8192;
    std::vector<double> sliceCpu; // seconds of this thread's CPU per slice of `slice` requests
    double sliceBegan = threadCpuSeconds();
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
        if ((i + 1) % slice == 0) {
            const double cpu = threadCpuSeconds();
            sliceCpu.push_back(cpu - sliceBegan);
            sliceBegan = cpu;
        }
        if ((i + 1) % 100'000 == 0)
            std::cout << "  " << (i + 1) << " requests: " << bench::fixed(t1 - started, 1) << " s, resident "
                      << (bench::residentBytes() - rssBefore) / (i + 1) << " B/request, heap "
                      << (bench::heapInUseBytes() - heapBefore) / (i + 1) << " B/request\n";
    }
    // CPU per request in each slice against the median: a growth of ours shows as a costlier slice.
    std::vector<double> sorted = sliceCpu;
    std::sort(sorted.begin(), sorted.end());
    const double medianUs = sorted.empty() ? 0 : sorted[sorted.size() / 2] * 1e6 / slice;
    const auto describe = [&](std::size_t k) {
        const double us = sliceCpu[k] * 1e6 / slice;
        std::cout << "    requests " << k * slice << "-" << (k + 1) * slice << ": " << bench::fixed(us, 2)
                  << " us/request CPU (" << bench::fixed(medianUs > 0 ? us / medianUs : 0, 2) << "x the median)\n";
    };
    std::cout << "  CPU per request, slices of " << slice << " requests: median " << bench::fixed(medianUs, 2)
              << " us; the costliest:\n";
    std::vector<std::size_t> order(sliceCpu.size());
    for (std::size_t k = 0; k < order.size(); ++k)
        order[k] = k;
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return sliceCpu[a] > sliceCpu[b]; });
    for (std::size_t k = 0; k < std::min<std::size_t>(5, order.size()); ++k)
        describe(order[k]);
    double worstGrowthRatio = 0;
    for (const long long mark : { 7LL << 16, 7LL << 17 }) {
        // The slice that begins there and the ones on either side (the tables reach the limit within a few thousand
        // requests of it, as their sizes differ a little).
        std::cout << "  the slices around request " << mark << ":\n";
        for (long long k = mark / slice - 1; k <= mark / slice + 1; ++k) {
            if (k < 0 || k >= static_cast<long long>(sliceCpu.size()))
                continue;
            describe(static_cast<std::size_t>(k));
            if (medianUs > 0)
                worstGrowthRatio
                    = std::max(worstGrowthRatio, sliceCpu[static_cast<std::size_t>(k)] * 1e6 / slice / medianUs);
        }
    }
    const long long rss = bench::residentBytes() - rssBefore;
    const long long heap = bench::heapInUseBytes() - heapBefore;
    std::cout << "{\"benchmark\": \"serve_growth\", \"requests\": " << total
              << ", \"resident_bytes_per_request\": " << rss / std::max(1LL, total)
              << ", \"heap_bytes_per_request\": " << heap / std::max(1LL, total)
              << ", \"worst_request_ms\": " << bench::fixed(worst, 1) << ", \"worst_request\": " << worstAt
              << ", \"requests_over_10ms\": " << slow
              << ", \"median_slice_cpu_us_per_request\": " << bench::fixed(medianUs, 2)
              << ", \"growth_slice_cpu_ratio\": " << bench::fixed(worstGrowthRatio, 2) << "}\n";
    return 0;
}
