// The policy review window (see reviewwindow.h): its actions, toolbar and layout, the policies, the worker-thread run
// and its progress, the exports and the status line. The policy columns' editors are in reviewcolumns.cpp, the
// charts in reviewcharts.cpp, the notes (warnings, what differs, the duplicates) in reviewnotes.cpp.
#include "reviewwindow.h"
#include "stdtext.h"
#include "windowsize.h"

#include "colors.h"
#include "duration.h"
#include "durationspinbox.h"
#include "language.h"
#include "reviewfiguresmodel.h"

#include <QAction>
#include <QApplication>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QCloseEvent>
#include <QComboBox>
#include <QCursor>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLegend>
#include <QLineSeries>
#include <QLocale>
#include <QLogValueAxis>
#include <QMenu>
#include <QProgressBar>
#include <QSaveFile>
#include <QScrollArea>
#include <QSettings>
#include <QSpinBox>
#include <QSplitter>
#include <QStatusBar>
#include <QStyle>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTextBrowser>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QToolTip>
#include <QVBoxLayout>
#include <QValueAxis>

#include <cmath>
#include <mutex>

namespace iw {

// Okabe–Ito colours for the policies' lines, in column order.
QColor ReviewWindow::policyColor(int index)
{
    static const QColor colors[]
        = { QColor(0x00, 0x72, 0xB2), QColor(0xE6, 0x9F, 0x00), QColor(0x00, 0x9E, 0x73), QColor(0xCC, 0x79, 0xA7) };
    return colors[index % 4];
}

struct ReviewWindow::RunState {
    std::atomic<bool> cancel { false };
    std::mutex mutex;
    std::vector<int> percent;
};

ReviewWindow::ReviewWindow(QWidget* parent)
    : QMainWindow(parent)
{
    setObjectName(QStringLiteral("ReviewWindow"));
    m_model = new ReviewFiguresModel(this);
    m_progressTimer = new QTimer(this);
    m_progressTimer->setInterval(100);
    connect(m_progressTimer, &QTimer::timeout, this, &ReviewWindow::pollProgress);
    createActions();
    createToolBar();
    setCentralWidget(createCentralView());
    m_status = new QLabel(this);
    statusBar()->addWidget(m_status, 1);
    // The progress of a run sits in the status bar, beside the sentence that says what runs: on the toolbar it
    // pushed the export buttons out of a 1280-pixel window.
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 100);
    m_progress->setValue(0);
    m_progress->setMaximumWidth(220);
    m_progress->setVisible(false);
    statusBar()->addPermanentWidget(m_progress);
    retranslate(); // before the policies: their columns are then built once, in the language in use
    setPolicies(builtinReviewPolicies(),
        { QStringLiteral("resources/reviews/1-stripe-24h.json"),
            QStringLiteral("resources/reviews/2-powertools-1h.json"),
            QStringLiteral("resources/reviews/3-tombstone-1h.json") });
    setStatus([] { return tr("Three policies under the same traffic and faults: press Run to compare them."); });
    placeWindow(this, QSize(1600, 1000), QStringLiteral("reviewWindow/geometry")); // fits a 1280×800 screen
}

ReviewWindow::~ReviewWindow()
{
    if (m_state)
        m_state->cancel = true;
    if (m_worker.joinable())
        m_worker.join();
}

