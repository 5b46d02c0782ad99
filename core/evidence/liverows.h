// The idempotency table's rows as evidence: read-only through core/live, the newest by creation time, each named by
// its place in the page. `reconstruct --table` and the evidence window's live table read them here.
#pragma once

#include "exchange.h"

#include <cstdint>
#include <string>
#include <vector>

namespace iw {

class LiveConnection;
struct LiveMapping;

// The table's newest 10,000 rows through `mapping`, on a connection the caller opened (the command line may have asked
// for a password). Throws LiveError as LiveInspector does.
std::vector<EvidenceRow> liveEvidenceRows(
    LiveConnection& connection, const LiveMapping& mapping, const std::string& table, std::uint32_t fileIndex);

} // namespace iw
