// The MySQL engine (docs/manual/stores.md) on a real MariaDB and in its embedded model. Every preset of the engine
// gives a byte-identical report on both (a CTest per preset: `mysql_preset_<name>`), the real store keeps to a database
// it marked, and bad input and server failures are one sentence with their exit codes. Needs the server
// scripts/with-mysql.sh starts (IW_MYSQL_CONNINFO, IW_MYSQL_ADMIN_CONNINFO); the conninfo rows run without it.
#include "childprocess.h"
#include "enginetest.h"
#include "mysqlconnection.h"
#include "mysqlconninfo.h"
#include "mysqlenv.h"
#include "mysqlstore.h"
#include "report.h"
#include "scenario.h"
#include "simulation.h"
#include "storeengine.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTcpServer>
#include <QTest>

#include <sstream>
#include <thread>
#include <unistd.h>

using namespace iw;
using namespace Qt::Literals::StringLiterals;

namespace {

using iwtest::reportOf;
using Cli = iwtest::CliText;

QStringList mysqlPresets()
{
    return iwtest::enginePresets(StoreEngine::Mysql);
}

Cli cli(const QStringList& args)
{
    return iwtest::cliText(args);
}

// The server's root, for what only an administrator does: a database of someone else's, a table of another shape,
// a read-only server.
std::unique_ptr<MysqlConnection> admin()
{
    const auto info = iwtest::envMysqlConninfo("IW_MYSQL_ADMIN_CONNINFO");
    return info ? MysqlConnection::open(*info, false) : nullptr;
}

// A database made by the administrator for one test, which the store's user may use; dropped at the end.
class ScratchDatabase {
public:
    ScratchDatabase(MysqlConnection& root, const std::string& tag)
        : m_root(root)
        , m_name("iwt_" + tag + "_" + std::to_string(getpid()))
    {
        m_root.exec("DROP DATABASE IF EXISTS " + m_name, "drop");
        m_root.exec("CREATE DATABASE " + m_name, "create");
        m_root.exec("GRANT ALL ON " + m_name + ".* TO 'iw'@'127.0.0.1'", "grant");
    }
    ~ScratchDatabase() { m_root.exec("DROP DATABASE IF EXISTS " + m_name, "drop"); }
    const std::string& name() const { return m_name; }
    void mark() { m_root.exec("ALTER DATABASE " + m_name + " COMMENT = '" + MysqlStore::databaseMark() + "'", "mark"); }
    // The store's conninfo with this database.
    QString conninfo() const
    {
        QString c = qEnvironmentVariable("IW_MYSQL_CONNINFO");
        c.replace(QRegularExpression(u"dbname=\\S+"_s), u"dbname="_s + QString::fromStdString(m_name));
        return c;
    }

private:
    MysqlConnection& m_root;
    std::string m_name;
};

// Alice's claim of `key` at `at`, kept a minute.
Record record(const char* key, Millis at)
{
    Record r;
    r.scope = { "alice", "POST /charges", key };
    r.payloadHash = "h";
    r.createdAt = at;
    r.expiresAt = at + 60'000;
    return r;
}

// Waits (at most 10 s: a killed session is gone in milliseconds) until no session `where` names is left, as
// `SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE <where>` with `params` counts them, and a little more
// for the client side to see it.
void awaitSessionsGone(MysqlConnection& root, const std::string& where, const std::vector<MysqlValue>& params)
{
    for (int i = 0; i < 100; ++i) {
        const auto left = root.query("SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE " + where, params,
            "wait for the sessions to go");
        if (left[0][0] == std::string("0"))
            break;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
}

} // namespace

class TestMysqlStore : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void conninfoIsChecked_data();
    void conninfoIsChecked();
    void presetOnBothStores_data();
    void presetOnBothStores();
    void cliRunMatchesTheModel_data();
    void cliRunMatchesTheModel();
    void storeOnlyEmptiesItsMarkedDatabase();
    void badInputAndServerFailures_data();
    void badInputAndServerFailures();
    void readOnlyServerIsRefused();
    void silentServerIsBounded();
    void tablesOfAnotherShapeAreRefused_data();
    void tablesOfAnotherShapeAreRefused();
    void raceLetsThePrimaryKeyArbitrate();
    void raceWithAHeldClaimAnswersItsVictims_data();
    void raceWithAHeldClaimAnswersItsVictims();
    void reconnectsAfterKill();
    void claimSessionsKilled();
};

