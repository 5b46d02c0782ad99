// Live-table inspection against a real server (docs/manual/live-tables.md "As a live table to debug"): one table per
// preset shape filled with a row in every state and every anomaly, counts and anomalies asserted exactly, keyset paging
// in both orders, the read-only guarantee proven by PostgreSQL itself (SQLSTATE 25006), mapping errors that name the
// column, hostile table names, a connection killed while following, and the `inspect` command line. Runs under
// scripts/with-postgres.sh (PG* variables); skips when no server is configured.
#include "enginemapping.h"
#include "fingerprint.h"
#include "inspectrun.h"
#include "json.h"
#include "liveinspector.h"
#include "livereport.h"
#include "pgadmin.h"

#include <QtTest>

#include <libpq-fe.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <unistd.h>

using namespace iw;

namespace {

std::set<QString> anomalySet(const std::vector<LiveAnomaly>& anomalies)
{
    std::set<QString> out;
    for (const LiveAnomaly& a : anomalies)
        out.insert(QString::fromStdString(std::string(anomalyKindName(a.kind)) + ":" + a.scope.key));
    return out;
}

QString describe(const std::set<QString>& s)
{
    QStringList l(s.begin(), s.end());
    return l.join(QStringLiteral(", "));
}

struct Expected {
    long long inProgress, completed, expired;
    std::set<QString> anomalies;
};

} // namespace

Q_DECLARE_METATYPE(Expected)

class TestLive : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void mappingPresetsRoundTrip();
    void engineMappingsAndIsoInstants();
    void mappingFileErrors_data();
    void mappingFileErrors();
    void conninfoHelpers();

    void countsAndAnomalies_data();
    void countsAndAnomalies();
    void recordsAreClassified();
    void timeOutOfRange();
    void thresholdsChangeTheRules();
    void keysetPagingByKey();
    void keysetPagingByTime();
    void readOnlyAtTheDatabase();
    void mappingErrorNamesTheColumn_data();
    void mappingErrorNamesTheColumn();
    void missingTableIsOneSentence();
    void hostileNamesAreEscaped();
    void unreachableServerKeepsThePasswordSecret();
    void candidateTablesAreDiscovered();
    void followSurvivesAKilledConnection();
    void followStopsWhenTheServerRefuses();

    void inspectCommandJson();
    void inspectCommandText();
    void inspectCommandExitCodes_data();
    void inspectCommandExitCodes();
    void seekByIdempotencyKeyInContext();
    void seekValueThatDoesNotFitIsOneSentence();
    void refusalNamesEachColumnOnce();
    void inspectCommandSaysWhatItAssumed();
    void stuckThresholdSaysHowManyRowsItDecides();
    void inspectCommandNewestFirstAndAnomalyLimit();
    void anomaliesCarryAgeAndKeyColumns();

private:
    std::unique_ptr<LiveConnection> open()
    {
        auto c = LiveConnection::open("");
        c->setStatementTimeoutMs(60'000);
        return c;
    }
    QString table(const char* name) const { return QString::fromStdString(m_schema + "." + name); }

    std::unique_ptr<PgAdmin> m_admin; // a second, ordinary session: the fixtures, and the operator who kills sessions
    std::string m_schema;
    std::string m_q; // the schema as an identifier
    std::string m_role;
};

void TestLive::initTestCase()
{
    if (qEnvironmentVariableIsEmpty("PGHOST") && qEnvironmentVariableIsEmpty("PGPORT"))
        QSKIP("no PostgreSQL configured (PGHOST/PGPORT unset): run under scripts/with-postgres.sh");
    m_admin = std::make_unique<PgAdmin>();
    QVERIFY2(m_admin->ok(), "cannot connect to the PostgreSQL named by the PG* variables");
    std::random_device rd;
    m_schema = "iw_live_" + std::to_string(getpid()) + "_" + std::to_string(rd() % 100000);
    m_q = m_admin->ident(m_schema);
    const std::string s = m_q;
    const std::string now = "now()::timestamp";
    QVERIFY(m_admin->run("CREATE SCHEMA " + s));

    // The seed shape (resources/sql/schema.sql): one row per state and per anomaly.
    QVERIFY(m_admin->run("CREATE TABLE " + s
        + ".request_idempotency (actor_id text NOT NULL, operation varchar(200) NOT NULL, idem_key text NOT NULL, "
          "payload_hash char(64), state varchar(16) NOT NULL, status_code integer, response_body jsonb, created_at "
          "timestamp NOT NULL, completed_at timestamp, expires_at timestamp NOT NULL, lease_until timestamp, result_id "
          "text, UNIQUE (actor_id, operation, idem_key))"));
    const std::string seedRow = "INSERT INTO " + s
        + ".request_idempotency (actor_id, operation, idem_key, payload_hash, state, status_code, response_body, "
          "created_at, completed_at, expires_at, lease_until) VALUES ";
    QVERIFY(m_admin->run(seedRow + "('42', 'POST /orders', 's-progress', 'h-a', 'in_progress', NULL, NULL, " + now
        + " - interval '10 s', NULL, " + now + " + interval '1 day', " + now + " + interval '10 min'),"
        + "('42', 'POST /orders', 's-stuck-lease', 'h-b', 'in_progress', NULL, NULL, " + now
        + " - interval '10 min', NULL, " + now + " + interval '1 day', " + now + " - interval '9 min'),"
        + "('42', 'POST /orders', 's-stuck-nolease', 'h-c', 'in_progress', NULL, NULL, " + now
        + " - interval '6 min', NULL, " + now + " + interval '1 day', NULL),"
        + "('42', 'POST /orders', 's-young', 'h-d', 'in_progress', NULL, NULL, " + now + " - interval '1 min', NULL, "
        + now + " + interval '1 day', NULL),"
        + "('42', 'POST /orders', 's-done', 'h-e', 'completed', 201, '{\"id\": 1}', " + now + " - interval '1 hour', "
        + now + " - interval '59 min', " + now + " + interval '23 hours', NULL),"
        + "('42', 'POST /orders', 's-noresp', 'h-f', 'completed', NULL, NULL, " + now + " - interval '30 min', " + now
        + " - interval '29 min', " + now + " + interval '1 day', NULL),"
        + "('42', 'POST /orders', 's-expired', 'h-g', 'completed', 201, '{}', " + now + " - interval '2 days', " + now
        + " - interval '2 days', " + now + " - interval '1 day', NULL),"
        + "('42', 'POST /orders', 's-past', 'h-h', 'in_progress', NULL, NULL, " + now + " - interval '2 days', NULL, "
        + now + " - interval '1 day', NULL)," + "('alice', 'POST /orders', 'r-1', 'H1', 'completed', 201, '{}', " + now
        + " - interval '20 min', " + now + " - interval '20 min', " + now + " + interval '1 day', NULL),"
        + "('alice', 'POST /orders', 'r-2', 'H1', 'completed', 201, '{}', " + now
        + " - interval '20 min' + interval '15 s', " + now + " - interval '19 min', " + now
        + " + interval '1 day', NULL)," + "('bob', 'POST /orders', 'b-1', 'H2', 'completed', 201, '{}', " + now
        + " - interval '20 min', " + now + " - interval '20 min', " + now + " + interval '1 day', NULL),"
        + "('bob', 'POST /orders', 'b-2', 'H2', 'completed', 201, '{}', " + now
        + " - interval '20 min' + interval '90 s', " + now + " - interval '18 min', " + now
        + " + interval '1 day', NULL)," + "('carol', 'POST /orders', 'c-1', 'H1', 'completed', 201, '{}', " + now
        + " - interval '20 min' + interval '5 s', " + now + " - interval '19 min', " + now
        + " + interval '1 day', NULL)"));

    // brandur's idempotency_keys, with its real column types and unique index.
    QVERIFY(m_admin->run("CREATE TABLE " + s + ".users (id BIGSERIAL PRIMARY KEY, email TEXT NOT NULL)"));
    QVERIFY(m_admin->run("INSERT INTO " + s
        + ".users (email) VALUES ('a@example.com'), ('b@example.com'), "
          "('c@example.com')"));
    QVERIFY(m_admin->run("CREATE TABLE " + s
        + ".idempotency_keys (id BIGSERIAL PRIMARY KEY, created_at TIMESTAMPTZ NOT NULL DEFAULT now(), "
          "idempotency_key TEXT NOT NULL CHECK (char_length(idempotency_key) <= 100), last_run_at TIMESTAMPTZ NOT NULL "
          "DEFAULT now(), locked_at TIMESTAMPTZ DEFAULT now(), request_method TEXT NOT NULL CHECK "
          "(char_length(request_method) <= 10), request_params JSONB NOT NULL, request_path TEXT NOT NULL CHECK "
          "(char_length(request_path) <= 100), response_code INT NULL, response_body JSONB NULL, recovery_point TEXT "
          "NOT NULL CHECK (char_length(recovery_point) <= 50), user_id BIGINT NOT NULL REFERENCES "
        + s + ".users ON DELETE RESTRICT)"));
    QVERIFY(m_admin->run("CREATE UNIQUE INDEX idempotency_keys_user_id_idempotency_key ON " + s
        + ".idempotency_keys (user_id, idempotency_key)"));
    const std::string brandurRow = "INSERT INTO " + s
        + ".idempotency_keys (user_id, idempotency_key, created_at, locked_at, request_method, request_path, "
          "request_params, response_code, response_body, recovery_point) VALUES ";
    QVERIFY(m_admin->run(brandurRow
        + "(1, 'k-fin', now() - interval '1 hour', NULL, 'POST', '/rides', '{\"n\": 1}', 201, '{\"id\": 7}', "
          "'finished'),"
          "(1, 'k-fin-noresp', now() - interval '1 hour', NULL, 'POST', '/rides', '{\"n\": 2}', NULL, NULL, "
          "'finished'),"
          "(1, 'k-fresh', now() - interval '10 s', now() - interval '10 s', 'POST', '/rides', '{\"n\": 3}', NULL, "
          "NULL, "
          "'started'),"
          "(1, 'k-stuck-locked', now() - interval '5 min', now() - interval '5 min', 'POST', '/rides', '{\"n\": 4}', "
          "NULL, NULL, 'ride_created'),"
          "(1, 'k-stuck-nolock', now() - interval '10 min', NULL, 'POST', '/rides', '{\"n\": 5}', NULL, NULL, "
          "'started'),"
          "(1, 'k-young', now() - interval '1 min', NULL, 'POST', '/rides', '{\"n\": 6}', NULL, NULL, 'started'),"
          "(1, 'k-old-fin', now() - interval '73 hours', NULL, 'POST', '/rides', '{\"n\": 7}', 201, '{}', 'finished'),"
          "(1, 'k-old-open', now() - interval '73 hours', now() - interval '73 hours', 'POST', '/rides', "
          "'{\"n\": 8}', NULL, NULL, 'charge_created'),"
          "(2, 'k-r1', now() - interval '30 min', NULL, 'POST', '/rides', '{\"origin_lat\": 1, \"target_lat\": 2}', "
          "201, '{}', 'finished'),"
          "(2, 'k-r2', now() - interval '30 min' + interval '20 s', NULL, 'POST', '/rides', '{\"target_lat\": 2, "
          "\"origin_lat\": 1.0}', 201, '{}', 'finished'),"
          "(3, 'k-other-user', now() - interval '30 min' + interval '10 s', NULL, 'POST', '/rides', "
          "'{\"origin_lat\": 1, \"target_lat\": 2}', 201, '{}', 'finished')"));

    // A Powertools-shaped table: expiration in seconds, in_progress_expiration in milliseconds.
    QVERIFY(m_admin->run("CREATE TABLE " + s
        + ".idempotency_store (id text PRIMARY KEY, expiration bigint, in_progress_expiration bigint, status text NOT "
          "NULL, data text, validation text)"));
    const std::string sec = "extract(epoch from now())::bigint";
    const std::string msec = "(extract(epoch from now()) * 1000)::bigint";
    QVERIFY(m_admin->run("INSERT INTO " + s
        + ".idempotency_store VALUES "
          "('svc.handler#k1', "
        + sec + " + 3000, NULL, 'COMPLETED', '{\"ok\": true}', 'v1')," + "('svc.handler#k2', " + sec + " + 3500, "
        + msec + " + 600000, 'INPROGRESS', NULL, 'v2')," + "('svc.handler#k3', " + sec + " + 3000, " + msec
        + " - 60000, 'INPROGRESS', NULL, 'v3')," + "('svc.handler#k4', " + sec
        + " + 3500, NULL, 'INPROGRESS', NULL, 'v4')," + "('svc.handler#k5', " + sec
        + " + 3000, NULL, 'INPROGRESS', NULL, 'v5')," + "('svc.handler#k6', " + sec
        + " + 3300, NULL, 'COMPLETED', NULL, 'v6')," + "('svc.handler#k7', " + sec
        + " - 100, NULL, 'COMPLETED', '{}', 'v7')," + "('svc.handler#k8', " + sec
        + " - 100, NULL, 'INPROGRESS', NULL, 'v8')," + "('pay.charge#r1', " + sec
        + " + 3000, NULL, 'COMPLETED', '{}', 'vv')," + "('pay.charge#r2', " + sec
        + " + 3030, NULL, 'COMPLETED', '{}', 'vv')," + "('odd#op#k9', " + sec
        + " + 3400, NULL, 'COMPLETED', '{}', 'z')"));
}

