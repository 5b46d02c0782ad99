// Run → Serve over HTTP in the window (docs/reference/serve.md, issue 15 item 3): real curl traffic against the
// window's own server, then what a person reads — the requests table, the counters, the timeline, the status bar — and
// the window's serve tools: bad addresses and taken ports, Jump ahead…, Save traffic as scenario…, Copy as curl (run
// through `bash -c` against the live server), a reset on the wire, Stop serving.
#include "counters.h"
#include "fingerprint.h"
#include "httpserver.h"
#include "mainwindow.h"
#include "pgadmin.h"
#include "report.h"
#include "requestsmodel.h"
#include "runcontroller.h"
#include "runtables.h"
#include "scenariopanel.h"
#include "selection.h"
#include "sequencemodel.h"
#include "sequenceview.h"
#include "servecontroller.h"
#include "servedprocess.h"
#include "servedservice.h"
#include "servesession.h"
#include "simulation.h"
#include "statusfields.h"
#include "stdtext.h"
#include "store.h"
#include "storeswitch.h"
#include "timelinemodel.h"
#include "timelineview.h"

#include <QAction>
#include <QComboBox>
#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace iw;

namespace {

struct Reply {
    int exitCode = -1;
    QByteArray out;
    int status = 0;
    QMap<QByteArray, QByteArray> headers; // lower-case names
};

// Runs a program while the event loop turns (the server under test lives in this thread), at most 20 s.
Reply runProgram(const QString& program, const QStringList& args)
{
    const iwtest::ChildResult p
        = iwtest::runChild(program, { .args = args, .timeoutMs = 20'000, .turnEventLoop = true });
    Reply r;
    if (!p.finished)
        return r;
    r.exitCode = p.crashed ? -2 : p.exitCode;
    r.out = p.out;
    // `curl -i`: the status line and headers come first.
    const QList<QByteArray> lines = r.out.split('\n');
    for (const QByteArray& raw : lines) {
        const QByteArray line = raw.trimmed();
        if (line.isEmpty())
            break;
        if (line.startsWith("HTTP/")) {
            r.status = line.split(' ').value(1).toInt();
            continue;
        }
        const qsizetype colon = line.indexOf(':');
        if (colon > 0)
            r.headers.insert(line.left(colon).toLower(), line.mid(colon + 1).trimmed());
    }
    return r;
}

Reply curlPost(const QString& url, const QString& key, const QString& body, const QStringList& extra = {})
{
    QStringList args { QStringLiteral("-sS"), QStringLiteral("-i"), QStringLiteral("-X"), QStringLiteral("POST"), url,
        QStringLiteral("-H"), QStringLiteral("Content-Type: application/json"), QStringLiteral("--data-binary"), body };
    if (!key.isEmpty())
        args << QStringLiteral("-H") << QStringLiteral("Idempotency-Key: \"%1\"").arg(key);
    args << extra;
    return runProgram(QStringLiteral("curl"), args);
}

QString cell(const MainWindow& w, int row, int column, int role = Qt::DisplayRole)
{
    return w.tables()->requestsModel()->index(row, column).data(role).toString();
}

// Lets the run controller's timer flush what the served requests did to the views.
void settle(int ms = 150)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < ms)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
}

qint64 decided(const RunSummary& s, const char* name)
{
    const auto it = s.decisions.find(name);
    return it == s.decisions.end() ? 0 : it->second;
}

} // namespace

class TestServeGui : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void servedTrafficShowsLikeSimulated();
    void newKeyRetriesShowAsSuspected();
    void badAddressAndTakenPortAreOneSentence();
    void copyAsCurlSendsTheRequest();
    void jumpAheadMovesTheServiceClock();
    void saveTrafficReplaysTheSameDecisions();
    void besideSimulatedClients();
    void faultsStrikeServedRequestsOnce();
    void resetOnTheWireAndLoadingEndServing();
    void stopServing();
    void servesOnThePostgresStore();
    void cleanupTestCase();
};

