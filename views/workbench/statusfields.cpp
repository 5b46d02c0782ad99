// The main window's status bar (see statusfields.h).
#include "statusfields.h"

#include "runcontroller.h"
#include "servesession.h"
#include "storeswitch.h"

#include <QFrame>
#include <QLabel>
#include <QStatusBar>

namespace iw {

namespace {

constexpr int s_connectionLabelWidth = 420; // longer sentences are elided; the tooltip has them whole

} // namespace

StatusFields::StatusFields(QStatusBar* bar, RunController* run, ServeSession* serve, StoreSwitch* store)
    : QObject(bar)
    , m_bar(bar)
    , m_run(run)
    , m_serve(serve)
    , m_store(store)
{
    m_state = new QLabel(bar);
    m_clock = new QLabel(bar);
    m_clock->setMinimumWidth(m_clock->fontMetrics().horizontalAdvance(QStringLiteral("t = 00 d 00:00:00.000")));
    m_speed = new QLabel(bar);
    m_storeLabel = new QLabel(bar);
    m_connection = new QLabel(bar);
    m_serveLabel = new QLabel(bar);
    m_serveLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    bool first = true;
    for (QLabel* label : { m_serveLabel, m_state, m_clock, m_speed, m_storeLabel, m_connection }) {
        if (!first) {
            auto* separator = new QFrame(bar);
            separator->setFrameShape(QFrame::VLine);
            separator->setFrameShadow(QFrame::Sunken);
            bar->addPermanentWidget(separator);
            if (label == m_state)
                m_serveSeparator = separator; // beside the serving field, shown with it
        }
        first = false;
        label->setContentsMargins(4, 0, 4, 0);
        bar->addPermanentWidget(label);
    }

    connect(m_run, &RunController::clockChanged, this, &StatusFields::update);
    connect(m_run, &RunController::playingChanged, this, &StatusFields::update);
    connect(m_run, &RunController::speedChanged, this, &StatusFields::update);
    connect(m_run, &RunController::playingChanged, this, [this](bool playing) {
        if (playing && m_run->isFinished())
            m_bar->clearMessage(); // "Finished at …" no longer describes a clock that runs on
    });
    connect(m_serve, &ServeSession::servingChanged, this, &StatusFields::update);
    connect(m_serve, &ServeSession::trafficChanged, this, &StatusFields::update);
    connect(m_store, &StoreSwitch::changed, this, &StatusFields::update);
}

void StatusFields::retranslate()
{
    m_state->setToolTip(tr("Whether virtual time is running"));
    m_clock->setToolTip(tr("The virtual clock: time since the scenario started"));
    m_speed->setToolTip(tr("Virtual time per wall-clock second"));
    m_storeLabel->setToolTip(tr("Where the idempotency records live"));
    m_connection->setToolTip(tr("The database connection, when the store is PostgreSQL"));
    m_serveLabel->setToolTip(tr("Real HTTP clients served beside the simulated ones (Run → Serve over HTTP)"));
    update();
}

void StatusFields::update()
{
    const bool playing = m_run->isPlaying();
    QString state;
    if (playing)
        state = m_run->isFinished() ? tr("▶ clock running on, no events left") : tr("▶ playing");
    else
        state = m_run->isFinished() ? (m_run->simulation().requests().empty() ? tr("■ idle") : tr("■ finished"))
                                    : tr("❚❚ paused");
    if (m_serve->isServing())
        state = tr("▶ serving at 1×");
    m_state->setText(state);
    const QString serving = m_serve->statusText();
    m_serveLabel->setText(serving);
    m_serveLabel->setVisible(!serving.isEmpty());
    if (m_serveSeparator)
        m_serveSeparator->setVisible(!serving.isEmpty());
    m_clock->setText(tr("t = %1").arg(formatClock(m_run->now())));
    m_speed->setText(speedLabel(m_run->speed()));
    m_storeLabel->setText(m_store->storeText());
    const QString connection = m_store->connectionText();
    m_connection->setToolTip(connection);
    m_connection->setText(m_connection->fontMetrics().elidedText(connection, Qt::ElideRight, s_connectionLabelWidth));
}

void StatusFields::showMessage(const QString& text, int timeoutMs)
{
    // The permanent fields keep their room; a longer sentence ends in "…" at a word, whole in the tooltip.
    int room = m_bar->width() - 24;
    for (QWidget* w : m_bar->findChildren<QWidget*>(QString(), Qt::FindDirectChildrenOnly)) {
        if (w->isVisible() && (qobject_cast<QLabel*>(w) || qobject_cast<QFrame*>(w)))
            room -= w->width();
    }
    const QFontMetrics fm(m_bar->font());
    QString shown = text;
    if (room > 80 && fm.horizontalAdvance(text) > room) {
        const QString ellipsis = QStringLiteral("…");
        while (!shown.isEmpty() && fm.horizontalAdvance(shown + ellipsis) > room) {
            const qsizetype space = shown.lastIndexOf(QLatin1Char(' '));
            shown.truncate(space > 0 ? space : shown.size() - 1);
        }
        shown += ellipsis;
    }
    m_bar->setToolTip(shown == text ? QString() : text);
    m_bar->showMessage(shown, timeoutMs);
    m_lastMessage = text;
}

void StatusFields::clearMessage()
{
    m_bar->clearMessage();
}

QString StatusFields::clockText() const
{
    return m_clock->text();
}

QString StatusFields::runStateText() const
{
    return m_state->text();
}

QString StatusFields::storeText() const
{
    return m_storeLabel->text();
}

QString StatusFields::connectionText() const
{
    return m_connection->toolTip();
}

QString StatusFields::serveText() const
{
    return m_serve->statusText();
}

} // namespace iw
