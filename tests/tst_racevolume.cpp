// Race proof at volume (RELIABILITY.md): thousands of trials of many truly concurrent requests on one fresh scope
// each, through iw::runRace — the same RequestProcess the simulation uses — with the handler at 0 ms so the
// volume fits in seconds.
//
// - Memory store, 32 threads: unique_claim never gives a scope two owners in 10,000 trials.
// - PostgreSQL, 16 threads with a connection each, in a schema of this run's own (dropped at the end):
//   unique_claim never gives a scope two owners, and the table holds exactly one completed row per trial.
// - The same harness does show duplicates with check_then_insert (fewer trials, a 1 ms handler), so the zero above
//   is the strategy's merit and not a harness that cannot race.
//
// Trial counts: IW_RACE_MEMORY_TRIALS and IW_RACE_PG_TRIALS (default 10,000 each: 2-5 s and 16-35 s on an idle
// two-core machine, three times that when it is busy). Sanitizer builds divide the defaults by ten. The figures
// are printed (qInfo) for RELIABILITY.md.
#include "pgadmin.h"
#include "pgstore.h"
#include "race.h"
#include "store.h"

#include <QElapsedTimer>
#include <QTest>

#include <libpq-fe.h>

#include <chrono>
#include <memory>
#include <random>
#include <unistd.h>

using namespace iw;

namespace {

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
constexpr int s_scale = 10;
#else
constexpr int s_scale = 1;
#endif

int trialsFromEnvironment(const char* variable, int fallback)
{
    bool ok = false;
    const int n = qEnvironmentVariableIntValue(variable, &ok);
    return ok && n > 0 ? n : fallback / s_scale;
}

bool postgresConfigured()
{
    return !qEnvironmentVariableIsEmpty("PGHOST") || !qEnvironmentVariableIsEmpty("PGPORT");
}

using Admin = PgAdmin;

std::int64_t totalDecisions(const RaceResult& r)
{
    std::int64_t total = 0;
    for (const auto& [name, n] : r.decisions)
        total += n;
    return total;
}

QString figures(const RaceResult& r, qint64 ms)
{
    return QStringLiteral("%1 %2: %3 threads × %4 trials in %5 ms (%6 trials/s): %7 trials with more than one owner, "
                          "max owners %8, %9 effects, %10")
        .arg(QString::fromStdString(r.store), QString::fromStdString(std::string(strategyName(r.options.strategy))))
        .arg(r.options.threads)
        .arg(r.options.trials)
        .arg(ms)
        .arg(ms > 0 ? r.options.trials * 1000LL / ms : 0)
        .arg(r.trialsWithMultipleOwners)
        .arg(r.maxOwners)
        .arg(r.effects)
        .arg(QString::fromStdString(raceResultJson(r)));
}

} // namespace

class TestRaceVolume : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void memoryUniqueClaimHasOneOwnerPerTrial();
    void memoryCheckThenInsertShowsDuplicates();
    void postgresUniqueClaimHasOneOwnerPerTrial();
    void postgresCheckThenInsertShowsDuplicates();

private:
    // One store per thread, all on this run's schema; the first one is reset before a run.
    bool openPostgres(int threads);
    RaceResult racePostgres(const RaceOptions& options, qint64& ms);

    std::string m_schema;
    std::vector<std::unique_ptr<PostgresStore>> m_pg;
};

void TestRaceVolume::initTestCase()
{
    std::random_device rd;
    m_schema = "iw_racevolume_" + std::to_string(getpid()) + "_" + std::to_string(rd() % 100000);
}

void TestRaceVolume::cleanupTestCase()
{
    m_pg.clear();
    if (!postgresConfigured())
        return;
    Admin admin;
    if (admin.ok())
        admin.value("DROP SCHEMA IF EXISTS " + admin.ident(m_schema) + " CASCADE");
}

