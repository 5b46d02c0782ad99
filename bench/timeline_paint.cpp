// Timeline painting at scale (docs/benchmarks.md): 100,000 scopes and 1,000,000 events, built straight through the
// timeline model's plain API, painted into a 1920×1080 image at fit-all, mid and deep zoom. Prints the median frame
// time per zoom (after a warm-up) and the bytes the model holds per event; the last line is the JSON summary.
//
//   timeline_paint [--runs N] [--screenshots DIR]
//   timeline_paint --render SCENARIO.json OUT.png [WIDTHxHEIGHT]
//
// With --screenshots it also writes DIR/timeline-million.png (this model at fit-all) and DIR/timeline-workshop.png
// (a three-request workshop scenario run through the simulation), the pictures in docs/screenshots. --render runs any
// scenario file and saves its timeline at fit-all, for looking at a preset the way the GUI will show it.
#include "duration.h"
#include "scenario.h"
#include "selection.h"
#include "simulation.h"
#include "store.h"
#include "timelineview.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QImage>
#include <QPainter>

#include <algorithm>
#include <cstdio>
#include <malloc.h>
#include <random>
#include <vector>

using namespace iw;

namespace {

constexpr int Scopes = 100'000;
constexpr int EventsPerScope = 10; // bars + markers + effects: exactly 1,000,000 in all
constexpr Millis Hour = 3'600'000;
constexpr Millis TtlMs = 600'000;
constexpr Millis SweepMs = 900'000;

std::size_t heapInUse()
{
    return mallinfo2().uordblks + mallinfo2().hblkhd;
}

TimelineMarker marker(Millis t, Millis latency, int request, Decision d, int status)
{
    TimelineMarker m;
    m.t = t;
    m.latency = static_cast<std::int32_t>(latency);
    m.request = request;
    m.status = static_cast<std::uint16_t>(status);
    m.decision = static_cast<std::uint8_t>(d);
    return m;
}

// Scopes appear in time order over an hour, as a simulation interns them; each tells one of the stories the
// workbench is about, with exactly EventsPerScope items.
void buildMillion(TimelineModel& model)
{
    std::mt19937_64 rng(42);
    std::vector<Millis> starts(Scopes);
    std::uniform_int_distribution<Millis> startDist(0, Hour);
    for (Millis& s : starts)
        s = startDist(rng);
    std::sort(starts.begin(), starts.end());
    const QString operations[4] = { QStringLiteral("orders.create"), QStringLiteral("payments.capture"),
        QStringLiteral("refunds.create"), QStringLiteral("invoices.send") };
    std::vector<QString> actors;
    for (int a = 0; a < 2000; ++a)
        actors.push_back(QStringLiteral("user-%1").arg(a));

    model.reserveLanes(Scopes);
    std::uniform_int_distribution<int> story(0, 99);
    std::uniform_int_distribution<Millis> gap(40, 4000);
    int request = 0;
    int effect = 0;
    for (int i = 0; i < Scopes; ++i) {
        const Millis t = starts[static_cast<std::size_t>(i)];
        const int lane = model.addLane(i, actors[static_cast<std::size_t>(i % 2000)], operations[i % 4],
            QStringLiteral("key-%1").arg(i, 7, 10, QLatin1Char('0')));
        const int kind = story(rng);
        const Millis claim = t + 12;
        const Millis done = t + 214;
        int budget = EventsPerScope;
        auto bar = [&](Millis s, Millis e, BarState st, Millis lease = -1) {
            model.addBar(lane, TimelineBar { s, e, lease, -1, request, st });
            --budget;
        };
        auto effectAt = [&](Millis at, bool duplicate) {
            model.addEffect(lane, TimelineEffect { at, effect++, request, duplicate });
            --budget;
            if (duplicate)
                model.addAnomaly({ at, lane, request, AnomalyKind::DuplicateEffect });
        };
        if (kind < 5) {
            // Rejected before any record: only markers.
            Millis at = t + 10;
            while (budget > 0) {
                model.addMarker(lane, marker(at, 10, request++, Decision::MissingKey, 400));
                --budget;
                at += gap(rng);
            }
            continue;
        }
        if (kind < 15) {
            // The owner crashes after its effect: stuck in progress, conflicts pile up behind it.
            bar(claim, done, BarState::InProgress, claim + 90'000);
            bar(done, OpenEnd, BarState::Stuck, claim + 90'000);
            effectAt(done - 2, false);
            model.addMarker(lane, marker(done, 204, request++, Decision::Crashed, 0));
            model.addAnomaly({ done, lane, request - 1, AnomalyKind::StuckInProgress });
            --budget;
            Millis at = done;
            while (budget > 0) {
                at += gap(rng);
                model.addMarker(lane, marker(at, 14, request++, Decision::ConflictInProgress, 409));
                --budget;
            }
            continue;
        }
        // A record that completes, expires at its TTL and is swept at the next sweep (tombstoned for some).
        const Millis expires = claim + TtlMs;
        const Millis swept = (expires / SweepMs + 1) * SweepMs;
        bar(claim, done, BarState::InProgress);
        bar(done, expires, BarState::Completed);
        if (kind < 25) {
            bar(expires, swept, BarState::Expired);
            bar(swept, expires + 2 * SweepMs, BarState::Tombstone);
        } else {
            bar(expires, OpenEnd, BarState::Expired);
        }
        const bool duplicate = kind >= 25 && kind < 30; // check_then_insert: two owners
        effectAt(done - 2, false);
        model.addMarker(lane, marker(done, 214, request++, Decision::Created, 201));
        --budget;
        if (duplicate) {
            effectAt(done + 1, true);
            model.addMarker(lane, marker(done + 3, 217, request++, Decision::Created, 500));
            --budget;
        }
        Millis at = done;
        while (budget > 0) {
            at += gap(rng);
            if (kind >= 30 && kind < 35 && budget == 1) {
                model.addMarker(lane, marker(at, 14, request++, Decision::PayloadMismatch, 422));
                model.addAnomaly({ at, lane, request - 1, AnomalyKind::PayloadMismatch });
            } else if (at < done) {
                model.addMarker(lane, marker(at, 14, request++, Decision::ConflictInProgress, 409));
            } else {
                model.addMarker(lane, marker(at, 14, request++, Decision::Replayed, 201));
            }
            --budget;
        }
    }
    model.squeeze();
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

struct Zoom {
    const char* name;
    double start;
    double end;
    double rowHeight;
    double scrollRow; // the row at the top of the view
};

const char* WorkshopScenario = R"({
  "format": "idempotency-workbench/scenario@1", "name": "workshop",
  "title": "A lost response, a second tab, and a retry", "seed": 1,
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

void screenshot(const Scenario& scenario, const QString& path, QSize size, int selectRequest)
{
    auto store = makeMemoryStore();
    Simulation sim(scenario, *store);
    sim.runToEnd();
    Selection selection;
    TimelineView view(&selection);
    view.resize(size);
    view.setSimulation(&sim);
    if (selectRequest >= 0 && selectRequest < int(sim.requests().size())) {
        const RequestRow& r = sim.requests()[std::size_t(selectRequest)];
        selection.select(selectRequest, r.scope >= 0 ? r.scope : r.keylessScope);
    }
    view.grab().save(path);
}

} // namespace

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    int runs = 9;
    QString shots;
    const QStringList args = app.arguments();
    if (args.size() >= 4 && args[1] == QLatin1String("--render")) {
        QSize size(1400, 500);
        if (args.size() >= 5) {
            const QStringList wh = args[4].split(QLatin1Char('x'));
            if (wh.size() == 2)
                size = QSize(wh[0].toInt(), wh[1].toInt());
        }
        try {
            screenshot(loadScenarioFile(args[2].toStdString()), args[3], size, -1);
        } catch (const std::exception& e) {
            std::fprintf(stderr, "%s\n", e.what());
            return 2;
        }
        return 0;
    }
    for (int i = 1; i < args.size(); ++i) {
        if (args[i] == QLatin1String("--runs") && i + 1 < args.size())
            runs = std::max(5, args[++i].toInt());
        else if (args[i] == QLatin1String("--screenshots") && i + 1 < args.size())
            shots = args[++i];
    }

    Selection selection;
    TimelineView view(&selection);
    view.resize(1920, 1080);

    const std::size_t heapBefore = heapInUse();
    QElapsedTimer buildTimer;
    buildTimer.start();
    buildMillion(view.model());
    const double buildMs = double(buildTimer.nsecsElapsed()) / 1e6;
    const std::size_t heapAfter = heapInUse();
    const TimelineModel& model = view.model();
    const double events = double(model.eventCount());
    const double bytesHeap = double(heapAfter - heapBefore) / events;
    const double bytesCounted = double(model.memoryBytes()) / events;
    // The heap delta is what the process really paid; the model's own count is a cross-check.
    const double bytesPerEvent = std::max(bytesHeap, bytesCounted);
    std::printf("model: %d lanes, %.0f events (%zu markers), built in %.0f ms\n", model.laneCount(), events,
        model.markerCount(), buildMs);
    std::printf("memory: %.1f bytes/event (heap delta), %.1f bytes/event (model's count)\n", bytesHeap, bytesCounted);

    view.refresh();
    TimelineMapping& m = view.zoom()->mapping();
    m.fitTime();
    m.fitRows(TimelineZoom::NaturalRowHeight, TimelineZoom::RoomyRowHeight);
    const double fitStart = m.visibleStart();
    const double fitEnd = m.visibleEnd();
    const double fitRow = m.rowHeight();
    // Mid and deep zoom look at the lanes that start half-way through the hour, where their requests are.
    const int middleLane = Scopes / 2;
    const double activity = double(model.lane(middleLane).bars.empty() ? Millis((fitStart + fitEnd) / 2)
                                                                       : model.lane(middleLane).bars.front().start);
    const double midSpan = (fitEnd - fitStart) / 32;
    const Zoom zooms[3] = {
        { "fit", fitStart, fitEnd, fitRow, 0 },
        { "mid", activity - midSpan / 2, activity + midSpan / 2, 8, middleLane - 60.0 },
        { "deep", activity - 300, activity + 1700, TimelineZoom::NaturalRowHeight, middleLane - 5.0 },
    };

    QImage image(1920, 1080, QImage::Format_ARGB32_Premultiplied);
    TimelinePainter painter; // the view's own painter, without the widget around it
    double p50[3] = {};
    for (int z = 0; z < 3; ++z) {
        const Zoom& zoom = zooms[z];
        m.setVisibleRange(zoom.start, zoom.end);
        m.setRowHeight(zoom.rowHeight);
        m.setScrollY(zoom.scrollRow * zoom.rowHeight);
        std::vector<double> samples;
        for (int i = 0; i < runs + 2; ++i) {
            QElapsedTimer t;
            t.start();
            QPainter p(&image);
            view.model().ensureSorted();
            painter.paint(p, view.model(), m, view.scene(), image.size());
            p.end();
            if (i >= 2) // two warm-up frames: caches, glyph atlas, the density raster's allocation
                samples.push_back(double(t.nsecsElapsed()) / 1e6);
        }
        p50[z] = median(samples);
        std::printf("%-4s: p50 %.2f ms  (min %.2f, max %.2f, %d runs; window %s, lane height %.3g px)\n", zoom.name,
            p50[z], *std::min_element(samples.begin(), samples.end()),
            *std::max_element(samples.begin(), samples.end()), runs,
            qPrintable(shownDuration(std::llround(zoom.end - zoom.start))), zoom.rowHeight);
        if (!shots.isEmpty()) {
            QDir().mkpath(shots);
            const QString name = z == 0 ? QStringLiteral("timeline-million.png")
                                        : QStringLiteral("timeline-million-%1.png").arg(QLatin1String(zoom.name));
            image.save(QDir(shots).filePath(name));
        }
    }
    if (!shots.isEmpty())
        screenshot(loadScenario(WorkshopScenario, "workshop.json"),
            QDir(shots).filePath(QStringLiteral("timeline-workshop.png")), QSize(1400, 190), 0); // r1 won the claim

    const bool meets = p50[0] <= 16 && p50[1] <= 16 && p50[2] <= 16 && bytesPerEvent <= 64;
    std::printf("{\"bench\": \"timeline_paint\", \"frame_ms_p50_fit\": %.2f, \"frame_ms_p50_mid\": %.2f, "
                "\"frame_ms_p50_deep\": %.2f, \"bytes_per_event\": %.1f, \"target\": {\"frame_ms\": 16, "
                "\"bytes_per_event\": 64}, \"meets_target\": %s}\n",
        p50[0], p50[1], p50[2], bytesPerEvent, meets ? "true" : "false");
    return 0;
}
