// The simulation's queue of events to come, in virtual time and docs/reference/scenario.md's tie order. Private to the
// simulation's own files.
#pragma once

#include "domain.h"

#include <cstddef>
#include <cstdint>
#include <queue>
#include <vector>

namespace iw {

// 32 bytes, ordered by one comparison of (t, cls, seq) packed into 128 bits: the queue's sift-down was a tenth
// of a run with three-way comparisons of 40-byte events.
struct QueuedEvent {
    Millis t;
    std::uint64_t order; // cls in the top two bits (0 the store engine's own clock — keys expiring, a replica
                         // detached or promoted —, 1 work finishing, 2 sweeps, 3 arrivals, sends and timeouts:
                         // docs/reference/scenario.md tie order), then the order they were scheduled in
    int type;
    int a;
    int b;
};
struct EventOrder {
    __extension__ typedef unsigned __int128 Key; // GCC and Clang
    static Key key(const QueuedEvent& e)
    {
        // The sign bit flipped: a signed time compares as an unsigned one.
        return static_cast<Key>(static_cast<std::uint64_t>(e.t) ^ (std::uint64_t(1) << 63)) << 64 | e.order;
    }
    bool operator()(const QueuedEvent& x, const QueuedEvent& y) const { return key(x) > key(y); }
};

// The events to come: a heap, and beside it a lane of timeouts in the order they fall due. A timeout is scheduled
// a whole client timeout ahead and is mostly cancelled by its answer; a served client's is an hour away, so in a
// heap they made it grow by one entry per request served, and every push and pop of the few live events paid
// its depth. A timeout due no earlier than the lane's last joins the lane (the usual case: one client timeout,
// sent in time order); any other goes to the heap. And an event that comes before all the others waits in a slot
// of its own: most are the next step of the request just handled, due at once, and are taken straight back. The
// next event is the smallest of the three by the same key, so the order is exactly the heap's alone.
class EventQueue {
public:
    bool empty() const { return !m_hasFirst && m_heap.empty() && laneEmpty(); }
    const QueuedEvent& top() const { return m_hasFirst ? m_first : restTop(); }
    void pop()
    {
        if (m_hasFirst)
            m_hasFirst = false;
        else if (!laneEmpty() && &restTop() == &laneFront())
            popLane();
        else
            m_heap.pop();
    }
    void push(const QueuedEvent& e, bool timeout)
    {
        const EventOrder::Key key = EventOrder::key(e);
        if (m_hasFirst && key < EventOrder::key(m_first)) {
            m_heap.push(m_first); // `e` comes before it
            m_hasFirst = false;
        }
        if (timeout && (laneEmpty() || EventOrder::key(m_lane.back().back()) < key)) {
            lanePush(e);
        } else if (!m_hasFirst && (restEmpty() || key < EventOrder::key(restTop()))) {
            m_first = e;
            m_hasFirst = true;
        } else {
            m_heap.push(e);
        }
    }
    void clear()
    {
        m_hasFirst = false;
        m_heap = {};
        if (m_lane.size() > 1)
            m_lane.resize(1); // the first chunk's buffer is kept for the next run
        if (!m_lane.empty())
            m_lane.front().clear();
        m_laneHead = 0;
        m_laneCount = 0;
    }
    // About how many bytes its buffers hold.
    std::size_t bytes() const
    {
        std::size_t n = m_heap.items().capacity();
        for (const std::vector<QueuedEvent>& chunk : m_lane)
            n += chunk.capacity();
        return n * sizeof(QueuedEvent);
    }
    // Every queued event, in no particular order (stateHash sorts them), into `all` (its buffer reused).
    void itemsInto(std::vector<QueuedEvent>& all) const
    {
        all.assign(m_heap.items().begin(), m_heap.items().end());
        for (std::size_t c = 0; c < m_lane.size(); ++c)
            all.insert(
                all.end(), m_lane[c].begin() + static_cast<std::ptrdiff_t>(c == 0 ? m_laneHead : 0), m_lane[c].end());
        if (m_hasFirst)
            all.push_back(m_first);
    }

private:
    bool restEmpty() const { return m_heap.empty() && laneEmpty(); }
    const QueuedEvent& restTop() const
    {
        if (laneEmpty())
            return m_heap.top();
        if (m_heap.empty() || EventOrder::key(laneFront()) < EventOrder::key(m_heap.top()))
            return laneFront();
        return m_heap.top();
    }
    bool laneEmpty() const { return m_laneCount == 0; }
    const QueuedEvent& laneFront() const { return m_lane.front()[m_laneHead]; }
    // The lane is chunks of kLaneChunk events, the first read from m_laneHead, every one full but the last. A
    // served client's timeout is an hour away, so the lane holds an hour of requests: one vector of them moved
    // every one at each doubling (a server answered nobody for a tenth of a second at 2^20 requests, issue 41
    // finding 6); chunks never move what is queued, and a chunk read to its end goes. A search copies the lane at
    // every save and restore: a short lane is one vector, whose buffer an emptied lane keeps for the next events
    // (a deque's assignment walked its blocks).
    static constexpr std::size_t kLaneChunk = 4096;
    void lanePush(const QueuedEvent& e)
    {
        if (m_lane.empty() || m_lane.back().size() == kLaneChunk) {
            m_lane.emplace_back();
            if (m_lane.size() > 1)
                m_lane.back().reserve(kLaneChunk);
        }
        m_lane.back().push_back(e);
        ++m_laneCount;
    }
    void popLane()
    {
        ++m_laneHead;
        --m_laneCount;
        if (m_laneHead < m_lane.front().size())
            return;
        if (m_lane.size() == 1)
            m_lane.front().clear();
        else
            m_lane.erase(m_lane.begin());
        m_laneHead = 0;
    }
    struct Heap : std::priority_queue<QueuedEvent, std::vector<QueuedEvent>, EventOrder> {
        const std::vector<QueuedEvent>& items() const { return c; }
    };
    QueuedEvent m_first {}; // before every other event, when m_hasFirst
    bool m_hasFirst = false;
    Heap m_heap;
    std::vector<std::vector<QueuedEvent>> m_lane;
    std::size_t m_laneHead = 0;
    std::size_t m_laneCount = 0; // events in the lane not yet read
};

} // namespace iw
