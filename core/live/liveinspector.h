// Read-only inspection of a live idempotency table (docs/manual/live-tables.md): the table resolved and checked against
// a mapping, records read by keyset paging (seek by key or by time, never OFFSET, never the whole table), counts by
// state and anomalies computed by aggregate and window queries on the server, all inside one READ ONLY transaction that
// uses the database's clock. Also: candidate-table discovery and a follower that polls and survives a lost connection.
#pragma once

#include "liveanomalies.h"
#include "liveconnection.h"
#include "livemapping.h"

#include <array>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace iw {

struct LiveTableRef {
    std::string schema;
    std::string name;
    std::string display; // as SQL would name it: quote_ident(schema).quote_ident(name)
    bool operator==(const LiveTableRef&) const = default;
};

// One row of the table as the mapping reads it, classified at the inspection's now().
struct LiveRecord {
    Scope scope;
    RecordState state = RecordState::InProgress; // effective: expiry applied
    bool terminal = false; // stored as completed (or expired)
    std::string storedState; // the state column's value
    std::string fingerprint; // hex SHA-256 (or the stored value); empty when the mapping has none
    std::optional<int> statusCode;
    std::optional<long long> bodyBytes; // nullopt: no body
    Millis createdMs = 0; // epoch milliseconds
    std::optional<Millis> completedMs;
    std::optional<Millis> expiresMs;
    std::optional<Millis> leaseUntilMs;
    std::optional<std::string> resultId;
    std::uint8_t anomalies = 0; // anomalyBit()s; suspected_key_regeneration is marked from the anomaly list
    std::vector<std::optional<std::string>> cursor; // the page order's column values, as text
};

struct LiveCounts {
    long long total = 0;
    long long inProgress = 0;
    long long completed = 0;
    long long expired = 0;
    // Rows not completed (the stuck rule's population), split by lease, when the mapping reads a lease column:
    // the stuck threshold decides only for those without one.
    bool leaseMapped = false;
    long long openWithoutLease = 0;
    long long openWithLease = 0;
    // Terminal records not expired yet whose expiry falls within LiveSnapshotOptions::dueWithinMs: what the sweeper
    // removes next. 0 when not asked for.
    long long dueWithin = 0;
    std::array<long long, LiveAnomalyKindCount> anomalies {};
    long long anomaly(LiveAnomalyKind kind) const { return anomalies[static_cast<std::size_t>(kind)]; }
};

enum class LiveOrder { ByKey, ByTime };

struct LivePageQuery {
    enum class From {
        First, // the start of the order
        Last, // the end of the order (the newest rows, by time)
        After, // just after `cursor` (next page)
        Before, // just before `cursor` (previous page)
        AtKey, // at or after `cursor`, a prefix of the key order's values (seek to a key)
        AtTime, // at or after `atMs` (seek to a time; by-time order)
        Around, // about half a page before `cursor` (a full cursor of the order) and the rest from it: in context
    };
    LiveOrder order = LiveOrder::ByKey;
    From from = From::First;
    std::vector<std::optional<std::string>> cursor;
    Millis atMs = 0;
    int limit = 100;
};

struct LivePage {
    LiveOrder order = LiveOrder::ByKey;
    std::vector<LiveRecord> records; // in ascending order (unless newestFirst)
    bool newestFirst = false; // reversed for display: the newest record first (inspect --order newest)
    bool moreBefore = false; // known only when reading backwards (Last, Before); otherwise assumed
    bool moreAfter = false; // known when reading forwards
};

// One column of a row as text (as PostgreSQL writes it: bytea as \x…), cut when it is long.
struct LiveRowValue {
    std::string column;
    std::optional<std::string> value; // nullopt: NULL
    long long bytes = 0; // the whole value's length in bytes
    bool cut = false; // `value` holds only its first bytes
    bool operator==(const LiveRowValue&) const = default;
};
using LiveRow = std::vector<LiveRowValue>;

// The business rows written for one idempotency row (LiveMapping::effects): what a key caused.
struct LiveEffects {
    std::string key; // the idempotency key of the row
    std::vector<std::optional<std::string>> cursor; // that row's key-order values
    std::string table; // the business table, as SQL names it
    std::vector<LiveRow> rows; // at most the mapping's limit; each value cut at 200 bytes
    bool complete = true; // false: there are more than the limit
    bool operator==(const LiveEffects&) const = default;
};

// Every anomaly of one actor, counted (not only the listed ones).
struct LiveActorAnomalies {
    std::string actor;
    std::array<long long, LiveAnomalyKindCount> counts {};
    long long total = 0;
    long long count(LiveAnomalyKind kind) const { return counts[static_cast<std::size_t>(kind)]; }
    bool operator==(const LiveActorAnomalies&) const = default;
};

// `timestamp without time zone` (or date) columns that the mapping reads while it names no zone, on a session whose
// TimeZone is not UTC: they are read in that zone, which is right only if the application wrote them in it.
struct LiveZoneWarning {
    std::vector<std::string> columns; // in the mapping's order, each once
    std::string sessionZone; // current_setting('TimeZone'): "America/New_York"
    bool operator==(const LiveZoneWarning&) const = default;
};
// The warning as one English sentence (the command line, the report).
std::string zoneWarningText(const LiveZoneWarning& warning);

