// Presenter mode (see presentermode.h).
#include "presentermode.h"

#include "icons.h"
#include "lessoncaption.h"
#include "sequenceview.h"
#include "timelineview.h"

#include <QAction>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenuBar>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>

#include <algorithm>
#include <cmath>

namespace iw {

PresenterMode::PresenterMode(
    QMainWindow* window, TimelineView* timeline, SequenceView* sequence, LessonCaption* caption, int layoutVersion)
    : QObject(window)
    , m_window(window)
    , m_timeline(timeline)
    , m_sequence(sequence)
    , m_caption(caption)
    , m_layoutVersion(layoutVersion)
{
    m_toggle = new QAction(glyphIcon(QStringLiteral("❐"), QColor(0x1F, 0x4E, 0xA8)), QString(), this);
    m_toggle->setCheckable(true);
    m_toggle->setShortcut(QKeySequence(Qt::Key_F11));
    connect(m_toggle, &QAction::toggled, this, &PresenterMode::setActive);
    m_larger = new QAction(this);
    m_larger->setShortcuts({ QKeySequence(Qt::CTRL | Qt::Key_Equal), QKeySequence(Qt::CTRL | Qt::Key_Plus) });
    connect(m_larger, &QAction::triggered, this, [this] { setTypeScale(m_typeScale * 1.2); });
    m_smaller = new QAction(this);
    m_smaller->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Minus));
    connect(m_smaller, &QAction::triggered, this, [this] { setTypeScale(m_typeScale / 1.2); });
    m_larger->setEnabled(false);
    m_smaller->setEnabled(false);
    const auto keep = [this](const QString& key) {
        auto* action = new QAction(this);
        action->setCheckable(true);
        action->setChecked(QSettings().value(key, false).toBool());
        connect(action, &QAction::toggled, this, [this, key](bool on) {
            QSettings().setValue(key, on);
            if (m_active)
                showKeptDocks();
        });
        return action;
    };
    m_keepInspector = keep(QStringLiteral("presenter/keepInspector"));
    m_keepCounters = keep(QStringLiteral("presenter/keepCounters"));
    m_typeScale = std::clamp(QSettings().value(QStringLiteral("presenter/typeScale"), 1.5).toDouble(), 1.0, 4.0);
}

void PresenterMode::retranslate()
{
    m_toggle->setText(tr("&Presenter Mode"));
    m_toggle->setToolTip(tr("Full screen with only the timeline, the sequence and the lesson caption, in larger type "
                            "for a projector; the run keys still work (F11)"));
    m_larger->setText(tr("&Larger Type"));
    m_larger->setToolTip(
        tr("Presenter mode: larger type on the timeline, the sequence and the caption (Ctrl+= or Ctrl++)"));
    m_smaller->setText(tr("&Smaller Type"));
    m_smaller->setToolTip(tr("Presenter mode: smaller type on the timeline, the sequence and the caption (Ctrl+-)"));
    m_keepInspector->setText(tr("Presenter Mode Keeps the &Inspector"));
    m_keepInspector->setToolTip(tr("Presenter mode shows the inspector too: the rule path and the field diff the "
                                   "captions talk about"));
    m_keepCounters->setText(tr("Presenter Mode Keeps the &Counters"));
    m_keepCounters->setToolTip(tr("Presenter mode shows the counters too: effects and duplicate effects"));
}

void PresenterMode::showKeptDocks()
{
    const auto show = [this](const char* name, bool on) {
        if (auto* dock = m_window->findChild<QDockWidget*>(QLatin1String(name), Qt::FindDirectChildrenOnly)) {
            if (on) {
                dock->setFloating(false);
                dock->show();
            } else {
                dock->hide();
            }
        }
    };
    show("inspectorDock", m_keepInspector->isChecked());
    show("countersDock", m_keepCounters->isChecked());
}

