// `reconstruct`: options, the live table's rows, the outputs written whole or not at all.
#include "reconstructcommand.h"

#include "commandline.h"
#include "conninfooptions.h"
#include "incidentscenario.h"
#include "liveconnection.h"
#include "livemapping.h"
#include "liverows.h"
#include "printable.h"
#include "reconstruction.h"
#include "reconstructreport.h"
#include "reportoutput.h"
#include "scenario.h"
#include "simulation.h"
#include "store.h"
#include "timestamps.h"
#include "wholeinput.h"

#include <QCoreApplication>
#include <QFile>
#include <QRegularExpression>

#include <optional>

namespace iw {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("iw::ReconstructCommand", text);
}

int fail(QTextStream& err, int code, const QString& sentence)
{
    err << "idempotency-workbench reconstruct: " << printable(sentence) << '\n';
    err.flush();
    return code;
}

int usageError(QTextStream& err, const QString& problem)
{
    return refuseArguments(err, tr("reconstruct: error: ") + problem, reconstructUsage());
}

std::optional<std::string> readText(const QString& path, const char* what, std::string& error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        error = path.toStdString() + ": " + f.errorString().toStdString();
        return std::nullopt;
    }
    const auto bytes = readWholeInput(f, what, error);
    if (!bytes) {
        error = path.toStdString() + ": " + error;
        return std::nullopt;
    }
    return bytes->toStdString();
}

// The live table's rows (read-only, through core/live): the newest `limit` by creation time.
std::vector<EvidenceRow> liveRows(const std::string& conninfo, const std::string& table, const std::string& mappingName,
    bool transactionPooler, std::uint32_t fileIndex)
{
    LiveMapping mapping = resolveMapping(mappingName);
    std::unique_ptr<LiveConnection> connection;
    try {
        connection = LiveConnection::open(conninfo, {}, transactionPooler);
    } catch (const LiveError& e) {
        // As inspect: a password none of the usual ways gave is asked for on the terminal.
        if (e.kind() != LiveError::Kind::PasswordNeeded)
            throw;
        const auto password = readPassword(std::string(e.what()) + ". Password: ", false);
        if (!password)
            throw;
        connection = LiveConnection::open(conninfo, *password, transactionPooler);
    }
    return liveEvidenceRows(*connection, mapping, table, fileIndex);
}

} // namespace

QString reconstructUsage()
{
    return tr("Usage: idempotency-workbench reconstruct FILE... [--format auto|har|otlp|jsonl|combined]\n"
              "         [--fields MAPPING.json] [--key-header NAME] [--assume-utc]\n"
              "         [--rows INSPECT.json | [--conninfo STR|@FILE] [--conninfo-file FILE] [--password-prompt]\n"
              "          --table NAME [--mapping M] [--pooler transaction]]\n"
              "         [--profile NAME] [--intent-window MS] [--window FROM..TO] [--key K] [--check]\n"
              "         [--scenario OUT.json] [--report FILE] [--json] [--keep-bodies]\n"
              "Rebuilds an incident from its evidence: every exchange of the files on one timeline at its real "
              "instant,\n"
              "judged against an idempotency profile, each violation naming the file and line (HAR entry, span id) "
              "that\n"
              "shows it.\n"
              "  FILE...            HAR 1.2 files, OTLP/JSON traces, JSON-lines access logs (nginx escape=json, "
              "Envoy,\n"
              "                     Caddy) or combined logs with the key appended as a last quoted field; gzip is "
              "read\n"
              "                     as such; several files are merged on their timestamps\n"
              "  --format F         read every file as F instead of recognising each from its first bytes\n"
              "  --fields FILE      a JSON-lines field mapping (format idempotency-workbench/fields@1) for a log that\n"
              "                     no preset fits\n"
              "  --key-header NAME  the idempotency key's header (default Idempotency-Key)\n"
              "  --assume-utc       read a timestamp without a zone as UTC (otherwise such a line is skipped and "
              "named)\n"
              "  --rows FILE        join the table's rows from the JSON of inspect --json (stuck_in_progress comes "
              "from\n"
              "                     them)\n"
              "  --table NAME [--mapping seed|brandur|powertools|FILE]\n"
              "                     read the rows live instead, read-only, as inspect does (the newest 10,000), from\n"
              "                     the connection below; --table also names the table whose statements OTLP database\n"
              "                     spans are matched on\n"
              "  --profile NAME     ietf (default), stripe, powertools, brandur, powertools-redis,\n"
              "                     powertools-redis-fixed, express-idempotency or node-idempotency: statuses, the\n"
              "                     window, the key's syntax and scope, the fingerprint\n"
              "  --intent-window MS the window of a suspected intent (default 60000): one actor, operation and "
              "payload\n"
              "                     under several keys within it is taken for one intent\n"
              "  --window FROM..TO  only exchanges that started in [FROM, TO) (ISO 8601 with a zone; a side may be "
              "empty)\n"
              "  --key K            only the exchanges (and rows) of key K\n"
              "  --check            exit 1 when any violation is found\n"
              "  --scenario FILE    write the incident as a scenario@1 that run --check replays to the same effects\n"
              "  --report FILE      write idempotency-workbench/reconstruct@1 JSON (whole, or not at all)\n"
              "  --json             print reconstruct@1 instead of the readable answer\n"
              "  --keep-bodies      copy request bodies into the report and the scenario (never done otherwise;\n"
              "                     Authorization values are never copied: a bearer token is hashed into the actor)\n"
              "Violations: duplicate_execution, replay_differs, success_after_mismatch, stuck_in_progress,\n"
              "late_retry_reexecuted, conflict_status.\n"
              "Exit codes: 0 read and judged, 1 --check found a violation, 2 bad input, 3 the database could not be "
              "read.\n")
        + conninfoUsage();
}

