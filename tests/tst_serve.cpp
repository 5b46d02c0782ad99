// `serve` without sockets (docs/reference/serve.md): the RFC 8941 reader of Idempotency-Key against the RFC's own
// string cases, the strict HTTP/1.1 parser fed whole and byte by byte, the HTTP → request mapping, and ServedService
// driven on a clock the test sets — created, replay byte for byte, conflict, mismatch, faults on the wire, the clock,
// reset and the recording round trip.
#include "check.h"
#include "fingerprint.h"
#include "httpparser.h"
#include "httpserver.h"
#include "report.h"
#include "runbudget.h"
#include "scenario.h"
#include "servedservice.h"
#include "simulation.h"
#include "store.h"
#include "structuredfield.h"

#include <QTest>

#include <sstream>

using namespace iw;

namespace {

HttpRequest parseWhole(const std::string& bytes, HttpRequestParser::Limits limits = {})
{
    HttpRequestParser parser(limits);
    const std::size_t used = parser.feed(bytes);
    IW_VERIFY_OR_THROW(parser.state() == HttpRequestParser::State::Complete,
        "incomplete or bad: " + parser.errorMessage() + " after " + std::to_string(used));
    return parser.takeRequest();
}

ServedRequest mapped(const std::string& bytes)
{
    return requestFromHttp(parseWhole(bytes));
}

std::string post(const std::string& headers, const std::string& body = {})
{
    return "POST /v1/orders HTTP/1.1\r\nHost: x\r\n" + headers + "Content-Length: " + std::to_string(body.size())
        + "\r\n\r\n" + body;
}

std::optional<std::string> header(const ServedAnswer& a, const std::string& name)
{
    for (const auto& [n, v] : a.headers()) {
        if (n == name)
            return v;
    }
    return std::nullopt;
}

Scenario servedScenario(const std::string& extra = {})
{
    return loadServedScenario(
        "{\"format\": \"idempotency-workbench/scenario@1\", \"name\": \"served\", \"seed\": 7,\n"
        "        \"service\": {\"profile\": \"ietf\", \"handler_ms\": 100, \"db_ms\": 2},\n"
        "        \"clients\": [{\"id\": \"c\", \"actor\": \"a\", \"timeout_ms\": 1000, \"retry\": {}}],\n"
        "        \"requests\": [{\"at_ms\": 0, \"client\": \"c\", \"operation\": \"x\", \"key\": \"k\", \"payload\": "
        "{}}]"
            + extra + "}",
        "served.json");
}

ServedRequest keyed(const std::string& key, json::Value payload = json::Value::makeObject())
{
    ServedRequest r;
    r.method = "POST";
    r.path = "/v1/orders";
    r.operation = "POST /v1/orders";
    r.actor = "alice";
    r.client = "curl";
    r.keyKind = RequestSpec::KeyKind::Literal;
    r.key = key;
    r.payload = std::move(payload);
    return r;
}

json::Value amount(double n)
{
    json::Value v = json::Value::makeObject();
    v.object.push_back({ "amount", {}, json::Value::makeNumber(n) });
    return v;
}

} // namespace

class TestServe : public QObject {
    Q_OBJECT

private slots:
    // RFC 8941 §3.3.3 and the string cases of the RFC's companion test suite (structured-field-tests, string.json).
    void sfString_data()
    {
        QTest::addColumn<QByteArray>("input");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<QByteArray>("value");
        QTest::newRow("basic string") << QByteArray("\"foo bar\"") << true << QByteArray("foo bar");
        QTest::newRow("empty string") << QByteArray("\"\"") << true << QByteArray("");
        QTest::newRow("long string") << QByteArray("\"" + QByteArray(1000, 'f') + "\"") << true
                                     << QByteArray(1000, 'f');
        QTest::newRow("whitespace string") << QByteArray("\"   \"") << true << QByteArray("   ");
        QTest::newRow("non-ascii string") << QByteArray("\"f\xc3\xbc\xc3\xbc\"") << false << QByteArray();
        QTest::newRow("tab in string") << QByteArray("\"\t\"") << false << QByteArray();
        QTest::newRow("newline in string") << QByteArray("\" \n \"") << false << QByteArray();
        QTest::newRow("single quoted string") << QByteArray("'foo'") << false << QByteArray();
        QTest::newRow("unbalanced string") << QByteArray("\"foo") << false << QByteArray();
        QTest::newRow("string quoting") << QByteArray("\"foo \\\"bar\\\" \\\\ baz\"") << true
                                        << QByteArray("foo \"bar\" \\ baz");
        QTest::newRow("bad string quoting") << QByteArray("\"foo \\,\"") << false << QByteArray();
        QTest::newRow("ending string quote") << QByteArray("\"foo \\\"") << false << QByteArray();
        QTest::newRow("abruptly ending string quote") << QByteArray("\"foo \\") << false << QByteArray();
        QTest::newRow("leading and trailing space") << QByteArray("  \"foo\"  ") << true << QByteArray("foo");
        QTest::newRow("with parameters") << QByteArray("\"foo\";a=1;b=\"x\";c") << true << QByteArray("foo");
        QTest::newRow("bad parameter key") << QByteArray("\"foo\";A=1") << false << QByteArray();
        QTest::newRow("two items") << QByteArray("\"foo\", \"bar\"") << false << QByteArray();
        QTest::newRow("trailing garbage") << QByteArray("\"foo\"bar") << false << QByteArray();
    }
    void sfString()
    {
        QFETCH(QByteArray, input);
        QFETCH(bool, valid);
        QFETCH(QByteArray, value);
        std::string error;
        const auto item = parseSfItem(input.toStdString(), error);
        QCOMPARE(item.has_value() && item->kind == "string", valid);
        if (valid)
            QCOMPARE(QByteArray::fromStdString(item->string), value);
        else if (!item)
            QVERIFY(!error.empty());
    }

    // The other bare items of RFC 8941 §3.3 are recognised (and named), so a non-string item is told apart.
    void sfItemKinds_data()
    {
        QTest::addColumn<QByteArray>("input");
        QTest::addColumn<QString>("kind");
        QTest::newRow("integer") << QByteArray("42") << QStringLiteral("integer");
        QTest::newRow("negative integer") << QByteArray("-42") << QStringLiteral("integer");
        QTest::newRow("decimal") << QByteArray("4.5") << QStringLiteral("decimal");
        QTest::newRow("token") << QByteArray("foo123/456") << QStringLiteral("token");
        QTest::newRow("byte sequence") << QByteArray(":aGVsbG8=:") << QStringLiteral("byte sequence");
        QTest::newRow("boolean") << QByteArray("?1") << QStringLiteral("boolean");
        QTest::newRow("too long integer") << QByteArray("1234567890123456") << QString();
        QTest::newRow("decimal with four fraction digits") << QByteArray("1.2345") << QString();
        QTest::newRow("bad boolean") << QByteArray("?2") << QString();
    }
    void sfItemKinds()
    {
        QFETCH(QByteArray, input);
        QFETCH(QString, kind);
        std::string error;
        const auto item = parseSfItem(input.toStdString(), error);
        QCOMPARE(item ? QString::fromStdString(item->kind) : QString(), kind);
    }

