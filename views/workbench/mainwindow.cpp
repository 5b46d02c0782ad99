// The workbench's main window (see mainwindow.h).
#include "mainwindow.h"

#include "language.h"
#include "stdtext.h"

#include "livewindow.h"
#include "mysqllivewindow.h"
#include "probewindow.h"
#include "redislivewindow.h"
#include "reviewlink.h"
#include "timelineview.h"

#include "appicon.h"
#include "counters.h"
#include "duration.h"
#include "evidencelink.h"
#include "exploredialog.h"
#include "howtoread.h"
#include "icons.h"
#include "inspector.h"
#include "lessoncaption.h"
#include "lessonmode.h"
#include "lessonplayer.h"
#include "presentermode.h"
#include "runcontroller.h"
#include "runtables.h"
#include "scenariofiles.h"
#include "scenariopanel.h"
#include "selection.h"
#include "sequenceview.h"
#include "servecontroller.h"
#include "servesession.h"
#include "statusfields.h"
#include "storeswitch.h"
#include "strategycompare.h"
#include "windowsize.h"

#include <QAction>
#include <QCloseEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QEvent>
#include <QMenu>
#include <QMenuBar>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QStyle>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>

namespace iw {

namespace {

constexpr int s_layoutVersion = 1; // bump when docks change, so an old saved layout is not forced on new ones

// Connects a timeline view to the run. Any view with the TimelineView API — setSimulation(const Simulation*),
// refresh(), setNow(Millis) — works; being a template, it costs nothing until the constructor uses it.
template<class View> View* wireTimeline(View* view, RunController* run)
{
    view->setSimulation(&run->simulation());
    QObject::connect(run, &RunController::aboutToReset, view, [view] { view->setSimulation(nullptr); });
    QObject::connect(run, &RunController::resetDone, view, [view, run] {
        view->setSimulation(&run->simulation());
        view->setNow(run->now());
        view->refresh();
    });
    QObject::connect(run, &RunController::progressed, view, [view] { view->refresh(); });
    QObject::connect(run, &RunController::clockChanged, view, [view](Millis now) { view->setNow(now); });
    return view;
}

} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_run(new RunController(this))
    , m_selection(new Selection(this))
{
    setObjectName(QStringLiteral("MainWindow"));
    setWindowIcon(applicationIcon());
    resize(fitToScreen(QSize(1280, 800), screen() ? screen()->availableGeometry() : QRect()));
    setDockNestingEnabled(true);
    // The scenario panel and the inspector run the full height; tables and counters sit between them.
    setCorner(Qt::TopLeftCorner, Qt::LeftDockWidgetArea);
    setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
    setCorner(Qt::TopRightCorner, Qt::RightDockWidgetArea);
    setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);

    // Before any model connects: a selection must be gone before the tables start resetting under it.
    connect(m_run, &RunController::aboutToReset, m_selection, &Selection::clear);
    m_serve = new ServeSession(m_run, this);
    m_panel = new ScenarioPanel(m_run, this);
    m_tables = new RunTables(m_run, m_selection, this);
    m_inspector = new Inspector(m_run, m_selection, this);
    m_counters = new CountersView(m_run, this);
    m_sequence = new SequenceView(m_selection, this);
    // The run controller built its first (blank) simulation before this window could hear of it: requests fired or
    // served into it must be drawn too, not only those of a scenario loaded later.
    m_sequence->setSimulation(&m_run->simulation());
    m_lesson = new LessonPlayer(m_run, m_selection, this);
    m_timeline = wireTimeline(new TimelineView(m_selection, this), m_run);
    m_caption = new LessonCaption(m_timeline, this);
    setCentralWidget(m_timeline);

