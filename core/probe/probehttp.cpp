// The probe's blocking HTTP/1.1 client: URL checks, the private-address guard, connections with deadlines, and a
// small response reader (status line, headers, Content-Length, chunked or close-delimited bodies) with size limits.
#include "probehttp.h"

#include "nametable.h"

#include <QHostInfo>
#include <QSslConfiguration>
#include <QSslSocket>
#include <QTcpSocket>
#include <QUrl>

#include <algorithm>
#include <cctype>
#include <charconv>

namespace iw {

namespace {

constexpr qsizetype kMaxHead = 64 * 1024;
constexpr qsizetype kMaxBody = 8 * 1024 * 1024;

bool equalsNoCase(std::string_view a, std::string_view b)
{
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
        return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
    });
}

std::string trimmed(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return std::string(s);
}

ProbeHttpClient::Result failure(WireOutcome outcome, const QString& detail)
{
    ProbeHttpClient::Result r;
    r.outcome = outcome;
    r.detail = detail;
    return r;
}

} // namespace

const std::string* headerValue(const HeaderList& headers, std::string_view name)
{
    for (const auto& [n, v] : headers)
        if (equalsNoCase(n, name))
            return &v;
    return nullptr;
}

constexpr auto s_wireOutcomeNames = nameTable<WireOutcome>({
    { WireOutcome::Response, "response" },
    { WireOutcome::ClosedBeforeReading, "closed_before_reading" },
    { WireOutcome::NoAnswer, "no_answer" },
    { WireOutcome::Timeout, "timeout" },
    { WireOutcome::Unreachable, "unreachable" },
    { WireOutcome::TlsRefused, "tls_refused" },
    { WireOutcome::Malformed, "malformed_response" },
    { WireOutcome::Cancelled, "cancelled" },
});

std::string_view wireOutcomeName(WireOutcome o)
{
    return nameOf(s_wireOutcomeNames, o);
}

std::string ProbeTarget::hostHeader() const
{
    QString h = host.contains(QLatin1Char(':')) ? QLatin1Char('[') + host + QLatin1Char(']') : host;
    if (port != (tls ? 443 : 80))
        h += QLatin1Char(':') + QString::number(port);
    return h.toStdString();
}

std::optional<ProbeTarget> parseProbeUrl(const QString& text, QString& error)
{
    const QUrl url(text, QUrl::StrictMode);
    if (text.trimmed().isEmpty()) {
        error = QStringLiteral("the URL is empty");
        return std::nullopt;
    }
    if (!url.isValid()) {
        error = QStringLiteral("the URL \"%1\" does not parse: %2").arg(text, url.errorString());
        return std::nullopt;
    }
    const QString scheme = url.scheme().toLower();
    if (scheme != QLatin1String("http") && scheme != QLatin1String("https")) {
        error = QStringLiteral("the URL \"%1\" does not parse as http:// or https:// (scheme \"%2\")")
                    .arg(text, url.scheme());
        return std::nullopt;
    }
    if (url.host().isEmpty()) {
        error = QStringLiteral("the URL \"%1\" does not parse: it names no host").arg(text);
        return std::nullopt;
    }
    if (!url.userInfo().isEmpty()) {
        error = QStringLiteral("the URL \"%1\" carries credentials; give them with --auth instead, which the probe "
                               "never prints")
                    .arg(text.left(text.indexOf(QLatin1Char('@')) >= 0 ? 0 : text.size()));
        return std::nullopt;
    }
    if (!url.fragment().isEmpty()) {
        error = QStringLiteral("the URL \"%1\" has a fragment (#%2), which HTTP never sends").arg(text, url.fragment());
        return std::nullopt;
    }
    ProbeTarget t;
    t.url = text;
    t.tls = scheme == QLatin1String("https");
    t.host = url.host();
    const int port = url.port(t.tls ? 443 : 80);
    if (port <= 0 || port > 65535) {
        error = QStringLiteral("the URL \"%1\" does not parse: port out of range").arg(text);
        return std::nullopt;
    }
    t.port = static_cast<quint16>(port);
    QString path = url.path(QUrl::FullyEncoded);
    if (path.isEmpty())
        path = QStringLiteral("/");
    t.path = path.toStdString();
    t.pathAndQuery = t.path;
    if (url.hasQuery())
        t.pathAndQuery += '?' + url.query(QUrl::FullyEncoded).toStdString();
    return t;
}

