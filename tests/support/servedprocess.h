// The tests' one launcher of a long-lived child — `serve`, a server a test starts, talks to and stops: started as
// runChild starts a child (childprocess.h: arguments, environment, folder), waited for until a line of its standard
// output says it is ready (bounded), then stopped by its own process id — SIGTERM, a bounded wait, SIGKILL — never by
// name. Its output is read as it comes, so a chatty server never stalls on a full pipe. A child run to its end goes
// through runChild instead; ServeProcess is `serve` of the built binary, ready at "listening on http://…".
#pragma once

#include "childprocess.h"

#include <QByteArray>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QString>
#include <QStringList>

#include <csignal>
#include <sys/types.h>

namespace iwtest {

class ServedProcess {
public:
    ServedProcess() = default;
    ServedProcess(const ServedProcess&) = delete;
    ServedProcess& operator=(const ServedProcess&) = delete;
    ~ServedProcess() { stop(); }

    // Starts `program` and waits, at most `readyMs`, for a line of its standard output beginning with `readyPrefix`
    // (empty: ready once started; read from options.outputFile when its output goes there). False, with error() saying
    // why, when it could not start, ended first, or said nothing of the kind in time; it is then stopped.
    bool start(const QString& program, const ChildOptions& options, const QByteArray& readyPrefix, int readyMs = 20'000)
    {
        configureChild(m_process, options);
        m_result = {};
        m_process.start(program, options.args);
        if (!m_process.waitForStarted(10'000)) {
            m_error = QStringLiteral("could not start %1: %2").arg(program, m_process.errorString());
            return false;
        }
        m_result.started = true;
        if (!options.input.isEmpty())
            m_process.write(options.input);
        if (options.closeInput)
            m_process.closeWriteChannel();
        if (readyPrefix.isEmpty())
            return true;
        QElapsedTimer t;
        t.start();
        while (t.elapsed() < readyMs) {
            if (options.outputFile.isEmpty()) {
                while (m_process.canReadLine()) {
                    const QByteArray line = m_process.readLine();
                    m_result.out += line;
                    if (line.startsWith(readyPrefix)) {
                        m_readyLine = line.trimmed();
                        return true;
                    }
                }
            } else if (readyInFile(options.outputFile, readyPrefix)) {
                return true;
            }
            if (m_process.state() == QProcess::NotRunning)
                break;
            if (options.outputFile.isEmpty())
                m_process.waitForReadyRead(100);
            else
                m_process.waitForFinished(50); // nothing to read from it: look at the file again soon
        }
        const bool ended = m_process.state() == QProcess::NotRunning;
        stop();
        m_error = ended ? QStringLiteral("%1 ended before it was ready (exit %2): %3")
                              .arg(program)
                              .arg(m_result.exitCode)
                              .arg(QString::fromUtf8(m_result.err.right(2000)))
                        : QStringLiteral("%1 did not say \"%2…\" within %3 s")
                              .arg(program, QString::fromUtf8(readyPrefix))
                              .arg(readyMs / 1000.0);
        return false;
    }

    // The line that said it was ready, trimmed.
    QByteArray readyLine() const { return m_readyLine; }
    QString error() const { return m_error; }
    bool isRunning() const { return m_process.state() != QProcess::NotRunning; }
    qint64 pid() const { return m_process.processId(); }
    // The child itself, to read what it writes as it runs or to wait for it.
    QProcess& process() { return m_process; }

    // Sends it SIGTERM (by its id, only while it runs) and waits at most `graceMs` for it to end, then kills it. The
    // result: how it ended (finished is false when it had to be killed), its exit code (-1 unless it exited by
    // itself) and what it wrote since it started (standard output from the line that said it was ready on). Stopping a
    // child that has ended only collects its end.
    ChildResult stop(int graceMs = 10'000)
    {
        if (!m_result.started || m_stopped)
            return m_result;
        m_stopped = true;
        const auto pid = static_cast<pid_t>(m_process.processId());
        if (m_process.state() != QProcess::NotRunning && pid > 0)
            ::kill(pid, SIGTERM);
        m_result.finished = m_process.state() == QProcess::NotRunning || m_process.waitForFinished(graceMs);
        if (!m_result.finished) {
            m_process.kill();
            m_process.waitForFinished(10'000);
            m_error = QStringLiteral("did not end within %1 s of SIGTERM; killed").arg(graceMs / 1000.0);
        }
        m_result.out += m_process.readAllStandardOutput();
        m_result.err += m_process.readAllStandardError();
        m_result.crashed = m_result.finished && m_process.exitStatus() != QProcess::NormalExit;
        if (m_result.finished && !m_result.crashed)
            m_result.exitCode = m_process.exitCode();
        if (m_result.crashed)
            m_error = QStringLiteral("crashed (signal)\nstderr: %1").arg(QString::fromUtf8(m_result.err.right(2000)));
        m_result.error = m_error;
        return m_result;
    }

private:
    // Standard output goes to a file: the ready line is looked for there (a line whole, ended by its newline).
    bool readyInFile(const QString& path, const QByteArray& readyPrefix)
    {
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly))
            return false;
        const QByteArray text = f.readAll();
        for (qsizetype at = 0; at < text.size();) {
            const qsizetype end = text.indexOf('\n', at);
            if (end < 0)
                break;
            if (text.mid(at, end - at).startsWith(readyPrefix)) {
                m_readyLine = text.mid(at, end - at).trimmed();
                return true;
            }
            at = end + 1;
        }
        return false;
    }

    QProcess m_process;
    QByteArray m_readyLine;
    QString m_error;
    ChildResult m_result;
    bool m_stopped = false;
};

#ifdef IW_CLI
// `serve ARGS…` of the built binary (add `--port 0` for a free port), ready when it prints its address.
class ServeProcess : public ServedProcess {
public:
    // `program`: another build of the binary (empty: the one under test).
    bool start(const QStringList& args, ChildOptions options = {}, const QString& program = {})
    {
        options.args = QStringList { QStringLiteral("serve") } + args;
        if (!ServedProcess::start(program.isEmpty() ? cliPath() : program, options, "listening on http://"))
            return false;
        url = QString::fromUtf8(readyLine().mid(13)); // after "listening on "
        port = static_cast<quint16>(url.section(QLatin1Char(':'), 2).section(QLatin1Char('/'), 0, 0).toUInt());
        return true;
    }

    QString url; // http://127.0.0.1:PORT/
    quint16 port = 0;
};
#endif

} // namespace iwtest
