// Reading an evidence file: plain or gzip-compressed (zlib reads both; the gzip magic tells which), by lines of at
// most a bound (a longer line is skipped whole, without holding it, and named), or whole for a JSON document. Every
// line handed out has simdjson's padding readable after it, so it is parsed in place.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace iw {

class EvidenceInput {
public:
    static constexpr std::size_t DefaultMaxLine = 16u << 20; // 16 MiB
    // Opens `path`; false with error() set when it cannot be read.
    bool open(const std::string& path);
    ~EvidenceInput();

    bool compressed() const { return m_compressed; }
    const std::string& error() const { return m_error; }

    // The first bytes of the (decompressed) content, up to `n`, without consuming them.
    std::string_view peek(std::size_t n);

    // The next line (without its "\n" or "\r\n"); false at the end or on a read error (error() then set).
    // A line over maxLine is skipped: nextLine returns it as empty with `tooLong` set.
    bool nextLine(std::string_view& line, bool& tooLong);
    std::uint64_t lineNumber() const { return m_line; }
    void setMaxLine(std::size_t n) { m_maxLine = n; }

    // Everything left, up to `limit` bytes (false with error() past it). `keepReading`, when set, is asked after
    // each piece read (a few MiB) with the bytes read so far: false stops the reading (false, error() "cancelled").
    bool readAll(std::string& out, std::size_t limit, const std::function<bool(std::uint64_t)>& keepReading = {});
    std::uint64_t bytesRead() const { return m_consumed; }

private:
    bool fill(); // reads more into m_buf after m_end; false at the end
    void* m_gz = nullptr; // gzFile
    int m_fd = -1; // a plain file: read directly
    bool m_compressed = false;
    bool m_eof = false;
    std::string m_error;
    std::string m_path;
    std::vector<char> m_buf;
    std::size_t m_begin = 0;
    std::size_t m_end = 0;
    std::size_t m_maxLine = DefaultMaxLine;
    std::uint64_t m_line = 0;
    std::uint64_t m_consumed = 0;
};

// What the first bytes of a file look like when they are no text: "a PNG image", "a PDF document", "binary data".
std::optional<std::string> binaryKind(std::string_view head);

} // namespace iw
