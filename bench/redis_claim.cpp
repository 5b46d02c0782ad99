// redis_claim: claims per second through the workbench's Redis store (RedisStore::insertClaim: one `SET key record NX
// PX`, the whole record — its fields and its virtual expiry — as the key's JSON value) against a bare hiredis loop of
// `SET key value NX PX 86400000` on the same server in the same run (docs/benchmarks.md, issue 45): one connection and
// 16, one thread per connection, each claiming fresh keys. Store and bare loop run back to back, the one first in turn
// (a warm-up pair, then kRounds pairs), and the medians are compared; the target is ≥ 0.7× the bare loop at both
// counts. It also prints the median of each pair's own ratio (steadier on a host whose load drifts) and the server's
// CPU time per claim and per bare SET NX PX (INFO cpu around each pass). Needs IW_REDIS_URL (make bench runs it under
// scripts/with-postgres.sh, which starts Redis too); the last line is the JSON.
#include "benchutil.h"
#include "redisstore.h"

#include <hiredis/hiredis.h>

#include <array>
#include <barrier>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

using namespace iw;
using Clock = std::chrono::steady_clock;

namespace {

constexpr std::array<int, 2> kClientCounts { 1, 16 };
constexpr int kRounds = 7;
constexpr int kClaimsPerThread = 4000;
constexpr double kRatioTarget = 0.7;
const std::string kPrefix = "iw-bench:";

Record claimFor(const std::string& key)
{
    Record r;
    r.scope = { "bench", "POST /orders", key };
    r.payloadHash = std::string(64, 'a');
    r.createdAt = 1;
    r.expiresAt = 86'400'001;
    return r;
}

// One measured pass: `clients` threads, each with its own connection, claiming kClaimsPerThread fresh keys.
double storePass(const RedisUrl& url, int clients, int round)
{
    std::vector<std::unique_ptr<RedisStore>> stores;
    RedisStore::Options options;
    options.prefix = kPrefix;
    for (int c = 0; c < clients; ++c)
        stores.push_back(RedisStore::connect(url, options));
    std::barrier start(clients + 1);
    std::vector<std::thread> threads;
    for (int c = 0; c < clients; ++c) {
        threads.emplace_back([&, c] {
            const std::string base = "s" + std::to_string(round) + "-" + std::to_string(c) + "-";
            start.arrive_and_wait();
            for (int i = 0; i < kClaimsPerThread; ++i) {
                if (!stores[static_cast<std::size_t>(c)]->insertClaim(claimFor(base + std::to_string(i)), 1))
                    std::abort(); // every key is fresh: a lost claim is a bug
            }
        });
    }
    start.arrive_and_wait();
    const auto t0 = Clock::now();
    for (std::thread& t : threads)
        t.join();
    return static_cast<double>(clients) * kClaimsPerThread / bench::secondsSince(t0);
}

double barePass(const RedisUrl& url, int clients, int round)
{
    std::vector<redisContext*> conns;
    for (int c = 0; c < clients; ++c) {
        redisContext* ctx = redisConnect(url.host.c_str(), url.port);
        if (!ctx || ctx->err) {
            std::fprintf(stderr, "redis_claim: cannot connect to %s\n", url.display().c_str());
            std::exit(3);
        }
        conns.push_back(ctx);
    }
    std::barrier start(clients + 1);
    std::vector<std::thread> threads;
    for (int c = 0; c < clients; ++c) {
        threads.emplace_back([&, c] {
            const std::string base = kPrefix + "bare-" + std::to_string(round) + "-" + std::to_string(c) + "-";
            start.arrive_and_wait();
            for (int i = 0; i < kClaimsPerThread; ++i) {
                const std::string key = base + std::to_string(i);
                auto* r = static_cast<redisReply*>(redisCommand(conns[static_cast<std::size_t>(c)],
                    "SET %b %s NX PX 86400000", key.data(), key.size(), "in_progress"));
                if (!r || r->type != REDIS_REPLY_STATUS)
                    std::abort();
                freeReplyObject(r);
            }
        });
    }
    start.arrive_and_wait();
    const auto t0 = Clock::now();
    for (std::thread& t : threads)
        t.join();
    const double rate = static_cast<double>(clients) * kClaimsPerThread / bench::secondsSince(t0);
    for (redisContext* ctx : conns)
        redisFree(ctx);
    return rate;
}

// The server's CPU time so far (INFO cpu: used_cpu_user + used_cpu_sys, every thread of the process), in seconds:
// a pass's delta over its claims is the server time one costs, the figure a loaded host disturbs least.
double serverCpuSeconds(const RedisUrl& url)
{
    redisContext* ctx = redisConnect(url.host.c_str(), url.port);
    if (!ctx || ctx->err) {
        std::fprintf(stderr, "redis_claim: cannot connect to %s\n", url.display().c_str());
        std::exit(3);
    }
    auto* r = static_cast<redisReply*>(redisCommand(ctx, "INFO cpu"));
    double total = 0;
    if (r && r->type == REDIS_REPLY_STRING) {
        const std::string info(r->str, r->len);
        for (const char* field : { "used_cpu_user:", "used_cpu_sys:" }) {
            const auto at = info.find(field);
            if (at != std::string::npos)
                total += std::strtod(info.c_str() + at + std::strlen(field), nullptr);
        }
    }
    if (r)
        freeReplyObject(r);
    redisFree(ctx);
    return total;
}

struct Pass {
    double rate = 0; // claims per second
    double serverUs = 0; // server CPU microseconds per claim
};

template<typename F> Pass measured(const RedisUrl& url, int clients, F pass)
{
    const double before = serverCpuSeconds(url);
    Pass p;
    p.rate = pass();
    p.serverUs = (serverCpuSeconds(url) - before) * 1e6 / (static_cast<double>(clients) * kClaimsPerThread);
    return p;
}

} // namespace

