// How a live table's rows map onto the workbench's records (docs/manual/live-tables.md "Mapping presets"): which
// columns give the scope, the state, the times, the response and the fingerprint. Declarative on purpose — a mapping
// names columns and picks transformations from a fixed menu, it never carries SQL — so a mapping file cannot inject
// anything; the inspector turns it into statements with escaped identifiers and parameters.
//
// File format `idempotency-workbench/mapping@1` (the presets are resources/mappings/*.json):
//   {"format": "idempotency-workbench/mapping@1", "name": "brandur", "title": "…", "description": "…",
//    "table": "idempotency_keys", "order": ["user_id", "idempotency_key"],
//    "actor": {"columns": ["user_id"]},
//    "operation": {"columns": ["request_method", "request_path"], "separator": " "},
//    "key": {"column": "idempotency_key"},
//    "state": {"column": "recovery_point", "completed": ["finished"], "expired": []},
//    "created_at": {"column": "created_at"},
//    "expires_at": {"column": "created_at", "plus_ms": 259200000},
//    "lease_until": {"column": "locked_at", "plus_ms": 90000},
//    "status_code": {"column": "response_code"}, "response_body": {"column": "response_body"},
//    "fingerprint": {"column": "request_params", "from": "canonical_json"}}
// Optional: "effects": {"table", "column", "on", "columns", "limit"} — the business rows a key caused (see
// LiveEffectsField).
// Optional: "timezone": "UTC" (or any IANA name): the zone the application writes `timestamp without time zone`
// columns in (Rails, Django with USE_TZ: UTC); without it they are read in the session's zone, with a warning when
// that is not UTC.
// Text fields: {"constant": S} | {"column": C} | {"columns": [C…], "separator": S} | {"column": C, "before_last": D}
// | {"column": C, "after_last": D}. Time fields: {"column": C, "unit": "timestamp"|"epoch_s"|"epoch_ms",
// "plus_ms": N, "optional": B}. Any field but key, state, created_at and expires_at may be left out; "optional":
// true lets a table without that column be read as if the field were left out.
#pragma once

