// File → Open Evidence… (see evidencelink.h).
#include "evidencelink.h"

#include "evidencewindow.h"
#include "icons.h"
#include "runcontroller.h"

#include <QAction>
#include <QWidget>

namespace iw {

EvidenceLink::EvidenceLink(RunController* run, QWidget* owner)
    : QObject(owner)
    , m_run(run)
    , m_owner(owner)
{
    m_open = new QAction(glyphIcon(QStringLiteral("⌕"), QColor(0x1F, 0x4E, 0xA8)), QString(), this);
    m_open->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    connect(m_open, &QAction::triggered, this, &EvidenceLink::openInteractive);
    retranslate();
}

void EvidenceLink::retranslate()
{
    m_open->setText(tr("Open &Evidence…"));
    m_open->setToolTip(tr("Rebuild an incident from its access logs, traces and HAR files: on the timeline, judged "
                          "against a profile, replayable as a scenario (Ctrl+Shift+O)"));
}

EvidenceWindow* EvidenceLink::window()
{
    if (!m_window) {
        // A window of its own (no parent): it stays behind the main window's dialogs and has its own taskbar entry.
        m_window = new EvidenceWindow;
        m_window->setAttribute(Qt::WA_DeleteOnClose, false);
        connect(m_owner, &QObject::destroyed, m_window.data(), &QObject::deleteLater);
        connect(m_window, &EvidenceWindow::replayScenario, this, &EvidenceLink::replay);
    }
    return m_window;
}

void EvidenceLink::openInteractive()
{
    EvidenceWindow* w = window();
    w->show();
    w->raise();
    w->activateWindow();
    if (!w->isReading())
        w->openInteractive();
}

void EvidenceLink::replay(const Scenario& scenario)
{
    m_run->load(scenario);
    Q_EMIT message(tr("The incident as a scenario: Play replays it; File → Save keeps it."), 8000);
    m_owner->raise();
    m_owner->activateWindow();
}

} // namespace iw
