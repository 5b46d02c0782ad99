// Every output of every command (issue 48, findings 5–7; RELIABILITY.md "Third round, part C"): run --report,
// compare --report, sequence --output, explore --counterexample, serve --report and --record are written beside
// their target and renamed into place only when whole and flushed, so a disk that is full before or fills during the
// writing is exit 2 with one sentence naming the path ("No space left on device") and the previous contents stay; a
// FIFO, a device or /dev/stdout is written through and never replaced; serve checks its paths before it listens.
//
// The full disk is a small tmpfs of the test's own (mounting needs root, as CI and the fresh-machine check run; the
// test skips saying so otherwise), filled to the brim with a filler file, or to all but half of what the command
// writes. Every row first runs the command on the empty file system (the control: it must succeed and write that
// much), then on the full one. Set IW_CATALOGUE_CLI to another build's binary to watch the rows fail on it.
#include "servedprocess.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <chrono>
#include <thread>

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

namespace {

QString cli()
{
    return qEnvironmentVariable("IW_CATALOGUE_CLI", QStringLiteral(IW_CLI));
}

constexpr qint64 kPage = 4096;
constexpr qint64 kMountBytes = 4 << 20; // room for the largest output (the SVG, about 60 KB) many times over
const QByteArray kPrevious = "the previous contents, which must survive\n";

// A scenario of 150 requests: a report of about 200 KB.
const char* const kBigScenario = R"({"format": "idempotency-workbench/scenario@1", "name": "big", "seed": 1,
 "service": {"profile": "ietf", "strategy": "unique_claim"},
 "clients": [{"id": "c", "actor": "42", "timeout_ms": 1000, "retry": {"max_attempts": 1}}],
 "requests": [{"at_ms": 0, "client": "c", "operation": "op", "key": "auto", "payload": {"a": 1}, "repeat": 150,
   "every_ms": 1}]})";

struct Outcome {
    int exitCode = -1;
    bool finished = false;
    QByteArray out;
    QByteArray err;
};

bool isCharDevice(const QString& path)
{
    struct stat st { };
    return ::stat(QFile::encodeName(path).constData(), &st) == 0 && S_ISCHR(st.st_mode);
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("(unreadable)");
}

void writeFile(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    QVERIFY2(f.open(QIODevice::WriteOnly | QIODevice::Truncate), qPrintable(path + f.errorString()));
    QCOMPARE(f.write(bytes), bytes.size());
}

} // namespace

class TestOutputs : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void fullDisk_data();
    void fullDisk();
    void specialFiles_data();
    void specialFiles();
    void servePathsCheckedAtStart_data();
    void servePathsCheckedAtStart();
    void cleanupTestCase();

private:
    // Runs the command (%D the test's folder, %M the mount, %T the target); a `serve` command is started, sent
    // `requests` requests with curl, then stopped with SIGTERM.
    Outcome execute(QStringList args, const QString& target, int requests = 0, const QString& stdoutTo = {});
    void emptyMount();
    // Fills the mount so that `freeBytes` stay free.
    void fill(qint64 freeBytes);

    QTemporaryDir m_temp;
    QString m_dir;
    QString m_mount;
    bool m_mounted = false;
    QString m_mountProblem;
};

