// The live Redis keyspace (docs/manual/stores.md "Live"): `inspect --redis URL --match PATTERN --mapping
// powertools-redis` reads keys written as the Powertools Redis layer writes them (a JSON string, or a hash), counts
// them by state, lists the anomalies that apply (and says expired_not_swept does not), lists values of other types as
// unreadable, pages by the scan cursor, and runs as an ACL user allowed +@read only. Bad input is exit 2, a server
// failure exit 3, each one sentence. Needs the servers scripts/with-redis.sh starts (IW_REDIS_URL,
// IW_REDIS_READONLY_URL). This test builds many command lines and Redis commands from literals: it lets them convert to
// QString.
#undef QT_NO_CAST_FROM_ASCII
#include "childprocess.h"
#include "livemapping.h"
#include "rediswriter.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

#include <hiredis/hiredis.h>

#include <chrono>
#include <set>
#include <unistd.h>

using namespace iw;

namespace {

using Cli = iwtest::CliText;

Cli cli(const QStringList& args)
{
    return iwtest::cliText(args);
}

QString env(const char* name)
{
    return QString::fromLocal8Bit(qgetenv(name));
}

using Writer = iwtest::RedisWriter;

qint64 nowMs()
{
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

} // namespace

class TestRedisInspect : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void mappingRedisMember();
    void countsAnomaliesAndUnreadable();
    void readOnlyUserSuffices();
    void pagesByScanCursor();
    void aMappingFileDescribesAnotherLayout();
    void badInputAndServerFailures_data();
    void badInputAndServerFailures();

private:
    QString m_url;
    QString m_prefix;
    QTemporaryDir m_dir;
};

void TestRedisInspect::initTestCase()
{
    m_url = env("IW_REDIS_URL");
    if (m_url.isEmpty())
        return; // the server tests skip, each saying so
    m_prefix = QStringLiteral("iwtest:inspect:%1:").arg(getpid());
    Writer w(m_url);
    QVERIFY(w.ctx && !w.ctx->err);
    const qint64 now = nowMs();
    const QString later = QString::number(now / 1000 + 3600);
    const QString p = m_prefix + QStringLiteral("svc.fn#");
    // Completed with a response, twice with the same payload hash (created within a second: a regenerated key).
    w.run({ "SET", p + "aaa",
        QStringLiteral(R"({"status":"COMPLETED","expiration":%1,"data":"{\"ok\":1}","validation":"h1"})").arg(later),
        "PX", "3600000" });
    w.run({ "SET", p + "hhh",
        QStringLiteral(R"({"status":"COMPLETED","expiration":%1,"data":"{\"ok\":1}","validation":"h1"})").arg(later),
        "PX", "3600000" });
    // In progress past its lease: stuck.
    w.run({ "SET", p + "bbb",
        QStringLiteral(R"({"status":"INPROGRESS","expiration":%1,"in_progress_expiration":%2})")
            .arg(later)
            .arg(now - 60'000),
        "PX", "3600000" });
    // HSET without EXPIRE (#1181): a hash record whose expiration passed and whose key never expires.
    w.run({ "HSET", p + "ccc", "status", "INPROGRESS", "expiration", QString::number(now / 1000 - 10) });
    // Completed with no response.
    w.run(
        { "SET", p + "ddd", QStringLiteral(R"({"status":"COMPLETED","expiration":%1})").arg(later), "PX", "3600000" });
    // An expiration that is no time in seconds.
    w.run({ "SET", p + "ggg", R"({"status":"INPROGRESS","expiration":1e30})", "PX", "3600000" });
    // Values the mapping cannot read.
    w.run({ "RPUSH", p + "eee", "x" });
    w.run({ "SET", p + "fff", "not json", "PX", "3600000" });
}

void TestRedisInspect::cleanupTestCase()
{
    if (m_url.isEmpty())
        return;
    Writer w(m_url);
    for (const char* k : { "aaa", "bbb", "ccc", "ddd", "eee", "fff", "ggg", "hhh" })
        w.run({ "DEL", m_prefix + "svc.fn#" + k });
}

void TestRedisInspect::mappingRedisMember()
{
    const auto preset = mappingPreset("powertools-redis");
    QVERIFY(preset && preset->redis);
    QCOMPARE(preset->redis->value, LiveRedisLayout::Value::Auto);
    QCOMPARE(preset->order, std::vector<std::string> { "@key" }); // no order given: keys page by the scan cursor
    QCOMPARE(parseMapping(mappingJson(*preset), "again"), *preset);
    // The table presets stay apart from the Redis ones.
    const auto tables = mappingPresetNames();
    QVERIFY(std::find(tables.begin(), tables.end(), "powertools-redis") == tables.end());
    try {
        parseMapping(R"({"format": "idempotency-workbench/mapping@1", "name": "x",
  "key": {"column": "@key"}, "state": {"column": "s", "completed": ["done"]},
  "created_at": {"column": "c", "unit": "epoch_ms"}, "expires_at": {"column": "@ttl", "unit": "epoch_ms"},
  "redis": {"value": "list"}})",
            "m.json");
        QFAIL("a Redis layout that is no hash nor JSON was accepted");
    } catch (const MappingError& e) {
        QVERIFY2(
            QByteArray(e.what()).contains("m.json:4:") && QByteArray(e.what()).contains("$.redis.value"), e.what());
    }
}

