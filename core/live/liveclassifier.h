// The rules of docs/manual/live-tables.md applied to one record at a time, for the engines whose reads hand the
// workbench each record's values rather than counting on the server (Redis keys, MySQL rows): the same
// classification and the same anomalies the PostgreSQL inspector evaluates in SQL (liveinspector.cpp), so a record
// reads the same on every engine. Bounded whatever the number of records: it keeps the counts, at most twice
// thresholds.listLimit anomalies of each kind and the fingerprints of the regeneration window (at most
// `regenerationGroups` entries; past that it says it stopped).
#pragma once

#include "liveinspector.h"
#include "livemapping.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace iw {

// One record's values as text, by the mapping's column (field) names; nullopt: the field is absent or NULL. A time
// field's value is a number in its unit (epoch_s or epoch_ms; "@ttl" already epoch milliseconds); a field of unit
// `timestamp` cannot be read from text and counts as out of range, so an engine converts such columns to a number of
// milliseconds first (and reads them with a mapping whose unit says so).
using LiveFields = std::map<std::string, std::optional<std::string>, std::less<>>;

class LiveClassifier {
public:
    LiveClassifier(const LiveMapping& mapping, const LiveSnapshotOptions& options, Millis nowMs,
        std::size_t regenerationGroups = 100'000);

    // Classifies one record at now, counts it and notes its anomalies; `cursor` identifies it (its key-order values).
    LiveRecord classify(const LiveFields& fields, std::vector<std::optional<std::string>> cursor);

    // Ends the pass: suspected_key_regeneration found among the fingerprints noted, the listed anomalies (oldest first,
    // or newest first when options.newestAnomaliesFirst; at most thresholds.listLimit per kind) into
    // `snapshot.anomalies`, the counts into `snapshot.counts`, the anomalies per actor into `snapshot.byActor` when
    // options.byActorLimit asks, and the regenerated records of `page` marked.
    void finish(LiveSnapshot& snapshot, std::vector<LiveRecord>& page);

    // A kind that has no meaning on the engine (expired_not_swept on Redis, which deletes a key at its expiry): never
    // flagged nor counted.
    void skipKind(LiveAnomalyKind kind) { m_skipped |= anomalyBit(kind); }
    bool checked(LiveAnomalyKind kind) const { return !(m_skipped & anomalyBit(kind)); }

    bool regenerationComplete() const { return m_regenerationComplete; }
    const LiveCounts& counts() const { return m_counts; }

    static std::optional<std::string> field(const LiveFields& fields, const std::string& name);
    static std::string textOf(const LiveTextField& text, const LiveFields& fields);

private:
    struct Seen {
        Millis created;
        std::string key;
        Scope scope;
        std::vector<std::optional<std::string>> cursor;
    };

    const LiveMapping& m_mapping;
    LiveSnapshotOptions m_options;
    Millis m_now = 0;
    std::size_t m_regenerationGroups = 0;
    LiveCounts m_counts;
    std::array<std::vector<LiveAnomaly>, LiveAnomalyKindCount> m_listed;
    std::map<std::string, std::vector<Seen>> m_groups; // actor \x1f operation \x1f fingerprint → records
    std::size_t m_groupEntries = 0;
    bool m_regenerationComplete = true;
    std::uint8_t m_skipped = 0;
    std::vector<std::string> m_terminalValues;
    // Every anomaly counted per actor (inspect --by actor), when options.byActorLimit asks: one entry per actor that
    // has any, so it grows with those actors, not with the records.
    std::map<std::string, LiveActorAnomalies> m_byActor;
    void countForActor(const std::string& actor, LiveAnomalyKind kind);
};

} // namespace iw
