// The probe's window (see probewindow.h).
#include "probewindow.h"

#include "liveconnection.h"
#include "livemapping.h"
#include "probereport.h"
#include "probetext.h"
#include "probewatch.h"
#include "selection.h"
#include "stdtext.h"
#include "timelineview.h"

#include <QAction>
#include <QCloseEvent>
#include <QDir>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QSaveFile>
#include <QSplitter>
#include <QTextBrowser>
#include <QTimer>
#include <QToolBar>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <set>

namespace iw {

namespace {

QString html(const std::string& s)
{
    return fromStd(s).toHtmlEscaped();
}

// A watched row's bar: its state, except that a row the database's clock calls expired while its own state column
// still says in progress or completed is drawn as the column says (serve's store, for one, writes times of its own
// clock); the inspector gives both.
BarState barStateOf(const WatchedRow& row)
{
    QString stored = QString::fromStdString(row.storedState).toLower();
    stored.remove(QLatin1Char('_'));
    std::string state = row.state;
    if (state == "expired" && (stored == QLatin1String("inprogress") || stored == QLatin1String("completed")))
        state = stored == QLatin1String("completed") ? "completed" : "in_progress";
    if (state == "completed")
        return BarState::Completed;
    if (state == "expired")
        return BarState::Expired;
    return BarState::InProgress;
}

} // namespace

ProbeWindow::ProbeWindow(ProbeSetup setup, QWidget* parent)
    : QMainWindow(parent)
    , m_setup(std::move(setup))
    , m_selection(new Selection(this))
{
    setObjectName(QStringLiteral("ProbeWindow"));
    m_planned = planProbe(m_setup.options);

    m_cancelAction = new QAction(this);
    m_cancelAction->setShortcut(QKeySequence(Qt::Key_Escape));
    connect(m_cancelAction, &QAction::triggered, this, &ProbeWindow::cancel);
    m_saveScenarioAction = new QAction(this);
    m_saveScenarioAction->setEnabled(false);
    connect(m_saveScenarioAction, &QAction::triggered, this, &ProbeWindow::saveScenarioInteractive);
    m_saveReportAction = new QAction(this);
    m_saveReportAction->setEnabled(false);
    m_saveReportAction->setShortcut(QKeySequence::Save);
    connect(m_saveReportAction, &QAction::triggered, this, &ProbeWindow::saveReportInteractive);
    QToolBar* bar = addToolBar(QString());
    bar->setObjectName(QStringLiteral("probeToolBar"));
    bar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    bar->setMovable(false);
    bar->addAction(m_cancelAction);
    bar->addSeparator();
    bar->addAction(m_saveScenarioAction);
    bar->addAction(m_saveReportAction);

    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);
    auto* head = new QHBoxLayout;
    m_target = new QLabel(central);
    m_target->setTextInteractionFlags(Qt::TextSelectableByMouse);
    head->addWidget(m_target, 1);
    m_progress = new QProgressBar(central);
    m_progress->setRange(0, std::max(1, m_planned.requests));
    m_progress->setValue(0);
    m_progress->setMaximumWidth(320);
    head->addWidget(m_progress);
    layout->addLayout(head);
    m_status = new QLabel(central);
    m_status->setWordWrap(true);
    layout->addWidget(m_status);

