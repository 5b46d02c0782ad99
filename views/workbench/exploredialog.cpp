// The Explore dialog (see exploredialog.h).
#include "exploredialog.h"
#include "stdtext.h"

#include "colors.h"
#include "runbudget.h"
#include "runcontroller.h"
#include "scenario.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QSaveFile>
#include <QSettings>
#include <QShowEvent>
#include <QSpinBox>
#include <QStyle>
#include <QVBoxLayout>

#include <atomic>
#include <new>

namespace iw {

namespace {

constexpr int s_maxFaultsLimit = 16; // as the command line's --max-faults
constexpr int s_maxThreads = 2;

QString tr(const char* text)
{
    return ExploreDialog::tr(text);
}

// English picks its form here; other languages translate both (as the main window's status counts do).
QString count(qint64 n, const char* one, const char* many)
{
    return (n == 1 ? tr(one) : tr(many)).arg(QLocale().toString(n));
}

QString propertyName(ExploreProperty p)
{
    return fromStd(explorePropertyName(p));
}

// What the property promises, for someone who has not read SPEC §13.
QString propertyMeaning(ExploreProperty p)
{
    switch (p) {
    case ExploreProperty::NoDuplicateEffects:
        return tr("no intent runs its effect more than once");
    case ExploreProperty::NoStuckInProgress:
        return tr("no record is left in_progress when the run ends");
    case ExploreProperty::ReplayMatchesOriginal:
        return tr("every replay answers what the first execution answered");
    }
    return QString();
}

QString millisList(const std::vector<Millis>& values)
{
    QStringList parts;
    for (const Millis v : values)
        parts << QLocale().toString(qint64(v));
    return tr("%1 ms").arg(parts.join(tr(" or ")));
}

// A fault as the scenario names it: the entry of `requests` counted from 1 (the file's order), with its operation
// and key so that it can be found without counting.
QString faultText(const FaultSpec& f, const Scenario& scenario)
{
    const int entry = f.request.value_or(-1);
    QString where = tr("request entry %1").arg(entry + 1);
    if (entry >= 0 && entry < int(scenario.requests.size())) {
        const RequestSpec& r = scenario.requests[std::size_t(entry)];
        where = r.keyKind == RequestSpec::KeyKind::Literal
            ? tr("request entry %1 (%2, key %3)").arg(entry + 1).arg(fromStd(r.operation), fromStd(r.key))
            : tr("request entry %1 (%2)").arg(entry + 1).arg(fromStd(r.operation));
    }
    QString text
        = tr("%1 on attempt %2 of %3").arg(fromStd(faultKindName(f.kind))).arg(f.attempt.value_or(1)).arg(where);
    if (f.kind == FaultKind::LateRetry)
        text += tr(" (%1 later)").arg(formatDuration(f.delayMs));
    return text;
}

QString seconds(double s)
{
    return tr("%1 s").arg(QLocale().toString(s, 'f', s < 10 ? 2 : 1));
}

} // namespace

// One search: the flag Cancel sets, and what the worker leaves for the GUI thread (read after it has joined).
struct ExploreDialog::Search {
    std::atomic<bool> cancel { false };
    int maxFaults = 0;
    std::unique_ptr<ExploreResult> result;
    QString error;
    bool shown = false; // finish() has taken the outcome
};

ExploreDialog::ExploreDialog(RunController* run, QWidget* parent)
    : QDialog(parent)
    , m_run(run)
{
    setObjectName(QStringLiteral("ExploreDialog"));
    setWindowTitle(tr("Explore — Idempotency Workbench"));
    const int em = fontMetrics().horizontalAdvance(QLatin1Char('x'));
    // No explicit minimum: the layout's own keeps every figure and sentence readable.
    auto* layout = new QVBoxLayout(this);

    auto* intro = new QLabel(tr("Runs the scenario under every combination of faults and latencies its explore "
                                "block allows, within the bounds below, and looks for a run that breaks its "
                                "property. The fewest faults are tried first, so a counterexample is the shortest."),
        this);
    intro->setWordWrap(true);
    layout->addWidget(intro);

    m_scenarioLabel = new QLabel(this);
    m_scenarioLabel->setWordWrap(true);
    m_scenarioLabel->setTextFormat(Qt::PlainText);
    QFont bold = m_scenarioLabel->font();
    bold.setBold(true);
    m_scenarioLabel->setFont(bold);
    layout->addWidget(m_scenarioLabel);
    m_allowsLabel = new QLabel(this);
    m_allowsLabel->setWordWrap(true);
    m_allowsLabel->setTextFormat(Qt::PlainText);
    m_allowsLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_allowsLabel);

