// The simulated service answering real HTTP clients (docs/reference/serve.md). Two halves, both free of sockets and of
// the system clock so they can be tested directly:
//   - requestFromHttp maps one parsed HTTP request onto a request of the domain (operation, actor, key, payload,
//     client, intent), saying what could not be read;
//   - ServedService drives a Simulation with those requests on the caller's clock (milliseconds since serving
//     began), applies the scenario's faults to them as they arrive, and produces the bytes to answer — or the
//     instruction to close the connection without a byte. Reports and recordings come from the same Simulation, so
//     served traffic reads exactly like simulated traffic everywhere.
#pragma once

#include "httpparser.h"
#include "json.h"
#include "scenario.h"
#include "servedstore.h"
#include "simulation.h"
#include "suspectedintent.h"

#include <absl/container/flat_hash_map.h>

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace iw {

// The largest instant of the service clock: the last a scenario can hold (its loader refuses times past 10 years),
// so that every served arrival can be recorded and replayed, and far from where milliseconds overflow.
constexpr Millis kMaxServedClockMs = 315'360'000'000;

// How a request's payload was read from its body.
enum class BodyReader : std::uint8_t { None, Json, Form };

struct ServedRequest {
    std::string method;
    bool read = false; // GET or HEAD: no key is read, no claim made, no effect (RequestSpec::read)
    std::string path;
    std::string operation; // "POST /v1/customers"
    std::string query; // the target's query string as sent, without its question mark
    std::string actor = "anonymous";
    std::string client = "http";
    RequestSpec::KeyKind keyKind = RequestSpec::KeyKind::None;
    std::string key; // Literal: the key; with keyUnreadable, the header text as received
    bool keyUnreadable = false;
    std::string keyError; // why the header could not be read
    std::optional<std::string> intent; // X-Intent
    json::Value payload = json::Value::makeObject();
    std::optional<int> rejectStatus; // 415, 400, 413: the body could not be read
    std::string rejectDetail; // what was wrong with it (line and column for JSON)
    // The payload was read from the body as JSON or as a form (None: no body, or it could not be read). From
    // ServedService::read(), the body itself too, for the service to compare the next one with.
    BodyReader bodyReader = BodyReader::None;
    std::string body;
    bool payloadSameAsLast = false; // from read(): the body was the last one's, byte for byte, read the same way
};

// The HTTP request's domain reading. Never fails: what cannot be read becomes invalid_key or rejected_payload. The
// Idempotency-Key header is read by the policy's key_syntax (docs/reference/decisions.md#profiles): `sf-string` takes
// exactly one RFC 8941 String, `raw` the header's text as sent; the two library profiles read an empty header as none,
// as their code does.
ServedRequest requestFromHttp(const HttpRequest& http, const ServicePolicy& policy);
// Whether a GET or HEAD passes as a read (no key read, no claim, no effect): under every profile but the two npm
// libraries', which run their middleware on every method (their own tests replay a GET).
bool readsPassThrough(const ServicePolicy& policy);
// Under the ietf profile's defaults.
ServedRequest requestFromHttp(const HttpRequest& http);

// The most fields a form body may have (a name with its value is one field; a repeated name counts each time). Real
// forms have tens; the bound keeps one body's members, and the time to read them, small.
constexpr std::size_t kMaxFormFields = 10'000;

// `application/x-www-form-urlencoded` as a JSON object of names to strings (a repeated name → an array of its
// strings, in order; bracketed names kept as written), in time linear in the body. nullopt and `error` for bad
// percent-encoding or UTF-8, or more than kMaxFormFields fields.
std::optional<json::Value> formToJson(std::string_view body, std::string& error, bool* tooManyFields = nullptr);

// The actor for an Authorization header (Basic user; Bearer → "token:" + 12 hex digits of SHA-256(token)), or
// nullopt when it names no actor.
std::optional<std::string> actorFromAuthorization(std::string_view authorization);

struct ServedAnswer {
    std::uint64_t ticket = 0;
    bool respond = true; // false: close the connection without a byte of response
    int status = 0;
    // The header fields, as parts (an answer used to carry them as a list of strings, four allocations a request):
    // Idempotency-Decision, Idempotency-Request, then Idempotent-Replayed: true for a replay, then Content-Type unless
    // the body is empty by decision (seen_no_result).
    std::string_view decision; // decisionName()
    std::string request; // "r7"
    bool replayed = false;
    std::string_view contentType; // empty: no Content-Type
    std::string body;
    // After those: Retry-After on a conflict (conflict_retry_after_s), and what a library profile's answers carry
    // (docs/reference/decisions.md#profiles: express-idempotency echoes the key; Express's error page its security
    // headers).
    std::vector<std::pair<std::string_view, std::string>> extra;

    // The header fields in that order.
    std::vector<std::pair<std::string, std::string>> headers() const;
    // The whole response (httpparser.h's formatHttpResponse of those fields).
    // `withBody` false: the answer to HEAD — the fields GET's answer has, Content-Length included, and no body.
    void appendResponse(std::string& out, bool keepAlive, bool withBody = true) const;
};

// A request refused before it reaches the service, because what it names could be neither stored nor recorded
// (docs/reference/serve.md Recording: what is recorded must replay): never decided, reported or recorded.
struct DoorRefusal {
    int status = 400; // 414 operation too long, 431 actor too long, 400 a reserved intent, 503 the clock at its end
    std::string detail;
};

// The longest actor and operation, in characters: what a scenario and the PostgreSQL store (operation
// varchar(200), and the unique index's size limit) hold.
constexpr std::size_t kMaxServedNameLength = 200;

class ServedService {
public:
    // `scenario`: its service policy and faults are served; its clients and requests are not fired.
    ServedService(const Scenario& scenario, IdempotencyStore& store);
    // Beside simulated clients (the window's Run → Serve over HTTP): served requests join `shared`, a simulation
    // someone else owns and plays, under its scenario's service policy and faults; the service clock continues from
    // the simulation's instant when serving begins. `shared` must outlive this service, or be replaced through the
    // reset handler.
    explicit ServedService(Simulation& shared);
    ~ServedService();

    // Serving begins at wall instant `wall`: a service of its own starts afresh at 0; one beside simulated clients
    // continues from the shared simulation's instant.
    void beginServing(Millis wall);
    // Beside simulated clients, POST /_workbench/reset asks the owner for a fresh simulation (the open scenario
    // without the served traffic, at t = 0), or null when it cannot now (then reset throws and nothing changed);
    // without a handler it answers 409.
    void setResetHandler(std::function<Simulation*()> handler) { m_resetHandler = std::move(handler); }
    bool canReset() const { return !m_shared || static_cast<bool>(m_resetHandler); }
    // Hears a sentence for the operator: a store operation the database refused (that request was answered
    // store_unavailable). The sentence may quote what a client sent.
    void setProblemHandler(std::function<void(const std::string&)> handler) { m_problem = std::move(handler); }
    bool isShared() const { return m_shared; }
    // The client name an entry arrived under (X-Client, User-Agent's product, or "http"); null when not served here.
    const std::string* servedClientName(int entry) const
    {
        const auto e = static_cast<std::size_t>(entry);
        return e < m_entryClient.size() && e < m_entryAttempt.size() && m_entryAttempt[e] > 0
            ? &m_clientNameList[m_entryClient[e]]
            : nullptr;
    }
    // Entries of the simulation that arrived over HTTP, in arrival order.
    const SegmentedVector<int>& servedEntries() const { return m_servedEntries; }

    // The service clock at wall instant `wall` (ms since serving began).
    Millis now(Millis wall) const { return wall - m_base + m_jump; }

    // A request arrives at `wall`; its answer (maybe at once, maybe after handler_ms) comes from takeAnswers().
    std::uint64_t submit(const ServedRequest& request, Millis wall) { return submit(ServedRequest(request), wall); }
    // The same, taking the request's payload and strings instead of copying them.
    std::uint64_t submit(ServedRequest&& request, Millis wall);
    // requestFromHttp, except that a body byte for byte the last submitted one's, read the same way (JSON or form),
    // is not parsed again: its payload is copied from the entry it became (a client's retries, and load, repeat
    // a body).
    ServedRequest read(HttpRequest&& http);
    // Why `request` must be refused at the door at wall instant `wall`, or nullopt: an operation or actor longer than
    // kMaxServedNameLength, an X-Intent that names another request's implicit intent (`req<N>`), a service clock
    // past kMaxServedClockMs, or a payload the session's memory budget cannot keep (507).
    std::optional<DoorRefusal> refusalAtDoor(const ServedRequest& request, Millis wall) const;
    // Runs the service up to `wall`.
    void advance(Millis wall);
    // The wall instant of the next thing due, if any.
    std::optional<Millis> nextDue() const;
    std::vector<ServedAnswer> takeAnswers() { return std::exchange(m_answers, {}); }
    // The same into `into`, whose buffer the service keeps for the next answers (`into` is emptied first).
    void takeAnswers(std::vector<ServedAnswer>& into)
    {
        into.clear();
        std::swap(into, m_answers);
    }

    // The connection of `ticket` is gone before its answer was written: when it is decided it is `dropped`.
    void clientGone(std::uint64_t ticket);
    // The answer of `ticket` was written in full (true) or its client went away while it was written (false).
    void settle(std::uint64_t ticket, bool written);
    // Tickets issued before the last reset() belong to nothing.
    bool current(std::uint64_t ticket) const { return (ticket >> 32) == m_generation; }

    // Served requests that arrived and have no decision yet (their handlers still run).
    bool hasUndecided() const { return m_undecided > 0; }
    // Serving stops and the grace period is over: every served request still running dies now, `crashed` at this
    // instant with its store left as it is, and the recording pins that crash to its entry (docs/reference/serve.md).
    void stopUnfinished(Millis wall);

    // POST /_workbench/clock: work due before the new instant completes first. Returns the new service time. The
    // clock never passes kMaxServedClockMs: a larger `ms` moves it there (callers refuse it first: maxAdvance()).
    Millis advanceClock(Millis ms, Millis wall);
    // How far the clock may still move forward at wall instant `wall`.
    Millis maxAdvance(Millis wall) const
    {
        return std::max<Millis>(0, kMaxServedClockMs - std::max(now(wall), m_sim->now()));
    }
    // POST /_workbench/reset: empty store, report and recording, ids from r1/e1, clock at 0.
    void reset(Millis wall);

    void writeReport(std::ostream& out);
    // scenario@1 that reproduces the served traffic (docs/reference/serve.md Recording).
    std::string recording() const;
    // Requests that arrived over HTTP.
    std::int64_t requestCount() const { return static_cast<std::int64_t>(m_servedEntries.size()); }
    // What the session keeps of its payloads: the distinct compact texts, in bytes.
    std::int64_t payloadBytes() const { return m_payloadBytes; }
    // The memory the session may keep (payloads, and kBytesPerRequest a request): by default half of what this
    // process may use (runbudget.h); a test sets a smaller one.
    void setMemoryBudget(std::int64_t bytes) { m_memoryBudget = bytes; }
    std::int64_t memoryBudget() const;

    Simulation& simulation() { return *m_sim; }
    const Scenario& servedScenario() const { return m_baseScenario; }

private:
    void start(Millis wall);
    void attach(Simulation& shared);
    void clearTraffic();
    int clientFor(const std::string& name, const std::string& actor);
    void collect(int request, Outcome& outcome);
    std::uint64_t ticketOf(int entry) const { return (m_generation << 32) | static_cast<std::uint32_t>(entry); }

    Scenario m_baseScenario; // the service and the faults as given (its clients and requests dropped)
    IdempotencyStore& m_store;
    // A service of its own runs on m_store through this: a refusal by the database answers its request.
    std::unique_ptr<RefusalAnsweringStore> m_answering;
    std::function<void(const std::string&)> m_problem;
    std::unique_ptr<Simulation> m_owned; // a service of its own
    Simulation* m_sim = nullptr; // m_owned, or the shared simulation
    bool m_shared = false;
    std::function<Simulation*()> m_resetHandler;
    // The tables with a row per served request are segmented (chunked.h): appending never moves what is there, so
    // the server never stops to copy a million rows into a buffer twice the size (issue 41 finding 6).
    SegmentedVector<int> m_servedEntries;
    std::uint64_t m_generation = 0;
    Millis m_base = 0;
    Millis m_jump = 0;
    // Compares (name, actor) pairs of strings or of views, so a lookup copies neither.
    struct ClientKeyLess {
        using is_transparent = void;
        template<typename A, typename B> bool operator()(const A& a, const B& b) const
        {
            return std::pair<std::string_view, std::string_view>(a.first, a.second)
                < std::pair<std::string_view, std::string_view>(b.first, b.second);
        }
    };
    std::map<std::pair<std::string, std::string>, int, ClientKeyLess> m_clients; // (name, actor) → client index
    int m_lastClient = -1; // clientFor()'s last answer (-1: none) and what it was asked
    std::string m_lastClientName;
    std::string m_lastClientActor;
    std::map<std::string, int> m_clientNames; // ids in use
    std::set<std::string> m_simulatedNames; // beside simulated clients: theirs
    // Arrivals so far per scope (the attempt number), by the simulation's number for the scope, set as each arrival
    // is sent: a table keyed by "actor\noperation\nkey" kept every scope's text a second time. A scope the
    // simulation has not seen has had no arrival, unless one is still to be sent (m_unsent; none once submit()
    // has run the simulation to now, which sends every arrival due).
    SegmentedVector<int> m_arrivalsByScope;
    std::vector<int> m_unsent; // served entries not yet sent, in arrival order
    // The body of the last submitted request read by read(), how, and the entry its payload is in (-1: none).
    std::string m_lastBody;
    BodyReader m_lastBodyReader = BodyReader::None;
    int m_lastBodyEntry = -1;
    // Arrivals before this one on its scope (the simulation's number for it, servedScope()), of `actor`.
    int arrivalsBefore(int scope, const std::string& actor, const RequestSpec& request) const;
    void numberAttempts();
    // Issue 48 finding 12: a served entry's payload is a tree of json::Value, about 130 bytes a value (69 MB for a
    // 1 MiB array of numbers, and every identical body copied it whole). A service of its own keeps, once the
    // simulation has fingerprinted an entry, its payload as compact JSON text (source order, numbers as written),
    // one copy for identical payloads; the tree stays only for the last entry (the next one is compared with it)
    // and for the last body read (the next identical body is copied from it).
    int internPayload(std::string text);
    // `samePayloadAs`: an earlier entry whose payload this one's is (its text is shared), or -1.
    void keepPayloadCompact(int entry, int samePayloadAs);
    std::deque<std::string> m_payloadTexts; // distinct compact payloads (a deque: the index holds views into them)
    absl::flat_hash_map<std::string_view, int> m_payloadIndex;
    SegmentedVector<int> m_entryPayload; // per entry: its text in m_payloadTexts, -1 while the entry keeps its tree
    std::int64_t m_payloadBytes = 0;
    std::optional<std::int64_t> m_memoryBudget;
    mutable std::optional<std::int64_t> m_systemBudget; // runBudget()'s, read at the first arrival
    json::Value m_lastBodyPayload; // the last body's payload once its entry no longer holds it
    bool m_lastBodyPayloadTaken = false;
    json::Value m_spareTree; // an entry's tree let go (keepPayloadCompact), for read() to copy the next payload into
    // The served client name of each entry, as its number in m_clientNameList: a string a request was 32 bytes of
    // the few names a session sees.
    SegmentedVector<std::uint32_t> m_entryClient;
    std::vector<std::string> m_clientNameList;
    absl::flat_hash_map<std::string, std::uint32_t> m_clientNameIds;
    SegmentedVector<int> m_entryAttempt; // its arrival's number on its scope
    std::size_t m_numbered = 0; // requests whose attempt is set
    std::vector<bool> m_unrecordable; // the HTTP form could not be read: left out of the recording
    // Requests the store failed for real (entry, the failed step's start), recorded as one-millisecond db_down windows.
    std::vector<std::pair<int, Millis>> m_storeFailures;
    std::map<int, FaultKind> m_stoppedCrashes; // entries the stop cut short, and the crash that stands for it
    // docs/reference/serve.md suspected intents: the grouping reconstruct uses too, fed every served arrival in order
    // (its arrival numbers are indices into m_servedEntries; its group ids are the simulation's suspected groups).
    SuspectedIntentGrouper m_grouper;
    Millis m_groupsForgotten = 0; // the service instant its closed groups were last let go
    std::int64_t m_undecided = 0; // served arrivals not decided yet
    // What the body reader said, for the entries whose body could not be read (a string per request was 32 bytes).
    absl::flat_hash_map<int, std::string> m_rejectDetail;
    const std::string& rejectDetail(int entry) const;
    std::set<std::uint64_t> m_gone;
    // What an answer needs of a decision, taken when it is made (the process that made it may be gone by the time
    // advance() answers): copying the whole Outcome copied its rule path and, for a replay, the row it read.
    struct Decided {
        int request = 0;
        Decision decision = Decision::Created;
        std::optional<int> status;
        std::optional<std::string> body;
        bool responds = true;
        std::string storeError; // store_unavailable: what the store said
        bool waited = false; // in_progress_wait_ms passed with the record still in progress
    };
    void libraryAnswer(ServedAnswer& a, const Decided& outcome, int entry, const ServicePolicy& policy) const;
    std::vector<Decided> m_decided; // during a run of the simulation
    std::vector<Decided> m_deciding; // what advance() is answering
    std::vector<ServedAnswer> m_answers;
};

// A scenario for `serve` (docs/reference/serve.md): as loadScenario, except that a fault's `client` names a served
// client and need not be an entry of `clients`. Throws ScenarioError.
Scenario loadServedScenario(std::string_view text, const std::string& fileName);

// GET /_workbench/policy: the served policy as one JSON object — profile, strategy, key syntax and scope, key lengths,
// what the fingerprint covers, ttl_ms, lease, after_expiry, store_errors, the statuses, intent_window_ms — so a
// client can read the expiry and the answers it may meet.
std::string policyDocument(const ServicePolicy& policy);

// GET /_workbench/problems/<decision>: a short HTML page explaining it; nullopt for an unknown decision.
std::optional<std::string> problemPage(std::string_view decision, const ServicePolicy& policy);

} // namespace iw
