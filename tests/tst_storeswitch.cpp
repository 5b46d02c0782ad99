// The store switch and the GUI that never freezes on the network (docs/manual/live-tables.md–§9): a slow store call
// runs on the worker while the GUI thread keeps turning its event loop; timer ticks never re-enter the simulation and
// reset, load, step and close wait for the call; a failed connect leaves the workbench on the memory store with a
// sentence; and, against PostgreSQL (scripts/with-postgres.sh), a preset gives the same request decisions as on the
// memory store, a table locked from a second connection does not freeze the window, and the inspector lists the SQL it
// ran.
#include "inspector.h"
#include "mainwindow.h"
#include "mysqlstoredialog.h"
#include "redisstoredialog.h"
#include "runcontroller.h"
#include "scenario.h"
#include "selection.h"
#include "simulation.h"
#include "statusfields.h"
#include "storedialog.h"
#include "storeengine.h"
#include "storeswitch.h"
#include "threadedstore.h"

#include "pgadmin.h"

#include <QElapsedTimer>
#include <QLineEdit>
#include <QPushButton>
#include <QScopeGuard>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>
#include <QTimer>
#include <QUrl>

#include <hiredis/hiredis.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <thread>
#include <unistd.h>

using namespace iw;

namespace {

// The memory store, with every call taking `delay` milliseconds of real time, and a Fatal failure on read() when
// `failReads` is set: a database far away, without the database.
class SlowStore final : public IdempotencyStore {
public:
    struct Knobs {
        std::atomic<int> delayMs { 0 };
        std::atomic<bool> failReads { false };
        std::atomic<int> concurrent { 0 };
        std::atomic<int> maxConcurrent { 0 };
    };
    explicit SlowStore(std::shared_ptr<Knobs> knobs)
        : m_knobs(std::move(knobs))
    {
    }
    std::string kind() const override { return "slow-memory"; }
    void reset() override
    {
        call([&] { m_inner->reset(); });
    }
    bool insertClaim(const Record& c, Millis now) override
    {
        return call([&] { return m_inner->insertClaim(c, now); });
    }
    std::optional<Record> read(const Scope& s) override
    {
        return call([&] {
            if (m_knobs->failReads)
                throw StoreError(StoreError::Kind::Fatal, "the slow store refused to read");
            return m_inner->read(s);
        });
    }
    std::optional<Tombstone> readTombstone(const Scope& s, Millis now) override
    {
        return call([&] { return m_inner->readTombstone(s, now); });
    }
    bool replaceIf(const Scope& s, std::optional<Millis> v, const Record& r, Millis now) override
    {
        return call([&] { return m_inner->replaceIf(s, v, r, now); });
    }
    bool complete(const Scope& s, Millis v, const Completion& c, const std::optional<EffectRow>& e) override
    {
        return call([&] { return m_inner->complete(s, v, c, e); });
    }
    bool deleteIfOwner(const Scope& s, Millis v) override
    {
        return call([&] { return m_inner->deleteIfOwner(s, v); });
    }
    void deleteUnconditionally(const Scope& s) override
    {
        call([&] { m_inner->deleteUnconditionally(s); });
    }
    void upsertCompletion(const Record& r, const Completion& c, const std::optional<EffectRow>& e) override
    {
        call([&] { m_inner->upsertCompletion(r, c, e); });
    }
    bool insertCompleted(const Record& r) override
    {
        return call([&] { return m_inner->insertCompleted(r); });
    }
    void overwrite(const Record& r) override
    {
        call([&] { m_inner->overwrite(r); });
    }
    bool testAndSetSeen(const Scope& s) override
    {
        return call([&] { return m_inner->testAndSetSeen(s); });
    }
    void recordEffect(const EffectRow& e) override
    {
        call([&] { m_inner->recordEffect(e); });
    }
    SweepResult sweep(Millis now, const SweepPolicy& p) override
    {
        return call([&] { return m_inner->sweep(now, p); });
    }
    std::vector<Record> records() override
    {
        return call([&] { return m_inner->records(); });
    }
    std::vector<Tombstone> tombstones() override
    {
        return call([&] { return m_inner->tombstones(); });
    }
    std::vector<EffectRow> effects() override
    {
        return call([&] { return m_inner->effects(); });
    }

private:
    template<class F> auto call(F&& f) -> decltype(f())
    {
        const int now = ++m_knobs->concurrent;
        int seen = m_knobs->maxConcurrent;
        while (now > seen && !m_knobs->maxConcurrent.compare_exchange_weak(seen, now)) { }
        std::this_thread::sleep_for(std::chrono::milliseconds(m_knobs->delayMs.load()));
        struct Leave {
            std::atomic<int>& n;
            ~Leave() { --n; }
        } leave { m_knobs->concurrent };
        return f();
    }

