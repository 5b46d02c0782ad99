// The store touches only what it made (docs/manual/live-tables.md "The store's schema is its own"; issue 48, findings
// 19 and 21; RELIABILITY.md "Third round, part C"), whatever the session's search_path and whatever inherits its
// tables. The real binary (IW_CLI, or IW_CATALOGUE_CLI to watch the rows fail on another build) against the test
// cluster:
//
// - a schema of planted catalog look-alikes (tests/pgadmin.h: obj_description answering the store's mark, a pg_class
//   listing nothing, count(*) answering 0, operators — and in a second schema the text and jsonb types — leaving a
//   trace) put before
//   pg_catalog through the conninfo's options or PGOPTIONS: run, race, install-schema and serve still refuse another
//   team's schema, keep its rows, and run no look-alike; a run in a schema of the store's own gives the memory
//   store's report with none of them running;
// - another team's tables that INHERIT the store's tables keep their rows through a run that empties, sweeps and
//   lists the store (and the report is the memory store's); a partition of a store table in another schema is
//   refused before anything is emptied.
#include "childprocess.h"
#include "pgadmin.h"

#include <QDir>
#include <QFile>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

namespace {

QString cli()
{
    return qEnvironmentVariable("IW_CATALOGUE_CLI", QStringLiteral(IW_CLI));
}

struct Outcome {
    bool finished = false;
    int exitCode = -1;
    QByteArray out;
    QString err;
};

// The store's name in a report is the only difference between the stores' reports.
QByteArray asMemoryReport(QByteArray report)
{
    return report.replace("\"store\": \"postgres\"", "\"store\": \"memory\"");
}

const char* const kPreset = IW_SOURCE_DIR "/resources/scenarios/late-retry-after-sweep-tombstone.json";

} // namespace

class TestStoreIsolation : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void foreignSchemaThroughSearchPath_data();
    void foreignSchemaThroughSearchPath();
    void ownSchemaThroughSearchPath_data();
    void ownSchemaThroughSearchPath();
    void inheritingTablesKeepTheirRows();
    void partitionOutsideTheSchemaIsRefused();
    void cleanupTestCase();

private:
    Outcome execute(QStringList args, const QStringList& env);
    std::string schemaName(const char* what);

    QTemporaryDir m_temp;
    QString m_dir;
    std::string m_plant; // functions, operators and relations: what fooled the ownership check
    std::string m_plantTypes; // the same and the text and jsonb types
    std::vector<std::string> m_schemas;
};

std::string TestStoreIsolation::schemaName(const char* what)
{
    m_schemas.push_back(
        "iw_" + std::string(what) + "_" + std::to_string(getpid()) + "_" + std::to_string(m_schemas.size()));
    return m_schemas.back();
}

void TestStoreIsolation::initTestCase()
{
    if (qEnvironmentVariableIsEmpty("PGHOST") && qEnvironmentVariableIsEmpty("PGPORT"))
        QSKIP("no PostgreSQL configured (PGHOST/PGPORT unset): run under scripts/with-postgres.sh");
    QVERIFY(m_temp.isValid());
    m_dir = m_temp.path();
    PgAdmin admin;
    QVERIFY2(admin.ok(), admin.error().c_str());
    m_plant = schemaName("plant");
    QVERIFY(plantCatalogLookalikes(admin, m_plant, false));
    m_plantTypes = schemaName("plant");
    QVERIFY(plantCatalogLookalikes(admin, m_plantTypes, true));
    // The look-alikes are live: a session with that search_path is lied to and leaves a trace.
    PgAdmin planted("options='-c search_path=" + m_plant + ",pg_catalog'");
    QVERIFY(planted.ok());
    QCOMPARE(planted.value("SELECT obj_description(0::oid, 'pg_namespace')"),
        std::string("idempotency-workbench store schema, format 1"));
    QCOMPARE(plantedTrace(admin, m_plant), std::string("obj_description"));
    QVERIFY(admin.run("TRUNCATE " + m_plant + ".trace; SELECT setval('" + m_plant + ".hits', 1, false)"));
}

