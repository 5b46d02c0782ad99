// A live table's page on the timeline (docs/manual/running.md "Live database"): one lane per record, its life so far as
// bars — in progress, completed, expired, stuck — with the lease and expiry marked, through TimelineModel's plain API.
#pragma once

#include "liveinspector.h"
#include "timelinemodel.h"

namespace iw {

// Replaces the model's content with `records` (lane i is record i, whose Selection scope is i). The timeline's
// time is milliseconds since the returned origin (epoch milliseconds): the earliest instant any record shows, so
// every time is ≥ 0. The timeline's "now" is `nowMs - origin`.
Millis feedTimeline(
    TimelineModel& model, const std::vector<LiveRecord>& records, Millis nowMs, const AnomalyThresholds& thresholds);

} // namespace iw