    auto* bounds = new QGroupBox(tr("Bounds"), this);
    auto* boundsForm = new QFormLayout(bounds);
    boundsForm->setFieldGrowthPolicy(QFormLayout::FieldsStayAtSizeHint);
    m_maxFaults = new QSpinBox(bounds);
    m_maxFaults->setRange(0, s_maxFaultsLimit);
    m_maxFaults->setToolTip(tr("At most this many faults in one run. Each one more multiplies the runs to try."));
    m_timeLimit = new QSpinBox(bounds);
    m_timeLimit->setRange(0, 24 * 3600);
    m_timeLimit->setValue(60);
    m_timeLimit->setSuffix(tr(" s"));
    m_timeLimit->setSpecialValueText(tr("no limit"));
    m_timeLimit->setToolTip(tr("Stop after this long with the verdict inconclusive (0: no limit)"));
    m_threads = new QSpinBox(bounds);
    m_threads->setRange(1, s_maxThreads);
    m_threads->setValue(s_maxThreads);
    m_threads->setToolTip(
        tr("Search on this many threads; the verdict and the counterexample are the same on any number"));
    boundsForm->addRow(tr("Max &faults per run:"), m_maxFaults);
    boundsForm->addRow(tr("&Time limit:"), m_timeLimit);
    boundsForm->addRow(tr("T&hreads:"), m_threads);
    // The bounds beside the figures they produce; the verdict takes the width below.
    auto* row = new QHBoxLayout;
    row->addWidget(bounds);
    layout->addLayout(row);

    auto* search = new QGroupBox(tr("Search"), this);
    auto* searchLayout = new QVBoxLayout(search);
    m_progress = new QProgressBar(search);
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_progress->setFormat(tr("not started"));
    m_progress->setTextVisible(true);
    searchLayout->addWidget(m_progress);
    auto* figures = new QFormLayout;
    const auto figure = [search]() {
        auto* label = new QLabel(QStringLiteral("—"), search);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
        return label;
    };
    m_runs = figure();
    m_states = figure();
    m_level = figure();
    m_level->setWordWrap(true);
    m_rate = figure();
    m_elapsed = figure();
    m_runs->setToolTip(tr("Simulations run from t = 0 with some choices pinned"));
    m_states->setToolTip(tr("Different states reached; a run that meets a state already reached at no higher cost "
                            "is cut short"));
    m_level->setToolTip(tr("The search tries every run with 0 faults, then every run with 1, and so on"));
    figures->addRow(tr("Runs:"), m_runs);
    figures->addRow(tr("Distinct states:"), m_states);
    figures->addRow(tr("Fault level:"), m_level);
    figures->addRow(tr("Rate:"), m_rate);
    figures->addRow(tr("Elapsed:"), m_elapsed);
    searchLayout->addLayout(figures);
    row->addWidget(search, 1);

    auto* verdict = new QGroupBox(tr("Verdict"), this);
    auto* verdictLayout = new QVBoxLayout(verdict);
    m_verdict = new QLabel(tr("No search yet: set the bounds and press Start."), verdict);
    m_verdict->setTextFormat(Qt::PlainText);
    m_verdict->setWordWrap(true);
    QFont headline = m_verdict->font();
    headline.setBold(true);
    headline.setPointSizeF(headline.pointSizeF() * 1.25);
    m_verdict->setFont(headline);
    verdictLayout->addWidget(m_verdict);
    m_details = new QLabel(verdict);
    m_details->setTextFormat(Qt::PlainText);
    m_details->setWordWrap(true);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_details->setMinimumHeight(fontMetrics().lineSpacing() * 4);
    m_details->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    verdictLayout->addWidget(m_details, 1);
    m_errorLabel = new QLabel(verdict);
    m_errorLabel->setTextFormat(Qt::PlainText);
    m_errorLabel->setWordWrap(true);
    m_errorLabel->setStyleSheet(QStringLiteral("color: %1;").arg(alarmColor().name()));
    m_errorLabel->hide();
    verdictLayout->addWidget(m_errorLabel);
    layout->addWidget(verdict, 1);

