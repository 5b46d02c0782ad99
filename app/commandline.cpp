// Headless commands. Each reads its options, does its work through core, and maps failures onto the exit codes of
// docs/reference/cli.md: 2 for bad input (with a message naming file, line and column where there is one), 3 for the
// database.
#include "commandline.h"

#include "comparecommand.h"
#include "conninfooptions.h"
#include "explorecommand.h"
#include "fingerprintcommand.h"
#include "inspectcommand.h"
#include "mysqlstore.h"
#include "pgstore.h"
#include "printable.h"
#include "probecommand.h"
#include "race.h"
#include "reconstructcommand.h"
#include "redisstore.h"
#include "report.h"
#include "reportoutput.h"
#include "runbudget.h"
#include "scenario.h"
#include "sequencecommand.h"
#include "servecommand.h"
#include "simulation.h"
#include "storeengine.h"
#include "storesetup.h"

#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QTextStream>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <system_error>
#include <unistd.h>

namespace iw {

namespace {

QTextStream& qerr()
{
    static QTextStream s(stderr);
    return s;
}

// Standard output as a QFile on descriptor 1, unbuffered, so that a failed write is known with its reason.
QFile& stdoutFile()
{
    static QFile s_file;
    if (!s_file.isOpen())
        s_file.open(STDOUT_FILENO, QIODevice::WriteOnly | QIODevice::Unbuffered);
    return s_file;
}

QTextStream& qout()
{
    static QTextStream s(&stdoutFile());
    return s;
}

// One message line on stderr, with whatever user text it echoes (names, paths, values) made printable: control
// characters neither act on the terminal nor split the line.
void say(const QString& line)
{
    qerr() << printable(line) << '\n' << Qt::flush;
}

QString fromStd(const std::string& s)
{
    return QString::fromStdString(s);
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
        } else if (a.startsWith(QLatin1Char('-')) && a != QLatin1String("-")) {
            error = QStringLiteral("unknown option %1").arg(a);
            return false;
        } else {
            out.positional << a;
        }
    }
    return true;
}

