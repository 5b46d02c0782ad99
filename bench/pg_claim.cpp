// pg_claim: how fast PostgresStore claims, against the bare INSERT … ON CONFLICT it wraps (same server, same run),
// and how the database arbitrates when several connections claim one key at once (exactly one winner per key).
// Needs PG* variables (make bench runs it under scripts/with-postgres.sh); the last line is the JSON of SPEC §10.
#include "pgstore.h"

#include <libpq-fe.h>

#include <algorithm>
#include <atomic>
#include <barrier>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace iw;
using Clock = std::chrono::steady_clock;

namespace {

constexpr int kRuns = 5;
constexpr int kClaimsPerRun = 2000;
constexpr int kRacers = 8;
constexpr int kRoundsPerRun = 100;
constexpr double kRatioTarget = 0.6; // the store's checks (tombstone, liveness) may cost at most ~40%

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

double seconds(Clock::time_point since)
{
    return std::chrono::duration<double>(Clock::now() - since).count();
}

Record claimFor(const std::string& actor, const std::string& key)
{
    Record r;
    r.scope = { actor, "POST /orders", key };
    r.payloadHash = std::string(64, 'a');
    r.createdAt = 1;
    r.expiresAt = 86'400'001;
    return r;
}

// The baseline: the same claim as one bare prepared INSERT … ON CONFLICT DO NOTHING RETURNING, without the
// tombstone check, the liveness check or the error mapping.
class BareClaim {
public:
    explicit BareClaim(const std::string& schema)
        : m_conn(PQconnectdb(""))
    {
        char* ident = PQescapeIdentifier(m_conn, schema.data(), schema.size());
        const std::string sql = std::string("INSERT INTO ") + ident
            + ".request_idempotency (actor_id, operation, idem_key, payload_hash, state, created_at, expires_at) "
              "VALUES ($1, $2, $3, $4, 'in_progress', timestamp '2000-01-01' + $5::bigint * interval '1 millisecond', "
              "timestamp '2000-01-01' + $6::bigint * interval '1 millisecond') "
              "ON CONFLICT (actor_id, operation, idem_key) DO NOTHING RETURNING 1";
        PQfreemem(ident);
        PQclear(PQprepare(m_conn, "bare_claim", sql.c_str(), 0, nullptr));
    }
    ~BareClaim() { PQfinish(m_conn); }

    bool claim(const Record& r)
    {
        const std::string created = std::to_string(r.createdAt);
        const std::string expires = std::to_string(r.expiresAt);
        const char* values[] = { r.scope.actor.c_str(), r.scope.operation.c_str(), r.scope.key.c_str(),
            r.payloadHash.c_str(), created.c_str(), expires.c_str() };
        PGresult* res = PQexecPrepared(m_conn, "bare_claim", 6, values, nullptr, nullptr, 0);
        const bool won = PQresultStatus(res) == PGRES_TUPLES_OK && PQntuples(res) == 1;
        PQclear(res);
        return won;
    }

private:
    PGconn* m_conn;
};

void dropSchema(const std::string& schema)
{
    PGconn* conn = PQconnectdb("");
    PQsetNoticeProcessor(
        conn, [](void*, const char*) {}, nullptr); // "drop cascades to …" is expected
    char* ident = PQescapeIdentifier(conn, schema.data(), schema.size());
    if (ident)
        PQclear(PQexec(conn, (std::string("DROP SCHEMA IF EXISTS ") + ident + " CASCADE").c_str()));
    PQfreemem(ident);
    PQfinish(conn);
}

} // namespace

int main()
{
    if (!std::getenv("PGHOST") && !std::getenv("PGPORT")) {
        std::printf("{\"bench\": \"pg_claim\", \"skipped\": \"no PostgreSQL configured (PGHOST/PGPORT unset)\", "
                    "\"meets_target\": false}\n");
        return 0;
    }
    const std::string schema = "iw_bench_" + std::to_string(getpid());
    try {
        auto store = PostgresStore::connect("", schema);
        store->installSchema();
        BareClaim bare(schema);

        // Sequential claims of distinct keys: the uncontended cost of one claim, store and baseline alternating.
        std::vector<double> storeRates;
        std::vector<double> bareRates;
        for (int run = 0; run <= kRuns; ++run) { // run 0 warms up
            store->reset();
            auto started = Clock::now();
            for (int i = 0; i < kClaimsPerRun; ++i)
                store->insertClaim(claimFor("store", std::to_string(i)), 1);
            const double storeRate = kClaimsPerRun / seconds(started);
            started = Clock::now();
            for (int i = 0; i < kClaimsPerRun; ++i)
                bare.claim(claimFor("bare", std::to_string(i)));
            const double bareRate = kClaimsPerRun / seconds(started);
            if (run > 0) {
                storeRates.push_back(storeRate);
                bareRates.push_back(bareRate);
            }
        }

        // The race mode's situation: one store (one connection) per thread, all claiming the same key at once.
        std::vector<std::unique_ptr<PostgresStore>> racers;
        for (int t = 0; t < kRacers; ++t)
            racers.push_back(PostgresStore::connect("", schema));
        std::vector<double> roundRates;
        int maxWinners = 0;
        int minWinners = kRacers;
        for (int run = 0; run <= kRuns; ++run) {
            store->reset();
            std::vector<std::atomic<int>> winners(kRoundsPerRun);
            std::barrier sync(kRacers);
            const auto started = Clock::now();
            std::vector<std::thread> threads;
            for (int t = 0; t < kRacers; ++t) {
                threads.emplace_back([&, t] {
                    for (int round = 0; round < kRoundsPerRun; ++round) {
                        sync.arrive_and_wait();
                        if (racers[t]->insertClaim(claimFor("race", "round-" + std::to_string(round)), 1))
                            ++winners[round];
                    }
                });
            }
            for (auto& thread : threads)
                thread.join();
            if (run > 0)
                roundRates.push_back(kRoundsPerRun / seconds(started));
            for (const auto& w : winners) {
                maxWinners = std::max(maxWinners, w.load());
                minWinners = std::min(minWinners, w.load());
            }
        }
        racers.clear();
        store.reset();
        dropSchema(schema);

        const double claims = median(storeRates);
        const double bareClaims = median(bareRates);
        const double ratio = claims / bareClaims;
        const bool meets = ratio >= kRatioTarget && maxWinners == 1 && minWinners == 1;
        std::printf("store claims %.0f/s, bare INSERT ... ON CONFLICT %.0f/s, ratio %.2f\n", claims, bareClaims, ratio);
        std::printf("%d connections racing for one key: %.0f rounds/s, winners per round %d..%d\n", kRacers,
            median(roundRates), minWinners, maxWinners);
        std::printf("{\"bench\": \"pg_claim\", \"claims_per_s\": %.0f, \"bare_claims_per_s\": %.0f, "
                    "\"ratio_vs_bare_insert\": %.3f, \"contended_rounds_per_s\": %.0f, \"racers\": %d, "
                    "\"winners_per_round_min\": %d, \"winners_per_round_max\": %d, "
                    "\"target\": {\"ratio_vs_bare_insert_min\": %.2f, \"winners_per_round\": 1}, "
                    "\"meets_target\": %s}\n",
            claims, bareClaims, ratio, median(roundRates), kRacers, minWinners, maxWinners, kRatioTarget,
            meets ? "true" : "false");
        return 0;
    } catch (const StoreError& e) {
        std::fprintf(stderr, "pg_claim: %s\n", e.what());
        dropSchema(schema);
        std::printf("{\"bench\": \"pg_claim\", \"error\": \"store error\", \"meets_target\": false}\n");
        return 1;
    }
}
