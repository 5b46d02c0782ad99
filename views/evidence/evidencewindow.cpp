// The evidence window (see evidencewindow.h).
#include "evidencewindow.h"

#include "colors.h"
#include "evidencemodels.h"
#include "evidenceopendialog.h"
#include "evidencesource.h"
#include "icons.h"
#include "incidentscenario.h"
#include "reportoutput.h"
#include "selection.h"
#include "stdtext.h"
#include "timelineview.h"
#include "windowsize.h"

#include <QAction>
#include <QCloseEvent>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QStatusBar>
#include <QTableView>
#include <QThreadPool>
#include <QToolBar>
#include <QVBoxLayout>

#include <algorithm>
#include <climits>

namespace iw {

EvidenceWindow::EvidenceWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_loader(std::make_unique<EvidenceLoader>())
{
    setObjectName(QStringLiteral("evidenceWindow"));
    m_selection = new Selection(this);
    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);

    m_progressRow = new QWidget(central);
    auto* progressLayout = new QHBoxLayout(m_progressRow);
    progressLayout->setContentsMargins(0, 0, 0, 0);
    m_progressLabel = new QLabel(m_progressRow);
    m_progress = new QProgressBar(m_progressRow);
    m_cancel = new QPushButton(m_progressRow);
    m_cancel->setObjectName(QStringLiteral("cancelReading"));
    progressLayout->addWidget(m_progressLabel);
    progressLayout->addWidget(m_progress, 1);
    progressLayout->addWidget(m_cancel);
    m_progressRow->hide();
    layout->addWidget(m_progressRow);
    connect(m_cancel, &QPushButton::clicked, this, &EvidenceWindow::cancelReading);

