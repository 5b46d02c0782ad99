// The evidence window (File → Open Evidence…, issue 47): an incident rebuilt from its evidence — every exchange on
// the timeline at its real instant (UTC), the violations listed as the live view lists its anomalies (N jumps to the
// next), the inspector showing the raw log line, HAR entry or span of what is selected with its file:line, Replay as
// Scenario (the incident as a scenario, opened in the workbench) and Save Report (reconstruct@1). Reading runs on a
// thread of its own with progress and Cancel.
#pragma once

#include "evidenceload.h"
#include "evidencetimeline.h"
#include "scenario.h"

#include <QMainWindow>

#include <atomic>
#include <memory>

class QAction;
class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QTableView;

namespace iw {

class Selection;
class TimelineView;
class ViolationsModel;

class EvidenceWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit EvidenceWindow(QWidget* parent = nullptr);
    ~EvidenceWindow() override;

    // Starts reading `request` (the previous evidence stays shown until the new one is read); false while reading.
    bool open(const EvidenceRequest& request);
    bool isReading() const;
    void cancelReading();
    // What is shown, or null before anything was read.
    std::shared_ptr<const EvidenceLoad> load() const { return m_load; }

    // Writes reconstruct@1 whole or not at all; an error sentence, empty on success.
    QString saveReportTo(const QString& path) const;
    // The incident as a scenario; false (with `why`) when no exchange can be replayed.
    bool incidentAsScenario(Scenario& out, QString& why) const;

    // Selects the violation after the one selected (the first after the last), its exchange on the timeline.
    void nextViolation();
    void selectViolation(int row);
    int currentViolation() const;

    QAction* openAction() const { return m_openAction; }
    QAction* saveReportAction() const { return m_saveReportAction; }
    QAction* replayAction() const { return m_replayAction; }
    QAction* nextViolationAction() const;
    TimelineView* timeline() const { return m_timeline; }
    Selection* selection() const { return m_selection; }
    QTableView* violationsView() const { return m_violationsView; }
    QString inspectorTitle() const;
    QString inspectorText() const;
    QString summaryText() const;
    QString progressText() const;

public Q_SLOTS:
    void openInteractive();
    void saveReportInteractive();
    void replayInteractive();

Q_SIGNALS:
    // The user asked to see the incident as a scenario in the workbench.
    void replayScenario(const iw::Scenario& scenario);
    // A reading ended: shown (true), or failed or cancelled (false; the previous evidence stays).
    void readingFinished(bool shown);
    // The inspector shows its raw evidence (read from the file off the GUI thread).
    void inspectorShown();

protected:
    void changeEvent(QEvent* event) override;
    void closeEvent(QCloseEvent* event) override;

private:
    void retranslate();
    void showLoad(std::shared_ptr<EvidenceLoad> load);
    void showProgress(const ReconstructProgress& progress);
    void showSummary();
    void syncActions();
    void onSelectionChanged();
    void showRawEvidence(int exchange);

    std::unique_ptr<EvidenceLoader> m_loader;
    std::shared_ptr<const EvidenceLoad> m_load;
    EvidenceTimeline m_lanes;
    EvidenceRequest m_lastRequest;
    Selection* m_selection = nullptr;
    TimelineView* m_timeline = nullptr;
    ViolationsModel* m_violations = nullptr;
    QTableView* m_violationsView = nullptr;
    QLabel* m_summary = nullptr;
    QLabel* m_violationsLabel = nullptr;
    QLabel* m_inspectorLabel = nullptr;
    QPlainTextEdit* m_inspector = nullptr;
    QWidget* m_progressRow = nullptr;
    QLabel* m_progressLabel = nullptr;
    QProgressBar* m_progress = nullptr;
    QPushButton* m_cancel = nullptr;
    QAction* m_openAction = nullptr;
    QAction* m_saveReportAction = nullptr;
    QAction* m_replayAction = nullptr;
    QAction* m_closeAction = nullptr;
    QMenu* m_fileMenu = nullptr;
    QMenu* m_violationsMenu = nullptr;
    QMenu* m_timelineMenu = nullptr;
    QToolBar* m_toolBar = nullptr;
    ReconstructProgress m_lastProgress;
    QString m_failure; // the last reading's error, shown until the next
    int m_inspectorGeneration = 0;
    std::shared_ptr<std::atomic<bool>> m_inspectorCancel;
    int m_shownExchange = -1;
    QString m_inspectorTitle;
};

} // namespace iw
