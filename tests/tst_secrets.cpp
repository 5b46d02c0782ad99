// No secret reaches the user's screen, a log or a report (RELIABILITY.md). The real binary (IW_CLI) is given a
// PostgreSQL connection string carrying the password "s3cr3t-XYZ" in every form libpq accepts — keyword, quoted
// keyword, URI user info, URI query, PGPASSWORD — against servers that cannot be reached or strings that do not
// parse, and once against the test server itself (which does not ask for the password): the secret, or any
// recognisable part of it, must appear on neither stdout, stderr nor in the report.
//
// (Connection settings in QSettings are the live view's; its tests cover them.)
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QTest>

namespace {

const QString kSecret = QStringLiteral("s3cr3t-XYZ");

// Any recognisable piece of the secret counts as a leak.
bool leaks(const QString& text)
{
    return text.contains(QLatin1String("s3cr3t"), Qt::CaseInsensitive)
        || text.contains(QLatin1String("cr3t-XYZ"), Qt::CaseInsensitive)
        || text.contains(QLatin1String("s3cr3t%2DXYZ"), Qt::CaseInsensitive);
}

const char* const kScenario = R"({"format": "idempotency-workbench/scenario@1", "name": "secret", "seed": 1,
  "service": {"profile": "ietf", "strategy": "unique_claim"},
  "clients": [{"id": "c", "actor": "42", "timeout_ms": 1000, "retry": {"max_attempts": 1}}],
  "requests": [{"at_ms": 0, "client": "c", "operation": "op", "key": "k-1", "payload": {"a": 1}, "copies": 2}]})";

struct Run {
    int exitCode = -1;
    bool crashed = false;
    QString out;
    QString err;
};

} // namespace

class TestSecrets : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void failuresNeverShowThePassword_data();
    void failuresNeverShowThePassword();
    void successfulRunNeverShowsThePassword();

private:
    Run run(const QStringList& args, const QProcessEnvironment& env);
    QTemporaryDir m_dir;
    QString m_scenario;
};