void TestRaceVolume::memoryUniqueClaimHasOneOwnerPerTrial()
{
    auto store = makeMemoryStore();
    RaceOptions options;
    options.threads = 32;
    options.trials = trialsFromEnvironment("IW_RACE_MEMORY_TRIALS", 10'000);
    options.strategy = Strategy::UniqueClaim;
    options.handlerMs = 0;
    QElapsedTimer timer;
    timer.start();
    const RaceResult r = runRace(options, [&](int) -> IdempotencyStore& { return *store; });
    qInfo().noquote() << figures(r, timer.elapsed());

    QCOMPARE(r.options.trials, options.trials);
    QCOMPARE(r.decisions.count("error"), std::size_t(0));
    QCOMPARE(r.trialsWithMultipleOwners, 0);
    QCOMPARE(r.maxOwners, 1);
    QCOMPARE(r.effects, std::int64_t(options.trials));
    QCOMPARE(r.ownersPerTrial.size(), std::size_t(options.trials));
    for (std::size_t trial = 0; trial < r.ownersPerTrial.size(); ++trial)
        QVERIFY2(r.ownersPerTrial[trial] == 1,
            qPrintable(QStringLiteral("trial %1 had %2 owners").arg(trial).arg(r.ownersPerTrial[trial])));
    QCOMPARE(totalDecisions(r), std::int64_t(options.threads) * options.trials);
    QCOMPARE(r.decisions.at("created"), std::int64_t(options.trials));
    QCOMPARE(store->records().size(), std::size_t(options.trials));
}

void TestRaceVolume::memoryCheckThenInsertShowsDuplicates()
{
    auto store = makeMemoryStore();
    RaceOptions options;
    options.threads = 32;
    options.trials = 100;
    options.strategy = Strategy::CheckThenInsert;
    options.handlerMs = 1;
    QElapsedTimer timer;
    timer.start();
    const RaceResult r = runRace(options, [&](int) -> IdempotencyStore& { return *store; });
    qInfo().noquote() << figures(r, timer.elapsed());
    QCOMPARE(r.decisions.count("error"), std::size_t(0));
    QVERIFY2(r.trialsWithMultipleOwners > 0, "the harness must be able to show check-then-insert's duplicates");
    QVERIFY(r.maxOwners > 1);
    QVERIFY(r.effects > options.trials);
    QVERIFY(r.sqlstates.count("23505"));
}

bool TestRaceVolume::openPostgres(int threads)
{
    if (!postgresConfigured())
        return false;
    m_pg.clear();
    for (int t = 0; t < threads; ++t) {
        auto store = PostgresStore::connect("", m_schema);
        if (t == 0)
            store->installSchema();
        m_pg.push_back(std::move(store));
    }
    m_pg.front()->reset();
    return true;
}

RaceResult TestRaceVolume::racePostgres(const RaceOptions& options, qint64& ms)
{
    QElapsedTimer timer;
    timer.start();
    RaceResult r
        = runRace(options, [&](int thread) -> IdempotencyStore& { return *m_pg[static_cast<std::size_t>(thread)]; });
    ms = timer.elapsed();
    qInfo().noquote() << figures(r, ms);
    return r;
}

void TestRaceVolume::postgresUniqueClaimHasOneOwnerPerTrial()
{
    if (!postgresConfigured())
        QSKIP("no PostgreSQL configured (PGHOST/PGPORT unset): run under scripts/with-postgres.sh");
    RaceOptions options;
    options.threads = 16;
    options.trials = trialsFromEnvironment("IW_RACE_PG_TRIALS", 10'000);
    options.strategy = Strategy::UniqueClaim;
    options.handlerMs = 0;
    QVERIFY(openPostgres(options.threads));
    qint64 ms = 0;
    const RaceResult r = racePostgres(options, ms);

    QCOMPARE(r.options.trials, options.trials);
    QCOMPARE(r.decisions.count("error"), std::size_t(0));
    QCOMPARE(r.trialsWithMultipleOwners, 0);
    QCOMPARE(r.maxOwners, 1);
    QCOMPARE(r.effects, std::int64_t(options.trials));
    for (std::size_t trial = 0; trial < r.ownersPerTrial.size(); ++trial)
        QVERIFY2(r.ownersPerTrial[trial] == 1,
            qPrintable(QStringLiteral("trial %1 had %2 owners").arg(trial).arg(r.ownersPerTrial[trial])));
    QCOMPARE(totalDecisions(r), std::int64_t(options.threads) * options.trials);
    QCOMPARE(r.decisions.at("created"), std::int64_t(options.trials));

    // Behind the store's back: one completed row per trial's scope, no scope twice.
    Admin admin;
    QVERIFY2(admin.ok(), admin.error().c_str());
    const std::string table = admin.ident(m_schema) + ".request_idempotency";
    QCOMPARE(admin.value("SELECT count(*) FROM " + table), std::to_string(options.trials));
    QCOMPARE(admin.value("SELECT count(DISTINCT (actor_id, operation, idem_key)) FROM " + table),
        std::to_string(options.trials));
    QCOMPARE(admin.value("SELECT count(*) FROM " + table + " WHERE state <> 'completed'"), std::string("0"));
}

void TestRaceVolume::postgresCheckThenInsertShowsDuplicates()
{
    if (!postgresConfigured())
        QSKIP("no PostgreSQL configured (PGHOST/PGPORT unset): run under scripts/with-postgres.sh");
    RaceOptions options;
    options.threads = 16;
    options.trials = 50;
    options.strategy = Strategy::CheckThenInsert;
    options.handlerMs = 1;
    QVERIFY(openPostgres(options.threads));
    qint64 ms = 0;
    const RaceResult r = racePostgres(options, ms);
    QCOMPARE(r.decisions.count("error"), std::size_t(0));
    QVERIFY2(r.trialsWithMultipleOwners > 0, "the harness must be able to show check-then-insert's duplicates");
    QVERIFY(r.maxOwners > 1);
    QVERIFY(r.effects > options.trials);
    QVERIFY2(r.sqlstates.count("23505"), "the losers' INSERTs should meet the unique index (SQLSTATE 23505)");
}

QTEST_GUILESS_MAIN(TestRaceVolume)
#include "tst_racevolume.moc"
