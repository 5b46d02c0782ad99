// Tests for lessons (docs/manual/teaching.md): the loader's validation of `lesson` with file, line, column and JSON
// path, the save → load round trip, and that every preset carries a lesson of at least two steps whose selections exist
// in its run. A step's `expect` ("a caption cannot lie"): its validation, its check at the step's instant, and every
// preset's.
#include "childprocess.h"
#include "report.h"
#include "scenario.h"
#include "simulation.h"
#include "store.h"
#include "storeengine.h"

#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace iw;

namespace {

// A valid scenario on five lines; the lesson goes on line 5, so a row names positions on that line.
QByteArray withLesson(const QByteArray& lesson)
{
    return R"({"format": "idempotency-workbench/scenario@1", "name": "l", "seed": 1, "service": {"profile": "ietf"},
"clients": [{"id": "c", "actor": "a", "timeout_ms": 1000, "retry": {}}],
"requests": [{"at_ms": 0, "client": "c", "operation": "op", "key": "k", "payload": {}}],
"faults": [],
"lesson": )"
        + lesson + "}";
}

Scenario load(const QByteArray& text)
{
    return loadScenario(std::string_view(text.constData(), std::size_t(text.size())), "lesson.json");
}

} // namespace

class TestLessons : public QObject {
    Q_OBJECT
private slots:
    void testValid();
    void testBroken_data();
    void testBroken();
    void testRoundTrip();
    void testEveryPresetHasALesson();
    void testStepExpectRoundTrip();
    void testStepExpectBroken_data();
    void testStepExpectBroken();
    void testStepExpectChecked();
    void testEveryPresetStepBacksItsText();
    void testRunCheckNamesTheStep();
};

namespace {

// Runs `s` as `run --check` does, checking the lesson steps' expects at their instants.
std::vector<std::string> lessonFailures(const Scenario& s)
{
    auto store = makeModelStore(s.service); // the store engine the scenario's profile models
    Simulation sim(s, *store);
    LessonCheck check(s);
    check.observe(sim);
    while (sim.step())
        check.observe(sim);
    return check.failures();
}

QByteArray joined(const std::vector<std::string>& lines)
{
    QByteArray out;
    for (const std::string& line : lines)
        out += QByteArray::fromStdString(line) + '\n';
    return out;
}

} // namespace

void TestLessons::testValid()
{
    const Scenario s = load(withLesson(R"([{"at_ms": 0, "title": "Start", "text": "Two copies leave."},
        {"at_ms": 12, "title": "Claim", "text": "One wins.", "select": "r2"},
        {"at_ms": 12, "title": "Effect", "text": "Once.", "select": "e1"},
        {"at_ms": 300, "title": "Scope", "text": "The lane.", "select": {"actor": "a", "operation": "op", "key": "k"}}])"));
    QCOMPARE(s.lesson.size(), std::size_t(4));
    QCOMPARE(s.lesson[0].select, LessonStep::Select::Nothing);
    QCOMPARE(s.lesson[1].atMs, Millis(12));
    QCOMPARE(s.lesson[1].select, LessonStep::Select::Request);
    QCOMPARE(s.lesson[1].index, 1);
    QCOMPARE(s.lesson[2].select, LessonStep::Select::Effect);
    QCOMPARE(s.lesson[2].index, 0);
    QCOMPARE(s.lesson[3].select, LessonStep::Select::Scope);
    QCOMPARE(QString::fromStdString(s.lesson[3].scope.key), QStringLiteral("k"));
    QCOMPARE(QString::fromStdString(s.lesson[3].title), QStringLiteral("Scope"));
}

