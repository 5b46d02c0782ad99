// The Explore dialog (see exploredialog.h).
#include "exploredialog.h"
#include "duration.h"
#include "stdtext.h"

#include "colors.h"
#include "language.h"
#include "runbudget.h"
#include "runcontroller.h"
#include "scenario.h"

#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QEvent>
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

// The helpers below are free functions in namespace iw, whose strings lupdate files under the context "iw": they
// are looked up there.
QString tr(const char* text)
{
    return QCoreApplication::translate("iw", text);
}

QString propertyName(ExploreProperty p)
{
    return fromStd(explorePropertyName(p));
}

// What the property promises, for someone who has not read docs/reference/explore.md.
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
        text += tr(" (%1 later)").arg(shownDuration(f.delayMs));
    return text;
}

QString seconds(double s)
{
    return tr("%1 s").arg(QLocale().toString(s, 'f', s < 10 ? 2 : 1));
}

} // namespace

// One search: the flag Cancel sets, and what the worker leaves for the GUI thread (read after it has joined).
struct ExploreDialog::Search {
    enum class Failure { None, OutOfMemory, TooLarge, Unexplorable };

    std::atomic<bool> cancel { false };
    int maxFaults = 0;
    Scenario scenario; // what is explored: the main window may load another one meanwhile
    std::unique_ptr<ExploreResult> result;
    Failure failure = Failure::None;
    std::string what; // the exception's message, with TooLarge and Unexplorable
    bool shown = false; // finish() has taken the outcome
};

ExploreDialog::ExploreDialog(RunController* run, QWidget* parent)
    : QDialog(parent)
    , m_run(run)
{
    setObjectName(QStringLiteral("ExploreDialog"));
    const int em = fontMetrics().horizontalAdvance(QLatin1Char('x'));
    // No explicit minimum: the layout's own keeps every figure and sentence readable.
    auto* layout = new QVBoxLayout(this);

    m_intro = new QLabel(this);
    m_intro->setWordWrap(true);
    layout->addWidget(m_intro);

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

    // A form row whose label is kept, to be said again in another language.
    const auto addRow = [](QFormLayout* form, QWidget* field) {
        auto* label = new QLabel(field->parentWidget());
        label->setBuddy(field);
        form->addRow(label, field);
        return label;
    };
    auto* bounds = new QGroupBox(this);
    m_boundsBox = bounds;
    auto* boundsForm = new QFormLayout(bounds);
    boundsForm->setFieldGrowthPolicy(QFormLayout::FieldsStayAtSizeHint);
    m_maxFaults = new QSpinBox(bounds);
    m_maxFaults->setRange(0, s_maxFaultsLimit);
    m_timeLimit = new QSpinBox(bounds);
    m_timeLimit->setRange(0, 24 * 3600);
    m_timeLimit->setValue(60);
    m_threads = new QSpinBox(bounds);
    m_threads->setRange(1, s_maxThreads);
    m_threads->setValue(s_maxThreads);
    m_maxFaultsLabel = addRow(boundsForm, m_maxFaults);
    m_timeLimitLabel = addRow(boundsForm, m_timeLimit);
    m_threadsLabel = addRow(boundsForm, m_threads);
    // The bounds beside the figures they produce; the verdict takes the width below.
    auto* row = new QHBoxLayout;
    row->addWidget(bounds);
    layout->addLayout(row);

    auto* search = new QGroupBox(this);
    m_searchBox = search;
    auto* searchLayout = new QVBoxLayout(search);
    m_progress = new QProgressBar(search);
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
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
    searchLayout->addLayout(figures);
    m_runsLabel = addRow(figures, m_runs);
    m_statesLabel = addRow(figures, m_states);
    m_levelLabel = addRow(figures, m_level);
    m_rateLabel = addRow(figures, m_rate);
    m_elapsedLabel = addRow(figures, m_elapsed);
    row->addWidget(search, 1);

    auto* verdict = new QGroupBox(this);
    m_verdictBox = verdict;
    auto* verdictLayout = new QVBoxLayout(verdict);
    m_verdict = new QLabel(verdict);
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
    m_startButton = buttons->addButton(QString(), QDialogButtonBox::ActionRole);
    m_startButton->setIcon(s->standardIcon(QStyle::SP_MediaPlay));
    m_cancelButton = buttons->addButton(QString(), QDialogButtonBox::ActionRole);
    m_cancelButton->setIcon(s->standardIcon(QStyle::SP_MediaStop));
    m_openButton = buttons->addButton(QString(), QDialogButtonBox::ActionRole);
    m_saveButton = buttons->addButton(QString(), QDialogButtonBox::ActionRole);
    m_saveButton->setIcon(s->standardIcon(QStyle::SP_DialogSaveButton));
    m_closeButton = buttons->addButton(QDialogButtonBox::Close);
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
    retranslate();
    syncButtons();
    // Wide enough that the verdict's sentences wrap into a few lines, not a column.
    resize(em * 104, 0);
    fitHeight();
}

