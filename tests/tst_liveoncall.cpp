// The on-call's questions of a live table (SPEC §8, issue 39 part 2), against a real server: naive timestamps read in
// the zone the mapping names (Rails- and Django-shaped tables, a session in America/New_York set by the role's own
// settings, never by a SET of ours), and a warning naming the columns when no zone is named.
// Runs under scripts/with-postgres.sh (PG* variables); skips when no server is configured.
#include "inspectcommand.h"
#include "json.h"
#include "liveinspector.h"
#include "livereport.h"
#include "pgadmin.h"

#include <QtTest>

#include <random>
#include <unistd.h>

using namespace iw;

namespace {

struct Cli {
    int code = 0;
    QString out;
    QString err;
};

Cli inspect(const QStringList& args)
{
    Cli r;
    QTextStream out(&r.out);
    QTextStream err(&r.err);
    r.code = runInspectCommand(args, out, err);
    out.flush();
    err.flush();
    return r;
}

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

private:
    std::string mappingFile(const std::string& name, const std::string& body);
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
    // The rules of SPEC §8 written out by hand for this shape, in UTC.
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

QTEST_GUILESS_MAIN(TestLiveOncall)
#include "tst_liveoncall.moc"
