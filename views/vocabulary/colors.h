// The one colour palette of the workbench: record states, decisions and the alarm colour, shared by the legend, the
// tables, the inspector and the timeline so that a colour means the same thing everywhere. Based on the Okabe–Ito
// palette, which stays distinguishable for the common forms of colour blindness.
#pragma once

#include "domain.h"

#include <QColor>

namespace iw {

QColor stateColor(RecordState state);
QColor decisionColor(Decision decision);
// Duplicate effects and anything else the user must not miss.
QColor alarmColor();
// An in-progress record nobody will finish: past its lease, or (without a lease) past its expiry.
QColor stuckColor();
// What an expired record leaves behind under `after_expiry: tombstone`.
QColor tombstoneColor();
// An effect (the business action ran) that is not a duplicate.
QColor effectColor();

// A light tint of `color` for table cell backgrounds, where the text stays dark and readable.
QColor cellBackground(const QColor& color);
// Black or white, whichever reads better on `background` (labels drawn on timeline bars).
QColor textColorOn(const QColor& background);

} // namespace iw
