// The timeline's painter (see timelinepainter.h). Painting has two levels of detail chosen by the lane height:
// detailed lanes (bars, glyphs, status text, flight lines; markers closer than a glyph merged into one aggregate
// mark) and the density raster for thin lanes, where every pixel row sums many lanes with packed per-column counters
// so a frame costs one pass over the visible items plus one pass over the pixels. Both read only the visible rows
// and, through per-lane binary searches, only the visible time range.
#include "timelinepainter.h"

#include "colors.h"
#include "duration.h"

#include <QFontMetricsF>
#include <QGuiApplication>
#include <QLocale>
#include <QPaintEngine>
#include <QPainter>
#include <QPainterPath>
#include <QSemaphore>
#include <QThread>
#include <QThreadPool>

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstring>
#include <optional>

namespace iw {

namespace {

QString fromView(std::string_view s)
{
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

constexpr double AxisHeight = TimelinePainter::AxisHeight;
constexpr double BucketPx = 7; // markers closer than this merge into one aggregate mark

QColor barColor(BarState state)
{
    switch (state) {
    case BarState::InProgress:
        return stateColor(RecordState::InProgress);
    case BarState::Completed:
        return stateColor(RecordState::Completed);
    case BarState::Expired:
        return stateColor(RecordState::Expired);
    case BarState::Stuck:
        return stuckColor();
    case BarState::Tombstone:
        return tombstoneColor();
    }
    return QColor(Qt::gray);
}

// The states keep the product's vocabulary (docs/reference/decisions.md), translatable like every other label.
QString barStateLabel(BarState state)
{
    switch (state) {
    case BarState::InProgress:
        return QCoreApplication::translate("iw::TimelineView", "in_progress");
    case BarState::Completed:
        return QCoreApplication::translate("iw::TimelineView", "completed");
    case BarState::Expired:
        return QCoreApplication::translate("iw::TimelineView", "expired");
    case BarState::Stuck:
        return QCoreApplication::translate("iw::TimelineView", "stuck");
    case BarState::Tombstone:
        return QCoreApplication::translate("iw::TimelineView", "tombstone");
    }
    return {};
}

// Bars are tinted so that markers in the decision colours (which share hues with the states) stay legible on them.
QColor tint(const QColor& c, double keep)
{
    return QColor::fromRgbF(float(c.redF() * keep + (1 - keep)), float(c.greenF() * keep + (1 - keep)),
        float(c.blueF() * keep + (1 - keep)));
}

QColor barFill(BarState state)
{
    return tint(barColor(state), state == BarState::Tombstone || state == BarState::Stuck ? 0.6 : 0.45);
}

// How loudly a decision must show when it is one pixel among thousands.
int severity(std::optional<Decision> d)
{
    if (!d)
        return 1;
    switch (*d) {
    case Decision::Created:
    case Decision::Replayed:
    case Decision::Unprotected:
        return 1;
    case Decision::ConflictInProgress:
    case Decision::SeenNoResult:
    case Decision::LeaseTakeover:
    case Decision::ExpiredReexecuted:
    case Decision::ExpiredRejected:
    case Decision::MissingKey:
    case Decision::InvalidKey:
    case Decision::RejectedPayload:
        return 2;
    case Decision::PayloadMismatch:
    case Decision::StoreUnavailable:
    case Decision::UnknownOutcome:
    case Decision::Crashed:
        return 3;
    }
    return 1;
}

enum class Glyph { Ran, Answered, Refused, Died, NeverArrived };

Glyph glyphFor(std::optional<Decision> d)
{
    if (!d)
        return Glyph::NeverArrived;
    switch (*d) {
    case Decision::Crashed:
    case Decision::UnknownOutcome:
        return Glyph::Died;
    case Decision::Replayed:
    case Decision::SeenNoResult:
        return Glyph::Answered;
    default:
        return decisionRunsHandler(*d) ? Glyph::Ran : Glyph::Refused;
    }
}

QColor markerColor(std::optional<Decision> d)
{
    return d ? decisionColor(*d) : QColor(0x90, 0x90, 0x90);
}

// An answer seen from outside (the probe) has a status and no decision: its class, in the decisions' colours for
// what such a status usually is (2xx a success, 4xx a refusal, 5xx or none a failure).
QColor statusClassColor(int status)
{
    if (status >= 200 && status < 400)
        return decisionColor(Decision::Created);
    if (status >= 400 && status < 500)
        return decisionColor(Decision::ConflictInProgress);
    return decisionColor(Decision::Crashed);
}

bool seenFromOutside(const TimelineMarker& mk)
{
    return !mk.decisionValue() && (mk.flags & TimelineMarker::SeenFromOutside);
}

Glyph glyphOf(const TimelineMarker& mk)
{
    return seenFromOutside(mk) ? Glyph::Ran : glyphFor(mk.decisionValue());
}

QColor colorOf(const TimelineMarker& mk)
{
    return seenFromOutside(mk) ? statusClassColor(mk.status) : markerColor(mk.decisionValue());
}

void drawGlyph(QPainter& p, Glyph glyph, const QPointF& c, double r, const QColor& color)
{
    switch (glyph) {
    case Glyph::Ran:
        p.setPen(QPen(color.darker(150), 1));
        p.setBrush(color);
        p.drawEllipse(c, r, r);
        break;
    case Glyph::Answered:
        p.setPen(QPen(color, std::max(1.5, r * 0.45)));
        p.setBrush(Qt::white);
        p.drawEllipse(c, r * 0.8, r * 0.8);
        break;
    case Glyph::Refused:
        p.setPen(QPen(color.darker(150), 1));
        p.setBrush(color);
        p.drawRect(QRectF(c.x() - r * 0.85, c.y() - r * 0.85, r * 1.7, r * 1.7));
        break;
    case Glyph::Died:
        p.setPen(QPen(color, std::max(1.5, r * 0.5), Qt::SolidLine, Qt::RoundCap));
        p.drawLine(QPointF(c.x() - r, c.y() - r), QPointF(c.x() + r, c.y() + r));
        p.drawLine(QPointF(c.x() - r, c.y() + r), QPointF(c.x() + r, c.y() - r));
        break;
    case Glyph::NeverArrived: {
        p.setPen(QPen(color, 1.2));
        p.setBrush(Qt::white);
        const QPointF pts[3] = { { c.x(), c.y() - r }, { c.x() + r, c.y() + r * 0.8 }, { c.x() - r, c.y() + r * 0.8 } };
        p.drawPolygon(pts, 3);
        break;
    }
    }
}

void drawTtlMark(QPainter& p, double x, double bandTop, const QColor& color)
{
    const QPointF pts[3] = { { x - 4, bandTop - 5 }, { x + 4, bandTop - 5 }, { x, bandTop + 1 } };
    p.setPen(Qt::NoPen);
    p.setBrush(color);
    p.drawPolygon(pts, 3);
}

void drawLeaseMark(QPainter& p, double x, double bandTop, double bandHeight)
{
    p.setPen(QPen(QColor(0x5A, 0x3A, 0x00), 1.5, Qt::DashLine));
    p.drawLine(QPointF(x, bandTop - 3), QPointF(x, bandTop + bandHeight + 3));
    p.setPen(QPen(QColor(0x5A, 0x3A, 0x00), 1.5));
    p.drawLine(QPointF(x - 3, bandTop - 3), QPointF(x, bandTop - 3));
}

// `suspected` (a suspected duplicate, not a confirmed one): as tall, in the alarm colour, with a dashed stem and a
// hollow head — apart from the duplicates the keys prove.
void drawEffectTick(QPainter& p, double x, double top, double h, bool duplicate, bool suspected = false)
{
    const bool strong = duplicate || suspected;
    const QColor c = strong ? alarmColor() : effectColor();
    const double len = std::max(3.0, h * (strong ? 0.9 : 0.42));
    QPen stem(c, strong ? 2.5 : 1.5);
    if (suspected && !duplicate)
        stem.setStyle(Qt::DashLine);
    p.setPen(stem);
    p.drawLine(QPointF(x, top + 1), QPointF(x, top + len));
    const double s = strong ? 4 : 2.5;
    const QPointF pts[4] = { { x, top + 1 - s * 0.3 }, { x + s, top + 1 + s * 0.7 }, { x, top + 1 + s * 1.7 },
        { x - s, top + 1 + s * 0.7 } };
    if (suspected && !duplicate) {
        p.setPen(QPen(c, 1.5));
        p.setBrush(Qt::white);
    } else {
        p.setPen(Qt::NoPen);
        p.setBrush(c);
    }
    p.drawPolygon(pts, 4);
}

// Density counters: the five bar states as 21-bit fields of two 64-bit words, so one addition per column updates
// all of them (the sums are exact because every field's true value stays in [0, 2^21)).
constexpr int FieldBits = 21;
constexpr std::int64_t FieldMask = (std::int64_t(1) << FieldBits) - 1;

std::pair<int, int> packedSlot(BarState s)
{
    switch (s) {
    case BarState::InProgress:
        return { 0, 0 };
    case BarState::Completed:
        return { 0, 1 };
    case BarState::Expired:
        return { 0, 2 };
    case BarState::Stuck:
        return { 1, 0 };
    case BarState::Tombstone:
        return { 1, 1 };
    }
    return { 0, 0 };
}

} // namespace
namespace {

// The end of a client's retry budget: the retry waits' blue, dark enough for text on the plot.
QColor budgetColor()
{
    return QColor(0x0B, 0x5F, 0x8A);
}

// A recovery job's completion (docs/reference/routes.md): a diamond in its own colour, so it never reads as a request's
// decision.
QColor recoveryColor()
{
    return QColor(0x0E, 0x7C, 0x86);
}

void drawRecoveryMark(QPainter& p, const QPointF& c, double r)
{
    const double d = r + 1.5;
    QPainterPath path;
    path.moveTo(c.x(), c.y() - d);
    path.lineTo(c.x() + d, c.y());
    path.lineTo(c.x(), c.y() + d);
    path.lineTo(c.x() - d, c.y());
    path.closeSubpath();
    p.save();
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setPen(QPen(recoveryColor().darker(140), 1.2));
    p.setBrush(recoveryColor());
    p.drawPath(path);
    p.setPen(QPen(Qt::white, 1.3));
    p.drawLine(QPointF(c.x() - d * 0.35, c.y()), QPointF(c.x() + d * 0.35, c.y()));
    p.restore();
}

// A bar's part after now: a pale, dotted band under a dashed outline in the state's colour.
void drawProjectedBar(QPainter& p, const QRectF& rect, BarState state, bool pattern)
{
    QColor pale = barColor(state);
    pale.setAlpha(50);
    p.fillRect(rect, pale);
    if (pattern)
        p.fillRect(rect, QBrush(barColor(state), Qt::Dense6Pattern));
    p.save();
    p.setPen(QPen(barColor(state), 1, Qt::DashLine));
    p.setBrush(Qt::NoBrush);
    p.drawRect(rect.adjusted(0.5, 0.5, -0.5, -0.5));
    p.restore();
}

struct LegendItem {
    enum Kind { Bar, Marker, Effect, Duplicate, Ttl, Lease, Now, Projected } kind;
    QString text;
    BarState state = BarState::InProgress;
    Glyph glyph = Glyph::Ran;
    QColor color;
};

// `fromOutside`: the answers are seen from outside (the probe), so markers are named by status class, not decision.
QList<LegendItem> legendItems(bool fromOutside = false)
{
    // lupdate files these tr() calls under the context "iw" (they are outside any class): the lookup uses the same.
    auto tr = [](const char* s) { return QCoreApplication::translate("iw", s); };
    QList<LegendItem> items;
    for (BarState s :
        { BarState::InProgress, BarState::Completed, BarState::Expired, BarState::Stuck, BarState::Tombstone })
        items.append({ LegendItem::Bar, barStateLabel(s), s, Glyph::Ran, barColor(s) });
    if (fromOutside) {
        items.append(
            { LegendItem::Marker, tr("answered 2xx/3xx"), BarState::InProgress, Glyph::Ran, statusClassColor(200) });
        items.append(
            { LegendItem::Marker, tr("answered 4xx"), BarState::InProgress, Glyph::Ran, statusClassColor(400) });
        items.append({ LegendItem::Marker, tr("answered 5xx, or no answer"), BarState::InProgress, Glyph::Ran,
            statusClassColor(500) });
        items.append({ LegendItem::Marker, tr("never arrived"), BarState::InProgress, Glyph::NeverArrived,
            QColor(0x90, 0x90, 0x90) });
        items.append({ LegendItem::Now, tr("now"), BarState::InProgress, Glyph::Ran, QColor(0x1F, 0x4E, 0xA8) });
        return items;
    }
    items.append(
        { LegendItem::Marker, tr("ran handler"), BarState::InProgress, Glyph::Ran, decisionColor(Decision::Created) });
    items.append({ LegendItem::Marker, tr("replayed"), BarState::InProgress, Glyph::Answered,
        decisionColor(Decision::Replayed) });
    items.append({ LegendItem::Marker, tr("refused"), BarState::InProgress, Glyph::Refused,
        decisionColor(Decision::ConflictInProgress) });
    items.append({ LegendItem::Marker, tr("crashed / unknown"), BarState::InProgress, Glyph::Died,
        decisionColor(Decision::Crashed) });
    items.append({ LegendItem::Marker, tr("never arrived"), BarState::InProgress, Glyph::NeverArrived,
        QColor(0x90, 0x90, 0x90) });
    items.append({ LegendItem::Effect, tr("effect"), BarState::InProgress, Glyph::Ran, effectColor() });
    items.append({ LegendItem::Duplicate, tr("duplicate effect"), BarState::InProgress, Glyph::Ran, alarmColor() });
    items.append({ LegendItem::Ttl, tr("TTL end"), BarState::InProgress, Glyph::Ran, QColor(0x44, 0x44, 0x44) });
    items.append({ LegendItem::Lease, tr("lease end"), BarState::InProgress, Glyph::Ran, QColor(0x5A, 0x3A, 0x00) });
    items.append({ LegendItem::Now, tr("now"), BarState::InProgress, Glyph::Ran, QColor(0x1F, 0x4E, 0xA8) });
    items.append({ LegendItem::Projected, tr("after now (not yet happened)"), BarState::Completed, Glyph::Ran,
        barColor(BarState::Completed) });
    return items;
}

QFont smallFont(const QFont& base, double factor = 0.85)
{
    QFont f = base;
    if (f.pointSizeF() > 0)
        f.setPointSizeF(std::max(6.5, f.pointSizeF() * factor));
    else
        f.setPixelSize(std::max(8, int(f.pixelSize() * factor)));
    return f;
}

constexpr double LegendSwatch = 22;
constexpr double LegendGap = 14;
constexpr double LegendRow = 20;

// A legend row: 20 px at the usual size, taller with the type (presenter mode's Ctrl+=), so no row is cut.
double legendRow(const QFontMetricsF& fm)
{
    return std::max(LegendRow, std::ceil(fm.height() + 6));
}

} // namespace

TimelinePainter::TimelinePainter() = default;
TimelinePainter::~TimelinePainter() = default;

const std::vector<int>& TimelinePainter::rows() const
{
    static const std::vector<int> none;
    return m_scene->rows ? *m_scene->rows : none;
}

int TimelinePainter::laneRowCount() const
{
    if (!m_scene->hopHeaders || m_scene->hopHeaders->empty())
        return static_cast<int>(rows().size());
    return static_cast<int>(std::count_if(rows().begin(), rows().end(), [](int row) { return !isHopHeaderRow(row); }));
}

const std::vector<int>& TimelinePainter::rowOfLane() const
{
    static const std::vector<int> none;
    return m_scene->rowOfLane ? *m_scene->rowOfLane : none;
}

const std::vector<int>& TimelinePainter::relatedLanes() const
{
    static const std::vector<int> none;
    return m_scene->relatedLanes ? *m_scene->relatedLanes : none;
}

QColor TimelinePainter::barColor(BarState state)
{
    return iw::barColor(state);
}

QString TimelinePainter::barStateLabel(BarState state)
{
    return iw::barStateLabel(state);
}

QColor TimelinePainter::markerColor(std::optional<Decision> decision)
{
    return iw::markerColor(decision);
}

TimelinePainter::Layout TimelinePainter::layoutFor(const QSize& size, const QFont& font, int scrollBarExtent)
{
    Layout l;
    const double w = size.width();
    const double h = size.height();
    const double legend = legendHeight(font, size.width());
    // The label column grows with the type (presenter mode's Ctrl+=): "order-001 · r3" reads whole at 2× too, as
    // long as the plot keeps most of the width.
    const double scale = typeScale(font);
    const double gutter = std::min(std::clamp(w * 0.2 * scale, 120.0 * scale, 260.0 * scale), w * 0.4);
    const int sb = scrollBarExtent;
    const double plotW = std::max(10.0, w - gutter - sb);
    const double plotH = std::max(10.0, h - AxisHeight - legend);
    l.plot = QRectF(gutter, AxisHeight, plotW, plotH);
    l.gutter = QRectF(0, AxisHeight, gutter, plotH);
    l.axis = QRectF(gutter, 0, plotW, AxisHeight);
    l.legend = QRectF(0, AxisHeight + plotH, w, legend);
    l.scrollBar = QRect(int(w) - sb, int(AxisHeight), sb, int(plotH));
    return l;
}

int TimelinePainter::legendHeight(const QFont& font, int width)
{
    std::vector<LegendEntry> entries;
    for (const LegendItem& item : legendItems())
        entries.push_back({ item.text, {} });
    return legendFlowHeight(font, width, entries);
}

int TimelinePainter::legendFlowHeight(const QFont& font, int width, const std::vector<LegendEntry>& entries)
{
    const QFontMetricsF fm(smallFont(font));
    double x = 8;
    int rows = 1;
    for (const LegendEntry& item : entries) {
        const double w = LegendSwatch + 4 + fm.horizontalAdvance(item.text) + LegendGap;
        if (x + w > width - 8 && x > 8) {
            ++rows;
            x = 8;
        }
        x += w;
    }
    return int(rows * legendRow(fm) + 8);
}

void TimelinePainter::paintLegendFlow(
    QPainter& p, const QRectF& rect, const QFont& font, const std::vector<LegendEntry>& entries)
{
    p.save();
    p.fillRect(rect, QColor(0xFA, 0xFA, 0xFB));
    p.setPen(QColor(0xC8, 0xC8, 0xCC));
    p.drawLine(QPointF(rect.left(), rect.top() + 0.5), QPointF(rect.right(), rect.top() + 0.5));
    p.setFont(smallFont(font));
    p.setRenderHint(QPainter::Antialiasing, true);
    const QFontMetricsF fm(p.font());
    double x = rect.left() + 8;
    double y = rect.top() + 4;
    for (const LegendEntry& item : entries) {
        const double w = LegendSwatch + 4 + fm.horizontalAdvance(item.text) + LegendGap;
        const double row = legendRow(fm);
        if (x + w > rect.right() - 8 && x > rect.left() + 8) {
            x = rect.left() + 8;
            y += row;
        }
        const QRectF sw(x, y + (row - (LegendRow - 6)) / 2, LegendSwatch, LegendRow - 6);
        if (item.swatch) {
            p.save();
            item.swatch(p, sw);
            p.restore();
        }
        p.setPen(QColor(0x30, 0x30, 0x36));
        p.drawText(QRectF(x + LegendSwatch + 4, y, w, row), Qt::AlignLeft | Qt::AlignVCenter, item.text);
        x += w;
    }
    p.restore();
}

void TimelinePainter::drawEffectMark(QPainter& p, double x, double top, double height, bool duplicate, bool suspected)
{
    drawEffectTick(p, x, top, height, duplicate, suspected);
}

QFont TimelinePainter::labelFont(const QFont& base, double factor)
{
    return smallFont(base, factor);
}

double TimelinePainter::typeScale(const QFont& font)
{
    const double usual = QFontMetricsF(QGuiApplication::font()).height();
    return usual > 0 ? std::max(1.0, QFontMetricsF(font).height() / usual) : 1.0;
}

void TimelinePainter::paint(QPainter& p, const TimelineModel& model, const TimelineMapping& mapping,
    const TimelineScene& scene, const QSize& size, bool forExport)
{
    m_model = &model;
    m_scene = &scene;
    m_font = scene.font;
    const Layout l = layoutFor(size, m_font, forExport ? 0 : scene.scrollBarExtent);
    TimelineMapping m = mapping;
    m.setRowCount(static_cast<int>(rows().size()));
    m.setPlotRect(l.plot);

    p.fillRect(QRect(QPoint(0, 0), size), plotBackground());
    p.setFont(m_font);

    // Lane stripes, then the grid, then the content over both.
    const bool detailed = m.rowHeight() >= DetailRowHeight;
    if (!rows().empty() && detailed) {
        for (int row = m.firstVisibleRow(); row <= m.lastVisibleRow(); ++row) {
            const QRectF r(l.plot.left(), m.rowTop(row), l.plot.width(), m.rowHeight());
            if (isHopHeaderRow(rows()[static_cast<std::size_t>(row)]))
                continue; // painted by paintHopHeaders
            if (rows()[static_cast<std::size_t>(row)] == m_scene->selectedLane)
                p.fillRect(r.intersected(l.plot), selectedLaneColor());
            else if (row % 2)
                p.fillRect(r.intersected(l.plot), laneStripeColor());
        }
    }
    auto grid = [&] {
        p.setPen(QPen(QColor(0, 0, 0, 28), 1));
        for (const TimeTick& tick : m.ticks()) {
            const double x = std::round(m.mapTimeToX(tick.t)) + 0.5;
            p.drawLine(QPointF(x, l.plot.top()), QPointF(x, l.plot.bottom()));
        }
    };
    // The grid goes under detailed lanes, and over the (opaque) density raster.
    if (detailed || rows().empty())
        grid();
    if (!rows().empty()) {
        if (detailed) {
            paintLanesDetailed(p, m, forExport);
        } else {
            paintLanesDense(p, m);
            grid();
        }
    }
    paintOverlays(p, m, forExport);
    paintAxis(p, m, l);
    paintGutter(p, m, l, forExport);
    paintHopHeaders(p, m, l);
    paintLegend(p, l);
}

void TimelinePainter::paintLanesDetailed(QPainter& p, const TimelineMapping& m, bool forExport)
{
    m_budgetMarks.clear();
    const QRectF plot = m.plotRect();
    const double t0 = m.visibleStart();
    const double t1 = m.visibleEnd();
    const double h = m.rowHeight();
    // An open bar lasts until the clock or the end of what is known, whichever is later (Jepsen draws an open
    // outcome to "now").
    const double openEnd = std::max(double(m_scene->now), double(m_model->lastTime()));
    const double nowT = double(m_scene->now);
    const double r = std::clamp(h * 0.2, 2.5, 6.0);
    const double slack = (r + BucketPx) * m.msPerPixel(); // glyphs just outside still show their half
    const bool showText = h >= 14;
    // QSvgRenderer cannot resolve the fill patterns QSvgGenerator writes: hatch on raster devices only.
    const bool hatch = p.paintEngine()->type() != QPaintEngine::SVG;
    const QFont labelFont = smallFont(m_font, 0.8);
    const QFontMetricsF fm(labelFont);
    p.save();
    p.setClipRect(plot);
    p.setFont(labelFont);

    struct Bucket {
        double x0;
        double x1;
        int first; // marker index of the first in the bucket; the bucket holds [first, first + count)
        int count;
        int worst; // marker index with the highest severity
        int worstSeverity;
        bool selected;
        bool hovered;
    };
    std::vector<Bucket> buckets;

    for (int row = m.firstVisibleRow(); row <= m.lastVisibleRow(); ++row) {
        const int laneIndex = rows()[static_cast<std::size_t>(row)];
        if (isHopHeaderRow(laneIndex))
            continue;
        const TimelineLane& lane = m_model->lane(laneIndex);
        const double top = m.rowTop(row);
        const double cy = top + h / 2;
        const double bandH = std::clamp(h * 0.52, 3.0, 14.0);
        const double bandTop = cy - bandH / 2;

        // Bars. Bars narrower than a pixel in the same column are drawn once.
        p.setRenderHint(QPainter::Antialiasing, false);
        const auto [b0, b1] = m_model->barRange(laneIndex, t0, t1);
        int lastColumn = INT_MIN;
        for (std::size_t i = b0; i < b1; ++i) {
            const TimelineBar& bar = lane.bars[i];
            const double end = bar.end == OpenEnd ? openEnd : static_cast<double>(bar.end);
            double xs = m.mapTimeToX(std::max(static_cast<double>(bar.start), t0 - m.msPerPixel()));
            double xe = m.mapTimeToX(std::min(end, t1 + m.msPerPixel()));
            if (xe - xs < 1) {
                const int column = int(std::floor(xs));
                if (column == lastColumn)
                    continue;
                lastColumn = column;
                xe = xs + 1;
            }
            // What lies after now has not happened yet (a TTL still running): drawn as projected, not as fact.
            const double xn = std::clamp(m.mapTimeToX(nowT), xs, xe);
            const QRectF rect(xs, bandTop, xn - xs, bandH);
            if (rect.width() > 0) {
                p.fillRect(rect, barFill(bar.state));
                if ((bar.state == BarState::Stuck || bar.state == BarState::Tombstone) && hatch)
                    p.fillRect(rect, QBrush(barColor(bar.state).darker(110), Qt::BDiagPattern));
                p.fillRect(QRectF(xs, bandTop, xn - xs, std::min(2.0, bandH / 3)), barColor(bar.state));
            }
            if (xe > xn)
                drawProjectedBar(p, QRectF(xn, bandTop, xe - xn, bandH), bar.state, hatch);
        }
        // TTL and lease marks, over the bars.
        p.setRenderHint(QPainter::Antialiasing, true);
        for (std::size_t i = b0; i < b1; ++i) {
            const TimelineBar& bar = lane.bars[i];
            const double end = bar.end == OpenEnd ? openEnd : static_cast<double>(bar.end);
            if (bar.state == BarState::Expired && i > 0 && lane.bars[i - 1].end == bar.start
                && lane.bars[i - 1].state != BarState::Tombstone)
                drawTtlMark(p, m.mapTimeToX(static_cast<double>(bar.start)), bandTop, QColor(0x44, 0x44, 0x44));
            if (bar.ttl >= bar.start && bar.ttl <= end)
                drawTtlMark(p, m.mapTimeToX(static_cast<double>(bar.ttl)), bandTop, stuckColor());
            if (bar.lease >= bar.start && bar.lease <= end && h >= 10)
                drawLeaseMark(p, m.mapTimeToX(static_cast<double>(bar.lease)), bandTop, bandH);
        }
        // The client's retry budget beside the record's expiry: where a retry may still come, and where the record
        // it needs is gone — apart, and both said in words.
        if (lane.budgetEnd >= 0) {
            std::optional<Millis> expiry;
            for (std::size_t i = 1; i < lane.bars.size() && !expiry; ++i)
                if (lane.bars[i].state == BarState::Expired && lane.bars[i - 1].end == lane.bars[i].start)
                    expiry = lane.bars[i].start;
            const double xb = m.mapTimeToX(static_cast<double>(lane.budgetEnd));
            BudgetMark mark { laneIndex, xb, {}, -1, {} };
            if (double(lane.budgetEnd) >= t0 - slack && double(lane.budgetEnd) <= t1 + slack) {
                const QColor c = budgetColor();
                p.setPen(QPen(c, 2));
                p.drawLine(QPointF(xb, top + 2), QPointF(xb, top + h - 2));
                p.drawLine(QPointF(xb - 5, top + 2), QPointF(xb, top + 2));
                p.drawLine(QPointF(xb - 5, top + h - 2), QPointF(xb, top + h - 2));
                if (showText) {
                    const QString text = tr("retry budget ends");
                    const double w = fm.horizontalAdvance(text) + 4;
                    mark.label = QRectF(xb - 4 - w, bandTop + bandH + 1, w, fm.height());
                    p.fillRect(mark.label, QColor(255, 255, 255, 210));
                    p.setPen(c.darker(140));
                    p.drawText(mark.label, Qt::AlignCenter, text);
                }
            }
            if (expiry && double(*expiry) >= t0 - slack && double(*expiry) <= t1 + slack) {
                mark.expiryX = m.mapTimeToX(static_cast<double>(*expiry));
                if (showText) {
                    const QString text = tr("record expires");
                    const double w = fm.horizontalAdvance(text) + 4;
                    mark.expiryLabel = QRectF(mark.expiryX + 5, bandTop + bandH + 1, w, fm.height());
                    p.fillRect(mark.expiryLabel, QColor(255, 255, 255, 210));
                    p.setPen(QColor(0x44, 0x44, 0x44));
                    p.drawText(mark.expiryLabel, Qt::AlignCenter, text);
                }
            }
            m_budgetMarks.push_back(mark);
        }
        // A completion no request wrote: a recovery job's (docs/reference/routes.md), marked where it happened.
        for (std::size_t i = b0; i < b1; ++i) {
            const TimelineBar& bar = lane.bars[i];
            if (!bar.recovered || double(bar.start) < t0 - slack || double(bar.start) > t1 + slack)
                continue;
            const double x = m.mapTimeToX(static_cast<double>(bar.start));
            drawRecoveryMark(p, QPointF(x, cy), r);
            if (showText) {
                const QString text = tr("recovered");
                const QRectF box(x + r + 3, bandTop - fm.height() - 1, fm.horizontalAdvance(text) + 4, fm.height());
                if (box.top() >= top - 1) {
                    p.fillRect(box, QColor(255, 255, 255, 200));
                    p.setPen(recoveryColor().darker(130));
                    p.drawText(box, Qt::AlignCenter, text);
                }
            }
        }

        // Effects: ticks in the lane's upper half, one per pixel column (a duplicate wins its column).
        const auto [e0, e1] = m_model->effectRange(laneIndex, t0 - slack, t1 + slack);
        int effectColumn = INT_MIN;
        bool effectColumnDuplicate = false;
        for (std::size_t i = e0; i < e1; ++i) {
            const TimelineEffect& e = lane.effects[i];
            const double x = m.mapTimeToX(static_cast<double>(e.t));
            const int column = int(std::floor(x));
            const bool strong = e.duplicate || e.suspected;
            if (column == effectColumn && (effectColumnDuplicate || !strong))
                continue;
            effectColumn = column;
            effectColumnDuplicate = strong;
            drawEffectTick(p, x, top, h, e.duplicate, e.suspected);
        }

        // Markers, merged into buckets when closer than a glyph.
        const auto [m0, m1] = m_model->markerRange(laneIndex, t0 - slack, t1 + slack);
        buckets.clear();
        for (std::size_t i = m0; i < m1; ++i) {
            const TimelineMarker& mk = lane.markers[i];
            const double x = m.mapTimeToX(static_cast<double>(mk.t));
            const int sev = seenFromOutside(mk) ? (mk.status >= 500 || mk.status == 0 ? 3
                                    : mk.status >= 400                                ? 2
                                                                                      : 1)
                                                : severity(mk.decisionValue());
            const bool selected = mk.request >= 0 && mk.request == m_scene->selectedRequest;
            const bool hovered = !forExport && mk.request >= 0 && mk.request == m_scene->hoverRequest;
            if (!buckets.empty() && x - buckets.back().x0 < BucketPx) {
                Bucket& b = buckets.back();
                b.x1 = x;
                ++b.count;
                if (sev > b.worstSeverity) {
                    b.worstSeverity = sev;
                    b.worst = int(i);
                }
                b.selected = b.selected || selected;
                b.hovered = b.hovered || hovered;
                continue;
            }
            buckets.push_back({ x, x, int(i), 1, int(i), sev, selected, hovered });
        }

        // Flight lines (sent → decided) for lone markers and small crowds (two racing owners): how long each request
        // was inside the service.
        if (showText) {
            for (const Bucket& b : buckets) {
                if (b.count > 4)
                    continue;
                for (int k = b.first; k < b.first + b.count; ++k) {
                    const TimelineMarker& mk = lane.markers[static_cast<std::size_t>(k)];
                    const double x = m.mapTimeToX(static_cast<double>(mk.t));
                    const double sx = m.mapTimeToX(static_cast<double>(mk.t - mk.latency));
                    if (x - sx < 4)
                        continue;
                    const QColor c = tint(colorOf(mk), 0.7);
                    p.setPen(QPen(c, 1.3));
                    p.drawLine(QPointF(std::max(sx, plot.left() - 2), cy), QPointF(x, cy));
                    p.drawLine(QPointF(sx, cy - 3), QPointF(sx, cy + 3));
                }
            }
        }

        for (std::size_t bi = 0; bi < buckets.size(); ++bi) {
            const Bucket& b = buckets[bi];
            const TimelineMarker& mk = lane.markers[static_cast<std::size_t>(b.worst)];
            const QColor color = colorOf(mk);
            if (b.count == 1) {
                drawGlyph(p, glyphOf(mk), QPointF(b.x0, cy), r, color);
                if (mk.flags & (TimelineMarker::ResponseLost | TimelineMarker::ResponseDiscarded)) {
                    // The response never reached the client: a slash through the glyph's corner.
                    p.setPen(QPen(alarmColor().darker(120), 1.6));
                    p.drawLine(QPointF(b.x0 + r * 0.3, cy - r * 1.6), QPointF(b.x0 + r * 1.6, cy - r * 0.3));
                }
            } else {
                // One aggregate mark for a crowd: spans the crowd, coloured by its most severe decision.
                const QRectF agg(b.x0 - r, cy - r, std::max(2 * r, b.x1 - b.x0 + 2 * r), 2 * r);
                p.setPen(QPen(color.darker(150), 1));
                p.setBrush(tint(color, 0.85));
                p.drawRoundedRect(agg, r * 0.6, r * 0.6);
                const QString n = QLocale().toString(b.count);
                if (showText && fm.horizontalAdvance(n) + 4 < agg.width()) {
                    p.setPen(textColorOn(tint(color, 0.85)));
                    p.drawText(agg, Qt::AlignCenter, n);
                }
            }
            if (b.selected || b.hovered) {
                p.setPen(QPen(b.selected ? QColor(Qt::black) : QColor(0x55, 0x55, 0x55), b.selected ? 2.2 : 1.4));
                p.setBrush(Qt::NoBrush);
                if (b.count == 1)
                    p.drawEllipse(QPointF(b.x0, cy), r + 3, r + 3);
                else
                    p.drawRoundedRect(QRectF(b.x0 - r - 3, cy - r - 3, b.x1 - b.x0 + 2 * r + 6, 2 * r + 6), r, r);
            }
            // Status (and decision, where there is room) beside lone markers.
            if (showText && b.count == 1) {
                const double next = bi + 1 < buckets.size() ? buckets[bi + 1].x0 : plot.right();
                const double room = next - b.x0 - r - 6;
                const QString status = mk.status ? QString::number(mk.status) : QStringLiteral("—");
                const bool lost = mk.flags & (TimelineMarker::ResponseLost | TimelineMarker::ResponseDiscarded);
                QString text;
                if (const auto d = mk.decisionValue(); d) {
                    const QString full = fromView(decisionName(*d)) + QLatin1Char(' ') + status;
                    const QString withLoss = lost ? full + tr(" · response lost") : full;
                    if (room >= fm.horizontalAdvance(withLoss) + 6)
                        text = withLoss;
                    else if (room >= fm.horizontalAdvance(full) + 6)
                        text = full;
                }
                if (text.isEmpty() && room >= fm.horizontalAdvance(status) + 6)
                    text = status;
                if (!text.isEmpty()) {
                    // On a light backdrop, so the label stays legible over bars and flight lines.
                    const QRectF box(b.x0 + r + 2, cy - fm.height() / 2, fm.horizontalAdvance(text) + 4, fm.height());
                    p.fillRect(box, QColor(255, 255, 255, 200));
                    p.setPen(lost ? alarmColor().darker(130) : QColor(0x26, 0x26, 0x2C));
                    p.drawText(box, Qt::AlignCenter, text);
                }
            }
        }
    }

    // Requests still inside the service: a dashed line to now (an open outcome extends to now).
    {
        const double now = static_cast<double>(m_scene->now);
        if (m_model->pending().size() <= 20000) {
            p.setPen(QPen(QColor(0x70, 0x70, 0x70), 1.2, Qt::DashLine));
            p.setBrush(Qt::white);
            for (const auto& [request, pending] : m_model->pending()) {
                (void)request;
                if (pending.lane < 0 || pending.lane >= static_cast<int>(rowOfLane().size()))
                    continue;
                const int row = rowOfLane()[static_cast<std::size_t>(pending.lane)];
                if (row < m.firstVisibleRow() || row > m.lastVisibleRow() || pending.sent > t1 || now < t0)
                    continue;
                const double cy = m.rowTop(row) + h / 2;
                const double xs = m.mapTimeToX(static_cast<double>(pending.sent));
                const double xn = m.mapTimeToX(now);
                p.drawLine(QPointF(xs, cy), QPointF(xn, cy));
                p.drawEllipse(QPointF(xn, cy), r * 0.7, r * 0.7);
            }
        }
    }
    p.restore();
}

void TimelinePainter::paintLanesDense(QPainter& p, const TimelineMapping& m)
{
    const QRectF plot = m.plotRect();
    const int W = std::max(1, int(std::ceil(plot.width())));
    const int H = std::max(1, int(std::ceil(plot.height())));
    // Opaque and in the target's format, so it is copied rather than blended; every pixel is written below.
    if (m_dense.size() != QSize(W, H))
        m_dense = QImage(W, H, QImage::Format_ARGB32_Premultiplied);

    const double t0 = m.visibleStart();
    const double t1 = m.visibleEnd();
    const double pxPerMs = W / (t1 - t0);
    // An open bar lasts until the clock or the end of what is known, whichever is later (Jepsen draws an open
    // outcome to "now").
    const double openEnd = std::max(double(m_scene->now), double(m_model->lastTime()));
    const double h = m.rowHeight();
    const double scroll = m.scrollY();
    const std::vector<int>& laneOfRow = this->rows();
    const int rows = static_cast<int>(laneOfRow.size());
    const int firstRow = m.firstVisibleRow();
    const int lastRow = m.lastVisibleRow();

    // Colour and severity tables, once per frame.
    int barRgb[BarStateCount][3];
    for (int s = 0; s < BarStateCount; ++s) {
        const QColor c = barFill(static_cast<BarState>(s));
        barRgb[s][0] = c.red();
        barRgb[s][1] = c.green();
        barRgb[s][2] = c.blue();
    }
    QRgb decisionRgb[256];
    std::uint8_t severityOf[256];
    for (int d = 0; d < 256; ++d) {
        const bool known = d < DecisionCount;
        decisionRgb[d] = known ? decisionColor(static_cast<Decision>(d)).rgb() : qRgb(0x90, 0x90, 0x90);
        severityOf[d] = static_cast<std::uint8_t>(known ? severity(static_cast<Decision>(d)) : 1);
    }
    std::int64_t slotOne[BarStateCount];
    int slotWord[BarStateCount];
    for (int s = 0; s < BarStateCount; ++s) {
        const auto [word, field] = packedSlot(static_cast<BarState>(s));
        slotWord[s] = word;
        slotOne[s] = std::int64_t(1) << (field * FieldBits);
    }
    const QRgb alarm = alarmColor().rgb();
    const QRgb selectedLane = qRgb(0xFF, 0xE0, 0x80);
    const QRgb white = qRgb(255, 255, 255);

    // A pixel row summarises many lanes: the mix of their states, paler where fewer of its lanes have a record.
    auto colourOf = [&](std::int64_t a, std::int64_t b, int lanes) -> QRgb {
        const int counts[BarStateCount] = { int(a & FieldMask), int((a >> FieldBits) & FieldMask),
            int((a >> (2 * FieldBits)) & FieldMask), int(b & FieldMask), int((b >> FieldBits) & FieldMask) };
        const int total = counts[0] + counts[1] + counts[2] + counts[3] + counts[4];
        if (total == 0)
            return white;
        // Weighted mix: a record nobody will finish (stuck) or one still running counts more than its share, so a
        // few of them among many expired ones still tint the row.
        static constexpr int weight[BarStateCount] = { 2, 1, 1, 3, 1 };
        int rgb[3] = { 0, 0, 0 };
        int weighted = 0;
        for (int s = 0; s < BarStateCount; ++s) {
            weighted += counts[s] * weight[s];
            for (int k = 0; k < 3; ++k)
                rgb[k] += counts[s] * weight[s] * barRgb[s][k];
        }
        const double alpha = 0.5 + 0.5 * std::min(1.0, double(total) / std::max(1, lanes));
        const double scale = alpha / weighted;
        const double paper = 255 * (1 - alpha);
        return qRgb(int(rgb[0] * scale + paper), int(rgb[1] * scale + paper), int(rgb[2] * scale + paper));
    };
    auto darken = [](QRgb c) { return qRgb(qRed(c) * 7 / 10, qGreen(c) * 7 / 10, qBlue(c) * 7 / 10); };

    // Raw scanlines: QImage::scanLine() detaches, which workers must not do concurrently.
    uchar* const bits = m_dense.bits();
    const qsizetype stride = m_dense.bytesPerLine();
    auto scanLine = [bits, stride](int y) { return reinterpret_cast<QRgb*>(bits + y * stride); };
    std::vector<char> covered(static_cast<std::size_t>(H), 0);
    // One band: the lanes [rowBegin, rowEnd) drawn into pixel rows [y0, y1). Per column, bar states are counted
    // with a difference array (O(1) per bar, one addition per pixel) and markers and effects keep the most severe
    // thing that fell into the column. The scratch is cleared as it is consumed, so it is zero between bands.
    auto band = [&](DenseScratch& scratch, int rowBegin, int rowEnd, int y0, int y1) {
        std::int64_t* const diff[2] = { scratch.diffA.data(), scratch.diffB.data() };
        std::uint8_t* const level = scratch.level.data();
        std::uint8_t* const decisionAt = scratch.decision.data();
        bool selected = false;
        for (int row = rowBegin; row < rowEnd; ++row) {
            if (row + 8 < rowEnd && !isHopHeaderRow(laneOfRow[static_cast<std::size_t>(row + 8)])) {
                // Each lane's arrays are separate heap blocks: fetch ahead so the cache misses overlap.
                const TimelineLane& ahead = m_model->lane(laneOfRow[static_cast<std::size_t>(row + 8)]);
                __builtin_prefetch(ahead.bars.data());
                __builtin_prefetch(ahead.markers.data());
                __builtin_prefetch(ahead.effects.data());
            }
            const int laneIndex = laneOfRow[static_cast<std::size_t>(row)];
            if (isHopHeaderRow(laneIndex))
                continue;
            selected = selected || laneIndex == m_scene->selectedLane;
            const TimelineLane& lane = m_model->lane(laneIndex);
            const auto [b0, b1] = m_model->barRange(laneIndex, t0, t1);
            for (std::size_t i = b0; i < b1; ++i) {
                const TimelineBar& bar = lane.bars[i];
                const double s = std::max(static_cast<double>(bar.start), t0);
                const double e = std::min(bar.end == OpenEnd ? openEnd : static_cast<double>(bar.end), t1);
                if (e < s)
                    continue;
                const int x0 = std::min(int((s - t0) * pxPerMs), W - 1);
                const int x1 = std::clamp(int((e - t0) * pxPerMs) + 1, x0 + 1, W);
                const int st = static_cast<int>(bar.state);
                diff[slotWord[st]][x0] += slotOne[st];
                diff[slotWord[st]][x1] -= slotOne[st];
            }
            const auto [m0, m1] = m_model->markerRange(laneIndex, t0, t1);
            for (std::size_t i = m0; i < m1; ++i) {
                const TimelineMarker& mk = lane.markers[i];
                const int x = std::min(int((static_cast<double>(mk.t) - t0) * pxPerMs), W - 1);
                const std::uint8_t lv = severityOf[mk.decision];
                if (lv > level[x]) {
                    level[x] = lv;
                    decisionAt[x] = mk.decision;
                }
            }
            const auto [e0, e1] = m_model->effectRange(laneIndex, t0, t1);
            for (std::size_t i = e0; i < e1; ++i) {
                const TimelineEffect& e = lane.effects[i];
                const int x = std::min(int((static_cast<double>(e.t) - t0) * pxPerMs), W - 1);
                level[x] = e.duplicate ? 4 : std::max<std::uint8_t>(level[x], 1);
            }
        }
        const int lanes = rowEnd - rowBegin;
        QRgb* const line = scanLine(y0);
        std::int64_t a = 0;
        std::int64_t b = 0;
        std::int64_t pa = -1;
        std::int64_t pb = -1;
        QRgb base = white;
        for (int x = 0; x < W; ++x) {
            a += diff[0][x];
            b += diff[1][x];
            diff[0][x] = 0;
            diff[1][x] = 0;
            if (a != pa || b != pb) {
                base = colourOf(a, b, lanes);
                pa = a;
                pb = b;
            }
            QRgb px = base;
            if (const std::uint8_t lv = level[x]) {
                level[x] = 0;
                if (lv == 1)
                    px = darken(base); // ordinary activity: a shade, so the states stay readable
                else if (lv == 4)
                    px = alarm;
                else
                    px = decisionRgb[decisionAt[x]];
            }
            line[x] = selected && px == white ? selectedLane : px;
        }
        diff[0][W] = 0;
        diff[1][W] = 0;
        covered[static_cast<std::size_t>(y0)] = 1;
        for (int y = y0 + 1; y < y1; ++y) {
            std::memcpy(scanLine(y), line, static_cast<std::size_t>(W) * sizeof(QRgb));
            covered[static_cast<std::size_t>(y)] = 1;
        }
    };
    // The bands of the pixel rows [py0, py1).
    auto bandsIn = [&](DenseScratch& scratch, int py0, int py1) {
        if (h >= 1) {
            for (int row = std::max(firstRow, int(std::floor((py0 + scroll) / h)) - 1); row <= lastRow; ++row) {
                const double top = row * h - scroll;
                if (top + h <= 0)
                    continue;
                const int y0 = std::clamp(int(std::floor(top)), 0, H - 1);
                if (y0 >= py1)
                    break;
                if (y0 < py0)
                    continue; // another worker's band
                // A hairline gap between lanes of 3 px or more.
                const int y1 = std::clamp(std::max(int(std::floor(top + h)) - (h >= 3 ? 1 : 0), y0 + 1), 1, H);
                band(scratch, row, row + 1, y0, y1);
            }
        } else {
            for (int py = py0; py < py1; ++py) {
                const int rb = std::clamp(int(std::ceil((py + scroll) / h)), 0, rows);
                const int re = std::clamp(int(std::ceil((py + 1 + scroll) / h)), 0, rows);
                if (rb < re)
                    band(scratch, rb, re, py, py + 1);
            }
        }
    };

    // Thousands of lanes per frame are split over a few workers, each on its own pixel rows.
    const qint64 visibleLanes = qint64(lastRow) - firstRow + 1;
    const int workers = visibleLanes >= 4000 ? std::clamp(QThread::idealThreadCount(), 1, 4) : 1;
    if (m_scratch.size() < static_cast<std::size_t>(workers))
        m_scratch.resize(static_cast<std::size_t>(workers));
    for (DenseScratch& scratch : m_scratch) {
        if (scratch.diffA.size() != static_cast<std::size_t>(W) + 1) {
            scratch.diffA.assign(static_cast<std::size_t>(W) + 1, 0);
            scratch.diffB.assign(static_cast<std::size_t>(W) + 1, 0);
            scratch.level.assign(static_cast<std::size_t>(W), 0);
            scratch.decision.assign(static_cast<std::size_t>(W), 0);
        }
    }
    if (workers > 1) {
        if (!m_pool) {
            m_pool = std::make_unique<QThreadPool>();
            m_pool->setMaxThreadCount(3);
        }
        QSemaphore done;
        for (int w = 1; w < workers; ++w) {
            m_pool->start([&, w] {
                bandsIn(m_scratch[static_cast<std::size_t>(w)], H * w / workers, H * (w + 1) / workers);
                done.release();
            });
        }
        bandsIn(m_scratch[0], 0, H / workers);
        done.acquire(workers - 1);
    } else {
        bandsIn(m_scratch[0], 0, H);
    }
    for (int y = 0; y < H; ++y) {
        if (!covered[static_cast<std::size_t>(y)]) {
            QRgb* const line = scanLine(y);
            std::fill(line, line + W, white);
        }
    }
    const QPainter::CompositionMode mode = p.compositionMode();
    p.setCompositionMode(QPainter::CompositionMode_Source);
    p.drawImage(plot.topLeft(), m_dense);
    p.setCompositionMode(mode);
}

void TimelinePainter::paintOverlays(QPainter& p, const TimelineMapping& m, bool forExport)
{
    const QRectF plot = m.plotRect();
    p.save();
    p.setClipRect(plot);
    p.setRenderHint(QPainter::Antialiasing, false);

    if (rows().empty()) {
        p.setPen(QColor(0x70, 0x70, 0x70));
        const QString text = m_model->laneCount() == 0
            ? (m_emptyText.isEmpty() ? tr("Nothing has happened yet: fire a request or play the scenario.")
                                     : m_emptyText)
            : tr("No lane matches the filter.");
        p.drawText(plot, Qt::AlignCenter | Qt::TextWordWrap, text);
    }

    // Hovering dims the lanes unrelated to what is under the pointer (lanes of the same intent stay lit).
    if (!forExport && m_scene->hoverLane >= 0 && m.rowHeight() >= DetailRowHeight) {
        for (int row = m.firstVisibleRow(); row <= m.lastVisibleRow() && !rows().empty(); ++row) {
            const int lane = rows()[static_cast<std::size_t>(row)];
            if (isHopHeaderRow(lane) || lane == m_scene->hoverLane
                || std::binary_search(relatedLanes().begin(), relatedLanes().end(), lane))
                continue;
            p.fillRect(QRectF(plot.left(), m.rowTop(row), plot.width(), m.rowHeight()), QColor(255, 255, 255, 150));
        }
    }

    // The selection, when lanes are too thin to show it themselves: a bracket on the lane and a crosshair.
    if (m_scene->selectedLane >= 0 && m.rowHeight() < DetailRowHeight) {
        const int row = m_scene->selectedLane < static_cast<int>(rowOfLane().size())
            ? rowOfLane()[static_cast<std::size_t>(m_scene->selectedLane)]
            : -1;
        if (row >= 0) {
            const double cy = m.rowTop(row) + m.rowHeight() / 2;
            p.setPen(QPen(QColor(0, 0, 0, 160), 1, Qt::DashLine));
            p.drawLine(QPointF(plot.left(), cy), QPointF(plot.right(), cy));
            if (const int mi = m_model->markerOfRequest(m_scene->selectedLane, m_scene->selectedRequest); mi >= 0) {
                const double x = m.mapTimeToX(
                    static_cast<double>(m_model->lane(m_scene->selectedLane).markers[std::size_t(mi)].t));
                p.setRenderHint(QPainter::Antialiasing, true);
                p.setPen(QPen(Qt::black, 2));
                p.setBrush(Qt::NoBrush);
                p.drawEllipse(QPointF(x, cy), 6, 6);
                p.setRenderHint(QPainter::Antialiasing, false);
            }
        }
    }

    // The "now" cursor.
    if (m_scene->showNow) {
        const double x = m.mapTimeToX(static_cast<double>(m_scene->now));
        if (x >= plot.left() && x <= plot.right()) {
            p.setPen(QPen(QColor(0x1F, 0x4E, 0xA8), 1.5));
            p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
        }
    }

    // The dragged range with ΔT and counts.
    if (m_scene->range) {
        const double x0 = m.mapTimeToX(m_scene->range->first);
        const double x1 = m.mapTimeToX(m_scene->range->second);
        const QRectF band(QPointF(std::min(x0, x1), plot.top()), QPointF(std::max(x0, x1), plot.bottom()));
        p.fillRect(band, QColor(0x1F, 0x4E, 0xA8, 40));
        p.setPen(QPen(QColor(0x1F, 0x4E, 0xA8), 1));
        p.drawLine(QPointF(band.left(), plot.top()), QPointF(band.left(), plot.bottom()));
        p.drawLine(QPointF(band.right(), plot.top()), QPointF(band.right(), plot.bottom()));
        QString text = tr("ΔT %1").arg(shownDuration(std::llround(m_scene->range->second - m_scene->range->first)));
        if (m_scene->rangeCounts.exact || !m_scene->rangeDragging) {
            text += tr(" · %n request(s)", nullptr, int(std::min<qint64>(m_scene->rangeCounts.requests, INT_MAX)));
            text += tr(" · %n effect(s)", nullptr, int(std::min<qint64>(m_scene->rangeCounts.effects, INT_MAX)));
            if (m_scene->rangeCounts.duplicates > 0)
                text += tr(
                    " · %n duplicate(s)", nullptr, int(std::min<qint64>(m_scene->rangeCounts.duplicates, INT_MAX)));
            text += tr(" · %n lane(s)", nullptr, int(std::min<qint64>(m_scene->rangeCounts.lanes, INT_MAX)));
        }
        if (!m_scene->rangeDragging && !forExport)
            text += tr("  — F or double-click to zoom");
        const QFontMetricsF fm(p.font());
        const double w = fm.horizontalAdvance(text) + 12;
        double left = band.center().x() - w / 2;
        left = std::clamp(left, plot.left() + 2, std::max(plot.left() + 2, plot.right() - w - 2));
        const QRectF box(left, plot.top() + 4, w, fm.height() + 6);
        p.fillRect(box, QColor(255, 255, 255, 235));
        p.setPen(QColor(0x1F, 0x4E, 0xA8));
        p.drawRect(box);
        p.setPen(Qt::black);
        p.drawText(box, Qt::AlignCenter, text);
    }
    p.restore();
}

void TimelinePainter::paintAxis(QPainter& p, const TimelineMapping& m, const Layout& l)
{
    p.save();
    p.fillRect(QRectF(0, 0, l.axis.right() + 40, AxisHeight), QColor(0xFA, 0xFA, 0xFB));
    p.setPen(QColor(0xC8, 0xC8, 0xCC));
    p.drawLine(QPointF(0, AxisHeight - 0.5), QPointF(l.axis.right() + 40, AxisHeight - 0.5));
    p.setClipRect(l.axis);
    p.setFont(smallFont(m_font, 0.9));
    const QFontMetricsF fm(p.font());
    // The "now" flag stays whole inside the axis (at t = 0 it would be cut to "w"), and tick labels give way to it.
    std::optional<QRectF> nowBox;
    if (m_scene->showNow) {
        const double x = m.mapTimeToX(static_cast<double>(m_scene->now));
        if (x >= l.axis.left() && x <= l.axis.right()) {
            const double w = fm.horizontalAdvance(tr("now")) + 6;
            const double left = std::clamp(x - w / 2, l.axis.left(), std::max(l.axis.left(), l.axis.right() - w));
            nowBox = QRectF(left, 1, w, fm.height());
        }
    }
    // Ticks far enough apart for their labels in the language in use ("1 год 30 хв" is longer than "1 h 30 min"),
    // and a label that would still touch the one before it is left out rather than drawn over it.
    QList<TimeTick> ticks = m.ticks();
    double widest = 0;
    for (const TimeTick& tick : ticks)
        widest = std::max(widest, fm.horizontalAdvance(tick.label));
    if (widest + 16 > 90)
        ticks = m.ticks(widest + 16);
    m_axisLabels.clear();
    double lastRight = -1e9;
    for (const TimeTick& tick : ticks) {
        if (tick.t < 0)
            continue; // the clock starts at 0: the margin before it has no time to label
        const double x = std::round(m.mapTimeToX(tick.t)) + 0.5;
        p.setPen(QColor(0x60, 0x60, 0x66));
        p.drawLine(QPointF(x, AxisHeight - 7), QPointF(x, AxisHeight - 1));
        if (x + 3 + fm.horizontalAdvance(tick.label) > l.axis.right())
            continue; // a clipped label reads as a different time
        const QRectF labelBox(x + 3, AxisHeight - 10 - fm.ascent(), fm.horizontalAdvance(tick.label), fm.height());
        if (nowBox && labelBox.intersects(nowBox->adjusted(-2, 0, 2, 0)))
            continue;
        if (labelBox.left() < lastRight + 6 || labelBox.left() < l.axis.left())
            continue;
        p.setPen(QColor(0x30, 0x30, 0x36));
        p.drawText(QPointF(x + 3, AxisHeight - 10), tick.label);
        m_axisLabels.push_back(labelBox);
        lastRight = labelBox.right();
    }
    if (nowBox) {
        p.fillRect(*nowBox, QColor(0x1F, 0x4E, 0xA8));
        p.setPen(Qt::white);
        p.drawText(*nowBox, Qt::AlignCenter, tr("now"));
    }
    p.restore();
}

void TimelinePainter::paintGutter(QPainter& p, const TimelineMapping& m, const Layout& l, bool forExport)
{
    p.save();
    p.fillRect(l.gutter, QColor(0xF3, 0xF4, 0xF6));
    p.setPen(QColor(0xC8, 0xC8, 0xCC));
    p.drawLine(QPointF(l.gutter.right() - 0.5, 0), QPointF(l.gutter.right() - 0.5, l.gutter.bottom()));
    if (forExport) {
        // The filter box is a widget and is not exported: say what the picture shows instead.
        p.setPen(QColor(0x30, 0x30, 0x36));
        const QString title = m_scene->filter.isEmpty() ? tr("%n lane(s)", nullptr, laneRowCount())
                                                        : tr("lanes matching “%1”").arg(m_scene->filter);
        p.drawText(QRectF(6, 0, l.gutter.width() - 10, AxisHeight), Qt::AlignVCenter | Qt::AlignLeft, title);
    }
    p.setClipRect(l.gutter);
    const double h = m.rowHeight();
    const double w = l.gutter.width() - 10;
    const QFont base = m_font;
    QFont bold = smallFont(base, 0.92);
    bold.setBold(true);
    const QFont light = smallFont(base, 0.8);
    const QFontMetricsF fmBold(bold);
    const QFontMetricsF fmLight(light);
    if (!rows().empty() && h >= DetailRowHeight) {
        // Lanes thinner than a line of text are labelled every few rows (the selected one always).
        const int every = h >= fmLight.height() ? 1 : int(std::ceil(fmLight.height() * 1.15 / h));
        for (int row = m.firstVisibleRow(); row <= m.lastVisibleRow(); ++row) {
            const int laneIndex = rows()[static_cast<std::size_t>(row)];
            if (isHopHeaderRow(laneIndex) || (row % every != 0 && laneIndex != m_scene->selectedLane))
                continue;
            const TimelineLane& lane = m_model->lane(laneIndex);
            const QRectF r(0, m.rowTop(row), l.gutter.width() - 1, h);
            if (laneIndex == m_scene->selectedLane)
                p.fillRect(r, QColor(0xFF, 0xE6, 0x9C));
            else if (row % 2)
                p.fillRect(r, QColor(0xEB, 0xEC, 0xEF));
            const QString key = lane.hasKey ? lane.key : tr("(no key)");
            const QString rest = m_model->name(lane.actor) + QStringLiteral(" / ") + m_model->name(lane.operation);
            const bool dim = !forExport && m_scene->hoverLane >= 0 && laneIndex != m_scene->hoverLane
                && !std::binary_search(relatedLanes().begin(), relatedLanes().end(), laneIndex);
            const QColor keyColor = dim ? QColor(0xA0, 0xA0, 0xA6) : QColor(0x15, 0x15, 0x1A);
            const QColor restColor = dim ? QColor(0xB8, 0xB8, 0xBE) : QColor(0x60, 0x60, 0x68);
            if (h >= 30) {
                p.setFont(bold);
                p.setPen(keyColor);
                p.drawText(QRectF(6, r.top() + 2, w, h / 2 - 1), Qt::AlignLeft | Qt::AlignBottom,
                    fmBold.elidedText(key, Qt::ElideMiddle, w));
                p.setFont(light);
                p.setPen(restColor);
                p.drawText(QRectF(6, r.top() + h / 2, w, h / 2 - 2), Qt::AlignLeft | Qt::AlignTop,
                    fmLight.elidedText(rest, Qt::ElideRight, w));
            } else if (h >= 13) {
                p.setFont(bold);
                const QString k = fmBold.elidedText(key, Qt::ElideMiddle, w * 0.55);
                const double kw = fmBold.horizontalAdvance(k);
                p.setPen(keyColor);
                p.drawText(QRectF(6, r.top(), kw + 1, h), Qt::AlignLeft | Qt::AlignVCenter, k);
                p.setFont(light);
                p.setPen(restColor);
                p.drawText(QRectF(6 + kw + 6, r.top(), std::max(0.0, w - kw - 6), h), Qt::AlignLeft | Qt::AlignVCenter,
                    fmLight.elidedText(rest, Qt::ElideRight, std::max(0.0, w - kw - 6)));
            } else {
                p.setFont(light);
                p.setPen(keyColor);
                p.drawText(QRectF(6, r.top(), w, h), Qt::AlignLeft | Qt::AlignVCenter,
                    fmLight.elidedText(key, Qt::ElideMiddle, w));
            }
        }
    } else if (!rows().empty()) {
        // Density view: a label every few lines, and how many lanes share a pixel row.
        p.setFont(light);
        const double step = fmLight.height() * 1.6;
        for (double y = l.gutter.top() + fmLight.height() * 2.2; y < l.gutter.bottom() - 2; y += step) {
            const int row = m.rowAtY(y);
            if (row < 0 || isHopHeaderRow(rows()[static_cast<std::size_t>(row)]))
                continue;
            const int laneIndex = rows()[static_cast<std::size_t>(row)];
            const TimelineLane& lane = m_model->lane(laneIndex);
            p.setPen(QColor(0x90, 0x90, 0x96));
            p.drawLine(QPointF(l.gutter.right() - 5, y), QPointF(l.gutter.right() - 1, y));
            p.setPen(QColor(0x50, 0x50, 0x58));
            p.drawText(QRectF(6, y - fmLight.height() / 2, w - 6, fmLight.height()), Qt::AlignLeft | Qt::AlignVCenter,
                fmLight.elidedText(
                    (lane.hasKey ? lane.key : tr("(no key)")) + QStringLiteral(" · ") + m_model->name(lane.actor),
                    Qt::ElideRight, w - 6));
        }
        const double perPixel = 1.0 / std::max(h, 1e-9);
        const QString caption = perPixel >= 1.5
            ? tr("%1 lanes · %2 per pixel row")
                  .arg(QLocale().toString(qlonglong(laneRowCount())), QLocale().toString(perPixel, 'f', 0))
            : tr("%1 lanes").arg(QLocale().toString(qlonglong(laneRowCount())));
        const QRectF capRect(0, l.gutter.top(), l.gutter.width() - 1, fmLight.height() + 6);
        p.fillRect(capRect, QColor(0xE4, 0xE6, 0xEA));
        p.setPen(QColor(0x30, 0x30, 0x36));
        p.drawText(capRect.adjusted(6, 0, -4, 0), Qt::AlignLeft | Qt::AlignVCenter,
            fmLight.elidedText(caption, Qt::ElideRight, capRect.width() - 10));
    }
    p.restore();
}

void TimelinePainter::paintHopHeaders(QPainter& p, const TimelineMapping& m, const Layout& l)
{
    if (!m_scene->hopHeaders || m_scene->hopHeaders->empty() || rows().empty())
        return;
    const double h = m.rowHeight();
    p.save();
    p.setClipRect(QRectF(0, l.plot.top(), l.plot.right(), l.plot.height()));
    QFont bold = smallFont(m_font, 0.92);
    bold.setBold(true);
    const QFont light = smallFont(m_font, 0.85);
    const QFontMetricsF fmBold(bold);
    const QFontMetricsF fmLight(light);
    const QColor band(0xDC, 0xE3, 0xEE);
    const QColor rule(0x9A, 0xA8, 0xBD);
    for (int row = m.firstVisibleRow(); row <= m.lastVisibleRow(); ++row) {
        const int value = rows()[static_cast<std::size_t>(row)];
        if (!isHopHeaderRow(value))
            continue;
        const int hop = hopOfHeaderRow(value);
        if (hop >= static_cast<int>(m_scene->hopHeaders->size()))
            continue;
        const TimelineHopHeader& header = (*m_scene->hopHeaders)[static_cast<std::size_t>(hop)];
        const QRectF r(0, m.rowTop(row), l.plot.right(), h);
        p.fillRect(r, band);
        p.setPen(rule);
        p.drawLine(QPointF(r.left(), r.top() + 0.5), QPointF(r.right(), r.top() + 0.5));
        if (h < fmLight.height() * 0.8)
            continue; // too thin for text: the band alone separates the hops
        // ▾ expanded, ▸ collapsed (what a tree view draws), then the hop and what it holds.
        const QString arrow = header.collapsed ? QStringLiteral("▸") : QStringLiteral("▾");
        const QString title = arrow + QLatin1Char(' ') + header.name;
        QString detail;
        if (header.collapsed) {
            detail = tr("%n lane(s) hidden", nullptr, header.lanes);
            if (header.duplicates > 0)
                detail += QStringLiteral(" · ") + tr("%n duplicate effect(s) hidden", nullptr, int(header.duplicates));
        } else {
            detail = tr("%n lane(s)", nullptr, header.lanes);
            if (header.duplicates > 0)
                detail += QStringLiteral(" · ") + tr("%n duplicate effect(s)", nullptr, int(header.duplicates));
        }
        const double tw = fmBold.horizontalAdvance(title);
        p.setFont(bold);
        p.setPen(QColor(0x1A, 0x25, 0x38));
        p.drawText(QRectF(6, r.top(), tw + 2, h), Qt::AlignLeft | Qt::AlignVCenter, title);
        p.setFont(light);
        p.setPen(header.collapsed && header.duplicates > 0 ? alarmColor().darker(130) : QColor(0x45, 0x50, 0x62));
        p.drawText(QRectF(6 + tw + 10, r.top(), std::max(0.0, r.width() - tw - 20), h),
            Qt::AlignLeft | Qt::AlignVCenter,
            fmLight.elidedText(detail, Qt::ElideRight, std::max(0.0, r.width() - tw - 20)));
    }
    p.restore();
}

void TimelinePainter::paintLegend(QPainter& p, const Layout& l)
{
    std::vector<LegendEntry> entries;
    for (const LegendItem& item : legendItems(m_model && m_model->hasAnswersFromOutside())) {
        entries.push_back(
            { item.text, [item](QPainter& p, const QRectF& sw) {
                 const QPointF c = sw.center();
                 switch (item.kind) {
                 case LegendItem::Bar:
                     p.fillRect(sw.adjusted(0, 2, 0, -2), barFill(item.state));
                     if ((item.state == BarState::Stuck || item.state == BarState::Tombstone)
                         && p.paintEngine()->type() != QPaintEngine::SVG)
                         p.fillRect(
                             sw.adjusted(0, 2, 0, -2), QBrush(barColor(item.state).darker(110), Qt::BDiagPattern));
                     p.fillRect(QRectF(sw.left(), sw.top() + 2, sw.width(), 2), item.color);
                     break;
                 case LegendItem::Marker:
                     drawGlyph(p, item.glyph, c, 4.5, item.color);
                     break;
                 case LegendItem::Effect:
                 case LegendItem::Duplicate:
                     drawEffectTick(p, c.x(), sw.top() - 1, sw.height() + 2, item.kind == LegendItem::Duplicate);
                     break;
                 case LegendItem::Ttl:
                     p.fillRect(sw.adjusted(0, 4, 0, -2), barFill(BarState::Expired));
                     drawTtlMark(p, c.x(), sw.top() + 4, item.color);
                     break;
                 case LegendItem::Lease:
                     p.fillRect(sw.adjusted(0, 4, 0, -2), barFill(BarState::InProgress));
                     drawLeaseMark(p, c.x(), sw.top() + 4, sw.height() - 6);
                     break;
                 case LegendItem::Now:
                     p.setPen(QPen(item.color, 1.5));
                     p.drawLine(QPointF(c.x(), sw.top()), QPointF(c.x(), sw.bottom()));
                     break;
                 case LegendItem::Projected:
                     drawProjectedBar(
                         p, sw.adjusted(0, 2, 0, -2), item.state, p.paintEngine()->type() != QPaintEngine::SVG);
                     break;
                 }
             } });
    }
    paintLegendFlow(p, QRectF(0, l.legend.top(), l.legend.right(), l.legend.height()), m_font, entries);
}

} // namespace iw
