// The on-call's questions of a live table (docs/manual/live-tables.md, issue 39 part 2), against a real server: naive
// timestamps read in the zone the mapping names (Rails- and Django-shaped tables, a session in America/New_York set by
// the role's own settings, never by a SET of ours) and a warning naming the columns when no zone is named; one key's
// scopes whole (two users sharing a key), the business rows a regenerated key caused, what the sweeper removes next,
// anomalies by actor and newest first, instants beside ages, lists that seek to their rows, and a follower within its
// share. Runs under scripts/with-postgres.sh (PG* variables); skips when no server is configured.
#include "inspectrun.h"
#include "json.h"
#include "liveinspector.h"
#include "livereport.h"
#include "pgadmin.h"

#include <QtTest>

#include <random>
#include <unistd.h>

using namespace iw;

namespace {

using Cli = iwtest::InspectRun;
using iwtest::inspect;

// The counts of a snapshot that direct SQL recomputes.
struct Counted {
    long long total = 0, inProgress = 0, completed = 0, expired = 0, stuck = 0, expiredNotSwept = 0, pastExpiry = 0;
    bool operator==(const Counted&) const = default;
};

QByteArray describe(const Counted& c)
{
    return QByteArray("total ") + QByteArray::number(c.total) + ", in progress " + QByteArray::number(c.inProgress)
        + ", completed " + QByteArray::number(c.completed) + ", expired " + QByteArray::number(c.expired) + ", stuck "
        + QByteArray::number(c.stuck) + ", expired not swept " + QByteArray::number(c.expiredNotSwept)
        + ", in progress past expiry " + QByteArray::number(c.pastExpiry);
}

Counted countedBy(const LiveSnapshot& s)
{
    return { s.counts.total, s.counts.inProgress, s.counts.completed, s.counts.expired,
        s.counts.anomaly(LiveAnomalyKind::StuckInProgress), s.counts.anomaly(LiveAnomalyKind::ExpiredNotSwept),
        s.counts.anomaly(LiveAnomalyKind::InProgressPastExpiry) };
}

} // namespace

class TestLiveOncall : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void naiveTimesAreReadInTheMappingsZone_data();
    void naiveTimesAreReadInTheMappingsZone();
    void naiveTimesWithoutAZoneAreAWarning();
    void anUnknownZoneIsOneSentence();

    void oneKeyListsEveryScopeWhole();
    void oneKeyFromTheCommandLine();
    void regeneratedKeysShowTheirEffects();
    void effectsAreBoundedAndEscaped();
    void dueWithinCountsWhatTheSweeperRemovesNext();
    void anomaliesByActorCountEveryAnomaly();
    void newestFirstListsTheNewestOfEachKind();
    void textOutputGivesTheInstantBesideEveryAge();
    void listsStartWhereTheirRowsAre();
    void followerKeepsToItsShareOfTheServer();
    void byteaFingerprintsReadAsHex();

private:
    std::string mappingFile(const std::string& name, const std::string& body);
    // The brandur preset with the rides table as its effects.
    std::string brandurWithEffects(const std::string& effectsTable, int limit = 10);
    QString brandurTable() const { return QString::fromStdString(m_schema + ".brandur_keys"); }
    long long sqlCount(const std::string& sql) { return std::atoll(m_admin->value(sql).c_str()); }
    // Direct SQL over the table, every time compared with now() in UTC (the zone the fixtures were written in).
    Counted countedInUtc(const std::string& sql);

    std::unique_ptr<PgAdmin> m_admin;
    std::string m_schema;
    std::string m_q;
    std::string m_newYork; // a role whose sessions run in America/New_York (its own settings)
    std::string m_utc; // a role whose sessions run in UTC
    QTemporaryDir m_dir;
};

