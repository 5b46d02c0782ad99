// The policy review window: policy columns with in-place editors, the worker-thread run, the figures table, the
// charts and the notes.
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

namespace {

// Okabe–Ito colours for the policies' lines, in column order.
QColor policyColor(int index)
{
    static const QColor colors[]
        = { QColor(0x00, 0x72, 0xB2), QColor(0xE6, 0x9F, 0x00), QColor(0x00, 0x9E, 0x73), QColor(0xCC, 0x79, 0xA7) };
    return colors[index % 4];
}

// A duration editor of a policy column (the GUI's one duration field): with `allowNone`, 0 reads `noneText` —
// "none" (no tombstone), or "never" for a TTL (ttl_ms null: records kept for good) — and stands for no value.
DurationSpinBox* durationEditor(QWidget* parent, bool allowNone, const QString& tip, const QString& objectName,
    const QString& noneText = ReviewWindow::tr("none"))
{
    auto* edit = new DurationSpinBox(parent);
    edit->setRange(0, LongestDurationMs);
    if (allowNone)
        edit->setSpecialValueText(noneText);
    edit->setToolTip(tip);
    edit->setObjectName(objectName);
    return edit;
}

// What a duration editor's value means for an optional duration: 0 is none.
std::optional<Millis> noneIfZero(qint64 ms)
{
    return ms == 0 ? std::nullopt : std::optional<Millis>(ms);
}

// A value axis from 0 with ticks at round steps (1, 2, 2.5 or 5 × 10^k) and some room above `high`.
void setRoundRange(QValueAxis* axis, double high)
{
    if (high <= 0)
        high = 1;
    const double raw = high * 1.15 / 4;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    double step = magnitude;
    for (const double m : { 1.0, 2.0, 2.5, 5.0, 10.0 }) {
        if (m * magnitude >= raw) {
            step = m * magnitude;
            break;
        }
    }
    const int ticks = int(std::ceil(high * 1.15 / step));
    axis->setRange(0, ticks * step);
    axis->setTickCount(ticks + 1);
}

void replaceChart(QChartView* view, QChart* chart)
{
    QChart* old = view->chart();
    view->setChart(chart);
    delete old; // setChart releases the previous chart without deleting it
}

} // namespace

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