    auto* split = new QSplitter(Qt::Horizontal, central);
    auto* left = new QSplitter(Qt::Vertical, split);
    m_plan = new QTreeWidget(left);
    m_plan->setRootIsDecorated(false);
    m_plan->setColumnCount(4);
    m_plan->setWordWrap(true);
    m_plan->header()->setStretchLastSection(true);
    m_timeline = new TimelineView(m_selection, left);
    left->addWidget(m_plan);
    left->addWidget(m_timeline);
    left->setStretchFactor(0, 2);
    left->setStretchFactor(1, 3);
    auto* right = new QSplitter(Qt::Vertical, split);
    auto* cardBox = new QWidget(right);
    auto* cardLayout = new QVBoxLayout(cardBox);
    cardLayout->setContentsMargins(0, 0, 0, 0);
    m_cardTitle = new QLabel(cardBox);
    cardLayout->addWidget(m_cardTitle);
    m_card = new QTextBrowser(cardBox);
    m_card->setOpenLinks(false);
    cardLayout->addWidget(m_card);
    auto* inspectorBox = new QWidget(right);
    auto* inspectorLayout = new QVBoxLayout(inspectorBox);
    inspectorLayout->setContentsMargins(0, 0, 0, 0);
    m_inspectorTitle = new QLabel(inspectorBox);
    inspectorLayout->addWidget(m_inspectorTitle);
    m_inspector = new QPlainTextEdit(inspectorBox);
    m_inspector->setReadOnly(true);
    m_inspector->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    QFont mono(QStringLiteral("monospace"));
    mono.setStyleHint(QFont::TypeWriter);
    m_inspector->setFont(mono);
    inspectorLayout->addWidget(m_inspector);
    right->addWidget(cardBox);
    right->addWidget(inspectorBox);
    split->addWidget(left);
    split->addWidget(right);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setSizes({ 780, 480 });
    left->setSizes({ 190, 520 });
    right->setSizes({ 380, 330 });
    layout->addWidget(split, 1);
    setCentralWidget(central);

    connect(m_selection, &Selection::changed, this, [this] { showExchange(m_selection->request()); });
    connect(m_plan, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) {
        if (!item)
            return;
        // The check's first exchange, if it has one yet.
        const auto check = static_cast<ProbeCheck>(item->data(0, Qt::UserRole).toInt());
        for (std::size_t i = 0; i < m_exchanges.size(); ++i)
            if (m_exchanges[i].check == check) {
                m_selection->select(static_cast<int>(i), m_exchanges[i].lane);
                return;
            }
    });
    auto* clock = new QTimer(this);
    clock->setInterval(250);
    connect(clock, &QTimer::timeout, this, [this, clock] {
        if (m_finished) {
            clock->stop();
            return;
        }
        updateStatus();
    });
    clock->start();

    retranslate();
    resize(1280, 800);
}

ProbeWindow::~ProbeWindow()
{
    if (m_runner)
        m_runner->cancel();
    if (m_worker.joinable())
        m_worker.join();
}

void ProbeWindow::start()
{
    if (m_runner)
        return;
    ProbeRunner::Callbacks callbacks;
    // Called on the worker's thread (rowSeen on the watch's): queued to the window, which a deleted window drops.
    callbacks.checkStarted = [this](const PlannedCheck& c) {
        QMetaObject::invokeMethod(
            this, [this, check = c.check] { checkStarted(check); }, Qt::QueuedConnection);
    };
    callbacks.exchanged = [this](ProbeCheck check, const ProbeExchange& e) {
        QMetaObject::invokeMethod(
            this, [this, check, e] { exchanged(check, e); }, Qt::QueuedConnection);
    };
    callbacks.rowSeen = [this](const WatchedRow& row) {
        QMetaObject::invokeMethod(
            this, [this, row] { rowSeen(row); }, Qt::QueuedConnection);
    };
    auto runner = std::make_shared<ProbeRunner>(m_setup.options, m_setup.target, std::move(callbacks));
    m_runner = runner;
    const ProbeSetup setup = m_setup;
    m_worker = std::thread([this, runner, setup] {
        QString error;
        std::unique_ptr<ProbeWatch> watch;
        if (setup.watch) {
            try {
                watch = std::make_unique<ProbeWatch>(setup.watchConninfo.toStdString(), setup.watchTable.toStdString(),
                    setup.watchMapping.toStdString());
            } catch (const std::exception& e) {
                error = fromStd(e.what());
            }
        }
        std::shared_ptr<ProbeResult> result;
        if (error.isEmpty()) {
            if (watch)
                runner->setWatch(std::move(watch));
            result = std::make_shared<ProbeResult>(runner->run());
        }
        QMetaObject::invokeMethod(
            this, [this, result, error] { done(result, error); }, Qt::QueuedConnection);
    });
    m_timeline->zoom()->setFollowLive(true);
    updateStatus();
}