    m_summary = new QLabel(central);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_summary);

    auto* split = new QSplitter(Qt::Vertical, central);
    m_timeline = new TimelineView(m_selection, split);
    // N goes from violation to violation in the list's order, the list following.
    disconnect(m_timeline->zoom(), &TimelineZoom::jumpToAnomalyRequested, m_timeline, nullptr);
    connect(m_timeline->zoom(), &TimelineZoom::jumpToAnomalyRequested, this, &EvidenceWindow::nextViolation);
    split->addWidget(m_timeline);

    auto* bottom = new QSplitter(Qt::Horizontal, split);
    auto* listBox = new QWidget(bottom);
    auto* listLayout = new QVBoxLayout(listBox);
    listLayout->setContentsMargins(0, 0, 0, 0);
    m_violationsLabel = new QLabel(listBox);
    listLayout->addWidget(m_violationsLabel);
    m_violations = new ViolationsModel(this);
    m_violationsView = new QTableView(listBox);
    m_violationsView->setObjectName(QStringLiteral("violations"));
    m_violationsView->setModel(m_violations);
    m_violationsView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_violationsView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_violationsView->verticalHeader()->hide();
    m_violationsView->horizontalHeader()->setStretchLastSection(true);
    m_violationsView->setWordWrap(false);
    m_violationsLabel->setBuddy(m_violationsView);
    listLayout->addWidget(m_violationsView, 1);
    connect(m_violationsView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        [this](const QModelIndex& current) {
            if (current.isValid())
                selectViolation(current.row());
        });
    bottom->addWidget(listBox);

    auto* inspectorBox = new QWidget(bottom);
    auto* inspectorLayout = new QVBoxLayout(inspectorBox);
    inspectorLayout->setContentsMargins(0, 0, 0, 0);
    m_inspectorLabel = new QLabel(inspectorBox);
    m_inspectorLabel->setWordWrap(true);
    m_inspectorLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    inspectorLayout->addWidget(m_inspectorLabel);
    m_inspector = new QPlainTextEdit(inspectorBox);
    m_inspector->setObjectName(QStringLiteral("evidenceInspector"));
    m_inspector->setReadOnly(true);
    m_inspector->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_inspector->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    inspectorLayout->addWidget(m_inspector, 1);
    bottom->addWidget(inspectorBox);
    bottom->setStretchFactor(0, 3);
    bottom->setStretchFactor(1, 2);
    split->addWidget(bottom);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    layout->addWidget(split, 1);
    setCentralWidget(central);

    m_openAction = new QAction(glyphIcon(QStringLiteral("⌕"), QColor(0x1F, 0x4E, 0xA8)), QString(), this);
    m_openAction->setShortcut(QKeySequence::Open);
    connect(m_openAction, &QAction::triggered, this, &EvidenceWindow::openInteractive);
    m_saveReportAction = new QAction(glyphIcon(QStringLiteral("⤓"), QColor(0x2E, 0x6B, 0x3A)), QString(), this);
    m_saveReportAction->setShortcut(QKeySequence::Save);
    connect(m_saveReportAction, &QAction::triggered, this, &EvidenceWindow::saveReportInteractive);
    m_replayAction = new QAction(glyphIcon(QStringLiteral("▶"), QColor(0x1F, 0x4E, 0xA8)), QString(), this);
    m_replayAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    connect(m_replayAction, &QAction::triggered, this, &EvidenceWindow::replayInteractive);
    m_closeAction = new QAction(this);
    m_closeAction->setShortcut(QKeySequence::Close);
    connect(m_closeAction, &QAction::triggered, this, &QWidget::close);

    m_fileMenu = menuBar()->addMenu(QString());
    m_fileMenu->addAction(m_openAction);
    m_fileMenu->addAction(m_saveReportAction);
    m_fileMenu->addAction(m_replayAction);
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_closeAction);
    m_violationsMenu = menuBar()->addMenu(QString());
    m_violationsMenu->addAction(nextViolationAction());
    m_timelineMenu = menuBar()->addMenu(QString());
    m_timelineMenu->addActions(m_timeline->zoom()->actions());
    m_toolBar = addToolBar(QString());
    m_toolBar->setObjectName(QStringLiteral("evidenceToolBar"));
    m_toolBar->addAction(m_openAction);
    m_toolBar->addAction(m_saveReportAction);
    m_toolBar->addAction(m_replayAction);
    m_toolBar->addSeparator();
    m_toolBar->addAction(nextViolationAction());
    m_toolBar->addAction(m_timeline->zoom()->fitAllAction());
    m_toolBar->addAction(m_timeline->zoom()->zoomToSelectionAction());

    connect(m_loader.get(), &EvidenceLoader::progress, this, &EvidenceWindow::showProgress);
    connect(m_loader.get(), &EvidenceLoader::finished, this, &EvidenceWindow::showLoad);
    connect(m_loader.get(), &EvidenceLoader::failed, this, [this](const QString& error) {
        m_failure = error;
        m_progressRow->hide();
        syncActions();
        showSummary();
        Q_EMIT readingFinished(false);
    });
    connect(m_loader.get(), &EvidenceLoader::cancelled, this, [this] {
        m_failure = tr("Reading was cancelled; nothing new is shown.");
        m_progressRow->hide();
        syncActions();
        showSummary();
        Q_EMIT readingFinished(false);
    });
    connect(m_selection, &Selection::changed, this, &EvidenceWindow::onSelectionChanged);

    retranslate();
    syncActions();
    placeWindow(this, { 1280, 800 }, QStringLiteral("evidenceWindow/geometry"));
}

EvidenceWindow::~EvidenceWindow()
{
    if (m_inspectorCancel)
        *m_inspectorCancel = true;
}

QAction* EvidenceWindow::nextViolationAction() const
{
    return m_timeline->zoom()->jumpToAnomalyAction();
}

