// The DynamoDB engine's model (docs/manual/stores.md): the scenario fields and the
// ttl_sweep_now and clock_skew faults as the loader reads, refuses and writes
// them; the conditional PutItem under each put_condition (Powertools' own
// condition mixes seconds and milliseconds); items past their TTL read until
// the sweeper deletes them; eventually consistent reads within read_lag_ms of a
// write; and the presets' runs, whose rule paths and events show each hazard.
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

const char* kBase =
    R"({"format": "idempotency-workbench/scenario@1", "name": "t", "seed": 1,
  "service": %SERVICE%,
  "clients": [{"id": "c", "actor": "1", "timeout_ms": 1000, "retry": {"max_attempts": 1}}],
  "requests": %REQUESTS%,
  "faults": %FAULTS%})";

const char* kOneRequest = R"([{"at_ms": 0, "client": "c", "operation": "op", "key": "k", "payload": {}}])";

Scenario load(const std::string& service, const std::string& faults = "[]", const std::string& requests = kOneRequest)
{
    std::string text = kBase;
    text.replace(text.find("%SERVICE%"), 9, service);
    text.replace(text.find("%REQUESTS%"), 10, requests);
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

Record item(const std::string& key, Millis createdAt, Millis expiresAt, RecordState state = RecordState::Completed)
{
    Record r;
    r.scope = { "1", "op", key };
    r.payloadHash = "h";
    r.state = state;
    r.createdAt = createdAt;
    r.expiresAt = expiresAt;
    return r;
}

struct Run {
    std::vector<std::string> paths; // per request, the rule path
    std::vector<std::string> decisions;
    std::map<std::string, int> events; // by name
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
        ++out.events[std::string(eventKindName(e.kind))];
    std::ostringstream report;
    writeReport(sim, report, ReportFormat::Json);
    out.report = report.str();
    return out;
}

} // namespace