void ProbeWindow::cancel()
{
    if (!m_runner || m_finished)
        return;
    m_cancelled = true;
    m_runner->cancel();
    m_cancelAction->setEnabled(false);
    updateStatus();
}

void ProbeWindow::checkStarted(ProbeCheck check)
{
    m_current = check;
    updatePlanView();
    updateStatus();
}

int ProbeWindow::laneFor(ProbeCheck check, const ProbeExchange& e)
{
    for (std::size_t i = 0; i < m_lanes.size(); ++i) {
        const Lane& l = m_lanes[i];
        if (l.check == check && l.keySent == e.keySent && l.keyShown == fromStd(e.keyHeader)
            && l.actorLabel == e.actorLabel)
            return static_cast<int>(i);
    }
    Lane l { check, e.key, e.actorLabel, e.keySent, fromStd(e.keyHeader) };
    m_lanes.push_back(l);
    return static_cast<int>(m_lanes.size()) - 1;
}

void ProbeWindow::exchanged(ProbeCheck check, const ProbeExchange& e)
{
    Exchange x { check, e, laneFor(check, e) };
    m_exchanges.push_back(std::move(x));
    m_progress->setValue(std::min(m_progress->maximum(), static_cast<int>(m_exchanges.size())));
    rebuildTimeline();
    updateStatus();
    if (m_shown < 0)
        m_selection->select(0, m_exchanges.front().lane);
}

void ProbeWindow::rowSeen(const WatchedRow& row)
{
    if (m_finished)
        return;
    m_rows.push_back(row);
    rebuildTimeline();
    if (m_shown >= 0)
        showExchange(m_shown);
}

void ProbeWindow::done(std::shared_ptr<ProbeResult> result, QString error)
{
    m_finished = true;
    if (m_worker.joinable())
        m_worker.join();
    m_current.reset();
    m_cancelAction->setEnabled(false);
    if (!error.isEmpty()) {
        m_errorText = tr("Cannot watch the table: %1").arg(error);
    } else if (result) {
        m_result = std::make_unique<ProbeResult>(*result);
        if (m_result->unreachable) {
            m_errorText = tr("%1: the target cannot be reached.").arg(fromStd(*m_result->unreachable));
        } else {
            m_probeCard = std::make_unique<ProbeCard>(judgeProbe(*m_result, m_setup.options));
            // The rows as the watch's last look left them, in time order.
            m_rows.clear();
            for (const CheckRun& run : m_result->runs)
                m_rows.insert(m_rows.end(), run.rows.begin(), run.rows.end());
            std::stable_sort(
                m_rows.begin(), m_rows.end(), [](const WatchedRow& a, const WatchedRow& b) { return a.atMs < b.atMs; });
        }
    }
    m_saveReportAction->setEnabled(m_probeCard != nullptr);
    m_saveScenarioAction->setEnabled(m_probeCard != nullptr);
    m_progress->setValue(m_progress->maximum());
    m_timeline->zoom()->setFollowLive(false);
    rebuildTimeline();
    m_timeline->zoom()->fitAll();
    m_timeline->refresh();
    updatePlanView();
    updateStatus();
    updateCard();
    Q_EMIT finished();
}

