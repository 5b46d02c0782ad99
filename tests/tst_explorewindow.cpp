// Offscreen tests of Run → Explore… (docs/reference/explore.md, issue 18 item 5): a scenario whose lease lets a retry
// take over is violated, the dialog names the fault and opens the counterexample in the main window as a lesson;
// without the lease it holds and there is nothing to open; Cancel on a large search ends it inconclusive with its
// figures kept; closing the dialog or the window while it searches stops the search; a scenario without an explore
// block says so.
#include "exploredialog.h"
#include "lessonmode.h"
#include "lessonplayer.h"
#include "mainwindow.h"
#include "runcontroller.h"
#include "scenario.h"
#include "simulation.h"
#include "store.h"

#include <QAction>
#include <QDockWidget>
#include <QFile>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace iw;

namespace {

// no_duplicate_effects breaks with one crash_after_effect: the 5 s lease runs out and a retry runs the effect again.
const char* const s_lease = R"({"format": "idempotency-workbench/scenario@1", "name": "explore-lease", "seed": 1,
  "service": {"profile": "ietf", "strategy": "unique_claim", "in_progress_lease_ms": 5000},
  "clients": [{"id": "app", "actor": "42", "timeout_ms": 1000, "retry": {"max_attempts": 4, "backoff": "constant",
               "base_ms": 2000, "jitter": "none", "on": ["timeout", "409"]}}],
  "requests": [{"at_ms": 0, "client": "app", "operation": "payment.capture", "key": "k-1", "payload": {"amount": 100}}],
  "explore": {"faults": ["drop_request", "drop_response", "crash_before_effect", "crash_after_effect"],
              "max_faults": 2}})";

// Three requests, four attempts each, two latencies of each kind and up to three faults: tens of seconds to search.
const char* const s_large = R"({"format": "idempotency-workbench/scenario@1", "name": "explore-large", "seed": 1,
  "service": {"profile": "ietf", "strategy": "unique_claim", "in_progress_lease_ms": null},
  "clients": [{"id": "app", "actor": "42", "timeout_ms": 1000, "retry": {"max_attempts": 4, "backoff": "constant",
               "base_ms": 2000, "jitter": "none", "on": ["timeout", "409"]}}],
  "requests": [{"at_ms": 0, "client": "app", "operation": "payment.capture", "key": "k-1", "payload": {"amount": 100}},
               {"at_ms": 10, "client": "app", "operation": "payment.capture", "key": "k-2", "payload": {"amount": 100}},
               {"at_ms": 20, "client": "app", "operation": "payment.capture", "key": "k-3", "payload": {"amount": 100}}],
  "explore": {"faults": ["drop_request", "drop_response", "crash_before_effect", "crash_after_effect"],
              "max_faults": 3, "network_ms": [10, 300], "handler_ms": [100, 1500]}})";

QString leaseText(bool withLease)
{
    QString text = QString::fromUtf8(s_lease);
    if (!withLease) {
        text.replace(
            QStringLiteral("\"in_progress_lease_ms\": 5000"), QStringLiteral("\"in_progress_lease_ms\": null"));
        text.replace(QStringLiteral("explore-lease"), QStringLiteral("explore-no-lease"));
    }
    return text;
}

bool waitForVerdict(ExploreDialog* dialog, int timeoutMs = 120000)
{
    return QTest::qWaitFor([dialog] { return !dialog->isRunning() && dialog->result(); }, timeoutMs);
}

} // namespace

class TestExploreWindow : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void testViolatedOpensTheCounterexampleLesson();
    void testHoldsHasNothingToOpen();
    void testCancelKeepsTheFigures();
    void testClosingWhileSearchingStopsTheSearch();
    void testScenarioWithoutExploreBlock();

private:
    // Writes `text` as a scenario file and opens it in `window` the way File → Open does.
    void openText(MainWindow& window, const QString& text);
    QTemporaryDir m_dir;
    int m_files = 0;
};