void TestMysqlStore::conninfoIsChecked_data()
{
    QTest::addColumn<QString>("conninfo");
    QTest::addColumn<QString>("says"); // empty: it parses
    QTest::newRow("plain") << "host=127.0.0.1 port=3307 user=iw password=x dbname=iw"
                           << "";
    QTest::newRow("quoted") << "host=127.0.0.1 password='a b\\'c' dbname=iw"
                            << "";
    QTest::newRow("no_equals") << "host=127.0.0.1 dbname"
                               << "expected key=value at character 16";
    QTest::newRow("unknown_key") << "host=h sslmode=require dbname=iw"
                                 << "unknown key \"sslmode\" at character 8";
    QTest::newRow("bad_port") << "port=99999 dbname=iw"
                              << "port \"99999\" at character 1 is not a port number";
    QTest::newRow("unclosed") << "password='abc dbname=iw"
                              << "is not closed";
    QTest::newRow("no_database") << "host=127.0.0.1 user=iw"
                                 << "no dbname=NAME";
    QTest::newRow("bad_timeout") << "dbname=iw connect_timeout=0"
                                 << "connect_timeout \"0\"";
}

void TestMysqlStore::conninfoIsChecked()
{
    QFETCH(QString, conninfo);
    QFETCH(QString, says);
    std::string why;
    const auto parsed = parseMysqlConninfo(conninfo.toStdString(), why);
    QCOMPARE(parsed.has_value(), says.isEmpty());
    if (parsed) {
        QVERIFY(!parsed->database.empty());
        if (conninfo.contains(u"'a b"_s))
            QCOMPARE(parsed->password, std::string("a b'c"));
        return;
    }
    QVERIFY2(QString::fromStdString(why).contains(says), why.c_str());
    QVERIFY2(QString::fromStdString(why).startsWith(u"--conninfo: "_s), why.c_str());
}

void TestMysqlStore::presetOnBothStores_data()
{
    QTest::addColumn<QString>("path");
    if (qEnvironmentVariableIsSet("IW_MYSQL_PRESETS_APART")) {
        // The whole suite's run: each preset has a CTest of its own (mysql_preset_<name>).
        QTest::newRow("apart") << QString();
        return;
    }
    const QStringList presets = mysqlPresets();
    QVERIFY(presets.size() >= 3);
    for (const QString& p : presets)
        QTest::newRow(qPrintable(QFileInfo(p).baseName())) << p;
}

void TestMysqlStore::presetOnBothStores()
{
    QFETCH(QString, path);
    if (path.isEmpty())
        QSKIP("each preset runs in a CTest of its own (mysql_preset_<name>)");
    const auto info = iwtest::envMysqlConninfo("IW_MYSQL_CONNINFO");
    if (!info)
        QSKIP("no MariaDB configured (IW_MYSQL_CONNINFO; run through scripts/with-postgres.sh, which starts one)");
    const Scenario scenario = loadScenarioFile(path.toStdString());
    const bool holds = std::any_of(scenario.faults.begin(), scenario.faults.end(),
        [](const FaultSpec& f) { return f.kind == FaultKind::RollbackClaim; });
    auto model = makeModelStore(scenario.service);
    Simulation a(scenario, *model);
    a.runToEnd();
    auto mysql = MysqlStore::connect(*info, MysqlStore::optionsFor(scenario.service, holds));
    mysql->reset();
    Simulation b(scenario, *mysql);
    b.runToEnd();
    std::string real = reportOf(b);
    const std::string from = "\"store\": \"mysql\"";
    QVERIFY(real.find(from) != std::string::npos);
    real.replace(real.find(from), from.size(), "\"store\": \"memory\"");
    QCOMPARE(QString::fromStdString(real), QString::fromStdString(reportOf(a)));
    if (holds) // the server's own deadlock: a victim's ERROR 1213 in the report
        QVERIFY(real.find("ERROR 1213") != std::string::npos || real.find("\"deadlock\"") != std::string::npos);
    mysql->reset();
}

void TestMysqlStore::cliRunMatchesTheModel_data()
{
    QTest::addColumn<QString>("preset");
    // The deadlock presets' lessons expect the held claim's row in_progress while its transaction is open: the store
    // lists it as the model does (before, --check failed on "record order-9 absent").
    for (const char* name : { "mysql-insert-ignore-truncated-key", "mysql-same-key-deadlock" })
        QTest::newRow(name) << QStringLiteral(IW_SOURCE_DIR "/resources/scenarios/%1.json").arg(QLatin1String(name));
}

