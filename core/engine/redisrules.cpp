// The decision rules that only the Redis engine has (docs/manual/stores.md), as parts of RequestProcess: the claim's
// words (SET NX PX, HSETNX), and Powertools' reading of the record it finds after a failed SET NX — the orphan recovery
// of its Redis layer, as released before the 2026 fixes (`powertools-redis`: Python RedisCachePersistenceLayer before
// PR #8387, TypeScript CachePersistenceLayer before #5680 and the #5714 fix) and after them (`powertools-redis-fixed`).
// The rule-path steps are marked for the GUI's translation like service.cpp's (context "iw::RuleStep").
#include "service.h"

#include "storeengine.h"

#ifndef QT_TRANSLATE_NOOP
#define QT_TRANSLATE_NOOP(scope, x) x
#endif

namespace iw {

const char* RequestProcess::claimWonStep() const
{
    if (m_policy->storeEngine != StoreEngine::Redis)
        return QT_TRANSLATE_NOOP("iw::RuleStep", "claim won (INSERT … ON CONFLICT DO NOTHING returned the row)");
    if (m_policy->claimCommand == ClaimCommand::HsetThenExpire)
        return QT_TRANSLATE_NOOP("iw::RuleStep", "claim won (HSETNX wrote the record, with no expiry yet)");
    return QT_TRANSLATE_NOOP("iw::RuleStep", "claim won (SET … NX PX wrote the key with its expiry)");
}

const char* RequestProcess::claimLostStep() const
{
    if (m_policy->storeEngine != StoreEngine::Redis)
        return QT_TRANSLATE_NOOP("iw::RuleStep", "claim lost");
    return QT_TRANSLATE_NOOP("iw::RuleStep", "claim lost (SET NX: the key exists)");
}

// After a failed SET NX the library GETs the record and classifies that snapshot. A completed record (its key is
// there, so it has not expired) is replayed or refused for its payload; an INPROGRESS one with an in-progress deadline
// still ahead (a Lambda context registered it) is a conflict. Any other INPROGRESS record "looks orphaned": the
// released code overwrites it — with no deadline at all that is a live request (#8386, #5678). The fixed code keeps a
// record without a deadline locked until its expiry, and overwrites a passed one only if it is unchanged (#5714).
RequestProcess::Verdict RequestProcess::evaluatePowertoolsRedis(const Record& row, Millis now)
{
    const bool fixed = m_policy->profile == Profile::PowertoolsRedisFixed;
    const bool differs = m_policy->fingerprintGiven && row.payloadHash != m_request->fingerprint;
    const auto payloadThen = [&](Verdict otherwise) {
        if (differs) {
            path(QT_TRANSLATE_NOOP("iw::RuleStep", "fingerprint differs"));
            return Verdict::Mismatch;
        }
        path(m_policy->fingerprintGiven ? QT_TRANSLATE_NOOP("iw::RuleStep", "fingerprint equal")
                                        : QT_TRANSLATE_NOOP("iw::RuleStep", "no payload validation configured"));
        return otherwise;
    };
    if (row.state != RecordState::InProgress) {
        path(QT_TRANSLATE_NOOP("iw::RuleStep", "COMPLETED, its key not expired"));
        return payloadThen(Verdict::Replay);
    }
    if (row.leaseUntil && !(now > *row.leaseUntil)) {
        path(QT_TRANSLATE_NOOP("iw::RuleStep", "INPROGRESS, its in-progress deadline ahead"));
        return payloadThen(Verdict::Conflict);
    }
    if (!row.leaseUntil) {
        if (fixed) {
            path(QT_TRANSLATE_NOOP(
                "iw::RuleStep", "INPROGRESS with no in-progress deadline: locked until the record's expiry"));
            return payloadThen(Verdict::Conflict);
        }
        path(QT_TRANSLATE_NOOP("iw::RuleStep", "INPROGRESS with no in-progress deadline: the snapshot looks orphaned"));
        return Verdict::Orphan;
    }
    path(QT_TRANSLATE_NOOP("iw::RuleStep", "INPROGRESS, its in-progress deadline passed: the snapshot looks orphaned"));
    return Verdict::Orphan;
}

RequestProcess::Next RequestProcess::endOrphanOverwrite(Millis now)
{
    const bool fixed = m_policy->profile == Profile::PowertoolsRedisFixed;
    const Record fresh = freshClaim(now);
    switch (
        m_store->overwriteOrphan(fresh, fixed ? m_expectedVersion : std::nullopt, now + orphanLockMs(*m_policy), now)) {
    case OrphanWrite::Written:
        path(fixed
                ? QT_TRANSLATE_NOOP("iw::RuleStep", "orphan lock taken; the record, unchanged, was overwritten")
                : QT_TRANSLATE_NOOP("iw::RuleStep", "orphan lock taken; the record overwritten (unconditional SET)"));
        return claimWon(now, RecordChange::TakenOver);
    case OrphanWrite::LockHeld:
        path(QT_TRANSLATE_NOOP("iw::RuleStep", "orphan lock held by another request"));
        break;
    case OrphanWrite::Changed:
        path(QT_TRANSLATE_NOOP("iw::RuleStep", "the record changed since it was read: not overwritten"));
        break;
    }
    return decide(
        Decision::ConflictInProgress, m_policy->inProgressStatus, responseBody(Decision::ConflictInProgress), now);
}

} // namespace iw
