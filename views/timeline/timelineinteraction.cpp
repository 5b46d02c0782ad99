// The timeline view's interaction (see timelineview.h): what is under a point, hover and the sticky selection,
// navigation to a lane, the selection or the next anomaly, the dragged range and its counts, and the mouse, wheel and
// keyboard input that drives them.
#include "timelineview.h"

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

constexpr int LiveCountLaneLimit = 20000; // above this, range counts are computed on release only

} // namespace

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
// Input

bool TimelineView::event(QEvent* event)
{
    if (event->type() == QEvent::FontChange) {
        // The axis, gutter, legend and lanes are measured in the font (presenter mode scales it).
        const bool handled = QWidget::event(event);
        m_zoom->setRowScale(TimelinePainter::typeScale(font()));
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

} // namespace iw