void ReviewWindow::createActions()
{
    QStyle* s = style();
    m_addFileAction = new QAction(s->standardIcon(QStyle::SP_DialogOpenButton), QString(), this);
    m_addFileAction->setShortcut(QKeySequence::Open);
    connect(m_addFileAction, &QAction::triggered, this, &ReviewWindow::addFilesInteractive);

    m_addPresetMenu = new QMenu(this);
    m_addPresetMenu->setToolTipsVisible(true);
    try {
        for (const PresetInfo& p : listPresets()) {
            QAction* a = m_addPresetMenu->addAction(fromStd(p.name));
            m_presetActions.push_back({ a, p }); // its title is shown in the language in use (retranslate)
            const QString path = fromStd(p.resourcePath);
            connect(a, &QAction::triggered, this, [this, path] {
                QString error;
                if (!addPolicyFile(path, &error))
                    setStatus(error, true);
            });
        }
    } catch (const std::exception& e) {
        m_addPresetMenu->addAction(tr("Presets unavailable: %1").arg(QString::fromUtf8(e.what())))->setEnabled(false);
    }
    m_addPresetAction = m_addPresetMenu->menuAction();
    m_addPresetAction->setIcon(s->standardIcon(QStyle::SP_FileDialogContentsView));

    m_builtinAction = new QAction(s->standardIcon(QStyle::SP_BrowserReload), QString(), this);
    connect(m_builtinAction, &QAction::triggered, this, [this] {
        setPolicies(builtinReviewPolicies(),
            { QStringLiteral("resources/reviews/1-stripe-24h.json"),
                QStringLiteral("resources/reviews/2-powertools-1h.json"),
                QStringLiteral("resources/reviews/3-tombstone-1h.json") });
    });

    m_routeAction = new QAction(s->standardIcon(QStyle::SP_ArrowRight), QString(), this);
    connect(m_routeAction, &QAction::triggered, this, [this] { loadRouteReview(); });
    m_libraryAction = new QAction(s->standardIcon(QStyle::SP_FileDialogListView), QString(), this);
    m_libraryAction->setObjectName(QStringLiteral("libraryReview"));
    connect(m_libraryAction, &QAction::triggered, this, [this] { loadLibraryReview(); });
    // The example reviews share one button: the toolbar's row keeps 1280 px.
    m_examplesMenu = new QMenu(this);
    m_examplesMenu->setToolTipsVisible(true);
    m_examplesMenu->addAction(m_routeAction);
    m_examplesMenu->addAction(m_libraryAction);
    m_examplesAction = m_examplesMenu->menuAction();
    m_examplesAction->setIcon(s->standardIcon(QStyle::SP_ArrowRight));

    m_runAction = new QAction(s->standardIcon(QStyle::SP_MediaPlay), QString(), this);
    m_runAction->setShortcuts({ QKeySequence(Qt::Key_F5), QKeySequence(Qt::CTRL | Qt::Key_Return) });
    connect(m_runAction, &QAction::triggered, this, [this] { run(); });

    m_cancelAction = new QAction(s->standardIcon(QStyle::SP_MediaStop), QString(), this);
    m_cancelAction->setShortcut(QKeySequence(Qt::Key_Escape));
    m_cancelAction->setPriority(QAction::LowPriority); // its stop icon beside Run says it; the row keeps 1280 px
    connect(m_cancelAction, &QAction::triggered, this, &ReviewWindow::cancel);

    m_exportMarkdownAction = new QAction(s->standardIcon(QStyle::SP_DialogSaveButton), QString(), this);
    m_exportMarkdownAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    connect(m_exportMarkdownAction, &QAction::triggered, this, [this] { exportInteractive(true); });

    m_exportJsonAction = new QAction(s->standardIcon(QStyle::SP_FileIcon), QString(), this);
    m_exportJsonAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    connect(m_exportJsonAction, &QAction::triggered, this, [this] { exportInteractive(false); });

    m_closeAction = new QAction(this);
    m_closeAction->setShortcut(QKeySequence::Close);
    connect(m_closeAction, &QAction::triggered, this, &QWidget::close);
    addAction(m_closeAction);
}