void EvidenceWindow::retranslate()
{
    setWindowTitle(m_load ? tr("Evidence — %1")
                                .arg(m_load->request.files.size() == 1
                                        ? QFileInfo(m_load->request.files.first()).fileName()
                                        : tr("%n files", nullptr, static_cast<int>(m_load->request.files.size())))
                          : tr("Evidence"));
    m_fileMenu->setTitle(tr("&File"));
    m_violationsMenu->setTitle(tr("&Violations"));
    m_timelineMenu->setTitle(tr("&Timeline"));
    m_toolBar->setWindowTitle(tr("Evidence"));
    m_openAction->setText(tr("&Open Evidence…"));
    m_openAction->setToolTip(tr("Read access logs, traces and HAR files and judge them against a profile"));
    m_saveReportAction->setText(tr("&Save Report…"));
    m_saveReportAction->setToolTip(tr("Write what the evidence shows as reconstruct@1 JSON (whole, or not at all)"));
    m_replayAction->setText(tr("&Replay as Scenario"));
    m_replayAction->setToolTip(tr("Open the incident in the workbench as a scenario that replays it: run it, "
                                  "compare it under other policies, explore around it"));
    m_closeAction->setText(tr("&Close"));
    m_cancel->setText(tr("&Cancel"));
    m_cancel->setToolTip(tr("Stop reading; the evidence shown before stays"));
    m_violationsLabel->setText(tr("Vi&olations (N: the next)"));
    m_violations->retranslate();
    m_timeline->setEmptyText(tr("No evidence open: File → Open Evidence…"));
    showSummary();
    if (m_loader->isRunning())
        showProgress(m_lastProgress);
    if (m_shownExchange >= 0 || !m_inspectorTitle.isEmpty())
        onSelectionChanged();
    else
        m_inspectorLabel->setText(tr("Select a request on the timeline or a violation to see its evidence."));
}

void EvidenceWindow::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QMainWindow::changeEvent(event);
}

void EvidenceWindow::closeEvent(QCloseEvent* event)
{
    cancelReading();
    rememberWindow(this, QStringLiteral("evidenceWindow/geometry"));
    QMainWindow::closeEvent(event);
}

bool EvidenceWindow::open(const EvidenceRequest& request)
{
    if (!m_loader->start(request))
        return false;
    m_lastRequest = request;
    m_lastRequest.password.clear();
    m_failure.clear();
    m_lastProgress = {};
    showProgress(m_lastProgress);
    m_progressRow->show();
    syncActions();
    return true;
}

bool EvidenceWindow::isReading() const
{
    return m_loader->isRunning();
}

void EvidenceWindow::cancelReading()
{
    m_loader->cancel();
    if (m_loader->isRunning())
        m_progressLabel->setText(tr("Cancelling…"));
}

void EvidenceWindow::openInteractive()
{
    EvidenceOpenDialog dialog(this);
    if (!m_lastRequest.files.isEmpty())
        dialog.setRequest(m_lastRequest);
    if (dialog.exec() == QDialog::Accepted)
        open(dialog.request());
}

void EvidenceWindow::showProgress(const ReconstructProgress& p)
{
    m_lastProgress = p;
    const QLocale locale;
    const QString read = locale.formattedDataSize(static_cast<qint64>(p.bytes));
    if (!p.compressed && p.totalBytes > 0) {
        m_progress->setRange(0, 1000);
        m_progress->setValue(static_cast<int>(std::min<std::uint64_t>(1000, p.bytes * 1000 / p.totalBytes)));
        m_progressLabel->setText(tr("Reading: %n request(s), %1 of %2", nullptr,
            static_cast<int>(std::min<std::uint64_t>(p.exchanges, INT_MAX)))
                                     .arg(read, locale.formattedDataSize(static_cast<qint64>(p.totalBytes))));
    } else {
        // A compressed file's text has no known size before it is read: no percentage.
        m_progress->setRange(0, 0);
        m_progressLabel->setText(tr("Reading: %n request(s), %1 of text", nullptr,
            static_cast<int>(std::min<std::uint64_t>(p.exchanges, INT_MAX)))
                                     .arg(read));
    }
}

QString EvidenceWindow::progressText() const
{
    return m_progressLabel->text();
}

void EvidenceWindow::showLoad(std::shared_ptr<EvidenceLoad> load)
{
    m_progressRow->hide();
    m_load = std::move(load);
    m_shownExchange = -1;
    m_inspectorTitle.clear();
    m_selection->clear();
    m_lanes = feedEvidenceTimeline(m_timeline->model(), m_load->result);
    // "Now" is the end of the evidence: everything on the timeline has happened.
    Millis end = m_lanes.origin;
    for (const JudgedExchange& j : m_load->result.exchanges)
        end = std::max(end, j.x.endMs.value_or(j.x.startMs));
    m_timeline->setNow(end - m_lanes.origin);
    m_timeline->refresh();
    m_timeline->zoom()->fitAll();
    m_violations->setLoad(m_load);
    m_violationsView->resizeColumnsToContents();
    m_inspector->clear();
    retranslate();
    syncActions();
    Q_EMIT readingFinished(true);
}

