// The probe's plan, its runner (the exchanges of each check) and its judge (each check against each profile).
#include "probe.h"

#include "json.h"
#include "nametable.h"
#include "probewatch.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QThread>
#include <QUuid>

#include <algorithm>
#include <array>
#include <map>
#include <set>

namespace iw {

namespace {

constexpr auto s_checks = nameTable<ProbeCheck>({
    { ProbeCheck::ExpectedKeySyntax, "key_syntax" },
    { ProbeCheck::MissingKey, "missing_key" },
    { ProbeCheck::Replay, "replay" },
    { ProbeCheck::MismatchSignificant, "mismatch_significant" },
    { ProbeCheck::MismatchDisplay, "mismatch_display" },
    { ProbeCheck::Concurrent, "concurrent" },
    { ProbeCheck::RetryWhileRunning, "retry_while_running" },
    { ProbeCheck::LostResponse, "lost_response" },
    { ProbeCheck::OtherActor, "other_actor" },
    { ProbeCheck::ErrorThenFixed, "error_then_fixed" },
});

// lost_response retries while the first is still running, at most this often.
constexpr int kLostResponseRetries = 20;
// lost_response closes the first request's connection this long after sending it, without reading a byte.
constexpr unsigned long kLostResponseCloseAfterMs = 100;
// The body error_then_fixed sends first: JSON that ends too early.
constexpr std::string_view kBrokenBody = "{\"probe\": ";

std::string freshKey()
{
    return "probe-" + QUuid::createUuid().toString(QUuid::WithoutBraces).toStdString();
}

std::string quotedSfString(const std::string& text)
{
    std::string out = "\"";
    for (char c : text) {
        if (c == '"' || c == '\\')
            out += '\\';
        out += c;
    }
    return out + '"';
}

} // namespace

std::string_view probeCheckName(ProbeCheck c)
{
    return nameOf(s_checks, c);
}

std::optional<ProbeCheck> probeCheckFromName(std::string_view n)
{
    return valueOf(s_checks, n);
}

const std::vector<ProbeCheck>& allProbeChecks()
{
    static const std::vector<ProbeCheck> all = [] {
        std::vector<ProbeCheck> v;
        for (const auto& [value, name] : s_checks)
            v.push_back(value);
        return v;
    }();
    return all;
}

constexpr auto s_verdictNames = nameTable<Verdict>({
    { Verdict::Pass, "pass" },
    { Verdict::Fail, "fail" },
    { Verdict::Unobservable, "unobservable" },
    { Verdict::NotApplicable, "not_applicable" },
});

std::string_view verdictName(Verdict v)
{
    return nameOf(s_verdictNames, v);
}

bool ProbeCard::anyFailure() const
{
    return std::any_of(
        verdicts.begin(), verdicts.end(), [](const CheckVerdict& v) { return v.verdict == Verdict::Fail; });
}

// ---------------------------------------------------------------------------------------------------------------
// The plan

ProbePlan planProbe(const ProbeOptions& o)
{
    ProbePlan plan;
    const std::vector<ProbeCheck>& wanted = o.checks.empty() ? allProbeChecks() : o.checks;
    for (ProbeCheck c : allProbeChecks()) {
        if (std::find(wanted.begin(), wanted.end(), c) == wanted.end())
            continue;
        PlannedCheck p;
        p.check = c;
        switch (c) {
        case ProbeCheck::ExpectedKeySyntax:
            p.requests = 4;
            p.what = "a token, the same key quoted, a " + std::to_string(kLongKeyLength)
                + "-character key, an empty key: which the service accepts, and whether \"k\" and k are one key";
            break;
        case ProbeCheck::MissingKey:
            p.requests = 1;
            p.what = "the body without an Idempotency-Key";
            break;
        case ProbeCheck::Replay:
            p.requests = 2;
            p.what = "the body twice with one key: the same status and body bytes, Location and Content-Type kept";
            break;
        case ProbeCheck::MismatchSignificant:
            p.requests = 2;
            p.what = "the key again with a changed significant field";
            if (o.significant.empty())
                p.notApplicable = "needs --significant POINTER (a field that decides the effect)";
            break;
        case ProbeCheck::MismatchDisplay:
            p.requests = 2;
            p.what = "the key again with a changed display field: still a replay";
            if (o.display.empty())
                p.notApplicable = "needs --display POINTER (a field that does not decide the effect)";
            break;
        case ProbeCheck::Concurrent:
            p.requests = o.concurrency;
            p.what = std::to_string(o.concurrency) + " requests with one key at once: one execution, never a 5xx";
            break;
        case ProbeCheck::RetryWhileRunning:
            p.requests = 2;
            p.what = "the slow body, and the same again 50 ms later while the first still runs";
            if (!o.slowBody)
                p.notApplicable = "needs --slow-body (a body the service takes a while to handle)";
            break;
        case ProbeCheck::LostResponse:
            p.requests = 2 + kLostResponseRetries;
            p.what = "a request sent whole and its connection closed 100 ms later without reading a byte, then retries "
                     "with the same key (again while the first still runs) until a final answer, then one more";
            break;
        case ProbeCheck::OtherActor:
            p.requests = 2;
            p.what = "the same key from another actor: neither reads nor blocks the first's result";
            if (!o.authOther)
                p.notApplicable = "needs --auth-other (another user's Authorization)";
            break;
        case ProbeCheck::ErrorThenFixed:
            p.requests = 2;
            p.what = "a body that is not JSON, then the fixed body with the same key";
            break;
        }
        if (p.notApplicable.empty())
            plan.requests += p.requests;
        plan.checks.push_back(std::move(p));
    }
    return plan;
}

// ---------------------------------------------------------------------------------------------------------------
// The runner

struct ProbeRunner::Impl {
    ProbeOptions options;
    ProbeHttpClient client;
    Callbacks callbacks;
    std::unique_ptr<ProbeWatch> watch;
    QElapsedTimer clock;
    ProbeResult result;
    ExpectedKeySyntax keyForm = ExpectedKeySyntax::Raw; // how the probe's keys are sent
    // The key form was guessed (no profile chosen, key_syntax not run): the watch looks a row up by the header's text
    // too, in case the service keeps the quotes.
    bool keyFormGuessed = false;
    std::atomic<bool>* cancel = nullptr;