void TestRedisInspect::countsAnomaliesAndUnreadable()
{
    if (m_url.isEmpty())
        QSKIP("no Redis configured (IW_REDIS_URL; run through scripts/with-postgres.sh, which starts one)");
    const Cli r
        = cli({ "inspect", "--redis", m_url, "--match", m_prefix + "*", "--mapping", "powertools-redis", "--json" });
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QVERIFY2(!o.isEmpty(), qPrintable(r.out));
    QCOMPARE(o.value("engine").toString(), QStringLiteral("redis"));
    QCOMPARE(o.value("clock").toString(), QStringLiteral("server"));
    QCOMPARE(o.value("total").toInt(), 6);
    const QJsonObject counts = o.value("counts").toObject();
    QCOMPARE(counts.value("completed").toInt(), 3); // aaa, hhh, ddd
    QCOMPARE(counts.value("in_progress").toInt(), 2); // bbb, ggg
    QCOMPARE(counts.value("expired").toInt(), 1); // ccc: in progress past its expiration counts as expired
    const QJsonObject anomalies = o.value("anomaly_counts").toObject();
    QCOMPARE(anomalies.value("stuck_in_progress").toInt(), 2); // bbb (lease passed), ccc (no lease, 1 h old)
    QCOMPARE(anomalies.value("in_progress_past_expiry").toInt(), 1); // ccc
    QCOMPARE(anomalies.value("completed_without_response").toInt(), 1); // ddd
    QCOMPARE(anomalies.value("time_out_of_range").toInt(), 1); // ggg
    QCOMPARE(anomalies.value("suspected_key_regeneration").toInt(), 1); // hhh after aaa, or aaa after hhh
    QCOMPARE(anomalies.value("expired_not_swept").toInt(), 0);
    QVERIFY(o.value("kinds_not_applicable").toObject().contains("expired_not_swept"));
    QCOMPARE(o.value("keys_without_expiry").toInt(), 1); // ccc
    QCOMPARE(o.value("unreadable").toInt(), 2);
    std::set<QString> unreadable;
    for (const QJsonValue& u : o.value("unreadable_keys").toArray())
        unreadable.insert(u.toObject().value("key").toString().mid(m_prefix.size()));
    QCOMPARE(unreadable, (std::set<QString> { "svc.fn#eee", "svc.fn#fff" }));
    // The listed anomaly names the record by operation and key, as the mapping splits the key name.
    bool found = false;
    for (const QJsonValue& a : o.value("anomalies").toArray()) {
        const QJsonObject x = a.toObject();
        if (x.value("kind").toString() == "completed_without_response") {
            QCOMPARE(x.value("operation").toString(), m_prefix + "svc.fn");
            QCOMPARE(x.value("key").toString(), QStringLiteral("ddd"));
            found = true;
        }
    }
    QVERIFY(found);
    QCOMPARE(o.value("records").toArray().size(), 6);

    // The text form says what it did not check, and why.
    const Cli text = cli({ "inspect", "--redis", m_url, "--match", m_prefix + "*" });
    QVERIFY2(text.code == 0, qPrintable(text.err));
    QVERIFY2(text.out.contains("Not checked: expired_not_swept"), qPrintable(text.out));
    QVERIFY2(text.out.contains("Unreadable keys: 2"), qPrintable(text.out));
}