void TestLive::cleanupTestCase()
{
    if (!m_admin)
        return;
    m_admin->run("DROP SCHEMA IF EXISTS " + m_q + " CASCADE");
    if (!m_role.empty())
        m_admin->run("DROP ROLE IF EXISTS " + m_admin->ident(m_role));
}

void TestLive::mappingPresetsRoundTrip()
{
    for (const std::string& name : mappingPresetNames()) {
        const auto preset = mappingPreset(name);
        QVERIFY2(preset, name.c_str());
        QCOMPARE(preset->name, name);
        const LiveMapping again = parseMapping(mappingJson(*preset), "again.json");
        QVERIFY2(again == *preset, mappingJson(*preset).c_str());
    }
    const LiveMapping brandur = *mappingPreset("brandur");
    QCOMPARE(brandur.expiresAt.plusMs, Millis(72) * 3'600'000);
    QCOMPARE(brandur.leaseUntil.plusMs, Millis(90'000));
    QCOMPARE(brandur.fingerprint.from, LiveFingerprintField::From::CanonicalJson);
    const LiveMapping powertools = *mappingPreset("powertools");
    QCOMPARE(powertools.expiresAt.unit, LiveTimeField::Unit::EpochSeconds);
    QCOMPARE(powertools.leaseUntil.unit, LiveTimeField::Unit::EpochMillis);

    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("mine.json")).toStdString();
    saveMappingFile(brandur, path);
    QVERIFY(resolveMapping(path) == brandur);
}

void TestLive::engineMappingsAndIsoInstants()
{
    // An unknown name lists the presets of the engine asked for (the MySQL ones and the table ones for a MySQL table).
    const auto refusal = [](LiveMapping (*resolve)(const std::string&)) -> std::string {
        try {
            resolve("no-such-mapping");
        } catch (const MappingError& e) {
            return e.what();
        }
        return "no refusal";
    };
    const auto listed = [](const std::vector<std::vector<std::string>>& lists) {
        std::string names;
        for (const auto& list : lists)
            for (const std::string& name : list)
                names += (names.empty() ? "" : ", ") + name;
        return "(presets: " + names + ")";
    };
    const std::string redis = refusal(resolveRedisMapping);
    QVERIFY2(redis.find(listed({ redisMappingPresetNames() })) != std::string::npos, redis.c_str());
    const std::string mysql = refusal(resolveMysqlMapping);
    QVERIFY2(
        mysql.find(listed({ mysqlMappingPresetNames(), mappingPresetNames() })) != std::string::npos, mysql.c_str());
    const std::string table = refusal(resolveMapping);
    QVERIFY2(table.find(listed({ mappingPresetNames() })) != std::string::npos, table.c_str());
    QVERIFY(mysql != table && redis != table);
    // A preset of any engine, or a file, resolves as resolveMapping resolves it.
    QVERIFY(resolveRedisMapping("powertools-redis") == *mappingPreset("powertools-redis"));
    QVERIFY(resolveMysqlMapping("brandur") == *mappingPreset("brandur"));
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("mine.json")).toStdString();
    saveMappingFile(*mappingPreset("workbench-mysql"), path);
    QVERIFY(resolveMysqlMapping(path) == *mappingPreset("workbench-mysql"));

    // The Redis and MySQL reports' "now": ISO 8601 in UTC, as Qt writes it, on both sides of the epoch.
    for (const Millis ms :
        { Millis(0), Millis(-1), Millis(-86'400'001), Millis(1'796'612'670'371), Millis(253'402'300'799'999) })
        QCOMPARE(QString::fromStdString(isoUtc(ms)),
            QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(Qt::ISODateWithMs));
}

void TestLive::mappingFileErrors_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("message");
    const QByteArray head = R"({"format": "idempotency-workbench/mapping@1", "name": "x", "order": ["id"], )";
    const QByteArray required = R"("key": {"column": "k"}, "state": {"column": "s", "completed": ["done"]}, )"
                                R"("created_at": {"column": "c"}, "expires_at": {"column": "e"})";
    QTest::newRow("unknown_member") << head + required + R"(, "colour": "red"})"
                                    << QStringLiteral("m.json:1:%1: $: unknown member \"colour\"");
    QTest::newRow("bad_unit") << head
            + R"("key": {"column": "k"}, "state": {"column": "s", "completed": ["done"]}, )"
              R"("created_at": {"column": "c", "unit": "hours"}, "expires_at": {"column": "e"}})"
                              << QStringLiteral("$.created_at.unit: unknown unit \"hours\"");
    QTest::newRow("missing_key") << head + R"("state": {"column": "s", "completed": ["done"]}})"
                                 << QStringLiteral("$: missing member \"key\"");
    QTest::newRow("two_sources") << head + R"("key": {"column": "k", "constant": "x"}})"
                                 << QStringLiteral("$.key: give exactly one of");
    QTest::newRow("not_json") << QByteArray("{\"format\": ") << QStringLiteral("m.json:1:");
}

