// Tests for the table models behind the workbench's views: the requests and records models (and their sort/filter
// proxies) stay consistent under QAbstractItemModelTester while a simulation runs, show what the simulation says,
// follow resets, sweeps and live countdowns; and the small pure helpers they use.
#include "duration.h"
#include "recordrules.h"
#include "recordsmodel.h"
#include "requestsmodel.h"
#include "runcontroller.h"
#include "scenario.h"
#include "service.h"
#include "simulation.h"
#include "store.h"
#include "timelinemodel.h"

#include <QFile>
#include <QSet>

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTest>

using namespace iw;

namespace {

// Two copies of one order at t=0 (a double-click); the loser's client retries on 409.
const char* s_doubleSubmit = R"({
  "format": "idempotency-workbench/scenario@1", "name": "double", "seed": 3,
  "service": {"profile": "ietf", "handler_ms": 200, "db_ms": 2, "network_ms": 10},
  "clients": [{"id": "tab", "actor": "42", "timeout_ms": 2000,
               "retry": {"max_attempts": 3, "backoff": "constant", "base_ms": 300, "on": ["409"]}}],
  "requests": [{"at_ms": 0, "client": "tab", "operation": "order.create", "key": "k-1",
                "payload": {"amount": 100, "currency": "EUR"}, "copies": 2, "intent": "order-1"}]
})";

// A short TTL and a sweep: the first record is swept while the second is still being created, so the records
// table must lose a row in the middle of the run.
const char* s_sweep = R"({
  "format": "idempotency-workbench/scenario@1", "name": "sweep", "seed": 1,
  "service": {"profile": "ietf", "ttl_ms": 1000, "sweep_every_ms": 1500},
  "clients": [{"id": "c", "actor": "7", "timeout_ms": 5000, "retry": {"max_attempts": 1}}],
  "requests": [{"at_ms": 0, "client": "c", "operation": "op", "key": "a", "payload": {"n": 1}},
               {"at_ms": 1400, "client": "c", "operation": "op", "key": "b", "payload": {"n": 2}},
               {"at_ms": 3000, "client": "c", "operation": "op", "key": "c", "payload": {"n": 3}}]
})";

// A load generator: every repetition is a new intent with a random key, so records arrive scattered.
const char* s_load = R"({
  "format": "idempotency-workbench/scenario@1", "name": "load", "seed": 5,
  "service": {"profile": "ietf", "handler_ms": 20},
  "clients": [{"id": "c", "actor": "1", "timeout_ms": 1000, "retry": {"max_attempts": 1}}],
  "requests": [{"at_ms": 0, "client": "c", "operation": "op", "key": "auto", "payload": {"n": 1},
                "repeat": 300, "every_ms": 1}]
})";

Scenario scenarioFrom(const char* text)
{
    return loadScenario(text, "inline.json");
}

} // namespace

class TestModels : public QObject {
    Q_OBJECT

private slots:
    void testRequestsModelFollowsTheRun();
    void testRecordsModelFollowsTheRun_data();
    void testRecordsModelFollowsTheRun();
    void testResetEmptiesTheTables();
    void testTtlCountsDownWithoutReordering();
    void testFilterMatchesAnyColumn();
    void testRecordLooksStuck_data();
    void testRecordLooksStuck();
    void testExplanationsAreTrueOfTheirRulePaths();
    void testStuckIsOneRuleForTableAndTimeline();
};

