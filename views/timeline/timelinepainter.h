// The timeline's painter (docs/manual/running.md): gutter, axis, lanes in two levels of detail, overlays and legend,
// drawn from a TimelineModel through a TimelineMapping onto any QPainter. The view, the PNG/SVG export, the benchmark
// and the tests all paint through here; the view only adds interaction (what is selected, hovered or dragged arrives in
// a TimelineScene). The colour code, glyphs and state labels are public so other views draw the same vocabulary.
#pragma once

#include "timelinemapping.h"
#include "timelinemodel.h"

#include <QCoreApplication>
#include <QFont>
#include <QImage>
#include <QRectF>

#include <functional>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

class QPainter;
class QThreadPool;

namespace iw {

// What a dragged time range holds (the overlay writes it beside the range).
struct TimelineRangeCounts {
    qint64 requests = 0;
    qint64 effects = 0;
    qint64 duplicates = 0;
    qint64 lanes = 0;
    bool exact = true;
};

// docs/reference/routes.md: with a route the rows are grouped by hop, each group under a header row that can be
// collapsed. A display row holds a lane (≥ 0) or a hop's header (hopHeaderRow).
struct TimelineHopHeader {
    QString name;
    int lanes = 0; // the hop's lanes the rows show, or would show when expanded (after the filter)
    qint64 duplicates = 0; // duplicate effects on those lanes
    bool collapsed = false;
};
constexpr int hopHeaderRow(int hop)
{
    return -1 - hop;
}
constexpr bool isHopHeaderRow(int row)
{
    return row < 0;
}
constexpr int hopOfHeaderRow(int row)
{
    return -1 - row;
}

// What the painter draws besides the model: the rows in display order and the interaction state.
struct TimelineScene {
    const std::vector<int>* rows = nullptr; // lane per display row, or a hop's header (hopHeaderRow)
    const std::vector<TimelineHopHeader>* hopHeaders = nullptr; // by hop; null or empty without a route
    const std::vector<int>* rowOfLane = nullptr; // display row per lane, -1 when hidden
    Millis now = 0; // the clock: open bars last until it (or the last event, whichever is later)
    bool showNow = false; // draw the "now" cursor and flag
    int selectedLane = -1;
    int selectedRequest = -1;
    int hoverLane = -1; // exports leave hovering out
    int hoverRequest = -1;
    const std::vector<int>* relatedLanes = nullptr; // sorted lanes sharing the hovered request's intent
    std::optional<std::pair<double, double>> range; // the dragged time range
    TimelineRangeCounts rangeCounts;
    bool rangeDragging = false; // the range is still being dragged (its counts may be approximate)
    QString filter; // the lane filter, named in an export's gutter
    QFont font;
    int scrollBarExtent = 0; // room kept for the view's scroll bar (exports keep none)
};

class TimelinePainter {
    Q_DECLARE_TR_FUNCTIONS(TimelinePainter)
public:
    static constexpr double AxisHeight = 30;
    // Below this a lane is too thin for glyphs and text: the painter switches to its density rendering.
    static constexpr double DetailRowHeight = 6;

    struct Layout {
        QRectF gutter;
        QRectF axis;
        QRectF plot;
        QRectF legend;
        QRect scrollBar;
    };
    // Where gutter, axis, plot, legend and the scroll bar (`scrollBarExtent` wide, 0 for exports) go at `size`.
    static Layout layoutFor(const QSize& size, const QFont& font, int scrollBarExtent);
    static int legendHeight(const QFont& font, int width);

    TimelinePainter();
    ~TimelinePainter();
    TimelinePainter(const TimelinePainter&) = delete;
    TimelinePainter& operator=(const TimelinePainter&) = delete;

    // Paints the whole timeline at `size` (the mapping's plot rectangle and row count are taken from the layout
    // and the scene). `model` must be sorted (TimelineModel::ensureSorted).
    void paint(QPainter& painter, const TimelineModel& model, const TimelineMapping& mapping,
        const TimelineScene& scene, const QSize& size, bool forExport = false);

