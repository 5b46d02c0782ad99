// The live-database window (see livewindow.h).
#include "livewindow.h"
#include "windowsize.h"
#include "stdtext.h"

#include "colors.h"
#include "liveconnectdialog.h"
#include "livemodels.h"
#include "livereport.h"
#include "livesession.h"
#include "livetabledialog.h"
#include "livetimeline.h"
#include "selection.h"
#include "timelineview.h"

#include <QAction>
#include <QCloseEvent>
#include <QComboBox>
#include <QDateTime>
#include <QDateTimeEdit>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QSaveFile>
#include <QSpinBox>
#include <QSplitter>
#include <QStatusBar>
#include <QStyle>
#include <QTableView>
#include <QTextDocument>
#include <QToolBar>
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

QString csvField(const std::string& s)
{
    QString q = fromStd(s);
    if (q.contains(QLatin1Char(',')) || q.contains(QLatin1Char('"')) || q.contains(QLatin1Char('\n'))) {
        q.replace(QLatin1String("\""), QLatin1String("\"\""));
        q = QLatin1Char('"') + q + QLatin1Char('"');
    }
    return q;
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
    setWindowTitle(tr("Live database — %1").arg(m_session->endpoint()));
    setObjectName(QStringLiteral("liveWindow"));
    m_query.order = LiveOrder::ByTime;
    m_query.from = LivePageQuery::From::Last;
    m_query.limit = kPageRows;
    createActions();
    createLayout();

    connect(m_session, &LiveSession::opened, this, &LiveWindow::onOpened);
    connect(m_session, &LiveSession::snapshotReady, this, &LiveWindow::onSnapshot);
    connect(m_session, &LiveSession::pageReady, this, &LiveWindow::onPage);
    connect(m_session, &LiveSession::failed, this, &LiveWindow::onFailed);
    connect(m_session, &LiveSession::stopped, this, &LiveWindow::onStopped);
    connect(m_session, &LiveSession::busyChanged, this, &LiveWindow::onBusy);
    connect(m_session, &LiveSession::followingChanged, m_follow, &QAction::setChecked);
    connect(m_selection, &Selection::changed, this, &LiveWindow::onSelectionChanged);
    setState(tr("Connected; choose a table."), false);
    updatePagingActions();
    placeWindow(this, QSize(1500, 900), QStringLiteral("liveWindow/geometry"));
}

LiveWindow::~LiveWindow() = default;

