// Building one intent's sequence from the run's requests, events and step trace, and writing it as Mermaid.
#include "sequencemodel.h"

#include <algorithm>
#include <map>
#include <unordered_map>

namespace iw {

namespace {

std::string decisionText(const RequestRow& row)
{
    std::string text = row.decision ? std::string(decisionName(*row.decision)) : std::string("undecided");
    if (row.status >= 0)
        text += " · " + std::to_string(row.status);
    return text;
}

std::string responseText(const RequestRow& row)
{
    std::string text = row.status >= 0 ? std::to_string(row.status) : std::string("no status");
    if (row.decision)
        text += " " + std::string(decisionName(*row.decision));
    return text;
}

} // namespace

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

SequenceModel buildSequence(const Simulation& simulation, int intent)
{
    SequenceModel model;
    model.intent = intent;
    model.networkMs = simulation.scenario().service.networkMs;
    if (intent < 0 || static_cast<std::size_t>(intent) >= simulation.intents().size())
        return model;
    model.intentName = simulation.intentName(intent);

    // The client lanes: one per (entry, copy) that sent for the intent, in the order they first sent. A served
    // arrival is an entry of its own, yet its retries come from the same real client: one lane per served client.
    const auto& requests = simulation.requests();
    std::unordered_map<int, int> laneOfRequest;
    std::map<std::pair<int, int>, int> laneOfSender;
    std::map<int, int> copiesOfClient;
    for (std::size_t i = 0; i < requests.size(); ++i) {
        const RequestRow& row = requests[i];
        if (row.intent != intent)
            continue;
        model.requests.push_back(static_cast<int>(i));
        const std::pair<int, int> sender = simulation.entryIsServed(row.entry)
            ? std::pair<int, int> { -1 - row.client, 0 }
            : std::pair<int, int> { row.entry, row.copy };
        const auto [it, added] = laneOfSender.try_emplace(sender, static_cast<int>(model.lanes.size()));
        if (added) {
            const int n = ++copiesOfClient[row.client];
            SequenceLane lane;
            lane.kind = SequenceLane::Kind::Client;
            lane.client = row.client;
            lane.name = simulation.clientId(row.client) + (n > 1 ? " #" + std::to_string(n) : std::string());
            model.lanes.push_back(lane);
        }
        laneOfRequest.emplace(static_cast<int>(i), it->second);
    }
    const int service = static_cast<int>(model.lanes.size());
    model.lanes.push_back({ SequenceLane::Kind::Service, "service", -1 });
    const int store = service + 1;
    model.lanes.push_back({ SequenceLane::Kind::Store, "store", -1 });
    const int effects = service + 2;
    model.lanes.push_back({ SequenceLane::Kind::Effects, "effects", -1 });
    if (model.requests.empty())
        return model;

    const Millis half = model.networkMs / 2;
    // Per request, the item of its request arrow and of its response (to finish them when they arrive).
    std::unordered_map<int, std::size_t> requestItem;
    std::unordered_map<int, std::size_t> responseItem;
    std::unordered_map<int, Millis> learned; // when the client learned the attempt's outcome
    std::vector<SequenceItem>& items = model.items;
    const auto rid = [&](int request) { return simulation.requestId(request); };

    const EventLog& events = simulation.events();
    for (std::size_t i = 0; i < events.size(); ++i) {
        const LifecycleEvent e = events[i];
        if (e.request < 0)
            continue;
        const auto laneIt = laneOfRequest.find(e.request);
        if (laneIt == laneOfRequest.end())
            continue;
        const int client = laneIt->second;
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
            const int scope = row.scope >= 0 ? row.scope : row.keylessScope;
            const std::string key = row.hasKey && scope >= 0
                ? "key " + simulation.scopes()[static_cast<std::size_t>(scope)].key
                : std::string("no key");
            item.label = rid(e.request) + " · attempt " + std::to_string(row.attempt) + " · " + key;
            item.detail = "sent at " + std::to_string(e.t) + " ms";
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
                item.label += " ✕ lost";
                item.detail += "; lost on the way: it never arrives (drop_request)";
            }
            break;
        case EventKind::RequestArrived:
            if (const auto it = requestItem.find(e.request); it != requestItem.end()) {
                items[it->second].end = e.t;
                items[it->second].detail += ", arrived at " + std::to_string(e.t) + " ms";
            }
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
            item.alarm = info.duplicate;
            item.label = simulation.effectId(e.effect) + (info.duplicate ? " duplicate effect" : " effect");
            item.detail = "the business action ran for " + rid(e.request) + " at " + std::to_string(e.t) + " ms"
                + (info.duplicate ? ": a second effect of one intent" : "");
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
            mark.label = rid(e.request) + " " + (mark.crash ? std::string("crashed ✕") : decisionText(row));
            if (const int reason = simulation.requestReason(e.request); reason >= 0)
                mark.detail = simulation.text(reason);
            const std::size_t markIndex = items.size();
            items.push_back(std::move(mark));
            // The response leaves now, unless the process died; a late_retry target's answer is lost whatever
            // happened (SPEC §5 fine point 20), so a crashed one is still drawn as a lost response.
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
            item.label = rid(e.request) + " → " + (crashed ? std::string("no response") : responseText(row));
            item.detail = "left the service at " + std::to_string(e.t) + " ms";
            if (crashed) {
                item.lost = true;
                item.alarm = true;
                item.end = e.t + half;
                item.label += " ✕ lost";
                item.detail = "the process crashed; the client never hears (late_retry)";
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
                item.label += " ✕ lost";
                item.detail += "; lost on the way back: the client never hears";
            }
            break;
        case EventKind::ResponseDelivered:
        case EventKind::ResponseDiscarded:
            if (const auto it = responseItem.find(e.request); it != responseItem.end()) {
                SequenceItem& item = items[it->second];
                item.end = e.t;
                item.detail += ", reached the client at " + std::to_string(e.t) + " ms";
                if (e.kind == EventKind::ResponseDiscarded) {
                    item.discarded = true;
                    item.label += " (discarded: after the timeout)";
                    item.detail += ", after its timeout: discarded";
                }
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
            mark.label = rid(e.request) + " timeout";
            mark.detail = "no answer " + sequenceDuration(e.t - row.sent) + " after sending";
            items.push_back(std::move(mark));
            break;
        }
        default:
            break;
        }
    }

    // Store steps and handler runs, from the step trace.
    const auto& steps = simulation.steps();
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const StepRow& step = steps[i];
        if (!laneOfRequest.count(step.request))
            continue;
        SequenceItem item;
        item.request = step.request;
        item.start = step.start;
        item.end = step.end;
        item.detail = step.result >= 0 ? simulation.stepText(step.result) : std::string();
        if (step.kind == ServiceStep::Kind::Handler) {
            item.kind = SequenceItem::Kind::Handler;
            item.from = item.to = service;
            item.label = rid(step.request) + " handler " + sequenceDuration(step.end - step.start);
        } else {
            item.kind = SequenceItem::Kind::StoreStep;
            item.from = service;
            item.to = store;
            item.label = rid(step.request) + " " + std::string(serviceStepName(step.kind));
        }
        items.push_back(std::move(item));
    }

    // The waits before retries: per client lane, from learning an attempt's outcome to the next attempt's send (a
    // late_retry target's client learns nothing: its wait runs from the send).
    std::map<int, int> previousOnLane;
    for (const int r : model.requests) {
        const int lane = laneOfRequest[r];
        const auto prev = previousOnLane.find(lane);
        if (prev != previousOnLane.end()) {
            const RequestRow& before = requests[static_cast<std::size_t>(prev->second)];
            const RequestRow& now = requests[static_cast<std::size_t>(r)];
            const auto it = learned.find(prev->second);
            const bool late = it == learned.end();
            const Millis from = late ? before.sent : it->second;
            if (now.sent > from) {
                SequenceItem span;
                span.kind = SequenceItem::Kind::RetryWait;
                span.from = span.to = lane;
                span.start = from;
                span.end = now.sent;
                span.request = r;
                span.label
                    = (late ? "late retry after " : "wait ") + sequenceDuration(now.sent - from) + " → " + rid(r);
                span.detail = late ? "the client never heard of " + rid(prev->second) + "; it sends again "
                        + sequenceDuration(now.sent - from) + " after sending it"
                                   : "the client waits " + sequenceDuration(now.sent - from) + " before attempt "
                        + std::to_string(now.attempt);
                items.push_back(std::move(span));
            }
        }
        previousOnLane[lane] = r;
    }

    std::stable_sort(
        items.begin(), items.end(), [](const SequenceItem& a, const SequenceItem& b) { return a.start < b.start; });
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
        return "service";
    case SequenceLane::Kind::Store:
        return "store";
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
        if (l.kind == SequenceLane::Kind::Client)
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
        }
    }
    return out;
}

} // namespace iw
