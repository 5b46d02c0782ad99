// The timeline: the pure mapping (time ↔ x, rows ↔ y, zoom about a point, pan clamping, readable ticks), the model
// fed from a simulation's lifecycle events, and the view driven the way a user drives it (clicks, Ctrl+wheel, drags,
// actions), offscreen.
#include "colors.h"
#include "duration.h"
#include "scenario.h"
#include "selection.h"
#include "simulation.h"
#include "store.h"
#include "storeengine.h"
#include "timelinemapping.h"
#include "timelinemodel.h"
#include "timelineview.h"

#include <QAction>
#include <QFile>
#include <QImage>
#include <QPainter>
#include <QScopeGuard>
#include <QSet>
#include <QSignalSpy>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QTest>
#include <QToolTip>
#include <QTranslator>
#include <QWheelEvent>

#include <QApplication>
#include <QHelpEvent>

#include <algorithm>
#include <memory>
#include <numeric>
#include <set>

using namespace iw;

namespace {

constexpr double Day = 86'400'000;

// Three requests, one scope: r1 wins and its response is lost, r2 (a second tab) meets it in progress, r1's retry is
// replayed; the record completes, then expires at its 3 s TTL.
const char* WorkshopScenario = R"({
  "format": "idempotency-workbench/scenario@1", "name": "workshop", "seed": 1,
  "service": {"profile": "ietf", "ttl_ms": 3000},
  "clients": [
    {"id": "tab-1", "actor": "42", "timeout_ms": 1000,
     "retry": {"max_attempts": 2, "backoff": "constant", "base_ms": 200, "on": ["timeout"]}},
    {"id": "tab-2", "actor": "42", "timeout_ms": 1000, "retry": {"max_attempts": 1}}
  ],
  "requests": [
    {"at_ms": 0, "client": "tab-1", "operation": "demo-request.create", "key": "k-1", "payload": {"amount": 100}},
    {"at_ms": 5, "client": "tab-2", "operation": "demo-request.create", "key": "k-1", "payload": {"amount": 100}}
  ],
  "faults": [{"kind": "drop_response", "request": 0, "attempt": 1}]
})";

// check_then_insert lets both copies run the handler: a duplicate effect.
const char* RaceScenario = R"({
  "format": "idempotency-workbench/scenario@1", "name": "race", "seed": 1,
  "service": {"profile": "ietf", "strategy": "check_then_insert"},
  "clients": [{"id": "c", "actor": "7", "timeout_ms": 5000, "retry": {"max_attempts": 1}}],
  "requests": [{"at_ms": 0, "client": "c", "operation": "pay", "key": "k", "payload": {"a": 1}, "copies": 2,
                "intent": "i"}]
})";

// The owner crashes after its effect: the record stays in progress with nobody to finish it.
const char* CrashScenario = R"({
  "format": "idempotency-workbench/scenario@1", "name": "crash", "seed": 1,
  "service": {"profile": "ietf"},
  "clients": [{"id": "c", "actor": "7", "timeout_ms": 1000, "retry": {"max_attempts": 1}}],
  "requests": [{"at_ms": 0, "client": "c", "operation": "pay", "key": "k", "payload": {"a": 1}}],
  "faults": [{"kind": "crash_after_effect", "client": "c", "attempt": 1}]
})";

// A swept record leaves a tombstone; the second request keeps the run going past the sweep.
const char* TombstoneScenario = R"({
  "format": "idempotency-workbench/scenario@1", "name": "tombstone", "seed": 1,
  "service": {"profile": "ietf", "ttl_ms": 1000, "after_expiry": "tombstone", "tombstone_ms": 2000,
              "sweep_every_ms": 500},
  "clients": [{"id": "c", "actor": "7", "timeout_ms": 1000, "retry": {"max_attempts": 1}}],
  "requests": [
    {"at_ms": 0, "client": "c", "operation": "pay", "key": "k-1", "payload": {"a": 1}},
    {"at_ms": 3000, "client": "c", "operation": "pay", "key": "k-2", "payload": {"a": 1}}
  ]
})";

// Forty scopes, one request each: more lanes than a small view shows.
const char* ManyLanesScenario = R"({
  "format": "idempotency-workbench/scenario@1", "name": "many", "seed": 1,
  "service": {"profile": "ietf"},
  "clients": [{"id": "c", "actor": "7", "timeout_ms": 1000, "retry": {"max_attempts": 1}}],
  "requests": [{"at_ms": 0, "client": "c", "operation": "pay", "key": "auto", "payload": {"a": 1},
                "repeat": 40, "every_ms": 50, "intent": "order"}]
})";

struct Run {
    std::unique_ptr<IdempotencyStore> store = makeMemoryStore();
    std::unique_ptr<Simulation> sim;
    explicit Run(const char* text, bool toEnd = true)
    {
        sim = std::make_unique<Simulation>(loadScenario(text, "test.json"), *store);
        if (toEnd)
            sim->runToEnd();
    }
    explicit Run(Scenario scenario)
    {
        sim = std::make_unique<Simulation>(std::move(scenario), *store);
        sim->runToEnd();
    }
};

// The presets with a route (docs/reference/routes.md), as data rows.
void addRoutePresets()
{
    QTest::addColumn<QString>("preset");
    for (const char* name : { "provider-key-derive-after-crash", "provider-key-new-after-crash",
             "proxy-window-forward-key", "proxy-window-rewrite-key", "recover-lookup-stuck-record",
             "recover-release-stuck-record", "route-shortest-window-decides", "second-order-vs-double-send" })
        QTest::newRow(name) << QStringLiteral(IW_SOURCE_DIR "/resources/scenarios/%1.json").arg(QLatin1String(name));
}

Scenario loadPreset(const QString& path)
{
    Scenario scenario = loadScenarioFile(path.toStdString());
    if (scenario.route.empty())
        qFatal("%s has no route", qPrintable(path));
    return scenario;
}

// Per scope, the hop of the requests that used it (what the timeline must group it under); -1 for a scope no
// request used.
std::vector<int> hopsOfScopes(const Simulation& sim)
{
    std::vector<int> hops(sim.scopes().size(), -1);
    for (std::size_t i = 0; i < sim.requests().size(); ++i) {
        const RequestRow& r = sim.requests()[i];
        const int scope = r.scope >= 0 ? r.scope : r.keylessScope;
        if (scope >= 0 && hops[std::size_t(scope)] < 0)
            hops[std::size_t(scope)] = sim.hopOf(int(i));
    }
    return hops;
}

std::vector<BarState> states(const TimelineLane& lane)
{
    std::vector<BarState> s;
    for (const TimelineBar& b : lane.bars)
        s.push_back(b.state);
    return s;
}

TimelineMapping mappingOver(double start, double end, double dataStart = 0, double dataEnd = 1000)
{
    TimelineMapping m;
    m.setPlotRect(QRectF(100, 30, 800, 400));
    m.setDataRange(dataStart, dataEnd);
    m.setFitRange(dataStart, dataEnd);
    m.setVisibleRange(start, end);
    return m;
}

} // namespace