// --conninfo, --schema and the other connection options mean nothing to the memory store: say so rather than ignore
// them silently.
void warnUnusedPostgresOptions(const char* command, const Options& o)
{
    QStringList unused;
    for (const char* name : { "conninfo", "conninfo-file", "schema" })
        if (o.values.contains(QString::fromLatin1(name)))
            unused << QStringLiteral("--") + QString::fromLatin1(name);
    if (o.flags.contains(QStringLiteral("password-prompt")))
        unused << QStringLiteral("--password-prompt");
    if (!unused.isEmpty())
        say(QStringLiteral("idempotency-workbench %1: warning: %2 %3 ignored with the memory store (add --store "
                           "postgres to use PostgreSQL)")
                .arg(QString::fromLatin1(command), unused.join(QStringLiteral(" and ")),
                    unused.size() == 1 ? QStringLiteral("is") : QStringLiteral("are")));
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

// The options every connecting command takes besides --conninfo (conninfooptions.h).
const QString kConninfoFile = QStringLiteral("conninfo-file");
const QString kPasswordPrompt = QStringLiteral("password-prompt");

// The connection string from --conninfo, --conninfo @FILE or --conninfo-file, with --password-prompt's password in
// the environment. A conninfo that does not parse, or a file that cannot be read, is bad input (2) wherever it is
// given; only a server that cannot be reached or refuses is a database error (3).
bool conninfoOption(const char* command, const Options& o, std::string& conninfo, QString& error)
{
    ConninfoSources sources;
    if (o.values.contains(QStringLiteral("conninfo")))
        sources.conninfo = o.values.value(QStringLiteral("conninfo"));
    if (o.values.contains(kConninfoFile))
        sources.file = o.values.value(kConninfoFile);
    sources.prompt = o.flags.contains(kPasswordPrompt);
    if (!resolveConninfo(command, sources, conninfo, error))
        return false;
    if (const std::string problem = conninfoProblem(conninfo); !problem.empty()) {
        error = QString::fromStdString(problem);
        return false;
    }
    return true;
}

// The --pooler option: `transaction` when the connection goes through a transaction pooler (docs/reference/cli.md,
// docs/manual/live-tables.md), `session` (the default) for a direct connection or a session pooler.
bool poolerOption(const Options& o, PostgresStore::Pooling& pooling, QString& error)
{
    const QString mode = o.values.value(QStringLiteral("pooler"), QStringLiteral("session"));
    if (mode == QLatin1String("session")) {
        pooling = PostgresStore::Pooling::Session;
    } else if (mode == QLatin1String("transaction")) {
        pooling = PostgresStore::Pooling::Transaction;
    } else {
        error = QStringLiteral("unknown pooler \"%1\" (expected transaction or session)").arg(mode);
        return false;
    }
    return true;
}

// The store `run` asked for; on PostgreSQL also one store per hop named in `hopNames` (a route's hops after
// `service`, docs/reference/routes.md), each in a schema of its own beside --schema's (openHopStores). A --schema too
// long to name the hops' schemas is bad input, found before anything connects.
// --redis URL (required), --redis-replica URL (for a failover) and --redis-prefix P: checked before anything connects,
// so a URL that does not parse is bad input.
bool redisOptionsOf(const Options& o, std::optional<RedisUrl>& url, RedisStore::Options& options, QString& error)
{
    if (!o.values.contains(QStringLiteral("redis"))) {
        error = QStringLiteral("--store redis needs --redis URL (redis://HOST:PORT/DB)");
        return false;
    }
    std::string why;
    url = parseRedisUrl(o.values.value(QStringLiteral("redis")).toStdString(), why);
    if (!url) {
        error = fromStd(why);
        return false;
    }
    if (o.values.contains(QStringLiteral("redis-replica"))) {
        options.replica = parseRedisUrl(o.values.value(QStringLiteral("redis-replica")).toStdString(), why);
        if (!options.replica) {
            error = fromStd(why).replace(QStringLiteral("--redis:"), QStringLiteral("--redis-replica:"));
            return false;
        }
    }
    if (o.values.contains(QStringLiteral("redis-prefix"))) {
        options.prefix = o.values.value(QStringLiteral("redis-prefix")).toStdString();
        if (options.prefix.empty()) {
            error = QStringLiteral("--redis-prefix needs a non-empty prefix (the store deletes only keys under it)");
            return false;
        }
    }
    return true;
}

// --store mysql's --conninfo (or @FILE, --conninfo-file; --password-prompt's password when the conninfo has none):
// checked before anything connects, so a conninfo that does not parse is bad input.
bool mysqlConninfoOf(const char* command, const Options& o, MysqlConninfo& info, QString& error)
{
    ConninfoSources sources;
    if (o.values.contains(QStringLiteral("conninfo")))
        sources.conninfo = o.values.value(QStringLiteral("conninfo"));
    if (o.values.contains(kConninfoFile))
        sources.file = o.values.value(kConninfoFile);
    sources.prompt = o.flags.contains(kPasswordPrompt);
    if (!sources.conninfo && !sources.file) {
        error = QStringLiteral("--store mysql needs --conninfo \"host=H port=P user=U dbname=D\"");
        return false;
    }
    std::string text;
    if (!resolveConninfo(command, sources, text, error))
        return false;
    std::string why;
    const std::optional<MysqlConninfo> parsed = parseMysqlConninfo(text, why);
    if (!parsed) {
        error = fromStd(why);
        return false;
    }
    info = *parsed;
    if (info.password.empty() && sources.prompt) {
        if (const char* typed = std::getenv("PGPASSWORD"))
            info.password = typed;
    }
    return true;
}

std::unique_ptr<IdempotencyStore> openStore(const Options& o, const Scenario& scenario,
    const std::vector<std::string>& hopNames, Simulation::HopStores& hopStores, QString& error, int& code)
{
    const QString kind = o.values.value(QStringLiteral("store"), QStringLiteral("memory"));
    if (kind == QLatin1String("memory")) {
        warnUnusedPostgresOptions("run", o);
        return makeModelStore(scenario.service); // the embedded store of the scenario's engine (docs/manual/stores.md)
    }
    // A real server is one engine: a scenario of another would report hazards that server does not have.
    for (int hop = 0; hop < scenario.hopCount(); ++hop) {
        const StoreEngine engine = scenario.hopService(hop).storeEngine;
        if (kind == QLatin1String("redis") && engine != StoreEngine::Redis) {
            error = QStringLiteral("%1 runs on store_engine \"%2\", and Redis is the redis engine: use --store memory "
                                   "or --store postgres")
                        .arg(printable(fromStd(std::string(scenario.hopName(hop)))),
                            fromStd(std::string(storeEngineName(engine))));
            code = ExitBadInput;
            return nullptr;
        }
        if (kind == QLatin1String("mysql") && engine != StoreEngine::Mysql) {
            error = QStringLiteral("%1 runs on store_engine \"%2\", and MariaDB is the mysql engine: use --store "
                                   "memory (the embedded %2 model)")
                        .arg(printable(fromStd(std::string(scenario.hopName(hop)))),
                            fromStd(std::string(storeEngineName(engine))));
            code = ExitBadInput;
            return nullptr;
        }
        if (kind == QLatin1String("postgres") && engine != StoreEngine::Sql) {
            error = QStringLiteral("%1 runs on store_engine \"%2\", and PostgreSQL is a sql store: use --store memory "
                                   "(the embedded %2 model)%3")
                        .arg(printable(fromStd(std::string(scenario.hopName(hop)))),
                            fromStd(std::string(storeEngineName(engine))),
                            engine == StoreEngine::Redis ? QStringLiteral(" or --store redis --redis URL") : QString());
            code = ExitBadInput;
            return nullptr;
        }
    }
    if (kind == QLatin1String("redis")) {
        std::optional<RedisUrl> url;
        RedisStore::Options redisOptions;
        if (!redisOptionsOf(o, url, redisOptions, error)) {
            code = ExitBadInput;
            return nullptr;
        }
        if (!scenario.route.empty()) {
            error = QStringLiteral("--store redis runs a scenario without a route (its hops would need a server each)");
            code = ExitBadInput;
            return nullptr;
        }
        if (std::any_of(scenario.faults.begin(), scenario.faults.end(),
                [](const FaultSpec& f) { return f.kind == FaultKind::Failover; })
            && !redisOptions.replica) {
            error = QStringLiteral("the scenario has a failover fault: give the replica it promotes with "
                                   "--redis-replica URL");
            code = ExitBadInput;
            return nullptr;
        }
        try {
            auto store = RedisStore::connect(*url, redisOptions);
            store->reset();
            return store;
        } catch (const StoreError& e) {
            error = QString::fromStdString(e.what());
            code = ExitDatabase;
            return nullptr;
        }
    }
    if (kind == QLatin1String("mysql")) {
        MysqlConninfo info;
        if (!mysqlConninfoOf("run", o, info, error)) {
            code = ExitBadInput;
            return nullptr;
        }
        if (!scenario.route.empty()) {
            error = QStringLiteral("--store mysql runs a scenario without a route (its hops would need a database "
                                   "each)");
            code = ExitBadInput;
            return nullptr;
        }
        if (scenario.service.keyColumnLength > MysqlStore::kMaxKeyColumnLength) {
            error = QStringLiteral("key_column_length %1 is longer than a MariaDB store's key column can be (%2 "
                                   "characters: InnoDB's primary key of utf8mb4 text holds 3,072 bytes); run this "
                                   "scenario with --store memory")
                        .arg(scenario.service.keyColumnLength)
                        .arg(MysqlStore::kMaxKeyColumnLength);
            code = ExitBadInput;
            return nullptr;
        }
        if (scenario.service.tombstoneMs) {
            error = QStringLiteral("the MySQL store keeps no tombstones (after_expiry \"tombstone\"): run this "
                                   "scenario with --store memory");
            code = ExitBadInput;
            return nullptr;
        }
        const bool holds = std::any_of(scenario.faults.begin(), scenario.faults.end(),
            [](const FaultSpec& f) { return f.kind == FaultKind::RollbackClaim; });
        try {
            auto store = MysqlStore::connect(info, MysqlStore::optionsFor(scenario.service, holds));
            store->reset();
            return store;
        } catch (const StoreError& e) {
            error = QString::fromStdString(e.what());
            code = ExitDatabase;
            return nullptr;
        }
    }
    if (kind != QLatin1String("postgres")) {
        error = QStringLiteral("unknown store \"%1\" (expected memory, postgres, redis or mysql)").arg(kind);
        code = ExitBadInput;
        return nullptr;
    }
    std::string conninfo;
    std::string schema;
    PostgresStore::Pooling pooling = PostgresStore::Pooling::Session;
    if (!conninfoOption("run", o, conninfo, error) || !schemaOption(o, schema, error)
        || !poolerOption(o, pooling, error)) {
        code = ExitBadInput;
        return nullptr;
    }
    for (std::size_t i = 0; i < hopNames.size(); ++i) {
        if (hopSchemaName(schema, i + 1, hopNames[i]).empty()) {
            error = QStringLiteral("--schema \"%1\" is too long to name the schema of hop \"%2\" within "
                                   "PostgreSQL's 63 bytes; give a shorter one")
                        .arg(printable(fromStd(schema)), printable(fromStd(hopNames[i])));
            code = ExitBadInput;
            return nullptr;
        }
    }
    try {
        auto store = PostgresStore::connect(conninfo, schema, pooling);
        store->installSchema();
        hopStores = openHopStores(conninfo, schema, pooling, hopNames);
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
            { QStringLiteral("store"), QStringLiteral("conninfo"), kConninfoFile, QStringLiteral("schema"),
                QStringLiteral("report"), QStringLiteral("format"), QStringLiteral("pooler"), QStringLiteral("redis"),
                QStringLiteral("redis-replica"), QStringLiteral("redis-prefix") },
            { QStringLiteral("check"), kPasswordPrompt }, o, error)
        || o.positional.size() != 1) {
        if (error.isEmpty())
            error = o.positional.isEmpty() ? QStringLiteral("expects one scenario file")
                                           : QStringLiteral("expects one scenario file, got %1: %2")
                                                 .arg(o.positional.size())
                                                 .arg(o.positional.join(QStringLiteral(", ")));
        say(QStringLiteral("idempotency-workbench run: ") + error);
        qerr() << "Usage: idempotency-workbench run SCENARIO.json [--store memory|postgres|redis|mysql] "
                  "[--conninfo STR|@FILE] [--conninfo-file FILE] [--password-prompt] [--schema NAME] [--pooler "
                  "transaction] [--redis URL [--redis-replica URL] [--redis-prefix P]] [--report FILE] "
                  "[--format json|csv|md] [--check]\n"
               << conninfoUsage();
        return ExitBadInput;
    }
    const QString formatName = o.values.value(QStringLiteral("format"), QStringLiteral("json"));
    const auto format = reportFormatFromName(formatName.toStdString());
    if (!format) {
        say(QStringLiteral("idempotency-workbench run: unknown format \"%1\" (expected json, csv or md)")
                .arg(formatName));
        return ExitBadInput;
    }
    // --report "" would otherwise mean standard output, unlike compare.
    if (o.values.contains(QStringLiteral("report")) && o.values.value(QStringLiteral("report")).isEmpty()) {
        say(QStringLiteral("idempotency-workbench run: --report needs a file name (without --report the report goes "
                           "to standard output)"));
        return ExitBadInput;
    }
    Scenario scenario;
    try {
        scenario = loadScenarioFile(o.positional.first().toStdString());
    } catch (const ScenarioError& e) {
        say(fromStd(e.what()));
        return ExitBadInput;
    } catch (const std::bad_alloc&) {
        say(o.positional.first() + QStringLiteral(": out of memory while reading the scenario"));
        return ExitBadInput;
    } catch (const std::exception& e) {
        say(o.positional.first() + QStringLiteral(": ") + fromStd(e.what()));
        return ExitBadInput;
    }
    // The report's target is opened before the run: a path that cannot be written is known before any work, and
    // a special file (a device, a FIFO, /dev/stdout) is written through, never replaced.
    const QString reportPath = o.values.value(QStringLiteral("report"));
    ReportOutput report(reportPath.toStdString());
    if (!report.open()) {
        say(QStringLiteral("idempotency-workbench run: ") + fromStd(report.error()));
        return ExitBadInput;
    }
    int code = ExitOk;
    std::vector<std::string> hopNames;
    for (const HopSpec& hop : scenario.route)
        hopNames.push_back(hop.name);
    Simulation::HopStores hopStores; // empty on the memory store: the simulation gives each hop one of its own
    auto store = openStore(o, scenario, hopNames, hopStores, error, code);
    if (!store) {
        say(QStringLiteral("idempotency-workbench run: ") + error);
        return code;
    }
    const QString name = printable(fromStd(scenario.name));
    try {
        // Moved, not copied: a recording's bodies are kept once (issue 41).
        Simulation sim(std::move(scenario), *store, std::move(hopStores));
        const Scenario& ran = sim.scenario();
        const bool tty = isatty(STDERR_FILENO);
        const bool check = o.flags.contains(QLatin1String("check"));
        // The lesson steps' expects are checked at their instants, while the run passes them.
        LessonCheck lessonCheck(ran);
        const auto observeLesson = [&] {
            if (check && !lessonCheck.done())
                lessonCheck.observe(sim);
        };
        observeLesson();
        std::uint64_t steps = 0;
        while (sim.step()) {
            observeLesson();
            if (tty && (++steps % 200000) == 0) {
                qerr() << "\r" << name << ": " << sim.requests().size() << " requests, t = " << sim.now() << " ms"
                       << Qt::flush;
            }
        }
        if (tty && steps >= 200000)
            qerr() << '\n';
        writeReport(sim, report.stream(), *format);
        if (!report.finish()) {
            say(QStringLiteral("idempotency-workbench run: ") + fromStd(report.error()));
            return ExitBadInput;
        }
        if (!reportPath.isEmpty()) {
            const RunSummary s = sim.summary();
            say(QStringLiteral("%1: %2 requests, %3 effects, %4 duplicate effects → %5")
                    .arg(fromStd(ran.name))
                    .arg(s.requests)
                    .arg(s.effects)
                    .arg(s.duplicateEffects)
                    .arg(reportPath));
        }
        if (check) {
            std::vector<std::string> failures = checkExpectations(ran, sim.summary());
            for (const std::string& f : lessonCheck.failures())
                failures.push_back(f);
            for (const std::string& f : failures)
                say(fromStd(ran.name) + QStringLiteral(": expectation failed: ") + fromStd(f));
            if (!failures.empty())
                return ExitCheckFailed;
        }
    } catch (const StoreError& e) {
        say(QStringLiteral("idempotency-workbench run: ") + fromStd(e.what()));
        return ExitDatabase;
    } catch (const RunTooLarge& e) {
        qerr() << "idempotency-workbench run: " << QString::fromStdString(e.what()) << '\n';
        return ExitBadInput;
    } catch (const std::bad_alloc&) {
        say(QStringLiteral("idempotency-workbench run: out of memory while running %1; run fewer requests (repeat, "
                           "copies) or fewer retries")
                .arg(name));
        return ExitBadInput;
    }
    return ExitOk;
}