bool isLoopbackOrPrivate(const QHostAddress& a)
{
    if (a.isLoopback() || a.isLinkLocal())
        return true;
    static const std::pair<QHostAddress, int> subnets[] = {
        QHostAddress::parseSubnet(QStringLiteral("10.0.0.0/8")),
        QHostAddress::parseSubnet(QStringLiteral("172.16.0.0/12")),
        QHostAddress::parseSubnet(QStringLiteral("192.168.0.0/16")),
        QHostAddress::parseSubnet(QStringLiteral("169.254.0.0/16")),
        QHostAddress::parseSubnet(QStringLiteral("fc00::/7")),
        QHostAddress::parseSubnet(QStringLiteral("fe80::/10")),
    };
    bool ok4 = false;
    const quint32 v4 = a.toIPv4Address(&ok4); // an IPv4-mapped IPv6 address is judged as its IPv4 form
    const QHostAddress judged = ok4 ? QHostAddress(v4) : a;
    if (judged.isLoopback())
        return true;
    return std::any_of(std::begin(subnets), std::end(subnets),
        [&](const std::pair<QHostAddress, int>& s) { return judged.isInSubnet(s); });
}

bool resolveProbeTarget(ProbeTarget& target, QList<QHostAddress>& all, QString& error)
{
    QHostAddress literal;
    if (literal.setAddress(target.host)) {
        target.address = literal;
        all = { literal };
        return true;
    }
    const QHostInfo info = QHostInfo::fromName(target.host);
    if (info.error() != QHostInfo::NoError || info.addresses().isEmpty()) {
        error = QStringLiteral("the host \"%1\" does not resolve: %2")
                    .arg(target.host,
                        info.error() == QHostInfo::NoError ? QStringLiteral("no address") : info.errorString());
        return false;
    }
    all = info.addresses();
    target.address = all.first();
    target.otherAddresses = all.mid(1);
    return true;
}

std::string HttpRequestOut::bytes(const ProbeTarget& t) const
{
    std::string out = method + ' ' + target + " HTTP/1.1\r\nHost: " + t.hostHeader() + "\r\n";
    for (const auto& [name, value] : headers)
        out += name + ": " + value + "\r\n";
    if (hasBody || method == "POST" || method == "PUT" || method == "PATCH")
        out += "Content-Length: " + std::to_string(body.size()) + "\r\n";
    out += "\r\n";
    out += body;
    return out;
}

ProbeHttpClient::Pending::Pending() = default;
ProbeHttpClient::Pending::~Pending() = default;
ProbeHttpClient::Pending::Pending(Pending&&) noexcept = default;
ProbeHttpClient::Pending& ProbeHttpClient::Pending::operator=(Pending&&) noexcept = default;

ProbeHttpClient::ProbeHttpClient(ProbeTarget target)
    : m_target(std::move(target))
{
}

ProbeHttpClient::~ProbeHttpClient() = default;

template<typename Step>
ProbeHttpClient::Waited ProbeHttpClient::wait(QAbstractSocket& socket, QDeadlineTimer deadline, Step step)
{
    for (;;) {
        if (m_cancel && m_cancel->load())
            return Waited::Cancelled;
        const qint64 left = deadline.remainingTime();
        if (left == 0)
            return Waited::Expired;
        const int slice = static_cast<int>(left < 0 ? 200 : std::min<qint64>(left, 200));
        if (step(slice))
            return Waited::Done;
        if (socket.error() != QAbstractSocket::SocketTimeoutError
            && socket.error() != QAbstractSocket::UnknownSocketError)
            return Waited::Failed;
        if (socket.state() == QAbstractSocket::UnconnectedState)
            return Waited::Failed;
    }
}

std::unique_ptr<QTcpSocket> ProbeHttpClient::connect(QDeadlineTimer deadline, Result& fail)
{
    // Each address of the name in turn, as curl does, until one connects; the one that did is kept for the next
    // connection. A refusal on the last address (or the deadline) is the sentence.
    for (;;) {
        std::unique_ptr<QTcpSocket> socket = connectOnce(deadline, fail);
        if (socket || fail.outcome != WireOutcome::Unreachable || m_target.otherAddresses.isEmpty()
            || deadline.hasExpired())
            return socket;
        m_target.address = m_target.otherAddresses.takeFirst();
    }
}

