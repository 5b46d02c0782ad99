// Reading an evidence file: plain or gzip-compressed (zlib reads both; the gzip magic tells which), by lines of at
// most a bound (a longer line is skipped whole, without holding it, and named), or whole for a JSON document. Every
// line handed out has simdjson's padding readable after it, so it is parsed in place.
//
// A plain regular file of at least `mapMinBytes` is mapped (mmap, MADV_SEQUENTIAL) and its lines handed out in place,
// without the kernel's copy into a buffer; the pages read are let go behind the reading, so the resident size does
// not grow with the file. Pipes, compressed files and files that cannot be mapped are read with read(2) (or zlib)
// into a buffer. A mapped file cut short while it is read (a log truncated by a rotation) does not crash the
// reading: what was cut reads as zeros and the input reports the error (evidenceinput.cpp's SIGBUS guard).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace iw {

class EvidenceInput {
public:
    static constexpr std::size_t DefaultMaxLine = 16u << 20; // 16 MiB
    static constexpr std::uint64_t DefaultMapMinBytes = 4u << 20; // smaller files: read(2) is as fast
    // Opens `path`; false with error() set when it cannot be read. A plain regular file of `mapMinBytes` or more is
    // mapped (UINT64_MAX: never).
    bool open(const std::string& path, std::uint64_t mapMinBytes = DefaultMapMinBytes);
    ~EvidenceInput();

    bool compressed() const { return m_compressed; }
    bool mapped() const { return m_map != nullptr; }
    // The mapped file's size and identity (device, inode): the parts of one reading must map the same file.
    std::uint64_t mappedSize() const { return m_mapSize; }
    std::pair<std::uint64_t, std::uint64_t> fileId() const { return m_fileId; }
    const std::string& error() const { return m_error; }

    // The first bytes of the (decompressed) content, up to `n`, without consuming them.
    std::string_view peek(std::size_t n);

    // The next line (without its "\n" or "\r\n"); false at the end or on a read error (error() then set).
    // A line over maxLine is skipped: nextLine returns it as empty with `tooLong` set.
    bool nextLine(std::string_view& line, bool& tooLong);
    std::uint64_t lineNumber() const { return m_line; }
    void setMaxLine(std::size_t n) { m_maxLine = n; }

    // A mapped file's bytes from where the next line starts, at most `window` of them (fewer at a part's end), with at
    // least kReadPast readable bytes after them, for a scan that finds the line's end itself (no separate search for
    // it); empty when the file is not mapped or the rest is too short (then nextLine reads it). The scan hands back
    // how many bytes the line took, its "\n" included (takeMapped), or reads it with nextLine after all.
    static constexpr std::size_t kReadPast = 64;
    std::string_view mappedAhead(std::size_t window);
    // The next line taken as the first `length` bytes of mappedAhead's view, its "\n" the last of them. False when
    // the mapped file was cut short meanwhile (nothing taken: nextLine then ends the reading with error() set).
    bool takeMapped(std::size_t length);

    // Everything left, up to `limit` bytes (false with error() past it). `keepReading`, when set, is asked after
    // each piece read (a few MiB) with the bytes read so far: false stops the reading (false, error() "cancelled").
    bool readAll(std::string& out, std::size_t limit, const std::function<bool(std::uint64_t)>& keepReading = {});
    std::uint64_t bytesRead() const { return m_consumed; }

    // A part of a mapped file (reconstruct's second thread): the lines of the bytes [from, to), `from` the start of a
    // line, numbered from firstLine + 1; bytesRead() counts from `from`. Only before any line was read; false when
    // the file is not mapped.
    bool setRange(std::uint64_t from, std::uint64_t to, std::uint64_t firstLine);
    // Where the first line that starts at or after `at` starts in the mapped file; nullopt when none starts within
    // `within` bytes, or the file is not mapped.
    std::optional<std::uint64_t> lineStartAfter(std::uint64_t at, std::size_t within = 1u << 20) const;

private:
    bool fill(); // reads more into m_buf after m_end; false at the end
    bool mapFile(int fd, std::uint64_t size); // true: the file is mapped and m_map set
    bool nextMappedLine(std::string_view& line, bool& tooLong);
    void leaveMap(); // the rest of the mapping copied into m_buf, the mapping gone
    void dropBehind(); // the mapped pages before m_begin let go, those ahead of it filled in
    bool mapCut(); // the mapped file was cut short while read: error() set
    const char* m_map = nullptr; // the whole file, mapped; m_begin and m_mapSize index it
    std::size_t m_mapSize = 0;
    std::size_t m_limit = 0; // where the lines handed out end: the mapping's size, or a part's end
    std::pair<std::uint64_t, std::uint64_t> m_fileId { 0, 0 };
    std::size_t m_dropped = 0;
    std::size_t m_fetched = 0; // the mapping's bytes before this were fetched into the cache ahead of the reading
    std::size_t m_populated = 0; // the mapping's page tables are filled up to here // the mapping's bytes before this
                                 // are let go (page-aligned)
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
