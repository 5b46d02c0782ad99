#include "explore.h"

#include "json.h"
#include "nametable.h"
#include "runbudget.h"
#include "service.h"
#include "statehash.h"
#include "storeengine.h"

#include <absl/container/flat_hash_map.h>
#include <absl/container/flat_hash_set.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <stdexcept>
#include <thread>

namespace iw {

constexpr auto s_exploreVerdictNames = nameTable<ExploreVerdict>({
    { ExploreVerdict::Holds, "holds" },
    { ExploreVerdict::Violated, "violated" },
    { ExploreVerdict::Inconclusive, "inconclusive" },
});

std::string_view exploreVerdictName(ExploreVerdict v)
{
    return nameOf(s_exploreVerdictNames, v);
}

namespace {

using Clock = std::chrono::steady_clock;

// How many simulation steps a worker runs between two looks at the bounds: a look costs a clock read, and a
// thousand steps take well under a millisecond.
constexpr std::uint64_t kCheckEvery = 1024;
// The least change in what a runner holds that it tells the search about at once.
constexpr std::int64_t kPublishStep = 256 << 10;

// What one attempt may draw: every latency pair, then every fault (late_retry once per delay) with every latency
// pair. Option 0 is the scenario's own values and no fault, so the first run of a search is the plain run.
class ChoiceSpace {
public:
    explicit ChoiceSpace(const Scenario& s)
        : m_network(s.explore && !s.explore->networkMs.empty() ? s.explore->networkMs
                                                               : std::vector<Millis> { s.service.networkMs })
        , m_handler(s.explore && !s.explore->handlerMs.empty() ? s.explore->handlerMs
                                                               : std::vector<Millis> { s.service.handlerMs })
        , m_defaultNetwork(s.service.networkMs)
        , m_defaultHandler(s.service.handlerMs)
    {
        if (s.explore) {
            for (const FaultKind k : s.explore->faults) {
                if (k == FaultKind::LateRetry) {
                    for (const Millis d : s.explore->lateRetryDelaysMs)
                        m_faults.push_back({ k, d });
                } else {
                    m_faults.push_back({ k, 0 });
                }
            }
        }
        // The scenario's own value first, so option 0 is the plain run.
        moveToFront(m_network, m_defaultNetwork);
        moveToFront(m_handler, m_defaultHandler);
    }

    int latencies() const { return static_cast<int>(m_network.size() * m_handler.size()); }
    int options(bool faultAllowed) const
    {
        return latencies() * (1 + (faultAllowed ? static_cast<int>(m_faults.size()) : 0));
    }
    bool hasFault(int option) const { return option >= latencies(); }

    // The faults option `option` pins on attempt `attempt` of entry `entry`: the fault first, then the latency pins.
    std::vector<FaultSpec> faultsFor(int entry, int attempt, int option) const
    {
        std::vector<FaultSpec> out;
        const int latency = option % latencies();
        const int fault = option / latencies() - 1;
        const auto pinned = [&](FaultKind kind) {
            FaultSpec f;
            f.kind = kind;
            f.request = entry;
            f.attempt = attempt;
            return f;
        };
        if (fault >= 0) {
            FaultSpec f = pinned(m_faults[static_cast<std::size_t>(fault)].first);
            // The simplest parameters (docs/reference/explore.md): handler_error fails with 500, reject_payload with
            // 400.
            f.status = f.kind == FaultKind::RejectPayload ? 400 : 500;
            f.delayMs = m_faults[static_cast<std::size_t>(fault)].second;
            out.push_back(f);
        }
        const Millis handler = m_handler[static_cast<std::size_t>(latency) % m_handler.size()];
        const Millis network = m_network[static_cast<std::size_t>(latency) / m_handler.size()];
        if (handler != m_defaultHandler) {
            FaultSpec f = pinned(FaultKind::SlowHandler);
            f.handlerMs = handler;
            out.push_back(f);
        }
        if (network != m_defaultNetwork) {
            FaultSpec f = pinned(FaultKind::SlowNetwork);
            f.networkMs = network;
            out.push_back(f);
        }
        return out;
    }

private:
    static void moveToFront(std::vector<Millis>& values, Millis first)
    {
        const auto it = std::find(values.begin(), values.end(), first);
        if (it != values.end())
            std::rotate(values.begin(), it, it + 1);
    }

    std::vector<Millis> m_network;
    std::vector<Millis> m_handler;
    std::vector<std::pair<FaultKind, Millis>> m_faults;
    Millis m_defaultNetwork;
    Millis m_defaultHandler;
};

// A level is searched in up to two passes. The first only asks whether the level holds: a state met again is searched
// again only when this path has spent fewer faults (more of the level's budget is left below it), and the pass ends
// at the first violation. Only a level that does not hold is searched again for its best counterexample, where a
// state met again by a cheaper path (fewer events, fewer requests in flight, earlier in the order) is searched again
// too. Those re-searches were as many as the distinct states (144,877 beside 186,783 in explore_speed's scenario), and
// in a level that holds none of them can find anything, as the state alone decides what follows.
enum class Pass { Judge, Best };

// How far a path is from the best: compared component by component for dominance, then by where the path lies in
// the search's order (work item, then depth-first preorder within it, which is the choices' lexicographic order).
struct Cost {
    std::uint32_t events = 0;
    std::uint32_t item = 0;
    std::uint32_t order = 0;
    std::uint16_t inFlight = 0;
    std::uint8_t faults = 0;

