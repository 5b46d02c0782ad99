// The live *window* over the connection paths production has (docs/manual/live-tables.md, issue 19 item 2): what
// tst_pgpaths checks for LiveConnection and LiveInspector, here driven as a person drives it — the conninfo typed into
// the connect dialog, the password typed when the server asks, the pooler box ticked — and then read in the live
// window: TLS with sslmode=verify-full (and the sentence for a certificate of another CA), SCRAM with the password
// asked for and never saved, pgbouncer in transaction and in session pooling (following through several snapshots), and
// the hot standby, followed while the primary writes, its lag in the status line. Each test skips, naming what it
// misses, when scripts/with-postgres.sh could not start its part.
//
// With IW_SHOTS=<folder> set, each test also saves what it shows (the dialog, the window) as PNGs there: that is how
// docs/screenshots/live-paths-*.png were made (under Xvfb, QT_QPA_PLATFORM=xcb).
#include "liveconnectdialog.h"
#include "liveconnection.h"
#include "livemapping.h"
#include "livemodels.h"
#include "livesession.h"
#include "livewindow.h"
#include "pgadmin.h"

#include <QAction>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QScopeGuard>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>
#include <QTextDocumentFragment>

#include <random>
#include <unistd.h>

using namespace iw;

namespace {

std::string env(const char* name)
{
    return qEnvironmentVariable(name).toStdString();
}

// verify-full TLS to the test server, trusting the CA file the variable `caVariable` names. hostaddr: libpq connects
// to 127.0.0.1 and still checks the certificate against the name `localhost`.
QString tlsConninfo(const char* caVariable)
{
    return QStringLiteral("host=localhost hostaddr=127.0.0.1 port=%1 dbname=postgres user=postgres "
                          "sslmode=verify-full sslrootcert=%2")
        .arg(qEnvironmentVariable("IW_PG_TLS_PORT"), qEnvironmentVariable(caVariable));
}

void shoot(QWidget& widget, const QString& name)
{
    const QString dir = qEnvironmentVariable("IW_SHOTS");
    if (dir.isEmpty())
        return;
    QDir().mkpath(dir);
    QTest::qWait(300); // let the last paint land
    widget.grab().save(dir + QLatin1Char('/') + name + QStringLiteral(".png"));
}

} // namespace

class TestLivePaths : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void tlsVerifyFullInTheWindow();
    void tlsWrongCaIsOneSentenceInTheDialog();
    void scramPasswordAskedAndNeverSaved();
    void poolersFollowed_data();
    void poolersFollowed();
    void replicaFollowedWithItsLag();

private:
    // Connects through the dialog as a person does; the open connection, or null with the dialog's sentence.
    std::unique_ptr<LiveConnection> connectThroughDialog(const QString& conninfo, const QString& password,
        bool transactionPooler, QString& sentence, const QString& shot = {});
    // Opens the test table in a live window on `connection` and waits for its first snapshot.
    bool openInWindow(LiveWindow& window);

    std::unique_ptr<PgAdmin> m_admin;
    std::string m_schema;
    std::string m_table; // schema-qualified, quoted
};

void TestLivePaths::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("IdempotencyWorkbenchTests"));
    QLocale::setDefault(QLocale::c());
    if (qEnvironmentVariableIsEmpty("PGHOST") && qEnvironmentVariableIsEmpty("PGPORT"))
        QSKIP("no PostgreSQL configured (PGHOST/PGPORT unset): run under scripts/with-postgres.sh");
    m_admin = std::make_unique<PgAdmin>();
    QVERIFY2(m_admin->ok(), "cannot connect to the PostgreSQL named by the PG* variables");
    std::random_device rd;
    m_schema = "iw_livepaths_" + std::to_string(getpid()) + "_" + std::to_string(rd() % 10000);
    m_table = "\"" + m_schema + "\".request_idempotency";
    QVERIFY(m_admin->run("CREATE SCHEMA \"" + m_schema + "\""));
    QVERIFY(m_admin->run("CREATE TABLE " + m_table + " " + kSeedColumns));
    QVERIFY(m_admin->run(seedRows(m_table, 1, 30)));
    if (!qEnvironmentVariableIsEmpty("IW_PG_SCRAM_USER")) {
        // What the workbench needs on a production table, and nothing more: USAGE on its schema, SELECT on it.
        const std::string role = "\"" + env("IW_PG_SCRAM_USER") + "\"";
        QVERIFY(m_admin->run("GRANT USAGE ON SCHEMA \"" + m_schema + "\" TO " + role));
        QVERIFY(m_admin->run("GRANT SELECT ON " + m_table + " TO " + role));
    }
}