class TestTimeline : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void axisLabelsNeverOverlap_data();
    void axisLabelsNeverOverlap();
    void retryBudgetBesideExpiry();
    // --- Mapping
    void timeToXRoundTrip_data();
    void timeToXRoundTrip();
    void zoomAboutPointKeepsIt_data();
    void zoomAboutPointKeepsIt();
    void panIsClamped_data();
    void panIsClamped();
    void rowHitTestingAtEdges_data();
    void rowHitTestingAtEdges();
    void tickLabelsAreReadable_data();
    void tickLabelsAreReadable();

    // --- Model
    void workshopRecordLife();
    void anomaliesFromSimulation_data();
    void anomaliesFromSimulation();
    void tombstoneAfterSweep();
    void plainApiSortsLazily();
    void squeezePacksAndKeepsGrowing();
    void incrementalFeedMatchesFullRun();

    // --- View
    void clickingMarkerSelectsRequest();
    void selectionHighlightsAndScrolls();
    void escapeClearsSelection();
    void hoverTooltipExplainsRequest();
    void fitAllShowsTheStoryNotTheTtl();
    void zoomStackUndoRestoresPreviousRange();
    void ctrlWheelZoomsAroundPointer();
    void dragRangeThenZoomToIt();
    void laneFilterAndIdleCollapse();
    void jumpToFirstAnomalySelectsIt();
    void followLiveKeepsNowInView();
    void everyActionHasTooltip();
    void exportSvgIsValidWithLegend();
    void exportPngIsValid();
    void exportPngScaledWithoutNow();
    void densityViewPaintsAlarm();

    // --- Routes (docs/reference/routes.md)
    void routeLanesGroupedByHop_data() { addRoutePresets(); }
    void routeLanesGroupedByHop();
    void collapsingHopHidesExactlyItsLanes_data() { addRoutePresets(); }
    void collapsingHopHidesExactlyItsLanes();
    void routeRecordsFollowTheirHopsPolicy_data() { addRoutePresets(); }
    void routeRecordsFollowTheirHopsPolicy();
    void recoveredCompletionIsMarked_data() { addRoutePresets(); }
    void recoveredCompletionIsMarked();
    void routeHeadersFollowALiveRun_data() { addRoutePresets(); }
    void routeHeadersFollowALiveRun();
    void noRouteNoHopHeaders();
};

// --- Mapping ---------------------------------------------------------------------------------------------------

void TestTimeline::timeToXRoundTrip_data()
{
    QTest::addColumn<double>("t");
    QTest::addColumn<double>("x");
    QTest::newRow("start_at_plot_left") << 200.0 << 100.0;
    QTest::newRow("end_at_plot_right") << 600.0 << 900.0;
    QTest::newRow("middle") << 400.0 << 500.0;
    QTest::newRow("before_window_is_left_of_plot") << 100.0 << -100.0;
}

void TestTimeline::timeToXRoundTrip()
{
    QFETCH(double, t);
    QFETCH(double, x);
    const TimelineMapping m = mappingOver(200, 600);
    QCOMPARE(m.mapTimeToX(t), x);
    QCOMPARE(m.mapXToTime(x), t);
}

void TestTimeline::zoomAboutPointKeepsIt_data()
{
    QTest::addColumn<double>("start");
    QTest::addColumn<double>("end");
    QTest::addColumn<double>("anchor");
    QTest::addColumn<double>("factor");
    QTest::newRow("zoom_in_2x_at_centre") << 0.0 << 1000.0 << 500.0 << 2.0;
    QTest::newRow("zoom_in_4x_at_left_quarter") << 0.0 << 1000.0 << 250.0 << 4.0;
    QTest::newRow("zoom_in_10x_at_data_start") << 0.0 << 1000.0 << 0.0 << 10.0;
    QTest::newRow("zoom_in_3x_at_data_end") << 0.0 << 1000.0 << 1000.0 << 3.0;
    QTest::newRow("zoom_out_2x_inside_data") << 400.0 << 600.0 << 500.0 << 0.5;
    QTest::newRow("zoom_out_2x_off_centre") << 400.0 << 600.0 << 450.0 << 0.5;
    QTest::newRow("deep_zoom_in_1000x") << 0.0 << 1000.0 << 333.0 << 100.0;
}

void TestTimeline::zoomAboutPointKeepsIt()
{
    QFETCH(double, start);
    QFETCH(double, end);
    QFETCH(double, anchor);
    QFETCH(double, factor);
    TimelineMapping m = mappingOver(start, end);
    const double x = m.mapTimeToX(anchor);
    m.zoomAboutTime(anchor, factor);
    QVERIFY2(std::abs(m.mapTimeToX(anchor) - x) < 1e-6, qPrintable(QString::number(m.mapTimeToX(anchor))));
    QVERIFY(std::abs(m.span() - (end - start) / factor) < 1e-6);
}

void TestTimeline::panIsClamped_data()
{
    QTest::addColumn<double>("start");
    QTest::addColumn<double>("end");
    QTest::addColumn<double>("pan");
    QTest::addColumn<double>("expectedStart");
    QTest::addColumn<double>("expectedEnd");
    QTest::newRow("far_left_stops_at_data_start") << 400.0 << 600.0 << -1e9 << 0.0 << 200.0;
    QTest::newRow("far_right_stops_at_data_end") << 400.0 << 600.0 << 1e9 << 800.0 << 1000.0;
    QTest::newRow("inside_moves_freely") << 400.0 << 600.0 << 150.0 << 550.0 << 750.0;
    QTest::newRow("just_past_the_end") << 700.0 << 900.0 << 150.0 << 800.0 << 1000.0;
    QTest::newRow("whole_data_visible_cannot_pan") << 0.0 << 1000.0 << 300.0 << 0.0 << 1000.0;
}

void TestTimeline::panIsClamped()
{
    QFETCH(double, start);
    QFETCH(double, end);
    QFETCH(double, pan);
    QFETCH(double, expectedStart);
    QFETCH(double, expectedEnd);
    TimelineMapping m = mappingOver(start, end);
    m.panByTime(pan);
    QCOMPARE(m.visibleStart(), expectedStart);
    QCOMPARE(m.visibleEnd(), expectedEnd);
    // The same clamp holds when panning by pixels.
    TimelineMapping byPixels = mappingOver(start, end);
    byPixels.panByPixels(pan / byPixels.msPerPixel());
    QCOMPARE(byPixels.visibleStart(), expectedStart);
}

