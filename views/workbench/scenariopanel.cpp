// The scenario panel (see scenariopanel.h): its layout, texts and presets. The policy forms are in
// scenariopolicyforms.cpp, the request form, its payload editor and the fire actions in scenariorequestform.cpp.
#include "scenariopanel.h"
#include "duration.h"
#include "durationspinbox.h"
#include "scenarioforms.h"
#include "stdtext.h"

#include "colors.h"
#include "fingerprint.h"
#include "icons.h"
#include "language.h"
#include "runcontroller.h"

#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
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

void wordFaultsMenu(QGroupBox* fireBox, const std::vector<std::pair<FaultKind, QCheckBox*>>& boxes); // request form

using namespace scenarioform;

namespace {

constexpr int s_applyDelayMs = 400; // policy edits rewind the run: wait until the user stops typing

// Re-sets the text of a combo box's item by its data, keeping the current item.
void setItemText(QComboBox* combo, int data, const QString& text)
{
    const int index = combo->findData(data);
    if (index >= 0)
        combo->setItemText(index, text);
}

// The mouse wheel over a form scrolls the form: a combo box or spin box under the pointer takes the wheel only once
// it has focus (clicked or tabbed into). Else a teacher scrolling the policy form changed the strategy under the
// pointer and the run rewound.
class FieldWheelGuard : public QObject {
public:
    explicit FieldWheelGuard(QScrollArea* area)
        : QObject(area)
        , m_area(area)
    {
    }

    void guard(QWidget* content)
    {
        const auto fields = content->findChildren<QWidget*>();
        for (QWidget* field : fields) {
            if (!qobject_cast<QComboBox*>(field) && !qobject_cast<QAbstractSpinBox*>(field))
                continue;
            field->setFocusPolicy(Qt::StrongFocus); // not Qt::WheelFocus: the wheel does not give focus
            field->installEventFilter(this);
        }
    }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() != QEvent::Wheel)
            return false;
        auto* field = qobject_cast<QWidget*>(watched);
        if (!field || field->hasFocus())
            return false;
        // The form scrolls as if the wheel had turned over its background.
        QCoreApplication::sendEvent(m_area->viewport(), event);
        return true;
    }

private:
    QScrollArea* m_area;
};

// The articles' six-step verification route ([000]): the list groups the presets under the step each one verifies,
// so a teacher walks the route in order. A preset named in no step is listed last, under "More".
struct RouteStep {
    const char* title; // translated in retranslate()
    std::vector<const char*> presets;
};
const RouteStep s_route[] = {
    { QT_TRANSLATE_NOOP("iw::ScenarioPanel", "1. Scope"),
        { "same-key-other-actor", "global-key-express-idempotency" } },
    { QT_TRANSLATE_NOOP("iw::ScenarioPanel", "2. Canonical payload and fingerprint"),
        { "payload-mismatch", "powertools-payload-validation", "powertools-no-payload-validation",
            "query-change-node-idempotency", "reordered-body-node-idempotency" } },
    { QT_TRANSLATE_NOOP("iw::ScenarioPanel", "3. Uniqueness in the durable store"),
        { "double-submit", "check-then-insert-race", "unique-claim-race", "seen-flag",
            "terminal-record-without-response", "powertools-redis-orphan-race",
            "powertools-redis-orphan-race-fixed" } },
    { QT_TRANSLATE_NOOP("iw::ScenarioPanel", "4. Completed, in progress, conflict"),
        { "lost-response-replay", "retry-same-key", "retry-while-running", "new-key-on-conflict", "error-replay-stored",
            "validation-then-fixed-retry", "missing-key-ietf", "missing-key-stripe", "powertools-delete-on-error",
            "get-needs-none-of-this" } },
    { QT_TRANSLATE_NOOP("iw::ScenarioPanel", "5. Transaction boundary, stable ID, recovery"),
        { "crash-before-effect-lease", "crash-after-effect-no-lease", "crash-after-effect-lease",
            "crash-after-effect-brandur", "explore-crash-no-lease", "explore-crash-lease", "db-down",
            "db-down-at-completion", "provider-key-derive-after-crash", "provider-key-new-after-crash",
            "recover-lookup-stuck-record", "recover-release-stuck-record", "second-order-vs-double-send",
            "redis-set-nx-px-after-crash", "redis-hset-expire-after-crash", "redis-claim-expires-slow-handler",
            "redis-failover-lost-claim" } },
    { QT_TRANSLATE_NOOP("iw::ScenarioPanel", "6. Retention longer than the retry budget"),
        { "retention-shorter-than-retry-budget", "late-retry-after-expiry-forget", "late-retry-after-expiry-tombstone",
            "late-retry-after-sweep-forget", "late-retry-after-sweep-tombstone", "sweep-removes-only-terminal",
            "stripe-at-least-24-hours", "aws-resource-lifetime-window", "powertools-whole-second-expiry",
            "proxy-window-forward-key", "proxy-window-rewrite-key", "route-shortest-window-decides" } },
};
constexpr int s_presetIndexRole = Qt::UserRole + 2; // index into m_presetInfos; -1 on a step's heading
constexpr int s_routeStepRole = Qt::UserRole + 3; // a heading's step (0-based; the route's length: "More")