void TestModels::testRequestsModelFollowsTheRun()
{
    RunController run;
    RequestsModel model(&run);
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(RequestsModel::SortRole);
    proxy.setFilterRole(RequestsModel::FilterRole);
    proxy.setFilterKeyColumn(-1);
    proxy.sort(RequestsModel::TimeColumn, Qt::DescendingOrder);
    QAbstractItemModelTester modelTester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);

    run.load(scenarioFrom(s_doubleSubmit));
    QCOMPARE(model.rowCount(), 0);
    while (!run.isFinished())
        run.stepEvent();

    const Simulation& sim = run.simulation();
    QCOMPARE(model.rowCount(), int(sim.requests().size()));
    QCOMPARE(proxy.rowCount(), model.rowCount());
    const RunSummary summary = sim.summary();
    std::map<std::string, std::int64_t> shown;
    for (int row = 0; row < model.rowCount(); ++row) {
        const RequestRow& r = sim.requests()[std::size_t(row)];
        const QString decision = model.index(row, RequestsModel::DecisionColumn).data().toString();
        if (r.decision) {
            QCOMPARE(decision, QString::fromUtf8(decisionName(*r.decision)));
            ++shown[decision.toStdString()];
            QCOMPARE(model.index(row, RequestsModel::StatusColumn).data().toInt(), r.status);
        }
        QCOMPARE(model.index(row, RequestsModel::KeyColumn).data().toString(), QStringLiteral("k-1"));
        QCOMPARE(model.index(row, RequestsModel::IdColumn).data(RequestsModel::RequestIndexRole).toInt(), row);
    }
    QCOMPARE(shown, summary.decisions);
    // The double submit: one created, one turned away while the first runs, and its retry replayed.
    QCOMPARE(summary.decisions.at("created"), 1);
    QCOMPARE(summary.decisions.at("conflict_in_progress"), 1);
    QCOMPARE(summary.decisions.at("replayed"), 1);
    // Newest first through the proxy.
    QCOMPARE(proxy.index(0, RequestsModel::IdColumn).data().toString(),
        QString::fromStdString(sim.requestId(int(sim.requests().size()) - 1)));
}

void TestModels::testRecordsModelFollowsTheRun_data()
{
    QTest::addColumn<QByteArray>("scenario");
    QTest::addColumn<bool>("stepByStep");
    QTest::newRow("double_submit_step_by_step") << QByteArray(s_doubleSubmit) << true;
    QTest::newRow("sweep_removes_a_row_mid_run") << QByteArray(s_sweep) << true;
    QTest::newRow("scattered_random_keys_half_then_the_rest_at_once") << QByteArray(s_load) << false;
    QTest::newRow("scattered_random_keys_step_by_step") << QByteArray(s_load) << true;
}

void TestModels::testRecordsModelFollowsTheRun()
{
    QFETCH(QByteArray, scenario);
    QFETCH(bool, stepByStep);
    RunController run;
    RecordsModel model(&run);
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(RecordsModel::SortRole);
    proxy.sort(RecordsModel::KeyColumn);
    QAbstractItemModelTester modelTester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);

    run.load(scenarioFrom(scenario.constData()));
    std::size_t maxRows = 0;
    if (stepByStep) {
        while (!run.isFinished()) {
            run.stepEvent();
            // Stepping is paused work: the table shows the store at once, record for record.
            const auto records = run.store().records();
            QCOMPARE(model.rowCount(), int(records.size()));
            for (const Record& r : records) {
                const int row = model.rowOfScope(run.scopeIndex(r.scope));
                QVERIFY(row >= 0);
                QCOMPARE(model.record(row), r);
            }
            maxRows = std::max(maxRows, records.size());
        }
    } else {
        // Half the records one by one, then the rest in one go: however scattered their keys, the new records
        // arrive as one appended block, so a selection or scroll position in the table survives.
        while (run.store().records().size() < 150)
            run.stepEvent();
        QCOMPARE(model.rowCount(), 150);
        QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
        QSignalSpy inserts(&model, &QAbstractItemModel::rowsInserted);
        run.runToEnd();
        QCOMPARE(resets.count(), 0);
        QCOMPARE(inserts.count(), 1);
    }
    const auto records = run.store().records();
    QCOMPARE(model.rowCount(), int(records.size()));
    const ServicePolicy& policy = run.scenario().service;
    for (const Record& r : records) {
        const int row = model.rowOfScope(run.scopeIndex(r.scope));
        QVERIFY(row >= 0);
        QCOMPARE(model.index(row, RecordsModel::KeyColumn).data().toString(), QString::fromStdString(r.scope.key));
        QCOMPARE(model.index(row, RecordsModel::StateColumn).data(RecordsModel::StateRole).toInt(),
            int(effectiveState(r, run.now(), policy)));
        const int scope = model.index(row, 0).data(RecordsModel::ScopeIndexRole).toInt();
        QCOMPARE(run.simulation().scopes()[std::size_t(scope)], r.scope);
    }
    if (scenario == s_sweep) {
        // Key "a" was swept at 1500 ms; "b" expired later but no sweep ran after the last event.
        QVERIFY(maxRows >= 2);
        QCOMPARE(model.rowOfScope(run.scopeIndex(Scope { "7", "op", "a" })), -1);
        QVERIFY(model.rowOfScope(run.scopeIndex(Scope { "7", "op", "c" })) >= 0);
    }
}

