// The scenario panel (see scenariopanel.h).
#include "scenariopanel.h"
#include "duration.h"
#include "durationspinbox.h"
#include "stdtext.h"

#include "colors.h"
#include "fingerprint.h"
#include "icons.h"
#include "language.h"
#include "runcontroller.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QFile>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QSplitter>
#include <QStyle>
#include <QTabWidget>
#include <QTextBlock>
#include <QToolButton>
#include <QVBoxLayout>

namespace iw {

namespace {

constexpr int s_applyDelayMs = 400; // policy edits rewind the run: wait until the user stops typing

QFont monospace()
{
    QFont font(QStringLiteral("monospace"));
    font.setStyleHint(QFont::TypeWriter);
    return font;
}

// Durations take units ("24 h", "500 ms"), as every duration editor of the GUI does.
DurationSpinBox* msSpin(QWidget* parent, Millis minimum = 0)
{
    auto* spin = new DurationSpinBox(parent);
    spin->setRange(minimum, LongestDurationMs);
    return spin;
}

QSpinBox* statusSpin(QWidget* parent)
{
    auto* spin = new QSpinBox(parent);
    spin->setRange(100, 599);
    return spin;
}

Millis clampMs(Millis ms)
{
    return std::clamp<Millis>(ms, 0, LongestDurationMs);
}

void setComboData(QComboBox* combo, int value)
{
    const int index = combo->findData(value);
    if (index >= 0)
        combo->setCurrentIndex(index);
}

std::vector<std::string> splitPointers(const QString& text)
{
    std::vector<std::string> out;
    // Pointers may not contain spaces or commas in practice; both separate them here.
    for (const QString& part : text.split(QRegularExpression(QStringLiteral("[,\\s]+")), Qt::SkipEmptyParts))
        out.push_back(part.toStdString());
    return out;
}

QString joinPointers(const std::vector<std::string>& pointers)
{
    QStringList parts;
    for (const std::string& p : pointers)
        parts << fromStd(p);
    return parts.join(QStringLiteral(", "));
}

// A form row whose label the panel re-sets on a language change. As QFormLayout::addRow(QString, QWidget*) does,
// the field is the label's buddy (a row holding a layout has none).
QLabel* addRow(QFormLayout* form, QWidget* field)
{
    auto* label = new QLabel;
    label->setBuddy(field);
    form->addRow(label, field);
    return label;
}

QLabel* addRow(QFormLayout* form, QLayout* field)
{
    auto* label = new QLabel;
    form->addRow(label, field);
    return label;
}

// Re-sets the text of a combo box's item by its data, keeping the current item.
void setItemText(QComboBox* combo, int data, const QString& text)
{
    const int index = combo->findData(data);
    if (index >= 0)
        combo->setItemText(index, text);
}

QWidget* scrollable(QWidget* content)
{
    auto* area = new QScrollArea;
    area->setWidget(content);
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    area->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded); // only if the dock is made very narrow
    return area;
}

} // namespace

QString prettyJson(const json::Value& value)
{
    // Short containers read best on one line, with the spaces people type; the dock is narrow.
    std::string out;
    json::appendPretty(out, value, { .width = 72 });
    return fromStd(out);
}

ScenarioPanel::ScenarioPanel(RunController* run, QWidget* parent)
    : QWidget(parent)
    , m_run(run)
{
    m_applyTimer.setSingleShot(true);
    m_applyTimer.setInterval(s_applyDelayMs);
    connect(&m_applyTimer, &QTimer::timeout, this, &ScenarioPanel::applyPolicyEdits);
    createActions();

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->setChildrenCollapsible(false);
    splitter->addWidget(buildPresets());

    auto* lower = new QWidget(splitter);
    auto* lowerLayout = new QVBoxLayout(lower);
    lowerLayout->setContentsMargins(0, 0, 0, 0);
    auto* clientRow = new QHBoxLayout;
    m_client = new QComboBox(lower);
    m_addClient = new QToolButton(lower);
    connect(m_addClient, &QToolButton::clicked, this, &ScenarioPanel::addClient);
    m_clientLabel = new QLabel(lower);
    m_clientLabel->setBuddy(m_client);
    clientRow->addWidget(m_clientLabel);
    clientRow->addWidget(m_client, 1);
    clientRow->addWidget(m_addClient);
    lowerLayout->addLayout(clientRow);

    m_tabs = new QTabWidget(lower);
    m_tabs->addTab(scrollable(buildRequestTab()), QString());
    m_tabs->addTab(scrollable(buildServiceTab()), QString());
    m_tabs->addTab(scrollable(buildClientTab()), QString());
    lowerLayout->addWidget(m_tabs, 1);
    splitter->addWidget(lower);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    splitter->setSizes({ 340, 400 });
    layout->addWidget(splitter, 1);
    layout->addWidget(buildFireButtons());

    connect(m_client, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_populating)
            populateClient();
    });
    connect(m_run, &RunController::scenarioLoaded, this, [this] {
        if (!m_applying)
            populateFromScenario(true);
    });
    populateFromScenario(true);
    m_payloadEdit->setPlainText(QStringLiteral("{\"amount\": 100, \"currency\": \"EUR\"}"));
    retranslate();
}

void ScenarioPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void ScenarioPanel::retranslate()
{
    m_clientLabel->setText(tr("&Client:"));
    m_client->setToolTip(tr("The client that sends fired requests; its policy is on the Client tab"));
    m_addClient->setText(tr("Add client"));
    m_addClient->setToolTip(tr("Add a client with another actor (for example to show that a key is scoped by actor); "
                               "rewinds the run"));
    m_tabs->setTabText(0, tr("Request"));
    m_tabs->setTabText(1, tr("Service policy"));
    m_tabs->setTabText(2, tr("Client policy"));
    m_tabs->setTabToolTip(0, tr("What the next Fire sends"));
    m_tabs->setTabToolTip(1, tr("How the service decides; editing rewinds the run under the new policy"));
    m_tabs->setTabToolTip(2, tr("How the selected client times out and retries; editing rewinds the run"));

    // The actions (the Fire menu and the toolbar share them).
    m_fireAction->setText(tr("&Fire"));
    m_fireAction->setToolTip(tr("Fire: send the request form once, now (Ctrl+Enter)"));
    m_fireParallelAction->setText(tr("Fire N in &parallel"));
    m_fireParallelAction->setToolTip(tr("Fire N identical copies at the same instant, one intent with one key: a "
                                        "double-click or two open tabs (Ctrl+Shift+Enter)"));
    m_fireDelayedAction->setText(tr("Fire after &delay"));
    m_fireDelayedAction->setToolTip(tr("Fire the request form once, the given virtual delay from now (Alt+Enter)"));
    m_retryStormAction->setText(tr("Retry &storm"));
    m_retryStormAction->setToolTip(tr("Fire N copies whose client retries on timeouts, 409 and 5xx with jitter: a "
                                      "thundering herd on one key (Ctrl+Alt+Enter)"));
    m_copyCurlAction->setText(tr("Copy as &curl"));
    m_copyCurlAction->setToolTip(tr("Copy a curl command line that sends the request form to the server started "
                                    "with Run → Serve over HTTP"));

    // Presets: the list's tooltips and the loaded scenario's texts are the scenario files' own, in this language.
    m_presetsBox->setTitle(tr("Preset scenarios"));
    m_presets->setToolTip(tr("Ready-made races and failures; click one to load it (the run rewinds to t = 0)"));
    const std::string code = language::current().toStdString();
    for (int i = 0; i < m_presets->count() && std::size_t(i) < m_presetInfos.size(); ++i)
        m_presets->item(i)->setToolTip(fromStd(m_presetInfos[std::size_t(i)].shownTitle(code)));
    if (m_presetInfos.empty() && m_presets->count() > 0)
        m_presets->item(0)->setText(tr("No presets found: use File → Open scenario…"));
    showScenarioTexts();

    // The request form.
    m_operationLabel->setText(tr("&Operation:"));
    m_operation->setToolTip(tr("The operation: with the actor and the key it makes the scope a key is unique in"));
    m_keyLabel->setText(tr("&Key:"));
    setItemText(m_keyKind, int(RequestSpec::KeyKind::Literal), tr("literal"));
    setItemText(m_keyKind, int(RequestSpec::KeyKind::Auto), tr("auto"));
    setItemText(m_keyKind, int(RequestSpec::KeyKind::None), tr("none"));
    m_keyKind->setToolTip(tr("Literal: the key typed here; auto: the client makes a UUIDv4 once per intent; none: the "
                             "request carries no Idempotency-Key"));
    m_key->setToolTip(tr("The Idempotency-Key sent (the service judges it: empty or too long keys are invalid)"));
    m_intentLabel->setText(tr("I&ntent:"));
    m_intent->setPlaceholderText(tr("a new intent for each fire"));
    m_intent->setToolTip(tr("Fires naming the same intent are one logical operation (a retry, a replay from a queue): "
                            "more than one effect among them is a duplicate effect"));
    m_payloadLabel->setText(tr("&Payload:"));
    m_payloadEdit->setToolTip(tr("The JSON payload; it is validated as you type (strict I-JSON: no duplicate names)"));
    m_canonicalLabel->setText(tr("Canonical:"));
    m_canonical->setToolTip(tr("RFC 8785 canonical form of the significant part of the payload: what is hashed"));
    m_fingerprintLabel->setText(tr("Fingerprint:"));
    m_fingerprint->setToolTip(tr("SHA-256 of the canonical form: two requests carry the same payload exactly when "
                                 "their fingerprints are equal"));
    m_faultsBox->setTitle(tr("Faults for the next fire"));
    m_faultsBox->setToolTip(tr("Each ticked fault strikes the first attempt of the next fired request, then unticks"));
    for (const auto& [kind, box] : m_faults) {
        switch (kind) {
        case FaultKind::DropRequest:
            box->setText(tr("drop request"));
            box->setToolTip(tr("The request is lost on its way: it never arrives"));
            break;
        case FaultKind::DropResponse:
            box->setText(tr("drop response"));
            box->setToolTip(tr("The service answers but the response is lost"));
            break;
        case FaultKind::HandlerError:
            box->setText(tr("handler error"));
            box->setToolTip(tr("The handler fails with 500 after execution began, without an effect"));
            break;
        case FaultKind::RejectPayload:
            box->setText(tr("reject payload"));
            box->setToolTip(tr("Validation fails with 400 before execution: nothing is stored"));
            break;
        case FaultKind::CrashBeforeEffect:
            box->setText(tr("crash before effect"));
            box->setToolTip(
                tr("The handling process dies at the handler's end, before the effect: the record stays in progress"));
            break;
        case FaultKind::CrashAfterEffect:
            box->setText(tr("crash after effect"));
            box->setToolTip(tr("The process dies just after the external effect: no completion, no response"));
            break;
        case FaultKind::SlowHandler:
            box->setText(tr("slow handler"));
            box->setToolTip(tr("The handler takes 2 s instead of handler_ms"));
            break;
        default:
            break;
        }
    }

    // The service policy form.
    m_profileLabel->setText(tr("P&rofile:"));
    m_profile->setToolTip(tr("Defaults from a real system (IETF draft, Stripe, AWS Powertools, brandur's "
                             "rocket-rides, the npm libraries express-idempotency 1.0.6 and node-idempotency 1.0.11); "
                             "choosing one resets the fields below to its defaults"));
    m_strategyLabel->setText(tr("&Strategy:"));
    m_strategy->setToolTip(tr("How the claim is made: unique_claim is correct; check_then_insert and seen_flag show "
                              "the classic races; none has no protection"));
    m_requireKeyLabel->setText(tr("Require key:"));
    m_requireKey->setToolTip(tr("A request without a key is refused (missing_key)"));
    m_keyLengthLabel->setText(tr("Key length:"));
    m_keyLengthTo->setText(tr("to"));
    m_minKey->setToolTip(tr("Shortest accepted key, in Unicode code points"));
    m_maxKey->setToolTip(tr("Longest accepted key, in Unicode code points (at most 256; \"no limit\" as "
                            "express-idempotency)"));
    m_maxKey->setSpecialValueText(tr("no limit"));
    m_ttlLabel->setText(tr("&TTL:"));
    m_ttl->setToolTip(tr("Time to live: a completed record expires this long after its claim"));
    m_ttlNever->setText(tr("never"));
    m_ttlNever->setToolTip(tr("Records never expire (express-idempotency keeps them for the life of the process)"));
    m_keyScopeLabel->setText(tr("Key scope:"));
    m_keyScope->setToolTip(tr("What a key's uniqueness covers: actor_operation (the actor, the operation and the "
                              "key), operation, actor, global (the key alone: another user with the same key gets "
                              "the first one's answer) or operation_query (the operation with its query string, as "
                              "node-idempotency)"));
    m_keySyntaxLabel->setText(tr("Key syntax:"));
    m_keySyntax->setToolTip(tr("How a served request's Idempotency-Key header is read: sf-string (one "
                               "double-quoted RFC 8941 String, as the IETF draft) or raw (the header's text as sent, "
                               "quotes included)"));
    m_fingerprintFormLabel->setText(tr("Fingerprint form:"));
    m_fingerprintForm->setToolTip(tr("canonical: RFC 8785, member order does not count; ordered: JSON.stringify of "
                                     "the parsed body, member order counts (node-idempotency); raw: the body's bytes "
                                     "as sent"));
    m_fingerprintPartsLabel->setText(tr("Fingerprint covers:"));
    for (const auto& [part, box] : m_fingerprintParts)
        box->setToolTip(tr("The request's %1 counts in its fingerprint: a retry that changes it is a payload "
                           "mismatch")
                            .arg(fromStd(fingerprintPartName(part))));
    m_retryAfterLabel->setText(tr("Retry-After:"));
    m_hasRetryAfter->setToolTip(tr("A Retry-After header on conflict_in_progress (node-idempotency sends 1 s)"));
    m_retryAfter->setSuffix(tr(" s"));
    m_waitLabel->setText(tr("Wait if in progress:"));
    m_hasWait->setToolTip(tr("A request that finds the record in progress waits up to this long for it to finish, "
                             "then answers as if it had arrived then (node-idempotency's wait strategy)"));
    m_leaseLabel->setText(tr("In-progress lease:"));
    m_hasLease->setToolTip(tr("With a lease, an in-progress record whose lease has passed may be taken over"));
    m_afterExpiryLabel->setText(tr("After expiry:"));
    setItemText(m_afterExpiry, int(AfterExpiry::Forget), tr("forget"));
    setItemText(m_afterExpiry, int(AfterExpiry::Tombstone), tr("tombstone"));
    m_afterExpiry->setToolTip(tr("forget: an expired key runs again; tombstone: it is refused for reconciliation "
                                 "while the tombstone lasts"));
    m_tombstone->setToolTip(tr("How long a tombstone outlives the record's expiry"));
    m_storeErrorsLabel->setText(tr("Cache errors:"));
    m_storeErrors->setToolTip(tr("On: a failed handler's error is stored and replayed; off: an error deletes the "
                                 "record so a retry may run (Powertools)"));
    m_mismatchStatusLabel->setText(tr("Mismatch status:"));
    m_mismatchStatus->setToolTip(tr("HTTP status of payload_mismatch"));
    m_inProgressStatusLabel->setText(tr("In-progress status:"));
    m_inProgressStatus->setToolTip(tr("HTTP status of conflict_in_progress"));
    m_missingKeyStatusLabel->setText(tr("Missing-key status:"));
    m_missingKeyStatus->setToolTip(tr("HTTP status of missing_key"));
    m_expiredStatusLabel->setText(tr("Expired status:"));
    m_expiredStatus->setToolTip(tr("HTTP status of expired_rejected"));
    m_fingerprintOnlyLabel->setText(tr("Fingerprint &only:"));
    m_fingerprintOnly->setPlaceholderText(tr("whole payload"));
    m_fingerprintOnly->setToolTip(tr("JSON Pointers of the only fields that count (comma separated), e.g. /amount, "
                                     "/currency"));
    m_fingerprintIgnoreLabel->setText(tr("Fingerprint &ignore:"));
    m_fingerprintIgnore->setPlaceholderText(tr("nothing ignored"));
    m_fingerprintIgnore->setToolTip(tr("JSON Pointers of fields the fingerprint ignores (comma separated), e.g. "
                                       "/client_note"));
    m_handlerLabel->setText(tr("&Handler:"));
    m_handlerMs->setToolTip(tr("How long the business handler runs"));
    m_dbLabel->setText(tr("Store step:"));
    m_dbMs->setToolTip(tr("How long each store step takes; a step reads at its start and writes at its end"));
    m_networkLabel->setText(tr("&Network:"));
    m_networkMs->setToolTip(tr("One-way network latency between client and service"));
    m_sweepLabel->setText(tr("Sweep every:"));
    m_hasSweep->setToolTip(tr("A periodic sweep deletes completed records past their expiry (never in-progress ones)"));
    if (!m_policyError->isHidden()) {
        QString error;
        serviceFromForm(&error);
        m_policyError->setText(error);
    }
    // The "= 24 d 20 h" beside a duration: room for the longest one, in this language's units.
    for (const auto& [spin, hint] : m_durationHints)
        hint->setMinimumWidth(
            hint->fontMetrics().horizontalAdvance(QStringLiteral("= ") + shownDuration(LongestDurationMs)));
    updateDurationHints();

    // The client policy form.
    showClientHeading();
    m_actorLabel->setText(tr("&Actor:"));
    m_actor->setToolTip(tr("Who the client acts for: part of the scope, so the same key from another actor is "
                           "another record"));
    m_timeoutLabel->setText(tr("T&imeout:"));
    m_timeout->setToolTip(tr("The client gives up waiting for an answer after this long"));
    m_maxAttemptsLabel->setText(tr("Max a&ttempts:"));
    m_maxAttempts->setToolTip(tr("Attempts per copy, the first included"));
    m_backoffLabel->setText(tr("&Backoff:"));
    m_backoff->setToolTip(tr("exponential: base·2^(n−1), capped; constant: base, capped"));
    m_baseLabel->setText(tr("Base:"));
    m_base->setToolTip(tr("The first retry's wait"));
    m_capLabel->setText(tr("Cap:"));
    m_cap->setToolTip(tr("No wait is longer than this"));
    m_jitterLabel->setText(tr("&Jitter:"));
    m_jitter->setToolTip(tr("Randomises waits so that clients that failed together do not retry together"));
    m_retryOnLabel->setText(tr("Retry on:"));
    m_onTimeout->setText(tr("timeout"));
    m_on409->setText(tr("409"));
    m_on422->setText(tr("422"));
    m_on5xx->setText(tr("5xx"));
    m_on503->setText(tr("503"));
    m_onConflictLabel->setText(tr("On &conflict:"));
    m_onConflict->setToolTip(tr("How a retry after conflict_in_progress is made; new_key is the anti-pattern that "
                                "defeats the key"));
    relabelClients();

    // The Fire box.
    m_fireBox->setTitle(tr("Fire"));
    m_parallel->setPrefix(tr("N = "));
    m_parallel->setToolTip(tr("How many identical copies Fire N in parallel sends"));
    m_storm->setPrefix(tr("N = "));
    m_storm->setToolTip(tr("How many copies the retry storm sends"));
    m_delay->setToolTip(tr("Virtual delay before Fire after delay sends"));

    // The payload's error sentence, if any, is said again in this language.
    validatePayload();
}

