// The live-database GUI: its models (with QAbstractItemModelTester), the timeline feed of a page, and — against
// the throwaway cluster — the connection dialog (a result sentence, recent connections without passwords), the
// table chooser's preview, and the live window following a table through a killed connection to a stop.
// Needs PG* variables for the database parts (scripts/with-postgres.sh); those skip cleanly without them.
#include "json.h"
#include "liveconnectdialog.h"
#include "livekeychoice.h"
#include "livemapping.h"
#include "livemodels.h"
#include "liverecordpanel.h"
#include "livesession.h"
#include "livetabledialog.h"
#include "livetimeline.h"
#include "livewindow.h"
#include "pgadmin.h"
#include "selection.h"
#include "timelineview.h"

#include <QAbstractItemModelTester>
#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QFileDialog>
#include <QHeaderView>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QTableView>
#include <QTableWidget>
#include <QtTest>

#include <libpq-fe.h>

#include <random>
#include <unistd.h>

using namespace iw;

namespace {

LiveRecord record(const std::string& key, RecordState state, bool terminal, Millis created, std::uint8_t anomalies = 0)
{
    LiveRecord r;
    r.scope = { "42", "POST /orders", key };
    r.state = state;
    r.terminal = terminal;
    r.storedState = terminal ? "completed" : "in_progress";
    r.createdMs = created;
    r.expiresMs = created + 3'600'000;
    r.anomalies = anomalies;
    r.cursor = { std::string("42"), std::string("POST /orders"), key };
    return r;
}

} // namespace

class TestLiveView : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void recordsModel();
    void anomaliesModel();
    void timelineFeed();

    void connectDialogSaysHowItWent();
    void tableDialogPreviewsClassification();
    void liveWindowShowsAndFollows();
    void seekTimeParses();
    void connectDialogEnterConnectsAfterTest();
    void seekByIdempotencyKeyKeepsOrder();
    void exportIsCompleteAndReportIsJson();
    void rulesArePerTable();
    void seekFieldsTakeWhatIsTyped();
    void exportDialogNamesCsvAndEnterSaves();
    void emptyTimelineSaysItIsReading();
    void lanesAreNeverSqueezedToSlivers();
    void goToSharedKeyAsksWhichUser();
    void onCallQuestionsInTheWindow();
    void naiveTimesWithoutAZoneAreAWarningInTheWindow();
    void mappingWithoutDescriptionHasNoDash();

private:
    bool m_haveServer = false;
    std::unique_ptr<PgAdmin> m_admin;
    std::string m_schema;
    std::string m_role;
    QTemporaryDir m_settings;
    // A brandur-shaped table of 242 rows: user 3's finished keys and one key users 1 and 2 both hold ("k-twin").
    std::string sharedKeysTable();
    bool m_sharedKeysMade = false;
};

void TestLiveView::initTestCase()
{
    QCoreApplication::setOrganizationName(QStringLiteral("IdempotencyWorkbenchTests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_liveview"));
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_settings.path());

    m_haveServer = !qEnvironmentVariableIsEmpty("PGHOST") || !qEnvironmentVariableIsEmpty("PGPORT");
    if (!m_haveServer)
        return;
    m_admin = std::make_unique<PgAdmin>();
    QVERIFY(m_admin->ok());
    std::random_device rd;
    m_schema = "iw_liveview_" + std::to_string(getpid()) + "_" + std::to_string(rd() % 100000);
    const std::string s = m_schema;
    QVERIFY(m_admin->run("CREATE SCHEMA " + s));
    QVERIFY(m_admin->run("CREATE TABLE " + s
        + ".idempotency_keys (id BIGSERIAL PRIMARY KEY, created_at TIMESTAMPTZ NOT NULL DEFAULT now(), "
          "idempotency_key TEXT NOT NULL, last_run_at TIMESTAMPTZ NOT NULL DEFAULT now(), locked_at TIMESTAMPTZ "
          "DEFAULT now(), request_method TEXT NOT NULL, request_params JSONB NOT NULL, request_path TEXT NOT NULL, "
          "response_code INT NULL, response_body JSONB NULL, recovery_point TEXT NOT NULL, user_id BIGINT NOT NULL)"));
    QVERIFY(m_admin->run("CREATE UNIQUE INDEX ON " + s + ".idempotency_keys (user_id, idempotency_key)"));
    QVERIFY(m_admin->run("INSERT INTO " + s
        + ".idempotency_keys (user_id, idempotency_key, created_at, locked_at, request_method, request_path, "
          "request_params, response_code, response_body, recovery_point) VALUES "
          "(1, 'k-fin', now() - interval '1 hour', NULL, 'POST', '/rides', '{\"n\": 1}', 201, '{}', 'finished'),"
          "(1, 'k-noresp', now() - interval '1 hour', NULL, 'POST', '/rides', '{\"n\": 2}', NULL, NULL, 'finished'),"
          "(1, 'k-fresh', now() - interval '10 s', now() - interval '10 s', 'POST', '/rides', '{\"n\": 3}', NULL, "
          "NULL, 'started'),"
          "(1, 'k-stuck', now() - interval '5 min', now() - interval '5 min', 'POST', '/rides', '{\"n\": 4}', NULL, "
          "NULL, 'ride_created'),"
          "(1, 'k-old', now() - interval '73 hours', NULL, 'POST', '/rides', '{\"n\": 5}', 201, '{}', 'finished'),"
          "(2, 'k-r1', now() - interval '30 min', NULL, 'POST', '/rides', '{\"a\": 1}', 201, '{}', 'finished'),"
          "(2, 'k-r2', now() - interval '30 min' + interval '20 s', NULL, 'POST', '/rides', '{\"a\": 1}', 201, '{}', "
          "'finished')"));
    // A second table of the same shape: rules set for one must not carry over to it.
    QVERIFY(m_admin->run("CREATE TABLE " + s + ".idempotency_keys_b (LIKE " + s + ".idempotency_keys INCLUDING ALL)"));
    QVERIFY(m_admin->run("INSERT INTO " + s + ".idempotency_keys_b SELECT * FROM " + s + ".idempotency_keys"));
    // A reader of our own, so refusing its logins disturbs nobody else.
    m_role = m_schema + "_reader";
    QVERIFY(m_admin->run("CREATE ROLE " + m_role + " LOGIN"));
    QVERIFY(m_admin->run("GRANT USAGE ON SCHEMA " + s + " TO " + m_role));
    QVERIFY(m_admin->run("GRANT SELECT ON ALL TABLES IN SCHEMA " + s + " TO " + m_role));
}

void TestLiveView::cleanupTestCase()
{
    if (!m_admin)
        return;
    m_admin->run("DROP SCHEMA IF EXISTS " + m_schema + " CASCADE");
    m_admin->run("DROP ROLE IF EXISTS " + m_role);
}