void EvidenceWindow::showSummary()
{
    QStringList lines;
    if (!m_failure.isEmpty())
        lines
            << QStringLiteral("<span style=\"color:%1\">%2</span>").arg(alarmColor().name(), m_failure.toHtmlEscaped());
    if (m_load) {
        const ReconstructResult& r = m_load->result;
        const ReconstructSummary& s = r.summary;
        const QLocale locale;
        QStringList files;
        for (const EvidenceFileSummary& f : r.fileSummaries)
            files << QFileInfo(fromStd(f.path)).fileName();
        lines << tr("<b>%1</b> judged as <b>%2</b>: %n request(s)", nullptr, static_cast<int>(s.exchanges))
                     .arg(files.join(QStringLiteral(", ")).toHtmlEscaped(),
                         fromStd(m_load->options.profile).toHtmlEscaped())
                + QStringLiteral(", ") + tr("%n execution(s)", nullptr, static_cast<int>(s.executions))
                + QStringLiteral(", ") + tr("%n replay(s)", nullptr, static_cast<int>(s.replays)) + QStringLiteral(", ")
                + QStringLiteral("<span style=\"color:%1\">%2</span>")
                      .arg(r.violations.empty() ? QStringLiteral("inherit") : alarmColor().name(),
                          tr("%n violation(s)", nullptr, static_cast<int>(r.violations.size())));
        if (s.firstMs && s.lastMs)
            lines << tr("From %1 to %2. Times are in UTC: the timeline's 0 is %3.")
                         .arg(evidenceInstant(*s.firstMs), evidenceInstant(*s.lastMs), evidenceInstant(m_lanes.origin));
        if (r.problems.total > 0)
            lines << tr("%n line(s), entries or spans could not be used and were skipped (Save Report names them).",
                nullptr, static_cast<int>(std::min<std::uint64_t>(r.problems.total, INT_MAX)));
        if (!m_load->context.rowsSource.empty())
            lines << tr("The table's rows joined from %1: %n row(s).", nullptr, static_cast<int>(r.rows.size()))
                         .arg(fromStd(m_load->context.rowsSource).toHtmlEscaped());
    } else if (m_failure.isEmpty()) {
        lines << tr("No evidence open yet: File → Open Evidence… reads access logs, traces and HAR files.");
    }
    m_summary->setText(lines.join(QStringLiteral("<br>")));
}

QString EvidenceWindow::summaryText() const
{
    return m_summary->text();
}

void EvidenceWindow::syncActions()
{
    const bool reading = m_loader->isRunning();
    m_openAction->setEnabled(!reading);
    m_saveReportAction->setEnabled(m_load && !reading);
    m_replayAction->setEnabled(m_load && !reading && !m_load->result.exchanges.empty());
}

int EvidenceWindow::currentViolation() const
{
    const QModelIndex i = m_violationsView->currentIndex();
    return i.isValid() ? i.row() : -1;
}

void EvidenceWindow::nextViolation()
{
    const int n = m_violations->rowCount();
    if (n == 0) {
        statusBar()->showMessage(tr("No violation: the evidence agrees with the profile."), 5000);
        return;
    }
    selectViolation((currentViolation() + 1) % n);
}