void TestLessons::testBroken_data()
{
    QTest::addColumn<QByteArray>("lesson");
    QTest::addColumn<QByteArray>("message");

    // clang-format off
    QTest::newRow("not_an_array") << QByteArray(R"({"at_ms": 0})")
        << QByteArray("lesson.json:5:11: $.lesson: expected an array, got an object");
    QTest::newRow("empty") << QByteArray("[]")
        << QByteArray("lesson.json:5:11: $.lesson: a lesson needs at least one step");
    QTest::newRow("missing_title") << QByteArray(R"([{"at_ms": 0, "text": "t"}])")
        << QByteArray("lesson.json:5:12: $.lesson[0]: missing required field \"title\"");
    QTest::newRow("empty_text") << QByteArray(R"([{"at_ms": 0, "title": "T", "text": ""}])")
        << QByteArray("lesson.json:5:47: $.lesson[0].text: expected a non-empty string, got \"\"");
    QTest::newRow("unknown_field") << QByteArray(R"([{"at_ms": 0, "title": "T", "text": "t", "caption": "x"}])")
        << QByteArray("lesson.json:5:52: $.lesson[0].caption: unknown field \"caption\"");
    QTest::newRow("negative_time") << QByteArray(R"([{"at_ms": -1, "title": "T", "text": "t"}])")
        << QByteArray("lesson.json:5:22: $.lesson[0].at_ms: expected a non-negative integer of milliseconds, got -1");
    QTest::newRow("fraction") << QByteArray(R"([{"at_ms": 1.5, "title": "T", "text": "t"}])")
        << QByteArray("lesson.json:5:22: $.lesson[0].at_ms: expected a non-negative integer of milliseconds, got 1.5");
    QTest::newRow("back_in_time")
        << QByteArray(R"([{"at_ms": 10, "title": "T", "text": "t"}, {"at_ms": 5, "title": "U", "text": "u"}])")
        << QByteArray("lesson.json:5:64: $.lesson[1].at_ms: at_ms 5 comes before the previous step's 10 (steps must "
                      "not go back in time)");
    QTest::newRow("select_bad_id") << QByteArray(R"([{"at_ms": 0, "title": "T", "text": "t", "select": "r0"}])")
        << QByteArray("lesson.json:5:62: $.lesson[0].select: expected a request id (\"r1\", \"r2\", …), an effect id "
                      "(\"e1\", …) or a scope object, not \"r0\"");
    QTest::newRow("select_other_word") << QByteArray(R"([{"at_ms": 0, "title": "T", "text": "t", "select": "request"}])")
        << QByteArray("lesson.json:5:62: $.lesson[0].select: expected a request id (\"r1\", \"r2\", …), an effect id "
                      "(\"e1\", …) or a scope object, not \"request\"");
    QTest::newRow("select_number") << QByteArray(R"([{"at_ms": 0, "title": "T", "text": "t", "select": 1}])")
        << QByteArray("lesson.json:5:62: $.lesson[0].select: expected a request id (\"r1\"), an effect id (\"e1\") or "
                      "a scope object, got 1");
    QTest::newRow("select_scope_without_key")
        << QByteArray(R"([{"at_ms": 0, "title": "T", "text": "t", "select": {"actor": "a", "operation": "op"}}])")
        << QByteArray("lesson.json:5:62: $.lesson[0].select: missing required field \"key\"");
    QTest::newRow("select_scope_extra")
        << QByteArray(R"([{"at_ms": 0, "title": "T", "text": "t", "select": {"actor": "a", "operation": "op", "key": "k", "k": 1}}])")
        << QByteArray("lesson.json:5:108: $.lesson[0].select.k: unknown field \"k\"");
    // clang-format on
}

void TestLessons::testBroken()
{
    QFETCH(QByteArray, lesson);
    QFETCH(QByteArray, message);
    try {
        load(withLesson(lesson));
        QFAIL("loaded a broken lesson");
    } catch (const ScenarioError& e) {
        QCOMPARE(QByteArray(e.what()), message);
    }
}

void TestLessons::testRoundTrip()
{
    const Scenario s = load(withLesson(R"([{"at_ms": 0, "title": "Start", "text": "Two \"copies\" leave."},
        {"at_ms": 12, "title": "Claim", "text": "One wins.", "select": "r12"},
        {"at_ms": 13, "title": "Effect", "text": "Once.", "select": "e3"},
        {"at_ms": 300, "title": "Scope", "text": "Lane.", "select": {"actor": "a", "operation": "op", "key": ""}}])"));
    const std::string saved = saveScenario(s);
    const Scenario again = loadScenario(saved, "saved.json");
    QVERIFY(again.lesson == s.lesson);
    QCOMPARE(QByteArray::fromStdString(saveScenario(again)), QByteArray::fromStdString(saved));
}

void TestLessons::testEveryPresetHasALesson()
{
    const std::vector<PresetInfo> presets = listPresets();
    QVERIFY(!presets.empty());
    for (const PresetInfo& p : presets) {
        const QByteArray name = QByteArray::fromStdString(p.name);
        const Scenario s = loadScenarioFile(p.resourcePath);
        QVERIFY2(s.lesson.size() >= 2, QByteArray(name + ": a preset's lesson needs at least two steps").constData());
        auto store = makeModelStore(s.service);
        Simulation sim(s, *store);
        sim.runToEnd();
        for (std::size_t i = 0; i < s.lesson.size(); ++i) {
            const LessonStep& step = s.lesson[i];
            const QByteArray where = QByteArray(name + ": lesson step " + QByteArray::number(qulonglong(i + 1)));
            // A step after the run's end would show a finished run with nothing new in it.
            QVERIFY2(step.atMs <= sim.endTime(), QByteArray(where + " comes after the run's last event").constData());
            switch (step.select) {
            case LessonStep::Select::Nothing:
                break;
            case LessonStep::Select::Request:
                QVERIFY2(std::size_t(step.index) < sim.requests().size(),
                    QByteArray(where + " selects a request the run never sent").constData());
                // What a step selects has happened by the step's instant.
                QVERIFY2(sim.requests()[std::size_t(step.index)].sent <= step.atMs,
                    QByteArray(where + " selects a request sent after the step").constData());
                break;
            case LessonStep::Select::Effect:
                QVERIFY2(std::size_t(step.index) < sim.effects().size(),
                    QByteArray(where + " selects an effect the run never made").constData());
                QVERIFY2(sim.effects()[std::size_t(step.index)].at <= step.atMs,
                    QByteArray(where + " selects an effect made after the step").constData());
                break;
            case LessonStep::Select::Scope:
                QVERIFY2(sim.scopes().find(step.scope) >= 0,
                    QByteArray(where + " selects a scope the run never used").constData());
                break;
            }
        }
    }
}

