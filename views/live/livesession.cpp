// LiveSession: work queued to the session's thread, answers posted back to the GUI thread.
#include "livesession.h"
#include "stdtext.h"

#include "liverules.h"

#include <QCoreApplication>
#include <QPointer>

namespace iw {

struct LiveSession::Worker {
    std::unique_ptr<LiveConnection> connection;
    std::unique_ptr<LiveInspector> inspector;
    std::unique_ptr<LiveFollower> follower;
};

namespace {

// What a failed request says: its sentence, or for anything unexpected a sentence all the same.
template<class F> QString attempt(F&& f)
{
    try {
        f();
        return {};
    } catch (const LiveError& e) {
        return fromStd(e.what());
    } catch (const std::exception& e) {
        return QCoreApplication::translate("iw::LiveSession", "unexpected failure: %1").arg(fromStd(e.what()));
    }
}

// A read that lost the connection (the server restarted, the session was killed) is tried once more on a new one,
// as the follower does for its snapshots; a connection that cannot be re-established is one sentence saying so.
template<class F> void readReconnecting(LiveConnection& connection, F&& read)
{
    try {
        read();
    } catch (const LiveError& lost) {
        // Lost, or closed because a bound passed (a silent network): a new connection may do.
        if (lost.kind() != LiveError::Kind::ConnectionLost && lost.kind() != LiveError::Kind::Timeout)
            throw;
        std::string why;
        if (!connection.reconnect(&why))
            throw LiveError(LiveError::Kind::ConnectionLost,
                std::string(lost.what()) + ", and it could not be re-established: " + why);
        read();
    }
}

} // namespace

LiveSession::LiveSession(std::unique_ptr<LiveConnection> connection, QObject* parent)
    : QObject(parent)
    , m_worker(std::make_unique<Worker>())
{
    m_endpoint = fromStd(connection->endpoint());
    m_version = fromStd(connection->serverVersion());
    m_worker->connection = std::move(connection);
    m_thread.setObjectName(QStringLiteral("live-session"));
    m_context = new QObject;
    m_context->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_context, &QObject::deleteLater);
    m_thread.start();

    m_followTimer.setInterval(5000);
    connect(&m_followTimer, &QTimer::timeout, this, [this] {
        if (!isBusy())
            refresh(m_followOptions, false);
    });
}

LiveSession::~LiveSession()
{
    m_followTimer.stop();
    // Ends whatever the thread waits for at once (a silent network included), so waiting for it here is short.
    m_worker->connection->shutdown();
    m_thread.quit();
    m_thread.wait();
    // The thread has ended: its state is ours to destroy (the connection closes here).
}

template<class Work, class Done> void LiveSession::post(Work work, Done done)
{
    if (++m_pending == 1)
        Q_EMIT busyChanged(true);
    QPointer<LiveSession> self(this);
    Worker* worker = m_worker.get();
    // A Cancel pressed while this waits in the queue cancels it too.
    const std::uint64_t generation = worker->connection->cancelGeneration();
    QMetaObject::invokeMethod(
        m_context,
        [self, worker, generation, work = std::move(work), done = std::move(done)]() mutable {
            worker->connection->startRequest(generation);
            auto result = std::make_shared<decltype(work(*worker))>(work(*worker));
            if (!self)
                return;
            QMetaObject::invokeMethod(
                self.data(),
                [self, result, done = std::move(done)]() mutable {
                    if (!self)
                        return;
                    done(std::move(*result));
                    if (--self->m_pending == 0)
                        Q_EMIT self->busyChanged(false);
                },
                Qt::QueuedConnection);
        },
        Qt::QueuedConnection);
}

void LiveSession::discover()
{
    struct Result {
        std::vector<LiveCandidate> tables;
        QString error;
    };
    post(
        [](Worker& w) {
            Result r;
            r.error
                = attempt([&] { readReconnecting(*w.connection, [&] { r.tables = discoverTables(*w.connection); }); });
            return r;
        },
        [this](Result r) {
            if (r.error.isEmpty())
                Q_EMIT tablesDiscovered(r.tables);
            else
                Q_EMIT failed(r.error);
        });
}

void LiveSession::preview(const LiveTableRef& table, const QString& tableName, const LiveMapping& mapping, int rows)
{
    struct Result {
        std::shared_ptr<LiveSnapshot> snapshot;
        QString rules;
        QString error;
    };
    const std::string name = tableName.toStdString();
    const QString endpoint = m_endpoint;
    post(
        [table, name, mapping, rows, endpoint](Worker& w) {
            Result r;
            r.error = attempt([&] {
                readReconnecting(*w.connection, [&] {
                    std::unique_ptr<LiveInspector> inspector = table.name.empty()
                        ? std::make_unique<LiveInspector>(*w.connection, mapping, name)
                        : std::make_unique<LiveInspector>(*w.connection, mapping, table);
                    LiveSnapshotOptions options;
                    options.page.limit = rows;
                    options.page.order = LiveOrder::ByTime; // the newest rows, as the window opens on
                    options.page.from = LivePageQuery::From::Last;
                    // Counted with the rules the window will use for this table (remembered, or the defaults).
                    const auto remembered = rememberedRules(endpoint, fromStd(inspector->table().display));
                    if (remembered)
                        options.thresholds = *remembered;
                    r.rules = remembered ? rulesDifference(*remembered) : QString();
                    options.thresholds.listLimit = 0; // counts only: the preview shows how rows classify
                    r.snapshot = std::make_shared<LiveSnapshot>(inspector->snapshot(options));
                });
            });
            return r;
        },
        [this](Result r) {
            if (r.snapshot)
                Q_EMIT previewReady(r.snapshot, r.rules);
            else
                Q_EMIT previewFailed(r.error);
        });
}

