// `reconstruct` (docs/reference/reconstruct.md): the readers against evidence real tools wrote (tests/data/evidence: an
// nginx escape=json log, OpenTelemetry JS spans, a headless Chromium HAR, each in front of serve), checked field by
// field against an independent reading of the same files with Qt's JSON; timestamps and their zones; gzip; files merged
// on time; each violation kind from lines built to show it; suspected intents; bad input named and skipped, never fatal
// unless nothing parses; bodies and tokens never copied; outputs written whole or not at all.
#include "check.h"
#include "childprocess.h"
#include "evidenceinput.h"
#include "fingerprint.h"
#include "incidentscenario.h"
#include "pgadmin.h"
#include "policy.h"
#include "readers.h"
#include "reconstruction.h"
#include "reconstructreport.h"
#include "scenario.h"
#include "simulation.h"
#include "store.h"
#include "suspectedintent.h"
#include "timestamps.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

#include <zlib.h>

#include <chrono>
#include <csignal>
#include <fcntl.h>
#include <future>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

using namespace iw;

namespace {

const QString kData = QStringLiteral(IW_SOURCE_DIR "/tests/data/evidence/");

std::string dataPath(const char* name)
{
    return QString(kData + QLatin1String(name)).toStdString();
}

QByteArray readBytes(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll();
}

std::vector<Exchange> readAll(const std::string& path, const ReadOptions& options = {})
{
    EvidenceFileSummary summary;
    ProblemLog problems;
    std::string error;
    auto reader = openEvidence(path, 0, options, summary, problems, error);
    IW_VERIFY_OR_THROW(reader, error);
    std::vector<Exchange> out;
    Exchange x;
    while (reader->next(x))
        out.push_back(x);
    return out;
}

// A JSON-lines access log in the nginx preset's names; `status` "" is no answer.
std::string line(double msec, double requestTime, const std::string& key, const std::string& status,
    const std::string& replayed = "", const std::string& body = "", const std::string& actor = "42")
{
    QJsonObject o;
    o[QStringLiteral("msec")] = QString::number(msec, 'f', 3);
    o[QStringLiteral("request_time")] = QString::number(requestTime, 'f', 3);
    o[QStringLiteral("method")] = QStringLiteral("POST");
    o[QStringLiteral("uri")] = QStringLiteral("/v1/orders");
    o[QStringLiteral("status")] = QString::fromStdString(status);
    o[QStringLiteral("x_actor")] = QString::fromStdString(actor);
    o[QStringLiteral("idempotency_key")] = key.empty() ? QString() : QString::fromStdString("\"" + key + "\"");
    o[QStringLiteral("idempotent_replayed")] = QString::fromStdString(replayed);
    o[QStringLiteral("upstream_bytes_received")]
        = status.empty() || status == "502" ? QStringLiteral("0") : QStringLiteral("100");
    o[QStringLiteral("request_body")] = QString::fromStdString(body);
    return QJsonDocument(o).toJson(QJsonDocument::Compact).toStdString() + "\n";
}

std::string writeFile(const QTemporaryDir& dir, const char* name, const std::string& text)
{
    const QString path = dir.filePath(QString::fromLatin1(name));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write(text.data(), static_cast<qint64>(text.size()));
    return path.toStdString();
}

ReconstructResult judged(const std::vector<std::string>& files, ReconstructOptions options = {})
{
    options.keepExchanges = true;
    return reconstruct(files, options);
}

int count(const ReconstructResult& r, ViolationKind kind)
{
    int n = 0;
    for (const Violation& v : r.violations)
        n += v.kind == kind;
    return n;
}

struct Run {
    int code = -1;
    QString out;
    QString err;
};

Run cli(const QStringList& args)
{
    const iwtest::ChildResult p = iwtest::runCli(args, { .timeoutMs = 60'000 });
    Run r;
    r.code = p.ranToEnd() ? p.exitCode : -1;
    r.out = QString::fromUtf8(p.out);
    r.err = QString::fromUtf8(p.err);
    return r;
}

// Every field of an exchange, for comparing two readings of one file.
std::string describe(const Exchange& x)
{
    std::string out = std::to_string(x.startMs) + " " + (x.endMs ? std::to_string(*x.endMs) : "-") + " [" + x.method
        + "] [" + x.path + "?" + x.query + "] [" + x.actor + "] [" + x.client + "] ["
        + (x.key ? *x.key : std::string("(none)")) + "] " + (x.keyUnreadable ? "unreadable " : "")
        + (x.status ? std::to_string(*x.status) : "-") + (x.clientGaveUp ? " gave-up" : "") + " replayed "
        + std::to_string(static_cast<int>(x.replayed)) + " [" + x.decision.value_or("(none)") + "] [" + x.fingerprint
        + "] [" + x.responseHash + "] " + std::to_string(x.tableStatements) + (x.tableCompletion ? " completion" : "")
        + " [" + x.body + "] " + std::to_string(x.ref.file) + ":" + std::to_string(x.ref.at);
    return out;
}

// A file read through openEvidence: its exchanges and problems described, and its summary.
std::vector<std::string> readDescribed(
    const std::string& path, const ReadOptions& options, EvidenceFileSummary& summary)
{
    ProblemLog problems;
    std::string error;
    auto reader = openEvidence(path, 0, options, summary, problems, error);
    if (!reader)
        return { "refused: " + error };
    std::vector<std::string> out;
    Exchange x;
    while (reader->next(x))
        out.push_back(describe(x));
    out.push_back("failure: " + reader->failure());
    for (const EvidenceProblem& p : problems.named)
        out.push_back("problem " + std::to_string(p.ref.at) + ": " + p.what);
    out.push_back("skipped " + std::to_string(summary.skipped) + ", without zone " + std::to_string(summary.withoutZone)
        + ", bodies unread " + std::to_string(summary.bodiesUnread) + ", units " + std::to_string(summary.units));
    return out;
}

// An OTLP server span as the JS SDK writes it (kind 2, the semantic-convention attributes), key `key`.
std::string otlpSpan(int i, const std::string& key, int status = 201)
{
    char id[17];
    std::snprintf(id, sizeof id, "%016x", 0x1000 + i);
    const long long start = 1796551200000LL + i * 10LL;
    return std::string("{\"traceId\": \"1bc5a32dff460a8585ea50c25a7b1241\", \"spanId\": \"") + id
        + "\", \"name\": \"POST /v1/orders\", \"kind\": 2, \"startTimeUnixNano\": \"" + std::to_string(start)
        + "000000\", \"endTimeUnixNano\": \"" + std::to_string(start + 5)
        + "000000\", \"attributes\": [{\"key\": \"http.request.method\", \"value\": {\"stringValue\": \"POST\"}}, "
          "{\"key\": \"url.path\", \"value\": {\"stringValue\": \"/v1/orders\"}}, {\"key\": "
          "\"http.response.status_code\", \"value\": {\"intValue\": "
        + std::to_string(status)
        + "}}, {\"key\": \"http.request.header.idempotency-key\", \"value\": {\"arrayValue\": {\"values\": "
          "[{\"stringValue\": \"\\\""
        + key
        + "\\\"\"}]}}}, {\"key\": \"enduser.id\", \"value\": {\"stringValue\": \"42\"}}], \"status\": {\"code\": 0}}";
}

// A HAR 1.2 entry posting to /v1/orders with key `key`.
std::string harEntry(int i, const std::string& key)
{
    const QDateTime at = QDateTime::fromMSecsSinceEpoch(1796551200000LL + i * 10LL, QTimeZone::utc());
    return "{\"startedDateTime\": \"" + at.toString(Qt::ISODateWithMs).toStdString()
        + "\", \"time\": 5, \"request\": {\"method\": \"POST\", \"url\": \"http://127.0.0.1/v1/orders\", "
          "\"httpVersion\": \"HTTP/1.1\", \"headers\": [{\"name\": \"Idempotency-Key\", \"value\": \"\\\""
        + key
        + "\\\"\"}], \"queryString\": [], \"cookies\": [], \"headersSize\": -1, \"bodySize\": 0}, "
          "\"response\": {\"status\": 201, \"statusText\": \"Created\", \"httpVersion\": \"HTTP/1.1\", "
          "\"headers\": [], \"cookies\": [], \"content\": {\"size\": 0, \"mimeType\": \"application/json\"}, "
          "\"redirectURL\": \"\", \"headersSize\": -1, \"bodySize\": 0}, \"cache\": {}, \"timings\": {\"send\": 0, "
          "\"wait\": 5, \"receive\": 0}}";
}

} // namespace

class TestReconstruct : public QObject {
    Q_OBJECT

private slots:
    void nginxLogReadAsNginxWrote();
    void otelSpansReadAsTheSdkWrote();
    void chromiumHarReadAsChromiumSaw();
    void timestampsHonourTheirZones_data();
    void timestampsHonourTheirZones();
    void gzipReadAsSuch();
    void filesMergeOnTime();
    void violations_data();
    void violations();
    void stuckFromRows();
    void stuckFromLiveTable();
    void suspectedIntentsGroup_data();
    void suspectedIntentsGroup();
    void noEvidenceIsRefused_data();
    void noEvidenceIsRefused();
    void badLinesAreCountedAndNamed();
    void hundredMegabyteLineIsSkipped();
    void plainLinesReadAsTheParserReads_data();
    void plainLinesReadAsTheParserReads();
    void shapedLinesReadAsTheParserReads_data();
    void shapedLinesReadAsTheParserReads();
    void fieldMappingFile();
    void presetsAndCombined_data();
    void presetsAndCombined();
    void otlpDatabaseSpansTellExecutions();
    void windowKeyAndKeyHeader();
    void bodiesAndTokensNeverCopied();
    void outputsWrittenOnlyOnSuccess();
    void scenarioReplaysTheEvidence();
    void progressReachesTheEndAndCancelStops();
    void wholeDocumentCancelledMidParse_data();
    void wholeDocumentCancelledMidParse();
    void otlpReadASpanAtATime_data();
    void otlpReadASpanAtATime();
    void everyProfileJudges();
    void mappedReadsAsRead_data();
    void mappedReadsAsRead();
    void mappedLongLineSkipped();
    void mappedFileCutWhileRead();
    void namedPipeOpenedOnce();
    void twoThreadsJudgeAsOne_data();
    void twoThreadsJudgeAsOne();
    void twoThreadsOnEveryFixture();
    void twoThreadsKeepTheOrderAtTheSplit();
};

void TestReconstruct::nginxLogReadAsNginxWrote()
{
    const std::vector<Exchange> xs = readAll(dataPath("nginx-access.log"));
    const QList<QByteArray> lines = readBytes(kData + QStringLiteral("nginx-access.log")).split('\n');
    QCOMPARE(static_cast<qsizetype>(xs.size()), lines.size() - 1); // the file ends with a newline
    for (const Exchange& x : xs) {
        const QJsonObject o = QJsonDocument::fromJson(lines.at(static_cast<qsizetype>(x.ref.at - 1))).object();
        QCOMPARE(QString::fromStdString(x.method), o[QStringLiteral("method")].toString());
        const int status = o[QStringLiteral("status")].toString().toInt();
        const bool serviceAnswered = o[QStringLiteral("upstream_bytes_received")].toString() != QLatin1String("0");
        QCOMPARE(x.status.has_value(), serviceAnswered);
        if (serviceAnswered)
            QCOMPARE(*x.status, status);
        const QString key = o[QStringLiteral("idempotency_key")].toString();
        QCOMPARE(x.key.has_value(), !key.isEmpty());
        if (x.key) // the header as sent is an sf-string: the scope's key is inside the quotes
            QCOMPARE(QString::fromStdString("\"" + *x.key + "\""), key);
        QCOMPARE(QString::fromStdString(x.actor), o[QStringLiteral("x_actor")].toString());
        QCOMPARE(QString::fromStdString(x.client), o[QStringLiteral("x_client")].toString());
        QCOMPARE(x.replayed == Tri::Yes, o[QStringLiteral("idempotent_replayed")].toString() == QLatin1String("true"));
        // $msec is the end, $request_time the duration: the start is their difference.
        const auto end = static_cast<Millis>(o[QStringLiteral("msec")].toString().toDouble() * 1000 + 0.5);
        QCOMPARE(*x.endMs, end);
        QCOMPARE(
            x.startMs, end - static_cast<Millis>(o[QStringLiteral("request_time")].toString().toDouble() * 1000 + 0.5));
        const QByteArray body = o[QStringLiteral("request_body")].toString().toUtf8();
        QCOMPARE(QString::fromStdString(x.fingerprint),
            QString::fromStdString(fingerprintOf(json::parse(body.toStdString())).sha256));
    }
}

void TestReconstruct::otelSpansReadAsTheSdkWrote()
{
    const std::vector<Exchange> xs = readAll(dataPath("otel-spans.json"));
    const QJsonObject doc = QJsonDocument::fromJson(readBytes(kData + QStringLiteral("otel-spans.json"))).object();
    int servers = 0;
    QMap<QString, QJsonObject> spans;
    for (const QJsonValue rs : doc[QStringLiteral("resourceSpans")].toArray())
        for (const QJsonValue ss : rs.toObject()[QStringLiteral("scopeSpans")].toArray())
            for (const QJsonValue s : ss.toObject()[QStringLiteral("spans")].toArray()) {
                spans.insert(s.toObject()[QStringLiteral("spanId")].toString(), s.toObject());
                servers += s.toObject()[QStringLiteral("kind")].toInt() == 2;
            }
    QCOMPARE(static_cast<int>(xs.size()), servers);
    for (const Exchange& x : xs) {
        QCOMPARE(x.ref.kind, EvidenceRef::Kind::Span);
        const QJsonObject span = spans.value(QString::fromStdString(spanIdHex(x.ref.at)));
        QCOMPARE(span[QStringLiteral("kind")].toInt(), 2);
        QMap<QString, QJsonObject> attrs;
        for (const QJsonValue a : span[QStringLiteral("attributes")].toArray())
            attrs.insert(
                a.toObject()[QStringLiteral("key")].toString(), a.toObject()[QStringLiteral("value")].toObject());
        QCOMPARE(QString::fromStdString(x.method),
            attrs[QStringLiteral("http.request.method")][QStringLiteral("stringValue")].toString());
        QCOMPARE(QString::fromStdString(x.path),
            attrs[QStringLiteral("url.path")][QStringLiteral("stringValue")].toString());
        QCOMPARE(x.startMs, span[QStringLiteral("startTimeUnixNano")].toString().left(13).toLongLong());
        // Its upstream calls: none answered → the service gave no answer (the gateway's 502 is its own).
        int calls = 0;
        int answered = 0;
        for (const QJsonObject& child : spans)
            if (child[QStringLiteral("parentSpanId")].toString() == span[QStringLiteral("spanId")].toString()
                && child[QStringLiteral("kind")].toInt() == 3) {
                ++calls;
                for (const QJsonValue a : child[QStringLiteral("attributes")].toArray())
                    answered
                        += a.toObject()[QStringLiteral("key")].toString() == QLatin1String("http.response.status_code");
            }
        QVERIFY(calls > 0);
        QCOMPARE(x.status.has_value(), answered > 0);
        if (x.status)
            QCOMPARE(*x.status, attrs[QStringLiteral("http.response.status_code")][QStringLiteral("intValue")].toInt());
        const bool replayed = attrs.contains(QStringLiteral("http.response.header.idempotent-replayed"));
        if (x.status)
            QCOMPARE(x.replayed, replayed ? Tri::Yes : Tri::No);
    }
}

void TestReconstruct::chromiumHarReadAsChromiumSaw()
{
    const std::vector<Exchange> xs = readAll(dataPath("chromium-session.har"));
    const QJsonArray entries = QJsonDocument::fromJson(readBytes(kData + QStringLiteral("chromium-session.har")))
                                   .object()[QStringLiteral("log")]
                                   .toObject()[QStringLiteral("entries")]
                                   .toArray();
    QCOMPARE(static_cast<qsizetype>(xs.size()), entries.size());
    for (const Exchange& x : xs) {
        QCOMPARE(x.ref.kind, EvidenceRef::Kind::HarEntry);
        const QJsonObject e = entries.at(static_cast<qsizetype>(x.ref.at)).toObject();
        const int status = e[QStringLiteral("response")].toObject()[QStringLiteral("status")].toInt();
        QCOMPARE(x.status.value_or(0), status);
        QCOMPARE(x.clientGaveUp, e.contains(QStringLiteral("_error")));
        QString key;
        for (const QJsonValue h : e[QStringLiteral("request")].toObject()[QStringLiteral("headers")].toArray())
            if (h.toObject()[QStringLiteral("name")].toString().compare(
                    QLatin1String("Idempotency-Key"), Qt::CaseInsensitive)
                == 0)
                key = h.toObject()[QStringLiteral("value")].toString();
        QCOMPARE(x.key.has_value(), !key.isEmpty());
        if (x.key)
            QCOMPARE(QString::fromStdString("\"" + *x.key + "\""), key);
        const QString text = e[QStringLiteral("request")]
                                 .toObject()[QStringLiteral("postData")]
                                 .toObject()[QStringLiteral("text")]
                                 .toString();
        QCOMPARE(QString::fromStdString(x.fingerprint),
            QString::fromStdString(fingerprintOf(json::parse(text.toStdString())).sha256));
        if (status > 0) {
            const QString content = e[QStringLiteral("response")]
                                        .toObject()[QStringLiteral("content")]
                                        .toObject()[QStringLiteral("text")]
                                        .toString();
            QCOMPARE(QString::fromStdString(x.responseHash), QString::fromStdString(sha256Hex(content.toStdString())));
        }
    }
}

void TestReconstruct::timestampsHonourTheirZones_data()
{
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::newRow("offset_vs_utc") << QStringLiteral("2026-12-06T12:00:00.250+02:00")
                                   << QStringLiteral("2026-12-06T10:00:00.250Z");
    QTest::newRow("clf_offset_vs_iso") << QStringLiteral("06/Dec/2026:03:00:00 -0700")
                                       << QStringLiteral("2026-12-06T10:00:00Z");
    QTest::newRow("epoch_seconds_vs_iso")
        << QStringLiteral("1796551200.5") << QStringLiteral("2026-12-06T10:00:00.500Z");
    QTest::newRow("epoch_ms_vs_iso") << QStringLiteral("1796551200500") << QStringLiteral("2026-12-06T10:00:00.500Z");
    QTest::newRow("compact_offset") << QStringLiteral("2026-12-06T10:30:00+0030")
                                    << QStringLiteral("2026-12-06T10:00:00Z");
}

void TestReconstruct::timestampsHonourTheirZones()
{
    QFETCH(QString, a);
    QFETCH(QString, b);
    const ParsedTime ta = parseTimestamp(a.toStdString(), TimeFormat::Auto, false);
    const ParsedTime tb = parseTimestamp(b.toStdString(), TimeFormat::Auto, false);
    QCOMPARE(ta.status, ParsedTime::Status::Ok);
    QCOMPARE(tb.status, ParsedTime::Status::Ok);
    QCOMPARE(ta.ms, tb.ms);
    // The same instant as Qt reads it.
    QCOMPARE(tb.ms, QDateTime::fromString(b, Qt::ISODateWithMs).toMSecsSinceEpoch());
    QCOMPARE(QString::fromStdString(formatIsoMs(tb.ms)),
        QDateTime::fromMSecsSinceEpoch(tb.ms, Qt::UTC).toString(Qt::ISODateWithMs));
    // Without a zone nothing is guessed, unless the user says UTC.
    const ParsedTime bare = parseTimestamp("2026-12-06T10:00:00", TimeFormat::Auto, false);
    QCOMPARE(bare.status, ParsedTime::Status::NoZone);
    QCOMPARE(parseTimestamp("2026-12-06T10:00:00", TimeFormat::Auto, true).ms,
        parseTimestamp("2026-12-06T10:00:00Z", TimeFormat::Auto, false).ms);
    QCOMPARE(parseTimestamp("2026-02-30T10:00:00Z", TimeFormat::Auto, false).status, ParsedTime::Status::Invalid);
}

void TestReconstruct::gzipReadAsSuch()
{
    QTemporaryDir dir;
    const QByteArray plain = readBytes(kData + QStringLiteral("nginx-access.log"));
    const std::string gzPath = dir.filePath(QStringLiteral("access.log.gz")).toStdString();
    gzFile gz = gzopen(gzPath.c_str(), "wb");
    QVERIFY(gz);
    QCOMPARE(gzwrite(gz, plain.constData(), static_cast<unsigned>(plain.size())), static_cast<int>(plain.size()));
    gzclose(gz);
    QVERIFY(QFileInfo(QString::fromStdString(gzPath)).size() < plain.size());
    const std::vector<Exchange> a = readAll(dataPath("nginx-access.log"));
    const std::vector<Exchange> b = readAll(gzPath);
    QCOMPARE(b.size(), a.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        QCOMPARE(b[i].startMs, a[i].startMs);
        QCOMPARE(b[i].key, a[i].key);
        QCOMPARE(b[i].status, a[i].status);
    }
    const ReconstructResult r = judged({ gzPath });
    QVERIFY(r.fileSummaries[0].compressed);
    // Cut short, the stream's error is named rather than taken for its end.
    const QByteArray packed = readBytes(QString::fromStdString(gzPath));
    const std::string cut = writeFile(dir, "cut.log.gz", packed.left(packed.size() / 2).toStdString());
    try {
        judged({ cut });
        QFAIL("a gzip file cut in half was read as whole");
    } catch (const ReconstructError& e) {
        QVERIFY2(std::string(e.what()).find("cut.log.gz") != std::string::npos, e.what());
    }
}

void TestReconstruct::filesMergeOnTime()
{
    // The fixture split in two files, alternate lines: the merged judgement is the single file's.
    QTemporaryDir dir;
    const QList<QByteArray> lines = readBytes(kData + QStringLiteral("nginx-access.log")).split('\n');
    std::string odd, even;
    for (qsizetype i = 0; i < lines.size(); ++i)
        if (!lines.at(i).isEmpty())
            (i % 2 ? odd : even) += lines.at(i).toStdString() + "\n";
    const std::string a = writeFile(dir, "a.log", odd);
    const std::string b = writeFile(dir, "b.log", even);
    const ReconstructResult one = judged({ dataPath("nginx-access.log") });
    const ReconstructResult two = judged({ a, b });
    QCOMPARE(two.exchanges.size(), one.exchanges.size());
    for (std::size_t i = 0; i < one.exchanges.size(); ++i) {
        QCOMPARE(two.exchanges[i].x.startMs, one.exchanges[i].x.startMs);
        QCOMPARE(two.exchanges[i].decision, one.exchanges[i].decision);
    }
    QCOMPARE(two.violations.size(), one.violations.size());
    QCOMPARE(two.summary.decisions, one.summary.decisions);
}

void TestReconstruct::violations_data()
{
    QTest::addColumn<QString>("log");
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("expected");
    const double t = 1796551200.0;
    const std::string body = "{\"amount\":1}";
    QTest::newRow("duplicate_execution") << QString::fromStdString(
        line(t, 0.2, "k", "201", "", body) + line(t + 1, 0.2, "k", "201", "", body))
                                         << int(ViolationKind::DuplicateExecution) << 1;
    QTest::newRow("replay_is_no_duplicate")
        << QString::fromStdString(line(t, 0.2, "k", "201", "", body) + line(t + 1, 0.01, "k", "201", "true", body))
        << int(ViolationKind::DuplicateExecution) << 0;
    QTest::newRow("replay_differs") << QString::fromStdString(
        line(t, 0.2, "k", "201", "", body) + line(t + 1, 0.01, "k", "200", "true", body))
                                    << int(ViolationKind::ReplayDiffers) << 1;
    QTest::newRow("success_after_mismatch") << QString::fromStdString(
        line(t, 0.2, "k", "201", "", body) + line(t + 1, 0.01, "k", "201", "true", "{\"amount\":2}"))
                                            << int(ViolationKind::SuccessAfterMismatch) << 1;
    QTest::newRow("mismatch_refused_is_fine") << QString::fromStdString(
        line(t, 0.2, "k", "201", "", body) + line(t + 1, 0.01, "k", "422", "", "{\"amount\":2}"))
                                              << int(ViolationKind::SuccessAfterMismatch) << 0;
    QTest::newRow("late_retry_reexecuted")
        << QString::fromStdString(line(t, 0.2, "k", "201", "", body) + line(t + 2 * 86400, 0.2, "k", "201", "", body))
        << int(ViolationKind::LateRetryReexecuted) << 1;
    QTest::newRow("conflict_status") << QString::fromStdString(
        line(t + 2, 2.0, "k", "201", "", body) + line(t + 1, 0.01, "k", "500", "", body))
                                     << int(ViolationKind::ConflictStatus) << 1;
    QTest::newRow("profile_conflict_is_fine")
        << QString::fromStdString(line(t + 2, 2.0, "k", "201", "", body) + line(t + 1, 0.01, "k", "409", "", body))
        << int(ViolationKind::ConflictStatus) << 0;
    QTest::newRow("suspected_new_key") << QString::fromStdString(
        line(t, 0.2, "k1", "201", "", body) + line(t + 5, 0.2, "k2", "201", "", body))
                                       << int(ViolationKind::DuplicateExecution) << 1;
    QTest::newRow("other_actor_is_not_suspected")
        << QString::fromStdString(line(t, 0.2, "k1", "201", "", body) + line(t + 5, 0.2, "k2", "201", "", body, "43"))
        << int(ViolationKind::DuplicateExecution) << 0;
    QTest::newRow("suspected_outside_window")
        << QString::fromStdString(line(t, 0.2, "k1", "201", "", body) + line(t + 61, 0.2, "k2", "201", "", body))
        << int(ViolationKind::DuplicateExecution) << 0;
}

void TestReconstruct::violations()
{
    QFETCH(QString, log);
    QFETCH(int, kind);
    QFETCH(int, expected);
    QTemporaryDir dir;
    const std::string path = writeFile(dir, "access.log", log.toStdString());
    const ReconstructResult r = judged({ path });
    QCOMPARE(count(r, static_cast<ViolationKind>(kind)), expected);
    for (const Violation& v : r.violations) {
        // Each names its evidence: the lines that show it, in the file.
        QVERIFY(!v.evidence.empty());
        for (const EvidenceRef& e : v.evidence) {
            QCOMPARE(e.kind, EvidenceRef::Kind::Line);
            QVERIFY(e.at >= 1 && e.at <= 2);
        }
    }
    // --check's answer follows.
    const Run run = cli({ QStringLiteral("reconstruct"), QString::fromStdString(path), QStringLiteral("--check") });
    QCOMPARE(run.code, r.violations.empty() ? 0 : 1);
}

void TestReconstruct::stuckFromRows()
{
    QTemporaryDir dir;
    const std::string log = writeFile(dir, "access.log", line(1796551200.0, 0.2, "k", "", ""));
    const std::string rowsText
        = "{\"table\": \"t\", \"records\": [{\"actor\": \"42\", \"operation\": \"POST /v1/orders\", "
          "\"key\": \"k\", \"state\": \"in_progress\", \"created_ms\": 1796551200000, "
          "\"anomalies\": [\"stuck_in_progress\"]}, {\"actor\": \"42\", \"operation\": "
          "\"POST /v1/orders\", \"key\": \"other\", \"state\": \"completed\", \"anomalies\": []}]}";
    const std::string rowsPath = writeFile(dir, "rows.json", rowsText);
    const auto rows = rowsFromInspection(rowsText, rowsPath, 1);
    QCOMPARE(rows.size(), std::size_t(2));
    ReconstructOptions options;
    const ReconstructResult r = reconstruct({ log }, options, rows);
    QCOMPARE(count(r, ViolationKind::StuckInProgress), 1);
    const Violation& v = r.violations.front();
    QCOMPARE(v.evidence.front().kind, EvidenceRef::Kind::Row);
    QCOMPARE(v.scope.key, std::string("k"));
    const Run run = cli({ QStringLiteral("reconstruct"), QString::fromStdString(log), QStringLiteral("--rows"),
        QString::fromStdString(rowsPath), QStringLiteral("--check") });
    QCOMPARE(run.code, 1);
    QVERIFY2(run.out.contains(QLatin1String("stuck_in_progress")), qPrintable(run.out));
    QVERIFY2(run.out.contains(QLatin1String("rows.json record 0")), qPrintable(run.out));
}

void TestReconstruct::stuckFromLiveTable()
{
    if (qEnvironmentVariableIsEmpty("PGHOST") && qEnvironmentVariableIsEmpty("PGPORT"))
        QSKIP("no PostgreSQL configured (PGHOST/PGPORT unset): run under scripts/with-postgres.sh");
    PgAdmin admin;
    QVERIFY2(admin.ok(), admin.error().c_str());
    const std::string schema = "iw_reconstruct_" + std::to_string(QCoreApplication::applicationPid());
    const std::string table = admin.ident(schema) + ".request_idempotency";
    admin.exec("DROP SCHEMA IF EXISTS " + admin.ident(schema) + " CASCADE");
    QVERIFY(admin.run("CREATE SCHEMA " + admin.ident(schema)));
    QVERIFY(admin.run("CREATE TABLE " + table + " " + kSeedColumns));
    QVERIFY(admin.run("INSERT INTO " + table
        + " (actor_id, operation, idem_key, payload_hash, state, created_at, expires_at) VALUES ('42', "
          "'POST /v1/orders', 'k', NULL, 'in_progress', now()::timestamp - interval '10 min', now()::timestamp + "
          "interval '1 day'), ('42', 'POST /v1/orders', 'fresh', NULL, 'in_progress', now()::timestamp, "
          "now()::timestamp + interval '1 day')"));
    const std::string before
        = admin.value("SELECT md5(string_agg(t::text, ',' ORDER BY idem_key)) FROM " + table + " t");
    QTemporaryDir dir;
    const std::string log = writeFile(
        dir, "access.log", line(static_cast<double>(QDateTime::currentMSecsSinceEpoch()) / 1000.0 - 600, 0.2, "k", ""));
    const Run run = cli({ QStringLiteral("reconstruct"), QString::fromStdString(log), QStringLiteral("--conninfo"),
        QString(), QStringLiteral("--table"), QString::fromStdString(schema + ".request_idempotency"),
        QStringLiteral("--check"), QStringLiteral("--json") });
    admin.exec("SET search_path = public");
    const std::string after
        = admin.value("SELECT md5(string_agg(t::text, ',' ORDER BY idem_key)) FROM " + table + " t");
    admin.exec("DROP SCHEMA " + admin.ident(schema) + " CASCADE");
    QCOMPARE(run.code, 1);
    const QJsonObject report = QJsonDocument::fromJson(run.out.toUtf8()).object();
    const QJsonArray violations = report[QStringLiteral("violations")].toArray();
    QCOMPARE(violations.size(), 1); // the fresh in-progress row is not stuck
    QCOMPARE(violations.at(0).toObject()[QStringLiteral("kind")].toString(), QStringLiteral("stuck_in_progress"));
    QCOMPARE(violations.at(0).toObject()[QStringLiteral("key")].toString(), QStringLiteral("k"));
    QCOMPARE(report[QStringLiteral("records")].toArray().size(), 2);
    // Read-only: the table is as it was.
    QCOMPARE(after, before);
    // A server that cannot be reached is exit 3 and one sentence.
    const Run down = cli({ QStringLiteral("reconstruct"), QString::fromStdString(log), QStringLiteral("--conninfo"),
        QStringLiteral("host=127.0.0.1 port=1 connect_timeout=2"), QStringLiteral("--table"),
        QStringLiteral("request_idempotency") });
    QCOMPARE(down.code, 3);
    QCOMPARE(down.err.count(QLatin1Char('\n')), 1);
}

void TestReconstruct::suspectedIntentsGroup_data()
{
    QTest::addColumn<QString>("rows"); // actor operation fingerprint key|- at_ms [intent]
    QTest::addColumn<QString>("expected"); // per row: the first's index or -1
    QTest::newRow("new_key_retry") << QStringLiteral("a op f k1 0;a op f k2 1000") << QStringLiteral("0 0");
    QTest::newRow("same_key_is_one_scope") << QStringLiteral("a op f k1 0;a op f k1 1000") << QStringLiteral("-1 -1");
    QTest::newRow("no_key") << QStringLiteral("a op f - 0;a op f - 10") << QStringLiteral("0 0");
    QTest::newRow("other_payload") << QStringLiteral("a op f k1 0;a op g k2 10") << QStringLiteral("-1 -1");
    QTest::newRow("other_actor") << QStringLiteral("a op f k1 0;b op f k2 10") << QStringLiteral("-1 -1");
    QTest::newRow("past_window") << QStringLiteral("a op f k1 0;a op f k2 60001") << QStringLiteral("-1 -1");
    QTest::newRow("window_from_first") << QStringLiteral("a op f k1 0;a op f k2 40000;a op f k3 70000")
                                       << QStringLiteral("0 0 -1");
    QTest::newRow("explicit_intent") << QStringLiteral("a op f k1 0 i;a op f k2 10") << QStringLiteral("-1 -1");
    QTest::newRow("unknown_body") << QStringLiteral("a op _ k1 0;a op _ k2 10") << QStringLiteral("-1 -1");
}

void TestReconstruct::suspectedIntentsGroup()
{
    QFETCH(QString, rows);
    QFETCH(QString, expected);
    std::vector<std::string> storage;
    storage.reserve(64);
    std::vector<IntentCandidate> candidates;
    for (const QString& row : rows.split(QLatin1Char(';'))) {
        const QStringList f = row.split(QLatin1Char(' '));
        IntentCandidate c;
        for (int i = 0; i < 4; ++i)
            storage.push_back(f[i].toStdString());
        const std::size_t b = storage.size() - 4;
        c.actor = storage[b];
        c.operation = storage[b + 1];
        c.fingerprint = storage[b + 2] == "_" ? std::string_view() : std::string_view(storage[b + 2]);
        if (storage[b + 3] != "-")
            c.key = storage[b + 3];
        c.arrivalMs = f[4].toLongLong();
        c.explicitIntent = f.size() > 5;
        candidates.push_back(c);
    }
    QStringList got;
    for (const std::int64_t g : suspectedIntents(candidates, DefaultIntentWindowMs))
        got << QString::number(g);
    QCOMPARE(got.join(QLatin1Char(' ')), expected);
}

void TestReconstruct::noEvidenceIsRefused_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("says");
    QTest::newRow("empty") << QByteArray() << QStringLiteral("empty file");
    QTest::newRow("png") << QByteArray("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16) << QStringLiteral("PNG image");
    QTest::newRow("json_array") << QByteArray("[1, 2, 3]\n") << QStringLiteral("JSON array");
    QTest::newRow("json_other_shape") << QByteArray("{\"hello\": {\"nested\": true},\n \"more\": 1}\n")
                                      << QStringLiteral("not evidence");
    QTest::newRow("prose") << QByteArray("Dear team, the incident began at noon.\n") << QStringLiteral("not evidence");
    QTest::newRow("jsonl_unknown_fields") << QByteArray("{\"a\": 1}\n{\"a\": 2}\n") << QStringLiteral("--fields");
}

void TestReconstruct::noEvidenceIsRefused()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, says);
    QTemporaryDir dir;
    const std::string path = writeFile(dir, "evidence.bin", content.toStdString());
    const Run run = cli({ QStringLiteral("reconstruct"), QString::fromStdString(path) });
    QCOMPARE(run.code, 2);
    QVERIFY2(run.err.contains(QString::fromStdString(path)), qPrintable(run.err));
    QVERIFY2(run.err.contains(says), qPrintable(run.err));
    QVERIFY2(run.err.contains(QLatin1String("expected")) || run.err.contains(QLatin1String("--fields")),
        qPrintable(run.err));
}

