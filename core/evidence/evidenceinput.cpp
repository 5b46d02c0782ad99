// Evidence files through zlib: gzopen reads a gzip stream or, transparently, plain bytes.
#include "evidenceinput.h"

#include <simdjson.h>
#include <zlib.h>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace iw {

namespace {
constexpr std::size_t kChunk = 1u << 20;
constexpr std::size_t kPadding = simdjson::SIMDJSON_PADDING;
} // namespace

EvidenceInput::~EvidenceInput()
{
    if (m_fd >= 0)
        ::close(m_fd);
    if (m_gz)
        gzclose(static_cast<gzFile>(m_gz));
}

bool EvidenceInput::open(const std::string& path)
{
    m_path = path;
    errno = 0;
    gzFile gz = gzopen(path.c_str(), "rb");
    if (!gz) {
        m_error = "cannot read " + path + ": " + (errno ? std::strerror(errno) : "out of memory");
        return false;
    }
    gzbuffer(gz, 256 * 1024);
    m_gz = gz;
    m_buf.resize(kChunk + kPadding);
    if (!fill() && !m_error.empty())
        return false;
    m_compressed = gzdirect(gz) == 0;
    if (!m_compressed) {
        // Plain bytes are read straight into the buffer: zlib's transparent mode would copy them twice. The bytes
        // zlib already handed out stay; the descriptor continues where zlib's reads left off.
        m_fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        if (m_fd >= 0) {
            const z_off_t consumed = gzoffset(gz);
            if (consumed < 0 || ::lseek(m_fd, consumed, SEEK_SET) != consumed
                || static_cast<std::size_t>(gztell(gz)) != m_end) {
                ::close(m_fd);
                m_fd = -1;
            }
        }
    }
    return true;
}

bool EvidenceInput::fill()
{
    if (m_eof)
        return false;
    // Keep what is not consumed at the front.
    if (m_begin > 0) {
        std::memmove(m_buf.data(), m_buf.data() + m_begin, m_end - m_begin);
        m_end -= m_begin;
        m_begin = 0;
    }
    if (m_buf.size() - kPadding - m_end < kChunk / 2)
        m_buf.resize(m_buf.size() + kChunk);
    const std::size_t room = m_buf.size() - kPadding - m_end;
    if (m_fd >= 0) {
        ssize_t n;
        do
            n = ::read(m_fd, m_buf.data() + m_end, room);
        while (n < 0 && errno == EINTR);
        if (n < 0) {
            m_error = "cannot read " + m_path + ": " + std::strerror(errno);
            m_eof = true;
            return false;
        }
        if (n == 0) {
            m_eof = true;
            return false;
        }
        m_end += static_cast<std::size_t>(n);
        std::memset(m_buf.data() + m_end, 0, kPadding);
        return true;
    }
    const int n = gzread(static_cast<gzFile>(m_gz), m_buf.data() + m_end, static_cast<unsigned>(room));
    if (n < 0) {
        int code = 0;
        const char* why = gzerror(static_cast<gzFile>(m_gz), &code);
        m_error = "cannot read " + m_path + ": " + (code == Z_ERRNO ? std::strerror(errno) : why);
        m_eof = true;
        return false;
    }
    if (n == 0) {
        // A gzip stream cut short reads as its end with an error.
        int code = 0;
        const char* why = gzerror(static_cast<gzFile>(m_gz), &code);
        if (code != Z_OK && code != Z_STREAM_END)
            m_error = "cannot read " + m_path + ": " + why + " (a compressed file cut short?)";
        m_eof = true;
        return false;
    }
    m_end += static_cast<std::size_t>(n);
    std::memset(m_buf.data() + m_end, 0, kPadding);
    return true;
}

std::string_view EvidenceInput::peek(std::size_t n)
{
    while (m_end - m_begin < n && fill()) { }
    return { m_buf.data() + m_begin, std::min(n, m_end - m_begin) };
}

bool EvidenceInput::nextLine(std::string_view& line, bool& tooLong)
{
    tooLong = false;
    std::size_t scanned = m_begin;
    for (;;) {
        const void* nl = std::memchr(m_buf.data() + scanned, '\n', m_end - scanned);
        if (nl) {
            const std::size_t at = static_cast<std::size_t>(static_cast<const char*>(nl) - m_buf.data());
            std::size_t len = at - m_begin;
            const char* start = m_buf.data() + m_begin;
            if (len > 0 && start[len - 1] == '\r')
                --len;
            line = std::string_view(start, len);
            m_consumed += at + 1 - m_begin;
            m_begin = at + 1;
            ++m_line;
            return true;
        }
        if (m_end - m_begin > m_maxLine) {
            // Skip to the end of this line without holding it.
            tooLong = true;
            ++m_line;
            m_consumed += m_end - m_begin;
            m_begin = m_end = 0;
            for (;;) {
                if (!fill()) {
                    line = {};
                    return true;
                }
                const void* skip = std::memchr(m_buf.data(), '\n', m_end);
                if (skip) {
                    const std::size_t at = static_cast<std::size_t>(static_cast<const char*>(skip) - m_buf.data());
                    m_consumed += at + 1;
                    m_begin = at + 1;
                    line = {};
                    return true;
                }
                m_consumed += m_end;
                m_end = 0;
            }
        }
        scanned = m_end;
        const std::size_t begin = m_begin;
        if (!fill()) {
            if (m_end > m_begin) {
                std::size_t len = m_end - m_begin;
                const char* start = m_buf.data() + m_begin;
                if (len > 0 && start[len - 1] == '\r')
                    --len;
                line = std::string_view(start, len);
                m_consumed += m_end - m_begin;
                m_begin = m_end;
                ++m_line;
                return true;
            }
            return false;
        }
        scanned -= begin - m_begin; // fill() moved the unconsumed bytes to the front
    }
}

bool EvidenceInput::readAll(std::string& out, std::size_t limit, const std::function<bool(std::uint64_t)>& keepReading)
{
    out.assign(m_buf.data() + m_begin, m_end - m_begin);
    m_begin = m_end = 0;
    while (fill()) {
        if (out.size() + m_end > limit) {
            m_error = m_path + " is larger than " + std::to_string(limit >> 20) + " MiB";
            return false;
        }
        out.append(m_buf.data(), m_end);
        m_end = 0;
        if (keepReading && !keepReading(m_consumed + out.size())) {
            m_error = "cancelled";
            return false;
        }
    }
    m_consumed += out.size();
    return m_error.empty();
}

std::optional<std::string> binaryKind(std::string_view head)
{
    const auto starts = [&](std::string_view magic) { return head.substr(0, magic.size()) == magic; };
    if (starts("\x89PNG"))
        return "a PNG image";
    if (starts("\xFF\xD8\xFF"))
        return "a JPEG image";
    if (starts("GIF8"))
        return "a GIF image";
    if (starts("%PDF"))
        return "a PDF document";
    if (starts("PK\x03\x04"))
        return "a ZIP archive";
    if (starts(std::string_view("\x1f\x8b", 2)))
        return "gzip data that does not decompress";
    // NUL in the first line: no text format starts so (a later binary line is one bad line, counted and named).
    const std::string_view first = head.substr(0, std::min<std::size_t>(head.find('\n'), 4096));
    if (first.find('\0') != std::string_view::npos)
        return "binary data";
    return std::nullopt;
}

} // namespace iw
