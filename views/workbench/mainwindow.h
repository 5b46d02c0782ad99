// The workbench's main window: the scenario panel, counters, tables, inspector and sequence as movable docks around
// the timeline, menus and toolbars built from the actions of the units it assembles, and a status bar. Every panel is
// linked through one Selection. Each unit is a QObject that owns its actions and its state — the run (RunController),
// the timeline's zoom (TimelineZoom), the scenario files, the store switch, serving over HTTP, lesson mode, presenter
// mode, the tables, the status bar and the help — and says what it does in its own header; the window puts them
// together, in menus and toolbars that share their actions.
#pragma once

#include "scenario.h"

#include <QMainWindow>

class QAction;
class QComboBox;
class QDockWidget;
class QMenu;
class QToolBar;

namespace iw {

class CountersView;
class EvidenceLink;
class ExploreDialog;
class HowToRead;
class Inspector;
class LessonCaption;
class LessonMode;
class LessonPlayer;
class PresenterMode;
class StrategyComparison;
class ProbeLauncher;
class RunController;
class RunTables;
class ScenarioFiles;
class ScenarioPanel;
class Selection;
class SequenceView;
class ServeController;
class ServeSession;
class StatusFields;
class StoreSwitch;
class TimelineView;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // The units the window assembles.
    RunController* runController() const { return m_run; }
    Selection* selection() const { return m_selection; }
    ScenarioPanel* scenarioPanel() const { return m_panel; }
    TimelineView* timeline() const { return m_timeline; }
    Inspector* inspector() const { return m_inspector; }
    CountersView* counters() const { return m_counters; }
    SequenceView* sequence() const { return m_sequence; }
    RunTables* tables() const { return m_tables; }
    ScenarioFiles* files() const { return m_files; }
    StoreSwitch* storeSwitch() const { return m_store; }
    ServeController* serving() const { return m_serving; }
    LessonMode* lessonMode() const { return m_lessonMode; }
    PresenterMode* presenter() const { return m_presenter; }
    StrategyComparison* comparison() const { return m_compare; }
    StatusFields* status() const { return m_status; }
    HowToRead* help() const { return m_help; }
    ProbeLauncher* probe() const { return m_probe; }
    EvidenceLink* evidence() const { return m_evidence; } // File → Open Evidence…
    QWidget* centralView() const { return centralWidget(); }

    // Opens a scenario file (ScenarioFiles::openScenario); a bad file is reported in a message box.
    void openScenario(const QString& path);
    LessonPlayer* lessonPlayer() const { return m_lesson; }
    LessonCaption* lessonCaption() const { return m_caption; }

    // Run → Explore… (docs/reference/explore.md): the dialog (created on first use, kept with its last verdict when
    // closed), shown and raised. Opening its counterexample loads that scenario here and starts its lesson.
    ExploreDialog* showExplore();
    ExploreDialog* exploreDialog() const { return m_explore; }
    QAction* exploreAction() const { return m_exploreAction; }
    void openCounterexample(const Scenario& counterexample);

protected:
    void changeEvent(QEvent* event) override;
    void closeEvent(QCloseEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    // Every text of the window in the language in use: the units' actions and texts, menus, toolbars, docks, and
    // (recomputed) the title.
    void retranslate();
    void createActions();
    void createDocks();
    void createMenus();
    void createToolBars();
    // A dock for `content`, titled by retranslate() (setDockTitle).
    QDockWidget* addDock(QWidget* content, const QString& objectName, Qt::DockWidgetArea area);
    // The dock's title (and with it its View menu entry's text) and that entry's tooltip.
    void setDockTitle(QDockWidget* dock, const QString& title);
    void showStatus(const QString& text, int timeoutMs);
    void bringFiredIntoView(int entry);
    void resetLayout();
    void updateTitle();

    RunController* m_run = nullptr;
    Selection* m_selection = nullptr;
    ScenarioPanel* m_panel = nullptr;
    TimelineView* m_timeline = nullptr;
    Inspector* m_inspector = nullptr;
    CountersView* m_counters = nullptr;
    SequenceView* m_sequence = nullptr;
    LessonPlayer* m_lesson = nullptr;
    LessonCaption* m_caption = nullptr;
    ServeSession* m_serve = nullptr;
    RunTables* m_tables = nullptr;
    ScenarioFiles* m_files = nullptr;
    EvidenceLink* m_evidence = nullptr;
    StoreSwitch* m_store = nullptr;
    ServeController* m_serving = nullptr;
    LessonMode* m_lessonMode = nullptr;
    PresenterMode* m_presenter = nullptr;
    StrategyComparison* m_compare = nullptr;
    StatusFields* m_status = nullptr;
    HowToRead* m_help = nullptr;
    ProbeLauncher* m_probe = nullptr;
    ExploreDialog* m_explore = nullptr;

    QList<QDockWidget*> m_docks; // the panels, in View menu order
    QDockWidget* m_scenarioDock = nullptr;
    QList<QMenu*> m_menus; // File, Run, Store, Fire, View, Timeline, Help
    QList<QToolBar*> m_toolBars; // File, Run, Timeline, Fire, Teach
    QComboBox* m_speedCombo = nullptr;
    QByteArray m_defaultLayout;
    bool m_shownOnce = false;
    bool m_closePending = false;

    QAction* m_liveAction = nullptr;
    QAction* m_liveRedisAction = nullptr;
    QAction* m_liveMysqlAction = nullptr;
    QAction* m_reviewAction = nullptr;
    QAction* m_exploreAction = nullptr;
    QAction* m_quitAction = nullptr;
    QAction* m_clearSelectionAction = nullptr;
    QAction* m_resetLayoutAction = nullptr;
};

} // namespace iw
