// reconstruct@1 and the readable answer.
#include "reconstructreport.h"

#include "json.h"
#include "timestamps.h"

#include <simdjson.h>

namespace iw {

namespace {

void key(std::string& out, const char* name)
{
    out += '"';
    out += name;
    out += "\": ";
}

template<typename T> void optNum(std::string& out, const std::optional<T>& v)
{
    if (v)
        out += std::to_string(*v);
    else
        out += "null";
}

void optIso(std::string& out, const std::optional<Millis>& v)
{
    if (v) {
        out += '"';
        out += formatIsoMs(*v);
        out += '"';
    } else {
        out += "null";
    }
}

void refJson(std::string& out, const EvidenceRef& r, const std::vector<std::string>& files)
{
    out += "{\"file\": ";
    appendSafeJsonString(out, r.file < files.size() ? files[r.file] : std::string());
    switch (r.kind) {
    case EvidenceRef::Kind::Line:
        out += ", \"line\": " + std::to_string(r.at);
        break;
    case EvidenceRef::Kind::HarEntry:
        out += ", \"entry\": " + std::to_string(r.at);
        break;
    case EvidenceRef::Kind::Span:
        out += ", \"span\": \"" + spanIdHex(r.at) + "\"";
        break;
    case EvidenceRef::Kind::Row:
        out += ", \"record\": " + std::to_string(r.at);
        break;
    }
    out += ", \"where\": ";
    appendSafeJsonString(out, describeRef(r, files));
    out += '}';
}

std::string grouped(std::int64_t n)
{
    // Appended digit by digit: GCC 12 at -O2 reads std::string::insert here as an overlapping memcpy (-Wrestrict, a
    // false positive), which CI's -Werror build would fail on. The magnitude as unsigned: -INT64_MIN overflows.
    const std::uint64_t magnitude = n < 0 ? std::uint64_t(0) - static_cast<std::uint64_t>(n) : std::uint64_t(n);
    const std::string digits = std::to_string(magnitude);
    std::string s = n < 0 ? "-" : "";
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0)
            s += ',';
        s += digits[i];
    }
    return s;
}

// For the text answer: printable, quoted when it holds a space or is empty.
std::string shown(std::string_view text)
{
    std::string out;
    for (const unsigned char c : text) {
        if (c < 0x20 || c == 0x7f) {
            static const char* hex = "0123456789abcdef";
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 15];
        } else {
            out += static_cast<char>(c);
        }
    }
    return out;
}

} // namespace

void appendSafeJsonString(std::string& out, std::string_view text)
{
    if (simdjson::validate_utf8(text.data(), text.size())) {
        json::appendString(out, text);
        return;
    }
    std::string clean;
    clean.reserve(text.size());
    std::size_t i = 0;
    while (i < text.size()) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        std::size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
        if (n && i + n <= text.size() && simdjson::validate_utf8(text.data() + i, n)) {
            clean.append(text.substr(i, n));
            i += n;
        } else {
            clean += "\xEF\xBF\xBD";
            ++i;
        }
    }
    json::appendString(out, clean);
}