void TestLiveOncall::initTestCase()
{
    if (qEnvironmentVariableIsEmpty("PGHOST") && qEnvironmentVariableIsEmpty("PGPORT"))
        QSKIP("no PostgreSQL configured (PGHOST/PGPORT unset): run under scripts/with-postgres.sh");
    m_admin = std::make_unique<PgAdmin>();
    QVERIFY2(m_admin->ok(), "cannot connect to the PostgreSQL named by the PG* variables");
    std::random_device rd;
    m_schema = "iw_oncall_" + std::to_string(getpid()) + "_" + std::to_string(rd() % 100000);
    m_q = m_admin->ident(m_schema);
    QVERIFY(m_admin->run("CREATE SCHEMA " + m_q));
    // The zones come from the roles' own settings: the inspector never sends a SET of its own.
    m_newYork = m_schema + "_ny";
    m_utc = m_schema + "_utc";
    for (const auto& [role, zone] : { std::pair(m_newYork, "America/New_York"), std::pair(m_utc, "UTC") }) {
        const std::string r = m_admin->ident(role);
        QVERIFY(m_admin->run("CREATE ROLE " + r + " LOGIN"));
        QVERIFY(m_admin->run("ALTER ROLE " + r + " SET timezone = '" + zone + "'"));
        QVERIFY(m_admin->run("GRANT USAGE ON SCHEMA " + m_q + " TO " + r));
        QVERIFY(m_admin->run("ALTER DEFAULT PRIVILEGES IN SCHEMA " + m_q + " GRANT SELECT ON TABLES TO " + r));
    }
    const std::string utcNow = "(now() AT TIME ZONE 'UTC')";

    // Rails: `timestamp(6) without time zone` columns that ActiveRecord writes in UTC; brandur's columns otherwise.
    QVERIFY(m_admin->run("CREATE TABLE " + m_q
        + ".idempotency_keys (id bigserial PRIMARY KEY, key character varying NOT NULL, user_id bigint NOT NULL, "
          "request_method character varying NOT NULL, request_path character varying NOT NULL, request_params jsonb "
          "NOT NULL, response_code integer, response_body text, recovery_point character varying NOT NULL, locked_at "
          "timestamp(6) without time zone, created_at timestamp(6) without time zone NOT NULL, updated_at "
          "timestamp(6) without time zone NOT NULL)"));
    QVERIFY(m_admin->run("CREATE UNIQUE INDEX index_idempotency_keys_on_user_id_and_key ON " + m_q
        + ".idempotency_keys (user_id, key)"));
    // Rows whose state at now() differs when their UTC wall-clock times are taken for New York's.
    QVERIFY(m_admin->run("INSERT INTO " + m_q
        + ".idempotency_keys (key, user_id, request_method, request_path, request_params, response_code, "
          "response_body, recovery_point, locked_at, created_at, updated_at) SELECT 'k-' || i, i % 3, 'POST', "
          "'/charges', jsonb_build_object('amount', i), CASE WHEN kind IN ('old', 'day') THEN 201 END, CASE WHEN "
          "kind IN ('old', 'day') THEN '{}' END, CASE WHEN kind IN ('old', 'day') THEN 'finished' ELSE "
          "'charge_created' END, CASE kind WHEN 'locked' THEN "
        + utcNow + " - interval '3 hours' WHEN 'fresh' THEN " + utcNow + " - interval '30 seconds' END, " + utcNow
        + " - CASE kind WHEN 'old' THEN interval '26 hours' WHEN 'day' THEN interval '22 hours' WHEN 'locked' THEN "
          "interval '3 hours' WHEN 'fresh' THEN interval '30 seconds' ELSE interval '26 hours' END, "
        + utcNow
        + " FROM generate_series(1, 24) AS i, LATERAL (SELECT (ARRAY['old', 'old', 'old', 'day', 'day', 'locked', "
          "'locked', 'fresh', 'abandoned'])[1 + i % 9] AS kind) k"));
    // brandur's shape (timestamptz), with the rides it creates: two users sharing a key, a client minting a second
    // key for one ride (two rides), stuck keys of two users, and finished keys the reaper removes within the hour
    // and after it.
    const std::string b = m_q + ".brandur_keys";
    QVERIFY(m_admin->run("CREATE TABLE " + b
        + " (id BIGSERIAL PRIMARY KEY, created_at TIMESTAMPTZ NOT NULL DEFAULT now(), idempotency_key TEXT NOT NULL, "
          "last_run_at TIMESTAMPTZ NOT NULL DEFAULT now(), locked_at TIMESTAMPTZ DEFAULT now(), request_method TEXT "
          "NOT NULL, request_params JSONB NOT NULL, request_path TEXT NOT NULL, response_code INT NULL, response_body "
          "JSONB NULL, recovery_point TEXT NOT NULL, user_id BIGINT NOT NULL)"));
    QVERIFY(m_admin->run("CREATE UNIQUE INDEX ON " + b + " (user_id, idempotency_key)"));
    const std::string row = "INSERT INTO " + b
        + " (user_id, idempotency_key, created_at, locked_at, request_method, request_path, request_params, "
          "response_code, response_body, recovery_point) VALUES ";
    QVERIFY(m_admin->run(row
        + "(1, 'k-shared', now() - interval '40 min', NULL, 'POST', '/rides', '{\"n\": 1}', 201, '{\"id\": 11}', "
          "'finished'), "
          "(2, 'k-shared', now() - interval '30 min', NULL, 'POST', '/rides', '{\"n\": 2}', 201, "
          "jsonb_build_object('id', 12, 'receipt', repeat('x', 10000)), 'finished'), "
          "(3, 'k-first', now() - interval '10 min', NULL, 'POST', '/rides', '{\"origin\": 1, \"target\": 2}', 201, "
          "'{\"id\": 31}', 'finished'), "
          "(3, 'k-again', now() - interval '10 min' + interval '20 s', NULL, 'POST', '/rides', '{\"target\": 2, "
          "\"origin\": 1}', 201, '{\"id\": 32}', 'finished'), "
          "(1, 'k-stuck-a', now() - interval '20 min', now() - interval '20 min', 'POST', '/rides', '{\"n\": 3}', "
          "NULL, "
          "NULL, 'ride_created'), "
          "(1, 'k-stuck-b', now() - interval '15 min', now() - interval '15 min', 'POST', '/rides', '{\"n\": 4}', "
          "NULL, "
          "NULL, 'charge_created'), "
          "(3, 'k-stuck-c', now() - interval '12 min', now() - interval '12 min', 'POST', '/rides', '{\"n\": 5}', "
          "NULL, "
          "NULL, 'started'), "
          "(4, 'k-soon-1', now() - interval '71 hours 30 min', NULL, 'POST', '/rides', '{\"n\": 6}', 201, '{}', "
          "'finished'), "
          "(4, 'k-soon-2', now() - interval '71 hours 20 min', NULL, 'POST', '/rides', '{\"n\": 7}', 201, '{}', "
          "'finished'), "
          "(5, 'k-later', now() - interval '70 hours', NULL, 'POST', '/rides', '{\"n\": 8}', 201, '{}', 'finished'), "
          "(5, 'k-gone', now() - interval '73 hours', NULL, 'POST', '/rides', '{\"n\": 9}', 201, '{}', 'finished')"));
    QVERIFY(m_admin->run("CREATE TABLE " + m_q
        + ".rides (id BIGSERIAL PRIMARY KEY, idempotency_key_id BIGINT, origin_lat NUMERIC, target_lat NUMERIC, "
          "stripe_charge_id TEXT, created_at TIMESTAMPTZ NOT NULL DEFAULT now())"));
    QVERIFY(m_admin->run("INSERT INTO " + m_q
        + ".rides (idempotency_key_id, origin_lat, target_lat, stripe_charge_id) SELECT id, 1, 2, 'ch_' || "
          "idempotency_key FROM "
        + b + " WHERE idempotency_key IN ('k-first', 'k-again', 'k-shared')"));
    // A business table whose name needs quoting, with more rows for one key than an effects limit shows.
    QVERIFY(m_admin->run("CREATE TABLE " + m_q + ".\"Charges \"\"ledger\"\"\" (\"key id\" BIGINT, amount INT)"));
    QVERIFY(m_admin->run("INSERT INTO " + m_q + ".\"Charges \"\"ledger\"\"\" SELECT id, g FROM " + b
        + ", generate_series(1, 3) AS g WHERE idempotency_key IN ('k-first', 'k-again')"));

    // Django (USE_TZ, a table of `timestamp without time zone` columns written in UTC): an explicit expiry column.
    QVERIFY(m_admin->run("CREATE TABLE " + m_q
        + ".payments_idempotencyrecord (id bigserial PRIMARY KEY, key varchar(255) NOT NULL, user_id integer NOT "
          "NULL, endpoint varchar(200) NOT NULL, state varchar(16) NOT NULL, response_status smallint, response_body "
          "jsonb, request_hash varchar(64), created timestamp without time zone NOT NULL, expires timestamp without "
          "time zone NOT NULL, UNIQUE (user_id, key))"));
    QVERIFY(m_admin->run("INSERT INTO " + m_q
        + ".payments_idempotencyrecord (key, user_id, endpoint, state, response_status, response_body, request_hash, "
          "created, expires) SELECT 'd-' || i, i % 4, 'payments.create', CASE WHEN kind LIKE 'done%' THEN 'done' ELSE "
          "'pending' END, CASE WHEN kind LIKE 'done%' THEN 201 END, CASE WHEN kind LIKE 'done%' THEN '{}'::jsonb "
          "END, md5(i::text), "
        + utcNow
        + " - CASE kind WHEN 'done-lapsed' THEN interval '26 hours' WHEN 'done-live' THEN interval '21 "
          "hours' WHEN 'pending-hour' THEN interval '1 hour' WHEN 'pending-lapsed' THEN interval '25 "
          "hours' ELSE interval '2 minutes' END, "
        + utcNow
        + " + CASE kind WHEN 'done-lapsed' THEN interval '-2 hours' WHEN 'done-live' THEN interval '3 "
          "hours' WHEN 'pending-lapsed' THEN interval '-1 hour' ELSE interval '23 hours' END FROM "
          "generate_series(1, 30) AS i, LATERAL (SELECT (ARRAY['done-lapsed', 'done-lapsed', "
          "'done-lapsed', 'done-live', 'done-live', 'pending-hour', 'pending-hour', 'pending-lapsed', "
          "'pending-young'])[1 + i % 9] AS kind) k"));
}