void TestRedisInspect::readOnlyUserSuffices()
{
    if (m_url.isEmpty())
        QSKIP("no Redis configured (IW_REDIS_URL; run through scripts/with-postgres.sh, which starts one)");
    const QString readOnly = env("IW_REDIS_READONLY_URL");
    if (readOnly.isEmpty())
        QSKIP("no read-only Redis user configured (IW_REDIS_READONLY_URL)");
    // The user is really read-only: a write is refused.
    {
        const QUrl u(readOnly);
        redisContext* ctx = redisConnect(u.host().toUtf8().constData(), u.port(6379));
        QVERIFY(ctx && !ctx->err);
        auto* auth = static_cast<redisReply*>(
            redisCommand(ctx, "AUTH %s %s", u.userName().toUtf8().constData(), u.password().toUtf8().constData()));
        QVERIFY(auth && auth->type != REDIS_REPLY_ERROR);
        freeReplyObject(auth);
        auto* set = static_cast<redisReply*>(redisCommand(ctx, "SET %s x", (m_prefix + "w").toUtf8().constData()));
        QVERIFY(set && set->type == REDIS_REPLY_ERROR && QByteArray(set->str).startsWith("NOPERM"));
        freeReplyObject(set);
        redisFree(ctx);
    }
    Writer w(m_url);
    const QStringList before = w.keysUnder(m_prefix);
    QCOMPARE(before.size(), 8);
    const QString ttlBefore = w.run({ "PTTL", m_prefix + "svc.fn#ccc" });
    const Cli r = cli({ "inspect", "--redis", readOnly, "--match", m_prefix + "*", "--json" });
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(o.value("total").toInt(), 6);
    // TIME is not a read command: the report says whose clock it used.
    QCOMPARE(o.value("clock").toString(), QStringLiteral("local"));
    QCOMPARE(w.keysUnder(m_prefix), before);
    QCOMPARE(w.run({ "PTTL", m_prefix + "svc.fn#ccc" }), ttlBefore);
}

void TestRedisInspect::pagesByScanCursor()
{
    if (m_url.isEmpty())
        QSKIP("no Redis configured (IW_REDIS_URL; run through scripts/with-postgres.sh, which starts one)");
    std::set<QString> seen;
    QString cursor = QStringLiteral("0");
    int pages = 0;
    do {
        const Cli r = cli({ "inspect", "--redis", m_url, "--match", m_prefix + "*", "--limit", "2", "--scan-count", "2",
            "--cursor", cursor, "--json" });
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(o.value("cursor").toString(), cursor);
        QCOMPARE(o.value("total").toInt(), 6); // the counts always cover the whole match
        for (const QJsonValue& rec : o.value("records").toArray())
            seen.insert(rec.toObject().value("key").toString());
        cursor = o.value("next_cursor").toString();
        QVERIFY(++pages < 50);
    } while (cursor != QLatin1String("0"));
    QVERIFY2(pages >= 2, "a page of 2 records cannot hold 6");
    QCOMPARE(seen, (std::set<QString> { "aaa", "bbb", "ccc", "ddd", "ggg", "hhh" }));
}

void TestRedisInspect::aMappingFileDescribesAnotherLayout()
{
    if (m_url.isEmpty())
        QSKIP("no Redis configured (IW_REDIS_URL; run through scripts/with-postgres.sh, which starts one)");
    // A hash per key with other field names, read as a hash only (the JSON strings become unreadable).
    QTemporaryDir dir;
    const QString file = dir.filePath("hash.json");
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"format": "idempotency-workbench/mapping@1", "name": "orders",
  "key": {"column": "@key", "after_last": "#"},
  "state": {"column": "status", "completed": ["COMPLETED"]},
  "created_at": {"column": "expiration", "unit": "epoch_s", "plus_ms": -3600000},
  "expires_at": {"column": "@ttl", "unit": "epoch_ms"},
  "redis": {"value": "hash"}})");
    f.close();
    const Cli r = cli({ "inspect", "--redis", m_url, "--match", m_prefix + "*", "--mapping", file, "--json" });
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(o.value("total").toInt(), 1); // ccc, the one hash
    QCOMPARE(o.value("unreadable").toInt(), 7);
    const QJsonObject rec = o.value("records").toArray().first().toObject();
    QCOMPARE(rec.value("key").toString(), QStringLiteral("ccc"));
    QVERIFY(rec.value("expires_ms").isNull()); // no TTL: the key never expires
    QCOMPARE(rec.value("state").toString(), QStringLiteral("in_progress"));
}

