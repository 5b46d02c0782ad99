// The workbench's main window (see mainwindow.h).
#include "mainwindow.h"

#include "duration.h"
#include "language.h"
#include "stdtext.h"

#include "livewindow.h"
#include "reviewlink.h"
#include "timelineview.h"

#include "appicon.h"
#include "colors.h"
#include "counters.h"
#include "datadir.h"
#include "explanationtext.h"
#include "exploredialog.h"
#include "icons.h"
#include "inspector.h"
#include "lessoncaption.h"
#include "lessonplayer.h"
#include "pgstore.h"
#include "recordrules.h"
#include "recordsmodel.h"
#include "report.h"
#include "requestsmodel.h"
#include "runcontroller.h"
#include "scenariopanel.h"
#include "selection.h"
#include "sequenceview.h"
#include "servedservice.h"
#include "servesession.h"
#include "service.h"
#include "storedialog.h"
#include "storeengine.h"
#include "storesetup.h"
#include "threadedstore.h"
#include "windowsize.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QDockWidget>
#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QItemSelection>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QScreen>
#include <QScrollBar>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QStatusBar>
#include <QStyle>
#include <QTableView>
#include <QTextBrowser>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QUuid>
#include <QVBoxLayout>

#include <fstream>
#include <functional>

namespace iw {

namespace {

constexpr int s_layoutVersion = 1; // bump when docks change, so an old saved layout is not forced on new ones
constexpr int s_maxScopeRowsToHighlight = 20000; // highlighting a scope's requests scans the table
constexpr int s_connectionLabelWidth = 420; // longer sentences are elided; the tooltip has them whole

// Connects a timeline view to the run. Any view with the TimelineView API — setSimulation(const Simulation*),
// refresh(), setNow(Millis) — works; being a template, it costs nothing until createCentralView() uses it.
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

// A dialog whose texts `retranslate` sets: once, and again on every language switch while it is open.
class RetranslatedDialog : public QDialog {
public:
    using QDialog::QDialog;
    std::function<void()> retranslate;

protected:
    void changeEvent(QEvent* event) override
    {
        if (event->type() == QEvent::LanguageChange && retranslate)
            retranslate();
        QDialog::changeEvent(event);
    }
};

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
    m_requestsModel = new RequestsModel(m_run, this);
    m_recordsModel = new RecordsModel(m_run, this);
    for (auto [proxy, model, sortRole, filterRole] :
        { std::tuple { &m_requestsProxy, static_cast<QAbstractItemModel*>(m_requestsModel),
              int(RequestsModel::SortRole), int(RequestsModel::FilterRole) },
            std::tuple { &m_recordsProxy, static_cast<QAbstractItemModel*>(m_recordsModel), int(RecordsModel::SortRole),
                int(RecordsModel::FilterRole) } }) {
        *proxy = new QSortFilterProxyModel(this);
        (*proxy)->setSourceModel(model);
        (*proxy)->setSortRole(sortRole);
        (*proxy)->setFilterRole(filterRole);
        (*proxy)->setFilterKeyColumn(-1);
        (*proxy)->setFilterCaseSensitivity(Qt::CaseInsensitive);
    }
    m_inspector = new Inspector(m_run, m_selection, this);
    m_counters = new CountersView(m_run, this);
    m_sequence = new SequenceView(m_selection, this);
    // The run controller built its first (blank) simulation before this window could hear of it: requests fired or
    // served into it must be drawn too, not only those of a scenario loaded later.
    m_sequence->setSimulation(&m_run->simulation());
    m_lesson = new LessonPlayer(m_run, m_selection, this);

    setCentralWidget(createCentralView());
    createActions();
    createDocks();
    createLesson();
    createMenus();
    createToolBars();
    createStatusBar();
    syncServeActions();
    syncLessonActions();

