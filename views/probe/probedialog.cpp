// The probe's form (see probedialog.h).
#include "probedialog.h"

#include "fingerprint.h"
#include "stdtext.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QEvent>
#include <QEventLoop>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHostInfo>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace iw {

namespace {

// The pointers of a line edit: JSON Pointers separated by commas or spaces.
std::vector<std::string> pointersOf(const QLineEdit* edit)
{
    std::vector<std::string> out;
    static const QRegularExpression separators(QStringLiteral("[,\\s]+"));
    for (const QString& p : edit->text().split(separators, Qt::SkipEmptyParts))
        out.push_back(p.toStdString());
    return out;
}

// The target's name resolved without freezing the window: Qt's asynchronous lookup, waited for in a local event loop
// that repaints but takes no input, within 15 s; the result is in Qt's host cache, so resolveProbeTarget then reads it
// at once. A literal address needs no lookup.
bool resolveWithoutFreezing(ProbeTarget& target, QList<QHostAddress>& all, QString& error)
{
    if (QHostAddress literal; !literal.setAddress(target.host)) {
        QEventLoop loop;
        bool answered = false;
        const int id = QHostInfo::lookupHost(target.host, &loop, [&](const QHostInfo&) {
            answered = true;
            loop.quit();
        });
        QTimer::singleShot(15'000, &loop, &QEventLoop::quit);
        if (!answered)
            loop.exec(QEventLoop::ExcludeUserInputEvents);
        if (!answered) {
            QHostInfo::abortHostLookup(id);
            error = ProbeDialog::tr("the host \"%1\" did not resolve within 15 s").arg(target.host);
            return false;
        }
    }
    return resolveProbeTarget(target, all, error);
}

} // namespace

ProbeDialog::ProbeDialog(QWidget* parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("ProbeDialog"));
    auto* layout = new QVBoxLayout(this);
    m_intro = new QLabel(this);
    m_intro->setWordWrap(true);
    layout->addWidget(m_intro);

    auto* columns = new QHBoxLayout;
    layout->addLayout(columns, 1);
    auto* form = new QFormLayout;
    columns->addLayout(form, 3);
    const auto row = [&](QWidget* field) {
        auto* label = new QLabel(this);
        label->setBuddy(field);
        m_labels << label;
        form->addRow(label, field);
    };
    m_url = new QLineEdit(QStringLiteral("http://127.0.0.1:8080/v1/orders"), this);
    row(m_url);
    m_method = new QComboBox(this);
    m_method->setEditable(true);
    m_method->addItems({ QStringLiteral("POST"), QStringLiteral("PUT"), QStringLiteral("PATCH") });
    row(m_method);
    m_headers = new QPlainTextEdit(this);
    m_headers->setTabChangesFocus(true);
    m_headers->setFixedHeight(m_headers->fontMetrics().lineSpacing() * 3 + 12);
    row(m_headers);
    m_auth = new QLineEdit(this);
    m_auth->setEchoMode(QLineEdit::Password);
    row(m_auth);
    m_authOther = new QLineEdit(this);
    m_authOther->setEchoMode(QLineEdit::Password);
    row(m_authOther);
    m_body = new QPlainTextEdit(QStringLiteral("{\"amount\": 100, \"note\": \"first\"}"), this);
    m_body->setTabChangesFocus(true);
    m_body->setFixedHeight(m_body->fontMetrics().lineSpacing() * 4 + 12);
    row(m_body);
    m_significant = new QLineEdit(this);
    row(m_significant);
    m_display = new QLineEdit(this);
    row(m_display);
    m_resultId = new QLineEdit(this);
    row(m_resultId);
    m_slowBody = new QLineEdit(this);
    row(m_slowBody);
    m_concurrency = new QSpinBox(this);
    m_concurrency->setRange(2, 64);
    m_concurrency->setValue(16);
    row(m_concurrency);
    m_timeout = new QSpinBox(this);
    m_timeout->setRange(1, 300);
    m_timeout->setValue(10);
    row(m_timeout);
    m_profile = new QComboBox(this);
    m_profile->addItem(QString(), QString());
    for (Profile p : allProfiles())
        m_profile->addItem(fromStd(profileName(p)), fromStd(profileName(p)));
    row(m_profile);