void TestExploreWindow::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("IdempotencyWorkbenchTests"));
    QLocale::setDefault(QLocale::c());
    QVERIFY(m_dir.isValid());
}

void TestExploreWindow::openText(MainWindow& window, const QString& text)
{
    const QString path = m_dir.filePath(QStringLiteral("scenario-%1.json").arg(++m_files));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(text.toUtf8());
    file.close();
    window.openScenario(path);
}

void TestExploreWindow::testViolatedOpensTheCounterexampleLesson()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    openText(window, leaseText(true));
    QCOMPARE(QString::fromStdString(window.runController()->scenario().name), QStringLiteral("explore-lease"));

    QVERIFY(window.exploreAction()->isEnabled());
    window.exploreAction()->trigger();
    ExploreDialog* dialog = window.exploreDialog();
    QVERIFY(dialog);
    QVERIFY(dialog->isVisible());
    // The block's allowances and bound are shown before anything runs.
    QVERIFY2(dialog->scenarioSummary().contains(QStringLiteral("crash_after_effect")),
        qPrintable(dialog->scenarioSummary()));
    QVERIFY(dialog->scenarioSummary().contains(QStringLiteral("no_duplicate_effects")));
    QCOMPARE(dialog->maxFaultsBox()->value(), 2);
    QVERIFY(!dialog->openButton()->isEnabled());

    QSignalSpy finished(dialog, &ExploreDialog::searchFinished);
    QTest::mouseClick(dialog->startButton(), Qt::LeftButton);
    QVERIFY(dialog->isRunning() || finished.count() == 1);
    QVERIFY(waitForVerdict(dialog));
    QCOMPARE(finished.count(), 1);
    const ExploreResult* result = dialog->result();
    QCOMPARE(result->verdict, ExploreVerdict::Violated);
    QVERIFY(result->counterexample);
    const QString verdict = dialog->verdictText();
    QVERIFY2(verdict.startsWith(QStringLiteral("Violated")), qPrintable(verdict));
    QVERIFY2(verdict.contains(QStringLiteral("crash_after_effect")), qPrintable(verdict));
    QVERIFY2(verdict.contains(QString::fromStdString(result->violation)), qPrintable(verdict));
    QCOMPARE(dialog->runsText(), QLocale().toString(qint64(result->runs)));
    QCOMPARE(dialog->statesText(), QLocale().toString(qint64(result->distinctStates)));
    // Issue 42 item 14: the progress ends at the verdict, not at "2 of 3 levels".
    auto* progress = dialog->findChild<QProgressBar*>();
    QVERIFY(progress);
    QCOMPARE(progress->value(), progress->maximum());
    QVERIFY2(progress->text().startsWith(QStringLiteral("done")), qPrintable(progress->text()));
    QVERIFY(dialog->openButton()->isEnabled());
    QVERIFY(dialog->saveButton()->isEnabled());
    QVERIFY(dialog->startButton()->isEnabled());
    QVERIFY(!dialog->cancelButton()->isEnabled());

    // Saved whole: the file reads back as the counterexample, with its pinned faults.
    const QString saved = m_dir.filePath(QStringLiteral("counterexample.json"));
    QCOMPARE(dialog->saveCounterexampleTo(saved), QString());
    const Scenario reread = loadScenarioFile(QFile::encodeName(saved).toStdString());
    QCOMPARE(reread.name, result->counterexample->name);
    QCOMPARE(reread.faults.size(), result->counterexample->faults.size());
    QVERIFY(!dialog->saveCounterexampleTo(m_dir.filePath(QStringLiteral("no/such/dir/ce.json"))).isEmpty());

    QTest::mouseClick(dialog->openButton(), Qt::LeftButton);
    const Scenario& opened = window.runController()->scenario();
    QVERIFY2(QString::fromStdString(opened.name).endsWith(QStringLiteral("-counterexample")),
        qPrintable(QString::fromStdString(opened.name)));
    LessonPlayer* lesson = window.lessonPlayer();
    QVERIFY(lesson->isActive());
    QVERIFY(window.lessonMode()->playAction()->isChecked());
    // The lesson plays to its first step and stops there, as Run → Play as Lesson does.
    QVERIFY(QTest::qWaitFor([lesson] { return lesson->current() == 0 && lesson->pending() < 0; }, 20000));
    QCOMPARE(window.runController()->now(), lesson->steps().front().atMs);
    QCOMPARE(window.lessonMode()->steps()->currentRow(), 0);
    QVERIFY(lesson->count() >= 2);
    QVERIFY(window.lessonMode()->dock()->isVisible());
    QVERIFY(!dialog->isVisible());
    // What the lesson walks through is a run that really breaks the property.
    auto store = makeMemoryStore();
    Simulation plain(opened, *store);
    plain.runToEnd();
    QVERIFY(plain.summary().duplicateEffects > 0);

    // Back in the dialog: the verdict is still the explored scenario's, and the summary is the window's new one.
    window.exploreAction()->trigger();
    QVERIFY(dialog->verdictText().startsWith(QStringLiteral("Violated — explore-lease")));
    QVERIFY2(
        dialog->scenarioSummary().contains(QStringLiteral("no explore block")), qPrintable(dialog->scenarioSummary()));
}

