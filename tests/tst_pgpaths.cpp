// The connection paths production has (docs/manual/live-tables.md), against the parts scripts/with-postgres.sh adds to
// the throwaway cluster: TLS with a test CA (IW_PG_TLS_PORT, IW_PG_CA, IW_PG_OTHER_CA), a SCRAM role (IW_PG_SCRAM_USER,
// IW_PG_SCRAM_PASSWORD), a streaming hot standby (IW_PG_REPLICA_PORT) and pgbouncer in session and in transaction
// pooling (IW_PGBOUNCER_SESSION_PORT, IW_PGBOUNCER_TX_PORT). Every test skips, naming what it misses, when its part
// is absent.
//
// - The store, inspect and the live view's connection work over each path: verify-full TLS, SCRAM, .pgpass and a
//   service file; a wrong CA, a wrong host name or a wrong password is one sentence that says so.
// - The store through pgbouncer in transaction pooling (whose server connections are reset after every
//   transaction) gives the memory store's report; the same store prepared by name fails there, which shows the
//   set-up would catch a regression.
// - A hot standby: inspection reads it, shows its replay lag and follows the primary's writes; the store refuses it
//   with one sentence and exit 3, writing nothing.
// - A table partitioned by hash of actor_id reads as one table (counts, anomalies and keyset paging equal to the
//   same rows in a plain table).
// - Faults: pgbouncer restarted mid-run, a replica promoted under the inspector, a TLS session terminated: a
//   sentence, a reconnect, nothing lost.
#include "childprocess.h"
#include "liveinspector.h"
#include "livemapping.h"
#include "pgadmin.h"
#include "pgstore.h"
#include "privatebouncer.h"
#include "report.h"
#include "scenario.h"
#include "simulation.h"

#include <QDir>
#include <QFile>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <libpq-fe.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <csignal>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <unistd.h>

using namespace iw;

