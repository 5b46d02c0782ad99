// Offscreen tests of lesson mode and presenter mode (docs/manual/teaching.md, issue 17): Next, Previous and a jump in
// the step list land on the same state as a plain run stopped at the step's instant (the report, the records, the
// counters); the caption shown is the step's and the selection is what the step names; Space goes to the lesson even
// when a checkbox has the keyboard; Esc leaves. Presenter mode hides every panel but the sequence, hides the toolbars,
// scales the type with Ctrl+= and Ctrl+-, and puts everything back on leaving; the colours it shows keep a WCAG
// contrast of 4.5:1.
#include "colors.h"
#include "language.h"
#include "lessoncaption.h"
#include "lessonmode.h"
#include "lessonplayer.h"
#include "mainwindow.h"
#include "presentermode.h"
#include "report.h"
#include "runcontroller.h"
#include "selection.h"
#include "sequenceview.h"
#include "simulation.h"
#include "store.h"
#include "storeengine.h"
#include "timelineview.h"

#include <QAction>
#include <QCheckBox>
#include <QDir>
#include <QDockWidget>
#include <QFontMetricsF>
#include <QListWidget>
#include <QMenuBar>
#include <QPainter>
#include <QScreen>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTest>
#include <QToolBar>

#include <sstream>

using namespace iw;

namespace {

QString presetFile(const QString& name)
{
    return QStringLiteral(IW_SOURCE_DIR "/resources/scenarios/%1.json").arg(name);
}

std::string reportOf(Simulation& sim)
{
    std::ostringstream out;
    writeReport(sim, out, ReportFormat::Json);
    return out.str();
}

// The plain run: the same scenario, a fresh simulation on a fresh store, run until `t`.
struct PlainRun {
    std::unique_ptr<IdempotencyStore> store;
    std::unique_ptr<Simulation> sim;
    PlainRun(const Scenario& scenario, Millis t)
    {
        store = makeModelStore(scenario.service);
        sim = std::make_unique<Simulation>(scenario, *store);
        sim->setRecordSteps(true);
        sim->runUntil(t);
    }
};

// The request the step names in a run at its instant (an effect names the request that ran it).
int namedRequest(const LessonStep& step, const Simulation& sim)
{
    if (step.select == LessonStep::Select::Request)
        return step.index < int(sim.requests().size()) ? step.index : -1;
    if (step.select == LessonStep::Select::Effect)
        return step.index < int(sim.effects().size()) ? sim.effects()[std::size_t(step.index)].request : -1;
    return -1;
}

// Waits until the lesson shows step `step` (it may be playing there).
bool waitForStep(LessonPlayer* lesson, int step)
{
    return QTest::qWaitFor([&] { return lesson->current() == step && lesson->pending() < 0; }, 20000);
}

} // namespace

class TestLessonMode : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void testNextLandsOnThePlainRun_data();
    void testNextLandsOnThePlainRun();
    void testPreviousAndJumpRerunFromTheStart_data();
    void testPreviousAndJumpRerunFromTheStart();
    void testSpaceGoesToTheLessonNotTheFocusedCheckbox();
    void testEscLeavesTheLesson();
    void testLessonOnlyWithALesson();
    void testPresenterModeHidesAndRestores();
    void testPresenterContrast();
    void testCaptionKeepsOffTheLanes_data();
    void testCaptionKeepsOffTheLanes();
    void testPresenterKeepsChosenPanels();
    void shootLessons_data();
    void shootLessons();

private:
    // Compares the window's run with a plain run to `step`'s instant, and the caption and selection with the step.
    void checkStep(MainWindow& window, int step);
};

void TestLessonMode::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("IdempotencyWorkbenchTests"));
    QLocale::setDefault(QLocale::c());
}

