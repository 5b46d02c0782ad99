#include "servesession.h"

#include "fingerprint.h"
#include "httpserver.h"
#include "runcontroller.h"
#include "servedservice.h"
#include "stdtext.h"

#include <QCoreApplication>
#include <QSaveFile>
#include <QUrl>

namespace iw {

ServeSession::ServeSession(RunController* run, QObject* parent)
    : QObject(parent)
    , m_run(run)
{
    // The simulation the served requests join is about to go (a new scenario, a store switch): serving ends with it,
    // unless the wire's own reset asked for the fresh one.
    connect(m_run, &RunController::aboutToReset, this, [this] {
        if (!m_resetting && isServing()) {
            const QString was = url();
            abort();
            Q_EMIT problem(tr("Stopped serving %1: the run it served was replaced (another scenario, a policy edit "
                              "or a store switch); serve again to go on.")
                               .arg(was));
        }
    });
}

ServeSession::~ServeSession()
{
    tearDown();
}

bool ServeSession::start(const QHostAddress& bind, quint16 port, QString& error)
{
    if (isServing()) {
        error = tr("Already serving at %1.").arg(url());
        return false;
    }
    if (m_run->isBusy()) {
        error = tr("The run is busy with the store; try again in a moment.");
        return false;
    }
    m_startScenario = m_run->scenario();
    auto service = std::make_unique<ServedService>(m_run->simulation());
    ServeServer::Options options;
    options.bind = bind;
    options.port = port;
    // On the PostgreSQL store a store call waits in a nested event loop; what the wire brings meanwhile waits for it.
    options.whenIdle = [run = m_run](std::function<void()> work) { run->whenIdle(std::move(work)); };
    auto server = std::make_unique<ServeServer>(*service, options);
    QString why;
    if (!server->listen(why)) {
        const QString where = bind.protocol() == QAbstractSocket::IPv6Protocol
            ? QStringLiteral("[%1]:%2").arg(bind.toString()).arg(port)
            : QStringLiteral("%1:%2").arg(bind.toString()).arg(port);
        switch (server->listenError()) {
        case QAbstractSocket::AddressInUseError:
            error = tr("Port %1 is already in use on %2: choose another port, or 0 for any free one.")
                        .arg(port)
                        .arg(bind.toString());
            break;
        case QAbstractSocket::SocketAddressNotAvailableError:
            error = tr("%1 is not an address of this machine: choose 127.0.0.1 or one of its own addresses.")
                        .arg(bind.toString());
            break;
        case QAbstractSocket::SocketAccessError:
            error = tr("Listening on %1 is not allowed (ports below 1024 need privileges): choose a port from 1024 "
                       "on.")
                        .arg(where);
            break;
        default:
            error = tr("Cannot listen on %1: %2.").arg(where, why);
        }
        return false;
    }
    service->setResetHandler([this]() -> Simulation* {
        // POST /_workbench/reset: the open scenario as serving found it, at t = 0, still serving.
        if (m_run->isBusy())
            return nullptr; // load() would wait, and the simulation served now would go later
        m_resetting = true;
        m_run->load(m_startScenario);
        m_resetting = false;
        m_run->play();
        return &m_run->simulation();
    });
    connect(server.get(), &ServeServer::trafficChanged, this, [this] {
        m_run->refreshViews();
        Q_EMIT trafficChanged();
    });
    connect(server.get(), &ServeServer::problem, this, &ServeSession::problem);
    m_service = std::move(service);
    m_server = std::move(server);
    ServeServer* s = m_server.get();
    m_run->setExternalClock([s]() { return s->pump(); });
    Q_EMIT servingChanged(true);
    Q_EMIT trafficChanged();
    return true;
}

void ServeSession::stop(int graceMs)
{
    if (!isServing() || m_stopping)
        return;
    m_stopping = true;
    m_server->stop(graceMs, [this]() {
        // Called from inside the server: it goes once the event loop is back.
        QMetaObject::invokeMethod(
            this, [this] { tearDown(); }, Qt::QueuedConnection);
    });
}

void ServeSession::abort()
{
    tearDown();
}

void ServeSession::tearDown()
{
    if (!m_server && !m_service)
        return;
    m_stopping = false;
    m_server.reset(); // closes what is open
    m_service.reset(); // lets go of the simulation's decision observer
    m_run->setExternalClock({});
    Q_EMIT servingChanged(false);
    Q_EMIT trafficChanged();
}

QString ServeSession::url() const
{
    return m_server ? m_server->url() : QString();
}

quint16 ServeSession::port() const
{
    return m_server ? m_server->port() : 0;
}

qint64 ServeSession::requestCount() const
{
    return m_service ? m_service->requestCount() : 0;
}

QString ServeSession::statusText() const
{
    if (!isServing())
        return {};
    const qint64 n = requestCount();
    const QString requests = resolvePlural(tr("%Ln request(s)", nullptr, numerus(n)), numerus(n));
    return (m_stopping ? tr("stopping %1 · %2") : tr("serving %1 · %2")).arg(url(), requests);
}

Millis ServeSession::jumpAhead(Millis ms)
{
    if (!m_server)
        return m_run->now();
    const Millis now = m_server->advanceClock(ms);
    return now;
}

std::string ServeSession::recording() const
{
    return m_service ? m_service->recording() : std::string();
}

QString ServeSession::saveRecording(const QString& path) const
{
    const std::string text = recording();
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(text.data(), static_cast<qint64>(text.size())) < 0
        || !file.commit())
        return tr("Cannot write %1: %2").arg(path, file.errorString());
    return {};
}