void TestTimeline::rowHitTestingAtEdges_data()
{
    QTest::addColumn<int>("rows");
    QTest::addColumn<double>("scroll");
    QTest::addColumn<double>("y");
    QTest::addColumn<int>("row");
    // Plot top 30, row height 20.
    QTest::newRow("top_edge_is_first_row") << 50 << 0.0 << 30.0 << 0;
    QTest::newRow("just_above_plot_is_none") << 50 << 0.0 << 29.999 << -1;
    QTest::newRow("last_pixel_of_first_row") << 50 << 0.0 << 49.999 << 0;
    QTest::newRow("boundary_belongs_to_lower_row") << 50 << 0.0 << 50.0 << 1;
    QTest::newRow("scrolled_boundary") << 50 << 10.0 << 40.0 << 1;
    QTest::newRow("scrolled_partial_first_row") << 50 << 10.0 << 30.0 << 0;
    QTest::newRow("plot_bottom_is_outside") << 50 << 0.0 << 430.0 << -1;
    QTest::newRow("below_the_last_row") << 3 << 0.0 << 90.0 << -1;
    QTest::newRow("last_row_bottom_edge") << 3 << 0.0 << 89.999 << 2;
}

void TestTimeline::rowHitTestingAtEdges()
{
    QFETCH(int, rows);
    QFETCH(double, scroll);
    QFETCH(double, y);
    QFETCH(int, row);
    TimelineMapping m = mappingOver(0, 1000);
    m.setRowCount(rows);
    m.setRowHeight(20);
    m.setScrollY(scroll);
    QCOMPARE(m.rowAtY(y), row);
    if (row >= 0)
        QVERIFY(m.rowTop(row) <= y && y < m.rowTop(row) + 20);
}

void TestTimeline::tickLabelsAreReadable_data()
{
    QTest::addColumn<double>("start");
    QTest::addColumn<double>("end");
    QTest::addColumn<QString>("expected");
    QTest::newRow("milliseconds") << 0.0 << 1000.0 << QStringLiteral("500 ms");
    QTest::newRow("seconds") << 0.0 << 10'000.0 << QStringLiteral("5 s");
    QTest::newRow("fractions_of_seconds_as_decimals") << 1000.0 << 2000.0 << QStringLiteral("1.5 s");
    QTest::newRow("minutes") << 0.0 << 3'600'000.0 << QStringLiteral("30 min");
    QTest::newRow("hours") << 0.0 << 2 * Day << QStringLiteral("12 h");
    QTest::newRow("days") << 0.0 << 60 * Day << QStringLiteral("14 d");
    QTest::newRow("minutes_and_seconds") << 60'000.0 << 180'000.0 << QStringLiteral("1 min 30 s");
    QTest::newRow("milliseconds_after_a_day") << Day << Day + 10 << QStringLiteral("1 d 5 ms");
    QTest::newRow("zero_is_plain") << -500.0 << 500.0 << QStringLiteral("0");
    QTest::newRow("negative_times_are_signed") << -500.0 << 500.0 << QStringLiteral("−200 ms");
}

void TestTimeline::tickLabelsAreReadable()
{
    QFETCH(double, start);
    QFETCH(double, end);
    QFETCH(QString, expected);
    const QList<TimeTick> ticks = TimelineMapping::ticks(start, end, 1000, 90);
    QStringList labels;
    for (const TimeTick& t : ticks)
        labels << t.label;
    QVERIFY2(labels.contains(expected), qPrintable(labels.join(QStringLiteral(" | "))));
    QVERIFY(ticks.size() >= 2);
    QVERIFY(ticks.size() <= 1000 / 90 + 1); // never closer than the minimum spacing
    QCOMPARE(QSet<QString>(labels.begin(), labels.end()).size(), labels.size()); // no two ticks read the same
}

// --- Model -----------------------------------------------------------------------------------------------------

void TestTimeline::workshopRecordLife()
{
    Run run(WorkshopScenario);
    TimelineModel model;
    model.syncFrom(*run.sim);
    QCOMPARE(model.laneCount(), 1);
    const TimelineLane& lane = model.lane(0);
    QCOMPARE(lane.markers.size(), std::size_t(3));
    QCOMPARE(lane.markers[0].decisionValue(), std::optional(Decision::ConflictInProgress));
    QCOMPARE(lane.markers[1].decisionValue(), std::optional(Decision::Created));
    QCOMPARE(lane.markers[2].decisionValue(), std::optional(Decision::Replayed));
    QCOMPARE(int(lane.markers[1].status), 201);
    QVERIFY(lane.markers[1].flags & TimelineMarker::ResponseLost);
    QCOMPARE(lane.effects.size(), std::size_t(1));
    QCOMPARE(states(lane), (std::vector { BarState::InProgress, BarState::Completed, BarState::Expired }));
    // The completed record expires at created + ttl, where the expired bar starts, and nothing ends it.
    QCOMPARE(lane.bars[1].end, lane.bars[0].start + 3000);
    QCOMPARE(lane.bars[2].start, lane.bars[1].end);
    QCOMPARE(lane.bars[2].end, OpenEnd);
    QCOMPARE(lane.bars[0].end, lane.bars[1].start);
    QVERIFY(model.anomalies().empty());
    QCOMPARE(model.laneOfScope(0), 0);
}

void TestTimeline::anomaliesFromSimulation_data()
{
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<int>("kind");
    QTest::newRow("check_then_insert_duplicate_effect")
        << QString::fromUtf8(RaceScenario) << int(AnomalyKind::DuplicateEffect);
    QTest::newRow("crash_leaves_record_stuck") << QString::fromUtf8(CrashScenario) << int(AnomalyKind::StuckInProgress);
}

void TestTimeline::anomaliesFromSimulation()
{
    QFETCH(QString, scenario);
    QFETCH(int, kind);
    const QByteArray text = scenario.toUtf8();
    Run run(text.constData());
    TimelineModel model;
    model.syncFrom(*run.sim);
    QVERIFY(!model.anomalies().empty());
    QCOMPARE(int(model.anomalies().front().kind), kind);
    if (kind == int(AnomalyKind::StuckInProgress)) {
        const TimelineLane& lane = model.lane(0);
        QCOMPARE(states(lane), (std::vector { BarState::InProgress, BarState::Stuck }));
        QCOMPARE(lane.bars.back().end, OpenEnd);
    } else {
        const auto& effects = model.lane(0).effects;
        QCOMPARE(effects.size(), std::size_t(2));
        QVERIFY(!effects[0].duplicate);
        QVERIFY(effects[1].duplicate);
    }
}

void TestTimeline::tombstoneAfterSweep()
{
    Run run(TombstoneScenario);
    TimelineModel model;
    model.syncFrom(*run.sim);
    QCOMPARE(model.laneCount(), 2);
    const TimelineLane& lane = model.lane(0);
    QCOMPARE(states(lane),
        (std::vector { BarState::InProgress, BarState::Completed, BarState::Expired, BarState::Tombstone }));
    // Swept at the first sweep after expiry; the tombstone counts until expires_at + tombstone_ms.
    QCOMPARE(lane.bars[3].start, Millis(1500));
    QCOMPARE(lane.bars[3].end, lane.bars[2].start + 2000);
}

