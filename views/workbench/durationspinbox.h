// A duration field in milliseconds that reads and writes units: "24 h", "500 ms", "1.5 s", "2 d", "90 min". Typing a
// bare number means milliseconds. It is a QSpinBox (value() in milliseconds, valueChanged, arrows step by the unit
// shown), so forms keep their API; the units are the review window's duration editor's (durationUnits()).
#pragma once

#include "domain.h"

#include <QSpinBox>

#include <optional>
#include <utility>
#include <vector>

namespace iw {

// The units a duration is typed in, smallest first: ms, s, min, h, d (translated names).
std::vector<std::pair<QString, Millis>> durationUnits();
// "24 h", "500 ms", "1.5 s": the largest unit that keeps the value exact to a tenth (24 h reads better than 1 d).
QString durationText(Millis ms);
// "24h", "24 h", "1.5 s", "500": milliseconds, or nothing when the text is not a duration.
std::optional<Millis> parseDurationText(const QString& text);

class DurationSpinBox : public QSpinBox {
    Q_OBJECT
public:
    explicit DurationSpinBox(QWidget* parent = nullptr);

    void stepBy(int steps) override;

protected:
    QString textFromValue(int value) const override;
    int valueFromText(const QString& text) const override;
    QValidator::State validate(QString& input, int& pos) const override;
};

} // namespace iw
