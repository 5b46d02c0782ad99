// The report writers. Numbers and strings are written with the same JSON rules as the fingerprint, so both stores
// give byte-identical reports.
#include "report.h"

#include "json.h"
#include "packeduuid.h"

#include <array>
#include <charconv>
#include <cstring>
#include <memory>
#include <sstream>

namespace iw {

namespace {

// Everything is formatted into one large buffer that goes to the stream in big writes: a report of a million requests
// is hundreds of megabytes, and per-value stream insertions or string temporaries would cost more than the run.
class Writer {
public:
    explicit Writer(std::ostream& out)
        : m_out(out)
        , m_buf(new char[kCapacity])
        , m_pos(m_buf.get())
        , m_end(m_buf.get() + kCapacity)
    {
    }
    Writer(const Writer&) = delete;
    Writer& operator=(const Writer&) = delete;

    // A plain char buffer rather than a std::string: appending is a bounds check and a copy, with no size field or
    // terminator to keep up per value (which was a third of the JSON writer's time).
    void raw(std::string_view s)
    {
        if (s.empty())
            return; // an empty view may carry a null pointer, which memcpy must not be given
        if (s.size() > static_cast<std::size_t>(m_end - m_pos)) {
            spill(s);
            return;
        }
        std::memcpy(m_pos, s.data(), s.size());
        m_pos += s.size();
    }
    void ch(char c)
    {
        if (m_pos == m_end)
            flush();
        *m_pos++ = c;
    }
    void integer(std::int64_t v)
    {
        room(kDigits);
        m_pos = std::to_chars(m_pos, m_pos + kDigits, v).ptr;
    }
    void unsignedInteger(std::uint64_t v)
    {
        room(kDigits);
        m_pos = std::to_chars(m_pos, m_pos + kDigits, v).ptr;
    }
    // -1 (the recording's "none") as JSON null.
    void orNull(std::int64_t v)
    {
        if (v < 0)
            raw("null");
        else
            integer(v);
    }
    template<typename T> void orNull(const std::optional<T>& v)
    {
        if (v)
            integer(*v);
        else
            raw("null");
    }
    // -1 as an empty CSV / Markdown cell.
    void orEmpty(std::int64_t v)
    {
        if (v >= 0)
            integer(v);
    }
    // Most texts need no escaping and go in as they are; any other takes json::appendString's rules.
    void jsonString(std::string_view s)
    {
        for (const char c : s) {
            const auto u = static_cast<unsigned char>(c);
            if (u < 0x20 || c == '"' || c == '\\') {
                std::string escaped;
                json::appendString(escaped, s);
                raw(escaped);
                return;
            }
        }
        ch('"');
        raw(s);
        ch('"');
    }
    void jsonOptionalString(const std::optional<std::string>& s)
    {
        if (s)
            jsonString(*s);
        else
            raw("null");
    }
    // A CSV field: quoted (with doubled quotes) only when it holds a comma, a quote or a line break.
    void csv(std::string_view s)
    {
        if (s.find_first_of(",\"\n\r") == std::string_view::npos) {
            raw(s);
            return;
        }
        ch('"');
        for (const char c : s) {
            if (c == '"')
                ch('"');
            ch(c);
        }
        ch('"');
    }
    // A Markdown table cell: `|` escaped, line breaks (which would end the row) as spaces.
    void markdown(std::string_view s)
    {
        if (s.find_first_of("|\n\r") == std::string_view::npos) {
            raw(s);
            return;
        }
        for (const char c : s) {
            if (c == '|')
                raw("\\|");
            else if (c == '\n' || c == '\r')
                ch(' ');
            else
                ch(c);
        }
    }
    // Between rows: hands the buffer over once it is full.
    void row()
    {
        if (m_pos - m_buf.get() >= static_cast<std::ptrdiff_t>(kFlushAt))
            flush();
    }
    void flush()
    {
        m_out.write(m_buf.get(), m_pos - m_buf.get());
        m_pos = m_buf.get();
    }

private:
    static constexpr std::size_t kFlushAt = std::size_t(1) << 20;
    static constexpr std::size_t kCapacity = kFlushAt + kFlushAt / 4;
    static constexpr std::ptrdiff_t kDigits = 24; // enough for any 64-bit integer

