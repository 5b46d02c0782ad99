// The decision table of docs/reference/decisions.md, one row per decision and profile, plus the scope rule, fencing and
// the sweep rule.
#include "forwardingstore.h"
#include "policy.h"
#include "service.h"
#include "store.h"

#include <QTest>

using namespace iw;

Q_DECLARE_METATYPE(iw::Profile)

namespace {

const std::string s_key = "key-0123456789abcdefghij"; // long enough for brandur's 20-character minimum
const std::string s_fp(64, 'a');
const std::string s_otherFp(64, 'b');

class TestEnvironment final : public ServiceEnvironment {
public:
    bool storeDown(Millis) const override { return down; }
    std::string executeEffect(const IncomingRequest&, Millis) override { return "e" + std::to_string(++effects); }
    bool down = false;
    int effects = 0;
};

// A store that breaks while a commit is in flight, as a lost PostgreSQL connection would.
class CommitLosingStore final : public ForwardingStore {
public:
    explicit CommitLosingStore(std::unique_ptr<IdempotencyStore> inner)
        : ForwardingStore(std::move(inner))
    {
    }
    std::string kind() const override { return "test"; }
    bool insertClaim(const Record& c, Millis now) override
    {
        (void)c;
        (void)now;
        throw StoreError(StoreError::Kind::UnknownOutcome, "connection lost during commit");
    }
};

Scope scope(const std::string& actor = "42", const std::string& op = "demo-request.create")
{
    return { actor, op, s_key };
}

Record completedRow(Millis created, Millis ttl, const std::string& fp = s_fp)
{
    Record r;
    r.scope = scope();
    r.payloadHash = fp;
    r.state = RecordState::Completed;
    r.statusCode = 201;
    r.responseBody = R"({"result_id":"e0"})";
    r.createdAt = created;
    r.completedAt = created + 200;
    r.expiresAt = created + ttl;
    r.resultId = "e0";
    return r;
}

Record inProgressRow(Millis created, std::optional<Millis> leaseUntil, const std::string& fp = s_fp)
{
    Record r;
    r.scope = scope();
    r.payloadHash = fp;
    r.createdAt = created;
    r.expiresAt = created + 86'400'000;
    r.leaseUntil = leaseUntil;
    return r;
}

IncomingRequest request(const std::string& fp = s_fp, bool hasKey = true, const std::string& key = s_key)
{
    IncomingRequest r;
    r.id = "r1";
    r.intent = "i1";
    r.scope = { "42", "demo-request.create", key };
    r.hasKey = hasKey;
    r.fingerprint = fp;
    return r;
}

Outcome decide(const ServicePolicy& policy, IdempotencyStore& store, TestEnvironment& env, IncomingRequest req,
    Millis now, HandlerFaults faults = {})
{
    RequestProcess process(policy, store, env, std::move(req), faults);
    return runImmediately(process, now, 0);
}

} // namespace

class TestService : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void decisionTable_data();
    void decisionTable();
    void unknownOutcome();
    void scopeRule();
    void fencingKeepsTheTakeoverOwnersRecord();
    void powertoolsLastWriterWins();
    void sweepNeverDeletesInProgress();
    void tombstoneBlocksUntilItsTime();
    void keyJudgement_data();
    void keyJudgement();
    void powertoolsWholeSecondExpiry();
    void memoryStoreKeepsKeysExactly_data();
    void memoryStoreKeepsKeysExactly();
};

enum Setup {
    Fresh,
    Completed,
    CompletedOtherFp,
    InProgress,
    InProgressLeasePassed,
    CompletedExpired,
    Tombstoned,
    SeenTwice,
    NoneStrategy,
    StoreDown,
    Crash,
    Reject,
    NoKey,
    EmptyKey
};

