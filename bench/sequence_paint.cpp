// Sequence painting at scale (docs/manual/teaching.md, issue 17): one intent with 10,000 attempts — a retry storm
// against a claim whose owner never finishes, every retry a 409 — run through the simulation, built into a sequence
// model and painted offscreen at 1920×1080, proportional and compact (its first screen). Prints p50/p95 over repeated
// paints against the 16 ms frame budget and, as the baseline, the same run's timeline (the intent's one lane) painted
// at the same size; the last line is the JSON summary.
//
//   sequence_paint [--runs N] [--attempts N]
#include "benchutil.h"
#include "scenario.h"
#include "selection.h"
#include "sequencemodel.h"
#include "sequencepainter.h"
#include "simulation.h"
#include "store.h"
#include "timelineview.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QImage>
#include <QPainter>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <string>
#include <vector>

using namespace iw;

namespace {

std::string stormScenario(int attempts)
{
    return R"({"format": "idempotency-workbench/scenario@1", "name": "retry-storm", "seed": 1,
  "service": {"profile": "ietf", "handler_ms": 100000000, "in_progress_status": 409},
  "clients": [{"id": "storm", "actor": "42", "timeout_ms": 1000,
    "retry": {"max_attempts": )"
        + std::to_string(attempts) + R"(, "backoff": "constant", "base_ms": 1, "on": ["409"]}}],
  "requests": [
    {"at_ms": 0, "client": "storm", "operation": "op", "key": "k", "payload": {}, "intent": "owner"},
    {"at_ms": 50, "client": "storm", "operation": "op", "key": "k", "payload": {}, "intent": "storm"}]})";
}

// This thread's CPU time: on a machine shared with other builds the wall time of a frame also counts the waits
// for a core, which the CPU time leaves out.
double threadCpuMs()
{
    timespec ts {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

double percentile(std::vector<double> v, double p)
{
    std::sort(v.begin(), v.end());
    const std::size_t rank = std::size_t(std::max(1.0, std::ceil(p * double(v.size()))));
    return v[std::min(rank, v.size()) - 1];
}

} // namespace

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    int runs = 60;
    int attempts = 10'000;
    for (int i = 1; i + 1 < argc; ++i) {
        if (std::string(argv[i]) == "--runs")
            runs = std::max(5, std::atoi(argv[++i]));
        else if (std::string(argv[i]) == "--attempts")
            attempts = std::max(2, std::atoi(argv[++i]));
    }
    const std::string text = stormScenario(attempts);
    const Scenario scenario = loadScenario(text, "retry-storm.json");
    auto store = makeMemoryStore();
    Simulation sim(scenario, *store);
    sim.setRecordSteps(true);
    sim.setRequestLimit(std::int64_t(attempts) * 4);
    sim.runToEnd();
    const int intent = findIntent(sim, "storm").value_or(-1);
    QElapsedTimer build;
    build.start();
    const SequenceModel model = buildSequence(sim, intent);
    const double buildMs = double(build.nsecsElapsed()) / 1e6;
    std::printf("intent storm: %zu attempts, %zu items, model built in %.1f ms\n", model.requests.size(),
        model.items.size(), buildMs);

    const QSize size(1920, 1080);
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    std::vector<double> cpuProportional;
    std::vector<double> cpuCompact;
    const auto timePaints = [&](bool compact) {
        SequenceScene scene;
        scene.compact = compact;
        SequencePainter painter;
        painter.layout(
            model, scene, compact ? QSize(1920, SequencePainter::preferredHeight(model, scene, 1920, 1080)) : size);
        std::vector<double> ms;
        for (int r = 0; r < runs + 3; ++r) {
            QElapsedTimer t;
            t.start();
            const double cpu0 = threadCpuMs();
            QPainter p(&image);
            painter.paint(p, model, scene, QRectF(0, 0, 1920, 1080)); // the first screen
            p.end();
            if (r >= 3) { // warm-up
                ms.push_back(double(t.nsecsElapsed()) / 1e6);
                (compact ? cpuCompact : cpuProportional).push_back(threadCpuMs() - cpu0);
            }
        }
        std::printf("%s: %d of %zu items drawn on the first screen\n", compact ? "compact" : "proportional",
            painter.drawnItems(), model.items.size());
        return ms;
    };
    const std::vector<double> proportional = timePaints(false);
    const std::vector<double> compact = timePaints(true);

    // Baseline: the same run's timeline (its lanes hold the storm intent) painted at the same size.
    Selection selection;
    TimelineView timeline(&selection);
    timeline.resize(size);
    timeline.setSimulation(&sim);
    std::vector<double> baseline;
    std::vector<double> cpuBaseline;
    for (int r = 0; r < runs + 3; ++r) {
        QElapsedTimer t;
        t.start();
        const double cpu0 = threadCpuMs();
        timeline.render(&image);
        if (r >= 3) {
            baseline.push_back(double(t.nsecsElapsed()) / 1e6);
            cpuBaseline.push_back(threadCpuMs() - cpu0);
        }
    }

    const double p50 = percentile(proportional, 0.5);
    const double p95 = percentile(proportional, 0.95);
    const double c50 = percentile(compact, 0.5);
    const double c95 = percentile(compact, 0.95);
    const double b50 = percentile(baseline, 0.5);
    std::printf("sequence, proportional: p50 %.2f ms, p95 %.2f ms (target p95 <= 16 ms: %s)\n", p50, p95,
        p95 <= 16 ? "met" : "MISSED");
    std::printf("sequence, compact (first screen): p50 %.2f ms, p95 %.2f ms (target p95 <= 16 ms: %s)\n", c50, c95,
        c95 <= 16 ? "met" : "MISSED");
    std::printf("baseline, the timeline of the same run: p50 %.2f ms; sequence/timeline p50 ratio %.2f\n", b50,
        b50 > 0 ? p50 / b50 : 0.0);
    std::printf("CPU time of this thread: proportional p50 %.2f ms, p95 %.2f ms; compact p50 %.2f ms, p95 %.2f ms; "
                "timeline p50 %.2f ms\n",
        percentile(cpuProportional, 0.5), percentile(cpuProportional, 0.95), percentile(cpuCompact, 0.5),
        percentile(cpuCompact, 0.95), percentile(cpuBaseline, 0.5));
    std::printf("{\"benchmark\": \"sequence_paint\", \"attempts\": %zu, \"items\": %zu, \"model_ms\": %.2f, "
                "\"p50_ms\": %.3f, \"p95_ms\": %.3f, \"compact_p50_ms\": %.3f, \"compact_p95_ms\": %.3f, "
                "\"timeline_p50_ms\": %.3f, \"ratio\": %.3f, \"runs\": %d}\n",
        model.requests.size(), model.items.size(), buildMs, p50, p95, c50, c95, b50, b50 > 0 ? p50 / b50 : 0.0, runs);
    return p95 <= 16 && c95 <= 16 ? 0 : 1;
}
