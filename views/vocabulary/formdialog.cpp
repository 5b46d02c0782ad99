// The form dialogs' intro and result line (see formdialog.h).
#include "formdialog.h"

#include <QBoxLayout>
#include <QLabel>

namespace iw {

QLabel* addFormIntro(QBoxLayout* layout, QWidget* parent)
{
    auto* intro = new QLabel(parent);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    return intro;
}

QLabel* addFormResult(QBoxLayout* layout, QWidget* parent, bool alarm)
{
    auto* result = new QLabel(parent);
    result->setWordWrap(true);
    result->setTextInteractionFlags(Qt::TextSelectableByMouse);
    if (alarm)
        result->setStyleSheet(QStringLiteral("color: #b00020;"));
    layout->addWidget(result);
    return result;
}

} // namespace iw
