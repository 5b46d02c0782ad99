// Serving real clients: the HTTP → request mapping of docs/reference/serve.md and the service that answers them through
// a Simulation driven on the caller's clock.
#include "servedservice.h"

#include "fingerprint.h"
#include "jsontext.h"
#include "report.h"
#include "runbudget.h"
#include "service.h"
#include "structuredfield.h"
#include "utf8.h"

#include <QByteArray>

#include <absl/container/flat_hash_map.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <climits>
#include <cstring>
#include <stdexcept>

namespace iw {

namespace {

constexpr Millis kServedTimeoutMs = 3'600'000; // a served client's timeout: it only decides when a row says timeout
static_assert(kDefaultIntentWindowMs == DefaultIntentWindowMs, "one default window for serve and reconstruct");

std::string lower(std::string_view s)
{
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(), [](char c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; });
    return out;
}

bool validUtf8(std::string_view s)
{
    // ASCII is valid UTF-8: most headers are, and they need no JSON reader.
    if (std::all_of(s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; }))
        return true;
    try {
        std::string quoted = "\"";
        // The JSON reader checks UTF-8 strictly; a string with no quote or backslash or control parses as itself.
        for (const char c : s) {
            if (c == '"' || c == '\\' || static_cast<unsigned char>(c) < 0x20)
                quoted += ' ';
            else
                quoted += c;
        }
        quoted += '"';
        json::parse(quoted);
        return true;
    } catch (const json::ParseError&) {
        return false;
    }
}

std::optional<std::string> percentDecode(std::string_view s, std::string& error)
{
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size(); ++i) {
        const char c = s[i];
        if (c == '+') {
            out.push_back(' ');
        } else if (c == '%') {
            const int hi = i + 1 < s.size() ? json::hexValue(s[i + 1]) : -1;
            const int lo = i + 2 < s.size() ? json::hexValue(s[i + 2]) : -1;
            if (hi < 0 || lo < 0) {
                error = "form body: '%' not followed by two hexadecimal digits at byte " + std::to_string(i + 1);
                return std::nullopt;
            }
            out.push_back(static_cast<char>(hi * 16 + lo));
            i += 2;
        } else {
            out.push_back(c);
        }
    }
    if (!validUtf8(out)) {
        error = "form body: a name or value is not valid UTF-8 once decoded";
        return std::nullopt;
    }
    return out;
}

const char* problemTitle(Decision d)
{
    switch (d) {
    case Decision::MissingKey:
        return "Idempotency-Key required";
    case Decision::InvalidKey:
        return "Invalid Idempotency-Key";
    case Decision::RejectedPayload:
        return "Payload rejected before execution";
    case Decision::PayloadMismatch:
        return "Idempotency-Key reused with a different payload";
    case Decision::ConflictInProgress:
        return "A request with this Idempotency-Key is still in progress";
    case Decision::ExpiredRejected:
        return "Idempotency-Key expired";
    case Decision::StoreUnavailable:
        return "Idempotency store unavailable";
    default:
        return nullptr;
    }
}

// The `statuses` package's messages, which Express's final handler writes on its error page (where they differ from
// RFC 9110's reason phrases).
std::string_view expressStatusMessage(int status)
{
    switch (status) {
    case 413:
        return "Payload Too Large";
    case 422:
        return "Unprocessable Entity";
    default:
        return httpReasonPhrase(status);
    }
}

void member(std::string& out, const char* name, std::string_view value, bool first = false)
{
    if (!first)
        out += ", ";
    json::appendString(out, name);
    out += ": ";
    json::appendString(out, value);
}

} // namespace

std::vector<std::pair<std::string, std::string>> ServedAnswer::headers() const
{
    std::vector<std::pair<std::string, std::string>> fields;
    fields.emplace_back("Idempotency-Decision", std::string(decision));
    fields.emplace_back("Idempotency-Request", request);
    if (replayed)
        fields.emplace_back("Idempotent-Replayed", "true");
    if (!contentType.empty())
        fields.emplace_back("Content-Type", std::string(contentType));
    for (const auto& [name, value] : extra)
        fields.emplace_back(std::string(name), value);
    return fields;
}

void ServedAnswer::appendResponse(std::string& out, bool keepAlive, bool withBody) const
{
    // The bytes of beginHttpResponse, appendHttpField and endHttpResponse, sized first and then written in place:
    // twenty appends, each checking the string's room, were most of what an answer cost.
    char statusDigits[16];
    const std::string_view statusText(statusDigits,
        static_cast<std::size_t>(std::to_chars(statusDigits, statusDigits + 16, status).ptr - statusDigits));
    char lengthDigits[24];
    const std::string_view lengthText(lengthDigits,
        static_cast<std::size_t>(std::to_chars(lengthDigits, lengthDigits + 24, body.size()).ptr - lengthDigits));
    const std::string_view reason = httpReasonPhrase(status);
    constexpr std::string_view kDecision = "Idempotency-Decision: ";
    constexpr std::string_view kRequest = "Idempotency-Request: ";
    constexpr std::string_view kReplayed = "Idempotent-Replayed: true\r\n";
    constexpr std::string_view kContentType = "Content-Type: ";
    constexpr std::string_view kLength = "Content-Length: ";
    constexpr std::string_view kClose = "Connection: close\r\n";
    std::size_t size = 9 + statusText.size() + 1 + reason.size() + 2 + kDecision.size() + decision.size() + 2
        + kRequest.size() + request.size() + 2 + kLength.size() + lengthText.size() + 2 + 2;
    if (replayed)
        size += kReplayed.size();
    if (!contentType.empty())
        size += kContentType.size() + contentType.size() + 2;
    for (const auto& [name, value] : extra)
        size += name.size() + 2 + value.size() + 2;
    if (!keepAlive)
        size += kClose.size();
    if (withBody)
        size += body.size();
    const std::size_t at = out.size();
    out.resize(at + size);
    char* p = out.data() + at;
    const auto put = [&p](std::string_view text) {
        std::memcpy(p, text.data(), text.size());
        p += text.size();
    };
    const auto field = [&put](std::string_view nameAndColon, std::string_view value) {
        put(nameAndColon);
        put(value);
        put("\r\n");
    };
    put("HTTP/1.1 ");
    put(statusText);
    put(" ");
    put(reason);
    put("\r\n");
    field(kDecision, decision);
    field(kRequest, request);
    if (replayed)
        put(kReplayed);
    if (!contentType.empty())
        field(kContentType, contentType);
    for (const auto& [name, value] : extra) {
        put(name);
        field(": ", value);
    }
    field(kLength, lengthText);
    if (!keepAlive)
        put(kClose);
    put("\r\n");
    if (withBody)
        put(body);
}

std::optional<json::Value> formToJson(std::string_view body, std::string& error, bool* tooManyFields)
{
    json::Value object = json::Value::makeObject();
    // Each name is found through a hash map from the name to its member: a scan of the members per name made a
    // 1 MB body of 152,844 names hold the whole server for over a minute.
    absl::flat_hash_map<std::string, std::size_t> members;
    std::size_t fields = 0;
    std::size_t start = 0;
    while (start <= body.size()) {
        std::size_t amp = body.find('&', start);
        if (amp == std::string_view::npos)
            amp = body.size();
        const std::string_view pair = body.substr(start, amp - start);
        start = amp + 1;
        if (pair.empty())
            continue;
        if (++fields > kMaxFormFields) {
            error = "form body: more than " + std::to_string(kMaxFormFields) + " fields";
            if (tooManyFields)
                *tooManyFields = true;
            return std::nullopt;
        }
        const std::size_t eq = pair.find('=');
        auto name = percentDecode(pair.substr(0, eq), error);
        if (!name)
            return std::nullopt;
        auto value = percentDecode(eq == std::string_view::npos ? std::string_view() : pair.substr(eq + 1), error);
        if (!value)
            return std::nullopt;
        const auto [it, isNew] = members.try_emplace(*name, object.object.size());
        if (isNew) {
            object.object.push_back({ std::move(*name), {}, json::Value::makeString(std::move(*value)) });
        } else {
            json::Value& existing = object.object[it->second].value;
            if (!existing.isArray()) {
                json::Value array = json::Value::makeArray();
                array.array.push_back(std::move(existing));
                existing = std::move(array);
            }
            existing.array.push_back(json::Value::makeString(std::move(*value)));
        }
    }
    return object;
}

