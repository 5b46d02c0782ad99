// The policy review window (docs/manual/running.md "Policy review"): two to four policies as columns, each a scenario
// whose key service and client fields can be edited in place; a run of all of them over the same seeded faults on a
// worker thread (progress, Cancel keeps what finished); the figures table, charts of time to success, duplicate and
// conflict rates and storage held over time; what differs from the first policy; warnings in the alarm colour;
// the duplicates, each of which opens its intent; Markdown and JSON export.
// The main window opens it through showPolicyReview() (views/workbench/reviewlink.h). One class, one translation
// unit per seam: reviewwindow.cpp (actions, layout, the run, exports), reviewcolumns.cpp (the editors),
// reviewcharts.cpp, reviewnotes.cpp.
#pragma once

#include "review.h"

#include <QColor>
#include <QMainWindow>
#include <QString>

#include <functional>
#include <memory>
#include <optional>
#include <thread>

class QAction;
class QChartView;
class QGridLayout;
class QGroupBox;
class QLabel;
class QMenu;
class QProgressBar;
class QSpinBox;
class QTabWidget;
class QTableView;
class QTableWidget;
class QTextBrowser;
class QTimer;
class QToolBar;

namespace iw {

class ReviewFiguresModel;

class ReviewWindow : public QMainWindow {
    Q_OBJECT
public:
    static constexpr int MinPolicies = 2;
    static constexpr int MaxPolicies = 4;

    // Starts with the built-in review (Stripe-like 24 h, Powertools-like 1 h, 1 h with a tombstone).
    explicit ReviewWindow(QWidget* parent = nullptr);
    ~ReviewWindow() override;

    // Replaces the policies (at most four are kept); `sources` name where each came from (tooltips, errors).
    void setPolicies(std::vector<Scenario> policies, const QStringList& sources = {});
    // Replaces the policies with the example review of a route (routeReviewPolicies in core/review.h), intents as
    // in the files.
    void loadRouteReview();
    // ietf, stripe, express-idempotency and node-idempotency over one traffic (resources/reviews/library-profiles).
    void loadLibraryReview();
    // Adds a scenario file (or a ":/" preset) as one more policy; false with an error sentence when it cannot be
    // read or four policies are already there.
    bool addPolicyFile(const QString& path, QString* error = nullptr);
    bool addPolicy(Scenario policy, const QString& source);
    void removePolicy(int index);
    int policyCount() const { return int(m_policies.size()); }
    // The policy as edited in its column.
    const Scenario& policy(int index) const { return m_policies[std::size_t(index)]; }
    // Changes a policy from code, exactly as its column's editors do (and refreshes them).
    void editPolicy(int index, const std::function<void(Scenario&)>& edit);

    // Intents per policy: every request entry's `repeat` (0: as in the files).
    void setIntents(int intents);
    int intents() const;

    // Starts a review of the policies as edited; false (with the reason in the status bar) when fewer than two
    // policies are there, a run is going on, or a policy cannot be repeated (a literal key with Intents set).
    bool run();
    // Stops the run; policies that had finished keep their figures.
    void cancel();
    bool isRunning() const { return m_worker.joinable(); }
    // How far the current (or last) run of a policy got, in percent of its intents started; 100 when finished.
    int policyProgress(int index) const;

    // The last review shown (nullptr before the first).
    const ReviewResult* result() const { return m_result.get(); }
    // A scenario of just that intent of a policy of the last review (see isolateIntent in core/review.h).
    std::optional<Scenario> intentScenario(int policyIndex, const QString& intentName) const;

    // Write the last review; return an error sentence, or an empty string on success.
    QString exportMarkdownTo(const QString& path) const;
    QString exportJsonTo(const QString& path) const;

