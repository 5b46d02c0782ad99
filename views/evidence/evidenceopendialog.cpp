// File → Open Evidence… (see evidenceopendialog.h).
#include "evidenceopendialog.h"

#include "colors.h"
#include "policy.h"
#include "stdtext.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSettings>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace iw {

EvidenceOpenDialog::EvidenceOpenDialog(QWidget* parent)
    : QDialog(parent)
{
    auto* layout = new QVBoxLayout(this);
    m_intro = new QLabel(this);
    m_intro->setWordWrap(true);
    layout->addWidget(m_intro);

    m_filesLabel = new QLabel(this);
    layout->addWidget(m_filesLabel);
    auto* filesRow = new QHBoxLayout;
    m_files = new QListWidget(this);
    m_files->setObjectName(QStringLiteral("evidenceFiles"));
    m_files->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_filesLabel->setBuddy(m_files);
    filesRow->addWidget(m_files, 1);
    auto* fileButtons = new QVBoxLayout;
    m_add = new QPushButton(this);
    m_remove = new QPushButton(this);
    fileButtons->addWidget(m_add);
    fileButtons->addWidget(m_remove);
    fileButtons->addStretch(1);
    filesRow->addLayout(fileButtons);
    layout->addLayout(filesRow, 1);
    connect(m_add, &QPushButton::clicked, this, &EvidenceOpenDialog::addInteractive);
    connect(m_remove, &QPushButton::clicked, this, [this] {
        qDeleteAll(m_files->selectedItems());
        syncButtons();
    });
    connect(m_files, &QListWidget::itemSelectionChanged, this, &EvidenceOpenDialog::syncButtons);

    auto* form = new QFormLayout;
    m_profileLabel = new QLabel(this);
    m_profile = new QComboBox(this);
    m_profile->setObjectName(QStringLiteral("profile"));
    for (Profile p : allProfiles())
        m_profile->addItem(fromStd(profileName(p)));
    m_profileLabel->setBuddy(m_profile);
    form->addRow(m_profileLabel, m_profile);
    m_keyHeaderLabel = new QLabel(this);
    m_keyHeader = new QLineEdit(QStringLiteral("Idempotency-Key"), this);
    m_keyHeaderLabel->setBuddy(m_keyHeader);
    form->addRow(m_keyHeaderLabel, m_keyHeader);
    m_assumeUtc = new QCheckBox(this);
    form->addRow(QString(), m_assumeUtc);

    m_rowsLabel = new QLabel(this);
    m_rows = new QComboBox(this);
    m_rows->setObjectName(QStringLiteral("rowsSource"));
    m_rows->addItems({ QString(), QString(), QString() });
    m_rowsLabel->setBuddy(m_rows);
    form->addRow(m_rowsLabel, m_rows);
    layout->addLayout(form);

    m_rowsPages = new QStackedWidget(this);
    m_rowsPages->addWidget(new QWidget(m_rowsPages));
    auto* filePage = new QWidget(m_rowsPages);
    auto* fileLayout = new QHBoxLayout(filePage);
    fileLayout->setContentsMargins(0, 0, 0, 0);
    m_rowsFile = new QLineEdit(filePage);
    m_rowsBrowse = new QPushButton(filePage);
    fileLayout->addWidget(m_rowsFile, 1);
    fileLayout->addWidget(m_rowsBrowse);
    connect(m_rowsBrowse, &QPushButton::clicked, this, &EvidenceOpenDialog::chooseRowsFile);
    m_rowsPages->addWidget(filePage);
    auto* livePage = new QWidget(m_rowsPages);
    auto* liveForm = new QFormLayout(livePage);
    liveForm->setContentsMargins(0, 0, 0, 0);
    m_conninfoLabel = new QLabel(livePage);
    m_conninfo = new QLineEdit(livePage);
    m_conninfoLabel->setBuddy(m_conninfo);
    liveForm->addRow(m_conninfoLabel, m_conninfo);
    m_passwordLabel = new QLabel(livePage);
    m_password = new QLineEdit(livePage);
    m_password->setEchoMode(QLineEdit::Password);
    m_passwordLabel->setBuddy(m_password);
    liveForm->addRow(m_passwordLabel, m_password);
    m_tableLabel = new QLabel(livePage);
    m_table = new QLineEdit(livePage);
    m_tableLabel->setBuddy(m_table);
    liveForm->addRow(m_tableLabel, m_table);
    m_mappingLabel = new QLabel(livePage);
    m_mapping = new QComboBox(livePage);
    m_mapping->setEditable(true);
    m_mapping->addItems({ QStringLiteral("seed"), QStringLiteral("brandur"), QStringLiteral("powertools") });
    m_mappingLabel->setBuddy(m_mapping);
    liveForm->addRow(m_mappingLabel, m_mapping);
    m_pooler = new QCheckBox(livePage);
    liveForm->addRow(QString(), m_pooler);
    m_rowsPages->addWidget(livePage);
    layout->addWidget(m_rowsPages);
    connect(m_rows, &QComboBox::currentIndexChanged, m_rowsPages, &QStackedWidget::setCurrentIndex);

    m_error = new QLabel(this);
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: %1").arg(alarmColor().name()));
    m_error->hide();
    layout->addWidget(m_error);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Open | QDialogButtonBox::Cancel, this);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &EvidenceOpenDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &EvidenceOpenDialog::reject);
    layout->addWidget(m_buttons);

    retranslate();
    syncButtons();
    m_add->setFocus();
    resize(640, 560);
}

