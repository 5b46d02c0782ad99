// The MySQL engine's model (docs/manual/stores.md): the scenario fields and the rollback_claim fault as the loader
// reads, refuses and writes them; InnoDB's lock waits as the model resolves them (a lone waiter inserts, two or more
// deadlock and only the first goes on); INSERT IGNORE's truncated key column and strict mode's refusal; and the
// presets' runs, whose rule paths and events show the deadlock victim and what the policy does with it.
#include "report.h"
#include "scenario.h"
#include "simulation.h"
#include "storeengine.h"

#include <QTest>

#include <sstream>

using namespace iw;

namespace {

Scenario preset(const char* name)
{
    return loadScenarioFile(std::string(IW_SOURCE_DIR "/resources/scenarios/") + name + ".json");
}

const char* kBase = R"({"format": "idempotency-workbench/scenario@1", "name": "t", "seed": 1,
  "service": %SERVICE%,
  "clients": [{"id": "c", "actor": "1", "timeout_ms": 1000, "retry": {"max_attempts": 1}}],
  "requests": [{"at_ms": 0, "client": "c", "operation": "op", "key": "k", "payload": {}}],
  "faults": %FAULTS%})";

Scenario load(const std::string& service, const std::string& faults = "[]")
{
    std::string text = kBase;
    text.replace(text.find("%SERVICE%"), 9, service);
    text.replace(text.find("%FAULTS%"), 8, faults);
    return loadScenario(text, "t.json");
}

std::string loadError(const std::string& service, const std::string& faults = "[]")
{
    try {
        load(service, faults);
    } catch (const ScenarioError& e) {
        return e.what();
    }
    return {};
}

Record claimOf(const std::string& key, Millis at)
{
    Record r;
    r.scope = { "1", "op", key };
    r.payloadHash = "h";
    r.createdAt = at;
    r.expiresAt = at + 1000;
    return r;
}

struct Run {
    std::vector<std::string> paths; // per request, the rule path
    std::vector<std::string> decisions;
    int deadlocks = 0;
    std::string report;
};

Run run(const Scenario& s)
{
    auto store = makeModelStore(s.service);
    Simulation sim(s, *store);
    sim.runToEnd();
    Run out;
    for (const RequestRow& r : sim.requests()) {
        out.paths.push_back(r.rulePath >= 0 ? sim.text(r.rulePath) : std::string());
        out.decisions.push_back(r.decision ? std::string(decisionName(*r.decision)) : std::string("none"));
    }
    for (const LifecycleEvent& e : sim.events())
        out.deadlocks += e.kind == EventKind::Deadlock;
    std::ostringstream report;
    writeReport(sim, report, ReportFormat::Json);
    out.report = report.str();
    return out;
}

} // namespace

