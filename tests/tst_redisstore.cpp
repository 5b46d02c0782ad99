// The Redis engine (docs/manual/stores.md) on a real redis-server and in its embedded model. Every preset of the engine
// gives a byte-identical report on both (the failover preset promotes the replica the harness started), the real store
// keeps to its marked prefix, `race` shows SET NX arbitrating, and bad input and server failures are one sentence with
// their exit codes. Needs the servers scripts/with-redis.sh starts (IW_REDIS_URL, IW_REDIS_REPLICA_URL); the model
// rows run without them.
#include "childprocess.h"
#include "enginetest.h"
#include "redisstore.h"
#include "redisurl.h"
#include "report.h"
#include "scenario.h"
#include "servedprocess.h"
#include "simulation.h"
#include "storeengine.h"

#include <QDir>
#include <QHostAddress>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <sstream>
#include <unistd.h>

using namespace iw;
using namespace Qt::Literals::StringLiterals;

namespace {

std::optional<RedisUrl> envUrl(const char* name)
{
    const QByteArray value = qgetenv(name);
    if (value.isEmpty())
        return std::nullopt;
    std::string why;
    return parseRedisUrl(value.toStdString(), why);
}

using iwtest::reportOf;
using Cli = iwtest::CliText;

QStringList redisPresets()
{
    return iwtest::enginePresets(StoreEngine::Redis);
}

Cli cli(const QStringList& args)
{
    return iwtest::cliText(args);
}

} // namespace

class TestRedisStore : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void modelKeysExpireAndFailoverLosesWrites();
    void modelOrphanLockHoldsTenSeconds();
    void urlsAreChecked_data();
    void urlsAreChecked();
    void presetOnBothStores_data();
    void presetOnBothStores();
    void operationsAgreeWithTheModel();
    void storeOnlyTouchesItsMarkedPrefix();
    void raceShowsSetNxArbitrating();
    void badInputAndServerFailures_data();
    void badInputAndServerFailures();
    void outOfMemoryIsOneSentence();
};

void TestRedisStore::modelKeysExpireAndFailoverLosesWrites()
{
    auto store = makeRedisModelStore();
    const Scope scope { "42", "op", "k" };
    Record claim;
    claim.scope = scope;
    claim.payloadHash = "h";
    claim.createdAt = 12;
    claim.expiresAt = 1012;
    QVERIFY(store->insertClaim(claim, 12));
    QVERIFY(!store->insertClaim(claim, 13)); // SET NX: the key exists
    QCOMPARE(store->nextKeyExpiry(), std::optional<Millis>(1012));
    QVERIFY(store->expireKeys(1011).empty());
    const auto expired = store->expireKeys(1012);
    QCOMPARE(expired.size(), std::size_t(1));
    QCOMPARE(expired[0].state, RecordState::InProgress);
    QVERIFY(!store->read(scope));
    // A write after the detach is lost at the failover; one before it survives.
    claim.createdAt = 2000;
    claim.expiresAt = 9000;
    QVERIFY(store->insertClaim(claim, 2000));
    store->detachReplica(2500);
    Record other = claim;
    other.scope.key = "k2";
    QVERIFY(store->insertClaim(other, 2600));
    const std::vector<Scope> lost = store->failover(3000);
    QCOMPARE(lost.size(), std::size_t(1));
    QCOMPARE(lost[0], other.scope);
    QVERIFY(store->read(scope));
    QVERIFY(!store->read(other.scope));
}