    std::shared_ptr<Knobs> m_knobs;
    std::unique_ptr<IdempotencyStore> m_inner = makeMemoryStore();
};

std::unique_ptr<ThreadedStore> openSlowStore(const std::shared_ptr<SlowStore::Knobs>& knobs)
{
    auto store = std::make_unique<ThreadedStore>(QStringLiteral("slow memory"));
    store->open([knobs](ThreadedStore&) { return std::make_unique<SlowStore>(knobs); });
    return store;
}

QString presetPath(const char* name)
{
    return QStringLiteral(IW_SOURCE_DIR "/resources/scenarios/") + QString::fromLatin1(name) + QStringLiteral(".json");
}

Scenario preset(const char* name)
{
    return loadScenarioFile(presetPath(name).toStdString());
}

// Every request's decision and status, in request order: what a user compares between two stores.
QStringList decisionsOf(const Simulation& sim)
{
    QStringList out;
    for (std::size_t i = 0; i < sim.requests().size(); ++i) {
        const RequestRow& r = sim.requests()[i];
        out << QStringLiteral("%1 %2 %3 %4")
                   .arg(QString::fromStdString(sim.requestId(int(i))),
                       r.decision ? QString::fromUtf8(
                           decisionName(*r.decision).data(), qsizetype(decisionName(*r.decision).size()))
                                  : QStringLiteral("-"))
                   .arg(r.status)
                   .arg(r.outcome ? QString::fromUtf8(
                            clientOutcomeName(*r.outcome).data(), qsizetype(clientOutcomeName(*r.outcome).size()))
                                  : QStringLiteral("-"));
    }
    return out;
}

// The same scenario on a plain memory store, without any GUI: the baseline.
QStringList memoryDecisions(const Scenario& scenario)
{
    auto store = makeMemoryStore();
    Simulation sim(scenario, *store);
    sim.runToEnd();
    return decisionsOf(sim);
}

// A one-shot timer that dies with the test's scope: when the code under test never turns the event loop, the
// callback must not run later, on locals that are gone.
std::unique_ptr<QTimer> after(int ms, std::function<void()> callback)
{
    auto timer = std::make_unique<QTimer>();
    timer->setSingleShot(true);
    QObject::connect(timer.get(), &QTimer::timeout, std::move(callback));
    timer->start(ms);
    return timer;
}

bool havePostgres()
{
    return !qEnvironmentVariableIsEmpty("PGHOST") || !qEnvironmentVariableIsEmpty("PGPORT");
}

QString redisUrl()
{
    return qEnvironmentVariable("IW_REDIS_URL");
}

QString redisPrefix()
{
    return QStringLiteral("iwtest:storeswitch:%1:").arg(getpid());
}

// The keys under `prefix` on the Redis of IW_REDIS_URL (scripts/with-redis.sh: 127.0.0.1, no password); with
// `remove`, deletes them as well.
int redisKeysUnder(const QString& prefix, bool remove = false)
{
    const QUrl u(redisUrl());
    redisContext* ctx = redisConnect(u.host().toUtf8().constData(), u.port(6379));
    if (!ctx || ctx->err)
        return -1;
    int n = 0;
    std::string cursor = "0";
    const QByteArray match = (prefix + QStringLiteral("*")).toUtf8();
    do {
        auto* r = static_cast<redisReply*>(
            redisCommand(ctx, "SCAN %s MATCH %s COUNT 1000", cursor.c_str(), match.constData()));
        if (!r || r->type != REDIS_REPLY_ARRAY || r->elements != 2) {
            if (r)
                freeReplyObject(r);
            break;
        }
        cursor = std::string(r->element[0]->str, r->element[0]->len);
        for (std::size_t i = 0; i < r->element[1]->elements; ++i) {
            ++n;
            if (remove)
                freeReplyObject(
                    redisCommand(ctx, "DEL %b", r->element[1]->element[i]->str, r->element[1]->element[i]->len));
        }
        freeReplyObject(r);
    } while (cursor != "0");
    redisFree(ctx);
    return n;
}

std::string testSchema()
{
    return "iw_storeswitch_" + std::to_string(getpid());
}

} // namespace

class TestStoreSwitch : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void testEventsFlowDuringASlowCall();
    void testErrorsCrossTheThread();
    void testTimerTicksNeverReenterTheSimulation();
    void testDestructiveActionsWaitForTheCall();
    void testCloseWaitsForTheCall();
    void testFailedConnectStaysOnMemory_data();
    void testFailedConnectStaysOnMemory();
    void testRefusedSchemaStaysOnMemory_data();
    void testRefusedSchemaStaysOnMemory();
    void testPostgresGivesTheSameDecisions_data();
    void testPostgresGivesTheSameDecisions();
    void testLockedTableDoesNotFreezeTheWindow();
    void testDialogInstallsTheSchema();
    void testRedisGivesTheModelsDecisions_data();
    void testRedisGivesTheModelsDecisions();
    void testRedisFailureStaysOnMemory_data();
    void testRedisFailureStaysOnMemory();
    void testMysqlGivesTheModelsDecisions_data();
    void testMysqlGivesTheModelsDecisions();
    void testMysqlFailureStaysOnMemory_data();
    void testMysqlFailureStaysOnMemory();
    void testStoreMenuStaysUsableAfterPostgres();
    void testServerDialogs_data();
    void testServerDialogs();
    void testThreadedDynamoModelIsTheModel_data();
    void testThreadedDynamoModelIsTheModel();
};

void TestStoreSwitch::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("IdempotencyWorkbenchTests"));
    QLocale::setDefault(QLocale::c());
}

void TestStoreSwitch::cleanupTestCase()
{
    if (!havePostgres())
        return;
    PgAdmin admin;
    if (admin.ok()) {
        admin.exec("DROP SCHEMA IF EXISTS " + admin.ident(testSchema()) + " CASCADE");
        admin.exec("DROP SCHEMA IF EXISTS " + admin.ident(testSchema() + "_dialog") + " CASCADE");
    }
}

