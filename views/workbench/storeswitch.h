// The Store menu: the embedded memory store, real tables in a PostgreSQL database of the user's, a real Redis
// server (docs/manual/stores.md, as `--store redis --redis URL`) or a real MariaDB or MySQL server (`--store mysql`).
// Switching connects on a worker thread (the window keeps painting; every wait is bounded), optionally installs the
// schema, and reloads the current scenario on the new store; on failure the workbench stays on the memory store and a
// sentence says why. Owns the four radio actions and the state of a switch under way, and words the store's status
// fields.
#pragma once

#include <QObject>
#include <QString>

#include <functional>
#include <memory>

class QAction;
class QWidget;

namespace iw {

class IdempotencyStore;
class RunController;
class ThreadedStore;

class StoreSwitch : public QObject {
    Q_OBJECT
public:
    // `window` parents the connection dialog.
    StoreSwitch(RunController* run, QWidget* window);

    QAction* memoryAction() const { return m_memory; }
    QAction* postgresAction() const { return m_postgres; }
    QAction* redisAction() const { return m_redis; }
    QAction* mysqlAction() const { return m_mysql; }

    // Connects (waiting in a nested event loop while the worker does), optionally installs the schema and reloads
    // the scenario on PostgreSQL. Returns the failure's sentence (also sent as a message), empty on success.
    QString usePostgresStore(
        const QString& conninfo, const QString& schema, bool createSchema, bool transactionPooler = false);
    // Connects to the Redis at `url` (keys under `prefix`) and reloads the scenario on it; a scenario of the Redis
    // engine then runs on the real server. Returns the failure's sentence, empty on success.
    QString useRedisStore(const QString& url, const QString& prefix = QStringLiteral("iw:"));
    // Connects to the MariaDB or MySQL server `conninfo` names (`password` for this session only), its tables shaped
    // by the scenario open, and reloads the scenario on it; a scenario of the MySQL engine then runs on the real
    // server. Returns the failure's sentence, empty on success.
    QString useMysqlStore(const QString& conninfo, const QString& password = QString());
    void useMemoryStore();
    // A switch to PostgreSQL is connecting.
    bool isConnecting() const { return m_connecting != nullptr; }

    // The status bar's two fields: where the records live ("store: memory", "store: PostgreSQL, schema s") and the
    // connection's sentence, in the language in use.
    QString storeText() const;
    QString connectionText() const;

    void retranslate();

Q_SIGNALS:
    // The store, its connection or a switch's state changed: the status fields say it again.
    void changed();
    // A sentence for the status bar, shown for `timeoutMs`.
    void message(const QString& text, int timeoutMs);
    // A switch to PostgreSQL ended, one way or the other.
    void switchFinished();

private:
    void choosePostgresStore();
    void chooseRedisStore();
    void chooseMysqlStore();
    void onStoreFailed(const QString& sentence);
    // Every server store's switch once its store is made: opens it on its worker through `open` (the window keeps
    // painting), then reloads the scenario on it. `couldNot` words a failure's reason, `nowOn` the status bar's
    // sentence on success. Returns the failure's sentence, empty on success.
    QString switchTo(std::unique_ptr<ThreadedStore> store, const QString& engineName,
        std::function<std::unique_ptr<IdempotencyStore>(ThreadedStore&)> open,
        const std::function<QString(const QString&)>& couldNot, const QString& nowOn);
    void syncActions();

    RunController* m_run;
    QWidget* m_window;
    QAction* m_memory = nullptr;
    QAction* m_postgres = nullptr;
    QAction* m_redis = nullptr;
    QAction* m_mysql = nullptr;
    QObject* m_connecting = nullptr; // the store being opened, while usePostgresStore waits for it
    QString m_problem; // the last store failure, shown until the next switch
    const QObject* m_postgresStore = nullptr; // the PostgreSQL store opened last (only compared, never used)
    QString m_postgresSchema; // its schema
    QString m_connectingTo; // "PostgreSQL", "Redis" or "MySQL" while a switch connects
};

} // namespace iw
