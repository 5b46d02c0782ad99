// The run controller (see runcontroller.h).
#include "runcontroller.h"

#include "stdtext.h"
#include "storeengine.h"

#include "icons.h"

#include <QAction>
#include <QApplication>
#include <QEvent>
#include <QLocale>
#include <QStyle>
#include <QTimer>
#include <QTranslator>

#include <algorithm>
#include <cmath>
#include <limits>

namespace iw {

namespace {
constexpr int s_tickMs = 16; // about one frame
constexpr int s_flushMs = 50; // views update at most 20 times a second while playing
constexpr double s_idleWallMs = 1500; // auto-skip: an idle stretch longer than this (wall time at the speed)…
constexpr double s_leadInWallMs = 400; // …is jumped to this long before its end, so the next event is seen coming
constexpr std::size_t s_maxStatementsPerRequest = 200; // a retry storm on one request must not grow without end
} // namespace

// A simulation or store call is on the stack while one of these lives; the last one out runs what was deferred.
struct RunController::Working {
    explicit Working(RunController* run)
        : m_run(run)
    {
        ++m_run->m_working;
    }
    ~Working()
    {
        if (--m_run->m_working > 0)
            return;
        if (!m_run->m_deferred.empty())
            QTimer::singleShot(0, m_run, &RunController::runDeferred);
        // A store call that returned inside this work said "not waiting" while the run was still busy: the Store
        // menu and the rest hear that it is idle now (else they stayed disabled until a restart).
        if (m_run->m_busyAnnounced)
            m_run->announceBusy();
    }
    Working(const Working&) = delete;
    Working& operator=(const Working&) = delete;
    RunController* m_run;
};

Scenario blankScenario()
{
    // The blank scenario's texts are the window's words, not a file's: it carries them in the GUI's other languages
    // as a preset carries its `translations`, read from this room's own translation files, so the window's title and
    // the scenario panel say them in the language in use and follow a switch (they stayed English: issue 42).
    static constexpr const char* kContext = "iw::RunController";
    static constexpr const char* kTitle = QT_TRANSLATE_NOOP("iw::RunController", "Untitled");
    static constexpr const char* kDescription = QT_TRANSLATE_NOOP(
        "iw::RunController", "No scenario loaded: edit the policies and fire requests by hand, or pick a preset.");
    Scenario s;
    s.name = "untitled";
    s.title = kTitle;
    s.description = kDescription;
    for (const std::string_view code : TranslationLanguages) {
        QTranslator words;
        if (!words.load(
                QStringLiteral(":/i18n/workbench_%1.qm").arg(QLatin1String(code.data(), qsizetype(code.size())))))
            continue;
        ScenarioTexts texts;
        texts.title = words.translate(kContext, kTitle).toStdString();
        texts.description = words.translate(kContext, kDescription).toStdString();
        if (!texts.title.empty() || !texts.description.empty())
            s.translations.emplace(std::string(code), std::move(texts));
    }
    s.seed = 1;
    s.service = ServicePolicy::forProfile(Profile::Ietf);
    ClientSpec client;
    client.id = "client-1";
    client.actor = "42";
    client.timeoutMs = 1000;
    s.clients.push_back(client);
    return s;
}

const std::vector<double>& RunController::speeds()
{
    // Slow motion below 1×: the classic races are over in a few virtual milliseconds.
    static const std::vector<double> s_speeds = { 0.01, 0.1, 1, 10, 100, 1000, 10000 };
    return s_speeds;
}

RunController::RunController(QObject* parent)
    : QObject(parent)
    , m_store(makeMemoryStore())
{
    m_timer.setInterval(s_tickMs);
    connect(&m_timer, &QTimer::timeout, this, &RunController::tick);

    QStyle* style = QApplication::style();
    m_playAction = new QAction(style->standardIcon(QStyle::SP_MediaPlay), QString(), this);
    // F5 as in a debugger: Space belongs to the focused checkbox, button or table.
    m_playAction->setShortcut(QKeySequence(Qt::Key_F5));
    connect(m_playAction, &QAction::triggered, this, &RunController::play);

    m_pauseAction = new QAction(style->standardIcon(QStyle::SP_MediaPause), QString(), this);
    m_pauseAction->setShortcut(QKeySequence(Qt::Key_F5));
    connect(m_pauseAction, &QAction::triggered, this, &RunController::pause);

    m_stepAction = new QAction(style->standardIcon(QStyle::SP_MediaSkipForward), QString(), this);
    m_stepAction->setShortcut(QKeySequence(Qt::Key_F10));
    connect(m_stepAction, &QAction::triggered, this, &RunController::stepEvent);

    m_resetAction = new QAction(style->standardIcon(QStyle::SP_MediaSkipBackward), QString(), this);
    m_resetAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F5));
    connect(m_resetAction, &QAction::triggered, this, &RunController::reset);

    m_fasterAction = new QAction(style->standardIcon(QStyle::SP_MediaSeekForward), QString(), this);
    m_fasterAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_BracketRight));
    connect(m_fasterAction, &QAction::triggered, this, &RunController::faster);

    m_slowerAction = new QAction(style->standardIcon(QStyle::SP_MediaSeekBackward), QString(), this);
    m_slowerAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_BracketLeft));
    // Beside the speed box their seek icons say enough: a toolbar shows low-priority actions without their words,
    // which keeps the first row within 1280 pixels in every language (the menu and the tooltip keep the words).
    m_fasterAction->setPriority(QAction::LowPriority);
    m_slowerAction->setPriority(QAction::LowPriority);
    connect(m_slowerAction, &QAction::triggered, this, &RunController::slower);

    m_skipAction = new QAction(glyphIcon(QStringLiteral("⇥"), QColor(0x2E, 0x6B, 0x3A)), QString(), this);
    // Ctrl+F10 as a debugger's "run to cursor"; F11 is the presenter mode's full screen.
    m_skipAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_F10));
    connect(m_skipAction, &QAction::triggered, this, &RunController::skipToNextEvent);

    m_autoSkipAction = new QAction(this);
    m_autoSkipAction->setCheckable(true);
    m_autoSkipAction->setChecked(true);

    rebuild(blankScenario());
    retranslate(); // updates the actions too
}