    void room(std::ptrdiff_t n)
    {
        if (m_end - m_pos < n)
            flush();
    }
    // A text that does not fit in what is left: the buffer goes first, then the text through it or, when larger
    // than the whole buffer, straight to the stream.
    void spill(std::string_view s)
    {
        flush();
        if (s.size() > kCapacity) {
            m_out.write(s.data(), static_cast<std::streamsize>(s.size()));
            return;
        }
        std::memcpy(m_pos, s.data(), s.size());
        m_pos += s.size();
    }

    std::ostream& m_out;
    std::unique_ptr<char[]> m_buf;
    char* m_pos;
    char* m_end;
};

enum class Style { Json, Csv, Markdown };

// A text in the report's style: quoted and escaped for JSON, quoted when needed for CSV, escaped for Markdown.
std::string styled(Style style, std::string_view text)
{
    std::string out;
    if (style == Style::Json) {
        json::appendString(out, text);
        return out;
    }
    std::ostringstream buf;
    Writer w(buf);
    if (style == Style::Csv)
        w.csv(text);
    else
        w.markdown(text);
    w.flush();
    return buf.str();
}

// The names a report writes again and again, each styled once: clients, actors and operations, intent names (a
// base, then "#<repetition>"), fingerprints per entry, explanation sentences per decision, decisions and outcomes.
class Names {
public:
    Names(const Simulation& sim, Style style)
        : m_sim(sim)
        , m_style(style)
    {
        for (std::size_t c = 0; c < sim.scenario().clients.size(); ++c)
            m_clients.push_back(styled(style, sim.clientId(static_cast<int>(c))));
        for (std::uint32_t n = 0; n < sim.scopes().nameCount(); ++n)
            m_names.push_back(styled(style, sim.scopes().nameText(n)));
        for (const std::string& base : sim.intentBases()) {
            // "#" and digits need no escaping or quoting, so the repetition goes in before a closing quote (always in
            // JSON; in CSV when the base itself needed quoting).
            std::string prefix = styled(style, base);
            std::string suffix;
            if (style != Style::Markdown && !prefix.empty() && prefix.front() == '"') {
                prefix.pop_back();
                suffix = "\"";
            }
            m_intentPrefixes.push_back(std::move(prefix));
            m_intentSuffixes.push_back(std::move(suffix));
        }
        for (std::size_t e = 0; e < sim.scenario().requests.size(); ++e)
            m_fingerprints.push_back(styled(style, sim.entryFingerprint(static_cast<int>(e))));
        for (int d = 0; d < DecisionCount; ++d)
            m_decisions[static_cast<std::size_t>(d)] = styled(style, decisionName(static_cast<Decision>(d)));
        for (int o = 0; o < ClientOutcomeCount; ++o)
            m_outcomes[static_cast<std::size_t>(o)] = styled(style, clientOutcomeName(static_cast<ClientOutcome>(o)));
    }