void LiveSession::open(const LiveTableRef& table, const QString& tableName, const LiveMapping& mapping)
{
    struct Result {
        QString table;
        std::vector<std::string> keyOrder;
        QString keyColumns;
        LiveMapping mapping;
        QString error;
    };
    const std::string name = tableName.toStdString();
    setFollowing(false);
    post(
        [this, table, name, mapping](Worker& w) {
            Result r;
            r.error = attempt([&] {
                std::unique_ptr<LiveInspector> inspector;
                readReconnecting(*w.connection, [&] {
                    inspector = table.name.empty() ? std::make_unique<LiveInspector>(*w.connection, mapping, name)
                                                   : std::make_unique<LiveInspector>(*w.connection, mapping, table);
                });
                w.follower.reset();
                w.inspector = std::move(inspector);
                w.follower = std::make_unique<LiveFollower>(*w.inspector, LiveSnapshotOptions {});
                // Said at once, on the GUI thread: the retries take seconds before the poll's result arrives.
                w.follower->setReconnectingHandler([this](const std::string& lost) {
                    QMetaObject::invokeMethod(
                        this, [this, text = fromStd(lost)] { Q_EMIT reconnecting(text); }, Qt::QueuedConnection);
                });
                r.table = fromStd(w.inspector->table().display);
                r.keyOrder = w.inspector->orderColumns(LiveOrder::ByKey);
                r.keyColumns = fromStd(w.inspector->keyColumnsDescription());
                r.mapping = w.inspector->mapping();
            });
            return r;
        },
        [this](Result r) {
            if (!r.error.isEmpty()) {
                Q_EMIT failed(r.error);
                return;
            }
            m_table = r.table;
            m_keyOrder = r.keyOrder;
            m_keyColumns = r.keyColumns;
            m_mapping = r.mapping;
            Q_EMIT opened(m_table, fromStd(m_mapping.name));
        });
}

void LiveSession::refresh(const LiveSnapshotOptions& options, bool whole)
{
    struct Result {
        LiveFollower::Poll poll;
        QString error;
    };
    post(
        [options, whole](Worker& w) {
            Result r;
            if (!w.follower) {
                r.error = QCoreApplication::translate("iw::LiveSession", "no table is open");
                return r;
            }
            w.follower->setOptions(options);
            r.error = attempt([&] { r.poll = w.follower->poll(whole); });
            return r;
        },
        [this](Result r) {
            if (!r.error.isEmpty()) {
                Q_EMIT failed(r.error);
                return;
            }
            if (r.poll.status == LiveFollower::Poll::Status::Stopped) {
                setFollowing(false);
                Q_EMIT stopped(fromStd(r.poll.message));
                return;
            }
            Q_EMIT snapshotReady(
                std::make_shared<const LiveSnapshot>(std::move(*r.poll.snapshot)), fromStd(r.poll.message));
        });
}

void LiveSession::resume(const LiveSnapshotOptions& options)
{
    post(
        [](Worker& w) {
            std::string why;
            if (w.follower) {
                try {
                    if (!w.connection->isOpen())
                        w.connection->reconnect(&why);
                } catch (const LiveError&) {
                    // Cancelled: the refresh below says so
                }
                w.follower->resume();
            }
            return 0;
        },
        [](int) {});
    refresh(options);
}

void LiveSession::fetchPage(const LivePageQuery& query, const AnomalyThresholds& thresholds)
{
    struct Result {
        std::shared_ptr<LivePage> page;
        QString error;
    };
    post(
        [query, thresholds](Worker& w) {
            Result r;
            if (!w.inspector) {
                r.error = QCoreApplication::translate("iw::LiveSession", "no table is open");
                return r;
            }
            r.error = attempt([&] {
                readReconnecting(
                    *w.connection, [&] { r.page = std::make_shared<LivePage>(w.inspector->page(query, thresholds)); });
            });
            return r;
        },
        [this](Result r) {
            if (r.page)
                Q_EMIT pageReady(r.page);
            else
                Q_EMIT failed(r.error);
        });
}