void LiveWindow::createActions()
{
    m_chooseTable = new QAction(style()->standardIcon(QStyle::SP_FileDialogContentsView), tr("&Table…"), this);
    m_chooseTable->setToolTip(tr("Choose the table and the mapping to inspect"));
    connect(m_chooseTable, &QAction::triggered, this, &LiveWindow::chooseTable);

    m_refresh = new QAction(style()->standardIcon(QStyle::SP_BrowserReload), tr("&Refresh"), this);
    m_refresh->setShortcut(QKeySequence::Refresh);
    m_refresh->setToolTip(tr("Read the table again: counts, anomalies and this page (F5)"));
    connect(m_refresh, &QAction::triggered, this, &LiveWindow::refresh);

    m_follow = new QAction(style()->standardIcon(QStyle::SP_MediaPlay), tr("&Follow"), this);
    m_follow->setCheckable(true);
    m_follow->setToolTip(tr("Read the table again at the interval beside; stops by itself on an error"));
    connect(m_follow, &QAction::toggled, this, [this](bool on) {
        if (on && m_stopped) {
            m_session->resume(m_options);
            m_stopped = false;
        }
        syncFollowOptions();
        m_session->setFollowing(on);
        m_timeline->zoom()->setFollowLive(on); // keep "now" in sight while following
    });

    m_resume = new QAction(style()->standardIcon(QStyle::SP_BrowserReload), tr("Re&sume"), this);
    m_resume->setToolTip(tr("Reconnect if needed and read the table again after a stop"));
    m_resume->setVisible(false);
    connect(m_resume, &QAction::triggered, this, [this] {
        m_stopped = false;
        m_resume->setVisible(false);
        syncFollowOptions();
        m_session->resume(m_options);
    });

    m_cancel = new QAction(style()->standardIcon(QStyle::SP_BrowserStop), tr("&Cancel"), this);
    m_cancel->setToolTip(tr("Cancel the query now running on the server"));
    m_cancel->setEnabled(false);
    connect(m_cancel, &QAction::triggered, m_session, &LiveSession::cancel);

    m_first = new QAction(style()->standardIcon(QStyle::SP_MediaSkipBackward), tr("First page"), this);
    m_first->setToolTip(tr("The first rows of the chosen order"));
    m_first->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Home));
    connect(m_first, &QAction::triggered, this, &LiveWindow::firstPage);
    m_previous = new QAction(style()->standardIcon(QStyle::SP_MediaSeekBackward), tr("Previous page"), this);
    m_previous->setToolTip(tr("The rows just before this page (keyset paging, no OFFSET)"));
    m_previous->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_PageUp));
    connect(m_previous, &QAction::triggered, this, &LiveWindow::previousPage);
    m_next = new QAction(style()->standardIcon(QStyle::SP_MediaSeekForward), tr("Next page"), this);
    m_next->setToolTip(tr("The rows just after this page (keyset paging, no OFFSET)"));
    m_next->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_PageDown));
    connect(m_next, &QAction::triggered, this, &LiveWindow::nextPage);
    m_last = new QAction(style()->standardIcon(QStyle::SP_MediaSkipForward), tr("Last page"), this);
    m_last->setToolTip(tr("The last rows of the chosen order (by time: the newest)"));
    m_last->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_End));
    connect(m_last, &QAction::triggered, this, &LiveWindow::lastPage);

    m_rules = new QAction(style()->standardIcon(QStyle::SP_FileDialogDetailedView), tr("R&ules…"), this);
    m_rules->setToolTip(tr("Change the anomaly thresholds (stuck age, regeneration window, graces)"));
    connect(m_rules, &QAction::triggered, this, &LiveWindow::editRules);
    m_export = new QAction(style()->standardIcon(QStyle::SP_DialogSaveButton), tr("&Export anomalies…"), this);
    m_export->setToolTip(tr("Save the inspection report (JSON) or the listed anomalies (CSV)"));
    connect(m_export, &QAction::triggered, this, &LiveWindow::exportAnomaliesInteractive);

    auto* bar = addToolBar(tr("Live"));
    bar->setObjectName(QStringLiteral("liveToolBar"));
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->addAction(m_chooseTable);
    bar->addSeparator();
    bar->addAction(m_refresh);
    bar->addAction(m_follow);
    m_interval = new QSpinBox(bar);
    m_interval->setRange(1, 3600);
    m_interval->setValue(5);
    m_interval->setPrefix(tr("every "));
    m_interval->setSuffix(tr(" s"));
    m_interval->setToolTip(tr("How often Follow reads the table"));
    connect(m_interval, &QSpinBox::valueChanged, this, [this](int s) { m_session->setFollowIntervalMs(s * 1000); });
    bar->addWidget(m_interval);
    bar->addAction(m_resume);
    bar->addAction(m_cancel);
    bar->addSeparator();
    m_order = new QComboBox(bar);
    m_order->addItem(tr("by creation time"), static_cast<int>(LiveOrder::ByTime));
    m_order->addItem(tr("by key"), static_cast<int>(LiveOrder::ByKey));
    m_order->setToolTip(tr("The order pages are read in: the time column, or the table's unique key"));
    connect(m_order, &QComboBox::activated, this, [this] {
        m_query = {};
        m_query.order = static_cast<LiveOrder>(m_order->currentData().toInt());
        m_query.from = m_query.order == LiveOrder::ByTime ? LivePageQuery::From::Last : LivePageQuery::From::First;
        m_query.limit = kPageRows;
        fetch(m_query);
    });
    bar->addWidget(m_order);
    bar->addAction(m_first);
    bar->addAction(m_previous);
    bar->addAction(m_next);
    bar->addAction(m_last);
    auto* seekBar = addToolBar(tr("Seek"));
    seekBar->setObjectName(QStringLiteral("liveSeekBar"));
    seekBar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_seekKey = new QLineEdit(seekBar);
    m_seekKey->setPlaceholderText(tr("go to key…"));
    m_seekKey->setToolTip(tr("Seek the key order to this value of its first column, and read from there"));
    m_seekKey->setMaximumWidth(220);
    connect(m_seekKey, &QLineEdit::returnPressed, this, [this] { goToKey(m_seekKey->text()); });
    seekBar->addWidget(m_seekKey);
    m_seekTime = new QDateTimeEdit(QDateTime::currentDateTimeUtc(), seekBar);
    m_seekTime->setTimeSpec(Qt::UTC);
    m_seekTime->setDisplayFormat(QStringLiteral("yyyy-MM-dd HH:mm:ss 'UTC'"));
    m_seekTime->setCalendarPopup(true);
    m_seekTime->setToolTip(tr("Seek the time order to rows created at or after this instant"));
    seekBar->addWidget(m_seekTime);
    auto* goTime = new QAction(tr("Go"), this);
    goTime->setToolTip(tr("Read the rows created at or after the chosen time"));
    connect(goTime, &QAction::triggered, this, [this] { goToTime(m_seekTime->dateTime()); });
    seekBar->addAction(goTime);
    seekBar->addSeparator();
    seekBar->addAction(m_rules);
    seekBar->addAction(m_export);
}