void TestLivePaths::cleanupTestCase()
{
    if (m_admin && !m_schema.empty())
        m_admin->run("DROP SCHEMA IF EXISTS \"" + m_schema + "\" CASCADE");
}

std::unique_ptr<LiveConnection> TestLivePaths::connectThroughDialog(
    const QString& conninfo, const QString& password, bool transactionPooler, QString& sentence, const QString& shot)
{
    LiveConnectDialog dialog;
    dialog.show();
    dialog.setConninfo(conninfo);
    dialog.setPassword(password);
    dialog.setTransactionPooler(transactionPooler);
    QSignalSpy finished(&dialog, &LiveConnectDialog::attemptFinished);
    dialog.accept();
    if (!finished.wait(20'000)) {
        sentence = QStringLiteral("the dialog never finished connecting");
        return nullptr;
    }
    sentence = QTextDocumentFragment::fromHtml(dialog.resultText()).toPlainText(); // as read: styled HTML
    if (!shot.isEmpty())
        shoot(dialog, shot);
    if (!finished.takeFirst().at(0).toBool())
        return nullptr;
    return dialog.takeConnection();
}

bool TestLivePaths::openInWindow(LiveWindow& window)
{
    QSignalSpy snapshots(&window, &LiveWindow::snapshotShown);
    window.openTable({}, QString::fromStdString(m_schema + ".request_idempotency"), *mappingPreset("seed"));
    return snapshots.wait(20'000);
}

void TestLivePaths::tlsVerifyFullInTheWindow()
{
    if (qEnvironmentVariableIsEmpty("IW_PG_TLS_PORT") || qEnvironmentVariableIsEmpty("IW_PG_CA"))
        QSKIP("needs TLS from scripts/with-postgres.sh (IW_PG_TLS_PORT, IW_PG_CA unset: is openssl installed?)");
    const QString conninfo = tlsConninfo("IW_PG_CA");
    QString sentence;
    auto connection = connectThroughDialog(conninfo, {}, false, sentence);
    QVERIFY2(connection, qPrintable(sentence));
    LiveWindow window(std::move(connection));
    window.show();
    QVERIFY(openInWindow(window));
    QCOMPARE(window.snapshot()->counts.total, 30LL);
    QCOMPARE(window.recordsModel()->rowCount(), 30);
    QVERIFY2(window.stateText().startsWith(QLatin1String("Snapshot at ")), qPrintable(window.stateText()));
    QVERIFY2(window.countsText().contains(QLatin1String("6 in progress")), qPrintable(window.countsText()));
    shoot(window, QStringLiteral("live-paths-tls-window"));
}

void TestLivePaths::tlsWrongCaIsOneSentenceInTheDialog()
{
    if (qEnvironmentVariableIsEmpty("IW_PG_TLS_PORT") || qEnvironmentVariableIsEmpty("IW_PG_OTHER_CA"))
        QSKIP("needs TLS from scripts/with-postgres.sh (IW_PG_TLS_PORT, IW_PG_OTHER_CA unset: is openssl installed?)");
    const QString conninfo = tlsConninfo("IW_PG_OTHER_CA");
    QString sentence;
    QVERIFY(!connectThroughDialog(conninfo, {}, false, sentence, QStringLiteral("live-paths-tls-wrong-ca")));
    QVERIFY2(sentence.contains(QLatin1String("is not signed by the root certificate given")), qPrintable(sentence));
    QVERIFY2(!sentence.contains(QLatin1Char('\n')), qPrintable(sentence));
}

void TestLivePaths::scramPasswordAskedAndNeverSaved()
{
    if (qEnvironmentVariableIsEmpty("IW_PG_SCRAM_USER") || qEnvironmentVariableIsEmpty("IW_PG_SCRAM_PASSWORD"))
        QSKIP("needs the SCRAM role of scripts/with-postgres.sh (IW_PG_SCRAM_USER, IW_PG_SCRAM_PASSWORD unset)");
    // No .pgpass, no PGPASSWORD: only what is typed.
    qputenv("PGPASSFILE", "/nonexistent/iw-no-pgpass");
    auto restore = qScopeGuard([] { qunsetenv("PGPASSFILE"); });
    const QString user = qEnvironmentVariable("IW_PG_SCRAM_USER");
    const QString password = qEnvironmentVariable("IW_PG_SCRAM_PASSWORD");
    const QString conninfo
        = QStringLiteral("host=127.0.0.1 port=%1 dbname=postgres user=%2").arg(qEnvironmentVariable("PGPORT"), user);

    QString sentence;
    QVERIFY(!connectThroughDialog(conninfo, {}, false, sentence, QStringLiteral("live-paths-scram-asked")));
    QVERIFY2(sentence.contains(QLatin1String("type it under Password")), qPrintable(sentence));
    QVERIFY(!connectThroughDialog(conninfo, QStringLiteral("not-") + password, false, sentence));
    QVERIFY2(
        sentence.contains(QStringLiteral("PostgreSQL at host 127.0.0.1 port %1 refused the password for user \"%2\"")
                              .arg(qEnvironmentVariable("PGPORT"), user)),
        qPrintable(sentence));
    QVERIFY2(!sentence.contains(QLatin1Char('\n')), qPrintable(sentence));
    auto connection = connectThroughDialog(conninfo, password, false, sentence);
    QVERIFY2(connection, qPrintable(sentence));
    QCOMPARE(QString::fromStdString(connection->user()), user);
    LiveWindow window(std::move(connection));
    window.show();
    QVERIFY(openInWindow(window));
    QCOMPARE(window.snapshot()->counts.total, 30LL);

    // Neither the recent connections nor the draft of the dialog kept the password.
    QSettings settings;
    settings.sync();
    QFile file(settings.fileName());
    if (file.open(QIODevice::ReadOnly))
        QVERIFY2(!file.readAll().contains(password.toUtf8()), "a password reached the settings file");
    for (const QString& recent : LiveConnectDialog::recentConnections())
        QVERIFY2(!recent.contains(password), qPrintable(recent));
}

void TestLivePaths::poolersFollowed_data()
{
    QTest::addColumn<QByteArray>("portVariable");
    QTest::addColumn<bool>("transactionPooler");
    QTest::newRow("pgbouncer, transaction pooling") << QByteArray("IW_PGBOUNCER_TX_PORT") << true;
    QTest::newRow("pgbouncer, session pooling") << QByteArray("IW_PGBOUNCER_SESSION_PORT") << false;
}

void TestLivePaths::poolersFollowed()
{
    QFETCH(QByteArray, portVariable);
    QFETCH(bool, transactionPooler);
    if (qEnvironmentVariableIsEmpty(portVariable.constData()))
        QSKIP(qPrintable(QStringLiteral("needs pgbouncer from scripts/with-postgres.sh (%1 unset)")
                             .arg(QString::fromLatin1(portVariable))));
    const QString conninfo = QStringLiteral("host=127.0.0.1 port=%1 dbname=postgres user=postgres")
                                 .arg(qEnvironmentVariable(portVariable.constData()));
    QString sentence;
    auto connection = connectThroughDialog(conninfo, {}, transactionPooler, sentence);
    QVERIFY2(connection, qPrintable(sentence));
    QCOMPARE(connection->throughTransactionPooler(), transactionPooler);
    LiveWindow window(std::move(connection));
    window.show();
    QVERIFY(openInWindow(window));
    QCOMPARE(window.snapshot()->counts.total, 30LL);

    // Following: every snapshot is a new transaction, which in transaction pooling may land on another server
    // connection; none may rely on what an earlier one prepared. Three snapshots, then a page by key.
    QSignalSpy snapshots(&window, &LiveWindow::snapshotShown);
    QSignalSpy failures(window.session(), &LiveSession::failed);
    window.setFollowIntervalSeconds(1);
    window.followAction()->setChecked(true);
    QTRY_VERIFY_WITH_TIMEOUT(snapshots.count() >= 3, 20'000);
    QCOMPARE(failures.count(), 0);
    QVERIFY2(window.stateText().startsWith(QLatin1String("Snapshot at ")), qPrintable(window.stateText()));
    window.followAction()->setChecked(false);
    QSignalSpy pages(&window, &LiveWindow::pageShown);
    window.nextPage();
    window.firstPage();
    QTRY_VERIFY_WITH_TIMEOUT(pages.count() >= 1 || window.recordsModel()->rowCount() == 30, 10'000);
    QCOMPARE(failures.count(), 0);
    if (transactionPooler)
        shoot(window, QStringLiteral("live-paths-pgbouncer-window"));
}

void TestLivePaths::replicaFollowedWithItsLag()
{
    if (qEnvironmentVariableIsEmpty("IW_PG_REPLICA_PORT"))
        QSKIP("needs the hot-standby replica of scripts/with-postgres.sh (IW_PG_REPLICA_PORT unset)");
    const QString conninfo = QStringLiteral("host=127.0.0.1 port=%1 dbname=postgres user=postgres")
                                 .arg(qEnvironmentVariable("IW_PG_REPLICA_PORT"));
    QString sentence;
    auto connection = connectThroughDialog(conninfo, {}, false, sentence);
    QVERIFY2(connection, qPrintable(sentence));
    QVERIFY(connection->serverIsStandby());
    LiveWindow window(std::move(connection));
    window.show();
    // The replica may not have replayed the schema yet: opened again until it has.
    QElapsedTimer waited;
    waited.start();
    while (!(window.snapshot() && window.snapshot()->counts.total == 30) && waited.elapsed() < 30'000) {
        QSignalSpy snapshots(&window, &LiveWindow::snapshotShown);
        window.openTable({}, QString::fromStdString(m_schema + ".request_idempotency"), *mappingPreset("seed"));
        if (!snapshots.wait(5000) || window.snapshot()->counts.total != 30)
            QTest::qWait(250);
    }
    QVERIFY(window.snapshot());
    QCOMPARE(window.snapshot()->counts.total, 30LL);
    QVERIFY2(window.stateText().contains(QLatin1String("hot-standby replica, lag ")), qPrintable(window.stateText()));

    // Following the replica while the primary writes: its snapshots catch up.
    window.setFollowIntervalSeconds(1);
    window.followAction()->setChecked(true);
    QVERIFY(m_admin->run(seedRows(m_table, 31, 20)));
    QTRY_VERIFY_WITH_TIMEOUT(window.snapshot() && window.snapshot()->counts.total == 50, 30'000);
    QVERIFY2(window.stateText().contains(QLatin1String("hot-standby replica, lag ")), qPrintable(window.stateText()));
    QVERIFY(window.snapshot()->replayLagMs && *window.snapshot()->replayLagMs >= 0);
    shoot(window, QStringLiteral("live-paths-replica-window"));
    window.followAction()->setChecked(false);
}

QTEST_MAIN(TestLivePaths)
#include "tst_livepaths.moc"
