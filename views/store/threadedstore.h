// A store that runs another store on a worker thread, so the GUI never freezes on the network (docs/manual/running.md).
// The simulation calls the store synchronously; every call is handed to the worker and the GUI thread waits in a nested
// QEventLoop (after a short blocking wait that covers a fast local server), so painting, input and timers go on
// meanwhile. Whoever drives the simulation must therefore guard against re-entry while inCall() is true: RunController
// defers everything that would step, rewind or destroy the simulation until the call returns.
#pragma once

#include "store.h"

#include <QObject>

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace iw {

// One SQL statement the store ran and how it ended ("1 row", "SQLSTATE 23505 …").
struct StatementRun {
    std::string sql;
    std::string result;
};

class ThreadedStore final : public QObject, public IdempotencyStore {
    Q_OBJECT
public:
    enum class Connection { Connecting, Connected, Reconnecting, Failed };
    using Factory = std::function<std::unique_ptr<IdempotencyStore>(ThreadedStore& self)>;

    // `description` names the store for people ("PostgreSQL, schema idempotency_workbench").
    explicit ThreadedStore(QString description, QObject* parent = nullptr);
    ~ThreadedStore() override; // closes the inner store on the worker, then joins it

    // Runs `factory` on the worker (connecting can take seconds) and keeps the store it returns; throws what the
    // factory throws. Waits like every call.
    void open(Factory factory);
    // Runs `job` on the worker against the inner store, waiting in a nested event loop; rethrows its exception.
    void run(const std::function<void(IdempotencyStore&)>& job);

    // True while a call is on the stack (the GUI thread waits for it, possibly inside a nested event loop).
    bool inCall() const { return m_depth > 0; }
    bool isOpen() const { return m_inner != nullptr; }
    QString description() const { return m_description; }
    Connection connection() const;
    // The sentence that goes with Reconnecting or Failed (no password), empty otherwise.
    QString connectionMessage() const;

    // How long a call may block the GUI thread before the nested event loop takes over.
    void setQuickWaitMs(int ms) { m_quickWaitMs = ms; }

    // Called from the worker by the inner store's statement observer; collected until takeStatements().
    void recordStatement(const std::string& sql, const std::string& result);
    std::vector<StatementRun> takeStatements();

    std::string kind() const override { return m_kind; }
    StoreEngine engine() const override { return m_engine; }
    void reset() override;
    bool insertClaim(const Record& claim, Millis now) override;
    std::optional<Record> read(const Scope& scope) override;
    std::optional<Tombstone> readTombstone(const Scope& scope, Millis now) override;
    bool replaceIf(
        const Scope& scope, std::optional<Millis> expectedCreatedAt, const Record& fresh, Millis now) override;
    bool complete(const Scope& scope, Millis ownerVersion, const Completion& completion,
        const std::optional<EffectRow>& effect) override;
    bool deleteIfOwner(const Scope& scope, Millis ownerVersion) override;
    void deleteUnconditionally(const Scope& scope) override;
    void upsertCompletion(
        const Record& ifMissing, const Completion& completion, const std::optional<EffectRow>& effect) override;
    bool insertCompleted(const Record& record) override;
    void overwrite(const Record& record) override;
    bool testAndSetSeen(const Scope& scope) override;
    void recordEffect(const EffectRow& effect) override;
    SweepResult sweep(Millis now, const SweepPolicy& policy) override;
    std::vector<Record> records() override;
    std::vector<Tombstone> tombstones() override;
    std::optional<Millis> nextSweepable(bool strictExpiry) override;
    std::vector<EffectRow> effects() override;
    // The Redis engine's calls (docs/manual/stores.md), handed on like every other.
    std::vector<ExpiredKey> expireKeys(Millis now) override;
    std::optional<Millis> nextKeyExpiry() override;
    OrphanWrite overwriteOrphan(
        const Record& fresh, std::optional<Millis> expectedCreatedAt, Millis lockUntil, Millis now) override;
    bool setExpiry(const Scope& scope, Millis expiresAt) override;
    void detachReplica(Millis now) override;
    std::vector<Scope> failover(Millis now) override;
    // The MySQL engine's calls (docs/manual/stores.md), handed on like every other.
    void holdClaim(const Scope& scope, Millis version, Millis rollbackAt) override;
    std::optional<Millis> awaitClaimLock(const Scope& scope, Millis now, int& ticket) override;
    LockWaitEnd endLockWait(const Record& claim, int ticket, Millis now) override;
    bool rollbackClaim(const Scope& scope, Millis version, Millis now) override;
    // The DynamoDB engine's calls, handed on too: without them a DynamoDB model behind this store would claim through
    // the base class (no conditional PutItem) and never meet the item cap.
    void noteWriteTime(Millis now) override;
    PutOutcome conditionalPut(const Record& item, Millis writerNow, std::optional<Record>& old) override;
    bool readItem(const Scope& scope, Millis now, std::optional<Record>& into) override;
    std::vector<ExpiredKey> sweepTtlNow(Millis now) override;
    std::optional<std::int64_t> oversizedCompletion(
        const Record& ifMissing, std::optional<Millis> ownerVersion, const Completion& completion) override;

    // A store shaped by its scenario (the MySQL store: its key column, claim statement and isolation, and whether
    // claims may be held open for a rollback_claim fault) runs only scenarios that fit it; unset, every scenario of
    // its engine does.
    using Fit = std::function<bool(const ServicePolicy& policy, bool rollbackClaims)>;
    void setScenarioFit(Fit fits) { m_fits = std::move(fits); }
    bool fits(const ServicePolicy& policy, bool rollbackClaims) const
    {
        return !m_fits || m_fits(policy, rollbackClaims);
    }

Q_SIGNALS:
    // A call outlasted the quick wait (true) and the nested event loop runs, or it returned (false).
    void waitingChanged(bool waiting);
    // connection() or connectionMessage() changed.
    void connectionChanged();

private:
    struct Call;
    void submit(const std::shared_ptr<Call>& call);
    void wait(const std::shared_ptr<Call>& call);
    void workerLoop();
    void setConnection(Connection state, const QString& message);
    void afterCall(const std::exception_ptr& error); // on the worker: the connection state the call revealed

    QString m_description;
    std::string m_kind = "postgres";
    StoreEngine m_engine = StoreEngine::Sql; // the inner store's, set by open()
    std::unique_ptr<IdempotencyStore> m_inner; // touched only on the worker
    Fit m_fits;
    int m_depth = 0;
    int m_quickWaitMs = 5;
    // The worker thread, its queue and the state it shares with the GUI thread (threadedstore.cpp: the standard
    // thread headers stay out of what moc reads).
    struct Shared;
    std::unique_ptr<Shared> d;
};

} // namespace iw