void ProbeWindow::rebuildTimeline()
{
    TimelineModel& model = m_timeline->model();
    model.clear();
    model.reserveLanes(static_cast<int>(m_lanes.size()));
    for (std::size_t i = 0; i < m_lanes.size(); ++i) {
        const Lane& l = m_lanes[i];
        model.addLane(static_cast<int>(i), fromStd(l.actorLabel), fromStd(probeCheckName(l.check)),
            l.keySent ? (l.keyShown.isEmpty() ? tr("(empty key)") : l.keyShown) : tr("(no key)"), l.keySent);
    }
    // The watched rows: the record's states as bars on the first lane that sent its key.
    std::set<std::string> drawn;
    Millis last = 0;
    for (std::size_t i = 0; i < m_lanes.size(); ++i) {
        const Lane& l = m_lanes[i];
        if (!l.keySent || l.key.empty() || !drawn.insert(l.key).second)
            continue;
        std::vector<const WatchedRow*> seen;
        for (const WatchedRow& r : m_rows)
            if (r.key == l.key)
                seen.push_back(&r);
        for (std::size_t j = 0; j < seen.size(); ++j) {
            last = std::max(last, seen[j]->atMs);
            if (seen[j]->state == "absent")
                continue;
            TimelineBar b;
            b.start = seen[j]->atMs;
            b.end = j + 1 < seen.size() ? seen[j + 1]->atMs : OpenEnd;
            b.state = barStateOf(*seen[j]);
            if (b.end > b.start)
                model.addBar(static_cast<int>(i), b);
        }
    }
    for (std::size_t k = 0; k < m_exchanges.size(); ++k) {
        const ProbeExchange& e = m_exchanges[k].exchange;
        TimelineMarker mk;
        mk.t = std::max(e.doneMs, e.atMs);
        mk.latency = static_cast<std::int32_t>(mk.t - e.atMs);
        mk.request = static_cast<std::int32_t>(k);
        mk.status = e.response ? static_cast<std::uint16_t>(e.response->status) : 0;
        switch (e.outcome) {
        case WireOutcome::Response:
            mk.flags = TimelineMarker::SeenFromOutside;
            break;
        case WireOutcome::ClosedBeforeReading:
        case WireOutcome::NoAnswer:
            mk.flags = TimelineMarker::SeenFromOutside | TimelineMarker::ResponseLost;
            break;
        case WireOutcome::Timeout:
        case WireOutcome::Cancelled:
            mk.flags = TimelineMarker::SeenFromOutside | TimelineMarker::TimedOut;
            break;
        case WireOutcome::Unreachable:
        case WireOutcome::TlsRefused:
        case WireOutcome::Malformed:
            mk.flags = TimelineMarker::NeverArrived;
            break;
        }
        model.addMarker(m_exchanges[k].lane, mk);
        last = std::max(last, mk.t);
    }
    model.ensureSorted();
    m_timeline->setNow(m_result ? std::max(last, m_result->wallMs) : last);
    m_timeline->refresh();
}

void ProbeWindow::showExchange(int index)
{
    if (index < 0 || index >= static_cast<int>(m_exchanges.size())) {
        m_shown = -1;
        m_inspector->setPlainText(tr("Select an answer on the timeline to see the exchange whole."));
        return;
    }
    m_shown = index;
    m_inspector->setPlainText(exchangeText(index));
    if (m_selection->request() != index)
        m_selection->select(index, m_exchanges[static_cast<std::size_t>(index)].lane);
}

