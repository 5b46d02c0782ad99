// The PostgreSQL store dialog (see storedialog.h).
#include "storedialog.h"
#include "stdtext.h"

#include "liveconnection.h"
#include "pgstore.h"
#include "storesetup.h"
#include "threadedstore.h"

#include <QCheckBox>
#include <QDialogButtonBox>
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
    setWindowTitle(tr("PostgreSQL store"));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(tr("Run the scenarios against real tables: the claim becomes one INSERT … ON CONFLICT DO "
                                "NOTHING and the database arbitrates. The workbench works only inside its own schema "
                                "and empties its tables at every run."),
        this);
    intro->setWordWrap(true);
    layout->addWidget(intro);

    auto* form = new QFormLayout;
    m_conninfo = new QLineEdit(this);
    m_conninfo->setPlaceholderText(tr("host=… dbname=… user=…  or  postgresql://…  (empty: the PG* environment)"));
    m_conninfo->setToolTip(tr("A libpq connection string or URI. Empty uses the PG* environment variables, the "
                              "service file and .pgpass. A password typed here is used for this session only and "
                              "never saved."));
    m_conninfo->setClearButtonEnabled(true);
    form->addRow(tr("&Connection:"), m_conninfo);
    m_schema = new QLineEdit(this);
    m_schema->setPlaceholderText(kDefaultSchema);
    m_schema->setToolTip(tr("The schema the workbench's tables live in; created on request, never shared with "
                            "your own tables"));
    form->addRow(tr("&Schema:"), m_schema);
    m_create = new QCheckBox(tr("Create the schema and its tables when they are &missing"), this);
    m_create->setChecked(true);
    m_create->setToolTip(tr("Runs the same installation as the Install schema button before the first run"));
    form->addRow(QString(), m_create);
    m_pooler = new QCheckBox(tr("Through a &transaction pooler (pgbouncer pool_mode = transaction)"), this);
    m_pooler->setToolTip(tr("Every statement is sent unnamed with its parameters, so nothing depends on a prepared "
                            "statement or a SET outliving its transaction: a transaction pooler may hand the next "
                            "transaction another server connection"));
    form->addRow(QString(), m_pooler);
    layout->addLayout(form);

    m_result = new QLabel(this);
    m_result->setWordWrap(true);
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_result->setMinimumHeight(m_result->fontMetrics().height() * 3);
    layout->addWidget(m_result);

    auto* buttons = new QDialogButtonBox(this);
    m_installButton = buttons->addButton(tr("&Install schema"), QDialogButtonBox::ActionRole);
    m_installButton->setToolTip(tr("Create the schema and the tables request_idempotency, "
                                   "request_idempotency_tombstone, request_seen and demo_request when missing, and say "
                                   "what was created or found; an existing table of another shape is reported and "
                                   "left unchanged"));
    m_connectButton = buttons->addButton(tr("Use &PostgreSQL"), QDialogButtonBox::AcceptRole);
    m_connectButton->setDefault(true);
    m_connectButton->setToolTip(tr("Switch the workbench to this database; the current scenario reloads on it"));
    buttons->addButton(QDialogButtonBox::Cancel);
    connect(m_installButton, &QPushButton::clicked, this, &StoreDialog::installSchema);
    connect(buttons, &QDialogButtonBox::accepted, this, &StoreDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &StoreDialog::reject);
    layout->addWidget(buttons);

    QSettings settings;
    m_conninfo->setText(settings.value(kConninfoKey).toString());
    m_schema->setText(settings.value(kSchemaKey, kDefaultSchema).toString());
    m_pooler->setChecked(settings.value(kPoolerKey, false).toBool());
    resize(560, sizeHint().height());
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

void StoreDialog::showResult(const QString& text, bool good)
{
    m_result->setStyleSheet(good ? QString() : QStringLiteral("color: #b00020;"));
    m_result->setText(text);
}

void StoreDialog::installSchema()
{
    if (m_installing)
        return;
    const std::string conninfo = this->conninfo().toStdString();
    if (const std::string problem = conninfoProblem(conninfo); !problem.empty()) {
        showResult(tr("Not installed: %1.").arg(fromStd(problem)), false);
        Q_EMIT installFinished(false);
        return;
    }
    m_installing = true;
    m_installButton->setEnabled(false);
    m_connectButton->setEnabled(false);
    showResult(tr("Connecting and installing…"), true);
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
            showResult(tr("Installed: %1.").arg(fromStd(installation->sentence())), true);
        } catch (const std::exception& e) {
            showResult(tr("Not installed: %1.").arg(fromStd(e.what())), false);
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
        showResult(tr("%1.").arg(fromStd(problem)), false);
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
