// The `explore` command: option parsing, the search through core/explore, the verdict for people or as JSON, and
// the counterexample written whole or not at all.
#include "explorecommand.h"

#include "commandline.h"
#include "explore.h"
#include "printable.h"
#include "reportoutput.h"
#include "runbudget.h"
#include "scenario.h"

#include <QCoreApplication>

#include <atomic>
#include <csignal>
#include <optional>

namespace iw {

namespace {

constexpr int ExitInconclusive = 4;

QString tr(const char* text)
{
    return QCoreApplication::translate("iw::ExploreCommand", text);
}

QString usage()
{
    return tr("Usage: idempotency-workbench explore SCENARIO.json [--max-faults K] [--time-limit S] "
              "[--memory-limit MIB] [--threads N] [--json] [--counterexample FILE] [--check]\n"
              "Runs the scenario under every choice its \"explore\" block allows.\n"
              "  --max-faults K         at most K faults in a run (default: the block's max_faults, else 1)\n"
              "  --time-limit S         stop after S seconds with the verdict inconclusive (default 300; 0: none)\n"
              "  --memory-limit MIB     stop with the verdict inconclusive once the search holds MIB mebibytes\n"
              "                         (default: a quarter of this machine's memory, at most 4096)\n"
              "  --threads N            search on N threads (default 2); the answer is the same on any number\n"
              "  --json                 the verdict as JSON on standard output\n"
              "  --counterexample FILE  when violated, write the shortest counterexample as a scenario\n"
              "  --check                exit 0 when the result is the scenario's expect.explore, 1 when not\n"
              "exit codes: 0 holds, 1 violated, 2 bad input, 4 inconclusive\n");
}

int usageError(QTextStream& err, const QString& problem)
{
    return refuseArguments(err, tr("explore: error: ") + problem, usage());
}

int fail(QTextStream& err, const QString& sentence)
{
    err << printable(sentence) << QLatin1Char('\n');
    err.flush();
    return ExitBadInput;
}

std::atomic<bool> s_interrupted { false };

} // namespace

int runExploreCommand(const QStringList& args, QTextStream& out, QTextStream& err)
{
    QStringList files;
    ExploreOptions options;
    bool json = false;
    bool check = false;
    QString counterexamplePath;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString& arg = args.at(i);
        if (arg == QLatin1String("--help") || arg == QLatin1String("-h")) {
            out << usage();
            return ExitOk;
        }
        if (!arg.startsWith(QLatin1String("--")) || arg.size() == 2) {
            files << arg;
            continue;
        }
        QString name = arg.mid(2);
        QString value;
        const qsizetype eq = name.indexOf(QLatin1Char('='));
        if (eq >= 0) {
            value = name.mid(eq + 1);
            name = name.left(eq);
        }
        const bool takesValue = name == QLatin1String("max-faults") || name == QLatin1String("time-limit")
            || name == QLatin1String("memory-limit") || name == QLatin1String("threads")
            || name == QLatin1String("counterexample");
        if (takesValue && eq < 0) {
            if (i + 1 >= args.size())
                return usageError(err, tr("option --%1 needs a value").arg(name));
            value = args.at(++i);
        } else if (!takesValue && eq >= 0) {
            return usageError(err, tr("option --%1 takes no value").arg(name));
        }
        bool ok = false;
        if (name == QLatin1String("max-faults")) {
            const int k = value.toInt(&ok);
            if (!ok || k < 0 || k > 16)
                return usageError(err, tr("--max-faults expects an integer from 0 to 16, got \"%1\"").arg(value));
            options.maxFaults = k;
        } else if (name == QLatin1String("time-limit")) {
            const double s = value.toDouble(&ok);
            if (!ok || !(s >= 0) || s > 1e7)
                return usageError(err, tr("--time-limit expects seconds (0 for none), got \"%1\"").arg(value));
            options.timeLimitS = s;
        } else if (name == QLatin1String("memory-limit")) {
            const qlonglong mib = value.toLongLong(&ok);
            if (!ok || mib < 1 || mib > (qlonglong(1) << 30))
                return usageError(
                    err, tr("--memory-limit expects mebibytes from 1 to 1073741824, got \"%1\"").arg(value));
            options.memoryLimitBytes = static_cast<std::size_t>(mib) << 20;
        } else if (name == QLatin1String("threads")) {
            const int n = value.toInt(&ok);
            if (!ok || n < 1 || n > 64)
                return usageError(err, tr("--threads expects an integer from 1 to 64, got \"%1\"").arg(value));
            options.threads = n;
        } else if (name == QLatin1String("counterexample")) {
            if (value.isEmpty())
                return usageError(err, tr("--counterexample needs a file name"));
            counterexamplePath = value;
        } else if (name == QLatin1String("json")) {
            json = true;
        } else if (name == QLatin1String("check")) {
            check = true;
        } else {
            return usageError(err, tr("unknown option --%1").arg(name));
        }
    }
    if (files.size() != 1)
        return usageError(err,
            files.isEmpty()
                ? tr("expects one scenario file")
                : tr("expects one scenario file, got %1: %2").arg(files.size()).arg(files.join(QStringLiteral(", "))));