    m_files = new ScenarioFiles(m_run, m_panel, this);
    m_evidence = new EvidenceLink(m_run, this);
    m_store = new StoreSwitch(m_run, this);
    m_serving = new ServeController(m_serve, m_run, m_panel, this, [this] { return m_tables->currentRequest(); });
    m_tables->setRequestActions({ m_serving->copyRequestCurlAction() });
    m_presenter = new PresenterMode(this, m_timeline, m_sequence, m_caption, s_layoutVersion);
    m_help = new HowToRead(this);
    m_probe = new ProbeLauncher(this);
    createActions();
    createDocks();
    m_compare = new StrategyComparison(this, m_run);
    // Two strategies compared in presenter mode: the second timeline, its choice and its figures in the same larger
    // type as the window's.
    m_presenter->addScaledView(m_compare->dock()->widget());
    m_lessonMode = new LessonMode(this, m_lesson, m_caption, m_run, m_serve, m_selection, m_timeline, m_presenter,
        m_clearSelectionAction, m_scenarioDock);
    // The keyboard drives a presentation: these work while menus and toolbars are hidden, so they belong to the
    // window itself.
    addActions({ m_run->playAction(), m_run->pauseAction(), m_run->stepAction(), m_run->skipAction(),
        m_run->resetAction(), m_run->fasterAction(), m_run->slowerAction(), m_lessonMode->playAction(),
        m_lessonMode->nextAction(), m_lessonMode->previousAction(), m_lessonMode->leaveAction(),
        m_presenter->toggleAction(), m_presenter->largerTypeAction(), m_presenter->smallerTypeAction() });
    createMenus();
    createToolBars();
    m_status = new StatusFields(statusBar(), m_run, m_serve, m_store);

    connect(m_files, &ScenarioFiles::message, this, &MainWindow::showStatus);
    connect(m_evidence, &EvidenceLink::message, this, &MainWindow::showStatus);
    connect(m_store, &StoreSwitch::message, this, &MainWindow::showStatus);
    connect(m_serving, &ServeController::message, this, &MainWindow::showStatus);
    connect(m_lessonMode, &LessonMode::message, this, &MainWindow::showStatus);
    connect(m_panel, &ScenarioPanel::message, this, [this](const QString& text) { showStatus(text, 8000); });
    connect(m_panel, &ScenarioPanel::fired, this, &MainWindow::bringFiredIntoView);
    connect(m_timeline, &TimelineView::exported, this,
        [this](const QString& path) { showStatus(tr("Exported the timeline to %1.").arg(path), 8000); });
    connect(m_sequence, &SequenceView::exported, this,
        [this](const QString& path) { showStatus(tr("Exported the sequence to %1.").arg(path), 8000); });
    connect(m_sequence, &SequenceView::copied, this, [this](const QString& sentence) { showStatus(sentence, 8000); });
    connect(m_run, &RunController::stepped, this,
        [this](const QString& text) { showStatus(text.isEmpty() ? tr("No event left to run.") : text, 10000); });
    connect(m_run, &RunController::skipped, this, [this](Millis from, Millis to) {
        showStatus(tr("Skipped %1 where nothing happens (t = %2 → %3).")
                       .arg(shownDuration(to - from), formatClock(from), formatClock(to)),
            6000);
    });
    connect(m_run, &RunController::scenarioLoaded, this, &MainWindow::updateTitle);
    connect(m_run, &RunController::finished, this, [this] {
        const RunSummary s = m_run->simulation().summary();
        const int requests = numerus(s.requests);
        const int effects = numerus(s.effects);
        const int duplicates = numerus(s.duplicateEffects);
        showStatus(tr("Finished at %1: %2, %3, %4.")
                       .arg(formatClock(m_run->now()), resolvePlural(tr("%Ln request(s)", nullptr, requests), requests),
                           resolvePlural(tr("%Ln effect(s)", nullptr, effects), effects),
                           resolvePlural(tr("%Ln duplicate effect(s)", nullptr, duplicates), duplicates)),
            10000);
    });
    // Serving runs the clock at 1×: no other speed meanwhile.
    connect(m_serve, &ServeSession::servingChanged, this, [this](bool serving) { m_speedCombo->setEnabled(!serving); });
    // A window asked to close while a switch connected closes once it is over.
    connect(m_store, &StoreSwitch::switchFinished, this, [this] {
        if (m_closePending)
            QTimer::singleShot(0, this, &QWidget::close);
    });

