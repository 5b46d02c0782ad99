// The scenario panel (docs/manual/running.md): the preset list with each preset's title and description, forms for the
// service policy and the selected client's policy (editing either rewinds the run under the new policy, replaying the
// requests fired so far), and the request form — operation, key, a JSON payload editor that validates as you type
// and shows the canonical form and fingerprint live, one-shot faults — with the Fire, Fire N in parallel, Fire
// after delay and Retry storm actions that add requests to the running simulation. One class, one translation unit
// per seam: scenariopanel.cpp (layout, texts, presets), scenariopolicyforms.cpp (the policy forms),
// scenariorequestform.cpp (the request form and firing); scenarioforms.h holds the form helpers they share.
#pragma once

#include "json.h"
#include "scenario.h"

#include <QTimer>
#include <QWidget>

#include <optional>
#include <vector>

class QAction;
class QCheckBox;
class QComboBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QSpinBox;
class QTabWidget;
class QToolButton;

namespace iw {

class DurationSpinBox;
class RunController;

class ScenarioPanel : public QWidget {
    Q_OBJECT
public:
    enum class FireMode { Single, Parallel, Delayed, RetryStorm };

    explicit ScenarioPanel(RunController* run, QWidget* parent = nullptr);

    QAction* fireAction() const { return m_fireAction; }
    QAction* fireParallelAction() const { return m_fireParallelAction; }
    QAction* fireDelayedAction() const { return m_fireDelayedAction; }
    QAction* retryStormAction() const { return m_retryStormAction; }
    // Copy as curl: the window enables it while serving and builds the command from formRequest().
    QAction* copyCurlAction() const { return m_copyCurlAction; }
    // The request form as a request (not fired), with its client's id in `clientId`; nullopt while the payload is
    // not valid JSON.
    std::optional<RequestSpec> formRequest(std::string* clientId = nullptr) const;

    // Loads a scenario file (a ":/" path reads a preset). On failure returns false with the error (file, line,
    // column, JSON path and what is wrong) in `error`, and the running scenario stays as it was.
    bool openScenarioFile(const QString& path, QString* error);
    // Selects a preset by scenario name (as in the file's "name"); false when there is none.
    bool selectPreset(const QString& name);
    int presetCount() const;

    // The request form, for tests and scripted demos.
    void setPayloadText(const QString& text);
    QString payloadText() const;
    bool payloadValid() const { return m_payload.has_value(); }
    // The message shown under the payload editor: the parse error with line and column, or empty.
    QString payloadError() const;
    bool payloadErrorVisible() const;
    QString canonicalText() const;
    QString fingerprintText() const;
    void setKey(RequestSpec::KeyKind kind, const QString& key = {});
    void setParallelCount(int n);
    void setStormCount(int n);
    void setDelayMs(int ms);
    void setNextFaults(const std::vector<FaultKind>& faults);

    // Fires the request form; returns the new scenario entry, or -1 when the form cannot be fired (the reason is
    // shown under the payload editor and sent as message()).
    int fire(FireMode mode);

Q_SIGNALS:
    // A sentence for the status bar.
    void message(const QString& text);
    // A request was fired (its scenario entry); the window brings it into view.
    void fired(int entry);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    // Sets every text of the panel in the language in use (at construction and on QEvent::LanguageChange).
    void retranslate();
    // The loaded scenario's title and description, in the language in use where the scenario has them.
    void showScenarioTexts();
    // The client list's labels ("client-1 (actor a)") and the client form's heading.
    void relabelClients();
    void showClientHeading();
    QWidget* buildPresets();
    QWidget* buildRequestTab();
    QWidget* buildServiceTab();
    QWidget* buildClientTab();
    QWidget* buildFireButtons();
    void createActions();

