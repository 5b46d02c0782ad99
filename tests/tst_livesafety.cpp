// The live view on production must never harm it and never hang on it (docs/manual/live-tables.md, issue 39 items 1–4
// and 8, issue 48 finding 20), each watched from the other side:
// - Nothing outlives a transaction: through pgbouncer in transaction pooling as production runs it (no reset between
//   transactions) with one server connection for every client, inspection — the command line, the connect dialog's
//   Test, the live window's snapshots, Follow ticks, paging and export, a reconnect — never changes what the
//   application finds on that connection: it still writes, and its settings are as they were.
// - Every wait is bounded: the defaults are on the socket; a pgbouncer of the test's own, stopped with SIGSTOP (the
//   kernel still accepts and acknowledges, nothing answers), ends the command line with exit 3 and one sentence,
//   ends a read with a sentence, and the window says the data is stale instead of "Following".
// - Cancel gives the window back at once against that stopped pgbouncer.
// - A database that does not exist is not a wrong password.
// - A function or operator planted in the user's search path never runs.
// - The export is the snapshot on screen.
// Runs under scripts/with-postgres.sh; a test skips, naming the variable it misses, when its part is not there.
// With IW_SHOTS=<folder> set, the window's stale, stopped and cancelled states are also saved there as PNGs (run under
// Xvfb with QT_QPA_PLATFORM=xcb to look at them).
#include "json.h"
#include "liveconnectdialog.h"
#include "liveconnection.h"
#include "liveinspector.h"
#include "livemapping.h"
#include "livemodels.h"
#include "livesession.h"
#include "livewindow.h"
#include "pgadmin.h"
#include "privatebouncer.h"
#include "servedprocess.h"

#include <QAction>
#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <arpa/inet.h>
#include <condition_variable>
#include <csignal>
#include <mutex>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <random>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

using namespace iw;

namespace {

std::string env(const char* name)
{
    return qEnvironmentVariable(name).toStdString();
}

struct Cli {
    int code = -2; // -2: still running at the hang guard, killed
    QString out;
    QString err;
    qint64 ms = 0;
};

Cli cli(const QStringList& args, const QProcessEnvironment& extra = {}, int guardMs = 120'000)
{
    QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
    for (const QString& k : extra.keys())
        e.insert(k, extra.value(k));
    const iwtest::ChildResult r = iwtest::runCli(args, { .environment = e, .timeoutMs = guardMs });
    Cli c;
    c.ms = r.elapsedMs;
    c.err = QString::fromUtf8(r.err);
    if (!r.finished)
        return c;
    c.code = r.crashed ? -1 : r.exitCode;
    c.out = QString::fromUtf8(r.out);
    return c;
}

template<class F> bool eventually(F&& done, int timeoutMs = 30'000)
{
    for (int waited = 0; waited < timeoutMs; waited += 50) {
        if (done())
            return true;
        QTest::qWait(50);
    }
    return done();
}

// A pgbouncer of the test's own, configured as scripts/with-postgres.sh's production-like pool, in front of the
// test cluster: stopping it (pause(): SIGSTOP) is a network that silently drops everything.
using iwtest::PrivateBouncer;

// Continues a stopped pgbouncer after `ms` unless told the test got its answer first: the old Cancel blocked the
// GUI thread in PQcancel until the network answered, so without this a regression would hang the suite instead of
// failing it.
class Watchdog {
public:
    Watchdog(int pid, int ms)
        : m_thread([this, pid, ms] {
            std::unique_lock lock(m_mutex);
            if (!m_done.wait_for(lock, std::chrono::milliseconds(ms), [this] { return m_answered; })) {
                m_fired = true;
                ::kill(pid, SIGCONT);
            }
        })
    {
    }
    ~Watchdog() { answered(); }
    void answered()
    {
        {
            std::lock_guard lock(m_mutex);
            m_answered = true;
        }
        m_done.notify_all();
        if (m_thread.joinable())
            m_thread.join();
    }
    bool fired() const { return m_fired; }

private:
    std::mutex m_mutex;
    std::condition_variable m_done;
    bool m_answered = false;
    std::atomic<bool> m_fired { false };
    std::thread m_thread;
};

// A parsed JSON value written back compactly, to compare two documents' members.
std::string flat(const json::Value& v)
{
    switch (v.type) {
    case json::Type::Null:
        return "null";
    case json::Type::Bool:
        return v.boolean ? "true" : "false";
    case json::Type::Number:
        return v.numberText;
    case json::Type::String:
        return "\"" + v.string + "\"";
    case json::Type::Array: {
        std::string out = "[";
        for (const json::Value& e : v.array)
            out += flat(e) + ",";
        return out + "]";
    }
    case json::Type::Object: {
        std::string out = "{";
        for (const json::Member& m : v.object)
            out += m.key + ":" + flat(m.value) + ",";
        return out + "}";
    }
    }
    return {};
}

long long integer(const json::Value* v)
{
    return v ? static_cast<long long>(v->number) : -1;
}

void shoot(QWidget& widget, const QString& name)
{
    const QString dir = qEnvironmentVariable("IW_SHOTS");
    if (dir.isEmpty())
        return;
    QDir().mkpath(dir);
    widget.grab().save(dir + QLatin1Char('/') + name + QStringLiteral(".png"));
}

QAction* actionNamed(QWidget& window, const QString& text)
{
    for (QAction* a : window.findChildren<QAction*>())
        if (a->text() == text)
            return a;
    return nullptr;
}

} // namespace

class TestLiveSafety : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void sharedServerConnectionIsLeftAsFound();
    void plantedFunctionsNeverRun();
    void missingDatabaseIsNotAWrongPassword();
    void boundsDefaultToTheSpec();
    void silentNetworkEndsTheCommandLine();
    void silentNetworkEndsAReadAndTheFollower();
    void cancelGivesTheWindowBack();
    void followingSaysWhenItIsStale();
    void exportIsTheSnapshotOnScreen();

private:
    std::unique_ptr<PgAdmin> m_admin;
    std::string m_schema; // the test's own: a seed table of 30 rows, the application's orders
    std::string m_q; // quoted
    std::string m_planted; // the planted schema and role of plantedFunctionsNeverRun
    QString table() const { return QString::fromStdString(m_schema + ".request_idempotency"); }
};

void TestLiveSafety::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("IdempotencyWorkbenchTests"));
    QLocale::setDefault(QLocale::c());
    if (qEnvironmentVariableIsEmpty("PGHOST") && qEnvironmentVariableIsEmpty("PGPORT"))
        QSKIP("no PostgreSQL configured (PGHOST/PGPORT unset): run under scripts/with-postgres.sh");
    m_admin = std::make_unique<PgAdmin>();
    QVERIFY2(m_admin->ok(), "cannot connect to the PostgreSQL named by the PG* variables");
    std::random_device rd;
    m_schema = "iw_safety_" + std::to_string(getpid()) + "_" + std::to_string(rd() % 10000);
    m_q = "\"" + m_schema + "\"";
    QVERIFY(m_admin->run("CREATE SCHEMA " + m_q));
    QVERIFY(m_admin->run("CREATE TABLE " + m_q + ".request_idempotency " + kSeedColumns));
    QVERIFY(m_admin->run(seedRows(m_q + ".request_idempotency", 1, 30)));
    QVERIFY(m_admin->run("CREATE TABLE " + m_q + ".orders (id serial PRIMARY KEY, note text NOT NULL)"));
}

