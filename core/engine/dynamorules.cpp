// The decision rules that only the DynamoDB engine has (docs/manual/stores.md), as parts of RequestProcess: the claim
// is one conditional PutItem under the policy's put_condition, evaluated with the writer's clock (clock_skew); what a
// failed one does next (Powertools reads the item the failed put returned, ALL_OLD; a hand-written service reads it
// with a GetItem, eventually consistent unless consistent_read); and whether an item that is read counts as expired.
// The store's side (the condition, the sweeper, the previous versions) is dynamomodel.cpp. The rule-path steps are
// marked for the GUI's translation like service.cpp's (context "iw::RuleStep").
#include "service.h"

#include "storeengine.h"

#ifndef QT_TRANSLATE_NOOP
#define QT_TRANSLATE_NOOP(scope, x) x
#endif

namespace iw {

RequestProcess::Next RequestProcess::endDynamoClaim(Millis now)
{
    Record claim;
    fillClaim(claim, now);
    std::optional<Record> old;
    switch (m_store->conditionalPut(claim, clockNow(now), old)) {
    case PutOutcome::Created:
        path(QT_TRANSLATE_NOOP("iw::RuleStep", "claim won (the conditional PutItem found no item)"));
        return claimWon(now, RecordChange::Claimed);
    case PutOutcome::ReplacedExpired:
        path(QT_TRANSLATE_NOOP("iw::RuleStep",
            "claim won: the item's TTL had passed (expires_at < :now), so the conditional PutItem replaced it, "
            "though the sweeper had not deleted it"));
        m_ownerDecision = Decision::ExpiredReexecuted;
        return claimWon(now, RecordChange::TakenOver);
    case PutOutcome::ReplacedInProgressExpired:
        path(QT_TRANSLATE_NOOP("iw::RuleStep",
            "claim won: the item was INPROGRESS past its in_progress_expiration, so the conditional PutItem replaced "
            "it"));
        m_ownerDecision = Decision::LeaseTakeover;
        return claimWon(now, RecordChange::TakenOver);
    case PutOutcome::ConditionFailed:
        break;
    }
    path(QT_TRANSLATE_NOOP("iw::RuleStep", "claim lost (ConditionalCheckFailedException)"));
    if (m_policy->putCondition == PutCondition::Powertools) {
        // ReturnValuesOnConditionCheckFailure ALL_OLD: the item the condition met, read by the put itself.
        path(QT_TRANSLATE_NOOP("iw::RuleStep", "the failed PutItem returned the item it met (ALL_OLD)"));
        m_readRow = std::move(old);
        m_readTombstone.reset();
        m_readHash.reset();
        m_readAt = now;
        m_staleRead = false;
        return afterRead(now);
    }
    return beginStep(Stage::Read, now);
}

bool RequestProcess::endDynamoOversized(
    const Completion& completion, const std::optional<EffectRow>& effect, Millis now)
{
    std::optional<Millis> ownerVersion;
    if (!m_policy->unfencedWrites())
        ownerVersion = m_ownerVersion;
    Record ifMissing = freshClaim(now);
    ifMissing.leaseUntil.reset();
    if (!m_store->oversizedCompletion(ifMissing, ownerVersion, completion))
        return false;
    // The UpdateItem (PutItem) is refused whole: the record stays as the claim left it, and the effect, which the
    // handler made, is the only thing written.
    path(QT_TRANSLATE_NOOP("iw::RuleStep",
        "completion refused: the item would be over the item size limit (ValidationException), so it stays "
        "in_progress"));
    if (effect)
        m_store->recordEffect(*effect);
    m_changes.emplace_back(now, RecordChange::ItemTooLarge);
    return true;
}

bool RequestProcess::dynamoExpired(const Record& row, Millis now)
{
    if (!isExpired(row, now, *m_policy))
        return false;
    if (m_policy->putCondition != PutCondition::NotExists)
        return true;
    // attribute_not_exists(pk) trusts the sweeper: an item that is there is taken as live, whatever its TTL says.
    path(QT_TRANSLATE_NOOP("iw::RuleStep",
        "the item's TTL has passed, but the service trusts the TTL sweeper: an item that is there counts as live"));
    return false;
}

} // namespace iw
