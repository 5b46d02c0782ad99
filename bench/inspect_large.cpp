// inspect_large: a 1,000,000-row idempotency table inspected read-only, as an on-call engineer would open it —
// the first page, a page in the middle and the last page by keyset paging, and the counts by state (with the
// anomaly counts) from one aggregate. Reports the medians of 5 runs after a warm-up and the peak resident memory,
// which must stay far below the table's size: rows are never all brought to the client.
// Needs PG* variables (make bench runs it under scripts/with-postgres.sh); the table lives in a schema of its own,
// dropped at the end. The last line is the JSON of SPEC §10.
#include "benchutil.h"
#include "json.h"
#include "liveinspector.h"

#include <libpq-fe.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <string>
#include <unistd.h>
#include <vector>

using namespace iw;
using Clock = std::chrono::steady_clock;

namespace {

constexpr long long kRows = 1'000'000;
constexpr int kRuns = 5;
constexpr int kPage = 100;
constexpr double kPageTargetMs = 150;
constexpr double kCountsTargetMs = 1000;
constexpr long long kRssTarget = 150LL * 1024 * 1024;

long long peakRssBytes()
{
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind("VmHWM:", 0) == 0)
            return std::atoll(line.c_str() + 6) * 1024;
    return 0;
}

bool run(PGconn* conn, const std::string& sql)
{
    PGresult* r = PQexec(conn, sql.c_str());
    const bool ok = PQresultStatus(r) == PGRES_COMMAND_OK || PQresultStatus(r) == PGRES_TUPLES_OK;
    if (!ok)
        std::fprintf(stderr, "inspect_large: %s\n", PQerrorMessage(conn));
    PQclear(r);
    return ok;
}

std::string value(PGconn* conn, const std::string& sql)
{
    PGresult* r = PQexec(conn, sql.c_str());
    std::string out = PQresultStatus(r) == PGRES_TUPLES_OK && PQntuples(r) ? PQgetvalue(r, 0, 0) : "";
    PQclear(r);
    return out;
}

double medianMs(const std::function<void()>& work)
{
    work(); // warm-up: plans, caches
    std::vector<double> ms;
    for (int i = 0; i < kRuns; ++i) {
        const auto start = Clock::now();
        work();
        ms.push_back(bench::secondsSince(start) * 1000);
    }
    return bench::median(ms);
}

} // namespace

