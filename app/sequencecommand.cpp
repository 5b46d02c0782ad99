// The `sequence` command: option parsing, the run, the intent, and the three outputs around core/sequence and
// views/sequence.
#include "sequencecommand.h"

#include "commandline.h"
#include "printable.h"
#include "reportoutput.h"
#include "runbudget.h"
#include "scenario.h"
#include "sequenceexport.h"
#include "sequencemodel.h"
#include "simulation.h"
#include "storeengine.h"

#include <QCoreApplication>
#include <QGuiApplication>
#include <QIODevice>

#include <optional>

namespace iw {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("iw::SequenceCommand", text);
}

QString usage()
{
    return tr("Usage: idempotency-workbench sequence SCENARIO.json [--intent NAME] [--beside NAME] "
              "[--beside-strategy STRATEGY] [--format svg|png|mermaid] [--output FILE] [--compact]\n"
              "Runs the scenario in memory and draws one intent as a sequence diagram.\n"
              "  --intent NAME  the intent to draw (default: the first with a duplicate effect, else the first)\n"
              "  --beside NAME  a second intent of the same run drawn beside the first on one time axis, on client\n"
              "                 lanes of its own (the Sequence view's Beside: Alice's and Bob's orders, two tabs)\n"
              "  --beside-strategy STRATEGY\n"
              "                 svg/png: the same intent again, the scenario run under another claim strategy\n"
              "                 (unique_claim, check_then_insert, seen_flag or none), drawn to the right on one time\n"
              "                 axis (the window's Compare Strategies Side by Side)\n"
              "  --format F     mermaid (a sequenceDiagram, the default), svg or png\n"
              "  --output FILE  write the diagram to FILE (whole or not at all) instead of standard output\n"
              "  --compact      svg/png: every instant a row, long waits folded behind a labelled break\n");
}

int usageError(QTextStream& err, const QString& problem)
{
    return refuseArguments(err, tr("sequence: error: ") + problem, usage());
}

QString strategyText(Strategy strategy)
{
    const std::string_view name = strategyName(strategy);
    return QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
}

// A side's title, in English as the command line's pictures are: the strategy and the run's figures.
QString sideTitle(Strategy strategy, const RunSummary& summary)
{
    return QStringLiteral("%1: %2 effect%3, %4 duplicate%5")
        .arg(strategyText(strategy))
        .arg(qlonglong(summary.effects))
        .arg(summary.effects == 1 ? QString() : QStringLiteral("s"))
        .arg(qlonglong(summary.duplicateEffects))
        .arg(summary.duplicateEffects == 1 ? QString() : QStringLiteral("s"));
}

int fail(QTextStream& err, const QString& sentence)
{
    err << printable(sentence) << QLatin1Char('\n');
    err.flush();
    return 2;
}

} // namespace