void TestExploreWindow::testHoldsHasNothingToOpen()
{
    MainWindow window;
    openText(window, leaseText(false));
    ExploreDialog* dialog = window.showExplore();
    QTest::mouseClick(dialog->startButton(), Qt::LeftButton);
    QVERIFY(waitForVerdict(dialog));
    const ExploreResult* result = dialog->result();
    QCOMPARE(result->verdict, ExploreVerdict::Holds);
    QVERIFY(!result->counterexample);
    QVERIFY2(dialog->verdictText().startsWith(QStringLiteral("Holds")), qPrintable(dialog->verdictText()));
    QVERIFY(dialog->verdictText().contains(QStringLiteral("at most 2 faults")));
    QVERIFY(result->runs > 1);
    QCOMPARE(dialog->runsText(), QLocale().toString(qint64(result->runs)));
    const qint64 runsWithTwo = result->runs;
    QCOMPARE(dialog->progressBar()->value(), dialog->progressBar()->maximum());
    QVERIFY(!dialog->openButton()->isEnabled());
    QVERIFY(!dialog->saveButton()->isEnabled());
    QVERIFY(!dialog->saveCounterexampleTo(m_dir.filePath(QStringLiteral("none.json"))).isEmpty());
    QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("none.json"))));

    // Fewer faults allowed: the bound reaches the engine (and the words follow it).
    dialog->maxFaultsBox()->setValue(1);
    QTest::mouseClick(dialog->startButton(), Qt::LeftButton);
    QVERIFY(waitForVerdict(dialog));
    QCOMPARE(dialog->result()->maxFaults, 1);
    QVERIFY(dialog->result()->runs < runsWithTwo);
    QVERIFY(dialog->verdictText().contains(QStringLiteral("at most 1 fault ")));
}