#include "domain.h"
#include "json.h"

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace iw {

inline constexpr std::string_view kMappingFormat = "idempotency-workbench/mapping@1";

struct LiveTextField {
    enum class Kind { Constant, Columns, BeforeLast, AfterLast };
    Kind kind = Kind::Constant;
    std::vector<std::string> columns; // Columns: joined by `text`; BeforeLast/AfterLast: exactly one
    std::string text; // Constant: the value; Columns: the separator; BeforeLast/AfterLast: the delimiter
    bool operator==(const LiveTextField&) const = default;
};

struct LiveTimeField {
    enum class Unit { Timestamp, EpochSeconds, EpochMillis };
    std::string column; // empty: absent
    Unit unit = Unit::Timestamp;
    Millis plusMs = 0; // added to the column's value (a lease of 90 s, a retention of 72 h)
    bool optional = false;
    bool present() const { return !column.empty(); }
    bool operator==(const LiveTimeField&) const = default;
};

struct LiveColumnField {
    std::string column; // empty: absent
    bool optional = false;
    bool present() const { return !column.empty(); }
    bool operator==(const LiveColumnField&) const = default;
};

// Rows whose state value is listed under `completed` or `expired` are terminal; every other value is in progress.
// A value listed under `expired` counts as expired whatever the clock says.
struct LiveStateField {
    std::string column;
    std::vector<std::string> completed;
    std::vector<std::string> expired;
    bool operator==(const LiveStateField&) const = default;
};

struct LiveFingerprintField {
    enum class From { Stored, CanonicalJson };
    std::string column; // empty: absent
    From from = From::Stored; // CanonicalJson: SHA-256 of the RFC 8785 form of a json/jsonb column
    bool optional = false;
    bool present() const { return !column.empty(); }
    bool operator==(const LiveFingerprintField&) const = default;
};

// The business table a key's effects are written to, joined to the idempotency table on one column of each (the
// result ID, the key, the row's id): `column` of `table` equals `on` of the idempotency table. Declarative like the
// rest: identifiers escaped by libpq, values as parameters, at most `limit` rows per idempotency row.
//   "effects": {"table": "rides", "column": "idempotency_key_id", "on": "id", "columns": ["id", "created_at"],
//               "limit": 10}
struct LiveEffectsField {
    std::string table; // empty: none; may be schema-qualified
    std::string column;
    std::string on;
    std::vector<std::string> columns; // shown, in this order; empty: all of the table's columns
    int limit = 10;
    bool present() const { return !table.empty(); }
    bool operator==(const LiveEffectsField&) const = default;
};

// A mapping of Redis keys rather than table rows (`inspect --redis`, docs/manual/stores.md "Live"): each key matching
// `match` is a record; `value` says how its fields are stored — "hash" (HMGET of the fields named), "json" (a string
// holding a JSON object) or "auto" (either, by the key's type). Field names stand where a table's columns would; two
// are the key itself: "@key" (its name) and "@ttl" (its expiry as the server keeps it: now plus PTTL, epoch_ms).
struct LiveRedisLayout {
    enum class Value { Auto, Hash, Json };
    Value value = Value::Auto;
    std::string match; // the SCAN pattern when none is given
    bool operator==(const LiveRedisLayout&) const = default;
};

struct LiveMapping {
    std::string name;
    std::string title;
    std::string description;
    std::string table; // the table to read when none is given; may be schema-qualified
    std::vector<std::string> order; // columns of a unique key of the table: the keyset paging order
    LiveTextField actor;
    LiveTextField operation;
    LiveTextField key;
    LiveStateField state;
    LiveTimeField createdAt;
    LiveTimeField expiresAt;
    LiveTimeField leaseUntil;
    LiveTimeField completedAt;
    LiveColumnField statusCode;
    LiveColumnField responseBody;
    LiveColumnField resultId;
    LiveFingerprintField fingerprint;
    // The zone `timestamp without time zone` (and date) columns were written in ("UTC", "Europe/Kyiv"); empty: none
    // named, so they are read in the session's TimeZone and the inspector warns when that is not UTC.
    std::string timezone;
    LiveEffectsField effects;
    bool inProgressExpires = false; // powertools: an in-progress row past its expiry counts as expired
    bool strictExpiry = false; // powertools: expired only once now > expires_at (others: now ≥ expires_at)
    std::optional<LiveRedisLayout> redis; // set: the mapping reads Redis keys, not a table

    bool operator==(const LiveMapping&) const = default;
};

// A mapping file that cannot be used: `what()` is "FILE:LINE:COLUMN: $.path: detail" (or "FILE: detail").
class MappingError : public std::runtime_error {
public:
    MappingError(const std::string& file, json::Position pos, const std::string& path, const std::string& detail);
};

// The most JSON values a mapping document may hold: the presets have a few dozen.
inline constexpr std::size_t kMaxMappingValues = 100'000;

// Parses and validates a mapping document; `fileName` appears in messages only.
LiveMapping parseMapping(std::string_view text, const std::string& fileName);
LiveMapping loadMappingFile(const std::string& path);
// The document parseMapping reads back to an equal mapping.
std::string mappingJson(const LiveMapping& mapping);
// Written beside the target and renamed into place. Throws MappingError when it cannot be written.
void saveMappingFile(const LiveMapping& mapping, const std::string& path);

// "seed", "brandur", "powertools" (embedded as :/mappings/<name>.json): the table presets. The Redis presets
// ("powertools-redis") and the MySQL one ("workbench-mysql") are listed apart, as they read keys, not a table;
// mappingPreset() and resolveMapping() know both.
std::vector<std::string> redisMappingPresetNames();
// The presets for a MySQL/MariaDB table beyond the table ones ("workbench-mysql": the table --store mysql writes),
// which inspect --mysql lists with those.
std::vector<std::string> mysqlMappingPresetNames();
std::vector<std::string> mappingPresetNames();
std::optional<LiveMapping> mappingPreset(const std::string& name);
// A preset name or else a file path. Throws MappingError for an unknown name that is no readable file either.
LiveMapping resolveMapping(const std::string& nameOrFile);

std::string_view timeUnitName(LiveTimeField::Unit unit); // "timestamp", "epoch_s", "epoch_ms"

} // namespace iw
