// The report writers. Numbers and strings are written with the same JSON rules as the fingerprint, so both stores
// give byte-identical reports.
#include "report.h"

#include "json.h"
#include "nametable.h"
#include "packeduuid.h"

#include <absl/container/flat_hash_map.h>

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
        : m_out(&out)
        , m_buf(new char[kCapacity])
        , m_pos(m_buf.get())
        , m_end(m_buf.get() + kCapacity)
    {
    }
    // Into a string instead (a served report's slices): flush() appends what is buffered to it.
    explicit Writer(std::string& out)
        : m_text(&out)
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
        emit(m_buf.get(), static_cast<std::size_t>(m_pos - m_buf.get()));
        m_pos = m_buf.get();
    }
    // Bytes buffered, not yet flushed.
    std::size_t buffered() const { return static_cast<std::size_t>(m_pos - m_buf.get()); }

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
            emit(s.data(), s.size());
            return;
        }
        std::memcpy(m_pos, s.data(), s.size());
        m_pos += s.size();
    }

    void emit(const char* data, std::size_t size)
    {
        if (m_text)
            m_text->append(data, size);
        else
            m_out->write(data, static_cast<std::streamsize>(size));
    }

    std::ostream* m_out = nullptr;
    std::string* m_text = nullptr;
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

// The names a report writes: decisions, outcomes and explanation sentences are few and styled once; clients, actors,
// operations, intent names (a base, then "#<repetition>") and fingerprints are styled as they are written, since a
// served run has one of some of them per request and a cache of them grew with the report.
class Names {
public:
    Names(const Simulation& sim, Style style)
        : m_sim(sim)
        , m_style(style)
    {
        for (int d = 0; d < DecisionCount; ++d)
            m_decisions[static_cast<std::size_t>(d)] = styled(style, decisionName(static_cast<Decision>(d)));
        for (int o = 0; o < ClientOutcomeCount; ++o)
            m_outcomes[static_cast<std::size_t>(o)] = styled(style, clientOutcomeName(static_cast<ClientOutcome>(o)));
    }