    auto* right = new QVBoxLayout;
    columns->addLayout(right, 2);
    auto* checksLabel = new QLabel(this);
    m_labels << checksLabel;
    right->addWidget(checksLabel);
    m_checks = new QListWidget(this);
    for (ProbeCheck c : allProbeChecks()) {
        auto* item = new QListWidgetItem(fromStd(probeCheckName(c)), m_checks);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(Qt::Checked);
        item->setData(Qt::UserRole, static_cast<int>(c));
    }
    checksLabel->setBuddy(m_checks);
    right->addWidget(m_checks, 1);

    m_watch = new QGroupBox(this);
    m_watch->setCheckable(true);
    m_watch->setChecked(false);
    auto* watchForm = new QFormLayout(m_watch);
    for (QLineEdit** edit : { &m_watchConninfo, &m_watchTable, &m_watchMapping }) {
        *edit = new QLineEdit(m_watch);
        auto* label = new QLabel(m_watch);
        label->setBuddy(*edit);
        m_watchLabels << label;
        watchForm->addRow(label, *edit);
    }
    right->addWidget(m_watch);

    m_plan = new QLabel(this);
    m_plan->setWordWrap(true);
    layout->addWidget(m_plan);
    m_outside = new QCheckBox(this);
    m_outside->setVisible(false);
    layout->addWidget(m_outside);
    m_error = new QLabel(this);
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #B3261E"));
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_error);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_ok = buttons->button(QDialogButtonBox::Ok);
    connect(buttons, &QDialogButtonBox::accepted, this, &ProbeDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &ProbeDialog::reject);
    layout->addWidget(buttons);

    for (QWidget* field : std::initializer_list<QWidget*> { m_url, m_method, m_headers, m_auth, m_authOther, m_body,
             m_significant, m_display, m_resultId, m_slowBody, m_concurrency, m_timeout, m_profile })
        field->setMinimumWidth(340);
    for (QLineEdit* e : { m_url, m_significant, m_display, m_resultId, m_slowBody, m_authOther })
        connect(e, &QLineEdit::textChanged, this, &ProbeDialog::updatePlan);
    connect(m_body, &QPlainTextEdit::textChanged, this, &ProbeDialog::updatePlan);
    connect(m_concurrency, &QSpinBox::valueChanged, this, &ProbeDialog::updatePlan);
    connect(m_checks, &QListWidget::itemChanged, this, &ProbeDialog::updatePlan);
    connect(m_watch, &QGroupBox::toggled, this, &ProbeDialog::updatePlan);
    retranslate();
    resize(980, 640);
}

void ProbeDialog::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}

void ProbeDialog::retranslate()
{
    setWindowTitle(tr("Probe a Service — Idempotency Workbench"));
    m_intro->setText(tr("Sends the six-step route's checks to your endpoint from outside and compares what it "
                        "answers with every profile. Every request may create a real effect: probe a test "
                        "instance."));
    const QStringList labels
        = { tr("&URL:"), tr("&Method:"), tr("&Headers:"), tr("&Authorization:"), tr("Another &user's Authorization:"),
              tr("&Body (JSON):"), tr("&Significant fields:"), tr("&Display-only fields:"), tr("&Result id:"),
              tr("S&low body (JSON):"), tr("&Concurrency:"), tr("&Timeout:"), tr("&Profile:"), tr("&Checks:") };
    for (int i = 0; i < m_labels.size() && i < labels.size(); ++i)
        m_labels[i]->setText(labels[i]);
    m_url->setToolTip(tr("The endpoint that creates the effect, http:// or https://"));
    m_headers->setToolTip(tr("One \"Name: value\" per line, sent with every request"));
    m_headers->setPlaceholderText(tr("Name: value, one per line"));
    m_auth->setToolTip(tr("Sent as the Authorization header; never shown in the window, the reports or the "
                          "scenario"));
    m_authOther->setToolTip(tr("Another user's credential: other_actor checks that the same key from them neither "
                               "reads nor blocks the first user's result"));
    m_significant->setPlaceholderText(tr("JSON Pointers, such as /amount"));
    m_significant->setToolTip(tr("Fields that decide the effect: changing one under a used key must be refused"));
    m_display->setPlaceholderText(tr("JSON Pointers, such as /note"));
    m_display->setToolTip(tr("Fields that do not decide the effect: changing one is still a replay"));
    m_resultId->setPlaceholderText(tr("a JSON Pointer, such as /id"));
    m_resultId->setToolTip(tr("Where a success's body carries the created effect's id: the same id in every "
                              "success means one execution"));
    m_slowBody->setToolTip(tr("A body the service takes a while to handle, for retry_while_running"));
    m_timeout->setSuffix(tr(" s"));
    m_timeout->setToolTip(tr("The deadline of every request"));
    m_profile->setItemText(0, tr("auto (the nearest)"));
    m_profile->setToolTip(tr("The profile the verdicts are judged against; every profile is compared anyway"));
    m_watch->setTitle(tr("&Watch the service's idempotency table (PostgreSQL, read-only)"));
    const QStringList watchLabels = { tr("Conninfo:"), tr("Table:"), tr("Mapping:") };
    for (int i = 0; i < m_watchLabels.size(); ++i)
        m_watchLabels[i]->setText(watchLabels[i]);
    m_watchConninfo->setPlaceholderText(tr("host=… dbname=… user=… (empty: the PG* variables)"));
    m_watchMapping->setPlaceholderText(tr("seed, brandur, powertools or a mapping file"));
    m_outside->setText(tr("Probe it anyway: every request may create a real effect there"));
    m_ok->setText(tr("&Probe"));
    updatePlan();
}

