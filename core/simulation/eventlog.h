// The recording's events: what happens in a run (EventKind, LifecycleEvent) and the compact log that keeps them
// (EventLog), read by reports, views and reviews through Simulation::events().
#pragma once

#include "chunked.h"
#include "domain.h"

#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

namespace iw {

class Simulation;
struct RequestRow;

enum class EventKind : std::uint8_t {
    RequestSent,
    RequestLost, // drop_request: it never arrives
    RequestArrived,
    HandlerStarted,
    Effect,
    RecordClaimed,
    RecordCompleted,
    RecordDeleted,
    RecordTakenOver,
    WriteFenced,
    Decided,
    ResponseDelivered,
    ResponseLost,
    ResponseDiscarded, // reached the client after its timeout
    Timeout,
    RecordSwept,
    // docs/reference/routes.md recovery jobs; like RecordSwept, their subject is the record's scope.
    RecoveredCompleted,
    RecoveredReleased,
    // docs/manual/stores.md store engines; their subject is the record's scope. A Redis key in progress reached its
    // expiry (a completed one that does is a RecordSwept: the store removed a terminal record past its window); a
    // failover promoted a replica that never got this scope's latest writes.
    ClaimExpired,
    WritesLost,
    // docs/manual/stores.md mysql: InnoDB chose this request's claim transaction as a deadlock victim (error 1213). A
    // request event.
    Deadlock,
    // docs/manual/stores.md dynamodb: this request's eventually consistent GetItem returned the item as it was before
    // its latest write. A request event.
    StaleRead,
    // docs/manual/stores.md dynamodb: this request's completion would have made the item bigger than DynamoDB's item
    // cap, so the write failed (ValidationException) and the record stayed in progress. A request event.
    ItemTooLarge,
};
inline constexpr int EventKindCount = 23;
// Events whose subject is a scope rather than a request.
constexpr bool isScopeEvent(EventKind k)
{
    return k == EventKind::RecordSwept || k == EventKind::RecoveredCompleted || k == EventKind::RecoveredReleased
        || k == EventKind::ClaimExpired || k == EventKind::WritesLost;
}
std::string_view eventKindName(EventKind);

struct LifecycleEvent {
    Millis t = 0;
    EventKind kind = EventKind::RequestSent;
    int request = -1; // index into requests(), or -1
    int scope = -1; // index into scopes(), or -1
    int effect = -1; // index into effects(), or -1
};

// Every lifecycle event of a run, in order, kept in about 6 bytes each: the instant (as a 16-bit offset within a block
// of 64 events) and one 32-bit word holding the kind (top 4 bits) and one number — the request, or for a sweep the
// scope. The scope and effect of a request's events are the request's own, so they are read back from the requests
// table.
class EventLog {
public:
    std::size_t size() const { return m_words.size(); }
    bool empty() const { return m_words.empty(); }
    LifecycleEvent operator[](std::size_t i) const;
    LifecycleEvent back() const { return (*this)[size() - 1]; }

    using const_iterator = IndexIterator<EventLog>;
    const_iterator begin() const { return { this, 0 }; }
    const_iterator end() const { return { this, size() }; }

private:
    friend class Simulation;
    explicit EventLog(const ChunkedVector<RequestRow>& requests)
        : m_requests(&requests)
    {
    }
    void push(const LifecycleEvent& e);
    void clear();

    // Small blocks keep offsets within 16 bits (events of a block are usually milliseconds apart); an offset that
    // still does not fit goes to m_far.
    static constexpr std::size_t kBlock = 64;
    static constexpr std::uint16_t kFar = 0xffff; // the offset did not fit: see m_far
    // EventKind has 23 values: 5 bits, leaving 27 for the subject.
    static constexpr unsigned kSubjectBits = 27;
    static constexpr std::uint32_t kSubjectMask = (std::uint32_t(1) << kSubjectBits) - 1;
    static constexpr std::uint32_t kNoSubject = kSubjectMask; // -1
    static_assert(static_cast<unsigned>(EventKind::ItemTooLarge) < (1u << (32 - kSubjectBits)));
    const ChunkedVector<RequestRow>* m_requests;
    // Chunked, like the requests: ten million events without a doubling vector's slack.
    ChunkedVector<Millis> m_blockStart; // the instant of each block's first event
    ChunkedVector<std::uint16_t> m_offsets; // instant − block start
    ChunkedVector<std::uint32_t> m_words; // kind << kSubjectBits | subject (request, or scope for a sweep)
    std::vector<std::pair<std::size_t, Millis>> m_far; // (event, instant) for offsets beyond 16 bits, in order
};

} // namespace iw
