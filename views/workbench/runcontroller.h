// Plays a simulation in virtual time for the GUI: owns the Simulation and its store, the play / pause / step /
// speed / reset actions every menu and toolbar share, and the virtual clock the views read. A QTimer advances
// virtual time by speed × elapsed wall time; the work done per tick is capped so that a huge scenario never
// freezes the event loop (virtual time then simply falls behind the requested speed).
//
// The store may be a ThreadedStore (PostgreSQL), whose calls wait in a nested event loop: timer ticks, clicks and
// signals then arrive while a simulation call is still on the stack. Every entry point that would step, rewind or
// replace the simulation therefore runs only when isBusy() is false, and is otherwise deferred until the store call
// has returned; views read the store through the *ForView() methods, which never throw and say when they could not
// read.
#pragma once

#include "simulation.h"
#include "store.h"
#include "threadedstore.h"

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <functional>
#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

class QAction;

namespace iw {

// Running totals, kept up to date from the simulation's event stream (docs/manual/running.md counters).
struct LiveCounters {
    qint64 intents = 0;
    qint64 sent = 0; // attempts sent, decided or not
    qint64 requests = 0; // with a decision, as in summary().requests
    qint64 effects = 0;
    qint64 duplicateEffects = 0;
    qint64 replays = 0;
    qint64 conflicts = 0; // conflict_in_progress + expired_rejected: refused while a record blocks the scope
    qint64 mismatches = 0;
    // docs/reference/routes.md: duplicate effects per hop in route order (`service` first), summing to
    // duplicateEffects; empty without a route.
    std::vector<qint64> duplicateEffectsByHop;
    // docs/reference/serve.md, served requests: effects beyond the first of a suspected intent (other keys, or none, of
    // one actor, operation and payload), kept apart from the confirmed duplicateEffects.
    qint64 suspectedDuplicateEffects = 0;
};

// What changed since the previous progressed() signal, so that views update only that.
struct RunDelta {
    std::vector<int> requests; // requests whose row changed (sorted, unique), including new ones
    bool records = false; // a record was claimed, completed, deleted, taken over or swept
    std::vector<int> recordScopes; // the scopes (Simulation::scopes() indices) of those records, unique
    bool scopes = false; // a new scope (lane) appeared
    qsizetype events = 0; // how many lifecycle events ran
};

class RunController : public QObject {
    Q_OBJECT
public:
    explicit RunController(QObject* parent = nullptr);
    ~RunController() override;

    // Replaces the scenario and starts again at t = 0, paused.
    void load(Scenario scenario);
    // The scenario the simulation runs, requests fired from the GUI included.
    const Scenario& scenario() const;
    Simulation& simulation() { return *m_simulation; }
    const Simulation& simulation() const { return *m_simulation; }
    IdempotencyStore& store() { return *m_store; }
    // The store when it runs on a worker thread (PostgreSQL), else null (the memory store).
    ThreadedStore* threadedStore() const { return m_threaded; }

    // Replaces the store and rebuilds the current scenario on it, paused at t = 0 (deferred while busy). When the
    // new store fails while the scenario is rebuilt on it, the run falls back to the memory store and storeFailed()
    // says why; false then.
    bool setStore(std::unique_ptr<IdempotencyStore> store);
    // A call into the simulation or the store is on the stack (the GUI thread may be waiting for the database in a
    // nested event loop): stepping, rewinding or replacing the simulation must wait.
    bool isBusy() const;
    // A call of the run waits for the database (the window is in a nested event loop meanwhile).
    bool waitingForStore() const { return m_threaded && m_threaded->inCall(); }
    // Runs `action` now when not busy, else once the call in flight has returned (in the order asked).
    void whenIdle(std::function<void()> action);

    // Store reads for the views: false (and `out` untouched) when the store cannot answer now, because a call is in
    // flight or the database failed (storeFailed() said why). Never throw.
    bool readForView(const Scope& scope, std::optional<Record>& out, int hop = 0);
    bool readTombstoneForView(const Scope& scope, Millis now, std::optional<Tombstone>& out, int hop = 0);
    bool recordsForView(std::vector<Record>& out);

    // The SQL statements the store ran while the simulation worked on this request, with their results (PostgreSQL
    // store; empty for the memory store).
    const std::vector<StatementRun>& statementsOf(int request) const;

