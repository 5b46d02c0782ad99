// The live-database window (see livewindow.h).
#include "livewindow.h"
#include "stdtext.h"
#include "windowsize.h"

#include "colors.h"
#include "durationspinbox.h"
#include "explanationtext.h"
#include "liveanomalytext.h"
#include "liveconnectdialog.h"
#include "livekeychoice.h"
#include "livemodels.h"
#include "liverecordpanel.h"
#include "livereport.h"
#include "liverules.h"
#include "livesession.h"
#include "livetabledialog.h"
#include "livewidgets.h"
#include "selection.h"
#include "timelineview.h"

#include <QAction>
#include <QActionGroup>
#include <QCloseEvent>
#include <QComboBox>
#include <QDateTime>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QMenuBar>
#include <QScreen>
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

namespace iw {

namespace {

QString kindName(LiveAnomalyKind kind)
{
    const std::string_view n = anomalyKindName(kind);
    return QString::fromUtf8(n.data(), qsizetype(n.size()));
}

QString chip(const QColor& color)
{
    return QStringLiteral("<span style=\"color:%1\">&#9632;</span>").arg(color.name());
}

constexpr int kPageRows = 200;

} // namespace

LiveWindow::LiveWindow(std::unique_ptr<LiveConnection> connection, QWidget* parent)
    : QMainWindow(parent)
    , m_session(new LiveSession(std::move(connection), this))
    , m_selection(new Selection(this))
    , m_records(new LiveRecordsModel(this))
    , m_anomalies(new LiveAnomaliesModel(this))
{
    setWindowFlag(Qt::Window);
    setObjectName(QStringLiteral("liveWindow"));
    m_query.order = LiveOrder::ByTime;
    m_query.from = LivePageQuery::From::Last;
    m_query.limit = kPageRows;
    createActions();
    createLayout();

    connect(m_session, &LiveSession::opened, this, &LiveWindow::onOpened);
    connect(m_session, &LiveSession::snapshotReady, this, &LiveWindow::onSnapshot);
    connect(m_session, &LiveSession::pageReady, this, &LiveWindow::onPage);
    connect(m_session, &LiveSession::located, this, &LiveWindow::onLocated);
    connect(m_session, &LiveSession::failed, this, &LiveWindow::onFailed);
    connect(m_session, &LiveSession::stopped, this, &LiveWindow::onStopped);
    connect(m_session, &LiveSession::busyChanged, this, &LiveWindow::onBusy);
    connect(m_session, &LiveSession::reconnecting, this, &LiveWindow::onReconnecting);
    connect(m_session, &LiveSession::keyChoices, this, &LiveWindow::onKeyChoices);
    connect(m_session, &LiveSession::rowRead, this, [this](std::shared_ptr<const LiveKeyRow> row) {
        if (row->keyCursor != m_rowAsked) // the user has selected another record since
            return;
        m_recordPanel->showRow(row, m_snapshot ? m_snapshot->nowMs : row->record.createdMs,
            fromStd(m_session->mapping().responseBody.column));
        Q_EMIT recordShown();
    });
    connect(m_session, &LiveSession::rowFailed, this,
        [this](const std::vector<std::optional<std::string>>& keyOrderValues, const QString& sentence) {
            if (keyOrderValues != m_rowAsked)
                return;
            m_recordPanel->showMessage([sentence] { return sentence; });
            Q_EMIT recordShown();
        });
    connect(m_session, &LiveSession::followingChanged, this, [this](bool on) {
        m_followSync = true;
        m_follow->setChecked(on);
        m_followSync = false;
        updateFollowAction();
    });
    connect(m_selection, &Selection::changed, this, &LiveWindow::onSelectionChanged);
    m_staleCheck = new QTimer(this);
    m_staleCheck->setInterval(250);
    connect(m_staleCheck, &QTimer::timeout, this, &LiveWindow::checkStale);
    m_staleCheck->start();
    retranslate();
    setState([] { return tr("Connected; choose a table."); }, false);
    updatePagingActions();
    // Sized to the screen it opens on (no action behind an overflow on a laptop), then as the user left it.
    placeWindow(this, QSize(1400, 900), QStringLiteral("liveWindow/geometry"));
}

LiveWindow::~LiveWindow() = default;

void LiveWindow::createActions()
{
    m_chooseTable = new QAction(style()->standardIcon(QStyle::SP_FileDialogContentsView), QString(), this);
    connect(m_chooseTable, &QAction::triggered, this, &LiveWindow::chooseTable);

    m_refresh = new QAction(style()->standardIcon(QStyle::SP_BrowserReload), QString(), this);
    m_refresh->setShortcut(QKeySequence::Refresh);
    connect(m_refresh, &QAction::triggered, this, &LiveWindow::refresh);

    m_follow = new QAction(style()->standardIcon(QStyle::SP_MediaPlay), QString(), this);
    m_follow->setCheckable(true);
    m_follow->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    connect(m_follow, &QAction::toggled, this, [this](bool on) {
        if (m_followSync) { // the session said so (a stop): the user's choice stands, Resume restores it
            m_timeline->zoom()->setFollowLive(on);
            updateFollowAction();
            return;
        }
        m_wantFollow = on;
        if (on && m_stopped) {
            resumeAfterStop();
            return;
        }
        syncFollowOptions();
        m_session->setFollowing(on);
        m_timeline->zoom()->setFollowLive(on); // keep "now" in sight while following
        updateFollowAction();
    });

    m_resume = new QAction(style()->standardIcon(QStyle::SP_BrowserReload), QString(), this);
    m_resume->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    m_resume->setVisible(false);
    connect(m_resume, &QAction::triggered, this, &LiveWindow::resumeAfterStop);

    m_cancel = new QAction(style()->standardIcon(QStyle::SP_BrowserStop), QString(), this);
    m_cancel->setEnabled(false);
    connect(m_cancel, &QAction::triggered, m_session, &LiveSession::cancel);

    m_first = new QAction(style()->standardIcon(QStyle::SP_MediaSkipBackward), QString(), this);
    m_first->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Home));
    connect(m_first, &QAction::triggered, this, &LiveWindow::firstPage);
    m_previous = new QAction(style()->standardIcon(QStyle::SP_MediaSeekBackward), QString(), this);
    m_previous->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_PageUp));
    connect(m_previous, &QAction::triggered, this, &LiveWindow::previousPage);
    m_next = new QAction(style()->standardIcon(QStyle::SP_MediaSeekForward), QString(), this);
    m_next->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_PageDown));
    connect(m_next, &QAction::triggered, this, &LiveWindow::nextPage);
    m_last = new QAction(style()->standardIcon(QStyle::SP_MediaSkipForward), QString(), this);
    m_last->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_End));
    connect(m_last, &QAction::triggered, this, &LiveWindow::lastPage);

    m_rules = new QAction(style()->standardIcon(QStyle::SP_FileDialogDetailedView), QString(), this);
    connect(m_rules, &QAction::triggered, this, &LiveWindow::editRules);
    m_export = new QAction(style()->standardIcon(QStyle::SP_DialogSaveButton), QString(), this);
    m_export->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    connect(m_export, &QAction::triggered, this, &LiveWindow::exportAnomaliesInteractive);
    m_exportReport = new QAction(this);
    m_exportReport->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    connect(m_exportReport, &QAction::triggered, this, &LiveWindow::exportReportInteractive);

    auto* bar = addToolBar(QString());
    m_toolBar = bar;
    bar->setObjectName(QStringLiteral("liveToolBar"));
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->addAction(m_chooseTable);
    bar->addSeparator();
    bar->addAction(m_refresh);
    bar->addAction(m_follow);
    m_interval = new QSpinBox(bar);
    m_interval->setRange(1, 3600);
    m_interval->setValue(5);
    connect(m_interval, &QSpinBox::valueChanged, this, [this](int s) {
        m_session->setFollowIntervalMs(s * 1000);
        updateFollowAction();
    });
    bar->addWidget(m_interval);
    bar->addAction(m_resume);
    bar->addAction(m_cancel);
    bar->addSeparator();
    m_order = new QComboBox(bar);
    m_order->addItem(QString(), static_cast<int>(LiveOrder::ByTime));
    m_order->addItem(QString(), static_cast<int>(LiveOrder::ByKey));
    const auto chooseOrder = [this](LiveOrder order) {
        m_order->setCurrentIndex(m_order->findData(static_cast<int>(order)));
        m_query = {};
        m_query.order = order;
        m_query.from = order == LiveOrder::ByTime ? LivePageQuery::From::Last : LivePageQuery::From::First;
        m_query.limit = kPageRows;
        fetch(m_query);
    };
    connect(m_order, &QComboBox::activated, this,
        [this, chooseOrder] { chooseOrder(static_cast<LiveOrder>(m_order->currentData().toInt())); });
    bar->addWidget(m_order);
    // The same choice in the View menu, checked as the box shows it.
    auto* orders = new QActionGroup(this);
    m_byTime = new QAction(orders);
    m_byTime->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_1));
    m_byKey = new QAction(orders);
    m_byKey->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_2));
    for (QAction* a : { m_byTime, m_byKey })
        a->setCheckable(true);
    m_byTime->setChecked(true);
    connect(m_byTime, &QAction::triggered, this, [chooseOrder] { chooseOrder(LiveOrder::ByTime); });
    connect(m_byKey, &QAction::triggered, this, [chooseOrder] { chooseOrder(LiveOrder::ByKey); });
    connect(m_order, &QComboBox::currentIndexChanged, this, [this] {
        (static_cast<LiveOrder>(m_order->currentData().toInt()) == LiveOrder::ByKey ? m_byKey : m_byTime)
            ->setChecked(true);
    });
    bar->addAction(m_first);
    bar->addAction(m_previous);
    bar->addAction(m_next);
    bar->addAction(m_last);
    // Paging by icon (the names are in the tooltips and the Go menu), so Resume fits beside them when it appears.
    for (QAction* a : { m_first, m_previous, m_next, m_last })
        if (auto* button = qobject_cast<QToolButton*>(bar->widgetForAction(a)))
            button->setToolButtonStyle(Qt::ToolButtonIconOnly);
    addToolBarBreak();
    auto* seekBar = addToolBar(QString());
    m_seekBar = seekBar;
    seekBar->setObjectName(QStringLiteral("liveSeekBar"));
    seekBar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_seek = fillSeekBar(seekBar, this,
        { [this](const QString& key) { goToKey(key); }, [this](const QString& value) { goToKeyOrder(value); },
            [this](const QString& time) { goToTimeText(time); }, [this] { updateSeekHints(); } });
    seekBar->addSeparator();
    seekBar->addAction(m_seek.goTime);
    seekBar->addSeparator();
    seekBar->addAction(m_rules);
    seekBar->addAction(m_export);
    seekBar->addAction(m_exportReport);

    // Every action is also in a menu, with its shortcut.
    m_close = new QAction(this);
    m_close->setShortcut(QKeySequence::Close);
    connect(m_close, &QAction::triggered, this, &QWidget::close);
    m_chooseTable->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_O));
    m_cancel->setShortcut(QKeySequence(Qt::Key_Escape));
    m_rules->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_U));
    m_fileMenu = menuBar()->addMenu(QString());
    m_fileMenu->addAction(m_chooseTable);
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_export);
    m_fileMenu->addAction(m_exportReport);
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_close);
    m_viewMenu = menuBar()->addMenu(QString());
    m_viewMenu->addAction(m_refresh);
    m_viewMenu->addAction(m_follow);
    m_viewMenu->addAction(m_resume);
    m_viewMenu->addAction(m_cancel);
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(m_byTime);
    m_viewMenu->addAction(m_byKey);
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
    m_anomaliesMenu->addAction(m_export);
    m_anomaliesMenu->addAction(m_exportReport);
}