std::unique_ptr<QTcpSocket> ProbeHttpClient::connectOnce(QDeadlineTimer deadline, Result& fail)
{
    const QString where
        = QStringLiteral("%1 (%2 port %3)").arg(m_target.host, m_target.address.toString()).arg(m_target.port);
    if (!m_target.tls) {
        auto socket = std::make_unique<QTcpSocket>();
        socket->connectToHost(m_target.address, m_target.port);
        const Waited w = wait(*socket, deadline, [&](int ms) { return socket->waitForConnected(ms); });
        if (w != Waited::Done) {
            fail = w == Waited::Cancelled
                ? failure(WireOutcome::Cancelled, QStringLiteral("cancelled"))
                : failure(WireOutcome::Unreachable,
                    QStringLiteral("cannot connect to %1: %2")
                        .arg(where,
                            w == Waited::Expired ? QStringLiteral("no answer within the deadline")
                                                 : socket->errorString()));
            return nullptr;
        }
        socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
        return socket;
    }
    auto socket = std::make_unique<QSslSocket>();
    QSslConfiguration config = QSslConfiguration::defaultConfiguration();
    if (!m_target.caCertificates.isEmpty())
        config.setCaCertificates(m_target.caCertificates);
    socket->setSslConfiguration(config);
    socket->setPeerVerifyName(m_target.host);
    // Connected to the address the guard checked; the certificate is verified against the URL's host name.
    socket->connectToHost(m_target.address.toString(), m_target.port);
    const Waited w = wait(*socket, deadline, [&](int ms) { return socket->waitForConnected(ms); });
    if (w != Waited::Done) {
        fail = w == Waited::Cancelled ? failure(WireOutcome::Cancelled, QStringLiteral("cancelled"))
                                      : failure(WireOutcome::Unreachable,
                                          QStringLiteral("cannot connect to %1: %2")
                                              .arg(where,
                                                  w == Waited::Expired ? QStringLiteral("no answer within the deadline")
                                                                       : socket->errorString()));
        return nullptr;
    }
    socket->startClientEncryption();
    const Waited e = wait(*socket, deadline, [&](int ms) { return socket->waitForEncrypted(ms); });
    if (e == Waited::Cancelled) {
        fail = failure(WireOutcome::Cancelled, QStringLiteral("cancelled"));
        return nullptr;
    }
    if (e != Waited::Done) {
        QStringList why;
        for (const QSslError& e : socket->sslHandshakeErrors())
            why << e.errorString();
        if (why.isEmpty())
            why << socket->errorString();
        // A handshake that does not finish within the deadline is refused as surely as one that fails.
        fail = failure(WireOutcome::TlsRefused,
            QStringLiteral("the TLS handshake with %1 failed: %2").arg(where, why.join(QStringLiteral("; "))));
        return nullptr;
    }
    socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
    return socket;
}

bool ProbeHttpClient::write(QTcpSocket& socket, const std::string& bytes, QDeadlineTimer deadline, Result& fail)
{
    if (socket.write(bytes.data(), static_cast<qint64>(bytes.size())) != static_cast<qint64>(bytes.size())) {
        fail = failure(
            WireOutcome::NoAnswer, QStringLiteral("the request could not be sent: %1").arg(socket.errorString()));
        return false;
    }
    while (socket.bytesToWrite() > 0) {
        if (deadline.hasExpired()) {
            fail = failure(WireOutcome::Timeout, QStringLiteral("the request could not be sent before the deadline"));
            return false;
        }
        const Waited w = wait(
            socket, deadline, [&](int ms) { return socket.waitForBytesWritten(ms) || socket.bytesToWrite() == 0; });
        if (w == Waited::Cancelled) {
            fail = failure(WireOutcome::Cancelled, QStringLiteral("cancelled"));
            return false;
        }
        if (w != Waited::Done && socket.bytesToWrite() > 0) {
            fail = failure(w == Waited::Expired ? WireOutcome::Timeout : WireOutcome::NoAnswer,
                QStringLiteral("the request could not be sent: %1")
                    .arg(w == Waited::Expired ? QStringLiteral("the deadline passed") : socket.errorString()));
            return false;
        }
    }
    return true;
}

