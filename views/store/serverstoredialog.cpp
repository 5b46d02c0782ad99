// The store dialogs' shared shape (see serverstoredialog.h).
#include "serverstoredialog.h"
#include "formdialog.h"

#include <QDialogButtonBox>
#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace iw {

ServerStoreDialog::ServerStoreDialog(QWidget* parent, int fields)
    : QDialog(parent)
{
    auto* layout = new QVBoxLayout(this);
    m_intro = addFormIntro(layout, this);
    auto* form = new QFormLayout;
    for (int row = 0; row < fields; ++row) {
        auto* edit = new QLineEdit(this);
        auto* label = new QLabel(this);
        label->setBuddy(edit);
        form->addRow(label, edit);
        m_fields.push_back({ label, edit });
    }
    layout->addLayout(form);
    m_result = addFormResult(layout, this, true);
    auto* buttons = new QDialogButtonBox(this);
    m_useButton = buttons->addButton(QString(), QDialogButtonBox::AcceptRole);
    m_useButton->setDefault(true);
    buttons->addButton(QDialogButtonBox::Cancel);
    connect(buttons, &QDialogButtonBox::accepted, this, &ServerStoreDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &ServerStoreDialog::reject);
    layout->addWidget(buttons);
}

void ServerStoreDialog::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}

void ServerStoreDialog::retranslate()
{
    m_result->setText(m_problem.isEmpty() ? QString() : tr("%1.").arg(m_problem));
}

QString ServerStoreDialog::resultText() const
{
    return m_result->text();
}

void ServerStoreDialog::accept()
{
    m_problem = inputProblem();
    ServerStoreDialog::retranslate();
    if (!m_problem.isEmpty())
        return;
    rememberInput();
    QDialog::accept();
}

} // namespace iw