void LiveWindow::createLayout()
{
    auto* top = new QWidget(this);
    auto* topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(6, 6, 6, 0);
    m_header = new QLabel(top);
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_header->setWordWrap(true);
    topLayout->addWidget(m_header);
    m_counts = new QLabel(top);
    m_counts->setTextInteractionFlags(Qt::TextSelectableByMouse);
    topLayout->addWidget(m_counts);
    m_zoneWarning = new QLabel(top);
    m_zoneWarning->setWordWrap(true);
    m_zoneWarning->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_zoneWarning->setVisible(false);
    topLayout->addWidget(m_zoneWarning);
    m_timeline = new TimelineView(m_selection, top);
    // A page's lanes stay readable: 200 records scroll instead of being squeezed into a laptop's timeline.
    m_timeline->zoom()->mapping().setMinimumFitRowHeight(kMinimumLaneHeight);
    topLayout->addWidget(m_timeline, 1);
    m_timeCaption = makeTimeCaption(top);
    topLayout->addWidget(m_timeCaption);

    m_recordsView = makeRecordsView(m_records, this);
    connect(m_recordsView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        &LiveWindow::onRecordsCurrentChanged);

    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(top);
    splitter->addWidget(m_recordsView);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    setCentralWidget(splitter);

    auto* anomalies = new QWidget(this);
    auto* aLayout = new QVBoxLayout(anomalies);
    m_anomalyCounts = new QLabel(anomalies);
    m_anomalyCounts->setWordWrap(true);
    m_anomalyCounts->setTextFormat(Qt::RichText);
    aLayout->addWidget(m_anomalyCounts);
    auto* listingRow = new QHBoxLayout;
    m_anomalyListingLabel = new QLabel(anomalies);
    m_anomalyListing = makeAnomalyListingBox(anomalies, m_anomalyListingLabel);
    listingRow->addWidget(m_anomalyListingLabel);
    listingRow->addWidget(m_anomalyListing, 1);
    aLayout->addLayout(listingRow);
    connect(m_anomalyListing, &QComboBox::activated, this, [this] {
        syncFollowOptions();
        refresh();
    });
    m_anomaliesView = new QTableView(anomalies);
    m_anomaliesView->setModel(m_anomalies);
    m_anomaliesView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_anomaliesView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_anomaliesView->verticalHeader()->hide();
    m_anomaliesView->horizontalHeader()->setStretchLastSection(true);
    m_anomaliesView->setColumnHidden(LiveAnomaliesModel::DetailColumn, true); // shown below, in full
    m_anomaliesView->setWordWrap(false);
    m_anomaliesView->setTextElideMode(Qt::ElideMiddle);
    connect(m_anomaliesView, &QTableView::clicked, this, &LiveWindow::onAnomalyActivated);
    connect(m_anomaliesView, &QTableView::activated, this, &LiveWindow::onAnomalyActivated);
    aLayout->addWidget(m_anomaliesView, 1);
    m_anomalyDetail = new QLabel(anomalies);
    m_anomalyDetail->setWordWrap(true);
    m_anomalyDetail->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_anomalyDetail->setMinimumHeight(m_anomalyDetail->fontMetrics().lineSpacing() * 4);
    m_anomalyDetail->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    aLayout->addWidget(m_anomalyDetail);
    connect(m_anomaliesView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        [this](const QModelIndex& current) { showAnomalyDetail(current.row()); });
    m_anomaliesDock = new QDockWidget(this);
    m_anomaliesDock->setObjectName(QStringLiteral("liveAnomaliesDock"));
    m_anomaliesDock->setWidget(anomalies);
    m_anomaliesDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    addDockWidget(Qt::RightDockWidgetArea, m_anomaliesDock);
    m_recordPanel = new LiveRecordPanel(this);
    connect(m_recordPanel, &LiveRecordPanel::wholeBodyRequested, this,
        [this] { readSelectedRecord(m_selection->scope(), true); });
    m_recordDock = addRecordDock(this, m_recordPanel, m_anomaliesDock, 520);

    m_state = new QLabel(top);
    m_state->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_state->setWordWrap(true); // a stop's reason is read in full, never cut by the status bar
    topLayout->insertWidget(1, m_state);
    m_busy = new QLabel(this);
    statusBar()->addPermanentWidget(m_busy);
    m_endpoint = new QLabel(this);
    statusBar()->addPermanentWidget(m_endpoint);
}

