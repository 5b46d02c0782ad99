// The timeline (docs/manual/running.md): one swimlane per scope with the record's life as coloured bars, every request
// as a marker with its decision and status, effects as ticks (duplicates in the alarm colour), a readable virtual-time
// axis, a label gutter and a fixed legend; with a route (docs/reference/routes.md) the lanes are grouped under a
// collapsible header per hop. TimelineZoom (timelinezoom.h) holds the zoom state and owns the actions every menu,
// toolbar and context menu shares; TimelineView handles interaction and hands painting to TimelinePainter, which draws
// from the TimelineModel with level-of-detail aggregation so three requests and a million events are drawn the same
// way. The view's code is in one translation unit per seam: set-up, display rows, painting and export
// (timelineview.cpp), hit-testing, selection, navigation and input (timelineinteraction.cpp), tooltips
// (timelinetooltip.cpp).
#pragma once

#include "timelinemapping.h"
#include "timelinemodel.h"
#include "timelinepainter.h"
#include "timelinezoom.h"

#include <QObject>
#include <QPointer>
#include <QWidget>

#include <optional>
#include <vector>

class QAction;
class QLineEdit;
class QScrollBar;
class QTimer;

namespace iw {

class Selection;
class Simulation;

class TimelineView : public QWidget {
    Q_OBJECT
public:
    explicit TimelineView(Selection* selection, QWidget* parent = nullptr);
    ~TimelineView() override;

    // The simulation to draw (nullptr: none). Call refresh() whenever events have run.
    void setSimulation(const Simulation* simulation);
    const Simulation* simulation() const { return m_sim; }
    // Catches up with the simulation's new events (and any plain-API additions to model()), then repaints.
    void refresh();
    // The clock shown by the "now" cursor and followed live; by default the simulation's now().
    void setNow(Millis now);
    // What the timeline says while it has no lane (TimelinePainter::setEmptyText); empty: the simulation's sentence.
    void setEmptyText(const QString& text);
    QString emptyText() const { return m_painter.emptyText(); }

    // The data drawn. Without a simulation, fill it through its plain API and call refresh().
    TimelineModel& model() { return m_model; }
    const TimelineModel& model() const { return m_model; }
    TimelineZoom* zoom() const { return m_zoom; }

    void setLaneFilter(const QString& text);
    QString laneFilter() const { return m_filter; }
    // Lanes shown, in display order (after the filter, idle-lane collapse and collapsed hops).
    std::vector<int> displayLanes() const;
    // The display rows: lanes, and with a route each hop's header before its lanes (hopHeaderRow(hop)).
    const std::vector<int>& displayRows() const { return m_rows; }

    // docs/reference/routes.md: with a route, lanes are grouped under one header per hop (service first, then route
    // order). A collapsed hop shows only its header, which says how many lanes and duplicate effects it hides.
    bool groupsByHop() const { return m_model.groupsByHop(); }
    void setHopCollapsed(int hop, bool collapsed);
    bool isHopCollapsed(int hop) const;
    // The display row of a hop's header, or -1 (no route, or no lane of that hop yet).
    int rowOfHopHeader(int hop) const;
    const std::vector<TimelineHopHeader>& hopHeaders() const { return m_hopHeaders; }
    // Where a display row is drawn, in widget coordinates (its band's centre).
    QPointF rowCenter(int row) const;

    // What the painter draws besides the model: display rows, selection, hover, the "now" cursor, the dragged range.
    TimelineScene scene() const;
    // Paints the whole timeline (gutter, axis, lanes, overlays, legend) at `size` through the view's painter.
    void paintTimeline(QPainter& painter, const QSize& size, bool forExport = false, bool withNow = true);
    // Where the last paint wrote the time axis's labels.
    const std::vector<QRectF>& axisLabelBoxes() const { return m_painter.axisLabelBoxes(); }
    // The view as a PNG of `scale` times its size (a projector's or a handout's resolution: the same picture in
    // more pixels, type included), with or without the "now" cursor.
    bool exportPng(const QString& path, int scale = 1, bool withNow = true);
    bool exportSvg(const QString& path);

