// The command line's PostgreSQL set-up through the real binary (IW_CLI): install-schema creates the store's schema
// and says what it created, a second run finds everything and changes nothing, a table of another shape is
// refused naming table and column; and every command that takes a conninfo maps failures onto the same exit codes
// (docs/reference/cli.md): a conninfo that does not parse is bad input (2), a server that cannot be reached is a
// database error (3).
#include "childprocess.h"
#include "pgadmin.h"

#include <QTest>

#include <unistd.h>

namespace {

struct Run {
    int code = -1;
    QString out;
    QString err;
};

Run cli(const QStringList& args)
{
    const iwtest::ChildResult p = iwtest::runCli(args, { .timeoutMs = 60'000 });
    Run r;
    if (!p.finished) {
        r.err = QStringLiteral("timed out");
        return r;
    }
    r.code = p.crashed ? -1 : p.exitCode;
    r.out = QString::fromUtf8(p.out);
    r.err = QString::fromUtf8(p.err);
    return r;
}

QString describe(const Run& r)
{
    return QStringLiteral("exit %1\nstdout: %2\nstderr: %3").arg(r.code).arg(r.out, r.err);
}

bool havePostgres()
{
    return !qEnvironmentVariableIsEmpty("PGHOST") || !qEnvironmentVariableIsEmpty("PGPORT");
}

const QString s_scenario = QStringLiteral(IW_SOURCE_DIR "/resources/scenarios/double-submit.json");

} // namespace

class TestCommandLine : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void testHelpNamesInstallSchema();
    void testEveryUsageLineSaysUsage_data();
    void testEveryUsageLineSaysUsage();
    void testInstallSchemaCreatesThenFinds();
    void testInstallSchemaRefusesAnotherShape();
    void testRunUsesTheNamedSchema();
    void testConninfoExitCodes_data();
    void testConninfoExitCodes();

private:
    std::string m_schema = "iw_cli_" + std::to_string(getpid());
    std::string m_otherShape = "iw_cli_shape_" + std::to_string(getpid());
};

void TestCommandLine::initTestCase()
{
    QVERIFY2(QFile::exists(QStringLiteral(IW_CLI)), "build the idempotency-workbench target first");
}

void TestCommandLine::cleanupTestCase()
{
    if (!havePostgres())
        return;
    PgAdmin admin;
    for (const std::string& schema : { m_schema, m_otherShape })
        admin.exec("DROP SCHEMA IF EXISTS " + admin.ident(schema) + " CASCADE");
}

void TestCommandLine::testHelpNamesInstallSchema()
{
    const Run r = cli({ QStringLiteral("--help") });
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.contains(QStringLiteral("install-schema [--conninfo STR] [--schema NAME]")), qPrintable(r.out));
    QVERIFY2(r.out.contains(
                 QStringLiteral("run SCENARIO.json [--store memory|postgres|redis|mysql] [--conninfo STR] [--schema")),
        qPrintable(r.out));
    const Run bad = cli({ QStringLiteral("install-schema"), QStringLiteral("--bogus") });
    QCOMPARE(bad.code, 2);
    QVERIFY2(bad.err.contains(QStringLiteral("unknown option --bogus")), qPrintable(describe(bad)));
}

// Every command words its usage line alike: "Usage: idempotency-workbench COMMAND …", never a lowercase "usage:".
void TestCommandLine::testEveryUsageLineSaysUsage_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::newRow("no command") << QStringList { QStringLiteral("--help") };
    for (const char* command : { "run", "race", "install-schema", "inspect", "serve", "probe", "compare", "explore",
             "fingerprint", "reconstruct", "sequence" })
        QTest::newRow(command) << QStringList { QString::fromLatin1(command), QStringLiteral("--no-such-option") };
}

void TestCommandLine::testEveryUsageLineSaysUsage()
{
    QFETCH(QStringList, args);
    const Run r = cli(args);
    const QString text = r.out + r.err;
    QVERIFY2(text.contains(QStringLiteral("Usage:")), qPrintable(describe(r)));
    QVERIFY2(!text.contains(QStringLiteral("usage:")), qPrintable(describe(r)));
}

void TestCommandLine::testInstallSchemaCreatesThenFinds()
{
    if (!havePostgres())
        QSKIP("no PostgreSQL configured (PGHOST/PGPORT unset): run under scripts/with-postgres.sh");
    PgAdmin admin;
    QVERIFY2(admin.ok(), admin.error().c_str());
    admin.exec("DROP SCHEMA IF EXISTS " + admin.ident(m_schema) + " CASCADE");
    const QString schema = QString::fromStdString(m_schema);
    const QString tables = QStringLiteral("request_idempotency, request_idempotency_tombstone, request_seen, "
                                          "demo_request");

    const Run first = cli({ QStringLiteral("install-schema"), QStringLiteral("--schema"), schema });
    QVERIFY2(first.code == 0, qPrintable(describe(first)));
    QCOMPARE(first.out.count(QLatin1Char('\n')), 1);
    QVERIFY2(first.out.contains(QStringLiteral("created schema %1 with tables %2").arg(schema, tables)),
        qPrintable(describe(first)));
    QCOMPARE(QString::fromStdString(
                 admin.value("SELECT count(*) FROM information_schema.tables WHERE table_schema = '" + m_schema + "'")),
        QStringLiteral("4"));

    // Idempotent: a second run finds everything and changes nothing.
    admin.exec("INSERT INTO " + admin.ident(m_schema)
        + ".demo_request (id, actor_id, operation, idem_key, at_ms) VALUES ('keep', '1', 'op', 'k', 0)");
    const Run second = cli({ QStringLiteral("install-schema"), QStringLiteral("--schema=") + schema });
    QVERIFY2(second.code == 0, qPrintable(describe(second)));
    QVERIFY2(second.out.contains(
                 QStringLiteral("schema %1 was already complete (%2); nothing was changed").arg(schema, tables)),
        qPrintable(describe(second)));
    QCOMPARE(QString::fromStdString(admin.value("SELECT count(*) FROM " + admin.ident(m_schema) + ".demo_request")),
        QStringLiteral("1"));
}