void TestService::decisionTable_data()
{
    QTest::addColumn<Profile>("profile");
    QTest::addColumn<int>("setup");
    QTest::addColumn<QString>("decision");
    QTest::addColumn<int>("status");

    struct ProfileRow {
        const char* name;
        Profile profile;
        int mismatchStatus;
        bool requireKey;
    };
    const ProfileRow profiles[] = {
        { "ietf", Profile::Ietf, 422, true },
        { "stripe", Profile::Stripe, 400, false },
        { "powertools", Profile::Powertools, 422, false },
        { "brandur", Profile::Brandur, 409, true },
    };
    for (const ProfileRow& p : profiles) {
        const auto row = [&](const char* caseName, Setup setup, const char* decision, int status) {
            QTest::newRow(qPrintable(QStringLiteral("%1_%2").arg(QLatin1String(p.name), QLatin1String(caseName))))
                << p.profile << int(setup) << QString::fromLatin1(decision) << status;
        };
        row("fresh_key_created", Fresh, "created", 201);
        row("completed_same_payload_replayed", Completed, "replayed", 201);
        // powertools validates the payload only when a fingerprint is configured (the row sets one).
        row("completed_other_payload_mismatch", CompletedOtherFp, "payload_mismatch", p.mismatchStatus);
        row("in_progress_conflict", InProgress, "conflict_in_progress", 409);
        row("lease_passed_takeover", InProgressLeasePassed, "lease_takeover", 201);
        row("expired_forget_reexecuted", CompletedExpired, "expired_reexecuted", 201);
        row("tombstone_rejected", Tombstoned, "expired_rejected", 409);
        row("seen_flag_second_request", SeenTwice, "seen_no_result", 200);
        row("strategy_none_unprotected", NoneStrategy, "unprotected", 201);
        row("db_down_store_unavailable", StoreDown, "store_unavailable", 503);
        row("crash_after_effect", Crash, "crashed", -1);
        row("validation_rejected", Reject, "rejected_payload", 400);
        if (p.requireKey)
            row("no_key_missing", NoKey, "missing_key", 400);
        else
            row("no_key_unprotected", NoKey, "unprotected", 201);
        row("empty_key_invalid", EmptyKey, "invalid_key", 400);
    }
}