    Impl(ProbeOptions o, ProbeTarget t, Callbacks cb)
        : options(std::move(o))
        , client(std::move(t))
        , callbacks(std::move(cb))
    {
    }

    Millis now() const { return clock.elapsed(); }
    QDeadlineTimer deadline() const { return QDeadlineTimer(options.timeoutMs); }

    // The request of one exchange: the options' method, headers and Authorization, a body and a key header.
    HttpRequestOut request(const std::optional<std::string>& keyHeader, const std::string& body, bool other) const
    {
        HttpRequestOut r;
        r.method = options.method;
        r.target = client.target().pathAndQuery;
        bool contentType = false;
        for (const auto& [name, value] : options.headers) {
            if (QString::fromStdString(name).compare(QLatin1String("Content-Type"), Qt::CaseInsensitive) == 0)
                contentType = true;
            if (other && QString::fromStdString(name).compare(QLatin1String("Authorization"), Qt::CaseInsensitive) == 0)
                continue;
            r.headers.emplace_back(name, value);
        }
        const std::optional<std::string>& auth = other ? options.authOther : options.auth;
        if (auth)
            r.headers.emplace_back("Authorization", *auth);
        if (!contentType)
            r.headers.emplace_back("Content-Type", "application/json");
        r.headers.emplace_back("User-Agent", "idempotency-workbench-probe/" IW_VERSION);
        if (keyHeader)
            r.headers.emplace_back("Idempotency-Key", *keyHeader);
        r.body = body;
        r.hasBody = true;
        return r;
    }

