// The connection dialog (see liveconnectdialog.h).
#include "liveconnectdialog.h"
#include "windowsize.h"

#include "colors.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPointer>
#include <QPushButton>
#include <QSettings>
#include <QTabWidget>
#include <QThread>
#include <QVBoxLayout>

#include <map>

namespace iw {

namespace {

const QString kRecentKey = QStringLiteral("live/recentConnections");
const QString kDraftKey = QStringLiteral("live/lastTypedConnection");
constexpr int kRecentMax = 8;

} // namespace

LiveConnectDialog::LiveConnectDialog(QWidget* parent)
    : QDialog(parent)
{
    // A form row whose label is kept, so that a language switch can say it again.
    const auto addRow = [](QFormLayout* form, QWidget* field) {
        auto* label = new QLabel(field->parentWidget());
        label->setBuddy(field);
        form->addRow(label, field);
        return label;
    };
    auto* layout = new QVBoxLayout(this);

    m_intro = new QLabel(this);
    m_intro->setWordWrap(true);
    layout->addWidget(m_intro);

    auto* recentRow = new QFormLayout;
    m_recent = new QComboBox(this);
    m_recent->addItem(QString());
    for (const QString& c : recentConnections())
        m_recent->addItem(c, c); // an empty one is named in retranslate()
    m_recent->setEnabled(m_recent->count() > 1);
    m_recentLabel = addRow(recentRow, m_recent);
    layout->addLayout(recentRow);

    m_tabs = new QTabWidget(this);
    auto* uriPage = new QWidget;
    auto* uriForm = new QFormLayout(uriPage);
    m_conninfo = new QLineEdit(uriPage);
    m_conninfo->setMinimumWidth(460);
    m_conninfoLabel = addRow(uriForm, m_conninfo);
    m_tabs->addTab(uriPage, QString());

    auto* fieldsPage = new QWidget;
    auto* fields = new QFormLayout(fieldsPage);
    m_host = new QLineEdit(fieldsPage);
    m_port = new QLineEdit(fieldsPage);
    m_port->setPlaceholderText(QStringLiteral("5432"));
    m_database = new QLineEdit(fieldsPage);
    m_user = new QLineEdit(fieldsPage);
    m_sslmode = new QComboBox(fieldsPage);
    for (const char* mode : { "prefer", "disable", "allow", "require", "verify-ca", "verify-full" })
        m_sslmode->addItem(QString::fromLatin1(mode));
    m_hostLabel = addRow(fields, m_host);
    m_portLabel = addRow(fields, m_port);
    m_databaseLabel = addRow(fields, m_database);
    m_userLabel = addRow(fields, m_user);
    m_sslmodeLabel = addRow(fields, m_sslmode);
    m_tabs->addTab(fieldsPage, QString());
    layout->addWidget(m_tabs);

    auto* secret = new QFormLayout;
    m_password = new QLineEdit(this);
    m_password->setEchoMode(QLineEdit::Password);
    m_passwordLabel = addRow(secret, m_password);
    m_pooler = new QCheckBox(this);
    secret->addRow(QString(), m_pooler);
    layout->addLayout(secret);

    m_result = new QLabel(this);
    m_result->setWordWrap(true);
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_result->setMinimumHeight(m_result->fontMetrics().lineSpacing() * 3);
    m_result->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    layout->addWidget(m_result);

    auto* buttons = new QDialogButtonBox(this);
    m_testButton = buttons->addButton(QString(), QDialogButtonBox::ActionRole);
    m_testButton->setObjectName(QStringLiteral("testButton"));
    m_connectButton = buttons->addButton(QString(), QDialogButtonBox::AcceptRole);
    m_connectButton->setDefault(true);
    QPushButton* cancel = buttons->addButton(QDialogButtonBox::Cancel);
    // Enter connects, wherever the focus is (after Test, too): only Connect is ever the default button.
    m_testButton->setAutoDefault(false);
    cancel->setAutoDefault(false);
    layout->addWidget(buttons);

    connect(m_testButton, &QPushButton::clicked, this, &LiveConnectDialog::test);
    connect(buttons, &QDialogButtonBox::accepted, this, &LiveConnectDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &LiveConnectDialog::reject);
    connect(m_recent, &QComboBox::activated, this, &LiveConnectDialog::fillFromRecent);

    retranslate();

    // What was typed last time (never a password) is there again, even after Cancel.
    const QString draft = QSettings().value(kDraftKey).toString();
    if (!draft.isEmpty())
        m_conninfo->setText(draft);
    else if (m_recent->count() > 1)
        m_conninfo->setText(m_recent->itemData(1).toString());
}

void LiveConnectDialog::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}

