// Anomaly rules per live table (issue 25 item 9): what the user set in Rules… for a table is remembered for that
// table (on that server, as that user) and applied when it is opened again — in the window and in the table
// chooser's preview — and never carried over to another table.
#pragma once

#include "liveanomalies.h"

#include <QString>

#include <optional>

class QDialog;
class QFormLayout;

namespace iw {

// The rules remembered for `table` (its display name) at `endpoint` (LiveSession::endpoint()), or nullopt.
std::optional<AnomalyThresholds> rememberedRules(const QString& endpoint, const QString& table);
// Remembers them; rules equal to the defaults are forgotten instead.
void rememberRules(const QString& endpoint, const QString& table, const AnomalyThresholds& rules);
// "the default rules" or "stuck_in_progress 10 min (default 5 min), listed per kind 20 (default 100)".
QString rulesDifference(const AnomalyThresholds& rules);

// How a Rules… dialog ended.
enum class RulesAnswer { Cancelled, Defaults, Chosen };
// Ends a Rules… dialog laid out on `form` — "Listed per kind" (starting at `listLimit`), then OK, Cancel and Restore
// Defaults — and runs it. On Chosen, `listLimit` is the number chosen and the caller reads its own fields.
RulesAnswer runRulesDialog(QDialog& dialog, QFormLayout* form, int& listLimit);

} // namespace iw
