// Tests for scenario files (docs/reference/scenario.md): defaults per profile, null versus absent, the SPEC's example,
// a catalogue of broken files with their exact messages, reading files and resources, and save → load round trips.
#include "scenario.h"

#include <QDir>
#include <QTest>

#include <initializer_list>
#include <utility>

using namespace iw;

namespace {

QByteArray bytes(const std::string& s)
{
    return QByteArray::fromStdString(s);
}

Scenario load(const QByteArray& text, const std::string& fileName = "test.json")
{
    return loadScenario(std::string_view(text.constData(), std::size_t(text.size())), fileName);
}

// A valid document, one field per line, so that a row can replace one line and name positions on it.
const char* const s_baseLines[] = {
    R"({)",
    R"(  "format": "idempotency-workbench/scenario@1",)",
    R"(  "name": "broken",)",
    R"(  "seed": 7,)",
    R"(  "service": {"profile": "ietf"},)",
    R"(  "clients": [{"id": "tab-1", "actor": "42", "timeout_ms": 1000, "retry": {}}],)",
    R"(  "requests": [{"at_ms": 0, "client": "tab-1", "operation": "op", "key": "k-1", "payload": {}}],)",
    R"(  "faults": [])",
    R"(})",
};

// The base document with some lines (1-based) replaced.
QByteArray broken(std::initializer_list<std::pair<int, const char*>> changes)
{
    QByteArrayList lines;
    for (const char* line : s_baseLines)
        lines.append(QByteArray(line));
    for (const auto& [line, text] : changes)
        lines[line - 1] = QByteArray(text);
    return lines.join('\n');
}

// A minimal valid scenario with the given service object and extra top-level members.
QByteArray minimal(const QByteArray& service, const QByteArray& extra = {})
{
    return R"({"format": "idempotency-workbench/scenario@1", "name": "m", "seed": 1, "service": )" + service
        + R"(, "clients": [{"id": "c", "actor": "a", "timeout_ms": 1000, "retry": {}}],
        "requests": [{"at_ms": 0, "client": "c", "operation": "op", "key": "k", "payload": {}}])"
        + extra + "}";
}

bool sameValue(const json::Value& a, const json::Value& b)
{
    if (a.type != b.type || a.boolean != b.boolean || a.string != b.string || a.numberText != b.numberText
        || a.array.size() != b.array.size() || a.object.size() != b.object.size())
        return false;
    if (a.isNumber() && !(a.number == b.number && std::signbit(a.number) == std::signbit(b.number)))
        return false;
    for (std::size_t i = 0; i < a.array.size(); ++i) {
        if (!sameValue(a.array[i], b.array[i]))
            return false;
    }
    for (std::size_t i = 0; i < a.object.size(); ++i) {
        if (a.object[i].key != b.object[i].key || !sameValue(a.object[i].value, b.object[i].value))
            return false;
    }
    return true;
}

QString text(std::string_view s)
{
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

// Field by field, so that a field the writer forgets shows up by name.
void compareScenarios(const Scenario& a, const Scenario& b)
{
    QCOMPARE(text(a.name), text(b.name));
    QCOMPARE(text(a.title), text(b.title));
    QCOMPARE(text(a.description), text(b.description));
    QCOMPARE(a.seed, b.seed);

    const ServicePolicy& p = a.service;
    const ServicePolicy& q = b.service;
    QCOMPARE(p.profile, q.profile);
    QCOMPARE(p.strategy, q.strategy);
    QCOMPARE(p.requireKey, q.requireKey);
    QCOMPARE(p.minKeyLength, q.minKeyLength);
    QCOMPARE(p.maxKeyLength, q.maxKeyLength);
    QCOMPARE(p.ttlMs, q.ttlMs);
    QCOMPARE(p.leaseMs, q.leaseMs);
    QCOMPARE(p.afterExpiry, q.afterExpiry);
    QCOMPARE(p.tombstoneMs, q.tombstoneMs);
    QCOMPARE(p.storeErrors, q.storeErrors);
    QCOMPARE(p.mismatchStatus, q.mismatchStatus);
    QCOMPARE(p.inProgressStatus, q.inProgressStatus);
    QCOMPARE(p.missingKeyStatus, q.missingKeyStatus);
    QCOMPARE(p.expiredStatus, q.expiredStatus);
    QCOMPARE(p.fingerprint.only, q.fingerprint.only);
    QCOMPARE(p.fingerprint.ignore, q.fingerprint.ignore);
    QCOMPARE(p.fingerprintGiven, q.fingerprintGiven);
    QCOMPARE(p.handlerMs, q.handlerMs);
    QCOMPARE(p.dbMs, q.dbMs);
    QCOMPARE(p.networkMs, q.networkMs);
    QCOMPARE(p.sweepEveryMs, q.sweepEveryMs);

    QCOMPARE(a.clients.size(), b.clients.size());
    for (std::size_t i = 0; i < a.clients.size(); ++i) {
        const ClientSpec& c = a.clients[i];
        const ClientSpec& d = b.clients[i];
        QCOMPARE(text(c.id), text(d.id));
        QCOMPARE(text(c.actor), text(d.actor));
        QCOMPARE(c.timeoutMs, d.timeoutMs);
        QCOMPARE(c.onConflict, d.onConflict);
        QCOMPARE(c.retry.maxAttempts, d.retry.maxAttempts);
        QCOMPARE(c.retry.backoff, d.retry.backoff);
        QCOMPARE(c.retry.baseMs, d.retry.baseMs);
        QCOMPARE(c.retry.capMs, d.retry.capMs);
        QCOMPARE(c.retry.jitter, d.retry.jitter);
        QCOMPARE(c.retry.onTimeout, d.retry.onTimeout);
        QCOMPARE(c.retry.on409, d.retry.on409);
        QCOMPARE(c.retry.on422, d.retry.on422);
        QCOMPARE(c.retry.on5xx, d.retry.on5xx);
        QCOMPARE(c.retry.on503, d.retry.on503);
    }

    QCOMPARE(a.requests.size(), b.requests.size());
    for (std::size_t i = 0; i < a.requests.size(); ++i) {
        const RequestSpec& r = a.requests[i];
        const RequestSpec& s = b.requests[i];
        QCOMPARE(r.atMs, s.atMs);
        QCOMPARE(text(r.client), text(s.client));
        QCOMPARE(text(r.operation), text(s.operation));
        QCOMPARE(r.keyKind, s.keyKind);
        QCOMPARE(text(r.key), text(s.key));
        QVERIFY2(sameValue(r.payload, s.payload), qPrintable(QStringLiteral("payload of request %1").arg(i)));
        QCOMPARE(r.copies, s.copies);
        QCOMPARE(r.intent, s.intent);
        QCOMPARE(r.repeat, s.repeat);
        QCOMPARE(r.everyMs, s.everyMs);
    }

    QCOMPARE(a.faults.size(), b.faults.size());
    for (std::size_t i = 0; i < a.faults.size(); ++i) {
        const FaultSpec& f = a.faults[i];
        const FaultSpec& g = b.faults[i];
        QCOMPARE(f.kind, g.kind);
        QCOMPARE(f.client, g.client);
        QCOMPARE(f.request, g.request);
        QCOMPARE(f.attempt, g.attempt);
        QCOMPARE(f.rate, g.rate);
        QCOMPARE(f.status, g.status);
        QCOMPARE(f.handlerMs, g.handlerMs);
        QCOMPARE(f.fromMs, g.fromMs);
        QCOMPARE(f.toMs, g.toMs);
        QCOMPARE(f.delayMs, g.delayMs);
        QCOMPARE(f.hop, g.hop);
    }

    QCOMPARE(a.serviceRecover, b.serviceRecover);
    QCOMPARE(a.route.size(), b.route.size());
    for (std::size_t i = 0; i < a.route.size(); ++i) {
        const HopSpec& h = a.route[i];
        const HopSpec& k = b.route[i];
        QCOMPARE(text(h.name), text(k.name));
        QCOMPARE(h.key, k.key);
        QCOMPARE(h.effect, k.effect);
        QCOMPARE(h.timeoutMs, k.timeoutMs);
        QCOMPARE(h.retry.maxAttempts, k.retry.maxAttempts);
        QCOMPARE(h.retry.backoff, k.retry.backoff);
        QCOMPARE(h.retry.baseMs, k.retry.baseMs);
        QCOMPARE(h.retry.onTimeout, k.retry.onTimeout);
        QCOMPARE(h.retry.on5xx, k.retry.on5xx);
        QCOMPARE(h.recover, k.recover);
        QCOMPARE(h.service.profile, k.service.profile);
        QCOMPARE(h.service.strategy, k.service.strategy);
        QCOMPARE(h.service.ttlMs, k.service.ttlMs);
        QCOMPARE(h.service.networkMs, k.service.networkMs);
        QCOMPARE(h.service.handlerMs, k.service.handlerMs);
        QCOMPARE(h.service.leaseMs, k.service.leaseMs);
    }

    QCOMPARE(a.hasExpect, b.hasExpect);
    QCOMPARE(a.expect, b.expect);
    QVERIFY(a.lesson == b.lesson);
    QVERIFY(a.translations == b.translations);
}

QByteArray sourceFile(const char* relative)
{
    QFile file(QStringLiteral(IW_SOURCE_DIR "/") + QLatin1String(relative));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", relative);
    return file.readAll();
}

} // namespace

class TestScenario : public QObject {
    Q_OBJECT

private slots:
    void testProfileDefaults_data();
    void testProfileDefaults();
    void testLibraryFields();
    void testScenarioDefaults();
    void testOverridesBeatProfile();
    void testNullVersusAbsent_data();
    void testNullVersusAbsent();
    void testFingerprintSelection();
    void testSpecExample();
    void testKeyKinds_data();
    void testKeyKinds();
    void testFaults_data();
    void testFaults();
    void testExpect();
    void testIntegralNumbers_data();
    void testIntegralNumbers();
    void testBrokenFiles_data();
    void testBrokenFiles();
    void testRouteErrors_data();
    void testRouteErrors();
    void testErrorParts();
    void testLoadFile();
    void testUnreadableFile_data();
    void testUnreadableFile();
    void testTranslations_data();
    void testTranslations();
    void testTextsInALanguage();
    void testRoundTrip_data();
    void testRoundTrip();
    void testSavedText();
    void testPresets();
    void testNames();
    void testClientLookup();
};