ProbeHttpClient::Result ProbeHttpClient::read(QTcpSocket& socket, QDeadlineTimer deadline)
{
    QByteArray buf;
    // Reads more into buf; false when the peer closed or the deadline passed (`why` says which).
    WireOutcome why = WireOutcome::NoAnswer;
    const auto more = [&]() {
        if (socket.bytesAvailable() > 0) {
            buf += socket.readAll();
            return true;
        }
        if (deadline.hasExpired()) {
            why = WireOutcome::Timeout;
            return false;
        }
        if (socket.state() != QAbstractSocket::ConnectedState) {
            why = WireOutcome::NoAnswer;
            return false;
        }
        const Waited w = wait(
            socket, deadline, [&](int ms) { return socket.waitForReadyRead(ms) || socket.bytesAvailable() > 0; });
        if (w != Waited::Done) {
            if (socket.bytesAvailable() > 0) {
                buf += socket.readAll();
                return true;
            }
            why = w == Waited::Cancelled ? WireOutcome::Cancelled
                : w == Waited::Expired   ? WireOutcome::Timeout
                                         : WireOutcome::NoAnswer;
            return false;
        }
        buf += socket.readAll();
        return true;
    };
    const auto closed = [&](const QString& what) {
        if (why == WireOutcome::Cancelled)
            return failure(why, QStringLiteral("cancelled"));
        return failure(why,
            why == WireOutcome::Timeout ? QStringLiteral("no complete answer before the deadline (%1)").arg(what)
                                        : QStringLiteral("the server closed the connection %1").arg(what));
    };

    for (;;) {
        HttpResponseIn r;
        qsizetype headEnd = -1;
        while ((headEnd = buf.indexOf("\r\n\r\n")) < 0) {
            if (buf.size() > kMaxHead)
                return failure(WireOutcome::Malformed, QStringLiteral("the answer's head is over 64 KiB"));
            if (!more())
                return closed(buf.isEmpty() ? QStringLiteral("without a byte of answer")
                                            : QStringLiteral("in the middle of the answer's head"));
        }
        const std::string head = buf.left(headEnd).toStdString();
        buf.remove(0, headEnd + 4);
        std::size_t lineEnd = head.find("\r\n");
        const std::string statusLine = head.substr(0, lineEnd);
        if (statusLine.size() < 12 || statusLine.compare(0, 7, "HTTP/1.") != 0 || statusLine[8] != ' ')
            return failure(WireOutcome::Malformed,
                QStringLiteral("the answer is not HTTP/1.x (it starts \"%1\")")
                    .arg(QString::fromLatin1(statusLine.substr(0, 40))));
        const bool http10 = statusLine[7] == '0';
        int status = 0;
        const auto [p, ec] = std::from_chars(statusLine.data() + 9, statusLine.data() + 12, status);
        if (ec != std::errc() || p != statusLine.data() + 12 || status < 100 || status > 999)
            return failure(WireOutcome::Malformed, QStringLiteral("the answer's status line has no status code"));
        r.status = status;
        r.reason = statusLine.size() > 13 ? statusLine.substr(13) : std::string();
        while (lineEnd != std::string::npos) {
            const std::size_t start = lineEnd + 2;
            lineEnd = head.find("\r\n", start);
            const std::string line
                = head.substr(start, lineEnd == std::string::npos ? std::string::npos : lineEnd - start);
            const std::size_t colon = line.find(':');
            if (colon == std::string::npos || colon == 0)
                return failure(WireOutcome::Malformed, QStringLiteral("an answer header line has no name"));
            r.headers.emplace_back(line.substr(0, colon), trimmed(std::string_view(line).substr(colon + 1)));
        }
        if (status >= 100 && status < 200)
            continue; // 100 Continue and other interim answers
        const std::string* connection = headerValue(r.headers, "Connection");
        const auto has = [&](const char* token) {
            return connection && std::string_view(*connection).find(token) != std::string_view::npos;
        };
        r.keepAlive = http10 ? has("keep-alive") || has("Keep-Alive") : !(has("close") || has("Close"));
        const std::string* te = headerValue(r.headers, "Transfer-Encoding");
        const std::string* cl = headerValue(r.headers, "Content-Length");
        if (status == 204 || status == 304) {
            // no body
        } else if (te && std::string_view(*te).find("chunked") != std::string_view::npos) {
            for (;;) {
                qsizetype e = -1;
                while ((e = buf.indexOf("\r\n")) < 0) {
                    if (buf.size() > 1024)
                        return failure(WireOutcome::Malformed, QStringLiteral("a chunk size line is too long"));
                    if (!more())
                        return closed(QStringLiteral("in the middle of a chunked body"));
                }
                const std::string sizeLine = buf.left(e).toStdString();
                buf.remove(0, e + 2);
                std::size_t size = 0;
                const auto [q, ec2] = std::from_chars(sizeLine.data(), sizeLine.data() + sizeLine.size(), size, 16);
                if (ec2 != std::errc() || q == sizeLine.data())
                    return failure(WireOutcome::Malformed, QStringLiteral("a chunk size does not parse"));
                if (r.body.size() + size > static_cast<std::size_t>(kMaxBody))
                    return failure(WireOutcome::Malformed, QStringLiteral("the answer's body is over 8 MiB"));
                if (size == 0) {
                    // trailers until an empty line
                    for (;;) {
                        qsizetype t = -1;
                        while ((t = buf.indexOf("\r\n")) < 0)
                            if (!more())
                                return closed(QStringLiteral("in the trailers of a chunked body"));
                        const bool end = t == 0;
                        buf.remove(0, t + 2);
                        if (end)
                            break;
                    }
                    break;
                }
                while (static_cast<std::size_t>(buf.size()) < size + 2)
                    if (!more())
                        return closed(QStringLiteral("in the middle of a chunked body"));
                r.body.append(buf.constData(), size);
                buf.remove(0, static_cast<qsizetype>(size) + 2);
            }
        } else if (cl) {
            std::size_t length = 0;
            const auto [q, ec2] = std::from_chars(cl->data(), cl->data() + cl->size(), length);
            if (ec2 != std::errc() || q != cl->data() + cl->size())
                return failure(WireOutcome::Malformed, QStringLiteral("the answer's Content-Length does not parse"));
            if (length > static_cast<std::size_t>(kMaxBody))
                return failure(WireOutcome::Malformed, QStringLiteral("the answer's body is over 8 MiB"));
            while (static_cast<std::size_t>(buf.size()) < length)
                if (!more())
                    return closed(QStringLiteral("before the whole body (%1 of %2 bytes)").arg(buf.size()).arg(length));
            r.body.assign(buf.constData(), length);
            buf.remove(0, static_cast<qsizetype>(length));
        } else {
            r.keepAlive = false; // the body ends when the connection does
            for (;;) {
                if (buf.size() > kMaxBody)
                    return failure(WireOutcome::Malformed, QStringLiteral("the answer's body is over 8 MiB"));
                if (!more()) {
                    if (why == WireOutcome::Timeout)
                        return closed(QStringLiteral("while reading a body that ends with the connection"));
                    break;
                }
            }
            r.body = buf.toStdString();
            buf.clear();
        }
        Result ok;
        ok.response = std::move(r);
        return ok;
    }
}

