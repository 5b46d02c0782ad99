// The decision rules of docs/reference/decisions.md, evaluated in its order, on top of the store interface. The
// explanations and the rule-path steps are literals marked for the GUI's translation (contexts "iw::Explanation" and
// "iw::RuleStep", read by the vocabulary room's lupdate); this file uses them in English, as the command line and
// reports print them.
#include "service.h"

#include "nametable.h"
#include "placeholders.h"
#include "statehash.h"
#include "storeengine.h"

#include "json.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <thread>

// Qt's marker when a Qt header defined it, else the same no-op: lupdate only needs to see the calls.
#ifndef QT_TRANSLATE_NOOP
#define QT_TRANSLATE_NOOP(scope, x) x
#endif

namespace iw {

namespace {

std::uint64_t hashRequest(const IncomingRequest& r)
{
    return StateHasher().add(r.intent).add(r.scope).add(r.hasKey).add(r.fingerprint).add(r.keyUnreadable).value();
}

// docs/manual/stores.md large_response: `{"padding":"xx…","result_id":…}`, `bytes` long (members in RFC 8785 order); an
// answer that is already that long, or longer than `bytes` less the padding member's own 13 bytes, stays as it is.
std::string paddedBody(const std::string& body, std::int64_t bytes)
{
    constexpr std::int64_t member = 13; // "padding":"",
    const std::int64_t fill = bytes - static_cast<std::int64_t>(body.size()) - member;
    if (fill < 0)
        return body;
    std::string out;
    out.reserve(static_cast<std::size_t>(bytes));
    out += "{\"padding\":\"";
    out.append(static_cast<std::size_t>(fill), 'x');
    out += "\",";
    out.append(body, 1, std::string::npos);
    return out;
}

std::string bodyWith(std::initializer_list<std::pair<const char*, std::string>> fields)
{
    // Members given in RFC 8785 order by the callers, so the body is canonical JSON as written.
    std::string out = "{";
    bool first = true;
    for (const auto& [name, value] : fields) {
        if (!first)
            out += ',';
        first = false;
        json::appendString(out, name);
        out += ':';
        json::appendString(out, value);
    }
    out += '}';
    return out;
}

// The claim record and the completion's effect row every request hands to the store, kept per thread and refilled
// in place: their strings keep their buffers from one request to the next, where building them afresh copied the
// scope and the fingerprint into new allocations every time (malloc and free were a fifth of a throughput run). A
// store copies what it keeps before the call returns, and no process steps while another's store call is out on
// its thread (the GUI waits for a threaded store's call before it steps, fires or resets).
struct StoreArguments {
    Record claim;
    std::optional<EffectRow> effect;
};

StoreArguments& storeArguments()
{
    thread_local StoreArguments arguments;
    return arguments;
}

bool isControl(char32_t c)
{
    return c <= 0x1f || (c >= 0x7f && c <= 0x9f);
}

// Decodes UTF-8 leniently (keys come from parsed JSON, already valid) to count code points and find controls.
bool scanKey(const std::string& key, int& codePoints)
{
    // Keys are nearly always printable ASCII (UUIDs): a byte each and no control, seen in one pass over the bytes.
    if (std::all_of(key.begin(), key.end(), [](char c) {
            const auto b = static_cast<unsigned char>(c);
            return b >= 0x20 && b < 0x7f;
        })) {
        codePoints = static_cast<int>(key.size());
        return false;
    }
    codePoints = 0;
    bool control = false;
    for (std::size_t i = 0; i < key.size();) {
        const auto b = static_cast<unsigned char>(key[i]);
        char32_t c = b;
        int len = 1;
        if (b >= 0xf0) {
            len = 4;
            c = b & 0x07;
        } else if (b >= 0xe0) {
            len = 3;
            c = b & 0x0f;
        } else if (b >= 0xc0) {
            len = 2;
            c = b & 0x1f;
        }
        for (int k = 1; k < len && i + k < key.size(); ++k)
            c = (c << 6) | (static_cast<unsigned char>(key[i + k]) & 0x3f);
        control = control || isControl(c);
        i += len;
        ++codePoints;
    }
    return control;
}

} // namespace

std::optional<Decision> judgeKey(const ServicePolicy& policy, bool hasKey, const std::string& key)
{
    if (!hasKey)
        return policy.requireKey ? std::optional(Decision::MissingKey) : std::nullopt;
    int length = 0;
    const bool control = scanKey(key, length);
    if (key.empty() || control || length < policy.minKeyLength || length > policy.maxKeyLength)
        return Decision::InvalidKey;
    return std::nullopt;
}

bool isExpired(const Record& record, Millis now, const ServicePolicy& policy)
{
    // Powertools: whole seconds, compared strictly, in any state; DynamoDB: an item past its TTL attribute, in any
    // state (`expires_at < :now`) — still there until the sweeper deletes it.
    if (policy.powertoolsExpiry() || policy.storeEngine == StoreEngine::Dynamodb)
        return now > record.expiresAt;
    return record.state == RecordState::Completed && now >= record.expiresAt;
}

RecordState effectiveState(const Record& record, Millis now, const ServicePolicy& policy)
{
    return isExpired(record, now, policy) ? RecordState::Expired : record.state;
}

namespace {

ExplanationSentence sentence(const char* source)
{
    return { source, {} };
}

} // namespace

Explanation decisionExplanation(Decision decision, const ServicePolicy& policy)
{
    switch (decision) {
    case Decision::MissingKey:
        return { sentence(QT_TRANSLATE_NOOP("iw::Explanation",
            "Rejected: this operation requires an Idempotency-Key header and the request carried none.")) };
    case Decision::InvalidKey:
        if (!policy.keyLengthLimited())
            return { { QT_TRANSLATE_NOOP("iw::Explanation",
                           "Rejected: the key is empty, shorter than %1 characters, or contains control characters."),
                { policy.minKeyLength } } };
        return { { QT_TRANSLATE_NOOP("iw::Explanation",
                       "Rejected: the key is empty, shorter than %1 or longer than %2 characters, or contains control "
                       "characters."),
            { policy.minKeyLength, policy.maxKeyLength } } };
    case Decision::RejectedPayload:
        return { sentence(QT_TRANSLATE_NOOP("iw::Explanation",
            "Rejected before execution: the payload failed validation, so nothing was stored and a fixed retry with "
            "the same key may run.")) };
    case Decision::Created:
        return { sentence(QT_TRANSLATE_NOOP("iw::Explanation",
            "Executed: this request won the claim on its scope, so it owned the key and ran the handler.")) };
    case Decision::Replayed:
        return { sentence(QT_TRANSLATE_NOOP("iw::Explanation",
            "Replayed: same scope and same fingerprint, and the record is completed and not expired, so the stored "
            "response was returned without running the handler.")) };
    case Decision::ConflictInProgress:
        return { sentence(QT_TRANSLATE_NOOP("iw::Explanation",
            "Conflict: same scope and same fingerprint, but the original request is still in progress and its lease "
            "(if any) has not passed.")) };
    case Decision::PayloadMismatch:
        return { sentence(QT_TRANSLATE_NOOP("iw::Explanation",
            "Conflict: the key was reused in this scope with a different payload fingerprint, so the handler was not "
            "run again.")) };
    case Decision::LeaseTakeover:
        return { sentence(QT_TRANSLATE_NOOP("iw::Explanation",
            "Taken over: the record was still in progress but its lease had passed, so this request took ownership "
            "and ran the handler.")) };
    case Decision::ExpiredReexecuted:
        return { sentence(QT_TRANSLATE_NOOP("iw::Explanation",
            "Re-executed: the record had expired (after_expiry forget), so the key was treated as new and the handler "
            "ran again.")) };
    case Decision::ExpiredRejected:
        return { sentence(QT_TRANSLATE_NOOP("iw::Explanation",
            "Refused for reconciliation: the record expired but its tombstone still remembers the earlier result, so "
            "the request is not treated as new.")) };
    case Decision::SeenNoResult:
        return { sentence(QT_TRANSLATE_NOOP("iw::Explanation",
            "Seen flag set: the key was seen before but no result is known, so the service cannot tell whether the "
            "first request is running, failed or finished.")) };
    case Decision::Unprotected:
        return { sentence(QT_TRANSLATE_NOOP("iw::Explanation",
            "Unprotected: no idempotency protection applied (strategy none or no key), so the handler ran.")) };
    case Decision::StoreUnavailable:
        return { sentence(QT_TRANSLATE_NOOP(
            "iw::Explanation", "Store unavailable: a store step failed because the database could not be reached.")) };
    case Decision::UnknownOutcome:
        return { sentence(QT_TRANSLATE_NOOP("iw::Explanation",
            "Unknown outcome: the database connection broke while a commit was in flight, so whether it was applied "
            "cannot be known.")) };
    case Decision::Crashed:
        return { sentence(QT_TRANSLATE_NOOP("iw::Explanation",
            "Crashed: the process handling this request died during the handler, so no response left and the record "
            "stayed in progress.")) };
    }
    return {};
}

Explanation outcomeExplanation(Decision decision, const ServicePolicy& policy, std::string_view rulePath)
{
    const auto has = [rulePath](std::string_view step) { return rulePath.find(step) != std::string_view::npos; };
    const bool failed = has("handler failed after execution began");
    // What became of a request that ran the handler: its effect and what was stored (a sentence, or none).
    const auto handlerEnd = [&]() -> const char* {
        if (has("error stored as the record's response"))
            return QT_TRANSLATE_NOOP("iw::Explanation",
                "The handler failed and the error is stored as the record's response, so a retry replays it.");
        if (has("store_errors false: the record was deleted"))
            return QT_TRANSLATE_NOOP("iw::Explanation",
                "The handler failed; store_errors is false, so the record was deleted and a retry may run again.");
        if (has("delete fenced"))
            return QT_TRANSLATE_NOOP("iw::Explanation",
                "The handler failed, but by then another request owned the record, so it was left alone.");
        if (has("completion fenced"))
            return QT_TRANSLATE_NOOP("iw::Explanation",
                "By the time it finished another request had taken the record over, so its completion was not "
                "written.");
        if (has("over the item size limit"))
            return QT_TRANSLATE_NOOP("iw::Explanation",
                "The handler's result made the item bigger than DynamoDB's item size limit (400 KB), so the completion "
                "failed with a ValidationException: the effect happened, the client got an error, and the record stays "
                "in_progress until its expiry (or its in-progress deadline).");
        if (has("completion upsert"))
            return failed ? QT_TRANSLATE_NOOP("iw::Explanation",
                       "The handler failed; the completion upsert stored the error (last writer wins).")
                          : QT_TRANSLATE_NOOP(
                              "iw::Explanation", "Its completion was an unconditional upsert (last writer wins).");
        if (failed)
            return QT_TRANSLATE_NOOP("iw::Explanation", "The handler failed after execution began.");
        return nullptr;
    };
    // The decision's general sentence, then what became of the handler's work.
    const auto generalThenHandlerEnd = [&]() {
        Explanation e = decisionExplanation(decision, policy);
        if (const char* end = handlerEnd())
            e.push_back(sentence(end));
        return e;
    };
    switch (decision) {
    case Decision::InvalidKey:
        if (has("not a key under the key syntax"))
            return { sentence(QT_TRANSLATE_NOOP("iw::Explanation",
                "Rejected: the Idempotency-Key header could not be read as a key under the service's key syntax "
                "(sf-string takes one double-quoted RFC 8941 String; raw takes the text as sent, without control "
                "characters), or it was sent more than once.")) };
        return decisionExplanation(decision, policy);
    case Decision::Created:
        if (has("SQLSTATE 23505"))
            return { sentence(QT_TRANSLATE_NOOP("iw::Explanation",
                "Executed, then failed: check_then_insert's SELECT saw no row, so this request ran the handler, but "
                "another request inserted the row first and this one's INSERT met SQLSTATE 23505. The effect had "
                "already happened, and the client got an error.")) };
        if (has("SELECT saw no row")) {
            if (has("store_errors false: the failure is not stored"))
                return { sentence(QT_TRANSLATE_NOOP("iw::Explanation",
                    "Executed: check_then_insert's SELECT saw no row, so this request ran the handler; it failed and "
                    "store_errors is false, so nothing was inserted and a retry runs again.")) };
            return { sentence(QT_TRANSLATE_NOOP("iw::Explanation",
                "Executed: check_then_insert's SELECT saw no row, so this request ran the handler and inserted the "
                "completed row afterwards; nothing stopped another request from doing the same in between.")) };
        }
        if (has("seen flag was clear")) {
            Explanation e { sentence(QT_TRANSLATE_NOOP("iw::Explanation",
                "Executed: the seen flag was clear, so this request set it and ran the handler; the flag keeps no "
                "result, so a retry cannot be answered with this response.")) };
            if (failed)
                e.push_back(sentence(QT_TRANSLATE_NOOP("iw::Explanation", "The handler failed.")));
            return e;
        }
        return generalThenHandlerEnd();
    case Decision::Replayed:
        if (has("the service trusts the TTL sweeper"))
            return { sentence(QT_TRANSLATE_NOOP("iw::Explanation",
                "Replayed: the item's TTL had passed, but the claim's condition (attribute_not_exists) trusts the TTL "
                "sweeper to delete expired items, and it had not yet: the item blocked the put and its stored "
                "response was returned.")) };
        return decisionExplanation(decision, policy);
    case Decision::LeaseTakeover:
        if (has("past its in_progress_expiration")) {
            Explanation e { sentence(QT_TRANSLATE_NOOP("iw::Explanation",
                "Taken over: the item was INPROGRESS past its in_progress_expiration, so the conditional PutItem "
                "replaced it and this request ran the handler.")) };
            if (const char* end = handlerEnd())
                e.push_back(sentence(end));
            return e;
        }
        if (has("orphan lock taken")) {
            // Powertools' Redis layer (docs/manual/stores.md): an orphan recovery, before or after the 2026 fixes.
            Explanation e { sentence(has("unconditional SET")
                    ? QT_TRANSLATE_NOOP("iw::Explanation",
                        "Taken over as an orphan: the record it read was in progress with no in-progress deadline (or "
                        "a passed one), so Powertools' Redis layer took the orphan lock and overwrote it with an "
                        "unconditional SET and ran the handler — whether or not the first request was still running.")
                    : QT_TRANSLATE_NOOP("iw::Explanation",
                        "Taken over as an orphan: the record's in-progress deadline had passed and the record was "
                        "unchanged since it was read, so this request took the orphan lock, overwrote it and ran the "
                        "handler.")) };
            if (const char* end = handlerEnd())
                e.push_back(sentence(end));
            return e;
        }
        return generalThenHandlerEnd();
    case Decision::ExpiredReexecuted:
        if (has("the conditional PutItem replaced it, though")) {
            Explanation e { sentence(QT_TRANSLATE_NOOP("iw::Explanation",
                "Re-executed: the item's TTL had passed and the conditional PutItem tests expiry, so the put replaced "
                "the item — still there, as the TTL sweeper had not deleted it yet — and the handler ran again.")) };
            if (const char* end = handlerEnd())
                e.push_back(sentence(end));
            return e;
        }
        if (has("UPDATE overwrote the expired row"))
            return { sentence(QT_TRANSLATE_NOOP("iw::Explanation",
                "Re-executed: check_then_insert's SELECT saw an expired row (after_expiry forget), so the key was "
                "treated as new, the handler ran again and an UPDATE overwrote the row.")) };
        return generalThenHandlerEnd();
    case Decision::ExpiredRejected:
        if (has("tombstone counts"))
            return decisionExplanation(decision, policy);
        return { sentence(QT_TRANSLATE_NOOP("iw::Explanation",
            "Refused for reconciliation: the record has expired, and after_expiry tombstone does not treat its key as "
            "new, so the request is refused with the earlier result named.")) };
    case Decision::ConflictInProgress:
        if (has("the GetItem was eventually consistent"))
            return { sentence(QT_TRANSLATE_NOOP("iw::Explanation",
                "Conflict: the conditional PutItem failed on the latest item, but the eventually consistent GetItem "
                "that followed returned the item as it was before its latest write, still in progress.")) };
        if (has("orphan lock held"))
            return { sentence(QT_TRANSLATE_NOOP("iw::Explanation",
                "Conflict: the record looked orphaned, but another request held the orphan lock, so this one was "
                "refused.")) };
        if (has("changed since it was read"))
            return { sentence(QT_TRANSLATE_NOOP("iw::Explanation",
                "Conflict: the record looked orphaned, but it had changed since this request read it, so it was not "
                "overwritten.")) };
        if (has("locked until the record's expiry"))
            return { sentence(QT_TRANSLATE_NOOP("iw::Explanation",
                "Conflict: the record is in progress with no in-progress deadline, so it stays locked until the "
                "record's expiry.")) };
        if (has("conditional overwrite lost"))
            return { sentence(QT_TRANSLATE_NOOP("iw::Explanation",
                "Conflict: this request found the record free to take over, but another request took it first (its "
                "conditional overwrite lost), so the handler was not run.")) };
        if (has("no lease"))
            return { sentence(QT_TRANSLATE_NOOP("iw::Explanation",
                "Conflict: same scope and same fingerprint, but the original request is still in progress and, "
                "without a lease, nobody may take it over.")) };
        return decisionExplanation(decision, policy);
    case Decision::Unprotected:
        if (has("strategy none"))
            return { sentence(QT_TRANSLATE_NOOP(
                "iw::Explanation", "Unprotected: the strategy is none, so no key was checked and the handler ran.")) };
        return { sentence(QT_TRANSLATE_NOOP("iw::Explanation",
            "Unprotected: the request carried no key and this operation does not require one, so the handler ran "
            "without idempotency protection.")) };
    case Decision::StoreUnavailable:
        // The MySQL engine (docs/manual/stores.md): the statement or the transaction failed, though the server was
        // reachable.
        if (has("deadlock victim"))
            return { sentence(QT_TRANSLATE_NOOP("iw::Explanation",
                "Error: InnoDB chose this request's claim transaction as a deadlock victim (ERROR 1213) while it "
                "waited with another claim of the same key on a transaction that rolled back, and the service answers "
                "the error (deadlock \"error\"). Another request now owns the key.")) };
        if (has("the claim transaction rolled back"))
            return { sentence(QT_TRANSLATE_NOOP("iw::Explanation",
                "Error: this request's claim transaction rolled back after its INSERT, so its row is gone and the "
                "claims of the same key that waited on its lock go on without it.")) };
        if (has("longer than the key column"))
            return { sentence(QT_TRANSLATE_NOOP("iw::Explanation",
                "Error: the key is longer than the key column, and in strict mode the INSERT fails (ERROR 1406) "
                "rather than truncating it; nothing was stored.")) };
        if (has("completion write failed"))
            return { sentence(QT_TRANSLATE_NOOP("iw::Explanation",
                "Store unavailable: the handler ran (its effect happened), but the completion write could not reach "
                "the database, so the record stays in progress.")) };
        return decisionExplanation(decision, policy);
    case Decision::Crashed: {
        // Whole sentences, one per (when it died, what was left), so a translation never glues fragments.
        const bool afterEffect = has("effect executed, then the process crashed");
        if (has("crashed right after its claim")) {
            if (policy.storeEngine == StoreEngine::Redis && policy.claimCommand == ClaimCommand::HsetThenExpire)
                return { sentence(QT_TRANSLATE_NOOP("iw::Explanation",
                    "Crashed: The process died right after HSETNX wrote its claim and before its EXPIRE, so the record "
                    "has no expiry: it stays in progress for ever and every retry is refused.")) };
            if (policy.storeEngine == StoreEngine::Redis)
                return { { QT_TRANSLATE_NOOP("iw::Explanation",
                               "Crashed: The process died right after its claim was written, before the handler; SET "
                               "NX PX gave the claim an expiry, so the key is gone %1 ms later and a retry may run "
                               "then."),
                    { policy.claimTtl() } } };
            return { sentence(policy.effectiveLease()
                    ? QT_TRANSLATE_NOOP("iw::Explanation",
                        "Crashed: The process died right after its claim was written, before the handler, so the "
                        "record stays in progress until its lease passes.")
                    : QT_TRANSLATE_NOOP("iw::Explanation",
                        "Crashed: The process died right after its claim was written, before the handler, so the "
                        "record stays in progress: without a lease nobody may take it over.")) };
        }
        if (has("strategy none") || has("no key, not required"))
            return { sentence(afterEffect
                    ? QT_TRANSLATE_NOOP("iw::Explanation",
                        "Crashed: The process died after the effect happened, so no response left; nothing records "
                        "the request, so a retry runs the handler again.")
                    : QT_TRANSLATE_NOOP("iw::Explanation",
                        "Crashed: The process died before the effect, so no response left; nothing records the "
                        "request, so a retry runs the handler again.")) };
        if (policy.strategy == Strategy::CheckThenInsert)
            return { sentence(afterEffect
                    ? QT_TRANSLATE_NOOP("iw::Explanation",
                        "Crashed: The process died after the effect happened, so no response left and nothing was "
                        "written: a retry sees what this request saw and runs the handler again.")
                    : QT_TRANSLATE_NOOP("iw::Explanation",
                        "Crashed: The process died before the effect, so no response left and nothing was written: "
                        "a retry sees what this request saw and runs the handler again.")) };
        if (has("seen flag"))
            return { sentence(afterEffect
                    ? QT_TRANSLATE_NOOP("iw::Explanation",
                        "Crashed: The process died after the effect happened, so no response left; the seen flag "
                        "stays set with no result, so a retry is told only that the key was seen.")
                    : QT_TRANSLATE_NOOP("iw::Explanation",
                        "Crashed: The process died before the effect, so no response left; the seen flag stays set "
                        "with no result, so a retry is told only that the key was seen.")) };
        if (policy.effectiveLease())
            return { sentence(afterEffect
                    ? QT_TRANSLATE_NOOP("iw::Explanation",
                        "Crashed: The process died after the effect happened, so no response left and the record "
                        "stays in progress until its lease passes.")
                    : QT_TRANSLATE_NOOP("iw::Explanation",
                        "Crashed: The process died before the effect, so no response left and the record stays in "
                        "progress until its lease passes.")) };
        return { sentence(afterEffect
                ? QT_TRANSLATE_NOOP("iw::Explanation",
                    "Crashed: The process died after the effect happened, so no response left and the record stays "
                    "in progress: without a lease nobody may take it over.")
                : QT_TRANSLATE_NOOP("iw::Explanation",
                    "Crashed: The process died before the effect, so no response left and the record stays in "
                    "progress: without a lease nobody may take it over.")) };
    }
    default:
        return decisionExplanation(decision, policy);
    }
}

std::string explanationText(const Explanation& explanation)
{
    std::string out;
    bool first = true;
    for (const ExplanationSentence& s : explanation) {
        if (!first)
            out += ' ';
        first = false;
        appendFilled(out, s.source, s.numbers.size(), [&](std::size_t n) { out += std::to_string(s.numbers[n]); });
    }
    return out;
}

std::string explain(Decision decision, const ServicePolicy& policy)
{
    return explanationText(decisionExplanation(decision, policy));
}

std::string explainOutcome(Decision decision, const ServicePolicy& policy, std::string_view rulePath)
{
    return explanationText(outcomeExplanation(decision, policy, rulePath));
}

std::string joinRulePath(const std::vector<const char*>& steps, const std::string& storeError)
{
    std::string joined;
    for (const char* step : steps) {
        if (!joined.empty())
            joined += " → ";
        joined += step;
    }
    if (!storeError.empty())
        joined += " (" + storeError + ")";
    return joined;
}

HeldRequest holdRequest(IncomingRequest&& request, bool fingerprinted)
{
    // Made as a mutable object held as const, so that holdRequest(shared_ptr) may be given it again to refill.
    return holdRequest(std::make_shared<IncomingRequest>(std::move(request)), fingerprinted);
}

HeldRequest holdRequest(std::shared_ptr<IncomingRequest> request, bool fingerprinted)
{
    HeldRequest held;
    held.request = std::move(request);
    if (fingerprinted)
        held.hash = hashRequest(*held.request);
    return held;
}

RequestProcess::RequestProcess(const ServicePolicy& policy, IdempotencyStore& store, ServiceEnvironment& env,
    HeldRequest request, HandlerFaults faults)
    : m_policy(&policy)
    , m_store(&store)
    , m_env(&env)
    , m_request(std::move(request.request))
    , m_requestHash(request.hash)
    , m_faults(faults)
{
    m_outcome.rulePath.reserve(12); // one allocation for the whole path
}

void RequestProcess::restart(const ServicePolicy& policy, IdempotencyStore& store, ServiceEnvironment& env,
    HeldRequest request, HandlerFaults faults)
{
    m_policy = &policy;
    m_store = &store;
    m_env = &env;
    m_request = std::move(request.request);
    m_requestHash = request.hash;
    m_faults = faults;
    m_outcome.decision = Decision::Created;
    m_outcome.status.reset();
    m_outcome.body.reset();
    m_outcome.rulePath.clear();
    m_outcome.storeError.clear();
    m_outcome.decidedAt = 0;
    m_outcome.effectId.reset();
    m_outcome.responds = true;
    m_outcome.storedFingerprint.reset();
    m_stage = Stage::Claim;
    m_stepFailed = false;
    m_ownerDecision = Decision::Created;
    m_ownerVersion = 0;
    m_readRow.reset();
    m_readTombstone.reset();
    m_readHash = 0;
    m_readAt = 0;
    m_arrivedAt = 0;
    m_expectedVersion.reset();
    m_orphan = false;
    m_lockTicket = -1;
    m_staleRead = false;
    m_changes.clear();
    m_handlerStatus = 201;
    m_handlerFailed = false;
    m_steps.clear();
    m_stepsTaken = 0;
    m_resultStep = -1;
    m_traceSteps = false;
    m_callsUpstream = false;
    m_ownEffect = true;
    m_read = false;
    m_upstreamStatus.reset();
}

RequestProcess::Next RequestProcess::arrive(Millis now)
{
    m_arrivedAt = now;
    if (m_policy->strategy == Strategy::None) {
        path(QT_TRANSLATE_NOOP("iw::RuleStep", "strategy none: no key checks"));
    } else if (m_read && !m_request->hasKey && !m_request->keyUnreadable) {
        // A read that carries no key asks for no protection, whatever require_key says: it changes nothing.
        path(QT_TRANSLATE_NOOP("iw::RuleStep", "a read without a key: nothing to check or claim"));
    } else if (const auto keyDecision = m_request->keyUnreadable
            ? std::optional(Decision::InvalidKey)
            : judgeKey(*m_policy, m_request->hasKey, m_request->scope.key)) {
        path(*keyDecision == Decision::MissingKey ? QT_TRANSLATE_NOOP("iw::RuleStep", "key required but absent")
                : m_request->keyUnreadable
                ? QT_TRANSLATE_NOOP("iw::RuleStep", "the Idempotency-Key header is not a key under the key syntax")
                : QT_TRANSLATE_NOOP("iw::RuleStep", "key fails the key rules"));
        return decide(*keyDecision, *keyDecision == Decision::MissingKey ? m_policy->missingKeyStatus : 400,
            responseBody(*keyDecision), now);
    } else {
        path(m_request->hasKey ? QT_TRANSLATE_NOOP("iw::RuleStep", "key present and valid")
                               : QT_TRANSLATE_NOOP("iw::RuleStep", "no key, not required"));
    }
    if (m_faults.rejectStatus) {
        path(QT_TRANSLATE_NOOP("iw::RuleStep", "payload validation failed before execution"));
        return decide(Decision::RejectedPayload, m_faults.rejectStatus, responseBody(Decision::RejectedPayload), now);
    }
    if (m_policy->strategy == Strategy::None || !m_request->hasKey) {
        m_ownerDecision = Decision::Unprotected;
        return beginHandler(now);
    }
    switch (m_policy->strategy) {
    case Strategy::CheckThenInsert:
        return beginStep(Stage::CheckSelect, now);
    case Strategy::SeenFlag:
        return beginStep(Stage::SeenTestAndSet, now);
    default:
        return beginStep(Stage::Claim, now);
    }
}

RequestProcess::Next RequestProcess::resume(Millis now)
{
    if (m_stage == Stage::Handler)
        return finishHandler(now);
    return endStep(now);
}

RequestProcess::Next RequestProcess::crashNow(Millis now)
{
    if (done())
        return { Wait::Done, 0 };
    closeStep(now);
    path(QT_TRANSLATE_NOOP("iw::RuleStep", "the server stopped while the request ran"));
    path(m_outcome.effectId ? QT_TRANSLATE_NOOP("iw::RuleStep", "effect executed, then the process crashed")
                            : QT_TRANSLATE_NOOP("iw::RuleStep", "the process crashed before the effect"));
    m_outcome.responds = false;
    return decide(Decision::Crashed, std::nullopt, std::nullopt, now);
}

constexpr auto s_serviceStepNames = nameTable<ServiceStep::Kind>({
    { ServiceStep::Kind::Claim, "claim" },
    { ServiceStep::Kind::Read, "read" },
    { ServiceStep::Kind::Overwrite, "overwrite" },
    { ServiceStep::Kind::Complete, "completion" },
    { ServiceStep::Kind::Delete, "delete" },
    { ServiceStep::Kind::Select, "select" },
    { ServiceStep::Kind::Insert, "insert" },
    { ServiceStep::Kind::Update, "update" },
    { ServiceStep::Kind::TestAndSet, "test-and-set" },
    { ServiceStep::Kind::SeenComplete, "completion" },
    { ServiceStep::Kind::Handler, "handler" },
    { ServiceStep::Kind::Expire, "expire" },
    { ServiceStep::Kind::Wait, "wait" },
    { ServiceStep::Kind::LockWait, "lock wait" },
    { ServiceStep::Kind::Rollback, "rollback" },
});

std::string_view serviceStepName(ServiceStep::Kind kind)
{
    return nameOf(s_serviceStepNames, kind);
}

void RequestProcess::openStep(ServiceStep::Kind kind, Millis now)
{
    m_resultStep = -1;
    if (!m_traceSteps)
        return;
    m_steps.push_back({ kind, now, -1, static_cast<int>(m_outcome.rulePath.size()), 0 });
}

void RequestProcess::closeStep(Millis now)
{
    if (!m_traceSteps || m_steps.empty() || m_steps.back().end >= 0)
        return;
    ServiceStep& step = m_steps.back();
    step.end = now;
    step.firstPath = static_cast<int>(m_outcome.rulePath.size());
    m_resultStep = static_cast<int>(m_steps.size()) - 1;
}

std::vector<ServiceStep> RequestProcess::takeFinishedSteps()
{
    std::size_t finished = m_steps.size();
    if (finished > 0 && m_steps.back().end < 0)
        --finished;
    if (finished <= m_stepsTaken)
        return {};
    std::vector<ServiceStep> out(m_steps.begin() + static_cast<std::ptrdiff_t>(m_stepsTaken),
        m_steps.begin() + static_cast<std::ptrdiff_t>(finished));
    m_stepsTaken = finished;
    return out;
}

RequestProcess::Next RequestProcess::beginStep(Stage stage, Millis now)
{
    m_stage = stage;
    {
        using K = ServiceStep::Kind;
        static constexpr K kinds[] = { K::Claim, K::Read, K::Overwrite, K::Handler, K::Complete, K::Delete, K::Select,
            K::Insert, K::Update, K::TestAndSet, K::SeenComplete, K::Handler, K::Handler, K::Expire, K::Wait,
            K::LockWait, K::Rollback };
        openStep(kinds[static_cast<int>(stage)], now);
    }
    m_stepFailed = m_env->storeDown(now);
    if (!m_stepFailed && (stage == Stage::Read || stage == Stage::CheckSelect)) {
        // A step reads at its start.
        try {
            if (m_policy->storeEngine == StoreEngine::Dynamodb) {
                // GetItem: eventually consistent unless consistent_read.
                m_staleRead = m_store->readItem(m_request->scope, now, m_readRow);
                if (m_staleRead)
                    m_changes.emplace_back(now, RecordChange::StaleRead);
            } else {
                m_store->readInto(m_request->scope, m_readRow);
            }
            m_readTombstone.reset();
            if (!m_readRow)
                m_readTombstone = m_store->readTombstone(m_request->scope, now);
        } catch (const StoreError& error) {
            if (error.kind() == StoreError::Kind::Fatal)
                throw;
            m_stepFailed = true;
        }
        m_readHash.reset();
        m_readAt = now;
    }
    if (stage == Stage::WaitPoll) {
        // Not a store step: the pause before the next read, no longer than what is left of the wait (and at least
        // one poll), so the last read is at or after the wait's end.
        m_stepFailed = false;
        const Millis left = m_arrivedAt + m_policy->inProgressWaitMs.value_or(0) - now;
        return { Wait::StoreStep, std::max<Millis>(1, std::min(kInProgressPollMs, left)) };
    }
    return { Wait::StoreStep, m_policy->dbMs };
}

RequestProcess::Next RequestProcess::beginHandler(Millis now)
{
    openStep(ServiceStep::Kind::Handler, now);
    if (m_callsUpstream) {
        // docs/reference/routes.md: the call goes out at the handler's start; handler_ms runs after a 2xx answer.
        m_stage = Stage::Upstream;
        return { Wait::Upstream, 0 };
    }
    m_stage = Stage::Handler;
    return { Wait::Handler, m_faults.handlerMs.value_or(m_policy->handlerMs) };
}

RequestProcess::Next RequestProcess::upstreamAnswered(Millis now, std::optional<int> status)
{
    if (status && *status >= 200 && *status < 300) {
        m_upstreamStatus = *status;
        if (m_faults.crash == HandlerFaults::Crash::AfterUpstream) {
            closeStep(now);
            path(QT_TRANSLATE_NOOP(
                "iw::RuleStep", "the upstream answered 2xx, then the process crashed before its own effect"));
            m_outcome.responds = false;
            return decide(Decision::Crashed, std::nullopt, std::nullopt, now);
        }
        path(QT_TRANSLATE_NOOP("iw::RuleStep", "the upstream call answered 2xx"));
        m_stage = Stage::Handler;
        return { Wait::Handler, m_faults.handlerMs.value_or(m_policy->handlerMs) };
    }
    // No 2xx: the handler fails with the answer's status (502 without one) and executes no effect of its own; the
    // crash faults strike at a handler's end, which it never reaches.
    path(status ? QT_TRANSLATE_NOOP("iw::RuleStep", "the upstream call was refused")
                : QT_TRANSLATE_NOOP("iw::RuleStep", "no answer from the upstream call after its retries"));
    m_faults.crash = HandlerFaults::Crash::None;
    m_faults.errorStatus = status.value_or(502);
    return finishHandler(now);
}

RequestProcess::Next RequestProcess::finishHandler(Millis now)
{
    closeStep(now);
    if (m_faults.crash == HandlerFaults::Crash::BeforeEffect || m_faults.crash == HandlerFaults::Crash::AfterEffect) {
        if (m_faults.crash == HandlerFaults::Crash::AfterEffect && m_ownEffect) {
            m_outcome.effectId = m_env->executeEffect(*m_request, now);
            path(QT_TRANSLATE_NOOP("iw::RuleStep", "effect executed, then the process crashed"));
            try {
                m_store->recordEffect({ *m_outcome.effectId, m_request->scope, m_request->intent, m_request->id, now });
            } catch (const StoreError&) {
            }
        } else {
            path(QT_TRANSLATE_NOOP("iw::RuleStep", "the process crashed before the effect"));
        }
        m_outcome.responds = false;
        return decide(Decision::Crashed, std::nullopt, std::nullopt, now);
    }
    if (m_faults.errorStatus) {
        m_handlerFailed = true;
        m_handlerStatus = *m_faults.errorStatus;
        path(QT_TRANSLATE_NOOP("iw::RuleStep", "handler failed after execution began"));
    } else if (m_read) {
        m_handlerStatus = 200;
        path(QT_TRANSLATE_NOOP("iw::RuleStep", "a read: the handler changed nothing"));
    } else if (!m_ownEffect) {
        m_handlerStatus = m_upstreamStatus.value_or(201);
        path(QT_TRANSLATE_NOOP("iw::RuleStep", "proxy: no effect of its own"));
    } else {
        m_handlerStatus = m_upstreamStatus.value_or(201);
        m_outcome.effectId = m_env->executeEffect(*m_request, now);
        path(QT_TRANSLATE_NOOP("iw::RuleStep", "handler ran: the effect happened"));
    }
    const bool separateEffect = m_ownerDecision == Decision::Unprotected
        || m_policy->strategy == Strategy::CheckThenInsert || m_policy->strategy == Strategy::SeenFlag;
    if (separateEffect && m_outcome.effectId) {
        try {
            m_store->recordEffect({ *m_outcome.effectId, m_request->scope, m_request->intent, m_request->id, now });
        } catch (const StoreError& error) {
            if (error.kind() == StoreError::Kind::Fatal)
                throw;
        }
    }
    if (m_ownerDecision == Decision::Unprotected)
        return decide(Decision::Unprotected, m_handlerStatus, responseBody(Decision::Unprotected), now);
    switch (m_policy->strategy) {
    case Strategy::CheckThenInsert:
        if (m_ownerDecision == Decision::ExpiredReexecuted)
            return beginStep(Stage::CheckUpdate, now);
        return beginStep(Stage::CheckInsert, now);
    case Strategy::SeenFlag:
        return beginStep(Stage::SeenComplete, now);
    default:
        if (m_handlerFailed && !m_policy->storeErrors
            && !(m_policy->profile == Profile::ExpressIdempotency && m_handlerStatus >= 200 && m_handlerStatus <= 299))
            return beginStep(Stage::DeleteOnError, now); // express-idempotency keeps any 2xx answer, failed or not
        return beginStep(Stage::Complete, now);
    }
}

RequestProcess::Next RequestProcess::storeFailed(const StoreError& error, Millis now)
{
    if (error.kind() == StoreError::Kind::Fatal)
        throw error;
    if (error.kind() == StoreError::Kind::UnknownOutcome) {
        path(QT_TRANSLATE_NOOP("iw::RuleStep", "connection broke while a commit was in flight"));
        return decide(Decision::UnknownOutcome, std::nullopt, std::nullopt, now);
    }
    path(QT_TRANSLATE_NOOP("iw::RuleStep", "store unreachable"));
    m_outcome.storeError = error.what();
    return decide(Decision::StoreUnavailable, 503, responseBody(Decision::StoreUnavailable), now);
}

RequestProcess::Next RequestProcess::endStep(Millis now)
{
    closeStep(now);
    if (m_stepFailed) {
        path(m_stage == Stage::Complete
                ? QT_TRANSLATE_NOOP("iw::RuleStep", "completion write failed: the row stays in_progress")
                : QT_TRANSLATE_NOOP("iw::RuleStep", "store step failed inside a db_down window"));
        return decide(Decision::StoreUnavailable, 503, responseBody(Decision::StoreUnavailable), now);
    }
    try {
        if (m_policy->storeEngine == StoreEngine::Dynamodb)
            m_store->noteWriteTime(now);
        switch (m_stage) {
        case Stage::Claim:
            if (m_policy->storeEngine == StoreEngine::Mysql)
                return endMysqlClaim(now);
            if (m_policy->storeEngine == StoreEngine::Dynamodb)
                return endDynamoClaim(now);
            if (m_store->insertClaim(fillClaim(storeArguments().claim, now), now)) {
                path(claimWonStep());
                return claimWon(now, RecordChange::Claimed);
            }
            path(claimLostStep());
            return beginStep(Stage::Read, now);
        case Stage::Expire:
            path(m_store->setExpiry(m_request->scope, claimExpireCommandAt(*m_policy, now))
                    ? QT_TRANSLATE_NOOP("iw::RuleStep", "EXPIRE gave the claim its expiry")
                    : QT_TRANSLATE_NOOP("iw::RuleStep", "EXPIRE found no key"));
            return beginHandler(now);
        case Stage::Read:
            path(QT_TRANSLATE_NOOP("iw::RuleStep", "row read"));
            if (m_staleRead)
                path(QT_TRANSLATE_NOOP("iw::RuleStep",
                    "the GetItem was eventually consistent: it returned the item as it was before its latest write"));
            return afterRead(now);
        case Stage::WaitPoll:
            return beginStep(Stage::Read, now);
        case Stage::LockWait:
            return endLockWait(now);
        case Stage::Rollback:
            return endRollback(now);
        case Stage::Overwrite: {
            if (m_orphan)
                return endOrphanOverwrite(now);
            const Record fresh = freshClaim(now);
            if (m_store->replaceIf(m_request->scope, m_expectedVersion, fresh, now)) {
                path(QT_TRANSLATE_NOOP("iw::RuleStep", "conditional overwrite applied"));
                return claimWon(now, RecordChange::TakenOver);
            }
            path(QT_TRANSLATE_NOOP("iw::RuleStep", "conditional overwrite lost: another request took the row first"));
            return decide(Decision::ConflictInProgress, m_policy->inProgressStatus,
                responseBody(Decision::ConflictInProgress), now);
        }
        case Stage::Complete: {
            Completion completion;
            completion.statusCode = m_handlerStatus;
            completion.responseBody = responseBody(m_ownerDecision);
            completion.completedAt = now;
            completion.resultId = m_outcome.effectId;
            std::optional<EffectRow>& effect = storeArguments().effect;
            if (m_outcome.effectId) {
                if (!effect)
                    effect.emplace();
                effect->id = *m_outcome.effectId;
                effect->scope = m_request->scope;
                effect->intent = m_request->intent;
                effect->request = m_request->id;
                effect->atMs = now;
            } else {
                effect.reset();
            }
            completion.expiresAt = completionExpiryAt(*m_policy, clockNow(now));
            if (m_policy->storeEngine == StoreEngine::Dynamodb && endDynamoOversized(completion, effect, now))
                return decide(m_ownerDecision, 500, bodyWith({ { "error", "item_too_large" } }), now);
            if (m_policy->unfencedWrites()) {
                Record ifMissing = freshClaim(now);
                ifMissing.leaseUntil.reset();
                m_store->upsertCompletion(ifMissing, completion, effect);
                path(QT_TRANSLATE_NOOP("iw::RuleStep", "completion upsert (unconditional, last writer wins)"));
                m_changes.emplace_back(now, RecordChange::Completed);
            } else if (m_store->complete(m_request->scope, m_ownerVersion, completion, effect)) {
                path(m_handlerFailed ? QT_TRANSLATE_NOOP("iw::RuleStep", "error stored as the record's response")
                                     : QT_TRANSLATE_NOOP("iw::RuleStep", "completion written"));
                m_changes.emplace_back(now, RecordChange::Completed);
            } else {
                path(QT_TRANSLATE_NOOP("iw::RuleStep",
                    "completion fenced: this request no longer owns the record, which stays unchanged"));
                m_changes.emplace_back(now, RecordChange::Fenced);
            }
            return decide(m_ownerDecision, m_handlerStatus, std::move(completion.responseBody), now);
        }
        case Stage::DeleteOnError:
            if (m_policy->unfencedWrites()) {
                m_store->deleteUnconditionally(m_request->scope);
                path(QT_TRANSLATE_NOOP("iw::RuleStep", "store_errors false: the record was deleted (unconditionally)"));
                m_changes.emplace_back(now, RecordChange::Deleted);
            } else if (m_store->deleteIfOwner(m_request->scope, m_ownerVersion)) {
                path(QT_TRANSLATE_NOOP("iw::RuleStep", "store_errors false: the record was deleted"));
                m_changes.emplace_back(now, RecordChange::Deleted);
            } else {
                path(QT_TRANSLATE_NOOP("iw::RuleStep", "delete fenced: this request no longer owns the record"));
            }
            return decide(m_ownerDecision, m_handlerStatus, responseBody(m_ownerDecision), now);
        case Stage::CheckSelect:
            if (!m_readRow && !m_readTombstone) {
                path(QT_TRANSLATE_NOOP("iw::RuleStep", "SELECT saw no row: run the handler, INSERT afterwards"));
                m_ownerDecision = Decision::Created;
                return beginHandler(now);
            }
            path(QT_TRANSLATE_NOOP("iw::RuleStep", "SELECT saw a row"));
            return afterRead(now);
        case Stage::CheckInsert: {
            if (m_handlerFailed && !m_policy->storeErrors) {
                // The INSERT step still takes its db_ms and writes nothing (docs/reference/scenario.md fine point 21).
                path(QT_TRANSLATE_NOOP("iw::RuleStep", "store_errors false: the failure is not stored"));
                return decide(Decision::Created, m_handlerStatus, responseBody(Decision::Created), now);
            }
            Record row = freshClaim(now);
            row.state = RecordState::Completed;
            row.statusCode = m_handlerStatus;
            row.responseBody = responseBody(Decision::Created);
            row.completedAt = now;
            row.leaseUntil.reset();
            row.resultId = m_outcome.effectId;
            if (m_store->insertCompleted(row)) {
                path(QT_TRANSLATE_NOOP("iw::RuleStep", "INSERT after the work succeeded"));
                m_changes.emplace_back(now, RecordChange::Completed);
                return decide(Decision::Created, m_handlerStatus, row.responseBody, now);
            }
            path(QT_TRANSLATE_NOOP(
                "iw::RuleStep", "INSERT met the other request's row: SQLSTATE 23505 — the effect already happened"));
            return decide(Decision::Created, 500, bodyWith({ { "error", "unique_violation" } }), now);
        }
        case Stage::CheckUpdate: {
            Record row = freshClaim(now);
            row.state = RecordState::Completed;
            row.statusCode = m_handlerStatus;
            row.responseBody = responseBody(Decision::ExpiredReexecuted);
            row.completedAt = now;
            row.leaseUntil.reset();
            row.resultId = m_outcome.effectId;
            m_store->overwrite(row);
            path(QT_TRANSLATE_NOOP("iw::RuleStep", "UPDATE overwrote the expired row"));
            m_changes.emplace_back(now, RecordChange::Completed);
            return decide(Decision::ExpiredReexecuted, m_handlerStatus, row.responseBody, now);
        }
        case Stage::SeenTestAndSet:
            if (m_store->testAndSetSeen(m_request->scope)) {
                path(QT_TRANSLATE_NOOP("iw::RuleStep", "seen flag was clear: set it and run the handler"));
                m_ownerDecision = Decision::Created;
                return beginHandler(now);
            }
            path(QT_TRANSLATE_NOOP("iw::RuleStep", "seen flag already set: no result is known"));
            return decide(Decision::SeenNoResult, 200, std::string(), now);
        case Stage::SeenComplete:
            path(QT_TRANSLATE_NOOP("iw::RuleStep", "completion step writes nothing (a flag holds no result)"));
            return decide(Decision::Created, m_handlerStatus, responseBody(Decision::Created), now);
        case Stage::Handler:
        case Stage::Done:
        case Stage::Upstream:
            break;
        }
    } catch (const StoreError& error) {
        return storeFailed(error, now);
    }
    return { Wait::Done, 0 };
}

RequestProcess::Next RequestProcess::claimWon(Millis now, RecordChange change)
{
    m_changes.emplace_back(now, change);
    m_ownerVersion = now;
    if (change == RecordChange::Claimed)
        m_ownerDecision = Decision::Created;
    if (m_faults.crash == HandlerFaults::Crash::AfterClaim) {
        path(QT_TRANSLATE_NOOP("iw::RuleStep", "the process crashed right after its claim was written"));
        m_outcome.responds = false;
        return decide(Decision::Crashed, std::nullopt, std::nullopt, now);
    }
    if (m_policy->storeEngine == StoreEngine::Redis && m_policy->claimCommand == ClaimCommand::HsetThenExpire)
        return beginStep(Stage::Expire, now);
    return beginHandler(now);
}

RequestProcess::Next RequestProcess::afterRead(Millis now)
{
    if (!m_readRow && !m_readTombstone) {
        path(QT_TRANSLATE_NOOP("iw::RuleStep", "the row vanished: claim again"));
        return beginStep(Stage::Claim, now);
    }
    switch (evaluate(m_readRow, m_readTombstone, clockNow(m_readAt))) {
    case Verdict::Replay: {
        path(QT_TRANSLATE_NOOP("iw::RuleStep", "replay the stored response"));
        const Record& row = *m_readRow;
        return decide(Decision::Replayed, row.statusCode, row.responseBody, now);
    }
    case Verdict::Conflict:
        if (m_policy->inProgressWaitMs && m_stage == Stage::Read) {
            // docs/reference/decisions.md#profiles: wait for the record to finish, then answer as if this request had
            // arrived then.
            if (m_readAt < m_arrivedAt + *m_policy->inProgressWaitMs) {
                path(QT_TRANSLATE_NOOP("iw::RuleStep", "in_progress_wait_ms: wait, then read the record again"));
                return beginStep(Stage::WaitPoll, now);
            }
            path(QT_TRANSLATE_NOOP("iw::RuleStep", "in_progress_wait_ms passed: still in progress"));
        }
        return decide(
            Decision::ConflictInProgress, m_policy->inProgressStatus, responseBody(Decision::ConflictInProgress), now);
    case Verdict::Mismatch:
        m_outcome.storedFingerprint = m_readRow ? m_readRow->payloadHash : m_readTombstone->payloadHash;
        return decide(
            Decision::PayloadMismatch, m_policy->mismatchStatus, responseBody(Decision::PayloadMismatch), now);
    case Verdict::ExpiredRejected:
        return decide(Decision::ExpiredRejected, m_policy->expiredStatus, responseBody(Decision::ExpiredRejected), now);
    case Verdict::Takeover:
        m_ownerDecision = Decision::LeaseTakeover;
        break;
    case Verdict::ExpiredOverwrite:
        m_ownerDecision = Decision::ExpiredReexecuted;
        break;
    case Verdict::Orphan:
        m_ownerDecision = Decision::LeaseTakeover;
        m_orphan = true;
        break;
    }
    if (m_stage == Stage::CheckSelect)
        return beginHandler(now); // check_then_insert overwrites with an UPDATE after the work
    m_expectedVersion = m_readRow ? std::optional(m_readRow->createdAt) : std::nullopt;
    return beginStep(Stage::Overwrite, now);
}

RequestProcess::Verdict RequestProcess::evaluate(
    const std::optional<Record>& row, const std::optional<Tombstone>& tombstone, Millis now)
{
    if (row && (m_policy->profile == Profile::PowertoolsRedis || m_policy->profile == Profile::PowertoolsRedisFixed))
        return evaluatePowertoolsRedis(*row, now);
    const std::string& storedHash = row ? row->payloadHash : tombstone->payloadHash;
    const bool differs = storedHash != m_request->fingerprint;
    const bool inProgress = row && row->state == RecordState::InProgress;
    const bool leasePassed = inProgress && row->leaseUntil && now > *row->leaseUntil;
    const bool expired = !row
        || (m_policy->storeEngine == StoreEngine::Dynamodb ? dynamoExpired(*row, now)
                                                           : isExpired(*row, now, *m_policy));
    const bool tombstonePolicy = m_policy->afterExpiry == AfterExpiry::Tombstone;

    if (m_policy->powertoolsExpiry()) {
        if (leasePassed) {
            path(QT_TRANSLATE_NOOP("iw::RuleStep", "lease passed (checked before any fingerprint comparison)"));
            return Verdict::Takeover;
        }
        if (expired) {
            path(row ? QT_TRANSLATE_NOOP("iw::RuleStep", "record expired (any state, whole seconds, strict)")
                     : QT_TRANSLATE_NOOP("iw::RuleStep", "tombstone counts"));
            return tombstonePolicy ? Verdict::ExpiredRejected : Verdict::ExpiredOverwrite;
        }
        path(QT_TRANSLATE_NOOP("iw::RuleStep", "not expired"));
        if (m_policy->fingerprintGiven && differs) {
            path(QT_TRANSLATE_NOOP("iw::RuleStep", "fingerprint differs"));
            return Verdict::Mismatch;
        }
        path(m_policy->fingerprintGiven ? QT_TRANSLATE_NOOP("iw::RuleStep", "fingerprint equal")
                                        : QT_TRANSLATE_NOOP("iw::RuleStep", "no payload validation configured"));
        if (inProgress) {
            path(QT_TRANSLATE_NOOP("iw::RuleStep", "in progress"));
            return Verdict::Conflict;
        }
        return Verdict::Replay;
    }
    if (m_policy->profile == Profile::NodeIdempotency && !expired && inProgress) {
        // node-idempotency looks at the record's status before its fingerprint: a request in progress is a conflict
        // (or, waiting, a wait) whatever the body.
        path(QT_TRANSLATE_NOOP("iw::RuleStep", "in progress (checked before the fingerprint)"));
        if (leasePassed) {
            path(QT_TRANSLATE_NOOP("iw::RuleStep", "lease passed"));
            return Verdict::Takeover;
        }
        return Verdict::Conflict;
    }
    if (m_policy->profile == Profile::Brandur) {
        // brandur's code compares the request parameters before it looks at the lock or the recovery point.
        if (differs) {
            path(QT_TRANSLATE_NOOP("iw::RuleStep", "fingerprint differs (checked first)"));
            return Verdict::Mismatch;
        }
        path(QT_TRANSLATE_NOOP("iw::RuleStep", "fingerprint equal"));
    }
    if (expired) {
        path(!row ? QT_TRANSLATE_NOOP("iw::RuleStep", "tombstone counts")
                : m_policy->storeEngine == StoreEngine::Dynamodb
                ? QT_TRANSLATE_NOOP(
                    "iw::RuleStep", "the item's TTL has passed (expires_at < :now), though it is still there")
                : QT_TRANSLATE_NOOP("iw::RuleStep", "terminal and expired"));
        if (tombstonePolicy) {
            path(QT_TRANSLATE_NOOP("iw::RuleStep", "after_expiry tombstone: refuse, name the earlier result"));
            return Verdict::ExpiredRejected;
        }
        path(QT_TRANSLATE_NOOP("iw::RuleStep", "after_expiry forget: overwrite"));
        return Verdict::ExpiredOverwrite;
    }
    // A DynamoDB item past its TTL that the service trusts as live has said so already (dynamoExpired).
    if (!(row && m_policy->storeEngine == StoreEngine::Dynamodb && isExpired(*row, now, *m_policy)))
        path(QT_TRANSLATE_NOOP("iw::RuleStep", "not expired"));
    if (m_policy->profile != Profile::Brandur) {
        if (differs) {
            path(QT_TRANSLATE_NOOP("iw::RuleStep", "fingerprint differs"));
            return Verdict::Mismatch;
        }
        path(QT_TRANSLATE_NOOP("iw::RuleStep", "fingerprint equal"));
    }
    if (inProgress) {
        path(QT_TRANSLATE_NOOP("iw::RuleStep", "in progress"));
        if (leasePassed) {
            path(QT_TRANSLATE_NOOP("iw::RuleStep", "lease passed"));
            return Verdict::Takeover;
        }
        path(row->leaseUntil ? QT_TRANSLATE_NOOP("iw::RuleStep", "lease not passed")
                             : QT_TRANSLATE_NOOP("iw::RuleStep", "no lease"));
        return Verdict::Conflict;
    }
    path(QT_TRANSLATE_NOOP("iw::RuleStep", "completed"));
    return Verdict::Replay;
}

Millis expiryAt(const ServicePolicy& policy, Millis visibleAt)
{
    if (policy.powertoolsExpiry()) {
        // round(now_s + ttl_s) in whole seconds, half up.
        const Millis t = visibleAt + policy.ttlMs;
        return ((t + 500) / 1000) * 1000;
    }
    return visibleAt + policy.ttlMs;
}

Millis RequestProcess::expiryFor(Millis visibleAt) const
{
    return expiryAt(*m_policy, visibleAt);
}

Record RequestProcess::freshClaim(Millis visibleAt) const
{
    Record r;
    fillClaim(r, visibleAt);
    return r;
}

const Record& RequestProcess::fillClaim(Record& r, Millis visibleAt) const
{
    r.scope = m_request->scope;
    r.payloadHash = m_request->fingerprint;
    r.state = RecordState::InProgress;
    r.statusCode.reset();
    r.responseBody.reset();
    r.createdAt = visibleAt;
    r.completedAt.reset();
    // The expiry and the lease are read from the writer's clock (clock_skew); created_at stays the instant it was
    // written, the fencing token.
    r.expiresAt = claimExpiryAt(*m_policy, clockNow(visibleAt));
    r.leaseUntil.reset();
    if (const auto lease = m_policy->effectiveLease())
        r.leaseUntil = clockNow(visibleAt) + *lease;
    r.resultId.reset();
    return r;
}

std::string RequestProcess::responseBody(Decision decision) const
{
    switch (decision) {
    case Decision::Created:
    case Decision::LeaseTakeover:
    case Decision::ExpiredReexecuted:
    case Decision::Unprotected:
        if (m_handlerFailed)
            return bodyWith({ { "error", "handler_failed" } });
        // bodyWith of the result id, spelled without copying the id into a list first: every owner's answer.
        {
            std::string out;
            out.reserve(18 + (m_outcome.effectId ? m_outcome.effectId->size() : 0));
            out += "{\"result_id\":";
            json::appendString(out, m_outcome.effectId ? std::string_view(*m_outcome.effectId) : std::string_view());
            out += '}';
            if (m_faults.responseBytes)
                return paddedBody(out, *m_faults.responseBytes);
            return out;
        }
    case Decision::ExpiredRejected: {
        const std::optional<std::string> earlier = m_readRow ? m_readRow->resultId
            : m_readTombstone                                ? m_readTombstone->resultId
                                                             : std::nullopt;
        return bodyWith({ { "earlier_result_id", earlier.value_or(std::string()) },
            { "reason", std::string(decisionName(decision)) } });
    }
    default: {
        // The same few bodies for every refusal: made once each.
        static const std::array<std::string, DecisionCount> bodies = []() {
            std::array<std::string, DecisionCount> out;
            for (int d = 0; d < DecisionCount; ++d)
                out[static_cast<std::size_t>(d)]
                    = bodyWith({ { "reason", std::string(decisionName(static_cast<Decision>(d))) } });
            return out;
        }();
        return bodies[static_cast<std::size_t>(decision)];
    }
    }
}

RequestProcess::Next RequestProcess::decide(
    Decision decision, std::optional<int> status, std::optional<std::string> body, Millis now)
{
    m_stage = Stage::Done;
    m_resultStep = -1;
    m_outcome.decision = decision;
    m_outcome.status = status;
    m_outcome.body = std::move(body);
    m_outcome.decidedAt = now;
    return { Wait::Done, 0 };
}

Outcome runImmediately(RequestProcess& process, Millis now, int handlerRealMs)
{
    auto next = process.arrive(now);
    while (next.wait != RequestProcess::Wait::Done) {
        if (next.wait == RequestProcess::Wait::Handler && handlerRealMs > 0)
            std::this_thread::sleep_for(std::chrono::milliseconds(handlerRealMs));
        next = process.resume(now);
    }
    return process.outcome();
}

void RequestProcess::hashState(StateHasher& h) const
{
    h.add(static_cast<int>(m_stage)).add(m_stepFailed).add(static_cast<int>(m_ownerDecision)).add(m_ownerVersion);
    if (!m_readHash)
        m_readHash = m_readRow || m_readTombstone ? StateHasher().add(m_readRow).add(m_readTombstone).value() : 0;
    h.add(*m_readHash).add(m_readAt).add(m_arrivedAt).add(m_expectedVersion).add(m_handlerStatus).add(m_handlerFailed);
    h.add(m_orphan).add(m_lockTicket).add(m_staleRead).add(m_faults.clockSkewMs);
    h.add(static_cast<int>(m_outcome.decision)).add(m_outcome.status).add(m_outcome.body).add(m_outcome.decidedAt);
    h.add(m_outcome.effectId).add(m_outcome.responds);
    h.add(m_faults.rejectStatus)
        .add(m_faults.errorStatus)
        .add(static_cast<int>(m_faults.crash))
        .add(m_faults.handlerMs)
        .add(m_faults.rollbackClaimMs);
    if (!m_requestHash)
        m_requestHash = hashRequest(*m_request);
    h.add(*m_requestHash);
    h.add(m_callsUpstream).add(m_ownEffect).add(m_upstreamStatus);
    if (m_read) // only reads add to the hash: every other state hashes as before
        h.add(m_read);
    if (m_faults.responseBytes) // likewise large_response
        h.add(*m_faults.responseBytes);
}

} // namespace iw
