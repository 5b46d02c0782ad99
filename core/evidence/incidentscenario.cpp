// Building the replayable scenario from judged exchanges.
#include "incidentscenario.h"

#include "json.h"
#include "reconstructreport.h"
#include "timestamps.h"

#include <algorithm>
#include <map>
#include <set>

namespace iw {

namespace {

constexpr Millis kClientTimeoutMs = 3'600'000; // as serve's recording: a client that did not give up waits

std::string intentOf(const JudgedExchange& j)
{
    return j.x.actor + " " + j.x.operation() + " " + *j.x.key;
}

} // namespace

IncidentScenario incidentScenario(const ReconstructResult& r, const ReconstructOptions& options, bool keepBodies)
{
    IncidentScenario out;
    Scenario& s = out.scenario;
    s.name = "reconstructed-incident";
    s.title = "An incident rebuilt from its evidence";
    s.seed = 1;
    s.service = options.policy;
    s.service.networkMs = 0; // the evidence's instants are the service's: arrivals and answers as logged
    s.service.dbMs = 0;
    const Millis base = r.summary.firstMs.value_or(0);

    // The handler time: the median observed duration of an execution (each execution's own is pinned below).
    std::vector<Millis> durations;
    for (const JudgedExchange& j : r.exchanges)
        if (j.execution && j.x.endMs && *j.x.endMs >= j.x.startMs)
            durations.push_back(*j.x.endMs - j.x.startMs);
    if (!durations.empty()) {
        std::nth_element(
            durations.begin(), durations.begin() + static_cast<long>(durations.size() / 2), durations.end());
        s.service.handlerMs = durations[durations.size() / 2];
    }

    // The service in the evidence may not have behaved as the profile says — that is often the incident. So the
    // scenario's service is the profile, changed only as far as the evidence shows: a scope executed twice while its
    // first execution still ran → the claim was not atomic (check_then_insert); executed again after it finished,
    // within the profile's window → the service kept its record a shorter time than the profile (ttl_ms just below
    // the shortest such gap).
    {
        std::map<int, std::pair<Millis, Millis>> lastExec; // scope → (start, end) of its last execution
        std::optional<Millis> shortestGap;
        bool overlapping = false;
        for (const JudgedExchange& j : r.exchanges) {
            if (!j.execution || j.scope < 0)
                continue;
            const Millis end = j.x.endMs.value_or(j.x.startMs);
            const auto it = lastExec.find(j.scope);
            if (it != lastExec.end()) {
                const Millis gap = j.x.startMs - it->second.second;
                if (gap < 0)
                    overlapping = true;
                else if (gap <= options.policy.ttlMs)
                    shortestGap = std::min(shortestGap.value_or(gap), gap);
            }
            lastExec[j.scope] = { j.x.startMs, end };
        }
        bool atomicSeen = false; // an in-progress answer shows a claim that was atomic at least then
        for (const JudgedExchange& j : r.exchanges)
            atomicSeen = atomicSeen || (j.decision && *j.decision == Decision::ConflictInProgress);
        if (overlapping && atomicSeen) {
            out.assumptions.push_back("a scope executed again while its first execution still ran, yet other requests "
                                      "were answered in progress: no one policy reproduces both, so the scenario keeps "
                                      "the "
                + options.profile + " profile and its run differs from the evidence there");
        } else if (overlapping) {
            s.service.strategy = Strategy::CheckThenInsert;
            out.assumptions.push_back("a scope executed again while its first execution still ran: the scenario's "
                                      "service claims with check_then_insert (not atomic), as the evidence shows; "
                                      "compare it with the "
                + options.profile + " profile's unique_claim");
        } else if (shortestGap) {
            s.service.ttlMs = std::max<Millis>(1, *shortestGap);
            out.assumptions.push_back("a scope executed again " + formatDurationMs(*shortestGap)
                + " after its first execution ended, within the " + options.profile
                + " window: the scenario's service keeps a record for " + formatDurationMs(s.service.ttlMs)
                + ", as the evidence shows; compare it with the profile's " + formatDurationMs(options.policy.ttlMs));
        }
    }

    // A scope whose requests after a silent one were still answered "in progress": that one died holding the record.
    std::set<std::size_t> crashed;
    {
        std::map<int, std::size_t> open; // scope → the silent exchange still holding it
        for (std::size_t i = 0; i < r.exchanges.size(); ++i) {
            const JudgedExchange& j = r.exchanges[i];
            if (j.scope < 0)
                continue;
            const auto it = open.find(j.scope);
            if (it != open.end()) {
                if (j.decision && *j.decision == Decision::ConflictInProgress)
                    crashed.insert(it->second);
                open.erase(it);
            }
            if (!j.x.status && !j.x.clientGaveUp && !j.decision)
                open[j.scope] = i;
        }
    }

    // Clients: one per (client, actor); a client that gave up waits as long as its shortest give-up.
    std::map<std::pair<std::string, std::string>, std::string> clientIds;
    std::map<std::string, Millis> timeouts;
    std::set<std::string> used;
    // Per client name, the first numbered id ("name-N") not tried yet: those before it are taken. Trying them again
    // for each new actor made as many tries as actors already seen with that client.
    std::map<std::string, int> nextNumber;
    for (const JudgedExchange& j : r.exchanges) {
        const auto k = std::make_pair(j.x.client, j.x.actor);
        if (clientIds.count(k))
            continue;
        std::string id = j.x.client.empty() ? std::string("http") : j.x.client;
        if (used.count(id)) {
            int& n = nextNumber.try_emplace(j.x.client, 2).first->second;
            for (id = j.x.client + "-" + std::to_string(n); used.count(id); id = j.x.client + "-" + std::to_string(n))
                ++n;
            ++n;
        }
        used.insert(id);
        clientIds[k] = id;
        timeouts[id] = kClientTimeoutMs;
    }
    for (const JudgedExchange& j : r.exchanges)
        if (j.x.clientGaveUp && j.x.endMs && *j.x.endMs > j.x.startMs) {
            Millis& t = timeouts[clientIds[{ j.x.client, j.x.actor }]];
            t = std::min(t, *j.x.endMs - j.x.startMs);
        }
    for (const auto& [k, id] : clientIds) {
        ClientSpec c;
        c.id = id;
        c.actor = k.second;
        c.timeoutMs = timeouts[id];
        s.clients.push_back(c);
    }

    std::vector<int> entryOf(r.exchanges.size(), -1);
    std::map<std::string, std::int64_t> effectsByIntent;
    for (std::size_t i = 0; i < r.exchanges.size(); ++i) {
        const JudgedExchange& j = r.exchanges[i];
        if (j.x.keyUnreadable) {
            ++out.leftOut;
            continue;
        }
        RequestSpec req;
        req.atMs = j.x.startMs - base;
        req.client = clientIds[{ j.x.client, j.x.actor }];
        req.operation = j.x.operation();
        if (j.x.key) {
            req.keyKind = RequestSpec::KeyKind::Literal;
            req.key = *j.x.key;
        } else {
            req.keyKind = RequestSpec::KeyKind::None;
        }
        bool payloadSet = false;
        if (keepBodies && !j.x.body.empty()) {
            try {
                req.payload = json::parse(j.x.body);
                payloadSet = true;
            } catch (const json::ParseError&) {
            }
        }
        if (!payloadSet) {
            req.payload = json::Value::makeObject();
            if (!j.x.fingerprint.empty())
                req.payload.object.push_back({ "fingerprint", {}, json::Value::makeString(j.x.fingerprint) });
            else if (j.decision && *j.decision == Decision::PayloadMismatch)
                // The body is unknown, but the service said it differed from the first: a payload of its own.
                req.payload.object.push_back({ "unknown_body_of", {}, json::Value::makeString(exchangeId(i)) });
        }
        std::string intent;
        if (j.suspectedFirst >= 0 && r.exchanges[static_cast<std::size_t>(j.suspectedFirst)].x.key)
            intent = intentOf(r.exchanges[static_cast<std::size_t>(j.suspectedFirst)]);
        else if (j.suspectedFirst >= 0)
            intent = "suspected " + exchangeId(static_cast<std::size_t>(j.suspectedFirst));
        else if (j.x.key)
            intent = intentOf(j);
        if (!intent.empty())
            req.intent = intent;
        const int entry = static_cast<int>(s.requests.size());
        entryOf[i] = entry;
        s.requests.push_back(std::move(req));

        const auto pin = [&](FaultKind kind) {
            FaultSpec f;
            f.kind = kind;
            f.request = entry;
            f.attempt = 1;
            return f;
        };
        bool executes = j.execution;
        const auto pinDuration = [&] {
            if (j.x.endMs && *j.x.endMs >= j.x.startMs && *j.x.endMs - j.x.startMs != s.service.handlerMs) {
                FaultSpec f = pin(FaultKind::SlowHandler);
                f.handlerMs = *j.x.endMs - j.x.startMs;
                s.faults.push_back(f);
            }
        };
        if (!j.x.status && !j.decision) {
            if (j.x.clientGaveUp) {
                FaultSpec f = pin(FaultKind::SlowHandler);
                f.handlerMs = timeouts[clientIds[{ j.x.client, j.x.actor }]] + s.service.handlerMs;
                s.faults.push_back(f);
                executes = true;
                out.assumptions.push_back(exchangeId(i) + " (" + describeRef(j.x.ref, r.files)
                    + "): the client gave up before an answer; the scenario has its handler outlast the client and "
                      "run on (slow_handler)");
            } else if (crashed.count(i)) {
                pinDuration();
                s.faults.push_back(pin(FaultKind::CrashAfterEffect));
                executes = true;
                out.assumptions.push_back(exchangeId(i) + " (" + describeRef(j.x.ref, r.files)
                    + "): no answer, and the scope's next request still found it in progress: taken as a crash after "
                      "the effect (the evidence cannot tell a crash before it)");
            } else {
                pinDuration();
                s.faults.push_back(pin(FaultKind::DropResponse));
                executes = true;
                out.assumptions.push_back(exchangeId(i) + " (" + describeRef(j.x.ref, r.files)
                    + "): no answer logged: taken as a response lost after the handler ran (drop_response)");
            }
        } else if (j.execution) {
            pinDuration();
        } else if (j.decision && *j.decision == Decision::Created && j.x.status && *j.x.status >= 500) {
            // The handler failed after it began: no effect, its error stored as the scope's answer.
            FaultSpec f = pin(FaultKind::HandlerError);
            f.status = *j.x.status;
            s.faults.push_back(f);
            pinDuration();
        }
        if (executes)
            ++effectsByIntent[intent.empty() ? "req" + std::to_string(entry) : intent];
    }
    for (const auto& [intent, n] : effectsByIntent) {
        out.expectedEffects += n;
        out.expectedDuplicateEffects += std::max<std::int64_t>(0, n - 1);
    }
    s.expect["effects"] = out.expectedEffects;
    s.expect["duplicate_effects"] = out.expectedDuplicateEffects;
    s.hasExpect = true;

    // The lesson: a step per violation, at the instant of the evidence that shows it.
    std::map<std::tuple<std::uint32_t, int, std::uint64_t>, std::size_t> byRef;
    for (std::size_t i = 0; i < r.exchanges.size(); ++i) {
        const EvidenceRef& ref = r.exchanges[i].x.ref;
        byRef[{ ref.file, static_cast<int>(ref.kind), ref.at }] = i;
    }
    for (const Violation& v : r.violations) {
        LessonStep step;
        step.atMs = std::max<Millis>(0, v.atMs - base);
        step.title = std::string(violationKindName(v.kind)) + (v.suspected ? " (suspected intent)" : "");
        std::string where;
        for (const EvidenceRef& e : v.evidence)
            where += (where.empty() ? "" : ", ") + describeRef(e, r.files);
        step.text = "Actor " + v.scope.actor + ", " + v.scope.operation + ", key "
            + (v.scope.key.empty() ? std::string("(none)") : v.scope.key) + ": " + v.detail + ". Evidence: " + where
            + ".";
        if (!v.evidence.empty()) {
            const EvidenceRef& last = v.evidence.back();
            const auto it = byRef.find({ last.file, static_cast<int>(last.kind), last.at });
            if (it != byRef.end() && entryOf[it->second] >= 0) {
                step.select = LessonStep::Select::Request;
                step.index = entryOf[it->second];
            } else if (!v.scope.key.empty()) {
                step.select = LessonStep::Select::Scope;
                step.scope = v.scope;
            }
        }
        s.lesson.push_back(std::move(step));
    }
    std::stable_sort(
        s.lesson.begin(), s.lesson.end(), [](const LessonStep& a, const LessonStep& b) { return a.atMs < b.atMs; });
    if (s.lesson.empty()) {
        LessonStep step;
        step.title = "No violation in the evidence";
        step.text = "Judged against the " + options.profile
            + " profile, the evidence shows no duplicate execution, no differing replay and no wrong conflict "
              "status. Put the scenario under other policies with compare, or search around it with explore.";
        s.lesson.push_back(step);
    }
    s.description = "Rebuilt by idempotency-workbench reconstruct from " + std::to_string(r.files.size())
        + " evidence file(s), " + std::to_string(r.exchanges.size()) + " exchanges from "
        + (r.summary.firstMs ? formatIsoMs(*r.summary.firstMs) : std::string("?")) + " (t = 0). The evidence shows "
        + std::to_string(out.expectedEffects) + " effect(s), " + std::to_string(out.expectedDuplicateEffects)
        + " duplicate(s); " + std::to_string(r.violations.size()) + " violation(s)."
        + (out.leftOut ? " " + std::to_string(out.leftOut) + " request(s) with an unreadable key are left out." : "")
        + (keepBodies ? "" : " Payloads are fingerprint placeholders: bodies are not copied without --keep-bodies.");
    return out;
}

} // namespace iw