void ReviewWindow::rebuildPolicyColumns(bool keepProgress)
{
    while (QLayoutItem* item = m_columns->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    m_columnProgress.clear();
    m_columnRefresh.clear();
    if (!keepProgress)
        m_columnProgressState.clear();
    m_columnProgressState.resize(m_policies.size());

    enum Row {
        RowName,
        RowSource,
        RowTtl,
        RowAfterExpiry,
        RowTombstone,
        RowStoreErrors,
        RowMaxAttempts,
        RowTimeout,
        RowBackoff,
        RowJitter,
        RowFirstHop, // SPEC §15: HopRows rows per route hop, then the progress row
    };
    enum HopRow { HopHeader, HopTtl, HopAfterExpiry, HopTombstone, HopStoreErrors, HopKey, HopRows };
    // Every hop any policy's route has, by name, in the first policy's order (as the figures list them).
    std::vector<std::string> hops;
    for (const Scenario& s : m_policies) {
        for (const HopSpec& h : s.route) {
            if (std::find(hops.begin(), hops.end(), h.name) == hops.end())
                hops.push_back(h.name);
        }
    }
    const int RowProgress = RowFirstHop + HopRows * int(hops.size());
    const auto hopRow = [](std::size_t hop, HopRow row) { return RowFirstHop + HopRows * int(hop) + row; };
    const struct {
        int row;
        QString label;
        QString tip;
    } labels[] = {
        { RowName, tr("Policy"),
            tr("The scenario's name; the first policy is the baseline the others are compared to") },
        { RowSource, tr("Service"), tr("The service profile and the file the policy came from") },
        { RowTtl, tr("TTL (retention)"), tr("ttl_ms: how long a key is recognised after its claim") },
        { RowAfterExpiry, tr("After expiry"),
            tr("after_expiry: forget (an expired key runs again) or tombstone (compact evidence refuses it)") },
        { RowTombstone, tr("Tombstone"),
            tr("tombstone_ms: how long the tombstone of a swept record still refuses the key") },
        { RowStoreErrors, tr("Store errors"),
            tr("store_errors: a handler error is stored and replayed (Stripe) or deletes the record (Powertools)") },
        { RowMaxAttempts, tr("Max attempts"), tr("retry.max_attempts of every client of the policy") },
        { RowTimeout, tr("Client timeout"), tr("timeout_ms of every client of the policy") },
        { RowBackoff, tr("Backoff"), tr("retry.backoff of every client: constant or exponential") },
        { RowJitter, tr("Jitter"), tr("retry.jitter of every client: none, full, equal or decorrelated") },
        { RowProgress, tr("Run"), tr("How far the last run of this policy got") },
    };
    for (const auto& l : labels) {
        auto* label = new QLabel(l.label, m_columnsHost);
        label->setToolTip(l.tip);
        if (l.row == RowName) {
            QFont f = label->font();
            f.setBold(true);
            label->setFont(f);
        }
        m_columns->addWidget(label, l.row, 0);
    }
    for (std::size_t h = 0; h < hops.size(); ++h) {
        const QString hop = fromStd(hops[h]);
        const struct {
            HopRow row;
            QString label;
            QString tip;
        } hopLabels[] = {
            { HopHeader, tr("→ %1").arg(hop),
                tr("Route hop %1 (SPEC §15): the service block, key rule and call of route[\"%1\"]").arg(hop) },
            { HopTtl, tr("   TTL"), tr("%1's service.ttl_ms: how long %1 recognises a key").arg(hop) },
            { HopAfterExpiry, tr("   After expiry"),
                tr("%1's service.after_expiry: forget runs an expired key again, tombstone refuses it").arg(hop) },
            { HopTombstone, tr("   Tombstone"),
                tr("%1's service.tombstone_ms: how long a swept record's tombstone still refuses the key").arg(hop) },
            { HopStoreErrors, tr("   Store errors"),
                tr("%1's service.store_errors: an error after execution began is stored and replayed, or deletes "
                   "the record")
                    .arg(hop) },
            { HopKey, tr("   Key sent"),
                tr("route key rule: the key the caller sends to %1 — forward (the caller's), derive (stable, from "
                   "the caller's scope and the hop's name), new (fresh per call: the anti-pattern) or none")
                    .arg(hop) },
        };
        for (const auto& l : hopLabels) {
            auto* label = new QLabel(l.label, m_columnsHost);
            label->setToolTip(l.tip);
            if (l.row == HopHeader) {
                QFont f = label->font();
                f.setBold(true);
                label->setFont(f);
            }
            m_columns->addWidget(label, hopRow(h, l.row), 0);
        }
    }

    for (int i = 0; i < policyCount(); ++i) {
        const int col = i + 1;
        auto* header = new QWidget(m_columnsHost);
        auto* headerLayout = new QHBoxLayout(header);
        headerLayout->setContentsMargins(0, 0, 0, 0);
        auto* swatch = new QLabel(header);
        swatch->setFixedSize(12, 12);
        swatch->setStyleSheet(QStringLiteral("background: %1; border-radius: 2px;").arg(policyColor(i).name()));
        swatch->setToolTip(tr("This policy's colour in the storage chart"));
        auto* name = new QLabel(header);
        QFont bold = name->font();
        bold.setBold(true);
        name->setFont(bold);
        auto* remove = new QToolButton(header);
        remove->setIcon(style()->standardIcon(QStyle::SP_DialogCloseButton));
        remove->setAutoRaise(true);
        remove->setToolTip(tr("Remove this policy from the review"));
        remove->setEnabled(!isRunning());
        connect(remove, &QToolButton::clicked, this, [this, i] { removePolicy(i); });
        headerLayout->addWidget(swatch);
        headerLayout->addWidget(name, 1);
        headerLayout->addWidget(remove);
        m_columns->addWidget(header, RowName, col);

        auto* source = new QLabel(m_columnsHost);
        source->setStyleSheet(QStringLiteral("color: palette(mid);"));
        // A long file name must not widen the column past the editors (four columns share the width): it wraps
        // under the profile instead, and the tooltip has the whole path.
        source->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
        source->setWordWrap(true);
        m_columns->addWidget(source, RowSource, col);

        auto* ttl = durationEditor(m_columnsHost, true,
            tr("ttl_ms: how long the service recognises a key; at 0 it reads \"never\": records kept for "
               "good (ttl_ms null)"),
            QStringLiteral("ttl-%1").arg(i), tr("never"));
        m_columns->addWidget(ttl, RowTtl, col);

        auto* afterExpiry = new QComboBox(m_columnsHost);
        afterExpiry->addItem(tr("forget"), int(AfterExpiry::Forget));
        afterExpiry->addItem(tr("tombstone"), int(AfterExpiry::Tombstone));
        afterExpiry->setToolTip(tr("What an expired key means: forget runs it again, tombstone refuses it"));
        afterExpiry->setObjectName(QStringLiteral("afterExpiry-%1").arg(i));
        m_columns->addWidget(afterExpiry, RowAfterExpiry, col);

        auto* tombstone = durationEditor(m_columnsHost, true,
            tr("tombstone_ms: how long a swept record's tombstone refuses its key"),
            QStringLiteral("tombstone-%1").arg(i));
        m_columns->addWidget(tombstone, RowTombstone, col);

        auto* storeErrors = new QCheckBox(tr("stored and replayed"), m_columnsHost);
        storeErrors->setToolTip(tr("Checked: a 500 after execution began is stored and replayed; unchecked: the error "
                                   "deletes the record and a retry runs again"));
        storeErrors->setObjectName(QStringLiteral("storeErrors-%1").arg(i));
        m_columns->addWidget(storeErrors, RowStoreErrors, col);

        auto* attempts = new QSpinBox(m_columnsHost);
        attempts->setRange(1, 100);
        attempts->setToolTip(tr("retry.max_attempts, for every client of this policy"));
        attempts->setObjectName(QStringLiteral("maxAttempts-%1").arg(i));
        m_columns->addWidget(attempts, RowMaxAttempts, col);

        auto* timeout = durationEditor(m_columnsHost, false, tr("timeout_ms, for every client of this policy"),
            QStringLiteral("timeout-%1").arg(i));
        m_columns->addWidget(timeout, RowTimeout, col);

        auto* backoff = new QComboBox(m_columnsHost);
        backoff->addItem(tr("constant"), int(Backoff::Constant));
        backoff->addItem(tr("exponential"), int(Backoff::Exponential));
        backoff->setToolTip(tr("retry.backoff, for every client of this policy"));
        backoff->setObjectName(QStringLiteral("backoff-%1").arg(i));
        m_columns->addWidget(backoff, RowBackoff, col);

        auto* jitter = new QComboBox(m_columnsHost);
        jitter->addItem(tr("none"), int(Jitter::None));
        jitter->addItem(tr("full"), int(Jitter::Full));
        jitter->addItem(tr("equal"), int(Jitter::Equal));
        jitter->addItem(tr("decorrelated"), int(Jitter::Decorrelated));
        jitter->setToolTip(tr("retry.jitter, for every client of this policy"));
        jitter->setObjectName(QStringLiteral("jitter-%1").arg(i));
        m_columns->addWidget(jitter, RowJitter, col);

        auto* progress = new QLabel(m_columnsHost);
        progress->setStyleSheet(QStringLiteral("color: palette(mid);"));
        m_columns->addWidget(progress, RowProgress, col);
        m_columnProgress.push_back(progress);
        setColumnProgress(std::size_t(i), m_columnProgressState[std::size_t(i)]);

        auto populating = std::make_shared<bool>(false);
        auto hopRefresh = std::make_shared<std::vector<std::function<void()>>>();
        m_columnRefresh.push_back([=, this] {
            const Scenario& s = m_policies[std::size_t(i)];
            *populating = true;
            name->setText(fromStd(s.name));
            name->setToolTip(fromStd(s.title.empty() ? s.name : s.title));
            const QString file = QFileInfo(m_sources.value(i)).fileName();
            source->setText(file.isEmpty()
                    ? tr("%1 profile").arg(fromStd(std::string(profileName(s.service.profile))))
                    : tr("%1 profile · %2").arg(fromStd(std::string(profileName(s.service.profile))), file));
            source->setToolTip(m_sources.value(i));
            ttl->setValue(s.service.ttlMs >= kNeverMs ? 0 : s.service.ttlMs);
            afterExpiry->setCurrentIndex(s.service.afterExpiry == AfterExpiry::Tombstone ? 1 : 0);
            tombstone->setValue(s.service.tombstoneMs.value_or(0));
            tombstone->setEnabled(s.service.afterExpiry == AfterExpiry::Tombstone);
            storeErrors->setChecked(s.service.storeErrors);
            const bool clients = !s.clients.empty();
            for (QWidget* w : { static_cast<QWidget*>(attempts), static_cast<QWidget*>(timeout),
                     static_cast<QWidget*>(backoff), static_cast<QWidget*>(jitter) })
                w->setEnabled(clients);
            if (clients) {
                const ClientSpec& c = s.clients.front();
                attempts->setValue(c.retry.maxAttempts);
                timeout->setValue(c.timeoutMs);
                backoff->setCurrentIndex(c.retry.backoff == Backoff::Constant ? 0 : 1);
                jitter->setCurrentIndex(jitter->findData(int(c.retry.jitter)));
            }
            for (const auto& refresh : *hopRefresh)
                refresh();
            *populating = false;
        });

        // Every edit changes the policy as the column shows it; the figures are then stale until the next run.
        const auto edit = [this, i, populating](const std::function<void(Scenario&)>& change) {
            if (*populating)
                return;
            Scenario& policy = m_policies[std::size_t(i)];
            change(policy);
            // The name came with the file ("stripe-ttl-24h"): once edited it must not pass for the original, in
            // the column, the figures' headers and the charts.
            static constexpr std::string_view suffix = "-edited";
            if (policy.name.size() < suffix.size()
                || policy.name.compare(policy.name.size() - suffix.size(), suffix.size(), suffix) != 0)
                policy.name += suffix;
            refreshColumn(i);
            policyEdited(i);
        };
        const auto eachClient = [](Scenario& s, const std::function<void(ClientSpec&)>& change) {
            for (ClientSpec& c : s.clients)
                change(c);
        };
        connect(ttl, &DurationSpinBox::valueChanged, this,
            [edit](qint64 ms) { edit([&](Scenario& s) { s.service.ttlMs = ms == 0 ? kNeverMs : ms; }); });
        connect(afterExpiry, &QComboBox::currentIndexChanged, this, [edit, afterExpiry] {
            edit([&](Scenario& s) {
                s.service.afterExpiry = AfterExpiry(afterExpiry->currentData().toInt());
                // A tombstone needs a positive lifetime (SPEC §3): a week unless one was set.
                if (s.service.afterExpiry == AfterExpiry::Tombstone
                    && (!s.service.tombstoneMs || *s.service.tombstoneMs <= 0))
                    s.service.tombstoneMs = 7 * 86'400'000LL;
            });
        });
        connect(tombstone, &DurationSpinBox::valueChanged, this, [edit](qint64 value) {
            edit([&](Scenario& s) {
                s.service.tombstoneMs = noneIfZero(value);
                if (!s.service.tombstoneMs)
                    s.service.afterExpiry = AfterExpiry::Forget;
            });
        });
        connect(storeErrors, &QCheckBox::toggled, this,
            [edit](bool on) { edit([&](Scenario& s) { s.service.storeErrors = on; }); });
        connect(attempts, &QSpinBox::valueChanged, this, [edit, eachClient](int n) {
            edit([&](Scenario& s) { eachClient(s, [&](ClientSpec& c) { c.retry.maxAttempts = n; }); });
        });
        connect(timeout, &DurationSpinBox::valueChanged, this, [edit, eachClient](qint64 ms) {
            edit([&](Scenario& s) { eachClient(s, [&](ClientSpec& c) { c.timeoutMs = ms; }); });
        });
        connect(backoff, &QComboBox::currentIndexChanged, this, [edit, eachClient, backoff] {
            edit([&](Scenario& s) {
                eachClient(s, [&](ClientSpec& c) { c.retry.backoff = Backoff(backoff->currentData().toInt()); });
            });
        });
        connect(jitter, &QComboBox::currentIndexChanged, this, [edit, eachClient, jitter] {
            edit([&](Scenario& s) {
                eachClient(s, [&](ClientSpec& c) { c.retry.jitter = Jitter(jitter->currentData().toInt()); });
            });
        });
        for (std::size_t h = 0; h < hops.size(); ++h)
            addHopEditors(i, hops[h], hopRow(h, HopHeader), edit, *hopRefresh);
        m_columnRefresh.back()();
    }
    // Widgets added to a window already on screen stay hidden until the event loop shows them, and hidden widgets
    // do not count in the size hint: shown now, so the heights below are those of every row (a review loaded from
    // the toolbar was squeezed to one row otherwise).
    for (int k = 0; k < m_columns->count(); ++k) {
        if (QWidget* w = m_columns->itemAt(k)->widget())
            w->show();
    }
    // Every editor row stays in view; the figures table below scrolls instead.
    if (auto* area = qobject_cast<QScrollArea*>(m_columnsHost->parentWidget()->parentWidget())) {
        area->setMinimumHeight(std::min(m_columnsHost->sizeHint().height() + 4, 460));
        if (QWidget* group = area->parentWidget())
            group->setMaximumHeight(group->sizeHint().height());
    }
    // Columns share the width; the label column keeps its own.
    for (int c = 1; c <= MaxPolicies; ++c)
        m_columns->setColumnStretch(c, c <= policyCount() ? 1 : 0);
}

void ReviewWindow::addHopEditors(int index, const std::string& hopName, int firstRow, const PolicyEdit& edit,
    std::vector<std::function<void()>>& refreshers)
{
    const int col = index + 1;
    const QString hop = fromStd(hopName);
    const QString key = QStringLiteral("%1-%2").arg(hop).arg(index);
    // The hop of the policy as edited, or nullptr when its route has no hop of that name (another policy's hop).
    const auto hopOf = [hopName](Scenario& s) -> HopSpec* {
        for (HopSpec& h : s.route) {
            if (h.name == hopName)
                return &h;
        }
        return nullptr;
    };
    auto* header = new QLabel(m_columnsHost);
    header->setObjectName(QStringLiteral("hop-%1").arg(key));
    header->setStyleSheet(QStringLiteral("color: palette(mid);"));
    header->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_columns->addWidget(header, firstRow, col);
    if (!hopOf(m_policies[std::size_t(index)])) {
        header->setText(tr("— not on this route"));
        header->setToolTip(tr("This policy's route has no hop named %1").arg(hop));
        return;
    }

    auto* ttl = durationEditor(m_columnsHost, true, tr("%1's ttl_ms: how long it recognises a key").arg(hop),
        QStringLiteral("hopTtl-%1").arg(key), tr("never"));
    m_columns->addWidget(ttl, firstRow + 1, col);

    auto* afterExpiry = new QComboBox(m_columnsHost);
    afterExpiry->addItem(tr("forget"), int(AfterExpiry::Forget));
    afterExpiry->addItem(tr("tombstone"), int(AfterExpiry::Tombstone));
    afterExpiry->setToolTip(tr("What an expired key means at %1: forget runs it again, tombstone refuses it").arg(hop));
    afterExpiry->setObjectName(QStringLiteral("hopAfterExpiry-%1").arg(key));
    m_columns->addWidget(afterExpiry, firstRow + 2, col);
    auto* tombstone = durationEditor(m_columnsHost, true,
        tr("%1's tombstone_ms: how long a swept record's tombstone refuses its key").arg(hop),
        QStringLiteral("hopTombstone-%1").arg(key));
    m_columns->addWidget(tombstone, firstRow + 3, col);

    auto* storeErrors = new QCheckBox(tr("stored and replayed"), m_columnsHost);
    storeErrors->setToolTip(tr("Checked: an error at %1 after execution began is stored and replayed; unchecked: it "
                               "deletes the record and a retry runs again")
                                .arg(hop));
    storeErrors->setObjectName(QStringLiteral("hopStoreErrors-%1").arg(key));
    m_columns->addWidget(storeErrors, firstRow + 4, col);

    auto* keyRule = new QComboBox(m_columnsHost);
    for (const HopKey k : { HopKey::Forward, HopKey::Derive, HopKey::New, HopKey::None })
        keyRule->addItem(fromStd(std::string(hopKeyName(k))), int(k));
    keyRule->setToolTip(
        tr("The key the caller sends to %1: forward, derive, new (a fresh key per call) or none").arg(hop));
    keyRule->setObjectName(QStringLiteral("hopKey-%1").arg(key));
    m_columns->addWidget(keyRule, firstRow + 5, col);

    refreshers.push_back([=, this] {
        HopSpec* h = hopOf(m_policies[std::size_t(index)]);
        if (!h)
            return;
        header->setText(
            tr("%1 profile%2")
                .arg(fromStd(std::string(profileName(h->service.profile))), h->effect ? QString() : tr(" · proxy")));
        header->setToolTip(header->text());
        ttl->setValue(h->service.ttlMs >= kNeverMs ? 0 : h->service.ttlMs);
        afterExpiry->setCurrentIndex(h->service.afterExpiry == AfterExpiry::Tombstone ? 1 : 0);
        tombstone->setValue(h->service.tombstoneMs.value_or(0));
        tombstone->setEnabled(h->service.afterExpiry == AfterExpiry::Tombstone);
        storeErrors->setChecked(h->service.storeErrors);
        keyRule->setCurrentIndex(keyRule->findData(int(h->key)));
    });

    const auto editHop = [edit, hopOf](const std::function<void(HopSpec&)>& change) {
        edit([&](Scenario& s) {
            if (HopSpec* h = hopOf(s))
                change(*h);
        });
    };
    connect(ttl, &DurationSpinBox::valueChanged, this,
        [editHop](qint64 ms) { editHop([&](HopSpec& h) { h.service.ttlMs = ms == 0 ? kNeverMs : ms; }); });
    connect(afterExpiry, &QComboBox::currentIndexChanged, this, [editHop, afterExpiry] {
        editHop([&](HopSpec& h) {
            h.service.afterExpiry = AfterExpiry(afterExpiry->currentData().toInt());
            // A tombstone needs a positive lifetime (SPEC §3): a week unless one was set.
            if (h.service.afterExpiry == AfterExpiry::Tombstone
                && (!h.service.tombstoneMs || *h.service.tombstoneMs <= 0))
                h.service.tombstoneMs = 7 * 86'400'000LL;
        });
    });
    connect(tombstone, &DurationSpinBox::valueChanged, this, [editHop](qint64 value) {
        editHop([&](HopSpec& h) {
            h.service.tombstoneMs = noneIfZero(value);
            if (!h.service.tombstoneMs)
                h.service.afterExpiry = AfterExpiry::Forget;
        });
    });
    connect(storeErrors, &QCheckBox::toggled, this,
        [editHop](bool on) { editHop([&](HopSpec& h) { h.service.storeErrors = on; }); });
    connect(keyRule, &QComboBox::currentIndexChanged, this,
        [editHop, keyRule] { editHop([&](HopSpec& h) { h.key = HopKey(keyRule->currentData().toInt()); }); });
}

void ReviewWindow::refreshColumn(int index)
{
    if (index >= 0 && index < int(m_columnRefresh.size()))
        m_columnRefresh[std::size_t(index)]();
}

void ReviewWindow::policyEdited(int index)
{
    m_stale = m_result != nullptr;
    const QString name = fromStd(m_policies[std::size_t(index)].name);
    setStatus([stale = m_stale, name] {
        return stale ? tr("%1 edited since the last run: press Run to update the figures.").arg(name)
                     : tr("%1 edited: press Run to compare.").arg(name);
    });
    setColumnProgress(std::size_t(index), { ColumnProgress::Kind::Edited });
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

void ReviewWindow::updateCharts()
{
    const ReviewResult* r = m_result.get();
    QStringList categories;
    if (r) {
        for (const Scenario& s : r->policies)
            categories << fromStd(s.name);
    }

    // Time to success: p50/p90/p99 per policy on a log scale (a replay after a 2-hour absence sits beside 200 ms).
    {
        auto* chart = new QChart;
        chart->setTitle(tr("Time to success (first 2xx seen by the client, from the first send)"));
        chart->legend()->setAlignment(Qt::AlignRight);
        if (r) {
            auto* series = new QBarSeries(chart);
            const QString names[] = { tr("p50"), tr("p90"), tr("p99") };
            const QColor colors[] = { QColor(0x56, 0xB4, 0xE9), QColor(0x00, 0x72, 0xB2), QColor(0x1B, 0x36, 0x6B) };
            Millis Percentiles::*fields[] = { &Percentiles::p50, &Percentiles::p90, &Percentiles::p99 };
            auto values = std::make_shared<std::vector<std::vector<Millis>>>(3);
            double low = 1e18;
            double high = 0;
            for (int k = 0; k < 3; ++k) {
                for (const PolicyOutcome& o : r->outcomes) {
                    const bool has = o.figures && o.figures->timeToSuccessMs;
                    const Millis ms = has ? (*o.figures->timeToSuccessMs).*fields[k] : -1;
                    (*values)[std::size_t(k)].push_back(ms);
                    if (has) {
                        low = std::min(low, std::max(0.001, double(ms) / 1000.0));
                        high = std::max(high, std::max(0.001, double(ms) / 1000.0));
                    }
                }
            }
            // A log axis has no zero: a policy with no success gets a bar of no height at the axis' floor.
            // One decade below the fastest success, so that a 200 ms bar stays visible beside a 2-hour one.
            const double floor = high > 0 ? std::pow(10.0, std::floor(std::log10(low)) - 1) : 0.001;
            const double ceiling = high > 0 ? std::pow(10.0, std::ceil(std::log10(high))) : 1;
            for (int k = 0; k < 3; ++k) {
                auto* set = new QBarSet(names[k], series);
                set->setColor(colors[k]);
                set->setBorderColor(colors[k]);
                for (const Millis ms : (*values)[std::size_t(k)])
                    *set << (ms < 0 ? floor : std::max(floor, double(ms) / 1000.0));
                series->append(set);
            }
            chart->addSeries(series);
            auto* x = new QBarCategoryAxis(chart);
            x->append(categories);
            chart->addAxis(x, Qt::AlignBottom);
            series->attachAxis(x);
            auto* y = new QLogValueAxis(chart);
            y->setBase(10);
            // Units go in the axis titles, which are translated: Qt Charts 6.4 passes a label format through Latin-1,
            // so a Cyrillic unit there would print as "?".
            y->setLabelFormat(QStringLiteral("%g"));
            y->setMinorTickCount(-1);
            y->setRange(floor, ceiling == floor ? floor * 10 : ceiling);
            y->setTitleText(tr("seconds, log scale"));
            chart->addAxis(y, Qt::AlignLeft);
            series->attachAxis(y);
            connect(series, &QBarSeries::hovered, this, [values, categories](bool on, int index, QBarSet* set) {
                if (!on) {
                    QToolTip::hideText();
                    return;
                }
                const int k = set->label() == tr("p50") ? 0 : set->label() == tr("p90") ? 1 : 2;
                const Millis ms = (*values)[std::size_t(k)][std::size_t(index)];
                QToolTip::showText(QCursor::pos(),
                    tr("%1, %2: %3")
                        .arg(categories.value(index), set->label(),
                            ms < 0 ? tr("no intent succeeded") : shownDuration(ms)));
            });
        } else {
            chart->legend()->hide();
        }
        replaceChart(m_timeChart, chart);
    }

    // Duplicate and conflict rates side by side: what a policy costs in double effects and in refusals.
    {
        auto* chart = new QChart;
        chart->setTitle(tr("Duplicate rate and conflict rate"));
        chart->legend()->setAlignment(Qt::AlignRight);
        if (r) {
            auto* series = new QBarSeries(chart);
            auto* duplicates = new QBarSet(tr("duplicate rate"), series);
            duplicates->setColor(alarmColor());
            duplicates->setBorderColor(alarmColor());
            auto* conflicts = new QBarSet(tr("conflict rate"), series);
            conflicts->setColor(decisionColor(Decision::ConflictInProgress));
            conflicts->setBorderColor(decisionColor(Decision::ConflictInProgress));
            double high = 0;
            for (const PolicyOutcome& o : r->outcomes) {
                const double d = o.figures ? o.figures->duplicateRate * 100 : 0;
                const double c = o.figures ? o.figures->conflictRate * 100 : 0;
                *duplicates << d;
                *conflicts << c;
                high = std::max({ high, d, c });
            }
            series->append(duplicates);
            series->append(conflicts);
            connect(series, &QBarSeries::hovered, this, [categories](bool on, int index, QBarSet* set) {
                if (!on) {
                    QToolTip::hideText();
                    return;
                }
                QToolTip::showText(QCursor::pos(),
                    tr("%1, %2: %3 %")
                        .arg(categories.value(index), set->label(), QLocale().toString(set->at(index), 'f', 3)));
            });
            chart->addSeries(series);
            auto* x = new QBarCategoryAxis(chart);
            x->append(categories);
            chart->addAxis(x, Qt::AlignBottom);
            series->attachAxis(x);
            auto* y = new QValueAxis(chart);
            setRoundRange(y, high);
            y->setLabelFormat(QStringLiteral("%g %%"));
            m_rateChart->setToolTip(
                tr("Duplicate rate: % of intents with duplicate effects; conflict rate: % of requests decided"));
            chart->addAxis(y, Qt::AlignLeft);
            series->attachAxis(y);
        } else {
            chart->legend()->hide();
        }
        replaceChart(m_rateChart, chart);
    }

    // Storage held over virtual time: records and tombstones, in approximate bytes.
    {
        auto* chart = new QChart;
        chart->setTitle(tr("Storage held over time (records + tombstones, approximate)"));
        chart->legend()->setAlignment(Qt::AlignRight);
        if (r) {
            double maxHours = 0;
            double maxMiB = 0;
            std::vector<QLineSeries*> lines;
            for (std::size_t i = 0; i < r->outcomes.size(); ++i) {
                const PolicyOutcome& o = r->outcomes[i];
                if (!o.figures)
                    continue;
                const StorageFigures& st = o.figures->storage;
                auto* line = new QLineSeries(chart);
                line->setName(fromStd(o.figures->name));
                QPen pen(policyColor(int(i)));
                pen.setWidthF(2);
                line->setPen(pen);
                for (const StorageSample& s : st.samples) {
                    const double hours = double(s.t) / 3'600'000.0;
                    const double mib
                        = (double(s.records) * st.bytesPerRecord + double(s.tombstones) * st.bytesPerTombstone)
                        / 1048576.0;
                    line->append(hours, mib);
                    maxHours = std::max(maxHours, hours);
                    maxMiB = std::max(maxMiB, mib);
                }
                chart->addSeries(line);
                lines.push_back(line);
            }
            auto* x = new QValueAxis(chart);
            setRoundRange(x, maxHours / 1.15);
            x->setLabelFormat(QStringLiteral("%g"));
            x->setTitleText(tr("virtual time, h"));
            auto* y = new QValueAxis(chart);
            setRoundRange(y, maxMiB);
            y->setLabelFormat(QStringLiteral("%g"));
            y->setTitleText(tr("MiB"));
            chart->addAxis(x, Qt::AlignBottom);
            chart->addAxis(y, Qt::AlignLeft);
            for (QLineSeries* line : lines) {
                line->attachAxis(x);
                line->attachAxis(y);
            }
        } else {
            chart->legend()->hide();
        }
        replaceChart(m_storageChart, chart);
    }
}

namespace {

// One warning of a policy, in the words of the window (the paragraph names the policy).
QString warningSentence(const PolicyWarning& w, const PolicyFigures& f)
{
    const auto d = &shownDuration;
    switch (w.kind) {
    case PolicyWarning::Kind::DuplicateEffects:
        return ReviewWindow::tr("%1 duplicate effects: %2 of %3 intents (%4 %) ran the business action more than once")
            .arg(QLocale().toString(qlonglong(f.duplicateEffects)),
                QLocale().toString(qlonglong(f.intentsWithDuplicates)), QLocale().toString(qlonglong(f.intents)),
                QLocale().toString(f.duplicateRate * 100, 'f', 2));
    case PolicyWarning::Kind::HorizonBeyondRetention:
        if (w.tombstoneMs) {
            return ReviewWindow::tr("the client's retry horizon (%1) outlives the retention (%2); later retries meet "
                                    "the tombstone (%3) and are refused for reconciliation")
                .arg(d(w.valueMs), d(w.limitMs), d(*w.tombstoneMs));
        }
        return ReviewWindow::tr("the client's retry horizon (%1) outlives the retention (%2): a retry after the record "
                                "expired runs the action again")
            .arg(d(w.valueMs), d(w.limitMs));
    case PolicyWarning::Kind::LateReturnsBeyondRetention:
        if (!w.hop.empty()) {
            // Short: the banner keeps one line per policy where it can, and a route adds a sentence per hop.
            return ReviewWindow::tr("calls reach %1 %2 late, past its %3 window")
                .arg(fromStd(w.hop), d(w.valueMs), d(w.limitMs));
        }
        return ReviewWindow::tr("clients return up to %1 later (late_retry faults), beyond what the service remembers "
                                "(%2)")
            .arg(d(w.valueMs), d(w.limitMs));
    }
    return {};
}

} // namespace

void ReviewWindow::updateNotes()
{
    const ReviewResult* r = m_result.get();
    QStringList warnings;
    QString html;
    m_duplicates->setRowCount(0);
    if (r) {
        for (std::size_t i = 0; i < r->outcomes.size(); ++i) {
            const PolicyOutcome& o = r->outcomes[i];
            if (o.figures && !o.warnings.empty()) {
                QStringList sentences;
                for (const PolicyWarning& w : o.warnings)
                    sentences << warningSentence(w, *o.figures).toHtmlEscaped();
                // One line per policy, its warnings after one another: four policies stay four lines.
                warnings << QStringLiteral("⚠ <b>%1</b> — %2")
                                .arg(fromStd(o.figures->name).toHtmlEscaped(), sentences.join(QStringLiteral(" · ")));
            }
            const Scenario& s = r->policies[i];
            html += QStringLiteral("<p><span style=\"color:%1\">■</span> <b>%2</b>: ")
                        .arg(policyColor(int(i)).name(), fromStd(s.name).toHtmlEscaped());
            if (i == 0) {
                html += tr("the baseline");
            } else if (o.differences.empty()) {
                html += tr("the same policies as %1").arg(fromStd(r->policies.front().name).toHtmlEscaped());
            } else {
                QStringList parts;
                for (const std::string& d : o.differences) {
                    const QString text = fromStd(d);
                    const qsizetype space = text.indexOf(QLatin1Char(' '));
                    parts << QStringLiteral("<code>%1</code>%2")
                                 .arg(text.left(space).toHtmlEscaped(), text.mid(space).toHtmlEscaped());
                }
                html += parts.join(QStringLiteral("; "));
            }
            html += QStringLiteral("<br><span style=\"color:gray\">%1</span>")
                        .arg(tr("%1 profile, TTL %2, %3, %4")
                                 .arg(fromStd(std::string(profileName(s.service.profile))),
                                     shownDuration(s.service.ttlMs),
                                     fromStd(std::string(afterExpiryName(s.service.afterExpiry))),
                                     s.service.storeErrors ? tr("errors stored") : tr("an error deletes the record"))
                                 .toHtmlEscaped());
            for (const HopSpec& h : s.route) {
                html
                    += QStringLiteral("<br><span style=\"color:gray\">%1</span>")
                           .arg(tr("→ %1: %2 profile, TTL %3, %4, key %5%6")
                                    .arg(fromStd(h.name), fromStd(std::string(profileName(h.service.profile))),
                                        shownDuration(h.service.ttlMs),
                                        fromStd(std::string(afterExpiryName(h.service.afterExpiry))),
                                        fromStd(std::string(hopKeyName(h.key))), h.effect ? QString() : tr(", a proxy"))
                                    .toHtmlEscaped());
            }
            html += QStringLiteral("</p>");
            if (!o.error.empty())
                html += QStringLiteral("<p style=\"color:%1\">%2</p>")
                            .arg(alarmColor().name(), tr("Failed: %1").arg(fromStd(o.error)).toHtmlEscaped());
            if (!o.figures)
                continue;
            for (const std::string& intent : o.figures->duplicateIntents) {
                const int row = m_duplicates->rowCount();
                m_duplicates->insertRow(row);
                auto* policyItem = new QTableWidgetItem(fromStd(o.figures->name));
                policyItem->setData(Qt::UserRole, int(i));
                policyItem->setForeground(policyColor(int(i)));
                auto* intentItem = new QTableWidgetItem(fromStd(intent));
                intentItem->setForeground(alarmColor());
                intentItem->setToolTip(tr("Click to open %1 on its own in the main window").arg(fromStd(intent)));
                m_duplicates->setItem(row, 0, policyItem);
                m_duplicates->setItem(row, 1, intentItem);
            }
        }
    }
    m_differences->setHtml(
        html.isEmpty() ? tr("<p>Run the review to see what differs from the first policy.</p>") : html);
    m_banner->setText(warnings.join(QStringLiteral("<br>")));
    m_banner->setVisible(!warnings.isEmpty());
    std::int64_t total = 0;
    if (r) {
        for (const PolicyOutcome& o : r->outcomes)
            total += o.figures ? o.figures->intentsWithDuplicates : 0;
    }
    m_notesTabs->setTabText(
        1, total > 0 ? tr("Duplicates (%1)").arg(QLocale().toString(qlonglong(total))) : tr("Duplicates"));
    m_notesTabs->tabBar()->setTabTextColor(1, total > 0 ? alarmColor() : palette().color(QPalette::WindowText));
}

void ReviewWindow::onFiguresActivated(const QModelIndex& index)
{
    if (!index.isValid())
        return;
    const int figure = index.data(ReviewFiguresModel::FigureRole).toInt();
    const bool hopRow = !index.data(ReviewFiguresModel::HopRole).toString().isEmpty();
    if (figure != ReviewFiguresModel::DuplicateEffects && figure != ReviewFiguresModel::DuplicateRate && !hopRow)
        return;
    m_notesTabs->setCurrentWidget(m_duplicates);
    for (int row = 0; row < m_duplicates->rowCount(); ++row) {
        if (m_duplicates->item(row, 0)->data(Qt::UserRole).toInt() == index.column()) {
            m_duplicates->selectRow(row);
            m_duplicates->scrollToItem(m_duplicates->item(row, 0), QAbstractItemView::PositionAtTop);
            return;
        }
    }
}

void ReviewWindow::onDuplicateClicked(int row)
{
    const QTableWidgetItem* policyItem = m_duplicates->item(row, 0);
    const QTableWidgetItem* intentItem = m_duplicates->item(row, 1);
    if (!policyItem || !intentItem)
        return;
    Q_EMIT openIntent(policyItem->data(Qt::UserRole).toInt(), intentItem->text());
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

QString ReviewWindow::warningsText() const
{
    return m_banner->isVisible() ? m_banner->text() : QString();
}

QString ReviewWindow::differencesText() const
{
    return m_differences->toPlainText();
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
