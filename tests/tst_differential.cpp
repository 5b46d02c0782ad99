// Every preset on both stores: the memory store and a real PostgreSQL must give byte-identical reports (decisions,
// statuses, effects, final records and tombstones). Needs the cluster `make test` starts (PG* variables).
//
// Each preset runs on three shapes of the PostgreSQL store (docs/manual/live-tables.md): the plain tables;
// request_idempotency replaced by the same columns partitioned by hash of actor_id in 4 partitions (a sharded
// deployment's shape); and through pgbouncer in transaction pooling with `--pooler transaction`'s unnamed statements
// (IW_PGBOUNCER_TX_PORT, skipped without it). A preset with a route (docs/reference/routes.md) runs every hop on
// PostgreSQL too, each in its own schema beside the shape's (openHopStores), and the rows of each hop are looked for in
// that schema.
#include "pgstore.h"
#include "report.h"
#include "scenario.h"
#include "simulation.h"
#include "storesetup.h"

#include <QDir>
#include <QTest>
#include <libpq-fe.h>

#include <set>
#include <sstream>
#include <unistd.h>

using namespace iw;

class TestDifferential : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void presetOnBothStores_data();
    void presetOnBothStores();

private:
    std::unique_ptr<PostgresStore> m_pg;
    std::unique_ptr<PostgresStore> m_partitioned;
    std::unique_ptr<PostgresStore> m_pooled;
    std::string m_schema;
    std::vector<std::string> m_schemas;
    std::set<std::string> m_hopSchemas; // made by route presets, dropped at the end
    std::string m_pooledConninfo;
};

void TestDifferential::initTestCase()
{
    if (qEnvironmentVariableIsEmpty("PGHOST") && qEnvironmentVariableIsEmpty("PGPORT"))
        QSKIP("no PostgreSQL configured (run through `make test`, which starts one)");
    m_schema = "iw_differential_" + std::to_string(getpid());
    m_pg = PostgresStore::connect("", m_schema);
    m_pg->installSchema();
    m_schemas.push_back(m_schema);

    // The sharded shape: installed, then the records table replaced by one of the same columns partitioned by hash
    // of actor_id, which installSchema's shape check must accept as it is.
    const std::string parts = m_schema + "_parts";
    m_schemas.push_back(parts);
    m_partitioned = PostgresStore::connect("", parts);
    m_partitioned->installSchema();
    PGconn* conn = PQconnectdb("");
    QVERIFY(PQstatus(conn) == CONNECTION_OK);
    const std::string t = "\"" + parts + "\".request_idempotency";
    std::string ddl
        = "BEGIN; CREATE TABLE " + t + "_sharded (LIKE " + t + " INCLUDING ALL) PARTITION BY HASH (actor_id);";
    for (int i = 0; i < 4; ++i)
        ddl += "CREATE TABLE " + t + "_" + std::to_string(i) + " PARTITION OF " + t
            + "_sharded FOR VALUES WITH (MODULUS 4, REMAINDER " + std::to_string(i) + ");";
    ddl += "DROP TABLE " + t + "; ALTER TABLE " + t + "_sharded RENAME TO request_idempotency; COMMIT;";
    PGresult* r = PQexec(conn, ddl.c_str());
    const bool replaced = PQresultStatus(r) == PGRES_COMMAND_OK;
    const std::string why = PQresultErrorMessage(r);
    PQclear(r);
    PGresult* kind = PQexec(conn, ("SELECT relkind::text FROM pg_class WHERE oid = to_regclass('" + t + "')").c_str());
    const std::string relkind = PQntuples(kind) ? PQgetvalue(kind, 0, 0) : "";
    PQclear(kind);
    PQfinish(conn);
    QVERIFY2(replaced, why.c_str());
    QCOMPARE(relkind, std::string("p"));
    m_partitioned = PostgresStore::connect("", parts); // a fresh session: nothing prepared against the old table
    m_partitioned->installSchema();

    if (!qEnvironmentVariableIsEmpty("IW_PGBOUNCER_TX_PORT")) {
        const std::string pooled = m_schema + "_txpool";
        m_schemas.push_back(pooled);
        m_pooledConninfo = "host=127.0.0.1 dbname=postgres user=postgres port="
            + qEnvironmentVariable("IW_PGBOUNCER_TX_PORT").toStdString();
        m_pooled = PostgresStore::connect(m_pooledConninfo, pooled, PostgresStore::Pooling::Transaction);
        m_pooled->installSchema();
    }
}