    connect(m_panel, &ScenarioPanel::message, this, [this](const QString& text) { showStatus(text, 8000); });
    connect(m_panel, &ScenarioPanel::fired, this, &MainWindow::bringFiredIntoView);
    connect(m_timeline, &TimelineView::exported, this,
        [this](const QString& path) { showStatus(tr("Exported the timeline to %1.").arg(path), 8000); });
    connect(m_run, &RunController::stepped, this,
        [this](const QString& text) { showStatus(text.isEmpty() ? tr("No event left to run.") : text, 10000); });
    connect(m_run, &RunController::skipped, this, [this](Millis from, Millis to) {
        showStatus(tr("Skipped %1 where nothing happens (t = %2 → %3).")
                       .arg(shownDuration(to - from), formatClock(from), formatClock(to)),
            6000);
    });
    connect(m_run, &RunController::playingChanged, this, [this](bool playing) {
        if (playing && m_run->isFinished())
            statusBar()->clearMessage(); // "Finished at …" no longer describes a clock that runs on
    });
    connect(m_selection, &Selection::changed, this, &MainWindow::syncTablesToSelection);
    connect(m_run, &RunController::scenarioLoaded, this, &MainWindow::updateTitle);
    connect(m_run, &RunController::clockChanged, this, &MainWindow::updateStatus);
    connect(m_run, &RunController::playingChanged, this, &MainWindow::updateStatus);
    connect(m_run, &RunController::speedChanged, this, &MainWindow::updateStatus);
    connect(m_run, &RunController::busyChanged, this, [this] {
        syncStoreActions();
        updateStatus();
    });
    connect(m_run, &RunController::storeChanged, this, [this] {
        if (ThreadedStore* store = m_run->threadedStore())
            connect(store, &ThreadedStore::connectionChanged, this, &MainWindow::updateStatus, Qt::UniqueConnection);
        syncStoreActions();
        updateStatus();
    });
    connect(m_run, &RunController::storeFailed, this, &MainWindow::onStoreFailed);
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
    // A selected record may appear (or come back after a reset of the records table) after it was selected.
    connect(m_recordsProxy, &QAbstractItemModel::modelReset, this, &MainWindow::syncTablesToSelection);
    connect(m_recordsProxy, &QAbstractItemModel::rowsInserted, this, [this] {
        if (m_selection->scope() >= 0 && !m_recordsView->currentIndex().isValid())
            syncTablesToSelection();
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
    m_newAction->setText(tr("&New scenario"));
    m_newAction->setToolTip(
        tr("Start from the blank scenario: one client, the ietf profile, nothing fired yet (Ctrl+N)"));
    m_openAction->setText(tr("&Open scenario…"));
    m_openAction->setToolTip(tr("Open a scenario file (idempotency-workbench/scenario@1 JSON) (Ctrl+O)"));
    m_saveAction->setText(tr("&Save scenario as…"));
    m_saveAction->setToolTip(
        tr("Save the scenario with the edited policies and every request fired so far, to replay it later (Ctrl+S)"));
    m_exportAction->setText(tr("&Export report…"));
    m_exportAction->setToolTip(tr("Write the report of the run so far as JSON, CSV or Markdown (Ctrl+E)"));
    m_liveAction->setText(tr("&Live database…"));
    m_liveAction->setToolTip(
        tr("Connect read-only to a PostgreSQL idempotency table, see its records and anomalies, and follow it"));
    m_reviewAction->setText(tr("&Policy review…"));
    m_reviewAction->setToolTip(tr("Compare two to four service and retry policies over thousands of simulated "
                                  "intents under the same faults (Ctrl+R)"));
    m_quitAction->setText(tr("&Quit"));
    m_quitAction->setToolTip(tr("Close the workbench (Ctrl+Q)"));
    m_clearSelectionAction->setText(tr("&Clear selection"));
    m_clearSelectionAction->setToolTip(tr("Forget the selected request or record in every panel (Esc)"));
    m_resetLayoutAction->setText(tr("&Reset layout"));
    m_resetLayoutAction->setToolTip(tr("Put every panel back where it was when the workbench was installed"));
    m_howToReadAction->setText(tr("&How to read this window"));
    m_howToReadAction->setToolTip(tr("What each panel shows and what the colours mean (F1)"));
    m_memoryStoreAction->setText(tr("&Memory"));
    m_memoryStoreAction->setToolTip(tr("Keep idempotency records in the embedded store: no database needed"));
    m_postgresStoreAction->setText(tr("&PostgreSQL…"));
    m_postgresStoreAction->setToolTip(tr("Run the scenarios against real tables in a PostgreSQL database of yours "
                                         "(its own schema), with the same decisions as the memory store"));
    m_serveAction->setText(tr("Serve over &HTTP…"));
    m_serveAction->setToolTip(tr("Let real HTTP clients (curl, a browser, an SDK) talk to this scenario's service, "
                                 "beside its simulated clients; their requests appear on the timeline"));
    m_stopServeAction->setText(tr("Stop ser&ving"));
    m_stopServeAction->setToolTip(tr("Stop accepting connections; requests in flight get their answers first"));
    m_jumpAction->setText(tr("&Jump ahead…"));
    m_jumpAction->setToolTip(tr("Move the service clock forward (as POST /_workbench/clock), so leases and TTLs "
                                "expire without waiting"));
    m_saveTrafficAction->setText(tr("Save &traffic as scenario…"));
    m_saveTrafficAction->setToolTip(tr("Write the served traffic as a scenario that replays the same decisions and "
                                       "effects (as serve --record)"));
    m_copyRequestCurlAction->setText(tr("Copy as &curl"));
    m_copyRequestCurlAction->setToolTip(
        tr("Copy a curl command line that sends this request to the server started with Run → Serve over HTTP"));
    m_lessonAction->setText(tr("Play as &Lesson"));
    m_lessonAction->setToolTip(tr("Walk through the scenario's lesson: the run plays to each step and pauses, the "
                                  "caption says what to look at and the step's request is selected everywhere. "
                                  "Space: next, Backspace: previous, Esc: leave (Ctrl+Shift+L)"));
    m_nextStepAction->setText(tr("&Next Lesson Step"));
    m_nextStepAction->setToolTip(tr("Play to the lesson's next step and pause there (Space)"));
    m_previousStepAction->setText(tr("P&revious Lesson Step"));
    m_previousStepAction->setToolTip(
        tr("Back to the lesson's previous step: the same run again from t = 0, stopped at its instant (Backspace)"));
    m_leaveLessonAction->setText(tr("Lea&ve the Lesson"));
    m_leaveLessonAction->setToolTip(tr("Back to the normal window; the run stays where it is (Esc)"));
    m_exploreAction->setText(tr("&Explore…"));
    m_exploreAction->setToolTip(tr("Try every combination of faults and latencies the scenario's explore block "
                                   "allows, within bounds, and find the shortest run that breaks its property"));
    m_presenterAction->setText(tr("&Presenter Mode"));
    m_presenterAction->setToolTip(tr("Full screen with only the timeline, the sequence and the lesson caption, in "
                                     "larger type for a projector; the run keys still work (F11)"));
    m_largerTypeAction->setText(tr("&Larger Type"));
    m_largerTypeAction->setToolTip(tr("Presenter mode: larger type on the timeline, the sequence and the caption "
                                      "(Ctrl+= or Ctrl++)"));
    m_smallerTypeAction->setText(tr("&Smaller Type"));
    m_smallerTypeAction->setToolTip(
        tr("Presenter mode: smaller type on the timeline, the sequence and the caption (Ctrl+-)"));
    m_aboutAction->setText(tr("&About Idempotency Workbench"));
    m_aboutAction->setToolTip(tr("Version and purpose of the workbench"));

    m_fileMenu->setTitle(tr("&File"));
    m_runMenu->setTitle(tr("&Run"));
    m_storeMenu->setTitle(tr("&Store"));
    m_fireMenu->setTitle(tr("F&ire"));
    m_viewMenu->setTitle(tr("&View"));
    m_timelineMenu->setTitle(tr("&Timeline"));
    m_helpMenu->setTitle(tr("&Help"));

    m_fileToolBar->setWindowTitle(tr("File"));
    m_runToolBar->setWindowTitle(tr("Run"));
    m_timelineToolBar->setWindowTitle(tr("Timeline"));
    m_fireToolBar->setWindowTitle(tr("Fire"));
    m_teachToolBar->setWindowTitle(tr("Teach"));
    m_speedCombo->setToolTip(tr("Virtual time per wall-clock second"));
    for (int i = 0; i < m_speedCombo->count(); ++i)
        m_speedCombo->setItemText(i, speedLabel(m_speedCombo->itemData(i).toDouble()));

    setDockTitle(m_scenarioDock, tr("Scenario"));
    setDockTitle(m_countersDock, tr("Counters"));
    setDockTitle(m_inspectorDock, tr("Inspector"));
    setDockTitle(m_sequenceDock, tr("Sequence"));
    setDockTitle(m_requestsDock, tr("Requests"));
    setDockTitle(m_recordsDock, tr("Records"));
    m_requestsFilter->setPlaceholderText(tr("Filter requests…"));
    m_recordsFilter->setPlaceholderText(tr("Filter records…"));
    for (QLineEdit* filter : { m_requestsFilter, m_recordsFilter })
        filter->setToolTip(tr("Shows only the rows where some column contains this text (case-insensitive)"));

    m_lessonDock->setWindowTitle(tr("Lesson"));
    m_lessonList->setToolTip(tr("The lesson's steps: click one to go there (an earlier one runs the same run again "
                                "from t = 0 and stops at its instant)"));
    fillLessonList();
    if (m_lesson->isActive()) {
        // The caption says its step again, in the language the scenario has it in now.
        if (m_lesson->pending() >= 0)
            m_caption->showStep(
                m_lesson->shownSteps()[std::size_t(m_lesson->pending())], m_lesson->pending(), m_lesson->count(), true);
        else if (m_lesson->current() >= 0)
            m_caption->showStep(m_lesson->shownSteps()[std::size_t(m_lesson->current())], m_lesson->current(),
                m_lesson->count(), false);
    }

    m_stateLabel->setToolTip(tr("Whether virtual time is running"));
    m_clockLabel->setToolTip(tr("The virtual clock: time since the scenario started"));
    m_speedLabel->setToolTip(tr("Virtual time per wall-clock second"));
    m_storeLabel->setToolTip(tr("Where the idempotency records live"));
    m_connectionLabel->setToolTip(tr("The database connection, when the store is PostgreSQL"));
    m_serveLabel->setToolTip(tr("Real HTTP clients served beside the simulated ones (Run → Serve over HTTP)"));

    updateTitle();
    updateStatus();
}

void MainWindow::setDockTitle(QDockWidget* dock, const QString& title)
{
    dock->setWindowTitle(title); // the View menu's entry takes it too
    dock->toggleViewAction()->setToolTip(tr("Show or hide the %1 panel").arg(title));
}

QWidget* MainWindow::createCentralView()
{
    m_timeline = wireTimeline(new TimelineView(m_selection, this), m_run);
    m_caption = new LessonCaption(m_timeline, this);
    return m_timeline;
}

void MainWindow::createActions()
{
    QStyle* s = style();
    m_newAction = new QAction(s->standardIcon(QStyle::SP_FileIcon), QString(), this);
    m_newAction->setShortcut(QKeySequence::New);
    connect(m_newAction, &QAction::triggered, this, [this] {
        m_run->load(blankScenario());
        showStatus(tr("A blank scenario at t = 0: fire requests from the Scenario panel."), 8000);
    });

    m_openAction = new QAction(s->standardIcon(QStyle::SP_DialogOpenButton), QString(), this);
    m_openAction->setShortcut(QKeySequence::Open);
    connect(m_openAction, &QAction::triggered, this, &MainWindow::openScenarioInteractive);

    m_saveAction = new QAction(s->standardIcon(QStyle::SP_DialogSaveButton), QString(), this);
    m_saveAction->setShortcut(QKeySequence::Save);
    connect(m_saveAction, &QAction::triggered, this, &MainWindow::saveScenarioInteractive);

    m_exportAction = new QAction(s->standardIcon(QStyle::SP_FileDialogContentsView), QString(), this);
    m_exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    connect(m_exportAction, &QAction::triggered, this, &MainWindow::exportReportInteractive);

    m_liveAction = new QAction(glyphIcon(QStringLiteral("⇄"), QColor(0x2E, 0x6B, 0x3A)), QString(), this);
    connect(m_liveAction, &QAction::triggered, this, [this] { showLiveDatabase(this); });

    m_reviewAction = new QAction(s->standardIcon(QStyle::SP_FileDialogDetailedView), QString(), this);
    m_reviewAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    connect(m_reviewAction, &QAction::triggered, this, [this] { showPolicyReview(this, m_run, m_selection); });

    m_quitAction = new QAction(this);
    m_quitAction->setShortcut(QKeySequence::Quit);
    connect(m_quitAction, &QAction::triggered, this, &QWidget::close);

    m_clearSelectionAction = new QAction(this);
    m_clearSelectionAction->setShortcut(QKeySequence(Qt::Key_Escape));
    connect(m_clearSelectionAction, &QAction::triggered, m_selection, &Selection::clear);
    addAction(m_clearSelectionAction);

    m_resetLayoutAction = new QAction(this);
    connect(m_resetLayoutAction, &QAction::triggered, this, &MainWindow::resetLayout);

    m_howToReadAction = new QAction(s->standardIcon(QStyle::SP_DialogHelpButton), QString(), this);
    m_howToReadAction->setShortcut(QKeySequence::HelpContents);
    connect(m_howToReadAction, &QAction::triggered, this, &MainWindow::showHowToRead);

    auto* stores = new QActionGroup(this);
    m_memoryStoreAction = new QAction(s->standardIcon(QStyle::SP_ComputerIcon), QString(), stores);
    m_memoryStoreAction->setCheckable(true);
    m_memoryStoreAction->setChecked(true);
    connect(m_memoryStoreAction, &QAction::triggered, this, &MainWindow::useMemoryStore);
    m_postgresStoreAction = new QAction(s->standardIcon(QStyle::SP_DriveNetIcon), QString(), stores);
    m_postgresStoreAction->setCheckable(true);
    connect(m_postgresStoreAction, &QAction::triggered, this, &MainWindow::choosePostgresStore);

    m_serveAction = new QAction(this);
    connect(m_serveAction, &QAction::triggered, this, &MainWindow::serveInteractive);
    m_stopServeAction = new QAction(this);
    connect(m_stopServeAction, &QAction::triggered, this, &MainWindow::stopServing);
    m_jumpAction = new QAction(this);
    connect(m_jumpAction, &QAction::triggered, this, &MainWindow::jumpAheadInteractive);
    m_saveTrafficAction = new QAction(this);
    connect(m_saveTrafficAction, &QAction::triggered, this, &MainWindow::saveTrafficInteractive);
    m_copyRequestCurlAction = new QAction(this);
    connect(m_copyRequestCurlAction, &QAction::triggered, this, [this] {
        const QModelIndex current = m_requestsView->currentIndex();
        if (!current.isValid())
            return;
        const QString text = curlForRequest(current.data(RequestsModel::RequestIndexRole).toInt());
        if (text.isEmpty())
            return;
        QApplication::clipboard()->setText(text);
        showStatus(tr("Copied: %1").arg(text), 8000);
    });
    connect(m_panel->copyCurlAction(), &QAction::triggered, this, [this] {
        const QString text = curlForForm();
        if (text.isEmpty()) {
            showStatus(tr("Not copied: the payload is not valid JSON."), 8000);
            return;
        }
        QApplication::clipboard()->setText(text);
        showStatus(tr("Copied: %1").arg(text), 8000);
    });
    connect(m_serve, &ServeSession::servingChanged, this, [this](bool serving) {
        syncServeActions();
        updateStatus();
        if (!serving)
            showStatus(tr("Stopped serving."), 6000);
    });
    connect(m_serve, &ServeSession::trafficChanged, this, &MainWindow::updateStatus);
    connect(m_serve, &ServeSession::problem, this, [this](const QString& sentence) { showStatus(sentence, 10000); });

    m_lessonAction = new QAction(glyphIcon(QStringLiteral("✎"), QColor(0x1F, 0x4E, 0xA8)), QString(), this);
    m_lessonAction->setCheckable(true);
    m_lessonAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L));
    connect(m_lessonAction, &QAction::triggered, m_lesson, &LessonPlayer::setActive);
    m_nextStepAction = new QAction(this);
    m_nextStepAction->setShortcut(QKeySequence(Qt::Key_Space));
    connect(m_nextStepAction, &QAction::triggered, m_lesson, &LessonPlayer::next);
    m_previousStepAction = new QAction(this);
    m_previousStepAction->setShortcut(QKeySequence(Qt::Key_Backspace));
    connect(m_previousStepAction, &QAction::triggered, m_lesson, &LessonPlayer::previous);
    m_leaveLessonAction = new QAction(this);
    connect(m_leaveLessonAction, &QAction::triggered, m_lesson, &LessonPlayer::stop);
    connect(m_lesson, &LessonPlayer::activeChanged, this, &MainWindow::onLessonActive);
    connect(m_lesson, &LessonPlayer::stepShown, this, &MainWindow::onLessonStep);
    connect(m_lesson, &LessonPlayer::moving, this, [this](int step) {
        m_caption->showStep(m_lesson->shownSteps()[std::size_t(step)], step, m_lesson->count(), true);
    });
    connect(m_run, &RunController::scenarioLoaded, this, &MainWindow::syncLessonActions);
    // Serving, the service's clock rules: a lesson cannot stop it at its steps.
    connect(m_serve, &ServeSession::servingChanged, this, [this](bool serving) {
        if (serving)
            m_lesson->stop();
        syncLessonActions();
    });

