// A live MySQL/MariaDB idempotency table (docs/manual/live-tables.md "MySQL and MariaDB"): `inspect --mysql` reads the
// same rows as PostgreSQL's inspect reads and finds the same counts and anomalies (and the same --due-within count);
// pages follow the key order by cursor, and seek (--go-to-key, --go-to-key-order, --go-to-time, --last-page); the
// workbench-mysql preset fits the table --store mysql writes; a user with only SELECT suffices. Watched from another
// session (the server's general log, InnoDB's transactions, a writer between pages): every read is inside START
// TRANSACTION READ ONLY and ended, nothing is SET on the session, each statement carries its time bound, and a write to
// the rows completes while the inspector is between pages. Bad input is exit 2, a server failure exit 3, each one
// sentence. Needs the MariaDB of scripts/with-mysql.sh (IW_MYSQL_CONNINFO, IW_MYSQL_ADMIN_CONNINFO) and, for the
// comparison, the PostgreSQL of scripts/with-postgres.sh (PG*).
#include "childprocess.h"
#include "livemapping.h"
#include "livereport.h"
#include "mysqlconnection.h"
#include "mysqlconninfo.h"
#include "mysqlenv.h"
#include "mysqlinspector.h"
#include "pgadmin.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QRegularExpression>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <iterator>
#include <set>
#include <unistd.h>

using namespace iw;
using namespace Qt::Literals::StringLiterals;

namespace {

struct Cli {
    int code = -1;
    QString out;
    QString err;
};

Cli cli(const QStringList& args)
{
    const iwtest::ChildResult p = iwtest::runCli(args, { .timeoutMs = 120'000 });
    return { p.ranToEnd() ? p.exitCode : -1, QString::fromUtf8(p.out), QString::fromUtf8(p.err) };
}

QJsonObject jsonOf(const Cli& r)
{
    return QJsonDocument::fromJson(r.out.toUtf8()).object();
}

// The idempotency table of the comparison, in each dialect: the seed's columns, times as instants.
const char* kMysqlTable
    = "CREATE TABLE %1 (actor_id VARCHAR(64) NOT NULL, operation VARCHAR(64) NOT NULL, idem_key "
      "VARCHAR(64) NOT NULL, state VARCHAR(16) NOT NULL, payload_hash VARCHAR(64) NULL, "
      "status_code INT NULL, response_body TEXT NULL, created_at TIMESTAMP(3) NULL, expires_at "
      "TIMESTAMP(3) NULL, lease_until TIMESTAMP(3) NULL, PRIMARY KEY (actor_id, operation, idem_key))"
      " ENGINE=InnoDB";
const char* kPgTable
    = "CREATE TABLE %1 (actor_id text NOT NULL, operation text NOT NULL, idem_key text NOT NULL, state "
      "text NOT NULL, payload_hash text, status_code int, response_body text, created_at timestamptz, "
      "expires_at timestamptz, lease_until timestamptz, PRIMARY KEY (actor_id, operation, idem_key))";

// The rows, as (key, actor, state, hash, status, body, created, expires, lease) with times as offsets from the
// server's now in seconds (empty: NULL). Each one is there for a rule.
struct Row {
    const char* key;
    const char* actor;
    const char* state;
    const char* hash;
    const char* status;
    const char* body;
    const char* created;
    const char* expires;
    const char* lease;
};
const Row kRows[] = {
    { "k01", "a1", "in_progress", "h01", "", "", "-600", "3600", "" }, // stuck: no lease, older than 5 min
    { "k02", "a1", "in_progress", "h02", "", "", "-60", "3600", "-30" }, // stuck: its lease passed
    { "k03", "a1", "in_progress", "h03", "", "", "-60", "3600", "300" }, // running, leased
    { "k04", "a1", "completed", "h04", "200", "{}", "-7200", "-3600", "" }, // expired, not swept
    { "k05", "a1", "completed", "h05", "", "", "-600", "3600", "" }, // completed without a response
    { "k06", "a2", "in_progress", "h06", "", "", "-10800", "-3600", "" }, // stuck and past its expiry
    { "k07", "a2", "completed", "same", "200", "{\"id\":7}", "-1200", "3600", "" }, // the first of two keys …
    { "k08", "a2", "completed", "same", "200", "{\"id\":8}", "-1190", "3600", "" }, // … minted 10 s apart
    { "k09", "a3", "completed", "h09", "201", "{\"id\":9}", "-30", "3600", "" }, // fine
    { "k10", "a3", "expired", "h10", "200", "{}", "-7200", "3600", "" }, // marked expired
};

QString mysqlValues(const Row& r)
{
    const auto text = [](const char* v) { return *v ? u"'"_s + QString::fromUtf8(v) + u"'"_s : u"NULL"_s; };
    const auto at = [](const char* v) {
        return *v ? u"NOW(3) + INTERVAL ("_s + QString::fromUtf8(v) + u") SECOND"_s : u"NULL"_s;
    };
    return u"("_s + text(r.actor) + u", 'POST /charges', "_s + text(r.key) + u", "_s + text(r.state) + u", "_s
        + text(r.hash) + u", "_s + (*r.status ? QString::fromUtf8(r.status) : u"NULL"_s) + u", "_s + text(r.body)
        + u", "_s + at(r.created) + u", "_s + at(r.expires) + u", "_s + at(r.lease) + u")"_s;
}

QString pgValues(const Row& r)
{
    const auto text = [](const char* v) { return *v ? u"'"_s + QString::fromUtf8(v) + u"'"_s : u"NULL"_s; };
    const auto at = [](const char* v) {
        return *v ? u"now() + interval '"_s + QString::fromUtf8(v) + u" seconds'"_s : u"NULL"_s;
    };
    return u"("_s + text(r.actor) + u", 'POST /charges', "_s + text(r.key) + u", "_s + text(r.state) + u", "_s
        + text(r.hash) + u", "_s + (*r.status ? QString::fromUtf8(r.status) : u"NULL"_s) + u", "_s + text(r.body)
        + u", "_s + at(r.created) + u", "_s + at(r.expires) + u", "_s + at(r.lease) + u")"_s;
}

const char* kMapping = R"({"format": "idempotency-workbench/mapping@1", "name": "charges",
  "table": "charges_idem", "order": ["actor_id", "operation", "idem_key"],
  "actor": {"column": "actor_id"}, "operation": {"column": "operation"}, "key": {"column": "idem_key"},
  "state": {"column": "state", "completed": ["completed"], "expired": ["expired"]},
  "created_at": {"column": "created_at"}, "expires_at": {"column": "expires_at"},
  "lease_until": {"column": "lease_until"},
  "status_code": {"column": "status_code"}, "response_body": {"column": "response_body"},
  "fingerprint": {"column": "payload_hash", "from": "stored"}})";

// The anomalies of a report as "kind key" lines, sorted.
QStringList anomalyLines(const QJsonObject& o)
{
    QStringList out;
    for (const QJsonValue& a : o.value(u"anomalies"_s).toArray())
        out << a[u"kind"_s].toString() + u" "_s + a[u"key"_s].toString();
    out.sort();
    return out;
}

} // namespace

class TestMysqlInspect : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void badInput_data();
    void badInput();
    void sameAnomaliesAsPostgres();
    void pagesByCursor();
    void keyLookupShowsTheRowWhole();
    void watchedFromAnotherSession();
    void serverFailures_data();
    void serverFailures();
    void myisamIsReadAndSaidSo();
    void identifiersAreQuoted();
    void presetFitsTheStoresTable();
    void newestAndByActorAsPostgres();
    void pagesByTimeAndNewest();
    void effectsOfRegeneratedKeys();
    void statementBoundByServerFlavour();
    void byActorLineSaysActorOrActors();
    void lockedTableEndsWithinTheBound();
    void idempotJsPresetReadsItsTable();
    void seeksAndTheLastPage_data();
    void seeksAndTheLastPage();
    void seekValuesAreChecked();
    void dueWithinAsPostgres();

private:
    // inspect on a PostgreSQL copy of the comparison's table (kRows), with `extra` options; nullopt: no PostgreSQL.
    std::optional<Cli> onPostgres(const QStringList& extra);
    bool haveServer() const { return m_root != nullptr; }
    // The conninfo of a user with only SELECT on the comparison's table, in the scratch database.
    QString readerConninfo() const;
    QString mappingFile() const { return m_dir.filePath(u"charges.json"_s); }
    void exec(const QString& sql) { m_root->exec(sql.toStdString(), "set up the test"); }

    std::unique_ptr<MysqlConnection> m_root;
    MysqlConninfo m_info;
    std::string m_db;
    std::string m_reader;
    QTemporaryDir m_dir;
};

void TestMysqlInspect::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QFile f(mappingFile());
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(kMapping);
    f.close();
    const auto root = iwtest::envMysqlConninfo("IW_MYSQL_ADMIN_CONNINFO");
    const auto info = iwtest::envMysqlConninfo("IW_MYSQL_CONNINFO");
    if (!root || !info)
        return; // the server tests skip, each saying so
    m_info = *info;
    m_root = MysqlConnection::open(*root, false);
    m_db = "iwl_" + std::to_string(getpid());
    m_reader = "iwl_reader_" + std::to_string(getpid());
    exec(QString::fromStdString("DROP DATABASE IF EXISTS " + m_db));
    exec(QString::fromStdString("CREATE DATABASE " + m_db));
    exec(QString::fromUtf8(kMysqlTable).arg(QString::fromStdString(m_db + ".charges_idem")));
    QStringList values;
    for (const Row& r : kRows)
        values << mysqlValues(r);
    exec(QString::fromStdString("INSERT INTO " + m_db + ".charges_idem VALUES ") + values.join(u", "_s));
    exec(QString::fromStdString("DROP USER IF EXISTS '" + m_reader + "'@'127.0.0.1'"));
    exec(QString::fromStdString("CREATE USER '" + m_reader + "'@'127.0.0.1' IDENTIFIED BY 'only-select'"));
    exec(QString::fromStdString("GRANT SELECT ON " + m_db + ".charges_idem TO '" + m_reader + "'@'127.0.0.1'"));
    exec(QString::fromStdString("GRANT ALL ON " + m_db + ".* TO 'iw'@'127.0.0.1'"));
}

