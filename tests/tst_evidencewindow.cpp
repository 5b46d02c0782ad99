// The evidence window (File → Open Evidence…, issue 47 item 4): the committed fixtures (an nginx escape=json log,
// OpenTelemetry JS spans and a headless Chromium HAR, each written by the real tool in front of serve) opened
// together; the violations listed are those core's reconstruct finds in the same files, N walks them in order
// selecting the exchange each names, the inspector shows that exchange's raw evidence (the log line, the HAR entry,
// the span) read independently here; Save Report writes core's reconstruct@1 byte for byte; Replay as Scenario hands
// over the incident's scenario; Cancel stops a reading that is still coming in and keeps what was shown.
#include "evidencemodels.h"
#include "evidencewindow.h"
#include "incidentscenario.h"
#include "reconstruction.h"
#include "reconstructreport.h"
#include "selection.h"
#include "timelineview.h"

#include <QAction>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>

#include <csignal>
#include <fcntl.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

using namespace iw;

namespace {

// The files as the window names them: without their folders.
std::vector<std::string> names(const std::vector<std::string>& files)
{
    std::vector<std::string> out;
    for (const std::string& f : files)
        out.push_back(QFileInfo(QString::fromStdString(f)).fileName().toStdString());
    return out;
}

const QString kData = QStringLiteral(IW_SOURCE_DIR "/tests/data/evidence/");

QStringList fixtures()
{
    return { kData + QStringLiteral("nginx-access.log"), kData + QStringLiteral("otel-spans.json"),
        kData + QStringLiteral("chromium-session.har") };
}

// The same reading through core alone, as `reconstruct` on the command line does it.
ReconstructResult coreReading(const QStringList& files, ReconstructOptions& options)
{
    QString error;
    EvidenceRequest request;
    request.files = files;
    if (!evidenceOptions(request, options, error))
        throw std::runtime_error(error.toStdString());
    std::vector<std::string> paths;
    for (const QString& f : files)
        paths.push_back(f.toStdString());
    return reconstruct(paths, options);
}

// Line `n` (1-based) of a file, read here without the evidence room.
QString lineOf(const QString& path, std::uint64_t n)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    for (std::uint64_t i = 1; !f.atEnd(); ++i) {
        const QByteArray l = f.readLine();
        if (i == n)
            return QString::fromUtf8(l).trimmed();
    }
    return {};
}

bool openAndWait(EvidenceWindow& w, const EvidenceRequest& request)
{
    QSignalSpy done(&w, &EvidenceWindow::readingFinished);
    if (!w.open(request))
        return false;
    if (!done.wait(60000))
        return false;
    return done.first().first().toBool();
}

} // namespace

class TestEvidenceWindow : public QObject {
    Q_OBJECT

private slots:
    void fixturesShowTheirViolations();
    void nextViolationSelectsAndInspects();
    void inspectorShowsHarEntryAndSpan();
    void saveReportAndReplay();
    void cancelKeepsWhatWasShown();
    void badFileIsNamed();
    void violationsInTheWindowsLanguage();
};

void TestEvidenceWindow::fixturesShowTheirViolations()
{
    EvidenceWindow w;
    EvidenceRequest request;
    request.files = fixtures();
    QVERIFY(openAndWait(w, request));
    ReconstructOptions options;
    const ReconstructResult core = coreReading(fixtures(), options);
    QVERIFY2(!core.violations.empty(), "the fixtures show at least one suspected duplicate execution");
    const QAbstractItemModel* list = w.violationsView()->model();
    QCOMPARE(list->rowCount(), static_cast<int>(core.violations.size()));
    for (int i = 0; i < list->rowCount(); ++i) {
        const Violation& v = core.violations[static_cast<std::size_t>(i)];
        QVERIFY(
            list->index(i, ViolationsModel::KindColumn).data().toString().contains(ViolationsModel::kindText(v.kind)));
        // In English, core's sentence, its evidence named as the window names files (without their folders).
        QCOMPARE(list->index(i, ViolationsModel::DetailColumn).data().toString(),
            QString::fromStdString(englishText(v.text, names(core.files))));
        QVERIFY(list->index(i, ViolationsModel::EvidenceColumn)
                    .data()
                    .toString()
                    .contains(QString::fromStdString(describeRef(v.evidence.back(), names(core.files)))));
    }
    // Every exchange is on the timeline, each violation an anomaly to jump to.
    const TimelineModel& model = w.timeline()->model();
    int markers = 0;
    for (int lane = 0; lane < model.laneCount(); ++lane)
        markers += static_cast<int>(model.lane(lane).markers.size());
    QCOMPARE(markers, static_cast<int>(core.summary.exchanges));
    QCOMPARE(static_cast<int>(model.anomalies().size()), static_cast<int>(core.violations.size()));
    QVERIFY(w.summaryText().contains(QStringLiteral("UTC")));
}