    m_exploreAction = new QAction(glyphIcon(QStringLiteral("∀"), QColor(0x1F, 0x4E, 0xA8)), QString(), this);
    connect(m_exploreAction, &QAction::triggered, this, &MainWindow::showExplore);

    m_presenterAction = new QAction(glyphIcon(QStringLiteral("❐"), QColor(0x1F, 0x4E, 0xA8)), QString(), this);
    m_presenterAction->setCheckable(true);
    m_presenterAction->setShortcut(QKeySequence(Qt::Key_F11));
    connect(m_presenterAction, &QAction::toggled, this, &MainWindow::setPresenterMode);
    m_largerTypeAction = new QAction(this);
    m_largerTypeAction->setShortcuts({ QKeySequence(Qt::CTRL | Qt::Key_Equal), QKeySequence(Qt::CTRL | Qt::Key_Plus) });
    connect(m_largerTypeAction, &QAction::triggered, this, [this] { setTypeScale(m_typeScale * 1.2); });
    m_smallerTypeAction = new QAction(this);
    m_smallerTypeAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Minus));
    connect(m_smallerTypeAction, &QAction::triggered, this, [this] { setTypeScale(m_typeScale / 1.2); });
    m_largerTypeAction->setEnabled(false);
    m_smallerTypeAction->setEnabled(false);
    m_typeScale = std::clamp(QSettings().value(QStringLiteral("presenter/typeScale"), 1.5).toDouble(), 1.0, 4.0);
    // The keyboard drives a presentation: these work while menus and toolbars are hidden, so they belong to the
    // window itself.
    addActions({ m_run->playAction(), m_run->pauseAction(), m_run->stepAction(), m_run->skipAction(),
        m_run->resetAction(), m_run->fasterAction(), m_run->slowerAction(), m_lessonAction, m_nextStepAction,
        m_previousStepAction, m_leaveLessonAction, m_presenterAction, m_largerTypeAction, m_smallerTypeAction });

    m_aboutAction = new QAction(this);
}

QWidget* MainWindow::createTable(QTableView*& view, QLineEdit*& filter, QSortFilterProxyModel* proxy)
{
    auto* box = new QWidget(this);
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->setSpacing(2);
    filter = new QLineEdit(box);
    filter->setClearButtonEnabled(true);
    connect(filter, &QLineEdit::textChanged, proxy, &QSortFilterProxyModel::setFilterFixedString);
    layout->addWidget(filter);

    view = new QTableView(box);
    view->setModel(proxy);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    view->setAlternatingRowColors(true);
    view->setWordWrap(false);
    view->setTextElideMode(Qt::ElideMiddle); // keys and ids differ at both ends; tooltips have them whole
    view->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    // Fixed row heights: a table of a million requests must never measure rows.
    view->verticalHeader()->hide();
    view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 6);
    view->horizontalHeader()->setHighlightSections(false);
    view->horizontalHeader()->setSectionsMovable(true);
    view->horizontalHeader()->setStretchLastSection(true);
    // Unsorted until the user clicks a header: rows then stay in the order they happened, at no cost.
    view->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    view->setSortingEnabled(true);
    proxy->sort(-1);
    layout->addWidget(view, 1);
    return box;
}

