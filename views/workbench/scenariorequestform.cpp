// The scenario panel's request form (see scenariopanel.h): operation, key, intent and one-shot faults, the JSON
// payload editor that validates as you type and shows the canonical form and fingerprint, and the Fire, Fire N in
// parallel, Fire after delay and Retry storm actions that add requests to the running simulation.
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
#include <QMenu>
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

QString prettyJson(const json::Value& value)
{
    // Short containers read best on one line, with the spaces people type; the dock is narrow.
    std::string out;
    json::appendPretty(out, value, { .width = 72 });
    return fromStd(out);
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

// The Fire box's Faults menu says what the Request tab's boxes say, and how many are ticked.
void wordFaultsMenu(QGroupBox* fireBox, const std::vector<std::pair<FaultKind, QCheckBox*>>& boxes)
{
    auto* faults = fireBox ? fireBox->findChild<QToolButton*>(QStringLiteral("faultsMenu")) : nullptr;
    if (!faults || !faults->menu())
        return;
    int ticked = 0;
    for (const auto& [kind, check] : boxes) {
        ticked += check->isChecked() ? 1 : 0;
        for (QAction* action : faults->menu()->actions()) {
            if (action->data().toInt() == int(kind)) {
                action->setText(check->text());
                action->setToolTip(check->toolTip());
            }
        }
    }
    faults->setText(ticked > 0 ? QCoreApplication::translate("iw::ScenarioPanel", "Faults (%1)").arg(ticked)
                               : QCoreApplication::translate("iw::ScenarioPanel", "Faults"));
    faults->setToolTip(QCoreApplication::translate("iw::ScenarioPanel",
        "The faults for the next fire, as on the Request tab: each ticked one strikes the first attempt of the next "
        "fired request, then unticks"));
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
    m_keyKind->setObjectName(QStringLiteral("keyKind"));
    // Its items are worded later, in the language in use: the box follows their width rather than the empty texts
    // it first measured (Russian «вручную» was cut to «вручн»), and the key field beside it gives way.
    m_keyKind->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_key = new QLineEdit(page);
    m_key->setObjectName(QStringLiteral("key"));
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
    for (const FaultKind kind : { FaultKind::DropRequest, FaultKind::DropResponse, FaultKind::HandlerError,
             FaultKind::RejectPayload, FaultKind::CrashBeforeEffect, FaultKind::CrashAfterEffect,
             FaultKind::SlowHandler, FaultKind::DbDown, FaultKind::LateRetry, FaultKind::SlowNetwork }) {
        auto* box = new QCheckBox(m_faultsBox);
        faultsLayout->addWidget(box, i / 2, i % 2);
        m_faults.emplace_back(kind, box);
        ++i;
    }
    // Right under what is fired, so the toggles are in view without scrolling past the payload.
    form->insertRow(3, m_faultsBox);
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
    // The faults for the next fire, a click away beside Fire: the Request tab's boxes are below the fold at 1280×800.
    // Each menu item and its box are one choice, ticked and unticked together.
    auto* faults = new QToolButton(box);
    faults->setObjectName(QStringLiteral("faultsMenu"));
    faults->setPopupMode(QToolButton::InstantPopup);
    faults->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    auto* menu = new QMenu(faults);
    for (const auto& [kind, check] : m_faults) {
        QAction* action = menu->addAction(QString());
        action->setCheckable(true);
        action->setData(int(kind));
        QCheckBox* tick = check;
        connect(action, &QAction::toggled, tick, &QCheckBox::setChecked);
        connect(tick, &QCheckBox::toggled, action, &QAction::setChecked);
        connect(tick, &QCheckBox::toggled, this, [this] { wordFaultsMenu(m_fireBox, m_faults); });
    }
    faults->setMenu(menu);
    grid->addWidget(faults, 0, 1);
    grid->addWidget(button(m_fireParallelAction), 1, 0);
    grid->addWidget(m_parallel, 1, 1);
    grid->addWidget(button(m_fireDelayedAction), 2, 0);
    grid->addWidget(m_delay, 2, 1);
    grid->addWidget(button(m_retryStormAction), 3, 0);
    grid->addWidget(m_storm, 3, 1);
    grid->addWidget(button(m_copyCurlAction), 4, 0, 1, 2);
    return box;
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
