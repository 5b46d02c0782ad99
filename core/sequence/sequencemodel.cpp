// Building one intent's sequence from the run's requests, events and step trace, its texts, and its Mermaid text.
// The texts' templates are marked for the GUI's translation (lupdate reads this file for the sequence view's room,
// context "iw::Sequence"); this file fills them in English for the model, the Mermaid text and the command line.
#include "sequencemodel.h"

#include "placeholders.h"

#include <algorithm>
#include <limits>
#include <map>
#include <numeric>
#include <set>
#include <tuple>
#include <unordered_map>

// Qt's marker when a Qt header defined it, else the same no-op: lupdate only needs to see the calls.
#ifndef QT_TRANSLATE_NOOP
#define QT_TRANSLATE_NOOP(scope, x) x
#endif

namespace iw {

namespace {

SequenceTextArg token(std::string value)
{
    SequenceTextArg a;
    a.kind = SequenceTextArg::Kind::Token;
    a.token = std::move(value);
    return a;
}

SequenceTextArg number(long long value)
{
    SequenceTextArg a;
    a.kind = SequenceTextArg::Kind::Number;
    a.number = value;
    return a;
}

SequenceTextArg duration(Millis ms)
{
    SequenceTextArg a;
    a.kind = SequenceTextArg::Kind::Duration;
    a.number = ms;
    return a;
}

SequenceTextArg text(SequenceText value)
{
    SequenceTextArg a;
    a.kind = SequenceTextArg::Kind::Text;
    a.text.push_back(std::move(value));
    return a;
}

SequenceTextArg ruleSteps(const std::vector<std::string>& steps)
{
    SequenceTextArg a;
    a.kind = SequenceTextArg::Kind::RuleSteps;
    a.steps = &steps;
    return a;
}

SequenceTextArg explanation(const Explanation& sentences)
{
    SequenceTextArg a;
    a.kind = SequenceTextArg::Kind::Explanation;
    a.explanation = &sentences;
    return a;
}

SequenceText say(const char* source, std::vector<SequenceTextArg> args)
{
    return { source, std::move(args) };
}

// The values are moved in (a braced list would copy each, nested texts and all).
template<typename... Args> SequenceText say(const char* source, Args&&... args)
{
    SequenceText t { source, {} };
    t.args.reserve(sizeof...(args));
    (t.args.push_back(std::forward<Args>(args)), ...);
    return t;
}

// Joins of tokens alone, alike in every language: not marked for translation.
constexpr const char* kOne = "%1";
constexpr const char* kTwo = "%1 %2";

// "key k-1" or "no key".
SequenceText keyText(const SequenceItem& item)
{
    return item.key ? say(QT_TRANSLATE_NOOP("iw::Sequence", "key %1"), token(*item.key))
                    : say(QT_TRANSLATE_NOOP("iw::Sequence", "no key"));
}

// A store step's label ("r2 claim"): its name as serviceStepName says it.
SequenceText storeStepLabel(const SequenceItem& item)
{
    const auto label = [&](const char* source) { return say(source, token(item.id)); };
    switch (item.step) {
    case ServiceStep::Kind::Claim:
        return label(QT_TRANSLATE_NOOP("iw::Sequence", "%1 claim"));
    case ServiceStep::Kind::Read:
        return label(QT_TRANSLATE_NOOP("iw::Sequence", "%1 read"));
    case ServiceStep::Kind::Overwrite:
        return label(QT_TRANSLATE_NOOP("iw::Sequence", "%1 overwrite"));
    case ServiceStep::Kind::Complete:
    case ServiceStep::Kind::SeenComplete:
        return label(QT_TRANSLATE_NOOP("iw::Sequence", "%1 completion"));
    case ServiceStep::Kind::Delete:
        return label(QT_TRANSLATE_NOOP("iw::Sequence", "%1 delete"));
    case ServiceStep::Kind::Select:
        return label(QT_TRANSLATE_NOOP("iw::Sequence", "%1 select"));
    case ServiceStep::Kind::Insert:
        return label(QT_TRANSLATE_NOOP("iw::Sequence", "%1 insert"));
    case ServiceStep::Kind::Update:
        return label(QT_TRANSLATE_NOOP("iw::Sequence", "%1 update"));
    case ServiceStep::Kind::TestAndSet:
        return label(QT_TRANSLATE_NOOP("iw::Sequence", "%1 test-and-set"));
    case ServiceStep::Kind::Wait:
        return label(QT_TRANSLATE_NOOP("iw::Sequence", "%1 waits for the record"));
    case ServiceStep::Kind::LockWait:
        return label(QT_TRANSLATE_NOOP("iw::Sequence", "%1 waits on the key's lock"));
    case ServiceStep::Kind::Rollback:
        return label(QT_TRANSLATE_NOOP("iw::Sequence", "%1 transaction open until its ROLLBACK"));
    case ServiceStep::Kind::Handler:
        break; // a Handler item of its own
    case ServiceStep::Kind::Expire: // redis hset_then_expire's separate EXPIRE after the HSET
        return label(QT_TRANSLATE_NOOP("iw::Sequence", "%1 expire"));
    }
    return say(kTwo, token(item.id), token(std::string(serviceStepName(item.step))));
}

std::string joinSteps(const std::vector<std::string>& steps)
{
    std::string out;
    for (std::size_t i = 0; i < steps.size(); ++i) {
        if (i > 0)
            out += " → ";
        out += steps[i];
    }
    return out;
}

// A step text of the trace (Simulation::stepText: the steps joined with " → ") as its steps.
std::vector<std::string> splitSteps(const std::string& joined)
{
    static const std::string separator = " → ";
    std::vector<std::string> steps;
    std::size_t from = 0;
    for (std::size_t at = joined.find(separator); at != std::string::npos; at = joined.find(separator, from)) {
        steps.push_back(joined.substr(from, at - from));
        from = at + separator.size();
    }
    steps.push_back(joined.substr(from));
    return steps;
}

// Writes `pattern` to `out`, each %1…%9 that has a value (`count` of them) by `value(n)`, in one pass.
void appendEnglish(std::string& out, const SequenceText& text)
{
    appendFilled(out, text.source, text.args.size(), [&](std::size_t n) {
        const SequenceTextArg& a = text.args[n];
        switch (a.kind) {
        case SequenceTextArg::Kind::Token:
            out += a.token;
            break;
        case SequenceTextArg::Kind::Number:
            out += std::to_string(a.number);
            break;
        case SequenceTextArg::Kind::Duration:
            out += sequenceDuration(a.number);
            break;
        case SequenceTextArg::Kind::Text:
            if (!a.text.empty())
                appendEnglish(out, a.text.front());
            break;
        case SequenceTextArg::Kind::RuleSteps:
            if (a.steps)
                out += joinSteps(*a.steps);
            break;
        case SequenceTextArg::Kind::Explanation:
            if (a.explanation)
                out += explanationText(*a.explanation);
            break;
        }
    });
}

} // namespace

std::string englishText(const SequenceText& text)
{
    std::string out;
    appendEnglish(out, text);
    return out;
}

SequenceText sequenceLaneName(const SequenceLane& lane)
{
    switch (lane.kind) {
    case SequenceLane::Kind::Client:
        return lane.copy > 1 ? say(QT_TRANSLATE_NOOP("iw::Sequence", "%1 #%2"), token(lane.id), number(lane.copy))
                             : say(kOne, token(lane.id));
    case SequenceLane::Kind::Service:
        return lane.hop == 0 ? say(QT_TRANSLATE_NOOP("iw::Sequence", "service")) : say(kOne, token(lane.id));
    case SequenceLane::Kind::Store:
        return lane.hop == 0 ? say(QT_TRANSLATE_NOOP("iw::Sequence", "store"))
                             : say(QT_TRANSLATE_NOOP("iw::Sequence", "%1 store"), token(lane.id));
    case SequenceLane::Kind::Effects:
        break;
    }
    return say(QT_TRANSLATE_NOOP("iw::Sequence", "effects"));
}

SequenceText sequenceLabel(const SequenceItem& item)
{
    const auto lost
        = [](SequenceText base) { return say(QT_TRANSLATE_NOOP("iw::Sequence", "%1 ✕ lost"), text(std::move(base))); };
    switch (item.kind) {
    case SequenceItem::Kind::Request: {
        // A call's first attempt says only whose call it is: its key (derived, or a fresh one) is the story.
        SequenceText base = item.relatedId.empty() ? say(QT_TRANSLATE_NOOP("iw::Sequence", "%1 · attempt %2 · %3"),
                                token(item.id), number(item.attempt), text(keyText(item)))
            : item.attempt == 1 ? say(QT_TRANSLATE_NOOP("iw::Sequence", "%1 · call from %2 · %3"), token(item.id),
                  token(item.relatedId), text(keyText(item)))
                                : say(QT_TRANSLATE_NOOP("iw::Sequence", "%1 · call from %2 · attempt %3 · %4"),
                                    token(item.id), token(item.relatedId), number(item.attempt), text(keyText(item)));
        return item.lost ? lost(std::move(base)) : base;
    }
    case SequenceItem::Kind::StoreStep:
        return storeStepLabel(item);
    case SequenceItem::Kind::Handler:
        if (item.end < 0)
            return say(QT_TRANSLATE_NOOP("iw::Sequence", "%1 handler running"), token(item.id));
        return say(QT_TRANSLATE_NOOP("iw::Sequence", "%1 handler %2"), token(item.id), duration(item.end - item.start));
    case SequenceItem::Kind::Effect:
        if (item.suspectedDuplicate)
            return say(QT_TRANSLATE_NOOP("iw::Sequence", "%1 suspected duplicate effect"), token(item.relatedId));
        return say(item.duplicate ? QT_TRANSLATE_NOOP("iw::Sequence", "%1 duplicate effect")
                                  : QT_TRANSLATE_NOOP("iw::Sequence", "%1 effect"),
            token(item.relatedId));
    case SequenceItem::Kind::Decision: {
        if (item.recovery)
            return item.decision == Decision::Created
                ? say(QT_TRANSLATE_NOOP("iw::Sequence", "recovery job: recovered_completed 201"))
                : say(QT_TRANSLATE_NOOP("iw::Sequence", "recovery job: recovered_released"));
        if (item.crash)
            return say(QT_TRANSLATE_NOOP("iw::Sequence", "%1 crashed ✕"), token(item.id));
        if (!item.decision)
            return item.status >= 0 ? say(QT_TRANSLATE_NOOP("iw::Sequence", "%1 undecided · %2"), token(item.id),
                       token(std::to_string(item.status)))
                                    : say(QT_TRANSLATE_NOOP("iw::Sequence", "%1 undecided"), token(item.id));
        const SequenceTextArg decision = token(std::string(decisionName(*item.decision)));
        return item.status >= 0 ? say("%1 %2 · %3", token(item.id), decision, token(std::to_string(item.status)))
                                : say(kTwo, token(item.id), decision);
    }
    case SequenceItem::Kind::Response: {
        SequenceText base;
        if (item.decision == Decision::Crashed) {
            base = say(QT_TRANSLATE_NOOP("iw::Sequence", "%1 → no response"), token(item.id));
        } else {
            std::vector<SequenceTextArg> args { token(item.id) };
            if (item.status >= 0)
                args.push_back(token(std::to_string(item.status)));
            if (item.decision)
                args.push_back(token(std::string(decisionName(*item.decision))));
            if (item.status >= 0)
                base = say(item.decision ? "%1 → %2 %3" : "%1 → %2", std::move(args));
            else
                base = say(item.decision ? QT_TRANSLATE_NOOP("iw::Sequence", "%1 → no status %2")
                                         : QT_TRANSLATE_NOOP("iw::Sequence", "%1 → no status"),
                    std::move(args));
        }
        if (item.lost)
            return lost(std::move(base));
        if (item.discarded)
            return say(QT_TRANSLATE_NOOP("iw::Sequence", "%1 (discarded: after the timeout)"), text(std::move(base)));
        return base;
    }
    case SequenceItem::Kind::Timeout:
        return say(QT_TRANSLATE_NOOP("iw::Sequence", "%1 timeout"), token(item.id));
    case SequenceItem::Kind::RetryWait:
        return say(item.late ? QT_TRANSLATE_NOOP("iw::Sequence", "late retry after %1 → %2")
                             : QT_TRANSLATE_NOOP("iw::Sequence", "wait %1 → %2"),
            duration(item.end - item.start), token(item.id));
    case SequenceItem::Kind::Fold:
        return say(QT_TRANSLATE_NOOP("iw::Sequence", "… %1 more attempts folded (%2 … %3)"), number(item.attempt),
            token(item.id), token(item.relatedId));
    }
    return {};
}

SequenceText sequenceDetail(const SequenceModel& model, const SequenceItem& item)
{
    switch (item.kind) {
    case SequenceItem::Kind::Request: {
        SequenceText base = item.relatedId.empty()
            ? say(QT_TRANSLATE_NOOP("iw::Sequence", "sent at %1 ms"), number(item.start))
            : say(
                QT_TRANSLATE_NOOP("iw::Sequence", "called by %1's handler, attempt %2 of this call; %3; sent at %4 ms"),
                token(item.relatedId), number(item.attempt), text(keyText(item)), number(item.start));
        if (item.lost)
            return say(QT_TRANSLATE_NOOP("iw::Sequence", "%1; lost on the way: it never arrives (drop_request)"),
                text(std::move(base)));
        if (item.end >= 0)
            return say(
                QT_TRANSLATE_NOOP("iw::Sequence", "%1, arrived at %2 ms"), text(std::move(base)), number(item.end));
        return base;
    }
    case SequenceItem::Kind::StoreStep:
    case SequenceItem::Kind::Handler:
        if (item.result < 0 || static_cast<std::size_t>(item.result) >= model.results.size())
            return {};
        return say(kOne, ruleSteps(model.results[static_cast<std::size_t>(item.result)]));
    case SequenceItem::Kind::Effect:
        if (item.suspectedDuplicate)
            return say(QT_TRANSLATE_NOOP("iw::Sequence",
                           "the business action ran for %1 at %2 ms: a suspected duplicate — the same actor, operation "
                           "and payload ran already under another key or none (the suspected intent named after %3); "
                           "a client minting a new key per retry, or a person ordering twice"),
                token(item.id), number(item.start), token(item.suspectedIntent));
        return say(item.duplicate ? QT_TRANSLATE_NOOP(
                       "iw::Sequence", "the business action ran for %1 at %2 ms: a second effect of one intent")
                                  : QT_TRANSLATE_NOOP("iw::Sequence", "the business action ran for %1 at %2 ms"),
            token(item.id), number(item.start));
    case SequenceItem::Kind::Decision:
        if (item.recovery)
            return item.decision == Decision::Created
                ? say(QT_TRANSLATE_NOOP(
                    "iw::Sequence", "the recovery job found the next hop's effect and completed the stuck record"))
                : say(QT_TRANSLATE_NOOP(
                    "iw::Sequence", "the recovery job deleted the stuck record, so a retry may run again"));
        if (item.reason < 0 || static_cast<std::size_t>(item.reason) >= model.reasons.size())
            return {};
        return say(kOne, explanation(model.reasons[static_cast<std::size_t>(item.reason)]));
    case SequenceItem::Kind::Response: {
        if (item.decision == Decision::Crashed)
            return say(QT_TRANSLATE_NOOP("iw::Sequence", "the process crashed; the client never hears (late_retry)"));
        SequenceText base = say(QT_TRANSLATE_NOOP("iw::Sequence", "left the service at %1 ms"), number(item.start));
        if (item.lost)
            return say(QT_TRANSLATE_NOOP("iw::Sequence", "%1; lost on the way back: the client never hears"),
                text(std::move(base)));
        if (item.end >= 0)
            return say(item.discarded
                    ? QT_TRANSLATE_NOOP("iw::Sequence", "%1, reached the client at %2 ms, after its timeout: discarded")
                    : QT_TRANSLATE_NOOP("iw::Sequence", "%1, reached the client at %2 ms"),
                text(std::move(base)), number(item.end));
        return base;
    }
    case SequenceItem::Kind::Timeout:
        return say(QT_TRANSLATE_NOOP("iw::Sequence", "no answer %1 after sending"), duration(item.start - item.sent));
    case SequenceItem::Kind::RetryWait:
        return item.late
            ? say(QT_TRANSLATE_NOOP("iw::Sequence", "the client never heard of %1; it sends again %2 after sending it"),
                token(item.relatedId), duration(item.end - item.start))
            : say(QT_TRANSLATE_NOOP("iw::Sequence", "the client waits %1 before attempt %2"),
                duration(item.end - item.start), number(item.attempt));
    case SequenceItem::Kind::Fold: {
        const SequenceFold& f = model.fold;
        SequenceText base = say(QT_TRANSLATE_NOOP("iw::Sequence",
                                    "not drawn: %1 attempts, sent from %2 ms to %3 ms (effects: %4, duplicates: %5, "
                                    "lost messages: %6); the run's report lists every attempt"),
            number(f.attempts), number(f.from), number(f.to), number(f.effects), number(f.duplicates), number(f.lost));
        if (f.recoveries > 0)
            return say(QT_TRANSLATE_NOOP("iw::Sequence", "%1; recovery job actions among them: %2"),
                text(std::move(base)), number(f.recoveries));
        return base;
    }
    }
    return {};
}

std::string sequenceDuration(Millis ms)
{
    if (ms < 1000)
        return std::to_string(ms) + " ms";
    const auto oneDecimal = [](Millis v, Millis unit, const char* name) {
        const Millis tenths = (v * 10 + unit / 2) / unit;
        std::string s = std::to_string(tenths / 10);
        if (tenths % 10 != 0)
            s += "." + std::to_string(tenths % 10);
        return s + " " + name;
    };
    if (ms < 60'000)
        return oneDecimal(ms, 1000, "s");
    if (ms < 3'600'000) {
        const Millis min = ms / 60'000;
        const Millis s = (ms % 60'000) / 1000;
        return std::to_string(min) + " min" + (s ? " " + std::to_string(s) + " s" : std::string());
    }
    if (ms < 86'400'000) {
        const Millis h = ms / 3'600'000;
        const Millis min = (ms % 3'600'000) / 60'000;
        return std::to_string(h) + " h" + (min ? " " + std::to_string(min) + " min" : std::string());
    }
    const Millis d = ms / 86'400'000;
    const Millis h = (ms % 86'400'000) / 3'600'000;
    return std::to_string(d) + " d" + (h ? " " + std::to_string(h) + " h" : std::string());
}

int SequenceModel::laneOf(SequenceLane::Kind kind) const
{
    for (std::size_t i = 0; i < lanes.size(); ++i)
        if (lanes[i].kind == kind)
            return static_cast<int>(i);
    return -1;
}

int SequenceModel::laneOfHop(SequenceLane::Kind kind, int hop) const
{
    for (std::size_t i = 0; i < lanes.size(); ++i)
        if (lanes[i].kind == kind && lanes[i].hop == hop)
            return static_cast<int>(i);
    return -1;
}

std::optional<int> findIntent(const Simulation& simulation, const std::string& name)
{
    for (std::size_t i = 0; i < simulation.intents().size(); ++i)
        if (simulation.intentName(static_cast<int>(i)) == name)
            return static_cast<int>(i);
    return std::nullopt;
}

int defaultSequenceIntent(const Simulation& simulation)
{
    for (const EffectInfo& effect : simulation.effects())
        if (effect.duplicate)
            return effect.intent;
    // Served traffic without a confirmed duplicate: the first intent whose effect is a suspected one.
    for (std::size_t e = 0; e < simulation.effects().size(); ++e)
        if (simulation.effects()[e].hop == 0 && simulation.suspectedDuplicate(static_cast<int>(e)))
            return simulation.effects()[e].intent;
    return simulation.intents().empty() ? -1 : 0;
}

int intentOfRequest(const Simulation& simulation, int request)
{
    if (request < 0 || static_cast<std::size_t>(request) >= simulation.requests().size())
        return -1;
    return simulation.requests()[static_cast<std::size_t>(request)].intent;
}

int intentOfScope(const Simulation& simulation, int scope)
{
    if (scope < 0)
        return -1;
    const auto& requests = simulation.requests();
    for (std::size_t i = 0; i < requests.size(); ++i)
        if (requests[i].scope == scope || requests[i].keylessScope == scope)
            return requests[i].intent;
    return -1;
}

SequenceModel buildSequence(const Simulation& simulation, int intent, int beside)
{
    SequenceModel model;
    model.intent = intent;
    model.networkMs = simulation.scenario().service.networkMs;
    if (intent < 0 || static_cast<std::size_t>(intent) >= simulation.intents().size())
        return model;
    model.intentName = simulation.intentName(intent);
    if (beside >= 0 && beside != intent && static_cast<std::size_t>(beside) < simulation.intents().size()) {
        model.beside = beside;
        model.besideName = simulation.intentName(beside);
    }

    // The intent's attempts, in send order; past kSequenceHeadAttempts + kSequenceTailAttempts the ones between the
    // first and the last few are folded: counted, not drawn.
    const auto& requests = simulation.requests();
    std::vector<int> all;
    for (std::size_t i = 0; i < requests.size(); ++i) {
        if (requests[i].intent == intent || (model.beside >= 0 && requests[i].intent == model.beside))
            all.push_back(static_cast<int>(i));
    }
    std::vector<bool> drawn(all.size(), true);
    SequenceFold& fold = model.fold;
    if (all.size() > kSequenceHeadAttempts + kSequenceTailAttempts) {
        const std::size_t first = kSequenceHeadAttempts;
        const std::size_t last = all.size() - kSequenceTailAttempts - 1;
        fold.attempts = static_cast<std::int64_t>(last - first + 1);
        fold.firstRequest = all[first];
        fold.lastRequest = all[last];
        fold.from = requests[static_cast<std::size_t>(all[first])].sent;
        fold.to = requests[static_cast<std::size_t>(all[last + 1])].sent;
        for (std::size_t i = first; i <= last; ++i) {
            drawn[i] = false;
            const RequestRow& row = requests[static_cast<std::size_t>(all[i])];
            if (row.effect >= 0) {
                ++fold.effects;
                if (simulation.effects()[static_cast<std::size_t>(row.effect)].duplicate)
                    ++fold.duplicates;
            }
            if (row.outcome == ClientOutcome::Dropped || row.outcome == ClientOutcome::NeverArrived)
                ++fold.lost;
        }
    }
    for (std::size_t i = 0; i < all.size(); ++i) {
        if (drawn[i])
            model.requests.push_back(all[i]);
    }

    // The client lanes: one per (entry, copy) that sent for the intent, in the order they first sent. A served
    // arrival is an entry of its own, yet its retries come from the same real client: one lane per served client.
    std::unordered_map<int, int> laneOfRequest;
    std::map<std::pair<int, int>, int> laneOfSender;
    std::map<int, int> copiesOfClient;
    const auto senderOf = [&](const RequestRow& row) {
        return simulation.entryIsServed(row.entry) ? std::pair<int, int> { -1 - row.client, 0 }
                                                   : std::pair<int, int> { row.entry, row.copy };
    };
    // With a second intent beside the first, the first's lanes come first: a pass per intent.
    for (int pass = 0; pass < 2; ++pass)
        for (const int i : model.requests) {
            const RequestRow& row = requests[static_cast<std::size_t>(i)];
            if (simulation.parentOf(i) >= 0 || (row.intent == intent) != (pass == 0))
                continue; // a call of a route (docs/reference/routes.md): sent by its caller's hop lane, below
            const std::pair<int, int> sender = senderOf(row);
            const auto [it, added] = laneOfSender.try_emplace(sender, static_cast<int>(model.lanes.size()));
            if (added) {
                const int n = ++copiesOfClient[row.client];
                SequenceLane lane;
                lane.kind = SequenceLane::Kind::Client;
                lane.client = row.client;
                lane.id = simulation.clientId(row.client);
                lane.copy = n;
                model.lanes.push_back(std::move(lane));
            }
            laneOfRequest.emplace(i, it->second);
        }
    // Per hop its lane and its store's (docs/reference/routes.md); without a route just `service` and `store`.
    const Scenario& scenario = simulation.scenario();
    std::vector<int> hopLane;
    std::vector<int> storeLane;
    for (int hop = 0; hop < scenario.hopCount(); ++hop) {
        const std::string name(scenario.hopName(hop));
        hopLane.push_back(static_cast<int>(model.lanes.size()));
        model.lanes.push_back({ SequenceLane::Kind::Service, {}, -1, hop, name });
        storeLane.push_back(static_cast<int>(model.lanes.size()));
        model.lanes.push_back({ SequenceLane::Kind::Store, {}, -1, hop, name });
    }
    const int effects = static_cast<int>(model.lanes.size());
    model.lanes.push_back({ SequenceLane::Kind::Effects, {}, -1, 0, {} });
    for (SequenceLane& lane : model.lanes)
        lane.name = englishText(sequenceLaneName(lane));
    if (model.requests.empty())
        return model;
    // A call's sender is its caller's hop lane.
    for (const int r : model.requests) {
        if (simulation.parentOf(r) >= 0)
            laneOfRequest.emplace(r, hopLane[static_cast<std::size_t>(simulation.hopOf(r) - 1)]);
    }
    const auto hopOf = [&](int request) { return static_cast<std::size_t>(simulation.hopOf(request)); };
    // The scopes the intent's requests used, with their hop: recovery jobs name only the scope.
    std::unordered_map<int, int> scopeHop;
    for (const int r : model.requests) {
        const RequestRow& row = requests[static_cast<std::size_t>(r)];
        if (row.scope >= 0)
            scopeHop.try_emplace(row.scope, simulation.hopOf(r));
    }
    const auto halfOf = [&](int request) { return scenario.hopService(simulation.hopOf(request)).networkMs / 2; };
    // Per request, the item of its request arrow and of its response (to finish them when they arrive).
    std::unordered_map<int, std::size_t> requestItem;
    // Each handler run's (request, start): one the step trace has not finished yet is drawn running, up to "now".
    std::vector<std::pair<int, Millis>> handlerStarts;
    std::unordered_map<int, std::size_t> responseItem;
    std::unordered_map<int, Millis> learned; // when the client learned the attempt's outcome
    std::unordered_map<int, int> reasonOf; // Simulation::requestReason → index into model.reasons
    std::vector<SequenceItem>& items = model.items;
    items.reserve(model.requests.size() * 6); // about so many per attempt: arrow, store steps, decision, answer, wait
    const auto rid = [&](int request) { return simulation.requestId(request); };

    const EventLog& events = simulation.events();
    for (std::size_t i = 0; i < events.size(); ++i) {
        const LifecycleEvent e = events[i];
        if (e.request < 0) {
            // A recovery job acting on one of the intent's records (docs/reference/routes.md): a mark on that hop's
            // lane.
            const bool completed = e.kind == EventKind::RecoveredCompleted;
            if (!completed && e.kind != EventKind::RecoveredReleased)
                continue;
            const auto it = scopeHop.find(e.scope);
            if (it == scopeHop.end())
                continue;
            if (fold.attempts > 0 && e.t >= fold.from && e.t < fold.to) {
                ++fold.recoveries; // among the folded attempts: said by the fold's mark
                continue;
            }
            SequenceItem mark;
            mark.kind = SequenceItem::Kind::Decision;
            mark.recovery = true;
            mark.from = mark.to = hopLane[static_cast<std::size_t>(it->second)];
            mark.start = mark.end = e.t;
            if (completed)
                mark.decision = Decision::Created;
            items.push_back(std::move(mark));
            continue;
        }
        const auto laneIt = laneOfRequest.find(e.request);
        if (laneIt == laneOfRequest.end())
            continue;
        const int client = laneIt->second;
        const int service = hopLane[hopOf(e.request)];
        const Millis half = halfOf(e.request);
        const RequestRow& row = requests[static_cast<std::size_t>(e.request)];
        switch (e.kind) {
        case EventKind::RequestSent: {
            SequenceItem item;
            item.kind = SequenceItem::Kind::Request;
            item.from = client;
            item.to = service;
            item.start = e.t;
            item.end = -1;
            item.request = e.request;
            item.id = rid(e.request);
            item.attempt = row.attempt;
            const int scope = row.scope >= 0 ? row.scope : row.keylessScope;
            if (row.hasKey && scope >= 0)
                item.key = simulation.scopes()[static_cast<std::size_t>(scope)].key;
            if (const int parent = simulation.parentOf(e.request); parent >= 0)
                item.relatedId = rid(parent);
            requestItem[e.request] = items.size();
            items.push_back(std::move(item));
            break;
        }
        case EventKind::RequestLost:
            if (const auto it = requestItem.find(e.request); it != requestItem.end()) {
                SequenceItem& item = items[it->second];
                item.lost = true;
                item.alarm = true;
                item.end = item.start + half;
            }
            break;
        case EventKind::RequestArrived:
            if (const auto it = requestItem.find(e.request); it != requestItem.end())
                items[it->second].end = e.t;
            break;
        case EventKind::HandlerStarted:
            handlerStarts.emplace_back(e.request, e.t);
            break;
        case EventKind::Effect: {
            if (e.effect < 0)
                break;
            const EffectInfo& info = simulation.effects()[static_cast<std::size_t>(e.effect)];
            SequenceItem item;
            item.kind = SequenceItem::Kind::Effect;
            item.from = service;
            item.to = effects;
            item.start = item.end = e.t;
            item.request = e.request;
            item.effect = e.effect;
            item.duplicate = info.duplicate;
            item.suspectedDuplicate = !info.duplicate && info.hop == 0 && simulation.suspectedDuplicate(e.effect);
            item.alarm = info.duplicate || item.suspectedDuplicate;
            item.id = rid(e.request);
            item.relatedId = simulation.effectId(e.effect);
            if (item.suspectedDuplicate)
                item.suspectedIntent = rid(simulation.suspectedIntentOf(e.request));
            items.push_back(std::move(item));
            break;
        }
        case EventKind::Decided: {
            SequenceItem mark;
            mark.kind = SequenceItem::Kind::Decision;
            mark.from = mark.to = service;
            mark.start = mark.end = e.t;
            mark.request = e.request;
            mark.crash = row.decision == Decision::Crashed;
            mark.decision = row.decision;
            mark.alarm = mark.crash;
            mark.id = rid(e.request);
            mark.status = row.status;
            if (const int reason = simulation.requestReason(e.request); reason >= 0) {
                const auto [it, added] = reasonOf.try_emplace(reason, static_cast<int>(model.reasons.size()));
                if (added)
                    model.reasons.push_back(simulation.requestExplanation(e.request));
                mark.reason = it->second;
            }
            const std::size_t markIndex = items.size();
            items.push_back(std::move(mark));
            // The response leaves now, unless the process died; a late_retry target's answer is lost whatever
            // happened (docs/reference/scenario.md fine point 20), so a crashed one is still drawn as a lost response.
            const bool crashed = row.decision == Decision::Crashed;
            if (crashed && row.outcome != ClientOutcome::Dropped)
                break;
            SequenceItem item;
            item.kind = SequenceItem::Kind::Response;
            item.decision = row.decision;
            item.from = service;
            item.to = client;
            item.start = e.t;
            item.end = -1;
            item.request = e.request;
            item.id = rid(e.request);
            item.status = row.status;
            if (crashed) {
                item.lost = true;
                item.alarm = true;
                item.end = e.t + half;
            }
            responseItem[e.request] = items.size();
            items[markIndex].answered = true;
            items.push_back(std::move(item));
            break;
        }
        case EventKind::ResponseLost:
            if (const auto it = responseItem.find(e.request); it != responseItem.end()) {
                SequenceItem& item = items[it->second];
                item.lost = true;
                item.alarm = true;
                item.end = item.start + half;
            }
            break;
        case EventKind::ResponseDelivered:
        case EventKind::ResponseDiscarded:
            if (const auto it = responseItem.find(e.request); it != responseItem.end()) {
                SequenceItem& item = items[it->second];
                item.end = e.t;
                if (e.kind == EventKind::ResponseDiscarded)
                    item.discarded = true;
            }
            if (e.kind == EventKind::ResponseDelivered)
                learned.try_emplace(e.request, e.t);
            break;
        case EventKind::Timeout: {
            learned.try_emplace(e.request, e.t);
            SequenceItem mark;
            mark.kind = SequenceItem::Kind::Timeout;
            mark.from = mark.to = client;
            mark.start = mark.end = e.t;
            mark.request = e.request;
            mark.id = rid(e.request);
            mark.sent = row.sent;
            items.push_back(std::move(mark));
            break;
        }
        default:
            break;
        }
    }

    // Store steps and handler runs, from the step trace; each result once, as its steps.
    std::unordered_map<int, int> resultOf; // Simulation::stepText index → index into model.results
    std::set<int> finishedHandlers; // the requests whose handler run has ended
    const auto& steps = simulation.steps();
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const StepRow& step = steps[i];
        if (!laneOfRequest.count(step.request))
            continue;
        const int service = hopLane[hopOf(step.request)];
        const int store = storeLane[hopOf(step.request)];
        SequenceItem item;
        item.request = step.request;
        item.id = rid(step.request);
        item.start = step.start;
        item.end = step.end;
        item.step = step.kind;
        if (step.result >= 0) {
            const auto [it, added] = resultOf.try_emplace(step.result, static_cast<int>(model.results.size()));
            if (added)
                model.results.push_back(splitSteps(simulation.stepText(step.result)));
            item.result = it->second;
        }
        if (step.kind == ServiceStep::Kind::Handler) {
            finishedHandlers.insert(step.request);
            item.kind = SequenceItem::Kind::Handler;
            item.from = item.to = service;
        } else {
            item.kind = SequenceItem::Kind::StoreStep;
            item.from = service;
            item.to = store;
        }
        items.push_back(std::move(item));
    }
    for (const auto& [request, start] : handlerStarts) {
        // An attempt runs its handler once: one with a handler step or a decision is no longer running.
        if (finishedHandlers.count(request) || requests[static_cast<std::size_t>(request)].decision)
            continue;
        SequenceItem item;
        item.kind = SequenceItem::Kind::Handler;
        item.from = item.to = hopLane[hopOf(request)];
        item.request = request;
        item.id = rid(request);
        item.start = start;
        item.end = -1; // still running
        items.push_back(std::move(item));
    }

    // The waits before retries: per client lane, from learning an attempt's outcome to the next attempt's send (a
    // late_retry target's client learns nothing: its wait runs from the send).
    // A call's retries wait on its caller's lane, apart from the caller's other calls: keyed by the parent. A wait
    // from a folded attempt, or to one, is folded with it.
    std::map<std::tuple<int, int, int>, std::size_t> previousOfSender; // into `all`
    for (std::size_t at = 0; at < all.size(); ++at) {
        const int r = all[at];
        const int parent = simulation.parentOf(r);
        const std::pair<int, int> client = senderOf(requests[static_cast<std::size_t>(r)]);
        const std::tuple<int, int, int> sender
            = parent >= 0 ? std::tuple(1, parent, 0) : std::tuple(0, client.first, client.second);
        const auto prev = previousOfSender.find(sender);
        if (prev != previousOfSender.end() && drawn[prev->second] && drawn[at]) {
            const int previous = all[prev->second];
            const RequestRow& before = requests[static_cast<std::size_t>(previous)];
            const RequestRow& now = requests[static_cast<std::size_t>(r)];
            const auto it = learned.find(previous);
            const bool late = it == learned.end();
            const Millis from = late ? before.sent : it->second;
            if (now.sent > from) {
                SequenceItem span;
                span.kind = SequenceItem::Kind::RetryWait;
                span.from = span.to = laneOfRequest[r];
                span.start = from;
                span.end = now.sent;
                span.request = r;
                span.id = rid(r);
                span.relatedId = rid(previous);
                span.attempt = now.attempt;
                span.late = late;
                items.push_back(std::move(span));
            }
        }
        previousOfSender[sender] = at;
    }

    // The folded attempts: one band across every lane, where they were sent.
    if (fold.attempts > 0) {
        SequenceItem band;
        band.kind = SequenceItem::Kind::Fold;
        band.from = 0;
        band.to = static_cast<int>(model.lanes.size()) - 1;
        band.start = fold.from;
        band.end = fold.to;
        band.attempt = static_cast<int>(std::min<std::int64_t>(fold.attempts, INT32_MAX));
        band.id = rid(fold.firstRequest);
        band.relatedId = rid(fold.lastRequest);
        band.alarm = fold.duplicates > 0;
        items.push_back(std::move(band));
    }

    // Concurrent requests at one hop (a double click, two tabs) get columns of their own: a request is busy at its
    // hop from its arrival to its answer (or its last step there), and one busy while another is takes the lowest
    // column free for its whole span.
    {
        std::map<int, std::pair<Millis, Millis>> busy; // request → [first, last] instant at its hop
        for (const SequenceItem& item : items) {
            if (item.request < 0 || item.recovery || item.kind == SequenceItem::Kind::Timeout
                || item.kind == SequenceItem::Kind::RetryWait)
                continue;
            // A request's arrow touches its hop where it lands, a response where it leaves; the rest happen there.
            Millis a = item.start, b = item.end >= 0 ? item.end : item.start;
            if (item.kind == SequenceItem::Kind::Request) {
                if (item.end < 0 || item.lost)
                    continue;
                a = b = item.end;
            } else if (item.kind == SequenceItem::Kind::Response) {
                b = a;
            }
            if (item.kind == SequenceItem::Kind::Handler && item.end < 0)
                b = std::numeric_limits<Millis>::max(); // running
            const auto [it, added] = busy.try_emplace(item.request, a, b);
            if (!added)
                it->second = { std::min(it->second.first, a), std::max(it->second.second, b) };
        }
        std::map<int, int> columnOf;
        std::map<int, std::vector<Millis>> columnEnds; // per hop: each column's last busy instant
        std::vector<std::pair<Millis, int>> byStart;
        for (const auto& [r, span] : busy)
            byStart.emplace_back(span.first, r);
        std::sort(byStart.begin(), byStart.end());
        for (const auto& [start, r] : byStart) {
            std::vector<Millis>& ends = columnEnds[static_cast<int>(hopOf(r))];
            std::size_t c = 0;
            while (c < ends.size() && ends[c] >= start)
                ++c;
            if (c == ends.size())
                ends.push_back(0);
            ends[c] = busy[r].second;
            columnOf[r] = static_cast<int>(c);
            model.columns = std::max(model.columns, static_cast<int>(c) + 1);
        }
        for (SequenceItem& item : items) {
            if (const auto it = columnOf.find(item.request); it != columnOf.end())
                item.column = it->second;
        }
    }

    // Sorted through their indices, then put in place by following the permutation's cycles: an item is large, so
    // each moves about once rather than at every step of the sort.
    std::vector<std::size_t> order(items.size());
    std::iota(order.begin(), order.end(), std::size_t { 0 });
    std::stable_sort(
        order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return items[a].start < items[b].start; });
    for (std::size_t i = 0; i < order.size(); ++i) {
        if (order[i] == i)
            continue;
        SequenceItem first = std::move(items[i]);
        std::size_t at = i;
        for (std::size_t from = order[at]; from != i; from = order[at]) {
            items[at] = std::move(items[from]);
            order[at] = at;
            at = from;
        }
        items[at] = std::move(first);
        order[at] = at;
    }
    for (SequenceItem& item : items) {
        item.label = englishText(sequenceLabel(item));
        item.detail = englishText(sequenceDetail(model, item));
    }
    model.start = items.empty() ? 0 : items.front().start;
    model.end = model.start;
    for (const SequenceItem& item : items)
        model.end = std::max({ model.end, item.start, item.end });
    return model;
}

namespace {

// Mermaid reads '#', ';' and a few others in message text as syntax; entity codes say them safely.
std::string mermaidText(const std::string& text)
{
    std::string out;
    out.reserve(text.size());
    for (const char c : text) {
        switch (c) {
        case '#':
            out += "#35;";
            break;
        case ';':
            out += "#59;";
            break;
        case '<':
            out += "#60;";
            break;
        case '>':
            out += "#62;";
            break;
        case '%':
            out += "#37;";
            break;
        case '\n':
        case '\r':
        case '\t':
            out += ' ';
            break;
        default:
            if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
                out += ' ';
            else
                out += c;
        }
    }
    return out;
}

std::string participantId(const SequenceModel& model, int lane)
{
    const SequenceLane& l = model.lanes[static_cast<std::size_t>(lane)];
    switch (l.kind) {
    case SequenceLane::Kind::Client:
        return "c" + std::to_string(lane + 1);
    case SequenceLane::Kind::Service:
        return l.hop == 0 ? std::string("service") : "hop" + std::to_string(l.hop);
    case SequenceLane::Kind::Store:
        return l.hop == 0 ? std::string("store") : "store" + std::to_string(l.hop);
    case SequenceLane::Kind::Effects:
        return "effects";
    }
    return "lane" + std::to_string(lane);
}

} // namespace

std::string sequenceMermaid(const SequenceModel& model)
{
    std::string out = "sequenceDiagram\n";
    for (std::size_t i = 0; i < model.lanes.size(); ++i) {
        const int lane = static_cast<int>(i);
        const SequenceLane& l = model.lanes[i];
        if (l.kind == SequenceLane::Kind::Client || l.hop > 0)
            out += "    participant " + participantId(model, lane) + " as " + mermaidText(l.name) + "\n";
        else
            out += "    participant " + participantId(model, lane) + "\n";
    }
    const auto message = [&](int from, int to, bool lost, const std::string& text) {
        out += "    " + participantId(model, from) + (lost ? "-x" : "->>") + participantId(model, to) + ": "
            + mermaidText(text) + "\n";
    };
    const auto note = [&](int lane, const std::string& text) {
        out += "    Note over " + participantId(model, lane) + ": " + mermaidText(text) + "\n";
    };
    // Text reads top to bottom: a wait is told where it ends, just before the attempt it leads to.
    std::vector<const SequenceItem*> order;
    order.reserve(model.items.size());
    for (const SequenceItem& item : model.items)
        order.push_back(&item);
    const auto at = [](const SequenceItem* i) { return i->kind == SequenceItem::Kind::RetryWait ? i->end : i->start; };
    std::stable_sort(
        order.begin(), order.end(), [&](const SequenceItem* a, const SequenceItem* b) { return at(a) < at(b); });
    for (const SequenceItem* ordered : order) {
        const SequenceItem& item = *ordered;
        switch (item.kind) {
        case SequenceItem::Kind::Request:
        case SequenceItem::Kind::Response:
            message(item.from, item.to, item.lost, item.label);
            break;
        case SequenceItem::Kind::StoreStep:
            message(item.from, item.to, false, item.label);
            if (item.end >= 0)
                message(item.to, item.from, false, item.detail.empty() ? std::string("done") : item.detail);
            break;
        case SequenceItem::Kind::Effect:
            message(item.from, item.to, false, item.label);
            break;
        case SequenceItem::Kind::Handler:
            note(item.from, item.label + (item.detail.empty() ? std::string() : ": " + item.detail));
            break;
        case SequenceItem::Kind::Decision:
        case SequenceItem::Kind::Timeout:
        case SequenceItem::Kind::RetryWait:
            note(item.from, item.label);
            break;
        case SequenceItem::Kind::Fold:
            out += "    Note over " + participantId(model, item.from) + "," + participantId(model, item.to) + ": "
                + mermaidText(item.label + ": " + item.detail) + "\n";
            break;
        }
    }
    return out;
}

} // namespace iw
