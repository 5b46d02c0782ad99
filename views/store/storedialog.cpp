// The PostgreSQL store dialog (see storedialog.h).
#include "storedialog.h"
#include "formdialog.h"
#include "stdtext.h"
#include "windowsize.h"

#include "liveconnection.h"
#include "pgstore.h"
#include "storesetup.h"
#include "threadedstore.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

namespace iw {

namespace {
const QString kConninfoKey = QStringLiteral("store/conninfo");
const QString kPoolerKey = QStringLiteral("store/transactionPooler");
const QString kSchemaKey = QStringLiteral("store/schema");
const QString kDefaultSchema = QStringLiteral("idempotency_workbench");
} // namespace

StoreDialog::StoreDialog(QWidget* parent)
    : QDialog(parent)
{
    auto* layout = new QVBoxLayout(this);
    m_intro = addFormIntro(layout, this);

    auto* form = new QFormLayout;
    m_conninfo = new QLineEdit(this);
    m_conninfo->setClearButtonEnabled(true);
    m_conninfoLabel = new QLabel(this);
    m_conninfoLabel->setBuddy(m_conninfo);
    form->addRow(m_conninfoLabel, m_conninfo);
    m_schema = new QLineEdit(this);
    m_schema->setPlaceholderText(kDefaultSchema);
    m_schemaLabel = new QLabel(this);
    m_schemaLabel->setBuddy(m_schema);
    form->addRow(m_schemaLabel, m_schema);
    m_create = new QCheckBox(this);
    m_create->setChecked(true);
    form->addRow(QString(), m_create);
    m_pooler = new QCheckBox(this);
    form->addRow(QString(), m_pooler);
    layout->addLayout(form);

    m_result = addFormResult(layout, this, false); // its colour is the answer's (showResultText)
    m_result->setMinimumHeight(m_result->fontMetrics().height() * 3);

    auto* buttons = new QDialogButtonBox(this);
    m_installButton = buttons->addButton(QString(), QDialogButtonBox::ActionRole);
    m_connectButton = buttons->addButton(QString(), QDialogButtonBox::AcceptRole);
    m_connectButton->setDefault(true);
    buttons->addButton(QDialogButtonBox::Cancel);
    connect(m_installButton, &QPushButton::clicked, this, &StoreDialog::installSchema);
    connect(buttons, &QDialogButtonBox::accepted, this, &StoreDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &StoreDialog::reject);
    layout->addWidget(buttons);
    retranslate();

    QSettings settings;
    m_conninfo->setText(settings.value(kConninfoKey).toString());
    m_schema->setText(settings.value(kSchemaKey, kDefaultSchema).toString());
    m_pooler->setChecked(settings.value(kPoolerKey, false).toBool());
    resize(560, sizeHint().height());
}

void StoreDialog::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}

void StoreDialog::retranslate()
{
    setWindowTitle(tr("PostgreSQL store"));
    m_intro->setText(tr("Run the scenarios against real tables: the claim becomes one INSERT … ON CONFLICT DO "
                        "NOTHING and the database arbitrates. The workbench works only inside its own schema "
                        "and empties its tables at every run."));
    m_conninfo->setPlaceholderText(tr("host=… dbname=… user=…  or  postgresql://…  (empty: the PG* environment)"));
    showWholePlaceholder(m_conninfo);
    m_conninfo->setToolTip(tr("A libpq connection string or URI. Empty uses the PG* environment variables, the "
                              "service file and .pgpass. A password typed here is used for this session only and "
                              "never saved."));
    m_conninfoLabel->setText(tr("&Connection:"));
    m_schema->setToolTip(tr("The schema the workbench's tables live in; created on request, never shared with "
                            "your own tables"));
    m_schemaLabel->setText(tr("&Schema:"));
    m_create->setText(tr("Create the schema and its tables when they are &missing"));
    m_create->setToolTip(tr("Runs the same installation as the Install schema button before the first run"));
    m_pooler->setText(tr("Through a &transaction pooler (pgbouncer pool_mode = transaction)"));
    m_pooler->setToolTip(tr("Every statement is sent unnamed with its parameters, so nothing depends on a prepared "
                            "statement or a SET outliving its transaction: a transaction pooler may hand the next "
                            "transaction another server connection"));
    m_installButton->setText(tr("&Install schema"));
    m_installButton->setToolTip(tr("Create the schema and the tables request_idempotency, "
                                   "request_idempotency_tombstone, request_seen and demo_request when missing, and say "
                                   "what was created or found; an existing table of another shape is reported and "
                                   "left unchanged"));
    m_connectButton->setText(tr("Use &PostgreSQL"));
    m_connectButton->setToolTip(tr("Switch the workbench to this database; the current scenario reloads on it"));
    if (m_resultText)
        showResultText();
}