void TestRedisStore::modelOrphanLockHoldsTenSeconds()
{
    auto store = makeRedisModelStore();
    Record r;
    r.scope = { "a", "op", "k" };
    r.createdAt = 10;
    r.expiresAt = 100'000;
    QVERIFY(store->insertClaim(r, 10));
    Record fresh = r;
    fresh.createdAt = 500;
    QCOMPARE(store->overwriteOrphan(fresh, std::nullopt, 10'500, 500), OrphanWrite::Written);
    fresh.createdAt = 600;
    QCOMPARE(store->overwriteOrphan(fresh, std::nullopt, 10'600, 600), OrphanWrite::LockHeld);
    QCOMPARE(store->read(r.scope)->createdAt, Millis(500));
    // After the lock's time, a recovery that must find the record unchanged sees it changed.
    QCOMPARE(store->overwriteOrphan(fresh, Millis(10), 20'600, 10'600), OrphanWrite::Changed);
    // The same claim, completed since it was read, is changed too: the fixed recovery leaves a completed record alone
    // (the real store's script says so as well).
    Completion done;
    done.completedAt = 20'700;
    QVERIFY(store->complete(r.scope, 500, done, std::nullopt));
    Record again = r;
    again.createdAt = 30'700;
    QCOMPARE(store->overwriteOrphan(again, Millis(500), 40'700, 30'700), OrphanWrite::Changed);
    QCOMPARE(store->read(r.scope)->state, RecordState::Completed);
}

void TestRedisStore::urlsAreChecked_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<QString>("says");
    QTest::newRow("plain") << "redis://127.0.0.1:6380/2" << true << "";
    QTest::newRow("password_masked") << "redis://u:s3cret@localhost/0" << true << "";
    QTest::newRow("unix_socket") << "unix:///run/redis.sock?db=3" << true << "";
    QTest::newRow("not_a_url") << "localhost:6379" << false << "expected a URL";
    QTest::newRow("port_out_of_range") << "redis://h:70000" << false << "70000";
    QTest::newRow("db_not_a_number") << "redis://h:1/x" << false << "\"x\"";
    QTest::newRow("tls_unsupported") << "rediss://h:1" << false << "TLS";
    QTest::newRow("no_host") << "redis://:6379" << false << "no host";
    QTest::newRow("bad_escape_password_not_shown") << "redis://u:ab%zzsecret@h" << false << "password";
}

void TestRedisStore::urlsAreChecked()
{
    QFETCH(QString, url);
    QFETCH(bool, ok);
    QFETCH(QString, says);
    std::string why;
    const auto parsed = parseRedisUrl(url.toStdString(), why);
    QCOMPARE(parsed.has_value(), ok);
    if (ok) {
        QVERIFY(parsed->display().find("s3cret") == std::string::npos);
        return;
    }
    QVERIFY2(QString::fromStdString(why).contains(says), why.c_str());
    QVERIFY(why.find("secret") == std::string::npos);
}

void TestRedisStore::presetOnBothStores_data()
{
    QTest::addColumn<QString>("path");
    const QStringList presets = redisPresets();
    QVERIFY(presets.size() >= 6);
    for (const QString& p : presets)
        QTest::newRow(qPrintable(QFileInfo(p).fileName())) << p;
}

void TestRedisStore::presetOnBothStores()
{
    QFETCH(QString, path);
    const auto url = envUrl("IW_REDIS_URL");
    if (!url)
        QSKIP("no Redis configured (IW_REDIS_URL; run through scripts/with-postgres.sh, which starts one)");
    const Scenario scenario = loadScenarioFile(path.toStdString());
    const bool failover = std::any_of(scenario.faults.begin(), scenario.faults.end(),
        [](const FaultSpec& f) { return f.kind == FaultKind::Failover; });
    RedisStore::Options options;
    options.prefix = "iw-test-" + std::to_string(getpid()) + ":";
    if (failover) {
        options.replica = envUrl("IW_REDIS_REPLICA_URL");
        if (!options.replica)
            QSKIP("the failover preset needs the replica of scripts/with-redis.sh (IW_REDIS_REPLICA_URL)");
    }
    auto model = makeModelStore(scenario.service);
    Simulation a(scenario, *model);
    a.runToEnd();
    auto redis = RedisStore::connect(*url, options);
    Simulation b(scenario, *redis);
    b.runToEnd();
    std::string real = reportOf(b);
    const std::string from = "\"store\": \"redis\"";
    QVERIFY(real.find(from) != std::string::npos);
    real.replace(real.find(from), from.size(), "\"store\": \"memory\"");
    QCOMPARE(QString::fromStdString(real), QString::fromStdString(reportOf(a)));
    if (failover) {
        // The lost claim is visible: a writes_lost event, and two charges for one intent on the real server too.
        QVERIFY(real.find("\"writes_lost\"") != std::string::npos);
        QVERIFY(b.summary().duplicateEffects > 0);
    }
    redis->reset(); // leaves only the mark
}

// Every store operation, drawn at random over a few keys (with a failover in the middle of each run), gives the same
// answer and leaves the same records on the real server as in the model: the claim as one SET NX PX, the expiries the
// store follows, the conditional writes' scripts.
void TestRedisStore::operationsAgreeWithTheModel()
{
    const auto url = envUrl("IW_REDIS_URL");
    if (!url)
        QSKIP("no Redis configured (IW_REDIS_URL; run through scripts/with-postgres.sh, which starts one)");
    RedisStore::Options options;
    options.prefix = "iw-ops-" + std::to_string(getpid()) + ":";
    options.replica = envUrl("IW_REDIS_REPLICA_URL");
    auto real = RedisStore::connect(*url, options);
    auto model = makeRedisModelStore();
    const auto describe = [](const std::vector<Record>& rs) {
        QStringList out;
        for (const Record& r : rs)
            out << QStringLiteral("%1/%2 %3 created %4 expires %5 status %6 body %7 result %8 lease %9 hash %10")
                       .arg(QString::fromStdString(r.scope.key))
                       .arg(r.state == RecordState::Completed ? u"completed"_s : u"in_progress"_s)
                       .arg(r.createdAt)
                       .arg(r.expiresAt)
                       .arg(r.statusCode.value_or(-1))
                       .arg(QString::fromStdString(r.responseBody.value_or("-")))
                       .arg(QString::fromStdString(r.resultId.value_or("-")))
                       .arg(r.leaseUntil.value_or(-1))
                       .arg(QString::fromStdString(r.payloadHash))
                       .arg(QString::fromStdString(r.scope.operation));
        return out.join(u'\n');
    };
    for (int run = 0; run < 4; ++run) {
        real->reset();
        model->reset();
        std::uint64_t seed = 0x9e3779b97f4a7c15ULL * static_cast<std::uint64_t>(run + 1);
        const auto draw = [&](int n) {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            return static_cast<int>(seed % static_cast<std::uint64_t>(n));
        };
        Millis now = 0;
        bool detached = false;
        for (int step = 0; step < 150; ++step) {
            now += 1 + draw(40);
            const QString where = QStringLiteral("run %1, step %2").arg(run).arg(step);
            // Keys expire at their instant before any other work (as the simulation does).
            const auto expiredReal = real->expireKeys(now);
            const auto expiredModel = model->expireKeys(now);
            QCOMPARE(expiredReal.size(), expiredModel.size());
            for (std::size_t i = 0; i < expiredReal.size(); ++i) {
                QCOMPARE(expiredReal[i].scope, expiredModel[i].scope);
                QCOMPARE(expiredReal[i].state, expiredModel[i].state);
            }
            Record r;
            r.scope = { "actor", "POST /x", "k" + std::to_string(draw(4)) };
            r.payloadHash = "h" + std::to_string(draw(2));
            r.createdAt = now;
            r.expiresAt = draw(5) == 0 ? kNeverExpires : now + 20 + draw(200);
            if (draw(3) == 0)
                r.leaseUntil = now + draw(100);
            const std::optional<Record> seen = model->read(r.scope);
            const Millis version = seen ? seen->createdAt : now;
            Completion c;
            c.statusCode = 200 + draw(3);
            c.completedAt = now;
            if (draw(2))
                c.responseBody = "{\"n\": " + std::to_string(step) + ", \"s\": \"a/b\\u00e9\"}";
            if (draw(2))
                c.resultId = "r" + std::to_string(step);
            if (draw(2))
                c.expiresAt = now + 10 + draw(300);
            switch (draw(11)) {
            case 0:
            case 1:
                QVERIFY2(real->insertClaim(r, now) == model->insertClaim(r, now), qPrintable(where));
                break;
            case 2: {
                const std::optional<Millis> expected = draw(2) ? std::optional<Millis>(version) : std::nullopt;
                QVERIFY2(real->replaceIf(r.scope, expected, r, now) == model->replaceIf(r.scope, expected, r, now),
                    qPrintable(where));
                break;
            }
            case 3:
                QVERIFY2(real->complete(r.scope, version, c, std::nullopt)
                        == model->complete(r.scope, version, c, std::nullopt),
                    qPrintable(where));
                break;
            case 4:
                QVERIFY2(
                    real->deleteIfOwner(r.scope, version) == model->deleteIfOwner(r.scope, version), qPrintable(where));
                break;
            case 5:
                real->upsertCompletion(r, c, std::nullopt);
                model->upsertCompletion(r, c, std::nullopt);
                break;
            case 6:
                real->overwrite(r);
                model->overwrite(r);
                break;
            case 7: {
                const Millis lockUntil = now + draw(60);
                const std::optional<Millis> expected = draw(2) ? std::optional<Millis>(version) : std::nullopt;
                QVERIFY2(real->overwriteOrphan(r, expected, lockUntil, now)
                        == model->overwriteOrphan(r, expected, lockUntil, now),
                    qPrintable(where));
                break;
            }
            case 8: {
                const Millis at = now + draw(150);
                QVERIFY2(real->setExpiry(r.scope, at) == model->setExpiry(r.scope, at), qPrintable(where));
                break;
            }
            case 9:
                QVERIFY2(real->testAndSetSeen(r.scope) == model->testAndSetSeen(r.scope), qPrintable(where));
                break;
            default:
                real->deleteUnconditionally(r.scope);
                model->deleteUnconditionally(r.scope);
                break;
            }
            if (options.replica && step == 60) {
                real->detachReplica(now);
                model->detachReplica(now);
                detached = true;
                // Deleting a key that does not exist writes nothing: no write for the failover to lose.
                const Scope never { "actor", "POST /x", "never-written" };
                real->deleteUnconditionally(never);
                model->deleteUnconditionally(never);
            }
            if (detached && step == 100) {
                const auto lostReal = real->failover(now);
                const auto lostModel = model->failover(now);
                QCOMPARE(lostReal, lostModel);
                detached = false;
            }
            QCOMPARE(real->nextKeyExpiry(), model->nextKeyExpiry());
            QCOMPARE(real->read(r.scope), model->read(r.scope));
            const QString a = describe(real->records());
            const QString b = describe(model->records());
            QVERIFY2(a == b, qPrintable(where + u"\nreal:\n"_s + a + u"\nmodel:\n"_s + b));
        }
    }
    real.reset();
    RedisStore::connect(*url, options)->reset(); // leaves only the mark (and the replica's link back)
}

void TestRedisStore::storeOnlyTouchesItsMarkedPrefix()
{
    const auto url = envUrl("IW_REDIS_URL");
    if (!url)
        QSKIP("no Redis configured (IW_REDIS_URL)");
    const std::string prefix = "iw-foreign-" + std::to_string(getpid()) + ":";
    // A key of someone else's under the prefix: the store refuses the prefix and deletes nothing.
    RedisStore::Options options;
    options.prefix = prefix;
    auto store = RedisStore::connect(*url, options);
    Record r;
    r.scope = { "a", "op", "k" };
    r.createdAt = 1;
    r.expiresAt = 100;
    // Put a foreign key there with the store's own connection: an overwrite() writes a record key.
    {
        RedisStore::Options other;
        other.prefix = prefix + "x"; // a sub-prefix: its mark is not ours
        auto foreign = RedisStore::connect(*url, other);
        foreign->reset();
        foreign->overwrite(r);
    }
    try {
        store->reset();
        QFAIL("a prefix holding keys the workbench did not mark was accepted");
    } catch (const StoreError& e) {
        QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("did not mark")), e.what());
    }
    // Its own, marked prefix is emptied.
    RedisStore::Options own;
    own.prefix = prefix + "x";
    auto mine = RedisStore::connect(*url, own);
    mine->reset();
    QVERIFY(mine->records().empty());
}

void TestRedisStore::raceShowsSetNxArbitrating()
{
    const QByteArray url = qgetenv("IW_REDIS_URL");
    if (url.isEmpty())
        QSKIP("no Redis configured (IW_REDIS_URL)");
    const Cli r = cli({ QStringLiteral("race"), QStringLiteral("--store"), QStringLiteral("redis"),
        QStringLiteral("--redis"), QString::fromUtf8(url), QStringLiteral("--redis-prefix"),
        QStringLiteral("iw-race-%1:").arg(getpid()), QStringLiteral("--threads"), QStringLiteral("8"),
        QStringLiteral("--trials"), QStringLiteral("20"), QStringLiteral("--json") });
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QStringLiteral("\"store\": \"redis\"")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("\"trials_with_multiple_owners\": 0")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("\"created\": 20")), qPrintable(r.out));
}

