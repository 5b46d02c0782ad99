// The recording's events: their names (docs/reference/report.md's event kinds) and the compact log.
#include "eventlog.h"

#include "nametable.h"
#include "simulation.h"

#include <algorithm>
#include <array>
#include <stdexcept>
#include <string>

namespace iw {

namespace {

constexpr auto s_eventKindNames = nameTable<EventKind>({
    { EventKind::RequestSent, "request_sent" },
    { EventKind::RequestLost, "request_lost" },
    { EventKind::RequestArrived, "request_arrived" },
    { EventKind::HandlerStarted, "handler_started" },
    { EventKind::Effect, "effect" },
    { EventKind::RecordClaimed, "record_claimed" },
    { EventKind::RecordCompleted, "record_completed" },
    { EventKind::RecordDeleted, "record_deleted" },
    { EventKind::RecordTakenOver, "record_taken_over" },
    { EventKind::WriteFenced, "write_fenced" },
    { EventKind::Decided, "decided" },
    { EventKind::ResponseDelivered, "response_delivered" },
    { EventKind::ResponseLost, "response_lost" },
    { EventKind::ResponseDiscarded, "response_discarded" },
    { EventKind::Timeout, "timeout" },
    { EventKind::RecordSwept, "record_swept" },
    { EventKind::RecoveredCompleted, "recovered_completed" },
    { EventKind::RecoveredReleased, "recovered_released" },
    { EventKind::ClaimExpired, "claim_expired" },
    { EventKind::WritesLost, "writes_lost" },
    { EventKind::Deadlock, "deadlock" },
    { EventKind::StaleRead, "stale_read" },
    { EventKind::ItemTooLarge, "item_too_large" },
});
static_assert(s_eventKindNames.size() == EventKindCount && inEnumOrder(s_eventKindNames));

} // namespace

std::string_view eventKindName(EventKind kind)
{
    return nameOf(s_eventKindNames, kind);
}

LifecycleEvent EventLog::operator[](std::size_t i) const
{
    LifecycleEvent e;
    const std::uint32_t word = m_words[i];
    e.kind = static_cast<EventKind>(word >> kSubjectBits);
    if (m_offsets[i] == kFar) {
        const auto far = std::lower_bound(m_far.begin(), m_far.end(), i,
            [](const std::pair<std::size_t, Millis>& f, std::size_t index) { return f.first < index; });
        e.t = far->second;
    } else {
        e.t = m_blockStart[i / kBlock] + static_cast<Millis>(m_offsets[i]);
    }
    const std::uint32_t bits = word & kSubjectMask;
    const int subject = bits == kNoSubject ? -1 : static_cast<int>(bits);
    if (isScopeEvent(e.kind)) {
        e.scope = subject;
        return e;
    }
    e.request = subject;
    if (subject < 0)
        return e;
    const RequestRow& row = (*m_requests)[static_cast<std::size_t>(subject)];
    e.scope = row.scope >= 0 ? row.scope : row.keylessScope;
    if (e.kind == EventKind::Effect || e.kind == EventKind::Decided)
        e.effect = row.effect;
    return e;
}

void EventLog::push(const LifecycleEvent& e)
{
    const int subject = isScopeEvent(e.kind) ? e.scope : e.request;
    if (subject >= 0 && static_cast<std::uint32_t>(subject) >= kNoSubject)
        throw std::length_error("event log: request or scope number " + std::to_string(subject)
            + " does not fit in 27 bits (at most 134,217,726 requests or scopes per run)");
    const std::uint32_t bits = subject < 0 ? kNoSubject : static_cast<std::uint32_t>(subject);
    const std::size_t i = m_words.size();
    if (i % kBlock == 0)
        m_blockStart.push_back(e.t);
    const Millis offset = e.t - m_blockStart.back();
    if (offset >= 0 && offset < static_cast<Millis>(kFar)) {
        m_offsets.push_back(static_cast<std::uint16_t>(offset));
    } else {
        m_offsets.push_back(kFar);
        m_far.emplace_back(i, e.t);
    }
    m_words.push_back(static_cast<std::uint32_t>(e.kind) << kSubjectBits | bits);
}

void EventLog::clear()
{
    m_blockStart.clear();
    m_offsets.clear();
    m_words.clear();
    m_far.clear();
}

} // namespace iw