void TestReconstruct::badLinesAreCountedAndNamed()
{
    QTemporaryDir dir;
    const double t = 1796551200.0;
    std::string log = line(t, 0.2, "k1", "201");
    log += "{\"msec\":\"1796551201.000\",\"request_time\":\"0.1\",\"method\":\"POST\",\"uri\":\"/x\",\"sta\n"; // cut
    log += "{\"time\":\"2026-12-06T10:00:02\",\"method\":\"POST\",\"uri\":\"/x\",\"status\":\"201\"}\n"; // no zone
    log += line(t + 3, 0.2, std::string("k\x01z"), "400"); // a key with a control character
    log += std::string("\x00\x01\x02"
                       "binary\n",
        10);
    log += line(t + 4, 0.2, "k2", "201", "", "\x7f\x45LF-not-json");
    const std::string path = writeFile(dir, "access.log", log);
    const ReconstructResult r = judged({ path });
    QCOMPARE(r.summary.exchanges, std::int64_t(3));
    QCOMPARE(r.problems.total, std::uint64_t(3));
    QCOMPARE(r.fileSummaries[0].withoutZone, std::uint64_t(1));
    QCOMPARE(r.fileSummaries[0].bodiesUnread, std::uint64_t(1));
    QCOMPARE(r.problems.named[0].ref.at, std::uint64_t(2));
    QCOMPARE(r.problems.named[1].ref.at, std::uint64_t(3));
    QVERIFY(r.problems.named[1].what.find("without a zone") != std::string::npos);
    QCOMPARE(r.problems.named[2].ref.at, std::uint64_t(5));
    const JudgedExchange& control = r.exchanges[1];
    QVERIFY(control.x.keyUnreadable);
    QCOMPARE(control.scope, -1);
    // --assume-utc reads the zoneless line.
    ReconstructOptions utc;
    utc.read.assumeUtc = true;
    QCOMPARE(judged({ path }, utc).summary.exchanges, std::int64_t(4));
    // The text names each skipped line, the key's control character escaped.
    const Run run = cli({ QStringLiteral("reconstruct"), QString::fromStdString(path) });
    QCOMPARE(run.code, 0);
    QVERIFY2(run.out.contains(QString::fromStdString(path + ":2: truncated or malformed JSON")), qPrintable(run.out));
    QVERIFY(!run.out.contains(QChar(1)));
    // A HAR cut mid-entry: the entries before the cut are read, the cut one named.
    const QByteArray har = readBytes(kData + QStringLiteral("chromium-session.har"));
    const std::string cut = writeFile(dir, "cut.har", har.left(har.size() * 2 / 3).toStdString());
    const ReconstructResult h = judged({ cut });
    QVERIFY(h.summary.exchanges > 0);
    QCOMPARE(h.problems.total, std::uint64_t(1));
    QVERIFY(h.problems.named[0].what.find("cut short") != std::string::npos);
    // Nothing parses: refused.
    const std::string junk = writeFile(dir, "junk.log", "{\"msec\":\"1\",\"status\n{\"msec\":\"2\",\"uri\n");
    QVERIFY_THROWS_EXCEPTION(ReconstructError, judged({ junk }));
}

