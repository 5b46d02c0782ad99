// File → Open Evidence… (issue 47): the main window's link to the evidence window. It owns the action, opens the
// window (created on first use, kept when closed) with the Open Evidence dialog, and loads the incident a Replay as
// Scenario hands back into the workbench's run. It lives with the workbench because it drives the run controller.
#pragma once

#include <QObject>
#include <QPointer>

class QAction;
class QWidget;

namespace iw {

class EvidenceWindow;
class RunController;
struct Scenario;

class EvidenceLink : public QObject {
    Q_OBJECT
public:
    EvidenceLink(RunController* run, QWidget* owner);

    QAction* openAction() const { return m_open; }
    // The evidence window, created on first use.
    EvidenceWindow* window();
    // The action's text and tip in the language now in use (MainWindow::retranslate calls it).
    void retranslate();

Q_SIGNALS:
    void message(const QString& text, int timeoutMs);

private:
    void openInteractive();
    void replay(const Scenario& scenario);

    RunController* m_run = nullptr;
    QWidget* m_owner = nullptr;
    QAction* m_open = nullptr;
    QPointer<EvidenceWindow> m_window;
};

} // namespace iw