void ReviewWindow::createToolBar()
{
    QToolBar* bar = m_toolBar = addToolBar(QString());
    bar->setObjectName(QStringLiteral("reviewToolBar"));
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->setMovable(false);
    bar->addAction(m_addFileAction);
    bar->addAction(m_addPresetAction);
    if (auto* button = qobject_cast<QToolButton*>(bar->widgetForAction(m_addPresetAction)))
        button->setPopupMode(QToolButton::InstantPopup);
    bar->addAction(m_builtinAction);
    bar->addAction(m_examplesAction);
    if (auto* button = qobject_cast<QToolButton*>(bar->widgetForAction(m_examplesAction)))
        button->setPopupMode(QToolButton::InstantPopup);
    bar->addSeparator();
    auto* label = m_intentsLabel = new QLabel(bar);
    bar->addWidget(label);
    m_intents = new QSpinBox(bar);
    m_intents->setObjectName(QStringLiteral("intents"));
    m_intents->setRange(0, 10'000'000);
    m_intents->setSingleStep(10'000);
    m_intents->setGroupSeparatorShown(true);
    m_intents->setMinimumWidth(130);
    connect(m_intents, &QSpinBox::valueChanged, this, [this] {
        if (m_result) {
            m_stale = true;
            setStatus([] { return tr("Intents changed since the last run: press Run to update the figures."); });
        }
    });
    bar->addWidget(m_intents);
    bar->addSeparator();
    bar->addAction(m_runAction);
    bar->addAction(m_cancelAction);
    bar->addSeparator();
    bar->addAction(m_exportMarkdownAction);
    bar->addAction(m_exportJsonAction);
}

QWidget* ReviewWindow::createCentralView()
{
    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);
    layout->setContentsMargins(6, 6, 6, 6);

    m_banner = new QLabel(central);
    m_banner->setObjectName(QStringLiteral("warnings"));
    m_banner->setWordWrap(true);
    m_banner->setTextFormat(Qt::RichText);
    m_banner->setStyleSheet(QStringLiteral("QLabel { color: %1; background: %2; border: 1px solid %1; "
                                           "border-radius: 3px; padding: 6px; }")
                                .arg(alarmColor().name(), cellBackground(alarmColor()).name()));
    m_banner->setVisible(false);
    layout->addWidget(m_banner);

    auto* columns = new QSplitter(Qt::Horizontal, central);
    layout->addWidget(columns, 1);

    auto* left = new QSplitter(Qt::Vertical, columns);
    auto* policies = m_policiesBox = new QGroupBox(left);
    auto* policiesLayout = new QVBoxLayout(policies);
    policiesLayout->setContentsMargins(4, 4, 4, 4);
    auto* scroll = new QScrollArea(policies);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    m_columnsHost = new QWidget(scroll);
    m_columns = new QGridLayout(m_columnsHost);
    m_columns->setHorizontalSpacing(12);
    m_columns->setVerticalSpacing(3);
    scroll->setWidget(m_columnsHost);
    policiesLayout->addWidget(scroll);

    auto* figures = m_figuresBox = new QGroupBox(left);
    auto* figuresLayout = new QVBoxLayout(figures);
    figuresLayout->setContentsMargins(4, 4, 4, 4);
    m_figuresView = new QTableView(figures);
    m_figuresView->setObjectName(QStringLiteral("figures"));
    m_figuresView->setModel(m_model);
    m_figuresView->setAlternatingRowColors(true);
    m_figuresView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_figuresView->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_figuresView->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_figuresView->verticalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    connect(m_figuresView, &QTableView::clicked, this, &ReviewWindow::onFiguresActivated);
    connect(m_figuresView, &QTableView::activated, this, &ReviewWindow::onFiguresActivated);
    figuresLayout->addWidget(m_figuresView);
    left->addWidget(policies);
    left->addWidget(figures);
    left->setStretchFactor(0, 2);
    left->setStretchFactor(1, 3);

    auto* right = new QSplitter(Qt::Vertical, columns);
    const auto chartView = [&](const QString& name) {
        auto* view = new QChartView(right);
        view->setObjectName(name);
        view->setRenderHint(QPainter::Antialiasing);
        view->setMinimumHeight(180);
        right->addWidget(view);
        return view;
    };
    m_timeChart = chartView(QStringLiteral("timeToSuccessChart"));
    m_rateChart = chartView(QStringLiteral("ratesChart"));
    m_storageChart = chartView(QStringLiteral("storageChart"));

    m_notesTabs = new QTabWidget(right);
    m_differences = new QTextBrowser(m_notesTabs);
    m_differences->setObjectName(QStringLiteral("differences"));
    m_differences->setOpenLinks(false);
    m_notesTabs->addTab(m_differences, QString());
    m_duplicates = new QTableWidget(0, 2, m_notesTabs);
    m_duplicates->setObjectName(QStringLiteral("duplicates"));
    m_duplicates->horizontalHeader()->setStretchLastSection(true);
    m_duplicates->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_duplicates->verticalHeader()->hide();
    m_duplicates->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_duplicates->setSelectionBehavior(QAbstractItemView::SelectRows);
    connect(m_duplicates, &QTableWidget::cellClicked, this, [this](int row, int) { onDuplicateClicked(row); });
    m_notesTabs->addTab(m_duplicates, QString());
    right->addWidget(m_notesTabs);
    right->setStretchFactor(0, 3);
    right->setStretchFactor(1, 2);
    right->setStretchFactor(2, 3);
    right->setStretchFactor(3, 2);

    columns->addWidget(left);
    columns->addWidget(right);
    columns->setStretchFactor(0, 5);
    columns->setStretchFactor(1, 4);
    return central;
}