void TestTimeline::plainApiSortsLazily()
{
    TimelineModel model;
    const int lane = model.addLane(5, QStringLiteral("a"), QStringLiteral("op"), QStringLiteral("k"));
    model.addMarker(lane, TimelineMarker { 300, 0, 2, 201, std::uint8_t(Decision::Created), 0 });
    model.addMarker(lane, TimelineMarker { 100, 0, 1, 201, std::uint8_t(Decision::Created), 0 });
    model.addMarker(lane, TimelineMarker { 200, 0, 3, 409, std::uint8_t(Decision::ConflictInProgress), 0 });
    model.ensureSorted();
    QCOMPARE(model.lane(lane).markers[0].request, 1);
    QCOMPARE(model.lane(lane).markers[2].request, 2);
    const auto [first, last] = model.markerRange(lane, 150, 250);
    QCOMPARE(first, std::size_t(1));
    QCOMPARE(last, std::size_t(2));
    QCOMPARE(model.laneOfScope(5), lane);
    QCOMPARE(model.markerOfRequest(lane, 3), 1);
    QVERIFY(model.memoryBytes() > 0);
}

void TestTimeline::squeezePacksAndKeepsGrowing()
{
    TimelineModel model;
    for (int i = 0; i < 100; ++i) {
        const int lane = model.addLane(i, QStringLiteral("a"), QStringLiteral("op"), QStringLiteral("k-%1").arg(i));
        for (int k = 0; k < 3; ++k)
            model.addMarker(lane, TimelineMarker { i * 10 + k, 0, i * 3 + k, 201, std::uint8_t(Decision::Created), 0 });
    }
    const std::size_t before = model.memoryBytes();
    model.squeeze();
    QVERIFY(model.memoryBytes() < before);
    // Packed in lane order: one sequential sweep reads every lane.
    QCOMPARE(model.lane(1).markers.data(), model.lane(0).markers.data() + 3);
    // A packed lane still grows (out of the arena) without disturbing its neighbours.
    model.addMarker(0, TimelineMarker { 5000, 0, 999, 201, std::uint8_t(Decision::Replayed), 0 });
    QCOMPARE(model.lane(0).markers.size(), std::size_t(4));
    QCOMPARE(model.lane(0).markers[3].request, 999);
    QCOMPARE(model.lane(0).markers[2].request, 2);
    QCOMPARE(model.lane(1).markers[0].request, 3);
    model.squeeze();
    QCOMPARE(model.lane(0).markers[3].request, 999);
    QCOMPARE(model.lane(99).markers[2].request, 299);
    QCOMPARE(model.markerCount(), std::size_t(301));
}

void TestTimeline::incrementalFeedMatchesFullRun()
{
    // Fed step by step while the simulation runs, the model ends where a model built after the run does.
    Run live(WorkshopScenario, false);
    TimelineModel incremental;
    while (live.sim->step())
        incremental.syncFrom(*live.sim);
    Run full(WorkshopScenario);
    TimelineModel once;
    once.syncFrom(*full.sim);
    QCOMPARE(incremental.laneCount(), once.laneCount());
    QCOMPARE(states(incremental.lane(0)), states(once.lane(0)));
    QCOMPARE(incremental.lane(0).markers.size(), once.lane(0).markers.size());
    QCOMPARE(incremental.eventCount(), once.eventCount());
}

// --- View ------------------------------------------------------------------------------------------------------

void TestTimeline::clickingMarkerSelectsRequest()
{
    Run run(WorkshopScenario);
    Selection selection;
    TimelineView view(&selection);
    view.resize(1000, 400);
    view.setSimulation(run.sim.get());
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QSignalSpy changed(&selection, &Selection::changed);
    for (int request : { 0, 1, 2 }) {
        const auto c = view.markerCenter(request);
        QVERIFY2(c, "every marker is visible at fit-all");
        QTest::mouseClick(&view, Qt::LeftButton, {}, c->toPoint());
        QCOMPARE(selection.request(), request);
        QCOMPARE(selection.scope(), 0);
        QCOMPARE(view.highlightedRequest(), request);
    }
    QCOMPARE(changed.count(), 3);
}

void TestTimeline::selectionHighlightsAndScrolls()
{
    Run run(ManyLanesScenario);
    Selection selection;
    TimelineView view(&selection);
    view.resize(900, 300); // room for a few lanes only
    view.setSimulation(run.sim.get());
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.zoom()->mapping().setRowHeight(TimelineZoom::NaturalRowHeight);
    view.zoom()->mapping().setScrollY(0);
    const int last = int(run.sim->requests().size()) - 1;
    const int scope = run.sim->requests()[std::size_t(last)].scope;
    QVERIFY(!view.markerCenter(last)); // scrolled away
    const QImage before = view.grab().toImage();
    selection.select(last, scope);
    QCOMPARE(view.highlightedRequest(), last);
    QCOMPARE(view.highlightedLane(), scope);
    QVERIFY2(view.markerCenter(last), "the view scrolls the selected request into view");
    QVERIFY(view.grab().toImage() != before);
}

void TestTimeline::escapeClearsSelection()
{
    Run run(WorkshopScenario);
    Selection selection;
    TimelineView view(&selection);
    view.resize(1000, 400);
    view.setSimulation(run.sim.get());
    selection.select(1, 0);
    QTest::keyClick(&view, Qt::Key_Escape);
    QCOMPARE(selection.request(), -1);
    QCOMPARE(view.highlightedRequest(), -1);
}

void TestTimeline::hoverTooltipExplainsRequest()
{
    Run run(WorkshopScenario);
    Selection selection;
    TimelineView view(&selection);
    view.resize(1000, 400);
    view.setSimulation(run.sim.get());
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const auto c = view.markerCenter(0);
    QVERIFY(c);
    QHelpEvent help(QEvent::ToolTip, c->toPoint(), view.mapToGlobal(c->toPoint()));
    QApplication::sendEvent(&view, &help);
    QTRY_VERIFY(QToolTip::isVisible());
    const QString tip = QToolTip::text();
    const RequestRow& r1 = run.sim->requests()[0];
    QVERIFY2(tip.contains(QStringLiteral("created")) && tip.contains(QStringLiteral("201")), qPrintable(tip));
    QVERIFY2(tip.contains(QString::fromStdString(run.sim->text(run.sim->reason(r1))).left(20).toHtmlEscaped()),
        qPrintable(tip));
    QVERIFY2(tip.contains(QString::fromStdString(run.sim->fingerprint(r1).substr(0, 12))), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("sent")) && tip.contains(QStringLiteral("decided")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("response was lost")), qPrintable(tip));
    QToolTip::hideText();
}

