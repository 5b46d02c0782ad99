// The sequence view's painter (docs/manual/teaching.md): lanes as columns with their lifelines, time running down —
// proportional by default, or compact (every instant a row, long waits folded behind a labelled break) — and the
// model's arrows, spans and marks, drawn onto any QPainter. The dock, the SVG/PNG exports and the benchmark paint
// through here; the axis ticks, the legend flow and the colours are the timeline's (TimelineMapping, TimelinePainter,
// colors.h), so a colour means the same in both.
#pragma once

#include "sequencemodel.h"

#include <QCoreApplication>
#include <QFont>
#include <QPointF>
#include <QRectF>
#include <QSize>

#include <vector>

class QPainter;

namespace iw {

struct SequenceScene {
    QFont font;
    bool compact = false;
    int selectedRequest = -1; // its arrows are drawn heavier
    int hoverItem = -1; // index into the model's items (exports leave hovering out)
    Millis now = -1; // ≥ 0: a message still under way is drawn up to this instant
    // ≥ 0: proportional time runs at least to this instant (two runs drawn side by side on one time axis).
    Millis until = -1;
    // true: lane names, labels and details in the GUI's language (the dock, its exports); false: the model's own
    // English (the command line's pictures, docs/glossary.md).
    bool translated = false;
};

class SequencePainter {
    Q_DECLARE_TR_FUNCTIONS(SequencePainter)
public:
    // The header's height with the lane names on one row; staggered names add a second row (headerHeight()).
    static constexpr double HeaderHeight = 30;
    // The axis gutter: proportional ticks are short ("250 ms"), compact rows name exact instants ("2 min 10 ms").
    // Measured in the font (presenter mode scales it), never narrower than at the usual size.
    static double axisWidth(bool compact, const QFont& font);
    // The gutter this model's axis takes: a compact one names exact instants on one line; a proportional one with a
    // folded wait names them on two ("2 h" over "481 ms"), so it is as narrow as its widest line.
    static double axisWidthFor(const SequenceModel& model, const SequenceScene& scene);
    // A compact row: room for a label above an arrow without touching the row above.
    static double rowHeight(const QFont& font);

    // Lays the model out for `size` (call again when the model, the size, the font or compact change).
    void layout(const SequenceModel& model, const SequenceScene& scene, const QSize& size);
    // The height the diagram needs at `width`: in compact mode one row per instant; proportional mode fills what
    // it is given (at least a small minimum).
    // The narrowest the diagram reads at: the axis and a readable spacing per lane.
    static int minimumWidth(const SequenceModel& model, const SequenceScene& scene);
    static int preferredHeight(const SequenceModel& model, const SequenceScene& scene, int width, int available);

    // Paints the laid-out model; `clip` (in the painter's coordinates) limits the work to what is visible.
    void paint(QPainter& p, const SequenceModel& model, const SequenceScene& scene, const QRectF& clip);

