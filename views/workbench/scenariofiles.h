// The File menu's scenario and report actions: New scenario, Open scenario…, Save scenario as… (the edited policies
// and every request fired so far) and Export report… (JSON, CSV or Markdown of the run so far), with the folders
// last used remembered per kind. Owns the four actions.
#pragma once

#include "report.h"

#include <QObject>
#include <QString>

class QAction;
class QWidget;

namespace iw {

class RunController;
class ScenarioPanel;

class ScenarioFiles : public QObject {
    Q_OBJECT
public:
    // `window` parents the file dialogs and message boxes.
    ScenarioFiles(RunController* run, ScenarioPanel* panel, QWidget* window);

    // Opens a scenario file; a bad file is reported in a message box and changes nothing.
    void openScenario(const QString& path);
    // Write the running scenario (edited policies and fired requests included) or the report of the run so far;
    // return an error sentence, or an empty string on success. The actions ask for the path and show errors.
    QString saveScenarioTo(const QString& path) const;
    QString exportReportTo(const QString& path, ReportFormat format) const;

    QAction* newAction() const { return m_new; }
    QAction* openAction() const { return m_open; }
    QAction* saveAction() const { return m_save; }
    QAction* exportAction() const { return m_export; }

    void retranslate();

Q_SIGNALS:
    // A sentence for the status bar, shown for `timeoutMs`.
    void message(const QString& text, int timeoutMs);

private:
    void openInteractive();
    void saveInteractive();
    void exportInteractive();

    RunController* m_run;
    ScenarioPanel* m_panel;
    QWidget* m_window;
    QAction* m_new = nullptr;
    QAction* m_open = nullptr;
    QAction* m_save = nullptr;
    QAction* m_export = nullptr;
};

} // namespace iw