void ExploreDialog::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}

void ExploreDialog::retranslate()
{
    setWindowTitle(tr("Explore — Idempotency Workbench"));
    m_intro->setText(tr("Runs the scenario under every combination of faults and latencies its explore "
                        "block allows, within the bounds below, and looks for a run that breaks its "
                        "property. The fewest faults are tried first, so a counterexample is the shortest."));

    m_boundsBox->setTitle(tr("Bounds"));
    m_timeLimit->setSuffix(tr(" s"));
    m_timeLimit->setSpecialValueText(tr("no limit"));
    m_timeLimit->setToolTip(tr("Stop after this long with the verdict inconclusive (0: no limit)"));
    m_threads->setToolTip(
        tr("Search on this many threads; the verdict and the counterexample are the same on any number"));
    m_maxFaultsLabel->setText(tr("Max &faults per run:"));
    m_timeLimitLabel->setText(tr("&Time limit:"));
    m_threadsLabel->setText(tr("T&hreads:"));

    m_searchBox->setTitle(tr("Search"));
    m_runs->setToolTip(tr("Simulations run from t = 0 with some choices pinned"));
    m_states->setToolTip(tr("Different states reached; a run that meets a state already reached at no higher cost "
                            "is cut short"));
    m_level->setToolTip(tr("The search tries every run with 0 faults, then every run with 1, and so on"));
    m_runsLabel->setText(tr("Runs:"));
    m_statesLabel->setText(tr("Distinct states:"));
    m_levelLabel->setText(tr("Fault level:"));
    m_rateLabel->setText(tr("Rate:"));
    m_elapsedLabel->setText(tr("Elapsed:"));

    m_verdictBox->setTitle(tr("Verdict"));
    m_startButton->setText(tr("&Start"));
    m_startButton->setToolTip(tr("Explore the scenario the main window holds now, within these bounds"));
    m_cancelButton->setText(tr("&Cancel"));
    m_cancelButton->setToolTip(tr("Stop the search; the figures so far stay, and nothing is proven"));
    m_openButton->setText(tr("&Open counterexample"));
    m_openButton->setToolTip(tr("Load the counterexample into the main window and play it as a lesson: one step per "
                                "fault and per decision"));
    m_saveButton->setText(tr("Sa&ve counterexample…"));
    m_saveButton->setToolTip(tr("Write the counterexample as a scenario file: run --check replays it exactly"));
    m_closeButton->setToolTip(tr("Close the dialog; a running search is cancelled"));

    // What is shown now, said again.
    describeScenario(false);
    if (isRunning()) {
        showSearching();
        if (m_lastProgress)
            showProgress(*m_lastProgress);
    } else if (m_search && m_search->shown) {
        showVerdict();
        if (!m_savedTo.isEmpty()) {
            m_errorLabel->setText(tr("Saved the counterexample to %1.").arg(QDir::toNativeSeparators(m_savedTo)));
            m_errorLabel->setStyleSheet(QString());
            m_errorLabel->show();
        }
    } else {
        showSearching();
    }
    fitHeight();
}

