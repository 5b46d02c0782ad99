// Run → Probe a Service… (docs/reference/probe.md "In the window"), driven against `serve` started here on loopback:
// the dialog reads its fields as the command line reads its options (bad input named, the guard for addresses outside),
// the window lays the exchanges out as lanes (one per key) with a marker per answer, the inspector shows an exchange
// whole without the Authorization value, the card is drawn with every check's verdict, Save report and Save as scenario
// write what `probe --report` and `--record` write, and Cancel ends a probe whose target never answers.
#include "mainwindow.h"
#include "probedialog.h"
#include "probetarget.h"
#include "probetext.h"
#include "probewindow.h"
#include "timelineview.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QElapsedTimer>
#include <QFile>
#include <QGroupBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QSpinBox>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

#include <set>

using namespace iw;

namespace {

const QString kSecret = QStringLiteral("window-secret-token");

// Fills the dialog as a user would for serve's endpoint.
void fill(ProbeDialog& d, const QString& url)
{
    d.urlEdit()->setText(url);
    d.bodyEdit()->setPlainText(QStringLiteral(R"({"amount": 100, "note": "first"})"));
    d.significantEdit()->setText(QStringLiteral("/amount"));
    d.displayEdit()->setText(QStringLiteral("/note"));
    d.resultIdEdit()->setText(QStringLiteral("/result_id"));
    d.authEdit()->setText(QStringLiteral("Bearer ") + kSecret);
    d.concurrencyBox()->setValue(4);
}

} // namespace

