// The live view of a source read along a forward cursor (see cursorlivewindow.h).
#include "cursorlivewindow.h"
#include "stdtext.h"

#include "duration.h"
#include "durationspinbox.h"
#include "liveanomalytext.h"
#include "livekeychoice.h"
#include "livemodels.h"
#include "liverecordpanel.h"
#include "livereport.h"
#include "liverules.h"
#include "livewidgets.h"
#include "livewindow.h"
#include "selection.h"
#include "timelineview.h"

#include <QAction>
#include <QComboBox>
#include <QCoreApplication>
#include <QDateTime>
#include <QDialog>
#include <QDockWidget>
#include <QEvent>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPointer>
#include <QSpinBox>
#include <QSplitter>
#include <QStatusBar>
#include <QStyle>
#include <QTableView>
#include <QTextDocument>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>

namespace iw {

// ---- the worker ------------------------------------------------------------------------------------------------

// The window's reading thread: one job at a time, in order. It is detached, and holds this state by a shared
// pointer, so the window can close at once while a read still waits for the server (each wait is bounded).
struct CursorLiveWindow::Worker {
    std::unique_ptr<CursorLiveSource> source; // the worker's only
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
            self->source.reset(); // the connection closes on the thread that used it
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

LiveKeyLookup CursorLiveSource::findKey(const std::string&, const AnomalyThresholds&)
{
    throw LiveError(LiveError::Kind::BadInput, "this source cannot seek to a key");
}

// ---- the window ------------------------------------------------------------------------------------------------

CursorLiveWindow::CursorLiveWindow(const QString& where, const LiveMapping& mapping, QWidget* parent)
    : QMainWindow(parent)
    , m_where(where)
    , m_mapping(mapping)
    , m_worker(std::make_shared<Worker>())
{
    m_selection = new Selection(this);
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
    m_notApplicable->setObjectName(QStringLiteral("notApplicable"));
    layout->addWidget(m_notApplicable);
    m_timeline = new TimelineView(m_selection, top);
    m_timeline->zoom()->mapping().setMinimumFitRowHeight(12); // a page's lanes stay readable: they scroll
    layout->addWidget(m_timeline, 1);
    m_timeCaption = makeTimeCaption(top);
    layout->addWidget(m_timeCaption);

    auto* bottom = new QWidget(this);
    auto* bottomLayout = new QVBoxLayout(bottom);
    bottomLayout->setContentsMargins(0, 0, 0, 0);
    m_records = new LiveRecordsModel(this);
    m_recordsView = makeRecordsView(m_records, bottom);
    connect(m_recordsView->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this] {
        if (m_syncingSelection)
            return;
        const QModelIndex current = m_recordsView->currentIndex();
        m_selection->select(-1, current.isValid() ? current.row() : -1);
    });
    connect(m_selection, &Selection::changed, this, &CursorLiveWindow::onSelectionChanged);
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