void TestOutputs::initTestCase()
{
    QVERIFY(m_temp.isValid());
    m_dir = m_temp.path();
    QVERIFY(QFile::exists(cli()));
    writeFile(m_dir + QStringLiteral("/big.json"), kBigScenario);
    // The explore preset whose counterexample is a scenario of one request, given a 12 KB payload so that the
    // counterexample is bigger than a page of the file system: then half of it fits and the rest does not.
    QFile preset(QStringLiteral(IW_SOURCE_DIR "/resources/scenarios/check-then-insert-race.json"));
    QVERIFY(preset.open(QIODevice::ReadOnly));
    QJsonObject doc = QJsonDocument::fromJson(preset.readAll()).object();
    QVERIFY(doc.contains(QStringLiteral("requests")));
    QJsonArray requests = doc.value(QStringLiteral("requests")).toArray();
    for (qsizetype i = 0; i < requests.size(); ++i) {
        QJsonObject r = requests[i].toObject();
        r.insert(QStringLiteral("payload"), QJsonObject { { QStringLiteral("pad"), QString(12'000, u'p') } });
        requests[i] = r;
    }
    doc.insert(QStringLiteral("requests"), requests);
    writeFile(m_dir + QStringLiteral("/explore.json"), QJsonDocument(doc).toJson());

    m_mount = m_dir + QStringLiteral("/m");
    QVERIFY(QDir().mkpath(m_mount));
    const iwtest::ChildResult mount = iwtest::runChild(QStringLiteral("mount"),
        { .args = { QStringLiteral("-t"), QStringLiteral("tmpfs"), QStringLiteral("-o"),
              QStringLiteral("size=%1,mode=0755").arg(kMountBytes), QStringLiteral("tmpfs"), m_mount },
            .timeoutMs = 30'000 });
    if (!mount.ranToEnd() || mount.exitCode != 0)
        m_mountProblem = QStringLiteral("mounting a small tmpfs is not permitted here (it needs root, as CI and the "
                                        "fresh-machine check have): ")
            + QString::fromLocal8Bit(mount.err).trimmed() + mount.error;
    else
        m_mounted = true;
}

void TestOutputs::cleanupTestCase()
{
    if (m_mounted)
        iwtest::runChild(QStringLiteral("umount"), { .args = { QStringLiteral("-l"), m_mount } });
}

void TestOutputs::emptyMount()
{
    QDir mount(m_mount);
    for (const QString& name : mount.entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden))
        QVERIFY(mount.remove(name));
}

void TestOutputs::fill(qint64 freeBytes)
{
    const QByteArray path = QFile::encodeName(m_mount + QStringLiteral("/filler"));
    const int fd = ::open(path.constData(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    QVERIFY(fd >= 0);
    const QByteArray block(1 << 16, 'f');
    qint64 written = 0;
    for (;;) {
        const ssize_t n = ::write(fd, block.constData(), static_cast<size_t>(block.size()));
        if (n > 0) {
            written += n;
            continue;
        }
        QVERIFY2(n < 0 && errno == ENOSPC, "the filler stopped for another reason than a full disk");
        break;
    }
    // Pages given back: exactly `freeBytes` (whole pages) free.
    if (freeBytes > 0)
        QCOMPARE(::ftruncate(fd, written - freeBytes), 0);
    QCOMPARE(::fsync(fd), 0);
    QCOMPARE(::close(fd), 0);
}

Outcome TestOutputs::execute(QStringList args, const QString& target, int requests, const QString& stdoutTo)
{
    for (QString& a : args)
        a.replace(QLatin1String("%T"), target)
            .replace(QLatin1String("%D"), m_dir)
            .replace(QLatin1String("%M"), m_mount);
    const iwtest::ChildOptions options {
        .args = args, .workingDirectory = m_dir, .timeoutMs = 120'000, .outputFile = stdoutTo
    };
    iwtest::ChildResult r;
    if (args.value(0) == QLatin1String("serve")) {
        // Its first line on stdout (or in the log) says where it listens; it is then sent requests and stopped.
        iwtest::ServedProcess serve;
        if (serve.start(cli(), options, "listening on http://127.0.0.1:")) {
            const QString url = QString::fromUtf8(serve.readyLine().mid(13));
            for (int i = 0; i < requests; ++i)
                iwtest::runChild(QStringLiteral("curl"),
                    { .args = { QStringLiteral("-s"), QStringLiteral("-o"), QStringLiteral("/dev/null"),
                          QStringLiteral("--max-time"), QStringLiteral("20"), QStringLiteral("-X"),
                          QStringLiteral("POST"), QStringLiteral("-H"),
                          QStringLiteral("Content-Type: application/json"), QStringLiteral("-H"),
                          QStringLiteral("Idempotency-Key: \"key-%1\"").arg(i), QStringLiteral("--data-binary"),
                          QStringLiteral("{\"pad\": \"%1\"}").arg(QString(500, u'p')),
                          url + QStringLiteral("v1/orders") },
                        .timeoutMs = 30'000 });
        }
        r = serve.stop(120'000);
    } else {
        r = iwtest::runChild(cli(), options);
    }
    Outcome o;
    o.finished = r.finished;
    o.out = r.out;
    o.err = r.err;
    o.exitCode = !r.started ? -1 : (r.crashed || r.exitCode < 0) ? -2 : r.exitCode;
    return o;
}

void TestOutputs::fullDisk_data()
{
    QTest::addColumn<QStringList>("args"); // %T the target in the mount
    QTest::addColumn<int>("requests"); // serve: requests sent before it is stopped
    QTest::addColumn<int>("successCode"); // the control's exit code (explore: 1, violated)
    QTest::addColumn<QString>("prefix"); // what the sentence starts with
    QTest::addColumn<bool>("during"); // fill to all but half of the output, rather than to the brim

    QStringList presets;
    for (const QString& name : QDir(QStringLiteral(IW_SOURCE_DIR "/resources/scenarios"))
                                   .entryList({ QStringLiteral("*.json") }, QDir::Files, QDir::Name))
        presets << QStringLiteral(IW_SOURCE_DIR "/resources/scenarios/") + name;
    const QStringList serve { QStringLiteral("serve"), QStringLiteral("--port"), QStringLiteral("0") };
    // Small outputs (under a page, so they fit in the writer's buffer and only reach the disk at the end: where a
    // full disk used to leave an empty file and exit 0) with the disk full before; large ones also while it fills.
    const struct {
        const char* name;
        QStringList args;
        int requests;
        int successCode;
        const char* prefix;
        bool alsoDuring;
    } commands[] = {
        { "run --report, a small report",
            { QStringLiteral("run"), QStringLiteral(IW_SOURCE_DIR "/resources/scenarios/lost-response-replay.json"),
                QStringLiteral("--report"), QStringLiteral("%T") },
            0, 0, "idempotency-workbench run: ", false },
        { "run --report, a large report",
            { QStringLiteral("run"), QStringLiteral("%D/big.json"), QStringLiteral("--report"), QStringLiteral("%T") },
            0, 0, "idempotency-workbench run: ", true },
        { "compare --report",
            QStringList { QStringLiteral("compare") } + presets
                + QStringList { QStringLiteral("--format"), QStringLiteral("json"), QStringLiteral("--report"),
                    QStringLiteral("%T") },
            0, 0, "compare: ", true },
        { "sequence --output, Mermaid",
            { QStringLiteral("sequence"),
                QStringLiteral(IW_SOURCE_DIR "/resources/scenarios/check-then-insert-race.json"),
                QStringLiteral("--output"), QStringLiteral("%T") },
            0, 0, "sequence: ", false },
        { "sequence --output, SVG",
            { QStringLiteral("sequence"),
                QStringLiteral(IW_SOURCE_DIR "/resources/scenarios/check-then-insert-race.json"),
                QStringLiteral("--format"), QStringLiteral("svg"), QStringLiteral("--output"), QStringLiteral("%T") },
            0, 0, "sequence: ", true },
        { "explore --counterexample",
            { QStringLiteral("explore"), QStringLiteral("%D/explore.json"), QStringLiteral("--counterexample"),
                QStringLiteral("%T") },
            0, 1, "explore: ", true },
        { "serve --report, one request", serve + QStringList { QStringLiteral("--report"), QStringLiteral("%T") }, 1, 0,
            "idempotency-workbench serve: ", false },
        { "serve --report, twelve requests", serve + QStringList { QStringLiteral("--report"), QStringLiteral("%T") },
            12, 0, "idempotency-workbench serve: ", true },
        { "serve --record, one request", serve + QStringList { QStringLiteral("--record"), QStringLiteral("%T") }, 1, 0,
            "idempotency-workbench serve: ", false },
        { "serve --record, twelve requests", serve + QStringList { QStringLiteral("--record"), QStringLiteral("%T") },
            12, 0, "idempotency-workbench serve: ", true },
    };
    for (const auto& c : commands) {
        for (const bool during : { false, true }) {
            if (during && !c.alsoDuring)
                continue;
            QTest::addRow("%s, %s", c.name, during ? "the disk fills while it writes" : "the disk full before")
                << c.args << c.requests << c.successCode << QString::fromUtf8(c.prefix) << during;
        }
    }
}

void TestOutputs::fullDisk()
{
    QFETCH(QStringList, args);
    QFETCH(int, requests);
    QFETCH(int, successCode);
    QFETCH(QString, prefix);
    QFETCH(bool, during);
    if (!m_mounted)
        QSKIP(qPrintable(m_mountProblem));
    const QString target = m_mount + QStringLiteral("/output");

    // The control: on the empty file system the command writes its output whole.
    emptyMount();
    writeFile(target, kPrevious);
    const Outcome control = execute(args, target, requests);
    QVERIFY2(control.finished && control.exitCode == successCode,
        qPrintable(QStringLiteral("control: exit %1: %2").arg(control.exitCode).arg(QString::fromUtf8(control.err))));
    const qint64 size = QFileInfo(target).size();
    QVERIFY2(size > (during ? 2 * kPage : 0) && readAll(target) != kPrevious,
        qPrintable(QStringLiteral("control: the output is %1 bytes").arg(size)));

    // The same on a full file system: exit 2, one sentence naming the path, the previous contents intact, nothing
    // else left beside them.
    emptyMount();
    writeFile(target, kPrevious);
    fill(during ? (size / 2) / kPage * kPage : 0);
    const QStringList before = QDir(m_mount).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden);
    const Outcome full = execute(args, target, requests);
    const QString err = QString::fromUtf8(full.err);
    QVERIFY2(full.finished, "no answer (hang)");
    QVERIFY2(full.exitCode == 2, qPrintable(QStringLiteral("exit %1, stderr: %2").arg(full.exitCode).arg(err)));
    const QString sentence
        = prefix + QStringLiteral("cannot write ") + target + QStringLiteral(": No space left on device");
    QVERIFY2(err.split(QLatin1Char('\n')).contains(sentence),
        qPrintable(QStringLiteral("stderr does not hold \"%1\": %2").arg(sentence, err)));
    QVERIFY2(!err.contains(QLatin1String("Unknown error")), qPrintable(err));
    QCOMPARE(readAll(target), kPrevious);
    QCOMPARE(QDir(m_mount).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden), before);
}

void TestOutputs::specialFiles_data()
{
    QTest::addColumn<QStringList>("args"); // %T the special file
    QTest::addColumn<QString>("kind"); // log (/dev/stdout appending to %D/log), fifo, null, full
    QTest::addColumn<int>("requests");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("contents"); // what the reader must receive: report, scenario

    const QStringList serve { QStringLiteral("serve"), QStringLiteral("--port"), QStringLiteral("0") };
    const QStringList explore { QStringLiteral("explore"),
        QStringLiteral(IW_SOURCE_DIR "/resources/scenarios/check-then-insert-race.json"),
        QStringLiteral("--counterexample"), QStringLiteral("%T") };
    const auto rows = [&](const char* name, const QStringList& args, int requests, int ok, const char* contents) {
        QTest::addRow("%s to /dev/stdout, a log", name)
            << args << QStringLiteral("log") << requests << ok << QString::fromUtf8(contents);
        QTest::addRow("%s into a FIFO", name)
            << args << QStringLiteral("fifo") << requests << ok << QString::fromUtf8(contents);
        if (::geteuid() == 0) {
            QTest::addRow("%s into a character device (null)", name)
                << args << QStringLiteral("null") << requests << ok << QString();
            QTest::addRow("%s into a full device", name)
                << args << QStringLiteral("full") << requests << 2 << QString();
        }
    };
    rows("serve --report", serve + QStringList { QStringLiteral("--report"), QStringLiteral("%T") }, 2, 0, "report");
    rows("serve --record", serve + QStringList { QStringLiteral("--record"), QStringLiteral("%T") }, 2, 0, "scenario");
    rows("explore --counterexample", explore, 0, 1, "scenario");
}

void TestOutputs::specialFiles()
{
    QFETCH(QStringList, args);
    QFETCH(QString, kind);
    QFETCH(int, requests);
    QFETCH(int, exitCode);
    QFETCH(QString, contents);
    const QString log = m_dir + QStringLiteral("/log");
    const QString fifo = m_dir + QStringLiteral("/output.fifo");
    const QString device = m_dir + QLatin1Char('/') + kind;
    const QByteArray earlier = "an earlier line of the log\n";
    QString target;
    QString stdoutTo;
    int reader = -1;
    QByteArray received;
    std::atomic<bool> done { false };
    std::thread drain;
    ino_t inode = 0;
    if (kind == QLatin1String("log")) {
        writeFile(log, earlier);
        struct stat st { };
        QCOMPARE(::stat(QFile::encodeName(log).constData(), &st), 0);
        inode = st.st_ino;
        target = QStringLiteral("/dev/stdout");
        stdoutTo = log;
    } else if (kind == QLatin1String("fifo")) {
        ::unlink(QFile::encodeName(fifo).constData());
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        // A reader that never blocks, so a binary that never opens the FIFO fails the row instead of hanging it.
        reader = ::open(QFile::encodeName(fifo).constData(), O_RDONLY | O_NONBLOCK);
        QVERIFY(reader >= 0);
        drain = std::thread([&] {
            char buf[65536];
            for (;;) {
                const ssize_t n = ::read(reader, buf, sizeof buf);
                if (n > 0)
                    received.append(buf, n);
                else if (done.load())
                    break;
                else
                    std::this_thread::sleep_for(std::chrono::milliseconds(5));
            }
        });
        target = fifo;
    } else {
        // Device nodes of our own (1,3 is null and 1,7 is full): replacing /dev/full itself would harm the system.
        ::unlink(QFile::encodeName(device).constData());
        QCOMPARE(::mknod(QFile::encodeName(device).constData(), S_IFCHR | 0666,
                     makedev(1, kind == QLatin1String("null") ? 3 : 7)),
            0);
        target = device;
    }
    const Outcome o = execute(args, target, requests, stdoutTo);
    if (drain.joinable()) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        done = true;
        drain.join();
        ::close(reader);
    }
    const QString err = QString::fromUtf8(o.err);
    QVERIFY2(o.finished, "no answer (hang)");
    QVERIFY2(o.exitCode == exitCode, qPrintable(QStringLiteral("exit %1, stderr: %2").arg(o.exitCode).arg(err)));

    // The output is the JSON document of what was received (a log also holds "listening on …" or explore's verdict
    // around it): from the brace that opens "format" to the last closing brace that makes it parse.
    const auto holds = [&](const QByteArray& bytes) {
        const qsizetype format = bytes.indexOf("\"format\"");
        const qsizetype start = format < 0 ? -1 : bytes.lastIndexOf('{', format);
        for (qsizetype end = bytes.lastIndexOf('}'); start >= 0 && end > start; end = bytes.lastIndexOf('}', end - 1)) {
            QJsonParseError error {};
            const QJsonDocument doc = QJsonDocument::fromJson(bytes.mid(start, end - start + 1), &error);
            if (error.error != QJsonParseError::NoError)
                continue;
            const QString name = doc.object().value(QStringLiteral("format")).toString();
            return contents == QLatin1String("report") ? name == QLatin1String("idempotency-workbench/report@1")
                                                       : name == QLatin1String("idempotency-workbench/scenario@1");
        }
        return false;
    };
    if (kind == QLatin1String("log")) {
        struct stat st { };
        QCOMPARE(::stat(QFile::encodeName(log).constData(), &st), 0);
        QVERIFY2(S_ISREG(st.st_mode) && st.st_ino == inode, "the log was replaced");
        const QByteArray written = readAll(log);
        QVERIFY2(written.startsWith(earlier), written.left(300).constData());
        QVERIFY2(holds(written.mid(earlier.size())), written.left(600).constData());
    } else if (kind == QLatin1String("fifo")) {
        struct stat st { };
        QCOMPARE(::stat(QFile::encodeName(fifo).constData(), &st), 0);
        QVERIFY2(S_ISFIFO(st.st_mode), "the FIFO was replaced by a regular file");
        QVERIFY2(holds(received), received.left(600).constData());
    } else {
        QVERIFY2(isCharDevice(device), "the device was replaced by a regular file");
        if (kind == QLatin1String("full")) {
            const QString sentence = QStringLiteral("cannot write %1: No space left on device").arg(device);
            QVERIFY2(err.contains(sentence), qPrintable(err));
        }
    }
}

void TestOutputs::servePathsCheckedAtStart_data()
{
    QTest::addColumn<QStringList>("args"); // %D the test's folder
    QTest::addColumn<QString>("sentence"); // stderr's first line

    const QStringList serve { QStringLiteral("serve"), QStringLiteral("--port"), QStringLiteral("0") };
    QTest::newRow("--report in a missing folder")
        << serve + QStringList { QStringLiteral("--report"), QStringLiteral("%D/no-such-folder/report.json") }
        << QStringLiteral("idempotency-workbench serve: cannot write %D/no-such-folder/report.json: No such file or "
                          "directory");
    QTest::newRow("--record in a missing folder")
        << serve + QStringList { QStringLiteral("--record"), QStringLiteral("%D/no-such-folder/record.json") }
        << QStringLiteral("idempotency-workbench serve: cannot write %D/no-such-folder/record.json: No such file or "
                          "directory");
    QTest::newRow("--report names a folder") << serve + QStringList { QStringLiteral("--report"), QStringLiteral("%D") }
                                             << QStringLiteral("idempotency-workbench serve: cannot write %D: it is a "
                                                               "directory");
    QTest::newRow("--report and --record name one file")
        << serve
            + QStringList { QStringLiteral("--report"), QStringLiteral("%D/both.json"), QStringLiteral("--record"),
                  QStringLiteral("%D/both.json") }
        << QStringLiteral("idempotency-workbench serve: --report and --record both name %D/both.json; give each its "
                          "own file");
}

void TestOutputs::servePathsCheckedAtStart()
{
    QFETCH(QStringList, args);
    QFETCH(QString, sentence);
    for (QString& a : args)
        a.replace(QLatin1String("%D"), m_dir);
    sentence.replace(QLatin1String("%D"), m_dir);
    const QStringList before = QDir(m_dir).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden);
    // Refused at once: before this bound it has either exited or, listening, served a session into a path it will
    // not be able to write (then it is stopped as a user would, SIGTERM).
    const iwtest::ChildResult p = iwtest::runChild(
        cli(), { .args = args, .workingDirectory = m_dir, .timeoutMs = 15'000, .terminateGraceMs = 20'000 });
    QVERIFY2(p.started, qPrintable(p.error));
    const QString err = QString::fromUtf8(p.err);
    QVERIFY2(p.finished, qPrintable(QStringLiteral("still serving after 15 s: ") + QString::fromUtf8(p.out) + err));
    QVERIFY2(!p.out.contains("listening on"), p.out.constData());
    QCOMPARE(p.exitCode, 2);
    QCOMPARE(err.section(QLatin1Char('\n'), 0, 0), sentence);
    QCOMPARE(QDir(m_dir).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden), before);
}

QTEST_GUILESS_MAIN(TestOutputs)
#include "tst_outputs.moc"