// A preset as the list shows it: the scenario's title in `language`, else its English title; the file's name only
// for a scenario with no title at all.
QString presetListText(const PresetInfo& preset, std::string_view language)
{
    const std::string title = preset.shownTitle(language);
    return fromStd(title.empty() ? preset.name : title);
}

QWidget* scrollable(QWidget* content)
{
    auto* area = new QScrollArea;
    (new FieldWheelGuard(area))->guard(content);
    area->setWidget(content);
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    area->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded); // only if the dock is made very narrow
    return area;
}

} // namespace

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
    auto* requestArea = static_cast<QScrollArea*>(scrollable(buildRequestTab()));
    m_requestViewport = requestArea->viewport();
    m_requestViewport->installEventFilter(this);
    m_tabs->addTab(requestArea, QString());
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
    // Each preset by its scenario's own title in this language (its English title when it has no translation): a
    // name made from the file name ("Dynamodb clock skew early expiry") misspells what the scenario says of itself.
    // The titles wrap within the dock's width; the tooltip is the description.
    const std::string code = language::current().toStdString();
    for (int i = 0; i < m_presets->count(); ++i) {
        QListWidgetItem* item = m_presets->item(i);
        const int index = item->data(s_presetIndexRole).toInt();
        if (index < 0 || std::size_t(index) >= m_presetInfos.size()) {
            const int step = item->data(s_routeStepRole).toInt();
            if (item->data(s_routeStepRole).isValid())
                item->setText(step < int(std::size(s_route)) ? tr(s_route[step].title) : tr("More"));
            continue;
        }
        const PresetInfo& info = m_presetInfos[std::size_t(index)];
        item->setText(presetListText(info, code));
        item->setToolTip(fromStd(info.shownDescription(code)));
    }
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
        case FaultKind::DbDown:
            box->setText(tr("store down"));
            box->setToolTip(tr("The store is unreachable for 1 s from the send: the request's store steps fail "
                               "(store_unavailable, 503)"));
            break;
        case FaultKind::LateRetry:
            box->setText(tr("late retry"));
            box->setToolTip(tr("The response is lost and the client comes back once, an hour past the record's TTL: "
                               "a device offline, a queue restored from backup"));
            break;
        case FaultKind::SlowNetwork:
            box->setText(tr("slow network"));
            box->setToolTip(tr("The request and its response take 2 s each way: longer than a 1 s client timeout"));
            break;
        default:
            break;
        }
    }

    wordFaultsMenu(m_fireBox, m_faults); // the Fire box's menu says what the boxes say
    layoutFaultBoxes(); // the words' widths changed

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