Run TestSecrets::run(const QStringList& args, const QProcessEnvironment& env)
{
    QProcess p;
    p.setProcessEnvironment(env);
    p.setWorkingDirectory(m_dir.path());
    p.start(QStringLiteral(IW_CLI), args);
    Run r;
    if (!p.waitForFinished(60'000)) {
        p.kill();
        p.waitForFinished();
        r.crashed = true;
    }
    r.crashed = r.crashed || p.exitStatus() != QProcess::NormalExit;
    r.exitCode = p.exitCode();
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

void TestSecrets::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_scenario = m_dir.filePath(QStringLiteral("secret.json"));
    QFile f(m_scenario);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(kScenario);
}

void TestSecrets::failuresNeverShowThePassword_data()
{
    QTest::addColumn<QString>("command"); // run, race or inspect
    QTest::addColumn<QString>("conninfo");
    QTest::addColumn<bool>("viaEnvironment"); // the password in PGPASSWORD instead
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("stderrStart");

    const QString cannotConnect = QStringLiteral("idempotency-workbench run: could not connect to PostgreSQL at ");
    const QString cannotBeUsed
        = QStringLiteral("idempotency-workbench run: the PostgreSQL connection string cannot be used: ");
    const QString doesNotParse
        = QStringLiteral("idempotency-workbench run: the PostgreSQL connection string does not parse: ");
    QTest::newRow("keyword, refused port")
        << QStringLiteral("run")
        << QStringLiteral("host=127.0.0.1 port=1 user=bob password=s3cr3t-XYZ connect_timeout=3") << false << 3
        << cannotConnect;
    QTest::newRow("keyword, unknown host")
        << QStringLiteral("run")
        << QStringLiteral("host=nonexistent.invalid user=bob password=s3cr3t-XYZ connect_timeout=3") << false << 3
        << cannotConnect;
    QTest::newRow("quoted keyword, refused port")
        << QStringLiteral("run") << QStringLiteral("host=127.0.0.1 port=1 password = 's3cr3t-XYZ' connect_timeout=3")
        << false << 3 << cannotConnect;
    QTest::newRow("keyword, bad port value")
        << QStringLiteral("run") << QStringLiteral("password=s3cr3t-XYZ host=127.0.0.1 port=notanumber") << false << 2
        << cannotBeUsed; // values libpq refuses before connecting are bad input (issue 23)
    QTest::newRow("keyword, unknown sslmode")
        << QStringLiteral("run") << QStringLiteral("host=127.0.0.1 port=1 password=s3cr3t-XYZ sslmode=bogus") << false
        << 2 << cannotBeUsed;
    QTest::newRow("keyword, garbage after it")
        << QStringLiteral("run") << QStringLiteral("password=s3cr3t-XYZ garbage") << false << 2 << doesNotParse;
    QTest::newRow("keyword, unterminated quote")
        << QStringLiteral("run") << QStringLiteral("host=127.0.0.1 password='s3cr3t-XYZ") << false << 2 << doesNotParse;
    QTest::newRow("URI user info, refused port")
        << QStringLiteral("run") << QStringLiteral("postgresql://bob:s3cr3t-XYZ@127.0.0.1:1/db?connect_timeout=3")
        << false << 3 << cannotConnect;
    QTest::newRow("URI user info, URI that does not parse")
        << QStringLiteral("run") << QStringLiteral("postgresql://bob:s3cr3t-XYZ@[bad") << false << 2 << doesNotParse;
    QTest::newRow("URI percent-encoded user info, URI that does not parse")
        << QStringLiteral("run") << QStringLiteral("postgres://bob:s3cr3t%2DXYZ@[bad") << false << 2 << doesNotParse;
    QTest::newRow("URI query, URI that does not parse")
        << QStringLiteral("run") << QStringLiteral("postgresql://[bad?password=s3cr3t-XYZ") << false << 2
        << doesNotParse;
    QTest::newRow("URI query, bad parameter")
        << QStringLiteral("run")
        << QStringLiteral("postgresql://bob@127.0.0.1:1/db?password=s3cr3t-XYZ&connect_timeout=x") << false << 2
        << cannotBeUsed;
    QTest::newRow("PGPASSWORD, refused port")
        << QStringLiteral("run") << QStringLiteral("host=127.0.0.1 port=1 connect_timeout=3") << true << 3
        << cannotConnect;
    QTest::newRow("race, keyword, refused port")
        << QStringLiteral("race") << QStringLiteral("host=127.0.0.1 port=1 password=s3cr3t-XYZ connect_timeout=3")
        << false << 3 << QStringLiteral("idempotency-workbench race: could not connect to PostgreSQL at ");
    QTest::newRow("race, URI user info that does not parse")
        << QStringLiteral("race") << QStringLiteral("postgresql://bob:s3cr3t-XYZ@[bad") << false << 2
        << QStringLiteral("idempotency-workbench race: the PostgreSQL connection string does not parse: ");
    QTest::newRow("inspect, keyword, refused port")
        << QStringLiteral("inspect") << QStringLiteral("host=127.0.0.1 port=1 password=s3cr3t-XYZ connect_timeout=3")
        << false << 3 << QStringLiteral("idempotency-workbench inspect: could not connect to PostgreSQL at ");
    // A connection string that does not parse is bad input (2) for every command, inspect included.
    QTest::newRow("inspect, URI user info that does not parse")
        << QStringLiteral("inspect") << QStringLiteral("postgresql://bob:s3cr3t-XYZ@[bad") << false << 2
        << QStringLiteral("idempotency-workbench inspect: ");
    QTest::newRow("inspect, URI query, unknown host")
        << QStringLiteral("inspect")
        << QStringLiteral("postgresql://bob@nonexistent.invalid/db?password=s3cr3t-XYZ&connect_timeout=3") << false << 3
        << QStringLiteral("idempotency-workbench inspect: ");
    // An unencoded '?', '/' or '@' ends the URI's user info early, so libpq never sees a password there and echoes
    // the rest as host or port: documented in RELIABILITY.md as a limit (percent-encode such passwords).
    QTest::newRow("URI user info with an unencoded '?' (known limit)")
        << QStringLiteral("run") << QStringLiteral("postgresql://bob:s3cr3t?XYZ@[bad") << false << 2 << doesNotParse;
}

void TestSecrets::failuresNeverShowThePassword()
{
    QFETCH(QString, command);
    QFETCH(QString, conninfo);
    QFETCH(bool, viaEnvironment);
    QFETCH(int, exitCode);
    QFETCH(QString, stderrStart);

    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    // Only what the row gives: the test cluster's PG* variables would otherwise fill in a reachable server.
    for (const QString& name : { QStringLiteral("PGHOST"), QStringLiteral("PGPORT"), QStringLiteral("PGUSER"),
             QStringLiteral("PGDATABASE"), QStringLiteral("PGPASSWORD"), QStringLiteral("PGSERVICE") })
        env.remove(name);
    if (viaEnvironment)
        env.insert(QStringLiteral("PGPASSWORD"), kSecret);

    QStringList args { command, QStringLiteral("--store"), QStringLiteral("postgres"), QStringLiteral("--conninfo"),
        conninfo };
    if (command == QLatin1String("inspect")) {
        const Run help = run({ command, QStringLiteral("--help") }, env);
        if (help.err.contains(QLatin1String("unknown command")))
            QSKIP("this build has no inspect command yet");
        args = QStringList { command, QStringLiteral("--conninfo"), conninfo };
    } else if (command == QLatin1String("run"))
        args << m_scenario << QStringLiteral("--report") << m_dir.filePath(QStringLiteral("report.json"));
    else
        args << QStringLiteral("--threads") << QStringLiteral("2") << QStringLiteral("--trials") << QStringLiteral("1");
    const Run r = run(args, env);
    QVERIFY2(!r.crashed, qPrintable(r.err));
    QCOMPARE(r.exitCode, exitCode);
    if (QByteArray(QTest::currentDataTag()).contains("known limit"))
        QEXPECT_FAIL("", "libpq sees no password in a URI whose user info an unencoded '?' cut short", Continue);
    QVERIFY2(!leaks(r.err), qPrintable(QStringLiteral("the password reached stderr: ") + r.err));
    QVERIFY2(!leaks(r.out), qPrintable(QStringLiteral("the password reached stdout: ") + r.out));
    QVERIFY2(r.err.startsWith(stderrStart), qPrintable(r.err));
    QVERIFY2(r.err.count(QLatin1Char('\n')) == 1, qPrintable(QStringLiteral("not one sentence: ") + r.err));
    QVERIFY(r.out.isEmpty());
    QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("report.json"))));
}