void TestService::decisionTable()
{
    QFETCH(Profile, profile);
    QFETCH(int, setup);
    QFETCH(QString, decision);
    QFETCH(int, status);

    ServicePolicy policy = ServicePolicy::forProfile(profile);
    policy.fingerprintGiven = true;
    auto store = makeMemoryStore();
    TestEnvironment env;
    const Millis now = 10'000'000'000;
    HandlerFaults faults;
    IncomingRequest req = request();
    switch (Setup(setup)) {
    case Fresh:
        break;
    case Completed:
        QVERIFY(store->insertClaim(completedRow(now - 1000, policy.ttlMs), 0));
        break;
    case CompletedOtherFp:
        QVERIFY(store->insertClaim(completedRow(now - 1000, policy.ttlMs, s_otherFp), 0));
        break;
    case InProgress:
        QVERIFY(store->insertClaim(inProgressRow(now - 1000, now + 1000), 0));
        if (profile != Profile::Brandur)
            store->overwrite(inProgressRow(now - 1000, std::nullopt));
        break;
    case InProgressLeasePassed:
        QVERIFY(store->insertClaim(inProgressRow(now - 100'000, now - 1), 0));
        break;
    case CompletedExpired:
        QVERIFY(store->insertClaim(completedRow(now - policy.ttlMs - 5000, policy.ttlMs), 0));
        break;
    case Tombstoned: {
        policy.afterExpiry = AfterExpiry::Tombstone;
        policy.tombstoneMs = 7 * 86'400'000LL;
        QVERIFY(store->insertClaim(completedRow(now - policy.ttlMs - 5000, policy.ttlMs), 0));
        const SweepResult swept = store->sweep(now - 1000, { profile == Profile::Powertools, policy.tombstoneMs });
        QCOMPARE(swept.recordsDeleted, 1);
        QCOMPARE(swept.tombstonesLeft, 1);
        break;
    }
    case SeenTwice:
        policy.strategy = Strategy::SeenFlag;
        QCOMPARE(decide(policy, *store, env, request(), now).decision, Decision::Created);
        break;
    case NoneStrategy:
        policy.strategy = Strategy::None;
        break;
    case StoreDown:
        env.down = true;
        break;
    case Crash:
        faults.crash = HandlerFaults::Crash::AfterEffect;
        break;
    case Reject:
        faults.rejectStatus = 400;
        break;
    case NoKey:
        req = request(s_fp, false, std::string());
        break;
    case EmptyKey:
        req = request(s_fp, true, std::string());
        break;
    }
    const int effectsBefore = env.effects;
    const Outcome outcome = decide(policy, *store, env, req, now, faults);
    QCOMPARE(QString::fromLatin1(decisionName(outcome.decision).data()), decision);
    QCOMPARE(outcome.status.value_or(-1), status);
    QVERIFY2(!explain(outcome.decision, policy).empty(), "every decision explains itself");
    QVERIFY(!outcome.rulePath.empty());
    const bool ran = decisionRunsHandler(outcome.decision) || outcome.decision == Decision::Crashed;
    QCOMPARE(env.effects - effectsBefore, ran ? 1 : 0);
    if (outcome.decision == Decision::Crashed) {
        QVERIFY(!outcome.responds);
        const auto row = store->read(req.scope);
        QVERIFY2(
            row && row->state == RecordState::InProgress, "a crash after the effect leaves the record in progress");
        QVERIFY(!row->resultId);
    }
}

void TestService::unknownOutcome()
{
    CommitLosingStore store(makeMemoryStore());
    TestEnvironment env;
    const Outcome o = decide(ServicePolicy::forProfile(Profile::Ietf), store, env, request(), 1000);
    QCOMPARE(o.decision, Decision::UnknownOutcome);
    QVERIFY(!o.status);
    QCOMPARE(env.effects, 0);
}

void TestService::scopeRule()
{
    // The same key from another actor or for another operation neither reads nor blocks someone else's result.
    const ServicePolicy policy = ServicePolicy::forProfile(Profile::Ietf);
    auto store = makeMemoryStore();
    TestEnvironment env;
    QCOMPARE(decide(policy, *store, env, request(), 1000).decision, Decision::Created);
    IncomingRequest otherActor = request(s_otherFp);
    otherActor.scope.actor = "43";
    QCOMPARE(decide(policy, *store, env, otherActor, 2000).decision, Decision::Created);
    IncomingRequest otherOperation = request(s_otherFp);
    otherOperation.scope.operation = "refund.create";
    QCOMPARE(decide(policy, *store, env, otherOperation, 3000).decision, Decision::Created);
    QCOMPARE(decide(policy, *store, env, request(), 4000).decision, Decision::Replayed);
    QCOMPARE(store->records().size(), std::size_t(3));
    QCOMPARE(env.effects, 3);
}

void TestService::fencingKeepsTheTakeoverOwnersRecord()
{
    // The original owner finishes after a takeover: its completion must not touch the new owner's record.
    ServicePolicy policy = ServicePolicy::forProfile(Profile::Ietf);
    policy.leaseMs = 100;
    policy.dbMs = 0;
    auto store = makeMemoryStore();
    TestEnvironment env;
    RequestProcess original(policy, *store, env, request(), {});
    auto next = original.arrive(0);
    QCOMPARE(next.wait, RequestProcess::Wait::StoreStep);
    next = original.resume(0); // claim written at 0, handler starts
    QCOMPARE(next.wait, RequestProcess::Wait::Handler);
    IncomingRequest second = request();
    second.id = "r2";
    const Outcome takeover = decide(policy, *store, env, second, 500);
    QCOMPARE(takeover.decision, Decision::LeaseTakeover);
    const Record afterTakeover = *store->read(second.scope);
    while (next.wait != RequestProcess::Wait::Done)
        next = original.resume(1000);
    QCOMPARE(original.outcome().decision, Decision::Created);
    QCOMPARE(original.outcome().status.value_or(0), 201);
    QCOMPARE(*store->read(second.scope), afterTakeover);
    QCOMPARE(env.effects, 2);
}

void TestService::powertoolsLastWriterWins()
{
    ServicePolicy policy = ServicePolicy::forProfile(Profile::Powertools);
    policy.leaseMs = 100;
    policy.dbMs = 0;
    auto store = makeMemoryStore();
    TestEnvironment env;
    RequestProcess original(policy, *store, env, request(), {});
    auto next = original.arrive(0);
    next = original.resume(0);
    const Outcome takeover = decide(policy, *store, env, request(), 500);
    QCOMPARE(takeover.decision, Decision::LeaseTakeover);
    QCOMPARE(store->read(request().scope)->resultId, takeover.effectId);
    while (next.wait != RequestProcess::Wait::Done)
        next = original.resume(2000);
    const Record row = *store->read(request().scope);
    // The late original's unconditional upsert overwrote the takeover's result: the last writer wins.
    QVERIFY(original.outcome().effectId != takeover.effectId);
    QCOMPARE(row.resultId, original.outcome().effectId);
    QCOMPARE(row.completedAt.value_or(0), Millis(2000));
}

void TestService::sweepNeverDeletesInProgress()
{
    auto store = makeMemoryStore();
    QVERIFY(store->insertClaim(inProgressRow(0, std::nullopt), 0));
    Record done = completedRow(0, 1000);
    done.scope.key = "other-key-0123456789abc";
    QVERIFY(store->insertClaim(done, 0));
    const SweepResult r = store->sweep(10'000'000'000, {});
    QCOMPARE(r.recordsDeleted, 1);
    const auto left = store->records();
    QCOMPARE(left.size(), std::size_t(1));
    QCOMPARE(left.front().state, RecordState::InProgress);
}

void TestService::tombstoneBlocksUntilItsTime()
{
    ServicePolicy policy = ServicePolicy::forProfile(Profile::Ietf);
    policy.afterExpiry = AfterExpiry::Tombstone;
    policy.tombstoneMs = 1000;
    policy.ttlMs = 1000;
    auto store = makeMemoryStore();
    TestEnvironment env;
    QVERIFY(store->insertClaim(completedRow(0, 1000), 0));
    store->sweep(1000, { false, policy.tombstoneMs });
    QVERIFY(store->records().empty());
    QCOMPARE(store->tombstones().size(), std::size_t(1));
    QCOMPARE(decide(policy, *store, env, request(), 1500).decision, Decision::ExpiredRejected);
    QCOMPARE(
        decide(policy, *store, env, request(), 2000).decision, Decision::Created); // until = 2000: no longer counts
}

void TestService::keyJudgement_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<bool>("valid");
    QTest::newRow("plain") << QStringLiteral("k-1") << true;
    QTest::newRow("empty") << QString() << false;
    QTest::newRow("tab_control") << QStringLiteral("a\tb") << false;
    QTest::newRow("c1_control") << QString(QChar(0x85)) << false;
    QTest::newRow("255_code_points") << QString(255, QChar(0x00e9)) << true;
    QTest::newRow("256_code_points") << QString(256, QChar(0x00e9)) << false;
    QTest::newRow("emoji_counts_once") << QString::fromUtf8("\xf0\x9f\x98\x80") << true;
}

void TestService::keyJudgement()
{
    QFETCH(QString, key);
    QFETCH(bool, valid);
    const auto verdict = judgeKey(ServicePolicy::forProfile(Profile::Ietf), true, key.toStdString());
    QCOMPARE(!verdict.has_value(), valid);
}

void TestService::powertoolsWholeSecondExpiry()
{
    // expires_at = round(now_s + ttl_s), compared strictly: at exactly that millisecond it is not yet expired.
    ServicePolicy policy = ServicePolicy::forProfile(Profile::Powertools);
    policy.ttlMs = 1000;
    policy.dbMs = 0;
    policy.fingerprintGiven = true;
    auto store = makeMemoryStore();
    TestEnvironment env;
    QCOMPARE(decide(policy, *store, env, request(), 1499).decision, Decision::Created);
    const Record r = *store->read(request().scope);
    QCOMPARE(r.expiresAt, Millis(2000)); // round(2.499) = 2 s, recomputed at completion (same instant here)
    QCOMPARE(decide(policy, *store, env, request(), 2000).decision, Decision::Replayed);
    QCOMPARE(decide(policy, *store, env, request(), 2001).decision, Decision::ExpiredReexecuted);
}

void TestService::memoryStoreKeepsKeysExactly_data()
{
    // The memory store keeps canonical UUID keys packed in 16 bytes; every key must read back as it was written and
    // never meet a key that only looks alike.
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("twin"); // another key that must name another record
    QTest::newRow("lowercase_uuid") << QStringLiteral("0f1e2d3c-4b5a-4697-8877-665544332211")
                                    << QStringLiteral("0F1E2D3C-4B5A-4697-8877-665544332211");
    QTest::newRow("uppercase_uuid") << QStringLiteral("0F1E2D3C-4B5A-4697-8877-665544332211")
                                    << QStringLiteral("0f1e2d3c-4b5a-4697-8877-665544332211");
    QTest::newRow("uuid_with_non_hex") << QStringLiteral("0f1e2d3c-4b5a-4697-8877-66554433221g")
                                       << QStringLiteral("0f1e2d3c-4b5a-4697-8877-665544332210");
    QTest::newRow("36_chars_without_dashes") << QStringLiteral("0f1e2d3c04b5a04697088770665544332211")
                                             << QStringLiteral("0f1e2d3c-4b5a-4697-8877-665544332211");
    QTest::newRow("short_key") << QStringLiteral("order-1") << QStringLiteral("order-2");
}

void TestService::memoryStoreKeepsKeysExactly()
{
    QFETCH(QString, key);
    QFETCH(QString, twin);
    auto store = makeMemoryStore();
    Record claim;
    claim.scope = { "actor", "op", key.toStdString() };
    claim.payloadHash = "fp";
    QVERIFY(store->insertClaim(claim, 0));
    QVERIFY(!store->insertClaim(claim, 0)); // the same key finds its record
    Record other = claim;
    other.scope.key = twin.toStdString();
    QVERIFY(store->insertClaim(other, 0));
    QCOMPARE(store->read(claim.scope), std::optional<Record>(claim));
    QCOMPARE(store->read(other.scope), std::optional<Record>(other));
    QCOMPARE(store->records().size(), std::size_t(2));
}

QTEST_GUILESS_MAIN(TestService)
#include "tst_service.moc"