void LiveWindow::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QMainWindow::changeEvent(event);
}

void LiveWindow::retranslate()
{
    updateWindowTitle();

    m_chooseTable->setText(tr("&Table…"));
    m_chooseTable->setToolTip(tr("Choose the table and the mapping to inspect"));
    m_refresh->setText(tr("&Refresh"));
    m_refresh->setToolTip(tr("Read the table again: counts, anomalies and this page (F5)"));
    if (m_followStated) {
        updateFollowAction(); // Follow's and Resume's texts say what following does now
    } else {
        m_follow->setText(tr("&Follow"));
        m_follow->setToolTip(tr("Read the table again at the interval beside; stops by itself on an error"));
        m_resume->setText(tr("Re&sume"));
    }
    m_resume->setToolTip(tr("Reconnect if needed and read the table again after a stop"));
    m_cancel->setText(tr("&Cancel"));
    m_cancel->setToolTip(tr("Cancel the query now running on the server"));
    m_first->setText(tr("First page"));
    m_first->setToolTip(tr("The first rows of the chosen order"));
    m_previous->setText(tr("Previous page"));
    m_previous->setToolTip(tr("The rows just before this page (keyset paging, no OFFSET)"));
    m_next->setText(tr("Next page"));
    m_next->setToolTip(tr("The rows just after this page (keyset paging, no OFFSET)"));
    m_last->setText(tr("Last page"));
    m_last->setToolTip(tr("The last rows of the chosen order (by time: the newest)"));
    m_rules->setText(tr("R&ules…"));
    m_rules->setToolTip(tr("Change the anomaly thresholds (stuck age, regeneration window, graces)"));
    m_export->setText(tr("&Export anomalies (CSV)…"));
    m_export->setToolTip(tr("Save the anomalies of the snapshot on screen as CSV, with age and key columns (as many as "
                            "it lists: Rules… sets how many)"));
    m_exportReport->setText(tr("Export &report (JSON)…"));
    m_exportReport->setToolTip(
        tr("Save the snapshot on screen as the inspection report: its counts, the anomalies it lists and this page's "
           "records"));

    m_toolBar->setWindowTitle(tr("Live"));
    m_interval->setPrefix(tr("every "));
    m_interval->setSuffix(tr(" s"));
    m_interval->setToolTip(tr("How often Follow reads the table"));
    m_order->setItemText(m_order->findData(static_cast<int>(LiveOrder::ByTime)), tr("by creation time"));
    m_order->setItemText(m_order->findData(static_cast<int>(LiveOrder::ByKey)), tr("by key"));
    m_order->setToolTip(tr("The order pages are read in: the time column, or the table's unique key"));
    m_byTime->setText(tr("Order by creation &time"));
    m_byKey->setText(tr("Order by &key"));
    m_seekBar->setWindowTitle(tr("Seek"));
    m_seek.mode->setToolTip(tr("What Go to compares the value with: the idempotency key itself, or the first "
                               "columns of the table's unique key (the key order)"));
    if (m_session->tableName().isEmpty()) {
        m_seek.mode->setItemText(0, tr("idempotency key"));
        m_seek.mode->setItemText(1, tr("key order"));
    } else {
        updateSeekHints(); // the open table's columns, and the seek field's placeholder and tooltip
    }
    m_seek.time->setPlaceholderText(tr("2026-12-01 08:00:00 UTC"));
    m_seek.time->setToolTip(tr("Seek the time order to rows created at or after this instant (UTC unless an offset "
                               "is given: 2026-12-01 08:00, 2026-12-01T08:00:00Z, …); Enter goes there"));
    m_seek.goTime->setText(tr("Go to time"));
    m_seek.goTime->setToolTip(tr("Read the rows created at or after the time typed beside"));
    m_seek.goKey->setText(tr("Go to &key…"));
    m_seek.goKey->setToolTip(tr("Type an idempotency key (or a key-order value) in the seek field"));
    m_seek.goTimeField->setText(tr("Go to &time…"));
    m_seek.goTimeField->setToolTip(tr("Type a UTC time in the seek field"));
    m_close->setText(tr("&Close"));
    m_fileMenu->setTitle(tr("&File"));
    m_viewMenu->setTitle(tr("&View"));
    m_goMenu->setTitle(tr("&Go"));
    m_anomaliesMenu->setTitle(tr("&Anomalies"));

    m_anomaliesView->setToolTip(tr("Click an anomaly to show its record (the page seeks to it when needed)"));
    m_anomaliesDock->setWindowTitle(tr("Anomalies"));
    m_recordDock->setWindowTitle(tr("Record"));
    retranslateAnomalyListingBox(m_anomalyListing, m_anomalyListingLabel);
    if (m_session->tableName().isEmpty())
        m_timeline->setEmptyText(tr("No table open yet."));
    else if (m_page.records.empty())
        m_timeline->setEmptyText(m_snapshot ? tr("No rows on this page.") : tr("Reading the table…"));
    m_endpoint->setText(tr("%1 · PostgreSQL %2 · read-only").arg(m_session->endpoint(), m_session->serverVersion()));
    m_endpoint->setToolTip(tr("BEGIN READ ONLY for every snapshot: PostgreSQL refuses writes (SQLSTATE 25006); "
                              "nothing is set on the session"));
    m_busy->setText(m_session->isBusy() ? tr("reading…") : QString());

    // What the window shows now, said again.
    m_records->retranslate();
    m_anomalies->retranslate();
    if (m_snapshot)
        showCounts();
    else
        m_header->setText(tr("No table open."));
    if (!m_timeCaption->text().isEmpty()) // empty until a page was shown
        updateTimeCaption();
    showAnomalyDetail(m_anomaliesView->currentIndex().row());
    if (m_stateText)
        showState();
}

void LiveWindow::updateWindowTitle()
{
    if (m_openTable.isEmpty())
        setWindowTitle(tr("Live database — %1").arg(m_session->endpoint()));
    else
        setWindowTitle(tr("Live database — %1 (%2)").arg(m_openTable, m_openMapping));
}

