// The workbench's main window (placeholder until the window issue lands).
#include "mainwindow.h"

namespace iw {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
{
    setWindowTitle(tr("Idempotency Workbench"));
    resize(1280, 800);
}

void MainWindow::openScenario(const QString& path)
{
    setWindowTitle(tr("Idempotency Workbench — %1").arg(path));
}

} // namespace iw