std::optional<std::string> actorFromAuthorization(std::string_view authorization)
{
    const std::size_t space = authorization.find(' ');
    if (space == std::string_view::npos)
        return std::nullopt;
    const std::string scheme = lower(authorization.substr(0, space));
    std::string_view credentials = authorization.substr(space + 1);
    while (!credentials.empty() && credentials.front() == ' ')
        credentials.remove_prefix(1);
    if (scheme == "bearer" && !credentials.empty())
        return "token:" + sha256Hex(credentials).substr(0, 12);
    if (scheme == "basic") {
        const auto decoded
            = QByteArray::fromBase64Encoding(QByteArray(credentials.data(), static_cast<qsizetype>(credentials.size())),
                QByteArray::AbortOnBase64DecodingErrors);
        if (!decoded)
            return std::nullopt;
        const QByteArray& bytes = *decoded;
        const qsizetype colon = bytes.indexOf(':');
        std::string user = (colon < 0 ? bytes : bytes.left(colon)).toStdString();
        if (user.empty() || !validUtf8(user) || user.find('\0') != std::string::npos)
            return std::nullopt;
        return user;
    }
    return std::nullopt;
}

namespace {

// The body the last read request's payload came from, and that payload (in the entry it became).
struct LastBody {
    std::string_view body;
    BodyReader reader = BodyReader::None;
    const json::Value* payload = nullptr;
    // A tree no entry needs any more, whose buffers the copy of `payload` is made in (null: none).
    json::Value* spare = nullptr;
};

ServedRequest readHttpRequest(const HttpRequest& http, const LastBody* last, const ServicePolicy& policy);

} // namespace

ServedRequest requestFromHttp(const HttpRequest& http, const ServicePolicy& policy)
{
    return readHttpRequest(http, nullptr, policy);
}

ServedRequest requestFromHttp(const HttpRequest& http)
{
    static const ServicePolicy ietf = ServicePolicy::forProfile(Profile::Ietf);
    return readHttpRequest(http, nullptr, ietf);
}

bool readsPassThrough(const ServicePolicy& policy)
{
    return policy.profile != Profile::ExpressIdempotency && policy.profile != Profile::NodeIdempotency;
}

namespace {

ServedRequest readHttpRequest(const HttpRequest& http, const LastBody* last, const ServicePolicy& policy)
{
    ServedRequest r;
    r.method = http.method;
    // GET (and HEAD, its answer without the body) is a read: safe, so it needs none of the key machinery — its
    // Idempotency-Key header is not read, and the service lets it through with no claim and no effect.
    // Compared as views: the size first, where std::string == const char* measures the literal and compares.
    const std::string_view method(r.method);
    r.read = (method == "GET" || method == "HEAD") && readsPassThrough(policy);
    const std::size_t query = http.target.find('?');
    r.path.assign(http.target, 0, query); // path(): the target without its query string
    if (query != std::string::npos)
        r.query.assign(http.target, query + 1);
    r.operation.reserve(r.method.size() + 1 + r.path.size());
    r.operation.append(r.method).append(1, ' ').append(r.path);

    // The first of each header this reads, and how many Idempotency-Key headers came, in one pass over the fields
    // (a lookup per name walked them seven times).
    const std::string* authorization = nullptr;
    const std::string* xActor = nullptr;
    const std::string* xClient = nullptr;
    const std::string* userAgent = nullptr;
    const std::string* xIntent = nullptr;
    const std::string* idempotencyKey = nullptr;
    const std::string* contentType = nullptr;
    int keys = 0;
    for (const HttpHeader& h : http.headers) {
        const auto first = [&h](const std::string*& field, std::string_view name) {
            if (!field && h.name == name)
                field = &h.value;
        };
        switch (h.name.size()) {
        case 7:
            first(xActor, "x-actor");
            break;
        case 8:
            first(xClient, "x-client");
            first(xIntent, "x-intent");
            break;
        case 10:
            first(userAgent, "user-agent");
            break;
        case 12:
            first(contentType, "content-type");
            break;
        case 13:
            first(authorization, "authorization");
            break;
        case 15:
            if (std::string_view(h.name) == "idempotency-key") {
                ++keys;
                if (!idempotencyKey)
                    idempotencyKey = &h.value;
            }
            break;
        default:
            break;
        }
    }

    if (authorization) {
        if (auto actor = actorFromAuthorization(*authorization))
            r.actor = std::move(*actor);
        else if (xActor && !xActor->empty())
            r.actor = *xActor;
    } else if (xActor && !xActor->empty()) {
        r.actor = *xActor;
    }
    if (!validUtf8(r.actor) || r.actor.find('\0') != std::string::npos)
        r.actor = "anonymous";

    if (xClient && !xClient->empty() && validUtf8(*xClient)) {
        r.client = *xClient;
    } else if (userAgent && !userAgent->empty()) {
        // The product name of the first product token: "Stripe/v1 NodeBindings/23.1.0" → "Stripe".
        const std::string_view agent(*userAgent);
        const std::string_view product = agent.substr(0, agent.find_first_of("/ \t("));
        if (!product.empty() && validUtf8(product))
            r.client = product;
    }

    if (xIntent && !xIntent->empty() && validUtf8(*xIntent))
        r.intent = *xIntent;

    if (r.read) {
        // A read's key is no key: Stripe's "idempotency keys on GET have no effect".
    } else if (keys > 1) {
        r.keyKind = RequestSpec::KeyKind::Literal;
        r.keyUnreadable = true;
        r.keyError = "the Idempotency-Key header was sent " + std::to_string(keys) + " times";
        for (const HttpHeader& h : http.headers) {
            if (h.name == "idempotency-key")
                r.key += (r.key.empty() ? "" : ", ") + h.value;
        }
    } else if (keys == 1 && policy.keySyntax == KeySyntax::Raw) {
        // docs/reference/decisions.md#profiles raw: the header's text as sent, quotes included (the parser has trimmed
        // its surrounding whitespace); the libraries' code reads an empty header as no key.
        const std::string& raw = *idempotencyKey;
        const bool emptyIsNone
            = policy.profile == Profile::ExpressIdempotency || policy.profile == Profile::NodeIdempotency;
        if (!(raw.empty() && emptyIsNone)) {
            r.keyKind = RequestSpec::KeyKind::Literal;
            r.key = raw;
            if (std::any_of(raw.begin(), raw.end(), [](char c) {
                    const auto u = static_cast<unsigned char>(c);
                    return u < 0x20 || u == 0x7f;
                })) {
                r.keyUnreadable = true;
                r.keyError = "the Idempotency-Key header has a control character";
            }
        }
    } else if (keys == 1) {
        r.keyKind = RequestSpec::KeyKind::Literal;
        const std::string& raw = *idempotencyKey;
        KeyHeader read = readKeyHeader(raw);
        if (read.key && read.structured) {
            r.key = std::move(*read.key);
        } else {
            // docs/reference/decisions.md#profiles sf-string: only an RFC 8941 String is a key; a token (s-1, 123, 1.5,
            // ?1, :YWJj:) is not.
            r.keyUnreadable = true;
            r.keyError = "the Idempotency-Key header is "
                + (read.key ? std::string("a bare token, not an sf-string (key_syntax sf-string: send it in double "
                                          "quotes)")
                            : read.error);
            r.key = raw;
        }
    }
    // The header's text as received (one header or several joined) may not be UTF-8 (fuzz_http found the joined
    // one unchecked): the report must stay valid JSON.
    if (keys > 0 && !validUtf8(r.key)) {
        r.keyUnreadable = true;
        r.keyError = keys > 1 ? "the Idempotency-Key header was sent " + std::to_string(keys) + " times, not as UTF-8"
                              : std::string("the Idempotency-Key header is not valid UTF-8");
        r.key = "\xef\xbf\xbd";
    }

    if (http.bodyTooLarge) {
        r.rejectStatus = 413;
        r.rejectDetail = "The body is larger than the server's --max-body limit.";
        return r;
    }
    if (!http.hasBody || http.body.empty())
        return r;
    // The media type, compared without case and without a copy.
    std::string_view mediaType;
    if (contentType)
        mediaType = std::string_view(*contentType).substr(0, contentType->find(';'));
    while (!mediaType.empty() && (mediaType.back() == ' ' || mediaType.back() == '\t'))
        mediaType.remove_suffix(1);
    const auto is = [](std::string_view text, std::string_view lowerCase) {
        // Clients nearly always send it in lower case: one memcmp says so, where the folding loop took a character
        // at a time.
        return text == lowerCase
            || (text.size() == lowerCase.size()
                && std::equal(text.begin(), text.end(), lowerCase.begin(),
                    [](char c, char l) { return (c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c) == l; }));
    };
    // The last body read the same way, byte for byte: the same payload, copied rather than parsed again.
    const auto sameAsLast = [&](BodyReader reader) {
        if (!last || last->reader != reader || last->body != http.body)
            return false;
        if (last->spare)
            r.payload = std::move(*last->spare);
        r.payload = *last->payload;
        r.bodyReader = reader;
        r.payloadSameAsLast = true;
        return true;
    };
    if (is(mediaType, "application/json")
        || (mediaType.size() > 5 && is(mediaType.substr(mediaType.size() - 5), "+json"))) {
        if (sameAsLast(BodyReader::Json))
            return r;
        try {
            r.payload = json::parse(http.body);
            r.bodyReader = BodyReader::Json;
        } catch (const json::ParseError& e) {
            r.rejectStatus = 400;
            r.rejectDetail = "The JSON body does not parse: line " + std::to_string(e.position().line) + ", column "
                + std::to_string(e.position().column) + ": " + e.what();
        }
    } else if (is(mediaType, "application/x-www-form-urlencoded")) {
        if (sameAsLast(BodyReader::Form))
            return r;
        std::string error;
        bool tooMany = false;
        if (auto form = formToJson(http.body, error, &tooMany)) {
            r.payload = std::move(*form);
            r.bodyReader = BodyReader::Form;
        } else {
            r.rejectStatus = tooMany ? 413 : 400;
            r.rejectDetail = "The form body does not parse: " + error + ".";
        }
    } else {
        r.rejectStatus = 415;
        r.rejectDetail = contentType
            ? "The body's Content-Type \"" + (validUtf8(*contentType) ? *contentType : std::string("?"))
                + "\" is neither application/json nor application/x-www-form-urlencoded."
            : std::string("The body has no Content-Type: send application/json or "
                          "application/x-www-form-urlencoded.");
    }
    return r;
}

} // namespace