void LiveWindow::openTable(const LiveTableRef& table, const QString& tableName, const LiveMapping& mapping)
{
    m_query = {};
    m_query.order = LiveOrder::ByTime;
    m_query.from = LivePageQuery::From::Last;
    m_query.limit = kPageRows;
    m_order->setCurrentIndex(0);
    m_fitNextSnapshot = true;
    m_stopped = false;
    m_resume->setVisible(false);
    setState([tableName] { return tr("Opening %1…").arg(tableName); }, false);
    m_timeline->setEmptyText(tr("Reading the table…"));
    m_session->open(table, tableName, mapping);
}

void LiveWindow::onOpened(const QString& table, const QString& mapping)
{
    m_openTable = table;
    m_openMapping = mapping;
    updateWindowTitle();
    // The rules are this table's: remembered from the last time, or the defaults — never the previous table's.
    m_rulesRemembered = false;
    AnomalyThresholds rules;
    if (const auto remembered = rememberedRules(m_session->endpoint(), table)) {
        rules = *remembered;
        m_rulesRemembered = true;
    }
    m_options.thresholds = rules;
    syncFollowOptions();
    updateSeekHints();
    // The focus on the timeline (W/S zoom, A/D pan), not in a text field (the interval box would get it): there
    // Ctrl+E and Ctrl+U are the line's own keys (end of line, delete the line) under X11, and Export anomalies or
    // Rules would not answer them. Not on the records either: a table given the focus selects its first row.
    m_timeline->setFocus();
    refresh();
}

void LiveWindow::chooseTable()
{
    LiveTableDialog dialog(m_session, this);
    if (dialog.exec() == QDialog::Accepted)
        openTable(dialog.table(), dialog.tableName(), dialog.mapping());
}

void LiveWindow::syncFollowOptions()
{
    m_options.page = m_query;
    m_options.dueWithinMs = m_dueWithinMs;
    applyAnomalyListing(m_options, anomalyListing());
    m_session->setFollowOptions(m_options);
}

void LiveWindow::resumeAfterStop()
{
    m_stopped = false;
    m_resume->setVisible(false);
    syncFollowOptions();
    setState([] { return tr("Resuming: reconnecting if needed and reading the table again…"); }, false);
    m_requestStarted = QDateTime::currentMSecsSinceEpoch();
    m_session->resume(m_options);
    // Following as it was before the stop: a new stop switches it off again, and says so. Until the first snapshot
    // is back the button says the view is resuming, not that it shows live data.
    if (m_wantFollow) {
        m_resuming = true;
        m_session->setFollowing(true);
        m_timeline->zoom()->setFollowLive(true);
    }
    updateFollowAction();
}

void LiveWindow::updateFollowAction()
{
    m_followStated = true;
    const bool on = m_session->following();
    const int seconds = m_session->followIntervalMs() / 1000;
    if (on && m_overdue && !m_reconnecting && !m_resuming) {
        // Still following, but the read now running is late: what is shown is the last snapshot, not the table now.
        m_follow->setText(tr("Following (stale since %1)").arg(clockTime(m_snapshot->nowMs)));
        m_follow->setToolTip(tr("Following, but the read now running has not answered within the interval: the data "
                                "shown is the snapshot of %1; Cancel (Esc) gives up on the read; click to stop "
                                "(Ctrl+L)")
                                 .arg(shownSnapshotTime()));
    } else if (on && m_resuming && !m_reconnecting) {
        m_follow->setText(tr("Following (resuming…)"));
        m_follow->setToolTip(tr("Following again: reconnecting if needed and reading the table; if that fails, "
                                "following stops and says why; click to stop (Ctrl+L)"));
    } else if (on && m_reconnecting) {
        // Still following, but nothing new is shown until the connection is back (or following stops, and says so).
        m_follow->setText(tr("Following (reconnecting…)"));
        m_follow->setToolTip(tr("Following, but the connection was lost: reconnecting; if that fails, following "
                                "stops and says why; click to stop (Ctrl+L)"));
    } else if (on) {
        m_follow->setText(tr("Following"));
        m_follow->setToolTip(tr("Following: the table is read again every %n s; click to stop (Ctrl+L)", "", seconds));
    } else if (m_stopped && m_wantFollow) {
        m_follow->setText(tr("Follow (stopped)"));
        m_follow->setToolTip(tr("Not following: following stopped on an error; Resume reconnects and follows again"));
    } else {
        m_follow->setText(tr("Follow"));
        m_follow->setToolTip(tr("Not following: click to read the table again every %n s (Ctrl+L)", "", seconds));
    }
    m_resume->setText(m_wantFollow ? tr("Re&sume following") : tr("Re&sume"));
}

void LiveWindow::refresh()
{
    if (m_session->tableName().isEmpty())
        return;
    syncFollowOptions();
    m_requestStarted = QDateTime::currentMSecsSinceEpoch();
    m_session->refresh(m_options);
}

void LiveWindow::fetch(const LivePageQuery& query)
{
    if (m_session->tableName().isEmpty())
        return;
    m_requestStarted = QDateTime::currentMSecsSinceEpoch();
    // The position becomes the window's (and what Follow re-reads) only once the page has come back.
    m_pendingQuery = query;
    m_session->fetchPage(query, m_options.thresholds);
}

void LiveWindow::firstPage()
{
    LivePageQuery q = m_query;
    q.from = LivePageQuery::From::First;
    q.cursor.clear();
    fetch(q);
}

void LiveWindow::lastPage()
{
    LivePageQuery q = m_query;
    q.from = LivePageQuery::From::Last;
    q.cursor.clear();
    fetch(q);
}

void LiveWindow::nextPage()
{
    if (m_page.records.empty())
        return;
    LivePageQuery q = m_query;
    q.from = LivePageQuery::From::After;
    q.cursor = m_page.records.back().cursor;
    fetch(q);
}

void LiveWindow::previousPage()
{
    if (m_page.records.empty())
        return;
    LivePageQuery q = m_query;
    q.from = LivePageQuery::From::Before;
    q.cursor = m_page.records.front().cursor;
    fetch(q);
}

void LiveWindow::goToKey(const QString& text)
{
    if (text.isEmpty())
        return;
    // The order the user chose stays; the page holds the record with its neighbours in that order.
    LivePageQuery q = m_query;
    q.from = LivePageQuery::From::Around;
    q.cursor.clear();
    q.limit = kPageRows;
    m_requestStarted = QDateTime::currentMSecsSinceEpoch();
    m_pendingQuery = q;
    m_fitAfterFetch = true;
    m_session->seekKey(text, q, m_options.thresholds);
}

void LiveWindow::goToKeyOrder(const QString& text)
{
    if (text.isEmpty())
        return;
    LivePageQuery q;
    q.order = LiveOrder::ByKey;
    q.from = LivePageQuery::From::AtKey;
    q.cursor = { text.toStdString() };
    q.limit = kPageRows;
    m_order->setCurrentIndex(m_order->findData(static_cast<int>(LiveOrder::ByKey)));
    fetch(q);
}

void LiveWindow::goToTime(const QDateTime& utc)
{
    LivePageQuery q;
    q.order = LiveOrder::ByTime;
    q.from = LivePageQuery::From::AtTime;
    q.atMs = utc.toMSecsSinceEpoch();
    q.limit = kPageRows;
    m_order->setCurrentIndex(m_order->findData(static_cast<int>(LiveOrder::ByTime)));
    fetch(q);
}

bool LiveWindow::goToTimeText(const QString& text)
{
    QString error;
    const std::optional<QDateTime> t = parseSeekTime(text, &error);
    if (!t) {
        // Said again in another language: the text is parsed again then.
        setState(
            [text] {
                QString sentence;
                parseSeekTime(text, &sentence);
                return sentence;
            },
            true);
        return false;
    }
    goToTime(*t);
    return true;
}