int runReconstructCommand(const QStringList& args, QTextStream& out, QTextStream& err)
{
    QStringList files;
    QMap<QString, QString> values;
    QStringList flags;
    static const QStringList withValue = { QStringLiteral("format"), QStringLiteral("fields"),
        QStringLiteral("key-header"), QStringLiteral("rows"), QStringLiteral("conninfo"),
        QStringLiteral("conninfo-file"), QStringLiteral("table"), QStringLiteral("mapping"), QStringLiteral("pooler"),
        QStringLiteral("profile"), QStringLiteral("intent-window"), QStringLiteral("window"), QStringLiteral("key"),
        QStringLiteral("scenario"), QStringLiteral("report") };
    static const QStringList bare = { QStringLiteral("check"), QStringLiteral("json"), QStringLiteral("keep-bodies"),
        QStringLiteral("assume-utc") };
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString& a = args.at(i);
        if (a == QLatin1String("--help") || a == QLatin1String("-h")) {
            out << reconstructUsage();
            out.flush();
            return ExitOk;
        }
        if (a.startsWith(QLatin1String("--")) && a.size() > 2) {
            QString name = a.mid(2);
            QString value;
            const qsizetype eq = name.indexOf(QLatin1Char('='));
            if (eq >= 0) {
                value = name.mid(eq + 1);
                name = name.left(eq);
            }
            if (withValue.contains(name)) {
                if (eq < 0) {
                    if (i + 1 >= args.size())
                        return usageError(err, tr("option --%1 needs a value").arg(name));
                    value = args.at(++i);
                }
                values.insert(name, value);
            } else if (bare.contains(name) && eq < 0) {
                flags << name;
            } else {
                return usageError(err, tr("unknown option --%1").arg(name));
            }
        } else if (a.startsWith(QLatin1Char('-')) && a.size() > 1) {
            return usageError(err, tr("unknown option %1").arg(a));
        } else {
            files << a;
        }
    }
    if (files.isEmpty())
        return usageError(err, tr("no evidence file given"));

    ReconstructOptions options;
    options.read.keepBodies = flags.contains(QStringLiteral("keep-bodies"));
    options.read.assumeUtc = flags.contains(QStringLiteral("assume-utc"));
    const QString profileName = values.value(QStringLiteral("profile"), QStringLiteral("ietf"));
    const auto profile = profileFromName(profileName.toStdString());
    if (!profile) {
        QStringList names;
        for (Profile p : allProfiles())
            names << QString::fromUtf8(iw::profileName(p).data(), static_cast<qsizetype>(iw::profileName(p).size()));
        return usageError(
            err, tr("unknown profile \"%1\" (expected one of %2)").arg(profileName, names.join(QStringLiteral(", "))));
    }
    options.profile = profileName.toStdString();
    options.policy = ServicePolicy::forProfile(*profile);
    options.read.fingerprint = options.policy.fingerprint;
    // Each profile's own reading of a request: its key syntax, its fingerprint, and (in the judgement) its key scope.
    options.read.policy = options.policy;
    if (values.contains(QStringLiteral("format"))) {
        const QString f = values.value(QStringLiteral("format"));
        if (f != QLatin1String("auto")) {
            const auto format = evidenceFormatFromName(f.toStdString());
            if (!format)
                return usageError(
                    err, tr("unknown format \"%1\" (expected auto, har, otlp, jsonl or combined)").arg(f));
            options.read.format = format;
        }
    }
    if (values.contains(QStringLiteral("key-header"))) {
        const QString h = values.value(QStringLiteral("key-header"));
        static const QRegularExpression token(QStringLiteral("^[A-Za-z0-9!#$%&'*+.^_`|~-]+$"));
        if (!token.match(h).hasMatch())
            return usageError(err, tr("--key-header \"%1\" is not a header name").arg(h));
        options.read.keyHeader = h.toStdString();
    }
    if (values.contains(QStringLiteral("table")))
        options.read.table = values.value(QStringLiteral("table")).toStdString();
    if (values.contains(QStringLiteral("fields"))) {
        std::string error;
        const QString path = values.value(QStringLiteral("fields"));
        const auto text = readText(path, "a field mapping", error);
        if (!text)
            return fail(err, ExitBadInput, QString::fromStdString(error));
        try {
            options.read.fields = loadFieldMapping(*text, path.toStdString());
        } catch (const std::runtime_error& e) {
            return fail(err, ExitBadInput, QString::fromStdString(e.what()));
        }
        if (options.read.keyHeader != "Idempotency-Key" && !options.read.fields->pointers[FieldMapping::Key].empty())
            err << "idempotency-workbench reconstruct: "
                << tr("note: --key-header applies to HAR and OTLP files; the mapping file names the key's field")
                << '\n';
    }
    if (values.contains(QStringLiteral("intent-window"))) {
        bool ok = false;
        const qlonglong ms = values.value(QStringLiteral("intent-window")).toLongLong(&ok);
        if (!ok || ms < 0)
            return usageError(err,
                tr("--intent-window must be a whole number of milliseconds, got \"%1\"")
                    .arg(values.value(QStringLiteral("intent-window"))));
        options.intentWindowMs = ms;
    }
    if (values.contains(QStringLiteral("window"))) {
        std::string error;
        if (!parseWindow(values.value(QStringLiteral("window")).toStdString(), options.read.assumeUtc, options.fromMs,
                options.toMs, error))
            return usageError(err, QString::fromStdString(error));
    }
    if (values.contains(QStringLiteral("key")))
        options.key = values.value(QStringLiteral("key")).toStdString();
    const bool asJson = flags.contains(QStringLiteral("json"));
    const QString scenarioPath = values.value(QStringLiteral("scenario"));
    const QString reportPath = values.value(QStringLiteral("report"));
    const bool live = values.contains(QStringLiteral("conninfo")) || values.contains(QStringLiteral("conninfo-file"))
        || flags.contains(QStringLiteral("password-prompt"));
    if (values.contains(QStringLiteral("rows")) && live)
        return usageError(err, tr("--rows and a live connection both name the table's rows: give one"));
    if (live && !values.contains(QStringLiteral("table")))
        return usageError(err, tr("a live connection needs --table NAME (the idempotency table to read)"));
    if (values.contains(QStringLiteral("mapping")) && !live)
        return usageError(err, tr("--mapping applies to a live table: give --conninfo and --table"));
    const QString pooler = values.value(QStringLiteral("pooler"), QStringLiteral("session"));
    if (pooler != QLatin1String("session") && pooler != QLatin1String("transaction"))
        return usageError(err, tr("unknown pooler \"%1\" (expected transaction or session)").arg(pooler));
    options.keepExchanges = asJson || !scenarioPath.isEmpty() || !reportPath.isEmpty();

    std::vector<std::string> paths;
    for (const QString& f : files)
        paths.push_back(f.toStdString());
    // Outputs are opened first (a path that cannot be written is known before the work) and renamed into place only
    // when everything succeeded.
    std::optional<ReportOutput> report;
    std::optional<ReportOutput> scenarioOut;
    if (!reportPath.isEmpty()) {
        report.emplace(reportPath.toStdString());
        if (!report->open())
            return fail(err, ExitBadInput, QString::fromStdString(report->error()));
    }
    if (!scenarioPath.isEmpty()) {
        scenarioOut.emplace(scenarioPath.toStdString());
        if (!scenarioOut->open())
            return fail(err, ExitBadInput, QString::fromStdString(scenarioOut->error()));
    }

    ReportContext context;
    context.profile = options.profile;
    context.fromMs = options.fromMs;
    context.toMs = options.toMs;
    context.key = options.key;
    context.keepBodies = options.read.keepBodies;
    std::vector<EvidenceRow> rows;
    std::vector<std::string> allFiles = paths;
    if (values.contains(QStringLiteral("rows"))) {
        const QString path = values.value(QStringLiteral("rows"));
        std::string error;
        const auto text = readText(path, "an inspection", error);
        if (!text)
            return fail(err, ExitBadInput, QString::fromStdString(error));
        try {
            rows = rowsFromInspection(*text, path.toStdString(), static_cast<std::uint32_t>(paths.size()));
        } catch (const ReconstructError& e) {
            return fail(err, ExitBadInput, QString::fromStdString(e.what()));
        }
        context.rowsSource = path.toStdString();
    } else if (live) {
        const std::string table = values.value(QStringLiteral("table")).toStdString();
        ConninfoSources sources;
        if (values.contains(QStringLiteral("conninfo")))
            sources.conninfo = values.value(QStringLiteral("conninfo"));
        if (values.contains(QStringLiteral("conninfo-file")))
            sources.file = values.value(QStringLiteral("conninfo-file"));
        sources.prompt = flags.contains(QStringLiteral("password-prompt"));
        std::string conninfo;
        QString conninfoError;
        if (!resolveConninfo("reconstruct", sources, conninfo, conninfoError))
            return fail(err, ExitBadInput, conninfoError);
        try {
            rows = liveRows(conninfo, table,
                values.value(QStringLiteral("mapping"), QStringLiteral("seed")).toStdString(),
                pooler == QLatin1String("transaction"), static_cast<std::uint32_t>(paths.size()));
        } catch (const MappingError& e) {
            return fail(err, ExitBadInput, QString::fromStdString(e.what()));
        } catch (const LiveError& e) {
            return fail(err, e.isDatabaseError() ? ExitDatabase : ExitBadInput, QString::fromStdString(e.what()));
        }
        context.rowsSource = "table " + table;
    }

    ReconstructResult result;
    try {
        result = reconstruct(paths, options, rows);
    } catch (const ReconstructError& e) {
        return fail(err, ExitBadInput, QString::fromStdString(e.what()));
    }
    if (!context.rowsSource.empty())
        result.files.push_back(context.rowsSource);

    std::string scenarioText;
    if (scenarioOut) {
        const IncidentScenario incident = incidentScenario(result, options, options.read.keepBodies);
        if (!incident.replayable())
            return fail(err, ExitBadInput,
                tr("no exchange of the evidence can be replayed as a scenario (%1 left out: their key header could not "
                   "be read, or none was in the window); nothing was written")
                    .arg(incident.leftOut));
        scenarioText = saveScenario(incident.scenario);
        // The scenario is checked before it is written: it must load, and its run is compared with the evidence.
        try {
            const Scenario loaded = loadScenario(scenarioText, scenarioPath.toStdString());
            auto store = makeMemoryStore();
            Simulation sim(loaded, *store);
            sim.runToEnd();
            const RunSummary s = sim.summary();
            err << "idempotency-workbench reconstruct: "
                << tr("the scenario replays to %1 effect(s), %2 duplicate(s); the evidence shows %3, %4")
                       .arg(s.effects)
                       .arg(s.duplicateEffects)
                       .arg(incident.expectedEffects)
                       .arg(incident.expectedDuplicateEffects)
                << '\n';
            for (const std::string& a : incident.assumptions)
                err << "idempotency-workbench reconstruct: " << tr("assumed: ") << printable(QString::fromStdString(a))
                    << '\n';
        } catch (const ScenarioError& e) {
            return fail(err, ExitBadInput,
                tr("the rebuilt scenario does not load (%1); nothing was written")
                    .arg(QString::fromStdString(e.what())));
        }
    }
    const std::string json = options.keepExchanges ? reconstructJson(result, context) : std::string();
    if (report) {
        report->stream() << json;
        if (!report->finish())
            return fail(err, ExitBadInput, QString::fromStdString(report->error()));
    }
    if (scenarioOut) {
        scenarioOut->stream() << scenarioText;
        if (!scenarioOut->finish())
            return fail(err, ExitBadInput, QString::fromStdString(scenarioOut->error()));
    }
    if (asJson)
        out << QString::fromStdString(json);
    else
        out << QString::fromStdString(reconstructText(result, context));
    out.flush();
    err.flush();
    const bool check = flags.contains(QStringLiteral("check"));
    return check && !result.violations.empty() ? ExitCheckFailed : ExitOk;
}

} // namespace iw
