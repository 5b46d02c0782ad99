// The one binary: a command when the arguments name one, the GUI otherwise.
#include "appicon.h"
#include "commandline.h"
#include "mainwindow.h"

#include <QApplication>
#include <QCoreApplication>

int main(int argc, char** argv)
{
    QStringList args;
    for (int i = 1; i < argc; ++i)
        args << QString::fromLocal8Bit(argv[i]);
    {
        QCoreApplication probe(argc, argv);
        QCoreApplication::setApplicationName(QStringLiteral("idempotency-workbench"));
        const int code = iw::runCommandLine(args);
        if (code >= 0)
            return code;
    }
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("IdempotencyWorkbench"));
    QApplication::setApplicationName(QStringLiteral("Idempotency Workbench"));
    QApplication::setApplicationVersion(QStringLiteral(IW_VERSION));
    // The installed desktop entry (resources/desktop/): Wayland compositors and docks match windows to it.
    QGuiApplication::setDesktopFileName(QStringLiteral("org.idempotencyworkbench.Workbench"));
    QApplication::setWindowIcon(iw::applicationIcon());
    iw::MainWindow window;
    if (!args.isEmpty())
        window.openScenario(args.first());
    window.show();
    return app.exec();
}
