// Read-only inspection of a live MySQL/MariaDB idempotency table (docs/manual/live-tables.md "MySQL and MariaDB",
// `inspect --mysql --conninfo … --table T --mapping M`): the table checked against a mapping (every column it names,
// a unique key as the page order), its rows read in keyset batches and classified with the rules the PostgreSQL
// inspector evaluates in SQL (core/live/liveclassifier.h), so a record reads the same on either — anomalies listed
// oldest or newest first, counted per actor, with the business rows of the mapping's effects table — and one page read
// from a cursor (the page order's values of the row before it), in the key order or by creation time, or sought: around
// a record, from a value of the key order's first column, from an instant, or the last page of the order.
//
// What it never does to the server: every read runs inside `START TRANSACTION READ ONLY, WITH CONSISTENT SNAPSHOT`
// (a write there fails on the server, not in the UI), ended by COMMIT — or ROLLBACK on a failure — before the call
// returns, so no transaction, no lock and no metadata lock outlives a snapshot; InnoDB's consistent reads take no row
// locks. Nothing is SET on the session: the isolation level is given to the next transaction only (SET TRANSACTION,
// without SESSION), and the statement time bound rides on each statement (`SET STATEMENT max_statement_time = s FOR
// SELECT …` on MariaDB, the `MAX_EXECUTION_TIME(ms)` optimizer hint on MySQL). Identifiers are quoted as MySQL quotes
// them (backticks, a backtick doubled) and only after information_schema named them; values are parameters of
// prepared statements. A user with only SELECT on the table suffices.
//
// Every wait is bounded: Connector/C's connect, read and write timeouts (the conninfo's, 10 s each unless set), the
// statement bound, and a deadline for the whole snapshot checked between batches. Failures are one sentence
// (LiveError): Unreachable, Authentication, Schema (no such table; a column the mapping names that the table lacks,
// named), Timeout, ConnectionLost, Server.
#pragma once

#include "liveinspector.h"
#include "livemapping.h"
#include "mysqlconninfo.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace iw {

// What a page was sought by (inspect --mysql --go-to-key, --go-to-key-order, --go-to-time, --last-page), as the report
// says it: the value as given (the time as an ISO instant in UTC).
struct MysqlSeek {
    enum class To { None, Key, KeyOrder, Time, Last };
    To to = To::None;
    std::string value;
    bool operator==(const MysqlSeek&) const = default;
};

struct MysqlInspectOptions {
    // thresholds, anomalies, dueWithinMs, newestAnomaliesFirst, byActorLimit, effects; page.limit, page.order (key or
    // time) and page.from:
    //   First (After): forwards, from the start or just after `cursor`;
    //   Last (Before): backwards, from the end or just before `cursor` (the page kept in ascending order);
    //   AtKey: forwards from the rows at or after `cursor`, a prefix of the page order's values (the key order's first
    //     column: each value is checked against its column's type first);
    //   AtTime: forwards in the time order from the rows created at or after page.atMs;
    //   Around: the record whose key-order values `cursor` holds, about half a page before it and the rest from it.
    LiveSnapshotOptions live;
    // The page starts just after the row with these values of the page order's columns (pageColumns; a next_cursor a
    // report gave), or ends just before it when reading backwards; empty: the first page (or the last, backwards).
    std::vector<std::optional<std::string>> cursor;
    // The page is shown newest first (inspect --order newest): its next page holds the older rows, so next_cursor is
    // its oldest row's (when older rows remain); otherwise its newest row's (when later rows remain).
    bool newestFirst = false;
    MysqlSeek seek; // what the page was sought by, for the report (page.from says where it is)
    int batchRows = 1000; // rows per statement of the pass over the table
    Millis statementTimeoutMs = 30'000;
    Millis deadlineMs = 60'000;
    std::size_t regenerationGroups = 100'000; // fingerprints remembered for suspected_key_regeneration
};

struct MysqlSnapshot {
    LiveSnapshot live; // table = `db`.`name`, page.records = this page
    std::string server; // "MariaDB at 127.0.0.1:3306"
    std::string version; // the server's VERSION(): "10.11.6-MariaDB-0+deb12u1"
    bool mariadb = true; // false: MySQL (the statement bound is an optimizer hint)
    std::string tableEngine; // "InnoDB", "MyISAM", …
    std::string cursor; // the page's cursor as given ("": the first page)
    std::string nextCursor; // where the next page starts; "": this is the last
    MysqlSeek seek; // as asked
    long long rowsRead = 0; // rows the pass read (its counts cover them all)
    bool regenerationComplete = true; // false: more fingerprints than regenerationGroups, the check stopped
};

