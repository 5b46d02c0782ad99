// The one binary: a command when the arguments name one, the GUI otherwise.
#include "appicon.h"
#include "commandline.h"
#include "conninfooptions.h"
#include "language.h"
#include "mainwindow.h"

#include "printable.h"

#include <QApplication>
#include <QCoreApplication>
#include <QGuiApplication>

#include <cstdio>

int main(int argc, char** argv)
{
    QStringList args;
    for (int i = 1; i < argc; ++i)
        args << QString::fromLocal8Bit(argv[i]);
    // The commands read `args`; what other users see of this process (ps) no longer shows a password.
    iw::hidePasswordsFromProcessList(argc, argv);
    const auto paints = [&args] {
        for (qsizetype i = 1; i < args.size(); ++i) {
            const QString& a = args.at(i);
            if ((a == QLatin1String("--format") && i + 1 < args.size()
                    && (args.at(i + 1) == QLatin1String("svg") || args.at(i + 1) == QLatin1String("png")))
                || a == QLatin1String("--format=svg") || a == QLatin1String("--format=png"))
                return true;
        }
        return false;
    };
    if (args.value(0) == QLatin1String("sequence") && paints()) {
        // SVG and PNG are painted with fonts, which need the graphics system; no window is shown, so no display is.
        qputenv("QT_QPA_PLATFORM", "offscreen");
        QGuiApplication painter(argc, argv);
        QCoreApplication::setApplicationName(QStringLiteral("idempotency-workbench"));
        return iw::runCommandLine(args);
    }
    {
        QCoreApplication probe(argc, argv);
        QCoreApplication::setApplicationName(QStringLiteral("idempotency-workbench"));
        const int code = iw::runCommandLine(args);
        if (code >= 0)
            return code;
    }
    // Qt aborts (after a page of plugin diagnostics) when the xcb platform finds no X server: say it in one sentence
    // before constructing QApplication. Another platform asked for (offscreen, wayland, vnc…) is Qt's to judge.
    if (const QString problem = iw::noDisplayProblem(args); !problem.isEmpty()) {
        std::fputs(iw::printable(problem).toLocal8Bit().constData(), stderr);
        std::fputc('\n', stderr);
        return iw::ExitBadInput;
    }
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("IdempotencyWorkbench"));
    QApplication::setApplicationName(QStringLiteral("Idempotency Workbench"));
    QApplication::setApplicationVersion(QStringLiteral(IW_VERSION));
    // The installed desktop entry (resources/desktop/): Wayland compositors and docks match windows to it.
    QGuiApplication::setDesktopFileName(QStringLiteral("org.idempotencyworkbench.Workbench"));
    QApplication::setWindowIcon(iw::applicationIcon());
    // The GUI speaks the language chosen in View → Language before, else the system locale's (docs/glossary.md).
    iw::language::use(iw::language::startupLanguage());
    iw::MainWindow window;
    if (!args.isEmpty())
        window.openScenario(args.first());
    window.show();
    return app.exec();
}