    QStyle* s = style();
    auto* buttons = new QDialogButtonBox(this);
    m_startButton = buttons->addButton(tr("&Start"), QDialogButtonBox::ActionRole);
    m_startButton->setIcon(s->standardIcon(QStyle::SP_MediaPlay));
    m_startButton->setToolTip(tr("Explore the scenario the main window holds now, within these bounds"));
    m_cancelButton = buttons->addButton(tr("&Cancel"), QDialogButtonBox::ActionRole);
    m_cancelButton->setIcon(s->standardIcon(QStyle::SP_MediaStop));
    m_cancelButton->setToolTip(tr("Stop the search; the figures so far stay, and nothing is proven"));
    m_openButton = buttons->addButton(tr("&Open counterexample"), QDialogButtonBox::ActionRole);
    m_openButton->setToolTip(tr("Load the counterexample into the main window and play it as a lesson: one step per "
                                "fault and per decision"));
    m_saveButton = buttons->addButton(tr("Sa&ve counterexample…"), QDialogButtonBox::ActionRole);
    m_saveButton->setIcon(s->standardIcon(QStyle::SP_DialogSaveButton));
    m_saveButton->setToolTip(tr("Write the counterexample as a scenario file: run --check replays it exactly"));
    m_closeButton = buttons->addButton(QDialogButtonBox::Close);
    m_closeButton->setToolTip(tr("Close the dialog; a running search is cancelled"));
    m_startButton->setDefault(true);
    layout->addWidget(buttons);

    connect(m_startButton, &QPushButton::clicked, this, &ExploreDialog::start);
    connect(m_cancelButton, &QPushButton::clicked, this, &ExploreDialog::cancel);
    connect(m_openButton, &QPushButton::clicked, this, [this] {
        if (!m_result || !m_result->counterexample)
            return;
        // A copy: the main window's load takes it while this dialog keeps its result.
        const Scenario counterexample = *m_result->counterexample;
        hide();
        Q_EMIT openCounterexample(counterexample);
    });
    connect(m_saveButton, &QPushButton::clicked, this, &ExploreDialog::saveInteractive);
    connect(m_closeButton, &QPushButton::clicked, this, &ExploreDialog::reject);
    // Another scenario brings its own explore block, whose max_faults is the bound to start from.
    connect(m_run, &RunController::scenarioLoaded, this, [this] { describeScenario(true); });

    describeScenario(true);
    syncButtons();
    // Wide enough that the verdict's sentences wrap into a few lines, not a column.
    resize(em * 104, 0);
    fitHeight();
}

ExploreDialog::~ExploreDialog()
{
    stopAndWait();
}

void ExploreDialog::describeScenario(bool newScenario)
{
    if (isRunning())
        return; // the bounds in use stay shown; the next search reads the new scenario
    const Scenario& scenario = m_run->scenario();
    const QString name = fromStd(scenario.name);
    m_scenarioLabel->setText(scenario.title.empty() ? tr("Scenario: %1").arg(name)
                                                    : tr("Scenario: %1 — %2").arg(name, fromStd(scenario.title)));
    if (!scenario.explore) {
        m_allowsLabel->setText(tr("This scenario has no explore block: nothing may vary, so the search is a single "
                                  "run of the scenario as written, checked for %1 (%2). Add an \"explore\" block to "
                                  "the scenario file to let faults and latencies vary.")
                                   .arg(propertyName(ExploreProperty::NoDuplicateEffects),
                                       propertyMeaning(ExploreProperty::NoDuplicateEffects)));
        if (newScenario)
            m_maxFaults->setValue(1);
        m_maxFaults->setEnabled(false);
        m_maxFaults->setToolTip(tr("No fault may strike: the scenario has no explore block"));
        return;
    }
    const ExploreSpec& e = *scenario.explore;
    QStringList allows;
    if (e.faults.empty()) {
        allows << tr("no fault");
    } else {
        QStringList kinds;
        for (const FaultKind k : e.faults)
            kinds << fromStd(faultKindName(k));
        allows << tr("faults %1 on any attempt, at most %2 per run")
                      .arg(kinds.join(QStringLiteral(", ")))
                      .arg(e.maxFaults);
    }
    if (!e.networkMs.empty())
        allows << tr("network delay %1").arg(millisList(e.networkMs));
    if (!e.handlerMs.empty())
        allows << tr("handler time %1").arg(millisList(e.handlerMs));
    if (!e.lateRetryDelaysMs.empty())
        allows << tr("late retry after %1").arg(millisList(e.lateRetryDelaysMs));
    m_allowsLabel->setText(
        tr("Its explore block allows %1; the property is %2 (%3).")
            .arg(allows.join(QStringLiteral("; ")), propertyName(e.property), propertyMeaning(e.property)));
    if (newScenario)
        m_maxFaults->setValue(std::clamp(e.maxFaults, 0, s_maxFaultsLimit));
    m_maxFaults->setEnabled(!e.faults.empty());
    m_maxFaults->setToolTip(e.faults.empty()
            ? tr("No fault may strike: the explore block lists none")
            : tr("At most this many faults in one run. Each one more multiplies the runs to try."));
}

