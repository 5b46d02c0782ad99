// A duration field in milliseconds that reads and writes units: "24 h", "500 ms", "1.5 s", "2 d", "90 min". Typing a
// bare number means milliseconds. It is a QSpinBox (value() in milliseconds, valueChanged, arrows step by the unit
// shown), so forms keep their API; the units are the review window's duration editor's (durationUnits()), in the
// GUI's language, and the number is in its locale's format ("1,5 с"); the English units are understood in any.
#pragma once

#include "domain.h"

#include <QSpinBox>

#include <optional>
#include <utility>
#include <vector>

namespace iw {

// The units a duration is typed in, smallest first: ms, s, min, h, d (translated names).
std::vector<std::pair<QString, Millis>> durationUnits();
// "24 h", "500 ms", "1.5 s": the largest unit that keeps the value exact to a tenth (24 h reads better than 1 d), the
// number in the default locale's format.
QString durationText(Millis ms);
// "24h", "24 h", "1.5 s", "500", "1,5 с" (in Russian): milliseconds, or nothing when the text is not a duration. The
// number may use the default locale's decimal point and group separator; the unit is the language's or English.
std::optional<Millis> parseDurationText(const QString& text);

class DurationSpinBox : public QSpinBox {
    Q_OBJECT
public:
    explicit DurationSpinBox(QWidget* parent = nullptr);

    void stepBy(int steps) override;

protected:
    // QEvent::LanguageChange: the units and the number format are the new language's.
    void changeEvent(QEvent* event) override;
    QString textFromValue(int value) const override;
    int valueFromText(const QString& text) const override;
    QValidator::State validate(QString& input, int& pos) const override;
};

} // namespace iw