void TestLive::mappingFileErrors()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, message);
    try {
        parseMapping(text.toStdString(), "m.json");
        QFAIL("a bad mapping was accepted");
    } catch (const MappingError& e) {
        const QString what = QString::fromStdString(e.what());
        const QString expected
            = message.contains(QLatin1String("%1")) ? message.arg(text.indexOf("\"colour\"") + 1) : message;
        QVERIFY2(what.contains(expected), qPrintable(what));
    }
}

void TestLive::conninfoHelpers()
{
    QCOMPARE(conninfoWithoutPassword("host=db port=5433 user=me password=s3cret dbname=shop"),
        std::string("host='db' port='5433' dbname='shop' user='me'"));
    const std::string uri = conninfoWithoutPassword("postgresql://me:s3cret@db:5433/shop?sslmode=require");
    QVERIFY2(uri.find("s3cret") == std::string::npos, uri.c_str());
    QVERIFY2(uri.find("sslmode='require'") != std::string::npos, uri.c_str());
    QCOMPARE(conninfoFromFields({ { "host", "db" }, { "user", "o'brien" }, { "dbname", "" } }),
        std::string("host='db' user='o\\'brien'"));
    QCOMPARE(redactPassword("bad: password=s3cret", "password=s3cret"), std::string("bad: password=********"));
}

void TestLive::countsAndAnomalies_data()
{
    QTest::addColumn<QString>("mapping");
    QTest::addColumn<QString>("tableName");
    QTest::addColumn<Expected>("expected");
    const auto set = [](std::initializer_list<const char*> items) {
        std::set<QString> out;
        for (const char* i : items)
            out.insert(QString::fromLatin1(i));
        return out;
    };
    QTest::newRow("seed") << QStringLiteral("seed") << QStringLiteral("request_idempotency")
                          << Expected { 5, 7, 1,
                                 set({ "stuck_in_progress:s-stuck-lease", "stuck_in_progress:s-stuck-nolease",
                                     "stuck_in_progress:s-past", "in_progress_past_expiry:s-past",
                                     "expired_not_swept:s-expired", "completed_without_response:s-noresp",
                                     "suspected_key_regeneration:r-2" }) };
    QTest::newRow("brandur") << QStringLiteral("brandur") << QStringLiteral("idempotency_keys")
                             << Expected { 5, 5, 1,
                                    set({ "stuck_in_progress:k-stuck-locked", "stuck_in_progress:k-stuck-nolock",
                                        "stuck_in_progress:k-old-open", "in_progress_past_expiry:k-old-open",
                                        "expired_not_swept:k-old-fin", "completed_without_response:k-fin-noresp",
                                        "suspected_key_regeneration:k-r2" }) };
    QTest::newRow("powertools") << QStringLiteral("powertools") << QStringLiteral("idempotency_store")
                                << Expected { 4, 5, 2,
                                       set({ "stuck_in_progress:k3", "stuck_in_progress:k5", "stuck_in_progress:k8",
                                           "in_progress_past_expiry:k8", "expired_not_swept:k7",
                                           "completed_without_response:k6", "suspected_key_regeneration:r2" }) };
}

void TestLive::countsAndAnomalies()
{
    QFETCH(QString, mapping);
    QFETCH(QString, tableName);
    QFETCH(Expected, expected);
    auto conn = open();
    LiveInspector inspector(*conn, *mappingPreset(mapping.toStdString()), m_schema + "." + tableName.toStdString());
    const LiveSnapshot s = inspector.snapshot();
    QCOMPARE(s.mapping, mapping.toStdString());
    QCOMPARE(s.counts.inProgress, expected.inProgress);
    QCOMPARE(s.counts.completed, expected.completed);
    QCOMPARE(s.counts.expired, expected.expired);
    QCOMPARE(s.counts.total, expected.inProgress + expected.completed + expected.expired);
    const std::set<QString> found = anomalySet(s.anomalies);
    QVERIFY2(found == expected.anomalies,
        qPrintable(QStringLiteral("found: %1\nexpected: %2").arg(describe(found), describe(expected.anomalies))));
    for (const LiveAnomalyKind kind : kLiveAnomalyKinds) {
        const auto listed = std::count_if(
            s.anomalies.begin(), s.anomalies.end(), [&](const LiveAnomaly& a) { return a.kind == kind; });
        QCOMPARE(s.counts.anomaly(kind), static_cast<long long>(listed));
    }
    for (const LiveAnomaly& a : s.anomalies) {
        QVERIFY2(!a.detail.empty() && a.detail.back() != '.', a.detail.c_str());
        // Each anomaly carries its place in the key order: the view can seek a page to it.
        LivePageQuery q;
        q.from = LivePageQuery::From::AtKey;
        q.cursor = a.cursor;
        q.limit = 1;
        const LivePage page = inspector.page(q);
        QCOMPARE(page.records.size(), std::size_t(1));
        QVERIFY2(page.records.front().scope == a.scope, a.scope.display().c_str());
    }
    QVERIFY(s.nowMs > 1'600'000'000'000);
    QVERIFY2(s.now.size() == 24 && s.now.back() == 'Z', s.now.c_str());
    QCOMPARE(static_cast<long long>(s.page.records.size()), s.counts.total); // the default page holds them all
}

void TestLive::timeOutOfRange()
{
    // Finding 18 of issue 23: epoch nanoseconds in a column mapped epoch_s, or the 9223372036854775807 sentinel,
    // failed the whole inspection with "bigint out of range". Now the rows are read and the values are anomalies.
    const std::string t = m_q + ".idempotency_store_ns";
    const std::string sec = "extract(epoch from now())::bigint";
    QVERIFY(m_admin->run("CREATE TABLE " + t
        + " (id text PRIMARY KEY, expiration bigint, in_progress_expiration bigint, status text NOT NULL, data text, "
          "validation text)"));
    QVERIFY(m_admin->run("INSERT INTO " + t + " VALUES ('svc#ok', " + sec
        + " + 3000, NULL, 'COMPLETED', '{}', 'v'), ('svc#nanos', (extract(epoch from now()) * 1e9)::bigint, NULL, "
          "'COMPLETED', '{}', 'v'), ('svc#sentinel', 9223372036854775807, NULL, 'INPROGRESS', NULL, 'v'), "
          "('svc#lease', "
        + sec + " + 3000, 9223372036854775807, 'INPROGRESS', NULL, 'v')"));
    const std::string nanos = m_admin->value("SELECT expiration::text FROM " + t + " WHERE id = 'svc#nanos'");
    QVERIFY(nanos.size() >= 19);
    auto conn = open();
    LiveInspector inspector(*conn, *mappingPreset("powertools"), m_schema + ".idempotency_store_ns");
    const LiveSnapshot s = inspector.snapshot();
    QCOMPARE(s.counts.total, 4LL);
    QCOMPARE(s.page.records.size(), std::size_t(4)); // every row is still read
    QCOMPARE(s.counts.anomaly(LiveAnomalyKind::TimeOutOfRange), 3LL);
    std::map<std::string, std::string> details;
    for (const LiveAnomaly& a : s.anomalies)
        if (a.kind == LiveAnomalyKind::TimeOutOfRange)
            details[a.scope.key] = a.detail;
    QCOMPARE(details.size(), std::size_t(3));
    QCOMPARE(details.count("ok"), std::size_t(0));
    QCOMPARE(QString::fromStdString(details["nanos"]),
        QString::fromStdString("created_at (column expiration, epoch_s) holds " + nanos
            + ", which is no time in that unit (beyond ±2^53 ms); the row is read without it"));
    QCOMPARE(QString::fromStdString(details["sentinel"]),
        QStringLiteral("created_at (column expiration, epoch_s) holds 9223372036854775807, which is no time in that "
                       "unit (beyond ±2^53 ms); the row is read without it"));
    QCOMPARE(QString::fromStdString(details["lease"]),
        QStringLiteral("lease_until (column in_progress_expiration, epoch_ms) holds 9223372036854775807, which is no "
                       "time in that unit (beyond ±2^53 ms); the row is read without it"));
    // The row that fits keeps its times.
    for (const LiveRecord& r : s.page.records) {
        if (r.scope.key == "ok")
            QVERIFY(r.expiresMs && *r.expiresMs > s.nowMs);
        if (r.scope.key == "nanos")
            QVERIFY(!r.expiresMs);
    }
}