bool ExploreDialog::start()
{
    if (isRunning())
        return false;
    describeScenario(false);
    auto search = std::make_shared<Search>();
    m_search = search;
    m_result.reset();
    m_error.clear();
    const Scenario& current = m_run->scenario();
    m_exploredName = current.name;
    ExploreOptions options;
    if (m_maxFaults->isEnabled())
        options.maxFaults = m_maxFaults->value();
    options.timeLimitS = m_timeLimit->value();
    options.threads = m_threads->value();
    options.cancel = &search->cancel;
    search->maxFaults = options.maxFaults.value_or(current.explore ? current.explore->maxFaults : 1);

    for (QLabel* label : { m_runs, m_states, m_level, m_rate, m_elapsed })
        label->setText(QStringLiteral("—"));
    m_progress->setRange(0, 0); // busy: the runs a level takes are not known before it ends
    m_progress->setFormat(QString());
    m_verdict->setText(tr("Searching %1…").arg(fromStd(m_exploredName)));
    m_details->setText(tr("Cancel stops the search; the figures so far stay."));
    m_verdict->setStyleSheet(QString());
    m_errorLabel->hide();

    // The worker owns a copy of the scenario: the main window may load another one while the search runs.
    m_worker = std::thread([this, search, scenario = current, options]() {
        try {
            search->result
                = std::make_unique<ExploreResult>(explore(scenario, options, [this, search](const ExploreProgress& p) {
                      QMetaObject::invokeMethod(
                          this,
                          [this, search, p] {
                              if (search == m_search && !search->shown)
                                  showProgress(p);
                          },
                          Qt::QueuedConnection);
                  }));
        } catch (const std::bad_alloc&) {
            search->error = tr("The search ran out of memory: lower the max faults or the explore block's choices.");
        } catch (const RunTooLarge& e) {
            search->error = tr("A run is too large to explore: %1").arg(QString::fromUtf8(e.what()));
        } catch (const std::exception& e) {
            search->error = tr("This scenario cannot be explored: %1").arg(QString::fromUtf8(e.what()));
        }
        QMetaObject::invokeMethod(
            this, [this, search] { finish(search); }, Qt::QueuedConnection);
    });
    syncButtons();
    return true;
}

void ExploreDialog::cancel()
{
    if (!isRunning() || !m_search)
        return;
    m_search->cancel = true;
    m_verdict->setText(tr("Cancelling: the figures so far stay…"));
}

void ExploreDialog::showProgress(const ExploreProgress& p)
{
    m_runs->setText(QLocale().toString(qint64(p.runs)));
    m_states->setText(QLocale().toString(qint64(p.distinctStates)));
    const int maxFaults = m_search ? m_search->maxFaults : 0;
    m_level->setText(tr("trying %1 (at most %2)").arg(count(p.faultLevel, "%1 fault", "%1 faults")).arg(maxFaults));
    m_rate->setText(tr("%1 states/s").arg(QLocale().toString(qint64(p.statesPerS))));
    m_elapsed->setText(seconds(p.seconds));
}

void ExploreDialog::finish(const std::shared_ptr<Search>& search)
{
    if (search != m_search || search->shown)
        return;
    if (m_worker.joinable())
        m_worker.join();
    search->shown = true;
    m_result = std::move(search->result);
    m_error = search->error;
    showVerdict();
    syncButtons();
    Q_EMIT searchFinished();
}

