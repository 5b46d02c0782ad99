// Serving over HTTP in the window (see servecontroller.h).
#include "servecontroller.h"

#include "stdtext.h"

#include "runcontroller.h"
#include "scenariopanel.h"
#include "servedservice.h"
#include "servesession.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHostAddress>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>
#include <QUuid>
#include <QVBoxLayout>

#include <cmath>

namespace iw {

ServeController::ServeController(
    ServeSession* serve, RunController* run, ScenarioPanel* panel, QWidget* window, std::function<int()> currentRequest)
    : QObject(window)
    , m_serve(serve)
    , m_run(run)
    , m_panel(panel)
    , m_window(window)
    , m_currentRequest(std::move(currentRequest))
{
    m_serveAction = new QAction(this);
    connect(m_serveAction, &QAction::triggered, this, &ServeController::serveInteractive);
    m_stopAction = new QAction(this);
    connect(m_stopAction, &QAction::triggered, this, &ServeController::stopServing);
    m_jumpAction = new QAction(this);
    connect(m_jumpAction, &QAction::triggered, this, &ServeController::jumpAheadInteractive);
    m_saveTrafficAction = new QAction(this);
    connect(m_saveTrafficAction, &QAction::triggered, this, &ServeController::saveTrafficInteractive);
    m_copyRequestCurlAction = new QAction(this);
    connect(m_copyRequestCurlAction, &QAction::triggered, this, [this] {
        const int request = m_currentRequest();
        if (request < 0)
            return;
        const QString text = curlForRequest(request);
        if (text.isEmpty())
            return;
        copy(text);
    });
    connect(m_panel->copyCurlAction(), &QAction::triggered, this, [this] {
        const QString text = curlForForm();
        if (text.isEmpty()) {
            Q_EMIT message(tr("Not copied: the payload is not valid JSON."), 8000);
            return;
        }
        copy(text);
    });
    connect(m_serve, &ServeSession::servingChanged, this, [this](bool serving) {
        syncActions();
        if (!serving)
            Q_EMIT message(tr("Stopped serving."), 6000);
    });
    connect(
        m_serve, &ServeSession::problem, this, [this](const QString& sentence) { Q_EMIT message(sentence, 10000); });
    syncActions();
}

void ServeController::retranslate()
{
    m_serveAction->setText(tr("Serve over &HTTP…"));
    m_serveAction->setToolTip(tr("Let real HTTP clients (curl, a browser, an SDK) talk to this scenario's service, "
                                 "beside its simulated clients; their requests appear on the timeline"));
    m_stopAction->setText(tr("Stop ser&ving"));
    m_stopAction->setToolTip(tr("Stop accepting connections; requests in flight get their answers first"));
    m_jumpAction->setText(tr("&Jump ahead…"));
    m_jumpAction->setToolTip(tr("Move the service clock forward (as POST /_workbench/clock), so leases and TTLs "
                                "expire without waiting"));
    m_saveTrafficAction->setText(tr("Save &traffic as scenario…"));
    m_saveTrafficAction->setToolTip(tr("Write the served traffic as a scenario that replays the same decisions and "
                                       "effects (as serve --record)"));
    m_copyRequestCurlAction->setText(tr("Copy as &curl"));
    m_copyRequestCurlAction->setToolTip(
        tr("Copy a curl command line that sends this request to the server started with Run → Serve over HTTP"));
}

void ServeController::copy(const QString& text)
{
    QApplication::clipboard()->setText(text);
    Q_EMIT message(tr("Copied: %1").arg(text), 8000);
}

QString ServeController::startServing(const QString& bindText, int port)
{
    const QString trimmed = bindText.trimmed();
    QHostAddress bind;
    if (trimmed.compare(QLatin1String("localhost"), Qt::CaseInsensitive) == 0)
        bind = QHostAddress(QHostAddress::LocalHost);
    else if (!bind.setAddress(trimmed))
        return tr("\u201c%1\u201d is not an IP address: type one such as 127.0.0.1 or ::1.").arg(trimmed);
    if (port < 0 || port > 65535)
        return tr("The port must be a number from 0 to 65535 (0: any free port).");
    QString error;
    if (!m_serve->start(bind, static_cast<quint16>(port), error))
        return error;
    m_lastBind = trimmed;
    m_lastPort = port;
    QString note;
    if (!bind.isLoopback())
        note = QStringLiteral(" ")
            + tr("Not loopback: anyone who can reach %1 can use the service.").arg(bind.toString());
    // The permanent field names the address; the message says what to do with it.
    Q_EMIT message(tr("Real requests appear on the timeline as they arrive.") + note, 10000);
    return {};
}

void ServeController::stopServing()
{
    m_serve->stop();
    syncActions();
}

void ServeController::serveInteractive()
{
    QDialog dialog(m_window);
    dialog.setWindowTitle(tr("Serve over HTTP"));
    dialog.setMinimumWidth(dialog.fontMetrics().horizontalAdvance(QLatin1Char('x')) * 64);
    auto* layout = new QVBoxLayout(&dialog);
    auto* intro = new QLabel(tr("Real clients send HTTP requests to this scenario's service (its policy and faults), "
                                "beside the simulated clients. The clock runs at 1× while serving."),
        &dialog);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    auto* form = new QFormLayout;
    auto* bind = new QLineEdit(m_lastBind, &dialog);
    bind->setToolTip(tr("The address to listen on: 127.0.0.1 (this machine only) unless you mean otherwise"));
    auto* port = new QSpinBox(&dialog);
    port->setRange(0, 65535);
    port->setValue(m_lastPort);
    port->setToolTip(tr("The TCP port; 0 picks any free one"));
    form->addRow(tr("Bind &address:"), bind);
    form->addRow(tr("&Port:"), port);
    layout->addLayout(form);
    auto* error = new QLabel(&dialog);
    error->setWordWrap(true);
    error->setStyleSheet(QStringLiteral("color: #b00020"));
    error->setVisible(false);
    layout->addWidget(error);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("&Serve"));
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, [&] {
        const QString why = startServing(bind->text(), port->value());
        if (why.isEmpty()) {
            dialog.accept();
            return;
        }
        error->setText(why);
        error->setVisible(true);
        dialog.adjustSize(); // room for the sentence without squeezing the wrapped text above it
    });
    dialog.exec();
}