ServedRequest ServedService::read(HttpRequest&& http)
{
    LastBody last;
    if (m_lastBodyEntry >= 0)
        last = { m_lastBody, m_lastBodyReader,
            m_lastBodyPayloadTaken ? &m_lastBodyPayload
                                   : &m_sim->scenario().requests[static_cast<std::size_t>(m_lastBodyEntry)].payload,
            &m_spareTree };
    ServedRequest r = readHttpRequest(http, m_lastBodyEntry >= 0 ? &last : nullptr, m_sim->scenario().service);
    if (r.bodyReader != BodyReader::None)
        r.body = std::move(http.body);
    return r;
}

ServedService::ServedService(const Scenario& scenario, IdempotencyStore& store)
    : m_baseScenario(scenario)
    , m_store(store)
{
    m_baseScenario.clients.clear();
    m_baseScenario.requests.clear();
    m_baseScenario.expect.clear();
    m_baseScenario.hasExpect = false;
    m_baseScenario.service.networkMs = 0; // serve adds no network delay
    m_answering = std::make_unique<RefusalAnsweringStore>(m_store, [this](const std::string& sentence) {
        if (m_problem)
            m_problem(sentence + "; that request was answered store_unavailable (503)");
    });
    start(0);
}

ServedService::ServedService(Simulation& shared)
    : m_baseScenario(shared.scenario())
    , m_store(shared.store())
    , m_shared(true)
{
    m_baseScenario.clients.clear();
    m_baseScenario.requests.clear();
    m_baseScenario.expect.clear();
    m_baseScenario.hasExpect = false;
    // Faults pinned to an entry belong to the requests fired beside (the GUI's Fire buttons): none of them is served.
    m_baseScenario.faults.erase(std::remove_if(m_baseScenario.faults.begin(), m_baseScenario.faults.end(),
                                    [](const FaultSpec& f) { return f.request.has_value(); }),
        m_baseScenario.faults.end());
    attach(shared);
}

ServedService::~ServedService()
{
    if (m_shared && m_sim)
        m_sim->setDecisionObserver({});
}

void ServedService::clearTraffic()
{
    ++m_generation;
    m_jump = 0;
    m_clients.clear();
    m_lastClient = -1;
    m_clientNames.clear();
    m_arrivalsByScope.clear();
    m_unsent.clear();
    m_lastBody.clear();
    m_lastBodyReader = BodyReader::None;
    m_lastBodyEntry = -1;
    m_lastBodyPayload = json::Value();
    m_lastBodyPayloadTaken = false;
    m_spareTree = json::Value();
    m_payloadTexts.clear();
    m_payloadIndex.clear();
    m_entryPayload.clear();
    m_payloadBytes = 0;
    m_entryClient.clear();
    m_clientNameList.clear();
    m_clientNameIds.clear();
    m_entryAttempt.clear();
    m_numbered = 0;
    m_unrecordable.clear();
    m_rejectDetail.clear();
    m_storeFailures.clear();
    m_stoppedCrashes.clear();
    m_undecided = 0;
    m_grouper = SuspectedIntentGrouper(m_sim->scenario().service.intentWindowMs);
    m_groupsForgotten = 0;
    m_servedEntries.clear();
    m_gone.clear();
    m_decided.clear();
    m_deciding.clear();
    m_answers.clear();
}

void ServedService::start(Millis wall)
{
    Scenario simulated = m_baseScenario;
    // Faults other than db_down are matched here, against served clients and per-scope attempts, and pinned to the
    // entry they strike; db_down windows run on the service clock as they are.
    simulated.faults.erase(std::remove_if(simulated.faults.begin(), simulated.faults.end(),
                               [](const FaultSpec& f) { return f.kind != FaultKind::DbDown; }),
        simulated.faults.end());
    m_sim = nullptr;
    m_owned.reset();
    m_owned = std::make_unique<Simulation>(std::move(simulated), m_answering ? *m_answering : m_store);
    m_sim = m_owned.get();
    m_sim->trackOpenRequests(); // its live reports copy the rows still changing, not walk them all
    m_sim->setDecisionObserver([this](int request, Outcome& outcome) { collect(request, outcome); });
    clearTraffic();
    m_base = wall;
}

void ServedService::attach(Simulation& shared)
{
    m_sim = &shared;
    m_sim->trackOpenRequests();
    m_sim->setDecisionObserver([this](int request, Outcome& outcome) { collect(request, outcome); });
    clearTraffic();
    // The simulated clients keep their names; a served client never takes one of them.
    m_simulatedNames.clear();
    for (int i = 0; i < static_cast<int>(m_sim->scenario().clients.size()); ++i) {
        m_clientNames.emplace(m_sim->clientId(i), i);
        m_simulatedNames.insert(m_sim->clientId(i));
    }
    m_base = -m_sim->now();
}

void ServedService::beginServing(Millis wall)
{
    if (!m_shared) {
        start(wall);
        return;
    }
    // The clock goes on from the shared simulation's instant.
    m_base = wall - m_sim->now() + m_jump;
}