void TestLiveOncall::cleanupTestCase()
{
    if (!m_admin)
        return;
    m_admin->run("DROP SCHEMA IF EXISTS " + m_q + " CASCADE");
    for (const std::string& role : { m_newYork, m_utc })
        if (!role.empty()) {
            m_admin->run("DROP OWNED BY " + m_admin->ident(role));
            m_admin->run("DROP ROLE IF EXISTS " + m_admin->ident(role));
        }
}

std::string TestLiveOncall::mappingFile(const std::string& name, const std::string& body)
{
    const std::string path = m_dir.filePath(QString::fromStdString(name + ".json")).toStdString();
    QFile f(QString::fromStdString(path));
    if (!f.open(QIODevice::WriteOnly))
        return {};
    const std::string text
        = "{\"format\": \"idempotency-workbench/mapping@1\", \"name\": \"" + name + "\", " + body + "}";
    f.write(text.data(), static_cast<qint64>(text.size()));
    return path;
}

Counted TestLiveOncall::countedInUtc(const std::string& sql)
{
    PGresult* r = PQexec(m_admin->connection(), sql.c_str());
    Counted c;
    if (PQresultStatus(r) == PGRES_TUPLES_OK && PQntuples(r) == 1 && PQnfields(r) == 7) {
        long long* out[]
            = { &c.total, &c.inProgress, &c.completed, &c.expired, &c.stuck, &c.expiredNotSwept, &c.pastExpiry };
        for (int i = 0; i < 7; ++i)
            *out[i] = std::atoll(PQgetvalue(r, 0, i));
    } else {
        qWarning("SQL failed: %s", PQresultErrorMessage(r));
    }
    PQclear(r);
    return c;
}

std::string TestLiveOncall::brandurWithEffects(const std::string& effectsTable, int limit)
{
    LiveMapping m = *mappingPreset("brandur");
    m.effects.table = effectsTable;
    m.effects.column = effectsTable.find("Charges") != std::string::npos ? "key id" : "idempotency_key_id";
    m.effects.on = "id";
    m.effects.limit = limit;
    const std::string path = m_dir.filePath(QStringLiteral("brandur-effects-%1.json").arg(limit)).toStdString();
    saveMappingFile(m, path);
    return path;
}

namespace {

const char* kRailsMapping = R"("table": "idempotency_keys", "order": ["user_id", "key"],
    "actor": {"column": "user_id"}, "operation": {"columns": ["request_method", "request_path"]},
    "key": {"column": "key"}, "state": {"column": "recovery_point", "completed": ["finished"]},
    "created_at": {"column": "created_at"}, "expires_at": {"column": "created_at", "plus_ms": 86400000},
    "lease_until": {"column": "locked_at", "plus_ms": 90000}, "status_code": {"column": "response_code"},
    "response_body": {"column": "response_body"}, "fingerprint": {"column": "request_params", "from":
    "canonical_json"})";

const char* kDjangoMapping = R"("table": "payments_idempotencyrecord", "order": ["user_id", "key"],
    "actor": {"column": "user_id"}, "operation": {"column": "endpoint"}, "key": {"column": "key"},
    "state": {"column": "state", "completed": ["done"]}, "created_at": {"column": "created"},
    "expires_at": {"column": "expires"}, "status_code": {"column": "response_status"},
    "response_body": {"column": "response_body"}, "fingerprint": {"column": "request_hash"})";

} // namespace

void TestLiveOncall::naiveTimesAreReadInTheMappingsZone_data()
{
    QTest::addColumn<QString>("shape");
    QTest::newRow("rails") << QStringLiteral("rails");
    QTest::newRow("django") << QStringLiteral("django");
}

