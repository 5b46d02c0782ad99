// inspect_large: 1,000,000-row idempotency tables of the seed's shape and of brandur's, inspected read-only as an
// on-call engineer would (docs/manual/live-tables.md, issue 39 item 7):
//   - a whole snapshot (counts, every anomaly kind, the first page) against the single fastest SQL statement that
//     computes the same counts, run in the same process on the same connection: medians of 5 runs after a warm-up,
//     both printed and the ratio (target ≤ 1.5);
//   - Follow at a 5 s interval for one minute while an application writes to the table: the server time its
//     statements took, from pg_stat_statements (execution and planning), as a share of one core (target ≤ 10 %),
//     with the server process's own CPU time beside it;
//   - pages by keyset paging (first, middle, last, newest) and the peak resident memory, as before.
// It starts a PostgreSQL of its own (initdb in a temporary folder, as the postgres user when run as root) with
// pg_stat_statements loaded, shared_buffers 1 GB as a production server would have for such a table, and parallel
// query off, so that the time a statement takes is the time of one core. Everything is stopped and removed at the end.
// The last line is the JSON of docs/benchmarks.md.
#include "benchutil.h"
#include "json.h"
#include "liveinspector.h"

#include <libpq-fe.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace iw;
using Clock = std::chrono::steady_clock;