void ReviewWindow::setPolicies(std::vector<Scenario> policies, const QStringList& sources)
{
    if (policies.size() > std::size_t(MaxPolicies))
        policies.resize(std::size_t(MaxPolicies));
    m_policies = std::move(policies);
    m_sources = sources;
    while (m_sources.size() < qsizetype(m_policies.size()))
        m_sources << QString();
    while (m_sources.size() > qsizetype(m_policies.size()))
        m_sources.removeLast();
    m_stale = m_result != nullptr;
    rebuildPolicyColumns();
    updateActions();
}

bool ReviewWindow::addPolicyFile(const QString& path, QString* error)
{
    try {
        const std::string native
            = path.startsWith(QStringLiteral(":/")) ? path.toStdString() : QFile::encodeName(path).toStdString();
        Scenario s = loadScenarioFile(native);
        if (!addPolicy(std::move(s), path)) {
            if (error)
                *error = tr("A review compares at most %1 policies: remove one first.").arg(MaxPolicies);
            return false;
        }
        return true;
    } catch (const std::exception& e) {
        if (error)
            *error = tr("Cannot add %1: %2").arg(QFileInfo(path).fileName(), QString::fromUtf8(e.what()));
        return false;
    }
}

bool ReviewWindow::addPolicy(Scenario policy, const QString& source)
{
    if (policyCount() >= MaxPolicies)
        return false;
    m_policies.push_back(std::move(policy));
    m_sources << source;
    m_stale = m_result != nullptr;
    rebuildPolicyColumns();
    updateActions();
    setStatus([name = fromStd(m_policies.back().name)] { return tr("Added %1: press Run to compare.").arg(name); });
    return true;
}

void ReviewWindow::removePolicy(int index)
{
    if (index < 0 || index >= policyCount() || isRunning())
        return;
    m_policies.erase(m_policies.begin() + index);
    m_sources.removeAt(index);
    m_stale = m_result != nullptr;
    rebuildPolicyColumns();
    updateActions();
}

void ReviewWindow::loadRouteReview()
{
    try {
        QStringList sources;
        for (const std::string& path : routeReviewFiles())
            sources
                << QStringLiteral("resources/reviews/route-gateway-window/%1").arg(QFileInfo(fromStd(path)).fileName());
        setPolicies(routeReviewPolicies(), sources);
        setIntents(0);
        setStatus([] {
            return tr("A route review: service → gateway → provider under the same traffic and faults. Each hop's "
                      "policy is editable below the client's; press Run to count duplicates at each hop.");
        });
    } catch (const std::exception& e) {
        setStatus(tr("Cannot load the route review: %1").arg(QString::fromUtf8(e.what())), true);
    }
}

void ReviewWindow::loadLibraryReview()
{
    try {
        QStringList sources;
        for (const std::string& path : libraryReviewFiles())
            sources << QStringLiteral("resources/reviews/library-profiles/%1").arg(QFileInfo(fromStd(path)).fileName());
        setPolicies(libraryReviewPolicies(), sources);
        setIntents(0);
        setStatus([] {
            return tr("The library profiles: the IETF draft, Stripe, express-idempotency 1.0.6 and node-idempotency "
                      "1.0.11 over one traffic — two users sending the same key, a retry whose body members come in "
                      "another order, a retry with another query string. Press Run to compare.");
        });
    } catch (const std::exception& e) {
        setStatus(tr("Cannot load the library profiles' review: %1").arg(QString::fromUtf8(e.what())), true);
    }
}

