// The live view on a Redis keyspace (see redislivewindow.h).
#include "redislivewindow.h"
#include "stdtext.h"

#include "durationspinbox.h"
#include "icons.h"
#include "liveanomalytext.h"
#include "livemodels.h"
#include "liverecordpanel.h"
#include "livereport.h"
#include "liverules.h"
#include "livetimeline.h"
#include "redisinspector.h"
#include "redisurl.h"
#include "selection.h"
#include "timelineview.h"

#include <QAction>
#include <QComboBox>
#include <QCoreApplication>
#include <QDateTime>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPointer>
#include <QPushButton>
#include <QSaveFile>
#include <QSettings>
#include <QSpinBox>
#include <QSplitter>
#include <QStatusBar>
#include <QStyle>
#include <QTableView>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>

#include <algorithm>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>

namespace iw {

namespace {

const QString kUrlKey = QStringLiteral("liveRedis/url");
const QString kMatchKey = QStringLiteral("liveRedis/match");
const QString kMappingKey = QStringLiteral("liveRedis/mapping");

QString withoutPassword(const RedisUrl& url)
{
    return fromStd(url.display());
}

// Why a kind is not checked on Redis keys, in the language in use (the command line's English is
// redisAnomalyNotApplicableReason).
QString notApplicableReason(LiveAnomalyKind kind)
{
    if (kind == LiveAnomalyKind::ExpiredNotSwept)
        return RedisLiveWindow::tr(
            "Redis deletes a key itself once its expiry passes: there is no sweeper for a record to wait for");
    return {};
}

} // namespace

// ---- the dialog ------------------------------------------------------------------------------------------------

RedisLiveConnectDialog::RedisLiveConnectDialog(QWidget* parent)
    : QDialog(parent)
{
    auto* layout = new QVBoxLayout(this);
    m_intro = new QLabel(this);
    m_intro->setWordWrap(true);
    layout->addWidget(m_intro);
    auto* form = new QFormLayout;
    m_urlEdit = new QLineEdit(this);
    m_urlEdit->setClearButtonEnabled(true);
    m_urlLabel = new QLabel(this);
    m_urlLabel->setBuddy(m_urlEdit);
    form->addRow(m_urlLabel, m_urlEdit);
    m_matchEdit = new QLineEdit(this);
    m_matchLabel = new QLabel(this);
    m_matchLabel->setBuddy(m_matchEdit);
    form->addRow(m_matchLabel, m_matchEdit);
    m_mappingEdit = new QComboBox(this);
    m_mappingEdit->setEditable(true);
    for (const std::string& name : redisMappingPresetNames())
        m_mappingEdit->addItem(fromStd(name));
    m_browse = m_mappingEdit->lineEdit()->addAction(
        style()->standardIcon(QStyle::SP_DirOpenIcon), QLineEdit::TrailingPosition);
    connect(m_browse, &QAction::triggered, this, &RedisLiveConnectDialog::chooseMappingFile);
    m_mappingLabel = new QLabel(this);
    m_mappingLabel->setBuddy(m_mappingEdit);
    form->addRow(m_mappingLabel, m_mappingEdit);
    layout->addLayout(form);
    m_result = new QLabel(this);
    m_result->setWordWrap(true);
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_result->setStyleSheet(QStringLiteral("color: #b00020;"));
    layout->addWidget(m_result);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &RedisLiveConnectDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &RedisLiveConnectDialog::reject);
    layout->addWidget(buttons);
    retranslate();

    QSettings settings;
    m_urlEdit->setText(settings.value(kUrlKey, QStringLiteral("redis://127.0.0.1:6379/0")).toString());
    m_matchEdit->setText(settings.value(kMatchKey).toString());
    m_mappingEdit->setCurrentText(settings.value(kMappingKey, QStringLiteral("powertools-redis")).toString());
    resize(600, sizeHint().height());
}

RedisLiveConnectDialog::~RedisLiveConnectDialog() = default;

const RedisUrl& RedisLiveConnectDialog::url() const
{
    static const RedisUrl none;
    return m_url ? *m_url : none;
}

void RedisLiveConnectDialog::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}

void RedisLiveConnectDialog::retranslate()
{
    setWindowTitle(tr("Connect to a live Redis"));
    m_intro->setText(tr("Read the idempotency records a service keeps in Redis: the keys matching a pattern, each read "
                        "through a mapping. Only read commands are sent (SCAN with COUNT, never KEYS), so a user "
                        "allowed +@read suffices; nothing is written."));
    m_urlLabel->setText(tr("&URL:"));
    m_urlEdit->setPlaceholderText(tr("redis://[user:password@]host:port/db  or  unix:///path?db=0"));
    m_urlEdit->setToolTip(tr("A password typed here is used for this window only and never saved."));
    m_matchLabel->setText(tr("&Match:"));
    m_matchEdit->setPlaceholderText(tr("empty: the mapping's pattern (idempotency:* and the like)"));
    m_matchEdit->setToolTip(tr("A SCAN MATCH glob pattern: the keys read as records"));
    m_mappingLabel->setText(tr("Ma&pping:"));
    m_mappingEdit->setToolTip(tr("powertools-redis reads the hash fields or the JSON of the Powertools Redis layer; "
                                 "a mapping file can describe another layout (a hash per key, or a string holding "
                                 "JSON)"));
    m_browse->setToolTip(tr("Choose a mapping file…"));
    m_result->setText(m_problem);
}