void TestLiveSafety::cleanupTestCase()
{
    if (!m_admin)
        return;
    if (!m_schema.empty())
        m_admin->run("DROP SCHEMA IF EXISTS " + m_q + " CASCADE");
    if (!m_planted.empty()) {
        m_admin->run("DROP SCHEMA IF EXISTS \"" + m_planted + "\" CASCADE");
        m_admin->run("DROP ROLE IF EXISTS \"" + m_planted + "\"");
    }
}

// --- 1. Nothing outlives a transaction

void TestLiveSafety::sharedServerConnectionIsLeftAsFound()
{
    if (qEnvironmentVariableIsEmpty("IW_PGBOUNCER_SHARED_PORT"))
        QSKIP("needs the shared transaction pool of scripts/with-postgres.sh (IW_PGBOUNCER_SHARED_PORT unset: is "
              "pgbouncer installed?)");
    const std::string pool = "host=127.0.0.1 port=" + env("IW_PGBOUNCER_SHARED_PORT") + " dbname=iw_shared";
    // The on-call and the application log in to the pool as two roles; the pool has one server connection, which
    // each transaction of either gets in turn. No --pooler flag, no dialog box: the user did not say.
    const std::string oncall = pool + " user=iw_oncall";
    PgAdmin app(pool + " user=iw_app");
    QVERIFY2(app.ok(), app.error().c_str());
    const auto state = [&] {
        return app.value(
            "SELECT pg_catalog.concat_ws(' | ', pg_catalog.current_setting('default_transaction_read_only'), "
            "pg_catalog.current_setting('transaction_read_only'), "
            "pg_catalog.current_setting('statement_timeout'), pg_catalog.current_setting('search_path'), "
            "(SELECT pg_catalog.count(*) FROM pg_catalog.pg_prepared_statements), "
            "pg_catalog.pg_backend_pid())");
    };
    const std::string before = state();
    QVERIFY(!before.empty());
    const std::string orders = m_q + ".orders";
    int writes = 0;
    // What the application finds after each inspection: its INSERT and UPDATE go through, and the shared
    // connection's settings are the ones it had (the same server process: pool_size = 1).
    const auto appStillWrites = [&](const char* after) -> QString {
        ++writes;
        if (!app.run("INSERT INTO " + orders + " (note) VALUES ('order after " + after + "')"))
            return QStringLiteral("the application's INSERT failed after %1: %2")
                .arg(QString::fromUtf8(after), QString::fromStdString(app.error()));
        if (!app.run("UPDATE " + orders + " SET note = note || '.' WHERE id = (SELECT max(id) FROM " + orders + ")"))
            return QStringLiteral("the application's UPDATE failed after %1: %2")
                .arg(QString::fromUtf8(after), QString::fromStdString(app.error()));
        if (const std::string now = state(); now != before)
            return QStringLiteral("after %1 the application's session reads %2 instead of %3")
                .arg(QString::fromUtf8(after), QString::fromStdString(now), QString::fromStdString(before));
        return {};
    };
    QString harm;

    // The command line.
    const Cli inspect = cli({ QStringLiteral("inspect"), QStringLiteral("--conninfo"), QString::fromStdString(oncall),
        QStringLiteral("--table"), table(), QStringLiteral("--json") });
    QVERIFY2(inspect.code == 0, qPrintable(inspect.err));
    QVERIFY2((harm = appStillWrites("inspect")).isEmpty(), qPrintable(harm));

    // The connect dialog's Test, then Connect.
    LiveConnectDialog dialog;
    QSignalSpy attempts(&dialog, &LiveConnectDialog::attemptFinished);
    dialog.setConninfo(QString::fromStdString(oncall));
    dialog.test();
    QVERIFY(attempts.wait(20'000));
    QVERIFY2(attempts.takeFirst().at(0).toBool(), qPrintable(dialog.resultText()));
    QVERIFY2((harm = appStillWrites("Test in the connect dialog")).isEmpty(), qPrintable(harm));
    dialog.accept();
    QVERIFY(attempts.wait(20'000));
    QVERIFY2(attempts.takeFirst().at(0).toBool(), qPrintable(dialog.resultText()));
    QVERIFY2((harm = appStillWrites("connecting")).isEmpty(), qPrintable(harm));

    // The live window: opening (a snapshot), Follow ticks, paging, an export.
    LiveWindow window(dialog.takeConnection());
    QSignalSpy snapshots(&window, &LiveWindow::snapshotShown);
    QSignalSpy failures(window.session(), &LiveSession::failed);
    window.openTable({}, table(), *mappingPreset("seed"));
    QVERIFY(snapshots.wait(20'000));
    QCOMPARE(window.snapshot()->counts.total, 30LL);
    QVERIFY2((harm = appStillWrites("opening the table")).isEmpty(), qPrintable(harm));
    window.setFollowIntervalSeconds(1);
    window.followAction()->setChecked(true);
    QTRY_VERIFY_WITH_TIMEOUT(snapshots.count() >= 3, 20'000);
    window.followAction()->setChecked(false);
    QTRY_VERIFY_WITH_TIMEOUT(!window.session()->isBusy(), 20'000);
    QVERIFY2((harm = appStillWrites("Follow")).isEmpty(), qPrintable(harm));
    QSignalSpy pages(&window, &LiveWindow::pageShown);
    window.firstPage();
    QVERIFY(pages.wait(20'000));
    QVERIFY2((harm = appStillWrites("paging")).isEmpty(), qPrintable(harm));
    QTemporaryDir dir;
    QSignalSpy exported(&window, &LiveWindow::exportFinished);
    window.exportReport(dir.filePath(QStringLiteral("report.json")));
    QTRY_VERIFY_WITH_TIMEOUT(exported.count() == 1, 20'000);
    QCOMPARE(exported.takeFirst().at(1).toString(), QString());
    QVERIFY2((harm = appStillWrites("the export")).isEmpty(), qPrintable(harm));
    QCOMPARE(failures.count(), 0);

    // A reconnect (what Follow and every read do after losing the connection) opens a new session, checked as the
    // first one was.
    auto again = LiveConnection::open(oncall);
    QVERIFY(again->reconnect());
    LiveInspector inspector(*again, *mappingPreset("seed"), table().toStdString());
    QCOMPARE(inspector.snapshot().counts.total, 30LL);
    QVERIFY2((harm = appStillWrites("a reconnect")).isEmpty(), qPrintable(harm));
    QCOMPARE(m_admin->value("SELECT count(*) FROM " + orders), std::to_string(writes));
}

// --- 6. (issue 48 finding 20) Nothing planted runs

void TestLiveSafety::plantedFunctionsNeverRun()
{
    // A schema and a role of the test's own stand for `public`: the role's search path puts them before pg_catalog
    // (search_path = planted, pg_catalog), as an attacker who can create objects in public would have it; other
    // tests use this database's public schema at the same time.
    m_planted = m_schema + "_planted";
    const std::string p = "\"" + m_planted + "\"";
    const auto plant = [&](const std::string& signature, const std::string& returns) {
        return m_admin->run("CREATE FUNCTION " + p + "." + signature + " RETURNS " + returns
            + " LANGUAGE plpgsql AS $$BEGIN RAISE EXCEPTION 'planted " + signature + " ran'; END$$");
    };
    QVERIFY(m_admin->run("CREATE SCHEMA " + p));
    QVERIFY(m_admin->run("CREATE TABLE " + p + ".request_idempotency " + kSeedColumns));
    QVERIFY(m_admin->run(seedRows(p + ".request_idempotency", 1, 30)));
    QVERIFY(plant("now()", "timestamptz"));
    QVERIFY(plant("set_config(text, text, boolean)", "text"));
    QVERIFY(plant("quote_ident(text)", "text"));
    QVERIFY(plant("floor(numeric)", "numeric"));
    QVERIFY(plant("to_char(timestamp, text)", "text"));
    QVERIFY(plant("text_eq(text, text)", "boolean"));
    QVERIFY(plant("timestamp_lt(timestamp, timestamp)", "boolean"));
    QVERIFY(
        m_admin->run("CREATE OPERATOR " + p + ".= (LEFTARG = text, RIGHTARG = text, FUNCTION = " + p + ".text_eq)"));
    QVERIFY(m_admin->run(
        "CREATE OPERATOR " + p + ".< (LEFTARG = timestamp, RIGHTARG = timestamp, FUNCTION = " + p + ".timestamp_lt)"));
    QVERIFY(m_admin->run("CREATE ROLE " + p + " LOGIN"));
    QVERIFY(m_admin->run("GRANT USAGE ON SCHEMA " + p + " TO " + p));
    QVERIFY(m_admin->run("GRANT SELECT ON " + p + ".request_idempotency TO " + p));
    QVERIFY(m_admin->run("ALTER ROLE " + p + " SET search_path = " + p + ", pg_catalog"));
    // The plant works: the role's own session runs it.
    {
        PgAdmin victim("user=" + m_planted);
        QVERIFY2(victim.ok(), victim.error().c_str());
        PGresult* r = PQexec(victim.connection(), "SELECT now()");
        QVERIFY2(QString::fromUtf8(PQresultErrorMessage(r)).contains(QLatin1String("planted now() ran")),
            PQresultErrorMessage(r));
        PQclear(r);
    }

    // The right answer: the same table read by a role whose search path is the default.
    const Cli control = cli({ QStringLiteral("inspect"), QStringLiteral("--table"),
        QString::fromStdString(m_planted + ".request_idempotency"), QStringLiteral("--json") });
    QVERIFY2(control.code == 0, qPrintable(control.err));
    const json::Value expected = json::parse(control.out.toStdString());

    // The command line, with the table named as the role sees it (through its search path).
    const Cli inspect
        = cli({ QStringLiteral("inspect"), QStringLiteral("--conninfo"), QString::fromStdString("user=" + m_planted),
            QStringLiteral("--table"), QStringLiteral("request_idempotency"), QStringLiteral("--json") });
    QVERIFY2(inspect.code == 0, qPrintable(inspect.err));
    QVERIFY2(!inspect.err.contains(QLatin1String("planted")), qPrintable(inspect.err));
    const json::Value got = json::parse(inspect.out.toStdString());
    for (const char* member : { "table", "total", "counts", "anomaly_counts" })
        QCOMPARE(QString::fromStdString(flat(*got.find(member))), QString::fromStdString(flat(*expected.find(member))));
    QCOMPARE(got.find("anomalies")->array.size(), expected.find("anomalies")->array.size());

    // The library the window uses: discovery, resolving the name, a snapshot, a seek.
    auto conn = LiveConnection::open("user=" + m_planted);
    bool discovered = false;
    for (const LiveCandidate& c : discoverTables(*conn))
        discovered = discovered || c.table.schema == m_planted;
    QVERIFY(discovered);
    LiveInspector inspector(*conn, *mappingPreset("seed"), "request_idempotency");
    QCOMPARE(QString::fromStdString(inspector.table().schema), QString::fromStdString(m_planted));
    const LiveSnapshot s = inspector.snapshot();
    QCOMPARE(s.counts.total, integer(expected.find("total")));
    QVERIFY(inspector.locateKey("k-5", LiveOrder::ByKey).has_value());

    // The live window following it.
    LiveWindow window(LiveConnection::open("user=" + m_planted));
    QSignalSpy snapshots(&window, &LiveWindow::snapshotShown);
    QSignalSpy failures(window.session(), &LiveSession::failed);
    QSignalSpy stops(window.session(), &LiveSession::stopped);
    window.openTable({}, QStringLiteral("request_idempotency"), *mappingPreset("seed"));
    QVERIFY(snapshots.wait(20'000));
    window.setFollowIntervalSeconds(1);
    window.followAction()->setChecked(true);
    QTRY_VERIFY_WITH_TIMEOUT(snapshots.count() >= 2, 20'000);
    window.followAction()->setChecked(false);
    QCOMPARE(failures.count(), 0);
    QCOMPARE(stops.count(), 0);
    QCOMPARE(window.snapshot()->counts.total, integer(expected.find("total")));
}

// --- 4. A missing database is not a wrong password

void TestLiveSafety::missingDatabaseIsNotAWrongPassword()
{
    if (qEnvironmentVariableIsEmpty("IW_PG_SCRAM_USER") || qEnvironmentVariableIsEmpty("IW_PG_SCRAM_PASSWORD"))
        QSKIP("needs the SCRAM role of scripts/with-postgres.sh (IW_PG_SCRAM_USER, IW_PG_SCRAM_PASSWORD unset)");
    qputenv("PGPASSFILE", "/nonexistent/iw-no-pgpass");
    auto restore = qScopeGuard([] { qunsetenv("PGPASSFILE"); });
    const std::string user = env("IW_PG_SCRAM_USER");
    const std::string password = env("IW_PG_SCRAM_PASSWORD");
    const std::string where = "host=127.0.0.1 port=" + env("PGPORT") + " user=" + user;
    const std::string missing = "iw_nowhere_" + std::to_string(getpid());
    const auto refusal = [&](const std::string& conninfo, const std::string& pw, LiveError::Kind& kind) {
        try {
            LiveConnection::open(conninfo, pw);
        } catch (const LiveError& e) {
            kind = e.kind();
            return QString::fromStdString(e.what());
        }
        return QString();
    };

    LiveError::Kind kind {};
    const QString wrong = refusal(where + " dbname=postgres", "not-" + password, kind);
    QVERIFY2(wrong.contains(QLatin1String("refused the password for user")), qPrintable(wrong));
    QCOMPARE(kind, LiveError::Kind::Authentication);

    const QString absent = refusal(where + " dbname=" + missing, password, kind);
    QVERIFY2(absent.contains(QStringLiteral("database \"%1\" does not exist").arg(QString::fromStdString(missing))),
        qPrintable(absent));
    QVERIFY2(absent.contains(QLatin1String("3D000")), qPrintable(absent));
    QVERIFY2(!absent.contains(QLatin1String("password")), qPrintable(absent));
    QVERIFY(kind != LiveError::Kind::Authentication && kind != LiveError::Kind::PasswordNeeded);

    // The command line says the same, exit 3.
    QProcessEnvironment withPassword;
    withPassword.insert(QStringLiteral("PGPASSWORD"), QString::fromStdString(password));
    withPassword.insert(QStringLiteral("PGPASSFILE"), QStringLiteral("/nonexistent/iw-no-pgpass"));
    const Cli inspect = cli({ QStringLiteral("inspect"), QStringLiteral("--conninfo"),
                                QString::fromStdString(where + " dbname=" + missing) },
        withPassword);
    QCOMPARE(inspect.code, 3);
    QVERIFY2(inspect.err.contains(QLatin1String("does not exist")), qPrintable(inspect.err));
    QVERIFY2(!inspect.err.contains(QLatin1String("password")), qPrintable(inspect.err));
    QCOMPARE(inspect.err.trimmed().count(QLatin1Char('\n')), 0);
}

// --- 3. Every wait has a bound

void TestLiveSafety::boundsDefaultToTheSpec()
{
    const std::string tcp = "host=127.0.0.1 port=" + env("PGPORT") + " dbname=postgres user=postgres";
    // TCP keepalives and the user timeout, as the kernel has them on the connection's socket.
    const auto socketOption = [](LiveConnection& c, int level, int name) {
        int value = -1;
        socklen_t size = sizeof value;
        return ::getsockopt(PQsocket(c.native()), level, name, &value, &size) == 0 ? value : -1;
    };
    auto conn = LiveConnection::open(tcp);
    QCOMPARE(conn->option("connect_timeout"), std::string("10"));
    QCOMPARE(socketOption(*conn, SOL_SOCKET, SO_KEEPALIVE), 1);
    QCOMPARE(socketOption(*conn, IPPROTO_TCP, TCP_KEEPIDLE), 10);
    QCOMPARE(socketOption(*conn, IPPROTO_TCP, TCP_KEEPINTVL), 5);
    QCOMPARE(socketOption(*conn, IPPROTO_TCP, TCP_KEEPCNT), 3);
    QCOMPARE(socketOption(*conn, IPPROTO_TCP, TCP_USER_TIMEOUT), 25'000);

    // Inside a read, and only there: the statement timeout, the catalog's search path, read-only.
    const auto shown = [&](const char* setting) {
        const LiveResult r = conn->exec(std::string("SHOW ") + setting, {}, "show a setting");
        return std::string(PQgetvalue(r.get(), 0, 0));
    };
    const auto inside = conn->readOnly([&] {
        return shown("statement_timeout") + " | " + shown("search_path") + " | " + shown("transaction_read_only");
    });
    QCOMPARE(inside, std::string("30s | pg_catalog, pg_temp | on"));
    QCOMPARE(shown("statement_timeout"), std::string("0"));

    // What the conninfo, the service file or the environment sets wins.
    auto own = LiveConnection::open(tcp + " connect_timeout=4 keepalives_idle=30 tcp_user_timeout=9000");
    QCOMPARE(own->option("connect_timeout"), std::string("4"));
    QCOMPARE(socketOption(*own, IPPROTO_TCP, TCP_KEEPIDLE), 30);
    QCOMPARE(socketOption(*own, IPPROTO_TCP, TCP_KEEPINTVL), 5);
    QCOMPARE(socketOption(*own, IPPROTO_TCP, TCP_USER_TIMEOUT), 9000);
    QTemporaryDir dir;
    const QString services = dir.filePath(QStringLiteral("pg_service.conf"));
    {
        QFile f(services);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("[iw_bounds]\nconnect_timeout=7\nkeepalives_count=9\n");
    }
    qputenv("PGSERVICEFILE", services.toUtf8());
    qputenv("PGCONNECT_TIMEOUT", "6");
    auto restore = qScopeGuard([] {
        qunsetenv("PGSERVICEFILE");
        qunsetenv("PGCONNECT_TIMEOUT");
    });
    auto serviced = LiveConnection::open("service=iw_bounds " + tcp);
    QCOMPARE(serviced->option("connect_timeout"), std::string("7"));
    QCOMPARE(socketOption(*serviced, IPPROTO_TCP, TCP_KEEPCNT), 9);
    auto fromEnvironment = LiveConnection::open(tcp);
    QCOMPARE(fromEnvironment->option("connect_timeout"), std::string("6"));
}

void TestLiveSafety::silentNetworkEndsTheCommandLine()
{
    if (qEnvironmentVariableIsEmpty("IW_PGBOUNCER_SHARED_INI") || qEnvironmentVariableIsEmpty("IW_PGBOUNCER_BIN"))
        QSKIP("needs pgbouncer from scripts/with-postgres.sh (IW_PGBOUNCER_SHARED_INI, IW_PGBOUNCER_BIN unset)");
    PrivateBouncer bouncer;
    QString why;
    QVERIFY2(bouncer.start(why), qPrintable(why));

    // The count waits for a lock the test holds; once it waits, pgbouncer stops and the lock is released: the
    // server's answer is never relayed, and nothing closes the connection.
    PgAdmin locker;
    QVERIFY(locker.run("BEGIN"));
    QVERIFY(locker.run("LOCK TABLE " + m_q + ".request_idempotency IN ACCESS EXCLUSIVE MODE"));
    iwtest::ServedProcess inspect; // runs beside the test, which holds the lock and then silences the network
    QVERIFY2(inspect.start(iwtest::cliPath(),
                 { .args = { QStringLiteral("inspect"), QStringLiteral("--conninfo"),
                       QString::fromStdString(bouncer.conninfo()), QStringLiteral("--table"), table(),
                       QStringLiteral("--statement-timeout"), QStringLiteral("20s"), QStringLiteral("--deadline"),
                       QStringLiteral("8s") } },
                 {}),
        qPrintable(inspect.error()));
    const std::string waiting = "SELECT count(*) FROM pg_catalog.pg_locks WHERE relation = '" + m_q
        + ".request_idempotency'::regclass AND NOT granted";
    QVERIFY2(eventually([&] { return m_admin->value(waiting) != "0"; }, 30'000), "the inspection never waited");
    QVERIFY(bouncer.pause());
    QVERIFY(locker.run("COMMIT"));
    QElapsedTimer waited;
    waited.start();
    const bool ended = inspect.process().waitForFinished(60'000); // a hang guard, far beyond the bound
    const iwtest::ChildResult r = inspect.stop();
    bouncer.resume();
    QVERIFY2(ended, "inspect still hung on a silent network after 60 s");
    const QString err = QString::fromUtf8(r.err).trimmed();
    QCOMPARE(r.exitCode, 3);
    QVERIFY2(err.contains(QLatin1String("gave up after 8 s, the deadline of one read, while trying to count the "
                                        "records of")),
        qPrintable(err));
    QVERIFY2(err.count(QLatin1Char('\n')) == 1 && err.contains(QLatin1String("note: reading with the seed mapping")),
        qPrintable(err)); // the note, then the one sentence
    qInfo("inspect gave up %lld ms after the network went silent", waited.elapsed());

    // Stopped before the connection: connect_timeout ends it.
    QVERIFY(bouncer.pause());
    const Cli connect
        = cli({ QStringLiteral("inspect"), QStringLiteral("--conninfo"),
                  QString::fromStdString(bouncer.conninfo(" connect_timeout=2")), QStringLiteral("--table"), table() },
            {}, 60'000);
    bouncer.resume();
    QCOMPARE(connect.code, 3);
    QVERIFY2(
        connect.err.contains(QLatin1String("nothing answered within 2 s (connect_timeout)")), qPrintable(connect.err));
}

void TestLiveSafety::silentNetworkEndsAReadAndTheFollower()
{
    if (qEnvironmentVariableIsEmpty("IW_PGBOUNCER_SHARED_INI") || qEnvironmentVariableIsEmpty("IW_PGBOUNCER_BIN"))
        QSKIP("needs pgbouncer from scripts/with-postgres.sh (IW_PGBOUNCER_SHARED_INI, IW_PGBOUNCER_BIN unset)");
    PrivateBouncer bouncer;
    QString why;
    QVERIFY2(bouncer.start(why), qPrintable(why));
    LiveBounds bounds;
    bounds.statementTimeoutMs = 1000; // with kAnswerGraceMs: a statement waits 6 s for an answer
    auto conn = LiveConnection::open(bouncer.conninfo(" connect_timeout=2"), {}, false, bounds);
    LiveInspector inspector(*conn, *mappingPreset("seed"), table().toStdString());
    LiveFollower follower(inspector, {});
    QCOMPARE(follower.poll().status, LiveFollower::Poll::Status::Ok);

    QVERIFY(bouncer.pause());
    auto resume = qScopeGuard([&] { bouncer.resume(); });
    try {
        inspector.snapshot();
        QFAIL("a snapshot was read through a stopped pgbouncer");
    } catch (const LiveError& e) {
        QCOMPARE(e.kind(), LiveError::Kind::Timeout);
        QVERIFY2(
            QString::fromUtf8(e.what()).contains(QLatin1String("did not answer for 6 s while trying to")), e.what());
        QVERIFY2(QString::fromUtf8(e.what()).contains(QLatin1String("the connection was closed")), e.what());
    }
    QVERIFY(!conn->isOpen());
    // Following: the read after a silent one opens a new connection, which cannot be had either: stopped, saying so.
    const LiveFollower::Poll p = follower.poll();
    QCOMPARE(p.status, LiveFollower::Poll::Status::Stopped);
    QVERIFY2(p.message.find("could not be re-established") != std::string::npos, p.message.c_str());
    QVERIFY2(p.message.find("nothing answered within 2 s (connect_timeout)") != std::string::npos, p.message.c_str());

    bouncer.resume();
    QVERIFY(conn->reconnect());
    follower.resume();
    QCOMPARE(follower.poll().status, LiveFollower::Poll::Status::Ok);
}

// --- 2. Cancel never freezes the window

void TestLiveSafety::cancelGivesTheWindowBack()
{
    if (qEnvironmentVariableIsEmpty("IW_PGBOUNCER_SHARED_INI") || qEnvironmentVariableIsEmpty("IW_PGBOUNCER_BIN"))
        QSKIP("needs pgbouncer from scripts/with-postgres.sh (IW_PGBOUNCER_SHARED_INI, IW_PGBOUNCER_BIN unset)");
    PrivateBouncer bouncer;
    QString why;
    QVERIFY2(bouncer.start(why), qPrintable(why));
    LiveWindow window(LiveConnection::open(bouncer.conninfo(" connect_timeout=2")));
    window.show();
    QSignalSpy snapshots(&window, &LiveWindow::snapshotShown);
    QSignalSpy stops(&window, &LiveWindow::stoppedShown);
    window.openTable({}, table(), *mappingPreset("seed"));
    QVERIFY(snapshots.wait(20'000));
    QAction* cancel = actionNamed(window, QStringLiteral("&Cancel"));
    QVERIFY(cancel);

    QVERIFY(bouncer.pause());
    window.refresh();
    QTRY_VERIFY_WITH_TIMEOUT(cancel->isEnabled(), 5'000); // reading: Cancel is offered
    QTest::qWait(200); // the read is on the wire, unanswered
    // The GUI thread's own events, counted while the cancelled read winds down.
    int beats = 0;
    QTimer heartbeat;
    connect(&heartbeat, &QTimer::timeout, &window, [&] { ++beats; });
    heartbeat.start(10);
    {
        Watchdog watchdog(bouncer.pid(), 20'000);
        cancel->trigger(); // Esc or the toolbar button
        const int beatsAtCancel = beats;
        // Answered while the network is still silent: the window is back.
        QTRY_VERIFY_WITH_TIMEOUT(stops.count() == 1 || watchdog.fired(), 30'000);
        watchdog.answered();
        QVERIFY2(!watchdog.fired(), "Cancel held the GUI thread until the network answered");
        QVERIFY2(beats > beatsAtCancel, "no event of the GUI thread ran between Cancel and its answer");
    }
    QVERIFY(!window.session()->isBusy());
    QVERIFY(!cancel->isEnabled());
    QVERIFY2(window.stateText().startsWith(QLatin1String("stopped: cancelled while trying to")),
        qPrintable(window.stateText()));
    QVERIFY2(window.stateText().contains(QLatin1String("did not confirm within 0.75 s, so the connection was closed")),
        qPrintable(window.stateText()));
    QVERIFY2(window.stateText().contains(QLatin1String("The data shown is the snapshot of")),
        qPrintable(window.stateText()));
    QCOMPARE(window.snapshot()->counts.total, 30LL); // what was shown stays
    shoot(window, QStringLiteral("live-safety-cancelled"));

    // The network back: Resume opens a new connection and reads again.
    bouncer.resume();
    window.resumeAction()->trigger();
    QVERIFY(snapshots.wait(30'000));
    QVERIFY2(window.stateText().startsWith(QLatin1String("Snapshot at ")), qPrintable(window.stateText()));

    // Closing a window while its read hangs on a silent network does not wait for the network either.
    auto* closing = new LiveWindow(LiveConnection::open(bouncer.conninfo(" connect_timeout=2")));
    QSignalSpy closingSnapshots(closing, &LiveWindow::snapshotShown);
    closing->openTable({}, table(), *mappingPreset("seed"));
    QVERIFY(closingSnapshots.wait(20'000));
    QVERIFY(bouncer.pause());
    closing->refresh();
    QTRY_VERIFY_WITH_TIMEOUT(closing->session()->isBusy(), 5'000);
    QTest::qWait(200);
    {
        Watchdog watchdog(bouncer.pid(), 20'000);
        delete closing;
        watchdog.answered();
        QVERIFY2(!watchdog.fired(), "closing the window waited for the network");
    }
    bouncer.resume();
}

void TestLiveSafety::followingSaysWhenItIsStale()
{
    if (qEnvironmentVariableIsEmpty("IW_PGBOUNCER_SHARED_INI") || qEnvironmentVariableIsEmpty("IW_PGBOUNCER_BIN"))
        QSKIP("needs pgbouncer from scripts/with-postgres.sh (IW_PGBOUNCER_SHARED_INI, IW_PGBOUNCER_BIN unset)");
    PrivateBouncer bouncer;
    QString why;
    QVERIFY2(bouncer.start(why), qPrintable(why));
    LiveBounds bounds;
    bounds.statementTimeoutMs = 2000;
    bounds.snapshotDeadlineMs = 4000;
    LiveWindow window(LiveConnection::open(bouncer.conninfo(" connect_timeout=2"), {}, false, bounds));
    window.show();
    QSignalSpy snapshots(&window, &LiveWindow::snapshotShown);
    QSignalSpy stops(&window, &LiveWindow::stoppedShown);
    window.openTable({}, table(), *mappingPreset("seed"));
    QVERIFY(snapshots.wait(20'000));
    window.setFollowIntervalSeconds(1);
    window.followAction()->setChecked(true);
    QVERIFY(snapshots.wait(20'000));

    // Everything the Follow button says from the moment the network goes silent, each change as it happens.
    QStringList said;
    connect(window.followAction(), &QAction::changed, &window, [&] {
        const QString follow = window.followAction()->text();
        if (!said.isEmpty() && said.last() == follow)
            return;
        said << follow;
        if (follow.startsWith(QLatin1String("Following (stale")))
            QTimer::singleShot(300, &window, [&] { shoot(window, QStringLiteral("live-safety-stale")); });
    });
    QVERIFY(bouncer.pause());
    auto resume = qScopeGuard([&] { bouncer.resume(); });
    QVERIFY(stops.wait(60'000)); // a hang guard: the bounds end it in about 12 s
    const QString sequence = said.join(QLatin1String(" / "));
    // Stale before the read's deadline (4 s) passes and the reconnecting starts, since a tick is due every second;
    // then reconnecting, then stopped — and never plain "Following" again once the data went stale.
    const auto stale = std::find_if(said.begin(), said.end(),
        [](const QString& s) { return s.startsWith(QLatin1String("Following (stale since ")); });
    QVERIFY2(stale != said.end(), qPrintable(sequence));
    const auto reconnecting = std::find(said.begin(), said.end(), QString::fromUtf8("Following (reconnecting…)"));
    QVERIFY2(reconnecting != said.end() && stale < reconnecting, qPrintable(sequence));
    QVERIFY2(std::all_of(said.begin(), stale, [](const QString& s) { return s == QLatin1String("Following"); }),
        qPrintable(sequence));
    QVERIFY2(std::find(stale, said.end(), QStringLiteral("Following")) == said.end(), qPrintable(sequence));
    QCOMPARE(window.followAction()->text(), QStringLiteral("Follow (stopped)"));
    shoot(window, QStringLiteral("live-safety-stopped"));
    const QString state = window.stateText();
    QVERIFY2(
        state.startsWith(QLatin1String("stopped: gave up after 4 s, the deadline of one read")), qPrintable(state));
    QVERIFY2(state.contains(QLatin1String("could not be re-established: could not connect")), qPrintable(state));
    QVERIFY2(state.contains(QLatin1String("The data shown is the snapshot of")), qPrintable(state));

    bouncer.resume();
    window.resumeAction()->trigger();
    QVERIFY(snapshots.wait(30'000));
    QTRY_COMPARE_WITH_TIMEOUT(window.followAction()->text(), QStringLiteral("Following"), 10'000);
    window.followAction()->setChecked(false);
}

// --- 5. The export is the snapshot on screen

void TestLiveSafety::exportIsTheSnapshotOnScreen()
{
    const std::string t = m_q + ".export_check";
    QVERIFY(m_admin->run("CREATE TABLE " + t + " " + kSeedColumns));
    QVERIFY(m_admin->run(seedRows(t, 1, 30)));
    LiveWindow window(LiveConnection::open(""));
    QSignalSpy snapshots(&window, &LiveWindow::snapshotShown);
    QSignalSpy exported(&window, &LiveWindow::exportFinished);
    window.openTable({}, QString::fromStdString(m_schema + ".export_check"), *mappingPreset("seed"));
    QVERIFY(snapshots.wait(20'000));
    const LiveSnapshot shown = *window.snapshot();
    QVERIFY(!shown.anomalies.empty());
    QStringList shownKeys;
    for (const LiveAnomaly& a : shown.anomalies)
        shownKeys << QString::fromStdString(std::string(anomalyKindName(a.kind)) + ":" + a.scope.key);

    // The table changes after the snapshot was shown: more rows, more anomalies of every kind.
    QVERIFY(m_admin->run(seedRows(t, 31, 40)));
    QCOMPARE(m_admin->value("SELECT count(*) FROM " + t), std::string("70"));

    QTemporaryDir dir;
    const QString jsonPath = dir.filePath(QStringLiteral("report.json"));
    window.exportReport(jsonPath);
    QTRY_VERIFY_WITH_TIMEOUT(exported.count() == 1, 20'000);
    QCOMPARE(exported.takeFirst().at(1).toString(), QString());
    QFile json(jsonPath);
    QVERIFY(json.open(QIODevice::ReadOnly));
    const json::Value doc = json::parse(json.readAll().toStdString());
    QCOMPARE(integer(doc.find("total")), shown.counts.total);
    QCOMPARE(QString::fromStdString(doc.find("now")->string), QString::fromStdString(shown.now));
    for (const LiveAnomalyKind kind : kLiveAnomalyKinds)
        QCOMPARE(integer(doc.find("anomaly_counts")->find(anomalyKindName(kind))), shown.counts.anomaly(kind));
    QStringList exportedKeys;
    for (const json::Value& a : doc.find("anomalies")->array)
        exportedKeys << QString::fromStdString(a.find("kind")->string + ":" + a.find("key")->string);
    QCOMPARE(exportedKeys, shownKeys);
    QCOMPARE(doc.find("records")->array.size(), std::size_t(window.recordsModel()->rowCount()));

    const QString csvPath = dir.filePath(QStringLiteral("anomalies.csv"));
    window.exportAnomalies(csvPath);
    QTRY_VERIFY_WITH_TIMEOUT(exported.count() == 1, 20'000);
    QCOMPARE(exported.takeFirst().at(1).toString(), QString());
    QFile csv(csvPath);
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = csv.readAll().trimmed().split('\n');
    QStringList csvKeys;
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QList<QByteArray> cells = lines[i].split(',');
        csvKeys << QString::fromUtf8(cells[0] + ':' + cells[3]);
    }
    QCOMPARE(csvKeys, shownKeys);
}

QTEST_MAIN(TestLiveSafety)
#include "tst_livesafety.moc"
