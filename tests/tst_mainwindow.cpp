// Offscreen tests of the main window as a user drives it: a preset runs to the end and the tables and counters
// agree with the simulation's own summary; clicking a mismatch explains it in the inspector with the differing
// field; an invalid payload blocks Fire with a visible message; every fire mode adds what it says; a policy edit
// rewinds; linked selection; and the window keeps its event loop turning while 100 000 intents run at top speed.
#include "counters.h"
#include "inspector.h"
#include "mainwindow.h"
#include "recordsmodel.h"
#include "requestsmodel.h"
#include "runcontroller.h"
#include "scenariopanel.h"
#include "selection.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QElapsedTimer>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace iw;

namespace {

// The double submit, as the preset describes it (used when the preset library is not there).
const char* s_doubleSubmit = R"({
  "format": "idempotency-workbench/scenario@1", "name": "double-submit-inline", "seed": 1,
  "service": {"profile": "ietf", "handler_ms": 200, "db_ms": 2, "network_ms": 10},
  "clients": [{"id": "browser", "actor": "42", "timeout_ms": 1000,
               "retry": {"max_attempts": 3, "backoff": "constant", "base_ms": 300, "on": ["timeout", "409", "5xx"]}}],
  "requests": [{"at_ms": 0, "client": "browser", "operation": "demo-request.create", "key": "k-double-1",
                "payload": {"amount": 100, "currency": "EUR"}, "copies": 2, "intent": "order-1"}]
})";

// r1 stores {amount 100}; r2 comes back with amount 250 under the same key: a payload mismatch.
const char* s_mismatch = R"({
  "format": "idempotency-workbench/scenario@1", "name": "mismatch-inline", "seed": 1,
  "service": {"profile": "ietf", "fingerprint": {"ignore": ["/client_note"]}},
  "clients": [{"id": "app", "actor": "42", "timeout_ms": 1000, "retry": {"max_attempts": 1}}],
  "requests": [
    {"at_ms": 0, "client": "app", "operation": "pay", "key": "k-pay", "intent": "order-1",
     "payload": {"amount": 100, "currency": "EUR", "client_note": "first"}},
    {"at_ms": 1000, "client": "app", "operation": "pay", "key": "k-pay", "intent": "order-1",
     "payload": {"amount": 250, "currency": "EUR", "client_note": "first"}}]
})";

// The load generator of the responsiveness test: 100 000 intents, each with its own key.
const char* s_hundredThousand = R"({
  "format": "idempotency-workbench/scenario@1", "name": "hundred-thousand", "seed": 9,
  "service": {"profile": "ietf", "handler_ms": 50, "db_ms": 1, "network_ms": 5},
  "clients": [{"id": "load", "actor": "1", "timeout_ms": 5000, "retry": {"max_attempts": 1}}],
  "requests": [{"at_ms": 0, "client": "load", "operation": "op", "key": "auto", "payload": {"n": 1},
                "repeat": 100000, "every_ms": 1}]
})";

QString number(qint64 n)
{
    return QLocale().toString(n);
}

std::int64_t decisions(const RunSummary& s, const char* name)
{
    const auto it = s.decisions.find(name);
    return it == s.decisions.end() ? 0 : it->second;
}

void clickRow(QTableView* view, int proxyRow)
{
    const QModelIndex index = view->model()->index(proxyRow, 0);
    view->scrollTo(index);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(index).center());
}

// The counters a user reads must be the simulation's own figures.
void compareCounters(const MainWindow& window)
{
    const RunSummary s = window.runController()->simulation().summary();
    const CountersView* c = window.counters();
    QCOMPARE(c->text(CountersView::Intents), number(s.intents));
    QCOMPARE(c->text(CountersView::Requests), number(s.requests));
    QCOMPARE(c->text(CountersView::Effects), number(s.effects));
    QCOMPARE(c->text(CountersView::DuplicateEffects), number(s.duplicateEffects));
    QCOMPARE(c->text(CountersView::Replays), number(decisions(s, "replayed")));
    QCOMPARE(c->text(CountersView::Conflicts),
        number(decisions(s, "conflict_in_progress") + decisions(s, "expired_rejected")));
    QCOMPARE(c->text(CountersView::Mismatches), number(decisions(s, "payload_mismatch")));
    QCOMPARE(c->isAlarm(CountersView::DuplicateEffects), s.duplicateEffects > 0);
}

} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void testPresetRunsToTheEnd();
    void testInspectorExplainsAMismatch();
    void testInvalidPayloadBlocksFire();
    void testFireModes();
    void testPolicyEditRewinds();
    void testLinkedSelection();
    void testSaveAndExport();
    void testStaysResponsiveWithHundredThousandIntents();
};