void TestSecrets::successfulRunNeverShowsThePassword()
{
    if (qEnvironmentVariableIsEmpty("PGHOST") && qEnvironmentVariableIsEmpty("PGPORT"))
        QSKIP("no PostgreSQL configured (PGHOST/PGPORT unset): run under scripts/with-postgres.sh");
    // The test cluster trusts local connections, so the password is accepted and never asked for: the run
    // succeeds and its report and summary line are what must stay clean.
    const QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    const QString report = m_dir.filePath(QStringLiteral("report-ok.json"));
    for (const QString& format : { QStringLiteral("json"), QStringLiteral("csv"), QStringLiteral("md") }) {
        const Run toFile
            = run({ QStringLiteral("run"), m_scenario, QStringLiteral("--store"), QStringLiteral("postgres"),
                      QStringLiteral("--conninfo"), QStringLiteral("password=s3cr3t-XYZ"), QStringLiteral("--format"),
                      format, QStringLiteral("--report"), report },
                env);
        QVERIFY2(!toFile.crashed && toFile.exitCode == 0, qPrintable(toFile.err));
        QVERIFY2(!leaks(toFile.err), qPrintable(toFile.err));
        QVERIFY(toFile.out.isEmpty());
        QFile f(report);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString written = QString::fromUtf8(f.readAll());
        QVERIFY(written.contains(QLatin1String("k-1")));
        QVERIFY2(!leaks(written), "the password reached the report");
        f.close();
        QVERIFY(QFile::remove(report));
    }
    const Run toStdout = run({ QStringLiteral("run"), m_scenario, QStringLiteral("--store"), QStringLiteral("postgres"),
                                 QStringLiteral("--conninfo"), QStringLiteral("password=s3cr3t-XYZ") },
        env);
    QVERIFY2(!toStdout.crashed && toStdout.exitCode == 0, qPrintable(toStdout.err));
    QVERIFY(toStdout.out.contains(QLatin1String("\"store\": \"postgres\"")));
    QVERIFY2(!leaks(toStdout.out), "the password reached the report on stdout");
    QVERIFY2(!leaks(toStdout.err), qPrintable(toStdout.err));
}

QTEST_GUILESS_MAIN(TestSecrets)
#include "tst_secrets.moc"
