// The lock of an embedded store's state, taken only by a store other threads may call (StoreThreads::Shared): an
// uncontended lock and unlock at every call were a twentieth of an explore search, whose stores each belong to one
// thread. The memory store, the Redis model and the engine models' decorators (enginemodel.h) hold one.
#pragma once

#include <mutex>

namespace iw {

class StoreGuard {
public:
    // Locks `m` for this guard's scope; a null `m` (a store of one thread) locks nothing.
    explicit StoreGuard(std::mutex* m)
        : m_mutex(m)
    {
        if (m_mutex)
            m_mutex->lock();
    }
    ~StoreGuard()
    {
        if (m_mutex)
            m_mutex->unlock();
    }
    StoreGuard(const StoreGuard&) = delete;
    StoreGuard& operator=(const StoreGuard&) = delete;

private:
    std::mutex* m_mutex;
};

} // namespace iw
