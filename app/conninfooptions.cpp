// The connection options of the commands that connect (see conninfooptions.h).
#include "conninfooptions.h"

#include "pgsecret.h"
#include "printable.h"
#include "wholeinput.h"

#include <QFile>
#include <QTextStream>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/stat.h>
#include <termios.h>
#include <unistd.h>

namespace iw {

namespace {

// A connection string file holds one line; 64 KiB is far beyond any.
constexpr std::int64_t kConninfoFileLimit = 64 << 10;

bool readConninfoFile(const char* command, const QString& path, std::string& conninfo, QString& error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        error = QStringLiteral("cannot read the connection string file %1: %2").arg(path, file.errorString());
        return false;
    }
    std::string why;
    const std::optional<QByteArray> bytes = readWholeInput(file, "a connection string file", why, kConninfoFileLimit);
    if (!bytes) {
        error = QStringLiteral("%1: %2").arg(path, QString::fromStdString(why));
        return false;
    }
    // The first line, without its line end and surrounding blanks: `echo "…" > file` works.
    QByteArray line = bytes->left(bytes->indexOf('\n') < 0 ? bytes->size() : bytes->indexOf('\n'));
    conninfo = line.trimmed().toStdString();
    // As libpq says of ~/.pgpass: a password others can read is no secret.
    struct stat st { };
    if (conninfoCarriesPassword(conninfo) && ::stat(QFile::encodeName(path).constData(), &st) == 0
        && (st.st_mode & (S_IRWXG | S_IRWXO)) != 0) {
        QTextStream err(stderr);
        err << printable(QStringLiteral("idempotency-workbench %1: warning: %2 holds a password and other users may "
                                        "read it (chmod 600 %2)")
                             .arg(QString::fromLatin1(command), path))
            << '\n';
    }
    return true;
}

} // namespace

std::optional<std::string> readPassword(const std::string& prompt, bool orStandardInput)
{
    const bool terminal = isatty(STDIN_FILENO);
    if (!terminal && !orStandardInput)
        return std::nullopt;
    termios old {};
    if (terminal) {
        std::fputs(prompt.c_str(), stderr);
        std::fflush(stderr);
        tcgetattr(STDIN_FILENO, &old);
        termios quiet = old;
        quiet.c_lflag &= ~static_cast<tcflag_t>(ECHO);
        tcsetattr(STDIN_FILENO, TCSANOW, &quiet);
    }
    std::string line;
    int c = std::getchar();
    const bool nothing = c == EOF;
    for (; c != EOF && c != '\n'; c = std::getchar())
        line += static_cast<char>(c);
    if (!line.empty() && line.back() == '\r')
        line.pop_back();
    if (terminal) {
        tcsetattr(STDIN_FILENO, TCSANOW, &old);
        std::fputs("\n", stderr);
    }
    if (nothing)
        return std::nullopt;
    return line;
}

bool resolveConninfo(const char* command, const ConninfoSources& sources, std::string& conninfo, QString& error)
{
    conninfo.clear();
    const bool atFile = sources.conninfo && sources.conninfo->startsWith(QLatin1Char('@'));
    if (sources.conninfo && sources.file) {
        error = QStringLiteral("give the connection string either with --conninfo or with --conninfo-file, not both");
        return false;
    }
    if (sources.file || atFile) {
        const QString path = sources.file ? *sources.file : sources.conninfo->mid(1);
        if (path.isEmpty()) {
            error = QStringLiteral("--conninfo @FILE needs a file name after the @");
            return false;
        }
        if (!readConninfoFile(command, path, conninfo, error))
            return false;
    } else if (sources.conninfo) {
        conninfo = sources.conninfo->toStdString();
    }
    if (sources.prompt) {
        const std::optional<std::string> password = readPassword("Password: ", true);
        if (!password) {
            error = QStringLiteral("--password-prompt: no password was typed (standard input ended)");
            return false;
        }
        // libpq takes it from the environment for every connection this process opens (the race's threads, a
        // route's hop stores, a reconnect); a password in the connection string itself still wins.
        ::setenv("PGPASSWORD", password->c_str(), 1);
    }
    return true;
}

QString conninfoUsage()
{
    return QStringLiteral(
        "connection: --conninfo STR (a libpq keyword string or a postgresql:// URI), --conninfo @FILE or\n"
        "  --conninfo-file FILE (its first line); without them libpq's environment: PGHOST, PGPORT, PGUSER,\n"
        "  PGDATABASE, PGPASSWORD, PGSERVICE and ~/.pgpass. --password-prompt asks for the password (without a\n"
        "  terminal, reads one line from standard input). A password on the command line can be seen by other\n"
        "  users in the process list: prefer PGPASSWORD, ~/.pgpass, a file or the prompt.\n");
}

QString passwordOnCommandLineWarning(const char* command, const ConninfoSources& sources)
{
    if (!sources.conninfo || sources.conninfo->startsWith(QLatin1Char('@'))
        || !conninfoCarriesPassword(sources.conninfo->toStdString()))
        return {};
    return QStringLiteral("idempotency-workbench %1: warning: --conninfo carries a password; it is hidden from the "
                          "process list now, but other users could read it there (ps) until %1 started and your "
                          "shell's history keeps it: give it in PGPASSWORD or ~/.pgpass, with --conninfo-file FILE "
                          "(or --conninfo @FILE), or type it after --password-prompt")
        .arg(QString::fromLatin1(command));
}

void hidePasswordsFromProcessList(int argc, char** argv)
{
    for (int i = 1; i < argc; ++i) {
        // --conninfo=VALUE: the value alone, so that a keyword string starting with password= is seen as one.
        static const std::string inlineOption = "--conninfo=";
        const std::size_t from
            = std::strncmp(argv[i], inlineOption.c_str(), inlineOption.size()) == 0 ? inlineOption.size() : 0;
        for (const SecretSpan& span : passwordSpans(std::string(argv[i] + from)))
            std::memset(argv[i] + from + span.begin, '*', span.end - span.begin);
    }
}

} // namespace iw