bool RunController::event(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    return QObject::event(event);
}

void RunController::retranslate()
{
    m_playAction->setText(tr("&Play"));
    m_pauseAction->setText(tr("P&ause"));
    m_pauseAction->setToolTip(tr("Pause: stop virtual time; nothing is lost (F5)"));
    m_stepAction->setText(tr("&Step"));
    m_stepAction->setToolTip(tr("Step: pause and run exactly the next event (F10)"));
    m_resetAction->setText(tr("&Reset"));
    m_resetAction->setToolTip(
        tr("Reset: rewind to t = 0 with the current policies; requests you fired are replayed (Ctrl+Shift+F5)"));
    m_fasterAction->setText(tr("&Faster"));
    m_fasterAction->setToolTip(tr("Faster: ten times more virtual time per second (Ctrl+])"));
    m_slowerAction->setText(tr("S&lower"));
    m_slowerAction->setToolTip(tr("Slower: ten times less virtual time per second (Ctrl+[)"));
    m_skipAction->setText(tr("S&kip to Next Event"));
    m_skipAction->setToolTip(tr("Skip idle time: jump the clock to the next event and run it, playing or paused "
                                "(Ctrl+F10)"));
    m_autoSkipAction->setText(tr("Skip &Idle Time Automatically"));
    m_autoSkipAction->setToolTip(tr("While playing, jump over stretches where nothing happens for more than 1.5 s of "
                                    "wall time at the chosen speed (a 24-hour wait plays in moments)"));
    updateActions(); // Play's tooltip depends on the run
}

RunController::~RunController()
{
    // The simulation refers to the store: it must go first.
    m_simulation.reset();
}

bool RunController::isBusy() const
{
    return m_working > 0 || waitingForStore();
}

void RunController::whenIdle(std::function<void()> action)
{
    if (!isBusy()) {
        action();
        return;
    }
    m_deferred.push_back(std::move(action));
}

bool RunController::deferIfBusy(void (RunController::*slot)())
{
    if (!isBusy())
        return false;
    m_deferred.push_back([this, slot] { (this->*slot)(); });
    return true;
}

void RunController::runDeferred()
{
    while (!m_deferred.empty() && !isBusy()) {
        auto action = std::move(m_deferred.front());
        m_deferred.erase(m_deferred.begin());
        action();
    }
}

void RunController::announceBusy()
{
    const bool busy = isBusy();
    if (busy == m_busyAnnounced)
        return;
    m_busyAnnounced = busy;
    Q_EMIT busyChanged(busy);
}

