// The sequence's texts in the GUI's language (see sequencetext.h).
#include "sequencetext.h"

#include "explanationtext.h"
#include "placeholders.h"
#include "stdtext.h"

#include <QCoreApplication>
#include <QLocale>

#include <string>
#include <vector>

namespace iw {

QString shownText(const SequenceText& text)
{
    if (!*text.source)
        return {};
    std::vector<std::string> values;
    values.reserve(text.args.size());
    for (const SequenceTextArg& a : text.args) {
        switch (a.kind) {
        case SequenceTextArg::Kind::Token:
            values.push_back(a.token);
            break;
        case SequenceTextArg::Kind::Number:
            values.push_back(QLocale().toString(static_cast<qlonglong>(a.number)).toStdString());
            break;
        case SequenceTextArg::Kind::Duration:
            values.push_back(shownDuration(a.number).toStdString());
            break;
        case SequenceTextArg::Kind::Text:
            values.push_back(a.text.empty() ? std::string() : shownText(a.text.front()).toStdString());
            break;
        case SequenceTextArg::Kind::RuleSteps: {
            RulePath path;
            if (a.steps) {
                path.steps.reserve(a.steps->size());
                for (const std::string& step : *a.steps)
                    path.steps.push_back(step.c_str());
            }
            values.push_back(shownRulePath(path).toStdString());
            break;
        }
        case SequenceTextArg::Kind::Explanation:
            values.push_back(a.explanation ? shownExplanation(*a.explanation).toStdString() : std::string());
            break;
        }
    }
    // The values are filled in one pass, as core fills them: a key's own "%2" stays as it is.
    return fromStd(
        fillPlaceholders(QCoreApplication::translate(kSequenceTextContext, text.source).toStdString(), values));
}

QString shownLaneName(const SequenceLane& lane)
{
    return shownText(sequenceLaneName(lane));
}

QString shownLabel(const SequenceItem& item)
{
    return shownText(sequenceLabel(item));
}

QString shownDetail(const SequenceModel& model, const SequenceItem& item)
{
    return shownText(sequenceDetail(model, item));
}

} // namespace iw
