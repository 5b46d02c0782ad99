// No secret reaches the user's screen, a log or a report (RELIABILITY.md). The real binary (IW_CLI) is given a
// PostgreSQL connection string carrying the password "s3cr3t-XYZ" in every form libpq accepts — keyword, quoted
// keyword, URI user info, URI query, PGPASSWORD — against servers that cannot be reached or strings that do not
// parse, and once against the test server itself (which does not ask for the password): the secret, or any
// recognisable part of it, must appear on neither stdout, stderr nor in the report.
//
// (Connection settings in QSettings are the live view's; its tests cover them.)
#include "pgadmin.h"
#include "servedprocess.h"

#include <QDir>
#include <QFile>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

namespace {

// The binary under test; IW_CATALOGUE_CLI points the same tests at another build.
QString cli()
{
    return qEnvironmentVariable("IW_CATALOGUE_CLI", QStringLiteral(IW_CLI));
}

const QString kSecret = QStringLiteral("s3cr3t-XYZ");

// Any recognisable piece of the secret counts as a leak: of "s3cr3t-XYZ", of "s3cr3t horse-XYZ" (a password with a
// space) and of their percent-encoded forms.
bool leaks(const QString& text)
{
    for (const char* piece : { "s3cr3t", "cr3t-XYZ", "horse-XYZ", "s3cr%33t", "%33t-XYZ", "%2DXYZ", "horse" })
        if (text.contains(QLatin1String(piece), Qt::CaseInsensitive))
            return true;
    return false;
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
    void serveKeepsThePasswordOutOfSight_data();
    void serveKeepsThePasswordOutOfSight();
    void passwordFromFileEnvironmentOrPrompt_data();
    void passwordFromFileEnvironmentOrPrompt();

private:
    Run run(const QStringList& args, const QProcessEnvironment& env, const QByteArray& input = {});
    QTemporaryDir m_dir;
    QString m_scenario;
};

Run TestSecrets::run(const QStringList& args, const QProcessEnvironment& env, const QByteArray& input)
{
    const iwtest::ChildResult c = iwtest::runChild(
        cli(), { .args = args, .workingDirectory = m_dir.path(), .environment = env, .input = input });
    Run r;
    r.crashed = !c.ranToEnd();
    r.exitCode = c.exitCode;
    r.out = QString::fromUtf8(c.out);
    r.err = QString::fromUtf8(c.err);
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
    // An unencoded '?', '/' or '@' ends the URI's user info early for libpq, which then echoes the rest as a host
    // or a port: the password runs to the last '@' all the same (issue 48, finding 23; a known limit before).
    QTest::newRow("URI user info with an unencoded '?'")
        << QStringLiteral("run") << QStringLiteral("postgresql://bob:s3cr3t?XYZ@[bad") << false << 2 << doesNotParse;
    QTest::newRow("URI user info with an unencoded '/', echoed as a port")
        << QStringLiteral("run") << QStringLiteral("postgresql://bob:s3cr3t/horse-XYZ@127.0.0.1:1/db") << false << 2
        << cannotBeUsed;
    // Issue 48, finding 23: an unquoted password with a space is cut there by libpq, which quotes the next word.
    QTest::newRow("keyword, unquoted password with a space")
        << QStringLiteral("run") << QStringLiteral("host=127.0.0.1 port=1 password=s3cr3t horse-XYZ") << false << 2
        << doesNotParse;
    QTest::newRow("keyword, unquoted password with a space, before another keyword")
        << QStringLiteral("run") << QStringLiteral("host=127.0.0.1 password=s3cr3t horse-XYZ port=1") << false << 2
        << doesNotParse;
    QTest::newRow("quoted keyword with a space, refused port")
        << QStringLiteral("run")
        << QStringLiteral("host=127.0.0.1 port=1 password='s3cr3t horse-XYZ' connect_timeout=3") << false << 3
        << cannotConnect;
    // A percent-encoded `password` parameter name, and a value libpq cannot decode, which it quotes whole.
    QTest::newRow("URI query, percent-encoded name, value that does not decode")
        << QStringLiteral("run") << QStringLiteral("postgresql://bob@127.0.0.1:1/db?%70assword=s3cr3t-XYZ%ZZ") << false
        << 2 << doesNotParse;
    QTest::newRow("URI query, percent-encoded value that does not decode")
        << QStringLiteral("run") << QStringLiteral("postgresql://bob@127.0.0.1:1/db?password=s3cr%33t-XYZ%ZZ") << false
        << 2 << doesNotParse;
    QTest::newRow("URI query, percent-encoded name, bad parameter")
        << QStringLiteral("run")
        << QStringLiteral("postgresql://bob@127.0.0.1:1/db?%70assword=s3cr3t-XYZ&connect_timeout=x") << false << 2
        << cannotBeUsed;
    QTest::newRow("URI query, password with an unencoded '&'")
        << QStringLiteral("run") << QStringLiteral("postgresql://bob@127.0.0.1:1/db?password=s3cr3t&horse-XYZ") << false
        << 2 << doesNotParse;
    // Every command that connects.
    for (const char* command : { "install-schema", "serve" }) {
        const QString c = QString::fromLatin1(command);
        QTest::addRow("%s, unquoted password with a space", command)
            << c << QStringLiteral("host=127.0.0.1 port=1 password=s3cr3t horse-XYZ") << false << 2
            << QStringLiteral("idempotency-workbench %1: the PostgreSQL connection string does not parse: ").arg(c);
        QTest::addRow("%s, percent-encoded name", command)
            << c << QStringLiteral("postgresql://bob@127.0.0.1:1/db?%70assword=s3cr3t-XYZ%ZZ") << false << 2
            << QStringLiteral("idempotency-workbench %1: the PostgreSQL connection string does not parse: ").arg(c);
        QTest::addRow("%s, keyword, refused port", command)
            << c << QStringLiteral("host=127.0.0.1 port=1 password=s3cr3t-XYZ connect_timeout=3") << false << 3
            << QStringLiteral("idempotency-workbench %1: could not connect to PostgreSQL at ").arg(c);
    }
    QTest::newRow("race, unquoted password with a space")
        << QStringLiteral("race") << QStringLiteral("host=127.0.0.1 port=1 password=s3cr3t horse-XYZ") << false << 2
        << QStringLiteral("idempotency-workbench race: the PostgreSQL connection string does not parse: ");
    QTest::newRow("inspect, unquoted password with a space")
        << QStringLiteral("inspect") << QStringLiteral("host=127.0.0.1 port=1 password=s3cr3t horse-XYZ") << false << 2
        << QStringLiteral("idempotency-workbench inspect: ");
    QTest::newRow("inspect, percent-encoded name")
        << QStringLiteral("inspect") << QStringLiteral("postgresql://bob@127.0.0.1:1/db?%70assword=s3cr3t-XYZ%ZZ")
        << false << 2 << QStringLiteral("idempotency-workbench inspect: ");
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
    } else if (command == QLatin1String("install-schema")) {
        args = QStringList { command, QStringLiteral("--conninfo"), conninfo };
    } else if (command == QLatin1String("serve")) {
        args = QStringList { command, QStringLiteral("--port"), QStringLiteral("0"), QStringLiteral("--store"),
            QStringLiteral("postgres"), QStringLiteral("--conninfo"), conninfo };
    } else if (command == QLatin1String("run"))
        args << m_scenario << QStringLiteral("--report") << m_dir.filePath(QStringLiteral("report.json"));
    else
        args << QStringLiteral("--threads") << QStringLiteral("2") << QStringLiteral("--trials") << QStringLiteral("1");
    const Run r = run(args, env);
    QVERIFY2(!r.crashed, qPrintable(r.err));
    QCOMPARE(r.exitCode, exitCode);
    QVERIFY2(!leaks(r.err), qPrintable(QStringLiteral("the password reached stderr: ") + r.err));
    QVERIFY2(!leaks(r.out), qPrintable(QStringLiteral("the password reached stdout: ") + r.out));
    QString err = r.err;
    if (command == QLatin1String("serve") && !viaEnvironment) {
        // serve says first that the password was on its command line.
        const QString first = err.section(QLatin1Char('\n'), 0, 0);
        QVERIFY2(first.startsWith(QLatin1String("idempotency-workbench serve: warning: --conninfo carries a password")),
            qPrintable(err));
        err = err.section(QLatin1Char('\n'), 1);
    }
    QVERIFY2(err.startsWith(stderrStart), qPrintable(err));
    QVERIFY2(err.count(QLatin1Char('\n')) == 1, qPrintable(QStringLiteral("not one sentence: ") + err));
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

void TestSecrets::serveKeepsThePasswordOutOfSight_data()
{
    QTest::addColumn<QString>("conninfo"); // %H the socket folder, %P the port (the test server trusts the socket)
    QTest::newRow("keyword") << QStringLiteral("host=%H port=%P password=s3cr3t-XYZ");
    QTest::newRow("quoted keyword with a space") << QStringLiteral("host=%H port=%P password='s3cr3t horse-XYZ'");
    QTest::newRow("keyword first, inline --conninfo=") << QStringLiteral("password=s3cr3t-XYZ host=%H port=%P");
    QTest::newRow("URI user info") << QStringLiteral("postgresql://postgres:s3cr3t-XYZ@/postgres?host=%H&port=%P");
    QTest::newRow("URI user info, percent-encoded")
        << QStringLiteral("postgresql://postgres:s3cr3t%2DXYZ@/postgres?host=%H&port=%P");
    QTest::newRow("URI query, percent-encoded name")
        << QStringLiteral("postgresql:///postgres?host=%H&port=%P&%70assword=s3cr%33t-XYZ");
}

void TestSecrets::serveKeepsThePasswordOutOfSight()
{
    // Issue 48, finding 23: serve kept a conninfo password in its command line for `ps` to show for hours. It warns
    // at start, hides it from its process list entry, and no fragment reaches its output, report or recording.
    QFETCH(QString, conninfo);
    if (qEnvironmentVariableIsEmpty("PGHOST") || qEnvironmentVariableIsEmpty("PGPORT"))
        QSKIP("no PostgreSQL configured (PGHOST/PGPORT unset): run under scripts/with-postgres.sh");
    conninfo.replace(QLatin1String("%H"), qEnvironmentVariable("PGHOST"))
        .replace(QLatin1String("%P"), qEnvironmentVariable("PGPORT"));
    const QString report = m_dir.filePath(QStringLiteral("served-report.json"));
    const QString record = m_dir.filePath(QStringLiteral("served-record.json"));
    const QString schema = QStringLiteral("iw_secret_%1").arg(::getpid());
    QStringList args { QStringLiteral("--port"), QStringLiteral("0"), QStringLiteral("--store"),
        QStringLiteral("postgres"), QStringLiteral("--schema"), schema, QStringLiteral("--report"), report,
        QStringLiteral("--record"), record };
    if (QByteArray(QTest::currentDataTag()).contains("inline"))
        args << QStringLiteral("--conninfo=") + conninfo;
    else
        args << QStringLiteral("--conninfo") << conninfo;
    iwtest::ServeProcess p;
    QVERIFY2(p.start(args, { .workingDirectory = m_dir.path() }, cli()), qPrintable(p.error()));
    // What every user of the machine sees of the process.
    QFile cmdline(QStringLiteral("/proc/%1/cmdline").arg(p.pid()));
    QVERIFY(cmdline.open(QIODevice::ReadOnly));
    const QString shown = QString::fromUtf8(cmdline.readAll()).replace(QLatin1Char('\0'), QLatin1Char(' '));
    QVERIFY2(!leaks(shown), qPrintable(QStringLiteral("the process list shows: ") + shown));
    QVERIFY2(shown.contains(QLatin1String("serve --port 0 --store postgres")), qPrintable(shown));
    for (int i = 0; i < 2; ++i) {
        const iwtest::ChildResult curl = iwtest::runChild(QStringLiteral("curl"),
            { .args = { QStringLiteral("-s"), QStringLiteral("-o"), QStringLiteral("/dev/null"),
                  QStringLiteral("--max-time"), QStringLiteral("20"), QStringLiteral("-X"), QStringLiteral("POST"),
                  QStringLiteral("-H"), QStringLiteral("Content-Type: application/json"), QStringLiteral("-H"),
                  QStringLiteral("Idempotency-Key: \"k-%1\"").arg(i), QStringLiteral("--data-binary"),
                  QStringLiteral("{\"a\": 1}"), p.url + QStringLiteral("v1/orders") },
                .timeoutMs = 30'000 });
        QVERIFY2(curl.ranToEnd(), qPrintable(curl.error));
    }
    const iwtest::ChildResult served = p.stop(30'000);
    QVERIFY2(served.finished, qPrintable(served.error));
    const QString out = QString::fromUtf8(served.out);
    const QString err = QString::fromUtf8(served.err);
    QVERIFY2(!served.crashed && served.exitCode == 0, qPrintable(err));
    QVERIFY2(err.startsWith(QLatin1String("idempotency-workbench serve: warning: --conninfo carries a password; it is "
                                          "hidden from the process list now")),
        qPrintable(err));
    QVERIFY2(!leaks(err), qPrintable(err));
    QVERIFY2(!leaks(out), qPrintable(out));
    for (const QString& path : { report, record }) {
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString written = QString::fromUtf8(f.readAll());
        QVERIFY(written.contains(QLatin1String("k-1")));
        QVERIFY2(!leaks(written), qPrintable(path));
    }
    PgAdmin().exec("DROP SCHEMA IF EXISTS " + schema.toStdString() + " CASCADE");
}

void TestSecrets::passwordFromFileEnvironmentOrPrompt_data()
{
    QTest::addColumn<QString>("how"); // file, at-file, environment, prompt, prompt-wrong, none
    QTest::addColumn<QString>("command"); // install-schema, run, race, inspect, serve
    QTest::addColumn<int>("exitCode");
    for (const char* command : { "install-schema", "run", "race", "inspect", "serve" }) {
        for (const char* how : { "file", "at-file", "environment", "prompt" })
            QTest::addRow("%s, %s", command, how) << QString::fromLatin1(how) << QString::fromLatin1(command) << 0;
    }
    QTest::newRow("install-schema, a wrong password typed")
        << QStringLiteral("prompt-wrong") << QStringLiteral("install-schema") << 3;
    QTest::newRow("install-schema, no password anywhere")
        << QStringLiteral("none") << QStringLiteral("install-schema") << 3;
    QTest::newRow("install-schema, a file others may read (warned)")
        << QStringLiteral("open-file") << QStringLiteral("install-schema") << 0;
    QTest::newRow("install-schema, a file that cannot be read")
        << QStringLiteral("missing-file") << QStringLiteral("install-schema") << 2;
}

void TestSecrets::passwordFromFileEnvironmentOrPrompt()
{
    // Issue 48, finding 23: every command that connects takes the password from a file (--conninfo-file FILE or
    // --conninfo @FILE), the environment (PGPASSWORD) or a prompt (--password-prompt; here its standard input), never
    // needing it on the command line; the SCRAM role of the test cluster proves the password was used.
    QFETCH(QString, how);
    QFETCH(QString, command);
    QFETCH(int, exitCode);
    const QString user = qEnvironmentVariable("IW_PG_SCRAM_USER");
    const QString password = qEnvironmentVariable("IW_PG_SCRAM_PASSWORD");
    if (user.isEmpty() || password.isEmpty())
        QSKIP("no SCRAM role (IW_PG_SCRAM_USER unset): run under scripts/with-postgres.sh");
    const QString base = QStringLiteral("host=127.0.0.1 port=%1 dbname=postgres user=%2 connect_timeout=5")
                             .arg(qEnvironmentVariable("PGPORT"), user);
    const QString schema
        = QStringLiteral("iw_scram_%1_%2").arg(::getpid()).arg(QTest::currentDataTag()[0] == 'i' ? 1 : 2);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const QString& name : { QStringLiteral("PGHOST"), QStringLiteral("PGPORT"), QStringLiteral("PGUSER"),
             QStringLiteral("PGPASSWORD"), QStringLiteral("PGDATABASE"), QStringLiteral("PGSERVICE") })
        env.remove(name);
    env.insert(QStringLiteral("PGPASSFILE"), m_dir.filePath(QStringLiteral("no-pgpass")));
    const QString file = m_dir.filePath(QStringLiteral("conninfo.txt"));
    {
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write((base + QStringLiteral(" password=") + password + QLatin1Char('\n')).toUtf8());
        f.close();
        QVERIFY(f.setPermissions(how == QLatin1String("open-file")
                ? QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther
                : QFile::ReadOwner | QFile::WriteOwner));
    }
    QStringList connection;
    QByteArray input;
    if (how == QLatin1String("file") || how == QLatin1String("open-file")) {
        connection = { QStringLiteral("--conninfo-file"), file };
    } else if (how == QLatin1String("missing-file")) {
        connection = { QStringLiteral("--conninfo-file"), m_dir.filePath(QStringLiteral("no-such-file")) };
    } else if (how == QLatin1String("at-file")) {
        connection = { QStringLiteral("--conninfo"), QLatin1Char('@') + file };
    } else if (how == QLatin1String("environment")) {
        connection = { QStringLiteral("--conninfo"), base };
        env.insert(QStringLiteral("PGPASSWORD"), password);
    } else if (how == QLatin1String("prompt") || how == QLatin1String("prompt-wrong")) {
        connection = { QStringLiteral("--conninfo"), base, QStringLiteral("--password-prompt") };
        input = (how == QLatin1String("prompt") ? password : QStringLiteral("not-the-password")).toUtf8() + '\n';
    } else {
        connection = { QStringLiteral("--conninfo"), base };
    }
    QStringList args;
    if (command == QLatin1String("install-schema"))
        args = QStringList { command, QStringLiteral("--schema"), schema } + connection;
    else if (command == QLatin1String("run"))
        args = QStringList { command, m_scenario, QStringLiteral("--store"), QStringLiteral("postgres"),
            QStringLiteral("--schema"), schema }
            + connection;
    else if (command == QLatin1String("race"))
        args = QStringList { command, QStringLiteral("--store"), QStringLiteral("postgres"), QStringLiteral("--schema"),
            schema, QStringLiteral("--threads"), QStringLiteral("2"), QStringLiteral("--trials"), QStringLiteral("2") }
            + connection;
    else if (command == QLatin1String("inspect")) {
        // A table the role may read: the store's, installed first with the password in the environment.
        QProcessEnvironment setup = env;
        setup.insert(QStringLiteral("PGPASSWORD"), password);
        const Run installed = run({ QStringLiteral("install-schema"), QStringLiteral("--schema"), schema,
                                      QStringLiteral("--conninfo"), base },
            setup);
        QVERIFY2(installed.exitCode == 0, qPrintable(installed.err));
        args = QStringList { command, QStringLiteral("--table"), schema + QStringLiteral(".request_idempotency"),
            QStringLiteral("--json") }
            + connection;
    }

    Run r;
    if (command == QLatin1String("serve")) {
        // Serves, then stops: the store connected with the password.
        iwtest::ServeProcess p;
        p.start(QStringList { QStringLiteral("--port"), QStringLiteral("0"), QStringLiteral("--store"),
                    QStringLiteral("postgres"), QStringLiteral("--schema"), schema }
                + connection,
            { .workingDirectory = m_dir.path(), .environment = env, .input = input }, cli());
        const iwtest::ChildResult served = p.stop(30'000);
        r.out = QString::fromUtf8(served.out);
        r.err = QString::fromUtf8(served.err);
        r.exitCode = served.exitCode;
        QVERIFY2(r.out.startsWith(QLatin1String("listening on ")), qPrintable(r.out + r.err));
    } else {
        r = run(args, env, input);
    }
    QVERIFY2(!r.crashed, qPrintable(r.err));
    QVERIFY2(r.exitCode == exitCode, qPrintable(QStringLiteral("exit %1: %2").arg(r.exitCode).arg(r.err)));
    QVERIFY2(!r.err.contains(password) && !r.out.contains(password), qPrintable(r.err));
    if (how == QLatin1String("prompt-wrong"))
        QVERIFY2(r.err.contains(QLatin1String("refused the password")) || r.err.contains(QLatin1String("password")),
            qPrintable(r.err));
    if (how == QLatin1String("missing-file"))
        QVERIFY2(r.err.startsWith(QStringLiteral("idempotency-workbench install-schema: cannot read the connection "
                                                 "string file %1")
                                      .arg(m_dir.filePath(QStringLiteral("no-such-file")))),
            qPrintable(r.err));
    const bool warned = r.err.contains(QLatin1String("holds a password and other users may read it"));
    QCOMPARE(warned, how == QLatin1String("open-file"));
    if (exitCode == 0 && command != QLatin1String("serve") && command != QLatin1String("inspect")
        && command != QLatin1String("race"))
        QVERIFY2(r.err.isEmpty() || warned || command == QLatin1String("run"), qPrintable(r.err));
    PgAdmin().exec("DROP SCHEMA IF EXISTS " + schema.toStdString() + " CASCADE");
}

QTEST_GUILESS_MAIN(TestSecrets)
#include "tst_secrets.moc"