    // The anomalies dock: how they are listed (when the engine offers a choice), the count per actor when listed so,
    // the list, and the one clicked said in full with the business rows its keys caused.
    auto* anomalies = new QWidget(this);
    auto* aLayout = new QVBoxLayout(anomalies);
    aLayout->setContentsMargins(4, 4, 4, 4);
    m_listingRow = new QWidget(anomalies);
    auto* listingLayout = new QHBoxLayout(m_listingRow);
    listingLayout->setContentsMargins(0, 0, 0, 0);
    m_listingLabel = new QLabel(m_listingRow);
    m_listingBox = makeAnomalyListingBox(m_listingRow, m_listingLabel);
    listingLayout->addWidget(m_listingLabel);
    listingLayout->addWidget(m_listingBox, 1);
    m_listingRow->setVisible(false);
    connect(m_listingBox, &QComboBox::activated, this, [this] {
        CursorLiveChoice choice = m_choice;
        choice.listing = anomalyListingOf(m_listingBox);
        read(m_cursor, choice, false);
    });
    aLayout->addWidget(m_listingRow);
    m_byActor = new QLabel(anomalies);
    m_byActor->setObjectName(QStringLiteral("anomaliesByActor"));
    m_byActor->setWordWrap(true);
    m_byActor->setTextFormat(Qt::RichText);
    m_byActor->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_byActor->setVisible(false);
    aLayout->addWidget(m_byActor);
    m_anomalies = new LiveAnomaliesModel(this);
    m_anomaliesView = new QTableView(anomalies);
    m_anomaliesView->setModel(m_anomalies);
    m_anomaliesView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_anomaliesView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_anomaliesView->verticalHeader()->hide();
    m_anomaliesView->horizontalHeader()->setStretchLastSection(true);
    m_anomaliesView->setColumnHidden(LiveAnomaliesModel::DetailColumn, true); // said below, in full
    m_anomaliesView->horizontalHeader()->setSectionResizeMode(
        LiveAnomaliesModel::KindColumn, QHeaderView::ResizeToContents);
    m_anomaliesView->setWordWrap(false);
    m_anomaliesView->setTextElideMode(Qt::ElideMiddle);
    connect(m_anomaliesView, &QTableView::clicked, this, [this](const QModelIndex& index) {
        if (index.isValid())
            showAnomaly(index.row());
    });
    aLayout->addWidget(m_anomaliesView, 1);
    m_anomalyDetail = new QLabel(anomalies);
    m_anomalyDetail->setObjectName(QStringLiteral("anomalyDetail"));
    m_anomalyDetail->setWordWrap(true);
    m_anomalyDetail->setTextFormat(Qt::RichText);
    m_anomalyDetail->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_anomalyDetail->setMinimumHeight(m_anomalyDetail->fontMetrics().lineSpacing() * 4);
    m_anomalyDetail->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    aLayout->addWidget(m_anomalyDetail);
    m_anomaliesDock = new QDockWidget(this);
    m_anomaliesDock->setObjectName(QStringLiteral("liveAnomalies"));
    m_anomaliesDock->setWidget(anomalies);
    m_anomaliesDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    addDockWidget(Qt::RightDockWidgetArea, m_anomaliesDock);
    m_recordPanel = new LiveRecordPanel(this);
    connect(m_recordPanel, &LiveRecordPanel::wholeBodyRequested, this,
        [this] { readSelectedRecord(m_selection->scope(), true); });
    m_recordDock = addRecordDock(this, m_recordPanel, m_anomaliesDock, 480);

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
    resize(1280, 800);
}

void CursorLiveWindow::start(std::unique_ptr<CursorLiveSource> source)
{
    m_worker->source = std::move(source);
    Worker::start(m_worker);
    if (const auto remembered = rememberedRules(m_where, rulesKey()))
        m_thresholds = *remembered;
    m_cursor = firstCursor();
    m_orderBoxAction->setVisible(offersChoices());
    m_listingRow->setVisible(offersChoices());
    // The Go bar, Last page and the Go menu's seeks, for an engine that seeks.
    m_seekBar->setVisible(offersSeeking());
    for (QAction* a : { m_last, m_seek.goKey, m_seek.goTimeField, m_seek.goTime })
        a->setVisible(offersSeeking());
    m_stateText = [this] { return readingText(); };
    retranslate();
    updateActions(); // the engine's hooks answer only from here on
    read(firstCursor(), true);
}

QString CursorLiveWindow::extraLine(const CursorLivePage&) const
{
    return {};
}

bool CursorLiveWindow::offersChoices() const
{
    return false;
}

bool CursorLiveWindow::offersSeeking() const
{
    return false;
}

bool CursorLiveWindow::offersSweeperHorizon() const
{
    return false;
}

QString CursorLiveWindow::lastCursor() const
{
    return {};
}

QString CursorLiveWindow::keyOrderCursor(const QString&) const
{
    return {};
}

QString CursorLiveWindow::timeCursor(Millis) const
{
    return {};
}

QString CursorLiveWindow::recordCursor(const QString&, const LiveKeyRow&) const
{
    return {};
}

QString CursorLiveWindow::keyColumnsText() const
{
    return {};
}

QStringList CursorLiveWindow::keyOrderColumns() const
{
    return {};
}

QString CursorLiveWindow::keyNotFoundText(const QString& key) const
{
    return tr("no record has the idempotency key \"%1\"").arg(key);
}

CursorLiveWindow::~CursorLiveWindow()
{
    m_worker->stop(); // never waits: a read still running ends on its own thread
}

void CursorLiveWindow::createActions()
{
    QStyle* s = style();
    m_refresh = new QAction(s->standardIcon(QStyle::SP_BrowserReload), QString(), this);
    m_refresh->setShortcut(QKeySequence::Refresh);
    connect(m_refresh, &QAction::triggered, this, &CursorLiveWindow::refresh);
    m_follow = new QAction(s->standardIcon(QStyle::SP_MediaPlay), QString(), this);
    m_follow->setCheckable(true);
    connect(m_follow, &QAction::toggled, this, &CursorLiveWindow::setFollowing);
    m_first = new QAction(s->standardIcon(QStyle::SP_MediaSkipBackward), QString(), this);
    m_first->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Home));
    connect(m_first, &QAction::triggered, this, &CursorLiveWindow::firstPage);
    m_previous = new QAction(s->standardIcon(QStyle::SP_MediaSeekBackward), QString(), this);
    m_previous->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_PageUp));
    connect(m_previous, &QAction::triggered, this, &CursorLiveWindow::previousPage);
    m_next = new QAction(s->standardIcon(QStyle::SP_MediaSeekForward), QString(), this);
    m_next->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_PageDown));
    connect(m_next, &QAction::triggered, this, &CursorLiveWindow::nextPage);
    m_last = new QAction(s->standardIcon(QStyle::SP_MediaSkipForward), QString(), this);
    m_last->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_End));
    m_last->setVisible(false);
    connect(m_last, &QAction::triggered, this, &CursorLiveWindow::lastPage);
    m_close = new QAction(this);
    m_close->setShortcut(QKeySequence::Close);
    connect(m_close, &QAction::triggered, this, &QWidget::close);
    addAction(m_close);
    m_rules = new QAction(this);
    connect(m_rules, &QAction::triggered, this, &CursorLiveWindow::editRules);
    m_export = new QAction(this);
    connect(m_export, &QAction::triggered, this, &CursorLiveWindow::exportAnomaliesInteractive);
    m_exportReport = new QAction(this);
    connect(m_exportReport, &QAction::triggered, this, &CursorLiveWindow::exportReportInteractive);

    m_interval = new QSpinBox(this);
    m_interval->setRange(1, 3600);
    m_interval->setValue(5);
    connect(
        m_interval, &QSpinBox::valueChanged, this, [this](int seconds) { m_followTimer->setInterval(seconds * 1000); });
    m_intervalLabel = new QLabel(this);
    m_intervalLabel->setBuddy(m_interval);

    QToolBar* bar = addToolBar(QString());
    bar->setObjectName(QStringLiteral("cursorLive"));
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->addAction(m_refresh);
    bar->addAction(m_follow);
    bar->addWidget(m_intervalLabel);
    bar->addWidget(m_interval);
    bar->addSeparator();
    // The order pages are read in: the key, the creation time from the oldest, or from the newest backwards.
    m_orderBox = new QComboBox(bar);
    m_orderBox->setObjectName(QStringLiteral("pageOrder"));
    // Its longest choice read whole in every language ("по времени создания" was cut).
    m_orderBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_orderBox->addItem(QString());
    m_orderBox->addItem(QString());
    m_orderBox->addItem(QString());
    connect(m_orderBox, &QComboBox::activated, this,
        [this](int index) { setOrder(index == 0 ? LiveOrder::ByKey : LiveOrder::ByTime, index == 2); });
    m_orderBoxAction = bar->addWidget(m_orderBox);
    m_orderBoxAction->setVisible(false);
    bar->addAction(m_first);
    bar->addAction(m_previous);
    bar->addAction(m_next);
    bar->addAction(m_last);
    // Paging by icon (the names are in the tooltips and the Go menu), so the tool bar fits a laptop in every language.
    for (QAction* a : { m_first, m_previous, m_next, m_last })
        if (auto* button = qobject_cast<QToolButton*>(bar->widgetForAction(a)))
            button->setToolButtonStyle(Qt::ToolButtonIconOnly);
    bar->addSeparator();
    bar->addAction(m_rules);
    bar->addAction(m_export);

    // The Go bar, on a row of its own as in the PostgreSQL view: Go to an idempotency key or a key-order value (the
    // box says which, with the columns compared), Go to a time.
    addToolBarBreak();
    m_seekBar = addToolBar(QString());
    m_seekBar->setObjectName(QStringLiteral("cursorLiveSeek"));
    m_seekBar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_seekBar->setVisible(false);
    m_seek = fillSeekBar(m_seekBar, this,
        { [this](const QString& key) { goToKey(key); }, [this](const QString& value) { goToKeyOrder(value); },
            [this](const QString& time) { goToTimeText(time); }, [this] { updateSeekHints(); } });
    m_seek.goTime->setVisible(false);
    m_seekBar->addAction(m_seek.goTime);
    m_seek.goKey->setVisible(false);
    m_seek.goTimeField->setVisible(false);

    m_fileMenu = menuBar()->addMenu(QString());
    m_fileMenu->addAction(m_export);
    m_fileMenu->addAction(m_exportReport);
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_close);
    m_goMenu = menuBar()->addMenu(QString());
    m_goMenu->addAction(m_first);
    m_goMenu->addAction(m_previous);
    m_goMenu->addAction(m_next);
    m_goMenu->addAction(m_last);
    m_goMenu->addSeparator();
    m_goMenu->addAction(m_seek.goKey);
    m_goMenu->addAction(m_seek.goTimeField);
    m_goMenu->addAction(m_seek.goTime);
    m_anomaliesMenu = menuBar()->addMenu(QString());
    m_anomaliesMenu->addAction(m_rules);
}