void TestMysqlStore::cliRunMatchesTheModel()
{
    if (qEnvironmentVariableIsEmpty("IW_MYSQL_CONNINFO"))
        QSKIP("no MariaDB configured (IW_MYSQL_CONNINFO)");
    QFETCH(QString, preset);
    const Cli memory = cli({ u"run"_s, preset });
    const Cli real = cli({ u"run"_s, preset, u"--store"_s, u"mysql"_s, u"--conninfo"_s,
        qEnvironmentVariable("IW_MYSQL_CONNINFO"), u"--check"_s });
    QVERIFY2(real.code == 0, qPrintable(real.err));
    QString out = real.out;
    out.replace(u"\"store\": \"mysql\""_s, u"\"store\": \"memory\""_s);
    QCOMPARE(out, memory.out);
}

void TestMysqlStore::storeOnlyEmptiesItsMarkedDatabase()
{
    auto root = admin();
    if (!root || qEnvironmentVariableIsEmpty("IW_MYSQL_CONNINFO"))
        QSKIP("no MariaDB configured (IW_MYSQL_CONNINFO, IW_MYSQL_ADMIN_CONNINFO)");
    ScratchDatabase db(*root, "foreign");
    root->exec("CREATE TABLE " + db.name() + ".orders (id INT PRIMARY KEY) ENGINE=InnoDB", "create");
    root->exec("INSERT INTO " + db.name() + ".orders VALUES (1), (2)", "insert");
    std::string why;
    const auto info = parseMysqlConninfo(db.conninfo().toStdString(), why);
    QVERIFY(info);
    try {
        MysqlStore::connect(*info, {});
        QFAIL("a database of someone else's was taken");
    } catch (const StoreError& e) {
        QCOMPARE(e.kind(), StoreError::Kind::Fatal);
        QVERIFY2(QString::fromUtf8(e.what()).contains(u"holds tables the workbench did not make (orders)"_s), e.what());
    }
    const auto rows = root->query("SELECT COUNT(*) FROM " + db.name() + ".orders", {}, "count");
    QCOMPARE(rows[0][0], std::optional<std::string>("2"));
    const auto tables
        = root->query("SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = ?", { db.name() }, "count");
    QCOMPARE(tables[0][0], std::optional<std::string>("1"));
    // An empty database is marked and used; once marked, the store empties it on reset.
    ScratchDatabase empty(*root, "empty");
    const auto emptyInfo = parseMysqlConninfo(empty.conninfo().toStdString(), why);
    auto store = MysqlStore::connect(*emptyInfo, {});
    const auto mark = root->query(
        "SELECT SCHEMA_COMMENT FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?", { empty.name() }, "mark");
    QCOMPARE(mark[0][0], std::optional<std::string>(MysqlStore::databaseMark()));
    Record r;
    r.scope = { "a", "op", "k" };
    r.createdAt = 5;
    r.expiresAt = 100;
    QVERIFY(store->insertClaim(r, 5));
    QVERIFY(!store->insertClaim(r, 6));
    QCOMPARE(store->records().size(), std::size_t(1));
    store->reset();
    QVERIFY(store->records().empty());
}