void TestLessons::testStepExpectRoundTrip()
{
    const Scenario s = load(withLesson(R"([{"at_ms": 100, "title": "Running", "text": "The handler runs.",
        "expect": {"effects": 0, "decisions": {"created": 0}, "requests": {"r1": {"client_outcome": "none"}},
                   "records": [{"key": "k", "state": "in_progress"}]}},
        {"at_ms": 300, "title": "Done", "text": "Once.",
         "expect": {"duplicate_effects": 0, "requests": {"r1": {"decision": "created", "client_outcome": "response"}},
                    "records": [{"key": "k", "actor": "a", "state": "completed"}, {"key": "x", "state": "absent"}]}}])"));
    QVERIFY(s.lesson[0].expect.has_value());
    QCOMPARE(s.lesson[0].expect->figures.at("decisions.created"), std::int64_t(0));
    QCOMPARE(s.lesson[1].expect->records.size(), std::size_t(2));
    QCOMPARE(QString::fromStdString(*s.lesson[1].expect->records[0].actor), QStringLiteral("a"));
    const std::string saved = saveScenario(s);
    const Scenario again = loadScenario(saved, "saved.json");
    QVERIFY(again.lesson == s.lesson);
    QCOMPARE(QByteArray::fromStdString(saveScenario(again)), QByteArray::fromStdString(saved));
}

void TestLessons::testStepExpectBroken_data()
{
    QTest::addColumn<QByteArray>("lesson");
    QTest::addColumn<QByteArray>("message");

    // clang-format off
    QTest::newRow("unknown_figure") << QByteArray(R"([{"at_ms": 0, "title": "T", "text": "t", "expect": {"intents": 1}}])")
        << QByteArray("lesson.json:5:63: $.lesson[0].expect.intents: unknown field \"intents\"");
    QTest::newRow("by_hop_without_route") << QByteArray(R"([{"at_ms": 0, "title": "T", "text": "t", "expect": {"duplicate_effects_by_hop": {}}}])")
        << QByteArray("lesson.json:5:63: $.lesson[0].expect.duplicate_effects_by_hop: unknown field \"duplicate_effects_by_hop\"");
    QTest::newRow("unknown_decision") << QByteArray(R"([{"at_ms": 0, "title": "T", "text": "t", "expect": {"decisions": {"done": 1}}}])")
        << QByteArray("lesson.json:5:77: $.lesson[0].expect.decisions.done: unknown decision \"done\"");
    QTest::newRow("request_id") << QByteArray(R"([{"at_ms": 0, "title": "T", "text": "t", "expect": {"requests": {"e1": {}}}}])")
        << QByteArray("lesson.json:5:76: $.lesson[0].expect.requests.e1: expected a request id (\"r1\", \"r2\", …), not \"e1\"");
    QTest::newRow("request_outcome") << QByteArray(R"([{"at_ms": 0, "title": "T", "text": "t", "expect": {"requests": {"r1": {"client_outcome": "lost"}}}}])")
        << QByteArray("lesson.json:5:101: $.lesson[0].expect.requests.r1.client_outcome: unknown client outcome \"lost\" "
                      "(expected one of: response, timeout, dropped, never_arrived, none)");
    QTest::newRow("record_state") << QByteArray(R"([{"at_ms": 0, "title": "T", "text": "t", "expect": {"records": [{"key": "k", "state": "done"}]}}])")
        << QByteArray("lesson.json:5:97: $.lesson[0].expect.records[0].state: unknown state \"done\" "
                      "(expected one of: in_progress, completed, expired, absent)");
    QTest::newRow("negative") << QByteArray(R"([{"at_ms": 0, "title": "T", "text": "t", "expect": {"effects": -1}}])")
        << QByteArray("lesson.json:5:74: $.lesson[0].expect.effects: expected a non-negative integer, got -1");
    // clang-format on
}

void TestLessons::testStepExpectBroken()
{
    QFETCH(QByteArray, lesson);
    QFETCH(QByteArray, message);
    try {
        load(withLesson(lesson));
        QFAIL("loaded a broken step expect");
    } catch (const ScenarioError& e) {
        QCOMPARE(QByteArray(e.what()), message);
    }
}

