// Offscreen tests of the main window as a user drives it: a preset runs to the end and the tables and counters
// agree with the simulation's own summary; clicking a mismatch explains it in the inspector with the differing
// field; an invalid payload blocks Fire with a visible message; every fire mode adds what it says; a policy edit
// rewinds; linked selection; and the window keeps its event loop turning while 100 000 intents run at top speed.
#include "counters.h"
#include "durationspinbox.h"
#include "howtoread.h"
#include "inspector.h"
#include "mainwindow.h"
#include "presentermode.h"
#include "recordsmodel.h"
#include "requestsmodel.h"
#include "reviewlink.h"
#include "reviewwindow.h"
#include "runcontroller.h"
#include "runtables.h"
#include "scenariofiles.h"
#include "scenariopanel.h"
#include "selection.h"
#include "sequenceview.h"
#include "statusfields.h"
#include "strategycompare.h"
#include "timelineview.h"
#include "windowsize.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMessageBox>
#include <QRegularExpression>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSet>
#include <QSettings>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QUrl>
#include <QWheelEvent>
#include <QWidgetAction>

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

// The load generator of the responsiveness test: 100 000 intents, each with its own key. Under the sanitizers
// (a Debug build ten times slower) 10 000, so the test stays inside QTest's five minutes a function.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
constexpr int s_loadIntents = 10'000;
#else
constexpr int s_loadIntents = 100'000;
#endif
const char* s_loadScenario = R"({
  "format": "idempotency-workbench/scenario@1", "name": "hundred-thousand", "seed": 9,
  "service": {"profile": "ietf", "handler_ms": 50, "db_ms": 1, "network_ms": 5},
  "clients": [{"id": "load", "actor": "1", "timeout_ms": 5000, "retry": {"max_attempts": 1}}],
  "requests": [{"at_ms": 0, "client": "load", "operation": "op", "key": "auto", "payload": {"n": 1},
                "repeat": %1, "every_ms": 1}]
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
    // docs/reference/routes.md: with a route, the duplicates split by hop as the report's duplicate_effects_by_hop;
    // else nothing.
    const Simulation& sim = window.runController()->simulation();
    QStringList split;
    for (std::size_t hop = 0; hop < s.duplicateEffectsByHop.size(); ++hop)
        split << QString::fromUtf8(sim.scenario().hopName(int(hop)).data()) + QLatin1Char(' ')
                + number(s.duplicateEffectsByHop[hop]);
    QCOMPARE(c->hopSplit(), split.join(QStringLiteral(" · ")));
    QCOMPARE(c->hopSplit().isEmpty(), !sim.hasRoute());
}

} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void testPresetRunsToTheEnd();
    void testCompareStrategiesSideBySide();
    void testCompareStrategiesInPresenterMode();
    void testInspectorExplainsAMismatch();
    void testRecordThatNeverExpires();
    void testInvalidPayloadBlocksFire();
    void testFireModes();
    void testPolicyEditRewinds();
    void testLibraryProfileInTheForm();
    void testEveryProfileInTheForm();
    void testLongDurationsSurviveAnEdit();
    void testWheelScrollsThePolicyForm();
    void testNewCopyAndCompact();
    void testPresetsGroupedByTheRoute();
    void testStoreDownLateRetrySlowNetwork();
    void testLinkedSelection();
    void testSaveAndExport();
    void testStaysResponsiveUnderLoad();
    void testDecisionAndStateVisibleAt1280x800();
    void testFiringBehavesTheSameInEveryState();
    void testWindowsFitASmallScreen();
    void testTimelineShortcutsFromAnyFocus();
    void testToolbarIconsAndTooltips();
    void testHelpAboutSaysWhatItIs();
    void testStepAndSkipSayWhatRan();
    void testRouteInspectorAndCounters_data();
    void testRouteInspectorAndCounters();
    void testHopSplitReadableAt1280();
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
        window.tables()->requestsProxy(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester recordsTester(
        window.tables()->recordsProxy(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    RunController* run = window.runController();
    if (!window.scenarioPanel()->selectPreset(QStringLiteral("double-submit")))
        run->load(loadScenario(s_doubleSubmit, "inline.json"));
    QCOMPARE(run->now(), Millis(0));
    QCOMPARE(window.tables()->requestsModel()->rowCount(), 0);

    // What the teacher does: Play at 10×, and watch until it stops by itself.
    run->setSpeed(10);
    run->playAction()->trigger();
    QVERIFY(run->isPlaying());
    QTRY_VERIFY_WITH_TIMEOUT(run->isFinished() && !run->isPlaying(), 20000);
    QVERIFY(window.status()->runStateText().contains(QStringLiteral("finished")));
    QCOMPARE(window.status()->clockText(), QStringLiteral("t = %1").arg(formatClock(run->simulation().endTime())));

    const Simulation& sim = run->simulation();
    const RunSummary s = sim.summary();
    QCOMPARE(window.tables()->requestsProxy()->rowCount(), int(sim.requests().size()));
    QCOMPARE(window.tables()->recordsProxy()->rowCount(), int(run->store().records().size()));
    for (int row = 0; row < window.tables()->requestsModel()->rowCount(); ++row) {
        const RequestRow& r = sim.requests()[std::size_t(row)];
        QVERIFY(r.decision);
        QCOMPARE(window.tables()->requestsModel()->index(row, RequestsModel::DecisionColumn).data().toString(),
            QString::fromUtf8(decisionName(*r.decision)));
    }
    compareCounters(window);
    // The race itself: one winner, one turned away while the winner ran, then replayed; one effect.
    QCOMPARE(decisions(s, "created"), 1);
    QCOMPARE(decisions(s, "conflict_in_progress"), 1);
    QCOMPARE(decisions(s, "replayed"), 1);
    QCOMPARE(s.duplicateEffects, 0);
    QCOMPARE(window.tables()->recordsModel()->index(0, RecordsModel::StateColumn).data().toString(),
        QStringLiteral("completed"));
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
    const QModelIndex proxyIndex
        = window.tables()->requestsProxy()->mapFromSource(window.tables()->requestsModel()->index(mismatch, 0));
    clickRow(window.tables()->requestsView(), proxyIndex.row());
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

// A Redis claim written by HSETNX whose EXPIRE never ran has no expiry (kNeverExpires): the inspector says so, and
// its TTL bar does not overflow computing a fraction of "never" (UBSan caught that in the lesson's step 3).
void TestMainWindow::testRecordThatNeverExpires()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    RunController* run = window.runController();
    run->load(loadScenarioFile(IW_SOURCE_DIR "/resources/scenarios/redis-hset-expire-after-crash.json"));
    run->runToEnd();
    // Click its row, as a user would (the selection then holds its scope too).
    clickRow(window.tables()->requestsView(),
        window.tables()->requestsProxy()->mapFromSource(window.tables()->requestsModel()->index(0, 0)).row());
    QCOMPARE(window.selection()->request(), 0);
    auto* inspector = window.findChild<Inspector*>();
    QVERIFY(inspector);
    inspector->rebuild();
    QVERIFY2(inspector->detailsText().contains(QStringLiteral("never (no expiry was written)")),
        qPrintable(inspector->detailsText()));
    QCOMPARE(inspector->ttlPermille(), 1000);
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
    QCOMPARE(window.tables()->requestsModel()->rowCount(), 1);

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
    auto* ttl = window.scenarioPanel()->findChild<DurationSpinBox*>(QStringLiteral("ttl"));
    QVERIFY(ttl);
    QSignalSpy resets(run, &RunController::resetDone);
    ttl->setValue(60'000);
    // Edits are applied once the user stops typing.
    QTRY_COMPARE_WITH_TIMEOUT(resets.count(), 1, 5000);
    QCOMPARE(run->scenario().service.ttlMs, Millis(60'000));
    QCOMPARE(run->now(), Millis(0));
    QCOMPARE(window.tables()->requestsModel()->rowCount(), 0);
    run->runToEnd();
    QCOMPARE(run->store().records().front().expiresAt, run->store().records().front().createdAt + 60'000);
}

void TestMainWindow::testLibraryProfileInTheForm()
{
    // docs/reference/decisions.md#profiles: the form offers the library profiles and their fields, and keeps "no limit"
    // and "never" as they are (a spin box's range would otherwise have turned them into a limit and an expiry).
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    RunController* run = window.runController();
    run->load(loadScenario(s_doubleSubmit, "inline.json"));
    auto* panel = window.scenarioPanel();
    QComboBox* profile = nullptr;
    for (QComboBox* combo : panel->findChildren<QComboBox*>()) {
        if (combo->findText(QStringLiteral("express-idempotency")) >= 0)
            profile = combo;
    }
    QVERIFY(profile);
    QVERIFY(profile->findText(QStringLiteral("node-idempotency")) >= 0);
    QSignalSpy resets(run, &RunController::resetDone);
    profile->setCurrentIndex(profile->findText(QStringLiteral("express-idempotency")));
    QTRY_COMPARE_WITH_TIMEOUT(resets.count(), 1, 5000);
    const ServicePolicy& express = run->scenario().service;
    QCOMPARE(express.profile, Profile::ExpressIdempotency);
    QCOMPARE(express.keyScope, KeyScope::Global);
    QCOMPARE(express.fingerprintParts, unsigned(PartMethod | PartPath | PartQuery | PartBody));
    QVERIFY(!express.keyLengthLimited());
    QCOMPARE(express.ttlMs, kNeverMs);
    QCOMPARE(panel->findChild<QComboBox*>(QStringLiteral("keyScope"))->currentText(), QStringLiteral("global"));
    QVERIFY(panel->findChild<QCheckBox*>(QStringLiteral("ttlNever"))->isChecked());
    // The wait field edits in_progress_wait_ms.
    profile->setCurrentIndex(profile->findText(QStringLiteral("node-idempotency")));
    QTRY_COMPARE_WITH_TIMEOUT(resets.count(), 2, 5000);
    QCOMPARE(run->scenario().service.fingerprintForm, FingerprintForm::Ordered);
    QCOMPARE(run->scenario().service.conflictRetryAfterS, std::optional<int>(1));
    QCOMPARE(panel->findChild<QSpinBox*>(QStringLiteral("maxKeyLength"))->value(), 256);
    auto* waitBox = panel->findChild<DurationSpinBox*>(QStringLiteral("inProgressWait"));
    QVERIFY(waitBox);
    panel->findChild<QCheckBox*>(QStringLiteral("hasInProgressWait"))->setChecked(true);
    waitBox->setValue(5000);
    QTRY_COMPARE_WITH_TIMEOUT(run->scenario().service.inProgressWaitMs, std::optional<Millis>(5000), 5000);
}

void TestMainWindow::testEveryProfileInTheForm()
{
    // Issue 42 (fourth pass, item 8): the form's profile list lacked powertools-redis, powertools-redis-fixed and
    // powertools-dynamodb, which --profile and a scenario's "profile" accept. It lists every profile the engine's name
    // table knows, in its order; choosing a library on an engine of its own brings that engine, and leaving it for
    // a profile without one goes back to the SQL store.
    MainWindow window;
    RunController* run = window.runController();
    run->load(loadScenario(s_doubleSubmit, "inline.json"));
    auto* profile = window.scenarioPanel()->findChild<QComboBox*>(QStringLiteral("profile"));
    QVERIFY(profile);
    QStringList shown;
    for (int i = 0; i < profile->count(); ++i)
        shown << profile->itemText(i);
    QStringList known;
    for (const Profile p : allProfiles())
        known << QString::fromUtf8(profileName(p));
    QCOMPARE(shown, known);
    QVERIFY(
        known.contains(QStringLiteral("powertools-redis")) && known.contains(QStringLiteral("powertools-dynamodb")));

    QSignalSpy resets(run, &RunController::resetDone);
    const auto choose = [&](const char* name) {
        const int before = int(resets.count());
        profile->setCurrentIndex(profile->findText(QString::fromLatin1(name)));
        QTRY_COMPARE_WITH_TIMEOUT(int(resets.count()), before + 1, 5000);
        QCOMPARE(QString::fromUtf8(profileName(run->scenario().service.profile)), QString::fromLatin1(name));
        run->runToEnd();
        QVERIFY(run->isFinished());
        QVERIFY(!run->simulation().requests().empty());
    };
    choose("powertools-redis");
    QCOMPARE(run->scenario().service.storeEngine, StoreEngine::Redis);
    QCOMPARE(run->scenario().service.strategy, Strategy::UniqueClaim);
    choose("powertools-dynamodb");
    QCOMPARE(run->scenario().service.storeEngine, StoreEngine::Dynamodb);
    QCOMPARE(run->scenario().service.putCondition, PutCondition::Powertools);
    choose("stripe");
    QCOMPARE(run->scenario().service.storeEngine, StoreEngine::Sql);
}

void TestMainWindow::testLongDurationsSurviveAnEdit()
{
    // A thirty-day TTL is beyond an int's 24.8 days of milliseconds: the panel shows it whole, and editing another
    // field of the policy leaves it as the scenario has it (it was cut to 24 d 20 h and written back).
    MainWindow window;
    RunController* run = window.runController();
    QString text = QString::fromUtf8(s_doubleSubmit);
    text.replace(QStringLiteral("\"handler_ms\": 200"), QStringLiteral("\"handler_ms\": 200, \"ttl_ms\": 2592000000"));
    run->load(loadScenario(text.toStdString(), "inline.json"));
    QCOMPARE(run->scenario().service.ttlMs, Millis(2'592'000'000));
    auto* ttl = window.scenarioPanel()->findChild<DurationSpinBox*>(QStringLiteral("ttl"));
    QVERIFY(ttl);
    QCOMPARE(ttl->value(), Millis(2'592'000'000));
    QCOMPARE(ttl->text(), QStringLiteral("30 d"));
    QSignalSpy resets(run, &RunController::resetDone);
    auto* strategy = window.scenarioPanel()->findChild<QComboBox*>(QStringLiteral("strategy"));
    QVERIFY(strategy);
    strategy->setCurrentIndex(strategy->findData(int(Strategy::CheckThenInsert)));
    QTRY_COMPARE_WITH_TIMEOUT(resets.count(), 1, 5000);
    QCOMPARE(run->scenario().service.strategy, Strategy::CheckThenInsert);
    QCOMPARE(run->scenario().service.ttlMs, Millis(2'592'000'000));
}

void TestMainWindow::testWheelScrollsThePolicyForm()
{
    // Issue 42 item 10: the wheel over the policy form scrolls it; a field under the pointer changes only once it has
    // focus (the strategy became seen_flag under a scrolling teacher and the run rewound).
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    RunController* run = window.runController();
    run->load(loadScenario(s_doubleSubmit, "inline.json"));
    auto* strategy = window.scenarioPanel()->findChild<QComboBox*>(QStringLiteral("strategy"));
    QVERIFY(strategy);
    auto* tabs = window.scenarioPanel()->findChild<QTabWidget*>();
    QVERIFY(tabs);
    tabs->setCurrentIndex(1); // Service policy
    QCoreApplication::processEvents();
    QScrollArea* area = nullptr;
    for (QWidget* w = strategy->parentWidget(); w && !area; w = w->parentWidget())
        area = qobject_cast<QScrollArea*>(w);
    QVERIFY(area);
    QVERIFY2(area->verticalScrollBar()->maximum() > 0, "the policy form fits: nothing to scroll at 1280x800");
    area->verticalScrollBar()->setValue(0);
    QApplication::setActiveWindow(&window);
    QVERIFY(QTest::qWaitForWindowActive(&window));
    window.setFocus();
    QVERIFY(!strategy->hasFocus());
    const int before = strategy->currentIndex();
    QSignalSpy resets(run, &RunController::resetDone);
    const QPoint at = strategy->rect().center();
    QWheelEvent down(QPointF(at), QPointF(strategy->mapToGlobal(at)), QPoint(), QPoint(0, -120), Qt::NoButton,
        Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(strategy, &down);
    QCOMPARE(strategy->currentIndex(), before);
    QVERIFY2(area->verticalScrollBar()->value() > 0, "the form did not scroll");
    QTest::qWait(600); // longer than the policy edit's delay: no rewind came
    QCOMPARE(resets.count(), 0);
    // With focus, the wheel is the field's again.
    strategy->setFocus();
    QApplication::sendEvent(strategy, &down);
    QVERIFY(strategy->currentIndex() != before);
}

void TestMainWindow::testNewCopyAndCompact()
{
    // Issue 42 item 14: File → New clears the previous preset's key and highlight; Copy as Mermaid says it copied;
    // Compact is remembered by the next window.
    QSettings().remove(QStringLiteral("sequence/compact"));
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.scenarioPanel()->selectPreset(QStringLiteral("same-key-other-actor")));
        auto* key = window.scenarioPanel()->findChild<QLineEdit*>(QStringLiteral("key"));
        QVERIFY(key);
        const QString presetKey = key->text();
        QVERIFY(presetKey != QStringLiteral("k-1"));
        auto* presets = window.scenarioPanel()->findChild<QListWidget*>(QStringLiteral("presets"));
        QVERIFY(presets && presets->currentItem());
        window.files()->newAction()->trigger();
        QCOMPARE(key->text(), QStringLiteral("k-1"));
        QVERIFY(presets->selectedItems().isEmpty());
        QVERIFY(!presets->currentItem());

        window.scenarioPanel()->selectPreset(QStringLiteral("double-submit"));
        window.runController()->runToEnd();
        QSignalSpy copied(window.sequence(), &SequenceView::copied);
        auto* copy = window.sequence()->findChild<QToolButton*>(QStringLiteral("sequenceCopyMermaid"));
        QVERIFY(copy);
        copy->click();
        QCOMPARE(copied.count(), 1);
        QVERIFY2(window.statusBar()->currentMessage().contains(QStringLiteral("Mermaid")),
            qPrintable(window.statusBar()->currentMessage()));
        QVERIFY(!window.sequence()->isCompact());
        window.sequence()->setCompact(true);
    }
    {
        MainWindow window;
        QVERIFY(window.sequence()->isCompact());
        window.sequence()->setCompact(false);
    }
    QSettings().remove(QStringLiteral("sequence/compact"));
}

void TestMainWindow::testPresetsGroupedByTheRoute()
{
    // Issue 42, what the teacher wanted: the preset list maps the articles' six-step route to the presets — each step
    // a heading, its presets under it, every preset listed once and loading with a click.
    MainWindow window;
    auto* presets = window.scenarioPanel()->findChild<QListWidget*>(QStringLiteral("presets"));
    QVERIFY(presets);
    QStringList headings;
    QStringList names;
    QString stepOfSameKey;
    QString current;
    for (int i = 0; i < presets->count(); ++i) {
        QListWidgetItem* item = presets->item(i);
        if (!(item->flags() & Qt::ItemIsEnabled)) {
            headings << item->text();
            current = item->text();
            continue;
        }
        const QString name = item->data(Qt::UserRole + 1).toString();
        names << name;
        if (name == QStringLiteral("same-key-other-actor"))
            stepOfSameKey = current;
    }
    QVERIFY2(headings.size() >= 6, qPrintable(headings.join(QStringLiteral(" | "))));
    for (int step = 1; step <= 6; ++step)
        QVERIFY2(headings[step - 1].startsWith(QString::number(step) + QStringLiteral(". ")),
            qPrintable(headings[step - 1]));
    QCOMPARE(stepOfSameKey, headings[0]);
    QCOMPARE(int(names.size()), int(listPresets().size()));
    QCOMPARE(int(QSet<QString>(names.begin(), names.end()).size()), int(names.size()));
    QCOMPARE(window.scenarioPanel()->presetCount(), int(names.size()));
    QVERIFY(window.scenarioPanel()->selectPreset(QStringLiteral("stripe-at-least-24-hours")));
    QCOMPARE(
        QString::fromStdString(window.runController()->scenario().name), QStringLiteral("stripe-at-least-24-hours"));
}

void TestMainWindow::testStoreDownLateRetrySlowNetwork()
{
    // Issue 42, what the teacher wanted: store down, late retry and slow network among the faults for the next fire,
    // reachable without scrolling at 1280×800 (the Fire box's Faults menu, beside Fire), each doing what it says.
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    ScenarioPanel* panel = window.scenarioPanel();
    RunController* run = window.runController();
    const Simulation& sim = run->simulation();
    QCoreApplication::processEvents();
    auto* faults = panel->findChild<QToolButton*>(QStringLiteral("faultsMenu"));
    QVERIFY(faults && faults->isVisible() && faults->menu());
    for (QWidget* w = faults->parentWidget(); w; w = w->parentWidget())
        QVERIFY2(!qobject_cast<QScrollArea*>(w), "the Faults menu is inside a scrolled area");
    QVERIFY(QRect(QPoint(0, 0), window.size()).contains(QRect(faults->mapTo(&window, QPoint(0, 0)), faults->size())));
    QStringList seen;
    for (QAction* action : faults->menu()->actions())
        seen << action->text();
    for (const char* text : { "store down", "late retry", "slow network" })
        QVERIFY2(seen.contains(QLatin1String(text)), qPrintable(seen.join(QStringLiteral(", "))));
    // A menu item and the Request tab's box are one choice.
    QAction* lateItem = nullptr;
    for (QAction* action : faults->menu()->actions())
        if (action->text() == QStringLiteral("late retry"))
            lateItem = action;
    lateItem->trigger();
    QCOMPARE(faults->text(), QStringLiteral("Faults (1)"));
    lateItem->trigger();
    QCOMPARE(faults->text(), QStringLiteral("Faults"));

    panel->setKey(RequestSpec::KeyKind::Literal, QStringLiteral("k-down"));
    panel->setNextFaults({ FaultKind::DbDown });
    const int down = panel->fire(ScenarioPanel::FireMode::Single);
    run->pause();
    run->runToEnd();
    QVERIFY(std::any_of(sim.requests().begin(), sim.requests().end(),
        [&](const RequestRow& r) { return r.entry == down && r.decision == Decision::StoreUnavailable; }));

    panel->setKey(RequestSpec::KeyKind::Literal, QStringLiteral("k-late"));
    panel->setNextFaults({ FaultKind::LateRetry });
    const Millis sent = run->now();
    const int late = panel->fire(ScenarioPanel::FireMode::Single);
    run->pause();
    run->runToEnd();
    std::vector<const RequestRow*> attempts;
    for (const RequestRow& r : sim.requests())
        if (r.entry == late)
            attempts.push_back(&r);
    QCOMPARE(attempts.size(), std::size_t(2));
    QCOMPARE(attempts[1]->sent - sent, run->scenario().service.ttlMs + 3'600'000);

    panel->setKey(RequestSpec::KeyKind::Literal, QStringLiteral("k-slow"));
    panel->setNextFaults({ FaultKind::SlowNetwork });
    const int slow = panel->fire(ScenarioPanel::FireMode::Single);
    run->pause();
    run->runToEnd();
    for (const RequestRow& r : sim.requests())
        if (r.entry == slow && r.attempt == 1)
            QVERIFY(r.outcome == ClientOutcome::Timeout);
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
    clickRow(window.tables()->requestsView(), 1);
    const int request = window.tables()->requestsProxy()->index(1, 0).data(RequestsModel::RequestIndexRole).toInt();
    QCOMPARE(window.selection()->request(), request);
    const int scope = run->simulation().requests()[std::size_t(request)].scope;
    QCOMPARE(window.selection()->scope(), scope);
    QCOMPARE(window.tables()->recordsView()->currentIndex().data(RecordsModel::ScopeIndexRole).toInt(), scope);
    // A record selects every request on its scope.
    window.selection()->clear();
    clickRow(window.tables()->recordsView(), 0);
    QCOMPARE(window.selection()->request(), -1);
    QCOMPARE(window.selection()->scope(), scope);
    QCOMPARE(window.tables()->requestsView()->selectionModel()->selectedRows().size(),
        int(run->simulation().requests().size()));
    QVERIFY(window.inspector()->title().contains(QStringLiteral("k-double-1")));
    // Sorting keeps the selection on the same request.
    window.selection()->select(request, scope);
    window.tables()->requestsView()->sortByColumn(RequestsModel::IdColumn, Qt::DescendingOrder);
    QCOMPARE(window.tables()->requestsView()->currentIndex().data(RequestsModel::RequestIndexRole).toInt(), request);
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
    QCOMPARE(window.files()->saveScenarioTo(scenarioPath), QString());
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
        QCOMPARE(window.files()->exportReportTo(path, format), QString());
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray text = file.readAll();
        for (std::size_t i = 0; i < run->simulation().requests().size(); ++i)
            QVERIFY(text.contains(QByteArray::fromStdString(run->simulation().requestId(int(i)))));
        if (format == ReportFormat::Json)
            QVERIFY(text.contains("idempotency-workbench/report@1"));
    }
    QVERIFY(!window.files()
                 ->exportReportTo(dir.filePath(QStringLiteral("missing/dir/report.json")), ReportFormat::Json)
                 .isEmpty());
}

void TestMainWindow::testStaysResponsiveUnderLoad()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    RunController* run = window.runController();
    run->load(loadScenario(QString::fromUtf8(s_loadScenario).arg(s_loadIntents).toStdString(), "inline.json"));
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
    qInfo(
        "%d intents played in %lld ms; %d heartbeats, longest gap %lld ms", s_loadIntents, elapsed, ticks, longestGap);

    const RunSummary s = run->simulation().summary();
    QCOMPARE(s.intents, s_loadIntents);
    // The loop kept turning while the run was still going: other timers fired between slices of simulation. (No
    // wall-clock threshold decides this test; the gap above is printed for people, and a run done in one blocking
    // call would give no tick at all before it finished.)
    QVERIFY2(
        ticksWhileRunning >= 3, qPrintable(QStringLiteral("only %1 heartbeats during the run").arg(ticksWhileRunning)));
    QVERIFY(ticks >= ticksWhileRunning);
    compareCounters(window);
    QCOMPARE(window.tables()->requestsModel()->rowCount(), int(run->simulation().requests().size()));
    QTRY_COMPARE_WITH_TIMEOUT(window.tables()->recordsModel()->rowCount(), int(run->store().records().size()), 5000);
}

void TestMainWindow::testCompareStrategiesSideBySide()
{
    // Issue 42, wanted: unique_claim beside check_then_insert as two timelines of the same requests, one clock.
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.scenarioPanel()->selectPreset(QStringLiteral("check-then-insert-race")));
    RunController* run = window.runController();
    StrategyComparison* compare = window.comparison();
    QVERIFY(compare);
    QVERIFY(!compare->dock()->isVisible());
    compare->toggleAction()->trigger();
    QTRY_VERIFY(compare->dock()->isVisible());
    // Beside check_then_insert, unique_claim by default: the same requests, played to the window's instant.
    QCOMPARE(compare->strategy(), Strategy::UniqueClaim);
    QVERIFY(compare->simulation());
    QCOMPARE(compare->simulation()->now(), run->now());
    run->runToEnd();
    // unique_claim's run ends sooner (no second handler, no failed INSERT): its clock stops at its last event, and
    // its timeline shows the window's instant.
    QVERIFY(compare->simulation()->finished());
    QVERIFY(compare->simulation()->now() <= run->now());
    QCOMPARE(run->counters().duplicateEffects, 1);
    QCOMPARE(compare->simulation()->summary().duplicateEffects, 0);
    QCOMPARE(compare->simulation()->summary().requests, run->simulation().summary().requests);
    QCOMPARE(compare->timeline()->scene().now, run->now());
    auto* summary = compare->dock()->findChild<QLabel*>(QStringLiteral("compareSummary"));
    QVERIFY(summary);
    QVERIFY2(summary->text().contains(QStringLiteral("unique_claim")), qPrintable(summary->text()));
    QVERIFY2(summary->text().contains(QStringLiteral("0 duplicate")), qPrintable(summary->text()));
    // Fourth pass, item 3: the comparison's figures and the window's counters read whole at 1280×800 and on a smaller
    // screen: the summary wraps onto a second line instead of being cut, and no counter's value or caption is
    // squeezed by the second timeline.
    for (const QSize size : { QSize(1280, 800), QSize(1024, 720) }) {
        window.resize(size);
        QTest::qWait(50);
        QCoreApplication::processEvents();
        const QByteArray where = QByteArray::number(size.width()) + "x" + QByteArray::number(size.height()) + ": ";
        const QRect needed = summary->fontMetrics().boundingRect(
            QRect(0, 0, summary->contentsRect().width(), 10'000), Qt::TextWordWrap, summary->text());
        QVERIFY2(
            needed.height() <= summary->contentsRect().height() && needed.width() <= summary->contentsRect().width(),
            QByteArray(where + summary->text().toUtf8() + " needs " + QByteArray::number(needed.width()) + "x"
                + QByteArray::number(needed.height()) + " in " + QByteArray::number(summary->contentsRect().width())
                + "x" + QByteArray::number(summary->contentsRect().height()))
                .constData());
        auto* counters = window.findChild<QDockWidget*>(QStringLiteral("countersDock"));
        QVERIFY(counters && counters->isVisible());
        for (QLabel* label : counters->findChildren<QLabel*>()) {
            if (!label->isVisible() || label->objectName() == QStringLiteral("duplicatesByHop"))
                continue;
            const int height = label->wordWrap() ? label->heightForWidth(label->width()) : label->sizeHint().height();
            QVERIFY2(label->height() >= height,
                QByteArray(where + label->text().toUtf8() + " is " + QByteArray::number(label->height())
                    + " pixels high, needs " + QByteArray::number(height))
                    .constData());
        }
    }
    window.resize(1280, 800);
    // Back in time, both go back: the second run is run again to the same instant.
    run->runTo(100);
    QCOMPARE(run->now(), Millis(100));
    QCOMPARE(compare->simulation()->now(), Millis(100));
    // Another strategy: the same scenario again under it, at the same instant.
    compare->setStrategy(Strategy::CheckThenInsert);
    QCOMPARE(compare->simulation()->scenario().service.strategy, Strategy::CheckThenInsert);
    QCOMPARE(compare->simulation()->now(), Millis(100));
    run->runToEnd();
    QCOMPARE(compare->simulation()->summary().duplicateEffects, 1);
    // Another preset keeps the chosen strategy and follows the new run.
    QVERIFY(window.scenarioPanel()->selectPreset(QStringLiteral("double-submit")));
    QCOMPARE(compare->strategy(), Strategy::CheckThenInsert);
    QCOMPARE(compare->simulation()->scenario().name, std::string("double-submit"));
    // Closed again, so that the window's remembered layout does not bring it to the tests after this one.
    compare->toggleAction()->trigger();
    QTRY_VERIFY(!compare->dock()->isVisible());
}

void TestMainWindow::testCompareStrategiesInPresenterMode()
{
    // Fifth pass, item 4: in presenter mode the second timeline kept the normal type size beside the window's larger
    // one. Both timelines, the comparison's choice and its figures follow the presenter's scale, Ctrl+= and Ctrl+-
    // included, whether the comparison was shown before presenter mode or during it, and get their size back after.
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.scenarioPanel()->selectPreset(QStringLiteral("check-then-insert-race")));
    StrategyComparison* compare = window.comparison();
    PresenterMode* presenter = window.presenter();
    presenter->setTypeScale(1.5);
    TimelineView* second = compare->timeline();
    auto* summary = compare->dock()->findChild<QLabel*>(QStringLiteral("compareSummary"));
    QVERIFY(summary);
    const qreal normal = window.timeline()->font().pointSizeF();
    QVERIFY(normal > 0);
    QCOMPARE(second->font().pointSizeF(), normal);
    const auto same = [&](const char* when) {
        const QByteArray where(when);
        QVERIFY2(qFuzzyCompare(second->font().pointSizeF(), window.timeline()->font().pointSizeF()),
            QByteArray(where + ": the second timeline is at " + QByteArray::number(second->font().pointSizeF())
                + " pt, the window's at " + QByteArray::number(window.timeline()->font().pointSizeF()))
                .constData());
        QVERIFY2(qFuzzyCompare(summary->font().pointSizeF(), window.timeline()->font().pointSizeF()), where);
    };
    for (const bool shownFirst : { true, false }) {
        if (shownFirst) {
            compare->toggleAction()->trigger();
            QTRY_VERIFY(compare->dock()->isVisible());
        }
        presenter->setActive(true);
        if (!shownFirst) {
            compare->toggleAction()->trigger();
            QTRY_VERIFY(compare->dock()->isVisible());
        }
        QCoreApplication::processEvents();
        QVERIFY(compare->dock()->isVisible());
        QVERIFY(window.timeline()->font().pointSizeF() > normal);
        same(shownFirst ? "shown, then presenter mode" : "presenter mode, then shown");
        presenter->largerTypeAction()->trigger();
        same("Ctrl+=");
        presenter->smallerTypeAction()->trigger();
        presenter->smallerTypeAction()->trigger();
        same("Ctrl+-");
        presenter->setActive(false);
        QCoreApplication::processEvents();
        QCOMPARE(window.timeline()->font().pointSizeF(), normal);
        QCOMPARE(second->font().pointSizeF(), normal);
        QCOMPARE(summary->font().pointSizeF(), normal);
        if (compare->dock()->isVisible())
            compare->toggleAction()->trigger();
        QTRY_VERIFY(!compare->dock()->isVisible());
    }
    presenter->setTypeScale(1.5);
}

void TestMainWindow::testDecisionAndStateVisibleAt1280x800()
{
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTest::qWait(50); // the docks take their default sizes after the first show
    RunController* run = window.runController();
    if (!window.scenarioPanel()->selectPreset(QStringLiteral("check-then-insert-race")))
        run->load(loadScenario(s_doubleSubmit, "inline.json"));
    run->runToEnd();
    QCoreApplication::processEvents();
    const auto visible = [](QTableView* view, int column) {
        const QHeaderView* h = view->horizontalHeader();
        const int x = h->sectionViewportPosition(column);
        return x >= 0 && x + h->sectionSize(column) <= view->viewport()->width();
    };
    QVERIFY2(visible(window.tables()->requestsView(), RequestsModel::IdColumn), "Request column off-screen");
    QVERIFY2(visible(window.tables()->requestsView(), RequestsModel::DecisionColumn), "Decision column off-screen");
    QVERIFY2(visible(window.tables()->requestsView(), RequestsModel::StatusColumn), "Status column off-screen");
    QVERIFY2(visible(window.tables()->recordsView(), RecordsModel::StateColumn), "State column off-screen");
    // The State column shows a whole state, not "com"/"in_p".
    const QHeaderView* rh = window.tables()->recordsView()->horizontalHeader();
    const int stateWidth = rh->sectionSize(RecordsModel::StateColumn);
    QVERIFY(stateWidth
        > window.tables()->recordsView()->fontMetrics().horizontalAdvance(QStringLiteral("in_progress (stuck)")));
    // The longest decision name and a full clock time show whole ("expired…xecuted" and "00:0….000" did not).
    const QHeaderView* qh = window.tables()->requestsView()->horizontalHeader();
    const QFontMetrics fm = window.tables()->requestsView()->fontMetrics();
    QVERIFY(
        qh->sectionSize(RequestsModel::DecisionColumn) > fm.horizontalAdvance(QStringLiteral("expired_reexecuted")));
    QVERIFY(qh->sectionSize(RequestsModel::TimeColumn) > fm.horizontalAdvance(QStringLiteral("00:02:00.228")));
    // The Sequence dock shows every lane of the race (two browsers, service, store, effects) without scrolling
    // sideways: the store and effects lanes were off its right edge.
    auto* scroll = window.sequence()->findChild<QScrollArea*>();
    QVERIFY(scroll);
    QVERIFY2(window.sequence()->canvas()->width() <= scroll->viewport()->width(),
        qPrintable(QStringLiteral("the sequence is %1 px wide in a %2 px dock")
                       .arg(window.sequence()->canvas()->width())
                       .arg(scroll->viewport()->width())));
    QCOMPARE(window.sequence()->model().lanes.size(), std::size_t(5));
    // Scrolled right, a new preset starts at the left again.
    window.tables()->requestsView()->horizontalScrollBar()->setValue(
        window.tables()->requestsView()->horizontalScrollBar()->maximum());
    run->load(loadScenario(s_mismatch, "inline.json"));
    QCOMPARE(window.tables()->requestsView()->horizontalScrollBar()->value(), 0);
}

void TestMainWindow::testFiringBehavesTheSameInEveryState()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    RunController* run = window.runController();
    ScenarioPanel* panel = window.scenarioPanel();
    run->load(loadScenario(s_doubleSubmit, "inline.json"));

    // Paused half-way: the fired request is sent at once (listed, counted, selected), the run stays paused and
    // the message says the clock must run.
    run->stepEvent();
    run->stepEvent();
    QVERIFY(!run->isPlaying() && !run->isFinished());
    const int before = window.tables()->requestsModel()->rowCount();
    const qint64 sentBefore = run->counters().sent;
    QVERIFY(panel->fire(ScenarioPanel::FireMode::Single) >= 0);
    QCOMPARE(window.tables()->requestsModel()->rowCount(), before + 1);
    QCOMPARE(run->counters().sent, sentBefore + 1);
    QVERIFY(!run->isPlaying());
    QCOMPARE(window.selection()->request(), before); // brought into view: selected, so tables scroll to it
    QVERIFY2(window.status()->lastMessage().contains(QStringLiteral("clock is stopped")),
        qPrintable(window.status()->lastMessage()));

    // Finished: a delayed fire lands at now + delay, and the clock runs to reach it.
    run->runToEnd();
    QVERIFY(run->isFinished());
    const Millis end = run->now();
    panel->setDelayMs(1000);
    const int entry = panel->fire(ScenarioPanel::FireMode::Delayed);
    QVERIFY(entry >= 0);
    QCOMPARE(run->scenario().requests[std::size_t(entry)].atMs, end + 1000);
    QVERIFY(run->isPlaying());
    QVERIFY(!window.status()->lastMessage().contains(QStringLiteral("clock is stopped")));
    run->pause();
    const int rowsNow = window.tables()->requestsModel()->rowCount();
    run->runToEnd();
    QVERIFY(window.tables()->requestsModel()->rowCount() > rowsNow);
    const auto& rows = run->simulation().requests();
    QCOMPARE(rows.back().entry, entry);
    QVERIFY(rows.back().sent >= end + 1000);

    // A retry storm fired while paused: its first request is selected, so the tables and timeline go to it.
    run->load(loadScenario(s_doubleSubmit, "inline.json"));
    run->stepEvent();
    const int stormEntry = panel->fire(ScenarioPanel::FireMode::RetryStorm);
    QVERIFY(stormEntry >= 0);
    const int selected = window.selection()->request();
    QVERIFY(selected >= 0);
    QCOMPARE(run->simulation().requests()[std::size_t(selected)].entry, stormEntry);
}

void TestMainWindow::testWindowsFitASmallScreen()
{
    // The rule, on a 1280×800 screen: nothing opens larger than the screen.
    const QSize fitted = fitToScreen(QSize(1600, 1000), QRect(0, 0, 1280, 800));
    QVERIFY(fitted.width() <= 1280 && fitted.height() <= 800);
    QCOMPARE(fitToScreen(QSize(900, 600), QRect(0, 0, 1920, 1080)), QSize(900, 600));
    // And the windows themselves, on this test screen.
    const QRect available = QGuiApplication::primaryScreen()->availableGeometry();
    MainWindow window;
    QVERIFY(window.width() <= available.width() && window.height() <= available.height());
    auto* review = showPolicyReview(&window, window.runController(), window.selection());
    QVERIFY(review);
    QVERIFY2(review->width() <= available.width() && review->height() <= available.height(),
        qPrintable(QStringLiteral("%1×%2 on %3×%4")
                       .arg(review->width())
                       .arg(review->height())
                       .arg(available.width())
                       .arg(available.height())));
    review->close();
}

void TestMainWindow::testTimelineShortcutsFromAnyFocus()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.activateWindow();
    RunController* run = window.runController();
    run->load(loadScenario(s_doubleSubmit, "inline.json"));
    run->runToEnd();
    QCoreApplication::processEvents();
    auto* timeline = qobject_cast<TimelineView*>(window.centralView());
    QVERIFY(timeline);
    // The requests table has focus; a request is selected there.
    clickRow(window.tables()->requestsView(), 0);
    window.tables()->requestsView()->setFocus();
    QVERIFY(window.tables()->requestsView()->hasFocus());
    const int request = window.selection()->request();
    QVERIFY(request >= 0);
    const double span = timeline->zoom()->mapping().span();
    QTest::keyClick(window.tables()->requestsView(), Qt::Key_W); // zoom in, from the table
    QVERIFY2(timeline->zoom()->mapping().span() < span, "W did not zoom from the table");
    const int depth = timeline->zoom()->undoDepth();
    QTest::keyClick(window.tables()->requestsView(), Qt::Key_F); // zoom to the selected request, not a keyboard search
    QCOMPARE(timeline->zoom()->undoDepth(), depth + 1);
    QCOMPARE(window.selection()->request(), request);
    QCOMPARE(window.tables()->requestsView()->currentIndex().data(RequestsModel::RequestIndexRole).toInt(), request);
}

void TestMainWindow::testToolbarIconsAndTooltips()
{
    MainWindow window;
    QList<QAction*> actions;
    for (QToolBar* bar : window.findChildren<QToolBar*>())
        for (QAction* a : bar->actions())
            if (!a->isSeparator() && !qobject_cast<QWidgetAction*>(a))
                actions << a;
    QVERIFY(actions.size() >= 15);
    for (int i = 0; i < actions.size(); ++i) {
        const QString text = actions[i]->text().remove(QLatin1Char('&'));
        QVERIFY2(!actions[i]->toolTip().isEmpty() && actions[i]->toolTip() != text, qPrintable(text));
        QVERIFY2(!actions[i]->icon().isNull(), qPrintable(text));
        const QImage mine = actions[i]->icon().pixmap(22).toImage();
        for (int j = 0; j < i; ++j)
            QVERIFY2(mine != actions[j]->icon().pixmap(22).toImage(),
                qPrintable(text + QStringLiteral(" and ") + actions[j]->text().remove(QLatin1Char('&'))
                    + QStringLiteral(" share an icon")));
    }
}

void TestMainWindow::testStepAndSkipSayWhatRan()
{
    MainWindow window;
    RunController* run = window.runController();
    run->load(loadScenario(s_mismatch, "inline.json")); // r2 comes a second after r1 is done
    run->stepEvent();
    QVERIFY2(run->lastStepText().contains(QStringLiteral("r1")), qPrintable(run->lastStepText()));
    QVERIFY(window.status()->lastMessage().contains(QStringLiteral("r1")));
    // Run r1 to its end; the next event is r2's send, a long idle stretch away: Skip goes there and runs it.
    while (run->simulation().requests().size() < 2 || !run->simulation().requests()[0].outcome) {
        const auto next = run->simulation().nextEventTime();
        QVERIFY(next);
        if (*next >= 1000)
            break;
        run->stepEvent();
    }
    const auto next = run->simulation().nextEventTime();
    QVERIFY(next && *next >= 1000);
    run->skipToNextEvent();
    QCOMPARE(run->now(), *next);
    QVERIFY2(run->lastStepText().contains(QStringLiteral("r2")), qPrintable(run->lastStepText()));
    // After the end, the finished message counts in words that agree with the numbers.
    run->runToEnd();
    QVERIFY2(
        !window.status()->lastMessage().contains(QStringLiteral("(s)")), qPrintable(window.status()->lastMessage()));
    QVERIFY2(window.status()->lastMessage().contains(QStringLiteral(" 1 effect,")),
        qPrintable(window.status()->lastMessage()));
    QVERIFY(!run->playAction()->toolTip().isEmpty());
}

void TestMainWindow::testHopSplitReadableAt1280()
{
    // Fifth pass, item 2: at 1280×800 the per-hop line under the duplicate effects was cut to its tile ("service 1 ·
    // pr…"). For every preset with a route, at the end of its run and in the window's normal layout: the line says
    // every hop's figure whole, on one line inside the strip, under the duplicates' tile, clear of every figure and
    // caption.
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    RunController* run = window.runController();
    auto* hopLine = window.counters()->findChild<QLabel*>(QStringLiteral("duplicatesByHop"));
    QVERIFY(hopLine);
    int routes = 0;
    for (const PresetInfo& preset : listPresets()) {
        const Scenario scenario = loadScenarioFile(preset.resourcePath);
        if (scenario.route.empty())
            continue;
        ++routes;
        run->load(scenario);
        run->runToEnd();
        QCoreApplication::processEvents();
        const QByteArray where = QByteArray::fromStdString(preset.name) + ": ";
        QVERIFY2(hopLine->isVisible(), where.constData());
        const QString whole = window.counters()->hopSplit();
        QCOMPARE(whole.count(QStringLiteral(" · ")), scenario.hopCount() - 1);
        QVERIFY2(hopLine->text() == whole,
            QByteArray(where + "shows \"" + hopLine->text().toUtf8() + "\" of \"" + whole.toUtf8() + "\"").constData());
        const int needs = hopLine->fontMetrics().horizontalAdvance(whole) + hopLine->indent();
        QVERIFY2(needs <= hopLine->contentsRect().width(),
            QByteArray(where + "needs " + QByteArray::number(needs) + " px, has "
                + QByteArray::number(hopLine->contentsRect().width()))
                .constData());
        const QRect lineRect(hopLine->mapTo(window.counters(), QPoint(0, 0)), hopLine->size());
        QVERIFY(window.counters()->rect().contains(lineRect));
        // Under the duplicates' tile: the text's middle within the tile's width (the fourth of seven: no edge near).
        QWidget* tile = window.counters()
                            ->findChildren<QWidget*>(QStringLiteral("counterTile"))
                            .at(CountersView::DuplicateEffects);
        const QRect tileRect(tile->mapTo(window.counters(), QPoint(0, 0)), tile->size());
        QVERIFY2(lineRect.top() >= tileRect.bottom(), where.constData());
        const int middle = lineRect.left() + hopLine->contentsRect().left() + hopLine->indent()
            + hopLine->fontMetrics().horizontalAdvance(whole) / 2;
        QVERIFY2(middle >= tileRect.left() && middle <= tileRect.right(),
            QByteArray(where + "the line's middle " + QByteArray::number(middle) + " is not under the tile "
                + QByteArray::number(tileRect.left()) + "–" + QByteArray::number(tileRect.right()))
                .constData());
        for (QLabel* other : window.counters()->findChildren<QLabel*>()) {
            if (other == hopLine || !other->isVisible())
                continue;
            const QRect otherRect(other->mapTo(window.counters(), QPoint(0, 0)), other->size());
            QVERIFY2(!otherRect.intersects(lineRect), QByteArray(where + other->text().toUtf8()).constData());
        }
    }
    QVERIFY(routes >= 8);
}

void TestMainWindow::testRouteInspectorAndCounters_data()
{
    QTest::addColumn<QString>("preset");
    for (const char* name : { "provider-key-derive-after-crash", "provider-key-new-after-crash",
             "proxy-window-forward-key", "proxy-window-rewrite-key", "recover-lookup-stuck-record",
             "recover-release-stuck-record", "route-shortest-window-decides", "second-order-vs-double-send" })
        QTest::newRow(name) << QString::fromLatin1(name);
}

void TestMainWindow::testRouteInspectorAndCounters()
{
    // docs/reference/routes.md in the workbench: the counters split the duplicates by hop as the report does, and the
    // inspector of every request names its hop, links its parent and lists exactly the calls its handler made.
    QFETCH(QString, preset);
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    RunController* run = window.runController();
    run->load(loadScenarioFile(QStringLiteral(IW_SOURCE_DIR "/resources/scenarios/%1.json").arg(preset).toStdString()));
    run->runToEnd();
    const Simulation& sim = run->simulation();
    QVERIFY(sim.hasRoute());
    compareCounters(window);
    // Issue 42 item 11: the per-hop line sits under the duplicate-effects figure and its caption, never over them.
    QCoreApplication::processEvents();
    auto* hopLine = window.counters()->findChild<QLabel*>(QStringLiteral("duplicatesByHop"));
    QVERIFY(hopLine && hopLine->isVisible());
    const QRect lineRect(hopLine->mapTo(window.counters(), QPoint(0, 0)), hopLine->size());
    for (QLabel* other : window.counters()->findChildren<QLabel*>()) {
        if (other == hopLine || !other->isVisible())
            continue;
        const QRect otherRect(other->mapTo(window.counters(), QPoint(0, 0)), other->size());
        QVERIFY2(!otherRect.intersects(lineRect),
            qPrintable(QStringLiteral("the per-hop line covers \"%1\"").arg(other->text())));
    }
    QVERIFY(window.counters()->rect().contains(lineRect));
    QCOMPARE(sim.summary().duplicateEffectsByHop.size(), std::size_t(sim.scenario().hopCount()));

    Inspector* inspector = window.inspector();
    const QRegularExpression link(QStringLiteral("href=\"request:(\\d+)\""));
    for (int request = 0; request < int(sim.requests().size()); ++request) {
        const RequestRow& r = sim.requests()[std::size_t(request)];
        window.selection()->select(request, r.scope >= 0 ? r.scope : r.keylessScope);
        const QByteArray where = preset.toUtf8() + " " + QByteArray::fromStdString(sim.requestId(request));
        const QString hop = QString::fromUtf8(sim.scenario().hopName(sim.hopOf(request)).data());
        QVERIFY2(inspector->title().endsWith(QStringLiteral("at ") + hop), where.constData());
        const QString text = inspector->detailsText();
        QVERIFY2(text.contains(QStringLiteral("Route")), where.constData());
        // The links: its parent (if a hop's handler sent it), then its calls, in send order.
        std::vector<int> expected;
        if (const int parent = sim.parentOf(request); parent >= 0)
            expected.push_back(parent);
        for (int other = 0; other < int(sim.requests().size()); ++other) {
            if (sim.parentOf(other) == request)
                expected.push_back(other);
        }
        std::vector<int> linked;
        for (auto it = link.globalMatch(inspector->detailsHtml()); it.hasNext();)
            linked.push_back(it.next().captured(1).toInt());
        QVERIFY2(linked == expected, where.constData());
        // Each named with its hop and its decision, as the simulation has them.
        for (const int other : expected) {
            const RequestRow& o = sim.requests()[std::size_t(other)];
            const QString id = QString::fromStdString(sim.requestId(other));
            const QString otherHop = QString::fromUtf8(sim.scenario().hopName(sim.hopOf(other)).data());
            QVERIFY2(text.contains(id + QStringLiteral(" · ") + otherHop), where.constData());
            if (o.decision)
                QVERIFY2(text.contains(QString::fromUtf8(decisionName(*o.decision))), where.constData());
        }
        if (sim.parentOf(request) < 0)
            QVERIFY2(text.contains(QStringLiteral("none: a client sent it")), where.constData());
    }
    // Following a link selects that request, as a click on the timeline would.
    for (int request = 0; request < int(sim.requests().size()); ++request) {
        if (const int parent = sim.parentOf(request); parent >= 0) {
            window.selection()->select(request, sim.requests()[std::size_t(request)].scope);
            inspector->openLink(QUrl(QStringLiteral("request:%1").arg(parent)));
            QCOMPARE(window.selection()->request(), parent);
            QVERIFY(inspector->title().contains(QString::fromStdString(sim.requestId(parent))));
            break;
        }
    }
}

void TestMainWindow::testHelpAboutSaysWhatItIs()
{
    // Help → About was in the menu but connected to nothing: choosing it did nothing at all.
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QString shown;
    QTimer::singleShot(0, &window, [&shown] {
        if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
            shown = box->text();
            box->accept();
        }
    });
    window.help()->aboutAction()->trigger();
    QVERIFY2(shown.contains(QStringLiteral("Idempotency Workbench")), qPrintable(shown));
    QVERIFY(shown.contains(QString::fromLatin1(qVersion())));
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
