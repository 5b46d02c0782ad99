// The live view on a MySQL/MariaDB idempotency table (docs/manual/live-tables.md "MySQL and MariaDB", as `inspect
// --mysql --conninfo … --table T --mapping M` reads it): the rows through a mapping, the counts by state and every
// anomaly rule (each row is read whole, so all of them apply), read only — one START TRANSACTION READ ONLY per
// snapshot, ended before the window shows it — page by page (a page's cursor is its last row's values of the page
// order), followed at a chosen interval.
//
// It is a CursorLiveWindow, as the Redis keyspace's view is: the timeline of the page, the Record dock (the selected
// row read whole: every column, the stored response body and, when the mapping names them, its effects), Rules…
// (remembered for the server and table), the exports of the snapshot on screen (anomalies as CSV, the report inspect
// --mysql --json prints). It offers what inspect --mysql offers: pages by key, by creation time or the newest first
// (--order key|time|newest; Previous goes back along the pages already read), anomalies listed newest first or counted
// per actor (--by actor), a regenerated key's effects beside its anomaly, the Go bar (to an idempotency key, a
// key-order value or a time, and the last page: inspect --mysql --go-to-key, --go-to-key-order, --go-to-time,
// --last-page) and the sweeper's horizon (--due-within) in Rules… and the counts. What the PostgreSQL window has and
// this one does not is said in the window. showLiveMysql() is the entry point the main window calls.
#pragma once

#include "cursorliveconnectdialog.h"
#include "cursorlivewindow.h"
#include "livemapping.h"

#include <memory>

class QLabel;
class QLineEdit;
class QSpinBox;

namespace iw {

// core/mysql's, kept out of this header so the rooms that open the window need not see that room's headers.
struct MysqlConninfo;
struct MysqlSnapshot;

// Connect to a live MySQL table…: the server (host, port, user, password — used for this window only, never saved —,
// database), the table and the mapping (a preset or a mapping file), each checked before the window opens.
class MysqlLiveConnectDialog : public CursorLiveConnectDialog {
    Q_OBJECT
public:
    explicit MysqlLiveConnectDialog(QWidget* parent = nullptr);
    ~MysqlLiveConnectDialog() override;

    void setServer(
        const QString& host, int port, const QString& user, const QString& password, const QString& database);
    void setTable(const QString& table);
    // After accept(): what the fields say, checked.
    const MysqlConninfo& conninfo() const;
    QString table() const;

public Q_SLOTS:
    void accept() override;

protected:
    void retranslate() override;

private:
    QLabel* m_hostLabel = nullptr;
    QLabel* m_portLabel = nullptr;
    QLabel* m_userLabel = nullptr;
    QLabel* m_passwordLabel = nullptr;
    QLabel* m_databaseLabel = nullptr;
    QLabel* m_tableLabel = nullptr;
    QLineEdit* m_host = nullptr;
    QSpinBox* m_port = nullptr;
    QLineEdit* m_user = nullptr;
    QLineEdit* m_password = nullptr;
    QLineEdit* m_database = nullptr;
    QLineEdit* m_table = nullptr;
    std::unique_ptr<MysqlConninfo> m_info;
};

class MysqlLiveWindow : public CursorLiveWindow {
    Q_OBJECT
public:
    // Reads the first page at once (on the worker); `table` empty: the mapping's.
    MysqlLiveWindow(
        const MysqlConninfo& info, const LiveMapping& mapping, const QString& table, QWidget* parent = nullptr);
    ~MysqlLiveWindow() override;

    QString notApplicableText() const override;
    const MysqlSnapshot* snapshot() const;

protected:
    QString firstCursor() const override;
    QString rulesScope() const override;
    QString rulesKey() const override;
    QString titleText() const override;
    QString headerText() const override;
    QString readingText() const override;
    QString countsLine(const CursorLivePage& page) const override;
    QString notCheckedLine(const CursorLivePage& page) const override;
    QString stateLine(const CursorLivePage& page, const QString& cursor) const override;
    QString timeCaption(int records, Millis originMs, Millis nowMs) const override;
    QString selectPrompt() const override;
    QString readingRecordText() const override;
    bool kindApplies(LiveAnomalyKind kind) const override;
    bool offersChoices() const override;
    bool offersSeeking() const override;
    bool offersSweeperHorizon() const override;
    QString lastCursor() const override;
    QString keyOrderCursor(const QString& value) const override;
    QString timeCursor(Millis atMs) const override;
    QString recordCursor(const QString& key, const LiveKeyRow& row) const override;
    QString keyColumnsText() const override;
    QStringList keyOrderColumns() const override;
    QString keyNotFoundText(const QString& key) const override;
    QString notApplicableReason(LiveAnomalyKind kind) const override;
    std::string reportJson(const CursorLivePage& page) const override;
    Tips tips() const override;

private:
    class Source;
    // "MariaDB at 127.0.0.1:3306 (iw)" in the window's language (where() stays the same in every language: the
    // rules remembered for the server are found by it).
    QString serverText() const;
    QString m_table;
    QString m_endpoint;
    QString m_user;
};

// Asks for a MySQL table (MysqlLiveConnectDialog) and shows a window on it; returns it (it deletes itself when
// closed), or nullptr when the user cancelled.
MysqlLiveWindow* showLiveMysql(QWidget* parent);

} // namespace iw