// The report's name of a seek: "key", "key_order", "time", "last" ("" for none).
std::string mysqlSeekName(MysqlSeek::To to);

// A page cursor as text: the key-order values as a JSON array (["alice", "POST /charges", "k1"]), and back. Nullopt
// with `why` set for text that is no such array of strings (or nulls) of `columns` values.
std::string mysqlCursorText(const std::vector<std::optional<std::string>>& values);
std::optional<std::vector<std::optional<std::string>>> parseMysqlCursor(
    const std::string& text, std::size_t columns, std::string& why);

// The statement time bound by server flavour (what VERSION() says: MariaDB's contains "MariaDB"): MariaDB's
// `SET STATEMENT max_statement_time = s FOR <select>`, MySQL's `MAX_EXECUTION_TIME(ms)` optimizer hint after the
// SELECT keyword (`select` starts with "SELECT "). Only the MariaDB form runs in the tests: Debian ships no MySQL
// server, so the hint's text is checked, its effect on a real MySQL is not. And whether a server error is that bound
// passing (MariaDB's 1969 ER_STATEMENT_TIMEOUT, MySQL's 3024 ER_QUERY_TIMEOUT).
bool mysqlServerIsMariadb(const std::string& version);
std::string mysqlBoundedStatement(const std::string& select, bool mariadb, Millis timeoutMs);
bool mysqlStatementTimedOut(unsigned serverError);

// Whether a kind applies to a MySQL table (all do: the rows are read whole), and why not when one does not.
bool mysqlAnomalyApplies(LiveAnomalyKind kind);
std::string mysqlAnomalyNotApplicableReason(LiveAnomalyKind kind);

class MysqlInspector {
public:
    // Connects (the conninfo's timeouts), resolves `table` (empty: the mapping's; "db.name" or a name in the
    // conninfo's database) and checks it against the mapping. Throws LiveError.
    MysqlInspector(const MysqlConninfo& info, LiveMapping mapping, const std::string& table = {});
    ~MysqlInspector();
    MysqlInspector(const MysqlInspector&) = delete;
    MysqlInspector& operator=(const MysqlInspector&) = delete;

    const LiveMapping& mapping() const; // as read: optional fields the table lacks left out
    const std::string& table() const; // `db`.`name`
    const std::vector<std::string>& keyColumns() const; // the key order
    // The columns a page of that order is sorted by, what its cursor holds: the creation column first for ByTime.
    std::vector<std::string> pageColumns(LiveOrder order) const;
    const std::string& tableEngine() const;
    // The server's id of the inspector's own connection (CONNECTION_ID()): what a test watching from another
    // session looks it up by.
    unsigned long connectionId() const;
    // Set when the mapping reads DATETIME columns, names no zone, and the session's zone is not UTC.
    const std::optional<LiveZoneWarning>& zoneWarning() const;

    // Counts, anomalies and one page from one read-only transaction. Throws LiveError.
    MysqlSnapshot snapshot(const MysqlInspectOptions& options);
    // `inspect --key`: every row holding the key (of the actor, when given), whole. Throws LiveError.
    LiveKeyLookup lookupKey(const LiveInspector::KeyQuery& query, Millis statementTimeoutMs = 30'000);
    // The columns the idempotency key is read from, for a sentence: "idem_key", "the text after the last \"#\" of id".
    std::string keyColumnsDescription() const;
    // One row by its key-order values, whole (the live view's Record dock); nullopt when it is gone.
    std::optional<LiveKeyRow> lookupRow(const std::vector<std::optional<std::string>>& keyOrderValues, bool fullBody,
        const AnomalyThresholds& thresholds = {}, Millis statementTimeoutMs = 30'000);

    struct Impl;

private:
    std::unique_ptr<Impl> m_impl;
};

// The inspection report of a MySQL table: inspectionJson's members and, after them, "engine": "mysql", "server",
// "version", "table_engine", "cursor", "next_cursor" (null: the last page), "rows_read", "clock": "server",
// "regeneration_complete", "kinds_not_applicable": {kind: reason}; and "seek": {"to": "key" | "key_order" | "time" |
// "last", "value"} when the page was sought.
std::string mysqlInspectionJson(const MysqlSnapshot& snapshot, const AnomalyThresholds& thresholds);
// inspectionText's report and the MySQL lines after it.
std::string mysqlInspectionText(const MysqlSnapshot& snapshot, const AnomalyThresholds& thresholds);
// keyLookupJson with "engine": "mysql" after its members.
std::string mysqlKeyLookupJson(const LiveKeyLookup& lookup, const std::string& table, const std::string& mapping);

} // namespace iw
