// The timeline view (see timelineview.h): set-up, data and display rows, painting and export. Hit-testing,
// selection, navigation and input are in timelineinteraction.cpp, tooltips in timelinetooltip.cpp. Everything drawn
// goes through TimelinePainter (timelinepainter.cpp).
#include "timelineview.h"

#include "colors.h"
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

} // namespace

// ---------------------------------------------------------------------------------------------------------------
// Set-up and data

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
        fitRowsToType(m_zoom->mapping());
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

void TimelineView::fitRowsToType(TimelineMapping& mapping) const
{
    // Lanes as tall as their type needs: presenter mode's larger type makes larger lanes.
    const double scale = m_zoom->rowScale();
    mapping.fitRows(TimelineZoom::NaturalRowHeight * scale, TimelineZoom::RoomyRowHeight * scale);
}

void TimelineView::autoFit()
{
    TimelineMapping& m = m_zoom->mapping();
    if (m_autoFitTime)
        m.fitTime();
    if (m_autoFitRows)
        fitRowsToType(m);
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
        fitRowsToType(m_zoom->mapping());
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