void RunController::onStoreWaiting(bool waiting)
{
    updateActions();
    if (waiting && !m_busyAnnounced) {
        m_busyAnnounced = true;
        Q_EMIT busyChanged(true);
    } else {
        announceBusy();
    }
    // Posted: the call that stopped waiting is still on the stack.
    if (!waiting && !m_deferred.empty())
        QTimer::singleShot(0, this, &RunController::runDeferred);
}

void RunController::failed(const StoreError& error)
{
    const bool wasPlaying = m_timer.isActive();
    m_timer.stop();
    m_pauseAt.reset();
    m_clock = std::max(m_clock, m_simulation->now());
    flush();
    updateActions();
    if (wasPlaying)
        Q_EMIT playingChanged(false);
    Q_EMIT clockChanged(m_clock);
    Q_EMIT storeFailed(tr("The run stopped: %1.").arg(fromStd(error.what())));
}

bool RunController::setStore(std::unique_ptr<IdempotencyStore> store)
{
    if (isBusy()) {
        auto holder = std::make_shared<std::unique_ptr<IdempotencyStore>>(std::move(store));
        m_deferred.push_back([this, holder] { setStore(std::move(*holder)); });
        return false;
    }
    Working working(this);
    pause();
    Q_EMIT aboutToReset();
    const QString failure = rebuild(m_simulation->scenario(), std::move(store));
    Q_EMIT resetDone();
    Q_EMIT storeChanged();
    Q_EMIT clockChanged(m_clock);
    updateActions();
    if (!failure.isEmpty())
        Q_EMIT storeFailed(failure);
    return failure.isEmpty();
}

void RunController::load(Scenario scenario)
{
    if (isBusy()) {
        auto holder = std::make_shared<Scenario>(std::move(scenario));
        m_deferred.push_back([this, holder] { load(std::move(*holder)); });
        return;
    }
    Working working(this);
    pause();
    Q_EMIT aboutToReset();
    const bool hadStore = m_threaded != nullptr;
    const QString failure = rebuild(std::move(scenario));
    Q_EMIT resetDone();
    Q_EMIT scenarioLoaded();
    if (hadStore && !m_threaded)
        Q_EMIT storeChanged();
    Q_EMIT clockChanged(m_clock);
    updateActions();
    if (!failure.isEmpty())
        Q_EMIT storeFailed(failure);
}

const Scenario& RunController::scenario() const
{
    return m_simulation->scenario();
}

QString RunController::rebuild(Scenario scenario, std::unique_ptr<IdempotencyStore> store)
{
    if (auto* threaded = dynamic_cast<ThreadedStore*>(store.get()))
        connect(threaded, &ThreadedStore::waitingChanged, this, &RunController::onStoreWaiting);
    // The new simulation is built before the old one goes, so that views painting while the store is waited for
    // (a nested event loop) still find a whole simulation.
    std::unique_ptr<Simulation> fresh;
    QString failure;
    // A store is of one engine (docs/manual/stores.md): a scenario of another runs on that engine's embedded model.
    const IdempotencyStore& target = store ? *store : *m_store;
    // The MySQL and DynamoDB models are shaped by their service (the key column's length, INSERT IGNORE; the put's
    // condition, the sweeper's lag, the reads' consistency): a scenario gets one of its own rather than the previous
    // scenario's. A real MySQL server's table fits only the scenario it was made for.
    const bool rollbackClaims = std::any_of(scenario.faults.begin(), scenario.faults.end(),
        [](const FaultSpec& f) { return f.kind == FaultKind::RollbackClaim; });
    const auto* threadedTarget = dynamic_cast<const ThreadedStore*>(&target);
    const bool shapedByPolicy = !store
        && ((target.engine() == StoreEngine::Mysql
                && !(threadedTarget && threadedTarget->fits(scenario.service, rollbackClaims)))
            || target.engine() == StoreEngine::Dynamodb);
    if (target.engine() != scenario.service.storeEngine || shapedByPolicy) {
        if (target.kind() == "mysql" && target.engine() == scenario.service.storeEngine)
            failure = tr("The MySQL server's table was made for the scenario it was switched to with (its claim "
                         "statement, isolation and key column); this scenario runs on the embedded mysql model. "
                         "Switch to MySQL again to run it on the server.");
        else if (target.kind() != "memory")
            failure
                = tr("This scenario runs on the %1 store engine, which the %2 store is not; the workbench runs it "
                     "on its embedded %1 model.")
                      .arg(fromStd(std::string(storeEngineName(scenario.service.storeEngine))), fromStd(target.kind()));
        store = makeModelStore(scenario.service);
    }
    try {
        fresh = std::make_unique<Simulation>(scenario, store ? *store : *m_store);
    } catch (const StoreError& e) {
        failure = tr("The %1 store failed (%2); the workbench went back to the memory store.")
                      .arg(fromStd(store ? store->kind() : m_store->kind()), fromStd(e.what()));
    }
    m_simulation.reset(); // it refers to the store, which may go now
    if (!fresh) {
        store = makeModelStore(scenario.service);
        fresh = std::make_unique<Simulation>(std::move(scenario), *store);
    }
    fresh->setRecordSteps(true); // the Sequence dock draws them
    if (store)
        m_store = std::move(store);
    m_threaded = dynamic_cast<ThreadedStore*>(m_store.get());
    if (m_threaded)
        m_threaded->takeStatements(); // the reset's, no request's
    m_simulation = std::move(fresh);
    m_simulation->setObserver([this](const LifecycleEvent& e) { observe(e); });
    resetBookkeeping();
    return failure;
}