int main()
{
    const char* env = std::getenv("IW_REDIS_URL");
    if (!env || !*env) {
        std::fprintf(stderr, "redis_claim: needs IW_REDIS_URL (run it under scripts/with-postgres.sh)\n");
        return 2;
    }
    std::string why;
    const auto url = parseRedisUrl(env, why);
    if (!url || url->host.empty()) {
        std::fprintf(stderr, "redis_claim: %s\n", why.c_str());
        return 2;
    }
    RedisStore::Options options;
    options.prefix = kPrefix;
    RedisStore::connect(*url, options)->reset();
    std::string json = "{\"bench\": \"redis_claim\"";
    bool meets = true;
    for (const int clients : kClientCounts) {
        std::vector<double> store;
        std::vector<double> bare;
        std::vector<double> pairRatio;
        std::vector<double> storeUs;
        std::vector<double> bareUs;
        for (int round = 0; round <= kRounds; ++round) {
            // Store and bare loop back to back, the one first in turn, so a host whose load drifts weighs on both.
            Pass st;
            Pass b;
            const auto runStore
                = [&] { st = measured(*url, clients, [&] { return storePass(*url, clients, round); }); };
            const auto runBare = [&] { b = measured(*url, clients, [&] { return barePass(*url, clients, round); }); };
            if (round % 2) {
                runBare();
                runStore();
            } else {
                runStore();
                runBare();
            }
            if (round == 0)
                continue; // the warm-up pair
            store.push_back(st.rate);
            bare.push_back(b.rate);
            pairRatio.push_back(st.rate / b.rate);
            storeUs.push_back(st.serverUs);
            bareUs.push_back(b.serverUs);
        }
        const double s = bench::median(store);
        const double b = bench::median(bare);
        const double ratio = s / b;
        const double paired = bench::median(pairRatio);
        meets = meets && ratio >= kRatioTarget;
        std::printf("%2d connection(s): store %s claims/s, bare SET NX PX %s/s, ratio %.3f (medians of %d; median of "
                    "the pairs' ratios %.3f); server CPU per claim %.2f us, per bare SET NX PX %.2f us\n",
            clients, bench::fixed(s, 0).c_str(), bench::fixed(b, 0).c_str(), ratio, kRounds, paired,
            bench::median(storeUs), bench::median(bareUs));
        const std::string n = std::to_string(clients);
        json += ", \"claims_per_s_" + n + "\": " + bench::fixed(s, 0) + ", \"bare_set_nx_per_s_" + n
            + "\": " + bench::fixed(b, 0) + ", \"ratio_vs_bare_" + n + "\": " + bench::fixed(ratio, 3)
            + ", \"paired_ratio_vs_bare_" + n + "\": " + bench::fixed(paired, 3) + ", \"server_us_per_claim_" + n
            + "\": " + bench::fixed(bench::median(storeUs), 2) + ", \"server_us_per_bare_set_" + n
            + "\": " + bench::fixed(bench::median(bareUs), 2);
        RedisStore::connect(*url, options)->reset();
    }
    json += ", \"target\": {\"ratio_vs_bare\": " + bench::fixed(kRatioTarget, 1)
        + "}, \"meets_target\": " + (meets ? "true" : "false") + "}";
    std::printf("%s\n", json.c_str());
    return 0;
}