void LiveWindow::updateSeekHints()
{
    const bool byKey = m_seek.mode->currentIndex() != 1; // item 1: a key-order value (fillSeekBar)
    const QString keyCols = m_session->keyColumns();
    QStringList order;
    for (const std::string& c : m_session->keyOrder())
        order << fromStd(c);
    m_seek.mode->setItemText(0, keyCols.isEmpty() ? tr("idempotency key") : tr("idempotency key (%1)").arg(keyCols));
    m_seek.mode->setItemText(1, order.isEmpty() ? tr("key order") : tr("key order (%1)").arg(order.join(u", ")));
    if (byKey) {
        m_seek.key->setPlaceholderText(tr("go to idempotency key…"));
        m_seek.key->setToolTip(tr("Find the record whose idempotency key (%1) is this value and show it with its "
                                  "neighbours in the order chosen")
                                   .arg(keyCols.isEmpty() ? tr("the mapping's key") : keyCols));
    } else {
        m_seek.key->setPlaceholderText(tr("go to %1…").arg(order.isEmpty() ? tr("key") : order.first()));
        m_seek.key->setToolTip(tr("Seek the key order (%1) to this value of its first column, %2, and read from there")
                                   .arg(order.join(u", "), order.isEmpty() ? QString() : order.first()));
    }
}

void LiveWindow::setFollowIntervalSeconds(int seconds)
{
    m_interval->setValue(seconds);
    m_session->setFollowIntervalMs(seconds * 1000);
}

void LiveWindow::setThresholds(const AnomalyThresholds& thresholds)
{
    m_options.thresholds = thresholds;
    syncFollowOptions();
}

void LiveWindow::onReconnecting(const QString& lost)
{
    m_reconnecting = true;
    if (m_snapshot)
        setState(
            [lost, at = shownSnapshotTime()] {
                return tr("%1; reconnecting… The data shown is the snapshot of %2.").arg(lost, at);
            },
            true);
    else
        setState([lost] { return tr("%1; reconnecting…").arg(lost); }, true);
    updateFollowAction();
    Q_EMIT reconnectingShown();
}

void LiveWindow::onSnapshot(std::shared_ptr<const LiveSnapshot> snapshot, const QString& notice)
{
    m_snapshot = snapshot;
    if (m_reconnecting || m_resuming) {
        m_reconnecting = false;
        m_resuming = false;
        updateFollowAction();
    }
    m_page = snapshot->page;
    const int selectedAnomaly = m_anomaliesView->currentIndex().row();
    m_anomalies->setAnomalies(snapshot->anomalies);
    m_anomaliesView->resizeColumnToContents(LiveAnomaliesModel::KindColumn);
    if (selectedAnomaly >= 0 && selectedAnomaly < m_anomalies->rowCount())
        m_anomaliesView->setCurrentIndex(m_anomalies->index(selectedAnomaly, 0));
    showAnomalyDetail(m_anomaliesView->currentIndex().row());
    showRecords(snapshot->page.records, snapshot->nowMs, m_fitNextSnapshot);
    m_fitNextSnapshot = false;
    showCounts();
    const qint64 took = QDateTime::currentMSecsSinceEpoch() - m_requestStarted;
    const bool timed = m_requestStarted > 0 && took >= 0;
    const QString at = fromStd(formatEpochMs(snapshot->nowMs));
    const bool standby = snapshot->standby;
    const std::optional<Millis> lag = snapshot->replayLagMs;
    const std::optional<QString> countedAt
        = snapshot->countsNowMs < snapshot->nowMs ? std::optional(clockTime(snapshot->countsNowMs)) : std::nullopt;
    m_snapshotState = [at, timed, took, standby, lag, notice, countedAt] {
        QString text = tr("Snapshot at %1 (the database's clock)").arg(at);
        if (timed)
            text += tr(", read in %1 ms").arg(QLocale().toString(took));
        if (countedAt)
            text += tr("; the counts and anomalies are those of %1: following reads the whole table only as often as "
                       "keeps it to %2 % of one server core (Refresh reads it now)")
                        .arg(*countedAt, QLocale().toString(qRound(LiveFollower::kServerShare * 100)));
        if (standby)
            text += lag
                ? tr(" · hot-standby replica, lag %1 (age of the last replayed transaction)").arg(shownDuration(*lag))
                : tr(" · hot-standby replica, nothing replayed yet");
        if (!notice.isEmpty())
            text += tr(" — %1").arg(notice);
        return text;
    };
    setState(m_snapshotState, false);
    m_requestStarted = 0;
    updatePagingActions();
    Q_EMIT snapshotShown();
}

void LiveWindow::onPage(std::shared_ptr<const LivePage> page)
{
    if (m_pendingQuery) {
        m_query = *m_pendingQuery;
        m_pendingQuery.reset();
        syncFollowOptions();
    }
    m_page = *page;
    showRecords(page->records, m_snapshot ? m_snapshot->nowMs : 0, true);
    updatePagingActions();
    // This request went well: an earlier failure's red line no longer describes what is shown.
    if (!m_stopped) {
        const qint64 took = QDateTime::currentMSecsSinceEpoch() - m_requestStarted;
        const bool timed = m_requestStarted > 0 && took >= 0;
        setState(
            [snapshotState = m_snapshotState, timed, took] {
                QString text = snapshotState ? snapshotState() : tr("Page read");
                if (timed)
                    text += tr("; this page read in %1 ms").arg(QLocale().toString(took));
                return text;
            },
            false);
    }
    m_requestStarted = 0;
    if (m_selectAfterFetch) {
        const int row = m_records->rowOfScope(*m_selectAfterFetch);
        m_selectAfterFetch.reset();
        if (row >= 0) {
            m_selection->select(-1, row);
            if (m_fitAfterFetch) {
                // The record's whole life up to now, however long it has been stuck.
                const LiveRecord& r = m_records->record(row);
                const Millis nowMs = m_snapshot ? m_snapshot->nowMs : r.createdMs;
                const double t0 = static_cast<double>(r.createdMs - m_origin);
                const double t1 = static_cast<double>(std::max(nowMs, r.createdMs) - m_origin);
                const double pad = std::max(1000.0, 0.05 * (t1 - t0));
                m_timeline->zoom()->zoomToRange(t0 - pad, t1 + pad);
            }
        }
    }
    m_fitAfterFetch = false;
    Q_EMIT pageShown();
}

void LiveWindow::showRecords(const std::vector<LiveRecord>& records, Millis nowMs, bool newPage)
{
    m_timeline->setEmptyText(tr("No rows on this page."));
    m_selection->clear();
    m_records->setRecords(records, nowMs);
    m_recordsView->resizeColumnsToContents();
    m_origin = showPageOnTimeline(m_timeline, records, nowMs, m_options.thresholds, m_origin, newPage);
    updateTimeCaption();
}

void LiveWindow::updateTimeCaption()
{
    const std::vector<LiveRecord>& records = m_records->records();
    if (records.empty()) {
        m_timeCaption->setText(tr("No rows on this page."));
        return;
    }
    const QString order = m_page.order == LiveOrder::ByKey ? tr("by key") : tr("by creation time");
    const QString count = tr("%Ln records", nullptr, static_cast<int>(records.size()));
    m_timeCaption->setText(tr("%1 on this page (%2); the axis counts from %3, the earliest time shown; now is %4 "
                              "(the database's clock).")
                               .arg(count, order, absoluteTime(m_origin), absoluteTime(m_records->nowMs())));
}

