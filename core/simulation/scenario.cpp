// Scenario files (docs/reference/scenario.md): strict loading that names file, line, column and JSON path for every
// problem, saving in the SPEC's field order, and the list of preset scenarios shipped as resources.
#include "scenario.h"

#include "jsontext.h"
#include "nametable.h"
#include "runbudget.h"
#include "simulation.h"
#include "utf8.h"
#include "wholeinput.h"

#include <QDir>
#include <QFile>

#include <algorithm>
#include <array>
#include <charconv>
#include <climits>
#include <cmath>
#include <type_traits>
#include <unordered_map>
#include <utility>

namespace iw {

// A served scenario's requests grow in chunks (SegmentedVector), whose first chunk still grows as a vector does: a
// vector moves its elements only when their move cannot throw, and copies them otherwise (issue 41 finding 6).
static_assert(std::is_nothrow_move_constructible_v<RequestSpec>, "requests must move, not copy, as a vector grows");

namespace {

// Beyond ten years a duration is a typo (an extra zero, seconds taken for milliseconds), not a scenario.
constexpr Millis s_maxDuration = 315'360'000'000;
// Seeds and counts must survive a trip through a JSON number, which readers hold as a double.
constexpr std::uint64_t s_maxExact = 9'007'199'254'740'992; // 2^53

constexpr auto s_faultKinds = nameTable<FaultKind>({
    { FaultKind::DropRequest, "drop_request" },
    { FaultKind::DropResponse, "drop_response" },
    { FaultKind::HandlerError, "handler_error" },
    { FaultKind::RejectPayload, "reject_payload" },
    { FaultKind::CrashBeforeEffect, "crash_before_effect" },
    { FaultKind::CrashAfterEffect, "crash_after_effect" },
    { FaultKind::SlowHandler, "slow_handler" },
    { FaultKind::DbDown, "db_down" },
    { FaultKind::LateRetry, "late_retry" },
    { FaultKind::SlowNetwork, "slow_network" },
    { FaultKind::CrashAfterUpstream, "crash_after_upstream" },
    { FaultKind::CrashAfterClaim, "crash_after_claim" },
    { FaultKind::Failover, "failover" },
    { FaultKind::RollbackClaim, "rollback_claim" },
    { FaultKind::TtlSweepNow, "ttl_sweep_now" },
    { FaultKind::ClockSkew, "clock_skew" },
    { FaultKind::LargeResponse, "large_response" },
});
static_assert(s_faultKinds.size() == FaultKindCount, "every fault kind has a name, and FaultKindCount counts them");
constexpr auto s_hopKeys = nameTable<HopKey>({
    { HopKey::Forward, "forward" },
    { HopKey::Derive, "derive" },
    { HopKey::New, "new" },
    { HopKey::None, "none" },
});
constexpr auto s_recoverBys = nameTable<RecoverBy>({
    { RecoverBy::Lookup, "lookup" },
    { RecoverBy::Release, "release" },
});
constexpr auto s_exploreProperties = nameTable<ExploreProperty>({
    { ExploreProperty::NoDuplicateEffects, "no_duplicate_effects" },
    { ExploreProperty::NoStuckInProgress, "no_stuck_in_progress" },
    { ExploreProperty::ReplayMatchesOriginal, "replay_matches_original" },
});
constexpr std::array<std::string_view, 3> s_exploreVerdicts = { "holds", "violated", "inconclusive" };
constexpr auto s_jitters = nameTable<Jitter>({
    { Jitter::None, "none" },
    { Jitter::Full, "full" },
    { Jitter::Equal, "equal" },
    { Jitter::Decorrelated, "decorrelated" },
});
constexpr auto s_backoffs = nameTable<Backoff>({
    { Backoff::Constant, "constant" },
    { Backoff::Exponential, "exponential" },
});
constexpr auto s_onConflicts = nameTable<OnConflict>({
    { OnConflict::RetrySameKey, "retry_same_key" },
    { OnConflict::NewKey, "new_key" },
    { OnConflict::GiveUp, "give_up" },
});
// The policy's own enums are named by policy.h; these lists only say which values exist, for the messages.
constexpr std::array<Profile, 9> s_profiles = { Profile::Ietf, Profile::Stripe, Profile::Powertools, Profile::Brandur,
    Profile::PowertoolsRedis, Profile::PowertoolsRedisFixed, Profile::ExpressIdempotency, Profile::NodeIdempotency,
    Profile::PowertoolsDynamodb };
constexpr std::array<StoreEngine, 4> s_storeEngines
    = { StoreEngine::Sql, StoreEngine::Redis, StoreEngine::Mysql, StoreEngine::Dynamodb };
constexpr std::array<PutCondition, 3> s_putConditions
    = { PutCondition::NotExists, PutCondition::NotExistsOrExpired, PutCondition::Powertools };
constexpr std::array<MysqlIsolation, 2> s_isolations
    = { MysqlIsolation::RepeatableRead, MysqlIsolation::ReadCommitted };
constexpr std::array<MysqlClaim, 3> s_mysqlClaims
    = { MysqlClaim::Insert, MysqlClaim::InsertIgnore, MysqlClaim::OnDuplicateKeyUpdate };
constexpr std::array<DeadlockAction, 2> s_deadlockActions = { DeadlockAction::Retry, DeadlockAction::Error };
constexpr std::array<ClaimCommand, 2> s_claimCommands = { ClaimCommand::SetNxPx, ClaimCommand::HsetThenExpire };
constexpr std::array<KeyScope, 5> s_keyScopes
    = { KeyScope::ActorOperation, KeyScope::Operation, KeyScope::Actor, KeyScope::Global, KeyScope::OperationQuery };
constexpr std::array<FingerprintForm, 3> s_fingerprintForms
    = { FingerprintForm::Canonical, FingerprintForm::Ordered, FingerprintForm::Raw };
constexpr std::array<FingerprintPart, 4> s_fingerprintParts = { PartMethod, PartPath, PartQuery, PartBody };
constexpr std::array<KeySyntax, 2> s_keySyntaxes = { KeySyntax::SfString, KeySyntax::Raw };
constexpr std::array<Strategy, 4> s_strategies
    = { Strategy::UniqueClaim, Strategy::CheckThenInsert, Strategy::SeenFlag, Strategy::None };
constexpr std::array<AfterExpiry, 2> s_afterExpiries = { AfterExpiry::Forget, AfterExpiry::Tombstone };

template<typename E, std::size_t N>
std::array<std::pair<E, std::string_view>, N> namedBy(const std::array<E, N>& values, std::string_view (*name)(E))
{
    std::array<std::pair<E, std::string_view>, N> table;
    for (std::size_t i = 0; i < N; ++i)
        table[i] = { values[i], name(values[i]) };
    return table;
}

// The retry.on vocabulary, in the order saveScenario writes it.
constexpr std::array<std::string_view, 5> s_retryOn = { "timeout", "409", "422", "5xx", "503" };
// The summary figures an `expect` may check (docs/reference/report.md `summary`), in the order saveScenario writes
// them.
constexpr std::array<std::string_view, 5> s_summaryFigures
    = { "intents", "requests", "effects", "duplicate_effects", "intents_with_duplicates" };

std::string retryOnNames()
{
    std::string out;
    for (std::string_view name : s_retryOn)
        out += (out.empty() ? "" : ", ") + std::string(name);
    return out;
}

// Long values are cut in messages so that one bad field cannot flood a terminal; the cut keeps UTF-8 valid.
std::string_view excerpt(std::string_view s)
{
    constexpr std::size_t limit = 60;
    return utf8::prefixBytes(s, limit);
}

using utf8::codePoints;

// A cut text says how long the whole was: "aaaa…" (5000 characters).
std::string quotedText(std::string_view s)
{
    std::string out;
    json::appendString(out, excerpt(s));
    if (excerpt(s).size() < s.size()) {
        out.insert(out.size() - 1, "…");
        out += " (" + std::to_string(codePoints(s)) + " characters)";
    }
    return out;
}

// The offending value as a user would recognise it in the file.
std::string describe(const json::Value& v)
{
    switch (v.type) {
    case json::Type::Null:
        return "null";
    case json::Type::Bool:
        return v.boolean ? "true" : "false";
    case json::Type::Number:
        return v.numberText.empty() ? json::formatNumber(v.number) : std::string(excerpt(v.numberText));
    case json::Type::String:
        return quotedText(v.string);
    case json::Type::Array:
        return "an array";
    case json::Type::Object:
        return "an object";
    }
    return {};
}

bool isIdentifier(std::string_view key)
{
    if (key.empty() || (key[0] >= '0' && key[0] <= '9'))
        return false;
    return std::all_of(key.begin(), key.end(),
        [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'; });
}

std::string memberPath(const std::string& path, std::string_view key)
{
    if (isIdentifier(key))
        return path + "." + std::string(key);
    std::string out = path + "[";
    json::appendString(out, key);
    return out + "]";
}

std::string elementPath(const std::string& path, std::size_t index)
{
    return path + "[" + std::to_string(index) + "]";
}

// Integers are judged on the literal text (docs/reference/scenario.md fine point 22): 0.99999999999999999 is not 1.
json::ExactInteger exact(const json::Value& v)
{
    return json::exactInteger(v);
}

// Names go into both stores' unique index (actor_id, operation, idem_key): PostgreSQL's operation column is
// varchar(200), and a btree entry holds at most 2704 bytes, so 200 + 200 + 255 code points (2620 bytes of UTF-8 at
// most) always fit beside the row's overhead. Longer names would work on the memory store only.
constexpr std::size_t s_maxNameLength = 200;
// node-idempotency allows 256 (docs/reference/decisions.md#profiles); a longer limit is null (none), as
// express-idempotency has.
constexpr int s_maxKeyLength = 256;

std::string formatError(const std::string& file, json::Position pos, const std::string& path, const std::string& detail)
{
    // Without a position the file itself could not be read: there is no line or path to name.
    if (pos.line == 0)
        return file + ": " + detail;
    return file + ":" + std::to_string(pos.line) + ":" + std::to_string(pos.column) + ": " + path + ": " + detail;
}

class Loader;

// One JSON object being read: rejects unknown members up front and reports missing ones at the object itself.
class ObjectFields {
public:
    ObjectFields(const Loader& loader, const json::Value& object, std::string path,
        const std::vector<std::string_view>& allowed);

    const json::Value* find(std::string_view key) const { return m_object.find(key); }
    const json::Value& require(std::string_view key) const;
    std::string path(std::string_view key) const { return memberPath(m_path, key); }

private:
    const Loader& m_loader;
    const json::Value& m_object;
    std::string m_path;
};

class Loader {
public:
    explicit Loader(const std::string& fileName)
        : m_file(fileName)
    {
    }

    [[noreturn]] void fail(json::Position pos, const std::string& path, std::string detail) const
    {
        throw ScenarioError(m_file, pos, path, std::move(detail));
    }
    [[noreturn]] void expected(const json::Value& v, const std::string& path, std::string_view what) const
    {
        fail(v.pos, path, "expected " + std::string(what) + ", got " + describe(v));
    }

    Scenario load(const json::Value& root) const;

private:
    std::string string(const json::Value& v, const std::string& path) const;
    std::string nonEmptyString(const json::Value& v, const std::string& path) const;
    std::string name(const json::Value& v, const std::string& path, std::string_view what) const;
    bool boolean(const json::Value& v, const std::string& path) const;
    std::int64_t integer(
        const json::Value& v, const std::string& path, std::int64_t min, std::int64_t max, std::string_view what) const;
    Millis duration(const json::Value& v, const std::string& path) const;
    std::optional<Millis> nullableDuration(const json::Value& v, const std::string& path) const;
    int status(const json::Value& v, const std::string& path) const;
    int atLeastOne(const json::Value& v, const std::string& path) const;
    std::uint64_t seed(const json::Value& v, const std::string& path) const;

    template<typename E, std::size_t N>
    E enumValue(
        const json::Value& v, const std::string& path, const std::array<std::pair<E, std::string_view>, N>& table) const
    {
        if (!v.isString())
            expected(v, path, "a string (one of: " + namesOf(table) + ")");
        if (const std::optional<E> value = valueOf(table, v.string))
            return *value;
        fail(v.pos, path, "unknown value " + quotedText(v.string) + " (expected one of: " + namesOf(table) + ")");
    }

    const std::vector<json::Value>& array(const json::Value& v, const std::string& path) const;
    ServicePolicy service(
        const json::Value& v, const std::string& path, std::optional<RecoverSpec>* recover = nullptr) const;
    void storeEngine(const ObjectFields& f, ServicePolicy& p) const;
    void mysqlEngine(const ObjectFields& f, const json::Value* engine, ServicePolicy& p) const;
    void dynamodbEngine(const ObjectFields& f, const json::Value* engine, ServicePolicy& p) const;
    RecoverSpec recover(const json::Value& v, const std::string& path) const;
    HopSpec hop(const json::Value& v, const std::string& path, const Scenario& scenario) const;
    std::vector<std::string> pointers(const json::Value& v, const std::string& path) const;
    ClientSpec client(const json::Value& v, const std::string& path) const;
    RetryPolicy retry(const json::Value& v, const std::string& path) const;
    RequestSpec request(const json::Value& v, const std::string& path, const Scenario& scenario) const;
    FaultSpec fault(const json::Value& v, const std::string& path, const Scenario& scenario) const;
    void expect(const json::Value& v, const std::string& path, Scenario& scenario) const;
    void lesson(const json::Value& v, const std::string& path, Scenario& scenario) const;
    LessonExpect lessonExpect(const json::Value& v, const std::string& path, const Scenario& scenario) const;
    void translations(const json::Value& v, const std::string& path, Scenario& scenario) const;
    ExploreSpec explore(const json::Value& v, const std::string& path, const Scenario& scenario) const;
    void exploreExpect(const json::Value& v, const std::string& path, Scenario& scenario) const;
    void intentNames(const json::Value& requests, const std::string& path, const Scenario& scenario) const;
    const std::string& clientReference(const json::Value& v, const std::string& path, const Scenario& scenario) const;

    std::string m_file;
    // The clients read so far, by id: a recording or a rebuilt incident has a client per actor and names one in every
    // request, so finding each by a walk along the list grew with requests × clients.
    mutable std::unordered_map<std::string, std::size_t> m_clientIndex;

public:
    bool servedFaultClients = false;
};

ObjectFields::ObjectFields(
    const Loader& loader, const json::Value& object, std::string path, const std::vector<std::string_view>& allowed)
    : m_loader(loader)
    , m_object(object)
    , m_path(std::move(path))
{
    if (!object.isObject())
        loader.expected(object, m_path, "an object");
    for (const json::Member& member : object.object) {
        if (std::find(allowed.begin(), allowed.end(), member.key) == allowed.end())
            loader.fail(member.keyPos, memberPath(m_path, member.key), "unknown field " + quotedText(member.key));
    }
}

const json::Value& ObjectFields::require(std::string_view key) const
{
    const json::Value* v = m_object.find(key);
    if (!v)
        m_loader.fail(m_object.pos, m_path, "missing required field " + quotedText(key));
    return *v;
}

std::string Loader::string(const json::Value& v, const std::string& path) const
{
    if (!v.isString())
        expected(v, path, "a string");
    return v.string;
}

std::string Loader::nonEmptyString(const json::Value& v, const std::string& path) const
{
    if (!v.isString() || v.string.empty())
        expected(v, path, "a non-empty string");
    return v.string;
}

// An actor or an operation: part of every scope, so it must mean the same on both stores.
std::string Loader::name(const json::Value& v, const std::string& path, std::string_view what) const
{
    const std::string text = string(v, path);
    // PostgreSQL's text cannot hold U+0000: "a\u0000b" and "a\u0000c" would be one scope there and two in memory.
    if (text.find('\0') != std::string::npos)
        fail(v.pos, path,
            "NUL (U+0000) is not allowed in " + std::string(what) + " (PostgreSQL cannot store it), got "
                + quotedText(text));
    if (codePoints(text) > s_maxNameLength)
        fail(v.pos, path,
            std::string(what) + " is longer than the " + std::to_string(s_maxNameLength)
                + " characters both stores take: " + quotedText(text));
    return text;
}

bool Loader::boolean(const json::Value& v, const std::string& path) const
{
    if (!v.isBool())
        expected(v, path, "true or false");
    return v.boolean;
}

std::int64_t Loader::integer(
    const json::Value& v, const std::string& path, std::int64_t min, std::int64_t max, std::string_view what) const
{
    const json::ExactInteger e = exact(v);
    if (e.kind == json::ExactInteger::Kind::OutOfRange && max >= static_cast<std::int64_t>(s_maxExact))
        fail(v.pos, path,
            describe(v) + " is beyond 2^53 (9007199254740992), where JSON numbers stop being exact integers");
    if (e.kind != json::ExactInteger::Kind::Integer || e.value < min || e.value > max)
        expected(v, path, what);
    return e.value;
}

Millis Loader::duration(const json::Value& v, const std::string& path) const
{
    const json::ExactInteger e = exact(v);
    if (e.kind == json::ExactInteger::Kind::NotAnInteger || e.negative || e.value < 0)
        expected(v, path, "a non-negative integer");
    if (e.kind == json::ExactInteger::Kind::OutOfRange || e.value > s_maxDuration)
        fail(v.pos, path, describe(v) + " ms is larger than 10 years");
    return e.value;
}

std::optional<Millis> Loader::nullableDuration(const json::Value& v, const std::string& path) const
{
    if (v.isNull())
        return std::nullopt;
    const json::ExactInteger e = exact(v);
    if (e.kind == json::ExactInteger::Kind::NotAnInteger || e.negative || e.value < 0)
        expected(v, path, "a non-negative integer or null");
    return duration(v, path);
}

int Loader::status(const json::Value& v, const std::string& path) const
{
    return static_cast<int>(integer(v, path, 100, 599, "an HTTP status from 100 to 599"));
}

int Loader::atLeastOne(const json::Value& v, const std::string& path) const
{
    return static_cast<int>(integer(v, path, 1, INT_MAX, "a positive integer"));
}

std::uint64_t Loader::seed(const json::Value& v, const std::string& path) const
{
    constexpr std::string_view what = "a non-negative integer no larger than 2^53";
    // A double cannot tell 2^53 from 2^53 + 1: the literal text is read exactly.
    const json::ExactInteger e = exact(v);
    if (e.kind != json::ExactInteger::Kind::Integer || e.value < 0)
        expected(v, path, what);
    return static_cast<std::uint64_t>(e.value);
}

const std::vector<json::Value>& Loader::array(const json::Value& v, const std::string& path) const
{
    if (!v.isArray())
        expected(v, path, "an array");
    return v.array;
}

Scenario Loader::load(const json::Value& root) const
{
    if (!root.isObject())
        expected(root, "$", "an object");
    // The format comes first: for a file of another kind every other complaint would be noise.
    const json::Value* format = root.find("format");
    if (!format)
        fail(root.pos, "$", "missing required field \"format\"");
    if (!format->isString() || format->string != ScenarioFormat)
        fail(format->pos, "$.format",
            "unsupported format " + describe(*format) + " (expected \"" + std::string(ScenarioFormat) + "\")");

    const ObjectFields top(*this, root, "$",
        { "format", "name", "title", "description", "seed", "service", "clients", "requests", "faults", "expect",
            "lesson", "explore", "route", "translations" });
    Scenario s;
    s.name = nonEmptyString(top.require("name"), top.path("name"));
    if (const json::Value* v = top.find("title"))
        s.title = string(*v, top.path("title"));
    if (const json::Value* v = top.find("description"))
        s.description = string(*v, top.path("description"));
    s.seed = seed(top.require("seed"), top.path("seed"));
    s.service = service(top.require("service"), top.path("service"), &s.serviceRecover);
    if (const json::Value* route = top.find("route")) {
        const std::string routePath = top.path("route");
        for (std::size_t i = 0; i < array(*route, routePath).size(); ++i) {
            if (i == kMaxRouteHops)
                fail(route->array[i].pos, elementPath(routePath, i),
                    "a route lists at most " + std::to_string(kMaxRouteHops) + " hops, this one "
                        + std::to_string(route->array.size()));
            s.route.push_back(hop(route->array[i], elementPath(routePath, i), s));
        }
        if (s.route.empty())
            fail(route->pos, routePath, "a route lists at least one hop (leave \"route\" out for none)");
    }

    const json::Value& clients = top.require("clients");
    const std::string clientsPath = top.path("clients");
    for (std::size_t i = 0; i < array(clients, clientsPath).size(); ++i) {
        const json::Value& c = clients.array[i];
        const std::string path = elementPath(clientsPath, i);
        ClientSpec spec = client(c, path);
        if (!m_clientIndex.emplace(spec.id, s.clients.size()).second) {
            const json::Value* id = c.find("id");
            fail(id->pos, memberPath(path, "id"), "duplicate client id " + quotedText(spec.id));
        }
        s.clients.push_back(std::move(spec));
    }
    // A recording of a session in which nothing could be recorded has neither clients nor requests: it runs to an
    // empty report. Any other scenario needs both.
    const json::Value* requestList = top.find("requests");
    const bool emptyRecording
        = s.clients.empty() && requestList && requestList->isArray() && requestList->array.empty();
    if (s.clients.empty() && !emptyRecording)
        fail(clients.pos, clientsPath, "a scenario needs at least one client");

    const json::Value& requests = top.require("requests");
    const std::string requestsPath = top.path("requests");
    // Every first request is kept in the recording (a few hundred bytes with its record and events), so the whole
    // scenario is bounded too, not only each field: 100,000 copies × 2,000,000 repetitions would need terabytes.
    // The bound is also what this machine can hold (runbudget.h): a scenario that cannot fit is refused now, not
    // after it has filled the memory.
    const RunBudget budget = runBudget();
    std::int64_t firstRequests = 0;
    for (std::size_t i = 0; i < array(requests, requestsPath).size(); ++i) {
        const std::string path = elementPath(requestsPath, i);
        s.requests.push_back(request(requests.array[i], path, s));
        const RequestSpec& r = s.requests.back();
        firstRequests += static_cast<std::int64_t>(r.copies) * r.repeat;
        if (firstRequests > std::min(kMaxFirstRequests, budget.maxRequests)) {
            const json::Value& entry = requests.array[i];
            const char* field = entry.find("repeat") ? "repeat" : entry.find("copies") ? "copies" : nullptr;
            fail(field ? entry.find(field)->pos : entry.pos, field ? path + "." + field : path,
                "copies × repeat makes " + std::to_string(firstRequests) + " first requests in all, more than "
                    + (firstRequests > kMaxFirstRequests ? "the 10000000 a scenario may send"
                                                         : "the " + std::to_string(budget.maxRequests)
                                + " this machine can hold (" + budget.describe() + ")"));
        }
    }
    if (s.requests.empty() && !emptyRecording)
        fail(requests.pos, requestsPath, "a scenario needs at least one request");
    intentNames(requests, requestsPath, s);

    if (const json::Value* faults = top.find("faults")) {
        const std::string faultsPath = top.path("faults");
        for (std::size_t i = 0; i < array(*faults, faultsPath).size(); ++i)
            s.faults.push_back(fault(faults->array[i], elementPath(faultsPath, i), s));
    }
    if (const json::Value* v = top.find("expect"))
        expect(*v, top.path("expect"), s);
    if (const json::Value* v = top.find("lesson"))
        lesson(*v, top.path("lesson"), s);
    if (const json::Value* v = top.find("translations"))
        translations(*v, top.path("translations"), s);
    if (const json::Value* v = top.find("explore")) {
        if (!s.route.empty())
            fail(v->pos, top.path("explore"), "explore does not take a scenario with a route yet");
        s.explore = explore(*v, top.path("explore"), s);
    }
    return s;
}

ExploreSpec Loader::explore(const json::Value& v, const std::string& path, const Scenario& s) const
{
    const ObjectFields f(
        *this, v, path, { "faults", "max_faults", "network_ms", "handler_ms", "late_retry_delays_ms", "property" });
    ExploreSpec e;
    if (const json::Value* x = f.find("faults")) {
        const std::string faultsPath = f.path("faults");
        for (std::size_t i = 0; i < array(*x, faultsPath).size(); ++i) {
            const json::Value& kind = x->array[i];
            const std::string at = elementPath(faultsPath, i);
            const FaultKind k = enumValue(kind, at, s_faultKinds);
            if (k == FaultKind::CrashAfterUpstream)
                fail(kind.pos, at, "crash_after_upstream is not explored: explore does not take routes yet");
            if (k == FaultKind::RollbackClaim && s.service.storeEngine != StoreEngine::Mysql)
                fail(kind.pos, at,
                    "rollback_claim rolls back a MySQL claim transaction: this service runs on store_engine \""
                        + std::string(storeEngineName(s.service.storeEngine)) + "\" (it needs \"mysql\")");
            if ((k == FaultKind::TtlSweepNow || k == FaultKind::ClockSkew)
                && s.service.storeEngine != StoreEngine::Dynamodb)
                fail(kind.pos, at,
                    std::string(faultKindName(k)) + " is a DynamoDB fault: this service runs on store_engine \""
                        + std::string(storeEngineName(s.service.storeEngine)) + "\" (it needs \"dynamodb\")");
            if (k == FaultKind::ClockSkew)
                fail(kind.pos, at, "clock_skew is not explored: pin it in \"faults\" with its clock_skew_ms");
            if (k == FaultKind::LargeResponse)
                fail(kind.pos, at, "large_response is not explored: pin it in \"faults\" with its response_bytes");
            if (k == FaultKind::DbDown || k == FaultKind::Failover || k == FaultKind::TtlSweepNow)
                fail(kind.pos, at,
                    std::string(faultKindName(k))
                        + " is not explored: it strikes an instant of time, not an attempt (pin it in \"faults\" "
                          "instead)");
            if (k == FaultKind::SlowHandler || k == FaultKind::SlowNetwork)
                fail(kind.pos, at,
                    std::string(faultKindName(k)) + " is not a fault to explore: list the latencies to try in "
                        + (k == FaultKind::SlowHandler ? "\"handler_ms\"" : "\"network_ms\""));
            if (std::find(e.faults.begin(), e.faults.end(), k) != e.faults.end())
                fail(kind.pos, at, "fault kind " + quotedText(std::string(faultKindName(k))) + " is listed twice");
            e.faults.push_back(k);
        }
    }
    if (const json::Value* x = f.find("max_faults"))
        e.maxFaults = static_cast<int>(integer(*x, f.path("max_faults"), 0, 16, "an integer from 0 to 16"));
    const auto choices = [&](std::string_view key, std::vector<Millis>& into) {
        const json::Value* x = f.find(key);
        if (!x)
            return;
        const std::string at = f.path(key);
        if (array(*x, at).empty())
            fail(x->pos, at, "expected at least one choice");
        for (std::size_t i = 0; i < x->array.size(); ++i) {
            const Millis ms = duration(x->array[i], elementPath(at, i));
            if (std::find(into.begin(), into.end(), ms) != into.end())
                fail(x->array[i].pos, elementPath(at, i), "choice " + std::to_string(ms) + " is listed twice");
            into.push_back(ms);
        }
    };
    choices("network_ms", e.networkMs);
    choices("handler_ms", e.handlerMs);
    choices("late_retry_delays_ms", e.lateRetryDelaysMs);
    if (std::find(e.faults.begin(), e.faults.end(), FaultKind::LateRetry) != e.faults.end()
        && e.lateRetryDelaysMs.empty()) {
        // The choices default to the scenario's single values: its own late_retry faults' delays.
        for (const FaultSpec& fault : s.faults) {
            if (fault.kind == FaultKind::LateRetry
                && std::find(e.lateRetryDelaysMs.begin(), e.lateRetryDelaysMs.end(), fault.delayMs)
                    == e.lateRetryDelaysMs.end())
                e.lateRetryDelaysMs.push_back(fault.delayMs);
        }
        if (e.lateRetryDelaysMs.empty())
            fail(f.find("faults")->pos, f.path("faults"),
                "late_retry is explored but no delay is given: add \"late_retry_delays_ms\" (or a late_retry fault "
                "whose delay_ms it takes)");
    }
    if (const json::Value* x = f.find("property"))
        e.property = enumValue(*x, f.path("property"), s_exploreProperties);
    return e;
}

ServicePolicy Loader::service(
    const json::Value& v, const std::string& path, std::optional<RecoverSpec>* recoverInto) const
{
    std::vector<std::string_view> allowed = { "profile", "strategy", "require_key", "min_key_length", "max_key_length",
        "ttl_ms", "in_progress_lease_ms", "after_expiry", "tombstone_ms", "store_errors", "mismatch_status",
        "in_progress_status", "missing_key_status", "expired_status", "fingerprint", "handler_ms", "db_ms",
        "network_ms", "sweep_every_ms", "store_engine", "claim_ttl_ms", "claim_command", "replication", "isolation",
        "claim", "key_column_length", "deadlock", "put_condition", "ttl_deletion_lag_ms", "consistent_read",
        "read_lag_ms", "item_size_limit_bytes", "key_scope", "fingerprint_form", "fingerprint_parts", "key_syntax",
        "conflict_retry_after_s", "in_progress_wait_ms", "intent_window_ms" };
    // `service` keeps its recovery job in its block; a route hop has it beside its service block
    // (docs/reference/routes.md).
    if (recoverInto)
        allowed.push_back("recover");
    const ObjectFields f(*this, v, path, allowed);
    if (recoverInto) {
        if (const json::Value* x = f.find("recover"))
            *recoverInto = recover(*x, f.path("recover"));
    }
    // Every other field overrides a default of the profile, so the profile is read first.
    ServicePolicy p = ServicePolicy::forProfile(
        enumValue(f.require("profile"), f.path("profile"), namedBy(s_profiles, profileName)));

    if (const json::Value* x = f.find("strategy"))
        p.strategy = enumValue(*x, f.path("strategy"), namedBy(s_strategies, strategyName));
    if (const json::Value* x = f.find("require_key"))
        p.requireKey = boolean(*x, f.path("require_key"));
    const json::Value* minKey = f.find("min_key_length");
    if (minKey)
        p.minKeyLength
            = static_cast<int>(integer(*minKey, f.path("min_key_length"), 0, INT_MAX, "a non-negative integer"));
    const json::Value* maxKey = f.find("max_key_length");
    if (maxKey && maxKey->isNull()) {
        p.maxKeyLength = kNoKeyLengthLimit; // docs/reference/decisions.md#profiles: no limit, as express-idempotency
    } else if (maxKey) {
        p.maxKeyLength
            = static_cast<int>(integer(*maxKey, f.path("max_key_length"), 0, INT_MAX, "a non-negative integer"));
        if (p.maxKeyLength > s_maxKeyLength)
            fail(maxKey->pos, f.path("max_key_length"),
                "max_key_length " + std::to_string(p.maxKeyLength) + " is more than the "
                    + std::to_string(s_maxKeyLength)
                    + " code points both stores can index beside a 200-character actor and operation (null: no "
                      "limit)");
    }
    if (p.maxKeyLength < p.minKeyLength) {
        if (maxKey)
            fail(maxKey->pos, f.path("max_key_length"),
                "max_key_length " + std::to_string(p.maxKeyLength) + " is smaller than min_key_length "
                    + std::to_string(p.minKeyLength));
        fail(minKey->pos, f.path("min_key_length"),
            "min_key_length " + std::to_string(p.minKeyLength) + " is larger than the profile's max_key_length "
                + std::to_string(p.maxKeyLength));
    }
    if (const json::Value* x = f.find("ttl_ms"))
        p.ttlMs = x->isNull() ? kNeverMs : duration(*x, f.path("ttl_ms"));
    if (const json::Value* x = f.find("in_progress_lease_ms"))
        p.leaseMs = nullableDuration(*x, f.path("in_progress_lease_ms"));
    const json::Value* afterExpiry = f.find("after_expiry");
    if (afterExpiry)
        p.afterExpiry = enumValue(*afterExpiry, f.path("after_expiry"), namedBy(s_afterExpiries, afterExpiryName));
    if (const json::Value* x = f.find("tombstone_ms"))
        p.tombstoneMs = nullableDuration(*x, f.path("tombstone_ms"));
    // No profile defaults to tombstones, so an `after_expiry: tombstone` is always written in the file.
    if (p.afterExpiry == AfterExpiry::Tombstone && !(p.tombstoneMs && *p.tombstoneMs > 0))
        fail(afterExpiry->pos, f.path("after_expiry"), "\"tombstone\" needs a positive tombstone_ms");
    if (const json::Value* x = f.find("store_errors"))
        p.storeErrors = boolean(*x, f.path("store_errors"));
    if (const json::Value* x = f.find("mismatch_status"))
        p.mismatchStatus = status(*x, f.path("mismatch_status"));
    if (const json::Value* x = f.find("in_progress_status"))
        p.inProgressStatus = status(*x, f.path("in_progress_status"));
    if (const json::Value* x = f.find("missing_key_status"))
        p.missingKeyStatus = status(*x, f.path("missing_key_status"));
    if (const json::Value* x = f.find("expired_status"))
        p.expiredStatus = status(*x, f.path("expired_status"));
    if (const json::Value* x = f.find("fingerprint")) {
        // null is "no fingerprint configured", which is what saveScenario writes for it.
        if (!x->isNull()) {
            const std::string fpPath = f.path("fingerprint");
            if (!x->isObject())
                expected(*x, fpPath, "an object or null");
            const ObjectFields fp(*this, *x, fpPath, { "only", "ignore" });
            if (const json::Value* only = fp.find("only"))
                p.fingerprint.only = pointers(*only, fp.path("only"));
            if (const json::Value* ignore = fp.find("ignore"))
                p.fingerprint.ignore = pointers(*ignore, fp.path("ignore"));
            p.fingerprintGiven = true;
        }
    }
    if (const json::Value* x = f.find("handler_ms"))
        p.handlerMs = duration(*x, f.path("handler_ms"));
    if (const json::Value* x = f.find("db_ms"))
        p.dbMs = duration(*x, f.path("db_ms"));
    if (const json::Value* x = f.find("network_ms"))
        p.networkMs = duration(*x, f.path("network_ms"));
    if (const json::Value* x = f.find("sweep_every_ms")) {
        // Sweeps run at k·sweep_every_ms: a period of 0 would sweep forever at the same instant.
        const json::ExactInteger e = exact(*x);
        if (!x->isNull()
            && (e.kind == json::ExactInteger::Kind::NotAnInteger || e.negative
                || (e.kind == json::ExactInteger::Kind::Integer && e.value <= 0)))
            expected(*x, f.path("sweep_every_ms"), "a positive integer or null");
        p.sweepEveryMs = nullableDuration(*x, f.path("sweep_every_ms"));
    }
    storeEngine(f, p);
    // docs/reference/decisions.md#profiles's knobs.
    if (const json::Value* x = f.find("key_scope"))
        p.keyScope = enumValue(*x, f.path("key_scope"), namedBy(s_keyScopes, keyScopeName));
    if (const json::Value* x = f.find("fingerprint_form"))
        p.fingerprintForm = enumValue(*x, f.path("fingerprint_form"), namedBy(s_fingerprintForms, fingerprintFormName));
    if (const json::Value* x = f.find("fingerprint_parts")) {
        const std::string at = f.path("fingerprint_parts");
        if (array(*x, at).empty())
            fail(x->pos, at, "expected at least one of \"method\", \"path\", \"query\", \"body\"");
        p.fingerprintParts = 0;
        for (std::size_t i = 0; i < x->array.size(); ++i) {
            const FingerprintPart part
                = enumValue(x->array[i], elementPath(at, i), namedBy(s_fingerprintParts, fingerprintPartName));
            if (p.fingerprintParts & part)
                fail(x->array[i].pos, elementPath(at, i),
                    "\"" + std::string(fingerprintPartName(part)) + "\" is listed twice");
            p.fingerprintParts |= part;
        }
    }
    if (const json::Value* x = f.find("key_syntax"))
        p.keySyntax = enumValue(*x, f.path("key_syntax"), namedBy(s_keySyntaxes, keySyntaxName));
    if (const json::Value* x = f.find("conflict_retry_after_s")) {
        if (x->isNull())
            p.conflictRetryAfterS.reset();
        else
            p.conflictRetryAfterS = static_cast<int>(
                integer(*x, f.path("conflict_retry_after_s"), 0, 86'400, "an integer from 0 to 86400 or null"));
    }
    if (const json::Value* x = f.find("in_progress_wait_ms"))
        p.inProgressWaitMs = nullableDuration(*x, f.path("in_progress_wait_ms"));
    if (p.fingerprintForm == FingerprintForm::Raw && !p.fingerprint.empty())
        fail(f.find("fingerprint_form")->pos, f.path("fingerprint_form"),
            "\"raw\" hashes the body's bytes as sent, so fingerprint \"only\"/\"ignore\" cannot select members of it");
    // docs/reference/serve.md: the window of a suspected intent (served requests under other keys).
    if (const json::Value* x = f.find("intent_window_ms"))
        p.intentWindowMs = duration(*x, f.path("intent_window_ms"));
    return p;
}

// docs/manual/stores.md: the store engine and the fields only it gives a meaning to, checked against what that engine
// can do.
void Loader::storeEngine(const ObjectFields& f, ServicePolicy& p) const
{
    const json::Value* engine = f.find("store_engine");
    if (engine)
        p.storeEngine = enumValue(*engine, f.path("store_engine"), namedBy(s_storeEngines, storeEngineName));
    const std::string profile(profileName(p.profile));
    if (p.profile == Profile::PowertoolsRedis || p.profile == Profile::PowertoolsRedisFixed) {
        if (p.storeEngine != StoreEngine::Redis)
            fail(engine->pos, f.path("store_engine"), "profile \"" + profile + "\" runs on store_engine \"redis\"");
    }
    if (p.profile == Profile::PowertoolsDynamodb && p.storeEngine != StoreEngine::Dynamodb)
        fail(engine->pos, f.path("store_engine"), "profile \"" + profile + "\" runs on store_engine \"dynamodb\"");
    const bool redis = p.storeEngine == StoreEngine::Redis;
    const bool mysql = p.storeEngine == StoreEngine::Mysql;
    const bool dynamodb = p.storeEngine == StoreEngine::Dynamodb;
    const std::string engineName(storeEngineName(p.storeEngine));
    for (const std::string_view field : { "claim_ttl_ms", "claim_command", "replication" }) {
        if (const json::Value* x = f.find(field); x && !redis)
            fail(x->pos, f.path(field),
                std::string(field) + " applies only to store_engine \"redis\" (this service's is \"" + engineName
                    + "\")");
    }
    for (const std::string_view field : { "isolation", "claim", "key_column_length", "deadlock" }) {
        if (const json::Value* x = f.find(field); x && !mysql)
            fail(x->pos, f.path(field),
                std::string(field) + " applies only to store_engine \"mysql\" (this service's is \"" + engineName
                    + "\")");
    }
    for (const std::string_view field :
        { "put_condition", "ttl_deletion_lag_ms", "consistent_read", "read_lag_ms", "item_size_limit_bytes" }) {
        if (const json::Value* x = f.find(field); x && !dynamodb)
            fail(x->pos, f.path(field),
                std::string(field) + " applies only to store_engine \"dynamodb\" (this service's is \"" + engineName
                    + "\")");
    }
    if (mysql) {
        mysqlEngine(f, engine, p);
        return;
    }
    if (dynamodb) {
        dynamodbEngine(f, engine, p);
        return;
    }
    if (!redis)
        return;
    const auto refuse = [&](std::string_view field, const std::string& why) {
        const json::Value* x = f.find(field);
        const char* at = x ? nullptr : engine ? "store_engine" : "profile";
        fail(x ? x->pos : f.find(at)->pos, f.path(at ? std::string_view(at) : field), why);
    };
    if (p.profile == Profile::Powertools)
        refuse("profile",
            "profile \"powertools\" is the in-memory behaviour; on store_engine \"redis\" use "
            "\"powertools-redis\" (or \"powertools-redis-fixed\")");
    if (p.strategy != Strategy::UniqueClaim)
        refuse("strategy",
            "store_engine \"redis\" claims with SET NX: strategy \"" + std::string(strategyName(p.strategy))
                + "\" is not modelled on it (use \"unique_claim\")");
    if (p.afterExpiry == AfterExpiry::Tombstone)
        refuse("after_expiry",
            "a Redis key is gone at its expiry, so there is nothing to keep a tombstone of: "
            "after_expiry must be \"forget\" on store_engine \"redis\"");
    if (p.sweepEveryMs) {
        if (f.find("sweep_every_ms"))
            refuse(
                "sweep_every_ms", "Redis expires keys itself: sweep_every_ms must be null on store_engine \"redis\"");
        p.sweepEveryMs.reset(); // a profile's sweeper (brandur's reaper) has nothing to do on Redis
    }
    if (p.ttlMs <= 0)
        refuse("ttl_ms",
            "every Redis key carries an expiry of at least 1 ms: ttl_ms must be positive on store_engine "
            "\"redis\"");
    if (const json::Value* x = f.find("claim_ttl_ms")) {
        const json::ExactInteger e = exact(*x);
        if (x->isNull() || e.kind == json::ExactInteger::Kind::NotAnInteger || e.negative
            || (e.kind == json::ExactInteger::Kind::Integer && e.value <= 0))
            expected(*x, f.path("claim_ttl_ms"), "a positive integer (a claim's PX)");
        p.claimTtlMs = duration(*x, f.path("claim_ttl_ms"));
    }
    if (const json::Value* x = f.find("claim_command"))
        p.claimCommand = enumValue(*x, f.path("claim_command"), namedBy(s_claimCommands, claimCommandName));
    if (const json::Value* x = f.find("replication"); x && !x->isNull()) {
        const std::string at = f.path("replication");
        if (!x->isObject())
            expected(*x, at, "an object {\"mode\": \"async\", \"lag_ms\": N} or null");
        const ObjectFields r(*this, *x, at, { "mode", "lag_ms" });
        const json::Value& mode = r.require("mode");
        if (!mode.isString() || mode.string != "async")
            expected(mode, r.path("mode"), "\"async\" (Redis replication is asynchronous)");
        p.replicationLagMs = duration(r.require("lag_ms"), r.path("lag_ms"));
    }
}

// docs/manual/stores.md mysql: InnoDB's unique index. Only unique_claim is modelled on it (a claim is an INSERT).
void Loader::mysqlEngine(const ObjectFields& f, const json::Value* engine, ServicePolicy& p) const
{
    if (p.strategy != Strategy::UniqueClaim) {
        const json::Value* x = f.find("strategy");
        fail(x ? x->pos : engine->pos, f.path(x ? "strategy" : "store_engine"),
            "store_engine \"mysql\" claims with an INSERT: strategy \"" + std::string(strategyName(p.strategy))
                + "\" is not modelled on it (use \"unique_claim\")");
    }
    if (const json::Value* x = f.find("isolation"))
        p.isolation = enumValue(*x, f.path("isolation"), namedBy(s_isolations, mysqlIsolationName));
    if (const json::Value* x = f.find("claim"))
        p.mysqlClaim = enumValue(*x, f.path("claim"), namedBy(s_mysqlClaims, mysqlClaimName));
    if (const json::Value* x = f.find("key_column_length"))
        p.keyColumnLength = static_cast<int>(integer(*x, f.path("key_column_length"), 1, 16383,
            "an integer from 1 to 16383 (the key column's VARCHAR length in characters)"));
    if (const json::Value* x = f.find("deadlock"))
        p.deadlock = enumValue(*x, f.path("deadlock"), namedBy(s_deadlockActions, deadlockActionName));
}

// docs/manual/stores.md dynamodb: an item per record, claimed by a conditional PutItem. Only unique_claim is modelled
// on it.
void Loader::dynamodbEngine(const ObjectFields& f, const json::Value* engine, ServicePolicy& p) const
{
    const auto refuse = [&](std::string_view field, const std::string& why) {
        const json::Value* x = f.find(field);
        const char* at = x ? nullptr : engine ? "store_engine" : "profile";
        fail(x ? x->pos : f.find(at)->pos, f.path(at ? std::string_view(at) : field), why);
    };
    if (p.profile == Profile::Powertools || p.profile == Profile::PowertoolsRedis
        || p.profile == Profile::PowertoolsRedisFixed)
        refuse("profile",
            "profile \"" + std::string(profileName(p.profile))
                + "\" is not the DynamoDB layer; on store_engine \"dynamodb\" use \"powertools-dynamodb\"");
    if (p.strategy != Strategy::UniqueClaim)
        refuse("strategy",
            "store_engine \"dynamodb\" claims with a conditional PutItem: strategy \""
                + std::string(strategyName(p.strategy)) + "\" is not modelled on it (use \"unique_claim\")");
    if (p.afterExpiry == AfterExpiry::Tombstone)
        refuse("after_expiry",
            "the TTL sweeper deletes an item whole, so there is nothing to keep a tombstone of: after_expiry must be "
            "\"forget\" on store_engine \"dynamodb\"");
    if (p.sweepEveryMs) {
        if (f.find("sweep_every_ms"))
            refuse("sweep_every_ms",
                "DynamoDB deletes expired items itself (ttl_deletion_lag_ms after their TTL): sweep_every_ms must be "
                "null on store_engine \"dynamodb\"");
        p.sweepEveryMs.reset();
    }
    if (const json::Value* x = f.find("put_condition"))
        p.putCondition = enumValue(*x, f.path("put_condition"), namedBy(s_putConditions, putConditionName));
    if (const json::Value* x = f.find("ttl_deletion_lag_ms"))
        p.ttlDeletionLagMs = duration(*x, f.path("ttl_deletion_lag_ms"));
    if (const json::Value* x = f.find("consistent_read"))
        p.consistentRead = boolean(*x, f.path("consistent_read"));
    if (const json::Value* x = f.find("read_lag_ms"))
        p.readLagMs = duration(*x, f.path("read_lag_ms"));
    if (const json::Value* x = f.find("item_size_limit_bytes"))
        p.itemSizeLimitBytes = integer(*x, f.path("item_size_limit_bytes"), 1, kMaxResponseBytes,
            "an integer number of bytes from 1 to " + std::to_string(kMaxResponseBytes));
}

RecoverSpec Loader::recover(const json::Value& v, const std::string& path) const
{
    const ObjectFields f(*this, v, path, { "every_ms", "older_than_ms", "by" });
    RecoverSpec r;
    // Like sweeps, the job runs at k·every_ms: a period of 0 would run it forever at the same instant.
    const json::Value& every = f.require("every_ms");
    const json::ExactInteger e = exact(every);
    if (e.kind == json::ExactInteger::Kind::NotAnInteger || e.negative
        || (e.kind == json::ExactInteger::Kind::Integer && e.value <= 0))
        expected(every, f.path("every_ms"), "a positive integer");
    r.everyMs = duration(every, f.path("every_ms"));
    r.olderThanMs = duration(f.require("older_than_ms"), f.path("older_than_ms"));
    r.by = enumValue(f.require("by"), f.path("by"), s_recoverBys);
    return r;
}

HopSpec Loader::hop(const json::Value& v, const std::string& path, const Scenario& s) const
{
    const ObjectFields f(*this, v, path, { "name", "service", "key", "effect", "timeout_ms", "retry", "recover" });
    HopSpec h;
    const json::Value& nameValue = f.require("name");
    h.name = name(nameValue, f.path("name"), "a hop's name");
    if (h.name.empty())
        expected(nameValue, f.path("name"), "a non-empty string");
    // The name is the next hop's actor and part of derived keys, so it names one hop only.
    if (h.name == "service")
        fail(nameValue.pos, f.path("name"), "\"service\" names the first service already: give the hop another name");
    for (const HopSpec& other : s.route) {
        if (other.name == h.name)
            fail(nameValue.pos, f.path("name"), "duplicate hop name " + quotedText(h.name));
    }
    h.service = service(f.require("service"), f.path("service"));
    h.key = enumValue(f.require("key"), f.path("key"), s_hopKeys);
    if (const json::Value* x = f.find("effect"))
        h.effect = boolean(*x, f.path("effect"));
    h.timeoutMs = duration(f.require("timeout_ms"), f.path("timeout_ms"));
    h.retry = retry(f.require("retry"), f.path("retry"));
    if (const json::Value* x = f.find("recover"))
        h.recover = recover(*x, f.path("recover"));
    return h;
}

std::vector<std::string> Loader::pointers(const json::Value& v, const std::string& path) const
{
    std::vector<std::string> result;
    for (std::size_t i = 0; i < array(v, path).size(); ++i) {
        const json::Value& pointer = v.array[i];
        const std::string elemPath = elementPath(path, i);
        result.push_back(string(pointer, elemPath));
        try {
            parseJsonPointer(pointer.string);
        } catch (const std::invalid_argument& e) {
            fail(pointer.pos, elemPath, e.what());
        }
    }
    return result;
}

ClientSpec Loader::client(const json::Value& v, const std::string& path) const
{
    const ObjectFields f(*this, v, path, { "id", "actor", "timeout_ms", "retry", "on_conflict" });
    ClientSpec c;
    c.id = nonEmptyString(f.require("id"), f.path("id"));
    c.actor = name(f.require("actor"), f.path("actor"), "an actor");
    c.timeoutMs = duration(f.require("timeout_ms"), f.path("timeout_ms"));
    c.retry = retry(f.require("retry"), f.path("retry"));
    if (const json::Value* x = f.find("on_conflict"))
        c.onConflict = enumValue(*x, f.path("on_conflict"), s_onConflicts);
    return c;
}

RetryPolicy Loader::retry(const json::Value& v, const std::string& path) const
{
    const ObjectFields f(*this, v, path, { "max_attempts", "backoff", "base_ms", "cap_ms", "jitter", "on" });
    RetryPolicy r;
    if (const json::Value* x = f.find("max_attempts"))
        r.maxAttempts = atLeastOne(*x, f.path("max_attempts"));
    if (const json::Value* x = f.find("backoff"))
        r.backoff = enumValue(*x, f.path("backoff"), s_backoffs);
    if (const json::Value* x = f.find("base_ms"))
        r.baseMs = duration(*x, f.path("base_ms"));
    if (const json::Value* x = f.find("cap_ms"))
        r.capMs = duration(*x, f.path("cap_ms"));
    if (const json::Value* x = f.find("jitter"))
        r.jitter = enumValue(*x, f.path("jitter"), s_jitters);
    if (const json::Value* on = f.find("on")) {
        const std::string onPath = f.path("on");
        for (std::size_t i = 0; i < array(*on, onPath).size(); ++i) {
            const json::Value& item = on->array[i];
            const std::string itemPath = elementPath(onPath, i);
            const std::string name = string(item, itemPath);
            bool* const flags[] = { &r.onTimeout, &r.on409, &r.on422, &r.on5xx, &r.on503 };
            const auto it = std::find(s_retryOn.begin(), s_retryOn.end(), name);
            if (it == s_retryOn.end())
                fail(item.pos, itemPath,
                    "unknown value " + quotedText(name) + " (expected one of: " + retryOnNames() + ")");
            *flags[it - s_retryOn.begin()] = true;
        }
    }
    return r;
}

const std::string& Loader::clientReference(const json::Value& v, const std::string& path, const Scenario& s) const
{
    if (!v.isString())
        expected(v, path, "a string");
    const auto it = m_clientIndex.find(v.string);
    if (it == m_clientIndex.end())
        fail(v.pos, path, "no client " + quotedText(v.string));
    return s.clients[it->second].id;
}

RequestSpec Loader::request(const json::Value& v, const std::string& path, const Scenario& s) const
{
    const ObjectFields f(*this, v, path,
        { "at_ms", "client", "operation", "key", "key_literal", "payload", "copies", "intent", "repeat", "every_ms",
            "query", "body", "attempt", "observed_outcome", "method" });
    RequestSpec r;
    r.atMs = duration(f.require("at_ms"), f.path("at_ms"));
    r.client = clientReference(f.require("client"), f.path("client"), s);
    r.operation = name(f.require("operation"), f.path("operation"), "an operation");
    const json::Value& key = f.require("key");
    r.keyPos = key.pos;
    if (key.isNull()) {
        r.keyKind = RequestSpec::KeyKind::None;
    } else if (key.isString() && key.string == "auto") {
        r.keyKind = RequestSpec::KeyKind::Auto;
    } else if (key.isString()) {
        r.keyKind = RequestSpec::KeyKind::Literal;
        r.key = key.string;
    } else {
        expected(key, f.path("key"), "a string or null");
    }
    // `key_literal: true`: the key is the text as written even when it reads "auto" (a served client sent
    // `Idempotency-Key: auto`, and the recording must replay what was served).
    if (const json::Value* x = f.find("key_literal"); x && boolean(*x, f.path("key_literal"))) {
        if (!key.isString())
            fail(x->pos, f.path("key_literal"), "key_literal needs a key that is a string, got " + describe(key));
        r.keyKind = RequestSpec::KeyKind::Literal;
        r.key = key.string;
    }
    r.payload = f.require("payload");
    if (const json::Value* x = f.find("method")) {
        const std::string method = string(*x, f.path("method"));
        if (method != "POST" && method != "GET")
            fail(x->pos, f.path("method"), "unknown value " + quotedText(method) + " (expected one of: POST, GET)");
        r.read = method == "GET";
    }
    // Bounded so that a typo cannot exhaust memory: the recording keeps every request (a few hundred bytes each).
    if (const json::Value* x = f.find("copies"))
        r.copies = static_cast<int>(integer(*x, f.path("copies"), 1, 100'000, "an integer from 1 to 100000"));
    if (const json::Value* x = f.find("intent"))
        r.intent = string(*x, f.path("intent"));
    if (const json::Value* x = f.find("repeat"))
        r.repeat = static_cast<int>(integer(*x, f.path("repeat"), 1, 2'000'000, "an integer from 1 to 2000000"));
    if (const json::Value* x = f.find("every_ms"))
        r.everyMs = duration(*x, f.path("every_ms"));
    if (const json::Value* x = f.find("query")) {
        r.query = string(*x, f.path("query"));
        if (!r.query.empty() && r.query.front() == '?')
            fail(x->pos, f.path("query"), "write the query without its leading '?'");
    }
    if (const json::Value* x = f.find("body"))
        r.body = string(*x, f.path("body"));
    // docs/reference/serve.md: what a recorded entry stands for — the attempt it was on the wire, what its client saw.
    if (const json::Value* x = f.find("attempt"))
        r.attempt = static_cast<int>(integer(*x, f.path("attempt"), 1, 100'000'000, "an integer from 1 to 100000000"));
    if (const json::Value* x = f.find("observed_outcome")) {
        const std::string at = f.path("observed_outcome");
        const std::string text = string(*x, at);
        const auto outcome = clientOutcomeFromName(text);
        if (!outcome)
            fail(x->pos, at,
                "unknown observed_outcome " + quotedText(text)
                    + " (expected \"response\", \"timeout\", \"dropped\" or \"never_arrived\")");
        r.observedOutcome = outcome;
    }
    // Each repetition is a new intent; one literal key for all of them would make them replays of the first.
    if (r.repeat > 1 && r.keyKind == RequestSpec::KeyKind::Literal)
        fail(key.pos, f.path("key"),
            "repeat " + std::to_string(r.repeat) + " needs key \"auto\" or null, got " + describe(key));
    return r;
}

namespace {

// The decimal number `text` spells without sign or leading zeros, if it does (and fits an int).
std::optional<std::size_t> canonicalIndex(std::string_view text)
{
    if (text.empty() || text.size() > 9 || (text.size() > 1 && text.front() == '0')
        || !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return std::nullopt;
    return static_cast<std::size_t>(std::stoul(std::string(text)));
}

} // namespace

// docs/reference/scenario.md fine point 22: an explicit intent must not take a name another entry already makes — its
// implicit `req<index>`, or a repetition `<intent>#i` — or the two would silently share one intent and its auto key.
void Loader::intentNames(const json::Value& requests, const std::string& path, const Scenario& s) const
{
    const auto baseName = [&](std::size_t j) { return s.requests[j].intent.value_or("req" + std::to_string(j)); };
    // Repeated entries by the base of their repetitions' names.
    std::unordered_map<std::string, std::vector<std::size_t>> repeated;
    for (std::size_t j = 0; j < s.requests.size(); ++j) {
        if (s.requests[j].repeat > 1)
            repeated[baseName(j)].push_back(j);
    }
    for (std::size_t i = 0; i < s.requests.size(); ++i) {
        if (!s.requests[i].intent)
            continue;
        const std::string& name = *s.requests[i].intent;
        const json::Value& at = *requests.array[i].find("intent");
        const std::string atPath = elementPath(path, i) + ".intent";
        if (name.size() > 3 && name.compare(0, 3, "req") == 0) {
            if (const auto j = canonicalIndex(std::string_view(name).substr(3));
                j && *j != i && *j < s.requests.size() && !s.requests[*j].intent)
                fail(at.pos, atPath,
                    "intent " + quotedText(name) + " is also the implicit name of " + elementPath(path, *j)
                        + ", which has no \"intent\": name one of them differently");
        }
        const std::size_t hash = name.rfind('#');
        if (hash == std::string::npos)
            continue;
        const auto k = canonicalIndex(std::string_view(name).substr(hash + 1));
        const auto it = repeated.find(name.substr(0, hash));
        if (!k || *k == 0 || it == repeated.end())
            continue;
        for (const std::size_t j : it->second) {
            if (j != i && *k <= static_cast<std::size_t>(s.requests[j].repeat))
                fail(at.pos, atPath,
                    "intent " + quotedText(name) + " is also the name of repetition " + std::to_string(*k) + " of "
                        + elementPath(path, j) + " (intent " + quotedText(name.substr(0, hash)) + ", repeat "
                        + std::to_string(s.requests[j].repeat) + "): name one of them differently");
        }
    }
}

FaultSpec Loader::fault(const json::Value& v, const std::string& path, const Scenario& s) const
{
    if (!v.isObject())
        expected(v, path, "an object");
    const json::Value* kindValue = v.find("kind");
    if (!kindValue)
        fail(v.pos, path, "missing required field \"kind\"");
    FaultSpec fault;
    fault.kind = enumValue(*kindValue, memberPath(path, "kind"), s_faultKinds);

    // The fields of other kinds are unknown here, so a misplaced `status` or `delay_ms` is never silently ignored.
    std::vector<std::string_view> allowed = { "kind", "client", "request", "attempt", "rate", "hop" };
    switch (fault.kind) {
    case FaultKind::HandlerError:
    case FaultKind::RejectPayload:
        allowed.push_back("status");
        break;
    case FaultKind::SlowHandler:
        allowed.push_back("handler_ms");
        break;
    case FaultKind::DbDown:
        allowed.push_back("from_ms");
        allowed.push_back("to_ms");
        break;
    case FaultKind::LateRetry:
        allowed.push_back("delay_ms");
        break;
    case FaultKind::SlowNetwork:
        allowed.push_back("network_ms");
        break;
    case FaultKind::Failover:
        // An instant, not an attempt: whom it strikes is whatever the store holds then.
        allowed = { "kind", "at_ms", "hop" };
        break;
    case FaultKind::RollbackClaim:
        allowed.push_back("hold_ms");
        break;
    case FaultKind::TtlSweepNow:
        allowed = { "kind", "at_ms", "hop" };
        break;
    case FaultKind::ClockSkew:
        allowed.push_back("clock_skew_ms");
        break;
    case FaultKind::LargeResponse:
        allowed.push_back("response_bytes");
        break;
    default:
        break;
    }
    const ObjectFields f(*this, v, path, allowed);

    if (const json::Value* x = f.find("client")) {
        // Served (docs/reference/serve.md), a fault's client names a client of the wire (X-Client, User-Agent), not an
        // entry.
        if (servedFaultClients && x->isString())
            fault.client = x->string;
        else
            fault.client = clientReference(*x, f.path("client"), s);
    }
    if (const json::Value* x = f.find("request")) {
        const int index = static_cast<int>(integer(*x, f.path("request"), 0, INT_MAX, "a non-negative integer"));
        if (static_cast<std::size_t>(index) >= s.requests.size())
            fail(x->pos, f.path("request"),
                "no request " + std::to_string(index) + " (indexes run from 0 to "
                    + std::to_string(s.requests.size() - 1) + ")");
        fault.request = index;
    }
    if (const json::Value* x = f.find("attempt"))
        fault.attempt = atLeastOne(*x, f.path("attempt"));
    if (const json::Value* x = f.find("hop")) {
        const std::string hopPath = f.path("hop");
        if (!x->isString())
            expected(*x, hopPath, "a string (\"service\" or a route hop's name)");
        bool found = x->string == "service";
        for (std::size_t i = 0; i < s.route.size() && !found; ++i) {
            if (s.route[i].name == x->string) {
                fault.hop = static_cast<int>(i) + 1;
                found = true;
            }
        }
        if (!found) {
            std::string names = "\"service\"";
            for (const HopSpec& h : s.route)
                names += ", " + quotedText(h.name);
            fail(x->pos, hopPath, "no hop " + quotedText(x->string) + " (the hops: " + names + ")");
        }
    }
    if (fault.kind == FaultKind::CrashAfterUpstream && fault.hop >= static_cast<int>(s.route.size()))
        fail(kindValue->pos, memberPath(path, "kind"),
            "crash_after_upstream strikes a hop that calls another, and "
                + quotedText(std::string(s.hopName(fault.hop)))
                + (s.route.empty() ? " calls none (the scenario has no route)" : " is the last of the route"));
    if (const json::Value* x = f.find("rate")) {
        if (!x->isNumber() || !(x->number >= 0 && x->number <= 1))
            expected(*x, f.path("rate"), "a number from 0 to 1");
        fault.rate = x->number;
    }
    switch (fault.kind) {
    case FaultKind::HandlerError:
        fault.status = 500;
        if (const json::Value* x = f.find("status"))
            fault.status = status(*x, f.path("status"));
        break;
    case FaultKind::RejectPayload:
        fault.status = 400;
        if (const json::Value* x = f.find("status"))
            fault.status = status(*x, f.path("status"));
        break;
    case FaultKind::SlowHandler:
        fault.handlerMs = duration(f.require("handler_ms"), f.path("handler_ms"));
        break;
    case FaultKind::DbDown: {
        fault.fromMs = duration(f.require("from_ms"), f.path("from_ms"));
        const json::Value& to = f.require("to_ms");
        fault.toMs = duration(to, f.path("to_ms"));
        if (fault.toMs < fault.fromMs)
            fail(to.pos, f.path("to_ms"),
                "to_ms " + std::to_string(fault.toMs) + " is before from_ms " + std::to_string(fault.fromMs));
        break;
    }
    case FaultKind::LateRetry:
        fault.delayMs = duration(f.require("delay_ms"), f.path("delay_ms"));
        break;
    case FaultKind::SlowNetwork:
        fault.networkMs = duration(f.require("network_ms"), f.path("network_ms"));
        break;
    case FaultKind::Failover: {
        fault.atMs = duration(f.require("at_ms"), f.path("at_ms"));
        const ServicePolicy& service = s.hopService(fault.hop);
        if (service.storeEngine != StoreEngine::Redis || !service.replicationLagMs)
            fail(kindValue->pos, memberPath(path, "kind"),
                "failover promotes a replica: " + quotedText(std::string(s.hopName(fault.hop)))
                    + (service.storeEngine != StoreEngine::Redis
                            ? " runs on store_engine \"sql\" (failover needs \"redis\" with a replication block)"
                            : " has no \"replication\" block (add {\"mode\": \"async\", \"lag_ms\": N})"));
        break;
    }
    case FaultKind::RollbackClaim: {
        if (const json::Value* x = f.find("hold_ms"))
            fault.holdMs = duration(*x, f.path("hold_ms"));
        const ServicePolicy& service = s.hopService(fault.hop);
        if (service.storeEngine != StoreEngine::Mysql)
            fail(kindValue->pos, memberPath(path, "kind"),
                "rollback_claim rolls back a MySQL claim transaction: " + quotedText(std::string(s.hopName(fault.hop)))
                    + " runs on store_engine \"" + std::string(storeEngineName(service.storeEngine))
                    + "\" (it needs \"mysql\")");
        break;
    }
    case FaultKind::TtlSweepNow:
    case FaultKind::ClockSkew: {
        if (fault.kind == FaultKind::TtlSweepNow) {
            fault.atMs = duration(f.require("at_ms"), f.path("at_ms"));
        } else {
            const json::Value& skew = f.require("clock_skew_ms");
            fault.clockSkewMs = integer(skew, f.path("clock_skew_ms"), -kNeverMs / 4, kNeverMs / 4,
                "an integer number of milliseconds (negative: the writer's clock is behind)");
        }
        const ServicePolicy& service = s.hopService(fault.hop);
        if (service.storeEngine != StoreEngine::Dynamodb)
            fail(kindValue->pos, memberPath(path, "kind"),
                std::string(faultKindName(fault.kind)) + " is a DynamoDB fault: "
                    + quotedText(std::string(s.hopName(fault.hop))) + " runs on store_engine \""
                    + std::string(storeEngineName(service.storeEngine)) + "\" (it needs \"dynamodb\")");
        break;
    }
    case FaultKind::LargeResponse:
        fault.responseBytes = integer(f.require("response_bytes"), f.path("response_bytes"), 1, kMaxResponseBytes,
            "an integer number of bytes from 1 to " + std::to_string(kMaxResponseBytes));
        break;
    default:
        break;
    }
    return fault;
}

void Loader::expect(const json::Value& v, const std::string& path, Scenario& s) const
{
    std::vector<std::string_view> allowed(s_summaryFigures.begin(), s_summaryFigures.end());
    allowed.push_back("decisions");
    allowed.push_back("explore");
    if (!s.route.empty())
        allowed.push_back("duplicate_effects_by_hop"); // docs/reference/routes.md
    const ObjectFields f(*this, v, path, allowed);
    constexpr auto maxCount = static_cast<std::int64_t>(s_maxExact);
    for (const json::Member& m : v.object) {
        const std::string memberPathText = f.path(m.key);
        if (m.key == "explore") {
            exploreExpect(m.value, memberPathText, s);
            continue;
        }
        if (m.key == "duplicate_effects_by_hop") {
            if (!m.value.isObject())
                expected(m.value, memberPathText, "an object");
            for (const json::Member& h : m.value.object) {
                const std::string hopPath = memberPath(memberPathText, h.key);
                bool known = false;
                for (int hop = 0; hop < s.hopCount(); ++hop)
                    known = known || s.hopName(hop) == h.key;
                if (!known)
                    fail(h.keyPos, hopPath, "no hop " + quotedText(h.key));
                s.expect["duplicate_effects_by_hop." + h.key]
                    = integer(h.value, hopPath, 0, maxCount, "a non-negative integer");
            }
            continue;
        }
        if (m.key != "decisions") {
            s.expect[m.key] = integer(m.value, memberPathText, 0, maxCount, "a non-negative integer");
            continue;
        }
        if (!m.value.isObject())
            expected(m.value, memberPathText, "an object");
        for (const json::Member& d : m.value.object) {
            const std::string decisionPath = memberPath(memberPathText, d.key);
            if (!decisionFromName(d.key)) {
                std::string names;
                for (int i = 0; i < DecisionCount; ++i) {
                    if (i)
                        names += ", ";
                    names += decisionName(static_cast<Decision>(i));
                }
                fail(d.keyPos, decisionPath,
                    "unknown decision " + quotedText(d.key) + " (expected one of: " + names + ")");
            }
            s.expect["decisions." + d.key] = integer(d.value, decisionPath, 0, maxCount, "a non-negative integer");
        }
    }
    s.hasExpect = true;
}

void Loader::exploreExpect(const json::Value& v, const std::string& path, Scenario& s) const
{
    const ObjectFields f(*this, v, path, { "verdict", "faults" });
    ExploreExpectation e;
    const json::Value& verdict = f.require("verdict");
    const std::string verdictPath = f.path("verdict");
    if (!verdict.isString())
        expected(verdict, verdictPath, "a string (one of: holds, violated, inconclusive)");
    if (std::find(s_exploreVerdicts.begin(), s_exploreVerdicts.end(), verdict.string) == s_exploreVerdicts.end())
        fail(verdict.pos, verdictPath,
            "unknown verdict " + quotedText(verdict.string) + " (expected one of: holds, violated, inconclusive)");
    e.verdict = verdict.string;
    if (const json::Value* x = f.find("faults")) {
        if (e.verdict != "violated")
            fail(x->pos, f.path("faults"), "\"faults\" counts a counterexample's faults: only with verdict violated");
        e.faults = static_cast<int>(integer(*x, f.path("faults"), 0, 16, "an integer from 0 to 16"));
    }
    s.exploreExpect = std::move(e);
}

void Loader::lesson(const json::Value& v, const std::string& path, Scenario& s) const
{
    const std::vector<json::Value>& steps = array(v, path);
    if (steps.empty())
        fail(v.pos, path, "a lesson needs at least one step");
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const json::Value& step = steps[i];
        const std::string stepPath = elementPath(path, i);
        const ObjectFields f(*this, step, stepPath, { "at_ms", "title", "text", "select", "expect" });
        LessonStep out;
        const json::Value& at = f.require("at_ms");
        out.atMs = integer(
            at, f.path("at_ms"), 0, static_cast<std::int64_t>(s_maxExact), "a non-negative integer of milliseconds");
        if (!s.lesson.empty() && out.atMs < s.lesson.back().atMs)
            fail(at.pos, f.path("at_ms"),
                "at_ms " + std::to_string(out.atMs) + " comes before the previous step's "
                    + std::to_string(s.lesson.back().atMs) + " (steps must not go back in time)");
        out.title = nonEmptyString(f.require("title"), f.path("title"));
        out.text = nonEmptyString(f.require("text"), f.path("text"));
        if (const json::Value* sel = f.find("select")) {
            const std::string selPath = f.path("select");
            if (sel->isString()) {
                // "r3" names the third request sent, "e2" the second effect: the report's ids.
                const std::string& id = sel->string;
                const bool shaped = id.size() >= 2 && (id[0] == 'r' || id[0] == 'e') && id[1] >= '1' && id[1] <= '9'
                    && id.size() <= 10
                    && std::all_of(id.begin() + 1, id.end(), [](char c) { return c >= '0' && c <= '9'; });
                if (!shaped)
                    fail(sel->pos, selPath,
                        "expected a request id (\"r1\", \"r2\", …), an effect id (\"e1\", …) or a scope object, not "
                            + describe(*sel));
                out.select = id[0] == 'r' ? LessonStep::Select::Request : LessonStep::Select::Effect;
                out.index = std::stoi(id.substr(1)) - 1;
            } else if (sel->isObject()) {
                const ObjectFields scope(*this, *sel, selPath, { "actor", "operation", "key" });
                out.select = LessonStep::Select::Scope;
                out.scope.actor = string(scope.require("actor"), scope.path("actor"));
                out.scope.operation = string(scope.require("operation"), scope.path("operation"));
                out.scope.key = string(scope.require("key"), scope.path("key"));
            } else {
                expected(*sel, selPath, "a request id (\"r1\"), an effect id (\"e1\") or a scope object");
            }
        }
        if (const json::Value* e = f.find("expect"))
            out.expect = lessonExpect(*e, f.path("expect"), s);
        s.lesson.push_back(std::move(out));
    }
}

LessonExpect Loader::lessonExpect(const json::Value& v, const std::string& path, const Scenario& s) const
{
    std::vector<std::string_view> allowed = { "effects", "duplicate_effects", "decisions", "requests", "records" };
    if (!s.route.empty())
        allowed.push_back("duplicate_effects_by_hop");
    const ObjectFields f(*this, v, path, allowed);
    constexpr auto maxCount = static_cast<std::int64_t>(s_maxExact);
    LessonExpect out;
    for (const json::Member& m : v.object) {
        const std::string memberPathText = f.path(m.key);
        if (m.key == "effects" || m.key == "duplicate_effects") {
            out.figures[m.key] = integer(m.value, memberPathText, 0, maxCount, "a non-negative integer");
        } else if (m.key == "decisions") {
            if (!m.value.isObject())
                expected(m.value, memberPathText, "an object");
            for (const json::Member& d : m.value.object) {
                const std::string decisionPath = memberPath(memberPathText, d.key);
                if (!decisionFromName(d.key))
                    fail(d.keyPos, decisionPath, "unknown decision " + quotedText(d.key));
                out.figures["decisions." + d.key]
                    = integer(d.value, decisionPath, 0, maxCount, "a non-negative integer");
            }
        } else if (m.key == "duplicate_effects_by_hop") {
            if (!m.value.isObject())
                expected(m.value, memberPathText, "an object");
            for (const json::Member& h : m.value.object) {
                const std::string hopPath = memberPath(memberPathText, h.key);
                bool known = false;
                for (int hop = 0; hop < s.hopCount(); ++hop)
                    known = known || s.hopName(hop) == h.key;
                if (!known)
                    fail(h.keyPos, hopPath, "no hop " + quotedText(h.key));
                out.figures["duplicate_effects_by_hop." + h.key]
                    = integer(h.value, hopPath, 0, maxCount, "a non-negative integer");
            }
        } else if (m.key == "requests") {
            if (!m.value.isObject())
                expected(m.value, memberPathText, "an object of request ids (\"r1\": {…})");
            for (const json::Member& r : m.value.object) {
                const std::string requestPath = memberPath(memberPathText, r.key);
                const std::string& id = r.key;
                const bool shaped = id.size() >= 2 && id.size() <= 10 && id[0] == 'r' && id[1] >= '1' && id[1] <= '9'
                    && std::all_of(id.begin() + 1, id.end(), [](char c) { return c >= '0' && c <= '9'; });
                if (!shaped)
                    fail(r.keyPos, requestPath, "expected a request id (\"r1\", \"r2\", …), not " + quotedText(id));
                const ObjectFields rf(*this, r.value, requestPath, { "decision", "client_outcome" });
                LessonExpect::Request request;
                request.index = std::stoi(id.substr(1)) - 1;
                if (const json::Value* d = rf.find("decision")) {
                    request.decision = string(*d, rf.path("decision"));
                    if (request.decision != "none" && !decisionFromName(request.decision))
                        fail(d->pos, rf.path("decision"),
                            "unknown decision " + quotedText(request.decision) + " (a decision's name, or \"none\")");
                }
                if (const json::Value* o = rf.find("client_outcome")) {
                    request.clientOutcome = string(*o, rf.path("client_outcome"));
                    if (request.clientOutcome != "none" && !clientOutcomeFromName(request.clientOutcome))
                        fail(o->pos, rf.path("client_outcome"),
                            "unknown client outcome " + quotedText(request.clientOutcome)
                                + " (expected one of: response, timeout, dropped, never_arrived, none)");
                }
                out.requests.push_back(std::move(request));
            }
        } else if (m.key == "records") {
            const std::vector<json::Value>& records = array(m.value, memberPathText);
            for (std::size_t i = 0; i < records.size(); ++i) {
                const std::string recordPath = elementPath(memberPathText, i);
                const ObjectFields rf(*this, records[i], recordPath, { "key", "actor", "state" });
                LessonExpect::RecordState record;
                record.key = string(rf.require("key"), rf.path("key"));
                if (const json::Value* a = rf.find("actor"))
                    record.actor = string(*a, rf.path("actor"));
                const json::Value& state = rf.require("state");
                record.state = string(state, rf.path("state"));
                if (record.state != "in_progress" && record.state != "completed" && record.state != "expired"
                    && record.state != "absent")
                    fail(state.pos, rf.path("state"),
                        "unknown state " + quotedText(record.state)
                            + " (expected one of: in_progress, completed, expired, absent)");
                out.records.push_back(std::move(record));
            }
        }
    }
    return out;
}

void Loader::translations(const json::Value& v, const std::string& path, Scenario& s) const
{
    if (!v.isObject())
        expected(v, path, "an object of languages (\"ru\", \"uk\")");
    std::string known;
    for (const std::string_view code : TranslationLanguages)
        known += (known.empty() ? "" : ", ") + std::string(code);
    for (const json::Member& member : v.object) {
        const std::string languagePath = memberPath(path, member.key);
        if (std::find(std::begin(TranslationLanguages), std::end(TranslationLanguages), member.key)
            == std::end(TranslationLanguages))
            fail(member.keyPos, languagePath,
                "unknown language " + quotedText(member.key) + " (expected one of: " + known
                    + "; the scenario's own texts are its English)");
        const ObjectFields f(*this, member.value, languagePath, { "title", "description", "lesson" });
        ScenarioTexts texts;
        if (const json::Value* t = f.find("title"))
            texts.title = nonEmptyString(*t, f.path("title"));
        if (const json::Value* d = f.find("description"))
            texts.description = nonEmptyString(*d, f.path("description"));
        if (const json::Value* l = f.find("lesson")) {
            const std::string lessonPath = f.path("lesson");
            const std::vector<json::Value>& steps = array(*l, lessonPath);
            // The steps are matched by position, so a missing or extra one would put a text under another step.
            if (steps.size() != s.lesson.size())
                fail(l->pos, lessonPath,
                    s.lesson.empty() ? std::string("the scenario has no lesson to translate")
                                     : "the lesson has " + std::to_string(s.lesson.size()) + " step"
                            + (s.lesson.size() == 1 ? "" : "s") + " but its translation has "
                            + std::to_string(steps.size()) + " (one per step, in the same order)");
            for (std::size_t i = 0; i < steps.size(); ++i) {
                const std::string stepPath = elementPath(lessonPath, i);
                const ObjectFields step(*this, steps[i], stepPath, { "title", "text" });
                texts.lesson.push_back({ nonEmptyString(step.require("title"), step.path("title")),
                    nonEmptyString(step.require("text"), step.path("text")) });
            }
        }
        s.translations[member.key] = std::move(texts);
    }
}

// ---- saving -------------------------------------------------------------------------------------------------

json::Value number(double d)
{
    return json::Value::makeNumber(d);
}
json::Value text(std::string_view s)
{
    return json::Value::makeString(std::string(s));
}
json::Value nullable(const std::optional<Millis>& m)
{
    return m ? number(static_cast<double>(*m)) : json::Value {};
}

void add(json::Value& object, std::string_view key, json::Value value)
{
    object.object.push_back(json::Member { std::string(key), {}, std::move(value) });
}

json::Value stringArray(const std::vector<std::string>& strings)
{
    json::Value a = json::Value::makeArray();
    for (const std::string& s : strings)
        a.array.push_back(text(s));
    return a;
}

json::Value lessonExpectJson(const LessonExpect& e)
{
    json::Value o = json::Value::makeObject();
    for (const std::string_view figure : { "effects", "duplicate_effects" }) {
        if (const auto it = e.figures.find(std::string(figure)); it != e.figures.end())
            add(o, figure, number(static_cast<double>(it->second)));
    }
    for (const std::string_view group : { "decisions", "duplicate_effects_by_hop" }) {
        json::Value members = json::Value::makeObject();
        const std::string prefix = std::string(group) + '.';
        for (const auto& [name, count] : e.figures) {
            if (name.rfind(prefix, 0) == 0)
                add(members, name.substr(prefix.size()), number(static_cast<double>(count)));
        }
        if (!members.object.empty())
            add(o, group, std::move(members));
    }
    if (!e.requests.empty()) {
        json::Value requests = json::Value::makeObject();
        for (const LessonExpect::Request& r : e.requests) {
            json::Value one = json::Value::makeObject();
            if (!r.decision.empty())
                add(one, "decision", text(r.decision));
            if (!r.clientOutcome.empty())
                add(one, "client_outcome", text(r.clientOutcome));
            add(requests, "r" + std::to_string(r.index + 1), std::move(one));
        }
        add(o, "requests", std::move(requests));
    }
    if (!e.records.empty()) {
        json::Value records = json::Value::makeArray();
        for (const LessonExpect::RecordState& r : e.records) {
            json::Value one = json::Value::makeObject();
            add(one, "key", text(r.key));
            if (r.actor)
                add(one, "actor", text(*r.actor));
            add(one, "state", text(r.state));
            records.array.push_back(std::move(one));
        }
        add(o, "records", std::move(records));
    }
    return o;
}

json::Value serviceToJson(const ServicePolicy& p)
{
    json::Value o = json::Value::makeObject();
    add(o, "profile", text(profileName(p.profile)));
    add(o, "strategy", text(strategyName(p.strategy)));
    add(o, "require_key", json::Value::makeBool(p.requireKey));
    add(o, "min_key_length", number(p.minKeyLength));
    add(o, "max_key_length", p.keyLengthLimited() ? number(p.maxKeyLength) : json::Value {});
    add(o, "ttl_ms", p.ttlMs == kNeverMs ? json::Value {} : number(static_cast<double>(p.ttlMs)));
    add(o, "in_progress_lease_ms", nullable(p.leaseMs));
    add(o, "after_expiry", text(afterExpiryName(p.afterExpiry)));
    add(o, "tombstone_ms", nullable(p.tombstoneMs));
    add(o, "store_errors", json::Value::makeBool(p.storeErrors));
    add(o, "mismatch_status", number(p.mismatchStatus));
    add(o, "in_progress_status", number(p.inProgressStatus));
    add(o, "missing_key_status", number(p.missingKeyStatus));
    add(o, "expired_status", number(p.expiredStatus));
    json::Value fingerprint;
    if (p.fingerprintGiven) {
        fingerprint = json::Value::makeObject();
        if (!p.fingerprint.only.empty())
            add(fingerprint, "only", stringArray(p.fingerprint.only));
        if (!p.fingerprint.ignore.empty())
            add(fingerprint, "ignore", stringArray(p.fingerprint.ignore));
    }
    add(o, "fingerprint", std::move(fingerprint));
    add(o, "handler_ms", number(static_cast<double>(p.handlerMs)));
    add(o, "db_ms", number(static_cast<double>(p.dbMs)));
    add(o, "network_ms", number(static_cast<double>(p.networkMs)));
    add(o, "sweep_every_ms", nullable(p.sweepEveryMs));
    // docs/manual/stores.md: written only for an engine other than sql, so every scenario of the sql engine saves as
    // before.
    if (p.storeEngine == StoreEngine::Mysql) {
        add(o, "store_engine", text(storeEngineName(p.storeEngine)));
        add(o, "isolation", text(mysqlIsolationName(p.isolation)));
        add(o, "claim", text(mysqlClaimName(p.mysqlClaim)));
        add(o, "key_column_length", number(p.keyColumnLength));
        add(o, "deadlock", text(deadlockActionName(p.deadlock)));
    }
    if (p.storeEngine == StoreEngine::Dynamodb) {
        add(o, "store_engine", text(storeEngineName(p.storeEngine)));
        add(o, "put_condition", text(putConditionName(p.putCondition)));
        add(o, "ttl_deletion_lag_ms", number(static_cast<double>(p.ttlDeletionLagMs)));
        add(o, "consistent_read", json::Value::makeBool(p.consistentRead));
        add(o, "read_lag_ms", number(static_cast<double>(p.readLagMs)));
        // Written only when it is not DynamoDB's own 400 KB, so the scenarios saved before it read the same.
        if (p.itemSizeLimitBytes != ServicePolicy().itemSizeLimitBytes)
            add(o, "item_size_limit_bytes", number(static_cast<double>(p.itemSizeLimitBytes)));
    }
    if (p.storeEngine == StoreEngine::Redis) {
        add(o, "store_engine", text(storeEngineName(p.storeEngine)));
        if (p.claimTtlMs)
            add(o, "claim_ttl_ms", number(static_cast<double>(*p.claimTtlMs)));
        add(o, "claim_command", text(claimCommandName(p.claimCommand)));
        if (p.replicationLagMs) {
            json::Value r = json::Value::makeObject();
            add(r, "mode", text("async"));
            add(r, "lag_ms", number(static_cast<double>(*p.replicationLagMs)));
            add(o, "replication", std::move(r));
        }
    }
    // docs/reference/decisions.md#profiles's knobs, written when they are not the profile's own (files saved before
    // them read back the same).
    const ServicePolicy d = ServicePolicy::forProfile(p.profile);
    if (p.keyScope != d.keyScope)
        add(o, "key_scope", text(keyScopeName(p.keyScope)));
    if (p.fingerprintForm != d.fingerprintForm)
        add(o, "fingerprint_form", text(fingerprintFormName(p.fingerprintForm)));
    if (p.fingerprintParts != d.fingerprintParts) {
        json::Value parts = json::Value::makeArray();
        for (const FingerprintPart part : kFingerprintParts) {
            if (p.fingerprintParts & part)
                parts.array.push_back(text(fingerprintPartName(part)));
        }
        add(o, "fingerprint_parts", std::move(parts));
    }
    if (p.keySyntax != d.keySyntax)
        add(o, "key_syntax", text(keySyntaxName(p.keySyntax)));
    if (p.conflictRetryAfterS != d.conflictRetryAfterS)
        add(o, "conflict_retry_after_s", p.conflictRetryAfterS ? number(*p.conflictRetryAfterS) : json::Value {});
    if (p.inProgressWaitMs != d.inProgressWaitMs)
        add(o, "in_progress_wait_ms", nullable(p.inProgressWaitMs));
    if (p.intentWindowMs != d.intentWindowMs)
        add(o, "intent_window_ms", number(static_cast<double>(p.intentWindowMs)));
    return o;
}

json::Value recoverToJson(const RecoverSpec& r)
{
    json::Value o = json::Value::makeObject();
    add(o, "every_ms", number(static_cast<double>(r.everyMs)));
    add(o, "older_than_ms", number(static_cast<double>(r.olderThanMs)));
    add(o, "by", text(recoverByName(r.by)));
    return o;
}

json::Value retryToJson(const RetryPolicy& r)
{
    json::Value retry = json::Value::makeObject();
    add(retry, "max_attempts", number(r.maxAttempts));
    add(retry, "backoff", text(backoffName(r.backoff)));
    add(retry, "base_ms", number(static_cast<double>(r.baseMs)));
    add(retry, "cap_ms", number(static_cast<double>(r.capMs)));
    add(retry, "jitter", text(jitterName(r.jitter)));
    json::Value on = json::Value::makeArray();
    const std::array<bool, 5> flags = { r.onTimeout, r.on409, r.on422, r.on5xx, r.on503 };
    for (std::size_t i = 0; i < flags.size(); ++i) {
        if (flags[i])
            on.array.push_back(text(s_retryOn[i]));
    }
    add(retry, "on", std::move(on));
    return retry;
}

json::Value hopToJson(const HopSpec& h)
{
    json::Value o = json::Value::makeObject();
    add(o, "name", text(h.name));
    add(o, "service", serviceToJson(h.service));
    add(o, "key", text(hopKeyName(h.key)));
    add(o, "effect", json::Value::makeBool(h.effect));
    add(o, "timeout_ms", number(static_cast<double>(h.timeoutMs)));
    add(o, "retry", retryToJson(h.retry));
    if (h.recover)
        add(o, "recover", recoverToJson(*h.recover));
    return o;
}

json::Value clientToJson(const ClientSpec& c)
{
    json::Value retry = json::Value::makeObject();
    add(retry, "max_attempts", number(c.retry.maxAttempts));
    add(retry, "backoff", text(backoffName(c.retry.backoff)));
    add(retry, "base_ms", number(static_cast<double>(c.retry.baseMs)));
    add(retry, "cap_ms", number(static_cast<double>(c.retry.capMs)));
    add(retry, "jitter", text(jitterName(c.retry.jitter)));
    json::Value on = json::Value::makeArray();
    const std::array<bool, 5> flags = { c.retry.onTimeout, c.retry.on409, c.retry.on422, c.retry.on5xx, c.retry.on503 };
    for (std::size_t i = 0; i < flags.size(); ++i) {
        if (flags[i])
            on.array.push_back(text(s_retryOn[i]));
    }
    add(retry, "on", std::move(on));

    json::Value o = json::Value::makeObject();
    add(o, "id", text(c.id));
    add(o, "actor", text(c.actor));
    add(o, "timeout_ms", number(static_cast<double>(c.timeoutMs)));
    add(o, "retry", std::move(retry));
    add(o, "on_conflict", text(onConflictName(c.onConflict)));
    return o;
}

json::Value requestToJson(const RequestSpec& r)
{
    json::Value o = json::Value::makeObject();
    add(o, "at_ms", number(static_cast<double>(r.atMs)));
    add(o, "client", text(r.client));
    add(o, "operation", text(r.operation));
    switch (r.keyKind) {
    case RequestSpec::KeyKind::Literal:
        add(o, "key", text(r.key));
        // A literal key that reads "auto" says so, or it would read back as an automatic key.
        if (r.key == "auto")
            add(o, "key_literal", json::Value::makeBool(true));
        break;
    case RequestSpec::KeyKind::Auto:
        add(o, "key", text("auto"));
        break;
    case RequestSpec::KeyKind::None:
        add(o, "key", {});
        break;
    }
    add(o, "payload", r.payload);
    add(o, "copies", number(r.copies));
    if (r.intent)
        add(o, "intent", text(*r.intent));
    add(o, "repeat", number(r.repeat));
    add(o, "every_ms", number(static_cast<double>(r.everyMs)));
    if (!r.query.empty())
        add(o, "query", text(r.query));
    if (r.body)
        add(o, "body", text(*r.body));
    if (r.attempt != 1)
        add(o, "attempt", number(r.attempt));
    if (r.observedOutcome)
        add(o, "observed_outcome", text(clientOutcomeName(*r.observedOutcome)));
    if (r.read)
        add(o, "method", text("GET"));
    return o;
}

json::Value faultToJson(const FaultSpec& f, const char* hopName)
{
    json::Value o = json::Value::makeObject();
    add(o, "kind", text(faultKindName(f.kind)));
    if (f.client)
        add(o, "client", text(*f.client));
    if (f.request)
        add(o, "request", number(*f.request));
    if (f.attempt)
        add(o, "attempt", number(*f.attempt));
    if (f.rate)
        add(o, "rate", number(*f.rate));
    if (hopName)
        add(o, "hop", text(hopName));
    switch (f.kind) {
    case FaultKind::HandlerError:
    case FaultKind::RejectPayload:
        add(o, "status", number(f.status));
        break;
    case FaultKind::SlowHandler:
        add(o, "handler_ms", number(static_cast<double>(f.handlerMs)));
        break;
    case FaultKind::DbDown:
        add(o, "from_ms", number(static_cast<double>(f.fromMs)));
        add(o, "to_ms", number(static_cast<double>(f.toMs)));
        break;
    case FaultKind::LateRetry:
        add(o, "delay_ms", number(static_cast<double>(f.delayMs)));
        break;
    case FaultKind::SlowNetwork:
        add(o, "network_ms", number(static_cast<double>(f.networkMs)));
        break;
    case FaultKind::Failover:
        add(o, "at_ms", number(static_cast<double>(f.atMs)));
        break;
    case FaultKind::RollbackClaim:
        add(o, "hold_ms", number(static_cast<double>(f.holdMs)));
        break;
    case FaultKind::TtlSweepNow:
        add(o, "at_ms", number(static_cast<double>(f.atMs)));
        break;
    case FaultKind::ClockSkew:
        add(o, "clock_skew_ms", number(static_cast<double>(f.clockSkewMs)));
        break;
    case FaultKind::LargeResponse:
        add(o, "response_bytes", number(static_cast<double>(f.responseBytes)));
        break;
    default:
        break;
    }
    return o;
}

json::Value expectToJson(const Scenario& s)
{
    const std::map<std::string, std::int64_t>& expect = s.expect;
    json::Value o = json::Value::makeObject();
    for (std::string_view figure : s_summaryFigures) {
        if (const auto it = expect.find(std::string(figure)); it != expect.end())
            add(o, figure, number(static_cast<double>(it->second)));
    }
    json::Value byHop = json::Value::makeObject();
    for (int hop = 0; hop < s.hopCount(); ++hop) {
        const std::string name(s.hopName(hop));
        if (const auto it = expect.find("duplicate_effects_by_hop." + name); it != expect.end())
            add(byHop, name, number(static_cast<double>(it->second)));
    }
    if (!byHop.object.empty())
        add(o, "duplicate_effects_by_hop", std::move(byHop));
    json::Value decisions = json::Value::makeObject();
    for (int i = 0; i < DecisionCount; ++i) {
        const std::string_view name = decisionName(static_cast<Decision>(i));
        if (const auto it = expect.find("decisions." + std::string(name)); it != expect.end())
            add(decisions, name, number(static_cast<double>(it->second)));
    }
    if (!decisions.object.empty())
        add(o, "decisions", std::move(decisions));
    return o;
}

} // namespace

ScenarioError::ScenarioError(std::string file, json::Position pos, std::string path, std::string message)
    : std::runtime_error(formatError(file, pos, path, message))
    , m_file(std::move(file))
    , m_pos(pos)
    , m_path(std::move(path))
    , m_detail(std::move(message))
{
}

const ClientSpec* Scenario::client(const std::string& id) const
{
    const auto it = std::find_if(clients.begin(), clients.end(), [&](const ClientSpec& c) { return c.id == id; });
    return it == clients.end() ? nullptr : &*it;
}

namespace {

// A payload this long or longer is kept as its text (json::isTextOnly) until a fingerprint or a writer reads it: a
// recording of forty 1 MiB bodies would otherwise hold 21 million values, about 3 GB, for its 40 MB (issue 41).
// Scenarios written by hand stay far below it and are built as before.
constexpr json::KeepText kLargePayloads { "requests", "payload", 64 * 1024 };

json::Value parseScenarioText(std::string_view text)
{
    return json::parse(text, {}, kLargePayloads);
}

} // namespace

Scenario loadScenario(std::string_view text, const std::string& fileName)
{
    json::Value root;
    try {
        root = parseScenarioText(text);
    } catch (const json::ParseError& e) {
        throw ScenarioError(fileName, e.position(), "$", e.what());
    }
    return Loader(fileName).load(root);
}

// Declared in servedservice.h: a scenario for `serve`, whose faults may name clients that only the wire knows.
Scenario loadServedScenario(std::string_view text, const std::string& fileName)
{
    json::Value root;
    try {
        root = parseScenarioText(text);
    } catch (const json::ParseError& e) {
        throw ScenarioError(fileName, e.position(), "$", e.what());
    }
    Loader loader(fileName);
    loader.servedFaultClients = true;
    return loader.load(root);
}

Scenario loadScenarioFile(const std::string& path)
{
    QFile file(QString::fromStdString(path));
    if (!file.open(QIODevice::ReadOnly))
        throw ScenarioError(path, {}, {}, "cannot read the file: " + file.errorString().toStdString());
    // Bounded: /dev/zero or a runaway file is refused with the limit, not read until memory runs out.
    std::string error;
    const std::optional<QByteArray> data = readWholeInput(file, "a scenario file", error);
    if (!data)
        throw ScenarioError(path, {}, {}, error);
    return loadScenario(std::string_view(data->constData(), static_cast<std::size_t>(data->size())), path);
}

std::string saveScenario(const Scenario& s)
{
    json::Value doc = json::Value::makeObject();
    add(doc, "format", text(ScenarioFormat));
    add(doc, "name", text(s.name));
    if (!s.title.empty())
        add(doc, "title", text(s.title));
    if (!s.description.empty())
        add(doc, "description", text(s.description));
    add(doc, "seed", number(static_cast<double>(s.seed)));
    json::Value service = serviceToJson(s.service);
    if (s.serviceRecover)
        add(service, "recover", recoverToJson(*s.serviceRecover));
    add(doc, "service", std::move(service));
    if (!s.route.empty()) {
        json::Value route = json::Value::makeArray();
        for (const HopSpec& h : s.route)
            route.array.push_back(hopToJson(h));
        add(doc, "route", std::move(route));
    }
    json::Value clients = json::Value::makeArray();
    for (const ClientSpec& c : s.clients)
        clients.array.push_back(clientToJson(c));
    add(doc, "clients", std::move(clients));
    json::Value requests = json::Value::makeArray();
    for (const RequestSpec& r : s.requests)
        requests.array.push_back(requestToJson(r));
    add(doc, "requests", std::move(requests));
    json::Value faults = json::Value::makeArray();
    for (const FaultSpec& f : s.faults)
        faults.array.push_back(
            faultToJson(f, f.hop > 0 ? s.route[static_cast<std::size_t>(f.hop - 1)].name.c_str() : nullptr));
    add(doc, "faults", std::move(faults));
    if (s.hasExpect) {
        json::Value expect = expectToJson(s);
        if (s.exploreExpect) {
            json::Value e = json::Value::makeObject();
            add(e, "verdict", text(s.exploreExpect->verdict));
            if (s.exploreExpect->faults)
                add(e, "faults", number(*s.exploreExpect->faults));
            add(expect, "explore", std::move(e));
        }
        add(doc, "expect", std::move(expect));
    }
    if (!s.lesson.empty()) {
        json::Value steps = json::Value::makeArray();
        for (const LessonStep& step : s.lesson) {
            json::Value o = json::Value::makeObject();
            add(o, "at_ms", number(static_cast<double>(step.atMs)));
            add(o, "title", text(step.title));
            add(o, "text", text(step.text));
            switch (step.select) {
            case LessonStep::Select::Nothing:
                break;
            case LessonStep::Select::Request:
            case LessonStep::Select::Effect:
                add(o, "select",
                    text((step.select == LessonStep::Select::Request ? "r" : "e") + std::to_string(step.index + 1)));
                break;
            case LessonStep::Select::Scope: {
                json::Value scope = json::Value::makeObject();
                add(scope, "actor", text(step.scope.actor));
                add(scope, "operation", text(step.scope.operation));
                add(scope, "key", text(step.scope.key));
                add(o, "select", std::move(scope));
                break;
            }
            }
            if (step.expect)
                add(o, "expect", lessonExpectJson(*step.expect));
            steps.array.push_back(std::move(o));
        }
        add(doc, "lesson", std::move(steps));
    }
    if (s.explore) {
        const ExploreSpec& e = *s.explore;
        json::Value o = json::Value::makeObject();
        json::Value kinds = json::Value::makeArray();
        for (const FaultKind k : e.faults)
            kinds.array.push_back(text(faultKindName(k)));
        add(o, "faults", std::move(kinds));
        add(o, "max_faults", number(e.maxFaults));
        const auto choices = [&](std::string_view key, const std::vector<Millis>& values) {
            if (values.empty())
                return;
            json::Value a = json::Value::makeArray();
            for (const Millis ms : values)
                a.array.push_back(number(static_cast<double>(ms)));
            add(o, key, std::move(a));
        };
        choices("network_ms", e.networkMs);
        choices("handler_ms", e.handlerMs);
        choices("late_retry_delays_ms", e.lateRetryDelaysMs);
        add(o, "property", text(explorePropertyName(e.property)));
        add(doc, "explore", std::move(o));
    }
    if (!s.translations.empty()) {
        json::Value languages = json::Value::makeObject();
        for (const auto& [code, t] : s.translations) {
            json::Value o = json::Value::makeObject();
            if (!t.title.empty())
                add(o, "title", text(t.title));
            if (!t.description.empty())
                add(o, "description", text(t.description));
            if (!t.lesson.empty()) {
                json::Value steps = json::Value::makeArray();
                for (const ScenarioTexts::Step& step : t.lesson) {
                    json::Value st = json::Value::makeObject();
                    add(st, "title", text(step.title));
                    add(st, "text", text(step.text));
                    steps.array.push_back(std::move(st));
                }
                add(o, "lesson", std::move(steps));
            }
            add(languages, code, std::move(o));
        }
        add(doc, "translations", std::move(languages));
    }

    std::string out;
    // The document and its lists (clients, requests, faults) always break: one entry per line, as in the SPEC;
    // anything else that fits in 100 columns stays on one line.
    json::appendPretty(out, doc, { .width = 100, .breakDepth = 1, .breakArrayDepth = 2 });
    out += '\n';
    return out;
}

std::string_view explorePropertyName(ExploreProperty p)
{
    return nameOf(s_exploreProperties, p);
}

std::string_view faultKindName(FaultKind k)
{
    return nameOf(s_faultKinds, k);
}

std::string_view hopKeyName(HopKey k)
{
    return nameOf(s_hopKeys, k);
}

std::string_view recoverByName(RecoverBy b)
{
    return nameOf(s_recoverBys, b);
}
std::string_view jitterName(Jitter j)
{
    return nameOf(s_jitters, j);
}
std::string_view backoffName(Backoff b)
{
    return nameOf(s_backoffs, b);
}
std::string_view onConflictName(OnConflict c)
{
    return nameOf(s_onConflicts, c);
}

ScenarioTexts scenarioTexts(const Scenario& s, std::string_view language)
{
    ScenarioTexts shown;
    shown.title = s.title;
    shown.description = s.description;
    for (const LessonStep& step : s.lesson)
        shown.lesson.push_back({ step.title, step.text });
    const auto found = s.translations.find(language);
    if (found == s.translations.end())
        return shown;
    const ScenarioTexts& t = found->second;
    if (!t.title.empty())
        shown.title = t.title;
    if (!t.description.empty())
        shown.description = t.description;
    if (t.lesson.size() == shown.lesson.size())
        shown.lesson = t.lesson;
    return shown;
}

std::string PresetInfo::shownTitle(std::string_view language) const
{
    const auto found = translations.find(language);
    return found != translations.end() && !found->second.title.empty() ? found->second.title : title;
}

std::string PresetInfo::shownDescription(std::string_view language) const
{
    const auto found = translations.find(language);
    return found != translations.end() && !found->second.description.empty() ? found->second.description : description;
}

std::vector<PresetInfo> listPresets()
{
    const QDir dir(QStringLiteral(":/scenarios"));
    std::vector<PresetInfo> presets;
    const QStringList files = dir.entryList({ QStringLiteral("*.json") }, QDir::Files, QDir::Name);
    for (const QString& file : files) {
        const std::string path = dir.filePath(file).toStdString();
        // A broken preset is our bug, not the user's: it throws rather than silently vanishing from the menu.
        const Scenario s = loadScenarioFile(path);
        PresetInfo info { path, s.name, s.title, s.description, {} };
        for (const auto& [code, t] : s.translations)
            info.translations[code] = ScenarioTexts { t.title, t.description, {} };
        presets.push_back(std::move(info));
    }
    std::sort(presets.begin(), presets.end(),
        [](const PresetInfo& a, const PresetInfo& b) { return a.resourcePath < b.resourcePath; });
    return presets;
}

} // namespace iw
