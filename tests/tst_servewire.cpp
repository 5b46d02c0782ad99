// `serve` with real clients on loopback (docs/reference/serve.md): curl for every decision of §4 and every problem
// document, raw sockets for 32 concurrent clients on one key and for the hostile wire (malformed HTTP, oversized heads
// and bodies, 2,000 connections, a slow client, clients that vanish), and the recording round trip through `run`. Each
// test asserts what the report says afterwards.
#include "json.h"
#include "pgadmin.h"
#include "servedprocess.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcessEnvironment>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <linux/sockios.h>
#include <memory>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <set>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace iw;

namespace {

// The binary under test; IW_SERVE_CLI points the same tests at another build (the one before a fix, to see a new
// test fail there).
QString cli()
{
    return qEnvironmentVariable("IW_SERVE_CLI", QStringLiteral(IW_CLI));
}

struct CurlResult {
    int exitCode = -1;
    int status = 0;
    QMap<QByteArray, QByteArray> headers; // lower-case names
    QByteArray body;
};

// `serve` with a scenario of the test's, on a free port (tests/support's launcher).
class Server : public iwtest::ServeProcess {
public:
    // Starts `serve` on a free port with `scenarioJson` (empty: no scenario) and waits for its first line.
    bool start(
        const QString& dir, const QByteArray& scenarioJson, QStringList extra = {}, iwtest::ChildOptions options = {})
    {
        QStringList args { QStringLiteral("--port"), QStringLiteral("0") };
        if (!scenarioJson.isEmpty()) {
            const QString path = dir + QStringLiteral("/scenario.json");
            QFile f(path);
            if (!f.open(QIODevice::WriteOnly))
                return false;
            f.write(scenarioJson);
            f.close();
            args << path;
        }
        args << extra;
        return ServeProcess::start(args, options, cli());
    }
    // SIGTERM, then at most 20 s: its exit code, -1 when it had to be killed, -2 when it crashed.
    int stop()
    {
        const iwtest::ChildResult r = ServedProcess::stop(20'000);
        stderrText = r.err;
        return !r.finished ? -1 : r.crashed ? -2 : r.exitCode;
    }
    QByteArray stderrText;
};

CurlResult curl(const QString& url, const QStringList& args)
{
    const iwtest::ChildResult p = iwtest::runChild(QStringLiteral("curl"),
        { .args = QStringList { QStringLiteral("-s"), QStringLiteral("-i"), QStringLiteral("--max-time"),
                      QStringLiteral("20") }
                + args + QStringList { url },
            .timeoutMs = 30'000 });
    CurlResult r;
    r.exitCode = p.exitCode;
    QByteArray out = p.out;
    // Skip interim 100 Continue blocks.
    while (out.startsWith("HTTP/1.1 100")) {
        const qsizetype end = out.indexOf("\r\n\r\n");
        out = out.mid(end + 4);
    }
    const qsizetype end = out.indexOf("\r\n\r\n");
    if (end < 0)
        return r;
    const QList<QByteArray> lines = out.left(end).split('\n');
    r.status = lines.value(0).split(' ').value(1).toInt();
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QByteArray line = lines[i].trimmed();
        const qsizetype colon = line.indexOf(':');
        if (colon > 0)
            r.headers.insert(line.left(colon).toLower(), line.mid(colon + 1).trimmed());
    }
    r.body = out.mid(end + 4);
    return r;
}

QStringList postJson(const QByteArray& key, const QByteArray& body, QStringList more = {})
{
    QStringList a { QStringLiteral("-X"), QStringLiteral("POST"), QStringLiteral("-H"),
        QStringLiteral("Content-Type: application/json"), QStringLiteral("--data-binary"), QString::fromUtf8(body) };
    if (!key.isNull() && key.isEmpty())
        a << QStringLiteral("-H") << QStringLiteral("Idempotency-Key;"); // curl's way to send an empty header
    else if (!key.isNull())
        a << QStringLiteral("-H") << QStringLiteral("Idempotency-Key: ") + QString::fromUtf8(key);
    return a + more;
}

json::Value report(const Server& s)
{
    const CurlResult r = curl(s.url + QStringLiteral("_workbench/report"), {});
    return json::parse(r.body.toStdString());
}

double decisions(const json::Value& rep, const char* name)
{
    const json::Value* d = rep.find("summary")->find("decisions")->find(name);
    return d ? d->number : 0;
}

QByteArray scenario(const QByteArray& service, const QByteArray& faults = "[]")
{
    return "{\"format\": \"idempotency-workbench/scenario@1\", \"name\": \"wire\", \"seed\": 3, \"service\": " + service
        + ", \"clients\": [{\"id\": \"c\", \"actor\": \"a\", \"timeout_ms\": 1000, \"retry\": {}}],\n"
          "        \"requests\": [{\"at_ms\": 0, \"client\": \"c\", \"operation\": \"x\", \"key\": \"k\", \"payload\": "
          "{}}], \"faults\": "
        + faults + "}";
}

// Raw bytes on a fresh connection; returns everything the server sent until it closed (or `waitMs` passed).
QByteArray raw(quint16 port, const QByteArray& bytes, int waitMs = 5000, bool* closed = nullptr)
{
    QTcpSocket s;
    s.connectToHost(QStringLiteral("127.0.0.1"), port);
    if (!s.waitForConnected(5000))
        return "no connection";
    s.write(bytes);
    s.waitForBytesWritten(5000);
    QByteArray got;
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < waitMs && s.state() == QAbstractSocket::ConnectedState) {
        if (s.waitForReadyRead(100))
            got += s.readAll();
    }
    got += s.readAll();
    if (closed)
        *closed = s.state() != QAbstractSocket::ConnectedState;
    return got;
}

json::Value readJsonFile(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return json::parse(f.readAll().toStdString());
}

// The decision of every request of a report, with its key's type: what a recording must replay.
QStringList servedDecisions(const QString& reportPath)
{
    QStringList out;
    const json::Value rep = readJsonFile(reportPath);
    if (const json::Value* requests = rep.find("requests")) {
        for (const json::Value& r : requests->array)
            out << QString::fromStdString(r.find("decision")->typeName() == std::string("null")
                    ? std::string("null")
                    : r.find("decision")->string + " " + r.find("key")->typeName());
    }
    return out;
}

// `run` on a recording: its decisions as servedDecisions() reads them, or the reason run refused it.
// `addressSpaceLimit` (0: none) caps the run; a run under one is given 180 s, since a host loaded by other builds
// stretches its few seconds of CPU and the cap, not the time, is what such a test asks about.
QStringList rerunDecisions(const QString& recordPath, const QString& dir, unsigned long long addressSpaceLimit = 0)
{
    const QString rerunPath = dir + QStringLiteral("/rerun.json");
    const iwtest::ChildResult run = iwtest::runChild(cli(),
        { .args = { QStringLiteral("run"), recordPath, QStringLiteral("--report"), rerunPath },
            .addressSpaceLimit = addressSpaceLimit,
            .timeoutMs = addressSpaceLimit ? 180'000 : 60'000 });
    if (!run.ranToEnd())
        return { QStringLiteral("run did not finish: ") + run.error };
    if (run.exitCode != 0)
        return { QStringLiteral("run refused the recording: ") + QString::fromUtf8(run.err) };
    return servedDecisions(rerunPath);
}

// Per request of a report: what a recording's `run` must give again (docs/reference/serve.md) — decision, attempt,
// client outcome and whether it made an effect.
QStringList truthPerRequest(const json::Value& rep)
{
    QStringList out;
    std::set<std::string> withEffect;
    if (const json::Value* effects = rep.find("effects")) {
        for (const json::Value& e : effects->array)
            withEffect.insert(e.find("request")->string);
    }
    if (const json::Value* requests = rep.find("requests")) {
        for (const json::Value& r : requests->array) {
            const json::Value* d = r.find("decision");
            const json::Value* o = r.find("client_outcome");
            out << QString::fromStdString((d->isNull() ? std::string("null") : d->string) + " attempt "
                + std::to_string(static_cast<int>(r.find("attempt")->number)) + " "
                + (o->isNull() ? std::string("null") : o->string)
                + (withEffect.count(r.find("id")->string) ? " effect" : ""));
        }
    }
    return out;
}

// One answer cut from a stream of pipelined answers by its framing: what a client that pipelines reads.
struct Answer {
    int status = 0;
    QMap<QByteArray, QByteArray> headers; // lower-case names
    QByteArray body;
};

// Cuts `stream` into answers, the i-th to a HEAD request when head[i] (no body whatever its Content-Length); false
// when the stream does not frame as that many answers (a HEAD answer with a body desynchronises the rest).
bool cutAnswers(QByteArray stream, const QList<bool>& head, QList<Answer>& answers)
{
    for (const bool isHead : head) {
        const qsizetype end = stream.indexOf("\r\n\r\n");
        if (end < 0 || !stream.startsWith("HTTP/1.1 "))
            return false;
        Answer a;
        const QList<QByteArray> lines = stream.left(end).split('\n');
        a.status = lines.value(0).mid(9, 3).toInt();
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const qsizetype colon = lines[i].indexOf(':');
            if (colon > 0)
                a.headers.insert(lines[i].left(colon).toLower(), lines[i].mid(colon + 1).trimmed());
        }
        const qsizetype length = isHead ? 0 : a.headers.value("content-length").toLongLong();
        if (stream.size() < end + 4 + length)
            return false;
        a.body = stream.mid(end + 4, length);
        stream = stream.mid(end + 4 + length);
        answers << a;
    }
    return stream.isEmpty();
}

// A plain POSIX client, for what QTcpSocket cannot do: shut its sending side and go on reading.
class HalfCloser {
public:
    // `receiveBuffer` > 0: the socket's receive buffer, and so the window it offers, asked for before connecting
    // (SO_RCVBUFFORCE where allowed, else SO_RCVBUF, which the system caps).
    explicit HalfCloser(quint16 port, int receiveBuffer = 0)
    {
        m_fd = ::socket(AF_INET, SOCK_STREAM, 0);
        if (receiveBuffer > 0
            && ::setsockopt(m_fd, SOL_SOCKET, SO_RCVBUFFORCE, &receiveBuffer, sizeof receiveBuffer) != 0)
            ::setsockopt(m_fd, SOL_SOCKET, SO_RCVBUF, &receiveBuffer, sizeof receiveBuffer);
        sockaddr_in to {};
        to.sin_family = AF_INET;
        to.sin_port = htons(port);
        to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (::connect(m_fd, reinterpret_cast<sockaddr*>(&to), sizeof to) != 0) {
            ::close(m_fd);
            m_fd = -1;
        }
        const timeval wait { 1, 0 };
        ::setsockopt(m_fd, SOL_SOCKET, SO_RCVTIMEO, &wait, sizeof wait);
    }
    ~HalfCloser()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    bool connected() const { return m_fd >= 0; }
    bool send(const QByteArray& bytes)
    {
        return ::send(m_fd, bytes.constData(), static_cast<size_t>(bytes.size()), MSG_NOSIGNAL) == bytes.size();
    }
    void shutWrite() { ::shutdown(m_fd, SHUT_WR); }
    // What arrived and was not read: the bytes in this socket's receive queue (-1 if unknown).
    qint64 unread() const
    {
        int queued = 0;
        return ::ioctl(m_fd, SIOCINQ, &queued) == 0 ? queued : -1;
    }
    // The receive buffer the socket has (what the kernel made of what was asked).
    qint64 receiveBuffer() const
    {
        int size = 0;
        socklen_t length = sizeof size;
        return ::getsockopt(m_fd, SOL_SOCKET, SO_RCVBUF, &size, &length) == 0 ? size : -1;
    }
    // Whether the server ended the connection (a reset, or its end of stream), seen without reading a byte.
    bool endedByServer() const
    {
        tcp_info info {};
        socklen_t length = sizeof info;
        if (::getsockopt(m_fd, IPPROTO_TCP, TCP_INFO, &info, &length) != 0)
            return true;
        return info.tcpi_state != TCP_ESTABLISHED;
    }
    // Everything until the server closes, or `ms` pass.
    QByteArray readAll(int ms)
    {
        QByteArray got;
        QElapsedTimer t;
        t.start();
        char buffer[65536];
        while (t.elapsed() < ms) {
            const ssize_t n = ::recv(m_fd, buffer, sizeof buffer, 0);
            if (n == 0)
                break;
            if (n > 0)
                got.append(buffer, n);
        }
        return got;
    }

private:
    int m_fd = -1;
};

// The resident memory of a process, in bytes (0 if unknown).
qint64 residentBytes(qint64 pid)
{
    QFile f(QStringLiteral("/proc/%1/status").arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray& line : f.readAll().split('\n')) {
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').value(0).toLongLong() * 1024;
    }
    return 0;
}

int statusOf(const QByteArray& response)
{
    return response.startsWith("HTTP/1.1 ") ? response.mid(9, 3).toInt() : 0;
}

} // namespace