void TestReconstruct::hundredMegabyteLineIsSkipped()
{
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("huge.log")).toStdString();
    {
        QFile f(QString::fromStdString(path));
        QVERIFY(f.open(QIODevice::WriteOnly));
        const std::string first = line(1796551200.0, 0.2, "k1", "201");
        f.write(first.data(), static_cast<qint64>(first.size()));
        f.write("{\"msec\":\"1796551201.0\",\"uri\":\"");
        const QByteArray chunk(1 << 20, 'a');
        for (int i = 0; i < 100; ++i)
            f.write(chunk);
        f.write("\"}\n");
        const std::string last = line(1796551202.0, 0.2, "k2", "201");
        f.write(last.data(), static_cast<qint64>(last.size()));
    }
    const ReconstructResult r = judged({ path });
    QCOMPARE(r.summary.exchanges, std::int64_t(2));
    QCOMPARE(r.problems.total, std::uint64_t(1));
    QCOMPARE(r.problems.named[0].ref.at, std::uint64_t(2));
    QVERIFY(r.problems.named[0].what.find("longer than") != std::string::npos);
}

void TestReconstruct::plainLinesReadAsTheParserReads_data()
{
    // A line after a first nginx line, and whether the scan reads it without the full parser. Whatever it is, both
    // readings must agree on every field, every problem and every count.
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<bool>("plain");
    const auto add = [](const char* name, const QByteArray& text, bool plain) { QTest::newRow(name) << text << plain; };
    const QByteArray head = "{\"msec\":\"1796551201.500\",\"request_time\":\"0.250\",\"method\":\"POST\",";
    add("as_nginx_writes", QByteArray::fromStdString(line(1796551201.5, 0.25, "k9", "201", "true", "{\"a\":1}")), true);
    add("escapes_in_values",
        head
            + "\"uri\":\"/v1/\\/o\\\\r\",\"status\":\"201\",\"x_actor\":\"a\\tb\\nc\\bd\\fe\\r\","
              "\"idempotency_key\":\"\\\"k1\\\"\"}",
        true);
    add("unicode_escape", head + "\"uri\":\"/\\u00e9\",\"status\":\"201\",\"idempotency_key\":\"k\"}", false);
    add("lone_surrogate", head + "\"uri\":\"/\\ud800\",\"status\":\"201\"}", false);
    add("escaped_name", head + "\"ur\\u0069\":\"/a\",\"st\\/atus\":\"201\"}", false);
    add("invalid_escape", head + "\"uri\":\"/\\x41\",\"status\":\"201\"}", false);
    add("duplicated_names", head + "\"uri\":\"/a\",\"status\":\"201\",\"status\":\"500\",\"uri\":\"/b\"}", true);
    add("ranked_names", head + "\"request_uri\":\"/second\",\"uri\":\"/first\",\"status\":\"201\"}", true);
    add("blank_then_filled",
        head + "\"remote_user\":\"\",\"x_actor\":\"-\",\"http_x_actor\":\"carol\",\"uri\":\"/a\",\"status\":\"201\"}",
        true);
    add("odd_spacing",
        " \t{ \"msec\" :\"1796551201.500\" ,\t\"request_time\": \"0.250\",\"method\"\r:\"PUT\" , \"uri\" : \"/a\","
        "\"status\":\"200\" }\t ",
        true);
    add("numbers_plain", head + "\"uri\":\"/a\",\"status\":201,\"upstream_bytes_received\":0,\"bytes\":-12}", true);
    add("number_fraction_in_a_fact",
        "{\"msec\":1796551201.5,\"request_time\":0.25,\"method\":\"POST\",\"uri\":\"/a\",\"status\":201}", false);
    add("number_fraction_elsewhere", head + "\"uri\":\"/a\",\"status\":\"201\",\"ratio\":-0.5e-3}", true);
    add("number_minus_zero", head + "\"uri\":\"/a\",\"status\":-0}", false);
    add("number_long", head + "\"uri\":\"/a\",\"status\":\"201\",\"n\":12345678901234567890123}", false);
    add("number_huge_exponent", head + "\"uri\":\"/a\",\"status\":\"201\",\"n\":1e999}", false);
    add("number_leading_zero", head + "\"uri\":\"/a\",\"status\":\"201\",\"n\":012}", false);
    add("number_then_letters", head + "\"uri\":\"/a\",\"status\":201abc}", false);
    add("literals", head + "\"uri\":\"/a\",\"status\":\"201\",\"idempotent_replayed\":true,\"x_actor\":false}", true);
    add("null_status", head + "\"uri\":\"/a\",\"status\":null}", true);
    add("null_replayed", head + "\"uri\":\"/a\",\"status\":\"201\",\"idempotent_replayed\":null}", true);
    add("bad_literal", head + "\"uri\":\"/a\",\"status\":\"201\",\"idempotent_replayed\":tru}", false);
    add("nested_value", head + "\"uri\":[\"/from-array\"],\"status\":\"201\",\"more\":{\"a\":[1,{}]}}", false);
    add("utf8_text", head + "\"uri\":\"/caf\xc3\xa9\",\"status\":\"201\",\"x_actor\":\"J\xc3\xbcrgen \xe2\x82\xac\"}",
        true);
    add("utf8_name", head + "\"\xc3\xbcri\":\"/a\",\"uri\":\"/b\",\"status\":\"201\"}", true);
    add("not_utf8", head + "\"uri\":\"/caf\xe9\",\"status\":\"201\"}", false);
    add("control_byte", head + "\"uri\":\"/a\x01\",\"status\":\"201\"}", false);
    add("nul_byte", head + QByteArray("\"uri\":\"/a\x00b\",\"status\":\"201\"}", 27), false);
    add("trailing_garbage", head + "\"uri\":\"/a\",\"status\":\"201\"} x", false);
    add("two_objects", head + "\"uri\":\"/a\",\"status\":\"201\"}{}", false);
    add("trailing_comma", head + "\"uri\":\"/a\",\"status\":\"201\",}", false);
    add("missing_colon", head + "\"uri\" \"/a\",\"status\":\"201\"}", false);
    add("cut_in_a_string", head + "\"uri\":\"/a", false);
    add("cut_after_a_value", head + "\"uri\":\"/a\"", false);
    add("empty_object", "{}", true);
    add("array", "[1, 2]", false);
    add("bare_string", "\"text\"", false);
    add("crlf", QByteArray::fromStdString(line(1796551201.5, 0.25, "k9", "201")).chopped(1) + "\r", true);
    add("key_not_a_string", head + "\"uri\":\"/a\",\"status\":\"201\",\"idempotency_key\":\"(\\\"a\\\" \\\"b\\\")\"}",
        true);
    add("key_with_control_escape", head + "\"uri\":\"/a\",\"status\":\"201\",\"idempotency_key\":\"k\\n1\"}", true);
    add("long_line", head + "\"uri\":\"/" + QByteArray(100000, 'x') + "\",\"status\":\"201\"}", true);
}