    // Where the marker of `request` is drawn in widget coordinates, if it is on screen.
    std::optional<QPointF> markerCenter(int request) const;
    // The request the view highlights as selected (follows the Selection), or -1.
    int highlightedRequest() const { return m_selRequest; }
    int highlightedLane() const { return m_selLane; }
    // The dragged time range, if one is shown.
    std::optional<std::pair<double, double>> timeRange() const;
    QRectF plotRect() const { return m_zoom->mapping().plotRect(); }

    QSize sizeHint() const override { return { 900, 420 }; }
    QSize minimumSizeHint() const override { return { 320, 160 }; }

public Q_SLOTS:
    void zoomToSelection();
    void jumpToFirstAnomaly();
    void exportPngInteractive();
    void exportSvgInteractive();
    void clearTimeRange();

Q_SIGNALS:
    // An interactive export wrote `path`.
    void exported(const QString& path);

protected:
    bool event(QEvent* event) override;
    void changeEvent(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;

private:
    using Layout = TimelinePainter::Layout;
    // What is under a point.
    struct Hit {
        int row = -1;
        int lane = -1;
        int marker = -1; // index into the lane's markers
        int effect = -1;
        int bar = -1;
        int header = -1; // a hop's header row (docs/reference/routes.md): its hop
        bool inPlot = false;
        bool inGutter = false;
    };
    using RangeCounts = TimelineRangeCounts;

    // Every text of the view again, in the language now in use; the legend's height may change with it.
    void retranslate();
    Layout layoutFor(const QSize& size, bool forExport) const;
    void applyGeometry();
    void syncScrollBar();
    void rebuildRows();
    void groupRowsByHop();
    void updateExtents();
    void autoFit();
    void fitRowsToType(TimelineMapping& mapping) const;
    void followNow();
    Hit hitTest(const QPointF& pos) const;
    void setHover(const Hit& hit);
    void onSelectionChanged();
    void revealLane(int lane, std::optional<double> t);
    void zoomToLane(int lane, std::optional<int> marker);
    RangeCounts countRange(double t0, double t1, bool allowApproximate) const;
    QString tooltipFor(const Hit& hit, const QPointF& pos) const;
    QString laneLabel(int lane) const;
    Millis nowValue() const;

    QPointer<Selection> m_selection;
    const Simulation* m_sim = nullptr;
    std::optional<Millis> m_nowOverride;
    TimelineModel m_model;
    TimelineZoom* m_zoom = nullptr;
    QLineEdit* m_filterEdit = nullptr;
    QScrollBar* m_scrollBar = nullptr;
    QTimer* m_idleTimer = nullptr;

    // Display rows: lane per row, and row per lane (-1 when filtered out).
    std::vector<int> m_rows;
    std::vector<int> m_rowOfLane;
    int m_rowsForLaneCount = -1;
    std::uint64_t m_rowsGrouping = 0; // the model's grouping revision the rows were built with
    std::uint64_t m_rowsRevision = 0; // the model's revision the rows were built with
    std::vector<bool> m_collapsedHops; // by hop
    std::vector<TimelineHopHeader> m_hopHeaders; // by hop, while grouped
    QString m_filter;
    QString m_rowsFilter; // the filter and collapse the rows were built with
    bool m_rowsCollapsed = false;

    bool m_autoFitTime = true; // fit the whole run until the user zooms or pans
    bool m_autoFitRows = true; // fit every lane until the user scrolls or resizes lanes
    int m_selRequest = -1;
    int m_selLane = -1;
    int m_hoverLane = -1;
    int m_hoverRequest = -1;
    std::vector<int> m_relatedLanes; // lanes sharing the hovered request's intent (sorted)
    std::size_t m_anomalyCursor = 0;

    enum class Drag { None, PendingClick, Range, Pan };
    Drag m_drag = Drag::None;
    QPointF m_pressPos;
    QPointF m_lastPos;
    Hit m_pressHit;
    std::optional<std::pair<double, double>> m_range;
    RangeCounts m_rangeCounts;
    bool m_wheelZooming = false; // one undo step per Ctrl+wheel gesture
    int m_pngScale = 2; // the PNG export's last choices
    bool m_pngWithNow = true;

    TimelinePainter m_painter;
};

} // namespace iw