    // Hit-testing: the item under `pos` (within a few pixels of its arrow, span or mark), -1 none.
    int itemAt(const QPointF& pos) const;
    // Where an instant is drawn.
    double yOf(Millis t) const;
    // The instant drawn at y (the earliest one at or before it; compact mode: the row above).
    Millis timeAt(double y) const;
    double laneX(int lane) const;
    // Where a concurrent request's column of a lane is drawn (SequenceItem::column; client lanes have none).
    double columnX(int lane, int column) const;
    // How far a concurrent request's store steps and effects are drawn below the instant, per column.
    static constexpr double ColumnDrop = 6;
    // The hit box of an item as last painted (empty when it was not drawn).
    QRectF itemBox(int item) const
    {
        QRectF box;
        for (const Hit& hit : m_hits)
            if (hit.item == item)
                box = box.isNull() ? hit.box : box.united(hit.box);
        return box;
    }
    QSize size() const { return m_size; }
    // The header as laid out: one row of lane names, or two or three when lanes too close for them stagger them.
    double headerHeight() const { return m_headerHeight; }
    bool namesStaggered() const { return m_staggered; }
    int nameRows() const { return m_nameRows; }
    // Where time is drawn: below the header, above the legend.
    QRectF plot() const { return m_plot; }
    // How many items the last paint drew (the density rendering draws one per kind and couple of pixels).
    int drawnItems() const { return m_drawn; }
    // The lanes' names as the last paint showed them in the header (elided only when even smaller type cannot fit).
    const std::vector<QString>& shownLaneNames() const { return m_laneNames; }
    // Where the last paint drew the lane names' boxes (no two overlap).
    const std::vector<QRectF>& laneNameBoxes() const { return m_laneNameBoxes; }
    // Where the last paint wrote the items' labels (no two overlap), and the texts of the folded waits' bands.
    const std::vector<QRectF>& labelBoxes() const { return m_labels; }
    // The items' labels and details as the last paint wrote them ("r2 → 500 created", or cut: "r2 → 50…"), with the
    // item each belongs to (index into the model's items).
    struct ShownLabel {
        int item;
        QString text;
        QRectF box; // where it was written
    };
    const std::vector<ShownLabel>& shownLabels() const { return m_labelTexts; }
    // The arrows the last paint drew (requests, responses, store steps and their answers, effects), each with its
    // item: labels are placed clear of every arrow but their own item's where there is such a place.
    struct Arrow {
        QPointF a;
        QPointF b;
        QRectF box; // a–b's bounding box, a little grown: the first cut
        int item;
    };
    const std::vector<Arrow>& arrows() const { return m_arrows; }
    std::vector<QRectF> breakTextBoxes(const QFont& font) const
    {
        std::vector<QRectF> boxes;
        for (const Break& b : m_breaks)
            boxes.push_back(breakTextBox(b, font));
        return boxes;
    }
    // An instant to the millisecond, for the compact axis and tooltips: "214 ms", "2 min 10 ms".
    static QString exactTime(Millis t);

private:
    struct Break {
        double y; // the band's top
        Millis from;
        Millis to;
    };
    struct Hit {
        QRectF box; // a rough bounding box, for the first cut
        QPointF a;
        QPointF b;
        int item;
    };
    void paintHeader(QPainter& p, const SequenceModel& model, const SequenceScene& scene);
    void paintAxis(QPainter& p, const SequenceScene& scene, const QRectF& clip);
    void paintLegend(QPainter& p, const SequenceScene& scene);
    static QString breakText(const Break& b);
    QRectF breakTextBox(const Break& b, const QFont& font) const;

    QSize m_size;
    double m_axis = 64;
    double m_headerHeight = HeaderHeight;
    bool m_staggered = false;
    int m_nameRows = 1;
    bool m_hopStoresShort = false; // a route hop's store is written "store" beside its hop
    bool m_twoLineAxis = false; // exact instants on two lines (proportional time with a folded wait)
    QRectF m_plot;
    double m_legendHeight = 0;
    bool m_legendSuspected = false; // the legend has the suspected duplicate effect's entry
    std::vector<double> m_laneX;
    std::vector<SequenceLane::Kind> m_laneKinds;
    double m_columnStep = 0;
    bool m_compact = false;
    // Proportional: [m_start, m_end] onto the plot's height, a straight map between folded waits (m_instants and
    // m_instantY hold the anchors).
    Millis m_start = 0;
    Millis m_end = 1;
    Millis m_maxExtent = 0; // the longest item, for culling
    double m_pixelsPerMs = 0; // proportional: the scale of the stretches between folded waits
    // Compact: the distinct instants, each a row, and where each is drawn (breaks add room); proportional: the
    // anchors of the time map.
    std::vector<Millis> m_instants;
    std::vector<double> m_instantY;
    std::vector<Break> m_breaks;
    double m_rowHeight = 22;
    std::vector<Hit> m_hits;
    std::vector<QRectF> m_labels;
    std::vector<Arrow> m_arrows;
    std::vector<ShownLabel> m_labelTexts;
    std::vector<QString> m_laneNames;
    std::vector<QRectF> m_laneNameBoxes;
    int m_drawn = 0;
};

} // namespace iw