void TestReconstruct::plainLinesReadAsTheParserReads()
{
    QFETCH(QByteArray, text);
    QFETCH(bool, plain);
    QTemporaryDir dir;
    // The first line picks the preset; the line under test follows, then a line that must still be read after it.
    const std::string body
        = line(1796551200.0, 0.2, "k1", "201") + text.toStdString() + "\n" + line(1796551202.0, 0.2, "k2", "201");
    const std::string path = writeFile(dir, "access.log", body);
    ReadOptions exact;
    exact.exactJson = true;
    EvidenceFileSummary exactSummary, plainSummary;
    const std::vector<std::string> byParser = readDescribed(path, exact, exactSummary);
    const std::vector<std::string> byScan = readDescribed(path, ReadOptions {}, plainSummary);
    QCOMPARE(exactSummary.plainLines, std::uint64_t(0));
    QCOMPARE(plainSummary.plainLines, std::uint64_t(plain ? 3 : 2));
    QCOMPARE(byScan.size(), byParser.size());
    for (std::size_t i = 0; i < byScan.size(); ++i)
        QCOMPARE(QString::fromStdString(byScan[i]), QString::fromStdString(byParser[i]));
}

// A line as the bench's nginx log_format writes it (escape=json: the key's sf-string quotes escaped), with `uri`,
// `status`, `actor` and `key` as given (their JSON text).
std::string nginxLine(int i, const std::string& uri = "/v1/orders", const std::string& status = "\"201\"",
    const std::string& actor = "\"user-00042\"", const std::string& key = "")
{
    char msec[32];
    std::snprintf(msec, sizeof msec, "%.3f", 1796551200.0 + i * 0.5);
    char uuid[64];
    std::snprintf(uuid, sizeof uuid, "\"\\\"0b5e%04x-597c-4b85-8a0f-c32026e8cb6b\\\"\"", i);
    return std::string("{\"msec\":\"") + msec + "\",\"request_time\":\"0.212\",\"remote_addr\":\"10.1.2.3\","
        + "\"method\":\"POST\",\"uri\":\"" + uri + "\",\"status\":" + status + ",\"bytes_sent\":\"375\","
        + "\"remote_user\":\"\",\"x_actor\":" + actor + ",\"x_client\":\"\",\"user_agent\":\"Stripe/v1 "
        + "NodeBindings/23.1.0\",\"idempotency_key\":" + (key.empty() ? std::string(uuid) : key)
        + ",\"idempotent_replayed\":\"\",\"upstream_bytes_received\":\"304\"}";
}

void TestReconstruct::shapedLinesReadAsTheParserReads_data()
{
    // Three lines as nginx writes them give the shape; the line under test follows (then blank lines, so that a mapped
    // file's scan meets it before the file's last bytes, or nothing: the file ends with it). `shaped`: the line is
    // read by the scan of the previous line's shape (its member names compared where they must stand, its end found
    // in the same pass); otherwise the usual scan or the full parser reads it. Either way all readings must agree.
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<bool>("shaped");
    const auto add = [](const char* name, const std::string& text, bool shaped) {
        QTest::newRow(name) << QByteArray::fromStdString(text) << shaped;
    };
    const std::string base = nginxLine(7);
    const auto swapped = [&](const std::string& a, const std::string& b) {
        std::string t = base;
        const std::size_t i = t.find(a);
        const std::size_t j = t.find(b);
        t.replace(j, b.size(), a);
        t.replace(i, a.size(), b);
        return t;
    };
    add("as_nginx_writes", base + "\n", true);
    add("other_values", nginxLine(8, "/v1/orders?expand=items", "\"409\"", "\"carol\"") + "\n", true);
    add("escapes_in_values", nginxLine(9, "/v1/\\/o", "\"201\"", "\"adm\\\"in\\\\x\\t\"") + "\n", true);
    add("uppercase_key", nginxLine(10, "/v1/orders", "\"201\"", "\"a\"", "\"\\\"0B5E-ABC\\\"\"") + "\n", true);
    add("key_not_an_sf_string", nginxLine(11, "/v1/orders", "\"201\"", "\"a\"", "\"\\\"a\\\\\\\\b\\\"\"") + "\n", true);
    add("unicode_escape", nginxLine(12, "/caf\\u00e9") + "\n", false);
    add("utf8_text", nginxLine(13, "/caf\xc3\xa9", "\"201\"", "\"J\xc3\xbcrgen\"") + "\n", true);
    add("not_utf8", nginxLine(14, "/caf\xe9") + "\n", false);
    add("control_byte", nginxLine(15, "/a\x01") + "\n", false);
    add("reordered_members", swapped("\"method\":\"POST\"", "\"status\":\"201\"") + "\n", false);
    add("missing_member", std::string(base).erase(base.find(",\"x_client\":\"\""), 14) + "\n", false);
    add("extra_member", base.substr(0, base.size() - 1) + ",\"extra\":\"x\"}\n", false);
    add("renamed_member", std::string(base).replace(base.find("x_client"), 8, "x_clienT") + "\n", false);
    add("number_for_status", nginxLine(16, "/v1/orders", "201") + "\n", true);
    add("fraction_for_status", nginxLine(17, "/v1/orders", "201.0") + "\n", false);
    add("null_status", nginxLine(18, "/v1/orders", "null") + "\n", true);
    add("bad_literal", nginxLine(19, "/v1/orders", "nul") + "\n", false);
    add("nested_value", nginxLine(20, "/v1/orders", "{\"a\":1}") + "\n", false);
    add("space_after_colon", std::string(base).replace(base.find("\"status\":") + 9, 0, " ") + "\n", false);
    add("trailing_space", base + " \n", false);
    add("trailing_garbage", base + "x\n", false);
    add("cut_short", base.substr(0, 120) + "\n", false);
    add("crlf", base + "\r\n", true);
    add("last_line_without_newline", base, true);
    add("long_line", nginxLine(21, "/" + std::string(100000, 'x')) + "\n", true);
    // A string that runs on past the mapped scan's window to the file's end: the scan stops at the window.
    add("unterminated_to_the_end", "{\"msec\":\"" + std::string(200000, 'x'), false);
}