void TestServeGui::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("IdempotencyWorkbenchTests"));
    QLocale::setDefault(QLocale::c());
    const iwtest::ChildResult probe
        = iwtest::runChild(QStringLiteral("curl"), { .args = { QStringLiteral("--version") }, .timeoutMs = 5000 });
    if (!probe.ranToEnd() || probe.exitCode != 0)
        QSKIP("curl is not installed");
}

void TestServeGui::servedTrafficShowsLikeSimulated()
{
    MainWindow w;
    w.show();
    QCOMPARE(w.status()->serveText(), QString());
    QVERIFY(w.serving()->serveAction()->isEnabled());
    QVERIFY(!w.serving()->stopAction()->isEnabled());
    QCOMPARE(w.serving()->startServing(QStringLiteral("127.0.0.1"), 0), QString());
    ServeSession* serve = w.serving()->session();
    QVERIFY(serve->isServing());
    const QString url = QStringLiteral("http://127.0.0.1:%1/").arg(serve->port());
    QCOMPARE(serve->url(), url);
    QCOMPARE(w.status()->serveText(), QStringLiteral("serving %1 · 0 requests").arg(url));
    QVERIFY(!w.serving()->serveAction()->isEnabled());
    QVERIFY(w.serving()->stopAction()->isEnabled() && w.serving()->jumpAheadAction()->isEnabled());
    // The clock at 1× while serving; the run plays and its pause is off.
    QCOMPARE(w.runController()->speed(), 1.0);
    QVERIFY(w.runController()->isPlaying());
    QVERIFY(!w.runController()->pauseAction()->isEnabled());

    const QString orders = url + QStringLiteral("v1/orders");
    const Reply created = curlPost(orders, QStringLiteral("k-1"), QStringLiteral("{\"amount\": 100}"),
        { QStringLiteral("-H"), QStringLiteral("X-Actor: alice") });
    QCOMPARE(created.exitCode, 0);
    QCOMPARE(created.status, 201);
    QCOMPARE(created.headers.value("idempotency-decision"), QByteArray("created"));
    const Reply replayed = curlPost(orders, QStringLiteral("k-1"), QStringLiteral("{ \"amount\" : 100 }"),
        { QStringLiteral("-H"), QStringLiteral("X-Actor: alice") });
    QCOMPARE(replayed.headers.value("idempotency-decision"), QByteArray("replayed"));
    const Reply mismatch = curlPost(orders, QStringLiteral("k-1"), QStringLiteral("{\"amount\": 999}"),
        { QStringLiteral("-H"), QStringLiteral("X-Actor: alice") });
    QCOMPARE(mismatch.headers.value("idempotency-decision"), QByteArray("payload_mismatch"));
    settle();

    // The requests table lists them as it lists simulated requests: id, client (curl's User-Agent), decision.
    QCOMPARE(w.tables()->requestsModel()->rowCount(), 3);
    const QByteArray ids[] = { created.headers.value("idempotency-request"),
        replayed.headers.value("idempotency-request"), mismatch.headers.value("idempotency-request") };
    const char* decisions[] = { "created", "replayed", "payload_mismatch" };
    for (int row = 0; row < 3; ++row) {
        QCOMPARE(cell(w, row, RequestsModel::IdColumn), QString::fromLatin1(ids[row]));
        QCOMPARE(cell(w, row, RequestsModel::ClientColumn), QStringLiteral("curl"));
        QCOMPARE(cell(w, row, RequestsModel::KeyColumn), QStringLiteral("k-1"));
        QCOMPARE(cell(w, row, RequestsModel::DecisionColumn), QString::fromLatin1(decisions[row]));
        // The attempt on the wire: the arrival's number on its scope.
        QCOMPARE(cell(w, row, RequestsModel::AttemptColumn), QString::number(row + 1));
    }
    // The counters read the same figures as for a simulated run.
    const RunSummary s = w.runController()->simulation().summary();
    QCOMPARE(s.requests, 3);
    QCOMPARE(s.effects, 1);
    QCOMPARE(w.counters()->text(CountersView::Requests), QStringLiteral("3"));
    QCOMPARE(w.counters()->text(CountersView::Effects), QStringLiteral("1"));
    QCOMPARE(w.counters()->text(CountersView::Replays), QString::number(decided(s, "replayed")));
    QCOMPARE(w.counters()->text(CountersView::Mismatches), QStringLiteral("1"));
    // The timeline has the lane and the bars.
    auto* timeline = qobject_cast<TimelineView*>(w.centralView());
    QVERIFY(timeline);
    QVERIFY(timeline->model().laneCount() >= 1);
    QVERIFY(timeline->model().eventCount() >= 3);
    // And the status bar counts them.
    QCOMPARE(w.status()->serveText(), QStringLiteral("serving %1 · 3 requests").arg(url));

    // Selecting the replay draws its intent in the Sequence dock: the three arrivals on the one key.
    w.selection()->select(1, w.runController()->simulation().requests()[1].scope);
    settle(50);
    const int intent = w.sequence()->intent();
    QVERIFY(intent >= 0);
    QCOMPARE(intent, w.runController()->simulation().requests()[1].intent);
    std::size_t requestArrows = 0; // before the fix: none, the dock had no simulation until a scenario was loaded
    for (const SequenceItem& item : w.sequence()->model().items)
        requestArrows += item.kind == SequenceItem::Kind::Request ? 1 : 0;
    QVERIFY2(requestArrows >= 2, qPrintable(QString::number(requestArrows)));
    // One real client sent all three: one client lane (each arrival is an entry of its own to the simulation, which
    // used to draw "curl", "curl #2", "curl #3").
    int clientLanes = 0;
    for (const SequenceLane& lane : w.sequence()->model().lanes)
        clientLanes += lane.kind == SequenceLane::Kind::Client ? 1 : 0;
    QCOMPARE(clientLanes, 1);
}