    void keyHeader_data()
    {
        QTest::addColumn<QByteArray>("header");
        QTest::addColumn<bool>("readable");
        QTest::addColumn<QByteArray>("key");
        QTest::newRow("sf-string") << QByteArray("\"order-1\"") << true << QByteArray("order-1");
        QTest::newRow("sf-string with escapes") << QByteArray("\"a\\\"b\\\\c\"") << true << QByteArray("a\"b\\c");
        QTest::newRow("stripe uuid token") << QByteArray("2a8f4c1e-3b7d-4e6a-9f1c-8d2b5e7a0c3f") << true
                                           << QByteArray("2a8f4c1e-3b7d-4e6a-9f1c-8d2b5e7a0c3f");
        QTest::newRow("integer is a bare token") << QByteArray("12345") << true << QByteArray("12345");
        QTest::newRow("empty is an empty key") << QByteArray("") << true << QByteArray("");
        QTest::newRow("inner list") << QByteArray("(\"a\" \"b\")") << false << QByteArray();
        QTest::newRow("bad inner list") << QByteArray("(a") << false << QByteArray();
        QTest::newRow("space in token") << QByteArray("a b") << false << QByteArray();
        QTest::newRow("comma: two values joined") << QByteArray("a,b") << false << QByteArray();
        QTest::newRow("semicolon") << QByteArray("a;b") << false << QByteArray();
        QTest::newRow("bad sf-string") << QByteArray("\"a") << false << QByteArray();
        QTest::newRow("two sf-strings") << QByteArray("\"a\", \"b\"") << false << QByteArray();
    }
    void keyHeader()
    {
        QFETCH(QByteArray, header);
        QFETCH(bool, readable);
        QFETCH(QByteArray, key);
        const KeyHeader read = readKeyHeader(header.toStdString());
        QCOMPARE(read.key.has_value(), readable);
        if (readable)
            QCOMPARE(QByteArray::fromStdString(*read.key), key);
        else
            QVERIFY(!read.error.empty());
    }

    void parserWholeAndByteByByte()
    {
        const std::string bytes = "POST /v1/orders?x=1 HTTP/1.1\r\nHost: h\r\nContent-Type: application/json\r\n"
                                  "Content-Length: 13\r\nX-Many:  spaced value \t\r\n\r\n{\"amount\": 5}";
        const HttpRequest whole = parseWhole(bytes);
        QCOMPARE(whole.method, std::string("POST"));
        QCOMPARE(whole.path(), std::string("/v1/orders"));
        QCOMPARE(whole.body, std::string("{\"amount\": 5}"));
        QCOMPARE(*whole.header("x-many"), std::string("spaced value"));
        HttpRequestParser parser({});
        for (std::size_t i = 0; i < bytes.size(); ++i) {
            QCOMPARE(parser.state(), HttpRequestParser::State::NeedMore);
            QCOMPARE(parser.feed(std::string_view(bytes).substr(i, 1)), std::size_t(1));
        }
        QCOMPARE(parser.state(), HttpRequestParser::State::Complete);
        QCOMPARE(parser.takeRequest().body, whole.body);
    }

    void parserChunkedAndPipelined()
    {
        const std::string first = "POST /a HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n"
                                  "4;ext=1\r\n{\"a\"\r\n5\r\n: 1}\n\r\n0\r\nTrailer: x\r\n\r\n";
        const std::string second = "GET /b HTTP/1.1\r\nHost: h\r\n\r\n";
        const std::string both = first + second;
        HttpRequestParser parser({});
        const std::size_t used = parser.feed(both);
        QCOMPARE(used, first.size());
        QCOMPARE(parser.state(), HttpRequestParser::State::Complete);
        QCOMPARE(parser.takeRequest().body, std::string("{\"a\": 1}\n"));
        parser.reset();
        QCOMPARE(parser.feed(std::string_view(both).substr(used)), second.size());
        QCOMPARE(parser.state(), HttpRequestParser::State::Complete);
        QCOMPARE(parser.takeRequest().path(), std::string("/b"));
    }

    // Issue 48 finding 14: a server must accept an absolute-form target (RFC 9112 §3.2.2); the path and query are
    // the target, so the operation is what the origin-form would give.
    void parserAbsoluteForm_data()
    {
        QTest::addColumn<QByteArray>("target");
        QTest::addColumn<QByteArray>("origin");
        QTest::addColumn<QByteArray>("authority");
        QTest::newRow("http") << QByteArray("http://shop.example/v1/orders?x=1") << QByteArray("/v1/orders?x=1")
                              << QByteArray("shop.example");
        QTest::newRow("https with a port, scheme in capitals")
            << QByteArray("HTTPS://shop.example:8443/v1/orders") << QByteArray("/v1/orders")
            << QByteArray("shop.example:8443");
        QTest::newRow("no path") << QByteArray("http://shop.example") << QByteArray("/") << QByteArray("shop.example");
        QTest::newRow("query without a path")
            << QByteArray("http://shop.example?a=b") << QByteArray("/?a=b") << QByteArray("shop.example");
        QTest::newRow("IPv6 literal") << QByteArray("http://[::1]:8787/v1/a") << QByteArray("/v1/a")
                                      << QByteArray("[::1]:8787");
    }
    void parserAbsoluteForm()
    {
        QFETCH(QByteArray, target);
        QFETCH(QByteArray, origin);
        QFETCH(QByteArray, authority);
        const HttpRequest r
            = parseWhole("POST " + target.toStdString() + " HTTP/1.1\r\nHost: elsewhere\r\nContent-Length: 0\r\n\r\n");
        QCOMPARE(QByteArray::fromStdString(r.target), origin);
        QCOMPARE(QByteArray::fromStdString(r.authority), authority);
        QCOMPARE(requestFromHttp(r).operation, "POST " + r.path());
    }

    // Issue 48 finding 24: which addresses reach beyond this machine (and so put management behind a token).
    void beyondLoopback_data()
    {
        QTest::addColumn<QString>("address");
        QTest::addColumn<bool>("beyond");
        QTest::newRow("127.0.0.1") << QStringLiteral("127.0.0.1") << false;
        QTest::newRow("127.0.0.2") << QStringLiteral("127.0.0.2") << false;
        QTest::newRow("::1") << QStringLiteral("::1") << false;
        QTest::newRow("every IPv4 interface") << QStringLiteral("0.0.0.0") << true;
        QTest::newRow("every IPv6 interface") << QStringLiteral("::") << true;
        QTest::newRow("a private address") << QStringLiteral("192.168.1.5") << true;
        QTest::newRow("a public address") << QStringLiteral("203.0.113.7") << true;
    }
    void beyondLoopback()
    {
        QFETCH(QString, address);
        QFETCH(bool, beyond);
        QCOMPARE(bindsBeyondLoopback(QHostAddress(address)), beyond);
    }
    void managementTokensAreRandom()
    {
        const std::string a = randomManagementToken();
        const std::string b = randomManagementToken();
        QCOMPARE(a.size(), std::size_t(64));
        QVERIFY(a.find_first_not_of("0123456789abcdef") == std::string::npos);
        QVERIFY(a != b);
    }

    // Issue 48 finding 14: an answer to HEAD has the fields of the body it would have and no body.
    void headAnswerHasNoBody()
    {
        std::string out;
        beginHttpResponse(out, 200);
        endHttpResponse(out, "{\"a\": 1}", true, false);
        QCOMPARE(out, std::string("HTTP/1.1 200 OK\r\nContent-Length: 8\r\n\r\n"));
    }