void TestReconstruct::shapedLinesReadAsTheParserReads()
{
    QFETCH(QByteArray, text);
    QFETCH(bool, shaped);
    QTemporaryDir dir;
    const bool last = !text.endsWith('\n');
    const std::string body = nginxLine(1) + "\n" + nginxLine(2) + "\n" + nginxLine(3) + "\n" + text.toStdString()
        + (last ? "" : std::string(100, '\n'));
    const std::string path = writeFile(dir, "access.log", body);
    ReadOptions exact, read, mapped;
    exact.exactJson = true;
    read.mapMinBytes = std::numeric_limits<std::uint64_t>::max();
    mapped.mapMinBytes = 0;
    EvidenceFileSummary exactSummary, readSummary, mappedSummary;
    const std::vector<std::string> byParser = readDescribed(path, exact, exactSummary);
    const std::vector<std::string> byRead = readDescribed(path, read, readSummary);
    const std::vector<std::string> byMap = readDescribed(path, mapped, mappedSummary);
    // The first line is read by the usual scan and gives the shape; the next two are of it.
    const std::uint64_t expected = 2 + (shaped ? 1 : 0);
    QCOMPARE(exactSummary.shapedLines, std::uint64_t(0));
    QCOMPARE(readSummary.shapedLines, expected);
    QCOMPARE(mappedSummary.shapedLines, expected);
    QCOMPARE(byRead.size(), byParser.size());
    QCOMPARE(byMap.size(), byParser.size());
    for (std::size_t i = 0; i < byParser.size(); ++i) {
        QCOMPARE(QString::fromStdString(byRead[i]), QString::fromStdString(byParser[i]));
        QCOMPARE(QString::fromStdString(byMap[i]), QString::fromStdString(byParser[i]));
    }
    QCOMPARE(mappedSummary.bytes, readSummary.bytes);
    QCOMPARE(mappedSummary.units, exactSummary.units);
}

void TestReconstruct::fieldMappingFile()
{
    QTemporaryDir dir;
    const std::string mapping = writeFile(dir, "fields.json",
        "{\"format\": \"idempotency-workbench/fields@1\", \"time\": \"/when\", \"time_is\": \"start\", "
        "\"time_format\": \"iso8601\", \"duration\": \"/took_ms\", \"duration_unit\": \"ms\", \"method\": "
        "\"/req/verb\", "
        "\"path\": \"/req/target\", \"status\": \"/res/code\", \"key\": [\"/req/idem\", \"/req/key\"], "
        "\"actor\": \"/who\"}");
    const std::string log = writeFile(dir, "app.log",
        "{\"when\": \"2026-12-06T11:00:00.000+01:00\", \"took_ms\": 250, \"req\": {\"verb\": \"POST\", \"target\": "
        "\"/v1/pay?x=1\", \"key\": \"abc\"}, \"res\": {\"code\": 201}, \"who\": \"u7\"}\n");
    const Run run = cli({ QStringLiteral("reconstruct"), QString::fromStdString(log), QStringLiteral("--fields"),
        QString::fromStdString(mapping), QStringLiteral("--json") });
    QCOMPARE(run.code, 0);
    const QJsonObject report = QJsonDocument::fromJson(run.out.toUtf8()).object();
    const QJsonObject x = report[QStringLiteral("exchanges")].toArray().at(0).toObject();
    QCOMPARE(x[QStringLiteral("at")].toString(), QStringLiteral("2026-12-06T10:00:00.000Z"));
    QCOMPARE(x[QStringLiteral("end_ms")].toInt(), 250);
    QCOMPARE(x[QStringLiteral("path")].toString(), QStringLiteral("/v1/pay"));
    QCOMPARE(x[QStringLiteral("key")].toString(), QStringLiteral("abc"));
    QCOMPARE(x[QStringLiteral("actor")].toString(), QStringLiteral("u7"));
    QCOMPARE(x[QStringLiteral("status")].toInt(), 201);
    // A bad mapping names file, line, column and field.
    const std::string bad
        = writeFile(dir, "bad.json", "{\"format\": \"idempotency-workbench/fields@1\",\n \"tiem\": \"/t\"}");
    const Run refused = cli({ QStringLiteral("reconstruct"), QString::fromStdString(log), QStringLiteral("--fields"),
        QString::fromStdString(bad) });
    QCOMPARE(refused.code, 2);
    QVERIFY2(
        refused.err.contains(QString::fromStdString(bad + ":2:2: unknown field \"tiem\"")), qPrintable(refused.err));
}

void TestReconstruct::presetsAndCombined_data()
{
    // One request each, as Envoy, Caddy and a combined log with the key appended write it: the same facts come out.
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("fields");
    QTest::newRow("envoy") << QStringLiteral(
        "{\"start_time\":\"2026-12-06T11:00:00.000+01:00\",\"method\":\"POST\",\"path\":\"/v1/orders?a=1\","
        "\"response_code\":201,\"duration\":250,\"idempotency_key\":\"\\\"k-9\\\"\",\"x_actor\":\"42\","
        "\"response_flags\":\"-\",\"idempotent_replayed\":null,\"user_agent\":\"curl/8.0\"}\n")
                           << QStringLiteral("jsonl") << QStringLiteral("envoy");
    QTest::newRow("caddy") << QStringLiteral(
        "{\"level\":\"info\",\"ts\":1796551200.0,\"logger\":\"http.log.access\",\"request\":{\"method\":"
        "\"POST\",\"uri\":\"/v1/orders?a=1\",\"headers\":{\"Idempotency-Key\":[\"\\\"k-9\\\"\"],"
        "\"X-Actor\":[\"42\"],\"User-Agent\":[\"curl/8.0\"]}},\"duration\":0.25,\"status\":201,"
        "\"resp_headers\":{}}\n")
                           << QStringLiteral("jsonl") << QStringLiteral("caddy");
    QTest::newRow("combined") << QStringLiteral("127.0.0.1 - 42 [06/Dec/2026:11:00:00 +0100] \"POST /v1/orders?a=1 "
                                                "HTTP/1.1\" 201 20 \"-\" \"curl/8.0\" \"\\\"k-9\\\"\"\n")
                              << QStringLiteral("combined") << QString();
}

void TestReconstruct::presetsAndCombined()
{
    QFETCH(QString, text);
    QFETCH(QString, format);
    QFETCH(QString, fields);
    QTemporaryDir dir;
    const std::string path = writeFile(dir, "evidence.log", text.toStdString());
    const ReconstructResult r = judged({ path });
    QCOMPARE(QString::fromStdString(std::string(evidenceFormatName(r.fileSummaries[0].format))), format);
    QCOMPARE(QString::fromStdString(r.fileSummaries[0].fields), fields);
    QCOMPARE(r.exchanges.size(), std::size_t(1));
    const Exchange& x = r.exchanges[0].x;
    QCOMPARE(x.method, std::string("POST"));
    QCOMPARE(x.path, std::string("/v1/orders"));
    QCOMPARE(*x.key, std::string("k-9"));
    QCOMPARE(x.actor, std::string("42"));
    QCOMPARE(x.client, std::string("curl"));
    QCOMPARE(*x.status, 201);
    // 2026-12-06T10:00:00Z, whichever way the log wrote it; a logged duration makes the other end.
    const Millis at = parseTimestamp("2026-12-06T10:00:00Z", TimeFormat::Iso8601, false).ms;
    if (fields == QLatin1String("caddy")) // Caddy's ts is when the request ended
        QCOMPARE(x.startMs, at - 250);
    else
        QCOMPARE(x.startMs, at);
    if (fields == QLatin1String("envoy"))
        QCOMPARE(*x.endMs, at + 250);
    if (fields == QLatin1String("caddy"))
        QCOMPARE(x.replayed, Tri::No); // the response's headers were logged, without the marker
}

void TestReconstruct::otlpDatabaseSpansTellExecutions()
{
    // Without a captured replay header, the statements on the idempotency table under a server span tell an
    // execution (it wrote the completion) from a replay (it only read).
    const auto span = [](const char* id, const char* parent, int kind, const std::string& attrs) {
        return std::string("{\"traceId\":\"0af7651916cd43dd8448eb211c80319c\",\"spanId\":\"") + id + "\""
            + (parent ? std::string(",\"parentSpanId\":\"") + parent + "\"" : std::string())
            + ",\"kind\":" + std::to_string(kind)
            + ",\"startTimeUnixNano\":\"1796551200000000000\",\"endTimeUnixNano\":\"1796551200200000000\","
              "\"attributes\":["
            + attrs + "]}";
    };
    const auto attr = [](const char* k, const std::string& v) {
        return std::string("{\"key\":\"") + k + "\",\"value\":{\"stringValue\":\"" + v + "\"}}";
    };
    const std::string server = attr("http.request.method", "POST") + "," + attr("url.path", "/v1/orders") + ","
        + "{\"key\":\"http.response.status_code\",\"value\":{\"intValue\":\"201\"}},"
        + "{\"key\":\"http.request.header.idempotency-key\",\"value\":{\"arrayValue\":{\"values\":[{"
          "\"stringValue\":\"\\\"k\\\"\"}]}}}";
    const std::string doc = "{\"resourceSpans\":[{\"resource\":{\"attributes\":[]},\"scopeSpans\":[{\"spans\":["
        + span("00000000000000a1", nullptr, 2, server) + ","
        + span("00000000000000b1", "00000000000000a1", 3,
            attr("db.system", "postgresql") + ","
                + attr("db.query.text", "UPDATE request_idempotency SET state = 'completed' WHERE idem_key = $1"))
        + "," + span("00000000000000a2", nullptr, 2, server) + ","
        + span("00000000000000b2", "00000000000000a2", 3,
            attr("db.system", "postgresql") + ","
                + attr("db.query.text", "SELECT state FROM request_idempotency WHERE idem_key = $1"))
        + "]}]}]}";
    QTemporaryDir dir;
    const ReconstructResult r = judged({ writeFile(dir, "spans.json", doc) });
    QCOMPARE(r.exchanges.size(), std::size_t(2));
    int executions = 0;
    int replays = 0;
    for (const JudgedExchange& j : r.exchanges) {
        QCOMPARE(j.x.tableStatements, 1);
        executions += j.execution;
        replays += j.decision == Decision::Replayed;
        QCOMPARE(j.execution, j.x.tableCompletion);
    }
    QCOMPARE(executions, 1);
    QCOMPARE(replays, 1);
    QCOMPARE(count(r, ViolationKind::DuplicateExecution), 0);
    // Another table's statements say nothing.
    ReconstructOptions other;
    other.read.table = "orders";
    for (const JudgedExchange& j : judged({ writeFile(dir, "spans.json", doc) }, other).exchanges)
        QCOMPARE(j.x.tableStatements, -1);
}

