// The live view of a source read page by page along a cursor that only goes forward — a Redis keyspace (the SCAN
// cursor), a MySQL table (the key order's values of a page's last row) — as the PostgreSQL live view shows a table:
// the records of a page, the counts by state, the anomalies (and those that do not apply, with the reason), read only,
// page by page (Previous goes back along the cursors already read), followed at a chosen interval. An engine that can
// read other orders — a MySQL table by creation time, oldest or newest first — and list its anomalies newest first or
// per actor offers those choices (offersChoices()); its source reads what the choice says. An engine that can seek — a
// MySQL table — offers the PostgreSQL view's Go bar (offersSeeking()): to an idempotency key (the record among its
// neighbours; when several actors hold it, the user chooses), to a value of the key order, to a time, and the last
// page; and one that can count what the sweeper removes next offers its horizon in Rules… and the counts
// (offersSweeperHorizon()). A seek is a position like any cursor: the engine writes it (lastCursor(), …) and its source
// reads it, so Refresh, Follow and Previous read it again as they read a page.
//
// What the engines share lives here once: the layout, the timeline (a lane per record: its life so far, lease and
// expiry marked), the Record dock (the selected record read whole), Rules… (remembered per source), the exports of
// the snapshot on screen (anomalies as CSV, the inspection report as JSON), Follow, and the worker thread every read
// runs on, so a slow or silent server never freezes the window; closing it never waits for the network (a read still
// running finishes on its own thread and is dropped). An engine's window says what is its own: how to read a page and
// a record (a CursorLiveSource, made on the window's thread and used only on the worker's), and its texts.
#pragma once

#include "liveanomalies.h"
#include "liveinspector.h"
#include "livemapping.h"
#include "livewidgets.h"

#include <QMainWindow>

#include <functional>
#include <memory>
#include <vector>

class QAction;
class QComboBox;
class QDockWidget;
class QLabel;
class QMenu;
class QLineEdit;
class QSpinBox;
class QTableView;
class QTimer;
class QToolBar;

namespace iw {

class LiveAnomaliesModel;
class LiveKeyChoiceDialog;
class LiveRecordPanel;
class LiveRecordsModel;
class Selection;
class TimelineView;

// A page as an engine read it: the live snapshot and the cursor of the next page (`lastPage`: none).
struct CursorLivePage {
    virtual ~CursorLivePage() = default;
    virtual const LiveSnapshot& live() const = 0;
    virtual QString nextCursor() const = 0;
    virtual bool lastPage() const = 0;
};

// What the pages are read in and how the anomalies are listed, as the window's choices say (an engine that offers no
// choice reads its one order and lists the oldest anomalies of each kind first).
struct CursorLiveChoice {
    LiveOrder order = LiveOrder::ByKey;
    bool newestFirst = false; // by time, from the newest backwards: the next page holds older records
    LiveAnomalyListing listing = LiveAnomalyListing::Oldest;
    bool operator==(const CursorLiveChoice&) const = default;
};

// What reads the source, on the window's worker thread only. Each call may throw LiveError; a connection is opened
// on first use and dropped by reset() (the next call opens a new one).
class CursorLiveSource {
public:
    virtual ~CursorLiveSource() = default;
    // `dueWithinMs`: also count what the sweeper removes within it (offersSweeperHorizon()).
    virtual std::shared_ptr<const CursorLivePage> read(const QString& cursor, const CursorLiveChoice& choice,
        const AnomalyThresholds& thresholds, int pageSize, std::optional<Millis> dueWithinMs)
        = 0;
    // Every record holding this idempotency key, for Go to key (asked only of an engine that offers seeking).
    virtual LiveKeyLookup findKey(const std::string& key, const AnomalyThresholds& thresholds);
    // The record whole for the Record dock (`record` as the page classified it).
    virtual LiveKeyRow readRecord(const LiveRecord& record, bool fullBody) = 0;
    virtual void reset() = 0;
};

class CursorLiveWindow : public QMainWindow {
    Q_OBJECT
public:
    ~CursorLiveWindow() override;

