// Append-only string storage for the large in-memory tables (scopes, records): one allocation per 64 KiB chunk
// instead of one per string, and views that stay valid while the arena lives, because chunks never move.
#pragma once

#include <algorithm>
#include <cstring>
#include <memory>
#include <string_view>
#include <vector>

namespace iw {

class StringArena {
public:
    // A stable copy of `text`; the empty string needs no storage.
    std::string_view add(std::string_view text)
    {
        if (text.empty())
            return {};
        if (text.size() > m_left) {
            const std::size_t size = std::max(kChunk, text.size());
            m_chunks.push_back(std::make_unique_for_overwrite<char[]>(size));
            m_next = m_chunks.back().get();
            m_left = size;
            m_bytes += size;
        }
        char* at = m_next;
        std::memcpy(at, text.data(), text.size());
        m_next += text.size();
        m_left -= text.size();
        return { at, text.size() };
    }
    void clear()
    {
        m_chunks.clear();
        m_next = nullptr;
        m_left = 0;
        m_bytes = 0;
    }
    std::size_t bytes() const { return m_bytes; }

private:
    static constexpr std::size_t kChunk = 64 * 1024;
    std::vector<std::unique_ptr<char[]>> m_chunks;
    char* m_next = nullptr;
    std::size_t m_left = 0;
    std::size_t m_bytes = 0;
};

} // namespace iw