void ScenarioPanel::showScenarioTexts()
{
    const Scenario& s = m_run->scenario();
    const ScenarioTexts texts = scenarioTexts(s, language::current().toStdString());
    m_presetTitle->setText(fromStd(texts.title.empty() ? s.name : texts.title));
    m_presetDescription->setText(fromStd(texts.description));
}

void ScenarioPanel::relabelClients()
{
    const QSignalBlocker blocker(m_client);
    for (int i = 0; i < m_client->count(); ++i) {
        const ClientSpec* c = m_run->scenario().client(m_client->itemData(i).toString().toStdString());
        if (c)
            m_client->setItemText(i, tr("%1 (actor %2)").arg(fromStd(c->id), fromStd(c->actor)));
    }
}

void ScenarioPanel::showClientHeading()
{
    const QString id = m_client->currentData().toString();
    if (!m_run->scenario().client(id.toStdString()))
        return;
    m_clientHeading->setText(tr("Policy of client <b>%1</b> (edits rewind the run):").arg(id.toHtmlEscaped()));
}

void ScenarioPanel::createActions()
{
    // Their texts are set by retranslate().
    m_fireAction = new QAction(glyphIcon(QStringLiteral("⚡"), QColor(0xB3, 0x5A, 0x00)), QString(), this);
    m_fireAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return));
    connect(m_fireAction, &QAction::triggered, this, [this] { fire(FireMode::Single); });

    m_fireParallelAction = new QAction(glyphIcon(QStringLiteral("⇶"), QColor(0xB3, 0x5A, 0x00)), QString(), this);
    m_fireParallelAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Return));
    connect(m_fireParallelAction, &QAction::triggered, this, [this] { fire(FireMode::Parallel); });

    m_fireDelayedAction = new QAction(glyphIcon(QStringLiteral("◷"), QColor(0xB3, 0x5A, 0x00)), QString(), this);
    m_fireDelayedAction->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Return));
    connect(m_fireDelayedAction, &QAction::triggered, this, [this] { fire(FireMode::Delayed); });

    m_retryStormAction = new QAction(glyphIcon(QStringLiteral("↻"), QColor(0xB3, 0x5A, 0x00)), QString(), this);
    m_retryStormAction->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_Return));
    connect(m_retryStormAction, &QAction::triggered, this, [this] { fire(FireMode::RetryStorm); });

    // The window wires it to the running server (Run → Serve over HTTP); off while nothing is served.
    m_copyCurlAction = new QAction(glyphIcon(QStringLiteral("$"), QColor(0x33, 0x33, 0x33)), QString(), this);
    m_copyCurlAction->setEnabled(false);
}

std::optional<RequestSpec> ScenarioPanel::formRequest(std::string* clientId) const
{
    if (!m_payload)
        return std::nullopt;
    RequestSpec spec;
    spec.client = m_client->currentData().toString().toStdString();
    spec.operation = m_operation->text().toStdString();
    spec.keyKind = RequestSpec::KeyKind(m_keyKind->currentData().toInt());
    spec.key = m_key->text().toStdString();
    spec.payload = *m_payload;
    if (!m_intent->text().trimmed().isEmpty())
        spec.intent = m_intent->text().trimmed().toStdString();
    if (clientId)
        *clientId = spec.client;
    return spec;
}

QWidget* ScenarioPanel::buildPresets()
{
    m_presetsBox = new QGroupBox;
    QGroupBox* box = m_presetsBox;
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(6, 6, 6, 6);
    m_presets = new QListWidget(box);
    m_presets->setUniformItemSizes(true);
    m_presetInfos = listPresets();
    for (const PresetInfo& p : m_presetInfos) {
        // Names are short and scannable ("double submit"); the title and description show below the list.
        QString label = fromStd(p.name);
        label.replace(QLatin1Char('-'), QLatin1Char(' '));
        if (!label.isEmpty())
            label[0] = label[0].toUpper();
        auto* item = new QListWidgetItem(label, m_presets);
        item->setData(Qt::UserRole, fromStd(p.resourcePath));
        item->setData(Qt::UserRole + 1, fromStd(p.name));
    }
    if (m_presetInfos.empty()) {
        auto* item = new QListWidgetItem(m_presets); // its text is set by retranslate()
        item->setFlags(Qt::NoItemFlags);
    }
    connect(m_presets, &QListWidget::itemClicked, this, &ScenarioPanel::onPresetActivated);
    connect(m_presets, &QListWidget::itemActivated, this, &ScenarioPanel::onPresetActivated);
    // Typing a name (or the arrow keys) loads what it lands on, once the keys pause; the list keeps its letters
    // for the search rather than the window's single-letter shortcuts.
    m_presetKeyTimer.setSingleShot(true);
    m_presetKeyTimer.setInterval(400);
    connect(&m_presetKeyTimer, &QTimer::timeout, this, &ScenarioPanel::onPresetActivated);
    connect(m_presets, &QListWidget::currentItemChanged, this, [this] {
        // Only what the keys moved to: a preset selected by a load (or by code) must not load again.
        if (m_presetKeyed && !m_populating)
            m_presetKeyTimer.start();
        m_presetKeyed = false;
    });
    m_presets->installEventFilter(this);
    // Ten rows in view at 1280×800, more when there is room.
    m_presets->setMinimumHeight(m_presets->fontMetrics().height() * 10 + 12);
    layout->addWidget(m_presets, 3);

    m_presetTitle = new QLabel(box);
    m_presetTitle->setWordWrap(true);
    QFont bold = m_presetTitle->font();
    bold.setBold(true);
    m_presetTitle->setFont(bold);
    m_presetDescription = new QLabel(box);
    m_presetDescription->setWordWrap(true);
    m_presetDescription->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_presetDescription->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    auto* descriptionBox = new QWidget;
    auto* descriptionLayout = new QVBoxLayout(descriptionBox);
    descriptionLayout->setContentsMargins(0, 0, 4, 0);
    descriptionLayout->addWidget(m_presetTitle);
    descriptionLayout->addWidget(m_presetDescription, 1);
    layout->addWidget(scrollable(descriptionBox), 3);
    return box;
}