void TestMysqlInspect::cleanupTestCase()
{
    if (!m_root)
        return;
    exec(QString::fromStdString("DROP DATABASE IF EXISTS " + m_db));
    exec(QString::fromStdString("DROP USER IF EXISTS '" + m_reader + "'@'127.0.0.1'"));
}

std::optional<Cli> TestMysqlInspect::onPostgres(const QStringList& extra)
{
    PgAdmin pg;
    if (!pg.ok())
        return std::nullopt;
    const std::string schema = "iwl_" + std::to_string(getpid());
    pg.exec("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
    if (!pg.run("CREATE SCHEMA " + schema)
        || !pg.run(QString::fromUtf8(kPgTable).arg(QString::fromStdString(schema + ".charges_idem")).toStdString()))
        return Cli { -1, {}, u"could not create the PostgreSQL table"_s };
    QStringList values;
    for (const Row& r : kRows)
        values << pgValues(r);
    if (!pg.run("INSERT INTO " + schema + ".charges_idem VALUES " + values.join(u", "_s).toStdString()))
        return Cli { -1, {}, u"could not fill the PostgreSQL table"_s };
    const Cli r = cli(QStringList { u"inspect"_s, u"--conninfo"_s, QString(), u"--table"_s,
                          QString::fromStdString(schema + ".charges_idem"), u"--mapping"_s, mappingFile() }
        + extra);
    pg.exec("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
    return r;
}

QString TestMysqlInspect::readerConninfo() const
{
    return QStringLiteral("host=127.0.0.1 port=%1 user=%2 password=only-select dbname=%3")
        .arg(m_info.port)
        .arg(QString::fromStdString(m_reader), QString::fromStdString(m_db));
}

void TestMysqlInspect::badInput_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("says");
    QTest::newRow("conninfo_without_equals") << QStringList { u"--conninfo"_s, u"host dbname=x"_s } << u"key=value"_s;
    QTest::newRow("conninfo_bad_port") << QStringList { u"--conninfo"_s, u"port=http dbname=x"_s } << u"port"_s;
    QTest::newRow("conninfo_unknown_key")
        << QStringList { u"--conninfo"_s, u"sslmode=require dbname=x"_s } << u"sslmode"_s;
    QTest::newRow("conninfo_missing") << QStringList {} << u"--conninfo"_s;
    QTest::newRow("unknown_mapping") << QStringList { u"--conninfo"_s, u"dbname=x"_s, u"--mapping"_s, u"nosuch"_s }
                                     << u"workbench-mysql"_s;
    QTest::newRow("redis_mapping") << QStringList { u"--conninfo"_s, u"dbname=x"_s, u"--mapping"_s,
        u"powertools-redis"_s } << u"Redis keys"_s;
    QTest::newRow("order_unknown") << QStringList { u"--conninfo"_s, u"dbname=x"_s, u"--order"_s, u"oldest"_s }
                                   << u"key, time or newest"_s;
    QTest::newRow("by_with_key") << QStringList { u"--conninfo"_s, u"dbname=x"_s, u"--key"_s, u"k1"_s, u"--by"_s,
        u"actor"_s } << u"--by"_s;
    QTest::newRow("pooler") << QStringList { u"--conninfo"_s, u"dbname=x"_s, u"--pooler"_s, u"transaction"_s }
                            << u"--pooler"_s;
    QTest::newRow("with_redis") << QStringList { u"--conninfo"_s, u"dbname=x"_s, u"--redis"_s, u"redis://127.0.0.1"_s }
                                << u"one of them"_s;
    // The seeks: a time needs its zone, one seek at a time, each in its own order, none beside --cursor or --key.
    QTest::newRow("time_without_zone") << QStringList { u"--conninfo"_s, u"dbname=x"_s, u"--go-to-time"_s,
        u"2026-12-01 08:00"_s } << u"\"2026-12-01 08:00\" names no time zone: add UTC or an offset"_s;
    QTest::newRow("time_not_a_time") << QStringList { u"--conninfo"_s, u"dbname=x"_s, u"--go-to-time"_s,
        u"yesterday"_s } << u"\"yesterday\" is not a time"_s;
    QTest::newRow("time_no_such_day") << QStringList { u"--conninfo"_s, u"dbname=x"_s, u"--go-to-time"_s,
        u"2026-02-30 08:00 UTC"_s } << u"is not a time"_s;
    QTest::newRow("two_seeks") << QStringList { u"--conninfo"_s, u"dbname=x"_s, u"--last-page"_s, u"--go-to-key"_s,
        u"k1"_s } << u"--last-page and --go-to-key each seek a page"_s;
    QTest::newRow("seek_and_cursor") << QStringList { u"--conninfo"_s, u"dbname=x"_s, u"--last-page"_s, u"--cursor"_s,
        u"[\"a\"]"_s } << u"--cursor reads the page after a row"_s;
    QTest::newRow("seek_and_key") << QStringList { u"--conninfo"_s, u"dbname=x"_s, u"--go-to-key"_s, u"k1"_s,
        u"--key"_s, u"k1"_s } << u"--key lists one key's rows"_s;
    QTest::newRow("key_order_by_time") << QStringList { u"--conninfo"_s, u"dbname=x"_s, u"--go-to-key-order"_s, u"a1"_s,
        u"--order"_s, u"time"_s } << u"leave out --order time"_s;
    QTest::newRow("time_newest") << QStringList { u"--conninfo"_s, u"dbname=x"_s, u"--go-to-time"_s,
        u"2026-12-01 08:00 UTC"_s, u"--order"_s, u"newest"_s }
                                 << u"leave out --order newest"_s;
    QTest::newRow("actor_without_key") << QStringList { u"--conninfo"_s, u"dbname=x"_s, u"--last-page"_s, u"--actor"_s,
        u"a1"_s } << u"--last-page seeks a page: --actor goes with --go-to-key K or --key K"_s;
    QTest::newRow("seek_empty") << QStringList { u"--conninfo"_s, u"dbname=x"_s, u"--go-to-key-order="_s }
                                << u"--go-to-key-order needs a value"_s;
}

void TestMysqlInspect::badInput()
{
    QFETCH(QStringList, args);
    QFETCH(QString, says);
    const Cli r = cli(QStringList { u"inspect"_s, u"--mysql"_s } + args);
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(says), qPrintable(r.err));
    QCOMPARE(r.err.trimmed().count(u'\n'), 0); // one sentence
    QVERIFY(r.out.isEmpty());
    // A seek on a PostgreSQL table is refused as such, not tried: its live window seeks.
    if (args.contains(u"--last-page"_s) && args.contains(u"--go-to-key"_s)) {
        const Cli pg
            = cli({ u"inspect"_s, u"--conninfo"_s, u"dbname=x"_s, u"--go-to-time"_s, u"2026-12-01 08:00 UTC"_s });
        QCOMPARE(pg.code, 2);
        QVERIFY2(pg.err.contains(u"seeks a page of a MySQL table"_s), qPrintable(pg.err));
    }
}

