// The connect dialogs' shared shape (see cursorliveconnectdialog.h).
#include "cursorliveconnectdialog.h"
#include "formdialog.h"
#include "stdtext.h"

#include <QAction>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QEvent>
#include <QFileDialog>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QStyle>
#include <QVBoxLayout>

namespace iw {

CursorLiveConnectDialog::CursorLiveConnectDialog(QWidget* parent)
    : QDialog(parent)
{
    auto* layout = new QVBoxLayout(this);
    m_intro = addFormIntro(layout, this);
    m_form = new QFormLayout;
    layout->addLayout(m_form);
}

CursorLiveConnectDialog::~CursorLiveConnectDialog() = default;

QLabel* CursorLiveConnectDialog::addRow(QWidget* field)
{
    auto* label = new QLabel(this);
    label->setBuddy(field);
    m_form->addRow(label, field);
    return label;
}

void CursorLiveConnectDialog::finishLayout(const std::vector<std::string>& presets)
{
    // Made here, after the engine's fields, so that Tab goes through the form in the order it is shown.
    m_mappingEdit = new QComboBox(this);
    m_mappingEdit->setEditable(true);
    for (const std::string& name : presets)
        m_mappingEdit->addItem(fromStd(name));
    m_browse = m_mappingEdit->lineEdit()->addAction(
        style()->standardIcon(QStyle::SP_DirOpenIcon), QLineEdit::TrailingPosition);
    connect(m_browse, &QAction::triggered, this, &CursorLiveConnectDialog::chooseMappingFile);
    m_mappingLabel = addRow(m_mappingEdit);
    auto* layout = static_cast<QVBoxLayout*>(this->layout());
    m_result = addFormResult(layout, this, true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &CursorLiveConnectDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &CursorLiveConnectDialog::reject);
    layout->addWidget(buttons);
}

void CursorLiveConnectDialog::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}

void CursorLiveConnectDialog::retranslate()
{
    m_browse->setToolTip(tr("Choose a mapping file…"));
    m_result->setText(m_problem);
}

void CursorLiveConnectDialog::chooseMappingFile()
{
    const QString file
        = QFileDialog::getOpenFileName(this, tr("Mapping file"), QString(), tr("Mappings (*.json);;All files (*)"));
    if (!file.isEmpty())
        m_mappingEdit->setCurrentText(file);
}

void CursorLiveConnectDialog::setMapping(const QString& presetOrFile)
{
    m_mappingEdit->setCurrentText(presetOrFile);
}

QString CursorLiveConnectDialog::resultText() const
{
    return m_result->text();
}

void CursorLiveConnectDialog::showProblem(const QString& sentence)
{
    m_problem = sentence;
    m_result->setText(m_problem);
}

void CursorLiveConnectDialog::clearProblem()
{
    m_problem.clear();
    m_result->clear();
}

QString CursorLiveConnectDialog::mappingText() const
{
    return m_mappingEdit->currentText().trimmed();
}

} // namespace iw
