// The preset scenario library (resources/scenarios/, docs/manual/running.md): every preset loads, is documented (title,
// description, expect), gives byte-identical reports on two runs, and is listed by iw::listPresets() from the
// embedded resources. One data row per preset file, so a new file is tested without touching this suite. That each
// preset satisfies its own expectations is the CTest preset_<name> (`idempotency-workbench run <file> --check`,
// tests/CMakeLists.txt), which checks it through the command line.
#include "report.h"
#include "scenario.h"
#include "simulation.h"
#include "store.h"
#include "storeengine.h"

#include <QDir>
#include <QFileInfo>
#include <QTest>

#include <memory>
#include <set>
#include <sstream>
#include <string>

using namespace iw;

namespace {

QString scenarioDir()
{
    return QStringLiteral(IW_SOURCE_DIR "/resources/scenarios");
}

std::string presetPath(const QString& file)
{
    return QString(scenarioDir() + QLatin1Char('/') + file).toStdString();
}

QStringList presetFiles()
{
    return QDir(scenarioDir()).entryList({ QStringLiteral("*.json") }, QDir::Files, QDir::Name);
}

std::string runReport(const Scenario& scenario, ReportFormat format)
{
    const std::unique_ptr<IdempotencyStore> store = makeModelStore(scenario.service);
    Simulation simulation(scenario, *store);
    simulation.runToEnd();
    std::ostringstream out;
    writeReport(simulation, out, format);
    return out.str();
}

} // namespace

class TestPresets : public QObject {
    Q_OBJECT

private slots:
    // The presets the product promises (docs/manual/running.md, the brief's list), each present as a file.
    void requiredPresetsPresent_data();
    void requiredPresetsPresent();

    void loads_data();
    void loads();
    void deterministic_data();
    void deterministic();
    void listedByListPresets_data();
    void listedByListPresets();

    void listPresetsMatchesDirectory();

private:
    void presetRows();
};

void TestPresets::presetRows()
{
    QTest::addColumn<QString>("file");
    const QStringList files = presetFiles();
    QVERIFY2(!files.isEmpty(), qPrintable(QStringLiteral("no preset in ") + scenarioDir()));
    for (const QString& file : files)
        QTest::newRow(qPrintable(QFileInfo(file).completeBaseName())) << file;
}

void TestPresets::requiredPresetsPresent_data()
{
    QTest::addColumn<QString>("name");
    const char* required[] = {
        "double-submit",
        "lost-response-replay",
        "payload-mismatch",
        "retry-while-running",
        "check-then-insert-race",
        "unique-claim-race",
        "seen-flag",
        "crash-after-effect-no-lease",
        "crash-after-effect-lease",
        "crash-after-effect-brandur",
        "late-retry-after-expiry-forget",
        "late-retry-after-expiry-tombstone",
        "new-key-on-conflict",
        "retry-same-key",
        "retention-shorter-than-retry-budget",
        "same-key-other-actor",
        "error-replay-stored",
        "powertools-delete-on-error",
        "validation-then-fixed-retry",
        "sweep-removes-only-terminal",
    };
    for (const char* name : required)
        QTest::newRow(name) << QString::fromLatin1(name);
}

void TestPresets::requiredPresetsPresent()
{
    QFETCH(QString, name);
    QVERIFY2(QFileInfo::exists(scenarioDir() + QLatin1Char('/') + name + QStringLiteral(".json")),
        qPrintable(QStringLiteral("missing preset ") + name));
}

void TestPresets::loads_data()
{
    presetRows();
}

void TestPresets::loads()
{
    QFETCH(QString, file);
    const std::string path = presetPath(file);
    Scenario s;
    try {
        s = loadScenarioFile(path);
    } catch (const std::exception& e) {
        QFAIL(e.what());
    }
    QCOMPARE(QString::fromStdString(s.name), QFileInfo(file).completeBaseName());
    QVERIFY2(!QString::fromStdString(s.title).trimmed().isEmpty(), "empty title");
    QVERIFY2(!QString::fromStdString(s.description).trimmed().isEmpty(), "empty description");
    QVERIFY2(s.hasExpect, "no expect block");
    QVERIFY2(!s.expect.empty(), "empty expect block");
    // The description names the article claim it demonstrates, as DIGEST.md does.
    const QString description = QString::fromStdString(s.description);
    QVERIFY2(description.contains(QStringLiteral("[000")) || description.contains(QStringLiteral("[002"))
            || description.contains(QStringLiteral("[003")),
        "the description cites no article ([000], [002] or [003])");
}

void TestPresets::deterministic_data()
{
    presetRows();
}

void TestPresets::deterministic()
{
    QFETCH(QString, file);
    const Scenario s = loadScenarioFile(presetPath(file));
    for (const ReportFormat format : { ReportFormat::Json, ReportFormat::Csv, ReportFormat::Markdown }) {
        const std::string first = runReport(s, format);
        const std::string second = runReport(s, format);
        QVERIFY(!first.empty());
        QVERIFY2(first == second, "two runs of the same preset gave different reports");
    }
    // A reloaded copy (a fresh parse of the same file) gives the same report too.
    const Scenario again = loadScenarioFile(presetPath(file));
    QVERIFY(runReport(s, ReportFormat::Json) == runReport(again, ReportFormat::Json));
}

void TestPresets::listedByListPresets_data()
{
    presetRows();
}

void TestPresets::listedByListPresets()
{
    QFETCH(QString, file);
    const Scenario onDisk = loadScenarioFile(presetPath(file));
    const std::string resource = ":/scenarios/" + file.toStdString();
    const std::vector<PresetInfo> presets = listPresets();
    const PresetInfo* found = nullptr;
    for (const PresetInfo& p : presets) {
        if (p.resourcePath == resource)
            found = &p;
    }
    QVERIFY2(found, qPrintable(QStringLiteral("listPresets() does not list ") + QString::fromStdString(resource)));
    QCOMPARE(found->name, onDisk.name);
    QCOMPARE(found->title, onDisk.title);
    QCOMPARE(found->description, onDisk.description);
    // The embedded copy loads on its own, and runs to the same report as the file.
    const Scenario embedded = loadScenarioFile(resource);
    QVERIFY(runReport(embedded, ReportFormat::Json) == runReport(onDisk, ReportFormat::Json));
}

void TestPresets::listPresetsMatchesDirectory()
{
    std::set<std::string> listed;
    for (const PresetInfo& p : listPresets())
        listed.insert(p.resourcePath);
    std::set<std::string> files;
    for (const QString& file : presetFiles())
        files.insert(":/scenarios/" + file.toStdString());
    QCOMPARE(listed.size(), files.size());
    QVERIFY(listed == files);
}

QTEST_GUILESS_MAIN(TestPresets)
#include "tst_presets.moc"
