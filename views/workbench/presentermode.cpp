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
        // Ctrl+= and Ctrl+- size the type now; the timeline keeps W and S for zooming.
        m_zoomInKeys = zoom->zoomInAction()->shortcuts();
        m_zoomOutKeys = zoom->zoomOutAction()->shortcuts();
        zoom->zoomInAction()->setShortcut(QKeySequence(Qt::Key_W));
        zoom->zoomOutAction()->setShortcut(QKeySequence(Qt::Key_S));
        for (QDockWidget* dock : m_window->findChildren<QDockWidget*>(QString(), Qt::FindDirectChildrenOnly)) {
            if (dock != sequence)
                dock->hide();
        }
        if (sequence) {
            sequence->setFloating(false);
            sequence->show();
        }
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
        QTimer::singleShot(0, this, [this, sequence] {
            if (m_active && sequence)
                m_window->resizeDocks({ sequence }, { m_window->width() * 2 / 5 }, Qt::Horizontal);
            m_caption->place();
        });
        m_timeline->setFocus(Qt::OtherFocusReason);
    } else {
        m_timeline->setFont(m_timelineFont);
        m_sequence->setFont(m_sequenceFont);
        zoom->zoomInAction()->setShortcuts(m_zoomInKeys);
        zoom->zoomOutAction()->setShortcuts(m_zoomOutKeys);
        m_window->showNormal();
        m_window->restoreGeometry(m_geometry);
        m_window->restoreState(m_state, m_layoutVersion);
        m_window->menuBar()->setVisible(m_menuBarShown);
        m_window->statusBar()->setVisible(m_statusBarShown);
        Q_EMIT left();
        m_caption->place();
    }
    m_larger->setEnabled(on);
    m_smaller->setEnabled(on);
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
}

} // namespace iw