void CursorLiveWindow::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        m_recordsView->resizeColumnsToContents(); // the headers' words are another length now
    }
    QMainWindow::changeEvent(event);
}

void CursorLiveWindow::retranslate()
{
    const Tips t = tips();
    setWindowTitle(titleText());
    m_refresh->setText(tr("&Refresh"));
    m_refresh->setToolTip(t.refresh);
    m_follow->setText(tr("&Follow"));
    m_follow->setToolTip(t.follow);
    m_intervalLabel->setText(tr(" every "));
    m_interval->setSuffix(tr(" s"));
    m_first->setText(tr("F&irst page"));
    m_first->setToolTip(t.first);
    m_previous->setText(tr("&Previous page"));
    m_previous->setToolTip(t.previous);
    m_next->setText(tr("&Next page"));
    m_next->setToolTip(t.next);
    m_last->setText(tr("&Last page"));
    m_last->setToolTip(tr("The last records of the order chosen (by creation time: the newest; newest first: the "
                          "oldest)"));
    m_seekBar->setWindowTitle(tr("Seek"));
    m_seek.mode->setToolTip(tr("What Go to compares the value with: the idempotency key itself, or the first column of "
                               "the table's unique key (the key order)"));
    updateSeekHints();
    m_seek.time->setPlaceholderText(tr("2026-12-01 08:00:00 UTC"));
    m_seek.time->setToolTip(tr("Seek the time order to the records created at or after this instant (UTC unless an "
                               "offset is given: 2026-12-01 08:00, 2026-12-01T08:00:00Z, …); Enter goes there"));
    m_seek.goTime->setText(tr("Go to time"));
    m_seek.goTime->setToolTip(tr("Read the records created at or after the time typed beside"));
    m_seek.goKey->setText(tr("Go to &key…"));
    m_seek.goKey->setToolTip(tr("Type an idempotency key (or a key-order value) in the seek field"));
    m_seek.goTimeField->setText(tr("Go to &time…"));
    m_seek.goTimeField->setToolTip(tr("Type a time in the time field"));
    m_close->setText(tr("&Close"));
    m_rules->setText(tr("R&ules…"));
    m_rules->setToolTip(t.rules);
    m_export->setText(tr("&Export anomalies (CSV)…"));
    m_export->setToolTip(tr("Write the anomalies of the snapshot on screen as CSV"));
    m_exportReport->setText(tr("Export &report (JSON)…"));
    m_exportReport->setToolTip(t.exportReport);
    m_fileMenu->setTitle(tr("&File"));
    m_goMenu->setTitle(tr("&Go"));
    m_anomaliesMenu->setTitle(tr("&Anomalies"));
    m_anomaliesDock->setWindowTitle(tr("Anomalies"));
    m_recordDock->setWindowTitle(tr("Record"));
    m_orderBox->setItemText(0, tr("by key"));
    m_orderBox->setItemText(1, tr("by creation time"));
    m_orderBox->setItemText(2, tr("newest first"));
    m_orderBox->setToolTip(tr("The order pages are read in: the table's unique key, the creation time from the "
                              "oldest, or from the newest backwards (the next page holds older records)"));
    retranslateAnomalyListingBox(m_listingBox, m_listingLabel);
    m_anomaliesView->setToolTip(tr("Click an anomaly to see why it is listed, with the business rows its keys "
                                   "caused, and to select its record when it is on this page"));
    m_timeline->setEmptyText(tr("No records on this page."));
    m_notApplicable->setText(notApplicableText());
    m_header->setText(headerText());
    m_records->retranslate();
    m_anomalies->retranslate();
    showSnapshotTexts();
    showTimeCaption(); // in the language now in use
}