void PresenterMode::setActive(bool on)
{
    if (on == m_active)
        return;
    m_active = on;
    const QSignalBlocker block(m_toggle);
    m_toggle->setChecked(on);
    TimelineZoom* zoom = m_timeline->zoom();
    QDockWidget* sequence
        = m_window->findChild<QDockWidget*>(QStringLiteral("sequenceDock"), Qt::FindDirectChildrenOnly);
    if (on) {
        m_state = m_window->saveState(m_layoutVersion);
        m_geometry = m_window->saveGeometry();
        m_menuBarShown = !m_window->menuBar()->isHidden();
        m_statusBarShown = !m_window->statusBar()->isHidden();
        m_timelineFont = m_timeline->font();
        m_sequenceFont = m_sequence->font();
        for (ScaledView& v : m_scaledViews)
            if (v.view)
                v.font = v.view->font();
        // Ctrl+= and Ctrl+- size the type now; the timeline keeps W and S for zooming.
        m_zoomInKeys = zoom->zoomInAction()->shortcuts();
        m_zoomOutKeys = zoom->zoomOutAction()->shortcuts();
        zoom->zoomInAction()->setShortcut(QKeySequence(Qt::Key_W));
        zoom->zoomOutAction()->setShortcut(QKeySequence(Qt::Key_S));
        for (QDockWidget* dock : m_window->findChildren<QDockWidget*>(QString(), Qt::FindDirectChildrenOnly)) {
            // Two strategies side by side stay when they were shown: the comparison is what the class is to see.
            const bool comparing = dock->objectName() == QLatin1String("compareDock") && dock->isVisible();
            if (dock != sequence && !comparing)
                dock->hide();
        }
        if (sequence) {
            sequence->setFloating(false);
            sequence->show();
        }
        showKeptDocks(); // the panels the presenter chose to keep
        for (QToolBar* bar : m_window->findChildren<QToolBar*>(QString(), Qt::FindDirectChildrenOnly))
            bar->hide();
        m_window->menuBar()->hide();
        m_window->statusBar()->hide();
        applyTypeScale();
        m_window->showFullScreen();
        // Without a window manager nothing makes a full-screen window fill the screen: do it here.
        if (QScreen* shown = m_window->screen(); shown && m_window->geometry() != shown->geometry())
            m_window->setGeometry(shown->geometry());
        // The sequence takes two fifths of the screen beside the timeline, once the window has its size.
        m_caption->setPresenting(true);
        // The sequence takes the share of the screen the presenter left it last time (two fifths at first).
        QTimer::singleShot(0, this, [this, sequence] {
            if (m_active && sequence)
                m_window->resizeDocks(
                    { sequence }, { int(std::lround(m_window->width() * sequenceShare())) }, Qt::Horizontal);
            m_caption->place();
        });
        m_timeline->setFocus(Qt::OtherFocusReason);
    } else {
        // Where the presenter dragged the splitter between the timeline and the sequence, for next time.
        if (sequence && sequence->isVisible() && !sequence->isFloating() && m_window->width() > 0)
            QSettings().setValue(QStringLiteral("presenter/sequenceShare"),
                std::clamp(double(sequence->width()) / double(m_window->width()), 0.15, 0.75));
        m_timeline->setFont(m_timelineFont);
        m_sequence->setFont(m_sequenceFont);
        for (const ScaledView& v : m_scaledViews)
            if (v.view)
                v.view->setFont(v.font);
        zoom->zoomInAction()->setShortcuts(m_zoomInKeys);
        zoom->zoomOutAction()->setShortcuts(m_zoomOutKeys);
        m_window->showNormal();
        m_window->restoreGeometry(m_geometry);
        m_window->restoreState(m_state, m_layoutVersion);
        m_window->menuBar()->setVisible(m_menuBarShown);
        m_window->statusBar()->setVisible(m_statusBarShown);
        Q_EMIT left();
        m_caption->setPresenting(false);
    }
    m_larger->setEnabled(on);
    m_smaller->setEnabled(on);
}

double PresenterMode::sequenceShare()
{
    return std::clamp(QSettings().value(QStringLiteral("presenter/sequenceShare"), 0.4).toDouble(), 0.15, 0.75);
}

void PresenterMode::setTypeScale(double scale)
{
    m_typeScale = std::clamp(scale, 1.0, 4.0);
    QSettings().setValue(QStringLiteral("presenter/typeScale"), m_typeScale);
    if (m_active)
        applyTypeScale();
}

void PresenterMode::applyTypeScale()
{
    const auto scaled = [this](QFont font) {
        if (font.pointSizeF() > 0)
            font.setPointSizeF(font.pointSizeF() * m_typeScale);
        else
            font.setPixelSize(std::max(1, int(std::lround(font.pixelSize() * m_typeScale))));
        return font;
    };
    m_timeline->setFont(scaled(m_timelineFont));
    m_sequence->setFont(scaled(m_sequenceFont));
    for (const ScaledView& v : m_scaledViews)
        if (v.view)
            v.view->setFont(scaled(v.font));
}

void PresenterMode::addScaledView(QWidget* view)
{
    m_scaledViews.append({ view, view->font() });
    if (m_active)
        applyTypeScale();
}

} // namespace iw