void ReviewWindow::editPolicy(int index, const std::function<void(Scenario&)>& edit)
{
    if (index < 0 || index >= policyCount())
        return;
    edit(m_policies[std::size_t(index)]);
    refreshColumn(index);
    policyEdited(index);
}

void ReviewWindow::setIntents(int intents)
{
    m_intents->setValue(intents);
}

int ReviewWindow::intents() const
{
    return m_intents->value();
}

void ReviewWindow::updateActions()
{
    const bool running = isRunning();
    m_runAction->setEnabled(!running && policyCount() >= MinPolicies);
    m_cancelAction->setEnabled(running);
    m_addFileAction->setEnabled(!running && policyCount() < MaxPolicies);
    m_addPresetAction->setEnabled(!running && policyCount() < MaxPolicies);
    m_builtinAction->setEnabled(!running);
    m_routeAction->setEnabled(!running);
    m_libraryAction->setEnabled(!running);
    m_examplesAction->setEnabled(!running);
    m_intents->setEnabled(!running);
    m_columnsHost->setEnabled(!running);
    m_exportMarkdownAction->setEnabled(m_result != nullptr);
    m_exportJsonAction->setEnabled(m_result != nullptr);
    m_progress->setVisible(running);
}

bool ReviewWindow::run()
{
    if (isRunning())
        return false;
    if (policyCount() < MinPolicies) {
        setStatus([] { return tr("A review needs at least two policies: add a scenario file or a preset."); }, true);
        return false;
    }
    std::vector<Scenario> prepared;
    try {
        std::vector<std::string> sources;
        for (const QString& s : std::as_const(m_sources))
            sources.push_back(s.isEmpty() ? std::string() : QFileInfo(s).fileName().toStdString());
        for (std::size_t i = 0; i < sources.size(); ++i) {
            if (sources[i].empty())
                sources[i] = m_policies[i].name;
        }
        prepared = prepareReview(m_policies, intents() > 0 ? std::optional<int>(intents()) : std::nullopt, sources);
    } catch (const std::exception& e) {
        setStatus(QString::fromUtf8(e.what()), true);
        return false;
    }
    m_state = std::make_shared<RunState>();
    m_state->percent.assign(prepared.size(), 0);
    for (std::size_t i = 0; i < m_columnProgress.size(); ++i)
        setColumnProgress(i, { ColumnProgress::Kind::Waiting });
    m_progress->setValue(0);
    auto state = m_state;
    m_worker = std::thread([this, state, prepared = std::move(prepared)]() mutable {
        auto result = std::make_shared<ReviewResult>(runReview(
            std::move(prepared), std::nullopt,
            [state](const ReviewProgress& p) {
                std::lock_guard lock(state->mutex);
                state->percent[std::size_t(p.policy)] = p.finished
                    ? 100
                    : int(std::min<std::int64_t>(
                        99, p.intentsStarted * 100 / std::max<std::int64_t>(1, p.intentsPlanned)));
            },
            [state] { return state->cancel.load(); }));
        QMetaObject::invokeMethod(
            this, [this, result] { finishRun(result); }, Qt::QueuedConnection);
    });
    m_progressTimer->start();
    setStatus([policies = policyCount(), cores = std::max(1u, std::thread::hardware_concurrency())] {
        return tr("Running %1 policies on %2 cores…").arg(policies).arg(cores);
    });
    updateActions();
    return true;
}

void ReviewWindow::cancel()
{
    if (!m_state || !isRunning())
        return;
    m_state->cancel = true;
    setStatus([previous = m_result && !m_result->cancelled] {
        return previous ? tr("Cancelling: the previous complete figures stay shown…")
                        : tr("Cancelling: the policies that finished keep their figures…");
    });
}

int ReviewWindow::policyProgress(int index) const
{
    if (!m_state)
        return 0;
    std::lock_guard lock(m_state->mutex);
    return index >= 0 && index < int(m_state->percent.size()) ? m_state->percent[std::size_t(index)] : 0;
}

