// Headless commands. Each reads its options, does its work through core, and maps failures onto the exit codes of
// SPEC §6: 2 for bad input (with a message naming file, line and column where there is one), 3 for the database.
#include "commandline.h"

#include "comparecommand.h"
#include "fingerprintcommand.h"
#include "inspectcommand.h"
#include "pgstore.h"
#include "race.h"
#include "report.h"
#include "scenario.h"
#include "servecommand.h"
#include "simulation.h"
#include "storesetup.h"

#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QTextStream>

#include <fstream>
#include <iostream>
#include <sstream>
#include <unistd.h>

namespace iw {

namespace {

QTextStream& qerr()
{
    static QTextStream s(stderr);
    return s;
}

QTextStream& qout()
{
    static QTextStream s(stdout);
    return s;
}

struct Options {
    QStringList positional;
    QMap<QString, QString> values;
    QStringList flags;
};

// Parses `--name value` pairs for the names in `withValue`, and bare flags in `flags`; anything else is an error.
bool parseOptions(
    const QStringList& args, const QStringList& withValue, const QStringList& flags, Options& out, QString& error)
{
    for (int i = 0; i < args.size(); ++i) {
        const QString& a = args[i];
        if (a.startsWith(QLatin1String("--")) && a.size() > 2) {
            QString name = a.mid(2);
            QString value;
            const qsizetype eq = name.indexOf(QLatin1Char('='));
            const bool inlineValue = eq >= 0;
            if (inlineValue) {
                value = name.mid(eq + 1);
                name = name.left(eq);
            }
            if (withValue.contains(name)) {
                if (!inlineValue) {
                    if (i + 1 >= args.size()) {
                        error = QStringLiteral("option --%1 needs a value").arg(name);
                        return false;
                    }
                    value = args[++i];
                }
                out.values.insert(name, value);
            } else if (flags.contains(name) && !inlineValue) {
                out.flags << name;
            } else {
                error = QStringLiteral("unknown option --%1").arg(name);
                return false;
            }
        } else {
            out.positional << a;
        }
    }
    return true;
}

// The --schema option: the workbench's own schema, idempotency_workbench unless named.
bool schemaOption(const Options& o, std::string& schema, QString& error)
{
    const QString name = o.values.value(QStringLiteral("schema"), QStringLiteral("idempotency_workbench"));
    if (name.isEmpty()) {
        error = QStringLiteral("--schema needs a name");
        return false;
    }
    schema = name.toStdString();
    return true;
}

// A conninfo that does not parse is bad input (2) wherever it is given; only a server that cannot be reached or
// refuses is a database error (3).
bool conninfoOption(const Options& o, std::string& conninfo, QString& error)
{
    conninfo = o.values.value(QStringLiteral("conninfo")).toStdString();
    if (const std::string problem = conninfoProblem(conninfo); !problem.empty()) {
        error = QString::fromStdString(problem);
        return false;
    }
    return true;
}

std::unique_ptr<IdempotencyStore> openStore(const Options& o, QString& error, int& code)
{
    const QString kind = o.values.value(QStringLiteral("store"), QStringLiteral("memory"));
    if (kind == QLatin1String("memory"))
        return makeMemoryStore();
    if (kind != QLatin1String("postgres")) {
        error = QStringLiteral("unknown store \"%1\" (expected memory or postgres)").arg(kind);
        code = ExitBadInput;
        return nullptr;
    }
    std::string conninfo;
    std::string schema;
    if (!conninfoOption(o, conninfo, error) || !schemaOption(o, schema, error)) {
        code = ExitBadInput;
        return nullptr;
    }
    try {
        auto store = PostgresStore::connect(conninfo, schema);
        store->installSchema();
        return store;
    } catch (const StoreError& e) {
        error = QString::fromStdString(e.what());
        code = ExitDatabase;
        return nullptr;
    }
}

int runScenario(const QStringList& args)
{
    Options o;
    QString error;
    if (!parseOptions(args,
            { QStringLiteral("store"), QStringLiteral("conninfo"), QStringLiteral("schema"), QStringLiteral("report"),
                QStringLiteral("format") },
            { QStringLiteral("check") }, o, error)
        || o.positional.size() != 1) {
        qerr() << "idempotency-workbench run: "
               << (error.isEmpty() ? QStringLiteral("expects one scenario file") : error)
               << "\nusage: idempotency-workbench run SCENARIO.json [--store memory|postgres] [--conninfo STR] "
                  "[--schema NAME] [--report FILE] [--format json|csv|md] [--check]\n";
        return ExitBadInput;
    }
    const QString formatName = o.values.value(QStringLiteral("format"), QStringLiteral("json"));
    const auto format = reportFormatFromName(formatName.toStdString());
    if (!format) {
        qerr() << "idempotency-workbench run: unknown format \"" << formatName << "\" (expected json, csv or md)\n";
        return ExitBadInput;
    }
    Scenario scenario;
    try {
        scenario = loadScenarioFile(o.positional.first().toStdString());
    } catch (const ScenarioError& e) {
        qerr() << QString::fromStdString(e.what()) << '\n';
        return ExitBadInput;
    } catch (const std::exception& e) {
        qerr() << o.positional.first() << ": " << QString::fromStdString(e.what()) << '\n';
        return ExitBadInput;
    }
    int code = ExitOk;
    auto store = openStore(o, error, code);
    if (!store) {
        qerr() << "idempotency-workbench run: " << error << '\n';
        return code;
    }
    const QString reportPath = o.values.value(QStringLiteral("report"));
    try {
        Simulation sim(scenario, *store);
        const bool tty = isatty(STDERR_FILENO);
        std::uint64_t steps = 0;
        while (sim.step()) {
            if (tty && (++steps % 200000) == 0) {
                qerr() << "\r" << scenario.name.c_str() << ": " << sim.requests().size()
                       << " requests, t = " << sim.now() << " ms" << Qt::flush;
            }
        }
        if (tty && steps >= 200000)
            qerr() << '\n';
        if (reportPath.isEmpty()) {
            writeReport(sim, std::cout, *format);
            std::cout.flush();
        } else {
            // Written beside the target and renamed into place: a failed run never leaves half a report.
            QSaveFile file(reportPath);
            if (reportPath != QLatin1String("/dev/null") && !file.open(QIODevice::WriteOnly)) {
                qerr() << "idempotency-workbench run: cannot write " << reportPath << ": " << file.errorString()
                       << '\n';
                return ExitBadInput;
            }
            if (reportPath != QLatin1String("/dev/null")) {
                std::ostringstream chunk;
                // Stream in slices so a large report never sits whole in memory.
                struct Sink : std::streambuf {
                    QSaveFile* f;
                    std::string buf;
                    int overflow(int c) override
                    {
                        if (c != EOF)
                            buf.push_back(static_cast<char>(c));
                        if (buf.size() >= 1 << 16)
                            sync();
                        return c;
                    }
                    std::streamsize xsputn(const char* s, std::streamsize n) override
                    {
                        buf.append(s, static_cast<std::size_t>(n));
                        if (buf.size() >= 1 << 16)
                            sync();
                        return n;
                    }
                    int sync() override
                    {
                        f->write(buf.data(), static_cast<qint64>(buf.size()));
                        buf.clear();
                        return 0;
                    }
                } sink;
                sink.f = &file;
                std::ostream out(&sink);
                writeReport(sim, out, *format);
                out.flush();
                sink.sync();
                if (!file.commit()) {
                    qerr() << "idempotency-workbench run: cannot write " << reportPath << ": " << file.errorString()
                           << '\n';
                    return ExitBadInput;
                }
            }
            const RunSummary s = sim.summary();
            qerr() << QString::fromStdString(scenario.name) << ": " << s.requests << " requests, " << s.effects
                   << " effects, " << s.duplicateEffects << " duplicate effects → " << reportPath << '\n';
        }
        if (o.flags.contains(QLatin1String("check"))) {
            const auto failures = checkExpectations(scenario, sim.summary());
            for (const std::string& f : failures)
                qerr() << QString::fromStdString(scenario.name) << ": expectation failed: " << QString::fromStdString(f)
                       << '\n';
            if (!failures.empty())
                return ExitCheckFailed;
        }
    } catch (const StoreError& e) {
        qerr() << "idempotency-workbench run: " << e.what() << '\n';
        return ExitDatabase;
    } catch (const std::bad_alloc&) {
        qerr() << "idempotency-workbench run: out of memory while running " << QString::fromStdString(scenario.name)
               << "; run fewer requests (repeat, copies) or fewer retries\n";
        return ExitBadInput;
    }
    return ExitOk;
}

int runRaceCommand(const QStringList& args)
{
    Options o;
    QString error;
    const QStringList withValue { QStringLiteral("store"), QStringLiteral("conninfo"), QStringLiteral("schema"),
        QStringLiteral("threads"), QStringLiteral("trials"), QStringLiteral("strategy"), QStringLiteral("handler-ms") };
    if (!parseOptions(args, withValue, { QStringLiteral("json") }, o, error) || !o.positional.isEmpty()) {
        qerr() << "idempotency-workbench race: " << (error.isEmpty() ? QStringLiteral("unexpected argument") : error)
               << "\nusage: idempotency-workbench race --store memory|postgres [--conninfo STR] [--schema NAME] "
                  "--threads N --trials T [--strategy S] [--handler-ms MS] [--json]\n";
        return ExitBadInput;
    }
    RaceOptions options;
    const auto number = [&](const char* name, int fallback, int low, int high, int& out) {
        const QString text = o.values.value(QString::fromLatin1(name));
        if (text.isEmpty()) {
            out = fallback;
            return true;
        }
        bool ok = false;
        out = text.toInt(&ok);
        if (!ok || out < low || out > high) {
            qerr() << "idempotency-workbench race: --" << name << " must be a whole number from " << low << " to "
                   << high << ", got \"" << text << "\"\n";
            return false;
        }
        return true;
    };
    if (!number("threads", 8, 1, 1024, options.threads) || !number("trials", 100, 1, 10'000'000, options.trials)
        || !number("handler-ms", 1, 0, 60'000, options.handlerMs))
        return ExitBadInput;
    const QString strategy = o.values.value(QStringLiteral("strategy"), QStringLiteral("unique_claim"));
    const auto parsed = strategyFromName(strategy.toStdString());
    if (!parsed) {
        qerr() << "idempotency-workbench race: unknown strategy \"" << strategy
               << "\" (expected one of: unique_claim, check_then_insert, seen_flag, none)\n";
        return ExitBadInput;
    }
    options.strategy = *parsed;
    const QString kind = o.values.value(QStringLiteral("store"), QStringLiteral("memory"));
    std::vector<std::unique_ptr<IdempotencyStore>> stores;
    try {
        if (kind == QLatin1String("memory")) {
            stores.push_back(makeMemoryStore());
        } else if (kind == QLatin1String("postgres")) {
            // One connection per thread: the database, not a client-side lock, must arbitrate.
            std::string conninfo;
            std::string schema;
            if (!conninfoOption(o, conninfo, error) || !schemaOption(o, schema, error)) {
                qerr() << "idempotency-workbench race: " << error << '\n';
                return ExitBadInput;
            }
            for (int t = 0; t < options.threads; ++t) {
                auto store = PostgresStore::connect(conninfo, schema);
                if (t == 0)
                    store->installSchema();
                stores.push_back(std::move(store));
            }
            stores.front()->reset();
        } else {
            qerr() << "idempotency-workbench race: unknown store \"" << kind << "\" (expected memory or postgres)\n";
            return ExitBadInput;
        }
    } catch (const StoreError& e) {
        qerr() << "idempotency-workbench race: " << e.what() << '\n';
        return ExitDatabase;
    }
    const RaceResult result = runRace(options, [&](int thread) -> IdempotencyStore& {
        return *stores[stores.size() == 1 ? 0 : static_cast<std::size_t>(thread)];
    });
    if (o.flags.contains(QLatin1String("json"))) {
        qout() << QString::fromStdString(raceResultJson(result)) << '\n';
    } else {
        qout() << "store " << QString::fromStdString(result.store) << ", strategy " << strategy << ", "
               << options.threads << " threads × " << result.options.trials << " trials\n"
               << "trials with more than one owner: " << result.trialsWithMultipleOwners << " (max owners "
               << result.maxOwners << "), effects: " << result.effects << '\n';
        for (const auto& [name, n] : result.decisions)
            qout() << "  " << QString::fromStdString(name) << ": " << n << '\n';
        for (const auto& [name, n] : result.sqlstates)
            qout() << "  SQLSTATE " << QString::fromStdString(name) << ": " << n << '\n';
    }
    return result.decisions.count("error") ? ExitDatabase : ExitOk;
}

int runInstallSchema(const QStringList& args)
{
    Options o;
    QString error;
    std::string conninfo;
    std::string schema;
    if (!parseOptions(args, { QStringLiteral("conninfo"), QStringLiteral("schema") }, {}, o, error)
        || !o.positional.isEmpty() || !conninfoOption(o, conninfo, error) || !schemaOption(o, schema, error)) {
        qerr() << "idempotency-workbench install-schema: "
               << (error.isEmpty() ? QStringLiteral("unexpected argument ") + o.positional.value(0) : error)
               << "\nusage: idempotency-workbench install-schema [--conninfo STR] [--schema NAME]\n";
        return ExitBadInput;
    }
    try {
        auto store = PostgresStore::connect(conninfo, schema);
        const SchemaInstallation done = installStoreSchema(*store, conninfo);
        qout() << "idempotency-workbench install-schema: " << QString::fromStdString(done.sentence()) << '\n';
        return ExitOk;
    } catch (const StoreError& e) {
        qerr() << "idempotency-workbench install-schema: " << e.what() << '\n';
        return ExitDatabase;
    }
}

} // namespace

QString usageText()
{
    return QStringLiteral(
        "Idempotency Workbench " IW_VERSION "\n"
        "usage:\n"
        "  idempotency-workbench [SCENARIO.json]            the GUI (optionally opening a scenario)\n"
        "  idempotency-workbench run SCENARIO.json [--store memory|postgres] [--conninfo STR] [--schema NAME]\n"
        "                         [--report FILE] [--format json|csv|md] [--check]\n"
        "  idempotency-workbench fingerprint [--only PTRS] [--ignore PTRS] [--json] [FILE|-]\n"
        "  idempotency-workbench inspect --conninfo STR [--table NAME] [--mapping seed|brandur|powertools|FILE]\n"
        "                         [--limit N] [--json]\n"
        "  idempotency-workbench race --store memory|postgres [--conninfo STR] [--schema NAME]\n"
        "                         --threads N --trials T [--strategy S] [--handler-ms MS] [--json]\n"
        "  idempotency-workbench install-schema [--conninfo STR] [--schema NAME]\n"
        "                         creates the PostgreSQL store's schema and tables (default schema\n"
        "                         idempotency_workbench); an empty conninfo means the PG* environment\n"
        "  idempotency-workbench compare SCENARIO.json... [--intents N] [--report FILE] [--format json|md]\n"
        "  idempotency-workbench serve [SCENARIO.json] [--port N] [--bind ADDR] [--store memory|postgres]\n"
        "                         [--conninfo STR] [--schema NAME] [--report FILE] [--record FILE]\n"
        "                         [--max-body BYTES]   the service as a real HTTP endpoint\n"
        "  idempotency-workbench --help | --version\n"
        "exit codes: 0 ok, 1 check failed, 2 bad input, 3 database error\n");
}

int runCommandLine(const QStringList& args)
{
    if (args.isEmpty())
        return -1;
    const QString& command = args.first();
    const QStringList rest = args.mid(1);
    if (command == QLatin1String("--help") || command == QLatin1String("-h")) {
        qout() << usageText();
        return ExitOk;
    }
    if (command == QLatin1String("--version")) {
        qout() << "idempotency-workbench " IW_VERSION "\n";
        return ExitOk;
    }
    if (command == QLatin1String("run"))
        return runScenario(rest);
    if (command == QLatin1String("race"))
        return runRaceCommand(rest);
    if (command == QLatin1String("install-schema"))
        return runInstallSchema(rest);
    if (command == QLatin1String("serve"))
        return runServeCommand(rest);
    if (command == QLatin1String("compare")) {
        QTextStream out(stdout);
        QTextStream err(stderr);
        return runCompareCommand(rest, out, err);
    }
    if (command == QLatin1String("inspect")) {
        QTextStream out(stdout);
        QTextStream err(stderr);
        return runInspectCommand(rest, out, err);
    }
    if (command == QLatin1String("fingerprint")) {
        QTextStream out(stdout);
        QTextStream err(stderr);
        return runFingerprintCommand(rest, out, err);
    }
    if (command.startsWith(QLatin1String("-"))) {
        qerr() << "idempotency-workbench: unknown option " << command << "\n" << usageText();
        return ExitBadInput;
    }
    if (command.endsWith(QLatin1String(".json")) && args.size() == 1)
        return -1;
    qerr() << "idempotency-workbench: unknown command \"" << command << "\"\n" << usageText();
    return ExitBadInput;
}

} // namespace iw