    bool before(const Cost& o) const { return item != o.item ? item < o.item : order <= o.order; }
    // This path reaches the state no worse than `o`, so what follows from it is no worse either.
    bool dominates(const Cost& o) const
    {
        if (faults > o.faults || events > o.events || inFlight > o.inFlight)
            return false;
        return faults < o.faults || events < o.events || inFlight < o.inFlight || before(o);
    }
    bool dominates(Pass pass, const Cost& o) const { return pass == Pass::Judge ? faults <= o.faults : dominates(o); }
    bool better(const Cost& o) const
    {
        if (faults != o.faults)
            return faults < o.faults;
        if (events != o.events)
            return events < o.events;
        if (inFlight != o.inFlight)
            return inFlight < o.inFlight;
        return item != o.item ? item < o.item : order < o.order;
    }
};
static_assert(sizeof(Cost) <= 16);

// The states reached, by fingerprint, each with the cheapest path seen to it: sharded so two threads rarely wait.
class Visited {
public:
    // Told how many bytes the table grew or shrank by (its slots, as the map reserves them).
    explicit Visited(std::function<void(std::int64_t)> account)
        : m_account(std::move(account))
    {
    }

    // False: a path no worse than this one reached the state already, so this one is pruned.
    bool visit(std::uint64_t hash, const Cost& cost, Pass pass)
    {
        Shard& shard = m_shards[hash >> 58];
        std::unique_lock lock(shard.mutex);
        const std::size_t capacity = shard.map.capacity();
        const auto [it, added] = shard.map.try_emplace(hash, cost);
        if (added) {
            shard.size.store(shard.size.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
            if (const std::size_t grown = shard.map.capacity(); grown != capacity) {
                lock.unlock();
                m_account(static_cast<std::int64_t>((grown - capacity) * kSlotBytes));
            }
            return true;
        }
        if (it->second.dominates(pass, cost))
            return false;
        if (cost.dominates(pass, it->second))
            it->second = cost;
        return true;
    }
    std::int64_t size() const
    {
        std::int64_t total = 0;
        for (const Shard& s : m_shards)
            total += s.size.load(std::memory_order_relaxed);
        return total;
    }
    std::size_t bytes()
    {
        std::size_t total = 0;
        for (Shard& s : m_shards) {
            std::lock_guard lock(s.mutex);
            total += s.map.capacity() * kSlotBytes;
        }
        return total;
    }
    void clear()
    {
        std::size_t freed = 0;
        for (Shard& s : m_shards) {
            std::lock_guard lock(s.mutex);
            freed += s.map.capacity() * kSlotBytes;
            s.map = {};
            s.size = 0;
        }
        m_account(-static_cast<std::int64_t>(freed));
    }

private:
    // A cache line each, and each its own count, written under its lock: two threads visiting different shards do
    // not write to one line (a shared count and neighbouring mutexes cost two threads 40% more work than one).
    struct alignas(64) Shard {
        std::mutex mutex;
        absl::flat_hash_map<std::uint64_t, Cost> map;
        std::atomic<std::int64_t> size { 0 };
    };
    // A flat hash map holds a slot and a control byte per bucket.
    static constexpr std::size_t kSlotBytes = sizeof(std::pair<std::uint64_t, Cost>) + 1;
    std::array<Shard, 64> m_shards;
    std::function<void(std::int64_t)> m_account;
};

struct Candidate {
    Cost cost;
    std::vector<int> choices;
};

struct Shared {
    const Scenario* scenario = nullptr;
    const ChoiceSpace* space = nullptr;
    ExploreProperty property = ExploreProperty::NoDuplicateEffects;
    Visited visited { [this](std::int64_t delta) { hold(delta); } };
    std::atomic<bool> stop { false }; // a bound ended the search
    Pass pass = Pass::Judge; // set between passes, while no worker runs
    std::atomic<bool> found { false }; // the judging pass met a violation: it ends, and the level is searched again
    std::string stopReason; // guarded by mutex
    std::mutex mutex;
    std::optional<Candidate> best; // guarded by mutex

    // The bounds. The workers check them inside a run too (every kCheckEvery events: a single run of a million
    // requests must still stop when asked), the watcher between runs.
    const std::atomic<bool>* cancel = nullptr;
    std::optional<Clock::time_point> deadline;
    std::int64_t memoryLimit = 0;
    // Everything the search holds, in bytes: the visited table, every runner's saved states, its simulation and store,
    // and the work items. Changed only when one of them grows or shrinks, which after the first runs is rare.
    std::atomic<std::int64_t> heldBytes { 0 };
    std::atomic<std::int64_t> peakBytes { 0 };

    bool halted() const { return stop || found; }
    void stopFor(const char* why)
    {
        std::lock_guard lock(mutex);
        if (stopReason.empty())
            stopReason = why;
        stop = true;
    }
    // Counts `delta` bytes more (or fewer) held; past the bound the search stops.
    void hold(std::int64_t delta)
    {
        if (delta == 0)
            return;
        const std::int64_t now = heldBytes.fetch_add(delta, std::memory_order_relaxed) + delta;
        if (delta < 0)
            return;
        std::int64_t peak = peakBytes.load(std::memory_order_relaxed);
        while (now > peak && !peakBytes.compare_exchange_weak(peak, now, std::memory_order_relaxed)) { }
        if (memoryLimit > 0 && now > memoryLimit && !stop)
            stopFor("memory");
    }
    // True when the search is to end: a bound was reached (cancel, time or memory) or a judging pass found what it
    // looked for.
    bool checkBounds()
    {
        if (stop)
            return true;
        if (cancel && cancel->load(std::memory_order_relaxed))
            stopFor("cancelled");
        else if (deadline && Clock::now() >= *deadline)
            stopFor("time");
        return halted();
    }
    void offer(Candidate c)
    {
        std::lock_guard lock(mutex);
        if (!best || c.cost.better(best->cost))
            best = std::move(c);
        if (pass == Pass::Judge)
            found = true;
    }
};

// One simulation, taken from decision point to decision point. A search saves the simulation (and the store) at a
// decision point once and puts it back for each further option there, so a state costs the events from the last
// decision point to it, not a run from the start.
class Runner {
public:
    Runner(Shared& shared)
        : m_shared(shared)
        , m_store(makeModelStore(shared.scenario->service, StoreThreads::OneThread))
        , m_sim(*shared.scenario, *m_store)
    {
        m_sim.setRecordEvents(false);
        m_sim.setObserver([this](const LifecycleEvent&) {
            ++m_events;
            m_inFlight = std::max(m_inFlight, m_sim.inFlightCount());
        });
        m_sim.setChooser([this](int entry, int attempt) { return choose(entry, attempt); });
        m_sim.setDecisionObserver([this](int request, const Outcome& outcome) { decided(request, outcome); });
        for (const RequestSpec& r : shared.scenario->requests)
            m_sharedChoice.push_back(r.copies > 1 || r.repeat > 1);
    }

