// The live view on a Redis keyspace (see redislivewindow.h).
#include "redislivewindow.h"
#include "stdtext.h"

#include "durationspinbox.h"
#include "enginemapping.h"
#include "icons.h"
#include "liveanomalytext.h"
#include "livemodels.h"
#include "liverecordpanel.h"
#include "livereport.h"
#include "liverules.h"
#include "livetimeline.h"
#include "redisinspector.h"
#include "redisurl.h"
#include "selection.h"
#include "timelineview.h"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>

#include <algorithm>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>

namespace iw {

namespace {

const QString kUrlKey = QStringLiteral("liveRedis/url");
const QString kMatchKey = QStringLiteral("liveRedis/match");
const QString kMappingKey = QStringLiteral("liveRedis/mapping");

QString withoutPassword(const RedisUrl& url)
{
    return fromStd(url.display());
}

// Why a kind is not checked on Redis keys, in the language in use (the command line's English is
// redisAnomalyNotApplicableReason).
QString notApplicableReason(LiveAnomalyKind kind)
{
    if (kind == LiveAnomalyKind::ExpiredNotSwept)
        return RedisLiveWindow::tr(
            "Redis deletes a key itself once its expiry passes: there is no sweeper for a record to wait for");
    return {};
}

} // namespace

// ---- the dialog ------------------------------------------------------------------------------------------------

RedisLiveConnectDialog::RedisLiveConnectDialog(QWidget* parent)
    : CursorLiveConnectDialog(parent)
{
    m_urlEdit = new QLineEdit(this);
    m_urlEdit->setClearButtonEnabled(true);
    m_urlLabel = addRow(m_urlEdit);
    m_matchEdit = new QLineEdit(this);
    m_matchLabel = addRow(m_matchEdit);
    finishLayout(redisMappingPresetNames());
    retranslate();

    QSettings settings;
    m_urlEdit->setText(settings.value(kUrlKey, QStringLiteral("redis://127.0.0.1:6379/0")).toString());
    m_matchEdit->setText(settings.value(kMatchKey).toString());
    m_mappingEdit->setCurrentText(settings.value(kMappingKey, QStringLiteral("powertools-redis")).toString());
    resize(600, sizeHint().height());
}

RedisLiveConnectDialog::~RedisLiveConnectDialog() = default;

const RedisUrl& RedisLiveConnectDialog::url() const
{
    static const RedisUrl none;
    return m_url ? *m_url : none;
}

void RedisLiveConnectDialog::retranslate()
{
    setWindowTitle(tr("Connect to a live Redis"));
    m_intro->setText(tr("Read the idempotency records a service keeps in Redis: the keys matching a pattern, each read "
                        "through a mapping. Only read commands are sent (SCAN with COUNT, never KEYS), so a user "
                        "allowed +@read suffices; nothing is written."));
    m_urlLabel->setText(tr("&URL:"));
    m_urlEdit->setPlaceholderText(tr("redis://[user:password@]host:port/db  or  unix:///path?db=0"));
    m_urlEdit->setToolTip(tr("A password typed here is used for this window only and never saved."));
    m_matchLabel->setText(tr("&Match:"));
    m_matchEdit->setPlaceholderText(tr("empty: the mapping's pattern (idempotency:* and the like)"));
    m_matchEdit->setToolTip(tr("A SCAN MATCH glob pattern: the keys read as records"));
    m_mappingLabel->setText(tr("Ma&pping:"));
    m_mappingEdit->setToolTip(tr("powertools-redis reads the hash fields or the JSON of the Powertools Redis layer; "
                                 "a mapping file can describe another layout (a hash per key, or a string holding "
                                 "JSON)"));
    CursorLiveConnectDialog::retranslate();
}

void RedisLiveConnectDialog::setUrl(const QString& url)
{
    m_urlEdit->setText(url);
}

void RedisLiveConnectDialog::setMatch(const QString& match)
{
    m_matchEdit->setText(match);
}

QString RedisLiveConnectDialog::match() const
{
    return m_matchEdit->text().trimmed();
}

void RedisLiveConnectDialog::accept()
{
    std::string why;
    const auto url = parseRedisUrl(m_urlEdit->text().trimmed().toStdString(), why);
    if (!url) {
        QString problem = fromStd(why);
        if (problem.startsWith(QStringLiteral("--redis: ")))
            problem.remove(0, 9);
        return showProblem(problem);
    }
    try {
        // An unknown name: the presets listed are the ones that read Redis keys.
        m_mapping = resolveRedisMapping(mappingText().toStdString());
    } catch (const MappingError& e) {
        return showProblem(fromStd(e.what()));
    }
    if (!m_mapping.redis)
        return showProblem(tr("The mapping \"%1\" describes a table, not Redis keys: choose %2 or a mapping file with "
                              "a \"redis\" member.")
                               .arg(fromStd(m_mapping.name), fromStd(redisMappingPresetNames().front())));
    m_url = std::make_unique<RedisUrl>(*url);
    clearProblem();
    QSettings settings;
    settings.setValue(kUrlKey, withoutPassword(*m_url));
    settings.setValue(kMatchKey, match());
    settings.setValue(kMappingKey, mappingText());
    QDialog::accept();
}

// ---- the window ------------------------------------------------------------------------------------------------

namespace {

struct RedisPage : CursorLivePage {
    RedisSnapshot snapshot;
    const LiveSnapshot& live() const override { return snapshot.live; }
    QString nextCursor() const override { return fromStd(snapshot.nextCursor); }
    bool lastPage() const override { return snapshot.nextCursor == "0"; }
};

const RedisSnapshot& redisOf(const CursorLivePage& page)
{
    return static_cast<const RedisPage&>(page).snapshot;
}

} // namespace

// Reads the keyspace on the window's worker thread.
class RedisLiveWindow::Source : public CursorLiveSource {
public:
    Source(const RedisUrl& url, const LiveMapping& mapping, QString match, std::shared_ptr<std::atomic<int>> scanCount)
        : m_url(url)
        , m_mapping(mapping)
        , m_match(std::move(match))
        , m_scanCount(std::move(scanCount))
    {
    }
    std::shared_ptr<const CursorLivePage> read(const QString& cursor, const CursorLiveChoice&,
        const AnomalyThresholds& thresholds, int pageSize, std::optional<Millis>) override
    {
        RedisInspectOptions options;
        options.match = m_match.toStdString();
        options.cursor = cursor.toStdString();
        options.scanCount = m_scanCount->load();
        options.live.page.limit = pageSize;
        options.live.thresholds = thresholds;
        auto page = std::make_shared<RedisPage>();
        page->snapshot = inspector().snapshot(options);
        return page;
    }
    LiveKeyRow readRecord(const LiveRecord& record, bool fullBody) override
    {
        LiveKeyRow row = inspector().readKey(*record.cursor.front(), fullBody);
        row.record = record;
        return row;
    }
    void reset() override { m_inspector.reset(); }

private:
    RedisInspector& inspector()
    {
        if (!m_inspector)
            m_inspector = std::make_unique<RedisInspector>(m_url, m_mapping);
        return *m_inspector;
    }
    RedisUrl m_url;
    LiveMapping m_mapping;
    QString m_match;
    std::shared_ptr<std::atomic<int>> m_scanCount;
    std::unique_ptr<RedisInspector> m_inspector;
};

RedisLiveWindow::RedisLiveWindow(const RedisUrl& url, const LiveMapping& mapping, const QString& match, QWidget* parent)
    : CursorLiveWindow(withoutPassword(url), mapping, parent)
    , m_url(std::make_unique<RedisUrl>(url))
    , m_match(match)
    , m_scanCount(std::make_shared<std::atomic<int>>(1000))
{
    start(std::make_unique<Source>(url, mapping, match, m_scanCount));
}

RedisLiveWindow::~RedisLiveWindow() = default;

void RedisLiveWindow::setScanCount(int count)
{
    m_scanCount->store(std::clamp(count, 1, 100'000));
}

const RedisSnapshot* RedisLiveWindow::snapshot() const
{
    return shownPage() ? &redisOf(*shownPage()) : nullptr;
}

QString RedisLiveWindow::firstCursor() const
{
    return QStringLiteral("0");
}

QString RedisLiveWindow::rulesScope() const
{
    // Rules are remembered per keyspace: the URL (without its password) and the pattern asked for.
    return tr("keys matching %1").arg(m_match.isEmpty() ? QStringLiteral("(the mapping's pattern)") : m_match);
}

QString RedisLiveWindow::rulesKey() const
{
    // The English rulesScope(), as rules were remembered before.
    return QStringLiteral("keys matching ") + (m_match.isEmpty() ? QStringLiteral("(the mapping's pattern)") : m_match);
}

QString RedisLiveWindow::titleText() const
{
    return tr("Live Redis — %1").arg(withoutPassword(*m_url));
}

QString RedisLiveWindow::headerText() const
{
    const RedisSnapshot* s = snapshot();
    return tr("<b>%1</b> — keys matching <b>%2</b>, read through the mapping <b>%3</b>, read only")
        .arg(withoutPassword(*m_url).toHtmlEscaped(), (s ? fromStd(s->match) : m_match).toHtmlEscaped(),
            fromStd(mapping().name).toHtmlEscaped());
}

QString RedisLiveWindow::readingText() const
{
    return tr("Reading the keyspace…");
}

QString RedisLiveWindow::countsLine(const CursorLivePage& page) const
{
    const RedisSnapshot& s = redisOf(page);
    const LiveCounts& c = s.live.counts;
    return tr("<b>%1</b> records: %2 in progress, %3 completed, %4 expired · %5 keys scanned · %6 without expiry · %7 "
              "unreadable")
        .arg(c.total)
        .arg(c.inProgress)
        .arg(c.completed)
        .arg(c.expired)
        .arg(s.keysScanned)
        .arg(s.keysWithoutExpiry)
        .arg(s.unreadable);
}

QString RedisLiveWindow::notCheckedLine(const CursorLivePage& page) const
{
    QStringList notChecked;
    for (const LiveAnomalyKind kind : kLiveAnomalyKinds)
        if (!redisAnomalyApplies(kind))
            notChecked << tr("%1 (%2)").arg(fromStd(anomalyKindName(kind)), notApplicableReason(kind));
    QString line = tr("Not checked on Redis keys: %1.").arg(notChecked.join(QStringLiteral("; ")));
    if (!redisOf(page).regenerationComplete)
        line += QLatin1Char(' ')
            + tr("suspected_key_regeneration stopped early: more fingerprints than it keeps in memory.");
    return line;
}

QString RedisLiveWindow::extraLine(const CursorLivePage& page) const
{
    const RedisSnapshot& s = redisOf(page);
    if (s.unreadable == 0)
        return {};
    QStringList keys;
    for (const RedisUnreadable& u : s.unreadableKeys)
        keys << tr("%1 (%2): %3").arg(fromStd(u.key), fromStd(u.type), fromStd(u.reason));
    return tr("Unreadable keys: %1 — %2").arg(s.unreadable).arg(keys.join(QStringLiteral("; ")));
}

QString RedisLiveWindow::stateLine(const CursorLivePage& page, const QString& cursor) const
{
    const RedisSnapshot& s = redisOf(page);
    const QString time = absoluteTime(s.live.nowMs);
    const QString clock
        = s.clockFromServer ? tr("the server's clock") : tr("this machine's clock: the user may not run TIME");
    const QString where = s.nextCursor == "0"
        ? tr("page from scan cursor %1, the last").arg(cursor)
        : tr("page from scan cursor %1, the next at %2").arg(cursor, fromStd(s.nextCursor));
    return tr("Snapshot at %1 (%2); %3").arg(time, clock, where);
}

QString RedisLiveWindow::timeCaption(int records, Millis originMs, Millis nowMs) const
{
    const RedisSnapshot* s = snapshot();
    return tr("%1 on this page (by key name); the axis counts from %2, the earliest time shown; now is %3 (%4).")
        .arg(tr("%Ln records", nullptr, records), absoluteTime(originMs), absoluteTime(nowMs),
            !s || s->clockFromServer ? tr("the server's clock") : tr("this machine's clock"));
}

QString RedisLiveWindow::selectPrompt() const
{
    return tr("Select a record to read its key whole: every field, its expiry and the stored response body.");
}

QString RedisLiveWindow::readingRecordText() const
{
    return tr("Reading the key…");
}

bool RedisLiveWindow::kindApplies(LiveAnomalyKind kind) const
{
    return redisAnomalyApplies(kind);
}

QString RedisLiveWindow::notApplicableReason(LiveAnomalyKind kind) const
{
    return iw::notApplicableReason(kind);
}

std::string RedisLiveWindow::reportJson(const CursorLivePage& page) const
{
    const RedisSnapshot& s = redisOf(page);
    return redisInspectionJson(s, s.live.thresholds);
}

RedisLiveWindow::Tips RedisLiveWindow::tips() const
{
    return { tr("Scan the keyspace again and read this page anew"),
        tr("Scan again at the interval chosen, until you stop it or a read fails"), tr("The page at scan cursor 0"),
        tr("The page before this one, at the scan cursor it started at"),
        tr("The page at the scan cursor this one ended at"),
        tr("The anomaly rules for these keys (remembered for this URL and pattern)"),
        tr("Write the snapshot on screen as the JSON report inspect --redis prints") };
}

QString RedisLiveWindow::notApplicableText() const
{
    return tr("Not on a Redis keyspace: seeking by time or by key order, and a last page (a scan has no order of its "
              "own and only goes forward: pages follow the scan cursor, each shown by key name); the sweeper's horizon "
              "(Redis deletes a key itself once its expiry passes); effects (no business tables beside the keys).");
}

RedisLiveWindow* showLiveRedis(QWidget* parent)
{
    RedisLiveConnectDialog dialog(parent);
    if (dialog.exec() != QDialog::Accepted)
        return nullptr;
    auto* window = new RedisLiveWindow(dialog.url(), dialog.mapping(), dialog.match(), nullptr);
    window->setAttribute(Qt::WA_DeleteOnClose);
    window->show();
    return window;
}

} // namespace iw