void TestMysqlStore::badInputAndServerFailures_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("says");
    const QString preset = QStringLiteral(IW_SOURCE_DIR "/resources/scenarios/mysql-same-key-deadlock.json");
    const QString conninfo = qEnvironmentVariable("IW_MYSQL_CONNINFO");
    const auto run = [&](const QString& c) {
        return QStringList { u"run"_s, preset, u"--store"_s, u"mysql"_s, u"--conninfo"_s, c };
    };
    QTest::newRow("does_not_parse") << run(u"host=127.0.0.1 dbname=iw bogus"_s) << 2
                                    << u"--conninfo: expected key=value at character 26"_s;
    QTest::newRow("unknown_key") << run(u"host=127.0.0.1 sslmode=require dbname=iw"_s) << 2
                                 << u"unknown key \"sslmode\""_s;
    QTest::newRow("no_conninfo") << QStringList { u"run"_s, preset, u"--store"_s, u"mysql"_s } << 2
                                 << u"--store mysql needs --conninfo"_s;
    QTest::newRow("other_engine") << QStringList { u"run"_s,
        QStringLiteral(IW_SOURCE_DIR "/resources/scenarios/unique-claim-race.json"), u"--store"_s, u"mysql"_s,
        u"--conninfo"_s, u"dbname=iw"_s }
                                  << 2 << u"and MariaDB is the mysql engine"_s;
    QTest::newRow("serve_other_engine") << QStringList { u"serve"_s,
        QStringLiteral(IW_SOURCE_DIR "/resources/scenarios/unique-claim-race.json"), u"--port"_s, u"0"_s, u"--store"_s,
        u"mysql"_s, u"--conninfo"_s,
        u"dbname=iw"_s } << 2 << u"--store mysql serves a scenario whose service has store_engine \"mysql\""_s;
    QTest::newRow("serve_does_not_parse") << QStringList { u"serve"_s, preset, u"--port"_s, u"0"_s, u"--store"_s,
        u"mysql"_s, u"--conninfo"_s, u"port=x dbname=iw"_s }
                                          << 2 << u"--conninfo: port \"x\" at character 1 is not a port number"_s;
    // A key column longer than InnoDB's primary key can hold on utf8mb4 text: found before anything connects.
    const QString longKeys = QDir::temp().filePath(u"iw-mysql-long-keys-%1.json"_s.arg(getpid()));
    {
        QFile f(longKeys);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"format": "idempotency-workbench/scenario@1", "name": "long-keys", "seed": 1,
 "service": {"profile": "ietf", "store_engine": "mysql", "key_column_length": 400},
 "clients": [{"id": "c", "actor": "a", "timeout_ms": 1000, "retry": {"max_attempts": 1}}],
 "requests": [{"at_ms": 0, "client": "c", "operation": "op", "key": "k", "payload": {}}]})");
    }
    QTest::newRow("key_column_too_long") << QStringList { u"run"_s, longKeys, u"--store"_s, u"mysql"_s, u"--conninfo"_s,
        u"dbname=iw"_s } << 2 << u"key_column_length 400 is longer than a MariaDB store's key column"_s;
    QTest::newRow("serve_key_column_too_long") << QStringList {
        u"serve"_s, longKeys, u"--port"_s, u"0"_s, u"--store"_s, u"mysql"_s, u"--conninfo"_s, u"dbname=iw"_s
    } << 2 << u"key_column_length 400 is longer than a MariaDB store's key column"_s;
    if (conninfo.isEmpty())
        return;
    QString wrong = conninfo;
    wrong.replace(QRegularExpression(u"password=\\S+"_s), u"password=wrong-password"_s);
    QTest::newRow("refused_login") << run(wrong) << 3 << u"refused the login of user \"iw\""_s;
    // A port where nothing listens: refused at once.
    QTcpServer probe;
    QVERIFY(probe.listen(QHostAddress::LocalHost));
    const quint16 closed = probe.serverPort();
    probe.close();
    QTest::newRow("unreachable") << run(u"host=127.0.0.1 port=%1 user=iw dbname=iw connect_timeout=2"_s.arg(closed))
                                 << 3 << u"cannot reach MariaDB at 127.0.0.1:%1"_s.arg(closed);
}

void TestMysqlStore::badInputAndServerFailures()
{
    QFETCH(QStringList, args);
    QFETCH(int, code);
    QFETCH(QString, says);
    const Cli r = cli(args);
    QVERIFY2(r.code == code, qPrintable(QStringLiteral("exit %1, stderr: %2").arg(r.code).arg(r.err)));
    QVERIFY2(r.err.contains(says), qPrintable(r.err));
    QVERIFY2(!r.err.contains(u"iw-store"_s), qPrintable(r.err)); // never the password
    if (code == 3)
        QCOMPARE(r.err.trimmed().count(QLatin1Char('\n')), 0);
    else
        QVERIFY2(r.err.section(QLatin1Char('\n'), 0, 0).contains(says), qPrintable(r.err));
}

void TestMysqlStore::readOnlyServerIsRefused()
{
    auto root = admin();
    if (!root || qEnvironmentVariableIsEmpty("IW_MYSQL_CONNINFO"))
        QSKIP("no MariaDB configured (IW_MYSQL_CONNINFO, IW_MYSQL_ADMIN_CONNINFO)");
    root->exec("SET GLOBAL read_only = ON", "read-only");
    struct Back {
        MysqlConnection& root;
        ~Back() { root.exec("SET GLOBAL read_only = OFF", "writable"); }
    } back { *root };
    const Cli r = cli({ u"run"_s, QStringLiteral(IW_SOURCE_DIR "/resources/scenarios/mysql-same-key-deadlock.json"),
        u"--store"_s, u"mysql"_s, u"--conninfo"_s, qEnvironmentVariable("IW_MYSQL_CONNINFO") });
    QVERIFY2(r.code == 3, qPrintable(r.err));
    QVERIFY2(r.err.contains(u"is read-only (read_only is ON), and the store must write"_s), qPrintable(r.err));
    QCOMPARE(r.err.trimmed().count(QLatin1Char('\n')), 0);
}