// With a lease column the stuck threshold decides only for the rows without a lease: say for how many.
QString LiveWindow::stuckLeaseNote(const LiveCounts& c, const AnomalyThresholds& t)
{
    const QString threshold = shownDuration(t[LiveAnomalyKind::StuckInProgress]);
    const QLocale locale;
    if (c.openWithoutLease == 0)
        return tr("The %1 threshold has no effect on this table: all %2 in-progress rows have a lease, and a row with "
                  "a lease is stuck once its lease has passed.")
            .arg(threshold, locale.toString(c.openWithLease));
    return tr("The %1 threshold applies to the %2 in-progress rows without a lease; the %3 with a lease are stuck "
              "once their lease has passed.")
        .arg(threshold, locale.toString(c.openWithoutLease), locale.toString(c.openWithLease));
}

void LiveWindow::showCounts()
{
    if (!m_snapshot)
        return;
    const LiveCounts& c = m_snapshot->counts;
    m_header->setText(
        tr("<b>%1</b> read with the <b>%2</b> mapping")
            .arg(fromStd(m_snapshot->table).toHtmlEscaped(), fromStd(m_snapshot->mapping).toHtmlEscaped()));
    long long anomalyTotal = 0;
    for (const LiveAnomalyKind kind : kLiveAnomalyKinds)
        anomalyTotal += c.anomaly(kind);
    const QLocale locale;
    QString counts
        = tr("%1 <b>%2</b> in progress &nbsp; %3 <b>%4</b> completed &nbsp; %5 <b>%6</b> expired &nbsp;·&nbsp; "
             "%7 records &nbsp;·&nbsp; %8")
              .arg(chip(stateColor(RecordState::InProgress)), locale.toString(c.inProgress),
                  chip(stateColor(RecordState::Completed)), locale.toString(c.completed),
                  chip(stateColor(RecordState::Expired)), locale.toString(c.expired), locale.toString(c.total),
                  anomalyTotal == 0 ? tr("no anomalies")
                                    : tr("<span style=\"color:%1\"><b>%2</b> anomalies</span>")
                                          .arg(alarmColor().name(), locale.toString(anomalyTotal)));
    if (m_snapshot->dueWithinMs)
        counts += QStringLiteral(" &nbsp;·&nbsp; ")
            + tr("due to expire within %2: <b>%1</b> (the sweeper's next %2, until %3)")
                  .arg(locale.toString(c.dueWithin), shownDuration(*m_snapshot->dueWithinMs),
                      clockTime(m_snapshot->countsNowMs + *m_snapshot->dueWithinMs));
    m_counts->setText(counts);
    m_counts->setToolTip(tr("Terminal records whose expiry falls within the sweeper's horizon are what it removes "
                            "next; Rules… sets the horizon"));
    const QString zone = zoneWarningText();
    m_zoneWarning->setText(zone);
    m_zoneWarning->setVisible(!zone.isEmpty());
    m_zoneWarning->setStyleSheet(QStringLiteral("QLabel { color: %1; }").arg(alarmColor().name()));
    // By actor, the per-actor table needs the room the rules' sentences take: the kinds are listed without them
    // (the other listings and the Rules… dialog say them).
    const bool compact = !m_snapshot->byActor.empty();
    QString lines;
    for (const LiveAnomalyKind kind : kLiveAnomalyKinds) {
        const long long n = c.anomaly(kind);
        QString rule = shownRule(kind, m_options.thresholds).toHtmlEscaped();
        if (kind == LiveAnomalyKind::StuckInProgress && c.leaseMapped)
            rule += QStringLiteral("<br>") + stuckLeaseNote(c, m_options.thresholds).toHtmlEscaped();
        const QString count = n ? QStringLiteral("<b>%1</b>").arg(locale.toString(n)) : QStringLiteral("0");
        lines += compact
            ? QStringLiteral("<tr><td>%1</td><td align=\"right\">%2</td><td>&nbsp;<b>%3</b></td></tr>")
                  .arg(chip(anomalyColor(kind)), count, kindName(kind))
            : QStringLiteral("<tr><td>%1</td><td align=\"right\">%2</td><td>&nbsp;<b>%3</b><br><small>%4</small>"
                             "</td></tr>")
                  .arg(chip(anomalyColor(kind)), count, kindName(kind), rule);
    }
    const long long listed = static_cast<long long>(m_snapshot->anomalies.size());
    QString footer;
    if (listed < anomalyTotal)
        footer = tr("<p>Listing %1 of %2: at most %3 of each kind.</p>")
                     .arg(locale.toString(listed), locale.toString(anomalyTotal),
                         locale.toString(m_options.thresholds.listLimit));
    const QString byActor = anomaliesByActorHtml(*m_snapshot);
    const QString rules = m_rulesRemembered
        ? tr("Rules for this table (remembered): %1.").arg(rulesDifference(m_options.thresholds).toHtmlEscaped())
        : tr("Rules for this table: %1.").arg(rulesDifference(m_options.thresholds).toHtmlEscaped());
    m_anomalyCounts->setText(
        QStringLiteral("<p>%1</p><table cellspacing=\"2\">%2</table>%3%4").arg(rules, lines, footer, byActor));
}

void LiveWindow::onFailed(const QString& sentence)
{
    if (m_pendingQuery) { // the page asked for could not be read: stay where we were
        m_pendingQuery.reset();
        m_order->setCurrentIndex(m_order->findData(static_cast<int>(m_query.order)));
    }
    m_requestStarted = 0;
    m_selectAfterFetch.reset();
    m_fitAfterFetch = false;
    if (m_reconnecting || m_resuming) {
        m_reconnecting = false;
        m_resuming = false;
        updateFollowAction();
    }
    setState([sentence] { return tr("Last request failed: %1").arg(sentence); }, true);
    statusBar()->showMessage(sentence, 8000);
}

void LiveWindow::onStopped(const QString& reason)
{
    m_stopped = true;
    m_reconnecting = false;
    m_resuming = false;
    m_requestStarted = 0;
    m_resume->setVisible(true);
    if (m_snapshot) // what is shown stays, and is said to be old
        setState(
            [reason, at = shownSnapshotTime()] {
                return tr("%1. The data shown is the snapshot of %2.").arg(reason, at);
            },
            true);
    else
        setState([reason] { return reason; }, true);
    updateFollowAction();
    Q_EMIT stoppedShown(reason);
}

void LiveWindow::onBusy(bool busy)
{
    m_cancel->setEnabled(busy);
    m_busy->setText(busy ? tr("reading…") : QString());
    m_busySince = busy ? QDateTime::currentMSecsSinceEpoch() : 0;
    checkStale();
}

QString LiveWindow::clockTime(Millis epochMs)
{
    return QDateTime::fromMSecsSinceEpoch(epochMs, Qt::UTC).toString(QStringLiteral("HH:mm:ss"))
        + QLatin1String(" UTC");
}

QString LiveWindow::shownSnapshotTime() const
{
    return m_snapshot ? fromStd(formatEpochMs(m_snapshot->nowMs)) : QString();
}

void LiveWindow::checkStale()
{
    const bool overdue = m_session->following() && m_snapshot && m_busySince > 0
        && QDateTime::currentMSecsSinceEpoch() - m_busySince > m_session->followIntervalMs();
    if (overdue == m_overdue)
        return;
    m_overdue = overdue;
    updateFollowAction();
    if (overdue && !m_reconnecting && !m_stopped)
        setState(
            [at = clockTime(m_snapshot->nowMs), since = clockTime(m_busySince)] {
                return tr("No new snapshot: the read started at %1 has not answered yet; the data shown is the "
                          "snapshot of %2.")
                    .arg(since, at);
            },
            true);
}