    using Ask = std::pair<int, int>; // (entry, attempt)

    ~Runner() { m_shared.hold(-m_accounted); }

    // A fresh run from the start, with no choice made.
    void begin(int budget)
    {
        m_budget = budget;
        m_faultsUsed = 0;
        m_events = 0;
        m_inFlight = 0;
        m_chosen.clear();
        m_choiceIndex.clear();
        m_original.clear();
        m_replayBroken = false;
        m_interrupted = false;
        m_sim.reset();
        countRun();
        account();
    }

    // Runs to the next decision point: an attempt no choice covers yet is about to be sent. nullopt: the run ended,
    // or a bound stopped it halfway (interrupted()).
    std::optional<Ask> advance()
    {
        while (true) {
            if (const std::optional<Ask> ask = m_sim.nextAsk(); ask && !m_choiceIndex.contains(key(*ask)))
                return ask;
            // A run may be long (a million requests, a retry a hundred thousand times): the bounds are checked
            // inside it too, and what it has grown to is counted.
            if (++m_steps % kCheckEvery == 0) {
                account();
                if (m_shared.checkBounds()) {
                    m_interrupted = true;
                    return std::nullopt;
                }
            }
            if (!m_sim.step())
                return std::nullopt;
        }
    }
    // The last advance() stopped for a bound, not at the run's end: the run is no run to judge.
    bool interrupted() const { return m_interrupted; }

    // The option taken at a decision point.
    void pin(const Ask& ask, int option)
    {
        if (m_shared.space->hasFault(option))
            ++m_faultsUsed;
        m_choiceIndex.emplace(key(ask), m_chosen.size());
        std::uint64_t shared = m_chosen.empty() ? 0 : m_chosen.back().sharedChoices;
        if (m_sharedChoice[static_cast<std::size_t>(ask.first)])
            shared = StateHasher().add(shared).add(ask.first).add(ask.second).add(option).value();
        m_chosen.push_back({ ask.first, ask.second, option, shared });
    }
    int options() const { return m_shared.space->options(m_faultsUsed < m_budget); }
    std::vector<int> choices() const
    {
        std::vector<int> out;
        for (const Chosen& c : m_chosen)
            out.push_back(c.option);
        return out;
    }

    // The run as it stands at a decision point, kept per depth of the search and put back for each sibling option.
    // Each depth keeps its own copy of the whole run, so a deep search holds many: they are counted against the
    // memory bound as they grow.
    void save(std::size_t depth)
    {
        if (m_saved.size() <= depth)
            m_saved.resize(depth + 1);
        Saved& s = m_saved[depth];
        if (!s.sim)
            s.sim = m_sim.makeCheckpoint();
        m_sim.save(*s.sim);
        s.chosen = m_chosen.size();
        s.faultsUsed = m_faultsUsed;
        s.events = m_events;
        s.inFlight = m_inFlight;
        s.original = m_original;
        s.replayBroken = m_replayBroken;
        const std::size_t bytes = Simulation::checkpointBytes(*s.sim) + s.original.capacity() * 16;
        m_savedBytes += static_cast<std::int64_t>(bytes) - static_cast<std::int64_t>(s.bytes);
        s.bytes = bytes;
        account();
    }
    void restore(std::size_t depth)
    {
        const Saved& s = m_saved[depth];
        m_interrupted = false;
        m_sim.restore(*s.sim);
        while (m_chosen.size() > s.chosen) {
            m_choiceIndex.erase(key({ m_chosen.back().entry, m_chosen.back().attempt }));
            m_chosen.pop_back();
        }
        m_faultsUsed = s.faultsUsed;
        m_events = s.events;
        m_inFlight = s.inFlight;
        m_original = s.original;
        m_replayBroken = s.replayBroken;
        countRun(); // another run branches off here
    }

    // Runs begun or branched off by this runner, read by the watcher: each runner counts its own, as one count shared
    // by the threads would be a cache line both write at every run.
    std::int64_t runs() const { return m_runs.load(std::memory_order_relaxed); }

    bool violated()
    {
        switch (m_shared.property) {
        case ExploreProperty::NoDuplicateEffects:
            for (const IntentRow& intent : m_sim.intents()) {
                if (intent.effects > 1)
                    return true;
            }
            return false;
        case ExploreProperty::NoStuckInProgress: {
            bool stuck = false;
            const Millis end = m_sim.endTime();
            const ServicePolicy& policy = m_shared.scenario->service;
            m_store->visitRecords([&](const Record& r) {
                if (effectiveState(r, end, policy) == RecordState::InProgress)
                    stuck = true;
            });
            return stuck;
        }
        case ExploreProperty::ReplayMatchesOriginal:
            return m_replayBroken;
        }
        return false;
    }

    Cost cost(std::uint32_t item, std::uint32_t order) const
    {
        Cost c;
        c.faults = static_cast<std::uint8_t>(m_faultsUsed);
        c.events = static_cast<std::uint32_t>(std::min<std::int64_t>(m_events, UINT32_MAX));
        c.inFlight = static_cast<std::uint16_t>(std::min<std::size_t>(m_inFlight, UINT16_MAX));
        c.item = item;
        c.order = order;
        return c;
    }