// Issue 41: a client that mints a new key for its retry ran the order twice. The counters and the timeline show the
// second effect as suspected, apart from the confirmed duplicates (none here: the keys differ).
void TestServeGui::newKeyRetriesShowAsSuspected()
{
    MainWindow w;
    w.resize(1280, 800);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QCOMPARE(w.serving()->startServing(QStringLiteral("127.0.0.1"), 0), QString());
    const QString orders = w.serving()->session()->url() + QStringLiteral("v1/orders");
    QCOMPARE(curlPost(orders, QStringLiteral("n-1"), QStringLiteral("{\"amount\": 5}")).status, 201);
    QCOMPARE(curlPost(orders, QStringLiteral("n-2"), QStringLiteral("{\"amount\": 5}")).status, 201);
    QCOMPARE(curlPost(orders, QStringLiteral("other"), QStringLiteral("{\"amount\": 6}")).status, 201);
    settle();
    QCOMPARE(w.counters()->text(CountersView::Effects), QStringLiteral("3"));
    QCOMPARE(w.counters()->text(CountersView::DuplicateEffects), QStringLiteral("0"));
    QCOMPARE(w.counters()->suspectedText(), QStringLiteral("suspected: 1"));
    // Under the duplicate effects' figure and caption, on the window's first height, never over them: it was a line of
    // its own that wrapped into the caption at 1280x800.
    QCoreApplication::processEvents();
    QLabel* line = nullptr;
    for (QLabel* label : w.counters()->findChildren<QLabel*>()) {
        if (label->isVisible() && label->text().contains(QStringLiteral("suspected")))
            line = label;
    }
    QVERIFY(line);
    QCOMPARE(line->text(), QStringLiteral("suspected: 1"));
    for (QLabel* other : line->parentWidget()->findChildren<QLabel*>()) {
        if (!other->isVisible())
            continue;
        // Each has the height its text needs (a squeezed label draws its wrapped text over its neighbours).
        const int needs = other->wordWrap() ? other->heightForWidth(other->width()) : other->fontMetrics().height();
        QVERIFY2(other->height() >= needs,
            qPrintable(QStringLiteral("\"%1\" has %2 px of the %3 it needs")
                           .arg(other->text())
                           .arg(other->height())
                           .arg(needs)));
        QVERIFY2(other == line || !other->geometry().intersects(line->geometry()),
            qPrintable(QStringLiteral("\"%1\" covers \"%2\"").arg(line->text(), other->text())));
    }
    QVERIFY(line->parentWidget()->rect().contains(line->geometry()));
    auto* timeline = qobject_cast<TimelineView*>(w.centralView());
    QVERIFY(timeline);
    int suspected = 0;
    int duplicates = 0;
    for (int lane = 0; lane < timeline->model().laneCount(); ++lane) {
        for (const TimelineEffect& e : timeline->model().lane(lane).effects) {
            suspected += e.suspected ? 1 : 0;
            duplicates += e.duplicate ? 1 : 0;
        }
    }
    QCOMPARE(suspected, 1);
    QCOMPARE(duplicates, 0);

    // The sequence too: by default it opens on the intent whose effect is suspected (r2's, the key n-2), draws that
    // effect as suspected — not as a confirmed duplicate — and names r1 as its suspected intent; the legend says so.
    const Simulation& sim = w.runController()->simulation();
    const int intent = defaultSequenceIntent(sim);
    QCOMPARE(intent, intentOfRequest(sim, 1));
    const SequenceModel model = buildSequence(sim, intent);
    int suspectedItems = 0;
    for (const SequenceItem& item : model.items) {
        if (item.kind != SequenceItem::Kind::Effect)
            continue;
        QVERIFY(!item.duplicate);
        QVERIFY(item.suspectedDuplicate);
        QVERIFY(item.alarm);
        QCOMPARE(item.suspectedIntent, std::string("r1"));
        QCOMPARE(englishText(sequenceLabel(item)), item.relatedId + " suspected duplicate effect");
        QVERIFY2(englishText(sequenceDetail(model, item)).find("suspected intent named after r1") != std::string::npos,
            englishText(sequenceDetail(model, item)).c_str());
        ++suspectedItems;
    }
    QCOMPARE(suspectedItems, 1);
    // The first order's own sequence has its effect plain: the first of a suspected intent is no duplicate.
    for (const SequenceItem& item : buildSequence(sim, intentOfRequest(sim, 0)).items)
        QVERIFY(!item.suspectedDuplicate);
}

