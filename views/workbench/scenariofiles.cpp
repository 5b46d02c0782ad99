// The File menu's scenario and report actions (see scenariofiles.h).
#include "scenariofiles.h"

#include "stdtext.h"

#include "datadir.h"
#include "runcontroller.h"
#include "scenariopanel.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QSettings>
#include <QStyle>
#include <QWidget>

#include <fstream>

namespace iw {

ScenarioFiles::ScenarioFiles(RunController* run, ScenarioPanel* panel, QWidget* window)
    : QObject(window)
    , m_run(run)
    , m_panel(panel)
    , m_window(window)
{
    QStyle* s = window->style();
    m_new = new QAction(s->standardIcon(QStyle::SP_FileIcon), QString(), this);
    m_new->setShortcut(QKeySequence::New);
    connect(m_new, &QAction::triggered, this, [this] {
        m_run->load(blankScenario());
        Q_EMIT message(tr("A blank scenario at t = 0: fire requests from the Scenario panel."), 8000);
    });
    m_open = new QAction(s->standardIcon(QStyle::SP_DialogOpenButton), QString(), this);
    m_open->setShortcut(QKeySequence::Open);
    connect(m_open, &QAction::triggered, this, &ScenarioFiles::openInteractive);
    m_save = new QAction(s->standardIcon(QStyle::SP_DialogSaveButton), QString(), this);
    m_save->setShortcut(QKeySequence::Save);
    connect(m_save, &QAction::triggered, this, &ScenarioFiles::saveInteractive);
    m_export = new QAction(s->standardIcon(QStyle::SP_FileDialogContentsView), QString(), this);
    m_export->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    connect(m_export, &QAction::triggered, this, &ScenarioFiles::exportInteractive);
}

void ScenarioFiles::retranslate()
{
    m_new->setText(tr("&New scenario"));
    m_new->setToolTip(tr("Start from the blank scenario: one client, the ietf profile, nothing fired yet (Ctrl+N)"));
    m_open->setText(tr("&Open scenario…"));
    m_open->setToolTip(tr("Open a scenario file (idempotency-workbench/scenario@1 JSON) (Ctrl+O)"));
    m_save->setText(tr("&Save scenario as…"));
    m_save->setToolTip(
        tr("Save the scenario with the edited policies and every request fired so far, to replay it later (Ctrl+S)"));
    m_export->setText(tr("&Export report…"));
    m_export->setToolTip(tr("Write the report of the run so far as JSON, CSV or Markdown (Ctrl+E)"));
}

void ScenarioFiles::openScenario(const QString& path)
{
    QString error;
    if (!m_panel->openScenarioFile(path, &error))
        QMessageBox::warning(m_window, tr("Cannot open scenario"), error);
}

void ScenarioFiles::openInteractive()
{
    QSettings settings;
    QString dir = settings.value(QStringLiteral("files/scenarioDir")).toString();
    // The first time, an installed workbench opens on its presets to copy (share/idempotency-workbench/scenarios).
    if (const QString data = installedDataDir(); dir.isEmpty() && !data.isEmpty())
        dir = data + QStringLiteral("/scenarios");
    const QString path
        = QFileDialog::getOpenFileName(m_window, tr("Open scenario"), dir, tr("Scenarios (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    settings.setValue(QStringLiteral("files/scenarioDir"), QFileInfo(path).absolutePath());
    openScenario(path);
}

void ScenarioFiles::saveInteractive()
{
    const Scenario& s = m_run->scenario();
    if (s.requests.empty()) {
        QMessageBox::information(m_window, tr("Nothing to save"),
            tr("A scenario file needs at least one request: fire one first, or open a preset."));
        return;
    }
    QSettings settings;
    const QString dir = settings.value(QStringLiteral("files/scenarioDir")).toString();
    const QString suggested = QDir(dir).filePath(fromStd(s.name) + QStringLiteral(".json"));
    const QString path
        = QFileDialog::getSaveFileName(m_window, tr("Save scenario"), suggested, tr("Scenarios (*.json)"));
    if (path.isEmpty())
        return;
    settings.setValue(QStringLiteral("files/scenarioDir"), QFileInfo(path).absolutePath());
    const QString error = saveScenarioTo(path);
    if (!error.isEmpty()) {
        QMessageBox::warning(m_window, tr("Cannot save scenario"), error);
        return;
    }
    Q_EMIT message(tr("Saved the scenario to %1.").arg(path), 8000);
}

QString ScenarioFiles::saveScenarioTo(const QString& path) const
{
    QFile file(path);
    const std::string text = saveScenario(m_run->scenario());
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)
        || file.write(text.data(), qint64(text.size())) != qint64(text.size()))
        return tr("Cannot write %1: %2").arg(path, file.errorString());
    return {};
}

QString ScenarioFiles::exportReportTo(const QString& path, ReportFormat format) const
{
    // The report lists the store's records: not while a call waits for the database.
    if (m_run->isBusy())
        return tr("The store is busy; export once the database has answered.");
    std::ofstream out(QFile::encodeName(path).toStdString(), std::ios::binary | std::ios::trunc);
    if (!out)
        return tr("Cannot write %1.").arg(path);
    try {
        writeReport(m_run->simulation(), out, format);
    } catch (const StoreError& e) {
        return tr("Cannot export the report: the store failed (%1).").arg(fromStd(e.what()));
    }
    out.close();
    if (!out)
        return tr("Writing %1 failed.").arg(path);
    return {};
}

void ScenarioFiles::exportInteractive()
{
    const QString json = tr("JSON report (*.json)");
    const QString csv = tr("CSV requests table and summary (*.csv)");
    const QString markdown = tr("Markdown (*.md)");
    QString filter = json;
    QSettings settings;
    const QString dir = settings.value(QStringLiteral("files/reportDir")).toString();
    const QString suggested = QDir(dir).filePath(fromStd(m_run->scenario().name) + QStringLiteral("-report.json"));
    QString path = QFileDialog::getSaveFileName(m_window, tr("Export report"), suggested,
        QStringList { json, csv, markdown }.join(QStringLiteral(";;")), &filter);
    if (path.isEmpty())
        return;
    settings.setValue(QStringLiteral("files/reportDir"), QFileInfo(path).absolutePath());
    // The extension decides when it names a format; otherwise the chosen filter does.
    const QString suffix = QFileInfo(path).suffix().toLower();
    ReportFormat format = ReportFormat::Json;
    if (suffix == QStringLiteral("csv")
        || (suffix != QStringLiteral("json") && suffix != QStringLiteral("md") && filter == csv))
        format = ReportFormat::Csv;
    else if (suffix == QStringLiteral("md") || (suffix != QStringLiteral("json") && filter == markdown))
        format = ReportFormat::Markdown;
    const QString error = exportReportTo(path, format);
    if (!error.isEmpty()) {
        QMessageBox::warning(m_window, tr("Cannot export report"), error);
        return;
    }
    Q_EMIT message(tr("Exported the report of the run so far to %1.").arg(path), 8000);
}

} // namespace iw