void RedisLiveConnectDialog::chooseMappingFile()
{
    const QString file
        = QFileDialog::getOpenFileName(this, tr("Mapping file"), QString(), tr("Mappings (*.json);;All files (*)"));
    if (!file.isEmpty())
        m_mappingEdit->setCurrentText(file);
}

void RedisLiveConnectDialog::setUrl(const QString& url)
{
    m_urlEdit->setText(url);
}

void RedisLiveConnectDialog::setMatch(const QString& match)
{
    m_matchEdit->setText(match);
}

void RedisLiveConnectDialog::setMapping(const QString& presetOrFile)
{
    m_mappingEdit->setCurrentText(presetOrFile);
}

QString RedisLiveConnectDialog::resultText() const
{
    return m_result->text();
}

QString RedisLiveConnectDialog::match() const
{
    return m_matchEdit->text().trimmed();
}

void RedisLiveConnectDialog::accept()
{
    std::string why;
    const auto url = parseRedisUrl(m_urlEdit->text().trimmed().toStdString(), why);
    if (!url) {
        m_problem = fromStd(why);
        if (m_problem.startsWith(QStringLiteral("--redis: ")))
            m_problem.remove(0, 9);
        m_result->setText(m_problem);
        return;
    }
    try {
        const std::string name = m_mappingEdit->currentText().trimmed().toStdString();
        if (!mappingPreset(name) && !QFile::exists(QString::fromStdString(name))) {
            // An unknown name: the presets listed are the ones that read Redis keys.
            std::string names;
            for (const std::string& n : redisMappingPresetNames())
                names += (names.empty() ? "" : ", ") + n;
            throw MappingError(name, {}, "$", "no such mapping preset or file (presets: " + names + ")");
        }
        m_mapping = resolveMapping(name);
    } catch (const MappingError& e) {
        m_problem = fromStd(e.what());
        m_result->setText(m_problem);
        return;
    }
    if (!m_mapping.redis) {
        m_problem = tr("The mapping \"%1\" describes a table, not Redis keys: choose %2 or a mapping file with a "
                       "\"redis\" member.")
                        .arg(fromStd(m_mapping.name), fromStd(redisMappingPresetNames().front()));
        m_result->setText(m_problem);
        return;
    }
    m_url = std::make_unique<RedisUrl>(*url);
    m_problem.clear();
    m_result->clear();
    QSettings settings;
    settings.setValue(kUrlKey, withoutPassword(*m_url));
    settings.setValue(kMatchKey, match());
    settings.setValue(kMappingKey, m_mappingEdit->currentText().trimmed());
    QDialog::accept();
}

// ---- the worker ------------------------------------------------------------------------------------------------

// The window's reading thread: one job at a time, in order. It is detached, and holds this state by a shared
// pointer, so the window can close at once while a read still waits for the server (each wait is bounded).
struct RedisLiveWindow::Worker {
    RedisUrl url;
    LiveMapping mapping;
    std::unique_ptr<RedisInspector> inspector; // the worker's only
    std::mutex mutex;
    std::condition_variable wake;
    std::deque<std::function<void()>> jobs;
    bool stopping = false;

    static void start(const std::shared_ptr<Worker>& self)
    {
        std::thread([self] {
            for (;;) {
                std::function<void()> job;
                {
                    std::unique_lock lock(self->mutex);
                    self->wake.wait(lock, [&] { return self->stopping || !self->jobs.empty(); });
                    if (self->stopping)
                        break;
                    job = std::move(self->jobs.front());
                    self->jobs.pop_front();
                }
                job();
            }
            self->inspector.reset(); // the connection closes on the thread that used it
        }).detach();
    }

    void post(std::function<void()> job)
    {
        {
            std::lock_guard lock(mutex);
            jobs.push_back(std::move(job));
        }
        wake.notify_one();
    }

    void stop()
    {
        {
            std::lock_guard lock(mutex);
            stopping = true;
            jobs.clear();
        }
        wake.notify_one();
    }
};

// ---- the window ------------------------------------------------------------------------------------------------

