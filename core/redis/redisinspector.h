// Read-only inspection of a live Redis keyspace (docs/manual/stores.md "Live"): the keys matching a pattern, each read
// as one record through a Redis mapping (LiveMapping with `redis` set: a hash, or a string holding a JSON object),
// counted by state and checked for the anomalies that apply to keys that expire on their own. Only read commands are
// sent (SCAN with COUNT — never KEYS —, TYPE, PTTL, HMGET, STRLEN, GETRANGE, and TIME when the user may run it), so an
// ACL user allowed `+@read` suffices; nothing is set on the connection beyond AUTH and SELECT.
//
// - A snapshot scans the whole match in batches of `scanCount` keys and keeps only the page, the anomalies listed
//   (at most thresholds.listLimit per kind) and bounded sets, so 10 million keys take no more memory than 10.
// - The page is keyed by the scan cursor: it starts at `cursor` ("0": the start), is read in batches of at most its
//   size and ends at the end of the batch that filled it; `nextCursor` resumes there ("0": the scan is complete). Redis
//   guarantees that a key present for the whole scan is returned at least once, not exactly once: a key may appear on
//   two pages while the keyspace is rehashed.
// - expired_not_swept has no meaning here: Redis deletes a key itself once its expiry passes, so no terminal record
//   lingers past it. The kinds that apply are stuck_in_progress, completed_without_response,
//   suspected_key_regeneration (over at most `regenerationGroups` fingerprints; past that it says it stopped),
//   in_progress_past_expiry (a record whose stored expiry passed while its key stays: no TTL, or a longer one) and
//   time_out_of_range. A key with no expiry at all is counted apart (`keysWithoutExpiry`): the never-expiring record.
// - A value of another type (list, set, sorted set, stream), a string that is no JSON object, or one longer than
//   `maxValueBytes` is listed as unreadable, never a crash.
// - Time: the server's TIME; a user not allowed to run it (TIME is not in @read) is read at this machine's clock,
//   and the snapshot says so (`clock`).
// - Every wait is bounded: connect 10 s, each reply `commandTimeoutMs`, the whole snapshot `deadlineMs`; a server
//   that is unreachable, refuses the password or breaks the connection is one sentence (LiveError).
#pragma once

#include "liveconnection.h"
#include "liveinspector.h"
#include "livemapping.h"
#include "redisurl.h"

#include <memory>
#include <string>
#include <vector>

namespace iw {

struct RedisInspectOptions {
    LiveSnapshotOptions live; // thresholds, page limit (page.limit), anomalies
    std::string match; // empty: the mapping's match, else "*"
    std::string cursor = "0"; // the page's first scan cursor
    int scanCount = 1000; // SCAN … COUNT
    std::size_t maxValueBytes = 1 << 20; // a longer string value is unreadable
    std::size_t regenerationGroups = 100'000; // fingerprints remembered for suspected_key_regeneration
    int unreadableListLimit = 100;
    Millis commandTimeoutMs = 10'000;
    Millis deadlineMs = 60'000;
};

struct RedisUnreadable {
    std::string key;
    std::string type; // "list", "string", …
    std::string reason; // one phrase: "a list, not a hash or a string", "not a JSON object (…)"
};

struct RedisSnapshot {
    LiveSnapshot live; // table = the URL and pattern, page.records = this page's records
    std::string url; // display form (no password)
    std::string match;
    std::string cursor; // where the page started
    std::string nextCursor; // where the next page starts; "0": no more
    bool clockFromServer = true; // false: TIME was refused, this machine's clock was used
    long long keysScanned = 0; // keys SCAN returned (a key returned twice counts twice)
    long long keysWithoutExpiry = 0; // records whose key has no TTL
    long long unreadable = 0;
    std::vector<RedisUnreadable> unreadableKeys; // at most unreadableListLimit
    bool regenerationComplete = true; // false: more fingerprints than regenerationGroups, the check stopped
};

// The kinds that apply to a Redis keyspace, and the one that does not (with the reason, for the report).
bool redisAnomalyApplies(LiveAnomalyKind kind);
std::string redisAnomalyNotApplicableReason(LiveAnomalyKind kind);

class RedisInspector {
public:
    // Connects (AUTH and SELECT as the URL says). Throws LiveError (Connection: unreachable, refused password;
    // BadInput: a mapping without `redis`).
    RedisInspector(const RedisUrl& url, LiveMapping mapping, Millis commandTimeoutMs = 10'000);
    ~RedisInspector();
    RedisInspector(const RedisInspector&) = delete;
    RedisInspector& operator=(const RedisInspector&) = delete;

    const LiveMapping& mapping() const;
    // Throws LiveError.
    RedisSnapshot snapshot(const RedisInspectOptions& options);
    // One key whole, for the live view's Record dock (read only: TYPE, PTTL, then HLEN and HGETALL, or STRLEN and
    // GETRANGE): `row` is its name (`@key`), its expiry as PTTL answers (`PTTL`: milliseconds left, -1: none) and every
    // field of the hash or member of the JSON object, each cut at LiveInspector::kBodyPreviewBytes; `body` the
    // mapping's response body field (all of it when `fullBody`); `keyCursor` is { key }. `record` is left for the
    // caller (the page's classification). A key gone since, or of another type, is said in one sentence (LiveError
    // BadInput). Throws LiveError.
    LiveKeyRow readKey(const std::string& key, bool fullBody, std::size_t maxValueBytes = 1 << 20);

    struct Impl;

private:
    std::unique_ptr<Impl> m_impl;
};

// The inspection report of a keyspace: inspectionJson's members and, after them, "engine": "redis", "url", "match",
// "cursor", "next_cursor", "clock" ("server" | "local"), "keys_scanned", "keys_without_expiry", "unreadable",
// "unreadable_keys": [{"key", "type", "reason"}], "regeneration_complete", "kinds_not_applicable": {kind: reason}.
std::string redisInspectionJson(const RedisSnapshot& snapshot, const AnomalyThresholds& thresholds);
// inspectionText's report and the Redis lines after it.
std::string redisInspectionText(const RedisSnapshot& snapshot, const AnomalyThresholds& thresholds);

} // namespace iw