void TestReconstruct::windowKeyAndKeyHeader()
{
    QTemporaryDir dir;
    const double t = 1796551200.0; // 2026-12-06T10:00:00Z
    const std::string log = writeFile(dir, "access.log",
        line(t + 0.2, 0.2, "a", "201") + line(t + 60.2, 0.2, "b", "201") + line(t + 120.2, 0.2, "a", "201"));
    const auto exchanges = [&](const QStringList& extra) {
        const Run run
            = cli(QStringList { QStringLiteral("reconstruct"), QString::fromStdString(log), QStringLiteral("--json") }
                + extra);
        return QJsonDocument::fromJson(run.out.toUtf8()).object()[QStringLiteral("exchanges")].toArray();
    };
    QCOMPARE(exchanges({}).size(), 3);
    QCOMPARE(exchanges({ QStringLiteral("--window"), QStringLiteral("2026-12-06T10:00:30Z..") }).size(), 2);
    QCOMPARE(exchanges({ QStringLiteral("--window"), QStringLiteral("..2026-12-06T11:01:30+01:00") }).size(), 2);
    QCOMPARE(exchanges({ QStringLiteral("--key"), QStringLiteral("a") }).size(), 2);
    const Run noZone = cli({ QStringLiteral("reconstruct"), QString::fromStdString(log), QStringLiteral("--window"),
        QStringLiteral("2026-12-06T10:00:30..") });
    QCOMPARE(noZone.code, 2);
    QVERIFY2(noZone.err.contains(QLatin1String("no zone")), qPrintable(noZone.err));
    // --key-header: a HAR whose key travels in another header.
    const std::string har = writeFile(dir, "s.har",
        "{\"log\": {\"version\": \"1.2\", \"entries\": [{\"startedDateTime\": \"2026-12-06T10:00:00Z\", "
        "\"time\": 5, \"request\": {\"method\": \"POST\", \"url\": \"http://x/o\", \"headers\": "
        "[{\"name\": \"X-Request-Key\", \"value\": \"\\\"r-1\\\"\"}]}, \"response\": {\"status\": 201, "
        "\"headers\": []}}]}}");
    const auto keyOf = [&](const QStringList& extra) -> QJsonValue {
        const Run run
            = cli(QStringList { QStringLiteral("reconstruct"), QString::fromStdString(har), QStringLiteral("--json") }
                + extra);
        const QJsonObject report = QJsonDocument::fromJson(run.out.toUtf8()).object();
        return report.value(QStringLiteral("exchanges")).toArray().at(0).toObject().value(QStringLiteral("key"));
    };
    QVERIFY(keyOf({}).isNull());
    QCOMPARE(
        keyOf({ QStringLiteral("--key-header"), QStringLiteral("X-Request-Key") }).toString(), QStringLiteral("r-1"));
}

void TestReconstruct::bodiesAndTokensNeverCopied()
{
    QTemporaryDir dir;
    const std::string har = writeFile(dir, "s.har",
        "{\"log\": {\"version\": \"1.2\", \"creator\": {\"name\": \"t\", \"version\": \"1\"}, \"entries\": [{"
        "\"startedDateTime\": \"2026-12-06T10:00:00.000Z\", \"time\": 120, \"request\": {\"method\": \"POST\", "
        "\"url\": \"https://shop.example/v1/orders?a=1\", \"headers\": [{\"name\": \"Authorization\", \"value\": "
        "\"Bearer s3cr3t-t0ken\"}, {\"name\": \"Idempotency-Key\", \"value\": \"\\\"k-9\\\"\"}], \"postData\": "
        "{\"mimeType\": \"application/json\", \"text\": \"{\\\"card\\\": \\\"4242424242424242\\\"}\"}}, "
        "\"response\": {\"status\": 201, \"headers\": [], \"content\": {\"text\": \"eyJvayI6dHJ1ZX0=\", "
        "\"encoding\": \"base64\"}}}]}}");
    const QString report = dir.filePath(QStringLiteral("r.json"));
    const QString scenario = dir.filePath(QStringLiteral("s.json"));
    const Run run = cli({ QStringLiteral("reconstruct"), QString::fromStdString(har), QStringLiteral("--report"),
        report, QStringLiteral("--scenario"), scenario });
    QCOMPARE(run.code, 0);
    const QByteArray all = readBytes(report) + readBytes(scenario) + run.out.toUtf8() + run.err.toUtf8();
    QVERIFY(!all.contains("s3cr3t"));
    QVERIFY(!all.contains("4242424242424242"));
    // The actor is the token hashed as serve hashes it.
    const QString actor = QStringLiteral("token:") + QString::fromStdString(sha256Hex("s3cr3t-t0ken").substr(0, 12));
    QVERIFY2(readBytes(report).contains(actor.toUtf8()), readBytes(report).constData());
    // The base64 response body was decoded before hashing.
    const ReconstructResult r = judged({ har });
    QCOMPARE(r.exchanges[0].x.responseHash, sha256Hex("{\"ok\":true}"));
    // --keep-bodies copies the body, and still never the token.
    const Run kept = cli({ QStringLiteral("reconstruct"), QString::fromStdString(har), QStringLiteral("--json"),
        QStringLiteral("--keep-bodies") });
    QVERIFY(kept.out.contains(QLatin1String("4242424242424242")));
    QVERIFY(!kept.out.contains(QLatin1String("s3cr3t")));
}

void TestReconstruct::outputsWrittenOnlyOnSuccess()
{
    QTemporaryDir dir;
    const std::string empty = writeFile(dir, "empty.log", "");
    const QString report = dir.filePath(QStringLiteral("r.json"));
    const QString scenario = dir.filePath(QStringLiteral("s.json"));
    const Run run = cli({ QStringLiteral("reconstruct"), QString::fromStdString(dataPath("nginx-access.log")),
        QString::fromStdString(empty), QStringLiteral("--report"), report, QStringLiteral("--scenario"), scenario });
    QCOMPARE(run.code, 2);
    QVERIFY(!QFile::exists(report));
    QVERIFY(!QFile::exists(scenario));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 1); // no temporary copy left behind
    const Run ok = cli({ QStringLiteral("reconstruct"), QString::fromStdString(dataPath("nginx-access.log")),
        QStringLiteral("--report"), report });
    QCOMPARE(ok.code, 0);
    QCOMPARE(QJsonDocument::fromJson(readBytes(report)).object()[QStringLiteral("format")].toString(),
        QString::fromLatin1(ReconstructFormat));
}

void TestReconstruct::scenarioReplaysTheEvidence()
{
    // Each committed fixture: the rebuilt scenario loads, and its run gives the effects the evidence shows.
    for (const char* name : { "nginx-access.log", "otel-spans.json", "chromium-session.har" }) {
        ReconstructOptions options;
        options.keepExchanges = true;
        const ReconstructResult r = reconstruct({ dataPath(name) }, options);
        const IncidentScenario incident = incidentScenario(r, options, false);
        const Scenario loaded = loadScenario(saveScenario(incident.scenario), name);
        auto store = makeMemoryStore();
        Simulation sim(loaded, *store);
        sim.runToEnd();
        const RunSummary s = sim.summary();
        QCOMPARE(s.effects, incident.expectedEffects);
        QCOMPARE(s.duplicateEffects, incident.expectedDuplicateEffects);
        QCOMPARE(static_cast<std::size_t>(s.requests), static_cast<std::size_t>(r.exchanges.size()) - incident.leftOut);
        QCOMPARE(loaded.lesson.size(), std::max<std::size_t>(1, r.violations.size()));
    }
}