void ServedService::reset(Millis wall)
{
    if (!m_shared) {
        start(wall);
        return;
    }
    if (!m_resetHandler)
        throw std::logic_error("reset beside simulated clients needs a reset handler");
    // The old simulation may be gone once the handler returns: it is not touched after.
    Simulation* fresh = m_resetHandler();
    if (!fresh)
        throw std::runtime_error("the simulation beside could not be reset now; try again");
    attach(*fresh);
    m_base = wall - m_sim->now();
}

int ServedService::clientFor(const std::string& name, const std::string& actor)
{
    // A client's requests come in runs: the last one found is compared before the map is searched.
    if (m_lastClient >= 0 && name == m_lastClientName && actor == m_lastClientActor)
        return m_lastClient;
    const auto found = m_clients.find(std::pair<std::string_view, std::string_view>(name, actor));
    if (found != m_clients.end()) {
        m_lastClient = found->second;
        m_lastClientName = name;
        m_lastClientActor = actor;
        return found->second;
    }
    // A client per (client name, actor) pair; the first actor of a name keeps the bare name. Beside simulated
    // clients, a name one of them has is the real one's: "client-1 (http)".
    std::string id = name;
    if (m_simulatedNames.count(id))
        id = name + " (http)";
    for (int n = 2; m_clientNames.count(id); ++n)
        id = name + " (" + actor + (n > 2 ? " " + std::to_string(n - 1) : std::string()) + ")";
    ClientSpec client;
    client.id = id;
    client.actor = actor;
    client.timeoutMs = kServedTimeoutMs;
    client.retry.maxAttempts = 1;
    const int index = m_sim->addClient(client);
    m_clients.emplace(std::make_pair(name, actor), index);
    m_clientNames.emplace(id, index);
    return index;
}

namespace {

// A long name in a message: its first 60 characters and its length, so that one header cannot flood an answer.
std::string cutName(std::string_view s)
{
    constexpr std::size_t limit = 60;
    std::string out = "\"";
    if (s.size() <= limit) {
        out.append(s);
        return out + "\"";
    }
    out.append(utf8::prefixBytes(s, limit));
    return out + "\u2026\" (" + std::to_string(utf8::codePoints(s)) + " characters)";
}

// JSON text in source order without whitespace, numbers as written: the payload as the recording writes it back.
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
        break;
    case json::Type::Bool:
        out += v.boolean ? "true" : "false";
        break;
    case json::Type::Number:
        if (v.numberText.empty())
            json::appendNumber(out, v.number);
        else
            out += v.numberText;
        break;
    case json::Type::String:
        json::appendString(out, v.string);
        break;
    case json::Type::Array:
        out += '[';
        for (std::size_t i = 0; i < v.array.size(); ++i) {
            if (i)
                out += ',';
            appendCompact(out, v.array[i]);
        }
        out += ']';
        break;
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
        break;
    }
}

// A table with a row per entry gets row `e` (`fill` in the rows skipped: simulated entries beside). Served alone,
// each entry is the next row: appended, rather than resized (a resize of a segmented table walks its chunks).
template<typename Table, typename T> void setAt(Table& table, std::size_t e, const T& value, const T& fill)
{
    if (table.size() == e) {
        table.push_back(value);
        return;
    }
    if (table.size() < e + 1)
        table.resize(e + 1, fill);
    table[e] = value;
}

} // namespace

std::int64_t ServedService::memoryBudget() const
{
    if (m_memoryBudget)
        return *m_memoryBudget;
    // Asked at every arrival: the machine's memory and the process's limits are read once (three system calls, which
    // were a tenth of what the owner path added to the bare handler's system time).
    if (!m_systemBudget)
        m_systemBudget = runBudget().memoryBytes;
    return *m_systemBudget;
}

int ServedService::internPayload(std::string text)
{
    const auto found = m_payloadIndex.find(std::string_view(text));
    if (found != m_payloadIndex.end())
        return found->second;
    const int index = static_cast<int>(m_payloadTexts.size());
    m_payloadBytes += static_cast<std::int64_t>(text.size());
    m_payloadTexts.push_back(std::move(text));
    m_payloadIndex.emplace(std::string_view(m_payloadTexts.back()), index);
    return index;
}

void ServedService::keepPayloadCompact(int entry, int samePayloadAs)
{
    const auto e = static_cast<std::size_t>(entry);
    setAt(m_entryPayload, e, -1, -1);
    const auto& requests = m_sim->scenario().requests;
    int text = -1;
    if (samePayloadAs >= 0 && samePayloadAs != entry && static_cast<std::size_t>(samePayloadAs) < e
        && m_entryPayload[static_cast<std::size_t>(samePayloadAs)] >= 0)
        text = m_entryPayload[static_cast<std::size_t>(samePayloadAs)];
    if (text < 0) {
        std::string compact;
        appendCompact(compact, requests[e].payload);
        text = internPayload(std::move(compact));
    }
    m_entryPayload[e] = text;
    // The entry before is fingerprinted and compared: its tree goes, unless the last body's payload is it.
    if (entry == 0 || !m_sim->entryIsServed(entry - 1))
        return;
    json::Value tree = m_sim->takeServedPayload(entry - 1);
    if (entry - 1 == m_lastBodyEntry && !m_lastBodyPayloadTaken) {
        m_lastBodyPayload = std::move(tree);
        m_lastBodyPayloadTaken = true;
    } else {
        // Not freed: the next repeated body's payload is copied into its buffers (read()).
        m_spareTree = std::move(tree);
    }
}