void TestStoreIsolation::cleanupTestCase()
{
    PgAdmin admin;
    if (!admin.ok())
        return;
    for (const std::string& schema : m_schemas)
        admin.exec("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
}

Outcome TestStoreIsolation::execute(QStringList args, const QStringList& env)
{
    QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
    for (const QString& v : env)
        e.insert(v.section(QLatin1Char('='), 0, 0), v.section(QLatin1Char('='), 1));
    // serve refuses at start; one that listens instead is stopped after a while (its rows are then checked).
    const iwtest::ChildResult r = iwtest::runChild(cli(),
        { .args = args,
            .workingDirectory = m_dir,
            .environment = e,
            .timeoutMs = args.value(0) == QLatin1String("serve") ? 15'000 : 120'000,
            .terminateGraceMs = 20'000 });
    Outcome o;
    o.finished = r.finished;
    o.out = r.out;
    o.err = QString::fromUtf8(r.err);
    o.exitCode = !r.started ? -1 : (r.crashed || r.exitCode < 0) ? -2 : r.exitCode;
    return o;
}

void TestStoreIsolation::foreignSchemaThroughSearchPath_data()
{
    QTest::addColumn<QStringList>("args"); // %S the foreign schema, %D the folder, %O the conninfo with the options
    QTest::addColumn<QStringList>("env"); // %P the planted schema

    const QStringList run { QStringLiteral("run"), QString::fromUtf8(kPreset), QStringLiteral("--store"),
        QStringLiteral("postgres"), QStringLiteral("--schema"), QStringLiteral("%S"), QStringLiteral("--report"),
        QStringLiteral("%D/report.json") };
    const QStringList race { QStringLiteral("race"), QStringLiteral("--store"), QStringLiteral("postgres"),
        QStringLiteral("--schema"), QStringLiteral("%S"), QStringLiteral("--threads"), QStringLiteral("2"),
        QStringLiteral("--trials"), QStringLiteral("1") };
    const QStringList install { QStringLiteral("install-schema"), QStringLiteral("--schema"), QStringLiteral("%S") };
    const QStringList serve { QStringLiteral("serve"), QStringLiteral("--port"), QStringLiteral("0"),
        QStringLiteral("--store"), QStringLiteral("postgres"), QStringLiteral("--schema"), QStringLiteral("%S") };
    const QStringList options { QStringLiteral("--conninfo"), QStringLiteral("%O") };
    const QStringList pgoptions { QStringLiteral("PGOPTIONS=-c search_path=%P,pg_catalog") };
    QTest::newRow("run, search_path in the conninfo's options") << run + options << QStringList();
    QTest::newRow("run, search_path in PGOPTIONS") << run << pgoptions;
    QTest::newRow("run through a transaction pooler's rules (no SET), search_path in PGOPTIONS")
        << run + QStringList { QStringLiteral("--pooler"), QStringLiteral("transaction") } << pgoptions;
    QTest::newRow("race, search_path in PGOPTIONS") << race << pgoptions;
    QTest::newRow("race, search_path in the conninfo's options") << race + options << QStringList();
    QTest::newRow("install-schema, search_path in the conninfo's options") << install + options << QStringList();
    QTest::newRow("install-schema, search_path in PGOPTIONS") << install << pgoptions;
    QTest::newRow("serve, search_path in PGOPTIONS") << serve << pgoptions;
}

void TestStoreIsolation::foreignSchemaThroughSearchPath()
{
    QFETCH(QStringList, args);
    QFETCH(QStringList, env);
    PgAdmin admin;
    QVERIFY(admin.ok());
    // Another team's schema: a table of the seed's shape with three rows, no mark.
    const std::string schema = schemaName("billing");
    QVERIFY(admin.run("CREATE SCHEMA " + schema + "; CREATE TABLE " + schema + ".request_idempotency " + kSeedColumns
        + "; INSERT INTO " + schema
        + ".request_idempotency (actor_id, operation, idem_key, state, created_at, expires_at) SELECT 'u', 'op', "
          "'customer-key-' || i, 'completed', now(), now() + interval '1 day' FROM generate_series(1, 3) i"));
    const QString s = QString::fromStdString(schema);
    const QString plant = QString::fromStdString(m_plant);
    for (QString& a : args)
        a.replace(QLatin1String("%S"), s)
            .replace(QLatin1String("%D"), m_dir)
            .replace(QLatin1String("%O"), QStringLiteral("options='-c search_path=%1,pg_catalog'").arg(plant));
    for (QString& v : env)
        v.replace(QLatin1String("%P"), plant);

    const Outcome o = execute(args, env);
    QVERIFY2(o.finished, qPrintable(QStringLiteral("still running: it was not refused: ") + o.err));
    QVERIFY2(o.exitCode == 3, qPrintable(QStringLiteral("exit %1: %2").arg(o.exitCode).arg(o.err)));
    const QRegularExpression refusal(QStringLiteral("^idempotency-workbench [a-z-]+: schema \"%1\" is not the "
                                                    "workbench's own \\(it already holds 1 table the workbench did "
                                                    "not create")
                                         .arg(s));
    QVERIFY2(refusal.match(o.err).hasMatch(), qPrintable(o.err));
    QCOMPARE(admin.value("SELECT count(*) FROM " + schema + ".request_idempotency"), std::string("3"));
    QCOMPARE(admin.value("SELECT count(*) FROM pg_class WHERE relnamespace = '" + schema
                 + "'::regnamespace AND "
                   "relkind = 'r'"),
        std::string("1"));
    QCOMPARE(admin.value("SELECT coalesce(obj_description('" + schema + "'::regnamespace, 'pg_namespace'), '')"),
        std::string());
    QCOMPARE(plantedTrace(admin, m_plant), std::string());
    QVERIFY(!QFile::exists(m_dir + QStringLiteral("/report.json")));
}

void TestStoreIsolation::ownSchemaThroughSearchPath_data()
{
    QTest::addColumn<QStringList>("extra");
    QTest::newRow("session") << QStringList();
    QTest::newRow("transaction pooler rules")
        << QStringList { QStringLiteral("--pooler"), QStringLiteral("transaction") };
}

void TestStoreIsolation::ownSchemaThroughSearchPath()
{
    // The store's own schema with the look-alikes in the search_path: the run (install, empty, claims, completions,
    // sweeps, tombstones, the listing) gives the memory store's report, and none of them ran.
    QFETCH(QStringList, extra);
    PgAdmin admin;
    QVERIFY(admin.ok());
    const std::string schema = schemaName("own");
    const QStringList env {
        QStringLiteral("PGOPTIONS=-c search_path=%1,pg_catalog").arg(QString::fromStdString(m_plantTypes))
    };
    const Outcome memory = execute({ QStringLiteral("run"), QString::fromUtf8(kPreset) }, {});
    QCOMPARE(memory.exitCode, 0);
    const Outcome postgres
        = execute(QStringList { QStringLiteral("run"), QString::fromUtf8(kPreset), QStringLiteral("--store"),
                      QStringLiteral("postgres"), QStringLiteral("--schema"), QString::fromStdString(schema) }
                + extra,
            env);
    QVERIFY2(postgres.exitCode == 0, qPrintable(postgres.err));
    QCOMPARE(asMemoryReport(postgres.out), memory.out);
    const Outcome race
        = execute(QStringList { QStringLiteral("race"), QStringLiteral("--store"), QStringLiteral("postgres"),
                      QStringLiteral("--schema"), QString::fromStdString(schema), QStringLiteral("--threads"),
                      QStringLiteral("4"), QStringLiteral("--trials"), QStringLiteral("5"), QStringLiteral("--json") }
                + extra,
            env);
    QVERIFY2(race.exitCode == 0, qPrintable(race.err));
    QVERIFY2(race.out.contains("\"trials_with_multiple_owners\": 0"), race.out.constData());
    QCOMPARE(plantedTrace(admin, m_plantTypes), std::string());
}

void TestStoreIsolation::inheritingTablesKeepTheirRows()
{
    // Finding 21: tables of another schema that INHERIT the store's tables. A run empties the store (TRUNCATE),
    // sweeps it (DELETE), reads and lists it: the other tables keep every row, and the report is the memory store's.
    PgAdmin admin;
    QVERIFY(admin.ok());
    const std::string own = schemaName("own");
    const std::string other = schemaName("team");
    const Outcome installed
        = execute({ QStringLiteral("install-schema"), QStringLiteral("--schema"), QString::fromStdString(own) }, {});
    QVERIFY2(installed.exitCode == 0, qPrintable(installed.err));
    QVERIFY(admin.run("CREATE SCHEMA " + other + "; CREATE TABLE " + other + ".records () INHERITS (" + own
        + ".request_idempotency); CREATE TABLE " + other + ".tombstones () INHERITS (" + own
        + ".request_idempotency_tombstone); CREATE TABLE " + other + ".seen () INHERITS (" + own
        + ".request_seen); CREATE TABLE " + other + ".orders () INHERITS (" + own + ".demo_request)"));
    // Rows a sweep would take (completed, expired long ago), rows a read or a claim would meet, all in the year
    // 2000 of the store's virtual clock.
    QVERIFY(admin.run("INSERT INTO " + other
        + ".records (actor_id, operation, idem_key, state, created_at, expires_at) SELECT 'team-' || i, 'op', 'k', "
          "'completed', timestamp '2000-01-01', timestamp '2000-01-01' FROM generate_series(1, 5) i; INSERT INTO "
        + other
        + ".tombstones (actor_id, operation, idem_key, until_at) SELECT 'team-' || i, 'op', 'k', timestamp "
          "'2000-01-01' FROM generate_series(1, 4) i; INSERT INTO "
        + other + ".seen SELECT 'team-' || i, 'op', 'k' FROM generate_series(1, 3) i; INSERT INTO " + other
        + ".orders (id, actor_id, operation, idem_key, at_ms, seq) OVERRIDING SYSTEM VALUE SELECT 'team-' || i, "
          "'team', 'op', 'k', 0, 1000 + i FROM generate_series(1, 2) i"));
    const auto counts = [&] {
        return admin.value("SELECT (SELECT count(*) FROM " + other + ".records) || ' ' || (SELECT count(*) FROM "
            + other + ".tombstones) || ' ' || (SELECT count(*) FROM " + other + ".seen) || ' ' || (SELECT count(*) "
            + "FROM " + other + ".orders)");
    };
    QCOMPARE(counts(), std::string("5 4 3 2"));

    for (const char* preset : { kPreset, IW_SOURCE_DIR "/resources/scenarios/sweep-removes-only-terminal.json",
             IW_SOURCE_DIR "/resources/scenarios/seen-flag.json" }) {
        const Outcome expected = execute({ QStringLiteral("run"), QString::fromUtf8(preset) }, {});
        QCOMPARE(expected.exitCode, 0);
        const Outcome postgres
            = execute({ QStringLiteral("run"), QString::fromUtf8(preset), QStringLiteral("--store"),
                          QStringLiteral("postgres"), QStringLiteral("--schema"), QString::fromStdString(own) },
                {});
        QVERIFY2(postgres.exitCode == 0, qPrintable(postgres.err));
        QVERIFY2(asMemoryReport(postgres.out) == expected.out, preset);
        QCOMPARE(counts(), std::string("5 4 3 2"));
    }
}

void TestStoreIsolation::partitionOutsideTheSchemaIsRefused()
{
    // A store table replaced by a partitioned one (docs/manual/live-tables.md allows it) whose partition lives in
    // another schema: emptying the store would empty that table. Refused, nothing changed.
    PgAdmin admin;
    QVERIFY(admin.ok());
    const std::string own = schemaName("own");
    const std::string other = schemaName("team");
    const Outcome installed
        = execute({ QStringLiteral("install-schema"), QStringLiteral("--schema"), QString::fromStdString(own) }, {});
    QVERIFY2(installed.exitCode == 0, qPrintable(installed.err));
    QVERIFY(admin.run("CREATE SCHEMA " + other + "; DROP TABLE " + own + ".request_idempotency; CREATE TABLE " + own
        + ".request_idempotency (actor_id text NOT NULL, operation varchar(200) NOT NULL, idem_key text NOT NULL, "
          "payload_hash char(64), state varchar(16) NOT NULL, status_code integer, response_body jsonb, created_at "
          "timestamp NOT NULL, completed_at timestamp, expires_at timestamp NOT NULL, lease_until timestamp, "
          "result_id text, UNIQUE (actor_id, operation, idem_key)) PARTITION BY HASH (actor_id); CREATE TABLE "
        + other + ".part PARTITION OF " + own
        + ".request_idempotency FOR VALUES WITH (MODULUS 1, REMAINDER 0); INSERT INTO " + other
        + ".part (actor_id, operation, idem_key, state, created_at, expires_at) SELECT 'team-' || i, 'op', 'k', "
          "'completed', now(), now() FROM generate_series(1, 2) i"));
    const QString sentence
        = QStringLiteral("the store table \"%1\".request_idempotency has the partition %2.part outside "
                         "schema \"%1\", which emptying or sweeping the store would reach; nothing "
                         "was changed: keep every partition of a store table in the store's schema")
              .arg(QString::fromStdString(own), QString::fromStdString(other));
    for (const QStringList& args :
        { QStringList { QStringLiteral("run"), QString::fromUtf8(kPreset), QStringLiteral("--store"),
              QStringLiteral("postgres"), QStringLiteral("--schema"), QString::fromStdString(own) },
            QStringList {
                QStringLiteral("install-schema"), QStringLiteral("--schema"), QString::fromStdString(own) } }) {
        const Outcome o = execute(args, {});
        QVERIFY2(o.exitCode == 3, qPrintable(QStringLiteral("exit %1: %2").arg(o.exitCode).arg(o.err)));
        QCOMPARE(o.err, QStringLiteral("idempotency-workbench %1: %2\n").arg(args.first(), sentence));
        QCOMPARE(admin.value("SELECT count(*) FROM " + other + ".part"), std::string("2"));
    }
}

QTEST_GUILESS_MAIN(TestStoreIsolation)
#include "tst_storeisolation.moc"