ProbeHttpClient::Result ProbeHttpClient::exchange(const HttpRequestOut& request, QDeadlineTimer deadline)
{
    // A kept connection the server has closed meanwhile (or that holds unread bytes) is not reused.
    if (m_kept
        && (m_kept->state() != QAbstractSocket::ConnectedState || m_kept->bytesAvailable() > 0
            || m_kept->waitForReadyRead(0) || m_kept->state() != QAbstractSocket::ConnectedState))
        m_kept.reset();
    Result fail;
    std::unique_ptr<QTcpSocket> socket = m_kept ? std::move(m_kept) : connect(deadline, fail);
    if (!socket)
        return fail;
    if (!write(*socket, request.bytes(m_target), deadline, fail))
        return fail;
    Result r = read(*socket, deadline);
    if (r.response && r.response->keepAlive)
        m_kept = std::move(socket);
    else
        socket->abort();
    return r;
}

ProbeHttpClient::Pending ProbeHttpClient::send(const HttpRequestOut& request, QDeadlineTimer deadline)
{
    Pending p;
    Result fail;
    p.socket = connect(deadline, fail);
    if (!p.socket) {
        p.failed = fail;
        return p;
    }
    if (!write(*p.socket, request.bytes(m_target), deadline, fail)) {
        p.failed = fail;
        p.socket.reset();
    }
    return p;
}

ProbeHttpClient::Result ProbeHttpClient::readAnswer(Pending& p, QDeadlineTimer deadline)
{
    if (p.failed)
        return *p.failed;
    Result r = read(*p.socket, deadline);
    p.socket->abort();
    p.socket.reset();
    return r;
}

ProbeHttpClient::Result ProbeHttpClient::closeWithoutReading(Pending& p)
{
    if (p.failed)
        return *p.failed;
    // abort(): the socket closes at once, unread bytes discarded; nothing of the answer is read.
    p.socket->abort();
    p.socket.reset();
    return failure(WireOutcome::ClosedBeforeReading,
        QStringLiteral("the request was sent whole and the connection closed before reading the answer"));
}

} // namespace iw
