// Durations in the GUI's words: one reading for every view (the inspector's TTL bar, the timeline's tooltips and
// ΔT, the tables, the review's figures, the lesson's steps), rounded by core's one rule (readDuration) and worded
// in the language in use, and the exact text an editor shows and reads back (DurationSpinBox).
#pragma once

#include "domain.h"

#include <QString>

#include <optional>
#include <vector>

namespace iw {

// A duration rounded as core's formatDurationMs rounds it ("850 ms", "1.5 s", "1 min 31 s", "2 d 4 h"), in the GUI's
// units and number format (context "iw::Duration"); in English it reads as the reports do, but for the typographic
// minus ("−1.5 s", as the timeline's axis writes negative times) and digits grouped from a thousand on.
QString shownDuration(Millis ms);

// The units a duration is typed in, smallest first: ms, s, min, h, d, each named in the GUI's language.
struct DurationUnit {
    QString name;
    Millis ms = 1;
};
std::vector<DurationUnit> durationUnits();

// The exact text an editor shows: the largest unit that keeps the value exact to a tenth ("24 h", "500 ms",
// "1.5 s", "1,550 ms"; 24 h reads better than 1 d), the number in the default locale's format. parseDuration reads
// every such text back to the same value.
QString editableDuration(Millis ms);

// "24h", "24 h", "1.5 s", "500", "1,5 с" (in Russian): milliseconds, or nothing when the text is not a duration or
// does not fit a Millis. A bare number is milliseconds. The number may use the default locale's decimal point and
// group separator, and '.' as a decimal point in any; the unit is the language's or English (understood in every
// language). A fraction of a millisecond rounds half away from zero.
std::optional<Millis> parseDuration(const QString& text);

} // namespace iw
