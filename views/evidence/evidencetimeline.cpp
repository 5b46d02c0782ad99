// The evidence as timeline lanes (see evidencetimeline.h). The bars say only what the evidence shows: a record
// claimed when an execution's request arrived, completed when its answer was written; a request without an answer
// leaves its record in progress until the scope's next execution, or to the end.
#include "evidencetimeline.h"

#include <algorithm>
#include <limits>

namespace iw {

namespace {

AnomalyKind anomalyOf(ViolationKind k)
{
    switch (k) {
    case ViolationKind::DuplicateExecution:
    case ViolationKind::LateRetryReexecuted:
        return AnomalyKind::DuplicateEffect;
    case ViolationKind::StuckInProgress:
        return AnomalyKind::StuckInProgress;
    case ViolationKind::ReplayDiffers:
    case ViolationKind::SuccessAfterMismatch:
    case ViolationKind::ConflictStatus:
        return AnomalyKind::PayloadMismatch;
    }
    return AnomalyKind::DuplicateEffect;
}

std::string scopeText(const Scope& s)
{
    return s.actor + '\x1f' + s.operation + '\x1f' + s.key;
}

} // namespace

EvidenceTimeline feedEvidenceTimeline(TimelineModel& model, const ReconstructResult& result)
{
    model.clear();
    EvidenceTimeline out;
    const auto& xs = result.exchanges;
    Millis origin = std::numeric_limits<Millis>::max();
    for (const JudgedExchange& j : xs)
        origin = std::min(origin, j.x.startMs);
    for (const EvidenceRow& r : result.rows)
        if (r.createdMs)
            origin = std::min(origin, *r.createdMs);
    for (const Violation& v : result.violations)
        origin = std::min(origin, v.atMs);
    if (origin == std::numeric_limits<Millis>::max())
        origin = 0;
    out.origin = origin;
    const auto at = [&](Millis t) { return t - origin; };

    // Lanes: one per scope, in order of first appearance; keyless exchanges one per (actor, operation).
    std::map<int, int> laneOfScope;
    std::map<std::string, int> laneOfKeyless;
    std::map<std::string, int> laneOfScopeText;
    int nextFreeScopeId = static_cast<int>(result.scopeList.size());
    const auto newLane = [&](int scopeId, const Scope& s, bool hasKey) {
        const int lane = model.addLane(scopeId, QString::fromStdString(s.actor), QString::fromStdString(s.operation),
            QString::fromStdString(s.key), hasKey);
        out.laneScope.push_back(scopeId);
        return lane;
    };
    out.laneOfExchange.assign(xs.size(), -1);
    for (std::size_t i = 0; i < xs.size(); ++i) {
        const JudgedExchange& j = xs[i];
        int lane = -1;
        if (j.scope >= 0 && static_cast<std::size_t>(j.scope) < result.scopeList.size()) {
            auto it = laneOfScope.find(j.scope);
            if (it == laneOfScope.end()) {
                const Scope& s = result.scopeList[static_cast<std::size_t>(j.scope)];
                it = laneOfScope.emplace(j.scope, newLane(j.scope, s, true)).first;
                laneOfScopeText.emplace(scopeText(s), it->second);
            }
            lane = it->second;
        } else {
            Scope s { j.x.actor, j.x.operation(), std::string() };
            const std::string text = scopeText(s);
            auto it = laneOfKeyless.find(text);
            if (it == laneOfKeyless.end())
                it = laneOfKeyless.emplace(text, newLane(nextFreeScopeId++, s, false)).first;
            lane = it->second;
        }
        out.laneOfExchange[i] = lane;
    }

    // Per lane, its executions in time order make its bars.
    std::vector<std::vector<std::size_t>> executions(static_cast<std::size_t>(model.laneCount()));
    std::vector<int> executed(static_cast<std::size_t>(model.laneCount()), 0);
    for (std::size_t i = 0; i < xs.size(); ++i) {
        const JudgedExchange& j = xs[i];
        const int lane = out.laneOfExchange[i];
        const Millis end = j.x.endMs.value_or(j.x.startMs);
        TimelineMarker m;
        m.t = at(end);
        m.latency = static_cast<std::int32_t>(std::clamp<Millis>(end - j.x.startMs, 0, 2'000'000'000));
        m.request = static_cast<std::int32_t>(i);
        m.status = static_cast<std::uint16_t>(j.x.status.value_or(0));
        if (j.decision)
            m.decision = static_cast<std::uint8_t>(*j.decision);
        if (!j.x.status)
            m.flags |= TimelineMarker::ResponseLost;
        if (j.x.clientGaveUp)
            m.flags |= TimelineMarker::TimedOut;
        model.addMarker(lane, m);
        const bool claims = j.execution || (j.scope >= 0 && !j.x.status && j.decision == Decision::Created);
        if (claims && j.scope >= 0)
            executions[static_cast<std::size_t>(lane)].push_back(i);
        if (j.execution) {
            TimelineEffect e;
            e.t = at(end);
            e.request = static_cast<std::int32_t>(i);
            e.effect = static_cast<std::int32_t>(i);
            e.duplicate = ++executed[static_cast<std::size_t>(lane)] > 1;
            model.addEffect(lane, e);
        }
    }
    for (std::size_t lane = 0; lane < executions.size(); ++lane) {
        const auto& list = executions[lane];
        for (std::size_t k = 0; k < list.size(); ++k) {
            const JudgedExchange& j = xs[list[k]];
            const Millis start = at(j.x.startMs);
            const Millis next = k + 1 < list.size() ? at(xs[list[k + 1]].x.startMs) : OpenEnd;
            TimelineBar b;
            b.request = static_cast<std::int32_t>(list[k]);
            b.start = start;
            if (j.x.status && j.x.endMs) {
                b.end = std::min(next, std::max(start, at(*j.x.endMs)));
                b.state = BarState::InProgress;
                if (b.end > b.start)
                    model.addBar(static_cast<int>(lane), b);
                if (b.end < next) {
                    TimelineBar c;
                    c.request = b.request;
                    c.start = b.end;
                    c.end = next;
                    c.state = BarState::Completed;
                    model.addBar(static_cast<int>(lane), c);
                }
            } else {
                b.end = next;
                b.state = BarState::InProgress;
                model.addBar(static_cast<int>(lane), b);
            }
        }
    }

    // The table's stuck rows: on their scope's lane, or a lane of their own.
    for (const EvidenceRow& r : result.rows) {
        if (!r.stuck)
            continue;
        const std::string text = scopeText(r.scope);
        auto it = laneOfScopeText.find(text);
        if (it == laneOfScopeText.end())
            it = laneOfScopeText.emplace(text, newLane(nextFreeScopeId++, r.scope, true)).first;
        TimelineBar b;
        b.start = at(r.createdMs.value_or(origin));
        b.state = BarState::Stuck;
        model.addBar(it->second, b);
    }

    // Violations: the exchange that shows each (the last evidence it names), else its scope's lane.
    std::map<EvidenceRefKey, int> exchangeOfRef;
    for (std::size_t i = 0; i < xs.size(); ++i)
        exchangeOfRef.emplace(refKey(xs[i].x.ref), static_cast<int>(i));
    for (const Violation& v : result.violations) {
        int exchange = -1;
        for (auto it = v.evidence.rbegin(); it != v.evidence.rend() && exchange < 0; ++it) {
            const auto found = exchangeOfRef.find(refKey(*it));
            if (found != exchangeOfRef.end())
                exchange = found->second;
        }
        int lane = exchange >= 0 ? out.laneOfExchange[static_cast<std::size_t>(exchange)] : -1;
        if (lane < 0) {
            const auto it = laneOfScopeText.find(scopeText(v.scope));
            lane = it == laneOfScopeText.end() ? -1 : it->second;
        }
        out.violationExchange.push_back(exchange);
        out.violationLane.push_back(lane);
        if (lane >= 0)
            model.addAnomaly({ at(v.atMs), lane, exchange, anomalyOf(v.kind) });
    }
    model.ensureSorted();
    return out;
}

} // namespace iw