    // A legend entry of any view: its text and how to draw its swatch.
    struct LegendEntry {
        QString text;
        std::function<void(QPainter&, const QRectF& swatch)> swatch;
    };
    // Legend entries flowed into rows across `width` (the timeline's legend and the sequence view's): the height
    // they need, and painting them into `rect` (its background and top rule included).
    static int legendFlowHeight(const QFont& font, int width, const std::vector<LegendEntry>& entries);
    static void paintLegendFlow(
        QPainter& p, const QRectF& rect, const QFont& font, const std::vector<LegendEntry>& entries);
    // The effect tick (a duplicate in the alarm colour with a ring) centred on x from `top` for `height`.
    static void drawEffectMark(
        QPainter& p, double x, double top, double height, bool duplicate, bool suspected = false);
    // The smaller type of labels and legends.
    static QFont labelFont(const QFont& base, double factor = 0.85);
    // How much larger than the application's `font` is (1 at the usual size, 1.5 in presenter mode's default): the
    // label column and the lanes grow by it, so larger type means larger lanes too.
    static double typeScale(const QFont& font);

    // What an empty timeline says instead of the simulation's "fire a request or play the scenario" (the live view:
    // "Reading the table…"); empty: that sentence.
    void setEmptyText(const QString& text) { m_emptyText = text; }
    const QString& emptyText() const { return m_emptyText; }

    // Where the last paint wrote the time axis's labels (no two overlap, none cut by the axis's ends).
    const std::vector<QRectF>& axisLabelBoxes() const { return m_axisLabels; }
    // A lane's retry budget end as the last paint drew it (TimelineLane::budgetEnd), beside its record's expiry:
    // their x (expiryX −1: no expiry in view) and their labels (empty when the lane was too thin for text).
    struct BudgetMark {
        int lane = -1;
        double budgetX = 0;
        QRectF label;
        double expiryX = -1;
        QRectF expiryLabel;
    };
    const std::vector<BudgetMark>& budgetMarks() const { return m_budgetMarks; }

    // The shared vocabulary.
    static QColor barColor(BarState state);
    static QString barStateLabel(BarState state);
    static QColor markerColor(std::optional<Decision> decision);

private:
    // Density rendering: per worker the per-column scratch (see paintLanesDense).
    struct DenseScratch {
        std::vector<std::int64_t> diffA; // packed bar-state count deltas
        std::vector<std::int64_t> diffB;
        std::vector<std::uint8_t> level; // overlay severity
        std::vector<std::uint8_t> decision;
    };

    void paintLanesDetailed(QPainter& p, const TimelineMapping& m, bool forExport);
    void paintLanesDense(QPainter& p, const TimelineMapping& m);
    void paintGutter(QPainter& p, const TimelineMapping& m, const Layout& l, bool forExport);
    void paintAxis(QPainter& p, const TimelineMapping& m, const Layout& l);
    void paintOverlays(QPainter& p, const TimelineMapping& m, bool forExport);
    void paintLegend(QPainter& p, const Layout& l);
    void paintHopHeaders(QPainter& p, const TimelineMapping& m, const Layout& l);
    const std::vector<int>& rows() const;
    int laneRowCount() const; // display rows that are lanes (not hop headers)
    const std::vector<int>& rowOfLane() const;
    const std::vector<int>& relatedLanes() const;

    // The frame being painted.
    QString m_emptyText;
    const TimelineModel* m_model = nullptr;
    const TimelineScene* m_scene = nullptr;
    QFont m_font;
    std::vector<QRectF> m_axisLabels;
    std::vector<BudgetMark> m_budgetMarks;

    // The reused density raster and scratch.
    QImage m_dense;
    std::vector<DenseScratch> m_scratch;
    std::unique_ptr<QThreadPool> m_pool;
};

} // namespace iw
