// The report writers. Numbers and strings are written with the same JSON rules as the fingerprint, so both stores
// give byte-identical reports.
#include "report.h"

#include "json.h"

namespace iw {

namespace {

void str(std::ostream& out, std::string_view s)
{
    std::string buf;
    json::appendString(buf, s);
    out << buf;
}

void optMs(std::ostream& out, Millis v)
{
    if (v < 0)
        out << "null";
    else
        out << v;
}

template<typename T> void opt(std::ostream& out, const std::optional<T>& v)
{
    if (!v)
        out << "null";
    else if constexpr (std::is_same_v<T, std::string>)
        str(out, *v);
    else
        out << *v;
}

void writeSummary(std::ostream& out, const RunSummary& s)
{
    out << "{\"intents\": " << s.intents << ", \"requests\": " << s.requests << ", \"effects\": " << s.effects
        << ", \"duplicate_effects\": " << s.duplicateEffects
        << ", \"intents_with_duplicates\": " << s.intentsWithDuplicates << ", \"decisions\": {";
    bool first = true;
    for (const auto& [name, count] : s.decisions) {
        out << (first ? "" : ", ");
        first = false;
        str(out, name);
        out << ": " << count;
    }
    out << "}}";
}

std::string csvField(std::string_view s)
{
    if (s.find_first_of(",\"\n\r") == std::string_view::npos)
        return std::string(s);
    std::string out = "\"";
    for (const char c : s) {
        if (c == '"')
            out += '"';
        out += c;
    }
    return out + '"';
}

std::string mdField(std::string_view s)
{
    std::string out;
    for (const char c : s) {
        if (c == '|')
            out += "\\|";
        else if (c == '\n' || c == '\r')
            out += ' '; // a line break would end the table row
        else
            out += c;
    }
    return out;
}

struct RowText {
    std::string id, intent, client, attempt, copy, sent, arrived, decided, actor, operation, key, fingerprint, decision,
        status, reason, outcome;
};

RowText rowText(const Simulation& sim, std::size_t i)
{
    const RequestRow& r = sim.requests()[i];
    const auto ms = [](Millis v) { return v < 0 ? std::string() : std::to_string(v); };
    RowText t;
    t.id = sim.requestId(static_cast<int>(i));
    t.intent = sim.intentName(r.intent);
    t.client = sim.clientId(r.client);
    t.attempt = std::to_string(r.attempt);
    t.copy = std::to_string(r.copy);
    t.sent = ms(r.sent);
    t.arrived = ms(r.arrived);
    t.decided = ms(r.decided);
    const Scope& scope = sim.scopes()[static_cast<std::size_t>(r.scope >= 0 ? r.scope : r.keylessScope)];
    t.actor = scope.actor;
    t.operation = scope.operation;
    t.key = r.hasKey ? scope.key : std::string();
    t.fingerprint = sim.fingerprint(r);
    t.decision = r.decision ? std::string(decisionName(*r.decision)) : std::string();
    t.status = r.status < 0 ? std::string() : std::to_string(r.status);
    t.reason = sim.reason(r) >= 0 ? sim.text(sim.reason(r)) : std::string();
    t.outcome = r.outcome ? std::string(clientOutcomeName(*r.outcome)) : std::string();
    return t;
}

void writeJson(Simulation& sim, std::ostream& out)
{
    const Scenario& sc = sim.scenario();
    const RunSummary summary = sim.summary();
    out << "{\n\"format\": \"idempotency-workbench/report@1\",\n\"scenario\": ";
    str(out, sc.name);
    out << ", \"store\": ";
    str(out, sim.store().kind());
    out << ", \"seed\": " << sc.seed << ",\n\"summary\": ";
    writeSummary(out, summary);
    out << ",\n\"requests\": [";
    const auto& requests = sim.requests();
    for (std::size_t i = 0; i < requests.size(); ++i) {
        const RequestRow& r = requests[i];
        const Scope& scope = sim.scopes()[static_cast<std::size_t>(r.scope >= 0 ? r.scope : r.keylessScope)];
        out << (i ? ",\n" : "\n") << "{\"id\": ";
        str(out, sim.requestId(static_cast<int>(i)));
        out << ", \"intent\": ";
        str(out, sim.intentName(r.intent));
        out << ", \"client\": ";
        str(out, sim.clientId(r.client));
        out << ", \"attempt\": " << r.attempt << ", \"copy\": " << r.copy << ", \"sent_ms\": " << r.sent
            << ", \"arrived_ms\": ";
        optMs(out, r.arrived);
        out << ", \"decided_ms\": ";
        optMs(out, r.decided);
        out << ", \"actor\": ";
        str(out, scope.actor);
        out << ", \"operation\": ";
        str(out, scope.operation);
        out << ", \"key\": ";
        if (r.hasKey)
            str(out, scope.key);
        else
            out << "null";
        out << ", \"fingerprint\": ";
        str(out, sim.fingerprint(r));
        out << ", \"decision\": ";
        if (r.decision)
            str(out, decisionName(*r.decision));
        else
            out << "null";
        out << ", \"status\": ";
        optMs(out, r.status);
        out << ", \"reason\": ";
        if (const int reason = sim.reason(r); reason >= 0)
            str(out, sim.text(reason));
        else
            out << "null";
        out << ", \"client_outcome\": ";
        if (r.outcome)
            str(out, clientOutcomeName(*r.outcome));
        else
            out << "null";
        out << "}";
    }
    out << "\n],\n\"records\": [";
    const Millis end = sim.endTime();
    const auto records = sim.store().records();
    for (std::size_t i = 0; i < records.size(); ++i) {
        const Record& rec = records[i];
        out << (i ? ",\n" : "\n") << "{\"actor\": ";
        str(out, rec.scope.actor);
        out << ", \"operation\": ";
        str(out, rec.scope.operation);
        out << ", \"key\": ";
        str(out, rec.scope.key);
        out << ", \"state\": ";
        str(out, stateName(effectiveState(rec, end, sc.service)));
        out << ", \"payload_hash\": ";
        str(out, rec.payloadHash);
        out << ", \"status_code\": ";
        opt(out, rec.statusCode);
        out << ", \"created_ms\": " << rec.createdAt << ", \"completed_ms\": ";
        opt(out, rec.completedAt);
        out << ", \"expires_ms\": " << rec.expiresAt << ", \"lease_until_ms\": ";
        opt(out, rec.leaseUntil);
        out << ", \"result_id\": ";
        opt(out, rec.resultId);
        out << "}";
    }
    out << "\n],\n\"tombstones\": [";
    const auto tombstones = sim.store().tombstones();
    for (std::size_t i = 0; i < tombstones.size(); ++i) {
        const Tombstone& t = tombstones[i];
        out << (i ? ",\n" : "\n") << "{\"actor\": ";
        str(out, t.scope.actor);
        out << ", \"operation\": ";
        str(out, t.scope.operation);
        out << ", \"key\": ";
        str(out, t.scope.key);
        out << ", \"payload_hash\": ";
        str(out, t.payloadHash);
        out << ", \"status_code\": ";
        opt(out, t.statusCode);
        out << ", \"result_id\": ";
        opt(out, t.resultId);
        out << ", \"until_ms\": " << t.untilMs << "}";
    }
    out << "\n],\n\"effects\": [";
    const auto& effects = sim.effects();
    for (std::size_t i = 0; i < effects.size(); ++i) {
        const EffectInfo& e = effects[i];
        out << (i ? ",\n" : "\n") << "{\"id\": ";
        str(out, sim.effectId(static_cast<int>(i)));
        out << ", \"intent\": ";
        str(out, sim.intentName(e.intent));
        out << ", \"request\": ";
        str(out, sim.requestId(e.request));
        out << ", \"at_ms\": " << e.at << ", \"duplicate\": " << (e.duplicate ? "true" : "false") << "}";
    }
    out << "\n],\n\"events\": [";
    const auto& events = sim.events();
    for (std::size_t i = 0; i < events.size(); ++i) {
        const LifecycleEvent& e = events[i];
        out << (i ? ",\n" : "\n") << "{\"t_ms\": " << e.t << ", \"kind\": ";
        str(out, eventKindName(e.kind));
        out << ", \"request\": ";
        if (e.request >= 0)
            str(out, sim.requestId(e.request));
        else
            out << "null";
        if (e.kind == EventKind::RecordSwept && e.scope >= 0) {
            const Scope& s = sim.scopes()[static_cast<std::size_t>(e.scope)];
            out << ", \"actor\": ";
            str(out, s.actor);
            out << ", \"operation\": ";
            str(out, s.operation);
            out << ", \"key\": ";
            str(out, s.key);
        }
        if (e.effect >= 0) {
            out << ", \"effect\": ";
            str(out, sim.effectId(e.effect));
        }
        out << "}";
    }
    out << "\n]\n}\n";
}

void writeCsv(Simulation& sim, std::ostream& out)
{
    out << "id,intent,client,attempt,copy,sent_ms,arrived_ms,decided_ms,actor,operation,key,fingerprint,decision,"
           "status,reason,client_outcome\n";
    for (std::size_t i = 0; i < sim.requests().size(); ++i) {
        const RowText t = rowText(sim, i);
        const std::string* fields[] = { &t.id, &t.intent, &t.client, &t.attempt, &t.copy, &t.sent, &t.arrived,
            &t.decided, &t.actor, &t.operation, &t.key, &t.fingerprint, &t.decision, &t.status, &t.reason, &t.outcome };
        bool first = true;
        for (const std::string* f : fields) {
            out << (first ? "" : ",") << csvField(*f);
            first = false;
        }
        out << '\n';
    }
    // The summary follows the table as name,value rows after a blank line, so a spreadsheet shows both.
    const RunSummary s = sim.summary();
    out << "\nsummary,value\nintents," << s.intents << "\nrequests," << s.requests << "\neffects," << s.effects
        << "\nduplicate_effects," << s.duplicateEffects << "\nintents_with_duplicates," << s.intentsWithDuplicates
        << '\n';
    for (const auto& [name, count] : s.decisions)
        out << "decisions." << name << ',' << count << '\n';
}

void writeMarkdown(Simulation& sim, std::ostream& out)
{
    const Scenario& sc = sim.scenario();
    const RunSummary s = sim.summary();
    out << "# " << mdField(sc.title.empty() ? sc.name : sc.title) << "\n\n";
    if (!sc.description.empty())
        out << mdField(sc.description) << "\n\n";
    out << "Scenario `" << mdField(sc.name) << "`, store `" << sim.store().kind() << "`, seed " << sc.seed
        << ", profile `" << profileName(sc.service.profile) << "`, strategy `" << strategyName(sc.service.strategy)
        << "`.\n\n";
    out << "## Summary\n\n| figure | value |\n|---|---:|\n| intents | " << s.intents << " |\n| requests | "
        << s.requests << " |\n| effects | " << s.effects << " |\n| duplicate effects | " << s.duplicateEffects
        << (s.duplicateEffects > 0 ? " ⚠" : "") << " |\n| intents with duplicates | " << s.intentsWithDuplicates
        << " |\n";
    for (const auto& [name, count] : s.decisions)
        out << "| `" << name << "` | " << count << " |\n";
    out << "\n## Requests\n\n| id | intent | client | attempt | sent | arrived | decided | key | fingerprint | "
           "decision | status | client outcome | reason "
           "|\n|---|---|---|---:|---:|---:|---:|---|---|---|---:|---|---|\n";
    for (std::size_t i = 0; i < sim.requests().size(); ++i) {
        const RowText t = rowText(sim, i);
        out << "| " << t.id << " | " << mdField(t.intent) << " | " << mdField(t.client) << " | " << t.attempt << " | "
            << t.sent << " | " << t.arrived << " | " << t.decided << " | " << mdField(t.key) << " | `"
            << t.fingerprint.substr(0, 12) << "` | " << t.decision << " | " << t.status << " | " << t.outcome << " | "
            << mdField(t.reason) << " |\n";
    }
}

} // namespace

std::optional<ReportFormat> reportFormatFromName(std::string_view name)
{
    if (name == "json")
        return ReportFormat::Json;
    if (name == "csv")
        return ReportFormat::Csv;
    if (name == "md" || name == "markdown")
        return ReportFormat::Markdown;
    return std::nullopt;
}

void writeReport(Simulation& simulation, std::ostream& out, ReportFormat format)
{
    switch (format) {
    case ReportFormat::Json:
        writeJson(simulation, out);
        break;
    case ReportFormat::Csv:
        writeCsv(simulation, out);
        break;
    case ReportFormat::Markdown:
        writeMarkdown(simulation, out);
        break;
    }
}

std::vector<std::string> checkExpectations(const Scenario& scenario, const RunSummary& s)
{
    std::vector<std::string> failures;
    for (const auto& [name, expected] : scenario.expect) {
        std::int64_t actual = 0;
        if (name == "intents")
            actual = s.intents;
        else if (name == "requests")
            actual = s.requests;
        else if (name == "effects")
            actual = s.effects;
        else if (name == "duplicate_effects")
            actual = s.duplicateEffects;
        else if (name == "intents_with_duplicates")
            actual = s.intentsWithDuplicates;
        else if (name.rfind("decisions.", 0) == 0) {
            const auto it = s.decisions.find(name.substr(10));
            actual = it == s.decisions.end() ? 0 : it->second;
        }
        if (actual != expected)
            failures.push_back(name + ": expected " + std::to_string(expected) + ", got " + std::to_string(actual));
    }
    return failures;
}

} // namespace iw