    void parserRefuses_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<int>("status");
        QTest::newRow("garbage request line") << QByteArray("HELLO\r\n\r\n") << 400;
        QTest::newRow("two spaces") << QByteArray("GET  / HTTP/1.1\r\nHost: h\r\n\r\n") << 400;
        QTest::newRow("absolute-form with user information")
            << QByteArray("GET http://u:p@x/ HTTP/1.1\r\nHost: h\r\n\r\n") << 400;
        QTest::newRow("absolute-form without a host") << QByteArray("GET http:///a HTTP/1.1\r\nHost: h\r\n\r\n") << 400;
        QTest::newRow("another scheme") << QByteArray("GET ftp://x/a HTTP/1.1\r\nHost: h\r\n\r\n") << 400;
        QTest::newRow("authority-form") << QByteArray("CONNECT x:443 HTTP/1.1\r\nHost: x:443\r\n\r\n") << 400;
        QTest::newRow("HTTP/2 preface") << QByteArray("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n") << 400;
        QTest::newRow("HTTP/3.0") << QByteArray("GET / HTTP/3.0\r\nHost: h\r\n\r\n") << 505;
        QTest::newRow("no host") << QByteArray("GET / HTTP/1.1\r\n\r\n") << 400;
        QTest::newRow("two hosts") << QByteArray("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n") << 400;
        QTest::newRow("obs-fold") << QByteArray("GET / HTTP/1.1\r\nHost: h\r\nX: a\r\n b\r\n\r\n") << 400;
        QTest::newRow("space before colon") << QByteArray("GET / HTTP/1.1\r\nHost : h\r\n\r\n") << 400;
        QTest::newRow("no colon") << QByteArray("GET / HTTP/1.1\r\nHost h\r\n\r\n") << 400;
        QTest::newRow("control in value") << QByteArray("GET / HTTP/1.1\r\nHost: h\x01\r\n\r\n") << 400;
        QTest::newRow("NUL") << QByteArray("GET / HTTP/1.1\r\nHost: h\0\r\n\r\n", 28) << 400;
        QTest::newRow("content-length and chunked")
            << QByteArray("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n")
            << 400;
        QTest::newRow("two content lengths")
            << QByteArray("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\n") << 400;
        QTest::newRow("negative content length")
            << QByteArray("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: -3\r\n\r\n") << 400;
        QTest::newRow("gzip transfer coding")
            << QByteArray("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: gzip\r\n\r\n") << 501;
        QTest::newRow("bad chunk size") << QByteArray(
            "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n")
                                        << 400;
        QTest::newRow("chunk longer than its size")
            << QByteArray("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nab\r\n") << 400;
        QTest::newRow("head over 64 KiB")
            << QByteArray("GET / HTTP/1.1\r\nHost: h\r\nX-Big: " + QByteArray(70 * 1024, 'a') + "\r\n\r\n") << 431;
    }
    void parserRefuses()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(int, status);
        HttpRequestParser parser({});
        parser.feed(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
        QCOMPARE(parser.state(), HttpRequestParser::State::Error);
        QCOMPARE(parser.errorStatus(), status);
        QVERIFY(!parser.errorMessage().empty());
    }

    void parserBodyLimit()
    {
        HttpRequestParser::Limits limits;
        limits.maxBodyBytes = 10;
        const HttpRequest declared = parseWhole(post("", std::string(11, 'x')), limits);
        QVERIFY(declared.bodyTooLarge);
        QVERIFY(!declared.keepAlive);
        QVERIFY(declared.body.empty());
        const HttpRequest chunked = parseWhole(
            "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n6\r\nabcdef\r\n6\r\nabcdef\r\n", limits);
        QVERIFY(chunked.bodyTooLarge);
        QVERIFY(!parseWhole(post("", std::string(10, 'x')), limits).bodyTooLarge);
    }

    void mapping()
    {
        ServedRequest r = mapped(post("Idempotency-Key: \"k-1\"\r\nContent-Type: application/json\r\nX-Actor: 42\r\n"
                                      "X-Client: checkout\r\nX-Intent: order-7\r\n",
            "{\"amount\": 100}"));
        QCOMPARE(r.operation, std::string("POST /v1/orders"));
        QCOMPARE(r.actor, std::string("42"));
        QCOMPARE(r.client, std::string("checkout"));
        QCOMPARE(r.key, std::string("k-1"));
        QVERIFY(!r.keyUnreadable);
        QCOMPARE(r.intent.value_or(""), std::string("order-7"));
        QVERIFY(!r.rejectStatus);
        QCOMPARE(r.payload.find("amount")->number, 100.0);

        r = mapped("GET /v1/orders/5?expand=x HTTP/1.1\r\nHost: h\r\nUser-Agent: Stripe/v1 NodeBindings/23.1.0\r\n"
                   "Authorization: Basic "
            + QByteArray("sk_test_abc:").toBase64().toStdString() + "\r\n\r\n");
        QCOMPARE(r.operation, std::string("GET /v1/orders/5"));
        QCOMPARE(r.client, std::string("Stripe"));
        QCOMPARE(r.actor, std::string("sk_test_abc"));
        QCOMPARE(int(r.keyKind), int(RequestSpec::KeyKind::None));
        QVERIFY(r.read);
        // A read's Idempotency-Key is not read (issue 42, fourth pass): GET and HEAD claim nothing.
        for (const char* method : { "GET", "HEAD" }) {
            r = mapped(
                std::string(method) + " /v1/orders/5 HTTP/1.1\r\nHost: h\r\nIdempotency-Key: not-a-string\r\n\r\n");
            QVERIFY(r.read);
            QCOMPARE(int(r.keyKind), int(RequestSpec::KeyKind::None));
            QVERIFY(!r.keyUnreadable);
        }
        QVERIFY(!mapped(post("Idempotency-Key: \"k\"\r\n")).read);
        // The npm libraries run their middleware on GET too (their own tests replay one): no read there.
        for (const Profile library : { Profile::ExpressIdempotency, Profile::NodeIdempotency }) {
            const ServedRequest g
                = requestFromHttp(parseWhole("GET /v1/orders/5 HTTP/1.1\r\nHost: h\r\nIdempotency-Key: k\r\n\r\n"),
                    ServicePolicy::forProfile(library));
            QVERIFY(!g.read);
            QCOMPARE(int(g.keyKind), int(RequestSpec::KeyKind::Literal));
        }

        r = mapped(post("Authorization: Bearer s3cr3t-token\r\nX-Actor: ignored\r\n"));
        QCOMPARE(r.actor, "token:" + sha256Hex("s3cr3t-token").substr(0, 12));
        QCOMPARE(r.actor.size(), std::size_t(18));
        QCOMPARE(r.client, std::string("http"));

        r = mapped(post("User-Agent: curl/7.88.1\r\n"));
        QCOMPARE(r.client, std::string("curl"));
        QCOMPARE(r.actor, std::string("anonymous"));

        r = mapped(post("Idempotency-Key: a\r\nIdempotency-Key: b\r\n"));
        QVERIFY(r.keyUnreadable);
        QVERIFY(QByteArray::fromStdString(r.keyError).contains("2 times"));
        r = mapped(post("Idempotency-Key: (\"a\")\r\n"));
        QVERIFY(r.keyUnreadable);
        QVERIFY(QByteArray::fromStdString(r.keyError).contains("inner list"));
    }

    // Found by fuzz_http: the Idempotency-Key header sent twice, one of them not UTF-8, kept its bytes as the key, so
    // the report was no longer valid JSON. Such a key is unreadable (invalid_key) and shown as U+FFFD.
    void twoKeyHeadersNotUtf8()
    {
        const ServedRequest r = mapped(post("Idempotency-Key: \"k-1\xde\"\r\nIdempotency-Key: k-2\r\n"));
        QVERIFY(r.keyUnreadable);
        QCOMPARE(r.key, std::string("\xef\xbf\xbd"));
        QVERIFY(QByteArray::fromStdString(r.keyError).contains("2 times"));
    }

    void bodies_data()
    {
        QTest::addColumn<QByteArray>("contentType");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<int>("reject");
        QTest::addColumn<QByteArray>("canonical");
        QTest::newRow("json") << QByteArray("application/json; charset=utf-8") << QByteArray("{\"b\":1,\"a\":[true]}")
                              << 0 << QByteArray("{\"a\":[true],\"b\":1}");
        QTest::newRow("form as Stripe sends it")
            << QByteArray("application/x-www-form-urlencoded")
            << QByteArray("amount=2000&currency=eur&expand[]=a&expand[]=b&metadata[note]=hi+there%21") << 0
            << QByteArray("{\"amount\":\"2000\",\"currency\":\"eur\",\"expand[]\":[\"a\",\"b\"],\"metadata[note]\":"
                          "\"hi there!\"}");
        QTest::newRow("no body") << QByteArray() << QByteArray() << 0 << QByteArray("{}");
        QTest::newRow("invalid json") << QByteArray("application/json") << QByteArray("{\n  \"a\": }") << 400
                                      << QByteArray();
        QTest::newRow("invalid utf-8 in json")
            << QByteArray("application/json") << QByteArray("{\"a\": \"\xff\"}") << 400 << QByteArray();
        QTest::newRow("duplicate member")
            << QByteArray("application/json") << QByteArray("{\"a\": 1, \"a\": 2}") << 400 << QByteArray();
        QTest::newRow("bad percent-encoding")
            << QByteArray("application/x-www-form-urlencoded") << QByteArray("a=%zz") << 400 << QByteArray();
        QTest::newRow("no content type") << QByteArray() << QByteArray("{}") << 415 << QByteArray();
        QTest::newRow("text/plain") << QByteArray("text/plain") << QByteArray("hello") << 415 << QByteArray();
        // Issue 48 finding 11: a form of more fields than kMaxFormFields is refused as too large, naming the bound.
        QByteArray fields;
        for (std::size_t i = 0; i <= kMaxFormFields; ++i)
            fields += (i ? "&n" : "n") + QByteArray::number(static_cast<qulonglong>(i)) + "=v";
        QTest::newRow("form with one field too many")
            << QByteArray("application/x-www-form-urlencoded") << fields << 413 << QByteArray();
    }

    // Issue 48 finding 11: a form of kMaxFormFields names, distinct and repeated, is read whole, every member once in
    // the order first seen.
    void formOfManyFields()
    {
        std::string body;
        for (std::size_t i = 0; i < kMaxFormFields; ++i)
            body += (i ? "&" : "") + ("n" + std::to_string(i % (kMaxFormFields / 2))) + "=" + std::to_string(i);
        std::string error;
        const auto form = formToJson(body, error);
        QVERIFY2(form, error.c_str());
        QCOMPARE(form->object.size(), kMaxFormFields / 2);
        for (std::size_t i = 0; i < form->object.size(); ++i) {
            const json::Member& m = form->object[i];
            QCOMPARE(m.key, "n" + std::to_string(i));
            QVERIFY(m.value.isArray());
            QCOMPARE(m.value.array.size(), std::size_t(2));
            QCOMPARE(m.value.array[1].string, std::to_string(i + kMaxFormFields / 2));
        }
    }
    void bodies()
    {
        QFETCH(QByteArray, contentType);
        QFETCH(QByteArray, body);
        QFETCH(int, reject);
        QFETCH(QByteArray, canonical);
        const std::string headers
            = contentType.isEmpty() ? std::string() : "Content-Type: " + contentType.toStdString() + "\r\n";
        const ServedRequest r = mapped(post(headers, body.toStdString()));
        QCOMPARE(r.rejectStatus.value_or(0), reject);
        if (reject) {
            QVERIFY(!r.rejectDetail.empty());
        } else {
            QCOMPARE(QByteArray::fromStdString(canonicalJson(r.payload)), canonical);
        }
    }

    void jsonErrorNamesLineAndColumn()
    {
        const ServedRequest r = mapped(post("Content-Type: application/json\r\n", "{\n  \"a\": }"));
        QVERIFY2(QByteArray::fromStdString(r.rejectDetail).contains("line 2, column 8"), r.rejectDetail.c_str());
    }

    // Issue 48 finding 12: a served payload was a tree of values kept per request (69 MB for a 1 MiB array of
    // numbers, copied whole for every identical body). Once fingerprinted, an entry keeps none; the session keeps
    // one compact text per distinct payload; the recording writes every payload back exactly.
    void payloadsKeptCompact()
    {
        auto store = makeMemoryStore();
        ServedService service(servedScenario(), *store);
        std::string numbers;
        for (int i = 0; i < 5000; ++i)
            numbers += (i ? ", " : "") + std::to_string(i) + (i % 7 ? "" : ".50");
        const auto body = [&](int variant) {
            return "{\"items\": [" + numbers + "], \"variant\": " + std::to_string(variant)
                + ", \"note\": \"caf\u00e9\"}";
        };
        const auto send = [&](const std::string& key, const std::string& text, Millis at) {
            HttpRequest http
                = parseWhole(post("Content-Type: application/json\r\nIdempotency-Key: \"" + key + "\"\r\n", text));
            return service.submit(service.read(std::move(http)), at);
        };
        for (int i = 0; i < 20; ++i)
            send("same-" + std::to_string(i), body(0), i * 1000);
        const std::int64_t one = service.payloadBytes();
        QVERIFY(one > 0 && one < static_cast<std::int64_t>(body(0).size()));
        for (int i = 1; i <= 3; ++i)
            send("other-" + std::to_string(i), body(i), 20'000 + i * 1000);
        QVERIFY(service.payloadBytes() < 4 * one + 16);
        service.advance(60'000);
        const auto& requests = service.simulation().scenario().requests;
        QCOMPARE(requests.size(), std::size_t(23));
        for (std::size_t i = 0; i + 1 < requests.size(); ++i)
            QVERIFY2(requests[i].payload.isNull(), qPrintable(QString::number(i)));
        const Scenario recorded = loadScenario(service.recording(), "recording.json");
        QCOMPARE(recorded.requests.size(), std::size_t(23));
        for (std::size_t i = 0; i < recorded.requests.size(); ++i) {
            const json::Value sent = json::parse(body(i < 20 ? 0 : static_cast<int>(i) - 19));
            QCOMPARE(canonicalJson(recorded.requests[i].payload), canonicalJson(sent));
        }
        QCOMPARE(recorded.requests[0].payload.find("items")->array[7].numberText, std::string("7.50"));
        // A session whose payloads would pass its memory budget refuses the next one at the door (507).
        service.setMemoryBudget(2 * service.payloadBytes() + 24 * kBytesPerRequest + 1000);
        ServedRequest fresh = service.read(
            parseWhole(post("Content-Type: application/json\r\nIdempotency-Key: \"k-new\"\r\n", body(99))));
        const auto refusal = service.refusalAtDoor(fresh, 70'000);
        QVERIFY(refusal);
        QCOMPARE(refusal->status, 507);
        ServedRequest again = service.read(
            parseWhole(post("Content-Type: application/json\r\nIdempotency-Key: \"k-again\"\r\n", body(3))));
        QVERIFY(again.payloadSameAsLast);
        QVERIFY(!service.refusalAtDoor(again, 70'000));
    }

    // Issue 41 (owner-path cost): a body byte for byte the last one's shares the compact text of the entry its payload
    // was copied from, instead of being written compact and looked up again; runs of repeated bodies, JSON and forms
    // in turn, still record every payload as sent and keep one text per distinct payload.
    void repeatedBodiesShareTheirText()
    {
        auto store = makeMemoryStore();
        ServedService service(servedScenario(), *store);
        const std::string json = "Content-Type: application/json\r\n";
        const std::string form = "Content-Type: application/x-www-form-urlencoded\r\n";
        const std::vector<std::pair<std::string, std::string>> sent = { { json, "{\"a\": 1.50}" },
            { json, "{\"a\": 1.50}" }, { json, "{\"b\": [2, 3]}" }, { json, "{\"b\": [2, 3]}" },
            { json, "{\"b\": [2, 3]}" }, { json, "{\"a\": 1.50}" }, { json, "{\"a\": 1.50}" }, { form, "c=4&c=5" },
            { form, "c=4&c=5" }, { json, "{\"a\": 1.50}" }, { json, "{\"a\": 1.50}" } };
        std::int64_t expectedBytes = 0;
        for (const char* distinct : { "{\"a\":1.50}", "{\"b\":[2,3]}", "{\"c\":[\"4\",\"5\"]}" })
            expectedBytes += static_cast<std::int64_t>(std::string_view(distinct).size());
        for (std::size_t i = 0; i < sent.size(); ++i) {
            ServedRequest r = service.read(parseWhole(
                post(sent[i].first + "Idempotency-Key: \"k-" + std::to_string(i) + "\"\r\n", sent[i].second)));
            QCOMPARE(r.payloadSameAsLast, i > 0 && sent[i] == sent[i - 1]);
            service.submit(std::move(r), static_cast<Millis>(i) * 100);
        }
        service.advance(10'000);
        QCOMPARE(service.payloadBytes(), expectedBytes);
        const Scenario recorded = loadScenario(service.recording(), "recording.json");
        QCOMPARE(recorded.requests.size(), sent.size());
        for (std::size_t i = 0; i < sent.size(); ++i) {
            const json::Value expected
                = sent[i].first == json ? json::parse(sent[i].second) : json::parse("{\"c\": [\"4\", \"5\"]}");
            QCOMPARE(canonicalJson(recorded.requests[i].payload), canonicalJson(expected));
        }
        QCOMPARE(recorded.requests[6].payload.find("a")->numberText, std::string("1.50"));
    }

    // Issue 41 (speed): a GET /_workbench/report at 500,000 requests kept every other connection waiting 80 ms, as
    // making the report walked every request (its summary, the rows still changing) before its first byte. Now it
    // counts the summary in parts, each a writeSome() that appends nothing (the server serves the others in between),
    // and says what was true when it began: byte for byte the report written at once at that instant, however the
    // traffic goes on meanwhile (rows decided and answered, effects of old intents, new requests), and the same
    // summary and requests as the report of a finished run.
    void liveReportCountsInParts()
    {
        auto store = makeMemoryStore();
        Scenario scenario = servedScenario();
        scenario.service.ttlMs = 60'000;
        ServedService service(scenario, *store);
        std::vector<ServedAnswer> answers;
        const auto settleAll = [&](bool written) {
            service.takeAnswers(answers);
            for (const ServedAnswer& a : answers)
                service.settle(a.ticket, written);
        };
        const int total = 40'000;
        Millis wall = 0;
        for (int n = 0; n < total; ++n) {
            wall = n / 8;
            // Replays (a key again), new keys with the same payload (suspected intents), others.
            service.submit(keyed("k-" + std::to_string(n % 31'000), amount(n % 7)), wall);
            if (n % 1000 == 999) {
                service.advance(wall);
                settleAll(n % 2000 != 999); // some answers never reached their client
            }
        }
        service.advance(wall); // the last requests are still in their handler
        const Simulation& sim = service.simulation();
        QVERIFY(service.hasUndecided()); // rows still changing, copied as they were
        QVERIFY(sim.tracksOpenRequests());
        QVERIFY(sim.requests().size() > 2 * 16384);

        std::string atOnce;
        {
            ReportStream report(service.simulation());
            while (report.writeSome(atOnce, std::size_t(1) << 20)) { }
        }
        std::ostringstream finished;
        writeReport(service.simulation(), finished, ReportFormat::Json);
        const std::string nonLive = finished.str();
        const auto headAndRequests
            = [](const std::string& text) { return text.substr(0, text.find("\"records\": [")); };
        QCOMPARE(headAndRequests(atOnce), headAndRequests(nonLive));

        const std::size_t effectsBefore = sim.effects().size();
        const std::size_t intentsBefore = sim.intents().size();
        ReportStream streamed(service.simulation());
        std::string text;
        int emptyTurns = 0;
        int turn = 0;
        for (bool more = true; more; ++turn) {
            more = streamed.writeSome(text, 64 * 1024);
            if (text.empty())
                ++emptyTurns;
            // Between turns the traffic goes on: the handlers finish, answers are taken or lost, records expire and
            // old keys are executed again (a second effect of an intent of before), new keys come.
            wall += 40;
            if (turn == 0) {
                service.advanceClock(70'000, wall);
                for (int k = 0; k < 200; ++k)
                    service.submit(keyed("k-" + std::to_string(k), amount(k % 7)), wall);
            }
            service.submit(keyed("k-" + std::to_string(turn), amount(turn % 7)), wall);
            service.submit(keyed("late-" + std::to_string(turn), amount(1)), wall);
            service.advance(wall);
            settleAll(turn % 3 != 0);
        }
        QVERIFY2(emptyTurns >= 3, qPrintable(QString::number(emptyTurns))); // 40,000 rows: counted in parts
        // Old intents had effects meanwhile (the handlers running at the start, the keys executed again).
        int oldIntentsLater = 0;
        for (std::size_t e = effectsBefore; e < sim.effects().size(); ++e)
            oldIntentsLater += static_cast<std::size_t>(sim.effects()[e].intent) < intentsBefore;
        QVERIFY2(oldIntentsLater > 10, qPrintable(QString::number(oldIntentsLater)));
        QCOMPARE(text, atOnce);
    }

    void tablesGrowWithoutMovingRows()
    {
        // Issue 41 finding 6: every table that keeps a row per served request grows in chunks, so a row stays where it
        // is however many requests follow. A std::vector moved all its rows at each doubling (intents, effects,
        // intent names, the served entries…), and at a million requests the server answered nobody for a second.
        auto store = makeMemoryStore();
        ServedService service(servedScenario(), *store);
        int sent = 0;
        const auto sendUpTo = [&](int n) {
            for (; sent < n; ++sent)
                service.submit(keyed("grow-" + std::to_string(sent), amount(sent % 10)), sent);
            service.advance(sent + 10'000);
        };
        sendUpTo(3000);
        const Simulation& sim = service.simulation();
        QCOMPARE(sim.intents().size(), std::size_t(3000));
        QCOMPARE(sim.effects().size(), std::size_t(3000));
        const IntentRow* intent = &sim.intents()[2500];
        const EffectInfo* effect = &sim.effects()[2500];
        const std::string_view* base = &sim.intentBases()[2500];
        const char* baseText = base->data();
        const RequestSpec* spec = &sim.scenario().requests[2500];
        const int* entry = &service.servedEntries()[2500];
        const std::string baseName(*base);
        sendUpTo(20'000);
        QCOMPARE(sim.intents().size(), std::size_t(20'000));
        QCOMPARE(sim.effects().size(), std::size_t(20'000));
        QCOMPARE(&sim.intents()[2500], intent);
        QCOMPARE(&sim.effects()[2500], effect);
        QCOMPARE(&sim.intentBases()[2500], base);
        QCOMPARE(&sim.scenario().requests[2500], spec);
        QCOMPARE(&service.servedEntries()[2500], entry);
        QCOMPARE(sim.intentBases()[2500].data(), baseText);
        QCOMPARE(std::string(*base), baseName);
        // Every request still decided and answered as before: one effect each, no duplicate.
        const RunSummary summary = sim.summary();
        QCOMPARE(summary.effects, std::int64_t(20'000));
        QCOMPARE(summary.duplicateEffects, std::int64_t(0));
    }

    void servedDecisions()
    {
        auto store = makeMemoryStore();
        ServedService service(servedScenario(), *store);
        const std::uint64_t first = service.submit(keyed("k1", amount(5)), 1000);
        QVERIFY(service.takeAnswers().empty()); // the handler takes 100 ms
        const std::uint64_t second = service.submit(keyed("k1", amount(5)), 1050);
        QVERIFY(service.takeAnswers().empty()); // the claim step, then the read step: 2 ms each
        service.advance(1054);
        auto answers = service.takeAnswers();
        QCOMPARE(answers.size(), std::size_t(1));
        QCOMPARE(answers[0].ticket, second);
        QCOMPARE(answers[0].status, 409);
        QCOMPARE(*header(answers[0], "Idempotency-Decision"), std::string("conflict_in_progress"));
        QCOMPARE(*header(answers[0], "Content-Type"), std::string("application/problem+json"));
        const json::Value problem = json::parse(answers[0].body);
        QCOMPARE(problem.find("type")->string, std::string("/_workbench/problems/conflict_in_progress"));
        QCOMPARE(problem.find("request")->string, std::string("r2"));
        QCOMPARE(problem.find("status")->number, 409.0);

        QCOMPARE(service.nextDue().value_or(-1), Millis(1000 + 2 + 100)); // claim step, then the handler
        service.advance(1104);
        answers = service.takeAnswers();
        QCOMPARE(answers.size(), std::size_t(1));
        QCOMPARE(answers[0].ticket, first);
        QCOMPARE(answers[0].status, 201);
        QCOMPARE(answers[0].body, std::string("{\"result_id\":\"e1\"}"));
        QVERIFY(!header(answers[0], "Idempotent-Replayed"));
        service.settle(first, true);

        service.submit(keyed("k1", amount(5)), 1200);
        service.advance(1204);
        answers = service.takeAnswers();
        QCOMPARE(answers.size(), std::size_t(1));
        QCOMPARE(answers[0].status, 201);
        QCOMPARE(answers[0].body, std::string("{\"result_id\":\"e1\"}")); // byte for byte the stored body
        QCOMPARE(*header(answers[0], "Idempotent-Replayed"), std::string("true"));
        QCOMPARE(*header(answers[0], "Idempotency-Request"), std::string("r3"));

        service.submit(keyed("k1", amount(6)), 1300);
        service.advance(1304);
        answers = service.takeAnswers();
        QCOMPARE(answers[0].status, 422);
        QCOMPARE(*header(answers[0], "Idempotency-Decision"), std::string("payload_mismatch"));

        ServedRequest noKey = keyed("");
        noKey.keyKind = RequestSpec::KeyKind::None;
        service.submit(noKey, 1400);
        answers = service.takeAnswers();
        QCOMPARE(answers[0].status, 400);
        QCOMPARE(*header(answers[0], "Idempotency-Decision"), std::string("missing_key"));

        const RunSummary s = service.simulation().summary();
        QCOMPARE(s.effects, std::int64_t(1));
        QCOMPARE(s.requests, std::int64_t(5));
        // Arrival instants are the service clock (here the wall clock: serving began at 0).
        QCOMPARE(service.simulation().requests()[0].sent, Millis(1000));
        QCOMPARE(service.simulation().requests()[0].attempt, 1);
        QCOMPARE(service.simulation().requests()[2].attempt, 3); // arrivals on the scope so far
    }

    void faultsOnTheWire()
    {
        auto store = makeMemoryStore();
        ServedService service(
            servedScenario(", \"faults\": [\n"
                           "            {\"kind\": \"drop_response\", \"client\": \"curl\", \"attempt\": 1},\n"
                           "            {\"kind\": \"crash_after_effect\", \"client\": \"sdk\", \"attempt\": 1},\n"
                           "            {\"kind\": \"drop_request\", \"client\": \"lossy\"}]"),
            *store);
        const std::uint64_t dropped = service.submit(keyed("k"), 0);
        service.advance(104);
        auto answers = service.takeAnswers();
        QCOMPARE(answers.size(), std::size_t(1));
        QCOMPARE(answers[0].ticket, dropped);
        QVERIFY(!answers[0].respond); // the effect happened; the connection closes without a byte
        service.submit(keyed("k"), 200); // attempt 2: the fault no longer matches → the replay
        answers = service.takeAnswers();
        QVERIFY(answers.empty());
        service.advance(204);
        answers = service.takeAnswers();
        QCOMPARE(answers.size(), std::size_t(1));
        QVERIFY(answers[0].respond);
        QCOMPARE(*header(answers[0], "Idempotency-Decision"), std::string("replayed"));

        // Another order (its own amount): not a suspected retry of the first, so this is its attempt 1.
        ServedRequest sdk = keyed("s", amount(9));
        sdk.client = "sdk";
        service.submit(sdk, 300);
        service.advance(402);
        answers = service.takeAnswers();
        QCOMPARE(answers.size(), std::size_t(1));
        QVERIFY(!answers[0].respond);

        ServedRequest lossy = keyed("l");
        lossy.client = "lossy";
        service.submit(lossy, 500);
        answers = service.takeAnswers();
        QCOMPARE(answers.size(), std::size_t(1));
        QVERIFY(!answers[0].respond);

        const auto& rows = service.simulation().requests();
        QCOMPARE(int(rows[0].outcome.value_or(ClientOutcome::Response)), int(ClientOutcome::Dropped));
        QCOMPARE(int(rows[2].decision.value()), int(Decision::Crashed));
        // The connection closed without a byte: what the client saw is a dropped connection, not a timeout of its
        // own (issue 41 finding 1).
        QCOMPARE(int(rows[2].outcome.value_or(ClientOutcome::Response)), int(ClientOutcome::Dropped));
        QCOMPARE(int(rows[3].outcome.value_or(ClientOutcome::Response)), int(ClientOutcome::NeverArrived));
        QVERIFY(!rows[3].decision);
        QCOMPARE(service.simulation().summary().effects, std::int64_t(2));
    }

    void clientGoneWhileAnswerPending()
    {
        auto store = makeMemoryStore();
        ServedService service(servedScenario(), *store);
        const std::uint64_t t = service.submit(keyed("k"), 0);
        service.clientGone(t);
        service.advance(500);
        QVERIFY(service.takeAnswers().empty());
        QCOMPARE(int(service.simulation().requests()[0].outcome.value_or(ClientOutcome::Response)),
            int(ClientOutcome::Dropped));
        QCOMPARE(int(service.simulation().requests()[0].decision.value()), int(Decision::Created));
    }

    void clockAndReset()
    {
        auto store = makeMemoryStore();
        Scenario scenario = servedScenario();
        scenario.service.ttlMs = 60'000;
        ServedService service(scenario, *store);
        service.submit(keyed("k"), 0);
        service.advance(200);
        service.takeAnswers();
        QCOMPARE(service.advanceClock(61'000, 300), Millis(61'300));
        service.submit(keyed("k"), 300);
        service.advance(410);
        const auto answers = service.takeAnswers();
        QCOMPARE(answers.size(), std::size_t(1));
        QCOMPARE(*header(answers[0], "Idempotency-Decision"), std::string("expired_reexecuted"));
        QCOMPARE(service.simulation().requests()[1].sent, Millis(61'300));

        service.reset(1000);
        QCOMPARE(service.now(1000), Millis(0));
        QCOMPARE(service.requestCount(), std::int64_t(0));
        QVERIFY(store->records().empty());
        service.submit(keyed("k"), 1000);
        service.advance(1200);
        const auto again = service.takeAnswers();
        QCOMPARE(*header(again[0], "Idempotency-Request"), std::string("r1"));
        QCOMPARE(again[0].body, std::string("{\"result_id\":\"e1\"}"));
    }

    // docs/reference/serve.md Recording: the recorded scenario, run, gives the same decisions and effects request by
    // request; requests whose HTTP form could not be read are left out of it but stay in the report.
    void recordingRoundTrip()
    {
        auto store = makeMemoryStore();
        Scenario scenario
            = servedScenario(", \"faults\": [\n"
                             "            {\"kind\": \"drop_response\", \"client\": \"curl\", \"attempt\": 1},\n"
                             "            {\"kind\": \"crash_after_effect\", \"client\": \"sdk\"}]");
        scenario.service.ttlMs = 60'000;
        ServedService service(scenario, *store);
        Millis wall = 0;
        const auto send = [&](ServedRequest r, Millis at) {
            wall = at;
            service.submit(r, at);
            service.advance(at + 150);
            service.takeAnswers();
        };
        send(keyed("a", amount(1)), 0); // created, response dropped
        send(keyed("a", amount(1)), 200); // replayed
        send(keyed("a", amount(2)), 400); // payload_mismatch
        ServedRequest sdk = keyed("b");
        sdk.client = "sdk";
        send(sdk, 600); // crashed after its effect
        ServedRequest unreadable = keyed("(a b)");
        unreadable.keyUnreadable = true;
        send(unreadable, 800); // invalid_key: not in the recording
        ServedRequest badBody = keyed("c");
        badBody.rejectStatus = 415;
        send(badBody, 900); // rejected_payload 415: not in the recording
        ServedRequest keyless = keyed("");
        keyless.keyKind = RequestSpec::KeyKind::None;
        keyless.actor = "bob";
        send(keyless, 950); // missing_key
        service.advanceClock(70'000, 1000);
        send(keyed("a", amount(1)), 1000); // expired, re-executed

        const auto& served = service.simulation().requests();
        QCOMPARE(served.size(), std::size_t(8));
        const Scenario recorded = loadScenario(service.recording(), "recorded.json");
        QCOMPARE(recorded.requests.size(), std::size_t(6));
        auto replayStore = makeMemoryStore();
        Simulation replay(recorded, *replayStore);
        replay.runToEnd();
        std::vector<std::string> expected;
        for (const RequestRow& r : served) {
            if (!service.simulation().entryHasUnreadableKey(r.entry) && !(r.decision == Decision::RejectedPayload))
                expected.push_back(std::string(decisionName(*r.decision)) + "/" + std::to_string(r.effect));
        }
        std::vector<std::string> got;
        for (const RequestRow& r : replay.requests())
            got.push_back(std::string(decisionName(*r.decision)) + "/" + std::to_string(r.effect));
        QCOMPARE(got, expected);
        QCOMPARE(replay.summary().effects, service.simulation().summary().effects);
        QCOMPARE(replay.summary().effects, std::int64_t(3));
        QCOMPARE(got.back(), std::string("expired_reexecuted/2"));

        // The report keeps every request, the unreadable ones included.
        std::ostringstream report;
        service.writeReport(report);
        const json::Value doc = json::parse(report.str());
        QCOMPARE(doc.find("requests")->array.size(), std::size_t(8));
        QCOMPARE(doc.find("summary")->find("decisions")->find("invalid_key")->number, 1.0);
    }

    // Issue 41 finding 7 (docs/reference/decisions.md#profiles key_syntax): ietf reads the header as exactly one RFC
    // 8941 String — a token, an integer, a decimal, a boolean or a byte sequence is invalid_key — while stripe (and the
    // other profiles) keep the header's text as sent, quotes included, so "s-1" and s-1 are two keys.
    void keySyntax_data()
    {
        QTest::addColumn<QString>("profile");
        QTest::addColumn<QByteArray>("header");
        QTest::addColumn<bool>("readable");
        QTest::addColumn<QByteArray>("key");
        for (const char* bare : { "s-1", "123", "1.5", "?1", ":YWJj:" })
            QTest::addRow("ietf %s", bare) << QStringLiteral("ietf") << QByteArray(bare) << false << QByteArray();
        QTest::newRow("ietf sf-string") << QStringLiteral("ietf") << QByteArray("\"s-1\"") << true << QByteArray("s-1");
        QTest::newRow("stripe quoted") << QStringLiteral("stripe") << QByteArray("\"s-1\"") << true
                                       << QByteArray("\"s-1\"");
        QTest::newRow("stripe bare") << QStringLiteral("stripe") << QByteArray("s-1") << true << QByteArray("s-1");
        QTest::newRow("stripe integer") << QStringLiteral("stripe") << QByteArray("123") << true << QByteArray("123");
        QTest::newRow("powertools inner list")
            << QStringLiteral("powertools") << QByteArray("(\"a\" \"b\")") << true << QByteArray("(\"a\" \"b\")");
        QTest::newRow("brandur uuid") << QStringLiteral("brandur") << QByteArray("7c9e6679-7425-40de-944b") << true
                                      << QByteArray("7c9e6679-7425-40de-944b");
    }
    void keySyntax()
    {
        QFETCH(QString, profile);
        QFETCH(QByteArray, header);
        QFETCH(bool, readable);
        QFETCH(QByteArray, key);
        const ServicePolicy policy = ServicePolicy::forProfile(*profileFromName(profile.toStdString()));
        const ServedRequest r
            = requestFromHttp(parseWhole(post("Idempotency-Key: " + header.toStdString() + "\r\n")), policy);
        QCOMPARE(!r.keyUnreadable, readable);
        if (readable)
            QCOMPARE(QByteArray::fromStdString(r.key), key);
        else
            QVERIFY(!r.keyError.empty());
        // The field reads and writes back: a scenario may set it against its profile's default.
        Scenario scenario = servedScenario();
        scenario.service = policy;
        scenario.service.keySyntax = policy.keySyntax == KeySyntax::Raw ? KeySyntax::SfString : KeySyntax::Raw;
        QCOMPARE(
            int(loadScenario(saveScenario(scenario), "saved.json").service.keySyntax), int(scenario.service.keySyntax));
    }

    // GET /_workbench/policy: the served policy, with its published expiry and key syntax.
    void policyDocumentNamesTheServedPolicy()
    {
        ServicePolicy policy = ServicePolicy::forProfile(Profile::Stripe);
        policy.ttlMs = 12'345;
        policy.intentWindowMs = 9'000;
        const json::Value doc = json::parse(policyDocument(policy));
        QCOMPARE(doc.find("profile")->string, std::string("stripe"));
        QCOMPARE(doc.find("key_syntax")->string, std::string("raw"));
        QCOMPARE(doc.find("key_scope")->string, std::string("actor_operation"));
        QCOMPARE(doc.find("ttl_ms")->number, 12345.0);
        QCOMPARE(doc.find("intent_window_ms")->number, 9000.0);
        QCOMPARE(doc.find("mismatch_status")->number, double(policy.mismatchStatus));
        QCOMPARE(doc.find("fingerprint_parts")->array.size(), std::size_t(1));
        QCOMPARE(doc.find("fingerprint_form")->string, std::string("canonical"));
        // A library profile's own docs/reference/decisions.md#profiles knobs, as the policy holds them:
        // express-idempotency keeps its records by the key alone, for ever, fingerprints the method, path, query and
        // body and reads a key of any length.
        const json::Value express = json::parse(policyDocument(ServicePolicy::forProfile(Profile::ExpressIdempotency)));
        QCOMPARE(express.find("key_syntax")->string, std::string("raw"));
        QCOMPARE(express.find("key_scope")->string, std::string("global"));
        std::vector<std::string> parts;
        for (const json::Value& part : express.find("fingerprint_parts")->array)
            parts.push_back(part.string);
        QCOMPARE(parts, std::vector<std::string>({ "method", "path", "query", "body" }));
        QVERIFY(express.find("ttl_ms")->isNull());
        QVERIFY(express.find("max_key_length")->isNull());
        const json::Value node = json::parse(policyDocument(ServicePolicy::forProfile(Profile::NodeIdempotency)));
        QCOMPARE(node.find("key_scope")->string, std::string("operation_query"));
        QCOMPARE(node.find("fingerprint_form")->string, std::string("ordered"));
        QCOMPARE(node.find("conflict_retry_after_s")->number, 1.0);
        // A store with an item cap publishes it; one without says nothing of one.
        QVERIFY(!doc.find("item_size_limit_bytes"));
        ServicePolicy dynamo = ServicePolicy::forProfile(Profile::Stripe);
        dynamo.storeEngine = StoreEngine::Dynamodb;
        dynamo.itemSizeLimitBytes = 123'456;
        const json::Value capped = json::parse(policyDocument(dynamo));
        QVERIFY(capped.find("item_size_limit_bytes"));
        QCOMPARE(capped.find("item_size_limit_bytes")->number, 123456.0);
        const Scenario preset
            = loadScenarioFile(IW_SOURCE_DIR "/resources/scenarios/dynamodb-large-response-never-completes.json");
        const json::Value served = json::parse(policyDocument(preset.service));
        QVERIFY(served.find("item_size_limit_bytes"));
        QCOMPARE(served.find("item_size_limit_bytes")->number, double(preset.service.itemSizeLimitBytes));
    }

    // Left by the wire's hardening: a literal `Idempotency-Key: auto` was recorded as "auto", which `run` reads as an
    // automatic key; and a session with nothing recordable was written but refused by `run`.
    void recordingKeepsLiteralAutoAndMayBeEmpty()
    {
        {
            auto store = makeMemoryStore();
            ServedService service(servedScenario(), *store);
            service.submit(keyed("auto"), 0);
            service.advance(200);
            service.submit(keyed("auto"), 300);
            service.advance(500);
            const Scenario recorded = loadScenario(service.recording(), "recorded.json");
            QCOMPARE(recorded.requests.size(), std::size_t(2));
            QCOMPARE(int(recorded.requests[0].keyKind), int(RequestSpec::KeyKind::Literal));
            QCOMPARE(recorded.requests[0].key, std::string("auto"));
            auto replayStore = makeMemoryStore();
            Simulation replay(recorded, *replayStore);
            replay.runToEnd();
            QCOMPARE(int(replay.requests()[1].decision.value()), int(Decision::Replayed));
        }
        auto store = makeMemoryStore();
        ServedService service(servedScenario(), *store);
        ServedRequest unreadable = keyed("(a b)");
        unreadable.keyUnreadable = true;
        service.submit(unreadable, 0); // invalid_key: a scenario cannot express it
        service.advance(100);
        const Scenario recorded = loadScenario(service.recording(), "empty.json");
        QVERIFY(recorded.requests.empty());
        auto replayStore = makeMemoryStore();
        Simulation replay(recorded, *replayStore);
        replay.runToEnd();
        QCOMPARE(replay.summary().requests, std::int64_t(0));
    }

    // Issue 41 finding 2 without sockets: new-key retries of one order form one suspected intent; a fault aimed at
    // attempt 1 strikes only the first of them; X-Intent (the client naming its intent) is never suspected.
    void suspectedIntents()
    {
        auto store = makeMemoryStore();
        ServedService service(
            servedScenario(", \"faults\": [{\"kind\": \"crash_after_effect\", \"client\": \"curl\", \"attempt\": 1}]"),
            *store);
        service.submit(keyed("n-1", amount(5)), 0); // crashes after its effect
        service.advance(200);
        service.submit(keyed("n-2", amount(5)), 300); // a new key: attempt 2 of the same suspected intent
        service.advance(500);
        ServedRequest named = keyed("n-3", amount(5));
        named.intent = "order-9";
        service.submit(named, 600); // the client said which intent it is
        service.advance(800);
        service.submit(keyed("n-4", amount(5)), 900'000); // past the window: a new group, attempt 1
        service.advance(900'200);
        const Simulation& sim = service.simulation();
        const auto& rows = sim.requests();
        QCOMPARE(rows.size(), std::size_t(4));
        QCOMPARE(int(rows[0].decision.value()), int(Decision::Crashed));
        QCOMPARE(int(rows[1].decision.value()), int(Decision::Created));
        QCOMPARE(rows[0].attempt, 1);
        QCOMPARE(rows[1].attempt, 2);
        QCOMPARE(sim.suspectedIntentOf(0), 0);
        QCOMPARE(sim.suspectedIntentOf(1), 0);
        QCOMPARE(sim.suspectedIntentOf(2), -1);
        QCOMPARE(sim.suspectedIntentOf(3), -1);
        QCOMPARE(int(rows[3].decision.value()), int(Decision::Crashed));
        const RunSummary s = sim.summary();
        QCOMPARE(s.suspectedIntents, std::int64_t(1));
        QCOMPARE(s.suspectedDuplicateEffects, std::int64_t(1));
        QCOMPARE(s.duplicateEffects, std::int64_t(0));
        std::ostringstream report;
        service.writeReport(report);
        const json::Value doc = json::parse(report.str());
        QCOMPARE(doc.find("requests")->array[1].find("suspected_intent")->string, std::string("r1"));
        QVERIFY(doc.find("requests")->array[2].find("suspected_intent")->isNull());
        QCOMPARE(doc.find("summary")->find("suspected_duplicate_effects")->number, 1.0);
    }

    // docs/reference/serve.md Recording and §16: what decided a served request under a library profile — the query
    // string (node-idempotency's scope, a fingerprint part) and, under fingerprint_form raw, the body's bytes — is
    // recorded, so the recording replays the same decisions. Before, both were left out: the second query's own run
    // replayed as the first query's answer, and the respaced body matched.
    void recordingKeepsQueryAndRawBody()
    {
        auto store = makeMemoryStore();
        const Scenario scenario = loadServedScenario(
            "{\"format\": \"idempotency-workbench/scenario@1\", \"name\": \"served\", \"seed\": 7,\n"
            " \"service\": {\"profile\": \"node-idempotency\", \"fingerprint_form\": \"raw\", \"handler_ms\": 100},\n"
            " \"clients\": [{\"id\": \"c\", \"actor\": \"a\", \"timeout_ms\": 1000, \"retry\": {}}],\n"
            " \"requests\": [{\"at_ms\": 0, \"client\": \"c\", \"operation\": \"x\", \"key\": null, "
            "\"payload\": {}}]}",
            "served.json");
        ServedService service(scenario, *store);
        const auto send = [&](const std::string& target, const std::string& body, Millis at) {
            const std::string bytes = "POST " + target
                + " HTTP/1.1\r\nHost: x\r\nIdempotency-Key: k\r\nContent-Type: application/json\r\n"
                  "Content-Length: "
                + std::to_string(body.size()) + "\r\n\r\n" + body;
            service.submit(service.read(parseWhole(bytes)), at);
            service.advance(at + 150);
            service.takeAnswers();
        };
        send("/v1/orders?a=1", "{\"b\":1,\"a\":2}", 0); // created
        send("/v1/orders?a=2", "{\"b\":1,\"a\":2}", 200); // created: another query is another record
        send("/v1/orders?a=1", "{\"b\":1,\"a\":2}", 400); // replayed
        send("/v1/orders?a=1", "{\"b\": 1, \"a\": 2}", 600); // payload_mismatch: other bytes
        std::vector<std::string> expected;
        for (const RequestRow& r : service.simulation().requests())
            expected.push_back(std::string(decisionName(*r.decision)));
        QCOMPARE(expected, std::vector<std::string>({ "created", "created", "replayed", "payload_mismatch" }));

        const Scenario recorded = loadScenario(service.recording(), "recorded.json");
        QCOMPARE(recorded.requests.size(), std::size_t(4));
        QCOMPARE(recorded.requests[1].query, std::string("a=2"));
        QVERIFY(recorded.requests[3].body.has_value());
        auto replayStore = makeMemoryStore();
        Simulation replay(recorded, *replayStore);
        replay.runToEnd();
        std::vector<std::string> got;
        for (const RequestRow& r : replay.requests())
            got.push_back(std::string(decisionName(*r.decision)));
        QCOMPARE(got, expected);
        QCOMPARE(replay.summary().effects, service.simulation().summary().effects);
    }

    void problemPages()
    {
        const ServicePolicy policy = ServicePolicy::forProfile(Profile::Ietf);
        const auto page = problemPage("conflict_in_progress", policy);
        QVERIFY(page);
        QVERIFY(QByteArray::fromStdString(*page).contains("conflict_in_progress"));
        QVERIFY(!problemPage("no_such_decision", policy));
    }
};

QTEST_GUILESS_MAIN(TestServe)
#include "tst_serve.moc"