    placeWindow(this, size(), QStringLiteral("mainWindow/geometry"));
    retranslate(); // the title and the status bar too
}

MainWindow::~MainWindow()
{
    // The served service holds the simulation's decision observer: it goes while the simulation is still there.
    m_serve->abort();
}

void MainWindow::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QMainWindow::changeEvent(event);
}

void MainWindow::retranslate()
{
    m_files->retranslate();
    m_evidence->retranslate();
    m_store->retranslate();
    m_serving->retranslate();
    m_lessonMode->retranslate();
    m_presenter->retranslate();
    m_help->retranslate();
    m_probe->retranslate();
    m_tables->retranslate();
    m_liveAction->setText(tr("&Live database…"));
    m_liveAction->setToolTip(
        tr("Connect read-only to a PostgreSQL idempotency table, see its records and anomalies, and follow it"));
    m_liveRedisAction->setText(tr("Connect to a live &Redis…"));
    m_liveRedisAction->setToolTip(tr("Read the idempotency records a service keeps in Redis (the keys matching a "
                                     "pattern, read only), see their anomalies, page by scan cursor and follow them"));
    m_liveMysqlAction->setText(tr("Connect to a live &MySQL table…"));
    m_liveMysqlAction->setToolTip(tr("Read the idempotency records a service keeps in a MySQL or MariaDB table (read "
                                     "only), see their anomalies, page in key order and follow them"));
    m_reviewAction->setText(tr("&Policy review…"));
    m_reviewAction->setToolTip(tr("Compare two to four service and retry policies over thousands of simulated "
                                  "intents under the same faults (Ctrl+R)"));
    m_exploreAction->setText(tr("&Explore…"));
    m_exploreAction->setToolTip(tr("Try every combination of faults and latencies the scenario's explore block "
                                   "allows, within bounds, and find the shortest run that breaks its property"));
    m_quitAction->setText(tr("&Quit"));
    m_quitAction->setToolTip(tr("Close the workbench (Ctrl+Q)"));
    m_clearSelectionAction->setText(tr("&Clear selection"));
    m_clearSelectionAction->setToolTip(tr("Forget the selected request or record in every panel (Esc)"));
    m_resetLayoutAction->setText(tr("&Reset layout"));
    m_resetLayoutAction->setToolTip(tr("Put every panel back where it was when the workbench was installed"));

    const QStringList menus
        = { tr("&File"), tr("&Run"), tr("&Store"), tr("F&ire"), tr("&View"), tr("&Timeline"), tr("&Help") };
    for (int i = 0; i < m_menus.size(); ++i)
        m_menus[i]->setTitle(menus[i]);
    const QStringList toolBars = { tr("File"), tr("Run"), tr("Timeline"), tr("Fire"), tr("Teach") };
    for (int i = 0; i < m_toolBars.size(); ++i)
        m_toolBars[i]->setWindowTitle(toolBars[i]);
    m_speedCombo->setToolTip(tr("Virtual time per wall-clock second"));
    for (int i = 0; i < m_speedCombo->count(); ++i)
        m_speedCombo->setItemText(i, speedLabel(m_speedCombo->itemData(i).toDouble()));
    const QStringList docks
        = { tr("Scenario"), tr("Counters"), tr("Inspector"), tr("Sequence"), tr("Requests"), tr("Records") };
    for (int i = 0; i < m_docks.size(); ++i)
        setDockTitle(m_docks[i], docks[i]);

    m_status->retranslate();
    updateTitle();
}