void TestTimeline::fitAllShowsTheStoryNotTheTtl()
{
    // A 24 h TTL after a half-second race: fit-all shows the race, and panning still reaches the TTL's end.
    Run run(RaceScenario);
    Selection selection;
    TimelineView view(&selection);
    view.resize(1000, 400);
    view.setSimulation(run.sim.get());
    const TimelineMapping& m = view.zoom()->mapping();
    QVERIFY2(m.span() < 5'000, qPrintable(shownDuration(std::llround(m.span()))));
    QVERIFY(m.dataEnd() >= Day);
    view.zoom()->mapping().panByTime(2 * Day); // a long drag to the right
    QCOMPARE(m.visibleEnd(), m.dataEnd());
}

void TestTimeline::zoomStackUndoRestoresPreviousRange()
{
    Run run(WorkshopScenario);
    Selection selection;
    TimelineView view(&selection);
    view.resize(1000, 400);
    view.setSimulation(run.sim.get());
    const TimelineMapping& m = view.zoom()->mapping();
    const std::pair fit { m.visibleStart(), m.visibleEnd() };
    view.zoom()->zoomInAction()->trigger();
    const std::pair first { m.visibleStart(), m.visibleEnd() };
    QVERIFY(first.second - first.first < fit.second - fit.first);
    view.zoom()->zoomInAction()->trigger();
    view.zoom()->panRightAction()->trigger();
    QVERIFY(m.visibleStart() != first.first);
    view.zoom()->zoomOutAction()->trigger(); // undoes the second zoom (and the pan after it)
    QCOMPARE(m.visibleStart(), first.first);
    QCOMPARE(m.visibleEnd(), first.second);
    view.zoom()->zoomOutAction()->trigger();
    QCOMPARE(m.visibleStart(), fit.first);
    QCOMPARE(m.visibleEnd(), fit.second);
    QCOMPARE(view.zoom()->undoDepth(), 0);
}

void TestTimeline::ctrlWheelZoomsAroundPointer()
{
    Run run(WorkshopScenario);
    Selection selection;
    TimelineView view(&selection);
    view.resize(1000, 400);
    view.setSimulation(run.sim.get());
    const TimelineMapping& m = view.zoom()->mapping();
    const std::pair before { m.visibleStart(), m.visibleEnd() };
    const QPointF pos(m.plotRect().left() + m.plotRect().width() * 0.3, m.plotRect().center().y());
    const double t = m.mapXToTime(pos.x());
    for (int i = 0; i < 3; ++i) {
        QWheelEvent wheel(pos, view.mapToGlobal(pos), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::ControlModifier,
            Qt::NoScrollPhase, false);
        QApplication::sendEvent(&view, &wheel);
    }
    QVERIFY(m.span() < (before.second - before.first) / 1.5);
    QVERIFY(std::abs(m.mapTimeToX(t) - pos.x()) < 1e-6);
    view.zoom()->zoomOutAction()->trigger(); // one gesture, one undo step
    QCOMPARE(m.visibleStart(), before.first);
    QCOMPARE(m.visibleEnd(), before.second);
}

void TestTimeline::dragRangeThenZoomToIt()
{
    Run run(WorkshopScenario);
    Selection selection;
    TimelineView view(&selection);
    view.resize(1000, 400);
    view.setSimulation(run.sim.get());
    const TimelineMapping& m = view.zoom()->mapping();
    const QRectF plot = m.plotRect();
    const QPoint a(int(plot.left() + 50), int(plot.top() + 5));
    const QPoint b(int(plot.left() + 350), int(plot.top() + 5));
    QTest::mousePress(&view, Qt::LeftButton, {}, a);
    QMouseEvent move(
        QEvent::MouseMove, QPointF(b), view.mapToGlobal(QPointF(b)), Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&view, &move);
    QTest::mouseRelease(&view, Qt::LeftButton, {}, b);
    const auto range = view.timeRange();
    QVERIFY(range);
    QVERIFY(std::abs(range->first - m.mapXToTime(a.x())) < 1e-6);
    QVERIFY(std::abs(range->second - m.mapXToTime(b.x())) < 1e-6);
    QCOMPARE(selection.request(), -1); // a drag is not a click
    view.zoom()->zoomToSelectionAction()->trigger();
    QVERIFY(std::abs(m.visibleStart() - range->first) < 1e-6);
    QVERIFY(std::abs(m.visibleEnd() - range->second) < 1e-6);
    QVERIFY(!view.timeRange());
}

void TestTimeline::laneFilterAndIdleCollapse()
{
    Run run(ManyLanesScenario);
    Selection selection;
    TimelineView view(&selection);
    view.resize(900, 600);
    view.setSimulation(run.sim.get());
    QCOMPARE(view.displayLanes().size(), std::size_t(40));
    const QString key = QString::fromStdString(run.sim->scopes()[7].key);
    view.setLaneFilter(key.left(13));
    QCOMPARE(view.displayLanes(), std::vector<int> { 7 });
    view.setLaneFilter(QString());
    QCOMPARE(view.displayLanes().size(), std::size_t(40));
    // Only the first requests happen in the first 120 ms: the other lanes are idle there.
    view.zoom()->zoomToRange(0, 120);
    view.zoom()->collapseIdleAction()->setChecked(true);
    QVERIFY(view.displayLanes().size() < 10);
    QVERIFY(!view.displayLanes().empty());
    view.zoom()->collapseIdleAction()->setChecked(false);
    QCOMPARE(view.displayLanes().size(), std::size_t(40));
}

void TestTimeline::jumpToFirstAnomalySelectsIt()
{
    Run run(RaceScenario);
    Selection selection;
    TimelineView view(&selection);
    view.resize(1000, 400);
    view.setSimulation(run.sim.get());
    view.zoom()->jumpToAnomalyAction()->trigger();
    const auto& effects = run.sim->effects();
    QCOMPARE(effects.size(), std::size_t(2));
    QCOMPARE(selection.request(), effects[1].request); // the duplicate's request
    QVERIFY(view.markerCenter(effects[1].request));
    QCOMPARE(view.zoom()->undoDepth(), 1);
}

void TestTimeline::followLiveKeepsNowInView()
{
    Run run(TombstoneScenario, false);
    Selection selection;
    TimelineView view(&selection);
    view.resize(1000, 400);
    view.setSimulation(run.sim.get());
    run.sim->runUntil(5); // the first request is on its way: drawn as an open line to now
    view.refresh();
    QCOMPARE(view.model().pending().size(), std::size_t(1));
    QVERIFY(!view.grab().isNull());
    run.sim->runUntil(300); // decided at 214
    view.refresh();
    QVERIFY(view.model().pending().empty());
    view.zoom()->zoomToRange(0, 300);
    view.zoom()->followLiveAction()->setChecked(true);
    run.sim->runUntil(3050);
    view.refresh();
    const TimelineMapping& m = view.zoom()->mapping();
    QVERIFY(m.visibleStart() <= 3050 && 3050 <= m.visibleEnd());
    QVERIFY(std::abs(m.span() - 300) < 1e-6); // following pans, it does not zoom
}

void TestTimeline::everyActionHasTooltip()
{
    TimelineZoom zoom;
    int named = 0;
    for (QAction* a : zoom.actions()) {
        if (a->isSeparator())
            continue;
        ++named;
        QVERIFY2(!a->toolTip().isEmpty() && a->toolTip() != a->text().remove(QLatin1Char('&')), qPrintable(a->text()));
        QVERIFY2(!a->icon().isNull(), qPrintable(a->text()));
    }
    QCOMPARE(named, 11);
    QCOMPARE(zoom.zoomInAction()->shortcut(), QKeySequence(Qt::Key_W));
    QCOMPARE(zoom.zoomOutAction()->shortcut(), QKeySequence(Qt::Key_S));
    QCOMPARE(zoom.panLeftAction()->shortcut(), QKeySequence(Qt::Key_A));
    QCOMPARE(zoom.panRightAction()->shortcut(), QKeySequence(Qt::Key_D));
    QCOMPARE(zoom.fitAllAction()->shortcut(), QKeySequence(Qt::Key_Home));
    QCOMPARE(zoom.zoomToSelectionAction()->shortcut(), QKeySequence(Qt::Key_F));
}

void TestTimeline::exportSvgIsValidWithLegend()
{
    Run run(RaceScenario);
    Selection selection;
    TimelineView view(&selection);
    view.resize(1000, 400);
    view.setSimulation(run.sim.get());
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("timeline.svg"));
    QVERIFY(view.exportSvg(path));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray svg = file.readAll();
    QVERIFY(svg.contains("<svg"));
    for (const char* legend : { "in_progress", "completed", "expired", "stuck", "tombstone", "duplicate effect" })
        QVERIFY2(svg.contains(legend), legend);
    QVERIFY(svg.contains("demo") || svg.contains("pay")); // the gutter's lane label
    QSvgRenderer renderer(path);
    QVERIFY(renderer.isValid());
}

