// The live anomalies' sentences in the GUI's language (docs/glossary.md). core/live keeps each sentence once, as an
// English template with the facts that fill it (liveanomalies.h), and prints it in English for the command line and the
// reports; the live views translate the same template (context "iw::LiveAnomalies") and fill it with the same facts,
// durations and numbers written as the language writes them. Built when shown, so a language switch re-says them.
#pragma once

#include "liveanomalies.h"

#include <QString>

namespace iw {

// A core sentence in the GUI's language.
QString shownText(const AnomalyText& text);
// The rule of a kind with its threshold ("in progress past its lease; with no lease, older than 5 min").
QString shownRule(LiveAnomalyKind kind, const AnomalyThresholds& thresholds);
// What a kind's threshold measures ("age without a lease").
QString shownThresholdMeaning(LiveAnomalyKind kind);
// A listed anomaly's detail, from its facts; an anomaly that carries none shows its English detail as it is.
QString shownDetail(const LiveAnomaly& anomaly);

} // namespace iw