int runRaceCommand(const QStringList& args)
{
    Options o;
    QString error;
    const QStringList withValue { QStringLiteral("store"), QStringLiteral("conninfo"), kConninfoFile,
        QStringLiteral("schema"), QStringLiteral("threads"), QStringLiteral("trials"), QStringLiteral("strategy"),
        QStringLiteral("handler-ms"), QStringLiteral("pooler"), QStringLiteral("redis"), QStringLiteral("redis-prefix"),
        QStringLiteral("hold-ms"), QStringLiteral("deadlock") };
    if (!parseOptions(args, withValue, { QStringLiteral("json"), kPasswordPrompt }, o, error)
        || !o.positional.isEmpty()) {
        say(QStringLiteral("idempotency-workbench race: ")
            + (error.isEmpty() ? QStringLiteral("unexpected argument ") + o.positional.value(0) : error));
        qerr() << "Usage: idempotency-workbench race --store memory|postgres|redis|mysql [--conninfo STR|@FILE] "
                  "[--conninfo-file FILE] [--password-prompt] [--schema NAME] [--pooler transaction] [--redis URL] "
                  "--threads N --trials T [--strategy S] [--handler-ms MS] [--hold-ms MS] [--deadlock "
                  "retry|error] [--json]\n"
               << conninfoUsage();
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
            say(QStringLiteral("idempotency-workbench race: --%1 must be a whole number from %2 to %3, got \"%4\"")
                    .arg(QString::fromLatin1(name))
                    .arg(low)
                    .arg(high)
                    .arg(text));
            return false;
        }
        return true;
    };
    if (!number("threads", 8, 1, kMaxRaceThreads, options.threads)
        || !number("trials", 100, 1, 10'000'000, options.trials)
        || !number("handler-ms", 1, 0, 60'000, options.handlerMs) || !number("hold-ms", 0, 0, 60'000, options.holdMs))
        return ExitBadInput;
    const QString kindGiven = o.values.value(QStringLiteral("store"), QStringLiteral("memory"));
    if ((options.holdMs > 0 || o.values.contains(QStringLiteral("deadlock"))) && kindGiven != QLatin1String("mysql")) {
        say(QStringLiteral("idempotency-workbench race: --hold-ms and --deadlock are the mysql store's (a claim "
                           "transaction held open, and what a deadlock's victim does): add --store mysql"));
        return ExitBadInput;
    }
    if (o.values.contains(QStringLiteral("deadlock"))) {
        const auto action = deadlockActionFromName(o.values.value(QStringLiteral("deadlock")).toStdString());
        if (!action) {
            say(QStringLiteral("idempotency-workbench race: --deadlock must be retry or error, got \"%1\"")
                    .arg(o.values.value(QStringLiteral("deadlock"))));
            return ExitBadInput;
        }
        options.deadlock = *action;
    }
    const QString strategy = o.values.value(QStringLiteral("strategy"), QStringLiteral("unique_claim"));
    const auto parsed = strategyFromName(strategy.toStdString());
    if (!parsed) {
        say(QStringLiteral("idempotency-workbench race: unknown strategy \"%1\" (expected one of: unique_claim, "
                           "check_then_insert, seen_flag, none)")
                .arg(strategy));
        return ExitBadInput;
    }
    options.strategy = *parsed;
    const QString kind = o.values.value(QStringLiteral("store"), QStringLiteral("memory"));
    std::vector<std::unique_ptr<IdempotencyStore>> stores;
    try {
        if (kind == QLatin1String("memory")) {
            warnUnusedPostgresOptions("race", o);
            stores.push_back(makeMemoryStore());
        } else if (kind == QLatin1String("postgres")) {
            // One connection per thread: the database, not a client-side lock, must arbitrate.
            std::string conninfo;
            std::string schema;
            PostgresStore::Pooling pooling = PostgresStore::Pooling::Session;
            if (!conninfoOption("race", o, conninfo, error) || !schemaOption(o, schema, error)
                || !poolerOption(o, pooling, error)) {
                say(QStringLiteral("idempotency-workbench race: ") + error);
                return ExitBadInput;
            }
            for (int t = 0; t < options.threads; ++t) {
                auto store = PostgresStore::connect(conninfo, schema, pooling);
                if (t == 0)
                    store->installSchema();
                stores.push_back(std::move(store));
            }
            stores.front()->reset();
        } else if (kind == QLatin1String("redis")) {
            // One connection per thread too: the server's SET NX arbitrates, not a lock in this process.
            std::optional<RedisUrl> url;
            RedisStore::Options redisOptions;
            if (!redisOptionsOf(o, url, redisOptions, error)) {
                say(QStringLiteral("idempotency-workbench race: ") + error);
                return ExitBadInput;
            }
            if (options.strategy != Strategy::UniqueClaim) {
                say(QStringLiteral("idempotency-workbench race: --store redis claims with SET NX: only --strategy "
                                   "unique_claim is modelled on it"));
                return ExitBadInput;
            }
            for (int t = 0; t < options.threads; ++t)
                stores.push_back(RedisStore::connect(*url, redisOptions));
            stores.front()->reset();
        } else if (kind == QLatin1String("mysql")) {
            // One connection per thread: InnoDB's primary key arbitrates (ERROR 1062 for the losers).
            MysqlConninfo info;
            if (!mysqlConninfoOf("race", o, info, error)) {
                say(QStringLiteral("idempotency-workbench race: ") + error);
                return ExitBadInput;
            }
            if (options.strategy != Strategy::UniqueClaim) {
                say(QStringLiteral("idempotency-workbench race: --store mysql claims with its INSERT: only --strategy "
                                   "unique_claim is modelled on it"));
                return ExitBadInput;
            }
            for (int t = 0; t < options.threads; ++t) {
                MysqlStore::Options mysqlOptions;
                mysqlOptions.holdsClaims = t == 0 && options.holdMs > 0; // thread 0's claim is held (--hold-ms)
                mysqlOptions.watchLockWaits = false; // the other threads' INSERTs wait in the server itself
                stores.push_back(MysqlStore::connect(info, mysqlOptions));
            }
            stores.front()->reset();
        } else {
            say(QStringLiteral("idempotency-workbench race: unknown store \"%1\" (expected memory, postgres, redis or "
                               "mysql)")
                    .arg(kind));
            return ExitBadInput;
        }
    } catch (const StoreError& e) {
        say(QStringLiteral("idempotency-workbench race: ") + fromStd(e.what()));
        return ExitDatabase;
    }
    RaceResult result;
    try {
        result = runRace(options, [&](int thread) -> IdempotencyStore& {
            return *stores[stores.size() == 1 ? 0 : static_cast<std::size_t>(thread)];
        });
    } catch (const RaceThreadError& e) {
        say(QStringLiteral("idempotency-workbench race: ") + fromStd(e.what()));
        return ExitBadInput;
    }
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
    PostgresStore::Pooling pooling = PostgresStore::Pooling::Session;
    if (!parseOptions(args,
            { QStringLiteral("conninfo"), kConninfoFile, QStringLiteral("schema"), QStringLiteral("pooler") },
            { kPasswordPrompt }, o, error)
        || !o.positional.isEmpty()) {
        say(QStringLiteral("idempotency-workbench install-schema: ")
            + (error.isEmpty() ? QStringLiteral("unexpected argument ") + o.positional.value(0) : error));
        qerr() << "Usage: idempotency-workbench install-schema [--conninfo STR|@FILE] [--conninfo-file FILE] "
                  "[--password-prompt] [--schema NAME] [--pooler transaction]\n"
               << conninfoUsage();
        return ExitBadInput;
    }
    // A value that cannot be used is one sentence, as for the other commands.
    if (!conninfoOption("install-schema", o, conninfo, error) || !schemaOption(o, schema, error)
        || !poolerOption(o, pooling, error)) {
        say(QStringLiteral("idempotency-workbench install-schema: ") + error);
        return ExitBadInput;
    }
    try {
        auto store = PostgresStore::connect(conninfo, schema, pooling);
        const SchemaInstallation done = installStoreSchema(*store, conninfo);
        qout() << "idempotency-workbench install-schema: " << QString::fromStdString(done.sentence()) << '\n';
        return ExitOk;
    } catch (const StoreError& e) {
        say(QStringLiteral("idempotency-workbench install-schema: ") + fromStd(e.what()));
        return ExitDatabase;
    }
}

} // namespace

