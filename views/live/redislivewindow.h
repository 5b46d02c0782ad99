// The live view on a Redis keyspace (docs/manual/stores.md "Live", as `inspect --redis URL --match PATTERN --mapping M`
// reads it): the keys matching a pattern, each read as one record through a Redis mapping, shown as the PostgreSQL live
// view shows a table's rows — the records of a page, the counts by state, the anomalies that apply to keys that expire
// on their own (and the one that does not, with the reason), the keys it could not read — read only (SCAN with COUNT,
// never KEYS), page by page along the scan cursor, and followed at a chosen interval.
//
// As the PostgreSQL window, it draws the page on the timeline (a lane per key: its life so far, lease and expiry
// marked), reads the selected key whole into the Record dock (every field, its expiry, the stored response body),
// takes anomaly rules per keyspace (Rules…, remembered for the URL and pattern) and exports the snapshot on screen
// (the anomalies as CSV, the inspection report as JSON). What has no meaning on a keyspace is said in the window:
// seeking by time or key order and a last page (a scan has no order and only goes forward), the sweeper's horizon
// (Redis deletes expired keys itself) and effects (no business tables beside the keys).
//
// Every read runs on a worker thread of the window's own, so a slow or silent server never freezes it; each wait is
// bounded (connect 10 s, each reply 10 s, a whole scan 60 s) and a failure is one sentence in the status line
// ("stopped: …" while following). Closing the window never waits for the network: a read still running finishes on
// its own thread and is dropped. showLiveRedis() is the entry point the main window calls.
#pragma once

#include "liveanomalies.h"
#include "livemapping.h"

#include <QDialog>
#include <QMainWindow>

#include <functional>
#include <memory>
#include <vector>

class QAction;
class QComboBox;
class QDockWidget;
class QLabel;
class QLineEdit;
class QMenu;
class QSpinBox;
class QTableView;
class QTimer;

namespace iw {

// core/redis's, kept out of this header so the rooms that open the window need not see that room's headers.
struct RedisSnapshot;
struct RedisUrl;
class LiveAnomaliesModel;
class LiveRecordPanel;
class LiveRecordsModel;
class Selection;
class TimelineView;

// Connect to a live Redis…: the URL, the match pattern and the mapping (a Redis preset or a mapping file), each
// checked before the window opens (a URL that does not parse, an unknown preset: one sentence in the dialog).
class RedisLiveConnectDialog : public QDialog {
    Q_OBJECT
public:
    explicit RedisLiveConnectDialog(QWidget* parent = nullptr);
    ~RedisLiveConnectDialog() override;

    void setUrl(const QString& url);
    void setMatch(const QString& match);
    void setMapping(const QString& presetOrFile);
    QString resultText() const;
    // After accept(): what the fields say, checked.
    const RedisUrl& url() const;
    const LiveMapping& mapping() const { return m_mapping; }
    QString match() const;

public Q_SLOTS:
    void accept() override;

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void chooseMappingFile();

    QLabel* m_intro = nullptr;
    QLabel* m_urlLabel = nullptr;
    QLabel* m_matchLabel = nullptr;
    QLabel* m_mappingLabel = nullptr;
    QLineEdit* m_urlEdit = nullptr;
    QLineEdit* m_matchEdit = nullptr;
    QComboBox* m_mappingEdit = nullptr;
    QAction* m_browse = nullptr;
    QLabel* m_result = nullptr;
    std::unique_ptr<RedisUrl> m_url;
    LiveMapping m_mapping;
    QString m_problem;
};

class RedisLiveWindow : public QMainWindow {
    Q_OBJECT
public:
    // Reads the first page at once (on the worker); `match` empty: the mapping's pattern, else "*".
    RedisLiveWindow(const RedisUrl& url, const LiveMapping& mapping, const QString& match, QWidget* parent = nullptr);
    ~RedisLiveWindow() override;

    LiveRecordsModel* recordsModel() const { return m_records; }
    LiveAnomaliesModel* anomaliesModel() const { return m_anomalies; }
    QTableView* recordsView() const { return m_recordsView; }
    QAction* followAction() const { return m_follow; }
    QAction* refreshAction() const { return m_refresh; }
    QAction* firstAction() const { return m_first; }
    QAction* previousAction() const { return m_previous; }
    QAction* nextAction() const { return m_next; }
    QAction* rulesAction() const { return m_rules; }
    QAction* exportAction() const { return m_export; }
    QAction* exportReportAction() const { return m_exportReport; }
    // The page on the timeline: lane i is record i of recordsModel(), as the Selection's scope.
    TimelineView* timeline() const { return m_timeline; }
    Selection* selection() const { return m_selection; }
    // The Record dock: the selected key read whole.
    LiveRecordPanel* recordPanel() const { return m_recordPanel; }
    // What does not apply to a keyspace, as the window says it.
    QString notApplicableText() const;
    AnomalyThresholds thresholds() const { return m_thresholds; }
    // As Rules… does: applies them to this keyspace, remembers them for its URL and pattern, and reads it again.
    void applyRules(const AnomalyThresholds& thresholds);
    // Writes the snapshot on screen — never a fresh one — as CSV (the anomalies; a path ending in .json: the report) /
    // as the inspection report in JSON (what `inspect --redis --format json` writes) → exportFinished().
    void exportAnomalies(const QString& path);
    void exportReport(const QString& path);
    const RedisSnapshot* snapshot() const;
    // The scan cursor the page shown starts at ("0": the first page).
    QString pageCursor() const { return m_cursor; }
    bool isBusy() const { return m_busy; }
    bool isStopped() const { return m_stopped; }
    // The status line, the counts strip and the "not checked" line, as shown (plain text).
    QString stateText() const;
    QString countsText() const;
    QString notCheckedText() const;
    QString unreadableText() const;

