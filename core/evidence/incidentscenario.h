// The incident as a scenario@1 (docs/reference/reconstruct.md --scenario): a client per (client, actor), each arrival
// at its offset with its key and payload (a fingerprint-only placeholder when the body is unknown or not to be copied),
// the faults the evidence shows — no answer logged → drop_response (crash_after_effect when the scope's later requests
// still found it in progress), a client that gave up → a slow_handler past its timeout, and each execution's observed
// duration pinned as its handler time — so `run --check` replays it, `compare` puts it under other policies and
// `explore` searches around it. Its lesson has a step per violation; its expect is what the evidence shows.
#pragma once

#include "reconstruction.h"
#include "scenario.h"

namespace iw {

struct IncidentScenario {
    Scenario scenario;
    std::int64_t expectedEffects = 0; // what the evidence shows (executions, plus those assumed where no answer came)
    std::int64_t expectedDuplicateEffects = 0;
    std::int64_t leftOut = 0; // exchanges a scenario cannot express (a key header that could not be read)
    std::vector<std::string> assumptions; // sentences: what the scenario assumes where the evidence is silent
    // False when no exchange can be replayed (a scenario needs a request): then it must not be written.
    bool replayable() const { return !scenario.requests.empty(); }
};

// `result` must hold its exchanges (ReconstructOptions::keepExchanges).
IncidentScenario incidentScenario(const ReconstructResult& result, const ReconstructOptions& options, bool keepBodies);

} // namespace iw
