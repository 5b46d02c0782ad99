// The inspector (see inspector.h).
#include "inspector.h"
#include "duration.h"
#include "stdtext.h"

#include "colors.h"
#include "explanationtext.h"
#include "fingerprint.h"
#include "json.h"
#include "recordrules.h"
#include "recordsmodel.h"
#include "runcontroller.h"
#include "selection.h"
#include "service.h"

#include <QEvent>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QScrollBar>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <algorithm>
#include <map>

namespace iw {

namespace {

constexpr int s_maxSqlShown = 160; // the statement's start says what it does; the DDL is pages long
constexpr int s_maxEventsShown = 300; // a scope of a long run can have thousands; the latest tell the story
constexpr int s_rebuildMs = 250;

QString esc(const QString& s)
{
    return s.toHtmlEscaped();
}
QString esc(const std::string& s)
{
    return fromStd(s).toHtmlEscaped();
}

// A small coloured label, as the tables and the timeline colour the same thing.
QString chip(const QString& text, const QColor& color)
{
    return QStringLiteral("<span style=\"background:%1; color:%2;\">&nbsp;%3&nbsp;</span>")
        .arg(color.name(), textColorOn(color).name(), esc(text));
}

QString row(const QString& label, const QString& valueHtml)
{
    return QStringLiteral("<tr><td style=\"color:#666; padding-right:10px;\">%1</td><td>%2</td></tr>")
        .arg(esc(label), valueHtml);
}

QString mono(const QString& text)
{
    return QStringLiteral("<code>%1</code>").arg(esc(text));
}

QString section(const QString& title)
{
    return QStringLiteral("<h4 style=\"margin-top:12px; margin-bottom:4px;\">%1</h4>").arg(esc(title));
}

void appendPointerToken(std::string& pointer, const std::string& token)
{
    pointer += '/';
    for (const char c : token) {
        if (c == '~')
            pointer += "~0";
        else if (c == '/')
            pointer += "~1";
        else
            pointer += c;
    }
}

void flatten(const json::Value& v, const std::string& pointer, std::map<std::string, std::string>& out)
{
    if (v.isObject() && !v.object.empty()) {
        for (const json::Member& m : v.object) {
            std::string child = pointer;
            appendPointerToken(child, m.key);
            flatten(m.value, child, out);
        }
        return;
    }
    if (v.isArray() && !v.array.empty()) {
        for (std::size_t i = 0; i < v.array.size(); ++i)
            flatten(v.array[i], pointer + '/' + std::to_string(i), out);
        return;
    }
    out[pointer] = canonicalJson(v);
}

// docs/reference/routes.md: the hop whose store holds a scope: its first request's (scopes of different hops have
// different actors).
int hopOfScope(const Simulation& sim, int scope)
{
    if (!sim.hasRoute() || scope < 0)
        return 0;
    const auto& requests = sim.requests();
    for (std::size_t i = 0; i < requests.size(); ++i) {
        if (requests[i].scope == scope || requests[i].keylessScope == scope)
            return sim.hopOf(int(i));
    }
    return 0;
}

bool requestDecided(const Simulation& sim, int request)
{
    return sim.requests()[std::size_t(request)].decision.has_value();
}

} // namespace

std::vector<FieldDifference> diffCanonicalPayloads(const std::string& stored, const std::string& requested)
{
    std::map<std::string, std::string> a;
    std::map<std::string, std::string> b;
    flatten(json::parse(stored), std::string(), a);
    flatten(json::parse(requested), std::string(), b);
    std::vector<FieldDifference> out;
    auto ia = a.begin();
    auto ib = b.begin();
    while (ia != a.end() || ib != b.end()) {
        FieldDifference d;
        if (ib == b.end() || (ia != a.end() && ia->first < ib->first)) {
            d.pointer = ia->first;
            d.stored = ia->second;
            d.storedPresent = true;
            ++ia;
        } else if (ia == a.end() || ib->first < ia->first) {
            d.pointer = ib->first;
            d.requested = ib->second;
            d.requestedPresent = true;
            ++ib;
        } else {
            d.pointer = ia->first;
            d.stored = ia->second;
            d.requested = ib->second;
            d.storedPresent = d.requestedPresent = true;
            ++ia;
            ++ib;
        }
        out.push_back(std::move(d));
    }
    return out;
}

Inspector::Inspector(RunController* run, Selection* selection, QWidget* parent)
    : QWidget(parent)
    , m_run(run)
    , m_selection(selection)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    m_title = new QLabel(this);
    m_title->setTextFormat(Qt::RichText);
    m_title->setWordWrap(true);
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.2);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    layout->addWidget(m_title);

    m_hint = new QLabel(this);
    m_hint->setWordWrap(true);
    m_hint->setStyleSheet(QStringLiteral("color: palette(mid);"));
    layout->addWidget(m_hint);

    m_bars = new QWidget(this);
    auto* barsLayout = new QVBoxLayout(m_bars);
    barsLayout->setContentsMargins(0, 0, 0, 0);
    barsLayout->setSpacing(3);
    // The bars count down what the scope's record has left now, whichever request is selected.
    m_barsLabel = new QLabel(m_bars);
    m_barsLabel->setWordWrap(true);
    m_barsLabel->setStyleSheet(QStringLiteral("color: palette(mid);"));
    m_ttlBar = new QProgressBar(m_bars);
    m_ttlBar->setRange(0, 1000);
    m_leaseBar = new QProgressBar(m_bars);
    m_leaseBar->setRange(0, 1000);
    barsLayout->addWidget(m_barsLabel);
    barsLayout->addWidget(m_ttlBar);
    barsLayout->addWidget(m_leaseBar);
    layout->addWidget(m_bars);

    m_details = new QTextBrowser(this);
    m_details->setOpenLinks(false);
    // The route's links (a request's parent and calls) select that request, as a click on the timeline does.
    connect(m_details, &QTextBrowser::anchorClicked, this, &Inspector::openLink);
    m_details->setFrameShape(QFrame::NoFrame);
    m_details->setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere); // fingerprints have no spaces
    layout->addWidget(m_details, 1);

    m_rebuildTimer.setSingleShot(true);
    m_rebuildTimer.setInterval(s_rebuildMs);
    connect(&m_rebuildTimer, &QTimer::timeout, this, &Inspector::rebuild);
    connect(m_selection, &Selection::changed, this, &Inspector::rebuild);
    connect(m_run, &RunController::progressed, this, &Inspector::scheduleRebuild);
    connect(m_run, &RunController::resetDone, this, &Inspector::rebuild);
    connect(m_run, &RunController::clockChanged, this, [this] {
        if (m_sinceBars.isValid() && m_sinceBars.elapsed() < 100 && m_run->isPlaying())
            return;
        m_sinceBars.start();
        updateBars();
    });
    retranslate();
}