void TestTimeline::exportPngIsValid()
{
    Run run(WorkshopScenario);
    Selection selection;
    TimelineView view(&selection);
    view.resize(1000, 400);
    view.setSimulation(run.sim.get());
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("timeline.png"));
    QVERIFY(view.exportPng(path));
    QImage image(path);
    QVERIFY(!image.isNull());
    QCOMPARE(image.size(), QSize(1000, 400));
}

void TestTimeline::exportPngScaledWithoutNow()
{
    Run run(WorkshopScenario, false);
    run.sim->runUntil(600); // the clock inside the run: its cursor is drawn across the lanes
    Selection selection;
    TimelineView view(&selection);
    view.resize(1000, 400);
    view.setSimulation(run.sim.get());
    QTemporaryDir dir;
    // The pixels in the "now" cursor's colour (request markers share it: pictures are compared with and without).
    const auto cursorPixels = [](const QString& path) {
        const QImage image(path);
        int n = 0;
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x)
                n += QColor(image.pixel(x, y)) == QColor(0x1F, 0x4E, 0xA8);
        return n;
    };
    const auto exported = [&](const char* name, int scale, bool withNow) {
        const QString path = dir.filePath(QLatin1String(name));
        return view.exportPng(path, scale, withNow) ? path : QString();
    };
    const QString small = exported("small.png", 1, true), smallWithout = exported("small-without.png", 1, false);
    const QString big = exported("big.png", 3, true), bigWithout = exported("big-without.png", 3, false);
    QCOMPARE(QImage(small).size(), QSize(1000, 400));
    QCOMPARE(QImage(big).size(), QSize(3000, 1200));
    QCOMPARE(QImage(bigWithout).size(), QSize(3000, 1200));
    // Without the marker, the cursor's line across the plot is gone; at 3× it is three times as tall and wider.
    const int plotHeight = int(view.plotRect().height());
    const int cursor = cursorPixels(small) - cursorPixels(smallWithout);
    QVERIFY2(cursor >= plotHeight, qPrintable(QString::number(cursor)));
    QVERIFY2(cursorPixels(big) - cursorPixels(bigWithout) >= 3 * cursor,
        qPrintable(QString::number(cursorPixels(big) - cursorPixels(bigWithout))));
}

void TestTimeline::densityViewPaintsAlarm()
{
    // Many thin lanes: the density raster must still show a duplicate effect in the alarm colour.
    Selection selection;
    TimelineView view(&selection);
    view.resize(800, 500);
    TimelineModel& model = view.model();
    for (int i = 0; i < 5000; ++i) {
        const int lane = model.addLane(i, QStringLiteral("actor"), QStringLiteral("op"), QStringLiteral("k-%1").arg(i));
        model.addBar(lane, TimelineBar { i * 10, i * 10 + 100, -1, -1, -1, BarState::InProgress });
        model.addBar(lane, TimelineBar { i * 10 + 100, OpenEnd, -1, -1, -1, BarState::Completed });
        model.addMarker(lane, TimelineMarker { i * 10 + 100, 100, i, 201, std::uint8_t(Decision::Created), 0 });
        model.addEffect(lane, TimelineEffect { i * 10 + 98, i, i, i == 2500 });
    }
    view.refresh();
    QVERIFY(view.zoom()->mapping().rowHeight() < TimelineZoom::DetailRowHeight);
    QImage image(view.size(), QImage::Format_ARGB32_Premultiplied);
    QPainter p(&image);
    TimelinePainter painter;
    painter.paint(p, view.model(), view.zoom()->mapping(), view.scene(), view.size());
    p.end();
    const TimelineMapping& m = view.zoom()->mapping();
    const int x = int(m.mapTimeToX(2500 * 10 + 98));
    const double rowY = m.rowTop(2500) + m.rowHeight() / 2;
    bool alarm = false;
    for (int dx = -1; dx <= 1 && !alarm; ++dx)
        alarm = QColor(image.pixel(x + dx, int(rowY))) == alarmColor();
    if (!alarm)
        image.save(QStringLiteral("/tmp/dense-fail.png"));
    QVERIFY2(alarm, "the duplicate effect shows in the alarm colour among 5000 lanes");
}

void TestTimeline::axisLabelsNeverOverlap_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("preset");
    for (const char* lang : { "en", "ru", "uk" })
        for (const char* preset : { "late-retry-after-expiry-forget", "crash-after-effect-no-lease",
                 "stripe-at-least-24-hours", "double-submit" })
            QTest::newRow(QByteArray(QByteArray(lang) + " " + preset).constData())
                << QString::fromLatin1(lang) << QString::fromLatin1(preset);
}

