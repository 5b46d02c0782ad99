// The installed layout (resources/CMakeLists.txt): `cmake --install` of this build into a temporary prefix gives
// the binary, the presets to copy (byte for byte the ones built in), the desktop entry, the AppStream metainfo, the
// MIME type, the hicolor icon at every size (PNGs rendered from the SVG at their size), the man page and the
// Debian doc files; the installed binary runs an installed preset with --check from a foreign working folder, and
// the data folder it looks up beside itself (core/datadir.cpp) is the one the install made. Where the desktop
// validators are installed (desktop-file-utils, appstream, man-db) the files pass them.
#include "appicon.h"
#include "childprocess.h"
#include "datadir.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

namespace {

const QString s_appId = QStringLiteral("org.idempotencyworkbench.Workbench");

struct Run {
    int code = -1;
    QString out;
    QString err;
};

Run run(const QString& program, const QStringList& args, const QString& cwd = QString())
{
    const iwtest::ChildResult c
        = iwtest::runChild(program, { .args = args, .workingDirectory = cwd, .timeoutMs = 120'000 });
    Run r;
    if (!c.finished) {
        r.err = QStringLiteral("timed out");
        return r;
    }
    r.code = c.crashed ? -1 : c.exitCode;
    r.out = QString::fromUtf8(c.out);
    r.err = QString::fromUtf8(c.err);
    return r;
}

QString describe(const Run& r)
{
    return QStringLiteral("exit %1\nstdout: %2\nstderr: %3").arg(r.code).arg(r.out, r.err);
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestInstall : public QObject {
    Q_OBJECT

    QTemporaryDir m_prefix;
    bool m_installed = false;

    QString at(const QString& rel) const { return m_prefix.path() + QLatin1Char('/') + rel; }

private slots:
    void initTestCase()
    {
        QVERIFY(m_prefix.isValid());
        const Run r = run(QStringLiteral(IW_CMAKE),
            { QStringLiteral("--install"), QStringLiteral(IW_BUILD_DIR), QStringLiteral("--prefix"), m_prefix.path() });
        QVERIFY2(r.code == 0, qPrintable(describe(r)));
        m_installed = true;
    }

    void dataDirNeedsItsScenarios()
    {
        QTemporaryDir tmp;
        QVERIFY(QDir().mkpath(tmp.path() + QStringLiteral("/bin")));
        QCOMPARE(iw::dataDirBeside(tmp.path() + QStringLiteral("/bin")), QString());
        QVERIFY(QDir().mkpath(tmp.path() + QStringLiteral("/share/idempotency-workbench/scenarios")));
        QCOMPARE(iw::dataDirBeside(tmp.path() + QStringLiteral("/bin")),
            QDir::cleanPath(tmp.path() + QStringLiteral("/share/idempotency-workbench")));
        QCOMPARE(iw::dataDirBeside(QString()), QString());
    }

    void installedBinaryFindsTheInstalledData()
    {
        QVERIFY(QFileInfo(at(QStringLiteral("bin/idempotency-workbench"))).isExecutable());
        QCOMPARE(iw::dataDirBeside(at(QStringLiteral("bin"))),
            QDir::cleanPath(at(QStringLiteral("share/idempotency-workbench"))));
        // Run from / so nothing can be found through the working folder or the source tree.
        const Run v = run(
            at(QStringLiteral("bin/idempotency-workbench")), { QStringLiteral("--version") }, QStringLiteral("/"));
        QVERIFY2(v.code == 0, qPrintable(describe(v)));
        QCOMPARE(v.out.trimmed(), QStringLiteral("idempotency-workbench " IW_VERSION));
        const Run c = run(at(QStringLiteral("bin/idempotency-workbench")),
            { QStringLiteral("run"), at(QStringLiteral("share/idempotency-workbench/scenarios/double-submit.json")),
                QStringLiteral("--check"), QStringLiteral("--report"), QStringLiteral("/dev/null") },
            QStringLiteral("/"));
        QVERIFY2(c.code == 0, qPrintable(describe(c)));
    }

    void installedDataIsTheBuiltInData()
    {
        for (const QString& sub : { QStringLiteral("scenarios"), QStringLiteral("mappings") }) {
            const QStringList builtIn
                = QDir(QStringLiteral(":/") + sub).entryList({ QStringLiteral("*.json") }, QDir::Files, QDir::Name);
            QVERIFY2(!builtIn.isEmpty(), qPrintable(sub));
            const QString dir = at(QStringLiteral("share/idempotency-workbench/") + sub);
            QCOMPARE(QDir(dir).entryList({ QStringLiteral("*.json") }, QDir::Files, QDir::Name), builtIn);
            for (const QString& name : builtIn) {
                const QByteArray installed = readAll(dir + QLatin1Char('/') + name);
                QVERIFY2(!installed.isEmpty(), qPrintable(name));
                QVERIFY2(installed == readAll(QStringLiteral(":/%1/%2").arg(sub, name)), qPrintable(name));
            }
        }
        QCOMPARE(QDir(at(QStringLiteral("share/idempotency-workbench/reviews")))
                     .entryList({ QStringLiteral("*.json") }, QDir::Files)
                     .size(),
            3);
        // The route review's policies, installed as the same files the review window has built in.
        const QString route = at(QStringLiteral("share/idempotency-workbench/reviews/route-gateway-window"));
        const QStringList routeFiles = QDir(QStringLiteral(":/reviews/route-gateway-window"))
                                           .entryList({ QStringLiteral("*.json") }, QDir::Files, QDir::Name);
        QCOMPARE(routeFiles.size(), 4);
        QCOMPARE(QDir(route).entryList({ QStringLiteral("*.json") }, QDir::Files, QDir::Name), routeFiles);
        for (const QString& name : routeFiles)
            QVERIFY2(readAll(route + QLatin1Char('/') + name)
                    == readAll(QStringLiteral(":/reviews/route-gateway-window/") + name),
                qPrintable(name));
    }

    void desktopFiles()
    {
        for (const QString& rel : { QStringLiteral("share/applications/%1.desktop").arg(s_appId),
                 QStringLiteral("share/metainfo/%1.metainfo.xml").arg(s_appId),
                 QStringLiteral("share/mime/packages/idempotency-workbench.xml"),
                 QStringLiteral("share/icons/hicolor/scalable/apps/idempotency-workbench.svg"),
                 QStringLiteral("share/man/man1/idempotency-workbench.1.gz"),
                 QStringLiteral("share/doc/idempotency-workbench/copyright"),
                 QStringLiteral("share/doc/idempotency-workbench/changelog.gz") })
            QVERIFY2(QFileInfo(at(rel)).isFile() && QFileInfo(at(rel)).size() > 0, qPrintable(rel));
    }

    void iconAtEverySize()
    {
        for (int size : { 16, 22, 24, 32, 48, 64, 128, 256 }) {
            const QString rel = QStringLiteral("share/icons/hicolor/%1x%1/apps/idempotency-workbench.png").arg(size);
            const QImage image(at(rel));
            QVERIFY2(!image.isNull(), qPrintable(rel));
            QCOMPARE(image.size(), QSize(size, size));
            // Drawn, not blank: the centre is the icon's opaque background.
            QCOMPARE(qAlpha(image.pixel(size / 2, size / 2)), 255);
            QCOMPARE(qAlpha(image.pixel(0, 0)), 0);
        }
        const QIcon icon = iw::applicationIcon();
        QVERIFY(!icon.isNull());
        QVERIFY(!icon.pixmap(32).isNull());
    }

    void validatorsAccept_data()
    {
        QTest::addColumn<QString>("tool");
        QTest::addColumn<QStringList>("args");
        QTest::newRow("desktop-file-validate")
            << QStringLiteral("desktop-file-validate")
            << QStringList { at(QStringLiteral("share/applications/%1.desktop").arg(s_appId)) };
        QTest::newRow("appstreamcli") << QStringLiteral("appstreamcli")
                                      << QStringList { QStringLiteral("validate"), QStringLiteral("--no-net"),
                                             at(QStringLiteral("share/metainfo/%1.metainfo.xml").arg(s_appId)) };
        QTest::newRow("man") << QStringLiteral("man")
                             << QStringList { QStringLiteral("--warnings"), QStringLiteral("-E"),
                                    QStringLiteral("UTF-8"), QStringLiteral("-l"), QStringLiteral("-Tutf8"),
                                    QStringLiteral("-Z"),
                                    at(QStringLiteral("share/man/man1/idempotency-workbench.1.gz")) };
    }

    void validatorsAccept()
    {
        QFETCH(QString, tool);
        QFETCH(QStringList, args);
        const QString exe = QStandardPaths::findExecutable(tool);
        if (exe.isEmpty())
            QSKIP(qPrintable(tool + QStringLiteral(" is not installed")));
        const Run r = run(exe, args);
        QVERIFY2(r.code == 0, qPrintable(describe(r)));
        if (tool == QLatin1String("man")) // groff's warnings go to stderr; stdout is the typeset page
            QVERIFY2(r.err.trimmed().isEmpty(), qPrintable(describe(r)));
        else if (tool == QLatin1String("desktop-file-validate")) // exits 0 on warnings too, silent when clean
            QVERIFY2(r.out.trimmed().isEmpty() && r.err.trimmed().isEmpty(), qPrintable(describe(r)));
        else // appstreamcli: errors and warnings are lines "E: …" and "W: …"
            QVERIFY2(!r.out.contains(QLatin1String("E: ")) && !r.out.contains(QLatin1String("W: ")),
                qPrintable(describe(r)));
    }
};

QTEST_MAIN(TestInstall)
#include "tst_install.moc"