void Inspector::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void Inspector::retranslate()
{
    m_hint->setText(tr("Click a request or a record in a table (or on the timeline) to see why the service "
                       "answered what it answered. Esc clears the selection."));
    m_ttlBar->setToolTip(tr("How much of the record's time to live is left now, in virtual time (empty: expired)"));
    m_leaseBar->setToolTip(tr("How much of the record's in-progress lease is left now; once it has passed, another "
                              "request may take over"));
    // The title, the details and the bars' texts are built from the selection: build them again in this language.
    rebuild();
}

void Inspector::scheduleRebuild()
{
    if (m_selection->request() < 0 && m_selection->scope() < 0)
        return;
    if (!m_run->isPlaying()) {
        rebuild();
        return;
    }
    if (!m_rebuildTimer.isActive())
        m_rebuildTimer.start();
}

void Inspector::openLink(const QUrl& url)
{
    if (url.scheme() != QLatin1String("request"))
        return;
    bool ok = false;
    const int request = url.path().toInt(&ok);
    const Simulation& sim = m_run->simulation();
    if (!ok || request < 0 || request >= int(sim.requests().size()))
        return;
    const RequestRow& r = sim.requests()[std::size_t(request)];
    m_selection->select(request, r.scope >= 0 ? r.scope : r.keylessScope);
}

QString Inspector::title() const
{
    return m_title->text();
}

QString Inspector::detailsText() const
{
    return m_details->toPlainText();
}

