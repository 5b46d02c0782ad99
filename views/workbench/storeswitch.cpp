// The Store menu (see storeswitch.h).
#include "storeswitch.h"

#include "stdtext.h"

#include "mysqlstoredialog.h"
#include "pgstore.h"
#include "redisstoredialog.h"
#include "runcontroller.h"
#include "storedialog.h"
#include "storeengine.h"
#include "storesetup.h"
#include "threadedstore.h"

#include <QAction>
#include <QActionGroup>
#include <QDialog>
#include <QStyle>
#include <QWidget>

#include <algorithm>

namespace iw {

StoreSwitch::StoreSwitch(RunController* run, QWidget* window)
    : QObject(window)
    , m_run(run)
    , m_window(window)
{
    QStyle* s = window->style();
    auto* stores = new QActionGroup(this);
    m_memory = new QAction(s->standardIcon(QStyle::SP_ComputerIcon), QString(), stores);
    m_memory->setCheckable(true);
    m_memory->setChecked(true);
    connect(m_memory, &QAction::triggered, this, &StoreSwitch::useMemoryStore);
    m_postgres = new QAction(s->standardIcon(QStyle::SP_DriveNetIcon), QString(), stores);
    m_postgres->setCheckable(true);
    connect(m_postgres, &QAction::triggered, this, &StoreSwitch::choosePostgresStore);
    m_redis = new QAction(s->standardIcon(QStyle::SP_DriveNetIcon), QString(), stores);
    m_redis->setCheckable(true);
    connect(m_redis, &QAction::triggered, this, &StoreSwitch::chooseRedisStore);
    m_mysql = new QAction(s->standardIcon(QStyle::SP_DriveNetIcon), QString(), stores);
    m_mysql->setCheckable(true);
    connect(m_mysql, &QAction::triggered, this, &StoreSwitch::chooseMysqlStore);

    connect(m_run, &RunController::busyChanged, this, [this] {
        syncActions();
        Q_EMIT changed();
    });
    connect(m_run, &RunController::storeChanged, this, [this] {
        if (ThreadedStore* store = m_run->threadedStore())
            connect(store, &ThreadedStore::connectionChanged, this, &StoreSwitch::changed, Qt::UniqueConnection);
        syncActions();
        Q_EMIT changed();
    });
    connect(m_run, &RunController::storeFailed, this, &StoreSwitch::onStoreFailed);
}

void StoreSwitch::retranslate()
{
    m_memory->setText(tr("&Memory"));
    m_memory->setToolTip(tr("Keep idempotency records in the embedded store: no database needed"));
    m_postgres->setText(tr("&PostgreSQL…"));
    m_postgres->setToolTip(tr("Run the scenarios against real tables in a PostgreSQL database of yours (its own "
                              "schema), with the same decisions as the memory store"));
    m_redis->setText(tr("&Redis…"));
    m_redis->setToolTip(tr("Run the scenarios of the Redis store engine against a real Redis server (keys under the "
                           "workbench's own prefix), with the same decisions as the embedded Redis model"));
    m_mysql->setText(tr("M&ySQL…"));
    m_mysql->setToolTip(tr("Run the scenarios of the MySQL store engine against a real MariaDB or MySQL server (a "
                           "database of the workbench's own), with the same decisions as the embedded MySQL model"));
}

QString StoreSwitch::storeText() const
{
    if (const ThreadedStore* store = m_run->threadedStore()) {
        return tr("store: %1")
            .arg(store == m_postgresStore ? tr("PostgreSQL, schema %1").arg(m_postgresSchema) : store->description());
    }
    return tr("store: memory");
}

QString StoreSwitch::connectionText() const
{
    const ThreadedStore* store = m_run->threadedStore();
    if (!store) {
        if (m_connecting)
            return tr("connecting to %1…").arg(m_connectingTo);
        if (!m_problem.isEmpty())
            return m_problem;
        return tr("embedded, no database");
    }
    QString connection;
    switch (store->connection()) {
    case ThreadedStore::Connection::Connecting:
        connection = tr("connecting…");
        break;
    case ThreadedStore::Connection::Connected:
        connection = tr("connected");
        break;
    case ThreadedStore::Connection::Reconnecting:
        connection = tr("connection lost, reconnecting: %1").arg(store->connectionMessage());
        break;
    case ThreadedStore::Connection::Failed:
        connection = tr("error: %1").arg(store->connectionMessage());
        break;
    }
    if (store->inCall())
        connection += QStringLiteral(" ") + tr("(waiting for the database…)");
    return connection;
}

void StoreSwitch::syncActions()
{
    const ThreadedStore* threaded = m_run->threadedStore();
    const bool redis = threaded && threaded->kind() == "redis";
    const bool mysql = threaded && threaded->kind() == "mysql";
    m_memory->setChecked(!threaded);
    m_postgres->setChecked(threaded && !redis && !mysql);
    m_redis->setChecked(redis);
    m_mysql->setChecked(mysql);
    // Switching destroys the simulation: never while a call of it waits for the database. Only that wait lets the
    // user reach the menu: the run's own work (a reset, a load, a step that fell back to memory) ends before the
    // next event, so it must not leave the menu disabled behind it.
    const bool idle = !m_run->waitingForStore() && !m_connecting;
    m_memory->setEnabled(idle);
    m_postgres->setEnabled(idle);
    m_redis->setEnabled(idle);
    m_mysql->setEnabled(idle);
}

void StoreSwitch::onStoreFailed(const QString& sentence)
{
    m_problem = sentence;
    syncActions();
    Q_EMIT changed();
    Q_EMIT message(sentence, 20000);
}

void StoreSwitch::useMemoryStore()
{
    m_problem.clear();
    if (!m_run->threadedStore()) {
        syncActions();
        Q_EMIT changed();
        return;
    }
    m_run->setStore(makeModelStore(m_run->scenario().service)); // deferred while a call waits for the database
    Q_EMIT message(tr("Back on the memory store; the scenario reloaded at t = 0."), 8000);
}

void StoreSwitch::choosePostgresStore()
{
    syncActions(); // the radio item stays on the current store until the switch succeeds
    StoreDialog dialog(m_window);
    if (dialog.exec() != QDialog::Accepted)
        return;
    usePostgresStore(dialog.conninfo(), dialog.schema(), dialog.createSchema(), dialog.transactionPooler());
}

QString StoreSwitch::usePostgresStore(
    const QString& conninfo, const QString& schema, bool createSchema, bool transactionPooler)
{
    if (m_connecting || m_run->isBusy())
        return tr("The store is busy; switch once the database has answered.");
    const std::string info = conninfo.toStdString();
    const std::string schemaName = schema.toStdString();
    const auto couldNot = [this](const QString& why) {
        return tr("Could not switch to PostgreSQL: %1. The workbench stays on the %2 store.")
            .arg(why, fromStd(m_run->store().kind()));
    };
    if (const std::string problem = conninfoProblem(info); !problem.empty()) {
        onStoreFailed(couldNot(fromStd(problem)));
        return m_problem;
    }
    auto store = std::make_unique<ThreadedStore>(tr("PostgreSQL, schema %1").arg(schema));
    // The status bar names this store in the language in use, not in the one it was opened in.
    m_postgresStore = store.get();
    m_postgresSchema = schema;
    const auto pooling = transactionPooler ? PostgresStore::Pooling::Transaction : PostgresStore::Pooling::Session;
    // On the worker: connecting to an unreachable host takes up to connect_timeout.
    return switchTo(
        std::move(store), tr("PostgreSQL"),
        [info, schemaName, createSchema, pooling](ThreadedStore& self) {
            auto pg = PostgresStore::connect(info, schemaName, pooling);
            if (createSchema)
                pg->installSchema();
            pg->setStatementObserver(
                [&self](const std::string& sql, const std::string& result) { self.recordStatement(sql, result); });
            return std::unique_ptr<IdempotencyStore>(std::move(pg));
        },
        couldNot, tr("Now on PostgreSQL (schema %1); the scenario reloaded at t = 0.").arg(schema));
}

void StoreSwitch::chooseRedisStore()
{
    syncActions(); // the radio item stays on the current store until the switch succeeds
    RedisStoreDialog dialog(m_window);
    if (dialog.exec() != QDialog::Accepted)
        return;
    useRedisStore(dialog.url(), dialog.prefix());
}

QString StoreSwitch::useRedisStore(const QString& urlText, const QString& prefix)
{
    if (m_connecting || m_run->isBusy())
        return tr("The store is busy; switch once the database has answered.");
    const RedisStoreOpening opening = redisStoreOpening(urlText, prefix);
    const auto couldNot = [this](const QString& why) {
        return tr("Could not switch to Redis: %1. The workbench stays on the %2 store.")
            .arg(why, fromStd(m_run->store().kind()));
    };
    if (!opening.problem.isEmpty()) {
        onStoreFailed(couldNot(opening.problem));
        return m_problem;
    }
    if (m_run->scenario().service.storeEngine != StoreEngine::Redis) {
        // The server would be dropped at once for the embedded model of the scenario's engine: say so instead.
        onStoreFailed(tr("Could not switch to Redis: the scenario open runs on the %1 store engine, and a Redis "
                         "server runs only scenarios of the redis engine; open one (such as the Redis presets) first. "
                         "The workbench stays on the %2 store.")
                          .arg(fromStd(std::string(storeEngineName(m_run->scenario().service.storeEngine))),
                              fromStd(m_run->store().kind())));
        return m_problem;
    }
    const QString shown = opening.shownUrl;
    auto store = std::make_unique<ThreadedStore>(tr("Redis at %1, prefix %2").arg(shown, prefix));
    // On the worker: connecting (10 s at most) and emptying the workbench's prefix (each reply 10 s at most).
    return switchTo(
        std::move(store), tr("Redis"), [open = opening.open](ThreadedStore&) { return open(); }, couldNot,
        tr("Now on Redis at %1; the scenario reloaded at t = 0.").arg(shown));
}

void StoreSwitch::chooseMysqlStore()
{
    syncActions(); // the radio item stays on the current store until the switch succeeds
    MysqlStoreDialog dialog(m_window);
    if (dialog.exec() != QDialog::Accepted)
        return;
    useMysqlStore(dialog.conninfo(), dialog.password());
}

QString StoreSwitch::useMysqlStore(const QString& conninfo, const QString& password)
{
    if (m_connecting || m_run->isBusy())
        return tr("The store is busy; switch once the database has answered.");
    const Scenario& scenario = m_run->scenario();
    if (scenario.service.storeEngine != StoreEngine::Mysql) {
        // The server would be dropped at once for the embedded model of the scenario's engine: say so instead.
        onStoreFailed(tr("Could not switch to MySQL: the scenario open runs on the %1 store engine, and a MySQL "
                         "server runs only scenarios of the mysql engine; open one (such as the MySQL presets) first. "
                         "The workbench stays on the %2 store.")
                          .arg(fromStd(std::string(storeEngineName(scenario.service.storeEngine))),
                              fromStd(m_run->store().kind())));
        return m_problem;
    }
    const bool rollbackClaims = std::any_of(scenario.faults.begin(), scenario.faults.end(),
        [](const FaultSpec& f) { return f.kind == FaultKind::RollbackClaim; });
    const MysqlStoreOpening opening = mysqlStoreOpening(conninfo, password, scenario.service, rollbackClaims);
    const auto couldNot = [this](const QString& why) {
        return tr("Could not switch to MySQL: %1. The workbench stays on the %2 store.")
            .arg(why, fromStd(m_run->store().kind()));
    };
    if (!opening.problem.isEmpty()) {
        onStoreFailed(couldNot(opening.problem));
        return m_problem;
    }
    auto store = std::make_unique<ThreadedStore>(opening.where);
    store->setScenarioFit(opening.fits);
    // On the worker: connecting (10 s at most) and emptying the workbench's tables (each answer 10 s at most).
    return switchTo(
        std::move(store), tr("MySQL"), [open = opening.open](ThreadedStore&) { return open(); }, couldNot,
        tr("Now on %1; the scenario reloaded at t = 0.").arg(opening.where));
}

QString StoreSwitch::switchTo(std::unique_ptr<ThreadedStore> store, const QString& engineName,
    std::function<std::unique_ptr<IdempotencyStore>(ThreadedStore&)> open,
    const std::function<QString(const QString&)>& couldNot, const QString& nowOn)
{
    m_connecting = store.get();
    m_connectingTo = engineName;
    m_problem.clear();
    syncActions();
    Q_EMIT changed();
    QString failure;
    try {
        store->open(std::move(open));
    } catch (const std::exception& e) {
        failure = couldNot(fromStd(e.what()));
    }
    m_connecting = nullptr;
    if (failure.isEmpty()) {
        connect(store.get(), &ThreadedStore::connectionChanged, this, &StoreSwitch::changed);
        if (m_run->setStore(std::move(store)))
            Q_EMIT message(nowOn, 8000);
        else
            failure = m_problem;
    } else {
        onStoreFailed(failure);
    }
    syncActions();
    Q_EMIT changed();
    Q_EMIT switchFinished();
    return failure;
}

} // namespace iw