void LiveWindow::setState(std::function<QString()> text, bool alarm)
{
    m_stateText = std::move(text);
    m_stateAlarm = alarm;
    showState();
}

void LiveWindow::showState()
{
    const QString text = m_stateText ? m_stateText() : QString();
    m_state->setText(text);
    m_state->setToolTip(text);
    m_state->setStyleSheet(
        m_stateAlarm ? QStringLiteral("QLabel { color: %1; font-weight: bold; }").arg(alarmColor().name()) : QString());
}

QString LiveWindow::stateText() const
{
    return m_state->text();
}

QString LiveWindow::anomalyPanelText() const
{
    QTextDocument doc;
    doc.setHtml(m_anomalyCounts->text());
    return doc.toPlainText();
}

QString LiveWindow::countsText() const
{
    QTextDocument doc;
    doc.setHtml(m_counts->text());
    return doc.toPlainText();
}

void LiveWindow::updatePagingActions()
{
    const bool open = !m_session->tableName().isEmpty();
    const bool any = !m_page.records.empty();
    m_refresh->setEnabled(open);
    m_follow->setEnabled(open);
    m_first->setEnabled(open);
    m_last->setEnabled(open);
    m_previous->setEnabled(open && any && m_page.moreBefore);
    m_next->setEnabled(open && any && m_page.moreAfter);
    m_export->setEnabled(m_snapshot != nullptr);
    m_exportReport->setEnabled(m_snapshot != nullptr);
    m_seek.mode->setEnabled(open);
    m_seek.key->setEnabled(open);
    m_seek.time->setEnabled(open);
    m_seek.goTime->setEnabled(open);
}

void LiveWindow::onRecordsCurrentChanged()
{
    if (m_syncingSelection)
        return;
    const QModelIndex current = m_recordsView->currentIndex();
    m_selection->select(-1, current.isValid() ? current.row() : -1);
}

void LiveWindow::onSelectionChanged()
{
    readSelectedRecord(m_selection->scope());
    m_syncingSelection = true;
    showRecordRow(m_recordsView, m_selection->scope());
    m_syncingSelection = false;
}

void LiveWindow::showAnomalyDetail(int row)
{
    if (row < 0 || row >= m_anomalies->rowCount()) {
        m_anomalyDetail->setText(m_anomalies->rowCount() ? tr("Click an anomaly to see why it is listed and to show "
                                                              "its record.")
                                                         : QString());
        return;
    }
    const LiveAnomaly& a = m_anomalies->anomaly(row);
    const QString effects = m_snapshot ? anomalyEffectsHtml(*m_snapshot, a) : QString();
    m_anomalyDetail->setText(QStringLiteral("%1 <b>%2</b> — %3<br>%4.%5")
                                 .arg(chip(anomalyColor(a.kind)), kindName(a.kind), scopeLine(a.scope).toHtmlEscaped(),
                                     shownDetail(a).toHtmlEscaped(), effects));
}

void LiveWindow::onAnomalyActivated(const QModelIndex& index)
{
    if (!index.isValid())
        return;
    if (m_anomaliesView->currentIndex().row() != index.row())
        m_anomaliesView->setCurrentIndex(index);
    showAnomalyDetail(index.row());
    const LiveAnomaly& a = m_anomalies->anomaly(index.row());
    const int row = m_records->rowOfScope(a.scope);
    if (row >= 0) {
        m_selection->select(-1, row);
        return;
    }
    if (a.cursor.empty())
        return;
    // Not on this page: the page around the record, in the order the user chose.
    LivePageQuery q = m_query;
    q.from = LivePageQuery::From::Around;
    q.cursor.clear();
    q.limit = kPageRows;
    m_requestStarted = QDateTime::currentMSecsSinceEpoch();
    m_pendingQuery = q;
    m_fitAfterFetch = true;
    m_session->seekRecord(a.cursor, q, m_options.thresholds);
}

void LiveWindow::readSelectedRecord(int row, bool fullBody)
{
    if (row < 0 || row >= m_records->rowCount()) {
        m_rowAsked.clear();
        m_recordPanel->showMessage([] {
            return tr("Select a record to read its row whole: every column, the stored response body and what it "
                      "caused.");
        });
        return;
    }
    const std::vector<std::optional<std::string>> values = keyOrderValues(m_records->record(row));
    if (values == m_rowAsked && !fullBody && m_recordPanel->row())
        return;
    m_rowAsked = values;
    m_recordPanel->showMessage([] { return tr("Reading the record…"); });
    m_session->readRow(values, fullBody, m_options.thresholds);
}

std::vector<std::optional<std::string>> LiveWindow::keyOrderValues(const LiveRecord& record) const
{
    // The cursor holds the page order's columns: the key order, after the creation column when by time.
    const std::vector<std::string> keyOrder = m_session->keyOrder();
    std::vector<std::string> sort;
    if (m_page.order == LiveOrder::ByTime)
        sort.push_back(m_session->mapping().createdAt.column);
    for (const std::string& c : keyOrder)
        if (std::find(sort.begin(), sort.end(), c) == sort.end())
            sort.push_back(c);
    std::vector<std::optional<std::string>> out;
    for (const std::string& c : keyOrder) {
        const auto at = std::find(sort.begin(), sort.end(), c) - sort.begin();
        out.push_back(static_cast<std::size_t>(at) < record.cursor.size() ? record.cursor[static_cast<std::size_t>(at)]
                                                                          : std::nullopt);
    }
    return out;
}

void LiveWindow::onKeyChoices(const QString& key, std::shared_ptr<const LiveKeyLookup> lookup)
{
    m_requestStarted = 0;
    m_pendingQuery.reset();
    m_fitAfterFetch = false;
    if (m_keyChoice)
        m_keyChoice->deleteLater();
    m_keyChoice = new LiveKeyChoiceDialog(key, lookup, this);
    connect(m_keyChoice, &QDialog::finished, this, [this, dialog = m_keyChoice](int result) {
        const int chosen = dialog->chosen();
        if (m_keyChoice == dialog)
            m_keyChoice = nullptr;
        dialog->deleteLater();
        if (result != QDialog::Accepted || chosen < 0)
            return;
        const LiveKeyRow& row = dialog->lookup().rows[static_cast<std::size_t>(chosen)];
        // The chosen scope with its neighbours, in the order the user chose.
        LivePageQuery q = m_query;
        q.from = LivePageQuery::From::Around;
        q.cursor.clear();
        q.limit = kPageRows;
        m_requestStarted = QDateTime::currentMSecsSinceEpoch();
        m_pendingQuery = q;
        m_fitAfterFetch = true;
        m_session->seekRecord(row.keyCursor, q, m_options.thresholds);
    });
    m_keyChoice->open();
    setState(
        [key, n = static_cast<int>(lookup->rows.size())] {
            return tr("The key %1 is held by %n scopes: choose one.", "", n).arg(key);
        },
        false);
    Q_EMIT keyChoicesShown();
}

void LiveWindow::setAnomalyListing(AnomalyListing listing)
{
    setAnomalyListingOf(m_anomalyListing, listing);
    syncFollowOptions();
    refresh();
}

LiveWindow::AnomalyListing LiveWindow::anomalyListing() const
{
    return anomalyListingOf(m_anomalyListing);
}