void TestTimeline::axisLabelsNeverOverlap()
{
    // Issue 42 item 12: the time axis in Ukrainian ("1 год 30 хв") was cut and its labels ran into each other.
    // In every language, at a dock's width and a presenter's type, each label stands clear of the next and whole.
    QFETCH(QString, language);
    QFETCH(QString, preset);
    // The timeline room's own translation only (language::use would leave the English plural forms installed for
    // the tests after this one, which read "(s)").
    QTranslator translation;
    if (language != QStringLiteral("en")) {
        QVERIFY(translation.load(QStringLiteral(":/i18n/timeline_%1.qm").arg(language)));
        QCoreApplication::installTranslator(&translation);
    }
    const auto removeTranslation = qScopeGuard([&] { QCoreApplication::removeTranslator(&translation); });
    Run run(loadScenarioFile(QStringLiteral(IW_SOURCE_DIR "/resources/scenarios/%1.json").arg(preset).toStdString()));
    Selection selection;
    TimelineView view(&selection);
    view.setSimulation(run.sim.get());
    for (const double scale : { 1.0, 1.5 }) {
        QFont font = QApplication::font();
        font.setPointSizeF(font.pointSizeF() * scale);
        view.setFont(font);
        for (const int width : { 420, 545, 900, 1400 }) {
            view.resize(width, 300);
            view.refresh();
            QImage image(view.size(), QImage::Format_ARGB32_Premultiplied);
            QPainter p(&image);
            view.paintTimeline(p, view.size());
            p.end();
            const std::vector<QRectF>& boxes = view.axisLabelBoxes();
            const QByteArray where = language.toLatin1() + " " + preset.toLatin1() + " at " + QByteArray::number(width)
                + " x" + QByteArray::number(scale);
            QVERIFY2(!boxes.empty(), where.constData());
            for (std::size_t i = 0; i < boxes.size(); ++i) {
                QVERIFY2(boxes[i].right() <= width, QByteArray(where + ": a label runs off the axis").constData());
                if (i > 0)
                    QVERIFY2(
                        boxes[i].left() >= boxes[i - 1].right() + 4, QByteArray(where + ": labels touch").constData());
            }
        }
    }
}

