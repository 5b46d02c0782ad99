// PostgresStore against a real server: every operation of the store contract, a differential run against the
// memory store, and the failures a user meets (bad conninfo, unreachable server, killed session, foreign table).
// Runs under scripts/with-postgres.sh (PG* variables); skips when no server is configured.
#include "fingerprint.h"
#include "json.h"
#include "pgadmin.h"
#include "pgstore.h"

#include <QtTest>

#include <libpq-fe.h>

#include <chrono>
#include <random>
#include <set>
#include <thread>
#include <unistd.h>

using namespace iw;

// Failure messages show the strings compared.
namespace QTest {
template<> inline char* toString(const std::string& s)
{
    return qstrdup(s.c_str());
}
} // namespace QTest

Q_DECLARE_METATYPE(iw::StoreError::Kind)

namespace {

std::string describe(const std::optional<std::string>& s)
{
    return s ? "\"" + *s + "\"" : std::string("null");
}

template<class T> std::string describe(const std::optional<T>& n)
{
    return n ? std::to_string(*n) : std::string("null");
}

std::string describe(const Record& r)
{
    return r.scope.display() + " hash=" + r.payloadHash + " state=" + std::string(stateName(r.state)) + " status="
        + describe(r.statusCode) + " body=" + describe(r.responseBody) + " created=" + std::to_string(r.createdAt)
        + " completed=" + describe(r.completedAt) + " expires=" + std::to_string(r.expiresAt)
        + " lease=" + describe(r.leaseUntil) + " result=" + describe(r.resultId);
}

std::string describe(const Tombstone& t)
{
    return t.scope.display() + " hash=" + t.payloadHash + " status=" + describe(t.statusCode)
        + " result=" + describe(t.resultId) + " until=" + std::to_string(t.untilMs);
}

std::string describe(const EffectRow& e)
{
    return e.id + " " + e.scope.display() + " intent=" + e.intent + " request=" + e.request
        + " at=" + std::to_string(e.atMs);
}

template<class T> std::string describe(const std::vector<T>& rows)
{
    std::string out;
    for (const T& row : rows)
        out += describe(row) + "\n";
    return out;
}

std::string describe(const std::optional<Record>& r)
{
    return r ? describe(*r) : std::string("none");
}

std::string describe(const std::optional<Tombstone>& t)
{
    return t ? describe(*t) : std::string("none");
}

std::string describe(const SweepResult& s)
{
    return "deleted=" + std::to_string(s.recordsDeleted) + " left=" + std::to_string(s.tombstonesLeft)
        + " removed=" + std::to_string(s.tombstonesRemoved);
}

// Equal lists, or a warning that names the first row that differs (whole lists are too long for a message).
template<class T> bool sameRows(const std::vector<T>& actual, const std::vector<T>& expected)
{
    for (size_t i = 0; i < std::max(actual.size(), expected.size()); ++i) {
        const std::string a = i < actual.size() ? describe(actual[i]) : std::string("(missing)");
        const std::string e = i < expected.size() ? describe(expected[i]) : std::string("(missing)");
        if (a != e) {
            qWarning("row %zu differs:\n   actual: %s\n expected: %s", i, a.c_str(), e.c_str());
            return false;
        }
    }
    return true;
}

QByteArray bytes(const std::string& s)
{
    return QByteArray::fromStdString(s);
}

std::string hashOf(char c)
{
    return std::string(64, c);
}

Record claimAt(Scope scope, Millis createdAt, Millis ttl = 1000, std::optional<Millis> lease = std::nullopt)
{
    Record r;
    r.scope = std::move(scope);
    r.payloadHash = hashOf('a');
    r.createdAt = createdAt;
    r.expiresAt = createdAt + ttl;
    if (lease)
        r.leaseUntil = createdAt + *lease;
    r.resultId = "r" + std::to_string(createdAt);
    return r;
}

Record completedAt(Scope scope, Millis createdAt, Millis expiresAt)
{
    Record r = claimAt(std::move(scope), createdAt);
    r.state = RecordState::Completed;
    r.statusCode = 201;
    r.responseBody = R"({"id":"order-1"})";
    r.completedAt = createdAt + 5;
    r.expiresAt = expiresAt;
    return r;
}

Completion completion(Millis at, std::optional<Millis> expiresAt = std::nullopt)
{
    Completion c;
    c.statusCode = 201;
    c.responseBody = R"({"done":true})";
    c.completedAt = at;
    c.resultId = "res-" + std::to_string(at);
    c.expiresAt = expiresAt;
    return c;
}

EffectRow effectRow(std::string id, Scope scope, Millis at)
{
    return { std::move(id), std::move(scope), "intent-1", R"({"amount":10})", at };
}

const Scope kScope { "alice", "POST /orders", "key-1" };

// True once a session of that name waits on a lock.
bool waitsOnLock(PgAdmin& admin, const std::string& applicationName)
{
    return admin.value("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND application_name = "
               + admin.literal(applicationName))
        == "1";
}

// Waits (up to 5 s) until a session of that name waits on a lock, then ends it: {it waited, it was ended}.
std::pair<bool, bool> terminateOnceWaitingOnLock(PgAdmin& admin, const std::string& applicationName)
{
    bool waiting = false;
    for (int i = 0; i < 200 && !waiting; ++i) {
        waiting = waitsOnLock(admin, applicationName);
        if (!waiting)
            std::this_thread::sleep_for(std::chrono::milliseconds(25));
    }
    return { waiting, waiting && admin.terminateSessions(applicationName) };
}

// The operations of the differential run: a fixed list, drawn once from a seeded generator.
struct Op {
    enum Kind {
        Claim,
        Read,
        ReadTombstone,
        ReplaceVersion,
        ReplaceAbsent,
        Complete,
        DeleteIfOwner,
        DeleteAny,
        Upsert,
        InsertCompleted,
        Overwrite,
        Seen,
        Effect,
        Sweep,
        KindCount
    };
    Kind kind = Claim;
    Scope scope;
    Record record;
    Millis now = 0;
    Millis version = 0;
    Completion done;
    bool withEffect = false;
    EffectRow effect;
    SweepPolicy policy;
};

std::vector<Op> differentialOps(int count)
{
    std::mt19937 rng(20240611);
    auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
    // Few scopes and a coarse time grid, so versions match, claims collide and sweeps land on expiry instants.
    const std::vector<std::string> actors { "alice", "Bob", "\xc3\xa9milie" };
    const std::vector<std::string> operations { "POST /orders", "POST /refunds" };
    const std::vector<std::string> keys { "k1", "K1" };
    auto grid = [&] { return static_cast<Millis>(10 * pick(12)); };
    auto version = [&] { return static_cast<Millis>(10 * (1 + pick(4))); }; // few, so fenced writes often match
    // Canonical, as every body the workbench writes.
    auto bodyOf = [&](int n) { return R"({"note":"x\ny","order":)" + std::to_string(n) + "}"; };
    std::vector<Op> ops;
    int effectCount = 0;
    for (int i = 0; i < count; ++i) {
        Op op;
        op.kind = static_cast<Op::Kind>(pick(Op::KindCount));
        op.scope = { actors[pick(3)], operations[pick(2)], keys[pick(2)] };
        op.now = grid();
        op.version = version();
        Record& r = op.record;
        r.scope = op.scope;
        r.payloadHash = hashOf("abc"[pick(3)]);
        r.state = pick(3) == 0 ? RecordState::Completed : RecordState::InProgress;
        r.createdAt = version();
        r.expiresAt = r.createdAt + 10 * (1 + pick(6));
        if (pick(2))
            r.leaseUntil = r.createdAt + 15;
        if (pick(3))
            r.resultId = "res-" + std::to_string(i);
        if (r.state == RecordState::Completed) {
            r.statusCode = pick(2) ? 201 : 500;
            r.responseBody = bodyOf(i);
            r.completedAt = r.createdAt + 5;
        }
        op.done.statusCode = pick(2) ? 201 : 422;
        if (pick(4))
            op.done.responseBody = bodyOf(1000 + i);
        op.done.completedAt = op.now;
        if (pick(2))
            op.done.resultId = "done-" + std::to_string(i);
        if (pick(2))
            op.done.expiresAt = op.now + 10 * pick(5);
        op.withEffect = pick(3) != 0;
        op.effect = effectRow("e" + std::to_string(++effectCount), op.scope, op.now);
        op.policy.strictExpiry = pick(2);
        if (pick(3))
            op.policy.tombstoneMs = 10 * (2 + pick(6));
        // Half the time, follow up on the previous operation's row as its owner would (claim, then complete).
        if (!ops.empty() && pick(2)) {
            op.scope = op.record.scope = op.effect.scope = ops.back().scope;
            op.version = ops.back().record.createdAt;
        }
        ops.push_back(std::move(op));
    }
    return ops;
}

// What an operation returned, as text both stores must agree on.
std::string apply(IdempotencyStore& store, const Op& op)
{
    const auto effect = op.withEffect ? std::optional<EffectRow>(op.effect) : std::nullopt;
    switch (op.kind) {
    case Op::Claim:
        return std::to_string(store.insertClaim(op.record, op.now));
    case Op::Read:
        return describe(store.read(op.scope));
    case Op::ReadTombstone:
        return describe(store.readTombstone(op.scope, op.now));
    case Op::ReplaceVersion:
        return std::to_string(store.replaceIf(op.scope, op.version, op.record, op.now));
    case Op::ReplaceAbsent:
        return std::to_string(store.replaceIf(op.scope, std::nullopt, op.record, op.now));
    case Op::Complete:
        return std::to_string(store.complete(op.scope, op.version, op.done, effect));
    case Op::DeleteIfOwner:
        return std::to_string(store.deleteIfOwner(op.scope, op.version));
    case Op::DeleteAny:
        store.deleteUnconditionally(op.scope);
        return "done";
    case Op::Upsert:
        store.upsertCompletion(op.record, op.done, effect);
        return "done";
    case Op::InsertCompleted:
        return std::to_string(store.insertCompleted(op.record));
    case Op::Overwrite:
        store.overwrite(op.record);
        return "done";
    case Op::Seen:
        return std::to_string(store.testAndSetSeen(op.scope));
    case Op::Effect:
        store.recordEffect(op.effect);
        return "done";
    case Op::Sweep:
        return describe(store.sweep(op.now, op.policy));
    case Op::KindCount:
        break;
    }
    return "?";
}

} // namespace