void CursorLiveWindow::setPageSize(int records)
{
    m_pageSize = std::max(1, records);
}

void CursorLiveWindow::setFollowIntervalSeconds(int seconds)
{
    m_interval->setValue(seconds);
    m_followTimer->setInterval(seconds * 1000);
}

void CursorLiveWindow::read(const QString& cursor, bool newPage)
{
    read(cursor, m_choice, newPage);
}

void CursorLiveWindow::read(const QString& cursor, const CursorLiveChoice& choice, bool newPage)
{
    if (m_busy)
        return;
    m_busy = true;
    m_asked = cursor;
    m_askedChoice = choice;
    m_askedNewPage = newPage;
    updateActions();
    const AnomalyThresholds thresholds = m_thresholds;
    const int pageSize = m_pageSize;
    const std::optional<Millis> dueWithin
        = offersSweeperHorizon() ? std::optional<Millis>(m_dueWithinMs) : std::nullopt;
    QPointer<CursorLiveWindow> self(this);
    Worker* worker = m_worker.get();
    m_worker->post([self, worker, cursor, choice, thresholds, pageSize, dueWithin, newPage] {
        std::shared_ptr<const CursorLivePage> page;
        QString failure;
        for (int attempt = 0; attempt < 2 && !page; ++attempt) {
            try {
                page = worker->source->read(cursor, choice, thresholds, pageSize, dueWithin);
            } catch (const LiveError& e) {
                failure = fromStd(e.what());
                worker->source->reset(); // the next read connects anew
                // A connection that broke is dialled again once; anything else is said at once.
                if (e.kind() != LiveError::Kind::ConnectionLost)
                    break;
            } catch (const std::exception& e) {
                failure = fromStd(e.what());
                worker->source->reset();
                break;
            }
        }
        QMetaObject::invokeMethod(
            QCoreApplication::instance(),
            [self, page, failure, newPage] {
                if (!self)
                    return;
                if (page)
                    self->onPage(page, newPage);
                else
                    self->onFailed(failure);
            },
            Qt::QueuedConnection);
    });
}

