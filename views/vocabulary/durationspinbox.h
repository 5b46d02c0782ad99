// A duration field in milliseconds that reads and writes units: "24 h", "500 ms", "1.5 s", "2 d", "90 min". Typing a
// bare number means milliseconds; the arrows step by the unit shown (24 h → 25 h). The whole range of a Millis, so a
// ten-year TTL is shown as it is and not cut to an int's 24.8 days. The text is editableDuration's and
// parseDuration's (duration.h): the GUI's units in its locale's number format ("1,5 с"), the English units
// understood in any language. With a special value text (QAbstractSpinBox::setSpecialValueText), the minimum reads
// as that text ("none").
#pragma once

#include "domain.h"

#include <QAbstractSpinBox>

namespace iw {

class DurationSpinBox : public QAbstractSpinBox {
    Q_OBJECT
public:
    explicit DurationSpinBox(QWidget* parent = nullptr);

    Millis value() const { return m_value; }
    Millis minimum() const { return m_minimum; }
    Millis maximum() const { return m_maximum; }
    void setMinimum(Millis minimum);
    void setMaximum(Millis maximum);
    void setRange(Millis minimum, Millis maximum);
    // QAbstractSpinBox's, and the text shown again (the base class does not show it for a value it does not know).
    void setSpecialValueText(const QString& text);

    // The text shown for `value`, and the value a text stands for (nothing when it is no duration in the range's
    // terms: not a duration at all, or the special value text for a minimum).
    QString textFromValue(Millis value) const;
    std::optional<Millis> valueFromText(const QString& text) const;

    void stepBy(int steps) override;
    QValidator::State validate(QString& input, int& pos) const override;
    void fixup(QString& input) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

public Q_SLOTS:
    void setValue(qint64 value);

Q_SIGNALS:
    // The value changed: from code, the arrows, or (with keyboard tracking) each keystroke that reads as a duration.
    void valueChanged(qint64 value);

protected:
    // QEvent::LanguageChange and LocaleChange: the units and the number format are the new language's.
    void changeEvent(QEvent* event) override;
    void focusOutEvent(QFocusEvent* event) override;
    StepEnabled stepEnabled() const override;

private:
    // Shows the value as the field's text.
    void showValue();
    void onTextEdited(const QString& text);
    void commitText();

    Millis m_value = 0;
    Millis m_minimum = 0;
    Millis m_maximum = LongestDurationMs;
};

} // namespace iw