void TestDifferential::cleanupTestCase()
{
    if (!m_pg)
        return;
    m_pg.reset();
    m_partitioned.reset();
    m_pooled.reset();
    PGconn* conn = PQconnectdb("");
    if (PQstatus(conn) == CONNECTION_OK) {
        std::vector<std::string> all = m_schemas;
        all.insert(all.end(), m_hopSchemas.begin(), m_hopSchemas.end());
        for (const std::string& schema : all) {
            char* id = PQescapeIdentifier(conn, schema.c_str(), schema.size());
            PQclear(PQexec(conn, ("DROP SCHEMA " + std::string(id) + " CASCADE").c_str()));
            PQfreemem(id);
        }
    }
    PQfinish(conn);
}

void TestDifferential::presetOnBothStores_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("shape");
    const QDir dir(QStringLiteral(IW_SOURCE_DIR "/resources/scenarios"));
    const auto files = dir.entryList({ QStringLiteral("*.json") }, QDir::Files, QDir::Name);
    QVERIFY(!files.isEmpty());
    for (const QString& shape : { QStringLiteral("plain"), QStringLiteral("partitioned"), QStringLiteral("txpooler") })
        for (const QString& f : files)
            QTest::newRow(qPrintable(shape + QLatin1Char('/') + f)) << dir.filePath(f) << shape;
}

void TestDifferential::presetOnBothStores()
{
    QFETCH(QString, path);
    QFETCH(QString, shape);
    PostgresStore* store = shape == QLatin1String("plain") ? m_pg.get()
        : shape == QLatin1String("partitioned")            ? m_partitioned.get()
                                                           : m_pooled.get();
    if (!store)
        QSKIP("needs pgbouncer in transaction pooling from scripts/with-postgres.sh (IW_PGBOUNCER_TX_PORT unset)");
    const Scenario scenario = loadScenarioFile(path.toStdString());
    // PostgreSQL is a sql store (docs/manual/stores.md): a preset of another engine is compared on its own server
    // (tst_redisdifferential for redis).
    for (int hop = 0; hop < scenario.hopCount(); ++hop) {
        if (scenario.hopService(hop).storeEngine != StoreEngine::Sql)
            QSKIP("a preset of another store engine: compared on that engine's own server");
    }
    auto memory = makeMemoryStore();
    Simulation a(scenario, *memory);
    a.runToEnd();
    Simulation::HopStores hopStores;
    std::vector<std::string> hopNames;
    for (const HopSpec& hop : scenario.route)
        hopNames.push_back(hop.name);
    if (!hopNames.empty()) {
        const bool pooled = shape == QLatin1String("txpooler");
        hopStores = openHopStores(pooled ? m_pooledConninfo : std::string(), store->schema(),
            pooled ? PostgresStore::Pooling::Transaction : PostgresStore::Pooling::Session, hopNames);
        for (std::size_t i = 0; i < hopNames.size(); ++i)
            m_hopSchemas.insert(hopSchemaName(store->schema(), i + 1, hopNames[i]));
    }
    Simulation b(scenario, *store, std::move(hopStores));
    b.runToEnd();
    // Each hop's records are in its own schema on the server, as many as the memory run's hop holds.
    for (std::size_t i = 0; i < hopNames.size(); ++i) {
        const int hop = static_cast<int>(i) + 1;
        QCOMPARE(b.hopStore(hop).kind(), std::string("postgres"));
        PGconn* conn = PQconnectdb("");
        QVERIFY(PQstatus(conn) == CONNECTION_OK);
        const std::string hopSchema = hopSchemaName(store->schema(), i + 1, hopNames[i]);
        char* id = PQescapeIdentifier(conn, hopSchema.c_str(), hopSchema.size());
        PGresult* r = PQexec(conn, ("SELECT count(*) FROM " + std::string(id) + ".request_idempotency").c_str());
        PQfreemem(id);
        const bool ok = PQresultStatus(r) == PGRES_TUPLES_OK;
        const long rows = ok ? std::stol(PQgetvalue(r, 0, 0)) : -1;
        PQclear(r);
        PQfinish(conn);
        QCOMPARE(rows, static_cast<long>(a.hopStore(hop).records().size()));
    }
    std::ostringstream ra, rb;
    writeReport(a, ra, ReportFormat::Json);
    writeReport(b, rb, ReportFormat::Json);
    std::string pg = rb.str();
    const std::string from = "\"store\": \"postgres\"";
    pg.replace(pg.find(from), from.size(), "\"store\": \"memory\"");
    QCOMPARE(QString::fromStdString(pg), QString::fromStdString(ra.str()));
    QVERIFY(!ra.str().empty());
}

QTEST_GUILESS_MAIN(TestDifferential)
#include "tst_differential.moc"