void CursorLiveWindow::onPage(std::shared_ptr<const CursorLivePage> page, bool newPage)
{
    m_busy = false;
    m_stopped = false;
    if (m_askedChoice.order != m_choice.order || m_askedChoice.newestFirst != m_choice.newestFirst)
        m_earlier.clear(); // another order: its first page, with no page before it
    else if (newPage && m_asked != m_cursor) {
        if (m_asked == firstCursor())
            m_earlier.clear();
        else if (!m_earlier.empty() && m_earlier.back() == m_asked)
            m_earlier.pop_back(); // Previous: the page before is now shown
        else
            m_earlier.push_back(m_cursor);
    }
    m_cursor = m_asked;
    m_choice = m_askedChoice;
    m_page = std::move(page);
    const LiveSnapshot& live = m_page->live();
    // The record selected stays selected when it is on the page read again.
    std::optional<std::vector<std::optional<std::string>>> selectedKey;
    const int selected = m_selection->scope();
    if (selected >= 0 && selected < m_records->rowCount())
        selectedKey = m_records->records()[selected].cursor;
    if (m_selectAfterRead) // Go to key: the record sought is selected on its page
        selectedKey = std::move(m_selectAfterRead);
    m_selectAfterRead.reset();
    m_syncingSelection = true;
    m_selection->clear();
    m_syncingSelection = false;
    m_records->setRecords(live.page.records, live.nowMs);
    // The anomaly said in full stays said when the snapshot still lists it.
    std::optional<std::pair<LiveAnomalyKind, std::vector<std::optional<std::string>>>> shownAnomaly;
    if (m_anomalyShown >= 0 && m_anomalyShown < m_anomalies->rowCount())
        shownAnomaly.emplace(m_anomalies->anomaly(m_anomalyShown).kind, m_anomalies->anomaly(m_anomalyShown).cursor);
    m_anomalies->setAnomalies(live.anomalies);
    m_anomalyShown = -1;
    for (std::size_t i = 0; shownAnomaly && i < live.anomalies.size(); ++i)
        if (live.anomalies[i].kind == shownAnomaly->first && live.anomalies[i].cursor == shownAnomaly->second)
            m_anomalyShown = static_cast<int>(i);
    if (newPage)
        m_recordsView->resizeColumnsToContents();
    showTimeline(newPage);
    int again = -1;
    for (std::size_t i = 0; selectedKey && i < live.page.records.size(); ++i)
        if (live.page.records[i].cursor == *selectedKey)
            again = static_cast<int>(i);
    if (again >= 0)
        m_selection->select(-1, again);
    else
        onSelectionChanged();
    m_stateAlarm = false;
    m_stateText = [this] { return stateLine(*m_page, m_cursor); };
    showChoice();
    retranslate();
    updateActions();
    Q_EMIT snapshotShown();
    if (m_rereadWhenDone) {
        m_rereadWhenDone = false;
        refresh();
    }
}

void CursorLiveWindow::onFailed(const QString& sentence)
{
    m_busy = false;
    m_selectAfterRead.reset();
    const bool following = m_followTimer->isActive();
    if (following) {
        m_stopped = true;
        m_follow->setChecked(false); // stops the timer
    }
    m_stateAlarm = true;
    m_stateText = [sentence, following] { return following ? tr("stopped: %1").arg(sentence) : sentence; };
    showSnapshotTexts();
    m_rereadWhenDone = false;
    showChoice(); // the page shown stays, read as before
    updateActions();
    Q_EMIT failedShown(sentence);
}

void CursorLiveWindow::showSnapshotTexts()
{
    m_state->setStyleSheet(m_stateAlarm ? QStringLiteral("color: #b00020;") : QString());
    m_state->setText(m_stateText ? m_stateText() : QString());
    if (!m_page) {
        m_counts->clear();
        m_notChecked->clear();
        m_unreadable->clear();
        m_byActor->setVisible(false);
        m_anomalyDetail->clear();
        return;
    }
    const QString byActor = anomaliesByActorHtml(m_page->live());
    m_byActor->setText(byActor);
    m_byActor->setVisible(!byActor.isEmpty());
    if (m_anomalyShown >= 0 && m_anomalyShown < m_anomalies->rowCount()) {
        const LiveAnomaly& a = m_anomalies->anomaly(m_anomalyShown);
        m_anomalyDetail->setText(QStringLiteral("%1 <b>%2</b> — %3<br>%4.%5")
                                     .arg(anomalyChip(a.kind), fromStd(std::string(anomalyKindName(a.kind))),
                                         scopeLine(a.scope).toHtmlEscaped(), shownDetail(a).toHtmlEscaped(),
                                         anomalyEffectsHtml(m_page->live(), a)));
    } else {
        m_anomalyDetail->setText(m_anomalies->rowCount()
                ? tr("Click an anomaly to see why it is listed and to select its record.")
                : QString());
    }
    const LiveCounts& c = m_page->live().counts;
    QStringList anomalies;
    for (const LiveAnomalyKind kind : kLiveAnomalyKinds)
        if (kindApplies(kind))
            anomalies << tr("%1: %2").arg(fromStd(anomalyKindName(kind))).arg(c.anomaly(kind));
    m_counts->setText(tr("%1<br>Anomalies — %2").arg(countsLine(*m_page), anomalies.join(QStringLiteral(", "))));
    m_notChecked->setText(notCheckedLine(*m_page));
    const QString extra = extraLine(*m_page);
    if (extra.isEmpty())
        m_unreadable->clear();
    else
        m_unreadable->setText(extra);
}