RedisLiveWindow::RedisLiveWindow(const RedisUrl& url, const LiveMapping& mapping, const QString& match, QWidget* parent)
    : QMainWindow(parent)
    , m_url(std::make_unique<RedisUrl>(url))
    , m_mapping(mapping)
    , m_match(match)
    , m_worker(std::make_shared<Worker>())
{
    m_worker->url = url;
    m_worker->mapping = mapping;
    Worker::start(m_worker);

    m_selection = new Selection(this);
    if (const auto remembered = rememberedRules(withoutPassword(*m_url), rulesKey()))
        m_thresholds = *remembered;
    auto* top = new QWidget(this);
    auto* layout = new QVBoxLayout(top);
    layout->setContentsMargins(6, 6, 6, 0);
    m_header = new QLabel(top);
    m_header->setWordWrap(true);
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_header);
    m_counts = new QLabel(top);
    m_counts->setWordWrap(true);
    layout->addWidget(m_counts);
    m_notChecked = new QLabel(top);
    m_notChecked->setWordWrap(true);
    layout->addWidget(m_notChecked);
    m_notApplicable = new QLabel(top);
    m_notApplicable->setWordWrap(true);
    m_notApplicable->setObjectName(QStringLiteral("redisNotApplicable"));
    layout->addWidget(m_notApplicable);
    m_timeline = new TimelineView(m_selection, top);
    m_timeline->zoom()->mapping().setMinimumFitRowHeight(12); // a page's lanes stay readable: they scroll
    layout->addWidget(m_timeline, 1);
    m_timeCaption = new QLabel(top);
    m_timeCaption->setWordWrap(true);
    QFont small = m_timeCaption->font();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    m_timeCaption->setFont(small);
    layout->addWidget(m_timeCaption);

    auto* bottom = new QWidget(this);
    auto* bottomLayout = new QVBoxLayout(bottom);
    bottomLayout->setContentsMargins(0, 0, 0, 0);
    m_records = new LiveRecordsModel(this);
    m_recordsView = new QTableView(bottom);
    m_recordsView->setModel(m_records);
    m_recordsView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_recordsView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_recordsView->verticalHeader()->hide();
    m_recordsView->horizontalHeader()->setStretchLastSection(true);
    m_recordsView->setAlternatingRowColors(true);
    m_recordsView->setWordWrap(false);
    m_recordsView->horizontalHeader()->moveSection(
        LiveRecordsModel::AnomaliesColumn, LiveRecordsModel::StateColumn + 1);
    connect(m_recordsView->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this] {
        if (m_syncingSelection)
            return;
        const QModelIndex current = m_recordsView->currentIndex();
        m_selection->select(-1, current.isValid() ? current.row() : -1);
    });
    connect(m_selection, &Selection::changed, this, &RedisLiveWindow::onSelectionChanged);
    bottomLayout->addWidget(m_recordsView, 1);
    m_unreadable = new QLabel(bottom);
    m_unreadable->setWordWrap(true);
    m_unreadable->setTextInteractionFlags(Qt::TextSelectableByMouse);
    bottomLayout->addWidget(m_unreadable);
    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(top);
    splitter->addWidget(bottom);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    setCentralWidget(splitter);

    m_anomalies = new LiveAnomaliesModel(this);
    m_anomaliesView = new QTableView(this);
    m_anomaliesView->setModel(m_anomalies);
    m_anomaliesView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_anomaliesView->verticalHeader()->hide();
    m_anomaliesView->horizontalHeader()->setStretchLastSection(true);
    // An anomaly clicked selects its key when it is on the page shown.
    connect(m_anomaliesView, &QTableView::clicked, this, [this](const QModelIndex& index) {
        if (!index.isValid() || index.row() >= m_anomalies->rowCount())
            return;
        const LiveAnomaly& a = m_anomalies->anomaly(index.row());
        const std::vector<LiveRecord>& records = m_records->records();
        for (std::size_t i = 0; i < records.size(); ++i)
            if (records[i].cursor == a.cursor) {
                m_selection->select(-1, static_cast<int>(i));
                return;
            }
    });
    m_anomaliesDock = new QDockWidget(this);
    m_anomaliesDock->setObjectName(QStringLiteral("redisAnomalies"));
    m_anomaliesDock->setWidget(m_anomaliesView);
    m_anomaliesDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    addDockWidget(Qt::RightDockWidgetArea, m_anomaliesDock);
    m_recordPanel = new LiveRecordPanel(this);
    connect(m_recordPanel, &LiveRecordPanel::wholeBodyRequested, this,
        [this] { readSelectedRecord(m_selection->scope(), true); });
    m_recordDock = new QDockWidget(this);
    m_recordDock->setObjectName(QStringLiteral("redisRecordDock"));
    m_recordDock->setWidget(m_recordPanel);
    m_recordDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    addDockWidget(Qt::RightDockWidgetArea, m_recordDock);
    tabifyDockWidget(m_anomaliesDock, m_recordDock);
    m_anomaliesDock->raise();
    resizeDocks({ m_anomaliesDock }, { 480 }, Qt::Horizontal);

    m_state = new QLabel(this);
    m_state->setTextInteractionFlags(Qt::TextSelectableByMouse);
    statusBar()->addWidget(m_state, 1);

    m_followTimer = new QTimer(this);
    m_followTimer->setInterval(5000);
    connect(m_followTimer, &QTimer::timeout, this, [this] {
        if (!m_busy)
            read(m_cursor, false);
    });
    createActions();
    retranslate();
    resize(1280, 800);
    m_stateText = [] { return tr("Reading the keyspace…"); };
    read(QStringLiteral("0"), true);
}

RedisLiveWindow::~RedisLiveWindow()
{
    m_worker->stop(); // never waits: a read still running ends on its own thread
}

