// The duration field (see durationspinbox.h).
#include "durationspinbox.h"

#include <QCoreApplication>
#include <QEvent>
#include <QLocale>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <initializer_list>

namespace iw {

std::vector<std::pair<QString, Millis>> durationUnits()
{
    const auto tr = [](const char* s) { return QCoreApplication::translate("iw::ReviewWindow", s); };
    return { { tr("ms"), 1 }, { tr("s"), 1000 }, { tr("min"), 60'000 }, { tr("h"), 3'600'000 },
        { tr("d"), 86'400'000 } };
}

QString durationText(Millis ms)
{
    const auto units = durationUnits();
    std::size_t unit = 0;
    for (std::size_t i = units.size(); i-- > 0;) {
        // Exact to a tenth of the unit: 1.5 s, 2.5 h; else a smaller unit.
        if (ms >= units[i].second && (ms * 10) % units[i].second == 0) {
            unit = i;
            break;
        }
    }
    if (units[unit].second == 86'400'000 && ms < 2 * 86'400'000 && ms % 3'600'000 == 0)
        unit -= 1; // "24 h" reads better than "1 d"
    const double value = double(ms) / double(units[unit].second);
    const QLocale locale;
    const QString number
        = std::fmod(value, 1.0) == 0 ? locale.toString(qlonglong(value)) : locale.toString(value, 'f', 1);
    return number + QLatin1Char(' ') + units[unit].first;
}

std::optional<Millis> parseDurationText(const QString& text)
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
    bool ok = false;
    const double number = digits.toDouble(&ok);
    if (!ok)
        return std::nullopt;
    const QString unitText = match.captured(2).toLower();
    Millis unitMs = 1;
    if (!unitText.isEmpty()) {
        // The language's units first, then the English ones, which are understood in every language.
        auto units = durationUnits();
        for (const auto& [name, ms] : std::initializer_list<std::pair<const char*, Millis>> {
                 { "ms", 1 }, { "s", 1000 }, { "min", 60'000 }, { "h", 3'600'000 }, { "d", 86'400'000 } })
            units.emplace_back(QString::fromLatin1(name), ms);
        bool found = false;
        for (const auto& [name, ms] : units) {
            if (unitText == name.toLower()) {
                unitMs = ms;
                found = true;
                break;
            }
        }
        if (!found)
            return std::nullopt;
    }
    return std::llround(number * double(unitMs));
}

DurationSpinBox::DurationSpinBox(QWidget* parent)
    : QSpinBox(parent)
{
    setAccelerated(true);
    setCorrectionMode(QAbstractSpinBox::CorrectToNearestValue);
}

void DurationSpinBox::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        // The text shown and the size hint measured from it are the previous language's: setting the suffix again
        // redoes both (QSpinBox has no other public way to show its value anew).
        setSuffix(suffix());
    }
    QSpinBox::changeEvent(event);
}

QString DurationSpinBox::textFromValue(int value) const
{
    return durationText(value);
}

int DurationSpinBox::valueFromText(const QString& text) const
{
    const auto ms = parseDurationText(text);
    return ms ? int(std::clamp<Millis>(*ms, minimum(), maximum())) : value();
}

QValidator::State DurationSpinBox::validate(QString& input, int& pos) const
{
    Q_UNUSED(pos);
    if (const auto ms = parseDurationText(input))
        return *ms >= minimum() && *ms <= maximum() ? QValidator::Acceptable : QValidator::Intermediate;
    // A number being typed, or a unit half-typed ("24 m" on the way to "24 min").
    static const QRegularExpression partial(QStringLiteral("^\\s*[0-9][0-9_,.\\s\\x{00A0}\\x{202F}]*\\p{L}*\\s*$"));
    return input.trimmed().isEmpty() || partial.match(input).hasMatch() ? QValidator::Intermediate
                                                                        : QValidator::Invalid;
}

void DurationSpinBox::stepBy(int steps)
{
    // Arrows step by the unit shown: 24 h → 25 h, 500 ms → 501 ms.
    const auto ms = parseDurationText(durationText(value()));
    Millis unit = 1;
    const QString shown = durationText(value());
    for (const auto& [name, unitMs] : durationUnits())
        if (shown.endsWith(QLatin1Char(' ') + name))
            unit = unitMs;
    (void)ms;
    setValue(int(std::clamp<Millis>(Millis(value()) + steps * unit, minimum(), maximum())));
}

} // namespace iw