    // The virtual clock the views show: the simulation's instant while events remain, and beyond the last event
    // while playing on (so TTLs keep counting down).
    Millis now() const { return m_clock; }
    double speed() const { return m_speed; }
    bool isPlaying() const { return m_timer.isActive(); }
    bool isFinished() const { return m_simulation->finished(); }
    const LiveCounters& counters() const { return m_counters; }
    // Valid during progressed().
    const RunDelta& delta() const { return m_delta; }
    // Index into simulation().scopes(), or -1 when the simulation has not seen it.
    int scopeIndex(const Scope& scope) const;

    // Adds a request at now() + delayMs to the running simulation; returns its entry index. In every state the
    // events due at now() run at once, so a request fired now is sent (and listed) at once; what follows needs the
    // clock. A run with nothing left to do starts playing; a run paused half-way stays paused.
    int fire(FireRequest request, Millis delayMs = 0);
    // Whether Play skips long idle stretches: when the next event is more than a second and a half of wall time
    // away at the current speed, the clock jumps to shortly before it (skipped() says so).
    bool autoSkip() const;
    void setAutoSkip(bool on);
    // While real clients are served beside the simulated ones (Run → Serve over HTTP), the clock is the service's:
    // each tick calls `driver`, which runs the simulation up to the service clock (answering its clients) and
    // returns that instant. The speed is 1× meanwhile, the run plays, and pause, step, skip, auto-skip, speed and
    // reset are off. An empty driver gives the clock back (still playing, at 1×).
    void setExternalClock(std::function<Millis()> driver);
    bool hasExternalClock() const { return static_cast<bool>(m_driver); }
    // Flushes what the simulation did outside a tick (a served request arrived) to the views now.
    void refreshViews();
    // The events the last Step or Skip ran, in words: "r2 sent · r2 arrived" (empty when nothing ran).
    QString lastStepText() const { return m_stepText; }

    // Work per timer tick (wall milliseconds); the rest of the tick belongs to painting and input.
    void setWorkBudgetMs(int ms) { m_workBudgetMs = ms; }
    static const std::vector<double>& speeds(); // 1/100× (slow motion) … 10 000×

    QAction* playAction() const { return m_playAction; }
    QAction* pauseAction() const { return m_pauseAction; }
    QAction* stepAction() const { return m_stepAction; }
    QAction* resetAction() const { return m_resetAction; }
    QAction* fasterAction() const { return m_fasterAction; }
    QAction* slowerAction() const { return m_slowerAction; }
    QAction* skipAction() const { return m_skipAction; }
    QAction* autoSkipAction() const { return m_autoSkipAction; }

public Q_SLOTS:
    void play();
    void pause();
    void stepEvent();
    // Jumps the clock over idle time to the next event and runs what is due then; keeps playing or paused.
    void skipToNextEvent();
    void reset();
    void setSpeed(double speed);
    void faster();
    void slower();
    // Runs every remaining event at once (tests, "run to end"); the event loop does not turn meanwhile.
    void runToEnd();
    // Puts the run at instant `t` at once, paused: the events due by then have run, the clock reads `t`. An earlier
    // instant than now() rewinds and runs again from t = 0 (the simulation is deterministic, so it is the same run
    // stopped sooner). Emits reached(t). Deferred while busy.
    void runTo(iw::Millis t);
    // Plays at the chosen speed (auto-skip included) and pauses at instant `t` (not before now()), emitting
    // reached(t); a run that ends sooner plays its clock on to `t`. Pause, Step, Reset or another runTo cancel it.
    void playUntil(iw::Millis t);

Q_SIGNALS:
    // The simulation object is about to be replaced or rewound: views must drop everything they hold from it.
    void aboutToReset();
    // A fresh simulation (or the same one rewound) is in place at t = 0.
    void resetDone();
    // load() put a new scenario in place (after resetDone()); a rewind does not emit this.
    void scenarioLoaded();
    // Events ran; delta() says what changed. Emitted at most every few tens of milliseconds while playing.
    void progressed();
    void clockChanged(iw::Millis now);
    void playingChanged(bool playing);
    void speedChanged(double speed);
    // The last event ran.
    void finished();
    // Step or Skip ran events (lastStepText() names them).
    void stepped(const QString& text);
    // runTo() or playUntil() put the run at `t`, paused.
    void reached(iw::Millis t);
    // Auto-skip jumped the clock over an idle stretch.
    void skipped(iw::Millis from, iw::Millis to);
    // setStore() put a store in place (after resetDone()).
    void storeChanged();
    // The store failed in a way the run cannot go on from: one sentence naming what failed.
    void storeFailed(const QString& sentence);
    // isBusy() changed: a store call outlasted the quick wait (true), or it returned and nothing else of the run is
    // on the stack any more (false). Every true is followed by a false once the run is idle again.
    void busyChanged(bool busy);

protected:
    // QEvent::LanguageChange (passed on by the window that owns this controller): the actions' texts again.
    bool event(QEvent* event) override;

private:
    void retranslate();
    void tick();
    void observe(const LifecycleEvent& event);
    void flush();
    // Whether the run finished since the last look (remembered in m_wasFinished): `finished` is emitted once.
    bool finishedJustNow();
    void afterWork(bool caughtUp, Millis target);
    // Builds the simulation of `scenario` on `store` (null: the current store). A store that fails meanwhile is
    // replaced by the memory store; the sentence saying so is returned (empty on success).
    QString rebuild(Scenario scenario, std::unique_ptr<IdempotencyStore> store = {});
    void onStoreWaiting(bool waiting);
    void resetBookkeeping();
    void updateActions();
    bool deferIfBusy(void (RunController::*slot)());
    void runDeferred();
    void failed(const StoreError& error);
    bool stepSimulation(); // one step, with its statements attributed to its request
    void runDueUntil(Millis t); // steps every event due at or before `t` (may throw StoreError)
    void afterJump(); // bookkeeping after runTo/skip moved the clock while paused: flush, signals, actions
    template<class F> bool viewRead(F&& read);

