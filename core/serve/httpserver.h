// The served service on a real socket (SPEC §11): a QTcpServer whose connections feed the strict incremental
// parser of httpparser.h and hand each request to a ServedService; used by `serve` and by the window. One thread, no
// thread per request: an answer delayed by handler_ms is a timer on the service clock, and a connection waiting for it
// costs its buffers only. Limits: 1,024 open connections (more are accepted and closed at once), 64 KiB of request head
// (431), 10 s to complete a request head, malformed HTTP → 400 and close.
#pragma once

#include "httpparser.h"
#include "servedservice.h"

#include <QAbstractSocket>
#include <QElapsedTimer>
#include <QHostAddress>
#include <QObject>
#include <QTimer>

#include <absl/container/flat_hash_map.h>

#include <functional>
#include <map>
#include <memory>

class QTcpServer;
class QTcpSocket;

namespace iw {

class ServeServer : public QObject {
    Q_OBJECT
public:
    struct Options {
        QHostAddress bind = QHostAddress::LocalHost;
        quint16 port = 8787;
        std::size_t maxBody = 1024 * 1024;
        int maxConnections = 1024;
        int headerTimeoutMs = 10'000;
        int bodyTimeoutMs = 30'000;
        // The baseline of bench/serve_throughput: every request that is not under /_workbench/ is answered 201 with
        // a constant body at once, without the service — the same sockets, parser and writer, no idempotency.
        bool constantAnswer = false;
        // When set, work that reaches the service (a request read, the service's own timer) is handed to this and
        // runs when it is called back. The window passes RunController::whenIdle: its PostgreSQL store waits for its
        // worker thread in a nested event loop, and a request read inside that loop would re-enter the simulation
        // under itself. Unset: the work runs at once.
        std::function<void(std::function<void()>)> whenIdle;
    };

    ServeServer(ServedService& service, Options options, QObject* parent = nullptr);
    ~ServeServer() override;

    bool listen(QString& error);
    // Why listen() failed (AddressInUseError, SocketAddressNotAvailableError, SocketAccessError, …).
    QAbstractSocket::SocketError listenError() const { return m_listenError; }
    quint16 port() const;
    QString url() const; // http://127.0.0.1:8787/
    int openConnections() const { return static_cast<int>(m_connections.size()); }
    std::int64_t servedRequests() const { return m_served; }
    // Stops accepting, lets the requests in flight finish (at most `graceMs`), closes everything, then calls `done`.
    void stop(int graceMs, std::function<void()> done);
    // Milliseconds since serving began: the wall clock the service runs on.
    Millis wall() const { return m_clock.elapsed(); }
    ServedService& service() { return m_service; }
    // The service clock moves forward by `ms` (POST /_workbench/clock, the window's Jump ahead…): work due before
    // the new instant completes first and its answers are written. Returns the new service time.
    Millis advanceClock(Millis ms);
    // Runs the service up to now and writes the answers due; returns the service clock (what a view beside shows).
    Millis pump();

signals:
    // A request was answered or otherwise settled: views refresh.
    void trafficChanged();
    // A problem worth one line on stderr (a store error while serving).
    void problem(const QString& sentence);

private:
    struct Connection;
    void accept();
    void whenIdle(std::function<void()> work);
    void readWhenIdle(Connection& c);
    void readFrom(Connection& c);
    void process(Connection& c);
    void handle(Connection& c, HttpRequest request);
    void handleManagement(Connection& c, const HttpRequest& request);
    void deliverAnswers();
    void respond(Connection& c, int status, const std::vector<std::pair<std::string, std::string>>& headers,
        const std::string& body, bool keepAlive);
    // Writes m_responseBytes to the connection, then closes it or waits for the next request.
    void written(Connection& c, bool keepAlive);
    void closeConnection(Connection& c, bool abort);
    void lingeringClose(Connection& c);
    void forget(Connection& c);
    void scheduleService();
    void runService();
    void armDeadline(Connection& c, int ms);
    void maybeFinishStop();

    ServedService& m_service;
    Options m_options;
    QTcpServer* m_server = nullptr;
    QElapsedTimer m_clock;
    QTimer m_serviceTimer;
    std::map<QTcpSocket*, std::unique_ptr<Connection>> m_connections;
    absl::flat_hash_map<std::uint64_t, Connection*> m_byTicket;
    std::vector<ServedAnswer> m_answerBuffer; // deliverAnswers' list, kept between calls
    bool m_delivering = false;
    std::string m_responseBytes; // the response being written, its buffer kept between responses
    std::vector<std::unique_ptr<Connection>> m_graveyard;
    std::int64_t m_served = 0;
    bool m_stopping = false;
    QAbstractSocket::SocketError m_listenError = QAbstractSocket::UnknownSocketError;
    std::function<void()> m_stopped;
    QTimer m_graceTimer;
};

} // namespace iw