int refuseArguments(QTextStream& err, const QString& line, const QString& usage)
{
    err << printable(line) << QLatin1Char('\n') << usage;
    err.flush();
    return ExitBadInput;
}

QString usageText()
{
    return QStringLiteral(
               "Idempotency Workbench " IW_VERSION "\n"
               "Usage:\n"
               "  idempotency-workbench [SCENARIO.json]            the GUI (optionally opening a scenario)\n"
               "  idempotency-workbench run SCENARIO.json [--store memory|postgres|redis|mysql] [--conninfo STR] "
               "[--schema "
               "NAME]\n"
               "                         [--pooler transaction] [--redis URL [--redis-replica URL] [--redis-prefix "
               "P]]\n"
               "                         [--report FILE] [--format json|csv|md] [--check]\n"
               "                         (--store mysql: --conninfo \"host=H port=P user=U password=W dbname=D\",\n"
               "                         a MariaDB or MySQL database the store marks as its own)\n"
               "  idempotency-workbench fingerprint [--only PTRS] [--ignore PTRS] [--json] [FILE|-]\n"
               "  idempotency-workbench inspect --conninfo STR [--table NAME] [--mapping "
               "seed|brandur|powertools|FILE]\n"
               "                         [--pooler transaction] [--limit N] [--order key|time|newest]\n"
               "                         [--threshold KIND=DURATION] [--anomaly-limit N] [--json]\n"
               "                         [--key K [--actor A] [--full-body]] [--due-within DURATION] [--by actor]\n"
               "                         [--timezone ZONE]   (inspect --help: every option)\n"
               "  idempotency-workbench race --store memory|postgres|redis|mysql [--conninfo STR] [--schema NAME] "
               "[--redis "
               "URL]\n"
               "                         [--pooler transaction] --threads N --trials T [--strategy S] [--handler-ms "
               "MS] "
               "[--json]\n"
               "                         [--hold-ms MS --deadlock retry|error]   (mysql: a claim held, then rolled\n"
               "                         back: the waiters' deadlock)\n"
               "  idempotency-workbench install-schema [--conninfo STR] [--schema NAME] [--pooler transaction]\n"
               "                         creates the PostgreSQL store's schema and tables (default schema\n"
               "                         idempotency_workbench); an empty conninfo means the PG* environment\n"
               "  idempotency-workbench compare SCENARIO.json... [--intents N] [--report FILE] [--format json|md]\n"
               "  idempotency-workbench sequence SCENARIO.json [--intent NAME] [--format svg|png|mermaid] [--output "
               "FILE]\n"
               "                         [--compact]   one intent's run as a sequence diagram\n"
               "  idempotency-workbench explore SCENARIO.json [--max-faults K] [--time-limit S] [--threads N] "
               "[--json]\n"
               "                         [--counterexample FILE] [--check]   every way the run can go, within bounds\n"
               "  idempotency-workbench serve [SCENARIO.json] [--port N] [--bind ADDR] [--store "
               "memory|postgres|redis|mysql]\n"
               "                         [--conninfo STR] [--schema NAME] [--redis URL] [--report FILE] [--record "
               "FILE]\n"
               "                         [--max-body BYTES] [--management-token-file FILE]   the service as a real\n"
               "                         HTTP endpoint (serve --help for more)\n"
               "  idempotency-workbench reconstruct FILE... [--format auto|har|otlp|jsonl|combined]\n"
               "                         [--fields MAPPING.json] [--key-header NAME]\n"
               "                         [--rows INSPECT.json | --conninfo STR --table NAME --mapping M]\n"
               "                         [--profile NAME] [--window FROM..TO] [--key K] [--check]\n"
               "                         [--scenario OUT.json] [--report FILE] [--json] [--keep-bodies]\n"
               "                         [--assume-utc]   an incident rebuilt from logs, traces and HAR files\n"
               "  idempotency-workbench probe URL [--body JSON|@FILE] [--auth VALUE] [--result-id PTR] [--checks "
               "LIST]\n"
               "                         [--profile auto|NAME] [--dry-run] [--yes] [--json] [--report FILE] ...\n"
               "                         checks a real endpoint from outside (probe --help for every option)\n"
               "  idempotency-workbench --help | --version\n")
        + QStringLiteral("run, race, install-schema, inspect, serve and reconstruct:\n") + conninfoUsage()
        + QStringLiteral("exit codes: 0 ok, 1 check failed, 2 bad input, 3 database error (probe: the target cannot "
                         "be reached;\n            explore: 0 holds, 1 violated, 4 inconclusive)\n");
}

