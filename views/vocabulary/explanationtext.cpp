// The service's explanations and rule paths in the GUI's language (see explanationtext.h).
#include "explanationtext.h"

#include <QCoreApplication>
#include <QLocale>

namespace iw {

QString shownStuckRule(const StuckRule& rule)
{
    return QCoreApplication::translate("iw::StuckRule", kStuckRuleTemplate).arg(shownDuration(rule.noLeaseAgeMs));
}

QString shownExplanation(const Explanation& explanation)
{
    QStringList sentences;
    sentences.reserve(qsizetype(explanation.size()));
    for (const ExplanationSentence& s : explanation) {
        QString text = QCoreApplication::translate(kExplanationContext, s.source);
        for (const long long n : s.numbers)
            text = text.arg(QLocale().toString(qlonglong(n)));
        sentences << text;
    }
    return sentences.join(QLatin1Char(' '));
}

QString shownExplanation(Decision decision, const ServicePolicy& policy)
{
    return shownExplanation(decisionExplanation(decision, policy));
}

QStringList shownRuleSteps(const RulePath& path)
{
    QStringList steps;
    steps.reserve(qsizetype(path.steps.size()));
    for (const char* step : path.steps)
        steps << QCoreApplication::translate(kRuleStepContext, step);
    if (!path.storeError.empty()) {
        const QString words = QStringLiteral(" (") + QString::fromStdString(path.storeError) + QLatin1Char(')');
        if (steps.isEmpty())
            steps << words;
        else
            steps.last() += words;
    }
    return steps;
}

QString shownRulePath(const RulePath& path)
{
    return shownRuleSteps(path).join(QStringLiteral(" → "));
}

} // namespace iw