void ReviewWindow::pollProgress()
{
    if (!m_state)
        return;
    std::vector<int> percent;
    {
        std::lock_guard lock(m_state->mutex);
        percent = m_state->percent;
    }
    int total = 0;
    for (std::size_t i = 0; i < percent.size(); ++i) {
        total += percent[i];
        if (i < m_columnProgress.size())
            setColumnProgress(i,
                percent[i] >= 100 ? ColumnProgress { ColumnProgress::Kind::Done }
                                  : ColumnProgress { ColumnProgress::Kind::Percent, double(percent[i]) });
    }
    if (!percent.empty())
        m_progress->setValue(total / int(percent.size()));
}

void ReviewWindow::finishRun(std::shared_ptr<ReviewResult> result)
{
    if (m_worker.joinable())
        m_worker.join();
    m_progressTimer->stop();
    // A cancelled run does not replace complete figures from before: they stay, as the status says.
    const bool keepPrevious = result->cancelled && m_result && !m_result->cancelled;
    if (keepPrevious) {
        for (std::size_t i = 0; i < m_columnProgress.size(); ++i)
            setColumnProgress(i, { ColumnProgress::Kind::Cancelled });
        setStatus([] { return tr("Cancelled: the figures shown are still those of the previous complete run."); });
        updateActions();
        Q_EMIT reviewFinished(true);
        return;
    }
    m_result = std::move(result);
    m_stale = false;
    const ReviewResult& r = *m_result;
    for (std::size_t i = 0; i < r.outcomes.size() && i < m_columnProgress.size(); ++i) {
        const PolicyOutcome& o = r.outcomes[i];
        setColumnProgress(i,
            o.figures              ? ColumnProgress { ColumnProgress::Kind::DoneIn, o.seconds }
                : !o.error.empty() ? ColumnProgress { ColumnProgress::Kind::Failed, 0, fromStd(o.error) }
                                   : ColumnProgress { ColumnProgress::Kind::Cancelled });
    }
    showResult();
    updateActions();
    Q_EMIT reviewFinished(r.cancelled);
}

void ReviewWindow::showResult()
{
    m_model->setReview(m_result);
    updateCharts();
    updateNotes();
    if (!m_result)
        return;
    const ReviewResult& r = *m_result;
    int finished = 0;
    std::int64_t intentsEach = 0;
    for (const PolicyOutcome& o : r.outcomes) {
        finished += o.figures ? 1 : 0;
        intentsEach = std::max<std::int64_t>(intentsEach, o.figures ? o.figures->intents : 0);
    }
    const double seconds = r.seconds;
    const auto policies = r.outcomes.size();
    if (r.cancelled) {
        setStatus([=] {
            return tr("Cancelled after %1 s: %2 of %3 policies finished and keep their figures.")
                .arg(QLocale().toString(seconds, 'f', 1))
                .arg(finished)
                .arg(policies);
        });
    } else {
        const qulonglong seed = r.policies.empty() ? 0 : qulonglong(r.policies.front().seed);
        setStatus([=] {
            return tr("%1 policies × %2 intents, seed %3, in %4 s.")
                .arg(policies)
                .arg(QLocale().toString(qlonglong(intentsEach)))
                .arg(seed)
                .arg(QLocale().toString(seconds, 'f', 1));
        });
    }
}

std::optional<Scenario> ReviewWindow::intentScenario(int policyIndex, const QString& intentName) const
{
    if (!m_result || policyIndex < 0 || policyIndex >= int(m_result->policies.size()))
        return std::nullopt;
    return isolateIntent(m_result->policies[std::size_t(policyIndex)], intentName.toStdString());
}

namespace {

QString writeWhole(const QString& path, const std::string& text)
{
    // Written beside the target and renamed into place: nothing half-written is ever left behind.
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(text.data(), qint64(text.size())) < 0 || !file.commit())
        return ReviewWindow::tr("Cannot write %1: %2").arg(path, file.errorString());
    return {};
}

} // namespace

QString ReviewWindow::exportMarkdownTo(const QString& path) const
{
    if (!m_result)
        return tr("Nothing to export yet: run the review first.");
    return writeWhole(path, reviewMarkdown(*m_result));
}

