// mysql_claim: claims per second through the workbench's MySQL store (MysqlStore::insertClaim: the claim's prepared
// INSERT of the record's columns, autocommit, the primary key arbitrating) against a bare Connector/C loop of the same
// prepared INSERT with the same values on the same server in the same run (docs/benchmarks.md, issue 46): one
// connection and 16, one thread per connection, each claiming fresh keys (2,000 claims a pass in all). Store and bare
// loop alternate (a warm-up pair, then kRounds pairs) and the medians are compared; the target is ≥ 0.8× the bare loop
// at both counts. Needs IW_MYSQL_CONNINFO (make bench runs it under scripts/with-postgres.sh, which starts MariaDB
// too); the last line is the JSON.
#include "benchutil.h"
#include "mysqlstore.h"

#include <mysql.h>

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
constexpr int kRounds = 5;
constexpr int kClaimsPerPass = 2000;
constexpr double kRatioTarget = 0.8;

Record claimFor(const std::string& key)
{
    Record r;
    r.scope = { "bench", "POST /orders", key };
    r.payloadHash = std::string(64, 'a');
    r.createdAt = 1;
    r.expiresAt = 86'400'001;
    return r;
}

double storePass(const MysqlConninfo& info, int clients, int round)
{
    std::vector<std::unique_ptr<MysqlStore>> stores;
    for (int c = 0; c < clients; ++c)
        stores.push_back(MysqlStore::connect(info, {}));
    const int each = kClaimsPerPass / clients;
    std::barrier start(clients + 1);
    std::vector<std::thread> threads;
    for (int c = 0; c < clients; ++c) {
        threads.emplace_back([&, c] {
            std::string base = "s";
            base += std::to_string(round);
            base += '-';
            base += std::to_string(c);
            base += '-';
            start.arrive_and_wait();
            for (int i = 0; i < each; ++i) {
                if (!stores[static_cast<std::size_t>(c)]->insertClaim(claimFor(base + std::to_string(i)), 1))
                    std::abort(); // every key is fresh: a lost claim is a bug
            }
        });
    }
    start.arrive_and_wait();
    const auto t0 = Clock::now();
    for (std::thread& t : threads)
        t.join();
    return static_cast<double>(clients) * each / bench::secondsSince(t0);
}

// The same statement the store prepares for `claim: insert`, bound by hand.
const char* const kInsert
    = "INSERT INTO request_idempotency (actor_id, operation, idempotency_key, payload_hash, state, status_code, "
      "response_body, created_ms, completed_ms, expires_ms, lease_until_ms, result_id) VALUES (?, ?, ?, ?, ?, ?, ?, "
      "?, ?, ?, ?, ?)";

MYSQL* bareConnect(const MysqlConninfo& info)
{
    MYSQL* m = mysql_init(nullptr);
    if (!mysql_real_connect(m, info.host.empty() ? nullptr : info.host.c_str(), info.user.c_str(),
            info.password.c_str(), info.database.c_str(), info.port,
            info.socket.empty() ? nullptr : info.socket.c_str(), 0)) {
        std::fprintf(stderr, "mysql_claim: cannot connect to %s: %s\n", info.where().c_str(), mysql_error(m));
        std::exit(3);
    }
    return m;
}