void TestLiveView::recordsModel()
{
    LiveRecordsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const Millis now = 1'700'000'000'000;
    model.setRecords(
        { record("a", RecordState::InProgress, false, now - 600'000, anomalyBit(LiveAnomalyKind::StuckInProgress)),
            record("b", RecordState::Completed, true, now - 60'000),
            record("c", RecordState::Expired, true, now - 7'200'000, anomalyBit(LiveAnomalyKind::ExpiredNotSwept)) },
        now);
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(
        model.data(model.index(0, LiveRecordsModel::StateColumn)).toString(), QStringLiteral("in_progress (stuck)"));
    QCOMPARE(model.data(model.index(1, LiveRecordsModel::CreatedColumn)).toString(), QStringLiteral("−1 min"));
    QCOMPARE(model.data(model.index(1, LiveRecordsModel::ExpiresColumn)).toString(), QStringLiteral("+59 min"));
    QCOMPARE(
        model.data(model.index(2, LiveRecordsModel::AnomaliesColumn)).toString(), QStringLiteral("expired_not_swept"));
    QVERIFY(model.data(model.index(0, LiveRecordsModel::CreatedColumn), Qt::ToolTipRole)
                .toString()
                .endsWith(QLatin1String("UTC")));
    QCOMPARE(model.rowOfScope({ "42", "POST /orders", "c" }), 2);
    model.setRecords({}, now);
    QCOMPARE(model.rowCount(), 0);
}

void TestLiveView::anomaliesModel()
{
    LiveAnomaliesModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setAnomalies({ { LiveAnomalyKind::SuspectedKeyRegeneration, { "", "svc.handler", "r2" }, 0,
        "same actor, operation and fingerprint as key \"r1\" created 30 s earlier", {} } });
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.data(model.index(0, LiveAnomaliesModel::KindColumn)).toString(),
        QStringLiteral("suspected_key_regeneration"));
    QCOMPARE(
        model.data(model.index(0, LiveAnomaliesModel::ScopeColumn)).toString(), QStringLiteral("svc.handler / r2"));
    QCOMPARE(model.data(model.index(0, LiveAnomaliesModel::KindColumn), Qt::DecorationRole).value<QColor>(),
        anomalyColor(LiveAnomalyKind::SuspectedKeyRegeneration));
}

void TestLiveView::timelineFeed()
{
    const Millis now = 1'700'000'000'000;
    LiveRecord stuck
        = record("stuck", RecordState::InProgress, false, now - 600'000, anomalyBit(LiveAnomalyKind::StuckInProgress));
    stuck.leaseUntilMs = now - 510'000;
    LiveRecord done = record("done", RecordState::Completed, true, now - 60'000);
    done.completedMs = now - 59'800;
    LiveRecord expired = record("expired", RecordState::Expired, true, now - 7'200'000);
    const LiveRecord open = record("open", RecordState::InProgress, false, now - 10'000);

    TimelineModel model;
    const Millis origin = feedTimeline(model, { stuck, done, expired, open }, now, AnomalyThresholds {});
    QCOMPARE(origin, now - 7'200'000); // the earliest time any record shows
    QCOMPARE(model.laneCount(), 4);
    QCOMPARE(model.lane(0).scope, 0);
    QCOMPARE(model.lane(0).key, QStringLiteral("stuck"));
    // Stuck: in progress until its lease ended, stuck since.
    QCOMPARE(model.lane(0).bars.size(), std::size_t(2));
    QCOMPARE(model.lane(0).bars[0].state, BarState::InProgress);
    QCOMPARE(model.lane(0).bars[1].state, BarState::Stuck);
    QCOMPARE(model.lane(0).bars[1].start, *stuck.leaseUntilMs - origin);
    QCOMPARE(model.lane(0).bars[0].lease, *stuck.leaseUntilMs - origin);
    QCOMPARE(model.anomalies().size(), std::size_t(1));
    QCOMPARE(model.anomalies().front().lane, 0);
    // Completed: a short in-progress bar, completed until its expiry, expired after.
    QCOMPARE(model.lane(1).bars.size(), std::size_t(3));
    QCOMPARE(model.lane(1).bars[1].state, BarState::Completed);
    QCOMPARE(model.lane(1).bars[2].state, BarState::Expired);
    QCOMPARE(model.lane(1).bars[2].start, *done.expiresMs - origin);
    QCOMPARE(model.lane(2).bars.back().state, BarState::Expired);
    QCOMPARE(model.lane(3).bars.size(), std::size_t(1));
    QCOMPARE(model.lane(3).bars[0].state, BarState::InProgress);
    QCOMPARE(model.lane(3).bars[0].end, OpenEnd);
    QCOMPARE(model.lane(3).bars[0].ttl, *open.expiresMs - origin);
    for (int lane = 0; lane < model.laneCount(); ++lane)
        for (const TimelineBar& b : model.lane(lane).bars)
            QVERIFY(b.start >= 0);
}

void TestLiveView::connectDialogSaysHowItWent()
{
    if (!m_haveServer)
        QSKIP("no PostgreSQL configured (PGHOST/PGPORT unset): run under scripts/with-postgres.sh");
    LiveConnectDialog dialog;
    QSignalSpy finished(&dialog, &LiveConnectDialog::attemptFinished);
    dialog.setConninfo(QStringLiteral("host=127.0.0.1 port=1 password=s3cret-word connect_timeout=3"));
    dialog.test();
    QVERIFY(finished.wait(10'000));
    QCOMPARE(finished.takeFirst().at(0).toBool(), false);
    QVERIFY2(dialog.resultText().contains(QLatin1String("could not connect to PostgreSQL at host 127.0.0.1 port 1")),
        qPrintable(dialog.resultText()));
    QVERIFY(!dialog.resultText().contains(QLatin1String("s3cret")));

    // The throwaway cluster trusts everyone: a password in the conninfo is accepted and must not be remembered.
    dialog.setConninfo(QStringLiteral("user=%1 password=s3cret-word").arg(QString::fromStdString(m_role)));
    dialog.test();
    QVERIFY(finished.wait(10'000));
    QCOMPARE(finished.takeFirst().at(0).toBool(), true);
    QVERIFY2(dialog.resultText().contains(QLatin1String("every read is a read-only transaction")),
        qPrintable(dialog.resultText()));
    QVERIFY(dialog.takeConnection() == nullptr); // Test keeps nothing
    const QStringList recent = LiveConnectDialog::recentConnections();
    QVERIFY(!recent.isEmpty());
    QVERIFY2(recent.first().contains(QString::fromStdString(m_role)), qPrintable(recent.first()));
    QSettings settings;
    QFile file(settings.fileName());
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY2(!file.readAll().contains("s3cret"), "a password reached the settings file");

    dialog.accept();
    QVERIFY(finished.wait(10'000));
    auto connection = dialog.takeConnection();
    QVERIFY(connection);
    QVERIFY(connection->transactionsAreReadOnly());
}

void TestLiveView::tableDialogPreviewsClassification()
{
    if (!m_haveServer)
        QSKIP("no PostgreSQL configured (PGHOST/PGPORT unset): run under scripts/with-postgres.sh");
    LiveSession session(LiveConnection::open(""));
    LiveTableDialog dialog(&session);
    QSignalSpy shown(&dialog, &LiveTableDialog::previewShown);
    QVERIFY(dialog.chooseMapping(QStringLiteral("brandur")));
    dialog.chooseTableByName(QString::fromStdString(m_schema + ".idempotency_keys"));
    QVERIFY(shown.wait(10'000));
    QCOMPARE(shown.takeLast().at(0).toBool(), true);
    QVERIFY2(dialog.previewText().contains(QLatin1String("7 records, 2 in progress, 4 completed, 1 expired")),
        qPrintable(dialog.previewText()));
    QCOMPARE(dialog.previewModel()->rowCount(), 7);

    QVERIFY(dialog.chooseMapping(QStringLiteral("powertools")));
    QVERIFY(shown.wait(10'000));
    QCOMPARE(shown.takeLast().at(0).toBool(), false);
    QVERIFY2(dialog.previewText().contains(QLatin1String("does not fit the powertools mapping")),
        qPrintable(dialog.previewText()));
    QVERIFY2(dialog.previewText().contains(QLatin1String("no column expiration")), qPrintable(dialog.previewText()));
    QVERIFY(!dialog.chooseMapping(QStringLiteral("/no/such/mapping.json")));
}

void TestLiveView::liveWindowShowsAndFollows()
{
    if (!m_haveServer)
        QSKIP("no PostgreSQL configured (PGHOST/PGPORT unset): run under scripts/with-postgres.sh");
    const std::string app = "iw_liveview_" + std::to_string(getpid());
    LiveWindow window(LiveConnection::open("user=" + m_role + " application_name=" + app));
    window.show();
    QSignalSpy snapshots(&window, &LiveWindow::snapshotShown);
    QSignalSpy pages(&window, &LiveWindow::pageShown);
    QSignalSpy stops(&window, &LiveWindow::stoppedShown);
    window.openTable({}, QString::fromStdString(m_schema + ".idempotency_keys"), *mappingPreset("brandur"));
    QVERIFY(snapshots.wait(10'000));
    QCOMPARE(window.recordsModel()->rowCount(), 7);
    QCOMPARE(window.anomaliesModel()->rowCount(), 4); // stuck, expired_not_swept, without response, regeneration
    // The records' anomalies are shown beside their state, not last, behind the horizontal scroll.
    QCOMPARE(window.recordsView()->horizontalHeader()->visualIndex(LiveRecordsModel::AnomaliesColumn),
        LiveRecordsModel::StateColumn + 1);
    QCOMPARE(window.timeline()->model().laneCount(), 7);
    QVERIFY2(window.countsText().contains(QLatin1String("2 in progress")), qPrintable(window.countsText()));
    // Both rows in progress hold a lease (locked_at): the panel says the stuck threshold decides none of them.
    QVERIFY2(window.anomalyPanelText().contains(QLatin1String("threshold has no effect on this table: all 2 "
                                                              "in-progress rows have a lease")),
        qPrintable(window.anomalyPanelText()));
    QVERIFY2(window.stateText().startsWith(QLatin1String("Snapshot at ")), qPrintable(window.stateText()));
    // The newest rows by creation time: the last record is the freshest.
    QCOMPARE(window.recordsModel()->records().back().scope.key, std::string("k-fresh"));

    // An anomaly selects its record everywhere.
    QTableView* anomalies = window.anomaliesView();
    const QModelIndex first = window.anomaliesModel()->index(0, 0);
    anomalies->clicked(first);
    const Scope scope = window.anomaliesModel()->anomaly(0).scope;
    QCOMPARE(window.selection()->scope(), window.recordsModel()->rowOfScope(scope));
    QCOMPARE(window.timeline()->highlightedLane(), window.selection()->scope());

    // Paging by the key order (user_id first), then back.
    window.goToKeyOrder(QStringLiteral("2"));
    QVERIFY(pages.wait(10'000));
    QCOMPARE(window.recordsModel()->records().front().scope.key, std::string("k-r1"));
    // A seek the column's type cannot take fails with one sentence naming the column, and leaves the position alone.
    QSignalSpy failures(window.session(), &LiveSession::failed);
    window.goToKeyOrder(QStringLiteral("not-a-user-id"));
    QVERIFY(failures.wait(10'000));
    QVERIFY2(
        window.stateText().contains(QLatin1String("\"not-a-user-id\" is not a value of the column user_id (bigint)")),
        qPrintable(window.stateText()));
    QVERIFY2(!window.stateText().contains(QLatin1String("SQLSTATE")), qPrintable(window.stateText()));
    QCOMPARE(window.pageQuery().cursor, (std::vector<std::optional<std::string>> { std::string("2") }));
    // The next request that succeeds clears the red line.
    window.goToKeyOrder(QStringLiteral("2"));
    QVERIFY(pages.wait(10'000));
    QVERIFY2(!window.stateText().contains(QLatin1String("failed")), qPrintable(window.stateText()));

    // Following: a killed session is re-established and said so.
    window.setFollowIntervalSeconds(1);
    QCOMPARE(window.followAction()->text(), QStringLiteral("Follow"));
    window.followAction()->setChecked(true);
    QVERIFY(window.session()->following());
    QCOMPARE(window.followAction()->text(), QStringLiteral("Following"));
    QVERIFY(snapshots.wait(10'000));
    // What the Follow button says at the moment the window learns the connection is being re-established.
    QStringList followWhileReconnecting;
    connect(&window, &LiveWindow::reconnectingShown, &window,
        [&] { followWhileReconnecting << window.followAction()->text(); });
    const QString reconnectingText = QString::fromUtf8("Following (reconnecting…)");
    PgAdmin admin;
    const int pid = admin.backendOf(app);
    QVERIFY(pid > 0);
    QVERIFY(admin.terminateBackend(pid));
    QTRY_VERIFY_WITH_TIMEOUT(window.stateText().contains(QLatin1String("reconnected")), 15'000);
    QVERIFY(window.followAction()->isChecked());
    QCOMPARE(followWhileReconnecting, QStringList { reconnectingText });
    QCOMPARE(window.followAction()->text(), QStringLiteral("Following")); // back once the snapshot is shown
    followWhileReconnecting.clear();

    // A server that refuses the reconnect stops the follower with a sentence; Resume brings it back.
    const int shownRows = window.recordsModel()->rowCount(); // the page that follows the key seek: k-r1, k-r2
    QCOMPARE(shownRows, 2);
    QVERIFY(admin.run("ALTER ROLE " + m_role + " NOLOGIN"));
    QVERIFY(admin.terminateBackend(admin.backendOf(app)));
    QVERIFY(stops.wait(15'000));
    QVERIFY2(window.stateText().startsWith(QLatin1String("stopped: the connection to PostgreSQL")),
        qPrintable(window.stateText()));
    QVERIFY(window.isStopped());
    // While the retries ran the button said so; once they failed it says following stopped.
    QCOMPARE(followWhileReconnecting, QStringList { reconnectingText });
    followWhileReconnecting.clear();
    // The button says the view does not follow any more, and Resume says it will follow again.
    QVERIFY(!window.followAction()->isChecked());
    QVERIFY(!window.session()->following());
    QCOMPARE(window.followAction()->text(), QStringLiteral("Follow (stopped)"));
    QVERIFY(window.resumeAction()->isVisible());
    QVERIFY2(
        window.resumeAction()->text().contains(QLatin1String("following")), qPrintable(window.resumeAction()->text()));
    QCOMPARE(window.recordsModel()->rowCount(), shownRows); // what was shown stays
    QVERIFY(admin.run("ALTER ROLE " + m_role + " LOGIN"));
    window.resumeAction()->trigger();
    // Resume restores following as it was, and the button says so at once: resuming until the first snapshot is
    // back, then following.
    QVERIFY(window.followAction()->isChecked());
    QVERIFY(window.session()->following());
    QCOMPARE(window.followAction()->text(), QString::fromUtf8("Following (resuming…)"));
    QVERIFY(snapshots.wait(15'000));
    QCOMPARE(window.followAction()->text(), QStringLiteral("Following"));
    QVERIFY(!window.isStopped());
    QVERIFY2(window.stateText().startsWith(QLatin1String("Snapshot at ")), qPrintable(window.stateText()));
    // …and keeps following: the timer takes the next snapshot by itself.
    QVERIFY(snapshots.wait(15'000));
    QVERIFY(window.followAction()->isChecked());

    // Switched off by the user before a stop, following stays off after Resume.
    window.followAction()->setChecked(false);
    QVERIFY(!window.session()->following());
    QVERIFY(admin.run("ALTER ROLE " + m_role + " NOLOGIN"));
    QVERIFY(admin.terminateBackend(admin.backendOf(app)));
    window.refresh();
    QVERIFY(stops.wait(15'000));
    QCOMPARE(followWhileReconnecting, QStringList { QStringLiteral("Follow") }); // not following: never "Following"
    QCOMPARE(window.followAction()->text(), QStringLiteral("Follow"));
    QCOMPARE(window.resumeAction()->text(), QStringLiteral("Re&sume"));
    QVERIFY(admin.run("ALTER ROLE " + m_role + " LOGIN"));
    window.resumeAction()->trigger();
    QVERIFY(snapshots.wait(15'000));
    QVERIFY(!window.followAction()->isChecked());
    QVERIFY(!window.session()->following());
}

void TestLiveView::seekTimeParses()
{
    QString error;
    const auto t = parseSeekTime(QStringLiteral("2026-12-01 08:00:00 UTC"), &error);
    QVERIFY2(t, qPrintable(error));
    QCOMPARE(t->toMSecsSinceEpoch(), QDateTime(QDate(2026, 12, 1), QTime(8, 0), Qt::UTC).toMSecsSinceEpoch());
    QCOMPARE(parseSeekTime(QStringLiteral("2026-12-01 08:00"), &error)->toMSecsSinceEpoch(), t->toMSecsSinceEpoch());
    QCOMPARE(parseSeekTime(QStringLiteral("2026-12-01T10:00:00+02:00"), &error)->toMSecsSinceEpoch(),
        t->toMSecsSinceEpoch());
    QCOMPARE(parseSeekTime(QStringLiteral("2026-12-01"), &error)->toMSecsSinceEpoch(),
        t->toMSecsSinceEpoch() - 8 * 3'600'000);
    QVERIFY(!parseSeekTime(QStringLiteral("08:15 yesterday"), &error));
    QVERIFY2(error.contains(QLatin1String("is not a time")), qPrintable(error));
}

void TestLiveView::connectDialogEnterConnectsAfterTest()
{
    if (!m_haveServer)
        QSKIP("no PostgreSQL configured (PGHOST/PGPORT unset): run under scripts/with-postgres.sh");
    const QString info = QStringLiteral("user=%1 application_name=iw_enter_test").arg(QString::fromStdString(m_role));
    {
        LiveConnectDialog dialog;
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        dialog.activateWindow();
        QSignalSpy finished(&dialog, &LiveConnectDialog::attemptFinished);
        dialog.setConninfo(info);
        auto* testButton = dialog.findChild<QPushButton*>(QStringLiteral("testButton"));
        QVERIFY(testButton);
        testButton->setFocus();
        QTest::mouseClick(testButton, Qt::LeftButton);
        QVERIFY(finished.wait(10'000));
        QCOMPARE(finished.takeFirst().at(0).toBool(), true);
        QVERIFY(dialog.isVisible());
        // Enter now connects (it used to land on Cancel and lose what was typed).
        QWidget* focus = QApplication::focusWidget() ? QApplication::focusWidget() : &dialog;
        QTest::keyClick(focus, Qt::Key_Return);
        QVERIFY(finished.wait(10'000));
        QCOMPARE(finished.takeFirst().at(0).toBool(), true);
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QVERIFY(dialog.takeConnection());
    }
    {
        // What was typed is there the next time, even after Cancel — without a password.
        LiveConnectDialog dialog;
        dialog.setConninfo(QStringLiteral("host=db.example dbname=shop password=s3cret-word"));
        dialog.reject();
        LiveConnectDialog again;
        QVERIFY2(
            again.conninfo().contains(QLatin1String("db.example")) && again.conninfo().contains(QLatin1String("shop")),
            qPrintable(again.conninfo()));
        QVERIFY2(!again.conninfo().contains(QLatin1String("s3cret")), qPrintable(again.conninfo()));
        QSettings settings;
        QFile file(settings.fileName());
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY2(!file.readAll().contains("s3cret"), "a password reached the settings file");
    }
}

void TestLiveView::seekByIdempotencyKeyKeepsOrder()
{
    if (!m_haveServer)
        QSKIP("no PostgreSQL configured (PGHOST/PGPORT unset): run under scripts/with-postgres.sh");
    LiveWindow window(LiveConnection::open("user=" + m_role));
    QSignalSpy snapshots(&window, &LiveWindow::snapshotShown);
    QSignalSpy pages(&window, &LiveWindow::pageShown);
    QSignalSpy failures(window.session(), &LiveSession::failed);
    window.openTable({}, QString::fromStdString(m_schema + ".idempotency_keys"), *mappingPreset("brandur"));
    QVERIFY(snapshots.wait(10'000));
    QCOMPARE(window.session()->keyColumns(), QStringLiteral("idempotency_key"));
    QCOMPARE(window.pageQuery().order, LiveOrder::ByTime);

    // The key the on-call engineer has in hand, not a user_id: found, selected, with its neighbours, by time still.
    window.goToKey(QStringLiteral("k-stuck"));
    QVERIFY(pages.wait(10'000));
    QCOMPARE(window.pageQuery().order, LiveOrder::ByTime);
    QCOMPARE(window.pageQuery().from, LivePageQuery::From::Around);
    QVERIFY(window.recordsModel()->rowCount() > 1);
    const int row = window.selection()->scope();
    QVERIFY(row >= 0);
    QCOMPARE(window.recordsModel()->record(row).scope.key, std::string("k-stuck"));
    const auto& records = window.recordsModel()->records();
    QVERIFY(std::is_sorted(records.begin(), records.end(),
        [](const LiveRecord& a, const LiveRecord& b) { return a.createdMs < b.createdMs; }));
    // The timeline spans the record's life up to now (5 minutes), not the lease's 90 s.
    const double span
        = window.timeline()->zoom()->mapping().visibleEnd() - window.timeline()->zoom()->mapping().visibleStart();
    QVERIFY2(span >= 5 * 60'000, qPrintable(QString::number(span)));

    window.goToKey(QStringLiteral("stuck-700"));
    QVERIFY(failures.wait(10'000));
    QVERIFY2(
        window.stateText().contains(QLatin1String("no record has the idempotency key \"stuck-700\" (idempotency_key)")),
        qPrintable(window.stateText()));
    QVERIFY2(!window.stateText().contains(QLatin1String("SQLSTATE")), qPrintable(window.stateText()));

    // The next seek that succeeds clears the red line.
    window.goToKey(QStringLiteral("k-fin"));
    QVERIFY(pages.wait(10'000));
    QVERIFY2(!window.stateText().contains(QLatin1String("failed")), qPrintable(window.stateText()));

    // Clicking an anomaly whose record is not on the page: the page around it, in the order chosen (here by key),
    // with its neighbours, and the timeline spans its life.
    window.goToKeyOrder(QStringLiteral("2")); // user 2's rows only: k-stuck (user 1) is not among them
    QVERIFY(pages.wait(10'000));
    QCOMPARE(window.pageQuery().order, LiveOrder::ByKey);
    int stuck = -1;
    for (int i = 0; i < window.anomaliesModel()->rowCount(); ++i)
        if (window.anomaliesModel()->anomaly(i).kind == LiveAnomalyKind::StuckInProgress)
            stuck = i;
    QVERIFY(stuck >= 0);
    const Scope stuckScope = window.anomaliesModel()->anomaly(stuck).scope;
    QCOMPARE(window.recordsModel()->rowOfScope(stuckScope), -1);
    window.anomaliesView()->clicked(window.anomaliesModel()->index(stuck, 0));
    QVERIFY(pages.wait(10'000));
    QCOMPARE(window.pageQuery().order, LiveOrder::ByKey);
    QVERIFY(window.recordsModel()->rowCount() > 1);
    QCOMPARE(window.selection()->scope(), window.recordsModel()->rowOfScope(stuckScope));
    QVERIFY(window.selection()->scope() >= 0);
    const auto& byKey = window.recordsModel()->records();
    QVERIFY(std::is_sorted(byKey.begin(), byKey.end(),
        [](const LiveRecord& a, const LiveRecord& b) { return std::stoll(*a.cursor[0]) < std::stoll(*b.cursor[0]); }));
    const double clickedSpan
        = window.timeline()->zoom()->mapping().visibleEnd() - window.timeline()->zoom()->mapping().visibleStart();
    QVERIFY2(clickedSpan >= 5 * 60'000, qPrintable(QString::number(clickedSpan)));
}

void TestLiveView::seekFieldsTakeWhatIsTyped()
{
    if (!m_haveServer)
        QSKIP("no PostgreSQL configured (PGHOST/PGPORT unset): run under scripts/with-postgres.sh");
    LiveWindow window(LiveConnection::open("user=" + m_role));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QSignalSpy snapshots(&window, &LiveWindow::snapshotShown);
    QSignalSpy pages(&window, &LiveWindow::pageShown);
    window.openTable({}, QString::fromStdString(m_schema + ".idempotency_keys"), *mappingPreset("brandur"));
    QVERIFY(snapshots.wait(10'000));

    // Go to time: the minutes typed over the field's own (it starts at the current time) are the ones sought.
    auto* time = window.findChild<QLineEdit*>(QStringLiteral("seekTime"));
    QVERIFY(time);
    QVERIFY(!time->text().contains(QLatin1String("08:00:00")));
    time->setFocus();
    time->selectAll();
    QTest::keyClicks(time, QStringLiteral("2026-12-01 08:00:00 UTC"));
    QTest::keyClick(time, Qt::Key_Return);
    QVERIFY(pages.wait(10'000));
    QCOMPARE(window.pageQuery().from, LivePageQuery::From::AtTime);
    QCOMPARE(window.pageQuery().atMs, QDateTime(QDate(2026, 12, 1), QTime(8, 0), Qt::UTC).toMSecsSinceEpoch());
    time->selectAll();
    QTest::keyClicks(time, QStringLiteral("2026-12-01 08:17"));
    QTest::keyClick(time, Qt::Key_Return);
    QVERIFY(pages.wait(10'000));
    QCOMPARE(window.pageQuery().atMs, QDateTime(QDate(2026, 12, 1), QTime(8, 17), Qt::UTC).toMSecsSinceEpoch());

    // Go to key: the field says which column it compares with, and Enter finds the record by it.
    auto* key = window.findChild<QLineEdit*>(QStringLiteral("seekKey"));
    QVERIFY(key);
    QVERIFY2(key->toolTip().contains(QLatin1String("idempotency_key")), qPrintable(key->toolTip()));
    key->setFocus();
    QTest::keyClicks(key, QStringLiteral("k-noresp"));
    QTest::keyClick(key, Qt::Key_Return);
    QVERIFY(pages.wait(10'000));
    const int row = window.selection()->scope();
    QVERIFY(row >= 0);
    QCOMPARE(window.recordsModel()->record(row).scope.key, std::string("k-noresp"));

    // The seek zoomed to the record's life; the next page (another position) is fitted to its own rows, not shown
    // through the last page's window (which, counted from this page's earliest time, would lie elsewhere).
    const TimelineMapping& m = window.timeline()->zoom()->mapping();
    QVERIFY(m.visibleStart() != m.fitStart() || m.visibleEnd() != m.fitEnd());
    time->selectAll();
    QTest::keyClicks(time, QStringLiteral("2000-01-01 00:00"));
    QTest::keyClick(time, Qt::Key_Return);
    QVERIFY(pages.wait(10'000));
    QCOMPARE(window.recordsModel()->rowCount(), 7);
    QCOMPARE(m.visibleStart(), m.fitStart());
    QCOMPARE(m.visibleEnd(), m.fitEnd());

    // Go to a key-order value: with the box's second item chosen, the field's hint names the key order, and Enter seeks
    // the key order from the value typed (not a record whose key is that value).
    auto* mode = window.findChild<QComboBox*>(QStringLiteral("seekMode"));
    QVERIFY(mode);
    mode->setCurrentIndex(1);
    emit mode->activated(1);
    QVERIFY2(key->toolTip().contains(QLatin1String("key order")), qPrintable(key->toolTip()));
    key->selectAll();
    QTest::keyClicks(key, QStringLiteral("0")); // the key order's first column, user_id
    QTest::keyClick(key, Qt::Key_Return);
    QVERIFY(pages.wait(10'000));
    QCOMPARE(window.pageQuery().from, LivePageQuery::From::AtKey);
    QCOMPARE(window.pageQuery().order, LiveOrder::ByKey);
    QCOMPARE(window.pageQuery().cursor.size(), std::size_t(1));
    QCOMPARE(window.pageQuery().cursor.front().value_or("(null)"), std::string("0"));
}

void TestLiveView::exportDialogNamesCsvAndEnterSaves()
{
    if (!m_haveServer)
        QSKIP("no PostgreSQL configured (PGHOST/PGPORT unset): run under scripts/with-postgres.sh");
    LiveWindow window(LiveConnection::open("user=" + m_role));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QSignalSpy snapshots(&window, &LiveWindow::snapshotShown);
    QSignalSpy exported(&window, &LiveWindow::exportFinished);
    window.openTable({}, QString::fromStdString(m_schema + ".idempotency_keys"), *mappingPreset("brandur"));
    QVERIFY(snapshots.wait(10'000));
    QTemporaryDir dir;
    QVERIFY(dir.isValid());

    // The dialog proposes a CSV name under a CSV filter; a name typed without a suffix and Enter save a .csv.
    const auto typeAndEnter = [&](const QString& typed, QStringList* filters, QString* proposed) {
        QTimer::singleShot(0, &window, [&, typed, filters, proposed] {
            auto* dialog = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
            if (!dialog)
                return;
            *filters = dialog->nameFilters();
            auto* name = dialog->findChild<QLineEdit*>(QStringLiteral("fileNameEdit"));
            if (!name) {
                dialog->reject();
                return;
            }
            *proposed = name->text();
            name->setFocus();
            name->setText(dir.filePath(typed));
            QTest::keyClick(name, Qt::Key_Return);
        });
    };
    QStringList filters;
    QString proposed;
    typeAndEnter(QStringLiteral("incident-42"), &filters, &proposed);
    // By its shortcut, where the focus is once the table is open (a text field would take Ctrl+E as end of line).
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QVERIFY(QApplication::focusWidget());
    // (Under X11 a QLineEdit or a spin box's line eats Ctrl+E; the offscreen platform's key bindings do not show it.)
    QVERIFY2(!qobject_cast<QLineEdit*>(QApplication::focusWidget())
            && !qobject_cast<QAbstractSpinBox*>(QApplication::focusWidget()),
        QApplication::focusWidget()->metaObject()->className());
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_E, Qt::ControlModifier);
    QTRY_VERIFY_WITH_TIMEOUT(exported.count() == 1, 10'000); // written at once: the snapshot on screen
    QCOMPARE(filters, QStringList { QStringLiteral("Anomalies as CSV (*.csv)") });
    QCOMPARE(proposed, QStringLiteral("anomalies.csv"));
    const QList<QVariant> done = exported.takeFirst();
    QCOMPARE(done.at(0).toString(), dir.filePath(QStringLiteral("incident-42.csv")));
    QCOMPARE(done.at(1).toString(), QString());
    QFile csv(dir.filePath(QStringLiteral("incident-42.csv")));
    QVERIFY(csv.open(QIODevice::ReadOnly));
    QVERIFY(csv.readLine().startsWith("kind,actor,operation,key,created_ms,age_ms"));

    // The full report: a JSON name under a JSON filter.
    typeAndEnter(QStringLiteral("incident-42-report"), &filters, &proposed);
    window.exportReportInteractive();
    QTRY_VERIFY_WITH_TIMEOUT(exported.count() == 1, 10'000);
    QCOMPARE(filters, QStringList { QStringLiteral("Inspection report (*.json)") });
    QCOMPARE(proposed, QStringLiteral("inspection.json"));
    QCOMPARE(exported.takeFirst().at(0).toString(), dir.filePath(QStringLiteral("incident-42-report.json")));
    QFile json(dir.filePath(QStringLiteral("incident-42-report.json")));
    QVERIFY(json.open(QIODevice::ReadOnly));
    QVERIFY(json::parse(json.readAll().toStdString()).find("anomalies_complete"));
}

void TestLiveView::exportIsCompleteAndReportIsJson()
{
    if (!m_haveServer)
        QSKIP("no PostgreSQL configured (PGHOST/PGPORT unset): run under scripts/with-postgres.sh");
    LiveWindow window(LiveConnection::open("user=" + m_role));
    QSignalSpy snapshots(&window, &LiveWindow::snapshotShown);
    QSignalSpy exported(&window, &LiveWindow::exportFinished);
    window.openTable({}, QString::fromStdString(m_schema + ".idempotency_keys"), *mappingPreset("brandur"));
    QVERIFY(snapshots.wait(10'000));
    long long counted = 0;
    for (const LiveAnomalyKind kind : kLiveAnomalyKinds)
        counted += window.snapshot()->counts.anomaly(kind);
    QVERIFY(counted >= 4);
    QTemporaryDir dir;

    // Every anomaly listed: the export holds them all.
    const QString csvPath = dir.filePath(QStringLiteral("anomalies.csv"));
    window.exportAnomalies(csvPath);
    QTRY_VERIFY_WITH_TIMEOUT(exported.count() == 1, 10'000);
    QCOMPARE(exported.takeFirst().at(1).toString(), QString());
    QFile csv(csvPath);
    QVERIFY(csv.open(QIODevice::ReadOnly));
    QList<QByteArray> lines = csv.readAll().trimmed().split('\n');
    QVERIFY2(lines.first().startsWith("kind,actor,operation,key,created_ms,age_ms,key_column.user_id"),
        lines.first().constData());
    QCOMPARE(lines.size() - 1, int(counted));

    // Lists nothing, counts everything: the export is what the screen shows (docs/manual/live-tables.md), and says the
    // list is cut.
    AnomalyThresholds rules;
    rules.listLimit = 0;
    window.setThresholds(rules);
    window.refresh();
    QVERIFY(snapshots.wait(10'000));
    QCOMPARE(window.anomaliesModel()->rowCount(), 0);
    window.exportAnomalies(csvPath);
    QTRY_VERIFY_WITH_TIMEOUT(exported.count() == 1, 10'000);
    QCOMPARE(exported.takeFirst().at(1).toString(), QString());
    csv.close();
    QVERIFY(csv.open(QIODevice::ReadOnly));
    lines = csv.readAll().trimmed().split('\n');
    QCOMPARE(lines.first(), QByteArray("# first page only: 0 of " + QByteArray::number(counted) + " anomalies listed"));
    QCOMPARE(lines.size(), 2); // the note and the header

    const QString jsonPath = dir.filePath(QStringLiteral("report.json"));
    window.exportReport(jsonPath);
    QTRY_VERIFY_WITH_TIMEOUT(exported.count() == 1, 10'000);
    QCOMPARE(exported.takeFirst().at(1).toString(), QString());
    QFile json(jsonPath);
    QVERIFY(json.open(QIODevice::ReadOnly));
    const json::Value doc = json::parse(json.readAll().toStdString());
    QCOMPARE(doc.find("anomalies")->array.size(), std::size_t(0));
    QVERIFY(!doc.find("anomalies_complete")->boolean);
    QCOMPARE(doc.find("anomaly_limit")->number, 0.0);
    long long inReport = 0;
    for (const json::Member& m : doc.find("anomaly_counts")->object)
        inReport += static_cast<long long>(m.value.number);
    QCOMPARE(inReport, counted);
    QCOMPARE(doc.find("records")->array.size(), std::size_t(7));
}

void TestLiveView::rulesArePerTable()
{
    if (!m_haveServer)
        QSKIP("no PostgreSQL configured (PGHOST/PGPORT unset): run under scripts/with-postgres.sh");
    const QString a = QString::fromStdString(m_schema + ".idempotency_keys");
    const QString b = QString::fromStdString(m_schema + ".idempotency_keys_b");
    LiveWindow window(LiveConnection::open("user=" + m_role));
    QSignalSpy snapshots(&window, &LiveWindow::snapshotShown);
    window.openTable({}, a, *mappingPreset("brandur"));
    QVERIFY(snapshots.wait(10'000));
    QVERIFY2(
        window.anomalyPanelText().contains(QLatin1String("the default rules")), qPrintable(window.anomalyPanelText()));
    const long long pairs = window.snapshot()->counts.anomaly(LiveAnomalyKind::SuspectedKeyRegeneration);
    QCOMPARE(pairs, 1LL); // k-r1 / k-r2, 20 s apart
    // A 2 s window hides the pair on this table…
    AnomalyThresholds narrow;
    narrow[LiveAnomalyKind::SuspectedKeyRegeneration] = 2000;
    window.applyRules(narrow);
    QVERIFY(snapshots.wait(10'000));
    QCOMPARE(window.snapshot()->counts.anomaly(LiveAnomalyKind::SuspectedKeyRegeneration), 0LL);
    QVERIFY2(window.anomalyPanelText().contains(QLatin1String("suspected_key_regeneration 2 s (default 1 min)")),
        qPrintable(window.anomalyPanelText()));
    // …and not on the next one, which has its own (the defaults).
    window.openTable({}, b, *mappingPreset("brandur"));
    QVERIFY(snapshots.wait(10'000));
    QVERIFY(window.thresholds() == AnomalyThresholds {});
    QCOMPARE(window.snapshot()->counts.anomaly(LiveAnomalyKind::SuspectedKeyRegeneration), 1LL);
    // Back on the first table, its rules are remembered and said so.
    window.openTable({}, a, *mappingPreset("brandur"));
    QVERIFY(snapshots.wait(10'000));
    QVERIFY(window.thresholds() == narrow);
    QVERIFY(window.rulesRemembered());
    QVERIFY2(window.anomalyPanelText().contains(QLatin1String("remembered")), qPrintable(window.anomalyPanelText()));

    // The table chooser's preview counts with the table's own rules.
    LiveTableDialog dialog(window.session());
    QSignalSpy shown(&dialog, &LiveTableDialog::previewShown);
    QVERIFY(dialog.chooseMapping(QStringLiteral("brandur")));
    dialog.chooseTableByName(a);
    QVERIFY(shown.wait(10'000));
    QVERIFY2(
        dialog.previewText().contains(QLatin1String("remembered for this table")), qPrintable(dialog.previewText()));
    QVERIFY2(!dialog.previewText().contains(QLatin1String("1 suspected_key_regeneration")),
        qPrintable(dialog.previewText()));
    dialog.chooseTableByName(b);
    QVERIFY(shown.wait(10'000));
    QVERIFY2(dialog.previewText().contains(QLatin1String("default rules")), qPrintable(dialog.previewText()));
    window.applyRules(AnomalyThresholds {}); // forget them again
    QVERIFY(snapshots.wait(10'000));
}

std::string TestLiveView::sharedKeysTable()
{
    const std::string t = m_schema + ".shared_keys";
    if (m_sharedKeysMade)
        return t;
    m_sharedKeysMade = true;
    const bool made = m_admin->run("CREATE TABLE " + t + " (LIKE " + m_schema + ".idempotency_keys INCLUDING ALL)")
        && m_admin->run("GRANT SELECT ON " + t + " TO " + m_role);
    const std::string insert = "INSERT INTO " + t
        + " (user_id, idempotency_key, created_at, locked_at, request_method, request_path, request_params, "
          "response_code, response_body, recovery_point) ";
    // More finished keys than a page holds, and one key that two users hold (brandur scopes keys per user).
    const bool filled = made
        && m_admin->run(insert
            + "SELECT 3, 'k-' || g, now() - g * interval '1 min', NULL, 'POST', '/rides', jsonb_build_object('n', "
              "g), 201, '{}', 'finished' FROM generate_series(1, 240) AS g")
        && m_admin->run(insert
            + "VALUES (1, 'k-twin', now() - interval '5 hours', NULL, 'POST', '/rides', '{\"n\": 1}', 201, "
              "'{\"ride\": \"of user one\"}', 'finished'), (2, 'k-twin', now() - interval '6 hours', NULL, 'POST', "
              "'/rides', '{\"n\": 2}', 201, '{\"ride\": \"of user two\"}', 'finished')");
    return filled ? t : std::string();
}

void TestLiveView::emptyTimelineSaysItIsReading()
{
    if (!m_haveServer)
        QSKIP("no PostgreSQL configured (PGHOST/PGPORT unset): run under scripts/with-postgres.sh");
    const std::string t = sharedKeysTable();
    QVERIFY(!t.empty());
    LiveWindow window(LiveConnection::open("user=" + m_role));
    QSignalSpy snapshots(&window, &LiveWindow::snapshotShown);
    window.openTable({}, QString::fromStdString(t), *mappingPreset("brandur"));
    // While the table loads the timeline says so, never the simulation's "fire a request or play the scenario".
    QCOMPARE(window.timeline()->emptyText(), QString::fromUtf8("Reading the table…"));
    QVERIFY(snapshots.wait(10'000));
}

void TestLiveView::lanesAreNeverSqueezedToSlivers()
{
    if (!m_haveServer)
        QSKIP("no PostgreSQL configured (PGHOST/PGPORT unset): run under scripts/with-postgres.sh");
    const std::string t = sharedKeysTable();
    QVERIFY(!t.empty());
    LiveWindow window(LiveConnection::open("user=" + m_role));
    window.resize(1280, 800);
    window.show();
    QSignalSpy snapshots(&window, &LiveWindow::snapshotShown);
    window.openTable({}, QString::fromStdString(t), *mappingPreset("brandur"));
    QVERIFY(snapshots.wait(10'000));
    // A page of 200 lanes is not squeezed to 2 px each: the lanes keep 12 px and the timeline scrolls.
    QCOMPARE(window.timeline()->model().laneCount(), 200);
    const double lane = window.timeline()->zoom()->mapping().rowHeight();
    QVERIFY2(lane >= 12, qPrintable(QString::number(lane)));
}

void TestLiveView::goToSharedKeyAsksWhichUser()
{
    if (!m_haveServer)
        QSKIP("no PostgreSQL configured (PGHOST/PGPORT unset): run under scripts/with-postgres.sh");
    const std::string t = sharedKeysTable();
    QVERIFY(!t.empty());
    LiveWindow window(LiveConnection::open("user=" + m_role));
    QSignalSpy snapshots(&window, &LiveWindow::snapshotShown);
    QSignalSpy pages(&window, &LiveWindow::pageShown);
    QSignalSpy choices(&window, &LiveWindow::keyChoicesShown);
    window.openTable({}, QString::fromStdString(t), *mappingPreset("brandur"));
    QVERIFY(snapshots.wait(10'000));

    // Two users hold the key: both are listed and the user chooses; nothing is shown before.
    window.goToKey(QStringLiteral("k-twin"));
    QVERIFY(choices.wait(10'000));
    LiveKeyChoiceDialog* dialog = window.keyChoiceDialog();
    QVERIFY(dialog);
    QCOMPARE(dialog->table()->rowCount(), 2);
    QStringList actors { dialog->table()->item(0, 0)->text(), dialog->table()->item(1, 0)->text() };
    actors.sort();
    QCOMPARE(actors, (QStringList { QStringLiteral("1"), QStringLiteral("2") }));
    QVERIFY2(window.stateText().contains(QLatin1String("held by 2 scopes")), qPrintable(window.stateText()));
    const int two = dialog->table()->item(0, 0)->text() == QLatin1String("2") ? 0 : 1;
    dialog->table()->selectRow(two);
    dialog->accept();
    QVERIFY(pages.wait(10'000));
    const int row = window.selection()->scope();
    QVERIFY(row >= 0);
    QCOMPARE(window.recordsModel()->record(row).scope.actor, std::string("2"));
    QCOMPARE(window.recordsModel()->record(row).scope.key, std::string("k-twin"));
    // The Record dock reads the chosen row whole, its stored body included.
    QTRY_VERIFY_WITH_TIMEOUT(window.recordPanel()->text().contains(QLatin1String("of user two")), 10'000);
    QVERIFY(!window.recordPanel()->text().contains(QLatin1String("of user one")));
}

void TestLiveView::onCallQuestionsInTheWindow()
{
    if (!m_haveServer)
        QSKIP("no PostgreSQL configured (PGHOST/PGPORT unset): run under scripts/with-postgres.sh");
    LiveWindow window(LiveConnection::open("user=" + m_role));
    QSignalSpy snapshots(&window, &LiveWindow::snapshotShown);
    window.openTable({}, QString::fromStdString(m_schema + ".idempotency_keys"), *mappingPreset("brandur"));
    QVERIFY(snapshots.wait(10'000));
    // What the sweeper removes next: the terminal records not expired yet whose expiry falls within the horizon.
    const long long due = window.snapshot()->counts.dueWithin;
    QVERIFY2(window.countsText().contains(QStringLiteral(": %1 (the sweeper's next").arg(due)),
        qPrintable(window.countsText()));
    window.setDueWithinMs(72 * 3'600'000LL);
    window.refresh();
    QVERIFY(snapshots.wait(10'000));
    QCOMPARE(*window.snapshot()->dueWithinMs, 72 * 3'600'000LL);
    QVERIFY(window.snapshot()->counts.dueWithin > due); // every finished key younger than 72 h ends within them
    QVERIFY2(window.countsText().contains(
                 QStringLiteral(": %1 (the sweeper's next").arg(window.snapshot()->counts.dueWithin)),
        qPrintable(window.countsText()));

    // By actor: every anomaly counted once per user.
    window.setAnomalyListing(LiveWindow::AnomalyListing::ByActor);
    QVERIFY(snapshots.wait(10'000));
    QVERIFY(!window.snapshot()->byActor.empty());
    long long byActor = 0;
    for (const LiveActorAnomalies& a : window.snapshot()->byActor)
        byActor += a.total;
    long long total = 0;
    for (const LiveAnomalyKind kind : kLiveAnomalyKinds)
        total += window.snapshot()->counts.anomaly(kind);
    QCOMPARE(byActor, total);
    QVERIFY2(window.anomalyPanelText().contains(QLatin1String("by actor")), qPrintable(window.anomalyPanelText()));

    // Newest first: no per-actor counts any more, and each kind's list runs from its newest record.
    window.setAnomalyListing(LiveWindow::AnomalyListing::Newest);
    QVERIFY(snapshots.wait(10'000));
    QVERIFY(window.snapshot()->byActor.empty());
    const LiveSnapshot& s = *window.snapshot();
    for (std::size_t i = 1; i < s.anomalies.size(); ++i)
        if (s.anomalies[i].kind == s.anomalies[i - 1].kind)
            QVERIFY(s.anomalies[i].createdMs <= s.anomalies[i - 1].createdMs);
}

void TestLiveView::naiveTimesWithoutAZoneAreAWarningInTheWindow()
{
    if (!m_haveServer)
        QSKIP("no PostgreSQL configured (PGHOST/PGPORT unset): run under scripts/with-postgres.sh");
    // A Rails-like copy (naive times) read by a role whose own settings put it in New York.
    const std::string t = m_schema + ".naive_keys";
    QVERIFY(m_admin->run("CREATE TABLE " + t + " (LIKE " + m_schema + ".idempotency_keys INCLUDING ALL)"));
    QVERIFY(m_admin->run("ALTER TABLE " + t
        + " ALTER created_at TYPE timestamp without time zone, ALTER locked_at TYPE timestamp without time zone"));
    QVERIFY(m_admin->run("INSERT INTO " + t + " SELECT * FROM " + m_schema + ".idempotency_keys"));
    const std::string ny = m_role + "_ny";
    QVERIFY(m_admin->run("CREATE ROLE " + ny + " LOGIN"));
    QVERIFY(m_admin->run("ALTER ROLE " + ny + " SET timezone = 'America/New_York'"));
    QVERIFY(m_admin->run("GRANT USAGE ON SCHEMA " + m_schema + " TO " + ny));
    QVERIFY(m_admin->run("GRANT SELECT ON " + t + " TO " + ny));
    {
        LiveWindow window(LiveConnection::open("user=" + ny));
        QSignalSpy snapshots(&window, &LiveWindow::snapshotShown);
        window.openTable({}, QString::fromStdString(t), *mappingPreset("brandur"));
        QVERIFY(snapshots.wait(10'000));
        QVERIFY2(window.zoneWarningText().contains(QLatin1String("created_at")), qPrintable(window.zoneWarningText()));
        QVERIFY2(window.zoneWarningText().contains(QLatin1String("locked_at")), qPrintable(window.zoneWarningText()));
        QVERIFY2(
            window.zoneWarningText().contains(QLatin1String("America/New_York")), qPrintable(window.zoneWarningText()));
        // Named, the zone is used and nothing is warned about.
        LiveMapping utc = *mappingPreset("brandur");
        utc.timezone = "UTC";
        window.openTable({}, QString::fromStdString(t), utc);
        QVERIFY(snapshots.wait(10'000));
        QCOMPARE(window.zoneWarningText(), QString());
    }
    m_admin->run("DROP OWNED BY " + ny);
    m_admin->run("DROP ROLE " + ny);
}

void TestLiveView::mappingWithoutDescriptionHasNoDash()
{
    if (!m_haveServer)
        QSKIP("no PostgreSQL configured (PGHOST/PGPORT unset): run under scripts/with-postgres.sh");
    LiveSession session(LiveConnection::open(""));
    LiveTableDialog dialog(&session);
    QVERIFY(dialog.chooseMapping(QStringLiteral("brandur")));
    QVERIFY2(dialog.mappingInfoText().contains(QString::fromUtf8(" — ")), qPrintable(dialog.mappingInfoText()));
    LiveMapping bare = *mappingPreset("brandur");
    bare.name = "bare";
    bare.title = "A mapping of our own";
    bare.description.clear();
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("bare.json"));
    saveMappingFile(bare, path.toStdString());
    QVERIFY(dialog.chooseMapping(path));
    QCOMPARE(dialog.mappingInfoText(), QStringLiteral("A mapping of our own"));
}

QTEST_MAIN(TestLiveView)
#include "tst_liveview.moc"