void TestStoreSwitch::testEventsFlowDuringASlowCall()
{
    auto knobs = std::make_shared<SlowStore::Knobs>();
    auto store = openSlowStore(knobs);
    QSignalSpy waiting(store.get(), &ThreadedStore::waitingChanged);

    int ticks = 0;
    QTimer timer;
    timer.setInterval(10);
    connect(&timer, &QTimer::timeout, this, [&] { ++ticks; });
    timer.start();
    bool inCallSeen = false;
    const auto probe = after(100, [&] { inCallSeen = store->inCall(); });

    knobs->delayMs = 500;
    QElapsedTimer clock;
    clock.start();
    const auto record = store->read(Scope { "42", "op", "k" });
    const qint64 elapsed = clock.elapsed();
    timer.stop();

    QVERIFY(!record);
    QVERIFY2(elapsed >= 450, qPrintable(QStringLiteral("the call returned after %1 ms").arg(elapsed)));
    // A 10 ms timer over half a second: dozens of ticks when the GUI thread turns its loop, none when it blocks.
    QVERIFY2(
        ticks >= 20, qPrintable(QStringLiteral("only %1 timer ticks during a %2 ms call").arg(ticks).arg(elapsed)));
    QVERIFY(inCallSeen);
    QVERIFY(!store->inCall());
    QCOMPARE(waiting.count(), 2);
    QCOMPARE(waiting.at(0).at(0).toBool(), true);
    QCOMPARE(waiting.at(1).at(0).toBool(), false);
}

void TestStoreSwitch::testErrorsCrossTheThread()
{
    auto knobs = std::make_shared<SlowStore::Knobs>();
    auto store = openSlowStore(knobs);
    knobs->failReads = true;
    try {
        store->read(Scope { "42", "op", "k" });
        QFAIL("the worker's StoreError did not reach the caller");
    } catch (const StoreError& e) {
        QCOMPARE(e.kind(), StoreError::Kind::Fatal);
        QCOMPARE(QString::fromStdString(e.what()), QStringLiteral("the slow store refused to read"));
    }
    QCOMPARE(store->connection(), ThreadedStore::Connection::Failed);
    QVERIFY(store->connectionMessage().contains(QStringLiteral("refused to read")));
    knobs->failReads = false;
    QVERIFY(!store->read(Scope { "42", "op", "k" }));
    QCOMPARE(store->connection(), ThreadedStore::Connection::Connected);
}

void TestStoreSwitch::testTimerTicksNeverReenterTheSimulation()
{
    // Playing at top speed while every store call takes longer than a timer tick, and a view reads the records as
    // the records table does: a tick that ran while such a read waits would find the store busy and turn into
    // store_unavailable decisions (Qt never fires one timer inside its own slot, so the reads are what exposes it).
    const Scenario scenario = preset("retry-while-running");
    const QStringList expected = memoryDecisions(scenario);
    QVERIFY(!expected.isEmpty());

    auto knobs = std::make_shared<SlowStore::Knobs>();
    RunController run;
    QVERIFY(run.setStore(openSlowStore(knobs)));
    run.load(scenario);
    QSignalSpy busy(&run, &RunController::busyChanged);
    QSignalSpy finished(&run, &RunController::finished);
    knobs->delayMs = 40;
    int viewReads = 0;
    QTimer view;
    view.setInterval(5);
    connect(&view, &QTimer::timeout, this, [&] {
        std::vector<Record> records;
        if (run.recordsForView(records))
            ++viewReads;
    });
    view.start();
    // Slow enough that the run spans many ticks, with view reads between them.
    run.setSpeed(1);
    run.play();
    QVERIFY(finished.wait(120000));
    view.stop();
    QCOMPARE(decisionsOf(run.simulation()), expected);
    QCOMPARE(knobs->maxConcurrent.load(), 1);
    QVERIFY2(busy.count() >= 2, "no store call outlasted the quick wait: the test did not test anything");
    QVERIFY2(viewReads >= 2, "the view never read the store: the test did not test anything");
    // Disabled while the database was waited for, Reset comes back once it answered, also after a slow read that
    // is the last thing to happen (the inspector's, say).
    std::vector<Record> records;
    QVERIFY(run.recordsForView(records));
    QVERIFY(!run.isBusy());
    QVERIFY(run.resetAction()->isEnabled());
}

void TestStoreSwitch::testDestructiveActionsWaitForTheCall()
{
    auto knobs = std::make_shared<SlowStore::Knobs>();
    RunController run;
    QVERIFY(run.setStore(openSlowStore(knobs)));
    const Scenario first = preset("double-submit");
    const Scenario second = preset("payload-mismatch");
    run.load(first);
    QSignalSpy resets(&run, &RunController::resetDone);
    QSignalSpy loads(&run, &RunController::scenarioLoaded);

    knobs->delayMs = 60;
    const Simulation* before = &run.simulation();
    bool busyThen = false;
    bool sameSimulationThen = false;
    int resetsThen = -1;
    const auto meanwhile = after(30, [&] {
        busyThen = run.isBusy();
        run.reset();
        run.load(second);
        run.stepEvent();
        sameSimulationThen = &run.simulation() == before;
        resetsThen = resets.count();
    });
    run.runToEnd();
    // The run went to its end on the first scenario: nothing was rewound or replaced under it.
    QVERIFY(busyThen);
    QVERIFY(sameSimulationThen);
    QCOMPARE(resetsThen, 0);
    QCOMPARE(QString::fromStdString(run.scenario().name), QString::fromStdString(first.name));
    QVERIFY(run.isFinished());
    QCOMPARE(decisionsOf(run.simulation()), memoryDecisions(first));

    // Then what was asked meanwhile happens, in order: the rewind, the new scenario, one step of it.
    knobs->delayMs = 0;
    QTRY_COMPARE_WITH_TIMEOUT(loads.count(), 1, 10000);
    QTRY_VERIFY_WITH_TIMEOUT(!run.isBusy(), 10000);
    QCOMPARE(resets.count(), 2);
    QCOMPARE(QString::fromStdString(run.scenario().name), QString::fromStdString(second.name));
    QCOMPARE(run.simulation().events().empty(), false);
}