void MainWindow::setDockTitle(QDockWidget* dock, const QString& title)
{
    dock->setWindowTitle(title); // the View menu's entry takes it too
    dock->toggleViewAction()->setToolTip(tr("Show or hide the %1 panel").arg(title));
}

void MainWindow::createActions()
{
    QStyle* s = style();
    m_liveAction = new QAction(glyphIcon(QStringLiteral("⇄"), QColor(0x2E, 0x6B, 0x3A)), QString(), this);
    connect(m_liveAction, &QAction::triggered, this, [this] { showLiveDatabase(this); });
    m_liveRedisAction = new QAction(glyphIcon(QStringLiteral("⇄"), QColor(0xA4, 0x1E, 0x22)), QString(), this);
    connect(m_liveRedisAction, &QAction::triggered, this, [this] { showLiveRedis(this); });
    m_liveMysqlAction = new QAction(glyphIcon(QStringLiteral("⇄"), QColor(0x00, 0x5E, 0x86)), QString(), this);
    connect(m_liveMysqlAction, &QAction::triggered, this, [this] { showLiveMysql(this); });
    m_reviewAction = new QAction(s->standardIcon(QStyle::SP_FileDialogDetailedView), QString(), this);
    m_reviewAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    connect(m_reviewAction, &QAction::triggered, this, [this] { showPolicyReview(this, m_run, m_selection); });
    m_exploreAction = new QAction(glyphIcon(QStringLiteral("∀"), QColor(0x1F, 0x4E, 0xA8)), QString(), this);
    connect(m_exploreAction, &QAction::triggered, this, &MainWindow::showExplore);
    m_quitAction = new QAction(this);
    m_quitAction->setShortcut(QKeySequence::Quit);
    connect(m_quitAction, &QAction::triggered, this, &QWidget::close);
    m_clearSelectionAction = new QAction(this);
    m_clearSelectionAction->setShortcut(QKeySequence(Qt::Key_Escape));
    connect(m_clearSelectionAction, &QAction::triggered, m_selection, &Selection::clear);
    addAction(m_clearSelectionAction);
    m_resetLayoutAction = new QAction(this);
    connect(m_resetLayoutAction, &QAction::triggered, this, &MainWindow::resetLayout);
}

void MainWindow::createDocks()
{
    m_scenarioDock = addDock(m_panel, QStringLiteral("scenarioDock"), Qt::LeftDockWidgetArea);
    QDockWidget* counters = addDock(m_counters, QStringLiteral("countersDock"), Qt::TopDockWidgetArea);
    QDockWidget* inspector = addDock(m_inspector, QStringLiteral("inspectorDock"), Qt::RightDockWidgetArea);
    // The selected intent as a sequence (docs/manual/teaching.md), under the inspector: it follows the selection and
    // the clock.
    QDockWidget* sequence = addDock(m_sequence, QStringLiteral("sequenceDock"), Qt::RightDockWidgetArea);
    splitDockWidget(inspector, sequence, Qt::Vertical);
    connect(m_run, &RunController::aboutToReset, m_sequence, [this] { m_sequence->setSimulation(nullptr); });
    connect(m_run, &RunController::resetDone, m_sequence, [this] {
        m_sequence->setSimulation(&m_run->simulation());
        m_sequence->refresh(m_run->now());
    });
    connect(m_run, &RunController::progressed, m_sequence, [this] { m_sequence->refresh(m_run->now()); });
    connect(m_run, &RunController::clockChanged, m_sequence, [this](Millis now) { m_sequence->setNow(now); });
    QDockWidget* requests
        = addDock(m_tables->requestsPanel(), QStringLiteral("requestsDock"), Qt::BottomDockWidgetArea);
    QDockWidget* records = addDock(m_tables->recordsPanel(), QStringLiteral("recordsDock"), Qt::BottomDockWidgetArea);
    splitDockWidget(requests, records, Qt::Horizontal);
    (void)counters;
}

