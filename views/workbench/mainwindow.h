// The workbench's main window: the scenario panel, counters, tables and inspector as movable docks around the
// timeline, menus and toolbars built from the shared actions, and a status bar with the virtual clock, speed,
// run state and store. Every panel is linked through one Selection.
#pragma once

#include "report.h"

#include <QFont>
#include <QKeySequence>
#include <QMainWindow>

class QAction;
class QComboBox;
class QDockWidget;
class QLabel;
class QLineEdit;
class QListWidget;
class QMenu;
class QSortFilterProxyModel;
class QTableView;
class QToolBar;

namespace iw {

class CountersView;
class ExploreDialog;
class Inspector;
class LessonCaption;
class LessonPlayer;
class RecordsModel;
class RequestsModel;
class RunController;
class ScenarioPanel;
class ServeSession;
class Selection;
class SequenceView;
class TimelineView;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // Opens a scenario file; a bad file is reported in a message box and changes nothing.
    void openScenario(const QString& path);
    // Write the running scenario (edited policies and fired requests included) or the report of the run so far;
    // return an error sentence, or an empty string on success. The File menu asks for the path and shows errors.
    QString saveScenarioTo(const QString& path) const;
    QString exportReportTo(const QString& path, ReportFormat format) const;

    RunController* runController() const { return m_run; }
    Selection* selection() const { return m_selection; }
    ScenarioPanel* scenarioPanel() const { return m_panel; }
    RequestsModel* requestsModel() const { return m_requestsModel; }
    RecordsModel* recordsModel() const { return m_recordsModel; }
    QSortFilterProxyModel* requestsProxy() const { return m_requestsProxy; }
    QSortFilterProxyModel* recordsProxy() const { return m_recordsProxy; }
    QTableView* requestsView() const { return m_requestsView; }
    QTableView* recordsView() const { return m_recordsView; }
    QLineEdit* requestsFilter() const { return m_requestsFilter; }
    Inspector* inspector() const { return m_inspector; }
    CountersView* counters() const { return m_counters; }
    SequenceView* sequence() const { return m_sequence; }
    QWidget* centralView() const { return centralWidget(); }
    // The status bar's permanent fields, as shown.
    QString clockText() const;
    QString runStateText() const;
    QString storeText() const;
    QString connectionText() const; // the whole sentence, also when the label shows it elided
    // "serving http://127.0.0.1:8787/ · 3 requests", empty when not serving.
    QString serveText() const;

    // Run → Serve over HTTP without the dialog: `bind` an IP address (or "localhost"), `port` 0 for any free one.
    // Returns the error sentence the dialog shows, or empty on success.
    QString startServing(const QString& bind, int port);
    void stopServing();
    ServeSession* serveSession() const { return m_serve; }
    // Copy as curl: the command line for the request form, or for request `request` of the simulation; empty when
    // nothing is served (or the form's payload is not JSON). The copy actions put it on the clipboard.
    QString curlForForm() const;
    QString curlForRequest(int request) const;
    QAction* serveAction() const { return m_serveAction; }
    QAction* stopServeAction() const { return m_stopServeAction; }
    QAction* jumpAheadAction() const { return m_jumpAction; }
    QAction* saveTrafficAction() const { return m_saveTrafficAction; }
    QAction* copyRequestCurlAction() const { return m_copyRequestCurlAction; }

    // Lesson mode (Run → Play as Lesson): the player, its caption over the timeline and its step list.
    LessonPlayer* lessonPlayer() const { return m_lesson; }
    LessonCaption* lessonCaption() const { return m_caption; }
    QListWidget* lessonSteps() const { return m_lessonList; }
    QDockWidget* lessonDock() const { return m_lessonDock; }
    QAction* lessonAction() const { return m_lessonAction; }
    QAction* nextStepAction() const { return m_nextStepAction; }
    QAction* previousStepAction() const { return m_previousStepAction; }
    QAction* leaveLessonAction() const { return m_leaveLessonAction; }
    TimelineView* timeline() const { return m_timeline; }