std::optional<DoorRefusal> ServedService::refusalAtDoor(const ServedRequest& request, Millis wall) const
{
    // A name has no more code points than bytes: only a long one is counted.
    const auto tooLong = [](std::string_view name) {
        return name.size() > kMaxServedNameLength && utf8::codePoints(name) > kMaxServedNameLength;
    };
    // Spelled only for a refusal: this runs for every arrival.
    const auto limit = [] { return std::to_string(kMaxServedNameLength); };
    if (tooLong(request.operation))
        return DoorRefusal { 414,
            "The operation " + cutName(request.operation) + " (method and path) is longer than the " + limit()
                + " characters a scenario and the PostgreSQL store can hold; this server serves only shorter paths." };
    if (tooLong(request.actor))
        return DoorRefusal { 431,
            "The actor " + cutName(request.actor) + " (the Authorization user or X-Actor) is longer than the " + limit()
                + " characters a scenario and the PostgreSQL store can hold." };
    if (request.intent && request.intent->size() > 3 && request.intent->compare(0, 3, "req") == 0) {
        const std::string_view digits = std::string_view(*request.intent).substr(3);
        if ((digits.size() == 1 || digits.front() != '0')
            && std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
            return DoorRefusal { 400,
                "X-Intent " + cutName(*request.intent)
                    + " is reserved: req<N> is the implicit intent of the request recorded N-th that names none, so "
                      "the recording would merge the two; choose another name." };
    }
    if (!m_shared) {
        // What the session would keep with this request: its payloads (the compact text, and the simulation's
        // canonical form of it) and its rows.
        const std::int64_t fresh = request.payloadSameAsLast ? 0 : static_cast<std::int64_t>(request.body.size());
        const std::int64_t kept = 2 * (m_payloadBytes + fresh) + (requestCount() + 1) * kBytesPerRequest;
        if (kept > memoryBudget())
            return DoorRefusal { 507,
                "This session keeps " + std::to_string((2 * m_payloadBytes) >> 20) + " MiB of payloads for "
                    + std::to_string(requestCount())
                    + " requests, and this one would take it past its memory budget of "
                    + std::to_string(memoryBudget() >> 20)
                    + " MiB (half of what the server may use); POST /_workbench/reset empties it." };
    }
    if (std::max(now(wall), m_sim->now()) > kMaxServedClockMs)
        return DoorRefusal {
            503,
            "The service clock has passed " + std::to_string(kMaxServedClockMs)
                + " ms (10 years), the last instant a scenario can hold; POST /_workbench/reset starts it again at 0."
        };
    return std::nullopt;
}

std::uint64_t ServedService::submit(ServedRequest&& request, Millis wall)
{
    // Beside simulated clients the owner may have played the simulation a little past this clock: never back.
    const Millis t = std::max(now(wall), m_sim->now());
    m_sim->runUntil(t);
    const int clientIndex = clientFor(request.client, request.actor);
    const int entry = static_cast<int>(m_sim->scenario().requests.size());

    RequestSpec spec;
    spec.atMs = t;
    spec.client = m_sim->clientId(clientIndex);
    spec.keyKind = request.keyKind;
    spec.payload = std::move(request.payload);
    spec.read = request.read;
    const bool explicitIntent = request.intent.has_value();
    if (request.intent) {
        spec.intent = std::move(request.intent);
    } else if (request.keyKind != RequestSpec::KeyKind::None) {
        std::string& intent = spec.intent.emplace();
        intent.reserve(request.actor.size() + request.operation.size() + request.key.size() + 2);
        intent.append(request.actor).append(1, ' ').append(request.operation).append(1, ' ').append(request.key);
    }
    // Taken once nothing below reads them from the request.
    spec.operation = std::move(request.operation);
    spec.key = std::move(request.key);
    spec.query = std::move(request.query);
    // fingerprint_form raw hashes the bytes as sent: kept when they are not what the payload writes back as.
    const ServicePolicy& served = m_sim->scenario().service;
    if (served.fingerprintForm == FingerprintForm::Raw && request.bodyReader != BodyReader::None
        && request.body != orderedJson(spec.payload))
        spec.body = request.body;

    const bool rejectedByForm = request.rejectStatus.has_value();

    // Fired before its faults are known: its fingerprint, which the simulation takes as the entry is added, decides
    // its suspected intent, hence its attempt, hence the faults that strike it. Nothing is sent before advance().
    m_sim->fireServed(std::move(spec), {}, request.keyUnreadable, clientIndex);
    const RequestSpec& fired = m_sim->scenario().requests[static_cast<std::size_t>(entry)];
    int attempt = 1;
    if (fired.keyKind != RequestSpec::KeyKind::None)
        attempt = arrivalsBefore(m_sim->servedScope(entry), request.actor, fired) + 1;

    // docs/reference/serve.md suspected intents: requests without X-Intent of one actor and operation with equal
    // fingerprints, under other keys or none, within intent_window_ms of the group's first. Within one, the attempt is
    // the arrival's number in it, so `attempt: 1` strikes only the first of a client's new-key retries. A body that
    // could not be read has no fingerprint to compare.
    IntentCandidate candidate;
    candidate.actor = request.actor;
    candidate.operation = fired.operation;
    candidate.fingerprint = rejectedByForm ? std::string_view() : std::string_view(m_sim->entryFingerprint(entry));
    if (fired.keyKind != RequestSpec::KeyKind::None)
        candidate.key = fired.key;
    candidate.explicitIntent = explicitIntent;
    candidate.arrivalMs = t;
    const std::int64_t group = m_grouper.add(candidate);
    const bool suspected = group >= 0 && m_grouper.group(group).mixed;
    m_sim->setSuspectedGroup(entry, static_cast<int>(group), suspected);
    if (suspected)
        attempt = static_cast<int>(std::min<std::int64_t>(m_grouper.group(group).members, INT_MAX));
    // Groups whose window has closed can take no more arrivals: let them go once a second of service time.
    if (t - m_groupsForgotten >= 1000) {
        m_grouper.forget(t);
        m_groupsForgotten = t;
    }

    // The scenario's faults, matched as the simulation matches them: client, attempt (here: the arrival on the
    // scope, or in its suspected intent), rate over the intent; `request` names no real request; the first of each
    // kind applies.
    std::vector<FaultSpec> pinned;
    std::array<bool, FaultKindCount> seen {};
    bool dropRequest = false;
    if (rejectedByForm) {
        FaultSpec f;
        f.kind = FaultKind::RejectPayload;
        f.status = *request.rejectStatus;
        pinned.push_back(f);
        seen[static_cast<std::size_t>(FaultKind::RejectPayload)] = true;
    }
    const std::vector<FaultSpec>& faults = m_baseScenario.faults;
    for (std::size_t i = 0; i < faults.size(); ++i) {
        const FaultSpec& f = faults[i];
        const auto kind = static_cast<std::size_t>(f.kind);
        if (f.kind == FaultKind::DbDown || f.kind == FaultKind::LateRetry || f.request || seen[kind])
            continue;
        if (f.client && *f.client != request.client)
            continue;
        if (f.attempt && *f.attempt != attempt)
            continue;
        if (f.rate) {
            const std::string intentName = fired.intent.value_or("req" + std::to_string(entry));
            const auto digest
                = sha256Digest(std::to_string(m_baseScenario.seed) + ":" + std::to_string(i) + ":" + intentName);
            std::uint64_t value = 0;
            for (int b = 0; b < 8; ++b)
                value = (value << 8) | digest[static_cast<std::size_t>(b)];
            if (!(static_cast<long double>(value) / 18446744073709551616.0L < *f.rate))
                continue;
        }
        seen[kind] = true;
        pinned.push_back(f);
        if (f.kind == FaultKind::DropRequest)
            dropRequest = true;
    }
    m_sim->pinServedFaults(entry, pinned);
    const auto e = static_cast<std::size_t>(entry);
    const auto [name, isNew]
        = m_clientNameIds.try_emplace(request.client, static_cast<std::uint32_t>(m_clientNameList.size()));
    if (isNew)
        m_clientNameList.push_back(std::move(request.client));
    setAt(m_entryAttempt, e, attempt, 0);
    setAt(m_entryClient, e, name->second, 0u);
    setAt(m_unrecordable, e, request.keyUnreadable || rejectedByForm, true);
    if (!request.rejectDetail.empty())
        m_rejectDetail[entry] = std::move(request.rejectDetail);
    m_servedEntries.push_back(entry);
    m_unsent.push_back(entry);
    const bool sameAsLastBody = request.payloadSameAsLast;
    // The entry whose payload this one's was copied from (read() copies it for a body byte for byte the last one's):
    // its compact text is this one's. Taken before the last body moves on to this entry below (it used to be read
    // after, so every repeated body was written compact and looked up again).
    const int samePayloadAs = sameAsLastBody ? m_lastBodyEntry : -1;
    if (request.bodyReader != BodyReader::None && !request.body.empty()) {
        // The entry's payload is what this body reads as (its payload moved into the entry unchanged).
        m_lastBody = std::move(request.body);
        m_lastBodyReader = request.bodyReader;
        if (!sameAsLastBody || m_lastBodyEntry < 0 || !m_lastBodyPayloadTaken) {
            m_lastBodyEntry = entry;
            m_lastBodyPayloadTaken = false;
            m_lastBodyPayload = json::Value();
        }
    }
    if (!m_shared)
        keepPayloadCompact(entry, samePayloadAs);
    const std::uint64_t ticket = ticketOf(entry);
    if (!dropRequest)
        ++m_undecided;
    if (dropRequest) {
        ServedAnswer a;
        a.ticket = ticket;
        a.respond = false;
        m_answers.push_back(a);
    }
    advance(wall);
    return ticket;
}

const std::string& ServedService::rejectDetail(int entry) const
{
    static const std::string none;
    const auto found = m_rejectDetail.find(entry);
    return found == m_rejectDetail.end() ? none : found->second;
}

int ServedService::arrivalsBefore(int scope, const std::string& actor, const RequestSpec& request) const
{
    int arrivals = 0;
    if (scope >= 0 && static_cast<std::size_t>(scope) < m_arrivalsByScope.size())
        arrivals = m_arrivalsByScope[static_cast<std::size_t>(scope)];
    // Arrivals not sent yet are later than any counted; their scopes are read back from their entries.
    const Scenario& scenario = m_sim->scenario();
    for (const int unsent : m_unsent) {
        const RequestSpec& spec = scenario.requests[static_cast<std::size_t>(unsent)];
        if (spec.keyKind == RequestSpec::KeyKind::None || spec.key != request.key
            || spec.operation != request.operation)
            continue;
        const auto client = std::find_if(scenario.clients.begin(), scenario.clients.end(),
            [&spec](const ClientSpec& c) { return c.id == spec.client; });
        if (client != scenario.clients.end() && client->actor == actor)
            arrivals = std::max(arrivals, m_entryAttempt[static_cast<std::size_t>(unsent)]);
    }
    return arrivals;
}

void ServedService::numberAttempts()
{
    // Each served arrival is an entry of its own, so the simulation numbers it attempt 1; on the wire the attempt is
    // the arrival's number on its scope. Rows of simulated clients beside keep theirs.
    const auto& rows = m_sim->requests();
    for (; m_numbered < rows.size(); ++m_numbered) {
        const RequestRow& row = rows[m_numbered];
        const auto entry = static_cast<std::size_t>(row.entry);
        if (entry < m_entryAttempt.size() && m_entryAttempt[entry] > 0 && m_sim->entryIsServed(row.entry)) {
            m_sim->setAttempt(static_cast<int>(m_numbered), m_entryAttempt[entry]);
            // Sent: its scope's count is its number (arrivals are sent in the order they came).
            if (row.scope >= 0) {
                setAt(m_arrivalsByScope, static_cast<std::size_t>(row.scope), m_entryAttempt[entry], 0);
            }
            const auto it = std::find(m_unsent.begin(), m_unsent.end(), row.entry);
            if (it != m_unsent.end())
                m_unsent.erase(it);
        }
    }
}

void ServedService::collect(int request, Outcome& outcome)
{
    // Beside simulated clients, only what arrived over HTTP is answered on the wire.
    if (m_sim->entryIsServed(m_sim->requests()[static_cast<std::size_t>(request)].entry)) {
        const bool waited = outcome.decision == Decision::ConflictInProgress && !outcome.rulePath.empty()
            && std::string_view(outcome.rulePath.back()) == kWaitPassedStep;
        // The body is taken, not copied: the answer is written from it, and the simulation reads it no more.
        m_decided.push_back({ request, outcome.decision, outcome.status, std::move(outcome.body), outcome.responds,
            outcome.decision == Decision::StoreUnavailable ? outcome.storeError : std::string(), waited });
        if (m_undecided > 0)
            --m_undecided;
    }
}

void ServedService::stopUnfinished(Millis wall)
{
    advance(wall);
    if (m_undecided == 0)
        return;
    // The requests still running when serving stops die now: decided `crashed` at this instant, and recorded with
    // the crash pinned (recording()), so the report and the recording never disagree (issue 41 finding 3).
    const auto& rows = m_sim->requests();
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const RequestRow& row = rows[i];
        if (row.decision || row.arrived < 0 || !m_sim->entryIsServed(row.entry))
            continue;
        const int index = static_cast<int>(i);
        if (m_sim->crashNow(index)) {
            const RequestRow& after = m_sim->requests()[i];
            m_stoppedCrashes[after.entry]
                = after.effect >= 0 ? FaultKind::CrashAfterEffect : FaultKind::CrashBeforeEffect;
        }
    }
    advance(wall);
}

