// The probe's outputs: plan, card (text and Markdown), probe@1 JSON and the scenario@1 recording.
#include "probereport.h"

#include "fingerprint.h"
#include "json.h"
#include "utf8.h"

#include <QByteArray>
#include <QDateTime>
#include <QString>

#include <algorithm>
#include <map>
#include <tuple>

namespace iw {

namespace {

bool sameName(std::string_view a, std::string_view b)
{
    return QString::fromUtf8(a.data(), static_cast<qsizetype>(a.size()))
               .compare(QString::fromUtf8(b.data(), static_cast<qsizetype>(b.size())), Qt::CaseInsensitive)
        == 0;
}

bool validUtf8(const std::string& s)
{
    const QByteArray bytes = QByteArray::fromStdString(s);
    return QString::fromUtf8(bytes).toUtf8() == bytes;
}

void str(std::string& out, std::string_view s)
{
    const std::string copy(s);
    if (validUtf8(copy))
        json::appendString(out, copy);
    else
        json::appendString(out, QString::fromUtf8(QByteArray::fromStdString(copy)).toStdString());
}

// A body as text for people: at most `limit` bytes, the rest counted.
std::string shortBody(const std::string& body, std::size_t limit = 160)
{
    std::string b = validUtf8(body) ? body : QString::fromUtf8(QByteArray::fromStdString(body)).toStdString();
    for (char& c : b)
        if (c == '\n' || c == '\r' || c == '\t')
            c = ' ';
    if (b.size() <= limit)
        return b;
    return std::string(utf8::prefixBytes(b, limit)) + "… (" + std::to_string(body.size()) + " bytes)";
}

std::string isoTime(Millis epochMs)
{
    return QDateTime::fromMSecsSinceEpoch(epochMs, Qt::UTC).toString(Qt::ISODateWithMs).toStdString();
}

std::string seconds(Millis ms)
{
    return QString::number(static_cast<double>(ms) / 1000.0, 'f', 2).toStdString() + " s";
}

std::string mdEscape(const std::string& s)
{
    std::string out;
    for (char c : s) {
        if (c == '|' || c == '\\' || c == '`' || c == '*' || c == '_' || c == '<' || c == '>' || c == '[' || c == ']')
            out += '\\';
        out += c == '\n' ? ' ' : c;
    }
    return out;
}

void headersJson(std::string& out, const HeaderList& headers)
{
    // An object of names to values; a name given twice has its values joined by ", " as HTTP allows.
    std::vector<std::pair<std::string, std::string>> merged;
    for (const auto& header : headers) {
        const std::string& n = header.first;
        const std::string shown = shownHeaderValue(n, header.second);
        auto it = std::find_if(merged.begin(), merged.end(), [&](const auto& m) { return sameName(m.first, n); });
        if (it == merged.end())
            merged.emplace_back(n, shown);
        else
            it->second += ", " + shown;
    }
    out += '{';
    for (std::size_t i = 0; i < merged.size(); ++i) {
        if (i)
            out += ", ";
        str(out, merged[i].first);
        out += ": ";
        str(out, merged[i].second);
    }
    out += '}';
}

} // namespace

std::string shownHeaderValue(std::string_view name, const std::string& value)
{
    if (sameName(name, "Authorization") || sameName(name, "Proxy-Authorization")) {
        const QString v = QString::fromStdString(value).trimmed();
        if (v.startsWith(QLatin1String("Bearer "), Qt::CaseInsensitive))
            return "Bearer token:" + sha256Hex(v.mid(7).trimmed().toStdString()).substr(0, 12);
        if (v.startsWith(QLatin1String("Basic "), Qt::CaseInsensitive)) {
            const QByteArray decoded = QByteArray::fromBase64(v.mid(6).trimmed().toLatin1());
            const qsizetype colon = decoded.indexOf(':');
            if (colon > 0)
                return "Basic user " + QString::fromUtf8(decoded.left(colon)).toStdString();
        }
        return "(hidden) sha256:" + sha256Hex(value).substr(0, 12);
    }
    if (sameName(name, "Cookie"))
        return "(hidden) sha256:" + sha256Hex(value).substr(0, 12);
    return value;
}

std::string actorOfRequest(const HttpRequestOut& request)
{
    if (const std::string* auth = headerValue(request.headers, "Authorization")) {
        const std::string shown = shownHeaderValue("Authorization", *auth);
        if (shown.rfind("Bearer ", 0) == 0)
            return shown.substr(7);
        if (shown.rfind("Basic user ", 0) == 0)
            return shown.substr(11);
    }
    if (const std::string* a = headerValue(request.headers, "X-Actor"))
        return *a;
    return "anonymous";
}

std::string planText(const ProbePlan& plan, const ProbeOptions& o, const ProbeTarget& t)
{
    int running = 0;
    for (const PlannedCheck& p : plan.checks)
        running += p.notApplicable.empty() ? 1 : 0;
    std::string out = "probe plan: " + o.method + " " + t.url.toStdString() + " — " + std::to_string(running) + " of "
        + std::to_string(plan.checks.size()) + " checks, at most " + std::to_string(plan.requests) + " requests\n";
    for (const PlannedCheck& p : plan.checks) {
        std::string name(probeCheckName(p.check));
        name.resize(std::max<std::size_t>(name.size(), 22), ' ');
        if (!p.notApplicable.empty())
            out += "  " + name + "  not run: " + p.notApplicable + "\n";
        else
            out += "  " + name + "  " + std::to_string(p.requests) + (p.requests == 1 ? " request:  " : " requests: ")
                + p.what + "\n";
    }
    out += "  every request may create a real effect on the service; each has a deadline of "
        + std::to_string(o.timeoutMs / 1000) + " s\n";
    return out;
}

std::string cardText(const ProbeResult& r, const ProbeCard& card)
{
    int exchanges = 0;
    for (const CheckRun& run : r.runs)
        exchanges += static_cast<int>(run.exchanges.size());
    std::string out = "probe " + r.target.url.toStdString() + ": " + std::to_string(r.runs.size()) + " checks, "
        + std::to_string(exchanges) + " requests in " + seconds(r.wallMs) + (r.cancelled ? " (cancelled)" : "") + "\n";
    out += "verdicts against " + card.chosen + (card.chosenByUser ? " (--profile)" : " (the nearest profile)") + ":\n";
    for (const CheckVerdict& v : card.verdicts) {
        std::string verdict(verdictName(v.verdict));
        verdict.resize(15, ' ');
        std::string name(probeCheckName(v.check));
        name.resize(std::max<std::size_t>(name.size(), 22), ' ');
        const std::string pad(2 + 15 + 22, ' ');
        if (v.verdict == Verdict::NotApplicable) {
            out += "  " + verdict + name + v.observed + "\n";
            continue;
        }
        out += "  " + verdict + name + "expected: " + v.expected + "\n";
        out += pad + "observed: " + v.observed + "\n";
    }
    out += "behaviour:\n";
    for (const auto& [name, sentence] : card.behaviour) {
        std::string n = name;
        n.resize(std::max<std::size_t>(n.size(), 15), ' ');
        out += "  " + n + sentence + "\n";
    }
    if (!card.matches.empty()) {
        std::string m;
        for (const std::string& p : card.matches)
            m += (m.empty() ? "" : ", ") + p;
        out += "matches: " + m + "\n";
    } else {
        out += "matches no profile; nearest: " + card.nearest + ", differences:\n";
        for (const std::string& d : card.nearestDifferences)
            out += "  - " + d + "\n";
    }
    for (const std::string& n : card.notes)
        out += "note: " + n + "\n";
    return out;
}

std::string probeMarkdown(const ProbeResult& r, const ProbeCard& card)
{
    std::string out = "# Probe of " + mdEscape(r.target.url.toStdString()) + "\n\n";
    out += "Started " + isoTime(r.startedEpochMs) + ", " + seconds(r.wallMs) + ". Verdicts against **" + card.chosen
        + "**" + (card.chosenByUser ? " (chosen)" : " (the nearest profile)") + ".\n\n";
    out += "| check | verdict | expected | observed |\n|---|---|---|---|\n";
    for (const CheckVerdict& v : card.verdicts)
        out += "| " + mdEscape(std::string(probeCheckName(v.check))) + " | " + std::string(verdictName(v.verdict))
            + " | " + mdEscape(v.expected) + " | " + mdEscape(v.observed) + " |\n";
    out += "\n## Behaviour\n\n";
    for (const auto& [name, sentence] : card.behaviour)
        out += "- " + mdEscape(name) + ": " + mdEscape(sentence) + "\n";
    out += "\n## Profiles\n\n";
    if (!card.matches.empty()) {
        std::string m;
        for (const std::string& p : card.matches)
            m += (m.empty() ? "" : ", ") + p;
        out += "Matches: " + m + ".\n";
    } else {
        out += "Matches no profile. Nearest: **" + card.nearest + "**, differences:\n\n";
        for (const std::string& d : card.nearestDifferences)
            out += "- " + mdEscape(d) + "\n";
    }
    if (!card.notes.empty()) {
        out += "\n## Notes\n\n";
        for (const std::string& n : card.notes)
            out += "- " + mdEscape(n) + "\n";
    }
    out += "\n## Exchanges\n\nBodies are shortened here; the JSON report keeps them whole.\n\n";
    out += "| at | check | request | key | answer | body |\n|---|---|---|---|---|---|\n";
    for (const CheckRun& run : r.runs)
        for (const ProbeExchange& e : run.exchanges)
            out += "| " + std::to_string(e.atMs) + " ms | " + mdEscape(std::string(probeCheckName(run.check))) + " | "
                + mdEscape(e.label) + " | " + (e.keySent ? "`" + mdEscape(e.keyHeader) + "`" : std::string("none"))
                + " | " + (e.response ? std::to_string(e.response->status) : std::string(wireOutcomeName(e.outcome)))
                + " | " + (e.response ? mdEscape(shortBody(e.response->body, 80)) : std::string()) + " |\n";
    return out;
}

std::string probeJson(const ProbeResult& r, const ProbeCard& card, const ProbeOptions& o)
{
    std::string out = "{\"format\": ";
    str(out, kProbeFormat);
    out += ", \"target\": ";
    str(out, r.target.url.toStdString());
    out += ", \"method\": ";
    str(out, o.method);
    out += ", \"started_at\": ";
    str(out, isoTime(r.startedEpochMs));
    out += ", \"wall_ms\": " + std::to_string(r.wallMs);
    out += ", \"cancelled\": " + std::string(r.cancelled ? "true" : "false");
    out += ", \"profile\": {\"judged_against\": ";
    str(out, card.chosen);
    out += ", \"chosen_by\": ";
    str(out, card.chosenByUser ? "user" : "auto");
    out += "}, \"checks\": [";
    for (std::size_t i = 0; i < r.runs.size(); ++i) {
        const CheckRun& run = r.runs[i];
        const CheckVerdict& v = card.verdicts[i];
        out += i ? ",\n  " : "\n  ";
        out += "{\"name\": ";
        str(out, probeCheckName(run.check));
        out += ", \"verdict\": ";
        str(out, verdictName(v.verdict));
        out += ", \"expected\": ";
        str(out, v.expected);
        out += ", \"observed\": ";
        str(out, v.observed);
        out += ", \"differences\": [";
        for (std::size_t k = 0; k < v.differences.size(); ++k) {
            if (k)
                out += ", ";
            str(out, v.differences[k]);
        }
        out += "], \"exchanges\": [";
        for (std::size_t k = 0; k < run.exchanges.size(); ++k) {
            const ProbeExchange& e = run.exchanges[k];
            out += k ? ",\n    " : "\n    ";
            out += "{\"at_ms\": " + std::to_string(e.atMs) + ", \"done_ms\": " + std::to_string(e.doneMs)
                + ", \"label\": ";
            str(out, e.label);
            out += ", \"key\": ";
            if (e.keySent)
                str(out, e.key);
            else
                out += "null";
            out += ", \"actor\": ";
            str(out, actorOfRequest(e.request));
            out += ", \"request\": {\"method\": ";
            str(out, e.request.method);
            out += ", \"path\": ";
            str(out, e.request.target);
            out += ", \"headers\": ";
            headersJson(out, e.request.headers);
            out += ", \"body\": ";
            str(out, e.request.body);
            out += "}, \"response\": ";
            if (e.response) {
                out += "{\"status\": " + std::to_string(e.response->status) + ", \"headers\": ";
                headersJson(out, e.response->headers);
                out += ", \"body\": ";
                str(out, e.response->body);
                out += "}";
            } else {
                out += "null";
            }
            out += ", \"outcome\": ";
            str(out, wireOutcomeName(e.outcome));
            if (!e.detail.empty() && e.outcome != WireOutcome::Response) {
                out += ", \"detail\": ";
                str(out, e.detail);
            }
            out += "}";
        }
        out += run.exchanges.empty() ? "]" : "\n  ]";
        out += ", \"rows\": [";
        for (std::size_t k = 0; k < run.rows.size(); ++k) {
            const WatchedRow& w = run.rows[k];
            out += k ? ", " : "";
            out += "{\"at_ms\": " + std::to_string(w.atMs) + ", \"key\": ";
            str(out, w.key);
            if (w.storedKey != w.key) {
                out += ", \"stored_key\": ";
                str(out, w.storedKey);
            }
            out += ", \"actor\": ";
            str(out, w.actor);
            out += ", \"operation\": ";
            str(out, w.operation);
            out += ", \"state\": ";
            str(out, w.state);
            out += ", \"stored_state\": ";
            str(out, w.storedState);
            out += ", \"status_code\": " + (w.statusCode ? std::to_string(*w.statusCode) : std::string("null"));
            out += ", \"result_id\": ";
            if (w.resultId)
                str(out, *w.resultId);
            else
                out += "null";
            out += ", \"created_at\": ";
            str(out, isoTime(w.createdMs));
            out += "}";
        }
        out += "]}";
    }
    out += "\n], \"behaviour\": {";
    for (std::size_t i = 0; i < card.behaviour.size(); ++i) {
        if (i)
            out += ", ";
        str(out, card.behaviour[i].first);
        out += ": ";
        str(out, card.behaviour[i].second);
    }
    out += "}, \"matches\": [";
    for (std::size_t i = 0; i < card.matches.size(); ++i) {
        if (i)
            out += ", ";
        str(out, card.matches[i]);
    }
    out += "], \"nearest\": {\"profile\": ";
    str(out, card.nearest);
    out += ", \"differences\": [";
    for (std::size_t i = 0; i < card.nearestDifferences.size(); ++i) {
        if (i)
            out += ", ";
        str(out, card.nearestDifferences[i]);
    }
    out += "]}, \"notes\": [";
    for (std::size_t i = 0; i < card.notes.size(); ++i) {
        if (i)
            out += ", ";
        str(out, card.notes[i]);
    }
    out += "], \"watched\": " + std::string(r.watched ? "true" : "false");
    // One timeline: every exchange's send and answer and every watched row of a probe key, in time order.
    struct Event {
        Millis at;
        int order;
        std::string text;
    };
    std::vector<Event> events;
    int order = 0;
    for (const CheckRun& run : r.runs) {
        for (const ProbeExchange& e : run.exchanges) {
            std::string a = "{\"at_ms\": " + std::to_string(e.atMs) + ", \"check\": ";
            str(a, probeCheckName(run.check));
            a += ", \"event\": \"sent\", \"key\": ";
            if (e.keySent)
                str(a, e.key);
            else
                a += "null";
            a += ", \"label\": ";
            str(a, e.label);
            a += "}";
            events.push_back({ e.atMs, order++, a });
            std::string b = "{\"at_ms\": " + std::to_string(e.doneMs) + ", \"check\": ";
            str(b, probeCheckName(run.check));
            b += ", \"event\": ";
            str(b, e.response ? std::string("answered") : std::string(wireOutcomeName(e.outcome)));
            b += ", \"key\": ";
            if (e.keySent)
                str(b, e.key);
            else
                b += "null";
            b += ", \"status\": " + (e.response ? std::to_string(e.response->status) : std::string("null")) + "}";
            events.push_back({ e.doneMs, order++, b });
        }
        for (const WatchedRow& w : run.rows) {
            std::string c = "{\"at_ms\": " + std::to_string(w.atMs) + ", \"check\": ";
            str(c, probeCheckName(run.check));
            c += ", \"event\": \"row\", \"key\": ";
            str(c, w.key);
            c += ", \"actor\": ";
            str(c, w.actor);
            c += ", \"state\": ";
            str(c, w.state);
            c += "}";
            events.push_back({ w.atMs, order++, c });
        }
    }
    std::stable_sort(events.begin(), events.end(), [](const Event& a, const Event& b) { return a.at < b.at; });
    out += ", \"timeline\": [";
    for (std::size_t i = 0; i < events.size(); ++i)
        out += (i ? ",\n  " : "\n  ") + events[i].text;
    out += events.empty() ? "]}\n" : "\n]}\n";
    return out;
}

std::string probeRecording(const ProbeResult& r, const ProbeOptions& o, const std::string& profile)
{
    struct Entry {
        Millis at;
        std::string client;
        std::string operation;
        std::optional<std::string> key;
        std::string payload;
        std::string intent;
        bool lost = false;
    };
    std::vector<Entry> entries;
    std::map<std::string, std::string> clients; // actor → client id
    const bool raw = profileFromName(profile)
        && expectationsFor(ServicePolicy::forProfile(*profileFromName(profile))).keySyntax == ExpectedKeySyntax::Raw;
    for (const CheckRun& run : r.runs) {
        for (const ProbeExchange& e : run.exchanges) {
            if (e.outcome == WireOutcome::Unreachable || e.outcome == WireOutcome::TlsRefused)
                continue; // never reached the service
            json::Value payload;
            try {
                payload = json::parse(e.request.body.empty() ? std::string("{}") : e.request.body);
            } catch (const std::exception&) {
                continue; // a body a scenario cannot hold (error_then_fixed's broken one), as serve's recording does
            }
            const std::string actor = actorOfRequest(e.request);
            auto [it, fresh] = clients.emplace(actor, std::string());
            if (fresh)
                it->second = clients.size() == 1 ? "probe" : "probe-" + std::to_string(clients.size());
            Entry en;
            en.at = e.atMs;
            en.client = it->second;
            en.operation = e.request.method + " " + r.target.path;
            if (e.keySent)
                en.key = raw ? e.keyHeader : e.key;
            en.payload = compactJson(payload);
            en.intent
                = std::string(probeCheckName(run.check)) + ":" + (e.keySent ? e.keyHeader : e.label) + ":" + actor;
            en.lost = e.outcome == WireOutcome::ClosedBeforeReading;
            entries.push_back(std::move(en));
        }
    }
    std::stable_sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) { return a.at < b.at; });
    std::string out
        = "{\n  \"format\": \"idempotency-workbench/scenario@1\",\n  \"name\": \"probe-recording\",\n  \"title\": ";
    str(out, "The probe's traffic to " + r.target.url.toStdString());
    out += ",\n  \"description\": ";
    str(out,
        "Recorded by idempotency-workbench probe at " + isoTime(r.startedEpochMs)
            + ": each request at its instant, with its key and body; the request whose connection the probe closed "
              "before reading is a drop_response. Run it under any profile, or compare several.");
    out += ",\n  \"seed\": 1,\n  \"service\": {\"profile\": ";
    str(out, profile);
    out += "},\n  \"clients\": [";
    std::vector<std::pair<std::string, std::string>> byId;
    for (const auto& [actor, id] : clients)
        byId.emplace_back(id, actor);
    std::sort(byId.begin(), byId.end());
    for (std::size_t i = 0; i < byId.size(); ++i) {
        out += i ? ",\n    " : "\n    ";
        out += "{\"id\": ";
        str(out, byId[i].first);
        out += ", \"actor\": ";
        str(out, byId[i].second);
        out += ", \"timeout_ms\": " + std::to_string(std::max(1000, o.timeoutMs))
            + ", \"retry\": {\"max_attempts\": 1}}";
    }
    out += "\n  ],\n  \"requests\": [";
    std::string faults;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const Entry& e = entries[i];
        out += i ? ",\n    " : "\n    ";
        out += "{\"at_ms\": " + std::to_string(e.at) + ", \"client\": ";
        str(out, e.client);
        out += ", \"operation\": ";
        str(out, e.operation);
        out += ", \"key\": ";
        if (e.key)
            str(out, *e.key);
        else
            out += "null";
        out += ", \"payload\": " + e.payload + ", \"intent\": ";
        str(out, e.intent);
        out += "}";
        if (e.lost)
            faults += std::string(faults.empty() ? "\n    " : ",\n    ")
                + "{\"kind\": \"drop_response\", \"request\": " + std::to_string(i) + ", \"attempt\": 1}";
    }
    out += "\n  ],\n  \"faults\": [" + faults + (faults.empty() ? "]\n}\n" : "\n  ]\n}\n");
    return out;
}

} // namespace iw
