// `probe` (docs/reference/probe.md): the card's expectations follow each profile's policy; serve under every profile
// matches its own profile and no other; bad input is exit 2 naming it; an unreachable target, a refused TLS handshake,
// a target that answers HTML to everything or never answers end in exit 3 or a card that says so, never a hang;
// Authorization never appears; --record replays with `run`; the watched table shows executions when answers carry no
// id.
#include "contract.h"
#include "probe.h"
#include "probereport.h"
#include "probetarget.h"
#include "probewatch.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <thread>
#include <tuple>

using namespace iw;

namespace {

const QString kSecretOne = QStringLiteral("probe-secret-token-one");
const QString kSecretTwo = QStringLiteral("probe-secret-token-two");

struct Run {
    int code = -1;
    QByteArray out;
    QByteArray err;
    qint64 ms = 0;
};

// The probe as a child process; the test's event loop keeps turning while it runs (a server in this process answers).
Run probe(const QStringList& args, int timeoutMs = 120'000)
{
    const iwtest::ChildResult c = iwtest::runCli(
        QStringList { QStringLiteral("probe") } + args, { .timeoutMs = timeoutMs, .turnEventLoop = true });
    return { c.ranToEnd() ? c.exitCode : -2, c.out, c.err, c.elapsedMs };
}

QStringList fullOptions()
{
    return { QStringLiteral("--body"), QStringLiteral(R"({"amount": 100, "note": "first"})"),
        QStringLiteral("--significant"), QStringLiteral("/amount"), QStringLiteral("--display"),
        QStringLiteral("/note"), QStringLiteral("--result-id"), QStringLiteral("/result_id"), QStringLiteral("--auth"),
        QStringLiteral("Bearer ") + kSecretOne, QStringLiteral("--auth-other"), QStringLiteral("Bearer ") + kSecretTwo,
        QStringLiteral("--slow-body"), QStringLiteral(R"({"amount": 5})") };
}

QJsonObject jsonOf(const QByteArray& text)
{
    return QJsonDocument::fromJson(text).object();
}

QMap<QString, QString> verdicts(const QJsonObject& report)
{
    QMap<QString, QString> out;
    for (const QJsonValue& c : report.value(QStringLiteral("checks")).toArray())
        out.insert(c[QStringLiteral("name")].toString(), c[QStringLiteral("verdict")].toString());
    return out;
}

// A server in this process that answers every request with `answer` (empty: reads and never answers), or with
// `tokenAnswer` when one is given and the request's Idempotency-Key is not a quoted string (a strict RFC 8941 reader).
class FixedServer : public QObject {
public:
    explicit FixedServer(QByteArray answer, QByteArray tokenAnswer = {})
        : m_answer(std::move(answer))
        , m_tokenAnswer(std::move(tokenAnswer))
    {
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket* s = m_server.nextPendingConnection()) {
                ++connections;
                s->setParent(this);
                connect(s, &QTcpSocket::readyRead, s, [this, s] {
                    QByteArray& buf = m_buffers[s];
                    buf += s->readAll();
                    // One answer per request head received (bodies are small and come with it).
                    while (true) {
                        const qsizetype end = buf.indexOf("\r\n\r\n");
                        if (end < 0)
                            break;
                        const QByteArray head = buf.left(end);
                        qsizetype length = 0;
                        bool tokenKey = false;
                        for (const QByteArray& line : head.split('\n')) {
                            if (line.toLower().startsWith("content-length:"))
                                length = line.mid(15).trimmed().toLongLong();
                            if (line.toLower().startsWith("idempotency-key:"))
                                tokenKey = !line.mid(16).trimmed().startsWith('"');
                        }
                        if (buf.size() < end + 4 + length)
                            break;
                        buf.remove(0, end + 4 + length);
                        ++requests;
                        if (tokenKey && !m_tokenAnswer.isEmpty())
                            s->write(m_tokenAnswer);
                        else if (!m_answer.isEmpty())
                            s->write(m_answer);
                    }
                });
            }
        });
        m_server.listen(QHostAddress::LocalHost, 0);
    }
    QString url() const { return QStringLiteral("http://127.0.0.1:%1/orders").arg(m_server.serverPort()); }
    int requests = 0;
    int connections = 0;

private:
    QTcpServer m_server;
    QByteArray m_answer;
    QByteArray m_tokenAnswer;
    QMap<QTcpSocket*, QByteArray> m_buffers;
};

} // namespace