void ServedService::advance(Millis wall)
{
    m_sim->runUntil(std::max(now(wall), m_sim->now()));
    numberAttempts();
    if (m_decided.empty())
        return;
    // Swapped with a buffer kept between calls, so deciding allocates no list per request; cleared first, so what a
    // throw left behind is never answered twice.
    m_deciding.clear();
    std::swap(m_deciding, m_decided);
    const ServicePolicy& policy = m_sim->scenario().service;
    for (Decided& outcome : m_deciding) {
        const int index = outcome.request;
        const RequestRow& row = m_sim->requests()[static_cast<std::size_t>(index)];
        ServedAnswer a;
        a.ticket = ticketOf(row.entry);
        const bool gone = m_gone.count(a.ticket) > 0;
        // A store that failed for real (not a db_down window of the scenario): the recording reproduces it as a
        // db_down window of one millisecond at the failed step's start (recording()), so a replay fails the same step
        // — the claim never written, or the completion, leaving the row in_progress with its effect counted.
        if (!outcome.storeError.empty())
            m_storeFailures.emplace_back(row.entry, row.decided - policy.dbMs);
        if (!outcome.responds || !outcome.status || row.outcome == ClientOutcome::Dropped) {
            // A crash, an unknown outcome, or drop_response: the connection closes without a byte, which is what the
            // client sees (curl's "Empty reply from server", Python's RemoteDisconnected, Node's ECONNRESET) —
            // `dropped`, never `timeout`: no client waited out a timeout of its own (issue 41 finding 1).
            a.respond = false;
            m_sim->setClientOutcome(index, ClientOutcome::Dropped);
            m_answers.push_back(std::move(a));
            continue;
        }
        if (gone) {
            m_sim->setClientOutcome(index, ClientOutcome::Dropped);
            continue;
        }
        char digits[16]; // requestId(index), spelled into the answer's own string
        a.request.assign(1, 'r').append(digits, std::to_chars(digits, digits + sizeof digits, index + 1).ptr);
        const std::string& id = a.request;
        a.status = *outcome.status;
        a.decision = decisionName(outcome.decision);
        if (outcome.decision == Decision::ConflictInProgress && policy.conflictRetryAfterS)
            a.extra.emplace_back("Retry-After", std::to_string(*policy.conflictRetryAfterS));
        if (policy.profile == Profile::ExpressIdempotency || policy.profile == Profile::NodeIdempotency) {
            libraryAnswer(a, outcome, row.entry, policy);
            m_answers.push_back(std::move(a));
            continue;
        }
        if (const char* title = problemTitle(outcome.decision)) {
            // A key header that could not be read is invalid_key for that reason, not for its length.
            std::string detail
                = outcome.decision == Decision::InvalidKey && m_unrecordable[static_cast<std::size_t>(row.entry)]
                ? explainOutcome(
                    outcome.decision, policy, "the Idempotency-Key header is not a key under the key syntax")
                : explain(outcome.decision, policy);
            if (outcome.decision == Decision::RejectedPayload && !rejectDetail(row.entry).empty())
                detail += " " + rejectDetail(row.entry);
            if (!outcome.storeError.empty())
                detail += " The store said: " + outcome.storeError;
            std::string body = "{";
            member(body, "type", "/_workbench/problems/" + std::string(decisionName(outcome.decision)), true);
            member(body, "title", title);
            body += ", \"status\": " + std::to_string(a.status);
            member(body, "detail", detail);
            member(body, "decision", decisionName(outcome.decision));
            member(body, "request", id);
            if (outcome.decision == Decision::ExpiredRejected) {
                std::string earlier;
                try {
                    if (outcome.body) {
                        const json::Value stored = json::parse(*outcome.body);
                        if (const json::Value* e = stored.find("earlier_result_id"); e && e->isString())
                            earlier = e->string;
                    }
                } catch (const json::ParseError&) {
                }
                member(body, "result_id", earlier);
            }
            body += "}";
            a.contentType = "application/problem+json";
            a.body = std::move(body);
        } else if (outcome.decision == Decision::SeenNoResult) {
            a.body.clear();
        } else {
            a.replayed = outcome.decision == Decision::Replayed;
            a.contentType = "application/json";
            if (outcome.body)
                a.body = std::move(*outcome.body);
        }
        m_answers.push_back(std::move(a));
    }
}