void TestLessonMode::checkStep(MainWindow& window, int step)
{
    RunController* run = window.runController();
    LessonPlayer* lesson = window.lessonPlayer();
    const LessonStep& s = lesson->steps()[std::size_t(step)];
    QCOMPARE(run->now(), s.atMs);
    QVERIFY(!run->isPlaying());
    PlainRun plain(run->scenario(), s.atMs);
    QCOMPARE(run->simulation().now(), plain.sim->now());
    QCOMPARE(run->simulation().requests().size(), plain.sim->requests().size());
    QCOMPARE(run->simulation().events().size(), plain.sim->events().size());
    QCOMPARE(QString::fromStdString(reportOf(run->simulation())), QString::fromStdString(reportOf(*plain.sim)));
    const RunSummary summary = plain.sim->summary();
    QCOMPARE(run->counters().effects, summary.effects);
    QCOMPARE(run->counters().duplicateEffects, summary.duplicateEffects);
    // The caption is the step's, and the step's item is selected everywhere.
    QCOMPARE(window.lessonCaption()->titleText(), QString::fromStdString(s.title));
    QCOMPARE(window.lessonCaption()->bodyText(), QString::fromStdString(s.text));
    QVERIFY(window.lessonCaption()->headerText().contains(
        QStringLiteral("Step %1 of %2").arg(step + 1).arg(lesson->count())));
    QVERIFY(window.lessonCaption()->isVisible());
    QCOMPARE(window.lessonMode()->steps()->currentRow(), step);
    const int expected = namedRequest(s, *plain.sim);
    QCOMPARE(window.selection()->request(), expected);
    if (expected >= 0) {
        QCOMPARE(window.timeline()->highlightedRequest(), expected);
        // The caption never hides the request it is about.
        QCoreApplication::processEvents();
        if (const auto marker = window.timeline()->markerCenter(expected)) {
            const QPoint at = window.timeline()->mapTo(&window, marker->toPoint());
            const QRect caption = window.lessonCaption()->geometry();
            QVERIFY2(!caption.contains(at),
                qPrintable(QStringLiteral("the caption (%1, %2, %3×%4) covers r%5's marker at (%6, %7)")
                               .arg(caption.x())
                               .arg(caption.y())
                               .arg(caption.width())
                               .arg(caption.height())
                               .arg(expected + 1)
                               .arg(at.x())
                               .arg(at.y())));
        }
        const int intent = plain.sim->requests()[std::size_t(expected)].intent;
        QCOMPARE(window.sequence()->intent(), intent);
    }
}

void TestLessonMode::testNextLandsOnThePlainRun_data()
{
    QTest::addColumn<QString>("preset");
    QTest::newRow("lost_response") << QStringLiteral("lost-response-replay");
    QTest::newRow("crash_after_effect_lease") << QStringLiteral("crash-after-effect-lease");
    // The last step is 25 hours in: auto-skip must get there, and stop there.
    QTest::newRow("crash_after_effect_no_lease") << QStringLiteral("crash-after-effect-no-lease");
}

void TestLessonMode::testNextLandsOnThePlainRun()
{
    QFETCH(QString, preset);
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.openScenario(presetFile(preset));
    QVERIFY(window.lessonMode()->playAction()->isEnabled());
    LessonPlayer* lesson = window.lessonPlayer();
    RunController* run = window.runController();
    run->runToEnd(); // the lesson starts from t = 0 whatever the run had done
    window.lessonMode()->playAction()->trigger();
    QVERIFY(lesson->isActive());
    QVERIFY(window.lessonMode()->playAction()->isChecked());
    QVERIFY(window.lessonMode()->dock()->isVisible());
    QCOMPARE(window.lessonMode()->steps()->count(), lesson->count());
    for (int step = 0; step < lesson->count(); ++step) {
        if (step > 0) {
            window.lessonMode()->nextAction()->trigger();
            // Next plays there: the clock runs, then pauses at the instant.
            QVERIFY(run->isPlaying() || run->now() == lesson->steps()[std::size_t(step)].atMs);
        }
        QVERIFY2(waitForStep(lesson, step), qPrintable(QStringLiteral("step %1 was not reached").arg(step + 1)));
        checkStep(window, step);
        if (QTest::currentTestFailed())
            return;
    }
    // Past the last step, Next stays.
    window.lessonMode()->nextAction()->trigger();
    QCOMPARE(lesson->current(), lesson->count() - 1);
    QVERIFY(!run->isPlaying());
}

void TestLessonMode::testPreviousAndJumpRerunFromTheStart_data()
{
    QTest::addColumn<QString>("preset");
    for (const PresetInfo& p : listPresets())
        QTest::newRow(p.name.c_str()) << QString::fromStdString(p.resourcePath);
}