class TestPgStore : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanupTestCase();

    void claimConflictAndRead();
    void claimIsPerScope();
    void completeIsFenced_data();
    void completeIsFenced();
    void deleteIfOwner_data();
    void deleteIfOwner();
    void replaceIf_data();
    void replaceIf();
    void tombstoneBlocksClaimUntilItExpires();
    void sweepNeverDeletesInProgress();
    void sweepExpiry_data();
    void sweepExpiry();
    void upsertCompletionKeepsVersionAndLease();
    void upsertCompletionRecreatesMissingRow();
    void insertCompletedMeetsUniqueViolation();
    void overwriteIsAnUpsert();
    void testAndSetSeen();
    void effectsKeepTheirOrder();
    void recordsOrderedByScopeBytewise();
    void bodyRoundTripsByteIdentical_data();
    void bodyRoundTripsByteIdentical();
    void differentialAgainstMemoryStore();

    void conninfoThatDoesNotParse_data();
    void conninfoThatDoesNotParse();
    void unreachableServer();
    void passwordNeverInMessages();
    void killedBackendReconnects_data();
    void killedBackendReconnects();
    void connectionLostInFlight_data();
    void connectionLostInFlight();
    void refusedCompletionLeavesNothingAndTheSessionUsable();
    void connectionLostDuringCommitIsUnknown();
    void tableOfAnotherShapeIsLeftAlone_data();
    void tableOfAnotherShapeIsLeftAlone();
    void missingSchemaIsAClearError();
    void installSchemaTwice();
    void schemaNameNeedingQuotes();
    void createdSchemaCarriesTheMark();
    void foreignSchemaKeepsItsRows();
    void systemSchemasAreRefused_data();
    void systemSchemasAreRefused();
    void emptySchemaIsAdopted();
    void plantedLookalikesNeverRun_data();
    void plantedLookalikesNeverRun();

private:
    std::unique_ptr<PostgresStore> openStore(const std::string& schema, const std::string& applicationName = {});

    std::string m_schema;
    std::vector<std::string> m_schemasToDrop;
    std::unique_ptr<PostgresStore> m_store;
};

std::unique_ptr<PostgresStore> TestPgStore::openStore(const std::string& schema, const std::string& applicationName)
{
    if (std::find(m_schemasToDrop.begin(), m_schemasToDrop.end(), schema) == m_schemasToDrop.end())
        m_schemasToDrop.push_back(schema);
    return PostgresStore::connect(
        applicationName.empty() ? std::string() : "application_name=" + applicationName, schema);
}

void TestPgStore::initTestCase()
{
    if (qEnvironmentVariableIsEmpty("PGHOST") && qEnvironmentVariableIsEmpty("PGPORT"))
        QSKIP("no PostgreSQL configured (PGHOST/PGPORT unset): run under scripts/with-postgres.sh");
    PgAdmin admin;
    QVERIFY2(admin.ok(), admin.error().c_str());
    m_schema = "iw_test_" + std::to_string(getpid());
    m_store = openStore(m_schema);
    m_store->installSchema();
    QCOMPARE(m_store->kind(), std::string("postgres"));
    QVERIFY(m_store->isConnected());
}

void TestPgStore::init()
{
    if (m_store)
        m_store->reset();
}

