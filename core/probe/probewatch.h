// Follows the service's own idempotency table while the probe runs (docs/reference/probe.md --watch-*), through
// core/live's public API only: a read-only session (docs/manual/live-tables.md), each probe key located by its key
// column and its row read in its own READ ONLY transaction, on a thread of its own polling every 50 ms. What it sees —
// in_progress, then completed, or stuck — joins the exchanges on one timeline.
#pragma once

#include "probe.h"

#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace iw {

class LiveConnection;
class LiveInspector;

class ProbeWatch {
public:
    // Opens the session and checks the table against the mapping (a preset name or a mapping file). Throws LiveError
    // (a database error: unreachable, refused, the table or a column missing) or MappingError (bad input).
    ProbeWatch(const std::string& conninfo, const std::string& table, const std::string& mapping);
    ~ProbeWatch();
    ProbeWatch(const ProbeWatch&) = delete;
    ProbeWatch& operator=(const ProbeWatch&) = delete;

    std::string tableName() const;
    std::string mappingName() const;

    // Starts polling; `now` gives the probe's clock (ms since it began), `seen` each new observation (called on the
    // polling thread).
    void start(std::function<Millis()> now, std::function<void(const WatchedRow&)> seen);
    // A probe key to follow from now on (the key as the service reads it). `storedAs`: the text to look the row up
    // by when it differs (the header's text, quotes included, for a service that may keep the key as sent); rows found
    // by either are reported under `key`.
    void follow(const std::string& key, const std::string& storedAs = {});
    // One last look at every followed key, then the thread stops. Returns every observation, in time order.
    std::vector<WatchedRow> finish();
    // Why polling stopped before finish(), if it did.
    std::string problem() const;

private:
    void loop();
    void pollOnce();

    std::unique_ptr<LiveConnection> m_connection;
    std::unique_ptr<LiveInspector> m_inspector;
    std::function<Millis()> m_now;
    std::function<void(const WatchedRow&)> m_seen;
    mutable std::mutex m_mutex;
    std::condition_variable m_wake;
    std::vector<std::pair<std::string, std::string>> m_keys; // (text looked up, key reported)
    std::vector<WatchedRow> m_rows;
    std::string m_problem;
    bool m_stop = false;
    std::thread m_thread;
};

} // namespace iw
