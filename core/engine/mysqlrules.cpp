// The decision rules that only the MySQL engine has (docs/manual/stores.md), as parts of RequestProcess: the claim's
// INSERT as `claim` writes it (a key longer than the key column, the lock of another transaction's open claim of the
// same key), the end of a lock wait — InnoDB's deadlock victims and the policy's `deadlock` — and the owner's ROLLBACK
// under the `rollback_claim` fault. The store's side (the column, the locks) is mysqlmodel.cpp. The rule-path steps are
// marked for the GUI's translation like service.cpp's (context "iw::RuleStep").
#include "service.h"

#include "storedeadlock.h"
#include "storeengine.h"
#include "utf8.h"

#ifndef QT_TRANSLATE_NOOP
#define QT_TRANSLATE_NOOP(scope, x) x
#endif

namespace iw {

namespace {

// What MariaDB and MySQL say, word for word (the store's own words are never translated).
constexpr const char* kDataTooLong = "ERROR 1406 (22001): Data too long for column 'idempotency_key' at row 1";
constexpr const char* kDeadlock
    = "ERROR 1213 (40001): Deadlock found when trying to get lock; try restarting transaction";

} // namespace

RequestProcess::Next RequestProcess::storeRefused(const char* step, std::string error, Millis now)
{
    path(step);
    m_outcome.storeError = std::move(error);
    return decide(Decision::StoreUnavailable, 500, std::string("{\"error\":\"store_error\"}"), now);
}

RequestProcess::Next RequestProcess::endMysqlClaim(Millis now)
{
    // INSERT and INSERT … ON DUPLICATE KEY UPDATE run in strict mode: a key longer than its column is an error.
    // INSERT IGNORE makes it a warning and keeps the key truncated (the store's column does that).
    if (m_policy->mysqlClaim != MysqlClaim::InsertIgnore
        && utf8::codePoints(m_request->scope.key) > static_cast<std::size_t>(m_policy->keyColumnLength))
        return storeRefused(QT_TRANSLATE_NOOP("iw::RuleStep", "INSERT refused: the key is longer than the key column"),
            kDataTooLong, now);
    if (const std::optional<Millis> until = m_store->awaitClaimLock(m_request->scope, now, m_lockTicket)) {
        path(QT_TRANSLATE_NOOP(
            "iw::RuleStep", "the INSERT waits: another transaction's uncommitted claim holds the key's lock"));
        m_stage = Stage::LockWait;
        m_stepFailed = false;
        openStep(ServiceStep::Kind::LockWait, now);
        return { Wait::StoreStep, *until - now };
    }
    Record claim;
    bool inserted = false;
    try {
        inserted = m_store->insertClaim(fillClaim(claim, now), now);
    } catch (const StoreDeadlock&) {
        // A real server's own deadlock (race on MariaDB): the INSERT waited on another connection's claim
        // transaction, which rolled back, and InnoDB chose this one as a victim — answered as a lock wait's victim.
        m_changes.emplace_back(now, RecordChange::Deadlocked);
        if (m_policy->deadlock == DeadlockAction::Retry) {
            path(QT_TRANSLATE_NOOP("iw::RuleStep", "deadlock victim (ERROR 1213): the claim transaction runs again"));
            return beginStep(Stage::Claim, now);
        }
        return storeRefused(
            QT_TRANSLATE_NOOP("iw::RuleStep", "deadlock victim (ERROR 1213): the error is answered"), kDeadlock, now);
    }
    if (!inserted) {
        path(m_policy->mysqlClaim == MysqlClaim::Insert
                ? QT_TRANSLATE_NOOP("iw::RuleStep", "claim lost (duplicate key: ERROR 1062)")
                : m_policy->mysqlClaim == MysqlClaim::InsertIgnore
                ? QT_TRANSLATE_NOOP("iw::RuleStep", "claim lost (INSERT IGNORE: 0 rows, a warning)")
                : QT_TRANSLATE_NOOP("iw::RuleStep", "claim lost (ON DUPLICATE KEY UPDATE: the row existed)"));
        return beginStep(Stage::Read, now);
    }
    path(QT_TRANSLATE_NOOP("iw::RuleStep", "claim won (the INSERT created the row)"));
    if (m_faults.rollbackClaimMs) {
        // The transaction stays open: its row is written but not committed, and it holds the row's lock.
        m_store->holdClaim(m_request->scope, now, now + *m_faults.rollbackClaimMs);
        m_ownerVersion = now;
        m_changes.emplace_back(now, RecordChange::Claimed);
        path(QT_TRANSLATE_NOOP("iw::RuleStep", "the claim transaction stays open, holding the key's lock"));
        m_stage = Stage::Rollback;
        m_stepFailed = false;
        openStep(ServiceStep::Kind::Rollback, now);
        return { Wait::StoreStep, *m_faults.rollbackClaimMs };
    }
    return claimWon(now, RecordChange::Claimed);
}

RequestProcess::Next RequestProcess::endRollback(Millis now)
{
    // The row goes at this instant whoever releases the lock first: the ROLLBACK, or a waiter whose wait ended at it.
    m_store->rollbackClaim(m_request->scope, m_ownerVersion, now);
    m_changes.emplace_back(now, RecordChange::Deleted);
    return storeRefused(
        QT_TRANSLATE_NOOP("iw::RuleStep", "the claim transaction rolled back: its row is gone"), "ROLLBACK", now);
}

RequestProcess::Next RequestProcess::endLockWait(Millis now)
{
    Record claim;
    switch (m_store->endLockWait(fillClaim(claim, now), m_lockTicket, now)) {
    case LockWaitEnd::Inserted:
        path(QT_TRANSLATE_NOOP("iw::RuleStep", "the lock was released and the INSERT created the row"));
        return claimWon(now, RecordChange::Claimed);
    case LockWaitEnd::Duplicate:
        path(QT_TRANSLATE_NOOP("iw::RuleStep", "the lock was released; the row exists (duplicate key)"));
        return beginStep(Stage::Read, now);
    case LockWaitEnd::DeadlockVictim:
        break;
    }
    m_changes.emplace_back(now, RecordChange::Deadlocked);
    if (m_policy->deadlock == DeadlockAction::Retry) {
        path(QT_TRANSLATE_NOOP("iw::RuleStep", "deadlock victim (ERROR 1213): the claim transaction runs again"));
        return beginStep(Stage::Claim, now);
    }
    return storeRefused(
        QT_TRANSLATE_NOOP("iw::RuleStep", "deadlock victim (ERROR 1213): the error is answered"), kDeadlock, now);
}

} // namespace iw