struct LiveSnapshotOptions {
    AnomalyThresholds thresholds;
    LivePageQuery page;
    bool anomalies = true;
    // The newest anomalies of each kind are listed, newest first (inspect --order newest); else the oldest first.
    bool newestAnomaliesFirst = false;
    // Also count the terminal records whose expiry falls in the next this-long (inspect --due-within).
    std::optional<Millis> dueWithinMs;
    // Above 0: count every anomaly per actor too (inspect --by actor), the actors with the most first, this many.
    int byActorLimit = 0;
    // The business rows of the listed suspected_key_regeneration anomalies' two keys, when the mapping names effects.
    bool effects = true;
};

struct LiveSnapshot {
    std::string table; // display name
    std::string mapping; // the mapping's name
    Millis nowMs = 0; // the database's now(), epoch milliseconds
    std::string now; // the same, ISO 8601 UTC ("2024-05-01T12:00:03.250Z")
    // When the counts and the anomalies were read: nowMs, unless a follower kept them from an earlier snapshot to
    // stay within its share of the server (LiveFollower), reading only the page this time.
    Millis countsNowMs = 0;
    std::optional<Millis> dueWithinMs; // as asked (LiveSnapshotOptions::dueWithinMs)
    bool newestAnomaliesFirst = false; // as asked
    LiveCounts counts;
    // Read from a hot-standby replica (pg_is_in_recovery()), and then how old the last transaction it replayed is:
    // now() − pg_last_xact_replay_timestamp(), the replica's lag as far as the table can tell (it also grows while
    // the primary is idle). Unset on a primary, or before the standby replayed anything.
    bool standby = false;
    std::optional<Millis> replayLagMs;
    std::vector<LiveAnomaly> anomalies; // by kind, then creation; at most thresholds.listLimit per kind
    // The effects of the listed regenerated keys, both keys of each (LiveEffects::cursor matches LiveAnomaly::cursor
    // and otherCursor); empty when the mapping names none.
    std::vector<LiveEffects> effects;
    std::vector<LiveActorAnomalies> byActor; // when asked (byActorLimit), the actors with the most anomalies first
    bool byActorComplete = true; // false: more actors have anomalies than listed
    LivePage page;
    std::vector<std::string> keyColumns; // the key order's columns: what LiveAnomaly::cursor holds the values of
    AnomalyThresholds thresholds; // the rules it was counted and listed with
    std::optional<LiveZoneWarning> zoneWarning; // naive times read in a zone that is not UTC, none named
};

// One idempotency row found by its key, whole: what the on-call asks about a key (inspect --key).
struct LiveKeyRow {
    LiveRecord record; // classified at the lookup's now (cursor: key order)
    std::vector<std::optional<std::string>> keyCursor; // the row's key-order values
    LiveRow row; // every column of the table in its order, the response body left out; each cut at 4 KiB
    std::optional<std::string> body; // the stored response body as text; nullopt: none, or no body column
    long long bodyBytes = 0;
    bool bodyComplete = true; // false: `body` is its first LiveInspector::kBodyPreviewBytes
    std::optional<LiveEffects> effects; // when the mapping names effects
};

struct LiveKeyLookup {
    std::string key;
    std::optional<std::string> actor;
    Millis nowMs = 0; // the database's now()
    std::string now;
    std::string bodyColumn; // the mapping's response body column (empty: none)
    std::vector<LiveKeyRow> rows; // every scope holding the key (two users may share one), by key order
    bool complete = true; // false: more rows than the limit asked for
};

class LiveInspector {
public:
    // How much of a stored response body, and of any other value of a row, a key lookup shows unless asked for all.
    static constexpr std::size_t kBodyPreviewBytes = 4096;

    // Resolves `table` (empty: the mapping's default) as PostgreSQL would name it — exactly as written first,
    // then as an SQL name (quotes, case folding, search_path) — and checks in information_schema that every
    // column the mapping reads exists with a usable type and that `order` is a unique key. Throws LiveError:
    // Schema naming the table and every missing or mistyped column; BadInput when no table is given at all.
    LiveInspector(LiveConnection& connection, LiveMapping mapping, const std::string& table = {});
    LiveInspector(LiveConnection& connection, LiveMapping mapping, const LiveTableRef& table);
    ~LiveInspector();
    LiveInspector(const LiveInspector&) = delete;
    LiveInspector& operator=(const LiveInspector&) = delete;

    const LiveTableRef& table() const;
    const LiveMapping& mapping() const;
    LiveConnection& connection() const;
    // Set when the mapping reads naive time columns, names no zone, and the session's zone is not UTC.
    const std::optional<LiveZoneWarning>& zoneWarning() const;
    // The columns a page of that order is sorted by (the time column first for ByTime).
    std::vector<std::string> orderColumns(LiveOrder order) const;