void LiveWindow::createLayout()
{
    auto* top = new QWidget(this);
    auto* topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(6, 6, 6, 0);
    m_header = new QLabel(tr("No table open."), top);
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_header->setWordWrap(true);
    topLayout->addWidget(m_header);
    m_counts = new QLabel(top);
    m_counts->setTextInteractionFlags(Qt::TextSelectableByMouse);
    topLayout->addWidget(m_counts);
    m_timeline = new TimelineView(m_selection, top);
    topLayout->addWidget(m_timeline, 1);
    m_timeCaption = new QLabel(top);
    m_timeCaption->setWordWrap(true);
    QFont small = m_timeCaption->font();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    m_timeCaption->setFont(small);
    topLayout->addWidget(m_timeCaption);

    m_recordsView = new QTableView(this);
    m_recordsView->setModel(m_records);
    m_recordsView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_recordsView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_recordsView->verticalHeader()->hide();
    m_recordsView->horizontalHeader()->setStretchLastSection(true);
    m_recordsView->setAlternatingRowColors(true);
    m_recordsView->setWordWrap(false);
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
    m_anomaliesView = new QTableView(anomalies);
    m_anomaliesView->setModel(m_anomalies);
    m_anomaliesView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_anomaliesView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_anomaliesView->verticalHeader()->hide();
    m_anomaliesView->horizontalHeader()->setStretchLastSection(true);
    m_anomaliesView->setToolTip(tr("Click an anomaly to show its record (the page seeks to it when needed)"));
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
    auto* dock = new QDockWidget(tr("Anomalies"), this);
    dock->setObjectName(QStringLiteral("liveAnomaliesDock"));
    dock->setWidget(anomalies);
    dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    addDockWidget(Qt::RightDockWidgetArea, dock);
    resizeDocks({ dock }, { 520 }, Qt::Horizontal);

    m_state = new QLabel(this);
    m_state->setTextInteractionFlags(Qt::TextSelectableByMouse);
    statusBar()->addWidget(m_state, 1);
    m_busy = new QLabel(this);
    statusBar()->addPermanentWidget(m_busy);
    m_endpoint
        = new QLabel(tr("%1 · PostgreSQL %2 · read-only").arg(m_session->endpoint(), m_session->serverVersion()), this);
    m_endpoint->setToolTip(tr("default_transaction_read_only=on for the session and BEGIN READ ONLY for every "
                              "snapshot: PostgreSQL refuses writes (SQLSTATE 25006)"));
    statusBar()->addPermanentWidget(m_endpoint);
}