void TestLiveOncall::naiveTimesAreReadInTheMappingsZone()
{
    QFETCH(QString, shape);
    const bool rails = shape == QLatin1String("rails");
    const std::string path = mappingFile(
        shape.toStdString(), std::string(rails ? kRailsMapping : kDjangoMapping) + ", \"timezone\": \"UTC\"");
    const std::string t = m_q + (rails ? ".idempotency_keys" : ".payments_idempotencyrecord");
    const std::string now = "(now() AT TIME ZONE 'UTC')";
    // The rules of docs/manual/live-tables.md written out by hand for this shape, in UTC.
    const std::string done = rails ? "recovery_point = 'finished'" : "state = 'done'";
    const std::string expires = rails ? "created_at + interval '24 hours'" : "expires";
    const std::string stuck = rails ? "CASE WHEN locked_at IS NOT NULL THEN locked_at + interval '90 s' < " + now
            + " ELSE created_at < " + now + " - interval '5 min' END"
                                    : "created < " + now + " - interval '5 min'";
    const Counted expected = countedInUtc("SELECT count(*), count(*) FILTER (WHERE NOT " + done
        + "), count(*) FILTER (WHERE " + done + " AND " + expires + " > " + now + "), count(*) FILTER (WHERE " + done
        + " AND " + expires + " <= " + now + "), count(*) FILTER (WHERE NOT " + done + " AND " + stuck
        + "), count(*) FILTER (WHERE " + done + " AND " + expires + " <= " + now + "), count(*) FILTER (WHERE NOT "
        + done + " AND " + expires + " <= " + now + ") FROM " + t);
    QVERIFY2(expected.total > 0 && expected.expired > 0 && expected.stuck > 0, describe(expected).constData());

    // The session runs in New York by its role's settings; the mapping says the application wrote UTC.
    auto conn = LiveConnection::open("user=" + m_newYork);
    LiveInspector inspector(
        *conn, loadMappingFile(path), m_schema + (rails ? ".idempotency_keys" : ".payments_idempotencyrecord"));
    const LiveSnapshot s = inspector.snapshot();
    QVERIFY2(countedBy(s) == expected,
        QByteArray("inspected: " + describe(countedBy(s)) + "; SQL in UTC: " + describe(expected)).constData());
    QVERIFY(!s.zoneWarning);
    // No row was written in the future: creation times read in UTC are all before now.
    for (const LiveRecord& r : s.page.records)
        QVERIFY2(r.createdMs <= s.nowMs, r.scope.key.c_str());

    // The command line reads the same, with the zone given there instead.
    const std::string withoutZone
        = mappingFile(shape.toStdString() + "-nozone", rails ? kRailsMapping : kDjangoMapping);
    const Cli cli = inspect(
        { QStringLiteral("--conninfo"), QString::fromStdString("user=" + m_newYork), QStringLiteral("--table"),
            QString::fromStdString(t), QStringLiteral("--mapping"), QString::fromStdString(withoutZone),
            QStringLiteral("--timezone"), QStringLiteral("UTC"), QStringLiteral("--json") });
    QVERIFY2(cli.code == 0, qPrintable(cli.err));
    QVERIFY2(!cli.err.contains(QLatin1String("warning")), qPrintable(cli.err));
    const json::Value doc = json::parse(cli.out.toStdString());
    const json::Value* counts = doc.find("counts");
    QCOMPARE(static_cast<long long>(counts->find("expired")->number), expected.expired);
    QCOMPARE(static_cast<long long>(counts->find("in_progress")->number), expected.inProgress);
    QCOMPARE(static_cast<long long>(doc.find("anomaly_counts")->find("stuck_in_progress")->number), expected.stuck);
    QVERIFY(doc.find("warnings")->array.empty());
}

void TestLiveOncall::naiveTimesWithoutAZoneAreAWarning()
{
    const std::string path = mappingFile("rails-nozone", kRailsMapping);
    auto conn = LiveConnection::open("user=" + m_newYork);
    LiveInspector inspector(*conn, loadMappingFile(path), m_schema + ".idempotency_keys");
    QVERIFY(inspector.zoneWarning());
    QCOMPARE(inspector.zoneWarning()->columns, (std::vector<std::string> { "created_at", "locked_at" }));
    QCOMPARE(inspector.zoneWarning()->sessionZone, std::string("America/New_York"));
    const LiveSnapshot s = inspector.snapshot();
    QVERIFY(s.zoneWarning == inspector.zoneWarning());

    // The command line says it, naming the columns and the zone; the JSON carries it.
    const Cli cli = inspect({ QStringLiteral("--conninfo"), QString::fromStdString("user=" + m_newYork),
        QStringLiteral("--table"), QString::fromStdString(m_q + ".idempotency_keys"), QStringLiteral("--mapping"),
        QString::fromStdString(path), QStringLiteral("--json") });
    QVERIFY2(cli.code == 0, qPrintable(cli.err));
    QVERIFY2(cli.err.contains(QLatin1String("warning: created_at and locked_at are timestamps without time zone")),
        qPrintable(cli.err));
    QVERIFY2(cli.err.contains(QLatin1String("America/New_York")), qPrintable(cli.err));
    const json::Value doc = json::parse(cli.out.toStdString());
    QCOMPARE(doc.find("warnings")->array.size(), std::size_t(1));
    QVERIFY(doc.find("warnings")->array[0].string.find("created_at and locked_at") != std::string::npos);

    // A session in UTC reads naive columns as UTC: nothing to warn about.
    auto utc = LiveConnection::open("user=" + m_utc);
    LiveInspector inUtc(*utc, loadMappingFile(path), m_schema + ".idempotency_keys");
    QVERIFY(!inUtc.zoneWarning());
    // A table of timestamptz columns has nothing naive to read (brandur's own shape).
    QVERIFY(m_admin->run("CREATE TABLE " + m_q
        + ".aware (user_id bigint, key text, recovery_point text, created_at timestamptz, locked_at timestamptz, "
          "request_method text, request_path text, request_params jsonb, response_code int, response_body text, "
          "UNIQUE (user_id, key))"));
    LiveInspector aware(*conn, loadMappingFile(path), m_schema + ".aware");
    QVERIFY(!aware.zoneWarning());
}