void TestLive::recordsAreClassified()
{
    auto conn = open();
    {
        LiveInspector brandur(*conn, *mappingPreset("brandur"), m_schema + ".idempotency_keys");
        const LiveSnapshot s = brandur.snapshot();
        std::map<std::string, LiveRecord> byKey;
        for (const LiveRecord& r : s.page.records)
            byKey[r.scope.key] = r;
        const LiveRecord& r1 = byKey.at("k-r1");
        QCOMPARE(r1.scope.actor, std::string("2"));
        QCOMPARE(r1.scope.operation, std::string("POST /rides"));
        QCOMPARE(r1.fingerprint, fingerprintOf(json::parse(R"({"target_lat": 2, "origin_lat": 1})")).sha256);
        QCOMPARE(byKey.at("k-r2").fingerprint, r1.fingerprint); // 1.0 and 1 are one number in RFC 8785
        QVERIFY(byKey.at("k-r2").anomalies & anomalyBit(LiveAnomalyKind::SuspectedKeyRegeneration));
        QCOMPARE(byKey.at("k-fin").statusCode, std::optional<int>(201));
        QVERIFY(byKey.at("k-fin").bodyBytes.value_or(0) > 0);
        QCOMPARE(byKey.at("k-fin").state, RecordState::Completed);
        QCOMPARE(byKey.at("k-old-fin").state, RecordState::Expired);
        QCOMPARE(byKey.at("k-old-open").state, RecordState::InProgress); // never expired while in progress
        QCOMPARE(byKey.at("k-old-open").storedState, std::string("charge_created"));
        const LiveRecord& locked = byKey.at("k-stuck-locked");
        QVERIFY(locked.leaseUntilMs);
        QCOMPARE(*locked.leaseUntilMs - locked.createdMs, Millis(90'000));
        QCOMPARE(*byKey.at("k-fin").expiresMs - byKey.at("k-fin").createdMs, Millis(72) * 3'600'000);
        QVERIFY(!byKey.at("k-young").leaseUntilMs); // NULL locked_at: no lease
        QVERIFY(locked.anomalies & anomalyBit(LiveAnomalyKind::StuckInProgress));
        QVERIFY(!(byKey.at("k-young").anomalies & anomalyBit(LiveAnomalyKind::StuckInProgress)));
    }
    {
        LiveInspector powertools(*conn, *mappingPreset("powertools"), m_schema + ".idempotency_store");
        const LiveSnapshot s = powertools.snapshot();
        std::map<std::string, LiveRecord> byKey;
        for (const LiveRecord& r : s.page.records)
            byKey[r.scope.key] = r;
        QCOMPARE(byKey.at("k9").scope.operation, std::string("odd#op")); // split at the last '#'
        QCOMPARE(byKey.at("k1").scope.operation, std::string("svc.handler"));
        QCOMPARE(byKey.at("k1").scope.actor, std::string());
        QCOMPARE(byKey.at("k1").fingerprint, std::string("v1"));
        QCOMPARE(*byKey.at("k1").expiresMs % 1000, Millis(0)); // whole seconds
        QCOMPARE(byKey.at("k1").createdMs, *byKey.at("k1").expiresMs - 3'600'000);
        QCOMPARE(byKey.at("k8").state, RecordState::Expired); // Powertools: an expired in-progress record is expired
        QVERIFY(byKey.at("k3").leaseUntilMs);
        QVERIFY(!byKey.at("k6").bodyBytes);
    }
    {
        LiveInspector seed(*conn, *mappingPreset("seed"), m_schema + ".request_idempotency");
        const LiveSnapshot s = seed.snapshot();
        for (const LiveRecord& r : s.page.records)
            if (r.scope.key == "s-done") {
                QCOMPARE(r.fingerprint, std::string("h-e")); // char(64) padding removed
                QVERIFY(r.completedMs);
            }
    }
}

void TestLive::thresholdsChangeTheRules()
{
    auto conn = open();
    LiveInspector inspector(*conn, *mappingPreset("seed"), m_schema + ".request_idempotency");
    LiveSnapshotOptions options;
    options.thresholds[LiveAnomalyKind::StuckInProgress] = 2 * 60'000; // s-young (1 min) still fine
    options.thresholds[LiveAnomalyKind::SuspectedKeyRegeneration] = 2 * 60'000; // b-2 (90 s) joins r-2
    options.thresholds[LiveAnomalyKind::ExpiredNotSwept] = 2 * 86'400'000; // s-expired is only 1 day past
    LiveSnapshot s = inspector.snapshot(options);
    QCOMPARE(s.counts.anomaly(LiveAnomalyKind::StuckInProgress), 3LL);
    QCOMPARE(s.counts.anomaly(LiveAnomalyKind::SuspectedKeyRegeneration), 2LL);
    QCOMPARE(s.counts.anomaly(LiveAnomalyKind::ExpiredNotSwept), 0LL);
    options.thresholds[LiveAnomalyKind::StuckInProgress] = 30'000;
    options.thresholds.listLimit = 1;
    s = inspector.snapshot(options);
    QCOMPARE(s.counts.anomaly(LiveAnomalyKind::StuckInProgress), 4LL); // s-young too
    const auto listed = std::count_if(s.anomalies.begin(), s.anomalies.end(),
        [](const LiveAnomaly& a) { return a.kind == LiveAnomalyKind::StuckInProgress; });
    QCOMPARE(listed, 1); // capped, the count still says 4
    QVERIFY(anomalyRule(LiveAnomalyKind::StuckInProgress, options.thresholds).find("30 s") != std::string::npos);
}

void TestLive::keysetPagingByKey()
{
    auto conn = open();
    LiveInspector inspector(*conn, *mappingPreset("seed"), m_schema + ".request_idempotency");
    QCOMPARE(
        inspector.orderColumns(LiveOrder::ByKey), (std::vector<std::string> { "actor_id", "operation", "idem_key" }));
    LivePageQuery q;
    q.limit = 4;
    std::vector<std::string> forward;
    LivePage page = inspector.page(q);
    int pages = 1;
    for (;;) {
        for (const LiveRecord& r : page.records)
            forward.push_back(r.scope.actor + "/" + r.scope.key);
        if (!page.moreAfter)
            break;
        q.from = LivePageQuery::From::After;
        q.cursor = page.records.back().cursor;
        page = inspector.page(q);
        ++pages;
    }
    QCOMPARE(forward.size(), std::size_t(13));
    QCOMPARE(pages, 4);
    QVERIFY(std::is_sorted(forward.begin(), forward.end()));
    QCOMPARE(std::set<std::string>(forward.begin(), forward.end()).size(), forward.size());

    // Backwards from the end gives the same rows in the same order.
    q.from = LivePageQuery::From::Last;
    q.cursor.clear();
    std::vector<std::string> backward;
    page = inspector.page(q);
    QVERIFY(!page.moreAfter);
    for (;;) {
        std::vector<std::string> chunk;
        for (const LiveRecord& r : page.records)
            chunk.push_back(r.scope.actor + "/" + r.scope.key);
        backward.insert(backward.begin(), chunk.begin(), chunk.end());
        if (!page.moreBefore)
            break;
        q.from = LivePageQuery::From::Before;
        q.cursor = page.records.front().cursor;
        page = inspector.page(q);
    }
    QCOMPARE(backward, forward);

    // Seek to a key prefix: the first actor at or after "bob".
    q.from = LivePageQuery::From::AtKey;
    q.cursor = { std::string("bob") };
    page = inspector.page(q);
    QCOMPARE(page.records.front().scope.key, std::string("b-1"));
    q.cursor = { std::string("alice"), std::string("POST /orders"), std::string("r-2") };
    page = inspector.page(q);
    QCOMPARE(page.records.front().scope.key, std::string("r-2"));

    // brandur: a bigint and a text column.
    LiveInspector brandur(*conn, *mappingPreset("brandur"), m_schema + ".idempotency_keys");
    LivePageQuery b;
    b.from = LivePageQuery::From::AtKey;
    b.cursor = { std::string("2") };
    b.limit = 2;
    page = brandur.page(b);
    QCOMPARE(page.records.size(), std::size_t(2));
    QCOMPARE(page.records[0].scope.key, std::string("k-r1"));
    QVERIFY(page.moreAfter);
    b.from = LivePageQuery::From::After;
    b.cursor = page.records.back().cursor;
    page = brandur.page(b);
    QCOMPARE(page.records.size(), std::size_t(1));
    QCOMPARE(page.records[0].scope.key, std::string("k-other-user"));
    QVERIFY(!page.moreAfter);
}

void TestLive::keysetPagingByTime()
{
    auto conn = open();
    for (const auto& [mapping, name] : { std::pair { "seed", "request_idempotency" },
             std::pair { "brandur", "idempotency_keys" }, std::pair { "powertools", "idempotency_store" } }) {
        LiveInspector inspector(*conn, *mappingPreset(mapping), m_schema + "." + name);
        LivePageQuery q;
        q.order = LiveOrder::ByTime;
        q.limit = 3;
        std::vector<Millis> times;
        LivePage page = inspector.page(q);
        for (;;) {
            for (const LiveRecord& r : page.records)
                times.push_back(r.createdMs);
            if (!page.moreAfter)
                break;
            q.from = LivePageQuery::From::After;
            q.cursor = page.records.back().cursor;
            page = inspector.page(q);
        }
        QVERIFY2(std::is_sorted(times.begin(), times.end()), mapping);
        const LiveCounts counts = inspector.counts();
        QCOMPARE(static_cast<long long>(times.size()), counts.total);

        // Seek to a time: everything created in the last 15 minutes, oldest first.
        const Millis now = inspector.snapshot().nowMs;
        q.from = LivePageQuery::From::AtTime;
        q.atMs = now - 15 * 60'000;
        q.limit = 100;
        page = inspector.page(q);
        const auto recent = std::count_if(times.begin(), times.end(), [&](Millis t) { return t >= q.atMs; });
        QCOMPARE(static_cast<long long>(page.records.size()), static_cast<long long>(recent));
        for (const LiveRecord& r : page.records)
            QVERIFY2(r.createdMs >= q.atMs, mapping);

        // The newest rows: the last page, still in ascending order.
        q.from = LivePageQuery::From::Last;
        q.limit = 2;
        page = inspector.page(q);
        QCOMPARE(page.records.size(), std::size_t(2));
        QCOMPARE(page.records.back().createdMs, times.back());
        QVERIFY(page.moreBefore);
    }
}

void TestLive::readOnlyAtTheDatabase()
{
    auto conn = open();
    QVERIFY(conn->transactionsAreReadOnly());
    const std::string table = m_q + ".request_idempotency";
    const auto show = [&](const std::string& setting) {
        PGresult* r = PQexec(conn->native(), ("SHOW " + setting).c_str());
        const std::string out = PQresultStatus(r) == PGRES_TUPLES_OK ? PQgetvalue(r, 0, 0) : "";
        PQclear(r);
        return out;
    };
    // The session is left as it was found (docs/manual/live-tables.md): read-only is each transaction's, never the
    // session's default.
    QCOMPARE(show("default_transaction_read_only"), std::string("off"));
    const std::string timeout = show("statement_timeout");
    const std::string path = show("search_path");
    // Inside the inspection's own transaction (BEGIN READ ONLY) a write is refused by PostgreSQL itself.
    try {
        conn->readOnly([&] { conn->exec("UPDATE " + table + " SET status_code = 500", {}, "try to write"); });
        QFAIL("a write went through the inspection connection");
    } catch (const LiveError& e) {
        QVERIFY2(std::string(e.what()).find("SQLSTATE 25006") != std::string::npos, e.what());
    }
    // Even a session whose default is read-write (as every application's is) is refused inside an inspection.
    PQclear(PQexec(conn->native(), "SET default_transaction_read_only = off"));
    try {
        conn->readOnly([&] { conn->exec("DELETE FROM " + table, {}, "try to write"); });
        QFAIL("a write went through BEGIN READ ONLY");
    } catch (const LiveError& e) {
        QVERIFY2(std::string(e.what()).find("SQLSTATE 25006") != std::string::npos, e.what());
    }
    // What inspection sets is SET LOCAL: gone with its transaction.
    LiveInspector inspector(*conn, *mappingPreset("seed"), m_schema + ".request_idempotency");
    QCOMPARE(inspector.snapshot().counts.total, 13LL);
    QCOMPARE(show("statement_timeout"), timeout);
    QCOMPARE(show("search_path"), path);
    QCOMPARE(show("default_transaction_read_only"), std::string("off"));
    PgAdmin admin;
    QCOMPARE(admin.value("SELECT count(*) FROM " + table), std::string("13"));
}

void TestLive::mappingErrorNamesTheColumn_data()
{
    QTest::addColumn<QString>("mapping");
    QTest::addColumn<QString>("ddl");
    QTest::addColumn<QStringList>("mentions");
    QTest::newRow("brandur_without_recovery_point")
        << QStringLiteral("brandur")
        << QStringLiteral("(id bigserial PRIMARY KEY, user_id bigint, idempotency_key text, created_at timestamptz, "
                          "locked_at timestamptz, request_method text, request_path text, request_params jsonb, "
                          "response_code int, response_body jsonb, UNIQUE (user_id, idempotency_key))")
        << QStringList { QStringLiteral("no column recovery_point (the state)") };
    QTest::newRow("powertools_expiration_as_text")
        << QStringLiteral("powertools")
        << QStringLiteral("(id text PRIMARY KEY, expiration text, in_progress_expiration bigint, status text, data "
                          "text, validation text)")
        << QStringList { QStringLiteral("column expiration of type text"), QStringLiteral("epoch seconds") };
    QTest::newRow("seed_missing_two")
        << QStringLiteral("seed")
        << QStringLiteral("(actor_id text, operation text, idem_key text, state text, created_at timestamptz, "
                          "payload_hash text, status_code int, UNIQUE (actor_id, operation, idem_key))")
        << QStringList { QStringLiteral("no column expires_at (the expiry)"),
               QStringLiteral("no column response_body (the response body)") };
    QTest::newRow("brandur_params_as_text")
        << QStringLiteral("brandur")
        << QStringLiteral("(id bigserial PRIMARY KEY, user_id bigint, idempotency_key text, created_at timestamptz, "
                          "locked_at timestamptz, request_method text, request_path text, request_params text, "
                          "response_code int, response_body jsonb, recovery_point text, UNIQUE (user_id, "
                          "idempotency_key))")
        << QStringList { QStringLiteral("column request_params of type text"), QStringLiteral("json or jsonb") };
    QTest::newRow("no_unique_key")
        << QStringLiteral("powertools")
        << QStringLiteral("(id text, expiration bigint, in_progress_expiration bigint, status text, data text)")
        << QStringList { QStringLiteral("no unique key within (id)") };
}

void TestLive::mappingErrorNamesTheColumn()
{
    QFETCH(QString, mapping);
    QFETCH(QString, ddl);
    QFETCH(QStringList, mentions);
    const std::string name = "misfit_" + std::string(QTest::currentDataTag());
    QVERIFY(m_admin->run("CREATE TABLE " + m_q + "." + name + " " + ddl.toStdString()));
    auto conn = open();
    try {
        LiveInspector inspector(*conn, *mappingPreset(mapping.toStdString()), m_schema + "." + name);
        QFAIL("a table that does not fit was accepted");
    } catch (const LiveError& e) {
        QCOMPARE(e.kind(), LiveError::Kind::Schema);
        const QString what = QString::fromUtf8(e.what());
        QVERIFY2(what.contains(QString::fromStdString(m_schema + "." + name)), qPrintable(what));
        for (const QString& m : mentions)
            QVERIFY2(what.contains(m), qPrintable(what));
        QVERIFY2(!what.contains(QLatin1Char('\n')), qPrintable(what));
    }
}

void TestLive::missingTableIsOneSentence()
{
    auto conn = open();
    try {
        LiveInspector inspector(*conn, *mappingPreset("brandur"), m_schema + ".no_such_table");
        QFAIL("a missing table was accepted");
    } catch (const LiveError& e) {
        QCOMPARE(e.kind(), LiveError::Kind::Schema);
        const std::string expected = "there is no table named " + m_schema + ".no_such_table";
        QVERIFY2(std::string(e.what()).find(expected) != std::string::npos, e.what());
    }
}

void TestLive::hostileNamesAreEscaped()
{
    const std::string name = "we\"ird; DROP TABLE " + m_schema + ".canary; --";
    QVERIFY(m_admin->run("CREATE TABLE " + m_q + ".canary (id int)"));
    // A custom mapping whose columns are hostile too.
    QVERIFY(m_admin->run("CREATE TABLE " + m_q + "." + m_admin->ident(name)
        + " (\"who\"\"; DROP TABLE x\" text, \"k'ey\" text PRIMARY KEY, \"st ate\" text, created timestamptz, "
          "expires timestamptz)"));
    QVERIFY(m_admin->run("INSERT INTO " + m_q + "." + m_admin->ident(name)
        + " VALUES ('a', 'k1', 'done', now() - interval '1 min', now() + interval '1 hour'), "
          "('b', 'k2', 'open', now() - interval '2 min', now() + interval '1 hour')"));
    const std::string mappingText = R"({"format": "idempotency-workbench/mapping@1", "name": "hostile",
        "order": ["k'ey"], "actor": {"column": "who\"; DROP TABLE x"}, "operation": {"constant": "'); DROP TABLE y; --"},
        "key": {"column": "k'ey"}, "state": {"column": "st ate", "completed": ["done", "it's \"done\""]},
        "created_at": {"column": "created"}, "expires_at": {"column": "expires"}})";
    const LiveMapping mapping = parseMapping(mappingText, "hostile.json");
    auto conn = open();
    // Exactly as written (schema.table), and as an SQL name with quotes.
    const std::string quoted = m_q + "." + m_admin->ident(name);
    for (const std::string& spelled : { m_schema + "." + name, quoted }) {
        LiveInspector inspector(*conn, mapping, spelled);
        QCOMPARE(inspector.table().name, name);
        const LiveSnapshot s = inspector.snapshot();
        QCOMPARE(s.counts.total, 2LL);
        QCOMPARE(s.counts.completed, 1LL);
        QCOMPARE(s.counts.inProgress, 1LL);
        QCOMPARE(s.page.records.front().scope.operation, std::string("'); DROP TABLE y; --"));
        QCOMPARE(s.page.records.front().scope.actor, std::string("a"));
        LivePageQuery q;
        q.from = LivePageQuery::From::AtKey;
        q.cursor = { std::string("k2'; DROP TABLE z; --") };
        QVERIFY(inspector.page(q).records.empty());
    }
    QCOMPARE(m_admin->value("SELECT count(*) FROM " + m_q + ".canary"), std::string("0"));
}

