// The workbench's main window.
#pragma once

#include <QMainWindow>

namespace iw {

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    void openScenario(const QString& path);
};

} // namespace iw