void TestServeGui::badAddressAndTakenPortAreOneSentence()
{
    MainWindow w;
    const QString bad = w.serving()->startServing(QStringLiteral("not-an-address"), 0);
    QVERIFY2(bad.contains(QStringLiteral("not an IP address")), qPrintable(bad));
    QVERIFY(!w.serving()->session()->isServing());
    QTcpServer taken;
    QVERIFY(taken.listen(QHostAddress::LocalHost, 0));
    const QString busy = w.serving()->startServing(QStringLiteral("127.0.0.1"), taken.serverPort());
    QVERIFY2(busy.contains(QStringLiteral("already in use")), qPrintable(busy));
    QVERIFY(busy.contains(QString::number(taken.serverPort())));
    QVERIFY(!w.serving()->session()->isServing());
    // An address that is not this machine's (TEST-NET-1, never assigned to a host here).
    const QString foreign = w.serving()->startServing(QStringLiteral("192.0.2.1"), 0);
    QVERIFY2(foreign.contains(QStringLiteral("not an address of this machine")), qPrintable(foreign));
    QVERIFY(!w.serving()->session()->isServing());
    QCOMPARE(w.status()->serveText(), QString());
}

void TestServeGui::copyAsCurlSendsTheRequest()
{
    MainWindow w;
    w.show();
    QCOMPARE(w.serving()->curlForForm(), QString()); // nothing served yet
    QVERIFY(!w.scenarioPanel()->copyCurlAction()->isEnabled());
    QCOMPARE(w.serving()->startServing(QStringLiteral("127.0.0.1"), 0), QString());
    QVERIFY(w.scenarioPanel()->copyCurlAction()->isEnabled());
    w.scenarioPanel()->setKey(RequestSpec::KeyKind::Literal, QStringLiteral("it's \"quoted\""));
    w.scenarioPanel()->setPayloadText(QStringLiteral("{\"note\": \"O'Brien\", \"amount\": 5}"));
    const QString command = w.serving()->curlForForm();
    QVERIFY(command.startsWith(QStringLiteral("curl ")));
    QVERIFY2(command.contains(w.serving()->session()->url().chopped(1)), qPrintable(command));

    const Reply first = runProgram(QStringLiteral("bash"), { QStringLiteral("-c"), command + QStringLiteral(" -sS") });
    QCOMPARE(first.exitCode, 0);
    QCOMPARE(first.headers.value("idempotency-decision"), QByteArray("created"));
    const Reply again = runProgram(QStringLiteral("bash"), { QStringLiteral("-c"), command + QStringLiteral(" -sS") });
    QCOMPARE(again.headers.value("idempotency-decision"), QByteArray("replayed"));
    settle();
    QCOMPARE(w.tables()->requestsModel()->rowCount(), 2);
    // The form's client, operation, key and payload arrived as written.
    std::string clientId;
    const auto spec = w.scenarioPanel()->formRequest(&clientId);
    QVERIFY(spec);
    // A real client named like a simulated one is told apart from it.
    QCOMPARE(cell(w, 0, RequestsModel::ClientColumn), fromStd(clientId) + QStringLiteral(" (http)"));
    QCOMPARE(cell(w, 0, RequestsModel::KeyColumn), QStringLiteral("it's \"quoted\""));
    const Simulation& sim = w.runController()->simulation();
    const RequestSpec& arrived = sim.scenario().requests[static_cast<std::size_t>(sim.requests()[0].entry)];
    QCOMPARE(arrived.operation.substr(arrived.operation.find(' ') + 1),
        spec->operation.find(" /") != std::string::npos ? spec->operation.substr(spec->operation.find(' ') + 1)
                                                        : "/" + spec->operation);
    QCOMPARE(canonicalJson(arrived.payload), canonicalJson(spec->payload));

    // The request table's context menu: the same request again, from its row.
    const QString fromRow = w.serving()->curlForRequest(0);
    const Reply third = runProgram(QStringLiteral("bash"), { QStringLiteral("-c"), fromRow + QStringLiteral(" -sS") });
    QCOMPARE(third.headers.value("idempotency-decision"), QByteArray("replayed"));
    settle();
    QCOMPARE(w.tables()->requestsModel()->rowCount(), 3);
    QCOMPARE(cell(w, 2, RequestsModel::ClientColumn), fromStd(clientId) + QStringLiteral(" (http)"));
}