class TestProbeWindow : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // The main window's Run menu holds the action.
    void testRunMenuHasTheAction()
    {
        MainWindow w;
        QVERIFY(w.probe());
        QAction* action = w.probe()->probeAction();
        bool inRun = false;
        for (QAction* menu : w.menuBar()->actions())
            if (menu->menu() && menu->menu()->actions().contains(action))
                inRun = menu->menu()->title().remove(QLatin1Char('&')) == QStringLiteral("Run");
        QVERIFY(inRun);
        QVERIFY(action->text().contains(QStringLiteral("Probe")));
    }

    // The dialog names what is wrong, as the command line does, and reads a good form into the options.
    void testDialogReadsAndRefuses()
    {
        ProbeDialog d;
        fill(d, QStringLiteral("http://127.0.0.1:1/v1/orders"));
        QString error;
        auto setup = d.setup(error);
        QVERIFY2(setup, qPrintable(error));
        QCOMPARE(setup->options.significant, std::vector<std::string> { "/amount" });
        QCOMPARE(setup->options.auth.value_or(""), QString(QStringLiteral("Bearer ") + kSecret).toStdString());
        QCOMPARE(setup->options.concurrency, 4);
        QVERIFY(!setup->outsideConfirmed);

        d.bodyEdit()->setPlainText(QStringLiteral("{\"amount\": 100,"));
        QVERIFY(!d.setup(error));
        QVERIFY2(error.contains(QStringLiteral("not JSON")), qPrintable(error));
        d.bodyEdit()->setPlainText(QStringLiteral(R"({"amount": 100, "note": "first"})"));
        d.significantEdit()->setText(QStringLiteral("/missing"));
        QVERIFY(!d.setup(error));
        QVERIFY2(error.contains(QStringLiteral("/missing")), qPrintable(error));
        d.significantEdit()->setText(QStringLiteral("/amount"));
        d.headersEdit()->setPlainText(QStringLiteral("Idempotency-Key: mine"));
        QVERIFY(!d.setup(error));
        QVERIFY2(error.contains(QStringLiteral("Idempotency-Key")), qPrintable(error));
        d.headersEdit()->clear();
        d.urlEdit()->setText(QStringLiteral("ftp://127.0.0.1/x"));
        QVERIFY(!d.setup(error));
        QVERIFY2(error.startsWith(QStringLiteral("URL:")), qPrintable(error));
        // A name is resolved off the GUI thread (the dialog keeps painting); one that does not resolve is named.
        d.urlEdit()->setText(QStringLiteral("http://localhost:1/v1/orders"));
        QVERIFY2(d.setup(error), qPrintable(error));
        d.urlEdit()->setText(QStringLiteral("http://no-such-host.invalid/v1/orders"));
        QVERIFY(!d.setup(error));
        QVERIFY2(error.contains(QStringLiteral("no-such-host.invalid")), qPrintable(error));
        // Every check unticked: nothing to run.
        d.urlEdit()->setText(QStringLiteral("http://127.0.0.1:1/v1/orders"));
        for (int i = 0; i < d.checksList()->count(); ++i)
            d.checksList()->item(i)->setCheckState(Qt::Unchecked);
        QVERIFY(!d.setup(error));

        // An address outside loopback and the private ranges needs the box ticked (the command line's --yes).
        for (int i = 0; i < d.checksList()->count(); ++i)
            d.checksList()->item(i)->setCheckState(Qt::Checked);
        d.urlEdit()->setText(QStringLiteral("http://192.0.2.1:9/v1/orders"));
        QVERIFY(!d.setup(error));
        QVERIFY2(error.contains(QStringLiteral("not a loopback or private address")), qPrintable(error));
        QVERIFY(!d.outsideBox()->isHidden());
        d.outsideBox()->setChecked(true);
        setup = d.setup(error);
        QVERIFY2(setup, qPrintable(error));
        QVERIFY(setup->outsideConfirmed);
    }

    // The whole route against serve: lanes, markers, the inspector, the card, the saves.
    void testProbeServeInTheWindow()
    {
        iwtest::ServeProcess serve;
        QVERIFY(iwtest::startProbeTarget(serve, m_dir.path(), QStringLiteral("ietf")));
        ProbeDialog d;
        fill(d, serve.url + QStringLiteral("v1/orders"));
        QString error;
        auto setup = d.setup(error);
        QVERIFY2(setup, qPrintable(error));
        ProbeWindow w(std::move(*setup));
        w.show();
        QCOMPARE(w.progressBar()->value(), 0);
        w.start();
        QVERIFY(w.isRunning());
        QTRY_VERIFY_WITH_TIMEOUT(w.isFinished(), 120'000);
        QVERIFY2(w.errorText().isEmpty(), qPrintable(w.errorText()));
        QVERIFY(w.result() && w.card());
        QCOMPARE(w.progressBar()->value(), w.progressBar()->maximum());

        // Every exchange the probe made arrived in the window, each a marker on the lane of its key.
        std::size_t total = 0;
        for (const CheckRun& run : w.result()->runs)
            total += run.exchanges.size();
        QCOMPARE(w.exchanges().size(), total);
        const TimelineModel& model = w.timeline()->model();
        std::set<std::tuple<int, std::string, std::string, bool>> keys;
        for (const auto& x : w.exchanges())
            keys.insert({ static_cast<int>(x.check), x.exchange.keyHeader, x.exchange.actorLabel, x.exchange.keySent });
        QCOMPARE(model.laneCount(), static_cast<int>(keys.size()));
        std::size_t markers = 0;
        for (int lane = 0; lane < model.laneCount(); ++lane)
            markers += model.lane(lane).markers.size();
        QCOMPARE(markers, total);
        // The concurrent check's copies share one key: one lane holds all of them.
        int concurrentLane = -1;
        for (const auto& x : w.exchanges())
            if (x.check == ProbeCheck::Concurrent)
                concurrentLane = x.lane;
        QVERIFY(concurrentLane >= 0);
        QCOMPARE(model.lane(concurrentLane).markers.size(), std::size_t(4));

        // The card: serve under ietf matches ietf, every check that ran passes, the plan shows the verdicts.
        QVERIFY2(std::find(w.card()->matches.begin(), w.card()->matches.end(), "ietf") != w.card()->matches.end(),
            qPrintable(w.cardText()));
        QVERIFY2(w.cardText().contains(QStringLiteral("ietf")), qPrintable(w.cardText()));
        for (const CheckVerdict& v : w.card()->verdicts)
            if (v.verdict != Verdict::NotApplicable)
                QVERIFY2(v.verdict == Verdict::Pass, qPrintable(w.cardText()));
        QTreeWidgetItem* replay = nullptr;
        for (int i = 0; i < w.planView()->topLevelItemCount(); ++i)
            if (w.planView()->topLevelItem(i)->text(0) == QStringLiteral("replay"))
                replay = w.planView()->topLevelItem(i);
        QVERIFY(replay);
        QCOMPARE(replay->text(2), ProbeText::verdict(Verdict::Pass));

        // The inspector: a replay's exchange whole — request and answer — and the credential masked.
        int replayExchange = -1;
        for (std::size_t i = 0; i < w.exchanges().size(); ++i)
            if (w.exchanges()[i].check == ProbeCheck::Replay)
                replayExchange = static_cast<int>(i);
        QVERIFY(replayExchange >= 0);
        w.showExchange(replayExchange);
        const QString text = w.inspector()->toPlainText();
        QVERIFY2(text.contains(QStringLiteral("> POST /v1/orders HTTP/1.1")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Idempotency-Key")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Authorization: Bearer token:")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("< HTTP/1.1 ")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("\"amount\":100")), qPrintable(text));
        for (int i = 0; i < static_cast<int>(w.exchanges().size()); ++i)
            QVERIFY(!w.exchangeText(i).contains(kSecret));
        QVERIFY(!w.cardText().contains(kSecret));

        // Save report (JSON and Markdown) and Save as scenario, which `run` replays.
        QVERIFY(w.saveReportAction()->isEnabled());
        QVERIFY(w.saveScenarioAction()->isEnabled());
        const QString json = m_dir.filePath(QStringLiteral("probe.json"));
        QCOMPARE(w.saveReportTo(json), QString());
        QFile jf(json);
        QVERIFY(jf.open(QIODevice::ReadOnly));
        const QByteArray jsonBytes = jf.readAll();
        const QJsonObject report = QJsonDocument::fromJson(jsonBytes).object();
        QCOMPARE(report.value(QStringLiteral("format")).toString(), QStringLiteral("idempotency-workbench/probe@1"));
        QVERIFY(report.value(QStringLiteral("matches")).toArray().contains(QStringLiteral("ietf")));
        QVERIFY(!jsonBytes.contains(kSecret.toUtf8()));
        const QString md = m_dir.filePath(QStringLiteral("probe.md"));
        QCOMPARE(w.saveReportTo(md), QString());
        QFile mf(md);
        QVERIFY(mf.open(QIODevice::ReadOnly));
        QVERIFY(mf.readAll().startsWith("# Probe of "));
        const QString scenario = m_dir.filePath(QStringLiteral("probe-scenario.json"));
        QCOMPARE(w.saveScenarioTo(scenario), QString());
        const iwtest::ChildResult run = iwtest::runCli(
            { QStringLiteral("run"), scenario, QStringLiteral("--report"), m_dir.filePath(QStringLiteral("r.json")) });
        QVERIFY2(run.ranToEnd(), qPrintable(run.error));
        QVERIFY2(run.exitCode == 0, run.err.constData());
        // A path that cannot be written is one sentence, and nothing is half-written.
        QVERIFY(!w.saveReportTo(m_dir.filePath(QStringLiteral("no/such/folder/p.json"))).isEmpty());
    }

    // The service's own table watched while probing (PostgreSQL): each key's row is drawn on its lane as the
    // record's bars, in progress and then completed, and the inspector lists it.
    void testWatchedRowsOnTheLanes()
    {
        if (qEnvironmentVariableIsEmpty("PGHOST") && qEnvironmentVariableIsEmpty("PGPORT"))
            QSKIP("no PostgreSQL configured (PGHOST/PGPORT unset): run under scripts/with-postgres.sh");
        iwtest::ServeProcess serve;
        QVERIFY(iwtest::startProbeTarget(serve, m_dir.path(), QStringLiteral("ietf"),
            { QStringLiteral("--store"), QStringLiteral("postgres"), QStringLiteral("--conninfo"), QString(),
                QStringLiteral("--schema"), QStringLiteral("probe_window_watch") },
            QStringLiteral(R"(, "handler_ms": 600)")));
        ProbeDialog d;
        fill(d, serve.url + QStringLiteral("v1/orders"));
        d.resultIdEdit()->clear(); // executions seen through the table only
        for (int i = 0; i < d.checksList()->count(); ++i)
            d.checksList()->item(i)->setCheckState(
                d.checksList()->item(i)->text() == QLatin1String("concurrent") ? Qt::Checked : Qt::Unchecked);
        d.watchGroup()->setChecked(true);
        d.watchTableEdit()->setText(QStringLiteral("probe_window_watch.request_idempotency"));
        d.watchMappingEdit()->setText(QStringLiteral("seed"));
        QString error;
        auto setup = d.setup(error);
        QVERIFY2(setup, qPrintable(error));
        QVERIFY(setup->watch);
        ProbeWindow w(std::move(*setup));
        w.show();
        w.start();
        QTRY_VERIFY_WITH_TIMEOUT(w.isFinished(), 120'000);
        QVERIFY2(w.errorText().isEmpty(), qPrintable(w.errorText()));
        QVERIFY(!w.rows().empty());
        const TimelineModel& model = w.timeline()->model();
        QCOMPARE(model.laneCount(), 1);
        const auto& bars = model.lane(0).bars;
        QVERIFY(bars.size() >= 2);
        QCOMPARE(bars[0].state, BarState::InProgress);
        QCOMPARE(bars[bars.size() - 1].state, BarState::Completed);
        QCOMPARE(w.card()->verdicts.size(), std::size_t(1));
        QCOMPARE(w.card()->verdicts.front().verdict, Verdict::Pass);
        w.showExchange(0);
        QVERIFY2(w.inspector()->toPlainText().contains(QStringLiteral("The watched table's row of this key:")),
            qPrintable(w.inspector()->toPlainText()));
    }

    // Cancel: a target that reads and never answers; the window stops long before the requests' deadline.
    void testCancelStopsASilentTarget()
    {
        QTcpServer silent;
        QList<QTcpSocket*> held;
        connect(&silent, &QTcpServer::newConnection, this, [&] {
            while (QTcpSocket* s = silent.nextPendingConnection())
                held << s;
        });
        QVERIFY(silent.listen(QHostAddress::LocalHost, 0));
        ProbeDialog d;
        fill(d, QStringLiteral("http://127.0.0.1:%1/v1/orders").arg(silent.serverPort()));
        d.timeoutBox()->setValue(120);
        QString error;
        auto setup = d.setup(error);
        QVERIFY2(setup, qPrintable(error));
        ProbeWindow w(std::move(*setup));
        w.show();
        w.start();
        QTRY_VERIFY_WITH_TIMEOUT(!held.isEmpty(), 10'000);
        QTest::qWait(300);
        QElapsedTimer t;
        t.start();
        w.cancelAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(w.isFinished(), 30'000);
        QVERIFY(t.elapsed() < 30'000); // far sooner than the 120 s deadline
        QVERIFY(w.result());
        QVERIFY(w.result()->cancelled);
        QVERIFY(!w.saveReportAction()->isEnabled() || w.card());
    }

private:
    QTemporaryDir m_dir;
};

QTEST_MAIN(TestProbeWindow)
#include "tst_probewindow.moc"