void TestLiveOncall::anUnknownZoneIsOneSentence()
{
    const std::string path
        = mappingFile("rails-mars", std::string(kRailsMapping) + ", \"timezone\": \"Mars/Olympus_Mons\"");
    auto conn = LiveConnection::open("user=" + m_newYork);
    try {
        LiveInspector inspector(*conn, loadMappingFile(path), m_schema + ".idempotency_keys");
        QFAIL("an unknown zone was accepted");
    } catch (const LiveError& e) {
        QCOMPARE(e.kind(), LiveError::Kind::BadInput);
        QVERIFY2(std::string(e.what()).find("\"Mars/Olympus_Mons\"") != std::string::npos, e.what());
        QVERIFY2(std::string(e.what()).find("does not know") != std::string::npos, e.what());
    }
    const Cli cli = inspect({ QStringLiteral("--conninfo"), QString::fromStdString("user=" + m_newYork),
        QStringLiteral("--table"), QString::fromStdString(m_q + ".idempotency_keys"), QStringLiteral("--mapping"),
        QString::fromStdString(path) });
    QCOMPARE(cli.code, 2);
    QVERIFY2(cli.err.contains(QLatin1String("Mars/Olympus_Mons")), qPrintable(cli.err));
    // Not even a name: refused while reading the mapping, with the line and column.
    try {
        parseMapping(R"({"format": "idempotency-workbench/mapping@1", "name": "x", "order": ["a"], "key":
            {"column": "a"}, "state": {"column": "s", "completed": ["c"]}, "created_at": {"column": "c"},
            "expires_at": {"column": "e"}, "timezone": "New York"})",
            "x.json");
        QFAIL("a zone with a space was accepted");
    } catch (const MappingError& e) {
        QVERIFY2(std::string(e.what()).rfind("x.json:3:", 0) == 0, e.what());
        QVERIFY2(std::string(e.what()).find("$.timezone") != std::string::npos, e.what());
    }
}

void TestLiveOncall::oneKeyListsEveryScopeWhole()
{
    auto conn = LiveConnection::open("");
    LiveInspector inspector(
        *conn, loadMappingFile(brandurWithEffects(m_schema + ".rides")), m_schema + ".brandur_keys");
    LiveInspector::KeyQuery q;
    q.key = "k-shared";
    const LiveKeyLookup both = inspector.lookupKey(q);
    // Two users hold the key: both are listed, never one picked silently.
    QCOMPARE(both.rows.size(), std::size_t(2));
    QCOMPARE(both.rows[0].record.scope.actor, std::string("1"));
    QCOMPARE(both.rows[1].record.scope.actor, std::string("2"));
    QVERIFY(both.complete);
    // The row whole: every column of the table but the body, in the table's order.
    std::vector<std::string> columns;
    for (const LiveRowValue& v : both.rows[0].row)
        columns.push_back(v.column);
    QCOMPARE(columns,
        (std::vector<std::string> { "id", "created_at", "idempotency_key", "last_run_at", "locked_at", "request_method",
            "request_params", "request_path", "response_code", "recovery_point", "user_id" }));
    QCOMPARE(*both.rows[0].row[2].value, std::string("k-shared"));
    QVERIFY(!both.rows[0].row[4].value); // locked_at is NULL
    // The stored response body: whole when short, its first 4 KiB when long, all of it when asked.
    QCOMPARE(*both.rows[0].body,
        m_admin->value("SELECT response_body::text FROM " + m_q
            + ".brandur_keys WHERE user_id = 1 AND idempotency_key = 'k-shared'"));
    QVERIFY(both.rows[0].bodyComplete);
    const std::string longBody = m_admin->value(
        "SELECT response_body::text FROM " + m_q + ".brandur_keys WHERE user_id = 2 AND idempotency_key = 'k-shared'");
    QCOMPARE(both.rows[1].body->size(), LiveInspector::kBodyPreviewBytes);
    QCOMPARE(*both.rows[1].body, longBody.substr(0, LiveInspector::kBodyPreviewBytes));
    QCOMPARE(both.rows[1].bodyBytes, static_cast<long long>(longBody.size()));
    QVERIFY(!both.rows[1].bodyComplete);
    q.actor = "2";
    q.fullBody = true;
    const LiveKeyLookup one = inspector.lookupKey(q);
    QCOMPARE(one.rows.size(), std::size_t(1));
    QCOMPARE(*one.rows[0].body, longBody);
    QVERIFY(one.rows[0].bodyComplete);
    // Its effects: the ride the key created.
    QVERIFY(one.rows[0].effects);
    QCOMPARE(one.rows[0].effects->rows.size(), std::size_t(1));
    // A key nobody holds, and a value that would break spliced SQL, are just values.
    q.key = "k'; DROP TABLE " + m_schema + ".rides; --";
    q.actor.reset();
    QVERIFY(inspector.lookupKey(q).rows.empty());
    QCOMPARE(m_admin->value("SELECT count(*) FROM " + m_q + ".rides"), std::string("4"));
    // One row by its key-order values: what the window shows for a selected record.
    const auto row = inspector.lookupRow(both.rows[1].keyCursor);
    QVERIFY(row);
    QCOMPARE(row->record.scope, both.rows[1].record.scope);
}