void MainWindow::createDocks()
{
    m_scenarioDock = addDock(m_panel, QStringLiteral("scenarioDock"), Qt::LeftDockWidgetArea);
    m_countersDock = addDock(m_counters, QStringLiteral("countersDock"), Qt::TopDockWidgetArea);
    m_inspectorDock = addDock(m_inspector, QStringLiteral("inspectorDock"), Qt::RightDockWidgetArea);
    // The selected intent as a sequence (SPEC §12), under the inspector: it follows the selection and the clock.
    m_sequenceDock = addDock(m_sequence, QStringLiteral("sequenceDock"), Qt::RightDockWidgetArea);
    splitDockWidget(m_inspectorDock, m_sequenceDock, Qt::Vertical);
    connect(m_run, &RunController::aboutToReset, m_sequence, [this] { m_sequence->setSimulation(nullptr); });
    connect(m_run, &RunController::resetDone, m_sequence, [this] {
        m_sequence->setSimulation(&m_run->simulation());
        m_sequence->refresh(m_run->now());
    });
    connect(m_run, &RunController::progressed, m_sequence, [this] { m_sequence->refresh(m_run->now()); });
    connect(m_run, &RunController::clockChanged, m_sequence, [this](Millis now) { m_sequence->setNow(now); });
    connect(m_sequence, &SequenceView::exported, this,
        [this](const QString& path) { showStatus(tr("Exported the sequence to %1.").arg(path), 8000); });

    QWidget* requests = createTable(m_requestsView, m_requestsFilter, m_requestsProxy);
    QWidget* records = createTable(m_recordsView, m_recordsFilter, m_recordsProxy);
    m_requestsDock = addDock(requests, QStringLiteral("requestsDock"), Qt::BottomDockWidgetArea);
    m_recordsDock = addDock(records, QStringLiteral("recordsDock"), Qt::BottomDockWidgetArea);
    splitDockWidget(m_requestsDock, m_recordsDock, Qt::Horizontal);

    // The story first: which request, what the service decided and answered, then when, who and the details; the
    // long explanation last, where it may stretch. Columns sized in characters (no measuring of rows, which could be
    // millions); keys, fingerprints and ids elide in the middle and show whole in their tooltip.
    const auto layOut = [](QTableView* view, std::initializer_list<std::pair<int, int>> columnsAndChars) {
        QHeaderView* header = view->horizontalHeader();
        const int unit = view->fontMetrics().averageCharWidth();
        int visual = 0;
        for (const auto& [column, chars] : columnsAndChars) {
            header->moveSection(header->visualIndex(column), visual++);
            header->resizeSection(column, chars * unit + 16);
        }
    };
    layOut(m_requestsView,
        { { RequestsModel::IdColumn, 5 }, { RequestsModel::DecisionColumn, 18 }, { RequestsModel::StatusColumn, 5 },
            { RequestsModel::TimeColumn, 10 }, { RequestsModel::ClientColumn, 8 }, { RequestsModel::AttemptColumn, 6 },
            { RequestsModel::OutcomeColumn, 14 }, { RequestsModel::EffectColumn, 10 },
            { RequestsModel::IntentColumn, 9 }, { RequestsModel::KeyColumn, 12 },
            { RequestsModel::FingerprintColumn, 12 }, { RequestsModel::ReasonColumn, 40 } });
    // The columns the story is read from are measured, not estimated in average characters: the longest decision
    // name ("expired_reexecuted") and a full clock time must never elide.
    {
        const QFontMetrics fm = m_requestsView->fontMetrics();
        QHeaderView* header = m_requestsView->horizontalHeader();
        int decisionWidth = fm.horizontalAdvance(
            header->model()->headerData(RequestsModel::DecisionColumn, Qt::Horizontal).toString());
        for (int d = 0; d < DecisionCount; ++d)
            decisionWidth = std::max(decisionWidth, fm.horizontalAdvance(fromStd(decisionName(Decision(d)))));
        header->resizeSection(RequestsModel::DecisionColumn, decisionWidth + 24);
        header->resizeSection(RequestsModel::TimeColumn, fm.horizontalAdvance(QStringLiteral("00:00:00.000")) + 24);
        header->resizeSection(RequestsModel::IdColumn,
            std::max(fm.horizontalAdvance(QStringLiteral("r99999")),
                fm.horizontalAdvance(header->model()->headerData(RequestsModel::IdColumn, Qt::Horizontal).toString()))
                + 24);
    }
    layOut(m_recordsView,
        { { RecordsModel::KeyColumn, 12 }, { RecordsModel::StateColumn, 18 }, { RecordsModel::StatusColumn, 5 },
            { RecordsModel::TtlColumn, 10 }, { RecordsModel::LeaseColumn, 10 }, { RecordsModel::ActorColumn, 6 },
            { RecordsModel::OperationColumn, 14 }, { RecordsModel::ResultColumn, 10 },
            { RecordsModel::FingerprintColumn, 12 }, { RecordsModel::CreatedColumn, 11 },
            { RecordsModel::ExpiresColumn, 11 } });
    // A new scenario starts its story at the left again.
    connect(m_run, &RunController::resetDone, this, [this] {
        m_requestsView->horizontalScrollBar()->setValue(0);
        m_recordsView->horizontalScrollBar()->setValue(0);
    });

    connect(m_requestsView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        &MainWindow::onRequestsCurrentChanged);
    m_requestsView->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_requestsView, &QWidget::customContextMenuRequested, this, [this](const QPoint& at) {
        const QModelIndex index = m_requestsView->indexAt(at);
        if (!index.isValid())
            return;
        m_requestsView->setCurrentIndex(index);
        QMenu menu(this);
        menu.setToolTipsVisible(true);
        menu.addAction(m_copyRequestCurlAction);
        menu.exec(m_requestsView->viewport()->mapToGlobal(at));
    });
    connect(m_recordsView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        &MainWindow::onRecordsCurrentChanged);
    // Re-select after sorting or filtering moved rows around.
    connect(m_requestsProxy, &QAbstractItemModel::layoutChanged, this, &MainWindow::syncTablesToSelection);
}

void MainWindow::createLesson()
{
    // The step list: in the Scenario panel's place while a lesson plays (it is not a panel of the normal window).
    m_lessonList = new QListWidget(this);
    m_lessonList->setObjectName(QStringLiteral("lessonSteps"));
    m_lessonList->setWordWrap(true);
    // Space and Backspace belong to the lesson, not to the list's current item.
    m_lessonList->setFocusPolicy(Qt::NoFocus);
    connect(m_lessonList, &QListWidget::itemClicked, this,
        [this](QListWidgetItem* item) { m_lesson->goTo(m_lessonList->row(item)); });
    m_lessonDock = new QDockWidget(this);
    m_lessonDock->setObjectName(QStringLiteral("lessonDock"));
    m_lessonDock->setWidget(m_lessonList);
    m_lessonDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    addDockWidget(Qt::LeftDockWidgetArea, m_lessonDock);
    tabifyDockWidget(m_scenarioDock, m_lessonDock);
    m_lessonDock->hide();
}

void MainWindow::syncLessonActions()
{
    const bool active = m_lesson->isActive();
    m_lessonAction->setEnabled(active || (LessonPlayer::hasLesson(m_run->scenario()) && !m_serve->isServing()));
    m_lessonAction->setChecked(active);
    m_nextStepAction->setEnabled(active);
    m_previousStepAction->setEnabled(active);
    m_leaveLessonAction->setEnabled(active);
    // Esc leaves the lesson while one plays; otherwise it clears the selection, as always.
    m_leaveLessonAction->setShortcut(active ? QKeySequence(Qt::Key_Escape) : QKeySequence());
    m_clearSelectionAction->setShortcut(active ? QKeySequence() : QKeySequence(Qt::Key_Escape));
}

void MainWindow::onLessonActive(bool active)
{
    syncLessonActions();
    if (!active) {
        const bool wasShown = m_caption->isVisible() || m_lessonList->count() > 0;
        m_caption->hide();
        m_lessonDock->hide();
        m_lessonList->clear();
        if (wasShown)
            showStatus(tr("Left the lesson; the run stays where it was."), 6000);
        return;
    }
    m_lessonList->clear();
    fillLessonList();
    if (!m_presenter) {
        m_lessonDock->show();
        m_lessonDock->raise();
        if (QDockWidget* sequence = findChild<QDockWidget*>(QStringLiteral("sequenceDock"), Qt::FindDirectChildrenOnly))
            sequence->show();
    }
    // Whatever had the keyboard (a button, the preset list) must not take Space from the lesson.
    m_timeline->setFocus(Qt::OtherFocusReason);
}

void MainWindow::fillLessonList()
{
    // The steps in the language in use, in the items there are (the current one stays current).
    if (!m_lesson->isActive())
        return;
    const std::vector<LessonStep> steps = m_lesson->shownSteps();
    for (int i = 0; i < int(steps.size()); ++i) {
        const LessonStep& step = steps[std::size_t(i)];
        QListWidgetItem* item = i < m_lessonList->count() ? m_lessonList->item(i) : new QListWidgetItem(m_lessonList);
        item->setText(tr("%1. %2 — %3").arg(i + 1).arg(shownDuration(step.atMs), fromStd(step.title)));
        item->setToolTip(fromStd(step.text));
    }
}

void MainWindow::onLessonStep(int step)
{
    if (!m_lesson->isActive())
        return;
    if (step < 0) {
        m_caption->showIdle(m_lesson->count());
        m_lessonList->clearSelection();
        return;
    }
    m_caption->showStep(m_lesson->shownSteps()[std::size_t(step)], step, m_lesson->count(), false);
    m_lessonList->setCurrentRow(step);
    const int request = m_selection->request();
    if (request >= 0)
        showStatus(
            tr("Lesson step %1 of %2: r%3 is selected.").arg(step + 1).arg(m_lesson->count()).arg(request + 1), 8000);
}