void CursorLiveWindow::updateActions()
{
    m_refresh->setEnabled(!m_busy);
    m_first->setEnabled(!m_busy && m_cursor != firstCursor());
    m_previous->setEnabled(!m_busy && !m_earlier.empty());
    m_next->setEnabled(!m_busy && m_page && !m_page->lastPage());
    m_last->setEnabled(!m_busy && m_page && !(m_cursor == lastCursor() && m_page->lastPage()));
    for (QWidget* w : std::initializer_list<QWidget*> { m_seek.mode, m_seek.key, m_seek.time })
        w->setEnabled(!m_busy);
    m_seek.goTime->setEnabled(!m_busy);
    m_export->setEnabled(m_page != nullptr);
    m_exportReport->setEnabled(m_page != nullptr);
    m_orderBox->setEnabled(!m_busy);
    m_listingBox->setEnabled(!m_busy);
}

void CursorLiveWindow::showChoice()
{
    m_orderBox->setCurrentIndex(m_choice.order == LiveOrder::ByKey ? 0 : (m_choice.newestFirst ? 2 : 1));
    setAnomalyListingOf(m_listingBox, m_choice.listing);
}

void CursorLiveWindow::setOrder(LiveOrder order, bool newestFirst)
{
    CursorLiveChoice choice = m_choice;
    choice.order = order;
    choice.newestFirst = order == LiveOrder::ByTime && newestFirst;
    if (choice == m_choice && m_cursor == firstCursor() && m_page)
        return refresh();
    read(firstCursor(), choice, true);
}

void CursorLiveWindow::setAnomalyListing(LiveAnomalyListing listing)
{
    CursorLiveChoice choice = m_choice;
    choice.listing = listing;
    read(m_cursor, choice, false);
}

void CursorLiveWindow::showAnomaly(int row)
{
    if (row < 0 || row >= m_anomalies->rowCount())
        return;
    m_anomalyShown = row;
    if (m_anomaliesView->currentIndex().row() != row)
        m_anomaliesView->setCurrentIndex(m_anomalies->index(row, 0));
    showSnapshotTexts();
    const LiveAnomaly& a = m_anomalies->anomaly(row);
    const std::vector<LiveRecord>& records = m_records->records();
    for (std::size_t i = 0; i < records.size(); ++i)
        if (records[i].cursor == a.cursor) {
            m_selection->select(-1, static_cast<int>(i));
            return;
        }
}

QString CursorLiveWindow::anomalyPanelText() const
{
    QTextDocument doc;
    doc.setHtml(m_byActor->text());
    return doc.toPlainText();
}

QString CursorLiveWindow::anomalyDetailText() const
{
    QTextDocument doc;
    doc.setHtml(m_anomalyDetail->text());
    return doc.toPlainText();
}

void CursorLiveWindow::showTimeline(bool newPage)
{
    const std::vector<LiveRecord>& records = m_records->records();
    const Millis nowMs = m_page->live().nowMs;
    m_origin = showPageOnTimeline(m_timeline, records, nowMs, m_thresholds, m_origin, newPage);
    showTimeCaption();
}

void CursorLiveWindow::showTimeCaption()
{
    if (!m_page)
        return;
    const int records = static_cast<int>(m_records->records().size());
    m_timeCaption->setText(
        records == 0 ? tr("No records on this page.") : timeCaption(records, m_origin, m_page->live().nowMs));
}

void CursorLiveWindow::onSelectionChanged()
{
    if (m_syncingSelection)
        return;
    const int row = m_selection->scope();
    readSelectedRecord(row);
    m_syncingSelection = true;
    showRecordRow(m_recordsView, row);
    m_syncingSelection = false;
}