void LiveWindow::setDueWithinMs(Millis ms)
{
    m_dueWithinMs = std::max<Millis>(1, ms);
    syncFollowOptions();
}

QString LiveWindow::zoneWarningText() const
{
    if (!m_snapshot || !m_snapshot->zoneWarning)
        return {};
    const LiveZoneWarning& w = *m_snapshot->zoneWarning;
    QStringList columns;
    for (const std::string& c : w.columns)
        columns << fromStd(c);
    return tr("%1: timestamp without time zone, and the mapping names no time zone, so read in the session's time "
              "zone, %2. If the application writes UTC (Rails, Django with USE_TZ), every time and count here is off "
              "by the zone's offset: open, with Table…, a mapping file that names the zone it writes in "
              "(\"timezone\": \"UTC\").")
        .arg(columns.join(QStringLiteral(", ")), fromStd(w.sessionZone));
}

void LiveWindow::onLocated(const Scope& scope, const LivePageQuery& query)
{
    m_pendingQuery = query; // Around the record's cursor: what Follow re-reads from now on
    m_selectAfterFetch = scope;
}

std::optional<QDateTime> parseSeekTime(const QString& text, QString* error)
{
    QString t = text.trimmed();
    if (t.endsWith(QLatin1String("UTC"), Qt::CaseInsensitive))
        t = t.chopped(3).trimmed() + QLatin1Char('Z');
    t.replace(QLatin1Char(' '), QLatin1Char('T'));
    QDateTime parsed = QDateTime::fromString(t, Qt::ISODateWithMs);
    if (!parsed.isValid()) {
        const QDate day = QDate::fromString(t.left(10), Qt::ISODate);
        if (t.size() == 10 && day.isValid())
            parsed = QDateTime(day, QTime(0, 0), Qt::UTC);
    }
    if (!parsed.isValid()) {
        if (error)
            *error = LiveWindow::tr("\"%1\" is not a time: write it as 2026-12-01 08:00:00 UTC (seconds and UTC "
                                    "may be left out)")
                         .arg(text.trimmed());
        return std::nullopt;
    }
    if (parsed.timeSpec() == Qt::LocalTime) // no offset written: UTC, as the field shows
        parsed.setTimeSpec(Qt::UTC);
    return parsed.toUTC();
}

void LiveWindow::editRules()
{
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Anomaly rules for %1").arg(m_session->tableName()));
    auto* form = new QFormLayout(&dialog);
    auto* intro = new QLabel(
        tr("These rules apply to %1 only and are remembered for it.").arg(m_session->tableName().toHtmlEscaped()),
        &dialog);
    intro->setWordWrap(true);
    form->addRow(intro);
    std::vector<DurationSpinBox*> fields;
    for (const LiveAnomalyKind kind : kLiveAnomalyKinds) {
        fields.push_back(addDurationRow(&dialog, form, tr("%1 (%2):").arg(kindName(kind), shownThresholdMeaning(kind)),
            m_options.thresholds[kind], shownRule(kind, m_options.thresholds)));
    }
    const DurationSpinBox* lookback
        = addDurationRow(&dialog, form, tr("Regeneration look-back:"), m_options.thresholds.regenerationLookbackMs,
            tr("suspected_key_regeneration looks at the rows created this long before now"));
    const DurationSpinBox* dueWithin = addDurationRow(&dialog, form, tr("Sweeper's horizon:"), m_dueWithinMs,
        tr("The counts say how many terminal records expire within this long: what the sweeper removes next"));
    int listLimit = m_options.thresholds.listLimit;
    const RulesAnswer answer = runRulesDialog(dialog, form, listLimit);
    if (answer == RulesAnswer::Cancelled)
        return;
    AnomalyThresholds t;
    if (answer == RulesAnswer::Chosen) {
        t = m_options.thresholds;
        for (std::size_t i = 0; i < kLiveAnomalyKinds.size(); ++i)
            t[kLiveAnomalyKinds[i]] = fields[i]->value();
        t.regenerationLookbackMs = std::max<Millis>(1, lookback->value());
        t.listLimit = listLimit;
        m_dueWithinMs = std::max<Millis>(1, dueWithin->value());
    } else {
        m_dueWithinMs = 3'600'000;
    }
    applyRules(t);
}

void LiveWindow::applyRules(const AnomalyThresholds& t)
{
    setThresholds(t);
    if (!m_session->tableName().isEmpty()) {
        rememberRules(m_session->endpoint(), m_session->tableName(), t);
        m_rulesRemembered = !(t == AnomalyThresholds {});
    }
    refresh();
}

void LiveWindow::exportAnomalies(const QString& path)
{
    startExport(path, path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive));
}

void LiveWindow::exportReport(const QString& path)
{
    startExport(path, true);
}

void LiveWindow::startExport(const QString& path, bool json)
{
    if (!m_snapshot) {
        Q_EMIT exportFinished(path, tr("nothing to export yet: no snapshot has been taken"));
        return;
    }
    // The snapshot on screen, never a fresh one (docs/manual/live-tables.md): its counts and anomalies, the page shown
    // (read after it when the user paged), the rules it was counted with.
    LiveSnapshot shown = *m_snapshot;
    shown.page = m_page;
    const QByteArray bytes
        = QByteArray::fromStdString(json ? inspectionJson(shown, m_snapshot->thresholds) : anomaliesCsv(shown));
    const QString error = writeLiveExport(this, path, bytes, shown, shownSnapshotTime(), m_interactiveExport);
    m_interactiveExport = false;
    Q_EMIT exportFinished(path, error);
}

QString LiveWindow::askExportPath(bool json)
{
    QFileDialog dialog(this, json ? tr("Export the inspection report") : tr("Export anomalies"));
    dialog.setAcceptMode(QFileDialog::AcceptSave);
    dialog.setFileMode(QFileDialog::AnyFile);
    dialog.setNameFilter(json ? tr("Inspection report (*.json)") : tr("Anomalies as CSV (*.csv)"));
    dialog.setDefaultSuffix(json ? QStringLiteral("json") : QStringLiteral("csv"));
    dialog.selectFile(json ? QStringLiteral("inspection.json") : QStringLiteral("anomalies.csv"));
    if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty())
        return {};
    return dialog.selectedFiles().first();
}

void LiveWindow::exportAnomaliesInteractive()
{
    const QString path = askExportPath(false);
    if (path.isEmpty())
        return;
    m_interactiveExport = true;
    startExport(path, false);
}

void LiveWindow::exportReportInteractive()
{
    const QString path = askExportPath(true);
    if (path.isEmpty())
        return;
    m_interactiveExport = true;
    startExport(path, true);
}

void LiveWindow::closeEvent(QCloseEvent* event)
{
    rememberWindow(this, QStringLiteral("liveWindow/geometry"));
    m_session->setFollowing(false);
    m_session->cancel();
    QMainWindow::closeEvent(event);
}

LiveWindow* showLiveDatabase(QWidget* parent)
{
    LiveConnectDialog connectDialog(parent);
    if (connectDialog.exec() != QDialog::Accepted)
        return nullptr;
    auto* window = new LiveWindow(connectDialog.takeConnection(), parent);
    window->setAttribute(Qt::WA_DeleteOnClose);
    LiveTableDialog tableDialog(window->session(), parent);
    if (tableDialog.exec() != QDialog::Accepted) {
        delete window;
        return nullptr;
    }
    window->openTable(tableDialog.table(), tableDialog.tableName(), tableDialog.mapping());
    window->show();
    return window;
}

} // namespace iw