void MainWindow::setPresenterMode(bool on)
{
    if (on == m_presenter)
        return;
    m_presenter = on;
    const QSignalBlocker block(m_presenterAction);
    m_presenterAction->setChecked(on);
    TimelineZoom* zoom = m_timeline->zoom();
    QDockWidget* sequence = findChild<QDockWidget*>(QStringLiteral("sequenceDock"), Qt::FindDirectChildrenOnly);
    if (on) {
        m_presenterState = saveState(s_layoutVersion);
        m_presenterGeometry = saveGeometry();
        m_presenterMenuBar = !menuBar()->isHidden();
        m_presenterStatusBar = !statusBar()->isHidden();
        m_timelineFont = m_timeline->font();
        m_sequenceFont = m_sequence->font();
        // Ctrl+= and Ctrl+- size the type now; the timeline keeps W and S for zooming.
        m_zoomInKeys = zoom->zoomInAction()->shortcuts();
        m_zoomOutKeys = zoom->zoomOutAction()->shortcuts();
        zoom->zoomInAction()->setShortcut(QKeySequence(Qt::Key_W));
        zoom->zoomOutAction()->setShortcut(QKeySequence(Qt::Key_S));
        for (QDockWidget* dock : findChildren<QDockWidget*>(QString(), Qt::FindDirectChildrenOnly)) {
            if (dock != sequence)
                dock->hide();
        }
        if (sequence) {
            sequence->setFloating(false);
            sequence->show();
        }
        for (QToolBar* bar : findChildren<QToolBar*>(QString(), Qt::FindDirectChildrenOnly))
            bar->hide();
        menuBar()->hide();
        statusBar()->hide();
        applyTypeScale();
        showFullScreen();
        // Without a window manager nothing makes a full-screen window fill the screen: do it here.
        if (QScreen* shown = screen(); shown && geometry() != shown->geometry())
            setGeometry(shown->geometry());
        // The sequence takes two fifths of the screen beside the timeline, once the window has its size.
        QTimer::singleShot(0, this, [this, sequence] {
            if (m_presenter && sequence)
                resizeDocks({ sequence }, { width() * 2 / 5 }, Qt::Horizontal);
            m_caption->place();
        });
        m_timeline->setFocus(Qt::OtherFocusReason);
    } else {
        m_timeline->setFont(m_timelineFont);
        m_sequence->setFont(m_sequenceFont);
        zoom->zoomInAction()->setShortcuts(m_zoomInKeys);
        zoom->zoomOutAction()->setShortcuts(m_zoomOutKeys);
        showNormal();
        restoreGeometry(m_presenterGeometry);
        restoreState(m_presenterState, s_layoutVersion);
        menuBar()->setVisible(m_presenterMenuBar);
        statusBar()->setVisible(m_presenterStatusBar);
        // A lesson started or left meanwhile decides about its own step list.
        m_lessonDock->setVisible(m_lesson->isActive());
        m_caption->place();
    }
    m_largerTypeAction->setEnabled(on);
    m_smallerTypeAction->setEnabled(on);
}

void MainWindow::setTypeScale(double scale)
{
    m_typeScale = std::clamp(scale, 1.0, 4.0);
    QSettings().setValue(QStringLiteral("presenter/typeScale"), m_typeScale);
    if (m_presenter)
        applyTypeScale();
}

void MainWindow::applyTypeScale()
{
    const auto scaled = [this](QFont font) {
        if (font.pointSizeF() > 0)
            font.setPointSizeF(font.pointSizeF() * m_typeScale);
        else
            font.setPixelSize(std::max(1, int(std::lround(font.pixelSize() * m_typeScale))));
        return font;
    };
    m_timeline->setFont(scaled(m_timelineFont));
    m_sequence->setFont(scaled(m_sequenceFont));
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
    QMenu* file = m_fileMenu = menuBar()->addMenu(QString());
    file->setToolTipsVisible(true);
    file->addAction(m_newAction);
    file->addAction(m_openAction);
    file->addAction(m_saveAction);
    file->addAction(m_exportAction);
    file->addAction(m_saveTrafficAction);
    file->addSeparator();
    file->addAction(m_liveAction);
    file->addSeparator();
    file->addAction(m_quitAction);

    QMenu* run = m_runMenu = menuBar()->addMenu(QString());
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
    run->addAction(m_lessonAction);
    run->addAction(m_nextStepAction);
    run->addAction(m_previousStepAction);
    run->addAction(m_leaveLessonAction);
    run->addSeparator();
    run->addAction(m_exploreAction);
    run->addSeparator();
    run->addAction(m_serveAction);
    run->addAction(m_jumpAction);
    run->addAction(m_stopServeAction);
    run->addSeparator();
    run->addAction(m_reviewAction);

    QMenu* store = m_storeMenu = menuBar()->addMenu(QString());
    store->setToolTipsVisible(true);
    store->addAction(m_memoryStoreAction);
    store->addAction(m_postgresStoreAction);

    QMenu* fire = m_fireMenu = menuBar()->addMenu(QString());
    fire->setToolTipsVisible(true);
    fire->addAction(m_panel->fireAction());
    fire->addAction(m_panel->fireParallelAction());
    fire->addAction(m_panel->fireDelayedAction());
    fire->addAction(m_panel->retryStormAction());
    fire->addSeparator();
    fire->addAction(m_panel->copyCurlAction());

    QMenu* view = m_viewMenu = menuBar()->addMenu(QString());
    view->setToolTipsVisible(true);
    for (QDockWidget* dock : std::as_const(m_docks))
        view->addAction(dock->toggleViewAction());
    view->addSeparator();
    view->addAction(m_presenterAction);
    view->addAction(m_largerTypeAction);
    view->addAction(m_smallerTypeAction);
    view->addSeparator();
    view->addAction(m_clearSelectionAction);
    view->addAction(m_resetLayoutAction);
    view->addSeparator();
    view->addMenu(new LanguageMenu(view));

    QMenu* timeline = m_timelineMenu = menuBar()->addMenu(QString());
    timeline->setToolTipsVisible(true);
    timeline->addActions(m_timeline->zoom()->actions());

    QMenu* help = m_helpMenu = menuBar()->addMenu(QString());
    help->setToolTipsVisible(true);
    help->addAction(m_howToReadAction);
    help->addAction(m_aboutAction);
}

void MainWindow::createToolBars()
{
    QToolBar* file = m_fileToolBar = addToolBar(QString());
    file->setObjectName(QStringLiteral("fileToolBar"));
    file->addAction(m_openAction);
    file->addAction(m_saveAction);
    file->addAction(m_exportAction);

    QToolBar* run = m_runToolBar = addToolBar(QString());
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

    QToolBar* timeline = m_timelineToolBar = addToolBar(QString());
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
    QToolBar* fire = m_fireToolBar = addToolBar(QString());
    fire->setObjectName(QStringLiteral("fireToolBar"));
    fire->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    fire->addAction(m_panel->fireAction());
    fire->addAction(m_panel->fireParallelAction());
    fire->addAction(m_panel->fireDelayedAction());
    fire->addAction(m_panel->retryStormAction());
    fire->addSeparator();
    fire->addAction(m_panel->copyCurlAction());

    // Teaching beside firing, where the row has room: the first row is full at 1280 pixels.
    QToolBar* teach = m_teachToolBar = addToolBar(QString());
    teach->setObjectName(QStringLiteral("teachToolBar"));
    teach->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    teach->addAction(m_lessonAction);
    teach->addAction(m_presenterAction);
}

void MainWindow::createStatusBar()
{
    m_stateLabel = new QLabel(this);
    m_clockLabel = new QLabel(this);
    m_clockLabel->setMinimumWidth(
        m_clockLabel->fontMetrics().horizontalAdvance(QStringLiteral("t = 00 d 00:00:00.000")));
    m_speedLabel = new QLabel(this);
    m_storeLabel = new QLabel(this);
    m_connectionLabel = new QLabel(this);
    m_serveLabel = new QLabel(this);
    m_serveLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    bool first = true;
    for (QLabel* label : { m_serveLabel, m_stateLabel, m_clockLabel, m_speedLabel, m_storeLabel, m_connectionLabel }) {
        if (!first) {
            auto* separator = new QFrame(this);
            separator->setFrameShape(QFrame::VLine);
            separator->setFrameShadow(QFrame::Sunken);
            statusBar()->addPermanentWidget(separator);
            if (label == m_stateLabel)
                m_serveSeparator = separator; // beside the serving field, shown with it
        }
        first = false;
        label->setContentsMargins(4, 0, 4, 0);
        statusBar()->addPermanentWidget(label);
    }
}

