// The probe's HTTP/1.1 client (docs/reference/probe.md): blocking calls on the caller's thread, each bounded by a
// deadline, over QTcpSocket or QSslSocket (https: the system's CAs, or the --cacert file's). It keeps one connection
// alive between sequential exchanges, opens fresh ones for requests sent at once, and can send a request whole and
// close the socket before a byte of the answer is read (lost_response). No event loop is needed: a window runs it on a
// worker thread.
#pragma once

#include <QDeadlineTimer>
#include <QHostAddress>
#include <QList>
#include <QSslCertificate>
#include <QString>

#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

class QAbstractSocket;
class QTcpSocket;

namespace iw {

using HeaderList = std::vector<std::pair<std::string, std::string>>;

// The first value of a header (names compared without case), or nullptr.
const std::string* headerValue(const HeaderList& headers, std::string_view name);

struct ProbeTarget {
    QString url; // as given
    bool tls = false;
    QString host; // as written in the URL (the TLS peer name and the Host header)
    quint16 port = 0;
    std::string pathAndQuery; // "/v1/orders?x=1", the request target
    std::string path; // without the query
    QHostAddress address; // the address connected to: the one checked by the private-address guard
    // The name's further addresses, in the resolver's order: tried in turn when a connection to `address` is refused
    // or cannot be made ("localhost" is ::1 first on many systems, while a test server listens on 127.0.0.1 only).
    QList<QHostAddress> otherAddresses;
    QList<QSslCertificate> caCertificates; // empty: the system's
    std::string hostHeader() const;
};

// Parses an http:// or https:// URL. Returns nullopt and a sentence naming what is wrong.
std::optional<ProbeTarget> parseProbeUrl(const QString& url, QString& error);
// Resolves the host (DNS through the system resolver) into target.address. False with a sentence when it does not
// resolve; `allAddresses` receives every address the name has.
bool resolveProbeTarget(ProbeTarget& target, QList<QHostAddress>& allAddresses, QString& error);
// Loopback (127.0.0.0/8, ::1) or private (10/8, 172.16/12, 192.168/16, 169.254/16, fc00::/7, fe80::/10).
bool isLoopbackOrPrivate(const QHostAddress& address);

struct HttpRequestOut {
    std::string method;
    std::string target;
    HeaderList headers; // without Host and Content-Length, which the client adds
    std::string body;
    bool hasBody = false;
    std::string bytes(const ProbeTarget& target) const;
};

struct HttpResponseIn {
    int status = 0;
    std::string reason;
    HeaderList headers;
    std::string body; // decoded (chunked transfer undone)
    bool keepAlive = true;
};

// What became of one request on the wire.
enum class WireOutcome {
    Response, // an answer was read whole
    ClosedBeforeReading, // the probe closed the connection after sending the request whole (lost_response)
    NoAnswer, // the server closed the connection without a (complete) answer
    Timeout, // the deadline passed
    Unreachable, // no connection could be made
    TlsRefused, // the TLS handshake failed
    Malformed, // the answer is not HTTP/1.x
    Cancelled, // the probe was cancelled while it waited
};
std::string_view wireOutcomeName(WireOutcome);

class ProbeHttpClient {
public:
    explicit ProbeHttpClient(ProbeTarget target);
    ~ProbeHttpClient();
    ProbeHttpClient(const ProbeHttpClient&) = delete;
    ProbeHttpClient& operator=(const ProbeHttpClient&) = delete;

    const ProbeTarget& target() const { return m_target; }
    // Set from another thread to give up a wait within 200 ms (a window's Cancel); the request ends Cancelled.
    void setCancelFlag(const std::atomic<bool>* cancel) { m_cancel = cancel; }

    struct Result {
        WireOutcome outcome = WireOutcome::Response;
        std::optional<HttpResponseIn> response;
        QString detail; // for every outcome but Response: one sentence
    };

    // One request and its answer, on the kept-alive connection when there is one.
    Result exchange(const HttpRequestOut& request, QDeadlineTimer deadline);

    // A request on a connection of its own, sent whole; the answer is read later with readAnswer (several sent at
    // once, then read one by one) or never (closeWithoutReading).
    class Pending {
    public:
        Pending();
        ~Pending();
        Pending(Pending&&) noexcept;
        Pending& operator=(Pending&&) noexcept;

    private:
        friend class ProbeHttpClient;
        std::unique_ptr<QTcpSocket> socket;
        std::optional<Result> failed; // the send itself failed
    };
    Pending send(const HttpRequestOut& request, QDeadlineTimer deadline);
    Result readAnswer(Pending& pending, QDeadlineTimer deadline);
    // Closes the connection before a byte of the answer is read (the request was sent whole first).
    Result closeWithoutReading(Pending& pending);

private:
    std::unique_ptr<QTcpSocket> connect(QDeadlineTimer deadline, Result& failure);
    std::unique_ptr<QTcpSocket> connectOnce(QDeadlineTimer deadline, Result& failure);
    bool write(QTcpSocket& socket, const std::string& bytes, QDeadlineTimer deadline, Result& failure);
    Result read(QTcpSocket& socket, QDeadlineTimer deadline);

    // Waits in slices of at most 200 ms until `step` succeeds, the deadline passes or the probe is cancelled.
    enum class Waited { Done, Expired, Failed, Cancelled };
    template<typename Step> Waited wait(QAbstractSocket& socket, QDeadlineTimer deadline, Step step);

    ProbeTarget m_target;
    std::unique_ptr<QTcpSocket> m_kept; // the kept-alive connection
    const std::atomic<bool>* m_cancel = nullptr;
};

} // namespace iw