void TestStoreSwitch::testCloseWaitsForTheCall()
{
    auto knobs = std::make_shared<SlowStore::Knobs>();
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    RunController* run = window.runController();
    QVERIFY(run->setStore(openSlowStore(knobs)));
    QVERIFY(window.status()->storeText().contains(QStringLiteral("slow memory")));
    run->load(preset("double-submit"));
    knobs->delayMs = 60;
    bool closedThen = true;
    const auto closer = after(30, [&] { closedThen = window.close(); });
    run->runToEnd();
    QVERIFY2(!closedThen, "the window closed while a store call was on the stack");
    QVERIFY(window.isVisible());
    QVERIFY(run->isFinished());
    QTRY_VERIFY_WITH_TIMEOUT(!window.isVisible(), 10000);
}

void TestStoreSwitch::testFailedConnectStaysOnMemory_data()
{
    QTest::addColumn<QString>("conninfo");
    QTest::addColumn<QString>("sentence");
    QTest::newRow("unparseable_conninfo") << QStringLiteral("host='never closed") << QStringLiteral("does not parse");
    // Port 1 on the loopback: refused at once, no timeout to wait for.
    QTest::newRow("refused") << QStringLiteral("host=127.0.0.1 port=1 connect_timeout=5")
                             << QStringLiteral("could not connect");
}

void TestStoreSwitch::testFailedConnectStaysOnMemory()
{
    QFETCH(QString, conninfo);
    QFETCH(QString, sentence);
    MainWindow window;
    window.show();
    const QString error
        = window.storeSwitch()->usePostgresStore(conninfo, QStringLiteral("idempotency_workbench"), true);
    QVERIFY2(error.contains(sentence), qPrintable(error));
    QVERIFY(error.contains(QStringLiteral("stays on the memory store")));
    QCOMPARE(window.runController()->store().kind(), std::string("memory"));
    QCOMPARE(window.status()->storeText(), QStringLiteral("store: memory"));
    QVERIFY2(window.status()->connectionText().contains(sentence), qPrintable(window.status()->connectionText()));
    // And the workbench goes on working on memory.
    window.openScenario(presetPath("double-submit"));
    window.runController()->runToEnd();
    QCOMPARE(decisionsOf(window.runController()->simulation()), memoryDecisions(preset("double-submit")));
}

void TestStoreSwitch::testRefusedSchemaStaysOnMemory_data()
{
    // The store switch refuses what the command line refuses (issue 23): a system schema, whether the switch
    // installs (installSchema) or only uses the schema (the store is emptied first), and a conninfo value libpq
    // refuses before connecting.
    QTest::addColumn<QString>("conninfo");
    QTest::addColumn<QString>("schema");
    QTest::addColumn<bool>("create");
    QTest::addColumn<QString>("sentence");
    QTest::addColumn<bool>("needsServer");
    QTest::newRow("information_schema, installing") << QString() << QStringLiteral("information_schema") << true
                                                    << QStringLiteral("is a PostgreSQL system schema") << true;
    QTest::newRow("pg_catalog, without installing") << QString() << QStringLiteral("pg_catalog") << false
                                                    << QStringLiteral("is a PostgreSQL system schema") << true;
    QTest::newRow("sslmode=bogus") << QStringLiteral("sslmode=bogus") << QStringLiteral("idempotency_workbench") << true
                                   << QStringLiteral("invalid sslmode value") << false;
}

void TestStoreSwitch::testRefusedSchemaStaysOnMemory()
{
    QFETCH(QString, conninfo);
    QFETCH(QString, schema);
    QFETCH(bool, create);
    QFETCH(QString, sentence);
    QFETCH(bool, needsServer);
    if (needsServer && !havePostgres())
        QSKIP("no PostgreSQL configured (PGHOST/PGPORT unset): run under scripts/with-postgres.sh");
    MainWindow window;
    window.show();
    const QString error = window.storeSwitch()->usePostgresStore(conninfo, schema, create);
    QVERIFY2(error.contains(sentence), qPrintable(error));
    QCOMPARE(window.runController()->store().kind(), std::string("memory"));
}

void TestStoreSwitch::testPostgresGivesTheSameDecisions_data()
{
    QTest::addColumn<QString>("name");
    for (const char* name : { "double-submit", "retry-while-running", "check-then-insert-race",
             "late-retry-after-sweep-tombstone", "crash-after-effect-lease" })
        QTest::newRow(name) << QString::fromLatin1(name);
}

