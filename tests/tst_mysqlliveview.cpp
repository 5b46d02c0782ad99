// The live view on a MySQL table (docs/manual/live-tables.md "MySQL and MariaDB" in the window): "Connect to a live
// MySQL table…" reads a table through a mapping and shows it as the PostgreSQL and Redis live views do — the records of
// a page on the timeline, the counts, every anomaly rule, the selected row read whole in the Record dock, Rules…, the
// exports of the snapshot on screen —, pages by key, by creation time and newest first as inspect --mysql --order
// pages them (every row seen once, Previous back), lists the anomalies per actor and a regeneration's effects as
// inspect does, seeks (Go to key — choosing when two actors hold it —, to a key-order value, to a time, Last page) to
// the pages inspect --mysql --go-to-… reads, counts the sweeper's horizon as --due-within does, leaves a writer on the
// same table unblocked and the table and its own session unchanged, and says a server it cannot reach in one sentence
// without freezing. Needs the MariaDB of scripts/with-mysql.sh (IW_MYSQL_ADMIN_CONNINFO, IW_MYSQL_CONNINFO). With
// IW_SHOTS=<folder> set it saves the window there, in English and in Russian (docs/screenshots/live-mysql*.png).
#include "childprocess.h"
#include "language.h"
#include "livekeychoice.h"
#include "livemodels.h"
#include "liverecordpanel.h"
#include "mysqlconnection.h"
#include "mysqlconninfo.h"
#include "mysqlenv.h"
#include "mysqlinspector.h"
#include "mysqllivewindow.h"
#include "selection.h"
#include "timelineview.h"

#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableView>
#include <QTableWidget>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>
#include <QToolBar>

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <unistd.h>

using namespace iw;
using namespace Qt::Literals::StringLiterals;

namespace {

QString keyAt(const LiveRecordsModel* model, int row)
{
    return model->data(model->index(row, LiveRecordsModel::KeyColumn)).toString();
}

QStringList keysOf(const LiveRecordsModel* model)
{
    QStringList keys;
    for (int row = 0; row < model->rowCount(); ++row)
        keys << keyAt(model, row);
    return keys;
}

// Waits for the read the window runs (and any it starts after it) to be shown; false when one failed (said).
bool waitShown(CursorLiveWindow& window)
{
    QSignalSpy shown(&window, &CursorLiveWindow::snapshotShown);
    QSignalSpy failed(&window, &CursorLiveWindow::failedShown);
    QElapsedTimer clock;
    clock.start();
    while ((shown.isEmpty() || window.isBusy()) && failed.isEmpty() && clock.elapsed() < 30'000)
        QTest::qWait(20);
    if (!failed.isEmpty())
        qWarning("the read failed: %s", qPrintable(failed.at(0).at(0).toString()));
    return !shown.isEmpty() && !window.isBusy();
}

QJsonObject inspectJson(const QStringList& args)
{
    const iwtest::ChildResult p = iwtest::runCli(args + QStringList { u"--json"_s }, { .timeoutMs = 120'000 });
    if (!p.ranToEnd() || p.exitCode != 0)
        qWarning("inspect failed: %s", p.err.constData());
    return QJsonDocument::fromJson(p.out).object();
}

// The workbench-mysql preset with an effects table: the charges each key caused (charges.idem_key).
const char* kEffectsMapping = R"({
  "format": "idempotency-workbench/mapping@1",
  "name": "workbench-mysql-effects",
  "table": "request_idempotency",
  "order": ["actor_id", "operation", "idempotency_key"],
  "actor": {"column": "actor_id"},
  "operation": {"column": "operation"},
  "key": {"column": "idempotency_key"},
  "state": {"column": "state", "completed": ["completed"], "expired": ["expired"]},
  "created_at": {"column": "created_ms", "unit": "epoch_ms"},
  "expires_at": {"column": "expires_ms", "unit": "epoch_ms"},
  "lease_until": {"column": "lease_until_ms", "unit": "epoch_ms", "optional": true},
  "completed_at": {"column": "completed_ms", "unit": "epoch_ms", "optional": true},
  "status_code": {"column": "status_code"},
  "response_body": {"column": "response_body"},
  "result_id": {"column": "result_id", "optional": true},
  "fingerprint": {"column": "payload_hash", "from": "stored"},
  "effects": {"table": "charges", "column": "idem_key", "on": "idempotency_key", "columns": ["id", "amount"]}
})";

} // namespace

class TestMysqlLiveView : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void showsTheTable();
    void rulesRememberedInEveryLanguage();
    void pagesAlongTheKeyOrder();
    void ordersPageAsInspect_data();
    void ordersPageAsInspect();
    void byActorAndEffectsAsInspect();
    void seeksPageAsInspect_data();
    void seeksPageAsInspect();
    void keyHeldByTwoActorsIsChosen();
    void badSeeksAreOneSentence();
    void sweepersHorizonAsInspect();
    void watchedFromAnotherSession();
    void unreachableIsOneSentence();
    void dialogChecksItsFields();

private:
    MysqlConninfo info() const
    {
        MysqlConninfo i = m_info;
        i.database = m_db;
        return i;
    }
    QString conninfoText(const MysqlConninfo& i) const
    {
        return QString::fromStdString("host=" + i.host + " port=" + std::to_string(i.port) + " user=" + i.user
            + " password='" + i.password + "' dbname=" + m_db);
    }
    std::unique_ptr<MysqlConnection> m_root;
    MysqlConninfo m_info;
    std::string m_db;
    QTemporaryDir m_dir;
};