void LiveSession::seek(std::function<std::optional<LiveInspector::Located>(LiveInspector&)> find,
    const QString& notFound, const LivePageQuery& query, const AnomalyThresholds& thresholds)
{
    struct Result {
        std::optional<LiveInspector::Located> found;
        LivePageQuery query;
        std::shared_ptr<LivePage> page;
        QString error;
    };
    post(
        [find = std::move(find), notFound, query, thresholds](Worker& w) {
            Result r;
            if (!w.inspector) {
                r.error = QCoreApplication::translate("iw::LiveSession", "no table is open");
                return r;
            }
            r.error = attempt([&] {
                readReconnecting(*w.connection, [&] {
                    r.found = find(*w.inspector);
                    if (!r.found)
                        return;
                    r.query = query;
                    r.query.from = LivePageQuery::From::Around;
                    r.query.cursor = r.found->cursor;
                    r.page = std::make_shared<LivePage>(w.inspector->page(r.query, thresholds));
                });
            });
            if (r.error.isEmpty() && !r.found)
                r.error = notFound;
            return r;
        },
        [this](Result r) {
            if (!r.page) {
                Q_EMIT failed(r.error);
                return;
            }
            Q_EMIT located(r.found->scope, r.query);
            Q_EMIT pageReady(r.page);
        });
}

void LiveSession::seekKey(const QString& key, const LivePageQuery& query, const AnomalyThresholds& thresholds)
{
    // Every scope holding the key first: two users may share one (brandur scopes keys per user), and then the user
    // chooses (keyChoices) instead of being shown one of them.
    struct Result {
        std::shared_ptr<LiveKeyLookup> lookup;
        std::optional<LiveInspector::Located> found;
        LivePageQuery query;
        std::shared_ptr<LivePage> page;
        QString error;
    };
    const std::string k = key.toStdString();
    post(
        [k, query, thresholds](Worker& w) {
            Result r;
            if (!w.inspector) {
                r.error = QCoreApplication::translate("iw::LiveSession", "no table is open");
                return r;
            }
            r.error = attempt([&] {
                readReconnecting(*w.connection, [&] {
                    LiveInspector::KeyQuery q;
                    q.key = k;
                    q.limit = kKeyChoiceLimit;
                    q.thresholds = thresholds;
                    r.lookup = std::make_shared<LiveKeyLookup>(w.inspector->lookupKey(q));
                    if (r.lookup->rows.size() != 1)
                        return;
                    r.found = w.inspector->locateRow(r.lookup->rows.front().keyCursor, query.order);
                    if (!r.found)
                        return;
                    r.query = query;
                    r.query.from = LivePageQuery::From::Around;
                    r.query.cursor = r.found->cursor;
                    r.page = std::make_shared<LivePage>(w.inspector->page(r.query, thresholds));
                });
            });
            return r;
        },
        [this, key](Result r) {
            if (!r.error.isEmpty()) {
                Q_EMIT failed(r.error);
                return;
            }
            if (r.lookup->rows.size() > 1) {
                Q_EMIT keyChoices(key, r.lookup);
                return;
            }
            if (!r.page) {
                Q_EMIT failed(
                    QCoreApplication::translate("iw::LiveSession", "no record has the idempotency key \"%1\" (%2)")
                        .arg(key, m_keyColumns));
                return;
            }
            Q_EMIT located(r.found->scope, r.query);
            Q_EMIT pageReady(r.page);
        });
}

void LiveSession::readRow(
    const std::vector<std::optional<std::string>>& keyOrderValues, bool fullBody, const AnomalyThresholds& thresholds)
{
    struct Result {
        std::shared_ptr<LiveKeyRow> row;
        QString error;
    };
    post(
        [keyOrderValues, fullBody, thresholds](Worker& w) {
            Result r;
            if (!w.inspector) {
                r.error = QCoreApplication::translate("iw::LiveSession", "no table is open");
                return r;
            }
            r.error = attempt([&] {
                readReconnecting(*w.connection, [&] {
                    if (auto row = w.inspector->lookupRow(keyOrderValues, fullBody, thresholds))
                        r.row = std::make_shared<LiveKeyRow>(std::move(*row));
                });
            });
            if (r.error.isEmpty() && !r.row)
                r.error = QCoreApplication::translate("iw::LiveSession", "the record is no longer in the table");
            return r;
        },
        [this, keyOrderValues](Result r) {
            if (r.row)
                Q_EMIT rowRead(r.row);
            else
                Q_EMIT rowFailed(keyOrderValues, r.error);
        });
}

void LiveSession::seekRecord(const std::vector<std::optional<std::string>>& keyOrderValues, const LivePageQuery& query,
    const AnomalyThresholds& thresholds)
{
    const LiveOrder order = query.order;
    seek([keyOrderValues, order](LiveInspector& i) { return i.locateRow(keyOrderValues, order); },
        QCoreApplication::translate("iw::LiveSession", "the record is no longer in the table"), query, thresholds);
}

void LiveSession::cancel()
{
    // Never blocks (LiveConnection::cancel): the request to the server goes from a thread of its own, and the
    // session's thread gives up on a statement the server does not confirm cancelled within a second.
    if (m_worker && m_worker->connection)
        m_worker->connection->cancel();
}

void LiveSession::setFollowing(bool on)
{
    if (on == following())
        return;
    if (on)
        m_followTimer.start();
    else
        m_followTimer.stop();
    Q_EMIT followingChanged(on);
}

void LiveSession::setFollowIntervalMs(int ms)
{
    m_followTimer.setInterval(std::max(250, ms));
}

} // namespace iw