int Inspector::ttlPermille() const
{
    return m_bars->isHidden() ? -1 : m_ttlBar->value();
}

int Inspector::leasePermille() const
{
    return m_bars->isHidden() || !m_hasLease ? -1 : m_leaseBar->value();
}

void Inspector::rebuild()
{
    m_rebuildTimer.stop();
    const Simulation& sim = m_run->simulation();
    int request = m_selection->request();
    int scope = m_selection->scope();
    // A selection can outlive what it points at (a reset): show nothing rather than something else.
    if (request >= int(sim.requests().size()))
        request = -1;
    if (scope >= int(sim.scopes().size()))
        scope = -1;

    QString html;
    if (request >= 0) {
        const RequestRow& r = sim.requests()[std::size_t(request)];
        const QString decision = r.decision ? fromStd(decisionName(*r.decision)) : tr("not decided yet");
        const QString status = r.status >= 0 ? QString::number(r.status) : QString();
        m_title->setText(tr("Request %1 %2 %3")
                             .arg(esc(sim.requestId(request)),
                                 r.decision ? chip(decision, decisionColor(*r.decision)) : esc(decision), esc(status)));
        if (sim.hasRoute())
            m_title->setText(m_title->text() + QStringLiteral(" · ")
                + esc(tr("at %1").arg(fromStd(sim.scenario().hopName(sim.hopOf(request))))));
        html = requestHtml(request);
    } else if (scope >= 0) {
        m_title->setText(tr("Record %1").arg(esc(sim.scopes()[std::size_t(scope)].display())));
        html = recordHtml(scope, -1) + eventsHtml(scope, -1);
    } else {
        m_title->setText(tr("Nothing selected"));
    }
    m_hint->setVisible(request < 0 && scope < 0);
    if (html != m_html) {
        // Keep the reader's place: a live run rebuilds this several times a second.
        const int scroll = m_details->verticalScrollBar()->value();
        m_html = html;
        m_details->setHtml(html);
        m_details->verticalScrollBar()->setValue(scroll);
    }
    updateBars();
}