void ServedService::libraryAnswer(ServedAnswer& a, const Decided& outcome, int entry, const ServicePolicy& policy) const
{
    // docs/reference/decisions.md#profiles: the answers a client of the library gets. Handler answers and replays are
    // Express's res.json (its Content-Type); refusals are express-idempotency's next(error) through Express's final
    // handler (its HTML page, as with NODE_ENV=production), or node-idempotency's IdempotencyError through its tests'
    // error handler
    // ({code, message} as JSON). Neither library marks anything but node-idempotency's replays.
    static constexpr std::string_view kJson = "application/json; charset=utf-8";
    const RequestSpec& spec = m_sim->scenario().requests[static_cast<std::size_t>(entry)];
    const bool express = policy.profile == Profile::ExpressIdempotency;
    if (express && spec.keyKind == RequestSpec::KeyKind::Literal && !m_unrecordable[static_cast<std::size_t>(entry)])
        a.extra.emplace_back("idempotency-key", spec.key); // res.setHeader(idempotencyKeyHeader, key), first thing
    const auto nodeError = [&](std::string_view code, std::string_view message) {
        a.contentType = kJson;
        a.body = "{";
        if (!code.empty()) {
            json::appendString(a.body, "code");
            a.body += ':';
            json::appendString(a.body, code);
            a.body += ',';
        }
        json::appendString(a.body, "message");
        a.body += ':';
        json::appendString(a.body, message);
        a.body += '}';
    };
    switch (outcome.decision) {
    case Decision::Created:
    case Decision::Replayed:
    case Decision::LeaseTakeover:
    case Decision::ExpiredReexecuted:
    case Decision::Unprotected:
    case Decision::SeenNoResult:
        a.contentType = kJson;
        if (outcome.body)
            a.body = *outcome.body;
        if (outcome.decision == Decision::Replayed && !express)
            a.extra.emplace_back("Idempotent-Replayed", "true");
        return;
    default:
        break;
    }
    if (express) {
        // finalhandler's page: the status's message, escaped, in <pre>.
        const std::string_view message = expressStatusMessage(a.status);
        a.contentType = "text/html; charset=utf-8";
        a.extra.emplace_back("Content-Security-Policy", "default-src 'none'");
        a.extra.emplace_back("X-Content-Type-Options", "nosniff");
        a.body = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>Error</title>\n"
                 "</head>\n<body>\n<pre>";
        a.body.append(message);
        a.body += "</pre>\n</body>\n</html>\n";
        return;
    }
    switch (outcome.decision) {
    case Decision::ConflictInProgress:
        nodeError("REQUEST_IN_PROGRESS",
            outcome.waited ? "Timed out waiting for in-progress request to complete"
                           : "A request is outstanding for this Idempotency-Key");
        return;
    case Decision::PayloadMismatch:
        nodeError("IDEMPOTENCY_FINGERPRINT_MISSMATCH", "Idempotency-Key is already used");
        return;
    case Decision::InvalidKey:
        nodeError("IDEMPOTENCY_KEY_LEN_EXEEDED", "Idempotency-Key length exceeds max allowed length");
        return;
    case Decision::MissingKey:
        // The library's own code for a missing key (enforceIdempotency).
        nodeError("IDEMPOTENCY_KEY_LEN_EXEEDED", "Idempotency-Key is missing");
        return;
    default: {
        // The library has no word of its own for these: the workbench's explanation, in the same shape.
        std::string detail = explain(outcome.decision, policy);
        const std::string& more = rejectDetail(entry);
        if (outcome.decision == Decision::RejectedPayload && !more.empty())
            detail += " " + more;
        nodeError({}, detail);
        return;
    }
    }
}

std::optional<Millis> ServedService::nextDue() const
{
    const auto next = m_sim->nextEventTime();
    if (!next)
        return std::nullopt;
    return *next - m_jump + m_base;
}

void ServedService::clientGone(std::uint64_t ticket)
{
    if (current(ticket))
        m_gone.insert(ticket);
}

void ServedService::settle(std::uint64_t ticket, bool written)
{
    if (!current(ticket))
        return;
    const int entry = static_cast<int>(ticket & 0xffffffffu);
    const auto& requests = m_sim->requests();
    for (std::size_t i = requests.size(); i-- > 0;) {
        if (requests[i].entry == entry) {
            m_sim->setClientOutcome(static_cast<int>(i), written ? ClientOutcome::Response : ClientOutcome::Dropped);
            return;
        }
    }
}

Millis ServedService::advanceClock(Millis ms, Millis wall)
{
    m_jump += std::clamp<Millis>(ms, 0, maxAdvance(wall));
    advance(wall);
    return now(wall);
}

void ServedService::writeReport(std::ostream& out)
{
    iw::writeReport(*m_sim, out, ReportFormat::Json);
}

std::string ServedService::recording() const
{
    const Scenario& served = m_sim->scenario();
    Scenario rec = m_baseScenario;
    rec.name = m_baseScenario.name + "-served";
    rec.title = "Traffic served by idempotency-workbench serve";
    rec.description = "Recorded from real HTTP clients; run it to replay the same decisions and effects.";
    rec.faults.clear();
    for (const FaultSpec& f : m_baseScenario.faults) {
        if (f.kind == FaultKind::DbDown)
            rec.faults.push_back(f);
    }
    // Each served entry's row (a served client never retries: one row per entry), for what the client saw.
    const auto& rows = m_sim->requests();
    std::vector<int> rowOfEntry(served.requests.size(), -1);
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const auto e = static_cast<std::size_t>(rows[i].entry);
        if (rowOfEntry[e] < 0 && m_sim->entryIsServed(rows[i].entry))
            rowOfEntry[e] = static_cast<int>(i);
    }
    // A store failure becomes a db_down window of one millisecond at the failed step's start — unless another
    // request was in flight then: the window would fail its steps too, so the failed request is left out instead.
    std::vector<bool> leftOut(served.requests.size(), false);
    for (const auto& [entry, start] : m_storeFailures) {
        bool overlaps = false;
        for (const int other : m_servedEntries) {
            const int r = rowOfEntry[static_cast<std::size_t>(other)];
            if (other == entry || r < 0 || m_unrecordable[static_cast<std::size_t>(other)])
                continue;
            const RequestRow& row = rows[static_cast<std::size_t>(r)];
            if (row.arrived >= 0 && row.arrived <= start && (row.decided < 0 || row.decided >= start)) {
                overlaps = true;
                break;
            }
        }
        if (overlaps) {
            leftOut[static_cast<std::size_t>(entry)] = true;
            continue;
        }
        FaultSpec down;
        down.kind = FaultKind::DbDown;
        down.fromMs = start;
        down.toMs = start + 1;
        rec.faults.push_back(down);
    }
    std::vector<int> newIndex(served.requests.size(), -1);
    std::set<std::string> clientsUsed;
    std::vector<const std::string*> payloads; // per recorded request
    std::deque<std::string> ownTexts; // payloads a tree still held
    for (const int entry : m_servedEntries) {
        const auto e = static_cast<std::size_t>(entry);
        if (m_unrecordable[e] || leftOut[e])
            continue;
        newIndex[e] = static_cast<int>(rec.requests.size());
        // Every field but the payload, which is written from its compact text below: a tree per entry here, and
        // the document's tree of them all, made the recording cost several times what the session kept.
        const RequestSpec& from = served.requests[e];
        RequestSpec spec;
        spec.atMs = from.atMs;
        spec.client = from.client;
        spec.operation = from.operation;
        spec.keyKind = from.keyKind;
        spec.key = from.key;
        spec.copies = from.copies;
        spec.intent = from.intent;
        spec.repeat = from.repeat;
        spec.everyMs = from.everyMs;
        spec.query
            = from.query; // docs/reference/decisions.md#profiles: a fingerprint part, and node-idempotency's scope
        spec.body = from.body; // the bytes fingerprint_form raw hashed, when the payload does not write back as them
        spec.read = from.read; // a GET or HEAD: written "method": "GET", decided as a read again
        // What the client experienced (docs/reference/serve.md): the attempt this arrival was, and what its client saw
        // of it.
        if (const int r = rowOfEntry[e]; r >= 0) {
            const RequestRow& row = rows[static_cast<std::size_t>(r)];
            spec.attempt = row.attempt;
            if (row.outcome)
                spec.observedOutcome = *row.outcome;
        }
        const int text = e < m_entryPayload.size() ? m_entryPayload[e] : -1;
        if (text >= 0) {
            payloads.push_back(&m_payloadTexts[static_cast<std::size_t>(text)]);
        } else {
            ownTexts.emplace_back();
            appendCompact(ownTexts.back(), from.payload);
            payloads.push_back(&ownTexts.back());
        }
        // A stand-in the writer copies as it is: a number whose text is no JSON, found again below.
        spec.payload = json::Value::makeNumber(0);
        spec.payload.numberText = "@payload:" + std::to_string(payloads.size() - 1);
        // An implicit intent (no key, no X-Intent) is named by the entry's index: leave it implicit so the
        // recording's own numbering names it.
        if (spec.intent && *spec.intent == "req" + std::to_string(e))
            spec.intent.reset();
        clientsUsed.insert(spec.client);
        rec.requests.push_back(std::move(spec));
    }
    for (const ClientSpec& c : served.clients) {
        if (clientsUsed.count(c.id))
            rec.clients.push_back(c);
    }
    const auto crash
        = [](FaultKind k) { return k == FaultKind::CrashBeforeEffect || k == FaultKind::CrashAfterEffect; };
    for (const FaultSpec& f : served.faults) {
        if (!f.request || newIndex[static_cast<std::size_t>(*f.request)] < 0)
            continue;
        // A request the stop cut short died where it was, whatever crash its faults aimed at its handler's end.
        if (crash(f.kind) && m_stoppedCrashes.count(*f.request))
            continue;
        FaultSpec pinned = f;
        pinned.request = newIndex[static_cast<std::size_t>(*f.request)];
        pinned.attempt = 1;
        rec.faults.push_back(pinned);
    }
    for (const auto& [entry, kind] : m_stoppedCrashes) {
        if (newIndex[static_cast<std::size_t>(entry)] < 0)
            continue;
        FaultSpec pinned;
        pinned.kind = kind;
        pinned.request = newIndex[static_cast<std::size_t>(entry)];
        pinned.attempt = 1;
        rec.faults.push_back(pinned);
    }
    const std::string written = saveScenario(rec);
    // Each stand-in, in request order, becomes its payload. Its pattern cannot occur elsewhere: a quote before
    // "payload" outside a string is the member name itself (inside a string it would be escaped).
    std::string out;
    std::size_t size = written.size();
    for (const std::string* p : payloads)
        size += p->size();
    out.reserve(size);
    constexpr std::string_view marker = "\"payload\": @payload:";
    std::size_t from = 0;
    for (const std::string* p : payloads) {
        const std::size_t at = written.find(marker, from);
        if (at == std::string::npos)
            break;
        out.append(written, from, at + std::string_view("\"payload\": ").size() - from);
        out += *p;
        from = at + marker.size();
        while (from < written.size() && written[from] >= '0' && written[from] <= '9')
            ++from;
    }
    out.append(written, from, std::string::npos);
    return out;
}

