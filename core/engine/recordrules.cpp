// The record rules shared by every view (see recordrules.h).
#include "recordrules.h"

#include "policy.h"
#include "service.h"

#include <algorithm>

// Qt's marker when a Qt header defined it, else the same no-op: lupdate only needs to see the call.
#ifndef QT_TRANSLATE_NOOP
#define QT_TRANSLATE_NOOP(scope, x) x
#endif

namespace iw {

const char* const kStuckRuleTemplate = QT_TRANSLATE_NOOP(
    "iw::StuckRule", "in progress past its lease; with no lease, older than %1; or past its expiry");

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
    std::string text = kStuckRuleTemplate;
    text.replace(text.find("%1"), 2, formatDurationMs(rule.noLeaseAgeMs));
    return text;
}

} // namespace iw
