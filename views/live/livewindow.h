// The live-database window (docs/manual/running.md "Live database"): a table of a real PostgreSQL database on the same
// timeline and tables as a simulation — records as bars, counts by state, the anomaly list with its rules and an export
// — read only, page by page, and followed live at a chosen interval until the user stops or an error stops it
// ("stopped: <reason>", with Resume). showLiveDatabase() is the one entry point the main window calls.
#pragma once

#include "liveinspector.h"
#include "livewidgets.h"

#include <QMainWindow>

#include <functional>
#include <map>
#include <memory>

class QAction;
class QComboBox;
class QDockWidget;
class QLabel;
class QLineEdit;
class QMenu;
class QSpinBox;
class QTableView;
class QTimer;
class QToolBar;

namespace iw {

class LiveAnomaliesModel;
class LiveKeyChoiceDialog;
class LiveRecordPanel;
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
    // The Record dock: the selected record's row whole, its response body and effects.
    LiveRecordPanel* recordPanel() const { return m_recordPanel; }
    // Open while the user chooses among the scopes holding a key (goToKey), else null.
    LiveKeyChoiceDialog* keyChoiceDialog() const { return m_keyChoice; }
    // How the anomalies are listed: the oldest of each kind first, the newest first, or counted by actor.
    using AnomalyListing = LiveAnomalyListing;
    void setAnomalyListing(AnomalyListing listing);
    AnomalyListing anomalyListing() const;
    // The sweeper's horizon: the counts say how many terminal records expire within it (default 1 h).
    void setDueWithinMs(Millis ms);
    Millis dueWithinMs() const { return m_dueWithinMs; }
    static constexpr double kMinimumLaneHeight = 12;
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
    // As Rules… does: applies them to this table, remembers them for it, and reads the table again.
    void applyRules(const AnomalyThresholds& thresholds);
    bool rulesRemembered() const { return m_rulesRemembered; }
    QString anomalyPanelText() const;
    // The header's warning about naive times read in a session zone that is not UTC, or empty.
    QString zoneWarningText() const;

