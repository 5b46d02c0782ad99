// The timeline view's tooltips (see timelineview.h): what a marker, an effect, a bar, a hop's header or a lane's
// label says when hovered, and the dragged range's ΔT and counts.
#include "timelineview.h"

#include "colors.h"
#include "duration.h"
#include "explanationtext.h"
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
        else if (e.suspected && m_sim)
            html += QStringLiteral("<br><b style='color:%1'>%2</b>")
                        .arg(alarmColor().name(),
                            tr("suspected duplicate effect: its suspected intent, named after r%1 (other keys or none, "
                               "the same actor, operation and payload), had already executed")
                                .arg(m_sim->suspectedIntentOf(e.request) + 1));
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
            + (b.end == OpenEnd
                    ? tr("from %1, still so at the end").arg(t(double(b.start)))
                    : tr("%1 → %2 (%3)").arg(t(double(b.start)), t(double(b.end)), shownDuration(b.end - b.start)));
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

} // namespace iw