    LiveRecordsModel* recordsModel() const { return m_records; }
    LiveAnomaliesModel* anomaliesModel() const { return m_anomalies; }
    QTableView* recordsView() const { return m_recordsView; }
    QAction* followAction() const { return m_follow; }
    QAction* refreshAction() const { return m_refresh; }
    QAction* firstAction() const { return m_first; }
    QAction* previousAction() const { return m_previous; }
    QAction* nextAction() const { return m_next; }
    QAction* lastAction() const { return m_last; }
    // The Go bar (offersSeeking(); else hidden): what Go to compares with, the value, the time.
    QToolBar* seekBar() const { return m_seekBar; }
    QComboBox* seekModeBox() const { return m_seek.mode; }
    QLineEdit* seekKeyField() const { return m_seek.key; }
    QLineEdit* seekTimeField() const { return m_seek.time; }
    QAction* goToTimeAction() const { return m_seek.goTime; }
    // Open while the user chooses among the records holding the key asked for (goToKey), else null.
    LiveKeyChoiceDialog* keyChoiceDialog() const { return m_keyChoice; }
    // The sweeper's horizon (offersSweeperHorizon()): the counts say how many terminal records expire within it.
    Millis dueWithinMs() const { return m_dueWithinMs; }
    void setDueWithinMs(Millis ms);
    QAction* rulesAction() const { return m_rules; }
    QAction* exportAction() const { return m_export; }
    QAction* exportReportAction() const { return m_exportReport; }
    // The order and the listing chosen (offersChoices(): the boxes in the tool bar and the anomalies dock; else
    // hidden), as the page shown was read.
    QComboBox* orderBox() const { return m_orderBox; }
    QComboBox* listingBox() const { return m_listingBox; }
    const CursorLiveChoice& choice() const { return m_choice; }
    // As the boxes do: reads the first page in that order / the page shown again with the anomalies listed so.
    void setOrder(LiveOrder order, bool newestFirst = false);
    void setAnomalyListing(LiveAnomalyListing listing);
    // The anomalies counted per actor (listing by actor) and the anomaly clicked with its effects, as shown (plain).
    QString anomalyPanelText() const;
    QString anomalyDetailText() const;
    // As clicking row `row` of the anomalies does: says why it is listed, with its effects, and selects its record
    // when it is on the page.
    void showAnomaly(int row);
    // The page on the timeline: lane i is record i of recordsModel(), as the Selection's scope.
    TimelineView* timeline() const { return m_timeline; }
    Selection* selection() const { return m_selection; }
    // The Record dock: the selected record read whole.
    LiveRecordPanel* recordPanel() const { return m_recordPanel; }
    // What does not apply to this source, as the window says it.
    virtual QString notApplicableText() const = 0;
    AnomalyThresholds thresholds() const { return m_thresholds; }
    // As Rules… does: applies them to this source, remembers them for it, and reads it again.
    void applyRules(const AnomalyThresholds& thresholds);
    // Writes the snapshot on screen — never a fresh one — as CSV (the anomalies; a path ending in .json: the report) /
    // as the inspection report in JSON (what `inspect … --json` writes) → exportFinished().
    void exportAnomalies(const QString& path);
    void exportReport(const QString& path);
    // The cursor the page shown starts at (firstCursor(): the first page).
    QString pageCursor() const { return m_cursor; }
    bool isBusy() const { return m_busy; }
    bool isStopped() const { return m_stopped; }
    // The status line, the counts strip and the "not checked" line, as shown (plain text).
    QString stateText() const;
    QString countsText() const;
    QString notCheckedText() const;
    QString unreadableText() const;