    // Counts, anomalies and one page from one read-only snapshot. Throws LiveError.
    LiveSnapshot snapshot(const LiveSnapshotOptions& options = {});
    // A snapshot whose counts and anomalies are `counted`'s and whose page is read now (`options.page`), in one
    // read-only transaction: what a follower shows between two whole snapshots (countsNowMs stays counted's).
    LiveSnapshot withNewPage(const LiveSnapshot& counted, const LiveSnapshotOptions& options);
    // One page in its own read-only transaction, classified at that transaction's now().
    LivePage page(const LivePageQuery& query, const AnomalyThresholds& thresholds = {});
    LiveCounts counts(const AnomalyThresholds& thresholds = {});

    // A record found by its idempotency key (the mapping's key field) or by its key-order values, with its cursor
    // in the order asked for (for LivePageQuery::Around). Nullopt when no row matches; several rows with that key
    // (brandur: one per user): the first in the order.
    struct Located {
        Scope scope;
        std::vector<std::optional<std::string>> cursor;
    };
    std::optional<Located> locateKey(const std::string& key, LiveOrder order);
    // Every row holding this idempotency key (of this actor, when given), whole: its record, every column, the stored
    // response body (the first kBodyPreviewBytes unless `fullBody`), its effects. At most `limit` rows.
    struct KeyQuery {
        std::string key;
        std::optional<std::string> actor;
        bool fullBody = false;
        int limit = 50;
        AnomalyThresholds thresholds; // the anomaly marks of the records
    };
    LiveKeyLookup lookupKey(const KeyQuery& query);
    // The same for one row given by its key-order values (a record selected in the window); nullopt when it is gone.
    std::optional<LiveKeyRow> lookupRow(const std::vector<std::optional<std::string>>& keyOrderValues,
        bool fullBody = false, const AnomalyThresholds& thresholds = {});
    std::optional<Located> locateRow(const std::vector<std::optional<std::string>>& keyOrderValues, LiveOrder order);
    // The columns the key field is read from, for a sentence: "idempotency_key", "the text after the last \"#\" of
    // id".
    std::string keyColumnsDescription() const;

    struct Impl;

private:
    std::unique_ptr<Impl> m_impl;
};

// A table that may hold idempotency keys: one with a unique constraint, unique index or primary key that includes
// a key-like column (its name contains "key" or "id") and that the user may read.
struct LiveCandidate {
    LiveTableRef table;
    std::vector<std::string> uniqueKey; // the columns of that key
    long long estimatedRows = -1; // the planner's estimate; -1 when never analysed
    std::vector<std::string> fittingPresets; // presets whose required columns the table has
};
std::vector<LiveCandidate> discoverTables(LiveConnection& connection);

// Follows a table by polling: each poll() takes a snapshot — a whole one (a pass over the table for the counts and
// the anomalies, and the page) only while the time the last whole one took is at most kServerShare of the time since
// it began, else the page alone beside the last counts and anomalies (LiveSnapshot::countsNowMs says when they were
// read), so following a large table keeps to a share of one server core whatever the interval; a lost connection, or
// one closed because a bound passed (LiveError::Kind::Timeout: a silent network), is re-established (the inspection is
// read-only, so repeating it is safe) and reported; anything else — or a reconnect that fails — stops the follower with
// a sentence saying why, and it stays stopped until resume().
class LiveFollower {
public:
    LiveFollower(LiveInspector& inspector, LiveSnapshotOptions options);

    struct Poll {
        enum class Status { Ok, Recovered, Stopped };
        Status status = Status::Ok;
        std::optional<LiveSnapshot> snapshot; // absent once stopped
        std::string message; // Recovered: what happened; Stopped: "stopped: <reason>"
    };
    // What following may take of the server: the whole snapshots' time over the time since each began.
    static constexpr double kServerShare = 0.08;
    // `whole`: read counts and anomalies now whatever the share (the user asked: Refresh, Resume, new rules).
    Poll poll(bool whole = false);
    // The share to keep to (kServerShare); 0: after the first, only polls asked to be whole read the table.
    void setServerShare(double share) { m_share = share; }

    bool stopped() const { return m_stopped; }
    const std::string& stopReason() const { return m_reason; }
    void resume();
    void setOptions(const LiveSnapshotOptions& options) { m_options = options; }
    const LiveSnapshotOptions& options() const { return m_options; }
    int reconnects() const { return m_reconnects; }
    // Called (on the polling thread) with what was lost, just before poll() starts re-establishing the connection,
    // which may take a few seconds of retries: a view can say it is reconnecting meanwhile.
    void setReconnectingHandler(std::function<void(const std::string& lost)> handler)
    {
        m_onReconnecting = std::move(handler);
    }

private:
    Poll stop(const std::string& reason);
    LiveSnapshot read(bool whole);

    LiveInspector& m_inspector;
    LiveSnapshotOptions m_options;
    std::optional<LiveSnapshot> m_whole; // the last whole snapshot
    LiveSnapshotOptions m_wholeOptions; // what it was taken with
    std::chrono::steady_clock::time_point m_wholeStarted;
    double m_wholeMs = 0; // how long it took
    double m_share = kServerShare;
    bool m_stopped = false;
    std::string m_reason;
    int m_reconnects = 0;
    std::function<void(const std::string&)> m_onReconnecting;
};

} // namespace iw