class TestDynamoModel : public QObject {
    Q_OBJECT

private slots:
    void loaderReadsAndWritesTheFields()
    {
        const Scenario s = load(
            R"({"profile": "ietf", "store_engine": "dynamodb", "put_condition":
            "not_exists_or_expired", "ttl_deletion_lag_ms": 5000, "consistent_read": true, "read_lag_ms": 30})",
            R"([{"kind": "ttl_sweep_now", "at_ms": 700}, {"kind": "clock_skew", "attempt": 1, "clock_skew_ms": -250}])");
        QCOMPARE(s.service.storeEngine, StoreEngine::Dynamodb);
        QCOMPARE(s.service.putCondition, PutCondition::NotExistsOrExpired);
        QCOMPARE(s.service.ttlDeletionLagMs, Millis(5000));
        QVERIFY(s.service.consistentRead);
        QCOMPARE(s.service.readLagMs, Millis(30));
        QCOMPARE(s.faults.at(0).atMs, Millis(700));
        QCOMPARE(s.faults.at(1).clockSkewMs, Millis(-250));
        // Written back and read again, the same.
        const Scenario again = loadScenario(saveScenario(s), "again.json");
        QCOMPARE(again.service.putCondition, PutCondition::NotExistsOrExpired);
        QCOMPARE(again.service.ttlDeletionLagMs, Millis(5000));
        QCOMPARE(again.service.readLagMs, Millis(30));
        QCOMPARE(again.faults.at(1).clockSkewMs, Millis(-250));

        // The profile's defaults: Powertools' own condition, consistent reads, a
        // TTL sweeper 48 h late.
        const Scenario p = load(R"({"profile": "powertools-dynamodb"})");
        QCOMPARE(p.service.storeEngine, StoreEngine::Dynamodb);
        QCOMPARE(p.service.putCondition, PutCondition::Powertools);
        QVERIFY(p.service.consistentRead);
        QCOMPARE(p.service.ttlDeletionLagMs, Millis(172'800'000));
    }

    void loaderRefusesWhatDynamodbCannotDo()
    {
        QVERIFY(loadError(R"({"profile": "ietf", "put_condition": "not_exists"})")
                    .find("put_condition applies only to "
                          "store_engine \"dynamodb\"")
            != std::string::npos);
        QVERIFY(loadError(R"({"profile": "powertools-dynamodb", "store_engine": "sql"})")
                    .find("runs on store_engine \"dynamodb\"")
            != std::string::npos);
        QVERIFY(loadError(R"({"profile": "powertools", "store_engine": "dynamodb"})").find("powertools-dynamodb")
            != std::string::npos);
        QVERIFY(loadError(R"({"profile": "ietf", "store_engine": "dynamodb", "strategy": "seen_flag"})")
                    .find("conditional PutItem")
            != std::string::npos);
        QVERIFY(loadError(R"({"profile": "ietf"})", R"([{"kind": "ttl_sweep_now", "at_ms": 5}])")
                    .find("ttl_sweep_now is a DynamoDB fault")
            != std::string::npos);
        QVERIFY(loadError(R"({"profile": "ietf", "store_engine": "dynamodb"})", R"([{"kind": "clock_skew"}])")
                    .find("clock_skew_ms")
            != std::string::npos);
    }

    // Powertools' condition: not exists, or expiration < :now (seconds with a
    // fraction against whole seconds), or INPROGRESS with in_progress_expiration
    // < :now_in_millis — compared strictly, with the writer's clock.
    void powertoolsConditionComparesStrictly()
    {
        ServicePolicy policy = ServicePolicy::forProfile(Profile::PowertoolsDynamodb);
        auto store = makeModelStore(policy);
        std::optional<Record> old;
        QCOMPARE(store->conditionalPut(item("k", 0, 10'000, RecordState::InProgress), 0, old), PutOutcome::Created);
        QVERIFY(!old);
        // expiration 10 s: at 10.000 s it is not yet < :now; at 10.001 s it is.
        QCOMPARE(store->conditionalPut(item("k", 10'000, 20'000), 10'000, old), PutOutcome::ConditionFailed);
        QVERIFY(old && old->createdAt == 0);
        QCOMPARE(store->conditionalPut(item("k", 10'001, 20'001), 10'001, old), PutOutcome::ReplacedExpired);
        QCOMPARE(store->read({ "1", "op", "k" })->createdAt, Millis(10'001));
        // An INPROGRESS item with an in-progress deadline: replaced once the
        // deadline is strictly past.
        Record running = item("j", 0, 3'600'000, RecordState::InProgress);
        running.leaseUntil = 500;
        QCOMPARE(store->conditionalPut(running, 0, old), PutOutcome::Created);
        QCOMPARE(store->conditionalPut(item("j", 500, 3'600'500), 500, old), PutOutcome::ConditionFailed);
        QCOMPARE(store->conditionalPut(item("j", 501, 3'600'501), 501, old), PutOutcome::ReplacedInProgressExpired);
        // A COMPLETED item's deadline does not count.
        Record done = item("i", 0, 3'600'000);
        done.leaseUntil = 500;
        QCOMPARE(store->conditionalPut(done, 0, old), PutOutcome::Created);
        QCOMPARE(store->conditionalPut(item("i", 900, 3'600'900), 900, old), PutOutcome::ConditionFailed);
    }

    void notExistsIgnoresExpiry()
    {
        ServicePolicy policy = ServicePolicy::forProfile(Profile::Ietf);
        policy.storeEngine = StoreEngine::Dynamodb;
        policy.putCondition = PutCondition::NotExists;
        auto store = makeModelStore(policy);
        std::optional<Record> old;
        QCOMPARE(store->conditionalPut(item("k", 0, 1'000), 0, old), PutOutcome::Created);
        QCOMPARE(store->conditionalPut(item("k", 50'000, 51'000), 50'000, old), PutOutcome::ConditionFailed);
        policy.putCondition = PutCondition::NotExistsOrExpired;
        auto tested = makeModelStore(policy);
        QCOMPARE(tested->conditionalPut(item("k", 0, 1'000), 0, old), PutOutcome::Created);
        QCOMPARE(tested->conditionalPut(item("k", 50'000, 51'000), 50'000, old), PutOutcome::ReplacedExpired);
    }

    // The sweeper deletes an item ttl_deletion_lag_ms after its expiry, not
    // before; ttl_sweep_now at once.
    void sweeperIsLate()
    {
        ServicePolicy policy = ServicePolicy::forProfile(Profile::Ietf);
        policy.storeEngine = StoreEngine::Dynamodb;
        policy.ttlDeletionLagMs = 10'000;
        auto store = makeModelStore(policy);
        std::optional<Record> old;
        store->noteWriteTime(0);
        store->conditionalPut(item("a", 0, 1'000), 0, old);
        store->conditionalPut(item("b", 0, 5'000), 0, old);
        QCOMPARE(store->nextKeyExpiry(), std::optional<Millis>(11'000));
        QVERIFY(store->expireKeys(10'999).empty());
        QVERIFY(store->read({ "1", "op", "a" }).has_value());
        const std::vector<ExpiredKey> swept = store->expireKeys(11'000);
        QCOMPARE(swept.size(), std::size_t(1));
        QCOMPARE(swept[0].scope.key, std::string("a"));
        QCOMPARE(store->nextKeyExpiry(), std::optional<Millis>(15'000));
        // The fault: every item past its TTL now, however late the sweeper would
        // be.
        QVERIFY(store->sweepTtlNow(4'999).empty());
        QCOMPARE(store->sweepTtlNow(5'000).size(), std::size_t(1));
        QVERIFY(!store->read({ "1", "op", "b" }).has_value());
    }

    // A read that is not consistent, within read_lag_ms of a write, returns the
    // version before it. In a run: the stale read's event and rule path, and the
    // sweeper's record_swept, on a scenario of two requests.
    void runShowsStaleReadsAndTheSweeper()
    {
        const char* twoRequests =
            R"([{"at_ms": 0, "client": "c", "operation": "op", "key": "k", "payload": {}},
            {"at_ms": 220, "client": "c", "operation": "op", "key": "k", "payload": {}}])";
        const Run stale
            = run(load(R"({"profile": "ietf", "store_engine": "dynamodb", "read_lag_ms": 500})", "[]", twoRequests));
        QCOMPARE(stale.decisions, (std::vector<std::string> { "created", "conflict_in_progress" }));
        QVERIFY(stale.paths[1].find("claim lost (ConditionalCheckFailedException)") != std::string::npos);
        QVERIFY(stale.paths[1].find("the GetItem was eventually consistent") != std::string::npos);
        QCOMPARE(stale.events.at("stale_read"), 1);
        const Run fresh
            = run(load(R"({"profile": "ietf", "store_engine": "dynamodb", "read_lag_ms": 5})", "[]", twoRequests));
        QCOMPARE(fresh.decisions, (std::vector<std::string> { "created", "replayed" }));
        QVERIFY(!fresh.events.count("stale_read"));
        // A TTL of 100 ms and a sweeper 50 ms late: the item is read, expired,
        // until 362 ms, then swept; under not_exists_or_expired the second request
        // replaces it, under not_exists it is replayed.
        const char* late =
            R"([{"at_ms": 0, "client": "c", "operation": "op", "key": "k", "payload": {}},
            {"at_ms": 300, "client": "c", "operation": "op", "key": "k", "payload": {}},
            {"at_ms": 400, "client": "c", "operation": "op", "key": "j", "payload": {}}])";
        const Run trusted = run(load(
            R"({"profile": "ietf", "store_engine": "dynamodb", "ttl_ms": 100, "handler_ms": 20,
            "ttl_deletion_lag_ms": 250})",
            "[]", late));
        QCOMPARE(trusted.decisions, (std::vector<std::string> { "created", "replayed", "created" }));
        QCOMPARE(trusted.events.at("record_swept"), 1);
        const Run tested = run(load(
            R"({"profile": "ietf", "store_engine": "dynamodb", "ttl_ms": 100, "handler_ms": 20,
            "ttl_deletion_lag_ms": 250, "put_condition": "not_exists_or_expired"})",
            "[]", late));
        QCOMPARE(tested.decisions, (std::vector<std::string> { "created", "expired_reexecuted", "created" }));
        QVERIFY(tested.report.find("\"store_engine\": \"dynamodb\"") != std::string::npos);
    }

    void eventuallyConsistentRead()
    {
        ServicePolicy policy = ServicePolicy::forProfile(Profile::Ietf);
        policy.storeEngine = StoreEngine::Dynamodb;
        policy.readLagMs = 100;
        auto store = makeModelStore(policy);
        std::optional<Record> old;
        store->noteWriteTime(10);
        store->conditionalPut(item("k", 10, 99'999, RecordState::InProgress), 10, old);
        std::optional<Record> seen;
        QVERIFY(store->readItem({ "1", "op", "k" }, 109, seen));
        QVERIFY(!seen);
        QVERIFY(!store->readItem({ "1", "op", "k" }, 110, seen));
        QVERIFY(seen && seen->state == RecordState::InProgress);
        policy.consistentRead = true;
        auto consistent = makeModelStore(policy);
        consistent->noteWriteTime(10);
        consistent->conditionalPut(item("k", 10, 99'999, RecordState::InProgress), 10, old);
        QVERIFY(!consistent->readItem({ "1", "op", "k" }, 11, seen));
        QVERIFY(seen.has_value());
    }

    void lateRetryMeetsAnExpiredItem()
    {
        const Run r = run(preset("dynamodb-late-retry-expired-item"));
        QCOMPARE(r.decisions, (std::vector<std::string> { "created", "created", "replayed", "created" }));
        QVERIFY(r.paths[2].find("the service trusts the TTL sweeper") != std::string::npos);
        QCOMPARE(r.events.at("record_swept"), 2);
        QVERIFY(r.report.find("\"store_engine\": \"dynamodb\"") != std::string::npos);
    }

    void lateRetryUnderAConditionThatTestsExpiry()
    {
        const Run r = run(preset("dynamodb-late-retry-expiry-tested"));
        QCOMPARE(r.decisions, (std::vector<std::string> { "created", "created", "replayed", "expired_reexecuted" }));
        QVERIFY(r.paths[2].find("the failed PutItem returned the item it met (ALL_OLD)") != std::string::npos);
        QVERIFY(r.paths[3].find("expires_at < :now") != std::string::npos);
        QVERIFY(!r.events.count("record_swept"));
    }

    void eventuallyConsistentReadAfterAFailedPut()
    {
        const Run r = run(preset("dynamodb-eventually-consistent-read"));
        QCOMPARE(r.decisions, (std::vector<std::string> { "created", "conflict_in_progress" }));
        QVERIFY(r.paths[1].find("the GetItem was eventually consistent") != std::string::npos);
        QCOMPARE(r.events.at("stale_read"), 1);
        // With consistent reads the same retry is replayed.
        Scenario s = preset("dynamodb-eventually-consistent-read");
        s.service.consistentRead = true;
        const Run consistent = run(s);
        QCOMPARE(consistent.decisions, (std::vector<std::string> { "created", "replayed" }));
        QVERIFY(!consistent.events.count("stale_read"));
    }

    void writersClockSkewExpiresEarly()
    {
        const Run r = run(preset("dynamodb-clock-skew-early-expiry"));
        QCOMPARE(r.decisions, (std::vector<std::string> { "created", "expired_reexecuted" }));
        // Without the skew the retry, 15 minutes later, is replayed.
        Scenario s = preset("dynamodb-clock-skew-early-expiry");
        s.faults.erase(s.faults.begin());
        QCOMPARE(run(s).decisions, (std::vector<std::string> { "created", "replayed" }));
    }
};

QTEST_GUILESS_MAIN(TestDynamoModel)
#include "tst_dynamomodel.moc"
