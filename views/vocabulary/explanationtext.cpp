// The service's explanations and rule paths in the GUI's language (see explanationtext.h).
#include "explanationtext.h"

#include <QCoreApplication>
#include <QLocale>

#include <cstdio>

namespace iw {

namespace {

QString number(long long n)
{
    return QLocale().toString(static_cast<qlonglong>(n));
}

} // namespace

QString shownDuration(Millis ms)
{
    // The same rounding as formatDurationMs (core/engine/domain.cpp), so a rule reads the same figure in the window
    // as on the command line; only the units and the number format are the language's.
    const bool negative = ms < 0;
    const long long v = negative ? -static_cast<long long>(ms) : static_cast<long long>(ms);
    QString text;
    if (v < 1000) {
        text = QCoreApplication::translate("iw::Duration", "%1 ms").arg(number(v));
    } else if (v < 60'000) {
        // printf's rounding of the tenth, as core's; the decimal point is the locale's.
        char buf[32];
        std::snprintf(buf, sizeof buf, v % 1000 ? "%.1f" : "%.0f", static_cast<double>(v) / 1000);
        text = QCoreApplication::translate("iw::Duration", "%1 s")
                   .arg(QString::fromLatin1(buf).replace(QLatin1Char('.'), QLocale().decimalPoint()));
    } else if (v < 3'600'000) {
        const long long s = (v + 500) / 1000;
        text = s % 60 ? QCoreApplication::translate("iw::Duration", "%1 min %2 s").arg(number(s / 60), number(s % 60))
                      : QCoreApplication::translate("iw::Duration", "%1 min").arg(number(s / 60));
    } else if (v < 86'400'000) {
        const long long m = (v + 30'000) / 60'000;
        text = m % 60 ? QCoreApplication::translate("iw::Duration", "%1 h %2 min").arg(number(m / 60), number(m % 60))
                      : QCoreApplication::translate("iw::Duration", "%1 h").arg(number(m / 60));
    } else {
        const long long h = (v + 1'800'000) / 3'600'000;
        text = h % 24 ? QCoreApplication::translate("iw::Duration", "%1 d %2 h").arg(number(h / 24), number(h % 24))
                      : QCoreApplication::translate("iw::Duration", "%1 d").arg(number(h / 24));
    }
    return negative ? QLocale().negativeSign() + text : text;
}

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