void TestPgStore::cleanupTestCase()
{
    m_store.reset();
    PgAdmin admin;
    if (!admin.ok())
        return;
    for (const std::string& schema : m_schemasToDrop)
        admin.value("DROP SCHEMA IF EXISTS " + admin.ident(schema) + " CASCADE");
}

void TestPgStore::claimConflictAndRead()
{
    const Record claim = claimAt(kScope, 100, 1000, 30);
    QVERIFY(!m_store->read(kScope));
    QVERIFY(m_store->insertClaim(claim, 100));
    Record other = claimAt(kScope, 105);
    other.payloadHash = hashOf('b');
    QVERIFY(!m_store->insertClaim(other, 105)); // the loser changes nothing
    const auto read = m_store->read(kScope);
    QVERIFY(read);
    QCOMPARE(describe(*read), describe(claim));
    QVERIFY(*read == claim);
}

void TestPgStore::claimIsPerScope()
{
    QVERIFY(m_store->insertClaim(claimAt(kScope, 1), 1));
    QVERIFY(m_store->insertClaim(claimAt({ "bob", kScope.operation, kScope.key }, 1), 1));
    QVERIFY(m_store->insertClaim(claimAt({ kScope.actor, "POST /refunds", kScope.key }, 1), 1));
    QVERIFY(m_store->insertClaim(claimAt({ kScope.actor, kScope.operation, "KEY-1" }, 1), 1));
    QCOMPARE(m_store->records().size(), size_t(4));
}

void TestPgStore::completeIsFenced_data()
{
    QTest::addColumn<Millis>("version");
    QTest::addColumn<bool>("applied");
    QTest::newRow("owner_completes") << Millis(100) << true;
    QTest::newRow("stale_owner_is_fenced_off") << Millis(99) << false;
}

void TestPgStore::completeIsFenced()
{
    QFETCH(Millis, version);
    QFETCH(bool, applied);
    const Record claim = claimAt(kScope, 100, 1000, 30);
    QVERIFY(m_store->insertClaim(claim, 100));
    const Completion c = completion(140, 5000);
    QCOMPARE(m_store->complete(kScope, version, c, effectRow("e1", kScope, 120)), applied);

    Record expected = claim;
    if (applied) {
        expected.state = RecordState::Completed;
        expected.statusCode = c.statusCode;
        expected.responseBody = c.responseBody;
        expected.completedAt = c.completedAt;
        expected.resultId = c.resultId;
        expected.expiresAt = *c.expiresAt;
    }
    QCOMPARE(describe(m_store->read(kScope)), describe(expected));
    // The effect commits with the completion attempt whether or not the row was still the owner's.
    QCOMPARE(m_store->effects().size(), size_t(1));
    QCOMPARE(m_store->effects().front().id, std::string("e1"));
}

void TestPgStore::deleteIfOwner_data()
{
    QTest::addColumn<Millis>("version");
    QTest::addColumn<bool>("deleted");
    QTest::newRow("owner_deletes") << Millis(100) << true;
    QTest::newRow("stale_owner_leaves_the_row") << Millis(50) << false;
}

void TestPgStore::deleteIfOwner()
{
    QFETCH(Millis, version);
    QFETCH(bool, deleted);
    QVERIFY(m_store->insertClaim(claimAt(kScope, 100), 100));
    QCOMPARE(m_store->deleteIfOwner(kScope, version), deleted);
    QCOMPARE(!m_store->read(kScope), deleted);
    QVERIFY(!m_store->deleteIfOwner({ "nobody", "x", "y" }, 100));
}

void TestPgStore::replaceIf_data()
{
    QTest::addColumn<bool>("rowExists");
    QTest::addColumn<bool>("tombstoneUntil200");
    QTest::addColumn<std::optional<Millis>>("expected");
    QTest::addColumn<Millis>("now");
    QTest::addColumn<bool>("applied");
    QTest::newRow("version_matches") << true << false << std::optional<Millis>(100) << Millis(150) << true;
    QTest::newRow("version_is_stale") << true << false << std::optional<Millis>(90) << Millis(150) << false;
    QTest::newRow("version_but_no_row") << false << false << std::optional<Millis>(100) << Millis(150) << false;
    QTest::newRow("absent_and_nothing_there") << false << false << std::optional<Millis>() << Millis(150) << true;
    QTest::newRow("absent_but_a_row") << true << false << std::optional<Millis>() << Millis(150) << false;
    QTest::newRow("absent_but_a_counting_tombstone")
        << false << true << std::optional<Millis>() << Millis(150) << false;
    QTest::newRow("absent_and_tombstone_passed") << false << true << std::optional<Millis>() << Millis(200) << true;
}

void TestPgStore::replaceIf()
{
    QFETCH(bool, rowExists);
    QFETCH(bool, tombstoneUntil200);
    QFETCH(std::optional<Millis>, expected);
    QFETCH(Millis, now);
    QFETCH(bool, applied);
    if (tombstoneUntil200) {
        QVERIFY(m_store->insertCompleted(completedAt(kScope, 10, 100)));
        const SweepResult swept = m_store->sweep(100, { false, 100 });
        QCOMPARE(swept.tombstonesLeft, 1);
    }
    const Record original = claimAt(kScope, 100);
    if (rowExists)
        QVERIFY(m_store->insertClaim(original, 100));
    Record fresh = claimAt(kScope, 140, 500, 20);
    fresh.payloadHash = hashOf('f');
    QCOMPARE(m_store->replaceIf(kScope, expected, fresh, now), applied);
    const auto row = m_store->read(kScope);
    if (applied)
        QCOMPARE(describe(row), describe(fresh));
    else if (rowExists)
        QCOMPARE(describe(row), describe(original));
    else
        QVERIFY(!row);
}

void TestPgStore::tombstoneBlocksClaimUntilItExpires()
{
    Record done = completedAt(kScope, 10, 100);
    done.resultId = "order-7";
    QVERIFY(m_store->insertCompleted(done));
    const SweepResult swept = m_store->sweep(100, { false, 50 });
    QCOMPARE(describe(swept), describe(SweepResult { 1, 1, 0, {} }));
    QVERIFY(!m_store->read(kScope));

    const Tombstone expected { kScope, done.payloadHash, 201, std::string("order-7"), 150 };
    QCOMPARE(describe(m_store->readTombstone(kScope, 120)), describe(std::optional(expected)));
    QCOMPARE(describe(m_store->tombstones()), describe(std::vector { expected }));
    QVERIFY(!m_store->insertClaim(claimAt(kScope, 120), 120));
    QVERIFY(!m_store->insertClaim(claimAt(kScope, 149), 149));

    // until ≤ now: it no longer counts, even before a sweep removes it.
    QVERIFY(!m_store->readTombstone(kScope, 150));
    QVERIFY(m_store->insertClaim(claimAt(kScope, 150), 150));
    QCOMPARE(describe(m_store->sweep(150, { false, 50 })), describe(SweepResult { 0, 0, 1, {} }));
    QVERIFY(m_store->tombstones().empty());
    QVERIFY(m_store->read(kScope)); // the in-progress claim stays
}

