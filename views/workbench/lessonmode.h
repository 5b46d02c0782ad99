// Lesson mode in the window (Run → Play as Lesson): the LessonPlayer's steps as a list docked in the Scenario panel's
// place while a lesson plays, its caption over the timeline, and the four actions — Play as Lesson, Next (Space),
// Previous (Backspace) and Leave (Esc while a lesson plays; Esc clears the selection otherwise). A lesson cannot
// play while the window serves: the service's clock rules then.
#pragma once

#include <QObject>
#include <QString>

class QAction;
class QDockWidget;
class QListWidget;
class QMainWindow;

namespace iw {

class LessonCaption;
class LessonPlayer;
class PresenterMode;
class RunController;
class Selection;
class ServeSession;
class TimelineView;

class LessonMode : public QObject {
    Q_OBJECT
public:
    // `clearSelection` is the window's Esc action, which gives Esc up while a lesson plays; the step list is docked
    // tabbed with `scenarioDock`, hidden until a lesson plays (and while presenting).
    LessonMode(QMainWindow* window, LessonPlayer* lesson, LessonCaption* caption, RunController* run,
        ServeSession* serve, Selection* selection, TimelineView* timeline, PresenterMode* presenter,
        QAction* clearSelection, QDockWidget* scenarioDock);

    QDockWidget* dock() const { return m_dock; }
    QListWidget* steps() const { return m_steps; }
    QAction* playAction() const { return m_play; }
    QAction* nextAction() const { return m_next; }
    QAction* previousAction() const { return m_previous; }
    QAction* leaveAction() const { return m_leave; }

    // The actions, the step list and the caption in the language now in use.
    void retranslate();

Q_SIGNALS:
    // A sentence for the status bar, shown for `timeoutMs`.
    void message(const QString& text, int timeoutMs);

private:
    void onActive(bool active);
    void onStep(int step);
    void fillSteps(); // the step list's texts, in the language in use
    void syncActions();

    QMainWindow* m_window;
    LessonPlayer* m_lesson;
    LessonCaption* m_caption;
    RunController* m_run;
    ServeSession* m_serve;
    Selection* m_selection;
    TimelineView* m_timeline;
    PresenterMode* m_presenter;
    QAction* m_clearSelection;
    QDockWidget* m_dock = nullptr;
    QListWidget* m_steps = nullptr;
    QAction* m_play = nullptr;
    QAction* m_next = nullptr;
    QAction* m_previous = nullptr;
    QAction* m_leave = nullptr;
};

} // namespace iw
