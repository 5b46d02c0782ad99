// The HTTP/1.1 server of `serve` and of the window's Run → Serve over HTTP: sockets, limits and timers around the
// parser and ServedService.
#include "httpserver.h"

#include "json.h"

#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>

#include <sys/socket.h>

#include <algorithm>
#include <sstream>

namespace iw {

struct ServeServer::Connection {
    QTcpSocket* socket = nullptr;
    std::unique_ptr<HttpRequestParser> parser;
    QByteArray buffer; // bytes read but not yet given to the parser (while a request waits for its answer)
    std::optional<std::uint64_t> ticket; // the request waiting for its answer
    std::optional<std::uint64_t> unsettled; // an answer written but not yet flushed to the kernel
    bool keepAlive = true;
    bool continueSent = false;
    bool closing = false;
    bool lingering = false; // write side shut after a last answer; reading until the client closes
    bool dead = false; // forgotten: kept only until the event loop is back, so no handler touches freed memory
    bool readPending = false; // a read handed to Options::whenIdle has not run yet
    bool processing = false; // process() is on the stack for it: what it answers at once, that loop goes on from
    QTimer deadline;
};

namespace {

std::string problemJson(int status, const std::string& title, const std::string& detail)
{
    std::string body = "{\"type\": \"about:blank\", \"title\": ";
    json::appendString(body, title);
    body += ", \"status\": " + std::to_string(status) + ", \"detail\": ";
    json::appendString(body, detail);
    body += "}";
    return body;
}

} // namespace

ServeServer::ServeServer(ServedService& service, Options options, QObject* parent)
    : QObject(parent)
    , m_service(service)
    , m_options(options)
    , m_server(new QTcpServer(this))
{
    m_serviceTimer.setSingleShot(true);
    m_serviceTimer.setTimerType(Qt::PreciseTimer);
    connect(&m_serviceTimer, &QTimer::timeout, this, [this]() { whenIdle([this]() { runService(); }); });
    m_graceTimer.setSingleShot(true);
    connect(&m_graceTimer, &QTimer::timeout, this, [this]() {
        // The grace period is over: whatever is still in flight loses its connection.
        std::vector<Connection*> open;
        for (auto& [socket, c] : m_connections)
            open.push_back(c.get());
        for (Connection* c : open)
            closeConnection(*c, true);
        maybeFinishStop();
    });
    connect(m_server, &QTcpServer::newConnection, this, &ServeServer::accept);
    m_server->setMaxPendingConnections(256);
}

ServeServer::~ServeServer()
{
    for (auto& [socket, c] : m_connections) {
        socket->disconnect(this);
        socket->abort();
        socket->deleteLater();
    }
}

bool ServeServer::listen(QString& error)
{
    if (!m_server->listen(m_options.bind, m_options.port)) {
        m_listenError = m_server->serverError();
        error = QStringLiteral("cannot listen on %1 port %2: %3")
                    .arg(m_options.bind.toString())
                    .arg(m_options.port)
                    .arg(m_server->errorString());
        return false;
    }
    m_clock.start();
    m_service.beginServing(0);
    return true;
}

quint16 ServeServer::port() const
{
    return m_server->serverPort();
}

QString ServeServer::url() const
{
    QString host = m_options.bind.toString();
    if (m_options.bind.protocol() == QAbstractSocket::IPv6Protocol)
        host = QLatin1Char('[') + host + QLatin1Char(']');
    return QStringLiteral("http://%1:%2/").arg(host).arg(port());
}

void ServeServer::accept()
{
    while (QTcpSocket* socket = m_server->nextPendingConnection()) {
        if (m_stopping || static_cast<int>(m_connections.size()) >= m_options.maxConnections) {
            // Over the limit: accepted and closed at once, so the client learns it instead of waiting.
            socket->abort();
            socket->deleteLater();
            continue;
        }
        auto c = std::make_unique<Connection>();
        c->socket = socket;
        HttpRequestParser::Limits limits;
        limits.maxBodyBytes = m_options.maxBody;
        c->parser = std::make_unique<HttpRequestParser>(limits);
        // Qt stops reading from the kernel once this much waits unread: a client that sends while its request is
        // answered, or floods, costs at most this.
        socket->setReadBufferSize(256 * 1024);
        Connection* raw = c.get();
        c->deadline.setSingleShot(true);
        connect(&c->deadline, &QTimer::timeout, this, [this, raw]() {
            // Request head not complete in time (or a body that stalls): closed without an answer.
            if (!raw->dead)
                closeConnection(*raw, true);
        });
        connect(socket, &QTcpSocket::readyRead, this, [this, raw]() {
            if (!raw->dead)
                readWhenIdle(*raw);
        });
        connect(socket, &QTcpSocket::bytesWritten, this, [this, raw]() {
            if (raw->dead || raw->socket->bytesToWrite() > 0)
                return;
            if (raw->unsettled) {
                m_service.settle(*raw->unsettled, true);
                raw->unsettled.reset();
                emit trafficChanged();
            }
            if (raw->closing)
                lingeringClose(*raw);
        });
        connect(socket, &QTcpSocket::disconnected, this, [this, raw]() { forget(*raw); });
        connect(socket, &QTcpSocket::errorOccurred, this, [this, raw](QAbstractSocket::SocketError) {
            if (!raw->dead && raw->socket->state() != QAbstractSocket::ConnectedState)
                forget(*raw);
        });
        m_connections.emplace(socket, std::move(c));
        armDeadline(*raw, m_options.headerTimeoutMs);
        if (socket->bytesAvailable() > 0)
            readWhenIdle(*raw);
    }
}

void ServeServer::whenIdle(std::function<void()> work)
{
    if (!m_options.whenIdle) {
        work();
        return;
    }
    m_options.whenIdle([guard = QPointer<ServeServer>(this), work = std::move(work)]() {
        if (guard)
            work();
    });
}

void ServeServer::readWhenIdle(Connection& c)
{
    if (c.readPending)
        return; // the read already waiting takes whatever has arrived since
    c.readPending = true;
    QTcpSocket* socket = c.socket;
    whenIdle([this, socket]() {
        // Looked up again: the connection may have gone while the read waited.
        const auto it = m_connections.find(socket);
        if (it == m_connections.end())
            return;
        Connection& waited = *it->second;
        waited.readPending = false;
        if (!waited.dead)
            readFrom(waited);
    });
}

void ServeServer::armDeadline(Connection& c, int ms)
{
    c.deadline.start(ms);
}

void ServeServer::readFrom(Connection& c)
{
    if (c.closing) {
        c.socket->readAll(); // a refused body still arriving: read and dropped until the client closes
        return;
    }
    if (c.ticket) // one request at a time per connection: the rest waits in the socket (bounded above)
        return;
    c.buffer += c.socket->readAll();
    process(c);
}

void ServeServer::process(Connection& c)
{
    // Restored on every way out; a connection is freed only once the event loop is back, so `c` outlives this.
    struct Processing {
        bool& flag;
        bool was;
        ~Processing() { flag = was; }
    } processing { c.processing, c.processing };
    c.processing = true;
    while (!c.ticket && !c.closing && !c.buffer.isEmpty()) {
        const bool started = c.parser->startedRequest();
        const std::size_t used
            = c.parser->feed(std::string_view(c.buffer.constData(), static_cast<std::size_t>(c.buffer.size())));
        c.buffer.remove(0, static_cast<qsizetype>(used));
        if (!started && c.parser->startedRequest())
            armDeadline(c, m_options.headerTimeoutMs);
        switch (c.parser->state()) {
        case HttpRequestParser::State::Error: {
            const int status = c.parser->errorStatus();
            respond(c, status, { { "Content-Type", "application/problem+json" } },
                problemJson(status, std::string(httpReasonPhrase(status)), c.parser->errorMessage()), false);
            return;
        }
        case HttpRequestParser::State::Complete: {
            HttpRequest request = c.parser->takeRequest();
            c.parser->reset();
            c.continueSent = false;
            c.deadline.stop();
            handle(c, std::move(request));
            break;
        }
        case HttpRequestParser::State::NeedMore:
            if (c.parser->inBody()) {
                if (!c.deadline.isActive() || c.deadline.interval() != m_options.bodyTimeoutMs)
                    armDeadline(c, m_options.bodyTimeoutMs);
                if (!c.continueSent && c.parser->expectsContinue()) {
                    // "Expect: 100-continue" (curl sends it for larger bodies): go on.
                    c.continueSent = true;
                    c.socket->write("HTTP/1.1 100 Continue\r\n\r\n");
                }
            }
            return;
        }
    }
}

void ServeServer::handle(Connection& c, HttpRequest request)
{
    c.keepAlive = request.keepAlive && !m_stopping;
    const std::string path = request.path();
    if (path == "/_workbench" || path.rfind("/_workbench/", 0) == 0) {
        handleManagement(c, request);
        return;
    }
    if (m_options.constantAnswer) {
        ++m_served;
        respond(c, 201, { { "Content-Type", "application/json" } }, "{\"result_id\": \"e1\"}", c.keepAlive);
        return;
    }
    ServedRequest served = m_service.read(std::move(request));
    try {
        const std::uint64_t ticket = m_service.submit(std::move(served), wall());
        c.ticket = ticket;
        m_byTicket[ticket] = &c;
        c.deadline.stop();
        deliverAnswers();
    } catch (const std::exception& e) {
        emit problem(QString::fromStdString(e.what()));
        respond(c, 500, { { "Content-Type", "application/problem+json" } },
            problemJson(500, "Service failure", e.what()), false);
    }
    scheduleService();
}

void ServeServer::handleManagement(Connection& c, const HttpRequest& request)
{
    const std::string path = request.path();
    const auto json = [](int) {
        return std::vector<std::pair<std::string, std::string>> { { "Content-Type", "application/json" } };
    };
    const auto refuse = [&](int status, const std::string& detail) {
        respond(c, status, { { "Content-Type", "application/problem+json" } },
            problemJson(status, std::string(httpReasonPhrase(status)), detail), c.keepAlive);
    };
    try {
        if (path == "/_workbench/report") {
            if (request.method != "GET")
                return refuse(405, "GET /_workbench/report");
            m_service.advance(wall());
            deliverAnswers();
            std::ostringstream out;
            m_service.writeReport(out);
            return respond(c, 200, json(0), out.str(), c.keepAlive);
        }
        if (path == "/_workbench/clock") {
            if (request.method != "POST")
                return refuse(405, "POST /_workbench/clock with {\"advance_ms\": N}");
            Millis ms = -1;
            try {
                const json::Value body = json::parse(request.body.empty() ? std::string("{}") : request.body);
                const json::Value* advance = body.find("advance_ms");
                if (advance && advance->isNumber() && advance->number >= 0 && advance->number <= 9007199254740992.0
                    && advance->numberText.find_first_of(".eE-") == std::string::npos)
                    ms = static_cast<Millis>(advance->number);
            } catch (const json::ParseError& e) {
                return refuse(400, std::string("the body is not JSON: ") + e.what());
            }
            if (ms < 0)
                return refuse(400, "advance_ms must be a non-negative integer: {\"advance_ms\": N}");
            const Millis now = advanceClock(ms);
            return respond(c, 200, json(0), "{\"now_ms\": " + std::to_string(now) + "}", c.keepAlive);
        }
        if (path == "/_workbench/reset") {
            if (request.method != "POST")
                return refuse(405, "POST /_workbench/reset");
            if (!m_service.canReset())
                return refuse(409, "this server cannot be reset from the wire");
            // Requests still waiting belong to the traffic being thrown away: their connections close.
            std::vector<std::pair<std::uint64_t, Connection*>> waiting(m_byTicket.begin(), m_byTicket.end());
            std::sort(waiting.begin(), waiting.end()); // in ticket order, whatever the table's
            m_byTicket.clear();
            for (const auto& [ticket, w] : waiting) {
                w->ticket.reset();
                closeConnection(*w, true);
            }
            m_service.reset(wall());
            m_served = 0;
            scheduleService();
            emit trafficChanged();
            return respond(c, 200, json(0), "{\"now_ms\": 0}", c.keepAlive);
        }
        const std::string prefix = "/_workbench/problems/";
        if (path.rfind(prefix, 0) == 0) {
            if (request.method != "GET" && request.method != "HEAD")
                return refuse(405, "GET " + path);
            if (auto page = problemPage(path.substr(prefix.size()), m_service.servedScenario().service))
                return respond(c, 200, { { "Content-Type", "text/html; charset=utf-8" } }, *page, c.keepAlive);
            return refuse(404, "no such decision: " + path.substr(prefix.size()));
        }
        return refuse(404, "no such workbench path (report, clock, reset, problems/<decision>)");
    } catch (const std::exception& e) {
        emit problem(QString::fromStdString(e.what()));
        return refuse(500, e.what());
    }
}

void ServeServer::deliverAnswers()
{
    // The list is swapped with a buffer kept between calls; a call nested in another (an answer let a pipelined
    // request through, and it was answered at once) takes a list of its own.
    const bool outermost = !m_delivering;
    std::vector<ServedAnswer> answers = outermost ? std::move(m_answerBuffer) : std::vector<ServedAnswer>();
    m_delivering = true;
    m_service.takeAnswers(answers);
    for (ServedAnswer& a : answers) {
        const auto it = m_byTicket.find(a.ticket);
        if (it == m_byTicket.end())
            continue;
        Connection& c = *it->second;
        m_byTicket.erase(it);
        c.ticket.reset();
        ++m_served;
        if (!a.respond) {
            // drop_request, drop_response, a crash: the connection closes without a byte of response.
            closeConnection(c, false);
            continue;
        }
        c.unsettled = a.ticket;
        const bool keepAlive = c.keepAlive && !m_stopping;
        if (!c.closing) {
            m_responseBytes.clear();
            a.appendResponse(m_responseBytes, keepAlive);
            written(c, keepAlive);
        }
        // Answered at once, inside process() for this connection: that loop reads on (a pipelined request, or the
        // next readyRead). Answered later: a pipelined request may be waiting, read already or still in the socket's
        // buffer, where it came while readFrom() left it (its readyRead will not come again).
        if (c.processing)
            continue;
        if (!c.closing)
            process(c);
        if (!c.closing && !c.ticket && c.buffer.isEmpty() && c.socket->bytesAvailable() > 0)
            readFrom(c);
    }
    if (outermost) {
        answers.clear();
        m_answerBuffer = std::move(answers);
        m_delivering = false;
    }
    emit trafficChanged();
    maybeFinishStop();
}

void ServeServer::respond(Connection& c, int status, const std::vector<std::pair<std::string, std::string>>& headers,
    const std::string& body, bool keepAlive)
{
    if (c.closing)
        return;
    // formatHttpResponse, into the kept buffer.
    m_responseBytes.clear();
    beginHttpResponse(m_responseBytes, status);
    for (const auto& [name, value] : headers)
        appendHttpField(m_responseBytes, name, value);
    endHttpResponse(m_responseBytes, body, keepAlive);
    written(c, keepAlive);
}

void ServeServer::written(Connection& c, bool keepAlive)
{
    c.socket->write(m_responseBytes.data(), static_cast<qint64>(m_responseBytes.size()));
    if (!keepAlive) {
        c.closing = true;
        if (c.socket->bytesToWrite() == 0)
            lingeringClose(c);
    } else {
        armDeadline(c, m_options.headerTimeoutMs); // the next request head (or an idle keep-alive) gets 10 s
    }
}

void ServeServer::lingeringClose(Connection& c)
{
    // The answer is out. Closing now while unread bytes (a refused body) sit in the kernel would send a reset that
    // can destroy the answer before the client reads it; so the write side shuts first, what still arrives is read
    // and dropped, and the connection ends when the client closes or 2 s later.
    if (c.dead || c.lingering)
        return;
    c.lingering = true;
    c.socket->flush();
    ::shutdown(static_cast<int>(c.socket->socketDescriptor()), SHUT_WR);
    c.socket->readAll();
    armDeadline(c, 2000);
}

void ServeServer::closeConnection(Connection& c, bool abort)
{
    if (c.dead)
        return;
    if (c.ticket) {
        m_service.clientGone(*c.ticket);
        m_byTicket.erase(*c.ticket);
        c.ticket.reset();
    }
    c.closing = true;
    c.deadline.stop();
    if (abort)
        c.socket->abort();
    else
        c.socket->disconnectFromHost();
    if (!c.dead && c.socket->state() == QAbstractSocket::UnconnectedState)
        forget(c);
}

void ServeServer::forget(Connection& c)
{
    if (c.dead)
        return;
    const auto it = m_connections.find(c.socket);
    if (it == m_connections.end())
        return;
    c.dead = true;
    if (c.ticket) {
        // Its client went away while its answer was pending: the service finishes the work; the answer is lost.
        m_service.clientGone(*c.ticket);
        m_byTicket.erase(*c.ticket);
    }
    if (c.unsettled) {
        m_service.settle(*c.unsettled, c.socket->bytesToWrite() == 0);
        emit trafficChanged();
    }
    c.deadline.stop();
    QTcpSocket* socket = c.socket;
    socket->disconnect(this);
    socket->deleteLater();
    // Freed once the event loop is back: the caller, or the timer or socket signal that led here, may still read it.
    m_graveyard.push_back(std::move(it->second));
    m_connections.erase(it);
    if (m_graveyard.size() == 1)
        QTimer::singleShot(0, this, [this]() { m_graveyard.clear(); });
    maybeFinishStop();
}

void ServeServer::scheduleService()
{
    const auto due = m_service.nextDue();
    if (!due) {
        m_serviceTimer.stop();
        return;
    }
    const Millis wait = std::max<Millis>(0, *due - wall());
    m_serviceTimer.start(static_cast<int>(std::min<Millis>(wait, 60'000)));
}

Millis ServeServer::advanceClock(Millis ms)
{
    const Millis now = m_service.advanceClock(ms, wall());
    deliverAnswers();
    scheduleService();
    emit trafficChanged();
    return now;
}

Millis ServeServer::pump()
{
    runService();
    return m_service.now(wall());
}

void ServeServer::runService()
{
    try {
        m_service.advance(wall());
    } catch (const std::exception& e) {
        emit problem(QString::fromStdString(e.what()));
    }
    deliverAnswers();
    scheduleService();
}

void ServeServer::stop(int graceMs, std::function<void()> done)
{
    m_stopping = true;
    m_stopped = std::move(done);
    m_server->close();
    // Idle connections close now; those with a request in flight get their answer first.
    std::vector<Connection*> idle;
    for (auto& [socket, c] : m_connections) {
        if (!c->ticket)
            idle.push_back(c.get());
    }
    for (Connection* c : idle)
        closeConnection(*c, false);
    m_graceTimer.start(graceMs);
    maybeFinishStop();
}

void ServeServer::maybeFinishStop()
{
    if (!m_stopping || !m_stopped || !m_byTicket.empty())
        return;
    // Taken first: closing the connections below comes back here through forget().
    auto done = std::move(m_stopped);
    m_stopped = nullptr;
    std::vector<Connection*> open;
    for (auto& [socket, c] : m_connections)
        open.push_back(c.get());
    for (Connection* c : open)
        closeConnection(*c, false);
    m_graceTimer.stop();
    QTimer::singleShot(0, this, [done]() { done(); });
}

} // namespace iw