int runSequenceCommand(const QStringList& args, QIODevice& out, QTextStream& err)
{
    QStringList files;
    std::optional<QString> intentName;
    std::optional<QString> besideName;
    std::optional<Strategy> besideStrategy;
    QString outputPath;
    bool haveOutput = false;
    QString format = QStringLiteral("mermaid");
    bool compact = false;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString& arg = args.at(i);
        if (arg == QLatin1String("--help") || arg == QLatin1String("-h")) {
            out.write(usage().toUtf8());
            return 0;
        }
        if (arg.startsWith(QLatin1String("--")) && arg.size() > 2) {
            QString name = arg.mid(2);
            QString value;
            const qsizetype eq = name.indexOf(QLatin1Char('='));
            const bool takesValue = name.left(eq) == QLatin1String("intent") || name.left(eq) == QLatin1String("format")
                || name.left(eq) == QLatin1String("output") || name.left(eq) == QLatin1String("beside")
                || name.left(eq) == QLatin1String("beside-strategy");
            if (eq >= 0) {
                value = name.mid(eq + 1);
                name = name.left(eq);
            } else if (takesValue) {
                if (i + 1 >= args.size())
                    return usageError(err, tr("option --%1 needs a value").arg(name));
                value = args.at(++i);
            }
            if (name == QLatin1String("intent")) {
                intentName = value;
            } else if (name == QLatin1String("beside")) {
                besideName = value;
            } else if (name == QLatin1String("beside-strategy")) {
                besideStrategy = strategyFromName(value.toStdString());
                if (!besideStrategy)
                    return usageError(err,
                        tr("unknown strategy \"%1\" for --beside-strategy (expected unique_claim, check_then_insert, "
                           "seen_flag or none)")
                            .arg(value));
            } else if (name == QLatin1String("format")) {
                if (value != QLatin1String("svg") && value != QLatin1String("png") && value != QLatin1String("mermaid"))
                    return usageError(err, tr("unknown format \"%1\" (expected svg, png or mermaid)").arg(value));
                format = value;
            } else if (name == QLatin1String("output")) {
                if (value.isEmpty())
                    return usageError(
                        err, tr("--output needs a file name (without --output the diagram goes to standard output)"));
                outputPath = value;
                haveOutput = true;
            } else if (name == QLatin1String("compact") && eq < 0) {
                compact = true;
            } else {
                return usageError(err, tr("unknown option --%1").arg(name));
            }
        } else {
            files << arg;
        }
    }
    if (files.size() != 1)
        return usageError(err,
            files.isEmpty() ? tr("expects a scenario file")
                            : tr("expects one scenario file, got %1").arg(files.size()));
    const QString file = files.first();
    if (besideStrategy && format == QLatin1String("mermaid"))
        return usageError(err,
            tr("--beside-strategy draws two diagrams side by side, which a Mermaid text cannot hold: add --format svg "
               "or --format png"));
    Scenario scenario;
    try {
        scenario = loadScenarioFile(file.toStdString());
    } catch (const ScenarioError& e) {
        return fail(err, QString::fromStdString(e.what()));
    } catch (const std::bad_alloc&) {
        return fail(err, file + tr(": out of memory while reading the scenario"));
    } catch (const std::exception& e) {
        return fail(err, file + QStringLiteral(": ") + QString::fromStdString(e.what()));
    }
    if (besideStrategy && *besideStrategy == scenario.service.strategy)
        return fail(err,
            tr("%1: --beside-strategy: the scenario runs under %2 already; name another strategy")
                .arg(file, strategyText(*besideStrategy)));
    // Opened before the run: a target that cannot be written is known at once; a special file is written through.
    ReportOutput output(haveOutput ? outputPath.toStdString() : std::string());
    if (haveOutput && !output.open())
        return fail(err, tr("sequence: ") + QString::fromStdString(output.error()));

    auto store = makeModelStore(scenario.service);
    QByteArray bytes;
    try {
        Simulation sim(scenario, *store);
        sim.setRecordSteps(true);
        sim.runToEnd();
        int intent = -1;
        // An intent named on the command line, or the sentence that says which the run has.
        const auto named = [&](const char* option, const QString& name) -> std::pair<int, QString> {
            if (const auto found = findIntent(sim, name.toStdString()))
                return { *found, {} };
            QStringList names;
            for (std::size_t i = 0; i < sim.intents().size() && names.size() < 8; ++i)
                names << QString::fromStdString(sim.intentName(static_cast<int>(i)));
            QString known = names.join(QStringLiteral(", "));
            if (sim.intents().size() > static_cast<std::size_t>(names.size()))
                known += tr(", …");
            return { -1,
                tr("%1: %2: the run has no intent named \"%3\" (its intents: %4)")
                    .arg(file, QString::fromLatin1(option), name, known.isEmpty() ? tr("none") : known) };
        };
        if (intentName) {
            const auto [found, problem] = named("--intent", *intentName);
            if (found < 0)
                return fail(err, problem);
            intent = found;
        } else {
            intent = defaultSequenceIntent(sim);
            if (intent < 0)
                return fail(err, tr("%1: the run has no intent to draw (the scenario sends no request)").arg(file));
        }
        int beside = -1;
        if (besideName) {
            const auto [found, problem] = named("--beside", *besideName);
            if (found < 0)
                return fail(err, problem);
            if (found == intent)
                return fail(err,
                    tr("%1: --beside: \"%2\" is the intent drawn already; name another intent of the run")
                        .arg(file, *besideName));
            beside = found;
        }
        const SequenceModel model = buildSequence(sim, intent, beside);
        if (model.fold.attempts > 0) {
            // Said on the diagram too (a band, or a Note in Mermaid); here so that a script sees it.
            err << printable(tr("sequence: intent %1 has %2 attempts; the diagram draws the first %3 and the last %4 "
                                "and folds the %5 between (%6 … %7) into one mark")
                                 .arg(QString::fromStdString(model.intentName))
                                 .arg(static_cast<qlonglong>(model.requests.size()) + model.fold.attempts)
                                 .arg(kSequenceHeadAttempts)
                                 .arg(kSequenceTailAttempts)
                                 .arg(model.fold.attempts)
                                 .arg(QString::fromStdString(sim.requestId(model.fold.firstRequest)),
                                     QString::fromStdString(sim.requestId(model.fold.lastRequest))))
                << QLatin1Char('\n');
            err.flush();
        }
        if (format == QLatin1String("mermaid")) {
            const std::string text = sequenceMermaid(model);
            bytes = QByteArray::fromStdString(text);
        } else {
            if (!qobject_cast<QGuiApplication*>(QCoreApplication::instance()))
                return fail(
                    err, tr("sequence: --format %1 needs the graphics system, which could not start").arg(format));
            SequenceExportOptions options;
            options.compact = compact;
            if (besideStrategy) {
                // The same scenario under the other strategy, as the window's comparison runs it (the service's own
                // strategy; a route's other hops keep theirs), on the model store of its engine.
                Scenario other = scenario;
                other.service.strategy = *besideStrategy;
                auto otherStore = makeModelStore(other.service);
                Simulation otherSim(other, *otherStore);
                otherSim.setRecordSteps(true);
                otherSim.runToEnd();
                const std::string drawn = sim.intentName(intent);
                const auto otherIntent = findIntent(otherSim, drawn);
                if (!otherIntent)
                    return fail(err,
                        tr("%1: --beside-strategy: under %2 the run has no intent named \"%3\"")
                            .arg(file, strategyText(*besideStrategy), QString::fromStdString(drawn)));
                int otherBeside = -1;
                if (beside >= 0) {
                    if (const auto found = findIntent(otherSim, sim.intentName(beside)))
                        otherBeside = *found;
                }
                const SequenceModel otherModel = buildSequence(otherSim, *otherIntent, otherBeside);
                const SequenceSide left { &model, sideTitle(scenario.service.strategy, sim.summary()) };
                const SequenceSide right { &otherModel, sideTitle(*besideStrategy, otherSim.summary()) };
                bytes = format == QLatin1String("svg") ? sequencePairSvg(left, right, options)
                                                       : sequencePairPng(left, right, options);
            } else {
                bytes = format == QLatin1String("svg") ? sequenceSvg(model, options) : sequencePng(model, options);
            }
            if (bytes.isEmpty())
                return fail(err, tr("sequence: the %1 could not be drawn").arg(format));
        }
    } catch (const RunTooLarge& e) {
        return fail(err, tr("sequence: ") + QString::fromStdString(e.what()));
    } catch (const StoreError& e) {
        return fail(err, tr("sequence: ") + QString::fromStdString(e.what()));
    } catch (const std::bad_alloc&) {
        return fail(err, tr("sequence: out of memory while running %1").arg(file));
    }
    if (!haveOutput) {
        if (out.write(bytes) != bytes.size())
            return fail(err, tr("sequence: cannot write standard output: %1").arg(out.errorString()));
        return 0;
    }
    output.stream().write(bytes.constData(), static_cast<std::streamsize>(bytes.size()));
    if (!output.finish())
        return fail(err, tr("sequence: ") + QString::fromStdString(output.error()));
    return 0;
}

} // namespace iw