void TestScenario::testProfileDefaults_data()
{
    QTest::addColumn<QByteArray>("profile");
    QTest::addColumn<bool>("requireKey");
    QTest::addColumn<int>("minKey");
    QTest::addColumn<int>("maxKey");
    QTest::addColumn<qint64>("ttl");
    QTest::addColumn<qint64>("lease"); // -1: none
    QTest::addColumn<bool>("storeErrors");
    QTest::addColumn<int>("mismatch");
    QTest::addColumn<int>("inProgress");
    QTest::addColumn<qint64>("sweep"); // -1: none

    // The profile table of docs/reference/decisions.md, copied here rather than taken from ServicePolicy::forProfile.
    QTest::newRow("ietf") << QByteArray("ietf") << true << 1 << 255 << qint64(86'400'000) << qint64(-1) << true << 422
                          << 409 << qint64(-1);
    QTest::newRow("stripe") << QByteArray("stripe") << false << 1 << 255 << qint64(86'400'000) << qint64(-1) << true
                            << 400 << 409 << qint64(-1);
    QTest::newRow("powertools") << QByteArray("powertools") << false << 1 << 255 << qint64(3'600'000) << qint64(-1)
                                << false << 422 << 409 << qint64(-1);
    QTest::newRow("brandur") << QByteArray("brandur") << true << 20 << 100 << qint64(259'200'000) << qint64(90'000)
                             << true << 409 << 409 << qint64(3'600'000);
    // docs/reference/decisions.md#profiles's library profiles, read from the libraries' code: express-idempotency 1.0.6
    // has no key length limit and never expires a record (its in-memory list); node-idempotency 1.0.11 allows 256 and
    // keeps 24 h.
    QTest::newRow("express-idempotency") << QByteArray("express-idempotency") << false << 1 << kNoKeyLengthLimit
                                         << qint64(kNeverMs) << qint64(-1) << false << 417 << 409 << qint64(-1);
    QTest::newRow("node-idempotency") << QByteArray("node-idempotency") << false << 1 << 256 << qint64(86'400'000)
                                      << qint64(-1) << true << 422 << 409 << qint64(-1);
}

void TestScenario::testProfileDefaults()
{
    QFETCH(QByteArray, profile);
    QFETCH(bool, requireKey);
    QFETCH(int, minKey);
    QFETCH(int, maxKey);
    QFETCH(qint64, ttl);
    QFETCH(qint64, lease);
    QFETCH(bool, storeErrors);
    QFETCH(int, mismatch);
    QFETCH(int, inProgress);
    QFETCH(qint64, sweep);

    const ServicePolicy p = load(minimal(R"({"profile": ")" + profile + R"("})")).service;
    QCOMPARE(text(profileName(p.profile)), QString::fromLatin1(profile));
    QCOMPARE(p.requireKey, requireKey);
    QCOMPARE(p.minKeyLength, minKey);
    QCOMPARE(p.maxKeyLength, maxKey);
    QCOMPARE(p.ttlMs, ttl);
    QCOMPARE(p.leaseMs.value_or(-1), lease);
    QCOMPARE(p.storeErrors, storeErrors);
    QCOMPARE(p.mismatchStatus, mismatch);
    QCOMPARE(p.inProgressStatus, inProgress);
    QCOMPARE(p.missingKeyStatus, 400);
    QCOMPARE(p.expiredStatus, 409);
    QCOMPARE(p.afterExpiry, AfterExpiry::Forget);
    QCOMPARE(p.tombstoneMs, std::optional<Millis>());
    QCOMPARE(p.sweepEveryMs.value_or(-1), sweep);
    QCOMPARE(p.strategy, Strategy::UniqueClaim);
    QCOMPARE(p.handlerMs, Millis(200));
    QCOMPARE(p.dbMs, Millis(2));
    QCOMPARE(p.networkMs, Millis(10));
    QVERIFY(!p.fingerprintGiven);
    QVERIFY(p.fingerprint.empty());
    // docs/reference/decisions.md#profiles: the first four keep §4's scope and fingerprint; only ietf reads the header
    // as an sf-string.
    const bool express = profile == "express-idempotency";
    const bool node = profile == "node-idempotency";
    QCOMPARE(p.keyScope, express ? KeyScope::Global : node ? KeyScope::OperationQuery : KeyScope::ActorOperation);
    QCOMPARE(p.fingerprintForm, node ? FingerprintForm::Ordered : FingerprintForm::Canonical);
    QCOMPARE(p.fingerprintParts, express ? unsigned(PartMethod | PartPath | PartQuery | PartBody) : unsigned(PartBody));
    QCOMPARE(p.keySyntax, profile == "ietf" ? KeySyntax::SfString : KeySyntax::Raw);
    QCOMPARE(p.conflictRetryAfterS, node ? std::optional<int>(1) : std::nullopt);
    QCOMPARE(p.inProgressWaitMs, std::optional<Millis>());
}

void TestScenario::testLibraryFields()
{
    // Every docs/reference/decisions.md#profiles field read, then written back only where it is not the profile's own.
    const Scenario s = load(minimal(R"({"profile": "stripe", "key_scope": "global", "fingerprint_form": "raw",
        "fingerprint_parts": ["query", "method", "body"], "key_syntax": "sf-string", "conflict_retry_after_s": 3,
        "in_progress_wait_ms": 800, "max_key_length": null, "ttl_ms": null})"));
    const ServicePolicy& p = s.service;
    QCOMPARE(p.keyScope, KeyScope::Global);
    QCOMPARE(p.fingerprintForm, FingerprintForm::Raw);
    QCOMPARE(p.fingerprintParts, unsigned(PartMethod | PartQuery | PartBody));
    QCOMPARE(p.keySyntax, KeySyntax::SfString);
    QCOMPARE(p.conflictRetryAfterS, std::optional<int>(3));
    QCOMPARE(p.inProgressWaitMs, std::optional<Millis>(800));
    QVERIFY(!p.keyLengthLimited());
    QCOMPARE(p.ttlMs, kNeverMs);
    const Scenario again = loadScenario(saveScenario(s), "saved.json");
    QCOMPARE(saveScenario(again), saveScenario(s));
    QCOMPARE(again.service.fingerprintParts, p.fingerprintParts);
    QCOMPARE(again.service.ttlMs, kNeverMs);
    // A profile's own values are not written: a file saved before the fields existed reads the same.
    const std::string plain = saveScenario(load(minimal(R"({"profile": "node-idempotency"})")));
    QVERIFY(plain.find("key_scope") == std::string::npos);
    QVERIFY(plain.find("fingerprint_form") == std::string::npos);
}

void TestScenario::testScenarioDefaults()
{
    const Scenario s = load(minimal(R"({"profile": "ietf"})"));
    QCOMPARE(s.seed, std::uint64_t(1));
    QVERIFY(s.title.empty());
    QVERIFY(s.description.empty());
    QCOMPARE(s.clients.size(), std::size_t(1));
    const ClientSpec& c = s.clients[0];
    QCOMPARE(c.onConflict, OnConflict::RetrySameKey);
    QCOMPARE(c.retry.maxAttempts, 1);
    QCOMPARE(c.retry.backoff, Backoff::Exponential);
    QCOMPARE(c.retry.baseMs, Millis(100));
    QCOMPARE(c.retry.capMs, Millis(10'000));
    QCOMPARE(c.retry.jitter, Jitter::None);
    QVERIFY(!c.retry.onTimeout && !c.retry.on409 && !c.retry.on422 && !c.retry.on5xx && !c.retry.on503);
    QCOMPARE(s.requests.size(), std::size_t(1));
    const RequestSpec& r = s.requests[0];
    QCOMPARE(r.copies, 1);
    QCOMPARE(r.repeat, 1);
    QCOMPARE(r.everyMs, Millis(0));
    QCOMPARE(r.intent, std::optional<std::string>());
    QVERIFY(r.payload.isObject());
    QVERIFY(s.faults.empty());
    QVERIFY(!s.hasExpect);
    QVERIFY(s.expect.empty());
}

void TestScenario::testOverridesBeatProfile()
{
    const ServicePolicy p = load(minimal(R"({"profile": "brandur", "strategy": "check_then_insert",
        "require_key": false, "min_key_length": 3, "max_key_length": 8, "ttl_ms": 5000,
        "in_progress_lease_ms": 700, "after_expiry": "tombstone", "tombstone_ms": 60000, "store_errors": false,
        "mismatch_status": 400, "in_progress_status": 429, "missing_key_status": 428, "expired_status": 410,
        "handler_ms": 0, "db_ms": 0, "network_ms": 0, "sweep_every_ms": 250})"))
                                .service;
    QCOMPARE(p.profile, Profile::Brandur);
    QCOMPARE(p.strategy, Strategy::CheckThenInsert);
    QCOMPARE(p.requireKey, false);
    QCOMPARE(p.minKeyLength, 3);
    QCOMPARE(p.maxKeyLength, 8);
    QCOMPARE(p.ttlMs, Millis(5000));
    QCOMPARE(p.leaseMs, std::optional<Millis>(700));
    QCOMPARE(p.afterExpiry, AfterExpiry::Tombstone);
    QCOMPARE(p.tombstoneMs, std::optional<Millis>(60'000));
    QCOMPARE(p.storeErrors, false);
    QCOMPARE(p.mismatchStatus, 400);
    QCOMPARE(p.inProgressStatus, 429);
    QCOMPARE(p.missingKeyStatus, 428);
    QCOMPARE(p.expiredStatus, 410);
    QCOMPARE(p.handlerMs, Millis(0));
    QCOMPARE(p.dbMs, Millis(0));
    QCOMPARE(p.networkMs, Millis(0));
    QCOMPARE(p.sweepEveryMs, std::optional<Millis>(250));
}

void TestScenario::testNullVersusAbsent_data()
{
    QTest::addColumn<QByteArray>("service");
    QTest::addColumn<qint64>("lease"); // -1: none
    QTest::addColumn<qint64>("tombstone");
    QTest::addColumn<qint64>("sweep");

    QTest::newRow("brandur_absent_keeps_profile")
        << QByteArray(R"({"profile": "brandur"})") << qint64(90'000) << qint64(-1) << qint64(3'600'000);
    QTest::newRow("brandur_null_lease_is_none") << QByteArray(R"({"profile": "brandur", "in_progress_lease_ms": null})")
                                                << qint64(-1) << qint64(-1) << qint64(3'600'000);
    QTest::newRow("brandur_null_sweep_is_none") << QByteArray(R"({"profile": "brandur", "sweep_every_ms": null})")
                                                << qint64(90'000) << qint64(-1) << qint64(-1);
    QTest::newRow("brandur_zero_lease_is_kept") << QByteArray(R"({"profile": "brandur", "in_progress_lease_ms": 0})")
                                                << qint64(0) << qint64(-1) << qint64(3'600'000);
    QTest::newRow("ietf_absent_is_none") << QByteArray(R"({"profile": "ietf"})") << qint64(-1) << qint64(-1)
                                         << qint64(-1);
    QTest::newRow("ietf_explicit_values")
        << QByteArray(R"({"profile": "ietf", "in_progress_lease_ms": 5, "tombstone_ms": 6, "sweep_every_ms": 7})")
        << qint64(5) << qint64(6) << qint64(7);
    QTest::newRow("ietf_explicit_nulls") << QByteArray(
        R"({"profile": "ietf", "in_progress_lease_ms": null, "tombstone_ms": null, "sweep_every_ms": null})")
                                         << qint64(-1) << qint64(-1) << qint64(-1);
    QTest::newRow("tombstone_ms_without_tombstone_mode")
        << QByteArray(R"({"profile": "ietf", "after_expiry": "forget", "tombstone_ms": 0})") << qint64(-1) << qint64(0)
        << qint64(-1);
}

void TestScenario::testNullVersusAbsent()
{
    QFETCH(QByteArray, service);
    QFETCH(qint64, lease);
    QFETCH(qint64, tombstone);
    QFETCH(qint64, sweep);

    const ServicePolicy p = load(minimal(service)).service;
    QCOMPARE(p.leaseMs.value_or(-1), lease);
    QCOMPARE(p.tombstoneMs.value_or(-1), tombstone);
    QCOMPARE(p.sweepEveryMs.value_or(-1), sweep);
}

void TestScenario::testFingerprintSelection()
{
    // powertools validates payloads only when a fingerprint is configured: presence is what matters.
    const ServicePolicy none = load(minimal(R"({"profile": "powertools"})")).service;
    QVERIFY(!none.fingerprintGiven);
    const ServicePolicy nullFp = load(minimal(R"({"profile": "powertools", "fingerprint": null})")).service;
    QVERIFY(!nullFp.fingerprintGiven);
    const ServicePolicy empty = load(minimal(R"({"profile": "powertools", "fingerprint": {}})")).service;
    QVERIFY(empty.fingerprintGiven);
    QVERIFY(empty.fingerprint.empty());
    const ServicePolicy both = load(
        minimal(R"({"profile": "ietf", "fingerprint": {"only": ["/amount", "", "/a~1b/0"], "ignore": ["/note"]}})"))
                                   .service;
    QVERIFY(both.fingerprintGiven);
    QCOMPARE(both.fingerprint.only, (std::vector<std::string> { "/amount", "", "/a~1b/0" }));
    QCOMPARE(both.fingerprint.ignore, (std::vector<std::string> { "/note" }));
}

void TestScenario::testSpecExample()
{
    const Scenario s = load(sourceFile("tests/data/scenarios/spec-example.json"), "spec-example.json");
    QCOMPARE(text(s.name), QStringLiteral("lost-response-retry"));
    QCOMPARE(text(s.title), QStringLiteral("The response is lost; the client retries with the same key"));
    QCOMPARE(text(s.description), QStringLiteral("Free text shown in the GUI."));
    QCOMPARE(s.seed, std::uint64_t(1));

    const ServicePolicy& p = s.service;
    QCOMPARE(p.profile, Profile::Ietf);
    QCOMPARE(p.strategy, Strategy::UniqueClaim);
    QCOMPARE(p.requireKey, true);
    QCOMPARE(p.minKeyLength, 1);
    QCOMPARE(p.maxKeyLength, 255);
    QCOMPARE(p.ttlMs, Millis(86'400'000));
    QCOMPARE(p.leaseMs, std::optional<Millis>());
    QCOMPARE(p.afterExpiry, AfterExpiry::Forget);
    QCOMPARE(p.tombstoneMs, std::optional<Millis>());
    QCOMPARE(p.storeErrors, true);
    QCOMPARE(p.mismatchStatus, 422);
    QCOMPARE(p.inProgressStatus, 409);
    QCOMPARE(p.missingKeyStatus, 400);
    QCOMPARE(p.expiredStatus, 409);
    QVERIFY(p.fingerprintGiven);
    QVERIFY(p.fingerprint.only.empty());
    QCOMPARE(p.fingerprint.ignore, (std::vector<std::string> { "/client_note" }));
    QCOMPARE(p.handlerMs, Millis(200));
    QCOMPARE(p.dbMs, Millis(2));
    QCOMPARE(p.networkMs, Millis(10));
    QCOMPARE(p.sweepEveryMs, std::optional<Millis>());

    QCOMPARE(s.clients.size(), std::size_t(1));
    const ClientSpec& c = s.clients[0];
    QCOMPARE(text(c.id), QStringLiteral("tab-1"));
    QCOMPARE(text(c.actor), QStringLiteral("42"));
    QCOMPARE(c.timeoutMs, Millis(1000));
    QCOMPARE(c.retry.maxAttempts, 3);
    QCOMPARE(c.retry.backoff, Backoff::Exponential);
    QCOMPARE(c.retry.baseMs, Millis(200));
    QCOMPARE(c.retry.capMs, Millis(5000));
    QCOMPARE(c.retry.jitter, Jitter::None);
    QVERIFY(c.retry.onTimeout);
    QVERIFY(c.retry.on409);
    QVERIFY(!c.retry.on422);
    QVERIFY(c.retry.on5xx);
    QVERIFY(!c.retry.on503);
    QCOMPARE(c.onConflict, OnConflict::RetrySameKey);

    QCOMPARE(s.requests.size(), std::size_t(1));
    const RequestSpec& r = s.requests[0];
    QCOMPARE(r.atMs, Millis(0));
    QCOMPARE(text(r.client), QStringLiteral("tab-1"));
    QCOMPARE(text(r.operation), QStringLiteral("demo-request.create"));
    QCOMPARE(r.keyKind, RequestSpec::KeyKind::Literal);
    QCOMPARE(text(r.key), QStringLiteral("k-1"));
    QVERIFY(r.payload.isObject());
    QCOMPARE(r.payload.object.size(), std::size_t(2));
    QCOMPARE(r.payload.find("amount")->number, 100.0);
    QCOMPARE(text(r.payload.find("currency")->string), QStringLiteral("EUR"));
    QCOMPARE(r.copies, 1);
    QCOMPARE(r.intent, std::optional<std::string>("order-1"));
    QCOMPARE(r.repeat, 1);
    QCOMPARE(r.everyMs, Millis(0));

    QCOMPARE(s.faults.size(), std::size_t(1));
    const FaultSpec& f = s.faults[0];
    QCOMPARE(f.kind, FaultKind::DropResponse);
    QCOMPARE(f.client, std::optional<std::string>("tab-1"));
    QCOMPARE(f.request, std::optional<int>());
    QCOMPARE(f.attempt, std::optional<int>(1));
    QCOMPARE(f.rate, std::optional<double>());

    QVERIFY(s.hasExpect);
    const std::map<std::string, std::int64_t> expect
        = { { "duplicate_effects", 0 }, { "effects", 1 }, { "decisions.created", 1 }, { "decisions.replayed", 1 } };
    QCOMPARE(s.expect, expect);
}

void TestScenario::testKeyKinds_data()
{
    QTest::addColumn<QByteArray>("key");
    QTest::addColumn<QByteArray>("extra");
    QTest::addColumn<int>("kind");
    QTest::addColumn<QByteArray>("literal");

    QTest::newRow("literal") << QByteArray(R"("k-1")") << QByteArray() << int(RequestSpec::KeyKind::Literal)
                             << QByteArray("k-1");
    QTest::newRow("empty_literal_is_for_the_service_to_judge")
        << QByteArray(R"("")") << QByteArray() << int(RequestSpec::KeyKind::Literal) << QByteArray();
    QTest::newRow("auto") << QByteArray(R"("auto")") << QByteArray() << int(RequestSpec::KeyKind::Auto) << QByteArray();
    QTest::newRow("null_is_no_key") << QByteArray("null") << QByteArray() << int(RequestSpec::KeyKind::None)
                                    << QByteArray();
    QTest::newRow("auto_with_repeat") << QByteArray(R"("auto")") << QByteArray(R"(, "repeat": 5, "every_ms": 10)")
                                      << int(RequestSpec::KeyKind::Auto) << QByteArray();
    QTest::newRow("null_with_repeat") << QByteArray("null") << QByteArray(R"(, "repeat": 5)")
                                      << int(RequestSpec::KeyKind::None) << QByteArray();
}

void TestScenario::testKeyKinds()
{
    QFETCH(QByteArray, key);
    QFETCH(QByteArray, extra);
    QFETCH(int, kind);
    QFETCH(QByteArray, literal);

    const QByteArray doc = R"({"format": "idempotency-workbench/scenario@1", "name": "k", "seed": 1,
        "service": {"profile": "ietf"}, "clients": [{"id": "c", "actor": "a", "timeout_ms": 1, "retry": {}}],
        "requests": [{"at_ms": 0, "client": "c", "operation": "op", "key": )"
        + key + R"(, "payload": null)" + extra + "}]}";
    const RequestSpec r = load(doc).requests.at(0);
    QCOMPARE(int(r.keyKind), kind);
    QCOMPARE(bytes(r.key), literal);
    QVERIFY(r.payload.isNull());
}

void TestScenario::testFaults_data()
{
    QTest::addColumn<QByteArray>("fault");
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("status");
    QTest::addColumn<qint64>("handlerMs");
    QTest::addColumn<qint64>("fromMs");
    QTest::addColumn<qint64>("toMs");
    QTest::addColumn<qint64>("delayMs");

    const auto row = [](const char* name, const char* fault, FaultKind kind, int status = 500, qint64 handlerMs = 0,
                         qint64 fromMs = 0, qint64 toMs = 0, qint64 delayMs = 0) {
        QTest::newRow(name) << QByteArray(fault) << int(kind) << status << handlerMs << fromMs << toMs << delayMs;
    };
    row("drop_request", R"({"kind": "drop_request"})", FaultKind::DropRequest);
    row("drop_response", R"({"kind": "drop_response"})", FaultKind::DropResponse);
    row("handler_error_default_500", R"({"kind": "handler_error"})", FaultKind::HandlerError, 500);
    row("handler_error_503", R"({"kind": "handler_error", "status": 503})", FaultKind::HandlerError, 503);
    row("reject_payload_default_400", R"({"kind": "reject_payload"})", FaultKind::RejectPayload, 400);
    row("reject_payload_422", R"({"kind": "reject_payload", "status": 422})", FaultKind::RejectPayload, 422);
    row("crash_before_effect", R"({"kind": "crash_before_effect"})", FaultKind::CrashBeforeEffect);
    row("crash_after_effect", R"({"kind": "crash_after_effect"})", FaultKind::CrashAfterEffect);
    row("slow_handler", R"({"kind": "slow_handler", "handler_ms": 5000})", FaultKind::SlowHandler, 500, 5000);
    row("db_down", R"({"kind": "db_down", "from_ms": 10, "to_ms": 30})", FaultKind::DbDown, 500, 0, 10, 30);
    row("db_down_empty_window", R"({"kind": "db_down", "from_ms": 10, "to_ms": 10})", FaultKind::DbDown, 500, 0, 10,
        10);
    row("late_retry", R"({"kind": "late_retry", "delay_ms": 86400000})", FaultKind::LateRetry, 500, 0, 0, 0,
        86'400'000);
}

void TestScenario::testFaults()
{
    QFETCH(QByteArray, fault);
    QFETCH(int, kind);
    QFETCH(int, status);
    QFETCH(qint64, handlerMs);
    QFETCH(qint64, fromMs);
    QFETCH(qint64, toMs);
    QFETCH(qint64, delayMs);

    const Scenario s = load(minimal(R"({"profile": "ietf"})", R"(, "faults": [)" + fault + "]"));
    QCOMPARE(s.faults.size(), std::size_t(1));
    const FaultSpec& f = s.faults[0];
    QCOMPARE(int(f.kind), kind);
    QCOMPARE(f.status, status);
    QCOMPARE(f.handlerMs, handlerMs);
    QCOMPARE(f.fromMs, fromMs);
    QCOMPARE(f.toMs, toMs);
    QCOMPARE(f.delayMs, delayMs);
    QVERIFY(!f.client && !f.request && !f.attempt && !f.rate);

    // Targeting fields go with every kind.
    QByteArray targeted = fault;
    targeted.chop(1);
    targeted += R"(, "client": "c", "request": 0, "attempt": 2, "rate": 0.25})";
    const FaultSpec g = load(minimal(R"({"profile": "ietf"})", R"(, "faults": [)" + targeted + "]")).faults.at(0);
    QCOMPARE(int(g.kind), kind);
    QCOMPARE(g.client, std::optional<std::string>("c"));
    QCOMPARE(g.request, std::optional<int>(0));
    QCOMPARE(g.attempt, std::optional<int>(2));
    QCOMPARE(g.rate, std::optional<double>(0.25));
}

void TestScenario::testExpect()
{
    const Scenario s = load(minimal(R"({"profile": "ietf"})",
        R"(, "expect": {"intents": 3, "requests": 4, "effects": 2, "duplicate_effects": 1,
            "intents_with_duplicates": 1, "decisions": {"created": 2, "crashed": 0, "store_unavailable": 2}})"));
    QVERIFY(s.hasExpect);
    const std::map<std::string, std::int64_t> expect = { { "intents", 3 }, { "requests", 4 }, { "effects", 2 },
        { "duplicate_effects", 1 }, { "intents_with_duplicates", 1 }, { "decisions.created", 2 },
        { "decisions.crashed", 0 }, { "decisions.store_unavailable", 2 } };
    QCOMPARE(s.expect, expect);

    // An empty expect still makes the scenario self-checking (it checks nothing, and says so).
    const Scenario e = load(minimal(R"({"profile": "ietf"})", R"(, "expect": {})"));
    QVERIFY(e.hasExpect);
    QVERIFY(e.expect.empty());
}

void TestScenario::testIntegralNumbers_data()
{
    QTest::addColumn<QByteArray>("ttl");
    QTest::addColumn<qint64>("expected");

    QTest::newRow("plain") << QByteArray("1000") << qint64(1000);
    QTest::newRow("zero") << QByteArray("0") << qint64(0);
    QTest::newRow("negative_zero") << QByteArray("-0") << qint64(0);
    QTest::newRow("exponent") << QByteArray("1e3") << qint64(1000);
    QTest::newRow("integral_fraction") << QByteArray("250.0") << qint64(250);
    QTest::newRow("exactly_ten_years") << QByteArray("315360000000") << qint64(315'360'000'000);
}

void TestScenario::testIntegralNumbers()
{
    QFETCH(QByteArray, ttl);
    QFETCH(qint64, expected);
    QCOMPARE(load(minimal(R"({"profile": "ietf", "ttl_ms": )" + ttl + "}")).service.ttlMs, expected);
}

void TestScenario::testBrokenFiles_data()
{
    QTest::addColumn<QByteArray>("document");
    QTest::addColumn<QByteArray>("message");

    // The base document itself is valid: every row below breaks exactly one thing.
    QTest::newRow("base_is_valid") << broken({}) << QByteArray();

    // clang-format off
    QTest::newRow("unknown_field_top_level")
        << broken({ { 8, R"(  "faults": [], "extra": 1)" } })
        << QByteArray("broken.json:8:17: $.extra: unknown field \"extra\"");
    QTest::newRow("unknown_field_in_service")
        << broken({ { 5, R"(  "service": {"profile": "ietf", "profle": "ietf"},)" } })
        << QByteArray("broken.json:5:34: $.service.profle: unknown field \"profle\"");
    QTest::newRow("unknown_field_in_retry")
        << broken({ { 6, R"(  "clients": [{"id": "tab-1", "actor": "42", "timeout_ms": 1000, "retry": {"max_attempt": 3}}],)" } })
        << QByteArray("broken.json:6:76: $.clients[0].retry.max_attempt: unknown field \"max_attempt\"");
    QTest::newRow("unknown_field_in_fingerprint")
        << broken({ { 5, R"(  "service": {"profile": "ietf", "fingerprint": {"ignored": []}},)" } })
        << QByteArray("broken.json:5:50: $.service.fingerprint.ignored: unknown field \"ignored\"");
    QTest::newRow("unknown_field_in_request")
        << broken({ { 7, R"(  "requests": [{"at_ms": 0, "client": "tab-1", "operation": "op", "key": "k-1", "payload": {}, "delay_ms": 5}],)" } })
        << QByteArray("broken.json:7:96: $.requests[0].delay_ms: unknown field \"delay_ms\"");
    QTest::newRow("unknown_method")
        << broken({ { 7, R"(  "requests": [{"at_ms": 0, "client": "tab-1", "operation": "op", "key": "k-1", "payload": {}, "method": "PUT"}],)" } })
        << QByteArray("broken.json:7:106: $.requests[0].method: unknown value \"PUT\" (expected one of: POST, GET)");
    QTest::newRow("unknown_field_with_odd_name")
        << broken({ { 5, R"(  "service": {"profile": "ietf", "ttl ms": 5},)" } })
        << QByteArray("broken.json:5:34: $.service[\"ttl ms\"]: unknown field \"ttl ms\"");
    QTest::newRow("field_of_another_fault_kind")
        << broken({ { 8, R"(  "faults": [{"kind": "drop_response", "status": 500}])" } })
        << QByteArray("broken.json:8:40: $.faults[0].status: unknown field \"status\"");
    QTest::newRow("wrong_type_seed_string")
        << broken({ { 4, R"(  "seed": "7",)" } })
        << QByteArray("broken.json:4:11: $.seed: expected a non-negative integer no larger than 2^53, got \"7\"");
    QTest::newRow("wrong_type_require_key")
        << broken({ { 5, R"(  "service": {"profile": "ietf", "require_key": "yes"},)" } })
        << QByteArray("broken.json:5:49: $.service.require_key: expected true or false, got \"yes\"");
    QTest::newRow("wrong_type_operation")
        << broken({ { 7, R"(  "requests": [{"at_ms": 0, "client": "tab-1", "operation": 5, "key": "k-1", "payload": {}, "copies": 1}],)" } })
        << QByteArray("broken.json:7:61: $.requests[0].operation: expected a string, got 5");
    QTest::newRow("wrong_type_service_array")
        << broken({ { 5, R"(  "service": [],)" } })
        << QByteArray("broken.json:5:14: $.service: expected an object, got an array");
    QTest::newRow("wrong_type_key_number")
        << broken({ { 7, R"(  "requests": [{"at_ms": 0, "client": "tab-1", "operation": "op", "key": 12, "payload": {}, "copies": 1}],)" } })
        << QByteArray("broken.json:7:74: $.requests[0].key: expected a string or null, got 12");
    QTest::newRow("null_intent")
        << broken({ { 7, R"(  "requests": [{"at_ms": 0, "client": "tab-1", "operation": "op", "key": "k-1", "payload": {}, "intent": null}],)" } })
        << QByteArray("broken.json:7:106: $.requests[0].intent: expected a string, got null");
    QTest::newRow("null_strategy")
        << broken({ { 5, R"(  "service": {"profile": "ietf", "strategy": null},)" } })
        << QByteArray("broken.json:5:46: $.service.strategy: expected a string (one of: unique_claim, check_then_insert, seen_flag, none), got null");
    QTest::newRow("fractional_duration")
        << broken({ { 5, R"(  "service": {"profile": "ietf", "ttl_ms": 1.5},)" } })
        << QByteArray("broken.json:5:44: $.service.ttl_ms: expected a non-negative integer, got 1.5");
    QTest::newRow("unknown_profile")
        << broken({ { 5, R"(  "service": {"profile": "aws"},)" } })
        << QByteArray("broken.json:5:26: $.service.profile: unknown value \"aws\" (expected one of: ietf, stripe, powertools, brandur, powertools-redis, powertools-redis-fixed, express-idempotency, node-idempotency, powertools-dynamodb)");
    // docs/manual/stores.md store engines: what the engine cannot do is refused, naming the field.
    QTest::newRow("unknown_store_engine")
        << broken({ { 5, R"(  "service": {"profile": "ietf", "store_engine": "etcd"},)" } })
        << QByteArray("broken.json:5:50: $.service.store_engine: unknown value \"etcd\" (expected one of: sql, redis, mysql, dynamodb)");
    QTest::newRow("claim_ttl_on_sql")
        << broken({ { 5, R"(  "service": {"profile": "ietf", "claim_ttl_ms": 100},)" } })
        << QByteArray("broken.json:5:50: $.service.claim_ttl_ms: claim_ttl_ms applies only to store_engine \"redis\" (this service's is \"sql\")");
    QTest::newRow("sweep_on_redis")
        << broken({ { 5, R"(  "service": {"profile": "ietf", "store_engine": "redis", "sweep_every_ms": 1000},)" } })
        << QByteArray("broken.json:5:77: $.service.sweep_every_ms: Redis expires keys itself: sweep_every_ms must be null on store_engine \"redis\"");
    QTest::newRow("tombstone_on_redis")
        << broken({ { 5, R"(  "service": {"profile": "ietf", "store_engine": "redis", "after_expiry": "tombstone", "tombstone_ms": 5},)" } })
        << QByteArray("broken.json:5:75: $.service.after_expiry: a Redis key is gone at its expiry, so there is nothing to keep a tombstone of: after_expiry must be \"forget\" on store_engine \"redis\"");
    QTest::newRow("powertools_redis_on_sql")
        << broken({ { 5, R"(  "service": {"profile": "powertools-redis", "store_engine": "sql"},)" } })
        << QByteArray("broken.json:5:62: $.service.store_engine: profile \"powertools-redis\" runs on store_engine \"redis\"");
    QTest::newRow("zero_claim_ttl")
        << broken({ { 5, R"(  "service": {"profile": "ietf", "store_engine": "redis", "claim_ttl_ms": 0},)" } })
        << QByteArray("broken.json:5:75: $.service.claim_ttl_ms: expected a positive integer (a claim's PX), got 0");
    QTest::newRow("replication_not_async")
        << broken({ { 5, R"(  "service": {"profile": "ietf", "store_engine": "redis", "replication": {"mode": "sync", "lag_ms": 1}},)" } })
        << QByteArray("broken.json:5:83: $.service.replication.mode: expected \"async\" (Redis replication is asynchronous), got \"sync\"");
    QTest::newRow("unknown_strategy")
        << broken({ { 5, R"(  "service": {"profile": "ietf", "strategy": "optimistic"},)" } })
        << QByteArray("broken.json:5:46: $.service.strategy: unknown value \"optimistic\" (expected one of: unique_claim, check_then_insert, seen_flag, none)");
    QTest::newRow("unknown_after_expiry")
        << broken({ { 5, R"(  "service": {"profile": "ietf", "after_expiry": "purge"},)" } })
        << QByteArray("broken.json:5:50: $.service.after_expiry: unknown value \"purge\" (expected one of: forget, tombstone)");
    QTest::newRow("unknown_jitter")
        << broken({ { 6, R"(  "clients": [{"id": "tab-1", "actor": "42", "timeout_ms": 1000, "retry": {"jitter": "fast"}}],)" } })
        << QByteArray("broken.json:6:86: $.clients[0].retry.jitter: unknown value \"fast\" (expected one of: none, full, equal, decorrelated)");
    QTest::newRow("unknown_backoff")
        << broken({ { 6, R"(  "clients": [{"id": "tab-1", "actor": "42", "timeout_ms": 1000, "retry": {"backoff": "linear"}}],)" } })
        << QByteArray("broken.json:6:87: $.clients[0].retry.backoff: unknown value \"linear\" (expected one of: constant, exponential)");
    QTest::newRow("unknown_retry_on")
        << broken({ { 6, R"(  "clients": [{"id": "tab-1", "actor": "42", "timeout_ms": 1000, "retry": {"on": ["timeout", "500"]}}],)" } })
        << QByteArray("broken.json:6:94: $.clients[0].retry.on[1]: unknown value \"500\" (expected one of: timeout, 409, 422, 5xx, 503)");
    QTest::newRow("unknown_on_conflict")
        << broken({ { 6, R"(  "clients": [{"id": "tab-1", "actor": "42", "timeout_ms": 1000, "retry": {}, "on_conflict": "retry"}],)" } })
        << QByteArray("broken.json:6:94: $.clients[0].on_conflict: unknown value \"retry\" (expected one of: retry_same_key, new_key, give_up)");
    QTest::newRow("unknown_fault_kind")
        << broken({ { 8, R"(  "faults": [{"kind": "meteor"}])" } })
        << QByteArray("broken.json:8:23: $.faults[0].kind: unknown value \"meteor\" (expected one of: drop_request, drop_response, handler_error, reject_payload, crash_before_effect, crash_after_effect, slow_handler, db_down, late_retry, slow_network, crash_after_upstream, crash_after_claim, failover, rollback_claim, ttl_sweep_now, clock_skew, large_response)");
    QTest::newRow("failover_without_replica")
        << broken({ { 8, R"(  "faults": [{"kind": "failover", "at_ms": 5}])" } })
        << QByteArray("broken.json:8:23: $.faults[0].kind: failover promotes a replica: \"service\" runs on store_engine \"sql\" (failover needs \"redis\" with a replication block)");
    QTest::newRow("unknown_decision_in_expect")
        << broken({ { 8, R"(  "faults": [], "expect": {"decisions": {"creatd": 1}})" } })
        << QByteArray("broken.json:8:42: $.expect.decisions.creatd: unknown decision \"creatd\" (expected one of: missing_key, invalid_key, rejected_payload, created, replayed, conflict_in_progress, payload_mismatch, lease_takeover, expired_reexecuted, expired_rejected, seen_no_result, unprotected, store_unavailable, unknown_outcome, crashed)");
    QTest::newRow("unknown_figure_in_expect")
        << broken({ { 8, R"(  "faults": [], "expect": {"effect": 1})" } })
        << QByteArray("broken.json:8:28: $.expect.effect: unknown field \"effect\"");
    QTest::newRow("negative_expect_count")
        << broken({ { 8, R"(  "faults": [], "expect": {"effects": -1})" } })
        << QByteArray("broken.json:8:39: $.expect.effects: expected a non-negative integer, got -1");
    QTest::newRow("dangling_client_in_request")
        << broken({ { 7, R"(  "requests": [{"at_ms": 0, "client": "tab-9", "operation": "op", "key": "k-1", "payload": {}, "copies": 1}],)" } })
        << QByteArray("broken.json:7:39: $.requests[0].client: no client \"tab-9\"");
    QTest::newRow("dangling_client_in_fault")
        << broken({ { 8, R"(  "faults": [{"kind": "drop_response", "client": "tab-2"}])" } })
        << QByteArray("broken.json:8:50: $.faults[0].client: no client \"tab-2\"");
    QTest::newRow("fault_request_out_of_range")
        << broken({ { 8, R"(  "faults": [{"kind": "drop_response", "request": 1}])" } })
        << QByteArray("broken.json:8:51: $.faults[0].request: no request 1 (indexes run from 0 to 0)");
    QTest::newRow("fault_request_negative")
        << broken({ { 8, R"(  "faults": [{"kind": "drop_response", "request": -1}])" } })
        << QByteArray("broken.json:8:51: $.faults[0].request: expected a non-negative integer, got -1");
    QTest::newRow("fault_attempt_zero")
        << broken({ { 8, R"(  "faults": [{"kind": "drop_response", "attempt": 0}])" } })
        << QByteArray("broken.json:8:51: $.faults[0].attempt: expected a positive integer, got 0");
    QTest::newRow("negative_duration")
        << broken({ { 5, R"(  "service": {"profile": "ietf", "ttl_ms": -5},)" } })
        << QByteArray("broken.json:5:44: $.service.ttl_ms: expected a non-negative integer, got -5");
    QTest::newRow("negative_timeout")
        << broken({ { 6, R"(  "clients": [{"id": "tab-1", "actor": "42", "timeout_ms": -1, "retry": {}}],)" } })
        << QByteArray("broken.json:6:60: $.clients[0].timeout_ms: expected a non-negative integer, got -1");
    QTest::newRow("absurd_duration")
        << broken({ { 5, R"(  "service": {"profile": "ietf", "ttl_ms": 315360000001},)" } })
        << QByteArray("broken.json:5:44: $.service.ttl_ms: 315360000001 ms is larger than 10 years");
    QTest::newRow("absurd_duration_exponent")
        << broken({ { 7, R"(  "requests": [{"at_ms": 0, "client": "tab-1", "operation": "op", "key": "k-1", "payload": {}, "every_ms": 1e20}],)" } })
        << QByteArray("broken.json:7:108: $.requests[0].every_ms: 1e20 ms is larger than 10 years");
    QTest::newRow("rate_above_one")
        << broken({ { 8, R"(  "faults": [{"kind": "drop_response", "rate": 1.5}])" } })
        << QByteArray("broken.json:8:48: $.faults[0].rate: expected a number from 0 to 1, got 1.5");
    QTest::newRow("max_attempts_zero")
        << broken({ { 6, R"(  "clients": [{"id": "tab-1", "actor": "42", "timeout_ms": 1000, "retry": {"max_attempts": 0}}],)" } })
        << QByteArray("broken.json:6:92: $.clients[0].retry.max_attempts: expected a positive integer, got 0");
    QTest::newRow("copies_zero")
        << broken({ { 7, R"(  "requests": [{"at_ms": 0, "client": "tab-1", "operation": "op", "key": "k-1", "payload": {}, "copies": 0}],)" } })
        << QByteArray("broken.json:7:106: $.requests[0].copies: expected an integer from 1 to 100000, got 0");
    QTest::newRow("copies_two_billion")
        << broken({ { 7, R"(  "requests": [{"at_ms": 0, "client": "tab-1", "operation": "op", "key": "k-1", "payload": {}, "copies": 2000000000}],)" } })
        << QByteArray("broken.json:7:106: $.requests[0].copies: expected an integer from 1 to 100000, got 2000000000");
    QTest::newRow("repeat_two_billion")
        << broken({ { 7, R"(  "requests": [{"at_ms": 0, "client": "tab-1", "operation": "op", "key": "auto", "payload": {}, "repeat": 2000000000}],)" } })
        << QByteArray("broken.json:7:107: $.requests[0].repeat: expected an integer from 1 to 2000000, got 2000000000");
    QTest::newRow("copies_times_repeat")
        << broken({ { 7, R"(  "requests": [{"at_ms": 0, "client": "tab-1", "operation": "op", "key": "auto", "payload": {}, "copies": 100, "repeat": 200000}],)" } })
        << QByteArray("broken.json:7:122: $.requests[0].repeat: copies × repeat makes 20000000 first requests in all, more than the 10000000 a scenario may send");
    QTest::newRow("repeat_with_literal_key")
        << broken({ { 7, R"(  "requests": [{"at_ms": 0, "client": "tab-1", "operation": "op", "key": "k-1", "payload": {}, "repeat": 2}],)" } })
        << QByteArray("broken.json:7:74: $.requests[0].key: repeat 2 needs key \"auto\" or null, got \"k-1\"");
    QTest::newRow("tombstone_without_tombstone_ms")
        << broken({ { 5, R"(  "service": {"profile": "ietf", "after_expiry": "tombstone"},)" } })
        << QByteArray("broken.json:5:50: $.service.after_expiry: \"tombstone\" needs a positive tombstone_ms");
    QTest::newRow("tombstone_with_zero_ms")
        << broken({ { 5, R"(  "service": {"profile": "ietf", "after_expiry": "tombstone", "tombstone_ms": 0},)" } })
        << QByteArray("broken.json:5:50: $.service.after_expiry: \"tombstone\" needs a positive tombstone_ms");
    QTest::newRow("status_out_of_range")
        << broken({ { 5, R"(  "service": {"profile": "ietf", "mismatch_status": 700},)" } })
        << QByteArray("broken.json:5:53: $.service.mismatch_status: expected an HTTP status from 100 to 599, got 700");
    QTest::newRow("max_key_length_below_min")
        << broken({ { 5, R"(  "service": {"profile": "ietf", "min_key_length": 10, "max_key_length": 5},)" } })
        << QByteArray("broken.json:5:74: $.service.max_key_length: max_key_length 5 is smaller than min_key_length 10");
    QTest::newRow("min_key_length_above_profile_max")
        << broken({ { 5, R"(  "service": {"profile": "ietf", "min_key_length": 300},)" } })
        << QByteArray("broken.json:5:52: $.service.min_key_length: min_key_length 300 is larger than the profile's max_key_length 255");
    QTest::newRow("key_scope_unknown")
        << broken({ { 5, R"(  "service": {"profile": "ietf", "key_scope": "tenant"},)" } })
        << QByteArray("broken.json:5:47: $.service.key_scope: unknown value \"tenant\" (expected one of: actor_operation, operation, actor, global, operation_query)");
    QTest::newRow("fingerprint_form_unknown")
        << broken({ { 5, R"(  "service": {"profile": "ietf", "fingerprint_form": "sorted"},)" } })
        << QByteArray("broken.json:5:54: $.service.fingerprint_form: unknown value \"sorted\" (expected one of: canonical, ordered, raw)");
    QTest::newRow("fingerprint_part_twice")
        << broken({ { 5, R"(  "service": {"profile": "ietf", "fingerprint_parts": ["body", "body"]},)" } })
        << QByteArray("broken.json:5:64: $.service.fingerprint_parts[1]: \"body\" is listed twice");
    QTest::newRow("raw_fingerprint_with_selection")
        << broken({ { 5, R"(  "service": {"profile": "ietf", "fingerprint_form": "raw", "fingerprint": {"only": ["/a"]}},)" } })
        << QByteArray("broken.json:5:54: $.service.fingerprint_form: \"raw\" hashes the body's bytes as sent, so fingerprint \"only\"/\"ignore\" cannot select members of it");
    QTest::newRow("key_syntax_unknown")
        << broken({ { 5, R"(  "service": {"profile": "ietf", "key_syntax": "token"},)" } })
        << QByteArray("broken.json:5:48: $.service.key_syntax: unknown value \"token\" (expected one of: sf-string, raw)");
    QTest::newRow("retry_after_negative")
        << broken({ { 5, R"(  "service": {"profile": "ietf", "conflict_retry_after_s": -1},)" } })
        << QByteArray("broken.json:5:60: $.service.conflict_retry_after_s: expected an integer from 0 to 86400 or null, got -1");
    QTest::newRow("fingerprint_not_a_pointer")
        << broken({ { 5, R"(  "service": {"profile": "ietf", "fingerprint": {"only": ["amount"]}},)" } })
        << QByteArray("broken.json:5:59: $.service.fingerprint.only[0]: invalid JSON Pointer \"amount\": it must be empty or start with '/'");
    QTest::newRow("fingerprint_bad_escape")
        << broken({ { 5, R"(  "service": {"profile": "ietf", "fingerprint": {"ignore": ["/a~2"]}},)" } })
        << QByteArray("broken.json:5:61: $.service.fingerprint.ignore[0]: invalid JSON Pointer \"/a~2\": '~' must be followed by '0' or '1'");
    QTest::newRow("sweep_every_zero")
        << broken({ { 5, R"(  "service": {"profile": "ietf", "sweep_every_ms": 0},)" } })
        << QByteArray("broken.json:5:52: $.service.sweep_every_ms: expected a positive integer or null, got 0");
    QTest::newRow("seed_above_2_53")
        << broken({ { 4, R"(  "seed": 9007199254740993,)" } })
        << QByteArray("broken.json:4:11: $.seed: expected a non-negative integer no larger than 2^53, got 9007199254740993");
    QTest::newRow("db_down_ends_before_start")
        << broken({ { 8, R"(  "faults": [{"kind": "db_down", "from_ms": 100, "to_ms": 50}])" } })
        << QByteArray("broken.json:8:59: $.faults[0].to_ms: to_ms 50 is before from_ms 100");
    QTest::newRow("slow_handler_without_handler_ms")
        << broken({ { 8, R"(  "faults": [{"kind": "slow_handler"}])" } })
        << QByteArray("broken.json:8:14: $.faults[0]: missing required field \"handler_ms\"");
    QTest::newRow("fault_without_kind")
        << broken({ { 8, R"(  "faults": [{"client": "tab-1"}])" } })
        << QByteArray("broken.json:8:14: $.faults[0]: missing required field \"kind\"");
    QTest::newRow("missing_format")
        << broken({ { 2, R"()" } })
        << QByteArray("broken.json:1:1: $: missing required field \"format\"");
    QTest::newRow("missing_name")
        << broken({ { 3, R"()" } })
        << QByteArray("broken.json:1:1: $: missing required field \"name\"");
    QTest::newRow("missing_seed")
        << broken({ { 4, R"()" } })
        << QByteArray("broken.json:1:1: $: missing required field \"seed\"");
    QTest::newRow("missing_service_profile")
        << broken({ { 5, R"(  "service": {"ttl_ms": 5},)" } })
        << QByteArray("broken.json:5:14: $.service: missing required field \"profile\"");
    QTest::newRow("missing_client_retry")
        << broken({ { 6, R"(  "clients": [{"id": "tab-1", "actor": "42", "timeout_ms": 1000}],)" } })
        << QByteArray("broken.json:6:15: $.clients[0]: missing required field \"retry\"");
    QTest::newRow("missing_request_payload")
        << broken({ { 7, R"(  "requests": [{"at_ms": 0, "client": "tab-1", "operation": "op", "key": "k-1"}],)" } })
        << QByteArray("broken.json:7:16: $.requests[0]: missing required field \"payload\"");
    QTest::newRow("missing_request_key")
        << broken({ { 7, R"(  "requests": [{"at_ms": 0, "client": "tab-1", "operation": "op", "payload": {}}],)" } })
        << QByteArray("broken.json:7:16: $.requests[0]: missing required field \"key\"");
    QTest::newRow("wrong_format")
        << broken({ { 2, R"(  "format": "idempotency-workbench/scenario@2",)" } })
        << QByteArray("broken.json:2:13: $.format: unsupported format \"idempotency-workbench/scenario@2\" (expected \"idempotency-workbench/scenario@1\")");
    QTest::newRow("zero_clients")
        << broken({ { 6, R"(  "clients": [],)" } })
        << QByteArray("broken.json:6:14: $.clients: a scenario needs at least one client");
    QTest::newRow("zero_requests")
        << broken({ { 7, R"(  "requests": [],)" } })
        << QByteArray("broken.json:7:15: $.requests: a scenario needs at least one request");
    QTest::newRow("duplicate_client_id")
        << broken({ { 6, R"(  "clients": [{"id": "tab-1", "actor": "42", "timeout_ms": 1, "retry": {}}, {"id": "tab-1", "actor": "43", "timeout_ms": 1, "retry": {}}],)" } })
        << QByteArray("broken.json:6:84: $.clients[1].id: duplicate client id \"tab-1\"");
    QTest::newRow("empty_name")
        << broken({ { 3, R"(  "name": "",)" } })
        << QByteArray("broken.json:3:11: $.name: expected a non-empty string, got \"\"");

    // Syntax errors keep the parser's message and position.
    QTest::newRow("json_syntax_error")
        << broken({ { 4, R"(  "seed": 7)" } })
        << QByteArray("broken.json:5:3: $: expected ',' or '}' after object member");
    QTest::newRow("duplicate_member_name")
        << broken({ { 4, R"(  "seed": 7, "seed": 8,)" } })
        << QByteArray("broken.json:4:14: $: duplicate member name \"seed\"");
    QTest::newRow("empty_file")
        << QByteArray()
        << QByteArray("broken.json:1:1: $: the input contains no JSON value");
    QTest::newRow("root_not_an_object")
        << QByteArray("\n  [1, 2]")
        << QByteArray("broken.json:2:3: $: expected an object, got an array");
    // clang-format on
}

void TestScenario::testRouteErrors_data()
{
    QTest::addColumn<QByteArray>("document");
    QTest::addColumn<QByteArray>("message");

    // Line 8 of the base document carries the route (and the faults that name its hops).
    const auto route = [](const char* line) { return broken({ { 8, line } }); };
    // clang-format off
    QTest::newRow("valid_route") << route(R"(  "faults": [{"kind": "drop_response", "hop": "p"}], "route": [{"name": "p", "service": {"profile": "ietf"}, "key": "derive", "timeout_ms": 1000, "retry": {}}])")
        << QByteArray();
    QTest::newRow("empty_route") << route(R"(  "faults": [], "route": [])")
        << QByteArray("broken.json:8:26: $.route: a route lists at least one hop (leave \"route\" out for none)");
    QTest::newRow("unknown_hop_field") << route(R"(  "faults": [], "route": [{"name": "p", "service": {"profile": "ietf"}, "key": "derive", "timeout_ms": 1000, "retry": {}, "effects": false}])")
        << QByteArray("broken.json:8:123: $.route[0].effects: unknown field \"effects\"");
    QTest::newRow("unknown_key_rule") << route(R"(  "faults": [], "route": [{"name": "p", "service": {"profile": "ietf"}, "key": "copy", "timeout_ms": 1000, "retry": {}}])")
        << QByteArray("broken.json:8:80: $.route[0].key: unknown value \"copy\" (expected one of: forward, derive, new, none)");
    QTest::newRow("hop_named_service") << route(R"(  "faults": [], "route": [{"name": "service", "service": {"profile": "ietf"}, "key": "derive", "timeout_ms": 1000, "retry": {}}])")
        << QByteArray("broken.json:8:36: $.route[0].name: \"service\" names the first service already: give the hop another name");
    QTest::newRow("duplicate_hop_name") << route(R"(  "faults": [], "route": [{"name": "p", "service": {"profile": "ietf"}, "key": "none", "timeout_ms": 1, "retry": {}}, {"name": "p", "service": {"profile": "ietf"}, "key": "none", "timeout_ms": 1, "retry": {}}])")
        << QByteArray("broken.json:8:128: $.route[1].name: duplicate hop name \"p\"");
    QTest::newRow("hop_without_timeout") << route(R"(  "faults": [], "route": [{"name": "p", "service": {"profile": "ietf"}, "key": "derive", "retry": {}}])")
        << QByteArray("broken.json:8:27: $.route[0]: missing required field \"timeout_ms\"");
    QTest::newRow("negative_hop_timeout") << route(R"(  "faults": [], "route": [{"name": "p", "service": {"profile": "ietf"}, "key": "derive", "timeout_ms": -1, "retry": {}}])")
        << QByteArray("broken.json:8:104: $.route[0].timeout_ms: expected a non-negative integer, got -1");
    QTest::newRow("recover_inside_a_hops_service") << route(R"(  "faults": [], "route": [{"name": "p", "service": {"profile": "ietf", "recover": {}}, "key": "derive", "timeout_ms": 1, "retry": {}}])")
        << QByteArray("broken.json:8:72: $.route[0].service.recover: unknown field \"recover\"");
    QTest::newRow("recover_every_zero") << broken({ { 5, R"(  "service": {"profile": "ietf", "recover": {"every_ms": 0, "older_than_ms": 1, "by": "lookup"}},)" } })
        << QByteArray("broken.json:5:58: $.service.recover.every_ms: expected a positive integer, got 0");
    QTest::newRow("recover_unknown_by") << broken({ { 5, R"(  "service": {"profile": "ietf", "recover": {"every_ms": 10, "older_than_ms": 1, "by": "delete"}},)" } })
        << QByteArray("broken.json:5:88: $.service.recover.by: unknown value \"delete\" (expected one of: lookup, release)");
    QTest::newRow("recover_without_by") << broken({ { 5, R"(  "service": {"profile": "ietf", "recover": {"every_ms": 10, "older_than_ms": 1}},)" } })
        << QByteArray("broken.json:5:45: $.service.recover: missing required field \"by\"");
    QTest::newRow("fault_names_no_hop") << route(R"(  "faults": [{"kind": "drop_response", "hop": "q"}], "route": [{"name": "p", "service": {"profile": "ietf"}, "key": "derive", "timeout_ms": 1000, "retry": {}}])")
        << QByteArray("broken.json:8:47: $.faults[0].hop: no hop \"q\" (the hops: \"service\", \"p\")");
    QTest::newRow("fault_hop_not_a_string") << route(R"(  "faults": [{"kind": "drop_response", "hop": 1}])")
        << QByteArray("broken.json:8:47: $.faults[0].hop: expected a string (\"service\" or a route hop's name), got 1");
    QTest::newRow("crash_after_upstream_without_route") << route(R"(  "faults": [{"kind": "crash_after_upstream"}])")
        << QByteArray("broken.json:8:23: $.faults[0].kind: crash_after_upstream strikes a hop that calls another, and \"service\" calls none (the scenario has no route)");
    QTest::newRow("crash_after_upstream_on_the_last_hop") << route(R"(  "faults": [{"kind": "crash_after_upstream", "hop": "p"}], "route": [{"name": "p", "service": {"profile": "ietf"}, "key": "derive", "timeout_ms": 1000, "retry": {}}])")
        << QByteArray("broken.json:8:23: $.faults[0].kind: crash_after_upstream strikes a hop that calls another, and \"p\" is the last of the route");
    QTest::newRow("expect_by_unknown_hop") << route(R"(  "faults": [], "route": [{"name": "p", "service": {"profile": "ietf"}, "key": "derive", "timeout_ms": 1000, "retry": {}}], "expect": {"duplicate_effects_by_hop": {"q": 0}})")
        << QByteArray("broken.json:8:165: $.expect.duplicate_effects_by_hop.q: no hop \"q\"");
    QTest::newRow("expect_by_hop_without_route") << route(R"(  "faults": [], "expect": {"duplicate_effects_by_hop": {}})")
        << QByteArray("broken.json:8:28: $.expect.duplicate_effects_by_hop: unknown field \"duplicate_effects_by_hop\"");
    QTest::newRow("explore_with_route") << route(R"(  "faults": [], "route": [{"name": "p", "service": {"profile": "ietf"}, "key": "derive", "timeout_ms": 1000, "retry": {}}], "explore": {})")
        << QByteArray("broken.json:8:136: $.explore: explore does not take a scenario with a route yet");
    // clang-format on
}

void TestScenario::testRouteErrors()
{
    testBrokenFiles();
}

void TestScenario::testBrokenFiles()
{
    QFETCH(QByteArray, document);
    QFETCH(QByteArray, message);

    try {
        const Scenario s = load(document, "broken.json");
        QVERIFY2(message.isEmpty(), "loaded a broken scenario");
        QCOMPARE(bytes(s.name), QByteArray("broken"));
    } catch (const ScenarioError& e) {
        QCOMPARE(QByteArray(e.what()), message);
    }
}

void TestScenario::testErrorParts()
{
    try {
        load(
            broken({ { 6,
                R"(  "clients": [{"id": "tab-1", "actor": "42", "timeout_ms": 1000, "retry": {"jitter": "fast"}}],)" } }),
            "double-submit.json");
        QFAIL("loaded an unknown jitter");
    } catch (const ScenarioError& e) {
        QCOMPARE(bytes(e.file()), QByteArray("double-submit.json"));
        QCOMPARE(e.position(), (json::Position { 6, 86 }));
        QCOMPARE(bytes(e.jsonPath()), QByteArray("$.clients[0].retry.jitter"));
        QCOMPARE(
            bytes(e.detail()), QByteArray("unknown value \"fast\" (expected one of: none, full, equal, decorrelated)"));
        QCOMPARE(QByteArray(e.what()),
            QByteArray("double-submit.json:6:86: $.clients[0].retry.jitter: unknown value \"fast\" (expected one of: "
                       "none, full, equal, decorrelated)"));
    }
}

void TestScenario::testLoadFile()
{
    const std::string path = IW_SOURCE_DIR "/tests/data/scenarios/spec-example.json";
    const Scenario s = loadScenarioFile(path);
    QCOMPARE(bytes(s.name), QByteArray("lost-response-retry"));

    // Messages name the file as the user gave it.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QFile file(dir.filePath(QStringLiteral("bad.json")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(broken({ { 4, R"(  "seed": -1,)" } }));
    file.close();
    const std::string badPath = file.fileName().toStdString();
    try {
        loadScenarioFile(badPath);
        QFAIL("loaded a negative seed");
    } catch (const ScenarioError& e) {
        QCOMPARE(bytes(e.what()),
            bytes(badPath + ":4:11: $.seed: expected a non-negative integer no larger than 2^53, got -1"));
    }
}

void TestScenario::testUnreadableFile_data()
{
    QTest::addColumn<QByteArray>("path");
    QTest::addColumn<QByteArray>("message");

    QTest::newRow("missing") << QByteArray("no/such/scenario.json")
                             << QByteArray("no/such/scenario.json: cannot read the file: No such file or directory");
    QTest::newRow("missing_resource") << QByteArray(":/scenarios/no-such-preset.json")
                                      << QByteArray(":/scenarios/no-such-preset.json: cannot read the file: ");
    QTest::newRow("directory") << QByteArray(IW_SOURCE_DIR "/tests")
                               << QByteArray(IW_SOURCE_DIR "/tests: cannot read the file: ");
}

void TestScenario::testUnreadableFile()
{
    QFETCH(QByteArray, path);
    QFETCH(QByteArray, message);

    try {
        loadScenarioFile(path.toStdString());
        QFAIL("loaded an unreadable file");
    } catch (const ScenarioError& e) {
        // The OS's wording varies for resources and directories; the prefix and a reason are what matter.
        const QByteArray what(e.what());
        QVERIFY2(what.startsWith(message), what.constData());
        QVERIFY2(what.size() > message.size() || message.endsWith("directory"), what.constData());
        QCOMPARE(bytes(e.file()), path);
        QCOMPARE(e.position(), (json::Position { 0, 0 }));
        QVERIFY(e.detail().starts_with("cannot read the file: "));
    }
}

void TestScenario::testTranslations_data()
{
    QTest::addColumn<QByteArray>("document");
    QTest::addColumn<QByteArray>("message");

    // Line 8 of the base document carries a two-step lesson and its translations.
    const auto translated = [](const char* line) { return broken({ { 8, line } }); };
    // clang-format off
    QTest::newRow("both_languages") << translated(R"(  "faults": [], "lesson": [{"at_ms": 0, "title": "One", "text": "First."}, {"at_ms": 5, "title": "Two", "text": "Second."}], "translations": {"ru": {"title": "Т", "description": "О", "lesson": [{"title": "Один", "text": "Первый."}, {"title": "Два", "text": "Второй."}]}, "uk": {"title": "Т"}})")
        << QByteArray();
    QTest::newRow("unknown_language") << translated(R"(  "faults": [], "lesson": [{"at_ms": 0, "title": "One", "text": "First."}, {"at_ms": 5, "title": "Two", "text": "Second."}], "translations": {"ua": {"title": "Т"}})")
        << QByteArray("broken.json:8:143: $.translations.ua: unknown language \"ua\" (expected one of: ru, uk; the scenario's own texts are its English)");
    QTest::newRow("english_is_the_own_text") << translated(R"(  "faults": [], "lesson": [{"at_ms": 0, "title": "One", "text": "First."}, {"at_ms": 5, "title": "Two", "text": "Second."}], "translations": {"en": {"title": "T"}})")
        << QByteArray("broken.json:8:143: $.translations.en: unknown language \"en\" (expected one of: ru, uk; the scenario's own texts are its English)");
    QTest::newRow("not_an_object") << translated(R"(  "faults": [], "lesson": [{"at_ms": 0, "title": "One", "text": "First."}, {"at_ms": 5, "title": "Two", "text": "Second."}], "translations": ["ru"])")
        << QByteArray("broken.json:8:142: $.translations: expected an object of languages (\"ru\", \"uk\"), got an array");
    QTest::newRow("unknown_field") << translated(R"(  "faults": [], "lesson": [{"at_ms": 0, "title": "One", "text": "First."}, {"at_ms": 5, "title": "Two", "text": "Second."}], "translations": {"ru": {"title": "Т", "summary": "С"}})")
        << QByteArray("broken.json:8:164: $.translations.ru.summary: unknown field \"summary\"");
    QTest::newRow("empty_title") << translated(R"(  "faults": [], "lesson": [{"at_ms": 0, "title": "One", "text": "First."}, {"at_ms": 5, "title": "Two", "text": "Second."}], "translations": {"uk": {"title": ""}})")
        << QByteArray("broken.json:8:159: $.translations.uk.title: expected a non-empty string, got \"\"");
    QTest::newRow("fewer_steps") << translated(R"(  "faults": [], "lesson": [{"at_ms": 0, "title": "One", "text": "First."}, {"at_ms": 5, "title": "Two", "text": "Second."}], "translations": {"ru": {"lesson": [{"title": "Один", "text": "Первый."}]}})")
        << QByteArray("broken.json:8:160: $.translations.ru.lesson: the lesson has 2 steps but its translation has 1 (one per step, in the same order)");
    QTest::newRow("step_without_text") << translated(R"(  "faults": [], "lesson": [{"at_ms": 0, "title": "One", "text": "First."}, {"at_ms": 5, "title": "Two", "text": "Second."}], "translations": {"uk": {"lesson": [{"title": "Один"}, {"title": "Два", "text": "Другий."}]}})")
        << QByteArray("broken.json:8:161: $.translations.uk.lesson[0]: missing required field \"text\"");
    QTest::newRow("step_with_its_own_time") << translated(R"(  "faults": [], "lesson": [{"at_ms": 0, "title": "One", "text": "First."}, {"at_ms": 5, "title": "Two", "text": "Second."}], "translations": {"ru": {"lesson": [{"title": "Один", "text": "Первый.", "at_ms": 0}, {"title": "Два", "text": "Второй."}]}})")
        << QByteArray("broken.json:8:198: $.translations.ru.lesson[0].at_ms: unknown field \"at_ms\"");
    QTest::newRow("no_lesson_to_translate") << translated(R"(  "faults": [], "translations": {"ru": {"lesson": [{"title": "Один", "text": "Первый."}]}})")
        << QByteArray("broken.json:8:51: $.translations.ru.lesson: the scenario has no lesson to translate");
    // clang-format on
}

void TestScenario::testTranslations()
{
    QFETCH(QByteArray, document);
    QFETCH(QByteArray, message);
    try {
        load(document, "broken.json");
        if (!message.isEmpty())
            QFAIL(qPrintable(QStringLiteral("loaded; expected: ") + QString::fromUtf8(message)));
    } catch (const ScenarioError& e) {
        QCOMPARE(QByteArray(e.what()), message);
    }
}

void TestScenario::testTextsInALanguage()
{
    const Scenario s = load(minimal(R"({"profile": "ietf"})",
        R"(, "title": "Title", "description": "Description.",
          "lesson": [{"at_ms": 0, "title": "One", "text": "First."}, {"at_ms": 5, "title": "Two", "text": "Second."}],
          "translations": {"ru": {"title": "Заголовок", "lesson": [{"title": "Один", "text": "Первый."},
                                                                  {"title": "Два", "text": "Второй."}]}})"));
    const ScenarioTexts ru = scenarioTexts(s, "ru");
    QCOMPARE(text(ru.title), QStringLiteral("Заголовок"));
    QCOMPARE(text(ru.description), QStringLiteral("Description.")); // not translated: the scenario's own
    QCOMPARE(ru.lesson.size(), std::size_t(2));
    QCOMPARE(text(ru.lesson[1].title), QStringLiteral("Два"));
    QCOMPARE(text(ru.lesson[1].text), QStringLiteral("Второй."));
    // A language the scenario has no texts in, and English, show its own texts.
    for (const char* language : { "uk", "en", "de" }) {
        const ScenarioTexts own = scenarioTexts(s, language);
        QCOMPARE(text(own.title), QStringLiteral("Title"));
        QCOMPARE(text(own.description), QStringLiteral("Description."));
        QCOMPARE(text(own.lesson[0].title), QStringLiteral("One"));
        QCOMPARE(text(own.lesson[0].text), QStringLiteral("First."));
    }
}

void TestScenario::testRoundTrip_data()
{
    QTest::addColumn<QByteArray>("document");

    QTest::newRow("spec_example") << sourceFile("tests/data/scenarios/spec-example.json");
    QTest::newRow("everything") << sourceFile("tests/data/scenarios/everything.json");
    QTest::newRow("minimal") << minimal(R"({"profile": "brandur"})");
    QTest::newRow("nulls_over_profile_defaults") << minimal(
        R"({"profile": "brandur", "in_progress_lease_ms": null, "sweep_every_ms": null, "fingerprint": {}})");
    QTest::newRow("empty_expect") << minimal(R"({"profile": "stripe"})", R"(, "expect": {"decisions": {}})");
    // docs/reference/routes.md: a route with every hop field, recovery jobs on `service` and a hop, faults naming hops,
    // and an expectation per hop.
    QTest::newRow("route") << minimal(
        R"({"profile": "ietf", "in_progress_lease_ms": 5000,
            "recover": {"every_ms": 60000, "older_than_ms": 30000, "by": "lookup"}})",
        R"(, "route": [
            {"name": "gateway", "service": {"profile": "ietf", "ttl_ms": 3600000, "handler_ms": 5}, "key": "forward",
             "effect": false, "timeout_ms": 1000, "retry": {"max_attempts": 2, "on": ["timeout"]}},
            {"name": "provider", "service": {"profile": "stripe", "network_ms": 20}, "key": "derive",
             "timeout_ms": 2000, "retry": {"max_attempts": 3, "backoff": "constant", "base_ms": 500, "on": ["5xx"]},
             "recover": {"every_ms": 1000, "older_than_ms": 0, "by": "release"}}],
          "faults": [{"kind": "crash_after_upstream", "hop": "gateway", "attempt": 1},
                     {"kind": "drop_response", "hop": "provider"}, {"kind": "db_down", "hop": "service", "from_ms": 0,
                     "to_ms": 5}],
          "expect": {"duplicate_effects": 0, "duplicate_effects_by_hop": {"service": 0, "provider": 1}})");
    // docs/glossary.md: texts in both other languages, one of them partial.
    QTest::newRow("translations") << minimal(R"({"profile": "ietf"})",
        R"(, "lesson": [{"at_ms": 0, "title": "One", "text": "First."}, {"at_ms": 5, "title": "Two", "text": "Second."}],
          "translations": {"uk": {"title": "Назва", "lesson": [{"title": "Один", "text": "Перший."},
                                                              {"title": "Два", "text": "Другий."}]},
                           "ru": {"title": "Название", "description": "Описание «в кавычках»."}})");
    QTest::newRow("payload_scalars") << QByteArray(
        R"({"format": "idempotency-workbench/scenario@1", "name": "p", "seed": 9007199254740992,
        "service": {"profile": "powertools"},
        "clients": [{"id": "c", "actor": "", "timeout_ms": 0, "retry": {"backoff": "constant", "on": ["503"]}}],
        "requests": [{"at_ms": 1, "client": "c", "operation": "", "key": null, "payload": -0.0},
                     {"at_ms": 2, "client": "c", "operation": "x", "key": "auto", "payload": "\u0000\"é😀"},
                     {"at_ms": 3, "client": "c", "operation": "x", "key": "", "payload": [[], {}, [[1E2]]]}]})");
}

void TestScenario::testRoundTrip()
{
    QFETCH(QByteArray, document);

    const Scenario original = load(document);
    const std::string saved = saveScenario(original);
    Scenario reloaded;
    try {
        reloaded = loadScenario(saved, "saved.json");
    } catch (const ScenarioError& e) {
        QFAIL(qPrintable(QString::fromUtf8(e.what()) + QStringLiteral("\n") + QString::fromStdString(saved)));
    }
    compareScenarios(original, reloaded);
    if (QTest::currentTestFailed())
        qWarning().noquote() << QString::fromStdString(saved);
    // Saving is stable: a saved file saves to itself.
    QCOMPARE(bytes(saveScenario(reloaded)), bytes(saved));
}

void TestScenario::testSavedText()
{
    // Every service field is written, null for none; absent optional fields come back with their defaults.
    const Scenario s = load(minimal(R"({"profile": "ietf"})",
        R"(, "expect": {"decisions": {"replayed": 2, "created": 1}, "effects": 1},
        "faults": [{"delay_ms": 3600000, "kind": "late_retry", "rate": 0.5, "attempt": 1, "request": 0}])"));
    const std::string expected = R"({
  "format": "idempotency-workbench/scenario@1",
  "name": "m",
  "seed": 1,
  "service": {
    "profile": "ietf",
    "strategy": "unique_claim",
    "require_key": true,
    "min_key_length": 1,
    "max_key_length": 255,
    "ttl_ms": 86400000,
    "in_progress_lease_ms": null,
    "after_expiry": "forget",
    "tombstone_ms": null,
    "store_errors": true,
    "mismatch_status": 422,
    "in_progress_status": 409,
    "missing_key_status": 400,
    "expired_status": 409,
    "fingerprint": null,
    "handler_ms": 200,
    "db_ms": 2,
    "network_ms": 10,
    "sweep_every_ms": null
  },
  "clients": [
    {
      "id": "c",
      "actor": "a",
      "timeout_ms": 1000,
      "retry": {
        "max_attempts": 1,
        "backoff": "exponential",
        "base_ms": 100,
        "cap_ms": 10000,
        "jitter": "none",
        "on": []
      },
      "on_conflict": "retry_same_key"
    }
  ],
  "requests": [
    {
      "at_ms": 0,
      "client": "c",
      "operation": "op",
      "key": "k",
      "payload": {},
      "copies": 1,
      "repeat": 1,
      "every_ms": 0
    }
  ],
  "faults": [
    {"kind": "late_retry", "request": 0, "attempt": 1, "rate": 0.5, "delay_ms": 3600000}
  ],
  "expect": {"effects": 1, "decisions": {"created": 1, "replayed": 2}}
}
)";
    // Line by line, so that a failure shows the first line that differs.
    const QByteArrayList savedLines = bytes(saveScenario(s)).split('\n');
    const QByteArrayList expectedLines = bytes(expected).split('\n');
    for (qsizetype i = 0; i < std::min(savedLines.size(), expectedLines.size()); ++i)
        QCOMPARE(savedLines[i], expectedLines[i]);
    QCOMPARE(savedLines.size(), expectedLines.size());

    // Payload numbers are written as they were read, member order kept.
    const Scenario p = load(R"({"format": "idempotency-workbench/scenario@1", "name": "p", "seed": 1,
        "service": {"profile": "ietf"}, "clients": [{"id": "c", "actor": "a", "timeout_ms": 1, "retry": {}}],
        "requests": [{"at_ms": 0, "client": "c", "operation": "op", "key": "k",
                      "payload": {"z": 1.50, "a": 1e2, "m": -0}}]})");
    QVERIFY(saveScenario(p).find(R"("payload": {"z": 1.50, "a": 1e2, "m": -0})") != std::string::npos);
}

void TestScenario::testPresets()
{
    // Every file in resources/scenarios is shipped, listed in file-name order and loads.
    QDir source(QStringLiteral(IW_SOURCE_DIR "/resources/scenarios"));
    QStringList expected = source.entryList({ QStringLiteral("*.json") }, QDir::Files, QDir::Name);
    std::sort(expected.begin(), expected.end());
    const std::vector<PresetInfo> presets = listPresets();
    QStringList listed;
    for (const PresetInfo& p : presets) {
        QVERIFY(p.resourcePath.starts_with(":/scenarios/"));
        listed.append(QString::fromStdString(p.resourcePath).mid(12));
        QVERIFY(!p.name.empty());
        const Scenario s = loadScenarioFile(p.resourcePath);
        QCOMPARE(bytes(p.name), bytes(s.name));
        QCOMPARE(bytes(p.title), bytes(s.title));
        QCOMPARE(bytes(p.description), bytes(s.description));
        // docs/glossary.md: every preset reads in the GUI's other languages too, its whole lesson included.
        for (const std::string_view language : TranslationLanguages) {
            const auto t = s.translations.find(language);
            QVERIFY2(t != s.translations.end(),
                qPrintable(QStringLiteral("%1 has no \"%2\" translations")
                               .arg(text(p.resourcePath), text(std::string(language)))));
            QVERIFY2(!t->second.title.empty() && !t->second.description.empty(),
                qPrintable(text(p.resourcePath) + QStringLiteral(": a translation lacks its title or description")));
            QCOMPARE(t->second.lesson.size(), s.lesson.size());
            QCOMPARE(bytes(p.shownTitle(language)), bytes(t->second.title));
        }
    }
    QCOMPARE(listed, expected);
}

void TestScenario::testNames()
{
    QCOMPARE(text(faultKindName(FaultKind::DropRequest)), QStringLiteral("drop_request"));
    QCOMPARE(text(faultKindName(FaultKind::DropResponse)), QStringLiteral("drop_response"));
    QCOMPARE(text(faultKindName(FaultKind::HandlerError)), QStringLiteral("handler_error"));
    QCOMPARE(text(faultKindName(FaultKind::RejectPayload)), QStringLiteral("reject_payload"));
    QCOMPARE(text(faultKindName(FaultKind::CrashBeforeEffect)), QStringLiteral("crash_before_effect"));
    QCOMPARE(text(faultKindName(FaultKind::CrashAfterEffect)), QStringLiteral("crash_after_effect"));
    QCOMPARE(text(faultKindName(FaultKind::SlowHandler)), QStringLiteral("slow_handler"));
    QCOMPARE(text(faultKindName(FaultKind::DbDown)), QStringLiteral("db_down"));
    QCOMPARE(text(faultKindName(FaultKind::LateRetry)), QStringLiteral("late_retry"));
    QCOMPARE(text(jitterName(Jitter::None)), QStringLiteral("none"));
    QCOMPARE(text(jitterName(Jitter::Full)), QStringLiteral("full"));
    QCOMPARE(text(jitterName(Jitter::Equal)), QStringLiteral("equal"));
    QCOMPARE(text(jitterName(Jitter::Decorrelated)), QStringLiteral("decorrelated"));
    QCOMPARE(text(backoffName(Backoff::Constant)), QStringLiteral("constant"));
    QCOMPARE(text(backoffName(Backoff::Exponential)), QStringLiteral("exponential"));
    QCOMPARE(text(onConflictName(OnConflict::RetrySameKey)), QStringLiteral("retry_same_key"));
    QCOMPARE(text(onConflictName(OnConflict::NewKey)), QStringLiteral("new_key"));
    QCOMPARE(text(onConflictName(OnConflict::GiveUp)), QStringLiteral("give_up"));
}

void TestScenario::testClientLookup()
{
    const Scenario s = load(R"({"format": "idempotency-workbench/scenario@1", "name": "two", "seed": 1,
        "service": {"profile": "ietf"},
        "clients": [{"id": "tab-1", "actor": "42", "timeout_ms": 1, "retry": {}},
                    {"id": "tab-2", "actor": "43", "timeout_ms": 2, "retry": {}, "on_conflict": "new_key"}],
        "requests": [{"at_ms": 0, "client": "tab-2", "operation": "op", "key": "k", "payload": {}}]})");
    const ClientSpec* c = s.client("tab-2");
    QVERIFY(c);
    QCOMPARE(bytes(c->actor), QByteArray("43"));
    QCOMPARE(c->onConflict, OnConflict::NewKey);
    QCOMPARE(s.client("tab-1"), &s.clients[0]);
    QCOMPARE(s.client("tab-3"), nullptr);
}

QTEST_GUILESS_MAIN(TestScenario)
#include "tst_scenario.moc"