void TestServeGui::jumpAheadMovesTheServiceClock()
{
    MainWindow w;
    w.show();
    QCOMPARE(w.serving()->startServing(QStringLiteral("127.0.0.1"), 0), QString());
    const Millis before = w.serving()->session()->service()->now(w.serving()->session()->server()->wall());
    const Millis to = w.serving()->session()->jumpAhead(3'600'000);
    QVERIFY(to >= before + 3'600'000);
    // The window's clock follows the service's (at its next tick: waited for, not assumed, on a loaded machine).
    QTRY_VERIFY_WITH_TIMEOUT(w.runController()->now() >= before + 3'600'000, 10000);
    // A request sent now is stamped on the jumped clock.
    const Reply r
        = curlPost(w.serving()->session()->url() + QStringLiteral("v1/x"), QStringLiteral("j"), QStringLiteral("{}"));
    QCOMPARE(r.status, 201);
    settle();
    QVERIFY(w.runController()->simulation().requests()[0].sent >= before + 3'600'000);
}

void TestServeGui::saveTrafficReplaysTheSameDecisions()
{
    MainWindow w;
    w.show();
    QCOMPARE(w.serving()->startServing(QStringLiteral("127.0.0.1"), 0), QString());
    const QString url = w.serving()->session()->url() + QStringLiteral("v1/pay");
    curlPost(url, QStringLiteral("a"), QStringLiteral("{\"n\": 1}"));
    curlPost(url, QStringLiteral("a"), QStringLiteral("{\"n\": 1}"));
    curlPost(url, QStringLiteral("a"), QStringLiteral("{\"n\": 2}"));
    curlPost(url, QString(), QStringLiteral("{\"n\": 3}"));
    settle();
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("traffic.json"));
    QCOMPARE(w.serving()->session()->saveRecording(path), QString());
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray text = file.readAll();
    // The same format as `serve --record`.
    QCOMPARE(text, QByteArray::fromStdString(w.serving()->session()->service()->recording()));
    const Scenario recorded = loadScenario(text.toStdString(), path.toStdString());
    QCOMPARE(recorded.requests.size(), std::size_t(4));
    auto store = makeMemoryStore();
    Simulation replay(recorded, *store);
    replay.runToEnd();
    const Simulation& served = w.runController()->simulation();
    QCOMPARE(replay.requests().size(), served.requests().size());
    for (std::size_t i = 0; i < replay.requests().size(); ++i)
        QCOMPARE(replay.requests()[i].decision, served.requests()[i].decision);
    QCOMPARE(replay.summary().effects, served.summary().effects);
    // Nothing is left half-written beside it.
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList { QStringLiteral("traffic.json") });
    QCOMPARE(
        w.serving()->session()->saveRecording(dir.filePath(QStringLiteral("no/such/dir/t.json"))).isEmpty(), false);
}