    void setPageSize(int records);
    void setFollowIntervalSeconds(int seconds);

public Q_SLOTS:
    void refresh();
    void firstPage();
    void previousPage();
    void nextPage();
    // The end of the order chosen (newest first: its oldest records).
    void lastPage();
    // Go to key: the record with this idempotency key among its neighbours in the order chosen; several actors
    // holding it: the user chooses (keyChoiceDialog()). Go to a key-order value: the key order from this value of its
    // first column. Go to time: the time order from the records created at or after this instant (typed: as the
    // PostgreSQL view reads it, UTC unless an offset is given; a text that is no time is said in the status line).
    void goToKey(const QString& text);
    void goToKeyOrder(const QString& text);
    void goToTime(Millis atMs);
    bool goToTimeText(const QString& text);
    void setFollowing(bool on);
    void editRules();
    void exportAnomaliesInteractive();
    void exportReportInteractive();

Q_SIGNALS:
    void snapshotShown();
    // A read failed: `sentence` says why (also in the status line).
    void failedShown(const QString& sentence);
    // The Record dock shows the selected record read whole (or says why it could not).
    void recordShown();
    // Several records hold the key asked for: the chooser is open (keyChoiceDialog()).
    void keyChoicesShown();
    void exportFinished(const QString& path, const QString& error);

protected:
    // `where`: the server, without its password (rules are remembered for it and rulesScope()).
    CursorLiveWindow(const QString& where, const LiveMapping& mapping, QWidget* parent);
    // Called by the engine's constructor once it can answer the hooks below: the worker starts, the first page is read.
    void start(std::unique_ptr<CursorLiveSource> source);
    void changeEvent(QEvent* event) override;
    const CursorLivePage* shownPage() const { return m_page.get(); }
    const QString& where() const { return m_where; }
    const LiveMapping& mapping() const { return m_mapping; }

    // The engine's own: cursors and texts (in the language in use).
    virtual QString firstCursor() const = 0;
    virtual QString rulesScope() const = 0; // "keys matching …", "table …": what Rules… apply to, as shown
    // What Rules… are remembered under: the same in every language (rulesScope() is translated, so rules remembered
    // under it in one language were not found in another).
    virtual QString rulesKey() const = 0;
    virtual QString titleText() const = 0;
    virtual QString headerText() const = 0; // rich text
    virtual QString readingText() const = 0; // while the first page is read
    virtual QString countsLine(const CursorLivePage& page) const = 0; // rich text; the anomaly counts after it
    virtual QString notCheckedLine(const CursorLivePage& page) const = 0;
    virtual QString extraLine(const CursorLivePage& page) const; // below the records (unreadable keys); none
    virtual QString stateLine(const CursorLivePage& page, const QString& cursor) const = 0;
    virtual QString timeCaption(int records, Millis originMs, Millis nowMs) const = 0;
    virtual QString selectPrompt() const = 0; // the Record dock with nothing selected
    virtual QString readingRecordText() const = 0;
    virtual bool kindApplies(LiveAnomalyKind kind) const = 0;
    // Whether the source reads the other orders and listings (CursorLiveChoice); none: false.
    virtual bool offersChoices() const;
    // Whether it seeks (the Go bar, Last page) and counts the sweeper's horizon; none: false. An engine that seeks
    // writes the positions its source reads: the end of the order, the key order from a value, the time order from an
    // instant, a record (found by Go to key) among its neighbours.
    virtual bool offersSeeking() const;
    virtual bool offersSweeperHorizon() const;
    virtual QString lastCursor() const;
    virtual QString keyOrderCursor(const QString& value) const;
    virtual QString timeCursor(Millis atMs) const;
    virtual QString recordCursor(const QString& key, const LiveKeyRow& row) const;
    // The columns Go to compares with: the idempotency key's ("idem_key") and the key order's.
    virtual QString keyColumnsText() const;
    virtual QStringList keyOrderColumns() const;
    // No record holds the key (in the language in use).
    virtual QString keyNotFoundText(const QString& key) const;
    virtual QString notApplicableReason(LiveAnomalyKind kind) const = 0;
    virtual std::string reportJson(const CursorLivePage& page) const = 0;
    // The tooltips of the actions whose meaning depends on the cursor.
    struct Tips {
        QString refresh, follow, first, previous, next, rules, exportReport;
    };
    virtual Tips tips() const = 0;
    void retranslate();

private:
    struct Worker;
    void createActions();
    void read(const QString& cursor, bool newPage);
    void read(const QString& cursor, const CursorLiveChoice& choice, bool newPage);
    // The boxes show the choice of the page shown again (a read with another failed).
    void showChoice();
    void onPage(std::shared_ptr<const CursorLivePage> page, bool newPage);
    void onFailed(const QString& sentence);
    void showSnapshotTexts();
    void updateActions();
    void showTimeline(bool newPage);
    void showTimeCaption();
    void onSelectionChanged();
    // Reads the selected record whole for the Record dock (page row `row`; -1: none selected).
    void readSelectedRecord(int row, bool fullBody = false);
    void startExport(const QString& path, bool json);
    void updateSeekHints();
    void showKeyChoices(const QString& key, std::shared_ptr<const LiveKeyLookup> lookup);
    void onSeekFailed(const std::function<QString()>& sentence);