QString ProbeDialog::errorText() const
{
    return m_error->text();
}

QString ProbeDialog::planSummary() const
{
    return m_plan->text();
}

void ProbeDialog::updatePlan()
{
    QString error;
    const auto o = options(error);
    if (!o) {
        m_plan->setText(tr("Plan: %1").arg(error));
        return;
    }
    const ProbePlan plan = planProbe(*o);
    int running = 0;
    for (const PlannedCheck& c : plan.checks)
        running += c.notApplicable.empty() ? 1 : 0;
    m_plan->setText(tr("Plan: %n check(s), ", nullptr, running) + tr("at most %n request(s).", nullptr, plan.requests)
        + (running < static_cast<int>(plan.checks.size()) ? QLatin1Char(' ')
                    + tr("%n check(s) cannot run with these fields.", nullptr,
                        static_cast<int>(plan.checks.size()) - running)
                                                          : QString()));
}

std::optional<ProbeOptions> ProbeDialog::options(QString& error) const
{
    ProbeOptions o;
    o.url = m_url->text().trimmed();
    static const QRegularExpression methodToken(QStringLiteral("^[A-Z]{1,20}$"));
    const QString method = m_method->currentText().trimmed();
    if (!methodToken.match(method).hasMatch()) {
        error = tr("Method: an HTTP method in capitals (POST, PUT, PATCH…), not \"%1\".").arg(method);
        return std::nullopt;
    }
    o.method = method.toStdString();
    static const QRegularExpression fieldName(QStringLiteral("^[!#$%&'*+.^_`|~0-9A-Za-z-]+$"));
    const QStringList lines = m_headers->toPlainText().split(QLatin1Char('\n'));
    for (int i = 0; i < lines.size(); ++i) {
        const QString line = lines[i].trimmed();
        if (line.isEmpty())
            continue;
        const qsizetype colon = line.indexOf(QLatin1Char(':'));
        const QString name = line.left(colon).trimmed();
        if (colon <= 0 || !fieldName.match(name).hasMatch()) {
            error = tr("Headers, line %1: \"Name: value\" with a header name.").arg(i + 1);
            return std::nullopt;
        }
        for (const char* own : { "Host", "Content-Length", "Idempotency-Key", "Transfer-Encoding", "Connection" })
            if (name.compare(QLatin1String(own), Qt::CaseInsensitive) == 0) {
                error = tr("Headers, line %1: the probe sets %2 itself.").arg(i + 1).arg(name);
                return std::nullopt;
            }
        const std::string value = line.mid(colon + 1).trimmed().toStdString();
        if (name.compare(QLatin1String("Authorization"), Qt::CaseInsensitive) == 0)
            o.auth = value;
        else
            o.headers.emplace_back(name.toStdString(), value);
    }
    if (!m_auth->text().trimmed().isEmpty())
        o.auth = m_auth->text().trimmed().toStdString();
    if (!m_authOther->text().trimmed().isEmpty())
        o.authOther = m_authOther->text().trimmed().toStdString();
    const auto jsonText = [&](const QString& field, const QString& text) -> std::optional<std::string> {
        try {
            return compactJson(json::parse(text.toStdString()));
        } catch (const json::ParseError& e) {
            error = tr("%1 is not JSON (line %2, column %3): %4")
                        .arg(field)
                        .arg(e.position().line)
                        .arg(e.position().column)
                        .arg(fromStd(e.what()));
            return std::nullopt;
        }
    };
    const auto body = jsonText(tr("The body"), m_body->toPlainText());
    if (!body)
        return std::nullopt;
    o.body = *body;
    if (!m_slowBody->text().trimmed().isEmpty()) {
        const auto slow = jsonText(tr("The slow body"), m_slowBody->text());
        if (!slow)
            return std::nullopt;
        o.slowBody = *slow;
    }
    o.significant = pointersOf(m_significant);
    o.display = pointersOf(m_display);
    for (const auto* list : { &o.significant, &o.display })
        for (const std::string& p : *list) {
            try {
                changedBody(o.body, p);
            } catch (const std::exception& e) {
                error = (list == &o.significant ? tr("Significant fields: %1: %2") : tr("Display-only fields: %1: %2"))
                            .arg(fromStd(p), fromStd(e.what()));
                return std::nullopt;
            }
        }
    for (const std::string& p : o.significant)
        if (std::find(o.display.begin(), o.display.end(), p) != o.display.end()) {
            error = tr("%1 is both a significant and a display-only field.").arg(fromStd(p));
            return std::nullopt;
        }
    const QString resultId = m_resultId->text().trimmed();
    if (!resultId.isEmpty()) {
        try {
            parseJsonPointer(resultId.toStdString());
        } catch (const std::invalid_argument& e) {
            error = tr("Result id: %1").arg(fromStd(e.what()));
            return std::nullopt;
        }
        o.resultId = resultId.toStdString();
    }
    o.concurrency = m_concurrency->value();
    o.timeoutMs = m_timeout->value() * 1000;
    for (int i = 0; i < m_checks->count(); ++i)
        if (m_checks->item(i)->checkState() == Qt::Checked)
            o.checks.push_back(static_cast<ProbeCheck>(m_checks->item(i)->data(Qt::UserRole).toInt()));
    if (o.checks.empty()) {
        error = tr("Checks: choose at least one.");
        return std::nullopt;
    }
    const QString profile = m_profile->currentData().toString();
    if (!profile.isEmpty())
        o.profile = profileFromName(profile.toStdString());
    o.watching = m_watch->isChecked();
    const ProbePlan plan = planProbe(o);
    if (plan.requests > kMaxPlannedRequests) {
        error = tr("The plan would send %1 requests, more than %2: lower the concurrency or choose fewer checks.")
                    .arg(plan.requests)
                    .arg(kMaxPlannedRequests);
        return std::nullopt;
    }
    return o;
}