void ExploreDialog::showVerdict()
{
    const int levels = (m_search ? m_search->maxFaults : 0) + 1;
    m_progress->setRange(0, levels);
    if (!m_result) {
        m_progress->setValue(0);
        m_progress->setFormat(tr("failed"));
        m_verdict->setText(tr("No verdict"));
        m_verdict->setStyleSheet(QString());
        m_details->clear();
        m_errorLabel->setText(m_error);
        m_errorLabel->setStyleSheet(QStringLiteral("color: %1;").arg(alarmColor().name()));
        m_errorLabel->show();
        fitHeight();
        return;
    }
    const ExploreResult& r = *m_result;
    m_runs->setText(QLocale().toString(qint64(r.runs)));
    m_states->setText(QLocale().toString(qint64(r.distinctStates)));
    m_rate->setText(tr("%1 states/s").arg(QLocale().toString(qint64(r.statesPerS))));
    m_elapsed->setText(seconds(r.seconds));
    m_progress->setValue(std::min(r.levelsDone, levels));
    m_progress->setFormat(tr("%1 of %2 fault levels searched").arg(r.levelsDone).arg(levels));
    if (r.verdict == ExploreVerdict::Holds)
        m_level->setText(tr("all searched, 0 to %1").arg(count(levels - 1, "%1 fault", "%1 faults")));
    else if (r.verdict == ExploreVerdict::Violated)
        m_level->setText(tr("stopped at %1, the fewest that break it")
                             .arg(count(std::max(0, r.levelsDone - 1), "%1 fault", "%1 faults")));
    else
        m_level->setText(tr("%1 of %2 levels done; stopped trying %3")
                             .arg(r.levelsDone)
                             .arg(levels)
                             .arg(count(r.levelsDone, "%1 fault", "%1 faults")));

    const QString name = fromStd(m_exploredName);
    const QString property = propertyName(r.property);
    const QString meaning = propertyMeaning(r.property);
    switch (r.verdict) {
    case ExploreVerdict::Holds:
        m_verdict->setText(tr("Holds — %1").arg(name));
        m_verdict->setStyleSheet(QStringLiteral("color: %1;").arg(QColor(0x2E, 0x6B, 0x3A).name()));
        m_details->setText(tr("No run with at most %1 breaks %2 (%3): all %4 within the bounds were tried. More "
                              "faults than that were not tried.")
                               .arg(count(r.maxFaults, "%1 fault", "%1 faults"), property, meaning,
                                   count(r.runs, "%1 run", "%1 runs")));
        break;
    case ExploreVerdict::Violated: {
        m_verdict->setText(tr("Violated — %1").arg(name));
        m_verdict->setStyleSheet(QStringLiteral("color: %1;").arg(alarmColor().name()));
        const Scenario& ce = *r.counterexample;
        QStringList faults;
        for (const FaultSpec& f : r.counterexampleFaults)
            faults << faultText(f, ce);
        const qint64 n = qint64(r.counterexampleFaults.size());
        const QString how = n == 0
            ? tr("The shortest counterexample needs no fault at all (%1): the scenario as written breaks it.")
                  .arg(count(r.counterexampleEvents, "%1 event", "%1 events"))
            : tr("The shortest counterexample: %1, %2 — %3.")
                  .arg(count(n, "%1 fault", "%1 faults"), count(r.counterexampleEvents, "%1 event", "%1 events"),
                      faults.join(tr("; ")));
        m_details->setText(tr("%1 (%2) is broken.\n%3\nWhat went wrong: %4.\n\nOpen counterexample plays it in the "
                              "main window as a lesson, one step per fault and decision.")
                               .arg(property, meaning, how, fromStd(r.violation)));
        break;
    }
    case ExploreVerdict::Inconclusive: {
        m_verdict->setText(tr("Inconclusive — %1").arg(name));
        m_verdict->setStyleSheet(QStringLiteral("color: %1;").arg(stuckColor().darker(130).name()));
        QString why;
        if (r.stoppedBy == "cancelled")
            why = tr("You cancelled the search before it was done");
        else if (r.stoppedBy == "time")
            why = tr("The time limit of %1 ran out before the search was done").arg(seconds(r.timeLimitS));
        else if (r.stoppedBy == "memory")
            why = tr("The memory bound of %1 MiB was reached before the search was done")
                      .arg(QLocale().toString(qint64(r.memoryLimitBytes >> 20)));
        else
            why = tr("The search stopped (%1) before it was done").arg(fromStd(r.stoppedBy));
        const QString proven = r.levelsDone > 0
            ? tr("Every run with at most %1 was tried and none breaks %2; runs with more were not all tried.")
                  .arg(count(r.levelsDone - 1, "%1 fault", "%1 faults"), property)
            : tr("Not even the runs without a fault were all tried.");
        m_details->setText(tr("%1, so nothing is proven about %2 (%3). %4 Raise the time "
                              "limit or lower the max faults to finish.")
                               .arg(why, property, meaning, proven));
        break;
    }
    }
    m_errorLabel->hide();
    fitHeight();
}