    struct Working; // RAII: a simulation or store call is on the stack
    int m_working = 0;
    bool m_busyAnnounced = false; // the last busyChanged said true
    void announceBusy(); // emits busyChanged when isBusy() differs from what was said last
    std::vector<std::function<void()>> m_deferred;
    ThreadedStore* m_threaded = nullptr; // m_store, when it is one
    int m_stepRequest = -1; // the first request an event of the current step named
    std::vector<std::vector<StatementRun>> m_statements; // by request

    std::unique_ptr<IdempotencyStore> m_store;
    std::unique_ptr<Simulation> m_simulation;
    Millis m_clock = 0;
    double m_target = 0; // fractional virtual target, so 1× at 16 ms ticks does not round away
    double m_speed = 10;
    QTimer m_timer;
    QElapsedTimer m_wall;
    QElapsedTimer m_sinceFlush;
    int m_workBudgetMs = 8;
    std::function<Millis()> m_driver;
    bool m_wasFinished = true;
    std::optional<Millis> m_pauseAt; // playUntil's instant

    LiveCounters m_counters;
    RunDelta m_delta;
    std::vector<char> m_requestDirty; // per request: already listed in m_delta.requests
    std::vector<char> m_scopeDirty; // per scope: already listed in m_delta.recordScopes
    std::size_t m_scopesSeen = 0; // scopes the views had been told of at the last progressed()

    QAction* m_playAction = nullptr;
    QAction* m_pauseAction = nullptr;
    QAction* m_stepAction = nullptr;
    QAction* m_resetAction = nullptr;
    QAction* m_fasterAction = nullptr;
    QAction* m_slowerAction = nullptr;
    QAction* m_skipAction = nullptr;
    QAction* m_autoSkipAction = nullptr;
    std::vector<LifecycleEvent> m_stepEvents; // collected while a Step or Skip runs
    bool m_collectStep = false;
    QString m_stepText;
    void describeStep();
};

// The scenario the workbench starts with: one client, the ietf profile, nothing fired yet.
Scenario blankScenario();

// "1/10×", "1×", "10 000×".
QString speedLabel(double speed);
// A clock reading: "00:00:12.345" (with days when needed).
QString formatClock(Millis ms);
// A count phrase from tr()'s numerus form, `tr("%Ln request(s)", nullptr, n)`, as shown. Each language's plural
// forms come from its translator (English's from the room's _en.qm, which language::use installs); where none is
// installed (the tests, a start before language::use) the English source's "(s)" is resolved here, so that
// "1 request" and "3 requests" still read right.
QString resolvePlural(QString text, int n);
// tr()'s numerus argument for a count that may exceed an int.
int numerus(qint64 n);

} // namespace iw