QWidget* ScenarioPanel::buildRequestTab()
{
    auto* page = new QWidget;
    auto* form = new QFormLayout(page);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->setRowWrapPolicy(QFormLayout::WrapLongRows); // a narrow dock puts fields under their labels

    // The texts of this tab are set by retranslate().
    m_operation = new QLineEdit(page);
    m_operationLabel = addRow(form, m_operation);

    auto* keyRow = new QHBoxLayout;
    m_keyKind = new QComboBox(page);
    m_keyKind->addItem(QString(), int(RequestSpec::KeyKind::Literal));
    m_keyKind->addItem(QString(), int(RequestSpec::KeyKind::Auto));
    m_keyKind->addItem(QString(), int(RequestSpec::KeyKind::None));
    m_key = new QLineEdit(page);
    m_key->setFont(monospace());
    keyRow->addWidget(m_keyKind);
    keyRow->addWidget(m_key, 1);
    m_keyLabel = new QLabel(page);
    m_keyLabel->setBuddy(m_keyKind);
    form->addRow(m_keyLabel, keyRow);
    connect(m_keyKind, &QComboBox::currentIndexChanged, this,
        [this] { m_key->setEnabled(m_keyKind->currentData().toInt() == int(RequestSpec::KeyKind::Literal)); });

    m_intent = new QLineEdit(page);
    m_intentLabel = addRow(form, m_intent);

    m_payloadEdit = new QPlainTextEdit(page);
    m_payloadEdit->setObjectName(QStringLiteral("payload"));
    m_payloadEdit->setFont(monospace());
    m_payloadEdit->setTabChangesFocus(true);
    // A few lines are enough for a request body; the canonical form and fingerprint must stay in view below it.
    m_payloadEdit->setFixedHeight(m_payloadEdit->fontMetrics().lineSpacing() * 6 + 12);
    m_payloadLabel = addRow(form, m_payloadEdit);
    connect(m_payloadEdit, &QPlainTextEdit::textChanged, this, &ScenarioPanel::validatePayload);

    m_payloadStatus = new QLabel(page);
    m_payloadStatus->setObjectName(QStringLiteral("payloadStatus"));
    m_payloadStatus->setWordWrap(true);
    m_payloadStatus->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_payloadStatus->setStyleSheet(QStringLiteral("color: %1; font-weight: bold;").arg(alarmColor().name()));
    m_payloadStatus->hide();
    form->addRow(QString(), m_payloadStatus);

    // Canonical JSON and hex have no spaces to wrap at: a read-only editor wraps them anywhere instead of
    // widening the panel.
    m_canonical = new QPlainTextEdit(page);
    m_canonical->setReadOnly(true);
    m_canonical->setFont(monospace());
    m_canonical->setWordWrapMode(QTextOption::WrapAnywhere);
    m_canonical->setFrameShape(QFrame::NoFrame);
    m_canonical->setBackgroundVisible(false);
    m_canonical->viewport()->setAutoFillBackground(false);
    m_canonical->setFixedHeight(m_canonical->fontMetrics().lineSpacing() * 3 + 8);
    m_canonicalLabel = addRow(form, m_canonical);
    m_fingerprint = new QPlainTextEdit(page);
    m_fingerprint->setReadOnly(true);
    m_fingerprint->setFont(monospace());
    m_fingerprint->setWordWrapMode(QTextOption::WrapAnywhere);
    m_fingerprint->setFrameShape(QFrame::NoFrame);
    m_fingerprint->viewport()->setAutoFillBackground(false);
    m_fingerprint->setFixedHeight(m_fingerprint->fontMetrics().lineSpacing() * 2 + 8);
    m_fingerprintLabel = addRow(form, m_fingerprint);

    m_faultsBox = new QGroupBox(page);
    auto* faultsLayout = new QGridLayout(m_faultsBox);
    int i = 0;
    for (const FaultKind kind :
        { FaultKind::DropRequest, FaultKind::DropResponse, FaultKind::HandlerError, FaultKind::RejectPayload,
            FaultKind::CrashBeforeEffect, FaultKind::CrashAfterEffect, FaultKind::SlowHandler }) {
        auto* box = new QCheckBox(m_faultsBox);
        faultsLayout->addWidget(box, i / 2, i % 2);
        m_faults.emplace_back(kind, box);
        ++i;
    }
    // Right under what is fired, so the toggles are in view without scrolling past the payload.
    form->insertRow(3, m_faultsBox);
    return page;
}