std::string policyDocument(const ServicePolicy& policy)
{
    std::string out = "{";
    const auto name = [&out](const char* field, bool first = false) {
        if (!first)
            out += ", ";
        json::appendString(out, field);
        out += ": ";
    };
    const auto text = [&](const char* field, std::string_view value) {
        name(field);
        json::appendString(out, value);
    };
    const auto number = [&](const char* field, std::int64_t value) {
        name(field);
        out += std::to_string(value);
    };
    const auto optional = [&](const char* field, const std::optional<Millis>& value) {
        name(field);
        out += value ? std::to_string(*value) : std::string("null");
    };
    const auto flag = [&](const char* field, bool value) {
        name(field);
        out += value ? "true" : "false";
    };
    name("profile", true);
    json::appendString(out, profileName(policy.profile));
    text("strategy", strategyName(policy.strategy));
    // How a key is read and what it is unique within (docs/reference/decisions.md#profiles's key_syntax and key_scope).
    text("key_syntax", keySyntaxName(policy.keySyntax));
    text("key_scope", keyScopeName(policy.keyScope));
    flag("require_key", policy.requireKey);
    number("min_key_length", policy.minKeyLength);
    name("max_key_length");
    out += policy.keyLengthLimited() ? std::to_string(policy.maxKeyLength) : std::string("null");
    // What the fingerprint covers and the text it hashes (docs/reference/decisions.md#profiles), and the members
    // selected.
    name("fingerprint_parts");
    out += "[";
    bool firstPart = true;
    for (const FingerprintPart part : kFingerprintParts) {
        if (!(policy.fingerprintParts & part))
            continue;
        if (!firstPart)
            out += ", ";
        firstPart = false;
        json::appendString(out, fingerprintPartName(part));
    }
    out += "]";
    text("fingerprint_form", fingerprintFormName(policy.fingerprintForm));
    name("fingerprint");
    if (!policy.fingerprintGiven) {
        out += "null";
    } else {
        out += "{";
        bool first = true;
        for (const auto& [member, pointers] :
            { std::pair { "only", &policy.fingerprint.only }, std::pair { "ignore", &policy.fingerprint.ignore } }) {
            if (pointers->empty())
                continue;
            if (!first)
                out += ", ";
            first = false;
            json::appendString(out, member);
            out += ": [";
            for (std::size_t i = 0; i < pointers->size(); ++i) {
                if (i)
                    out += ", ";
                json::appendString(out, (*pointers)[i]);
            }
            out += "]";
        }
        out += "}";
    }
    // The published expiry the drafts ask a resource to document (null: records never expire).
    name("ttl_ms");
    out += policy.ttlMs == kNeverMs ? std::string("null") : std::to_string(policy.ttlMs);
    optional("in_progress_lease_ms", policy.effectiveLease());
    text("after_expiry", afterExpiryName(policy.afterExpiry));
    optional("tombstone_ms", policy.tombstoneMs);
    optional("sweep_every_ms", policy.sweepEveryMs);
    flag("store_errors", policy.storeErrors);
    number("mismatch_status", policy.mismatchStatus);
    number("in_progress_status", policy.inProgressStatus);
    number("missing_key_status", policy.missingKeyStatus);
    number("expired_status", policy.expiredStatus);
    name("conflict_retry_after_s");
    out += policy.conflictRetryAfterS ? std::to_string(*policy.conflictRetryAfterS) : std::string("null");
    optional("in_progress_wait_ms", policy.inProgressWaitMs);
    number("intent_window_ms", policy.intentWindowMs);
    number("handler_ms", policy.handlerMs);
    number("db_ms", policy.dbMs);
    // DynamoDB's item cap: a response bigger than it is never stored (the completion fails), so a client may want to
    // know it before it sends. Only a store that has one says it.
    if (policy.storeEngine == StoreEngine::Dynamodb)
        number("item_size_limit_bytes", policy.itemSizeLimitBytes);
    out += "}";
    return out;
}

std::optional<std::string> problemPage(std::string_view decision, const ServicePolicy& policy)
{
    const auto d = decisionFromName(decision);
    if (!d)
        return std::nullopt;
    const char* title = problemTitle(*d);
    const std::string heading = title ? title : std::string(decision);
    auto escape = [](const std::string& s) {
        std::string out;
        for (const char c : s) {
            switch (c) {
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '&':
                out += "&amp;";
                break;
            case '"':
                out += "&quot;";
                break;
            default:
                out += c;
            }
        }
        return out;
    };
    return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + escape(heading)
        + "</title></head>\n<body><h1>" + escape(heading) + "</h1>\n<p>Decision <code>" + std::string(decision)
        + "</code>: " + escape(explain(*d, policy))
        + "</p>\n<p>Served by idempotency-workbench: every response carries <code>Idempotency-Decision</code> and "
          "<code>Idempotency-Request</code>; <code>GET /_workbench/report</code> shows the request in full.</p>\n"
          "</body></html>\n";
}

} // namespace iw