void TestLiveOncall::oneKeyFromTheCommandLine()
{
    const QStringList table { QStringLiteral("--table"), brandurTable(), QStringLiteral("--mapping"),
        QStringLiteral("brandur") };
    Cli r = inspect(table + QStringList { QStringLiteral("--key"), QStringLiteral("k-shared") });
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QLatin1String("the key k-shared is held by 2 scopes")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QLatin1String("\n1 / POST /rides / k-shared: completed")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QLatin1String("\n2 / POST /rides / k-shared: completed")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QLatin1String("--full-body shows all")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QLatin1String("request_params")), qPrintable(r.out));

    r = inspect(table
        + QStringList { QStringLiteral("--key"), QStringLiteral("k-shared"), QStringLiteral("--actor"),
            QStringLiteral("2"), QStringLiteral("--full-body"), QStringLiteral("--json") });
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const json::Value doc = json::parse(r.out.toStdString());
    QCOMPARE(doc.find("key")->string, std::string("k-shared"));
    QCOMPARE(doc.find("actor")->string, std::string("2"));
    const auto& scopes = doc.find("scopes")->array;
    QCOMPARE(scopes.size(), std::size_t(1));
    QVERIFY(scopes[0].find("response_body_complete")->boolean);
    QCOMPARE(static_cast<long long>(scopes[0].find("response_body_bytes")->number),
        static_cast<long long>(scopes[0].find("response_body")->string.size()));
    QCOMPARE(scopes[0].find("row")->find("idempotency_key")->string, std::string("k-shared"));

    r = inspect(table + QStringList { QStringLiteral("--key"), QStringLiteral("nobody-has-it") });
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.contains(QLatin1String("no record holds the key nobody-has-it")), qPrintable(r.out));
    r = inspect(table + QStringList { QStringLiteral("--actor"), QStringLiteral("2") });
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QLatin1String("go with --key")), qPrintable(r.err));
}

void TestLiveOncall::regeneratedKeysShowTheirEffects()
{
    auto conn = LiveConnection::open("");
    LiveInspector inspector(
        *conn, loadMappingFile(brandurWithEffects(m_schema + ".rides")), m_schema + ".brandur_keys");
    const LiveSnapshot s = inspector.snapshot();
    const auto regeneration = std::find_if(s.anomalies.begin(), s.anomalies.end(),
        [](const LiveAnomaly& a) { return a.kind == LiveAnomalyKind::SuspectedKeyRegeneration; });
    QVERIFY(regeneration != s.anomalies.end());
    QCOMPARE(regeneration->scope.key, std::string("k-again"));
    QCOMPARE(regeneration->facts.otherKey, std::string("k-first"));
    // The duplicate business rows: one ride for each key, read by the rows' own ids.
    QCOMPARE(s.effects.size(), std::size_t(2));
    for (const LiveEffects& e : s.effects) {
        QCOMPARE(e.rows.size(), std::size_t(1));
        QVERIFY(e.complete);
        const auto charge = std::find_if(
            e.rows[0].begin(), e.rows[0].end(), [](const LiveRowValue& v) { return v.column == "stripe_charge_id"; });
        QVERIFY(charge != e.rows[0].end());
        QCOMPARE(*charge->value, "ch_" + e.key);
        QVERIFY(e.cursor == regeneration->cursor || e.cursor == regeneration->otherCursor);
    }
    // The report and the text carry them.
    const json::Value doc = json::parse(inspectionJson(s, {}));
    bool sawEffects = false;
    for (const json::Value& a : doc.find("anomalies")->array)
        if (a.find("kind")->string == "suspected_key_regeneration") {
            QCOMPARE(a.find("effects")->array.size(), std::size_t(2));
            sawEffects = true;
        }
    QVERIFY(sawEffects);
    const std::string text = inspectionText(s, {});
    QVERIFY2(text.find("effects of k-first in " + m_schema + ".rides: 1") != std::string::npos, text.c_str());
    QVERIFY2(text.find("stripe_charge_id=ch_k-again") != std::string::npos, text.c_str());
}

void TestLiveOncall::effectsAreBoundedAndEscaped()
{
    auto conn = LiveConnection::open("");
    // Three ledger rows per key, two shown; the table and its column need quoting.
    const std::string path = brandurWithEffects(m_schema + ".\"Charges \"\"ledger\"\"\"", 2);
    LiveInspector inspector(*conn, loadMappingFile(path), m_schema + ".brandur_keys");
    const LiveSnapshot s = inspector.snapshot();
    QCOMPARE(s.effects.size(), std::size_t(2));
    for (const LiveEffects& e : s.effects) {
        QCOMPARE(e.rows.size(), std::size_t(2));
        QVERIFY(!e.complete);
        QCOMPARE(e.rows[0].front().column, std::string("key id"));
    }
    // A mapping naming an effects column that is not there is one sentence naming it.
    LiveMapping wrong = loadMappingFile(path);
    wrong.effects.column = "no_such_column";
    try {
        LiveInspector bad(*conn, wrong, m_schema + ".brandur_keys");
        QFAIL("a missing effects column was accepted");
    } catch (const LiveError& e) {
        QCOMPARE(e.kind(), LiveError::Kind::Schema);
        QVERIFY2(std::string(e.what()).find("has no column no_such_column") != std::string::npos, e.what());
    }
    // And the mapping file reads back what it wrote.
    QVERIFY(parseMapping(mappingJson(loadMappingFile(path)), "again.json") == loadMappingFile(path));
}

void TestLiveOncall::dueWithinCountsWhatTheSweeperRemovesNext()
{
    auto conn = LiveConnection::open("");
    LiveInspector inspector(*conn, *mappingPreset("brandur"), m_schema + ".brandur_keys");
    LiveSnapshotOptions options;
    options.dueWithinMs = 3'600'000;
    const LiveSnapshot s = inspector.snapshot(options);
    const long long bySql = sqlCount("SELECT count(*) FROM " + m_q
        + ".brandur_keys WHERE recovery_point = 'finished' AND created_at + interval '72 hours' > now() AND "
          "created_at + interval '72 hours' <= now() + interval '1 hour'");
    QVERIFY(bySql > 0);
    QCOMPARE(s.counts.dueWithin, bySql);
    // Without the question nothing is counted, and the report has no member for it.
    QCOMPARE(inspector.snapshot().counts.dueWithin, 0LL);
    Cli r = inspect({ QStringLiteral("--table"), brandurTable(), QStringLiteral("--mapping"), QStringLiteral("brandur"),
        QStringLiteral("--due-within"), QStringLiteral("1h"), QStringLiteral("--json") });
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const json::Value doc = json::parse(r.out.toStdString());
    QCOMPARE(static_cast<long long>(doc.find("due_within")->find("count")->number), bySql);
    QCOMPARE(doc.find("due_within")->find("ms")->number, 3'600'000.0);
    r = inspect({ QStringLiteral("--table"), brandurTable(), QStringLiteral("--mapping"), QStringLiteral("brandur"),
        QStringLiteral("--due-within"), QStringLiteral("1h") });
    QVERIFY2(
        r.out.contains(QStringLiteral("%1 terminal records expire within the next 1 h").arg(bySql)), qPrintable(r.out));
    r = inspect({ QStringLiteral("--due-within"), QStringLiteral("60") });
    QCOMPARE(r.code, 2);
}

