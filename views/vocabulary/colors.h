// The one colour palette of the workbench: record states, decisions and the alarm colour, shared by the legend, the
// tables, the inspector and the timeline so that a colour means the same thing everywhere. Based on the Okabe–Ito
// palette, which stays distinguishable for the common forms of colour blindness.
#pragma once

#include "domain.h"

#include <QColor>

#include <vector>

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

// The surfaces the timeline and the sequence paint on (the plot, every other lane, the selected lane), named once so
// that the painters and the presenter-mode contrast check read the same colours.
QColor plotBackground();
QColor laneStripeColor();
QColor selectedLaneColor();
// The lesson caption: an opaque dark panel with light type.
QColor captionBackground();
QColor captionTextColor();
QColor captionDimTextColor(); // its step number and keys

// WCAG 2.x: the relative luminance of an sRGB colour (0 black … 1 white) and the contrast ratio of two colours
// (1 … 21; text needs 4.5 to read, and a projector washes colours out further).
double relativeLuminance(const QColor& color);
double contrastRatio(const QColor& a, const QColor& b);

// What presenter mode shows on a projector: each foreground against the background it is drawn on.
struct ContrastPair {
    const char* what;
    QColor foreground;
    QColor background;
};
std::vector<ContrastPair> presenterContrastPairs();

// A light tint of `color` for table cell backgrounds, where the text stays dark and readable.
QColor cellBackground(const QColor& color);
// Black or white, whichever reads better on `background` (labels drawn on timeline bars).
QColor textColorOn(const QColor& background);

} // namespace iw