void TestReconstruct::progressReachesTheEndAndCancelStops()
{
    // A log of 10,000 lines: the callback comes more than once, its bytes grow to the file's size, and the exchanges
    // it counts are those judged; returning false stops the reading with ReconstructCancelled and no result.
    QTemporaryDir dir;
    std::string text;
    for (int i = 0; i < 10'000; ++i)
        text += line(1733479200.0 + i * 0.01, 0.005, "k-" + std::to_string(i), "201");
    const std::string path = writeFile(dir, "big.log", text);
    std::vector<ReconstructProgress> seen;
    ReconstructOptions options;
    options.progress = [&](const ReconstructProgress& p) {
        seen.push_back(p);
        return true;
    };
    const ReconstructResult r = reconstruct({ path }, options);
    QVERIFY(seen.size() >= 3);
    QCOMPARE(seen.back().totalBytes, static_cast<std::uint64_t>(text.size()));
    QCOMPARE(seen.back().bytes, static_cast<std::uint64_t>(text.size()));
    QCOMPARE(seen.back().exchanges, static_cast<std::uint64_t>(r.summary.exchanges));
    QVERIFY(!seen.back().compressed);
    for (std::size_t i = 1; i < seen.size(); ++i)
        QVERIFY(seen[i].bytes >= seen[i - 1].bytes);

    int calls = 0;
    options.progress = [&](const ReconstructProgress&) { return ++calls < 2; };
    try {
        reconstruct({ path }, options);
        QFAIL("the reading went on after the progress callback asked it to stop");
    } catch (const ReconstructCancelled&) {
    }
    QCOMPARE(calls, 2);
}

void TestReconstruct::wholeDocumentCancelledMidParse_data()
{
    // Documents read whole (a HAR, an OTLP document, OTLP one document per line): 20,000 entries or spans, about
    // 10 MB. The progress callback must be asked while the document is read (its bytes growing) and again while it
    // is parsed (all its bytes read, none of its exchanges judged yet), and a false in either must stop it there.
    QTest::addColumn<QString>("format");
    QTest::addColumn<bool>("exact");
    QTest::newRow("har") << QStringLiteral("har") << false;
    QTest::newRow("otlp_document") << QStringLiteral("otlp") << false;
    QTest::newRow("otlp_document_parsed_whole") << QStringLiteral("otlp") << true;
    QTest::newRow("otlp_lines") << QStringLiteral("otlp_lines") << false;
}

void TestReconstruct::wholeDocumentCancelledMidParse()
{
    QFETCH(QString, format);
    QFETCH(bool, exact);
    constexpr int kUnits = 20'000;
    std::string text;
    if (format == QLatin1String("har")) {
        text = "{\"log\": {\"version\": \"1.2\", \"creator\": {\"name\": \"test\", \"version\": \"1\"}, \"entries\": [";
        for (int i = 0; i < kUnits; ++i)
            text += (i ? ", " : "") + harEntry(i, "k-" + std::to_string(i));
        text += "]}}";
    } else if (format == QLatin1String("otlp")) {
        text = "{\"resourceSpans\": [{\"resource\": {\"attributes\": []}, \"scopeSpans\": [{\"scope\": {\"name\": "
               "\"test\"}, \"spans\": [";
        for (int i = 0; i < kUnits; ++i)
            text += (i ? ", " : "") + otlpSpan(i, "k-" + std::to_string(i));
        text += "]}]}]}";
    } else {
        for (int i = 0; i < kUnits; i += 10) {
            text += "{\"resourceSpans\": [{\"scopeSpans\": [{\"spans\": [";
            for (int j = i; j < i + 10; ++j)
                text += (j > i ? ", " : "") + otlpSpan(j, "k-" + std::to_string(j));
            text += "]}]}]}\n";
        }
    }
    QTemporaryDir dir;
    const std::string path = writeFile(dir, "evidence.json", text);
    const std::uint64_t size = text.size();
    ReconstructOptions options;
    options.read.exactJson = exact;
    // Parsing: asked with every byte read and no exchange judged yet.
    const auto parsing = [&](const ReconstructProgress& p) { return p.exchanges == 0 && p.bytes == size; };

    // Read to the end: asked while reading (bytes growing) and many times while parsing.
    std::vector<ReconstructProgress> seen;
    options.progress = [&](const ReconstructProgress& p) {
        seen.push_back(p);
        return true;
    };
    const ReconstructResult whole = reconstruct({ path }, options);
    QCOMPARE(whole.summary.exchanges, std::int64_t(kUnits));
    int reading = 0, parsed = 0;
    for (std::size_t i = 0; i < seen.size(); ++i) {
        reading += seen[i].exchanges == 0 && seen[i].bytes > 0 && seen[i].bytes < size;
        parsed += parsing(seen[i]);
        if (i > 0)
            QVERIFY(seen[i].bytes >= seen[i - 1].bytes);
    }
    QVERIFY2(reading >= 5, qPrintable(QStringLiteral("asked %1 times while reading").arg(reading)));
    QVERIFY2(parsed >= 10, qPrintable(QStringLiteral("asked %1 times while parsing").arg(parsed)));

    // Cancelled while reading, a third in: nothing more is asked, and there is no result.
    seen.clear();
    options.progress = [&](const ReconstructProgress& p) {
        seen.push_back(p);
        return p.bytes < size / 3;
    };
    QVERIFY_THROWS_EXCEPTION(ReconstructCancelled, reconstruct({ path }, options));
    QCOMPARE(seen.back().exchanges, std::uint64_t(0));
    QVERIFY2(seen.back().bytes < size,
        qPrintable(QStringLiteral("stopped at %1 of %2 bytes").arg(seen.back().bytes).arg(size)));

    // Cancelled while parsing, at the fifth time asked: asked no more, nothing judged.
    seen.clear();
    int asked = 0;
    options.progress = [&](const ReconstructProgress& p) {
        seen.push_back(p);
        return !parsing(p) || ++asked < 5;
    };
    QVERIFY_THROWS_EXCEPTION(ReconstructCancelled, reconstruct({ path }, options));
    QCOMPARE(asked, 5);
    QVERIFY(parsing(seen.back()));
    for (const ReconstructProgress& p : seen)
        QCOMPARE(p.exchanges, std::uint64_t(0));
}

void TestReconstruct::otlpReadASpanAtATime_data()
{
    // A document read a span at a time must give what the document parsed whole gives: every exchange, problem and
    // count, or the same refusal; the walk gives up (and the document is parsed whole) on anything unexpected.
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<bool>("spanAtATime");
    const auto add = [](const char* name, const std::string& text, bool pieces) {
        QTest::newRow(name) << QByteArray::fromStdString(text) << pieces;
    };
    const std::string a = otlpSpan(1, "k1");
    const std::string b = otlpSpan(2, "k1");
    const std::string c = otlpSpan(3, "k2", 409);
    const std::string scope = "{\"scope\": {\"name\": \"s\"}, \"spans\": [" + a + ", " + b + "]}";
    const std::string resource = "{\"resource\": {\"attributes\": [{\"key\": \"service.name\", \"value\": "
                                 "{\"stringValue\": \"svc\"}}]}, \"scopeSpans\": ["
        + scope + "]}";
    const QByteArray fixture = readBytes(kData + QStringLiteral("otel-spans.json"));
    add("fixture", fixture.toStdString(), true);
    add("plain", "{\"resourceSpans\": [" + resource + "]}", true);
    add("two_resources_and_scopes",
        "{\"resourceSpans\": [" + resource + ", {\"scopeSpans\": [" + scope + ", {\"spans\": [" + c + "]}]}]}", true);
    add("legacy_scope_name", "{\"resourceSpans\": [{\"instrumentationLibrarySpans\": [{\"spans\": [" + a + "]}]}]}",
        true);
    add("scalars_around",
        "{\"schemaUrl\": \"x\", \"resourceSpans\": [{\"n\": 12, \"scopeSpans\": [{\"b\": true, \"spans\": [" + a
            + "], \"z\": null}], \"f\": -1.5e3}], \"tail\": []}",
        true);
    add("odd_spacing",
        " \r\n{ \"resourceSpans\" :\t[ { \"scopeSpans\"\n: [ { \"spans\" : [ " + a + " ,\n" + b + " ] } ] } ] }\n ",
        true);
    add("empty_lists", "{\"resourceSpans\": [{\"scopeSpans\": []}, {\"scopeSpans\": [{\"spans\": []}]}, {}]}", true);
    add("escaped_container_name", "{\"resource\\u0053pans\": [" + resource + "]}", false);
    add("escaped_other_name", "{\"resourceSpans\": [" + resource + "], \"\\u00e9\": 1}", false);
    add("repeated_resourceSpans", "{\"resourceSpans\": [" + resource + "], \"resourceSpans\": []}", false);
    add("both_scope_lists",
        "{\"resourceSpans\": [{\"scopeSpans\": [" + scope + "], \"instrumentationLibrarySpans\": [{\"spans\": [" + c
            + "]}]}]}",
        false);
    add("spans_not_an_array", "{\"resourceSpans\": [{\"scopeSpans\": [{\"spans\": {\"a\": 1}}]}]}", false);
    add("resource_not_an_object", "{\"resourceSpans\": [1, " + resource + "]}", false);
    add("bad_json_in_a_resource",
        "{\"resourceSpans\": [{\"resource\": {\"attributes\": [1,]}, \"scopeSpans\": [" + scope + "]}]}", false);
    add("bad_json_in_a_span", "{\"resourceSpans\": [{\"scopeSpans\": [{\"spans\": [" + a + ", {\"spanId\": tru}]}]}]}",
        false);
    add("not_utf8_in_a_name", "{\"resourceSpans\": [" + resource + "], \"\xff\": 1}", false);
    add("not_utf8_in_a_span",
        "{\"resourceSpans\": [{\"scopeSpans\": [{\"spans\": [{\"name\": \"\xff\"}, " + a + "]}]}]}", false);
    add("control_byte_in_a_name", "{\"resourceSpans\": [" + resource + "], \"a\x01\": 1}", false);
    add("trailing_comma", "{\"resourceSpans\": [" + resource + ",]}", false);
    add("trailing_text", "{\"resourceSpans\": [" + resource + "]} x", false);
    add("cut_in_a_span", ("{\"resourceSpans\": [{\"scopeSpans\": [{\"spans\": [" + a + ", " + b).substr(0, 900), false);
    add("one_document_a_line",
        "{\"resourceSpans\": [" + resource + "]}\n{\"resourceSpans\": [{\"scopeSpans\": [{\"spans\": [" + c
            + "]}]}]}\n",
        false);
    add("lines_with_a_bad_one", "{\"resourceSpans\": [" + resource + "]}\n{\"resourceSpans\": [\n", false);
    add("resourceSpans_not_an_array", "{\"other\": [], \"resourceSpans\": 3}", false);
}

void TestReconstruct::otlpReadASpanAtATime()
{
    QFETCH(QByteArray, text);
    QFETCH(bool, spanAtATime);
    QTemporaryDir dir;
    const std::string path = writeFile(dir, "spans.json", text.toStdString());
    ReadOptions exact;
    exact.format = EvidenceFormat::Otlp;
    exact.exactJson = true;
    ReadOptions pieces;
    pieces.format = EvidenceFormat::Otlp;
    EvidenceFileSummary exactSummary, piecesSummary;
    const std::vector<std::string> whole = readDescribed(path, exact, exactSummary);
    const std::vector<std::string> bySpan = readDescribed(path, pieces, piecesSummary);
    QVERIFY(!exactSummary.spanAtATime);
    QCOMPARE(piecesSummary.spanAtATime, spanAtATime);
    QCOMPARE(bySpan.size(), whole.size());
    for (std::size_t i = 0; i < bySpan.size(); ++i)
        QCOMPARE(QString::fromStdString(bySpan[i]), QString::fromStdString(whole[i]));
}

void TestReconstruct::everyProfileJudges()
{
    const auto options = [](Profile p) {
        ReconstructOptions o;
        o.policy = ServicePolicy::forProfile(p);
        o.profile = std::string(profileName(p));
        o.read.fingerprint = o.policy.fingerprint;
        o.read.policy = o.policy;
        return o;
    };
    // Every profile reads and judges the fixture.
    for (Profile p : allProfiles()) {
        const ReconstructResult r = judged({ dataPath("nginx-access.log") }, options(p));
        QVERIFY2(r.summary.exchanges > 0, profileName(p).data());
    }
    QTemporaryDir dir;
    const auto replace = [](std::string text, const std::string& from, const std::string& to) {
        const std::size_t at = text.find(from);
        return at == std::string::npos ? text : text.replace(at, from.size(), to);
    };
    const auto duplicates = [&](const std::string& path, Profile p) {
        return count(judged({ path }, options(p)), ViolationKind::DuplicateExecution);
    };
    // express-idempotency keeps a key for everyone (key_scope global): two users' one key is one record, and two
    // executions under it are a duplicate; under ietf they are two users' own keys.
    const std::string global = writeFile(dir, "global.log",
        line(1733479200.0, 0.1, "k-shared", "201", "", "", "alice")
            + line(1733479201.0, 0.1, "k-shared", "201", "", "", "bob"));
    QCOMPARE(duplicates(global, Profile::Ietf), 0);
    QCOMPARE(duplicates(global, Profile::ExpressIdempotency), 1);
    // node-idempotency's scope is the operation with its query: another query is another record.
    const std::string queries = writeFile(dir, "queries.log",
        replace(line(1733479200.0, 0.1, "k-q", "201"), "/v1/orders", "/v1/orders?page=1")
            + replace(line(1733479201.0, 0.1, "k-q", "201"), "/v1/orders", "/v1/orders?page=2"));
    QCOMPARE(duplicates(queries, Profile::Ietf), 1);
    QCOMPARE(duplicates(queries, Profile::NodeIdempotency), 0);
    // key_syntax raw (every profile but ietf): "k" and k are two keys; ietf reads both as k.
    const std::string syntax = writeFile(dir, "syntax.log",
        line(1733479200.0, 0.1, "k-s", "201")
            + replace(line(1733479201.0, 0.1, "k-s", "201"), "\"\\\"k-s\\\"\"", "\"k-s\""));
    QCOMPARE(duplicates(syntax, Profile::Ietf), 1);
    QCOMPARE(duplicates(syntax, Profile::Stripe), 0);
    // node-idempotency fingerprints the body as written (member order counts): the same members in another order
    // under one key are another payload there, and the same one under ietf's canonical form.
    const std::string ordered = writeFile(dir, "ordered.log",
        line(1733479200.0, 0.1, "k-o", "201", "", "{\"a\":1,\"b\":2}")
            + line(1733479201.0, 0.1, "k-o", "201", "", "{\"b\":2,\"a\":1}"));
    QCOMPARE(count(judged({ ordered }, options(Profile::Ietf)), ViolationKind::SuccessAfterMismatch), 0);
    QCOMPARE(count(judged({ ordered }, options(Profile::NodeIdempotency)), ViolationKind::SuccessAfterMismatch), 1);

    // The command line takes every profile, and names them all when one is unknown.
    for (Profile p : allProfiles()) {
        const Run r = cli(
            { QStringLiteral("reconstruct"), kData + QStringLiteral("nginx-access.log"), QStringLiteral("--profile"),
                QString::fromLatin1(profileName(p).data(), static_cast<qsizetype>(profileName(p).size())) });
        QVERIFY2(r.code == 0, qPrintable(r.err));
    }
    const Run bad = cli({ QStringLiteral("reconstruct"), kData + QStringLiteral("nginx-access.log"),
        QStringLiteral("--profile"), QStringLiteral("nope") });
    QCOMPARE(bad.code, 2);
    for (Profile p : allProfiles())
        QVERIFY2(
            bad.err.contains(QString::fromLatin1(profileName(p).data(), static_cast<qsizetype>(profileName(p).size()))),
            qPrintable(bad.err));
}

namespace {

// Every evidence file the tests and the fuzz corpus hold, as (name, text): the corpus files without their first byte
// (the harness's format choice).
std::vector<std::pair<std::string, QByteArray>> evidenceTexts()
{
    std::vector<std::pair<std::string, QByteArray>> out;
    for (const QString& name : QDir(kData).entryList(QDir::Files))
        out.emplace_back(name.toStdString(), readBytes(kData + name));
    const QString corpus = QStringLiteral(IW_SOURCE_DIR "/tests/fuzz/corpus/evidence/");
    for (const QString& name : QDir(corpus).entryList(QDir::Files))
        out.emplace_back("corpus/" + name.toStdString(), readBytes(corpus + name).mid(1));
    return out;
}

std::string reportOf(const std::string& path, ReconstructOptions options)
{
    ReportContext context;
    context.profile = "ietf";
    try {
        return reconstructJson(reconstruct({ path }, options), context);
    } catch (const ReconstructError& e) {
        return std::string("refused: ") + e.what();
    }
}

} // namespace

void TestReconstruct::mappedReadsAsRead_data()
{
    QTest::addColumn<QByteArray>("text");
    for (const auto& [name, text] : evidenceTexts())
        QTest::newRow(name.c_str()) << text;
    // The file's last line, within simdjson's padding of the mapping's end, with and without its newline and "\r".
    const QByteArray lines = QByteArray::fromStdString(line(1796551200.0, 0.2, "k1", "201")
        + line(1796551201.0, 0.2, "k1", "201", "true") + line(1796551202.0, 0.2, "k2", "409"));
    QTest::newRow("last_line_ends_the_file") << lines;
    QTest::newRow("last_line_without_newline") << lines.chopped(1);
    QTest::newRow("crlf") << QByteArray(lines).replace("\n", "\r\n");
    QTest::newRow("short_last_line") << lines + "{}";
    QTest::newRow("blank_lines_at_the_end") << lines + "\n\n \n";
}

void TestReconstruct::mappedReadsAsRead()
{
    // Mapped (from the first byte) or read with read(2), a file reads the same: every exchange, problem and count.
    QFETCH(QByteArray, text);
    QTemporaryDir dir;
    const std::string path = writeFile(dir, "evidence", text.toStdString());
    ReadOptions read, mapped;
    read.mapMinBytes = std::numeric_limits<std::uint64_t>::max();
    mapped.mapMinBytes = 0;
    EvidenceFileSummary readSummary, mappedSummary;
    const std::vector<std::string> byRead = readDescribed(path, read, readSummary);
    const std::vector<std::string> byMap = readDescribed(path, mapped, mappedSummary);
    QCOMPARE(byMap.size(), byRead.size());
    for (std::size_t i = 0; i < byMap.size(); ++i)
        QCOMPARE(QString::fromStdString(byMap[i]), QString::fromStdString(byRead[i]));
    QCOMPARE(mappedSummary.bytes, readSummary.bytes);
    ReconstructOptions readOptions, mappedOptions;
    readOptions.read = read;
    mappedOptions.read = mapped;
    QCOMPARE(
        QString::fromStdString(reportOf(path, mappedOptions)), QString::fromStdString(reportOf(path, readOptions)));
    EvidenceInput in;
    QVERIFY(in.open(path, 0));
    QCOMPARE(in.mapped(), !text.isEmpty() && !text.startsWith("\x1f\x8b"));
}

void TestReconstruct::mappedLongLineSkipped()
{
    // A line longer than the bound is skipped where it lies in the mapping, named, and the next line read.
    QTemporaryDir dir;
    const std::string body = line(1796551200.0, 0.2, "k1", "201") + "{\"msec\":\"1796551201.0\",\"uri\":\""
        + std::string(5000, 'a') + "\"}\n" + line(1796551202.0, 0.2, "k2", "201");
    const std::string path = writeFile(dir, "access.log", body);
    ReconstructOptions options;
    options.read.mapMinBytes = 0;
    options.read.maxLine = 1000;
    const ReconstructResult r = reconstruct({ path }, options);
    QCOMPARE(r.summary.exchanges, std::int64_t(2));
    QCOMPARE(r.problems.total, std::uint64_t(1));
    QCOMPARE(r.problems.named[0].ref.at, std::uint64_t(2));
    QVERIFY(r.problems.named[0].what.find("longer than") != std::string::npos);
    QCOMPARE(r.fileSummaries[0].bytes, std::uint64_t(body.size()));
}

void TestReconstruct::mappedFileCutWhileRead()
{
    // A mapped log cut short while it is read (a rotation truncating it): the pages past its new end raise SIGBUS;
    // the reading ends with a sentence naming the file, and the process goes on.
    QTemporaryDir dir;
    std::string body;
    for (int i = 0; body.size() < (2u << 20); ++i)
        body += line(1796551200.0 + i, 0.2, "k" + std::to_string(i), "201");
    const std::string path = writeFile(dir, "access.log", body);
    EvidenceInput in;
    QVERIFY(in.open(path, 0));
    QVERIFY(in.mapped());
    std::string_view text;
    bool tooLong = false;
    QVERIFY(in.nextLine(text, tooLong));
    QVERIFY(QFile::resize(QString::fromStdString(path), 1000));
    std::uint64_t lines = 1;
    while (in.nextLine(text, tooLong))
        ++lines;
    QVERIFY(lines < 10);
    QVERIFY2(in.error().find(path) != std::string::npos, in.error().c_str());
    QVERIFY2(in.error().find("cut short") != std::string::npos, in.error().c_str());
}

void TestReconstruct::namedPipeOpenedOnce()
{
    // A log written into a named pipe is opened once. Opened to look at what it is, closed and opened again to read
    // it, the writer could meet no reader in between (its lines lost) and the second open wait for a writer that has
    // gone — the evidence window's Cancel test hung so under load. inotify sees the reader close the pipe while it
    // still reads (inotify folds repeated events into one, so opens cannot be counted; closes between opens can).
    std::signal(SIGPIPE, SIG_IGN); // a writer left without a reader gets EPIPE, not the end of the test
    QTemporaryDir dir;
    const std::string fifo = dir.filePath(QStringLiteral("pipe.log")).toStdString();
    QCOMPARE(mkfifo(fifo.c_str(), 0600), 0);
    const int watch = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    QVERIFY(watch >= 0);
    QVERIFY(inotify_add_watch(watch, fifo.c_str(), IN_CLOSE_NOWRITE) >= 0);
    std::string text;
    for (int i = 0; i < 3; ++i)
        text += line(1796551200.0 + i, 0.2, "k" + std::to_string(i), "201");
    std::thread writer([&] {
        const int fd = ::open(fifo.c_str(), O_WRONLY | O_CLOEXEC); // waits for the reader
        if (fd < 0)
            return;
        [[maybe_unused]] const ssize_t n = ::write(fd, text.data(), text.size());
        ::close(fd);
    });
    EvidenceInput in;
    auto opened = std::async(std::launch::async, [&] { return in.open(fifo, 0); });
    const bool openedInTime = opened.wait_for(std::chrono::seconds(20)) == std::future_status::ready;
    if (!openedInTime) {
        // A reader waiting for a writer that has gone: a writer of our own lets it go, so the test ends.
        const int fd = ::open(fifo.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
        if (fd >= 0)
            ::close(fd);
    }
    const bool isOpen = opened.get();
    writer.join();
    std::uint64_t lines = 0;
    std::string_view got;
    bool tooLong = false;
    while (isOpen && in.nextLine(got, tooLong))
        ++lines;
    int readerCloses = 0; // the writer's close is IN_CLOSE_WRITE
    alignas(inotify_event) char events[4096];
    for (ssize_t n; (n = ::read(watch, events, sizeof events)) > 0;)
        for (ssize_t at = 0; at < n;) {
            const auto* e = reinterpret_cast<const inotify_event*>(events + at);
            readerCloses += (e->mask & IN_CLOSE_NOWRITE) ? 1 : 0;
            at += static_cast<ssize_t>(sizeof(inotify_event) + e->len);
        }
    ::close(watch);
    QVERIFY2(openedInTime, "the reader waited for a writer that had gone");
    QVERIFY(isOpen);
    QCOMPARE(readerCloses, 0); // opened once, and held while it is read
    QCOMPARE(lines, std::uint64_t(3));
}

void TestReconstruct::twoThreadsJudgeAsOne_data()
{
    QTest::addColumn<int>("seed");
    QTest::addColumn<bool>("bodies");
    QTest::addColumn<qint64>("reorderMs");
    QTest::addColumn<QString>("window");
    QTest::addColumn<bool>("judgedAgain");
    for (int seed = 1; seed <= 6; ++seed)
        QTest::addRow("seed_%d", seed) << seed << false << qint64(600'000) << QString() << false;
    QTest::addRow("with_bodies") << 7 << true << qint64(600'000) << QString() << true;
    QTest::addRow("far_out_of_order") << 8 << false << qint64(3'000) << QString() << true;
    QTest::addRow("window") << 9 << false << qint64(600'000)
                            << QStringLiteral("2026-12-06T10:00:20Z..2026-12-06T10:01:10Z") << false;
    QTest::addRow("key") << 10 << false << qint64(600'000) << QStringLiteral("key:k3") << false;
}

void TestReconstruct::twoThreadsJudgeAsOne()
{
    // A log whose scopes straddle the split (some from its first lines to its last), lines out of start order, every
    // answer the judgement reads (replays that differ, second executions, late retries, conflicts, no answer, 5xx,
    // 409 and 422, keyless requests, lines that do not parse): judged by two threads, the reconstruct@1 report is the
    // one thread's, byte for byte.
    QFETCH(int, seed);
    QFETCH(bool, bodies);
    QFETCH(qint64, reorderMs);
    QFETCH(QString, window);
    QFETCH(bool, judgedAgain);
    std::uint64_t state = static_cast<std::uint64_t>(seed) * 0x9E3779B97F4A7C15ULL;
    const auto next = [&](std::uint64_t n) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return (state >> 33) % n;
    };
    std::string body;
    std::vector<std::string> keys;
    const double start = 1796551200.0; // 2026-12-06T10:00:00Z
    for (int i = 0; i < 3000; ++i) {
        std::string key;
        const auto pick = next(100);
        if (pick < 3 || keys.empty()) {
            keys.push_back("k" + std::to_string(keys.size()));
            key = keys.back();
        } else if (pick < 8) {
            key = keys[next(std::min<std::uint64_t>(keys.size(), 5))]; // the first scopes, over the whole log
        } else if (pick < 12) {
            key = ""; // no key
        } else if (pick < 14) {
            body += "{\"msec\":\"1796551201.0\",\"uri\":\n"; // a line that does not parse
            continue;
        } else {
            key = keys[keys.size() - 1 - next(std::min<std::uint64_t>(keys.size(), 8))];
        }
        static const char* const statuses[]
            = { "201", "201", "201", "200", "409", "422", "500", "502", "503", "", "499" };
        const std::string status = statuses[next(std::size(statuses))];
        const double requestTimes[] = { 0.004, 0.05, 0.3, 2.5, 9.0 };
        const double requestTime = requestTimes[next(5)];
        const std::string replayed = next(3) == 0 ? "true" : "";
        const std::string requestBody = bodies ? "{\"amount\":" + std::to_string(next(3)) + "}" : "";
        body += line(start + i * 0.04 + static_cast<double>(next(50)) / 1000.0, requestTime, key, status, replayed,
            requestBody, "actor-" + std::to_string(next(3)));
    }
    QTemporaryDir dir;
    const std::string path = writeFile(dir, "access.log", body);
    ReconstructOptions one;
    one.reorderMs = reorderMs;
    one.read.mapMinBytes = 0;
    one.threads = 1;
    if (window.startsWith(QLatin1String("key:")))
        one.key = window.mid(4).toStdString();
    else if (!window.isEmpty()) {
        std::string error;
        QVERIFY2(parseWindow(window.toStdString(), false, one.fromMs, one.toMs, error), error.c_str());
    }
    ReconstructOptions two = one;
    two.threads = 2;
    two.splitMinBytes = 0;
    const ReconstructResult byOne = reconstruct({ path }, one);
    const ReconstructResult byTwo = reconstruct({ path }, two);
    QCOMPARE(byOne.threads, 1u);
    QCOMPARE(byTwo.threads, 2u);
    QCOMPARE(byTwo.secondPartJudgedAgain, judgedAgain);
    QVERIFY(byOne.violations.size() > 5);
    ReportContext context;
    context.profile = "ietf";
    QCOMPARE(QString::fromStdString(reconstructJson(byTwo, context)),
        QString::fromStdString(reconstructJson(byOne, context)));
    QCOMPARE(QString::fromStdString(reconstructText(byTwo, context)),
        QString::fromStdString(reconstructText(byOne, context)));
}

void TestReconstruct::twoThreadsOnEveryFixture()
{
    // Every evidence file of the tests and the fuzz corpus, judged by two threads where it can be split: the same
    // report (or the same refusal) as one thread's.
    for (const auto& [name, text] : evidenceTexts()) {
        QTemporaryDir dir;
        const std::string path = writeFile(dir, "evidence", text.toStdString());
        ReconstructOptions one;
        one.read.mapMinBytes = 0;
        one.threads = 1;
        ReconstructOptions two = one;
        two.threads = 2;
        two.splitMinBytes = 0;
        QVERIFY2(reportOf(path, two) == reportOf(path, one), name.c_str());
    }
}

void TestReconstruct::twoThreadsKeepTheOrderAtTheSplit()
{
    // The second part's first two lines, of one scope, started longer ago than the reordering allowance before the
    // first part's newest request, the second earlier than the first: one thread judges them as they come (the
    // allowance is past), a second thread alone would put them back in start order. The first thread must judge the
    // second part again.
    std::string body;
    const double start = 1796551200.0;
    const int half = 100;
    for (int i = 0; i < 2 * half; ++i) {
        char key[8];
        std::snprintf(key, sizeof key, "f%04d", i);
        double end = start + i;
        double requestTime = 10.0;
        if (i == half) { // the first line of the second part: started 4 s before the first part's newest start
            std::snprintf(key, sizeof key, "kx001");
            requestTime = 15.0;
        } else if (i == half + 1) { // then one of the same scope that started earlier still
            std::snprintf(key, sizeof key, "kx001");
            end = start + i - 1;
            requestTime = 24.0;
        }
        body += line(end, requestTime, key, "201");
    }
    QTemporaryDir dir;
    const std::string path = writeFile(dir, "access.log", body);
    QCOMPARE(QFileInfo(QString::fromStdString(path)).size() % (2 * half), 0); // lines of one length: split at `half`
    ReconstructOptions one;
    one.reorderMs = 3'000;
    one.read.mapMinBytes = 0;
    one.threads = 1;
    ReconstructOptions two = one;
    two.threads = 2;
    two.splitMinBytes = 0;
    const ReconstructResult byOne = reconstruct({ path }, one);
    const ReconstructResult byTwo = reconstruct({ path }, two);
    QCOMPARE(byTwo.threads, 2u);
    QVERIFY(byTwo.secondPartJudgedAgain);
    QCOMPARE(count(byOne, ViolationKind::DuplicateExecution), 1);
    ReportContext context;
    context.profile = "ietf";
    QCOMPARE(QString::fromStdString(reconstructJson(byTwo, context)),
        QString::fromStdString(reconstructJson(byOne, context)));
}

QTEST_GUILESS_MAIN(TestReconstruct)
#include "tst_reconstruct.moc"
