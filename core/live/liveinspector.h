// Read-only inspection of a live idempotency table (SPEC §8): the table resolved and checked against a mapping,
// records read by keyset paging (seek by key or by time, never OFFSET, never the whole table), counts by state and
// anomalies computed by aggregate and window queries on the server, all inside one READ ONLY transaction that uses
// the database's clock. Also: candidate-table discovery and a follower that polls and survives a lost connection.
#pragma once

#include "liveanomalies.h"
#include "liveconnection.h"
#include "livemapping.h"

#include <array>
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
};

struct LiveSnapshot {
    std::string table; // display name
    std::string mapping; // the mapping's name
    Millis nowMs = 0; // the database's now(), epoch milliseconds
    std::string now; // the same, ISO 8601 UTC ("2024-05-01T12:00:03.250Z")
    LiveCounts counts;
    // Read from a hot-standby replica (pg_is_in_recovery()), and then how old the last transaction it replayed is:
    // now() − pg_last_xact_replay_timestamp(), the replica's lag as far as the table can tell (it also grows while
    // the primary is idle). Unset on a primary, or before the standby replayed anything.
    bool standby = false;
    std::optional<Millis> replayLagMs;
    std::vector<LiveAnomaly> anomalies; // by kind, then creation; at most thresholds.listLimit per kind
    LivePage page;
    std::vector<std::string> keyColumns; // the key order's columns: what LiveAnomaly::cursor holds the values of
    AnomalyThresholds thresholds; // the rules it was counted and listed with
    std::optional<LiveZoneWarning> zoneWarning; // naive times read in a zone that is not UTC, none named
};

class LiveInspector {
public:
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

// Follows a table by polling: each poll() takes a snapshot; a lost connection, or one closed because a bound passed
// (LiveError::Kind::Timeout: a silent network), is re-established (the inspection is read-only, so repeating it is
// safe) and reported; anything else — or a reconnect that fails — stops the follower with a sentence saying why, and
// it stays stopped until resume().
class LiveFollower {
public:
    LiveFollower(LiveInspector& inspector, LiveSnapshotOptions options);

    struct Poll {
        enum class Status { Ok, Recovered, Stopped };
        Status status = Status::Ok;
        std::optional<LiveSnapshot> snapshot; // absent once stopped
        std::string message; // Recovered: what happened; Stopped: "stopped: <reason>"
    };
    Poll poll();

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

    LiveInspector& m_inspector;
    LiveSnapshotOptions m_options;
    bool m_stopped = false;
    std::string m_reason;
    int m_reconnects = 0;
    std::function<void(const std::string&)> m_onReconnecting;
};

} // namespace iw