void TestLiveOncall::anomaliesByActorCountEveryAnomaly()
{
    auto conn = LiveConnection::open("");
    LiveInspector inspector(*conn, *mappingPreset("brandur"), m_schema + ".brandur_keys");
    LiveSnapshotOptions options;
    options.byActorLimit = 10;
    options.thresholds.listLimit = 1; // the lists are cut; the counts per actor are not
    const LiveSnapshot s = inspector.snapshot(options);
    QVERIFY(s.byActorComplete);
    long long total = 0;
    for (const LiveAnomalyKind kind : kLiveAnomalyKinds)
        total += s.counts.anomaly(kind);
    long long perActor = 0;
    for (const LiveActorAnomalies& a : s.byActor) {
        perActor += a.total;
        const long long stuck = sqlCount("SELECT count(*) FROM " + m_q + ".brandur_keys WHERE user_id::text = '"
            + a.actor + "' AND recovery_point <> 'finished' AND locked_at + interval '90 s' < now()");
        QCOMPARE(a.count(LiveAnomalyKind::StuckInProgress), stuck);
    }
    QCOMPARE(perActor, total);
    // The actor with the most anomalies first.
    for (std::size_t i = 1; i < s.byActor.size(); ++i)
        QVERIFY(s.byActor[i - 1].total >= s.byActor[i].total);
    Cli r = inspect({ QStringLiteral("--table"), brandurTable(), QStringLiteral("--mapping"), QStringLiteral("brandur"),
        QStringLiteral("--by"), QStringLiteral("actor") });
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(
        r.out.contains(
            QStringLiteral("actor %1: %2 (").arg(QString::fromStdString(s.byActor[0].actor)).arg(s.byActor[0].total)),
        qPrintable(r.out));
    r = inspect({ QStringLiteral("--by"), QStringLiteral("colour") });
    QCOMPARE(r.code, 2);
}

void TestLiveOncall::newestFirstListsTheNewestOfEachKind()
{
    auto conn = LiveConnection::open("");
    LiveInspector inspector(*conn, *mappingPreset("brandur"), m_schema + ".brandur_keys");
    LiveSnapshotOptions options;
    options.thresholds.listLimit = 1;
    const LiveSnapshot oldest = inspector.snapshot(options);
    options.newestAnomaliesFirst = true;
    const LiveSnapshot newest = inspector.snapshot(options);
    const auto stuck = [](const LiveSnapshot& s) {
        return std::find_if(s.anomalies.begin(), s.anomalies.end(), [](const LiveAnomaly& a) {
            return a.kind == LiveAnomalyKind::StuckInProgress;
        })->scope.key;
    };
    const std::string sql = "SELECT idempotency_key FROM " + m_q
        + ".brandur_keys WHERE recovery_point <> 'finished' AND locked_at + interval '90 s' < now() ORDER BY "
          "created_at";
    QCOMPARE(stuck(oldest), m_admin->value(sql + " LIMIT 1"));
    QCOMPARE(stuck(newest), m_admin->value(sql + " DESC LIMIT 1"));
    const Cli r = inspect({ QStringLiteral("--table"), brandurTable(), QStringLiteral("--mapping"),
        QStringLiteral("brandur"), QStringLiteral("--order"), QStringLiteral("newest"), QStringLiteral("--json") });
    const json::Value doc = json::parse(r.out.toStdString());
    QCOMPARE(doc.find("anomalies_order")->string, std::string("newest"));
    double previous = 1e300;
    std::string kind;
    for (const json::Value& a : doc.find("anomalies")->array) {
        if (a.find("kind")->string != kind) {
            kind = a.find("kind")->string;
            previous = 1e300;
        }
        QVERIFY(a.find("created_ms")->number <= previous);
        previous = a.find("created_ms")->number;
    }
}

void TestLiveOncall::textOutputGivesTheInstantBesideEveryAge()
{
    const Cli r = inspect({ QStringLiteral("--table"), brandurTable(), QStringLiteral("--mapping"),
        QStringLiteral("brandur"), QStringLiteral("--json") });
    const json::Value doc = json::parse(r.out.toStdString());
    const Cli text = inspect(
        { QStringLiteral("--table"), brandurTable(), QStringLiteral("--mapping"), QStringLiteral("brandur") });
    QVERIFY2(text.code == 0, qPrintable(text.err));
    // Every listed anomaly's line names its creation instant in ISO 8601 with an offset.
    static const QRegularExpression iso(
        QStringLiteral("created (\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d[+-]\\d\\d:\\d\\d)"));
    int lines = 0;
    for (const json::Value& a : doc.find("anomalies")->array) {
        const QString key = QString::fromStdString(a.find("key")->string);
        const QString line = text.out.section(key + QLatin1String(": "), 1, 1).section(QLatin1Char('\n'), 0, 0);
        const QRegularExpressionMatch m = iso.match(line);
        QVERIFY2(m.hasMatch(), qPrintable(line));
        const QDateTime at = QDateTime::fromString(m.captured(1), Qt::ISODate);
        QVERIFY(at.isValid());
        QCOMPARE(at.toSecsSinceEpoch(), static_cast<qint64>(a.find("created_ms")->number) / 1000);
        ++lines;
    }
    QVERIFY(lines > 0);
    // The records' ages carry their instants too.
    QVERIFY2(text.out.contains(QRegularExpression(QStringLiteral("-\\d[^(]*\\(\\d{4}-\\d\\d-\\d\\dT"))),
        qPrintable(text.out));
    QVERIFY(isoTime(0).rfind("1970-01-01T", 0) == 0 || isoTime(0).rfind("1969-12-31T", 0) == 0);
}