QString Inspector::requestHtml(int request) const
{
    const Simulation& sim = m_run->simulation();
    const RequestRow& r = sim.requests()[std::size_t(request)];
    const int lane = r.scope >= 0 ? r.scope : r.keylessScope;
    QString html;

    html += section(tr("Decision"));
    html += QStringLiteral("<table>");
    if (r.decision) {
        html += row(tr("decision"),
            chip(fromStd(decisionName(*r.decision)), decisionColor(*r.decision))
                + (r.status >= 0 ? QStringLiteral(" &nbsp;") + tr("HTTP %1").arg(r.status) : tr(" &nbsp;no response")));
        html += row(tr("decided at"), esc(formatClock(r.decided)));
    } else if (r.outcome == ClientOutcome::NeverArrived) {
        html += row(tr("decision"), tr("none: the request never reached the service (dropped on the way)"));
    } else {
        html += row(tr("decision"), tr("none yet: the request is still on its way or being handled"));
    }
    html += QStringLiteral("</table>");
    // The explanation and the rule path in the language in use (the reports keep core's English).
    if (const QString reason = shownExplanation(sim.requestExplanation(request)); !reason.isEmpty())
        html += QStringLiteral("<p>%1</p>").arg(esc(reason));
    if (r.rulePath >= 0) {
        // Shown as steps, so it reads as a derivation.
        const QStringList steps = shownRuleSteps(sim.requestRulePath(request));
        html += QStringLiteral("<p style=\"margin-bottom:2px;\"><b>%1</b></p><ol style=\"margin-top:0;\">")
                    .arg(esc(tr("Rule path")));
        for (const QString& step : steps)
            html += QStringLiteral("<li>%1</li>").arg(esc(step));
        html += QStringLiteral("</ol>");
    }

    // With a route, where the request was handled and what it called come next: a duplicate at a provider is
    // explained by the caller's takeover, one link away.
    if (sim.hasRoute())
        html += routeHtml(request);

    // On a mismatch the differing fields are the answer to "why": show them right under the decision.
    if (r.storedFingerprint >= 0) {
        const std::string& stored = sim.text(r.storedFingerprint);
        html += section(tr("Payload mismatch: stored versus this request"));
        html += QStringLiteral("<table>");
        html += row(tr("stored"), mono(fromStd(stored)));
        html += row(tr("this request"), mono(fromStd(sim.requestFingerprint(request))));
        html += QStringLiteral("</table>");
        const auto storedCanonical = sim.canonicalForFingerprint(stored);
        if (!storedCanonical) {
            html += QStringLiteral("<p>%1</p>")
                        .arg(esc(tr("The payload behind the stored fingerprint was not sent in this run, so only the "
                                    "fingerprints can be compared.")));
        } else {
            try {
                const auto diff = diffCanonicalPayloads(*storedCanonical, sim.canonicalPayload(r));
                const QColor highlight = cellBackground(decisionColor(Decision::PayloadMismatch));
                html += QStringLiteral("<table border=\"1\" cellspacing=\"0\" cellpadding=\"3\" "
                                       "style=\"border-collapse:collapse; margin-top:6px;\">");
                html += QStringLiteral("<tr><th>%1</th><th>%2</th><th>%3</th></tr>")
                            .arg(esc(tr("field")), esc(tr("stored")), esc(tr("this request")));
                const QString absent = QStringLiteral("<i style=\"color:#888;\">%1</i>").arg(esc(tr("absent")));
                for (const FieldDifference& d : diff) {
                    html += QStringLiteral("<tr%1><td>%2</td><td>%3</td><td>%4</td></tr>")
                                .arg(d.differs() ? QStringLiteral(" style=\"background:%1;\"").arg(highlight.name())
                                                 : QString(),
                                    mono(d.pointer.empty() ? tr("(whole payload)") : fromStd(d.pointer)),
                                    d.storedPresent ? mono(fromStd(d.stored)) : absent,
                                    d.requestedPresent ? mono(fromStd(d.requested)) : absent);
                }
                html += QStringLiteral("</table>");
                const auto differing
                    = std::count_if(diff.begin(), diff.end(), [](const auto& d) { return d.differs(); });
                html += QStringLiteral("<p>%1</p>")
                            .arg(esc(tr("%n significant field(s) differ; fields the fingerprint ignores are not "
                                        "listed.",
                                nullptr, int(differing))));
            } catch (const std::exception& e) {
                html += QStringLiteral("<p>%1</p>")
                            .arg(esc(tr("Cannot compare the payloads: %1").arg(fromStd(std::string(e.what())))));
            }
        }
    }

    html += section(tr("Request"));
    html += QStringLiteral("<table>");
    html += row(tr("intent"), esc(sim.intentName(r.intent)));
    html += row(tr("client"), esc(sim.clientId(r.client)));
    html += row(tr("attempt"),
        r.copy > 1 ? tr("%1 (copy %2)").arg(QLocale().toString(r.attempt), QLocale().toString(r.copy))
                   : QLocale().toString(r.attempt));
    if (lane >= 0)
        html += row(tr("scope"), mono(fromStd(sim.scopes()[std::size_t(lane)].display())));
    if (!r.hasKey)
        html += row(tr("key"), tr("<i>none: the request carried no Idempotency-Key</i>"));
    html += row(tr("sent"), esc(formatClock(r.sent)));
    html += row(tr("arrived"), r.arrived >= 0 ? esc(formatClock(r.arrived)) : tr("never"));
    html += row(tr("client saw"), r.outcome ? esc(fromStd(clientOutcomeName(*r.outcome))) : tr("nothing yet"));
    if (r.effect >= 0) {
        const EffectInfo& e = sim.effects()[std::size_t(r.effect)];
        html += row(tr("effect"),
            e.duplicate ? chip(tr("%1 — duplicate effect").arg(fromStd(sim.effectId(r.effect))), alarmColor())
                        : esc(sim.effectId(r.effect)) + QStringLiteral(" ") + tr("at %1").arg(formatClock(e.at)));
    }
    html += QStringLiteral("</table>");

    html += section(tr("Fingerprint"));
    html += QStringLiteral("<p>%1</p>").arg(mono(fromStd(sim.requestFingerprint(request))));
    html += QStringLiteral("<p style=\"color:#666; margin-bottom:2px;\">%1</p>")
                .arg(esc(tr("Canonical payload (RFC 8785, the significant part only):")));
    html += QStringLiteral("<pre style=\"white-space:pre-wrap;\">%1</pre>").arg(esc(sim.canonicalPayload(r)));

    if (lane >= 0) {
        if (r.hasKey)
            html += recordHtml(lane, request);
        html += eventsHtml(lane, request);
    }
    html += statementsHtml(request);
    return html;
}