void TestStoreSwitch::testPostgresGivesTheSameDecisions()
{
    if (!havePostgres())
        QSKIP("no PostgreSQL configured (PGHOST/PGPORT unset): run under scripts/with-postgres.sh");
    QFETCH(QString, name);
    const Scenario scenario = preset(name.toLatin1().constData());
    const QStringList expected = memoryDecisions(scenario);

    MainWindow window;
    window.show();
    const QString schema = QString::fromStdString(testSchema());
    const QString error = window.storeSwitch()->usePostgresStore(QString(), schema, true);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY2(
        window.status()->storeText().contains(QStringLiteral("PostgreSQL")), qPrintable(window.status()->storeText()));
    QCOMPARE(window.status()->connectionText(), QStringLiteral("connected"));

    window.openScenario(presetPath(name.toLatin1().constData()));
    RunController* run = window.runController();
    QCOMPARE(run->store().kind(), std::string("postgres"));
    run->runToEnd();
    QCOMPARE(decisionsOf(run->simulation()), expected);
    // The records the window lists came from the database, and match the memory store's.
    auto memory = makeMemoryStore();
    Simulation baseline(scenario, *memory);
    baseline.runToEnd();
    QCOMPARE(run->store().records().size(), memory->records().size());
    QCOMPARE(run->simulation().summary().effects, baseline.summary().effects);

    // The inspector of the first request lists the SQL the store ran for it, with results.
    window.selection()->select(0, run->simulation().requests()[0].scope);
    const QString details = window.inspector()->detailsText();
    QVERIFY2(details.contains(QStringLiteral("SQL run for this request")), qPrintable(details));
    QVERIFY2(details.contains(QStringLiteral("INSERT INTO")), qPrintable(details));
    QVERIFY2(!run->statementsOf(0).empty(), "no statement attributed to r1");

    // Switching back to memory reloads the scenario there, with the same decisions again.
    window.storeSwitch()->useMemoryStore();
    QCOMPARE(run->store().kind(), std::string("memory"));
    QCOMPARE(window.status()->storeText(), QStringLiteral("store: memory"));
    QCOMPARE(QString::fromStdString(run->scenario().name), QString::fromStdString(scenario.name));
    run->runToEnd();
    QCOMPARE(decisionsOf(run->simulation()), expected);
    QVERIFY(run->statementsOf(0).empty());
}

void TestStoreSwitch::testLockedTableDoesNotFreezeTheWindow()
{
    if (!havePostgres())
        QSKIP("no PostgreSQL configured (PGHOST/PGPORT unset): run under scripts/with-postgres.sh");
    const Scenario scenario = preset("double-submit");
    MainWindow window;
    window.show();
    const QString error = window.storeSwitch()->usePostgresStore(QString(), QString::fromStdString(testSchema()), true);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    window.openScenario(presetPath("double-submit"));
    RunController* run = window.runController();

    // A second connection holds the records table: the first claim waits for it.
    PgAdmin admin;
    QVERIFY2(admin.ok(), admin.error().c_str());
    // Should the window block instead of waiting in its event loop, nothing would commit: the server ends the
    // holder's session after a few seconds, so such a failure shows as a failure, not a hang.
    admin.exec("SET idle_in_transaction_session_timeout = '5s'");
    admin.exec("BEGIN");
    admin.exec("LOCK TABLE " + admin.ident(testSchema()) + ".request_idempotency IN ACCESS EXCLUSIVE MODE");
    QCOMPARE(QString::fromStdString(admin.value("SELECT count(*) FROM pg_locks WHERE mode = 'AccessExclusiveLock' "
                                                "AND relation = '"
                 + admin.ident(testSchema()) + ".request_idempotency'::regclass")),
        QStringLiteral("1"));
    int ticks = 0;
    QString waitingText;
    QTimer timer;
    timer.setInterval(10);
    connect(&timer, &QTimer::timeout, this, [&] {
        ++ticks;
        if (ticks == 10)
            waitingText = window.status()->connectionText();
    });
    timer.start();
    const auto release = after(800, [&] { admin.exec("COMMIT"); });
    QElapsedTimer clock;
    clock.start();
    run->runToEnd();
    const qint64 elapsed = clock.elapsed();
    timer.stop();

    QVERIFY2(elapsed >= 700, qPrintable(QStringLiteral("the run did not wait for the lock (%1 ms)").arg(elapsed)));
    // A blocked event loop would give one tick (a timer's missed timeouts are not queued); a loaded machine under
    // the sanitizers gives 27 of the 80 a quiet one would, so ten show the loop turning without timing the machine.
    QVERIFY2(ticks >= 10, qPrintable(QStringLiteral("only %1 timer ticks in %2 ms").arg(ticks).arg(elapsed)));
    QVERIFY2(waitingText.contains(QStringLiteral("waiting for the database")), qPrintable(waitingText));
    QCOMPARE(decisionsOf(run->simulation()), memoryDecisions(scenario));
    QCOMPARE(window.status()->connectionText(), QStringLiteral("connected"));
}

void TestStoreSwitch::testDialogInstallsTheSchema()
{
    if (!havePostgres())
        QSKIP("no PostgreSQL configured (PGHOST/PGPORT unset): run under scripts/with-postgres.sh");
    const std::string schema = testSchema() + "_dialog";
    PgAdmin admin;
    QVERIFY2(admin.ok(), admin.error().c_str());
    admin.exec("DROP SCHEMA IF EXISTS " + admin.ident(schema) + " CASCADE");

    StoreDialog dialog;
    dialog.setConninfo(QString());
    dialog.setSchema(QString::fromStdString(schema));
    QSignalSpy finished(&dialog, &StoreDialog::installFinished);
    dialog.installSchema();
    QCOMPARE(finished.count(), 1);
    QCOMPARE(finished.at(0).at(0).toBool(), true);
    QVERIFY2(dialog.resultText().contains(QStringLiteral("created schema %1").arg(QString::fromStdString(schema))),
        qPrintable(dialog.resultText()));
    QCOMPARE(QString::fromStdString(
                 admin.value("SELECT count(*) FROM information_schema.tables WHERE table_schema = '" + schema + "'")),
        QStringLiteral("4"));
    dialog.installSchema();
    QVERIFY2(dialog.resultText().contains(QStringLiteral("already complete")), qPrintable(dialog.resultText()));

    // A password typed in the conninfo is used, never remembered.
    StoreDialog::remember(QStringLiteral("host=db.example user=me password=hunter2"), QStringLiteral("s"));
    StoreDialog reopened;
    QVERIFY2(!reopened.conninfo().contains(QStringLiteral("hunter2")), qPrintable(reopened.conninfo()));
    QVERIFY(reopened.conninfo().contains(QStringLiteral("db.example")));

    dialog.setConninfo(QStringLiteral("host='never closed"));
    dialog.installSchema();
    QCOMPARE(finished.last().at(0).toBool(), false);
    QVERIFY2(dialog.resultText().contains(QStringLiteral("does not parse")), qPrintable(dialog.resultText()));
}