void ServeController::jumpAheadInteractive()
{
    if (!m_serve->isServing())
        return;
    bool ok = false;
    const double seconds = QInputDialog::getDouble(m_window, tr("Jump ahead"),
        tr("Move the service clock forward by (seconds); work due meanwhile completes first:"), 60, 0, 1e9, 3, &ok);
    if (!ok)
        return;
    // The PostgreSQL store may be waited for under this dialog: the jump runs once the store call has returned.
    m_run->whenIdle([this, ms = static_cast<Millis>(std::llround(seconds * 1000))]() {
        if (!m_serve->isServing())
            return;
        const Millis to = m_serve->jumpAhead(ms);
        Q_EMIT message(tr("Jumped ahead to t = %1.").arg(formatClock(to)), 6000);
    });
}

void ServeController::saveTrafficInteractive()
{
    if (!m_serve->isServing())
        return;
    const QString path = QFileDialog::getSaveFileName(
        m_window, tr("Save traffic as scenario"), QStringLiteral("traffic.json"), tr("Scenario JSON (*.json)"));
    if (path.isEmpty())
        return;
    const QString error = m_serve->saveRecording(path);
    if (!error.isEmpty()) {
        QMessageBox::warning(m_window, tr("Save traffic"), error);
        return;
    }
    Q_EMIT message(tr("Saved the served traffic to %1: run it to replay the same decisions.").arg(path), 8000);
}

void ServeController::syncActions()
{
    const bool serving = m_serve->isServing();
    m_serveAction->setEnabled(!serving);
    m_stopAction->setEnabled(serving);
    m_jumpAction->setEnabled(serving);
    m_saveTrafficAction->setEnabled(serving);
    m_copyRequestCurlAction->setEnabled(serving);
    m_panel->copyCurlAction()->setEnabled(serving);
}

QString ServeController::curlForForm() const
{
    if (!m_serve->isServing())
        return {};
    std::string clientId;
    const auto spec = m_panel->formRequest(&clientId);
    if (!spec)
        return {};
    const ClientSpec* client = m_run->scenario().client(clientId);
    return curlCommand(*spec, clientId, client ? client->actor : std::string(), m_serve->url(),
        QUuid::createUuid().toString(QUuid::WithoutBraces).toStdString(), m_run->scenario().service.keySyntax);
}

QString ServeController::curlForRequest(int request) const
{
    if (!m_serve->isServing() || request < 0)
        return {};
    const Simulation& sim = m_run->simulation();
    if (static_cast<std::size_t>(request) >= sim.requests().size())
        return {};
    const RequestRow& row = sim.requests()[static_cast<std::size_t>(request)];
    RequestSpec spec = sim.scenario().requests[static_cast<std::size_t>(row.entry)];
    if (row.hasKey && row.scope >= 0) {
        spec.keyKind = RequestSpec::KeyKind::Literal;
        spec.key = sim.scopes()[static_cast<std::size_t>(row.scope)].key;
    } else {
        spec.keyKind = RequestSpec::KeyKind::None;
    }
    const ClientSpec* client = sim.scenario().client(spec.client);
    std::string clientName = spec.client;
    if (const std::string* served = m_serve->service()->servedClientName(row.entry))
        clientName = *served;
    return curlCommand(
        spec, clientName, client ? client->actor : std::string(), m_serve->url(), {}, sim.scenario().service.keySyntax);
}

} // namespace iw