void RunController::resetBookkeeping()
{
    m_clock = 0;
    m_target = 0;
    m_counters = {};
    if (m_simulation->hasRoute())
        m_counters.duplicateEffectsByHop.assign(static_cast<std::size_t>(m_simulation->scenario().hopCount()), 0);
    m_delta = {};
    m_requestDirty.clear();
    m_scopeDirty.clear();
    m_scopesSeen = 0;
    m_wasFinished = m_simulation->finished();
    m_statements.clear();
    m_stepRequest = -1;
}

void RunController::reset()
{
    if (deferIfBusy(&RunController::reset))
        return;
    Working working(this);
    pause();
    Q_EMIT aboutToReset();
    QString failure;
    try {
        m_simulation->reset(); // the store is emptied first: when that fails, nothing else has changed yet
        resetBookkeeping();
        if (m_threaded)
            m_threaded->takeStatements();
    } catch (const StoreError& e) {
        failure = tr("Rewinding could not empty the %1 store (%2); the workbench went back to the memory store.")
                      .arg(fromStd(m_store->kind()), fromStd(e.what()));
        rebuild(m_simulation->scenario(), makeModelStore(m_simulation->scenario().service));
    }
    Q_EMIT resetDone();
    if (!failure.isEmpty())
        Q_EMIT storeChanged();
    Q_EMIT clockChanged(m_clock);
    updateActions();
    if (!failure.isEmpty())
        Q_EMIT storeFailed(failure);
}

bool RunController::stepSimulation()
{
    if (!m_threaded)
        return m_simulation->step();
    m_threaded->takeStatements(); // what the views read meanwhile belongs to no request
    m_stepRequest = -1;
    const auto attribute = [this] {
        std::vector<StatementRun> ran = m_threaded->takeStatements();
        if (m_stepRequest < 0 || ran.empty())
            return;
        const auto index = static_cast<std::size_t>(m_stepRequest);
        if (m_statements.size() <= index)
            m_statements.resize(index + 1);
        auto& mine = m_statements[index];
        for (StatementRun& run : ran) {
            if (mine.size() < s_maxStatementsPerRequest)
                mine.push_back(std::move(run));
        }
    };
    try {
        const bool stepped = m_simulation->step();
        attribute();
        return stepped;
    } catch (...) {
        attribute();
        throw;
    }
}

const std::vector<StatementRun>& RunController::statementsOf(int request) const
{
    static const std::vector<StatementRun> s_none;
    if (request < 0 || static_cast<std::size_t>(request) >= m_statements.size())
        return s_none;
    return m_statements[static_cast<std::size_t>(request)];
}

template<class F> bool RunController::viewRead(F&& read)
{
    // Between two store calls the store may be read; during one (a view painting in the nested loop) it may not.
    if (waitingForStore())
        return false;
    try {
        read();
        return true;
    } catch (const StoreError&) {
        // The connection state in the status bar says what is wrong; the view keeps what it showed.
        return false;
    }
}

bool RunController::readForView(const Scope& lane, std::optional<Record>& out, int hop)
{
    // The store keeps the record under what key_scope covers (docs/reference/decisions.md#profiles): another user's
    // lane may show the same one.
    const Scope scope = m_simulation->storeScopeOf(lane, hop);
    // A route's later hops keep memory stores of their own (docs/reference/routes.md), read directly.
    if (hop > 0) {
        out = m_simulation->hopStore(hop).read(scope);
        return true;
    }
    return viewRead([&] { out = m_store->read(scope); });
}

