// Records as bars (see livetimeline.h). The bars tell what the table says happened, nothing more: a row's creation,
// its completion when the table keeps one, its expiry, and where a stuck row stopped being looked after.
#include "livetimeline.h"

#include "recordrules.h"

#include <algorithm>

namespace iw {

Millis feedTimeline(
    TimelineModel& model, const std::vector<LiveRecord>& records, Millis nowMs, const AnomalyThresholds& thresholds)
{
    model.clear();
    Millis origin = nowMs;
    for (const LiveRecord& r : records) {
        origin = std::min(origin, r.createdMs);
        for (const auto& t : { r.completedMs, r.expiresMs, r.leaseUntilMs })
            if (t)
                origin = std::min(origin, *t);
    }
    const auto at = [&](Millis t) { return t - origin; };
    const std::uint8_t stuckBits
        = anomalyBit(LiveAnomalyKind::StuckInProgress) | anomalyBit(LiveAnomalyKind::InProgressPastExpiry);

    model.reserveLanes(static_cast<int>(records.size()));
    for (std::size_t i = 0; i < records.size(); ++i) {
        const LiveRecord& r = records[i];
        const int lane = model.addLane(static_cast<int>(i), QString::fromStdString(r.scope.actor),
            QString::fromStdString(r.scope.operation), QString::fromStdString(r.scope.key), !r.scope.key.empty());
        const Millis created = at(r.createdMs);
        const Millis lease = r.leaseUntilMs ? at(*r.leaseUntilMs) : -1;
        const Millis expires = r.expiresMs ? at(*r.expiresMs) : -1;
        const auto bar = [&](Millis start, Millis end, BarState state) {
            TimelineBar b;
            b.start = start;
            b.end = end;
            b.state = state;
            if (state == BarState::InProgress) {
                b.lease = lease;
                b.ttl = expires;
            }
            model.addBar(lane, b);
        };
        if (r.terminal) {
            Millis done = created;
            if (r.completedMs && at(*r.completedMs) > created) {
                done = at(*r.completedMs);
                bar(created, done, BarState::InProgress);
            }
            const bool markedExpired = r.state == RecordState::Expired && (!r.expiresMs || expires > at(nowMs));
            if (markedExpired) {
                bar(done, OpenEnd, BarState::Expired);
            } else if (expires >= 0) {
                const Millis end = std::max(done, expires);
                if (end > done)
                    bar(done, end, BarState::Completed);
                bar(end, OpenEnd, BarState::Expired);
            } else {
                bar(done, OpenEnd, BarState::Completed);
            }
            continue;
        }
        if (r.anomalies & stuckBits) {
            // Stuck from the moment nobody was looking after it (the rule every view shares, recordrules.h): its
            // lease's end, the no-lease threshold, or its expiry, whichever came first.
            StuckRule rule;
            rule.noLeaseAgeMs = thresholds[LiveAnomalyKind::StuckInProgress];
            Millis since = stuckFrom(created, lease >= 0 ? std::optional(lease) : std::nullopt,
                expires >= 0 && (r.anomalies & anomalyBit(LiveAnomalyKind::InProgressPastExpiry))
                    ? std::optional(expires)
                    : std::nullopt,
                rule);
            since = std::clamp(since, created, std::max(created, at(nowMs)));
            if (since > created)
                bar(created, since, BarState::InProgress);
            bar(since, OpenEnd, BarState::Stuck);
            model.addAnomaly({ since, lane, -1, AnomalyKind::StuckInProgress });
        } else if (r.state == RecordState::Expired && expires >= 0) {
            // Powertools: an in-progress record past its expiry is expired.
            if (expires > created)
                bar(created, expires, BarState::InProgress);
            bar(std::max(created, expires), OpenEnd, BarState::Expired);
        } else {
            bar(created, OpenEnd, BarState::InProgress);
        }
    }
    model.ensureSorted();
    return origin;
}

} // namespace iw