void TestServeGui::besideSimulatedClients()
{
    MainWindow w;
    w.show();
    // The blank scenario's client fires from the form while real clients are served: both on the same run.
    QCOMPARE(w.serving()->startServing(QStringLiteral("127.0.0.1"), 0), QString());
    w.scenarioPanel()->setKey(RequestSpec::KeyKind::Literal, QStringLiteral("sim-1"));
    w.scenarioPanel()->setPayloadText(QStringLiteral("{\"a\": 1}"));
    QVERIFY(w.scenarioPanel()->fire(ScenarioPanel::FireMode::Single) >= 0);
    const Reply r = curlPost(w.serving()->session()->url() + QStringLiteral("v1/orders"), QStringLiteral("wire-1"),
        QStringLiteral("{}"), { QStringLiteral("-H"), QStringLiteral("X-Client: checkout") });
    QCOMPARE(r.status, 201);
    QTRY_COMPARE_WITH_TIMEOUT(w.runController()->simulation().summary().requests, std::int64_t(2), 5000);
    settle();
    QCOMPARE(w.tables()->requestsModel()->rowCount(), 2);
    // Only the served one counts as served; the simulated one kept its own client.
    QCOMPARE(w.serving()->session()->requestCount(), 1);
    QCOMPARE(cell(w, 1, RequestsModel::ClientColumn), QStringLiteral("checkout"));
    QVERIFY(cell(w, 0, RequestsModel::ClientColumn) != QStringLiteral("checkout"));
    QCOMPARE(w.counters()->text(CountersView::Effects), QStringLiteral("2"));
    // The recording is the served traffic only: the simulated client's request is the scenario's own.
    const Scenario recorded = loadScenario(w.serving()->session()->recording(), "traffic.json");
    QCOMPARE(recorded.requests.size(), std::size_t(1));
    QCOMPARE(recorded.requests[0].client, std::string("checkout"));
    QCOMPARE(recorded.requests[0].key, std::string("wire-1"));
    QCOMPARE(recorded.clients.size(), std::size_t(1));
}

void TestServeGui::faultsStrikeServedRequestsOnce()
{
    // drop_response on attempt 1: on the wire that is the first arrival on a scope; the second arrival is attempt 2
    // and must get its replay, although the simulation, seeing each arrival as an entry of its own, numbers it 1.
    MainWindow w;
    w.show();
    Scenario scenario = blankScenario();
    FaultSpec fault;
    fault.kind = FaultKind::DropResponse;
    fault.attempt = 1;
    scenario.faults.push_back(fault);
    w.runController()->load(scenario);
    QCOMPARE(w.serving()->startServing(QStringLiteral("127.0.0.1"), 0), QString());
    const QString url = w.serving()->session()->url() + QStringLiteral("v1/orders");
    const Reply lost = curlPost(url, QStringLiteral("f-1"), QStringLiteral("{}"));
    QCOMPARE(lost.exitCode, 52); // curl: empty reply from server
    const Reply retry = curlPost(url, QStringLiteral("f-1"), QStringLiteral("{}"));
    QCOMPARE(retry.exitCode, 0);
    QCOMPARE(retry.headers.value("idempotency-decision"), QByteArray("replayed"));
    settle();
    QCOMPARE(cell(w, 0, RequestsModel::DecisionColumn), QStringLiteral("created"));
    QCOMPARE(cell(w, 1, RequestsModel::DecisionColumn), QStringLiteral("replayed"));
    QCOMPARE(w.runController()->simulation().summary().effects, 1);
}