void TestMysqlStore::silentServerIsBounded()
{
    // A server that accepts the connection and never says a word (packets vanishing): connect_timeout bounds it.
    QTcpServer silent;
    QVERIFY(silent.listen(QHostAddress::LocalHost));
    const Cli r = cli({ u"run"_s, QStringLiteral(IW_SOURCE_DIR "/resources/scenarios/mysql-same-key-deadlock.json"),
        u"--store"_s, u"mysql"_s, u"--conninfo"_s,
        u"host=127.0.0.1 port=%1 user=iw dbname=iw connect_timeout=1 read_timeout=1"_s.arg(silent.serverPort()) });
    QVERIFY2(r.code == 3, qPrintable(QStringLiteral("exit %1, stderr: %2").arg(r.code).arg(r.err)));
    QVERIFY2(r.err.contains(u"cannot reach MariaDB at 127.0.0.1:%1 within 1 s"_s.arg(silent.serverPort())),
        qPrintable(r.err));
    QCOMPARE(r.err.trimmed().count(QLatin1Char('\n')), 0);
}

void TestMysqlStore::tablesOfAnotherShapeAreRefused_data()
{
    QTest::addColumn<QString>("table"); // the definition the administrator gives request_idempotency
    QTest::addColumn<QString>("says");
    QTest::newRow("missing_column") << u"(actor_id VARCHAR(191), operation VARCHAR(191), idempotency_key VARCHAR(255), "
                                       "payload_hash VARCHAR(255), state VARCHAR(16)) ENGINE=InnoDB"_s
                                    << u"request_idempotency has no column status_code"_s;
    QTest::newRow("other_type") << u"(actor_id VARCHAR(191), operation VARCHAR(191), idempotency_key VARCHAR(255), "
                                   "payload_hash VARCHAR(255), state VARCHAR(16), status_code INT, response_body "
                                   "LONGTEXT, created_ms DATETIME, completed_ms BIGINT, expires_ms BIGINT, "
                                   "lease_until_ms BIGINT, result_id VARCHAR(255)) ENGINE=InnoDB"_s
                                << u"column created_ms of table %1.request_idempotency is datetime, and the store's is "
                                   "bigint"_s;
    QTest::newRow("myisam") << u"(actor_id VARCHAR(191)) ENGINE=MyISAM"_s
                            << u"request_idempotency uses the MyISAM engine, which has no transactions"_s;
}

void TestMysqlStore::tablesOfAnotherShapeAreRefused()
{
    QFETCH(QString, table);
    QFETCH(QString, says);
    auto root = admin();
    if (!root || qEnvironmentVariableIsEmpty("IW_MYSQL_CONNINFO"))
        QSKIP("no MariaDB configured (IW_MYSQL_CONNINFO, IW_MYSQL_ADMIN_CONNINFO)");
    ScratchDatabase db(*root, "shape");
    db.mark(); // the store's own database, with a table it did not make
    root->exec("CREATE TABLE " + db.name() + ".request_idempotency " + table.toStdString(), "create");
    const Cli r = cli({ u"run"_s, QStringLiteral(IW_SOURCE_DIR "/resources/scenarios/mysql-same-key-deadlock.json"),
        u"--store"_s, u"mysql"_s, u"--conninfo"_s, db.conninfo() });
    QVERIFY2(r.code == 3, qPrintable(QStringLiteral("exit %1, stderr: %2").arg(r.code).arg(r.err)));
    QVERIFY2(r.err.contains(says.arg(QString::fromStdString(db.name()))), qPrintable(r.err));
    QCOMPARE(r.err.trimmed().count(QLatin1Char('\n')), 0);
    // Nothing was touched: the table is as the administrator made it.
    const auto columns = root->query("SELECT COUNT(*) FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND "
                                     "TABLE_NAME = 'request_idempotency'",
        { db.name() }, "count");
    QCOMPARE(QString::fromStdString(columns[0][0].value_or("")).toInt(), int(table.count(u","_s)) + 1);
}

