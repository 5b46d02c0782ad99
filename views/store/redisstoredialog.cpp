// The Redis store dialog (see redisstoredialog.h).
#include "redisstoredialog.h"
#include "stdtext.h"
#include "windowsize.h"

#include "redisstore.h"
#include "redisurl.h"

#include <QDialogButtonBox>
#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QUrl>
#include <QVBoxLayout>

namespace iw {

namespace {
const QString kUrlKey = QStringLiteral("store/redisUrl");
const QString kPrefixKey = QStringLiteral("store/redisPrefix");
const QString kDefaultPrefix = QStringLiteral("iw:");
} // namespace

QString redisUrlProblem(const std::string& why)
{
    QString problem = fromStd(why);
    // The command line names its option; the dialog has none.
    if (problem.startsWith(QStringLiteral("--redis: ")))
        problem.remove(0, 9);
    return problem;
}

RedisStoreOpening redisStoreOpening(const QString& urlText, const QString& prefix)
{
    RedisStoreOpening opening;
    std::string why;
    const auto url = parseRedisUrl(urlText.trimmed().toStdString(), why);
    if (!url) {
        opening.problem = redisUrlProblem(why);
        return opening;
    }
    if (prefix.isEmpty()) {
        opening.problem = RedisStoreDialog::tr("the key prefix is empty (the store deletes only keys under it)");
        return opening;
    }
    opening.shownUrl = fromStd(url->display());
    RedisStore::Options options;
    options.prefix = prefix.toStdString();
    opening.open = [url = *url, options] {
        auto redis = RedisStore::connect(url, options);
        redis->reset(); // refuses a prefix holding keys that are not the workbench's, before anything runs
        return std::unique_ptr<IdempotencyStore>(std::move(redis));
    };
    return opening;
}

QString redisUrlWithoutPassword(const QString& url)
{
    QUrl u(url.trimmed());
    if (!u.isValid() || u.password().isEmpty())
        return url.trimmed();
    u.setPassword(QString());
    return u.toString();
}

RedisStoreDialog::RedisStoreDialog(QWidget* parent)
    : QDialog(parent)
{
    auto* layout = new QVBoxLayout(this);
    m_intro = new QLabel(this);
    m_intro->setWordWrap(true);
    layout->addWidget(m_intro);
    auto* form = new QFormLayout;
    m_url = new QLineEdit(this);
    m_url->setClearButtonEnabled(true);
    m_urlLabel = new QLabel(this);
    m_urlLabel->setBuddy(m_url);
    form->addRow(m_urlLabel, m_url);
    m_prefix = new QLineEdit(this);
    m_prefix->setPlaceholderText(kDefaultPrefix);
    m_prefixLabel = new QLabel(this);
    m_prefixLabel->setBuddy(m_prefix);
    form->addRow(m_prefixLabel, m_prefix);
    layout->addLayout(form);
    m_result = new QLabel(this);
    m_result->setWordWrap(true);
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_result->setStyleSheet(QStringLiteral("color: #b00020;"));
    layout->addWidget(m_result);
    auto* buttons = new QDialogButtonBox(this);
    m_useButton = buttons->addButton(QString(), QDialogButtonBox::AcceptRole);
    m_useButton->setDefault(true);
    buttons->addButton(QDialogButtonBox::Cancel);
    connect(buttons, &QDialogButtonBox::accepted, this, &RedisStoreDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &RedisStoreDialog::reject);
    layout->addWidget(buttons);
    retranslate();

    QSettings settings;
    m_url->setText(settings.value(kUrlKey, QStringLiteral("redis://127.0.0.1:6379/0")).toString());
    m_prefix->setText(settings.value(kPrefixKey, kDefaultPrefix).toString());
    resize(560, sizeHint().height());
}

void RedisStoreDialog::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}

void RedisStoreDialog::retranslate()
{
    setWindowTitle(tr("Redis store"));
    m_intro->setText(tr("Run the scenarios of the Redis store engine against a real Redis: the claim is SET NX's "
                        "arbitration, each conditional write one script. The workbench writes only keys under its "
                        "own prefix and empties them at every run; expiries follow the simulation's clock."));
    m_url->setPlaceholderText(tr("redis://[user:password@]host:port/db  or  unix:///path?db=0"));
    showWholePlaceholder(m_url);
    m_url->setToolTip(tr("The Redis server to write to (a primary: a replica refuses writes). A password typed "
                         "here is used for this session only and never saved."));
    m_urlLabel->setText(tr("&URL:"));
    m_prefix->setToolTip(tr("The workbench's keys live under this prefix; a prefix holding keys the workbench did "
                            "not mark as its own is left alone"));
    m_prefixLabel->setText(tr("Key &prefix:"));
    m_useButton->setText(tr("Use &Redis"));
    m_useButton->setToolTip(tr("Switch the workbench to this server; the current scenario reloads on it"));
    m_result->setText(m_problem.isEmpty() ? QString() : tr("%1.").arg(m_problem));
}

QString RedisStoreDialog::url() const
{
    return m_url->text().trimmed();
}

void RedisStoreDialog::setUrl(const QString& url)
{
    m_url->setText(url);
}

QString RedisStoreDialog::prefix() const
{
    const QString p = m_prefix->text();
    return p.isEmpty() ? kDefaultPrefix : p;
}

void RedisStoreDialog::setPrefix(const QString& prefix)
{
    m_prefix->setText(prefix);
}

QString RedisStoreDialog::resultText() const
{
    return m_result->text();
}

void RedisStoreDialog::remember(const QString& url, const QString& prefix)
{
    QSettings settings;
    settings.setValue(kUrlKey, redisUrlWithoutPassword(url));
    settings.setValue(kPrefixKey, prefix);
}

void RedisStoreDialog::accept()
{
    std::string why;
    if (!parseRedisUrl(url().toStdString(), why)) {
        m_problem = redisUrlProblem(why);
        m_result->setText(tr("%1.").arg(m_problem));
        return;
    }
    m_problem.clear();
    m_result->clear();
    remember(url(), prefix());
    QDialog::accept();
}

} // namespace iw