void TestCommandLine::testInstallSchemaRefusesAnotherShape()
{
    if (!havePostgres())
        QSKIP("no PostgreSQL configured (PGHOST/PGPORT unset): run under scripts/with-postgres.sh");
    PgAdmin admin;
    QVERIFY2(admin.ok(), admin.error().c_str());
    const std::string s = admin.ident(m_otherShape);
    admin.exec("DROP SCHEMA IF EXISTS " + s + " CASCADE");
    admin.exec("CREATE SCHEMA " + s);
    // Marked as the workbench's own (as an older install would be once marked): the shape is what is refused.
    admin.exec("COMMENT ON SCHEMA " + s + " IS 'idempotency-workbench store schema, format 1'");
    admin.exec("CREATE TABLE " + s + ".request_idempotency (actor_id text, idem_key text)");
    const Run r
        = cli({ QStringLiteral("install-schema"), QStringLiteral("--schema"), QString::fromStdString(m_otherShape) });
    QVERIFY2(r.code == 3, qPrintable(describe(r)));
    QVERIFY2(r.err.contains(QStringLiteral("request_idempotency")) && r.err.contains(QStringLiteral("operation")),
        qPrintable(describe(r)));
    // Nothing was created beside it, nothing altered.
    QCOMPARE(QString::fromStdString(admin.value(
                 "SELECT count(*) FROM information_schema.tables WHERE table_schema = '" + m_otherShape + "'")),
        QStringLiteral("1"));
}

void TestCommandLine::testRunUsesTheNamedSchema()
{
    if (!havePostgres())
        QSKIP("no PostgreSQL configured (PGHOST/PGPORT unset): run under scripts/with-postgres.sh");
    PgAdmin admin;
    const Run r = cli({ QStringLiteral("run"), s_scenario, QStringLiteral("--store"), QStringLiteral("postgres"),
        QStringLiteral("--schema"), QString::fromStdString(m_schema), QStringLiteral("--check"),
        QStringLiteral("--report"), QStringLiteral("/dev/null") });
    QVERIFY2(r.code == 0, qPrintable(describe(r)));
    const std::string effects
        = admin.value("SELECT count(*) FROM " + admin.ident(m_schema) + ".demo_request WHERE id <> 'keep'");
    QVERIFY2(!effects.empty() && effects != "0", "the run wrote no effect into the named schema");
}

void TestCommandLine::testConninfoExitCodes_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("message");
    const QString unparseable = QStringLiteral("host='never closed");
    const QString refused = QStringLiteral("host=127.0.0.1 port=1 connect_timeout=5");
    const auto rows = [&](const char* name, const QString& conninfo, int code, const QString& message) {
        const QStringList pg { QStringLiteral("--conninfo"), conninfo };
        QTest::addRow("run_%s", name) << (QStringList { QStringLiteral("run"), s_scenario, QStringLiteral("--store"),
                                              QStringLiteral("postgres") }
            + pg) << code << message;
        QTest::addRow("race_%s", name) << (QStringList { QStringLiteral("race"), QStringLiteral("--store"),
                                               QStringLiteral("postgres"), QStringLiteral("--threads"),
                                               QStringLiteral("2"), QStringLiteral("--trials"), QStringLiteral("1") }
            + pg) << code << message;
        QTest::addRow("inspect_%s", name) << (QStringList { QStringLiteral("inspect") } + pg) << code << message;
        QTest::addRow("install_schema_%s", name)
            << (QStringList { QStringLiteral("install-schema") } + pg) << code << message;
    };
    rows("unparseable_conninfo", unparseable, 2, QStringLiteral("does not parse"));
    rows("unreachable_server", refused, 3, QStringLiteral("127.0.0.1"));
}

void TestCommandLine::testConninfoExitCodes()
{
    QFETCH(QStringList, args);
    QFETCH(int, code);
    QFETCH(QString, message);
    const Run r = cli(args);
    QVERIFY2(r.code == code, qPrintable(describe(r)));
    QVERIFY2(r.err.contains(message), qPrintable(describe(r)));
    QCOMPARE(r.err.trimmed().count(QLatin1Char('\n')) <= 2, true); // a sentence (and a usage line), not a dump
}

QTEST_GUILESS_MAIN(TestCommandLine)
#include "tst_commandline.moc"
