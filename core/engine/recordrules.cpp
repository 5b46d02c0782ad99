// The record rules shared by every view (see recordrules.h).
#include "recordrules.h"

#include "policy.h"
#include "service.h"

#include <algorithm>

namespace iw {

Millis stuckFrom(
    Millis createdAt, std::optional<Millis> leaseUntil, std::optional<Millis> expiresAt, const StuckRule& rule)
{
    Millis from = leaseUntil ? *leaseUntil : createdAt + rule.noLeaseAgeMs;
    if (expiresAt)
        from = std::min(from, *expiresAt);
    return from;
}

Millis recordStuckFrom(const Record& record, const ServicePolicy& policy, const StuckRule& rule)
{
    const std::optional<Millis> lease = policy.effectiveLease() ? record.leaseUntil : std::nullopt;
    return stuckFrom(record.createdAt, lease, record.expiresAt, rule);
}

bool recordIsStuck(const Record& record, Millis now, const ServicePolicy& policy, const StuckRule& rule)
{
    if (effectiveState(record, now, policy) != RecordState::InProgress)
        return false;
    return now > recordStuckFrom(record, policy, rule); // the service takes a lease over once now > lease_until
}

std::string stuckRuleText(const StuckRule& rule)
{
    return "in progress past its lease; with no lease, older than " + formatDurationMs(rule.noLeaseAgeMs)
        + "; or past its expiry";
}

} // namespace iw