QString ProbeWindow::exchangeText(int index) const
{
    if (index < 0 || index >= static_cast<int>(m_exchanges.size()))
        return {};
    const Exchange& x = m_exchanges[static_cast<std::size_t>(index)];
    const ProbeExchange& e = x.exchange;
    QString out = tr("%1 — %2").arg(fromStd(probeCheckName(x.check)), fromStd(e.label)) + QLatin1Char('\n');
    out += tr("Sent at %1 ms; %2 at %3 ms.").arg(e.atMs).arg(ProbeText::outcome(e.outcome)).arg(e.doneMs);
    if (!e.detail.empty())
        out += QLatin1Char(' ') + fromStd(e.detail);
    out += QLatin1Char('\n') + tr("User: %1").arg(fromStd(actorOfRequest(e.request))) + QStringLiteral("\n\n");
    out += QStringLiteral("> %1 %2 HTTP/1.1\n").arg(fromStd(e.request.method), fromStd(e.request.target));
    out += QStringLiteral("> Host: %1\n").arg(fromStd(m_setup.target.hostHeader()));
    for (const auto& [name, value] : e.request.headers)
        out += QStringLiteral("> %1: %2\n").arg(fromStd(name), fromStd(shownHeaderValue(name, value)));
    if (e.request.hasBody)
        out += QStringLiteral(">\n") + fromStd(e.request.body) + QLatin1Char('\n');
    out += QLatin1Char('\n');
    if (e.response) {
        out += QStringLiteral("< HTTP/1.1 %1 %2\n").arg(e.response->status).arg(fromStd(e.response->reason));
        for (const auto& [name, value] : e.response->headers)
            out += QStringLiteral("< %1: %2\n").arg(fromStd(name), fromStd(shownHeaderValue(name, value)));
        out += QStringLiteral("<\n") + fromStd(e.response->body) + QLatin1Char('\n');
    } else {
        out += tr("No answer: %1.").arg(ProbeText::outcome(e.outcome)) + QLatin1Char('\n');
    }
    bool heading = false;
    for (const WatchedRow& r : m_rows) {
        if (r.key != e.key || e.key.empty())
            continue;
        if (!heading) {
            out += QLatin1Char('\n') + tr("The watched table's row of this key:") + QLatin1Char('\n');
            heading = true;
        }
        out += tr("  at %1 ms: %2").arg(r.atMs).arg(fromStd(r.state));
        if (!r.storedState.empty() && r.storedState != r.state)
            out += QStringLiteral(" (") + tr("its state column: %1").arg(fromStd(r.storedState)) + QLatin1Char(')');
        if (r.statusCode)
            out += QStringLiteral(", ") + tr("status %1").arg(*r.statusCode);
        if (r.resultId)
            out += QStringLiteral(", ") + tr("result id %1").arg(fromStd(*r.resultId));
        out += QLatin1Char('\n');
    }
    return out;
}

QString ProbeWindow::cardText() const
{
    return m_card->toPlainText();
}

void ProbeWindow::updateCard()
{
    if (!m_probeCard) {
        m_card->setHtml(m_errorText.isEmpty() ? tr("<p>The card is drawn when the probe ends.</p>")
                                              : QStringLiteral("<p>%1</p>").arg(m_errorText.toHtmlEscaped()));
        return;
    }
    const ProbeCard& c = *m_probeCard;
    QString h;
    h += QStringLiteral("<p>")
        + (c.chosenByUser ? tr("Verdicts against <b>%1</b> (chosen).")
                          : tr("Verdicts against <b>%1</b> (the nearest "
                               "profile)."))
              .arg(html(c.chosen))
        + QStringLiteral("</p>");
    for (const CheckVerdict& v : c.verdicts) {
        const QString colour = v.verdict == Verdict::Pass ? QStringLiteral("#1B7F3B")
            : v.verdict == Verdict::Fail                  ? QStringLiteral("#B3261E")
                                                          : QStringLiteral("#6B6B6B");
        h += QStringLiteral("<p style=\"margin-top:4px; margin-bottom:0\"><b><font color=\"%1\">%2</font></b> "
                            "<b>%3</b>")
                 .arg(colour, ProbeText::verdict(v.verdict), html(std::string(probeCheckName(v.check))));
        if (v.verdict == Verdict::NotApplicable) {
            h += QStringLiteral("<br>") + html(v.observed) + QStringLiteral("</p>");
            continue;
        }
        h += QStringLiteral("<br>") + tr("expected: %1").arg(html(v.expected)) + QStringLiteral("<br>")
            + tr("observed: %1").arg(html(v.observed)) + QStringLiteral("</p>");
    }
    h += QStringLiteral("<h4>%1</h4><ul>").arg(tr("Behaviour"));
    for (const auto& [name, sentence] : c.behaviour)
        h += QStringLiteral("<li><b>%1</b>: %2</li>").arg(html(name), html(sentence));
    h += QStringLiteral("</ul><h4>%1</h4>").arg(tr("Profiles"));
    if (!c.matches.empty()) {
        QStringList names;
        for (const std::string& p : c.matches)
            names << html(p);
        h += QStringLiteral("<p>") + tr("Matches: %1.").arg(names.join(QStringLiteral(", "))) + QStringLiteral("</p>");
    } else {
        h += QStringLiteral("<p>") + tr("Matches no profile. Nearest: <b>%1</b>; its differences:").arg(html(c.nearest))
            + QStringLiteral("</p><ul>");
        for (const std::string& d : c.nearestDifferences)
            h += QStringLiteral("<li>%1</li>").arg(html(d));
        h += QStringLiteral("</ul>");
    }
    if (!c.notes.empty()) {
        h += QStringLiteral("<h4>%1</h4><ul>").arg(tr("Notes"));
        for (const std::string& n : c.notes)
            h += QStringLiteral("<li>%1</li>").arg(html(n));
        h += QStringLiteral("</ul>");
    }
    m_card->setHtml(h);
}

