// The form helpers the scenario panel's translation units share (scenariopanel.cpp, scenariopolicyforms.cpp,
// scenariorequestform.cpp); nothing outside the panel uses them.
#pragma once

#include "durationspinbox.h"

#include <QComboBox>
#include <QFont>
#include <QFormLayout>
#include <QLabel>

namespace iw::scenarioform {

inline QFont monospace()
{
    QFont font(QStringLiteral("monospace"));
    font.setStyleHint(QFont::TypeWriter);
    return font;
}

// Durations take units ("24 h", "500 ms"), as every duration editor of the GUI does.
inline DurationSpinBox* msSpin(QWidget* parent, Millis minimum = 0)
{
    auto* spin = new DurationSpinBox(parent);
    spin->setRange(minimum, LongestDurationMs);
    return spin;
}

inline void setComboData(QComboBox* combo, int value)
{
    const int index = combo->findData(value);
    if (index >= 0)
        combo->setCurrentIndex(index);
}

// A form row whose label the panel re-sets on a language change. As QFormLayout::addRow(QString, QWidget*) does,
// the field is the label's buddy (a row holding a layout has none).
inline QLabel* addRow(QFormLayout* form, QWidget* field)
{
    auto* label = new QLabel;
    label->setBuddy(field);
    form->addRow(label, field);
    return label;
}

inline QLabel* addRow(QFormLayout* form, QLayout* field)
{
    auto* label = new QLabel;
    form->addRow(label, field);
    return label;
}

} // namespace iw::scenarioform