void TestLessonMode::testPreviousAndJumpRerunFromTheStart()
{
    QFETCH(QString, preset);
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.openScenario(preset);
    LessonPlayer* lesson = window.lessonPlayer();
    RunController* run = window.runController();
    QVERIFY2(window.lessonMode()->playAction()->isEnabled(), "every preset carries a lesson");
    QVERIFY(lesson->steps().empty());
    window.lessonMode()->playAction()->trigger();
    QVERIFY(waitForStep(lesson, 0));
    const int last = lesson->count() - 1;
    QVERIFY(last >= 1);

    // A click on the last step jumps there.
    QListWidget* list = window.lessonMode()->steps();
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualItemRect(list->item(last)).center());
    QVERIFY(waitForStep(lesson, last));
    checkStep(window, last);
    if (QTest::currentTestFailed())
        return;

    // Previous runs the same run again from t = 0 to the earlier instant.
    QSignalSpy rewound(run, &RunController::resetDone);
    window.lessonMode()->previousAction()->trigger();
    QVERIFY(waitForStep(lesson, last - 1));
    if (lesson->steps()[std::size_t(last - 1)].atMs < lesson->steps()[std::size_t(last)].atMs)
        QCOMPARE(rewound.count(), 1);
    checkStep(window, last - 1);
    if (QTest::currentTestFailed())
        return;

    // And a click on the first step, from wherever the run is.
    run->runToEnd();
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualItemRect(list->item(0)).center());
    QVERIFY(waitForStep(lesson, 0));
    checkStep(window, 0);
}

void TestLessonMode::testSpaceGoesToTheLessonNotTheFocusedCheckbox()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.activateWindow();
    window.openScenario(presetFile(QStringLiteral("lost-response-replay")));
    LessonPlayer* lesson = window.lessonPlayer();
    window.lessonMode()->playAction()->trigger();
    QVERIFY(waitForStep(lesson, 0));
    // The sequence's Compact checkbox has the keyboard: Space would toggle it.
    auto* compact = window.sequence()->findChild<QCheckBox*>(QStringLiteral("sequenceCompact"));
    QVERIFY(compact);
    const bool wasCompact = compact->isChecked();
    compact->setFocus();
    QVERIFY(compact->hasFocus());
    QTest::keyClick(compact, Qt::Key_Space);
    QVERIFY(waitForStep(lesson, 1));
    QCOMPARE(compact->isChecked(), wasCompact);
    checkStep(window, 1);
    // Backspace goes back, from the same focus.
    QTest::keyClick(compact, Qt::Key_Backspace);
    QVERIFY(waitForStep(lesson, 0));
    checkStep(window, 0);
}

void TestLessonMode::testEscLeavesTheLesson()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.activateWindow();
    window.openScenario(presetFile(QStringLiteral("crash-after-effect-lease")));
    LessonPlayer* lesson = window.lessonPlayer();
    window.lessonMode()->playAction()->trigger();
    QVERIFY(waitForStep(lesson, 0));
    QVERIFY(window.lessonCaption()->isVisible());
    const Millis at = window.runController()->now();
    QTest::keyClick(&window, Qt::Key_Escape);
    QVERIFY(!lesson->isActive());
    QVERIFY(!window.lessonMode()->playAction()->isChecked());
    QVERIFY(!window.lessonCaption()->isVisible());
    QVERIFY(!window.lessonMode()->dock()->isVisible());
    QVERIFY(!window.lessonMode()->nextAction()->isEnabled());
    QCOMPARE(window.runController()->now(), at); // the run stays where the lesson left it
    // Esc clears the selection again.
    QVERIFY(window.selection()->request() >= 0);
    QTest::keyClick(&window, Qt::Key_Escape);
    QCOMPARE(window.selection()->request(), -1);
    // The action again: a second lesson, and the action leaves it as well.
    window.lessonMode()->playAction()->trigger();
    QVERIFY(waitForStep(lesson, 0));
    window.lessonMode()->playAction()->trigger();
    QVERIFY(!lesson->isActive());
}

void TestLessonMode::testLessonOnlyWithALesson()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    // The blank scenario has no lesson.
    QVERIFY(!window.lessonMode()->playAction()->isEnabled());
    window.openScenario(presetFile(QStringLiteral("double-submit")));
    QVERIFY(window.lessonMode()->playAction()->isEnabled());
    window.lessonMode()->playAction()->trigger();
    QVERIFY(window.lessonPlayer()->isActive());
    // Another scenario ends the lesson.
    window.openScenario(presetFile(QStringLiteral("payload-mismatch")));
    QVERIFY(!window.lessonPlayer()->isActive());
    QVERIFY(!window.lessonCaption()->isVisible());
}