QDockWidget* MainWindow::addDock(QWidget* content, const QString& objectName, Qt::DockWidgetArea area)
{
    auto* dock = new QDockWidget(this);
    dock->setObjectName(objectName);
    dock->setWidget(content);
    dock->setFeatures(
        QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetClosable | QDockWidget::DockWidgetFloatable);
    addDockWidget(area, dock);
    m_docks << dock;
    return dock;
}

void MainWindow::createMenus()
{
    QMenu* file = menuBar()->addMenu(QString());
    file->setToolTipsVisible(true);
    file->addAction(m_files->newAction());
    file->addAction(m_files->openAction());
    file->addAction(m_files->saveAction());
    file->addAction(m_files->exportAction());
    file->addAction(m_serving->saveTrafficAction());
    file->addSeparator();
    file->addAction(m_liveAction);
    file->addAction(m_liveRedisAction);
    file->addAction(m_liveMysqlAction);
    file->addAction(m_evidence->openAction());
    file->addSeparator();
    file->addAction(m_quitAction);

    QMenu* run = menuBar()->addMenu(QString());
    run->setToolTipsVisible(true);
    run->addAction(m_run->playAction());
    run->addAction(m_run->pauseAction());
    run->addAction(m_run->stepAction());
    run->addAction(m_run->skipAction());
    run->addAction(m_run->resetAction());
    run->addSeparator();
    run->addAction(m_run->fasterAction());
    run->addAction(m_run->slowerAction());
    run->addAction(m_run->autoSkipAction());
    run->addSeparator();
    run->addAction(m_lessonMode->playAction());
    run->addAction(m_lessonMode->nextAction());
    run->addAction(m_lessonMode->previousAction());
    run->addAction(m_lessonMode->leaveAction());
    run->addSeparator();
    run->addAction(m_exploreAction);
    run->addSeparator();
    run->addAction(m_serving->serveAction());
    run->addAction(m_serving->jumpAheadAction());
    run->addAction(m_serving->stopAction());
    run->addSeparator();
    run->addAction(m_reviewAction);
    run->addAction(m_probe->probeAction());

    QMenu* store = menuBar()->addMenu(QString());
    store->setToolTipsVisible(true);
    store->addAction(m_store->memoryAction());
    store->addAction(m_store->postgresAction());
    store->addAction(m_store->redisAction());
    store->addAction(m_store->mysqlAction());

    QMenu* fire = menuBar()->addMenu(QString());
    fire->setToolTipsVisible(true);
    fire->addAction(m_panel->fireAction());
    fire->addAction(m_panel->fireParallelAction());
    fire->addAction(m_panel->fireDelayedAction());
    fire->addAction(m_panel->retryStormAction());
    fire->addSeparator();
    fire->addAction(m_panel->copyCurlAction());

    QMenu* view = menuBar()->addMenu(QString());
    view->setToolTipsVisible(true);
    for (QDockWidget* dock : std::as_const(m_docks))
        view->addAction(dock->toggleViewAction());
    view->addSeparator();
    view->addAction(m_presenter->toggleAction());
    view->addAction(m_presenter->largerTypeAction());
    view->addAction(m_presenter->smallerTypeAction());
    view->addAction(m_presenter->keepInspectorAction());
    view->addAction(m_presenter->keepCountersAction());
    view->addSeparator();
    view->addAction(m_compare->toggleAction());
    view->addSeparator();
    view->addAction(m_clearSelectionAction);
    view->addAction(m_resetLayoutAction);
    view->addSeparator();
    view->addMenu(new LanguageMenu(view));

    QMenu* timeline = menuBar()->addMenu(QString());
    timeline->setToolTipsVisible(true);
    timeline->addActions(m_timeline->zoom()->actions());

    QMenu* help = menuBar()->addMenu(QString());
    help->setToolTipsVisible(true);
    help->addAction(m_help->howToReadAction());
    help->addAction(m_help->aboutAction());
    m_menus = { file, run, store, fire, view, timeline, help };
}