void TestMysqlStore::raceLetsThePrimaryKeyArbitrate()
{
    if (qEnvironmentVariableIsEmpty("IW_MYSQL_CONNINFO"))
        QSKIP("no MariaDB configured (IW_MYSQL_CONNINFO)");
    const int threads = 4;
    const int trials = 5;
    const Cli r = cli({ u"race"_s, u"--store"_s, u"mysql"_s, u"--conninfo"_s, qEnvironmentVariable("IW_MYSQL_CONNINFO"),
        u"--threads"_s, QString::number(threads), u"--trials"_s, QString::number(trials), u"--json"_s });
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(o.value(u"store"_s).toString(), u"mysql"_s);
    QCOMPARE(o.value(u"trials_with_multiple_owners"_s).toInt(), 0);
    QCOMPARE(o.value(u"effects"_s).toInt(), trials);
    QCOMPARE(o.value(u"decisions"_s).toObject().value(u"created"_s).toInt(), trials);
    // Every loser met the winner's row: ERROR 1062, SQLSTATE 23000.
    QCOMPARE(o.value(u"sqlstates"_s).toObject().value(u"23000"_s).toInt(), threads * trials - trials);
}

void TestMysqlStore::raceWithAHeldClaimAnswersItsVictims_data()
{
    QTest::addColumn<QString>("deadlock");
    QTest::newRow("error") << u"error"_s;
    QTest::newRow("retry") << u"retry"_s;
}

void TestMysqlStore::raceWithAHeldClaimAnswersItsVictims()
{
    QFETCH(QString, deadlock);
    if (qEnvironmentVariableIsEmpty("IW_MYSQL_CONNINFO"))
        QSKIP("no MariaDB configured (IW_MYSQL_CONNINFO)");
    const int trials = 3;
    const Cli r = cli({ u"race"_s, u"--store"_s, u"mysql"_s, u"--conninfo"_s, qEnvironmentVariable("IW_MYSQL_CONNINFO"),
        u"--threads"_s, u"3"_s, u"--trials"_s, QString::number(trials), u"--hold-ms"_s, u"300"_s, u"--deadlock"_s,
        deadlock, u"--json"_s });
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
    const QJsonObject decisions = o.value(u"decisions"_s).toObject();
    const int victims = o.value(u"sqlstates"_s).toObject().value(u"40001"_s).toInt();
    qInfo("deadlock %s: %d victim(s) in %d trials: %s", qPrintable(deadlock), victims, trials, qPrintable(r.out));
    // Thread 0's claim rolls back in every trial; one of the others inserts and charges once.
    QCOMPARE(o.value(u"trials_with_multiple_owners"_s).toInt(), 0);
    QCOMPARE(decisions.value(u"created"_s).toInt(), trials);
    QCOMPARE(o.value(u"effects"_s).toInt(), trials);
    QVERIFY(victims <= trials); // at most one of the two waiters per trial
    // deadlock "error" answers each victim 500 like the rolled-back owner; "retry" runs its claim again instead.
    const int expectedUnavailable = deadlock == u"error"_s ? trials + victims : trials;
    QCOMPARE(decisions.value(u"store_unavailable"_s).toInt(), expectedUnavailable);
}

