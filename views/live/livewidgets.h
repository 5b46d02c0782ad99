// The pieces both live windows build from — the PostgreSQL table's (LiveWindow) and the ones read along a cursor
// (CursorLiveWindow: a Redis keyspace, a MySQL table) — so that a page reads the same in each: the records table, the
// timeline of the page and its caption, the Record dock beside the anomalies, a rule's duration in Rules….
#pragma once

#include "liveinspector.h"

#include <functional>
#include <vector>

class QAction;
class QByteArray;
class QComboBox;
class QDockWidget;
class QFormLayout;
class QLabel;
class QLineEdit;
class QMainWindow;
class QString;
class QTableView;
class QToolBar;
class QWidget;

namespace iw {

class DurationSpinBox;
class LiveRecordPanel;
class LiveRecordsModel;
class TimelineView;

// The page's records, a row selected at a time, the anomalies beside the state (in sight in a window of a laptop's
// width; the fingerprint goes last).
QTableView* makeRecordsView(LiveRecordsModel* records, QWidget* parent);

// Selects `row` of the records view and scrolls to it (out of range: selects none).
void showRecordRow(QTableView* view, int row);

// The line under the timeline that says what its axis counts from, in a smaller font.
QLabel* makeTimeCaption(QWidget* parent);

// Puts `records` on the timeline, "now" at `nowMs`, and returns the new origin (feedTimeline). A new page is fitted to
// its records; the same page read again keeps the instants looked at in view when its origin moved from
// `previousOrigin`.
Millis showPageOnTimeline(TimelineView* timeline, const std::vector<LiveRecord>& records, Millis nowMs,
    const AnomalyThresholds& thresholds, Millis previousOrigin, bool newPage);

// The Record dock (the selected record read whole) on the window's right, tabbed behind `anomaliesDock`, which is
// raised and made `width` pixels wide.
QDockWidget* addRecordDock(QMainWindow* window, LiveRecordPanel* panel, QDockWidget* anomaliesDock, int width);

// Writes an export of the snapshot on screen, `shown` (taken at `when`), to `path`: `bytes`, beside it and renamed into
// place. Says how it went in `window`'s status line — every anomaly exported, or those listed of how many — and a
// failure in a message box when the user asked for the export there (`interactive`), else in the status line.
// Returns the failure ("" when written).
QString writeLiveExport(QMainWindow* window, const QString& path, const QByteArray& bytes, const LiveSnapshot& shown,
    const QString& when, bool interactive);

// How a live window lists the anomalies: the oldest of each kind first, the newest first, or the oldest first and
// every anomaly also counted per actor (inspect's --order newest and --by actor).
enum class LiveAnomalyListing { Oldest, Newest, ByActor };

// The anomalies dock's "List:" choice: a box whose items are the listings, in that order, with its label as buddy.
QComboBox* makeAnomalyListingBox(QWidget* parent, QLabel* label);
void retranslateAnomalyListingBox(QComboBox* box, QLabel* label);
LiveAnomalyListing anomalyListingOf(const QComboBox* box);
void setAnomalyListingOf(QComboBox* box, LiveAnomalyListing listing);
// What a snapshot is asked for to list them so: newestAnomaliesFirst and byActorLimit (the rules' list limit).
void applyAnomalyListing(LiveSnapshotOptions& options, LiveAnomalyListing listing);

// A kind's colour as a small square, before its name in rich text.
QString anomalyChip(LiveAnomalyKind kind);
// The anomalies of a snapshot counted by actor, as rich text (the actors with the most first, the first few by name,
// the rest counted); empty when it was not asked for or no actor has any.
QString anomaliesByActorHtml(const LiveSnapshot& snapshot);
// The business rows each key of a suspected_key_regeneration caused (the mapping's effects), as rich-text lines each
// starting with <br>; empty for another kind or when the snapshot read no effects.
QString anomalyEffectsHtml(const LiveSnapshot& snapshot, const LiveAnomaly& anomaly);

// A rule's duration in the rules dialog: the GUI's duration field on a row of `form`.
DurationSpinBox* addDurationRow(
    QWidget* parent, QFormLayout* form, const QString& label, Millis ms, const QString& tip);

// The Go bar's widgets, the same in every live window: what Go to compares with (item 0 an idempotency key, item 1 a
// key-order value), the value, and the time (now, to the second, in UTC); and the actions Go to time, Go to key…
// (Ctrl+G, to the value's field) and Go to time… (Ctrl+T, to the time's field), which the window places in its menus.
// The texts are the window's own (its retranslation).
struct SeekBar {
    QComboBox* mode = nullptr;
    QLineEdit* key = nullptr;
    QLineEdit* time = nullptr;
    QAction* goTime = nullptr;
    QAction* goKey = nullptr;
    QAction* goTimeField = nullptr;
};

// What the window does when a seek is asked: Return in the value's field goes to a key or a key-order value (by the
// mode), Return in the time's field or Go to time goes to the time typed; `modeChosen` follows a change of mode.
struct SeekHandlers {
    std::function<void(const QString&)> goToKey;
    std::function<void(const QString&)> goToKeyOrder;
    std::function<void(const QString&)> goToTime;
    std::function<void()> modeChosen;
};

// Adds the mode, value and time fields to `bar` and makes the three actions (owned by `owner`; Go to time is not
// placed on the bar).
SeekBar fillSeekBar(QToolBar* bar, QWidget* owner, SeekHandlers handlers);

} // namespace iw