    // The fingerprint of the decision point the run stands at (nullopt: the store cannot say).
    std::optional<std::uint64_t> stateHash(const Ask& ask) const
    {
        const std::optional<std::uint64_t> sim = m_sim.stateHash();
        if (!sim)
            return std::nullopt;
        StateHasher h;
        h.add(*sim).add(ask.first).add(ask.second);
        // Choices made for an entry whose other copies or repetitions may still send that attempt are part of what
        // follows; an entry sent once uses its choice when it is made. Each choice carries the hash of those up to it,
        // so a path 50,000 decision points deep is not walked again at every one of them.
        h.add(m_chosen.empty() ? std::uint64_t { 0 } : m_chosen.back().sharedChoices);
        if (m_shared.property == ExploreProperty::ReplayMatchesOriginal) {
            h.add(m_replayBroken);
            std::uint64_t originals = 0;
            for (const auto& [intent, body] : m_original)
                originals += StateHasher().add(intent).add(body).value();
            h.add(originals);
        }
        return h.value();
    }

private:
    void countRun() { m_runs.store(m_runs.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed); }

    // Tells the search what this runner holds now: its saved states, its simulation and store, its choices. A change
    // under kPublishStep is kept back (the run grows a little at every decision point, and one figure written by both
    // threads at every one would be a cache line they share); the search's figure lags by less than that per thread.
    void account()
    {
        const auto bytes
            = static_cast<std::int64_t>(m_sim.memoryBytes() + m_saved.capacity() * sizeof(Saved)
                  + m_chosen.capacity() * sizeof(Chosen) + m_choiceIndex.capacity() * 24 + m_original.capacity() * 16)
            + m_savedBytes;
        if (m_accounted != 0 && std::abs(bytes - m_accounted) < kPublishStep)
            return;
        m_shared.hold(bytes - m_accounted);
        m_accounted = bytes;
    }

    static std::uint64_t key(const Ask& ask)
    {
        return static_cast<std::uint64_t>(ask.first) << 32 | static_cast<std::uint32_t>(ask.second);
    }

    // advance() stops before every attempt no choice covers, so the simulation only asks about pinned ones.
    const std::vector<FaultSpec>* choose(int entry, int attempt)
    {
        const auto it = m_choiceIndex.find(key({ entry, attempt }));
        if (it == m_choiceIndex.end())
            throw std::logic_error("explore: the simulation asked about an attempt the search has not chosen for");
        return &optionFaults(m_chosen[it->second].option);
    }

    void decided(int request, const Outcome& outcome)
    {
        if (m_shared.property != ExploreProperty::ReplayMatchesOriginal || !outcome.responds || !outcome.status)
            return;
        const int intent = m_sim.requests()[static_cast<std::size_t>(request)].intent;
        const std::uint64_t answer = StateHasher().add(*outcome.status).add(outcome.body).value();
        if (outcome.decision == Decision::Replayed) {
            const auto it = m_original.find(intent);
            if (it != m_original.end() && it->second != answer)
                m_replayBroken = true;
        } else if (decisionRunsHandler(outcome.decision)) {
            m_original.try_emplace(intent, answer);
        }
    }

    struct Chosen {
        int entry;
        int attempt;
        int option;
        std::uint64_t sharedChoices; // the hash of this and the earlier choices of entries sent more than once
    };
    struct Saved {
        std::shared_ptr<Simulation::Checkpoint> sim;
        std::size_t bytes = 0; // what it held when last counted
        std::size_t chosen = 0;
        int faultsUsed = 0;
        std::int64_t events = 0;
        std::size_t inFlight = 0;
        absl::flat_hash_map<int, std::uint64_t> original;
        bool replayBroken = false;
    };

    // The chooser's faults need no target (the simulation applies them to the attempt that asked), so each option's
    // list is built once per search, not once per run.
    const std::vector<FaultSpec>& optionFaults(int option)
    {
        const auto index = static_cast<std::size_t>(option);
        if (m_optionFaults.size() <= index)
            m_optionFaults.resize(index + 1);
        std::optional<std::vector<FaultSpec>>& cached = m_optionFaults[index];
        if (!cached)
            cached = m_shared.space->faultsFor(0, 1, option);
        return *cached;
    }
    std::vector<std::optional<std::vector<FaultSpec>>> m_optionFaults;