    void populateFromScenario(bool includingRequestForm);
    void populateService(const ServicePolicy& p);
    void populateClient();
    void onPresetActivated();
    // The fault boxes in two columns where two fit the Request tab's width, else in one.
    void layoutFaultBoxes();
    void onProfileChanged();
    void onPolicyEdited();
    void applyPolicyEdits();
    void addClient();
    ServicePolicy serviceFromForm(QString* error) const;
    ClientSpec clientFromForm() const;
    FingerprintSelection selectionFromForm(QString* error) const;
    void validatePayload();
    void updateFireEnabled();
    void updateDurationHints();
    std::vector<FaultKind> takeFaults();

    RunController* m_run;
    bool m_populating = false;
    bool m_applying = false;
    QTimer m_applyTimer;
    QTimer m_presetKeyTimer; // type-to-load: loads the preset the keys landed on once they pause
    bool m_presetKeyed = false; // a key press in the preset list is moving its current item
    std::optional<json::Value> m_payload;
    QString m_payloadError;

    // Presets.
    QGroupBox* m_presetsBox = nullptr;
    QListWidget* m_presets = nullptr;
    std::vector<PresetInfo> m_presetInfos; // one per row of m_presets
    QLabel* m_presetTitle = nullptr;
    QLabel* m_presetDescription = nullptr;

    QTabWidget* m_tabs = nullptr;
    QLabel* m_clientLabel = nullptr;
    QComboBox* m_client = nullptr;
    QToolButton* m_addClient = nullptr;

    // Request form.
    QLabel* m_operationLabel = nullptr;
    QLabel* m_keyLabel = nullptr;
    QLabel* m_intentLabel = nullptr;
    QLabel* m_payloadLabel = nullptr;
    QLabel* m_canonicalLabel = nullptr;
    QLabel* m_fingerprintLabel = nullptr;
    QGroupBox* m_faultsBox = nullptr;
    QWidget* m_requestViewport = nullptr; // the Request tab's scroll area's viewport: its width decides the columns
    int m_faultColumns = 2;
    QLineEdit* m_operation = nullptr;
    QComboBox* m_keyKind = nullptr;
    QLineEdit* m_key = nullptr;
    QLineEdit* m_intent = nullptr;
    QPlainTextEdit* m_payloadEdit = nullptr;
    QLabel* m_payloadStatus = nullptr;
    QPlainTextEdit* m_canonical = nullptr;
    QPlainTextEdit* m_fingerprint = nullptr;
    QSpinBox* m_parallel = nullptr;
    QSpinBox* m_storm = nullptr;
    DurationSpinBox* m_delay = nullptr;
    std::vector<std::pair<FaultKind, QCheckBox*>> m_faults;