    // Run → Explore… (SPEC §13): the dialog (created on first use, kept with its last verdict when closed), shown
    // and raised. Opening its counterexample loads that scenario here and starts its lesson.
    ExploreDialog* showExplore();
    ExploreDialog* exploreDialog() const { return m_explore; }
    QAction* exploreAction() const { return m_exploreAction; }
    void openCounterexample(const Scenario& counterexample);

    // Presenter mode (F11): full screen with only the timeline, the sequence and the caption, in larger type
    // (Ctrl+= / Ctrl+- step typeScale()); leaving puts every dock, toolbar and the window back as they were.
    void setPresenterMode(bool on);
    bool isPresenterMode() const { return m_presenter; }
    double typeScale() const { return m_typeScale; }
    void setTypeScale(double scale);
    QAction* presenterAction() const { return m_presenterAction; }
    QAction* largerTypeAction() const { return m_largerTypeAction; }
    QAction* smallerTypeAction() const { return m_smallerTypeAction; }

    // The store switch. usePostgresStore connects on a worker thread (the window keeps painting), optionally
    // installs the schema, and reloads the current scenario on it; on failure the workbench stays on the memory
    // store and the returned sentence (also in the status bar) says why. Empty on success.
    QString usePostgresStore(
        const QString& conninfo, const QString& schema, bool createSchema, bool transactionPooler = false);
    void useMemoryStore();

protected:
    void changeEvent(QEvent* event) override;
    void closeEvent(QCloseEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    // Every text of the window in the language in use: actions, menus, toolbars, docks, placeholders, tooltips, the
    // lesson's steps and caption, and (recomputed) the title and the status bar's fields.
    void retranslate();
    void createActions();
    void createMenus();
    void createToolBars();
    void createDocks();
    void createStatusBar();
    QWidget* createCentralView();
    // A dock for `content`, titled by retranslate() (setDockTitle).
    QDockWidget* addDock(QWidget* content, const QString& objectName, Qt::DockWidgetArea area);
    // The dock's title (and with it its View menu entry's text) and that entry's tooltip.
    void setDockTitle(QDockWidget* dock, const QString& title);
    QWidget* createTable(QTableView*& view, QLineEdit*& filter, QSortFilterProxyModel* proxy);

    void openScenarioInteractive();
    void saveScenarioInteractive();
    void exportReportInteractive();
    void showAbout();
    void showHowToRead();
    QString howToReadText() const; // the help's HTML, in the language in use
    void resetLayout();
    void choosePostgresStore();
    void onStoreFailed(const QString& sentence);
    // A status-bar message, elided at a word to the room the permanent fields leave (whole in the tooltip).
    void showStatus(const QString& text, int timeoutMs);
    void bringFiredIntoView(int entry);
    void syncStoreActions();
    void serveInteractive();
    void jumpAheadInteractive();
    void saveTrafficInteractive();
    void syncServeActions();
    void createLesson();
    void onLessonActive(bool active);
    void onLessonStep(int step);
    void fillLessonList(); // the step list's texts, in the language in use
    void syncLessonActions();
    void applyTypeScale();

    void onRequestsCurrentChanged();
    void onRecordsCurrentChanged();
    void syncTablesToSelection();
    void updateStatus();
    void updateTitle();

    RunController* m_run = nullptr;
    Selection* m_selection = nullptr;
    ScenarioPanel* m_panel = nullptr;
    TimelineView* m_timeline = nullptr;
    RequestsModel* m_requestsModel = nullptr;
    RecordsModel* m_recordsModel = nullptr;
    QSortFilterProxyModel* m_requestsProxy = nullptr;
    QSortFilterProxyModel* m_recordsProxy = nullptr;
    QTableView* m_requestsView = nullptr;
    QTableView* m_recordsView = nullptr;
    QLineEdit* m_requestsFilter = nullptr;
    QLineEdit* m_recordsFilter = nullptr;
    Inspector* m_inspector = nullptr;
    CountersView* m_counters = nullptr;
    SequenceView* m_sequence = nullptr;
    QList<QDockWidget*> m_docks;
    QDockWidget* m_scenarioDock = nullptr;
    QDockWidget* m_countersDock = nullptr;
    QDockWidget* m_inspectorDock = nullptr;
    QDockWidget* m_sequenceDock = nullptr;
    QDockWidget* m_requestsDock = nullptr;
    QDockWidget* m_recordsDock = nullptr;
    QMenu* m_fileMenu = nullptr;
    QMenu* m_runMenu = nullptr;
    QMenu* m_storeMenu = nullptr;
    QMenu* m_fireMenu = nullptr;
    QMenu* m_viewMenu = nullptr;
    QMenu* m_timelineMenu = nullptr;
    QMenu* m_helpMenu = nullptr;
    QToolBar* m_fileToolBar = nullptr;
    QToolBar* m_runToolBar = nullptr;
    QToolBar* m_timelineToolBar = nullptr;
    QToolBar* m_fireToolBar = nullptr;
    QToolBar* m_teachToolBar = nullptr;
    QByteArray m_defaultLayout;
    bool m_syncingSelection = false;
    bool m_shownOnce = false;

    QAction* m_newAction = nullptr;
    QAction* m_openAction = nullptr;
    QAction* m_saveAction = nullptr;
    QAction* m_exportAction = nullptr;
    QAction* m_liveAction = nullptr;
    QAction* m_reviewAction = nullptr;
    QAction* m_quitAction = nullptr;
    QAction* m_clearSelectionAction = nullptr;
    QAction* m_resetLayoutAction = nullptr;
    QAction* m_howToReadAction = nullptr;
    QAction* m_aboutAction = nullptr;
    QAction* m_memoryStoreAction = nullptr;
    QAction* m_postgresStoreAction = nullptr;
    QAction* m_serveAction = nullptr;
    QAction* m_stopServeAction = nullptr;
    QAction* m_jumpAction = nullptr;
    QAction* m_saveTrafficAction = nullptr;
    QAction* m_copyRequestCurlAction = nullptr;
    QAction* m_lessonAction = nullptr;
    QAction* m_exploreAction = nullptr;
    ExploreDialog* m_explore = nullptr;
    QAction* m_nextStepAction = nullptr;
    QAction* m_previousStepAction = nullptr;
    QAction* m_leaveLessonAction = nullptr;
    QAction* m_presenterAction = nullptr;
    QAction* m_largerTypeAction = nullptr;
    QAction* m_smallerTypeAction = nullptr;
    LessonPlayer* m_lesson = nullptr;
    LessonCaption* m_caption = nullptr;
    QDockWidget* m_lessonDock = nullptr;
    QListWidget* m_lessonList = nullptr;
    // Presenter mode: what leaving it puts back.
    bool m_presenter = false;
    double m_typeScale = 1.5;
    QByteArray m_presenterState;
    QByteArray m_presenterGeometry;
    bool m_presenterMenuBar = true;
    bool m_presenterStatusBar = true;
    QFont m_timelineFont;
    QFont m_sequenceFont;
    QList<QKeySequence> m_zoomInKeys;
    QList<QKeySequence> m_zoomOutKeys;
    ServeSession* m_serve = nullptr;
    QString m_lastBind = QStringLiteral("127.0.0.1");
    int m_lastPort = 8787;
    QObject* m_connecting = nullptr; // the store being opened, while usePostgresStore waits for it
    QString m_storeProblem; // the last store failure, shown until the next switch
    const QObject* m_postgresStore = nullptr; // the PostgreSQL store opened last (only compared, never used)
    QString m_postgresSchema; // its schema
    bool m_closePending = false;
    QComboBox* m_speedCombo = nullptr;
    QString m_lastStatus; // the last status message, whole

public:
    QString lastStatusMessage() const { return m_lastStatus; }

private:
    QLabel* m_stateLabel = nullptr;
    QLabel* m_clockLabel = nullptr;
    QLabel* m_speedLabel = nullptr;
    QLabel* m_storeLabel = nullptr;
    QLabel* m_connectionLabel = nullptr;
    QLabel* m_serveLabel = nullptr;
    QWidget* m_serveSeparator = nullptr;
};

} // namespace iw