void TestMainWindow::initTestCase()
{
    // Keep the user's saved layout out of the tests, and the tests' out of the user's.
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("IdempotencyWorkbenchTests"));
    QLocale::setDefault(QLocale::c());
}

void TestMainWindow::testPresetRunsToTheEnd()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QAbstractItemModelTester requestsTester(
        window.requestsProxy(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester recordsTester(
        window.recordsProxy(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    RunController* run = window.runController();
    if (!window.scenarioPanel()->selectPreset(QStringLiteral("double-submit")))
        run->load(loadScenario(s_doubleSubmit, "inline.json"));
    QCOMPARE(run->now(), Millis(0));
    QCOMPARE(window.requestsModel()->rowCount(), 0);

    // What the teacher does: Play at 10×, and watch until it stops by itself.
    run->setSpeed(10);
    run->playAction()->trigger();
    QVERIFY(run->isPlaying());
    QTRY_VERIFY_WITH_TIMEOUT(run->isFinished() && !run->isPlaying(), 20000);
    QVERIFY(window.runStateText().contains(QStringLiteral("finished")));
    QCOMPARE(window.clockText(), QStringLiteral("t = %1").arg(formatClock(run->simulation().endTime())));

    const Simulation& sim = run->simulation();
    const RunSummary s = sim.summary();
    QCOMPARE(window.requestsProxy()->rowCount(), int(sim.requests().size()));
    QCOMPARE(window.recordsProxy()->rowCount(), int(run->store().records().size()));
    for (int row = 0; row < window.requestsModel()->rowCount(); ++row) {
        const RequestRow& r = sim.requests()[std::size_t(row)];
        QVERIFY(r.decision);
        QCOMPARE(window.requestsModel()->index(row, RequestsModel::DecisionColumn).data().toString(),
            QString::fromUtf8(decisionName(*r.decision)));
    }
    compareCounters(window);
    // The race itself: one winner, one turned away while the winner ran, then replayed; one effect.
    QCOMPARE(decisions(s, "created"), 1);
    QCOMPARE(decisions(s, "conflict_in_progress"), 1);
    QCOMPARE(decisions(s, "replayed"), 1);
    QCOMPARE(s.duplicateEffects, 0);
    QCOMPARE(window.recordsModel()->index(0, RecordsModel::StateColumn).data().toString(), QStringLiteral("completed"));
}

void TestMainWindow::testInspectorExplainsAMismatch()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    RunController* run = window.runController();
    run->load(loadScenario(s_mismatch, "inline.json"));
    run->runToEnd();
    const Simulation& sim = run->simulation();
    QCOMPARE(decisions(sim.summary(), "payload_mismatch"), 1);
    int mismatch = -1;
    for (std::size_t i = 0; i < sim.requests().size(); ++i) {
        if (sim.requests()[i].decision == Decision::PayloadMismatch)
            mismatch = int(i);
    }
    QVERIFY(mismatch >= 0);
    const RequestRow& r = sim.requests()[std::size_t(mismatch)];

    // Click its row, as a user would.
    const QModelIndex proxyIndex = window.requestsProxy()->mapFromSource(window.requestsModel()->index(mismatch, 0));
    clickRow(window.requestsView(), proxyIndex.row());
    QCOMPARE(window.selection()->request(), mismatch);

    const Inspector* inspector = window.inspector();
    QVERIFY(inspector->title().contains(QStringLiteral("payload_mismatch")));
    const QString details = inspector->detailsText();
    // The rule path, step by step, and the explanation sentence.
    for (const QString& step : QString::fromStdString(sim.text(r.rulePath)).split(QStringLiteral(" → ")))
        QVERIFY2(details.contains(step), qPrintable(step));
    QVERIFY(details.contains(QString::fromStdString(sim.text(sim.reason(r)))));
    // Both fingerprints, side by side, and the field that differs with both values.
    QVERIFY(details.contains(QString::fromStdString(sim.text(r.storedFingerprint))));
    QVERIFY(details.contains(QString::fromStdString(sim.fingerprint(r))));
    QVERIFY(details.contains(QStringLiteral("/amount")));
    const auto diff
        = diffCanonicalPayloads(*sim.canonicalForFingerprint(sim.text(r.storedFingerprint)), sim.canonicalPayload(r));
    int differing = 0;
    for (const FieldDifference& d : diff) {
        if (d.differs()) {
            ++differing;
            QCOMPARE(d.pointer, std::string("/amount"));
            QCOMPARE(d.stored, std::string("100"));
            QCOMPARE(d.requested, std::string("250"));
        }
    }
    QCOMPARE(differing, 1); // /client_note is ignored by the fingerprint, so it is not even listed
    QVERIFY(!details.contains(QStringLiteral("/client_note")));
    QVERIFY(inspector->ttlPermille() >= 0);

    // Esc clears the selection everywhere.
    QTest::keyClick(&window, Qt::Key_Escape);
    QCOMPARE(window.selection()->request(), -1);
    QVERIFY(inspector->title().contains(QStringLiteral("Nothing selected")));
}

void TestMainWindow::testInvalidPayloadBlocksFire()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    ScenarioPanel* panel = window.scenarioPanel();
    RunController* run = window.runController();
    const std::size_t entries = run->scenario().requests.size();

    panel->setPayloadText(QStringLiteral("{\"amount\": 100,\n \"currency\": }"));
    QVERIFY(!panel->payloadValid());
    QVERIFY(!panel->fireAction()->isEnabled());
    QVERIFY(!panel->fireParallelAction()->isEnabled());
    QVERIFY(!panel->fireDelayedAction()->isEnabled());
    QVERIFY(!panel->retryStormAction()->isEnabled());
    QVERIFY(panel->payloadErrorVisible());
    QVERIFY2(panel->payloadError().contains(QStringLiteral("Line 2, column 14")), qPrintable(panel->payloadError()));
    // Even when called directly, nothing is fired and the message says why.
    QSignalSpy messages(panel, &ScenarioPanel::message);
    QCOMPARE(panel->fire(ScenarioPanel::FireMode::Single), -1);
    QCOMPARE(run->scenario().requests.size(), entries);
    QCOMPARE(messages.count(), 1);
    QVERIFY(messages.first().first().toString().contains(QStringLiteral("not valid JSON")));

    // Duplicate member names are invalid I-JSON too.
    panel->setPayloadText(QStringLiteral("{\"a\": 1, \"a\": 2}"));
    QVERIFY(!panel->fireAction()->isEnabled());

    // Fixed: fire works again, and the canonical form and fingerprint show live.
    panel->setPayloadText(QStringLiteral("{\"currency\": \"EUR\", \"amount\": 1e2}"));
    QVERIFY(panel->payloadValid());
    QVERIFY(!panel->payloadErrorVisible());
    QVERIFY(panel->fireAction()->isEnabled());
    QCOMPARE(panel->canonicalText(), QStringLiteral("{\"amount\":100,\"currency\":\"EUR\"}"));
    QCOMPARE(panel->fingerprintText(), QString::fromStdString(sha256Hex("{\"amount\":100,\"currency\":\"EUR\"}")));
    panel->fireAction()->trigger();
    QCOMPARE(run->scenario().requests.size(), entries + 1);
}

void TestMainWindow::testFireModes()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    ScenarioPanel* panel = window.scenarioPanel();
    RunController* run = window.runController();
    const Simulation& sim = run->simulation();
    panel->setPayloadText(QStringLiteral("{\"amount\": 5}"));
    panel->setKey(RequestSpec::KeyKind::Literal, QStringLiteral("k-fire"));

    // Fire: on an idle workbench the run starts by itself and the request is decided.
    QCOMPARE(panel->fire(ScenarioPanel::FireMode::Single), 0);
    QVERIFY(run->isPlaying());
    run->setSpeed(RunController::speeds().back());
    QTRY_VERIFY_WITH_TIMEOUT(run->isFinished() && !run->isPlaying(), 10000);
    QCOMPARE(int(sim.requests().size()), 1);
    QCOMPARE(sim.requests()[0].decision, Decision::Created);
    QCOMPARE(window.requestsModel()->rowCount(), 1);

    // Fire N in parallel: N copies of one intent at one instant; the record is completed, so all are replayed.
    panel->setParallelCount(3);
    const int parallel = panel->fire(ScenarioPanel::FireMode::Parallel);
    run->runToEnd();
    int copies = 0;
    for (const RequestRow& r : sim.requests()) {
        if (r.entry == parallel) {
            ++copies;
            QCOMPARE(r.decision, Decision::Replayed);
            QCOMPARE(r.sent, sim.requests().back().sent);
        }
    }
    QCOMPARE(copies, 3);

    // Fire after delay: sent that long after the clock read when it was fired.
    panel->setDelayMs(5000);
    const Millis firedAt = run->now();
    const int delayed = panel->fire(ScenarioPanel::FireMode::Delayed);
    run->runToEnd();
    QCOMPARE(sim.requests().back().entry, delayed);
    QCOMPARE(sim.requests().back().sent, firedAt + 5000);

    // Faults strike the next fire only.
    panel->setKey(RequestSpec::KeyKind::Literal, QStringLiteral("k-crash"));
    panel->setNextFaults({ FaultKind::CrashAfterEffect });
    const int crashed = panel->fire(ScenarioPanel::FireMode::Single);
    const int clean = panel->fire(ScenarioPanel::FireMode::Single);
    run->runToEnd();
    for (const RequestRow& r : sim.requests()) {
        if (r.entry == crashed)
            QCOMPARE(r.decision, Decision::Crashed);
        if (r.entry == clean)
            QVERIFY(r.decision != Decision::Crashed);
    }

    // Retry storm: the blank client does not retry, so the storm turns retries on (which rewinds) and fires N
    // copies that then retry on 409.
    panel->setKey(RequestSpec::KeyKind::Literal, QStringLiteral("k-storm"));
    panel->setStormCount(8);
    QVERIFY(run->scenario().clients.front().retry.maxAttempts <= 1);
    const int storm = panel->fire(ScenarioPanel::FireMode::RetryStorm);
    QVERIFY(run->scenario().clients.front().retry.maxAttempts > 1);
    run->runToEnd();
    int firstAttempts = 0;
    int retries = 0;
    for (const RequestRow& r : run->simulation().requests()) {
        if (r.entry == storm) {
            firstAttempts += r.attempt == 1 ? 1 : 0;
            retries += r.attempt > 1 ? 1 : 0;
        }
    }
    QCOMPARE(firstAttempts, 8);
    QVERIFY(retries > 0);
    compareCounters(window);
    QCOMPARE(run->simulation().summary().duplicateEffects, 0); // unique_claim holds under the storm
}

