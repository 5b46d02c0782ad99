// The Redis store dialog (see redisstoredialog.h).
#include "redisstoredialog.h"
#include "stdtext.h"
#include "windowsize.h"

#include "redisstore.h"
#include "redisurl.h"

#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QUrl>

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
    : ServerStoreDialog(parent, 2)
{
    m_url = field(0);
    m_urlLabel = fieldLabel(0);
    m_url->setClearButtonEnabled(true);
    m_prefix = field(1);
    m_prefixLabel = fieldLabel(1);
    m_prefix->setPlaceholderText(kDefaultPrefix);
    RedisStoreDialog::retranslate();

    QSettings settings;
    m_url->setText(settings.value(kUrlKey, QStringLiteral("redis://127.0.0.1:6379/0")).toString());
    m_prefix->setText(settings.value(kPrefixKey, kDefaultPrefix).toString());
    resize(560, sizeHint().height());
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
    ServerStoreDialog::retranslate();
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

void RedisStoreDialog::remember(const QString& url, const QString& prefix)
{
    QSettings settings;
    settings.setValue(kUrlKey, redisUrlWithoutPassword(url));
    settings.setValue(kPrefixKey, prefix);
}

QString RedisStoreDialog::inputProblem() const
{
    std::string why;
    return parseRedisUrl(url().toStdString(), why) ? QString() : redisUrlProblem(why);
}

void RedisStoreDialog::rememberInput()
{
    remember(url(), prefix());
}

} // namespace iw
