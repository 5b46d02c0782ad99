// The timeline's zoom state and shared actions (see timelinezoom.h).
#include "timelinezoom.h"

#include "colors.h"
#include "icons.h"

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

const QColor Blue(0x2A, 0x55, 0x99); // the timeline's actions share a colour, each its own glyph

} // namespace

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
    m_mapping.fitRows(NaturalRowHeight * m_rowScale, RoomyRowHeight * m_rowScale);
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

} // namespace iw
