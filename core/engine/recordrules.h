// Rules about a record that every part of the workbench applies the same way. Today: when an in-progress record is
// "stuck". The records table, the timeline, the inspector, the live view and the live anomaly list all ask here (the
// live inspector evaluates the same rule in SQL; its sentence comes from stuckRuleText()).
#pragma once

#include "domain.h"

#include <optional>
#include <string>

namespace iw {

struct ServicePolicy;

// Stuck: still in progress, and nobody is looking after it any more, so only a lease takeover or an operator can
// finish it. From the record alone (what an operator sees in the table):
//  - its lease has passed (the owner may be dead or merely slow; a retry may now take it over), or
//  - it has no lease and is older than `noLeaseAgeMs` (nobody may ever take it over), or
//  - it is past its expiry: an in-progress record must never be swept (docs/manual/live-tables.md
//  `in_progress_past_expiry`).
// A crashed owner is not stuck by itself: while its lease runs the record is in progress, waiting for the lease.
struct StuckRule {
    Millis noLeaseAgeMs = 5 * 60'000;
};

// The instant an in-progress record claimed at `createdAt` becomes stuck under the rule (the earliest of the three
// clauses that applies; it is stuck once the clock is past this instant, as the service takes a lease over once
// now > lease_until). `leaseUntil` only when a lease is in force.
Millis stuckFrom(
    Millis createdAt, std::optional<Millis> leaseUntil, std::optional<Millis> expiresAt, const StuckRule& rule = {});

// Whether `record` is stuck at `now` (its effective state under `policy` must be in progress: a powertools record
// past its expiry reads as expired, not stuck).
bool recordIsStuck(const Record& record, Millis now, const ServicePolicy& policy, const StuckRule& rule = {});
// The record's stuck instant under `policy` (its lease only counts when the policy has one).
Millis recordStuckFrom(const Record& record, const ServicePolicy& policy, const StuckRule& rule = {});

// The rule in one phrase, with the threshold spelled out: "in progress past its lease; with no lease, older than
// 5 min; or past its expiry".
std::string stuckRuleText(const StuckRule& rule = {});
// Its English template, marked for translation (context "iw::StuckRule"; %1 is the no-lease age), so the views can
// say the same rule in the GUI's language.
extern const char* const kStuckRuleTemplate;

} // namespace iw