void ProbeWindow::updatePlanView()
{
    m_plan->clear();
    for (const PlannedCheck& p : m_planned.checks) {
        auto* item = new QTreeWidgetItem(m_plan);
        item->setData(0, Qt::UserRole, static_cast<int>(p.check));
        item->setText(0, fromStd(probeCheckName(p.check)));
        item->setText(1, p.notApplicable.empty() ? QString::number(p.requests) : QStringLiteral("—"));
        QString verdict;
        if (!p.notApplicable.empty())
            verdict = ProbeText::verdict(Verdict::NotApplicable);
        else if (m_current == p.check)
            verdict = tr("running…");
        if (card())
            for (const CheckVerdict& v : card()->verdicts)
                if (v.check == p.check) {
                    verdict = ProbeText::verdict(v.verdict);
                    if (v.verdict == Verdict::Fail)
                        item->setForeground(2, QColor(0xB3, 0x26, 0x1E));
                    else if (v.verdict == Verdict::Pass)
                        item->setForeground(2, QColor(0x1B, 0x7F, 0x3B));
                }
        item->setText(2, verdict);
        item->setText(3,
            p.notApplicable.empty() ? ProbeText::checkWhat(p.check, m_setup.options) : ProbeText::checkNeeds(p.check));
        item->setToolTip(3, item->text(3));
    }
    m_plan->resizeColumnToContents(0);
    m_plan->resizeColumnToContents(1);
    m_plan->resizeColumnToContents(2);
}

void ProbeWindow::updateStatus()
{
    const int sent = static_cast<int>(m_exchanges.size());
    QString text;
    if (!m_errorText.isEmpty())
        text = m_errorText;
    else if (m_finished && m_result)
        text = (m_result->cancelled ? tr("Cancelled after %n request(s)", nullptr, sent)
                                    : tr("Finished: %n request(s)", nullptr, sent))
            + tr(" in %1 s.").arg(QLocale().toString(static_cast<double>(m_result->wallMs) / 1000.0, 'f', 1));
    else if (m_cancelled)
        text = tr("Cancelling: the request in flight ends within 200 ms…");
    else if (m_runner)
        text = tr("%1 of at most %2 requests sent", nullptr).arg(sent).arg(m_planned.requests)
            + (m_current ? tr("; running %1.").arg(fromStd(probeCheckName(*m_current))) : QStringLiteral("."));
    else
        text = tr("Plan: %n request(s) at most.", nullptr, m_planned.requests);
    m_status->setText(text);
}

void ProbeWindow::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QMainWindow::changeEvent(event);
}

void ProbeWindow::closeEvent(QCloseEvent* event)
{
    // No thread outlives the window: Cancel, then wait for the exchange in flight (its wait ends within 200 ms).
    if (m_runner)
        m_runner->cancel();
    if (m_worker.joinable())
        m_worker.join();
    event->accept();
}

