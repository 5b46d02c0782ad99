// The service's explanations and rule paths in the GUI's language (docs/glossary.md). Core keeps each sentence and each
// rule-path step once, as an English string literal marked for translation (service.cpp, contexts
// "iw::Explanation" and "iw::RuleStep"), and prints it as written for the command line and the reports; the views
// translate the same literals here and write the numbers as the language does. Built when shown, so a language
// switch re-says them; in English they read exactly as the reports do.
#pragma once

#include "duration.h" // shownDuration, which the explanations fill in
#include "recordrules.h"
#include "service.h"

#include <QString>
#include <QStringList>

namespace iw {

// The stuck-record rule (recordrules.h stuckRuleText) in the GUI's language.
QString shownStuckRule(const StuckRule& rule = {});

// An explanation (Simulation::requestExplanation, outcomeExplanation): each sentence translated and filled in, one
// space between them.
QString shownExplanation(const Explanation& explanation);
// The general sentence of a decision under a policy (explain()).
QString shownExplanation(Decision decision, const ServicePolicy& policy);

// The steps of a rule path (Simulation::requestRulePath), each translated; when a store step failed, the store's
// own words follow the last step in parentheses, as they are.
QStringList shownRuleSteps(const RulePath& path);
// The same on one line, " → " between the steps, as the reports join them.
QString shownRulePath(const RulePath& path);

} // namespace iw
