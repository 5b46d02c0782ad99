// The scenario panel's policy forms (see scenariopanel.h): the service policy's and the selected client's fields,
// filled from the scenario and, once the user stops typing, applied to it (which rewinds the run under the new
// policy, replaying the requests fired so far); adding a client.
#include "duration.h"
#include "durationspinbox.h"
#include "scenarioforms.h"
#include "scenariopanel.h"
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

using namespace scenarioform;

namespace {

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

} // namespace

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
    m_profile->setObjectName(QStringLiteral("profile"));
    // Every profile the command line's --profile and a scenario's "profile" know, from the engine's one name table:
    // a profile added there is offered here too (the Redis and DynamoDB libraries' included).
    for (const Profile p : allProfiles())
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
    // docs/reference/decisions.md#profiles: what the key covers, how it is read, what the fingerprint takes in, and the
    // answers to a request in progress. Values are the scenario's field values, as the strategy's are.
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

void ScenarioPanel::onProfileChanged()
{
    if (m_populating)
        return;
    // A profile is a set of defaults: apply them, but keep what describes the environment rather than the service
    // (latencies, strategy, fingerprint selection).
    ServicePolicy p = ServicePolicy::forProfile(Profile(m_profile->currentData().toInt()));
    QString error;
    const ServicePolicy current = serviceFromForm(&error);
    // A library on a store engine of its own (powertools-redis on Redis, powertools-dynamodb on DynamoDB) claims as
    // that engine does: one conditional write, a unique claim.
    p.strategy = p.storeEngine == StoreEngine::Sql || p.storeEngine == StoreEngine::Mysql ? current.strategy
                                                                                          : Strategy::UniqueClaim;
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
    const Profile chosen = Profile(m_profile->currentData().toInt());
    if (chosen != p.profile) {
        // The store engine is the environment's, kept across profiles (a MySQL scenario under stripe stays on MySQL),
        // except where a profile is a library on an engine of its own: choosing it brings its engine and that
        // engine's settings, and leaving it for a profile without one goes back to the SQL store.
        const ServicePolicy to = ServicePolicy::forProfile(chosen);
        const bool fromOwnEngine = ServicePolicy::forProfile(p.profile).storeEngine == p.storeEngine
            && p.storeEngine != StoreEngine::Sql && p.storeEngine != StoreEngine::Mysql;
        if (to.storeEngine != StoreEngine::Sql || fromOwnEngine) {
            p.storeEngine = to.storeEngine;
            p.claimTtlMs = to.claimTtlMs;
            p.claimCommand = to.claimCommand;
            p.replicationLagMs = to.replicationLagMs;
            p.putCondition = to.putCondition;
            p.ttlDeletionLagMs = to.ttlDeletionLagMs;
            p.consistentRead = to.consistentRead;
            p.readLagMs = to.readLagMs;
        }
    }
    p.profile = chosen;
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

} // namespace iw
