// The MySQL store dialog (see mysqlstoredialog.h).
#include "mysqlstoredialog.h"
#include "stdtext.h"
#include "windowsize.h"

#include "mysqlconninfo.h"
#include "mysqlstore.h"

#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>

namespace iw {

namespace {
const QString kConninfoKey = QStringLiteral("store/mysqlConninfo");

// The conninfo as it may be remembered: its password left out.
QString withoutPassword(const QString& conninfo)
{
    QString c = conninfo;
    c.remove(QRegularExpression(QStringLiteral("password=('(\\\\.|[^'])*'|\\S*)\\s*")));
    return c.trimmed();
}

// What is wrong with a conninfo, as the command line says it, without its option's name.
QString conninfoProblem(const std::string& why)
{
    QString problem = fromStd(why);
    if (problem.startsWith(QStringLiteral("--conninfo: ")))
        problem.remove(0, 12);
    return problem;
}
} // namespace

MysqlStoreOpening mysqlStoreOpening(
    const QString& conninfo, const QString& password, const ServicePolicy& policy, bool rollbackClaims)
{
    MysqlStoreOpening opening;
    std::string why;
    std::optional<MysqlConninfo> info = parseMysqlConninfo(conninfo.trimmed().toStdString(), why);
    if (!info) {
        opening.problem = conninfoProblem(why);
        return opening;
    }
    if (!password.isEmpty())
        info->password = password.toStdString();
    opening.where = MysqlStoreDialog::tr("%1, database %2").arg(fromStd(info->where()), fromStd(info->database));
    const MysqlStore::Options options = MysqlStore::optionsFor(policy, rollbackClaims);
    opening.open = [info = *info, options] {
        auto mysql = MysqlStore::connect(info, options);
        mysql->reset(); // refuses a database of someone else's before anything runs
        return std::unique_ptr<IdempotencyStore>(std::move(mysql));
    };
    opening.fits = [options](const ServicePolicy& p, bool holds) {
        return p.mysqlClaim == options.claim && p.isolation == options.isolation
            && p.keyColumnLength == options.keyColumnLength && holds == options.holdsClaims;
    };
    return opening;
}

MysqlStoreDialog::MysqlStoreDialog(QWidget* parent)
    : ServerStoreDialog(parent, 2)
{
    m_conninfo = field(0);
    m_conninfoLabel = fieldLabel(0);
    m_conninfo->setClearButtonEnabled(true);
    m_password = field(1);
    m_passwordLabel = fieldLabel(1);
    m_password->setEchoMode(QLineEdit::Password);
    MysqlStoreDialog::retranslate();

    QSettings settings;
    m_conninfo->setText(
        settings.value(kConninfoKey, QStringLiteral("host=127.0.0.1 port=3306 user=iw dbname=iw")).toString());
    resize(600, sizeHint().height());
}

void MysqlStoreDialog::retranslate()
{
    setWindowTitle(tr("MySQL store"));
    m_intro->setText(tr("Run the scenarios of the MySQL store engine against a real MariaDB or MySQL server: the "
                        "claim is the scenario's INSERT on the table's primary key, and deadlocks are the server's "
                        "own. The workbench keeps its tables in a database it marks as its own and empties them at "
                        "every run; a database holding other tables is left alone."));
    m_conninfo->setPlaceholderText(tr("host=127.0.0.1 port=3306 user=NAME dbname=DATABASE"));
    showWholePlaceholder(m_conninfo);
    m_conninfo->setToolTip(tr("The server and database to write to (a primary: a read-only server is refused), as "
                              "key=value pairs: host, port, user, dbname, socket, connect_timeout, read_timeout, "
                              "write_timeout"));
    m_conninfoLabel->setText(tr("&Connection:"));
    m_password->setToolTip(tr("Used for this session only and never saved"));
    m_passwordLabel->setText(tr("&Password:"));
    m_useButton->setText(tr("Use &MySQL"));
    m_useButton->setToolTip(tr("Switch the workbench to this server; the current scenario reloads on it"));
    ServerStoreDialog::retranslate();
}

QString MysqlStoreDialog::conninfo() const
{
    return m_conninfo->text().trimmed();
}

void MysqlStoreDialog::setConninfo(const QString& conninfo)
{
    m_conninfo->setText(conninfo);
}

QString MysqlStoreDialog::password() const
{
    return m_password->text();
}

QString MysqlStoreDialog::inputProblem() const
{
    std::string why;
    return parseMysqlConninfo(conninfo().toStdString(), why) ? QString() : conninfoProblem(why);
}

void MysqlStoreDialog::rememberInput()
{
    QSettings().setValue(kConninfoKey, withoutPassword(conninfo()));
}

} // namespace iw