// Issue 42 item 9: after a run, a reset, another preset or a fall back to memory on PostgreSQL, the Store menu still
// answers (it stayed disabled until a restart: its items were disabled while the run's own work was on the stack).
void TestStoreSwitch::testStoreMenuStaysUsableAfterPostgres()
{
    if (!havePostgres())
        QSKIP("no PostgreSQL configured (PGHOST/PGPORT unset): run under scripts/with-postgres.sh");
    MainWindow window;
    window.show();
    StoreSwitch* store = window.storeSwitch();
    RunController* run = window.runController();
    const auto usable = [&](const char* after) {
        QCoreApplication::processEvents();
        QVERIFY2(store->memoryAction()->isEnabled(), after);
        QVERIFY2(store->postgresAction()->isEnabled(), after);
    };
    const QString schema = QString::fromStdString(testSchema());
    const QString error = store->usePostgresStore(QString(), schema, true);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    usable("after the switch");
    window.openScenario(presetPath("retry-while-running"));
    usable("after opening a preset on PostgreSQL");
    run->runToEnd();
    QCOMPARE(run->store().kind(), std::string("postgres"));
    usable("after a run");
    run->reset();
    usable("after Reset");
    // A Redis preset runs on the embedded Redis model: the workbench falls back, and says so.
    window.openScenario(presetPath("redis-set-nx-px-after-crash"));
    QVERIFY(run->store().kind() != "postgres");
    usable("after falling back from PostgreSQL");
    store->useMemoryStore();
    usable("after going back to memory");
    QCOMPARE(run->store().kind(), std::string("memory"));
    QVERIFY(store->memoryAction()->isChecked());
}

void TestStoreSwitch::testServerDialogs_data()
{
    QTest::addColumn<QString>("engine");
    QTest::addColumn<QString>("bad"); // the first field's text that does not parse
    QTest::addColumn<QString>("good"); // one that does, with a password in it
    QTest::addColumn<QString>("settingsKey");
    QTest::newRow("redis") << QStringLiteral("redis") << QStringLiteral("ftp://x")
                           << QStringLiteral("redis://:s3cret@127.0.0.1:6390/0") << QStringLiteral("store/redisUrl");
    QTest::newRow("mysql") << QStringLiteral("mysql") << QStringLiteral("nonsense")
                           << QStringLiteral("host=127.0.0.1 port=3306 user=iw password=s3cret dbname=iw")
                           << QStringLiteral("store/mysqlConninfo");
}

void TestStoreSwitch::testServerDialogs()
{
    // The Redis and MySQL dialogs share their shape (ServerStoreDialog): the first field has the focus and Tab goes
    // through the fields before the buttons; input that does not parse keeps the dialog open with one sentence;
    // good input closes it and is remembered without its password.
    QFETCH(QString, engine);
    QFETCH(QString, bad);
    QFETCH(QString, good);
    QFETCH(QString, settingsKey);
    QSettings().remove(settingsKey);
    std::unique_ptr<ServerStoreDialog> dialog;
    if (engine == QLatin1String("redis"))
        dialog = std::make_unique<RedisStoreDialog>();
    else
        dialog = std::make_unique<MysqlStoreDialog>();
    dialog->show();
    QVERIFY(QTest::qWaitForWindowExposed(dialog.get()));
    const QList<QLineEdit*> edits = dialog->findChildren<QLineEdit*>(Qt::FindDirectChildrenOnly);
    QCOMPARE(edits.size(), 2);
    QTRY_COMPARE(dialog->focusWidget(), static_cast<QWidget*>(edits[0]));
    QList<QWidget*> order; // what Tab reaches from the first field
    QWidget* w = edits[0];
    for (int i = 0; i < 100 && order.size() < 3; ++i, w = w->nextInFocusChain())
        if ((w->focusPolicy() & Qt::TabFocus) && w->isVisibleTo(dialog.get()))
            order << w;
    QCOMPARE(order.size(), 3);
    QCOMPARE(order[1], static_cast<QWidget*>(edits[1]));
    auto* use = qobject_cast<QPushButton*>(order[2]);
    QVERIFY(use && use->isDefault());

    edits[0]->setText(bad);
    dialog->accept();
    QVERIFY(dialog->isVisible());
    QVERIFY(dialog->resultText().endsWith(QLatin1Char('.')));
    QVERIFY(!QSettings().contains(settingsKey));

    edits[0]->setText(good);
    dialog->accept();
    QVERIFY(!dialog->isVisible());
    QCOMPARE(dialog->result(), int(QDialog::Accepted));
    QCOMPARE(dialog->resultText(), QString());
    const QString remembered = QSettings().value(settingsKey).toString();
    QVERIFY2(remembered.contains(QLatin1String("127.0.0.1")) && !remembered.contains(QLatin1String("s3cret")),
        qPrintable(remembered));
}

void TestStoreSwitch::testThreadedDynamoModelIsTheModel_data()
{
    QTest::addColumn<QString>("name");
    for (const char* name : { "dynamodb-large-response-never-completes", "dynamodb-late-retry-expired-item",
             "dynamodb-eventually-consistent-read", "dynamodb-clock-skew-early-expiry" })
        QTest::newRow(name) << QString::fromLatin1(name);
}