    std::string keyHeaderFor(const std::string& key) const
    {
        return keyForm == ExpectedKeySyntax::SfString ? quotedSfString(key) : key;
    }

    ProbeExchange prepare(const std::string& label, const std::optional<std::string>& key, const std::string& body,
        bool other = false, std::optional<std::string> headerText = std::nullopt)
    {
        ProbeExchange e;
        e.label = label;
        if (key) {
            e.key = *key;
            e.keyHeader = headerText ? *headerText : keyHeaderFor(*key);
            e.keySent = true;
            if (watch && !e.key.empty())
                watch->follow(e.key, keyFormGuessed ? e.keyHeader : std::string());
        }
        e.actorLabel = other ? "auth-other" : "auth";
        e.request = request(e.keySent ? std::optional<std::string>(e.keyHeader) : std::nullopt, body, other);
        return e;
    }

    void settle(ProbeExchange& e, ProbeHttpClient::Result&& r)
    {
        e.doneMs = now();
        e.outcome = r.outcome;
        e.response = std::move(r.response);
        e.detail = r.detail.toStdString();
        if ((e.outcome == WireOutcome::Unreachable || e.outcome == WireOutcome::TlsRefused) && !result.unreachable)
            result.unreachable = e.detail;
        // A target that takes requests and never answers would hold the probe for a deadline per request: after
        // kSilentLimit requests in a row without an answer it stops.
        silentInARow = e.outcome == WireOutcome::Timeout ? silentInARow + 1 : 0;
        if (silentInARow >= kSilentLimit && !result.unreachable)
            result.unreachable = "no answer within the deadline of " + std::to_string(options.timeoutMs / 1000)
                + " s to " + std::to_string(kSilentLimit)
                + " requests in a row (raise --timeout if the service is that slow)";
    }
    int silentInARow = 0;
    static constexpr int kSilentLimit = 3;

    bool stopped() const { return cancel->load() || result.unreachable.has_value(); }

    // One request and its answer on the kept-alive connection.
    ProbeExchange& exchange(CheckRun& run, ProbeExchange e)
    {
        e.atMs = now();
        settle(e, client.exchange(e.request, deadline()));
        run.exchanges.push_back(std::move(e));
        if (callbacks.exchanged)
            callbacks.exchanged(run.check, run.exchanges.back());
        return run.exchanges.back();
    }

    void publish(const CheckRun& run, std::size_t from)
    {
        if (callbacks.exchanged)
            for (std::size_t i = from; i < run.exchanges.size(); ++i)
                callbacks.exchanged(run.check, run.exchanges[i]);
    }

    bool isInProgressAnswer(const ProbeExchange& e) const
    {
        if (!e.response)
            return false;
        const int s = e.response->status;
        return s == 409 || s == 425 || s == 429 || s == 423;
    }

    // Waits before retrying an in-progress answer: its Retry-After (at most 2 s), else 100 ms.
    void pause(const ProbeExchange& e) const
    {
        int ms = 100;
        if (e.response)
            if (const std::string* ra = headerValue(e.response->headers, "Retry-After")) {
                bool ok = false;
                const int s = QString::fromStdString(*ra).trimmed().toInt(&ok);
                if (ok && s >= 0)
                    ms = std::clamp(s * 1000, 50, 2000);
            }
        QThread::msleep(static_cast<unsigned long>(ms));
    }