void EvidenceWindow::selectViolation(int row)
{
    if (!m_load || row < 0 || row >= m_violations->rowCount())
        return;
    if (currentViolation() != row) {
        // Selecting the row comes back here through currentRowChanged.
        m_violationsView->setCurrentIndex(m_violations->index(row, 0));
        return;
    }
    m_violationsView->scrollTo(m_violations->index(row, 0));
    const auto r = static_cast<std::size_t>(row);
    const int exchange = m_lanes.violationExchange[r];
    const int lane = m_lanes.violationLane[r];
    const int scope = lane >= 0 ? m_lanes.laneScope[static_cast<std::size_t>(lane)] : -1;
    if (exchange >= 0 || scope >= 0) {
        const bool same = m_selection->request() == exchange && m_selection->scope() == scope;
        m_selection->select(exchange, scope);
        m_timeline->zoomToSelection();
        if (same && exchange >= 0)
            showRawEvidence(exchange); // two violations of one request: the selection did not change
    }
    if (exchange < 0) {
        // A row's violation (stuck in progress): the row as read.
        const Violation& v = m_load->result.violations[r];
        QStringList text;
        for (const EvidenceRef& ref : v.evidence)
            for (const EvidenceRow& row : m_load->result.rows)
                if (row.ref.kind == ref.kind && row.ref.at == ref.at && row.ref.file == ref.file)
                    text << tr("key %1, actor %2, %3: %4, created %5")
                                .arg(fromStd(row.scope.key), fromStd(row.scope.actor), fromStd(row.scope.operation),
                                    fromStd(row.state),
                                    row.createdMs ? evidenceInstant(*row.createdMs) : tr("unknown"));
        m_shownExchange = -1;
        m_inspectorTitle = v.evidence.empty() ? QString() : shownRef(v.evidence.back(), m_load->shownFiles);
        m_inspectorLabel->setText(m_inspectorTitle);
        m_inspector->setPlainText(
            text.join(QLatin1Char('\n')) + QStringLiteral("\n\n") + shownDetail(v, m_load->shownFiles));
        Q_EMIT inspectorShown();
    }
}

void EvidenceWindow::onSelectionChanged()
{
    if (!m_load)
        return;
    const int request = m_selection->request();
    if (request < 0 || static_cast<std::size_t>(request) >= m_load->result.exchanges.size())
        return;
    // The list follows: the first violation this exchange shows, unless the one selected is already its.
    const int current = currentViolation();
    if (current < 0 || m_lanes.violationExchange[static_cast<std::size_t>(current)] != request) {
        for (std::size_t i = 0; i < m_lanes.violationExchange.size(); ++i)
            if (m_lanes.violationExchange[i] == request) {
                const QSignalBlocker block(m_violationsView->selectionModel());
                m_violationsView->setCurrentIndex(m_violations->index(static_cast<int>(i), 0));
                m_violationsView->viewport()->update();
                break;
            }
    }
    showRawEvidence(request);
}

