// The probe's judge: what each check's exchanges show, compared with what a profile's policy expects. One execution
// is counted only from result ids (--result-id) or the watched table; without either a check that needs it is
// `unobservable`, unless the answers already show a failure.
#include "probe.h"

#include "fingerprint.h"
#include "jsontext.h"

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>

namespace iw {

namespace {

void appendCompact(std::string& out, const json::Value& v)
{
    if (json::isTextOnly(v)) {
        json::Value tree;
        appendCompact(out, json::built(v, tree));
        return;
    }
    switch (v.type) {
    case json::Type::Null:
        out += "null";
        return;
    case json::Type::Bool:
        out += v.boolean ? "true" : "false";
        return;
    case json::Type::Number:
        if (!v.numberText.empty())
            out += v.numberText;
        else
            json::appendNumber(out, v.number);
        return;
    case json::Type::String:
        json::appendString(out, v.string);
        return;
    case json::Type::Array:
        out += '[';
        for (std::size_t i = 0; i < v.array.size(); ++i) {
            if (i)
                out += ',';
            appendCompact(out, v.array[i]);
        }
        out += ']';
        return;
    case json::Type::Object:
        out += '{';
        for (std::size_t i = 0; i < v.object.size(); ++i) {
            if (i)
                out += ',';
            json::appendString(out, v.object[i].key);
            out += ':';
            appendCompact(out, v.object[i].value);
        }
        out += '}';
        return;
    }
}

json::Value* resolve(json::Value& root, const std::string& pointer)
{
    json::Value* at = &root;
    for (const std::string& token : parseJsonPointer(pointer)) {
        if (at->isObject()) {
            json::Value* next = nullptr;
            for (json::Member& m : at->object)
                if (m.key == token)
                    next = &m.value;
            at = next;
        } else if (at->isArray()) {
            std::size_t idx = 0;
            bool ok = !token.empty() && token.find_first_not_of("0123456789") == std::string::npos
                && (token == "0" || token[0] != '0');
            if (ok)
                idx = std::stoul(token);
            at = ok && idx < at->array.size() ? &at->array[idx] : nullptr;
        } else {
            at = nullptr;
        }
        if (!at)
            return nullptr;
    }
    return at;
}

// ------------------------------------------------------------------------------------------------------------------
// What an exchange shows

int statusOf(const ProbeExchange& e)
{
    return e.response ? e.response->status : 0;
}

bool success(const ProbeExchange& e)
{
    return e.response && e.response->status / 100 == 2;
}

bool serverError(const ProbeExchange& e)
{
    return e.response && e.response->status / 100 == 5;
}

std::string answer(const ProbeExchange& e)
{
    if (e.response)
        return std::to_string(e.response->status);
    switch (e.outcome) {
    case WireOutcome::NoAnswer:
        return "no answer (the connection closed)";
    case WireOutcome::Timeout:
        return "no answer before the deadline";
    case WireOutcome::Unreachable:
        return "no connection";
    case WireOutcome::TlsRefused:
        return "TLS refused";
    case WireOutcome::Malformed:
        return "an answer that is not HTTP";
    default:
        return "no answer";
    }
}

bool marked(const ProbeExchange& e, const ContractExpectations& x)
{
    if (!e.response || !x.replayMarker)
        return false;
    const std::string* v = headerValue(e.response->headers, x.replayMarker->first);
    return v
        && QString::fromStdString(*v).compare(QString::fromStdString(x.replayMarker->second), Qt::CaseInsensitive) == 0;
}

std::optional<std::string> resultIdOf(const ProbeExchange& e, const ProbeOptions& o)
{
    if (!o.resultId || !success(e))
        return std::nullopt;
    try {
        json::Value v = json::parse(e.response->body);
        const json::Value* at = resolve(v, *o.resultId);
        if (!at || at->isNull() || at->isObject() || at->isArray())
            return std::nullopt;
        if (at->isString())
            return at->string;
        std::string s;
        appendCompact(s, *at);
        return s;
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

std::string joinCounts(const std::map<std::string, int>& counts)
{
    std::string out;
    for (const auto& [what, n] : counts)
        out += (out.empty() ? "" : ", ") + std::to_string(n) + " × " + what;
    return out;
}

// The executions a check's key shows: from result ids of its successes, else from the watched table (row versions of
// one scope: a row created again, or its result id changed, is a second execution). nullopt: cannot be known.
struct Executions {
    std::optional<int> count;
    bool atLeast = false; // some answers could not show whether they executed (a 5xx, no answer): a lower bound
    std::string how; // "result ids", "the watched table"
    std::string text() const
    {
        if (!count)
            return "executions unknown: no --result-id and no watched row";
        return (atLeast ? "at least " : "") + std::to_string(*count) + (*count == 1 ? " execution" : " executions")
            + " (" + how + ")";
    }
};

Executions executionsOf(const CheckRun& run, const std::vector<const ProbeExchange*>& successes, const ProbeOptions& o,
    bool watched, const std::string& key)
{
    Executions x;
    if (o.resultId) {
        std::set<std::string> ids;
        bool missing = false;
        for (const ProbeExchange* e : successes) {
            if (const auto id = resultIdOf(*e, o))
                ids.insert(*id);
            else
                missing = true;
        }
        if (!ids.empty() && (!missing || ids.size() > 1)) {
            x.count = static_cast<int>(ids.size());
            x.how = "result ids at " + *o.resultId;
            // An answer that is neither a success nor a refusal (a 5xx, none at all) may hide an execution of its own.
            for (const ProbeExchange& e : run.exchanges)
                if (serverError(e)
                    || (!e.response && e.outcome != WireOutcome::ClosedBeforeReading
                        && e.outcome != WireOutcome::Unreachable && e.outcome != WireOutcome::TlsRefused))
                    x.atLeast = true;
            return x;
        }
    }
    if (watched) {
        std::set<std::tuple<std::string, std::string, Millis>> versions;
        std::map<std::tuple<std::string, std::string>, std::optional<std::string>> lastResult;
        int changedResult = 0;
        for (const WatchedRow& w : run.rows) {
            if (w.key != key || w.state == "absent")
                continue;
            // Only the first actor's scope: another actor's row is its own.
            versions.insert({ w.actor, w.operation, w.createdMs });
            auto& last = lastResult[{ w.actor, w.operation }];
            if (last && w.resultId && *last != *w.resultId)
                ++changedResult;
            if (w.resultId)
                last = w.resultId;
        }
        if (!versions.empty()) {
            x.count = static_cast<int>(versions.size()) + changedResult;
            x.how = "the watched table";
        }
    }
    return x;
}

struct Judging {
    const ProbeOptions& options;
    const ContractExpectations& x;
    bool watched;
    CheckVerdict v;

    void expect(std::string s) { v.expected = std::move(s); }
    void observe(std::string s) { v.observed = std::move(s); }
    void differ(const std::string& what) { v.differences.push_back(what); }
    CheckVerdict done(std::optional<Verdict> otherwise = std::nullopt)
    {
        if (!v.differences.empty())
            v.verdict = Verdict::Fail;
        else
            v.verdict = otherwise.value_or(Verdict::Pass);
        return v;
    }
    std::string markerText() const
    {
        return x.replayMarker ? "marked " + x.replayMarker->first + ": " + x.replayMarker->second : "no replay marker";
    }
};

CheckVerdict judgeRun(const CheckRun& run, const ProbeOptions& o, const ContractExpectations& x, bool watched)
{
    Judging j { o, x, watched, {} };
    j.v.check = run.check;
    if (!run.notApplicable.empty()) {
        j.v.verdict = Verdict::NotApplicable;
        j.v.observed = run.notApplicable;
        return j.v;
    }
    const auto& ex = run.exchanges;
    const auto at = [&](std::size_t i) -> const ProbeExchange* { return i < ex.size() ? &ex[i] : nullptr; };
    // The first request of a check must succeed, or nothing after it says anything.
    const auto firstFailed = [&](const ProbeExchange* e) {
        if (e && success(*e))
            return false;
        j.differ("expected the first request to succeed (2xx), observed "
            + (e ? answer(*e) : std::string("nothing sent"))
            + ": the service refused the probe's body or is not this kind of endpoint");
        return true;
    };

    switch (run.check) {
    case ProbeCheck::MissingKey: {
        j.expect(
            x.requireKey ? "refused with " + std::to_string(x.missingKeyStatus) : "handled without protection (2xx)");
        const ProbeExchange* e = at(0);
        if (!e)
            return j.done(Verdict::NotApplicable);
        j.observe(success(*e) ? "handled (" + answer(*e) + ")" : "refused with " + answer(*e));
        if (x.requireKey ? statusOf(*e) != x.missingKeyStatus : !success(*e))
            j.differ("a request without a key: expected " + j.v.expected + ", observed " + j.v.observed);
        return j.done();
    }
    case ProbeCheck::Replay: {
        j.expect("the same status and body bytes, Location and Content-Type kept, " + j.markerText());
        const ProbeExchange* a = at(0);
        const ProbeExchange* b = at(1);
        if (firstFailed(a) || !b) {
            j.observe(a ? "first answered " + answer(*a) : "nothing");
            return j.done();
        }
        std::vector<std::string> seen;
        if (!b->response) {
            j.differ("the repeat: expected a replay, observed " + answer(*b));
        } else {
            if (b->response->status != a->response->status)
                j.differ("status: expected " + std::to_string(a->response->status) + " again, observed "
                    + std::to_string(b->response->status));
            if (b->response->body != a->response->body)
                j.differ("body: expected the same bytes, observed other bytes");
            for (const char* h : { "Location", "Content-Type" }) {
                const std::string* ha = headerValue(a->response->headers, h);
                const std::string* hb = headerValue(b->response->headers, h);
                if (ha && (!hb || *ha != *hb))
                    j.differ(std::string(h) + ": expected \"" + *ha + "\" kept, observed "
                        + (hb ? "\"" + *hb + "\"" : std::string("none")));
            }
            const bool isMarked = marked(*b, x);
            if (x.replayMarker && !isMarked)
                j.differ("replay marker: expected " + x.replayMarker->first + ": " + x.replayMarker->second
                    + ", observed none");
            if (!x.replayMarker) {
                for (const ServicePolicy& p : knownProfilePolicies()) {
                    const ContractExpectations other = expectationsFor(p);
                    if (other.replayMarker && headerValue(b->response->headers, other.replayMarker->first)) {
                        j.differ("replay marker: expected none, observed " + other.replayMarker->first);
                        break;
                    }
                }
            }
        }
        j.observe(answer(*a) + " then " + answer(*b)
            + (b->response && b->response->body == a->response->body ? ", the same body" : ", another body")
            + (marked(*b, x) ? ", marked " + x.replayMarker->first : ""));
        return j.done();
    }
    case ProbeCheck::MismatchSignificant:
    case ProbeCheck::MismatchDisplay: {
        const ProbeExchange* a = at(0);
        const ProbeExchange* b = at(1);
        const bool differs = a && b
            ? payloadsDiffer(x, a->request.method, a->request.target, a->request.body, b->request.body)
            : x.comparesPayload;
        const std::string field
            = run.check == ProbeCheck::MismatchSignificant ? o.significant.front() : o.display.front();
        j.expect(differs ? "refused with " + std::to_string(x.mismatchStatus) + ", nothing executed"
                         : "a replay of the first answer ("
                    + (x.comparesPayload ? "the fingerprint leaves " + field + " out"
                                         : std::string("the profile compares no payloads"))
                    + ")");
        if (firstFailed(a) || !b) {
            j.observe(a ? "first answered " + answer(*a) : "nothing");
            return j.done();
        }
        const bool replay
            = success(*b) && b->response->body == a->response->body && b->response->status == a->response->status;
        j.observe("changed " + field + ": "
            + (success(*b)
                    ? (replay ? "a replay (" + answer(*b) + ")" : "handled again (" + answer(*b) + ", another body)")
                    : "refused with " + answer(*b)));
        if (differs && statusOf(*b) != x.mismatchStatus)
            j.differ("changed " + field + ": expected refused with " + std::to_string(x.mismatchStatus) + ", observed "
                + (success(*b) ? (replay ? "a replay" : "handled again") + std::string(" (") + answer(*b) + ")"
                               : answer(*b)));
        if (!differs && !replay)
            j.differ("changed " + field + ": expected a replay, observed " + answer(*b)
                + (success(*b) ? " with another body" : ""));
        return j.done();
    }
    case ProbeCheck::Concurrent: {
        j.expect("one execution; the others "
            + (x.inProgressWaitMs ? std::string("wait for it and get its answer")
                                  : "refused with " + std::to_string(x.inProgressStatus)
                        + (x.conflictRetryAfterS ? " and Retry-After: " + std::to_string(*x.conflictRetryAfterS) : ""))
            + "; never a 5xx");
        std::map<std::string, int> counts;
        std::vector<const ProbeExchange*> successes;
        for (const ProbeExchange& e : ex) {
            ++counts[answer(e)];
            if (success(e))
                successes.push_back(&e);
        }
        for (const auto& [what, n] : counts) {
            const bool ok = what.size() == 3 && what[0] == '2';
            const bool inProgress = what == std::to_string(x.inProgressStatus);
            if (what[0] == '5')
                j.differ("expected never a 5xx, observed " + std::to_string(n) + " × " + what);
            else if (!ok && !(inProgress && !x.inProgressWaitMs))
                j.differ("expected "
                    + (x.inProgressWaitMs ? std::string("every copy answered")
                                          : "the others refused with " + std::to_string(x.inProgressStatus))
                    + ", observed " + std::to_string(n) + " × " + what);
            if (!ok && inProgress && x.conflictRetryAfterS) {
                for (const ProbeExchange& e : ex)
                    if (statusOf(e) == x.inProgressStatus && !headerValue(e.response->headers, "Retry-After")) {
                        j.differ("expected Retry-After on the " + what + ", observed none");
                        break;
                    }
            }
        }
        const Executions n = executionsOf(run, successes, o, watched, ex.empty() ? std::string() : ex.front().key);
        if (n.count && *n.count > 1)
            j.differ("expected one execution, observed " + n.text());
        j.observe(joinCounts(counts) + "; " + n.text());
        return j.done(n.count && !n.atLeast ? Verdict::Pass : Verdict::Unobservable);
    }
    case ProbeCheck::RetryWhileRunning: {
        const ProbeExchange* a = at(0);
        const ProbeExchange* b = at(1);
        j.expect(x.inProgressWaitMs ? "the retry waits for the first and gets its answer"
                                    : "the retry refused with " + std::to_string(x.inProgressStatus)
                    + (x.conflictRetryAfterS ? " and Retry-After: " + std::to_string(*x.conflictRetryAfterS) : "")
                    + ", the first succeeds");
        if (firstFailed(a) || !b) {
            j.observe(a ? "first answered " + answer(*a) : "nothing");
            return j.done();
        }
        j.observe("first " + answer(*a) + ", retry " + answer(*b) + (marked(*b, x) ? " (marked as a replay)" : ""));
        if (serverError(*b))
            j.differ("the retry: expected never a 5xx, observed " + answer(*b));
        else if (success(*b)) {
            const bool replay = b->response->body == a->response->body;
            if (!replay)
                j.differ("the retry: expected " + j.v.expected.substr(0, j.v.expected.find(',')) + ", observed "
                    + answer(*b) + " with another body: it ran again");
            else if (!x.inProgressWaitMs)
                return j.done(Verdict::Unobservable); // the first had finished: the retry was a plain replay
        } else if (x.inProgressWaitMs || statusOf(*b) != x.inProgressStatus) {
            j.differ("the retry: expected "
                + (x.inProgressWaitMs ? std::string("the first's answer") : std::to_string(x.inProgressStatus))
                + ", observed " + answer(*b));
        } else if (x.conflictRetryAfterS && !headerValue(b->response->headers, "Retry-After")) {
            j.differ("the retry: expected Retry-After, observed none");
        }
        return j.done();
    }
    case ProbeCheck::LostResponse: {
        j.expect("the retry gets the first's result (2xx), one execution, never a 5xx");
        std::vector<const ProbeExchange*> successes;
        const ProbeExchange* final = nullptr;
        std::map<std::string, int> counts;
        for (std::size_t i = 1; i < ex.size(); ++i) {
            ++counts[answer(ex[i])];
            if (serverError(ex[i]))
                j.differ(ex[i].label + ": expected never a 5xx, observed " + answer(ex[i]));
            if (success(ex[i]))
                successes.push_back(&ex[i]);
            if (ex[i].label == "retry")
                final = &ex[i];
        }
        if (!final) {
            j.observe("no retry was sent");
            return j.done(Verdict::NotApplicable);
        }
        // A missing replay marker is the replay check's difference: it does not show a second execution.
        if (!success(*final))
            j.differ("the last retry: expected the first's result (2xx), observed " + answer(*final));
        const Executions n = executionsOf(run, successes, o, watched, ex.front().key);
        if (n.count && *n.count > 1)
            j.differ("expected one execution, observed " + n.text());
        j.observe("after the closed request: " + joinCounts(counts) + "; " + n.text());
        return j.done(n.count && !n.atLeast ? Verdict::Pass : Verdict::Unobservable);
    }
    case ProbeCheck::OtherActor: {
        const bool shared = x.keyShared();
        j.expect(shared ? "the first actor's answer, replayed (the key is shared across actors)"
                        : "its own execution (2xx, not the first's answer)");
        const ProbeExchange* a = at(0);
        const ProbeExchange* b = at(1);
        if (firstFailed(a) || !b) {
            j.observe(a ? "first answered " + answer(*a) : "nothing");
            return j.done();
        }
        std::string kind;
        if (!success(*b)) {
            kind = "blocked";
            j.observe("refused with " + answer(*b));
        } else {
            const auto ida = resultIdOf(*a, o);
            const auto idb = resultIdOf(*b, o);
            if (ida && idb)
                kind = *ida == *idb ? "read" : "own";
            else if (marked(*b, x))
                kind = "read";
            else if (b->response->body != a->response->body)
                kind = "own";
            else
                kind = "unknown";
            j.observe(kind == "read" ? "the first actor's answer (" + answer(*b) + ")"
                    : kind == "own"
                    ? "its own execution (" + answer(*b) + ")"
                    : answer(*b) + " with the same body bytes: its own execution or a replay cannot be told apart");
        }
        if (kind == "unknown")
            return j.done(Verdict::Unobservable);
        if (shared ? kind != "read" : kind != "own")
            j.differ("another actor with the same key: expected " + j.v.expected + ", observed " + j.v.observed);
        return j.done();
    }
    case ProbeCheck::ExpectedKeySyntax: {
        const ProbeExchange* t = at(0);
        const ProbeExchange* q = at(1);
        const ProbeExchange* l = at(2);
        const ProbeExchange* e = at(3);
        const bool longRefused = x.maxKeyLength && kLongKeyLength > *x.maxKeyLength;
        const std::string refused = "refused with " + std::to_string(x.invalidKeyStatus);
        const std::string tokenExpected = x.keySyntax == ExpectedKeySyntax::SfString ? refused : "accepted";
        // An empty header is an invalid key, or no key at all where the library reads it so.
        const std::string emptyExpected = !x.emptyKeyIsNone ? refused
            : x.requireKey                                  ? "refused with " + std::to_string(x.missingKeyStatus)
                                                            : std::string("accepted");
        const std::string sameExpected = x.keySyntax == ExpectedKeySyntax::SfStringOrToken ? "one key"
            : x.keySyntax == ExpectedKeySyntax::Raw                                        ? "two keys"
                                                                                           : "";
        j.expect("token " + tokenExpected + "; quoted accepted"
            + (sameExpected.empty() ? "" : "; \"k\" and k " + sameExpected) + "; " + std::to_string(kLongKeyLength)
            + " characters " + (longRefused ? refused : "accepted") + "; empty " + emptyExpected);
        const auto seen = [&](const ProbeExchange* ex) {
            return !ex ? std::string("not sent") : success(*ex) ? "accepted" : "refused with " + answer(*ex);
        };
        std::string same;
        if (t && q && success(*t) && success(*q))
            same = (marked(*q, x) || q->response->body == t->response->body) ? "one key" : "two keys";
        j.observe("token " + seen(t) + "; quoted " + seen(q) + (same.empty() ? "" : "; \"k\" and k " + same) + "; "
            + std::to_string(kLongKeyLength) + " characters " + seen(l) + "; empty " + seen(e));
        if (t && seen(t) != tokenExpected)
            j.differ("a token key: expected " + tokenExpected + ", observed " + seen(t));
        if (q && !success(*q))
            j.differ("a quoted key: expected accepted, observed " + seen(q));
        if (!sameExpected.empty() && !same.empty() && same != sameExpected)
            j.differ("\"k\" and k: expected " + sameExpected + ", observed " + same);
        if (l && seen(l) != (longRefused ? refused : std::string("accepted")))
            j.differ("a " + std::to_string(kLongKeyLength) + "-character key: expected "
                + (longRefused ? refused : std::string("accepted")) + ", observed " + seen(l));
        if (e && seen(e) != emptyExpected)
            j.differ("an empty key: expected " + emptyExpected + ", observed " + seen(e));
        return j.done();
    }
    case ProbeCheck::ErrorThenFixed: {
        j.expect(x.storesRejectedPayload
                ? "the broken body refused, and the fixed one with the same key refused too"
                : "the broken body refused (4xx), then the fixed one with the same key handled (2xx, not a replay)");
        const ProbeExchange* a = at(0);
        const ProbeExchange* b = at(1);
        if (!a || !b) {
            j.observe("not every request was sent");
            return j.done(Verdict::NotApplicable);
        }
        j.observe("broken body " + (success(*a) ? "accepted (" + answer(*a) + ")" : "refused with " + answer(*a))
            + ", fixed body " + (success(*b) ? "handled (" + answer(*b) + ")" : "refused with " + answer(*b)));
        if (statusOf(*a) / 100 != 4)
            j.differ("a body that is not JSON: expected refused (4xx), observed " + answer(*a));
        if (!x.storesRejectedPayload && (!success(*b) || marked(*b, x)))
            j.differ("the fixed body with the same key: expected handled, observed "
                + (marked(*b, x) ? "a replay" : answer(*b)));
        return j.done();
    }
    }
    return j.done(Verdict::NotApplicable);
}

// What was observed, in a few lines that do not depend on a profile.
std::vector<std::pair<std::string, std::string>> behaviourOf(const ProbeResult& r)
{
    std::vector<std::pair<std::string, std::string>> out;
    const auto runOf = [&](ProbeCheck c) -> const CheckRun* {
        for (const CheckRun& run : r.runs)
            if (run.check == c && run.notApplicable.empty() && !run.exchanges.empty())
                return &run;
        return nullptr;
    };
    if (const CheckRun* run = runOf(ProbeCheck::MissingKey))
        out.emplace_back("missing_key", "answered " + answer(run->exchanges.front()));
    if (const CheckRun* run = runOf(ProbeCheck::MismatchSignificant); run && run->exchanges.size() > 1)
        out.emplace_back("mismatch", "answered " + answer(run->exchanges[1]));
    std::set<std::string> inProgress;
    bool retryAfter = false;
    for (ProbeCheck c : { ProbeCheck::Concurrent, ProbeCheck::RetryWhileRunning })
        if (const CheckRun* run = runOf(c))
            for (const ProbeExchange& e : run->exchanges)
                if (e.response && !success(e)) {
                    inProgress.insert(answer(e));
                    retryAfter = retryAfter || headerValue(e.response->headers, "Retry-After");
                }
    if (!inProgress.empty()) {
        std::string s;
        for (const std::string& i : inProgress)
            s += (s.empty() ? "" : ", ") + i;
        out.emplace_back("in_progress",
            "while the first still ran: answered " + s + (retryAfter ? " with Retry-After" : ", no Retry-After"));
    }
    if (const CheckRun* run = runOf(ProbeCheck::Replay);
        run && run->exchanges.size() > 1 && run->exchanges[1].response) {
        std::string marker;
        std::set<std::string> names;
        for (const ServicePolicy& p : knownProfilePolicies())
            if (const auto m = expectationsFor(p).replayMarker)
                names.insert(m->first);
        for (const std::string& n : names)
            if (const std::string* v = headerValue(run->exchanges[1].response->headers, n))
                marker = n + ": " + *v;
        out.emplace_back("replay_marker", marker.empty() ? "none" : marker);
    }
    if (const CheckRun* run = runOf(ProbeCheck::ExpectedKeySyntax)) {
        const auto& ex = run->exchanges;
        const auto word = [&](std::size_t i) {
            return i < ex.size() ? (success(ex[i]) ? std::string("accepted") : "refused (" + answer(ex[i]) + ")")
                                 : "not sent";
        };
        std::string same;
        if (ex.size() > 1 && success(ex[0]) && success(ex[1]))
            same = ex[1].response->body == ex[0].response->body ? "; \"k\" and k one key" : "; \"k\" and k two keys";
        out.emplace_back("key_syntax",
            "token " + word(0) + ", quoted " + word(1) + same + ", " + std::to_string(kLongKeyLength) + " characters "
                + word(2) + ", empty " + word(3));
    }
    if (const CheckRun* run = runOf(ProbeCheck::OtherActor); run && run->exchanges.size() > 1) {
        const ProbeExchange& a = run->exchanges[0];
        const ProbeExchange& b = run->exchanges[1];
        out.emplace_back("key_scope",
            !success(b) ? "another actor's request with the same key was refused (" + answer(b) + ")"
                : a.response && b.response->body == a.response->body
                ? "another actor's request with the same key got the same body"
                : "another actor's request with the same key ran on its own");
    }
    // The refusals' media type, beside the profiles whose library answers so (express-idempotency's HTML error page,
    // node-idempotency's JSON, a problem document elsewhere): a hint to the library behind the endpoint.
    std::set<std::string> refusalTypes;
    for (const CheckRun& run : r.runs)
        for (const ProbeExchange& e : run.exchanges)
            if (e.response && e.response->status / 100 == 4) {
                const std::string* ct = headerValue(e.response->headers, "Content-Type");
                refusalTypes.insert(ct ? ct->substr(0, ct->find(';')) : std::string("none"));
            }
    if (!refusalTypes.empty()) {
        std::string types;
        for (const std::string& t : refusalTypes)
            types += (types.empty() ? "" : ", ") + t;
        std::string like;
        if (refusalTypes.size() == 1)
            for (const ServicePolicy& p : knownProfilePolicies()) {
                const ContractExpectations x = expectationsFor(p);
                if (QString::fromStdString(*refusalTypes.begin())
                        .compare(QString::fromStdString(x.refusalContentType), Qt::CaseInsensitive)
                    == 0)
                    like += (like.empty() ? "" : ", ") + x.profile;
            }
        out.emplace_back("refusals",
            "4xx answers as " + types
                + (like.empty() ? std::string(refusalTypes.size() == 1 ? "; no profile answers so" : "")
                                : " (as " + like + " answer)"));
    }
    // The answers' media types: an endpoint that answers HTML to everything is probably not the API.
    std::map<std::string, int> types;
    int answers = 0;
    for (const CheckRun& run : r.runs)
        for (const ProbeExchange& e : run.exchanges)
            if (e.response) {
                ++answers;
                const std::string* ct = headerValue(e.response->headers, "Content-Type");
                std::string t = ct ? ct->substr(0, ct->find(';')) : std::string("none");
                ++types[t];
            }
    if (answers > 0) {
        std::string s = joinCounts(types);
        if (types.size() == 1 && types.begin()->first == "text/html")
            s += ": every answer was an HTML page — is this the API's URL?";
        out.emplace_back("content_types", s);
    }
    return out;
}

} // namespace

std::string compactJson(const json::Value& value)
{
    std::string out;
    appendCompact(out, value);
    return out;
}

std::string changedBody(const std::string& body, const std::string& pointer)
{
    json::Value doc = json::parse(body);
    json::Value* at = resolve(doc, pointer);
    if (!at || pointer.empty())
        throw std::invalid_argument("the pointer \"" + pointer + "\" names no field of the body");
    switch (at->type) {
    case json::Type::Null:
        *at = json::Value::makeString("changed");
        break;
    case json::Type::Bool:
        at->boolean = !at->boolean;
        break;
    case json::Type::Number:
        *at = json::Value::makeNumber(at->number + 1);
        break;
    case json::Type::String:
        at->string += "-changed";
        break;
    case json::Type::Array:
        at->array.push_back(json::Value::makeString("changed"));
        break;
    case json::Type::Object: {
        json::Member m;
        m.key = "probe_changed";
        m.value = json::Value::makeBool(true);
        at->object.push_back(std::move(m));
        break;
    }
    }
    return compactJson(doc);
}

ProfileComparison judgeAgainst(const ProbeResult& result, const ProbeOptions& options, const ServicePolicy& policy)
{
    ProfileComparison c;
    c.profile = std::string(profileName(policy.profile));
    const ContractExpectations x = expectationsFor(policy, options.display);
    const bool watched = result.watched && result.watchNote.empty();
    for (const CheckRun& run : result.runs) {
        c.verdicts.push_back(judgeRun(run, options, x, watched));
        if (c.verdicts.back().verdict == Verdict::Fail)
            ++c.failures;
    }
    return c;
}

ProbeCard judgeProbe(const ProbeResult& result, const ProbeOptions& options)
{
    ProbeCard card;
    std::vector<ProfileComparison> all;
    for (const ServicePolicy& p : knownProfilePolicies())
        all.push_back(judgeAgainst(result, options, p));
    const ProfileComparison* nearest = nullptr;
    for (const ProfileComparison& c : all) {
        if (c.failures == 0)
            card.matches.push_back(c.profile);
        if (!nearest || c.failures < nearest->failures)
            nearest = &c;
    }
    if (nearest) {
        card.nearest = nearest->profile;
        for (const CheckVerdict& v : nearest->verdicts)
            for (const std::string& d : v.differences)
                card.nearestDifferences.push_back(std::string(probeCheckName(v.check)) + ": " + d);
    }
    const ProfileComparison* chosen = nearest;
    if (options.profile) {
        card.chosenByUser = true;
        for (const ProfileComparison& c : all)
            if (c.profile == profileName(*options.profile))
                chosen = &c;
    }
    if (chosen) {
        card.chosen = chosen->profile;
        card.verdicts = chosen->verdicts;
    }
    // Profiles listed together (the matches, or those as near as the nearest) that expect the same on the wire: the
    // card says why, and what can tell them apart.
    std::vector<const ProfileComparison*> listed;
    for (const ProfileComparison& c : all)
        if (card.matches.empty() ? (nearest && c.failures == nearest->failures) : c.failures == 0)
            listed.push_back(&c);
    std::vector<bool> grouped(listed.size(), false);
    for (std::size_t i = 0; i < listed.size(); ++i) {
        if (grouped[i])
            continue;
        const ServicePolicy first = ServicePolicy::forProfile(*profileFromName(listed[i]->profile));
        const ContractExpectations x = expectationsFor(first, options.display);
        std::vector<ServicePolicy> group { first };
        for (std::size_t j = i + 1; j < listed.size(); ++j) {
            const ServicePolicy other = ServicePolicy::forProfile(*profileFromName(listed[j]->profile));
            if (!grouped[j] && sameOnTheWire(x, expectationsFor(other, options.display))) {
                grouped[j] = true;
                group.push_back(other);
            }
        }
        if (group.size() < 2)
            continue;
        ProbeCard::Alike alike;
        for (const ServicePolicy& p : group)
            alike.profiles.emplace_back(profileName(p.profile));
        alike.sentence = whyAlike(group);
        // What this probe saw of the one difference a probe can see (the released Redis layer's takeover).
        const bool releasedRedis = std::any_of(
            group.begin(), group.end(), [](const ServicePolicy& p) { return p.profile == Profile::PowertoolsRedis; });
        for (const CheckVerdict& v : listed[i]->verdicts)
            if (releasedRedis && v.verdict == Verdict::Pass
                && (v.check == ProbeCheck::Concurrent || v.check == ProbeCheck::RetryWhileRunning))
                alike.sentence += " Here " + std::string(probeCheckName(v.check))
                    + " counted one execution: no request took a running one's record over in this run.";
        card.notes.push_back(alike.sentence); // every output's notes say it: the card, Markdown, probe@1
        card.alike.push_back(std::move(alike));
    }
    card.behaviour = behaviourOf(result);
    if (!result.watchNote.empty())
        card.notes.push_back(result.watchNote);
    const bool counts = options.resultId || (result.watched && result.watchNote.empty());
    if (!counts)
        card.notes.push_back("executions cannot be counted without --result-id or a watched table: checks that need "
                             "to count them are unobservable unless the answers already show a failure");
    for (const CheckVerdict& v : card.verdicts)
        if (v.verdict == Verdict::NotApplicable)
            card.notes.push_back(std::string(probeCheckName(v.check)) + " did not run: " + v.observed);
    return card;
}

} // namespace iw