void TestLessons::testStepExpectChecked()
{
    // One request at 0: it arrives at 10, claims 10→12, the handler runs 12→212 (the effect at 212), completes
    // 212→214 and its response reaches the client at 224. Steps that tell the truth pass; each lie is named.
    const Scenario truthful = load(withLesson(R"([{"at_ms": 100, "title": "Running", "text": "The handler runs.",
        "expect": {"effects": 0, "requests": {"r1": {"decision": "none", "client_outcome": "none"}},
                   "records": [{"key": "k", "state": "in_progress"}, {"key": "other", "state": "absent"}]}},
        {"at_ms": 224, "title": "Done", "text": "Once.",
         "expect": {"effects": 1, "duplicate_effects": 0, "decisions": {"created": 1},
                    "requests": {"r1": {"decision": "created", "client_outcome": "response"}, "r2": {"decision": "none"}},
                    "records": [{"key": "k", "actor": "a", "state": "completed"}]}}])"));
    QCOMPARE(joined(lessonFailures(truthful)), QByteArray());

    const Scenario lying = load(withLesson(R"([{"at_ms": 100, "title": "Effect", "text": "The effect happened.",
        "expect": {"effects": 1, "requests": {"r1": {"client_outcome": "response"}}, "records": [{"key": "k", "state": "completed"}]}},
        {"at_ms": 223, "title": "Answer", "text": "The client has its answer.",
         "expect": {"requests": {"r1": {"client_outcome": "response"}}}},
        {"at_ms": 60300, "title": "Twice", "text": "Two effects.",
         "expect": {"effects": 2, "decisions": {"replayed": 1}, "records": [{"key": "k", "state": "absent"}, {"key": "z", "state": "completed"}]}}])"));
    QCOMPARE(joined(lessonFailures(lying)),
        QByteArray("lesson step 1 (t = 0.100 s): effects 0, expected 1\n"
                   "lesson step 1 (t = 0.100 s): r1 client_outcome none, expected response\n"
                   "lesson step 1 (t = 0.100 s): record k in_progress, expected completed\n"
                   "lesson step 2 (t = 0.223 s): r1 client_outcome none, expected response\n"
                   "lesson step 3 (t = 1 min 00.300): decisions.replayed 0, expected 1\n"
                   "lesson step 3 (t = 1 min 00.300): effects 1, expected 2\n"
                   "lesson step 3 (t = 1 min 00.300): record k completed, expected absent\n"
                   "lesson step 3 (t = 1 min 00.300): record z absent, expected completed\n"));
    QCOMPARE(QByteArray::fromStdString(formatStepInstant(90'061'005)), QByteArray("25 h 01 min 01.005"));
}

void TestLessons::testEveryPresetStepBacksItsText()
{
    // docs/manual/teaching.md: every preset's steps carry the expects that back what their texts say, and they hold.
    for (const PresetInfo& p : listPresets()) {
        const QByteArray name = QByteArray::fromStdString(p.name);
        const Scenario s = loadScenarioFile(p.resourcePath);
        for (std::size_t i = 0; i < s.lesson.size(); ++i)
            QVERIFY2(s.lesson[i].expect.has_value(),
                QByteArray(name + ": lesson step " + QByteArray::number(qulonglong(i + 1)) + " has no expect")
                    .constData());
        const std::vector<std::string> failures = lessonFailures(s);
        QVERIFY2(failures.empty(), QByteArray(name + ":\n" + joined(failures)).constData());
    }
}

void TestLessons::testRunCheckNamesTheStep()
{
    // The command line: `run --check` exits 1 and names the step whose caption its run does not back; the report
    // is still written in full.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("lying.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(withLesson(R"([{"at_ms": 100, "title": "Running", "text": "Still running.", "expect": {"effects": 0}},
        {"at_ms": 60300, "title": "Twice", "text": "Two effects.", "expect": {"effects": 2}}])"));
    file.close();
    const iwtest::ChildResult cli
        = iwtest::runCli({ QStringLiteral("run"), path, QStringLiteral("--check"), QStringLiteral("--report"),
                             dir.filePath(QStringLiteral("r.json")) },
            { .timeoutMs = 60'000 });
    QVERIFY(cli.finished);
    QCOMPARE(cli.exitCode, 1);
    const QByteArray& err = cli.err;
    QVERIFY2(err.contains("l: expectation failed: lesson step 2 (t = 1 min 00.300): effects 1, expected 2"),
        err.constData());
    QVERIFY2(!err.contains("lesson step 1"), err.constData());
    QVERIFY(QFileInfo(dir.filePath(QStringLiteral("r.json"))).size() > 0);
}

QTEST_GUILESS_MAIN(TestLessons)
#include "tst_lessons.moc"
