// Durations in the GUI's words (see duration.h).
#include "duration.h"

#include <QCoreApplication>
#include <QLocale>
#include <QRegularExpression>

#include <array>
#include <limits>

namespace iw {

namespace {

// The units' names as an editor shows them; the sentences' templates below carry their own.
constexpr std::array<std::pair<const char*, Millis>, 5> s_units { {
    { QT_TRANSLATE_NOOP("iw::Duration", "ms"), 1 },
    { QT_TRANSLATE_NOOP("iw::Duration", "s"), 1000 },
    { QT_TRANSLATE_NOOP("iw::Duration", "min"), 60'000 },
    { QT_TRANSLATE_NOOP("iw::Duration", "h"), 3'600'000 },
    { QT_TRANSLATE_NOOP("iw::Duration", "d"), 86'400'000 },
} };

// The typographic minus, as the timeline's axis writes negative times ("−200 ms").
const QString s_minus = QStringLiteral("\u2212");

std::uint64_t magnitude(Millis ms)
{
    return ms < 0 ? std::uint64_t(0) - static_cast<std::uint64_t>(ms) : static_cast<std::uint64_t>(ms);
}

} // namespace

QString shownDuration(Millis ms)
{
    const DurationReading r = readDuration(ms);
    const QLocale locale;
    const auto n = [&locale](std::uint64_t v) { return locale.toString(static_cast<qulonglong>(v)); };
    QString text;
    switch (r.unit) {
    case DurationReading::Unit::Ms:
        text = QCoreApplication::translate("iw::Duration", "%1 ms").arg(n(r.count));
        break;
    case DurationReading::Unit::S:
        // The tenth after the language's decimal point: "1.5 s", "1,5 с".
        text = QCoreApplication::translate("iw::Duration", "%1 s")
                   .arg(r.rest ? n(r.count) + locale.decimalPoint() + QString::number(r.rest) : n(r.count));
        break;
    case DurationReading::Unit::Min:
        text = r.rest ? QCoreApplication::translate("iw::Duration", "%1 min %2 s").arg(n(r.count), n(r.rest))
                      : QCoreApplication::translate("iw::Duration", "%1 min").arg(n(r.count));
        break;
    case DurationReading::Unit::H:
        text = r.rest ? QCoreApplication::translate("iw::Duration", "%1 h %2 min").arg(n(r.count), n(r.rest))
                      : QCoreApplication::translate("iw::Duration", "%1 h").arg(n(r.count));
        break;
    case DurationReading::Unit::D:
        text = r.rest ? QCoreApplication::translate("iw::Duration", "%1 d %2 h").arg(n(r.count), n(r.rest))
                      : QCoreApplication::translate("iw::Duration", "%1 d").arg(n(r.count));
        break;
    }
    return r.negative ? s_minus + text : text;
}

std::vector<DurationUnit> durationUnits()
{
    std::vector<DurationUnit> units;
    units.reserve(s_units.size());
    for (const auto& [name, ms] : s_units)
        units.push_back({ QCoreApplication::translate("iw::Duration", name), ms });
    return units;
}

QString editableDuration(Millis ms)
{
    const std::uint64_t v = magnitude(ms);
    const auto units = durationUnits();
    std::size_t unit = 0;
    for (std::size_t i = units.size(); i-- > 1;) {
        // Exact to a tenth of the unit: 1.5 s, 2.5 h; else a smaller unit.
        const auto u = static_cast<std::uint64_t>(units[i].ms);
        if (v >= u && (v % u) % (u / 10) == 0) {
            unit = i;
            break;
        }
    }
    if (units[unit].ms == 86'400'000 && v < 2 * 86'400'000ULL && v % 3'600'000 == 0)
        unit -= 1; // "24 h" reads better than "1 d"
    const auto u = static_cast<std::uint64_t>(units[unit].ms);
    const QLocale locale;
    QString number = locale.toString(static_cast<qulonglong>(v / u));
    if (const std::uint64_t tenth = u >= 10 ? (v % u) / (u / 10) : 0)
        number += locale.decimalPoint() + QString::number(tenth);
    return (ms < 0 ? s_minus : QString()) + number + QLatin1Char(' ') + units[unit].name;
}

std::optional<Millis> parseDuration(const QString& text)
{
    // A number (digits, with decimal points, group separators or spaces between them), then a unit in any script.
    static const QRegularExpression re(
        QStringLiteral("^\\s*([0-9](?:[0-9_,.\\s\\x{00A0}\\x{202F}]*[0-9])?)\\s*(\\p{L}*)\\s*$"));
    const auto match = re.match(text);
    if (!match.hasMatch())
        return std::nullopt;
    // The locale's number format: its group separator and spaces group digits; ',' is a decimal point where the
    // locale's is one ("1,5 с"), else it groups ("1,500 ms"); '.' is a decimal point in every language the GUI speaks.
    const QLocale locale;
    const QString decimalPoint = locale.decimalPoint();
    QString digits = match.captured(1);
    if (locale.groupSeparator() != decimalPoint)
        digits.remove(locale.groupSeparator());
    static const QRegularExpression grouping(QStringLiteral("[_\\s\\x{00A0}\\x{202F}]"));
    digits.remove(grouping);
    if (decimalPoint == QLatin1String(","))
        digits.replace(QLatin1Char(','), QLatin1Char('.'));
    else
        digits.remove(QLatin1Char(','));
    if (digits.count(QLatin1Char('.')) > 1)
        return std::nullopt;

    const QString unitText = match.captured(2).toLower();
    Millis unitMs = 1;
    if (!unitText.isEmpty()) {
        // The language's units first, then the English ones, which are understood in every language.
        bool found = false;
        for (const DurationUnit& unit : durationUnits()) {
            if (unitText == unit.name.toLower()) {
                unitMs = unit.ms;
                found = true;
                break;
            }
        }
        for (std::size_t i = 0; !found && i < s_units.size(); ++i) {
            if (unitText == QLatin1String(s_units[i].first)) {
                unitMs = s_units[i].second;
                found = true;
            }
        }
        if (!found)
            return std::nullopt;
    }

    // In integers, so every Millis is read back exactly (a double holds 53 bits), and overflow is checked.
    constexpr auto largest = static_cast<std::uint64_t>(std::numeric_limits<Millis>::max());
    const auto unit = static_cast<std::uint64_t>(unitMs);
    const qsizetype point = digits.indexOf(QLatin1Char('.'));
    std::uint64_t total = 0;
    for (const QChar c : point < 0 ? digits : digits.left(point)) {
        if (__builtin_mul_overflow(total, 10, &total) || __builtin_add_overflow(total, c.unicode() - u'0', &total)
            || total > largest)
            return std::nullopt;
    }
    if (__builtin_mul_overflow(total, unit, &total) || total > largest)
        return std::nullopt;
    if (point >= 0) {
        // The fraction f / 10^k of the unit, rounded half up to a millisecond, by long division of f × unit by
        // 10^k a digit at a time (every step fits 64 bits); digits beyond the 18th are not read.
        const QString fraction = digits.mid(point + 1).left(18);
        std::uint64_t scale = 1;
        for (qsizetype k = 0; k < fraction.size(); ++k)
            scale *= 10;
        std::uint64_t quotient = 0;
        std::uint64_t remainder = 0;
        for (const QChar c : fraction) {
            const std::uint64_t step = remainder * 10 + static_cast<std::uint64_t>(c.unicode() - u'0') * unit;
            quotient = quotient * 10 + step / scale;
            remainder = step % scale;
        }
        if (remainder * 2 >= scale)
            ++quotient;
        if (__builtin_add_overflow(total, quotient, &total) || total > largest)
            return std::nullopt;
    }
    return static_cast<Millis>(total);
}

} // namespace iw