    Shared& m_shared;
    std::unique_ptr<IdempotencyStore> m_store;
    Simulation m_sim;
    std::vector<bool> m_sharedChoice;
    int m_budget = 0;
    int m_faultsUsed = 0;
    std::int64_t m_events = 0;
    std::size_t m_inFlight = 0;
    std::vector<Chosen> m_chosen;
    absl::flat_hash_map<std::uint64_t, std::size_t> m_choiceIndex;
    absl::flat_hash_map<int, std::uint64_t> m_original; // intent → the first executed answer's fingerprint
    bool m_replayBroken = false;
    std::vector<Saved> m_saved; // by depth below the work item's root
    std::int64_t m_savedBytes = 0; // Σ m_saved[…].bytes
    std::int64_t m_accounted = 0; // what the search was last told this runner holds
    std::uint64_t m_steps = 0;
    bool m_interrupted = false;
    std::atomic<std::int64_t> m_runs { 0 };
};

// Where advance() stopped: at the end of a run, judged (and offered when it breaks the property), or at a decision
// point, numbered and looked up. True: a state no path as good has reached, to search from.
bool isNew(
    Runner& runner, Shared& shared, const std::optional<Runner::Ask>& at, std::uint32_t item, std::uint32_t& order)
{
    if (runner.interrupted())
        return false; // half a run: neither judged nor searched from
    if (!at) {
        if (runner.violated())
            shared.offer({ runner.cost(item, order), runner.choices() });
        return false;
    }
    ++order;
    const std::optional<std::uint64_t> hash = runner.stateHash(*at);
    // False: a path no worse got there first.
    return !hash || shared.visited.visit(*hash, runner.cost(item, order), shared.pass);
}

// Depth first from the decision point `ask` the runner stands at, each option from the state saved there. `order`
// numbers the decision points in the search's preorder (the choices' lexicographic order), which breaks ties
// between equally short counterexamples the same way on one thread or two. The path is a stack of its own, not a
// recursion: one request retried 50,000 times is 50,000 decision points deep, far beyond a thread's stack. A decision
// point with one option takes no frame (nothing to come back to), so the stack holds only the points with options
// left, each with its saved state.
void searchFrom(Runner& runner, Shared& shared, const Runner::Ask& root, std::uint32_t item, std::uint32_t& order)
{
    struct Frame {
        Runner::Ask ask;
        int count;
        int next; // the next option to try
    };
    std::vector<Frame> path;
    std::optional<Runner::Ask> at = root;
    while (!shared.halted()) {
        if (at) {
            // A new decision point: its first option at once, the others from its saved state later.
            const int count = runner.options();
            if (count > 1) {
                runner.save(path.size());
                path.push_back({ *at, count, 1 });
            }
            runner.pin(*at, 0);
        } else {
            // Back to the deepest decision point with options left.
            while (!path.empty() && path.back().next >= path.back().count)
                path.pop_back();
            if (path.empty())
                return;
            Frame& frame = path.back();
            runner.restore(path.size() - 1);
            runner.pin(frame.ask, frame.next++);
        }
        const std::optional<Runner::Ask> next = runner.advance();
        at = isNew(runner, shared, next, item, order) ? next : std::nullopt;
    }
}

// A work item: a prefix of choices replayed from the start, then everything below it.
void searchItem(Runner& runner, Shared& shared, const std::vector<int>& itemPrefix, std::uint32_t item, int budget)
{
    runner.begin(budget);
    std::uint32_t order = 0;
    for (const int option : itemPrefix) {
        const std::optional<Runner::Ask> ask = runner.advance();
        if (!ask)
            break; // cannot happen: the split saw a decision point here
        runner.pin(*ask, option);
    }
    const std::optional<Runner::Ask> root = runner.advance(); // none: the prefix is a whole run
    if (isNew(runner, shared, root, item, order))
        searchFrom(runner, shared, *root, item, order);
}

// The first few decision points expanded breadth first into work items, in the choices' order.
std::vector<std::vector<int>> splitItems(Runner& runner, int budget, std::size_t wanted, std::int64_t& states)
{
    absl::flat_hash_set<std::uint64_t> seen; // the split's own decision points, counted among the distinct states
    std::vector<std::vector<int>> items { {} };
    for (int depth = 0; depth < 6 && items.size() < wanted; ++depth) {
        std::vector<std::vector<int>> next;
        bool grew = false;
        for (const std::vector<int>& prefix : items) {
            if (static_cast<int>(prefix.size()) < depth) {
                next.push_back(prefix); // its run ended before this depth: a leaf
                continue;
            }
            runner.begin(budget);
            bool stopped = false;
            for (const int option : prefix) {
                const std::optional<Runner::Ask> at = runner.advance();
                if (!at) { // a bound stopped the run on the way (the split saw a decision point here)
                    stopped = true;
                    break;
                }
                runner.pin(*at, option);
            }
            const std::optional<Runner::Ask> ask = stopped ? std::nullopt : runner.advance();
            if (!ask) {
                next.push_back(prefix);
                continue;
            }
            if (const auto hash = runner.stateHash(*ask))
                seen.insert(*hash);
            const int count = runner.options();
            for (int option = 0; option < count; ++option) {
                std::vector<int> child = prefix;
                child.push_back(option);
                next.push_back(std::move(child));
            }
            grew = grew || count > 1;
        }
        items = std::move(next);
        if (!grew && depth > 0)
            break;
    }
    states = static_cast<std::int64_t>(seen.size());
    return items;
}

std::size_t defaultMemoryLimit()
{
    const RunBudget budget = runBudget();
    const std::size_t quarter = static_cast<std::size_t>(budget.memoryBytes / 2); // a quarter of the machine's
    return std::min<std::size_t>(quarter > 0 ? quarter : (std::size_t(1) << 30), std::size_t(4) << 30);
}

std::string plural(std::int64_t n, const char* one, const char* many)
{
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

std::string faultPhrase(const FaultSpec& f)
{
    std::string s = std::string(faultKindName(f.kind)) + " on request " + std::to_string(*f.request) + " attempt "
        + std::to_string(*f.attempt);
    if (f.kind == FaultKind::LateRetry)
        s += " (delay " + std::to_string(f.delayMs) + " ms)";
    return s;
}

// Runs the counterexample's choices once more, recording, and writes the pinned scenario with its expect and lesson.
void buildCounterexample(const Scenario& scenario, const ChoiceSpace& space, const Candidate& best,
    ExploreProperty property, ExploreResult& out)
{
    Scenario ce = scenario;
    std::vector<FaultSpec> pins;
    {
        // The choices again, now collecting the faults in the order the run asked for them.
        auto store = makeModelStore(scenario.service);
        Simulation sim(scenario, *store);
        std::size_t position = 0;
        std::vector<std::pair<std::uint64_t, std::vector<FaultSpec>>> chosen;
        sim.setChooser([&](int entry, int attempt) -> const std::vector<FaultSpec>* {
            const std::uint64_t key = static_cast<std::uint64_t>(entry) << 32 | static_cast<std::uint32_t>(attempt);
            for (auto& [k, faults] : chosen) {
                if (k == key)
                    return &faults;
            }
            const int option = position < best.choices.size() ? best.choices[position] : 0;
            ++position;
            chosen.emplace_back(key, space.faultsFor(entry, attempt, option));
            for (const FaultSpec& f : chosen.back().second)
                pins.push_back(f);
            return &chosen.back().second;
        });
        sim.runToEnd();
    }
    for (const FaultSpec& f : pins) {
        ce.faults.push_back(f);
        if (f.kind != FaultKind::SlowHandler && f.kind != FaultKind::SlowNetwork)
            out.counterexampleFaults.push_back(f);
    }
    ce.explore.reset();
    ce.exploreExpect.reset();
    ce.name = scenario.name + "-counterexample";

    auto store = makeModelStore(ce.service);
    Simulation sim(ce, *store);
    sim.runToEnd();
    const RunSummary summary = sim.summary();
    out.counterexampleSummary = summary;
    out.counterexampleEvents = static_cast<std::int64_t>(sim.events().size());

    // What went wrong, in one sentence.
    switch (property) {
    case ExploreProperty::NoDuplicateEffects:
        for (std::size_t i = 0; i < sim.intents().size(); ++i) {
            if (sim.intents()[i].effects <= 1)
                continue;
            std::string ids;
            for (std::size_t e = 0; e < sim.effects().size(); ++e) {
                if (sim.effects()[e].intent == static_cast<int>(i))
                    ids += (ids.empty() ? "" : ", ") + sim.effectId(static_cast<int>(e));
            }
            out.violation = "intent " + sim.intentName(static_cast<int>(i)) + " ran its effect "
                + std::to_string(sim.intents()[i].effects) + " times (" + ids + ")";
            break;
        }
        break;
    case ExploreProperty::NoStuckInProgress:
        for (const Record& r : store->records()) {
            if (effectiveState(r, sim.endTime(), ce.service) == RecordState::InProgress) {
                out.violation = "the record of key \"" + r.scope.key + "\" is still in_progress when the run ends at "
                    + std::to_string(sim.endTime()) + " ms";
                break;
            }
        }
        break;
    case ExploreProperty::ReplayMatchesOriginal:
        out.violation = "a replayed response differs from the response its intent's first execution gave";
        break;
    }

    // The lesson: one step per pinned fault's consequence and per decision, in time order.
    ce.lesson.clear();
    const auto faultOf = [&](const RequestRow& r) -> const FaultSpec* {
        for (const FaultSpec& f : out.counterexampleFaults) {
            if (*f.request == r.entry && *f.attempt == r.attempt)
                return &f;
        }
        return nullptr;
    };
    for (const LifecycleEvent& e : sim.events()) {
        if (e.request < 0)
            continue;
        const RequestRow& r = sim.requests()[static_cast<std::size_t>(e.request)];
        const std::string id = sim.requestId(e.request);
        LessonStep step;
        step.atMs = e.t;
        step.select = LessonStep::Select::Request;
        step.index = e.request;
        if (e.kind == EventKind::RequestLost) {
            step.title = id + " is lost on the way";
            step.text = "Fault drop_request: " + id + " (attempt " + std::to_string(r.attempt)
                + ") never reaches the service; its client waits for a timeout.";
        } else if (e.kind == EventKind::ResponseLost) {
            step.title = id + "'s response is lost";
            step.text = "The service answered " + id
                + ", but the answer never reaches the client, which cannot tell "
                  "it from a request that never ran.";
        } else if (e.kind == EventKind::Effect && e.effect >= 0
            && sim.effects()[static_cast<std::size_t>(e.effect)].duplicate) {
            step.title = "A second effect: " + sim.effectId(e.effect);
            step.text = id + " runs the effect of intent " + sim.intentName(r.intent) + " again: the property "
                + std::string(explorePropertyName(property)) + " is broken here.";
        } else if (e.kind == EventKind::Decided && r.decision) {
            step.title = id + ": " + std::string(decisionName(*r.decision));
            const int reason = sim.requestReason(e.request);
            step.text = reason >= 0 ? sim.text(reason) : std::string();
            if (const FaultSpec* f = faultOf(r))
                step.text = "Fault " + std::string(faultKindName(f->kind)) + " strikes this attempt. " + step.text;
        } else {
            continue;
        }
        ce.lesson.push_back(std::move(step));
    }
    if (ce.lesson.empty()) {
        LessonStep step;
        step.title = "The run";
        step.text = out.violation;
        ce.lesson.push_back(step);
    }

    // The source's translations told its own story (its title, description and lesson steps), not this one's: kept,
    // they would name another lesson's steps, which the loader refuses.
    ce.translations.clear();
    ce.title = "Counterexample: " + std::string(explorePropertyName(property)) + " is violated";
    std::string faults;
    for (const FaultSpec& f : out.counterexampleFaults)
        faults += (faults.empty() ? "" : "; ") + faultPhrase(f);
    ce.description = "Found by explore on " + scenario.name
        + " (the shortest: " + plural(static_cast<std::int64_t>(out.counterexampleFaults.size()), "fault", "faults")
        + ", " + plural(out.counterexampleEvents, "event", "events") + "). "
        + (faults.empty() ? "No fault is needed" : "Faults: " + faults) + ". " + out.violation + ".";
    ce.expect.clear();
    ce.expect["intents"] = summary.intents;
    ce.expect["requests"] = summary.requests;
    ce.expect["effects"] = summary.effects;
    ce.expect["duplicate_effects"] = summary.duplicateEffects;
    ce.expect["intents_with_duplicates"] = summary.intentsWithDuplicates;
    for (const auto& [name, count] : summary.decisions)
        ce.expect["decisions." + name] = count;
    ce.hasExpect = true;
    out.counterexample = std::move(ce);
}

// The JSON writer's own string escaping (core/canonical).
void jsonString(std::string& out, std::string_view s)
{
    json::appendString(out, s);
}

std::string number(double v, int decimals = 0)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

std::string mebibytes(std::size_t bytes)
{
    return number(static_cast<double>(bytes) / (1 << 20), 1) + " MiB";
}

std::string grouped(std::int64_t n)
{
    const std::string digits = std::to_string(n);
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0 && digits[i - 1] != '-')
            out += ',';
        out += digits[i];
    }
    return out;
}

// What a pass's watcher reports (the bounds are the shared state's).
struct PassWatch {
    int threads = 1;
    int level = 0;
    std::int64_t statesBefore = 0; // distinct states counted before this pass's table
    std::function<double()> elapsed;
    std::function<void(const ExploreProgress&)> progress;
};

std::int64_t runsSoFar(const std::vector<std::unique_ptr<Runner>>& runners)
{
    std::int64_t total = 0;
    for (const std::unique_ptr<Runner>& r : runners)
        total += r->runs();
    return total;
}

// One pass over a level's work items, one runner per thread; this thread works too, and a watcher checks the bounds
// every 20 ms and reports progress (the workers check them too, inside their runs, and stop at the flag either sets).
// What a worker threw is thrown here.
void searchPass(const std::vector<std::unique_ptr<Runner>>& runners, Shared& shared,
    const std::vector<std::vector<int>>& items, const PassWatch& watch)
{
    std::atomic<std::size_t> nextItem { 0 };
    std::atomic<int> working { watch.threads };
    const auto work = [&](Runner& runner) {
        try {
            while (!shared.halted()) {
                const std::size_t i = nextItem.fetch_add(1);
                if (i >= items.size())
                    break;
                searchItem(runner, shared, items[i], static_cast<std::uint32_t>(i), watch.level);
            }
        } catch (const std::bad_alloc&) {
            shared.stopFor("memory");
        }
        working.fetch_sub(1);
    };
    std::vector<std::thread> threads;
    std::exception_ptr failure;
    for (int t = 1; t < watch.threads; ++t)
        threads.emplace_back([&, t]() {
            try {
                work(*runners[static_cast<std::size_t>(t)]);
            } catch (...) {
                std::lock_guard lock(shared.mutex);
                failure = std::current_exception();
                shared.stop = true;
                working.fetch_sub(1);
            }
        });
    std::mutex doneMutex;
    std::condition_variable doneSignal;
    std::thread watcher([&]() {
        auto lastReport = Clock::now();
        while (working.load() > 0) {
            {
                std::unique_lock lock(doneMutex);
                doneSignal.wait_for(lock, std::chrono::milliseconds(20), [&]() { return working.load() <= 0; });
            }
            if (working.load() <= 0)
                break;
            const double s = watch.elapsed();
            shared.checkBounds();
            if (watch.progress && Clock::now() - lastReport > std::chrono::milliseconds(100)) {
                lastReport = Clock::now();
                ExploreProgress p;
                p.runs = runsSoFar(runners);
                p.distinctStates = watch.statesBefore + shared.visited.size();
                p.faultLevel = watch.level;
                p.seconds = s;
                p.statesPerS = s > 0 ? static_cast<double>(p.distinctStates) / s : 0;
                watch.progress(p);
            }
        }
    });
    try {
        work(*runners[0]);
    } catch (...) {
        std::lock_guard lock(shared.mutex);
        failure = std::current_exception();
        shared.stop = true;
    }
    for (std::thread& t : threads)
        t.join();
    {
        std::lock_guard lock(doneMutex);
        working = 0;
    }
    doneSignal.notify_all();
    watcher.join();
    if (failure)
        std::rethrow_exception(failure);
}

} // namespace

ExploreResult explore(const Scenario& scenario, const ExploreOptions& options,
    const std::function<void(const ExploreProgress&)>& progress)
{
    ExploreResult result;
    result.property = scenario.explore ? scenario.explore->property : ExploreProperty::NoDuplicateEffects;
    result.maxFaults = options.maxFaults.value_or(scenario.explore ? scenario.explore->maxFaults : 1);
    result.timeLimitS = options.timeLimitS;
    result.memoryLimitBytes = options.memoryLimitBytes ? options.memoryLimitBytes : defaultMemoryLimit();
    result.threads = std::max(1, options.threads);

    const ChoiceSpace space(scenario);
    Shared shared;
    shared.scenario = &scenario;
    shared.space = &space;
    shared.property = result.property;
    const Clock::time_point started = Clock::now();
    shared.cancel = options.cancel;
    if (result.timeLimitS > 0)
        shared.deadline
            = started + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(result.timeLimitS));
    shared.memoryLimit = static_cast<std::int64_t>(std::min<std::size_t>(result.memoryLimitBytes, INT64_MAX));
    const auto elapsed = [&started]() { return std::chrono::duration<double>(Clock::now() - started).count(); };