// A DynamoDB model behind the worker thread answers every question the process asks it — the conditional PutItem, the
// eventually consistent read, the item cap — as it does alone: the same decisions, and the cap's events.
void TestStoreSwitch::testThreadedDynamoModelIsTheModel()
{
    QFETCH(QString, name);
    const Scenario scenario = preset(name.toLatin1().constData());
    QCOMPARE(scenario.service.storeEngine, StoreEngine::Dynamodb);
    auto alone = makeModelStore(scenario.service);
    Simulation direct(scenario, *alone);
    direct.runToEnd();

    ThreadedStore threaded(QStringLiteral("DynamoDB model"));
    threaded.open([&](ThreadedStore&) { return makeModelStore(scenario.service); });
    QCOMPARE(threaded.engine(), StoreEngine::Dynamodb);
    Simulation behind(scenario, threaded);
    behind.runToEnd();
    QCOMPARE(decisionsOf(behind), decisionsOf(direct));
    const auto count = [](const Simulation& sim, EventKind kind) {
        int n = 0;
        for (const LifecycleEvent& e : sim.events())
            n += e.kind == kind;
        return n;
    };
    QCOMPARE(count(behind, EventKind::ItemTooLarge), count(direct, EventKind::ItemTooLarge));
    QCOMPARE(count(behind, EventKind::StaleRead), count(direct, EventKind::StaleRead));
    if (name.contains(QLatin1String("large-response")))
        QVERIFY(count(direct, EventKind::ItemTooLarge) > 0); // the preset meets the cap
}

QTEST_MAIN(TestStoreSwitch)
void TestStoreSwitch::testRedisGivesTheModelsDecisions_data()
{
    QTest::addColumn<QString>("name");
    for (const char* name : { "redis-claim-expires-slow-handler", "redis-set-nx-px-after-crash",
             "redis-hset-expire-after-crash", "powertools-redis-orphan-race" })
        QTest::newRow(name) << QString::fromLatin1(name);
}

void TestStoreSwitch::testRedisGivesTheModelsDecisions()
{
    // The window's store switch runs a Redis scenario on a real server, as `run --store redis --redis URL` does,
    // with the decisions of the embedded Redis model.
    if (redisUrl().isEmpty())
        QSKIP("no Redis configured (IW_REDIS_URL; run through scripts/with-postgres.sh, which starts one)");
    QFETCH(QString, name);
    const Scenario scenario = preset(name.toLatin1().constData());
    QCOMPARE(scenario.service.storeEngine, StoreEngine::Redis);
    auto model = makeModelStore(scenario.service);
    Simulation baseline(scenario, *model);
    baseline.runToEnd();
    const QStringList expected = decisionsOf(baseline);

    MainWindow window;
    window.show();
    window.openScenario(presetPath(name.toLatin1().constData()));
    const auto cleanup = qScopeGuard([] { redisKeysUnder(redisPrefix(), true); });
    const QString error = window.storeSwitch()->useRedisStore(redisUrl(), redisPrefix());
    QVERIFY2(error.isEmpty(), qPrintable(error));
    RunController* run = window.runController();
    QCOMPARE(run->store().kind(), std::string("redis"));
    QCOMPARE(run->store().engine(), StoreEngine::Redis);
    QVERIFY2(
        window.status()->storeText().contains(QStringLiteral("Redis at ")), qPrintable(window.status()->storeText()));
    QCOMPARE(window.status()->connectionText(), QStringLiteral("connected"));
    QVERIFY(window.storeSwitch()->redisAction()->isChecked());
    run->runToEnd();
    QCOMPARE(decisionsOf(run->simulation()), expected);
    QCOMPARE(run->simulation().summary().effects, baseline.summary().effects);
    // The records were written to the server, under the prefix chosen (at least the prefix's mark).
    QVERIFY(redisKeysUnder(redisPrefix()) >= 1);

    // Back on memory: the scenario reloads on the embedded model, with the same decisions again.
    window.storeSwitch()->useMemoryStore();
    QCOMPARE(run->store().kind(), std::string("memory"));
    QVERIFY(window.storeSwitch()->memoryAction()->isChecked());
    run->runToEnd();
    QCOMPARE(decisionsOf(run->simulation()), expected);
}

void TestStoreSwitch::testRedisFailureStaysOnMemory_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<QString>("sentence");
    QTest::newRow("url does not parse") << QStringLiteral("redis://127.0.0.1:notaport/0")
                                        << QStringLiteral("redis-set-nx-px-after-crash")
                                        << QStringLiteral("the port \"notaport\" is not a number");
    // Port 1 on the loopback: refused at once.
    QTest::newRow("refused") << QStringLiteral("redis://127.0.0.1:1/0") << QStringLiteral("redis-set-nx-px-after-crash")
                             << QStringLiteral("cannot connect");
    QTest::newRow("a scenario of the sql engine")
        << QStringLiteral("redis://127.0.0.1:1/0") << QStringLiteral("double-submit")
        << QStringLiteral("runs only scenarios of the redis engine");
}

