// The live view on a MySQL/MariaDB table (see mysqllivewindow.h).
#include "mysqllivewindow.h"
#include "stdtext.h"

#include "duration.h"
#include "enginemapping.h"
#include "livemodels.h"
#include "livereport.h"
#include "mysqlconninfo.h"
#include "mysqlinspector.h"

#include <QComboBox>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QSpinBox>

#include <algorithm>

namespace iw {

using namespace Qt::Literals::StringLiterals;

namespace {

const QString kHostKey = QStringLiteral("liveMysql/host");
const QString kPortKey = QStringLiteral("liveMysql/port");
const QString kUserKey = QStringLiteral("liveMysql/user");
const QString kDatabaseKey = QStringLiteral("liveMysql/database");
const QString kTableKey = QStringLiteral("liveMysql/table");
const QString kMappingKey = QStringLiteral("liveMysql/mapping");

struct MysqlPage : CursorLivePage {
    MysqlSnapshot snapshot;
    const LiveSnapshot& live() const override { return snapshot.live; }
    QString nextCursor() const override { return fromStd(snapshot.nextCursor); }
    bool lastPage() const override { return snapshot.nextCursor.empty(); }
};

const MysqlSnapshot& mysqlOf(const CursorLivePage& page)
{
    return static_cast<const MysqlPage&>(page).snapshot;
}

// A position the window reads besides a page cursor (a JSON array): a seek, written as the report's "seek" member says
// it — {"seek": "last"}, {"seek": "key_order", "value": V}, {"seek": "time", "at_ms": N}, {"seek": "key", "value": K,
// "row": [the record's key-order values]}.
QString seekPosition(const QJsonObject& seek)
{
    return QString::fromUtf8(QJsonDocument(seek).toJson(QJsonDocument::Compact));
}

std::optional<QJsonObject> seekOf(const QString& position)
{
    if (!position.startsWith(QLatin1Char('{')))
        return std::nullopt;
    return QJsonDocument::fromJson(position.toUtf8()).object();
}

QString serverOf(const MysqlConninfo& info)
{
    return fromStd(info.where() + " (" + (info.user.empty() ? std::string("?") : info.user) + ")"); // the rules' key
}

} // namespace

// ---- the dialog ------------------------------------------------------------------------------------------------

MysqlLiveConnectDialog::MysqlLiveConnectDialog(QWidget* parent)
    : CursorLiveConnectDialog(parent)
{
    m_host = new QLineEdit(this);
    m_hostLabel = addRow(m_host);
    m_port = new QSpinBox(this);
    m_port->setRange(1, 65535);
    m_portLabel = addRow(m_port);
    m_user = new QLineEdit(this);
    m_userLabel = addRow(m_user);
    m_password = new QLineEdit(this);
    m_password->setEchoMode(QLineEdit::Password);
    m_passwordLabel = addRow(m_password);
    m_database = new QLineEdit(this);
    m_databaseLabel = addRow(m_database);
    m_table = new QLineEdit(this);
    m_tableLabel = addRow(m_table);
    auto presets = mysqlMappingPresetNames();
    for (const std::string& name : mappingPresetNames())
        presets.push_back(name);
    finishLayout(presets);
    retranslate();

    QSettings settings;
    m_host->setText(settings.value(kHostKey, QStringLiteral("127.0.0.1")).toString());
    m_port->setValue(settings.value(kPortKey, 3306).toInt());
    m_user->setText(settings.value(kUserKey).toString());
    m_database->setText(settings.value(kDatabaseKey).toString());
    m_table->setText(settings.value(kTableKey).toString());
    m_mappingEdit->setCurrentText(settings.value(kMappingKey, QStringLiteral("workbench-mysql")).toString());
    resize(600, sizeHint().height());
}

MysqlLiveConnectDialog::~MysqlLiveConnectDialog() = default;

const MysqlConninfo& MysqlLiveConnectDialog::conninfo() const
{
    static const MysqlConninfo none;
    return m_info ? *m_info : none;
}

QString MysqlLiveConnectDialog::table() const
{
    return m_table->text().trimmed();
}

void MysqlLiveConnectDialog::retranslate()
{
    setWindowTitle(tr("Connect to a live MySQL table"));
    m_intro->setText(tr("Read the idempotency records a service keeps in a MySQL or MariaDB table, through a mapping. "
                        "Every read runs in a read-only transaction that ends before the window shows it, and nothing "
                        "is set on the session, so a user allowed only SELECT on the table suffices."));
    m_hostLabel->setText(tr("&Host:"));
    m_host->setPlaceholderText(tr("127.0.0.1"));
    m_portLabel->setText(tr("P&ort:"));
    m_userLabel->setText(tr("&User:"));
    m_passwordLabel->setText(tr("Pass&word:"));
    m_password->setToolTip(tr("Used for this window only and never saved."));
    m_databaseLabel->setText(tr("&Database:"));
    m_tableLabel->setText(tr("&Table:"));
    m_table->setPlaceholderText(tr("empty: the mapping's table (request_idempotency for workbench-mysql)"));
    m_table->setToolTip(tr("A table of the database above, or database.table"));
    m_mappingLabel->setText(tr("Ma&pping:"));
    m_mappingEdit->setToolTip(
        tr("workbench-mysql reads the table the workbench's MySQL store writes; the table presets "
           "and a mapping file read other shapes"));
    CursorLiveConnectDialog::retranslate();
}

void MysqlLiveConnectDialog::setServer(
    const QString& host, int port, const QString& user, const QString& password, const QString& database)
{
    m_host->setText(host);
    m_port->setValue(port);
    m_user->setText(user);
    m_password->setText(password);
    m_database->setText(database);
}

void MysqlLiveConnectDialog::setTable(const QString& table)
{
    m_table->setText(table);
}

void MysqlLiveConnectDialog::accept()
{
    if (m_database->text().trimmed().isEmpty())
        return showProblem(tr("Name the database the table is in."));
    try {
        m_mapping = resolveMysqlMapping(mappingText().toStdString());
    } catch (const MappingError& e) {
        return showProblem(fromStd(e.what()));
    }
    if (m_mapping.redis)
        return showProblem(tr("The mapping \"%1\" reads Redis keys, not a table: choose %2 or a table mapping.")
                               .arg(fromStd(m_mapping.name), fromStd(mysqlMappingPresetNames().front())));
    auto info = std::make_unique<MysqlConninfo>();
    info->host = m_host->text().trimmed().toStdString();
    info->port = static_cast<unsigned>(m_port->value());
    info->user = m_user->text().trimmed().toStdString();
    info->password = m_password->text().toStdString();
    info->database = m_database->text().trimmed().toStdString();
    m_info = std::move(info);
    clearProblem();
    QSettings settings; // everything but the password
    settings.setValue(kHostKey, m_host->text().trimmed());
    settings.setValue(kPortKey, m_port->value());
    settings.setValue(kUserKey, m_user->text().trimmed());
    settings.setValue(kDatabaseKey, m_database->text().trimmed());
    settings.setValue(kTableKey, table());
    settings.setValue(kMappingKey, mappingText());
    QDialog::accept();
}

// ---- the window ------------------------------------------------------------------------------------------------

// Reads the table on the window's worker thread.
class MysqlLiveWindow::Source : public CursorLiveSource {
public:
    Source(const MysqlConninfo& info, const LiveMapping& mapping, const QString& table)
        : m_info(info)
        , m_mapping(mapping)
        , m_table(table.toStdString())
    {
    }
    // As inspect --mysql reads it with --order key|time|newest and --by actor: the page after the cursor in that order
    // (newest first: the page before it, older records, shown newest first), the anomalies listed as chosen.
    // A seek position (seekOf) reads as inspect --mysql --go-to-key, --go-to-key-order, --go-to-time or --last-page.
    std::shared_ptr<const CursorLivePage> read(const QString& cursor, const CursorLiveChoice& choice,
        const AnomalyThresholds& thresholds, int pageSize, std::optional<Millis> dueWithinMs) override
    {
        using From = LivePageQuery::From;
        MysqlInspector& in = inspector();
        MysqlInspectOptions options;
        options.live.page.order = choice.order;
        options.newestFirst = choice.newestFirst;
        options.live.dueWithinMs = dueWithinMs;
        if (choice.newestFirst)
            options.live.page.from = From::Last;
        if (const auto seek = seekOf(cursor)) {
            const QString to = seek->value(u"seek").toString();
            MysqlSeek& s = options.seek;
            s.value = seek->value(u"value").toString().toStdString();
            if (to == u"last") {
                s.to = MysqlSeek::To::Last;
                options.live.page.from = choice.newestFirst ? From::First : From::Last;
            } else if (to == u"key_order") {
                s.to = MysqlSeek::To::KeyOrder;
                options.live.page.from = From::AtKey;
                options.cursor = { s.value };
            } else if (to == u"time") {
                s.to = MysqlSeek::To::Time;
                options.live.page.from = From::AtTime;
                options.live.page.atMs = static_cast<Millis>(seek->value(u"at_ms").toDouble());
                s.value = isoUtc(options.live.page.atMs);
            } else if (to == u"key") {
                s.to = MysqlSeek::To::Key;
                options.live.page.from = From::Around;
                for (const QJsonValue& v : seek->value(u"row").toArray())
                    options.cursor.push_back(
                        v.isNull() ? std::nullopt : std::optional<std::string>(v.toString().toStdString()));
            } else {
                throw LiveError(LiveError::Kind::BadInput, "no such position: " + cursor.toStdString());
            }
        } else if (!cursor.isEmpty()) {
            std::string why;
            const auto values = parseMysqlCursor(cursor.toStdString(), in.pageColumns(choice.order).size(), why);
            if (!values)
                throw LiveError(LiveError::Kind::BadInput, why);
            options.cursor = *values;
        }
        options.live.page.limit = pageSize;
        options.live.thresholds = thresholds;
        applyAnomalyListing(options.live, choice.listing);
        auto page = std::make_shared<MysqlPage>();
        page->snapshot = in.snapshot(options);
        if (choice.newestFirst) {
            std::reverse(page->snapshot.live.page.records.begin(), page->snapshot.live.page.records.end());
            page->snapshot.live.page.newestFirst = true;
        }
        return page;
    }
    LiveKeyLookup findKey(const std::string& key, const AnomalyThresholds& thresholds) override
    {
        LiveInspector::KeyQuery query;
        query.key = key;
        query.limit = 50; // as the PostgreSQL view lists them to choose from
        query.thresholds = thresholds;
        return inspector().lookupKey(query);
    }
    LiveKeyRow readRecord(const LiveRecord& record, bool fullBody) override
    {
        auto row = inspector().lookupRow(record.cursor, fullBody);
        if (!row)
            throw LiveError(
                LiveError::Kind::BadInput, "the row of key \"" + record.scope.key + "\" is gone since the snapshot");
        row->record = record;
        return *row;
    }
    void reset() override { m_inspector.reset(); }

private:
    MysqlInspector& inspector()
    {
        if (!m_inspector)
            m_inspector = std::make_unique<MysqlInspector>(m_info, m_mapping, m_table);
        return *m_inspector;
    }
    MysqlConninfo m_info;
    LiveMapping m_mapping;
    std::string m_table;
    std::unique_ptr<MysqlInspector> m_inspector;
};

MysqlLiveWindow::MysqlLiveWindow(
    const MysqlConninfo& info, const LiveMapping& mapping, const QString& table, QWidget* parent)
    : CursorLiveWindow(serverOf(info), mapping, parent)
    , m_table(table.isEmpty() ? fromStd(mapping.table) : table)
    , m_endpoint(fromStd(info.endpoint()))
    , m_user(info.user.empty() ? QStringLiteral("?") : fromStd(info.user))
{
    start(std::make_unique<Source>(info, mapping, table));
}

MysqlLiveWindow::~MysqlLiveWindow() = default;

const MysqlSnapshot* MysqlLiveWindow::snapshot() const
{
    return shownPage() ? &mysqlOf(*shownPage()) : nullptr;
}

QString MysqlLiveWindow::firstCursor() const
{
    return {};
}

QString MysqlLiveWindow::rulesScope() const
{
    return tr("table %1").arg(m_table);
}

QString MysqlLiveWindow::rulesKey() const
{
    return QStringLiteral("table ") + m_table; // the English rulesScope(), as rules were remembered before
}

QString MysqlLiveWindow::serverText() const
{
    return tr("MariaDB at %1 (%2)").arg(m_endpoint, m_user);
}

QString MysqlLiveWindow::titleText() const
{
    return tr("Live MySQL — %1 — %2").arg(m_table, serverText());
}

QString MysqlLiveWindow::headerText() const
{
    const MysqlSnapshot* s = snapshot();
    return tr("<b>%1</b> — table <b>%2</b>, read through the mapping <b>%3</b>, read only (one read-only "
              "transaction per snapshot)")
        .arg(serverText().toHtmlEscaped(), (s ? fromStd(s->live.table) : m_table).toHtmlEscaped(),
            fromStd(mapping().name).toHtmlEscaped());
}

QString MysqlLiveWindow::readingText() const
{
    return tr("Reading the table…");
}

QString MysqlLiveWindow::countsLine(const CursorLivePage& page) const
{
    const MysqlSnapshot& s = mysqlOf(page);
    const LiveCounts& c = s.live.counts;
    QString line
        = tr("<b>%1</b> records: %2 in progress, %3 completed, %4 expired · %5 rows read · table engine %6 · %7")
              .arg(c.total)
              .arg(c.inProgress)
              .arg(c.completed)
              .arg(c.expired)
              .arg(s.rowsRead)
              .arg(fromStd(s.tableEngine).toHtmlEscaped(), fromStd(s.version).toHtmlEscaped());
    if (s.live.dueWithinMs) // what the sweeper removes next, as inspect --due-within counts it
        line += QStringLiteral(" · ")
            + tr("<b>%1</b> expire within %2 (the sweeper's next %2, until %3)")
                  .arg(c.dueWithin)
                  .arg(shownDuration(*s.live.dueWithinMs),
                      QDateTime::fromMSecsSinceEpoch(s.live.countsNowMs + *s.live.dueWithinMs, Qt::UTC)
                              .toString(QStringLiteral("HH:mm:ss"))
                          + QStringLiteral(" UTC"));
    return line;
}

QString MysqlLiveWindow::notCheckedLine(const CursorLivePage& page) const
{
    const MysqlSnapshot& s = mysqlOf(page);
    QString line = tr("Every anomaly rule is checked: each row is read whole, in one read-only transaction.");
    if (!s.tableEngine.empty() && s.tableEngine != "InnoDB")
        line += QLatin1Char(' ')
            + tr("The table uses %1, which has no transactions: the counts and the page are separate reads and may "
                 "not be one instant's.")
                  .arg(fromStd(s.tableEngine));
    if (!s.regenerationComplete)
        line += QLatin1Char(' ')
            + tr("suspected_key_regeneration stopped early: more fingerprints than it keeps in memory.");
    if (s.live.zoneWarning)
        line += QLatin1Char(' ') + fromStd(zoneWarningText(*s.live.zoneWarning)) + QLatin1Char('.');
    return line;
}

QString MysqlLiveWindow::stateLine(const CursorLivePage& page, const QString& cursor) const
{
    const MysqlSnapshot& s = mysqlOf(page);
    const QString time = absoluteTime(s.live.nowMs);
    const bool newest = s.live.page.newestFirst;
    QString from;
    if (const auto seek = seekOf(cursor)) {
        const QString to = seek->value(u"seek").toString();
        const QString value = seek->value(u"value").toString();
        if (to == u"last")
            from = newest ? tr("the last page (the oldest records)") : tr("the last page");
        else if (to == u"key_order")
            from = tr("the key order from \"%1\"").arg(value);
        else if (to == u"time")
            from = tr("the records created at or after %1")
                       .arg(absoluteTime(static_cast<Millis>(seek->value(u"at_ms").toDouble())));
        else
            from = tr("the page around the key \"%1\"").arg(value);
    } else if (cursor.isEmpty())
        from = newest ? tr("the newest page") : tr("the first page");
    else
        from = newest ? tr("the page before %1").arg(cursor) : tr("the page after %1").arg(cursor);
    const QString more = s.nextCursor.empty() ? tr("the last") : newest ? tr("older ones follow") : tr("more follow");
    return tr("Snapshot at %1 (the server's clock); %2, %3").arg(time, from, more);
}

QString MysqlLiveWindow::timeCaption(int records, Millis originMs, Millis nowMs) const
{
    const QString order = choice().order == LiveOrder::ByKey ? tr("in key order")
        : choice().newestFirst                               ? tr("the newest first")
                                                             : tr("by creation time");
    return tr("%1 on this page (%4); the axis counts from %2, the earliest time shown; now is %3 (the server's "
              "clock).")
        .arg(tr("%Ln records", nullptr, records), absoluteTime(originMs), absoluteTime(nowMs), order);
}

QString MysqlLiveWindow::selectPrompt() const
{
    return tr("Select a record to read its row whole: every column and the stored response body.");
}

QString MysqlLiveWindow::readingRecordText() const
{
    return tr("Reading the row…");
}

bool MysqlLiveWindow::kindApplies(LiveAnomalyKind kind) const
{
    return mysqlAnomalyApplies(kind);
}

bool MysqlLiveWindow::offersChoices() const
{
    return true;
}

bool MysqlLiveWindow::offersSeeking() const
{
    return true;
}

bool MysqlLiveWindow::offersSweeperHorizon() const
{
    return true;
}

QString MysqlLiveWindow::lastCursor() const
{
    return seekPosition({ { u"seek"_s, u"last"_s } });
}

QString MysqlLiveWindow::keyOrderCursor(const QString& value) const
{
    return seekPosition({ { u"seek"_s, u"key_order"_s }, { u"value"_s, value } });
}

QString MysqlLiveWindow::timeCursor(Millis atMs) const
{
    return seekPosition({ { u"seek"_s, u"time"_s }, { u"at_ms"_s, static_cast<double>(atMs) } });
}

QString MysqlLiveWindow::recordCursor(const QString& key, const LiveKeyRow& row) const
{
    QJsonArray values;
    for (const auto& v : row.keyCursor)
        values.append(v ? QJsonValue(fromStd(*v)) : QJsonValue());
    return seekPosition({ { u"seek"_s, u"key"_s }, { u"value"_s, key }, { u"row"_s, values } });
}

QString MysqlLiveWindow::keyColumnsText() const
{
    const LiveTextField& k = mapping().key;
    QStringList columns;
    for (const std::string& c : k.columns)
        columns << fromStd(c);
    const QString joined = columns.join(QStringLiteral(", "));
    switch (k.kind) {
    case LiveTextField::Kind::Constant:
        return tr("a constant");
    case LiveTextField::Kind::Columns:
        return joined;
    case LiveTextField::Kind::BeforeLast:
        return tr("the text before the last \"%1\" of %2").arg(fromStd(k.text), joined);
    case LiveTextField::Kind::AfterLast:
        return tr("the text after the last \"%1\" of %2").arg(fromStd(k.text), joined);
    }
    return joined;
}

QStringList MysqlLiveWindow::keyOrderColumns() const
{
    QStringList out;
    for (const std::string& c : mapping().order)
        out << fromStd(c);
    return out;
}

QString MysqlLiveWindow::keyNotFoundText(const QString& key) const
{
    return tr("no record of the table %1 has the idempotency key \"%2\" (%3)").arg(m_table, key, keyColumnsText());
}

QString MysqlLiveWindow::notApplicableReason(LiveAnomalyKind) const
{
    return {};
}

std::string MysqlLiveWindow::reportJson(const CursorLivePage& page) const
{
    const MysqlSnapshot& s = mysqlOf(page);
    return mysqlInspectionJson(s, s.live.thresholds);
}

MysqlLiveWindow::Tips MysqlLiveWindow::tips() const
{
    return { tr("Read the table again and this page anew"),
        tr("Read again at the interval chosen, until you stop it or a read fails"),
        tr("The first page in the order chosen (newest first: the newest records)"), tr("The page before this one"),
        tr("The page after this one's last row in the order chosen (newest first: older records)"),
        tr("The anomaly rules for this table (remembered for this server and table)"),
        tr("Write the snapshot on screen as the JSON report inspect --mysql --json prints") };
}

QString MysqlLiveWindow::notApplicableText() const
{
    return tr("Also in this view: pages by creation time or newest first, anomalies counted per actor, a "
              "regenerated key's effects when the mapping names them, seeking to a key or a time, the last page and "
              "the sweeper's horizon. Not in this view of a MySQL table: cancelling a read while it runs (each read is "
              "bounded instead, by the statement bound and the deadline), and Previous goes back along the pages "
              "read rather than to the rows before.");
}

MysqlLiveWindow* showLiveMysql(QWidget* parent)
{
    MysqlLiveConnectDialog dialog(parent);
    if (dialog.exec() != QDialog::Accepted)
        return nullptr;
    auto* window = new MysqlLiveWindow(dialog.conninfo(), dialog.mapping(), dialog.table(), nullptr);
    window->setAttribute(Qt::WA_DeleteOnClose);
    window->show();
    return window;
}

} // namespace iw
