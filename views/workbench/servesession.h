// Run → Serve over HTTP (docs/reference/serve.md in the window): a ServeServer whose requests join the simulation the
// window plays, beside its simulated clients, so served traffic appears on the timeline, tables, inspector and counters
// exactly as simulated traffic. While serving, the run controller's clock is the service's (1×, wall time plus Jump
// ahead…). Also builds the "Copy as curl" command lines that send a request to the running server.
#pragma once

#include "scenario.h"

#include <QHostAddress>
#include <QObject>
#include <QString>

#include <memory>

namespace iw {

class RunController;
class ServeServer;
class ServedService;

class ServeSession : public QObject {
    Q_OBJECT
public:
    explicit ServeSession(RunController* run, QObject* parent = nullptr);
    ~ServeSession() override;

    // Starts serving the open scenario's service policy and faults on `bind`:`port` (0: any free port). On failure
    // returns false with one sentence in `error` (the port is taken, the address is not this machine's, …) and
    // nothing changed.
    bool start(const QHostAddress& bind, quint16 port, QString& error);
    // Stops serving: no new connections, requests in flight get their answers (at most `graceMs`), then the clock
    // is the run controller's own again.
    void stop(int graceMs = 2000);
    // Ends serving at once (the simulation is about to go): open connections are closed.
    void abort();

    bool isServing() const { return static_cast<bool>(m_server); }
    QString url() const; // http://127.0.0.1:8787/
    quint16 port() const;
    // Requests that arrived over HTTP since serving began (or the last reset on the wire).
    qint64 requestCount() const;
    // "serving http://127.0.0.1:8787/ · 3 requests"; empty when not serving.
    QString statusText() const;
    // Moves the service clock forward (the window's Jump ahead…, as POST /_workbench/clock); returns the new instant.
    Millis jumpAhead(Millis ms);
    // scenario@1 of the served traffic, as `serve --record` writes it.
    std::string recording() const;
    // Writes recording() to `path` atomically; an error sentence, or empty on success.
    QString saveRecording(const QString& path) const;

    ServeServer* server() const { return m_server.get(); }
    ServedService* service() const { return m_service.get(); }

Q_SIGNALS:
    void servingChanged(bool serving);
    // A request arrived, was answered, or the clock moved: the status text changed.
    void trafficChanged();
    // A problem while serving (a store error), in one sentence.
    void problem(const QString& sentence);

private:
    void tearDown();

    RunController* m_run = nullptr;
    std::unique_ptr<ServedService> m_service;
    std::unique_ptr<ServeServer> m_server;
    Scenario m_startScenario; // what POST /_workbench/reset goes back to
    bool m_resetting = false;
    bool m_stopping = false;
};

// A command line that, pasted into a terminal, sends `spec` from client `clientId` acting as `actor` to the server
// at `baseUrl` (http://host:port/): curl with the operation's method and path, Idempotency-Key as an RFC 8941
// sf-string (or a bare token when it cannot be one) — or, under key_syntax raw (docs/reference/decisions.md#profiles),
// as the key's text —, X-Actor, X-Client, X-Intent when named, the entry's query string, and the payload as a JSON
// body. An operation that is not "METHOD /path" is sent as POST /<operation>. `autoKey` stands for a key the simulation
// would draw (KeyKind::Auto).
QString curlCommand(const RequestSpec& spec, const std::string& clientId, const std::string& actor,
    const QString& baseUrl, const std::string& autoKey = {}, KeySyntax keySyntax = KeySyntax::SfString);
// `text` quoted for a POSIX shell: '…' with ' written as '\''.
QString shellQuote(const QString& text);

} // namespace iw