QString ExploreDialog::faults(qint64 n)
{
    return resolvePlural(tr("%Ln fault(s)", nullptr, numerus(n)), numerus(n));
}

QString ExploreDialog::runs(qint64 n)
{
    return resolvePlural(tr("%Ln run(s)", nullptr, numerus(n)), numerus(n));
}

QString ExploreDialog::events(qint64 n)
{
    return resolvePlural(tr("%Ln event(s)", nullptr, numerus(n)), numerus(n));
}

ExploreDialog::~ExploreDialog()
{
    stopAndWait();
}

void ExploreDialog::describeScenario(bool newScenario)
{
    // While a search runs, the scenario it explores and the bounds in use stay shown; the next search reads the new
    // scenario.
    const bool running = isRunning();
    const Scenario& scenario = running ? m_search->scenario : m_run->scenario();
    const QString name = fromStd(scenario.name);
    const std::string title = scenarioTexts(scenario, language::current().toStdString()).title; // docs/glossary.md
    m_scenarioLabel->setText(
        title.empty() ? tr("Scenario: %1").arg(name) : tr("Scenario: %1 — %2").arg(name, fromStd(title)));
    if (!scenario.explore) {
        m_allowsLabel->setText(tr("This scenario has no explore block: nothing may vary, so the search is a single "
                                  "run of the scenario as written, checked for %1 (%2). Add an \"explore\" block to "
                                  "the scenario file to let faults and latencies vary.")
                                   .arg(propertyName(ExploreProperty::NoDuplicateEffects),
                                       propertyMeaning(ExploreProperty::NoDuplicateEffects)));
        if (!running) {
            if (newScenario)
                m_maxFaults->setValue(1);
            m_maxFaults->setEnabled(false);
        }
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
    if (!running) {
        if (newScenario)
            m_maxFaults->setValue(std::clamp(e.maxFaults, 0, s_maxFaultsLimit));
        m_maxFaults->setEnabled(!e.faults.empty());
    }
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
    m_lastProgress.reset();
    m_savedTo.clear();
    const Scenario& current = m_run->scenario();
    search->scenario = current;
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
    showSearching();
    m_verdict->setStyleSheet(QString());
    m_errorLabel->hide();

    // The worker owns a copy of the scenario: the main window may load another one while the search runs.
    m_worker = std::thread([this, search, options]() {
        try {
            search->result = std::make_unique<ExploreResult>(
                explore(search->scenario, options, [this, search](const ExploreProgress& p) {
                    QMetaObject::invokeMethod(
                        this,
                        [this, search, p] {
                            if (search == m_search && !search->shown)
                                showProgress(p);
                        },
                        Qt::QueuedConnection);
                }));
        } catch (const std::bad_alloc&) {
            search->failure = Search::Failure::OutOfMemory;
        } catch (const RunTooLarge& e) {
            search->failure = Search::Failure::TooLarge;
            search->what = e.what();
        } catch (const std::exception& e) {
            search->failure = Search::Failure::Unexplorable;
            search->what = e.what();
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
    showSearching();
}

void ExploreDialog::showSearching()
{
    if (!m_search) {
        m_progress->setFormat(tr("not started"));
        m_verdict->setText(tr("No search yet: set the bounds and press Start."));
        return;
    }
    m_verdict->setText(m_search->cancel ? tr("Cancelling: the figures so far stay…")
                                        : tr("Searching %1…").arg(fromStd(m_exploredName)));
    m_details->setText(tr("Cancel stops the search; the figures so far stay."));
}

QString ExploreDialog::failureText() const
{
    if (!m_search)
        return QString();
    switch (m_search->failure) {
    case Search::Failure::None:
        break;
    case Search::Failure::OutOfMemory:
        return tr("The search ran out of memory: lower the max faults or the explore block's choices.");
    case Search::Failure::TooLarge:
        return tr("A run is too large to explore: %1").arg(QString::fromUtf8(m_search->what));
    case Search::Failure::Unexplorable:
        return tr("This scenario cannot be explored: %1").arg(QString::fromUtf8(m_search->what));
    }
    return QString();
}

void ExploreDialog::showProgress(const ExploreProgress& p)
{
    m_lastProgress = p;
    m_runs->setText(QLocale().toString(qint64(p.runs)));
    m_states->setText(QLocale().toString(qint64(p.distinctStates)));
    const int maxFaults = m_search ? m_search->maxFaults : 0;
    m_level->setText(tr("trying %1 (at most %2)").arg(faults(p.faultLevel)).arg(maxFaults));
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
        m_errorLabel->setText(failureText());
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
    // A verdict ends the search: the bar is full (a counterexample at level 2 leaves level 3 with nothing to prove,
    // and "2 of 3 levels" beside "Violated" read as a search still under way). Only a search cut short stays part way.
    if (r.verdict == ExploreVerdict::Inconclusive) {
        m_progress->setValue(std::min(r.levelsDone, levels));
        m_progress->setFormat(tr("%1 of %2 fault levels searched").arg(r.levelsDone).arg(levels));
    } else if (r.verdict == ExploreVerdict::Violated) {
        m_progress->setValue(levels);
        m_progress->setFormat(tr("done: broken at level %1 of %2").arg(r.levelsDone).arg(levels));
    } else {
        m_progress->setValue(levels);
        m_progress->setFormat(tr("done: %1 of %2 fault levels searched").arg(r.levelsDone).arg(levels));
    }
    if (r.verdict == ExploreVerdict::Holds)
        m_level->setText(tr("all searched, 0 to %1").arg(faults(levels - 1)));
    else if (r.verdict == ExploreVerdict::Violated)
        m_level->setText(tr("stopped at %1, the fewest that break it").arg(faults(std::max(0, r.levelsDone - 1))));
    else
        m_level->setText(
            tr("%1 of %2 levels done; stopped trying %3").arg(r.levelsDone).arg(levels).arg(faults(r.levelsDone)));

    const QString name = fromStd(m_exploredName);
    const QString property = propertyName(r.property);
    const QString meaning = propertyMeaning(r.property);
    switch (r.verdict) {
    case ExploreVerdict::Holds:
        m_verdict->setText(tr("Holds — %1").arg(name));
        m_verdict->setStyleSheet(QStringLiteral("color: %1;").arg(QColor(0x2E, 0x6B, 0x3A).name()));
        m_details->setText(tr("No run with at most %1 breaks %2 (%3): all %4 within the bounds were tried. More "
                              "faults than that were not tried.")
                               .arg(faults(r.maxFaults), property, meaning, runs(r.runs)));
        break;
    case ExploreVerdict::Violated: {
        m_verdict->setText(tr("Violated — %1").arg(name));
        m_verdict->setStyleSheet(QStringLiteral("color: %1;").arg(alarmColor().name()));
        const Scenario& ce = *r.counterexample;
        QStringList faultList;
        for (const FaultSpec& f : r.counterexampleFaults)
            faultList << faultText(f, ce);
        const qint64 n = qint64(r.counterexampleFaults.size());
        const QString how = n == 0
            ? tr("The shortest counterexample needs no fault at all (%1): the scenario as written breaks it.")
                  .arg(events(r.counterexampleEvents))
            : tr("The shortest counterexample: %1, %2 — %3.")
                  .arg(faults(n), events(r.counterexampleEvents), faultList.join(tr("; ")));
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
                  .arg(faults(r.levelsDone - 1), property)
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
    m_savedTo = error.isEmpty() ? path : QString();
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