QString Inspector::requestLink(int request) const
{
    // "r3 · provider · created 201": the request, where it was handled and what it got, linked to select it.
    const Simulation& sim = m_run->simulation();
    const RequestRow& r = sim.requests()[std::size_t(request)];
    QString outcome = r.decision ? fromStd(decisionName(*r.decision)) : tr("not decided yet");
    if (r.status >= 0)
        outcome += QLatin1Char(' ') + QString::number(r.status);
    return QStringLiteral("<a href=\"request:%1\">%2</a> · %3 · %4")
        .arg(request)
        .arg(esc(sim.requestId(request)), esc(fromStd(sim.scenario().hopName(sim.hopOf(request)))),
            r.decision ? chip(outcome, decisionColor(*r.decision)) : esc(outcome));
}

QString Inspector::routeHtml(int request) const
{
    // docs/reference/routes.md: where along the route this request was handled, the handler that sent it, and the calls
    // its own handler made to the next hop (each of the call's attempts is a request of its own).
    const Simulation& sim = m_run->simulation();
    const int hop = sim.hopOf(request);
    QString html = section(tr("Route"));
    html += QStringLiteral("<table>");
    const QString hopName = fromStd(sim.scenario().hopName(hop));
    html += row(tr("hop"),
        esc(hop == 0 ? tr("%1 (the first hop: clients call it)").arg(hopName)
                     : tr("%1 (hop %2 of %3)").arg(hopName).arg(hop + 1).arg(sim.scenario().hopCount())));
    const int parent = sim.parentOf(request);
    html += row(tr("parent"), parent >= 0 ? requestLink(parent) : esc(tr("none: a client sent it")));
    html += QStringLiteral("</table>");
    if (hop + 1 >= sim.scenario().hopCount())
        return html; // the last hop calls nobody
    std::vector<int> calls;
    const auto& requests = sim.requests();
    for (std::size_t i = std::size_t(request) + 1; i < requests.size(); ++i) {
        if (sim.parentOf(int(i)) == request)
            calls.push_back(int(i));
    }
    const QString next = fromStd(sim.scenario().hopName(hop + 1));
    html += QStringLiteral("<p style=\"margin-bottom:2px;\"><b>%1</b></p>")
                .arg(esc(tr("Calls it made to %1").arg(next)));
    if (calls.empty()) {
        html += QStringLiteral("<p style=\"margin-top:0;\">%1</p>")
                    .arg(esc(requestDecided(sim, request) ? tr("none: its handler never ran, or failed before calling")
                                                          : tr("none yet")));
        return html;
    }
    html += QStringLiteral("<ol style=\"margin-top:0;\">");
    for (const int call : calls)
        html += QStringLiteral("<li>%1</li>").arg(requestLink(call));
    html += QStringLiteral("</ol>");
    return html;
}

QString Inspector::statementsHtml(int request) const
{
    const auto& statements = m_run->statementsOf(request);
    if (statements.empty())
        return {};
    // docs/manual/running.md: on the PostgreSQL store, the SQL the store ran for this request and what each statement
    // returned.
    QString html = section(tr("SQL run for this request"));
    html += QStringLiteral("<table cellspacing=\"0\" cellpadding=\"2\">");
    for (const StatementRun& run : statements) {
        QString sql = fromStd(run.sql).simplified();
        if (sql.size() > s_maxSqlShown)
            sql = sql.left(s_maxSqlShown) + QStringLiteral("…");
        const QString result = fromStd(run.result);
        // A command tag ("INSERT 0 1", "UPDATE 0") is upper case; an error is a sentence.
        const bool failed = result != result.toUpper();
        html += QStringLiteral("<tr><td style=\"padding-right:8px;\">%1</td><td>%2</td></tr>")
                    .arg(mono(sql), failed ? chip(result, alarmColor()) : esc(result));
    }
    html += QStringLiteral("</table>");
    return html;
}