    ReviewFiguresModel* figuresModel() const { return m_model; }
    QTableView* figuresView() const { return m_figuresView; }
    QTableWidget* duplicatesView() const { return m_duplicates; }
    QString warningsText() const;
    QString differencesText() const;
    QString statusText() const;
    QAction* runAction() const { return m_runAction; }
    QAction* cancelAction() const { return m_cancelAction; }
    QAction* routeReviewAction() const { return m_routeAction; }
    QAction* libraryReviewAction() const { return m_libraryAction; }

Q_SIGNALS:
    // The user clicked a duplicate: that intent of that policy (index into the last review's policies) deserves a
    // closer look in the main window.
    void openIntent(int policyIndex, const QString& intentName);
    // A review ended (cancelled or not); result() holds it.
    void reviewFinished(bool cancelled);

protected:
    void closeEvent(QCloseEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    struct RunState;
    // Okabe–Ito colours for the policies' columns, lines and notes, in column order.
    static QColor policyColor(int index);
    // What a policy column's progress line says; its words are chosen when shown, in the language then in use.
    struct ColumnProgress {
        enum class Kind { NotRun, Edited, Waiting, Percent, Done, DoneIn, Failed, Cancelled };
        ColumnProgress(Kind k = Kind::NotRun, double v = 0, QString e = {})
            : kind(k)
            , value(v)
            , error(std::move(e))
        {
        }
        Kind kind;
        double value; // Percent: the percentage; DoneIn: the seconds
        QString error; // Failed: the error, as the tooltip
    };

    void createActions();
    void createToolBar();
    QWidget* createCentralView();
    void retranslate();
    // `keepProgress`: the columns are rebuilt for another language, so their progress lines stay.
    void rebuildPolicyColumns(bool keepProgress = false);
    void setColumnProgress(std::size_t index, ColumnProgress progress);
    static QString progressText(const ColumnProgress& progress);
    // The editors of one route hop of policy `index` (docs/reference/routes.md): its TTL, after expiry and tombstone,
    // store errors and key rule, in the grid rows from `firstRow`; they refresh through `refreshers` and change it
    // through `edit`.
    using PolicyEdit = std::function<void(const std::function<void(Scenario&)>&)>;
    void addHopEditors(int index, const std::string& hop, int firstRow, const PolicyEdit& edit,
        std::vector<std::function<void()>>& refreshers);
    void refreshColumn(int index);
    void policyEdited(int index);
    void updateActions();
    void pollProgress();
    void finishRun(std::shared_ptr<ReviewResult> result);
    void showResult();
    void updateCharts();
    void updateNotes();
    void addFilesInteractive();
    void exportInteractive(bool markdown);
    void onFiguresActivated(const QModelIndex& index);
    void onDuplicateClicked(int row);
    // The status line. A sentence of ours is given as a function that words it, so a language switch words it
    // again; a text from elsewhere (an error from core, the system) is shown as it is.
    void setStatus(std::function<QString()> text, bool error = false);
    void setStatus(const QString& text, bool error = false);

    std::vector<Scenario> m_policies;
    QStringList m_sources;
    std::shared_ptr<const ReviewResult> m_result;
    bool m_stale = false; // a policy was edited since the result was computed

    std::thread m_worker;
    std::shared_ptr<RunState> m_state;
    QTimer* m_progressTimer = nullptr;

    ReviewFiguresModel* m_model = nullptr;
    QTableView* m_figuresView = nullptr;
    QWidget* m_columnsHost = nullptr;
    QGridLayout* m_columns = nullptr;
    std::vector<QLabel*> m_columnProgress;
    std::vector<ColumnProgress> m_columnProgressState; // one per column, what m_columnProgress shows
    std::vector<std::function<void()>> m_columnRefresh;
    QLabel* m_banner = nullptr;
    QTabWidget* m_notesTabs = nullptr;
    QTextBrowser* m_differences = nullptr;
    QTableWidget* m_duplicates = nullptr;
    QChartView* m_timeChart = nullptr;
    QChartView* m_rateChart = nullptr;
    QChartView* m_storageChart = nullptr;
    QProgressBar* m_progress = nullptr;
    QSpinBox* m_intents = nullptr;
    QLabel* m_status = nullptr;
    std::function<QString()> m_statusText;
    bool m_statusError = false;
    QToolBar* m_toolBar = nullptr;
    QLabel* m_intentsLabel = nullptr;
    QGroupBox* m_policiesBox = nullptr;
    QGroupBox* m_figuresBox = nullptr;

    QAction* m_runAction = nullptr;
    QAction* m_cancelAction = nullptr;
    QAction* m_addFileAction = nullptr;
    QMenu* m_addPresetMenu = nullptr;
    QAction* m_addPresetAction = nullptr;
    QAction* m_builtinAction = nullptr;
    QAction* m_routeAction = nullptr;
    QAction* m_libraryAction = nullptr; // the library profiles' review (docs/reference/decisions.md#profiles)
    QMenu* m_examplesMenu = nullptr; // the route's and the libraries' reviews
    QAction* m_examplesAction = nullptr;
    QAction* m_exportMarkdownAction = nullptr;
    QAction* m_exportJsonAction = nullptr;
    QAction* m_closeAction = nullptr;
    std::vector<std::pair<QAction*, PresetInfo>> m_presetActions; // Add preset's entries, each with its preset
};

} // namespace iw