    // Service policy form: the row labels, then the fields.
    QLabel* m_profileLabel = nullptr;
    QLabel* m_strategyLabel = nullptr;
    QLabel* m_requireKeyLabel = nullptr;
    QLabel* m_keyLengthLabel = nullptr;
    QLabel* m_keyLengthTo = nullptr;
    QLabel* m_ttlLabel = nullptr;
    QLabel* m_leaseLabel = nullptr;
    QLabel* m_afterExpiryLabel = nullptr;
    QLabel* m_storeErrorsLabel = nullptr;
    QLabel* m_mismatchStatusLabel = nullptr;
    QLabel* m_inProgressStatusLabel = nullptr;
    QLabel* m_missingKeyStatusLabel = nullptr;
    QLabel* m_expiredStatusLabel = nullptr;
    QLabel* m_fingerprintOnlyLabel = nullptr;
    QLabel* m_fingerprintIgnoreLabel = nullptr;
    QLabel* m_handlerLabel = nullptr;
    QLabel* m_dbLabel = nullptr;
    QLabel* m_networkLabel = nullptr;
    QLabel* m_sweepLabel = nullptr;
    // docs/reference/decisions.md#profiles's fields.
    QLabel* m_keyScopeLabel = nullptr;
    QLabel* m_keySyntaxLabel = nullptr;
    QLabel* m_fingerprintFormLabel = nullptr;
    QLabel* m_fingerprintPartsLabel = nullptr;
    QLabel* m_retryAfterLabel = nullptr;
    QLabel* m_waitLabel = nullptr;
    QComboBox* m_profile = nullptr;
    QComboBox* m_strategy = nullptr;
    QCheckBox* m_requireKey = nullptr;
    QSpinBox* m_minKey = nullptr;
    QSpinBox* m_maxKey = nullptr;
    DurationSpinBox* m_ttl = nullptr;
    QCheckBox* m_ttlNever = nullptr; // ttl_ms null: records never expire
    QComboBox* m_keyScope = nullptr;
    QComboBox* m_keySyntax = nullptr;
    QComboBox* m_fingerprintForm = nullptr;
    std::vector<std::pair<FingerprintPart, QCheckBox*>> m_fingerprintParts;
    QCheckBox* m_hasRetryAfter = nullptr;
    QSpinBox* m_retryAfter = nullptr;
    QCheckBox* m_hasWait = nullptr;
    DurationSpinBox* m_wait = nullptr;
    QCheckBox* m_hasLease = nullptr;
    DurationSpinBox* m_lease = nullptr;
    QComboBox* m_afterExpiry = nullptr;
    DurationSpinBox* m_tombstone = nullptr;
    QCheckBox* m_storeErrors = nullptr;
    QSpinBox* m_mismatchStatus = nullptr;
    QSpinBox* m_inProgressStatus = nullptr;
    QSpinBox* m_missingKeyStatus = nullptr;
    QSpinBox* m_expiredStatus = nullptr;
    QLineEdit* m_fingerprintOnly = nullptr;
    QLineEdit* m_fingerprintIgnore = nullptr;
    QLabel* m_policyError = nullptr;
    DurationSpinBox* m_handlerMs = nullptr;
    DurationSpinBox* m_dbMs = nullptr;
    DurationSpinBox* m_networkMs = nullptr;
    QCheckBox* m_hasSweep = nullptr;
    DurationSpinBox* m_sweep = nullptr;
    std::vector<std::pair<DurationSpinBox*, QLabel*>> m_durationHints;

    // Client policy form: the row labels, then the fields.
    QLabel* m_clientHeading = nullptr;
    QLabel* m_actorLabel = nullptr;
    QLabel* m_timeoutLabel = nullptr;
    QLabel* m_maxAttemptsLabel = nullptr;
    QLabel* m_backoffLabel = nullptr;
    QLabel* m_baseLabel = nullptr;
    QLabel* m_capLabel = nullptr;
    QLabel* m_jitterLabel = nullptr;
    QLabel* m_retryOnLabel = nullptr;
    QLabel* m_onConflictLabel = nullptr;
    QLineEdit* m_actor = nullptr;
    DurationSpinBox* m_timeout = nullptr;
    QSpinBox* m_maxAttempts = nullptr;
    QComboBox* m_backoff = nullptr;
    DurationSpinBox* m_base = nullptr;
    DurationSpinBox* m_cap = nullptr;
    QComboBox* m_jitter = nullptr;
    QCheckBox* m_onTimeout = nullptr;
    QCheckBox* m_on409 = nullptr;
    QCheckBox* m_on422 = nullptr;
    QCheckBox* m_on5xx = nullptr;
    QCheckBox* m_on503 = nullptr;
    QComboBox* m_onConflict = nullptr;

    QGroupBox* m_fireBox = nullptr;
    QAction* m_fireAction = nullptr;
    QAction* m_fireParallelAction = nullptr;
    QAction* m_fireDelayedAction = nullptr;
    QAction* m_copyCurlAction = nullptr;
    QAction* m_retryStormAction = nullptr;
};

// A readable, indented rendering of a JSON value that keeps member order and numbers as written; short
// containers stay on one line.
QString prettyJson(const json::Value& value);

} // namespace iw
