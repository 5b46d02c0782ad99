// The served service on a real socket (docs/reference/serve.md): a QTcpServer listens; each accepted connection is a
// non-blocking descriptor of our own, read and written through QSocketNotifiers, whose bytes feed the strict
// incremental parser of httpparser.h, and each request goes to a ServedService; used by `serve` and by the window. One
// thread, no thread per request: an answer delayed by handler_ms is a timer on the service clock, and a connection
// waiting for it costs its buffers only.
//
// Limits: 1,024 open connections (more are accepted and closed at once), 64 KiB of request head (431), 10 s to
// complete a request head, malformed HTTP → 400 and close; at most 256 KiB read ahead of the parser and 1 MiB of
// answers unsent per connection (past it, nothing more is read or answered there until the client reads), and 10 s
// for the client to take any of what is unsent before the connection is closed. A client that half-closes after its
// request (shutdown(SHUT_WR)) still gets its answers; an answer counts as received once the client's TCP
// acknowledged its last byte.
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
        // A connection whose unsent answers pass this stops being read and answered until the client reads them
        // (a client that pipelines and never reads would otherwise grow the server without bound).
        std::size_t maxUnsentBytes = 1024 * 1024;
        // A connection with answers unsent that takes none of them for this long is closed.
        int writeTimeoutMs = 10'000;
        // Non-empty: /_workbench/reset, /_workbench/clock and /_workbench/report need `Authorization: Bearer
        // <token>`, else 401 (`serve` sets it when it listens beyond loopback, docs/reference/serve.md Management).
        std::string managementToken;
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
    // the new instant completes first and its answers are written. Returns the new service time; the clock stops at
    // kMaxServedClockMs.
    Millis advanceClock(Millis ms);
    // Runs the service up to now and writes the answers due; returns the service clock (what a view beside shows).
    Millis pump();

signals:
    // A request was answered or otherwise settled: views refresh.
    void trafficChanged();
    // A problem worth one line on stderr (a store error while serving). It may quote what a client sent.
    void problem(const QString& sentence);

private:
    struct Connection;
    void accept(qintptr descriptor);
    void whenIdle(std::function<void()> work);
    void readWhenIdle(Connection& c);
    void readFrom(Connection& c);
    void process(Connection& c);
    void handle(Connection& c, HttpRequest request);
    void handleManagement(Connection& c, const HttpRequest& request);
    void deliverAnswers();
    void respond(Connection& c, int status, const std::vector<std::pair<std::string, std::string>>& headers,
        const std::string& body, bool keepAlive);
    // The answer just appended to c.out is complete: send what the socket takes, then close or wait for the next.
    void written(Connection& c, bool keepAlive);
    void flush(Connection& c);
    // Appends the next slice of the report streamed to `c` (chunked), or its end, and sends what the socket takes.
    void feedReport(Connection& c);
    bool outputFull(const Connection& c) const;
    void updateNotifiers(Connection& c);
    void checkAcknowledged();
    // Settles the answers the client's TCP acknowledged; at `final`, the rest as not received. `knownError`: the
    // socket's pending error when the caller knows it (0: none), else -1 (it is asked for).
    void settleAcknowledged(Connection& c, bool final, int knownError = -1);
    void closeConnection(Connection& c, bool abort);
    void lingeringClose(Connection& c);
    void maybeFinishLinger(Connection& c);
    void forget(Connection& c);
    void scheduleService();
    void runService();
    void armDeadline(Connection& c, int ms);
    void maybeFinishStop();
    void outOfMemory(Connection& c);

    ServedService& m_service;
    Options m_options;
    QTcpServer* m_server = nullptr;
    QElapsedTimer m_clock;
    QTimer m_serviceTimer;
    Millis m_serviceTimerAt = 0; // the wall instant m_serviceTimer fires at, while it is active
    QTimer m_ackTimer; // while an answer waits for the client's acknowledgement
    std::uint64_t m_ackPolls = 0; // how many times m_ackTimer has fired
    std::map<int, std::unique_ptr<Connection>> m_connections; // by descriptor
    absl::flat_hash_map<std::uint64_t, Connection*> m_byTicket;
    std::vector<ServedAnswer> m_answerBuffer; // deliverAnswers' list, kept between calls
    bool m_delivering = false;
    std::vector<std::unique_ptr<Connection>> m_graveyard;
    std::int64_t m_served = 0;
    bool m_stopping = false;
    QAbstractSocket::SocketError m_listenError = QAbstractSocket::UnknownSocketError;
    std::function<void()> m_stopped;
    QTimer m_graceTimer;
    bool m_graceOver = false;
};

// Whether `serve --bind ADDRESS` reaches beyond this machine, so that its management endpoints need a token: any
// address but a loopback one (0.0.0.0 and :: listen on every interface).
bool bindsBeyondLoopback(const QHostAddress& address);
// A fresh management token: 32 bytes of OpenSSL's RAND_bytes as 64 hexadecimal digits; empty if RAND failed.
std::string randomManagementToken();

} // namespace iw