    std::vector<std::unique_ptr<Runner>> runners;
    for (int i = 0; i < result.threads; ++i)
        runners.push_back(std::make_unique<Runner>(shared));

    std::int64_t statesBefore = 0; // distinct states of the levels already done
    int level = 0;
    for (; level <= result.maxFaults && !shared.stop; ++level) {
        // Between levels too: a search of many short levels must still stop when asked.
        if (shared.checkBounds())
            break;
        // The work items are the same for both passes: split once.
        std::int64_t splitStates = 0;
        const std::vector<std::vector<int>> items = splitItems(
            *runners[0], level, result.threads > 1 ? 32 * static_cast<std::size_t>(result.threads) : 1, splitStates);
        std::int64_t itemBytes = static_cast<std::int64_t>(items.capacity() * sizeof(items[0]));
        for (const std::vector<int>& item : items)
            itemBytes += static_cast<std::int64_t>(item.capacity() * sizeof(int));
        shared.hold(itemBytes);
        PassWatch watch;
        watch.threads = result.threads;
        watch.level = level;
        watch.statesBefore = statesBefore + splitStates;
        watch.elapsed = elapsed;
        watch.progress = progress;
        for (const Pass pass : { Pass::Judge, Pass::Best }) {
            shared.pass = pass;
            shared.found = false;
            {
                std::lock_guard lock(shared.mutex);
                shared.best.reset(); // the judging pass's violation numbers its path in that pass's order
            }
            shared.visited.clear();
            searchPass(runners, shared, items, watch);
            if (const std::int64_t visited = shared.visited.size(); visited > 0)
                result.bytesPerState
                    = std::max(result.bytesPerState, shared.visited.bytes() / static_cast<std::size_t>(visited));
            if (shared.stop || !shared.found)
                break; // the level holds, or a bound ended the search: no second pass
        }
        statesBefore += splitStates + shared.visited.size(); // the last pass's table: every state of the level
        shared.hold(-itemBytes);
        if (!shared.stop)
            result.levelsDone = level + 1;
        std::lock_guard lock(shared.mutex);
        if (shared.best && !shared.stop) // the whole level searched: its best is the shortest
            break;
    }

