// Real concurrency (docs/reference/cli.md `race`): N threads released by one barrier fire the same fresh scope, T
// times, through the very same RequestProcess the simulation uses, so the store — a mutex or PostgreSQL's unique index
// — is what arbitrates. The handler takes real time so the naive strategies' window is real.
#pragma once

#include "policy.h"
#include "store.h"

#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace iw {

// The most threads one race fires. A race needs every thread alive at the barrier at once: 256 is twice the cores of
// the largest machine the workbench is measured on and more than PostgreSQL's default max_connections (100) can
// serve, one connection per thread; beyond it a race measures the scheduler, not the store, and the threads'
// stacks alone (8 MiB of address space each) would pass 2 GiB.
constexpr int kMaxRaceThreads = 256;

// The system refused to start a thread (no memory for its stack, a process limit): the race did not run. The
// threads already started were released and joined.
class RaceThreadError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct RaceOptions {
    int threads = 8;
    int trials = 100;
    Strategy strategy = Strategy::UniqueClaim;
    int handlerMs = 1;
    // MySQL (docs/manual/stores.md rollback_claim on the real clock): thread 0 claims first and holds its claim
    // transaction open this long, then rolls it back; the other threads' INSERTs meet its lock and wait, and the server
    // picks the deadlock's victims (ERROR 1213), which `deadlock` answers. 0: no held claim.
    int holdMs = 0;
    DeadlockAction deadlock = DeadlockAction::Error;
};

struct RaceResult {
    std::string store;
    RaceOptions options;
    int trialsWithMultipleOwners = 0;
    int maxOwners = 0;
    std::int64_t effects = 0;
    std::map<std::string, std::int64_t> decisions;
    std::map<std::string, std::int64_t> sqlstates;
    std::vector<int> ownersPerTrial;
};

// `storeForThread(i)` gives thread i its store: the same shared memory store for every thread, or one PostgreSQL
// connection each. `cancel`, when set, is polled between trials. Throws RaceThreadError when a thread cannot be
// started.
RaceResult runRace(const RaceOptions& options, const std::function<IdempotencyStore&(int thread)>& storeForThread,
    const std::function<bool()>& cancel = {});

// The `--json` form of docs/reference/cli.md.
std::string raceResultJson(const RaceResult& result);

} // namespace iw
