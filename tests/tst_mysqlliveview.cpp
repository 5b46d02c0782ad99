// The live view on a MySQL table (docs/manual/live-tables.md "MySQL and MariaDB" in the window): "Connect to a live
// MySQL table…" reads a table through a mapping and shows it as the PostgreSQL and Redis live views do — the records of
// a page on the timeline, the counts, every anomaly rule, the selected row read whole in the Record dock, Rules…, the
// exports of the snapshot on screen —, pages along the key order (every row seen once, Previous back), and says a
// server it cannot reach in one sentence without freezing. Needs the MariaDB of scripts/with-mysql.sh
// (IW_MYSQL_ADMIN_CONNINFO, IW_MYSQL_CONNINFO). With IW_SHOTS=<folder> set it saves the window there, in English and in
// Russian (docs/screenshots/live-mysql*.png).
#include "language.h"
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
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableView>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <set>
#include <unistd.h>

using namespace iw;
using namespace Qt::Literals::StringLiterals;

namespace {

QString keyAt(const LiveRecordsModel* model, int row)
{
    return model->data(model->index(row, LiveRecordsModel::KeyColumn)).toString();
}

} // namespace

class TestMysqlLiveView : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void showsTheTable();
    void pagesAlongTheKeyOrder();
    void unreachableIsOneSentence();
    void dialogChecksItsFields();

private:
    MysqlConninfo info() const
    {
        MysqlConninfo i = m_info;
        i.database = m_db;
        return i;
    }
    std::unique_ptr<MysqlConnection> m_root;
    MysqlConninfo m_info;
    std::string m_db;
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
    QVERIFY2(window->notApplicableText().contains(u"effects"_s), qPrintable(window->notApplicableText()));
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