class TestMysqlModel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void loaderReadsAndWritesTheFields()
    {
        const Scenario s = load(R"({"profile": "ietf", "store_engine": "mysql", "isolation": "read_committed",
            "claim": "insert_ignore", "key_column_length": 32, "deadlock": "retry"})",
            R"([{"kind": "rollback_claim", "request": 0, "hold_ms": 250}])");
        QCOMPARE(s.service.storeEngine, StoreEngine::Mysql);
        QCOMPARE(s.service.isolation, MysqlIsolation::ReadCommitted);
        QCOMPARE(s.service.mysqlClaim, MysqlClaim::InsertIgnore);
        QCOMPARE(s.service.keyColumnLength, 32);
        QCOMPARE(s.service.deadlock, DeadlockAction::Retry);
        QCOMPARE(s.faults.at(0).holdMs, Millis(250));
        // Saved and read back: the same fields (and no Redis field on a MySQL service).
        const std::string saved = saveScenario(s);
        QVERIFY(saved.find("claim_command") == std::string::npos);
        const Scenario again = loadScenario(saved, "saved.json");
        QCOMPARE(again.service.isolation, MysqlIsolation::ReadCommitted);
        QCOMPARE(again.service.mysqlClaim, MysqlClaim::InsertIgnore);
        QCOMPARE(again.service.keyColumnLength, 32);
        QCOMPARE(again.service.deadlock, DeadlockAction::Retry);
        QCOMPARE(again.faults.at(0).holdMs, Millis(250));
        // The defaults: REPEATABLE READ, a plain INSERT, VARCHAR(255), the error answered.
        const Scenario d = load(R"({"profile": "ietf", "store_engine": "mysql"})");
        QCOMPARE(d.service.isolation, MysqlIsolation::RepeatableRead);
        QCOMPARE(d.service.mysqlClaim, MysqlClaim::Insert);
        QCOMPARE(d.service.keyColumnLength, 255);
        QCOMPARE(d.service.deadlock, DeadlockAction::Error);
    }

    void loaderRefusesWhatTheEngineCannotDo()
    {
        QVERIFY(loadError(R"({"profile": "ietf", "claim": "insert"})")
                    .find("claim applies only to store_engine \"mysql\" (this service's is \"sql\")")
            != std::string::npos);
        QVERIFY(loadError(R"({"profile": "ietf", "store_engine": "redis", "deadlock": "retry"})")
                    .find("deadlock applies only to store_engine \"mysql\" (this service's is \"redis\")")
            != std::string::npos);
        QVERIFY(loadError(R"({"profile": "ietf", "store_engine": "mysql", "claim_command": "set_nx_px"})")
                    .find("claim_command applies only to store_engine \"redis\" (this service's is \"mysql\")")
            != std::string::npos);
        QVERIFY(loadError(R"({"profile": "ietf", "store_engine": "mysql", "strategy": "check_then_insert"})")
                    .find("strategy \"check_then_insert\" is not modelled on it")
            != std::string::npos);
        QVERIFY(loadError(R"({"profile": "ietf", "store_engine": "mysql", "key_column_length": 0})")
                    .find("$.service.key_column_length")
            != std::string::npos);
        QVERIFY(loadError(R"({"profile": "ietf", "store_engine": "mysql", "isolation": "serializable"})")
                    .find("read_committed")
            != std::string::npos);
        QVERIFY(loadError(R"({"profile": "ietf"})", R"([{"kind": "rollback_claim"}])")
                    .find("rollback_claim rolls back a MySQL claim transaction")
            != std::string::npos);
        QVERIFY(
            loadError(R"({"profile": "ietf", "store_engine": "mysql"})", R"([{"kind": "rollback_claim", "at_ms": 5}])")
                .find("at_ms")
            != std::string::npos);
    }

    void aLoneWaiterInserts()
    {
        const Scenario s = load(R"({"profile": "ietf", "store_engine": "mysql"})");
        auto store = makeModelStore(s.service);
        QCOMPARE(store->engine(), StoreEngine::Mysql);
        QVERIFY(store->insertClaim(claimOf("k", 10), 10));
        store->holdClaim({ "1", "op", "k" }, 10, 300);
        int ticket = -1;
        QCOMPARE(store->awaitClaimLock({ "1", "op", "k" }, 50, ticket), std::optional<Millis>(300));
        QCOMPARE(store->endLockWait(claimOf("k", 300), ticket, 300), LockWaitEnd::Inserted);
        QCOMPARE(store->read({ "1", "op", "k" })->createdAt, Millis(300));
        // The owner's ROLLBACK after the waiter saw the release removes nothing more.
        QVERIFY(!store->rollbackClaim({ "1", "op", "k" }, 10, 300));
        QVERIFY(store->read({ "1", "op", "k" }).has_value());
        // No lock any more: a later claim does not wait.
        QCOMPARE(store->awaitClaimLock({ "1", "op", "k" }, 400, ticket), std::nullopt);
    }

    void twoOrMoreWaitersDeadlock()
    {
        const Scenario s = load(R"({"profile": "ietf", "store_engine": "mysql"})");
        auto store = makeModelStore(s.service);
        QVERIFY(store->insertClaim(claimOf("k", 10), 10));
        store->holdClaim({ "1", "op", "k" }, 10, 300);
        int t1 = -1, t2 = -1, t3 = -1;
        QVERIFY(store->awaitClaimLock({ "1", "op", "k" }, 20, t1));
        QVERIFY(store->awaitClaimLock({ "1", "op", "k" }, 30, t2));
        QVERIFY(store->awaitClaimLock({ "1", "op", "k" }, 40, t3));
        // The ROLLBACK first, then the waiters in the order they end: the first waiter inserts, the rest are victims.
        QVERIFY(store->rollbackClaim({ "1", "op", "k" }, 10, 300));
        QCOMPARE(store->endLockWait(claimOf("k", 300), t2, 300), LockWaitEnd::DeadlockVictim);
        QCOMPARE(store->endLockWait(claimOf("k", 300), t1, 300), LockWaitEnd::Inserted);
        QCOMPARE(store->endLockWait(claimOf("k", 300), t3, 300), LockWaitEnd::DeadlockVictim);
        QCOMPARE(store->records().size(), std::size_t(1));
    }

    void aClaimAtTheRollbackInstantComesAfterIt()
    {
        // The ROLLBACK due at 13 ms happens before an INSERT that ends then, whichever runs first at that instant.
        const Scenario s = load(R"({"profile": "ietf", "store_engine": "mysql"})");
        auto store = makeModelStore(s.service);
        QVERIFY(store->insertClaim(claimOf("k", 12), 12));
        store->holdClaim({ "1", "op", "k" }, 12, 13);
        int ticket = -1;
        QCOMPARE(store->awaitClaimLock({ "1", "op", "k" }, 13, ticket), std::nullopt);
        QVERIFY(!store->read({ "1", "op", "k" }).has_value());
        QVERIFY(store->insertClaim(claimOf("k", 13), 13));
        QVERIFY(!store->rollbackClaim({ "1", "op", "k" }, 12, 13));
        QCOMPARE(store->read({ "1", "op", "k" })->createdAt, Millis(13));
    }

    void insertIgnoreTruncatesTheKey()
    {
        const Scenario s
            = load(R"({"profile": "ietf", "store_engine": "mysql", "claim": "insert_ignore", "key_column_length": 4})");
        auto store = makeModelStore(s.service);
        QVERIFY(store->insertClaim(claimOf("abcd-march", 10), 10));
        QVERIFY(!store->insertClaim(claimOf("abcd-april", 20), 20));
        QCOMPARE(store->records().at(0).scope.key, std::string("abcd"));
        QCOMPARE(store->read({ "1", "op", "abcd-april" })->createdAt, Millis(10));
        // Code points, not bytes: four Cyrillic letters fill VARCHAR(4).
        QVERIFY(store->insertClaim(claimOf("ключи-1", 30), 30));
        QVERIFY(!store->insertClaim(claimOf("ключи-2", 40), 40));
        // A plain INSERT keeps keys whole (a longer one is refused before the store is asked).
        const Scenario strict = load(R"({"profile": "ietf", "store_engine": "mysql", "key_column_length": 4})");
        auto whole = makeModelStore(strict.service);
        QVERIFY(whole->insertClaim(claimOf("abcd-march", 10), 10));
        QVERIFY(whole->insertClaim(claimOf("abcd-april", 20), 20));
    }

    void theDeadlockPresetsShowTheVictim()
    {
        const Run error = run(preset("mysql-same-key-deadlock"));
        QCOMPARE(error.deadlocks, 1);
        QCOMPARE(error.decisions, (std::vector<std::string> { "store_unavailable", "created", "store_unavailable" }));
        QVERIFY(error.paths[0].find("the claim transaction rolled back") != std::string::npos);
        QVERIFY(error.paths[1].find("the lock was released and the INSERT created the row") != std::string::npos);
        QVERIFY(error.paths[2].find("deadlock victim (ERROR 1213): the error is answered") != std::string::npos);
        QVERIFY(error.paths[2].find("Deadlock found when trying to get lock") != std::string::npos);
        QVERIFY(error.report.find("\"store_engine\": \"mysql\"") != std::string::npos);

        const Run retry = run(preset("mysql-same-key-deadlock-retry"));
        QCOMPARE(retry.deadlocks, 1);
        QCOMPARE(
            retry.decisions, (std::vector<std::string> { "store_unavailable", "created", "conflict_in_progress" }));
        QVERIFY(retry.paths[2].find("the claim transaction runs again") != std::string::npos);
        QVERIFY(retry.paths[2].find("claim lost (duplicate key: ERROR 1062)") != std::string::npos);

        // Without the rollback nobody waits: one INSERT wins, the others lose with 1062 and read.
        Scenario calm = preset("mysql-same-key-deadlock");
        calm.faults.clear();
        const Run plain = run(calm);
        QCOMPARE(plain.deadlocks, 0);
        QCOMPARE(plain.decisions.at(0), std::string("created"));
    }

    void strictModeRefusesTheLongKey()
    {
        const Run ignore = run(preset("mysql-insert-ignore-truncated-key"));
        QCOMPARE(ignore.decisions, (std::vector<std::string> { "created", "replayed" }));
        Scenario strict = preset("mysql-insert-ignore-truncated-key");
        strict.service.mysqlClaim = MysqlClaim::Insert;
        const Run refused = run(strict);
        QCOMPARE(refused.decisions, (std::vector<std::string> { "store_unavailable", "store_unavailable" }));
        QVERIFY(refused.paths[0].find("ERROR 1406 (22001)") != std::string::npos);
        QVERIFY(refused.report.find("\"effects\": 0") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestMysqlModel)
#include "tst_mysqlmodel.moc"