void LiveWindow::openTable(const LiveTableRef& table, const QString& tableName, const LiveMapping& mapping)
{
    m_query = {};
    m_query.order = LiveOrder::ByTime;
    m_query.from = LivePageQuery::From::Last;
    m_query.limit = kPageRows;
    m_order->setCurrentIndex(0);
    m_stopped = false;
    m_resume->setVisible(false);
    setState(tr("Opening %1…").arg(tableName), false);
    m_session->open(table, tableName, mapping);
}

void LiveWindow::onOpened(const QString& table, const QString& mapping)
{
    setWindowTitle(tr("Live database — %1 (%2)").arg(table, mapping));
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
    m_session->setFollowOptions(m_options);
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

void LiveWindow::onSnapshot(std::shared_ptr<const LiveSnapshot> snapshot, const QString& notice)
{
    m_snapshot = snapshot;
    m_page = snapshot->page;
    const int selectedAnomaly = m_anomaliesView->currentIndex().row();
    m_anomalies->setAnomalies(snapshot->anomalies);
    m_anomaliesView->resizeColumnToContents(LiveAnomaliesModel::KindColumn);
    if (selectedAnomaly >= 0 && selectedAnomaly < m_anomalies->rowCount())
        m_anomaliesView->setCurrentIndex(m_anomalies->index(selectedAnomaly, 0));
    showAnomalyDetail(m_anomaliesView->currentIndex().row());
    showRecords(snapshot->page.records, snapshot->nowMs);
    showCounts();
    const qint64 took = QDateTime::currentMSecsSinceEpoch() - m_requestStarted;
    const QString at = fromStd(formatEpochMs(snapshot->nowMs));
    QString text = tr("Snapshot at %1 (the database's clock)").arg(at);
    if (m_requestStarted > 0 && took >= 0)
        text += tr(", read in %1 ms").arg(took);
    if (snapshot->standby)
        text += snapshot->replayLagMs
            ? tr(" · hot-standby replica, lag %1 (age of the last replayed transaction)")
                  .arg(fromStd(formatDurationMs(*snapshot->replayLagMs)))
            : tr(" · hot-standby replica, nothing replayed yet");
    if (!notice.isEmpty())
        text += tr(" — %1").arg(notice);
    setState(text, false);
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
    showRecords(page->records, m_snapshot ? m_snapshot->nowMs : 0);
    updatePagingActions();
    if (m_selectAfterFetch) {
        const int row = m_records->rowOfScope(*m_selectAfterFetch);
        m_selectAfterFetch.reset();
        if (row >= 0)
            m_selection->select(-1, row);
    }
    Q_EMIT pageShown();
}

void LiveWindow::showRecords(const std::vector<LiveRecord>& records, Millis nowMs)
{
    m_selection->clear();
    m_records->setRecords(records, nowMs);
    m_recordsView->resizeColumnsToContents();
    const Millis origin = feedTimeline(m_timeline->model(), records, nowMs, m_options.thresholds);
    m_timeline->setNow(nowMs - origin);
    m_timeline->refresh();
    if (records.empty()) {
        m_timeCaption->setText(tr("No rows on this page."));
        return;
    }
    const QString order = m_page.order == LiveOrder::ByKey ? tr("by key") : tr("by creation time");
    const QString count = records.size() == 1 ? tr("1 record") : tr("%1 records").arg(records.size());
    m_timeCaption->setText(tr("%1 on this page (%2); the axis counts from %3, the earliest time shown; now is %4 "
                              "(the database's clock).")
                               .arg(count, order, absoluteTime(origin), absoluteTime(nowMs)));
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
    m_counts->setText(
        tr("%1 <b>%2</b> in progress &nbsp; %3 <b>%4</b> completed &nbsp; %5 <b>%6</b> expired &nbsp;·&nbsp; "
           "%7 records &nbsp;·&nbsp; %8")
            .arg(chip(stateColor(RecordState::InProgress)))
            .arg(c.inProgress)
            .arg(chip(stateColor(RecordState::Completed)))
            .arg(c.completed)
            .arg(chip(stateColor(RecordState::Expired)))
            .arg(c.expired)
            .arg(c.total)
            .arg(anomalyTotal == 0 ? tr("no anomalies")
                                   : tr("<span style=\"color:%1\"><b>%2</b> anomalies</span>")
                                         .arg(alarmColor().name())
                                         .arg(anomalyTotal)));
    QString lines;
    for (const LiveAnomalyKind kind : kLiveAnomalyKinds) {
        const long long n = c.anomaly(kind);
        const QString rule = fromStd(anomalyRule(kind, m_options.thresholds)).toHtmlEscaped();
        const QString count = n ? QStringLiteral("<b>%1</b>").arg(n) : QStringLiteral("0");
        lines += QStringLiteral("<tr><td>%1</td><td align=\"right\">%2</td><td>&nbsp;<b>%3</b><br><small>%4</small>"
                                "</td></tr>")
                     .arg(chip(anomalyColor(kind)), count, kindName(kind), rule);
    }
    const long long listed = static_cast<long long>(m_snapshot->anomalies.size());
    QString footer;
    if (listed < anomalyTotal)
        footer = tr("<p>Listing %1 of %2: at most %3 of each kind.</p>")
                     .arg(listed)
                     .arg(anomalyTotal)
                     .arg(m_options.thresholds.listLimit);
    m_anomalyCounts->setText(QStringLiteral("<table cellspacing=\"2\">%1</table>%2").arg(lines, footer));
}

void LiveWindow::onFailed(const QString& sentence)
{
    if (m_pendingQuery) { // the page asked for could not be read: stay where we were
        m_pendingQuery.reset();
        m_order->setCurrentIndex(m_order->findData(static_cast<int>(m_query.order)));
    }
    m_requestStarted = 0;
    setState(tr("Last request failed: %1").arg(sentence), true);
    statusBar()->showMessage(sentence, 8000);
}

void LiveWindow::onStopped(const QString& reason)
{
    m_stopped = true;
    m_requestStarted = 0;
    m_resume->setVisible(true);
    setState(reason, true);
    Q_EMIT stoppedShown(reason);
}

void LiveWindow::onBusy(bool busy)
{
    m_cancel->setEnabled(busy);
    m_busy->setText(busy ? tr("reading…") : QString());
}

void LiveWindow::setState(const QString& text, bool alarm)
{
    m_state->setText(text);
    m_state->setToolTip(text);
    m_state->setStyleSheet(
        alarm ? QStringLiteral("QLabel { color: %1; font-weight: bold; }").arg(alarmColor().name()) : QString());
}

QString LiveWindow::stateText() const
{
    return m_state->text();
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
    m_seekKey->setEnabled(open);
    m_seekTime->setEnabled(open);
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
    m_syncingSelection = true;
    const int row = m_selection->scope();
    if (row >= 0 && row < m_records->rowCount()) {
        m_recordsView->selectRow(row);
        m_recordsView->scrollTo(m_records->index(row, 0));
    } else {
        m_recordsView->clearSelection();
    }
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
    m_anomalyDetail->setText(QStringLiteral("%1 <b>%2</b> — %3<br>%4.")
                                 .arg(chip(anomalyColor(a.kind)), kindName(a.kind), scopeLine(a.scope).toHtmlEscaped(),
                                     fromStd(a.detail).toHtmlEscaped()));
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
    // Not on this page: seek the key order to the record.
    LivePageQuery q;
    q.order = LiveOrder::ByKey;
    q.from = LivePageQuery::From::AtKey;
    q.cursor = a.cursor;
    q.limit = kPageRows;
    m_order->setCurrentIndex(m_order->findData(static_cast<int>(LiveOrder::ByKey)));
    m_selectAfterFetch = a.scope;
    fetch(q);
}

void LiveWindow::editRules()
{
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Anomaly rules"));
    auto* form = new QFormLayout(&dialog);
    std::array<QSpinBox*, LiveAnomalyKindCount> spins {};
    for (std::size_t i = 0; i < kLiveAnomalyKinds.size(); ++i) {
        const LiveAnomalyKind kind = kLiveAnomalyKinds[i];
        auto* spin = new QSpinBox(&dialog);
        spin->setRange(0, 30 * 86'400);
        spin->setSuffix(tr(" s"));
        spin->setValue(static_cast<int>(m_options.thresholds[kind] / 1000));
        spin->setToolTip(fromStd(anomalyRule(kind, m_options.thresholds)));
        const std::string_view meaning = thresholdMeaning(kind);
        form->addRow(
            tr("%1 (%2):").arg(kindName(kind), QString::fromUtf8(meaning.data(), qsizetype(meaning.size()))), spin);
        spins[i] = spin;
    }
    auto* lookback = new QSpinBox(&dialog);
    lookback->setRange(1, 24 * 365);
    lookback->setSuffix(tr(" h"));
    lookback->setValue(static_cast<int>(m_options.thresholds.regenerationLookbackMs / 3'600'000));
    lookback->setToolTip(tr("suspected_key_regeneration looks at the rows created this long before now"));
    form->addRow(tr("Regeneration look-back:"), lookback);
    auto* limit = new QSpinBox(&dialog);
    limit->setRange(0, 10'000);
    limit->setValue(m_options.thresholds.listLimit);
    limit->setToolTip(tr("Anomalies listed per kind; the counts always cover them all"));
    form->addRow(tr("Listed per kind:"), limit);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    if (dialog.exec() != QDialog::Accepted)
        return;
    AnomalyThresholds t = m_options.thresholds;
    for (std::size_t i = 0; i < kLiveAnomalyKinds.size(); ++i)
        t[kLiveAnomalyKinds[i]] = static_cast<Millis>(spins[i]->value()) * 1000;
    t.regenerationLookbackMs = static_cast<Millis>(lookback->value()) * 3'600'000;
    t.listLimit = limit->value();
    setThresholds(t);
    refresh();
}

QString LiveWindow::exportAnomalies(const QString& path) const
{
    if (!m_snapshot)
        return tr("nothing to export yet: no snapshot has been taken");
    QByteArray bytes;
    if (path.endsWith(QLatin1String(".csv"), Qt::CaseInsensitive)) {
        QString csv = QStringLiteral("kind,actor,operation,key,detail\n");
        for (const LiveAnomaly& a : m_snapshot->anomalies)
            csv += kindName(a.kind) + QLatin1Char(',') + csvField(a.scope.actor) + QLatin1Char(',')
                + csvField(a.scope.operation) + QLatin1Char(',') + csvField(a.scope.key) + QLatin1Char(',')
                + csvField(a.detail) + QLatin1Char('\n');
        bytes = csv.toUtf8();
    } else {
        bytes = QByteArray::fromStdString(inspectionJson(*m_snapshot, m_options.thresholds));
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
        return tr("cannot write %1: %2").arg(path, file.errorString());
    return {};
}

void LiveWindow::exportAnomaliesInteractive()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export anomalies"), QStringLiteral("inspection.json"),
        tr("Inspection report (*.json);;Anomalies as CSV (*.csv)"));
    if (path.isEmpty())
        return;
    const QString error = exportAnomalies(path);
    if (!error.isEmpty())
        QMessageBox::warning(this, tr("Export anomalies"), error + QLatin1Char('.'));
    else
        statusBar()->showMessage(tr("Exported to %1").arg(path), 5000);
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