QString StoreDialog::conninfo() const
{
    return m_conninfo->text().trimmed();
}

void StoreDialog::setConninfo(const QString& conninfo)
{
    m_conninfo->setText(conninfo);
}

QString StoreDialog::schema() const
{
    const QString s = m_schema->text().trimmed();
    return s.isEmpty() ? kDefaultSchema : s;
}

void StoreDialog::setSchema(const QString& schema)
{
    m_schema->setText(schema);
}

bool StoreDialog::createSchema() const
{
    return m_create->isChecked();
}

bool StoreDialog::transactionPooler() const
{
    return m_pooler->isChecked();
}

void StoreDialog::setTransactionPooler(bool on)
{
    m_pooler->setChecked(on);
}

QString StoreDialog::resultText() const
{
    return m_result->text();
}

void StoreDialog::remember(const QString& conninfo, const QString& schema, bool transactionPooler)
{
    QSettings settings;
    settings.setValue(kPoolerKey, transactionPooler);
    // Whatever was typed, a password never reaches the settings file.
    settings.setValue(kConninfoKey, fromStd(conninfoWithoutPassword(conninfo.toStdString())));
    settings.setValue(kSchemaKey, schema);
}

void StoreDialog::showResult(std::function<QString()> text, bool good)
{
    m_resultText = std::move(text);
    m_resultGood = good;
    showResultText();
}

void StoreDialog::showResultText()
{
    m_result->setStyleSheet(m_resultGood ? QString() : QStringLiteral("color: #b00020;"));
    m_result->setText(m_resultText ? m_resultText() : QString());
}

void StoreDialog::installSchema()
{
    if (m_installing)
        return;
    const std::string conninfo = this->conninfo().toStdString();
    if (const std::string problem = conninfoProblem(conninfo); !problem.empty()) {
        showResult([problem = fromStd(problem)] { return tr("Not installed: %1.").arg(problem); }, false);
        Q_EMIT installFinished(false);
        return;
    }
    m_installing = true;
    m_installButton->setEnabled(false);
    m_connectButton->setEnabled(false);
    showResult([] { return tr("Connecting and installing…"); }, true);
    bool ok = false;
    {
        // The connection and the DDL run on a worker; this dialog keeps painting meanwhile.
        ThreadedStore worker(tr("PostgreSQL"));
        const std::string schema = this->schema().toStdString();
        const auto pooling
            = transactionPooler() ? PostgresStore::Pooling::Transaction : PostgresStore::Pooling::Session;
        auto installation = std::make_shared<SchemaInstallation>();
        try {
            worker.open([conninfo, schema, pooling, installation](ThreadedStore&) {
                auto store = PostgresStore::connect(conninfo, schema, pooling);
                *installation = installStoreSchema(*store, conninfo);
                return std::unique_ptr<IdempotencyStore>(std::move(store));
            });
            ok = true;
            showResult(
                [sentence = fromStd(installation->sentence())] { return tr("Installed: %1.").arg(sentence); }, true);
        } catch (const std::exception& e) {
            showResult([why = fromStd(e.what())] { return tr("Not installed: %1.").arg(why); }, false);
        }
    }
    m_installing = false;
    m_installButton->setEnabled(true);
    m_connectButton->setEnabled(true);
    if (ok)
        remember(this->conninfo(), schema(), transactionPooler());
    Q_EMIT installFinished(ok);
}

void StoreDialog::accept()
{
    if (m_installing)
        return;
    const std::string problem = conninfoProblem(conninfo().toStdString());
    if (!problem.empty()) {
        showResult([problem = fromStd(problem)] { return tr("%1.").arg(problem); }, false);
        return;
    }
    remember(conninfo(), schema(), transactionPooler());
    QDialog::accept();
}

void StoreDialog::reject()
{
    if (m_installing)
        return;
    QDialog::reject();
}

} // namespace iw
