// The watched table: each followed key located through LiveInspector::locateKey and read with one page from there,
// every statement read-only (LiveConnection refuses to hand out a session that could write).
#include "probewatch.h"

#include "liveconnection.h"
#include "liveinspector.h"
#include "livemapping.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <tuple>

namespace iw {

ProbeWatch::ProbeWatch(const std::string& conninfo, const std::string& table, const std::string& mapping)
{
    LiveMapping m = resolveMapping(mapping.empty() ? std::string("seed") : mapping);
    // A probe's look is short: no statement may hold a snapshot open on production for long, and no read may wait
    // on a silent network for long either.
    LiveBounds bounds;
    bounds.statementTimeoutMs = 5'000;
    bounds.snapshotDeadlineMs = 10'000;
    m_connection = LiveConnection::open(conninfo, {}, false, bounds);
    m_inspector = std::make_unique<LiveInspector>(*m_connection, std::move(m), table);
}

ProbeWatch::~ProbeWatch()
{
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_stop = true;
    }
    m_wake.notify_all();
    if (m_thread.joinable())
        m_thread.join();
}

std::string ProbeWatch::tableName() const
{
    return m_inspector->table().display;
}

std::string ProbeWatch::mappingName() const
{
    return m_inspector->mapping().name;
}

void ProbeWatch::start(std::function<Millis()> now, std::function<void(const WatchedRow&)> seen)
{
    m_now = std::move(now);
    m_seen = std::move(seen);
    m_thread = std::thread([this] { loop(); });
}

void ProbeWatch::follow(const std::string& key, const std::string& storedAs)
{
    std::lock_guard<std::mutex> lock(m_mutex);
    for (const std::string& lookup : { key, storedAs }) {
        if (lookup.empty())
            continue;
        const std::pair<std::string, std::string> entry { lookup, key };
        if (std::find(m_keys.begin(), m_keys.end(), entry) == m_keys.end())
            m_keys.push_back(entry);
    }
}

std::string ProbeWatch::problem() const
{
    std::lock_guard<std::mutex> lock(m_mutex);
    return m_problem;
}

void ProbeWatch::loop()
{
    for (;;) {
        {
            std::unique_lock<std::mutex> lock(m_mutex);
            if (m_wake.wait_for(lock, std::chrono::milliseconds(50), [this] { return m_stop; }))
                return;
            if (!m_problem.empty())
                continue;
        }
        pollOnce();
    }
}

void ProbeWatch::pollOnce()
{
    std::vector<std::pair<std::string, std::string>> keys;
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        keys = m_keys;
    }
    try {
        for (const auto& [lookup, key] : keys) {
            const Millis at = m_now();
            std::vector<LiveRecord> found;
            if (const auto located = m_inspector->locateKey(lookup, LiveOrder::ByKey)) {
                LivePageQuery q;
                q.order = LiveOrder::ByKey;
                q.from = LivePageQuery::From::AtKey;
                q.cursor = located->cursor;
                q.limit = 8;
                for (LiveRecord& r : m_inspector->page(q).records)
                    if (r.scope.key == lookup)
                        found.push_back(std::move(r));
            }
            std::lock_guard<std::mutex> lock(m_mutex);
            // The last observation of each scope of this key: a new one is kept only when something changed.
            std::map<std::tuple<std::string, std::string>, const WatchedRow*> last;
            for (const WatchedRow& w : m_rows)
                if (w.key == key && w.storedKey == lookup)
                    last[{ w.actor, w.operation }] = &w;
            std::vector<WatchedRow> fresh;
            for (const LiveRecord& r : found) {
                WatchedRow w;
                w.atMs = at;
                w.key = key;
                w.storedKey = lookup;
                w.actor = r.scope.actor;
                w.operation = r.scope.operation;
                w.state = std::string(stateName(r.state));
                w.storedState = r.storedState;
                w.statusCode = r.statusCode;
                w.resultId = r.resultId;
                w.createdMs = r.createdMs;
                const auto it = last.find({ w.actor, w.operation });
                if (it != last.end()) {
                    const WatchedRow& p = *it->second;
                    last.erase(it);
                    if (p.state == w.state && p.storedState == w.storedState && p.statusCode == w.statusCode
                        && p.resultId == w.resultId && p.createdMs == w.createdMs)
                        continue;
                }
                fresh.push_back(std::move(w));
            }
            for (const auto& [scope, p] : last) {
                if (p->state == "absent")
                    continue;
                WatchedRow gone = *p;
                gone.atMs = at;
                gone.state = "absent";
                gone.storedState.clear();
                gone.statusCode.reset();
                gone.resultId.reset();
                fresh.push_back(std::move(gone));
            }
            for (WatchedRow& w : fresh) {
                m_rows.push_back(w);
                if (m_seen)
                    m_seen(w);
            }
        }
    } catch (const std::exception& e) {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_problem = e.what();
    }
}

std::vector<WatchedRow> ProbeWatch::finish()
{
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_stop = true;
    }
    m_wake.notify_all();
    if (m_thread.joinable())
        m_thread.join();
    if (problem().empty())
        pollOnce();
    std::lock_guard<std::mutex> lock(m_mutex);
    std::stable_sort(
        m_rows.begin(), m_rows.end(), [](const WatchedRow& a, const WatchedRow& b) { return a.atMs < b.atMs; });
    return m_rows;
}

} // namespace iw