void MainWindow::createToolBars()
{
    QToolBar* file = addToolBar(QString());
    file->setObjectName(QStringLiteral("fileToolBar"));
    file->addAction(m_files->openAction());
    file->addAction(m_files->saveAction());
    file->addAction(m_files->exportAction());

    QToolBar* run = addToolBar(QString());
    run->setObjectName(QStringLiteral("runToolBar"));
    run->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    run->addAction(m_run->playAction());
    run->addAction(m_run->pauseAction());
    run->addAction(m_run->stepAction());
    run->addAction(m_run->skipAction());
    run->addAction(m_run->resetAction());
    run->addSeparator();
    run->addAction(m_run->slowerAction());
    m_speedCombo = new QComboBox(run);
    for (const double speed : RunController::speeds())
        m_speedCombo->addItem(QString(), speed); // named in retranslate()
    m_speedCombo->setCurrentIndex(m_speedCombo->findData(m_run->speed()));
    connect(m_speedCombo, &QComboBox::activated, this,
        [this](int index) { m_run->setSpeed(m_speedCombo->itemData(index).toDouble()); });
    connect(m_run, &RunController::speedChanged, this,
        [this](double speed) { m_speedCombo->setCurrentIndex(m_speedCombo->findData(speed)); });
    run->addWidget(m_speedCombo);
    run->addAction(m_run->fasterAction());

    QToolBar* timeline = addToolBar(QString());
    timeline->setObjectName(QStringLiteral("timelineToolBar"));
    const TimelineZoom* zoom = m_timeline->zoom();
    timeline->addAction(zoom->zoomInAction());
    timeline->addAction(zoom->zoomOutAction());
    timeline->addAction(zoom->fitAllAction());
    timeline->addAction(zoom->zoomToSelectionAction());
    timeline->addAction(zoom->followLiveAction());
    timeline->addAction(zoom->jumpToAnomalyAction());
    // The two a teacher reaches for while playing carry their words.
    for (QAction* a : { zoom->followLiveAction(), zoom->jumpToAnomalyAction() }) {
        if (auto* button = qobject_cast<QToolButton*>(timeline->widgetForAction(a)))
            button->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    }

    // Firing sits on its own row, with words beside the icons like Run: the story's two verbs.
    addToolBarBreak();
    QToolBar* fire = addToolBar(QString());
    fire->setObjectName(QStringLiteral("fireToolBar"));
    fire->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    fire->addAction(m_panel->fireAction());
    fire->addAction(m_panel->fireParallelAction());
    fire->addAction(m_panel->fireDelayedAction());
    fire->addAction(m_panel->retryStormAction());
    fire->addSeparator();
    fire->addAction(m_panel->copyCurlAction());

    // Teaching beside firing, where the row has room: the first row is full at 1280 pixels.
    QToolBar* teach = addToolBar(QString());
    teach->setObjectName(QStringLiteral("teachToolBar"));
    teach->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    teach->addAction(m_lessonMode->playAction());
    teach->addAction(m_presenter->toggleAction());
    m_toolBars = { file, run, timeline, fire, teach };
}

void MainWindow::showStatus(const QString& text, int timeoutMs)
{
    m_status->showMessage(text, timeoutMs);
}

void MainWindow::bringFiredIntoView(int entry)
{
    // The first request of what was just fired, once it is sent: selected, so the tables scroll to it, the
    // inspector explains it and the timeline shows its lane.
    const auto& rows = m_run->simulation().requests();
    for (std::size_t i = rows.size(); i-- > 0;) {
        if (rows[i].entry != entry)
            continue;
        std::size_t first = i;
        while (first > 0 && rows[first - 1].entry == entry)
            --first;
        const RequestRow& r = rows[first];
        m_selection->select(int(first), r.scope >= 0 ? r.scope : r.keylessScope);
        return;
    }
}

