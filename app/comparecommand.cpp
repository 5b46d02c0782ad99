// The `compare` command: option parsing, loading the policies, progress on a terminal, and the three outputs around
// core/review.
#include "comparecommand.h"

#include "commandline.h"
#include "printable.h"
#include "reportoutput.h"
#include "review.h"
#include "scenario.h"

#include <QCoreApplication>
#include <QFile>

#include <optional>

#include <unistd.h>

namespace iw {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("iw::CompareCommand", text);
}

QString usage()
{
    return tr(
        "Usage: idempotency-workbench compare SCENARIO.json... [--intents N] [--report FILE] [--format json|md]\n"
        "Runs each scenario file as one policy under the first file's seed and compares them side by side.\n"
        "  --intents N    set every request entry's repeat to N (keys must be \"auto\" or null)\n"
        "  --report FILE  write the comparison to FILE (whole or not at all) instead of standard output\n"
        "  --format F     json ({\"policies\": [...]}, one entry per file) or md (Markdown for a design document);\n"
        "                 without it, a readable table\n");
}

int usageError(QTextStream& err, const QString& problem)
{
    return refuseArguments(err, tr("compare: error: ") + problem, usage());
}

} // namespace

int runCompareCommand(const QStringList& args, QTextStream& out, QTextStream& err)
{
    QStringList files;
    std::optional<int> intents;
    QString reportPath;
    QString format;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString& arg = args.at(i);
        if (arg == QLatin1String("--help") || arg == QLatin1String("-h")) {
            out << usage();
            out.flush();
            return 0;
        }
        if (arg.startsWith(QLatin1String("--")) && arg.size() > 2) {
            QString name = arg.mid(2);
            QString value;
            const qsizetype eq = name.indexOf(QLatin1Char('='));
            if (eq >= 0) {
                value = name.mid(eq + 1);
                name = name.left(eq);
            } else if (name == QLatin1String("intents") || name == QLatin1String("report")
                || name == QLatin1String("format")) {
                if (i + 1 >= args.size())
                    return usageError(err, tr("option --%1 needs a value").arg(name));
                value = args.at(++i);
            }
            if (name == QLatin1String("intents")) {
                bool ok = false;
                const int n = value.toInt(&ok);
                if (!ok || n < 1 || n > 100'000'000)
                    return usageError(
                        err, tr("--intents must be a whole number from 1 to 100000000, got \"%1\"").arg(value));
                intents = n;
            } else if (name == QLatin1String("report")) {
                if (value.isEmpty())
                    return usageError(err, tr("--report needs a file name"));
                reportPath = value;
            } else if (name == QLatin1String("format")) {
                if (value != QLatin1String("json") && value != QLatin1String("md"))
                    return usageError(err, tr("unknown format \"%1\" (expected json or md)").arg(value));
                format = value;
            } else {
                return usageError(err, tr("unknown option --%1").arg(name));
            }
        } else {
            files << arg;
        }
    }
    if (files.isEmpty())
        return usageError(err, tr("expects at least one scenario file"));

    std::vector<Scenario> policies;
    std::vector<std::string> sources;
    try {
        for (const QString& file : files) {
            sources.push_back(file.toStdString());
            policies.push_back(loadScenarioFile(sources.back()));
        }
        // Validated here, with the file names, before anything runs.
        policies = prepareReview(std::move(policies), intents, sources);
    } catch (const ScenarioError& e) {
        err << printable(QString::fromStdString(e.what())) << '\n';
        err.flush();
        return 2;
    } catch (const std::exception& e) {
        err << printable(tr("compare: ") + QString::fromStdString(e.what())) << '\n';
        err.flush();
        return 2;
    }
    // Opened before the policies run: a report that cannot be written is known at once, and a special file is
    // written through, never replaced.
    std::optional<ReportOutput> report;
    if (!reportPath.isEmpty()) {
        report.emplace(reportPath.toStdString());
        if (!report->open()) {
            err << printable(tr("compare: ") + QString::fromStdString(report->error())) << '\n';
            err.flush();
            return 2;
        }
    }

    const bool terminal = isatty(STDERR_FILENO);
    std::vector<int> percent(policies.size(), 0);
    const auto progress = [&](const ReviewProgress& p) {
        if (!terminal)
            return;
        percent[static_cast<std::size_t>(p.policy)] = p.finished
            ? 100
            : static_cast<int>(std::min<std::int64_t>(99, p.intentsStarted * 100 / p.intentsPlanned));
        QString line = tr("\rcompare:");
        for (std::size_t i = 0; i < policies.size(); ++i)
            line += QStringLiteral(" %1 %2%")
                        .arg(printable(QString::fromStdString(policies[i].name)))
                        .arg(percent[i], 3);
        err << line << Qt::flush;
    };
    const ReviewResult review = runReview(policies, std::nullopt, progress);
    if (terminal)
        err << '\n';

    std::string text;
    if (format == QLatin1String("json"))
        text = reviewJson(review);
    else if (format == QLatin1String("md"))
        text = reviewMarkdown(review);
    else
        text = reviewTable(review);

    // A policy too large for this machine is bad input (exit 2): its sentence, and no half comparison.
    bool tooLarge = false;
    for (const PolicyOutcome& o : review.outcomes) {
        if (o.badInput) {
            err << tr("compare: ") << QString::fromStdString(o.error) << '\n';
            tooLarge = true;
        }
    }
    if (tooLarge) {
        err.flush();
        return 2;
    }

    int code = 0;
    for (const PolicyOutcome& o : review.outcomes) {
        if (!o.error.empty()) {
            err << printable(tr("compare: a policy failed: ") + QString::fromStdString(o.error)) << '\n';
            code = 3;
        }
    }
    if (reportPath.isEmpty()) {
        out << QString::fromStdString(text);
        out.flush();
    } else {
        // A regular file is written beside the target and renamed into place: nothing half-written is left.
        report->stream().write(text.data(), static_cast<std::streamsize>(text.size()));
        if (!report->finish()) {
            err << printable(tr("compare: ") + QString::fromStdString(report->error())) << '\n';
            err.flush();
            return 2;
        }
        for (const PolicyOutcome& o : review.outcomes) {
            if (!o.figures)
                continue;
            err << printable(tr("%1: %2 intents, %3 effects, %4 duplicate effects")
                                 .arg(QString::fromStdString(o.figures->name))
                                 .arg(o.figures->intents)
                                 .arg(o.figures->effects)
                                 .arg(o.figures->duplicateEffects))
                << '\n';
        }
        err << printable(tr("compare: %1 policies → %2").arg(review.outcomes.size()).arg(reportPath)) << '\n';
    }
    err.flush();
    return code;
}

} // namespace iw
