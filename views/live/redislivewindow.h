// The live view on a Redis keyspace (docs/manual/stores.md "Live", as `inspect --redis URL --match PATTERN --mapping M`
// reads it): the keys matching a pattern, each read as one record through a Redis mapping, shown as the PostgreSQL live
// view shows a table's rows — the records of a page, the counts by state, the anomalies that apply to keys that expire
// on their own (and the one that does not, with the reason), the keys it could not read — read only (SCAN with COUNT,
// never KEYS), page by page along the scan cursor, and followed at a chosen interval.
//
// The window is a CursorLiveWindow (shared with the MySQL table's view): as the PostgreSQL window, it draws the page on
// the timeline (a lane per key: its life so far, lease and expiry marked), reads the selected key whole into the Record
// dock (every field, its expiry, the stored response body), takes anomaly rules per keyspace (Rules…, remembered for
// the URL and pattern) and exports the snapshot on screen (the anomalies as CSV, the inspection report as JSON). What
// has no meaning on a keyspace is said in the window: seeking by time or key order and a last page (a scan has no order
// and only goes forward), the sweeper's horizon (Redis deletes expired keys itself) and effects (no business tables
// beside the keys).
//
// Every read runs on a worker thread of the window's own, so a slow or silent server never freezes it; each wait is
// bounded (connect 10 s, each reply 10 s, a whole scan 60 s) and a failure is one sentence in the status line
// ("stopped: …" while following). Closing the window never waits for the network: a read still running finishes on
// its own thread and is dropped. showLiveRedis() is the entry point the main window calls.
#pragma once

#include "cursorliveconnectdialog.h"
#include "cursorlivewindow.h"
#include "liveanomalies.h"
#include "livemapping.h"

#include <atomic>
#include <memory>

class QLabel;
class QLineEdit;

namespace iw {

// core/redis's, kept out of this header so the rooms that open the window need not see that room's headers.
struct RedisSnapshot;
struct RedisUrl;

// Connect to a live Redis…: the URL, the match pattern and the mapping (a Redis preset or a mapping file), each
// checked before the window opens (a URL that does not parse, an unknown preset: one sentence in the dialog).
class RedisLiveConnectDialog : public CursorLiveConnectDialog {
    Q_OBJECT
public:
    explicit RedisLiveConnectDialog(QWidget* parent = nullptr);
    ~RedisLiveConnectDialog() override;

    void setUrl(const QString& url);
    void setMatch(const QString& match);
    // After accept(): what the fields say, checked.
    const RedisUrl& url() const;
    QString match() const;

public Q_SLOTS:
    void accept() override;

protected:
    void retranslate() override;

private:
    QLabel* m_urlLabel = nullptr;
    QLabel* m_matchLabel = nullptr;
    QLineEdit* m_urlEdit = nullptr;
    QLineEdit* m_matchEdit = nullptr;
    std::unique_ptr<RedisUrl> m_url;
};

class RedisLiveWindow : public CursorLiveWindow {
    Q_OBJECT
public:
    // Reads the first page at once (on the worker); `match` empty: the mapping's pattern, else "*".
    RedisLiveWindow(const RedisUrl& url, const LiveMapping& mapping, const QString& match, QWidget* parent = nullptr);
    ~RedisLiveWindow() override;

    QString notApplicableText() const override;
    const RedisSnapshot* snapshot() const;
    void setScanCount(int count);

protected:
    QString firstCursor() const override;
    QString rulesScope() const override;
    QString rulesKey() const override;
    QString titleText() const override;
    QString headerText() const override;
    QString readingText() const override;
    QString countsLine(const CursorLivePage& page) const override;
    QString notCheckedLine(const CursorLivePage& page) const override;
    QString extraLine(const CursorLivePage& page) const override;
    QString stateLine(const CursorLivePage& page, const QString& cursor) const override;
    QString timeCaption(int records, Millis originMs, Millis nowMs) const override;
    QString selectPrompt() const override;
    QString readingRecordText() const override;
    bool kindApplies(LiveAnomalyKind kind) const override;
    QString notApplicableReason(LiveAnomalyKind kind) const override;
    std::string reportJson(const CursorLivePage& page) const override;
    Tips tips() const override;

private:
    class Source;
    std::unique_ptr<RedisUrl> m_url;
    QString m_match;
    std::shared_ptr<std::atomic<int>> m_scanCount;
};

// Asks for a Redis (RedisLiveConnectDialog) and shows a window on it; returns it (it deletes itself when closed), or
// nullptr when the user cancelled.
RedisLiveWindow* showLiveRedis(QWidget* parent);

} // namespace iw
