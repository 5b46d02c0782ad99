// The duration field (see durationspinbox.h).
#include "durationspinbox.h"

#include "duration.h"

#include <QEvent>
#include <QLineEdit>
#include <QRegularExpression>
#include <QStyle>
#include <QStyleOptionSpinBox>

#include <algorithm>

namespace iw {

DurationSpinBox::DurationSpinBox(QWidget* parent)
    : QAbstractSpinBox(parent)
{
    setAccelerated(true);
    setCorrectionMode(QAbstractSpinBox::CorrectToNearestValue);
    connect(lineEdit(), &QLineEdit::textEdited, this, &DurationSpinBox::onTextEdited);
    connect(this, &QAbstractSpinBox::editingFinished, this, &DurationSpinBox::commitText);
    showValue();
}

void DurationSpinBox::setMinimum(Millis minimum)
{
    setRange(minimum, std::max(minimum, m_maximum));
}

void DurationSpinBox::setMaximum(Millis maximum)
{
    setRange(std::min(m_minimum, maximum), maximum);
}

void DurationSpinBox::setRange(Millis minimum, Millis maximum)
{
    m_minimum = minimum;
    m_maximum = std::max(minimum, maximum);
    const Millis clamped = std::clamp(m_value, m_minimum, m_maximum);
    if (clamped != m_value)
        setValue(clamped);
    else
        showValue();
    updateGeometry();
}

void DurationSpinBox::setSpecialValueText(const QString& text)
{
    QAbstractSpinBox::setSpecialValueText(text);
    showValue();
    updateGeometry();
}

void DurationSpinBox::setValue(qint64 value)
{
    const Millis clamped = std::clamp<Millis>(value, m_minimum, m_maximum);
    const bool changed = clamped != m_value;
    m_value = clamped;
    showValue();
    if (changed)
        Q_EMIT valueChanged(m_value);
}

QString DurationSpinBox::textFromValue(Millis value) const
{
    if (value == m_minimum && !specialValueText().isEmpty())
        return specialValueText();
    return editableDuration(value);
}

std::optional<Millis> DurationSpinBox::valueFromText(const QString& text) const
{
    if (!specialValueText().isEmpty() && text.trimmed() == specialValueText())
        return m_minimum;
    return parseDuration(text);
}

void DurationSpinBox::showValue()
{
    const QString text = textFromValue(m_value);
    if (lineEdit()->text() != text)
        lineEdit()->setText(text);
}

void DurationSpinBox::onTextEdited(const QString& text)
{
    // Each keystroke that reads as a duration in range is the value at once, as QSpinBox does with keyboard
    // tracking; the text stays as typed until editing finishes.
    if (!keyboardTracking())
        return;
    const auto ms = valueFromText(text);
    if (!ms || *ms < m_minimum || *ms > m_maximum || *ms == m_value)
        return;
    m_value = *ms;
    Q_EMIT valueChanged(m_value);
}

void DurationSpinBox::commitText()
{
    // What was typed, in range; a text that is no duration gives the value back.
    if (const auto ms = valueFromText(lineEdit()->text()))
        setValue(std::clamp(*ms, m_minimum, m_maximum));
    showValue();
}

void DurationSpinBox::focusOutEvent(QFocusEvent* event)
{
    QAbstractSpinBox::focusOutEvent(event); // emits editingFinished
    showValue();
}

void DurationSpinBox::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::LocaleChange) {
        // The text shown and the size hint measured from it are the previous language's.
        showValue();
        updateGeometry();
    }
    QAbstractSpinBox::changeEvent(event);
}

QAbstractSpinBox::StepEnabled DurationSpinBox::stepEnabled() const
{
    if (isReadOnly())
        return StepNone;
    if (wrapping())
        return StepUpEnabled | StepDownEnabled;
    StepEnabled enabled = StepNone;
    if (m_value < m_maximum)
        enabled |= StepUpEnabled;
    if (m_value > m_minimum)
        enabled |= StepDownEnabled;
    return enabled;
}

void DurationSpinBox::stepBy(int steps)
{
    // Arrows step by the unit shown: 24 h → 25 h, 500 ms → 501 ms (from "none", by a millisecond).
    const QString shown = editableDuration(m_value);
    Millis unit = 1;
    for (const DurationUnit& u : durationUnits()) {
        if (shown.endsWith(QLatin1Char(' ') + u.name))
            unit = u.ms;
    }
    // Saturating: a step never wraps a Millis around.
    Millis value = 0;
    if (__builtin_mul_overflow(Millis(steps), unit, &value) || __builtin_add_overflow(m_value, value, &value))
        value = steps > 0 ? m_maximum : m_minimum;
    value = std::clamp(value, m_minimum, m_maximum);
    setValue(value);
    lineEdit()->selectAll();
}

QValidator::State DurationSpinBox::validate(QString& input, int& pos) const
{
    Q_UNUSED(pos);
    if (!specialValueText().isEmpty() && specialValueText().startsWith(input.trimmed(), Qt::CaseInsensitive))
        return input.trimmed() == specialValueText() ? QValidator::Acceptable : QValidator::Intermediate;
    if (const auto ms = parseDuration(input))
        return *ms >= m_minimum && *ms <= m_maximum ? QValidator::Acceptable : QValidator::Intermediate;
    // A number being typed, or a unit half-typed ("24 m" on the way to "24 min").
    static const QRegularExpression partial(QStringLiteral("^\\s*[0-9][0-9_,.\\s\\x{00A0}\\x{202F}]*\\p{L}*\\s*$"));
    return input.trimmed().isEmpty() || partial.match(input).hasMatch() ? QValidator::Intermediate
                                                                        : QValidator::Invalid;
}

void DurationSpinBox::fixup(QString& input) const
{
    // Left invalid or out of range: the nearest value in range, or the value as it was.
    if (const auto ms = valueFromText(input))
        input = textFromValue(std::clamp(*ms, m_minimum, m_maximum));
    else
        input = textFromValue(m_value);
}

QSize DurationSpinBox::sizeHint() const
{
    // As QSpinBox measures itself: the texts of both ends of the range (cut at 18 characters) and the special
    // value text, plus the arrows the style draws.
    ensurePolished();
    const QFontMetrics fm(fontMetrics());
    int width = 0;
    for (const QString& text : { editableDuration(m_minimum), editableDuration(m_maximum), specialValueText() })
        width = std::max(width, fm.horizontalAdvance(text.left(18) + QLatin1Char(' ')));
    width += 2; // the cursor
    QStyleOptionSpinBox option;
    initStyleOption(&option);
    return style()->sizeFromContents(QStyle::CT_SpinBox, &option, QSize(width, lineEdit()->sizeHint().height()), this);
}

QSize DurationSpinBox::minimumSizeHint() const
{
    return sizeHint();
}

} // namespace iw