QString shellQuote(const QString& text)
{
    QString out = QStringLiteral("'");
    for (const QChar c : text) {
        if (c == QLatin1Char('\''))
            out += QStringLiteral("'\\''");
        else
            out += c;
    }
    return out + QLatin1Char('\'');
}

namespace {

bool sfStringable(const std::string& key)
{
    for (const unsigned char c : key) {
        if (c < 0x20 || c >= 0x7f)
            return false;
    }
    return true;
}

} // namespace

QString curlCommand(const RequestSpec& spec, const std::string& clientId, const std::string& actor,
    const QString& baseUrl, const std::string& autoKey, KeySyntax keySyntax)
{
    std::string method = "POST";
    std::string path;
    const std::string& op = spec.operation;
    const std::size_t space = op.find(' ');
    if (space != std::string::npos && space > 0 && space + 1 < op.size() && op[space + 1] == '/'
        && op.find(' ', space + 1) == std::string::npos) {
        method = op.substr(0, space);
        path = op.substr(space + 1);
    } else {
        path = "/" + op;
    }
    QString base = baseUrl;
    while (base.endsWith(QLatin1Char('/')))
        base.chop(1);
    QStringList parts;
    parts << QStringLiteral("curl") << QStringLiteral("-i") << QStringLiteral("-X") << shellQuote(fromStd(method))
          << shellQuote(base + QString::fromUtf8(QUrl::toPercentEncoding(fromStd(path), "/-._~!$&'()*+,;=:@"))
                 + (spec.query.empty() ? QString() : QLatin1Char('?') + fromStd(spec.query)));
    std::optional<std::string> key;
    if (spec.keyKind == RequestSpec::KeyKind::Literal)
        key = spec.key;
    else if (spec.keyKind == RequestSpec::KeyKind::Auto && !autoKey.empty())
        key = autoKey;
    if (key) {
        std::string value;
        if (keySyntax == KeySyntax::Raw) {
            value = *key; // the header's text is the key
        } else if (sfStringable(*key)) {
            value = "\"";
            for (const char c : *key) {
                if (c == '"' || c == '\\')
                    value += '\\';
                value += c;
            }
            value += '"';
        } else {
            value = *key; // not ASCII: sent as written (the server reads it as a bare token or invalid_key)
        }
        parts << QStringLiteral("-H") << shellQuote(QStringLiteral("Idempotency-Key: ") + fromStd(value));
    }
    if (!actor.empty() && actor != "anonymous")
        parts << QStringLiteral("-H") << shellQuote(QStringLiteral("X-Actor: ") + fromStd(actor));
    if (!clientId.empty())
        parts << QStringLiteral("-H") << shellQuote(QStringLiteral("X-Client: ") + fromStd(clientId));
    if (spec.intent)
        parts << QStringLiteral("-H") << shellQuote(QStringLiteral("X-Intent: ") + fromStd(*spec.intent));
    parts << QStringLiteral("-H") << shellQuote(QStringLiteral("Content-Type: application/json"))
          << QStringLiteral("--data-binary") << shellQuote(fromStd(canonicalJson(spec.payload)));
    return parts.join(QLatin1Char(' '));
}

} // namespace iw