bool RunController::readTombstoneForView(const Scope& lane, Millis now, std::optional<Tombstone>& out, int hop)
{
    const Scope scope = m_simulation->storeScopeOf(lane, hop);
    if (hop > 0) {
        out = m_simulation->hopStore(hop).readTombstone(scope, now);
        return true;
    }
    return viewRead([&] { out = m_store->readTombstone(scope, now); });
}

bool RunController::recordsForView(std::vector<Record>& out)
{
    return viewRead([&] { out = m_store->records(); });
}

int RunController::scopeIndex(const Scope& scope) const
{
    return m_simulation->scopes().find(scope);
}

void RunController::observe(const LifecycleEvent& e)
{
    ++m_delta.events;
    if (m_collectStep && m_stepEvents.size() < 64)
        m_stepEvents.push_back(e);
    if (m_stepRequest < 0)
        m_stepRequest = e.request;
    if (e.request >= 0) {
        const auto index = static_cast<std::size_t>(e.request);
        if (m_requestDirty.size() <= index)
            m_requestDirty.resize(std::max(index + 1, m_requestDirty.size() * 2), 0);
        if (!m_requestDirty[index]) {
            m_requestDirty[index] = 1;
            m_delta.requests.push_back(e.request);
        }
    }
    switch (e.kind) {
    case EventKind::RequestSent:
        ++m_counters.sent;
        break;
    case EventKind::Effect:
        ++m_counters.effects;
        if (const EffectInfo& effect = m_simulation->effects()[static_cast<std::size_t>(e.effect)]; effect.duplicate) {
            ++m_counters.duplicateEffects;
            if (static_cast<std::size_t>(effect.hop) < m_counters.duplicateEffectsByHop.size())
                ++m_counters.duplicateEffectsByHop[static_cast<std::size_t>(effect.hop)];
        } else if (effect.hop == 0 && m_simulation->suspectedDuplicate(e.effect)) {
            // Its suspected intent holds two intents by the time its effect runs: counted once, here.
            ++m_counters.suspectedDuplicateEffects;
        }
        break;
    case EventKind::Decided: {
        ++m_counters.requests;
        const auto& decision = m_simulation->requests()[static_cast<std::size_t>(e.request)].decision;
        if (decision == Decision::Replayed)
            ++m_counters.replays;
        else if (decision == Decision::ConflictInProgress || decision == Decision::ExpiredRejected)
            ++m_counters.conflicts;
        else if (decision == Decision::PayloadMismatch)
            ++m_counters.mismatches;
        break;
    }
    case EventKind::RecordClaimed:
    case EventKind::RecordCompleted:
    case EventKind::RecordDeleted:
    case EventKind::RecordTakenOver:
    case EventKind::RecordSwept:
    case EventKind::RecoveredCompleted:
    case EventKind::RecoveredReleased:
    case EventKind::ClaimExpired:
    case EventKind::WritesLost:
        m_delta.records = true;
        if (e.scope >= 0) {
            const auto scope = static_cast<std::size_t>(e.scope);
            if (m_scopeDirty.size() <= scope)
                m_scopeDirty.resize(std::max(scope + 1, m_scopeDirty.size() * 2), 0);
            if (!m_scopeDirty[scope]) {
                m_scopeDirty[scope] = 1;
                m_delta.recordScopes.push_back(e.scope);
            }
        }
        break;
    default:
        break;
    }
    if (e.scope >= 0 && static_cast<std::size_t>(e.scope) >= m_scopesSeen)
        m_delta.scopes = true;
}

void RunController::flush()
{
    m_counters.intents = static_cast<qint64>(m_simulation->intents().size());
    if (m_delta.events == 0)
        return;
    std::sort(m_delta.requests.begin(), m_delta.requests.end());
    Q_EMIT progressed();
    m_scopesSeen = m_simulation->scopes().size();
    for (const int r : m_delta.requests)
        m_requestDirty[static_cast<std::size_t>(r)] = 0;
    for (const int scope : m_delta.recordScopes)
        m_scopeDirty[static_cast<std::size_t>(scope)] = 0;
    m_delta = {};
    m_sinceFlush.restart();
}

void RunController::play()
{
    if (m_timer.isActive())
        return;
    m_target = static_cast<double>(m_clock);
    m_wall.start();
    m_sinceFlush.start();
    m_timer.start();
    updateActions();
    Q_EMIT playingChanged(true);
}