void EvidenceOpenDialog::retranslate()
{
    setWindowTitle(tr("Open Evidence"));
    m_intro->setText(tr("Access logs (nginx, Envoy, Caddy JSON lines, or combined with the key appended), "
                        "OpenTelemetry traces (OTLP/JSON) and HAR files are merged on their timestamps and judged "
                        "against a profile. Gzip files are read as such. Nothing is changed anywhere."));
    m_filesLabel->setText(tr("Evidence &files:"));
    m_add->setText(tr("&Add…"));
    m_remove->setText(tr("&Remove"));
    m_profileLabel->setText(tr("&Profile:"));
    m_profile->setToolTip(tr("The idempotency rules the evidence is judged against: statuses, the window, replays"));
    m_keyHeaderLabel->setText(tr("&Key header:"));
    m_assumeUtc->setText(tr("Read a timestamp without a time zone as &UTC (otherwise such a line is skipped and "
                            "named)"));
    m_rowsLabel->setText(tr("The table's &rows:"));
    m_rows->setItemText(0, tr("None"));
    m_rows->setItemText(1, tr("From a file written by inspect --json"));
    m_rows->setItemText(2, tr("Read live from PostgreSQL (read-only)"));
    m_rowsFile->setPlaceholderText(tr("inspection.json"));
    m_rowsBrowse->setText(tr("&Browse…"));
    m_conninfoLabel->setText(tr("&Connection:"));
    m_conninfo->setPlaceholderText(tr("host=db.internal dbname=app user=readonly"));
    m_passwordLabel->setText(tr("Pass&word:"));
    m_password->setPlaceholderText(tr("not saved"));
    m_tableLabel->setText(tr("&Table:"));
    m_table->setPlaceholderText(tr("request_idempotency"));
    m_mappingLabel->setText(tr("&Mapping:"));
    m_pooler->setText(tr("Through a transaction &pooler"));
}

void EvidenceOpenDialog::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}

void EvidenceOpenDialog::addInteractive()
{
    QSettings settings;
    const QString dir = settings.value(QStringLiteral("evidence/lastDir")).toString();
    const QStringList files = QFileDialog::getOpenFileNames(
        this, tr("Add Evidence Files"), dir, tr("Evidence (*.log *.jsonl *.json *.har *.gz *.txt);;All files (*)"));
    if (files.isEmpty())
        return;
    settings.setValue(QStringLiteral("evidence/lastDir"), QFileInfo(files.first()).absolutePath());
    addFiles(files);
    // What comes next is most often Open: Enter does it.
    m_buttons->button(QDialogButtonBox::Open)->setFocus();
}

void EvidenceOpenDialog::addFiles(const QStringList& files)
{
    for (const QString& f : files)
        if (m_files->findItems(f, Qt::MatchExactly).isEmpty())
            m_files->addItem(f);
    syncButtons();
}

void EvidenceOpenDialog::chooseRowsFile()
{
    const QString file = QFileDialog::getOpenFileName(
        this, tr("The Table's Rows"), QString(), tr("inspect --json output (*.json);;All files (*)"));
    if (!file.isEmpty())
        m_rowsFile->setText(file);
}

void EvidenceOpenDialog::syncButtons()
{
    m_remove->setEnabled(!m_files->selectedItems().isEmpty());
    m_buttons->button(QDialogButtonBox::Open)->setEnabled(m_files->count() > 0);
}

EvidenceRequest EvidenceOpenDialog::request() const
{
    EvidenceRequest r;
    for (int i = 0; i < m_files->count(); ++i)
        r.files << m_files->item(i)->text();
    r.profile = m_profile->currentText();
    r.keyHeader = m_keyHeader->text().trimmed();
    r.assumeUtc = m_assumeUtc->isChecked();
    r.rows = static_cast<EvidenceRequest::Rows>(m_rows->currentIndex());
    r.rowsFile = m_rowsFile->text().trimmed();
    r.conninfo = m_conninfo->text().trimmed();
    r.password = m_password->text();
    r.table = m_table->text().trimmed();
    r.mapping = m_mapping->currentText().trimmed();
    r.transactionPooler = m_pooler->isChecked();
    return r;
}

void EvidenceOpenDialog::setRequest(const EvidenceRequest& r)
{
    m_files->clear();
    addFiles(r.files);
    m_profile->setCurrentText(r.profile);
    m_keyHeader->setText(r.keyHeader);
    m_assumeUtc->setChecked(r.assumeUtc);
    m_rows->setCurrentIndex(static_cast<int>(r.rows));
    m_rowsFile->setText(r.rowsFile);
    m_conninfo->setText(r.conninfo);
    m_table->setText(r.table);
    m_mapping->setCurrentText(r.mapping);
    m_pooler->setChecked(r.transactionPooler);
}

void EvidenceOpenDialog::accept()
{
    const EvidenceRequest r = request();
    QString error;
    ReconstructOptions options;
    if (r.files.isEmpty())
        error = tr("Add at least one evidence file.");
    else if (!evidenceOptions(r, options, error))
        ;
    else if (r.rows == EvidenceRequest::Rows::InspectionFile && r.rowsFile.isEmpty())
        error = tr("Name the file written by inspect --json, or choose no rows.");
    else if (r.rows == EvidenceRequest::Rows::LiveTable && r.table.isEmpty())
        error = tr("Name the idempotency table to read.");
    if (!error.isEmpty()) {
        m_error->setText(error);
        m_error->show();
        return;
    }
    m_error->hide();
    QDialog::accept();
}

} // namespace iw
