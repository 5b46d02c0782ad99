// The live view on Redis (docs/manual/stores.md "Live", issue 45 part 3 in the window): "Connect to a live Redis…"
// reads the keys matching a pattern through the powertools-redis mapping and shows them as the PostgreSQL live view
// shows a table's rows — the records, the counts, the anomalies that apply and the one that does not (with why), the
// unreadable keys —, pages along the scan cursor (every key seen once the cursor comes back to 0), follows the
// keyspace, and says a server it cannot reach in one sentence without freezing. Needs the Redis of
// scripts/with-redis.sh (IW_REDIS_URL). This test compares key names from literals: it lets them convert to QString.
#undef QT_NO_CAST_FROM_ASCII
#include "livemodels.h"
#include "liverecordpanel.h"
#include "redisinspector.h"
#include "redislivewindow.h"
#include "rediswriter.h"
#include "selection.h"
#include "timelineview.h"

#include <QAction>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QToolBar>
#include <QUrl>

#include <hiredis/hiredis.h>

#include <set>
#include <unistd.h>

using namespace iw;

namespace {

QString env(const char* name)
{
    return QString::fromLocal8Bit(qgetenv(name));
}

using Writer = iwtest::RedisWriter;

RedisUrl urlOf(const QString& text)
{
    std::string why;
    const auto url = parseRedisUrl(text.toStdString(), why);
    return url ? *url : RedisUrl {};
}

} // namespace

class TestRedisLiveView : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void showsTheKeyspace();
    void timelineRecordRulesAndExports();
    void pagesByScanCursor();
    void followsNewKeys();
    void unreachableIsOneSentence();
    void dialogRefusesBadInput();

private:
    QString m_url;
    QString m_prefix;
    QStringList m_keys;
};