class TestServeWire : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        rlimit limit {};
        getrlimit(RLIMIT_NOFILE, &limit);
        limit.rlim_cur = std::min<rlim_t>(limit.rlim_max, 8192);
        setrlimit(RLIMIT_NOFILE, &limit);
        const iwtest::ChildResult probe
            = iwtest::runChild(QStringLiteral("curl"), { .args = { QStringLiteral("--version") }, .timeoutMs = 5000 });
        if (!probe.ranToEnd() || probe.exitCode != 0)
            QSKIP("curl is not installed");
    }

    // Created, replayed byte for byte, mismatch, missing and invalid keys, bare and sf-string keys, a form body, the
    // body refusals; each problem document in full; the report afterwards; the Bearer token nowhere.
    void curlIetf()
    {
        QTemporaryDir dir;
        Server s;
        const QString reportPath = dir.path() + QStringLiteral("/report.json");
        const QString recordPath = dir.path() + QStringLiteral("/record.json");
        QVERIFY(s.start(dir.path(), scenario("{\"profile\": \"ietf\", \"handler_ms\": 50}"),
            { QStringLiteral("--report"), reportPath, QStringLiteral("--record"), recordPath,
                QStringLiteral("--max-body"), QStringLiteral("1000") }));
        const QString orders = s.url + QStringLiteral("v1/orders");
        // Invalid UTF-8 goes through a file: command-line arguments are QStrings and would repair it.
        const QString invalidUtf8 = dir.path() + QStringLiteral("/invalid.json");
        {
            QFile f(invalidUtf8);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("{\"a\": \"\xff\"}");
        }
        const QStringList bearer { QStringLiteral("-H"),
            QStringLiteral("Authorization: Bearer sk_live_SECRET_TOKEN_42") };

        const CurlResult created = curl(orders, postJson("\"k-1\"", "{\"amount\": 100}", bearer));
        QCOMPARE(created.status, 201);
        QCOMPARE(created.headers.value("idempotency-decision"), QByteArray("created"));
        QCOMPARE(created.headers.value("idempotency-request"), QByteArray("r1"));
        QCOMPARE(created.headers.value("content-type"), QByteArray("application/json"));
        QCOMPARE(created.body, QByteArray("{\"result_id\":\"e1\"}"));
        QVERIFY(!created.headers.contains("idempotent-replayed"));

        const CurlResult replayed = curl(orders, postJson("\"k-1\"", "{ \"amount\" : 100 }", bearer));
        QCOMPARE(replayed.status, 201);
        QCOMPARE(replayed.body, created.body);
        QCOMPARE(replayed.headers.value("idempotent-replayed"), QByteArray("true"));
        QCOMPARE(replayed.headers.value("idempotency-decision"), QByteArray("replayed"));

        // The same key from another actor is another scope: created.
        const CurlResult other = curl(orders,
            postJson(
                "\"k-1\"", "{\"amount\": 100}", { QStringLiteral("-H"), QStringLiteral("X-Actor: someone-else") }));
        QCOMPARE(other.headers.value("idempotency-decision"), QByteArray("created"));

        struct Refusal {
            QStringList args;
            int status;
            const char* decision;
        };
        const QList<Refusal> refusals = {
            { postJson("\"k-1\"", "{\"amount\": 999}", bearer), 422, "payload_mismatch" },
            { postJson(QByteArray(), "{\"amount\": 1}"), 400, "missing_key" },
            { postJson("(\"a\" \"b\")", "{}"), 400, "invalid_key" },
            { postJson("\"unterminated", "{}"), 400, "invalid_key" },
            { postJson(QByteArray(""), "{}"), 400, "invalid_key" },
            { postJson("\"k-2\"", "{\"a\": 1, \"a\": 2}"), 400, "rejected_payload" },
            { { QStringLiteral("-H"), QStringLiteral("Idempotency-Key: \"k-3\""), QStringLiteral("-H"),
                  QStringLiteral("Content-Type: application/json"), QStringLiteral("--data-binary"),
                  QLatin1Char('@') + invalidUtf8 },
                400, "rejected_payload" },
            { postJson("\"k-4\"", QByteArray(2000, ' ') + "{}"), 413, "rejected_payload" },
            { { QStringLiteral("-H"), QStringLiteral("Idempotency-Key: \"k-5\""), QStringLiteral("-H"),
                  QStringLiteral("Content-Type: text/plain"), QStringLiteral("--data-binary"),
                  QStringLiteral("hello") },
                415, "rejected_payload" },
            { { QStringLiteral("-H"), QStringLiteral("Idempotency-Key: a"), QStringLiteral("-H"),
                  QStringLiteral("Idempotency-Key: b"), QStringLiteral("-X"), QStringLiteral("POST") },
                400, "invalid_key" },
        };
        for (const Refusal& r : refusals) {
            const CurlResult got = curl(orders, r.args);
            QCOMPARE(got.status, r.status);
            QCOMPARE(got.headers.value("content-type"), QByteArray("application/problem+json"));
            QCOMPARE(got.headers.value("idempotency-decision"), QByteArray(r.decision));
            const json::Value problem = json::parse(got.body.toStdString());
            QCOMPARE(problem.find("type")->string, "/_workbench/problems/" + std::string(r.decision));
            QCOMPARE(problem.find("status")->number, double(r.status));
            QCOMPARE(problem.find("decision")->string, std::string(r.decision));
            QCOMPARE(
                QByteArray::fromStdString(problem.find("request")->string), got.headers.value("idempotency-request"));
            QVERIFY(!problem.find("title")->string.empty());
            QVERIFY(problem.find("detail")->string.size() > 20);
            const CurlResult page
                = curl(s.url + QStringLiteral("_workbench/problems/") + QLatin1String(r.decision), {});
            QCOMPARE(page.status, 200);
            QVERIFY(page.body.contains(r.decision));
        }

        // A bare token key, as Stripe's SDKs send it, is not a key under ietf's key_syntax sf-string
        // (docs/reference/decisions.md#profiles), and the problem says why.
        const CurlResult token = curl(orders, postJson("7c9e6679-7425-40de-944b-e07fc1f90ae7", "{}"));
        QCOMPARE(token.headers.value("idempotency-decision"), QByteArray("invalid_key"));
        QVERIFY(QByteArray::fromStdString(json::parse(token.body.toStdString()).find("detail")->string)
                    .contains("key syntax"));
        // A form body, as Stripe's SDKs send it.
        const QStringList form { QStringLiteral("-H"),
            QStringLiteral("Idempotency-Key: \"7c9e6679-7425-40de-944b-e07fc1f90ae7\""), QStringLiteral("-H"),
            QStringLiteral("User-Agent: Stripe/v1 NodeBindings/23.1.0"), QStringLiteral("--data"),
            QStringLiteral("amount=2000&currency=eur&expand[]=a&expand[]=b") };
        QCOMPARE(curl(orders, form).headers.value("idempotency-decision"), QByteArray("created"));
        QCOMPARE(curl(orders, form).headers.value("idempotency-decision"), QByteArray("replayed"));
        QCOMPARE(curl(s.url + QStringLiteral("_workbench/problems/nonsense"), {}).status, 404);

        const json::Value rep = report(s);
        QCOMPARE(decisions(rep, "created"), 3.0);
        QCOMPARE(decisions(rep, "replayed"), 2.0);
        QCOMPARE(decisions(rep, "payload_mismatch"), 1.0);
        QCOMPARE(decisions(rep, "missing_key"), 1.0);
        QCOMPARE(decisions(rep, "invalid_key"), 5.0);
        QCOMPARE(decisions(rep, "rejected_payload"), 4.0);
        QCOMPARE(rep.find("summary")->find("effects")->number, 3.0);
        const std::vector<json::Value>& requests = rep.find("requests")->array;
        QCOMPARE(requests[0].find("actor")->string.substr(0, 6), std::string("token:"));
        QCOMPARE(requests[0].find("client")->string, std::string("curl"));
        QCOMPARE(requests[0].find("operation")->string, std::string("POST /v1/orders"));
        QCOMPARE(requests[0].find("client_outcome")->string, std::string("response"));
        QCOMPARE(requests[requests.size() - 1].find("client")->string, std::string("Stripe"));

        QCOMPARE(s.stop(), 0);
        QFile reportFile(reportPath);
        QVERIFY(reportFile.open(QIODevice::ReadOnly));
        const QByteArray written = reportFile.readAll();
        QFile recordFile(recordPath);
        QVERIFY(recordFile.open(QIODevice::ReadOnly));
        const QByteArray recorded = recordFile.readAll();
        QVERIFY(json::parse(written.toStdString()).find("requests")->array.size() == requests.size());
        // The token is never stored, logged, reported or recorded.
        for (const QByteArray& text : { written, recorded, s.stderrText })
            QVERIFY(!text.contains("SECRET_TOKEN"));
        // The recording replays (issue 48 finding 9): what could be read is there with the decisions served.
        const QStringList rerun = rerunDecisions(recordPath, dir.path());
        QStringList served = servedDecisions(reportPath);
        for (const char* decision : { "created", "replayed", "payload_mismatch", "missing_key" })
            QCOMPARE(rerun.filter(QLatin1String(decision)).size(), served.filter(QLatin1String(decision)).size());
    }

    // The decisions other policies make, each from curl: lease_takeover, expired_reexecuted (after a clock jump),
    // expired_rejected, seen_no_result, unprotected, store_unavailable, crashed.
    void curlOtherPolicies_data()
    {
        QTest::addColumn<QByteArray>("service");
        QTest::addColumn<QByteArray>("faults");
        QTest::addColumn<bool>("jump");
        QTest::addColumn<QByteArray>("second");
        QTest::addColumn<int>("status");
        QTest::newRow("expired_reexecuted")
            << QByteArray("{\"profile\": \"ietf\", \"handler_ms\": 0, \"ttl_ms\": 1000}") << QByteArray("[]") << true
            << QByteArray("expired_reexecuted") << 201;
        QTest::newRow("expired_rejected") << QByteArray("{\"profile\": \"ietf\", \"handler_ms\": 0, \"ttl_ms\": 1000, "
                                                        "\"after_expiry\": \"tombstone\", \"tombstone_ms\": 100000}")
                                          << QByteArray("[]") << true << QByteArray("expired_rejected") << 409;
        QTest::newRow("seen_no_result") << QByteArray(
            "{\"profile\": \"ietf\", \"handler_ms\": 0, \"strategy\": \"seen_flag\"}")
                                        << QByteArray("[]") << false << QByteArray("seen_no_result") << 200;
        QTest::newRow("unprotected") << QByteArray("{\"profile\": \"ietf\", \"handler_ms\": 0, \"strategy\": \"none\"}")
                                     << QByteArray("[]") << false << QByteArray("unprotected") << 201;
        QTest::newRow("store_unavailable")
            << QByteArray("{\"profile\": \"ietf\", \"handler_ms\": 0}")
            << QByteArray("[{\"kind\": \"db_down\", \"from_ms\": 0, \"to_ms\": 100000000}]") << false
            << QByteArray("store_unavailable") << 503;
    }
    void curlOtherPolicies()
    {
        QFETCH(QByteArray, service);
        QFETCH(QByteArray, faults);
        QFETCH(bool, jump);
        QFETCH(QByteArray, second);
        QFETCH(int, status);
        QTemporaryDir dir;
        Server s;
        QVERIFY(s.start(dir.path(), scenario(service, faults)));
        const QString orders = s.url + QStringLiteral("v1/orders");
        const CurlResult first = curl(orders, postJson("\"k\"", "{}"));
        if (second != "store_unavailable")
            QVERIFY(first.status == 201);
        if (jump) {
            const CurlResult clock = curl(s.url + QStringLiteral("_workbench/clock"),
                { QStringLiteral("--data-binary"), QStringLiteral("{\"advance_ms\": 5000}") });
            QCOMPARE(clock.status, 200);
            QVERIFY(json::parse(clock.body.toStdString()).find("now_ms")->number >= 5000);
        }
        const CurlResult again = curl(orders, postJson("\"k\"", "{}"));
        QCOMPARE(again.headers.value("idempotency-decision"), second);
        QCOMPARE(again.status, status);
        if (second == "seen_no_result")
            QVERIFY(again.body.isEmpty());
        if (second == "expired_rejected")
            QCOMPARE(json::parse(again.body.toStdString()).find("result_id")->string, std::string("e1"));
        const json::Value rep = report(s);
        QCOMPARE(
            decisions(rep, second.constData()), second == "store_unavailable" || second == "unprotected" ? 2.0 : 1.0);
        QCOMPARE(s.stop(), 0);
    }

    // lease_takeover and conflict_in_progress need the first request still running: curl in the background.
    void curlLeaseTakeover()
    {
        QTemporaryDir dir;
        Server s;
        QVERIFY(s.start(
            dir.path(), scenario("{\"profile\": \"ietf\", \"handler_ms\": 1500, \"in_progress_lease_ms\": 300}")));
        const QString orders = s.url + QStringLiteral("v1/orders");
        iwtest::ServedProcess slow; // a client beside the test's own: started now, waited for below
        QVERIFY(slow.start(QStringLiteral("curl"),
            { .args = QStringList { QStringLiteral("-s") } + postJson("\"k\"", "{}") + QStringList { orders } }, {}));
        QTest::qWait(100);
        QCOMPARE(curl(orders, postJson("\"k\"", "{}")).headers.value("idempotency-decision"),
            QByteArray("conflict_in_progress"));
        QTest::qWait(400);
        QCOMPARE(
            curl(orders, postJson("\"k\"", "{}")).headers.value("idempotency-decision"), QByteArray("lease_takeover"));
        slow.process().waitForFinished(10'000);
        const json::Value rep = report(s);
        QCOMPARE(decisions(rep, "created"), 1.0);
        QCOMPARE(decisions(rep, "lease_takeover"), 1.0);
        QCOMPARE(decisions(rep, "conflict_in_progress"), 1.0);
        QCOMPARE(s.stop(), 0);
    }

    // Faults on the wire: drop_response handles the request in full and closes without a byte (curl: empty reply);
    // the retry gets the replay. A crash closes after the handler time with the record left in progress.
    void curlFaults()
    {
        QTemporaryDir dir;
        Server s;
        QVERIFY(s.start(dir.path(),
            scenario("{\"profile\": \"ietf\", \"handler_ms\": 100}",
                "[{\"kind\": \"drop_response\", \"client\": \"curl\", \"attempt\": 1},\n"
                "                {\"kind\": \"crash_after_effect\", \"client\": \"crashy\"},\n"
                "                {\"kind\": \"drop_request\", \"client\": \"lost\"}]")));
        const QString orders = s.url + QStringLiteral("v1/orders");
        const CurlResult lost = curl(orders, postJson("\"k\"", "{}"));
        QCOMPARE(lost.exitCode, 52); // CURLE_GOT_NOTHING
        const CurlResult retry = curl(orders, postJson("\"k\"", "{}"));
        QCOMPARE(retry.headers.value("idempotency-decision"), QByteArray("replayed"));
        QElapsedTimer t;
        t.start();
        QCOMPARE(curl(orders, postJson("\"c\"", "{}", { QStringLiteral("-H"), QStringLiteral("X-Client: crashy") }))
                     .exitCode,
            52);
        QVERIFY(t.elapsed() >= 100); // after the handler time
        QCOMPARE(
            curl(orders, postJson("\"n\"", "{}", { QStringLiteral("-H"), QStringLiteral("X-Client: lost") })).exitCode,
            52);
        const json::Value rep = report(s);
        const auto& requests = rep.find("requests")->array;
        QCOMPARE(requests.size(), std::size_t(4));
        QCOMPARE(requests[0].find("client_outcome")->string, std::string("dropped"));
        QCOMPARE(requests[0].find("decision")->string, std::string("created"));
        QCOMPARE(requests[1].find("decision")->string, std::string("replayed"));
        QCOMPARE(requests[2].find("decision")->string, std::string("crashed"));
        // curl saw the connection closed without a byte (exit 52): dropped on the wire, never timeout.
        QCOMPARE(requests[2].find("client_outcome")->string, std::string("dropped"));
        QCOMPARE(requests[3].find("client_outcome")->string, std::string("never_arrived"));
        QVERIFY(requests[3].find("decision")->isNull());
        bool inProgress = false;
        for (const json::Value& r : rep.find("records")->array)
            inProgress = inProgress || (r.find("key")->string == "c" && r.find("state")->string == "in_progress");
        QVERIFY(inProgress);
        QCOMPARE(rep.find("summary")->find("effects")->number, 2.0);
        QCOMPARE(s.stop(), 0);
    }

    // 32 clients send one key at once: one created, the rest conflict_in_progress.
    void concurrentClientsOneKey()
    {
        QTemporaryDir dir;
        Server s;
        QVERIFY(s.start(dir.path(), scenario("{\"profile\": \"ietf\", \"handler_ms\": 3000}")));
        const QByteArray request = "POST /v1/orders HTTP/1.1\r\nHost: x\r\nIdempotency-Key: \"same\"\r\n"
                                   "Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}";
        std::vector<std::unique_ptr<QTcpSocket>> clients;
        for (int i = 0; i < 32; ++i) {
            clients.push_back(std::make_unique<QTcpSocket>());
            clients.back()->connectToHost(QStringLiteral("127.0.0.1"), s.port);
        }
        for (auto& c : clients)
            QVERIFY(c->waitForConnected(5000));
        for (auto& c : clients)
            c->write(request);
        QMap<int, int> statuses;
        QElapsedTimer t;
        t.start();
        int answered = 0;
        std::vector<QByteArray> got(clients.size());
        while (answered < 32 && t.elapsed() < 15'000) {
            QTest::qWait(20);
            answered = 0;
            for (std::size_t i = 0; i < clients.size(); ++i) {
                got[i] += clients[i]->readAll();
                answered += got[i].contains("\r\n\r\n") ? 1 : 0;
            }
        }
        for (const QByteArray& g : got)
            ++statuses[statusOf(g)];
        QCOMPARE(statuses.value(201), 1);
        QCOMPARE(statuses.value(409), 31);
        const json::Value rep = report(s);
        QCOMPARE(decisions(rep, "created"), 1.0);
        QCOMPARE(decisions(rep, "conflict_in_progress"), 31.0);
        QCOMPARE(rep.find("summary")->find("effects")->number, 1.0);
        QCOMPARE(s.stop(), 0);
    }

    // Keep-alive and pipelining: two requests in one write get two answers, in order, on one connection.
    void keepAliveAndPipelining()
    {
        QTemporaryDir dir;
        Server s;
        QVERIFY(s.start(dir.path(), scenario("{\"profile\": \"ietf\", \"handler_ms\": 20}")));
        const QByteArray one = "POST /v1/a HTTP/1.1\r\nHost: x\r\nIdempotency-Key: \"p\"\r\nContent-Length: 0\r\n\r\n";
        const QByteArray two = "POST /v1/a HTTP/1.1\r\nHost: x\r\nIdempotency-Key: \"p\"\r\nContent-Length: 0\r\n"
                               "Connection: close\r\n\r\n";
        const QByteArray both = raw(s.port, one + two);
        QCOMPARE(both.count("HTTP/1.1 201"), 2);
        QVERIFY(both.indexOf("Idempotency-Request: r1") < both.indexOf("Idempotency-Request: r2"));
        QVERIFY(both.contains("Idempotent-Replayed: true"));
        QCOMPARE(s.stop(), 0);
    }

    // A request sent on a connection while its previous request waits for the handler (a separate write, so it
    // arrives while the server reads nothing there) is read and answered once the first is: it waited in the socket's
    // buffer with no further readyRead to come, until the connection's 10 s deadline closed it unanswered.
    void pipelinedWhileAnswerPending()
    {
        QTemporaryDir dir;
        Server s;
        QVERIFY(s.start(dir.path(), scenario("{\"profile\": \"ietf\", \"handler_ms\": 300}")));
        QTcpSocket c;
        c.connectToHost(QStringLiteral("127.0.0.1"), s.port);
        QVERIFY(c.waitForConnected(5000));
        c.write("POST /v1/a HTTP/1.1\r\nHost: x\r\nIdempotency-Key: \"w1\"\r\nContent-Length: 0\r\n\r\n");
        QVERIFY(c.waitForBytesWritten(5000));
        QTest::qWait(100); // the first is in its handler
        c.write("POST /v1/a HTTP/1.1\r\nHost: x\r\nIdempotency-Key: \"w2\"\r\nContent-Length: 0\r\n\r\n");
        QVERIFY(c.waitForBytesWritten(5000));
        QByteArray got;
        QElapsedTimer t;
        t.start();
        while (got.count("HTTP/1.1 201") < 2 && t.elapsed() < 3000) {
            if (c.waitForReadyRead(100))
                got += c.readAll();
        }
        QCOMPARE(got.count("HTTP/1.1 201"), 2);
        QVERIFY(got.indexOf("Idempotency-Request: r1") < got.indexOf("Idempotency-Request: r2"));
        QCOMPARE(s.stop(), 0);
    }

    // "100 Continue" only for a client that sent "Expect: 100-continue": Node 18's fetch writes the head and the body
    // separately and fails with "bad response" on an unsolicited 100.
    void continueOnlyWhenExpected()
    {
        QTemporaryDir dir;
        Server s;
        QVERIFY(s.start(dir.path(), scenario("{\"profile\": \"ietf\", \"handler_ms\": 0}")));
        for (const bool expect : { false, true }) {
            QTcpSocket sock;
            sock.connectToHost(QStringLiteral("127.0.0.1"), s.port);
            QVERIFY(sock.waitForConnected(5000));
            sock.write(QByteArray("POST /v1/a HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n")
                + (expect ? "Idempotency-Key: \"e\"\r\n" : "Idempotency-Key: \"n\"\r\n")
                + (expect ? "Expect: 100-continue\r\n" : "") + "Connection: close\r\nContent-Length: 2\r\n\r\n");
            QVERIFY(sock.waitForBytesWritten(5000));
            QByteArray early;
            if (sock.waitForReadyRead(expect ? 5000 : 500)) // the head alone: the server waits for the body
                early = sock.readAll();
            QCOMPARE(early.startsWith("HTTP/1.1 100 Continue\r\n\r\n"), expect);
            sock.write("{}");
            QByteArray got = early;
            QElapsedTimer t;
            t.start();
            while (!got.contains("\r\n\r\n{") && t.elapsed() < 5000 && sock.waitForReadyRead(200))
                got += sock.readAll();
            got += sock.readAll();
            QCOMPARE(got.count("HTTP/1.1 100"), expect ? 1 : 0);
            QVERIFY(got.contains("HTTP/1.1 201"));
        }
        QCOMPARE(s.stop(), 0);
    }

    // The hostile wire (issue 15 item 5): each gets its status or a closed connection; the server keeps serving.
    void hostileWire()
    {
        QTemporaryDir dir;
        Server s;
        QVERIFY(s.start(dir.path(), scenario("{\"profile\": \"ietf\", \"handler_ms\": 300}")));
        bool closed = false;
        QCOMPARE(statusOf(raw(s.port, "GARBAGE\r\n\r\n", 3000, &closed)), 400);
        QVERIFY(closed);
        QCOMPARE(statusOf(raw(s.port, "GET / HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n", 3000, &closed)), 400);
        QVERIFY(closed);
        QCOMPARE(statusOf(raw(s.port, "GET / HTTP/1.1\r\nHost: x\r\nX: " + QByteArray(70 * 1024, 'a') + "\r\n\r\n",
                     3000, &closed)),
            431);
        QVERIFY(closed);
        // A 2 MiB body: the service refuses it (413) without reading it, and closes.
        const QByteArray big
            = "POST /v1/a HTTP/1.1\r\nHost: x\r\nIdempotency-Key: \"big\"\r\nContent-Type: application/json\r\n"
              "Content-Length: 2097152\r\n\r\n"
            + QByteArray(2 * 1024 * 1024, ' ');
        const QByteArray bigAnswer = raw(s.port, big, 5000, &closed);
        QCOMPARE(statusOf(bigAnswer), 413);
        QVERIFY(bigAnswer.contains("Idempotency-Decision: rejected_payload"));
        // Keys that are an inner list, an integer, empty.
        const auto keyed = [&](const QByteArray& key) {
            return raw(s.port,
                "POST /v1/a HTTP/1.1\r\nHost: x\r\nIdempotency-Key: " + key
                    + "\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
        };
        QVERIFY(keyed("(\"a\" \"b\")").contains("Idempotency-Decision: invalid_key"));
        // Under the ietf profile's key_syntax sf-string an integer, like a bare token, is not a key
        // (docs/reference/decisions.md#profiles).
        QVERIFY(keyed("12345").contains("Idempotency-Decision: invalid_key"));
        QVERIFY(keyed("\"12345\"").contains("Idempotency-Decision: created"));
        QVERIFY(keyed("").contains("Idempotency-Decision: invalid_key"));

        // A client that disconnects mid-body, and one that disconnects while its answer is delayed.
        {
            QTcpSocket c;
            c.connectToHost(QStringLiteral("127.0.0.1"), s.port);
            QVERIFY(c.waitForConnected(5000));
            c.write("POST /v1/a HTTP/1.1\r\nHost: x\r\nIdempotency-Key: \"mid\"\r\nContent-Type: application/json\r\n"
                    "Content-Length: 100\r\n\r\n{\"a\":");
            c.waitForBytesWritten(1000);
            c.abort();
        }
        {
            QTcpSocket c;
            c.connectToHost(QStringLiteral("127.0.0.1"), s.port);
            QVERIFY(c.waitForConnected(5000));
            c.write("POST /v1/a HTTP/1.1\r\nHost: x\r\nIdempotency-Key: \"vanish\"\r\nContent-Length: 0\r\n\r\n");
            c.waitForBytesWritten(1000);
            QTest::qWait(50);
            c.abort();
        }
        QTest::qWait(500); // past the handler time
        const json::Value rep = report(s);
        bool vanishedDropped = false;
        for (const json::Value& r : rep.find("requests")->array) {
            QVERIFY(r.find("key")->string != "mid"); // never reached the service
            if (r.find("key")->string == "vanish")
                vanishedDropped
                    = r.find("client_outcome")->string == "dropped" && r.find("decision")->string == "created";
        }
        QVERIFY(vanishedDropped);
        // Still serving.
        QVERIFY(keyed("\"after\"").contains("Idempotency-Decision: created"));
        QCOMPARE(s.stop(), 0);
    }

    // Issue 48 finding 11: one 1 MB form body of 152,844 names held the whole server 40–110 s (a scan of the members
    // per name). Now it is refused at once (more fields than the bound) and a request beside it is answered; the
    // 20 s below only guard against a hang.
    void hugeFormHoldsNobody()
    {
        QTemporaryDir dir;
        Server s;
        QVERIFY(s.start(dir.path(), scenario("{\"profile\": \"ietf\", \"handler_ms\": 0}")));
        QByteArray form;
        for (int i = 0; form.size() < 1'000'000; ++i)
            form += (i ? "&f" : "f") + QByteArray::number(i);
        QTcpSocket big;
        big.connectToHost(QStringLiteral("127.0.0.1"), s.port);
        QVERIFY(big.waitForConnected(5000));
        big.write("POST /v1/forms HTTP/1.1\r\nHost: x\r\nIdempotency-Key: \"big-form\"\r\n"
                  "Content-Type: application/x-www-form-urlencoded\r\nConnection: close\r\nContent-Length: "
            + QByteArray::number(form.size()) + "\r\n\r\n" + form);
        QElapsedTimer t;
        t.start();
        while (big.bytesToWrite() > 0 && t.elapsed() < 20'000)
            big.waitForBytesWritten(100);
        const CurlResult beside = curl(s.url + QStringLiteral("v1/a"), postJson("\"beside\"", "{}"));
        QCOMPARE(beside.status, 201);
        QByteArray got;
        while (!got.contains("\r\n\r\n{") && t.elapsed() < 20'000 && big.state() == QAbstractSocket::ConnectedState)
            if (big.waitForReadyRead(100))
                got += big.readAll();
        got += big.readAll();
        QCOMPARE(statusOf(got), 413);
        QVERIFY(got.contains("Idempotency-Decision: rejected_payload"));
        QVERIFY(got.contains("more than 10000 fields"));
        QCOMPARE(s.stop(), 0);
    }

    // Issue 48 finding 8: 1,024 jumps of 2^53 ms overflowed the clock and no request was answered again. A jump past
    // the last instant a scenario holds (10 years) is refused naming the limit; the clock may go exactly there.
    void clockNeverOverflows()
    {
        QTemporaryDir dir;
        Server s;
        QVERIFY(s.start(dir.path(), scenario("{\"profile\": \"ietf\", \"handler_ms\": 0}")));
        const QString clock = s.url + QStringLiteral("_workbench/clock");
        const auto jump = [&](const QByteArray& ms) {
            return curl(clock,
                { QStringLiteral("--data-binary"), QStringLiteral("{\"advance_ms\": %1}").arg(QString::fromUtf8(ms)) });
        };
        for (int i = 0; i < 3; ++i) {
            const CurlResult refused = jump("9007199254740992");
            QCOMPARE(refused.status, 400);
            QCOMPARE(refused.headers.value("content-type"), QByteArray("application/problem+json"));
            QVERIFY2(refused.body.contains("315360000000 ms (10 years)"), refused.body.constData());
        }
        QCOMPARE(jump("315000000000").status, 200);
        QCOMPARE(jump("400000000").status, 400); // 315,400,000,000 would pass the limit
        const CurlResult last = jump("0");
        const double now = json::parse(last.body.toStdString()).find("now_ms")->number;
        QVERIFY(now >= 315e9 && now <= 315'360'000'000.0);
        QCOMPARE(curl(s.url + QStringLiteral("v1/a"), postJson("\"after-jumps\"", "{}")).status, 201);
        const json::Value rep = report(s);
        QCOMPARE(rep.find("requests")->array.size(), std::size_t(1));
        QCOMPARE(s.stop(), 0);
    }

    // Issue 48 finding 9: what `serve --record` records must replay. An actor or a path over 200 characters and an
    // X-Intent that `run` reserves are refused at the door (never served, reported or recorded); the longest that
    // may be served are; `run` on the recording gives the same decisions as served.
    void hostileRecordingReplays()
    {
        QTemporaryDir dir;
        Server s;
        const QString recordPath = dir.path() + QStringLiteral("/record.json");
        const QString servedPath = dir.path() + QStringLiteral("/served.json");
        QVERIFY(s.start(dir.path(), scenario("{\"profile\": \"ietf\", \"handler_ms\": 0}"),
            { QStringLiteral("--record"), recordPath, QStringLiteral("--report"), servedPath }));
        const QString longName = QString(200, QLatin1Char('a'));
        struct Row {
            QString path;
            QStringList headers;
            int status;
        };
        const QList<Row> rows = {
            { QStringLiteral("v1/") + QString(200, QLatin1Char('p')), {}, 414 },
            { QStringLiteral("v1/") + QString(190, QLatin1Char('p')), {}, 201 }, // "POST /v1/ppp…" of 199 characters
            { QStringLiteral("v1/a"), { QStringLiteral("X-Actor: ") + longName + QLatin1Char('b') }, 431 },
            { QStringLiteral("v1/a"), { QStringLiteral("X-Actor: ") + longName }, 201 },
            { QStringLiteral("v1/a"),
                { QStringLiteral("Authorization: Basic ")
                    + QString::fromLatin1(QByteArray(QByteArray(201, 'u') + ":pw").toBase64()) },
                431 },
            { QStringLiteral("v1/a"), { QStringLiteral("X-Intent: req1") }, 400 },
            { QStringLiteral("v1/a"), { QStringLiteral("X-Intent: req0") }, 400 },
            { QStringLiteral("v1/a"), { QStringLiteral("X-Intent: req01") }, 201 },
            { QStringLiteral("v1/a"), { QStringLiteral("X-Intent: order-7") }, 201 },
        };
        int key = 0;
        for (const Row& row : rows) {
            QStringList more;
            for (const QString& h : row.headers)
                more << QStringLiteral("-H") << h;
            const CurlResult got
                = curl(s.url + row.path, postJson("\"k" + QByteArray::number(++key) + "\"", "{\"n\": 1}", more));
            QVERIFY2(
                got.status == row.status, qPrintable(row.headers.join(QLatin1Char(' ')) + QLatin1Char(' ') + row.path));
            if (row.status != 201) {
                QCOMPARE(got.headers.value("content-type"), QByteArray("application/problem+json"));
                QVERIFY(!got.headers.contains("idempotency-decision"));
                QVERIFY(json::parse(got.body.toStdString()).find("detail")->string.size() > 40);
            }
        }
        // Requests without a key or an intent: implicit intents, which a reserved X-Intent would have merged with.
        curl(s.url + QStringLiteral("v1/a"), postJson(QByteArray(), "{}"));
        curl(s.url + QStringLiteral("v1/a"), postJson(QByteArray(), "{}"));
        // The clock at its last instant: an arrival there is still recordable.
        QCOMPARE(curl(s.url + QStringLiteral("_workbench/clock"),
                     { QStringLiteral("--data-binary"), QStringLiteral("{\"advance_ms\": 315359990000}") })
                     .status,
            200);
        QCOMPARE(curl(s.url + QStringLiteral("v1/a"), postJson("\"late\"", "{}")).status, 201);
        QCOMPARE(s.stop(), 0);
        QCOMPARE(rerunDecisions(recordPath, dir.path()), servedDecisions(servedPath));
    }

    // Issue 48 finding 14: HEAD answers carried a body (desynchronising a pipelining client), HEAD on a service path
    // ran the handler, 405 lacked Allow, an absolute-form target got 400. One connection, pipelined: every answer
    // frames where it should, every 405 says what is allowed. Issue 42 (fourth pass): HEAD on a service path is served
    // as GET is, a read — no claim, no effect — and answered without its body.
    void headAllowAndAbsoluteForm()
    {
        QTemporaryDir dir;
        Server s;
        QVERIFY(s.start(dir.path(), scenario("{\"profile\": \"ietf\", \"handler_ms\": 0}")));
        const QByteArray host = "Host: x\r\n";
        const QByteArray pipelined = "HEAD /v1/orders HTTP/1.1\r\n" + host + "Idempotency-Key: \"h\"\r\n\r\n"
            + "HEAD /_workbench/report HTTP/1.1\r\n" + host + "\r\n" + "HEAD /_workbench/problems/created HTTP/1.1\r\n"
            + host + "\r\n" + "POST http://shop.example:8787/v1/orders?x=1 HTTP/1.1\r\n" + host
            + "Idempotency-Key: \"abs\"\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}"
            + "GET /_workbench/clock HTTP/1.1\r\n" + host + "\r\n" + "PUT /_workbench/report HTTP/1.1\r\n" + host
            + "Content-Length: 0\r\n\r\n" + "HEAD /_workbench/reset HTTP/1.1\r\n" + host + "\r\n"
            + "GET /_workbench/problems/created HTTP/1.1\r\n" + host + "Connection: close\r\n\r\n";
        QList<Answer> answers;
        const QByteArray stream = raw(s.port, pipelined, 5000);
        QVERIFY2(
            cutAnswers(stream, { true, true, true, false, false, false, true, false }, answers), stream.constData());
        QCOMPARE(answers[0].status, 200);
        QCOMPARE(answers[0].headers.value("idempotency-decision"), QByteArray("unprotected"));
        QVERIFY(answers[0].body.isEmpty());
        QCOMPARE(answers[1].status, 200);
        // What GET would send (a streamed report: chunked), not sent.
        QCOMPARE(answers[1].headers.value("transfer-encoding"), QByteArray("chunked"));
        QCOMPARE(answers[2].status, 200);
        QCOMPARE(answers[3].status, 201);
        QCOMPARE(answers[3].headers.value("idempotency-decision"), QByteArray("created"));
        QCOMPARE(answers[4].status, 405);
        QCOMPARE(answers[4].headers.value("allow"), QByteArray("POST"));
        QCOMPARE(answers[5].status, 405);
        QCOMPARE(answers[5].headers.value("allow"), QByteArray("GET, HEAD"));
        QCOMPARE(answers[6].status, 405);
        QCOMPARE(answers[6].headers.value("allow"), QByteArray("POST"));
        QCOMPARE(answers[7].status, 200);
        QVERIFY(answers[7].body.contains("<html"));
        const json::Value rep = report(s);
        const auto& requests = rep.find("requests")->array;
        QCOMPARE(requests.size(), std::size_t(2));
        QCOMPARE(requests[0].find("operation")->string, std::string("HEAD /v1/orders"));
        QCOMPARE(requests[0].find("decision")->string, std::string("unprotected"));
        QCOMPARE(requests[1].find("operation")->string, std::string("POST /v1/orders"));
        QCOMPARE(rep.find("summary")->find("effects")->number, 1.0);
        QCOMPARE(s.stop(), 0);
    }

    // Issue 48 finding 15: a client that half-closes after sending (shutdown(SHUT_WR)) got an empty reply while its
    // request executed. It gets its answers — two pipelined requests, the second answered after the handler time —
    // and the report says it received them.
    void halfCloseStillAnswered()
    {
        QTemporaryDir dir;
        Server s;
        QVERIFY(s.start(dir.path(), scenario("{\"profile\": \"ietf\", \"handler_ms\": 300}")));
        HalfCloser client(s.port);
        QVERIFY(client.connected());
        const QByteArray one
            = "POST /v1/a HTTP/1.1\r\nHost: x\r\nIdempotency-Key: \"half-1\"\r\nContent-Length: 0\r\n\r\n";
        const QByteArray two
            = "POST /v1/a HTTP/1.1\r\nHost: x\r\nIdempotency-Key: \"half-2\"\r\nContent-Length: 0\r\n\r\n";
        QVERIFY(client.send(one + two));
        client.shutWrite();
        QList<Answer> answers;
        const QByteArray got = client.readAll(10'000);
        QVERIFY2(cutAnswers(got, { false, false }, answers), got.constData());
        QCOMPARE(answers[0].status, 201);
        QCOMPARE(answers[1].status, 201);
        QCOMPARE(answers[1].body, QByteArray("{\"result_id\":\"e2\"}"));
        QTest::qWait(200);
        const json::Value rep = report(s);
        for (const json::Value& r : rep.find("requests")->array)
            QCOMPARE(r.find("client_outcome")->string, std::string("response"));
        QCOMPARE(s.stop(), 0);
    }

    // Issue 48 finding 13: a client that pipelined GET /_workbench/report and never read grew the server to 3 GB.
    // A client that pipelines 2,000 report requests and never reads. The server answers no more than the client's
    // window and its own socket take, holds a bounded amount for the connection, and ends it once the client has taken
    // nothing for 10 s — also while a report streams to it (the client's kernel taking bytes into its window is not
    // the client reading). Decided by what the server did, seen from the client's socket without reading a byte: the
    // bytes it got into the receive queue, and whether it ended the connection — not by how much a read of a few
    // seconds could fetch, which measured the machine's speed (a fast one fetched all 2,000 reports, 878 MB, from a
    // connection the server had kept open; a slow one would have passed whatever the server did).
    void pipelinerThatNeverReads_data()
    {
        QTest::addColumn<int>("receiveBuffer");
        QTest::newRow("the default window") << 0;
        QTest::newRow("a 64 MiB window") << 64 * 1024 * 1024;
    }
    void pipelinerThatNeverReads()
    {
        QFETCH(int, receiveBuffer);
        QTemporaryDir dir;
        Server s;
        QVERIFY(s.start(dir.path(), scenario("{\"profile\": \"ietf\", \"handler_ms\": 0}")));
        // A report of some size: 300 requests served first (about 300 KB of report).
        QByteArray many;
        for (int i = 0; i < 300; ++i)
            many += "POST /v1/a HTTP/1.1\r\nHost: x\r\nIdempotency-Key: \"fill-" + QByteArray::number(i)
                + "\"\r\nContent-Length: 0\r\n\r\n";
        many += "GET /_workbench/report?summary=1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
        QVERIFY(raw(s.port, many, 20'000).count("HTTP/1.1 201") == 300);
        const qint64 before = residentBytes(s.pid());
        QVERIFY(before > 0);
        HalfCloser hoarder(s.port, receiveBuffer);
        QVERIFY(hoarder.connected());
        const qint64 window = hoarder.receiveBuffer();
        QVERIFY(window > 0);
        QByteArray reports;
        for (int i = 0; i < 2000; ++i)
            reports += "GET /_workbench/report HTTP/1.1\r\nHost: x\r\n\r\n";
        QVERIFY(hoarder.send(reports)); // 88 KB, never read
        QElapsedTimer t;
        t.start();
        qint64 peak = 0;
        qint64 unread = 0;
        bool ended = false;
        // Bounded by a minute: the server's 10 s count from the last byte it got into the window, which fills within
        // a second or two here and within tens of seconds on the slowest host this runs on.
        while (!ended && t.elapsed() < 60'000) {
            QTest::qWait(200);
            peak = std::max(peak, residentBytes(s.pid()));
            unread = std::max(unread, hoarder.unread());
            ended = hoarder.endedByServer();
        }
        // All 2,000 reports would be 600 MB and more; the receive queue holds at most what its buffer does.
        QVERIFY2(
            unread <= window, qPrintable(QStringLiteral("%1 bytes unread in a buffer of %2").arg(unread).arg(window)));
        QVERIFY2(ended,
            qPrintable(
                QStringLiteral("the connection is still open after 60 s of a client that reads nothing (%1 bytes "
                               "reached its receive queue)")
                    .arg(unread)));
        // A few MiB of answers are held, plus the report being written — whatever the window. Under AddressSanitizer
        // the slices of report handed to a 64 MiB window stay resident after they are freed (its quarantine keeps up
        // to 256 MB of freed memory), so there the resident size says nothing about what the server holds.
#if defined(__SANITIZE_ADDRESS__)
        const bool residentTells = receiveBuffer == 0;
#else
        const bool residentTells = true;
#endif
        if (residentTells)
            QVERIFY2(
                peak - before < 64 * 1024 * 1024, qPrintable(QStringLiteral("%1 MB more").arg((peak - before) >> 20)));
        QCOMPARE(curl(s.url + QStringLiteral("v1/a"), postJson("\"meanwhile\"", "{}")).status, 201);
        QCOMPARE(s.stop(), 0);
    }

    // Issue 48 finding 24: the management endpoints needed no credentials. With a management token (given in a file
    // or the environment; drawn and printed when bound beyond loopback) they answer 401 without it; the service paths,
    // the policy and the problem pages need none.
    void managementToken_data()
    {
        QTest::addColumn<bool>("fromFile");
        QTest::newRow("--management-token-file") << true;
        QTest::newRow("IW_MANAGEMENT_TOKEN") << false;
    }
    void managementToken()
    {
        QFETCH(bool, fromFile);
        QTemporaryDir dir;
        const QByteArray token = "s3cr3t-" + QByteArray::number(QCoreApplication::applicationPid()) + "-management";
        const QString tokenPath = dir.path() + QStringLiteral("/token");
        {
            QFile f(tokenPath);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(token + "\n");
        }
        Server s;
        iwtest::ChildOptions options;
        if (!fromFile) {
            options.environment = QProcessEnvironment::systemEnvironment();
            options.environment.insert(QStringLiteral("IW_MANAGEMENT_TOKEN"), QString::fromLatin1(token));
        }
        QVERIFY(s.start(dir.path(), scenario("{\"profile\": \"ietf\", \"handler_ms\": 0}"),
            fromFile ? QStringList { QStringLiteral("--management-token-file"), tokenPath } : QStringList(), options));
        const QStringList bearer { QStringLiteral("-H"),
            QStringLiteral("Authorization: Bearer ") + QString::fromLatin1(token) };
        const QStringList wrong { QStringLiteral("-H"),
            QStringLiteral("Authorization: Bearer ") + QString::fromLatin1(token) + QLatin1Char('x') };
        const QStringList advance { QStringLiteral("--data-binary"), QStringLiteral("{\"advance_ms\": 1000}") };
        QCOMPARE(curl(s.url + QStringLiteral("v1/a"), postJson("\"k\"", "{}")).status, 201);
        for (const QString& path : { QStringLiteral("_workbench/report"), QStringLiteral("_workbench/clock"),
                 QStringLiteral("_workbench/reset") }) {
            const QStringList method = path.endsWith(QLatin1String("report")) ? QStringList() : advance;
            for (const QStringList& auth : { QStringList(), wrong }) {
                const CurlResult refused = curl(s.url + path, method + auth);
                QCOMPARE(refused.status, 401);
                QCOMPARE(refused.headers.value("content-type"), QByteArray("application/problem+json"));
                QVERIFY(refused.headers.value("www-authenticate").startsWith("Bearer"));
                QVERIFY(json::parse(refused.body.toStdString()).find("detail")->string.find("Authorization: Bearer")
                    != std::string::npos);
            }
        }
        // Nothing was reset or moved: the request served before is still there.
        const CurlResult rep = curl(s.url + QStringLiteral("_workbench/report"), bearer);
        QCOMPARE(rep.status, 200);
        QCOMPARE(json::parse(rep.body.toStdString()).find("requests")->array.size(), std::size_t(1));
        QCOMPARE(curl(s.url + QStringLiteral("_workbench/clock"), advance + bearer).status, 200);
        QCOMPARE(curl(s.url + QStringLiteral("_workbench/problems/created"), {}).status, 200);
        // The policy is what a client reads before it sends (the published expiry): no token, and none asked for.
        const CurlResult policy = curl(s.url + QStringLiteral("_workbench/policy"), {});
        QCOMPARE(policy.status, 200);
        QVERIFY(json::parse(policy.body.toStdString()).find("ttl_ms"));
        QCOMPARE(s.stop(), 0);
        QVERIFY(!s.stderrText.contains(token));
    }

    // serve --help says how the token is given and sent; a token too short to be one is bad input.
    void managementTokenOptions()
    {
        const iwtest::ChildResult help = iwtest::runChild(
            cli(), { .args = { QStringLiteral("serve"), QStringLiteral("--help") }, .timeoutMs = 20'000 });
        QVERIFY2(help.ranToEnd(), qPrintable(help.error));
        QCOMPARE(help.exitCode, 0);
        const QByteArray text = help.out;
        QVERIFY(text.contains("--management-token-file FILE"));
        QVERIFY(text.contains("Authorization: Bearer TOKEN"));
        QVERIFY(text.contains("405"));
        const iwtest::ChildResult weak = iwtest::runChild(cli(),
            { .args = { QStringLiteral("serve"), QStringLiteral("--port"), QStringLiteral("0"),
                  QStringLiteral("--management-token"), QStringLiteral("short") },
                .timeoutMs = 20'000 });
        QVERIFY2(weak.ranToEnd(), qPrintable(weak.error));
        QCOMPARE(weak.exitCode, 2);
        QVERIFY(weak.err.contains("8 to 1024 visible ASCII characters"));
    }

    // Issue 48 finding 12: each 1 MiB JSON body kept ~69 MB for the session (a tree of values per request); under a
    // 1.5 GB address-space cap the 20th aborted the server and --record was never written. Forty distinct ones are
    // served under that cap now, the server stops as asked, and the recording replays.
    void megabyteBodiesUnderAMemoryCap()
    {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
        QSKIP("a sanitizer reserves terabytes of address space: an address-space cap cannot apply");
#endif
        QTemporaryDir dir;
        const QString recordPath = dir.path() + QStringLiteral("/record.json");
        const QString servedPath = dir.path() + QStringLiteral("/served.json");
        const QString scenarioPath = dir.path() + QStringLiteral("/scenario.json");
        {
            QFile f(scenarioPath);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(scenario("{\"profile\": \"ietf\", \"handler_ms\": 0}"));
        }
        Server s;
        // 1.5 GB of address space, as `ulimit -v 1500000` gives.
        QVERIFY2(
            s.ServeProcess::start({ QStringLiteral("--port"), QStringLiteral("0"), scenarioPath,
                                      QStringLiteral("--record"), recordPath, QStringLiteral("--report"), servedPath },
                { .addressSpaceLimit = 1'500'000ULL * 1024 }, cli()),
            qPrintable(s.error()));
        QByteArray zeros;
        while (zeros.size() < 1024 * 1024 - 16)
            zeros += "0,";
        QTcpSocket c;
        c.connectToHost(QStringLiteral("127.0.0.1"), s.port);
        QVERIFY(c.waitForConnected(5000));
        for (int i = 0; i < 40; ++i) {
            const QByteArray body = '[' + zeros + QByteArray::number(i) + ']';
            c.write("POST /v1/blobs HTTP/1.1\r\nHost: x\r\nIdempotency-Key: \"blob-" + QByteArray::number(i)
                + "\"\r\nContent-Type: application/json\r\nContent-Length: " + QByteArray::number(body.size())
                + "\r\n\r\n" + body);
            QByteArray got;
            QElapsedTimer t;
            t.start();
            while (!got.contains("\r\n\r\n{") && t.elapsed() < 30'000 && c.state() == QAbstractSocket::ConnectedState)
                if (c.waitForReadyRead(100) || c.bytesAvailable())
                    got += c.readAll();
            QVERIFY2(statusOf(got) == 201,
                qPrintable(QStringLiteral("body %1: %2").arg(i).arg(QString::fromUtf8(got.left(300)))));
        }
        QCOMPARE(curl(s.url + QStringLiteral("v1/a"), postJson("\"small\"", "{}")).status, 201);
        QCOMPARE(s.stop(), 0);
        const QStringList served = servedDecisions(servedPath);
        QCOMPARE(served.size(), 41);
        // `run` of that 40 MB recording under the same cap: its bodies are kept as their text until fingerprinted, not
        // as 21 million parsed values (it peaked at 5.6 GB resident before, issue 41).
        QCOMPARE(rerunDecisions(recordPath, dir.path(), 1'500'000ULL * 1024), served);
    }

    // 2,000 connections at once: 1,024 are kept, the rest accepted and closed; the server keeps serving.
    void twoThousandConnections()
    {
        QTemporaryDir dir;
        Server s;
        QVERIFY(s.start(dir.path(), scenario("{\"profile\": \"ietf\", \"handler_ms\": 0}")));
        std::vector<std::unique_ptr<QTcpSocket>> sockets;
        for (int i = 0; i < 2000; ++i) {
            sockets.push_back(std::make_unique<QTcpSocket>());
            sockets.back()->connectToHost(QStringLiteral("127.0.0.1"), s.port);
        }
        QElapsedTimer t;
        t.start();
        int open = 0;
        int closedCount = 0;
        while (t.elapsed() < 8000) {
            QTest::qWait(100);
            open = 0;
            closedCount = 0;
            for (auto& c : sockets)
                (c->state() == QAbstractSocket::ConnectedState ? open : closedCount) += 1;
            if (closedCount >= 2000 - 1024 - 50 && open <= 1024 + 50)
                break;
        }
        // A client counts as connected while it waits in the kernel's accept queue too (Qt listens with a backlog
        // of 50), so the bound seen from this side is the server's 1,024 plus that queue.
        QVERIFY2(open <= 1024 + 50, qPrintable(QString::number(open)));
        QVERIFY2(closedCount >= 2000 - 1024 - 50, qPrintable(QString::number(closedCount)));
        sockets.clear();
        QTest::qWait(300);
        QCOMPARE(curl(s.url + QStringLiteral("v1/a"), postJson("\"after-flood\"", "{}")).status, 201);
        QCOMPARE(s.stop(), 0);
    }

    // A slow client, one header byte a second, is closed 10 s after it was accepted.
    void slowClientClosed()
    {
        QTemporaryDir dir;
        Server s;
        QVERIFY(s.start(dir.path(), {}));
        QTcpSocket c;
        c.connectToHost(QStringLiteral("127.0.0.1"), s.port);
        QVERIFY(c.waitForConnected(5000));
        const QByteArray head = "GET /v1/slow HTTP/1.1\r\nHost: x\r\nX-Long: aaaaaaaaaaaaaaaaaaaaaaaaa\r\n\r\n";
        QElapsedTimer t;
        t.start();
        int i = 0;
        while (c.state() == QAbstractSocket::ConnectedState && t.elapsed() < 14'000) {
            if (t.elapsed() >= i * 1000 && i < head.size())
                c.write(head.mid(i++, 1));
            c.waitForReadyRead(100);
            c.readAll();
        }
        QVERIFY(c.state() != QAbstractSocket::ConnectedState);
        QVERIFY2(t.elapsed() >= 9500 && t.elapsed() < 13'000, qPrintable(QString::number(t.elapsed())));
        QCOMPARE(curl(s.url + QStringLiteral("v1/a"), postJson("\"fine\"", "{}")).status, 201);
        QCOMPARE(s.stop(), 0);
    }

    // Bad command lines are bad input (exit 2) with one sentence; nothing listens.
    void badCommandLines_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("says");
        QTest::newRow("port out of range")
            << QStringList { QStringLiteral("--port"), QStringLiteral("70000") } << QStringLiteral("--port");
        QTest::newRow("bind not an address")
            << QStringList { QStringLiteral("--bind"), QStringLiteral("nowhere") } << QStringLiteral("--bind");
        QTest::newRow("missing scenario")
            << QStringList { QStringLiteral("/nonexistent/s.json") } << QStringLiteral("/nonexistent/s.json");
        QTest::newRow("unknown option") << QStringList { QStringLiteral("--frobnicate") }
                                        << QStringLiteral("--frobnicate");
        QTest::newRow("conninfo that does not parse") << QStringList { QStringLiteral("--store"),
            QStringLiteral("postgres"), QStringLiteral("--conninfo"), QStringLiteral("host=") + QLatin1Char('\'') }
                                                      << QStringLiteral("serve");
        QTest::newRow("unknown store") << QStringList { QStringLiteral("--store"), QStringLiteral("redis") }
                                       << QStringLiteral("redis");
    }
    void badCommandLines()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, says);
        const iwtest::ChildResult p
            = iwtest::runChild(cli(), { .args = QStringList { QStringLiteral("serve") } + args, .timeoutMs = 20'000 });
        QVERIFY2(p.ranToEnd(), qPrintable(p.error));
        QCOMPARE(p.exitCode, 2);
        QVERIFY(p.out.isEmpty());
        QVERIFY(QString::fromUtf8(p.err).contains(says));
    }

    // The PostgreSQL store behind the wire: the same answers, and the report says postgres.
    void postgresStore()
    {
        if (qEnvironmentVariableIsEmpty("PGHOST") && qEnvironmentVariableIsEmpty("PGPORT"))
            QSKIP("no PostgreSQL configured (PGHOST/PGPORT unset): run under scripts/with-postgres.sh");
        QTemporaryDir dir;
        Server s;
        QVERIFY(s.start(dir.path(), scenario("{\"profile\": \"ietf\", \"handler_ms\": 20}"),
            { QStringLiteral("--store"), QStringLiteral("postgres"), QStringLiteral("--schema"),
                QStringLiteral("iw_serve_%1").arg(QCoreApplication::applicationPid()) }));
        const QString orders = s.url + QStringLiteral("v1/orders");
        QCOMPARE(curl(orders, postJson("\"pg-1\"", "{\"n\": 1}")).headers.value("idempotency-decision"),
            QByteArray("created"));
        const CurlResult again = curl(orders, postJson("\"pg-1\"", "{\"n\": 1}"));
        QCOMPARE(again.headers.value("idempotency-decision"), QByteArray("replayed"));
        QCOMPARE(again.body, QByteArray("{\"result_id\":\"e1\"}"));
        const json::Value rep = report(s);
        QCOMPARE(rep.find("store")->string, std::string("postgres"));
        QCOMPARE(rep.find("records")->array.size(), std::size_t(1));
        QCOMPARE(s.stop(), 0);
    }

    // Issue 48 findings 10 and 16 on the PostgreSQL store: a request the database refused was never answered (the
    // reason reached stderr only), and that reason quoted the client's actor raw, escape sequences included. The
    // known causes are refused at the door; a refusal by the database (here a CHECK constraint added behind the
    // server's back) is store_unavailable 503 with the store's sentence; the server keeps serving; stderr carries
    // the sentence with no control character.
    void postgresRefusalIsAnswered()
    {
        if (qEnvironmentVariableIsEmpty("PGHOST") && qEnvironmentVariableIsEmpty("PGPORT"))
            QSKIP("no PostgreSQL configured (PGHOST/PGPORT unset): run under scripts/with-postgres.sh");
        QTemporaryDir dir;
        const std::string schema = "iw_serve_refusal_" + std::to_string(QCoreApplication::applicationPid());
        PgAdmin admin;
        QVERIFY2(admin.ok(), admin.error().c_str());
        Server s;
        const QString recordPath = dir.path() + QStringLiteral("/record.json");
        const QString servedPath = dir.path() + QStringLiteral("/served.json");
        QVERIFY(s.start(dir.path(), scenario("{\"profile\": \"ietf\", \"handler_ms\": 0}"),
            { QStringLiteral("--store"), QStringLiteral("postgres"), QStringLiteral("--schema"),
                QString::fromStdString(schema), QStringLiteral("--record"), recordPath, QStringLiteral("--report"),
                servedPath }));
        const QString orders = s.url + QStringLiteral("v1/orders");
        QCOMPARE(curl(s.url + QStringLiteral("v1/") + QString(250, QLatin1Char('p')), postJson("\"long-path\"", "{}"))
                     .status,
            414);
        QCOMPARE(curl(orders,
                     postJson("\"long-actor\"", "{}",
                         { QStringLiteral("-H"), QStringLiteral("X-Actor: ") + QString(300, QLatin1Char('a')) }))
                     .status,
            431);
        for (int i = 0; i < 2; ++i)
            QCOMPARE(curl(s.url + QStringLiteral("_workbench/clock"),
                         { QStringLiteral("--data-binary"), QStringLiteral("{\"advance_ms\": 9007199254740992}") })
                         .status,
                400);
        QCOMPARE(curl(orders, postJson("\"after-jumps\"", "{}")).status, 201);

        QVERIFY(admin.run("ALTER TABLE " + admin.ident(schema)
            + ".request_idempotency ADD CONSTRAINT no_evil CHECK (actor_id NOT LIKE 'evil%')"));
        const QByteArray user = "evil\x1b]0;PWNED\x07\x1b[2J\x1b[31m\xc2\x9b"
                                "31m";
        const CurlResult refused = curl(orders,
            postJson("\"evil-1\"", "{}",
                { QStringLiteral("-H"), QStringLiteral("X-Client: evil\u009b2Jclient"), QStringLiteral("-H"),
                    QStringLiteral("X-Intent: evil\u009d0;title\u009cintent"), QStringLiteral("-H"),
                    QStringLiteral("Authorization: Basic ")
                        + QString::fromLatin1(QByteArray(user + ":pw").toBase64()) }));
        QCOMPARE(refused.status, 503);
        QCOMPARE(refused.headers.value("idempotency-decision"), QByteArray("store_unavailable"));
        QCOMPARE(refused.headers.value("content-type"), QByteArray("application/problem+json"));
        QVERIFY2(json::parse(refused.body.toStdString()).find("detail")->string.find("violates check constraint")
                != std::string::npos,
            refused.body.constData());
        QCOMPARE(curl(orders, postJson("\"fine-after\"", "{}")).status, 201);
        QCOMPARE(s.stop(), 0);
        admin.exec("DROP SCHEMA IF EXISTS " + admin.ident(schema) + " CASCADE");
        QVERIFY2(s.stderrText.contains("violates check constraint"), s.stderrText.constData());
        for (const char c : s.stderrText) {
            const auto u = static_cast<unsigned char>(c);
            QVERIFY2((u >= 0x20 && u != 0x7f) || c == '\n', s.stderrText.toPercentEncoding().constData());
        }
        QVERIFY(!s.stderrText.contains("\xc2\x9b"));
        // The refused request is recorded as a db_down window of one millisecond at its failed step: the recording
        // replays every request, the refused one included (it was left out, so a replay differed on its key).
        const QStringList served = servedDecisions(servedPath);
        QCOMPARE(served.count(QStringLiteral("store_unavailable string")), qsizetype(1));
        QCOMPARE(rerunDecisions(recordPath, dir.path()), served);
    }

    // Issue 41 finding 2: a client that mints a new key per retry (or sends none) ran one order twice. Requests of
    // one actor and operation with equal fingerprints under other keys form one suspected intent: named after the
    // first, attempts counted within it (so a fault at attempt 1 strikes only the first), its extra effects counted
    // apart from confirmed duplicates. Another order (another body) and a same-key replay are not suspected.
    // Finding 4: `run` on the recording gives the same decisions, attempts, client outcomes and effects.
    void newKeyRetriesSuspected()
    {
        QTemporaryDir dir;
        Server s;
        const QString reportPath = dir.path() + QStringLiteral("/report.json");
        const QString recordPath = dir.path() + QStringLiteral("/record.json");
        QVERIFY(s.start(dir.path(),
            scenario("{\"profile\": \"stripe\", \"handler_ms\": 20}",
                "[{\"kind\": \"drop_response\", \"client\": \"curl\", \"attempt\": 1}]"),
            { QStringLiteral("--report"), reportPath, QStringLiteral("--record"), recordPath }));
        const QString orders = s.url + QStringLiteral("v1/orders");
        const auto post = [&](const QByteArray& key, const QByteArray& body) {
            QStringList a { QStringLiteral("-X"), QStringLiteral("POST"), QStringLiteral("-H"),
                QStringLiteral("Content-Type: application/json"), QStringLiteral("--data-binary"),
                QString::fromUtf8(body) };
            if (!key.isNull())
                a << QStringLiteral("-H") << QStringLiteral("Idempotency-Key: ") + QString::fromUtf8(key);
            return curl(orders, a);
        };
        QCOMPARE(post("n-1", "{\"amount\": 5}").exitCode, 52); // attempt 1: the answer is lost
        // A new key: created again, attempt 2 of the suspected intent, so the fault no longer strikes.
        QCOMPARE(post("n-2", "{\"amount\": 5}").headers.value("idempotency-decision"), QByteArray("created"));
        const CurlResult keyless = post(QByteArray(), "{\"amount\": 5}"); // no key at all: a third effect
        QCOMPARE(keyless.exitCode, 0);
        QVERIFY(keyless.status < 300);
        QCOMPARE(post("n-2", "{\"amount\": 5}").headers.value("idempotency-decision"), QByteArray("replayed"));
        // Another order: its own intent, so this is its attempt 1, and the fault strikes it too.
        QCOMPARE(post("other", "{\"amount\": 7}").exitCode, 52);
        const json::Value rep = report(s);
        const auto& requests = rep.find("requests")->array;
        QCOMPARE(requests.size(), std::size_t(5));
        for (std::size_t i = 0; i < 4; ++i)
            QCOMPARE(requests[i].find("suspected_intent")->string, std::string("r1"));
        QVERIFY(requests[4].find("suspected_intent")->isNull());
        QCOMPARE(requests[0].find("attempt")->number, 1.0);
        QCOMPARE(requests[1].find("attempt")->number, 2.0);
        QCOMPARE(requests[2].find("attempt")->number, 3.0);
        QCOMPARE(requests[0].find("client_outcome")->string, std::string("dropped"));
        QCOMPARE(requests[1].find("client_outcome")->string, std::string("response"));
        const json::Value* summary = rep.find("summary");
        QCOMPARE(summary->find("effects")->number, 4.0);
        QCOMPARE(summary->find("duplicate_effects")->number, 0.0);
        QCOMPARE(summary->find("suspected_intents")->number, 1.0);
        QCOMPARE(summary->find("suspected_duplicate_effects")->number, 2.0);
        QCOMPARE(s.stop(), 0);
        QVERIFY(!rerunDecisions(recordPath, dir.path()).value(0).startsWith(QStringLiteral("run")));
        QCOMPARE(truthPerRequest(readJsonFile(dir.path() + QStringLiteral("/rerun.json"))),
            truthPerRequest(readJsonFile(reportPath)));
    }

    // Issue 41 finding 3: SIGTERM while a handler runs for a client that already gave up. The handler finishes
    // within the 5 s grace (created, 1 effect), and `run` on the recording says the same; one still running after the
    // grace is `crashed` in the report and in the recording's run alike.
    void stopMidHandler_data()
    {
        QTest::addColumn<int>("handlerMs");
        QTest::addColumn<QString>("decision");
        QTest::addColumn<int>("effects");
        QTest::newRow("finishes within the grace") << 2000 << QStringLiteral("created") << 1;
        QTest::newRow("still running after it") << 8000 << QStringLiteral("crashed") << 0;
    }
    void stopMidHandler()
    {
        QFETCH(int, handlerMs);
        QFETCH(QString, decision);
        QFETCH(int, effects);
        QTemporaryDir dir;
        Server s;
        const QString reportPath = dir.path() + QStringLiteral("/report.json");
        const QString recordPath = dir.path() + QStringLiteral("/record.json");
        QVERIFY(s.start(dir.path(),
            scenario("{\"profile\": \"ietf\", \"handler_ms\": " + QByteArray::number(handlerMs) + "}"),
            { QStringLiteral("--report"), reportPath, QStringLiteral("--record"), recordPath }));
        // The client gives up after 300 ms (curl exit 28), long before the handler ends.
        QCOMPARE(curl(s.url + QStringLiteral("v1/orders"),
                     postJson("\"gave-up\"", "{}", { QStringLiteral("--max-time"), QStringLiteral("0.3") }))
                     .exitCode,
            28);
        QCOMPARE(s.stop(), 0);
        const json::Value rep = readJsonFile(reportPath);
        const auto& requests = rep.find("requests")->array;
        QCOMPARE(requests.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(requests[0].find("decision")->string), decision);
        QCOMPARE(requests[0].find("client_outcome")->string, std::string("dropped"));
        QCOMPARE(rep.find("summary")->find("effects")->number, double(effects));
        QVERIFY(!rerunDecisions(recordPath, dir.path()).value(0).startsWith(QStringLiteral("run")));
        QCOMPARE(truthPerRequest(readJsonFile(dir.path() + QStringLiteral("/rerun.json"))), truthPerRequest(rep));
    }

    // Issue 41 finding 5: GET /_workbench/report is streamed a slice at a time as its client takes it. A report
    // client that reads nothing holds a slice of it in the server, not the report (it was built whole, at once, and
    // held until sent); the others are answered meanwhile; read to its end it is the whole report, valid JSON; and
    // ?summary=1 answers the summary alone.
    void reportStreamed()
    {
        QTemporaryDir dir;
        Server s;
        QVERIFY(s.start(dir.path(), scenario("{\"profile\": \"ietf\", \"handler_ms\": 0}")));
        const int perConnection = 5000;
        for (int part = 0; part < 4; ++part) {
            QByteArray many;
            for (int i = 0; i < perConnection; ++i) {
                const QByteArray n = QByteArray::number(part * perConnection + i);
                const QByteArray body = "{\"n\": " + n + "}";
                many += "POST /v1/a HTTP/1.1\r\nHost: x\r\nIdempotency-Key: \"s-" + n
                    + "\"\r\nContent-Type: application/json\r\nContent-Length: " + QByteArray::number(body.size())
                    + "\r\n\r\n" + body;
            }
            many += "GET /_workbench/report?summary=1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
            QCOMPARE(raw(s.port, many, 60'000).count("HTTP/1.1 201"), perConnection);
        }
        const CurlResult summary = curl(s.url + QStringLiteral("_workbench/report?summary=1"), {});
        QCOMPARE(summary.status, 200);
        const json::Value head = json::parse(summary.body.toStdString());
        QCOMPARE(head.find("summary")->find("requests")->number, 4.0 * perConnection);
        QVERIFY(!head.find("requests"));

        const qint64 before = residentBytes(s.pid());
        QVERIFY(before > 0);
        QTcpSocket idle; // asks for the report and reads none of it
        idle.setReadBufferSize(4096);
        idle.connectToHost(QStringLiteral("127.0.0.1"), s.port);
        QVERIFY(idle.waitForConnected(5000));
        idle.write("GET /_workbench/report HTTP/1.1\r\nHost: x\r\n\r\n");
        QVERIFY(idle.waitForBytesWritten(5000));
        QTest::qWait(1500);
        const qint64 held = residentBytes(s.pid()) - before;
        // Answered meanwhile.
        QCOMPARE(curl(s.url + QStringLiteral("v1/a"), postJson("\"meanwhile\"", "{\"n\": -1}")).status, 201);
        const CurlResult whole = curl(s.url + QStringLiteral("_workbench/report"), {});
        QCOMPARE(whole.status, 200);
        QCOMPARE(whole.headers.value("transfer-encoding"), QByteArray("chunked"));
        const json::Value rep = json::parse(whole.body.toStdString());
        QCOMPARE(rep.find("requests")->array.size(), std::size_t(4 * perConnection + 1));
        QCOMPARE(rep.find("records")->array.size(), std::size_t(4 * perConnection + 1));
        // The report is tens of megabytes; the idle client's holds a few slices and the rows still changing.
        QVERIFY2(whole.body.size() > 12 * 1024 * 1024, qPrintable(QString::number(whole.body.size())));
        QVERIFY2(held < qint64(whole.body.size()) / 4,
            qPrintable(
                QStringLiteral("%1 KB held for a report of %2 KB").arg(held >> 10).arg(whole.body.size() >> 10)));
        idle.abort();
        QCOMPARE(s.stop(), 0);
    }

    // Issue 41 finding 7 (docs/reference/decisions.md#profiles key_syntax): under ietf only an RFC 8941 String is a key
    // — a token, an integer, a decimal, a boolean and a byte sequence are invalid_key; under stripe the key is the
    // header's text, quotes included, so "s-1" and s-1 are two keys. GET /_workbench/policy publishes the policy
    // served.
    void keySyntaxOnTheWire()
    {
        QTemporaryDir dir;
        {
            Server s;
            QVERIFY(s.start(dir.path(), scenario("{\"profile\": \"ietf\", \"handler_ms\": 0, \"ttl_ms\": 90000}")));
            const QString orders = s.url + QStringLiteral("v1/orders");
            for (const char* key : { "s-1", "123", "1.5", "?1", ":YWJj:" }) {
                const CurlResult got = curl(orders,
                    { QStringLiteral("-X"), QStringLiteral("POST"), QStringLiteral("-H"),
                        QStringLiteral("Idempotency-Key: ") + QLatin1String(key) });
                QVERIFY2(got.headers.value("idempotency-decision") == "invalid_key", key);
                QCOMPARE(got.status, 400);
            }
            QCOMPARE(
                curl(orders, postJson("\"s-1\"", "{}")).headers.value("idempotency-decision"), QByteArray("created"));
            const CurlResult policy = curl(s.url + QStringLiteral("_workbench/policy"), {});
            QCOMPARE(policy.status, 200);
            const json::Value doc = json::parse(policy.body.toStdString());
            QCOMPARE(doc.find("profile")->string, std::string("ietf"));
            QCOMPARE(doc.find("key_syntax")->string, std::string("sf-string"));
            QCOMPARE(doc.find("ttl_ms")->number, 90000.0);
            QCOMPARE(doc.find("intent_window_ms")->number, 60000.0);
            QCOMPARE(s.stop(), 0);
        }
        Server s;
        QVERIFY(s.start(dir.path(), scenario("{\"profile\": \"stripe\", \"handler_ms\": 0}")));
        const QString orders = s.url + QStringLiteral("v1/orders");
        const auto send = [&](const char* key) {
            return curl(orders,
                { QStringLiteral("-X"), QStringLiteral("POST"), QStringLiteral("-H"),
                    QStringLiteral("Content-Type: application/json"), QStringLiteral("--data-binary"),
                    QStringLiteral("{}"), QStringLiteral("-H"),
                    QStringLiteral("Idempotency-Key: ") + QLatin1String(key) })
                .headers.value("idempotency-decision");
        };
        QCOMPARE(send("\"s-1\""), QByteArray("created"));
        QCOMPARE(send("s-1"), QByteArray("created")); // another key: the quotes are part of the first
        QCOMPARE(send("s-1"), QByteArray("replayed"));
        const json::Value rep = report(s);
        QCOMPARE(rep.find("requests")->array[0].find("key")->string, std::string("\"s-1\""));
        QCOMPARE(rep.find("requests")->array[1].find("key")->string, std::string("s-1"));
        const json::Value doc = json::parse(curl(s.url + QStringLiteral("_workbench/policy"), {}).body.toStdString());
        QCOMPARE(doc.find("key_syntax")->string, std::string("raw"));
        QCOMPARE(s.stop(), 0);
    }

    // Item 6: mixed traffic (replays, a mismatch, a lost response, a crash, an expiry after a clock jump) served,
    // stopped, recorded; `run` on the recording gives the same decisions and effects, request by request.
    // Issue 42 (fourth pass, item 7): "GET needs none of this" — serve claimed a key and counted an effect for a GET.
    // A GET (and a HEAD) is a read: its Idempotency-Key is not read, nothing is claimed or stored, no effect is
    // made, and it answers 200 — under ietf's require_key too — however often it comes. A POST beside it still
    // claims and charges once; the recording replays the same decisions.
    void getIsARead()
    {
        QTemporaryDir dir;
        Server s;
        const QString recordPath = dir.path() + QStringLiteral("/record.json");
        QVERIFY(s.start(dir.path(), scenario("{\"profile\": \"ietf\", \"handler_ms\": 5}"),
            { QStringLiteral("--record"), recordPath }));
        const QString order = s.url + QStringLiteral("v1/orders/7");
        const QStringList keyed { QStringLiteral("-H"), QStringLiteral("Idempotency-Key: \"read-1\"") };
        for (const QStringList& args : { keyed, keyed, QStringList(), QStringList { QStringLiteral("-I") },
                 QStringList { QStringLiteral("-H"), QStringLiteral("Idempotency-Key: not-an-sf-string") } }) {
            const CurlResult r = curl(order, args);
            QVERIFY2(r.status == 200,
                qPrintable(args.join(QLatin1Char(' ')) + QStringLiteral(": ") + QString::number(r.status)));
            QCOMPARE(r.headers.value("idempotency-decision"), QByteArray("unprotected"));
            QVERIFY(!r.headers.contains("idempotent-replayed"));
        }
        QCOMPARE(curl(s.url + QStringLiteral("v1/orders"), postJson("\"buy-1\"", "{\"n\": 1}")).status, 201);
        QCOMPARE(curl(s.url + QStringLiteral("v1/orders"), postJson("\"buy-1\"", "{\"n\": 1}")).status, 201);
        const json::Value rep = report(s);
        QCOMPARE(decisions(rep, "unprotected"), 5.0);
        QCOMPARE(decisions(rep, "created"), 1.0);
        QCOMPARE(decisions(rep, "replayed"), 1.0);
        QCOMPARE(rep.find("summary")->find("effects")->number, 1.0);
        // The only record is the POST's: no GET claimed its key.
        const auto& records = rep.find("records")->array;
        QCOMPARE(records.size(), std::size_t(1));
        QCOMPARE(records[0].find("key")->string, std::string("buy-1"));
        const auto& requests = rep.find("requests")->array;
        QCOMPARE(requests[0].find("operation")->string, std::string("GET /v1/orders/7"));
        QVERIFY(requests[0].find("key")->isNull());
        QCOMPARE(requests[3].find("operation")->string, std::string("HEAD /v1/orders/7"));
        QCOMPARE(s.stop(), 0);
        QCOMPARE(rerunDecisions(recordPath, dir.path()),
            QStringList({ QStringLiteral("unprotected null"), QStringLiteral("unprotected null"),
                QStringLiteral("unprotected null"), QStringLiteral("unprotected null"),
                QStringLiteral("unprotected null"), QStringLiteral("created string"),
                QStringLiteral("replayed string") }));
    }

    void recordingRoundTrip()
    {
        QTemporaryDir dir;
        Server s;
        const QString recordPath = dir.path() + QStringLiteral("/record.json");
        const QString servedPath = dir.path() + QStringLiteral("/served.json");
        QVERIFY(s.start(dir.path(),
            scenario("{\"profile\": \"ietf\", \"handler_ms\": 20, \"ttl_ms\": 60000}",
                "[{\"kind\": \"drop_response\", \"client\": \"curl\", \"attempt\": 1},\n"
                "                {\"kind\": \"crash_after_effect\", \"client\": \"crashy\"}]"),
            { QStringLiteral("--record"), recordPath, QStringLiteral("--report"), servedPath }));
        const QString orders = s.url + QStringLiteral("v1/orders");
        curl(orders, postJson("\"a\"", "{\"n\": 1}")); // created, lost
        curl(orders, postJson("\"a\"", "{\"n\": 1}")); // replayed
        curl(orders, postJson("\"a\"", "{\"n\": 2}")); // mismatch
        curl(orders, postJson("\"b\"", "{\"n\": 1}", { QStringLiteral("-H"), QStringLiteral("X-Client: crashy") }));
        curl(orders, postJson("(x)", "{}")); // unreadable: left out of the recording
        curl(orders,
            { QStringLiteral("-H"), QStringLiteral("Idempotency-Key: \"form\""), QStringLiteral("--data"),
                QStringLiteral("a=1&a=2") });
        curl(orders,
            { QStringLiteral("-H"), QStringLiteral("Idempotency-Key: \"form\""), QStringLiteral("--data"),
                QStringLiteral("a=1&a=2") });
        curl(s.url + QStringLiteral("_workbench/clock"),
            { QStringLiteral("--data-binary"), QStringLiteral("{\"advance_ms\": 120000}") });
        curl(orders, postJson("\"a\"", "{\"n\": 1}")); // expired, re-executed
        curl(orders, postJson(QByteArray(), "{\"n\": 1}")); // missing key
        QCOMPARE(s.stop(), 0);

        const QString rerunPath = dir.path() + QStringLiteral("/rerun.json");
        const iwtest::ChildResult run = iwtest::runChild(cli(),
            { .args = { QStringLiteral("run"), recordPath, QStringLiteral("--report"), rerunPath },
                .timeoutMs = 30'000 });
        QVERIFY2(run.ranToEnd() && run.exitCode == 0, run.err.constData());
        QFile servedFile(servedPath);
        QFile rerunFile(rerunPath);
        QVERIFY(servedFile.open(QIODevice::ReadOnly) && rerunFile.open(QIODevice::ReadOnly));
        const json::Value served = json::parse(servedFile.readAll().toStdString());
        const json::Value rerun = json::parse(rerunFile.readAll().toStdString());
        QStringList servedDecisions;
        for (const json::Value& r : served.find("requests")->array) {
            if (r.find("key")->isString() && r.find("key")->string == "(x)")
                continue;
            servedDecisions << QString::fromStdString(r.find("decision")->string + " " + r.find("key")->typeName());
        }
        QStringList rerunDecisions;
        for (const json::Value& r : rerun.find("requests")->array)
            rerunDecisions << QString::fromStdString(r.find("decision")->string + " " + r.find("key")->typeName());
        QCOMPARE(rerunDecisions, servedDecisions);
        QCOMPARE(servedDecisions.size(), 8); // nine requests served, the unreadable key left out
        QCOMPARE(rerun.find("summary")->find("effects")->number, served.find("summary")->find("effects")->number);
        QCOMPARE(served.find("summary")->find("effects")->number, 4.0); // a, b (crash), form, a again
        std::vector<std::string> servedEffects;
        for (const json::Value& e : served.find("effects")->array)
            servedEffects.push_back(e.find("id")->string);
        std::vector<std::string> rerunEffects;
        for (const json::Value& e : rerun.find("effects")->array)
            rerunEffects.push_back(e.find("id")->string);
        QCOMPARE(rerunEffects, servedEffects);
    }
};

QTEST_GUILESS_MAIN(TestServeWire)
#include "tst_servewire.moc"
