// The evidence on the timeline: a lane per scope (the exchanges without a usable key in a lane per actor and
// operation), each exchange a marker at its answer's instant with the decision the evidence tells, an execution's
// record as bars (in progress until its answer, then completed), its effect as a tick (a duplicate in the alarm
// colour), the table's stuck rows, and every violation as an anomaly to jump to. Time is milliseconds since the
// returned origin, the earliest instant shown (epoch milliseconds).
#pragma once

#include "reconstruction.h"
#include "timelinemodel.h"

#include <map>
#include <tuple>

namespace iw {

struct EvidenceTimeline {
    Millis origin = 0;
    std::vector<int> laneOfExchange; // per ReconstructResult::exchanges
    std::vector<int> laneScope; // per lane: the Selection scope id (an index into scopeList, or past it)
    std::vector<int> violationExchange; // per violation: the exchange that shows it, or -1 (a row)
    std::vector<int> violationLane; // per violation: its lane, or -1
};

// Where each exchange was read, to find the exchange a violation names.
using EvidenceRefKey = std::tuple<std::uint32_t, std::uint8_t, std::uint64_t>;
inline EvidenceRefKey refKey(const EvidenceRef& r)
{
    return { r.file, static_cast<std::uint8_t>(r.kind), r.at };
}

EvidenceTimeline feedEvidenceTimeline(TimelineModel& model, const ReconstructResult& result);

} // namespace iw
