// The idempotency table's rows as evidence (see liverows.h).
#include "liverows.h"

#include "liveconnection.h"
#include "liveinspector.h"
#include "livemapping.h"

namespace iw {

std::vector<EvidenceRow> liveEvidenceRows(
    LiveConnection& connection, const LiveMapping& mapping, const std::string& table, std::uint32_t fileIndex)
{
    LiveInspector inspector(connection, mapping, table);
    LiveSnapshotOptions options;
    options.page.order = LiveOrder::ByTime;
    options.page.from = LivePageQuery::From::Last;
    options.page.limit = 10'000;
    const LiveSnapshot snapshot = inspector.snapshot(options);
    std::vector<EvidenceRow> rows;
    rows.reserve(snapshot.page.records.size());
    std::uint64_t index = 0;
    for (const LiveRecord& r : snapshot.page.records) {
        EvidenceRow row;
        row.scope = r.scope;
        row.state = std::string(stateName(r.state));
        row.statusCode = r.statusCode;
        row.createdMs = r.createdMs;
        row.completedMs = r.completedMs;
        row.expiresMs = r.expiresMs;
        row.payloadHash = r.fingerprint;
        row.stuck = (r.anomalies & anomalyBit(LiveAnomalyKind::StuckInProgress)) != 0;
        row.ref = { fileIndex, EvidenceRef::Kind::Row, index++ };
        rows.push_back(std::move(row));
    }
    return rows;
}

} // namespace iw
