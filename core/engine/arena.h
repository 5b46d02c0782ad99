// Append-only string storage for the large in-memory tables (scopes, records): one allocation per 64 KiB chunk
// instead of one per string, and views that stay valid while the arena lives, because chunks never move.
#pragma once

#include <algorithm>
#include <cstring>
#include <initializer_list>
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
        char* at = take(text.size());
        std::memcpy(at, text.data(), text.size());
        return { at, text.size() };
    }
    // Stable copies of `parts` side by side, as one text (without building the joined string first).
    std::string_view add(std::initializer_list<std::string_view> parts)
    {
        std::size_t size = 0;
        for (const std::string_view part : parts)
            size += part.size();
        if (size == 0)
            return {};
        char* const at = take(size);
        char* next = at;
        for (const std::string_view part : parts) {
            if (!part.empty())
                std::memcpy(next, part.data(), part.size());
            next += part.size();
        }
        return { at, size };
    }
    void clear()
    {
        m_chunks.clear();
        m_next = nullptr;
        m_left = 0;
        m_bytes = 0;
    }
    std::size_t bytes() const { return m_bytes; }

    // Where the arena ends now; rollback() forgets every text added after it (explore goes back to a saved state,
    // whose views all point before the mark).
    struct Mark {
        std::size_t chunks = 0;
        char* next = nullptr;
        std::size_t left = 0;
        std::size_t bytes = 0;
    };
    Mark mark() const { return { m_chunks.size(), m_next, m_left, m_bytes }; }
    void rollback(const Mark& m)
    {
        m_chunks.resize(m.chunks);
        m_next = m.next;
        m_left = m.left;
        m_bytes = m.bytes;
    }

private:
    // `size` (> 0) contiguous bytes.
    char* take(std::size_t size)
    {
        if (size > m_left) {
            const std::size_t chunk = std::max(kChunk, size);
            m_chunks.push_back(std::make_unique_for_overwrite<char[]>(chunk));
            m_next = m_chunks.back().get();
            m_left = chunk;
            m_bytes += chunk;
        }
        char* at = m_next;
        m_next += size;
        m_left -= size;
        return at;
    }

    static constexpr std::size_t kChunk = 64 * 1024;
    std::vector<std::unique_ptr<char[]>> m_chunks;
    char* m_next = nullptr;
    std::size_t m_left = 0;
    std::size_t m_bytes = 0;
};

} // namespace iw
