// The base of an engine's embedded model that is the memory store behind a decorator (mysqlmodel.cpp,
// dynamomodel.cpp): the inner memory store, to which every call the model does not change is forwarded
// (ForwardingStore), one mutex over the decorator's own state when threads share the store, and that state reset,
// saved and restored together with the inner store's (explore's search saves and restores a store at every branch). A
// model names its state once, as a tuple of references to its members:
//
//     auto modelState() { return std::tie(m_locks, m_nextTicket); }
//
// and the base does the rest, so a member added to the state is saved, restored and reset without another line.
#pragma once

#include "forwardingstore.h"
#include "storeguard.h"

#include <memory>
#include <mutex>
#include <tuple>
#include <utility>

namespace iw {

namespace enginemodel {

// std::tuple<A&, B&> -> std::tuple<A, B>: the values a saved state keeps.
template<typename Tied> struct Values;
template<typename... T> struct Values<std::tuple<T&...>> {
    using type = std::tuple<T...>;
};

} // namespace enginemodel

template<typename Model> class EngineModelStore : public ForwardingStore {
public:
    std::string kind() const override { return "memory"; } // the embedded store of its engine

    void reset() override
    {
        m_inner->reset();
        const Guard g = guard();
        model().modelState() = StateOf<> {};
    }

    std::unique_ptr<SavedState> makeSavedState() const override
    {
        auto s = std::make_unique<Saved>();
        s->inner = m_inner->makeSavedState();
        return s;
    }
    void save(SavedState& into) override
    {
        Saved& s = static_cast<Saved&>(into);
        m_inner->save(*s.inner);
        const Guard g = guard();
        s.state = model().modelState();
    }
    void restore(const SavedState& from) override
    {
        const Saved& s = static_cast<const Saved&>(from);
        m_inner->restore(*s.inner);
        const Guard g = guard();
        model().modelState() = s.state;
    }

protected:
    explicit EngineModelStore(StoreThreads threads)
        : ForwardingStore(makeMemoryStore(threads))
        , m_inner(&inner())
        , m_locking(threads == StoreThreads::Shared)
    {
    }

    using Guard = StoreGuard;
    Guard guard() const { return Guard(m_locking ? &m_mutex : nullptr); }

    IdempotencyStore* const m_inner; // the memory store, owned by ForwardingStore

private:
    // Derived from the model's modelState() where the model is complete (in these member functions' bodies).
    template<typename M = Model>
    using StateOf = typename enginemodel::Values<decltype(std::declval<M&>().modelState())>::type;

    struct Saved final : SavedState {
        std::unique_ptr<SavedState> inner;
        StateOf<> state;
        std::size_t bytes() const override { return inner ? inner->bytes() : 0; }
    };

    Model& model() { return static_cast<Model&>(*this); }

    bool m_locking = true;
    mutable std::mutex m_mutex;
};

} // namespace iw