void RedisLiveWindow::createActions()
{
    QStyle* s = style();
    m_refresh = new QAction(s->standardIcon(QStyle::SP_BrowserReload), QString(), this);
    m_refresh->setShortcut(QKeySequence::Refresh);
    connect(m_refresh, &QAction::triggered, this, &RedisLiveWindow::refresh);
    m_follow = new QAction(s->standardIcon(QStyle::SP_MediaPlay), QString(), this);
    m_follow->setCheckable(true);
    connect(m_follow, &QAction::toggled, this, &RedisLiveWindow::setFollowing);
    m_first = new QAction(s->standardIcon(QStyle::SP_MediaSkipBackward), QString(), this);
    connect(m_first, &QAction::triggered, this, &RedisLiveWindow::firstPage);
    m_previous = new QAction(s->standardIcon(QStyle::SP_MediaSeekBackward), QString(), this);
    connect(m_previous, &QAction::triggered, this, &RedisLiveWindow::previousPage);
    m_next = new QAction(s->standardIcon(QStyle::SP_MediaSeekForward), QString(), this);
    connect(m_next, &QAction::triggered, this, &RedisLiveWindow::nextPage);
    m_close = new QAction(this);
    m_close->setShortcut(QKeySequence::Close);
    connect(m_close, &QAction::triggered, this, &QWidget::close);
    addAction(m_close);
    m_rules = new QAction(this);
    connect(m_rules, &QAction::triggered, this, &RedisLiveWindow::editRules);
    m_export = new QAction(this);
    connect(m_export, &QAction::triggered, this, &RedisLiveWindow::exportAnomaliesInteractive);
    m_exportReport = new QAction(this);
    connect(m_exportReport, &QAction::triggered, this, &RedisLiveWindow::exportReportInteractive);

    m_interval = new QSpinBox(this);
    m_interval->setRange(1, 3600);
    m_interval->setValue(5);
    connect(
        m_interval, &QSpinBox::valueChanged, this, [this](int seconds) { m_followTimer->setInterval(seconds * 1000); });
    m_intervalLabel = new QLabel(this);
    m_intervalLabel->setBuddy(m_interval);

    QToolBar* bar = addToolBar(QString());
    bar->setObjectName(QStringLiteral("redisLive"));
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->addAction(m_refresh);
    bar->addAction(m_follow);
    bar->addWidget(m_intervalLabel);
    bar->addWidget(m_interval);
    bar->addSeparator();
    bar->addAction(m_first);
    bar->addAction(m_previous);
    bar->addAction(m_next);
    bar->addSeparator();
    bar->addAction(m_rules);
    bar->addAction(m_export);

    m_fileMenu = menuBar()->addMenu(QString());
    m_fileMenu->addAction(m_export);
    m_fileMenu->addAction(m_exportReport);
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_close);
    m_anomaliesMenu = menuBar()->addMenu(QString());
    m_anomaliesMenu->addAction(m_rules);
    updateActions();
}

void RedisLiveWindow::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QMainWindow::changeEvent(event);
}

void RedisLiveWindow::retranslate()
{
    setWindowTitle(tr("Live Redis — %1").arg(withoutPassword(*m_url)));
    m_refresh->setText(tr("&Refresh"));
    m_refresh->setToolTip(tr("Scan the keyspace again and read this page anew"));
    m_follow->setText(tr("&Follow"));
    m_follow->setToolTip(tr("Scan again at the interval chosen, until you stop it or a read fails"));
    m_intervalLabel->setText(tr(" every "));
    m_interval->setSuffix(tr(" s"));
    m_first->setText(tr("F&irst page"));
    m_first->setToolTip(tr("The page at scan cursor 0"));
    m_previous->setText(tr("&Previous page"));
    m_previous->setToolTip(tr("The page before this one, at the scan cursor it started at"));
    m_next->setText(tr("&Next page"));
    m_next->setToolTip(tr("The page at the scan cursor this one ended at"));
    m_close->setText(tr("&Close"));
    m_rules->setText(tr("R&ules…"));
    m_rules->setToolTip(tr("The anomaly rules for these keys (remembered for this URL and pattern)"));
    m_export->setText(tr("&Export anomalies (CSV)…"));
    m_export->setToolTip(tr("Write the anomalies of the snapshot on screen as CSV"));
    m_exportReport->setText(tr("Export &report (JSON)…"));
    m_exportReport->setToolTip(tr("Write the snapshot on screen as the JSON report inspect --redis prints"));
    m_fileMenu->setTitle(tr("&File"));
    m_anomaliesMenu->setTitle(tr("&Anomalies"));
    m_anomaliesDock->setWindowTitle(tr("Anomalies"));
    m_recordDock->setWindowTitle(tr("Record"));
    m_timeline->setEmptyText(tr("No records on this page."));
    m_notApplicable->setText(notApplicableText());
    m_header->setText(tr("<b>%1</b> — keys matching <b>%2</b>, read through the mapping <b>%3</b>, read only")
                          .arg(withoutPassword(*m_url).toHtmlEscaped(),
                              (m_snapshot ? fromStd(m_snapshot->match) : m_match).toHtmlEscaped(),
                              fromStd(m_mapping.name).toHtmlEscaped()));
    m_records->retranslate();
    m_anomalies->retranslate();
    showSnapshotTexts();
}