void TestServeGui::resetOnTheWireAndLoadingEndServing()
{
    MainWindow w;
    w.show();
    QCOMPARE(w.serving()->startServing(QStringLiteral("127.0.0.1"), 0), QString());
    const QString base = w.serving()->session()->url();
    curlPost(base + QStringLiteral("v1/a"), QStringLiteral("r"), QStringLiteral("{}"));
    settle();
    QCOMPARE(w.tables()->requestsModel()->rowCount(), 1);
    const Reply reset = runProgram(QStringLiteral("curl"),
        { QStringLiteral("-sS"), QStringLiteral("-i"), QStringLiteral("-X"), QStringLiteral("POST"),
            base + QStringLiteral("_workbench/reset") });
    QCOMPARE(reset.status, 200);
    settle();
    QVERIFY(w.serving()->session()->isServing());
    QCOMPARE(w.tables()->requestsModel()->rowCount(), 0);
    QCOMPARE(w.status()->serveText(), QStringLiteral("serving %1 · 0 requests").arg(base));
    // The same key is new again.
    const Reply again = curlPost(base + QStringLiteral("v1/a"), QStringLiteral("r"), QStringLiteral("{}"));
    QCOMPARE(again.headers.value("idempotency-decision"), QByteArray("created"));
    QCOMPARE(again.headers.value("idempotency-request"), QByteArray("r1"));
    settle();
    QCOMPARE(w.tables()->requestsModel()->rowCount(), 1);
    // Opening another scenario ends serving: its simulation is not the one the server answered from.
    QSignalSpy ended(w.serving()->session(), &ServeSession::problem);
    w.scenarioPanel()->selectPreset(QStringLiteral("double-submit"));
    settle(50);
    QVERIFY(!w.serving()->session()->isServing());
    QCOMPARE(w.status()->serveText(), QString());
    QVERIFY(w.serving()->serveAction()->isEnabled());
    QCOMPARE(ended.size(), 1);
    const QString why = ended.first().first().toString();
    QVERIFY2(why.startsWith(QStringLiteral("Stopped serving %1: the run it served was replaced").arg(base)),
        qPrintable(why));
}

void TestServeGui::stopServing()
{
    MainWindow w;
    w.show();
    QCOMPARE(w.serving()->startServing(QStringLiteral("127.0.0.1"), 0), QString());
    const QString base = w.serving()->session()->url();
    curlPost(base + QStringLiteral("v1/a"), QStringLiteral("s"), QStringLiteral("{}"));
    w.serving()->stopAction()->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(!w.serving()->session()->isServing(), 5000);
    QCOMPARE(w.status()->serveText(), QString());
    QVERIFY(w.serving()->serveAction()->isEnabled());
    QVERIFY(!w.serving()->jumpAheadAction()->isEnabled());
    // The clock is the run's own again: its speed can change, and nothing listens any more.
    QVERIFY(w.runController()->fasterAction()->isEnabled());
    const Reply refused = curlPost(base + QStringLiteral("v1/a"), QStringLiteral("s"), QStringLiteral("{}"));
    QVERIFY(refused.exitCode != 0);
    // What was served stays on the timeline.
    QCOMPARE(w.tables()->requestsModel()->rowCount(), 1);
}

bool havePostgres()
{
    return !qEnvironmentVariableIsEmpty("PGHOST") || !qEnvironmentVariableIsEmpty("PGPORT");
}

std::string serveSchema()
{
    return "iw_servegui_" + std::to_string(getpid());
}