void TestMysqlLiveView::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    const auto root = iwtest::envMysqlConninfo("IW_MYSQL_ADMIN_CONNINFO");
    const auto store = iwtest::envMysqlConninfo("IW_MYSQL_CONNINFO");
    if (!root || !store)
        return;
    m_info = *store;
    m_root = MysqlConnection::open(*root, false);
    m_db = "iwv_" + std::to_string(getpid());
    m_root->exec("DROP DATABASE IF EXISTS " + m_db, "drop");
    m_root->exec("CREATE DATABASE " + m_db, "create");
    m_root->exec("GRANT ALL ON " + m_db + ".* TO 'iw'@'127.0.0.1'", "grant");
    // The table the workbench's MySQL store writes, times in epoch milliseconds around the server's now.
    m_root->exec("CREATE TABLE " + m_db
            + ".request_idempotency (actor_id VARCHAR(191) NOT NULL, operation VARCHAR(191) NOT NULL, "
              "idempotency_key VARCHAR(255) NOT NULL, payload_hash VARCHAR(255) NOT NULL, state VARCHAR(16) NOT NULL, "
              "status_code INT NULL, response_body LONGTEXT NULL, created_ms BIGINT NOT NULL, completed_ms BIGINT "
              "NULL, "
              "expires_ms BIGINT NOT NULL, lease_until_ms BIGINT NULL, result_id VARCHAR(255) NULL, PRIMARY KEY "
              "(actor_id, operation, idempotency_key)) ENGINE=InnoDB",
        "create the table");
    const std::string now = "CAST(FLOOR(UNIX_TIMESTAMP(NOW(3)) * 1000) AS SIGNED)";
    const auto row = [&](const char* actor, const char* key, const char* state, const char* hash, const char* status,
                         const char* body, int createdS, int expiresS, const char* lease) {
        m_root->exec("INSERT INTO " + m_db + ".request_idempotency VALUES ('" + actor + "', 'POST /charges', '" + key
                + "', '" + hash + "', '" + state + "', " + status + ", " + body + ", " + now + " + "
                + std::to_string(createdS * 1000) + ", NULL, " + now + " + " + std::to_string(expiresS * 1000) + ", "
                + lease + ", NULL)",
            "insert a row");
    };
    row("alice", "k1", "in_progress", "h1", "NULL", "NULL", -900, 86400, "NULL"); // stuck (no lease)
    row("alice", "k2", "completed", "h2", "200", "'{\"charge\":\"ch_2\"}'", -600, 86400, "NULL");
    row("alice", "k3", "completed", "h2", "200", "'{\"charge\":\"ch_3\"}'", -595, 86400, "NULL"); // regenerated
    row("bob", "k4", "completed", "h4", "NULL", "NULL", -300, 86400, "NULL"); // no response
    row("bob", "k5", "completed", "h5", "201", "'{}'", -7200, -3600, "NULL"); // expired, not swept
    row("carol", "k6", "in_progress", "h6", "NULL", "NULL", -7200, -60, "NULL"); // stuck, past expiry
    row("carol", "k7", "in_progress", "h7", "NULL", "NULL", -30, 86400,
        ("(" + now + " + 60000)").c_str()); // running, leased
    // The business rows the regenerated pair (k2, then k3 for the same payload) caused.
    m_root->exec("CREATE TABLE " + m_db
            + ".charges (id INT PRIMARY KEY, idem_key VARCHAR(255) NOT NULL, amount INT NOT NULL) ENGINE=InnoDB",
        "create charges");
    m_root->exec(
        "INSERT INTO " + m_db + ".charges VALUES (1, 'k2', 500), (2, 'k3', 500), (3, 'k4', 70)", "insert charges");
    // More rows than a page, created in another order than their keys' (and two at the same instant, which the key
    // order breaks the tie of).
    m_root->exec("CREATE TABLE " + m_db + ".paged LIKE " + m_db + ".request_idempotency", "create paged");
    for (int i = 0; i < 23; ++i) {
        const int minutes = (i == 5 ? 12 : i) * 7 % 23; // p05 and p12 at the same instant
        m_root->exec("INSERT INTO " + m_db + ".paged VALUES ('" + (i % 3 ? "dave" : "erin") + "', 'POST /orders', 'p"
                + (i < 10 ? "0" : "") + std::to_string(i) + "', 'h" + std::to_string(i) + "', 'completed', 200, '{}', "
                + std::to_string(1'700'000'000'000LL - minutes * 60'000LL) + ", NULL, " + now
                + " + 86400000, NULL, NULL)",
            "insert a paged row");
    }
    // One key two actors hold (Go to key asks which), and another.
    m_root->exec("CREATE TABLE " + m_db + ".shared LIKE " + m_db + ".request_idempotency", "create shared");
    m_root->exec("INSERT INTO " + m_db
            + ".shared VALUES ('alice', 'POST /carts', 'cart-1', 'ha', 'completed', 200, '{}', " + now
            + " - 60000, NULL, " + now
            + " + 86400000, NULL, NULL), ('bob', 'POST /carts', 'cart-1', 'hb', "
              "'in_progress', NULL, NULL, "
            + now + " - 30000, NULL, " + now
            + " + 86400000, NULL, NULL), ('carol', 'POST /carts', 'cart-2', 'hc', "
              "'completed', 200, '{}', "
            + now + ", NULL, " + now + " + 86400000, NULL, NULL)",
        "insert shared rows");
    QFile mapping(m_dir.filePath(u"effects.json"_s));
    if (mapping.open(QIODevice::WriteOnly))
        mapping.write(kEffectsMapping);
}

void TestMysqlLiveView::cleanupTestCase()
{
    if (m_root)
        m_root->exec("DROP DATABASE IF EXISTS " + m_db, "drop");
}