void MainWindow::updateStatus()
{
    const bool playing = m_run->isPlaying();
    QString state;
    if (playing)
        state = m_run->isFinished() ? tr("▶ clock running on, no events left") : tr("▶ playing");
    else
        state = m_run->isFinished() ? (m_run->simulation().requests().empty() ? tr("■ idle") : tr("■ finished"))
                                    : tr("❚❚ paused");
    if (m_serve->isServing())
        state = tr("▶ serving at 1×");
    m_stateLabel->setText(state);
    const QString serving = m_serve->statusText();
    m_serveLabel->setText(serving);
    m_serveLabel->setVisible(!serving.isEmpty());
    if (m_serveSeparator)
        m_serveSeparator->setVisible(!serving.isEmpty());
    m_clockLabel->setText(tr("t = %1").arg(formatClock(m_run->now())));
    m_speedLabel->setText(speedLabel(m_run->speed()));
    QString connection;
    if (const ThreadedStore* store = m_run->threadedStore()) {
        m_storeLabel->setText(tr("store: %1")
                                  .arg(store == m_postgresStore ? tr("PostgreSQL, schema %1").arg(m_postgresSchema)
                                                                : store->description()));
        switch (store->connection()) {
        case ThreadedStore::Connection::Connecting:
            connection = tr("connecting…");
            break;
        case ThreadedStore::Connection::Connected:
            connection = tr("connected");
            break;
        case ThreadedStore::Connection::Reconnecting:
            connection = tr("connection lost, reconnecting: %1").arg(store->connectionMessage());
            break;
        case ThreadedStore::Connection::Failed:
            connection = tr("error: %1").arg(store->connectionMessage());
            break;
        }
        if (store->inCall())
            connection += QStringLiteral(" ") + tr("(waiting for the database…)");
    } else {
        m_storeLabel->setText(tr("store: memory"));
        if (m_connecting)
            connection = tr("connecting to PostgreSQL…");
        else if (!m_storeProblem.isEmpty())
            connection = m_storeProblem;
        else
            connection = tr("embedded, no database");
    }
    m_connectionLabel->setToolTip(connection);
    m_connectionLabel->setText(
        m_connectionLabel->fontMetrics().elidedText(connection, Qt::ElideRight, s_connectionLabelWidth));
}

QString MainWindow::storeText() const
{
    return m_storeLabel->text();
}

QString MainWindow::connectionText() const
{
    return m_connectionLabel->toolTip();
}

void MainWindow::syncStoreActions()
{
    const bool postgres = m_run->threadedStore() != nullptr;
    m_memoryStoreAction->setChecked(!postgres);
    m_postgresStoreAction->setChecked(postgres);
    // Switching destroys the simulation: never while a call of it waits for the database.
    const bool idle = !m_run->isBusy() && !m_connecting;
    m_memoryStoreAction->setEnabled(idle);
    m_postgresStoreAction->setEnabled(idle);
}

void MainWindow::onStoreFailed(const QString& sentence)
{
    m_storeProblem = sentence;
    syncStoreActions();
    updateStatus();
    showStatus(sentence, 20000);
}

