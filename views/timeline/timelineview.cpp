// The timeline view and its zoom state (see timelineview.h): display rows, navigation, hit-testing, selection,
// tooltips and export. Everything drawn goes through TimelinePainter (timelinepainter.cpp).
#include "timelineview.h"

#include "colors.h"
#include "explanationtext.h"
#include "icons.h"
#include "selection.h"
#include "simulation.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QContextMenuEvent>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHelpEvent>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>
#include <QStyle>
#include <QSvgGenerator>
#include <QTimer>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <climits>
#include <cmath>

namespace iw {

namespace {

constexpr double AxisHeight = TimelinePainter::AxisHeight;
constexpr int LiveCountLaneLimit = 20000; // above this, range counts are computed on release only
const QColor Blue(0x2A, 0x55, 0x99); // the timeline's actions share a colour, each its own glyph

QString fromView(std::string_view s)
{
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

QColor markerColor(std::optional<Decision> d)
{
    return TimelinePainter::markerColor(d);
}

QString barStateLabel(BarState state)
{
    return TimelinePainter::barStateLabel(state);
}

} // namespace

// ---------------------------------------------------------------------------------------------------------------
// TimelineZoom

TimelineZoom::TimelineZoom(QObject* parent)
    : QObject(parent)
{
    auto make = [this](const QIcon& icon, QList<QKeySequence> keys) {
        auto* a = new QAction(icon, QString(), this);
        a->setShortcuts(keys);
        // Active from any focus in the window, as the menu advertises them; text fields keep their letters (they
        // accept the shortcut override for what they type), and so does the preset list.
        a->setShortcutContext(Qt::WindowShortcut);
        return a;
    };
    m_zoomIn = make(glyphIcon(QStringLiteral("+"), Blue), { QKeySequence(Qt::Key_W), QKeySequence::ZoomIn });
    m_zoomOut = make(glyphIcon(QStringLiteral("−"), Blue), { QKeySequence(Qt::Key_S), QKeySequence::ZoomOut });
    m_panLeft = make(glyphIcon(QStringLiteral("←"), Blue), { QKeySequence(Qt::Key_A) });
    m_panRight = make(glyphIcon(QStringLiteral("→"), Blue), { QKeySequence(Qt::Key_D) });
    m_fitAll = make(glyphIcon(QStringLiteral("↔"), Blue), { QKeySequence(Qt::Key_Home) });
    m_zoomToSelection = make(glyphIcon(QStringLiteral("◎"), Blue), { QKeySequence(Qt::Key_F) });
    m_followLive = make(glyphIcon(QStringLiteral("◉"), QColor(0x1F, 0x4E, 0xA8)), { QKeySequence(Qt::Key_L) });
    m_followLive->setCheckable(true);
    m_jumpToAnomaly = make(glyphIcon(QStringLiteral("!"), alarmColor()), { QKeySequence(Qt::Key_N) });
    m_collapseIdle = make(glyphIcon(QStringLiteral("≡"), Blue), {});
    m_collapseIdle->setCheckable(true);
    m_exportPng = make(glyphIcon(QStringLiteral("▣"), Blue), {});
    m_exportSvg = make(glyphIcon(QStringLiteral("◇"), Blue), {});
    retranslate();

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

void TimelineZoom::retranslate()
{
    const auto say = [](QAction* a, const QString& text, const QString& tip) {
        a->setText(text);
        a->setToolTip(tip);
        a->setStatusTip(tip);
    };
    say(m_zoomIn, tr("Zoom &In"),
        tr("Zoom in on the middle of the visible time (W). Ctrl+wheel zooms around the pointer."));
    say(m_zoomOut, tr("Zoom &Out"),
        tr("Undo the last zoom (S): returns to the previous view on the zoom stack, or zooms out when the stack is "
           "empty."));
    say(m_panLeft, tr("Pan &Left"), tr("Move a quarter of the visible time towards earlier events (A)."));
    say(m_panRight, tr("Pan &Right"), tr("Move a quarter of the visible time towards later events (D)."));
    say(m_fitAll, tr("&Fit All"), tr("Show the whole run and every lane (Home)."));
    say(m_zoomToSelection, tr("Zoom to &Selection"),
        tr("Zoom to the dragged time range, or to the selected request or scope (F)."));
    say(m_followLive, tr("Follow &Live"), tr("Keep the simulation's current instant in view while it runs (L)."));
    say(m_jumpToAnomaly, tr("Jump to First &Anomaly"),
        tr("Select and zoom to the first duplicate effect, stuck in-progress record or payload mismatch (N); press "
           "again for the next one."));
    say(m_collapseIdle, tr("&Collapse Idle Lanes"), tr("Hide lanes with nothing happening in the visible time range."));
    say(m_exportPng, tr("Export Timeline as &PNG…"),
        tr("Save the current timeline view, with axis and legend, as a PNG image."));
    say(m_exportSvg, tr("Export Timeline as S&VG…"),
        tr("Save the current timeline view, with axis and legend, as an SVG drawing."));
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

    m_zoom = new TimelineZoom(this);
    addActions(m_zoom->actions());

    m_filterEdit = new QLineEdit(this);
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

    retranslate();
    applyGeometry();
    refresh();
}

void TimelineView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        // The legend's words take another width, so it may wrap to another height: the plot is laid out again.
        applyGeometry();
        update();
    }
    QWidget::changeEvent(event);
}

void TimelineView::retranslate()
{
    setAccessibleName(tr("Timeline"));
    m_filterEdit->setPlaceholderText(tr("Filter lanes…"));
    m_filterEdit->setToolTip(tr("Show only lanes whose actor, operation or key contains this text."));
    m_zoom->retranslate();
}

TimelineView::~TimelineView() = default;

void TimelineView::setSimulation(const Simulation* simulation)
{
    m_sim = simulation;
    m_model.clear();
    m_rows.clear();
    m_rowOfLane.clear();
    m_rowsForLaneCount = -1;
    m_collapsedHops.clear();
    m_hopHeaders.clear();
    m_anomalyCursor = 0;
    m_hoverLane = m_hoverRequest = -1;
    m_relatedLanes.clear();
    m_range.reset();
    m_autoFitTime = m_autoFitRows = true;
    m_zoom->clearStack();
    refresh();
    onSelectionChanged();
}

void TimelineView::setEmptyText(const QString& text)
{
    m_painter.setEmptyText(text);
    update();
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
    // Grouped rows also carry each hop's duplicate count, which grows while the run plays: regroup on new content.
    if (m_model.laneCount() != m_rowsForLaneCount || m_model.groupingRevision() != m_rowsGrouping
        || (m_model.groupsByHop() && m_model.revision() != m_rowsRevision))
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

std::vector<int> TimelineView::displayLanes() const
{
    std::vector<int> lanes;
    lanes.reserve(m_rows.size());
    for (const int row : m_rows) {
        if (!isHopHeaderRow(row))
            lanes.push_back(row);
    }
    return lanes;
}

void TimelineView::setHopCollapsed(int hop, bool collapsed)
{
    if (hop < 0 || hop >= m_model.hopCount() || isHopCollapsed(hop) == collapsed)
        return;
    if (m_collapsedHops.size() < static_cast<std::size_t>(m_model.hopCount()))
        m_collapsedHops.resize(static_cast<std::size_t>(m_model.hopCount()), false);
    m_collapsedHops[static_cast<std::size_t>(hop)] = collapsed;
    rebuildRows();
    update();
}

bool TimelineView::isHopCollapsed(int hop) const
{
    return hop >= 0 && static_cast<std::size_t>(hop) < m_collapsedHops.size()
        && m_collapsedHops[static_cast<std::size_t>(hop)];
}

int TimelineView::rowOfHopHeader(int hop) const
{
    const auto it = std::find(m_rows.begin(), m_rows.end(), hopHeaderRow(hop));
    return it == m_rows.end() ? -1 : static_cast<int>(it - m_rows.begin());
}

QPointF TimelineView::rowCenter(int row) const
{
    const TimelineMapping& m = m_zoom->mapping();
    return { m.plotRect().center().x(), m.rowTop(row) + m.rowHeight() / 2 };
}

void TimelineView::rebuildRows()
{
    const int lanes = m_model.laneCount();
    const QString filter = m_filter.trimmed();
    const bool collapse = m_zoom->collapseIdle();
    const TimelineMapping& m = m_zoom->mapping();
    const double t0 = m.visibleStart();
    const double t1 = m.visibleEnd();
    const bool grouped = m_model.groupsByHop();
    // Growing under the same filter without collapse (the live case) only checks and appends the new lanes; grouped
    // rows put a new lane inside its hop's group, so they are built again.
    const bool append = !grouped && !collapse && !m_rowsCollapsed && filter == m_rowsFilter && m_rowsForLaneCount >= 0
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
    if (grouped)
        groupRowsByHop();
    else
        m_hopHeaders.clear();
    m_rowsForLaneCount = lanes;
    m_rowsGrouping = m_model.groupingRevision();
    m_rowsRevision = m_model.revision();
    m_rowsFilter = filter;
    m_rowsCollapsed = collapse;
    m_zoom->mapping().setRowCount(static_cast<int>(m_rows.size()));
    if (m_autoFitRows)
        m_zoom->mapping().fitRows(TimelineZoom::NaturalRowHeight, TimelineZoom::RoomyRowHeight);
    syncScrollBar();
}

void TimelineView::groupRowsByHop()
{
    // The rows the filter and idle collapse let through, regrouped: per hop in route order its header, then (unless
    // the hop is collapsed) its lanes in the order they appeared. A hop none of whose lanes pass shows no header.
    const int hops = m_model.hopCount();
    std::vector<std::vector<int>> byHop(static_cast<std::size_t>(hops));
    for (const int lane : m_rows) {
        const int hop = std::clamp<int>(m_model.lane(lane).hop, 0, hops - 1);
        byHop[static_cast<std::size_t>(hop)].push_back(lane);
    }
    m_hopHeaders.assign(static_cast<std::size_t>(hops), TimelineHopHeader {});
    m_rows.clear();
    std::fill(m_rowOfLane.begin(), m_rowOfLane.end(), -1);
    for (int hop = 0; hop < hops; ++hop) {
        const std::vector<int>& group = byHop[static_cast<std::size_t>(hop)];
        TimelineHopHeader& header = m_hopHeaders[static_cast<std::size_t>(hop)];
        header.name = m_model.hopName(hop);
        header.lanes = static_cast<int>(group.size());
        header.collapsed = isHopCollapsed(hop);
        for (const int lane : group) {
            for (const TimelineEffect& e : m_model.lane(lane).effects)
                header.duplicates += e.duplicate ? 1 : 0;
        }
        if (group.empty())
            continue;
        m_rows.push_back(hopHeaderRow(hop));
        if (header.collapsed)
            continue;
        for (const int lane : group) {
            m_rowOfLane[static_cast<std::size_t>(lane)] = static_cast<int>(m_rows.size());
            m_rows.push_back(lane);
        }
    }
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
    // Fitting reaches the clock while it runs past the events (a late retry is where the action is going); a
    // TTL's projection alone does not (below).
    const double first = static_cast<double>(m_model.firstTime());
    const double lastActivity = static_cast<double>(m_model.lastActivity());
    const double lastAny = std::max(static_cast<double>(m_model.lastTime()), now);
    const double activitySpan = std::max(1.0, lastActivity - first);
    // A TTL that ends a day after a one-second story would shrink the story to a speck: fit it only when it is
    // in proportion; panning still reaches it.
    const double lastData = static_cast<double>(m_model.lastTime());
    const double fitEnd
        = std::max((lastData - first <= 10 * activitySpan) ? lastData : lastActivity, m_sim || m_nowOverride ? now : 0);
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
    // Fitted, the view already holds the clock (the fit reaches it): Fit All while following keeps everything.
    if (!m_zoom->followLive() || m_autoFitTime)
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
    return TimelinePainter::layoutFor(size, font(), forExport ? 0 : style()->pixelMetric(QStyle::PM_ScrollBarExtent));
}

// ---------------------------------------------------------------------------------------------------------------
// Painting (the painter draws; the view says what is selected, hovered and dragged)

TimelineScene TimelineView::scene() const
{
    TimelineScene s;
    s.rows = &m_rows;
    s.hopHeaders = &m_hopHeaders;
    s.rowOfLane = &m_rowOfLane;
    s.now = nowValue();
    s.showNow = m_sim || m_nowOverride;
    s.selectedLane = m_selLane;
    s.selectedRequest = m_selRequest;
    s.hoverLane = m_hoverLane;
    s.hoverRequest = m_hoverRequest;
    s.relatedLanes = &m_relatedLanes;
    s.range = m_range;
    s.rangeCounts = m_rangeCounts;
    s.rangeDragging = m_drag == Drag::Range;
    s.filter = m_filter;
    s.font = font();
    s.scrollBarExtent = style()->pixelMetric(QStyle::PM_ScrollBarExtent);
    return s;
}

void TimelineView::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    paintTimeline(p, size(), false);
}

void TimelineView::paintTimeline(QPainter& p, const QSize& size, bool forExport, bool withNow)
{
    m_model.ensureSorted();
    TimelineScene s = scene();
    s.showNow = s.showNow && withNow;
    m_painter.paint(p, m_model, m_zoom->mapping(), s, size, forExport);
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
    if (isHopHeaderRow(hit.lane)) {
        if (hit.row >= 0)
            hit.header = hopOfHeaderRow(hit.lane);
        hit.lane = -1;
        return hit;
    }
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
    // A recovery job's completion is marked at its start: near the mark, that bar is what the pointer means.
    if (hit.marker < 0 && hit.effect < 0) {
        const auto [r0, r1] = m_model.barRange(hit.lane, ta, tb);
        for (std::size_t i = r0; i < r1; ++i) {
            if (lane.bars[i].recovered && std::abs(m.mapTimeToX(double(lane.bars[i].start)) - pos.x()) <= tolerance)
                hit.bar = int(i);
        }
    }
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
    // Asked for a lane (a selection elsewhere, a lesson step): a collapsed hop opens to show it.
    if (lane >= 0 && lane < m_model.laneCount() && isHopCollapsed(m_model.lane(lane).hop))
        setHopCollapsed(m_model.lane(lane).hop, false);
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
        if (isHopHeaderRow(lane))
            continue;
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
    if (hit.header >= 0 && hit.header < static_cast<int>(m_hopHeaders.size())) {
        const TimelineHopHeader& header = m_hopHeaders[static_cast<std::size_t>(hit.header)];
        const QString html = QStringLiteral("<b>%1</b><br>").arg(esc(header.name))
            + (header.collapsed ? tr("%n lane(s) hidden", nullptr, header.lanes)
                                : tr("%n lane(s)", nullptr, header.lanes))
            + QStringLiteral(" · ") + tr("%n duplicate effect(s)", nullptr, int(header.duplicates))
            + QStringLiteral("<br>")
            + (header.collapsed ? tr("Click to show its lanes.") : tr("Click to hide its lanes."));
        return html;
    }
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
            // The explanation and the rule path in the language in use (the reports keep core's English).
            if (const QString reason = shownExplanation(m_sim->requestExplanation(mk.request)); !reason.isEmpty())
                html += QStringLiteral("<br><i>%1</i>").arg(esc(reason));
            if (r.rulePath >= 0)
                html += QStringLiteral("<br><small>%1</small>")
                            .arg(esc(shownRulePath(m_sim->requestRulePath(mk.request))));
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
            html += QStringLiteral("<br>")
                + tr("client outcome: %1")
                      .arg(r.outcome ? fromView(clientOutcomeName(*r.outcome)) : tr("not known yet"));
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
        // A recovery job that finished a crashed owner's work runs its effect, then completes the record at once.
        const auto [r0, r1] = m_model.barRange(hit.lane, double(e.t), double(e.t));
        for (std::size_t i = r0; i < r1; ++i) {
            if (lane.bars[i].recovered && lane.bars[i].start == e.t)
                html += QStringLiteral("<br><b style='color:#0E7C86'>%1</b>")
                            .arg(tr("run by the recovery job for the crashed owner; the record was then completed by "
                                    "recovery job (recovered_completed)"));
        }
        return html;
    }
    if (hit.bar >= 0) {
        const TimelineBar& b = lane.bars[static_cast<std::size_t>(hit.bar)];
        html = QStringLiteral("<b>%1</b> %2").arg(barStateLabel(b.state), esc(laneLabel(hit.lane)));
        if (b.recovered)
            html += QStringLiteral("<br><b style='color:#0E7C86'>%1</b>")
                        .arg(tr("completed by recovery job (recovered_completed) at %1").arg(t(double(b.start))));
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
        if (m_model.groupsByHop() && lane.hop < m_model.hopCount())
            html += QStringLiteral("<br>") + tr("held by %1's store").arg(esc(m_model.hopName(lane.hop)));
        return html;
    }
    return QStringLiteral("<b>%1</b><br>%2").arg(esc(laneLabel(hit.lane)), tr("at %1").arg(t(m.mapXToTime(pos.x()))));
}