void CursorLiveWindow::readSelectedRecord(int row, bool fullBody)
{
    const std::vector<LiveRecord>& records = m_records->records();
    if (row < 0 || row >= static_cast<int>(records.size()) || records[row].cursor.empty()
        || !records[row].cursor.front()) {
        m_recordAsked.clear();
        m_recordPanel->showMessage([this] { return selectPrompt(); });
        return;
    }
    const LiveRecord record = records[row];
    m_recordAsked = record.cursor;
    m_recordPanel->showMessage([this] { return readingRecordText(); });
    QPointer<CursorLiveWindow> self(this);
    Worker* worker = m_worker.get();
    const Millis nowMs = m_page ? m_page->live().nowMs : record.createdMs;
    m_worker->post([self, worker, record, fullBody, nowMs] {
        std::shared_ptr<LiveKeyRow> row;
        QString failure;
        try {
            row = std::make_shared<LiveKeyRow>(worker->source->readRecord(record, fullBody));
        } catch (const LiveError& e) {
            failure = fromStd(e.what());
            if (e.kind() != LiveError::Kind::BadInput)
                worker->source->reset(); // the next read connects anew
        } catch (const std::exception& e) {
            failure = fromStd(e.what());
            worker->source->reset();
        }
        QMetaObject::invokeMethod(
            QCoreApplication::instance(),
            [self, row, failure, record, nowMs] {
                if (!self || self->m_recordAsked != record.cursor) // another record is selected since
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

void CursorLiveWindow::editRules()
{
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Anomaly rules for %1").arg(rulesScope()));
    auto* form = new QFormLayout(&dialog);
    auto* intro = new QLabel(tr("These rules apply to %1 at %2 only and are remembered for them.")
                                 .arg(rulesScope().toHtmlEscaped(), m_where.toHtmlEscaped()),
        &dialog);
    intro->setWordWrap(true);
    form->addRow(intro);
    std::vector<std::pair<LiveAnomalyKind, DurationSpinBox*>> fields;
    for (const LiveAnomalyKind kind : kLiveAnomalyKinds) {
        if (kind == LiveAnomalyKind::TimeOutOfRange)
            continue; // a time is in its unit's range or it is not: no threshold
        const QString label
            = tr("%1 (%2):").arg(fromStd(std::string(anomalyKindName(kind))), shownThresholdMeaning(kind));
        if (!kindApplies(kind)) {
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
            tr("suspected_key_regeneration looks at the records created this long before now"));
    const DurationSpinBox* dueWithin = offersSweeperHorizon()
        ? addDurationRow(&dialog, form, tr("Sweeper's horizon:"), m_dueWithinMs,
            tr("The counts say how many terminal records expire within this long: what the sweeper removes next"))
        : nullptr;
    int listLimit = m_thresholds.listLimit;
    const RulesAnswer answer = runRulesDialog(dialog, form, listLimit);
    if (answer == RulesAnswer::Cancelled)
        return;
    AnomalyThresholds t;
    if (answer == RulesAnswer::Chosen) {
        t = m_thresholds;
        for (const auto& [kind, field] : fields)
            t[kind] = field->value();
        t.regenerationLookbackMs = std::max<Millis>(1, lookback->value());
        t.listLimit = listLimit;
        if (dueWithin)
            m_dueWithinMs = std::max<Millis>(1, dueWithin->value());
    } else {
        m_dueWithinMs = 3'600'000; // the defaults: the next hour
    }
    applyRules(t);
}

void CursorLiveWindow::applyRules(const AnomalyThresholds& thresholds)
{
    m_thresholds = thresholds;
    rememberRules(m_where, rulesKey(), thresholds);
    if (m_busy)
        m_rereadWhenDone = true; // the read running counts with the rules before
    else
        refresh();
}

void CursorLiveWindow::exportAnomalies(const QString& path)
{
    startExport(path, path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive));
}

void CursorLiveWindow::exportReport(const QString& path)
{
    startExport(path, true);
}

void CursorLiveWindow::startExport(const QString& path, bool json)
{
    if (!m_page) {
        Q_EMIT exportFinished(path, tr("nothing to export yet: no snapshot has been taken"));
        return;
    }
    // The snapshot on screen, never a fresh one: its counts, the anomalies it lists, its page, the rules it used.
    const LiveSnapshot& live = m_page->live();
    const QByteArray bytes = QByteArray::fromStdString(json ? reportJson(*m_page) : anomaliesCsv(live));
    const QString error = writeLiveExport(this, path, bytes, live, absoluteTime(live.nowMs), m_interactiveExport);
    m_interactiveExport = false;
    Q_EMIT exportFinished(path, error);
}

void CursorLiveWindow::exportAnomaliesInteractive()
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export anomalies"), QStringLiteral("anomalies.csv"), tr("Anomalies as CSV (*.csv)"));
    if (path.isEmpty())
        return;
    m_interactiveExport = true;
    startExport(path, false);
}

void CursorLiveWindow::exportReportInteractive()
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export the inspection report"), QStringLiteral("inspection.json"), tr("Inspection report (*.json)"));
    if (path.isEmpty())
        return;
    m_interactiveExport = true;
    startExport(path, true);
}

QString CursorLiveWindow::stateText() const
{
    return m_state->text();
}

QString CursorLiveWindow::countsText() const
{
    QString text = m_counts->text();
    text.replace(QStringLiteral("<br>"), QStringLiteral("\n"));
    text.remove(QStringLiteral("<b>")).remove(QStringLiteral("</b>"));
    return text;
}

QString CursorLiveWindow::notCheckedText() const
{
    return m_notChecked->text();
}

QString CursorLiveWindow::unreadableText() const
{
    return m_unreadable->text();
}

void CursorLiveWindow::refresh()
{
    read(m_cursor, false);
}

void CursorLiveWindow::firstPage()
{
    read(firstCursor(), true);
}

void CursorLiveWindow::previousPage()
{
    if (!m_earlier.empty())
        read(m_earlier.back(), true);
}

void CursorLiveWindow::nextPage()
{
    if (m_page && !m_page->lastPage())
        read(m_page->nextCursor(), true);
}

void CursorLiveWindow::lastPage()
{
    if (offersSeeking())
        read(lastCursor(), true);
}

void CursorLiveWindow::goToKeyOrder(const QString& text)
{
    if (text.isEmpty() || !offersSeeking() || m_busy)
        return;
    CursorLiveChoice choice = m_choice;
    choice.order = LiveOrder::ByKey;
    choice.newestFirst = false;
    read(keyOrderCursor(text), choice, true);
}

void CursorLiveWindow::goToTime(Millis atMs)
{
    if (!offersSeeking() || m_busy)
        return;
    CursorLiveChoice choice = m_choice;
    choice.order = LiveOrder::ByTime;
    choice.newestFirst = false;
    read(timeCursor(atMs), choice, true);
}

bool CursorLiveWindow::goToTimeText(const QString& text)
{
    QString error;
    const std::optional<QDateTime> t = parseSeekTime(text, &error);
    if (!t) {
        onSeekFailed([text] { // said again in another language: the text is parsed again then
            QString sentence;
            parseSeekTime(text, &sentence);
            return sentence;
        });
        return false;
    }
    goToTime(t->toMSecsSinceEpoch());
    return true;
}

void CursorLiveWindow::goToKey(const QString& text)
{
    if (text.isEmpty() || !offersSeeking() || m_busy)
        return;
    // Every record holding the key first: two actors may share one, and then the user chooses.
    m_busy = true;
    updateActions();
    const std::string key = text.toStdString();
    const AnomalyThresholds thresholds = m_thresholds;
    QPointer<CursorLiveWindow> self(this);
    Worker* worker = m_worker.get();
    m_worker->post([self, worker, key, thresholds, text] {
        std::shared_ptr<LiveKeyLookup> lookup;
        QString failure;
        try {
            lookup = std::make_shared<LiveKeyLookup>(worker->source->findKey(key, thresholds));
        } catch (const LiveError& e) {
            failure = fromStd(e.what());
            worker->source->reset();
        } catch (const std::exception& e) {
            failure = fromStd(e.what());
            worker->source->reset();
        }
        QMetaObject::invokeMethod(
            QCoreApplication::instance(),
            [self, lookup, failure, text] {
                if (!self)
                    return;
                self->m_busy = false;
                if (!lookup)
                    return self->onFailed(failure);
                if (lookup->rows.empty())
                    return self->onSeekFailed([window = self.data(), text] { return window->keyNotFoundText(text); });
                if (lookup->rows.size() > 1)
                    return self->showKeyChoices(text, lookup);
                self->m_selectAfterRead = lookup->rows.front().keyCursor;
                self->read(self->recordCursor(text, lookup->rows.front()), true);
            },
            Qt::QueuedConnection);
    });
}

void CursorLiveWindow::showKeyChoices(const QString& key, std::shared_ptr<const LiveKeyLookup> lookup)
{
    updateActions();
    if (m_keyChoice)
        m_keyChoice->deleteLater();
    m_keyChoice = new LiveKeyChoiceDialog(key, lookup, this);
    connect(m_keyChoice, &QDialog::finished, this, [this, key, dialog = m_keyChoice](int result) {
        const int chosen = dialog->chosen();
        if (m_keyChoice == dialog)
            m_keyChoice = nullptr;
        dialog->deleteLater();
        if (result != QDialog::Accepted || chosen < 0)
            return;
        // The chosen record with its neighbours, in the order chosen.
        const LiveKeyRow& row = dialog->lookup().rows[static_cast<std::size_t>(chosen)];
        m_selectAfterRead = row.keyCursor;
        read(recordCursor(key, row), true);
    });
    m_keyChoice->open();
    m_stateAlarm = false;
    m_stateText = [key, n = static_cast<int>(lookup->rows.size())] {
        return tr("The key %1 is held by %n records: choose one.", "", n).arg(key);
    };
    showSnapshotTexts();
    Q_EMIT keyChoicesShown();
}

// A seek that found nothing to read: said in the status line, the page shown stays.
void CursorLiveWindow::onSeekFailed(const std::function<QString()>& sentence)
{
    m_busy = false;
    m_stateAlarm = true;
    m_stateText = sentence;
    showSnapshotTexts();
    updateActions();
    Q_EMIT failedShown(sentence());
}

void CursorLiveWindow::updateSeekHints()
{
    const QString keyCols = keyColumnsText();
    const QStringList order = keyOrderColumns();
    m_seek.mode->setItemText(0, keyCols.isEmpty() ? tr("idempotency key") : tr("idempotency key (%1)").arg(keyCols));
    m_seek.mode->setItemText(
        1, order.isEmpty() ? tr("key order") : tr("key order (%1)").arg(order.join(QStringLiteral(", "))));
    if (m_seek.mode->currentIndex() != 1) {
        m_seek.key->setPlaceholderText(tr("go to idempotency key…"));
        m_seek.key->setToolTip(tr("Find the record whose idempotency key (%1) is this value and show it with its "
                                  "neighbours in the order chosen")
                                   .arg(keyCols.isEmpty() ? tr("the mapping's key") : keyCols));
    } else {
        m_seek.key->setPlaceholderText(tr("go to %1…").arg(order.isEmpty() ? tr("key") : order.first()));
        m_seek.key->setToolTip(tr("Seek the key order (%1) to this value of its first column, %2, and read from there")
                                   .arg(order.join(QStringLiteral(", ")), order.isEmpty() ? QString() : order.first()));
    }
}

void CursorLiveWindow::setDueWithinMs(Millis ms)
{
    m_dueWithinMs = std::max<Millis>(1, ms);
}

void CursorLiveWindow::setFollowing(bool on)
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

} // namespace iw
