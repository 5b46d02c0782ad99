// Painting one intent's sequence: layout (proportional or compact time), header, axis, lifelines, the items, legend.
#include "sequencepainter.h"

#include "colors.h"
#include "duration.h"
#include "sequencetext.h"
#include "stdtext.h"
#include "timelinemapping.h"
#include "timelinepainter.h"

#include <QFontMetricsF>
#include <QLocale>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>
#include <optional>

namespace iw {

namespace {

const QColor kRequest(0x33, 0x41, 0x55);
const QColor kStore(0x6B, 0x72, 0x80);
const QColor kTimeout(0xE6, 0x9F, 0x00);
const QColor kWait(0x56, 0xB4, 0xE9);
const QColor kHandler(0xDD, 0xE6, 0xF5);
const QColor kLifeline(0xB0, 0xB4, 0xBC);

double rowHeightFor(const QFont& font)
{
    // Room for a label above an arrow without touching the row above.
    return std::max(22.0, QFontMetricsF(TimelinePainter::labelFont(font, 0.82)).height() * 2.0);
}

std::vector<Millis> instantsOf(const SequenceModel& model)
{
    std::vector<Millis> t;
    t.reserve(model.items.size() * 2);
    for (const SequenceItem& item : model.items) {
        t.push_back(item.start);
        if (item.end >= 0)
            t.push_back(item.end);
    }
    std::sort(t.begin(), t.end());
    t.erase(std::unique(t.begin(), t.end()), t.end());
    return t;
}

// The instants that get a row (compact) or anchor the time map (proportional): the model's, and `now` when a lesson
// step or a running handler puts it past them.
std::vector<Millis> rowInstants(const SequenceModel& model, Millis now)
{
    std::vector<Millis> t = instantsOf(model);
    if (now > (t.empty() ? -1 : t.back()))
        t.push_back(now);
    return t;
}

// Where the plot starts: under the header, with room above the first arrow for its label, in the label's font.
double plotTop(const QFont& font, double header)
{
    return header + std::max(10.0, QFontMetricsF(TimelinePainter::labelFont(font, 0.82)).height() + 2);
}

// The lane names' type in the header: bold, a little smaller than the text.
QFont laneNameFont(const QFont& font, double factor = 0.95)
{
    QFont bold = TimelinePainter::labelFont(font, factor);
    bold.setBold(factor > 0.75);
    return bold;
}

// A lane's name in the header. `shortNames`: a route hop's store ("provider store") is written "store", as the
// service's own is — it stands right beside its hop's lane ("provider"), which says whose it is — and a client's next
// copy ("offline-new-key #2") beside its previous one is "#2": a route's eight lanes, or seven with long client names,
// then fit a 280-pixel dock with their names whole.
QString laneNameShown(const SequenceModel& model, std::size_t i, bool translated, bool shortNames = false)
{
    const SequenceLane& lane = model.lanes[i];
    if (shortNames && lane.kind == SequenceLane::Kind::Client && lane.copy > 1 && i > 0
        && model.lanes[i - 1].kind == SequenceLane::Kind::Client && model.lanes[i - 1].client == lane.client)
        return QStringLiteral("#") + (translated ? QLocale().toString(lane.copy) : QString::number(lane.copy));
    if (shortNames && lane.kind == SequenceLane::Kind::Store && lane.hop > 0) {
        SequenceLane own = lane;
        own.hop = 0;
        own.id.clear();
        own.name = "store";
        return translated ? shownLaneName(own) : fromStd(own.name);
    }
    return translated ? shownLaneName(lane) : fromStd(lane.name);
}

// The widest lane name at `factor` of the type.
double widestLaneName(const SequenceModel& model, const SequenceScene& scene, double factor, bool shortNames = false)
{
    const QFontMetricsF fm(laneNameFont(scene.font, factor));
    double widest = 0;
    for (std::size_t i = 0; i < model.lanes.size(); ++i)
        widest = std::max(widest, fm.horizontalAdvance(laneNameShown(model, i, scene.translated, shortNames)));
    return widest;
}

// The type a header name is set in before it is staggered or shortened: no smaller than this share of the text.
constexpr double kReadableNameFactor = 0.8;

// The header's second row, for names staggered when their lanes are too close for them side by side.
double staggerRowHeight(const QFont& font)
{
    return std::ceil(QFontMetricsF(laneNameFont(font)).height()) + 6;
}

// Names too wide for their lanes' slots stand on staggered rows, at most this many: each then has the room of as many
// slots (a route's eight lanes in a 280-pixel dock take three).
constexpr int kMaxNameRows = 4;

// The room a name has on `rows` staggered rows of lanes `slot` apart.
double nameRoom(int rows, double slot)
{
    return rows <= 1 ? slot - 12 : rows * slot - 10;
}

// How the header writes the names at this spacing of lanes: on how many rows, and whether a route hop's store is
// called "store" (only when its whole name fits on no number of rows).
struct HeaderNames {
    int rows = 1;
    bool hopStoresShort = false;
};
HeaderNames headerNames(const SequenceModel& model, const SequenceScene& scene, double slot)
{
    HeaderNames names;
    if (model.lanes.size() < 2)
        return names;
    double widest = widestLaneName(model, scene, kReadableNameFactor);
    if (widest > nameRoom(kMaxNameRows, slot) && widestLaneName(model, scene, kReadableNameFactor, true) < widest) {
        names.hopStoresShort = true;
        widest = widestLaneName(model, scene, kReadableNameFactor, true);
    }
    while (names.rows < kMaxNameRows && widest > nameRoom(names.rows, slot))
        ++names.rows;
    return names;
}

// The nearest lanes come (times the type's scale): a handler bar is 10 pixels wide, and concurrent requests' columns
// stand beside it within the lane's slot.
double minimumLaneSpacing(const SequenceModel& model, const QFont& font)
{
    return (model.columns > 1 ? 30.0 : 22.0) * TimelinePainter::typeScale(font);
}

// A gap folded behind a break in compact mode: long against the run's own steps (ten times its typical gap) and at
// least a second, so a 24-hour late retry folds while a 200 ms handler stays a plain row.
std::vector<bool> foldedGaps(const std::vector<Millis>& instants)
{
    std::vector<bool> folded(instants.size(), false);
    if (instants.size() < 2)
        return folded;
    std::vector<Millis> gaps;
    for (std::size_t i = 1; i < instants.size(); ++i)
        gaps.push_back(instants[i] - instants[i - 1]);
    std::vector<Millis> sorted = gaps;
    std::nth_element(sorted.begin(), sorted.begin() + static_cast<std::ptrdiff_t>(sorted.size() / 2), sorted.end());
    const Millis median = std::max<Millis>(1, sorted[sorted.size() / 2]);
    for (std::size_t i = 1; i < instants.size(); ++i)
        folded[i] = gaps[i - 1] >= 1000 && gaps[i - 1] > 10 * median;
    return folded;
}

// The axis names exact instants ("1 min 300 ms") in compact time, and in proportional time once a wait is folded.
bool exactAxis(const SequenceModel& model, const SequenceScene& scene)
{
    if (scene.compact)
        return true;
    std::vector<Millis> anchors = rowInstants(model, scene.now);
    anchors.push_back(model.start);
    anchors.push_back(std::max({ model.end, scene.now, model.start + 1 }));
    std::sort(anchors.begin(), anchors.end());
    anchors.erase(std::unique(anchors.begin(), anchors.end()), anchors.end());
    const std::vector<bool> folded = foldedGaps(anchors);
    return std::find(folded.begin(), folded.end(), true) != folded.end();
}

// An exact instant on the proportional axis, on two lines when one is too wide for a narrow gutter: "2 h" over
// "481 ms" (the last unit on the second line).
QStringList exactTimeLines(Millis t)
{
    const QString whole = SequencePainter::exactTime(t);
    const QStringList parts = whole.split(QLatin1Char(' '));
    if (parts.size() < 4)
        return { whole };
    return { parts.mid(0, parts.size() - 2).join(QLatin1Char(' ')),
        parts.mid(parts.size() - 2).join(QLatin1Char(' ')) };
}

// `suspected`: the model holds a suspected duplicate effect (served traffic), which only then takes a legend entry.
std::vector<TimelinePainter::LegendEntry> legendEntries(bool suspected)
{
    using Entry = TimelinePainter::LegendEntry;
    const auto arrow = [](QColor color, bool dashed, bool cross) {
        return [color, dashed, cross](QPainter& p, const QRectF& sw) {
            p.setRenderHint(QPainter::Antialiasing, true);
            QPen pen(color, 1.6);
            if (dashed)
                pen.setStyle(Qt::DashLine);
            p.setPen(pen);
            const double y = sw.center().y();
            const double end = cross ? sw.center().x() + 2 : sw.right();
            p.drawLine(QPointF(sw.left(), y), QPointF(end, y));
            if (cross) {
                p.setPen(QPen(color, 2));
                p.drawLine(QPointF(end - 4, y - 4), QPointF(end + 4, y + 4));
                p.drawLine(QPointF(end - 4, y + 4), QPointF(end + 4, y - 4));
            } else {
                p.drawLine(QPointF(end, y), QPointF(end - 5, y - 3.5));
                p.drawLine(QPointF(end, y), QPointF(end - 5, y + 3.5));
            }
        };
    };
    std::vector<Entry> e;
    e.push_back({ SequencePainter::tr("request"), arrow(kRequest, false, false) });
    e.push_back(
        { SequencePainter::tr("response (decision colour)"), arrow(decisionColor(Decision::Created), false, false) });
    e.push_back({ SequencePainter::tr("lost ✕"), arrow(alarmColor(), false, true) });
    e.push_back({ SequencePainter::tr("store step / result"), arrow(kStore, true, false) });
    e.push_back({ SequencePainter::tr("handler"), [](QPainter& p, const QRectF& sw) {
                     p.setBrush(kHandler);
                     p.setPen(QPen(kRequest, 1));
                     p.drawRect(sw.adjusted(7, 0, -7, 0));
                 } });
    e.push_back({ SequencePainter::tr("effect"), [](QPainter& p, const QRectF& sw) {
                     TimelinePainter::drawEffectMark(p, sw.center().x(), sw.top() - 1, sw.height() + 2, false);
                 } });
    e.push_back({ SequencePainter::tr("duplicate effect"), [](QPainter& p, const QRectF& sw) {
                     TimelinePainter::drawEffectMark(p, sw.center().x(), sw.top() - 1, sw.height() + 2, true);
                 } });
    if (suspected)
        e.push_back({ SequencePainter::tr("suspected duplicate effect"), [](QPainter& p, const QRectF& sw) {
                         TimelinePainter::drawEffectMark(
                             p, sw.center().x(), sw.top() - 1, sw.height() + 2, false, true);
                     } });
    e.push_back({ SequencePainter::tr("timeout"), [](QPainter& p, const QRectF& sw) {
                     p.setRenderHint(QPainter::Antialiasing, true);
                     p.setPen(QPen(kTimeout.darker(130), 1.5));
                     p.setBrush(Qt::white);
                     p.drawEllipse(sw.center(), 5, 5);
                     p.drawLine(sw.center(), sw.center() + QPointF(0, -3.5));
                     p.drawLine(sw.center(), sw.center() + QPointF(3, 0));
                 } });
    e.push_back({ SequencePainter::tr("wait before a retry"), [](QPainter& p, const QRectF& sw) {
                     QPen pen(kWait, 4);
                     pen.setStyle(Qt::DotLine);
                     p.setPen(pen);
                     p.drawLine(QPointF(sw.left(), sw.center().y()), QPointF(sw.right(), sw.center().y()));
                 } });
    return e;
}

bool hasSuspectedDuplicate(const SequenceModel& model)
{
    return std::any_of(
        model.items.begin(), model.items.end(), [](const SequenceItem& item) { return item.suspectedDuplicate; });
}

void drawHead(QPainter& p, const QPointF& from, const QPointF& to, const QColor& color)
{
    if (!p.testRenderHint(QPainter::Antialiasing))
        return; // the density rendering: the direction reads from the lanes
    const double dx = to.x() - from.x();
    const double dy = to.y() - from.y();
    const double len = std::hypot(dx, dy);
    if (len < 1)
        return;
    const double ux = dx / len;
    const double uy = dy / len;
    const QPointF back(to.x() - ux * 8, to.y() - uy * 8);
    const QPointF side(-uy * 4, ux * 4);
    const QPointF tri[3] = { to, back + side, back - side };
    p.setPen(Qt::NoPen);
    p.setBrush(color);
    p.drawPolygon(tri, 3);
}

void drawCross(QPainter& p, const QPointF& c, double r, const QColor& color, double width = 2.2)
{
    p.setPen(QPen(color, width));
    p.drawLine(c + QPointF(-r, -r), c + QPointF(r, r));
    p.drawLine(c + QPointF(-r, r), c + QPointF(r, -r));
}

QColor responseColor(const SequenceItem& item)
{
    return TimelinePainter::markerColor(item.decision);
}

double distanceToSegment(const QPointF& p, const QPointF& a, const QPointF& b)
{
    const double dx = b.x() - a.x();
    const double dy = b.y() - a.y();
    const double len2 = dx * dx + dy * dy;
    double t = len2 > 0 ? ((p.x() - a.x()) * dx + (p.y() - a.y()) * dy) / len2 : 0;
    t = std::clamp(t, 0.0, 1.0);
    return std::hypot(p.x() - (a.x() + t * dx), p.y() - (a.y() + t * dy));
}

// Whether the segment a–b passes through `r` (Liang–Barsky: the part of the segment inside the rectangle's slabs).
bool segmentCrosses(const QPointF& a, const QPointF& b, const QRectF& r)
{
    double t0 = 0;
    double t1 = 1;
    const double dx = b.x() - a.x();
    const double dy = b.y() - a.y();
    const auto clip = [&](double p, double q) {
        if (p == 0)
            return q >= 0;
        const double t = q / p;
        if (p < 0) {
            if (t > t1)
                return false;
            t0 = std::max(t0, t);
        } else {
            if (t < t0)
                return false;
            t1 = std::min(t1, t);
        }
        return true;
    };
    return clip(-dx, a.x() - r.left()) && clip(dx, r.right() - a.x()) && clip(-dy, a.y() - r.top())
        && clip(dy, r.bottom() - a.y()) && t0 <= t1;
}

} // namespace

QString SequencePainter::exactTime(Millis t)
{
    // Every unit that is not zero, largest first: "0 ms", "214 ms", "2 min 10 ms", "1 d 3 h 5 ms".
    if (t <= 0)
        return tr("0 ms");
    QStringList parts;
    const std::pair<Millis, QString> units[] = { { 86'400'000, tr("d") }, { 3'600'000, tr("h") }, { 60'000, tr("min") },
        { 1000, tr("s") }, { 1, tr("ms") } };
    for (const auto& [size, name] : units) {
        if (t >= size) {
            parts << QStringLiteral("%1 %2").arg(QLocale().toString(static_cast<qlonglong>(t / size)), name);
            t %= size;
        }
    }
    return parts.join(QLatin1Char(' '));
}

double SequencePainter::rowHeight(const QFont& font)
{
    return rowHeightFor(font);
}

double SequencePainter::axisWidth(bool compact, const QFont& font)
{
    const QFontMetricsF fm(TimelinePainter::labelFont(font, 0.85));
    // Wide labels in the language in use: "2 min 10 ms", "888 ms".
    const double widest
        = fm.horizontalAdvance(compact ? exactTime(2 * 60'000 + 10) : TimelineMapping::formatTime(888, 1));
    return std::max(compact ? 104.0 : 64.0, std::ceil(widest) + 22);
}

double SequencePainter::axisWidthFor(const SequenceModel& model, const SequenceScene& scene)
{
    if (scene.compact || !exactAxis(model, scene))
        return axisWidth(scene.compact, scene.font);
    // Proportional time after a folded wait names exact instants, a line for the larger units and one for the last
    // ("2 h" over "481 ms"): the gutter is as wide as the widest line of the instants it names, not of a whole one.
    const QFontMetricsF fm(TimelinePainter::labelFont(scene.font, 0.85));
    double widest = fm.horizontalAdvance(exactTime(888));
    std::vector<Millis> anchors = rowInstants(model, scene.now);
    anchors.push_back(std::max({ model.end, scene.now, model.start + 1 }));
    for (const Millis t : anchors)
        for (const Millis at : { t, t + 999 })
            for (const QString& line : exactTimeLines(at))
                widest = std::max(widest, fm.horizontalAdvance(line));
    return std::max(axisWidth(false, scene.font), std::ceil(widest) + 22);
}

int SequencePainter::minimumWidth(const SequenceModel& model, const SequenceScene& scene)
{
    if (model.items.empty())
        return 0; // the empty state's sentence wraps to any width
    // Lanes come as close as their names allow when the names stand on staggered rows (each then has the room of as
    // many slots), so a 280-pixel dock at 1280×800 shows every lane of an intent; never closer than a handler bar and
    // its neighbour's column need. A lane's spacing grows with the type (presenter mode): larger type, wider lanes,
    // and the dock scrolls sideways rather than eliding their names. A route's hop stores are called "store" when
    // their whole names would not fit.
    const double widest = widestLaneName(model, scene, kReadableNameFactor, true);
    const double lane = std::max(minimumLaneSpacing(model, scene.font), (widest + 10) / kMaxNameRows);
    return int(std::ceil(axisWidthFor(model, scene) + 12 + lane * double(model.lanes.size())));
}

int SequencePainter::preferredHeight(const SequenceModel& model, const SequenceScene& scene, int width, int available)
{
    const int legend
        = TimelinePainter::legendFlowHeight(scene.font, width, legendEntries(hasSuspectedDuplicate(model)));
    // Proportional time fills the view, but never squeezes a run below a readable height (a short dock scrolls).
    // The header takes a second row when the names are staggered (measured with the wider compact axis: never less).
    const double n = std::max<double>(1, double(model.lanes.size()));
    const double header = HeaderHeight
        + (headerNames(model, scene, (width - axisWidthFor(model, scene) - 12) / n).rows - 1)
            * staggerRowHeight(scene.font);
    const int minimum = int(std::ceil(header)) + legend + (model.items.empty() ? 160 : 420);
    if (!scene.compact)
        return std::max(available, minimum);
    // The rows layout() draws: every instant, "now" when it is past them (a lesson step stops there), and a row per
    // folded wait; then the room under the last row for its labels and a concurrent request's drop.
    const std::vector<Millis> instants = rowInstants(model, scene.now);
    const std::vector<bool> folded = foldedGaps(instants);
    const auto breaks = std::count(folded.begin(), folded.end(), true);
    const double rows = double(instants.size()) + double(breaks) + 1;
    const double top = plotTop(scene.font, header);
    const double drop = ColumnDrop * double(std::max(0, model.columns - 1));
    return std::max({ available, minimum, int(std::ceil(top + rows * rowHeightFor(scene.font) + drop + 12)) + legend });
}

void SequencePainter::layout(const SequenceModel& model, const SequenceScene& scene, const QSize& size)
{
    m_size = size;
    m_compact = scene.compact;
    m_start = model.start;
    m_end = std::max({ model.end, scene.now, scene.until, m_start + 1 });
    // Proportional time's anchors: the instants, and where it starts and ends.
    std::vector<Millis> anchors = rowInstants(model, scene.now);
    if (!m_compact) {
        anchors.push_back(m_start);
        anchors.push_back(m_end);
        std::sort(anchors.begin(), anchors.end());
        anchors.erase(std::unique(anchors.begin(), anchors.end()), anchors.end());
    }
    const std::vector<bool> folded = foldedGaps(anchors);
    // Proportional time with a folded wait names exact instants after it ("1 min 300 ms"), as compact rows do.
    m_axis = axisWidthFor(model, scene);
    m_twoLineAxis = !scene.compact && std::find(folded.begin(), folded.end(), true) != folded.end();
    m_legendSuspected = hasSuspectedDuplicate(model);
    m_legendHeight = TimelinePainter::legendFlowHeight(scene.font, size.width(), legendEntries(m_legendSuspected));
    const double n = std::max<double>(1, double(model.lanes.size()));
    const double plotWidth = std::max(40.0, size.width() - m_axis - 12);
    const HeaderNames names = headerNames(model, scene, plotWidth / n);
    m_nameRows = names.rows;
    m_hopStoresShort = names.hopStoresShort;
    m_staggered = m_nameRows > 1;
    m_headerHeight = HeaderHeight + (m_nameRows - 1) * staggerRowHeight(scene.font);
    const double top = plotTop(scene.font, m_headerHeight);
    m_plot = QRectF(m_axis, top, plotWidth, std::max(20.0, size.height() - top - m_legendHeight - 12));
    m_laneX.clear();
    m_laneKinds.clear();
    for (std::size_t i = 0; i < model.lanes.size(); ++i) {
        m_laneX.push_back(m_plot.left() + (double(i) + 0.5) * m_plot.width() / n);
        m_laneKinds.push_back(model.lanes[i].kind);
    }
    // Concurrent requests' columns share a lane's slot: at most a third of it, in steps a handler bar apart.
    m_columnStep = model.columns > 1 ? std::min(18.0, m_plot.width() / n / 3.0 / double(model.columns - 1)) : 0.0;

    m_maxExtent = 0;
    for (const SequenceItem& item : model.items)
        m_maxExtent = std::max(m_maxExtent, (item.end >= 0 ? item.end : m_end) - item.start);
    m_instants.clear();
    m_instantY.clear();
    m_breaks.clear();
    m_rowHeight = rowHeightFor(scene.font);
    m_instants = std::move(anchors);
    if (m_compact) {
        double y = m_plot.top() + m_rowHeight * 0.5;
        for (std::size_t i = 0; i < m_instants.size(); ++i) {
            if (folded[i]) {
                m_breaks.push_back({ y - m_rowHeight * 0.5, m_instants[i - 1], m_instants[i] });
                y += m_rowHeight;
            }
            m_instantY.push_back(y);
            y += m_rowHeight;
        }
        return;
    }
    // Proportional time, with its idle stretches compressed: a wait long against the run's own steps (the gaps
    // compact mode folds) takes two rows with a labelled break in the middle, and the rest of the height is shared
    // out in proportion to time. A lesson step's punchline after a minute's or a day's wait is drawn as large as
    // the beginning, not squeezed under it into the last few pixels.
    const double fold = 2 * m_rowHeight;
    // Under the last instant, room for its labels: an answer there (a lesson's punchline) is written whole on a line
    // of its own rather than cut short for want of a free line below the plot.
    const double labelRoom = 2 * QFontMetricsF(TimelinePainter::labelFont(scene.font, 0.82)).height();
    const double height = std::max(20.0, m_plot.height() - 8 - labelRoom);
    Millis linear = 0;
    int folds = 0;
    for (std::size_t i = 1; i < m_instants.size(); ++i) {
        if (folded[i])
            ++folds;
        else
            linear += m_instants[i] - m_instants[i - 1];
    }
    // Folds never take more than half the height: a short dock keeps time proportional rather than all breaks.
    const double foldHeight = folds > 0 ? std::min(fold, height * 0.5 / double(folds)) : 0;
    const double scale = (height - foldHeight * double(folds)) / double(std::max<Millis>(1, linear));
    m_pixelsPerMs = scale;
    double y = m_plot.top() + 4;
    for (std::size_t i = 0; i < m_instants.size(); ++i) {
        if (i > 0 && folded[i]) {
            m_breaks.push_back({ y + (foldHeight - m_rowHeight) / 2, m_instants[i - 1], m_instants[i] });
            y += foldHeight;
        } else if (i > 0) {
            y += double(m_instants[i] - m_instants[i - 1]) * scale;
        }
        m_instantY.push_back(y);
    }
}

Millis SequencePainter::timeAt(double y) const
{
    if (!m_compact) {
        if (m_instantY.size() < 2)
            return m_start;
        if (y <= m_instantY.front())
            return m_start - Millis(std::ceil((m_instantY.front() - y) / std::max(1e-9, m_pixelsPerMs)));
        if (y >= m_instantY.back())
            return m_end + Millis(std::floor((y - m_instantY.back()) / std::max(1e-9, m_pixelsPerMs)));
        const auto it = std::upper_bound(m_instantY.begin(), m_instantY.end(), y);
        const std::size_t i = std::size_t(it - m_instantY.begin());
        const double f = (y - m_instantY[i - 1]) / std::max(1e-9, m_instantY[i] - m_instantY[i - 1]);
        return m_instants[i - 1] + Millis(std::floor(f * double(m_instants[i] - m_instants[i - 1])));
    }
    if (m_instants.empty())
        return m_start;
    const auto it = std::lower_bound(m_instantY.begin(), m_instantY.end(), y);
    if (it == m_instantY.end())
        return m_instants.back() + 1;
    if (it == m_instantY.begin())
        return m_instants.front() - 1;
    return m_instants[std::size_t(it - m_instantY.begin()) - 1];
}

double SequencePainter::yOf(Millis t) const
{
    if (!m_compact && m_instantY.size() >= 2) {
        // Outside the anchors (culling asks): the linear scale carried on.
        if (t <= m_instants.front())
            return m_instantY.front() - double(m_instants.front() - t) * m_pixelsPerMs;
        if (t >= m_instants.back())
            return m_instantY.back() + double(t - m_instants.back()) * m_pixelsPerMs;
    }
    if (m_instants.empty())
        return m_plot.top();
    const auto it = std::lower_bound(m_instants.begin(), m_instants.end(), t);
    if (it == m_instants.end())
        return m_instantY.back();
    const std::size_t i = static_cast<std::size_t>(it - m_instants.begin());
    if (*it == t || i == 0)
        return m_instantY[i];
    const double f = double(t - m_instants[i - 1]) / double(m_instants[i] - m_instants[i - 1]);
    return m_instantY[i - 1] + f * (m_instantY[i] - m_instantY[i - 1]);
}

double SequencePainter::columnX(int lane, int column) const
{
    if (column <= 0 || lane < 0 || static_cast<std::size_t>(lane) >= m_laneX.size()
        || m_laneKinds[static_cast<std::size_t>(lane)] == SequenceLane::Kind::Client)
        return laneX(lane);
    return laneX(lane) + column * m_columnStep;
}

double SequencePainter::laneX(int lane) const
{
    return lane >= 0 && static_cast<std::size_t>(lane) < m_laneX.size() ? m_laneX[static_cast<std::size_t>(lane)]
                                                                        : m_plot.left();
}

void SequencePainter::paintHeader(QPainter& p, const SequenceModel& model, const SequenceScene& scene)
{
    p.save();
    p.fillRect(QRectF(0, 0, m_size.width(), m_headerHeight), QColor(0xFA, 0xFA, 0xFB));
    p.setPen(QColor(0xC8, 0xC8, 0xCC));
    p.drawLine(QPointF(0, m_headerHeight - 0.5), QPointF(m_size.width(), m_headerHeight - 0.5));
    const QFont bold = laneNameFont(scene.font);
    p.setFont(bold);
    const double slot = m_laneX.size() > 1 ? m_laneX[1] - m_laneX[0] : m_plot.width();
    const double row = m_staggered ? staggerRowHeight(scene.font) : 0;
    m_laneNames.clear();
    m_laneNameBoxes.clear();
    for (std::size_t i = 0; i < model.lanes.size(); ++i) {
        const QString name = laneNameShown(model, i, scene.translated, m_hopStoresShort);
        // A name that does not fit its slot is set smaller (down to two thirds) before it is elided: "browser #2"
        // reads where "br…#2" did not. Lanes too close for their names side by side have them on staggered rows
        // (two or three), each name then with its neighbours' room too.
        // A name at either end is moved inside the diagram (see below): it keeps clear of the next name on its row,
        // which stands `m_nameRows` slots along. Staggered, the first names may reach over the axis corner, whose
        // intent name then stands on the last row.
        const double pad = m_staggered ? 8 : 14;
        const double half = double(m_nameRows) * slot / 2 - 1;
        const double leftEdge = m_staggered ? 2 : m_axis - 4;
        double room = std::max(20.0, nameRoom(m_nameRows, slot));
        if (int(i) < m_nameRows)
            room = std::min(room, std::max(20.0, m_laneX[i] + half - leftEdge - pad));
        if (i + std::size_t(m_nameRows) >= model.lanes.size())
            room = std::min(room, std::max(20.0, double(m_size.width()) - 2 - (m_laneX[i] - half) - pad));
        QFont fitted = bold;
        for (double f = 0.95; f >= 0.62 && QFontMetricsF(fitted).horizontalAdvance(name) > room; f -= 0.05)
            fitted = laneNameFont(scene.font, f);
        p.setFont(fitted);
        const QFontMetricsF fn(fitted);
        const QString shown = fn.elidedText(name, Qt::ElideMiddle, room);
        m_laneNames.push_back(shown);
        // Staggered names have two slots each, so their boxes are a little tighter: two on one row never touch.
        const double w = fn.horizontalAdvance(shown) + pad;
        QRectF box(m_laneX[i] - w / 2, 4 + double(int(i) % m_nameRows) * row, w, HeaderHeight - 9);
        // The first and last names keep inside the diagram, clear of the intent's name in the axis corner.
        if (box.left() < leftEdge)
            box.moveLeft(leftEdge);
        if (box.right() > m_size.width() - 2)
            box.moveRight(m_size.width() - 2);
        m_laneNameBoxes.push_back(box);
        if (m_staggered) {
            p.setPen(QPen(kLifeline, 1, Qt::DotLine));
            p.drawLine(QPointF(m_laneX[i], box.bottom()), QPointF(m_laneX[i], m_headerHeight));
        }
        const bool client = model.lanes[i].kind == SequenceLane::Kind::Client;
        p.setPen(QPen(client ? kRequest : kStore, 1));
        p.setBrush(client ? QColor(0xE8, 0xEE, 0xF8) : QColor(0xF0, 0xF1, 0xF3));
        p.drawRoundedRect(box, 4, 4);
        p.setPen(QColor(0x15, 0x15, 0x1A));
        p.drawText(box, Qt::AlignCenter, shown);
    }
    // The intent, in the axis corner.
    p.setFont(TimelinePainter::labelFont(scene.font, 0.85));
    p.setPen(QColor(0x30, 0x30, 0x36));
    const QFontMetricsF fs(p.font());
    const QRectF corner = m_staggered
        ? QRectF(4, 4 + double(m_nameRows - 1) * staggerRowHeight(scene.font), m_axis - 6, HeaderHeight - 9)
        : QRectF(4, 0, m_axis - 6, m_headerHeight);
    p.drawText(
        corner, Qt::AlignVCenter | Qt::AlignLeft, fs.elidedText(fromStd(model.intentName), Qt::ElideRight, m_axis - 8));
    p.restore();
}

void SequencePainter::paintAxis(QPainter& p, const SequenceScene& scene, const QRectF& clip)
{
    p.save();
    p.fillRect(QRectF(0, m_headerHeight, m_axis - 6, m_plot.bottom() - m_headerHeight + 10), QColor(0xF3, 0xF4, 0xF6));
    p.setFont(TimelinePainter::labelFont(scene.font, 0.85));
    const QFontMetricsF fm(p.font());
    // An exact instant too wide for the gutter goes on two lines ("2 h" over "481 ms"), centred on its tick.
    const auto lines = [&](const QString& text) {
        return m_twoLineAxis && fm.horizontalAdvance(text) > m_axis - 16 && text.count(QLatin1Char(' ')) >= 3 ? 2 : 1;
    };
    const auto half = [&](const QString& text) { return fm.height() * double(lines(text)) / 2; };
    const auto label = [&](double y, const QString& text, const QColor& color) {
        p.setPen(QColor(0x60, 0x60, 0x66));
        p.drawLine(QPointF(m_axis - 12, y), QPointF(m_axis - 6, y));
        p.setPen(color);
        QStringList shown { text };
        if (lines(text) == 2) {
            const QStringList parts = text.split(QLatin1Char(' '));
            shown = { parts.mid(0, parts.size() - 2).join(QLatin1Char(' ')),
                parts.mid(parts.size() - 2).join(QLatin1Char(' ')) };
        }
        double top = y - fm.height() * double(shown.size()) / 2;
        for (const QString& line : shown) {
            p.drawText(QRectF(2, top, m_axis - 16, fm.height()), Qt::AlignRight | Qt::AlignVCenter,
                fm.elidedText(line, Qt::ElideLeft, m_axis - 16));
            top += fm.height();
        }
    };
    if (!m_compact) {
        // The timeline's ticks, turned on their side, over each stretch between folded waits; the instant a stretch
        // starts at is named whole, so a reader knows where the time went on after a break.
        std::size_t from = 0;
        double lastBottom = -1e9;
        for (std::size_t i = 1; i <= m_instants.size(); ++i) {
            if (i < m_instants.size() && !std::any_of(m_breaks.begin(), m_breaks.end(), [&](const Break& b) {
                    return b.to == m_instants[i];
                }))
                continue;
            const Millis a = m_instants[from];
            const Millis b = m_instants[i - 1];
            const double ya = m_instantY[from];
            const QString named = exactTime(a);
            if (from > 0 && ya - half(named) >= lastBottom && ya >= clip.top() - 20 && ya <= clip.bottom() + 20) {
                label(ya, named, QColor(0x30, 0x30, 0x36));
                lastBottom = ya + half(named);
            }
            if (b > a) {
                for (const TimeTick& tick :
                    TimelineMapping::ticks(double(a), double(b), m_instantY[i - 1] - ya, fm.height() * 2.2)) {
                    if (tick.t < double(a) || tick.t > double(b))
                        continue;
                    const double y = yOf(Millis(std::llround(tick.t)));
                    const QString text = from > 0 ? exactTime(Millis(std::llround(tick.t))) : tick.label;
                    if (y < clip.top() - 20 || y > clip.bottom() + 20 || y > m_plot.bottom()
                        || y - half(text) < lastBottom)
                        continue;
                    label(y, text, QColor(0x30, 0x30, 0x36));
                    lastBottom = y + half(text);
                }
            }
            from = i;
        }
    } else {
        double lastBottom = -1e9;
        for (std::size_t i = 0; i < m_instants.size(); ++i) {
            const double y = m_instantY[i];
            if (y < clip.top() - 20 || y > clip.bottom() + 20 || y - fm.height() / 2 < lastBottom)
                continue;
            label(y, exactTime(m_instants[i]), QColor(0x30, 0x30, 0x36));
            lastBottom = y + fm.height() / 2;
        }
    }
    {
        // The folded waits: a cut across the diagram saying how long was left out.
        for (const Break& b : m_breaks) {
            if (b.y + m_rowHeight < clip.top() || b.y > clip.bottom())
                continue;
            const QRectF band(0, b.y + 2, m_size.width(), m_rowHeight - 4);
            p.fillRect(band, QColor(0xF6, 0xF0, 0xE0));
            QPen pen(QColor(0x90, 0x80, 0x60), 1);
            p.setPen(pen);
            QPainterPath zig;
            for (int edge = 0; edge < 2; ++edge) {
                const double y0 = edge == 0 ? band.top() : band.bottom();
                zig.moveTo(0, y0);
                for (double x = 0; x < m_size.width(); x += 8)
                    zig.lineTo(x + 4, y0 + (edge == 0 ? 2.5 : -2.5)), zig.lineTo(x + 8, y0);
            }
            p.setBrush(Qt::NoBrush);
            p.drawPath(zig);
            p.setPen(QColor(0x5A, 0x4A, 0x20));
            const QRectF text = breakTextBox(b, scene.font);
            p.fillRect(text, QColor(0xF6, 0xF0, 0xE0));
            p.drawText(text, Qt::AlignCenter, breakText(b));
        }
    }
    p.restore();
}

QString SequencePainter::breakText(const Break& b)
{
    return tr("⋯ %1 later ⋯").arg(shownDuration(b.to - b.from));
}

QRectF SequencePainter::breakTextBox(const Break& b, const QFont& font) const
{
    // Centred in the plot's band, in the axis's font; the band's zigzag edges keep clear of it.
    const QFontMetricsF fm(TimelinePainter::labelFont(font, 0.85));
    const double w = fm.horizontalAdvance(breakText(b)) + 8;
    const double h = std::min(fm.height(), m_rowHeight - 6);
    return QRectF(m_plot.center().x() - w / 2, b.y + m_rowHeight / 2 - h / 2, w, h);
}

void SequencePainter::paintLegend(QPainter& p, const SequenceScene& scene)
{
    TimelinePainter::paintLegendFlow(p, QRectF(0, m_size.height() - m_legendHeight, m_size.width(), m_legendHeight),
        scene.font, legendEntries(m_legendSuspected));
}

void SequencePainter::paint(QPainter& p, const SequenceModel& model, const SequenceScene& scene, const QRectF& clip)
{
    m_hits.clear();
    m_labelTexts.clear();
    m_drawn = 0;
    p.save();
    p.fillRect(clip, plotBackground());
    p.setRenderHint(QPainter::Antialiasing, true);
    if (!model.items.empty())
        paintAxis(p, scene, clip);

    // Lifelines.
    for (std::size_t i = 0; i < model.lanes.size(); ++i) {
        QPen pen(kLifeline, 1, Qt::DashLine);
        p.setPen(pen);
        p.drawLine(QPointF(m_laneX[i], m_headerHeight), QPointF(m_laneX[i], m_plot.bottom() + 6));
        // A concurrent request's column: a fainter lifeline beside the lane's.
        pen.setColor(kLifeline.lighter(115));
        pen.setStyle(Qt::DotLine);
        p.setPen(pen);
        for (int c = 1; c < model.columns && model.lanes[i].kind != SequenceLane::Kind::Client; ++c) {
            const double x = columnX(int(i), c);
            p.drawLine(QPointF(x, m_headerHeight), QPointF(x, m_plot.bottom() + 6));
        }
    }

    const QFont small = TimelinePainter::labelFont(scene.font, 0.82);
    p.setFont(small);
    const QFontMetricsF fm(small);
    const double slot = m_laneX.size() > 1 ? m_laneX[1] - m_laneX[0] : m_plot.width();
    const double top = clip.top() - fm.height();
    const double bottom = clip.bottom() + fm.height();
    // Labels keep out of each other's way (a label that would overlap one already drawn nearby is left to the
    // tooltip); arrows that land on the very same pixels as the previous one of their kind are drawn once (a retry
    // storm of ten thousand attempts stays one frame).
    std::vector<QRectF> labels;
    // The arrows drawn (requests, responses, store steps, effects): a label is placed clear of every arrow but its
    // own item's where it can be, and labels are written after every line, so no arrow is drawn over one (issue 42,
    // fifth pass: "r2 → 200 replayed" crossed by the other copy's store step).
    m_arrows.clear();
    struct Last {
        int y1 = -1;
        int y2 = -1;
        int column = -1;
    };
    constexpr std::size_t kKinds = static_cast<std::size_t>(SequenceItem::Kind::Fold) + 1;
    std::vector<Last> last((model.lanes.size() + 1) * (model.lanes.size() + 1) * kKinds);
    const double charWidth = fm.averageCharWidth();
    double labelSpacing = 0; // set once the density rendering is chosen
    // An item's label or detail (`detail`), said only once it is drawn: in the GUI's language, else the model's
    // English.
    const auto drawLabel = [&](double x, double top, const SequenceItem& item, bool detail, const QColor& color,
                               bool force, Qt::Alignment align) -> bool {
        // The overlap test runs on an estimate, so a label that is not drawn is never said nor shaped (a storm of ten
        // thousand attempts has ten thousand labels and room for a few dozen); the English text's length stands in
        // for the shown one's.
        const std::string& utf8 = detail ? item.detail : item.label;
        const double h = fm.height();
        const double cap = std::max(40.0, slot * 0.92);
        const auto boxFor = [&](double w) {
            QRectF box = align & Qt::AlignRight ? QRectF(x - w, top, w, h) : QRectF(x, top, w, h);
            if (box.right() > m_size.width() - 2)
                box.moveRight(m_size.width() - 2);
            if (box.left() < m_axis)
                box.moveLeft(m_axis);
            return box;
        };
        if (!force && labelSpacing > 0) {
            // The density rendering keeps labels three lines apart: a storm shows a sample of its messages. (Outside
            // it a label that meets another is moved to a free line below, or written shorter; see below.)
            const QRectF guess = boxFor(std::min(cap, charWidth * double(utf8.size()) * 0.9))
                                     .adjusted(0, -labelSpacing, 0, labelSpacing);
            int looked = 0;
            for (auto it = labels.rbegin(); it != labels.rend() && looked < 24; ++it, ++looked)
                if (it->intersects(guess))
                    return false;
        }
        const QString text = !scene.translated ? fromStd(utf8) : detail ? shownDetail(model, item) : shownLabel(item);
        const double advance = fm.horizontalAdvance(text);
        // A label is written whole where there is room for it, across the neighbouring lanes if need be ("r2 → 500
        // created" at 1280×800, where a lane's slot holds "r2 → 500…"); only where the whole text finds no free
        // place is it cut to its slot.
        const double whole = std::min(advance, std::max(cap, double(m_size.width()) - 2 - m_axis));
        QRectF box = boxFor(whole);
        // The estimate may fall short of the text as shaped: the real box must not cover a label already drawn
        // (two steps at one instant: "r3 read" over "r2 claim"). It moves a line down, or up, to a free place;
        // with none, the tooltip says it. A forced label (selected, hovered) takes a free place too when there is
        // one, and is otherwise drawn where it belongs, over the others.
        {
            const int own = int(&item - model.items.data());
            bool clearOfArrows = labelSpacing == 0; // the density rendering shows a sample: labels only apart
            const auto free = [&](const QRectF& b) {
                for (const QRectF& other : labels)
                    if (other.intersects(b))
                        return false;
                if (clearOfArrows)
                    for (const Arrow& arrow : m_arrows)
                        if (arrow.item != own && arrow.box.intersects(b) && segmentCrosses(arrow.a, arrow.b, b))
                            return false;
                return true;
            };
            // An answer looks further for a free line (two concurrent requests answered at one instant, beside their
            // store steps and effects): written whole three lines off beats "r2 → …" on its own line.
            const bool answer = item.kind == SequenceItem::Kind::Response;
            const std::vector<double> offsets = answer ? std::vector<double> { h, -h, 2 * h, -2 * h, 3 * h, -3 * h }
                                                       : std::vector<double> { h, -h, 2 * h };
            const auto place = [&](QRectF candidate) -> std::optional<QRectF> {
                if (free(candidate))
                    return candidate;
                for (const double dy : offsets) {
                    const QRectF moved = candidate.translated(0, dy);
                    if (moved.top() >= m_plot.top() - h && moved.bottom() <= m_plot.bottom() + h && free(moved))
                        return moved;
                }
                return std::nullopt;
            };
            // The whole text clear of the arrows; an answer also a lane further left or right. Then the whole text
            // over the lines it must cross (its background keeps it readable): written whole beats "r2 → …". Only
            // then the text cut to its slot.
            std::optional<QRectF> placed = place(box);
            if (!placed && clearOfArrows && answer) {
                for (std::size_t lane = 0; lane < m_laneX.size() && !placed; ++lane) {
                    QRectF shifted = box;
                    shifted.moveLeft(m_laneX[lane] + 6);
                    if (shifted.right() <= m_size.width() - 2)
                        placed = place(shifted);
                }
            }
            if (!placed && clearOfArrows) {
                clearOfArrows = false;
                placed = place(box);
                clearOfArrows = labelSpacing == 0;
            }
            if (!placed && whole > cap)
                placed = place(boxFor(cap));
            if (!placed && clearOfArrows) {
                clearOfArrows = false;
                placed = place(boxFor(cap));
            }
            if (!placed && !force)
                return false;
            if (placed)
                box = *placed;
        }
        const QString shown = advance <= box.width() ? text : fm.elidedText(text, Qt::ElideRight, box.width());
        p.fillRect(box.adjusted(-1, 0, 1, 0), QColor(255, 255, 255, 210));
        p.setPen(color);
        p.drawText(box, Qt::AlignLeft | Qt::AlignVCenter, shown);
        labels.push_back(box);
        m_labelTexts.push_back({ int(&item - model.items.data()), shown, box });
        return true;
    };
    // The folded waits' bands say how long was left out: no label goes over that text.
    for (const Break& b : m_breaks)
        labels.push_back(breakTextBox(b, scene.font));
    // Only what the clip shows: items are sorted by start, so the first that can reach the clip starts at most the
    // longest item's duration before its top, and the loop ends at the first that starts below it.
    const Millis tTop = timeAt(top);
    const auto firstIt = std::lower_bound(model.items.begin(), model.items.end(), tTop - m_maxExtent,
        [](const SequenceItem& i, Millis t) { return i.start < t; });
    const Millis tBottom = timeAt(bottom);
    const auto lastIt = std::upper_bound(
        firstIt, model.items.end(), tBottom, [](Millis t, const SequenceItem& i) { return t < i.start; });
    // More items than a few pixels each: a density rendering — no antialiasing or arrowheads, and arrows of one
    // kind closer than two pixels drawn once.
    const bool dense = double(lastIt - firstIt) > (bottom - top) / 3.0;
    // Waits are labelled after everything else: the messages' own labels come first.
    struct WaitLabel {
        double x;
        double y1;
        double y2;
        const SequenceItem* item;
        bool force;
    };
    std::vector<WaitLabel> waitLabels;
    struct PendingLabel {
        double x;
        double top;
        const SequenceItem* item;
        bool detail;
        QColor color;
        bool force;
        Qt::Alignment align;
    };
    std::vector<PendingLabel> pending;
    const auto later = [&](double x, double top, const SequenceItem& item, bool detail, const QColor& color, bool force,
                           Qt::Alignment align) {
        pending.push_back({ x, top, &item, detail, color, force, align });
    };
    const int tolerance = dense ? 4 : 0;
    labelSpacing = dense ? fm.height() : 0;
    if (dense)
        p.setRenderHint(QPainter::Antialiasing, false);
    for (std::size_t index = std::size_t(firstIt - model.items.begin());
         index < std::size_t(lastIt - model.items.begin()); ++index) {
        const SequenceItem& item = model.items[index];
        const double y1 = yOf(item.start);
        Millis endT = item.end;
        bool underWay = false;
        if (endT < 0) {
            underWay = true;
            endT = scene.now >= 0 ? std::max(item.start, scene.now) : item.start;
        }
        const double y2 = yOf(endT);
        if (std::max(y1, y2) < top || std::min(y1, y2) > bottom)
            continue;
        const bool selected = item.request >= 0 && item.request == scene.selectedRequest;
        const bool hovered = int(index) == scene.hoverItem;
        const bool force = selected || hovered;
        const int kind = static_cast<int>(item.kind);
        Last& prev
            = last[(static_cast<std::size_t>(item.from) * (model.lanes.size() + 1) + static_cast<std::size_t>(item.to))
                    * kKinds
                + static_cast<std::size_t>(kind)];
        const int iy1 = int(std::lround(y1));
        const int iy2 = int(std::lround(y2));
        // Another request's column, or a duplicate effect, is never "the same pixels".
        if (!force && !item.alarm && prev.column == item.column && std::abs(prev.y1 - iy1) <= tolerance
            && std::abs(prev.y2 - iy2) <= tolerance)
            continue;
        prev = { iy1, iy2, item.column };
        ++m_drawn;
        // A concurrent request's work is drawn a column beside the lane, and its store steps and effects a little
        // lower, so two requests at one instant are two arrows, not one over the other.
        const double x1 = columnX(item.from, item.column);
        const double x2 = columnX(item.to, item.column);
        const double dy = item.column * ColumnDrop;
        // The density rendering draws one-pixel lines.
        const double width = selected ? 2.6 : (hovered ? 2.2 : (dense ? 1.0 : 1.4));
        const double h = fm.height();
        switch (item.kind) {
        case SequenceItem::Kind::Request:
        case SequenceItem::Kind::Response: {
            QColor c = kRequest;
            if (item.lost)
                c = alarmColor();
            else if (item.kind == SequenceItem::Kind::Response)
                c = item.discarded ? QColor(0x90, 0x90, 0x90) : responseColor(item);
            const QPointF a(x1, y1);
            QPointF b(x2, y2);
            if (item.lost)
                b = QPointF((x1 + x2) / 2, y2);
            else if (underWay) {
                const double f
                    = std::clamp(double(endT - item.start) / double(std::max<Millis>(1, model.networkMs)), 0.0, 1.0);
                b = QPointF(x1 + (x2 - x1) * f, y2);
            }
            QPen pen(c, width);
            if (underWay || item.discarded)
                pen.setStyle(Qt::DashLine);
            p.setPen(pen);
            p.drawLine(a, b);
            if (item.lost)
                drawCross(p, b, 5, alarmColor());
            else if (!underWay)
                drawHead(p, a, b, c);
            m_hits.push_back({ QRectF(a, b).normalized().adjusted(-4, -4, 4, 4), a, b, int(index) });
            m_arrows.push_back({ a, b, QRectF(a, b).normalized().adjusted(-1, -1, 1, 1), int(index) });
            // A request is labelled above where it leaves, a response below where it lands.
            // A route's call (docs/reference/routes.md) leaves a hop lane busy with the caller's own store steps and
            // labels: it is labelled where it lands, beside the called hop.
            const bool call = model.lanes[static_cast<std::size_t>(item.from)].kind == SequenceLane::Kind::Service;
            if (item.kind == SequenceItem::Kind::Request && call)
                later(x2 - 8, y1 - h - 1, item, false, c.darker(120), force, Qt::AlignRight);
            else if (item.kind == SequenceItem::Kind::Request)
                later(x1 + 6, y1 - h - 1, item, false, c.darker(120), force, Qt::AlignLeft);
            else
                later(std::min(x1, b.x()) + 12, b.y() + 1, item, false, c.darker(120), force, Qt::AlignLeft);
            break;
        }
        case SequenceItem::Kind::StoreStep: {
            QPen pen(kStore, width);
            p.setPen(pen);
            const QPointF a(x1, y1 + dy);
            const QPointF b(x2, y1 + dy);
            p.drawLine(a, b);
            drawHead(p, a, b, kStore);
            m_arrows.push_back({ a, b, QRectF(a, b).normalized().adjusted(-1, -1, 1, 1), int(index) });
            if (!underWay) {
                QPen back(kStore, dense ? 1.0 : std::max(1.0, width - 0.4), dense ? Qt::SolidLine : Qt::DashLine);
                p.setPen(back);
                const QPointF c(x2, y2 + dy);
                const QPointF d(x1, y2 + dy);
                p.drawLine(c, d);
                drawHead(p, c, d, kStore);
                m_arrows.push_back({ c, d, QRectF(c, d).normalized().adjusted(-1, -1, 1, 1), int(index) });
            }
            m_hits.push_back(
                { QRectF(a, QPointF(x1, y2 + dy)).united(QRectF(b, b)).adjusted(-4, -4, 4, 4), a, b, int(index) });
            m_hits.push_back({ QRectF(QPointF(x1, y2 + dy), QPointF(x2, y2 + dy)).normalized().adjusted(-4, -4, 4, 4),
                QPointF(x2, y2 + dy), QPointF(x1, y2 + dy), int(index) });
            later(x1 + 6, y1 + dy - h - 1, item, false, kStore.darker(140), force, Qt::AlignLeft);
            if (!underWay && !item.detail.empty() && y2 - y1 >= h)
                later(x1 + 6, y2 + dy - h - 1, item, true, kStore.darker(160), force, Qt::AlignLeft);
            break;
        }
        case SequenceItem::Kind::Effect: {
            const bool strong = item.duplicate || item.suspectedDuplicate;
            const QColor c = strong ? alarmColor() : effectColor();
            QPen pen(c, strong ? std::max(2.0, width + 0.8) : width);
            if (item.suspectedDuplicate)
                pen.setStyle(Qt::DashLine); // suspected, not confirmed: dashed as on the timeline
            p.setPen(pen);
            // Just above the instant: a completion step starting at the same instant keeps its own line.
            const double y = y1 - 3 + dy;
            const QPointF a(x1, y);
            const QPointF b(x2 - 6, y);
            p.drawLine(a, b);
            drawHead(p, a, b, c);
            m_arrows.push_back({ a, b, QRectF(a, b).normalized().adjusted(-1, -1, 1, 1), int(index) });
            TimelinePainter::drawEffectMark(p, x2, y - 7, 14, item.duplicate, item.suspectedDuplicate);
            m_hits.push_back(
                { QRectF(a, QPointF(x2 + 6, y)).normalized().adjusted(-4, -7, 4, 7), a, QPointF(x2, y), int(index) });
            later((x1 + x2) / 2, y - h - 1, item, false, c, force, Qt::AlignLeft);
            break;
        }
        case SequenceItem::Kind::Handler: {
            const QRectF bar(x1 - 5, y1, 10, std::max(2.0, y2 - y1));
            p.setPen(QPen(kRequest, selected ? 1.8 : 1));
            p.setBrush(kHandler);
            p.drawRect(bar);
            m_hits.push_back({ bar.adjusted(-2, 0, 2, 0), QPointF(x1, y1), QPointF(x1, y2), int(index) });
            later(x1 - 9, (y1 + y2) / 2 - h / 2, item, false, kRequest, force, Qt::AlignRight);
            break;
        }
        case SequenceItem::Kind::Decision: {
            const QPointF c(x1, y1);
            if (item.crash) {
                drawCross(p, c, 8, alarmColor(), 3);
            } else {
                const QColor color = responseColor(item);
                const QPointF diamond[4]
                    = { c + QPointF(0, -5), c + QPointF(5, 0), c + QPointF(0, 5), c + QPointF(-5, 0) };
                p.setPen(QPen(color.darker(140), 1));
                p.setBrush(color);
                p.drawPolygon(diamond, 4);
            }
            m_hits.push_back({ QRectF(c - QPointF(8, 8), c + QPointF(8, 8)), c, c, int(index) });
            // A decision whose response is drawn says itself on that response.
            if (!item.answered || force)
                later(x1 - 10, y1 - h / 2, item, false, item.crash ? alarmColor() : responseColor(item).darker(130),
                    force, Qt::AlignRight);
            break;
        }
        case SequenceItem::Kind::Timeout: {
            const QPointF c(x1, y1);
            p.setPen(QPen(kTimeout.darker(130), 1.6));
            p.setBrush(Qt::white);
            p.drawEllipse(c, 6, 6);
            p.drawLine(c, c + QPointF(0, -4));
            p.drawLine(c, c + QPointF(3.5, 0));
            m_hits.push_back({ QRectF(c - QPointF(8, 8), c + QPointF(8, 8)), c, c, int(index) });
            later(x1 + 10, y1 - h / 2, item, false, kTimeout.darker(160), force, Qt::AlignLeft);
            break;
        }
        case SequenceItem::Kind::RetryWait: {
            QPen pen(kWait, dense ? 1 : (selected ? 5 : 4), dense ? Qt::SolidLine : Qt::DotLine);
            p.setPen(pen);
            const QPointF a(x1 - 9, y1);
            const QPointF b(x1 - 9, y2);
            p.drawLine(a, b);
            m_hits.push_back({ QRectF(a, b).normalized().adjusted(-5, 0, 5, 0), a, b, int(index) });
            waitLabels.push_back({ x1, y1, y2, &item, force });
            break;
        }
        case SequenceItem::Kind::Fold: {
            // A hatched band across every lane, never thinner than a row, its label always drawn: the attempts it
            // stands for are not drawn anywhere else.
            const double h = fm.height();
            const double bandTop = std::min(y1, y2 - h - 6);
            const QRectF band(m_plot.left(), bandTop, m_plot.width(), std::max(y2 - bandTop, h + 6));
            p.setPen(QPen(item.alarm ? alarmColor() : kLifeline, 1, Qt::DashLine));
            p.setBrush(QBrush(QColor(0xE4, 0xE6, 0xEB), Qt::BDiagPattern));
            p.drawRect(band);
            m_hits.push_back({ band, QPointF(band.left(), band.center().y()), QPointF(band.right(), band.center().y()),
                int(index) });
            const QString text = scene.translated ? shownLabel(item) : fromStd(item.label);
            const QRectF box(band.left() + 8, band.center().y() - h / 2, band.width() - 16, h);
            const QString shown = fm.elidedText(text, Qt::ElideRight, box.width());
            p.fillRect(QRectF(box.topLeft(), QSizeF(fm.horizontalAdvance(shown) + 2, h)), QColor(255, 255, 255, 230));
            p.setPen(item.alarm ? alarmColor() : QColor(0x30, 0x30, 0x36));
            p.drawText(box, Qt::AlignLeft | Qt::AlignVCenter, shown);
            labels.push_back(box);
            break;
        }
        }
    }
    // The items' labels, after every line: placed clear of the arrows where they can be, and never drawn under one.
    for (const PendingLabel& l : pending)
        drawLabel(l.x, l.top, *l.item, l.detail, l.color, l.force, l.align);
    for (const WaitLabel& w : waitLabels) {
        // Half-way down the span (right of the lane, else left of it), else where it starts, else where it ends.
        const double h = fm.height();
        const QColor c = kWait.darker(170);
        if (!drawLabel(w.x + 10, (w.y1 + w.y2) / 2 - h / 2, *w.item, false, c, false, Qt::AlignLeft)
            && !drawLabel(w.x - 14, (w.y1 + w.y2) / 2 - h / 2, *w.item, false, c, false, Qt::AlignRight)
            && !drawLabel(w.x + 10, w.y1 + 1, *w.item, false, c, false, Qt::AlignLeft))
            drawLabel(w.x + 10, w.y2 - 2 * h - 2, *w.item, false, c, w.force, Qt::AlignLeft);
    }
    m_labels.assign(labels.begin() + std::ptrdiff_t(m_breaks.size()), labels.end());
    if (scene.now >= 0 && !model.items.empty()) {
        const double y = yOf(scene.now);
        if (y >= top && y <= bottom) {
            p.setPen(QPen(QColor(0x1F, 0x4E, 0xA8), 1.2, Qt::DashLine));
            p.drawLine(QPointF(m_axis - 6, y), QPointF(m_size.width(), y));
        }
    }
    paintHeader(p, model, scene);
    paintLegend(p, scene);
    if (model.items.empty()) {
        p.setPen(QColor(0x60, 0x60, 0x66));
        p.setFont(scene.font);
        p.drawText(m_plot.adjusted(8, 0, -8, 0), Qt::AlignCenter | Qt::TextWordWrap,
            model.intent < 0 ? tr("Select a request, record or effect to see its intent as a sequence.")
                             : tr("Nothing has happened for this intent yet."));
    }
    p.restore();
}

int SequencePainter::itemAt(const QPointF& pos) const
{
    int best = -1;
    double bestDistance = 5.5;
    for (const Hit& hit : m_hits) {
        if (!hit.box.contains(pos))
            continue;
        const double d = distanceToSegment(pos, hit.a, hit.b);
        if (d <= bestDistance) {
            bestDistance = d;
            best = hit.item;
        }
    }
    return best;
}

} // namespace iw
