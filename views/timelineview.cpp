// The timeline view and its zoom state (see timelineview.h). Painting has two levels of detail chosen by the lane
// height: detailed lanes (bars, glyphs, status text, flight lines; markers closer than a glyph merged into one
// aggregate mark) and the density raster for thin lanes, where every pixel row sums many lanes with packed
// per-column counters so a frame costs one pass over the visible items plus one pass over the pixels. Both read only
// the visible rows and, through per-lane binary searches, only the visible time range.
#include "timelineview.h"

#include "colors.h"
#include "selection.h"
#include "simulation.h"

#include <QAction>
#include <QApplication>
#include <QContextMenuEvent>
#include <QFileDialog>
#include <QHelpEvent>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QMouseEvent>
#include <QPaintEngine>
#include <QPainter>
#include <QPainterPath>
#include <QScrollBar>
#include <QSemaphore>
#include <QStyle>
#include <QSvgGenerator>
#include <QThread>
#include <QThreadPool>
#include <QTimer>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstring>

namespace iw {

namespace {

constexpr double AxisHeight = 30;
constexpr double BucketPx = 7; // markers closer than this merge into one aggregate mark
constexpr int LiveCountLaneLimit = 20000; // above this, range counts are computed on release only

QString fromView(std::string_view s)
{
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

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

// The states keep the product's vocabulary (SPEC §3), translatable like every other label.
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

void drawEffectTick(QPainter& p, double x, double top, double h, bool duplicate)
{
    const QColor c = duplicate ? alarmColor() : effectColor();
    const double len = std::max(3.0, h * (duplicate ? 0.9 : 0.42));
    p.setPen(QPen(c, duplicate ? 2.5 : 1.5));
    p.drawLine(QPointF(x, top + 1), QPointF(x, top + len));
    const double s = duplicate ? 4 : 2.5;
    const QPointF pts[4] = { { x, top + 1 - s * 0.3 }, { x + s, top + 1 + s * 0.7 }, { x, top + 1 + s * 1.7 },
        { x - s, top + 1 + s * 0.7 } };
    p.setPen(Qt::NoPen);
    p.setBrush(c);
    p.drawPolygon(pts, 4);
}

QIcon themedIcon(const char* theme, QStyle::StandardPixmap fallback)
{
    return QIcon::fromTheme(QLatin1String(theme), QApplication::style()->standardIcon(fallback));
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

// ---------------------------------------------------------------------------------------------------------------
// TimelineZoom

TimelineZoom::TimelineZoom(QObject* parent)
    : QObject(parent)
{
    auto make = [this](const QString& text, const QString& tip, const QIcon& icon, QList<QKeySequence> keys) {
        auto* a = new QAction(icon, text, this);
        a->setToolTip(tip);
        a->setStatusTip(tip);
        a->setShortcuts(keys);
        // Single letters must not fire while the user types elsewhere: active only with the timeline focused.
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        return a;
    };
    m_zoomIn = make(tr("Zoom &In"),
        tr("Zoom in on the middle of the visible time (W). Ctrl+wheel zooms around the pointer."),
        themedIcon("zoom-in", QStyle::SP_ArrowUp), { QKeySequence(Qt::Key_W), QKeySequence::ZoomIn });
    m_zoomOut = make(tr("Zoom &Out"),
        tr("Undo the last zoom (S): returns to the previous view on the zoom stack, or zooms out when the stack is "
           "empty."),
        themedIcon("zoom-out", QStyle::SP_ArrowDown), { QKeySequence(Qt::Key_S), QKeySequence::ZoomOut });
    m_panLeft = make(tr("Pan &Left"), tr("Move a quarter of the visible time towards earlier events (A)."),
        themedIcon("go-previous", QStyle::SP_ArrowLeft), { QKeySequence(Qt::Key_A) });
    m_panRight = make(tr("Pan &Right"), tr("Move a quarter of the visible time towards later events (D)."),
        themedIcon("go-next", QStyle::SP_ArrowRight), { QKeySequence(Qt::Key_D) });
    m_fitAll = make(tr("&Fit All"), tr("Show the whole run and every lane (Home)."),
        themedIcon("zoom-fit-best", QStyle::SP_TitleBarMaxButton), { QKeySequence(Qt::Key_Home) });
    m_zoomToSelection
        = make(tr("Zoom to &Selection"), tr("Zoom to the dragged time range, or to the selected request or scope (F)."),
            themedIcon("zoom-select", QStyle::SP_FileDialogContentsView), { QKeySequence(Qt::Key_F) });
    m_followLive = make(tr("Follow &Live"), tr("Keep the simulation's current instant in view while it runs (L)."),
        themedIcon("media-playback-start", QStyle::SP_MediaPlay), { QKeySequence(Qt::Key_L) });
    m_followLive->setCheckable(true);
    m_jumpToAnomaly = make(tr("Jump to First &Anomaly"),
        tr("Select and zoom to the first duplicate effect, stuck in-progress record or payload mismatch (N); press "
           "again for the next one."),
        themedIcon("dialog-warning", QStyle::SP_MessageBoxWarning), { QKeySequence(Qt::Key_N) });
    m_collapseIdle
        = make(tr("&Collapse Idle Lanes"), tr("Hide lanes with nothing happening in the visible time range."),
            themedIcon("view-filter", QStyle::SP_TitleBarShadeButton), {});
    m_collapseIdle->setCheckable(true);
    m_exportPng = make(tr("Export Timeline as &PNG…"),
        tr("Save the current timeline view, with axis and legend, as a PNG image."),
        themedIcon("document-export", QStyle::SP_DialogSaveButton), {});
    m_exportSvg = make(tr("Export Timeline as S&VG…"),
        tr("Save the current timeline view, with axis and legend, as an SVG drawing."),
        themedIcon("document-export", QStyle::SP_DialogSaveButton), {});

    auto separator = [this] {
        auto* s = new QAction(this);
        s->setSeparator(true);
        return s;
    };
    m_all = { m_zoomIn, m_zoomOut, m_panLeft, m_panRight, m_fitAll, m_zoomToSelection, separator(), m_followLive,
        m_jumpToAnomaly, m_collapseIdle, separator(), m_exportPng, m_exportSvg };

    connect(m_zoomIn, &QAction::triggered, this, &TimelineZoom::zoomIn);
    connect(m_zoomOut, &QAction::triggered, this, &TimelineZoom::zoomOut);
    connect(m_panLeft, &QAction::triggered, this, &TimelineZoom::panLeft);
    connect(m_panRight, &QAction::triggered, this, &TimelineZoom::panRight);
    connect(m_fitAll, &QAction::triggered, this, &TimelineZoom::fitAll);
    connect(m_zoomToSelection, &QAction::triggered, this, &TimelineZoom::zoomToSelectionRequested);
    connect(m_jumpToAnomaly, &QAction::triggered, this, &TimelineZoom::jumpToAnomalyRequested);
    connect(m_exportPng, &QAction::triggered, this, &TimelineZoom::exportPngRequested);
    connect(m_exportSvg, &QAction::triggered, this, &TimelineZoom::exportSvgRequested);
    connect(m_followLive, &QAction::toggled, this, &TimelineZoom::followLiveChanged);
    connect(m_collapseIdle, &QAction::toggled, this, &TimelineZoom::collapseIdleChanged);
}

QList<QAction*> TimelineZoom::actions() const
{
    return m_all;
}

void TimelineZoom::pushState()
{
    const ViewState s { m_mapping.visibleStart(), m_mapping.visibleEnd(), m_mapping.rowHeight(), m_mapping.scrollY() };
    if (!m_stack.empty()) {
        const ViewState& top = m_stack.back();
        if (top.start == s.start && top.end == s.end && top.rowHeight == s.rowHeight && top.scrollY == s.scrollY)
            return; // nothing changed since the last push
    }
    m_stack.push_back(s);
    if (m_stack.size() > 200)
        m_stack.erase(m_stack.begin());
}

void TimelineZoom::clearStack()
{
    m_stack.clear();
}

bool TimelineZoom::followLive() const
{
    return m_followLive->isChecked();
}

void TimelineZoom::setFollowLive(bool on)
{
    m_followLive->setChecked(on);
}

bool TimelineZoom::collapseIdle() const
{
    return m_collapseIdle->isChecked();
}

void TimelineZoom::zoomIn()
{
    pushState();
    m_mapping.zoomAboutTime((m_mapping.visibleStart() + m_mapping.visibleEnd()) / 2, 2.0);
    Q_EMIT userNavigated(false);
    Q_EMIT changed();
}

void TimelineZoom::zoomOut()
{
    if (!m_stack.empty()) {
        const ViewState s = m_stack.back();
        m_stack.pop_back();
        m_mapping.setVisibleRange(s.start, s.end);
        m_mapping.setRowHeight(s.rowHeight);
        m_mapping.setScrollY(s.scrollY);
    } else {
        m_mapping.zoomAboutTime((m_mapping.visibleStart() + m_mapping.visibleEnd()) / 2, 0.5);
    }
    Q_EMIT userNavigated(false);
    Q_EMIT changed();
}

void TimelineZoom::panLeft()
{
    m_mapping.panByTime(-m_mapping.span() / 4);
    setFollowLive(false); // the user looks back: following would yank the view away again
    Q_EMIT userNavigated(false);
    Q_EMIT changed();
}

void TimelineZoom::panRight()
{
    m_mapping.panByTime(m_mapping.span() / 4);
    Q_EMIT userNavigated(false);
    Q_EMIT changed();
}

void TimelineZoom::fitAll()
{
    pushState();
    m_mapping.fitTime();
    m_mapping.fitRows(NaturalRowHeight, RoomyRowHeight);
    Q_EMIT userNavigated(true);
    Q_EMIT changed();
}

void TimelineZoom::zoomToRange(double t0, double t1)
{
    if (t1 < t0)
        std::swap(t0, t1);
    pushState();
    m_mapping.setVisibleRange(t0, t1);
    Q_EMIT userNavigated(false);
    Q_EMIT changed();
}

// ---------------------------------------------------------------------------------------------------------------
// TimelineView: set-up and data

TimelineView::TimelineView(Selection* selection, QWidget* parent)
    : QWidget(parent)
    , m_selection(selection)
{
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setAccessibleName(tr("Timeline"));

    m_zoom = new TimelineZoom(this);
    addActions(m_zoom->actions());

    m_filterEdit = new QLineEdit(this);
    m_filterEdit->setPlaceholderText(tr("Filter lanes…"));
    m_filterEdit->setToolTip(tr("Show only lanes whose actor, operation or key contains this text."));
    m_filterEdit->setClearButtonEnabled(true);
    connect(m_filterEdit, &QLineEdit::textChanged, this, &TimelineView::setLaneFilter);

    m_scrollBar = new QScrollBar(Qt::Vertical, this);
    connect(m_scrollBar, &QScrollBar::valueChanged, this, [this](int value) {
        if (std::lround(m_zoom->mapping().scrollY()) == value)
            return;
        m_zoom->mapping().setScrollY(value);
        m_autoFitRows = false;
        update();
    });

    // Idle lanes depend on the visible time: recompute once the user stops zooming rather than on every step.
    m_idleTimer = new QTimer(this);
    m_idleTimer->setSingleShot(true);
    m_idleTimer->setInterval(120);
    connect(m_idleTimer, &QTimer::timeout, this, [this] {
        rebuildRows();
        update();
    });

    connect(m_zoom, &TimelineZoom::changed, this, [this] {
        syncScrollBar();
        if (m_zoom->collapseIdle())
            m_idleTimer->start();
        update();
    });
    connect(m_zoom, &TimelineZoom::userNavigated, this, [this](bool fitted) {
        m_autoFitTime = fitted;
        m_autoFitRows = fitted;
        m_wheelZooming = false;
    });
    connect(m_zoom, &TimelineZoom::zoomToSelectionRequested, this, &TimelineView::zoomToSelection);
    connect(m_zoom, &TimelineZoom::jumpToAnomalyRequested, this, &TimelineView::jumpToFirstAnomaly);
    connect(m_zoom, &TimelineZoom::exportPngRequested, this, &TimelineView::exportPngInteractive);
    connect(m_zoom, &TimelineZoom::exportSvgRequested, this, &TimelineView::exportSvgInteractive);
    connect(m_zoom, &TimelineZoom::followLiveChanged, this, [this](bool on) {
        if (on) {
            followNow();
            syncScrollBar();
            update();
        }
    });
    connect(m_zoom, &TimelineZoom::collapseIdleChanged, this, [this] {
        rebuildRows();
        update();
    });
    if (m_selection)
        connect(m_selection, &Selection::changed, this, &TimelineView::onSelectionChanged);

    applyGeometry();
    refresh();
}

TimelineView::~TimelineView() = default;

void TimelineView::setSimulation(const Simulation* simulation)
{
    m_sim = simulation;
    m_model.clear();
    m_rows.clear();
    m_rowOfLane.clear();
    m_rowsForLaneCount = -1;
    m_anomalyCursor = 0;
    m_hoverLane = m_hoverRequest = -1;
    m_relatedLanes.clear();
    m_range.reset();
    m_autoFitTime = m_autoFitRows = true;
    m_zoom->clearStack();
    refresh();
    onSelectionChanged();
}

void TimelineView::setNow(Millis now)
{
    if (m_nowOverride == now)
        return;
    m_nowOverride = now;
    // The clock runs on after the last event (TTLs counting down): move the cursor, and follow it if asked.
    updateExtents();
    autoFit();
    followNow();
    update();
}

Millis TimelineView::nowValue() const
{
    if (m_nowOverride)
        return *m_nowOverride;
    return m_sim ? m_sim->now() : (m_model.isEmpty() ? 0 : m_model.lastActivity());
}

void TimelineView::refresh()
{
    // A hidden widget gets no resize events: take the geometry from the current size.
    if (layoutFor(size(), false).plot != m_zoom->mapping().plotRect())
        applyGeometry();
    if (m_sim)
        m_model.syncFrom(*m_sim);
    m_model.ensureSorted();
    if (m_model.laneCount() < m_rowsForLaneCount)
        m_rowsForLaneCount = -1; // the model started over
    if (m_model.anomalies().size() < m_anomalyCursor)
        m_anomalyCursor = 0;
    if (m_model.laneCount() != m_rowsForLaneCount)
        rebuildRows();
    updateExtents();
    autoFit();
    followNow();
    syncScrollBar();
    update();
}

QString TimelineView::laneLabel(int laneIndex) const
{
    const TimelineLane& lane = m_model.lane(laneIndex);
    const QString key = lane.hasKey ? lane.key : tr("(no key)");
    return m_model.name(lane.actor) + QStringLiteral(" / ") + m_model.name(lane.operation) + QStringLiteral(" / ")
        + key;
}

void TimelineView::setLaneFilter(const QString& text)
{
    if (text == m_filter)
        return;
    m_filter = text;
    if (m_filterEdit->text() != text)
        m_filterEdit->setText(text);
    rebuildRows();
    update();
}

void TimelineView::rebuildRows()
{
    const int lanes = m_model.laneCount();
    const QString filter = m_filter.trimmed();
    const bool collapse = m_zoom->collapseIdle();
    const TimelineMapping& m = m_zoom->mapping();
    const double t0 = m.visibleStart();
    const double t1 = m.visibleEnd();
    // Growing under the same filter without collapse (the live case) only checks and appends the new lanes.
    const bool append = !collapse && !m_rowsCollapsed && filter == m_rowsFilter && m_rowsForLaneCount >= 0
        && lanes >= m_rowsForLaneCount;
    if (!append) {
        m_rows.clear();
        m_rowOfLane.assign(static_cast<std::size_t>(lanes), -1);
    } else {
        m_rowOfLane.resize(static_cast<std::size_t>(lanes), -1);
    }
    const bool slashFilter = filter.contains(QLatin1Char('/'));
    for (int lane = append ? m_rowsForLaneCount : 0; lane < lanes; ++lane) {
        if (!filter.isEmpty()) {
            const TimelineLane& l = m_model.lane(lane);
            const bool match = l.key.contains(filter, Qt::CaseInsensitive)
                || m_model.name(l.actor).contains(filter, Qt::CaseInsensitive)
                || m_model.name(l.operation).contains(filter, Qt::CaseInsensitive)
                || (slashFilter && laneLabel(lane).contains(filter, Qt::CaseInsensitive));
            if (!match)
                continue;
        }
        if (collapse && lane != m_selLane && !m_model.laneActiveIn(lane, t0, t1))
            continue;
        m_rowOfLane[static_cast<std::size_t>(lane)] = static_cast<int>(m_rows.size());
        m_rows.push_back(lane);
    }
    m_rowsForLaneCount = lanes;
    m_rowsFilter = filter;
    m_rowsCollapsed = collapse;
    m_zoom->mapping().setRowCount(static_cast<int>(m_rows.size()));
    if (m_autoFitRows)
        m_zoom->mapping().fitRows(TimelineZoom::NaturalRowHeight, TimelineZoom::RoomyRowHeight);
    syncScrollBar();
}

void TimelineView::updateExtents()
{
    TimelineMapping& m = m_zoom->mapping();
    const double now = static_cast<double>(nowValue());
    if (m_model.isEmpty()) {
        m.setDataRange(0, std::max(1000.0, now));
        m.setFitRange(0, std::max(1000.0, now));
        return;
    }
    // The clock bounds panning but not fitting: time passing after the last event must not shrink the story.
    const double first = static_cast<double>(m_model.firstTime());
    const double lastActivity = static_cast<double>(m_model.lastActivity());
    const double lastAny = std::max(static_cast<double>(m_model.lastTime()), now);
    const double activitySpan = std::max(1.0, lastActivity - first);
    // A TTL that ends a day after a one-second story would shrink the story to a speck: fit it only when it is
    // in proportion; panning still reaches it.
    const double lastData = static_cast<double>(m_model.lastTime());
    const double fitEnd = (lastData - first <= 10 * activitySpan) ? lastData : lastActivity;
    // More room after the data than before it: the last marker's label is written to its right.
    const double margin = std::max(1.0, 0.03 * (fitEnd - first));
    const double after = std::max(1.0, 0.12 * (fitEnd - first));
    m.setDataRange(first - margin, lastAny + after);
    m.setFitRange(first - margin, fitEnd + after);
}

void TimelineView::autoFit()
{
    TimelineMapping& m = m_zoom->mapping();
    if (m_autoFitTime)
        m.fitTime();
    if (m_autoFitRows)
        m.fitRows(TimelineZoom::NaturalRowHeight, TimelineZoom::RoomyRowHeight);
}

void TimelineView::followNow()
{
    if (!m_zoom->followLive())
        return;
    TimelineMapping& m = m_zoom->mapping();
    const double now = static_cast<double>(nowValue());
    const double span = m.span();
    if (now > m.visibleEnd() - span * 0.05 || now < m.visibleStart()) {
        const double start = now - span * 0.85;
        m.setVisibleRange(start, start + span);
    }
}

void TimelineView::applyGeometry()
{
    const Layout l = layoutFor(size(), false);
    m_zoom->mapping().setPlotRect(l.plot);
    if (m_autoFitRows)
        m_zoom->mapping().fitRows(TimelineZoom::NaturalRowHeight, TimelineZoom::RoomyRowHeight);
    m_filterEdit->setGeometry(QRect(4, 3, std::max(40, int(l.gutter.width()) - 8), int(AxisHeight) - 6));
    m_scrollBar->setGeometry(l.scrollBar);
    syncScrollBar();
}

void TimelineView::syncScrollBar()
{
    const TimelineMapping& m = m_zoom->mapping();
    const QSignalBlocker block(m_scrollBar);
    const double max = std::min(m.maxScrollY(), 2.0e9);
    m_scrollBar->setRange(0, int(std::ceil(max)));
    m_scrollBar->setPageStep(std::max(1, int(m.plotRect().height())));
    m_scrollBar->setSingleStep(std::max(1, int(std::ceil(m.rowHeight()))));
    m_scrollBar->setValue(int(std::lround(m.scrollY())));
    m_scrollBar->setVisible(max > 0);
}

TimelineView::Layout TimelineView::layoutFor(const QSize& size, bool forExport) const
{
    Layout l;
    const double w = size.width();
    const double h = size.height();
    const double legend = legendHeight(size.width());
    const double gutter = std::clamp(w * 0.2, 120.0, 260.0);
    const int sb = forExport ? 0 : style()->pixelMetric(QStyle::PM_ScrollBarExtent);
    const double plotW = std::max(10.0, w - gutter - sb);
    const double plotH = std::max(10.0, h - AxisHeight - legend);
    l.plot = QRectF(gutter, AxisHeight, plotW, plotH);
    l.gutter = QRectF(0, AxisHeight, gutter, plotH);
    l.axis = QRectF(gutter, 0, plotW, AxisHeight);
    l.legend = QRectF(0, AxisHeight + plotH, w, legend);
    l.scrollBar = QRect(int(w) - sb, int(AxisHeight), sb, int(plotH));
    return l;
}

// ---------------------------------------------------------------------------------------------------------------
// Painting

namespace {

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

QList<LegendItem> legendItems()
{
    auto tr = [](const char* s) { return QCoreApplication::translate("iw::TimelineView", s); };
    QList<LegendItem> items;
    for (BarState s :
        { BarState::InProgress, BarState::Completed, BarState::Expired, BarState::Stuck, BarState::Tombstone })
        items.append({ LegendItem::Bar, barStateLabel(s), s, Glyph::Ran, barColor(s) });
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

} // namespace

int TimelineView::legendHeight(int width) const
{
    const QFontMetricsF fm(smallFont(font()));
    double x = 8;
    int rows = 1;
    for (const LegendItem& item : legendItems()) {
        const double w = LegendSwatch + 4 + fm.horizontalAdvance(item.text) + LegendGap;
        if (x + w > width - 8 && x > 8) {
            ++rows;
            x = 8;
        }
        x += w;
    }
    return int(rows * LegendRow + 8);
}

void TimelineView::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    paintTimeline(p, size(), false);
}

void TimelineView::paintTimeline(QPainter& p, const QSize& size, bool forExport)
{
    m_model.ensureSorted();
    const Layout l = layoutFor(size, forExport);
    TimelineMapping m = m_zoom->mapping();
    m.setRowCount(static_cast<int>(m_rows.size()));
    m.setPlotRect(l.plot);

    p.fillRect(QRect(QPoint(0, 0), size), Qt::white);
    p.setFont(font());

    // Lane stripes, then the grid, then the content over both.
    const bool detailed = m.rowHeight() >= TimelineZoom::DetailRowHeight;
    if (!m_rows.empty() && detailed) {
        for (int row = m.firstVisibleRow(); row <= m.lastVisibleRow(); ++row) {
            const QRectF r(l.plot.left(), m.rowTop(row), l.plot.width(), m.rowHeight());
            if (m_rows[static_cast<std::size_t>(row)] == m_selLane)
                p.fillRect(r.intersected(l.plot), QColor(0xFF, 0xF1, 0xC1));
            else if (row % 2)
                p.fillRect(r.intersected(l.plot), QColor(0xF5, 0xF6, 0xF8));
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
    if (detailed || m_rows.empty())
        grid();
    if (!m_rows.empty()) {
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
    paintLegend(p, l);
}

void TimelineView::paintLanesDetailed(QPainter& p, const TimelineMapping& m, bool forExport)
{
    const QRectF plot = m.plotRect();
    const double t0 = m.visibleStart();
    const double t1 = m.visibleEnd();
    const double h = m.rowHeight();
    // An open bar lasts until the clock or the end of what is known, whichever is later (Jepsen draws an open
    // outcome to "now").
    const double openEnd = std::max(double(nowValue()), double(m_model.lastTime()));
    const double nowT = double(nowValue());
    const double r = std::clamp(h * 0.2, 2.5, 6.0);
    const double slack = (r + BucketPx) * m.msPerPixel(); // glyphs just outside still show their half
    const bool showText = h >= 14;
    // QSvgRenderer cannot resolve the fill patterns QSvgGenerator writes: hatch on raster devices only.
    const bool hatch = p.paintEngine()->type() != QPaintEngine::SVG;
    const QFont labelFont = smallFont(font(), 0.8);
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
        const int laneIndex = m_rows[static_cast<std::size_t>(row)];
        const TimelineLane& lane = m_model.lane(laneIndex);
        const double top = m.rowTop(row);
        const double cy = top + h / 2;
        const double bandH = std::clamp(h * 0.52, 3.0, 14.0);
        const double bandTop = cy - bandH / 2;

        // Bars. Bars narrower than a pixel in the same column are drawn once.
        p.setRenderHint(QPainter::Antialiasing, false);
        const auto [b0, b1] = m_model.barRange(laneIndex, t0, t1);
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

        // Effects: ticks in the lane's upper half, one per pixel column (a duplicate wins its column).
        const auto [e0, e1] = m_model.effectRange(laneIndex, t0 - slack, t1 + slack);
        int effectColumn = INT_MIN;
        bool effectColumnDuplicate = false;
        for (std::size_t i = e0; i < e1; ++i) {
            const TimelineEffect& e = lane.effects[i];
            const double x = m.mapTimeToX(static_cast<double>(e.t));
            const int column = int(std::floor(x));
            if (column == effectColumn && (effectColumnDuplicate || !e.duplicate))
                continue;
            effectColumn = column;
            effectColumnDuplicate = e.duplicate;
            drawEffectTick(p, x, top, h, e.duplicate);
        }

        // Markers, merged into buckets when closer than a glyph.
        const auto [m0, m1] = m_model.markerRange(laneIndex, t0 - slack, t1 + slack);
        buckets.clear();
        for (std::size_t i = m0; i < m1; ++i) {
            const TimelineMarker& mk = lane.markers[i];
            const double x = m.mapTimeToX(static_cast<double>(mk.t));
            const int sev = severity(mk.decisionValue());
            const bool selected = mk.request >= 0 && mk.request == m_selRequest;
            const bool hovered = !forExport && mk.request >= 0 && mk.request == m_hoverRequest;
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
                    const QColor c = tint(markerColor(mk.decisionValue()), 0.7);
                    p.setPen(QPen(c, 1.3));
                    p.drawLine(QPointF(std::max(sx, plot.left() - 2), cy), QPointF(x, cy));
                    p.drawLine(QPointF(sx, cy - 3), QPointF(sx, cy + 3));
                }
            }
        }

        for (std::size_t bi = 0; bi < buckets.size(); ++bi) {
            const Bucket& b = buckets[bi];
            const TimelineMarker& mk = lane.markers[static_cast<std::size_t>(b.worst)];
            const QColor color = markerColor(mk.decisionValue());
            if (b.count == 1) {
                drawGlyph(p, glyphFor(mk.decisionValue()), QPointF(b.x0, cy), r, color);
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
                const QString n = QString::number(b.count);
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
        const double now = static_cast<double>(nowValue());
        if (m_model.pending().size() <= 20000) {
            p.setPen(QPen(QColor(0x70, 0x70, 0x70), 1.2, Qt::DashLine));
            p.setBrush(Qt::white);
            for (const auto& [request, pending] : m_model.pending()) {
                (void)request;
                if (pending.lane < 0 || pending.lane >= static_cast<int>(m_rowOfLane.size()))
                    continue;
                const int row = m_rowOfLane[static_cast<std::size_t>(pending.lane)];
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

void TimelineView::paintLanesDense(QPainter& p, const TimelineMapping& m)
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
    const double openEnd = std::max(double(nowValue()), double(m_model.lastTime()));
    const double h = m.rowHeight();
    const double scroll = m.scrollY();
    const int rows = static_cast<int>(m_rows.size());
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
            if (row + 8 < rowEnd) {
                // Each lane's arrays are separate heap blocks: fetch ahead so the cache misses overlap.
                const TimelineLane& ahead = m_model.lane(m_rows[static_cast<std::size_t>(row + 8)]);
                __builtin_prefetch(ahead.bars.data());
                __builtin_prefetch(ahead.markers.data());
                __builtin_prefetch(ahead.effects.data());
            }
            const int laneIndex = m_rows[static_cast<std::size_t>(row)];
            selected = selected || laneIndex == m_selLane;
            const TimelineLane& lane = m_model.lane(laneIndex);
            const auto [b0, b1] = m_model.barRange(laneIndex, t0, t1);
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
            const auto [m0, m1] = m_model.markerRange(laneIndex, t0, t1);
            for (std::size_t i = m0; i < m1; ++i) {
                const TimelineMarker& mk = lane.markers[i];
                const int x = std::min(int((static_cast<double>(mk.t) - t0) * pxPerMs), W - 1);
                const std::uint8_t lv = severityOf[mk.decision];
                if (lv > level[x]) {
                    level[x] = lv;
                    decisionAt[x] = mk.decision;
                }
            }
            const auto [e0, e1] = m_model.effectRange(laneIndex, t0, t1);
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
            m_pool = new QThreadPool(this);
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

void TimelineView::paintOverlays(QPainter& p, const TimelineMapping& m, bool forExport)
{
    const QRectF plot = m.plotRect();
    p.save();
    p.setClipRect(plot);
    p.setRenderHint(QPainter::Antialiasing, false);

    if (m_rows.empty()) {
        p.setPen(QColor(0x70, 0x70, 0x70));
        const QString text = m_model.laneCount() == 0
            ? tr("Nothing has happened yet: fire a request or play the scenario.")
            : tr("No lane matches the filter.");
        p.drawText(plot, Qt::AlignCenter | Qt::TextWordWrap, text);
    }

    // Hovering dims the lanes unrelated to what is under the pointer (lanes of the same intent stay lit).
    if (!forExport && m_hoverLane >= 0 && m.rowHeight() >= TimelineZoom::DetailRowHeight) {
        for (int row = m.firstVisibleRow(); row <= m.lastVisibleRow() && !m_rows.empty(); ++row) {
            const int lane = m_rows[static_cast<std::size_t>(row)];
            if (lane == m_hoverLane || std::binary_search(m_relatedLanes.begin(), m_relatedLanes.end(), lane))
                continue;
            p.fillRect(QRectF(plot.left(), m.rowTop(row), plot.width(), m.rowHeight()), QColor(255, 255, 255, 150));
        }
    }

    // The selection, when lanes are too thin to show it themselves: a bracket on the lane and a crosshair.
    if (m_selLane >= 0 && m.rowHeight() < TimelineZoom::DetailRowHeight) {
        const int row
            = m_selLane < static_cast<int>(m_rowOfLane.size()) ? m_rowOfLane[static_cast<std::size_t>(m_selLane)] : -1;
        if (row >= 0) {
            const double cy = m.rowTop(row) + m.rowHeight() / 2;
            p.setPen(QPen(QColor(0, 0, 0, 160), 1, Qt::DashLine));
            p.drawLine(QPointF(plot.left(), cy), QPointF(plot.right(), cy));
            if (const int mi = m_model.markerOfRequest(m_selLane, m_selRequest); mi >= 0) {
                const double x = m.mapTimeToX(static_cast<double>(m_model.lane(m_selLane).markers[std::size_t(mi)].t));
                p.setRenderHint(QPainter::Antialiasing, true);
                p.setPen(QPen(Qt::black, 2));
                p.setBrush(Qt::NoBrush);
                p.drawEllipse(QPointF(x, cy), 6, 6);
                p.setRenderHint(QPainter::Antialiasing, false);
            }
        }
    }

    // The "now" cursor.
    if (m_sim || m_nowOverride) {
        const double x = m.mapTimeToX(static_cast<double>(nowValue()));
        if (x >= plot.left() && x <= plot.right()) {
            p.setPen(QPen(QColor(0x1F, 0x4E, 0xA8), 1.5));
            p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
        }
    }

    // The dragged range with ΔT and counts.
    if (m_range) {
        const double x0 = m.mapTimeToX(m_range->first);
        const double x1 = m.mapTimeToX(m_range->second);
        const QRectF band(QPointF(std::min(x0, x1), plot.top()), QPointF(std::max(x0, x1), plot.bottom()));
        p.fillRect(band, QColor(0x1F, 0x4E, 0xA8, 40));
        p.setPen(QPen(QColor(0x1F, 0x4E, 0xA8), 1));
        p.drawLine(QPointF(band.left(), plot.top()), QPointF(band.left(), plot.bottom()));
        p.drawLine(QPointF(band.right(), plot.top()), QPointF(band.right(), plot.bottom()));
        QString text = tr("ΔT %1").arg(TimelineMapping::formatDuration(m_range->second - m_range->first));
        if (m_rangeCounts.exact || m_drag != Drag::Range) {
            text += tr(" · %n request(s)", nullptr, int(std::min<qint64>(m_rangeCounts.requests, INT_MAX)));
            text += tr(" · %n effect(s)", nullptr, int(std::min<qint64>(m_rangeCounts.effects, INT_MAX)));
            if (m_rangeCounts.duplicates > 0)
                text += tr(" · %n duplicate(s)", nullptr, int(std::min<qint64>(m_rangeCounts.duplicates, INT_MAX)));
            text += tr(" · %n lane(s)", nullptr, int(std::min<qint64>(m_rangeCounts.lanes, INT_MAX)));
        }
        if (m_drag != Drag::Range && !forExport)
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

void TimelineView::paintAxis(QPainter& p, const TimelineMapping& m, const Layout& l)
{
    p.save();
    p.fillRect(QRectF(0, 0, l.axis.right() + 40, AxisHeight), QColor(0xFA, 0xFA, 0xFB));
    p.setPen(QColor(0xC8, 0xC8, 0xCC));
    p.drawLine(QPointF(0, AxisHeight - 0.5), QPointF(l.axis.right() + 40, AxisHeight - 0.5));
    p.setClipRect(l.axis);
    p.setFont(smallFont(font(), 0.9));
    const QFontMetricsF fm(p.font());
    for (const TimeTick& tick : m.ticks()) {
        const double x = std::round(m.mapTimeToX(tick.t)) + 0.5;
        p.setPen(QColor(0x60, 0x60, 0x66));
        p.drawLine(QPointF(x, AxisHeight - 7), QPointF(x, AxisHeight - 1));
        if (x + 3 + fm.horizontalAdvance(tick.label) > l.axis.right())
            continue; // a clipped label reads as a different time
        p.setPen(QColor(0x30, 0x30, 0x36));
        p.drawText(QPointF(x + 3, AxisHeight - 10), tick.label);
    }
    if (m_sim || m_nowOverride) {
        const double x = m.mapTimeToX(static_cast<double>(nowValue()));
        if (x >= l.axis.left() && x <= l.axis.right()) {
            const QString label = tr("now");
            const QRectF box(x - fm.horizontalAdvance(label) / 2 - 3, 1, fm.horizontalAdvance(label) + 6, fm.height());
            p.fillRect(box, QColor(0x1F, 0x4E, 0xA8));
            p.setPen(Qt::white);
            p.drawText(box, Qt::AlignCenter, label);
        }
    }
    p.restore();
}

void TimelineView::paintGutter(QPainter& p, const TimelineMapping& m, const Layout& l, bool forExport)
{
    p.save();
    p.fillRect(l.gutter, QColor(0xF3, 0xF4, 0xF6));
    p.setPen(QColor(0xC8, 0xC8, 0xCC));
    p.drawLine(QPointF(l.gutter.right() - 0.5, 0), QPointF(l.gutter.right() - 0.5, l.gutter.bottom()));
    if (forExport) {
        // The filter box is a widget and is not exported: say what the picture shows instead.
        p.setPen(QColor(0x30, 0x30, 0x36));
        const QString title = m_filter.isEmpty() ? tr("%n lane(s)", nullptr, int(m_rows.size()))
                                                 : tr("lanes matching “%1”").arg(m_filter);
        p.drawText(QRectF(6, 0, l.gutter.width() - 10, AxisHeight), Qt::AlignVCenter | Qt::AlignLeft, title);
    }
    p.setClipRect(l.gutter);
    const double h = m.rowHeight();
    const double w = l.gutter.width() - 10;
    const QFont base = font();
    QFont bold = smallFont(base, 0.92);
    bold.setBold(true);
    const QFont light = smallFont(base, 0.8);
    const QFontMetricsF fmBold(bold);
    const QFontMetricsF fmLight(light);
    if (!m_rows.empty() && h >= TimelineZoom::DetailRowHeight) {
        // Lanes thinner than a line of text are labelled every few rows (the selected one always).
        const int every = h >= fmLight.height() ? 1 : int(std::ceil(fmLight.height() * 1.15 / h));
        for (int row = m.firstVisibleRow(); row <= m.lastVisibleRow(); ++row) {
            const int laneIndex = m_rows[static_cast<std::size_t>(row)];
            if (row % every != 0 && laneIndex != m_selLane)
                continue;
            const TimelineLane& lane = m_model.lane(laneIndex);
            const QRectF r(0, m.rowTop(row), l.gutter.width() - 1, h);
            if (laneIndex == m_selLane)
                p.fillRect(r, QColor(0xFF, 0xE6, 0x9C));
            else if (row % 2)
                p.fillRect(r, QColor(0xEB, 0xEC, 0xEF));
            const QString key = lane.hasKey ? lane.key : tr("(no key)");
            const QString rest = m_model.name(lane.actor) + QStringLiteral(" / ") + m_model.name(lane.operation);
            const bool dim = !forExport && m_hoverLane >= 0 && laneIndex != m_hoverLane
                && !std::binary_search(m_relatedLanes.begin(), m_relatedLanes.end(), laneIndex);
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
    } else if (!m_rows.empty()) {
        // Density view: a label every few lines, and how many lanes share a pixel row.
        p.setFont(light);
        const double step = fmLight.height() * 1.6;
        for (double y = l.gutter.top() + fmLight.height() * 2.2; y < l.gutter.bottom() - 2; y += step) {
            const int row = m.rowAtY(y);
            if (row < 0)
                continue;
            const int laneIndex = m_rows[static_cast<std::size_t>(row)];
            const TimelineLane& lane = m_model.lane(laneIndex);
            p.setPen(QColor(0x90, 0x90, 0x96));
            p.drawLine(QPointF(l.gutter.right() - 5, y), QPointF(l.gutter.right() - 1, y));
            p.setPen(QColor(0x50, 0x50, 0x58));
            p.drawText(QRectF(6, y - fmLight.height() / 2, w - 6, fmLight.height()), Qt::AlignLeft | Qt::AlignVCenter,
                fmLight.elidedText(
                    (lane.hasKey ? lane.key : tr("(no key)")) + QStringLiteral(" · ") + m_model.name(lane.actor),
                    Qt::ElideRight, w - 6));
        }
        const double perPixel = 1.0 / std::max(h, 1e-9);
        const QString caption = perPixel >= 1.5
            ? tr("%1 lanes · %2 per pixel row")
                  .arg(QLocale().toString(qlonglong(m_rows.size())), QLocale().toString(perPixel, 'f', 0))
            : tr("%1 lanes").arg(QLocale().toString(qlonglong(m_rows.size())));
        const QRectF capRect(0, l.gutter.top(), l.gutter.width() - 1, fmLight.height() + 6);
        p.fillRect(capRect, QColor(0xE4, 0xE6, 0xEA));
        p.setPen(QColor(0x30, 0x30, 0x36));
        p.drawText(capRect.adjusted(6, 0, -4, 0), Qt::AlignLeft | Qt::AlignVCenter,
            fmLight.elidedText(caption, Qt::ElideRight, capRect.width() - 10));
    }
    p.restore();
}

void TimelineView::paintLegend(QPainter& p, const Layout& l)
{
    p.save();
    p.fillRect(l.legend, QColor(0xFA, 0xFA, 0xFB));
    p.setPen(QColor(0xC8, 0xC8, 0xCC));
    p.drawLine(QPointF(0, l.legend.top() + 0.5), QPointF(l.legend.right(), l.legend.top() + 0.5));
    p.setFont(smallFont(font()));
    p.setRenderHint(QPainter::Antialiasing, true);
    const QFontMetricsF fm(p.font());
    double x = 8;
    double y = l.legend.top() + 4;
    for (const LegendItem& item : legendItems()) {
        const double w = LegendSwatch + 4 + fm.horizontalAdvance(item.text) + LegendGap;
        if (x + w > l.legend.width() - 8 && x > 8) {
            x = 8;
            y += LegendRow;
        }
        const QRectF sw(x, y + 3, LegendSwatch, LegendRow - 6);
        const QPointF c = sw.center();
        switch (item.kind) {
        case LegendItem::Bar:
            p.fillRect(sw.adjusted(0, 2, 0, -2), barFill(item.state));
            if ((item.state == BarState::Stuck || item.state == BarState::Tombstone)
                && p.paintEngine()->type() != QPaintEngine::SVG)
                p.fillRect(sw.adjusted(0, 2, 0, -2), QBrush(barColor(item.state).darker(110), Qt::BDiagPattern));
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
            drawProjectedBar(p, sw.adjusted(0, 2, 0, -2), item.state, p.paintEngine()->type() != QPaintEngine::SVG);
            break;
        }
        p.setPen(QColor(0x30, 0x30, 0x36));
        p.drawText(QRectF(x + LegendSwatch + 4, y, w, LegendRow), Qt::AlignLeft | Qt::AlignVCenter, item.text);
        x += w;
    }
    p.restore();
}

// ---------------------------------------------------------------------------------------------------------------
// Hit-testing, selection and navigation

TimelineView::Hit TimelineView::hitTest(const QPointF& pos) const
{
    Hit hit;
    const TimelineMapping& m = m_zoom->mapping();
    const QRectF plot = m.plotRect();
    if (pos.y() < plot.top() || pos.y() >= plot.bottom())
        return hit;
    hit.row = m.rowAtY(pos.y());
    if (hit.row >= 0)
        hit.lane = m_rows[static_cast<std::size_t>(hit.row)];
    if (pos.x() < plot.left()) {
        hit.inGutter = true;
        return hit;
    }
    if (pos.x() > plot.right())
        return hit;
    hit.inPlot = true;
    if (hit.lane < 0)
        return hit;
    const TimelineLane& lane = m_model.lane(hit.lane);
    const double h = m.rowHeight();
    const double tolerance = h >= TimelineZoom::DetailRowHeight ? std::clamp(h * 0.2, 2.5, 6.0) + 2 : 2;
    const auto [ta, tb] = m.timeWindowAtX(pos.x(), tolerance);
    double best = tolerance + 1;
    const auto [m0, m1] = m_model.markerRange(hit.lane, ta, tb);
    for (std::size_t i = m0; i < m1; ++i) {
        const double d = std::abs(m.mapTimeToX(static_cast<double>(lane.markers[i].t)) - pos.x());
        if (d < best) {
            best = d;
            hit.marker = int(i);
        }
    }
    if (hit.marker < 0) {
        const auto [e0, e1] = m_model.effectRange(hit.lane, ta, tb);
        for (std::size_t i = e0; i < e1; ++i) {
            const double d = std::abs(m.mapTimeToX(static_cast<double>(lane.effects[i].t)) - pos.x());
            if (d < best) {
                best = d;
                hit.effect = int(i);
            }
        }
    }
    const double t = m.mapXToTime(pos.x());
    const auto [b0, b1] = m_model.barRange(hit.lane, t, t);
    if (b1 > b0)
        hit.bar = int(b0);
    return hit;
}

void TimelineView::setHover(const Hit& hit)
{
    int request = -1;
    if (hit.lane >= 0 && hit.marker >= 0)
        request = m_model.lane(hit.lane).markers[static_cast<std::size_t>(hit.marker)].request;
    else if (hit.lane >= 0 && hit.effect >= 0)
        request = m_model.lane(hit.lane).effects[static_cast<std::size_t>(hit.effect)].request;
    // Dimming follows a request (and its intent's other lanes) or a lane label, not every pointer move.
    const int lane = (hit.inGutter || request >= 0) ? hit.lane : -1;
    if (lane == m_hoverLane && request == m_hoverRequest)
        return;
    m_hoverLane = lane;
    m_hoverRequest = request;
    m_relatedLanes.clear();
    // Lanes sharing the hovered request's intent (a client that minted a new key shows up on another lane).
    if (m_sim && request >= 0 && request < static_cast<int>(m_sim->requests().size())) {
        const int intent = m_sim->requests()[static_cast<std::size_t>(request)].intent;
        const auto& rows = m_sim->requests();
        const std::size_t limit = std::min<std::size_t>(rows.size(), 200000); // hover must stay instant
        for (std::size_t i = 0; i < limit; ++i) {
            if (rows[i].intent == intent)
                m_relatedLanes.push_back(rows[i].scope >= 0 ? rows[i].scope : rows[i].keylessScope);
        }
        std::sort(m_relatedLanes.begin(), m_relatedLanes.end());
        m_relatedLanes.erase(std::unique(m_relatedLanes.begin(), m_relatedLanes.end()), m_relatedLanes.end());
    }
    update();
}

void TimelineView::onSelectionChanged()
{
    const int request = m_selection ? m_selection->request() : -1;
    const int scope = m_selection ? m_selection->scope() : -1;
    m_selRequest = request;
    m_selLane = m_model.laneOfScope(scope);
    if (m_selLane < 0 && request >= 0 && m_sim && request < static_cast<int>(m_sim->requests().size())) {
        const RequestRow& row = m_sim->requests()[static_cast<std::size_t>(request)];
        m_selLane = row.scope >= 0 ? row.scope : row.keylessScope;
        if (m_selLane >= m_model.laneCount())
            m_selLane = -1;
    }
    std::optional<double> t;
    if (m_selLane >= 0 && request >= 0) {
        if (const int mi = m_model.markerOfRequest(m_selLane, request); mi >= 0)
            t = static_cast<double>(m_model.lane(m_selLane).markers[static_cast<std::size_t>(mi)].t);
    }
    if (m_selLane >= 0)
        revealLane(m_selLane, t);
    update();
}

void TimelineView::revealLane(int lane, std::optional<double> t)
{
    if (m_zoom->collapseIdle() || lane >= static_cast<int>(m_rowOfLane.size()) || m_rowOfLane[std::size_t(lane)] < 0)
        rebuildRows(); // collapse keeps the selected lane
    TimelineMapping& m = m_zoom->mapping();
    const int row = lane < static_cast<int>(m_rowOfLane.size()) ? m_rowOfLane[static_cast<std::size_t>(lane)] : -1;
    if (row >= 0)
        m.ensureRowVisible(row);
    if (t && (*t < m.visibleStart() || *t > m.visibleEnd())) {
        const double span = m.span();
        m.setVisibleRange(*t - span / 2, *t + span / 2);
        m_autoFitTime = false;
    }
    syncScrollBar();
}

void TimelineView::zoomToLane(int lane, std::optional<int> marker)
{
    if (lane < 0 || lane >= m_model.laneCount())
        return;
    if (lane >= static_cast<int>(m_rowOfLane.size()) || m_rowOfLane[static_cast<std::size_t>(lane)] < 0) {
        setLaneFilter(QString()); // the user asked for this lane: the filter must not hide it
        rebuildRows();
    }
    const TimelineLane& l = m_model.lane(lane);
    double t0 = 0;
    double t1 = 0;
    if (marker && *marker >= 0) {
        const TimelineMarker& mk = l.markers[static_cast<std::size_t>(*marker)];
        const double pad = std::max<double>(mk.latency, 20);
        t0 = static_cast<double>(mk.t - mk.latency) - 3 * pad;
        t1 = static_cast<double>(mk.t) + 3 * pad;
    } else {
        double first = std::numeric_limits<double>::max();
        double last = std::numeric_limits<double>::lowest();
        if (!l.bars.empty()) {
            first = std::min(first, double(l.bars.front().start));
            last = std::max(last, double(l.bars.back().start));
        }
        if (!l.markers.empty()) {
            first = std::min(first, double(l.markers.front().t - l.markers.front().latency));
            last = std::max(last, double(l.markers.back().t));
        }
        if (!l.effects.empty()) {
            first = std::min(first, double(l.effects.front().t));
            last = std::max(last, double(l.effects.back().t));
        }
        if (first > last)
            return;
        const double pad = std::max(20.0, (last - first) * 0.1);
        t0 = first - pad;
        t1 = last + pad;
    }
    m_zoom->pushState();
    TimelineMapping& m = m_zoom->mapping();
    m.setVisibleRange(t0, t1);
    if (m.rowHeight() < TimelineZoom::NaturalRowHeight * 0.75)
        m.setRowHeight(TimelineZoom::NaturalRowHeight);
    const int row = m_rowOfLane[static_cast<std::size_t>(lane)];
    if (row >= 0)
        m.setScrollY(row * m.rowHeight() + m.rowHeight() / 2 - m.plotRect().height() / 2);
    m_autoFitTime = m_autoFitRows = false;
    if (m_zoom->collapseIdle())
        m_idleTimer->start();
    syncScrollBar();
    update();
}

void TimelineView::zoomToSelection()
{
    if (m_range) {
        const auto [t0, t1] = *m_range;
        m_range.reset();
        m_zoom->zoomToRange(t0, t1);
        return;
    }
    if (m_selLane < 0)
        return;
    const int mi = m_selRequest >= 0 ? m_model.markerOfRequest(m_selLane, m_selRequest) : -1;
    zoomToLane(m_selLane, mi >= 0 ? std::optional(mi) : std::nullopt);
}

void TimelineView::jumpToFirstAnomaly()
{
    m_model.ensureSorted();
    const auto& anomalies = m_model.anomalies();
    if (anomalies.empty()) {
        QToolTip::showText(mapToGlobal(plotRect().center().toPoint()),
            tr("No anomaly: no duplicate effect, stuck in-progress record or payload mismatch."), this);
        return;
    }
    const TimelineAnomaly& a = anomalies[m_anomalyCursor % anomalies.size()];
    m_anomalyCursor = (m_anomalyCursor % anomalies.size()) + 1;
    if (a.lane < 0 || a.lane >= m_model.laneCount())
        return;
    if (m_selection)
        m_selection->select(a.request, m_model.lane(a.lane).scope);
    const int mi = a.request >= 0 ? m_model.markerOfRequest(a.lane, a.request) : -1;
    if (mi >= 0) {
        zoomToLane(a.lane, mi);
    } else {
        m_zoom->pushState();
        TimelineMapping& m = m_zoom->mapping();
        const double span = std::max(200.0, std::min(m.span(), 5000.0));
        m.setVisibleRange(double(a.t) - span / 2, double(a.t) + span / 2);
        m_autoFitTime = false;
        revealLane(a.lane, std::nullopt);
        update();
    }
}

std::optional<QPointF> TimelineView::markerCenter(int request) const
{
    if (request < 0)
        return std::nullopt;
    int lane = -1;
    int mi = -1;
    if (m_sim && request < static_cast<int>(m_sim->requests().size())) {
        const RequestRow& row = m_sim->requests()[static_cast<std::size_t>(request)];
        lane = row.scope >= 0 ? row.scope : row.keylessScope;
        mi = m_model.markerOfRequest(lane, request);
    } else {
        for (int i = 0; i < m_model.laneCount() && mi < 0; ++i) {
            mi = m_model.markerOfRequest(i, request);
            lane = i;
        }
    }
    if (lane < 0 || mi < 0 || lane >= static_cast<int>(m_rowOfLane.size()))
        return std::nullopt;
    const int row = m_rowOfLane[static_cast<std::size_t>(lane)];
    if (row < 0)
        return std::nullopt;
    const TimelineMapping& m = m_zoom->mapping();
    const QPointF c(m.mapTimeToX(static_cast<double>(m_model.lane(lane).markers[static_cast<std::size_t>(mi)].t)),
        m.rowTop(row) + m.rowHeight() / 2);
    if (!m.plotRect().contains(c))
        return std::nullopt;
    return c;
}

std::optional<std::pair<double, double>> TimelineView::timeRange() const
{
    return m_range;
}

void TimelineView::clearTimeRange()
{
    m_range.reset();
    update();
}

TimelineView::RangeCounts TimelineView::countRange(double t0, double t1, bool allowApproximate) const
{
    RangeCounts c;
    if (t1 < t0)
        std::swap(t0, t1);
    if (allowApproximate && m_rows.size() > static_cast<std::size_t>(LiveCountLaneLimit)) {
        c.exact = false;
        return c;
    }
    for (int lane : m_rows) {
        const auto [m0, m1] = m_model.markerRange(lane, t0, t1);
        const auto [e0, e1] = m_model.effectRange(lane, t0, t1);
        c.requests += qint64(m1 - m0);
        c.effects += qint64(e1 - e0);
        const auto& effects = m_model.lane(lane).effects;
        for (std::size_t i = e0; i < e1; ++i)
            c.duplicates += effects[i].duplicate ? 1 : 0;
        if (m1 > m0 || e1 > e0)
            ++c.lanes;
    }
    return c;
}

// ---------------------------------------------------------------------------------------------------------------
// Tooltips

QString TimelineView::tooltipFor(const Hit& hit, const QPointF& pos) const
{
    const TimelineMapping& m = m_zoom->mapping();
    auto t = [](double ms) { return TimelineMapping::formatTime(std::round(ms), 1); };
    auto esc = [](const QString& s) { return s.toHtmlEscaped(); };
    if (hit.lane < 0)
        return {};
    const TimelineLane& lane = m_model.lane(hit.lane);
    QString html;
    if (hit.inGutter || m.rowHeight() < TimelineZoom::DetailRowHeight) {
        html = QStringLiteral("<b>%1</b><br>").arg(esc(laneLabel(hit.lane)));
        html += tr("%n request(s)", nullptr, int(lane.markers.size())) + QStringLiteral(" · ")
            + tr("%n effect(s)", nullptr, int(lane.effects.size())) + QStringLiteral(" · ")
            + tr("%n record state(s)", nullptr, int(lane.bars.size()));
        if (hit.inPlot)
            html += QStringLiteral("<br>") + tr("at %1").arg(t(m.mapXToTime(pos.x())));
        return html;
    }
    if (hit.marker >= 0) {
        const TimelineMarker& mk = lane.markers[static_cast<std::size_t>(hit.marker)];
        const auto d = mk.decisionValue();
        const QString decision = d ? fromView(decisionName(*d)) : tr("never arrived");
        html = QStringLiteral("<b>r%1</b> &nbsp;<span style='color:%2'>■</span> <b>%3</b> %4")
                   .arg(mk.request + 1)
                   .arg(markerColor(d).name(), esc(decision), mk.status ? QString::number(mk.status) : QString());
        if (m_sim && mk.request >= 0 && mk.request < static_cast<int>(m_sim->requests().size())) {
            const RequestRow& r = m_sim->requests()[static_cast<std::size_t>(mk.request)];
            if (const int reason = m_sim->reason(r); reason >= 0)
                html += QStringLiteral("<br><i>%1</i>").arg(esc(QString::fromStdString(m_sim->text(reason))));
            if (r.rulePath >= 0)
                html += QStringLiteral("<br><small>%1</small>")
                            .arg(esc(QString::fromStdString(m_sim->text(r.rulePath))));
            html += QStringLiteral("<br>") + tr("sent %1").arg(t(double(r.sent)));
            if (r.arrived >= 0)
                html += QStringLiteral(" · ") + tr("arrived %1").arg(t(double(r.arrived)));
            if (r.decided >= 0)
                html += QStringLiteral(" · ") + tr("decided %1").arg(t(double(r.decided)));
            html += QStringLiteral("<br>")
                + tr("client %1 · attempt %2 · intent %3")
                      .arg(esc(QString::fromStdString(m_sim->clientId(r.client))))
                      .arg(r.attempt)
                      .arg(esc(QString::fromStdString(m_sim->intentName(r.intent))));
            const std::string& fp = m_sim->fingerprint(r);
            html += QStringLiteral("<br>") + tr("fingerprint %1…").arg(QString::fromStdString(fp.substr(0, 12)));
            if (r.storedFingerprint >= 0)
                html += QStringLiteral(" ")
                    + tr("(stored %1…)").arg(QString::fromStdString(m_sim->text(r.storedFingerprint).substr(0, 12)));
            html += QStringLiteral("<br>") + tr("client outcome: %1").arg(fromView(clientOutcomeName(r.outcome)));
        } else {
            html += QStringLiteral("<br>")
                + tr("sent %1 · decided %2").arg(t(double(mk.t - mk.latency)), t(double(mk.t)));
        }
        if (mk.flags & TimelineMarker::ResponseLost)
            html += QStringLiteral("<br>") + tr("the response was lost on its way back");
        if (mk.flags & TimelineMarker::ResponseDiscarded)
            html += QStringLiteral("<br>") + tr("the response arrived after the client's timeout");
        return html;
    }
    if (hit.effect >= 0) {
        const TimelineEffect& e = lane.effects[static_cast<std::size_t>(hit.effect)];
        html = QStringLiteral("<b>e%1</b> ").arg(e.effect + 1) + tr("effect at %1").arg(t(double(e.t)));
        html += QStringLiteral("<br>") + tr("executed by r%1").arg(e.request + 1);
        if (m_sim && e.effect >= 0 && e.effect < static_cast<int>(m_sim->effects().size())) {
            const EffectInfo& info = m_sim->effects()[static_cast<std::size_t>(e.effect)];
            html += QStringLiteral(" · ")
                + tr("intent %1").arg(esc(QString::fromStdString(m_sim->intentName(info.intent))));
        }
        if (e.duplicate)
            html += QStringLiteral("<br><b style='color:%1'>%2</b>")
                        .arg(alarmColor().name(), tr("duplicate effect: this intent had already executed"));
        return html;
    }
    if (hit.bar >= 0) {
        const TimelineBar& b = lane.bars[static_cast<std::size_t>(hit.bar)];
        html = QStringLiteral("<b>%1</b> %2").arg(barStateLabel(b.state), esc(laneLabel(hit.lane)));
        html += QStringLiteral("<br>")
            + (b.end == OpenEnd ? tr("from %1, still so at the end").arg(t(double(b.start)))
                                : tr("%1 → %2 (%3)")
                                      .arg(t(double(b.start)), t(double(b.end)),
                                          TimelineMapping::formatDuration(double(b.end - b.start))));
        if (b.lease >= 0)
            html += QStringLiteral("<br>") + tr("lease until %1").arg(t(double(b.lease)));
        if (b.ttl >= 0)
            html += QStringLiteral("<br>")
                + tr("expires_at %1 (an in-progress record is never swept)").arg(t(double(b.ttl)));
        if (b.request >= 0)
            html += QStringLiteral("<br>") + tr("written by r%1").arg(b.request + 1);
        return html;
    }
    return QStringLiteral("<b>%1</b><br>%2").arg(esc(laneLabel(hit.lane)), tr("at %1").arg(t(m.mapXToTime(pos.x()))));
}

// ---------------------------------------------------------------------------------------------------------------
// Input

bool TimelineView::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QString text = tooltipFor(hitTest(help->pos()), help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(event);
}

void TimelineView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    applyGeometry();
    autoFit();
}

void TimelineView::wheelEvent(QWheelEvent* event)
{
    TimelineMapping& m = m_zoom->mapping();
    const QPointF pos = event->position();
    const QPoint delta = event->angleDelta();
    const double dy = delta.y() != 0 ? delta.y() : delta.x();
    if (event->modifiers() & Qt::ControlModifier) {
        if (!m_wheelZooming) {
            m_zoom->pushState(); // one undo step per wheel gesture
            m_wheelZooming = true;
        }
        m.zoomAboutX(std::clamp(pos.x(), m.plotRect().left(), m.plotRect().right()), std::pow(1.2, dy / 120.0));
        m_autoFitTime = false;
    } else if (event->modifiers() & Qt::AltModifier) {
        m.zoomRowsAboutY(std::clamp(pos.y(), m.plotRect().top(), m.plotRect().bottom()), std::pow(1.25, dy / 120.0));
        m_autoFitRows = false;
    } else if (event->modifiers() & Qt::ShiftModifier) {
        m.panByPixels(-dy / 120.0 * m.plotRect().width() * 0.1);
        m_autoFitTime = false;
        m_zoom->setFollowLive(false);
    } else {
        m.setScrollY(m.scrollY() - dy / 120.0 * std::max(40.0, 3 * m.rowHeight()));
        m_autoFitRows = false;
    }
    if (m_zoom->collapseIdle())
        m_idleTimer->start();
    syncScrollBar();
    update();
    event->accept();
}

void TimelineView::mousePressEvent(QMouseEvent* event)
{
    m_wheelZooming = false;
    setFocus(Qt::MouseFocusReason);
    m_pressPos = m_lastPos = event->position();
    if (event->button() == Qt::MiddleButton
        || (event->button() == Qt::LeftButton && (event->modifiers() & Qt::ShiftModifier))) {
        m_drag = Drag::Pan;
        setCursor(Qt::ClosedHandCursor);
        return;
    }
    if (event->button() == Qt::LeftButton) {
        m_drag = Drag::PendingClick;
        m_pressHit = hitTest(event->position());
        return;
    }
    QWidget::mousePressEvent(event);
}

void TimelineView::mouseMoveEvent(QMouseEvent* event)
{
    m_wheelZooming = false;
    const QPointF pos = event->position();
    TimelineMapping& m = m_zoom->mapping();
    switch (m_drag) {
    case Drag::Pan: {
        const QPointF d = pos - m_lastPos;
        m.panByPixels(-d.x());
        m.setScrollY(m.scrollY() - d.y());
        m_autoFitTime = m_autoFitRows = false;
        if (std::abs(d.x()) > 0)
            m_zoom->setFollowLive(false);
        syncScrollBar();
        update();
        break;
    }
    case Drag::PendingClick:
        if ((pos - m_pressPos).manhattanLength() < QApplication::startDragDistance() || !m_pressHit.inPlot)
            break;
        m_drag = Drag::Range;
        [[fallthrough]];
    case Drag::Range: {
        const double x = std::clamp(pos.x(), m.plotRect().left(), m.plotRect().right());
        const double a = m.mapXToTime(m_pressPos.x());
        const double b = m.mapXToTime(x);
        m_range = std::pair(std::min(a, b), std::max(a, b));
        m_rangeCounts = countRange(m_range->first, m_range->second, true);
        update();
        break;
    }
    case Drag::None:
        setHover(hitTest(pos));
        break;
    }
    m_lastPos = pos;
}

void TimelineView::mouseReleaseEvent(QMouseEvent* event)
{
    const Drag drag = m_drag;
    m_drag = Drag::None;
    unsetCursor();
    if (drag == Drag::Range && m_range) {
        m_rangeCounts = countRange(m_range->first, m_range->second, false);
        update();
        return;
    }
    if (drag != Drag::PendingClick || event->button() != Qt::LeftButton) {
        QWidget::mouseReleaseEvent(event);
        return;
    }
    // A click: a marker or effect selects its request (and scope), a lane its scope; empty space clears.
    const Hit& hit = m_pressHit;
    m_range.reset();
    if (!m_selection) {
        update();
        return;
    }
    if (hit.lane < 0) {
        if (hit.inPlot)
            m_selection->clear();
        update();
        return;
    }
    const TimelineLane& lane = m_model.lane(hit.lane);
    if (hit.marker >= 0)
        m_selection->select(lane.markers[static_cast<std::size_t>(hit.marker)].request, lane.scope);
    else if (hit.effect >= 0)
        m_selection->select(lane.effects[static_cast<std::size_t>(hit.effect)].request, lane.scope);
    else
        m_selection->select(-1, lane.scope);
    update();
}

void TimelineView::mouseDoubleClickEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton)
        return;
    const TimelineMapping& m = m_zoom->mapping();
    const double t = m.mapXToTime(event->position().x());
    if (m_range && t >= m_range->first && t <= m_range->second) {
        zoomToSelection();
        return;
    }
    const Hit hit = hitTest(event->position());
    if (hit.lane >= 0 && (hit.marker >= 0 || hit.inGutter))
        zoomToSelection();
}

void TimelineView::keyPressEvent(QKeyEvent* event)
{
    m_wheelZooming = false;
    TimelineMapping& m = m_zoom->mapping();
    switch (event->key()) {
    case Qt::Key_Escape:
        if (m_range)
            clearTimeRange();
        else if (m_selection)
            m_selection->clear();
        return;
    case Qt::Key_Return:
    case Qt::Key_Enter:
        if (m_range)
            zoomToSelection();
        return;
    case Qt::Key_PageDown:
        m.setScrollY(m.scrollY() + m.plotRect().height() * 0.9);
        break;
    case Qt::Key_PageUp:
        m.setScrollY(m.scrollY() - m.plotRect().height() * 0.9);
        break;
    case Qt::Key_Down:
        m.setScrollY(m.scrollY() + std::max(m.rowHeight(), 20.0));
        break;
    case Qt::Key_Up:
        m.setScrollY(m.scrollY() - std::max(m.rowHeight(), 20.0));
        break;
    default:
        QWidget::keyPressEvent(event);
        return;
    }
    m_autoFitRows = false;
    syncScrollBar();
    update();
}

void TimelineView::leaveEvent(QEvent* event)
{
    setHover(Hit {});
    QWidget::leaveEvent(event);
}

void TimelineView::contextMenuEvent(QContextMenuEvent* event)
{
    QMenu menu(this);
    if (m_range) {
        menu.addAction(tr("Zoom to Range"), this, &TimelineView::zoomToSelection);
        menu.addAction(tr("Clear Range"), this, &TimelineView::clearTimeRange);
        menu.addSeparator();
    }
    menu.addActions(m_zoom->actions());
    menu.exec(event->globalPos());
}

// ---------------------------------------------------------------------------------------------------------------
// Export

bool TimelineView::exportPng(const QString& path)
{
    const QSize s = width() >= 320 && height() >= 160 ? size() : QSize(1600, 900);
    QImage image(s, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    {
        QPainter p(&image);
        p.setRenderHint(QPainter::TextAntialiasing, true);
        paintTimeline(p, s, true);
    }
    return image.save(path, "PNG");
}

bool TimelineView::exportSvg(const QString& path)
{
    const QSize s = width() >= 320 && height() >= 160 ? size() : QSize(1600, 900);
    QSvgGenerator generator;
    generator.setFileName(path);
    generator.setSize(s);
    generator.setViewBox(QRect(QPoint(0, 0), s));
    generator.setTitle(tr("Idempotency timeline"));
    generator.setDescription(tr("Record states, requests and effects per scope, exported from Idempotency Workbench."));
    QPainter p;
    if (!p.begin(&generator))
        return false;
    paintTimeline(p, s, true);
    return p.end();
}

void TimelineView::exportPngInteractive()
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export Timeline as PNG"), tr("timeline.png"), tr("PNG images (*.png)"));
    if (!path.isEmpty() && !exportPng(path))
        QMessageBox::warning(this, tr("Export failed"), tr("The timeline could not be written to %1.").arg(path));
}

void TimelineView::exportSvgInteractive()
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export Timeline as SVG"), tr("timeline.svg"), tr("SVG drawings (*.svg)"));
    if (!path.isEmpty() && !exportSvg(path))
        QMessageBox::warning(this, tr("Export failed"), tr("The timeline could not be written to %1.").arg(path));
}

} // namespace iw