void TestEvidenceWindow::nextViolationSelectsAndInspects()
{
    EvidenceWindow w;
    EvidenceRequest request;
    request.files = fixtures();
    QVERIFY(openAndWait(w, request));
    ReconstructOptions options;
    options.keepExchanges = true;
    const ReconstructResult core = coreReading(fixtures(), options);
    QCOMPARE(w.currentViolation(), -1);
    for (std::size_t n = 0; n < core.violations.size() + 1; ++n) {
        const std::size_t expected = n % core.violations.size();
        QSignalSpy shown(&w, &EvidenceWindow::inspectorShown);
        w.nextViolationAction()->trigger();
        QCOMPARE(w.currentViolation(), static_cast<int>(expected));
        // The exchange selected is the one whose evidence shows the violation.
        const EvidenceRef& ref = core.violations[expected].evidence.back();
        const int selected = w.selection()->request();
        QVERIFY(selected >= 0);
        const Exchange& x = core.exchanges[static_cast<std::size_t>(selected)].x;
        QCOMPARE(x.ref.file, ref.file);
        QCOMPARE(static_cast<int>(x.ref.kind), static_cast<int>(ref.kind));
        QCOMPARE(x.ref.at, ref.at);
        QVERIFY(shown.wait(10000));
        QVERIFY2(w.inspectorTitle().contains(QString::fromStdString(describeRef(ref, names(core.files)))),
            qPrintable(w.inspectorTitle()));
        if (ref.kind == EvidenceRef::Kind::Line) {
            const QString raw = lineOf(fixtures().at(static_cast<qsizetype>(ref.file)), ref.at);
            QVERIFY(!raw.isEmpty());
            QVERIFY2(w.inspectorText().contains(raw), qPrintable(w.inspectorText()));
        }
    }
}

void TestEvidenceWindow::inspectorShowsHarEntryAndSpan()
{
    EvidenceWindow w;
    EvidenceRequest request;
    request.files = fixtures();
    QVERIFY(openAndWait(w, request));
    const auto load = w.load();
    bool sawHar = false;
    bool sawSpan = false;
    for (std::size_t i = 0; i < load->result.exchanges.size() && !(sawHar && sawSpan); ++i) {
        const Exchange& x = load->result.exchanges[i].x;
        if ((x.ref.kind == EvidenceRef::Kind::HarEntry && sawHar) || (x.ref.kind == EvidenceRef::Kind::Span && sawSpan)
            || x.ref.kind == EvidenceRef::Kind::Line)
            continue;
        QSignalSpy shown(&w, &EvidenceWindow::inspectorShown);
        w.selection()->select(static_cast<int>(i), 0);
        QVERIFY(shown.wait(10000));
        if (x.ref.kind == EvidenceRef::Kind::Span) {
            // The span itself, found by its id in the OTLP document.
            QVERIFY2(w.inspectorText().contains(
                         QStringLiteral("\"spanId\": \"%1\"").arg(QString::fromStdString(spanIdHex(x.ref.at)))),
                qPrintable(w.inspectorText()));
            sawSpan = true;
        } else {
            // The HAR entry: its request, with the method and the URL's path as Chromium saved them.
            QVERIFY(w.inspectorText().contains(QStringLiteral("\"request\"")));
            QVERIFY(
                w.inspectorText().contains(QStringLiteral("\"method\": \"%1\"").arg(QString::fromStdString(x.method))));
            QVERIFY(w.inspectorText().contains(QString::fromStdString(x.path)));
            sawHar = true;
        }
        QVERIFY(w.inspectorTitle().contains(QString::fromStdString(describeRef(x.ref, names(load->result.files)))));
    }
    QVERIFY(sawHar);
    QVERIFY(sawSpan);
}