void TestRedisStore::badInputAndServerFailures_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("says");
    const QString preset = QStringLiteral(IW_SOURCE_DIR "/resources/scenarios/redis-claim-expires-slow-handler.json");
    const QString run = QStringLiteral("run");
    QTest::newRow("url_does_not_parse") << QStringList { run, preset, u"--store"_s, u"redis"_s, u"--redis"_s,
        u"redis://h:99999"_s } << 2 << u"--redis: the port"_s;
    QTest::newRow("no_url") << QStringList { run, preset, u"--store"_s, u"redis"_s } << 2 << u"needs --redis URL"_s;
    QTest::newRow("unknown_option") << QStringList { run, preset, u"--store"_s, u"redis"_s, u"--redis-color"_s, u"x"_s }
                                    << 2 << u"unknown option --redis-color"_s;
    QTest::newRow("sql_scenario_on_redis") << QStringList { run,
        QStringLiteral(IW_SOURCE_DIR "/resources/scenarios/double-submit.json"), u"--store"_s, u"redis"_s, u"--redis"_s,
        u"redis://127.0.0.1:1/0"_s } << 2 << u"store_engine \"sql\""_s;
    QTest::newRow("redis_scenario_on_postgres")
        << QStringList { run, preset, u"--store"_s, u"postgres"_s } << 2 << u"PostgreSQL is a sql store"_s;
    QTest::newRow("unreachable") << QStringList { run, preset, u"--store"_s, u"redis"_s, u"--redis"_s,
        u"redis://127.0.0.1:1/0"_s }
                                 << 3 << u"cannot connect"_s;
    const QByteArray url = qgetenv("IW_REDIS_URL");
    const QByteArray replica = qgetenv("IW_REDIS_REPLICA_URL");
    if (!url.isEmpty()) {
        QString wrong = QString::fromUtf8(url);
        wrong.replace(QStringLiteral("redis://"), QStringLiteral("redis://nobody:wrong-password@"));
        QTest::newRow("password_refused") << QStringList { run, preset, u"--store"_s, u"redis"_s, u"--redis"_s, wrong }
                                          << 3 << u"refused the user name or password"_s;
    }
    if (!replica.isEmpty())
        QTest::newRow("replica_cannot_be_written") << QStringList { run, preset, u"--store"_s, u"redis"_s, u"--redis"_s,
            QString::fromUtf8(replica) } << 3 << u"read-only replica"_s;
}