    result.runs = runsSoFar(runners);
    result.distinctStates = statesBefore;
    result.peakBytes = static_cast<std::size_t>(std::max<std::int64_t>(shared.peakBytes.load(), 0));
    result.seconds = elapsed();
    result.statesPerS = result.seconds > 0 ? static_cast<double>(result.distinctStates) / result.seconds : 0;
    if (shared.best && !shared.stop) {
        result.verdict = ExploreVerdict::Violated;
        result.stoppedBy = "violation";
        buildCounterexample(scenario, space, *shared.best, result.property, result);
    } else if (shared.stop) {
        // A bound stopped the search first: a violation found before it may not be the shortest, and none found
        // proves nothing.
        result.verdict = ExploreVerdict::Inconclusive;
        result.stoppedBy = shared.stopReason;
    } else {
        result.verdict = ExploreVerdict::Holds;
        result.stoppedBy = "exhausted";
    }
    if (progress) {
        ExploreProgress p;
        p.runs = result.runs;
        p.distinctStates = result.distinctStates;
        p.faultLevel = std::min(level, result.maxFaults);
        p.seconds = result.seconds;
        p.statesPerS = result.statesPerS;
        progress(p);
    }
    return result;
}

std::string exploreResultJson(const ExploreResult& r)
{
    std::string out = "{\"verdict\": ";
    jsonString(out, exploreVerdictName(r.verdict));
    out += ", \"property\": ";
    jsonString(out, explorePropertyName(r.property));
    out += ", \"runs\": " + std::to_string(r.runs) + ", \"distinct_states\": " + std::to_string(r.distinctStates)
        + ", \"states_per_s\": " + number(r.statesPerS) + ", \"bounds\": {\"max_faults\": "
        + std::to_string(r.maxFaults) + ", \"time_limit_s\": " + number(r.timeLimitS, 1) + ", \"memory_limit_bytes\": "
        + std::to_string(r.memoryLimitBytes) + ", \"threads\": " + std::to_string(r.threads) + ", \"stopped_by\": ";
    jsonString(out, r.stoppedBy);
    out += ", \"memory_peak_bytes\": " + std::to_string(r.peakBytes);
    out += "}, \"counterexample\": ";
    if (!r.counterexample) {
        out += "null}\n";
        return out;
    }
    out += "{\"faults\": [";
    for (std::size_t i = 0; i < r.counterexampleFaults.size(); ++i) {
        const FaultSpec& f = r.counterexampleFaults[i];
        out += i ? ", " : "";
        out += "{\"kind\": ";
        jsonString(out, faultKindName(f.kind));
        out += ", \"request\": " + std::to_string(*f.request) + ", \"attempt\": " + std::to_string(*f.attempt);
        if (f.kind == FaultKind::HandlerError || f.kind == FaultKind::RejectPayload)
            out += ", \"status\": " + std::to_string(f.status);
        if (f.kind == FaultKind::LateRetry)
            out += ", \"delay_ms\": " + std::to_string(f.delayMs);
        out += "}";
    }
    const RunSummary& s = r.counterexampleSummary;
    out += "], \"events\": " + std::to_string(r.counterexampleEvents) + ", \"violation\": ";
    jsonString(out, r.violation);
    out += ", \"summary\": {\"intents\": " + std::to_string(s.intents) + ", \"requests\": " + std::to_string(s.requests)
        + ", \"effects\": " + std::to_string(s.effects)
        + ", \"duplicate_effects\": " + std::to_string(s.duplicateEffects)
        + ", \"intents_with_duplicates\": " + std::to_string(s.intentsWithDuplicates) + ", \"decisions\": {";
    bool first = true;
    for (const auto& [name, count] : s.decisions) {
        out += first ? "" : ", ";
        first = false;
        jsonString(out, name);
        out += ": " + std::to_string(count);
    }
    out += "}}}}\n";
    return out;
}