void EvidenceWindow::showRawEvidence(int exchange)
{
    const JudgedExchange& j = m_load->result.exchanges[static_cast<std::size_t>(exchange)];
    const Exchange& x = j.x;
    m_shownExchange = exchange;
    m_inspectorTitle = fromStd(exchangeId(static_cast<std::size_t>(exchange))) + QStringLiteral(" — ")
        + shownRef(x.ref, m_load->shownFiles);
    m_inspectorLabel->setText(QStringLiteral("<b>%1</b>").arg(m_inspectorTitle.toHtmlEscaped()));
    QStringList head;
    head << tr("%1 %2, key %3, actor %4")
                .arg(fromStd(x.method), fromStd(x.path), x.key ? fromStd(*x.key) : tr("(none)"), fromStd(x.actor));
    QString answer = x.status ? tr("answered %1").arg(*x.status) : tr("no answer logged");
    if (x.endMs)
        answer += tr(" after %1 ms").arg(*x.endMs - x.startMs);
    if (x.clientGaveUp)
        answer += tr("; the client gave up first");
    head << tr("arrived %1, %2").arg(evidenceInstant(x.startMs), answer);
    head << tr("decision as far as the evidence tells: %1")
                .arg(j.decision ? fromStd(decisionName(*j.decision)) : tr("unknown"));
    const QString header = head.join(QLatin1Char('\n')) + QStringLiteral("\n\n");
    m_inspector->setPlainText(header + tr("Reading the evidence…"));

    const int generation = ++m_inspectorGeneration;
    if (m_inspectorCancel)
        *m_inspectorCancel = true;
    m_inspectorCancel = std::make_shared<std::atomic<bool>>(false);
    const auto cancel = m_inspectorCancel;
    const std::string path = x.ref.file < m_load->request.files.size()
        ? m_load->request.files[static_cast<qsizetype>(x.ref.file)].toStdString()
        : std::string();
    const EvidenceRef ref = x.ref;
    QPointer<EvidenceWindow> self(this);
    QThreadPool::globalInstance()->start([self, generation, cancel, path, ref, header] {
        const RawEvidence raw = readRawEvidence(path, ref, 64u << 10, cancel.get());
        QMetaObject::invokeMethod(
            self.data(),
            [self, generation, raw, header] {
                if (!self || generation != self->m_inspectorGeneration)
                    return;
                QString body;
                switch (raw.status) {
                case RawEvidence::Status::Found:
                    body = fromStd(raw.text);
                    if (raw.truncated)
                        body += QLatin1Char('\n') + tr("… (cut at 64 KiB)");
                    break;
                case RawEvidence::Status::Unreadable:
                    body = tr("The file cannot be read again: %1").arg(fromStd(raw.text));
                    break;
                case RawEvidence::Status::Missing:
                    body = tr("The file no longer holds this evidence (was it changed since it was read?).");
                    break;
                case RawEvidence::Status::TooLong:
                    body = tr("This line is longer than 16 MiB; it was skipped when read and is not shown.");
                    break;
                case RawEvidence::Status::NotADocument:
                    body = tr("The file is not one JSON document (cut short?): this entry cannot be shown again.");
                    break;
                case RawEvidence::Status::Cancelled:
                    return;
                case RawEvidence::Status::NotAFile:
                    body = tr("A row of the table: shown from the rows read.");
                    break;
                }
                self->m_inspector->setPlainText(header + body);
                Q_EMIT self->inspectorShown();
            },
            Qt::QueuedConnection);
    });
}

QString EvidenceWindow::inspectorTitle() const
{
    return m_inspectorTitle;
}

QString EvidenceWindow::inspectorText() const
{
    return m_inspector->toPlainText();
}

QString EvidenceWindow::saveReportTo(const QString& path) const
{
    if (!m_load)
        return tr("No evidence is open.");
    ReportOutput out(path.toStdString());
    if (!out.open())
        return fromStd(out.error());
    out.stream() << reconstructJson(m_load->result, m_load->context);
    if (!out.finish())
        return fromStd(out.error());
    return {};
}

void EvidenceWindow::saveReportInteractive()
{
    if (!m_load)
        return;
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save Report"), QStringLiteral("reconstruct.json"), tr("reconstruct@1 JSON (*.json)"));
    if (path.isEmpty())
        return;
    const QString error = saveReportTo(path);
    if (error.isEmpty())
        statusBar()->showMessage(tr("Report written to %1").arg(QDir::toNativeSeparators(path)), 8000);
    else
        QMessageBox::warning(this, tr("Save Report"), tr("The report was not written: %1").arg(error));
}

bool EvidenceWindow::incidentAsScenario(Scenario& out, QString& why) const
{
    if (!m_load) {
        why = tr("No evidence is open.");
        return false;
    }
    const IncidentScenario incident = incidentScenario(m_load->result, m_load->options, false);
    if (!incident.replayable()) {
        why = tr("No request of the evidence can be replayed as a scenario (%n left out: their key header could not "
                 "be read).",
            nullptr, static_cast<int>(incident.leftOut));
        return false;
    }
    try {
        // Through its text, as the command line writes it: what the workbench opens is what a file would hold.
        out = loadScenario(saveScenario(incident.scenario), "evidence");
    } catch (const ScenarioError& e) {
        why = tr("The rebuilt scenario does not load: %1").arg(fromStd(e.what()));
        return false;
    }
    return true;
}

void EvidenceWindow::replayInteractive()
{
    Scenario s;
    QString why;
    if (!incidentAsScenario(s, why)) {
        QMessageBox::warning(this, tr("Replay as Scenario"), why);
        return;
    }
    Q_EMIT replayScenario(s);
}

} // namespace iw
