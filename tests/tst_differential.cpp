// Every preset on both stores: the memory store and a real PostgreSQL must give byte-identical reports (decisions,
// statuses, effects, final records and tombstones). Needs the cluster `make test` starts (PG* variables).
#include "pgstore.h"
#include "report.h"
#include "scenario.h"
#include "simulation.h"

#include <QDir>
#include <QTest>
#include <libpq-fe.h>

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
    std::string m_schema;
};

void TestDifferential::initTestCase()
{
    if (qEnvironmentVariableIsEmpty("PGHOST") && qEnvironmentVariableIsEmpty("PGPORT"))
        QSKIP("no PostgreSQL configured (run through `make test`, which starts one)");
    m_schema = "iw_differential_" + std::to_string(getpid());
    m_pg = PostgresStore::connect("", m_schema);
    m_pg->installSchema();
}

void TestDifferential::cleanupTestCase()
{
    if (!m_pg)
        return;
    m_pg.reset();
    PGconn* conn = PQconnectdb("");
    if (PQstatus(conn) == CONNECTION_OK) {
        char* id = PQescapeIdentifier(conn, m_schema.c_str(), m_schema.size());
        PQclear(PQexec(conn, ("DROP SCHEMA " + std::string(id) + " CASCADE").c_str()));
        PQfreemem(id);
    }
    PQfinish(conn);
}

void TestDifferential::presetOnBothStores_data()
{
    QTest::addColumn<QString>("path");
    const QDir dir(QStringLiteral(IW_SOURCE_DIR "/resources/scenarios"));
    const auto files = dir.entryList({ QStringLiteral("*.json") }, QDir::Files, QDir::Name);
    QVERIFY(!files.isEmpty());
    for (const QString& f : files)
        QTest::newRow(qPrintable(f)) << dir.filePath(f);
}

void TestDifferential::presetOnBothStores()
{
    QFETCH(QString, path);
    const Scenario scenario = loadScenarioFile(path.toStdString());
    auto memory = makeMemoryStore();
    Simulation a(scenario, *memory);
    a.runToEnd();
    Simulation b(scenario, *m_pg);
    b.runToEnd();
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
