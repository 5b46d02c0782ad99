// Faults with nothing lost (RELIABILITY.md): the PostgreSQL server is stopped (`pg_ctl stop -m immediate`, a crash
// as far as the server is concerned) and started again in the middle of a scenario that a Simulation drives step by
// step on a PostgresStore.
//
// - No step throws, nothing crashes: every request decided while the server is down is store_unavailable (or
//   unknown_outcome, had a commit been in flight).
// - The store reconnects by itself once the server is back: requests after the restart are decided normally.
// - Every row that existed before the stop is still there afterwards, unless it was a completed row past its
//   expiry that a sweep was entitled to remove; no in_progress row is ever deleted by a sweep.
//
// The live window follows a table through the same stop and start: while the server is down following stops and the
// Follow button says so (Resume then stops again, saying why); once it is back, Resume follows again, by itself, and
// shows the rows written meanwhile.
//
// It stops and restarts the cluster that scripts/with-postgres.sh started (IW_PG_BINDIR, IW_PG_DATA, IW_PG_LOG,
// IW_PG_AS_POSTGRES), so it must never run beside another PostgreSQL test: tests/CMakeLists.txt marks it RUN_SERIAL.
// It skips when those variables are not set.
#include "childprocess.h"
#include "livemodels.h"
#include "livesession.h"
#include "livewindow.h"
#include "pgadmin.h"
#include "pgstore.h"
#include "scenario.h"
#include "selection.h"
#include "simulation.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QScopeGuard>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <libpq-fe.h>

#include <map>
#include <random>
#include <unistd.h>

using namespace iw;

namespace {

// 40 orders, one every 200 ms, each its own key; orders 1 and 2 crash after their effect (their rows stay
// in_progress forever, past expiry: a sweep must leave them alone); at 6000 and 6100 two late duplicates: one of
// order 12, completed before the stop (replayed from the row that survived the restart), and one of crashed order 1
// (conflict: the in_progress row survived). TTL 4 s with a sweep every second, so completed rows of the first seconds
// are swept near the end, legitimately.
std::string scenarioJson()
{
    std::string requests;
    for (int i = 0; i < 40; ++i) {
        requests += "{\"at_ms\": " + std::to_string(i * 200)
            + ", \"client\": \"shop\", \"operation\": \"order.create\", \"key\": \"k-" + std::to_string(i)
            + "\", \"intent\": \"order-" + std::to_string(i) + "\", \"payload\": {\"order\": " + std::to_string(i)
            + "}},\n";
    }
    requests += R"({"at_ms": 6000, "client": "late", "operation": "order.create", "key": "k-12", "intent": "order-12",
                    "payload": {"order": 12}},
                   {"at_ms": 6100, "client": "late", "operation": "order.create", "key": "k-1", "intent": "order-1",
                    "payload": {"order": 1}})";
    return R"({"format": "idempotency-workbench/scenario@1", "name": "pg-restart", "seed": 3,
      "service": {"profile": "ietf", "strategy": "unique_claim", "ttl_ms": 4000, "sweep_every_ms": 1000,
                  "handler_ms": 150, "db_ms": 2, "network_ms": 1},
      "clients": [{"id": "shop", "actor": "42", "timeout_ms": 2000, "retry": {"max_attempts": 1}},
                  {"id": "late", "actor": "42", "timeout_ms": 2000, "retry": {"max_attempts": 1}}],
      "requests": [)"
        + requests + R"(],
      "faults": [{"kind": "crash_after_effect", "request": 1}, {"kind": "crash_after_effect", "request": 2}]})";
}

std::string describe(const Record& r)
{
    return r.scope.key + " " + std::string(stateName(r.state)) + " created " + std::to_string(r.createdAt) + " expires "
        + std::to_string(r.expiresAt);
}

using Admin = PgAdmin;

} // namespace

class TestPgRestart : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void serverRestartMidScenarioLosesNothing_data();
    void serverRestartMidScenarioLosesNothing();
    void liveWindowFollowsThroughARestart();

private:
    // Runs pg_ctl with args (as the postgres user when with-postgres.sh had to); false with the output on failure.
    bool pgCtl(const QStringList& args, QString& output);
    bool stopServer(QString& output);
    bool startServer(QString& output);
    // The server options it was started with (postmaster.opts without the binary and -D), for the restart.
    QString m_serverOptions;
    bool m_serverDown = false;
    std::string m_schema;
    QTemporaryDir m_settings; // the live window's remembered geometry and rules, away from the user's
};

