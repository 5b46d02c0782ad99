// The timeline's zoom state (docs/manual/running.md): the visible time window, row height and scroll, the zoom stack
// (Zoom Out is undo), and the timeline actions every menu, toolbar and context menu shares — hotspot's
// FilterAndZoomStack. The view (timelineview.h) acts on it; the main window puts its actions in the Timeline menu and
// toolbar.
#pragma once

#include "timelinemapping.h"
#include "timelinepainter.h"

#include <QList>
#include <QObject>

#include <vector>

class QAction;

namespace iw {

// Zoom state (visible time window, row height and scroll), the zoom stack, and the shared timeline actions.
class TimelineZoom : public QObject {
    Q_OBJECT
public:
    // A lane's height when there is room for every lane: tall enough for a marker, its status and a label.
    static constexpr double NaturalRowHeight = 24;
    // A few lanes share the room up to this height, for two-line labels and status text.
    static constexpr double RoomyRowHeight = 44;
    // Both grow with the view's type (TimelinePainter::typeScale): presenter mode's larger type, larger lanes.
    void setRowScale(double scale) { m_rowScale = scale; }
    double rowScale() const { return m_rowScale; }
    // Below this a lane is too thin for glyphs and text: the view switches to its density rendering.
    static constexpr double DetailRowHeight = TimelinePainter::DetailRowHeight;

    explicit TimelineZoom(QObject* parent = nullptr);

    // Every timeline action, in menu order (separators included), for menus, toolbars and context menus.
    QList<QAction*> actions() const;
    // The actions' texts and tips again, in the language now in use (the view calls it on QEvent::LanguageChange).
    void retranslate();
    QAction* zoomInAction() const { return m_zoomIn; }
    QAction* zoomOutAction() const { return m_zoomOut; }
    QAction* panLeftAction() const { return m_panLeft; }
    QAction* panRightAction() const { return m_panRight; }
    QAction* fitAllAction() const { return m_fitAll; }
    QAction* zoomToSelectionAction() const { return m_zoomToSelection; }
    QAction* followLiveAction() const { return m_followLive; }
    QAction* jumpToAnomalyAction() const { return m_jumpToAnomaly; }
    QAction* collapseIdleAction() const { return m_collapseIdle; }
    QAction* exportPngAction() const { return m_exportPng; }
    QAction* exportSvgAction() const { return m_exportSvg; }

    const TimelineMapping& mapping() const { return m_mapping; }
    // Direct changes (geometry, data range, scrolling) that are not zoom steps and are not undone.
    TimelineMapping& mapping() { return m_mapping; }

    // Records the current view so the next Zoom Out returns to it.
    void pushState();
    int undoDepth() const { return static_cast<int>(m_stack.size()); }
    void clearStack();

    bool followLive() const;
    void setFollowLive(bool on);
    bool collapseIdle() const;

public Q_SLOTS:
    void zoomIn();
    // Pops the zoom stack; with nothing to undo, zooms out by one step about the centre.
    void zoomOut();
    void panLeft();
    void panRight();
    void fitAll();
    // Shows [t0, t1] (a zoom step: pushed on the stack).
    void zoomToRange(double t0, double t1);

Q_SIGNALS:
    // The visible window, row height or scroll changed.
    void changed();
    // A user step (zoom, pan, fit): after anything but Fit All (`fitted`), the view stops auto-fitting new data.
    void userNavigated(bool fitted);
    void zoomToSelectionRequested();
    void jumpToAnomalyRequested();
    void exportPngRequested();
    void exportSvgRequested();
    void followLiveChanged(bool on);
    void collapseIdleChanged(bool on);

private:
    struct ViewState {
        double start;
        double end;
        double rowHeight;
        double scrollY;
    };

    TimelineMapping m_mapping;
    std::vector<ViewState> m_stack;
    QAction* m_zoomIn = nullptr;
    QAction* m_zoomOut = nullptr;
    QAction* m_panLeft = nullptr;
    QAction* m_panRight = nullptr;
    QAction* m_fitAll = nullptr;
    QAction* m_zoomToSelection = nullptr;
    QAction* m_followLive = nullptr;
    QAction* m_jumpToAnomaly = nullptr;
    QAction* m_collapseIdle = nullptr;
    QAction* m_exportPng = nullptr;
    QAction* m_exportSvg = nullptr;
    QList<QAction*> m_all;
    double m_rowScale = 1;
};

} // namespace iw