void ProbeWindow::retranslate()
{
    setWindowTitle(tr("Probe of %1 — Idempotency Workbench").arg(m_setup.target.url));
    QString target = tr("<b>%1 %2</b>").arg(fromStd(m_setup.options.method), m_setup.target.url.toHtmlEscaped());
    if (m_setup.outsideConfirmed)
        target += QStringLiteral(" — ") + tr("not a loopback or private address: probed as you confirmed");
    if (m_setup.watch)
        target += QStringLiteral(" — ") + tr("watching table %1").arg(m_setup.watchTable.toHtmlEscaped());
    m_target->setText(target);
    m_cancelAction->setText(tr("&Cancel"));
    m_cancelAction->setToolTip(tr("Stop the probe after the request in flight (Esc)"));
    m_saveScenarioAction->setText(tr("Save as &scenario…"));
    m_saveScenarioAction->setToolTip(tr("Write the probe's traffic as a scenario, to replay it under any profile"));
    m_saveReportAction->setText(tr("Save &report…"));
    m_saveReportAction->setToolTip(tr("Write the probe@1 JSON report, or Markdown for a .md file (Ctrl+S)"));
    m_plan->setHeaderLabels({ tr("Check"), tr("Requests"), tr("Verdict"), tr("What it sends and expects") });
    m_cardTitle->setText(tr("<b>Contract card</b>"));
    m_inspectorTitle->setText(tr("<b>Exchange</b> (Authorization masked)"));
    m_timeline->setEmptyText(tr("The exchanges appear here as they happen, one lane per key."));
    updatePlanView();
    updateStatus();
    updateCard();
    showExchange(m_shown);
}

QString ProbeWindow::saveReportTo(const QString& path) const
{
    if (!m_result || !m_probeCard)
        return tr("The probe has not finished.");
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return tr("Cannot write %1: %2").arg(path, f.errorString());
    const std::string text = path.endsWith(QLatin1String(".md"), Qt::CaseInsensitive)
        ? probeMarkdown(*m_result, *m_probeCard)
        : probeJson(*m_result, *m_probeCard, m_setup.options);
    f.write(text.data(), static_cast<qint64>(text.size()));
    if (!f.commit())
        return tr("Cannot write %1: %2").arg(path, f.errorString());
    return {};
}

QString ProbeWindow::saveScenarioTo(const QString& path) const
{
    if (!m_result || !m_probeCard)
        return tr("The probe has not finished.");
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return tr("Cannot write %1: %2").arg(path, f.errorString());
    const std::string text = probeRecording(*m_result, m_setup.options, m_probeCard->chosen);
    f.write(text.data(), static_cast<qint64>(text.size()));
    if (!f.commit())
        return tr("Cannot write %1: %2").arg(path, f.errorString());
    return {};
}

void ProbeWindow::saveReportInteractive()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Save the probe's report"),
        QDir::home().filePath(QStringLiteral("probe.json")), tr("probe@1 JSON (*.json);;Markdown (*.md)"));
    if (path.isEmpty())
        return;
    const QString error = saveReportTo(path);
    m_status->setText(error.isEmpty() ? tr("Saved the report to %1.").arg(path) : error);
}

void ProbeWindow::saveScenarioInteractive()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Save the probe's traffic as a scenario"),
        QDir::home().filePath(QStringLiteral("probe-scenario.json")), tr("Scenario (*.json)"));
    if (path.isEmpty())
        return;
    const QString error = saveScenarioTo(path);
    m_status->setText(error.isEmpty() ? tr("Saved the scenario to %1.").arg(path) : error);
}

// ---------------------------------------------------------------------------------------------------------------

ProbeLauncher::ProbeLauncher(QWidget* window)
    : QObject(window)
    , m_window(window)
    , m_action(new QAction(this))
{
    connect(m_action, &QAction::triggered, this, [this] { showProbe(); });
    retranslate();
}

void ProbeLauncher::retranslate()
{
    m_action->setText(tr("Probe a &Service…"));
    m_action->setToolTip(tr("Run the six-step route's checks against your own HTTP endpoint and read which profile it "
                            "behaves like"));
}

ProbeWindow* ProbeLauncher::showProbe()
{
    ProbeDialog dialog(m_window);
    if (dialog.exec() != QDialog::Accepted)
        return nullptr;
    QString error;
    auto setup = dialog.setup(error);
    if (!setup)
        return nullptr;
    auto* window = new ProbeWindow(std::move(*setup), m_window);
    window->setAttribute(Qt::WA_DeleteOnClose);
    window->show();
    window->start();
    return window;
}

} // namespace iw