void TestTimeline::retryBudgetBesideExpiry()
{
    // Issue 42: the client's retry budget drawn next to the TTL end. Retention shorter than retry budget: the record
    // expires at 60 s while the client may come back until 3×30 s + 60 s + 120 s = 270 s after its first send; both
    // are marked on the lane, apart and said in words.
    const auto preset = [](const char* name) {
        return loadScenarioFile(
            QStringLiteral(IW_SOURCE_DIR "/resources/scenarios/%1.json").arg(QLatin1String(name)).toStdString());
    };
    Run run(preset("retention-shorter-than-retry-budget"));
    Selection selection;
    TimelineView view(&selection);
    view.setSimulation(run.sim.get());
    view.resize(900, 300);
    view.refresh();
    QCOMPARE(view.model().laneCount(), 1);
    QCOMPARE(view.model().lane(0).budgetEnd, Millis(270'000));
    QVERIFY(view.model().lastTime() >= Millis(270'000)); // fit-all shows it
    QImage image(view.size(), QImage::Format_ARGB32_Premultiplied);
    QPainter p(&image);
    TimelinePainter painter;
    painter.paint(p, view.model(), view.zoom()->mapping(), view.scene(), view.size());
    p.end();
    QCOMPARE(painter.budgetMarks().size(), std::size_t(1));
    const TimelinePainter::BudgetMark& mark = painter.budgetMarks().front();
    const TimelineMapping& m = view.zoom()->mapping();
    QVERIFY(qAbs(mark.budgetX - m.mapTimeToX(270'000)) < 1);
    QVERIFY(qAbs(mark.expiryX - m.mapTimeToX(60'012)) < 1);
    QVERIFY(!mark.label.isEmpty());
    QVERIFY(!mark.expiryLabel.isEmpty());
    QVERIFY(!mark.label.intersects(mark.expiryLabel));
    QVERIFY(mark.budgetX - mark.expiryX > 100);

    // A budget inside the retention (a day's TTL, seconds of retries) draws no mark and stretches nothing.
    Run lost(preset("lost-response-replay"));
    TimelineModel model;
    model.syncFrom(*lost.sim);
    for (int lane = 0; lane < model.laneCount(); ++lane)
        QCOMPARE(model.lane(lane).budgetEnd, Millis(-1));
}

// --- Routes ---------------------------------------------------------------------------------------------------

void TestTimeline::routeLanesGroupedByHop()
{
    QFETCH(QString, preset);
    Run run(loadPreset(preset));
    const Simulation& sim = *run.sim;
    Selection selection;
    TimelineView view(&selection);
    view.resize(1200, 700);
    view.setSimulation(&sim);
    QVERIFY(view.groupsByHop());

    // Every lane once, under the header of its requests' hop; the headers in route order, `service` first.
    const std::vector<int> hops = hopsOfScopes(sim);
    const std::vector<int>& rows = view.displayRows();
    QVERIFY(!rows.empty());
    QVERIFY2(isHopHeaderRow(rows.front()), "the first row is a hop's header");
    QCOMPARE(hopOfHeaderRow(rows.front()), 0);
    int currentHop = -1;
    std::vector<int> seen;
    std::set<int> headed;
    for (const int row : rows) {
        if (isHopHeaderRow(row)) {
            QVERIFY2(hopOfHeaderRow(row) > currentHop, "hop headers come in route order");
            currentHop = hopOfHeaderRow(row);
            headed.insert(currentHop);
            QCOMPARE(view.hopHeaders()[std::size_t(currentHop)].name,
                QString::fromUtf8(
                    sim.scenario().hopName(currentHop).data(), qsizetype(sim.scenario().hopName(currentHop).size())));
            continue;
        }
        QCOMPARE(view.model().lane(row).hop, hops[std::size_t(row)]);
        QCOMPARE(int(view.model().lane(row).hop), currentHop);
        seen.push_back(row);
    }
    std::sort(seen.begin(), seen.end());
    std::vector<int> all(std::size_t(view.model().laneCount()));
    std::iota(all.begin(), all.end(), 0);
    QCOMPARE(seen, all);
    // A header for each hop some request reached, and only for those.
    std::set<int> reached;
    for (std::size_t i = 0; i < sim.requests().size(); ++i)
        reached.insert(sim.hopOf(int(i)));
    QCOMPARE(headed, reached);
    // The headers' duplicate figures are the simulation's, per hop.
    for (const int hop : reached) {
        qint64 duplicates = 0;
        for (const EffectInfo& e : sim.effects())
            duplicates += e.hop == hop && e.duplicate ? 1 : 0;
        QCOMPARE(view.hopHeaders()[std::size_t(hop)].duplicates, duplicates);
        QCOMPARE(view.hopHeaders()[std::size_t(hop)].duplicates, sim.summary().duplicateEffectsByHop[std::size_t(hop)]);
    }
}

void TestTimeline::collapsingHopHidesExactlyItsLanes()
{
    QFETCH(QString, preset);
    Run run(loadPreset(preset));
    const Simulation& sim = *run.sim;
    Selection selection;
    TimelineView view(&selection);
    view.resize(1200, 700);
    view.setSimulation(&sim);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const std::vector<int> before = view.displayLanes();
    const std::vector<int> hops = hopsOfScopes(sim);
    for (int hop = 0; hop < sim.scenario().hopCount(); ++hop) {
        const int header = view.rowOfHopHeader(hop);
        if (header < 0)
            continue; // no request reached this hop
        // A click on the header, as a user collapses it.
        QTest::mouseClick(&view, Qt::LeftButton, {}, view.rowCenter(header).toPoint());
        QVERIFY(view.isHopCollapsed(hop));
        std::vector<int> expected;
        std::copy_if(before.begin(), before.end(), std::back_inserter(expected),
            [&](int lane) { return hops[std::size_t(lane)] != hop; });
        QCOMPARE(view.displayLanes(), expected);
        QVERIFY2(view.rowOfHopHeader(hop) >= 0, "a collapsed hop keeps its header");
        const TimelineHopHeader& h = view.hopHeaders()[std::size_t(hop)];
        QVERIFY(h.collapsed);
        QCOMPARE(h.lanes, int(before.size() - expected.size()));
        QCOMPARE(h.duplicates, sim.summary().duplicateEffectsByHop[std::size_t(hop)]);
        // The header says what it hides.
        QVERIFY(h.lanes > 0);
        const QPoint at = view.rowCenter(view.rowOfHopHeader(hop)).toPoint();
        QHelpEvent help(QEvent::ToolTip, at, view.mapToGlobal(at));
        QApplication::sendEvent(&view, &help);
        QTRY_VERIFY(QToolTip::isVisible());
        QVERIFY2(
            QToolTip::text().contains(QStringLiteral("%1 lane(s) hidden").arg(h.lanes)), qPrintable(QToolTip::text()));
        // Clicking again brings exactly those lanes back.
        QTest::mouseClick(&view, Qt::LeftButton, {}, view.rowCenter(view.rowOfHopHeader(hop)).toPoint());
        QVERIFY(!view.isHopCollapsed(hop));
        QCOMPARE(view.displayLanes(), before);
    }
    // Selecting a request of a collapsed hop opens it, so the selection is never hidden.
    const int last = int(sim.requests().size()) - 1;
    const int hop = sim.hopOf(last);
    view.setHopCollapsed(hop, true);
    const RequestRow& r = sim.requests()[std::size_t(last)];
    selection.select(last, r.scope >= 0 ? r.scope : r.keylessScope);
    QVERIFY(!view.isHopCollapsed(hop));
    QVERIFY(view.markerCenter(last) || r.decided < 0);
}

void TestTimeline::routeRecordsFollowTheirHopsPolicy()
{
    // A hop's record lives by that hop's policy (a one-hour proxy in front of a 24-hour service): at the end of the
    // run, each lane's last bar that is not expired ends where the hop's own store says the record expires.
    QFETCH(QString, preset);
    Run run(loadPreset(preset));
    Simulation& sim = *run.sim;
    TimelineModel model;
    model.syncFrom(sim);
    int checked = 0;
    for (int lane = 0; lane < model.laneCount(); ++lane) {
        const TimelineLane& l = model.lane(lane);
        if (!l.hasKey || l.bars.empty())
            continue;
        const std::optional<Record> record = sim.hopStore(l.hop).read(sim.scopes()[std::size_t(l.scope)]);
        if (!record || record->state != RecordState::Completed)
            continue;
        const TimelineBar& completed = l.bars[l.bars.size() - 2];
        QCOMPARE(completed.state, BarState::Completed);
        QCOMPARE(completed.end, record->expiresAt);
        QCOMPARE(l.bars.back().state, BarState::Expired);
        ++checked;
    }
    QVERIFY2(checked > 0, "some lane of the route ends with a completed record");
}

void TestTimeline::recoveredCompletionIsMarked()
{
    QFETCH(QString, preset);
    Run run(loadPreset(preset));
    const Simulation& sim = *run.sim;
    Selection selection;
    TimelineView view(&selection);
    view.resize(1400, 700);
    view.setSimulation(&sim);
    // One recovered bar per recovered_completed event, on its scope's lane, starting at the event.
    std::vector<std::pair<int, Millis>> expected;
    for (const LifecycleEvent& e : sim.events()) {
        if (e.kind == EventKind::RecoveredCompleted)
            expected.emplace_back(e.scope, e.t);
    }
    std::vector<std::pair<int, Millis>> marked;
    for (int lane = 0; lane < view.model().laneCount(); ++lane) {
        for (const TimelineBar& b : view.model().lane(lane).bars) {
            if (b.recovered) {
                QCOMPARE(b.state, BarState::Completed);
                QCOMPARE(b.request, -1);
                marked.emplace_back(view.model().lane(lane).scope, b.start);
            }
        }
    }
    QCOMPARE(marked, expected);
    if (expected.empty())
        return;
    // The mark explains itself where it is drawn.
    const auto [scope, t] = expected.front();
    view.zoom()->zoomToRange(double(t) - 500, double(t) + 500);
    const int row = view.displayRows().empty()
        ? -1
        : int(std::find(view.displayRows().begin(), view.displayRows().end(), view.model().laneOfScope(scope))
            - view.displayRows().begin());
    QVERIFY(row >= 0 && row < int(view.displayRows().size()));
    const QPoint at(int(view.zoom()->mapping().mapTimeToX(double(t))), int(view.rowCenter(row).y()));
    QHelpEvent help(QEvent::ToolTip, at, view.mapToGlobal(at));
    QApplication::sendEvent(&view, &help);
    QTRY_VERIFY(QToolTip::isVisible());
    QVERIFY2(QToolTip::text().contains(QStringLiteral("completed by recovery job")), qPrintable(QToolTip::text()));
}

void TestTimeline::routeHeadersFollowALiveRun()
{
    // Played event by event with the view refreshing as the window does, the headers end with the figures a view
    // built after the run shows: a duplicate born after its lane appeared is counted (it was not, at first).
    QFETCH(QString, preset);
    const Scenario scenario = loadPreset(preset);
    auto store = makeModelStore(scenario.service);
    Simulation sim(scenario, *store);
    Selection selection;
    TimelineView view(&selection);
    view.resize(1200, 700);
    view.setSimulation(&sim);
    while (sim.step())
        view.refresh();
    for (int hop = 0; hop < sim.scenario().hopCount(); ++hop) {
        if (view.rowOfHopHeader(hop) < 0)
            continue;
        QCOMPARE(view.hopHeaders()[std::size_t(hop)].duplicates, sim.summary().duplicateEffectsByHop[std::size_t(hop)]);
    }
    TimelineView after(&selection);
    after.resize(1200, 700);
    after.setSimulation(&sim);
    QCOMPARE(view.displayRows(), after.displayRows());
}

void TestTimeline::noRouteNoHopHeaders()
{
    Run run(ManyLanesScenario);
    Selection selection;
    TimelineView view(&selection);
    view.resize(900, 600);
    view.setSimulation(run.sim.get());
    QVERIFY(!view.groupsByHop());
    QVERIFY(view.hopHeaders().empty());
    QCOMPARE(view.displayRows().size(), std::size_t(40));
    QVERIFY(std::none_of(view.displayRows().begin(), view.displayRows().end(), isHopHeaderRow));
    QCOMPARE(view.rowOfHopHeader(0), -1);
}

QTEST_MAIN(TestTimeline)
#include "tst_timeline.moc"