// ---------------------------------------------------------------------------------------------------------------
// Input

bool TimelineView::event(QEvent* event)
{
    if (event->type() == QEvent::FontChange) {
        // The axis, gutter and legend are measured in the font (presenter mode scales it).
        const bool handled = QWidget::event(event);
        applyGeometry();
        update();
        return handled;
    }
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
    if (hit.header >= 0) {
        setHopCollapsed(hit.header, !isHopCollapsed(hit.header));
        return;
    }
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

bool TimelineView::exportPng(const QString& path, int scale, bool withNow)
{
    scale = std::clamp(scale, 1, 4);
    const QSize s = width() >= 320 && height() >= 160 ? size() : QSize(1600, 900);
    QImage image(s * scale, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    {
        QPainter p(&image);
        p.scale(scale, scale); // the layout of the view's size, drawn in more pixels: text and lines stay sharp
        p.setRenderHint(QPainter::TextAntialiasing, true);
        paintTimeline(p, s, true, withNow);
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
    // The picture's scale and the "now" cursor first (a slide wants 2× or 3×, a handout no cursor), then where.
    QDialog options(this);
    options.setWindowTitle(tr("Export Timeline as PNG"));
    auto* scaleBox = new QComboBox(&options);
    for (int f = 1; f <= 3; ++f)
        scaleBox->addItem(tr("%1× (%2 × %3 pixels)").arg(f).arg(width() * f).arg(height() * f), f);
    scaleBox->setCurrentIndex(std::clamp(m_pngScale, 1, 3) - 1);
    scaleBox->setToolTip(tr("The same picture in more pixels: 2× or 3× stays sharp on a projector or a slide"));
    auto* nowBox = new QCheckBox(tr("Show the \"now\" marker"), &options);
    nowBox->setChecked(m_pngWithNow);
    nowBox->setToolTip(tr("Leave it out for a picture of the whole run rather than of one instant"));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &options);
    connect(buttons, &QDialogButtonBox::accepted, &options, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &options, &QDialog::reject);
    auto* form = new QFormLayout(&options);
    form->addRow(tr("&Scale:"), scaleBox);
    form->addRow(nowBox);
    form->addRow(buttons);
    if (options.exec() != QDialog::Accepted)
        return;
    m_pngScale = scaleBox->currentData().toInt();
    m_pngWithNow = nowBox->isChecked();
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export Timeline as PNG"), tr("timeline.png"), tr("PNG images (*.png)"));
    if (path.isEmpty())
        return;
    if (!exportPng(path, m_pngScale, m_pngWithNow))
        QMessageBox::warning(this, tr("Export failed"), tr("The timeline could not be written to %1.").arg(path));
    else
        Q_EMIT exported(path);
}

void TimelineView::exportSvgInteractive()
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export Timeline as SVG"), tr("timeline.svg"), tr("SVG drawings (*.svg)"));
    if (path.isEmpty())
        return;
    if (!exportSvg(path))
        QMessageBox::warning(this, tr("Export failed"), tr("The timeline could not be written to %1.").arg(path));
    else
        Q_EMIT exported(path);
}

} // namespace iw