QString Inspector::recordHtml(int scope, int highlightRequest) const
{
    Q_UNUSED(highlightRequest);
    const Simulation& sim = m_run->simulation();
    const Scope& s = sim.scopes()[std::size_t(scope)];
    const int hop = hopOfScope(sim, scope);
    const ServicePolicy& policy = m_run->scenario().hopService(hop);
    const Millis now = m_run->now();
    QString html
        = section(hop == 0 ? tr("Record of this scope now")
                           : tr("Record of this scope now, in %1's store").arg(fromStd(sim.scenario().hopName(hop))));
    std::optional<Record> record;
    if (!m_run->readForView(s, record, hop)) {
        html += QStringLiteral("<p>%1</p>")
                    .arg(esc(tr("The store cannot be read right now (a call is in flight or the database failed; "
                                "the status bar says which).")));
    } else if (!record) {
        html += QStringLiteral("<p>%1</p>")
                    .arg(esc(tr("No record in the store: never claimed, deleted after an error, or swept after "
                                "expiry.")));
    } else {
        const RecordState state = effectiveState(*record, now, policy);
        const bool stuck = recordIsStuck(*record, now, policy);
        html += QStringLiteral("<table>");
        html += row(tr("state"),
            chip(fromStd(stateName(state)), stateColor(state))
                + (stuck ? QStringLiteral(" ")
                            + chip(tr("stuck: %1; only a takeover or an operator can finish it").arg(shownStuckRule()),
                                stuckColor())
                         : QString()));
        html += row(tr("fingerprint"), mono(fromStd(record->payloadHash)));
        if (const auto canonical = sim.canonicalForFingerprint(record->payloadHash))
            html += row(tr("payload"), mono(fromStd(*canonical)));
        html += row(tr("status"), record->statusCode ? QString::number(*record->statusCode) : tr("none yet"));
        if (record->responseBody)
            html += row(tr("stored body"), mono(fromStd(*record->responseBody)));
        html += row(tr("result"), record->resultId ? esc(*record->resultId) : tr("none"));
        html += row(tr("created"), esc(formatClock(record->createdAt)));
        if (record->completedAt)
            html += row(tr("completed"), esc(formatClock(*record->completedAt)));
        html += row(tr("expires"),
            record->expiresAt == kNeverExpires ? tr("never (no expiry was written)")
                                               : esc(formatClock(record->expiresAt)));
        html += row(tr("lease until"), record->leaseUntil ? esc(formatClock(*record->leaseUntil)) : tr("no lease"));
        html += QStringLiteral("</table>");
    }
    std::optional<Tombstone> tombstone;
    if (m_run->readTombstoneForView(s, now, tombstone, hop) && tombstone) {
        html += QStringLiteral("<p>%1 %2</p>")
                    .arg(chip(tr("tombstone"), tombstoneColor()),
                        esc(tr("until %1: blocks a new claim and names the earlier result %2")
                                .arg(formatClock(tombstone->untilMs),
                                    tombstone->resultId ? fromStd(*tombstone->resultId) : tr("(none)"))));
    }
    return html;
}