void TestMysqlLiveView::showsTheTable()
{
    if (!m_root)
        QSKIP(
            "no MariaDB configured (IW_MYSQL_ADMIN_CONNINFO, IW_MYSQL_CONNINFO; run through scripts/with-postgres.sh)");
    auto window = std::make_unique<MysqlLiveWindow>(info(), *mappingPreset("workbench-mysql"), QString());
    window->applyRules({}); // the defaults, whatever an earlier run remembered
    QSignalSpy shown(window.get(), &CursorLiveWindow::snapshotShown);
    window->show();
    QVERIFY(shown.wait(30'000));
    QTRY_VERIFY_WITH_TIMEOUT(!window->isBusy(), 30'000);
    const MysqlSnapshot* s = window->snapshot();
    QVERIFY(s);
    QCOMPARE(s->live.counts.total, 7LL);
    QCOMPARE(window->recordsModel()->rowCount(), 7);
    QCOMPARE(window->timeline()->model().laneCount(), 7);
    QCOMPARE(keyAt(window->recordsModel(), 0), u"k1"_s); // key order: alice's first
    // Every rule applies, and each the fixture holds is listed.
    std::set<int> kinds;
    for (int row = 0; row < window->anomaliesModel()->rowCount(); ++row)
        kinds.insert(window->anomaliesModel()
                         ->data(window->anomaliesModel()->index(row, 0), LiveAnomaliesModel::KindRole)
                         .toInt());
    for (const LiveAnomalyKind kind :
        { LiveAnomalyKind::StuckInProgress, LiveAnomalyKind::ExpiredNotSwept, LiveAnomalyKind::CompletedWithoutResponse,
            LiveAnomalyKind::SuspectedKeyRegeneration, LiveAnomalyKind::InProgressPastExpiry })
        QVERIFY2(kinds.count(int(kind)), anomalyKindName(kind).data());
    QVERIFY2(window->countsText().contains(u"7 records"_s), qPrintable(window->countsText()));
    QVERIFY2(window->countsText().contains(u"InnoDB"_s), qPrintable(window->countsText()));
    QVERIFY2(window->countsText().contains(u"expired_not_swept: 1"_s), qPrintable(window->countsText()));
    QVERIFY2(
        window->notCheckedText().contains(u"Every anomaly rule is checked"_s), qPrintable(window->notCheckedText()));
    QVERIFY2(window->stateText().contains(u"the first page, the last"_s), qPrintable(window->stateText()));
    // The paragraph says what the view shows and what it does not.
    QVERIFY2(window->notApplicableText().contains(u"newest first"_s), qPrintable(window->notApplicableText()));
    QVERIFY2(window->notApplicableText().contains(u"per actor"_s), qPrintable(window->notApplicableText()));
    QVERIFY2(window->notApplicableText().contains(u"Not in this view"_s), qPrintable(window->notApplicableText()));
    QVERIFY2(!window->notApplicableText().contains(u"no business tables"_s), qPrintable(window->notApplicableText()));
    QVERIFY(window->orderBox()->isVisibleTo(window.get()));
    QVERIFY(window->listingBox()->isVisibleTo(window.get()));
    QVERIFY(!window->nextAction()->isEnabled());

    // The selected record is read whole: its columns and the stored response body.
    QSignalSpy record(window.get(), &CursorLiveWindow::recordShown);
    window->selection()->select(-1, 1);
    QVERIFY(record.wait(30'000));
    const QString panel = window->recordPanel()->text();
    QVERIFY2(panel.contains(u"ch_2"_s), qPrintable(panel));
    QVERIFY2(panel.contains(u"payload_hash"_s), qPrintable(panel));
    QCOMPARE(window->recordsView()->currentIndex().row(), 1);

    // Rules apply to this table: a longer stuck threshold and k1 (15 min old) is no longer stuck.
    AnomalyThresholds rules;
    rules[LiveAnomalyKind::StuckInProgress] = 3'600'000;
    const long long stuckBefore = s->live.counts.anomaly(LiveAnomalyKind::StuckInProgress);
    window->applyRules(rules);
    QVERIFY(shown.wait(30'000));
    QTRY_VERIFY_WITH_TIMEOUT(!window->isBusy(), 30'000);
    QCOMPARE(window->snapshot()->live.counts.anomaly(LiveAnomalyKind::StuckInProgress), stuckBefore - 1);
    window->applyRules({});
    QVERIFY(shown.wait(30'000));
    QTRY_VERIFY_WITH_TIMEOUT(!window->isBusy(), 30'000);

    // The exports write the snapshot on screen: the report is what inspect --mysql --json prints.
    QTemporaryDir dir;
    QSignalSpy exported(window.get(), &CursorLiveWindow::exportFinished);
    window->exportReport(dir.filePath(u"inspection.json"_s));
    QCOMPARE(exported.count(), 1);
    QCOMPARE(exported.at(0).at(1).toString(), QString());
    QFile f(dir.filePath(u"inspection.json"_s));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
    QCOMPARE(o.value(u"engine"_s).toString(), u"mysql"_s);
    QCOMPARE(o.value(u"total"_s).toInt(), 7);
    QCOMPARE(o.value(u"now_ms"_s).toDouble(), double(window->snapshot()->live.nowMs));

    const QByteArray shots = qgetenv("IW_SHOTS");
    if (!shots.isEmpty()) {
        window->resize(1280, 800);
        window->selection()->select(-1, 1);
        QVERIFY(record.wait(30'000));
        window->statusBar()->clearMessage(); // the export's message: the status line shows the snapshot again
        for (QWidget* w = window->recordPanel(); w; w = w->parentWidget())
            if (auto* dock = qobject_cast<QDockWidget*>(w))
                dock->raise(); // the selected row read whole
        QTest::qWait(200);
        window->grab().save(QString::fromLocal8Bit(shots) + u"/live-mysql.png"_s);
        language::use(u"ru"_s);
        QTest::qWait(200);
        window->grab().save(QString::fromLocal8Bit(shots) + u"/live-mysql-ru.png"_s);
        language::use(u"en"_s);
        // Newest first, the anomalies counted per actor, the regeneration said in full.
        window->setOrder(LiveOrder::ByTime, true);
        QVERIFY(waitShown(*window));
        window->setAnomalyListing(LiveAnomalyListing::ByActor);
        QVERIFY(waitShown(*window));
        for (int row = 0; row < window->anomaliesModel()->rowCount(); ++row)
            if (window->anomaliesModel()->anomaly(row).kind == LiveAnomalyKind::SuspectedKeyRegeneration)
                window->showAnomaly(row);
        window->findChild<QDockWidget*>(u"liveAnomalies"_s)->raise();
        QTest::qWait(200);
        window->grab().save(QString::fromLocal8Bit(shots) + u"/live-mysql-by-actor.png"_s);
        language::use(u"ru"_s);
        QTest::qWait(200);
        window->grab().save(QString::fromLocal8Bit(shots) + u"/live-mysql-by-actor-ru.png"_s);
        language::use(u"en"_s);
        // Go to key in the time order, two days of the sweeper's horizon in the counts.
        window->setAnomalyListing(LiveAnomalyListing::Oldest);
        QVERIFY(waitShown(*window));
        window->setOrder(LiveOrder::ByTime);
        QVERIFY(waitShown(*window));
        window->setPageSize(4);
        window->setDueWithinMs(2 * 86'400'000LL);
        window->seekKeyField()->setText(u"k3"_s);
        const qsizetype recordsBefore = record.count();
        window->goToKey(u"k3"_s);
        QVERIFY(waitShown(*window));
        window->recordPanel()->parentWidget()->raise();
        for (QWidget* w = window->recordPanel(); w; w = w->parentWidget())
            if (auto* dock = qobject_cast<QDockWidget*>(w))
                dock->raise();
        // The seek's record may already be shown while the page was waited for (on a real display it often is).
        QVERIFY(record.count() > recordsBefore || record.wait(30'000));
        QTest::qWait(200);
        window->grab().save(QString::fromLocal8Bit(shots) + u"/live-mysql-seek.png"_s);
        language::use(u"ru"_s);
        QTest::qWait(200);
        window->grab().save(QString::fromLocal8Bit(shots) + u"/live-mysql-seek-ru.png"_s);
        language::use(u"en"_s);
    }
}

// Rules… are remembered for the server and the table, whatever the language: they were remembered under the
// translated "table …", so rules set in English were not found by a window opened in Russian.
void TestMysqlLiveView::rulesRememberedInEveryLanguage()
{
    if (!m_root)
        QSKIP(
            "no MariaDB configured (IW_MYSQL_ADMIN_CONNINFO, IW_MYSQL_CONNINFO; run through scripts/with-postgres.sh)");
    AnomalyThresholds custom;
    custom.ms[0] = 4'321'000;
    custom.listLimit = 17;
    {
        MysqlLiveWindow english(info(), *mappingPreset("workbench-mysql"), QString());
        english.applyRules(custom);
        QTRY_VERIFY_WITH_TIMEOUT(!english.isBusy(), 30'000);
    }
    language::use(u"ru"_s);
    {
        MysqlLiveWindow russian(info(), *mappingPreset("workbench-mysql"), QString());
        language::use(u"en"_s);
        QCOMPARE(russian.thresholds().ms[0], custom.ms[0]);
        QCOMPARE(russian.thresholds().listLimit, custom.listLimit);
        QTRY_VERIFY_WITH_TIMEOUT(!russian.isBusy(), 30'000);
        russian.applyRules({}); // the defaults again, for the tests after
        QTRY_VERIFY_WITH_TIMEOUT(!russian.isBusy(), 30'000);
    }
}

void TestMysqlLiveView::pagesAlongTheKeyOrder()
{
    if (!m_root)
        QSKIP("no MariaDB configured (IW_MYSQL_ADMIN_CONNINFO, IW_MYSQL_CONNINFO)");
    MysqlLiveWindow window(info(), *mappingPreset("workbench-mysql"), u"request_idempotency"_s);
    QSignalSpy shown(&window, &CursorLiveWindow::snapshotShown);
    window.show();
    QVERIFY(shown.wait(30'000));
    QTRY_VERIFY_WITH_TIMEOUT(!window.isBusy(), 30'000);
    QCOMPARE(window.recordsModel()->rowCount(), 7); // the first read's page holds them all
    window.setPageSize(3);
    window.refresh();
    QVERIFY(shown.wait(30'000));
    QTRY_VERIFY_WITH_TIMEOUT(!window.isBusy(), 30'000);
    QCOMPARE(window.recordsModel()->rowCount(), 3);
    QStringList seen;
    QStringList firstPage;
    for (int page = 0; page < 5; ++page) {
        QCOMPARE(window.snapshot()->live.counts.total, 7LL); // the counts always cover the whole table
        QStringList keys;
        for (int row = 0; row < window.recordsModel()->rowCount(); ++row)
            keys << keyAt(window.recordsModel(), row);
        if (page == 0)
            firstPage = keys;
        seen << keys;
        if (!window.nextAction()->isEnabled())
            break;
        window.nextPage();
        QVERIFY(shown.wait(30'000));
        QTRY_VERIFY_WITH_TIMEOUT(!window.isBusy(), 30'000);
    }
    QCOMPARE(seen, (QStringList { u"k1"_s, u"k2"_s, u"k3"_s, u"k4"_s, u"k5"_s, u"k6"_s, u"k7"_s }));
    QVERIFY(window.previousAction()->isEnabled());
    window.previousPage();
    QVERIFY(shown.wait(30'000));
    QTRY_VERIFY_WITH_TIMEOUT(!window.isBusy(), 30'000);
    QCOMPARE(keyAt(window.recordsModel(), 0), u"k4"_s); // the page before the last
    window.firstPage();
    QVERIFY(shown.wait(30'000));
    QTRY_VERIFY_WITH_TIMEOUT(!window.isBusy(), 30'000);
    QCOMPARE(window.pageCursor(), QString());
    QCOMPARE(window.recordsModel()->rowCount(), 3);
    QCOMPARE(keyAt(window.recordsModel(), 0), firstPage.front());
}

void TestMysqlLiveView::ordersPageAsInspect_data()
{
    QTest::addColumn<QString>("order");
    QTest::newRow("key") << u"key"_s;
    QTest::newRow("time") << u"time"_s;
    QTest::newRow("newest") << u"newest"_s;
}

// Each order pages forward over more rows than a page, every row once, in the order's sense, and back again with
// Previous; the pages are those inspect --mysql --order … --limit 4 lists, following its next_cursor.
void TestMysqlLiveView::ordersPageAsInspect()
{
    if (!m_root)
        QSKIP("no MariaDB configured (IW_MYSQL_ADMIN_CONNINFO, IW_MYSQL_CONNINFO)");
    QFETCH(QString, order);
    const int page = 4;
    QList<QStringList> inspected;
    std::optional<QString> cursor;
    for (int i = 0; i < 20; ++i) {
        QStringList args { u"inspect"_s, u"--mysql"_s, u"--conninfo"_s, conninfoText(m_info), u"--table"_s, u"paged"_s,
            u"--order"_s, order, u"--limit"_s, QString::number(page) };
        if (cursor)
            args << u"--cursor"_s << *cursor;
        const QJsonObject o = inspectJson(args);
        QStringList keys;
        for (const QJsonValue& r : o.value(u"records"_s).toArray())
            keys << r[u"key"_s].toString();
        QVERIFY2(!keys.isEmpty(), qPrintable(QString::fromUtf8(QJsonDocument(o).toJson())));
        inspected << keys;
        if (o.value(u"next_cursor"_s).isNull())
            break;
        cursor = o.value(u"next_cursor"_s).toString();
    }

    MysqlLiveWindow window(info(), *mappingPreset("workbench-mysql"), u"paged"_s);
    window.show();
    QVERIFY(waitShown(window));
    window.setPageSize(page);
    window.setOrder(order == u"key"_s ? LiveOrder::ByKey : LiveOrder::ByTime, order == u"newest"_s);
    QVERIFY(waitShown(window));
    QCOMPARE(window.orderBox()->currentIndex(), order == u"key"_s ? 0 : order == u"time"_s ? 1 : 2);
    QList<QStringList> pages;
    std::vector<Millis> created;
    std::vector<std::pair<std::string, std::string>> scopes;
    for (int i = 0; i < 20; ++i) {
        QCOMPARE(window.snapshot()->live.counts.total, 23LL); // the counts always cover the whole table
        pages << keysOf(window.recordsModel());
        for (const LiveRecord& r : window.recordsModel()->records()) {
            created.push_back(r.createdMs);
            scopes.emplace_back(r.scope.actor, r.scope.key);
        }
        if (!window.nextAction()->isEnabled())
            break;
        window.nextPage();
        QVERIFY(waitShown(window));
    }
    QCOMPARE(pages, inspected);
    QStringList all;
    for (const QStringList& p : pages)
        all << p;
    QCOMPARE(QSet<QString>(all.begin(), all.end()).size(), 23);
    QCOMPARE(all.size(), 23);
    if (order == u"time"_s)
        QVERIFY(std::is_sorted(created.begin(), created.end()));
    else if (order == u"newest"_s)
        QVERIFY(std::is_sorted(created.rbegin(), created.rend()));
    else
        QVERIFY(std::is_sorted(scopes.begin(), scopes.end())); // the primary key: actor, operation, key
    // Back again, page by page, to the first.
    for (qsizetype i = pages.size() - 2; i >= 0; --i) {
        QVERIFY(window.previousAction()->isEnabled());
        window.previousPage();
        QVERIFY(waitShown(window));
        QCOMPARE(keysOf(window.recordsModel()), pages[i]);
    }
    QVERIFY(!window.previousAction()->isEnabled());
    // The Record dock reads the selected row whole in this order too.
    QSignalSpy record(&window, &CursorLiveWindow::recordShown);
    window.selection()->select(-1, 1);
    QVERIFY(record.wait(30'000));
    QVERIFY2(window.recordPanel()->text().contains(pages[0][1]), qPrintable(window.recordPanel()->text()));
    QVERIFY2(window.recordPanel()->text().contains(u"payload_hash"_s), qPrintable(window.recordPanel()->text()));
}

// Listing by actor counts what inspect --by actor counts; newest first lists what inspect --order newest lists; a
// regeneration's anomaly, clicked, says the business rows both keys caused, as inspect's report has them, and the
// Record dock shows a row's effects.
void TestMysqlLiveView::byActorAndEffectsAsInspect()
{
    if (!m_root)
        QSKIP("no MariaDB configured (IW_MYSQL_ADMIN_CONNINFO, IW_MYSQL_CONNINFO)");
    const QString mappingPath = m_dir.filePath(u"effects.json"_s);
    const QStringList base { u"inspect"_s, u"--mysql"_s, u"--conninfo"_s, conninfoText(m_info), u"--mapping"_s,
        mappingPath };
    const QJsonObject byActor = inspectJson(base + QStringList { u"--by"_s, u"actor"_s });
    const QJsonObject newest = inspectJson(base + QStringList { u"--order"_s, u"newest"_s });
    QVERIFY(!byActor.value(u"anomalies_by_actor"_s).toArray().isEmpty());

    MysqlLiveWindow window(info(), loadMappingFile(mappingPath.toStdString()), QString());
    window.applyRules({});
    window.show();
    QVERIFY(waitShown(window));
    QVERIFY(window.anomalyPanelText().isEmpty()); // not counted per actor unless asked
    window.setAnomalyListing(LiveAnomalyListing::ByActor);
    QVERIFY(waitShown(window));
    QCOMPARE(window.listingBox()->currentIndex(), 2);
    const MysqlSnapshot* s = window.snapshot();
    QVERIFY(s);
    const QJsonArray actors = byActor.value(u"anomalies_by_actor"_s).toArray();
    QCOMPARE(qsizetype(s->live.byActor.size()), actors.size());
    for (qsizetype i = 0; i < actors.size(); ++i) {
        QCOMPARE(QString::fromStdString(s->live.byActor[std::size_t(i)].actor), actors[i][u"actor"_s].toString());
        QCOMPARE(s->live.byActor[std::size_t(i)].total, actors[i][u"total"_s].toInteger());
        QVERIFY2(window.anomalyPanelText().contains(actors[i][u"actor"_s].toString()),
            qPrintable(window.anomalyPanelText()));
    }
    QVERIFY2(window.anomalyPanelText().contains(u"by actor"_s), qPrintable(window.anomalyPanelText()));

    window.setAnomalyListing(LiveAnomalyListing::Newest);
    QVERIFY(waitShown(window));
    QVERIFY(window.anomalyPanelText().isEmpty());
    QStringList shown;
    QStringList expected;
    for (const LiveAnomaly& a : window.snapshot()->live.anomalies)
        shown << QString::fromStdString(std::string(anomalyKindName(a.kind)) + " " + a.scope.key);
    for (const QJsonValue& a : newest.value(u"anomalies"_s).toArray())
        expected << a[u"kind"_s].toString() + u' ' + a[u"key"_s].toString();
    QCOMPARE(shown, expected);

    // The regeneration's effects, as inspect's report has them.
    int regeneration = -1;
    for (int row = 0; row < window.anomaliesModel()->rowCount(); ++row)
        if (window.anomaliesModel()->anomaly(row).kind == LiveAnomalyKind::SuspectedKeyRegeneration)
            regeneration = row;
    QVERIFY(regeneration >= 0);
    window.showAnomaly(regeneration);
    const QString detail = window.anomalyDetailText();
    int effectRows = 0;
    for (const QJsonValue& a : newest.value(u"anomalies"_s).toArray()) {
        if (a[u"kind"_s].toString() != u"suspected_key_regeneration"_s)
            continue;
        for (const QJsonValue& e : a[u"effects"_s].toArray()) {
            QVERIFY2(detail.contains(e[u"key"_s].toString() + u" caused in"_s), qPrintable(detail));
            for (const QJsonValue& row : e[u"rows"_s].toArray()) {
                const QString line = u"id=%1, amount=%2"_s.arg(row[u"id"_s].toString(), row[u"amount"_s].toString());
                QVERIFY2(detail.contains(line), qPrintable(detail + u" lacks "_s + line));
                ++effectRows;
            }
        }
    }
    QCOMPARE(effectRows, 2); // k2's charge and k3's
    // Read again (Follow does so), the anomaly stays said.
    window.refresh();
    QVERIFY(waitShown(window));
    QCOMPARE(window.anomalyDetailText(), detail);

    // The Record dock: the row whole with the charge its key caused.
    QSignalSpy record(&window, &CursorLiveWindow::recordShown);
    const QStringList keys = keysOf(window.recordsModel());
    window.selection()->select(-1, int(keys.indexOf(u"k4"_s)));
    QVERIFY(record.wait(30'000));
    QVERIFY2(window.recordPanel()->text().contains(u"charges"_s), qPrintable(window.recordPanel()->text()));
    QVERIFY2(window.recordPanel()->text().contains(u"70"_s), qPrintable(window.recordPanel()->text()));
}

// Another MariaDB user writes the table while the window reads it in every order and listing: no write waits beyond
// a read (a lock wait would fail within 1 s), the window's session runs only reads inside read-only transactions and
// sets nothing, none of its transactions outlives a read, and the rows are as they were.
void TestMysqlLiveView::seeksPageAsInspect_data()
{
    QTest::addColumn<QString>("order"); // the order chosen before the seek
    QTest::addColumn<QString>("seek"); // last, key, key_order, time
    for (const QString& order : { u"key"_s, u"time"_s, u"newest"_s })
        for (const QString& seek : { u"last"_s, u"key"_s })
            QTest::newRow(qPrintable(seek + u"_"_s + order)) << order << seek;
    QTest::newRow("key_order") << u"time"_s << u"key_order"_s;
    QTest::newRow("time") << u"newest"_s << u"time"_s;
}

// The Go bar and Last page read exactly the page inspect --mysql reads with --go-to-key, --go-to-key-order,
// --go-to-time or --last-page (the order chosen, or the one the seek reads: the key order from a value, the time order
// from an instant), and Next goes on from there as inspect's next_cursor does. The status line says the seek.
void TestMysqlLiveView::seeksPageAsInspect()
{
    if (!m_root)
        QSKIP("no MariaDB configured (IW_MYSQL_ADMIN_CONNINFO, IW_MYSQL_CONNINFO)");
    QFETCH(QString, order);
    QFETCH(QString, seek);
    const int page = 4;
    // p07 was created 3 minutes before 1,700,000,000,000 ms (paged's i × 7 mod 23 minutes: 49 mod 23), alone then.
    const Millis p07 = 1'700'000'000'000LL - 3LL * 60'000;
    const QString p07Text = QDateTime::fromMSecsSinceEpoch(p07, Qt::UTC).toString(u"yyyy-MM-dd HH:mm:ss"_s) + u" UTC"_s;
    QStringList args { u"inspect"_s, u"--mysql"_s, u"--conninfo"_s, conninfoText(m_info), u"--table"_s, u"paged"_s,
        u"--limit"_s, QString::number(page) };
    if (seek != u"key_order"_s && seek != u"time"_s)
        args << u"--order"_s << order;
    if (seek == u"last"_s)
        args << u"--last-page"_s;
    else if (seek == u"key"_s)
        args << u"--go-to-key"_s << u"p07"_s;
    else if (seek == u"key_order"_s)
        args << u"--go-to-key-order"_s << u"erin"_s;
    else
        args << u"--go-to-time"_s << p07Text;
    const QJsonObject sought = inspectJson(args);
    QStringList expected;
    for (const QJsonValue& r : sought.value(u"records"_s).toArray())
        expected << r[u"key"_s].toString();
    QVERIFY2(!expected.isEmpty(), qPrintable(QString::fromUtf8(QJsonDocument(sought).toJson())));
    QCOMPARE(sought.value(u"seek"_s)[u"to"_s].toString(), seek);

    MysqlLiveWindow window(info(), *mappingPreset("workbench-mysql"), u"paged"_s);
    window.show();
    QVERIFY(waitShown(window));
    QVERIFY(window.seekBar()->isVisibleTo(&window));
    QVERIFY(window.lastAction()->isVisible());
    window.setPageSize(page);
    window.setOrder(order == u"key"_s ? LiveOrder::ByKey : LiveOrder::ByTime, order == u"newest"_s);
    QVERIFY(waitShown(window));
    if (seek == u"last"_s) {
        window.lastPage();
    } else if (seek == u"key"_s) {
        window.seekModeBox()->setCurrentIndex(0);
        window.seekKeyField()->setText(u"p07"_s);
        QTest::keyClick(window.seekKeyField(), Qt::Key_Return); // as the user goes there
    } else if (seek == u"key_order"_s) {
        window.seekModeBox()->setCurrentIndex(1);
        window.seekKeyField()->setText(u"erin"_s);
        QTest::keyClick(window.seekKeyField(), Qt::Key_Return);
    } else {
        window.seekTimeField()->setText(p07Text);
        window.goToTimeAction()->trigger();
    }
    QVERIFY(waitShown(window));
    QCOMPARE(keysOf(window.recordsModel()), expected);
    QCOMPARE(window.snapshot()->live.counts.total, 23LL);
    QCOMPARE(window.nextAction()->isEnabled(), !sought.value(u"next_cursor"_s).isNull());
    const QString said = seek == u"last"_s ? u"the last page"_s
        : seek == u"key"_s                 ? u"the page around the key \"p07\""_s
        : seek == u"key_order"_s           ? u"the key order from \"erin\""_s
                                           : u"the records created at or after"_s;
    QVERIFY2(window.stateText().contains(said), qPrintable(window.stateText()));
    if (seek == u"key"_s) { // the record sought is selected on its page
        const int row = window.selection()->scope();
        QVERIFY(row >= 0);
        QCOMPARE(keyAt(window.recordsModel(), row), u"p07"_s);
    }
    if (seek == u"time"_s || seek == u"key_order"_s) // the order the seek reads is the one shown
        QCOMPARE(window.orderBox()->currentIndex(), seek == u"time"_s ? 1 : 0);
    // Refresh reads the same page again; Next goes on as inspect's next_cursor does.
    window.refresh();
    QVERIFY(waitShown(window));
    QCOMPARE(keysOf(window.recordsModel()), expected);
    if (sought.value(u"next_cursor"_s).isNull())
        return;
    const QString nextOrder = seek == u"key_order"_s ? u"key"_s : seek == u"time"_s ? u"time"_s : order;
    const QJsonObject next = inspectJson(
        { u"inspect"_s, u"--mysql"_s, u"--conninfo"_s, conninfoText(m_info), u"--table"_s, u"paged"_s, u"--limit"_s,
            QString::number(page), u"--order"_s, nextOrder, u"--cursor"_s, sought.value(u"next_cursor"_s).toString() });
    QStringList nextKeys;
    for (const QJsonValue& r : next.value(u"records"_s).toArray())
        nextKeys << r[u"key"_s].toString();
    window.nextPage();
    QVERIFY(waitShown(window));
    QCOMPARE(keysOf(window.recordsModel()), nextKeys);
    // And Previous comes back to the page sought.
    window.previousPage();
    QVERIFY(waitShown(window));
    QCOMPARE(keysOf(window.recordsModel()), expected);
}

// Go to key on a key two actors hold lists both and the user chooses, as in the PostgreSQL view; the page is the one
// inspect --go-to-key K --actor A reads, with the chosen record selected.
void TestMysqlLiveView::keyHeldByTwoActorsIsChosen()
{
    if (!m_root)
        QSKIP("no MariaDB configured (IW_MYSQL_ADMIN_CONNINFO, IW_MYSQL_CONNINFO)");
    const QJsonObject sought = inspectJson({ u"inspect"_s, u"--mysql"_s, u"--conninfo"_s, conninfoText(m_info),
        u"--table"_s, u"shared"_s, u"--limit"_s, u"2"_s, u"--go-to-key"_s, u"cart-1"_s, u"--actor"_s, u"bob"_s });
    QStringList expected;
    for (const QJsonValue& r : sought.value(u"records"_s).toArray())
        expected << r[u"actor"_s].toString() + u"/"_s + r[u"key"_s].toString();
    QCOMPARE(expected, (QStringList { u"alice/cart-1"_s, u"bob/cart-1"_s }));

    MysqlLiveWindow window(info(), *mappingPreset("workbench-mysql"), u"shared"_s);
    window.show();
    QVERIFY(waitShown(window));
    window.setPageSize(2);
    window.setOrder(LiveOrder::ByTime);
    QVERIFY(waitShown(window));
    QSignalSpy choices(&window, &CursorLiveWindow::keyChoicesShown);
    window.goToKey(u"cart-1"_s);
    QVERIFY(choices.wait(30'000));
    LiveKeyChoiceDialog* dialog = window.keyChoiceDialog();
    QVERIFY(dialog);
    QCOMPARE(dialog->table()->rowCount(), 2);
    QVERIFY2(window.stateText().contains(u"held by 2 records"_s), qPrintable(window.stateText()));
    const int bob = dialog->table()->item(0, 0)->text() == u"bob"_s ? 0 : 1;
    QCOMPARE(dialog->table()->item(bob, 0)->text(), u"bob"_s);
    dialog->table()->selectRow(bob);
    QSignalSpy shown(&window, &CursorLiveWindow::snapshotShown);
    dialog->accept();
    QVERIFY(shown.wait(30'000));
    QTRY_VERIFY_WITH_TIMEOUT(!window.isBusy(), 30'000);
    QStringList seen;
    for (const LiveRecord& r : window.recordsModel()->records())
        seen << QString::fromStdString(r.scope.actor + "/" + r.scope.key);
    // The same two records, by creation time: alice's cart-1 (a minute ago) before bob's (30 s ago).
    QCOMPARE(seen, expected);
    const int row = window.selection()->scope();
    QVERIFY(row >= 0);
    QCOMPARE(window.recordsModel()->records()[row].scope.actor, std::string("bob"));
}

// A seek value the window cannot use is one sentence in the status line, and the page shown stays: a text that is no
// time, a key no record holds, a key-order value beyond every row (an empty page, said as such).
void TestMysqlLiveView::badSeeksAreOneSentence()
{
    if (!m_root)
        QSKIP("no MariaDB configured (IW_MYSQL_ADMIN_CONNINFO, IW_MYSQL_CONNINFO)");
    MysqlLiveWindow window(info(), *mappingPreset("workbench-mysql"), QString());
    window.show();
    QVERIFY(waitShown(window));
    const QStringList before = keysOf(window.recordsModel());
    QSignalSpy failed(&window, &CursorLiveWindow::failedShown);
    QVERIFY(!window.goToTimeText(u"yesterday at noon"_s));
    QCOMPARE(failed.count(), 1);
    QVERIFY2(failed.at(0).at(0).toString().contains(u"\"yesterday at noon\" is not a time"_s),
        qPrintable(failed.at(0).at(0).toString()));
    QVERIFY2(window.stateText().contains(u"is not a time"_s), qPrintable(window.stateText()));
    window.goToKey(u"no-such-key"_s);
    QVERIFY(failed.wait(30'000));
    const QString sentence = failed.at(1).at(0).toString();
    QVERIFY2(sentence.contains(u"has the idempotency key \"no-such-key\" (idempotency_key)"_s), qPrintable(sentence));
    QCOMPARE(sentence.count(u'\n'), 0);
    QCOMPARE(keysOf(window.recordsModel()), before);
    QVERIFY(!window.isBusy());
    // In Russian, the same sentence in Russian.
    language::use(u"ru"_s);
    QTest::qWait(200); // the language change reaches the window as an event
    const QString russian = window.stateText();
    language::use(u"en"_s);
    QTest::qWait(200);
    QVERIFY2(russian.contains(u"нет записи с ключом идемпотентности «no-such-key» (idempotency_key)"_s),
        qPrintable(russian));
}

// The sweeper's horizon: the counts say how many terminal records expire within it, as inspect --mysql --due-within
// counts them; Rules… sets it (setDueWithinMs here), one hour unless changed.
void TestMysqlLiveView::sweepersHorizonAsInspect()
{
    if (!m_root)
        QSKIP("no MariaDB configured (IW_MYSQL_ADMIN_CONNINFO, IW_MYSQL_CONNINFO)");
    MysqlLiveWindow window(info(), *mappingPreset("workbench-mysql"), QString());
    window.show();
    QVERIFY(waitShown(window));
    QCOMPARE(window.dueWithinMs(), Millis(3'600'000));
    QVERIFY2(window.countsText().contains(u"0 expire within 1 h (the sweeper's next 1 h, until "_s),
        qPrintable(window.countsText()));
    QCOMPARE(window.snapshot()->live.counts.dueWithin, 0LL);
    for (const auto& [horizon, ms] : { std::pair { u"2d"_s, 2 * 86'400'000LL }, std::pair { u"1h"_s, 3'600'000LL } }) {
        const QJsonObject o = inspectJson(
            { u"inspect"_s, u"--mysql"_s, u"--conninfo"_s, conninfoText(m_info), u"--due-within"_s, horizon });
        window.setDueWithinMs(ms);
        window.refresh();
        QVERIFY(waitShown(window));
        const long long count = window.snapshot()->live.counts.dueWithin;
        QCOMPARE(count, o.value(u"due_within"_s)[u"count"_s].toInteger());
        QCOMPARE(window.snapshot()->live.dueWithinMs, std::optional<Millis>(ms));
        QVERIFY2(window.countsText().contains(QString::number(count) + u" expire within "_s),
            qPrintable(window.countsText()));
    }
    // Two days hold alice's k2 and k3 and bob's k4 (completed, a day to go); k5 is past its expiry already.
    window.setDueWithinMs(2 * 86'400'000LL);
    window.refresh();
    QVERIFY(waitShown(window));
    QCOMPARE(window.snapshot()->live.counts.dueWithin, 3LL);
    QVERIFY2(window.countsText().contains(u"3 expire within 2 d"_s), qPrintable(window.countsText()));
    // The report exported says the horizon as inspect's does.
    QTemporaryDir dir;
    window.exportReport(dir.filePath(u"r.json"_s));
    QFile f(dir.filePath(u"r.json"_s));
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(QJsonDocument::fromJson(f.readAll()).object().value(u"due_within"_s)[u"count"_s].toInt(), 3);
}

void TestMysqlLiveView::watchedFromAnotherSession()
{
    if (!m_root)
        QSKIP("no MariaDB configured (IW_MYSQL_ADMIN_CONNINFO, IW_MYSQL_CONNINFO)");
    const std::string reader = "iwvr" + std::to_string(getpid());
    m_root->exec("CREATE USER IF NOT EXISTS '" + reader + "'@'127.0.0.1' IDENTIFIED BY 'only-select'", "reader");
    m_root->exec("GRANT SELECT ON " + m_db + ".* TO '" + reader + "'@'127.0.0.1'", "grant select");
    const std::string all = "SELECT * FROM " + m_db + ".request_idempotency ORDER BY 1, 2, 3";
    const auto before = m_root->query(all, {}, "read the rows");
    m_root->exec("TRUNCATE TABLE mysql.general_log", "empty the log");
    m_root->exec("SET GLOBAL log_output = 'TABLE'", "log to a table");
    m_root->exec("SET GLOBAL general_log = 1", "log every statement");
    MysqlConninfo writerInfo = m_info;
    writerInfo.database = m_db;
    auto writer = MysqlConnection::open(writerInfo, false);
    writer->exec("SET SESSION innodb_lock_wait_timeout = 1", "bound the writer's lock waits");
    MysqlConninfo readerInfo = info();
    readerInfo.user = reader;
    readerInfo.password = "only-select";
    QStringList writeFailures;
    int writes = 0;
    const auto write = [&] {
        try {
            writer->exec("UPDATE request_idempotency SET status_code = 202 WHERE idempotency_key = 'k2'", "update");
            writer->exec("INSERT INTO request_idempotency VALUES ('zed', 'POST /charges', 'z1', 'hz', 'in_progress', "
                         "NULL, NULL, 0, NULL, 0, NULL, NULL)",
                "insert");
            writer->exec("DELETE FROM request_idempotency WHERE idempotency_key = 'z1'", "delete");
            writer->exec("UPDATE request_idempotency SET status_code = 200 WHERE idempotency_key = 'k2'", "restore");
            ++writes;
        } catch (const StoreError& e) {
            writeFailures << QString::fromUtf8(e.what());
        }
    };
    {
        MysqlLiveWindow window(readerInfo, *mappingPreset("workbench-mysql"), QString());
        window.show();
        QVERIFY(waitShown(window));
        window.setPageSize(3);
        const std::vector<std::function<void()>> steps { [&] { window.setOrder(LiveOrder::ByTime); },
            [&] { window.nextPage(); }, [&] { window.setOrder(LiveOrder::ByTime, true); }, [&] { window.nextPage(); },
            [&] { window.previousPage(); }, [&] { window.setAnomalyListing(LiveAnomalyListing::ByActor); },
            [&] { window.setAnomalyListing(LiveAnomalyListing::Newest); }, [&] { window.refresh(); },
            // The seeks and the last page, each a keyset read in a read-only transaction of its own.
            [&] { window.lastPage(); }, [&] { window.goToKeyOrder(u"bob"_s); }, [&] { window.goToKey(u"k3"_s); },
            [&] { window.goToTime(QDateTime::currentMSecsSinceEpoch() - 650'000); }, [&] { window.lastPage(); } };
        for (const auto& step : steps) {
            QSignalSpy shown(&window, &CursorLiveWindow::snapshotShown);
            step();
            QVERIFY(window.isBusy());
            do { // while the window's read runs
                write();
                QTest::qWait(1);
            } while (window.isBusy() && writes < 10'000);
            QTRY_VERIFY_WITH_TIMEOUT(!window.isBusy(), 30'000);
            QVERIFY(!shown.isEmpty());
        }
        QSignalSpy record(&window, &CursorLiveWindow::recordShown);
        window.selection()->select(-1, 0);
        QVERIFY(record.wait(30'000));
        // Nothing of the window's is open between its reads.
        const auto open = m_root->query("SELECT COUNT(*) FROM information_schema.INNODB_TRX t JOIN "
                                        "information_schema.PROCESSLIST p ON p.ID = t.trx_mysql_thread_id WHERE "
                                        "p.USER = ?",
            { reader }, "look for the window's transactions");
        QCOMPARE(open[0][0].value_or("?"), std::string("0"));
    }
    m_root->exec("SET GLOBAL general_log = 0", "stop logging");
    QVERIFY2(writeFailures.isEmpty(), qPrintable(writeFailures.join(u"; "_s)));
    QVERIFY(writes >= 8);
    QVERIFY(m_root->query(all, {}, "read the rows again") == before);
    const auto log = m_root->query("SELECT thread_id, command_type, CONVERT(argument USING utf8mb4) FROM "
                                   "mysql.general_log WHERE thread_id IN (SELECT thread_id FROM mysql.general_log "
                                   "WHERE command_type = 'Connect' AND argument LIKE ?) ORDER BY event_time",
        { reader + "@%" }, "read the general log");
    m_root->exec("TRUNCATE TABLE mysql.general_log", "empty the log");
    m_root->exec("DROP USER '" + reader + "'@'127.0.0.1'", "drop the reader");
    QVERIFY(log.size() > 20);
    static const QRegularExpression sessionSet(
        u"^\\s*SET\\s+(?!TRANSACTION\\b|STATEMENT\\b)"_s, QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression writes_(
        u"\\b(INSERT|UPDATE|DELETE|REPLACE|LOCK|CREATE|DROP|ALTER|TRUNCATE|GRANT)\\b"_s,
        QRegularExpression::CaseInsensitiveOption);
    std::map<std::string, bool> inTransaction;
    int transactions = 0;
    for (const MysqlRow& row : log) {
        const std::string thread = row[0].value_or("");
        const QString type = QString::fromStdString(row[1].value_or(""));
        const QString sql = QString::fromStdString(row[2].value_or("")).trimmed();
        if (type == u"Connect"_s || type == u"Quit"_s || type == u"Prepare"_s || type == u"Close stmt"_s)
            continue;
        QVERIFY2(!sessionSet.match(sql).hasMatch(), qPrintable(u"a session setting: "_s + sql));
        QVERIFY2(!writes_.match(sql).hasMatch(), qPrintable(u"a write or a lock: "_s + sql));
        if (sql.startsWith(u"START TRANSACTION READ ONLY"_s)) {
            QVERIFY2(!inTransaction[thread], "a transaction started inside another");
            inTransaction[thread] = true;
            ++transactions;
        } else if (sql == u"COMMIT"_s || sql == u"ROLLBACK"_s) {
            inTransaction[thread] = false;
        } else if (sql.contains(u"SELECT"_s) && sql != u"SELECT VERSION()"_s) {
            QVERIFY2(inTransaction[thread], qPrintable(u"a read outside a read-only transaction: "_s + sql));
        }
    }
    QVERIFY(transactions >= 14);
    for (const auto& [thread, open] : inTransaction)
        QVERIFY2(!open, "a transaction left open");
}

void TestMysqlLiveView::unreachableIsOneSentence()
{
    QTcpServer closed;
    QVERIFY(closed.listen(QHostAddress::LocalHost));
    MysqlConninfo nowhere;
    nowhere.host = "127.0.0.1";
    nowhere.port = closed.serverPort();
    nowhere.user = "iw";
    nowhere.database = "iw";
    nowhere.connectTimeoutS = 2;
    nowhere.readTimeoutS = 2;
    closed.close();
    QElapsedTimer clock;
    clock.start();
    MysqlLiveWindow window(nowhere, *mappingPreset("workbench-mysql"), QString());
    QVERIFY(clock.elapsed() < 1000); // the window never waits for the network
    QSignalSpy failed(&window, &CursorLiveWindow::failedShown);
    window.show();
    QVERIFY(failed.wait(30'000));
    const QString sentence = failed.at(0).at(0).toString();
    QVERIFY2(sentence.contains(u"cannot reach"_s), qPrintable(sentence));
    QCOMPARE(sentence.count(u'\n'), 0);
    QVERIFY(!window.snapshot());
    QVERIFY2(window.stateText().contains(u"cannot reach"_s), qPrintable(window.stateText()));
}

void TestMysqlLiveView::dialogChecksItsFields()
{
    MysqlLiveConnectDialog dialog;
    dialog.setServer(u"127.0.0.1"_s, 3306, u"iw"_s, u"secret"_s, QString());
    dialog.accept();
    QCOMPARE(dialog.result(), int(QDialog::Rejected));
    QVERIFY2(dialog.resultText().contains(u"database"_s), qPrintable(dialog.resultText()));
    dialog.setServer(u"127.0.0.1"_s, 3306, u"iw"_s, u"secret"_s, u"iw"_s);
    dialog.setMapping(u"powertools-redis"_s);
    dialog.accept();
    QVERIFY2(dialog.resultText().contains(u"Redis keys"_s), qPrintable(dialog.resultText()));
    dialog.setMapping(u"no-such-mapping"_s);
    dialog.accept();
    QVERIFY2(dialog.resultText().contains(u"workbench-mysql"_s), qPrintable(dialog.resultText()));
    dialog.setMapping(u"workbench-mysql"_s);
    dialog.accept();
    QCOMPARE(dialog.resultText(), QString());
    QCOMPARE(dialog.conninfo().password, std::string("secret"));
    QCOMPARE(dialog.mapping().name, std::string("workbench-mysql"));
}

QTEST_MAIN(TestMysqlLiveView)
#include "tst_mysqlliveview.moc"