void TestRedisLiveView::initTestCase()
{
    // Rules are remembered in the settings: the test's own, never the user's.
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("IdempotencyWorkbenchTests"));
    m_url = env("IW_REDIS_URL");
    if (m_url.isEmpty())
        return;
    m_prefix = QStringLiteral("iwtest:liveview:%1:svc.fn#").arg(getpid());
    Writer w(m_url);
    QVERIFY(w.ctx && !w.ctx->err);
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    const QString later = QString::number(now / 1000 + 3600);
    // Completed with a response; in progress past its lease (stuck); completed without a response; a hash written
    // without EXPIRE whose expiration passed (in progress past expiry, and no TTL); a list the mapping cannot read.
    const auto set = [&](const QString& key, const QString& json) {
        w.run({ QStringLiteral("SET"), m_prefix + key, json, QStringLiteral("PX"), QStringLiteral("3600000") });
        m_keys << m_prefix + key;
    };
    set(QStringLiteral("aaa"),
        QStringLiteral(R"({"status":"COMPLETED","expiration":%1,"data":"{\"ok\":1}","validation":"h1"})").arg(later));
    set(QStringLiteral("bbb"),
        QStringLiteral(R"({"status":"INPROGRESS","expiration":%1,"in_progress_expiration":%2})")
            .arg(later)
            .arg(now - 60'000));
    set(QStringLiteral("ddd"), QStringLiteral(R"({"status":"COMPLETED","expiration":%1})").arg(later));
    w.run({ QStringLiteral("HSET"), m_prefix + QStringLiteral("ccc"), QStringLiteral("status"),
        QStringLiteral("INPROGRESS"), QStringLiteral("expiration"), QString::number(now / 1000 - 10) });
    m_keys << m_prefix + QStringLiteral("ccc");
    w.run({ QStringLiteral("RPUSH"), m_prefix + QStringLiteral("eee"), QStringLiteral("x") });
    m_keys << m_prefix + QStringLiteral("eee");
}

void TestRedisLiveView::cleanupTestCase()
{
    if (m_url.isEmpty())
        return;
    Writer w(m_url);
    for (const QString& k : m_keys)
        w.run({ QStringLiteral("DEL"), k });
}

void TestRedisLiveView::showsTheKeyspace()
{
    if (m_url.isEmpty())
        QSKIP("no Redis configured (IW_REDIS_URL; run through scripts/with-postgres.sh, which starts one)");
    RedisLiveWindow window(urlOf(m_url), *mappingPreset("powertools-redis"), m_prefix + QStringLiteral("*"));
    QSignalSpy shown(&window, &RedisLiveWindow::snapshotShown);
    window.show();
    QVERIFY(shown.wait(30'000));
    const RedisSnapshot* s = window.snapshot();
    QVERIFY(s);
    QCOMPARE(s->live.counts.total, 4LL);
    QCOMPARE(window.recordsModel()->rowCount(), 4);
    std::set<QString> keys;
    for (int row = 0; row < window.recordsModel()->rowCount(); ++row)
        keys.insert(
            window.recordsModel()->data(window.recordsModel()->index(row, LiveRecordsModel::KeyColumn)).toString());
    QCOMPARE(keys, (std::set<QString> { "aaa", "bbb", "ccc", "ddd" }));
    // The anomalies that apply are listed, each of its kind.
    std::set<int> kinds;
    for (int row = 0; row < window.anomaliesModel()->rowCount(); ++row)
        kinds.insert(window.anomaliesModel()
                         ->data(window.anomaliesModel()->index(row, 0), LiveAnomaliesModel::KindRole)
                         .toInt());
    QVERIFY(kinds.count(int(LiveAnomalyKind::StuckInProgress)));
    QVERIFY(kinds.count(int(LiveAnomalyKind::CompletedWithoutResponse)));
    QVERIFY(kinds.count(int(LiveAnomalyKind::InProgressPastExpiry)));
    QVERIFY(!kinds.count(int(LiveAnomalyKind::ExpiredNotSwept)));
    // The one that does not apply is named, with the reason; the counts and the unreadable key are said.
    QVERIFY2(
        window.notCheckedText().contains(QStringLiteral("expired_not_swept")), qPrintable(window.notCheckedText()));
    QVERIFY2(window.notCheckedText().contains(QStringLiteral("Redis deletes a key itself")),
        qPrintable(window.notCheckedText()));
    QVERIFY2(!window.countsText().contains(QStringLiteral("expired_not_swept")), qPrintable(window.countsText()));
    QVERIFY2(window.countsText().contains(QStringLiteral("1 without expiry")), qPrintable(window.countsText()));
    QVERIFY2(window.countsText().contains(QStringLiteral("1 unreadable")), qPrintable(window.countsText()));
    QVERIFY2(window.unreadableText().contains(m_prefix + QStringLiteral("eee")), qPrintable(window.unreadableText()));
    QVERIFY2(window.stateText().contains(QStringLiteral("the server's clock")), qPrintable(window.stateText()));
    QVERIFY(!window.nextAction()->isEnabled()); // one page holds them all
}

// What the PostgreSQL view offers, on Redis: the page on the timeline, the selected key read whole in the Record dock,
// rules per keyspace (applied, remembered) and the exports of the snapshot on screen; what has no meaning is said.
void TestRedisLiveView::timelineRecordRulesAndExports()
{
    if (m_url.isEmpty())
        QSKIP("no Redis configured (IW_REDIS_URL; run through scripts/with-postgres.sh, which starts one)");
    const QString match = m_prefix + QStringLiteral("*");
    auto window = std::make_unique<RedisLiveWindow>(urlOf(m_url), *mappingPreset("powertools-redis"), match);
    window->applyRules({}); // the defaults, whatever an earlier run remembered
    QSignalSpy shown(window.get(), &RedisLiveWindow::snapshotShown);
    window->show();
    QVERIFY(shown.wait(30'000));
    QTRY_VERIFY_WITH_TIMEOUT(!window->isBusy(), 30'000);
    // One lane per record of the page.
    QCOMPARE(window->timeline()->model().laneCount(), window->recordsModel()->rowCount());
    QCOMPARE(window->recordsModel()->rowCount(), 4);

    // Selecting a record reads its key whole: the fields, the expiry, the stored response body.
    int aaa = -1;
    for (int row = 0; row < window->recordsModel()->rowCount(); ++row)
        if (window->recordsModel()->data(window->recordsModel()->index(row, LiveRecordsModel::KeyColumn)).toString()
            == QStringLiteral("aaa"))
            aaa = row;
    QVERIFY(aaa >= 0);
    QSignalSpy recordShown(window.get(), &RedisLiveWindow::recordShown);
    window->selection()->select(-1, aaa);
    QVERIFY(recordShown.wait(30'000));
    const QString record = window->recordPanel()->text();
    QVERIFY2(record.contains(m_prefix + QStringLiteral("aaa")), qPrintable(record));
    QVERIFY2(record.contains(QStringLiteral("COMPLETED")), qPrintable(record));
    QVERIFY2(
        record.contains(QStringLiteral("validation")) && record.contains(QStringLiteral("h1")), qPrintable(record));
    QVERIFY2(record.contains(QStringLiteral("PTTL")), qPrintable(record));
    QVERIFY2(record.contains(QStringLiteral("{\"ok\":1}")), qPrintable(record)); // the body, in its own section
    QCOMPARE(window->recordsView()->currentIndex().row(), aaa);

    // Rules: in_progress_past_expiry 1 day leaves ccc (its expiration passed 10 s ago) out of the count.
    const LiveCounts before = window->snapshot()->live.counts;
    QCOMPARE(before.anomaly(LiveAnomalyKind::InProgressPastExpiry), 1LL);
    AnomalyThresholds rules;
    rules[LiveAnomalyKind::InProgressPastExpiry] = 86'400'000;
    int count = int(shown.count());
    window->applyRules(rules);
    QTRY_VERIFY_WITH_TIMEOUT(shown.count() > count, 30'000);
    QCOMPARE(window->snapshot()->live.counts.anomaly(LiveAnomalyKind::InProgressPastExpiry), 0LL);
    QCOMPARE(window->snapshot()->live.counts.total, before.total);
    // Remembered for this URL and pattern: a new window on them starts with them.
    {
        RedisLiveWindow again(urlOf(m_url), *mappingPreset("powertools-redis"), match);
        QCOMPARE(again.thresholds()[LiveAnomalyKind::InProgressPastExpiry], Millis(86'400'000));
        RedisLiveWindow other(urlOf(m_url), *mappingPreset("powertools-redis"), match + QStringLiteral("x"));
        QCOMPARE(other.thresholds()[LiveAnomalyKind::InProgressPastExpiry],
            AnomalyThresholds {}[LiveAnomalyKind::InProgressPastExpiry]);
    }

    // The exports write the snapshot on screen.
    QTemporaryDir dir;
    QSignalSpy exported(window.get(), &RedisLiveWindow::exportFinished);
    window->exportAnomalies(dir.filePath(QStringLiteral("anomalies.csv")));
    QCOMPARE(exported.count(), 1);
    QCOMPARE(exported.at(0).at(1).toString(), QString());
    QFile csv(dir.filePath(QStringLiteral("anomalies.csv")));
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QString csvText = QString::fromUtf8(csv.readAll());
    QVERIFY2(csvText.contains(QStringLiteral("stuck_in_progress")), qPrintable(csvText));
    QVERIFY2(!csvText.contains(QStringLiteral("in_progress_past_expiry")), qPrintable(csvText));
    window->exportReport(dir.filePath(QStringLiteral("inspection.json")));
    QFile json(dir.filePath(QStringLiteral("inspection.json")));
    QVERIFY(json.open(QIODevice::ReadOnly));
    const QJsonObject report = QJsonDocument::fromJson(json.readAll()).object();
    QCOMPARE(report.value(QStringLiteral("engine")).toString(), QStringLiteral("redis"));
    QCOMPARE(report.value(QStringLiteral("match")).toString(), match);
    QVERIFY(
        report.value(QStringLiteral("kinds_not_applicable")).toObject().contains(QStringLiteral("expired_not_swept")));
    window->exportAnomalies(dir.filePath(QStringLiteral("no-such-folder/anomalies.csv")));
    QCOMPARE(exported.count(), 3);
    QVERIFY2(exported.at(2).at(1).toString().contains(QStringLiteral("cannot write")),
        qPrintable(exported.at(2).at(1).toString()));

    // A hash is read whole too, by a user allowed +@read only: the Record dock sends read commands alone.
    const QString readOnly = env("IW_REDIS_READONLY_URL");
    if (!readOnly.isEmpty()) {
        RedisLiveWindow reader(urlOf(readOnly), *mappingPreset("powertools-redis"), match);
        QSignalSpy readerShown(&reader, &RedisLiveWindow::snapshotShown);
        QVERIFY(readerShown.wait(30'000));
        int ccc = -1;
        for (int row = 0; row < reader.recordsModel()->rowCount(); ++row)
            if (reader.recordsModel()->data(reader.recordsModel()->index(row, LiveRecordsModel::KeyColumn)).toString()
                == QStringLiteral("ccc"))
                ccc = row;
        QVERIFY(ccc >= 0);
        QSignalSpy readerRecord(&reader, &RedisLiveWindow::recordShown);
        reader.selection()->select(-1, ccc);
        QVERIFY(readerRecord.wait(30'000));
        const QString hash = reader.recordPanel()->text();
        QVERIFY2(
            hash.contains(QStringLiteral("INPROGRESS")) && hash.contains(QStringLiteral("PTTL")), qPrintable(hash));
        QVERIFY2(hash.contains(QStringLiteral("-1")), qPrintable(hash)); // HSET without EXPIRE: no expiry
        QVERIFY2(!hash.contains(QStringLiteral("NOPERM")), qPrintable(hash));
    }

    // What has no meaning on a keyspace is said.
    QVERIFY2(window->notApplicableText().contains(QStringLiteral("seeking by time")),
        qPrintable(window->notApplicableText()));
    QVERIFY2(window->notApplicableText().contains(QStringLiteral("effects")), qPrintable(window->notApplicableText()));
    // A scan has no order to seek in: no Go bar, no last page (the MySQL view has them, in the same window class).
    QVERIFY(!window->seekBar()->isVisibleTo(window.get()));
    QVERIFY(!window->lastAction()->isVisible());
    count = int(shown.count());
    window->applyRules({}); // forgotten: the defaults again
    QTRY_VERIFY_WITH_TIMEOUT(shown.count() > count, 30'000);
}

void TestRedisLiveView::pagesByScanCursor()
{
    if (m_url.isEmpty())
        QSKIP("no Redis configured (IW_REDIS_URL; run through scripts/with-postgres.sh, which starts one)");
    RedisLiveWindow window(urlOf(m_url), *mappingPreset("powertools-redis"), m_prefix + QStringLiteral("*"));
    window.setPageSize(2);
    window.setScanCount(2);
    QSignalSpy shown(&window, &RedisLiveWindow::snapshotShown);
    QVERIFY(shown.wait(30'000));
    // The first read was asked before the page size changed: read the first page again with it.
    window.firstPage();
    window.refresh();
    QTRY_VERIFY_WITH_TIMEOUT(!window.isBusy(), 30'000);
    std::set<QString> seen;
    std::vector<QString> cursors;
    for (int pages = 0; pages < 20; ++pages) {
        QCOMPARE(window.snapshot()->live.counts.total, 4LL); // the counts always cover the whole match
        // SCAN's COUNT is a hint: a page ends with the batch that filled it, so it may hold more records than asked
        // (even all of them), and how many pages there are is the server's to decide.
        cursors.push_back(window.pageCursor());
        for (int row = 0; row < window.recordsModel()->rowCount(); ++row)
            seen.insert(
                window.recordsModel()->data(window.recordsModel()->index(row, LiveRecordsModel::KeyColumn)).toString());
        if (!window.nextAction()->isEnabled())
            break;
        const int before = int(shown.count());
        window.nextPage();
        QTRY_VERIFY_WITH_TIMEOUT(shown.count() > before, 30'000);
    }
    QCOMPARE(cursors.front(), QStringLiteral("0"));
    QCOMPARE(seen, (std::set<QString> { "aaa", "bbb", "ccc", "ddd" }));
    if (cursors.size() < 2)
        QSKIP("the server returned every key in the first batch: no second page to go back from");
    // Previous goes back to the cursor the page before started at.
    QVERIFY(window.previousAction()->isEnabled());
    const int before = int(shown.count());
    window.previousPage();
    QTRY_VERIFY_WITH_TIMEOUT(shown.count() > before, 30'000);
    QCOMPARE(window.pageCursor(), cursors[cursors.size() - 2]);
}

void TestRedisLiveView::followsNewKeys()
{
    if (m_url.isEmpty())
        QSKIP("no Redis configured (IW_REDIS_URL; run through scripts/with-postgres.sh, which starts one)");
    RedisLiveWindow window(urlOf(m_url), *mappingPreset("powertools-redis"), m_prefix + QStringLiteral("*"));
    QSignalSpy shown(&window, &RedisLiveWindow::snapshotShown);
    QVERIFY(shown.wait(30'000));
    QCOMPARE(window.snapshot()->live.counts.total, 4LL);
    window.setFollowIntervalSeconds(1);
    window.followAction()->setChecked(true);
    Writer w(m_url);
    const QString added = m_prefix + QStringLiteral("fff");
    m_keys << added;
    w.run({ QStringLiteral("SET"), added,
        QStringLiteral(R"({"status":"INPROGRESS","expiration":%1})").arg(QDateTime::currentSecsSinceEpoch() + 3600),
        QStringLiteral("PX"), QStringLiteral("3600000") });
    QTRY_VERIFY_WITH_TIMEOUT(window.snapshot()->live.counts.total == 5, 30'000);
    QVERIFY(window.followAction()->isChecked());
    window.followAction()->setChecked(false);
    w.run({ QStringLiteral("DEL"), added });
}

void TestRedisLiveView::unreachableIsOneSentence()
{
    // Port 1 on the loopback refuses at once; the window opens at once and says it, following stops.
    QElapsedTimer clock;
    clock.start();
    RedisLiveWindow window(urlOf(QStringLiteral("redis://127.0.0.1:1/0")), *mappingPreset("powertools-redis"), {});
    QVERIFY2(clock.elapsed() < 2000, "the window waited for the network");
    QSignalSpy failed(&window, &RedisLiveWindow::failedShown);
    QVERIFY(failed.wait(30'000));
    QVERIFY2(window.stateText().contains(QStringLiteral("cannot connect")), qPrintable(window.stateText()));
    QVERIFY2(!window.stateText().contains(QLatin1Char('\n')), qPrintable(window.stateText()));
    QVERIFY(!window.snapshot());
    window.followAction()->setChecked(true);
    QVERIFY(failed.wait(30'000));
    QVERIFY2(window.stateText().startsWith(QStringLiteral("stopped: ")), qPrintable(window.stateText()));
    QVERIFY(window.isStopped());
    QVERIFY(!window.followAction()->isChecked());
}

void TestRedisLiveView::dialogRefusesBadInput()
{
    RedisLiveConnectDialog dialog;
    dialog.setUrl(QStringLiteral("redis://127.0.0.1:notaport/0"));
    dialog.accept();
    QVERIFY(dialog.result() != QDialog::Accepted);
    QVERIFY2(dialog.resultText().contains(QStringLiteral("the port \"notaport\" is not a number")),
        qPrintable(dialog.resultText()));
    dialog.setUrl(QStringLiteral("redis://127.0.0.1:6379/0"));
    dialog.setMapping(QStringLiteral("powertools-rediss"));
    dialog.accept();
    QVERIFY2(
        dialog.resultText().contains(QStringLiteral("presets: powertools-redis)")), qPrintable(dialog.resultText()));
    dialog.setMapping(QStringLiteral("seed"));
    dialog.accept();
    QVERIFY2(dialog.resultText().contains(QStringLiteral("describes a table")), qPrintable(dialog.resultText()));
    dialog.setMapping(QStringLiteral("powertools-redis"));
    dialog.accept();
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QCOMPARE(dialog.mapping().name, std::string("powertools-redis"));
}

QTEST_MAIN(TestRedisLiveView)
#include "tst_redisliveview.moc"
