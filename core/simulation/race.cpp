// The race harness: std::thread and std::barrier only, so ThreadSanitizer can check it.
#include "race.h"

#include "json.h"
#include "service.h"

#include <atomic>
#include <barrier>
#include <chrono>
#include <mutex>
#include <system_error>
#include <thread>

namespace iw {

namespace {

class RaceEnvironment final : public ServiceEnvironment {
public:
    bool storeDown(Millis) const override { return false; }
    std::string executeEffect(const IncomingRequest&, Millis) override
    {
        return "e" + std::to_string(m_effects.fetch_add(1) + 1);
    }
    std::int64_t effects() const { return m_effects.load(); }

private:
    std::atomic<std::int64_t> m_effects { 0 };
};

// runImmediately for a process whose claim transaction is held open (rollback_claim): the store step that follows its
// claim is the hold, which takes its hold_ms of real time; `onHold` is called first.
Outcome runHoldingClaim(RequestProcess& process, Millis now, int handlerRealMs, const std::function<void()>& onHold)
{
    bool held = false;
    auto next = process.arrive(now);
    while (next.wait != RequestProcess::Wait::Done) {
        if (next.wait == RequestProcess::Wait::Handler && handlerRealMs > 0)
            std::this_thread::sleep_for(std::chrono::milliseconds(handlerRealMs));
        const auto& changes = process.recordChanges();
        if (!held && next.wait == RequestProcess::Wait::StoreStep && !changes.empty()
            && changes.back().second == RequestProcess::RecordChange::Claimed) {
            held = true;
            onHold();
            std::this_thread::sleep_for(std::chrono::milliseconds(next.duration));
        }
        next = process.resume(now);
    }
    return process.outcome();
}

} // namespace

RaceResult runRace(const RaceOptions& options, const std::function<IdempotencyStore&(int thread)>& storeForThread,
    const std::function<bool()>& cancel)
{
    RaceResult result;
    result.options = options;
    result.store = storeForThread(0).kind();
    ServicePolicy policy = ServicePolicy::forProfile(Profile::Ietf);
    policy.strategy = options.strategy;
    // The store's engine decides how the claim is made (docs/manual/stores.md): on Redis, SET NX's arbitration.
    policy.storeEngine = storeForThread(0).engine();
    policy.deadlock = options.deadlock;
    std::atomic<int> heldInTrial { -1 }; // holdMs: the trial whose claim thread 0 holds now

    RaceEnvironment env;
    std::mutex mutex; // guards result while threads report
    std::vector<int> owners(static_cast<std::size_t>(options.trials), 0);
    std::atomic<bool> stop { false };
    std::barrier start(options.threads);
    std::barrier finish(options.threads, [&]() noexcept {
        if (cancel && cancel())
            stop = true;
    });
    std::atomic<int> trialsRun { 0 };

    auto worker = [&](int thread) {
        IdempotencyStore& store = storeForThread(thread);
        for (int trial = 0; trial < options.trials; ++trial) {
            start.arrive_and_wait();
            if (stop)
                break;
            IncomingRequest request;
            request.id = "t" + std::to_string(thread);
            request.intent = "race-" + std::to_string(trial);
            request.scope = { "race", "demo-request.create", "race-" + std::to_string(trial) };
            request.fingerprint = std::string(64, '0');
            HandlerFaults faults;
            if (options.holdMs > 0 && thread == 0)
                faults.rollbackClaimMs = options.holdMs;
            if (options.holdMs > 0 && thread != 0) {
                // Thread 0 claims first; the others come once its claim is held (or after hold + 1 s at most).
                const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(options.holdMs + 1000);
                while (heldInTrial.load() != trial && std::chrono::steady_clock::now() < until)
                    std::this_thread::sleep_for(std::chrono::milliseconds(1));
            }
            RequestProcess process(policy, store, env, request, faults);
            Outcome outcome;
            std::string failure;
            try {
                outcome = faults.rollbackClaimMs
                    ? runHoldingClaim(process, trial, options.handlerMs, [&] { heldInTrial = trial; })
                    : runImmediately(process, trial, options.handlerMs);
            } catch (const std::exception& e) {
                failure = e.what();
            }
            {
                std::lock_guard lock(mutex);
                if (!failure.empty()) {
                    ++result.decisions["error"];
                } else {
                    ++result.decisions[std::string(decisionName(outcome.decision))];
                    if (outcome.effectId)
                        ++owners[static_cast<std::size_t>(trial)];
                    for (const char* step : outcome.rulePath) {
                        const std::string_view text(step);
                        if (text.find("SQLSTATE 23505") != std::string_view::npos)
                            ++result.sqlstates["23505"];
                        // MySQL's error numbers, counted by their SQLSTATE: 1062 duplicate key, 1213 deadlock.
                        if (text.find("ERROR 1062") != std::string_view::npos)
                            ++result.sqlstates["23000"];
                        if (text.find("ERROR 1213") != std::string_view::npos)
                            ++result.sqlstates["40001"];
                    }
                }
            }
            if (thread == 0)
                trialsRun = trial + 1;
            finish.arrive_and_wait();
            if (stop)
                break;
        }
    };
    std::vector<std::thread> threads;
    threads.reserve(static_cast<std::size_t>(options.threads));
    std::string refused;
    for (int t = 0; t < options.threads && refused.empty(); ++t) {
        try {
            threads.emplace_back(worker, t);
        } catch (const std::system_error& e) {
            refused = "could not start thread " + std::to_string(t + 1) + " of " + std::to_string(options.threads)
                + " (" + e.code().message()
                + "); the race did not run: ask for fewer --threads or allow the "
                  "process more memory";
        }
    }
    if (!refused.empty()) {
        // The started threads wait at the first barrier for all the others: stand in for the missing ones so they
        // are released, see `stop` and end before the first trial.
        stop = true;
        for (std::size_t missing = threads.size(); missing < static_cast<std::size_t>(options.threads); ++missing)
            start.arrive_and_drop();
    }
    for (std::thread& t : threads)
        t.join();
    if (!refused.empty())
        throw RaceThreadError(refused);

    owners.resize(static_cast<std::size_t>(trialsRun.load()));
    result.ownersPerTrial = owners;
    for (const int n : owners) {
        result.maxOwners = std::max(result.maxOwners, n);
        if (n > 1)
            ++result.trialsWithMultipleOwners;
    }
    result.effects = env.effects();
    result.options.trials = trialsRun.load();
    return result;
}

std::string raceResultJson(const RaceResult& r)
{
    std::string out = "{\"store\": ";
    json::appendString(out, r.store);
    out += ", \"strategy\": ";
    json::appendString(out, strategyName(r.options.strategy));
    out += ", \"threads\": " + std::to_string(r.options.threads) + ", \"trials\": " + std::to_string(r.options.trials)
        + ", \"trials_with_multiple_owners\": " + std::to_string(r.trialsWithMultipleOwners) + ", \"max_owners\": "
        + std::to_string(r.maxOwners) + ", \"effects\": " + std::to_string(r.effects) + ", \"decisions\": {";
    bool first = true;
    for (const auto& [name, n] : r.decisions) {
        out += first ? "" : ", ";
        first = false;
        json::appendString(out, name);
        out += ": " + std::to_string(n);
    }
    out += "}, \"sqlstates\": {";
    first = true;
    for (const auto& [name, n] : r.sqlstates) {
        out += first ? "" : ", ";
        first = false;
        json::appendString(out, name);
        out += ": " + std::to_string(n);
    }
    out += "}}";
    return out;
}

} // namespace iw