    const std::string& client(int c) const { return m_clients[static_cast<std::size_t>(c)]; }
    const std::string& name(std::uint32_t n) const { return m_names[n]; }
    void intent(Writer& w, int intent) const
    {
        const IntentRow& row = m_sim.intents()[static_cast<std::size_t>(intent)];
        w.raw(m_intentPrefixes[static_cast<std::size_t>(row.base)]);
        if (row.repetition != 0) {
            w.ch('#');
            w.integer(row.repetition);
        }
        w.raw(m_intentSuffixes[static_cast<std::size_t>(row.base)]);
    }
    const std::string& fingerprint(const RequestRow& r) const
    {
        return m_fingerprints[static_cast<std::size_t>(r.entry)];
    }
    const std::string& decision(Decision d) const { return m_decisions[static_cast<std::size_t>(d)]; }
    const std::string& outcome(ClientOutcome o) const { return m_outcomes[static_cast<std::size_t>(o)]; }
    // The explanation sentence of the row's decision (one per decision in a run).
    const std::string& reason(const RequestRow& r)
    {
        std::string& text = m_reasons[static_cast<std::size_t>(*r.decision)];
        if (text.empty())
            text = styled(m_style, m_sim.text(m_sim.reason(r)));
        return text;
    }

private:
    const Simulation& m_sim;
    Style m_style;
    std::vector<std::string> m_clients;
    std::vector<std::string> m_names;
    std::vector<std::string> m_intentPrefixes;
    std::vector<std::string> m_intentSuffixes;
    std::vector<std::string> m_fingerprints;
    std::array<std::string, DecisionCount> m_decisions;
    std::array<std::string, ClientOutcomeCount> m_outcomes;
    std::array<std::string, DecisionCount> m_reasons;
};

// "r17", "e3": the ids of the recording's rows, quoted for JSON.
void jsonId(Writer& w, char prefix, int index)
{
    w.ch('"');
    w.ch(prefix);
    w.integer(static_cast<std::int64_t>(index) + 1);
    w.ch('"');
}

int laneOf(const RequestRow& r)
{
    return r.scope >= 0 ? r.scope : r.keylessScope;
}

void writeSummary(Writer& w, const RunSummary& s, const Scenario& sc)
{
    w.raw("{\"intents\": ");
    w.integer(s.intents);
    w.raw(", \"requests\": ");
    w.integer(s.requests);
    w.raw(", \"effects\": ");
    w.integer(s.effects);
    w.raw(", \"duplicate_effects\": ");
    w.integer(s.duplicateEffects);
    w.raw(", \"intents_with_duplicates\": ");
    w.integer(s.intentsWithDuplicates);
    if (!s.duplicateEffectsByHop.empty()) {
        // SPEC §15: one member per hop in route order, `service` first.
        w.raw(", \"duplicate_effects_by_hop\": {");
        for (std::size_t h = 0; h < s.duplicateEffectsByHop.size(); ++h) {
            w.raw(h ? ", " : "");
            w.jsonString(sc.hopName(static_cast<int>(h)));
            w.raw(": ");
            w.integer(s.duplicateEffectsByHop[h]);
        }
        w.ch('}');
    }
    w.raw(", \"decisions\": {");
    bool first = true;
    for (const auto& [name, count] : s.decisions) {
        w.raw(first ? "" : ", ");
        first = false;
        w.jsonString(name);
        w.raw(": ");
        w.integer(count);
    }
    w.raw("}}");
}

void writeJsonRequest(Writer& w, Names& names, const Simulation& sim, std::size_t i)
{
    const RequestRow& r = sim.requests()[i];
    const ScopeTable& scopes = sim.scopes();
    const auto lane = static_cast<std::size_t>(laneOf(r));
    w.raw(i ? ",\n{\"id\": " : "\n{\"id\": ");
    jsonId(w, 'r', static_cast<int>(i));
    w.raw(", \"intent\": ");
    names.intent(w, r.intent);
    w.raw(", \"client\": ");
    w.raw(names.client(r.client));
    w.raw(", \"attempt\": ");
    w.integer(r.attempt);
    w.raw(", \"copy\": ");
    w.integer(r.copy);
    w.raw(", \"sent_ms\": ");
    w.integer(r.sent);
    w.raw(", \"arrived_ms\": ");
    w.orNull(r.arrived);
    w.raw(", \"decided_ms\": ");
    w.orNull(r.decided);
    w.raw(", \"actor\": ");
    w.raw(names.name(scopes.actorName(lane)));
    w.raw(", \"operation\": ");
    w.raw(names.name(scopes.operationName(lane)));
    w.raw(", \"key\": ");
    if (r.hasKey) {
        char buf[kUuidText];
        w.jsonString(scopes.key(lane, buf));
    } else {
        w.raw("null");
    }
    w.raw(", \"fingerprint\": ");
    if (sim.hasRoute())
        w.jsonString(sim.requestFingerprint(static_cast<int>(i))); // each hop fingerprints by its own selection
    else
        w.raw(names.fingerprint(r));
    w.raw(", \"decision\": ");
    w.raw(r.decision ? std::string_view(names.decision(*r.decision)) : std::string_view("null"));
    w.raw(", \"status\": ");
    w.orNull(r.status);
    w.raw(", \"reason\": ");
    if (r.decision && sim.hasRoute())
        w.jsonString(sim.text(sim.requestReason(static_cast<int>(i)))); // under its hop's policy
    else
        w.raw(r.decision ? std::string_view(names.reason(r)) : std::string_view("null"));
    w.raw(", \"client_outcome\": ");
    // An attempt the client has not learned about yet (a report of a run so far) has no outcome to name.
    w.raw(r.outcome ? std::string_view(names.outcome(*r.outcome)) : std::string_view("null"));
    if (sim.hasRoute()) {
        // SPEC §15: the hop it reached and the request whose handler sent it (null for a client's).
        w.raw(", \"hop\": ");
        w.jsonString(sim.scenario().hopName(sim.hopOf(static_cast<int>(i))));
        w.raw(", \"parent\": ");
        if (const int parent = sim.parentOf(static_cast<int>(i)); parent >= 0)
            jsonId(w, 'r', parent);
        else
            w.raw("null");
    }
    w.ch('}');
}

void writeJson(Simulation& sim, std::ostream& out)
{
    const Scenario& sc = sim.scenario();
    Writer w(out);
    Names names(sim, Style::Json);
    w.raw("{\n\"format\": \"idempotency-workbench/report@1\",\n\"scenario\": ");
    w.jsonString(sc.name);
    w.raw(", \"store\": ");
    w.jsonString(sim.store().kind());
    // The engine (SPEC §17) is written when it is not the default `sql`, so every report of the sql engine stays as
    // it was.
    if (sc.service.storeEngine != StoreEngine::Sql) {
        w.raw(", \"store_engine\": ");
        w.jsonString(storeEngineName(sc.service.storeEngine));
    }
    w.raw(", \"seed\": ");
    w.unsignedInteger(sc.seed);
    w.raw(",\n\"summary\": ");
    writeSummary(w, sim.summary(), sc);
    w.raw(",\n\"requests\": [");
    for (std::size_t i = 0; i < sim.requests().size(); ++i) {
        writeJsonRequest(w, names, sim, i);
        w.row();
    }
    w.raw("\n],\n\"records\": [");
    const Millis end = sim.endTime();
    bool first = true;
    // With a route, every hop's store in route order, each record naming its hop (SPEC §15).
    const bool route = sim.hasRoute();
    for (int hop = 0; hop < sc.hopCount(); ++hop) {
        sim.hopStore(hop).visitRecords([&](const Record& rec) {
            w.raw(first ? "\n{\"actor\": " : ",\n{\"actor\": ");
            first = false;
            w.jsonString(rec.scope.actor);
            w.raw(", \"operation\": ");
            w.jsonString(rec.scope.operation);
            w.raw(", \"key\": ");
            w.jsonString(rec.scope.key);
            w.raw(", \"state\": ");
            w.jsonString(stateName(effectiveState(rec, end, sc.hopService(hop))));
            w.raw(", \"payload_hash\": ");
            w.jsonString(rec.payloadHash);
            w.raw(", \"status_code\": ");
            w.orNull(rec.statusCode);
            w.raw(", \"created_ms\": ");
            w.integer(rec.createdAt);
            w.raw(", \"completed_ms\": ");
            w.orNull(rec.completedAt);
            w.raw(", \"expires_ms\": ");
            if (rec.expiresAt == kNeverExpires)
                w.raw("null"); // a Redis key written without an expiry
            else
                w.integer(rec.expiresAt);
            w.raw(", \"lease_until_ms\": ");
            w.orNull(rec.leaseUntil);
            w.raw(", \"result_id\": ");
            w.jsonOptionalString(rec.resultId);
            if (route) {
                w.raw(", \"hop\": ");
                w.jsonString(sc.hopName(hop));
            }
            w.ch('}');
            w.row();
        });
    }
    w.raw("\n],\n\"tombstones\": [");
    first = true;
    for (int hop = 0; hop < sc.hopCount(); ++hop) {
        const auto tombstones = sim.hopStore(hop).tombstones();
        for (std::size_t i = 0; i < tombstones.size(); ++i) {
            const Tombstone& t = tombstones[i];
            w.raw(!first ? ",\n{\"actor\": " : "\n{\"actor\": ");
            first = false;
            w.jsonString(t.scope.actor);
            w.raw(", \"operation\": ");
            w.jsonString(t.scope.operation);
            w.raw(", \"key\": ");
            w.jsonString(t.scope.key);
            w.raw(", \"payload_hash\": ");
            w.jsonString(t.payloadHash);
            w.raw(", \"status_code\": ");
            w.orNull(t.statusCode);
            w.raw(", \"result_id\": ");
            w.jsonOptionalString(t.resultId);
            w.raw(", \"until_ms\": ");
            w.integer(t.untilMs);
            if (route) {
                w.raw(", \"hop\": ");
                w.jsonString(sc.hopName(hop));
            }
            w.ch('}');
            w.row();
        }
    }
    w.raw("\n],\n\"effects\": [");
    const auto& effects = sim.effects();
    for (std::size_t i = 0; i < effects.size(); ++i) {
        const EffectInfo& e = effects[i];
        w.raw(i ? ",\n{\"id\": " : "\n{\"id\": ");
        jsonId(w, 'e', static_cast<int>(i));
        w.raw(", \"intent\": ");
        names.intent(w, e.intent);
        w.raw(", \"request\": ");
        jsonId(w, 'r', e.request);
        w.raw(", \"at_ms\": ");
        w.integer(e.at);
        w.raw(e.duplicate ? ", \"duplicate\": true" : ", \"duplicate\": false");
        if (route) {
            w.raw(", \"hop\": ");
            w.jsonString(sc.hopName(e.hop));
        }
        w.ch('}');
        w.row();
    }
    w.raw("\n],\n\"events\": [");
    std::array<std::string, EventKindCount> kinds;
    for (std::size_t k = 0; k < kinds.size(); ++k)
        kinds[k] = styled(Style::Json, eventKindName(static_cast<EventKind>(k)));
    const EventLog& events = sim.events();
    const ScopeTable& scopes = sim.scopes();
    for (std::size_t i = 0; i < events.size(); ++i) {
        const LifecycleEvent e = events[i];
        w.raw(i ? ",\n{\"t_ms\": " : "\n{\"t_ms\": ");
        w.integer(e.t);
        w.raw(", \"kind\": ");
        w.raw(kinds[static_cast<std::size_t>(e.kind)]);
        w.raw(", \"request\": ");
        if (e.request >= 0)
            jsonId(w, 'r', e.request);
        else
            w.raw("null");
        if (isScopeEvent(e.kind) && e.scope >= 0) {
            const auto s = static_cast<std::size_t>(e.scope);
            char buf[kUuidText];
            w.raw(", \"actor\": ");
            w.raw(names.name(scopes.actorName(s)));
            w.raw(", \"operation\": ");
            w.raw(names.name(scopes.operationName(s)));
            w.raw(", \"key\": ");
            w.jsonString(scopes.key(s, buf));
        }
        if (e.effect >= 0) {
            w.raw(", \"effect\": ");
            jsonId(w, 'e', e.effect);
        }
        w.ch('}');
        w.row();
    }
    w.raw("\n]\n}\n");
    w.flush();
}

void writeCsv(Simulation& sim, std::ostream& out)
{
    Writer w(out);
    Names names(sim, Style::Csv);
    const ScopeTable& scopes = sim.scopes();
    const bool route = sim.hasRoute();
    w.raw("id,intent,client,attempt,copy,sent_ms,arrived_ms,decided_ms,actor,operation,key,fingerprint,decision,"
          "status,reason,client_outcome");
    w.raw(route ? ",hop,parent\n" : "\n");
    for (std::size_t i = 0; i < sim.requests().size(); ++i) {
        const RequestRow& r = sim.requests()[i];
        const auto lane = static_cast<std::size_t>(laneOf(r));
        w.ch('r');
        w.integer(static_cast<std::int64_t>(i) + 1);
        w.ch(',');
        names.intent(w, r.intent);
        w.ch(',');
        w.raw(names.client(r.client));
        w.ch(',');
        w.integer(r.attempt);
        w.ch(',');
        w.integer(r.copy);
        w.ch(',');
        w.orEmpty(r.sent);
        w.ch(',');
        w.orEmpty(r.arrived);
        w.ch(',');
        w.orEmpty(r.decided);
        w.ch(',');
        w.raw(names.name(scopes.actorName(lane)));
        w.ch(',');
        w.raw(names.name(scopes.operationName(lane)));
        w.ch(',');
        if (r.hasKey) {
            char buf[kUuidText];
            w.csv(scopes.key(lane, buf));
        }
        w.ch(',');
        if (route)
            w.csv(sim.requestFingerprint(static_cast<int>(i)));
        else
            w.raw(names.fingerprint(r));
        w.ch(',');
        if (r.decision)
            w.raw(names.decision(*r.decision));
        w.ch(',');
        w.orEmpty(r.status);
        w.ch(',');
        if (r.decision && route)
            w.csv(sim.text(sim.requestReason(static_cast<int>(i))));
        else if (r.decision)
            w.raw(names.reason(r));
        w.ch(',');
        if (r.outcome)
            w.raw(names.outcome(*r.outcome));
        if (route) {
            w.ch(',');
            w.csv(sim.scenario().hopName(sim.hopOf(static_cast<int>(i))));
            w.ch(',');
            if (const int parent = sim.parentOf(static_cast<int>(i)); parent >= 0) {
                w.ch('r');
                w.integer(static_cast<std::int64_t>(parent) + 1);
            }
        }
        w.ch('\n');
        w.row();
    }
    // The summary follows the table as name,value rows after a blank line, so a spreadsheet shows both.
    const RunSummary s = sim.summary();
    w.raw("\nsummary,value\nintents,");
    w.integer(s.intents);
    w.raw("\nrequests,");
    w.integer(s.requests);
    w.raw("\neffects,");
    w.integer(s.effects);
    w.raw("\nduplicate_effects,");
    w.integer(s.duplicateEffects);
    w.raw("\nintents_with_duplicates,");
    w.integer(s.intentsWithDuplicates);
    w.ch('\n');
    for (std::size_t h = 0; h < s.duplicateEffectsByHop.size(); ++h) {
        w.raw("duplicate_effects_by_hop.");
        w.csv(sim.scenario().hopName(static_cast<int>(h)));
        w.ch(',');
        w.integer(s.duplicateEffectsByHop[h]);
        w.ch('\n');
    }
    for (const auto& [name, count] : s.decisions) {
        w.raw("decisions.");
        w.raw(name);
        w.ch(',');
        w.integer(count);
        w.ch('\n');
    }
    w.flush();
}

void writeMarkdown(Simulation& sim, std::ostream& out)
{
    const Scenario& sc = sim.scenario();
    const RunSummary s = sim.summary();
    Writer w(out);
    Names names(sim, Style::Markdown);
    const ScopeTable& scopes = sim.scopes();
    w.raw("# ");
    w.markdown(sc.title.empty() ? sc.name : sc.title);
    w.raw("\n\n");
    if (!sc.description.empty()) {
        w.markdown(sc.description);
        w.raw("\n\n");
    }
    w.raw("Scenario `");
    w.markdown(sc.name);
    w.raw("`, store `");
    w.raw(sim.store().kind());
    if (sc.service.storeEngine != StoreEngine::Sql) {
        w.raw("`, store engine `");
        w.raw(storeEngineName(sc.service.storeEngine));
    }
    w.raw("`, seed ");
    w.unsignedInteger(sc.seed);
    w.raw(", profile `");
    w.raw(profileName(sc.service.profile));
    w.raw("`, strategy `");
    w.raw(strategyName(sc.service.strategy));
    w.raw("`");
    // SPEC §16's fields, named when they are not the profile's own (the first four profiles' reports read as before).
    const ServicePolicy defaults = ServicePolicy::forProfile(sc.service.profile);
    if (sc.service.keyScope != defaults.keyScope) {
        w.raw(", key scope `");
        w.raw(keyScopeName(sc.service.keyScope));
        w.raw("`");
    }
    if (sc.service.fingerprintForm != defaults.fingerprintForm) {
        w.raw(", fingerprint form `");
        w.raw(fingerprintFormName(sc.service.fingerprintForm));
        w.raw("`");
    }
    if (sc.service.fingerprintParts != defaults.fingerprintParts) {
        w.raw(", fingerprint parts `");
        bool first = true;
        for (const FingerprintPart part : kFingerprintParts) {
            if (!(sc.service.fingerprintParts & part))
                continue;
            w.raw(first ? "" : "+");
            w.raw(fingerprintPartName(part));
            first = false;
        }
        w.raw("`");
    }
    if (sc.service.inProgressWaitMs != defaults.inProgressWaitMs && sc.service.inProgressWaitMs) {
        w.raw(", waits up to ");
        w.integer(*sc.service.inProgressWaitMs);
        w.raw(" ms for a record in progress");
    }
    w.raw(".\n\n");
    w.raw("## Summary\n\n| figure | value |\n|---|---:|\n| intents | ");
    w.integer(s.intents);
    w.raw(" |\n| requests | ");
    w.integer(s.requests);
    w.raw(" |\n| effects | ");
    w.integer(s.effects);
    w.raw(" |\n| duplicate effects | ");
    w.integer(s.duplicateEffects);
    w.raw(s.duplicateEffects > 0 ? " ⚠" : "");
    w.raw(" |\n| intents with duplicates | ");
    w.integer(s.intentsWithDuplicates);
    w.raw(" |\n");
    for (std::size_t h = 0; h < s.duplicateEffectsByHop.size(); ++h) {
        w.raw("| duplicate effects at `");
        w.markdown(sc.hopName(static_cast<int>(h)));
        w.raw("` | ");
        w.integer(s.duplicateEffectsByHop[h]);
        w.raw(s.duplicateEffectsByHop[h] > 0 ? " ⚠" : "");
        w.raw(" |\n");
    }
    for (const auto& [name, count] : s.decisions) {
        w.raw("| `");
        w.raw(name);
        w.raw("` | ");
        w.integer(count);
        w.raw(" |\n");
    }
    const bool route = sim.hasRoute();
    if (route)
        w.raw("\n## Requests\n\n| id | intent | client | attempt | sent | arrived | decided | key | fingerprint | "
              "decision | status | client outcome | reason | hop | parent "
              "|\n|---|---|---|---:|---:|---:|---:|---|---|---|---:|---|---|---|---|\n");
    else
        w.raw("\n## Requests\n\n| id | intent | client | attempt | sent | arrived | decided | key | fingerprint | "
              "decision | status | client outcome | reason "
              "|\n|---|---|---|---:|---:|---:|---:|---|---|---|---:|---|---|\n");
    for (std::size_t i = 0; i < sim.requests().size(); ++i) {
        const RequestRow& r = sim.requests()[i];
        const auto lane = static_cast<std::size_t>(laneOf(r));
        w.raw("| r");
        w.integer(static_cast<std::int64_t>(i) + 1);
        w.raw(" | ");
        names.intent(w, r.intent);
        w.raw(" | ");
        w.raw(names.client(r.client));
        w.raw(" | ");
        w.integer(r.attempt);
        w.raw(" | ");
        w.orEmpty(r.sent);
        w.raw(" | ");
        w.orEmpty(r.arrived);
        w.raw(" | ");
        w.orEmpty(r.decided);
        w.raw(" | ");
        if (r.hasKey) {
            char buf[kUuidText];
            w.markdown(scopes.key(lane, buf));
        }
        w.raw(" | `");
        w.raw(
            std::string_view(route ? sim.requestFingerprint(static_cast<int>(i)) : names.fingerprint(r)).substr(0, 12));
        w.raw("` | ");
        if (r.decision)
            w.raw(names.decision(*r.decision));
        w.raw(" | ");
        w.orEmpty(r.status);
        w.raw(" | ");
        if (r.outcome)
            w.raw(names.outcome(*r.outcome));
        w.raw(" | ");
        if (r.decision && route)
            w.markdown(sim.text(sim.requestReason(static_cast<int>(i))));
        else if (r.decision)
            w.raw(names.reason(r));
        if (route) {
            w.raw(" | ");
            w.markdown(sc.hopName(sim.hopOf(static_cast<int>(i))));
            w.raw(" | ");
            if (const int parent = sim.parentOf(static_cast<int>(i)); parent >= 0) {
                w.ch('r');
                w.integer(static_cast<std::int64_t>(parent) + 1);
            }
        }
        w.raw(" |\n");
        w.row();
    }
    w.flush();
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

namespace {
// One figure an `expect` names ("effects", "decisions.created", "duplicate_effects_by_hop.provider", …) in `s`.
std::int64_t summaryFigure(const Scenario& scenario, const RunSummary& s, const std::string& name)
{
    if (name == "intents")
        return s.intents;
    if (name == "requests")
        return s.requests;
    if (name == "effects")
        return s.effects;
    if (name == "duplicate_effects")
        return s.duplicateEffects;
    if (name == "intents_with_duplicates")
        return s.intentsWithDuplicates;
    if (name.rfind("duplicate_effects_by_hop.", 0) == 0) {
        const std::string hop = name.substr(25);
        for (int h = 0; h < scenario.hopCount() && h < static_cast<int>(s.duplicateEffectsByHop.size()); ++h) {
            if (scenario.hopName(h) == hop)
                return s.duplicateEffectsByHop[static_cast<std::size_t>(h)];
        }
        return 0;
    }
    if (name.rfind("decisions.", 0) == 0) {
        const auto it = s.decisions.find(name.substr(10));
        return it == s.decisions.end() ? 0 : it->second;
    }
    return 0;
}
} // namespace

std::vector<std::string> checkExpectations(const Scenario& scenario, const RunSummary& s)
{
    std::vector<std::string> failures;
    for (const auto& [name, expected] : scenario.expect) {
        const std::int64_t actual = summaryFigure(scenario, s, name);
        if (actual != expected)
            failures.push_back(name + ": expected " + std::to_string(expected) + ", got " + std::to_string(actual));
    }
    return failures;
}

std::string formatStepInstant(Millis ms)
{
    const auto two = [](Millis v) { return (v < 10 ? "0" : "") + std::to_string(v); };
    const Millis milli = ms % 1000;
    const std::string fraction = (milli < 100 ? (milli < 10 ? "00" : "0") : "") + std::to_string(milli);
    const Millis seconds = ms / 1000 % 60, minutes = ms / 60'000 % 60, hours = ms / 3'600'000;
    if (ms < 60'000)
        return std::to_string(ms / 1000) + '.' + fraction + " s";
    if (ms < 3'600'000)
        return std::to_string(minutes) + " min " + two(seconds) + '.' + fraction;
    return std::to_string(hours) + " h " + two(minutes) + " min " + two(seconds) + '.' + fraction;
}

LessonCheck::LessonCheck(const Scenario& scenario)
    : m_scenario(scenario)
    , m_steps(scenario.lesson.size())
{
}

void LessonCheck::observe(Simulation& sim)
{
    const std::optional<Millis> next = sim.nextEventTime();
    while (m_next < m_steps && (!next || m_scenario.lesson[m_next].atMs < *next)) {
        const LessonStep& step = m_scenario.lesson[m_next];
        const std::size_t number = ++m_next;
        if (!step.expect)
            continue;
        const LessonExpect& e = *step.expect;
        const std::string where
            = "lesson step " + std::to_string(number) + " (t = " + formatStepInstant(step.atMs) + "): ";
        if (!e.figures.empty()) {
            const RunSummary summary = sim.summary();
            for (const auto& [name, expected] : e.figures) {
                const std::int64_t actual = summaryFigure(m_scenario, summary, name);
                if (actual != expected)
                    m_failures.push_back(
                        where + name + ' ' + std::to_string(actual) + ", expected " + std::to_string(expected));
            }
        }
        for (const LessonExpect::Request& r : e.requests) {
            const bool sent = r.index < static_cast<int>(sim.requests().size());
            const RequestRow* row = sent ? &sim.requests()[static_cast<std::size_t>(r.index)] : nullptr;
            const std::string id = "r" + std::to_string(r.index + 1);
            if (!r.decision.empty()) {
                const std::string actual
                    = row && row->decision ? std::string(decisionName(*row->decision)) : std::string("none");
                if (actual != r.decision)
                    m_failures.push_back(where + id + " decision " + actual + ", expected " + r.decision);
            }
            if (!r.clientOutcome.empty()) {
                const std::string actual
                    = row && row->outcome ? std::string(clientOutcomeName(*row->outcome)) : std::string("none");
                if (actual != r.clientOutcome)
                    m_failures.push_back(where + id + " client_outcome " + actual + ", expected " + r.clientOutcome);
            }
        }
        for (const LessonExpect::RecordState& r : e.records) {
            std::vector<std::string> states;
            for (int hop = 0; hop < m_scenario.hopCount(); ++hop) {
                sim.hopStore(hop).visitRecords([&](const Record& rec) {
                    if (rec.scope.key == r.key && (!r.actor || rec.scope.actor == *r.actor))
                        states.emplace_back(stateName(effectiveState(rec, step.atMs, m_scenario.hopService(hop))));
                });
            }
            const std::string label = "record " + r.key + (r.actor ? " (actor " + *r.actor + ")" : std::string());
            if (r.state == "absent") {
                if (!states.empty())
                    m_failures.push_back(where + label + ' ' + states.front() + ", expected absent");
                continue;
            }
            if (states.empty()) {
                m_failures.push_back(where + label + " absent, expected " + r.state);
                continue;
            }
            for (const std::string& actual : states) {
                if (actual != r.state) {
                    m_failures.push_back(where + label + ' ' + actual + ", expected " + r.state);
                    break;
                }
            }
        }
    }
}

} // namespace iw