QString ReviewWindow::exportJsonTo(const QString& path) const
{
    if (!m_result)
        return tr("Nothing to export yet: run the review first.");
    return writeWhole(path, reviewJson(*m_result));
}

void ReviewWindow::exportInteractive(bool markdown)
{
    QSettings settings;
    const QString dir = settings.value(QStringLiteral("files/reviewDir")).toString();
    const QString suggested
        = QDir(dir).filePath(markdown ? QStringLiteral("policy-review.md") : QStringLiteral("policy-review.json"));
    const QString path
        = QFileDialog::getSaveFileName(this, markdown ? tr("Export review as Markdown") : tr("Export review as JSON"),
            suggested, markdown ? tr("Markdown (*.md);;All files (*)") : tr("JSON (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    settings.setValue(QStringLiteral("files/reviewDir"), QFileInfo(path).absolutePath());
    const QString error = markdown ? exportMarkdownTo(path) : exportJsonTo(path);
    if (error.isEmpty())
        setStatus([where = QDir::toNativeSeparators(path)] { return tr("Wrote %1").arg(where); });
    else
        setStatus(error, true);
}

void ReviewWindow::addFilesInteractive()
{
    QSettings settings;
    const QString dir = settings.value(QStringLiteral("files/scenarioDir")).toString();
    const QStringList paths
        = QFileDialog::getOpenFileNames(this, tr("Add policies"), dir, tr("Scenarios (*.json);;All files (*)"));
    if (paths.isEmpty())
        return;
    settings.setValue(QStringLiteral("files/scenarioDir"), QFileInfo(paths.first()).absolutePath());
    for (const QString& path : paths) {
        QString error;
        if (!addPolicyFile(path, &error)) {
            setStatus(error, true);
            return;
        }
    }
}

QString ReviewWindow::statusText() const
{
    return m_status->text();
}

void ReviewWindow::setStatus(std::function<QString()> text, bool error)
{
    m_statusText = std::move(text);
    m_statusError = error;
    m_status->setText(m_statusText());
    m_status->setStyleSheet(error ? QStringLiteral("color: %1;").arg(alarmColor().name()) : QString());
}

void ReviewWindow::setStatus(const QString& text, bool error)
{
    setStatus([text] { return text; }, error);
}

void ReviewWindow::setColumnProgress(std::size_t index, ColumnProgress progress)
{
    if (index >= m_columnProgressState.size())
        m_columnProgressState.resize(index + 1);
    m_columnProgressState[index] = std::move(progress);
    if (index < m_columnProgress.size()) {
        m_columnProgress[index]->setText(progressText(m_columnProgressState[index]));
        m_columnProgress[index]->setToolTip(m_columnProgressState[index].error);
    }
}

QString ReviewWindow::progressText(const ColumnProgress& progress)
{
    switch (progress.kind) {
    case ColumnProgress::Kind::NotRun:
        return tr("not run");
    case ColumnProgress::Kind::Edited:
        return tr("edited");
    case ColumnProgress::Kind::Waiting:
        return tr("waiting");
    case ColumnProgress::Kind::Percent:
        return tr("%1 %").arg(QLocale().toString(int(progress.value)));
    case ColumnProgress::Kind::Done:
        return tr("done");
    case ColumnProgress::Kind::DoneIn:
        return tr("done in %1 s").arg(QLocale().toString(progress.value, 'f', 1));
    case ColumnProgress::Kind::Failed:
        return tr("failed");
    case ColumnProgress::Kind::Cancelled:
        return tr("cancelled");
    }
    return {};
}

void ReviewWindow::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QMainWindow::changeEvent(event);
}

// Every text of the window in the language in use; the constructor calls it once, a language switch again.
void ReviewWindow::retranslate()
{
    setWindowTitle(tr("Policy review — Idempotency Workbench"));
    m_addFileAction->setText(tr("Add scenario &file…"));
    m_addFileAction->setToolTip(tr("Add one or more scenario files as policies to compare, up to four (Ctrl+O)"));
    m_addPresetMenu->setTitle(tr("Add preset"));
    m_addPresetAction->setToolTip(tr("Add a preset scenario as a policy (presets with a literal key need Intents "
                                     "per policy set to “as in the files”)"));
    const std::string languageCode = language::current().toStdString();
    for (const auto& [action, preset] : m_presetActions)
        action->setToolTip(fromStd(preset.shownTitle(languageCode)));
    m_builtinAction->setText(tr("&Built-in review"));
    m_builtinAction->setToolTip(tr("Start again from the built-in review: Stripe-like 24 h, Powertools-like 1 h and "
                                   "a 1 h tombstone variant under the same traffic and faults"));
    m_routeAction->setText(tr("R&oute review"));
    m_routeAction->setToolTip(tr("The example review of a route (service → gateway → provider): 24 h at the service "
                                 "and 1 h at the gateway, against the gateway at 24 h, the gateway rewriting the key "
                                 "and the service at 1 h; the figures count duplicate effects at each hop"));
    m_examplesAction->setText(tr("E&xamples"));
    m_examplesAction->setToolTip(tr("Example reviews built in: a route, and the libraries' profiles"));
    m_libraryAction->setText(tr("&Library profiles"));
    m_libraryAction->setToolTip(tr("The npm libraries beside the IETF draft and Stripe: express-idempotency 1.0.6 "
                                   "(one key space for every user, 417 for another URL) and node-idempotency 1.0.11 "
                                   "(member order counts, a changed query runs again) under one traffic"));
    m_runAction->setText(tr("&Run review"));
    m_runAction->setToolTip(tr("Run every policy over the same seeded traffic and faults, on all cores (F5)"));
    m_cancelAction->setText(tr("&Cancel"));
    m_cancelAction->setToolTip(tr("Stop the review; the policies that already finished keep their figures (Esc)"));
    m_exportMarkdownAction->setText(tr("Export &Markdown…"));
    m_exportMarkdownAction->setToolTip(
        tr("Write the review as Markdown to paste into a design document: figures, what differs, warnings (Ctrl+E)"));
    m_exportJsonAction->setText(tr("Export &JSON…"));
    m_exportJsonAction->setToolTip(
        tr("Write the figures as the JSON of the compare command: {\"policies\": […]} (Ctrl+Shift+E)"));
    m_closeAction->setText(tr("Close"));
    m_closeAction->setToolTip(tr("Close the review window; a running review is cancelled (Ctrl+W)"));

    m_toolBar->setWindowTitle(tr("Review"));
    m_intentsLabel->setText(tr(" Intents per policy: "));
    m_intents->setSpecialValueText(tr("as in the files"));
    m_intents->setToolTip(tr("Sets every request entry's repeat: each repetition is a new intent, so keys must be "
                             "\"auto\" or null. “As in the files” keeps each file's own traffic."));
    m_intentsLabel->setToolTip(m_intents->toolTip());
    m_progress->setToolTip(tr("Intents started, over all policies"));

    m_policiesBox->setTitle(tr("Policies"));
    m_figuresBox->setTitle(tr("Figures"));
    m_figuresView->setToolTip(tr("Click a duplicate-effects figure to list that policy's duplicates"));
    m_notesTabs->setTabText(m_notesTabs->indexOf(m_differences), tr("What differs"));
    m_duplicates->setHorizontalHeaderLabels({ tr("Policy"), tr("Intent with duplicate effects") });
    m_duplicates->setToolTip(tr("Click a duplicate to open that intent on its own in the main window"));

    // What is built from the policies and the result is built again in the new words.
    if (!m_columnRefresh.empty())
        rebuildPolicyColumns(true);
    m_model->retranslate();
    updateCharts();
    updateNotes(); // also the Duplicates tab's title with its count
    if (m_statusText)
        m_status->setText(m_statusText());
}

void ReviewWindow::closeEvent(QCloseEvent* event)
{
    rememberWindow(this, QStringLiteral("reviewWindow/geometry"));
    if (isRunning()) {
        m_state->cancel = true;
        m_worker.join();
        m_progressTimer->stop();
        updateActions();
    }
    event->accept();
}

} // namespace iw
