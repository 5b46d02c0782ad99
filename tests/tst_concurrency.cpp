// Real threads against the memory store: the unique claim gives exactly one owner, the naive check-then-insert
// demonstrably does not. Runs under ThreadSanitizer (make test-tsan). The PostgreSQL race lives in tst_pgrace.
#include "race.h"
#include "store.h"

#include <QTest>

using namespace iw;

class TestConcurrency : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void uniqueClaimHasOneOwner();
    void checkThenInsertLetsSeveralThrough();
    void seenFlagHasOneOwner();
};

void TestConcurrency::uniqueClaimHasOneOwner()
{
    auto store = makeMemoryStore();
    RaceOptions options;
    options.threads = 64;
    options.trials = qEnvironmentVariableIsSet("IW_TSAN") ? 100 : 1000;
    options.strategy = Strategy::UniqueClaim;
    options.handlerMs = 1;
    const RaceResult r = runRace(options, [&](int) -> IdempotencyStore& { return *store; });
    QCOMPARE(r.options.trials, options.trials);
    QCOMPARE(r.trialsWithMultipleOwners, 0);
    QCOMPARE(r.maxOwners, 1);
    QCOMPARE(r.effects, std::int64_t(options.trials));
    for (const int owners : r.ownersPerTrial)
        QCOMPARE(owners, 1);
    std::int64_t total = 0;
    for (const auto& [name, n] : r.decisions)
        total += n;
    QCOMPARE(total, std::int64_t(options.threads) * options.trials);
    QCOMPARE(store->records().size(), std::size_t(options.trials));
}

void TestConcurrency::checkThenInsertLetsSeveralThrough()
{
    // The handler takes a real millisecond, so every SELECT of one trial sees no row: the race is real, and this
    // assertion fails if the naive strategy ever became safe by accident.
    auto store = makeMemoryStore();
    RaceOptions options;
    options.threads = 8;
    options.trials = 50;
    options.strategy = Strategy::CheckThenInsert;
    options.handlerMs = 2;
    const RaceResult r = runRace(options, [&](int) -> IdempotencyStore& { return *store; });
    QVERIFY2(r.trialsWithMultipleOwners > 0, "check-then-insert should let duplicates through");
    QVERIFY(r.maxOwners > 1);
    QVERIFY(r.effects > options.trials);
    QVERIFY(r.sqlstates.count("23505"));
}

void TestConcurrency::seenFlagHasOneOwner()
{
    auto store = makeMemoryStore();
    RaceOptions options;
    options.threads = 16;
    options.trials = 100;
    options.strategy = Strategy::SeenFlag;
    const RaceResult r = runRace(options, [&](int) -> IdempotencyStore& { return *store; });
    QCOMPARE(r.trialsWithMultipleOwners, 0);
    QCOMPARE(r.decisions.at("seen_no_result"), std::int64_t(15 * 100));
}

QTEST_GUILESS_MAIN(TestConcurrency)
#include "tst_concurrency.moc"