void TestExploreWindow::testCancelKeepsTheFigures()
{
    MainWindow window;
    openText(window, QString::fromUtf8(s_large));
    ExploreDialog* dialog = window.showExplore();
    dialog->maxFaultsBox()->setValue(3);
    dialog->timeLimitBox()->setValue(60);
    QTest::mouseClick(dialog->startButton(), Qt::LeftButton);
    QVERIFY(dialog->isRunning());
    QVERIFY(dialog->cancelButton()->isEnabled());
    QVERIFY(!dialog->startButton()->isEnabled());
    QVERIFY(!dialog->maxFaultsBox()->isEnabled());
    // Cancel once the search has figures to keep (a Cancel before its first run stops it with none).
    QTRY_VERIFY_WITH_TIMEOUT(QLocale().toLongLong(dialog->runsText()) > 0, 20000);
    QTest::mouseClick(dialog->cancelButton(), Qt::LeftButton);
    QVERIFY(waitForVerdict(dialog, 60000));
    const ExploreResult* result = dialog->result();
    QCOMPARE(result->verdict, ExploreVerdict::Inconclusive);
    QCOMPARE(QString::fromStdString(result->stoppedBy), QStringLiteral("cancelled"));
    // Cancelled long before the search could have ended on its own (it takes tens of seconds uncancelled).
    QVERIFY2(result->seconds < 20, qPrintable(QString::number(result->seconds)));
    QVERIFY(result->levelsDone < 4);
    QVERIFY2(dialog->verdictText().startsWith(QStringLiteral("Inconclusive")), qPrintable(dialog->verdictText()));
    QVERIFY(dialog->verdictText().contains(QStringLiteral("cancelled")));
    QVERIFY(dialog->verdictText().contains(QStringLiteral("nothing is proven")));
    // The figures so far stay.
    QVERIFY(result->runs > 0);
    QCOMPARE(dialog->runsText(), QLocale().toString(qint64(result->runs)));
    QCOMPARE(dialog->statesText(), QLocale().toString(qint64(result->distinctStates)));
    QVERIFY(!dialog->openButton()->isEnabled());
    QVERIFY(dialog->startButton()->isEnabled());
}

void TestExploreWindow::testClosingWhileSearchingStopsTheSearch()
{
    MainWindow window;
    openText(window, QString::fromUtf8(s_large));
    ExploreDialog* dialog = window.showExplore();
    QTest::mouseClick(dialog->startButton(), Qt::LeftButton);
    QVERIFY(dialog->isRunning());
    QTest::qWait(300);
    dialog->reject(); // Esc, the title bar's close and Close all end here
    QVERIFY(!dialog->isRunning());
    QVERIFY(!dialog->isVisible());
    QVERIFY(dialog->result());
    QCOMPARE(dialog->result()->verdict, ExploreVerdict::Inconclusive);
    QVERIFY(dialog->verdictText().startsWith(QStringLiteral("Inconclusive")));

    // The whole window going away mid-search: the dialog's thread is stopped and joined, nothing is left running.
    auto* other = new MainWindow;
    openText(*other, QString::fromUtf8(s_large));
    ExploreDialog* second = other->showExplore();
    QTest::mouseClick(second->startButton(), Qt::LeftButton);
    QVERIFY(second->isRunning());
    QTest::qWait(200);
    delete other;
    QCoreApplication::processEvents(); // progress posted meanwhile must find nothing to touch
}

void TestExploreWindow::testScenarioWithoutExploreBlock()
{
    MainWindow window;
    window.openScenario(QStringLiteral(IW_SOURCE_DIR "/resources/scenarios/double-submit.json"));
    QVERIFY(!window.runController()->scenario().explore);
    ExploreDialog* dialog = window.showExplore();
    QVERIFY2(
        dialog->scenarioSummary().contains(QStringLiteral("no explore block")), qPrintable(dialog->scenarioSummary()));
    QVERIFY(!dialog->maxFaultsBox()->isEnabled());
    QTest::mouseClick(dialog->startButton(), Qt::LeftButton);
    QVERIFY(waitForVerdict(dialog));
    // Whatever the engine finds about the run as written, the dialog says it in words and keeps the figures.
    QVERIFY(dialog->result()->verdict != ExploreVerdict::Inconclusive);
    QCOMPARE(dialog->runsText(), QLocale().toString(qint64(dialog->result()->runs)));
    QCOMPARE(dialog->openButton()->isEnabled(), dialog->result()->counterexample.has_value());
}

QTEST_MAIN(TestExploreWindow)
#include "tst_explorewindow.moc"