int main()
{
    if (!std::getenv("PGHOST") && !std::getenv("PGPORT")) {
        std::printf("{\"bench\": \"inspect_large\", \"skipped\": \"no PostgreSQL configured (PGHOST/PGPORT unset)\", "
                    "\"meets_target\": false}\n");
        return 0;
    }
    PGconn* admin = PQconnectdb("");
    if (PQstatus(admin) != CONNECTION_OK) {
        std::fprintf(stderr, "inspect_large: %s", PQerrorMessage(admin));
        return 1;
    }
    PQsetNoticeProcessor(
        admin, [](void*, const char*) {}, nullptr);
    const std::string schema = "iw_bench_inspect_" + std::to_string(getpid());
    const std::string table = schema + ".request_idempotency";

    // The seed shape with the time index an operator would have for a sweep: 10,000 actors, one key per second over
    // the last 11.6 days, 1 h TTL (most rows expired and not swept), 5% left in progress with a 30 s lease.
    std::printf("creating %lld rows in %s…\n", kRows, table.c_str());
    std::fflush(stdout);
    const auto setupStart = Clock::now();
    bool ok = run(admin, "CREATE SCHEMA " + schema)
        && run(admin,
            "CREATE TABLE " + table
                + " (actor_id text NOT NULL, operation varchar(200) NOT NULL, idem_key text NOT NULL, payload_hash "
                  "char(64), state varchar(16) NOT NULL, status_code integer, response_body jsonb, created_at "
                  "timestamp NOT NULL, completed_at timestamp, expires_at timestamp NOT NULL, lease_until timestamp, "
                  "result_id text)")
        && run(admin,
            "INSERT INTO " + table
                + " SELECT 'user-' || lpad((i % 10000)::text, 5, '0'), 'POST /orders', 'key-' || lpad(i::text, 7, "
                  "'0'), md5(i::text) || md5((i / 7)::text), CASE WHEN i % 20 = 0 THEN 'in_progress' ELSE "
                  "'completed' END, CASE WHEN i % 20 = 0 OR i % 997 = 0 THEN NULL ELSE 201 END, CASE WHEN i % 20 = 0 "
                  "OR i % 997 = 0 THEN NULL ELSE jsonb_build_object('id', i) END, now()::timestamp - i * interval "
                  "'1 s', CASE WHEN i % 20 = 0 THEN NULL ELSE now()::timestamp - i * interval '1 s' + interval "
                  "'200 ms' END, now()::timestamp - i * interval '1 s' + interval '1 hour', CASE WHEN i % 20 = 0 "
                  "THEN now()::timestamp - i * interval '1 s' + interval '30 s' END, 'e' || i FROM "
                  "generate_series(1, "
                + std::to_string(kRows) + ") AS i")
        && run(admin, "ALTER TABLE " + table + " ADD UNIQUE (actor_id, operation, idem_key)")
        && run(admin, "CREATE INDEX ON " + table + " (created_at)") && run(admin, "VACUUM ANALYZE " + table);
    if (!ok) {
        run(admin, "DROP SCHEMA IF EXISTS " + schema + " CASCADE");
        PQfinish(admin);
        std::printf("{\"bench\": \"inspect_large\", \"error\": \"setup failed\", \"meets_target\": false}\n");
        return 1;
    }
    // The row in the middle of the key order, to seek to (found by the setup, not by the inspector).
    const std::string middleActor = value(admin,
        "SELECT actor_id FROM " + table + " ORDER BY actor_id, operation, idem_key OFFSET " + std::to_string(kRows / 2)
            + " LIMIT 1");
    const std::string middleKey = value(admin,
        "SELECT idem_key FROM " + table + " ORDER BY actor_id, operation, idem_key OFFSET " + std::to_string(kRows / 2)
            + " LIMIT 1");
    std::printf("setup: %.1f s\n", bench::secondsSince(setupStart));

    int status = 0;
    try {
        auto connection = LiveConnection::open("");
        LiveInspector inspector(*connection, *mappingPreset("seed"), table);
        LivePageQuery first;
        first.limit = kPage;
        LivePageQuery middle = first;
        middle.from = LivePageQuery::From::AtKey;
        middle.cursor = { middleActor, std::string("POST /orders"), middleKey };
        LivePageQuery last = first;
        last.from = LivePageQuery::From::Last;
        LivePageQuery recent = first;
        recent.order = LiveOrder::ByTime;
        recent.from = LivePageQuery::From::Last;

        std::size_t rows = 0;
        LiveCounts counts;
        const double firstMs = medianMs([&] { rows += inspector.page(first).records.size(); });
        const double middleMs = medianMs([&] {
            const LivePage p = inspector.page(middle);
            rows += p.records.size();
            if (p.records.empty() || p.records.front().scope.key != middleKey)
                throw LiveError(LiveError::Kind::Server, "the middle page does not start at the middle key");
        });
        const double lastMs = medianMs([&] { rows += inspector.page(last).records.size(); });
        const double recentMs = medianMs([&] { rows += inspector.page(recent).records.size(); });
        const double countsMs = medianMs([&] { counts = inspector.counts(); });
        LiveSnapshot snapshot;
        const double snapshotMs = medianMs([&] { snapshot = inspector.snapshot(); });
        const long long rss = peakRssBytes();

        std::printf("first page (%d rows by key):       %.1f ms\n", kPage, firstMs);
        std::printf("middle page (seek to %s): %.1f ms\n", middleKey.c_str(), middleMs);
        std::printf("last page (by key):                 %.1f ms\n", lastMs);
        std::printf("newest page (by time):              %.1f ms\n", recentMs);
        std::printf("counts by state + anomaly counts:   %.1f ms  (%lld in progress, %lld completed, %lld expired)\n",
            countsMs, counts.inProgress, counts.completed, counts.expired);
        std::printf("whole snapshot (counts, anomaly lists capped at 100 per kind, first page): %.1f ms\n", snapshotMs);
        std::printf("peak RSS: %.1f MiB (%zu rows read in total)\n", static_cast<double>(rss) / (1 << 20), rows);
        const bool meets = firstMs <= kPageTargetMs && middleMs <= kPageTargetMs && lastMs <= kPageTargetMs
            && countsMs <= kCountsTargetMs && rss <= kRssTarget && counts.total == kRows;
        std::printf(
            "{\"bench\": \"inspect_large\", \"rows\": %lld, \"first_page_ms\": %.1f, \"middle_page_ms\": %.1f, "
            "\"last_page_ms\": %.1f, \"counts_ms\": %.1f, \"snapshot_ms\": %.1f, \"peak_rss_bytes\": %lld, "
            "\"target\": {\"page_ms\": %.0f, \"counts_ms\": %.0f, \"rss_bytes\": %lld}, \"meets_target\": %s}\n",
            kRows, firstMs, middleMs, lastMs, countsMs, snapshotMs, rss, kPageTargetMs, kCountsTargetMs, kRssTarget,
            meets ? "true" : "false");
    } catch (const LiveError& e) {
        std::string message;
        json::appendString(message, e.what());
        std::printf("{\"bench\": \"inspect_large\", \"error\": %s, \"meets_target\": false}\n", message.c_str());
        status = 1;
    }
    run(admin, "DROP SCHEMA IF EXISTS " + schema + " CASCADE");
    PQfinish(admin);
    return status;
}