void TestMysqlInspect::sameAnomaliesAsPostgres()
{
    if (!haveServer())
        QSKIP(
            "no MariaDB configured (IW_MYSQL_CONNINFO, IW_MYSQL_ADMIN_CONNINFO; run through scripts/with-postgres.sh)");
    PgAdmin pg;
    if (!pg.ok())
        QSKIP("no PostgreSQL configured (PG*; run through scripts/with-postgres.sh)");
    const std::string schema = "iwl_" + std::to_string(getpid());
    pg.exec("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
    QVERIFY(pg.run("CREATE SCHEMA " + schema));
    QVERIFY(pg.run(QString::fromUtf8(kPgTable).arg(QString::fromStdString(schema + ".charges_idem")).toStdString()));
    QStringList values;
    for (const Row& r : kRows)
        values << pgValues(r);
    QVERIFY(pg.run("INSERT INTO " + schema + ".charges_idem VALUES " + values.join(u", "_s).toStdString()));

    const Cli onPg = cli({ u"inspect"_s, u"--conninfo"_s, QString(), u"--table"_s,
        QString::fromStdString(schema + ".charges_idem"), u"--mapping"_s, mappingFile(), u"--json"_s });
    pg.exec("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
    QVERIFY2(onPg.code == 0, qPrintable(onPg.err));
    const Cli onMysql = cli({ u"inspect"_s, u"--mysql"_s, u"--conninfo"_s, readerConninfo(), u"--table"_s,
        u"charges_idem"_s, u"--mapping"_s, mappingFile(), u"--json"_s });
    QVERIFY2(onMysql.code == 0, qPrintable(onMysql.err));
    const QJsonObject p = jsonOf(onPg);
    const QJsonObject m = jsonOf(onMysql);
    QCOMPARE(m.value(u"engine"_s).toString(), u"mysql"_s);
    QCOMPARE(m.value(u"total"_s).toInt(), int(std::size(kRows)));
    QCOMPARE(m.value(u"total"_s), p.value(u"total"_s));
    QCOMPARE(m.value(u"counts"_s), p.value(u"counts"_s));
    QCOMPARE(m.value(u"anomaly_counts"_s), p.value(u"anomaly_counts"_s));
    QCOMPARE(anomalyLines(m), anomalyLines(p));
    // Each rule of the fixture found something: the comparison is not two empty lists.
    for (const QString& kind : { u"stuck_in_progress"_s, u"expired_not_swept"_s, u"completed_without_response"_s,
             u"suspected_key_regeneration"_s, u"in_progress_past_expiry"_s })
        QVERIFY2(m.value(u"anomaly_counts"_s).toObject().value(kind).toInt() > 0, qPrintable(kind));
    // The records of the page read the same, state and times alike. Each table was filled by one statement at its own
    // server's "now" (MariaDB's at the start of the test case, PostgreSQL's just now), so the times are compared as
    // offsets from the first record's: those are the rows' own, exact to the millisecond, however long the tests ran.
    const QJsonArray pr = p.value(u"records"_s).toArray();
    const QJsonArray mr = m.value(u"records"_s).toArray();
    QCOMPARE(mr.size(), pr.size());
    QVERIFY(!mr.isEmpty());
    const double mysqlBase = mr[0].toObject().value(u"created_ms"_s).toDouble();
    const double pgBase = pr[0].toObject().value(u"created_ms"_s).toDouble();
    for (qsizetype i = 0; i < mr.size(); ++i) {
        const QJsonObject a = mr[i].toObject();
        const QJsonObject b = pr[i].toObject();
        for (const QString& field : { u"actor"_s, u"operation"_s, u"key"_s, u"state"_s, u"status_code"_s,
                 u"body_bytes"_s, u"anomalies"_s, u"payload_hash"_s })
            QVERIFY2(a.value(field) == b.value(field),
                qPrintable(a.value(u"key"_s).toString() + u" "_s + field + u": "_s
                    + QString::fromUtf8(QJsonDocument(a).toJson(QJsonDocument::Compact))));
        const double mysqlOffset = a.value(u"created_ms"_s).toDouble() - mysqlBase;
        const double pgOffset = b.value(u"created_ms"_s).toDouble() - pgBase;
        QVERIFY2(std::abs(mysqlOffset - pgOffset) <= 1,
            qPrintable(a.value(u"key"_s).toString() + u": created "_s + QString::number(mysqlOffset)
                + u" ms after the first on MySQL, "_s + QString::number(pgOffset) + u" on PostgreSQL"_s));
    }
}

void TestMysqlInspect::pagesByCursor()
{
    if (!haveServer())
        QSKIP("no MariaDB configured (IW_MYSQL_CONNINFO, IW_MYSQL_ADMIN_CONNINFO)");
    QStringList seen;
    QString cursor;
    int pages = 0;
    while (true) {
        QStringList args { u"inspect"_s, u"--mysql"_s, u"--conninfo"_s, readerConninfo(), u"--table"_s,
            u"charges_idem"_s, u"--mapping"_s, mappingFile(), u"--limit"_s, u"4"_s, u"--json"_s };
        if (!cursor.isEmpty())
            args << u"--cursor"_s << cursor;
        const Cli r = cli(args);
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QJsonObject o = jsonOf(r);
        QCOMPARE(o.value(u"total"_s).toInt(), int(std::size(kRows))); // every page counts the whole table
        const QJsonArray records = o.value(u"records"_s).toArray();
        QVERIFY(records.size() <= 4);
        for (const QJsonValue& v : records)
            seen << v[u"actor"_s].toString() + u"/"_s + v[u"key"_s].toString();
        ++pages;
        QVERIFY(pages <= 4);
        if (o.value(u"next_cursor"_s).isNull())
            break;
        QCOMPARE(records.size(), 4);
        cursor = o.value(u"next_cursor"_s).toString();
        QVERIFY2(cursor.startsWith(u'['), qPrintable(cursor));
    }
    QCOMPARE(pages, 3);
    QStringList expected;
    for (const Row& r : kRows)
        expected << QString::fromUtf8(r.actor) + u"/"_s + QString::fromUtf8(r.key);
    QCOMPARE(seen, expected); // every row once, in key order
    // A cursor that is no array of the key order's values is bad input.
    const Cli bad = cli({ u"inspect"_s, u"--mysql"_s, u"--conninfo"_s, readerConninfo(), u"--table"_s,
        u"charges_idem"_s, u"--mapping"_s, mappingFile(), u"--cursor"_s, u"[\"a1\"]"_s });
    QCOMPARE(bad.code, 2);
    QVERIFY2(bad.err.contains(u"3 values"_s), qPrintable(bad.err));
}

void TestMysqlInspect::keyLookupShowsTheRowWhole()
{
    if (!haveServer())
        QSKIP("no MariaDB configured (IW_MYSQL_CONNINFO, IW_MYSQL_ADMIN_CONNINFO)");
    const Cli r = cli({ u"inspect"_s, u"--mysql"_s, u"--conninfo"_s, readerConninfo(), u"--table"_s, u"charges_idem"_s,
        u"--mapping"_s, mappingFile(), u"--key"_s, u"k08"_s, u"--json"_s });
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonObject o = jsonOf(r);
    QCOMPARE(o.value(u"engine"_s).toString(), u"mysql"_s);
    const QJsonArray scopes = o.value(u"scopes"_s).toArray();
    QCOMPARE(scopes.size(), 1);
    QCOMPARE(scopes[0][u"response_body"_s].toString(), u"{\"id\":8}"_s);
    QCOMPARE(scopes[0][u"row"_s][u"payload_hash"_s].toString(), u"same"_s);
    const Cli none = cli({ u"inspect"_s, u"--mysql"_s, u"--conninfo"_s, readerConninfo(), u"--table"_s,
        u"charges_idem"_s, u"--mapping"_s, mappingFile(), u"--key"_s, u"k08"_s, u"--actor"_s, u"a1"_s, u"--json"_s });
    QVERIFY2(none.code == 0, qPrintable(none.err));
    QCOMPARE(jsonOf(none).value(u"scopes"_s).toArray().size(), 0);
}

void TestMysqlInspect::watchedFromAnotherSession()
{
    if (!haveServer())
        QSKIP("no MariaDB configured (IW_MYSQL_CONNINFO, IW_MYSQL_ADMIN_CONNINFO)");
    // The server writes down every statement of every session; the inspector's are read back by its connection id.
    exec(u"TRUNCATE TABLE mysql.general_log"_s);
    exec(u"SET GLOBAL log_output = 'TABLE'"_s);
    exec(u"SET GLOBAL general_log = 1"_s);
    auto writerInfo = m_info;
    writerInfo.database = m_db;
    auto writer = MysqlConnection::open(writerInfo, false);
    writer->exec("SET SESSION innodb_lock_wait_timeout = 1", "bound the writer's lock waits");
    auto readerInfo = m_info;
    readerInfo.user = m_reader;
    readerInfo.password = "only-select";
    readerInfo.database = m_db;
    unsigned long id = 0;
    QString writeFailed;
    {
        MysqlInspector inspector(readerInfo, loadMappingFile(mappingFile().toStdString()), "charges_idem");
        id = inspector.connectionId();
        MysqlInspectOptions options;
        options.live.page.limit = 3;
        const MysqlSnapshot first = inspector.snapshot(options);
        QVERIFY(!first.nextCursor.empty());
        // Between pages: another session changes the rows the page showed and adds one; none of it waits on a lock.
        try {
            writer->exec("UPDATE charges_idem SET status_code = 202 WHERE idem_key = 'k01'", "update a row");
            writer->exec("INSERT INTO charges_idem (actor_id, operation, idem_key, state) VALUES ('a1', 'POST "
                         "/charges', 'k00', 'in_progress')",
                "insert a row");
            writer->exec("DELETE FROM charges_idem WHERE idem_key = 'k00'", "delete it again");
            writer->exec("UPDATE charges_idem SET status_code = NULL WHERE idem_key = 'k01'", "put it back");
        } catch (const StoreError& e) {
            writeFailed = QString::fromUtf8(e.what());
        }
        options.cursor = first.live.page.records.back().cursor;
        const MysqlSnapshot second = inspector.snapshot(options);
        QCOMPARE(second.live.page.records.size(), std::size_t(3));
        // The seeks and the last page, a writer changing the rows after each: each seek is a read-only transaction
        // of its own, and the writer waits on nothing (its lock waits end within 1 s, and would fail it).
        using From = LivePageQuery::From;
        const std::vector<std::pair<From, std::vector<std::optional<std::string>>>> seeks { { From::AtKey, { "a2" } },
            { From::AtTime, {} }, { From::Around, { "a2", "POST /charges", "k07" } }, { From::Last, {} } };
        for (const auto& [from, values] : seeks) {
            MysqlInspectOptions sought;
            sought.live.page.limit = 3;
            sought.live.page.from = from;
            sought.live.page.atMs = first.live.nowMs - 86'400'000; // a day ago: every row
            sought.cursor = values;
            try {
                QVERIFY(!inspector.snapshot(sought).live.page.records.empty());
            } catch (const LiveError& e) {
                QFAIL(e.what());
            }
            try {
                writer->exec("UPDATE charges_idem SET status_code = 203 WHERE idem_key = 'k07'", "update a row");
                writer->exec("UPDATE charges_idem SET status_code = 200 WHERE idem_key = 'k07'", "put it back");
            } catch (const StoreError& e) {
                writeFailed = QString::fromUtf8(e.what());
            }
        }
        LiveInspector::KeyQuery query;
        query.key = "k04";
        QCOMPARE(inspector.lookupKey(query).rows.size(), std::size_t(1));
        QVERIFY(inspector.lookupRow(first.live.page.records.front().cursor, true));
        // Nothing of the inspector's is open now.
        const auto open = m_root->query("SELECT COUNT(*) FROM information_schema.INNODB_TRX WHERE "
                                        "trx_mysql_thread_id = ?",
            { static_cast<long long>(id) }, "look for the inspector's transactions");
        QCOMPARE(open[0][0].value_or("?"), std::string("0"));
    }
    exec(u"SET GLOBAL general_log = 0"_s);
    QVERIFY2(writeFailed.isEmpty(), qPrintable(writeFailed));
    const auto log = m_root->query("SELECT command_type, CONVERT(argument USING utf8mb4) FROM mysql.general_log WHERE "
                                   "thread_id = ? ORDER BY event_time",
        { static_cast<long long>(id) }, "read the general log");
    exec(u"TRUNCATE TABLE mysql.general_log"_s);
    QVERIFY(log.size() > 10);
    bool inTransaction = false;
    int reads = 0;
    int transactions = 0;
    static const QRegularExpression sessionSet(
        u"^\\s*SET\\s+(?!TRANSACTION\\b|STATEMENT\\b)"_s, QRegularExpression::CaseInsensitiveOption);
    for (const MysqlRow& row : log) {
        const QString type = QString::fromStdString(row[0].value_or(""));
        const QString sql = QString::fromStdString(row[1].value_or("")).trimmed();
        QVERIFY2(!sessionSet.match(sql).hasMatch(), qPrintable(u"a session setting: "_s + sql));
        if (sql.startsWith(u"START TRANSACTION READ ONLY"_s)) {
            QVERIFY2(!inTransaction, "a transaction started inside another");
            inTransaction = true;
            ++transactions;
        } else if (sql == u"COMMIT"_s || sql == u"ROLLBACK"_s) {
            inTransaction = false;
        } else if (type == u"Execute"_s || (type == u"Query"_s && sql.contains(u"SELECT"_s))) {
            if (sql == u"SELECT VERSION()"_s)
                continue; // before the dialect is known; it reads no table
            QVERIFY2(inTransaction, qPrintable(u"a read outside a read-only transaction: "_s + sql));
            QVERIFY2(sql.startsWith(u"SET STATEMENT max_statement_time"_s),
                qPrintable(u"a statement without its time bound: "_s + sql));
            ++reads;
        }
    }
    QVERIFY(!inTransaction);
    QVERIFY(transactions >= 8); // the checks, two snapshots, four seeks, a key and a row
    QVERIFY(reads >= 8);
}

void TestMysqlInspect::serverFailures_data()
{
    QTest::addColumn<QString>("conninfo");
    QTest::addColumn<QString>("table");
    QTest::addColumn<QString>("says");
    QTest::newRow("wrong_password") << u"host=127.0.0.1 port=%PORT% user=iw password=wrong dbname=iw"_s
                                    << u"charges_idem"_s << u"refused the login"_s;
    QTest::newRow("unreachable") << u"host=127.0.0.1 port=%CLOSED% user=iw password=x dbname=iw connect_timeout=3"_s
                                 << u"charges_idem"_s << u"cannot reach"_s;
    QTest::newRow("missing_table") << u"%READER%"_s << u"no_such_table"_s << u"no table"_s;
    QTest::newRow("missing_column") << u"%STORE%"_s << u"lacks_lease"_s << u"no column lease_until"_s;
}

void TestMysqlInspect::serverFailures()
{
    if (!haveServer())
        QSKIP("no MariaDB configured (IW_MYSQL_CONNINFO, IW_MYSQL_ADMIN_CONNINFO)");
    QFETCH(QString, conninfo);
    QFETCH(QString, table);
    QFETCH(QString, says);
    if (table == u"lacks_lease"_s) {
        exec(QString::fromStdString("DROP TABLE IF EXISTS " + m_db + ".lacks_lease"));
        exec(QString::fromUtf8(kMysqlTable).arg(QString::fromStdString(m_db + ".lacks_lease")));
        exec(QString::fromStdString("ALTER TABLE " + m_db + ".lacks_lease DROP COLUMN lease_until"));
    }
    QTcpServer closed;
    QVERIFY(closed.listen(QHostAddress::LocalHost));
    const quint16 closedPort = closed.serverPort();
    closed.close(); // nothing listens there now
    conninfo.replace(u"%PORT%"_s, QString::number(m_info.port));
    conninfo.replace(u"%CLOSED%"_s, QString::number(closedPort));
    conninfo.replace(u"%READER%"_s, readerConninfo());
    conninfo.replace(u"%STORE%"_s,
        QStringLiteral("host=127.0.0.1 port=%1 user=iw password=iw-store dbname=%2")
            .arg(m_info.port)
            .arg(QString::fromStdString(m_db)));
    const Cli r = cli(
        { u"inspect"_s, u"--mysql"_s, u"--conninfo"_s, conninfo, u"--table"_s, table, u"--mapping"_s, mappingFile() });
    QCOMPARE(r.code, 3);
    QVERIFY2(r.err.contains(says), qPrintable(r.err));
    QCOMPARE(r.err.trimmed().count(u'\n'), 0);
    QVERIFY(!r.err.contains(u"wrong"_s)); // never the password
}

void TestMysqlInspect::myisamIsReadAndSaidSo()
{
    if (!haveServer())
        QSKIP("no MariaDB configured (IW_MYSQL_CONNINFO, IW_MYSQL_ADMIN_CONNINFO)");
    exec(QString::fromStdString("DROP TABLE IF EXISTS " + m_db + ".charges_myisam"));
    exec(QString::fromUtf8(kMysqlTable)
             .arg(QString::fromStdString(m_db + ".charges_myisam"))
             .replace(u"ENGINE=InnoDB"_s, u"ENGINE=MyISAM"_s));
    exec(QString::fromStdString("INSERT INTO " + m_db + ".charges_myisam SELECT * FROM " + m_db + ".charges_idem"));
    const QString conninfo = QStringLiteral("host=127.0.0.1 port=%1 user=iw password=iw-store dbname=%2")
                                 .arg(m_info.port)
                                 .arg(QString::fromStdString(m_db));
    const Cli r = cli({ u"inspect"_s, u"--mysql"_s, u"--conninfo"_s, conninfo, u"--table"_s, u"charges_myisam"_s,
        u"--mapping"_s, mappingFile() });
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(u"table engine MyISAM"_s), qPrintable(r.out));
    QVERIFY2(r.out.contains(u"no transactions"_s), qPrintable(r.out));
}

void TestMysqlInspect::identifiersAreQuoted()
{
    if (!haveServer())
        QSKIP("no MariaDB configured (IW_MYSQL_CONNINFO, IW_MYSQL_ADMIN_CONNINFO)");
    exec(QString::fromStdString("DROP TABLE IF EXISTS " + m_db + ".`odd``name; DROP`"));
    exec(QString::fromUtf8(kMysqlTable).arg(QString::fromStdString(m_db + ".`odd``name; DROP`")));
    exec(QString::fromStdString("INSERT INTO " + m_db + ".`odd``name; DROP` SELECT * FROM " + m_db + ".charges_idem"));
    const QString conninfo = QStringLiteral("host=127.0.0.1 port=%1 user=iw password=iw-store dbname=%2")
                                 .arg(m_info.port)
                                 .arg(QString::fromStdString(m_db));
    const Cli r = cli({ u"inspect"_s, u"--mysql"_s, u"--conninfo"_s, conninfo, u"--table"_s, u"odd`name; DROP"_s,
        u"--mapping"_s, mappingFile(), u"--json"_s });
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QCOMPARE(jsonOf(r).value(u"total"_s).toInt(), int(std::size(kRows)));
    QCOMPARE(jsonOf(r).value(u"table"_s).toString(), QString::fromStdString("`" + m_db + "`.`odd``name; DROP`"));
}

void TestMysqlInspect::presetFitsTheStoresTable()
{
    if (!haveServer())
        QSKIP("no MariaDB configured (IW_MYSQL_CONNINFO, IW_MYSQL_ADMIN_CONNINFO)");
    const std::string db = "iwl_store_" + std::to_string(getpid());
    exec(QString::fromStdString("DROP DATABASE IF EXISTS " + db));
    exec(QString::fromStdString("CREATE DATABASE " + db));
    exec(QString::fromStdString("GRANT ALL ON " + db + ".* TO 'iw'@'127.0.0.1'"));
    const QString conninfo = QStringLiteral("host=127.0.0.1 port=%1 user=iw password=iw-store dbname=%2")
                                 .arg(m_info.port)
                                 .arg(QString::fromStdString(db));
    const Cli run = cli({ u"run"_s, QStringLiteral(IW_SOURCE_DIR "/resources/scenarios/mysql-same-key-deadlock.json"),
        u"--store"_s, u"mysql"_s, u"--conninfo"_s, conninfo });
    QVERIFY2(run.code == 0 || run.code == 1, qPrintable(run.err));
    const auto rows = m_root->query("SELECT COUNT(*) FROM " + db + ".request_idempotency", {}, "count the records");
    const Cli r = cli({ u"inspect"_s, u"--mysql"_s, u"--conninfo"_s, conninfo, u"--json"_s });
    exec(QString::fromStdString("DROP DATABASE IF EXISTS " + db));
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonObject o = jsonOf(r);
    QCOMPARE(o.value(u"mapping"_s).toString(), u"workbench-mysql"_s); // the default with --mysql
    QVERIFY(rows[0][0].value_or("0") != "0");
    QCOMPARE(QString::number(o.value(u"total"_s).toInt()), QString::fromStdString(rows[0][0].value_or("")));
    QVERIFY(!o.value(u"records"_s).toArray().isEmpty());
}

// --order newest and --by actor read as on PostgreSQL: the same newest records, the newest anomaly of each kind, the
// same counts per actor.
void TestMysqlInspect::newestAndByActorAsPostgres()
{
    if (!haveServer())
        QSKIP("no MariaDB configured (IW_MYSQL_CONNINFO, IW_MYSQL_ADMIN_CONNINFO)");
    for (const QStringList& extra : { QStringList { u"--order"_s, u"newest"_s, u"--by"_s, u"actor"_s, u"--limit"_s,
                                          u"4"_s, u"--anomaly-limit"_s, u"1"_s, u"--json"_s },
             QStringList { u"--order"_s, u"time"_s, u"--limit"_s, u"5"_s, u"--json"_s } }) {
        const auto onPg = onPostgres(extra);
        if (!onPg)
            QSKIP("no PostgreSQL configured (PG*; run through scripts/with-postgres.sh)");
        QVERIFY2(onPg->code == 0, qPrintable(onPg->err));
        const Cli onMysql = cli(QStringList { u"inspect"_s, u"--mysql"_s, u"--conninfo"_s, readerConninfo(),
                                    u"--table"_s, u"charges_idem"_s, u"--mapping"_s, mappingFile() }
            + extra);
        QVERIFY2(onMysql.code == 0, qPrintable(onMysql.err));
        const QJsonObject p = jsonOf(*onPg);
        const QJsonObject m = jsonOf(onMysql);
        QCOMPARE(m.value(u"records_order"_s).toString(), extra[1]);
        QCOMPARE(m.value(u"records_order"_s), p.value(u"records_order"_s));
        QCOMPARE(m.value(u"anomalies_order"_s), p.value(u"anomalies_order"_s));
        QCOMPARE(m.value(u"anomaly_counts"_s), p.value(u"anomaly_counts"_s));
        QStringList pk;
        QStringList mk;
        for (const QJsonValue& v : p.value(u"records"_s).toArray())
            pk << v[u"key"_s].toString();
        for (const QJsonValue& v : m.value(u"records"_s).toArray())
            mk << v[u"key"_s].toString();
        QCOMPARE(mk.size(), extra[extra.indexOf(u"--limit"_s) + 1].toInt());
        QCOMPARE(mk, pk);
        QStringList pa;
        QStringList ma;
        for (const QJsonValue& a : p.value(u"anomalies"_s).toArray())
            pa << a[u"kind"_s].toString() + u" "_s + a[u"key"_s].toString();
        for (const QJsonValue& a : m.value(u"anomalies"_s).toArray())
            ma << a[u"kind"_s].toString() + u" "_s + a[u"key"_s].toString();
        QCOMPARE(ma, pa); // in the report's order: by kind, then newest (or oldest) first
        QCOMPARE(m.value(u"anomalies_by_actor"_s), p.value(u"anomalies_by_actor"_s));
        QCOMPARE(m.value(u"anomalies_by_actor_complete"_s), p.value(u"anomalies_by_actor_complete"_s));
        if (extra.contains(u"actor"_s)) {
            const QJsonArray actors = m.value(u"anomalies_by_actor"_s).toArray();
            // --by actor lists as many actors as --anomaly-limit (1): a1 has the most (four rows), a2 (k06 twice
            // and k08) and a3 (k10 marked expired) are left out, and the report says so.
            QCOMPARE(actors.size(), 1);
            QCOMPARE(actors[0][u"actor"_s].toString(), u"a1"_s);
            QCOMPARE(actors[0][u"total"_s].toInt(), 4);
            QCOMPARE(m.value(u"anomalies_by_actor_complete"_s).toBool(), false);
        }
    }
    // The text report says which order the next page's cursor belongs to.
    const Cli text
        = cli({ u"inspect"_s, u"--mysql"_s, u"--conninfo"_s, readerConninfo(), u"--table"_s, u"charges_idem"_s,
            u"--mapping"_s, mappingFile(), u"--order"_s, u"newest"_s, u"--by"_s, u"actor"_s, u"--limit"_s, u"3"_s });
    QVERIFY2(text.code == 0, qPrintable(text.err));
    QVERIFY2(text.out.contains(u"actor a1: 4"_s), qPrintable(text.out));
    QVERIFY2(text.out.contains(u"newest 3 records, newest first"_s), qPrintable(text.out));
    QVERIFY2(text.out.contains(u"Page: next page: --order newest --cursor '"_s), qPrintable(text.out));
}

// Pages along the creation time, forwards with --order time and backwards with --order newest, each by the cursor
// the page before gave: every row once, in that order, one read-only transaction per page.
void TestMysqlInspect::pagesByTimeAndNewest()
{
    if (!haveServer())
        QSKIP("no MariaDB configured (IW_MYSQL_CONNINFO, IW_MYSQL_ADMIN_CONNINFO)");
    // The expected order, from the rows' offsets: by creation, ties by key.
    std::vector<std::pair<double, QString>> byCreation;
    for (const Row& r : kRows)
        byCreation.emplace_back(QString::fromUtf8(r.created).toDouble(), QString::fromUtf8(r.key));
    std::sort(byCreation.begin(), byCreation.end());
    QStringList ascending;
    for (const auto& [at, key] : byCreation)
        ascending << key;
    QStringList descending = ascending;
    std::reverse(descending.begin(), descending.end());
    for (const QString& order : { u"time"_s, u"newest"_s }) {
        QStringList seen;
        QString cursor;
        int pages = 0;
        while (true) {
            QStringList args { u"inspect"_s, u"--mysql"_s, u"--conninfo"_s, readerConninfo(), u"--table"_s,
                u"charges_idem"_s, u"--mapping"_s, mappingFile(), u"--order"_s, order, u"--limit"_s, u"4"_s,
                u"--json"_s };
            if (!cursor.isEmpty())
                args << u"--cursor"_s << cursor;
            const Cli r = cli(args);
            QVERIFY2(r.code == 0, qPrintable(r.err));
            const QJsonObject o = jsonOf(r);
            QCOMPARE(o.value(u"total"_s).toInt(), int(std::size(kRows)));
            for (const QJsonValue& v : o.value(u"records"_s).toArray())
                seen << v[u"key"_s].toString();
            QVERIFY(++pages <= 4);
            if (o.value(u"next_cursor"_s).isNull())
                break;
            cursor = o.value(u"next_cursor"_s).toString();
            // The time order's cursor: the creation column as stored, then the key order's values.
            QCOMPARE(QJsonDocument::fromJson(cursor.toUtf8()).array().size(), 4);
        }
        QCOMPARE(pages, 3);
        QCOMPARE(seen, order == u"time"_s ? ascending : descending);
    }
    // A key-order cursor is not a time-order one.
    const Cli bad = cli({ u"inspect"_s, u"--mysql"_s, u"--conninfo"_s, readerConninfo(), u"--table"_s,
        u"charges_idem"_s, u"--mapping"_s, mappingFile(), u"--order"_s, u"time"_s, u"--cursor"_s,
        u"[\"a1\", \"POST /charges\", \"k01\"]"_s });
    QCOMPARE(bad.code, 2);
    QVERIFY2(bad.err.contains(u"4 values"_s), qPrintable(bad.err));
}

// A mapping that names an effects table: the business rows of both keys of each regeneration in the report, and of
// a key in --key, read inside the read-only transaction; a table the effects name that is not there is one sentence.
void TestMysqlInspect::effectsOfRegeneratedKeys()
{
    if (!haveServer())
        QSKIP("no MariaDB configured (IW_MYSQL_CONNINFO, IW_MYSQL_ADMIN_CONNINFO)");
    exec(QString::fromStdString("DROP TABLE IF EXISTS " + m_db + ".charges"));
    exec(QString::fromStdString("CREATE TABLE " + m_db
        + ".charges (id INT PRIMARY KEY, idem_key VARCHAR(64) NOT NULL, amount INT NOT NULL, note TEXT) "
          "ENGINE=InnoDB"));
    exec(QString::fromStdString("INSERT INTO " + m_db
        + ".charges VALUES (1, 'k07', 500, NULL), (2, 'k08', 500, REPEAT('x', 300)), (3, 'k09', 10, 'other')"));
    exec(QString::fromStdString("GRANT SELECT ON " + m_db + ".charges TO '" + m_reader + "'@'127.0.0.1'"));
    QString mapping = QString::fromUtf8(kMapping);
    mapping.replace(u"\"name\": \"charges\""_s, u"\"name\": \"charges-effects\""_s);
    mapping.chop(1);
    mapping += u", \"effects\": {\"table\": \"charges\", \"column\": \"idem_key\", \"on\": \"idem_key\", "
               "\"columns\": [\"id\", \"amount\", \"note\"]}}"_s;
    const QString file = m_dir.filePath(u"effects.json"_s);
    {
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(mapping.toUtf8());
    }
    const QStringList base { u"inspect"_s, u"--mysql"_s, u"--conninfo"_s, readerConninfo(), u"--table"_s,
        u"charges_idem"_s, u"--mapping"_s, file };
    const Cli r = cli(base + QStringList { u"--json"_s });
    QVERIFY2(r.code == 0, qPrintable(r.err));
    bool found = false;
    for (const QJsonValue& a : jsonOf(r).value(u"anomalies"_s).toArray()) {
        if (a[u"kind"_s].toString() != u"suspected_key_regeneration"_s)
            continue;
        found = true;
        QCOMPARE(a[u"key"_s].toString(), u"k08"_s);
        const QJsonArray effects = a[u"effects"_s].toArray();
        QCOMPARE(effects.size(), 2); // the first key's and the new key's
        QStringList ids;
        for (const QJsonValue& e : effects)
            for (const QJsonValue& row : e[u"rows"_s].toArray())
                ids << row[u"id"_s].toString();
        QCOMPARE(ids, QStringList({ u"1"_s, u"2"_s }));
    }
    QVERIFY(found);
    const Cli text = cli(base);
    QVERIFY2(text.code == 0, qPrintable(text.err));
    QVERIFY2(text.out.contains(u"effects of k08 in `"_s), qPrintable(text.out));
    const Cli key = cli(base + QStringList { u"--key"_s, u"k08"_s, u"--json"_s });
    QVERIFY2(key.code == 0, qPrintable(key.err));
    const QJsonObject scope = jsonOf(key).value(u"scopes"_s).toArray().at(0).toObject();
    const QJsonObject effects = scope.value(u"effects"_s).toObject();
    QCOMPARE(effects.value(u"rows"_s).toArray().size(), 1);
    const QJsonObject row = effects.value(u"rows"_s).toArray().at(0).toObject();
    QCOMPARE(row.value(u"amount"_s).toString(), u"500"_s);
    QVERIFY(row.value(u"note"_s).toString().size() <= 200); // cut as on PostgreSQL
    // An effects table that is not there: one sentence naming it, exit 3.
    QString missing = mapping;
    missing.replace(u"\"table\": \"charges\""_s, u"\"table\": \"no_such_charges\""_s);
    {
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(missing.toUtf8());
    }
    const Cli gone = cli(base);
    QCOMPARE(gone.code, 3);
    QVERIFY2(gone.err.contains(u"no_such_charges"_s), qPrintable(gone.err));
    QCOMPARE(gone.err.trimmed().count(u'\n'), 0);
}

// The statement bound's text by server flavour: MariaDB's SET STATEMENT, MySQL's optimizer hint. Only the MariaDB form
// runs against a server here (Debian ships no MySQL server); this pins the choice and the MySQL text.
void TestMysqlInspect::statementBoundByServerFlavour()
{
    QVERIFY(mysqlServerIsMariadb("10.11.6-MariaDB-0+deb12u1"));
    QVERIFY(mysqlServerIsMariadb("11.4.2-MariaDB-log"));
    QVERIFY(!mysqlServerIsMariadb("8.0.36"));
    QVERIFY(!mysqlServerIsMariadb("8.4.0-0ubuntu0.24.04.1"));
    const std::string select = "SELECT `a` FROM `db`.`t` WHERE `k` = ?";
    QCOMPARE(mysqlBoundedStatement(select, true, 1500),
        std::string("SET STATEMENT max_statement_time = 1.500 FOR SELECT `a` FROM `db`.`t` WHERE `k` = ?"));
    QCOMPARE(mysqlBoundedStatement(select, false, 1500),
        std::string("SELECT /*+ MAX_EXECUTION_TIME(1500) */ `a` FROM `db`.`t` WHERE `k` = ?"));
    QCOMPARE(mysqlBoundedStatement("SELECT 1", true, 30'000),
        std::string("SET STATEMENT max_statement_time = 30.000 FOR SELECT 1"));
    QVERIFY(mysqlStatementTimedOut(1969)); // MariaDB's ER_STATEMENT_TIMEOUT
    QVERIFY(mysqlStatementTimedOut(3024)); // MySQL's ER_QUERY_TIMEOUT
    QVERIFY(!mysqlStatementTimedOut(1205)); // a lock wait timeout is not the statement bound
}

// A table another session holds with LOCK TABLES … WRITE: the inspector's own read waits on it until the statement
// bound stops it on the server — one sentence, exit 3 — and leaves no transaction and no lock behind, as the locking
// session sees once it lets go: it takes the table's write lock again at once.
void TestMysqlInspect::lockedTableEndsWithinTheBound()
{
    if (!haveServer())
        QSKIP("no MariaDB configured (IW_MYSQL_CONNINFO, IW_MYSQL_ADMIN_CONNINFO)");
    const auto root = iwtest::envMysqlConninfo("IW_MYSQL_ADMIN_CONNINFO");
    auto locker = MysqlConnection::open(*root, false);
    auto readerInfo = m_info;
    readerInfo.user = m_reader;
    readerInfo.password = "only-select";
    readerInfo.database = m_db;
    MysqlInspector inspector(readerInfo, loadMappingFile(mappingFile().toStdString()), "charges_idem");
    const std::string table = m_db + ".charges_idem";
    locker->exec("LOCK TABLES " + table + " WRITE", "lock the table");
    // The command line: exit 3, one sentence naming the bound.
    const Cli r = cli({ u"inspect"_s, u"--mysql"_s, u"--conninfo"_s, readerConninfo(), u"--table"_s, u"charges_idem"_s,
        u"--mapping"_s, mappingFile(), u"--statement-timeout"_s, u"1s"_s });
    QCOMPARE(r.code, 3);
    QVERIFY2(r.err.contains(u"statement bound of 1 s"_s), qPrintable(r.err));
    QCOMPARE(r.err.trimmed().count(u'\n'), 0);
    QVERIFY(r.out.isEmpty());
    // The inspector in this process, watched from the locking session.
    MysqlInspectOptions options;
    options.statementTimeoutMs = 1000;
    QElapsedTimer clock;
    clock.start();
    QString said;
    LiveError::Kind kind = LiveError::Kind::Server;
    try {
        inspector.snapshot(options);
    } catch (const LiveError& e) {
        said = QString::fromUtf8(e.what());
        kind = e.kind();
    }
    qInfo("the locked read ended after %lld ms: %s", static_cast<long long>(clock.elapsed()), qPrintable(said));
    QVERIFY2(kind == LiveError::Kind::Timeout, qPrintable(said));
    QVERIFY2(said.contains(u"stopped by the server"_s), qPrintable(said));
    const auto id = static_cast<long long>(inspector.connectionId());
    const auto open = locker->query(
        "SELECT COUNT(*) FROM information_schema.INNODB_TRX WHERE trx_mysql_thread_id = ?", { id }, "look for it");
    QCOMPARE(open[0][0].value_or("?"), std::string("0"));
    const auto state = locker->query(
        "SELECT COMMAND FROM information_schema.PROCESSLIST WHERE ID = ?", { id }, "look at its session");
    QCOMPARE(state.size(), std::size_t(1));
    QCOMPARE(state[0][0].value_or("?"), std::string("Sleep")); // idle: no statement of it still waits
    locker->exec("UNLOCK TABLES", "let go");
    // No metadata lock of the inspector's: another session takes the write lock at once (or fails within 2 s).
    auto other = MysqlConnection::open(*root, false);
    other->exec("SET SESSION lock_wait_timeout = 2", "bound the lock wait");
    QString relockFailed;
    try {
        other->exec("LOCK TABLES " + table + " WRITE", "lock the table again");
        other->exec("UNLOCK TABLES", "let go");
    } catch (const StoreError& e) {
        relockFailed = QString::fromUtf8(e.what());
    }
    QVERIFY2(relockFailed.isEmpty(), qPrintable(relockFailed));
    // And the inspector reads on.
    QCOMPARE(inspector.snapshot(options).live.counts.total, static_cast<long long>(std::size(kRows)));
}

// The idempot-js-mysql preset on the table @idempot/mysql-store keeps (its README's schema: `key` the primary key,
// status 'processing' or 'complete', expires_at in epoch milliseconds, no creation time), a row for each case.
void TestMysqlInspect::idempotJsPresetReadsItsTable()
{
    if (!haveServer())
        QSKIP("no MariaDB configured (IW_MYSQL_CONNINFO, IW_MYSQL_ADMIN_CONNINFO)");
    const std::string db = "iwl_idem_" + std::to_string(getpid());
    exec(QString::fromStdString("DROP DATABASE IF EXISTS " + db));
    exec(QString::fromStdString("CREATE DATABASE " + db));
    exec(QString::fromStdString("CREATE TABLE " + db
        + ".idempotency_records (`key` VARCHAR(255) PRIMARY KEY, fingerprint VARCHAR(64) NOT NULL, status "
          "ENUM('processing', 'complete') NOT NULL, response_status INT, response_headers JSON, response_body TEXT, "
          "expires_at BIGINT NOT NULL, INDEX idx_fingerprint (fingerprint), INDEX idx_expires_at (expires_at))"));
    exec(QString::fromStdString("GRANT SELECT ON " + db + ".idempotency_records TO '" + m_reader + "'@'127.0.0.1'"));
    // (key, status, response status, body, expiry as minutes from now, the state it must read as, an anomaly it has)
    struct IdemRow {
        const char* key;
        const char* status;
        const char* code;
        const char* body;
        int expiresInMin;
        const char* state;
        const char* anomaly;
    };
    const int day = 24 * 60;
    const IdemRow rows[] = {
        { "k-running", "processing", "NULL", "NULL", day - 1, "in_progress", "" }, // claimed a minute ago
        { "k-stuck", "processing", "NULL", "NULL", day - 10, "in_progress", "stuck_in_progress" }, // 10 min, no lease
        { "k-done", "complete", "201", "'{\"id\":1}'", day - 60, "completed", "" },
        { "k-empty", "complete", "NULL", "NULL", day - 60, "completed", "completed_without_response" },
        { "k-old", "complete", "200", "'{}'", -60, "expired", "expired_not_swept" }, // not purged yet
        { "k-abandoned", "processing", "NULL", "NULL", -60, "expired", "" }, // lookup ignores it: expired
    };
    QStringList values;
    for (const IdemRow& r : rows)
        values << QStringLiteral("('%1', 'fp-%1', '%2', %3, '{}', %4, CAST(FLOOR(UNIX_TIMESTAMP(NOW(3)) * 1000) AS "
                                 "SIGNED) + %5 * 60000)")
                      .arg(QString::fromUtf8(r.key), QString::fromUtf8(r.status), QString::fromUtf8(r.code),
                          QString::fromUtf8(r.body))
                      .arg(r.expiresInMin);
    exec(QString::fromStdString("INSERT INTO " + db + ".idempotency_records VALUES ") + values.join(u", "_s));
    QString conninfo = readerConninfo();
    conninfo.replace(QString::fromStdString("dbname=" + m_db), QString::fromStdString("dbname=" + db));
    const Cli r = cli(
        { u"inspect"_s, u"--mysql"_s, u"--conninfo"_s, conninfo, u"--mapping"_s, u"idempot-js-mysql"_s, u"--json"_s });
    const Cli key = cli({ u"inspect"_s, u"--mysql"_s, u"--conninfo"_s, conninfo, u"--mapping"_s, u"idempot-js-mysql"_s,
        u"--key"_s, u"k-done"_s, u"--json"_s });
    exec(QString::fromStdString("DROP DATABASE IF EXISTS " + db));
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonObject o = jsonOf(r);
    QCOMPARE(o.value(u"mapping"_s).toString(), u"idempot-js-mysql"_s);
    QCOMPARE(o.value(u"total"_s).toInt(), int(std::size(rows)));
    QMap<QString, QJsonObject> byKey;
    for (const QJsonValue& v : o.value(u"records"_s).toArray())
        byKey[v[u"key"_s].toString()] = v.toObject();
    for (const IdemRow& row : rows) {
        const QJsonObject rec = byKey.value(QString::fromUtf8(row.key));
        QVERIFY2(!rec.isEmpty(), row.key);
        QCOMPARE(rec.value(u"state"_s).toString(), QString::fromUtf8(row.state));
        QCOMPARE(rec.value(u"actor"_s).toString(), QString()); // idempot-js keys are global
        QCOMPARE(rec.value(u"payload_hash"_s).toString(), u"fp-"_s + QString::fromUtf8(row.key));
        if (*row.anomaly)
            QVERIFY2(rec.value(u"anomalies"_s).toArray().contains(QString::fromUtf8(row.anomaly)),
                qPrintable(QString::fromUtf8(row.key) + u": "_s
                    + QString::fromUtf8(QJsonDocument(rec).toJson(QJsonDocument::Compact))));
        // The creation time is derived: a day before the expiry.
        QCOMPARE(rec.value(u"expires_ms"_s).toDouble() - rec.value(u"created_ms"_s).toDouble(), 86'400'000.0);
    }
    QVERIFY2(key.code == 0, qPrintable(key.err));
    const QJsonArray scopes = jsonOf(key).value(u"scopes"_s).toArray();
    QCOMPARE(scopes.size(), 1);
    QCOMPARE(scopes[0][u"response_body"_s].toString(), u"{\"id\":1}"_s);
}

// The text report's per-actor heading counts in words: "1 actor", "2 actors" (it said "1 actors").
void TestMysqlInspect::byActorLineSaysActorOrActors()
{
    LiveSnapshot s;
    s.table = "t";
    s.mapping = "m";
    LiveActorAnomalies a;
    a.actor = "alice";
    a.total = 1;
    a.counts[static_cast<std::size_t>(LiveAnomalyKind::StuckInProgress)] = 1;
    s.byActor.push_back(a);
    QVERIFY2(inspectionText(s, {}).find("by actor (1 actor):") != std::string::npos, inspectionText(s, {}).c_str());
    a.actor = "bob";
    s.byActor.push_back(a);
    QVERIFY2(inspectionText(s, {}).find("by actor (2 actors):") != std::string::npos, inspectionText(s, {}).c_str());
    s.byActorComplete = false;
    QVERIFY2(inspectionText(s, {}).find("by actor (2 actors with the most; more have anomalies):") != std::string::npos,
        inspectionText(s, {}).c_str());
}

void TestMysqlInspect::seeksAndTheLastPage_data()
{
    // The fixture in key order: a1 k01…k05, a2 k06…k08, a3 k09 k10; by creation: k06, k04 k10 (the same instant, the
    // key order breaks the tie), k07, k08, k01 k05, k02 k03, k09. Each expectation follows from kRows by hand.
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QStringList>("keys");
    QTest::addColumn<QString>("seek"); // the report's seek.to
    QTest::addColumn<bool>("last"); // no next page
    QTest::newRow("key_order_value") << QStringList { u"--go-to-key-order"_s, u"a2"_s, u"--limit"_s, u"4"_s }
                                     << QStringList { u"k06"_s, u"k07"_s, u"k08"_s, u"k09"_s } << u"key_order"_s
                                     << false;
    QTest::newRow("key_order_between") << QStringList { u"--go-to-key-order"_s, u"a1x"_s, u"--limit"_s, u"2"_s }
                                       << QStringList { u"k06"_s, u"k07"_s } << u"key_order"_s << false;
    QTest::newRow("key_order_beyond") << QStringList { u"--go-to-key-order"_s, u"b"_s, u"--limit"_s, u"2"_s }
                                      << QStringList {} << u"key_order"_s << true;
    QTest::newRow("key_in_key_order") << QStringList { u"--go-to-key"_s, u"k07"_s, u"--limit"_s, u"4"_s }
                                      << QStringList { u"k05"_s, u"k06"_s, u"k07"_s, u"k08"_s } << u"key"_s << false;
    QTest::newRow("key_in_time_order") << QStringList { u"--go-to-key"_s, u"k07"_s, u"--order"_s, u"time"_s,
        u"--limit"_s, u"4"_s } << QStringList { u"k04"_s, u"k10"_s, u"k07"_s, u"k08"_s }
                                       << u"key"_s << false;
    QTest::newRow("key_newest_first") << QStringList { u"--go-to-key"_s, u"k07"_s, u"--order"_s, u"newest"_s,
        u"--limit"_s, u"4"_s } << QStringList { u"k08"_s, u"k07"_s, u"k10"_s, u"k04"_s }
                                      << u"key"_s << false;
    QTest::newRow("key_at_the_start") << QStringList { u"--go-to-key"_s, u"k01"_s, u"--limit"_s, u"4"_s }
                                      << QStringList { u"k01"_s, u"k02"_s } << u"key"_s << false;
    QTest::newRow("last_by_key") << QStringList { u"--last-page"_s, u"--limit"_s, u"3"_s }
                                 << QStringList { u"k08"_s, u"k09"_s, u"k10"_s } << u"last"_s << true;
    QTest::newRow("last_by_time") << QStringList { u"--last-page"_s, u"--order"_s, u"time"_s, u"--limit"_s, u"3"_s }
                                  << QStringList { u"k02"_s, u"k03"_s, u"k09"_s } << u"last"_s << true;
    QTest::newRow("last_newest_first") << QStringList { u"--last-page"_s, u"--order"_s, u"newest"_s, u"--limit"_s,
        u"3"_s } << QStringList { u"k10"_s, u"k04"_s, u"k06"_s }
                                       << u"last"_s << true;
    // At k07's instant exactly: k07 first; a millisecond later: k08 (the seek is "at or after", to the millisecond).
    QTest::newRow("time_at_a_row") << QStringList { u"--go-to-time"_s, u"@k07"_s, u"--limit"_s, u"3"_s }
                                   << QStringList { u"k07"_s, u"k08"_s, u"k01"_s } << u"time"_s << false;
    QTest::newRow("time_just_after") << QStringList { u"--go-to-time"_s, u"@k07+1"_s, u"--limit"_s, u"3"_s }
                                     << QStringList { u"k08"_s, u"k01"_s, u"k05"_s } << u"time"_s << false;
    QTest::newRow("time_with_offset") << QStringList { u"--go-to-time"_s, u"@k07+0200"_s, u"--limit"_s, u"3"_s }
                                      << QStringList { u"k07"_s, u"k08"_s, u"k01"_s } << u"time"_s << false;
    QTest::newRow("time_to_the_end") << QStringList { u"--go-to-time"_s, u"@k09"_s, u"--order"_s, u"time"_s }
                                     << QStringList { u"k09"_s } << u"time"_s << true;
}

// Each seek reads the page the live window's Go bar reads (tst_mysqlliveview compares the two): keyset reads from the
// value sought, never OFFSET, in one read-only transaction; the report says what was sought, and its next_cursor goes
// on from the page as any page's does.
void TestMysqlInspect::seeksAndTheLastPage()
{
    if (!haveServer())
        QSKIP("no MariaDB configured (IW_MYSQL_CONNINFO, IW_MYSQL_ADMIN_CONNINFO)");
    QFETCH(QStringList, args);
    QFETCH(QStringList, keys);
    QFETCH(QString, seek);
    QFETCH(bool, last);
    // "@k07": that row's creation instant as the server keeps it, in UTC ("+1": a millisecond later; "+0200": the same
    // instant written with the offset +02:00).
    for (QString& a : args) {
        if (!a.startsWith(u'@'))
            continue;
        const QString key = a.mid(1, 3);
        const auto ms = m_root->query("SELECT CAST(FLOOR(UNIX_TIMESTAMP(created_at) * 1000) AS SIGNED) FROM " + m_db
                + ".charges_idem WHERE idem_key = ?",
            { key.toStdString() }, "read a creation time");
        QCOMPARE(ms.size(), std::size_t(1));
        const qint64 at = std::stoll(ms[0][0].value_or("0")) + (a.endsWith(u"+1"_s) ? 1 : 0);
        const QDateTime utc = QDateTime::fromMSecsSinceEpoch(at, Qt::UTC);
        a = a.endsWith(u"+0200"_s) ? utc.toOffsetFromUtc(7200).toString(u"yyyy-MM-dd'T'HH:mm:ss.zzz"_s) + u"+02:00"_s
                                   : utc.toString(u"yyyy-MM-dd HH:mm:ss.zzz"_s) + u" UTC"_s;
    }
    const QStringList base { u"inspect"_s, u"--mysql"_s, u"--conninfo"_s, readerConninfo(), u"--table"_s,
        u"charges_idem"_s, u"--mapping"_s, mappingFile() };
    const Cli r = cli(base + args + QStringList { u"--json"_s });
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonObject o = jsonOf(r);
    QCOMPARE(o.value(u"total"_s).toInt(), int(std::size(kRows))); // the counts cover the whole table still
    QStringList seen;
    for (const QJsonValue& v : o.value(u"records"_s).toArray())
        seen << v[u"key"_s].toString();
    QCOMPARE(seen, keys);
    QCOMPARE(o.value(u"seek"_s)[u"to"_s].toString(), seek);
    QCOMPARE(o.value(u"cursor"_s), QJsonValue(QJsonValue::Null));
    QCOMPARE(o.value(u"next_cursor"_s).isNull(), last);
    if (!last) {
        // The next page goes on from the page's last row (newest first: its oldest), as after any page.
        const QString order = args.contains(u"newest"_s)    ? u"newest"_s
            : args.contains(u"time"_s) || seek == u"time"_s ? u"time"_s
                                                            : u"key"_s;
        const Cli next = cli(base
            + QStringList { u"--order"_s, order, u"--limit"_s, u"1"_s, u"--cursor"_s,
                o.value(u"next_cursor"_s).toString(), u"--json"_s });
        QVERIFY2(next.code == 0, qPrintable(next.err));
        const QJsonArray after = jsonOf(next).value(u"records"_s).toArray();
        QVERIFY(!after.isEmpty());
        QVERIFY2(!keys.contains(after[0][u"key"_s].toString()), qPrintable(after[0][u"key"_s].toString()));
    }
    // The text report says the seek beside the page.
    const Cli text = cli(base + args);
    QVERIFY2(text.code == 0, qPrintable(text.err));
    QVERIFY2(text.out.contains(u"\nSeek: "_s), qPrintable(text.out));
}

// A value the seek cannot compare is one sentence naming what was wrong, exit 2, and nothing read: a key-order value
// its column cannot hold (MySQL would compare "stuck-700" as 0), a key no record holds, a key held by two actors
// without --actor.
void TestMysqlInspect::seekValuesAreChecked()
{
    if (!haveServer())
        QSKIP("no MariaDB configured (IW_MYSQL_CONNINFO, IW_MYSQL_ADMIN_CONNINFO)");
    exec(QString::fromStdString("CREATE TABLE " + m_db
        + ".numbered (user_id BIGINT NOT NULL, idem_key VARCHAR(64) NOT NULL, state VARCHAR(16) NOT NULL, created_at "
          "TIMESTAMP(3) NULL, expires_at TIMESTAMP(3) NULL, PRIMARY KEY (user_id, idem_key)) ENGINE=InnoDB"));
    exec(QString::fromStdString("INSERT INTO " + m_db
        + ".numbered VALUES (7, 'cart-1', 'completed', NOW(3), NOW(3) + INTERVAL 1 DAY), (8, 'cart-1', 'in_progress', "
          "NOW(3), NOW(3) + INTERVAL 1 DAY), (700, 'k-700', 'completed', NOW(3), NOW(3) + INTERVAL 1 DAY)"));
    exec(QString::fromStdString("GRANT SELECT ON " + m_db + ".numbered TO '" + m_reader + "'@'127.0.0.1'"));
    QFile f(m_dir.filePath(u"numbered.json"_s));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"format": "idempotency-workbench/mapping@1", "name": "numbered", "table": "numbered",
      "order": ["user_id", "idem_key"], "actor": {"column": "user_id"}, "operation": {"constant": "POST /carts"},
      "key": {"column": "idem_key"}, "state": {"column": "state", "completed": ["completed"]},
      "created_at": {"column": "created_at"}, "expires_at": {"column": "expires_at"}})");
    f.close();
    const QStringList base { u"inspect"_s, u"--mysql"_s, u"--conninfo"_s, readerConninfo(), u"--table"_s, u"numbered"_s,
        u"--mapping"_s, f.fileName() };
    struct Case {
        QStringList args;
        QString says;
    };
    const Case cases[] = {
        { { u"--go-to-key-order"_s, u"stuck-700"_s },
            u"\"stuck-700\" is not a value of the column user_id (bigint), which the seek compares it with (the first "
            "of user_id, idem_key)"_s },
        { { u"--go-to-key-order"_s, u"7.5"_s }, u"\"7.5\" is not a value of the column user_id (bigint)"_s },
        { { u"--go-to-key"_s, u"nosuch"_s },
            u"no record of `"_s + QString::fromStdString(m_db)
                + u"`.`numbered` has the idempotency key \"nosuch\" (idem_key)"_s },
        { { u"--go-to-key"_s, u"cart-1"_s },
            u"the idempotency key \"cart-1\" is held by 2 records (7 / POST /carts, 8 / POST /carts): choose one with "
            "--actor"_s },
        { { u"--go-to-key"_s, u"cart-1"_s, u"--actor"_s, u"9"_s }, u"of the actor \"9\""_s },
    };
    for (const Case& c : cases) {
        const Cli r = cli(base + c.args);
        QVERIFY2(r.code == 2, qPrintable(c.args.join(u' ') + u": "_s + r.err));
        QVERIFY2(r.err.contains(c.says), qPrintable(r.err));
        QCOMPARE(r.err.trimmed().count(u'\n'), 0);
        QVERIFY(r.out.isEmpty());
    }
    // The right values read: a number of the column, and the key of one actor.
    const Cli byValue = cli(base + QStringList { u"--go-to-key-order"_s, u"8"_s, u"--json"_s });
    QVERIFY2(byValue.code == 0, qPrintable(byValue.err));
    QCOMPARE(jsonOf(byValue).value(u"records"_s).toArray().size(), 2);
    QCOMPARE(jsonOf(byValue).value(u"records"_s)[0][u"actor"_s].toString(), u"8"_s);
    const Cli chosen = cli(base + QStringList { u"--go-to-key"_s, u"cart-1"_s, u"--actor"_s, u"8"_s, u"--json"_s });
    QVERIFY2(chosen.code == 0, qPrintable(chosen.err));
    QCOMPARE(jsonOf(chosen).value(u"seek"_s)[u"value"_s].toString(), u"cart-1"_s);
    QCOMPARE(jsonOf(chosen).value(u"records"_s).toArray().size(), 3); // 7's before it, 8's, 700's after
    exec(QString::fromStdString("DROP TABLE " + m_db + ".numbered"));
}