    void text(Writer& w, std::string_view s) const
    {
        switch (m_style) {
        case Style::Json:
            w.jsonString(s);
            break;
        case Style::Csv:
            w.csv(s);
            break;
        case Style::Markdown:
            w.markdown(s);
            break;
        }
    }
    void client(Writer& w, int c) const { text(w, m_sim.clientId(c)); }
    void name(Writer& w, std::uint32_t n) const { text(w, m_sim.scopes().nameText(n)); }
    void intent(Writer& w, int intent)
    {
        const IntentRow& row = m_sim.intents()[static_cast<std::size_t>(intent)];
        const std::string_view base = m_sim.intentBases()[static_cast<std::size_t>(row.base)];
        if (row.repetition == 0) {
            text(w, base);
            return;
        }
        // "#" and digits need no escaping or quoting: the whole name styles as its base does.
        m_scratch.assign(base);
        char digits[12];
        m_scratch += '#';
        m_scratch.append(digits, std::to_chars(digits, digits + sizeof digits, row.repetition).ptr);
        text(w, m_scratch);
    }
    // 64 hex digits: nothing to escape or quote in any style.
    void fingerprint(Writer& w, const RequestRow& r) const
    {
        const std::string& hex = m_sim.fingerprint(r);
        if (m_style == Style::Json)
            w.ch('"');
        w.raw(hex);
        if (m_style == Style::Json)
            w.ch('"');
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
    std::string m_scratch;
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

void writeSummary(Writer& w, const RunSummary& s, const Scenario& sc, bool served)
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
    if (served) {
        // docs/reference/serve.md: effects across one suspected intent's keys, apart from the confirmed duplicates.
        w.raw(", \"suspected_intents\": ");
        w.integer(s.suspectedIntents);
        w.raw(", \"suspected_duplicate_effects\": ");
        w.integer(s.suspectedDuplicateEffects);
    }
    if (!s.duplicateEffectsByHop.empty()) {
        // docs/reference/routes.md: one member per hop in route order, `service` first.
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

// The JSON report in parts, so that a served report can be written a slice at a time while the service goes on
// (docs/reference/serve.md: writing it never holds other connections, and its memory does not grow with its length).
// Everything it says is as of the instant it was begun ("live"): the requests, effects and events then (their counts
// bound them, as each only grows); the rows that could still change then — an attempt not decided yet, or whose outcome
// its client has not learned — copied, a few at most; the suspected intents' grouping copied as bits; the summary
// counted then; the records from the store's snapshot where it keeps one, else listed at the start. Not live (run,
// the file serve writes when it stops), nothing changes while it is written and nothing is copied.
class JsonReport {
public:
    JsonReport(Simulation& sim, bool live, bool summaryOnly)
        : m_sim(sim)
        , m_names(sim, Style::Json)
        , m_live(live)
        , m_summaryOnly(summaryOnly)
        , m_served(sim.hasServedEntries())
        , m_requests(sim.requests().size())
        , m_effects(sim.effects().size())
        , m_events(sim.events().size())
        , m_intents(sim.intents().size())
        , m_end(sim.endTime())
    {
        const Scenario& sc = sim.scenario();
        // Live, nothing here walks a row per request: the rows that may still change come from the simulation's
        // list of them, and the summary is counted in parts before the head (Part::Prepare), each a turn of the
        // server's event loop, as of this instant all the same (issue 41: a report at 500,000 requests held every
        // other connection for 80 ms before its first byte). With a route the summary is counted here, at once.
        if (live && !sim.hasRoute()) {
            m_summary.intents = static_cast<std::int64_t>(m_intents);
            m_summary.effects = static_cast<std::int64_t>(m_effects);
            m_part = Part::Prepare;
        } else {
            m_summary = sim.summary();
        }
        if (live) {
            const auto& rows = sim.requests();
            if (sim.tracksOpenRequests()) {
                for (const std::uint32_t i : sim.openRequests()) {
                    if (i < m_requests && Simulation::requestMayChange(rows[i]))
                        m_frozenRows.emplace(i, rows[i]);
                }
            } else {
                for (std::size_t i = 0; i < m_requests; ++i) {
                    if (Simulation::requestMayChange(rows[i]))
                        m_frozenRows.emplace(static_cast<std::uint32_t>(i), rows[i]);
                }
            }
            m_mixed.resize(sim.suspectedGroupCount());
            for (std::size_t g = 0; g < m_mixed.size(); ++g) {
                m_mixed[g] = sim.suspectedGroupMixed(static_cast<int>(g));
                // A group's first request is set once, as it is sent: one sent after this instant is not counted.
                const int first = sim.suspectedGroupFirst(static_cast<int>(g));
                if (m_mixed[g] && first >= 0 && static_cast<std::size_t>(first) < m_requests)
                    ++m_suspectedIntents;
            }
        }
        if (summaryOnly)
            return;
        for (int hop = 0; hop < sc.hopCount(); ++hop)
            m_tombstones.push_back(sim.hopStore(hop).tombstones());
        if (!live)
            return;
        for (int hop = 0; hop < sc.hopCount(); ++hop) {
            std::unique_ptr<IdempotencyStore::RecordSnapshot> snapshot = sim.hopStore(hop).snapshotRecords();
            if (!snapshot) {
                // A store that keeps no snapshot (PostgreSQL): its records as they are now, written out at once, each
                // after a separator (records() drops the first one's when it opens the list).
                std::string& held = m_heldRecords.emplace_back();
                Writer w(held);
                m_first = false;
                sim.hopStore(hop).visitRecords([&](const Record& rec) { record(w, rec, hop); });
                m_first = true;
                w.flush();
            } else {
                m_heldRecords.emplace_back();
            }
            m_snapshots.push_back(std::move(snapshot));
        }
    }

    // Whether the last step did work without writing (a part of the summary counted): the caller yields to its
    // event loop before the next (ReportStream::writeSome).
    bool takeYield() { return std::exchange(m_yield, false); }

    // Writes the next part into `w` (at most a few hundred rows); false once the report is complete.
    bool step(Writer& w)
    {
        const Scenario& sc = m_sim.scenario();
        switch (m_part) {
        case Part::Prepare:
            prepare();
            m_yield = true;
            return true;
        case Part::Head:
            w.raw("{\n\"format\": \"idempotency-workbench/report@1\",\n\"scenario\": ");
            w.jsonString(sc.name);
            w.raw(", \"store\": ");
            w.jsonString(m_sim.store().kind());
            // The engine (docs/manual/stores.md) is written when it is not the default `sql`, so every report of the
            // sql engine stays as it was.
            if (sc.service.storeEngine != StoreEngine::Sql) {
                w.raw(", \"store_engine\": ");
                w.jsonString(storeEngineName(sc.service.storeEngine));
            }
            w.raw(", \"seed\": ");
            w.unsignedInteger(sc.seed);
            w.raw(",\n\"summary\": ");
            writeSummary(w, m_summary, sc, m_served);
            if (m_summaryOnly) {
                w.raw("\n}\n");
                m_part = Part::Done;
                return false;
            }
            w.raw(",\n\"requests\": [");
            next(Part::Requests);
            return true;
        case Part::Requests:
            for (std::size_t n = 0; m_next < m_requests && n < kRowsPerStep; ++m_next, ++n)
                request(w, m_next);
            if (m_next == m_requests) {
                w.raw("\n],\n\"records\": [");
                next(Part::Records);
            }
            return true;
        case Part::Records:
            records(w);
            return true;
        case Part::Tombstones:
            for (std::size_t hop = 0; hop < m_tombstones.size(); ++hop) {
                for (const Tombstone& t : m_tombstones[hop])
                    tombstone(w, t, static_cast<int>(hop));
            }
            w.raw("\n],\n\"effects\": [");
            next(Part::Effects);
            return true;
        case Part::Effects:
            for (std::size_t n = 0; m_next < m_effects && n < kRowsPerStep; ++m_next, ++n)
                effect(w, m_next);
            if (m_next == m_effects) {
                w.raw("\n],\n\"events\": [");
                for (std::size_t k = 0; k < m_kinds.size(); ++k)
                    m_kinds[k] = styled(Style::Json, eventKindName(static_cast<EventKind>(k)));
                next(Part::Events);
            }
            return true;
        case Part::Events:
            for (std::size_t n = 0; m_next < m_events && n < kRowsPerStep; ++m_next, ++n)
                event(w, m_next);
            if (m_next == m_events) {
                w.raw("\n]\n}\n");
                m_part = Part::Done;
            }
            return m_part != Part::Done;
        case Part::Done:
            return false;
        }
        return false;
    }

private:
    static constexpr std::size_t kRowsPerStep = 256;
    // Rows per part of the summary counted before the head (Part::Prepare): a fraction of a millisecond.
    static constexpr std::size_t kRowsPerCount = 16384;
    enum class Part { Prepare, Head, Requests, Records, Tombstones, Effects, Events, Done };
    enum class Count { Decisions, SuspectedDuplicates, Duplicates };

    // A row as of the report's start: its copy if it could still change then.
    const RequestRow& requestRow(std::size_t i) const
    {
        const auto frozen = m_live ? m_frozenRows.find(static_cast<std::uint32_t>(i)) : m_frozenRows.end();
        return frozen != m_frozenRows.end() ? frozen->second : m_sim.requests()[i];
    }

    // The next part of the live summary, as Simulation::summary() counts it of the instant the report began (no
    // route): decisions of the rows then (as their lines will say), suspected duplicates among the effects then, and
    // duplicates per intent then — an intent's effects now less those that came after the start.
    void prepare()
    {
        switch (m_count) {
        case Count::Decisions: {
            const std::size_t end = std::min(m_requests, m_next + kRowsPerCount);
            for (; m_next < end; ++m_next) {
                if (const RequestRow& r = requestRow(m_next); r.decision)
                    ++m_byKind[static_cast<std::size_t>(*r.decision)];
            }
            if (m_next == m_requests) {
                m_count = Count::SuspectedDuplicates;
                m_next = 0;
            }
            return;
        }
        case Count::SuspectedDuplicates: {
            const std::size_t end = std::min(m_effects, m_next + kRowsPerCount);
            for (; m_next < end; ++m_next) {
                const EffectInfo& e = m_sim.effects()[m_next];
                if (e.hop == 0 && e.afterSuspectedFirst && suspectedIntent(e.request) >= 0)
                    ++m_summary.suspectedDuplicateEffects;
            }
            if (m_next == m_effects) {
                m_count = Count::Duplicates;
                m_next = 0;
                m_lateEffects = m_effects;
            }
            return;
        }
        case Count::Duplicates: {
            const auto& effects = m_sim.effects();
            for (; m_lateEffects < effects.size(); ++m_lateEffects) {
                if (const int intent = effects[m_lateEffects].intent;
                    effects[m_lateEffects].hop == 0 && static_cast<std::size_t>(intent) < m_intents)
                    ++m_lateByIntent[intent];
            }
            const std::size_t end = std::min(m_intents, m_next + kRowsPerCount);
            for (; m_next < end; ++m_next) {
                std::int64_t count = m_sim.intents()[m_next].effects;
                if (const auto late = m_lateByIntent.find(static_cast<int>(m_next)); late != m_lateByIntent.end())
                    count -= late->second;
                if (count > 1) {
                    m_summary.duplicateEffects += count - 1;
                    ++m_summary.intentsWithDuplicates;
                }
            }
            if (m_next < m_intents)
                return;
            for (int d = 0; d < DecisionCount; ++d) {
                if (const std::int64_t n = m_byKind[static_cast<std::size_t>(d)]; n > 0) {
                    m_summary.requests += n;
                    m_summary.decisions[std::string(decisionName(static_cast<Decision>(d)))] = n;
                }
            }
            m_summary.suspectedIntents = m_suspectedIntents;
            m_lateByIntent = {};
            next(Part::Head);
            return;
        }
        }
    }
    void next(Part part)
    {
        m_part = part;
        m_next = 0;
        m_first = true;
    }

    // The suspected intent of a request as of the report's start: its group's first request, or -1.
    int suspectedIntent(int request) const
    {
        const int g = m_sim.suspectedGroupOf(request);
        if (g < 0)
            return -1;
        const bool mixed = m_live ? static_cast<std::size_t>(g) < m_mixed.size() && m_mixed[static_cast<std::size_t>(g)]
                                  : m_sim.suspectedGroupMixed(g);
        return mixed ? m_sim.suspectedGroupFirst(g) : -1;
    }

    void request(Writer& w, std::size_t i)
    {
        const RequestRow& r = requestRow(i);
        const ScopeTable& scopes = m_sim.scopes();
        const auto lane = static_cast<std::size_t>(laneOf(r));
        w.raw(i ? ",\n{\"id\": " : "\n{\"id\": ");
        jsonId(w, 'r', static_cast<int>(i));
        w.raw(", \"intent\": ");
        m_names.intent(w, r.intent);
        w.raw(", \"client\": ");
        m_names.client(w, r.client);
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
        m_names.name(w, scopes.actorName(lane));
        w.raw(", \"operation\": ");
        m_names.name(w, scopes.operationName(lane));
        w.raw(", \"key\": ");
        if (r.hasKey) {
            char buf[kUuidText];
            w.jsonString(scopes.key(lane, buf));
        } else {
            w.raw("null");
        }
        w.raw(", \"fingerprint\": ");
        if (m_sim.hasRoute())
            w.jsonString(m_sim.requestFingerprint(static_cast<int>(i))); // each hop fingerprints by its own selection
        else
            m_names.fingerprint(w, r);
        w.raw(", \"decision\": ");
        w.raw(r.decision ? std::string_view(m_names.decision(*r.decision)) : std::string_view("null"));
        w.raw(", \"status\": ");
        w.orNull(r.status);
        w.raw(", \"reason\": ");
        if (r.decision && m_sim.hasRoute())
            w.jsonString(m_sim.text(m_sim.requestReason(static_cast<int>(i)))); // under its hop's policy
        else
            w.raw(r.decision ? std::string_view(m_names.reason(r)) : std::string_view("null"));
        w.raw(", \"client_outcome\": ");
        // An attempt the client has not learned about yet (a report of a run so far) has no outcome to name.
        w.raw(r.outcome ? std::string_view(m_names.outcome(*r.outcome)) : std::string_view("null"));
        if (m_served) {
            // docs/reference/serve.md: the request whose arrival names its suspected intent, null when alone.
            w.raw(", \"suspected_intent\": ");
            if (const int first = suspectedIntent(static_cast<int>(i)); first >= 0)
                jsonId(w, 'r', first);
            else
                w.raw("null");
        }
        if (m_sim.hasRoute()) {
            // docs/reference/routes.md: the hop it reached and the request whose handler sent it (null for a client's).
            w.raw(", \"hop\": ");
            w.jsonString(m_sim.scenario().hopName(m_sim.hopOf(static_cast<int>(i))));
            w.raw(", \"parent\": ");
            if (const int parent = m_sim.parentOf(static_cast<int>(i)); parent >= 0)
                jsonId(w, 'r', parent);
            else
                w.raw("null");
        }
        w.ch('}');
        w.row();
    }

    void record(Writer& w, const Record& rec, int hop)
    {
        const Scenario& sc = m_sim.scenario();
        w.raw(m_first ? "\n{\"actor\": " : ",\n{\"actor\": ");
        m_first = false;
        w.jsonString(rec.scope.actor);
        w.raw(", \"operation\": ");
        w.jsonString(rec.scope.operation);
        w.raw(", \"key\": ");
        w.jsonString(rec.scope.key);
        w.raw(", \"state\": ");
        w.jsonString(stateName(effectiveState(rec, m_end, sc.hopService(hop))));
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
        if (m_sim.hasRoute()) {
            w.raw(", \"hop\": ");
            w.jsonString(sc.hopName(hop));
        }
        w.ch('}');
        w.row();
    }

    // One hop's records per step (a snapshot's a few hundred at a time); with a route, every hop's store in route
    // order, each record naming its hop (docs/reference/routes.md).
    void records(Writer& w)
    {
        const Scenario& sc = m_sim.scenario();
        if (m_hop >= sc.hopCount()) {
            w.raw("\n],\n\"tombstones\": [");
            next(Part::Tombstones);
            return;
        }
        const int hop = m_hop;
        const auto visit = [&](const Record& rec) { record(w, rec, hop); };
        if (!m_live) {
            m_sim.hopStore(hop).visitRecords(visit);
            ++m_hop;
            return;
        }
        const auto h = static_cast<std::size_t>(hop);
        if (m_snapshots[h]) {
            if (!m_sim.hopStore(hop).visitSnapshot(*m_snapshots[h], kRowsPerStep, visit)) {
                m_snapshots[h].reset();
                ++m_hop;
            }
            return;
        }
        if (!m_heldRecords[h].empty()) {
            // Written at the start with a leading separator each; the first of the report's records has none.
            std::string_view held = m_heldRecords[h];
            if (m_first)
                held.remove_prefix(1); // the ','
            w.raw(held);
            m_first = false;
            std::string().swap(m_heldRecords[h]);
        }
        ++m_hop;
    }

    void tombstone(Writer& w, const Tombstone& t, int hop)
    {
        w.raw(!m_first ? ",\n{\"actor\": " : "\n{\"actor\": ");
        m_first = false;
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
        if (m_sim.hasRoute()) {
            w.raw(", \"hop\": ");
            w.jsonString(m_sim.scenario().hopName(hop));
        }
        w.ch('}');
        w.row();
    }

    void effect(Writer& w, std::size_t i)
    {
        const EffectInfo& e = m_sim.effects()[i];
        w.raw(i ? ",\n{\"id\": " : "\n{\"id\": ");
        jsonId(w, 'e', static_cast<int>(i));
        w.raw(", \"intent\": ");
        m_names.intent(w, e.intent);
        w.raw(", \"request\": ");
        jsonId(w, 'r', e.request);
        w.raw(", \"at_ms\": ");
        w.integer(e.at);
        w.raw(e.duplicate ? ", \"duplicate\": true" : ", \"duplicate\": false");
        if (m_served) {
            // After the first effect of its request's suspected intent (docs/reference/serve.md).
            const bool suspected = e.hop == 0 && e.afterSuspectedFirst && suspectedIntent(e.request) >= 0;
            w.raw(suspected ? ", \"suspected_duplicate\": true" : ", \"suspected_duplicate\": false");
        }
        if (m_sim.hasRoute()) {
            w.raw(", \"hop\": ");
            w.jsonString(m_sim.scenario().hopName(e.hop));
        }
        w.ch('}');
        w.row();
    }

    void event(Writer& w, std::size_t i)
    {
        const LifecycleEvent e = m_sim.events()[i];
        const ScopeTable& scopes = m_sim.scopes();
        w.raw(i ? ",\n{\"t_ms\": " : "\n{\"t_ms\": ");
        w.integer(e.t);
        w.raw(", \"kind\": ");
        w.raw(m_kinds[static_cast<std::size_t>(e.kind)]);
        w.raw(", \"request\": ");
        if (e.request >= 0)
            jsonId(w, 'r', e.request);
        else
            w.raw("null");
        if (isScopeEvent(e.kind) && e.scope >= 0) {
            const auto s = static_cast<std::size_t>(e.scope);
            char buf[kUuidText];
            w.raw(", \"actor\": ");
            m_names.name(w, scopes.actorName(s));
            w.raw(", \"operation\": ");
            m_names.name(w, scopes.operationName(s));
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

    Simulation& m_sim;
    Names m_names;
    bool m_live;
    bool m_summaryOnly;
    bool m_served;
    RunSummary m_summary;
    std::size_t m_requests;
    std::size_t m_effects;
    std::size_t m_events;
    std::size_t m_intents;
    Millis m_end;
    // The live summary's counting (prepare()).
    Count m_count = Count::Decisions;
    std::array<std::int64_t, DecisionCount> m_byKind {};
    std::int64_t m_suspectedIntents = 0;
    std::size_t m_lateEffects = 0; // effects after the start looked at so far
    absl::flat_hash_map<int, std::int64_t> m_lateByIntent;
    bool m_yield = false;
    absl::flat_hash_map<std::uint32_t, RequestRow> m_frozenRows;
    std::vector<bool> m_mixed;
    std::vector<std::unique_ptr<IdempotencyStore::RecordSnapshot>> m_snapshots;
    std::vector<std::string> m_heldRecords;
    std::vector<std::vector<Tombstone>> m_tombstones;
    std::array<std::string, EventKindCount> m_kinds;
    Part m_part = Part::Head;
    std::size_t m_next = 0;
    int m_hop = 0;
    bool m_first = true;
};

void writeJson(Simulation& sim, std::ostream& out)
{
    Writer w(out);
    JsonReport report(sim, false, false);
    while (report.step(w)) { }
    w.flush();
}

void writeCsv(Simulation& sim, std::ostream& out)
{
    Writer w(out);
    Names names(sim, Style::Csv);
    const ScopeTable& scopes = sim.scopes();
    const bool route = sim.hasRoute();
    const bool served = sim.hasServedEntries();
    w.raw("id,intent,client,attempt,copy,sent_ms,arrived_ms,decided_ms,actor,operation,key,fingerprint,decision,"
          "status,reason,client_outcome");
    if (served)
        w.raw(",suspected_intent");
    w.raw(route ? ",hop,parent\n" : "\n");
    for (std::size_t i = 0; i < sim.requests().size(); ++i) {
        const RequestRow& r = sim.requests()[i];
        const auto lane = static_cast<std::size_t>(laneOf(r));
        w.ch('r');
        w.integer(static_cast<std::int64_t>(i) + 1);
        w.ch(',');
        names.intent(w, r.intent);
        w.ch(',');
        names.client(w, r.client);
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
        names.name(w, scopes.actorName(lane));
        w.ch(',');
        names.name(w, scopes.operationName(lane));
        w.ch(',');
        if (r.hasKey) {
            char buf[kUuidText];
            w.csv(scopes.key(lane, buf));
        }
        w.ch(',');
        if (route)
            w.csv(sim.requestFingerprint(static_cast<int>(i)));
        else
            names.fingerprint(w, r);
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
        if (served) {
            w.ch(',');
            if (const int first = sim.suspectedIntentOf(static_cast<int>(i)); first >= 0) {
                w.ch('r');
                w.integer(static_cast<std::int64_t>(first) + 1);
            }
        }
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
    if (served) {
        w.raw("\nsuspected_intents,");
        w.integer(s.suspectedIntents);
        w.raw("\nsuspected_duplicate_effects,");
        w.integer(s.suspectedDuplicateEffects);
    }
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
    // docs/reference/decisions.md#profiles's fields, named when they are not the profile's own (the first four
    // profiles' reports read as before).
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
    const bool served = sim.hasServedEntries();
    if (served) {
        // docs/reference/serve.md: across one suspected intent's keys; a person may order twice on purpose, so kept
        // apart.
        w.raw("| suspected intents | ");
        w.integer(s.suspectedIntents);
        w.raw(" |\n| suspected duplicate effects | ");
        w.integer(s.suspectedDuplicateEffects);
        w.raw(s.suspectedDuplicateEffects > 0 ? " ⚠" : "");
        w.raw(" |\n");
    }
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
    w.raw("\n## Requests\n\n| id | intent | client | attempt | sent | arrived | decided | key | fingerprint | "
          "decision | status | client outcome | reason ");
    w.raw(served ? "| suspected intent " : "");
    w.raw(route ? "| hop | parent " : "");
    w.raw("|\n|---|---|---|---:|---:|---:|---:|---|---|---|---:|---|---|");
    w.raw(served ? "---|" : "");
    w.raw(route ? "---|---|\n" : "\n");
    for (std::size_t i = 0; i < sim.requests().size(); ++i) {
        const RequestRow& r = sim.requests()[i];
        const auto lane = static_cast<std::size_t>(laneOf(r));
        w.raw("| r");
        w.integer(static_cast<std::int64_t>(i) + 1);
        w.raw(" | ");
        names.intent(w, r.intent);
        w.raw(" | ");
        names.client(w, r.client);
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
        w.raw(std::string_view(route ? sim.requestFingerprint(static_cast<int>(i)) : sim.fingerprint(r)).substr(0, 12));
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
        if (served) {
            w.raw(" | ");
            if (const int first = sim.suspectedIntentOf(static_cast<int>(i)); first >= 0) {
                w.ch('r');
                w.integer(static_cast<std::int64_t>(first) + 1);
            }
        }
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

// "markdown" is read as "md" too.
constexpr auto s_reportFormatNames = nameTable<ReportFormat>({
    { ReportFormat::Json, "json" },
    { ReportFormat::Csv, "csv" },
    { ReportFormat::Markdown, "md" },
    { ReportFormat::Markdown, "markdown" },
});

std::optional<ReportFormat> reportFormatFromName(std::string_view name)
{
    return valueOf(s_reportFormatNames, name);
}

struct ReportStream::Impl {
    Impl(Simulation& sim, bool summaryOnly)
        : writer(staging)
        , report(sim, true, summaryOnly)
    {
    }
    std::string staging;
    Writer writer;
    JsonReport report;
    bool more = true;
};

ReportStream::ReportStream(Simulation& simulation, bool summaryOnly)
    : m_impl(std::make_unique<Impl>(simulation, summaryOnly))
{
}

ReportStream::~ReportStream() = default;

bool ReportStream::writeSome(std::string& out, std::size_t bytes)
{
    Impl& i = *m_impl;
    while (i.more && i.staging.size() + i.writer.buffered() < bytes) {
        i.more = i.report.step(i.writer);
        if (i.report.takeYield())
            break; // a part of the summary was counted: the server serves others before the next
    }
    i.writer.flush();
    out.append(i.staging);
    i.staging.clear();
    return i.more;
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