namespace {

std::string env(const char* name)
{
    return qEnvironmentVariable(name).toStdString();
}

// A libpq session on any conninfo, for what the code under test does not do itself.
class Sql : public PgAdmin {
public:
    using PgAdmin::PgAdmin;
    // The first value of the first row, or "" — quietly: polling a replica that has not replayed a table yet, or a
    // server being restarted, fails on purpose.
    std::string value(const std::string& sql)
    {
        PGresult* r = PQexec(connection(), sql.c_str());
        std::string v;
        if (PQresultStatus(r) == PGRES_TUPLES_OK && PQntuples(r) > 0)
            v = PQgetvalue(r, 0, 0);
        PQclear(r);
        return v;
    }
};

std::string reportOf(const Scenario& scenario, IdempotencyStore& store)
{
    Simulation sim(scenario, store);
    sim.runToEnd();
    std::ostringstream out;
    writeReport(sim, out, ReportFormat::Json);
    std::string text = out.str();
    const std::string from = "\"store\": \"postgres\"";
    if (const auto at = text.find(from); at != std::string::npos)
        text.replace(at, from.size(), "\"store\": \"memory\"");
    return text;
}

// The preset the store tests run on each path (tests/tst_differential runs every preset on a partitioned table and
// through the transaction pooler): a claim, a completion with its effect, a replay.
QString presetPath()
{
    return QStringLiteral(IW_SOURCE_DIR "/resources/scenarios/lost-response-replay.json");
}

struct Cli {
    int code = -1;
    QString out;
    QString err;
};

Cli cli(const QStringList& args, const QProcessEnvironment& extra = {})
{
    QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
    for (const QString& k : extra.keys())
        e.insert(k, extra.value(k));
    const iwtest::ChildResult p = iwtest::runCli(args, { .environment = e, .timeoutMs = 120'000 });
    Cli c;
    if (!p.finished)
        return c;
    c.code = p.crashed ? -1 : p.exitCode;
    c.out = QString::fromUtf8(p.out);
    c.err = QString::fromUtf8(p.err);
    return c;
}

bool oneSentence(const std::string& s)
{
    return !s.empty() && s.find('\n') == std::string::npos;
}

// A program run as the postgres user when with-postgres.sh had to (we are root), else as ourselves.
bool runAsPostgres(const QString& program, const QStringList& args, QString& output, int timeoutMs = 60'000)
{
    const iwtest::ChildResult r = iwtest::runAsPostgres(program, args, timeoutMs);
    output = QString::fromLocal8Bit(r.out) + r.error;
    return r.ranToEnd() && r.exitCode == 0;
}

// Waits (bounded) until `done` holds; the bound only keeps a broken set-up from hanging the suite.
template<class F> bool eventually(F&& done, int timeoutMs = 30'000)
{
    for (int waited = 0; waited < timeoutMs; waited += 50) {
        if (done())
            return true;
        QThread::msleep(50);
    }
    return done();
}

} // namespace

class TestPgPaths : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();

    void tlsVerifyFull();
    void tlsWrongCaOrHostName_data();
    void tlsWrongCaOrHostName();
    void scramPassword();
    void pgpassAndServiceFile();

    void transactionPoolerStore();
    void transactionPoolerInspectAndCommands();
    void sessionPooler();

    void replicaIsReadAndFollowed();
    void storeRefusesAStandby();

    void partitionedTableReadsAsOne();

    void pgbouncerRestartedMidRun();
    void replicaPromotedWhileInspected();
    void tlsSessionTornDown();

private:
    std::string tlsConninfo(const std::string& host = "localhost", const std::string& ca = {}) const;
    std::string scramConninfo(const std::string& host = "127.0.0.1") const;
    std::string txPoolerConninfo() const;
    void dropSchema(const std::string& schema);

    std::unique_ptr<Sql> m_admin;
    std::string m_prefix;
    std::vector<std::string> m_schemas;
};

void TestPgPaths::initTestCase()
{
    if (qEnvironmentVariableIsEmpty("PGHOST") && qEnvironmentVariableIsEmpty("PGPORT"))
        QSKIP("no PostgreSQL configured (PGHOST/PGPORT unset): run under scripts/with-postgres.sh");
    m_admin = std::make_unique<Sql>();
    QVERIFY2(m_admin->ok(), "cannot connect to the PostgreSQL named by the PG* variables");
    std::random_device rd;
    m_prefix = "iw_paths_" + std::to_string(getpid()) + "_" + std::to_string(rd() % 10000);
}

void TestPgPaths::cleanupTestCase()
{
    if (!m_admin)
        return;
    for (const std::string& s : m_schemas)
        dropSchema(s);
}

void TestPgPaths::dropSchema(const std::string& schema)
{
    m_admin->run("DROP SCHEMA IF EXISTS \"" + schema + "\" CASCADE");
}

std::string TestPgPaths::tlsConninfo(const std::string& host, const std::string& ca) const
{
    // The server listens on 127.0.0.1 only; where /etc/hosts also names ::1 localhost (an installed Debian), libpq
    // would try ::1 first and report its refusal. hostaddr connects to 127.0.0.1 and still checks the name.
    const std::string addr = host == "localhost" ? " hostaddr=127.0.0.1" : "";
    return "host=" + host + addr + " port=" + env("IW_PG_TLS_PORT")
        + " dbname=postgres user=postgres sslmode=verify-full " + "sslrootcert=" + (ca.empty() ? env("IW_PG_CA") : ca);
}

std::string TestPgPaths::scramConninfo(const std::string& host) const
{
    return "host=" + host + " port=" + env("PGPORT") + " dbname=postgres user=" + env("IW_PG_SCRAM_USER");
}

std::string TestPgPaths::txPoolerConninfo() const
{
    return "host=127.0.0.1 port=" + env("IW_PGBOUNCER_TX_PORT") + " dbname=postgres user=postgres";
}

// --- TLS, SCRAM, .pgpass, service files

void TestPgPaths::tlsVerifyFull()
{
    if (qEnvironmentVariableIsEmpty("IW_PG_TLS_PORT") || qEnvironmentVariableIsEmpty("IW_PG_CA"))
        QSKIP("needs TLS from scripts/with-postgres.sh (IW_PG_TLS_PORT, IW_PG_CA unset: is openssl installed?)");
    auto conn = LiveConnection::open(tlsConninfo());
    const std::string ssl = conn->readOnly([&] {
        const LiveResult r
            = conn->exec("SELECT ssl::text FROM pg_stat_ssl WHERE pid = pg_backend_pid()", {}, "ask about TLS");
        return std::string(PQgetvalue(r.get(), 0, 0));
    });
    QCOMPARE(ssl, std::string("true"));

    const std::string schema = m_prefix + "_tls";
    m_schemas.push_back(schema);
    auto store = PostgresStore::connect(tlsConninfo(), schema);
    store->installSchema();
    const Scenario scenario = loadScenarioFile(presetPath().toStdString());
    auto memory = makeMemoryStore();
    QCOMPARE(QString::fromStdString(reportOf(scenario, *store)), QString::fromStdString(reportOf(scenario, *memory)));
    QCOMPARE(m_admin->value("SELECT count(*) FROM pg_stat_ssl s JOIN pg_stat_activity a USING (pid) WHERE s.ssl AND "
                            "a.application_name = 'idempotency-workbench'")
            != "0",
        true);

    const Cli inspect = cli({ QStringLiteral("inspect"), QStringLiteral("--conninfo"),
        QString::fromStdString(tlsConninfo()), QStringLiteral("--table"),
        QString::fromStdString(schema + ".request_idempotency"), QStringLiteral("--json") });
    QVERIFY2(inspect.code == 0, qPrintable(inspect.err));
    QVERIFY(inspect.out.contains(QLatin1String("\"total\": ")));
}

void TestPgPaths::tlsWrongCaOrHostName_data()
{
    QTest::addColumn<QString>("host");
    QTest::addColumn<bool>("otherCa");
    QTest::addColumn<QString>("reason");
    QTest::addColumn<bool>("refusedFirst");
    QTest::newRow("certificate of another CA")
        << QStringLiteral("localhost") << true << QStringLiteral("is not signed by the root certificate given")
        << false;
    QTest::newRow("certificate for another host name")
        << QStringLiteral("127.0.0.1") << false << QStringLiteral("is for another host name than the one connected to")
        << false;
    // Two addresses, the first one refusing (nothing listens on port 1): libpq reports both, and the sentence must
    // name the certificate problem of the address that answered, not the refusal it tried first.
    QTest::newRow("certificate of another CA behind a refused address")
        << QStringLiteral("localhost") << true << QStringLiteral("is not signed by the root certificate given") << true;
}

void TestPgPaths::tlsWrongCaOrHostName()
{
    if (qEnvironmentVariableIsEmpty("IW_PG_TLS_PORT") || qEnvironmentVariableIsEmpty("IW_PG_OTHER_CA"))
        QSKIP("needs TLS from scripts/with-postgres.sh (IW_PG_TLS_PORT, IW_PG_OTHER_CA unset: is openssl installed?)");
    QFETCH(QString, host);
    QFETCH(bool, otherCa);
    QFETCH(QString, reason);
    QFETCH(bool, refusedFirst);
    std::string conninfo = tlsConninfo(host.toStdString(), otherCa ? env("IW_PG_OTHER_CA") : std::string());
    if (refusedFirst) {
        const auto replace = [&](const std::string& from, const std::string& to) {
            const auto at = conninfo.find(from);
            QVERIFY(at != std::string::npos);
            conninfo.replace(at, from.size(), to);
        };
        replace("host=localhost hostaddr=127.0.0.1 port=" + env("IW_PG_TLS_PORT"),
            "host=localhost,localhost hostaddr=127.0.0.1,127.0.0.1 port=1," + env("IW_PG_TLS_PORT"));
    }

    try {
        LiveConnection::open(conninfo);
        QFAIL("the live connection accepted a certificate it should refuse");
    } catch (const LiveError& e) {
        QCOMPARE(e.kind(), LiveError::Kind::Unreachable);
        QVERIFY2(oneSentence(e.what()), e.what());
        QVERIFY2(QString::fromUtf8(e.what()).contains(reason), e.what());
    }
    try {
        PostgresStore::connect(conninfo, m_prefix + "_never");
        QFAIL("the store accepted a certificate it should refuse");
    } catch (const StoreError& e) {
        QCOMPARE(e.kind(), StoreError::Kind::Unavailable);
        QVERIFY2(oneSentence(e.what()), e.what());
        QVERIFY2(QString::fromUtf8(e.what()).contains(reason), e.what());
    }
    const Cli inspect = cli({ QStringLiteral("inspect"), QStringLiteral("--conninfo"), QString::fromStdString(conninfo),
        QStringLiteral("--table"), QStringLiteral("pg_class") });
    QCOMPARE(inspect.code, 3);
    QVERIFY2(inspect.err.contains(reason) && inspect.err.count(QLatin1Char('\n')) == 1, qPrintable(inspect.err));
}

void TestPgPaths::scramPassword()
{
    if (qEnvironmentVariableIsEmpty("IW_PG_SCRAM_USER") || qEnvironmentVariableIsEmpty("IW_PG_SCRAM_PASSWORD"))
        QSKIP("needs the SCRAM role of scripts/with-postgres.sh (IW_PG_SCRAM_USER, IW_PG_SCRAM_PASSWORD unset)");
    // No .pgpass, no PGPASSWORD: only what each case gives.
    qputenv("PGPASSFILE", "/nonexistent/iw-no-pgpass");
    auto restore = qScopeGuard([] { qunsetenv("PGPASSFILE"); });
    const std::string user = env("IW_PG_SCRAM_USER");
    const std::string password = env("IW_PG_SCRAM_PASSWORD");
    QCOMPARE(m_admin->value("SELECT left(rolpassword, 14) FROM pg_authid WHERE rolname = '" + user + "'"),
        std::string("SCRAM-SHA-256$"));

    try {
        LiveConnection::open(scramConninfo());
        QFAIL("a SCRAM role connected without a password");
    } catch (const LiveError& e) {
        QCOMPARE(e.kind(), LiveError::Kind::PasswordNeeded);
        QVERIFY2(oneSentence(e.what()), e.what());
    }
    const std::string wrong = "not-" + password;
    try {
        LiveConnection::open(scramConninfo(), wrong);
        QFAIL("a wrong password was accepted");
    } catch (const LiveError& e) {
        QCOMPARE(e.kind(), LiveError::Kind::Authentication);
        const std::string expected
            = "PostgreSQL at host 127.0.0.1 port " + env("PGPORT") + " refused the password for user \"" + user + "\"";
        QCOMPARE(std::string(e.what()), expected);
    }
    auto conn = LiveConnection::open(scramConninfo(), password);
    QCOMPARE(conn->user(), user);

    // The store, with the password in the conninfo (as PGPASSWORD or .pgpass would give it).
    try {
        PostgresStore::connect(scramConninfo() + " password=" + wrong, m_prefix + "_never");
        QFAIL("the store connected with a wrong password");
    } catch (const StoreError& e) {
        QVERIFY2(oneSentence(e.what()), e.what());
        QVERIFY2(QString::fromUtf8(e.what()).contains(QLatin1String("password authentication failed")), e.what());
        QVERIFY2(!QString::fromUtf8(e.what()).contains(QString::fromStdString(wrong)), e.what());
    }
    const std::string schema = m_prefix + "_scram";
    m_schemas.push_back(schema);
    // SCRAM over verify-full TLS, the way production is reached.
    const std::string both = qEnvironmentVariableIsEmpty("IW_PG_TLS_PORT")
        ? scramConninfo()
        : scramConninfo("localhost") + " sslmode=verify-full sslrootcert=" + env("IW_PG_CA");
    auto store = PostgresStore::connect(both + " password=" + password, schema);
    store->installSchema();
    const Scenario scenario = loadScenarioFile(presetPath().toStdString());
    auto memory = makeMemoryStore();
    QCOMPARE(QString::fromStdString(reportOf(scenario, *store)), QString::fromStdString(reportOf(scenario, *memory)));
    QCOMPARE(m_admin->value("SELECT nspowner::regrole::text FROM pg_namespace WHERE nspname = '" + schema + "'"), user);
}

void TestPgPaths::pgpassAndServiceFile()
{
    if (qEnvironmentVariableIsEmpty("IW_PG_SCRAM_USER") || qEnvironmentVariableIsEmpty("IW_PG_TLS_PORT"))
        QSKIP("needs the SCRAM role and TLS of scripts/with-postgres.sh (IW_PG_SCRAM_USER or IW_PG_TLS_PORT unset)");
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString pgpass = dir.filePath(QStringLiteral("pgpass"));
    const QString services = dir.filePath(QStringLiteral("pg_service.conf"));
    {
        QFile f(pgpass);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QStringLiteral("localhost:%1:postgres:%2:%3\n")
                    .arg(qEnvironmentVariable("PGPORT"), qEnvironmentVariable("IW_PG_SCRAM_USER"),
                        qEnvironmentVariable("IW_PG_SCRAM_PASSWORD"))
                    .toUtf8());
        f.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    }
    {
        QFile f(services);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QStringLiteral("[iw_paths]\nhost=localhost\nport=%1\ndbname=postgres\nuser=%2\nsslmode=verify-full\n"
                               "sslrootcert=%3\n")
                    .arg(qEnvironmentVariable("IW_PG_TLS_PORT"), qEnvironmentVariable("IW_PG_SCRAM_USER"),
                        qEnvironmentVariable("IW_PG_CA"))
                    .toUtf8());
    }
    qputenv("PGPASSFILE", pgpass.toLocal8Bit());
    qputenv("PGSERVICEFILE", services.toLocal8Bit());
    auto restore = qScopeGuard([] {
        qunsetenv("PGPASSFILE");
        qunsetenv("PGSERVICEFILE");
    });

    // .pgpass alone: the SCRAM role connects with no password given.
    auto plain = LiveConnection::open(scramConninfo("localhost"));
    QCOMPARE(plain->user(), env("IW_PG_SCRAM_USER"));
    // A service file naming host, port, user and TLS; the password from .pgpass.
    auto viaService = LiveConnection::open("service=iw_paths");
    QCOMPARE(viaService->user(), env("IW_PG_SCRAM_USER"));
    const std::string schema = m_prefix + "_service";
    m_schemas.push_back(schema);
    auto store = PostgresStore::connect("service=iw_paths", schema);
    store->installSchema();
    QVERIFY(store->records().empty());

    QProcessEnvironment files;
    files.insert(QStringLiteral("PGPASSFILE"), pgpass);
    files.insert(QStringLiteral("PGSERVICEFILE"), services);
    const Cli inspect
        = cli({ QStringLiteral("inspect"), QStringLiteral("--conninfo"), QStringLiteral("service=iw_paths"),
                  QStringLiteral("--table"), QString::fromStdString(schema + ".request_idempotency") },
            files);
    QVERIFY2(inspect.code == 0, qPrintable(inspect.err));
}

// --- pgbouncer

void TestPgPaths::transactionPoolerStore()
{
    if (qEnvironmentVariableIsEmpty("IW_PGBOUNCER_TX_PORT"))
        QSKIP("needs pgbouncer in transaction pooling from scripts/with-postgres.sh (IW_PGBOUNCER_TX_PORT unset: is "
              "pgbouncer installed?)");
    const std::string schema = m_prefix + "_txpool";
    m_schemas.push_back(schema);
    const Scenario scenario = loadScenarioFile(presetPath().toStdString());

    // The control: prepared once per session, the store fails behind this pooler, whose server connections are
    // reset after every transaction. Were it to pass, the set-up could not catch the mistake.
    {
        auto named = PostgresStore::connect(txPoolerConninfo(), schema, PostgresStore::Pooling::Session);
        named->installSchema();
        bool failed = false;
        try {
            Simulation sim(scenario, *named);
            sim.runToEnd();
        } catch (const StoreError& e) {
            failed = QString::fromUtf8(e.what()).contains(QLatin1String("prepared statement"));
            if (!failed)
                qWarning("%s", e.what());
        }
        QVERIFY2(failed, "named prepared statements survived a transaction pooler that resets its connections");
    }

    // Unnamed statements: every preset gives the memory store's report (tests/tst_differential runs them all).
    auto store = PostgresStore::connect(txPoolerConninfo(), schema, PostgresStore::Pooling::Transaction);
    QCOMPARE(store->pooling(), PostgresStore::Pooling::Transaction);
    store->installSchema();
    auto memory = makeMemoryStore();
    QCOMPARE(QString::fromStdString(reportOf(scenario, *store)), QString::fromStdString(reportOf(scenario, *memory)));
}

void TestPgPaths::transactionPoolerInspectAndCommands()
{
    if (qEnvironmentVariableIsEmpty("IW_PGBOUNCER_TX_PORT"))
        QSKIP("needs pgbouncer in transaction pooling from scripts/with-postgres.sh (IW_PGBOUNCER_TX_PORT unset)");
    const std::string schema = m_prefix + "_txcli";
    m_schemas.push_back(schema);
    const QString conninfo = QString::fromStdString(txPoolerConninfo());
    const QString schemaArg = QString::fromStdString(schema);

    const Cli install = cli({ QStringLiteral("install-schema"), QStringLiteral("--conninfo"), conninfo,
        QStringLiteral("--schema"), schemaArg, QStringLiteral("--pooler"), QStringLiteral("transaction") });
    QVERIFY2(install.code == 0, qPrintable(install.err));
    const Cli run = cli({ QStringLiteral("run"), presetPath(), QStringLiteral("--store"), QStringLiteral("postgres"),
        QStringLiteral("--conninfo"), conninfo, QStringLiteral("--schema"), schemaArg, QStringLiteral("--pooler"),
        QStringLiteral("transaction"), QStringLiteral("--check"), QStringLiteral("--report"),
        QStringLiteral("/dev/null") });
    QVERIFY2(run.code == 0, qPrintable(run.err));
    const Cli race = cli({ QStringLiteral("race"), QStringLiteral("--store"), QStringLiteral("postgres"),
        QStringLiteral("--conninfo"), conninfo, QStringLiteral("--schema"), schemaArg, QStringLiteral("--pooler"),
        QStringLiteral("transaction"), QStringLiteral("--threads"), QStringLiteral("4"), QStringLiteral("--trials"),
        QStringLiteral("10"), QStringLiteral("--handler-ms"), QStringLiteral("0"), QStringLiteral("--json") });
    QVERIFY2(race.code == 0, qPrintable(race.err));
    QVERIFY2(race.out.contains(QLatin1String("\"trials_with_multiple_owners\": 0")), qPrintable(race.out));
    const Cli bad = cli({ QStringLiteral("run"), presetPath(), QStringLiteral("--store"), QStringLiteral("postgres"),
        QStringLiteral("--conninfo"), conninfo, QStringLiteral("--pooler"), QStringLiteral("statement") });
    QCOMPARE(bad.code, 2);

    // The live connection: no session state, each inspection its own read-only transaction.
    auto conn = LiveConnection::open(txPoolerConninfo(), {}, true);
    QVERIFY(conn->throughTransactionPooler());
    QVERIFY(conn->transactionsAreReadOnly());
    LiveInspector inspector(*conn, *mappingPreset("seed"), schema + ".request_idempotency");
    for (int i = 0; i < 3; ++i) // several transactions, each may land on another server connection
        QVERIFY(inspector.snapshot().counts.total >= 0);
    try {
        conn->readOnly(
            [&] { conn->exec("INSERT INTO \"" + schema + "\".request_seen VALUES ('a', 'b', 'c')", {}, "write"); });
        QFAIL("a write went through an inspection transaction");
    } catch (const LiveError& e) {
        QVERIFY2(QString::fromUtf8(e.what()).contains(QLatin1String("25006")), e.what());
    }
    QCOMPARE(m_admin->value("SELECT count(*) FROM \"" + schema + "\".request_seen"), std::string("0"));
    const Cli inspect = cli({ QStringLiteral("inspect"), QStringLiteral("--conninfo"), conninfo,
        QStringLiteral("--table"), QString::fromStdString(schema + ".request_idempotency"), QStringLiteral("--pooler"),
        QStringLiteral("transaction"), QStringLiteral("--json") });
    QVERIFY2(inspect.code == 0, qPrintable(inspect.err));
}

void TestPgPaths::sessionPooler()
{
    if (qEnvironmentVariableIsEmpty("IW_PGBOUNCER_SESSION_PORT"))
        QSKIP("needs pgbouncer in session pooling from scripts/with-postgres.sh (IW_PGBOUNCER_SESSION_PORT unset)");
    const std::string conninfo
        = "host=127.0.0.1 port=" + env("IW_PGBOUNCER_SESSION_PORT") + " dbname=postgres user=postgres";
    // Nothing is set on the session (no `options`, which pgbouncer refuses, and no SET): each read is its own
    // read-only transaction, which the server confirmed at open.
    auto conn = LiveConnection::open(conninfo);
    QVERIFY(conn->transactionsAreReadOnly());
    const std::string schema = m_prefix + "_sesspool";
    m_schemas.push_back(schema);
    auto store = PostgresStore::connect(conninfo, schema);
    store->installSchema();
    const Scenario scenario = loadScenarioFile(presetPath().toStdString());
    auto memory = makeMemoryStore();
    QCOMPARE(QString::fromStdString(reportOf(scenario, *store)), QString::fromStdString(reportOf(scenario, *memory)));
}

// --- The hot standby

void TestPgPaths::replicaIsReadAndFollowed()
{
    if (qEnvironmentVariableIsEmpty("IW_PG_REPLICA_PORT"))
        QSKIP("needs the hot-standby replica of scripts/with-postgres.sh (IW_PG_REPLICA_PORT unset)");
    const std::string schema = m_prefix + "_replica";
    m_schemas.push_back(schema);
    const std::string table = "\"" + schema + "\".request_idempotency";
    QVERIFY(m_admin->run("CREATE SCHEMA \"" + schema + "\""));
    QVERIFY(m_admin->run("CREATE TABLE " + table + " " + kSeedColumns));
    QVERIFY(m_admin->run(seedRows(table, 1, 30)));

    const std::string replica = "port=" + env("IW_PG_REPLICA_PORT") + " dbname=postgres user=postgres";
    Sql onReplica(replica);
    QVERIFY2(onReplica.ok(), onReplica.error().c_str());
    QVERIFY2(eventually([&] { return onReplica.value("SELECT count(*) FROM " + table) == "30"; }),
        "the replica did not replay the primary's rows");

    auto conn = LiveConnection::open(replica);
    QVERIFY(conn->serverIsStandby());
    LiveInspector inspector(*conn, *mappingPreset("seed"), schema + ".request_idempotency");
    LiveSnapshot s = inspector.snapshot();
    QVERIFY(s.standby);
    QVERIFY(s.replayLagMs.has_value());
    QCOMPARE(s.counts.total, 30LL);

    // Follow mode: the primary writes, the replica's snapshots catch up.
    QVERIFY(m_admin->run(seedRows(table, 31, 20)));
    QVERIFY2(eventually([&] { return inspector.snapshot().counts.total == 50; }),
        "following the replica never showed the primary's new rows");

    // The lag is the age of the last replayed transaction: a fresh write on the primary makes it small again.
    const LiveSnapshot later = inspector.snapshot();
    QVERIFY(later.replayLagMs && *later.replayLagMs >= 0);

    const Cli text = cli({ QStringLiteral("inspect"), QStringLiteral("--conninfo"), QString::fromStdString(replica),
        QStringLiteral("--table"), QString::fromStdString(schema + ".request_idempotency") });
    QVERIFY2(text.code == 0, qPrintable(text.err));
    QVERIFY2(text.out.contains(QLatin1String("read from a hot-standby replica; its last replayed transaction is ")),
        qPrintable(text.out));
    const Cli json = cli({ QStringLiteral("inspect"), QStringLiteral("--conninfo"), QString::fromStdString(replica),
        QStringLiteral("--table"), QString::fromStdString(schema + ".request_idempotency"), QStringLiteral("--json") });
    QVERIFY2(json.code == 0, qPrintable(json.err));
    QVERIFY2(json.out.contains(QLatin1String("\"replica\": {\"replay_lag_ms\": ")), qPrintable(json.out));
    // A primary's report has no replica member.
    const Cli primary = cli({ QStringLiteral("inspect"), QStringLiteral("--table"),
        QString::fromStdString(schema + ".request_idempotency"), QStringLiteral("--json") });
    QVERIFY2(primary.code == 0 && !primary.out.contains(QLatin1String("\"replica\"")), qPrintable(primary.err));
}

void TestPgPaths::storeRefusesAStandby()
{
    if (qEnvironmentVariableIsEmpty("IW_PG_REPLICA_PORT"))
        QSKIP("needs the hot-standby replica of scripts/with-postgres.sh (IW_PG_REPLICA_PORT unset)");
    const std::string replica = "port=" + env("IW_PG_REPLICA_PORT") + " dbname=postgres user=postgres";
    const std::string schema = m_prefix + "_standby";
    const std::string sentence = "the server is a read-only hot standby; the store needs a primary";
    try {
        PostgresStore::connect(replica, schema);
        QFAIL("the store accepted a hot standby");
    } catch (const StoreError& e) {
        QCOMPARE(e.kind(), StoreError::Kind::Fatal);
        QCOMPARE(std::string(e.what()), sentence);
    }
    for (const QString& command : { QStringLiteral("run"), QStringLiteral("install-schema") }) {
        QStringList args { command };
        if (command == QLatin1String("run"))
            args << presetPath() << QStringLiteral("--store") << QStringLiteral("postgres");
        args << QStringLiteral("--conninfo") << QString::fromStdString(replica) << QStringLiteral("--schema")
             << QString::fromStdString(schema);
        const Cli c = cli(args);
        QCOMPARE(c.code, 3);
        QCOMPARE(
            c.err, QStringLiteral("idempotency-workbench %1: %2\n").arg(command, QString::fromStdString(sentence)));
    }
    const Cli race = cli({ QStringLiteral("race"), QStringLiteral("--store"), QStringLiteral("postgres"),
        QStringLiteral("--conninfo"), QString::fromStdString(replica), QStringLiteral("--threads"), QStringLiteral("2"),
        QStringLiteral("--trials"), QStringLiteral("1") });
    QCOMPARE(race.code, 3);
    QVERIFY2(race.err.contains(QString::fromStdString(sentence)), qPrintable(race.err));
    // Nothing written: no schema on the primary (the replica replays the primary, so it has none either).
    QCOMPARE(m_admin->value("SELECT count(*) FROM pg_namespace WHERE nspname = '" + schema + "'"), std::string("0"));
}

// --- A table partitioned by hash of actor_id

void TestPgPaths::partitionedTableReadsAsOne()
{
    const std::string schema = m_prefix + "_parts";
    m_schemas.push_back(schema);
    const std::string q = "\"" + schema + "\"";
    QVERIFY(m_admin->run("CREATE SCHEMA " + q));
    QVERIFY(m_admin->run("CREATE TABLE " + q + ".plain " + kSeedColumns));
    QVERIFY(m_admin->run("CREATE TABLE " + q + ".sharded " + kSeedColumns + " PARTITION BY HASH (actor_id)"));
    for (int i = 0; i < 4; ++i)
        QVERIFY(m_admin->run("CREATE TABLE " + q + ".sharded_" + std::to_string(i) + " PARTITION OF " + q
            + ".sharded FOR VALUES WITH (MODULUS 4, REMAINDER " + std::to_string(i) + ")"));
    QVERIFY(m_admin->run(seedRows(q + ".plain", 1, 240)));
    QVERIFY(m_admin->run("INSERT INTO " + q + ".sharded SELECT * FROM " + q + ".plain"));
    for (int i = 0; i < 4; ++i)
        QVERIFY2(m_admin->value("SELECT count(*) FROM " + q + ".sharded_" + std::to_string(i)) != "0",
            "every partition should hold rows");

    auto conn = LiveConnection::open("");
    LiveInspector plain(*conn, *mappingPreset("seed"), schema + ".plain");
    LiveInspector sharded(*conn, *mappingPreset("seed"), schema + ".sharded");
    const LiveSnapshot a = plain.snapshot();
    const LiveSnapshot b = sharded.snapshot();
    QCOMPARE(b.counts.total, 240LL);
    QCOMPARE(b.counts.inProgress, a.counts.inProgress);
    QCOMPARE(b.counts.completed, a.counts.completed);
    QCOMPARE(b.counts.expired, a.counts.expired);
    QVERIFY(b.counts.anomalies == a.counts.anomalies);
    long long anomalies = 0;
    for (const long long n : b.counts.anomalies)
        anomalies += n;
    QVERIFY2(anomalies > 0, "the rows should carry anomalies");
    QCOMPARE(b.anomalies.size(), a.anomalies.size());
    for (std::size_t i = 0; i < a.anomalies.size(); ++i)
        QVERIFY(a.anomalies[i].kind == b.anomalies[i].kind && a.anomalies[i].scope == b.anomalies[i].scope);

    // Keyset paging across the partitions, forwards by key and by time: every row once, in the plain table's order.
    for (const LiveOrder order : { LiveOrder::ByKey, LiveOrder::ByTime }) {
        const auto walk = [&](LiveInspector& inspector) {
            std::vector<std::string> seen;
            LivePageQuery query;
            query.order = order;
            query.limit = 17;
            LivePage page = inspector.page(query);
            for (int guard = 0; guard < 100; ++guard) {
                for (const LiveRecord& r : page.records)
                    seen.push_back(r.scope.actor + "/" + r.scope.key);
                if (!page.moreAfter || page.records.empty())
                    break;
                query.from = LivePageQuery::From::After;
                query.cursor = page.records.back().cursor;
                page = inspector.page(query);
            }
            return seen;
        };
        const std::vector<std::string> fromPlain = walk(plain);
        const std::vector<std::string> fromSharded = walk(sharded);
        QCOMPARE(fromSharded.size(), std::size_t(240));
        QCOMPARE(std::set<std::string>(fromSharded.begin(), fromSharded.end()).size(), fromSharded.size());
        QVERIFY(fromSharded == fromPlain);
    }
}

// --- Faults on these paths

void TestPgPaths::pgbouncerRestartedMidRun()
{
    if (qEnvironmentVariableIsEmpty("IW_PGBOUNCER_TX_INI") || qEnvironmentVariableIsEmpty("IW_PGBOUNCER_BIN"))
        QSKIP("needs pgbouncer from scripts/with-postgres.sh (IW_PGBOUNCER_TX_INI, IW_PGBOUNCER_BIN unset)");
    // A pgbouncer of this test's own (the shared one serves the other tests), configured like the shared one; it
    // stops with the test whatever happens.
    iwtest::PrivateBouncer bouncer("IW_PGBOUNCER_TX_INI");
    QString why;
    QVERIFY2(bouncer.start(why), qPrintable(QStringLiteral("could not start pgbouncer: ") + why));

    const std::string schema = m_prefix + "_bouncefault";
    m_schemas.push_back(schema);
    // 40 orders, one every 100 ms, no sweeps: every row written must still be there at the end.
    std::string requests;
    for (int i = 0; i < 40; ++i)
        requests += std::string(i ? "," : "") + "{\"at_ms\": " + std::to_string(i * 100)
            + ", \"client\": \"shop\", \"operation\": \"order.create\", \"key\": \"k-" + std::to_string(i)
            + "\", \"intent\": \"order-" + std::to_string(i) + "\", \"payload\": {\"order\": " + std::to_string(i)
            + "}}";
    const Scenario scenario = loadScenario(R"({"format": "idempotency-workbench/scenario@1", "name": "bounce",
      "seed": 5, "service": {"profile": "ietf", "strategy": "unique_claim", "ttl_ms": 86400000,
                  "handler_ms": 20, "db_ms": 2, "network_ms": 1},
      "clients": [{"id": "shop", "actor": "42", "timeout_ms": 2000, "retry": {"max_attempts": 1}}],
      "requests": [)"
            + requests + "]}",
        "bounce.json");
    auto store = PostgresStore::connect(bouncer.conninfo(), schema, PostgresStore::Pooling::Transaction);
    store->installSchema();
    Simulation sim(scenario, *store);
    while (!sim.finished() && sim.nextEventTime().value_or(1500) < 1500)
        sim.step();
    const std::string rowsBefore = m_admin->value("SELECT count(*) FROM \"" + schema + "\".request_idempotency");
    QVERIFY(std::stoi(rowsBefore) >= 10);

    QVERIFY2(bouncer.stop(), "could not stop pgbouncer");
    while (!sim.finished() && sim.nextEventTime().value_or(2000) < 2000)
        sim.step(); // decided store_unavailable: nothing escapes
    QVERIFY(!store->lastError().empty());
    QVERIFY2(oneSentence(store->lastError()), store->lastError().c_str());
    QVERIFY2(bouncer.start(why), qPrintable(QStringLiteral("could not start pgbouncer again: ") + why));
    while (sim.step()) { }
    QVERIFY(sim.finished());

    int unavailable = 0;
    int created = 0;
    for (std::size_t i = 0; i < sim.requests().size(); ++i) {
        const RequestRow& r = sim.requests()[i];
        QVERIFY(r.decision.has_value());
        unavailable += *r.decision == Decision::StoreUnavailable;
        created += *r.decision == Decision::Created;
        if (r.decided >= 2000)
            QVERIFY2(*r.decision == Decision::Created, "after pgbouncer came back every order should be created");
    }
    QVERIFY2(unavailable >= 1, "some requests should have met the outage");
    // Nothing lost: every created order has its row, and the rows from before the restart are among them.
    QCOMPARE(m_admin->value("SELECT count(*) FROM \"" + schema + "\".request_idempotency"), std::to_string(created));
    QVERIFY(created > std::stoi(rowsBefore));
    qInfo("pgbouncer restarted: %s rows before, %d orders unavailable during the outage, %d rows at the end; the "
          "store said: %s",
        rowsBefore.c_str(), unavailable, created, store->lastError().c_str());
}

void TestPgPaths::replicaPromotedWhileInspected()
{
    if (qEnvironmentVariableIsEmpty("IW_PG_BINDIR") || qEnvironmentVariableIsEmpty("IW_PG_DIR"))
        QSKIP("needs the cluster of scripts/with-postgres.sh (IW_PG_BINDIR, IW_PG_DIR unset)");
    // A replica of this test's own: promoting the shared one would take it from the other tests.
    const QString bindir = qEnvironmentVariable("IW_PG_BINDIR");
    const QString data = qEnvironmentVariable("IW_PG_DIR") + QStringLiteral("/promote-%1").arg(getpid());
    const int port = iwtest::freeLoopbackPort();
    QVERIFY(port > 0);
    QString output;
    const bool asRoot = getuid() == 0;
    auto cleanup = qScopeGuard([&] {
        QString ignored;
        runAsPostgres(bindir + QStringLiteral("/pg_ctl"),
            { QStringLiteral("-D"), data, QStringLiteral("-m"), QStringLiteral("immediate"), QStringLiteral("-w"),
                QStringLiteral("stop") },
            ignored);
        runAsPostgres(QStringLiteral("rm"), { QStringLiteral("-rf"), data }, ignored);
    });
    (void)asRoot;
    QVERIFY2(runAsPostgres(bindir + QStringLiteral("/pg_basebackup"),
                 { QStringLiteral("-h"), qEnvironmentVariable("PGHOST"), QStringLiteral("-p"),
                     qEnvironmentVariable("PGPORT"), QStringLiteral("-U"), QStringLiteral("postgres"),
                     QStringLiteral("-D"), data, QStringLiteral("-R"), QStringLiteral("-X"), QStringLiteral("stream"),
                     QStringLiteral("--no-sync"), QStringLiteral("-c"), QStringLiteral("fast") },
                 output),
        qPrintable(output));
    QVERIFY2(runAsPostgres(bindir + QStringLiteral("/pg_ctl"),
                 { QStringLiteral("-D"), data, QStringLiteral("-l"), data + QStringLiteral(".log"),
                     QStringLiteral("-w"), QStringLiteral("-o"),
                     QStringLiteral(
                         "-p %1 -k %2 -c listen_addresses=127.0.0.1 -c fsync=off -c ssl=off -c max_connections=200")
                         .arg(port)
                         .arg(qEnvironmentVariable("IW_PG_DIR")),
                     QStringLiteral("start") },
                 output),
        qPrintable(output));

    const std::string schema = m_prefix + "_promote";
    m_schemas.push_back(schema);
    const std::string table = "\"" + schema + "\".request_idempotency";
    QVERIFY(m_admin->run("CREATE SCHEMA \"" + schema + "\""));
    QVERIFY(m_admin->run("CREATE TABLE " + table + " " + kSeedColumns));
    QVERIFY(m_admin->run(seedRows(table, 1, 25)));
    const std::string replica = "port=" + std::to_string(port) + " dbname=postgres user=postgres";
    Sql onReplica(replica);
    QVERIFY2(onReplica.ok(), onReplica.error().c_str());
    QVERIFY2(eventually([&] { return onReplica.value("SELECT count(*) FROM " + table) == "25"; }),
        "the replica did not replay the primary's rows");

    auto conn = LiveConnection::open(replica);
    LiveInspector inspector(*conn, *mappingPreset("seed"), schema + ".request_idempotency");
    QVERIFY(inspector.snapshot().standby);

    QVERIFY2(runAsPostgres(bindir + QStringLiteral("/pg_ctl"),
                 { QStringLiteral("-D"), data, QStringLiteral("-w"), QStringLiteral("promote") }, output),
        qPrintable(output));
    // The same session keeps reading; the promoted server is a primary now, with every row it had.
    const LiveSnapshot promoted = inspector.snapshot();
    QVERIFY(!promoted.standby);
    QVERIFY(!promoted.replayLagMs);
    QCOMPARE(promoted.counts.total, 25LL);

    // A failover usually restarts the server too: the session breaks, says so in one sentence and reconnects.
    QVERIFY2(runAsPostgres(bindir + QStringLiteral("/pg_ctl"),
                 { QStringLiteral("-D"), data, QStringLiteral("-m"), QStringLiteral("fast"), QStringLiteral("-w"),
                     QStringLiteral("restart") },
                 output),
        qPrintable(output));
    try {
        inspector.snapshot();
        QFAIL("a snapshot on a session whose server restarted should fail");
    } catch (const LiveError& e) {
        QCOMPARE(e.kind(), LiveError::Kind::ConnectionLost);
        QVERIFY2(oneSentence(e.what()), e.what());
    }
    std::string why;
    QVERIFY2(conn->reconnect(&why), why.c_str());
    QVERIFY(!conn->serverIsStandby());
    QCOMPARE(inspector.snapshot().counts.total, 25LL);
}

void TestPgPaths::tlsSessionTornDown()
{
    if (qEnvironmentVariableIsEmpty("IW_PG_TLS_PORT") || qEnvironmentVariableIsEmpty("IW_PG_CA"))
        QSKIP("needs TLS from scripts/with-postgres.sh (IW_PG_TLS_PORT, IW_PG_CA unset)");
    const std::string schema = m_prefix + "_tlsfault";
    m_schemas.push_back(schema);

    // The inspector's TLS session, terminated by the server: one sentence, a reconnect, TLS again.
    {
        auto conn = LiveConnection::open(tlsConninfo());
        const int backend = conn->backendPid();
        QCOMPARE(m_admin->value("SELECT pg_terminate_backend(" + std::to_string(backend) + ")"), std::string("t"));
        QVERIFY(eventually([&] {
            return m_admin->value("SELECT count(*) FROM pg_stat_activity WHERE pid = " + std::to_string(backend))
                == "0";
        }));
        try {
            conn->readOnly([&] { conn->exec("SELECT 1", {}, "read"); });
            QFAIL("a terminated session still answered");
        } catch (const LiveError& e) {
            QCOMPARE(e.kind(), LiveError::Kind::ConnectionLost);
            QVERIFY2(oneSentence(e.what()), e.what());
        }
        std::string why;
        QVERIFY2(conn->reconnect(&why), why.c_str());
        QVERIFY(conn->backendPid() != backend);
        QCOMPARE(m_admin->value("SELECT ssl::text FROM pg_stat_ssl WHERE pid = " + std::to_string(conn->backendPid())),
            std::string("true"));
    }

    // The store's TLS session, terminated mid-run between two requests: the run gives the memory store's report.
    const std::string app = "iw_tls_fault_" + std::to_string(getpid());
    auto store = PostgresStore::connect(tlsConninfo() + " application_name=" + app, schema);
    store->installSchema();
    const Scenario scenario = loadScenarioFile(presetPath().toStdString());
    Simulation sim(scenario, *store);
    std::size_t steps = 0;
    bool terminated = false;
    while (sim.step()) {
        if (++steps == 4) {
            terminated = m_admin->value("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE "
                                        "application_name = '"
                             + app + "'")
                == "1";
            eventually([&] {
                return m_admin->value("SELECT count(*) FROM pg_stat_activity WHERE application_name = '" + app + "'")
                    == "0";
            });
        }
    }
    QVERIFY2(terminated, "the store's TLS session should have been terminated mid-run");
    QVERIFY2(oneSentence(store->lastError()), store->lastError().c_str());
    std::ostringstream out;
    writeReport(sim, out, ReportFormat::Json);
    std::string pg = out.str();
    pg.replace(pg.find("\"store\": \"postgres\""), 19, "\"store\": \"memory\"");
    auto memory = makeMemoryStore();
    QCOMPARE(QString::fromStdString(pg), QString::fromStdString(reportOf(scenario, *memory)));
    QCOMPARE(m_admin->value("SELECT s.ssl::text FROM pg_stat_ssl s JOIN pg_stat_activity a USING (pid) WHERE "
                            "a.application_name = '"
                 + app + "'"),
        std::string("true"));
}

QTEST_GUILESS_MAIN(TestPgPaths)
#include "tst_pgpaths.moc"
