// Run → Explore… (docs/reference/explore.md): the bounds for exploring the scenario the main window holds, the search
// on a worker thread with its figures as they come, Cancel keeping them, the verdict in words, and the shortest
// counterexample handed to the main window (which plays its lesson) or saved as a scenario file.
#pragma once

#include "explore.h"

#include <QDialog>

#include <memory>
#include <optional>
#include <thread>

class QGroupBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace iw {

class RunController;

class ExploreDialog : public QDialog {
    Q_OBJECT
public:
    explicit ExploreDialog(RunController* run, QWidget* parent = nullptr);
    ~ExploreDialog() override;

    bool isRunning() const { return m_worker.joinable(); }
    // Explores the run's scenario as it is now, within the bounds shown; false when a search is already running.
    bool start();
    // Asks the running search to stop; its figures stay and the verdict will read inconclusive.
    void cancel();
    // Closing (Esc, the title bar, Close) while searching cancels the search and waits for it: no thread outlives it.
    void reject() override;

    // The last search's result; null before one finished, or when it failed (errorText() then says why).
    const ExploreResult* result() const { return m_result.get(); }
    // What the dialog shows, as shown.
    QString scenarioSummary() const;
    QString verdictText() const; // the headline ("Violated", …) and the sentences under it
    QString errorText() const;
    QString runsText() const;
    QString statesText() const;
    QString levelText() const;

    // Writes the counterexample as a scenario file, whole or not at all; returns an error sentence, empty on success.
    QString saveCounterexampleTo(const QString& path) const;

    QSpinBox* maxFaultsBox() const { return m_maxFaults; }
    QSpinBox* timeLimitBox() const { return m_timeLimit; }
    QSpinBox* threadsBox() const { return m_threads; }
    QPushButton* startButton() const { return m_startButton; }
    QPushButton* cancelButton() const { return m_cancelButton; }
    QPushButton* openButton() const { return m_openButton; }
    QPushButton* saveButton() const { return m_saveButton; }
    QProgressBar* progressBar() const { return m_progress; }

Q_SIGNALS:
    // The user asked to see the counterexample (result()->counterexample) in the main window.
    void openCounterexample(const iw::Scenario& counterexample);
    // A search ended: by itself, by a bound, by Cancel, or with an error.
    void searchFinished();

protected:
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    struct Search;

    // Every text in the language in use: the static ones, then what the dialog shows now (the scenario, the search
    // running or its verdict) said again.
    void retranslate();
    // The scenario the main window holds and what its explore block allows; a new one resets the max faults. While
    // a search runs, the scenario it explores stays shown.
    void describeScenario(bool newScenario);
    void showProgress(const ExploreProgress& progress);
    // The verdict and details while a search runs (Searching…, Cancelling…) or before the first one.
    void showSearching();
    void finish(const std::shared_ptr<Search>& search);
    void showVerdict();
    QString failureText() const; // why the last search failed, or empty
    // Count phrases in the language's plural forms: "1 fault", "3 faults".
    static QString faults(qint64 n);
    static QString runs(qint64 n);
    static QString events(qint64 n);
    void saveInteractive();
    void syncButtons();
    void fitHeight();
    void stopAndWait();

    RunController* m_run;
    std::shared_ptr<Search> m_search; // the running or last search
    std::thread m_worker;
    std::unique_ptr<ExploreResult> m_result;
    std::string m_exploredName; // the scenario the result is about (the main window may hold another one since)
    std::optional<ExploreProgress> m_lastProgress; // of the running search
    QString m_savedTo; // where the counterexample was saved last (said under the verdict), or empty

    QLabel* m_intro = nullptr;
    QGroupBox* m_boundsBox = nullptr;
    QGroupBox* m_searchBox = nullptr;
    QGroupBox* m_verdictBox = nullptr;
    QLabel* m_maxFaultsLabel = nullptr;
    QLabel* m_timeLimitLabel = nullptr;
    QLabel* m_threadsLabel = nullptr;
    QLabel* m_runsLabel = nullptr;
    QLabel* m_statesLabel = nullptr;
    QLabel* m_levelLabel = nullptr;
    QLabel* m_rateLabel = nullptr;
    QLabel* m_elapsedLabel = nullptr;
    QLabel* m_scenarioLabel = nullptr;
    QLabel* m_allowsLabel = nullptr;
    QSpinBox* m_maxFaults = nullptr;
    QSpinBox* m_timeLimit = nullptr;
    QSpinBox* m_threads = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_runs = nullptr;
    QLabel* m_states = nullptr;
    QLabel* m_level = nullptr;
    QLabel* m_rate = nullptr;
    QLabel* m_elapsed = nullptr;
    QLabel* m_verdict = nullptr;
    QLabel* m_details = nullptr;
    QLabel* m_errorLabel = nullptr;
    QPushButton* m_startButton = nullptr;
    QPushButton* m_cancelButton = nullptr;
    QPushButton* m_openButton = nullptr;
    QPushButton* m_saveButton = nullptr;
    QPushButton* m_closeButton = nullptr;
};

} // namespace iw