void TestRedisInspect::badInputAndServerFailures_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("says");
    QTest::newRow("url does not parse") << QStringList { "--redis", "redis://127.0.0.1:notaport/0" } << 2
                                        << QStringLiteral("--redis");
    QTest::newRow("unknown option") << QStringList { "--redis", "redis://127.0.0.1:1/0", "--frobnicate" } << 2
                                    << QStringLiteral("--frobnicate");
    QTest::newRow("a table option") << QStringList { "--redis", "redis://127.0.0.1:1/0", "--table", "t" } << 2
                                    << QStringLiteral("--table");
    QTest::newRow("match without redis") << QStringList { "--match", "x*" } << 2 << QStringLiteral("--match");
    QTest::newRow("table mapping on redis") << QStringList { "--redis", "redis://127.0.0.1:1/0", "--mapping", "seed" }
                                            << 2 << QStringLiteral("describes a table");
    // A threshold for a kind that is not checked on Redis keys, or that has none at all, is refused by name.
    QTest::newRow("threshold of a kind redis does not check")
        << QStringList { "--redis", "redis://127.0.0.1:1/0", "--threshold", "expired_not_swept=1min" } << 2
        << QStringLiteral("--threshold expired_not_swept does not apply to Redis keys");
    QTest::newRow("threshold of a kind without one") << QStringList { "--redis", "redis://127.0.0.1:1/0", "--threshold",
        "time_out_of_range=1s" } << 2 << QStringLiteral("time_out_of_range has no threshold");
    // An unknown preset lists the presets that read Redis keys, not the table ones.
    QTest::newRow("unknown redis preset") << QStringList { "--redis", "redis://127.0.0.1:1/0", "--mapping",
        "powertools-rediss" } << 2 << QStringLiteral("no such mapping preset or file (presets: powertools-redis)");
    QTest::newRow("bad cursor") << QStringList { "--redis", "redis://127.0.0.1:1/0", "--cursor", "x" } << 2
                                << QStringLiteral("--cursor");
    // A mapping that names no field for the key.
    const QString noKey = m_dir.filePath("nokey.json");
    QFile f(noKey);
    if (f.open(QIODevice::WriteOnly))
        f.write(R"({"format": "idempotency-workbench/mapping@1", "name": "nokey",
  "state": {"column": "status", "completed": ["COMPLETED"]},
  "created_at": {"column": "c", "unit": "epoch_ms"}, "expires_at": {"column": "@ttl", "unit": "epoch_ms"},
  "redis": {"value": "json"}})");
    f.close();
    QTest::newRow("mapping naming no key field") << QStringList { "--redis", "redis://127.0.0.1:1/0", "--mapping",
        noKey } << 2 << QStringLiteral("missing member \"key\"");
    QTest::newRow("unreachable") << QStringList { "--redis", "redis://127.0.0.1:1/0" } << 3
                                 << QStringLiteral("cannot connect");
    const QString url = env("IW_REDIS_URL");
    if (!url.isEmpty()) {
        QString wrong = env("IW_REDIS_READONLY_URL");
        wrong.replace(QStringLiteral(":iw-read-only@"), QStringLiteral(":xyzzy@"));
        if (!wrong.isEmpty())
            QTest::newRow("refused password") << QStringList { "--redis", wrong } << 3 << QStringLiteral("refused");
    }
}

void TestRedisInspect::badInputAndServerFailures()
{
    QFETCH(QStringList, args);
    QFETCH(int, code);
    QFETCH(QString, says);
    const Cli r = cli(QStringList { "inspect" } + args);
    QVERIFY2(r.code == code, qPrintable(QString::number(r.code) + ": " + r.err));
    QVERIFY2(r.err.contains(says), qPrintable(r.err));
    QVERIFY2(!r.err.contains("xyzzy"), "the password never appears");
    QVERIFY(r.out.isEmpty());
}

QTEST_GUILESS_MAIN(TestRedisInspect)
#include "tst_redisinspect.moc"
