// Engine throughput (issue 2, docs/benchmarks.md): 1,000,000 requests through the service on the memory store — 70% new
// keys, 20% retries of completed keys, 5% payload mismatches, 5% in progress — against a bare baseline measured in the
// same run: SHA-256 of the same canonical bytes plus one hash-map lookup/insert.
#include "benchutil.h"
#include "fingerprint.h"
#include "json.h"
#include "service.h"
#include "store.h"

#include <iostream>
#include <unordered_map>

using namespace iw;

namespace {

constexpr int s_requests = 1'000'000;

class NullEnvironment final : public ServiceEnvironment {
public:
    bool storeDown(Millis) const override { return false; }
    std::string executeEffect(const IncomingRequest&, Millis) override { return "e" + std::to_string(++n); }
    long long n = 0;
};

struct Mix {
    std::vector<json::Value> payloads; // one per request
    std::vector<std::string> keys;
    std::vector<char> kind; // n new, r retry, m mismatch, p in progress
};

Mix makeMix()
{
    Mix mix;
    mix.payloads.reserve(s_requests);
    mix.keys.reserve(s_requests);
    std::uint64_t x = 42;
    auto next = [&x]() {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        return x;
    };
    int created = 0;
    for (int i = 0; i < s_requests; ++i) {
        const int roll = static_cast<int>(next() % 100);
        char kind = roll < 70 ? 'n' : roll < 90 ? 'r' : roll < 95 ? 'm' : 'p';
        if (created == 0 && kind != 'p')
            kind = 'n';
        std::string key;
        int amount = i;
        if (kind == 'n' || kind == 'p') {
            key = "k-" + std::to_string(i);
            ++created;
        } else {
            const int earlier = static_cast<int>(next() % static_cast<std::uint64_t>(i));
            key = mix.keys[static_cast<std::size_t>(earlier)];
            amount = static_cast<int>(json::parse(canonicalJson(mix.payloads[static_cast<std::size_t>(earlier)]))
                                          .find("amount")
                                          ->number)
                + (kind == 'm' ? 1 : 0);
        }
        mix.payloads.push_back(json::parse("{\"amount\": " + std::to_string(amount)
            + ", \"currency\": \"EUR\", \"note\": \"order for customer 42\"}"));
        mix.keys.push_back(std::move(key));
        mix.kind.push_back(kind);
    }
    return mix;
}

double runService(const Mix& mix, long long& records, long long& rssGrowth)
{
    ServicePolicy policy = ServicePolicy::forProfile(Profile::Ietf);
    auto store = makeMemoryStore();
    NullEnvironment env;
    const long long heapBefore = bench::heapInUseBytes();
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < s_requests; ++i) {
        const Fingerprint fp = fingerprintOf(mix.payloads[static_cast<std::size_t>(i)]);
        IncomingRequest req;
        req.id = "r";
        req.intent = "i";
        req.scope = { "42", "demo-request.create", mix.keys[static_cast<std::size_t>(i)] };
        req.fingerprint = fp.sha256;
        if (mix.kind[static_cast<std::size_t>(i)] == 'p') {
            // A claim that stays in progress: the next request on it is a conflict.
            Record claim;
            claim.scope = req.scope;
            claim.payloadHash = fp.sha256;
            claim.createdAt = i;
            claim.expiresAt = i + policy.ttlMs;
            store->insertClaim(claim, i);
        }
        RequestProcess process(policy, *store, env, std::move(req), {});
        runImmediately(process, i, 0);
    }
    const double seconds = bench::secondsSince(start);
    rssGrowth = bench::heapInUseBytes() - heapBefore; // before records() builds its listing
    records = static_cast<long long>(store->records().size());
    return s_requests / seconds;
}

double runBaseline(const Mix& mix)
{
    std::unordered_map<std::string, std::string> seen;
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < s_requests; ++i) {
        const std::string canonical = canonicalJson(mix.payloads[static_cast<std::size_t>(i)]);
        std::string hash = sha256Hex(canonical);
        seen.try_emplace(mix.keys[static_cast<std::size_t>(i)], std::move(hash));
    }
    return s_requests / bench::secondsSince(start);
}

} // namespace

int main()
{
    const Mix mix = makeMix();
    long long records = 0, growth = 0;
    runService(mix, records, growth); // warm-up
    runBaseline(mix);
    std::vector<double> service, baseline;
    long long bestGrowth = 0;
    for (int run = 0; run < 5; ++run) {
        service.push_back(runService(mix, records, growth));
        baseline.push_back(runBaseline(mix));
        bestGrowth = std::max(bestGrowth, growth);
        std::cerr << "run " << run + 1 << ": service " << bench::fixed(service.back(), 0) << " decisions/s, baseline "
                  << bench::fixed(baseline.back(), 0) << " ops/s\n";
    }
    const double s = bench::median(service);
    const double b = bench::median(baseline);
    const double ratio = s / b;
    // Heap bytes the store held for its records (allocated and not freed), the largest of the runs.
    const double bytesPerRecord = records ? static_cast<double>(bestGrowth) / static_cast<double>(records) : 0;
    const bool meets = s >= 300'000 && ratio >= 0.25;
    std::cout << "engine_throughput: " << bench::fixed(s, 0) << " decisions/s (median of 5, one core), baseline "
              << bench::fixed(b, 0) << " ops/s, ratio " << bench::fixed(ratio, 3) << ", " << records
              << " records retained, ~" << bench::fixed(bytesPerRecord, 0) << " bytes per record\n";
    std::cout << "{\"bench\": \"engine_throughput\", \"decisions_per_s\": " << bench::fixed(s, 0)
              << ", \"baseline_ops_per_s\": " << bench::fixed(b, 0)
              << ", \"ratio_vs_baseline\": " << bench::fixed(ratio, 3)
              << ", \"bytes_per_record\": " << bench::fixed(bytesPerRecord, 0)
              << ", \"target\": {\"decisions_per_s\": 300000, \"ratio_vs_baseline\": 0.25}, \"meets_target\": "
              << (meets ? "true" : "false") << "}\n";
    return 0;
}
