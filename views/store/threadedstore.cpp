// The store on a worker thread (see threadedstore.h).
#include "threadedstore.h"

#include "pgstore.h"

#include <QEventLoop>
#include <QPointer>

#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>

namespace iw {

// One call handed to the worker. Shared, so that neither side can outlive the other's view of it.
struct ThreadedStore::Call {
    std::function<void()> job;
    std::exception_ptr error;
    std::mutex mutex;
    std::condition_variable cv;
    bool done = false;
    QEventLoop* loop = nullptr; // set while the GUI thread waits in it; guarded by `mutex`
};

struct ThreadedStore::Shared {
    std::mutex stateMutex;
    Connection connection = Connection::Connecting;
    QString connectionMessage;
    std::vector<StatementRun> statements;

    std::mutex queueMutex;
    std::condition_variable queueCv;
    std::deque<std::shared_ptr<Call>> queue;
    bool stopping = false;
    std::thread worker;
};

ThreadedStore::ThreadedStore(QString description, QObject* parent)
    : QObject(parent)
    , m_description(std::move(description))
    , d(std::make_unique<Shared>())
{
    d->worker = std::thread([this] { workerLoop(); });
}

ThreadedStore::~ThreadedStore()
{
    // The inner store (its connection) is closed on the thread that used it.
    auto close = std::make_shared<Call>();
    close->job = [this] { m_inner.reset(); };
    submit(close);
    {
        std::unique_lock lock(close->mutex);
        close->cv.wait(lock, [&] { return close->done; });
    }
    {
        std::lock_guard lock(d->queueMutex);
        d->stopping = true;
    }
    d->queueCv.notify_all();
    d->worker.join();
}

void ThreadedStore::workerLoop()
{
    while (true) {
        std::shared_ptr<Call> call;
        {
            std::unique_lock lock(d->queueMutex);
            d->queueCv.wait(lock, [&] { return d->stopping || !d->queue.empty(); });
            if (d->queue.empty())
                return;
            call = std::move(d->queue.front());
            d->queue.pop_front();
        }
        try {
            call->job();
        } catch (...) {
            call->error = std::current_exception();
        }
        std::lock_guard lock(call->mutex);
        call->done = true;
        if (call->loop)
            QMetaObject::invokeMethod(call->loop, &QEventLoop::quit, Qt::QueuedConnection);
        call->cv.notify_all();
    }
}

void ThreadedStore::submit(const std::shared_ptr<Call>& call)
{
    {
        std::lock_guard lock(d->queueMutex);
        d->queue.push_back(call);
    }
    d->queueCv.notify_one();
}

void ThreadedStore::wait(const std::shared_ptr<Call>& call)
{
    ++m_depth;
    std::unique_lock lock(call->mutex);
    // A local server answers within a millisecond: block that long rather than turn the event loop per call.
    if (call->cv.wait_for(lock, std::chrono::milliseconds(m_quickWaitMs), [&] { return call->done; })) {
        --m_depth;
        return;
    }
    QEventLoop loop;
    call->loop = &loop;
    lock.unlock();
    Q_EMIT waitingChanged(true);
    loop.exec();
    lock.lock();
    // exec() also returns when the application quits under us: then the answer is waited for without a loop.
    call->cv.wait(lock, [&] { return call->done; });
    call->loop = nullptr;
    lock.unlock();
    // inCall() is false by the time listeners hear that the wait is over.
    --m_depth;
    Q_EMIT waitingChanged(false);
}

void ThreadedStore::open(Factory factory)
{
    if (m_depth > 0)
        throw StoreError(StoreError::Kind::Unavailable, "the store is busy with another operation");
    setConnection(Connection::Connecting, {});
    auto call = std::make_shared<Call>();
    call->job = [this, factory = std::move(factory)] {
        auto inner = factory(*this);
        m_kind = inner->kind();
        m_engine = inner->engine();
        m_inner = std::move(inner);
    };
    submit(call);
    wait(call);
    if (call->error) {
        try {
            std::rethrow_exception(call->error);
        } catch (const std::exception& e) {
            setConnection(Connection::Failed, QString::fromStdString(e.what()));
        } catch (...) {
            setConnection(Connection::Failed, tr("the store could not be opened"));
        }
        std::rethrow_exception(call->error);
    }
    setConnection(Connection::Connected, {});
}

void ThreadedStore::run(const std::function<void(IdempotencyStore&)>& job)
{
    // One call at a time: a second one from inside the nested loop would wait behind the first and unwind in the
    // wrong order. Callers check inCall() first; this is the backstop.
    if (m_depth > 0)
        throw StoreError(StoreError::Kind::Unavailable, "the store is busy with another operation");
    if (!m_inner)
        throw StoreError(StoreError::Kind::Unavailable, "the store is not connected");
    auto call = std::make_shared<Call>();
    call->job = [this, &job] {
        std::exception_ptr error;
        try {
            job(*m_inner);
        } catch (...) {
            error = std::current_exception();
        }
        afterCall(error);
        if (error)
            std::rethrow_exception(error);
    };
    submit(call);
    wait(call);
    if (call->error)
        std::rethrow_exception(call->error);
}

void ThreadedStore::afterCall(const std::exception_ptr& error)
{
    Connection state = Connection::Connected;
    QString message;
    if (error) {
        try {
            std::rethrow_exception(error);
        } catch (const StoreError& e) {
            state = e.kind() == StoreError::Kind::Fatal ? Connection::Failed : Connection::Reconnecting;
            message = QString::fromStdString(e.what());
        } catch (const std::exception& e) {
            state = Connection::Failed;
            message = QString::fromStdString(e.what());
        }
    } else if (const auto* pg = dynamic_cast<const PostgresStore*>(m_inner.get()); pg && !pg->isConnected()) {
        state = Connection::Reconnecting;
        message = QString::fromStdString(pg->lastError());
    }
    setConnection(state, message);
}

void ThreadedStore::setConnection(Connection state, const QString& message)
{
    {
        std::lock_guard lock(d->stateMutex);
        if (d->connection == state && d->connectionMessage == message)
            return;
        d->connection = state;
        d->connectionMessage = message;
    }
    // From the worker this is queued to the GUI thread, where this object lives.
    Q_EMIT connectionChanged();
}

ThreadedStore::Connection ThreadedStore::connection() const
{
    std::lock_guard lock(d->stateMutex);
    return d->connection;
}

QString ThreadedStore::connectionMessage() const
{
    std::lock_guard lock(d->stateMutex);
    return d->connectionMessage;
}

void ThreadedStore::recordStatement(const std::string& sql, const std::string& result)
{
    std::lock_guard lock(d->stateMutex);
    d->statements.push_back({ sql, result });
}

std::vector<StatementRun> ThreadedStore::takeStatements()
{
    std::lock_guard lock(d->stateMutex);
    return std::exchange(d->statements, {});
}

void ThreadedStore::reset()
{
    run([](IdempotencyStore& s) { s.reset(); });
}

bool ThreadedStore::insertClaim(const Record& claim, Millis now)
{
    bool out = false;
    run([&](IdempotencyStore& s) { out = s.insertClaim(claim, now); });
    return out;
}

std::optional<Record> ThreadedStore::read(const Scope& scope)
{
    std::optional<Record> out;
    run([&](IdempotencyStore& s) { out = s.read(scope); });
    return out;
}

std::optional<Tombstone> ThreadedStore::readTombstone(const Scope& scope, Millis now)
{
    std::optional<Tombstone> out;
    run([&](IdempotencyStore& s) { out = s.readTombstone(scope, now); });
    return out;
}

bool ThreadedStore::replaceIf(
    const Scope& scope, std::optional<Millis> expectedCreatedAt, const Record& fresh, Millis now)
{
    bool out = false;
    run([&](IdempotencyStore& s) { out = s.replaceIf(scope, expectedCreatedAt, fresh, now); });
    return out;
}

bool ThreadedStore::complete(
    const Scope& scope, Millis ownerVersion, const Completion& completion, const std::optional<EffectRow>& effect)
{
    bool out = false;
    run([&](IdempotencyStore& s) { out = s.complete(scope, ownerVersion, completion, effect); });
    return out;
}

bool ThreadedStore::deleteIfOwner(const Scope& scope, Millis ownerVersion)
{
    bool out = false;
    run([&](IdempotencyStore& s) { out = s.deleteIfOwner(scope, ownerVersion); });
    return out;
}

void ThreadedStore::deleteUnconditionally(const Scope& scope)
{
    run([&](IdempotencyStore& s) { s.deleteUnconditionally(scope); });
}

void ThreadedStore::upsertCompletion(
    const Record& ifMissing, const Completion& completion, const std::optional<EffectRow>& effect)
{
    run([&](IdempotencyStore& s) { s.upsertCompletion(ifMissing, completion, effect); });
}

bool ThreadedStore::insertCompleted(const Record& record)
{
    bool out = false;
    run([&](IdempotencyStore& s) { out = s.insertCompleted(record); });
    return out;
}

void ThreadedStore::overwrite(const Record& record)
{
    run([&](IdempotencyStore& s) { s.overwrite(record); });
}

bool ThreadedStore::testAndSetSeen(const Scope& scope)
{
    bool out = false;
    run([&](IdempotencyStore& s) { out = s.testAndSetSeen(scope); });
    return out;
}

void ThreadedStore::recordEffect(const EffectRow& effect)
{
    run([&](IdempotencyStore& s) { s.recordEffect(effect); });
}

SweepResult ThreadedStore::sweep(Millis now, const SweepPolicy& policy)
{
    SweepResult out;
    run([&](IdempotencyStore& s) { out = s.sweep(now, policy); });
    return out;
}

std::vector<Record> ThreadedStore::records()
{
    std::vector<Record> out;
    run([&](IdempotencyStore& s) { out = s.records(); });
    return out;
}

std::vector<Tombstone> ThreadedStore::tombstones()
{
    std::vector<Tombstone> out;
    run([&](IdempotencyStore& s) { out = s.tombstones(); });
    return out;
}

std::optional<Millis> ThreadedStore::nextSweepable(bool strictExpiry)
{
    std::optional<Millis> out;
    run([&](IdempotencyStore& s) { out = s.nextSweepable(strictExpiry); });
    return out;
}

std::vector<EffectRow> ThreadedStore::effects()
{
    std::vector<EffectRow> out;
    run([&](IdempotencyStore& s) { out = s.effects(); });
    return out;
}

std::vector<ExpiredKey> ThreadedStore::expireKeys(Millis now)
{
    std::vector<ExpiredKey> out;
    run([&](IdempotencyStore& s) { out = s.expireKeys(now); });
    return out;
}

std::optional<Millis> ThreadedStore::nextKeyExpiry()
{
    std::optional<Millis> out;
    run([&](IdempotencyStore& s) { out = s.nextKeyExpiry(); });
    return out;
}

OrphanWrite ThreadedStore::overwriteOrphan(
    const Record& fresh, std::optional<Millis> expectedCreatedAt, Millis lockUntil, Millis now)
{
    OrphanWrite out {};
    run([&](IdempotencyStore& s) { out = s.overwriteOrphan(fresh, expectedCreatedAt, lockUntil, now); });
    return out;
}

bool ThreadedStore::setExpiry(const Scope& scope, Millis expiresAt)
{
    bool out = false;
    run([&](IdempotencyStore& s) { out = s.setExpiry(scope, expiresAt); });
    return out;
}

void ThreadedStore::detachReplica(Millis now)
{
    run([&](IdempotencyStore& s) { s.detachReplica(now); });
}

std::vector<Scope> ThreadedStore::failover(Millis now)
{
    std::vector<Scope> out;
    run([&](IdempotencyStore& s) { out = s.failover(now); });
    return out;
}

void ThreadedStore::holdClaim(const Scope& scope, Millis version, Millis rollbackAt)
{
    run([&](IdempotencyStore& s) { s.holdClaim(scope, version, rollbackAt); });
}

std::optional<Millis> ThreadedStore::awaitClaimLock(const Scope& scope, Millis now, int& ticket)
{
    std::optional<Millis> out;
    run([&](IdempotencyStore& s) { out = s.awaitClaimLock(scope, now, ticket); });
    return out;
}

LockWaitEnd ThreadedStore::endLockWait(const Record& claim, int ticket, Millis now)
{
    LockWaitEnd out = LockWaitEnd::Duplicate;
    run([&](IdempotencyStore& s) { out = s.endLockWait(claim, ticket, now); });
    return out;
}

bool ThreadedStore::rollbackClaim(const Scope& scope, Millis version, Millis now)
{
    bool out = false;
    run([&](IdempotencyStore& s) { out = s.rollbackClaim(scope, version, now); });
    return out;
}

void ThreadedStore::noteWriteTime(Millis now)
{
    run([&](IdempotencyStore& s) { s.noteWriteTime(now); });
}

PutOutcome ThreadedStore::conditionalPut(const Record& item, Millis writerNow, std::optional<Record>& old)
{
    PutOutcome out = PutOutcome::ConditionFailed;
    run([&](IdempotencyStore& s) { out = s.conditionalPut(item, writerNow, old); });
    return out;
}

bool ThreadedStore::readItem(const Scope& scope, Millis now, std::optional<Record>& into)
{
    bool out = false;
    run([&](IdempotencyStore& s) { out = s.readItem(scope, now, into); });
    return out;
}

std::vector<ExpiredKey> ThreadedStore::sweepTtlNow(Millis now)
{
    std::vector<ExpiredKey> out;
    run([&](IdempotencyStore& s) { out = s.sweepTtlNow(now); });
    return out;
}

std::optional<std::int64_t> ThreadedStore::oversizedCompletion(
    const Record& ifMissing, std::optional<Millis> ownerVersion, const Completion& completion)
{
    std::optional<std::int64_t> out;
    run([&](IdempotencyStore& s) { out = s.oversizedCompletion(ifMissing, ownerVersion, completion); });
    return out;
}

} // namespace iw