QString noDisplayProblem(const QStringList& args)
{
    const QString platform = qEnvironmentVariable("QT_QPA_PLATFORM");
    const bool wantsX = platform.isEmpty() || platform.startsWith(QLatin1String("xcb"));
    if (!wantsX || !qEnvironmentVariableIsEmpty("DISPLAY") || !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY"))
        return {};
    const QString file = args.value(0);
    const QString headless = file.isEmpty() ? QStringLiteral("a headless command such as idempotency-workbench run "
                                                             "SCENARIO.json (see --help)")
                                            : QStringLiteral("the headless idempotency-workbench run %1").arg(file);
    return QStringLiteral("idempotency-workbench: there is no display for the GUI (DISPLAY and WAYLAND_DISPLAY are "
                          "not set); start it under xvfb-run, set QT_QPA_PLATFORM=offscreen, or use %1")
        .arg(headless);
}

namespace {

// What a command printed must have reached standard output: a full disk or a closed pipe loses the report, which
// is a failure (exit 2, one sentence), not a success with nothing written.
int checkedStdout(const QString& command, int code)
{
    qout().flush();
    std::cout.flush();
    errno = 0;
    const bool flushed = std::fflush(stdout) == 0;
    const int why = errno;
    QFile& file = stdoutFile();
    if (flushed && !std::ferror(stdout) && std::cout.good() && qout().status() == QTextStream::Ok
        && file.error() == QFileDevice::NoError)
        return code;
    const QString reason = file.error() != QFileDevice::NoError ? file.errorString()
        : why != 0                                              ? QString::fromLocal8Bit(std::strerror(why))
                                                                : QStringLiteral("the stream reported an error");
    say(QStringLiteral("idempotency-workbench %1: cannot write standard output: %2").arg(command, reason));
    return code == ExitOk || code == ExitCheckFailed ? ExitBadInput : code;
}

int runCommand(const QString& command, const QStringList& rest)
{
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
        QTextStream out(&stdoutFile());
        QTextStream err(stderr);
        return runCompareCommand(rest, out, err);
    }
    if (command == QLatin1String("explore")) {
        QTextStream out(&stdoutFile());
        QTextStream err(stderr);
        return runExploreCommand(rest, out, err);
    }
    if (command == QLatin1String("sequence")) {
        QTextStream err(stderr);
        return runSequenceCommand(rest, stdoutFile(), err);
    }
    if (command == QLatin1String("inspect")) {
        QTextStream out(&stdoutFile());
        QTextStream err(stderr);
        return runInspectCommand(rest, out, err);
    }
    if (command == QLatin1String("reconstruct")) {
        QTextStream out(&stdoutFile());
        QTextStream err(stderr);
        return runReconstructCommand(rest, out, err);
    }
    if (command == QLatin1String("probe")) {
        QTextStream out(&stdoutFile());
        QTextStream err(stderr);
        return runProbeCommand(rest, out, err);
    }
    if (command == QLatin1String("fingerprint")) {
        QTextStream out(&stdoutFile());
        QTextStream err(stderr);
        return runFingerprintCommand(rest, out, err);
    }
    return -1;
}

} // namespace

int runCommandLine(const QStringList& args)
{
    if (args.isEmpty())
        return -1;
    const QString& command = args.first();
    if (const int code = runCommand(command, args.mid(1)); code >= 0)
        return checkedStdout(command, code);
    if (command.startsWith(QLatin1String("-"))) {
        say(QStringLiteral("idempotency-workbench: unknown option ") + command);
        qerr() << usageText();
        return ExitBadInput;
    }
    if (command.endsWith(QLatin1String(".json")) && args.size() == 1)
        return -1;
    say(QStringLiteral("idempotency-workbench: unknown command \"%1\"").arg(command));
    qerr() << usageText();
    return ExitBadInput;
}

} // namespace iw