void LiveConnectDialog::retranslate()
{
    setWindowTitle(tr("Connect to a live database"));
    m_intro->setText(tr("Inspection is read-only: every snapshot runs in <code>BEGIN READ ONLY</code>, so "
                        "PostgreSQL itself refuses any write, and nothing is set on the session, so a connection "
                        "a pooler shares with the application is left as it was found."));
    m_recent->setToolTip(tr("Connections used before (saved without their passwords)"));
    m_recent->setItemText(0, tr("(choose a recent connection)"));
    for (int i = 1; i < m_recent->count(); ++i)
        if (m_recent->itemData(i).toString().isEmpty())
            m_recent->setItemText(i, tr("PG* defaults"));
    m_recentLabel->setText(tr("Recent:"));
    m_conninfo->setPlaceholderText(
        tr("host=db.example dbname=shop user=oncall   or   postgresql://oncall@db.example/shop"));
    showWholePlaceholder(m_conninfo);
    m_conninfo->setToolTip(tr("A libpq connection string or URI. Left empty, the PG* environment variables, the "
                              "service file and .pgpass decide, as for psql."));
    m_conninfoLabel->setText(tr("Conninfo or URI:"));
    m_tabs->setTabText(0, tr("Connection string"));
    m_host->setPlaceholderText(tr("db.example or /var/run/postgresql"));
    m_sslmode->setToolTip(tr("verify-full checks the server's certificate and name: use it across networks"));
    m_hostLabel->setText(tr("Host:"));
    m_portLabel->setText(tr("Port:"));
    m_databaseLabel->setText(tr("Database:"));
    m_userLabel->setText(tr("User:"));
    m_sslmodeLabel->setText(tr("SSL mode:"));
    m_tabs->setTabText(1, tr("Fields"));
    m_password->setPlaceholderText(tr("only if the server asks; never saved"));
    m_password->setToolTip(tr("Used for this session only. .pgpass is read as usual when this is empty."));
    m_passwordLabel->setText(tr("Password:"));
    m_pooler->setText(tr("Through a &transaction pooler (pgbouncer pool_mode = transaction)"));
    m_pooler->setToolTip(tr("Nothing is ever set on the session, ticked or not (a SET would stay behind on a server "
                            "connection other clients share): every snapshot is its own BEGIN READ ONLY with SET "
                            "LOCAL inside"));
    m_testButton->setText(tr("&Test"));
    m_testButton->setToolTip(tr("Connect, check that a read-only transaction is read-only, and disconnect"));
    m_connectButton->setText(tr("&Connect"));
    if (m_resultText)
        showResultText();
}

void LiveConnectDialog::done(int result)
{
    const QString typed = conninfo();
    QSettings().setValue(kDraftKey, QString::fromStdString(conninfoWithoutPassword(typed.toStdString())));
    QDialog::done(result);
}

LiveConnectDialog::~LiveConnectDialog() = default;

QString LiveConnectDialog::conninfo() const
{
    if (m_tabs->currentIndex() == 0)
        return m_conninfo->text().trimmed();
    std::map<std::string, std::string> f;
    f["host"] = m_host->text().trimmed().toStdString();
    f["port"] = m_port->text().trimmed().toStdString();
    f["dbname"] = m_database->text().trimmed().toStdString();
    f["user"] = m_user->text().trimmed().toStdString();
    if (m_sslmode->currentIndex() > 0)
        f["sslmode"] = m_sslmode->currentText().toStdString();
    return QString::fromStdString(conninfoFromFields(f));
}

void LiveConnectDialog::setConninfo(const QString& conninfo)
{
    m_tabs->setCurrentIndex(0);
    m_conninfo->setText(conninfo);
}

bool LiveConnectDialog::transactionPooler() const
{
    return m_pooler->isChecked();
}

void LiveConnectDialog::setTransactionPooler(bool on)
{
    m_pooler->setChecked(on);
}

void LiveConnectDialog::setPassword(const QString& password)
{
    m_password->setText(password);
}