std::string reconstructJson(const ReconstructResult& r, const ReportContext& c)
{
    std::string out;
    out.reserve(4096 + r.exchanges.size() * 400);
    out += "{\"format\": \"";
    out += ReconstructFormat;
    out += "\",\n\"profile\": ";
    appendSafeJsonString(out, c.profile);
    out += ",\n\"files\": [";
    for (std::size_t i = 0; i < r.fileSummaries.size(); ++i) {
        const EvidenceFileSummary& f = r.fileSummaries[i];
        out += i ? ",\n  {" : "\n  {";
        key(out, "path");
        appendSafeJsonString(out, f.path);
        out += ", ";
        key(out, "format");
        out += '"' + std::string(evidenceFormatName(f.format)) + '"';
        out += ", ";
        key(out, "fields");
        if (f.fields.empty())
            out += "null";
        else
            appendSafeJsonString(out, f.fields);
        out += ", \"compressed\": " + std::string(f.compressed ? "true" : "false");
        out += ", \"read\": " + std::to_string(f.units) + ", \"exchanges\": " + std::to_string(f.exchanges)
            + ", \"skipped\": " + std::to_string(f.skipped) + ", \"without_zone\": " + std::to_string(f.withoutZone)
            + ", \"bodies_unread\": " + std::to_string(f.bodiesUnread) + "}";
    }
    out += "],\n\"rows\": ";
    if (c.rowsSource.empty())
        out += "null";
    else
        appendSafeJsonString(out, c.rowsSource);
    out += ",\n\"window\": {\"from\": ";
    optIso(out, c.fromMs);
    out += ", \"to\": ";
    optIso(out, c.toMs);
    out += ", \"key\": ";
    if (c.key)
        appendSafeJsonString(out, *c.key);
    else
        out += "null";
    out += "},\n\"first\": ";
    optIso(out, r.summary.firstMs);
    out += ", \"last\": ";
    optIso(out, r.summary.lastMs);
    const ReconstructSummary& s = r.summary;
    out += ",\n\"summary\": {\"exchanges\": " + std::to_string(s.exchanges)
        + ", \"scopes\": " + std::to_string(r.scopes) + ", \"executions\": " + std::to_string(s.executions)
        + ", \"replays\": " + std::to_string(s.replays) + ", \"no_answer\": " + std::to_string(s.noAnswer)
        + ", \"client_gave_up\": " + std::to_string(s.clientGaveUp) + ", \"unknown_successes\": "
        + std::to_string(s.unknownSuccesses) + ", \"outside_window\": " + std::to_string(s.outsideWindow)
        + ", \"suspected_intents\": " + std::to_string(s.suspectedIntents)
        + ", \"suspected_duplicate_executions\": " + std::to_string(s.suspectedDuplicateExecutions)
        + ", \"skipped\": " + std::to_string(r.problems.total) + ",\n  \"decisions\": {";
    bool first = true;
    for (const auto& [name, n] : s.decisions) {
        out += first ? "" : ", ";
        first = false;
        appendSafeJsonString(out, name);
        out += ": " + std::to_string(n);
    }
    out += "},\n  \"violations\": {";
    first = true;
    for (const ViolationKind k : kViolationKinds) {
        std::int64_t n = 0;
        for (const Violation& v : r.violations)
            n += v.kind == k;
        out += first ? "" : ", ";
        first = false;
        out += '"' + std::string(violationKindName(k)) + "\": " + std::to_string(n);
    }
    out += "}},\n\"violations\": [";
    for (std::size_t i = 0; i < r.violations.size(); ++i) {
        const Violation& v = r.violations[i];
        out += i ? ",\n  {" : "\n  {";
        out += "\"kind\": \"" + std::string(violationKindName(v.kind)) + "\", \"actor\": ";
        appendSafeJsonString(out, v.scope.actor);
        out += ", \"operation\": ";
        appendSafeJsonString(out, v.scope.operation);
        out += ", \"key\": ";
        appendSafeJsonString(out, v.scope.key);
        out += ", \"suspected\": " + std::string(v.suspected ? "true" : "false") + ", \"at\": ";
        optIso(out, v.atMs ? std::optional<Millis>(v.atMs) : std::nullopt);
        out += ", \"detail\": ";
        appendSafeJsonString(out, v.detail);
        out += ", \"evidence\": [";
        for (std::size_t e = 0; e < v.evidence.size(); ++e) {
            out += e ? ", " : "";
            refJson(out, v.evidence[e], r.files);
        }
        out += "]}";
    }
    out += r.violations.empty() ? "],\n" : "\n],\n";
    out += "\"skipped\": {\"total\": " + std::to_string(r.problems.total) + ", \"named\": [";
    for (std::size_t i = 0; i < r.problems.named.size(); ++i) {
        const EvidenceProblem& p = r.problems.named[i];
        out += i ? ",\n  {" : "\n  {";
        out += "\"evidence\": ";
        refJson(out, p.ref, r.files);
        out += ", \"what\": ";
        appendSafeJsonString(out, p.what);
        out += '}';
    }
    out += r.problems.named.empty() ? "]},\n" : "\n]},\n";
    out += "\"records\": [";
    for (std::size_t i = 0; i < r.rows.size(); ++i) {
        const EvidenceRow& row = r.rows[i];
        out += i ? ",\n  {" : "\n  {";
        out += "\"actor\": ";
        appendSafeJsonString(out, row.scope.actor);
        out += ", \"operation\": ";
        appendSafeJsonString(out, row.scope.operation);
        out += ", \"key\": ";
        appendSafeJsonString(out, row.scope.key);
        out += ", \"state\": ";
        appendSafeJsonString(out, row.state);
        out += ", \"status_code\": ";
        optNum(out, row.statusCode);
        out += ", \"created\": ";
        optIso(out, row.createdMs);
        out += ", \"completed\": ";
        optIso(out, row.completedMs);
        out += ", \"expires\": ";
        optIso(out, row.expiresMs);
        out += ", \"stuck\": " + std::string(row.stuck ? "true" : "false") + ", \"evidence\": ";
        refJson(out, row.ref, r.files);
        out += '}';
    }
    out += r.rows.empty() ? "],\n" : "\n],\n";
    out += "\"exchanges\": [";
    const Millis base = s.firstMs.value_or(0);
    for (std::size_t i = 0; i < r.exchanges.size(); ++i) {
        const JudgedExchange& j = r.exchanges[i];
        const Exchange& x = j.x;
        out += i ? ",\n  {" : "\n  {";
        out += "\"id\": \"" + exchangeId(i) + "\", \"at\": \"" + formatIsoMs(x.startMs)
            + "\", \"t_ms\": " + std::to_string(x.startMs - base) + ", \"end_ms\": ";
        optNum(out, x.endMs ? std::optional<Millis>(*x.endMs - base) : std::nullopt);
        out += ", \"method\": ";
        appendSafeJsonString(out, x.method);
        out += ", \"path\": ";
        appendSafeJsonString(out, x.path);
        out += ", \"actor\": ";
        appendSafeJsonString(out, x.actor);
        out += ", \"client\": ";
        appendSafeJsonString(out, x.client);
        out += ", \"key\": ";
        if (x.key)
            appendSafeJsonString(out, *x.key);
        else
            out += "null";
        out += ", \"key_unreadable\": " + std::string(x.keyUnreadable ? "true" : "false");
        out += ", \"status\": ";
        optNum(out, x.status);
        out += ", \"client_gave_up\": " + std::string(x.clientGaveUp ? "true" : "false") + ", \"replayed\": ";
        out += x.replayed == Tri::Yes ? "true" : x.replayed == Tri::No ? "false" : "null";
        out += ", \"decision\": ";
        if (j.decision)
            out += '"' + std::string(decisionName(*j.decision)) + '"';
        else
            out += "null";
        out += ", \"execution\": " + std::string(j.execution ? "true" : "false") + ", \"fingerprint\": ";
        if (x.fingerprint.empty())
            out += "null";
        else
            out += '"' + x.fingerprint + '"';
        out += ", \"suspected_intent\": ";
        if (j.suspectedFirst >= 0)
            out += '"' + exchangeId(static_cast<std::size_t>(j.suspectedFirst)) + '"';
        else
            out += "null";
        if (c.keepBodies) {
            out += ", \"body\": ";
            if (x.body.empty())
                out += "null";
            else
                appendSafeJsonString(out, x.body);
        }
        out += ", \"evidence\": ";
        refJson(out, x.ref, r.files);
        out += '}';
    }
    out += r.exchanges.empty() ? "]}\n" : "\n]}\n";
    return out;
}

