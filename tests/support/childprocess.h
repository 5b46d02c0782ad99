// The tests' one child-process runner: a command with its arguments, environment, working folder and standard input,
// an address-space limit and a time bound; standard output and error read while it runs (a child writing 50 MB must
// not stall on a full pipe), the exit code, and why it did not end on its own when it did not (it could not start,
// it hung and was killed, it died of a signal). Tests of the command line use runCli() (IW_CLI, the built binary).
#pragma once

#include <QByteArray>
#include <QElapsedTimer>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <QTest>

#include <csignal>
#include <sys/resource.h>
#include <sys/types.h>

namespace iwtest {

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif

// Every member has a default member initializer, so a designated initializer naming only some (`{ .timeoutMs = … }`)
// draws no -Wmissing-field-initializers from GCC (CI builds with -Werror).
struct ChildOptions {
    QStringList args {};
    QString workingDirectory {}; // empty: the test's own
    // The child's environment: empty means the test's own (QProcessEnvironment::systemEnvironment()).
    QProcessEnvironment environment {};
    QByteArray input {}; // written to standard input, which is then closed
    bool closeInput = true; // false: standard input stays open (the child waits on it) until it ends
    // At most this many bytes of address space (RLIMIT_AS), so a runaway input fails the test and not the machine;
    // 0: no limit. Not applied under a sanitizer, whose shadow memory needs terabytes of address space.
    unsigned long long addressSpaceLimit = 0;
    int timeoutMs = 60'000;
    bool mergeOutput = false; // standard error into standard output
    QString outputFile {}; // standard output appended to this file instead of read
    // At the time bound: 0, killed at once; otherwise SIGTERM first and this long to end by itself (a server stopped
    // as a user would, its outputs written), then killed. Either way `finished` is false: it did not end on its own.
    int terminateGraceMs = 0;
    // The test's event loop turns while the child runs: a server living in the test's own thread (the window's
    // serve, a QTcpServer) answers it. Otherwise the test waits blocked.
    bool turnEventLoop = false;
};

struct ChildResult {
    bool started = false;
    bool finished = false; // false: it outlived the time bound and was stopped (exitCode: its own after SIGTERM)
    bool crashed = false; // it ended by a signal
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
    qint64 elapsedMs = 0;
    QString error; // empty when it ran to its own end; else one sentence: could not start, hang, crash

    bool ranToEnd() const { return started && finished && !crashed; }
};

// `p` set up as `options` say (folder, environment, channels, output file, address-space limit); not started.
inline void configureChild(QProcess& p, const ChildOptions& options)
{
    if (!options.workingDirectory.isEmpty())
        p.setWorkingDirectory(options.workingDirectory);
    if (!options.environment.isEmpty())
        p.setProcessEnvironment(options.environment);
    if (options.mergeOutput)
        p.setProcessChannelMode(QProcess::MergedChannels);
    if (!options.outputFile.isEmpty())
        p.setStandardOutputFile(options.outputFile, QIODevice::Append);
    if (options.addressSpaceLimit && !kSanitized) {
        const unsigned long long limit = options.addressSpaceLimit;
        p.setChildProcessModifier([limit] {
            const rlimit l { limit, limit };
            setrlimit(RLIMIT_AS, &l);
        });
    }
}

inline ChildResult runChild(const QString& program, const ChildOptions& options = {})
{
    ChildResult result;
    QProcess p;
    configureChild(p, options);
    QElapsedTimer timer;
    timer.start();
    p.start(program, options.args);
    if (!p.waitForStarted(10'000)) {
        result.error = QStringLiteral("could not start %1: %2").arg(program, p.errorString());
        return result;
    }
    result.started = true;
    if (!options.input.isEmpty())
        p.write(options.input);
    if (options.closeInput)
        p.closeWriteChannel();
    // Read as we wait: a large output must not fill the pipe and stall the child.
    const auto wait = [&] {
        if (!options.turnEventLoop)
            return p.waitForFinished(100);
        QTest::qWait(10);
        return p.state() == QProcess::NotRunning;
    };
    bool finished = false;
    while (!(finished = wait()) && timer.elapsed() < options.timeoutMs) {
        result.out += p.readAllStandardOutput();
        result.err += p.readAllStandardError();
    }
    if (!finished) {
        // By its own id, and only while it runs: a finished QProcess's id is 0, and kill(0, …) would signal the test's
        // own process group.
        const auto pid = static_cast<pid_t>(p.processId());
        bool ended = false;
        if (options.terminateGraceMs > 0 && p.state() != QProcess::NotRunning && pid > 0) {
            ::kill(pid, SIGTERM);
            ended = p.waitForFinished(options.terminateGraceMs);
        }
        if (ended) { // its exit code after SIGTERM (serve writes its outputs and says how that went)
            result.crashed = p.exitStatus() != QProcess::NormalExit;
            if (!result.crashed)
                result.exitCode = p.exitCode();
        } else {
            p.kill();
            p.waitForFinished(10'000);
        }
        result.out += p.readAllStandardOutput();
        result.err += p.readAllStandardError();
        result.elapsedMs = timer.elapsed();
        result.error = QStringLiteral("no answer within %1 s (hang): %2 %3")
                           .arg(options.timeoutMs / 1000.0)
                           .arg(program, options.args.join(QLatin1Char(' ')));
        return result;
    }
    result.finished = true;
    result.elapsedMs = timer.elapsed();
    result.out += p.readAllStandardOutput();
    result.err += p.readAllStandardError();
    result.crashed = p.exitStatus() != QProcess::NormalExit;
    result.exitCode = p.exitCode();
    if (result.crashed)
        result.error
            = QStringLiteral("crashed (signal): %1 %2\nstderr: %3")
                  .arg(program, options.args.join(QLatin1Char(' ')), QString::fromUtf8(result.err.right(2000)));
    return result;
}

// A program of the PostgreSQL harness (pg_ctl, psql as the superuser) run as the postgres user when
// scripts/with-postgres.sh had to (IW_PG_AS_POSTGRES: we are root), else as ourselves; output and error merged.
inline ChildResult runAsPostgres(const QString& program, const QStringList& args, int timeoutMs = 60'000)
{
    const QString asPostgres = qEnvironmentVariable("IW_PG_AS_POSTGRES");
    if (!asPostgres.isEmpty() && asPostgres != QLatin1String("0"))
        return runChild(QStringLiteral("runuser"),
            { .args = QStringList { QStringLiteral("-u"), QStringLiteral("postgres"), QStringLiteral("--"), program }
                    + args,
                .timeoutMs = timeoutMs,
                .mergeOutput = true });
    return runChild(program, { .args = args, .timeoutMs = timeoutMs, .mergeOutput = true });
}

#ifdef IW_CLI
// The built idempotency-workbench (a test labelled `cli` gets IW_CLI; see tests/CMakeLists.txt).
inline QString cliPath()
{
    return QStringLiteral(IW_CLI);
}

inline ChildResult runCli(const QStringList& args, ChildOptions options = {})
{
    options.args = args;
    return runChild(cliPath(), options);
}

// A command's answer as text: its exit code (-1 when it did not run to its end), output and error.
struct CliText {
    int code = -1;
    QString out;
    QString err;
};

inline CliText cliText(const QStringList& args, int timeoutMs = 120'000)
{
    const ChildResult p = runCli(args, { .timeoutMs = timeoutMs });
    return { p.ranToEnd() ? p.exitCode : -1, QString::fromUtf8(p.out), QString::fromUtf8(p.err) };
}
#endif

} // namespace iwtest