QString Inspector::eventsHtml(int scope, int highlightRequest) const
{
    const Simulation& sim = m_run->simulation();
    const auto& events = sim.events();
    std::vector<std::size_t> mine;
    for (std::size_t i = 0; i < events.size(); ++i) {
        if (events[i].scope == scope)
            mine.push_back(i);
    }
    QString html = section(tr("Events of this scope"));
    if (mine.empty())
        return html + QStringLiteral("<p>%1</p>").arg(esc(tr("None yet.")));
    std::size_t first = 0;
    if (mine.size() > std::size_t(s_maxEventsShown)) {
        first = mine.size() - std::size_t(s_maxEventsShown);
        html += QStringLiteral("<p>%1</p>")
                    .arg(esc(
                        tr("Showing the last %1 of %2 events.")
                            .arg(QLocale().toString(s_maxEventsShown), QLocale().toString(qulonglong(mine.size())))));
    }
    html += QStringLiteral("<table cellspacing=\"0\" cellpadding=\"1\">");
    for (std::size_t k = first; k < mine.size(); ++k) {
        const LifecycleEvent& e = events[mine[k]];
        QString what = fromStd(eventKindName(e.kind));
        if (e.kind == EventKind::Decided && e.request >= 0) {
            const RequestRow& r = sim.requests()[std::size_t(e.request)];
            if (r.decision)
                what += QStringLiteral(": ") + fromStd(decisionName(*r.decision));
        }
        if (e.kind == EventKind::Effect && e.effect >= 0) {
            what += QStringLiteral(" ") + fromStd(sim.effectId(e.effect));
            if (sim.effects()[std::size_t(e.effect)].duplicate)
                what += QStringLiteral(" ") + tr("(duplicate)");
        }
        const bool mineRow = e.request >= 0 && e.request == highlightRequest;
        html += QStringLiteral("<tr%1><td style=\"padding-right:8px; white-space:nowrap;\"><code>%2</code></td><td "
                               "style=\"padding-right:8px;\">%3</td><td>%4</td></tr>")
                    .arg(mineRow ? QStringLiteral(" style=\"font-weight:bold;\"") : QString(), esc(formatClock(e.t)),
                        e.request >= 0 ? esc(sim.requestId(e.request)) : QString(), esc(what));
    }
    html += QStringLiteral("</table>");
    return html;
}

void Inspector::updateBars()
{
    const Simulation& sim = m_run->simulation();
    int scope = m_selection->scope();
    if (scope >= int(sim.scopes().size()))
        scope = -1;
    const int request = m_selection->request();
    if (request >= 0 && request < int(sim.requests().size()) && !sim.requests()[std::size_t(request)].hasKey)
        scope = -1;
    std::optional<Record> record;
    const int hop = hopOfScope(sim, scope);
    if (scope >= 0 && !m_run->readForView(sim.scopes()[std::size_t(scope)], record, hop))
        return; // the bars keep what they showed until the store answers again
    m_bars->setVisible(record.has_value());
    if (!record)
        return;
    const Millis now = m_run->now();
    m_barsLabel->setText(request >= 0
            ? tr("The record of this scope now, at t = %1 (not at this request's instant):").arg(formatClock(now))
            : tr("This record now, at t = %1:").arg(formatClock(now)));
    if (record->expiresAt == kNeverExpires) {
        // A record that never expires (Redis's HSET without its EXPIRE): no TTL to run down.
        m_ttlBar->setValue(1000);
        m_ttlBar->setFormat(tr("TTL: never expires"));
    } else {
        const Millis ttl = std::max<Millis>(1, record->expiresAt - record->createdAt);
        const Millis ttlLeft = record->expiresAt - now;
        // In floating point: a TTL of years times 1000 overflows 64 bits.
        m_ttlBar->setValue(int(std::clamp(double(ttlLeft) / double(ttl), 0.0, 1.0) * 1000));
        m_ttlBar->setFormat(ttlLeft > 0 ? tr("TTL: %1 left of %2").arg(shownDuration(ttlLeft), shownDuration(ttl))
                                        : tr("TTL: expired %1 ago").arg(shownDuration(-ttlLeft)));
    }
    const auto lease = m_run->scenario().hopService(hop).effectiveLease();
    m_hasLease = record->leaseUntil && lease && *lease > 0;
    if (!m_hasLease) {
        m_leaseBar->setValue(0);
        m_leaseBar->setFormat(tr("Lease: none"));
        return;
    }
    const Millis leaseLeft = *record->leaseUntil - now;
    m_leaseBar->setValue(int(std::clamp(double(leaseLeft) / double(*lease), 0.0, 1.0) * 1000));
    m_leaseBar->setFormat(leaseLeft >= 0
            ? tr("Lease: %1 left of %2").arg(shownDuration(leaseLeft), shownDuration(*lease))
            : tr("Lease: passed %1 ago — another request may take over").arg(shownDuration(-leaseLeft)));
}

} // namespace iw
