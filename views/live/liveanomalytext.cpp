// The anomaly sentences in the GUI's language (see liveanomalytext.h).
#include "liveanomalytext.h"
#include "explanationtext.h"
#include "placeholders.h"
#include "stdtext.h"

#include <QCoreApplication>
#include <QLocale>

#include <algorithm>
#include <climits>
#include <cstdio>
#include <string>
#include <vector>

namespace iw {

QString shownText(const AnomalyText& text)
{
    const int n = text.count ? static_cast<int>(std::clamp<long long>(*text.count, 0, INT_MAX)) : -1;
    const QString pattern = QCoreApplication::translate(kAnomalyTextContext, text.source, nullptr, n);
    std::vector<std::string> values;
    values.reserve(text.args.size());
    for (const AnomalyTextArg& a : text.args) {
        switch (a.kind) {
        case AnomalyTextArg::Kind::Duration:
            values.push_back(shownDuration(a.ms).toStdString());
            break;
        case AnomalyTextArg::Kind::Text:
            values.push_back(a.text);
            break;
        case AnomalyTextArg::Kind::Phrase:
            values.push_back(QCoreApplication::translate(kAnomalyTextContext, a.phrase).toStdString());
            break;
        }
    }
    // Qt has already written %n; the placeholders are filled in one pass, as core fills them.
    return fromStd(fillPlaceholders(pattern.toStdString(), values));
}

QString shownRule(LiveAnomalyKind kind, const AnomalyThresholds& thresholds)
{
    return shownText(anomalyRuleText(kind, thresholds));
}

QString shownThresholdMeaning(LiveAnomalyKind kind)
{
    return QCoreApplication::translate(kAnomalyTextContext, thresholdMeaning(kind).data());
}

QString shownDetail(const LiveAnomaly& anomaly)
{
    if (!anomaly.facts.known)
        return fromStd(anomaly.detail);
    return shownText(anomalyDetailText(anomaly.kind, anomaly.facts));
}

} // namespace iw