void TestServeGui::servesOnThePostgresStore()
{
    // The window's PostgreSQL store waits for its worker thread in a nested event loop; requests that arrive
    // meanwhile must wait for it rather than re-enter the simulation. Sixteen clients at once on one key, with the
    // handler running 600 ms: one runs, every other is told the first is still in progress, and the table says so.
    if (!havePostgres())
        QSKIP("no PostgreSQL configured (PGHOST/PGPORT unset): run under scripts/with-postgres.sh");
    MainWindow w;
    w.show();
    const QString schema = QString::fromStdString(serveSchema());
    QCOMPARE(w.storeSwitch()->usePostgresStore(QString(), schema, true), QString());
    QCOMPARE(w.runController()->store().kind(), std::string("postgres"));
    Scenario scenario = blankScenario();
    scenario.service.handlerMs = 600;
    w.runController()->load(scenario);
    QTRY_VERIFY_WITH_TIMEOUT(!w.runController()->isBusy(), 10000);
    QCOMPARE(w.serving()->startServing(QStringLiteral("127.0.0.1"), 0), QString());
    const QString url = w.serving()->session()->url() + QStringLiteral("v1/orders");

    // Sixteen clients at once, each running beside the test while its event loop turns (the window serves them).
    std::vector<std::unique_ptr<iwtest::ServedProcess>> clients;
    for (int i = 0; i < 16; ++i) {
        auto p = std::make_unique<iwtest::ServedProcess>();
        QVERIFY2(p->start(QStringLiteral("curl"),
                     { .args = { QStringLiteral("-sS"), QStringLiteral("-o"), QStringLiteral("/dev/null"),
                           QStringLiteral("-w"), QStringLiteral("%{http_code} %header{idempotency-decision}"),
                           QStringLiteral("-X"), QStringLiteral("POST"), url, QStringLiteral("-H"),
                           QStringLiteral("Content-Type: application/json"), QStringLiteral("-H"),
                           QStringLiteral("Idempotency-Key: \"pg-1\""), QStringLiteral("--data-binary"),
                           QStringLiteral("{\"amount\": 100}") } },
                     {}),
            qPrintable(p->error()));
        clients.push_back(std::move(p));
    }
    QElapsedTimer t;
    t.start();
    const auto running = [&] {
        for (const auto& p : clients)
            if (p->isRunning())
                return true;
        return false;
    };
    while (running() && t.elapsed() < 30000)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    QVERIFY(!running());
    QMap<QString, int> statuses;
    for (const auto& p : clients) {
        const iwtest::ChildResult r = p->stop();
        QCOMPARE(r.exitCode, 0);
        ++statuses[QString::fromLatin1(r.out)];
    }
    // One runs. The others arrived while it ran and were told so — or, on a machine so loaded that some curl
    // started after the 600 ms handler had finished, got its replay: never a second execution.
    QCOMPARE(statuses.value(QStringLiteral("201 created")), 1);
    QCOMPARE(
        statuses.value(QStringLiteral("409 conflict_in_progress")) + statuses.value(QStringLiteral("201 replayed")),
        15);
    QVERIFY2(statuses.value(QStringLiteral("409 conflict_in_progress")) > 0,
        qPrintable(QStringList(statuses.keys()).join(u',')));

    // Once it has completed, the key replays from the table.
    const Reply replayed = curlPost(url, QStringLiteral("pg-1"), QStringLiteral("{\"amount\": 100}"));
    QCOMPARE(replayed.status, 201);
    QCOMPARE(replayed.headers.value("idempotency-decision"), QByteArray("replayed"));
    QCOMPARE(replayed.headers.value("idempotent-replayed"), QByteArray("true"));
    settle();
    const RunSummary s = w.runController()->simulation().summary();
    QCOMPARE(s.requests, 17);
    QCOMPARE(s.effects, 1);
    QCOMPARE(decided(s, "conflict_in_progress"), 15);
    QCOMPARE(w.tables()->requestsModel()->rowCount(), 17);
    PgAdmin admin;
    QVERIFY2(admin.ok(), admin.error().c_str());
    QCOMPARE(admin.value("SELECT state || ' ' || count(*) FROM " + admin.ident(serveSchema())
                 + ".request_idempotency GROUP BY state"),
        std::string("completed 1"));
    QCOMPARE(w.status()->serveText(), QStringLiteral("serving %1 · 17 requests").arg(w.serving()->session()->url()));
}

void TestServeGui::cleanupTestCase()
{
    if (!havePostgres())
        return;
    PgAdmin admin;
    if (admin.ok())
        admin.exec("DROP SCHEMA IF EXISTS " + admin.ident(serveSchema()) + " CASCADE");
}

QTEST_MAIN(TestServeGui)
#include "tst_servegui.moc"
