// The live-database window (SPEC §9 "Live database"): a table of a real PostgreSQL database on the same timeline and
// tables as a simulation — records as bars, counts by state, the anomaly list with its rules and an export — read
// only, page by page, and followed live at a chosen interval until the user stops or an error stops it ("stopped:
// <reason>", with Resume). showLiveDatabase() is the one entry point the main window calls.
#pragma once

#include "liveinspector.h"

#include <QMainWindow>

#include <memory>

class QAction;
class QComboBox;
class QDateTimeEdit;
class QLabel;
class QLineEdit;
class QSpinBox;
class QTableView;

namespace iw {

class LiveAnomaliesModel;
class LiveRecordsModel;
class LiveSession;
class Selection;
class TimelineView;

class LiveWindow : public QMainWindow {
    Q_OBJECT
public:
    // Takes an open connection (LiveConnectDialog::takeConnection()).
    explicit LiveWindow(std::unique_ptr<LiveConnection> connection, QWidget* parent = nullptr);
    ~LiveWindow() override;

    // Opens a table with a mapping and takes the first snapshot (the newest rows, by creation time).
    void openTable(const LiveTableRef& table, const QString& tableName, const LiveMapping& mapping);

    LiveSession* session() const { return m_session; }
    TimelineView* timeline() const { return m_timeline; }
    LiveRecordsModel* recordsModel() const { return m_records; }
    LiveAnomaliesModel* anomaliesModel() const { return m_anomalies; }
    QTableView* recordsView() const { return m_recordsView; }
    QTableView* anomaliesView() const { return m_anomaliesView; }
    Selection* selection() const { return m_selection; }
    const LiveSnapshot* snapshot() const { return m_snapshot.get(); }
    const LivePageQuery& pageQuery() const { return m_query; }
    // The status line ("Snapshot at …", "stopped: …") and the counts strip, as shown.
    QString stateText() const;
    QString countsText() const;
    bool isStopped() const { return m_stopped; }

    QAction* followAction() const { return m_follow; }
    QAction* refreshAction() const { return m_refresh; }
    QAction* resumeAction() const { return m_resume; }
    void setFollowIntervalSeconds(int seconds);
    AnomalyThresholds thresholds() const { return m_options.thresholds; }
    void setThresholds(const AnomalyThresholds& thresholds);

    // Writes the inspection report (.json) or the listed anomalies (.csv). Returns an error sentence or empty.
    QString exportAnomalies(const QString& path) const;

public Q_SLOTS:
    void chooseTable();
    void refresh();
    void firstPage();
    void previousPage();
    void nextPage();
    void lastPage();
    void goToKey(const QString& text);
    void goToTime(const QDateTime& utc);
    void editRules();
    void exportAnomaliesInteractive();

Q_SIGNALS:
    // A snapshot (counts, anomalies, page) or a page alone has been shown.
    void snapshotShown();
    void pageShown();
    void stoppedShown(const QString& reason);

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void createActions();
    void createLayout();
    void fetch(const LivePageQuery& query);
    void syncFollowOptions();
    void onOpened(const QString& table, const QString& mapping);
    void onSnapshot(std::shared_ptr<const LiveSnapshot> snapshot, const QString& notice);
    void onPage(std::shared_ptr<const LivePage> page);
    void onFailed(const QString& sentence);
    void onStopped(const QString& reason);
    void onBusy(bool busy);
    void showRecords(const std::vector<LiveRecord>& records, Millis nowMs);
    void showCounts();
    void setState(const QString& text, bool alarm);
    void updatePagingActions();
    void onRecordsCurrentChanged();
    void onSelectionChanged();
    void onAnomalyActivated(const QModelIndex& index);
    void showAnomalyDetail(int row);

    LiveSession* m_session = nullptr;
    Selection* m_selection = nullptr;
    TimelineView* m_timeline = nullptr;
    LiveRecordsModel* m_records = nullptr;
    LiveAnomaliesModel* m_anomalies = nullptr;
    QTableView* m_recordsView = nullptr;
    QTableView* m_anomaliesView = nullptr;
    QLabel* m_header = nullptr;
    QLabel* m_counts = nullptr;
    QLabel* m_timeCaption = nullptr;
    QLabel* m_anomalyCounts = nullptr;
    QLabel* m_anomalyDetail = nullptr;
    QLabel* m_state = nullptr;
    QLabel* m_endpoint = nullptr;
    QLabel* m_busy = nullptr;
    QComboBox* m_order = nullptr;
    QSpinBox* m_interval = nullptr;
    QLineEdit* m_seekKey = nullptr;
    QDateTimeEdit* m_seekTime = nullptr;

    QAction* m_chooseTable = nullptr;
    QAction* m_refresh = nullptr;
    QAction* m_follow = nullptr;
    QAction* m_resume = nullptr;
    QAction* m_cancel = nullptr;
    QAction* m_first = nullptr;
    QAction* m_previous = nullptr;
    QAction* m_next = nullptr;
    QAction* m_last = nullptr;
    QAction* m_rules = nullptr;
    QAction* m_export = nullptr;

    LiveSnapshotOptions m_options;
    LivePageQuery m_query;
    std::optional<LivePageQuery> m_pendingQuery;
    std::shared_ptr<const LiveSnapshot> m_snapshot;
    LivePage m_page;
    std::optional<Scope> m_selectAfterFetch;
    bool m_stopped = false;
    bool m_syncingSelection = false;
    qint64 m_requestStarted = 0;
};

// Asks for a connection (LiveConnectDialog), then for a table and a mapping (LiveTableDialog), and shows a live
// window for them; returns it (it deletes itself when closed), or nullptr when the user cancelled.
LiveWindow* showLiveDatabase(QWidget* parent);

} // namespace iw