void TestLessonMode::testPresenterModeHidesAndRestores()
{
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.activateWindow();
    QCoreApplication::processEvents(); // the default layout is laid out once shown
    window.openScenario(presetFile(QStringLiteral("lost-response-replay")));
    window.lessonMode()->playAction()->trigger();
    QVERIFY(waitForStep(window.lessonPlayer(), 0));

    const auto visibleDocks = [&] {
        QStringList names;
        for (QDockWidget* dock : window.findChildren<QDockWidget*>())
            if (dock->isVisible())
                names << dock->objectName();
        names.sort();
        return names;
    };
    const auto visibleToolBars = [&] {
        QStringList names;
        for (QToolBar* bar : window.findChildren<QToolBar*>())
            if (bar->isVisible())
                names << bar->objectName();
        names.sort();
        return names;
    };
    const QStringList docksBefore = visibleDocks();
    const QStringList barsBefore = visibleToolBars();
    QVERIFY(docksBefore.contains(QStringLiteral("inspectorDock")));
    QVERIFY(docksBefore.contains(QStringLiteral("lessonDock")));
    QVERIFY(!barsBefore.isEmpty());
    TimelineView* timeline = window.timeline();
    const qreal timelinePoints = timeline->font().pointSizeF();
    const qreal sequencePoints = window.sequence()->font().pointSizeF();
    const qreal titlePoints = window.lessonCaption()->titleFont().pointSizeF();
    QVERIFY(timelinePoints > 0);
    const QList<QKeySequence> zoomKeys = timeline->zoom()->zoomInAction()->shortcuts();
    window.presenter()->setTypeScale(1.5); // the scale is remembered between sessions: start from a known one

    QTest::keyClick(&window, Qt::Key_F11);
    QVERIFY(window.presenter()->isActive());
    QVERIFY(window.presenter()->toggleAction()->isChecked());
    QCoreApplication::processEvents();
    QCOMPARE(visibleDocks(), QStringList { QStringLiteral("sequenceDock") });
    QVERIFY(visibleToolBars().isEmpty());
    QVERIFY(!window.menuBar()->isVisible());
    QVERIFY(!window.statusBar()->isVisible());
    QVERIFY(timeline->isVisible());
    QVERIFY(window.lessonCaption()->isVisible());
    QVERIFY(window.windowState() & Qt::WindowFullScreen);
    const double scale = window.presenter()->typeScale();
    QVERIFY(scale > 1);
    QCOMPARE(timeline->font().pointSizeF(), timelinePoints * scale);
    QCOMPARE(window.sequence()->font().pointSizeF(), sequencePoints * scale);
    QCOMPARE(window.lessonCaption()->titleFont().pointSizeF(), titlePoints * scale);

    // Ctrl+= (and Ctrl++) larger, Ctrl+- smaller; the lesson keys still work with the menus hidden. Larger type is
    // larger lanes and a wider label column too (issue 42 item 6: "ord…001", clipped names, legend rows cut).
    const QSize timelineSize = timeline->size();
    const auto gutterAt = [&](const QFont& font) { return TimelinePainter::layoutFor(timelineSize, font, 0).gutter; };
    const double gutterBefore = gutterAt(timeline->font()).width();
    const double rowsBefore = timeline->zoom()->mapping().rowHeight();
    const double scaleBefore = timeline->zoom()->rowScale();
    QTest::keyClick(&window, Qt::Key_Equal, Qt::ControlModifier);
    QVERIFY(window.presenter()->typeScale() > scale);
    QCoreApplication::processEvents();
    QVERIFY2(gutterAt(timeline->font()).width() > gutterBefore || gutterBefore >= timelineSize.width() * 0.4 - 1,
        "the label column did not grow with the type");
    QVERIFY(timeline->zoom()->rowScale() > scaleBefore);
    QVERIFY(timeline->zoom()->mapping().rowHeight() >= rowsBefore);
    const QFontMetricsF legendType(TimelinePainter::labelFont(timeline->font()));
    QVERIFY(TimelinePainter::legendHeight(timeline->font(), 100000) >= legendType.height() + 6);
    QVERIFY(timeline->font().pointSizeF() > timelinePoints * scale);
    QVERIFY(window.lessonCaption()->titleFont().pointSizeF() > titlePoints * scale);
    QTest::keyClick(&window, Qt::Key_Minus, Qt::ControlModifier);
    QVERIFY(qAbs(window.presenter()->typeScale() - scale) < 1e-9);
    QTest::keyClick(&window, Qt::Key_Minus, Qt::ControlModifier);
    QVERIFY(window.presenter()->typeScale() < scale);
    QVERIFY(timeline->font().pointSizeF() < timelinePoints * scale);
    QTest::keyClick(&window, Qt::Key_Space);
    QVERIFY(waitForStep(window.lessonPlayer(), 1));
    checkStep(window, 1);
    QTest::keyClick(&window, Qt::Key_F10); // Step, from the keyboard
    QVERIFY(window.runController()->now() > window.lessonPlayer()->steps()[1].atMs);

    QTest::keyClick(&window, Qt::Key_F11);
    QVERIFY(!window.presenter()->isActive());
    QCoreApplication::processEvents();
    QCOMPARE(visibleDocks(), docksBefore);
    QCOMPARE(visibleToolBars(), barsBefore);
    QVERIFY(window.menuBar()->isVisible());
    QVERIFY(window.statusBar()->isVisible());
    QVERIFY(!(window.windowState() & Qt::WindowFullScreen));
    QCOMPARE(timeline->font().pointSizeF(), timelinePoints);
    QCOMPARE(window.sequence()->font().pointSizeF(), sequencePoints);
    QCOMPARE(window.lessonCaption()->titleFont().pointSizeF(), titlePoints);
    QCOMPARE(timeline->zoom()->zoomInAction()->shortcuts(), zoomKeys);
    QVERIFY(!window.presenter()->largerTypeAction()->isEnabled());
}