// The server ends the store's sessions (KILL CONNECTION from another session, as an administrator or a failover
// does): the next operation opens them again and goes on. A write the connection dies under — killed while it waits
// on a row lock another session holds — says unknown_outcome when it was one autocommit statement (the server may
// have applied it), and that nothing was written when it was a transaction that had not reached COMMIT.
void TestMysqlStore::reconnectsAfterKill()
{
    auto root = admin();
    if (!root)
        QSKIP("no MariaDB configured (IW_MYSQL_ADMIN_CONNINFO; run through scripts/with-postgres.sh)");
    ScratchDatabase db(*root, "kill");
    std::string why;
    const auto info = parseMysqlConninfo(db.conninfo().toStdString(), why);
    QVERIFY2(info, why.c_str());
    auto store = MysqlStore::connect(*info, MysqlStore::Options {});
    // Kills every session of the store's user in the scratch database and waits until the server has closed them.
    const auto killStore = [&](std::optional<long long> only = std::nullopt) {
        const auto ids = root->query("SELECT ID FROM information_schema.PROCESSLIST WHERE DB = ? AND USER = 'iw'",
            { db.name() }, "find the store's sessions");
        int killed = 0;
        for (const MysqlRow& r : ids) {
            if (only && std::to_string(*only) != r[0].value_or(""))
                continue;
            root->exec("KILL CONNECTION " + r[0].value_or("0"), "kill a session of the store");
            ++killed;
        }
        awaitSessionsGone(*root, "DB = ? AND USER = 'iw' AND COMMAND = 'Killed'", { db.name() });
        return killed;
    };
    QVERIFY(store->insertClaim(record("k1", 1000), 1000));
    QVERIFY(killStore() >= 2); // the main session and the claim's
    // Before: "lost the connection … while trying to read the record", on every operation from then on.
    const auto read = store->read(record("k1", 1000).scope);
    QVERIFY(read);
    QCOMPARE(read->createdAt, Millis(1000));
    QVERIFY(killStore() >= 2);
    QVERIFY(store->insertClaim(record("k2", 2000), 2000)); // the claim's session too
    QVERIFY(killStore() >= 2);
    Completion done;
    done.statusCode = 201;
    done.responseBody = "{}";
    done.completedAt = 1500;
    EffectRow effect { "e1", record("k1", 1000).scope, "i1", "r1", 1500 };
    QVERIFY(store->complete(record("k1", 1000).scope, 1000, done, effect));
    QCOMPARE(int(store->read(record("k1", 1000).scope)->state), int(RecordState::Completed));

    // A write killed in flight: another session holds k2's row, the store's statement waits on it and is killed.
    const auto killedInFlight = [&](const std::function<void()>& write) {
        auto holder = admin();
        holder->exec("START TRANSACTION", "begin");
        holder->query("SELECT * FROM " + db.name() + ".request_idempotency WHERE idempotency_key = 'k2' FOR UPDATE", {},
            "hold k2's row");
        std::optional<StoreError> error;
        std::thread t([&] {
            try {
                write();
            } catch (const StoreError& e) {
                error = e;
            }
        });
        bool waited = false;
        for (int i = 0; i < 80 && !waited; ++i) { // the store's lock wait gives up after 10 s
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
            const auto waiting = root->query("SELECT trx_mysql_thread_id FROM information_schema.INNODB_TRX WHERE "
                                             "trx_state = 'LOCK WAIT'",
                {}, "find the waiting write");
            if (!waiting.empty()) {
                root->exec("KILL CONNECTION " + waiting[0][0].value_or("0"), "kill the waiting write's session");
                waited = true;
            }
        }
        t.join();
        holder->exec("ROLLBACK", "let go");
        if (!waited)
            return std::optional<StoreError>(StoreError(StoreError::Kind::Fatal, "the write never waited on the lock"));
        return error;
    };
    const auto autocommit = killedInFlight([&] { store->deleteIfOwner(record("k2", 2000).scope, 2000); });
    QVERIFY(autocommit);
    QVERIFY2(autocommit->kind() == StoreError::Kind::UnknownOutcome, autocommit->what());
    const auto inTransaction = killedInFlight([&] {
        store->complete(
            record("k2", 2000).scope, 2000, done, EffectRow { "e2", record("k2", 2000).scope, "i2", "r2", 2500 });
    });
    QVERIFY(inTransaction);
    QVERIFY2(inTransaction->kind() == StoreError::Kind::Unavailable, inTransaction->what());
    QVERIFY2(QString::fromUtf8(inTransaction->what()).contains(u"nothing was written"_s), inTransaction->what());
    // What really happened: the delete did not run (the store did not guess it), the completion wrote nothing.
    const auto k2 = store->read(record("k2", 2000).scope);
    QVERIFY(k2);
    QCOMPARE(int(k2->state), int(RecordState::InProgress));
    QCOMPARE(store->effects().size(), std::size_t(1));
}

