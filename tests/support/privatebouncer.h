// A pgbouncer of a test's own (tst_livesafety, tst_pgpaths), configured as one of scripts/with-postgres.sh's pools
// (the .ini that IW_PGBOUNCER_SHARED_INI or IW_PGBOUNCER_TX_INI names) on a free loopback port, in front of the test
// cluster, so a test may stop, pause or restart it without touching the pools the other tests use. It runs as a
// daemon (pgbouncer -d, as the postgres user when the test is root) and is signalled by the process id its pid file
// holds, never by name; continued and ended whatever the test does.
#pragma once

#include "childprocess.h"
#include "pgadmin.h"

#include <QFile>
#include <QRegularExpression>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QThread>

#include <csignal>
#include <netinet/in.h>
#include <string>
#include <sys/socket.h>
#include <unistd.h>

namespace iwtest {

// A loopback port nobody listens on now (the kernel's pick for port 0); 0 if none could be had.
inline int freeLoopbackPort()
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
        return 0;
    sockaddr_in address {};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = 0;
    socklen_t length = sizeof address;
    int port = 0;
    if (::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0
        && ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) == 0)
        port = ntohs(address.sin_port);
    ::close(fd);
    return port;
}

class PrivateBouncer {
public:
    // `iniVariable`: the environment variable naming the pool's configuration to copy.
    explicit PrivateBouncer(const char* iniVariable = "IW_PGBOUNCER_SHARED_INI")
        : m_iniVariable(iniVariable)
    {
    }
    ~PrivateBouncer() { stop(); }
    PrivateBouncer(const PrivateBouncer&) = delete;
    PrivateBouncer& operator=(const PrivateBouncer&) = delete;

    // Starts it and waits (10 s at most) until it accepts connections; again after stop(), on the same port. False
    // with `why` when it could not.
    bool start(QString& why)
    {
        if (!m_dir.isValid()) {
            why = QStringLiteral("no temporary folder");
            return false;
        }
        if (m_port <= 0)
            m_port = freeLoopbackPort();
        QFile shared(qEnvironmentVariable(m_iniVariable));
        if (m_port <= 0 || !shared.open(QIODevice::ReadOnly)) {
            why = QStringLiteral("cannot read %1").arg(QLatin1String(m_iniVariable));
            return false;
        }
        QString ini = QString::fromUtf8(shared.readAll());
        m_pidFile = m_dir.filePath(QStringLiteral("bouncer.pid"));
        ini.replace(
            QRegularExpression(QStringLiteral("listen_port = \\d+")), QStringLiteral("listen_port = %1").arg(m_port));
        ini.replace(QRegularExpression(QStringLiteral("pidfile = .*")), QStringLiteral("pidfile = ") + m_pidFile);
        ini.replace(QRegularExpression(QStringLiteral("logfile = .*")),
            QStringLiteral("logfile = ") + m_dir.filePath(QStringLiteral("bouncer.log")));
        const QString iniPath = m_dir.filePath(QStringLiteral("bouncer.ini"));
        QFile f(iniPath);
        if (!f.open(QIODevice::WriteOnly) || f.write(ini.toUtf8()) < 0) {
            why = QStringLiteral("cannot write the pgbouncer configuration");
            return false;
        }
        f.close();
        const bool asRoot = getuid() == 0;
        if (asRoot) {
            const ChildResult chown = runChild(QStringLiteral("chown"),
                { .args = { QStringLiteral("-R"), QStringLiteral("postgres:"), m_dir.path() } });
            if (!chown.ranToEnd() || chown.exitCode != 0) {
                why = QStringLiteral("cannot hand the folder to postgres: ") + QString::fromUtf8(chown.err);
                return false;
            }
        }
        QStringList args { QStringLiteral("-d") };
        if (asRoot)
            args << QStringLiteral("-u") << QStringLiteral("postgres");
        args << iniPath;
        const ChildResult daemon = runChild(qEnvironmentVariable("IW_PGBOUNCER_BIN"), { .args = args });
        if (!daemon.ranToEnd() || daemon.exitCode != 0) {
            why = QStringLiteral("pgbouncer did not start: ") + QString::fromUtf8(daemon.err) + daemon.error;
            return false;
        }
        const bool up = waitUntil([&] { return PgAdmin(conninfo()).ok(); });
        m_pid = readPid();
        if (!up || m_pid <= 0)
            why = QStringLiteral("pgbouncer does not accept connections");
        return up && m_pid > 0;
    }

    std::string conninfo(const std::string& extra = {}) const
    {
        return "host=127.0.0.1 port=" + std::to_string(m_port) + " dbname=postgres user=postgres" + extra;
    }
    int port() const { return m_port; }
    int pid() const { return m_pid; }

    // SIGSTOP: a network that silently drops everything — the kernel still accepts connections and acknowledges
    // what is sent, nothing ever answers. resume() is SIGCONT.
    bool pause() { return m_pid > 0 && ::kill(m_pid, SIGSTOP) == 0; }
    bool resume() { return m_pid > 0 && ::kill(m_pid, SIGCONT) == 0; }

    // Continues and ends it (SIGTERM), waiting (10 s at most) until it is gone. False when it was not running or
    // outlived the wait.
    bool stop()
    {
        if (m_pid <= 0)
            return false;
        const int pid = m_pid;
        m_pid = 0;
        ::kill(pid, SIGCONT);
        if (::kill(pid, SIGTERM) != 0)
            return false;
        return waitUntil([pid] { return ::kill(pid, 0) != 0; });
    }

private:
    template<class F> static bool waitUntil(F&& done, int timeoutMs = 10'000)
    {
        for (int waited = 0; waited < timeoutMs; waited += 50) {
            if (done())
                return true;
            QThread::msleep(50);
        }
        return done();
    }
    int readPid() const
    {
        QFile f(m_pidFile);
        return f.open(QIODevice::ReadOnly) ? f.readAll().trimmed().toInt() : 0;
    }

    const char* m_iniVariable;
    QTemporaryDir m_dir { QStringLiteral("/tmp/iw-bouncer-XXXXXX") };
    QString m_pidFile;
    int m_port = 0;
    int m_pid = 0;
};

} // namespace iwtest