    Scenario scenario;
    try {
        scenario = loadScenarioFile(files.first().toStdString());
    } catch (const ScenarioError& e) {
        return fail(err, QString::fromStdString(e.what()));
    } catch (const std::exception& e) {
        return fail(err, files.first() + QStringLiteral(": ") + QString::fromStdString(e.what()));
    }
    if (check && !scenario.exploreExpect)
        return fail(err,
            tr("%1: --check needs \"expect\": {\"explore\": {\"verdict\": …}} in the scenario").arg(files.first()));
    // The target is known to be writable before the search, which may take minutes. A regular file is written
    // beside and renamed into place only when whole; a FIFO, a device or /dev/stdout is written through.
    std::optional<ReportOutput> target;
    if (!counterexamplePath.isEmpty()) {
        target.emplace(counterexamplePath.toStdString());
        if (!target->open())
            return fail(err, tr("explore: ") + QString::fromStdString(target->error()));
    }

    // Ctrl+C ends the search with what it has: inconclusive, never holds.
    s_interrupted = false;
    options.cancel = &s_interrupted;
    const auto previous = std::signal(SIGINT, [](int) { s_interrupted = true; });
    ExploreResult result;
    try {
        result = explore(scenario, options);
    } catch (const RunTooLarge& e) {
        std::signal(SIGINT, previous);
        return fail(err, tr("explore: %1").arg(QString::fromStdString(e.what())));
    } catch (const std::bad_alloc&) {
        std::signal(SIGINT, previous);
        return fail(err, tr("explore: out of memory; lower --max-faults or the explore block's choices"));
    }
    std::signal(SIGINT, previous);

    if (json)
        out << QString::fromStdString(exploreResultJson(result));
    else
        out << QString::fromStdString(exploreResultText(result, files.first().toStdString()));
    // What was printed goes first: the counterexample may be going to the same standard output.
    out.flush();
    if (target) {
        if (result.counterexample) {
            const std::string text = saveScenario(*result.counterexample);
            target->stream().write(text.data(), static_cast<std::streamsize>(text.size()));
            if (!target->finish())
                return fail(err, tr("explore: ") + QString::fromStdString(target->error()));
            if (!json)
                out << tr("  counterexample written to %1 (run --check replays it, sequence draws it)\n")
                           .arg(counterexamplePath);
        } else {
            target.reset(); // a regular file's temporary copy is removed, the target left as it was
            if (!json)
                out << tr("  no counterexample, so %1 was not written\n").arg(counterexamplePath);
        }
    }
    out.flush();

    if (check) {
        const ExploreExpectation& e = *scenario.exploreExpect;
        QStringList failures;
        const QString got = QString::fromUtf8(exploreVerdictName(result.verdict).data());
        if (got != QString::fromStdString(e.verdict))
            failures << tr("verdict %1, expected %2").arg(got, QString::fromStdString(e.verdict));
        else if (e.faults && static_cast<int>(result.counterexampleFaults.size()) != *e.faults)
            failures << tr("the counterexample has %1 faults, expected %2")
                            .arg(result.counterexampleFaults.size())
                            .arg(*e.faults);
        for (const QString& f : failures)
            err << QString::fromStdString(scenario.name) << tr(": expectation failed: ") << f << QLatin1Char('\n');
        err.flush();
        return failures.isEmpty() ? ExitOk : ExitCheckFailed;
    }
    switch (result.verdict) {
    case ExploreVerdict::Holds:
        return ExitOk;
    case ExploreVerdict::Violated:
        return ExitCheckFailed;
    case ExploreVerdict::Inconclusive:
        return ExitInconclusive;
    }
    return ExitInconclusive;
}

} // namespace iw