void TestModels::testResetEmptiesTheTables()
{
    RunController run;
    RequestsModel requests(&run);
    RecordsModel records(&run);
    QAbstractItemModelTester requestsTester(&requests, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester recordsTester(&records, QAbstractItemModelTester::FailureReportingMode::QtTest);
    run.load(scenarioFrom(s_doubleSubmit));
    run.runToEnd();
    QVERIFY(requests.rowCount() > 0);
    QCOMPARE(records.rowCount(), 1);
    QSignalSpy resets(&requests, &QAbstractItemModel::modelReset);
    run.reset();
    QCOMPARE(resets.count(), 1);
    QCOMPARE(requests.rowCount(), 0);
    QCOMPARE(records.rowCount(), 0);
    QCOMPARE(run.now(), Millis(0));
    // A rewound run replays to the same end.
    run.runToEnd();
    QCOMPARE(requests.rowCount(), int(run.simulation().requests().size()));
    QCOMPARE(records.rowCount(), 1);
}

void TestModels::testTtlCountsDownWithoutReordering()
{
    RunController run;
    RecordsModel model(&run);
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(RecordsModel::SortRole);
    proxy.sort(RecordsModel::TtlColumn);
    QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    run.load(scenarioFrom(s_doubleSubmit));
    run.runToEnd();
    QCOMPARE(model.rowCount(), 1);
    const QString before = model.index(0, RecordsModel::TtlColumn).data().toString();
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QSignalSpy layouts(&proxy, &QAbstractItemModel::layoutChanged);

    // Play on past the last event at top speed: the clock keeps running, so the TTL counts down.
    run.setSpeed(RunController::speeds().back());
    run.play();
    const Millis start = run.now();
    QTRY_VERIFY_WITH_TIMEOUT(run.now() > start + 5000, 5000);
    QTRY_VERIFY_WITH_TIMEOUT(model.index(0, RecordsModel::TtlColumn).data().toString() != before, 5000);
    run.pause();
    QVERIFY(!changed.isEmpty());
    QCOMPARE(layouts.count(), 0);
    const Record& r = model.record(0);
    QCOMPARE(model.index(0, RecordsModel::TtlColumn).data().toString(), shownDuration(r.expiresAt - run.now()));
}

void TestModels::testFilterMatchesAnyColumn()
{
    RunController run;
    RequestsModel model(&run);
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setFilterRole(RequestsModel::FilterRole);
    proxy.setFilterKeyColumn(-1);
    proxy.setFilterCaseSensitivity(Qt::CaseInsensitive);
    QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    run.load(scenarioFrom(s_doubleSubmit));
    run.runToEnd();
    proxy.setFilterFixedString(QStringLiteral("REPLAYED"));
    QCOMPARE(proxy.rowCount(), int(run.simulation().summary().decisions.at("replayed")));
    proxy.setFilterFixedString(QStringLiteral("no such text"));
    QCOMPARE(proxy.rowCount(), 0);
    proxy.setFilterFixedString(QString());
    QCOMPARE(proxy.rowCount(), model.rowCount());
}

void TestModels::testRecordLooksStuck_data()
{
    QTest::addColumn<int>("state");
    QTest::addColumn<qint64>("lease"); // -1: no lease
    QTest::addColumn<qint64>("now");
    QTest::addColumn<bool>("stuck");
    // Expires at 10 000 in every row.
    QTest::newRow("in_progress_within_lease") << int(RecordState::InProgress) << qint64(5000) << qint64(4000) << false;
    QTest::newRow("in_progress_lease_passed") << int(RecordState::InProgress) << qint64(5000) << qint64(5001) << true;
    QTest::newRow("in_progress_no_lease_before_expiry")
        << int(RecordState::InProgress) << qint64(-1) << qint64(9999) << false;
    QTest::newRow("in_progress_at_expiry") << int(RecordState::InProgress) << qint64(-1) << qint64(10000) << false;
    QTest::newRow("in_progress_past_expiry") << int(RecordState::InProgress) << qint64(-1) << qint64(10001) << true;
    QTest::newRow("completed_is_never_stuck") << int(RecordState::Completed) << qint64(5000) << qint64(6000) << false;
}

void TestModels::testRecordLooksStuck()
{
    QFETCH(int, state);
    QFETCH(qint64, lease);
    QFETCH(qint64, now);
    QFETCH(bool, stuck);
    ServicePolicy policy = ServicePolicy::forProfile(Profile::Ietf);
    Record r;
    r.state = RecordState(state);
    r.expiresAt = 10000;
    if (lease >= 0) {
        r.leaseUntil = lease;
        policy.leaseMs = 1000;
    }
    QCOMPARE(recordIsStuck(r, now, policy), stuck);
    // Without a lease, a record older than the no-lease age is stuck too (the live inspector's rule).
    r.expiresAt = 100'000'000;
    r.leaseUntil.reset();
    policy.leaseMs.reset();
    QVERIFY(!recordIsStuck(r, StuckRule {}.noLeaseAgeMs, policy));
    QCOMPARE(recordIsStuck(r, StuckRule {}.noLeaseAgeMs + 1, policy), r.state == RecordState::InProgress);
}

namespace {

// What an explanation sentence must agree with in the rule path: an empty string when it does, else the problem.
QString sentenceProblem(Decision d, const ServicePolicy& policy, const QString& path, const QString& reason)
{
    const auto has = [&](const char* s) { return path.contains(QLatin1String(s)); };
    const auto says = [&](const char* s) { return reason.contains(QLatin1String(s)); };
    if (reason.isEmpty())
        return QStringLiteral("no sentence");
    if (has("SQLSTATE 23505") && (!says("23505") || says("won the claim")))
        return QStringLiteral("the INSERT that met 23505 is explained as a winner");
    if (says("won the claim") && !has("claim won"))
        return QStringLiteral("says it won a claim the path does not show");
    if (d == Decision::Created && has("SELECT saw no row") && !says("check_then_insert"))
        return QStringLiteral("a check_then_insert owner not explained as one");
    if (d == Decision::Created && has("seen flag was clear") && !says("seen flag"))
        return QStringLiteral("a seen-flag owner not explained as one");
    if (d == Decision::Crashed && has("effect executed, then the process crashed") != says("after the effect"))
        return QStringLiteral("crash before/after the effect told wrong");
    if (says("record stays in progress") && policy.strategy != Strategy::UniqueClaim)
        return QStringLiteral("a record said to stay in progress under a strategy that keeps none in progress");
    if (says("tombstone still remembers") && !has("tombstone counts"))
        return QStringLiteral("a tombstone named where the path read the record itself");
    if (d == Decision::Unprotected && has("strategy none") != says("strategy is none"))
        return QStringLiteral("strategy none and no key confused");
    if (d == Decision::ConflictInProgress && has("conditional overwrite lost") != says("took it first"))
        return QStringLiteral("a lost takeover race not told");
    if (d == Decision::StoreUnavailable && has("completion write failed") != says("the handler ran"))
        return QStringLiteral("a failed completion write not told");
    if (has("error stored as the record's response") && !says("error is stored"))
        return QStringLiteral("a stored error not told");
    return {};
}

} // namespace

void TestModels::testExplanationsAreTrueOfTheirRulePaths()
{
    // Every preset under every strategy and profile: each decided request's sentence must agree with its path.
    const auto presets = listPresets();
    QVERIFY(!presets.empty());
    int checked = 0;
    QSet<QString> seen; // which telling cases came up, so the test cannot pass on a matrix that misses them
    for (const PresetInfo& preset : presets) {
        QFile file(QString::fromStdString(preset.resourcePath));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const Scenario base = loadScenario(file.readAll().toStdString(), preset.name + ".json");
        for (const Strategy strategy :
            { Strategy::UniqueClaim, Strategy::CheckThenInsert, Strategy::SeenFlag, Strategy::None }) {
            for (const Profile profile : { Profile::Ietf, Profile::Stripe, Profile::Powertools, Profile::Brandur }) {
                Scenario s = base;
                s.service.strategy = strategy;
                s.service.profile = profile;
                auto store = makeMemoryStore();
                std::unique_ptr<Simulation> sim;
                try {
                    sim = std::make_unique<Simulation>(s, *store);
                    sim->runToEnd();
                } catch (const std::exception&) {
                    continue; // a combination the loader or the service refuses
                }
                for (std::size_t i = 0; i < sim->requests().size(); ++i) {
                    const RequestRow& r = sim->requests()[i];
                    if (!r.decision)
                        continue;
                    // A route's call is decided by its hop, under the hop's own policy (docs/reference/routes.md).
                    const int request = static_cast<int>(i);
                    const ServicePolicy& policy = s.hopService(sim->hopOf(request));
                    const QString path = QString::fromStdString(sim->text(r.rulePath));
                    const QString reason = sim->requestReason(request) >= 0
                        ? QString::fromStdString(sim->text(sim->requestReason(request)))
                        : QString();
                    const QString problem = sentenceProblem(*r.decision, policy, path, reason);
                    QVERIFY2(problem.isEmpty(),
                        qPrintable(
                            QStringLiteral("%1 (%2, %3), %4: %5\n  path: %6\n  sentence: %7")
                                .arg(QString::fromStdString(preset.name),
                                    QString::fromUtf8(strategyName(strategy).data()),
                                    QString::fromUtf8(profileName(profile).data()),
                                    QString::fromUtf8(decisionName(*r.decision).data()), problem, path, reason)));
                    ++checked;
                    for (const char* c : { "SQLSTATE 23505", "seen flag was clear", "effect executed, then",
                             "the process crashed before", "strategy none", "completion write failed",
                             "conditional overwrite lost", "tombstone counts" })
                        if (path.contains(QLatin1String(c)))
                            seen.insert(QLatin1String(c));
                }
            }
        }
    }
    QVERIFY(checked > 1000);
    for (const char* c : { "SQLSTATE 23505", "seen flag was clear", "effect executed, then",
             "the process crashed before", "strategy none", "completion write failed" })
        QVERIFY2(seen.contains(QLatin1String(c)), c);
}

void TestModels::testStuckIsOneRuleForTableAndTimeline()
{
    // The lease preset: the owner crashes early, the lease runs 5 s, a retry takes over. Until the lease has
    // passed the record is in progress (someone may still finish it) in the table and on the timeline alike.
    QFile file(QStringLiteral(":/scenarios/crash-before-effect-lease.json"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const Scenario s = loadScenario(file.readAll().toStdString(), "crash-before-effect-lease.json");
    auto store = makeMemoryStore();
    Simulation sim(s, *store);
    while (sim.requests().empty() || !sim.requests()[0].decision) {
        QVERIFY(sim.step());
    }
    QCOMPARE(*sim.requests()[0].decision, Decision::Crashed);
    const Millis crash = sim.now();
    const int scope = sim.requests()[0].scope;
    const auto record = store->read(sim.scopes()[std::size_t(scope)]);
    QVERIFY(record && record->leaseUntil);
    const Millis lease = *record->leaseUntil;
    QVERIFY(lease > crash + 1000);

    TimelineModel model;
    model.syncFrom(sim);
    model.ensureSorted();
    const int lane = model.laneOfScope(scope);
    QVERIFY(lane >= 0);
    const auto stateAt = [&](Millis t) {
        const auto [b0, b1] = model.barRange(lane, double(t), double(t));
        QString states;
        for (std::size_t i = b0; i < b1; ++i)
            states += QString::fromUtf8(barStateKey(model.lane(lane).bars[i].state).data()) + QLatin1Char(' ');
        return states.trimmed();
    };
    // After the crash, within the lease: in progress for both.
    QVERIFY(!recordIsStuck(*record, crash + 1, s.service));
    QCOMPARE(stateAt(crash + 1), QStringLiteral("in_progress"));
    // Past the lease, before anyone took it over: stuck for both, and that is where the anomaly is.
    QVERIFY(recordIsStuck(*record, lease + 1, s.service));
    QCOMPARE(stateAt(lease + 1), QStringLiteral("stuck"));
    QVERIFY(!model.anomalies().empty());
    QCOMPARE(model.anomalies().front().t, lease);
}

QTEST_MAIN(TestModels)
#include "tst_models.moc"