bool TestPgRestart::pgCtl(const QStringList& args, QString& output)
{
    const QString pgCtlPath = qEnvironmentVariable("IW_PG_BINDIR") + QStringLiteral("/pg_ctl");
    QStringList full { QStringLiteral("-D"), qEnvironmentVariable("IW_PG_DATA") };
    full += args;
    const iwtest::ChildResult r = iwtest::runAsPostgres(pgCtlPath, full);
    output = QString::fromLocal8Bit(r.out) + r.error;
    return r.ranToEnd() && r.exitCode == 0;
}

bool TestPgRestart::stopServer(QString& output)
{
    const bool ok = pgCtl(
        { QStringLiteral("stop"), QStringLiteral("-m"), QStringLiteral("immediate"), QStringLiteral("-w") }, output);
    if (ok)
        m_serverDown = true;
    return ok;
}

bool TestPgRestart::startServer(QString& output)
{
    const bool ok
        = pgCtl({ QStringLiteral("start"), QStringLiteral("-w"), QStringLiteral("-t"), QStringLiteral("60"),
                    QStringLiteral("-l"), qEnvironmentVariable("IW_PG_LOG"), QStringLiteral("-o"), m_serverOptions },
            output);
    if (ok)
        m_serverDown = false;
    return ok;
}

void TestPgRestart::initTestCase()
{
    if (qEnvironmentVariableIsEmpty("IW_PG_BINDIR") || qEnvironmentVariableIsEmpty("IW_PG_DATA")
        || qEnvironmentVariableIsEmpty("IW_PG_LOG"))
        QSKIP("needs the throwaway cluster of scripts/with-postgres.sh (IW_PG_BINDIR, IW_PG_DATA, IW_PG_LOG unset)");
    // postmaster.opts holds the command line the server was started with: `BINARY "-D" "DATA" "-p" "PORT" …`.
    QFile opts(qEnvironmentVariable("IW_PG_DATA") + QStringLiteral("/postmaster.opts"));
    QVERIFY2(opts.open(QIODevice::ReadOnly), qPrintable(opts.fileName() + QStringLiteral(": ") + opts.errorString()));
    QString line = QString::fromLocal8Bit(opts.readAll()).trimmed();
    const qsizetype firstQuote = line.indexOf(QLatin1Char('"'));
    QVERIFY2(firstQuote > 0, qPrintable(QStringLiteral("unexpected postmaster.opts: ") + line));
    line = line.mid(firstQuote);
    line.replace(QStringLiteral("\"-D\" \"") + qEnvironmentVariable("IW_PG_DATA") + QStringLiteral("\""), QString());
    m_serverOptions = line.trimmed();
    std::random_device rd;
    m_schema = "iw_pgrestart_" + std::to_string(getpid()) + "_" + std::to_string(rd() % 100000);
    QCoreApplication::setOrganizationName(QStringLiteral("IdempotencyWorkbenchTests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_pgrestart"));
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_settings.path());
}

void TestPgRestart::cleanupTestCase()
{
    if (m_serverDown) {
        QString output;
        if (!startServer(output))
            qWarning("could not start the server again: %s", qPrintable(output));
    }
    if (m_schema.empty())
        return;
    Admin admin;
    if (admin.ok()) {
        admin.exec("DROP SCHEMA IF EXISTS " + admin.ident(m_schema) + " CASCADE");
        admin.exec("DROP SCHEMA IF EXISTS " + admin.ident(m_schema + "_live") + " CASCADE");
    }
}

void TestPgRestart::serverRestartMidScenarioLosesNothing_data()
{
    // Virtual times of the outage: the server is stopped before the first event at or after stopAt and started
    // again before the first event at or after restartAt. Sweeps run every 1000 ms.
    QTest::addColumn<Millis>("stopAt");
    QTest::addColumn<Millis>("restartAt");
    QTest::newRow("outage between two sweeps") << Millis(3100) << Millis(3900);
    QTest::newRow("outage over a sweep") << Millis(3100) << Millis(4300);
}