namespace {

constexpr long long kRows = 1'000'000;
constexpr int kRuns = 5;
constexpr int kPage = 100;
constexpr double kRatioTarget = 1.5;
constexpr double kFollowShareTarget = 0.10;
constexpr int kFollowIntervalMs = 5'000;
constexpr int kFollowMinuteMs = 60'000;
constexpr double kPageTargetMs = 150;
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

// utime + stime of a process, in milliseconds.
double cpuMs(int pid)
{
    std::ifstream f("/proc/" + std::to_string(pid) + "/stat");
    std::string s;
    std::getline(f, s);
    const auto close = s.rfind(')');
    if (close == std::string::npos)
        return 0;
    std::vector<std::string> fields;
    std::string field;
    for (const char c : s.substr(close + 2)) {
        if (c == ' ') {
            fields.push_back(field);
            field.clear();
        } else {
            field += c;
        }
    }
    if (fields.size() < 13)
        return 0;
    // fields[0] is the state (field 3 of stat): utime and stime are fields 14 and 15.
    return (std::atof(fields[11].c_str()) + std::atof(fields[12].c_str())) * 1000.0 / sysconf(_SC_CLK_TCK);
}

bool run(PGconn* conn, const std::string& sql)
{
    PGresult* r = PQexec(conn, sql.c_str());
    const bool ok = PQresultStatus(r) == PGRES_COMMAND_OK || PQresultStatus(r) == PGRES_TUPLES_OK;
    if (!ok)
        std::fprintf(stderr, "inspect_large: %s", PQerrorMessage(conn));
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

// A PostgreSQL of the benchmark's own: a temporary folder, a private port, stopped and removed by the destructor.
class Cluster {
public:
    Cluster()
    {
        std::string bindir = std::getenv("IW_PG_BINDIR") ? std::getenv("IW_PG_BINDIR") : "";
        if (bindir.empty()) {
            std::vector<std::string> found;
            std::error_code ec;
            for (const auto& e : std::filesystem::directory_iterator("/usr/lib/postgresql", ec))
                if (std::filesystem::exists(e.path() / "bin" / "initdb"))
                    found.push_back((e.path() / "bin").string());
            std::sort(found.begin(), found.end());
            if (!found.empty())
                bindir = found.back();
        }
        if (bindir.empty()) {
            m_error = "no PostgreSQL server found under /usr/lib/postgresql";
            return;
        }
        char pattern[] = "/tmp/iw-bench-pg.XXXXXX";
        if (!mkdtemp(pattern)) {
            m_error = "cannot make a temporary folder";
            return;
        }
        m_dir = pattern;
        m_port = 40000 + static_cast<int>(getpid() % 20000);
        m_asPostgres = getuid() == 0 ? "runuser -u postgres -- " : "";
        if (getuid() == 0 && std::system(("chown postgres: " + m_dir).c_str()) != 0) {
            m_error = "cannot give the temporary folder to the postgres user";
            return;
        }
        m_bindir = bindir;
        if (std::system((m_asPostgres + bindir + "/initdb -D " + m_dir + "/data -A trust -U postgres --no-sync >"
                + m_dir + "/initdb.log 2>&1")
                            .c_str())
            != 0) {
            m_error = "initdb failed (see " + m_dir + "/initdb.log)";
            return;
        }
        const std::string options = "-p " + std::to_string(m_port) + " -k " + m_dir
            + " -c listen_addresses='' -c fsync=off -c shared_buffers=1GB -c max_parallel_workers_per_gather=0 "
              "-c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track_planning=on "
              "-c timezone=UTC";
        if (std::system((m_asPostgres + bindir + "/pg_ctl -D " + m_dir + "/data -l " + m_dir + "/server.log -w -o \""
                + options + "\" start >/dev/null")
                            .c_str())
            != 0) {
            m_error = "the server did not start (see " + m_dir + "/server.log)";
            return;
        }
        m_started = true;
    }
    ~Cluster()
    {
        if (m_started)
            (void)std::system(
                (m_asPostgres + m_bindir + "/pg_ctl -D " + m_dir + "/data -m fast -w stop >/dev/null 2>&1").c_str());
        if (!m_dir.empty())
            std::filesystem::remove_all(m_dir);
    }
    bool ok() const { return m_started; }
    const std::string& error() const { return m_error; }
    std::string conninfo(const std::string& user) const
    {
        return "host=" + m_dir + " port=" + std::to_string(m_port) + " dbname=postgres user=" + user;
    }

private:
    std::string m_dir;
    std::string m_bindir;
    std::string m_asPostgres;
    int m_port = 0;
    bool m_started = false;
    std::string m_error;
};

// A table shape: how to make a million rows of it, and the hand-written statements that count what the inspector
// counts (the fastest of them is the baseline).
struct Shape {
    std::string name; // the mapping preset
    std::string table;
    std::vector<std::string> setup; // after CREATE SCHEMA, %T is the table
    std::vector<std::string> baselines; // each one statement computing every count, %T the table
    std::string insert; // the application's claim: %T, $1 a fresh number
    std::string complete; // the application's completion: %T, $1 the same number
};

std::string replaceAll(std::string s, const std::string& from, const std::string& to)
{
    for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
        s.replace(at, from.size(), to);
    return s;
}

// The seed shape (resources/sql/schema.sql) with the time index an operator would have for a sweep: 10,000 actors,
// one key a second over the last 11.6 days, a 1 h TTL (most rows expired and not swept), 5 % left in progress with a
// 30 s lease, one in 997 completed without a response, one in 50 a key minted again 20 s after another.
Shape seedShape()
{
    Shape s;
    s.name = "seed";
    s.table = "request_idempotency";
    s.setup = {
        "CREATE TABLE %T (actor_id text NOT NULL, operation varchar(200) NOT NULL, idem_key text NOT NULL, "
        "payload_hash char(64), state varchar(16) NOT NULL, status_code integer, response_body jsonb, created_at "
        "timestamp NOT NULL, completed_at timestamp, expires_at timestamp NOT NULL, lease_until timestamp, result_id "
        "text)",
        "INSERT INTO %T SELECT 'user-' || lpad((i % 10000)::text, 5, '0'), 'POST /orders', 'key-' || lpad(i::text, 7, "
        "'0'), CASE WHEN i % 50 = 1 THEN md5((i - 1)::text) || md5(((i - 1) / 7)::text) ELSE md5(i::text) || "
        "md5((i / 7)::text) END, CASE WHEN i % 20 = 0 THEN 'in_progress' ELSE 'completed' END, CASE WHEN i % 20 = 0 OR "
        "i % 997 = 0 THEN NULL ELSE 201 END, CASE WHEN i % 20 = 0 OR i % 997 = 0 THEN NULL ELSE jsonb_build_object("
        "'id', i) END, now()::timestamp - i * interval '1 s' + CASE WHEN i % 50 = 1 THEN interval '-19 s' ELSE "
        "interval '0 s' END, CASE WHEN i % 20 = 0 THEN NULL ELSE now()::timestamp - i * interval '1 s' + interval "
        "'200 ms' END, now()::timestamp - i * interval '1 s' + interval '1 hour', CASE WHEN i % 20 = 0 THEN "
        "now()::timestamp - i * interval '1 s' + interval '30 s' END, 'e' || i FROM generate_series(1, 1000000) AS "
        "i",
        "ALTER TABLE %T ADD UNIQUE (actor_id, operation, idem_key)",
        "CREATE INDEX ON %T (created_at)",
    };
    // The rules of the seed mapping, written out: state 'completed' (or 'expired') is terminal; 5 min without a lease.
    // now() to the millisecond, as the inspector reads the database's clock.
    const std::string bounds = "(SELECT t AS n, t - interval '5 min' AS stuck, t - interval '1 hour' AS lookback FROM "
                               "(SELECT date_trunc('milliseconds', now())::timestamp AS t) n) b";
    const std::string regeneration
        = "(SELECT count(*) FROM (SELECT idem_key, created_at, lag(idem_key) OVER w AS pk, lag(created_at) OVER w AS "
          "pc FROM %T, "
        + bounds
        + " WHERE payload_hash IS NOT NULL AND created_at >= b.lookback WINDOW w AS (PARTITION BY actor_id, "
          "operation, payload_hash ORDER BY created_at, idem_key)) x WHERE pk IS NOT NULL AND pk <> idem_key AND "
          "created_at - pc <= interval '60 s')";
    s.baselines = {
        "SELECT count(*), count(*) FILTER (WHERE state NOT IN ('completed', 'expired')), count(*) FILTER (WHERE "
        "state = 'completed' AND expires_at > b.n), count(*) FILTER (WHERE state = 'expired' OR (state = 'completed' "
        "AND expires_at <= b.n)), count(*) FILTER (WHERE state NOT IN ('completed', 'expired') AND CASE WHEN "
        "lease_until IS NOT NULL THEN lease_until < b.n ELSE created_at < b.stuck END), count(*) FILTER (WHERE state = "
        "'expired' OR (state = 'completed' AND expires_at <= b.n)), count(*) FILTER (WHERE state = 'completed' AND "
        "status_code IS NULL AND response_body IS NULL AND coalesce(completed_at, created_at) <= b.n), count(*) "
        "FILTER (WHERE state NOT IN ('completed', 'expired') AND expires_at <= b.n), "
            + regeneration + " FROM %T, " + bounds,
    };
    s.insert = "INSERT INTO %T (actor_id, operation, idem_key, payload_hash, state, created_at, expires_at, "
               "lease_until) VALUES ('app-' || ($1::bigint % 97), 'POST /orders', 'app-' || $1, md5($1::text) || "
               "md5($1::text), 'in_progress', now()::timestamp, now()::timestamp + interval '1 hour', "
               "now()::timestamp + interval '30 s')";
    s.complete = "UPDATE %T SET state = 'completed', status_code = 201, response_body = '{\"id\": 1}', completed_at = "
                 "now()::timestamp, result_id = 'app-' || $1 WHERE actor_id = 'app-' || ($1::bigint % 97) AND "
                 "operation = 'POST /orders' AND idem_key = 'app-' || $1";
    return s;
}

// brandur's idempotency_keys (rocket-rides-atomic) with the index its reaper's DELETE … WHERE created_at < now() -
// 72 h needs: 10,000 users, a key every 260 ms over the 72 h the reaper keeps, 2 % left at a recovery point with a
// lock, one in 60 finished without a response, one in 50 a key minted again 20 s after another.
Shape brandurShape()
{
    Shape s;
    s.name = "brandur";
    s.table = "idempotency_keys";
    s.setup = {
        "CREATE TABLE %T (id BIGSERIAL PRIMARY KEY, created_at TIMESTAMPTZ NOT NULL DEFAULT now(), idempotency_key "
        "TEXT NOT NULL CHECK (char_length(idempotency_key) <= 100), last_run_at TIMESTAMPTZ NOT NULL DEFAULT now(), "
        "locked_at TIMESTAMPTZ DEFAULT now(), request_method TEXT NOT NULL CHECK (char_length(request_method) <= 10), "
        "request_params JSONB NOT NULL, request_path TEXT NOT NULL CHECK (char_length(request_path) <= 100), "
        "response_code INT NULL, response_body JSONB NULL, recovery_point TEXT NOT NULL CHECK "
        "(char_length(recovery_point) <= 50), user_id BIGINT NOT NULL)",
        "INSERT INTO %T (created_at, idempotency_key, last_run_at, locked_at, request_method, request_params, "
        "request_path, response_code, response_body, recovery_point, user_id) SELECT now() - i * interval '260 ms' - "
        "CASE WHEN i % 50 = 1 THEN interval '20 s' ELSE interval '0 s' END, 'ride-' || md5(i::text), now() - i * "
        "interval '260 ms', CASE WHEN i % 50 = 0 THEN now() - i * interval '260 ms' END, 'POST', "
        "jsonb_build_object('origin_lat', 0.5 + ((CASE WHEN i % 50 = 1 THEN i - 1 ELSE i END) % 1000), 'origin_lon', "
        "1.5, 'target_lat', 2.5, 'target_lon', 3.5 + ((CASE WHEN i % 50 = 1 THEN i - 1 ELSE i END) % 7)), '/rides', "
        "CASE WHEN i % 50 = 0 OR i % 60 = 0 THEN NULL ELSE 201 END, CASE WHEN i % 50 = 0 OR i % 60 = 0 THEN NULL ELSE "
        "jsonb_build_object('wrapped_id', 'ride_' || i, 'charge', 'ch_' || md5(i::text)) END, CASE WHEN i % 50 = 0 "
        "THEN 'ride_created' ELSE 'finished' END, (CASE WHEN i % 50 = 1 THEN i - 1 ELSE i END) % 10000 FROM "
        "generate_series(1, 1000000) AS i",
        "CREATE UNIQUE INDEX ON %T (user_id, idempotency_key)",
        "CREATE INDEX ON %T (created_at)",
    };
    const std::string bounds = "(SELECT t AS n, t - interval '5 min' AS stuck, t - interval '90 s' AS lease, t - "
                               "interval '72 hours' AS expiry, t - interval '1 hour' AS lookback FROM (SELECT "
                               "date_trunc('milliseconds', now()) AS t) n) b";
    const std::string regeneration = "(SELECT count(*) FROM (SELECT idempotency_key, created_at, lag(idempotency_key) "
                                     "OVER w AS pk, lag(created_at) OVER w AS pc FROM %T, "
        + bounds
        + " WHERE created_at >= b.lookback WINDOW w AS (PARTITION BY user_id, request_method, request_path, "
          "request_params ORDER BY created_at, idempotency_key)) x WHERE pk IS NOT NULL AND pk <> idempotency_key AND "
          "created_at - pc <= interval '60 s')";
    s.baselines = {
        "SELECT count(*), count(*) FILTER (WHERE recovery_point <> 'finished'), count(*) FILTER (WHERE "
        "recovery_point = 'finished' AND created_at > b.expiry), count(*) FILTER (WHERE recovery_point = 'finished' "
        "AND created_at <= b.expiry), count(*) FILTER (WHERE recovery_point <> 'finished' AND CASE WHEN locked_at IS "
        "NOT NULL THEN locked_at < b.lease ELSE created_at < b.stuck END), count(*) FILTER (WHERE recovery_point = "
        "'finished' AND created_at <= b.expiry), count(*) FILTER (WHERE recovery_point = 'finished' AND "
        "response_code IS NULL AND response_body IS NULL AND created_at <= b.n), count(*) FILTER (WHERE "
        "recovery_point <> 'finished' AND created_at <= b.expiry), "
            + regeneration + " FROM %T, " + bounds,
    };
    s.insert = "INSERT INTO %T (idempotency_key, locked_at, request_method, request_params, request_path, "
               "recovery_point, user_id) VALUES ('app-' || $1, now(), 'POST', jsonb_build_object('n', $1::bigint), "
               "'/rides', 'started', $1::bigint % 97)";
    s.complete = "UPDATE %T SET recovery_point = 'finished', locked_at = NULL, response_code = 201, response_body = "
                 "'{\"wrapped_id\": 1}' WHERE user_id = $1::bigint % 97 AND idempotency_key = 'app-' || $1";
    return s;
}

// The counts a baseline statement returns, in its column order: total, in progress, completed, expired, then
// stuck, expired not swept, completed without response, in progress past expiry, suspected key regeneration.
std::vector<long long> snapshotCounts(const LiveSnapshot& s)
{
    const LiveCounts& c = s.counts;
    return { c.total, c.inProgress, c.completed, c.expired, c.anomaly(LiveAnomalyKind::StuckInProgress),
        c.anomaly(LiveAnomalyKind::ExpiredNotSwept), c.anomaly(LiveAnomalyKind::CompletedWithoutResponse),
        c.anomaly(LiveAnomalyKind::InProgressPastExpiry), c.anomaly(LiveAnomalyKind::SuspectedKeyRegeneration) };
}

std::string list(const std::vector<long long>& v)
{
    std::string out;
    for (const long long n : v)
        out += (out.empty() ? "" : " ") + std::to_string(n);
    return out;
}

// The application: claims a fresh key every 100 ms and completes it 100 ms later, on a connection of its own.
class Application {
public:
    Application(const std::string& conninfo, const Shape& shape, const std::string& table)
    {
        m_thread = std::thread([this, conninfo, shape, table] {
            PGconn* c = PQconnectdb(conninfo.c_str());
            if (PQstatus(c) != CONNECTION_OK) {
                std::fprintf(stderr, "inspect_large: the application cannot connect: %s", PQerrorMessage(c));
                PQfinish(c);
                return;
            }
            const std::string insert = replaceAll(shape.insert, "%T", table);
            const std::string complete = replaceAll(shape.complete, "%T", table);
            long long n = static_cast<long long>(getpid()) * 1'000'000;
            while (!m_stop) {
                const std::string key = std::to_string(++n);
                const char* params[] = { key.c_str() };
                for (const std::string* sql : { &insert, &complete }) {
                    PGresult* r = PQexecParams(c, sql->c_str(), 1, nullptr, params, nullptr, nullptr, 0);
                    if (PQresultStatus(r) == PGRES_COMMAND_OK)
                        ++m_writes;
                    PQclear(r);
                    std::this_thread::sleep_for(std::chrono::milliseconds(100));
                }
            }
            PQfinish(c);
        });
    }
    ~Application()
    {
        m_stop = true;
        m_thread.join();
    }
    long long writes() const { return m_writes; }

private:
    std::atomic<bool> m_stop { false };
    std::atomic<long long> m_writes { 0 };
    std::thread m_thread;
};

struct Figures {
    std::string shape;
    double snapshotMs = 0;
    double baselineMs = 0;
    double ratio = 0;
    bool sameCounts = false;
    std::string snapshotCounts;
    std::string baselineCounts;
    double followServerMs = 0; // pg_stat_statements: execution + planning, over the minute
    double followCpuMs = 0; // the server process's CPU time over the minute
    double followShare = 0;
    int followPolls = 0;
    int followFullPolls = 0;
    long long appWrites = 0;
    double firstPageMs = 0, middlePageMs = 0, lastPageMs = 0, newestPageMs = 0;
};

Figures measure(const Cluster& cluster, PGconn* admin, const Shape& shape)
{
    Figures f;
    f.shape = shape.name;
    const std::string schema = "iw_bench_" + shape.name;
    const std::string table = schema + "." + shape.table;
    std::printf("%s: creating %lld rows in %s…\n", shape.name.c_str(), kRows, table.c_str());
    std::fflush(stdout);
    const auto setupStart = Clock::now();
    bool ok = run(admin, "CREATE SCHEMA " + schema) && run(admin, "GRANT USAGE ON SCHEMA " + schema + " TO iw_oncall")
        && run(admin, "GRANT USAGE ON SCHEMA " + schema + " TO iw_app");
    for (const std::string& sql : shape.setup)
        ok = ok && run(admin, replaceAll(sql, "%T", table));
    ok = ok && run(admin, "GRANT SELECT ON " + table + " TO iw_oncall")
        && run(admin, "GRANT SELECT, INSERT, UPDATE ON " + table + " TO iw_app")
        && run(admin, "GRANT USAGE ON ALL SEQUENCES IN SCHEMA " + schema + " TO iw_app")
        && run(admin, "VACUUM ANALYZE " + table);
    if (!ok)
        throw LiveError(LiveError::Kind::Server, "the setup of the " + shape.name + " table failed");
    std::printf("  setup: %.1f s\n", bench::secondsSince(setupStart));

    auto connection = LiveConnection::open(cluster.conninfo("iw_oncall"));
    LiveInspector inspector(*connection, *mappingPreset(shape.name), table);

    // A whole snapshot as `inspect` takes it: the counts, every anomaly kind listed, the first page by key.
    LiveSnapshotOptions options;
    options.page.limit = kPage;
    LiveSnapshot snapshot;
    f.snapshotMs = medianMs([&] { snapshot = inspector.snapshot(options); });
    // The baseline: each hand-written statement, on the same connection, in the same kind of transaction.
    f.baselineMs = 1e300;
    for (const std::string& statement : shape.baselines) {
        const std::string sql = replaceAll(statement, "%T", table);
        std::vector<long long> got;
        const double ms = medianMs([&] {
            got = connection->readOnly([&] {
                const LiveResult r = connection->exec(sql, {}, "count by hand");
                std::vector<long long> out;
                for (int i = 0; i < PQnfields(r.get()); ++i)
                    out.push_back(std::atoll(PQgetvalue(r.get(), 0, i)));
                return out;
            });
        });
        f.baselineMs = std::min(f.baselineMs, ms);
    }
    f.ratio = f.snapshotMs / f.baselineMs;
    // The same counts, checked once in one transaction (one now(): rows cross an expiry every second meanwhile).
    connection->readOnly([&] {
        const std::vector<long long> inSnapshot = snapshotCounts(inspector.snapshot(options));
        for (const std::string& statement : shape.baselines) {
            const LiveResult r = connection->exec(replaceAll(statement, "%T", table), {}, "count by hand");
            std::vector<long long> byHand;
            for (int i = 0; i < PQnfields(r.get()); ++i)
                byHand.push_back(std::atoll(PQgetvalue(r.get(), 0, i)));
            f.snapshotCounts = list(inSnapshot);
            f.baselineCounts = list(byHand);
            f.sameCounts = byHand == inSnapshot;
            if (!f.sameCounts)
                break;
        }
    });

    // Pages, as before.
    LivePageQuery first;
    first.limit = kPage;
    const std::string middleCursor = value(admin,
        "SELECT "
            + std::string(shape.name == "seed" ? "actor_id || '|' || idem_key" : "user_id || '|' || idempotency_key")
            + " FROM " + table + " ORDER BY 1 OFFSET " + std::to_string(kRows / 2) + " LIMIT 1");
    LivePageQuery middle = first;
    middle.from = LivePageQuery::From::AtKey;
    middle.cursor = { middleCursor.substr(0, middleCursor.find('|')) };
    LivePageQuery last = first;
    last.from = LivePageQuery::From::Last;
    LivePageQuery newest = last;
    newest.order = LiveOrder::ByTime;
    f.firstPageMs = medianMs([&] { inspector.page(first); });
    f.middlePageMs = medianMs([&] { inspector.page(middle); });
    f.lastPageMs = medianMs([&] { inspector.page(last); });
    f.newestPageMs = medianMs([&] { inspector.page(newest); });

    // Follow, as the window does: the newest page by time, every 5 s for a minute, while the application writes.
    LiveSnapshotOptions follow;
    follow.page = newest;
    follow.page.limit = 200;
    LiveFollower follower(inspector, follow);
    {
        Application app(cluster.conninfo("iw_app"), shape, table);
        std::this_thread::sleep_for(std::chrono::seconds(2));
        run(admin, "SELECT pg_stat_statements_reset()");
        const int pid = connection->backendPid();
        const double cpuBefore = cpuMs(pid);
        const auto start = Clock::now();
        for (int k = 0; k * kFollowIntervalMs < kFollowMinuteMs; ++k) {
            std::this_thread::sleep_until(start + std::chrono::milliseconds(k * kFollowIntervalMs));
            const LiveFollower::Poll p = follower.poll();
            ++f.followPolls;
            if (p.snapshot && p.snapshot->countsNowMs == p.snapshot->nowMs)
                ++f.followFullPolls;
            if (p.status == LiveFollower::Poll::Status::Stopped)
                throw LiveError(LiveError::Kind::Server, "following stopped: " + p.message);
        }
        std::this_thread::sleep_until(start + std::chrono::milliseconds(kFollowMinuteMs));
        f.followCpuMs = cpuMs(pid) - cpuBefore;
        f.appWrites = app.writes();
    }
    f.followServerMs = std::atof(value(admin,
        "SELECT coalesce(sum(total_exec_time + total_plan_time), 0) FROM pg_stat_statements WHERE userid = "
        "'iw_oncall'::regrole")
                                     .c_str());
    f.followShare = f.followServerMs / kFollowMinuteMs;
    run(admin, "DROP SCHEMA " + schema + " CASCADE");
    return f;
}

} // namespace

int main()
{
    Cluster cluster;
    if (!cluster.ok()) {
        std::string why;
        json::appendString(why, cluster.error());
        std::printf("{\"bench\": \"inspect_large\", \"skipped\": %s, \"meets_target\": false}\n", why.c_str());
        return 0;
    }
    PGconn* admin = PQconnectdb(cluster.conninfo("postgres").c_str());
    if (PQstatus(admin) != CONNECTION_OK) {
        std::fprintf(stderr, "inspect_large: %s", PQerrorMessage(admin));
        PQfinish(admin);
        return 1;
    }
    PQsetNoticeProcessor(
        admin, [](void*, const char*) {}, nullptr);
    std::vector<Figures> figures;
    int status = 0;
    try {
        if (!run(admin, "CREATE EXTENSION pg_stat_statements") || !run(admin, "CREATE ROLE iw_oncall LOGIN")
            || !run(admin, "CREATE ROLE iw_app LOGIN"))
            throw LiveError(LiveError::Kind::Server, "the cluster's set-up failed");
        for (const Shape& shape : { seedShape(), brandurShape() })
            figures.push_back(measure(cluster, admin, shape));
    } catch (const LiveError& e) {
        std::string message;
        json::appendString(message, e.what());
        std::printf("{\"bench\": \"inspect_large\", \"error\": %s, \"meets_target\": false}\n", message.c_str());
        status = 1;
    }
    PQfinish(admin);
    if (status)
        return status;

    const long long rss = peakRssBytes();
    bool meets = rss <= kRssTarget;
    std::string shapes;
    for (const Figures& f : figures) {
        std::printf("%s, %lld rows:\n", f.shape.c_str(), kRows);
        std::printf("  whole snapshot (counts, every anomaly kind, first page): %.1f ms\n", f.snapshotMs);
        std::printf("  fastest single statement computing the same counts:     %.1f ms\n", f.baselineMs);
        std::printf("  ratio: %.2f (target ≤ %.1f)\n", f.ratio, kRatioTarget);
        std::printf("  counts: snapshot %s, statement %s%s\n", f.snapshotCounts.c_str(), f.baselineCounts.c_str(),
            f.sameCounts ? "" : "  (DIFFERENT)");
        std::printf("  pages: first %.1f ms, middle %.1f ms, last %.1f ms, newest %.1f ms\n", f.firstPageMs,
            f.middlePageMs, f.lastPageMs, f.newestPageMs);
        std::printf("  follow every 5 s for a minute (%d polls, %d with a full count; the application wrote %lld "
                    "times): %.0f ms of server time (pg_stat_statements) = %.1f %% of one core; the server process's "
                    "CPU: %.0f ms = %.1f %% (target ≤ %.0f %%)\n",
            f.followPolls, f.followFullPolls, f.appWrites, f.followServerMs, f.followShare * 100, f.followCpuMs,
            f.followCpuMs / kFollowMinuteMs * 100, kFollowShareTarget * 100);
        meets = meets && f.ratio <= kRatioTarget && f.followShare <= kFollowShareTarget && f.sameCounts
            && f.firstPageMs <= kPageTargetMs && f.middlePageMs <= kPageTargetMs && f.lastPageMs <= kPageTargetMs;
        char buffer[1024];
        std::snprintf(buffer, sizeof buffer,
            "%s\"%s\": {\"snapshot_ms\": %.1f, \"baseline_ms\": %.1f, \"ratio\": %.3f, \"same_counts\": %s, "
            "\"follow_server_ms_per_min\": %.0f, \"follow_core_share\": %.4f, \"follow_cpu_ms_per_min\": %.0f, "
            "\"follow_full_polls\": %d, \"first_page_ms\": %.1f, \"middle_page_ms\": %.1f, \"last_page_ms\": %.1f, "
            "\"newest_page_ms\": %.1f}",
            shapes.empty() ? "" : ", ", f.shape.c_str(), f.snapshotMs, f.baselineMs, f.ratio,
            f.sameCounts ? "true" : "false", f.followServerMs, f.followShare, f.followCpuMs, f.followFullPolls,
            f.firstPageMs, f.middlePageMs, f.lastPageMs, f.newestPageMs);
        shapes += buffer;
    }
    std::printf("peak RSS: %.1f MiB\n", static_cast<double>(rss) / (1 << 20));
    std::printf("{\"bench\": \"inspect_large\", \"rows\": %lld, %s, \"peak_rss_bytes\": %lld, \"target\": "
                "{\"ratio\": %.1f, \"follow_core_share\": %.2f, \"page_ms\": %.0f, \"rss_bytes\": %lld}, "
                "\"meets_target\": %s}\n",
        kRows, shapes.c_str(), rss, kRatioTarget, kFollowShareTarget, kPageTargetMs, kRssTarget,
        meets ? "true" : "false");
    return 0;
}
