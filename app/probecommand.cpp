// `idempotency-workbench probe` (docs/reference/probe.md): options, the plan and its guard, the run with progress on a
// terminal, the card, the reports, and the exit codes (0 every check passes against the chosen profile, 1 one fails, 2
// bad input, 3 the target or the watched database cannot be reached).
#include "probecommand.h"

#include "commandline.h"
#include "conninfooptions.h"
#include "liveconnection.h"
#include "livemapping.h"
#include "printable.h"
#include "probe.h"
#include "probereport.h"
#include "probewatch.h"
#include "reportoutput.h"
#include "wholeinput.h"

#include <QFile>
#include <QRegularExpression>
#include <QSslCertificate>

#include <algorithm>
#include <memory>
#include <unistd.h>

namespace iw {

namespace {

QString usage()
{
    return QStringLiteral(
        "Usage: idempotency-workbench probe URL [--method POST] [--body JSON|@FILE] [--header 'NAME: VALUE']...\n"
        "         [--auth VALUE|@FILE] [--auth-other VALUE|@FILE] [--significant PTR]... [--display PTR]...\n"
        "         [--result-id PTR] [--slow-body JSON|@FILE] [--concurrency N] [--checks LIST] [--profile auto|NAME]\n"
        "         [--watch-conninfo STR|@FILE [--watch-table NAME] [--watch-mapping M]] [--cacert FILE] [--timeout S]\n"
        "         [--dry-run] [--yes] [--json] [--report FILE] [--record FILE]\n"
        "  checks: key_syntax, missing_key, replay, mismatch_significant, mismatch_display, concurrent,\n"
        "          retry_while_running, lost_response, other_actor, error_then_fixed (default: all)\n"
        "  --report FILE writes the probe@1 JSON, or Markdown when FILE ends in .md; --record FILE a scenario@1 of\n"
        "  the probe's traffic. A target that is not a loopback or private address needs --yes.\n");
}

int fail(QTextStream& err, int code, const QString& sentence, bool withUsage = false)
{
    err << printable(QStringLiteral("idempotency-workbench probe: ") + sentence) << '\n';
    if (withUsage)
        err << usage();
    err.flush();
    return code;
}

// --body / --slow-body: JSON text, or @FILE. Returns the compact form, or an error naming where it is wrong.
std::optional<std::string> readBody(const QString& option, const QString& value, QString& error)
{
    std::string text;
    std::string where = "--" + option.toStdString();
    if (value.startsWith(QLatin1Char('@'))) {
        const QString path = value.mid(1);
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly)) {
            error = QStringLiteral("--%1: cannot read %2: %3").arg(option, path, f.errorString());
            return std::nullopt;
        }
        std::string why;
        const auto bytes = readWholeInput(f, "a body", why);
        if (!bytes) {
            error = QStringLiteral("--%1: %2: %3").arg(option, path, QString::fromStdString(why));
            return std::nullopt;
        }
        text = bytes->toStdString();
        where = path.toStdString();
    } else {
        text = value.toStdString();
    }
    try {
        return compactJson(json::parse(text));
    } catch (const json::ParseError& e) {
        error = QStringLiteral("%1:%2:%3: the body is not JSON: %4")
                    .arg(QString::fromStdString(where))
                    .arg(e.position().line)
                    .arg(e.position().column)
                    .arg(QString::fromStdString(e.what()));
        return std::nullopt;
    }
}

} // namespace