double barePass(const MysqlConninfo& info, int clients, int round)
{
    std::vector<MYSQL*> conns;
    for (int c = 0; c < clients; ++c)
        conns.push_back(bareConnect(info));
    const int each = kClaimsPerPass / clients;
    std::barrier start(clients + 1);
    std::vector<std::thread> threads;
    for (int c = 0; c < clients; ++c) {
        threads.emplace_back([&, c] {
            MYSQL_STMT* stmt = mysql_stmt_init(conns[static_cast<std::size_t>(c)]);
            if (mysql_stmt_prepare(stmt, kInsert, std::strlen(kInsert)) != 0)
                std::abort();
            std::string actor = "bench", operation = "POST /orders", hash(64, 'a'), state = "in_progress", key;
            long long created = 1, expires = 86'400'001;
            unsigned long lengths[12] = {};
            MYSQL_BIND b[12];
            std::memset(b, 0, sizeof b);
            const auto text = [&](int i, std::string& s) {
                b[i].buffer_type = MYSQL_TYPE_STRING;
                b[i].buffer = s.data();
                b[i].buffer_length = s.size();
                lengths[i] = s.size();
                b[i].length = &lengths[i];
            };
            text(0, actor);
            text(1, operation);
            text(3, hash);
            text(4, state);
            for (const int i : { 5, 6, 8, 10, 11 })
                b[i].buffer_type = MYSQL_TYPE_NULL;
            b[7].buffer_type = MYSQL_TYPE_LONGLONG;
            b[7].buffer = &created;
            b[9].buffer_type = MYSQL_TYPE_LONGLONG;
            b[9].buffer = &expires;
            std::string base = "bare-";
            base += std::to_string(round);
            base += '-';
            base += std::to_string(c);
            base += '-';
            start.arrive_and_wait();
            for (int i = 0; i < each; ++i) {
                key = base + std::to_string(i);
                text(2, key);
                if (mysql_stmt_bind_param(stmt, b) || mysql_stmt_execute(stmt) != 0
                    || mysql_stmt_affected_rows(stmt) != 1)
                    std::abort();
            }
            mysql_stmt_close(stmt);
        });
    }
    start.arrive_and_wait();
    const auto t0 = Clock::now();
    for (std::thread& t : threads)
        t.join();
    const double rate = static_cast<double>(clients) * each / bench::secondsSince(t0);
    for (MYSQL* m : conns)
        mysql_close(m);
    return rate;
}

} // namespace

int main()
{
    const char* env = std::getenv("IW_MYSQL_CONNINFO");
    if (!env || !*env) {
        std::fprintf(stderr, "mysql_claim: needs IW_MYSQL_CONNINFO (run it under scripts/with-postgres.sh)\n");
        return 2;
    }
    std::string why;
    const auto info = parseMysqlConninfo(env, why);
    if (!info) {
        std::fprintf(stderr, "mysql_claim: %s\n", why.c_str());
        return 2;
    }
    mysql_library_init(0, nullptr, nullptr);
    try {
        MysqlStore::connect(*info, {})->reset();
        std::string json = "{\"bench\": \"mysql_claim\"";
        bool meets = true;
        for (const int clients : kClientCounts) {
            std::vector<double> store;
            std::vector<double> bare;
            for (int round = 0; round <= kRounds; ++round) {
                const double s = storePass(*info, clients, round);
                const double b = barePass(*info, clients, round);
                if (round == 0)
                    continue; // the warm-up pair
                store.push_back(s);
                bare.push_back(b);
            }
            const double s = bench::median(store);
            const double b = bench::median(bare);
            const double ratio = s / b;
            meets = meets && ratio >= kRatioTarget;
            std::printf("%2d connection(s): store %s claims/s, bare INSERT %s/s, ratio %.3f (medians of %d)\n", clients,
                bench::fixed(s, 0).c_str(), bench::fixed(b, 0).c_str(), ratio, kRounds);
            const std::string n = std::to_string(clients);
            json += ", \"claims_per_s_" + n + "\": " + bench::fixed(s, 0) + ", \"bare_insert_per_s_" + n
                + "\": " + bench::fixed(b, 0) + ", \"ratio_vs_bare_" + n + "\": " + bench::fixed(ratio, 3);
            MysqlStore::connect(*info, {})->reset();
        }
        json += ", \"target\": {\"ratio_vs_bare\": " + bench::fixed(kRatioTarget, 1)
            + "}, \"meets_target\": " + (meets ? "true" : "false") + "}";
        std::printf("%s\n", json.c_str());
    } catch (const StoreError& e) {
        std::fprintf(stderr, "mysql_claim: %s\n", e.what());
        return 3;
    }
    return 0;
}