void TestLive::unreachableServerKeepsThePasswordSecret()
{
    const std::vector<std::string> conninfos {
        "host=127.0.0.1 port=1 user=me password=hunter2-secret connect_timeout=3",
        "postgresql://me:hunter2-secret@127.0.0.1:1/db?connect_timeout=3",
    };
    for (const std::string& c : conninfos) {
        try {
            LiveConnection::open(c);
            QFAIL("connected to a closed port");
        } catch (const LiveError& e) {
            QCOMPARE(e.kind(), LiveError::Kind::Unreachable);
            const std::string what = e.what();
            QVERIFY2(what.find("hunter2") == std::string::npos, what.c_str());
            QVERIFY2(what.rfind("could not connect to PostgreSQL at host 127.0.0.1 port 1: ", 0) == 0, what.c_str());
            QVERIFY2(what.find('\n') == std::string::npos, what.c_str());
        }
    }
    try {
        LiveConnection::open("host='unterminated password=hunter2-secret");
        QFAIL("a broken conninfo was accepted");
    } catch (const LiveError& e) {
        QCOMPARE(e.kind(), LiveError::Kind::BadInput);
        QVERIFY2(std::string(e.what()).find("hunter2") == std::string::npos, e.what());
    }
}

void TestLive::candidateTablesAreDiscovered()
{
    auto conn = open();
    const std::vector<LiveCandidate> found = discoverTables(*conn);
    std::map<std::string, LiveCandidate> byName;
    for (const LiveCandidate& c : found)
        if (c.table.schema == m_schema)
            byName[c.table.name] = c;
    QVERIFY(byName.count("request_idempotency"));
    QCOMPARE(byName["request_idempotency"].fittingPresets, std::vector<std::string> { "seed" });
    QCOMPARE(
        byName["request_idempotency"].uniqueKey, (std::vector<std::string> { "actor_id", "operation", "idem_key" }));
    QVERIFY(byName.count("idempotency_keys"));
    QCOMPARE(byName["idempotency_keys"].fittingPresets, std::vector<std::string> { "brandur" });
    QCOMPARE(byName["idempotency_keys"].uniqueKey, (std::vector<std::string> { "user_id", "idempotency_key" }));
    QVERIFY(byName.count("idempotency_store"));
    QCOMPARE(byName["idempotency_store"].fittingPresets, std::vector<std::string> { "powertools" });
    QVERIFY(byName.count("users")); // a primary key on "id": a candidate, fitting no preset
    QVERIFY(byName["users"].fittingPresets.empty());
    QVERIFY(!byName.count("canary")); // no unique key at all
}