std::string reconstructText(const ReconstructResult& r, const ReportContext& c)
{
    const ReconstructSummary& s = r.summary;
    std::string out = "Evidence: " + grouped(s.exchanges) + " exchange" + (s.exchanges == 1 ? "" : "s") + " in "
        + std::to_string(r.files.size()) + " file" + (r.files.size() == 1 ? "" : "s");
    if (s.firstMs)
        out += ", from " + formatIsoMs(*s.firstMs) + " to " + formatIsoMs(*s.lastMs);
    out += "; " + grouped(static_cast<std::int64_t>(r.scopes)) + " scope" + (r.scopes == 1 ? "" : "s")
        + ", judged against the " + c.profile + " profile.\n";
    for (const EvidenceFileSummary& f : r.fileSummaries) {
        out += "  " + shown(f.path) + ": " + std::string(evidenceFormatName(f.format));
        if (!f.fields.empty())
            out += " (fields: " + shown(f.fields) + ")";
        if (f.compressed)
            out += ", gzip";
        out += ", " + grouped(static_cast<std::int64_t>(f.exchanges)) + " exchanges";
        if (f.skipped)
            out += ", " + grouped(static_cast<std::int64_t>(f.skipped)) + " skipped";
        if (f.withoutZone)
            out += " (" + grouped(static_cast<std::int64_t>(f.withoutZone))
                + " for a timestamp without a zone: --assume-utc reads them as UTC)";
        if (f.bodiesUnread)
            out += ", " + grouped(static_cast<std::int64_t>(f.bodiesUnread)) + " bodies not JSON (no fingerprint)";
        out += "\n";
    }
    if (s.outsideWindow)
        out += "  " + grouped(s.outsideWindow) + " exchanges left out by --window or --key\n";
    if (!c.rowsSource.empty())
        out += "  " + std::to_string(r.rows.size()) + " record(s) of the table joined from " + shown(c.rowsSource)
            + "\n";
    out += "Decisions, as far as the evidence tells:";
    bool any = false;
    for (const auto& [name, n] : s.decisions) {
        out += (any ? ", " : " ") + name + " " + grouped(n);
        any = true;
    }
    if (s.noAnswer) {
        out += (any ? ", " : " ") + std::string("no answer ") + grouped(s.noAnswer);
        any = true;
    }
    out += any ? ".\n" : " none.\n";
    out += "Executions: " + grouped(s.executions) + "; replays: " + grouped(s.replays) + ".\n";
    if (s.unknownSuccesses)
        out += "Cannot be known: " + grouped(s.unknownSuccesses)
            + " success(es) carry neither a replay marker nor a response body, so they cannot be told from replays "
              "and are not judged.\n";
    if (s.noAnswer)
        out += "Cannot be known: for the " + grouped(s.noAnswer)
            + " request(s) the service gave no answer to, the evidence cannot tell whether the handler ran.\n";
    if (s.suspectedIntents)
        out += "Suspected intents: " + grouped(s.suspectedIntents)
            + " (one actor, operation and payload under several keys within the intent window).\n";
    if (r.violations.empty()) {
        out += "No violation found.\n";
    } else {
        out += "Violations: " + grouped(static_cast<std::int64_t>(r.violations.size())) + "\n";
        for (const Violation& v : r.violations) {
            out += "  " + std::string(violationKindName(v.kind)) + (v.suspected ? " (suspected intent)" : "") + " at "
                + formatIsoMs(v.atMs) + ", actor " + shown(v.scope.actor) + ", " + shown(v.scope.operation) + ", key "
                + (v.scope.key.empty() ? std::string("(none)") : shown(v.scope.key)) + ": " + shown(v.detail)
                + "\n    evidence:";
            for (const EvidenceRef& e : v.evidence)
                out += " " + shown(describeRef(e, r.files));
            out += "\n";
        }
    }
    if (r.problems.total) {
        out += "Skipped: " + grouped(static_cast<std::int64_t>(r.problems.total)) + "\n";
        for (const EvidenceProblem& p : r.problems.named)
            out += "  " + shown(describeRef(p.ref, r.files)) + ": " + shown(p.what) + "\n";
        if (r.problems.total > r.problems.named.size())
            out += "  … and " + grouped(static_cast<std::int64_t>(r.problems.total - r.problems.named.size()))
                + " more\n";
    }
    return out;
}

} // namespace iw