void TestStoreSwitch::testRedisFailureStaysOnMemory()
{
    QFETCH(QString, url);
    QFETCH(QString, scenario);
    QFETCH(QString, sentence);
    MainWindow window;
    window.show();
    window.openScenario(presetPath(scenario.toLatin1().constData()));
    QElapsedTimer clock;
    clock.start();
    const QString error = window.storeSwitch()->useRedisStore(url, redisPrefix());
    QVERIFY2(error.contains(sentence), qPrintable(error));
    QVERIFY2(error.startsWith(QStringLiteral("Could not switch to Redis: ")), qPrintable(error));
    QVERIFY(error.contains(QStringLiteral("stays on the memory store")));
    QVERIFY2(!error.contains(QStringLiteral("--redis")), qPrintable(error));
    QCOMPARE(window.runController()->store().kind(), std::string("memory"));
    QCOMPARE(window.status()->storeText(), QStringLiteral("store: memory"));
    QVERIFY(window.storeSwitch()->memoryAction()->isChecked());
    QVERIFY2(window.status()->connectionText().contains(sentence), qPrintable(window.status()->connectionText()));
}

void TestStoreSwitch::testMysqlGivesTheModelsDecisions_data()
{
    QTest::addColumn<QString>("name");
    for (const char* name :
        { "mysql-same-key-deadlock", "mysql-same-key-deadlock-retry", "mysql-insert-ignore-truncated-key" })
        QTest::newRow(name) << QString::fromLatin1(name);
}

void TestStoreSwitch::testMysqlGivesTheModelsDecisions()
{
    // The window's store switch runs a MySQL scenario on a real MariaDB, as `run --store mysql --conninfo …` does,
    // with the decisions of the embedded MySQL model (the deadlock's victims the server's own).
    const QString conninfo = qEnvironmentVariable("IW_MYSQL_CONNINFO");
    if (conninfo.isEmpty())
        QSKIP("no MariaDB configured (IW_MYSQL_CONNINFO; run through scripts/with-postgres.sh, which starts one)");
    QFETCH(QString, name);
    const Scenario scenario = preset(name.toLatin1().constData());
    QCOMPARE(scenario.service.storeEngine, StoreEngine::Mysql);
    auto model = makeModelStore(scenario.service);
    Simulation baseline(scenario, *model);
    baseline.runToEnd();
    const QStringList expected = decisionsOf(baseline);

    MainWindow window;
    window.show();
    window.openScenario(presetPath(name.toLatin1().constData()));
    const QString error = window.storeSwitch()->useMysqlStore(conninfo);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    RunController* run = window.runController();
    QCOMPARE(run->store().kind(), std::string("mysql"));
    QCOMPARE(run->store().engine(), StoreEngine::Mysql);
    QVERIFY2(window.status()->storeText().contains(QStringLiteral("MariaDB at 127.0.0.1:")),
        qPrintable(window.status()->storeText()));
    QCOMPARE(window.status()->connectionText(), QStringLiteral("connected"));
    QVERIFY(window.storeSwitch()->mysqlAction()->isChecked());
    run->runToEnd();
    QCOMPARE(decisionsOf(run->simulation()), expected);
    QCOMPARE(run->simulation().summary().effects, baseline.summary().effects);
    QCOMPARE(run->store().records().size(), model->records().size());

    // A MySQL scenario of another shape (its claim statement, key column) runs on the model, and the window says so.
    const char* other = name == QLatin1String("mysql-insert-ignore-truncated-key")
        ? "mysql-same-key-deadlock"
        : "mysql-insert-ignore-truncated-key";
    window.openScenario(presetPath(other));
    QCOMPARE(run->store().kind(), std::string("memory"));
    QCOMPARE(run->store().engine(), StoreEngine::Mysql);
}

void TestStoreSwitch::testMysqlFailureStaysOnMemory_data()
{
    QTest::addColumn<QString>("conninfo");
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<QString>("sentence");
    QTest::newRow("conninfo does not parse")
        << QStringLiteral("host=127.0.0.1 port=notaport dbname=iw") << QStringLiteral("mysql-same-key-deadlock")
        << QStringLiteral("port \"notaport\" at character 16 is not a port number");
    // Port 1 on the loopback: refused at once.
    QTest::newRow("refused") << QStringLiteral("host=127.0.0.1 port=1 user=iw dbname=iw")
                             << QStringLiteral("mysql-same-key-deadlock")
                             << QStringLiteral("cannot reach MariaDB at 127.0.0.1:1");
    QTest::newRow("a scenario of the sql engine")
        << QStringLiteral("host=127.0.0.1 port=1 dbname=iw") << QStringLiteral("double-submit")
        << QStringLiteral("runs only scenarios of the mysql engine");
}

void TestStoreSwitch::testMysqlFailureStaysOnMemory()
{
    QFETCH(QString, conninfo);
    QFETCH(QString, scenario);
    QFETCH(QString, sentence);
    MainWindow window;
    window.show();
    window.openScenario(presetPath(scenario.toLatin1().constData()));
    const QString error = window.storeSwitch()->useMysqlStore(conninfo, QStringLiteral("secret-password"));
    QVERIFY2(error.contains(sentence), qPrintable(error));
    QVERIFY2(error.startsWith(QStringLiteral("Could not switch to MySQL: ")), qPrintable(error));
    QVERIFY(error.contains(QStringLiteral("stays on the memory store")));
    QVERIFY2(!error.contains(QStringLiteral("--conninfo")), qPrintable(error));
    QVERIFY2(!error.contains(QStringLiteral("secret-password")), qPrintable(error));
    QCOMPARE(window.runController()->store().kind(), std::string("memory"));
    QCOMPARE(window.status()->storeText(), QStringLiteral("store: memory"));
    QVERIFY(window.storeSwitch()->memoryAction()->isChecked());
    QVERIFY2(window.status()->connectionText().contains(sentence), qPrintable(window.status()->connectionText()));
}

#include "tst_storeswitch.moc"