    // Writes the snapshot on screen (docs/manual/live-tables.md: never a fresh one) — its counts, the anomalies it
    // lists and the page shown — as CSV (anomaliesCsv; a path ending in .json: the report) / as the inspection report
    // in JSON → exportFinished(path, error sentence or empty). A list cut at the rules' limit is exported cut, and the
    // file says so.
    void exportAnomalies(const QString& path);
    void exportReport(const QString& path);

public Q_SLOTS:
    void chooseTable();
    void refresh();
    void firstPage();
    void previousPage();
    void nextPage();
    void lastPage();
    // Finds the record with this idempotency key and shows it with its neighbours in the order chosen.
    void goToKey(const QString& text);
    // Seeks the key order to this value of its first column.
    void goToKeyOrder(const QString& text);
    void goToTime(const QDateTime& utc);
    // Parses the text (parseSeekTime) and seeks there; a text that is no time is said in the status line.
    bool goToTimeText(const QString& text);
    void editRules();
    void exportAnomaliesInteractive();
    void exportReportInteractive();

Q_SIGNALS:
    // A snapshot (counts, anomalies, page) or a page alone has been shown.
    void snapshotShown();
    void pageShown();
    void stoppedShown(const QString& reason);
    // The connection was lost and is being re-established; the Follow button and the status line say so.
    void reconnectingShown();
    void exportFinished(const QString& path, const QString& error);
    // Several scopes hold the key asked for: the chooser is open (keyChoiceDialog()).
    void keyChoicesShown();
    // The Record dock shows a row read whole (or says why it could not).
    void recordShown();

protected:
    void closeEvent(QCloseEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void createActions();
    void createLayout();
    // Every text of the window again, in the language now in use (QEvent::LanguageChange).
    void retranslate();
    void updateWindowTitle();
    void updateTimeCaption();
    void fetch(const LivePageQuery& query);
    void syncFollowOptions();
    void resumeAfterStop();
    void updateFollowAction();
    void onOpened(const QString& table, const QString& mapping);
    void onSnapshot(std::shared_ptr<const LiveSnapshot> snapshot, const QString& notice);
    void onPage(std::shared_ptr<const LivePage> page);
    void onFailed(const QString& sentence);
    void onStopped(const QString& reason);
    void onBusy(bool busy);
    // `newPage`: another position than the one shown (the timeline is fitted to it); else the same page read again.
    void showRecords(const std::vector<LiveRecord>& records, Millis nowMs, bool newPage);
    void showCounts();
    void onReconnecting(const QString& lost);
    // Following, and the read now running has taken longer than the interval: what is shown is stale, and the Follow
    // button and the status line say since when.
    void checkStale();
    // When the snapshot on screen was taken, by the database's clock ("2026-12-01 08:00:03.250 UTC").
    QString shownSnapshotTime() const;
    // The time of day of an instant, for a short line: "08:00:03 UTC".
    static QString clockTime(Millis epochMs);
    static QString stuckLeaseNote(const LiveCounts& c, const AnomalyThresholds& t);
    // The status line: `text` says it (again on a language switch), in the alarm colour when `alarm`.
    void setState(std::function<QString()> text, bool alarm);
    void showState();
    void updatePagingActions();
    void updateSeekHints();
    void startExport(const QString& path, bool json);
    QString askExportPath(bool json);
    void onLocated(const Scope& scope, const LivePageQuery& query);
    void onRecordsCurrentChanged();
    void onSelectionChanged();
    void onAnomalyActivated(const QModelIndex& index);
    void showAnomalyDetail(int row);
    void onKeyChoices(const QString& key, std::shared_ptr<const LiveKeyLookup> lookup);
    // Reads the selected record whole for the Record dock (the page row `row`; -1: none selected).
    void readSelectedRecord(int row, bool fullBody = false);
    // The key-order values of a record of the page shown (its cursor is in the page's order).
    std::vector<std::optional<std::string>> keyOrderValues(const LiveRecord& record) const;

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
    QDockWidget* m_anomaliesDock = nullptr;
    QDockWidget* m_recordDock = nullptr;
    LiveRecordPanel* m_recordPanel = nullptr;
    LiveKeyChoiceDialog* m_keyChoice = nullptr;
    QComboBox* m_anomalyListing = nullptr;
    QLabel* m_anomalyListingLabel = nullptr;
    QLabel* m_zoneWarning = nullptr;
    Millis m_dueWithinMs = 3'600'000;
    std::vector<std::optional<std::string>> m_rowAsked; // the record the Record dock waits for
    QToolBar* m_toolBar = nullptr;
    QToolBar* m_seekBar = nullptr;
    QMenu* m_fileMenu = nullptr;
    QMenu* m_viewMenu = nullptr;
    QMenu* m_goMenu = nullptr;
    QMenu* m_anomaliesMenu = nullptr;
    QComboBox* m_order = nullptr;
    QSpinBox* m_interval = nullptr;
    SeekBar m_seek; // the Go bar's fields and actions (fillSeekBar)
    QAction* m_close = nullptr;

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
    QAction* m_exportReport = nullptr;
    QAction* m_byTime = nullptr;
    QAction* m_byKey = nullptr;

    LiveSnapshotOptions m_options;
    LivePageQuery m_query;
    std::optional<LivePageQuery> m_pendingQuery;
    std::shared_ptr<const LiveSnapshot> m_snapshot;
    LivePage m_page;
    std::optional<Scope> m_selectAfterFetch;
    bool m_interactiveExport = false;
    QTimer* m_staleCheck = nullptr;
    qint64 m_busySince = 0; // the wall clock (ms) when the session began the read now running; 0: none runs
    bool m_overdue = false; // following, and that read has taken longer than the interval
    bool m_rulesRemembered = false;
    bool m_fitAfterFetch = false; // a seek: the timeline spans the found record's life up to now
    bool m_fitNextSnapshot = true; // a table just opened: its first snapshot is fitted
    Millis m_origin = 0; // the timeline's time 0 for the page shown
    bool m_stopped = false;
    bool m_reconnecting = false; // a read lost the connection and is re-establishing it
    bool m_resuming = false; // Resume restored following; its first snapshot is not back yet
    bool m_wantFollow = false; // the user's choice; a stop switches following off, Resume restores it
    bool m_followSync = false; // m_follow is being set from the session, not by the user
    bool m_syncingSelection = false;
    bool m_followStated = false; // updateFollowAction has said what following does (until then: "&Follow")
    qint64 m_requestStarted = 0;
    QString m_openTable; // the table and mapping open (the window title), as the session named them
    QString m_openMapping;
    std::function<QString()> m_stateText; // says the status line in the language in use
    bool m_stateAlarm = false;
    std::function<QString()> m_snapshotState; // the status line of the last snapshot, shown again after a page
};

// Asks for a connection (LiveConnectDialog), then for a table and a mapping (LiveTableDialog), and shows a live
// window for them; returns it (it deletes itself when closed), or nullptr when the user cancelled.
LiveWindow* showLiveDatabase(QWidget* parent);

// A time typed by the user: "2026-12-01 08:00:00 UTC", "2026-12-01 08:00", "2026-12-01T08:00:00Z",
// "2026-12-01T08:00:00+02:00", "2026-12-01" (UTC unless an offset is given). Nullopt with a sentence otherwise.
std::optional<QDateTime> parseSeekTime(const QString& text, QString* error);

} // namespace iw