    void setPageSize(int records);
    void setScanCount(int count);
    void setFollowIntervalSeconds(int seconds);

public Q_SLOTS:
    void refresh();
    void firstPage();
    void previousPage();
    void nextPage();
    void setFollowing(bool on);
    void editRules();
    void exportAnomaliesInteractive();
    void exportReportInteractive();

Q_SIGNALS:
    void snapshotShown();
    // A read failed: `sentence` says why (also in the status line).
    void failedShown(const QString& sentence);
    // The Record dock shows the selected key read whole (or says why it could not).
    void recordShown();
    void exportFinished(const QString& path, const QString& error);

protected:
    void changeEvent(QEvent* event) override;

private:
    struct Worker;
    void createActions();
    void retranslate();
    void read(const QString& cursor, bool newPage);
    void onSnapshot(std::shared_ptr<const RedisSnapshot> snapshot, bool newPage);
    void onFailed(const QString& sentence);
    void showSnapshotTexts();
    void updateActions();
    void showTimeline(bool newPage);
    void onSelectionChanged();
    // Reads the selected key whole for the Record dock (page row `row`; -1: none selected).
    void readSelectedRecord(int row, bool fullBody = false);
    void startExport(const QString& path, bool json);
    QString rulesKey() const;

    std::unique_ptr<RedisUrl> m_url;
    LiveMapping m_mapping;
    QString m_match;
    std::shared_ptr<Worker> m_worker;
    LiveRecordsModel* m_records = nullptr;
    LiveAnomaliesModel* m_anomalies = nullptr;
    QTableView* m_recordsView = nullptr;
    QTableView* m_anomaliesView = nullptr;
    QLabel* m_header = nullptr;
    QLabel* m_counts = nullptr;
    QLabel* m_notChecked = nullptr;
    QLabel* m_unreadable = nullptr;
    QLabel* m_state = nullptr;
    QSpinBox* m_interval = nullptr;
    QLabel* m_intervalLabel = nullptr;
    QTimer* m_followTimer = nullptr;
    QAction* m_refresh = nullptr;
    QAction* m_follow = nullptr;
    QAction* m_first = nullptr;
    QAction* m_previous = nullptr;
    QAction* m_next = nullptr;
    QAction* m_close = nullptr;
    QAction* m_rules = nullptr;
    QAction* m_export = nullptr;
    QMenu* m_fileMenu = nullptr;
    QMenu* m_anomaliesMenu = nullptr;
    QAction* m_exportReport = nullptr;
    Selection* m_selection = nullptr;
    TimelineView* m_timeline = nullptr;
    QLabel* m_timeCaption = nullptr;
    QLabel* m_notApplicable = nullptr;
    LiveRecordPanel* m_recordPanel = nullptr;
    QDockWidget* m_anomaliesDock = nullptr;
    QDockWidget* m_recordDock = nullptr;
    AnomalyThresholds m_thresholds;
    Millis m_origin = 0; // the timeline's time 0 for the page shown
    QString m_keyAsked; // the key the Record dock waits for
    bool m_syncingSelection = false;
    bool m_interactiveExport = false;
    bool m_rereadWhenDone = false; // rules changed while a read ran: read again when it ends
    std::shared_ptr<const RedisSnapshot> m_snapshot;
    QString m_cursor = QStringLiteral("0"); // where the page shown starts
    std::vector<QString> m_earlier; // the cursors of the pages before it, for Previous
    QString m_asked; // the cursor of the read running
    bool m_askedNewPage = false;
    bool m_busy = false;
    bool m_stopped = false;
    int m_pageSize = 100;
    int m_scanCount = 1000;
    std::function<QString()> m_stateText;
    bool m_stateAlarm = false;
};

// Asks for a Redis (RedisLiveConnectDialog) and shows a window on it; returns it (it deletes itself when closed), or
// nullptr when the user cancelled.
RedisLiveWindow* showLiveRedis(QWidget* parent);

} // namespace iw