void TestPgStore::sweepNeverDeletesInProgress()
{
    const Record claim = claimAt(kScope, 0, 100);
    QVERIFY(m_store->insertClaim(claim, 0));
    for (const bool strict : { false, true })
        QCOMPARE(m_store->sweep(1'000'000'000, { strict, 10 }).recordsDeleted, 0);
    QCOMPARE(describe(m_store->records()), describe(std::vector { claim }));
    QVERIFY(m_store->tombstones().empty());
}

void TestPgStore::sweepExpiry_data()
{
    QTest::addColumn<bool>("strict");
    QTest::addColumn<Millis>("now");
    QTest::addColumn<int>("deleted");
    // The record expires at 100.
    QTest::newRow("non_strict_before_expiry") << false << Millis(99) << 0;
    QTest::newRow("non_strict_at_expiry") << false << Millis(100) << 1;
    QTest::newRow("strict_at_expiry") << true << Millis(100) << 0;
    QTest::newRow("strict_after_expiry") << true << Millis(101) << 1;
}

void TestPgStore::sweepExpiry()
{
    QFETCH(bool, strict);
    QFETCH(Millis, now);
    QFETCH(int, deleted);
    QVERIFY(m_store->insertCompleted(completedAt(kScope, 10, 100)));
    QCOMPARE(m_store->sweep(now, { strict, std::nullopt }).recordsDeleted, deleted);
    QCOMPARE(m_store->records().size(), size_t(1 - deleted));
    QVERIFY(m_store->tombstones().empty()); // none asked for
}

void TestPgStore::upsertCompletionKeepsVersionAndLease()
{
    const Record claim = claimAt(kScope, 100, 1000, 30);
    QVERIFY(m_store->insertClaim(claim, 100));
    Record ifMissing = claimAt(kScope, 400, 1000);
    ifMissing.payloadHash = hashOf('z');
    const Completion c = completion(450);
    m_store->upsertCompletion(ifMissing, c, effectRow("e1", kScope, 420));

    Record expected = claim; // created_at, lease_until and expires_at (no recomputation asked) stay
    expected.payloadHash = ifMissing.payloadHash;
    expected.state = RecordState::Completed;
    expected.statusCode = c.statusCode;
    expected.responseBody = c.responseBody;
    expected.completedAt = c.completedAt;
    expected.resultId = c.resultId;
    QCOMPARE(describe(m_store->read(kScope)), describe(expected));
    QCOMPARE(m_store->effects().size(), size_t(1));

    m_store->upsertCompletion(ifMissing, completion(500, 9000), std::nullopt);
    QCOMPARE(m_store->read(kScope)->expiresAt, Millis(9000));
    QCOMPARE(m_store->read(kScope)->createdAt, Millis(100));
}

void TestPgStore::upsertCompletionRecreatesMissingRow()
{
    Record ifMissing = claimAt(kScope, 400, 1000, 25);
    const Completion c = completion(450, 4000);
    m_store->upsertCompletion(ifMissing, c, std::nullopt);
    Record expected = ifMissing;
    expected.state = RecordState::Completed;
    expected.statusCode = c.statusCode;
    expected.responseBody = c.responseBody;
    expected.completedAt = c.completedAt;
    expected.resultId = c.resultId;
    expected.expiresAt = 4000;
    QCOMPARE(describe(m_store->records()), describe(std::vector { expected }));
    QVERIFY(m_store->effects().empty());
}

void TestPgStore::insertCompletedMeetsUniqueViolation()
{
    const Record first = completedAt(kScope, 10, 100);
    QVERIFY(m_store->insertCompleted(first));
    Record second = completedAt(kScope, 20, 200);
    second.resultId = "other";
    QVERIFY(!m_store->insertCompleted(second)); // SQLSTATE 23505, reported as false
    QCOMPARE(describe(m_store->records()), describe(std::vector { first }));
    // The session is still usable after the violation.
    QVERIFY(m_store->insertCompleted(completedAt({ "bob", "x", "y" }, 10, 100)));
}

void TestPgStore::overwriteIsAnUpsert()
{
    QVERIFY(m_store->insertCompleted(completedAt(kScope, 10, 100)));
    Record fresh = claimAt(kScope, 150, 300, 20);
    m_store->overwrite(fresh);
    QCOMPARE(describe(m_store->records()), describe(std::vector { fresh }));
    m_store->deleteUnconditionally(kScope);
    QVERIFY(m_store->records().empty());
    m_store->overwrite(fresh); // swept meanwhile: recreated
    QCOMPARE(describe(m_store->records()), describe(std::vector { fresh }));
}

void TestPgStore::testAndSetSeen()
{
    QVERIFY(m_store->testAndSetSeen(kScope));
    QVERIFY(!m_store->testAndSetSeen(kScope));
    QVERIFY(m_store->testAndSetSeen({ "bob", kScope.operation, kScope.key }));
    QVERIFY(m_store->records().empty()); // the flag is not a record
    m_store->reset();
    QVERIFY(m_store->testAndSetSeen(kScope));
}

void TestPgStore::effectsKeepTheirOrder()
{
    // Twelve ids: as text "e10" < "e2", so only the write order can give e1…e12 back.
    std::vector<EffectRow> expected;
    QVERIFY(m_store->insertClaim(claimAt(kScope, 0), 0));
    for (int i = 1; i <= 12; ++i) {
        const EffectRow e = effectRow("e" + std::to_string(i), kScope, 1000 - i); // times decrease on purpose
        if (i % 3 == 0)
            m_store->complete(kScope, i == 3 ? 0 : 999, completion(1000), e);
        else if (i % 3 == 1)
            m_store->recordEffect(e);
        else
            m_store->upsertCompletion(claimAt(kScope, 5), completion(1000), e);
        expected.push_back(e);
    }
    QCOMPARE(describe(m_store->effects()), describe(expected));
}

void TestPgStore::recordsOrderedByScopeBytewise()
{
    auto memory = makeMemoryStore();
    const std::vector<Scope> scopes { { "b", "op", "k" }, { "B", "op", "k" }, { "\xc3\xa9", "op", "k" },
        { "a", "op", "k" }, { "a", "op", "K" }, { "a", "Op", "k" }, { "a ", "op", "k" }, { "ab", "op", "k" },
        { "Z", "op", "k" }, { "a", "op", "k2" }, { "a", "op-", "k" } };
    for (const Scope& s : scopes) {
        QVERIFY(memory->insertClaim(claimAt(s, 1), 1));
        QVERIFY(m_store->insertClaim(claimAt(s, 1), 1));
    }
    QCOMPARE(describe(m_store->records()), describe(memory->records()));
    QVERIFY(m_store->records().front().scope == (Scope { "B", "op", "k" }));
}

void TestPgStore::bodyRoundTripsByteIdentical_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::newRow("object_keys_jsonb_would_reorder") << QByteArray(R"({"bb":1,"a":2,"c":{"zz":[],"y":{}}})");
    QTest::newRow("numbers_in_ecmascript_form") << QByteArray(R"([1e+21,1e-7,0.000001,-0,1.5,123456789012345680000])");
    QTest::newRow("escapes_and_unicode") << QByteArray("{\"s\":\"tab\\there \\u0001 \xc3\xa9 \xf0\x9f\x98\x80\"}");
    QTest::newRow("scalar_string") << QByteArray(R"("just text")");
    QTest::newRow("nested_arrays") << QByteArray(R"([[[null,true,false]],{"k":"v"}])");
}

void TestPgStore::bodyRoundTripsByteIdentical()
{
    QFETCH(QByteArray, json);
    const std::string body = canonicalJson(json::parse(json.toStdString())); // what the workbench writes
    Record done = completedAt(kScope, 10, 100);
    done.responseBody = body;
    QVERIFY(m_store->insertCompleted(done));
    QCOMPARE(bytes(m_store->read(kScope)->responseBody.value()), bytes(body));
    QVERIFY(m_store->complete(kScope, 10, { 200, body, 20, std::nullopt, std::nullopt }, std::nullopt));
    QCOMPARE(bytes(m_store->records().front().responseBody.value()), bytes(body));
}

void TestPgStore::differentialAgainstMemoryStore()
{
    auto memory = makeMemoryStore();
    const std::vector<Op> ops = differentialOps(220);
    std::vector<std::set<std::string>> outcomes(Op::KindCount);
    for (size_t i = 0; i < ops.size(); ++i) {
        const std::string expected = apply(*memory, ops[i]);
        const std::string actual = apply(*m_store, ops[i]);
        outcomes[ops[i].kind].insert(expected);
        QVERIFY2(actual == expected,
            ("operation " + std::to_string(i) + " (kind " + std::to_string(ops[i].kind) + ") returned " + actual
                + ", the memory store " + expected)
                .c_str());
        if (i % 20 == 19 || i + 1 == ops.size()) {
            const std::string after = " after operation " + std::to_string(i);
            QVERIFY2(sameRows(m_store->records(), memory->records()), ("records" + after).c_str());
            QVERIFY2(sameRows(m_store->tombstones(), memory->tombstones()), ("tombstones" + after).c_str());
            QVERIFY2(sameRows(m_store->effects(), memory->effects()), ("effects" + after).c_str());
        }
    }
    // The run is only worth something if it went down both branches of every conditional write.
    for (const Op::Kind k : { Op::Claim, Op::ReplaceVersion, Op::ReplaceAbsent, Op::Complete, Op::DeleteIfOwner,
             Op::InsertCompleted, Op::Seen })
        QVERIFY2(outcomes[k].count("0") && outcomes[k].count("1"),
            ("operation kind " + std::to_string(k) + " did not both apply and refuse").c_str());
    QVERIFY(outcomes[Op::ReadTombstone].size() > 1); // found one at least once
    QVERIFY(outcomes[Op::Sweep].size() > 2);
    QVERIFY(!memory->tombstones().empty() || outcomes[Op::Sweep].size() > 3);
    const std::vector<Record> rows = memory->records();
    QVERIFY(std::any_of(rows.begin(), rows.end(), [](const Record& r) { return r.state == RecordState::Completed; }));
    QVERIFY(memory->effects().size() > 20);
}

void TestPgStore::conninfoThatDoesNotParse_data()
{
    QTest::addColumn<QByteArray>("conninfo");
    QTest::addColumn<QByteArray>("libpqSays");
    QTest::newRow("not_key_value") << QByteArray("garbage") << QByteArray(R"(missing "=" after "garbage")");
    QTest::newRow("unterminated_quote") << QByteArray("host='x") << QByteArray("unterminated quoted string");
    QTest::newRow("broken_uri") << QByteArray("postgresql://[") << QByteArray("IPv6 host address");
}

void TestPgStore::conninfoThatDoesNotParse()
{
    QFETCH(QByteArray, conninfo);
    QFETCH(QByteArray, libpqSays);
    try {
        PostgresStore::connect(conninfo.toStdString(), m_schema);
        QFAIL("connect() accepted a conninfo that does not parse");
    } catch (const StoreError& e) {
        QCOMPARE(e.kind(), StoreError::Kind::Fatal);
        const QByteArray message = e.what();
        QVERIFY2(message.contains("does not parse"), message.constData());
        QVERIFY2(message.contains(libpqSays), message.constData());
    }
}

void TestPgStore::unreachableServer()
{
    const auto started = std::chrono::steady_clock::now();
    try {
        PostgresStore::connect("host=127.0.0.1 port=1 connect_timeout=2");
        QFAIL("connected to port 1");
    } catch (const StoreError& e) {
        QCOMPARE(e.kind(), StoreError::Kind::Unavailable);
        const QByteArray message = e.what();
        QVERIFY2(message.startsWith("could not connect to PostgreSQL at host 127.0.0.1 port 1: "), message.constData());
        QVERIFY2(!message.contains('\n'), message.constData());
    }
    QVERIFY(std::chrono::steady_clock::now() - started < std::chrono::seconds(10));
    // An empty value is valid syntax (libpq's default port), so this one parses and then finds no socket.
    try {
        PostgresStore::connect("host=/nonexistent-iw-socket-dir port=");
        QFAIL("connected through a socket folder that does not exist");
    } catch (const StoreError& e) {
        QCOMPARE(e.kind(), StoreError::Kind::Unavailable);
        QVERIFY2(QByteArray(e.what()).contains("at host /nonexistent-iw-socket-dir, default port: "), e.what());
    }
}

void TestPgStore::passwordNeverInMessages()
{
    const std::vector<std::string> conninfos { "host=127.0.0.1 port=1 password=s3cretPW connect_timeout=2",
        "postgresql://me:s3cretPW@127.0.0.1:1/db?connect_timeout=2", "postgresql://me:s3cretPW@[",
        "password='s3cretPW' garbage", "host=127.0.0.1 port=1 connect_timeout=2 password=s3cretPW x" };
    for (const std::string& conninfo : conninfos) {
        try {
            PostgresStore::connect(conninfo);
            QFAIL(("connected with " + conninfo).c_str());
        } catch (const StoreError& e) {
            QVERIFY2(!std::string(e.what()).empty(), conninfo.c_str());
            QVERIFY2(std::string(e.what()).find("s3cretPW") == std::string::npos, e.what());
        }
    }
}

void TestPgStore::killedBackendReconnects_data()
{
    QTest::addColumn<int>("next"); // 0 read, 1 autocommit write, 2 transaction
    QTest::newRow("next_is_a_read") << 0;
    QTest::newRow("next_is_a_claim") << 1;
    QTest::newRow("next_is_a_completion") << 2;
}

void TestPgStore::killedBackendReconnects()
{
    QFETCH(int, next);
    const std::string name = "iw_victim_" + std::to_string(getpid());
    auto store = openStore(m_schema, name);
    const Record claim = claimAt(kScope, 100);
    QVERIFY(store->insertClaim(claim, 100)); // committed before the kill
    store->recordEffect(effectRow("e1", kScope, 100));

    PgAdmin admin;
    QVERIFY(admin.terminateSessions(name));
    QVERIFY(store->isConnected()); // nothing has looked at the socket yet

    const Scope other { "bob", "POST /orders", "key-2" };
    switch (next) {
    case 0:
        QCOMPARE(describe(store->read(kScope)), describe(std::optional(claim)));
        break;
    case 1:
        QVERIFY(store->insertClaim(claimAt(other, 200), 200));
        break;
    case 2:
        QVERIFY(store->complete(kScope, 100, completion(150), effectRow("e2", kScope, 150)));
        break;
    }
    QVERIFY(store->isConnected());
    QVERIFY2(!store->lastError().empty(), "the server's goodbye should be remembered");
    // Nothing committed was lost, from either session's point of view.
    QVERIFY(m_store->read(kScope));
    QCOMPARE(m_store->read(kScope)->createdAt, Millis(100));
    QCOMPARE(store->effects().front().id, std::string("e1"));
    QCOMPARE(store->effects().size(), size_t(next == 2 ? 2 : 1));
}

void TestPgStore::connectionLostInFlight_data()
{
    QTest::addColumn<int>("operation"); // 0 read, 1 autocommit write, 2 statement inside a transaction
    QTest::addColumn<StoreError::Kind>("kind");
    QTest::newRow("read_in_flight_is_unavailable") << 0 << StoreError::Kind::Unavailable;
    QTest::newRow("autocommit_write_in_flight_is_unknown") << 1 << StoreError::Kind::UnknownOutcome;
    QTest::newRow("uncommitted_transaction_is_unavailable") << 2 << StoreError::Kind::Unavailable;
}

void TestPgStore::connectionLostInFlight()
{
    QFETCH(int, operation);
    QFETCH(StoreError::Kind, kind);
    const std::string name = "iw_blocked_" + std::to_string(getpid());
    auto store = openStore(m_schema, name);
    QVERIFY(store->insertClaim(claimAt(kScope, 100), 100));

    // Another session holds the table, so the store's statement waits on the server until we end its session.
    PgAdmin locker;
    locker.value("BEGIN");
    locker.value("LOCK TABLE " + locker.ident(m_schema) + ".request_idempotency IN ACCESS EXCLUSIVE MODE");

    std::optional<StoreError> caught;
    std::thread client([&] {
        try {
            if (operation == 0)
                store->read(kScope);
            else if (operation == 1)
                store->insertClaim(claimAt({ "bob", "x", "y" }, 200), 200);
            else
                store->complete(kScope, 100, completion(150), effectRow("e9", kScope, 150));
        } catch (const StoreError& e) {
            caught = e;
        }
    });
    PgAdmin admin;
    const auto [waiting, killed] = terminateOnceWaitingOnLock(admin, name);
    locker.value("ROLLBACK");
    client.join();
    QVERIFY(waiting);
    QVERIFY(killed);
    QVERIFY(caught);
    QCOMPARE(caught->kind(), kind);
    if (kind == StoreError::Kind::UnknownOutcome)
        QVERIFY2(std::string(caught->what())
                     .starts_with("the connection to PostgreSQL broke while a commit was in "
                                  "flight; whether it was applied cannot be known"),
            caught->what());
    QCOMPARE(store->lastError(), std::string(caught->what()));

    // The next operation reconnects; the transaction that never committed left nothing behind.
    QVERIFY(store->read(kScope));
    QVERIFY(store->effects().empty());
    QCOMPARE(store->read(kScope)->state, RecordState::InProgress);
}

void TestPgStore::refusedCompletionLeavesNothingAndTheSessionUsable()
{
    // The completion's transaction goes out as one pipeline; the effect's duplicate id (23505) must stop it before
    // the UPDATE and COMMIT, roll it back and leave the session out of pipeline mode and out of the aborted block.
    QVERIFY(m_store->insertClaim(claimAt(kScope, 100), 100));
    m_store->recordEffect(effectRow("e1", kScope, 100));
    try {
        m_store->complete(kScope, 100, completion(150), effectRow("e1", kScope, 150));
        QFAIL("a duplicate effect id should be refused");
    } catch (const StoreError& e) {
        QCOMPARE(e.kind(), StoreError::Kind::Fatal);
        QVERIFY2(std::string(e.what()).find("23505") != std::string::npos, e.what());
    }
    QCOMPARE(m_store->read(kScope)->state, RecordState::InProgress);
    QCOMPARE(m_store->effects().size(), size_t(1));

    QVERIFY(m_store->complete(kScope, 100, completion(160), effectRow("e2", kScope, 160)));
    QCOMPARE(m_store->read(kScope)->state, RecordState::Completed);
    QCOMPARE(m_store->effects().size(), size_t(2));
}

void TestPgStore::connectionLostDuringCommitIsUnknown()
{
    // A deferred trigger makes the completion's COMMIT wait on an advisory lock; the session is ended right then.
    // The statements before COMMIT all succeeded, so whether the transaction committed cannot be known.
    const std::string schema = m_schema + "_commit";
    const std::string name = "iw_committing_" + std::to_string(getpid());
    auto store = openStore(schema, name);
    store->installSchema();
    PgAdmin admin;
    const std::string s = admin.ident(schema);
    admin.value("CREATE FUNCTION " + s
        + ".wait_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_advisory_xact_lock(4242); "
          "RETURN NULL; END $$");
    admin.value("CREATE CONSTRAINT TRIGGER wait_at_commit AFTER INSERT ON " + s
        + ".demo_request DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION " + s + ".wait_at_commit()");
    QVERIFY(store->insertClaim(claimAt(kScope, 100), 100));

    PgAdmin locker;
    locker.value("SELECT pg_advisory_lock(4242)");
    std::optional<StoreError> caught;
    std::thread client([&] {
        try {
            store->complete(kScope, 100, completion(150), effectRow("e1", kScope, 150));
        } catch (const StoreError& e) {
            caught = e;
        }
    });
    const auto [waiting, killed] = terminateOnceWaitingOnLock(admin, name);
    locker.value("SELECT pg_advisory_unlock(4242)");
    client.join();
    QVERIFY(waiting);
    QVERIFY(killed);
    QVERIFY(caught);
    QCOMPARE(caught->kind(), StoreError::Kind::UnknownOutcome);
    QVERIFY2(std::string(caught->what())
                 .starts_with("the connection to PostgreSQL broke while a commit was in flight; whether it was "
                              "applied cannot be known"),
        caught->what());

    // It had not committed (the session ended inside COMMIT, before its commit record); the store reconnects.
    QCOMPARE(store->read(kScope)->state, RecordState::InProgress);
    QVERIFY(store->effects().empty());
}

void TestPgStore::tableOfAnotherShapeIsLeftAlone_data()
{
    QTest::addColumn<QByteArray>("columns");
    QTest::addColumn<QByteArray>("named");
    const QByteArray rest = "operation varchar(200), idem_key text, payload_hash char(64), state varchar(16), "
                            "status_code integer, response_body jsonb, created_at timestamp, completed_at timestamp, "
                            "expires_at timestamp, ";
    QTest::newRow("seed_bigint_actor") << QByteArray("actor_id bigint, " + rest
        + "lease_until timestamp, result_id text, "
          "UNIQUE (actor_id, operation, idem_key)")
                                       << QByteArray("column actor_id of type bigint");
    QTest::newRow("missing_lease_column")
        << QByteArray("actor_id text, " + rest + "result_id text, UNIQUE (actor_id, operation, idem_key)")
        << QByteArray("has no column lease_until");
    QTest::newRow("no_unique_scope_key") << QByteArray(
        "actor_id text, " + rest + "lease_until timestamp, result_id text, UNIQUE (idem_key)")
                                         << QByteArray("has no unique key on (actor_id, idem_key, operation)");
}

void TestPgStore::tableOfAnotherShapeIsLeftAlone()
{
    QFETCH(QByteArray, columns);
    QFETCH(QByteArray, named);
    const std::string schema = m_schema + "_shape";
    PgAdmin admin;
    const std::string ident = admin.ident(schema);
    admin.value("DROP SCHEMA IF EXISTS " + ident + " CASCADE");
    admin.value("CREATE SCHEMA " + ident);
    // The workbench's own schema (marked), so what is judged is the table's shape, not the schema's owner.
    admin.value("COMMENT ON SCHEMA " + ident + " IS '" + std::string(kStoreSchemaMark) + "'");
    admin.value("CREATE TABLE " + ident + ".request_idempotency (" + columns.toStdString() + ")");
    admin.value("INSERT INTO " + ident + ".request_idempotency (idem_key, state) VALUES ('kept', 'completed')");
    const std::string before
        = admin.value("SELECT string_agg(column_name || ' ' || data_type, ', ' ORDER BY ordinal_position) FROM "
                      "information_schema.columns WHERE table_schema = "
            + admin.literal(schema) + " AND table_name = 'request_idempotency'");

    auto store = openStore(schema);
    try {
        store->installSchema();
        QFAIL("installSchema accepted a table of another shape");
    } catch (const StoreError& e) {
        QCOMPARE(e.kind(), StoreError::Kind::Fatal);
        const QByteArray message = e.what();
        QVERIFY2(message.contains(bytes(ident + ".request_idempotency")), message.constData());
        QVERIFY2(message.contains(named), message.constData());
    }
    const std::string after
        = admin.value("SELECT string_agg(column_name || ' ' || data_type, ', ' ORDER BY ordinal_position) FROM "
                      "information_schema.columns WHERE table_schema = "
            + admin.literal(schema) + " AND table_name = 'request_idempotency'");
    QCOMPARE(after, before);
    QCOMPARE(admin.value("SELECT idem_key FROM " + ident + ".request_idempotency"), std::string("kept"));
    // Nothing else was created either: the whole installation rolled back.
    QCOMPARE(
        admin.value("SELECT count(*) FROM information_schema.tables WHERE table_schema = " + admin.literal(schema)),
        std::string("1"));
}

void TestPgStore::missingSchemaIsAClearError()
{
    auto store = openStore(m_schema + "_never_installed");
    try {
        store->read(kScope);
        QFAIL("read from tables that do not exist");
    } catch (const StoreError& e) {
        QCOMPARE(e.kind(), StoreError::Kind::Fatal);
        QVERIFY2(QByteArray(e.what()).contains("install the schema first"), e.what());
        QVERIFY2(QByteArray(e.what()).contains("42P01"), e.what());
    }
}

void TestPgStore::installSchemaTwice()
{
    QVERIFY(m_store->insertClaim(claimAt(kScope, 1), 1));
    m_store->installSchema(); // idempotent, and keeps the data
    QCOMPARE(m_store->records().size(), size_t(1));
}

void TestPgStore::schemaNameNeedingQuotes()
{
    const std::string schema = "we\"ird; schema " + std::to_string(getpid());
    auto store = openStore(schema);
    QCOMPARE(store->schema(), schema);
    store->installSchema();
    QVERIFY(store->insertClaim(claimAt(kScope, 1), 1));
    QVERIFY(!store->insertClaim(claimAt(kScope, 2), 2));
    QVERIFY(store->complete(kScope, 1, completion(5), effectRow("e1", kScope, 5)));
    QCOMPARE(store->sweep(1050, { false, 100 }).recordsDeleted, 1); // expired at 1001, a tombstone until 1101
    QCOMPARE(store->tombstones().size(), size_t(1));
    QCOMPARE(store->effects().size(), size_t(1));
    PgAdmin admin;
    QCOMPARE(
        admin.value("SELECT count(*) FROM information_schema.tables WHERE table_schema = " + admin.literal(schema)),
        std::string("4"));
    QVERIFY(m_store->records().empty()); // another schema, another store
}

void TestPgStore::createdSchemaCarriesTheMark()
{
    PgAdmin admin;
    QCOMPARE(admin.value("SELECT obj_description(" + admin.literal(m_schema) + "::regnamespace, 'pg_namespace')"),
        std::string(kStoreSchemaMark));
    // Another store on the marked schema may empty it without installing first.
    auto second = openStore(m_schema);
    QVERIFY(m_store->insertClaim(claimAt(kScope, 1), 1));
    second->reset();
    QVERIFY(m_store->records().empty());
}

void TestPgStore::foreignSchemaKeepsItsRows()
{
    // Someone's schema holding the seed's table with rows, of exactly the shape the store accepts: without the mark
    // neither installSchema nor reset may touch it (issue 23: a run used to TRUNCATE it).
    const std::string schema = m_schema + "_foreign";
    PgAdmin admin;
    const std::string ident = admin.ident(schema);
    m_schemasToDrop.push_back(schema);
    admin.value("DROP SCHEMA IF EXISTS " + ident + " CASCADE");
    admin.value("CREATE SCHEMA " + ident);
    admin.value("CREATE TABLE " + ident
        + ".request_idempotency (actor_id text NOT NULL, operation varchar(200) NOT NULL, idem_key text NOT NULL, "
          "payload_hash char(64), state varchar(16) NOT NULL, status_code integer, response_body jsonb, created_at "
          "timestamp NOT NULL, completed_at timestamp, expires_at timestamp NOT NULL, lease_until timestamp, "
          "result_id text, UNIQUE (actor_id, operation, idem_key))");
    admin.value("INSERT INTO " + ident
        + ".request_idempotency (actor_id, operation, idem_key, state, created_at, expires_at) VALUES ('u', 'op', "
          "'k1', "
          "'completed', now(), now()), ('u', 'op', 'k2', 'completed', now(), now())");
    auto store = PostgresStore::connect("", schema);
    try {
        store->installSchema();
        QFAIL("installSchema took a schema without the workbench's mark");
    } catch (const StoreError& e) {
        QCOMPARE(e.kind(), StoreError::Kind::Fatal);
        QVERIFY2(QByteArray(e.what()).contains("is not the workbench's own"), e.what());
        QVERIFY2(QByteArray(e.what()).contains(bytes("COMMENT ON SCHEMA " + ident)), e.what());
    }
    try {
        store->reset();
        QFAIL("reset emptied a schema without the workbench's mark");
    } catch (const StoreError& e) {
        QCOMPARE(e.kind(), StoreError::Kind::Fatal);
    }
    QCOMPARE(admin.value("SELECT count(*) FROM " + ident + ".request_idempotency"), std::string("2"));
    QCOMPARE(
        admin.value("SELECT count(*) FROM information_schema.tables WHERE table_schema = " + admin.literal(schema)),
        std::string("1"));
    QCOMPARE(admin.value("SELECT coalesce(obj_description(" + admin.literal(schema)
                 + "::regnamespace, 'pg_namespace'), 'none')"),
        std::string("none"));
}

void TestPgStore::systemSchemasAreRefused_data()
{
    QTest::addColumn<QString>("schema");
    for (const char* name : { "pg_catalog", "information_schema", "pg_toast", "pg_temp", "PG_Catalog" })
        QTest::newRow(name) << QString::fromLatin1(name);
}

void TestPgStore::systemSchemasAreRefused()
{
    QFETCH(QString, schema);
    // Not through openStore: a system schema must never land on the list of schemas dropped at the end.
    auto store = PostgresStore::connect("", schema.toStdString());
    for (const bool install : { true, false }) {
        try {
            install ? store->installSchema() : store->reset();
            QFAIL("a system schema was accepted");
        } catch (const StoreError& e) {
            QCOMPARE(e.kind(), StoreError::Kind::Fatal);
            QVERIFY2(QByteArray(e.what()).contains("is a PostgreSQL system schema"), e.what());
        }
    }
    PgAdmin admin;
    QCOMPARE(admin.value("SELECT count(*) FROM pg_class WHERE relname = 'request_idempotency' AND relnamespace IN "
                         "('pg_catalog'::regnamespace, 'information_schema'::regnamespace, 'pg_toast'::regnamespace)"),
        std::string("0"));
}

void TestPgStore::emptySchemaIsAdopted()
{
    // An empty schema without a comment (made by hand for the workbench, say) is taken and marked.
    const std::string schema = m_schema + "_empty";
    PgAdmin admin;
    const std::string ident = admin.ident(schema);
    m_schemasToDrop.push_back(schema);
    admin.value("DROP SCHEMA IF EXISTS " + ident + " CASCADE");
    admin.value("CREATE SCHEMA " + ident);
    auto store = PostgresStore::connect("", schema);
    store->installSchema();
    store->reset();
    QCOMPARE(admin.value("SELECT obj_description(" + admin.literal(schema) + "::regnamespace, 'pg_namespace')"),
        std::string(kStoreSchemaMark));
    QCOMPARE(
        admin.value("SELECT count(*) FROM information_schema.tables WHERE table_schema = " + admin.literal(schema)),
        std::string("4"));
}

void TestPgStore::plantedLookalikesNeverRun_data()
{
    QTest::addColumn<bool>("transactionPooler");
    // Directly: the store's own session also gets a safe search_path. Unnamed as behind a transaction pooler: no
    // SET, so only the qualified SQL stands between the statements and the look-alikes.
    QTest::newRow("session") << false;
    QTest::newRow("as through a transaction pooler") << true;
}

void TestPgStore::plantedLookalikesNeverRun()
{
    // Issue 48, finding 19: a search_path that puts a schema of planted look-alikes before pg_catalog. Every store
    // operation (the differential ops go down every branch of each) must give the memory store's answers, and no
    // look-alike may run.
    QFETCH(bool, transactionPooler);
    PgAdmin admin;
    QVERIFY(admin.ok());
    const std::string plant = "iw_plant_" + std::to_string(getpid());
    m_schemasToDrop.push_back(plant);
    QVERIFY(plantCatalogLookalikes(admin, plant));
    const std::string options = "options='-c search_path=" + plant + ",pg_catalog'";
    {
        // The plants work: a session with that search_path runs them.
        PgAdmin planted(options);
        QVERIFY(planted.ok());
        QCOMPARE(planted.value("SELECT obj_description(0::oid, 'pg_namespace')"),
            std::string("idempotency-workbench store schema, format 1"));
        QCOMPARE(planted.value("SELECT ('a'::text = 'a')::text"), std::string("true"));
        QCOMPARE(plantedTrace(admin, plant), std::string("=(pg_catalog.text, pg_catalog.text), obj_description, text"));
        QVERIFY(admin.run("TRUNCATE " + plant + ".trace; SELECT setval('" + plant + ".hits', 1, false)"));
        QCOMPARE(plantedTrace(admin, plant), std::string());
    }
    const std::string schema = m_schema + (transactionPooler ? "_planted_pooled" : "_planted");
    m_schemasToDrop.push_back(schema);
    try {
        auto store = PostgresStore::connect(
            options, schema, transactionPooler ? PostgresStore::Pooling::Transaction : PostgresStore::Pooling::Session);
        store->installSchema();
        store->reset();
        auto memory = makeMemoryStore();
        const std::vector<Op> ops = differentialOps(220);
        for (size_t i = 0; i < ops.size(); ++i) {
            const std::string expected = apply(*memory, ops[i]);
            const std::string actual = apply(*store, ops[i]);
            QVERIFY2(actual == expected,
                ("operation " + std::to_string(i) + " returned " + actual + ", the memory store " + expected).c_str());
        }
        QVERIFY(sameRows(store->records(), memory->records()));
        QVERIFY(sameRows(store->tombstones(), memory->tombstones()));
        QVERIFY(sameRows(store->effects(), memory->effects()));
    } catch (const StoreError& e) {
        QFAIL(qPrintable(QStringLiteral("the store failed (planted look-alikes that ran: %1): %2")
                             .arg(QString::fromStdString(plantedTrace(admin, plant)), QString::fromUtf8(e.what()))));
    }
    QCOMPARE(plantedTrace(admin, plant), std::string());
}

QTEST_GUILESS_MAIN(TestPgStore)
#include "tst_pgstore.moc"