void RunController::pause()
{
    m_pauseAt.reset();
    if (!m_timer.isActive())
        return;
    m_timer.stop();
    // Mid-step (a click while the store is waited for) the tick on the stack flushes when it returns.
    if (!waitingForStore())
        flush();
    updateActions();
    Q_EMIT playingChanged(false);
    // Views throttle clock updates while playing; a pause shows the exact instant.
    Q_EMIT clockChanged(m_clock);
}

bool RunController::autoSkip() const
{
    return m_autoSkipAction->isChecked();
}

void RunController::setAutoSkip(bool on)
{
    m_autoSkipAction->setChecked(on);
}

void RunController::tick()
{
    // A tick while a store call is waited for would re-enter the simulation under itself.
    if (isBusy())
        return;
    Working working(this);
    const qint64 wallMs = m_wall.restart();
    m_target += static_cast<double>(wallMs) * m_speed;
    if (m_driver) {
        // Serving: the service's clock, which the driver has just run the simulation to.
        try {
            m_target = static_cast<double>(std::max(m_driver(), m_clock));
        } catch (const StoreError& e) {
            failed(e);
            return;
        }
    } else if (autoSkip()) {
        // Nothing happens for a long while at this speed: jump to shortly before the next event (or the instant
        // playUntil stops at, when that comes first).
        auto next = m_simulation->nextEventTime();
        if (m_pauseAt && (!next || *m_pauseAt < *next))
            next = m_pauseAt;
        if (next && (static_cast<double>(*next) - m_target) / m_speed > s_idleWallMs) {
            const double to = static_cast<double>(*next) - s_leadInWallMs * m_speed;
            if (to > m_target) {
                const Millis from = m_clock;
                m_target = to;
                Q_EMIT skipped(from, static_cast<Millis>(to));
            }
        }
    }
    if (m_pauseAt)
        m_target = std::min(m_target, static_cast<double>(*m_pauseAt));
    const auto target = static_cast<Millis>(std::floor(m_target));

    QElapsedTimer work;
    work.start();
    bool caughtUp = true;
    int sinceCheck = 0;
    while (true) {
        const auto next = m_simulation->nextEventTime();
        if (!next || *next > target)
            break;
        // Checking the wall clock costs more than an event: look every few dozen events.
        if (++sinceCheck == 64) {
            sinceCheck = 0;
            if (work.elapsed() >= m_workBudgetMs) {
                caughtUp = false;
                break;
            }
        }
        try {
            stepSimulation();
        } catch (const StoreError& e) {
            failed(e);
            return;
        }
    }
    afterWork(caughtUp, target);
}

void RunController::afterWork(bool caughtUp, Millis target)
{
    const bool nowFinished = m_simulation->finished();
    if (caughtUp) {
        m_simulation->runUntil(target); // nothing due remains: just moves the simulation's clock
        m_clock = nowFinished && !m_wasFinished ? std::max(m_clock, m_simulation->now()) : std::max(m_clock, target);
    } else {
        // Behind the requested speed: show where the simulation really is and drop the debt, so virtual time
        // runs as fast as the machine allows instead of lurching forward later.
        m_clock = std::max(m_clock, m_simulation->now());
        m_target = static_cast<double>(m_clock);
    }
    const bool justFinished = nowFinished && !m_wasFinished;
    m_wasFinished = nowFinished;
    const bool reachedPause = m_pauseAt && caughtUp && m_clock >= *m_pauseAt;
    if (justFinished || reachedPause || !m_sinceFlush.isValid() || m_sinceFlush.elapsed() >= s_flushMs || !isPlaying())
        flush();
    Q_EMIT clockChanged(m_clock);
    if (reachedPause) {
        const Millis at = *m_pauseAt;
        pause();
        if (justFinished)
            Q_EMIT finished();
        Q_EMIT reached(at);
        return;
    }
    if (justFinished && !m_driver) {
        // A run that ends stops on its last event, where the report evaluates the records. (Serving, the next real
        // request may come any moment: the clock runs on.) Playing until an instant past the end, the clock runs
        // on to it.
        if (!m_pauseAt)
            pause();
        Q_EMIT finished();
    }
}