QWidget* ScenarioPanel::buildPresets()
{
    m_presetsBox = new QGroupBox;
    QGroupBox* box = m_presetsBox;
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(6, 6, 6, 6);
    m_presets = new QListWidget(box);
    m_presets->setObjectName(QStringLiteral("presets"));
    // In Russian and Ukrainian the list shows the presets' translated titles, which run to two or three lines at
    // 1280×800: they wrap within the dock's width rather than being cut.
    m_presets->setWordWrap(true);
    m_presets->setTextElideMode(Qt::ElideNone);
    m_presets->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_presets->setResizeMode(QListView::Adjust);
    m_presetInfos = listPresets();
    // Grouped under the six steps of the articles' verification route, each step a heading that is not a preset.
    std::vector<bool> listed(m_presetInfos.size(), false);
    const auto heading = [this](int step) {
        auto* item = new QListWidgetItem(m_presets); // its text is set by retranslate()
        item->setFlags(Qt::NoItemFlags);
        item->setData(s_presetIndexRole, -1);
        item->setData(s_routeStepRole, step);
        QFont bold = item->font();
        bold.setBold(true);
        item->setFont(bold);
    };
    const auto add = [this, &listed](std::size_t index) {
        const PresetInfo& p = m_presetInfos[index];
        // Its title (set again in this language by retranslate()); the title and description show below the list.
        auto* item = new QListWidgetItem(presetListText(p, language::current().toStdString()), m_presets);
        item->setData(Qt::UserRole, fromStd(p.resourcePath));
        item->setData(Qt::UserRole + 1, fromStd(p.name));
        item->setData(s_presetIndexRole, int(index));
        listed[index] = true;
    };
    const int steps = int(std::size(s_route));
    for (int step = 0; step < steps && !m_presetInfos.empty(); ++step) {
        heading(step);
        for (const char* name : s_route[step].presets)
            for (std::size_t i = 0; i < m_presetInfos.size(); ++i)
                if (m_presetInfos[i].name == name && !listed[i])
                    add(i);
    }
    if (std::find(listed.begin(), listed.end(), false) != listed.end()) {
        heading(steps);
        for (std::size_t i = 0; i < m_presetInfos.size(); ++i)
            if (!listed[i])
                add(i);
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

void ScenarioPanel::populateFromScenario(bool includingRequestForm)
{
    const Scenario& s = m_run->scenario();
    m_populating = true;
    showScenarioTexts();
    // Highlight the preset this scenario came from, if any, without reloading it; none for another scenario (File →
    // New kept the previous preset highlighted).
    {
        const QSignalBlocker blocker(m_presets);
        int row = -1;
        for (int i = 0; i < m_presets->count(); ++i)
            if (m_presets->item(i)->data(Qt::UserRole + 1).toString() == fromStd(s.name))
                row = i;
        if (row >= 0) {
            m_presets->setCurrentRow(row);
        } else {
            m_presets->clearSelection();
            m_presets->setCurrentRow(-1);
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
    } else if (includingRequestForm) {
        // A scenario without requests (File → New) starts the form afresh: not the previous preset's key.
        m_operation->setText(QStringLiteral("demo-request.create"));
        setComboData(m_keyKind, int(RequestSpec::KeyKind::Literal));
        m_key->setText(QStringLiteral("k-1"));
        m_key->setEnabled(true);
        m_payloadEdit->setPlainText(QStringLiteral("{\"amount\": 100, \"currency\": \"EUR\"}"));
    }
    m_populating = false;
    populateClient();
    updateDurationHints();
    validatePayload();
}

void ScenarioPanel::layoutFaultBoxes()
{
    // Two columns of fault boxes where two fit the Request tab, else one: in Russian and Ukrainian the longer words
    // ("падение после эффекта") made the form wider than the Scenario dock at 1280×800, which then scrolled sideways.
    auto* grid = qobject_cast<QGridLayout*>(m_faultsBox->layout());
    if (!grid || !m_requestViewport)
        return;
    int widest = 0;
    for (const auto& [kind, box] : m_faults)
        widest = std::max(widest, box->sizeHint().width());
    // The form's and the box's margins on both sides, and the space between the columns.
    const int margins = 2 * (style()->pixelMetric(QStyle::PM_LayoutLeftMargin) + grid->contentsMargins().left() + 2);
    const int columns
        = 2 * widest + std::max(0, grid->horizontalSpacing()) + margins <= m_requestViewport->width() ? 2 : 1;
    if (columns == m_faultColumns && grid->count() == int(m_faults.size()))
        return;
    m_faultColumns = columns;
    for (const auto& [kind, box] : m_faults)
        grid->removeWidget(box);
    int i = 0;
    for (const auto& [kind, box] : m_faults) {
        grid->addWidget(box, i / columns, i % columns);
        ++i;
    }
}

bool ScenarioPanel::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_requestViewport && event->type() == QEvent::Resize)
        layoutFaultBoxes();
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

} // namespace iw