class TestProbe : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // The card's expectations are read from the policy: change a field and the expectation follows.
    void testExpectationsFollowThePolicy_data()
    {
        QTest::addColumn<QString>("profile");
        for (Profile p : allProfiles())
            QTest::newRow(profileName(p).data()) << QString::fromLatin1(profileName(p).data());
    }
    void testExpectationsFollowThePolicy()
    {
        QFETCH(QString, profile);
        ServicePolicy policy = ServicePolicy::forProfile(*profileFromName(profile.toStdString()));
        ContractExpectations x = expectationsFor(policy);
        QCOMPARE(x.profile, profile.toStdString());
        QCOMPARE(x.mismatchStatus, policy.mismatchStatus);
        QCOMPARE(x.inProgressStatus, policy.inProgressStatus);
        QCOMPARE(x.missingKeyStatus, policy.missingKeyStatus);
        QCOMPARE(x.requireKey, policy.requireKey);
        QCOMPARE(x.maxKeyLength.value_or(-1), policy.maxKeyLength);
        policy.mismatchStatus = 418;
        policy.inProgressStatus = 425;
        policy.requireKey = !policy.requireKey;
        policy.maxKeyLength = 300;
        x = expectationsFor(policy);
        QCOMPARE(x.mismatchStatus, 418);
        QCOMPARE(x.inProgressStatus, 425);
        QCOMPARE(x.requireKey, policy.requireKey);
        QCOMPARE(x.maxKeyLength.value_or(-1), 300);
        QCOMPARE(knownProfilePolicies().size(), allProfiles().size());
    }

    // "The same payload" is the engine's fingerprint under the profile: a --display field left out, a significant one
    // counted, a profile that compares no payloads never refusing; once the library profiles exist, member order
    // counts only where the library writes the body back as JSON.stringify does (node-idempotency).
    void testPayloadsDifferAsTheEngineFingerprintsThem()
    {
        const std::string a = R"({"amount":1,"note":"a"})";
        const ContractExpectations ietf = expectationsFor(ServicePolicy::forProfile(Profile::Ietf), { "/note" });
        QVERIFY(payloadsDiffer(ietf, "POST", "/v1/orders", a, R"({"amount":2,"note":"a"})"));
        QVERIFY(!payloadsDiffer(ietf, "POST", "/v1/orders", a, R"({"amount":1,"note":"b"})"));
        QVERIFY(!payloadsDiffer(ietf, "POST", "/v1/orders", a, R"({"note":"a", "amount":1})"));
        QVERIFY(payloadsDiffer(ietf, "POST", "/v1/orders", "{", a));
        const ContractExpectations powertools = expectationsFor(ServicePolicy::forProfile(Profile::Powertools));
        QVERIFY(!payloadsDiffer(powertools, "POST", "/v1/orders", a, R"({"amount":2,"note":"a"})"));
        const auto node = profileFromName("node-idempotency");
        const auto express = profileFromName("express-idempotency");
        if (!node || !express)
            QSKIP("the library profiles (issue 43) are not in this build");
        const std::string ab = R"({"a":1,"b":2})";
        const std::string ba = R"({"b":2,"a":1})";
        QVERIFY(payloadsDiffer(expectationsFor(ServicePolicy::forProfile(*node)), "POST", "/orders", ab, ba));
        QVERIFY(!payloadsDiffer(expectationsFor(ServicePolicy::forProfile(*express)), "POST", "/orders", ab, ba));
    }

    // What the libraries' profiles answer besides statuses (docs/reference/decisions.md#profiles's answer shapes) and
    // what their keys cover.
    void testLibraryProfilesAnswerShapes()
    {
        const ContractExpectations ietf = expectationsFor(ServicePolicy::forProfile(Profile::Ietf));
        QVERIFY(ietf.replayMarker);
        QCOMPARE(ietf.refusalContentType, std::string("application/problem+json"));
        QVERIFY(!ietf.emptyKeyIsNone);
        QVERIFY(!ietf.keyShared());
        const auto node = profileFromName("node-idempotency");
        const auto express = profileFromName("express-idempotency");
        if (!node || !express)
            QSKIP("the library profiles (issue 43) are not in this build");
        const ContractExpectations e = expectationsFor(ServicePolicy::forProfile(*express));
        QVERIFY(!e.replayMarker);
        QCOMPARE(e.refusalContentType, std::string("text/html"));
        QVERIFY(e.emptyKeyIsNone);
        QVERIFY(e.keyShared());
        const ContractExpectations n = expectationsFor(ServicePolicy::forProfile(*node));
        QVERIFY(n.replayMarker);
        QCOMPARE(n.refusalContentType, std::string("application/json"));
        QVERIFY(n.emptyKeyIsNone);
        QCOMPARE(expectedKeyScopeName(n.keyScope), std::string_view("operation_query"));
        QVERIFY(n.keyShared());
        QCOMPARE(n.conflictRetryAfterS.value_or(-1), 1);
    }

    void testChangedBody()
    {
        QCOMPARE(changedBody(R"({"b": 1, "a": "x"})", "/a"), std::string(R"({"b":1,"a":"x-changed"})"));
        QCOMPARE(changedBody(R"({"n": {"m": 2.5}})", "/n/m"), std::string(R"({"n":{"m":3.5}})"));
        QCOMPARE(changedBody(R"({"l": [true]})", "/l/0"), std::string(R"({"l":[false]})"));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, changedBody(R"({"a": 1})", "/b"));
    }

    void testAuthorizationIsMasked()
    {
        QCOMPARE(shownHeaderValue("Authorization", "Bearer abc").rfind("Bearer token:", 0), 0u);
        QVERIFY(shownHeaderValue("authorization", "Bearer abc").find("abc") == std::string::npos);
        QCOMPARE(shownHeaderValue("Authorization", "Basic YWxpY2U6c2VjcmV0"), std::string("Basic user alice"));
        QVERIFY(shownHeaderValue("Authorization", "Token s3cret").find("s3cret") == std::string::npos);
        QCOMPARE(shownHeaderValue("X-Other", "v"), std::string("v"));
    }

    // serve under every profile: the card matches that profile and no other, every check passes, exit 0, and no
    // Authorization value appears in any output.
    void testServeMatchesItsOwnProfile_data()
    {
        QTest::addColumn<QString>("profile");
        for (Profile p : allProfiles())
            QTest::newRow(profileName(p).data()) << QString::fromLatin1(profileName(p).data());
    }
    void testServeMatchesItsOwnProfile()
    {
        QFETCH(QString, profile);
        iwtest::ServeProcess serve;
        QVERIFY(iwtest::startProbeTarget(serve, m_dir.path(), profile));
        const QString md = m_dir.path() + QStringLiteral("/card-") + profile + QStringLiteral(".md");
        // The other actor's credential from a file (@FILE keeps it out of the process list).
        const QString tokenFile = m_dir.path() + QStringLiteral("/other-token");
        QFile token(tokenFile);
        QVERIFY(token.open(QIODevice::WriteOnly));
        token.write((QStringLiteral("Bearer ") + kSecretTwo + QStringLiteral("\n")).toUtf8());
        token.close();
        QStringList options = fullOptions();
        options[options.indexOf(QStringLiteral("Bearer ") + kSecretTwo)] = QLatin1Char('@') + tokenFile;
        const Run r = probe(QStringList { serve.url + QStringLiteral("v1/orders") } + options
            + QStringList { QStringLiteral("--json"), QStringLiteral("--report"), md });
        // powertools-redis reproduces Powertools' orphan rule before its 2026 fixes: an in-progress record without an
        // in-progress deadline is taken over by the next request, so a concurrent copy and a retry while the first
        // runs execute again. The card must say so (exit 1, those two checks failed); every other profile passes all.
        const bool buggyOnPurpose = profile == QLatin1String("powertools-redis");
        const QStringList failsOnPurpose = buggyOnPurpose
            ? QStringList { QStringLiteral("concurrent"), QStringLiteral("retry_while_running") }
            : QStringList {};
        QVERIFY2(r.code == (buggyOnPurpose ? 1 : 0), r.err.constData());
        const QJsonObject report = jsonOf(r.out);
        QCOMPARE(report.value(QStringLiteral("format")).toString(), QStringLiteral("idempotency-workbench/probe@1"));
        // It matches its own profile, and no other where they differ on the wire: profiles that differ only where a
        // probe cannot look (the store engine behind the Powertools family) match together.
        const QJsonArray matches = report.value(QStringLiteral("matches")).toArray();
        if (buggyOnPurpose) {
            // No profile expects a second execution: none matches, the nearest is of the Powertools family and its
            // differences are exactly the two failed checks.
            QVERIFY2(matches.isEmpty(), QJsonDocument(matches).toJson().constData());
            const QJsonObject nearest = report.value(QStringLiteral("nearest")).toObject();
            QVERIFY(nearest.value(QStringLiteral("profile")).toString().startsWith(QStringLiteral("powertools")));
            const QJsonArray differences = nearest.value(QStringLiteral("differences")).toArray();
            QCOMPARE(differences.size(), 2);
            for (int i = 0; i < 2; ++i)
                QVERIFY(differences[i].toString().startsWith(failsOnPurpose[i] + QLatin1Char(':')));
        }
        QVERIFY2(buggyOnPurpose || matches.contains(profile), QJsonDocument(matches).toJson().constData());
        // Profiles listed together are explained: one note names them all, says why a probe cannot tell them apart
        // and what differs behind the service.
        if (matches.size() > 1) {
            QString explained;
            for (const QJsonValue& n : report.value(QStringLiteral("notes")).toArray())
                if (n.toString().contains(QStringLiteral("expect the same answer to every check")))
                    explained = n.toString();
            QVERIFY2(!explained.isEmpty(), QJsonDocument(report.value(QStringLiteral("notes")).toArray()).toJson());
            for (const QJsonValue& m : matches)
                QVERIFY2(explained.contains(m.toString()), qPrintable(explained));
            QVERIFY2(explained.contains(QStringLiteral("they differ in")), qPrintable(explained));
        }
        const ContractExpectations own
            = expectationsFor(ServicePolicy::forProfile(*profileFromName(profile.toStdString())), { "/note" });
        for (const QJsonValue& m : matches) {
            const ContractExpectations other
                = expectationsFor(ServicePolicy::forProfile(*profileFromName(m.toString().toStdString())), { "/note" });
            QVERIFY2(sameOnTheWire(own, other), qPrintable(m.toString() + QStringLiteral(" differs yet matches")));
        }
        QVERIFY(buggyOnPurpose
            || matches.contains(
                report.value(QStringLiteral("nearest")).toObject().value(QStringLiteral("profile")).toString()));
        // Its refusals are shaped as its profile's library answers them.
        const QString refusals
            = report.value(QStringLiteral("behaviour")).toObject().value(QStringLiteral("refusals")).toString();
        QVERIFY2(refusals.contains(QStringLiteral("as ")) && refusals.contains(profile), qPrintable(refusals));
        const auto v = verdicts(report);
        QCOMPARE(v.size(), 10);
        for (auto it = v.begin(); it != v.end(); ++it) {
            const QString expected
                = failsOnPurpose.contains(it.key()) ? QStringLiteral("fail") : QStringLiteral("pass");
            QVERIFY2(it.value() == expected, qPrintable(it.key() + QStringLiteral(": ") + it.value()));
        }
        QFile f(md);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray markdown = f.readAll();
        QVERIFY(markdown.contains("| check | verdict | expected | observed |"));
        for (const QByteArray& text : { r.out, r.err, markdown }) {
            QVERIFY(!text.contains(kSecretOne.toUtf8()));
            QVERIFY(!text.contains(kSecretTwo.toUtf8()));
        }
        // The actor serve saw is the one the report names (docs/reference/serve.md's token hash), never the token.
        QVERIFY(r.out.contains("Bearer token:"));
    }

    void testBadInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("named");
        const QString url = QStringLiteral("http://127.0.0.1:9/orders");
        QTest::newRow("url_does_not_parse")
            << QStringList { QStringLiteral("http://exa mple.com/x") } << QStringLiteral("does not parse");
        QTest::newRow("url_without_host")
            << QStringList { QStringLiteral("http:///orders") } << QStringLiteral("no host");
        QTest::newRow("url_other_scheme")
            << QStringList { QStringLiteral("ftp://127.0.0.1/x") } << QStringLiteral("ftp");
        QTest::newRow("unknown_check") << QStringList { url, QStringLiteral("--checks"),
            QStringLiteral("replay,bogus") }
                                       << QStringLiteral("unknown check \"bogus\"");
        QTest::newRow("body_not_json") << QStringList { url, QStringLiteral("--body"), QStringLiteral(R"({"a": )") }
                                       << QStringLiteral("--body:1:7: the body is not JSON");
        QTest::newRow("body_file_missing")
            << QStringList { url, QStringLiteral("--body"), QStringLiteral("@/nonexistent/body.json") }
            << QStringLiteral("/nonexistent/body.json");
        QTest::newRow("significant_not_in_body") << QStringList { url, QStringLiteral("--body"),
            QStringLiteral(R"({"a": 1})"), QStringLiteral("--significant"), QStringLiteral("/b") }
                                                 << QStringLiteral("/b");
        QTest::newRow("unknown_profile") << QStringList { url, QStringLiteral("--profile"), QStringLiteral("nope") }
                                         << QStringLiteral("unknown profile \"nope\"");
        QTest::newRow("unknown_option") << QStringList { url, QStringLiteral("--bogus") } << QStringLiteral("--bogus");
        QTest::newRow("concurrency_too_high") << QStringList { url, QStringLiteral("--concurrency"),
            QStringLiteral("500") } << QStringLiteral("--concurrency");
        QTest::newRow("header_without_colon")
            << QStringList { url, QStringLiteral("--header"), QStringLiteral("X-Thing") } << QStringLiteral("--header");
        QTest::newRow("auth_file_missing")
            << QStringList { url, QStringLiteral("--auth"), QStringLiteral("@/nonexistent/token") }
            << QStringLiteral("--auth: cannot read /nonexistent/token");
        QTest::newRow("report_and_record_one_file") << QStringList { url, QStringLiteral("--report"),
            QStringLiteral("x.json"), QStringLiteral("--record"), QStringLiteral("x.json") }
                                                    << QStringLiteral("one file");
        QTest::newRow("own_header") << QStringList { url, QStringLiteral("--header"),
            QStringLiteral("Idempotency-Key: x") }
                                    << QStringLiteral("sets this header itself");
    }
    void testBadInput()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, named);
        const Run r = probe(args, 30'000);
        QCOMPARE(r.code, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(named), r.err.constData());
        QVERIFY(r.out.isEmpty()); // refused before the plan: nothing was planned, nothing sent
    }

    // A public address is refused without --yes (checked with --dry-run, so nothing would be sent even if it were
    // not); with --yes the plan prints.
    void testPublicAddressNeedsYes()
    {
        const QString url = QStringLiteral("http://203.0.113.7/orders");
        const Run refused = probe({ url, QStringLiteral("--dry-run") }, 30'000);
        QCOMPARE(refused.code, 2);
        QVERIFY(refused.err.contains("not a loopback or private address"));
        QVERIFY(refused.err.contains("--yes"));
        const Run planned = probe({ url, QStringLiteral("--dry-run"), QStringLiteral("--yes") }, 30'000);
        QCOMPARE(planned.code, 0);
        QVERIFY(planned.out.contains("probe plan:"));
    }

    // --dry-run prints the plan with its request count and sends nothing.
    void testDryRunSendsNothing()
    {
        FixedServer server(QByteArray("HTTP/1.1 201 Created\r\nContent-Length: 2\r\n\r\n{}"));
        const Run r = probe({ server.url(), QStringLiteral("--dry-run") }, 30'000);
        QCOMPARE(r.code, 0);
        const QRegularExpression count(QStringLiteral("at most (\\d+) requests"));
        const auto m = count.match(QString::fromUtf8(r.out));
        QVERIFY2(m.hasMatch(), r.out.constData());
        QVERIFY(m.captured(1).toInt() > 0 && m.captured(1).toInt() <= 100);
        QCOMPARE(server.requests, 0);
    }

    // Sequential exchanges share one kept-alive HTTP/1.1 connection; requests sent at once each have their own.
    void testKeepAlive()
    {
        FixedServer server(
            QByteArray("HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}"));
        const Run r = probe(
            { server.url(), QStringLiteral("--checks"), QStringLiteral("key_syntax,missing_key,replay") }, 60'000);
        QCOMPARE(r.code, 1);
        QCOMPARE(server.requests, 4 + 1 + 2);
        QCOMPARE(server.connections, 1);
    }

    // Cancel (a window's button, from another thread) ends the wait for an answer instead of its deadline.
    void testCancelEndsTheWait()
    {
        FixedServer server { QByteArray() };
        ProbeOptions o;
        o.url = server.url();
        o.timeoutMs = 60'000;
        o.checks = { ProbeCheck::MissingKey, ProbeCheck::Replay };
        QString error;
        auto target = parseProbeUrl(o.url, error);
        QList<QHostAddress> all;
        QVERIFY(target && resolveProbeTarget(*target, all, error));
        ProbeRunner runner(o, *target);
        ProbeResult result;
        std::atomic<bool> done { false };
        QElapsedTimer t;
        t.start();
        std::thread worker([&] {
            result = runner.run();
            done = true;
        });
        QTRY_COMPARE_WITH_TIMEOUT(server.requests, 1, 10'000); // the first request is in, its answer awaited
        runner.cancel();
        QTRY_VERIFY_WITH_TIMEOUT(done.load(), 30'000); // far sooner than the 60 s deadline
        worker.join();
        QVERIFY(result.cancelled);
        QCOMPARE(result.runs.size(), std::size_t(1));
        QCOMPARE(result.runs.front().exchanges.front().outcome, WireOutcome::Cancelled);
        QVERIFY(!result.unreachable);
        QVERIFY(t.elapsed() < 30'000);
    }

    void testUnreachableTarget()
    {
        QTcpServer closed;
        QVERIFY(closed.listen(QHostAddress::LocalHost, 0));
        const quint16 port = closed.serverPort();
        closed.close(); // nothing listens there now
        const Run r = probe({ QStringLiteral("http://127.0.0.1:%1/orders").arg(port) }, 60'000);
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.contains("cannot be reached"), r.err.constData());
        QCOMPARE(r.err.trimmed().count('\n'), 0);
    }

    // https:// against a server that speaks plain HTTP: the handshake fails; exit 3 in one sentence.
    void testTlsHandshakeRefused()
    {
        FixedServer server(QByteArray("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"));
        QString url = server.url();
        url.replace(QStringLiteral("http://"), QStringLiteral("https://"));
        const Run r = probe({ url, QStringLiteral("--timeout"), QStringLiteral("5") }, 60'000);
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.contains("TLS handshake"), r.err.constData());
    }

    // A target that answers an HTML page to everything: the card says so; checks fail; no crash.
    void testHtmlToEverything()
    {
        const QByteArray page = "<html><body>Welcome</body></html>";
        FixedServer server(QByteArray("HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: ")
            + QByteArray::number(page.size()) + "\r\n\r\n" + page);
        const Run r = probe({ server.url(), QStringLiteral("--result-id"), QStringLiteral("/id") }, 120'000);
        QCOMPARE(r.code, 1);
        QVERIFY2(r.out.contains("every answer was an HTML page"), r.out.constData());
        QVERIFY(r.out.contains("fail"));
    }

    // A target that reads and never answers: each request ends at its deadline, and after three in a row the probe
    // stops with exit 3 in one sentence instead of waiting out the whole plan.
    void testSilentTarget()
    {
        FixedServer server { QByteArray() };
        const Run r = probe(
            { server.url(), QStringLiteral("--timeout"), QStringLiteral("1"), QStringLiteral("--json") }, 90'000);
        QCOMPARE(r.code, 3);
        // With --json the plan goes to stderr; the last line is the one sentence.
        QVERIFY2(
            r.err.trimmed().split('\n').last().contains("no answer within the deadline of 1 s to 3 requests in a row"),
            r.err.constData());
        QVERIFY(r.out.isEmpty());
        QCOMPARE(server.requests, 3); // it stopped there, instead of waiting a deadline for each of the plan's 47
    }

    // Without --result-id or a watched table, executions cannot be counted: concurrent and lost_response are
    // unobservable, never guessed.
    // Without key_syntax and a profile nothing says which key form the service reads: the probe sends the
    // standard's quoted form, which a strict RFC 8941 reader takes where it refuses a bare token.
    void testQuotedKeysWhenTheFormIsUnknown()
    {
        FixedServer strict("HTTP/1.1 201 Created\r\nContent-Type: application/json\r\nContent-Length: 8\r\n\r\n"
                           "{\"id\":1}",
            "HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}");
        const Run r
            = probe({ strict.url(), QStringLiteral("--checks"), QStringLiteral("replay"), QStringLiteral("--json") });
        const QJsonArray checks = jsonOf(r.out).value(QStringLiteral("checks")).toArray();
        QCOMPARE(checks.size(), 1);
        const QJsonArray exchanges = checks.at(0)[QStringLiteral("exchanges")].toArray();
        QCOMPARE(exchanges.size(), 2);
        for (const QJsonValue& e : exchanges) {
            const QJsonObject request = e[QStringLiteral("request")].toObject();
            QVERIFY(request.value(QStringLiteral("headers"))
                        .toObject()
                        .value(QStringLiteral("Idempotency-Key"))
                        .toString()
                        .startsWith(QLatin1Char('"')));
            QCOMPARE(e[QStringLiteral("response")][QStringLiteral("status")].toInt(), 201);
        }
    }

    void testUnobservableWithoutIds()
    {
        iwtest::ServeProcess serve;
        QVERIFY(iwtest::startProbeTarget(serve, m_dir.path(), QStringLiteral("ietf")));
        const Run r = probe({ serve.url + QStringLiteral("v1/orders"), QStringLiteral("--checks"),
            QStringLiteral("concurrent,lost_response"), QStringLiteral("--json") });
        QCOMPARE(r.code, 0);
        const auto v = verdicts(jsonOf(r.out));
        QCOMPARE(v.value(QStringLiteral("concurrent")), QStringLiteral("unobservable"));
        QCOMPARE(v.value(QStringLiteral("lost_response")), QStringLiteral("unobservable"));
    }

    // --record writes a scenario@1 that `run` replays: one entry per request that carried a JSON body, the closed
    // request pinned as drop_response.
    void testRecordReplays()
    {
        iwtest::ServeProcess serve;
        QVERIFY(iwtest::startProbeTarget(serve, m_dir.path(), QStringLiteral("ietf")));
        const QString record = m_dir.path() + QStringLiteral("/probe-recording.json");
        const Run r = probe(QStringList { serve.url + QStringLiteral("v1/orders") } + fullOptions()
            + QStringList { QStringLiteral("--record"), record, QStringLiteral("--json") });
        QCOMPARE(r.code, 0);
        QFile f(record);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray text = f.readAll();
        QVERIFY(!text.contains(kSecretOne.toUtf8()));
        const QJsonObject scenario = jsonOf(text);
        QCOMPARE(
            scenario.value(QStringLiteral("format")).toString(), QStringLiteral("idempotency-workbench/scenario@1"));
        QCOMPARE(scenario.value(QStringLiteral("service")).toObject().value(QStringLiteral("profile")).toString(),
            QStringLiteral("ietf"));
        const QJsonArray faults = scenario.value(QStringLiteral("faults")).toArray();
        QCOMPARE(faults.size(), 1);
        QCOMPARE(faults.at(0)[QStringLiteral("kind")].toString(), QStringLiteral("drop_response"));
        const iwtest::ChildResult run = iwtest::runCli({ QStringLiteral("run"), record });
        QVERIFY2(run.ranToEnd(), qPrintable(run.error));
        QCOMPARE(run.exitCode, 0);
        const QJsonObject report = jsonOf(run.out);
        const QJsonObject decisions
            = report.value(QStringLiteral("summary")).toObject().value(QStringLiteral("decisions")).toObject();
        QVERIFY(decisions.value(QStringLiteral("created")).toInt() > 0);
        QVERIFY(decisions.value(QStringLiteral("replayed")).toInt() > 0);
        QVERIFY(decisions.value(QStringLiteral("payload_mismatch")).toInt() > 0);
        QCOMPARE(report.value(QStringLiteral("requests")).toArray().size(),
            scenario.value(QStringLiteral("requests")).toArray().size());
    }

    // The service's own table, watched read-only while probing: without any id in the answers, one execution is
    // seen through the table, and each key's row joins its exchanges on one timeline.
    // A service that keeps the header's text as its key (quotes included) is followed by that text too, and its row
    // is reported under the probe's key, with the key as stored.
    void testWatchFindsAKeyStoredQuoted()
    {
        if (qEnvironmentVariableIsEmpty("PGHOST") && qEnvironmentVariableIsEmpty("PGPORT"))
            QSKIP("no PostgreSQL configured (PGHOST/PGPORT unset): run under scripts/with-postgres.sh");
        const iwtest::ChildResult psql = iwtest::runChild(QStringLiteral("psql"),
            { .args = { QStringLiteral("-X"), QStringLiteral("-q"), QStringLiteral("-v"),
                  QStringLiteral("ON_ERROR_STOP=1"), QStringLiteral("-v"), QStringLiteral("schema=probe_watch_quoted"),
                  QStringLiteral("-f"), QStringLiteral(IW_SOURCE_DIR "/resources/sql/schema.sql"), QStringLiteral("-c"),
                  QStringLiteral("DELETE FROM probe_watch_quoted.request_idempotency; INSERT INTO "
                                 "probe_watch_quoted.request_idempotency (actor_id, operation, idem_key, state, "
                                 "status_code, created_at, expires_at, result_id) VALUES ('alice', 'POST /v1/orders', "
                                 "'\"probe-quoted\"', 'completed', 201, now(), now() + interval '1 day', 'r1')") },
                .timeoutMs = 30'000 });
        QVERIFY2(psql.ranToEnd() && psql.exitCode == 0, psql.err.constData());
        ProbeWatch watch(std::string(), "probe_watch_quoted.request_idempotency", "seed");
        QElapsedTimer clock;
        clock.start();
        watch.start([&clock] { return static_cast<Millis>(clock.elapsed()); }, {});
        watch.follow("probe-quoted", "\"probe-quoted\"");
        QTest::qWait(200);
        const std::vector<WatchedRow> rows = watch.finish();
        QVERIFY(!rows.empty());
        QCOMPARE(rows.front().key, std::string("probe-quoted"));
        QCOMPARE(rows.front().storedKey, std::string("\"probe-quoted\""));
        QCOMPARE(rows.front().resultId.value_or(std::string()), std::string("r1"));
        QCOMPARE(rows.front().storedState, std::string("completed"));
        for (const WatchedRow& w : rows)
            QVERIFY(w.state != "absent");
    }

    void testWatchedTableShowsExecutions()
    {
        if (qEnvironmentVariableIsEmpty("PGHOST") && qEnvironmentVariableIsEmpty("PGPORT"))
            QSKIP("no PostgreSQL configured (PGHOST/PGPORT unset): run under scripts/with-postgres.sh");
        iwtest::ServeProcess serve;
        QVERIFY(iwtest::startProbeTarget(serve, m_dir.path(), QStringLiteral("ietf"),
            { QStringLiteral("--store"), QStringLiteral("postgres"), QStringLiteral("--conninfo"), QString(),
                QStringLiteral("--schema"), QStringLiteral("probe_watch") },
            QStringLiteral(R"(, "handler_ms": 1000)")));
        const Run r = probe({ serve.url + QStringLiteral("v1/orders"), QStringLiteral("--checks"),
            QStringLiteral("concurrent,lost_response"), QStringLiteral("--watch-conninfo"), QString(),
            QStringLiteral("--watch-table"), QStringLiteral("probe_watch.request_idempotency"),
            QStringLiteral("--watch-mapping"), QStringLiteral("seed"), QStringLiteral("--json") });
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject report = jsonOf(r.out);
        QVERIFY(report.value(QStringLiteral("watched")).toBool());
        const auto v = verdicts(report);
        QCOMPARE(v.value(QStringLiteral("concurrent")), QStringLiteral("pass"));
        QCOMPARE(v.value(QStringLiteral("lost_response")), QStringLiteral("pass"));
        const QJsonObject concurrent = report.value(QStringLiteral("checks")).toArray().at(0).toObject();
        QVERIFY(concurrent.value(QStringLiteral("observed")).toString().contains(QLatin1String("the watched table")));
        QStringList states;
        for (const QJsonValue& row : concurrent.value(QStringLiteral("rows")).toArray())
            states << row[QStringLiteral("stored_state")].toString();
        // A 1 s handler polled every 50 ms: the claim is seen in progress, then completed. (serve's PostgreSQL store
        // writes times of its own clock, which starts at 0, so the database's clock calls the row expired: `state`
        // says so, and the stored state is what the service wrote.)
        QCOMPARE(states.value(0), QStringLiteral("in_progress"));
        QCOMPARE(states.last(), QStringLiteral("completed"));
        bool rowOnTimeline = false;
        for (const QJsonValue& e : report.value(QStringLiteral("timeline")).toArray())
            rowOnTimeline = rowOnTimeline || e[QStringLiteral("event")].toString() == QLatin1String("row");
        QVERIFY(rowOnTimeline);
    }

private:
    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestProbe)
#include "tst_probe.moc"
