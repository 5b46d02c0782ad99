// Routes (docs/reference/routes.md), a translation unit of Simulation: a request's hop and what its hop says of it, the
// calls a handler sends to the next hop, and the hops' recovery jobs.
#include "simulationimpl.h"

#include "storeengine.h"

#include <algorithm>

namespace iw {

const std::string& Simulation::requestFingerprint(int request) const
{
    const RequestRow& r = m_requests[static_cast<std::size_t>(request)];
    const int hop = hopOf(request);
    return hop == 0 ? (*m_entryFingerprints)[static_cast<std::size_t>(r.entry)].sha256
                    : (*m_hopFingerprints[static_cast<std::size_t>(hop - 1)])[static_cast<std::size_t>(r.entry)].sha256;
}

int Simulation::requestReason(int request) const
{
    const RequestRow& r = m_requests[static_cast<std::size_t>(request)];
    if (!r.decision)
        return -1;
    const auto it
        = m_reasonIndex.find(reasonKey(r.rulePath, *r.decision) + (static_cast<std::int64_t>(hopOf(request)) << 40));
    return it == m_reasonIndex.end() ? -1 : it->second;
}

Explanation Simulation::requestExplanation(int request) const
{
    // The same inputs as the sentence interned at the decision (afterService), so both say the same.
    const RequestRow& r = m_requests[static_cast<std::size_t>(request)];
    if (!r.decision || r.rulePath < 0)
        return {};
    return outcomeExplanation(*r.decision, m_scenario.hopService(hopOf(request)), text(r.rulePath));
}

RulePath Simulation::requestRulePath(int request) const
{
    const RequestRow& r = m_requests[static_cast<std::size_t>(request)];
    if (r.rulePath < 0)
        return {};
    const auto it = m_rulePathSteps.find(r.rulePath);
    return it == m_rulePathSteps.end() ? RulePath {} : it->second;
}

void Simulation::startCall(int caller)
{
    const int callerHop = hopOf(caller);
    const int hop = callerHop + 1;
    const HopSpec& spec = m_scenario.route[static_cast<std::size_t>(hop - 1)];
    const Sender& callerSender = senderOf(flightOf(caller).sender);
    const RequestRow& row = m_requests[static_cast<std::size_t>(caller)];
    const auto lane = static_cast<std::size_t>(row.scope >= 0 ? row.scope : row.keylessScope);
    // The called hop's actor is the caller's name, its operation the caller's (docs/reference/routes.md).
    const std::uint32_t actor = m_scopes.name(m_scenario.hopName(callerHop));
    const std::uint32_t operation = m_scopes.operationName(lane);
    bool hasKey = row.hasKey;
    char buf[kUuidText];
    const std::string_view callerKey = hasKey ? m_scopes.key(lane, buf) : std::string_view();
    std::string& key = m_callKey; // kept from call to call: no allocation for the derived key
    key.assign(callerKey);
    switch (spec.key) {
    case HopKey::Forward:
        break;
    case HopKey::Derive:
        // Stable for the scope (every takeover and retry of it sends the same), apart for two actors.
        if (hasKey) {
            key.assign(m_scopes.actor(lane));
            key.append(":").append(callerKey).append(":").append(spec.name);
        }
        break;
    case HopKey::New:
        key = makeUuid();
        hasKey = true;
        break;
    case HopKey::None:
        hasKey = false;
        break;
    }
    if (!hasKey)
        key.clear();
    Sender s;
    s.intent = callerSender.intent;
    s.entry = callerSender.entry;
    s.client = callerSender.client;
    s.copy = 1;
    s.scope = m_scopes.intern(actor, operation, key);
    s.hasKey = hasKey;
    s.hop = hop;
    s.parent = caller;
    s.previousWait = spec.retry.baseMs;
    s.holds = 1; // until its first attempt is sent
    const int index = m_senderCount++;
    m_senders.emplace(index, std::make_unique<Sender>(s));
    send(index);
    releaseSender(index);
}

void Simulation::finishCall(int senderIndex, std::optional<int> status)
{
    Sender& sender = senderOf(senderIndex);
    if (sender.callEnded)
        return;
    sender.callEnded = true;
    const int caller = sender.parent;
    const auto it = m_inFlight.find(caller);
    if (it == m_inFlight.end() || !it->second->process || !it->second->process->waitingForUpstream())
        return;
    envOf(hopOf(caller)).currentRequest = caller;
    m_continuingHandler = true;
    afterService(caller, it->second->process->upstreamAnswered(m_now, status));
    m_continuingHandler = false;
    retireIfIdle(caller);
}

void Simulation::retireIfIdle(int request)
{
    const auto it = m_inFlight.find(request);
    if (it == m_inFlight.end())
        return;
    const InFlight& f = *it->second;
    if (f.pendingEvents == 0 && (!f.process || f.process->done()) && !f.timeoutPending) {
        const int sender = f.sender;
        endFlight(request);
        releaseSender(sender);
    }
}

std::optional<Millis> Simulation::recover(int hop)
{
    const RecoverSpec& spec = *m_scenario.hopRecover(hop);
    IdempotencyStore& store = hopStore(hop);
    const ServicePolicy& policy = m_scenario.hopService(hop);
    std::vector<Record> stuck;
    std::optional<Millis> eligible; // when the youngest record left in_progress becomes old enough
    try {
        for (const Record& r : store.records()) {
            if (r.state != RecordState::InProgress)
                continue;
            if (m_now - r.createdAt > spec.olderThanMs) {
                stuck.push_back(r);
            } else {
                const Millis at = r.createdAt + spec.olderThanMs + 1;
                eligible = eligible ? std::min(*eligible, at) : at;
            }
        }
        for (const Record& r : stuck) {
            const int scope = internScope(r.scope);
            const auto ownerIt = m_recordOwners.find(ownerKey(hop, scope));
            const int owner = ownerIt == m_recordOwners.end() ? -1 : ownerIt->second;
            // lookup asks the next hop whether it has an effect (or a 2xx answer) for the key this record sent; a
            // `new` or `none` key, or a last hop, leaves nothing to ask by, so the record is released.
            bool found = false;
            if (spec.by == RecoverBy::Lookup && hop + 1 < m_scenario.hopCount()) {
                const HopSpec& next = m_scenario.route[static_cast<std::size_t>(hop)];
                std::optional<std::string> key;
                if (next.key == HopKey::Forward)
                    key = r.scope.key;
                else if (next.key == HopKey::Derive)
                    key = r.scope.actor + ":" + r.scope.key + ":" + next.name;
                if (key) {
                    const Scope asked { std::string(m_scenario.hopName(hop)), r.scope.operation, *key };
                    const std::optional<Record> answer = hopStore(hop + 1).read(asked);
                    found = answer && answer->state == RecordState::Completed && answer->statusCode
                        && *answer->statusCode >= 200 && *answer->statusCode < 300;
                    const int askedScope = m_scopes.find(asked);
                    for (std::size_t e = 0; !found && askedScope >= 0 && e < m_effects.size(); ++e) {
                        const RequestRow& byRow = m_requests[static_cast<std::size_t>(m_effects[e].request)];
                        found = m_effects[e].hop == hop + 1 && byRow.scope == askedScope;
                    }
                }
            }
            if (found) {
                // Finish the record's work: its own effect if a crash left it undone, then the completion.
                std::optional<std::string> resultId = r.resultId;
                std::optional<EffectRow> effectRow;
                const bool ownEffect = hop == 0 || m_scenario.route[static_cast<std::size_t>(hop - 1)].effect;
                if (ownEffect && owner >= 0) {
                    RequestRow& ownerRow = m_requests[static_cast<std::size_t>(owner)];
                    if (ownerRow.effect < 0) {
                        Environment& env = envOf(hop);
                        env.currentRequest = owner;
                        const std::string id = env.executeEffect(IncomingRequest {}, m_now);
                        effectRow = EffectRow { id, r.scope, intentName(ownerRow.intent), requestId(owner), m_now };
                    }
                    resultId = effectId(ownerRow.effect);
                }
                Completion completion;
                completion.statusCode = 201;
                completion.responseBody = std::string("{\"recovered\":true}");
                completion.completedAt = m_now;
                completion.resultId = resultId;
                completion.expiresAt = completionExpiryAt(policy, m_now);
                store.complete(r.scope, r.createdAt, completion, effectRow);
                publish(EventKind::RecoveredCompleted, -1, scope);
            } else {
                store.deleteIfOwner(r.scope, r.createdAt);
                publish(EventKind::RecoveredReleased, -1, scope);
            }
            // The old owner, if it is still running, no longer owns the record: its late writes are fenced.
            if (owner >= 0) {
                const auto flight = m_inFlight.find(owner);
                if (flight != m_inFlight.end() && flight->second->process && !flight->second->process->done())
                    flight->second->process->loseOwnership();
            }
        }
    } catch (const StoreError& error) {
        // Like a sweep, a job that cannot reach the store does not happen; the next one will, a period later.
        if (error.kind() == StoreError::Kind::Fatal)
            throw;
        return m_now;
    }
    if (m_hopKeysExpire[static_cast<std::size_t>(hop)])
        noteKeyExpiry(hop);
    return eligible;
}

Millis Simulation::nextUsefulRecovery(int hop, Millis next, std::optional<Millis> eligible)
{
    // As for sweeps (nextUsefulSweep): a job that finds no record old enough changes nothing and shows nothing, so
    // the next one worth running is the first at or after the instant the oldest in_progress record becomes old
    // enough — or the next event other than a sweep, which may claim a record. Sweeps never make a record
    // in_progress, so they are passed over (a job every millisecond over a ten-year late retry ran 3·10^11 times).
    const Millis every = m_scenario.hopRecover(hop)->everyMs;
    Millis useful = eligible.value_or(std::numeric_limits<Millis>::max());
    if (const std::optional<Millis> work = nextWork(hop, false))
        useful = std::min(useful, *work);
    if (useful <= next || useful == std::numeric_limits<Millis>::max())
        return next;
    return useful + (every - useful % every) % every;
}

} // namespace iw