void TestLive::followSurvivesAKilledConnection()
{
    auto conn = open();
    LiveInspector inspector(*conn, *mappingPreset("brandur"), m_schema + ".idempotency_keys");
    LiveFollower follower(inspector, {});
    LiveFollower::Poll p = follower.poll();
    QCOMPARE(p.status, LiveFollower::Poll::Status::Ok);
    QCOMPARE(p.snapshot->counts.total, 11LL);

    const int pid = conn->backendPid();
    QVERIFY(m_admin->terminateBackend(pid));
    p = follower.poll();
    QCOMPARE(p.status, LiveFollower::Poll::Status::Recovered);
    QVERIFY(p.snapshot);
    QCOMPARE(p.snapshot->counts.total, 11LL);
    QVERIFY2(p.message.find("was lost") != std::string::npos, p.message.c_str());
    QVERIFY2(p.message.find("reconnected") != std::string::npos, p.message.c_str());
    QVERIFY(conn->backendPid() != pid);
    QVERIFY(conn->transactionsAreReadOnly()); // the new session was checked again
    QCOMPARE(follower.reconnects(), 1);
    QCOMPARE(follower.poll().status, LiveFollower::Poll::Status::Ok);
}

void TestLive::followStopsWhenTheServerRefuses()
{
    // A role of our own, so refusing its logins disturbs nobody else.
    m_role = m_schema + "_reader";
    const std::string role = m_admin->ident(m_role);
    QVERIFY(m_admin->run("CREATE ROLE " + role + " LOGIN"));
    QVERIFY(m_admin->run("GRANT USAGE ON SCHEMA " + m_q + " TO " + role));
    QVERIFY(m_admin->run("GRANT SELECT ON ALL TABLES IN SCHEMA " + m_q + " TO " + role));
    auto conn = LiveConnection::open("user=" + m_role);
    LiveInspector inspector(*conn, *mappingPreset("seed"), m_schema + ".request_idempotency");
    LiveFollower follower(inspector, {});
    QCOMPARE(follower.poll().status, LiveFollower::Poll::Status::Ok);

    QVERIFY(m_admin->run("ALTER ROLE " + role + " NOLOGIN"));
    QVERIFY(m_admin->terminateBackend(conn->backendPid()));
    LiveFollower::Poll p = follower.poll();
    QCOMPARE(p.status, LiveFollower::Poll::Status::Stopped);
    QVERIFY(!p.snapshot);
    QVERIFY2(p.message.rfind("stopped: the connection to PostgreSQL at ", 0) == 0, p.message.c_str());
    QVERIFY2(p.message.find("could not be re-established") != std::string::npos, p.message.c_str());
    QVERIFY2(p.message.find("not permitted to log in") != std::string::npos, p.message.c_str());
    QVERIFY(follower.stopped());
    QCOMPARE(follower.poll().status, LiveFollower::Poll::Status::Stopped); // stays stopped until resumed

    QVERIFY(m_admin->run("ALTER ROLE " + role + " LOGIN"));
    QVERIFY(conn->reconnect());
    follower.resume();
    QCOMPARE(follower.poll().status, LiveFollower::Poll::Status::Ok);
    conn.reset();
}

void TestLive::inspectCommandJson()
{
    QString outText;
    QString errText;
    QTextStream out(&outText);
    QTextStream err(&errText);
    const int code
        = runInspectCommand({ QStringLiteral("--conninfo"), QString(), QStringLiteral("--table"),
                                table("idempotency_keys"), QStringLiteral("--mapping"), QStringLiteral("brandur"),
                                QStringLiteral("--limit"), QStringLiteral("3"), QStringLiteral("--json") },
            out, err);
    out.flush();
    err.flush();
    QVERIFY2(code == 0, qPrintable(errText));
    const json::Value doc = json::parse(outText.toStdString());
    QStringList keys;
    for (const json::Member& m : doc.object)
        keys << QString::fromStdString(m.key);
    for (const char* k : { "table", "mapping", "now", "total", "counts", "anomalies", "records" })
        QVERIFY2(keys.contains(QLatin1String(k)), qPrintable(keys.join(QLatin1Char(' '))));
    QCOMPARE(doc.find("table")->string, m_schema + ".idempotency_keys");
    QCOMPARE(doc.find("mapping")->string, std::string("brandur"));
    QCOMPARE(doc.find("total")->number, 11.0);
    const json::Value* counts = doc.find("counts");
    QCOMPARE(counts->find("in_progress")->number, 5.0);
    QCOMPARE(counts->find("completed")->number, 5.0);
    QCOMPARE(counts->find("expired")->number, 1.0);
    QCOMPARE(doc.find("anomalies")->array.size(), std::size_t(7));
    for (const json::Value& a : doc.find("anomalies")->array) {
        QStringList fields;
        for (const json::Member& m : a.object)
            fields << QString::fromStdString(m.key);
        QCOMPARE(fields,
            (QStringList { QStringLiteral("kind"), QStringLiteral("actor"), QStringLiteral("operation"),
                QStringLiteral("key"), QStringLiteral("detail"), QStringLiteral("created_ms"), QStringLiteral("age_ms"),
                QStringLiteral("key_columns") }));
    }
    const auto& records = doc.find("records")->array;
    QCOMPARE(records.size(), std::size_t(3));
    for (const char* k : { "actor", "operation", "key", "state", "payload_hash", "status_code", "created_ms",
             "completed_ms", "expires_ms", "lease_until_ms", "result_id" })
        QVERIFY2(records[0].find(k), k);
    QCOMPARE(records[0].find("actor")->string, std::string("1"));
}