// --due-within counts what the sweeper removes next as PostgreSQL's inspect counts it on the same rows: the terminal
// records, not expired yet, whose expiry falls within the horizon (k05, k07, k08, k09 within the hour; none within 30
// minutes), in the report's due_within member and its text line.
void TestMysqlInspect::dueWithinAsPostgres()
{
    if (!haveServer())
        QSKIP("no MariaDB configured (IW_MYSQL_CONNINFO, IW_MYSQL_ADMIN_CONNINFO)");
    for (const auto& [horizon, count] : { std::pair { u"1h"_s, 4 }, std::pair { u"30min"_s, 0 } }) {
        const QStringList extra { u"--due-within"_s, horizon, u"--json"_s };
        const auto onPg = onPostgres(extra);
        if (!onPg)
            QSKIP("no PostgreSQL configured (PG*; run through scripts/with-postgres.sh)");
        QVERIFY2(onPg->code == 0, qPrintable(onPg->err));
        const Cli onMysql = cli(QStringList { u"inspect"_s, u"--mysql"_s, u"--conninfo"_s, readerConninfo(),
                                    u"--table"_s, u"charges_idem"_s, u"--mapping"_s, mappingFile() }
            + extra);
        QVERIFY2(onMysql.code == 0, qPrintable(onMysql.err));
        const QJsonObject p = jsonOf(*onPg).value(u"due_within"_s).toObject();
        const QJsonObject m = jsonOf(onMysql).value(u"due_within"_s).toObject();
        QCOMPARE(m.value(u"count"_s).toInt(), count);
        QCOMPARE(m.value(u"count"_s), p.value(u"count"_s));
        QCOMPARE(m.value(u"ms"_s), p.value(u"ms"_s));
        QCOMPARE(m.value(u"until_ms"_s).toDouble() - jsonOf(onMysql).value(u"now_ms"_s).toDouble(),
            m.value(u"ms"_s).toDouble());
    }
    const Cli text = cli({ u"inspect"_s, u"--mysql"_s, u"--conninfo"_s, readerConninfo(), u"--table"_s,
        u"charges_idem"_s, u"--mapping"_s, mappingFile(), u"--due-within"_s, u"1h"_s });
    QVERIFY2(text.code == 0, qPrintable(text.err));
    QVERIFY2(text.out.contains(u"4 terminal records expire within the next 1 h"_s), qPrintable(text.out));
}

QTEST_GUILESS_MAIN(TestMysqlInspect)
#include "tst_mysqlinspect.moc"
