// Names, rules and sentences of the live-table anomalies. The sentences are templates marked for the GUI's
// translation (lupdate reads this file for the live view's room, context "iw::LiveAnomalies"); this file fills them
// in English for the command line and the reports.
#include "liveanomalies.h"

#include "nametable.h"
#include "placeholders.h"

#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <utility>

// Qt's markers when a Qt header defined them, else the same no-ops: lupdate only needs to see the calls
// (QT_TRANSLATE_N_NOOP: a template with %n, translated in its plural forms).
#ifndef QT_TRANSLATE_NOOP
#define QT_TRANSLATE_NOOP(scope, x) x
#endif
#ifndef QT_TRANSLATE_N_NOOP
#define QT_TRANSLATE_N_NOOP(scope, x) x
#endif

namespace iw {

namespace {

AnomalyTextArg duration(Millis ms)
{
    AnomalyTextArg a;
    a.kind = AnomalyTextArg::Kind::Duration;
    a.ms = ms;
    return a;
}

AnomalyTextArg text(std::string value)
{
    AnomalyTextArg a;
    a.kind = AnomalyTextArg::Kind::Text;
    a.text = std::move(value);
    return a;
}

AnomalyTextArg phrase(const char* source)
{
    AnomalyTextArg a;
    a.kind = AnomalyTextArg::Kind::Phrase;
    a.phrase = source;
    return a;
}

} // namespace

std::string englishText(const AnomalyText& t)
{
    std::vector<std::string> values;
    values.reserve(t.args.size());
    for (const AnomalyTextArg& a : t.args) {
        switch (a.kind) {
        case AnomalyTextArg::Kind::Duration:
            values.push_back(formatDurationMs(a.ms));
            break;
        case AnomalyTextArg::Kind::Text:
            values.push_back(a.text);
            break;
        case AnomalyTextArg::Kind::Phrase:
            values.emplace_back(a.phrase ? a.phrase : "");
            break;
        }
    }
    return fillPlaceholders(t.source, values, t.count);
}

constexpr auto s_anomalyKindNames = nameTable<LiveAnomalyKind>({
    { LiveAnomalyKind::StuckInProgress, "stuck_in_progress" },
    { LiveAnomalyKind::ExpiredNotSwept, "expired_not_swept" },
    { LiveAnomalyKind::CompletedWithoutResponse, "completed_without_response" },
    { LiveAnomalyKind::SuspectedKeyRegeneration, "suspected_key_regeneration" },
    { LiveAnomalyKind::InProgressPastExpiry, "in_progress_past_expiry" },
    { LiveAnomalyKind::TimeOutOfRange, "time_out_of_range" },
});

std::string_view anomalyKindName(LiveAnomalyKind kind)
{
    return nameOf(s_anomalyKindNames, kind);
}

std::optional<LiveAnomalyKind> anomalyKindFromName(std::string_view name)
{
    return valueOf(s_anomalyKindNames, name);
}

std::string_view thresholdMeaning(LiveAnomalyKind kind)
{
    switch (kind) {
    case LiveAnomalyKind::StuckInProgress:
        return QT_TRANSLATE_NOOP("iw::LiveAnomalies", "age without a lease");
    case LiveAnomalyKind::ExpiredNotSwept:
        return QT_TRANSLATE_NOOP("iw::LiveAnomalies", "grace after expiry");
    case LiveAnomalyKind::CompletedWithoutResponse:
        return QT_TRANSLATE_NOOP("iw::LiveAnomalies", "grace after completion");
    case LiveAnomalyKind::SuspectedKeyRegeneration:
        return QT_TRANSLATE_NOOP("iw::LiveAnomalies", "window between keys");
    case LiveAnomalyKind::InProgressPastExpiry:
        return QT_TRANSLATE_NOOP("iw::LiveAnomalies", "grace after expiry");
    case LiveAnomalyKind::TimeOutOfRange:
        return QT_TRANSLATE_NOOP("iw::LiveAnomalies", "not used");
    }
    return "";
}

AnomalyText anomalyRuleText(LiveAnomalyKind kind, const AnomalyThresholds& t)
{
    const bool grace = t[kind] > 0;
    switch (kind) {
    case LiveAnomalyKind::StuckInProgress:
        return { QT_TRANSLATE_NOOP("iw::LiveAnomalies", "in progress past its lease; with no lease, older than %1"),
            { duration(t[kind]) }, {} };
    case LiveAnomalyKind::ExpiredNotSwept:
        if (grace)
            return { QT_TRANSLATE_NOOP(
                         "iw::LiveAnomalies", "terminal and past its expiry by more than %1, yet still in the table"),
                { duration(t[kind]) }, {} };
        return { QT_TRANSLATE_NOOP("iw::LiveAnomalies", "terminal and past its expiry, yet still in the table"), {},
            {} };
    case LiveAnomalyKind::CompletedWithoutResponse:
        if (grace)
            return { QT_TRANSLATE_NOOP(
                         "iw::LiveAnomalies", "completed more than %1 ago with neither a status nor a body to replay"),
                { duration(t[kind]) }, {} };
        return { QT_TRANSLATE_NOOP("iw::LiveAnomalies", "completed with neither a status nor a body to replay"), {},
            {} };
    case LiveAnomalyKind::SuspectedKeyRegeneration:
        return { QT_TRANSLATE_NOOP("iw::LiveAnomalies",
                     "same actor, operation and fingerprint under different keys created within %1 of each other "
                     "(rows of the last %2)"),
            { duration(t[kind]), duration(t.regenerationLookbackMs) }, {} };
    case LiveAnomalyKind::InProgressPastExpiry:
        if (grace)
            return { QT_TRANSLATE_NOOP("iw::LiveAnomalies",
                         "in progress and past its expiry by more than %1: must not be swept, needs reconciliation"),
                { duration(t[kind]) }, {} };
        return { QT_TRANSLATE_NOOP(
                     "iw::LiveAnomalies", "in progress and past its expiry: must not be swept, needs reconciliation"),
            {}, {} };
    case LiveAnomalyKind::TimeOutOfRange:
        return { QT_TRANSLATE_NOOP("iw::LiveAnomalies",
                     "a time column holds a number that is no time in its unit (beyond ±2^53 ms: nanoseconds read as "
                     "seconds, a sentinel such as 9223372036854775807); the row is still read, without that time"),
            {}, {} };
    }
    return {};
}

std::string anomalyRule(LiveAnomalyKind kind, const AnomalyThresholds& t)
{
    return englishText(anomalyRuleText(kind, t));
}

AnomalyText anomalyDetailText(LiveAnomalyKind kind, const LiveAnomalyFacts& f)
{
    const AnomalyTextArg age
        = f.ageMs ? duration(*f.ageMs) : phrase(QT_TRANSLATE_NOOP("iw::LiveAnomalies", "an unknown time"));
    switch (kind) {
    case LiveAnomalyKind::StuckInProgress:
        if (f.leaseEndedAgoMs)
            return { QT_TRANSLATE_NOOP("iw::LiveAnomalies",
                         "in progress for %1; its lease ended %2 ago and nobody has taken it over"),
                { age, duration(*f.leaseEndedAgoMs) }, {} };
        return { QT_TRANSLATE_NOOP("iw::LiveAnomalies",
                     "in progress for %1 with no lease (threshold %2): nothing will move it on but a human"),
            { age, duration(f.thresholdMs) }, {} };
    case LiveAnomalyKind::ExpiredNotSwept:
        if (f.markedExpired)
            return { QT_TRANSLATE_NOOP("iw::LiveAnomalies",
                         "marked expired and still in the table: the sweep is not running or is behind"),
                {}, {} };
        return { QT_TRANSLATE_NOOP("iw::LiveAnomalies",
                     "completed, expired %1 ago and still in the table: the sweep is not running or is behind"),
            { duration(f.agoMs) }, {} };
    case LiveAnomalyKind::CompletedWithoutResponse:
        return { QT_TRANSLATE_NOOP(
                     "iw::LiveAnomalies", "completed %1 ago with no stored status or body: a retry cannot be replayed"),
            { duration(f.agoMs) }, {} };
    case LiveAnomalyKind::InProgressPastExpiry:
        return { QT_TRANSLATE_NOOP("iw::LiveAnomalies",
                     "in progress for %1 and past its expiry by %2: must not be swept; it needs reconciliation"),
            { age, duration(f.agoMs) }, {} };
    case LiveAnomalyKind::SuspectedKeyRegeneration:
        return { QT_TRANSLATE_NOOP("iw::LiveAnomalies",
                     "same actor, operation and fingerprint as key \"%1\" created %2 earlier: a client minting a new "
                     "key on every retry"),
            { text(f.otherKey), duration(f.agoMs) }, {} };
    case LiveAnomalyKind::TimeOutOfRange:
        if (f.field.empty())
            return { QT_TRANSLATE_NOOP("iw::LiveAnomalies", "a time column holds a value that is no time in its unit"),
                {}, {} };
        if (f.rawChars > f.rawValue.size())
            return { QT_TRANSLATE_N_NOOP("iw::LiveAnomalies",
                         "%1 (column %2, %3) holds %4… (%n characters), which is no time in that unit (beyond ±2^53 "
                         "ms); the row is read without it"),
                { text(f.field), text(f.column), text(f.unit), text(f.rawValue) }, static_cast<long long>(f.rawChars) };
        return { QT_TRANSLATE_NOOP("iw::LiveAnomalies",
                     "%1 (column %2, %3) holds %4, which is no time in that unit (beyond ±2^53 ms); the row is read "
                     "without it"),
            { text(f.field), text(f.column), text(f.unit), text(f.rawValue) }, {} };
    }
    return {};
}

std::string anomalyDetail(LiveAnomalyKind kind, const LiveAnomalyFacts& facts)
{
    return englishText(anomalyDetailText(kind, facts));
}

std::string formatEpochMs(Millis ms)
{
    const std::time_t seconds = static_cast<std::time_t>(ms >= 0 ? ms / 1000 : (ms - 999) / 1000);
    const int millis = static_cast<int>(ms - static_cast<Millis>(seconds) * 1000);
    std::tm tm {};
    gmtime_r(&seconds, &tm);
    char buf[64];
    std::snprintf(buf, sizeof buf, "%04d-%02d-%02d %02d:%02d:%02d.%03d UTC", tm.tm_year + 1900, tm.tm_mon + 1,
        tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, millis);
    return buf;
}

} // namespace iw