void TestLive::inspectCommandText()
{
    QString outText;
    QString errText;
    QTextStream out(&outText);
    QTextStream err(&errText);
    const int code = runInspectCommand({ QStringLiteral("--table"), table("idempotency_store"),
                                           QStringLiteral("--mapping"), QStringLiteral("powertools") },
        out, err);
    out.flush();
    QVERIFY2(code == 0, qPrintable(errText));
    QVERIFY2(outText.contains(QLatin1String("11 records: 4 in progress, 5 completed, 2 expired")), qPrintable(outText));
    QVERIFY2(outText.contains(QLatin1String("stuck_in_progress")), qPrintable(outText));
    QVERIFY2(outText.contains(QLatin1String("svc.handler")), qPrintable(outText));
}

void TestLive::inspectCommandExitCodes_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown_mapping") << QStringList { QStringLiteral("--mapping"), QStringLiteral("nope") } << 2
                                     << QStringLiteral("no such mapping preset or file");
    QTest::newRow("bad_limit") << QStringList { QStringLiteral("--limit"), QStringLiteral("abc") } << 2
                               << QStringLiteral("--limit must be a whole number");
    QTest::newRow("negative_limit") << QStringList { QStringLiteral("--limit"), QStringLiteral("-1") } << 2
                                    << QStringLiteral("--limit must be a whole number");
    QTest::newRow("unknown_option") << QStringList { QStringLiteral("--colour") } << 2
                                    << QStringLiteral("unknown option --colour");
    QTest::newRow("bad_threshold") << QStringList { QStringLiteral("--threshold"), QStringLiteral("sleepy=5") } << 2
                                   << QStringLiteral("unknown anomaly kind");
    QTest::newRow("missing_table") << QStringList { QStringLiteral("--table"), QStringLiteral("nowhere_at_all") } << 3
                                   << QStringLiteral("there is no table named nowhere_at_all");
    QTest::newRow("unreachable") << QStringList { QStringLiteral("--conninfo"),
        QStringLiteral("host=127.0.0.1 port=1 password=s3cret connect_timeout=3") }
                                 << 3 << QStringLiteral("could not connect to PostgreSQL");
    QTest::newRow("conninfo_does_not_parse") << QStringList { QStringLiteral("--conninfo"), QStringLiteral("host='x") }
                                             << 2 << QStringLiteral("does not parse");
}

void TestLive::inspectCommandExitCodes()
{
    QFETCH(QStringList, args);
    QFETCH(int, code);
    QFETCH(QString, message);
    QString outText;
    QString errText;
    QTextStream out(&outText);
    QTextStream err(&errText);
    QCOMPARE(runInspectCommand(args, out, err), code);
    err.flush();
    QVERIFY2(errText.contains(message), qPrintable(errText));
    QVERIFY2(!errText.contains(QLatin1String("s3cret")), qPrintable(errText));
    QVERIFY2(errText.section(QLatin1Char('\n'), 0, 0).contains(message), qPrintable(errText)); // one sentence
}

namespace {

using Cli = iwtest::InspectRun;
using iwtest::inspect;

} // namespace

void TestLive::seekByIdempotencyKeyInContext()
{
    auto conn = open();
    LiveInspector brandur(*conn, *mappingPreset("brandur"), m_schema + ".idempotency_keys");
    QCOMPARE(brandur.keyColumnsDescription(), std::string("idempotency_key"));
    for (const LiveOrder order : { LiveOrder::ByTime, LiveOrder::ByKey }) {
        const auto found = brandur.locateKey("k-stuck-nolock", order);
        QVERIFY(found);
        QCOMPARE(found->scope.key, std::string("k-stuck-nolock"));
        QCOMPARE(found->cursor.size(), brandur.orderColumns(order).size());
        LivePageQuery q;
        q.order = order;
        q.from = LivePageQuery::From::Around;
        q.cursor = found->cursor;
        q.limit = 4;
        const LivePage page = brandur.page(q);
        // The record with neighbours on both sides, in the order asked for.
        QCOMPARE(page.order, order);
        QCOMPARE(page.records.size(), std::size_t(4));
        const auto at = std::find_if(page.records.begin(), page.records.end(),
            [](const LiveRecord& r) { return r.scope.key == "k-stuck-nolock"; });
        QVERIFY(at != page.records.end());
        QVERIFY(at != page.records.begin());
        QVERIFY(at + 1 != page.records.end());
        if (order == LiveOrder::ByTime)
            QVERIFY(std::is_sorted(page.records.begin(), page.records.end(),
                [](const LiveRecord& a, const LiveRecord& b) { return a.createdMs < b.createdMs; }));
    }
    QVERIFY(!brandur.locateKey("no-such-key", LiveOrder::ByKey));
    // By the key order's values (an anomaly's cursor), in the time order.
    const auto row = brandur.locateRow({ std::string("2"), std::string("k-r2") }, LiveOrder::ByTime);
    QVERIFY(row);
    QCOMPARE(row->scope.key, std::string("k-r2"));
    QCOMPARE(row->cursor.size(), std::size_t(3)); // created_at, user_id, idempotency_key

    // Powertools: the key is the text after the last "#" of id.
    LiveInspector powertools(*conn, *mappingPreset("powertools"), m_schema + ".idempotency_store");
    QVERIFY2(powertools.keyColumnsDescription().find("after the last") != std::string::npos,
        powertools.keyColumnsDescription().c_str());
    const auto k9 = powertools.locateKey("k9", LiveOrder::ByKey);
    QVERIFY(k9);
    QCOMPARE(k9->scope.operation, std::string("odd#op"));
}

void TestLive::seekValueThatDoesNotFitIsOneSentence()
{
    auto conn = open();
    LiveInspector brandur(*conn, *mappingPreset("brandur"), m_schema + ".idempotency_keys");
    LivePageQuery q;
    q.from = LivePageQuery::From::AtKey;
    q.cursor = { std::string("stuck-700") };
    try {
        brandur.page(q);
        QFAIL("a text seek on a bigint column was accepted");
    } catch (const LiveError& e) {
        QCOMPARE(e.kind(), LiveError::Kind::BadInput);
        const QString what = QString::fromUtf8(e.what());
        QVERIFY2(what.contains(QLatin1String("\"stuck-700\" is not a value of the column user_id (bigint)")),
            qPrintable(what));
        QVERIFY2(!what.contains(QLatin1String("SQLSTATE")), qPrintable(what));
    }
    // A time column takes only a time: the server's data exception becomes one sentence naming the columns.
    q.order = LiveOrder::ByTime;
    try {
        brandur.page(q);
        QFAIL("a text seek on a timestamptz column was accepted");
    } catch (const LiveError& e) {
        QCOMPARE(e.kind(), LiveError::Kind::BadInput);
        const QString what = QString::fromUtf8(e.what());
        QVERIFY2(what.contains(QLatin1String("created_at (timestamp with time zone)")), qPrintable(what));
        QVERIFY2(!what.contains(QLatin1String("SQLSTATE")), qPrintable(what));
    }
    // The connection is still usable.
    q.cursor = { std::string("-1") };
    q.order = LiveOrder::ByKey;
    QVERIFY(!brandur.page(q).records.empty());
}

void TestLive::refusalNamesEachColumnOnce()
{
    auto conn = open();
    // The seed table read as brandur's: user_id is both the actor and a key-order column.
    try {
        LiveInspector inspector(*conn, *mappingPreset("brandur"), m_schema + ".request_idempotency");
        QFAIL("a seed table was accepted as brandur's");
    } catch (const LiveError& e) {
        const QString what = QString::fromUtf8(e.what());
        for (const char* column : { "user_id", "idempotency_key" }) {
            const QString mention = QStringLiteral("no column %1 ").arg(QLatin1String(column));
            QVERIFY2(what.count(mention) == 1, qPrintable(what));
        }
        QVERIFY2(what.contains(QLatin1String("no column user_id (the actor and the paging order)")), qPrintable(what));
    }
}