void RedisLiveWindow::setPageSize(int records)
{
    m_pageSize = std::max(1, records);
}

void RedisLiveWindow::setScanCount(int count)
{
    m_scanCount = std::clamp(count, 1, 100'000);
}

void RedisLiveWindow::setFollowIntervalSeconds(int seconds)
{
    m_interval->setValue(seconds);
    m_followTimer->setInterval(seconds * 1000);
}

void RedisLiveWindow::read(const QString& cursor, bool newPage)
{
    if (m_busy)
        return;
    m_busy = true;
    m_asked = cursor;
    m_askedNewPage = newPage;
    updateActions();
    RedisInspectOptions options;
    options.match = m_match.toStdString();
    options.cursor = cursor.toStdString();
    options.scanCount = m_scanCount;
    options.live.page.limit = m_pageSize;
    options.live.thresholds = m_thresholds;
    QPointer<RedisLiveWindow> self(this);
    Worker* worker = m_worker.get();
    m_worker->post([self, worker, options, newPage] {
        std::shared_ptr<RedisSnapshot> snapshot;
        QString failure;
        for (int attempt = 0; attempt < 2 && !snapshot; ++attempt) {
            try {
                if (!worker->inspector)
                    worker->inspector = std::make_unique<RedisInspector>(worker->url, worker->mapping);
                snapshot = std::make_shared<RedisSnapshot>(worker->inspector->snapshot(options));
            } catch (const LiveError& e) {
                failure = fromStd(e.what());
                worker->inspector.reset(); // the next read connects anew
                // A connection that broke is dialled again once; anything else is said at once.
                if (e.kind() != LiveError::Kind::ConnectionLost)
                    break;
            } catch (const std::exception& e) {
                failure = fromStd(e.what());
                worker->inspector.reset();
                break;
            }
        }
        QMetaObject::invokeMethod(
            QCoreApplication::instance(),
            [self, snapshot, failure, newPage] {
                if (!self)
                    return;
                if (snapshot)
                    self->onSnapshot(snapshot, newPage);
                else
                    self->onFailed(failure);
            },
            Qt::QueuedConnection);
    });
}

void RedisLiveWindow::onSnapshot(std::shared_ptr<const RedisSnapshot> snapshot, bool newPage)
{
    m_busy = false;
    m_stopped = false;
    if (newPage && m_asked != m_cursor) {
        if (m_asked == QLatin1String("0"))
            m_earlier.clear();
        else if (!m_earlier.empty() && m_earlier.back() == m_asked)
            m_earlier.pop_back(); // Previous: the page before is now shown
        else
            m_earlier.push_back(m_cursor);
    }
    m_cursor = m_asked;
    m_snapshot = std::move(snapshot);
    // The key selected stays selected when it is on the page read again.
    std::optional<std::string> selectedKey;
    const int selected = m_selection->scope();
    if (selected >= 0 && selected < m_records->rowCount() && !m_records->records()[selected].cursor.empty())
        selectedKey = m_records->records()[selected].cursor.front();
    m_syncingSelection = true;
    m_selection->clear();
    m_syncingSelection = false;
    m_records->setRecords(m_snapshot->live.page.records, m_snapshot->live.nowMs);
    m_anomalies->setAnomalies(m_snapshot->live.anomalies);
    if (newPage)
        m_recordsView->resizeColumnsToContents();
    showTimeline(newPage);
    int again = -1;
    for (std::size_t i = 0; selectedKey && i < m_snapshot->live.page.records.size(); ++i)
        if (!m_snapshot->live.page.records[i].cursor.empty()
            && m_snapshot->live.page.records[i].cursor.front() == selectedKey)
            again = static_cast<int>(i);
    if (again >= 0)
        m_selection->select(-1, again);
    else
        onSelectionChanged();
    m_stateAlarm = false;
    m_stateText = [this] {
        const QString time = absoluteTime(m_snapshot->live.nowMs);
        const QString clock = m_snapshot->clockFromServer ? tr("the server's clock")
                                                          : tr("this machine's clock: the user may not run TIME");
        const QString page = m_snapshot->nextCursor == "0"
            ? tr("page from scan cursor %1, the last").arg(m_cursor)
            : tr("page from scan cursor %1, the next at %2").arg(m_cursor, fromStd(m_snapshot->nextCursor));
        return tr("Snapshot at %1 (%2); %3").arg(time, clock, page);
    };
    retranslate();
    updateActions();
    Q_EMIT snapshotShown();
    if (m_rereadWhenDone) {
        m_rereadWhenDone = false;
        refresh();
    }
}

void RedisLiveWindow::onFailed(const QString& sentence)
{
    m_busy = false;
    const bool following = m_followTimer->isActive();
    if (following) {
        m_stopped = true;
        m_follow->setChecked(false); // stops the timer
    }
    m_stateAlarm = true;
    m_stateText = [sentence, following] { return following ? tr("stopped: %1").arg(sentence) : sentence; };
    showSnapshotTexts();
    m_rereadWhenDone = false;
    updateActions();
    Q_EMIT failedShown(sentence);
}

void RedisLiveWindow::showSnapshotTexts()
{
    m_state->setStyleSheet(m_stateAlarm ? QStringLiteral("color: #b00020;") : QString());
    m_state->setText(m_stateText ? m_stateText() : QString());
    if (!m_snapshot) {
        m_counts->clear();
        m_notChecked->clear();
        m_unreadable->clear();
        return;
    }
    const RedisSnapshot& s = *m_snapshot;
    const LiveCounts& c = s.live.counts;
    QStringList anomalies;
    for (const LiveAnomalyKind kind : kLiveAnomalyKinds)
        if (redisAnomalyApplies(kind))
            anomalies << tr("%1: %2").arg(fromStd(anomalyKindName(kind))).arg(c.anomaly(kind));
    m_counts->setText(tr("<b>%1</b> records: %2 in progress, %3 completed, %4 expired · %5 keys scanned · %6 without "
                         "expiry · %7 unreadable<br>Anomalies — %8")
                          .arg(c.total)
                          .arg(c.inProgress)
                          .arg(c.completed)
                          .arg(c.expired)
                          .arg(s.keysScanned)
                          .arg(s.keysWithoutExpiry)
                          .arg(s.unreadable)
                          .arg(anomalies.join(QStringLiteral(", "))));
    QStringList notChecked;
    for (const LiveAnomalyKind kind : kLiveAnomalyKinds)
        if (!redisAnomalyApplies(kind))
            notChecked << tr("%1 (%2)").arg(fromStd(anomalyKindName(kind)), notApplicableReason(kind));
    QString line = tr("Not checked on Redis keys: %1.").arg(notChecked.join(QStringLiteral("; ")));
    if (!s.regenerationComplete)
        line += QLatin1Char(' ')
            + tr("suspected_key_regeneration stopped early: more fingerprints than it keeps in memory.");
    m_notChecked->setText(line);
    if (s.unreadable == 0) {
        m_unreadable->clear();
    } else {
        QStringList keys;
        for (const RedisUnreadable& u : s.unreadableKeys)
            keys << tr("%1 (%2): %3").arg(fromStd(u.key), fromStd(u.type), fromStd(u.reason));
        m_unreadable->setText(tr("Unreadable keys: %1 — %2").arg(s.unreadable).arg(keys.join(QStringLiteral("; "))));
    }
}

void RedisLiveWindow::updateActions()
{
    m_refresh->setEnabled(!m_busy);
    m_first->setEnabled(!m_busy && m_cursor != QLatin1String("0"));
    m_previous->setEnabled(!m_busy && !m_earlier.empty());
    m_next->setEnabled(!m_busy && m_snapshot && m_snapshot->nextCursor != "0");
    m_export->setEnabled(m_snapshot != nullptr);
    m_exportReport->setEnabled(m_snapshot != nullptr);
}

void RedisLiveWindow::showTimeline(bool newPage)
{
    const std::vector<LiveRecord>& records = m_records->records();
    const Millis nowMs = m_snapshot->live.nowMs;
    const Millis previousOrigin = m_origin;
    m_origin = feedTimeline(m_timeline->model(), records, nowMs, m_thresholds);
    m_timeline->setNow(nowMs - m_origin);
    TimelineZoom* zoom = m_timeline->zoom();
    if (newPage)
        zoom->fitAll();
    const double visibleStart = zoom->mapping().visibleStart();
    const double visibleEnd = zoom->mapping().visibleEnd();
    m_timeline->refresh();
    if (!newPage && m_origin != previousOrigin) { // the same page read again: the instants looked at stay in view
        const double shift = static_cast<double>(previousOrigin - m_origin);
        zoom->mapping().setVisibleRange(visibleStart + shift, visibleEnd + shift);
        m_timeline->refresh();
    }
    if (records.empty())
        m_timeCaption->setText(tr("No records on this page."));
    else
        m_timeCaption->setText(
            tr("%1 on this page (by key name); the axis counts from %2, the earliest time shown; "
               "now is %3 (%4).")
                .arg(tr("%Ln records", nullptr, static_cast<int>(records.size())), absoluteTime(m_origin),
                    absoluteTime(nowMs),
                    m_snapshot->clockFromServer ? tr("the server's clock") : tr("this machine's clock")));
}

void RedisLiveWindow::onSelectionChanged()
{
    if (m_syncingSelection)
        return;
    const int row = m_selection->scope();
    readSelectedRecord(row);
    m_syncingSelection = true;
    if (row >= 0 && row < m_records->rowCount()) {
        m_recordsView->selectRow(row);
        m_recordsView->scrollTo(m_records->index(row, 0));
    } else {
        m_recordsView->clearSelection();
    }
    m_syncingSelection = false;
}

void RedisLiveWindow::readSelectedRecord(int row, bool fullBody)
{
    const std::vector<LiveRecord>& records = m_records->records();
    if (row < 0 || row >= static_cast<int>(records.size()) || records[row].cursor.empty()
        || !records[row].cursor.front()) {
        m_keyAsked.clear();
        m_recordPanel->showMessage([] {
            return tr("Select a record to read its key whole: every field, its expiry and the stored response body.");
        });
        return;
    }
    const LiveRecord record = records[row];
    const std::string key = *record.cursor.front();
    m_keyAsked = fromStd(key);
    m_recordPanel->showMessage([] { return tr("Reading the key…"); });
    QPointer<RedisLiveWindow> self(this);
    Worker* worker = m_worker.get();
    const Millis nowMs = m_snapshot ? m_snapshot->live.nowMs : record.createdMs;
    m_worker->post([self, worker, key, record, fullBody, nowMs] {
        std::shared_ptr<LiveKeyRow> row;
        QString failure;
        try {
            if (!worker->inspector)
                worker->inspector = std::make_unique<RedisInspector>(worker->url, worker->mapping);
            row = std::make_shared<LiveKeyRow>(worker->inspector->readKey(key, fullBody));
            row->record = record;
        } catch (const LiveError& e) {
            failure = fromStd(e.what());
            if (e.kind() != LiveError::Kind::BadInput)
                worker->inspector.reset(); // the next read connects anew
        } catch (const std::exception& e) {
            failure = fromStd(e.what());
            worker->inspector.reset();
        }
        QMetaObject::invokeMethod(
            QCoreApplication::instance(),
            [self, row, failure, key, nowMs] {
                if (!self || self->m_keyAsked != fromStd(key)) // another key is selected since
                    return;
                if (row)
                    self->m_recordPanel->showRow(row, nowMs, fromStd(self->m_mapping.responseBody.column));
                else
                    self->m_recordPanel->showMessage([failure] { return failure; });
                Q_EMIT self->recordShown();
            },
            Qt::QueuedConnection);
    });
}

QString RedisLiveWindow::notApplicableText() const
{
    return tr("Not on a Redis keyspace: seeking by time or by key order, and a last page (a scan has no order of its "
              "own and only goes forward: pages follow the scan cursor, each shown by key name); the sweeper's horizon "
              "(Redis deletes a key itself once its expiry passes); effects (no business tables beside the keys).");
}

QString RedisLiveWindow::rulesKey() const
{
    // Rules are remembered per keyspace: the URL (without its password) and the pattern asked for.
    return tr("keys matching %1").arg(m_match.isEmpty() ? QStringLiteral("(the mapping's pattern)") : m_match);
}

namespace {

DurationSpinBox* addDurationRow(QWidget* parent, QFormLayout* form, const QString& label, Millis ms, const QString& tip)
{
    auto* field = new DurationSpinBox(parent);
    field->setValue(ms);
    field->setToolTip(tip);
    form->addRow(label, field);
    return field;
}

} // namespace

void RedisLiveWindow::editRules()
{
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Anomaly rules for %1").arg(rulesKey()));
    auto* form = new QFormLayout(&dialog);
    auto* intro = new QLabel(tr("These rules apply to the keys matching %1 at %2 only and are remembered for them.")
                                 .arg((m_match.isEmpty() ? tr("the mapping's pattern") : m_match).toHtmlEscaped(),
                                     withoutPassword(*m_url).toHtmlEscaped()),
        &dialog);
    intro->setWordWrap(true);
    form->addRow(intro);
    std::vector<std::pair<LiveAnomalyKind, DurationSpinBox*>> fields;
    for (const LiveAnomalyKind kind : kLiveAnomalyKinds) {
        if (kind == LiveAnomalyKind::TimeOutOfRange)
            continue; // a time is in its unit's range or it is not: no threshold
        const QString label
            = tr("%1 (%2):").arg(fromStd(std::string(anomalyKindName(kind))), shownThresholdMeaning(kind));
        if (!redisAnomalyApplies(kind)) {
            auto* why = new QLabel(tr("does not apply: %1").arg(notApplicableReason(kind)), &dialog);
            why->setWordWrap(true);
            form->addRow(label, why);
            continue;
        }
        fields.emplace_back(
            kind, addDurationRow(&dialog, form, label, m_thresholds[kind], shownRule(kind, m_thresholds)));
    }
    const DurationSpinBox* lookback
        = addDurationRow(&dialog, form, tr("Regeneration look-back:"), m_thresholds.regenerationLookbackMs,
            tr("suspected_key_regeneration looks at the keys created this long before now"));
    auto* limit = new QSpinBox(&dialog);
    limit->setRange(0, 10'000);
    limit->setValue(m_thresholds.listLimit);
    limit->setToolTip(tr("Anomalies listed per kind; the counts and the exports always cover them all"));
    form->addRow(tr("Listed per kind:"), limit);
    auto* buttons = new QDialogButtonBox(
        QDialogButtonBox::Ok | QDialogButtonBox::Cancel | QDialogButtonBox::RestoreDefaults, &dialog);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    bool defaults = false;
    connect(buttons->button(QDialogButtonBox::RestoreDefaults), &QPushButton::clicked, &dialog, [&] {
        defaults = true;
        dialog.accept();
    });
    if (dialog.exec() != QDialog::Accepted)
        return;
    AnomalyThresholds t;
    if (!defaults) {
        t = m_thresholds;
        for (const auto& [kind, field] : fields)
            t[kind] = field->value();
        t.regenerationLookbackMs = std::max<Millis>(1, lookback->value());
        t.listLimit = limit->value();
    }
    applyRules(t);
}

void RedisLiveWindow::applyRules(const AnomalyThresholds& thresholds)
{
    m_thresholds = thresholds;
    rememberRules(withoutPassword(*m_url), rulesKey(), thresholds);
    if (m_busy)
        m_rereadWhenDone = true; // the read running counts with the rules before
    else
        refresh();
}

void RedisLiveWindow::exportAnomalies(const QString& path)
{
    startExport(path, path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive));
}

void RedisLiveWindow::exportReport(const QString& path)
{
    startExport(path, true);
}

void RedisLiveWindow::startExport(const QString& path, bool json)
{
    if (!m_snapshot) {
        Q_EMIT exportFinished(path, tr("nothing to export yet: no snapshot has been taken"));
        return;
    }
    // The snapshot on screen, never a fresh one: its counts, the anomalies it lists, its page, the rules it used.
    const RedisSnapshot& shown = *m_snapshot;
    const QByteArray bytes = QByteArray::fromStdString(
        json ? redisInspectionJson(shown, shown.live.thresholds) : anomaliesCsv(shown.live));
    QSaveFile file(path);
    QString error;
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
        error = tr("cannot write %1: %2").arg(path, file.errorString());
    const QString when = absoluteTime(shown.live.nowMs);
    const int listed = static_cast<int>(shown.live.anomalies.size());
    long long counted = 0;
    for (const LiveAnomalyKind kind : kLiveAnomalyKinds)
        counted += shown.live.counts.anomaly(kind);
    if (error.isEmpty() && anomaliesComplete(shown.live))
        statusBar()->showMessage(
            tr("Exported %n anomalies to %1 (the snapshot of %2)", "", listed).arg(path, when), 8000);
    else if (error.isEmpty())
        statusBar()->showMessage(tr("Exported the %1 anomalies listed of %2 to %3 (the snapshot of %4, which lists at "
                                    "most %5 of each kind: Rules… lists more)")
                                     .arg(QLocale().toString(listed), QLocale().toString(counted), path, when,
                                         QLocale().toString(shown.live.thresholds.listLimit)),
            12000);
    else if (m_interactiveExport)
        QMessageBox::warning(this, tr("Export"), error + QLatin1Char('.'));
    else
        statusBar()->showMessage(error, 8000);
    m_interactiveExport = false;
    Q_EMIT exportFinished(path, error);
}

void RedisLiveWindow::exportAnomaliesInteractive()
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export anomalies"), QStringLiteral("anomalies.csv"), tr("Anomalies as CSV (*.csv)"));
    if (path.isEmpty())
        return;
    m_interactiveExport = true;
    startExport(path, false);
}