void TestLessonMode::testCaptionKeepsOffTheLanes_data()
{
    QTest::addColumn<QString>("preset");
    for (const char* name : { "same-key-other-actor", "sweep-removes-only-terminal", "second-order-vs-double-send",
             "lost-response-replay" })
        QTest::newRow(name) << QString::fromLatin1(name);
}

void TestLessonMode::testCaptionKeepsOffTheLanes()
{
    // Issue 42 item 7: outside presenter mode, at 1280×800, the caption covers none of the timeline's lanes at any
    // step (it hid the other actor's lane, Order A's and the re-keyed order's).
    QFETCH(QString, preset);
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.openScenario(presetFile(preset));
    LessonPlayer* lesson = window.lessonPlayer();
    window.lessonMode()->playAction()->trigger();
    for (int step = 0; step < lesson->count(); ++step) {
        if (step > 0)
            window.lessonMode()->nextAction()->trigger();
        QVERIFY2(waitForStep(lesson, step), qPrintable(QStringLiteral("step %1 was not reached").arg(step + 1)));
        QCoreApplication::processEvents();
        QCoreApplication::processEvents();
        const QRect lanes = window.lessonCaption()->lanesRect();
        const QRect caption = window.lessonCaption()->geometry();
        QVERIFY(window.lessonCaption()->isVisible());
        QVERIFY(!lanes.isEmpty());
        QVERIFY2(!caption.intersects(lanes),
            qPrintable(QStringLiteral("step %1: the caption (%2, %3, %4×%5) covers the lanes (%6, %7, %8×%9)")
                           .arg(step + 1)
                           .arg(caption.x())
                           .arg(caption.y())
                           .arg(caption.width())
                           .arg(caption.height())
                           .arg(lanes.x())
                           .arg(lanes.y())
                           .arg(lanes.width())
                           .arg(lanes.height())));
    }
}

void TestLessonMode::testPresenterKeepsChosenPanels()
{
    // Issue 42, what the teacher wanted: the presenter chooses which panels stay (the captions refer to the counters
    // and the inspector's field diff), remembered between sessions; the menu's items act at once in presenter mode.
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.openScenario(presetFile(QStringLiteral("payload-mismatch")));
    PresenterMode* presenter = window.presenter();
    presenter->keepInspectorAction()->setChecked(false);
    presenter->keepCountersAction()->setChecked(true);
    const auto shown = [&](const char* name) {
        auto* dock = window.findChild<QDockWidget*>(QLatin1String(name));
        return dock && dock->isVisible();
    };
    presenter->setActive(true);
    QCoreApplication::processEvents();
    QVERIFY(shown("sequenceDock"));
    QVERIFY(shown("countersDock"));
    QVERIFY(!shown("inspectorDock"));
    presenter->keepInspectorAction()->setChecked(true);
    QCoreApplication::processEvents();
    QVERIFY(shown("inspectorDock"));
    presenter->setActive(false);
    QCoreApplication::processEvents();
    {
        MainWindow again;
        QVERIFY(again.presenter()->keepInspectorAction()->isChecked());
        QVERIFY(again.presenter()->keepCountersAction()->isChecked());
    }
    presenter->keepInspectorAction()->setChecked(false);
    presenter->keepCountersAction()->setChecked(false);
}

