// The DynamoDB engine's model (docs/manual/stores.md): the scenario fields and the
// ttl_sweep_now and clock_skew faults as the loader reads, refuses and writes
// them; the conditional PutItem under each put_condition (Powertools' own
// condition mixes seconds and milliseconds); items past their TTL read until
// the sweeper deletes them; eventually consistent reads within read_lag_ms of a
// write; the 400 KB item cap (item_size_limit_bytes, sizes counted as DynamoDB
// counts them, large_response answers); and the presets' runs, whose rule paths
// and events show each hazard.
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

    void itemSizeCountsAsDynamodbDoes_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<bool>("powertools");
        QTest::addColumn<bool>("lease");
        QTest::addColumn<qint64>("bytes");
        // Powertools' completed item of operation "op": id 2 + "op#" 3 + 24 = 29,
        // expiration 10 + 6, status 6 + "COMPLETED" 9, data 4 + the map.
        const qint64 fixed = 29 + 16 + 15 + 4;
        // {"result_id":"e1"}: a map, 3 + (1 + 9 + 2).
        QTest::newRow("powertools_result_id") << QByteArray("{\"result_id\":\"e1\"}") << true << false << fixed + 15;
        // A deadline adds in_progress_expiration: 22 + 8.
        QTest::newRow("powertools_with_deadline")
            << QByteArray("{\"result_id\":\"e1\"}") << true << true << fixed + 15 + 30;
        // UTF-8 bytes, not characters: "é" is 2 bytes, "€" 3.
        QTest::newRow("utf8_value") << QByteArray("{\"n\":\"é€\"}") << true << false << fixed + 3 + 1 + 1 + 5;
        QTest::newRow("utf8_name") << QByteArray("{\"é\":\"x\"}") << true << false << fixed + 3 + 1 + 2 + 1;
        // Numbers: digits in pairs from an even power of ten, plus 1. 100 is one
        // digit at 10^2: 2 bytes; 120 two digits at 10^2: 3; 12 two at 10^1: 2.
        QTest::newRow("number_100") << QByteArray("{\"n\":100}") << true << false << fixed + 3 + 1 + 1 + 2;
        QTest::newRow("number_120") << QByteArray("{\"n\":120}") << true << false << fixed + 3 + 1 + 1 + 3;
        QTest::newRow("number_12") << QByteArray("{\"n\":12}") << true << false << fixed + 3 + 1 + 1 + 2;
        // -1.5: two digits from 10^0, plus 1, plus the sign.
        QTest::newRow("negative_fraction") << QByteArray("{\"n\":-1.5}") << true << false << fixed + 3 + 1 + 1 + 4;
        // A list: 3 + per element 1 + its value; true and null 1 byte each.
        QTest::newRow("list") << QByteArray("{\"l\":[true,null,\"ab\"]}") << true << false
                              << fixed + 3 + 1 + 1 + (3 + 2 + 2 + 3);
        // Any other service's item: pk "1#op#k" 2 + 6, payload_hash 12 + 1,
        // state 5 + 9, status_code 11 + 201 (3 digits: 3), response_body 13 + the
        // text, created_at, completed_at, expires_at 10/12/10 + 8 each.
        QTest::newRow("generic") << QByteArray("{\"result_id\":\"e1\"}") << false << false
                                 << qint64(8 + 13 + 14 + 14 + 13 + 18 + 18 + 20 + 18);
    }

    void itemSizeCountsAsDynamodbDoes()
    {
        QFETCH(QByteArray, body);
        QFETCH(bool, powertools);
        QFETCH(bool, lease);
        QFETCH(qint64, bytes);
        ServicePolicy policy = ServicePolicy::forProfile(powertools ? Profile::PowertoolsDynamodb : Profile::Ietf);
        policy.storeEngine = StoreEngine::Dynamodb;
        Record r = item("k", 10, 3'600'000);
        r.statusCode = 201;
        r.responseBody = body.toStdString();
        r.completedAt = 210;
        if (lease)
            r.leaseUntil = 5000;
        QCOMPARE(dynamoItemBytes(policy, r), std::int64_t(bytes));
    }

    void loaderReadsTheItemCapAndLargeResponses()
    {
        const Scenario s = load(R"({"profile": "powertools-dynamodb", "item_size_limit_bytes": 1024})",
            R"([{"kind": "large_response", "attempt": 1, "response_bytes": 2000}])");
        QCOMPARE(s.service.itemSizeLimitBytes, std::int64_t(1024));
        QCOMPARE(s.faults.at(0).responseBytes, std::int64_t(2000));
        const Scenario again = loadScenario(saveScenario(s), "again.json");
        QCOMPARE(again.service.itemSizeLimitBytes, std::int64_t(1024));
        QCOMPARE(again.faults.at(0).responseBytes, std::int64_t(2000));
        // DynamoDB's own 400 KB by default, and not written back then.
        const Scenario p = load(R"({"profile": "powertools-dynamodb"})");
        QCOMPARE(p.service.itemSizeLimitBytes, std::int64_t(409'600));
        QVERIFY(saveScenario(p).find("item_size_limit_bytes") == std::string::npos);
        QVERIFY(loadError(R"({"profile": "ietf", "item_size_limit_bytes": 100})")
                    .find("item_size_limit_bytes applies only to store_engine \"dynamodb\"")
            != std::string::npos);
        QVERIFY(
            loadError(R"({"profile": "powertools-dynamodb", "item_size_limit_bytes": 0})").find("item_size_limit_bytes")
            != std::string::npos);
        QVERIFY(loadError(R"({"profile": "ietf"})", R"([{"kind": "large_response"}])").find("response_bytes")
            != std::string::npos);
    }

    void largeResponseOverTheCapNeverCompletes()
    {
        // Powertools' item of operation "op" without validation or deadline is
        // 29 + 16 + 15 + 4 bytes, plus the answer as a map (its JSON text less 8):
        // an answer of 409544 bytes makes an item of exactly 409600, which fits.
        const char* twoRequests =
            R"([{"at_ms": 0, "client": "c", "operation": "op", "key": "k", "payload": {}},
            {"at_ms": 1000, "client": "c", "operation": "op", "key": "k", "payload": {}}])";
        const auto withAnswer = [&](int bytes) {
            return run(load(R"({"profile": "powertools-dynamodb"})",
                R"([{"kind": "large_response", "request": 0, "response_bytes": )" + std::to_string(bytes) + "}]",
                twoRequests));
        };
        const Run fits = withAnswer(409'544);
        QCOMPARE(fits.decisions, (std::vector<std::string> { "created", "replayed" }));
        QVERIFY(!fits.events.count("item_too_large"));
        QVERIFY(fits.report.find("\"state\": \"completed\"") != std::string::npos);
        const Run over = withAnswer(409'545);
        QCOMPARE(over.decisions, (std::vector<std::string> { "created", "conflict_in_progress" }));
        QCOMPARE(over.events.at("item_too_large"), 1);
        QCOMPARE(over.events.at("effect"), 1);
        QVERIFY(over.paths[0].find("over the item size limit") != std::string::npos);
        QVERIFY(over.report.find("\"status\": 500") != std::string::npos);
        QVERIFY(over.report.find("\"state\": \"in_progress\"") != std::string::npos);
        // A raised cap lets the same answer complete.
        const Run raised = run(load(R"({"profile": "powertools-dynamodb", "item_size_limit_bytes": 1048576})",
            R"([{"kind": "large_response", "request": 0, "response_bytes": 409545}])", twoRequests));
        QCOMPARE(raised.decisions, (std::vector<std::string> { "created", "replayed" }));
        // A hand-written service on DynamoDB: the fenced completion is refused the
        // same way, and the claim's item stays in progress.
        const Run generic = run(load(R"({"profile": "ietf", "store_engine": "dynamodb"})",
            R"([{"kind": "large_response", "request": 0, "response_bytes": 500000}])", twoRequests));
        QCOMPARE(generic.decisions, (std::vector<std::string> { "created", "conflict_in_progress" }));
        QCOMPARE(generic.events.at("item_too_large"), 1);
        // The memory store has no cap: the same answer is stored and replayed.
        const Run sql = run(load(R"({"profile": "ietf"})",
            R"([{"kind": "large_response", "request": 0, "response_bytes": 500000}])", twoRequests));
        QCOMPARE(sql.decisions, (std::vector<std::string> { "created", "replayed" }));
        QVERIFY(!sql.events.count("item_too_large"));
    }

    void largeResponsePresetOrdersOnEveryRetry()
    {
        const Run r = run(preset("dynamodb-large-response-never-completes"));
        QCOMPARE(r.decisions,
            (std::vector<std::string> { "created", "conflict_in_progress", "lease_takeover", "lease_takeover" }));
        QCOMPARE(r.events.at("item_too_large"), 3);
        QCOMPARE(r.events.at("effect"), 3);
        QVERIFY(r.paths[2].find("over the item size limit") != std::string::npos);
        // Under the cap the first attempt completes, and the client has its
        // answer: one order.
        Scenario s = preset("dynamodb-large-response-never-completes");
        s.faults.at(0).responseBytes = 300 * 1024;
        const Run small = run(s);
        QCOMPARE(small.decisions, (std::vector<std::string> { "created" }));
        QVERIFY(!small.events.count("item_too_large"));
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