void TestLive::inspectCommandSaysWhatItAssumed()
{
    const QString brandur = table("idempotency_keys");
    // A number without a unit is refused, naming the units.
    Cli r = inspect({ QStringLiteral("--table"), brandur, QStringLiteral("--mapping"), QStringLiteral("brandur"),
        QStringLiteral("--threshold"), QStringLiteral("stuck_in_progress=10") });
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QLatin1String("needs a unit")), qPrintable(r.err));
    QVERIFY2(r.err.contains(QLatin1String("ms, s, min, h or d")), qPrintable(r.err));
    QVERIFY2(r.err.contains(QLatin1String("stuck_in_progress=10min")), qPrintable(r.err));

    // A table with a lease: the stuck threshold covers only rows without one, and the command says so.
    r = inspect({ QStringLiteral("--table"), brandur, QStringLiteral("--mapping"), QStringLiteral("brandur"),
        QStringLiteral("--threshold"), QStringLiteral("stuck_in_progress=10min") });
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.err.contains(QLatin1String("--threshold stuck_in_progress=10 min")), qPrintable(r.err));
    QVERIFY2(r.err.contains(QLatin1String("(locked_at NULL)")), qPrintable(r.err));
    r = inspect({ QStringLiteral("--table"), brandur, QStringLiteral("--mapping"), QStringLiteral("brandur") });
    QVERIFY2(!r.err.contains(QLatin1String("lease")), qPrintable(r.err));

    // No --mapping: seed is the default, said so; a table that does not fit it gets the mapping that does.
    r = inspect({ QStringLiteral("--table"), brandur });
    QCOMPARE(r.code, 3);
    QVERIFY2(r.err.contains(QLatin1String("seed is the mapping used when --mapping is not given")), qPrintable(r.err));
    QVERIFY2(r.err.contains(QLatin1String("add --mapping brandur")), qPrintable(r.err));
    QVERIFY2(r.err.trimmed().count(QLatin1Char('\n')) == 0, qPrintable(r.err)); // one sentence
    r = inspect({ QStringLiteral("--table"), table("request_idempotency") });
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.err.contains(QLatin1String("seed mapping (the default")), qPrintable(r.err));
    r = inspect({ QStringLiteral("--table"), brandur, QStringLiteral("--mapping"), QStringLiteral("seed") });
    QCOMPARE(r.code, 3);
    QVERIFY2(!r.err.contains(QLatin1String("the default")), qPrintable(r.err)); // chosen, not assumed
}

void TestLive::stuckThresholdSaysHowManyRowsItDecides()
{
    // Seed-shaped tables (lease_until is the lease): one mixed, one where every row in progress holds a lease.
    const std::string s = m_q;
    const std::string now = "now()::timestamp";
    const auto row = [&](const char* key, const char* state, const std::string& lease) {
        return "('42', 'POST /orders', '" + std::string(key) + "', 'h', '" + state + "', "
            + (std::string_view(state) == "completed" ? "201, '{}'" : "NULL, NULL") + ", " + now
            + " - interval '20 min', NULL, " + now + " + interval '1 day', " + lease + ")";
    };
    const std::string columns = " (actor_id, operation, idem_key, payload_hash, state, status_code, response_body, "
                                "created_at, completed_at, expires_at, lease_until) VALUES ";
    const std::string future = now + " + interval '5 min'";
    const std::string past = now + " - interval '5 min'";
    QVERIFY(m_admin->run("CREATE TABLE " + s + ".lease_mixed (LIKE " + s + ".request_idempotency INCLUDING ALL)"));
    QVERIFY(m_admin->run("INSERT INTO " + s + ".lease_mixed" + columns + row("l1", "in_progress", future) + ", "
        + row("l2", "in_progress", future) + ", " + row("l3", "in_progress", past) + ", "
        + row("n1", "in_progress", "NULL") + ", " + row("n2", "in_progress", "NULL") + ", "
        + row("d1", "completed", "NULL")));
    QVERIFY(m_admin->run("CREATE TABLE " + s + ".lease_all (LIKE " + s + ".request_idempotency INCLUDING ALL)"));
    QVERIFY(m_admin->run("INSERT INTO " + s + ".lease_all" + columns + row("l1", "in_progress", future) + ", "
        + row("l2", "in_progress", past) + ", " + row("d1", "completed", "NULL")));

    // Counted by the one aggregate query, beside the other counts.
    auto conn = open();
    const LiveCounts mixed = LiveInspector(*conn, *mappingPreset("seed"), m_schema + ".lease_mixed").counts();
    QVERIFY(mixed.leaseMapped);
    QCOMPARE(mixed.openWithoutLease, 2LL);
    QCOMPARE(mixed.openWithLease, 3LL);
    const LiveCounts all = LiveInspector(*conn, *mappingPreset("seed"), m_schema + ".lease_all").counts();
    QCOMPARE(all.openWithoutLease, 0LL);
    QCOMPARE(all.openWithLease, 2LL);

    // The command says how many rows the threshold decides, or that it decides none.
    Cli r = inspect({ QStringLiteral("--table"), table("lease_mixed"), QStringLiteral("--mapping"),
        QStringLiteral("seed"), QStringLiteral("--threshold"), QStringLiteral("stuck_in_progress=10min") });
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.err.contains(QLatin1String("--threshold stuck_in_progress=10 min applies to the 2 in-progress rows "
                                          "without a lease (lease_until NULL); the 3 with a lease are stuck once "
                                          "their lease has passed")),
        qPrintable(r.err));
    r = inspect({ QStringLiteral("--table"), table("lease_all"), QStringLiteral("--mapping"), QStringLiteral("seed"),
        QStringLiteral("--threshold"), QStringLiteral("stuck_in_progress=10min") });
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.err.contains(QLatin1String("--threshold stuck_in_progress=10 min has no effect on this table: every "
                                          "one of its 2 in-progress rows has a lease (lease_until)")),
        qPrintable(r.err));
    QVERIFY2(!r.err.contains(QLatin1String("applies to")), qPrintable(r.err));
}

void TestLive::inspectCommandNewestFirstAndAnomalyLimit()
{
    Cli r = inspect({ QStringLiteral("--table"), table("idempotency_keys"), QStringLiteral("--mapping"),
        QStringLiteral("brandur"), QStringLiteral("--order"), QStringLiteral("newest"), QStringLiteral("--limit"),
        QStringLiteral("3"), QStringLiteral("--anomaly-limit"), QStringLiteral("1"), QStringLiteral("--json") });
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const json::Value doc = json::parse(r.out.toStdString());
    QCOMPARE(doc.find("records_order")->string, std::string("newest"));
    const auto& records = doc.find("records")->array;
    QCOMPARE(records.size(), std::size_t(3));
    QCOMPARE(records[0].find("key")->string, std::string("k-fresh")); // the newest row of the fixture
    for (std::size_t i = 1; i < records.size(); ++i)
        QVERIFY(records[i - 1].find("created_ms")->number >= records[i].find("created_ms")->number);
    std::map<std::string, int> perKind;
    for (const json::Value& a : doc.find("anomalies")->array)
        ++perKind[a.find("kind")->string];
    QVERIFY(perKind["stuck_in_progress"] == 1); // two are stuck; one is listed
    for (const auto& [kind, n] : perKind)
        QVERIFY2(n <= 1, kind.c_str());
    QVERIFY(doc.find("anomalies_complete")->isBool());
    QVERIFY(!doc.find("anomalies_complete")->boolean);
    QCOMPARE(doc.find("anomaly_limit")->number, 1.0);

    r = inspect(
        { QStringLiteral("--table"), table("idempotency_keys"), QStringLiteral("--mapping"), QStringLiteral("brandur"),
            QStringLiteral("--order"), QStringLiteral("newest"), QStringLiteral("--limit"), QStringLiteral("2") });
    QVERIFY2(r.out.contains(QLatin1String("newest 2 records, newest first")), qPrintable(r.out));
    r = inspect({ QStringLiteral("--order"), QStringLiteral("oldest") });
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QLatin1String("key, time or newest")), qPrintable(r.err));
    r = inspect({ QStringLiteral("--anomaly-limit"), QStringLiteral("many") });
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QLatin1String("--anomaly-limit must be a whole number")), qPrintable(r.err));
}

void TestLive::anomaliesCarryAgeAndKeyColumns()
{
    auto conn = open();
    LiveInspector brandur(*conn, *mappingPreset("brandur"), m_schema + ".idempotency_keys");
    const LiveSnapshot s = brandur.snapshot();
    const json::Value doc = json::parse(inspectionJson(s, {}));
    QVERIFY(doc.find("anomalies_complete")->boolean);
    bool sawStuck = false;
    for (const json::Value& a : doc.find("anomalies")->array) {
        const json::Value* columns = a.find("key_columns");
        QVERIFY(columns);
        QCOMPARE(columns->find("user_id")->string, a.find("actor")->string);
        QCOMPARE(columns->find("idempotency_key")->string, a.find("key")->string);
        QCOMPARE(a.find("age_ms")->number, double(s.nowMs) - a.find("created_ms")->number);
        if (a.find("key")->string == "k-stuck-nolock") {
            sawStuck = true;
            QVERIFY(a.find("age_ms")->number >= 10 * 60'000 - 1000); // created 10 minutes before now
        }
    }
    QVERIFY(sawStuck);
    // The CSV carries the same data as columns.
    const QString csv = QString::fromStdString(anomaliesCsv(s));
    const QStringList lines = csv.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.first(),
        QStringLiteral(
            "kind,actor,operation,key,created_ms,age_ms,key_column.user_id,key_column.idempotency_key,detail"));
    QCOMPARE(lines.size(), int(s.anomalies.size()) + 1);
    // Cut at a limit, the CSV says it is a first page.
    AnomalyThresholds one;
    one.listLimit = 1;
    LiveSnapshotOptions options;
    options.thresholds = one;
    const QString cut = QString::fromStdString(anomaliesCsv(brandur.snapshot(options)));
    QVERIFY2(cut.startsWith(QLatin1String("# first page only")), qPrintable(cut));
}

QTEST_GUILESS_MAIN(TestLive)
#include "tst_live.moc"