void RunController::stepEvent()
{
    if (deferIfBusy(&RunController::stepEvent))
        return;
    Working working(this);
    pause();
    m_collectStep = true;
    m_stepEvents.clear();
    try {
        if (stepSimulation())
            m_clock = std::max(m_clock, m_simulation->now());
    } catch (const StoreError& e) {
        m_collectStep = false;
        failed(e);
        return;
    }
    m_collectStep = false;
    const bool justFinished = finishedJustNow();
    flush();
    describeStep();
    Q_EMIT clockChanged(m_clock);
    Q_EMIT stepped(m_stepText);
    if (justFinished)
        Q_EMIT finished();
    updateActions();
}

bool RunController::finishedJustNow()
{
    const bool nowFinished = m_simulation->finished();
    const bool justFinished = nowFinished && !m_wasFinished;
    m_wasFinished = nowFinished;
    return justFinished;
}

void RunController::skipToNextEvent()
{
    if (deferIfBusy(&RunController::skipToNextEvent))
        return;
    const auto next = m_simulation->nextEventTime();
    if (!next)
        return;
    Working working(this);
    m_pauseAt.reset();
    m_collectStep = true;
    m_stepEvents.clear();
    try {
        runDueUntil(*next);
    } catch (const StoreError& e) {
        m_collectStep = false;
        failed(e);
        return;
    }
    m_collectStep = false;
    m_clock = std::max(m_clock, *next);
    m_target = static_cast<double>(m_clock);
    const bool justFinished = finishedJustNow();
    flush();
    describeStep();
    Q_EMIT clockChanged(m_clock);
    Q_EMIT stepped(m_stepText);
    if (justFinished) {
        pause();
        Q_EMIT finished();
    }
    updateActions();
}

void RunController::runDueUntil(Millis t)
{
    while (true) {
        const auto due = m_simulation->nextEventTime();
        if (!due || *due > t)
            break;
        stepSimulation();
    }
}

void RunController::runTo(Millis t)
{
    if (isBusy()) {
        m_deferred.push_back([this, t] { runTo(t); });
        return;
    }
    if (m_driver)
        return; // serving: the service's clock rules
    pause();
    if (t < m_clock)
        reset(); // Previous: the same run from the start, stopped sooner
    Working working(this);
    try {
        runDueUntil(t);
    } catch (const StoreError& e) {
        failed(e);
        return;
    }
    m_simulation->runUntil(t); // nothing due remains: just moves the simulation's clock
    m_clock = std::max(m_clock, t);
    m_target = static_cast<double>(m_clock);
    const bool justFinished = finishedJustNow();
    flush();
    Q_EMIT clockChanged(m_clock);
    if (justFinished)
        Q_EMIT finished();
    updateActions();
    Q_EMIT reached(t);
}

void RunController::playUntil(Millis t)
{
    if (isBusy()) {
        m_deferred.push_back([this, t] { playUntil(t); });
        return;
    }
    if (m_driver)
        return;
    if (t <= m_clock) {
        runTo(t);
        return;
    }
    pause();
    m_pauseAt = t;
    play();
}

void RunController::describeStep()
{
    QStringList parts;
    for (const LifecycleEvent& e : m_stepEvents) {
        if (parts.size() == 4) {
            const int more = int(m_stepEvents.size()) - 4;
            parts << resolvePlural(tr("%n more event(s)", nullptr, more), more);
            break;
        }
        const auto kind = eventKindName(e.kind);
        QString what
            = QString::fromUtf8(kind.data(), qsizetype(kind.size())).replace(QLatin1Char('_'), QLatin1Char(' '));
        if (e.request >= 0)
            what = QStringLiteral("r%1 ").arg(e.request + 1) + what;
        if (e.kind == EventKind::Decided && e.request >= 0) {
            const RequestRow& row = m_simulation->requests()[static_cast<std::size_t>(e.request)];
            if (row.decision) {
                const auto name = decisionName(*row.decision);
                what += QStringLiteral(" (") + QString::fromUtf8(name.data(), qsizetype(name.size()))
                    + (row.status > 0 ? QStringLiteral(" %1").arg(row.status) : QString()) + QStringLiteral(")");
            }
        }
        parts << what;
    }
    m_stepText = parts.isEmpty()
        ? QString()
        : tr("At t = %1: %2").arg(formatClock(m_stepEvents.front().t), parts.join(QStringLiteral(" · ")));
    m_stepEvents.clear();
}

