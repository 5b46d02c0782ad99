// Presenter mode (View → Presenter Mode, F11): the window full screen with only the timeline, the sequence and the
// lesson caption, in larger type for a projector (Ctrl+= and Ctrl+- step the scale, which is remembered); leaving
// puts every dock, toolbar, the menus, the status bar and the window's geometry back as they were. It owns its three
// actions; the window puts them in its View menu and on itself, so they work while menus and toolbars are hidden.
#pragma once

#include <QByteArray>
#include <QFont>
#include <QKeySequence>
#include <QList>
#include <QObject>
#include <QPointer>

class QAction;
class QMainWindow;
class QWidget;

namespace iw {

class LessonCaption;
class SequenceView;
class TimelineView;

class PresenterMode : public QObject {
    Q_OBJECT
public:
    // `layoutVersion` is the one the window saves its dock layout under.
    PresenterMode(
        QMainWindow* window, TimelineView* timeline, SequenceView* sequence, LessonCaption* caption, int layoutVersion);

    bool isActive() const { return m_active; }
    void setActive(bool on);
    // The type scale presenter mode shows the timeline, the sequence and the caption in (1 to 4; 1.5 at first).
    double typeScale() const { return m_typeScale; }
    void setTypeScale(double scale);
    // The share of the screen's width the sequence takes beside the timeline: where the presenter left the splitter
    // last time (remembered between sessions), two fifths at first.
    static double sequenceShare();

    QAction* toggleAction() const { return m_toggle; }
    QAction* largerTypeAction() const { return m_larger; }
    QAction* smallerTypeAction() const { return m_smaller; }
    // The panels the presenter chose to keep beside the timeline and the sequence (captions refer to them): the
    // inspector (its field diff, its rule path) and the counters. Checkable, remembered between sessions.
    QAction* keepInspectorAction() const { return m_keepInspector; }
    QAction* keepCountersAction() const { return m_keepCounters; }
    // A view whose type follows the scale too, as the timeline's does (the second timeline of Compare Strategies Side
    // by Side: both timelines of a comparison in the same size). Not owned; it may go first.
    void addScaledView(QWidget* view);
    // The actions' texts and tips, in the language now in use.
    void retranslate();

Q_SIGNALS:
    // Presenter mode was left and the window put back; what changed meanwhile (a lesson started or left) is for the
    // window to show now.
    void left();

private:
    void showKeptDocks();
    void applyTypeScale();

    QMainWindow* m_window;
    TimelineView* m_timeline;
    SequenceView* m_sequence;
    LessonCaption* m_caption;
    int m_layoutVersion;
    QAction* m_toggle = nullptr;
    QAction* m_larger = nullptr;
    QAction* m_smaller = nullptr;
    bool m_active = false;
    double m_typeScale = 1.5;
    // What leaving puts back.
    QByteArray m_state;
    QByteArray m_geometry;
    bool m_menuBarShown = true;
    bool m_statusBarShown = true;
    QFont m_timelineFont;
    QFont m_sequenceFont;
    struct ScaledView {
        QPointer<QWidget> view;
        QFont font; // what leaving puts back
    };
    QList<ScaledView> m_scaledViews;
    QList<QKeySequence> m_zoomInKeys;
    QList<QKeySequence> m_zoomOutKeys;
    QAction* m_keepInspector = nullptr;
    QAction* m_keepCounters = nullptr;
};

} // namespace iw