QString LiveConnectDialog::resultText() const
{
    return m_result->text();
}

void LiveConnectDialog::fillFromRecent(int index)
{
    if (index <= 0)
        return;
    setConninfo(m_recent->itemData(index).toString());
}

QStringList LiveConnectDialog::recentConnections()
{
    return QSettings().value(kRecentKey).toStringList();
}

void LiveConnectDialog::rememberConnection(const QString& conninfo)
{
    // Whatever the caller passes, a password never reaches the settings file.
    const QString safe = QString::fromStdString(conninfoWithoutPassword(conninfo.toStdString()));
    QStringList list = recentConnections();
    list.removeAll(safe);
    list.prepend(safe);
    while (list.size() > kRecentMax)
        list.removeLast();
    QSettings().setValue(kRecentKey, list);
}

std::unique_ptr<LiveConnection> LiveConnectDialog::takeConnection()
{
    return std::move(m_connection);
}

void LiveConnectDialog::test()
{
    attempt(false);
}

void LiveConnectDialog::accept()
{
    attempt(true);
}

void LiveConnectDialog::setTrying(bool trying)
{
    // Disabling the focused button would hand the focus to the next one (Cancel): keep it where the user was.
    if (trying)
        m_focusBefore = focusWidget();
    m_trying = trying;
    m_testButton->setEnabled(!trying);
    m_connectButton->setEnabled(!trying);
    if (trying)
        QApplication::setOverrideCursor(Qt::BusyCursor);
    else
        QApplication::restoreOverrideCursor();
    if (!trying && m_focusBefore)
        m_focusBefore->setFocus();
}

void LiveConnectDialog::showResult(std::function<QString()> text, bool good)
{
    m_resultText = std::move(text);
    m_resultGood = good;
    showResultText();
}

void LiveConnectDialog::showResultText()
{
    const QColor color = m_resultGood ? stateColor(RecordState::Completed).darker(140) : alarmColor();
    const QString text = m_resultText ? m_resultText() : QString();
    m_result->setText(QStringLiteral("<span style=\"color:%1\">%2</span>").arg(color.name(), text.toHtmlEscaped()));
}

void LiveConnectDialog::attempt(bool keep)
{
    if (m_trying)
        return;
    const std::string info = conninfo().toStdString();
    const std::string password = m_password->text().toStdString();
    const bool pooler = m_pooler->isChecked();
    setTrying(true);
    showResult([] { return tr("Connecting…"); }, true);
    QPointer<LiveConnectDialog> self(this);
    // The helper thread fills the holder; the dialog takes the connection out of it on the GUI thread.
    auto holder = std::make_shared<std::unique_ptr<LiveConnection>>();
    QThread* thread = QThread::create([self, info, password, pooler, keep, holder] {
        QString sentence;
        LiveError::Kind kind = LiveError::Kind::Server;
        try {
            *holder = LiveConnection::open(info, password, pooler);
        } catch (const LiveError& e) {
            sentence = QString::fromStdString(e.what());
            kind = e.kind();
        }
        QMetaObject::invokeMethod(
            qApp,
            [self, holder, sentence, kind, keep] {
                if (self)
                    self->finish(std::move(*holder), sentence, kind, keep);
            },
            Qt::QueuedConnection);
    });
    connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    thread->start();
}

void LiveConnectDialog::finish(
    std::unique_ptr<LiveConnection> connection, const QString& sentence, LiveError::Kind kind, bool keep)
{
    setTrying(false);
    if (!connection) {
        if (kind == LiveError::Kind::PasswordNeeded) {
            showResult([sentence] { return tr("%1: type it under Password and try again.").arg(sentence); }, false);
            m_password->setFocus();
        } else {
            showResult([sentence] { return QString(sentence + QLatin1Char('.')); }, false);
        }
        Q_EMIT attemptFinished(false);
        return;
    }
    showResult(
        [version = QString::fromStdString(connection->serverVersion()),
            endpoint = QString::fromStdString(connection->endpoint())] {
            return tr("Connected to PostgreSQL %1 at %2; every read is a read-only transaction, and nothing is set "
                      "on the session.")
                .arg(version, endpoint);
        },
        true);
    rememberConnection(conninfo());
    Q_EMIT attemptFinished(true);
    if (keep) {
        m_connection = std::move(connection);
        QDialog::accept();
    }
}

} // namespace iw