void TestEvidenceWindow::saveReportAndReplay()
{
    EvidenceWindow w;
    EvidenceRequest request;
    request.files = fixtures();
    QVERIFY(openAndWait(w, request));
    ReconstructOptions options;
    options.keepExchanges = true;
    const ReconstructResult core = coreReading(fixtures(), options);
    ReportContext context;
    context.profile = "ietf";
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("report.json"));
    QCOMPARE(w.saveReportTo(path), QString());
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll().toStdString(), reconstructJson(core, context));
    // A folder that does not exist: an error sentence, nothing written.
    QVERIFY(!w.saveReportTo(dir.filePath(QStringLiteral("missing/report.json"))).isEmpty());

    int replays = 0;
    Scenario scenario;
    connect(&w, &EvidenceWindow::replayScenario, this, [&](const Scenario& s) {
        ++replays;
        scenario = s;
    });
    w.replayAction()->trigger();
    QCOMPARE(replays, 1);
    const IncidentScenario incident = incidentScenario(core, options, false);
    QCOMPARE(scenario.requests.size(), incident.scenario.requests.size());
    QCOMPARE(scenario.lesson.size(), incident.scenario.lesson.size());
}

void TestEvidenceWindow::cancelKeepsWhatWasShown()
{
    // A log still being written (a pipe): Cancel stops the reading, and the evidence shown before stays.
    std::signal(SIGPIPE, SIG_IGN);
    EvidenceWindow w;
    EvidenceRequest first;
    first.files = { kData + QStringLiteral("nginx-access.log") };
    QVERIFY(openAndWait(w, first));
    const auto before = w.load();
    QTemporaryDir dir;
    const QByteArray fifo = dir.filePath(QStringLiteral("growing.log")).toLocal8Bit();
    QCOMPARE(mkfifo(fifo.constData(), 0600), 0);
    const QByteArray line = lineOf(kData + QStringLiteral("nginx-access.log"), 1).toUtf8() + '\n';
    std::atomic<bool> cancelled { false };
    std::thread writer([&] {
        const int fd = ::open(fifo.constData(), O_WRONLY);
        if (fd < 0)
            return;
        for (int i = 0; i < 100; ++i)
            if (::write(fd, line.constData(), static_cast<size_t>(line.size())) < 0)
                break;
        while (!cancelled)
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        // More than the few thousand lines after which the reading looks at Cancel.
        for (int i = 0; i < 20'000; ++i)
            if (::write(fd, line.constData(), static_cast<size_t>(line.size())) < 0)
                break;
        ::close(fd);
    });
    QSignalSpy done(&w, &EvidenceWindow::readingFinished);
    EvidenceRequest growing;
    growing.files = { QString::fromLocal8Bit(fifo) };
    QVERIFY(w.open(growing));
    QVERIFY(w.isReading());
    QVERIFY(!w.openAction()->isEnabled());
    w.cancelReading();
    cancelled = true;
    QVERIFY(done.wait(60000));
    writer.join();
    QCOMPARE(done.first().first().toBool(), false);
    QVERIFY(!w.isReading());
    QCOMPARE(w.load(), before);
    QVERIFY(w.summaryText().contains(QStringLiteral("cancelled")));
    QVERIFY(w.openAction()->isEnabled());
}

void TestEvidenceWindow::badFileIsNamed()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("empty.log"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.close();
    EvidenceWindow w;
    EvidenceRequest request;
    request.files = { path };
    QSignalSpy done(&w, &EvidenceWindow::readingFinished);
    QVERIFY(w.open(request));
    QVERIFY(done.wait(60000));
    QCOMPARE(done.first().first().toBool(), false);
    QVERIFY2(w.summaryText().contains(QStringLiteral("empty.log")), qPrintable(w.summaryText()));
    QVERIFY(!w.load());
}

QTEST_MAIN(TestEvidenceWindow)
#include "tst_evidencewindow.moc"

void TestEvidenceWindow::violationsInTheWindowsLanguage()
{
    // A Russian window: the violations' sentences are the translated templates, filled with the evidence as the
    // window names it (a HAR entry, a span) and durations in Russian units; the command line's English is not shown.
    QTranslator evidence, vocabulary;
    QVERIFY(evidence.load(QStringLiteral(":/i18n/evidence_ru.qm")));
    QVERIFY(vocabulary.load(QStringLiteral(":/i18n/vocabulary_ru.qm")));
    QCoreApplication::installTranslator(&evidence);
    QCoreApplication::installTranslator(&vocabulary);
    const auto removeTranslations = qScopeGuard([&] {
        QCoreApplication::removeTranslator(&evidence);
        QCoreApplication::removeTranslator(&vocabulary);
    });
    EvidenceWindow w;
    EvidenceRequest request;
    request.files = fixtures();
    QVERIFY(openAndWait(w, request));
    ReconstructOptions options;
    const ReconstructResult core = coreReading(fixtures(), options);
    QVERIFY(!core.violations.empty());
    const QAbstractItemModel* list = w.violationsView()->model();
    QCOMPARE(list->rowCount(), static_cast<int>(core.violations.size()));
    const QRegularExpression cyrillic(QStringLiteral("[\\x{0400}-\\x{04FF}]"));
    for (int i = 0; i < list->rowCount(); ++i) {
        const Violation& v = core.violations[static_cast<std::size_t>(i)];
        const QString shown = list->index(i, ViolationsModel::DetailColumn).data().toString();
        const QString english = QString::fromStdString(englishText(v.text, names(core.files)));
        QVERIFY2(QCoreApplication::translate(kViolationTextContext, v.text.source) != QLatin1String(v.text.source),
            v.text.source);
        QVERIFY2(shown != english && shown.contains(cyrillic), qPrintable(shown));
        for (const ViolationTextArg& a : v.text.args)
            if (a.kind == ViolationTextArg::Kind::Ref)
                QVERIFY2(shown.contains(shownRef(a.ref, names(core.files))), qPrintable(shown));
        const QString evidence = list->index(i, ViolationsModel::EvidenceColumn).data().toString();
        for (const EvidenceRef& ref : v.evidence) {
            QVERIFY2(evidence.contains(shownRef(ref, names(core.files))), qPrintable(evidence));
            if (ref.kind == EvidenceRef::Kind::HarEntry)
                QVERIFY2(!evidence.contains(QString::fromStdString(describeRef(ref, names(core.files)))),
                    qPrintable(evidence));
        }
    }
    // Every kind of value: no answer, a duration, a HAR entry and a span, each in Russian.
    Violation v;
    v.kind = ViolationKind::LateRetryReexecuted;
    v.text.source = "the same actor, operation and payload executed again under another key within %1 of %2 (a "
                    "suspected intent: a client minting a new key on retry, or a person ordering twice)";
    ViolationTextArg noAnswer;
    noAnswer.kind = ViolationTextArg::Kind::Status;
    ViolationTextArg minutes;
    minutes.kind = ViolationTextArg::Kind::Duration;
    minutes.ms = 90'000;
    ViolationTextArg entry;
    entry.kind = ViolationTextArg::Kind::Ref;
    entry.ref = { 2, EvidenceRef::Kind::HarEntry, 3 };
    v.text.args = { minutes, entry };
    const QString suspected = shownDetail(v, names(core.files));
    QVERIFY2(
        suspected.contains(QStringLiteral("chromium-session.har")) && !suspected.contains(QLatin1String(" entry ")),
        qPrintable(suspected));
    QVERIFY2(suspected.contains(QStringLiteral("мин")), qPrintable(suspected));
    const std::vector<std::string> files = names(core.files);
    const QString none = QCoreApplication::translate(kViolationTextContext, kNoAnswerPhrase);
    QVERIFY(none != QLatin1String(kNoAnswerPhrase) && none.contains(cyrillic));
    v.text.source = "answered %1 for a payload whose fingerprint differs from the one first sent with this key (%2)";
    v.text.args = { noAnswer, entry };
    const QString mismatch = shownDetail(v, files);
    QVERIFY2(mismatch.contains(none) && mismatch.contains(cyrillic), qPrintable(mismatch));
}