void MainWindow::updateTitle()
{
    const Scenario& s = m_run->scenario();
    // The scenario's title in the language in use, from its `translations` (docs/glossary.md), else its own.
    const std::string title = scenarioTexts(s, language::current().toStdString()).title;
    setWindowTitle(tr("%1 — Idempotency Workbench").arg(fromStd(title.empty() ? s.name : title)));
}

ExploreDialog* MainWindow::showExplore()
{
    if (!m_explore) {
        m_explore = new ExploreDialog(m_run, this);
        connect(m_explore, &ExploreDialog::openCounterexample, this, &MainWindow::openCounterexample);
    }
    m_explore->show();
    m_explore->raise();
    m_explore->activateWindow();
    return m_explore;
}

void MainWindow::openCounterexample(const Scenario& counterexample)
{
    // The lesson starts once the scenario is in place and load() has returned (a lesson started from inside load's
    // scenarioLoaded would rewind a run that is still being built). On PostgreSQL a store call in flight defers
    // the load; whenIdle then runs after it.
    m_run->load(counterexample);
    m_run->whenIdle([this] {
        m_lesson->setActive(true);
        if (m_lesson->isActive())
            showStatus(tr("The counterexample as a lesson: Space plays to the next step, Esc leaves."), 8000);
    });
    raise();
    activateWindow();
}

void MainWindow::resetLayout()
{
    m_presenter->setActive(false);
    for (QDockWidget* dock : std::as_const(m_docks))
        dock->setFloating(false);
    restoreState(m_defaultLayout, s_layoutVersion);
    m_lessonMode->dock()->setVisible(m_lesson->isActive());
}

void MainWindow::showEvent(QShowEvent* event)
{
    QMainWindow::showEvent(event);
    if (m_shownOnce)
        return;
    m_shownOnce = true;
    // Dock sizes only take once the window is laid out at its size: set the default layout then, remember it for
    // View → Reset layout, and put back what the user had.
    QTimer::singleShot(0, this, [this] {
        const auto dock = [this](const char* name) {
            return findChild<QDockWidget*>(QString::fromLatin1(name), Qt::FindDirectChildrenOnly);
        };
        // A wide window gives the inspector and sequence column about a quarter of it (the sequence needs room for
        // its lanes); at 1280 the centre keeps about 620 pixels, so the requests table shows request, decision and
        // status whole whatever the language's captions above it.
        resizeDocks(
            { dock("scenarioDock"), dock("inspectorDock") }, { 370, std::max(280, width() / 4 - 40) }, Qt::Horizontal);
        resizeDocks({ dock("requestsDock") }, { 320 }, Qt::Vertical);
        // The sequence is the taller story: most of the right column, the inspector above it.
        resizeDocks({ dock("inspectorDock"), dock("sequenceDock") }, { 280, 420 }, Qt::Vertical);
        m_defaultLayout = saveState(s_layoutVersion);
        restoreState(QSettings().value(QStringLiteral("mainWindow/state")).toByteArray(), s_layoutVersion);
    });
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    // Closing destroys the simulation and the store: never while a call of theirs waits below us on the stack.
    if (m_store->isConnecting() || m_run->isBusy()) {
        event->ignore();
        if (!m_closePending) {
            m_closePending = true;
            showStatus(tr("Closing as soon as the database answers…"), 0);
            if (!m_store->isConnecting())
                m_run->whenIdle([this] { QTimer::singleShot(0, this, &QWidget::close); });
        }
        return;
    }
    m_closePending = false;
    // What is remembered is the normal window: not the presenter's full screen, not a lesson's step list.
    m_presenter->setActive(false);
    m_lesson->stop();
    QSettings settings;
    rememberWindow(this, QStringLiteral("mainWindow/geometry"));
    settings.setValue(QStringLiteral("mainWindow/state"), saveState(s_layoutVersion));
    QMainWindow::closeEvent(event);
}

void MainWindow::openScenario(const QString& path)
{
    m_files->openScenario(path);
}

} // namespace iw