void TestLessonMode::shootLessons_data()
{
    QTest::addColumn<QString>("preset");
    QTest::addColumn<QString>("language");
    QTest::addColumn<bool>("presenter");
    for (const char* name : { "lost-response-replay", "crash-after-effect-lease", "check-then-insert-race",
             "second-order-vs-double-send", "stripe-at-least-24-hours", "same-key-other-actor" })
        for (const char* language : { "en", "ru" })
            for (const bool presenter : { true, false })
                QTest::newRow(
                    QByteArray(QByteArray(name) + " " + language + (presenter ? " presenter" : "")).constData())
                    << QString::fromLatin1(name) << QString::fromLatin1(language) << presenter;
}

void TestLessonMode::shootLessons()
{
    // The manual's lesson screenshots (IW_SHOTS=<folder>, under Xvfb at the screen size wanted): every step of a
    // preset's lesson, in presenter mode or not, as the window shows it.
    const QString dir = qEnvironmentVariable("IW_SHOTS");
    if (dir.isEmpty())
        QSKIP("IW_SHOTS is not set: no screenshots wanted");
    QFETCH(QString, preset);
    QFETCH(QString, language);
    QFETCH(bool, presenter);
    QDir().mkpath(dir);
    language::use(language);
    MainWindow window;
    const QSize screen = window.screen()->size();
    window.resize(screen);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.openScenario(presetFile(preset));
    if (presenter) {
        window.presenter()->setTypeScale(1.5);
        window.presenter()->setActive(true);
    }
    LessonPlayer* lesson = window.lessonPlayer();
    window.lessonMode()->playAction()->trigger();
    for (int step = 0; step < lesson->count(); ++step) {
        if (step > 0)
            window.lessonMode()->nextAction()->trigger();
        QVERIFY(waitForStep(lesson, step));
        QTest::qWait(400); // the caption places itself after the layout; let the last paint land
        const QString name = QStringLiteral("%1/lesson-%2-%3-%4%5-step%6.png")
                                 .arg(dir, preset)
                                 .arg(screen.width())
                                 .arg(language, presenter ? QStringLiteral("-presenter") : QString())
                                 .arg(step + 1);
        QVERIFY(window.grab().save(name));
    }
    if (presenter)
        window.presenter()->setActive(false);
    language::use(QStringLiteral("en"));
}

void TestLessonMode::testPresenterContrast()
{
    // The formula against WCAG's known values: black on white is 21:1, a colour on itself 1:1, #777 on white just
    // under the 4.5 that text needs.
    QVERIFY(qAbs(contrastRatio(Qt::black, Qt::white) - 21.0) < 1e-9);
    QVERIFY(qAbs(contrastRatio(QColor(0x33, 0x66, 0x99), QColor(0x33, 0x66, 0x99)) - 1.0) < 1e-9);
    QVERIFY(qAbs(contrastRatio(QColor(0x77, 0x77, 0x77), Qt::white) - 4.48) < 0.01);
    QVERIFY(contrastRatio(QColor(0x76, 0x76, 0x76), Qt::white) >= 4.5);
    const auto pairs = presenterContrastPairs();
    QVERIFY(pairs.size() >= 3);
    for (const ContrastPair& pair : pairs) {
        const double ratio = contrastRatio(pair.foreground, pair.background);
        QVERIFY2(ratio >= 4.5,
            qPrintable(QStringLiteral("%1: %2 on %3 is %4:1, under 4.5:1")
                           .arg(QString::fromLatin1(pair.what), pair.foreground.name(), pair.background.name())
                           .arg(ratio, 0, 'f', 2)));
    }
    // What was checked is what the timeline paints its plot with.
    TimelineView timeline(nullptr);
    QImage image(QSize(800, 400), QImage::Format_RGB32);
    image.fill(Qt::black);
    QPainter painter(&image);
    timeline.paintTimeline(painter, image.size());
    painter.end();
    const QRectF plot = TimelinePainter::layoutFor(image.size(), timeline.font(), 0).plot;
    int background = 0;
    int all = 0;
    for (int y = int(plot.top()) + 1; y < int(plot.bottom()); y += 7) {
        for (int x = int(plot.left()) + 1; x < int(plot.right()); x += 7) {
            ++all;
            background += QColor(image.pixel(x, y)) == plotBackground();
        }
    }
    QVERIFY2(background * 2 > all, "the empty plot is not painted in plotBackground()");
}

QTEST_MAIN(TestLessonMode)
#include "tst_lessonmode.moc"