std::string exploreResultText(const ExploreResult& r, const std::string& file)
{
    std::string out = file + ": " + std::string(exploreVerdictName(r.verdict)) + " ("
        + std::string(explorePropertyName(r.property)) + ")\n";
    if (r.verdict == ExploreVerdict::Holds)
        out += "  every run with at most " + plural(r.maxFaults, "fault", "faults")
            + " was tried; none breaks the property\n";
    if (r.verdict == ExploreVerdict::Inconclusive)
        out += "  "
            + (r.stoppedBy == "cancelled" ? std::string("stopped when interrupted")
                                          : "stopped by the " + r.stoppedBy + " bound")
            + " after " + plural(r.levelsDone, "fault level", "fault levels") + " of " + std::to_string(r.maxFaults + 1)
            + ": nothing is proven\n";
    if (r.stoppedBy == "memory")
        out += "  the search held " + mebibytes(r.peakBytes) + " at most, past its bound of "
            + mebibytes(r.memoryLimitBytes) + " (saved states, the table of states reached, the runs themselves)\n";
    if (r.counterexample) {
        std::string faults;
        for (const FaultSpec& f : r.counterexampleFaults)
            faults += (faults.empty() ? "" : "; ") + faultPhrase(f);
        out += "  counterexample: "
            + plural(static_cast<std::int64_t>(r.counterexampleFaults.size()), "fault", "faults") + ", "
            + plural(r.counterexampleEvents, "event", "events") + (faults.empty() ? "" : " — " + faults) + "\n";
        out += "  what went wrong: " + r.violation + "\n";
    }
    out += "  searched " + grouped(r.runs) + " runs, " + grouped(r.distinctStates) + " distinct states in "
        + number(r.seconds, 2) + " s (" + grouped(static_cast<std::int64_t>(r.statesPerS)) + " states/s) on "
        + plural(r.threads, "thread", "threads") + "\n";
    return out;
}

} // namespace iw