// rollback_claim's own sessions killed from another session: the held claim's (its claim was rolled back with it: the
// claim waiting on it goes on as at the ROLLBACK), a waiting claim's while it waits and after its answer came (it
// never committed: store_unavailable, nothing written); each time the store goes on with new sessions.
void TestMysqlStore::claimSessionsKilled()
{
    auto root = admin();
    if (!root)
        QSKIP("no MariaDB configured (IW_MYSQL_ADMIN_CONNINFO; run through scripts/with-postgres.sh)");
    ScratchDatabase db(*root, "killclaims");
    std::string why;
    const auto info = parseMysqlConninfo(db.conninfo().toStdString(), why);
    QVERIFY2(info, why.c_str());
    MysqlStore::Options options;
    options.holdsClaims = true;
    auto store = MysqlStore::connect(*info, options);
    // The store's transaction in this state ("LOCK WAIT", "RUNNING"): its session's id, or "" when none is.
    const auto transactionIn = [&](const char* state) {
        // InnoDB refreshes the table behind INNODB_TRX only when it has not been read for 100 ms.
        std::this_thread::sleep_for(std::chrono::milliseconds(150));
        const auto rows = root->query("SELECT t.trx_mysql_thread_id FROM information_schema.INNODB_TRX t JOIN "
                                      "information_schema.PROCESSLIST p ON p.ID = t.trx_mysql_thread_id WHERE p.DB = ? "
                                      "AND p.USER = 'iw' AND t.trx_state = ?",
            { db.name(), std::string(state) }, "find the store's transaction");
        return rows.size() == 1 ? rows[0][0].value_or("") : std::string();
    };
    const auto kill = [&](const std::string& id) {
        root->exec("KILL CONNECTION " + id, "kill a session of the store");
        awaitSessionsGone(*root, "ID = ?", { std::stoll(id) });
    };
    // A claim held until `until`, and another request's claim of the key waiting on it: its ticket.
    const auto holdAndWait = [&](const char* key, Millis at, Millis until) {
        if (!store->insertClaim(record(key, at), at))
            return -1;
        store->holdClaim(record(key, at).scope, at, until);
        int ticket = -1;
        const auto waits = store->awaitClaimLock(record(key, at).scope, at + 1000, ticket);
        return waits && *waits == until ? ticket : -1;
    };

    // 1. The waiting claim's session killed while it waits.
    int ticket = holdAndWait("k1", 1000, 5000);
    QVERIFY(ticket >= 0);
    std::string waiter = transactionIn("LOCK WAIT");
    QVERIFY(!waiter.empty());
    kill(waiter);
    // Before: the release's reading of the killed waiter's answer threw out of the held claim's ROLLBACK.
    QVERIFY(store->rollbackClaim(record("k1", 1000).scope, 1000, 5000));
    try {
        store->endLockWait(record("k1", 5000), ticket, 5000);
        QFAIL("a claim whose session was killed was answered");
    } catch (const StoreError& e) {
        QVERIFY2(e.kind() == StoreError::Kind::Unavailable, e.what());
        QVERIFY2(QString::fromUtf8(e.what()).contains(u"nothing was written"_s), e.what());
        QCOMPARE(QString::fromUtf8(e.what()).count(u'\n'), 0);
    }
    QVERIFY(!store->read(record("k1", 0).scope)); // the held claim and the waiting one both rolled back

    // 2. The held claim's session killed while a claim waits on it: the server rolled the held claim back, the waiting
    // claim took the row, and the ROLLBACK due later has nothing left to do.
    ticket = holdAndWait("k2", 10'000, 15'000);
    QVERIFY(ticket >= 0);
    const std::string held = transactionIn("RUNNING");
    QVERIFY(!held.empty());
    kill(held);
    // Before: unknown_outcome from the ROLLBACK on the lost session, and the waiting claim never answered.
    QVERIFY(store->rollbackClaim(record("k2", 10'000).scope, 10'000, 15'000));
    QCOMPARE(int(store->endLockWait(record("k2", 15'000), ticket, 15'000)), int(LockWaitEnd::Inserted));
    const auto k2 = store->read(record("k2", 0).scope);
    QVERIFY(k2);
    QCOMPARE(k2->createdAt, Millis(15'000)); // the waiting claim's row, committed

    // 3. The waiting claim's session killed after the server answered it (its row inserted, not committed).
    ticket = holdAndWait("k3", 20'000, 25'000);
    QVERIFY(ticket >= 0);
    QVERIFY(store->rollbackClaim(record("k3", 20'000).scope, 20'000, 25'000));
    waiter = transactionIn("RUNNING");
    QVERIFY(!waiter.empty());
    kill(waiter);
    try {
        store->endLockWait(record("k3", 25'000), ticket, 25'000);
        QFAIL("a claim whose session was killed before its COMMIT was answered");
    } catch (const StoreError& e) {
        // Before: unknown_outcome, though the server had certainly rolled the claim back.
        QVERIFY2(e.kind() == StoreError::Kind::Unavailable, e.what());
        QVERIFY2(QString::fromUtf8(e.what()).contains(u"nothing was written"_s), e.what());
    }
    QVERIFY(!store->read(record("k3", 0).scope));

    // The store goes on, its claims held and waited on through new sessions.
    ticket = holdAndWait("k4", 30'000, 35'000);
    QVERIFY(ticket >= 0);
    QVERIFY(store->rollbackClaim(record("k4", 30'000).scope, 30'000, 35'000));
    QCOMPARE(int(store->endLockWait(record("k4", 35'000), ticket, 35'000)), int(LockWaitEnd::Inserted));
    QCOMPARE(store->read(record("k4", 0).scope)->createdAt, Millis(35'000));
    QCOMPARE(store->records().size(), std::size_t(2)); // k2's and k4's
}

QTEST_GUILESS_MAIN(TestMysqlStore)
#include "tst_mysqlstore.moc"
