// `serve`: options, the store, the socket, and the graceful stop on SIGINT/SIGTERM that writes --report and
// --record before exiting 0.
#include "servecommand.h"

#include "commandline.h"
#include "conninfooptions.h"
#include "httpserver.h"
#include "mysqlstore.h"
#include "pgstore.h"
#include "printable.h"
#include "redisstore.h"
#include "reportoutput.h"
#include "scenario.h"
#include "servedservice.h"
#include "storeengine.h"
#include "storesetup.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QSocketNotifier>
#include <QTextStream>

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>
#include <utility>

namespace iw {

namespace {

int s_signalPipe[2] = { -1, -1 };

void onSignal(int)
{
    const char b = 1;
    [[maybe_unused]] const auto n = ::write(s_signalPipe[1], &b, 1);
}

QTextStream& err()
{
    static QTextStream s(stderr);
    return s;
}

const char* kUsage
    = "Usage: idempotency-workbench serve [SCENARIO.json] [--port N] [--bind ADDR] "
      "[--store memory|postgres|redis|mysql] [--conninfo STR|@FILE] [--conninfo-file FILE] [--password-prompt] "
      "[--schema NAME] [--redis URL] [--redis-prefix P] [--report FILE] [--record FILE] "
      "[--max-body BYTES] [--management-token-file FILE | --management-token TOKEN]\n";

const char* kHelp
    = "Serves the scenario's service policy and faults over HTTP/1.1 (without a scenario: the ietf profile).\n"
      "\n"
      "  --port N              port to listen on (default 8787; 0: any free port, printed on the first line)\n"
      "  --bind ADDR           address to listen on (default 127.0.0.1); any other than a loopback address puts\n"
      "                        the management endpoints behind a token\n"
      "  --store memory|postgres, --conninfo STR|@FILE, --conninfo-file FILE, --password-prompt, --schema NAME\n"
      "                        where records live (default memory: the embedded model of the scenario's engine)\n"
      "  --store redis --redis URL [--redis-prefix P]   a real Redis, for a scenario of store_engine redis\n"
      "  --store mysql --conninfo \"host=H port=P user=U dbname=D\"   a real MariaDB or MySQL, for a scenario of\n"
      "                         store_engine mysql (a database the store marks as its own)\n"
      "  --report FILE         report@1 of everything served, written when stopped (SIGINT, SIGTERM)\n"
      "  --record FILE         the served traffic as a scenario that `run` replays, written when stopped\n"
      "  --max-body BYTES      largest request body (default 1048576); a larger one is refused with 413\n"
      "  --management-token-file FILE   the management token, read from FILE (its first line)\n"
      "  --management-token TOKEN       the same on the command line, where `ps` shows it to every user\n"
      "\n"
      "Management: POST /_workbench/clock {\"advance_ms\": N}, POST /_workbench/reset and GET /_workbench/report.\n"
      "Bound beyond loopback they need \"Authorization: Bearer TOKEN\" (else 401): the token is the one given by\n"
      "the options above or the IW_MANAGEMENT_TOKEN environment variable, else a random one printed at start as\n"
      "the second line of standard output (\"management token: ...\"). A token given is required on loopback too.\n"
      "\n"
      "HEAD: answered without a body wherever GET is (the report, problem pages); on a service path it would run\n"
      "the handler, so it is refused with 405 and an Allow field, as is every method a path does not take.\n"
      "A request whose actor or operation (method and path) is over 200 characters, or whose X-Intent is req<N>\n"
      "(reserved for requests without one), is refused before the service (431, 414, 400): it could be neither\n"
      "stored nor recorded. The clock stops at 10 years (315360000000 ms), the last instant a scenario holds.\n"
      "Limits per connection: 64 KiB of head, 10 s to send it, 1 MiB of answers unsent (then nothing more is read\n"
      "there until the client reads), 10 s for the client to take any of them; a form body has at most 10000\n"
      "fields. A client may half-close after its requests and still read the answers.\n";

// Room for 1,024 connections and the files beside them.
void raiseOpenFileLimit()
{
    rlimit limit {};
    if (getrlimit(RLIMIT_NOFILE, &limit) != 0)
        return;
    const rlim_t wanted = 1024 + 128;
    if (limit.rlim_cur >= wanted)
        return;
    limit.rlim_cur = limit.rlim_max == RLIM_INFINITY ? wanted : std::min<rlim_t>(wanted, limit.rlim_max);
    setrlimit(RLIMIT_NOFILE, &limit);
}

} // namespace

int runServeCommand(const QStringList& args)
{
    QStringList positional;
    QMap<QString, QString> values;
    bool passwordPrompt = false;
    const QStringList withValue = { QStringLiteral("port"), QStringLiteral("bind"), QStringLiteral("store"),
        QStringLiteral("conninfo"), QStringLiteral("conninfo-file"), QStringLiteral("schema"), QStringLiteral("report"),
        QStringLiteral("record"), QStringLiteral("redis"), QStringLiteral("redis-prefix"), QStringLiteral("max-body"),
        QStringLiteral("management-token"), QStringLiteral("management-token-file") };
    for (int i = 0; i < args.size(); ++i) {
        const QString& a = args[i];
        if (a == QLatin1String("--help") || a == QLatin1String("-h")) {
            std::cout << kUsage << '\n' << kHelp;
            std::cout.flush();
            return std::cout.good() ? ExitOk : ExitBadInput;
        }
        if (a == QLatin1String("--password-prompt")) {
            passwordPrompt = true;
        } else if (a.startsWith(QLatin1String("--"))) {
            QString name = a.mid(2);
            QString value;
            const qsizetype eq = name.indexOf(QLatin1Char('='));
            if (eq >= 0) {
                value = name.mid(eq + 1);
                name = name.left(eq);
            } else if (withValue.contains(name) && i + 1 < args.size()) {
                value = args[++i];
            } else if (withValue.contains(name)) {
                err() << "idempotency-workbench serve: option --" << name << " needs a value\n"
                      << kUsage << conninfoUsage();
                return ExitBadInput;
            }
            if (!withValue.contains(name)) {
                err() << "idempotency-workbench serve: unknown option --" << name << '\n' << kUsage << conninfoUsage();
                return ExitBadInput;
            }
            values.insert(name, value);
        } else {
            positional << a;
        }
    }
    if (positional.size() > 1) {
        err() << "idempotency-workbench serve: expects at most one scenario file\n" << kUsage << conninfoUsage();
        return ExitBadInput;
    }
    ConninfoSources connection;
    if (values.contains(QStringLiteral("conninfo")))
        connection.conninfo = values.value(QStringLiteral("conninfo"));
    if (values.contains(QStringLiteral("conninfo-file")))
        connection.file = values.value(QStringLiteral("conninfo-file"));
    connection.prompt = passwordPrompt;
    // A server runs for hours: a password in its arguments is hidden from the process list (main), but say how to
    // keep it off the command line altogether.
    if (const QString warning = passwordOnCommandLineWarning("serve", connection); !warning.isEmpty())
        err() << printable(warning) << '\n';
    bool ok = true;
    const uint port = values.value(QStringLiteral("port"), QStringLiteral("8787")).toUInt(&ok);
    if (!ok || port > 65535) {
        err() << "idempotency-workbench serve: --port must be a whole number from 0 to 65535\n";
        return ExitBadInput;
    }
    const qulonglong maxBody = values.value(QStringLiteral("max-body"), QStringLiteral("1048576")).toULongLong(&ok);
    if (!ok || maxBody > (1ull << 32)) {
        err() << "idempotency-workbench serve: --max-body must be a whole number of bytes up to 4294967296\n";
        return ExitBadInput;
    }
    const QString bindText = values.value(QStringLiteral("bind"), QStringLiteral("127.0.0.1"));
    QHostAddress bind;
    if (bindText == QLatin1String("localhost"))
        bind = QHostAddress::LocalHost;
    else if (!bind.setAddress(bindText)) {
        err() << "idempotency-workbench serve: --bind needs an IP address, not \"" << bindText << "\"\n";
        return ExitBadInput;
    }
    if (bind != QHostAddress(QHostAddress::LocalHost))
        err() << "idempotency-workbench serve: warning: listening on " << bind.toString()
              << (bind.isLoopback() ? QStringLiteral(", not 127.0.0.1")
                                    : QStringLiteral(", not loopback: anyone who can reach this address can use the "
                                                     "service; its management endpoints need the management token"))
              << '\n';

    // The management token: given (a file, the environment, the command line), or drawn when the server is
    // reachable beyond this machine (issue 48 finding 24).
    std::string managementToken;
    bool drawnToken = false;
    if (values.contains(QStringLiteral("management-token"))) {
        managementToken = values.value(QStringLiteral("management-token")).toStdString();
    } else if (values.contains(QStringLiteral("management-token-file"))) {
        const QString path = values.value(QStringLiteral("management-token-file"));
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)) {
            err() << "idempotency-workbench serve: cannot read the management token file " << printable(path) << ": "
                  << file.errorString() << '\n';
            return ExitBadInput;
        }
        managementToken = file.readLine(4096).trimmed().toStdString();
    } else if (!qEnvironmentVariableIsEmpty("IW_MANAGEMENT_TOKEN")) {
        managementToken = qEnvironmentVariable("IW_MANAGEMENT_TOKEN").trimmed().toStdString();
    } else if (bindsBeyondLoopback(bind)) {
        managementToken = randomManagementToken();
        drawnToken = true;
        if (managementToken.empty()) {
            err() << "idempotency-workbench serve: OpenSSL could not draw a random management token; give one with "
                     "--management-token-file\n";
            return ExitBadInput;
        }
    }
    if (!drawnToken
        && (values.contains(QStringLiteral("management-token"))
            || values.contains(QStringLiteral("management-token-file"))
            || !qEnvironmentVariableIsEmpty("IW_MANAGEMENT_TOKEN"))) {
        const bool visible
            = std::all_of(managementToken.begin(), managementToken.end(), [](char c) { return c > 0x20 && c < 0x7f; });
        if (managementToken.size() < 8 || managementToken.size() > 1024 || !visible) {
            err() << "idempotency-workbench serve: the management token must be 8 to 1024 visible ASCII characters "
                     "without spaces\n";
            return ExitBadInput;
        }
    }

    Scenario scenario;
    if (positional.isEmpty()) {
        scenario.name = "serve";
        scenario.title = "Served over HTTP";
        scenario.service = ServicePolicy::forProfile(Profile::Ietf);
    } else {
        try {
            QFile file(positional.first());
            if (!file.open(QIODevice::ReadOnly))
                throw ScenarioError(positional.first().toStdString(), {}, {},
                    "cannot read the file: " + file.errorString().toStdString());
            const QByteArray data = file.readAll();
            if (file.error() != QFileDevice::NoError)
                throw ScenarioError(positional.first().toStdString(), {}, {},
                    "cannot read the file: " + file.errorString().toStdString());
            scenario = loadServedScenario(std::string_view(data.constData(), static_cast<std::size_t>(data.size())),
                positional.first().toStdString());
        } catch (const std::exception& e) {
            err() << QString::fromStdString(e.what()) << '\n';
            return ExitBadInput;
        }
    }

    // --report and --record are opened now, before the store and the socket, as run opens its report: a path that
    // cannot be written is known before a whole session is served into it (a regular file gets its temporary copy
    // beside the target now; a FIFO, a device or /dev/stdout is opened now and written through at shutdown).
    const QString reportPath = values.value(QStringLiteral("report"));
    const QString recordPath = values.value(QStringLiteral("record"));
    for (const char* name : { "report", "record" }) {
        if (values.contains(QString::fromLatin1(name)) && values.value(QString::fromLatin1(name)).isEmpty()) {
            err() << "idempotency-workbench serve: --" << name << " needs a file name\n" << kUsage << conninfoUsage();
            return ExitBadInput;
        }
    }
    if (!reportPath.isEmpty() && !recordPath.isEmpty()) {
        int fd = -1;
        const QFileInfo a(reportPath);
        const QFileInfo b(recordPath);
        const bool special = reportPathIsOwnDescriptor(reportPath.toStdString(), fd) || (a.exists() && !a.isFile())
            || (b.exists() && !b.isFile());
        if (!special
            && (a.absoluteFilePath() == b.absoluteFilePath()
                || (a.exists() && a.canonicalFilePath() == b.canonicalFilePath()))) {
            err() << printable(QStringLiteral("idempotency-workbench serve: --report and --record both name %1; "
                                              "give each its own file")
                                   .arg(reportPath))
                  << '\n';
            return ExitBadInput;
        }
    }
    std::optional<ReportOutput> reportOutput;
    std::optional<ReportOutput> recordOutput;
    for (auto [path, output] : { std::pair { &reportPath, &reportOutput }, std::pair { &recordPath, &recordOutput } }) {
        if (path->isEmpty())
            continue;
        output->emplace(path->toStdString());
        if (!(*output)->open()) {
            err() << printable(
                QStringLiteral("idempotency-workbench serve: ") + QString::fromStdString((*output)->error()))
                  << '\n';
            return ExitBadInput;
        }
    }

    std::unique_ptr<IdempotencyStore> store;
    const QString kind = values.value(QStringLiteral("store"), QStringLiteral("memory"));
    if (kind == QLatin1String("memory")) {
        store = makeModelStore(scenario.service); // the embedded store of the scenario's engine (docs/manual/stores.md)
    } else if (kind == QLatin1String("redis")) {
        if (scenario.service.storeEngine != StoreEngine::Redis) {
            err() << "idempotency-workbench serve: --store redis serves a scenario whose service has store_engine "
                     "\"redis\"\n";
            return ExitBadInput;
        }
        if (std::any_of(scenario.faults.begin(), scenario.faults.end(),
                [](const FaultSpec& f) { return f.kind == FaultKind::Failover; })) {
            err() << "idempotency-workbench serve: --store redis does not serve a failover fault (it promotes a "
                     "replica, which run --store redis takes with --redis-replica); use --store memory for it\n";
            return ExitBadInput;
        }
        std::string why = "--store redis needs --redis URL";
        const auto url = values.contains(QStringLiteral("redis"))
            ? parseRedisUrl(values.value(QStringLiteral("redis")).toStdString(), why)
            : std::nullopt;
        if (!url) {
            err() << "idempotency-workbench serve: " << QString::fromStdString(why) << '\n';
            return ExitBadInput;
        }
        RedisStore::Options redisOptions;
        if (values.contains(QStringLiteral("redis-prefix")))
            redisOptions.prefix = values.value(QStringLiteral("redis-prefix")).toStdString();
        try {
            auto redis = RedisStore::connect(*url, redisOptions);
            redis->reset();
            store = std::move(redis);
        } catch (const StoreError& e) {
            err() << "idempotency-workbench serve: " << e.what() << '\n';
            return ExitDatabase;
        }
    } else if (kind == QLatin1String("mysql")) {
        if (scenario.service.storeEngine != StoreEngine::Mysql) {
            err() << "idempotency-workbench serve: --store mysql serves a scenario whose service has store_engine "
                     "\"mysql\"\n";
            return ExitBadInput;
        }
        if (scenario.service.keyColumnLength > MysqlStore::kMaxKeyColumnLength) {
            err() << "idempotency-workbench serve: key_column_length " << scenario.service.keyColumnLength
                  << " is longer than a MariaDB store's key column can be (" << MysqlStore::kMaxKeyColumnLength
                  << " characters: InnoDB's primary key of utf8mb4 text holds 3,072 bytes); serve this scenario with "
                     "--store memory\n";
            return ExitBadInput;
        }
        std::string text;
        QString unreadable;
        if (!connection.conninfo && !connection.file) {
            err() << "idempotency-workbench serve: --store mysql needs --conninfo \"host=H port=P user=U dbname=D\"\n";
            return ExitBadInput;
        }
        if (!resolveConninfo("serve", connection, text, unreadable)) {
            err() << printable(QStringLiteral("idempotency-workbench serve: ") + unreadable) << '\n';
            return ExitBadInput;
        }
        std::string why;
        std::optional<MysqlConninfo> info = parseMysqlConninfo(text, why);
        if (!info) {
            err() << "idempotency-workbench serve: " << QString::fromStdString(why) << '\n';
            return ExitBadInput;
        }
        if (info->password.empty() && connection.prompt) {
            if (const char* typed = std::getenv("PGPASSWORD"))
                info->password = typed;
        }
        const bool holds = std::any_of(scenario.faults.begin(), scenario.faults.end(),
            [](const FaultSpec& f) { return f.kind == FaultKind::RollbackClaim; });
        try {
            auto mysql = MysqlStore::connect(*info, MysqlStore::optionsFor(scenario.service, holds));
            mysql->reset();
            store = std::move(mysql);
        } catch (const StoreError& e) {
            err() << "idempotency-workbench serve: " << e.what() << '\n';
            return ExitDatabase;
        }
    } else if (kind == QLatin1String("postgres") && scenario.service.storeEngine != StoreEngine::Sql) {
        err() << "idempotency-workbench serve: the scenario runs on store_engine \""
              << QString::fromStdString(std::string(storeEngineName(scenario.service.storeEngine)))
              << "\", and PostgreSQL is a sql store: use --store memory (the embedded model)\n";
        return ExitBadInput;
    } else if (kind == QLatin1String("postgres")) {
        std::string conninfo;
        QString unreadable;
        if (!resolveConninfo("serve", connection, conninfo, unreadable)) {
            err() << printable(QStringLiteral("idempotency-workbench serve: ") + unreadable) << '\n';
            return ExitBadInput;
        }
        if (const std::string problem = conninfoProblem(conninfo); !problem.empty()) {
            err() << "idempotency-workbench serve: " << QString::fromStdString(problem) << '\n';
            return ExitBadInput;
        }
        const QString schema = values.value(QStringLiteral("schema"), QStringLiteral("idempotency_workbench"));
        if (schema.isEmpty()) {
            err() << "idempotency-workbench serve: --schema needs a name\n";
            return ExitBadInput;
        }
        try {
            auto pg = PostgresStore::connect(conninfo, schema.toStdString());
            pg->installSchema();
            store = std::move(pg);
        } catch (const StoreError& e) {
            err() << "idempotency-workbench serve: " << e.what() << '\n';
            return ExitDatabase;
        }
    } else {
        err() << "idempotency-workbench serve: unknown store \"" << kind
              << "\" (expected memory, postgres, redis or mysql)\n";
        return ExitBadInput;
    }

    raiseOpenFileLimit();
    std::signal(SIGPIPE, SIG_IGN);
    if (::socketpair(AF_UNIX, SOCK_STREAM, 0, s_signalPipe) != 0) {
        err() << "idempotency-workbench serve: cannot set up signal handling\n";
        return ExitBadInput;
    }

    ServedService service(scenario, *store);
    ServeServer::Options options;
    options.bind = bind;
    options.port = static_cast<quint16>(port);
    options.maxBody = static_cast<std::size_t>(maxBody);
    options.managementToken = managementToken;
    ServeServer server(service, options);
    QObject::connect(&server, &ServeServer::problem, [](const QString& sentence) {
        // The sentence may quote what a client sent (an actor, a key, a path): never a control character raw.
        err() << "idempotency-workbench serve: " << printable(sentence) << '\n';
        err().flush();
    });
    QString error;
    try {
        if (!server.listen(error)) {
            err() << "idempotency-workbench serve: " << error << '\n';
            return ExitBadInput;
        }
    } catch (const StoreError& e) {
        err() << "idempotency-workbench serve: " << e.what() << '\n';
        return ExitDatabase;
    }

    QSocketNotifier notifier(s_signalPipe[0], QSocketNotifier::Read);
    int exitCode = ExitOk;
    QObject::connect(&notifier, &QSocketNotifier::activated, [&]() {
        char b;
        [[maybe_unused]] const auto n = ::read(s_signalPipe[0], &b, 1);
        notifier.setEnabled(false);
        server.stop(5000, [&]() {
            try {
                // Whatever still runs after the grace period dies now, `crashed` in the report and the recording.
                service.stopUnfinished(server.wall());
                // Each written whole and flushed before it replaces the target; a failure (a full disk) is one
                // sentence naming the path, exit 2, and the target keeps what it held.
                const auto finish = [&](ReportOutput& output) {
                    if (!output.finish()) {
                        err() << printable(
                            QStringLiteral("idempotency-workbench serve: ") + QString::fromStdString(output.error()))
                              << '\n';
                        exitCode = ExitBadInput;
                    }
                };
                if (reportOutput) {
                    service.writeReport(reportOutput->stream());
                    finish(*reportOutput);
                }
                if (recordOutput) {
                    const std::string recording = service.recording();
                    recordOutput->stream().write(recording.data(), static_cast<std::streamsize>(recording.size()));
                    finish(*recordOutput);
                }
            } catch (const StoreError& e) {
                err() << "idempotency-workbench serve: " << printable(QString::fromStdString(e.what())) << '\n';
                exitCode = ExitDatabase;
            }
            err() << "idempotency-workbench serve: stopped after " << service.requestCount() << " requests\n";
            err().flush();
            QCoreApplication::exit(exitCode);
        });
    });
    std::signal(SIGINT, onSignal);
    std::signal(SIGTERM, onSignal);
    // Only now, with the stop handled: a script that signals as soon as it reads this line gets a graceful stop
    // with --report and --record written, not a process killed before its handler was in place.
    std::cout << "listening on " << server.url().toStdString() << std::endl; // flushed at once: scripts wait for it
    if (drawnToken)
        std::cout << "management token: " << managementToken << std::endl;
    return QCoreApplication::exec();
}

} // namespace iw