    QString m_where;
    LiveMapping m_mapping;
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
    QAction* m_last = nullptr;
    QToolBar* m_seekBar = nullptr;
    SeekBar m_seek; // the Go bar's fields and actions (fillSeekBar)
    LiveKeyChoiceDialog* m_keyChoice = nullptr;
    std::optional<std::vector<std::optional<std::string>>> m_selectAfterRead; // the record Go to key found
    Millis m_dueWithinMs = 3'600'000;
    QAction* m_close = nullptr;
    QAction* m_rules = nullptr;
    QAction* m_export = nullptr;
    QMenu* m_fileMenu = nullptr;
    QMenu* m_goMenu = nullptr;
    QMenu* m_anomaliesMenu = nullptr;
    QAction* m_exportReport = nullptr;
    Selection* m_selection = nullptr;
    TimelineView* m_timeline = nullptr;
    QLabel* m_timeCaption = nullptr;
    QLabel* m_notApplicable = nullptr;
    LiveRecordPanel* m_recordPanel = nullptr;
    QDockWidget* m_anomaliesDock = nullptr;
    QComboBox* m_orderBox = nullptr;
    QAction* m_orderBoxAction = nullptr; // the box in the tool bar, hidden when the engine offers no choice
    QWidget* m_listingRow = nullptr;
    QLabel* m_listingLabel = nullptr;
    QComboBox* m_listingBox = nullptr;
    QLabel* m_byActor = nullptr;
    QLabel* m_anomalyDetail = nullptr;
    int m_anomalyShown = -1; // the anomaly the detail says, a row of anomaliesModel()
    CursorLiveChoice m_choice; // the page shown's
    CursorLiveChoice m_askedChoice; // the read running's
    QDockWidget* m_recordDock = nullptr;
    AnomalyThresholds m_thresholds;
    Millis m_origin = 0; // the timeline's time 0 for the page shown
    std::vector<std::optional<std::string>> m_recordAsked; // the record the Record dock waits for
    bool m_syncingSelection = false;
    bool m_interactiveExport = false;
    bool m_rereadWhenDone = false; // rules changed while a read ran: read again when it ends
    std::shared_ptr<const CursorLivePage> m_page;
    QString m_cursor; // where the page shown starts
    std::vector<QString> m_earlier; // the cursors of the pages before it, for Previous
    QString m_asked; // the cursor of the read running
    bool m_askedNewPage = false;
    bool m_busy = false;
    bool m_stopped = false;
    int m_pageSize = 100;
    std::function<QString()> m_stateText;
    bool m_stateAlarm = false;
};

} // namespace iw
