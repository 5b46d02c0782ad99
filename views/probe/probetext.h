// The probe's words in the GUI's language: what each check does, the verdicts and what became of a request. Core keeps
// the command line's English (planProbe's `what`, verdictName, wireOutcomeName); the window says the same here.
#pragma once

#include "probe.h"

#include <QCoreApplication>
#include <QString>

namespace iw {

class ProbeText {
    Q_DECLARE_TR_FUNCTIONS(ProbeText)
public:
    // What the check sends and what it expects, in one line.
    static QString checkWhat(ProbeCheck check, const ProbeOptions& options);
    // Why it cannot run with these options (PlannedCheck::notApplicable), said in the GUI's terms.
    static QString checkNeeds(ProbeCheck check);
    static QString verdict(Verdict verdict);
    static QString outcome(WireOutcome outcome);
};

} // namespace iw