    void run(CheckRun& run);
};

ProbeRunner::ProbeRunner(ProbeOptions options, ProbeTarget target, Callbacks callbacks)
    : d(std::make_unique<Impl>(std::move(options), std::move(target), std::move(callbacks)))
{
    d->cancel = &m_cancel;
    d->client.setCancelFlag(&m_cancel);
}

ProbeRunner::~ProbeRunner() = default;

void ProbeRunner::setWatch(std::unique_ptr<ProbeWatch> watch)
{
    d->watch = std::move(watch);
}

void ProbeRunner::Impl::run(CheckRun& run)
{
    const std::string& body = options.body;
    switch (run.check) {
    case ProbeCheck::ExpectedKeySyntax: {
        const std::string key = freshKey();
        exchange(run, prepare("token key", key, body, false, key));
        if (stopped())
            return;
        exchange(run, prepare("the same key quoted", key, body, false, quotedSfString(key)));
        if (stopped())
            return;
        std::string longKey = freshKey();
        longKey.resize(static_cast<std::size_t>(kLongKeyLength), 'x');
        exchange(run,
            prepare(std::to_string(kLongKeyLength) + "-character key", longKey, body, false,
                keyForm == ExpectedKeySyntax::SfString ? quotedSfString(longKey) : longKey));
        if (stopped())
            return;
        exchange(run, prepare("empty key", std::string(), body, false, std::string()));
        // The rest of the probe sends keys in the form the service accepted: a token unless only quoted worked.
        const auto ok = [&](std::size_t i) {
            return run.exchanges.size() > i && run.exchanges[i].response
                && run.exchanges[i].response->status / 100 == 2;
        };
        if (!options.profile && !ok(0) && ok(1))
            keyForm = ExpectedKeySyntax::SfString;
        keyFormGuessed = false;
        return;
    }
    case ProbeCheck::MissingKey:
        exchange(run, prepare("no key", std::nullopt, body));
        return;
    case ProbeCheck::Replay: {
        const std::string key = freshKey();
        exchange(run, prepare("first", key, body));
        if (!stopped())
            exchange(run, prepare("same key again", key, body));
        return;
    }
    case ProbeCheck::MismatchSignificant:
    case ProbeCheck::MismatchDisplay: {
        const bool significant = run.check == ProbeCheck::MismatchSignificant;
        const std::string key = freshKey();
        exchange(run, prepare("first", key, body));
        if (stopped())
            return;
        const std::string changed
            = changedBody(body, significant ? options.significant.front() : options.display.front());
        exchange(run, prepare(significant ? "significant field changed" : "display field changed", key, changed));
        return;
    }
    case ProbeCheck::Concurrent: {
        const std::string key = freshKey();
        std::vector<ProbeHttpClient::Pending> pending;
        std::vector<ProbeExchange> sent;
        // Every request is sent whole before any answer is read: the service sees them at once.
        for (int i = 0; i < options.concurrency; ++i) {
            ProbeExchange e = prepare("copy " + std::to_string(i + 1), key, body);
            e.atMs = now();
            pending.push_back(client.send(e.request, deadline()));
            sent.push_back(std::move(e));
        }
        for (std::size_t i = 0; i < sent.size(); ++i)
            settle(sent[i], client.readAnswer(pending[i], deadline()));
        const std::size_t from = run.exchanges.size();
        for (ProbeExchange& e : sent)
            run.exchanges.push_back(std::move(e));
        publish(run, from);
        return;
    }
    case ProbeCheck::RetryWhileRunning: {
        const std::string key = freshKey();
        ProbeExchange first = prepare("slow first", key, *options.slowBody);
        first.atMs = now();
        ProbeHttpClient::Pending p = client.send(first.request, deadline());
        QThread::msleep(50);
        ProbeExchange second = prepare("retry while the first runs", key, *options.slowBody);
        second.atMs = now();
        ProbeHttpClient::Pending q = client.send(second.request, deadline());
        settle(second, client.readAnswer(q, deadline()));
        settle(first, client.readAnswer(p, deadline()));
        run.exchanges.push_back(std::move(first));
        run.exchanges.push_back(std::move(second));
        publish(run, 0);
        return;
    }
    case ProbeCheck::LostResponse: {
        const std::string key = freshKey();
        ProbeExchange first = prepare("sent whole, closed before reading", key, body);
        first.atMs = now();
        ProbeHttpClient::Pending p = client.send(first.request, deadline());
        // The server is given a moment to read the request before the connection goes: a server that finds its
        // client gone while it still reads the body drops the request (a lost request, not a lost response).
        QThread::msleep(kLostResponseCloseAfterMs);
        settle(first, client.closeWithoutReading(p));
        run.exchanges.push_back(std::move(first));
        publish(run, 0);
        if (stopped())
            return;
        for (int i = 0; i < kLostResponseRetries && !stopped(); ++i) {
            const ProbeExchange& r = exchange(run, prepare("retry", key, body));
            if (!isInProgressAnswer(r))
                break;
            pause(r);
        }
        if (!stopped())
            exchange(run, prepare("once more", key, body));
        return;
    }
    case ProbeCheck::OtherActor: {
        const std::string key = freshKey();
        exchange(run, prepare("first actor", key, body, false));
        if (!stopped())
            exchange(run, prepare("other actor, same key", key, body, true));
        return;
    }
    case ProbeCheck::ErrorThenFixed: {
        const std::string key = freshKey();
        exchange(run, prepare("body that is not JSON", key, std::string(kBrokenBody)));
        if (!stopped())
            exchange(run, prepare("the fixed body, same key", key, body));
        return;
    }
    }
}

ProbeResult ProbeRunner::run()
{
    Impl& i = *d;
    i.clock.start();
    i.result = {};
    i.result.target = i.client.target();
    i.result.startedEpochMs = QDateTime::currentMSecsSinceEpoch();
    const ProbePlan plan = planProbe(i.options);
    const bool keySyntaxRuns = std::any_of(plan.checks.begin(), plan.checks.end(),
        [](const PlannedCheck& c) { return c.check == ProbeCheck::ExpectedKeySyntax && c.notApplicable.empty(); });
    if (i.options.profile) {
        i.keyForm
            = expectationsFor(ServicePolicy::forProfile(*i.options.profile)).keySyntax == ExpectedKeySyntax::SfString
            ? ExpectedKeySyntax::SfString
            : ExpectedKeySyntax::Raw;
    } else if (!keySyntaxRuns) {
        // Nothing says which form the service reads: an RFC 8941 String, the standard's form, which a service reading
        // the header's raw text takes as a key too (quotes included), where a bare token is refused by a strict one.
        i.keyForm = ExpectedKeySyntax::SfString;
        i.keyFormGuessed = true;
    }
    if (i.watch) {
        i.result.watched = true;
        i.watch->start([&i] { return i.now(); }, i.callbacks.rowSeen);
    }
    for (const PlannedCheck& planned : plan.checks) {
        CheckRun run;
        run.check = planned.check;
        run.notApplicable = planned.notApplicable;
        if (i.stopped())
            break;
        if (i.callbacks.checkStarted)
            i.callbacks.checkStarted(planned);
        if (planned.notApplicable.empty())
            i.run(run);
        i.result.runs.push_back(std::move(run));
        if (i.callbacks.checkFinished)
            i.callbacks.checkFinished(i.result.runs.back());
    }
    i.result.cancelled = m_cancel.load();
    if (i.watch) {
        // A last look once every answer is in: rows complete after their answers are written.
        QThread::msleep(100);
        std::vector<WatchedRow> rows = i.watch->finish();
        const std::string problem = i.watch->problem();
        if (!problem.empty())
            i.result.watchNote = "the watch of " + i.watch->tableName() + " stopped: " + problem;
        else if (rows.empty())
            i.result.watchNote = "the watched table " + i.watch->tableName()
                + " held no row for any of the probe's keys: is it the table this service writes?";
        for (CheckRun& run : i.result.runs) {
            std::set<std::string> keys;
            for (const ProbeExchange& e : run.exchanges)
                if (e.keySent && !e.key.empty())
                    keys.insert(e.key);
            for (const WatchedRow& w : rows)
                if (keys.count(w.key))
                    run.rows.push_back(w);
        }
    }
    i.result.sentKeyForm = i.keyForm;
    i.result.wallMs = i.now();
    return i.result;
}

} // namespace iw