void ExploreDialog::fitHeight()
{
    // Wrapped sentences need more height at this width than the dialog had for the placeholder: grow, never shrink
    // what the user chose.
    int needed = sizeHint().height();
    if (layout()->hasHeightForWidth())
        needed = std::max(needed, layout()->totalHeightForWidth(width()));
    if (needed > height())
        resize(width(), needed);
}

void ExploreDialog::saveInteractive()
{
    if (!m_result || !m_result->counterexample)
        return;
    QSettings settings;
    const QString dir = settings.value(QStringLiteral("files/scenarioDir")).toString();
    const QString suggested = QDir(dir).filePath(fromStd(m_result->counterexample->name) + QStringLiteral(".json"));
    const QString path
        = QFileDialog::getSaveFileName(this, tr("Save counterexample"), suggested, tr("Scenarios (*.json)"));
    if (path.isEmpty())
        return;
    settings.setValue(QStringLiteral("files/scenarioDir"), QFileInfo(path).absolutePath());
    const QString error = saveCounterexampleTo(path);
    m_errorLabel->setText(
        error.isEmpty() ? tr("Saved the counterexample to %1.").arg(QDir::toNativeSeparators(path)) : error);
    m_errorLabel->setStyleSheet(error.isEmpty() ? QString() : QStringLiteral("color: %1;").arg(alarmColor().name()));
    m_errorLabel->show();
    fitHeight();
}

QString ExploreDialog::saveCounterexampleTo(const QString& path) const
{
    if (!m_result || !m_result->counterexample)
        return tr("There is no counterexample to save.");
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(path), file.errorString());
    const QByteArray text = QByteArray::fromStdString(saveScenario(*m_result->counterexample));
    if (file.write(text) != text.size() || !file.commit())
        return tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(path), file.errorString());
    return QString();
}

void ExploreDialog::syncButtons()
{
    const bool running = isRunning();
    const bool counterexample = !running && m_result && m_result->counterexample;
    m_startButton->setEnabled(!running);
    m_cancelButton->setEnabled(running);
    m_openButton->setEnabled(counterexample);
    m_saveButton->setEnabled(counterexample);
    m_timeLimit->setEnabled(!running);
    m_threads->setEnabled(!running);
    if (running)
        m_maxFaults->setEnabled(false);
    else
        m_maxFaults->setEnabled(m_run->scenario().explore && !m_run->scenario().explore->faults.empty());
}

void ExploreDialog::stopAndWait()
{
    if (!isRunning())
        return;
    m_search->cancel = true;
    m_worker.join();
}

void ExploreDialog::reject()
{
    if (isRunning()) {
        stopAndWait();
        finish(m_search); // the figures and the verdict now, not when the queued one arrives
    }
    QDialog::reject();
}

void ExploreDialog::showEvent(QShowEvent* event)
{
    describeScenario(false); // the policies may have been edited meanwhile; the bounds the user set stay
    syncButtons();
    QDialog::showEvent(event);
}

QString ExploreDialog::scenarioSummary() const
{
    return m_scenarioLabel->text() + QLatin1Char('\n') + m_allowsLabel->text();
}

QString ExploreDialog::verdictText() const
{
    return m_verdict->text() + QLatin1Char('\n') + m_details->text();
}

QString ExploreDialog::errorText() const
{
    return m_errorLabel->isHidden() ? QString() : m_errorLabel->text();
}

QString ExploreDialog::runsText() const
{
    return m_runs->text();
}

QString ExploreDialog::statesText() const
{
    return m_states->text();
}

QString ExploreDialog::levelText() const
{
    return m_level->text();
}

} // namespace iw