void TestRedisStore::badInputAndServerFailures()
{
    QFETCH(QStringList, args);
    QFETCH(int, code);
    QFETCH(QString, says);
    const Cli r = cli(args);
    QVERIFY2(r.code == code, qPrintable(QStringLiteral("exit %1, stderr: %2").arg(r.code).arg(r.err)));
    QVERIFY2(r.err.contains(says), qPrintable(r.err));
    QVERIFY2(!r.err.contains(QStringLiteral("wrong-password")), qPrintable(r.err));
    // A server failure is one sentence; bad input is one sentence, followed by the usage line where the command has
    // one.
    if (code == 3)
        QCOMPARE(r.err.trimmed().count(QLatin1Char('\n')), 0);
    else
        QVERIFY2(r.err.section(QLatin1Char('\n'), 0, 0).contains(says), qPrintable(r.err));
}

// A Redis of its own with `maxmemory 1`: the shared one of scripts/with-redis.sh serves other tests at the same time,
// and a limit set there would fail their writes too.
void TestRedisStore::outOfMemoryIsOneSentence()
{
    const QString server = QStandardPaths::findExecutable(QStringLiteral("redis-server"));
    if (server.isEmpty())
        QSKIP("redis-server is not installed");
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    iwtest::ServedProcess redis;
    quint16 port = 0;
    for (int tries = 0; tries < 5 && !redis.isRunning(); ++tries) {
        {
            QTcpServer probe; // a port free a moment ago; another process may take it first, so a few tries
            QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
            port = probe.serverPort();
        }
        const QStringList args { QStringLiteral("--bind"), QStringLiteral("127.0.0.1"), QStringLiteral("--port"),
            QString::number(port), QStringLiteral("--dir"), dir.path(), QStringLiteral("--save"), QString(),
            QStringLiteral("--appendonly"), QStringLiteral("no"), QStringLiteral("--maxmemory"), QStringLiteral("1") };
        if (!redis.start(server, { .args = args }, QByteArrayLiteral("")))
            continue;
        bool answers = false;
        for (int i = 0; i < 50 && !answers && redis.isRunning(); ++i) {
            const iwtest::ChildResult ping = iwtest::runChild(QStringLiteral("redis-cli"),
                { .args = { QStringLiteral("-h"), QStringLiteral("127.0.0.1"), QStringLiteral("-p"),
                      QString::number(port), QStringLiteral("ping") },
                    .timeoutMs = 5'000 });
            answers = ping.ranToEnd() && ping.out.trimmed() == "PONG";
            if (!answers)
                QTest::qWait(100);
        }
        if (!answers)
            redis.stop();
    }
    QVERIFY2(redis.isRunning(), "a private redis-server did not start");
    const Cli r = cli({ QStringLiteral("run"),
        QStringLiteral(IW_SOURCE_DIR "/resources/scenarios/redis-claim-expires-slow-handler.json"),
        QStringLiteral("--store"), QStringLiteral("redis"), QStringLiteral("--redis"),
        QStringLiteral("redis://127.0.0.1:%1/0").arg(port), QStringLiteral("--redis-prefix"),
        QStringLiteral("iw-oom-%1:").arg(getpid()) });
    QVERIFY2(r.code == 3, qPrintable(r.err));
    QVERIFY2(r.err.contains(QStringLiteral("out of memory")), qPrintable(r.err));
    QCOMPARE(r.err.trimmed().count(QLatin1Char('\n')), 0);
}

QTEST_GUILESS_MAIN(TestRedisStore)
#include "tst_redisstore.moc"