std::optional<ProbeSetup> ProbeDialog::setup(QString& error) const
{
    auto o = options(error);
    if (!o)
        return std::nullopt;
    ProbeSetup s;
    QString why;
    auto target = parseProbeUrl(o->url, why);
    if (!target) {
        error = tr("URL: %1").arg(why);
        return std::nullopt;
    }
    if (m_watch->isChecked()) {
        s.watch = true;
        s.watchConninfo = m_watchConninfo->text().trimmed();
        s.watchTable = m_watchTable->text().trimmed();
        s.watchMapping = m_watchMapping->text().trimmed();
    }
    QList<QHostAddress> addresses;
    m_ok->setEnabled(false);
    const bool resolved = resolveWithoutFreezing(*target, addresses, why);
    m_ok->setEnabled(true);
    if (!resolved) {
        error = tr("URL: %1: the target cannot be reached.").arg(why);
        return std::nullopt;
    }
    QStringList outside;
    for (const QHostAddress& a : addresses)
        if (!isLoopbackOrPrivate(a))
            outside << a.toString();
    if (!outside.isEmpty()) {
        m_outside->setVisible(true);
        if (!m_outside->isChecked()) {
            error = tr("%1 is not a loopback or private address (%2): every request may create a real effect there. "
                       "Tick the box above to probe it anyway.")
                        .arg(target->host, outside.join(QStringLiteral(", ")));
            return std::nullopt;
        }
        s.outsideConfirmed = true;
    }
    s.options = std::move(*o);
    s.target = std::move(*target);
    return s;
}

void ProbeDialog::accept()
{
    QString error;
    if (!setup(error)) {
        m_error->setText(error);
        return;
    }
    m_error->clear();
    QDialog::accept();
}

} // namespace iw