void TestPgRestart::serverRestartMidScenarioLosesNothing()
{
    QFETCH(Millis, stopAt);
    QFETCH(Millis, restartAt);
    const Millis kStopAt = stopAt;
    const Millis kRestartAt = restartAt;
    const Scenario scenario = loadScenario(scenarioJson(), "pg-restart.json");
    auto store = PostgresStore::connect("", m_schema);
    store->installSchema();
    Simulation sim(scenario, *store);
    // Whatever fails below, the rest of the suite needs its server back.
    auto restart = qScopeGuard([this] {
        QString output;
        if (m_serverDown && !startServer(output))
            qWarning("could not start the server again: %s", qPrintable(output));
    });

    const auto stepOrFail = [&](QString& error) {
        try {
            return sim.step();
        } catch (const std::exception& e) {
            error = QStringLiteral("Simulation::step() threw at t = %1 ms: %2")
                        .arg(sim.now())
                        .arg(QString::fromStdString(e.what()));
        } catch (...) {
            error = QStringLiteral("Simulation::step() threw a non-standard exception at t = %1 ms").arg(sim.now());
        }
        return false;
    };

    QString error;
    // Up to the outage.
    while (!sim.finished() && sim.nextEventTime().value_or(kStopAt) < kStopAt) {
        stepOrFail(error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }
    const std::vector<Record> before = store->records();
    QVERIFY2(before.size() >= 10, "the scenario should have written rows before the outage");
    std::map<std::string, Record> beforeByKey;
    int inProgressBefore = 0;
    for (const Record& r : before) {
        beforeByKey.emplace(r.scope.key, r);
        inProgressBefore += r.state == RecordState::InProgress;
    }
    QVERIFY2(inProgressBefore >= 2, "the crashed orders' rows should be in_progress before the outage");
    const std::size_t requestsBefore = sim.requests().size();

    QString output;
    QVERIFY2(stopServer(output), qPrintable(QStringLiteral("pg_ctl stop failed: ") + output));

    // The outage: keep stepping, nothing may escape.
    while (!sim.finished() && sim.nextEventTime().value_or(kRestartAt) < kRestartAt) {
        stepOrFail(error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }
    QVERIFY(!store->isConnected());
    QVERIFY(!store->lastError().empty());
    QVERIFY2(startServer(output), qPrintable(QStringLiteral("pg_ctl start failed: ") + output));

    // After the restart, to the end.
    while (stepOrFail(error)) { }
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY(sim.finished());
    QVERIFY(sim.requests().size() > requestsBefore);

    // Requests decided while the server was down: unavailable (or unknown), nothing else.
    int duringOutage = 0;
    int afterRestart = 0;
    const Millis outageEnd = kRestartAt;
    for (std::size_t i = 0; i < sim.requests().size(); ++i) {
        const RequestRow& r = sim.requests()[i];
        QVERIFY2(r.decision.has_value(), qPrintable(QStringLiteral("request r%1 has no decision").arg(i + 1)));
        if (r.decided >= kStopAt && r.decided < outageEnd) {
            ++duringOutage;
            QVERIFY2(*r.decision == Decision::StoreUnavailable || *r.decision == Decision::UnknownOutcome,
                qPrintable(QStringLiteral("r%1 was decided %2 at %3 ms, during the outage")
                               .arg(i + 1)
                               .arg(QString::fromStdString(std::string(decisionName(*r.decision))))
                               .arg(r.decided)));
        } else if (r.decided >= outageEnd) {
            ++afterRestart;
            QVERIFY2(*r.decision != Decision::StoreUnavailable && *r.decision != Decision::UnknownOutcome,
                qPrintable(QStringLiteral("r%1 was decided %2 at %3 ms, after the restart")
                               .arg(i + 1)
                               .arg(QString::fromStdString(std::string(decisionName(*r.decision))))
                               .arg(r.decided)));
        }
    }
    QVERIFY2(duringOutage >= 3, "some requests should have met the outage");
    QVERIFY2(afterRestart >= 10, "the store should have served requests after the restart");
    QVERIFY(store->isConnected());

    // The late duplicates: the completed row and the crashed order's in_progress row survived the restart.
    std::optional<Decision> lateCompleted;
    std::optional<Decision> lateCrashed;
    for (const RequestRow& r : sim.requests()) {
        if (r.entry == 40)
            lateCompleted = r.decision;
        if (r.entry == 41)
            lateCrashed = r.decision;
    }
    QVERIFY(lateCompleted && lateCrashed);
    QCOMPARE(std::string(decisionName(*lateCompleted)), std::string("replayed"));
    QCOMPARE(std::string(decisionName(*lateCrashed)), std::string("conflict_in_progress"));

    // Every row from before the stop is still there, unless it was completed and past its expiry by the end (a
    // sweep may remove those); an in_progress row is never removed.
    const std::vector<Record> after = store->records();
    std::map<std::string, Record> afterByKey;
    for (const Record& r : after)
        afterByKey.emplace(r.scope.key, r);
    int swept = 0;
    for (const auto& [key, old] : beforeByKey) {
        const auto it = afterByKey.find(key);
        if (it == afterByKey.end()) {
            QVERIFY2(old.state == RecordState::Completed && old.expiresAt <= sim.endTime(),
                qPrintable(QStringLiteral("row lost across the restart: ") + QString::fromStdString(describe(old))));
            ++swept;
            continue;
        }
        QCOMPARE(it->second.createdAt, old.createdAt);
        QCOMPARE(it->second.payloadHash, old.payloadHash);
        if (old.state == RecordState::Completed)
            QVERIFY2(it->second == old,
                qPrintable(QStringLiteral("completed row changed: ")
                    + QString::fromStdString(describe(old) + " → " + describe(it->second))));
    }
    QVERIFY2(swept > 0, "the sweeps after the restart should have removed some expired completed rows");
    qInfo("%zu rows before the stop (%d in_progress), %d requests decided during the outage, %d after the restart, "
          "%d expired completed rows swept after it, %zu rows at the end",
        before.size(), inProgressBefore, duringOutage, afterRestart, swept, after.size());
    for (const std::string key : { "k-1", "k-2" }) {
        const auto it = afterByKey.find(key);
        QVERIFY2(it != afterByKey.end(),
            qPrintable(QStringLiteral("the crashed order's row %1 was deleted").arg(QString::fromStdString(key))));
        QCOMPARE(std::string(stateName(it->second.state)), std::string("in_progress"));
        QVERIFY2(it->second.expiresAt < sim.endTime(), "the crashed rows should be past expiry by the end");
    }
}

void TestPgRestart::liveWindowFollowsThroughARestart()
{
    // A brandur-shaped table of the test's own: three rows, one of them stuck.
    const std::string schema = m_schema + "_live";
    std::string table;
    {
        Admin admin;
        QVERIFY2(admin.ok(), admin.error().c_str());
        const std::string s = admin.ident(schema);
        table = s + ".idempotency_keys";
        admin.exec("CREATE SCHEMA " + s);
        admin.exec("CREATE TABLE " + table
            + " (id BIGSERIAL PRIMARY KEY, created_at TIMESTAMPTZ NOT NULL DEFAULT now(), idempotency_key TEXT NOT "
              "NULL, last_run_at TIMESTAMPTZ NOT NULL DEFAULT now(), locked_at TIMESTAMPTZ DEFAULT now(), "
              "request_method TEXT NOT NULL, request_params JSONB NOT NULL, request_path TEXT NOT NULL, response_code "
              "INT NULL, response_body JSONB NULL, recovery_point TEXT NOT NULL, user_id BIGINT NOT NULL, "
              "UNIQUE (user_id, idempotency_key))");
        admin.exec("INSERT INTO " + table
            + " (user_id, idempotency_key, created_at, locked_at, request_method, request_path, request_params, "
              "response_code, response_body, recovery_point) VALUES "
              "(1, 'ride-1', now() - interval '20 min', NULL, 'POST', '/rides', '{\"n\": 1}', 201, '{}', 'finished'),"
              "(1, 'ride-2', now() - interval '10 min', NULL, 'POST', '/rides', '{\"n\": 2}', 201, '{}', 'finished'),"
              "(1, 'stuck-1', now() - interval '1 day', now() - interval '1 day', 'POST', '/rides', '{\"n\": 3}', "
              "NULL, NULL, 'ride_created')");
        QCOMPARE(admin.value("SELECT count(*) FROM " + table), std::string("3"));
    }
    auto restart = qScopeGuard([this] {
        QString output;
        if (m_serverDown && !startServer(output))
            qWarning("could not start the server again: %s", qPrintable(output));
    });

    LiveWindow window(LiveConnection::open(""));
    window.show();
    QSignalSpy snapshots(&window, &LiveWindow::snapshotShown);
    QSignalSpy stops(&window, &LiveWindow::stoppedShown);
    // What the Follow button says each time the window learns something: a read being retried, a stop.
    QStringList said;
    connect(&window, &LiveWindow::reconnectingShown, &window, [&] { said << window.followAction()->text(); });
    connect(&window, &LiveWindow::stoppedShown, &window, [&] { said << window.followAction()->text(); });
    window.openTable({}, QString::fromStdString(schema + ".idempotency_keys"), *mappingPreset("brandur"));
    QVERIFY(snapshots.wait(10'000));
    QCOMPARE(window.recordsModel()->rowCount(), 3);
    window.setFollowIntervalSeconds(1);
    window.followAction()->trigger(); // as the toolbar button or Ctrl+L does
    QVERIFY(window.followAction()->isChecked());
    QCOMPARE(window.followAction()->text(), QStringLiteral("Following"));
    QVERIFY(snapshots.wait(10'000));

    // The server goes down: the next poll loses the connection, retries, and following stops, saying so.
    QString output;
    QVERIFY2(stopServer(output), qPrintable(QStringLiteral("pg_ctl stop failed: ") + output));
    QVERIFY(stops.wait(30'000));
    QVERIFY(window.isStopped());
    QVERIFY2(window.stateText().startsWith(QLatin1String("stopped: the connection to PostgreSQL")),
        qPrintable(window.stateText()));
    QVERIFY2(window.stateText().contains(QLatin1String("could not be re-established: no server accepts connections "
                                                       "there")),
        qPrintable(window.stateText()));
    QVERIFY2(window.stateText().contains(QLatin1String("it is down or restarting")), qPrintable(window.stateText()));
    QVERIFY(!window.followAction()->isChecked());
    QVERIFY(!window.session()->following());
    QCOMPARE(window.followAction()->text(), QStringLiteral("Follow (stopped)"));
    // While the retries ran the button said so, never plain "Following"; once they failed, that following stopped.
    QCOMPARE(said.last(), QStringLiteral("Follow (stopped)"));
    QVERIFY2(!said.contains(QStringLiteral("Following")), qPrintable(said.join(u" | ")));
    QVERIFY(window.resumeAction()->isVisible());
    QCOMPARE(window.resumeAction()->text(), QStringLiteral("Re&sume following"));
    QCOMPARE(window.recordsModel()->rowCount(), 3); // what was shown stays

    // Resume while the server is still down: it tries, stops again with its reason, and never claims to follow.
    said.clear();
    window.resumeAction()->trigger();
    QCOMPARE(window.followAction()->text(), QString::fromUtf8("Following (resuming…)"));
    QVERIFY(stops.wait(30'000));
    QVERIFY(window.isStopped());
    QVERIFY(!window.followAction()->isChecked());
    QCOMPARE(window.followAction()->text(), QStringLiteral("Follow (stopped)"));
    QCOMPARE(said.last(), QStringLiteral("Follow (stopped)"));
    QVERIFY2(!said.contains(QStringLiteral("Following")), qPrintable(said.join(u" | ")));
    QVERIFY(window.resumeAction()->isVisible());

    // The server is back, and a row is written while the window is stopped.
    QVERIFY2(startServer(output), qPrintable(QStringLiteral("pg_ctl start failed: ") + output));
    {
        Admin admin;
        QVERIFY2(admin.ok(), admin.error().c_str());
        admin.exec("INSERT INTO " + table
            + " (user_id, idempotency_key, request_method, request_path, request_params, response_code, "
              "response_body, recovery_point) VALUES (2, 'ride-after', 'POST', '/rides', '{}', 201, '{}', "
              "'finished')");
    }
    QCOMPARE(window.recordsModel()->rowCount(), 3); // not following: nothing new is shown by itself
    // A seek meanwhile works at once: it re-establishes the connection by itself, and following stays stopped.
    QSignalSpy pages(&window, &LiveWindow::pageShown);
    window.goToKey(QStringLiteral("ride-after"));
    QVERIFY(pages.wait(15'000));
    QVERIFY(window.selection()->scope() >= 0);
    QCOMPARE(window.recordsModel()->record(window.selection()->scope()).scope.key, std::string("ride-after"));
    QVERIFY(window.isStopped());
    QVERIFY(!window.followAction()->isChecked());

    // Resume restores following as it was: the first snapshot, then the timer's, by itself.
    const qsizetype before = snapshots.size();
    window.resumeAction()->trigger();
    QVERIFY(window.followAction()->isChecked());
    QVERIFY(window.session()->following());
    QTRY_VERIFY_WITH_TIMEOUT(snapshots.size() >= before + 1, 20'000);
    QVERIFY(!window.isStopped());
    QVERIFY(!window.resumeAction()->isVisible());
    QCOMPARE(window.followAction()->text(), QStringLiteral("Following"));
    QVERIFY2(window.stateText().startsWith(QLatin1String("Snapshot at ")), qPrintable(window.stateText()));
    QCOMPARE(window.recordsModel()->rowCount(), 4);
    QCOMPARE(window.recordsModel()->records().back().scope.key, std::string("ride-after"));
    QTRY_VERIFY_WITH_TIMEOUT(snapshots.size() >= before + 3, 20'000);
    QVERIFY(window.followAction()->isChecked());
    QVERIFY(window.session()->following());
    QCOMPARE(window.followAction()->text(), QStringLiteral("Following"));
}

QTEST_MAIN(TestPgRestart)
#include "tst_pgrestart.moc"