void TestLiveOncall::listsStartWhereTheirRowsAre()
{
    // The lists seek from where the counting pass saw each kind begin (or end): the same rows, in the same order, as
    // SQL listing them from the whole table.
    auto conn = LiveConnection::open("");
    LiveInspector inspector(*conn, *mappingPreset("brandur"), m_schema + ".brandur_keys");
    for (const bool newest : { false, true }) {
        LiveSnapshotOptions options;
        options.newestAnomaliesFirst = newest;
        options.thresholds.listLimit = 2;
        const LiveSnapshot s = inspector.snapshot(options);
        const std::string sql = "SELECT string_agg(idempotency_key, ',' ORDER BY created_at"
            + std::string(newest ? " DESC" : "") + ") FROM (SELECT * FROM " + m_q
            + ".brandur_keys WHERE recovery_point <> 'finished' AND locked_at + interval '90 s' < now() ORDER BY "
              "created_at"
            + (newest ? " DESC" : "") + " LIMIT 2) x";
        std::string listed;
        for (const LiveAnomaly& a : s.anomalies)
            if (a.kind == LiveAnomalyKind::StuckInProgress)
                listed += (listed.empty() ? "" : ",") + a.scope.key;
        QCOMPARE(listed, m_admin->value(sql));
    }
}

void TestLiveOncall::followerKeepsToItsShareOfTheServer()
{
    auto conn = LiveConnection::open("");
    LiveInspector inspector(*conn, *mappingPreset("brandur"), m_schema + ".brandur_keys");
    LiveFollower follower(inspector, {});
    follower.setServerShare(0); // after the first, only a poll asked to be whole reads the table
    const LiveFollower::Poll first = follower.poll();
    QCOMPARE(first.snapshot->countsNowMs, first.snapshot->nowMs);
    QVERIFY(m_admin->run("INSERT INTO " + m_q
        + ".brandur_keys (user_id, idempotency_key, locked_at, request_method, request_path, request_params, "
          "recovery_point) VALUES (9, 'k-follow', now(), 'POST', '/rides', '{}', 'started')"));
    const LiveFollower::Poll light = follower.poll();
    // The page is read again (the new row is on it); the counts are the first snapshot's, and say when they are from.
    QVERIFY(light.snapshot->nowMs > first.snapshot->nowMs);
    QCOMPARE(light.snapshot->countsNowMs, first.snapshot->countsNowMs);
    QCOMPARE(light.snapshot->counts.total, first.snapshot->counts.total);
    QVERIFY(std::any_of(light.snapshot->page.records.begin(), light.snapshot->page.records.end(),
        [](const LiveRecord& r) { return r.scope.key == "k-follow"; }));
    const json::Value doc = json::parse(inspectionJson(*light.snapshot, {}));
    QCOMPARE(static_cast<Millis>(doc.find("counts_now_ms")->number), first.snapshot->countsNowMs);
    // Asked to be whole, it counts again; so does a change of rules.
    const LiveFollower::Poll whole = follower.poll(true);
    QCOMPARE(whole.snapshot->countsNowMs, whole.snapshot->nowMs);
    QCOMPARE(whole.snapshot->counts.total, first.snapshot->counts.total + 1);
    LiveSnapshotOptions other;
    other.thresholds[LiveAnomalyKind::StuckInProgress] = 60'000;
    follower.setOptions(other);
    const LiveFollower::Poll rules = follower.poll();
    QCOMPARE(rules.snapshot->countsNowMs, rules.snapshot->nowMs);
    QVERIFY(m_admin->run("DELETE FROM " + m_q + ".brandur_keys WHERE idempotency_key = 'k-follow'"));
}

void TestLiveOncall::byteaFingerprintsReadAsHex()
{
    // The seed's shape with the SHA-256 stored as 32 bytes: shown as its hex digits, as every fingerprint is, never
    // as PostgreSQL's bytea text "\x…".
    QVERIFY(m_admin->run("CREATE TABLE " + m_q
        + ".request_idempotency (actor_id text NOT NULL, operation text NOT NULL, idem_key text NOT NULL, "
          "payload_hash bytea, state varchar(16) NOT NULL, status_code integer, response_body jsonb, created_at "
          "timestamptz NOT NULL, expires_at timestamptz NOT NULL, PRIMARY KEY (actor_id, operation, idem_key))"));
    QVERIFY(m_admin->run("INSERT INTO " + m_q
        + ".request_idempotency SELECT '42', 'POST /orders', 'k-' || g, sha256(convert_to('body ' || (g % 2), "
          "'UTF8')), 'completed', 201, '{}', now() - interval '1 min', now() + interval '1 hour' FROM "
          "generate_series(1, 3) AS g"));
    auto conn = LiveConnection::open("");
    LiveInspector inspector(*conn, *mappingPreset("seed"), m_schema + ".request_idempotency");
    LivePageQuery q;
    q.order = LiveOrder::ByKey;
    const LivePage page = inspector.page(q);
    QCOMPARE(page.records.size(), std::size_t(3));
    for (const LiveRecord& r : page.records) {
        const std::string sql = m_admin->value("SELECT encode(payload_hash, 'hex') FROM " + m_q
            + ".request_idempotency WHERE idem_key = '" + r.scope.key + "'");
        QCOMPARE(r.fingerprint, sql);
        QCOMPARE(r.fingerprint.size(), std::size_t(64));
    }
    // The same fingerprint under two keys is still one payload (k-1 and k-3 carry the same body).
    QCOMPARE(page.records[0].fingerprint, page.records[2].fingerprint);
}

QTEST_GUILESS_MAIN(TestLiveOncall)
#include "tst_liveoncall.moc"