void RunController::runToEnd()
{
    if (deferIfBusy(&RunController::runToEnd))
        return;
    Working working(this);
    pause();
    try {
        if (m_threaded) {
            while (stepSimulation()) { }
        } else {
            m_simulation->runToEnd();
        }
    } catch (const StoreError& e) {
        failed(e);
        return;
    }
    m_clock = std::max(m_clock, m_simulation->now());
    const bool justFinished = !m_wasFinished;
    m_wasFinished = true;
    flush();
    Q_EMIT clockChanged(m_clock);
    if (justFinished)
        Q_EMIT finished();
    updateActions();
}

int RunController::fire(FireRequest request, Millis delayMs)
{
    if (isBusy()) {
        m_deferred.push_back([this, request, delayMs] { fire(request, delayMs); });
        return -1;
    }
    Working working(this);
    const bool resume = m_simulation->finished() && !isPlaying();
    request.spec.atMs = m_clock + std::max<Millis>(0, delayMs);
    const int entry = m_simulation->fire(request);
    m_wasFinished = m_simulation->finished();
    // Whatever is due now (the send of a request fired without delay) runs at once in every state, so the tables
    // and counters show it; the rest waits for the clock.
    try {
        runDueUntil(m_clock);
    } catch (const StoreError& e) {
        failed(e);
        return entry;
    }
    flush();
    m_wasFinished = m_simulation->finished();
    if (resume)
        play();
    updateActions();
    return entry;
}

void RunController::setSpeed(double speed)
{
    const auto& all = speeds();
    speed = std::clamp(speed, all.front(), all.back());
    if (speed == m_speed)
        return;
    m_speed = speed;
    updateActions();
    Q_EMIT speedChanged(m_speed);
}

void RunController::faster()
{
    for (const double s : speeds()) {
        if (s > m_speed) {
            setSpeed(s);
            return;
        }
    }
}

void RunController::slower()
{
    const auto& all = speeds();
    for (auto it = all.rbegin(); it != all.rend(); ++it) {
        if (*it < m_speed) {
            setSpeed(*it);
            return;
        }
    }
}

void RunController::setExternalClock(std::function<Millis()> driver)
{
    m_driver = std::move(driver);
    if (m_driver) {
        setSpeed(1);
        play();
    }
    updateActions();
}

void RunController::refreshViews()
{
    if (isBusy())
        return;
    flush();
}

void RunController::updateActions()
{
    const bool playing = isPlaying();
    const bool waiting = waitingForStore() || m_driver; // serving: the service's clock rules
    m_playAction->setEnabled(!playing);
    m_pauseAction->setEnabled(playing && !m_driver);
    // After the last event Play lets the clock run on (TTLs and leases count down); say so.
    m_playAction->setToolTip(m_simulation->finished() && !m_simulation->requests().empty()
            ? tr("Play on: no events are left; the clock runs on so TTLs and leases count down (F5)")
            : tr("Play: advance virtual time at the chosen speed (F5)"));
    m_skipAction->setEnabled(m_simulation->nextEventTime().has_value() && !waiting);
    m_stepAction->setEnabled(!m_simulation->finished() && !waiting);
    m_resetAction->setEnabled(!waiting);
    m_fasterAction->setEnabled(m_speed < speeds().back() && !m_driver);
    m_slowerAction->setEnabled(m_speed > speeds().front() && !m_driver);
    m_autoSkipAction->setEnabled(!m_driver);
}

QString speedLabel(double speed)
{
    if (speed < 1)
        return QCoreApplication::translate("iw::RunController", "1/%1×").arg(QLocale().toString(1.0 / speed, 'f', 0));
    return QCoreApplication::translate("iw::RunController", "%1×").arg(QLocale().toString(speed, 'f', 0));
}

QString formatClock(Millis ms)
{
    const Millis days = ms / 86'400'000;
    const QString hms = QStringLiteral("%1:%2:%3.%4")
                            .arg((ms / 3'600'000) % 24, 2, 10, QLatin1Char('0'))
                            .arg((ms / 60'000) % 60, 2, 10, QLatin1Char('0'))
                            .arg((ms / 1000) % 60, 2, 10, QLatin1Char('0'))
                            .arg(ms % 1000, 3, 10, QLatin1Char('0'));
    return days > 0 ? QCoreApplication::translate("iw::formatClock", "%1 d %2").arg(QLocale().toString(days), hms)
                    : hms;
}

QString resolvePlural(QString text, int n)
{
    return text.replace(QLatin1String("(s)"), n == 1 ? QString() : QStringLiteral("s"));
}

int numerus(qint64 n)
{
    return int(std::clamp<qint64>(n, 0, std::numeric_limits<int>::max()));
}

} // namespace iw
