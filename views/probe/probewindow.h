// The probe's window (docs/reference/probe.md "In the window"): the plan as a list of checks with their verdicts, a
// progress bar, the exchanges arriving as lanes on the timeline (one lane per key — per check, key and user — each
// answer a marker with its status, the watched table's row as the record's bars), the inspector showing the selected
// exchange whole (Authorization masked as every output masks it), the contract card beside, Cancel, Save as scenario
// (the command line's --record) and Save report (probe@1 JSON, or Markdown for a .md file).
//
// The probe runs on a worker thread of its own (ProbeRunner, blocking and deadline-bound); its callbacks are queued to
// the window, which keeps every exchange and row and draws the timeline again from them. Cancel stops the probe after
// the exchange in flight, whose wait ends within 200 ms; closing the window cancels and waits for the thread.
#pragma once

#include "probedialog.h"

#include <QMainWindow>
#include <QObject>

#include <memory>
#include <thread>
#include <vector>

class QAction;
class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QTextBrowser;
class QTreeWidget;

namespace iw {

class ProbeRunner;
class Selection;
class TimelineView;

class ProbeWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit ProbeWindow(ProbeSetup setup, QWidget* parent = nullptr);
    ~ProbeWindow() override;

    // Starts the probe (once).
    void start();
    bool isRunning() const { return m_worker.joinable() && !m_finished; }
    bool isFinished() const { return m_finished; }
    void cancel();

    // What the probe saw, as it arrived: one entry per exchange, in arrival order.
    struct Exchange {
        ProbeCheck check = ProbeCheck::MissingKey;
        ProbeExchange exchange;
        int lane = -1;
    };
    const std::vector<Exchange>& exchanges() const { return m_exchanges; }
    const std::vector<WatchedRow>& rows() const { return m_rows; }
    // After the probe finished: its result and card (null before, or when it could not start: errorText() says why).
    const ProbeResult* result() const { return m_result.get(); }
    const ProbeCard* card() const { return m_probeCard.get(); }
    QString errorText() const { return m_errorText; }

    // The selected exchange in the inspector (-1: none), as the timeline's selection of its marker does.
    void showExchange(int index);
    int shownExchange() const { return m_shown; }
    // The inspector's text for an exchange: the request and the answer whole, Authorization masked.
    QString exchangeText(int index) const;
    QString cardText() const;

    // Writes the probe@1 JSON report (Markdown when the path ends in .md), or the scenario@1 recording, whole or not
    // at all; an error sentence, empty on success.
    QString saveReportTo(const QString& path) const;
    QString saveScenarioTo(const QString& path) const;

    TimelineView* timeline() const { return m_timeline; }
    QTreeWidget* planView() const { return m_plan; }
    QProgressBar* progressBar() const { return m_progress; }
    QTextBrowser* cardView() const { return m_card; }
    QPlainTextEdit* inspector() const { return m_inspector; }
    QAction* cancelAction() const { return m_cancelAction; }
    QAction* saveScenarioAction() const { return m_saveScenarioAction; }
    QAction* saveReportAction() const { return m_saveReportAction; }

Q_SIGNALS:
    // The probe ended: every check run, cancelled, or stopped (the target unreachable, the watch refused).
    void finished();

protected:
    void changeEvent(QEvent* event) override;
    void closeEvent(QCloseEvent* event) override;

private:
    void retranslate();
    void checkStarted(ProbeCheck check);
    void exchanged(ProbeCheck check, const ProbeExchange& exchange);
    void rowSeen(const WatchedRow& row);
    void done(std::shared_ptr<ProbeResult> result, QString error);
    int laneFor(ProbeCheck check, const ProbeExchange& exchange);
    void rebuildTimeline();
    void updatePlanView();
    void updateStatus();
    void updateCard();
    void saveReportInteractive();
    void saveScenarioInteractive();

    ProbeSetup m_setup;
    ProbePlan m_planned;
    std::shared_ptr<ProbeRunner> m_runner;
    std::thread m_worker;
    bool m_finished = false;
    bool m_cancelled = false;
    std::optional<ProbeCheck> m_current;

    struct Lane {
        ProbeCheck check;
        std::string key;
        std::string actorLabel;
        bool keySent = true;
        QString keyShown;
    };
    std::vector<Lane> m_lanes;
    std::vector<Exchange> m_exchanges;
    std::vector<WatchedRow> m_rows;
    std::unique_ptr<ProbeResult> m_result;
    std::unique_ptr<ProbeCard> m_probeCard;
    QString m_errorText;
    int m_shown = -1;

    Selection* m_selection = nullptr;
    QLabel* m_target = nullptr;
    QLabel* m_status = nullptr;
    QProgressBar* m_progress = nullptr;
    QTreeWidget* m_plan = nullptr;
    TimelineView* m_timeline = nullptr;
    QTextBrowser* m_card = nullptr;
    QPlainTextEdit* m_inspector = nullptr;
    QLabel* m_cardTitle = nullptr;
    QLabel* m_inspectorTitle = nullptr;
    QAction* m_cancelAction = nullptr;
    QAction* m_saveScenarioAction = nullptr;
    QAction* m_saveReportAction = nullptr;
};

// Run → Probe a Service…: owns the action; asks for the target in a ProbeDialog, then opens a ProbeWindow that
// starts at once.
class ProbeLauncher : public QObject {
    Q_OBJECT
public:
    explicit ProbeLauncher(QWidget* window);
    QAction* probeAction() const { return m_action; }
    void retranslate();
    // The dialog, then the window (null when the dialog was cancelled).
    ProbeWindow* showProbe();

private:
    QWidget* m_window = nullptr;
    QAction* m_action = nullptr;
};

} // namespace iw
