// Run → Serve over HTTP in the window: real HTTP clients (curl, a browser, an SDK) talk to the scenario's service
// beside its simulated clients, through a ServeSession. Owns Serve over HTTP…, Stop serving, Jump ahead…, Save
// traffic as scenario… and Copy as curl (of the selected request; the scenario panel's Copy as curl of its request
// form too), enabled as serving allows, and the address last served on.
#pragma once

#include <QObject>
#include <QString>

#include <functional>

class QAction;
class QWidget;

namespace iw {

class RunController;
class ScenarioPanel;
class ServeSession;

class ServeController : public QObject {
    Q_OBJECT
public:
    // `window` parents the dialogs; `currentRequest` says which request Copy as curl copies (-1: none).
    ServeController(ServeSession* serve, RunController* run, ScenarioPanel* panel, QWidget* window,
        std::function<int()> currentRequest);

    // Serves without the dialog: `bind` an IP address (or "localhost"), `port` 0 for any free one. Returns the error
    // sentence the dialog shows, or empty on success.
    QString startServing(const QString& bind, int port);
    void stopServing();
    ServeSession* session() const { return m_serve; }

    // Copy as curl: the command line for the request form, or for request `request` of the simulation; empty when
    // nothing is served (or the form's payload is not JSON). The copy actions put it on the clipboard.
    QString curlForForm() const;
    QString curlForRequest(int request) const;

    QAction* serveAction() const { return m_serveAction; }
    QAction* stopAction() const { return m_stopAction; }
    QAction* jumpAheadAction() const { return m_jumpAction; }
    QAction* saveTrafficAction() const { return m_saveTrafficAction; }
    QAction* copyRequestCurlAction() const { return m_copyRequestCurlAction; }

    void retranslate();

Q_SIGNALS:
    // A sentence for the status bar, shown for `timeoutMs`.
    void message(const QString& text, int timeoutMs);

private:
    void serveInteractive();
    void jumpAheadInteractive();
    void saveTrafficInteractive();
    void syncActions();
    void copy(const QString& text);

    ServeSession* m_serve;
    RunController* m_run;
    ScenarioPanel* m_panel;
    QWidget* m_window;
    std::function<int()> m_currentRequest;
    QAction* m_serveAction = nullptr;
    QAction* m_stopAction = nullptr;
    QAction* m_jumpAction = nullptr;
    QAction* m_saveTrafficAction = nullptr;
    QAction* m_copyRequestCurlAction = nullptr;
    QString m_lastBind = QStringLiteral("127.0.0.1");
    int m_lastPort = 8787;
};

} // namespace iw