QWidget* ScenarioPanel::buildServiceTab()
{
    auto* page = new QWidget;
    auto* form = new QFormLayout(page);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->setRowWrapPolicy(QFormLayout::WrapLongRows); // a narrow dock puts fields under their labels
    const auto edited = [this] { onPolicyEdited(); };
    const auto withHint = [this, page](DurationSpinBox* spin) {
        auto* row = new QWidget(page);
        auto* layout = new QHBoxLayout(row);
        layout->setContentsMargins(0, 0, 0, 0);
        auto* hint = new QLabel(row); // its text and width are set by updateDurationHints() and retranslate()
        hint->setStyleSheet(QStringLiteral("color: palette(mid);"));
        layout->addWidget(spin, 1);
        layout->addWidget(hint);
        m_durationHints.emplace_back(spin, hint);
        return row;
    };

    // The texts of this tab are set by retranslate().
    m_profile = new QComboBox(page);
    for (const Profile p : { Profile::Ietf, Profile::Stripe, Profile::Powertools, Profile::Brandur,
             Profile::ExpressIdempotency, Profile::NodeIdempotency })
        m_profile->addItem(fromStd(profileName(p)), int(p));
    m_profileLabel = addRow(form, m_profile);
    connect(m_profile, &QComboBox::currentIndexChanged, this, &ScenarioPanel::onProfileChanged);

    m_strategy = new QComboBox(page);
    m_strategy->setObjectName(QStringLiteral("strategy"));
    for (const Strategy s : { Strategy::UniqueClaim, Strategy::CheckThenInsert, Strategy::SeenFlag, Strategy::None })
        m_strategy->addItem(fromStd(strategyName(s)), int(s));
    m_strategyLabel = addRow(form, m_strategy);
    connect(m_strategy, &QComboBox::currentIndexChanged, this, edited);

    m_requireKey = new QCheckBox(page);
    m_requireKeyLabel = addRow(form, m_requireKey);
    connect(m_requireKey, &QCheckBox::toggled, this, edited);
    auto* keyLengths = new QHBoxLayout;
    m_minKey = new QSpinBox(page);
    m_minKey->setRange(0, 10000);
    m_maxKey = new QSpinBox(page);
    m_maxKey->setObjectName(QStringLiteral("maxKeyLength"));
    m_maxKey->setRange(-1, 256); // -1 shows "no limit"; the loader allows up to 256
    keyLengths->setContentsMargins(0, 0, 0, 0);
    keyLengths->addWidget(m_minKey);
    m_keyLengthTo = new QLabel(page);
    keyLengths->addWidget(m_keyLengthTo);
    keyLengths->addWidget(m_maxKey);
    m_keyLengthLabel = addRow(form, keyLengths);
    connect(m_minKey, &QSpinBox::valueChanged, this, edited);
    connect(m_maxKey, &QSpinBox::valueChanged, this, edited);

    m_ttl = msSpin(page, 1);
    m_ttl->setObjectName(QStringLiteral("ttl"));
    auto* ttlRow = new QHBoxLayout;
    m_ttlNever = new QCheckBox(page);
    m_ttlNever->setObjectName(QStringLiteral("ttlNever"));
    ttlRow->addWidget(withHint(m_ttl), 1);
    ttlRow->addWidget(m_ttlNever);
    m_ttlLabel = addRow(form, ttlRow);
    m_ttlLabel->setBuddy(m_ttl); // a row of a layout gets no buddy of its own: without one "&TTL" shows its '&'

    connect(m_ttl, &DurationSpinBox::valueChanged, this, edited);
    connect(m_ttlNever, &QCheckBox::toggled, this, edited);
    connect(m_ttlNever, &QCheckBox::toggled, this, [this](bool never) { m_ttl->setEnabled(!never); });

    auto* leaseRow = new QHBoxLayout;
    m_hasLease = new QCheckBox(page);
    m_lease = msSpin(page, 1);
    leaseRow->addWidget(m_hasLease);
    leaseRow->addWidget(withHint(m_lease), 1);
    m_leaseLabel = addRow(form, leaseRow);
    connect(m_hasLease, &QCheckBox::toggled, this, edited);
    connect(m_hasLease, &QCheckBox::toggled, m_lease, &QWidget::setEnabled);
    connect(m_lease, &DurationSpinBox::valueChanged, this, edited);

    auto* expiryRow = new QHBoxLayout;
    m_afterExpiry = new QComboBox(page);
    m_afterExpiry->addItem(QString(), int(AfterExpiry::Forget));
    m_afterExpiry->addItem(QString(), int(AfterExpiry::Tombstone));
    m_tombstone = msSpin(page, 1);
    expiryRow->addWidget(m_afterExpiry);
    expiryRow->addWidget(withHint(m_tombstone), 1);
    m_afterExpiryLabel = addRow(form, expiryRow);
    connect(m_afterExpiry, &QComboBox::currentIndexChanged, this, edited);
    connect(m_afterExpiry, &QComboBox::currentIndexChanged, this,
        [this] { m_tombstone->setEnabled(m_afterExpiry->currentData().toInt() == int(AfterExpiry::Tombstone)); });
    connect(m_tombstone, &DurationSpinBox::valueChanged, this, edited);

    m_storeErrors = new QCheckBox(page);
    m_storeErrorsLabel = addRow(form, m_storeErrors);
    connect(m_storeErrors, &QCheckBox::toggled, this, edited);

    m_mismatchStatus = statusSpin(page);
    m_inProgressStatus = statusSpin(page);
    m_missingKeyStatus = statusSpin(page);
    m_expiredStatus = statusSpin(page);
    m_mismatchStatusLabel = addRow(form, m_mismatchStatus);
    m_inProgressStatusLabel = addRow(form, m_inProgressStatus);
    m_missingKeyStatusLabel = addRow(form, m_missingKeyStatus);
    m_expiredStatusLabel = addRow(form, m_expiredStatus);
    for (QSpinBox* spin : { m_mismatchStatus, m_inProgressStatus, m_missingKeyStatus, m_expiredStatus })
        connect(spin, &QSpinBox::valueChanged, this, edited);

    m_fingerprintOnly = new QLineEdit(page);
    m_fingerprintOnly->setFont(monospace());
    m_fingerprintIgnore = new QLineEdit(page);
    m_fingerprintIgnore->setFont(monospace());
    m_fingerprintOnlyLabel = addRow(form, m_fingerprintOnly);
    m_fingerprintIgnoreLabel = addRow(form, m_fingerprintIgnore);
    for (QLineEdit* edit : { m_fingerprintOnly, m_fingerprintIgnore }) {
        connect(edit, &QLineEdit::textEdited, this, edited);
        connect(edit, &QLineEdit::textEdited, this, &ScenarioPanel::validatePayload);
    }
    // SPEC §16: what the key covers, how it is read, what the fingerprint takes in, and the answers to a request in
    // progress. Values are the scenario's field values, as the strategy's are.
    m_keyScope = new QComboBox(page);
    m_keyScope->setObjectName(QStringLiteral("keyScope"));
    for (const KeyScope k :
        { KeyScope::ActorOperation, KeyScope::Operation, KeyScope::Actor, KeyScope::Global, KeyScope::OperationQuery })
        m_keyScope->addItem(fromStd(keyScopeName(k)), int(k));
    m_keyScopeLabel = addRow(form, m_keyScope);
    connect(m_keyScope, &QComboBox::currentIndexChanged, this, edited);
    m_keySyntax = new QComboBox(page);
    m_keySyntax->setObjectName(QStringLiteral("keySyntax"));
    for (const KeySyntax k : { KeySyntax::SfString, KeySyntax::Raw })
        m_keySyntax->addItem(fromStd(keySyntaxName(k)), int(k));
    m_keySyntaxLabel = addRow(form, m_keySyntax);
    connect(m_keySyntax, &QComboBox::currentIndexChanged, this, edited);
    m_fingerprintForm = new QComboBox(page);
    m_fingerprintForm->setObjectName(QStringLiteral("fingerprintForm"));
    for (const FingerprintForm f : { FingerprintForm::Canonical, FingerprintForm::Ordered, FingerprintForm::Raw })
        m_fingerprintForm->addItem(fromStd(fingerprintFormName(f)), int(f));
    m_fingerprintFormLabel = addRow(form, m_fingerprintForm);
    connect(m_fingerprintForm, &QComboBox::currentIndexChanged, this, edited);
    auto* partsRow = new QHBoxLayout;
    for (const FingerprintPart part : kFingerprintParts) {
        auto* box = new QCheckBox(fromStd(fingerprintPartName(part)), page);
        box->setObjectName(QStringLiteral("part-") + fromStd(fingerprintPartName(part)));
        partsRow->addWidget(box);
        m_fingerprintParts.emplace_back(part, box);
        connect(box, &QCheckBox::toggled, this, edited);
    }
    partsRow->addStretch(1);
    m_fingerprintPartsLabel = addRow(form, partsRow);
    auto* retryAfterRow = new QHBoxLayout;
    m_hasRetryAfter = new QCheckBox(page);
    m_retryAfter = new QSpinBox(page);
    m_retryAfter->setObjectName(QStringLiteral("retryAfter"));
    m_retryAfter->setRange(0, 86'400);
    retryAfterRow->addWidget(m_hasRetryAfter);
    retryAfterRow->addWidget(m_retryAfter, 1);
    m_retryAfterLabel = addRow(form, retryAfterRow);
    connect(m_hasRetryAfter, &QCheckBox::toggled, this, edited);
    connect(m_hasRetryAfter, &QCheckBox::toggled, m_retryAfter, &QWidget::setEnabled);
    connect(m_retryAfter, &QSpinBox::valueChanged, this, edited);
    auto* waitRow = new QHBoxLayout;
    m_hasWait = new QCheckBox(page);
    m_hasWait->setObjectName(QStringLiteral("hasInProgressWait"));
    m_wait = msSpin(page, 0);
    m_wait->setObjectName(QStringLiteral("inProgressWait"));
    waitRow->addWidget(m_hasWait);
    waitRow->addWidget(withHint(m_wait), 1);
    m_waitLabel = addRow(form, waitRow);
    connect(m_hasWait, &QCheckBox::toggled, this, edited);
    connect(m_hasWait, &QCheckBox::toggled, m_wait, &QWidget::setEnabled);
    connect(m_wait, &DurationSpinBox::valueChanged, this, edited);

    m_policyError = new QLabel(page);
    m_policyError->setWordWrap(true);
    m_policyError->setStyleSheet(QStringLiteral("color: %1;").arg(alarmColor().name()));
    m_policyError->hide();
    form->addRow(QString(), m_policyError);

    m_handlerMs = msSpin(page);
    m_dbMs = msSpin(page);
    m_networkMs = msSpin(page);
    m_handlerLabel = addRow(form, withHint(m_handlerMs));
    m_dbLabel = addRow(form, withHint(m_dbMs));
    m_networkLabel = addRow(form, withHint(m_networkMs));
    for (DurationSpinBox* spin : { m_handlerMs, m_dbMs, m_networkMs })
        connect(spin, &DurationSpinBox::valueChanged, this, edited);

    auto* sweepRow = new QHBoxLayout;
    m_hasSweep = new QCheckBox(page);
    m_sweep = msSpin(page, 1);
    sweepRow->addWidget(m_hasSweep);
    sweepRow->addWidget(withHint(m_sweep), 1);
    m_sweepLabel = addRow(form, sweepRow);
    connect(m_hasSweep, &QCheckBox::toggled, this, edited);
    connect(m_hasSweep, &QCheckBox::toggled, m_sweep, &QWidget::setEnabled);
    connect(m_sweep, &DurationSpinBox::valueChanged, this, edited);
    return page;
}

QWidget* ScenarioPanel::buildClientTab()
{
    auto* page = new QWidget;
    auto* form = new QFormLayout(page);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->setRowWrapPolicy(QFormLayout::WrapLongRows); // a narrow dock puts fields under their labels
    const auto edited = [this] { onPolicyEdited(); };

    m_clientHeading = new QLabel(page);
    m_clientHeading->setWordWrap(true);
    form->addRow(m_clientHeading);

    // The texts of this tab are set by retranslate().
    m_actor = new QLineEdit(page);
    m_actorLabel = addRow(form, m_actor);
    connect(m_actor, &QLineEdit::textEdited, this, edited);

    m_timeout = msSpin(page, 1);
    m_timeoutLabel = addRow(form, m_timeout);
    m_maxAttempts = new QSpinBox(page);
    m_maxAttempts->setObjectName(QStringLiteral("maxAttempts"));
    m_maxAttempts->setRange(1, 1000);
    m_maxAttemptsLabel = addRow(form, m_maxAttempts);
    m_backoff = new QComboBox(page);
    m_backoff->addItem(fromStd(backoffName(Backoff::Constant)), int(Backoff::Constant));
    m_backoff->addItem(fromStd(backoffName(Backoff::Exponential)), int(Backoff::Exponential));
    m_backoffLabel = addRow(form, m_backoff);
    m_base = msSpin(page);
    m_baseLabel = addRow(form, m_base);
    m_cap = msSpin(page);
    m_capLabel = addRow(form, m_cap);
    m_jitter = new QComboBox(page);
    for (const Jitter j : { Jitter::None, Jitter::Full, Jitter::Equal, Jitter::Decorrelated })
        m_jitter->addItem(fromStd(jitterName(j)), int(j));
    m_jitterLabel = addRow(form, m_jitter);

    auto* on = new QGridLayout;
    m_onTimeout = new QCheckBox(page);
    m_on409 = new QCheckBox(page);
    m_on422 = new QCheckBox(page);
    m_on5xx = new QCheckBox(page);
    m_on503 = new QCheckBox(page);
    int cell = 0;
    for (QCheckBox* box : { m_onTimeout, m_on409, m_on422, m_on5xx, m_on503 }) {
        on->addWidget(box, cell / 3, cell % 3);
        ++cell;
        connect(box, &QCheckBox::toggled, this, edited);
    }
    m_retryOnLabel = addRow(form, on);
    m_onConflict = new QComboBox(page);
    for (const OnConflict c : { OnConflict::RetrySameKey, OnConflict::NewKey, OnConflict::GiveUp })
        m_onConflict->addItem(fromStd(onConflictName(c)), int(c));
    m_onConflictLabel = addRow(form, m_onConflict);

    for (DurationSpinBox* spin : { m_timeout, m_base, m_cap })
        connect(spin, &DurationSpinBox::valueChanged, this, edited);
    connect(m_maxAttempts, &QSpinBox::valueChanged, this, edited);
    for (QComboBox* combo : { m_backoff, m_jitter, m_onConflict })
        connect(combo, &QComboBox::currentIndexChanged, this, edited);
    return page;
}

QWidget* ScenarioPanel::buildFireButtons()
{
    // The texts of the box are set by retranslate().
    m_fireBox = new QGroupBox;
    QGroupBox* box = m_fireBox;
    auto* grid = new QGridLayout(box);
    grid->setContentsMargins(6, 6, 6, 6);
    const auto button = [box](QAction* action) {
        auto* b = new QToolButton(box);
        b->setDefaultAction(action);
        b->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
        b->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
        return b;
    };
    m_parallel = new QSpinBox(box);
    m_parallel->setRange(2, 1000);
    m_parallel->setValue(2);
    m_storm = new QSpinBox(box);
    m_storm->setRange(2, 10000);
    m_storm->setValue(20);
    m_delay = msSpin(box);
    m_delay->setValue(1000);
    grid->addWidget(button(m_fireAction), 0, 0);
    grid->addWidget(button(m_fireParallelAction), 1, 0);
    grid->addWidget(m_parallel, 1, 1);
    grid->addWidget(button(m_fireDelayedAction), 2, 0);
    grid->addWidget(m_delay, 2, 1);
    grid->addWidget(button(m_retryStormAction), 3, 0);
    grid->addWidget(m_storm, 3, 1);
    grid->addWidget(button(m_copyCurlAction), 4, 0, 1, 2);
    return box;
}

void ScenarioPanel::populateFromScenario(bool includingRequestForm)
{
    const Scenario& s = m_run->scenario();
    m_populating = true;
    showScenarioTexts();
    // Highlight the preset this scenario came from, if any, without reloading it.
    for (int i = 0; i < m_presets->count(); ++i) {
        if (m_presets->item(i)->data(Qt::UserRole + 1).toString() == fromStd(s.name)) {
            const QSignalBlocker blocker(m_presets);
            m_presets->setCurrentRow(i);
        }
    }
    populateService(s.service);
    m_client->clear();
    for (const ClientSpec& c : s.clients)
        m_client->addItem(tr("%1 (actor %2)").arg(fromStd(c.id), fromStd(c.actor)), fromStd(c.id));
    if (includingRequestForm && !s.requests.empty()) {
        const RequestSpec& r = s.requests.front();
        setComboData(m_client, -1);
        const int clientIndex = m_client->findData(fromStd(r.client));
        if (clientIndex >= 0)
            m_client->setCurrentIndex(clientIndex);
        m_operation->setText(fromStd(r.operation));
        setComboData(m_keyKind, int(r.keyKind));
        m_key->setText(fromStd(r.key));
        m_key->setEnabled(r.keyKind == RequestSpec::KeyKind::Literal);
        m_payloadEdit->setPlainText(prettyJson(r.payload));
    } else if (includingRequestForm && m_operation->text().isEmpty()) {
        m_operation->setText(QStringLiteral("demo-request.create"));
        setComboData(m_keyKind, int(RequestSpec::KeyKind::Literal));
        m_key->setText(QStringLiteral("k-1"));
    }
    m_populating = false;
    populateClient();
    updateDurationHints();
    validatePayload();
}

void ScenarioPanel::populateService(const ServicePolicy& p)
{
    const bool wasPopulating = m_populating;
    m_populating = true;
    setComboData(m_profile, int(p.profile));
    setComboData(m_strategy, int(p.strategy));
    m_requireKey->setChecked(p.requireKey);
    m_minKey->setValue(p.minKeyLength);
    m_maxKey->setValue(p.keyLengthLimited() ? p.maxKeyLength : -1);
    m_ttlNever->setChecked(p.ttlMs >= kNeverMs);
    m_ttl->setEnabled(p.ttlMs < kNeverMs);
    m_ttl->setValue(clampMs(p.ttlMs < kNeverMs ? p.ttlMs : 86'400'000));
    setComboData(m_keyScope, int(p.keyScope));
    setComboData(m_keySyntax, int(p.keySyntax));
    setComboData(m_fingerprintForm, int(p.fingerprintForm));
    for (const auto& [part, box] : m_fingerprintParts)
        box->setChecked((p.fingerprintParts & part) != 0);
    m_hasRetryAfter->setChecked(p.conflictRetryAfterS.has_value());
    m_retryAfter->setEnabled(p.conflictRetryAfterS.has_value());
    m_retryAfter->setValue(p.conflictRetryAfterS.value_or(1));
    m_hasWait->setChecked(p.inProgressWaitMs.has_value());
    m_wait->setEnabled(p.inProgressWaitMs.has_value());
    m_wait->setValue(clampMs(p.inProgressWaitMs.value_or(5'000)));
    m_hasLease->setChecked(p.leaseMs.has_value());
    m_lease->setEnabled(p.leaseMs.has_value());
    m_lease->setValue(clampMs(p.leaseMs.value_or(30'000)));
    setComboData(m_afterExpiry, int(p.afterExpiry));
    m_tombstone->setEnabled(p.afterExpiry == AfterExpiry::Tombstone);
    m_tombstone->setValue(clampMs(p.tombstoneMs.value_or(86'400'000)));
    m_storeErrors->setChecked(p.storeErrors);
    m_mismatchStatus->setValue(p.mismatchStatus);
    m_inProgressStatus->setValue(p.inProgressStatus);
    m_missingKeyStatus->setValue(p.missingKeyStatus);
    m_expiredStatus->setValue(p.expiredStatus);
    m_fingerprintOnly->setText(joinPointers(p.fingerprint.only));
    m_fingerprintIgnore->setText(joinPointers(p.fingerprint.ignore));
    m_handlerMs->setValue(clampMs(p.handlerMs));
    m_dbMs->setValue(clampMs(p.dbMs));
    m_networkMs->setValue(clampMs(p.networkMs));
    m_hasSweep->setChecked(p.sweepEveryMs.has_value());
    m_sweep->setEnabled(p.sweepEveryMs.has_value());
    m_sweep->setValue(clampMs(p.sweepEveryMs.value_or(3'600'000)));
    m_policyError->hide();
    m_populating = wasPopulating;
}

void ScenarioPanel::populateClient()
{
    const Scenario& s = m_run->scenario();
    const QString id = m_client->currentData().toString();
    const ClientSpec* c = s.client(id.toStdString());
    if (!c)
        return;
    const bool wasPopulating = m_populating;
    m_populating = true;
    showClientHeading();
    m_actor->setText(fromStd(c->actor));
    m_timeout->setValue(clampMs(c->timeoutMs));
    m_maxAttempts->setValue(c->retry.maxAttempts);
    setComboData(m_backoff, int(c->retry.backoff));
    m_base->setValue(clampMs(c->retry.baseMs));
    m_cap->setValue(clampMs(c->retry.capMs));
    setComboData(m_jitter, int(c->retry.jitter));
    m_onTimeout->setChecked(c->retry.onTimeout);
    m_on409->setChecked(c->retry.on409);
    m_on422->setChecked(c->retry.on422);
    m_on5xx->setChecked(c->retry.on5xx);
    m_on503->setChecked(c->retry.on503);
    setComboData(m_onConflict, int(c->onConflict));
    m_populating = wasPopulating;
}

bool ScenarioPanel::eventFilter(QObject* watched, QEvent* event)
{
    // Letters typed into the preset list search it: the window's single-letter shortcuts (timeline W/A/S/D/F…)
    // must not take them.
    if (watched == m_presets && event->type() == QEvent::KeyPress)
        m_presetKeyed = true; // the current item is about to follow the keys
    if (watched == m_presets && event->type() == QEvent::ShortcutOverride) {
        auto* key = static_cast<QKeyEvent*>(event);
        if (!key->text().isEmpty() && key->text().at(0).isPrint()
            && !(key->modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier))) {
            event->accept();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void ScenarioPanel::onPresetActivated()
{
    QListWidgetItem* item = m_presets->currentItem();
    if (!item || !(item->flags() & Qt::ItemIsEnabled))
        return;
    const QString path = item->data(Qt::UserRole).toString();
    if (fromStd(m_run->scenario().name) == item->data(Qt::UserRole + 1).toString() && m_run->now() == 0)
        return; // already loaded and untouched
    QString error;
    if (!openScenarioFile(path, &error))
        Q_EMIT message(error);
}

bool ScenarioPanel::selectPreset(const QString& name)
{
    for (int i = 0; i < m_presets->count(); ++i) {
        QListWidgetItem* item = m_presets->item(i);
        if (item->data(Qt::UserRole + 1).toString() == name) {
            m_presets->setCurrentItem(item);
            QString error;
            return openScenarioFile(item->data(Qt::UserRole).toString(), &error);
        }
    }
    return false;
}

int ScenarioPanel::presetCount() const
{
    int n = 0;
    for (int i = 0; i < m_presets->count(); ++i)
        n += m_presets->item(i)->flags() & Qt::ItemIsEnabled ? 1 : 0;
    return n;
}

bool ScenarioPanel::openScenarioFile(const QString& path, QString* error)
{
    try {
        // A ":/" path names a preset inside the binary; anything else is a file the user chose.
        const std::string native
            = path.startsWith(QStringLiteral(":/")) ? path.toStdString() : QFile::encodeName(path).toStdString();
        Scenario scenario = loadScenarioFile(native);
        m_run->load(std::move(scenario));
        const ScenarioTexts texts = scenarioTexts(m_run->scenario(), language::current().toStdString());
        Q_EMIT message(tr("Loaded “%1”: press Play to run it.")
                           .arg(fromStd(texts.title.empty() ? m_run->scenario().name : texts.title)));
        return true;
    } catch (const std::exception& e) {
        if (error)
            *error = tr("Cannot load %1: %2").arg(QFileInfo(path).fileName(), QString::fromUtf8(e.what()));
        return false;
    }
}

void ScenarioPanel::onProfileChanged()
{
    if (m_populating)
        return;
    // A profile is a set of defaults: apply them, but keep what describes the environment rather than the service
    // (latencies, strategy, fingerprint selection).
    ServicePolicy p = ServicePolicy::forProfile(Profile(m_profile->currentData().toInt()));
    QString error;
    const ServicePolicy current = serviceFromForm(&error);
    p.strategy = current.strategy;
    p.handlerMs = current.handlerMs;
    p.dbMs = current.dbMs;
    p.networkMs = current.networkMs;
    p.fingerprint = current.fingerprint;
    p.fingerprintGiven = current.fingerprintGiven;
    populateService(p);
    onPolicyEdited();
}

void ScenarioPanel::onPolicyEdited()
{
    if (m_populating)
        return;
    updateDurationHints();
    m_applyTimer.start();
}

FingerprintSelection ScenarioPanel::selectionFromForm(QString* error) const
{
    FingerprintSelection selection;
    selection.only = splitPointers(m_fingerprintOnly->text());
    selection.ignore = splitPointers(m_fingerprintIgnore->text());
    for (const auto* list : { &selection.only, &selection.ignore }) {
        for (const std::string& p : *list) {
            try {
                parseJsonPointer(p);
            } catch (const std::exception& e) {
                if (error)
                    *error = tr("Fingerprint selection: %1").arg(QString::fromUtf8(e.what()));
                return m_run->scenario().service.fingerprint;
            }
        }
    }
    return selection;
}

ServicePolicy ScenarioPanel::serviceFromForm(QString* error) const
{
    ServicePolicy p = m_run->scenario().service;
    p.profile = Profile(m_profile->currentData().toInt());
    p.strategy = Strategy(m_strategy->currentData().toInt());
    p.requireKey = m_requireKey->isChecked();
    p.minKeyLength = m_minKey->value();
    p.maxKeyLength = m_maxKey->value() < 0 ? kNoKeyLengthLimit : m_maxKey->value();
    p.ttlMs = m_ttlNever->isChecked() ? kNeverMs : m_ttl->value();
    p.keyScope = KeyScope(m_keyScope->currentData().toInt());
    p.keySyntax = KeySyntax(m_keySyntax->currentData().toInt());
    p.fingerprintForm = FingerprintForm(m_fingerprintForm->currentData().toInt());
    p.fingerprintParts = 0;
    for (const auto& [part, box] : m_fingerprintParts) {
        if (box->isChecked())
            p.fingerprintParts |= part;
    }
    p.conflictRetryAfterS = m_hasRetryAfter->isChecked() ? std::optional<int>(m_retryAfter->value()) : std::nullopt;
    p.inProgressWaitMs = m_hasWait->isChecked() ? std::optional<Millis>(m_wait->value()) : std::nullopt;
    p.leaseMs = m_hasLease->isChecked() ? std::optional<Millis>(m_lease->value()) : std::nullopt;
    p.afterExpiry = AfterExpiry(m_afterExpiry->currentData().toInt());
    p.tombstoneMs
        = p.afterExpiry == AfterExpiry::Tombstone ? std::optional<Millis>(m_tombstone->value()) : p.tombstoneMs;
    p.storeErrors = m_storeErrors->isChecked();
    p.mismatchStatus = m_mismatchStatus->value();
    p.inProgressStatus = m_inProgressStatus->value();
    p.missingKeyStatus = m_missingKeyStatus->value();
    p.expiredStatus = m_expiredStatus->value();
    QString selectionError;
    p.fingerprint = selectionFromForm(&selectionError);
    p.fingerprintGiven = p.fingerprintGiven || !p.fingerprint.empty();
    p.handlerMs = m_handlerMs->value();
    p.dbMs = m_dbMs->value();
    p.networkMs = m_networkMs->value();
    p.sweepEveryMs = m_hasSweep->isChecked() ? std::optional<Millis>(m_sweep->value()) : std::nullopt;
    if (p.minKeyLength > p.maxKeyLength && selectionError.isEmpty())
        selectionError = tr("The shortest key length is above the longest.");
    if (p.fingerprintParts == 0 && selectionError.isEmpty())
        selectionError = tr("The fingerprint must cover at least one part of the request.");
    if (p.fingerprintForm == FingerprintForm::Raw && !p.fingerprint.empty() && selectionError.isEmpty())
        selectionError = tr("A raw fingerprint hashes the body's bytes as sent: it cannot keep or ignore members.");
    if (error)
        *error = selectionError;
    return p;
}

ClientSpec ScenarioPanel::clientFromForm() const
{
    const ClientSpec* current = m_run->scenario().client(m_client->currentData().toString().toStdString());
    ClientSpec c = current ? *current : ClientSpec {};
    c.actor = m_actor->text().toStdString();
    c.timeoutMs = m_timeout->value();
    c.retry.maxAttempts = m_maxAttempts->value();
    c.retry.backoff = Backoff(m_backoff->currentData().toInt());
    c.retry.baseMs = m_base->value();
    c.retry.capMs = m_cap->value();
    c.retry.jitter = Jitter(m_jitter->currentData().toInt());
    c.retry.onTimeout = m_onTimeout->isChecked();
    c.retry.on409 = m_on409->isChecked();
    c.retry.on422 = m_on422->isChecked();
    c.retry.on5xx = m_on5xx->isChecked();
    c.retry.on503 = m_on503->isChecked();
    c.onConflict = OnConflict(m_onConflict->currentData().toInt());
    return c;
}

void ScenarioPanel::applyPolicyEdits()
{
    m_applyTimer.stop();
    QString error;
    Scenario s = m_run->scenario();
    s.service = serviceFromForm(&error);
    m_policyError->setText(error);
    m_policyError->setVisible(!error.isEmpty());
    if (!error.isEmpty()) {
        Q_EMIT message(error);
        return;
    }
    const ClientSpec client = clientFromForm();
    for (ClientSpec& c : s.clients) {
        if (c.id == client.id)
            c = client;
    }
    const QString clientId = m_client->currentData().toString();
    m_applying = true;
    m_run->load(std::move(s));
    m_applying = false;
    // Client labels show the actor, which may just have changed.
    relabelClients();
    {
        const QSignalBlocker blocker(m_client);
        m_client->setCurrentIndex(std::max(0, m_client->findData(clientId)));
    }
    validatePayload();
    Q_EMIT message(tr("Policy changed: rewound to t = 0; requests fired so far replay under the new policy."));
}

void ScenarioPanel::addClient()
{
    Scenario s = m_run->scenario();
    const ClientSpec* current = s.client(m_client->currentData().toString().toStdString());
    ClientSpec c = current ? *current : blankScenario().clients.front();
    int n = int(s.clients.size()) + 1;
    while (s.client("client-" + std::to_string(n)))
        ++n;
    c.id = "client-" + std::to_string(n);
    c.actor = "actor-" + std::to_string(n);
    s.clients.push_back(c);
    m_applying = true;
    m_run->load(std::move(s));
    m_applying = false;
    const QSignalBlocker blocker(m_client);
    m_client->addItem(tr("%1 (actor %2)").arg(fromStd(c.id), fromStd(c.actor)), fromStd(c.id));
    m_client->setCurrentIndex(m_client->count() - 1);
    populateClient();
    Q_EMIT message(tr("Added client %1 acting for %2; the run rewound to t = 0.").arg(fromStd(c.id), fromStd(c.actor)));
}

void ScenarioPanel::updateDurationHints()
{
    for (const auto& [spin, hint] : m_durationHints)
        hint->setText(spin->value() >= 1000 ? QStringLiteral("= ") + shownDuration(spin->value()) : QString());
}

void ScenarioPanel::validatePayload()
{
    const QString text = m_payloadEdit->toPlainText();
    const QByteArray utf8 = text.toUtf8();
    QList<QTextEdit::ExtraSelection> marks;
    try {
        json::Value value = json::parse(std::string_view(utf8.constData(), std::size_t(utf8.size())));
        QString selectionError;
        const FingerprintSelection selection = selectionFromForm(&selectionError);
        const Fingerprint f = fingerprintOf(value, selection);
        m_payload = std::move(value);
        m_payloadError.clear();
        m_canonical->setPlainText(fromStd(f.canonical));
        m_fingerprint->setPlainText(fromStd(f.sha256));
        m_fingerprint->moveCursor(QTextCursor::Start); // the hash's start, where it is told apart
        m_fingerprint->verticalScrollBar()->setValue(0);
    } catch (const json::ParseError& e) {
        m_payload.reset();
        m_payloadError = tr("Line %1, column %2: %3")
                             .arg(e.position().line)
                             .arg(e.position().column)
                             .arg(QString::fromUtf8(e.what()));
        // Mark the offending line, as an editor would.
        QTextEdit::ExtraSelection mark;
        mark.format.setBackground(cellBackground(alarmColor()));
        mark.format.setProperty(QTextFormat::FullWidthSelection, true);
        const QTextBlock block = m_payloadEdit->document()->findBlockByNumber(std::max(0, e.position().line - 1));
        mark.cursor = QTextCursor(block);
        marks << mark;
    } catch (const std::exception& e) {
        m_payload.reset();
        m_payloadError = QString::fromUtf8(e.what());
    }
    m_payloadEdit->setExtraSelections(marks);
    if (!m_payload) {
        m_canonical->setPlainText(QStringLiteral("—"));
        m_fingerprint->setPlainText(QStringLiteral("—"));
    }
    m_payloadStatus->setText(
        m_payloadError.isEmpty() ? QString() : tr("Invalid JSON, cannot fire. %1").arg(m_payloadError));
    m_payloadStatus->setVisible(!m_payloadError.isEmpty());
    updateFireEnabled();
}

void ScenarioPanel::updateFireEnabled()
{
    const bool ok = m_payload.has_value();
    for (QAction* a : { m_fireAction, m_fireParallelAction, m_fireDelayedAction, m_retryStormAction })
        a->setEnabled(ok);
}

void ScenarioPanel::setPayloadText(const QString& text)
{
    m_payloadEdit->setPlainText(text);
}

QString ScenarioPanel::payloadText() const
{
    return m_payloadEdit->toPlainText();
}

QString ScenarioPanel::payloadError() const
{
    return m_payloadStatus->text();
}

bool ScenarioPanel::payloadErrorVisible() const
{
    return !m_payloadStatus->isHidden();
}

QString ScenarioPanel::canonicalText() const
{
    return m_canonical->toPlainText();
}

QString ScenarioPanel::fingerprintText() const
{
    return m_fingerprint->toPlainText();
}

void ScenarioPanel::setKey(RequestSpec::KeyKind kind, const QString& key)
{
    setComboData(m_keyKind, int(kind));
    m_key->setText(key);
}

void ScenarioPanel::setParallelCount(int n)
{
    m_parallel->setValue(n);
}

void ScenarioPanel::setStormCount(int n)
{
    m_storm->setValue(n);
}

void ScenarioPanel::setDelayMs(int ms)
{
    m_delay->setValue(ms);
}

void ScenarioPanel::setNextFaults(const std::vector<FaultKind>& faults)
{
    for (const auto& [kind, box] : m_faults)
        box->setChecked(std::find(faults.begin(), faults.end(), kind) != faults.end());
}

std::vector<FaultKind> ScenarioPanel::takeFaults()
{
    std::vector<FaultKind> out;
    for (const auto& [kind, box] : m_faults) {
        if (box->isChecked())
            out.push_back(kind);
        box->setChecked(false); // one-shot: the next fire is clean again
    }
    return out;
}

int ScenarioPanel::fire(FireMode mode)
{
    if (!m_payload) {
        // The actions are disabled meanwhile; this covers a call from code or a stale shortcut.
        m_payloadStatus->setVisible(true);
        Q_EMIT message(tr("Not fired: the payload is not valid JSON (%1).").arg(m_payloadError));
        return -1;
    }
    if (m_applyTimer.isActive())
        applyPolicyEdits(); // fire under the policy the form shows
    const QString clientId = m_client->currentData().toString();
    if (!m_run->scenario().client(clientId.toStdString())) {
        Q_EMIT message(tr("Not fired: choose a client first."));
        return -1;
    }
    QString note;
    if (mode == FireMode::RetryStorm) {
        const ClientSpec c = clientFromForm();
        if (c.retry.maxAttempts <= 1 || !(c.retry.onTimeout || c.retry.on409 || c.retry.on5xx)) {
            // A storm needs retries. Turn them on visibly in the client form rather than behind the user's back;
            // the policy change rewinds the run like any other edit.
            m_populating = true;
            m_maxAttempts->setValue(5);
            m_onTimeout->setChecked(true);
            m_on409->setChecked(true);
            m_on5xx->setChecked(true);
            m_jitter->setCurrentIndex(m_jitter->findData(int(Jitter::Full)));
            m_populating = false;
            applyPolicyEdits();
            note = tr(" Client %1 did not retry: retries are now on (5 attempts on timeout, 409 and 5xx, full "
                      "jitter) and the run rewound.")
                       .arg(clientId);
        }
    }
    FireRequest request;
    request.spec = *formRequest(); // the payload is valid: checked above
    RequestSpec& spec = request.spec;
    spec.copies = mode == FireMode::Parallel ? m_parallel->value()
        : mode == FireMode::RetryStorm       ? m_storm->value()
                                             : 1;
    request.faults = takeFaults();
    const Millis delay = mode == FireMode::Delayed ? m_delay->value() : 0;
    const int entry = m_run->fire(request, delay);
    const QString when = delay > 0 ? tr("at %1").arg(formatClock(m_run->now() + delay)) : tr("now");
    QString what;
    switch (mode) {
    case FireMode::Single:
    case FireMode::Delayed:
        what = tr("Fired one request %1.").arg(when);
        break;
    case FireMode::Parallel:
        what = tr("Fired %1 copies in parallel %2.").arg(QLocale().toString(spec.copies), when);
        break;
    case FireMode::RetryStorm:
        what = tr("Retry storm: %1 copies fired %2.").arg(QLocale().toString(spec.copies), when);
        break;
    }
    if (!request.faults.empty()) {
        QStringList names;
        for (const FaultKind f : request.faults)
            names << fromStd(faultKindName(f));
        what += QStringLiteral(" ") + tr("Faults: %1.").arg(names.join(QStringLiteral(", ")));
    }
    if (!m_run->isPlaying())
        what += QStringLiteral(" ")
            + (delay > 0 ? tr("The clock is stopped: press Play to let it reach the send.")
                         : tr("Sent; the clock is stopped: press Play or Step to see it handled."));
    Q_EMIT message(what + note);
    if (entry >= 0)
        Q_EMIT fired(entry);
    return entry;
}

} // namespace iw
