// How much one run may create (docs/reference/scenario.md bounds): the requests a run may send follow from the memory
// this process may use, at the measured cost of a request, so that a scenario too large for the machine is refused with
// a sentence instead of growing until the kernel kills it.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

namespace iw {

// What one sent request costs a recorded run, measured (RELIABILITY.md "Second round, part B"): its row, its events,
// its share of the record, intent, queue and store, retries included.
constexpr std::int64_t kBytesPerRequest = 400;
// The loader's fixed bound on first requests (Σ copies × repeat), whatever the machine.
constexpr std::int64_t kMaxFirstRequests = 10'000'000;

struct RunBudget {
    std::int64_t memoryBytes = 0; // half of the smaller of physical memory and the address-space / data limits
    std::int64_t maxRequests = 0; // memoryBytes / kBytesPerRequest
    // "about 400 bytes a request in 1.5 GB, half of the memory this process may use"
    std::string describe() const;
};

// Computed from sysconf(_SC_PHYS_PAGES) and getrlimit(RLIMIT_AS, RLIMIT_DATA) at each call.
RunBudget runBudget();
// The same budget for one of `concurrent` runs sharing the process.
RunBudget runBudget(int concurrent);

// A run that reached its budget: bad input (exit 2), not a crash.
class RunTooLarge : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

} // namespace iw