void MainWindow::showStatus(const QString& text, int timeoutMs)
{
    // The permanent fields keep their room; a longer sentence ends in "…" at a word, whole in the tooltip.
    int room = statusBar()->width() - 24;
    for (QWidget* w : statusBar()->findChildren<QWidget*>(QString(), Qt::FindDirectChildrenOnly)) {
        if (w->isVisible() && (qobject_cast<QLabel*>(w) || qobject_cast<QFrame*>(w)))
            room -= w->width();
    }
    const QFontMetrics fm(statusBar()->font());
    QString shown = text;
    if (room > 80 && fm.horizontalAdvance(text) > room) {
        const QString ellipsis = QStringLiteral("…");
        shown = text;
        while (!shown.isEmpty() && fm.horizontalAdvance(shown + ellipsis) > room) {
            const qsizetype space = shown.lastIndexOf(QLatin1Char(' '));
            shown.truncate(space > 0 ? space : shown.size() - 1);
        }
        shown += ellipsis;
    }
    statusBar()->setToolTip(shown == text ? QString() : text);
    statusBar()->showMessage(shown, timeoutMs);
    m_lastStatus = text;
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

void MainWindow::useMemoryStore()
{
    m_storeProblem.clear();
    if (!m_run->threadedStore()) {
        syncStoreActions();
        updateStatus();
        return;
    }
    m_run->setStore(makeModelStore(m_run->scenario().service)); // deferred while a call waits for the database
    showStatus(tr("Back on the memory store; the scenario reloaded at t = 0."), 8000);
}

void MainWindow::choosePostgresStore()
{
    syncStoreActions(); // the radio item stays on the current store until the switch succeeds
    StoreDialog dialog(this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    usePostgresStore(dialog.conninfo(), dialog.schema(), dialog.createSchema(), dialog.transactionPooler());
}

QString MainWindow::usePostgresStore(
    const QString& conninfo, const QString& schema, bool createSchema, bool transactionPooler)
{
    if (m_connecting || m_run->isBusy())
        return tr("The store is busy; switch once the database has answered.");
    const std::string info = conninfo.toStdString();
    const std::string schemaName = schema.toStdString();
    if (const std::string problem = conninfoProblem(info); !problem.empty()) {
        onStoreFailed(tr("Could not switch to PostgreSQL: %1. The workbench stays on the %2 store.")
                          .arg(fromStd(problem), fromStd(m_run->store().kind())));
        return m_storeProblem;
    }
    auto store = std::make_unique<ThreadedStore>(tr("PostgreSQL, schema %1").arg(schema));
    // The status bar names this store in the language in use, not in the one it was opened in.
    m_postgresStore = store.get();
    m_postgresSchema = schema;
    m_connecting = store.get();
    m_storeProblem.clear();
    syncStoreActions();
    updateStatus();
    QString failure;
    try {
        // On the worker: connecting to an unreachable host takes up to connect_timeout.
        const auto pooling = transactionPooler ? PostgresStore::Pooling::Transaction : PostgresStore::Pooling::Session;
        store->open([info, schemaName, createSchema, pooling](ThreadedStore& self) {
            auto pg = PostgresStore::connect(info, schemaName, pooling);
            if (createSchema)
                pg->installSchema();
            pg->setStatementObserver(
                [&self](const std::string& sql, const std::string& result) { self.recordStatement(sql, result); });
            return std::unique_ptr<IdempotencyStore>(std::move(pg));
        });
    } catch (const std::exception& e) {
        failure = tr("Could not switch to PostgreSQL: %1. The workbench stays on the %2 store.")
                      .arg(fromStd(e.what()), fromStd(m_run->store().kind()));
    }
    m_connecting = nullptr;
    if (failure.isEmpty()) {
        connect(store.get(), &ThreadedStore::connectionChanged, this, &MainWindow::updateStatus);
        if (m_run->setStore(std::move(store)))
            showStatus(tr("Now on PostgreSQL (schema %1); the scenario reloaded at t = 0.").arg(schema), 8000);
        else
            failure = m_storeProblem;
    } else {
        onStoreFailed(failure);
    }
    syncStoreActions();
    updateStatus();
    if (m_closePending)
        QTimer::singleShot(0, this, &QWidget::close);
    return failure;
}

void MainWindow::updateTitle()
{
    const Scenario& s = m_run->scenario();
    // The scenario's title in the language in use, from its `translations` (SPEC §14), else its own.
    const std::string title = scenarioTexts(s, language::current().toStdString()).title;
    setWindowTitle(tr("%1 — Idempotency Workbench").arg(fromStd(title.empty() ? s.name : title)));
}

QString MainWindow::clockText() const
{
    return m_clockLabel->text();
}

QString MainWindow::runStateText() const
{
    return m_stateLabel->text();
}

void MainWindow::onRequestsCurrentChanged()
{
    if (m_syncingSelection)
        return;
    const QModelIndex current = m_requestsView->currentIndex();
    if (!current.isValid())
        return;
    m_selection->select(
        current.data(RequestsModel::RequestIndexRole).toInt(), current.data(RequestsModel::ScopeIndexRole).toInt());
}

void MainWindow::onRecordsCurrentChanged()
{
    if (m_syncingSelection)
        return;
    const QModelIndex current = m_recordsView->currentIndex();
    if (!current.isValid())
        return;
    m_selection->select(-1, current.data(RecordsModel::ScopeIndexRole).toInt());
}

void MainWindow::syncTablesToSelection()
{
    if (m_syncingSelection)
        return;
    m_syncingSelection = true;
    const int request = m_selection->request();
    const int scope = m_selection->scope();

    // Requests: the selected request, or every request on the selected record's scope.
    QItemSelectionModel* requests = m_requestsView->selectionModel();
    const QModelIndex requestIndex = m_requestsProxy->mapFromSource(
        m_requestsModel->index(m_requestsModel->rowOf(request), RequestsModel::IdColumn));
    if (requestIndex.isValid()) {
        requests->setCurrentIndex(requestIndex, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        m_requestsView->scrollTo(requestIndex);
    } else if (request < 0 && scope >= 0 && m_requestsProxy->rowCount() <= s_maxScopeRowsToHighlight) {
        QItemSelection onScope;
        for (int row = 0; row < m_requestsProxy->rowCount(); ++row) {
            const QModelIndex index = m_requestsProxy->index(row, 0);
            if (index.data(RequestsModel::ScopeIndexRole).toInt() == scope)
                onScope.select(index, index);
        }
        requests->select(onScope, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        if (!onScope.isEmpty())
            m_requestsView->scrollTo(onScope.first().topLeft());
    } else {
        requests->clearSelection();
    }

    // Records: the record of the selected scope.
    QItemSelectionModel* records = m_recordsView->selectionModel();
    const QModelIndex recordIndex = m_recordsProxy->mapFromSource(
        m_recordsModel->index(m_recordsModel->rowOfScope(scope), RecordsModel::KeyColumn));
    if (recordIndex.isValid()) {
        records->setCurrentIndex(recordIndex, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        m_recordsView->scrollTo(recordIndex);
    } else {
        records->clearSelection();
        records->setCurrentIndex({}, QItemSelectionModel::NoUpdate);
    }
    m_syncingSelection = false;
}

void MainWindow::openScenario(const QString& path)
{
    QString error;
    if (!m_panel->openScenarioFile(path, &error))
        QMessageBox::warning(this, tr("Cannot open scenario"), error);
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

void MainWindow::openScenarioInteractive()
{
    QSettings settings;
    QString dir = settings.value(QStringLiteral("files/scenarioDir")).toString();
    // The first time, an installed workbench opens on its presets to copy (share/idempotency-workbench/scenarios).
    if (const QString data = installedDataDir(); dir.isEmpty() && !data.isEmpty())
        dir = data + QStringLiteral("/scenarios");
    const QString path
        = QFileDialog::getOpenFileName(this, tr("Open scenario"), dir, tr("Scenarios (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    settings.setValue(QStringLiteral("files/scenarioDir"), QFileInfo(path).absolutePath());
    openScenario(path);
}

void MainWindow::saveScenarioInteractive()
{
    const Scenario& s = m_run->scenario();
    if (s.requests.empty()) {
        QMessageBox::information(this, tr("Nothing to save"),
            tr("A scenario file needs at least one request: fire one first, or open a preset."));
        return;
    }
    QSettings settings;
    const QString dir = settings.value(QStringLiteral("files/scenarioDir")).toString();
    const QString suggested = QDir(dir).filePath(fromStd(s.name) + QStringLiteral(".json"));
    const QString path = QFileDialog::getSaveFileName(this, tr("Save scenario"), suggested, tr("Scenarios (*.json)"));
    if (path.isEmpty())
        return;
    settings.setValue(QStringLiteral("files/scenarioDir"), QFileInfo(path).absolutePath());
    const QString error = saveScenarioTo(path);
    if (!error.isEmpty()) {
        QMessageBox::warning(this, tr("Cannot save scenario"), error);
        return;
    }
    showStatus(tr("Saved the scenario to %1.").arg(path), 8000);
}

QString MainWindow::saveScenarioTo(const QString& path) const
{
    QFile file(path);
    const std::string text = saveScenario(m_run->scenario());
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)
        || file.write(text.data(), qint64(text.size())) != qint64(text.size()))
        return tr("Cannot write %1: %2").arg(path, file.errorString());
    return {};
}

QString MainWindow::exportReportTo(const QString& path, ReportFormat format) const
{
    // The report lists the store's records: not while a call waits for the database.
    if (m_run->isBusy())
        return tr("The store is busy; export once the database has answered.");
    std::ofstream out(QFile::encodeName(path).toStdString(), std::ios::binary | std::ios::trunc);
    if (!out)
        return tr("Cannot write %1.").arg(path);
    try {
        writeReport(m_run->simulation(), out, format);
    } catch (const StoreError& e) {
        return tr("Cannot export the report: the store failed (%1).").arg(fromStd(e.what()));
    }
    out.close();
    if (!out)
        return tr("Writing %1 failed.").arg(path);
    return {};
}

void MainWindow::exportReportInteractive()
{
    const QString json = tr("JSON report (*.json)");
    const QString csv = tr("CSV requests table and summary (*.csv)");
    const QString markdown = tr("Markdown (*.md)");
    QString filter = json;
    QSettings settings;
    const QString dir = settings.value(QStringLiteral("files/reportDir")).toString();
    const QString suggested = QDir(dir).filePath(fromStd(m_run->scenario().name) + QStringLiteral("-report.json"));
    QString path = QFileDialog::getSaveFileName(
        this, tr("Export report"), suggested, QStringList { json, csv, markdown }.join(QStringLiteral(";;")), &filter);
    if (path.isEmpty())
        return;
    settings.setValue(QStringLiteral("files/reportDir"), QFileInfo(path).absolutePath());
    // The extension decides when it names a format; otherwise the chosen filter does.
    const QString suffix = QFileInfo(path).suffix().toLower();
    ReportFormat format = ReportFormat::Json;
    if (suffix == QStringLiteral("csv")
        || (suffix != QStringLiteral("json") && suffix != QStringLiteral("md") && filter == csv))
        format = ReportFormat::Csv;
    else if (suffix == QStringLiteral("md") || (suffix != QStringLiteral("json") && filter == markdown))
        format = ReportFormat::Markdown;
    const QString error = exportReportTo(path, format);
    if (!error.isEmpty()) {
        QMessageBox::warning(this, tr("Cannot export report"), error);
        return;
    }
    showStatus(tr("Exported the report of the run so far to %1.").arg(path), 8000);
}

void MainWindow::showAbout()
{
    QMessageBox::about(this, tr("About Idempotency Workbench"),
        tr("<h3>Idempotency Workbench %1</h3>"
           "<p>See how an idempotency key lives and dies: fire parallel, delayed and failing requests at a simulated "
           "service, watch records move through in_progress, completed and expired, and inspect every fingerprint, "
           "TTL and conflict decision.</p>"
           "<p>Built with Qt %2.</p>")
            .arg(QStringLiteral(IW_VERSION), QString::fromLatin1(qVersion())));
}

void MainWindow::showHowToRead()
{
    auto* dialog = new RetranslatedDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->resize(640, 620);
    auto* layout = new QVBoxLayout(dialog);
    auto* text = new QTextBrowser(dialog);
    layout->addWidget(text);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::close);
    layout->addWidget(buttons);
    // Open while the language changes, it says everything again in the new one.
    dialog->retranslate = [this, dialog, text] {
        dialog->setWindowTitle(tr("How to read this window"));
        text->setHtml(howToReadText());
    };
    dialog->retranslate();
    dialog->show();
}

QString MainWindow::howToReadText() const
{
    const auto swatch = [](const QColor& c, const QString& name, const QString& meaning) {
        return QStringLiteral("<tr><td><span style=\"background:%1; color:%2;\">&nbsp;%3&nbsp;</span></td>"
                              "<td>%4</td></tr>")
            .arg(c.name(), textColorOn(c).name(), name.toHtmlEscaped(), meaning.toHtmlEscaped());
    };
    QString states = QStringLiteral("<table cellpadding=\"2\">");
    states += swatch(stateColor(RecordState::InProgress), tr("in_progress"), tr("claimed; the handler is running"));
    states += swatch(stateColor(RecordState::Completed), tr("completed"), tr("a stored response to replay"));
    states += swatch(stateColor(RecordState::Expired), tr("expired"), tr("past its TTL: protects nothing any more"));
    states += swatch(stuckColor(), tr("stuck"),
        tr("%1: nobody is looking after it any more, so only a lease takeover or an operator can finish it. A crashed "
           "owner alone is not stuck: while its lease runs the record is in progress, waiting.")
            .arg(shownStuckRule()));
    states += swatch(tombstoneColor(), tr("tombstone"), tr("what a swept record leaves under after_expiry: tombstone"));
    states += swatch(alarmColor(), tr("alarm"), tr("a duplicate effect: the business action ran twice for one intent"));
    states += QStringLiteral("</table>");
    QString decisions = QStringLiteral("<table cellpadding=\"2\">");
    for (int d = 0; d < DecisionCount; ++d) {
        const auto name = decisionName(Decision(d));
        const ServicePolicy policy;
        decisions += swatch(decisionColor(Decision(d)), QString::fromUtf8(name.data(), qsizetype(name.size())),
            shownExplanation(Decision(d), policy));
    }
    decisions += QStringLiteral("</table>");
    return tr("<h3>The panels</h3>"
              "<p><b>Scenario</b> (left): pick a preset, or edit the service and client policies (each edit "
              "rewinds the run) and fire requests by hand. The payload editor checks your JSON as you type and "
              "shows the canonical form and fingerprint the service will compare.</p>"
              "<p><b>Run</b> (toolbar): Play advances virtual time at the chosen speed, Step runs exactly one "
              "event, Reset rewinds to t = 0. The clock in the status bar is virtual time.</p>"
              "<p><b>Counters</b> (top): intents, requests, effects and <i>duplicate effects</i> — the number "
              "that must stay 0. It turns red when it is not.</p>"
              "<p><b>Requests</b> (bottom left): every attempt a client sent, with the service's decision. "
              "<b>Records</b> (bottom right): what the store holds now, with the TTL counting down.</p>"
              "<p><b>Inspector</b> (right): click any row to see why the service answered what it answered: "
              "the rule path, the explanation, the fingerprints and, on a mismatch, the differing fields.</p>"
              "<p>Selecting something anywhere selects it everywhere; Esc clears the selection. Panels can be "
              "moved and closed; View → Reset layout brings them back.</p>"
              "<p><b>Lessons</b>: Run → Play as Lesson walks through a preset's story, pausing at each step with "
              "a caption over the timeline (Space next, Backspace previous, Esc leaves). F11 is presenter mode "
              "for a projector: only the timeline, the sequence and the caption, Ctrl+= and Ctrl+- size the "
              "type.</p>"
              "<p><b>Explore</b>: Run → Explore… tries every way the run can go within the scenario's explore "
              "block — which faults may strike any attempt, how many, which latencies — and says whether its "
              "property holds, or shows the shortest counterexample, which opens here as a lesson.</p>"
              "<h3>Record states</h3>%1<h3>Decisions</h3>%2")
        .arg(states, decisions);
}

void MainWindow::resetLayout()
{
    setPresenterMode(false);
    for (QDockWidget* dock : std::as_const(m_docks))
        dock->setFloating(false);
    restoreState(m_defaultLayout, s_layoutVersion);
    m_lessonDock->setVisible(m_lesson->isActive());
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
    if (m_connecting || m_run->isBusy()) {
        event->ignore();
        if (!m_closePending) {
            m_closePending = true;
            showStatus(tr("Closing as soon as the database answers…"), 0);
            if (!m_connecting)
                m_run->whenIdle([this] { QTimer::singleShot(0, this, &QWidget::close); });
        }
        return;
    }
    m_closePending = false;
    // What is remembered is the normal window: not the presenter's full screen, not a lesson's step list.
    setPresenterMode(false);
    m_lesson->stop();
    QSettings settings;
    rememberWindow(this, QStringLiteral("mainWindow/geometry"));
    settings.setValue(QStringLiteral("mainWindow/state"), saveState(s_layoutVersion));
    QMainWindow::closeEvent(event);
}

QString MainWindow::serveText() const
{
    return m_serve->statusText();
}

QString MainWindow::startServing(const QString& bindText, int port)
{
    const QString trimmed = bindText.trimmed();
    QHostAddress bind;
    if (trimmed.compare(QLatin1String("localhost"), Qt::CaseInsensitive) == 0)
        bind = QHostAddress(QHostAddress::LocalHost);
    else if (!bind.setAddress(trimmed))
        return tr("\u201c%1\u201d is not an IP address: type one such as 127.0.0.1 or ::1.").arg(trimmed);
    if (port < 0 || port > 65535)
        return tr("The port must be a number from 0 to 65535 (0: any free port).");
    QString error;
    if (!m_serve->start(bind, static_cast<quint16>(port), error))
        return error;
    m_lastBind = trimmed;
    m_lastPort = port;
    QString note;
    if (!bind.isLoopback())
        note = QStringLiteral(" ")
            + tr("Not loopback: anyone who can reach %1 can use the service.").arg(bind.toString());
    // The permanent field names the address; the message says what to do with it.
    showStatus(tr("Real requests appear on the timeline as they arrive.") + note, 10000);
    return {};
}

void MainWindow::stopServing()
{
    m_serve->stop();
    syncServeActions();
    updateStatus();
}

void MainWindow::serveInteractive()
{
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Serve over HTTP"));
    dialog.setMinimumWidth(dialog.fontMetrics().horizontalAdvance(QLatin1Char('x')) * 64);
    auto* layout = new QVBoxLayout(&dialog);
    auto* intro = new QLabel(tr("Real clients send HTTP requests to this scenario's service (its policy and faults), "
                                "beside the simulated clients. The clock runs at 1× while serving."),
        &dialog);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    auto* form = new QFormLayout;
    auto* bind = new QLineEdit(m_lastBind, &dialog);
    bind->setToolTip(tr("The address to listen on: 127.0.0.1 (this machine only) unless you mean otherwise"));
    auto* port = new QSpinBox(&dialog);
    port->setRange(0, 65535);
    port->setValue(m_lastPort);
    port->setToolTip(tr("The TCP port; 0 picks any free one"));
    form->addRow(tr("Bind &address:"), bind);
    form->addRow(tr("&Port:"), port);
    layout->addLayout(form);
    auto* error = new QLabel(&dialog);
    error->setWordWrap(true);
    error->setStyleSheet(QStringLiteral("color: #b00020"));
    error->setVisible(false);
    layout->addWidget(error);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("&Serve"));
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, [&] {
        const QString why = startServing(bind->text(), port->value());
        if (why.isEmpty()) {
            dialog.accept();
            return;
        }
        error->setText(why);
        error->setVisible(true);
        dialog.adjustSize(); // room for the sentence without squeezing the wrapped text above it
    });
    dialog.exec();
}

void MainWindow::jumpAheadInteractive()
{
    if (!m_serve->isServing())
        return;
    bool ok = false;
    const double seconds = QInputDialog::getDouble(this, tr("Jump ahead"),
        tr("Move the service clock forward by (seconds); work due meanwhile completes first:"), 60, 0, 1e9, 3, &ok);
    if (!ok)
        return;
    // The PostgreSQL store may be waited for under this dialog: the jump runs once the store call has returned.
    m_run->whenIdle([this, ms = static_cast<Millis>(std::llround(seconds * 1000))]() {
        if (!m_serve->isServing())
            return;
        const Millis to = m_serve->jumpAhead(ms);
        showStatus(tr("Jumped ahead to t = %1.").arg(formatClock(to)), 6000);
    });
}

void MainWindow::saveTrafficInteractive()
{
    if (!m_serve->isServing())
        return;
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save traffic as scenario"), QStringLiteral("traffic.json"), tr("Scenario JSON (*.json)"));
    if (path.isEmpty())
        return;
    const QString error = m_serve->saveRecording(path);
    if (!error.isEmpty()) {
        QMessageBox::warning(this, tr("Save traffic"), error);
        return;
    }
    showStatus(tr("Saved the served traffic to %1: run it to replay the same decisions.").arg(path), 8000);
}

void MainWindow::syncServeActions()
{
    const bool serving = m_serve->isServing();
    m_serveAction->setEnabled(!serving);
    m_stopServeAction->setEnabled(serving);
    m_jumpAction->setEnabled(serving);
    m_saveTrafficAction->setEnabled(serving);
    m_copyRequestCurlAction->setEnabled(serving);
    m_panel->copyCurlAction()->setEnabled(serving);
    if (m_speedCombo)
        m_speedCombo->setEnabled(!serving);
}

QString MainWindow::curlForForm() const
{
    if (!m_serve->isServing())
        return {};
    std::string clientId;
    const auto spec = m_panel->formRequest(&clientId);
    if (!spec)
        return {};
    const ClientSpec* client = m_run->scenario().client(clientId);
    return curlCommand(*spec, clientId, client ? client->actor : std::string(), m_serve->url(),
        QUuid::createUuid().toString(QUuid::WithoutBraces).toStdString(), m_run->scenario().service.keySyntax);
}

QString MainWindow::curlForRequest(int request) const
{
    if (!m_serve->isServing() || request < 0)
        return {};
    const Simulation& sim = m_run->simulation();
    if (static_cast<std::size_t>(request) >= sim.requests().size())
        return {};
    const RequestRow& row = sim.requests()[static_cast<std::size_t>(request)];
    RequestSpec spec = sim.scenario().requests[static_cast<std::size_t>(row.entry)];
    if (row.hasKey && row.scope >= 0) {
        spec.keyKind = RequestSpec::KeyKind::Literal;
        spec.key = sim.scopes()[static_cast<std::size_t>(row.scope)].key;
    } else {
        spec.keyKind = RequestSpec::KeyKind::None;
    }
    const ClientSpec* client = sim.scenario().client(spec.client);
    std::string clientName = spec.client;
    if (const std::string* served = m_serve->service()->servedClientName(row.entry))
        clientName = *served;
    return curlCommand(
        spec, clientName, client ? client->actor : std::string(), m_serve->url(), {}, sim.scenario().service.keySyntax);
}

} // namespace iw