void TestMainWindow::testPolicyEditRewinds()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    RunController* run = window.runController();
    run->load(loadScenario(s_doubleSubmit, "inline.json"));
    run->runToEnd();
    QVERIFY(run->now() > 0);
    auto* ttl = window.scenarioPanel()->findChild<QSpinBox*>(QStringLiteral("ttl"));
    QVERIFY(ttl);
    QSignalSpy resets(run, &RunController::resetDone);
    ttl->setValue(60'000);
    // Edits are applied once the user stops typing.
    QTRY_COMPARE_WITH_TIMEOUT(resets.count(), 1, 5000);
    QCOMPARE(run->scenario().service.ttlMs, Millis(60'000));
    QCOMPARE(run->now(), Millis(0));
    QCOMPARE(window.requestsModel()->rowCount(), 0);
    run->runToEnd();
    QCOMPARE(run->store().records().front().expiresAt, run->store().records().front().createdAt + 60'000);
}

void TestMainWindow::testLinkedSelection()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    RunController* run = window.runController();
    run->load(loadScenario(s_doubleSubmit, "inline.json"));
    run->runToEnd();
    // A request selects its record.
    clickRow(window.requestsView(), 1);
    const int request = window.requestsProxy()->index(1, 0).data(RequestsModel::RequestIndexRole).toInt();
    QCOMPARE(window.selection()->request(), request);
    const int scope = run->simulation().requests()[std::size_t(request)].scope;
    QCOMPARE(window.selection()->scope(), scope);
    QCOMPARE(window.recordsView()->currentIndex().data(RecordsModel::ScopeIndexRole).toInt(), scope);
    // A record selects every request on its scope.
    window.selection()->clear();
    clickRow(window.recordsView(), 0);
    QCOMPARE(window.selection()->request(), -1);
    QCOMPARE(window.selection()->scope(), scope);
    QCOMPARE(window.requestsView()->selectionModel()->selectedRows().size(), int(run->simulation().requests().size()));
    QVERIFY(window.inspector()->title().contains(QStringLiteral("k-double-1")));
    // Sorting keeps the selection on the same request.
    window.selection()->select(request, scope);
    window.requestsView()->sortByColumn(RequestsModel::IdColumn, Qt::DescendingOrder);
    QCOMPARE(window.requestsView()->currentIndex().data(RequestsModel::RequestIndexRole).toInt(), request);
}

void TestMainWindow::testSaveAndExport()
{
    MainWindow window;
    RunController* run = window.runController();
    run->load(loadScenario(s_doubleSubmit, "inline.json"));
    window.scenarioPanel()->setKey(RequestSpec::KeyKind::Literal, QStringLiteral("k-later"));
    window.scenarioPanel()->fire(ScenarioPanel::FireMode::Delayed);
    run->runToEnd();
    QTemporaryDir dir;
    QVERIFY(dir.isValid());

    // The saved scenario carries the fired request and replays to the same run.
    const QString scenarioPath = dir.filePath(QStringLiteral("saved.json"));
    QCOMPARE(window.saveScenarioTo(scenarioPath), QString());
    const Scenario saved = loadScenarioFile(scenarioPath.toStdString());
    QCOMPARE(saved.requests.size(), run->scenario().requests.size());
    auto store = makeMemoryStore();
    Simulation replay(saved, *store);
    replay.runToEnd();
    QCOMPARE(replay.summary().decisions, run->simulation().summary().decisions);

    // The report in each format names the scenario and carries every request.
    for (const auto& [format, name] : { std::pair { ReportFormat::Json, "report.json" },
             std::pair { ReportFormat::Csv, "report.csv" }, std::pair { ReportFormat::Markdown, "report.md" } }) {
        const QString path = dir.filePath(QString::fromLatin1(name));
        QCOMPARE(window.exportReportTo(path, format), QString());
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray text = file.readAll();
        for (std::size_t i = 0; i < run->simulation().requests().size(); ++i)
            QVERIFY(text.contains(QByteArray::fromStdString(run->simulation().requestId(int(i)))));
        if (format == ReportFormat::Json)
            QVERIFY(text.contains("idempotency-workbench/report@1"));
    }
    QVERIFY(
        !window.exportReportTo(dir.filePath(QStringLiteral("missing/dir/report.json")), ReportFormat::Json).isEmpty());
}

void TestMainWindow::testStaysResponsiveWithHundredThousandIntents()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    RunController* run = window.runController();
    run->load(loadScenario(s_hundredThousand, "inline.json"));
    run->setSpeed(RunController::speeds().back());

    // A timer that must keep firing while the run plays: the longest gap between two ticks is how long the user
    // would have waited for the window to react.
    QTimer heartbeat;
    heartbeat.setInterval(10);
    QElapsedTimer sinceTick;
    qint64 longestGap = 0;
    int ticks = 0;
    int ticksWhileRunning = 0;
    connect(&heartbeat, &QTimer::timeout, this, [&] {
        longestGap = std::max(longestGap, sinceTick.elapsed());
        sinceTick.restart();
        ++ticks;
        if (!run->isFinished())
            ++ticksWhileRunning;
    });
    QElapsedTimer wall;
    wall.start();
    sinceTick.start(); // a stall before the first tick counts too
    heartbeat.start();
    run->play();
    QTRY_VERIFY_WITH_TIMEOUT(run->isFinished() && !run->isPlaying(), 400000);
    heartbeat.stop();
    const qint64 elapsed = wall.elapsed();
    qInfo("100 000 intents played in %lld ms; %d heartbeats, longest gap %lld ms", elapsed, ticks, longestGap);

    const RunSummary s = run->simulation().summary();
    QCOMPARE(s.intents, 100000);
    // The loop kept turning while the run was still going: other timers fired between slices of simulation. (No
    // wall-clock threshold decides this test; the gap above is printed for people, and a run done in one blocking
    // call would give no tick at all before it finished.)
    QVERIFY2(
        ticksWhileRunning >= 3, qPrintable(QStringLiteral("only %1 heartbeats during the run").arg(ticksWhileRunning)));
    QVERIFY(ticks >= ticksWhileRunning);
    compareCounters(window);
    QCOMPARE(window.requestsModel()->rowCount(), int(run->simulation().requests().size()));
    QTRY_COMPARE_WITH_TIMEOUT(window.recordsModel()->rowCount(), int(run->store().records().size()), 5000);
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
