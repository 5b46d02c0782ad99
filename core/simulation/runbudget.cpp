// The memory budget of one run: see runbudget.h.
#include "runbudget.h"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <limits>

namespace iw {

namespace {

std::int64_t usableMemory()
{
    std::int64_t bytes = std::numeric_limits<std::int64_t>::max();
    const long pages = sysconf(_SC_PHYS_PAGES);
    const long pageSize = sysconf(_SC_PAGESIZE);
    if (pages > 0 && pageSize > 0)
        bytes = static_cast<std::int64_t>(pages) * pageSize;
    for (const int resource : { RLIMIT_AS, RLIMIT_DATA }) {
        rlimit limit {};
        if (getrlimit(resource, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY)
            bytes = std::min<std::int64_t>(bytes, static_cast<std::int64_t>(limit.rlim_cur));
    }
    return bytes;
}

} // namespace

RunBudget runBudget(int concurrent)
{
    RunBudget b;
    // Half: the process has code, libraries, the report writer and the allocator's slack besides.
    b.memoryBytes = usableMemory() / 2 / std::max(1, concurrent);
    b.maxRequests = std::max<std::int64_t>(1, b.memoryBytes / kBytesPerRequest);
    return b;
}

RunBudget runBudget()
{
    return runBudget(1);
}

std::string RunBudget::describe() const
{
    char gb[32];
    std::snprintf(gb, sizeof gb, "%.1f GB", static_cast<double>(memoryBytes) / 1e9);
    return "about " + std::to_string(kBytesPerRequest) + " bytes a request in " + gb
        + ", half of the memory this process may use";
}

} // namespace iw