int runProbeCommand(const QStringList& args, QTextStream& out, QTextStream& err)
{
    ProbeOptions o;
    QStringList positional;
    QString reportPath;
    QString recordPath;
    QString watchConninfo;
    QString watchTable;
    QString watchMapping;
    QString cacert;
    bool dryRun = false;
    bool yes = false;
    bool asJson = false;
    bool watchGiven = false;
    static const QStringList withValue { QStringLiteral("method"), QStringLiteral("body"), QStringLiteral("header"),
        QStringLiteral("auth"), QStringLiteral("auth-other"), QStringLiteral("significant"), QStringLiteral("display"),
        QStringLiteral("result-id"), QStringLiteral("slow-body"), QStringLiteral("concurrency"),
        QStringLiteral("checks"), QStringLiteral("profile"), QStringLiteral("watch-conninfo"),
        QStringLiteral("watch-table"), QStringLiteral("watch-mapping"), QStringLiteral("report"),
        QStringLiteral("record"), QStringLiteral("cacert"), QStringLiteral("timeout") };
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString& a = args[i];
        if (!a.startsWith(QLatin1String("--")) || a.size() == 2) {
            if (a.startsWith(QLatin1Char('-')) && a.size() > 1)
                return fail(err, ExitBadInput, QStringLiteral("unknown option %1").arg(a), true);
            positional << a;
            continue;
        }
        QString name = a.mid(2);
        QString value;
        const qsizetype eq = name.indexOf(QLatin1Char('='));
        if (eq >= 0) {
            value = name.mid(eq + 1);
            name = name.left(eq);
        }
        if (name == QLatin1String("help") && eq < 0) {
            out << usage();
            out.flush();
            return ExitOk;
        }
        if (name == QLatin1String("dry-run") || name == QLatin1String("yes") || name == QLatin1String("json")) {
            if (eq >= 0)
                return fail(err, ExitBadInput, QStringLiteral("--%1 takes no value").arg(name), true);
            (name == QLatin1String("dry-run") ? dryRun : name == QLatin1String("yes") ? yes : asJson) = true;
            continue;
        }
        if (!withValue.contains(name))
            return fail(err, ExitBadInput, QStringLiteral("unknown option --%1").arg(name), true);
        if (eq < 0) {
            if (i + 1 >= args.size())
                return fail(err, ExitBadInput, QStringLiteral("option --%1 needs a value").arg(name), true);
            value = args[++i];
        }
        QString error;
        if (name == QLatin1String("method")) {
            static const QRegularExpression token(QStringLiteral("^[A-Z]{1,20}$"));
            if (!token.match(value).hasMatch())
                return fail(err, ExitBadInput,
                    QStringLiteral("--method must be an HTTP method in capitals (POST, PUT, PATCH…), got \"%1\"")
                        .arg(value));
            o.method = value.toStdString();
        } else if (name == QLatin1String("body") || name == QLatin1String("slow-body")) {
            const auto body = readBody(name, value, error);
            if (!body)
                return fail(err, ExitBadInput, error);
            (name == QLatin1String("body") ? o.body : o.slowBody.emplace()) = *body;
        } else if (name == QLatin1String("header")) {
            const qsizetype colon = value.indexOf(QLatin1Char(':'));
            static const QRegularExpression fieldName(QStringLiteral("^[!#$%&'*+.^_`|~0-9A-Za-z-]+$"));
            const QString hname = value.left(colon).trimmed();
            const QString hvalue = value.mid(colon + 1).trimmed();
            if (colon <= 0 || !fieldName.match(hname).hasMatch() || hvalue.contains(QLatin1Char('\r'))
                || hvalue.contains(QLatin1Char('\n')))
                return fail(err, ExitBadInput,
                    QStringLiteral("--header must be 'NAME: VALUE' with a header name and a one-line value, got \"%1\"")
                        .arg(colon > 0 && hname.compare(QLatin1String("Authorization"), Qt::CaseInsensitive) == 0
                                ? hname + QStringLiteral(": …")
                                : value));
            for (const char* own : { "Host", "Content-Length", "Idempotency-Key", "Transfer-Encoding", "Connection" })
                if (hname.compare(QLatin1String(own), Qt::CaseInsensitive) == 0)
                    return fail(
                        err, ExitBadInput, QStringLiteral("--header %1: the probe sets this header itself").arg(hname));
            if (hname.compare(QLatin1String("Authorization"), Qt::CaseInsensitive) == 0)
                o.auth = hvalue.toStdString();
            else
                o.headers.emplace_back(hname.toStdString(), hvalue.toStdString());
        } else if (name == QLatin1String("auth") || name == QLatin1String("auth-other")) {
            // @FILE: the value is the file's first line, so the credential stays out of the process list.
            std::string credential = value.toStdString();
            if (value.startsWith(QLatin1Char('@'))) {
                QFile f(value.mid(1));
                if (!f.open(QIODevice::ReadOnly))
                    return fail(err, ExitBadInput,
                        QStringLiteral("--%1: cannot read %2: %3").arg(name, value.mid(1), f.errorString()));
                credential = QString::fromUtf8(f.readLine(64 * 1024)).trimmed().toStdString();
            }
            if (credential.empty() || credential.find_first_of("\r\n") != std::string::npos)
                return fail(
                    err, ExitBadInput, QStringLiteral("--%1 needs an Authorization value on one line").arg(name));
            (name == QLatin1String("auth") ? o.auth : o.authOther) = credential;
        } else if (name == QLatin1String("significant") || name == QLatin1String("display")
            || name == QLatin1String("result-id")) {
            try {
                parseJsonPointer(value.toStdString());
            } catch (const std::invalid_argument& e) {
                return fail(err, ExitBadInput, QStringLiteral("--%1: %2").arg(name, QString::fromStdString(e.what())));
            }
            if (value.isEmpty())
                return fail(err, ExitBadInput,
                    QStringLiteral("--%1 needs a JSON Pointer to a field, such as /amount").arg(name));
            if (name == QLatin1String("significant"))
                o.significant.push_back(value.toStdString());
            else if (name == QLatin1String("display"))
                o.display.push_back(value.toStdString());
            else
                o.resultId = value.toStdString();
        } else if (name == QLatin1String("concurrency")) {
            bool ok = false;
            o.concurrency = value.toInt(&ok);
            if (!ok || o.concurrency < 2 || o.concurrency > 64)
                return fail(err, ExitBadInput,
                    QStringLiteral("--concurrency must be a whole number from 2 to 64, got \"%1\"").arg(value));
        } else if (name == QLatin1String("checks")) {
            o.checks.clear();
            QStringList known;
            for (ProbeCheck c : allProbeChecks())
                known << QString::fromLatin1(
                    probeCheckName(c).data(), static_cast<qsizetype>(probeCheckName(c).size()));
            for (const QString& c : value.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
                const auto check = probeCheckFromName(c.trimmed().toStdString());
                if (!check)
                    return fail(err, ExitBadInput,
                        QStringLiteral("unknown check \"%1\" in --checks (expected some of: %2)")
                            .arg(c.trimmed(), known.join(QStringLiteral(", "))));
                o.checks.push_back(*check);
            }
            if (o.checks.empty())
                return fail(err, ExitBadInput, QStringLiteral("--checks names no check"));
        } else if (name == QLatin1String("profile")) {
            if (value != QLatin1String("auto")) {
                const auto p = profileFromName(value.toStdString());
                if (!p) {
                    QStringList names;
                    for (Profile q : allProfiles())
                        names << QString::fromLatin1(
                            profileName(q).data(), static_cast<qsizetype>(profileName(q).size()));
                    return fail(err, ExitBadInput,
                        QStringLiteral("unknown profile \"%1\" (expected auto or one of: %2)")
                            .arg(value, names.join(QStringLiteral(", "))));
                }
                o.profile = *p;
            }
        } else if (name == QLatin1String("watch-conninfo")) {
            watchConninfo = value;
            watchGiven = true;
        } else if (name == QLatin1String("watch-table")) {
            watchTable = value;
        } else if (name == QLatin1String("watch-mapping")) {
            watchMapping = value;
        } else if (name == QLatin1String("report")) {
            reportPath = value;
        } else if (name == QLatin1String("record")) {
            recordPath = value;
        } else if (name == QLatin1String("cacert")) {
            cacert = value;
        } else if (name == QLatin1String("timeout")) {
            bool ok = false;
            const int s = value.toInt(&ok);
            if (!ok || s < 1 || s > 300)
                return fail(err, ExitBadInput,
                    QStringLiteral("--timeout must be a whole number of seconds from 1 to 300, got \"%1\"").arg(value));
            o.timeoutMs = s * 1000;
        }
    }
    if (positional.size() != 1)
        return fail(err, ExitBadInput,
            positional.isEmpty() ? QStringLiteral("expects the URL of the endpoint to probe")
                                 : QStringLiteral("expects one URL, got %1: %2")
                                       .arg(positional.size())
                                       .arg(positional.join(QStringLiteral(", "))),
            true);
    if ((!watchTable.isEmpty() || !watchMapping.isEmpty()) && !watchGiven)
        return fail(err, ExitBadInput, QStringLiteral("--watch-table and --watch-mapping need --watch-conninfo"));
    if ((reportPath.isEmpty() && args.contains(QStringLiteral("--report")))
        || (recordPath.isEmpty() && args.contains(QStringLiteral("--record"))))
        return fail(err, ExitBadInput, QStringLiteral("--report and --record need a file name"));

    if (!reportPath.isEmpty() && reportPath == recordPath)
        return fail(err, ExitBadInput, QStringLiteral("--report and --record name one file, %1").arg(reportPath));

    QString error;
    auto target = parseProbeUrl(positional.first(), error);
    if (!target)
        return fail(err, ExitBadInput, error);
    if (!cacert.isEmpty()) {
        QFile f(cacert);
        if (!f.open(QIODevice::ReadOnly))
            return fail(err, ExitBadInput, QStringLiteral("--cacert: cannot read %1: %2").arg(cacert, f.errorString()));
        target->caCertificates = QSslCertificate::fromDevice(&f, QSsl::Pem);
        if (target->caCertificates.isEmpty())
            return fail(err, ExitBadInput, QStringLiteral("--cacert: %1 holds no PEM certificate").arg(cacert));
        if (!target->tls)
            err << "idempotency-workbench probe: note: --cacert is unused with an http:// URL\n";
    }
    // Each changed-field pointer must name a field of the body, and a field is either significant or for display.
    for (const auto* list : { &o.significant, &o.display }) {
        for (const std::string& p : *list) {
            try {
                changedBody(o.body, p);
            } catch (const std::exception& e) {
                return fail(err, ExitBadInput,
                    QStringLiteral("--%1 %2: %3")
                        .arg(list == &o.significant ? QStringLiteral("significant") : QStringLiteral("display"),
                            QString::fromStdString(p), QString::fromStdString(e.what())));
            }
        }
    }
    for (const std::string& p : o.significant)
        if (std::find(o.display.begin(), o.display.end(), p) != o.display.end())
            return fail(err, ExitBadInput,
                QStringLiteral("%1 is given both as --significant and as --display").arg(QString::fromStdString(p)));
    o.watching = watchGiven;

    const ProbePlan plan = planProbe(o);
    if (plan.requests > kMaxPlannedRequests)
        return fail(err, ExitBadInput,
            QStringLiteral(
                "the plan would send %1 requests, more than %2: lower --concurrency or choose fewer --checks")
                .arg(plan.requests)
                .arg(kMaxPlannedRequests));

    QList<QHostAddress> addresses;
    if (!resolveProbeTarget(*target, addresses, error))
        return fail(err, ExitDatabase, error + QStringLiteral(": the target cannot be reached"));
    QStringList outside;
    for (const QHostAddress& a : addresses)
        if (!isLoopbackOrPrivate(a))
            outside << a.toString();

    QTextStream& planOut = asJson ? err : out;
    planOut << QString::fromStdString(planText(plan, o, *target));
    planOut.flush();
    if (!outside.isEmpty() && !yes)
        return fail(err, ExitBadInput,
            QStringLiteral("%1 is not a loopback or private address (%2): every request may create a real effect "
                           "there; add --yes to probe it anyway")
                .arg(target->host, outside.join(QStringLiteral(", "))));
    if (dryRun)
        return ExitOk;

    // The outputs are opened before anything is sent: a path that cannot be written is known at once, and a report
    // is written whole (fsync, then rename) or, on a FIFO or a device, through.
    std::unique_ptr<ReportOutput> report;
    std::unique_ptr<ReportOutput> record;
    for (auto [path, output] : { std::pair { &reportPath, &report }, std::pair { &recordPath, &record } }) {
        if (path->isEmpty())
            continue;
        *output = std::make_unique<ReportOutput>(path->toStdString());
        if (!(*output)->open())
            return fail(err, ExitBadInput, QString::fromStdString((*output)->error()));
    }

    std::unique_ptr<ProbeWatch> watch;
    if (watchGiven) {
        // --watch-conninfo takes what every connecting command takes: a string, or @FILE (its first line).
        ConninfoSources sources;
        sources.conninfo = watchConninfo;
        std::string conninfo;
        if (!resolveConninfo("probe", sources, conninfo, error))
            return fail(err, ExitBadInput, QStringLiteral("--watch-conninfo: ") + error);
        try {
            watch = std::make_unique<ProbeWatch>(conninfo, watchTable.toStdString(), watchMapping.toStdString());
        } catch (const MappingError& e) {
            return fail(err, ExitBadInput, QStringLiteral("--watch-mapping: ") + QString::fromStdString(e.what()));
        } catch (const LiveError& e) {
            return fail(err, e.isDatabaseError() ? ExitDatabase : ExitBadInput,
                QStringLiteral("cannot watch the table: ") + QString::fromStdString(e.what()));
        }
    }

    const bool tty = isatty(STDERR_FILENO);
    ProbeRunner::Callbacks callbacks;
    if (tty)
        callbacks.checkFinished = [&err](const CheckRun& run) {
            err << "  " << QString::fromLatin1(probeCheckName(run.check).data()) << ": " << run.exchanges.size()
                << " exchanges\n";
            err.flush();
        };
    ProbeRunner runner(o, *target, callbacks);
    if (watch)
        runner.setWatch(std::move(watch));
    const ProbeResult result = runner.run();
    if (result.unreachable)
        return fail(err, ExitDatabase,
            QString::fromStdString(*result.unreachable) + QStringLiteral(": the target cannot be reached"));

    const ProbeCard card = judgeProbe(result, o);
    const std::string json = probeJson(result, card, o);
    if (asJson)
        out << QString::fromStdString(json);
    else
        out << QString::fromStdString(cardText(result, card));
    out.flush();
    if (report) {
        report->stream() << (reportPath.endsWith(QLatin1String(".md")) ? probeMarkdown(result, card) : json);
        if (!report->finish())
            return fail(err, ExitBadInput, QString::fromStdString(report->error()));
    }
    if (record) {
        record->stream() << probeRecording(result, o, card.chosen);
        if (!record->finish())
            return fail(err, ExitBadInput, QString::fromStdString(record->error()));
    }
    return card.anyFailure() ? ExitCheckFailed : ExitOk;
}

} // namespace iw