void RedisLiveWindow::exportReportInteractive()
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export the inspection report"), QStringLiteral("inspection.json"), tr("Inspection report (*.json)"));
    if (path.isEmpty())
        return;
    m_interactiveExport = true;
    startExport(path, true);
}

const RedisSnapshot* RedisLiveWindow::snapshot() const
{
    return m_snapshot.get();
}

QString RedisLiveWindow::stateText() const
{
    return m_state->text();
}

QString RedisLiveWindow::countsText() const
{
    QString text = m_counts->text();
    text.replace(QStringLiteral("<br>"), QStringLiteral("\n"));
    text.remove(QStringLiteral("<b>")).remove(QStringLiteral("</b>"));
    return text;
}

QString RedisLiveWindow::notCheckedText() const
{
    return m_notChecked->text();
}

QString RedisLiveWindow::unreadableText() const
{
    return m_unreadable->text();
}

void RedisLiveWindow::refresh()
{
    read(m_cursor, false);
}

void RedisLiveWindow::firstPage()
{
    read(QStringLiteral("0"), true);
}

void RedisLiveWindow::previousPage()
{
    if (!m_earlier.empty())
        read(m_earlier.back(), true);
}

void RedisLiveWindow::nextPage()
{
    if (m_snapshot && m_snapshot->nextCursor != "0")
        read(fromStd(m_snapshot->nextCursor), true);
}

void RedisLiveWindow::setFollowing(bool on)
{
    if (m_follow->isChecked() != on) {
        m_follow->setChecked(on); // comes back here through toggled
        return;
    }
    if (on) {
        m_followTimer->start();
        if (!m_busy)
            read(m_cursor, false);
    } else {
        m_followTimer->stop();
    }
}

RedisLiveWindow* showLiveRedis(QWidget* parent)
{
    RedisLiveConnectDialog dialog(parent);
    if (dialog.exec() != QDialog::Accepted)
        return nullptr;
    auto* window = new RedisLiveWindow(dialog.url(), dialog.mapping(), dialog.match(), nullptr);
    window->setAttribute(Qt::WA_DeleteOnClose);
    window->show();
    return window;
}

} // namespace iw
