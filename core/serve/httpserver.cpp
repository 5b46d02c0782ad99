// The HTTP/1.1 server of `serve` and of the window's Run → Serve over HTTP: sockets, limits and timers around the
// parser and ServedService. Accepted connections are plain non-blocking descriptors rather than QTcpSockets: a
// QTcpSocket closes itself when the client shuts its sending side, so a client that half-closes after its request
// lost its answer (issue 48 finding 15), and its write buffer grows without bound for a client that never reads
// (finding 13).
#include "httpserver.h"

#include "json.h"
#include "report.h"

#include <QPointer>
#include <QSocketNotifier>
#include <QTcpServer>

#include <openssl/crypto.h>
#include <openssl/rand.h>

#include <fcntl.h>
#include <linux/sockios.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <new>

namespace iw {

namespace {

// Read ahead of the parser at most this much: a request waiting for its answer, or a connection whose answers are
// not read, leaves the rest in the kernel, where TCP's flow control holds the client back.
constexpr std::size_t kMaxReadAhead = 256 * 1024;
constexpr int kLingerMs = 2000;
constexpr int kAckPollMs = 5;
// A streamed report (GET /_workbench/report) writes about this much per turn of the event loop, and only once the
// client has taken the last slice: other connections wait for one slice at most, and the report holds one at a time.
constexpr std::size_t kReportSliceBytes = 64 * 1024;

// A QTcpServer that hands over the accepted descriptor instead of making a QTcpSocket of it.
class Listener : public QTcpServer {
public:
    std::function<void(qintptr)> onIncoming;

protected:
    void incomingConnection(qintptr descriptor) override
    {
        if (onIncoming)
            onIncoming(descriptor);
        else
            ::close(static_cast<int>(descriptor));
    }
};

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

struct ServeServer::Connection {
    int fd = -1;
    std::unique_ptr<QSocketNotifier> readable;
    std::unique_ptr<QSocketNotifier> writable;
    std::unique_ptr<HttpRequestParser> parser;
    std::string in; // bytes read but not yet given to the parser
    std::string out; // answers not yet taken by the socket, from outSent on
    std::size_t outSent = 0;
    std::optional<std::uint64_t> ticket; // the request waiting for its answer
    std::vector<std::uint64_t> unacknowledged; // answers handed to the socket, not yet acknowledged by the client
    std::uint64_t handedAtPoll = 0; // ServeServer::m_ackPolls when its last answer was handed to the socket
    bool keepAlive = true;
    bool head = false; // the request being answered is HEAD: its answer has no body
    bool continueSent = false;
    bool peerDone = false; // end of stream read: the client sends nothing more (it may still read)
    bool closing = false; // the last answer is queued; the connection ends once it is out
    bool lingering = false; // write side shut after the last answer; reading until the client closes
    bool dead = false; // forgotten: kept only until the event loop is back, so no handler touches freed memory
    bool readPending = false; // a read handed to Options::whenIdle has not run yet
    bool processing = false; // process() is on the stack for it: what it answers at once, that loop goes on from
    // A report being streamed (chunked) to it: nothing more is read or answered there until its last chunk.
    std::unique_ptr<ReportStream> report;
    bool reportKeepAlive = true;
    QTimer deadline;
};

bool bindsBeyondLoopback(const QHostAddress& address)
{
    return !address.isLoopback();
}

std::string randomManagementToken()
{
    unsigned char bytes[32];
    if (RAND_bytes(bytes, sizeof bytes) != 1)
        return {};
    static const char digits[] = "0123456789abcdef";
    std::string out;
    for (const unsigned char b : bytes) {
        out += digits[b >> 4];
        out += digits[b & 15];
    }
    return out;
}

ServeServer::ServeServer(ServedService& service, Options options, QObject* parent)
    : QObject(parent)
    , m_service(service)
    , m_options(std::move(options))
{
    auto* listener = new Listener();
    listener->setParent(this);
    listener->onIncoming = [this](qintptr descriptor) { accept(descriptor); };
    m_server = listener;
    m_serviceTimer.setSingleShot(true);
    m_serviceTimer.setTimerType(Qt::PreciseTimer);
    connect(&m_serviceTimer, &QTimer::timeout, this, [this]() { whenIdle([this]() { runService(); }); });
    m_ackTimer.setInterval(kAckPollMs);
    connect(&m_ackTimer, &QTimer::timeout, this, &ServeServer::checkAcknowledged);
    m_graceTimer.setSingleShot(true);
    connect(&m_graceTimer, &QTimer::timeout, this, [this]() {
        // The grace period is over: whatever is still in flight loses its connection.
        m_graceOver = true;
        std::vector<Connection*> open;
        for (auto& [fd, c] : m_connections)
            open.push_back(c.get());
        for (Connection* c : open)
            closeConnection(*c, true);
        maybeFinishStop();
    });
    m_service.setProblemHandler(
        [this](const std::string& sentence) { emit problem(QString::fromStdString(sentence)); });
}

ServeServer::~ServeServer()
{
    m_service.setProblemHandler({});
    for (auto& [fd, c] : m_connections) {
        c->readable.reset();
        c->writable.reset();
        ::close(fd);
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

void ServeServer::accept(qintptr descriptor)
{
    const int fd = static_cast<int>(descriptor);
    if (m_stopping || static_cast<int>(m_connections.size()) >= m_options.maxConnections) {
        // Over the limit: accepted and closed at once, so the client learns it instead of waiting.
        ::close(fd);
        return;
    }
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
    const int one = 1;
    ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one); // an answer is one write: send it at once
    auto c = std::make_unique<Connection>();
    c->fd = fd;
    HttpRequestParser::Limits limits;
    limits.maxBodyBytes = m_options.maxBody;
    c->parser = std::make_unique<HttpRequestParser>(limits);
    Connection* raw = c.get();
    c->readable = std::make_unique<QSocketNotifier>(fd, QSocketNotifier::Read);
    connect(c->readable.get(), &QSocketNotifier::activated, this, [this, raw]() {
        if (!raw->dead)
            readWhenIdle(*raw);
    });
    c->writable = std::make_unique<QSocketNotifier>(fd, QSocketNotifier::Write);
    c->writable->setEnabled(false);
    connect(c->writable.get(), &QSocketNotifier::activated, this, [this, raw]() {
        if (raw->dead)
            return;
        if (raw->report && raw->outSent == raw->out.size())
            feedReport(*raw); // the client took the last slice of its report: the next one
        else
            flush(*raw);
    });
    c->deadline.setSingleShot(true);
    connect(&c->deadline, &QTimer::timeout, this, [this, raw]() {
        if (raw->dead)
            return;
        if (raw->lingering) {
            forget(*raw); // the client did not close within the linger time
            return;
        }
        // An idle kept-alive connection closes politely (a client's pool may be about to reuse it); a request head
        // not complete in time, a body that stalls, or answers the client does not take end with a reset.
        const bool idle
            = !raw->parser->startedRequest() && raw->in.empty() && raw->outSent == raw->out.size() && !raw->ticket;
        closeConnection(*raw, !idle);
    });
    m_connections.emplace(fd, std::move(c));
    armDeadline(*raw, m_options.headerTimeoutMs);
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
    // No more notifications until the read has run: a level-triggered notifier would fire again meanwhile.
    c.readable->setEnabled(false);
    if (c.readPending)
        return;
    c.readPending = true;
    const int fd = c.fd;
    Connection* raw = &c;
    whenIdle([this, fd, raw]() {
        // Looked up again: the connection may have gone while the read waited.
        const auto it = m_connections.find(fd);
        if (it == m_connections.end() || it->second.get() != raw)
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
    char chunk[64 * 1024];
    bool gone = false;
    // What the reads say of a socket error: -1 nothing (they did not end on EAGAIN), 0 none pending (a read returns a
    // pending error before it says EAGAIN), else the error a read returned.
    int readError = -1;
    try {
        while (!c.peerDone && (c.closing || c.lingering || c.in.size() < kMaxReadAhead)) {
            const ssize_t n = ::recv(c.fd, chunk, sizeof chunk, 0);
            if (n > 0) {
                // A refused body still arriving, or anything after the last answer: read and dropped.
                if (!c.closing && !c.lingering)
                    c.in.append(chunk, static_cast<std::size_t>(n));
                continue;
            }
            if (n == 0) {
                c.peerDone = true; // a half-close, or a close: either way nothing more comes
                break;
            }
            if (errno == EINTR)
                continue;
            if (errno != EAGAIN && errno != EWOULDBLOCK) {
                gone = true; // reset by the client
                readError = errno;
            } else {
                readError = 0;
            }
            break;
        }
    } catch (const std::bad_alloc&) {
        outOfMemory(c);
        return;
    }
    // A client sends its next request once it has read the answer before: settled now, before that request is
    // handled, rather than at the next poll. After the reads, which tell whether an error is pending (the socket's
    // error is then not asked for: a system call a request) — and a reset they met settles as not received.
    if (!c.unacknowledged.empty())
        settleAcknowledged(c, gone, readError);
    if (c.dead)
        return;
    if (gone) {
        closeConnection(c, true);
        return;
    }
    if (c.lingering) {
        maybeFinishLinger(c);
        return;
    }
    process(c);
    if (!c.dead)
        updateNotifiers(c);
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
    try {
        while (!c.dead && !c.ticket && !c.report && !c.closing && !c.in.empty() && !outputFull(c)) {
            const bool started = c.parser->startedRequest();
            const std::size_t used = c.parser->feed(c.in);
            c.in.erase(0, used);
            if (!started && c.parser->startedRequest())
                armDeadline(c, m_options.headerTimeoutMs);
            const HttpRequestParser::State state = c.parser->state();
            switch (state) {
            case HttpRequestParser::State::Error: {
                const int status = c.parser->errorStatus();
                c.head = false;
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
                    if (!c.continueSent && c.parser->expectsContinue() && !c.peerDone) {
                        // "Expect: 100-continue" (curl sends it for larger bodies): go on.
                        c.continueSent = true;
                        c.out.append("HTTP/1.1 100 Continue\r\n\r\n");
                        flush(c);
                    }
                }
                break;
            }
            if (state == HttpRequestParser::State::NeedMore)
                break; // every byte read went into the request still coming
        }
    } catch (const std::bad_alloc&) {
        outOfMemory(c);
        return;
    }
    if (c.dead || c.closing || c.ticket || c.report || !c.peerDone || outputFull(c))
        return;
    // The client sends nothing more and every request it sent is answered: a request begun but never finished can
    // never be; the connection ends once its answers are out.
    c.in.clear();
    c.closing = true;
    c.deadline.stop();
    if (c.outSent == c.out.size())
        lingeringClose(c);
}

void ServeServer::handle(Connection& c, HttpRequest request)
{
    c.keepAlive = request.keepAlive && !m_stopping;
    c.head = request.method == "HEAD";
    const std::string path = request.path();
    if (path == "/_workbench" || path.rfind("/_workbench/", 0) == 0) {
        handleManagement(c, request);
        return;
    }
    if (c.head && !readsPassThrough(m_service.simulation().scenario().service)) {
        // Under a library that runs its middleware on GET too (express-idempotency, node-idempotency), GET is an
        // operation that runs the handler and makes an effect: HEAD is refused rather than run (RFC 9110 §9.3.2).
        respond(c, 405,
            { { "Allow", "GET, POST, PUT, PATCH, DELETE" }, { "Content-Type", "application/problem+json" } },
            problemJson(405, "Method Not Allowed",
                "HEAD is not served on service paths under this profile: its GET runs the handler. Send " + path
                    + " with GET, POST, PUT, PATCH or DELETE."),
            c.keepAlive);
        return;
    }
    if (m_options.constantAnswer) {
        ++m_served;
        respond(c, 201, { { "Content-Type", "application/json" } }, "{\"result_id\": \"e1\"}", c.keepAlive);
        return;
    }
    ServedRequest served = m_service.read(std::move(request));
    if (const auto refusal = m_service.refusalAtDoor(served, wall())) {
        respond(c, refusal->status, { { "Content-Type", "application/problem+json" } },
            problemJson(refusal->status, std::string(httpReasonPhrase(refusal->status)), refusal->detail), c.keepAlive);
        return;
    }
    try {
        const std::uint64_t ticket = m_service.submit(std::move(served), wall());
        c.ticket = ticket;
        m_byTicket[ticket] = &c;
        c.deadline.stop();
        deliverAnswers();
    } catch (const std::bad_alloc&) {
        throw; // process() answers 503 and closes
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
    const auto refuse = [&](int status, const std::string& detail, const char* allow = nullptr) {
        std::vector<std::pair<std::string, std::string>> fields;
        if (allow)
            fields.emplace_back("Allow", allow);
        if (status == 401)
            fields.emplace_back("WWW-Authenticate", "Bearer realm=\"idempotency-workbench management\"");
        fields.emplace_back("Content-Type", "application/problem+json");
        respond(c, status, fields, problemJson(status, std::string(httpReasonPhrase(status)), detail), c.keepAlive);
    };
    const bool get = request.method == "GET" || request.method == "HEAD";
    const bool managed = path == "/_workbench/report" || path == "/_workbench/clock" || path == "/_workbench/reset";
    if (managed && !m_options.managementToken.empty()) {
        const std::string* authorization = request.header("authorization");
        const std::string& token = m_options.managementToken;
        bool good = false;
        if (authorization && authorization->size() == 7 + token.size()) {
            const std::string scheme = authorization->substr(0, 7);
            good = (scheme == "Bearer " || scheme == "bearer " || scheme == "BEARER ")
                && CRYPTO_memcmp(authorization->data() + 7, token.data(), token.size()) == 0;
        }
        if (!good)
            return refuse(401,
                "this server listens beyond loopback: " + path
                    + " needs the management token it printed at start (or was given), sent as "
                      "\"Authorization: Bearer <token>\"");
    }
    try {
        if (path == "/_workbench/report") {
            if (!get)
                return refuse(405, "GET /_workbench/report", "GET, HEAD");
            m_service.advance(wall());
            deliverAnswers();
            bool summaryOnly = false; // ?summary=1: the report's head and summary alone
            if (const auto q = request.target.find('?'); q != std::string::npos) {
                const std::string_view query = std::string_view(request.target).substr(q + 1);
                for (std::size_t at = 0; at <= query.size();) {
                    const std::size_t amp = std::min(query.find('&', at), query.size());
                    summaryOnly = summaryOnly || query.substr(at, amp - at) == "summary=1";
                    at = amp + 1;
                }
            }
            if (m_service.isShared()) {
                // Beside simulated clients the window may restart the simulation at any time: written at once.
                ReportStream report(m_service.simulation(), summaryOnly);
                std::string out;
                while (report.writeSome(out, std::size_t(1) << 20)) { }
                return respond(c, 200, json(0), out, c.keepAlive);
            }
            // Streamed a slice at a time as the client takes it (feedReport), of what was served when it began:
            // other connections go on meanwhile, and the report never holds more than a slice of text.
            beginHttpResponse(c.out, 200);
            appendHttpField(c.out, "Content-Type", "application/json");
            appendHttpField(c.out, "Transfer-Encoding", "chunked");
            if (!c.keepAlive)
                c.out.append("Connection: close\r\n");
            c.out.append("\r\n");
            if (c.head)
                return written(c, c.keepAlive);
            c.report = std::make_unique<ReportStream>(m_service.simulation(), summaryOnly);
            c.reportKeepAlive = c.keepAlive;
            return feedReport(c);
        }
        if (path == "/_workbench/clock") {
            if (request.method != "POST")
                return refuse(405, "POST /_workbench/clock with {\"advance_ms\": N}", "POST");
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
            if (ms > m_service.maxAdvance(wall()))
                return refuse(400,
                    "advance_ms " + std::to_string(ms) + " would take the service clock past "
                        + std::to_string(kMaxServedClockMs)
                        + " ms (10 years), the largest instant a scenario can hold; it may still move "
                        + std::to_string(m_service.maxAdvance(wall()))
                        + " ms (POST /_workbench/reset starts again at 0)");
            const Millis now = advanceClock(ms);
            return respond(c, 200, json(0), "{\"now_ms\": " + std::to_string(now) + "}", c.keepAlive);
        }
        if (path == "/_workbench/reset") {
            if (request.method != "POST")
                return refuse(405, "POST /_workbench/reset", "POST");
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
            // A report still streaming reads the traffic being thrown away: its connection closes (the client sees the
            // chunked body end early, never a report mixing two sessions).
            std::vector<Connection*> reporting;
            for (auto& [fd, other] : m_connections) {
                if (other->report && other.get() != &c)
                    reporting.push_back(other.get());
            }
            for (Connection* other : reporting) {
                other->report.reset();
                closeConnection(*other, true);
            }
            m_service.reset(wall());
            m_served = 0;
            scheduleService();
            emit trafficChanged();
            return respond(c, 200, json(0), "{\"now_ms\": 0}", c.keepAlive);
        }
        if (path == "/_workbench/policy") {
            if (!get)
                return refuse(405, "GET /_workbench/policy", "GET, HEAD");
            return respond(c, 200, json(0), policyDocument(m_service.simulation().scenario().service), c.keepAlive);
        }
        const std::string prefix = "/_workbench/problems/";
        if (path.rfind(prefix, 0) == 0) {
            if (!get)
                return refuse(405, "GET " + path, "GET, HEAD");
            if (auto page = problemPage(path.substr(prefix.size()), m_service.servedScenario().service))
                return respond(c, 200, { { "Content-Type", "text/html; charset=utf-8" } }, *page, c.keepAlive);
            return refuse(404, "no such decision: " + path.substr(prefix.size()));
        }
        return refuse(404, "no such workbench path (report, policy, clock, reset, problems/<decision>)");
    } catch (const std::bad_alloc&) {
        throw;
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
        const bool keepAlive = c.keepAlive && !m_stopping;
        if (c.closing || c.dead) {
            m_service.settle(a.ticket, false);
            continue;
        }
        // HEAD is served as GET is, a read (no claim, no effect), and answered without the body (RFC 9110 §9.3.2).
        a.appendResponse(c.out, keepAlive, !c.head);
        c.unacknowledged.push_back(a.ticket);
        c.handedAtPoll = m_ackPolls;
        written(c, keepAlive);
        // Answered at once, inside process() for this connection: that loop reads on (a pipelined request, or the
        // next read). Answered later: a pipelined request may be waiting, read already or still in the kernel.
        if (c.processing || c.dead)
            continue;
        process(c);
        if (!c.dead)
            updateNotifiers(c);
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
    if (c.closing || c.dead)
        return;
    beginHttpResponse(c.out, status);
    for (const auto& [name, value] : headers)
        appendHttpField(c.out, name, value);
    endHttpResponse(c.out, body, keepAlive, !c.head);
    written(c, keepAlive);
}

void ServeServer::written(Connection& c, bool keepAlive)
{
    if (!keepAlive) {
        c.closing = true;
        c.in.clear();
    }
    flush(c);
}

bool ServeServer::outputFull(const Connection& c) const
{
    return c.out.size() - c.outSent > m_options.maxUnsentBytes;
}

void ServeServer::flush(Connection& c)
{
    if (c.dead)
        return;
    bool progress = false;
    while (c.outSent < c.out.size()) {
        const ssize_t n = ::send(c.fd, c.out.data() + c.outSent, c.out.size() - c.outSent, MSG_NOSIGNAL);
        if (n > 0) {
            c.outSent += static_cast<std::size_t>(n);
            progress = true;
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
            break;
        closeConnection(c, true); // the client reset the connection: what it did not take is lost
        return;
    }
    if (c.outSent < c.out.size()) {
        // What was sent goes once it is half the buffer, so a client that reads slowly while it pipelines does not
        // keep every answer it has read.
        if (c.outSent >= c.out.size() / 2) {
            c.out.erase(0, c.outSent);
            c.outSent = 0;
        }
        // The client is not reading: wait for room, and give it writeTimeoutMs to take something.
        if (progress || !c.deadline.isActive() || c.writable->isEnabled() == false)
            armDeadline(c, m_options.writeTimeoutMs);
        c.writable->setEnabled(true);
        return;
    }
    c.out.clear();
    c.outSent = 0;
    if (c.report) {
        // The slice is out: the next comes on the next turn of the event loop (the writable notifier), so that the
        // connections around get theirs in between. The socket may be full right now (a client that reads nothing:
        // everything fitted in the kernel's buffers): it has writeTimeoutMs to take something, as any answer has.
        armDeadline(c, m_options.writeTimeoutMs);
        c.writable->setEnabled(true);
        return;
    }
    c.writable->setEnabled(false);
    if (!c.unacknowledged.empty() && !m_ackTimer.isActive())
        m_ackTimer.start();
    if (c.closing) {
        lingeringClose(c);
        return;
    }
    if (c.ticket || c.processing)
        return;
    armDeadline(c, m_options.headerTimeoutMs); // the next request head (or an idle keep-alive) gets 10 s
    // Drained: requests read meanwhile (held while the answers were not taken) are answered, then reading goes on —
    // through whenIdle, as this may run from the socket's notifier inside the window's nested event loop.
    readWhenIdle(c);
}

void ServeServer::feedReport(Connection& c)
{
    if (c.dead || !c.report)
        return;
    std::string slice;
    bool more = false;
    try {
        more = c.report->writeSome(slice, kReportSliceBytes);
    } catch (const std::bad_alloc&) {
        throw;
    } catch (const std::exception& e) {
        // The store failed while its records were listed: the body ends without its last chunk, which every client
        // reads as a broken transfer, never as a whole report.
        emit problem(QStringLiteral("the report could not be written: %1").arg(QString::fromUtf8(e.what())));
        c.report.reset();
        closeConnection(c, true);
        return;
    }
    if (!slice.empty()) {
        char digits[20];
        const auto end = std::to_chars(digits, digits + sizeof digits, slice.size(), 16).ptr;
        c.out.append(digits, end);
        c.out.append("\r\n");
        c.out.append(slice);
        c.out.append("\r\n");
    }
    if (!more) {
        c.out.append("0\r\n\r\n");
        c.report.reset();
        written(c, c.reportKeepAlive);
        return; // written() → flush(): once out, requests pipelined behind the report are read and answered
    }
    flush(c);
}

void ServeServer::updateNotifiers(Connection& c)
{
    if (c.dead || c.readPending)
        return;
    const bool wantRead = !c.peerDone && (c.lingering || c.closing || (c.in.size() < kMaxReadAhead && !outputFull(c)));
    c.readable->setEnabled(wantRead);
}

void ServeServer::checkAcknowledged()
{
    bool waiting = false;
    ++m_ackPolls;
    std::vector<Connection*> open;
    for (auto& [fd, c] : m_connections)
        open.push_back(c.get());
    for (Connection* c : open) {
        if (c->dead || c->unacknowledged.empty())
            continue;
        // An answer handed over since the last poll waits for the next one (5 to 10 ms after it): its client most
        // likely reads it and sends again before, and that read settles it. Asking every busy connection's socket
        // twice at every poll cost two system calls a connection every 5 ms.
        if (c->handedAtPoll + 1 >= m_ackPolls && !m_stopping) {
            waiting = true;
            continue;
        }
        settleAcknowledged(*c, false);
        if (!c->dead)
            waiting = waiting || !c->unacknowledged.empty();
    }
    if (!waiting)
        m_ackTimer.stop();
    maybeFinishStop();
}

void ServeServer::settleAcknowledged(Connection& c, bool final, int knownError)
{
    if (c.unacknowledged.empty())
        return;
    // Received: handed to the kernel in full and acknowledged by the client's TCP (nothing left in the send queue).
    // A client that closed before reading resets the connection instead; its answers were not received.
    int error = knownError;
    if (error < 0) {
        error = 0;
        socklen_t length = sizeof error;
        ::getsockopt(c.fd, SOL_SOCKET, SO_ERROR, &error, &length);
    }
    int queued = 0;
    const bool known = error == 0 && ::ioctl(c.fd, SIOCOUTQ, &queued) == 0;
    const bool sent = c.outSent == c.out.size();
    if (error != 0 || (known && sent && queued == 0) || final) {
        const bool received = error == 0 && known && sent && queued == 0;
        std::vector<std::uint64_t> tickets;
        tickets.swap(c.unacknowledged);
        for (const std::uint64_t ticket : tickets)
            m_service.settle(ticket, received);
        emit trafficChanged();
    }
    if (c.lingering)
        maybeFinishLinger(c);
}

void ServeServer::lingeringClose(Connection& c)
{
    // The last answer is out. Closing now while unread bytes (a refused body) sit in the kernel would send a reset
    // that can destroy the answer before the client reads it; so the write side shuts first, what still arrives is
    // read and dropped, and the connection ends when the client closes and has acknowledged the answer, or 2 s later.
    if (c.dead || c.lingering)
        return;
    c.lingering = true;
    ::shutdown(c.fd, SHUT_WR);
    armDeadline(c, kLingerMs);
    readFrom(c);
}

void ServeServer::maybeFinishLinger(Connection& c)
{
    if (c.dead)
        return;
    if (c.peerDone && c.unacknowledged.empty()) {
        forget(c);
        return;
    }
    updateNotifiers(c);
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
    if (abort) {
        // A reset rather than a close: nothing more is sent, not even what the socket still holds.
        const linger hard { 1, 0 };
        ::setsockopt(c.fd, SOL_SOCKET, SO_LINGER, &hard, sizeof hard);
    }
    forget(c);
}

void ServeServer::forget(Connection& c)
{
    if (c.dead)
        return;
    const auto it = m_connections.find(c.fd);
    if (it == m_connections.end())
        return;
    if (c.ticket) {
        // Its client went away while its answer was pending: the service finishes the work; the answer is lost.
        m_service.clientGone(*c.ticket);
        m_byTicket.erase(*c.ticket);
        c.ticket.reset();
    }
    settleAcknowledged(c, true);
    c.report.reset(); // before the simulation it reads can go (a reset, the end of serving)
    c.dead = true;
    c.deadline.stop();
    c.readable.reset();
    c.writable.reset();
    ::close(c.fd);
    // Freed once the event loop is back: the caller, or the timer or notifier that led here, may still read it.
    m_graveyard.push_back(std::move(it->second));
    m_connections.erase(it);
    if (m_graveyard.size() == 1)
        QTimer::singleShot(0, this, [this]() { m_graveyard.clear(); });
    maybeFinishStop();
}

void ServeServer::outOfMemory(Connection& c)
{
    // A request this connection sent could not be held: it gets a short answer (its buffers are dropped first) and
    // the connection closes; the others, and the service, go on.
    emit problem(
        QStringLiteral("out of memory while reading a request; it was answered 503 and its connection closed"));
    std::string().swap(c.in);
    if (c.dead || c.closing)
        return;
    try {
        c.head = false;
        respond(c, 503, { { "Content-Type", "application/problem+json" }, { "Retry-After", "1" } },
            problemJson(503, "Service Unavailable",
                "the server ran out of memory reading this request; nothing of it reached the service"),
            false);
    } catch (const std::bad_alloc&) {
        closeConnection(c, true);
    }
}

void ServeServer::scheduleService()
{
    const auto due = m_service.nextDue();
    if (!due) {
        m_serviceTimer.stop();
        return;
    }
    // Armed already for that instant or an earlier one: left as it is. When it fires early, runService finds nothing
    // due and arms it again. (Every request moved the next due instant — its client's timeout, an hour on — and
    // restarting the timer each time took it out of the event loop's timer list and put it back.)
    const Millis now = wall();
    if (m_serviceTimer.isActive() && m_serviceTimerAt <= *due)
        return;
    const Millis wait = std::min<Millis>(std::max<Millis>(0, *due - now), 60'000);
    m_serviceTimerAt = now + wait;
    m_serviceTimer.start(static_cast<int>(wait));
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
    for (auto& [fd, c] : m_connections) {
        if (!c->ticket)
            idle.push_back(c.get());
    }
    for (Connection* c : idle) {
        if (c->outSent < c->out.size() || !c->unacknowledged.empty()) {
            c->closing = true; // its answers go out first
            if (c->outSent == c->out.size())
                lingeringClose(*c);
        } else {
            closeConnection(*c, false);
        }
    }
    m_graceTimer.start(graceMs);
    maybeFinishStop();
}

void ServeServer::maybeFinishStop()
{
    if (!m_stopping || !m_stopped || !m_byTicket.empty())
        return;
    // A service of its own lets its handlers finish within the grace period, even those whose client has gone:
    // stopping before them would leave them undecided in the report (issue 41 finding 3). Beside simulated clients
    // the simulation goes on after serving stops, and finishes them there.
    if (!m_graceOver && !m_service.isShared() && m_service.hasUndecided())
        return;
    // Answers still going out, or not yet acknowledged, get the rest of the grace period to arrive.
    if (!m_graceOver) {
        for (const auto& [fd, c] : m_connections) {
            if (!c->dead && (c->outSent < c->out.size() || !c->unacknowledged.empty()))
                return;
        }
    }
    // Taken first: closing the connections below comes back here through forget().
    auto done = std::move(m_stopped);
    m_stopped = nullptr;
    std::vector<Connection*> open;
    for (auto& [fd, c] : m_connections)
        open.push_back(c.get());
    for (Connection* c : open)
        closeConnection(*c, false);
    m_graceTimer.stop();
    QTimer::singleShot(0, this, [done]() { done(); });
}

} // namespace iw
