// Evidence files through zlib: gzopen reads a gzip stream or, transparently, plain bytes.
#include "evidenceinput.h"

#include <simdjson.h>
#include <zlib.h>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <limits>
#include <mutex>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace iw {

namespace {
constexpr std::size_t kChunk = 1u << 20;
constexpr std::size_t kPadding = simdjson::SIMDJSON_PADDING;
constexpr std::size_t kDropEvery = 32u << 20; // the mapped pages behind the reading are let go in steps of this
constexpr std::size_t kPopulateAhead = 8u << 20; // the mapped pages ahead of the reading are filled in steps of this
constexpr std::size_t kFetchAhead = 4096; // the mapped bytes ahead of the reading brought into the cache

// A cache line fetched ahead of its use (an asm statement: Debian's GCC 12 dropped __builtin_prefetch in the reading
// loops, objdump showed).
inline void fetchLine(const char* p)
{
#if defined(__x86_64__) || defined(__i386__)
    asm volatile("prefetcht0 %0" : : "m"(*p));
#else
    __builtin_prefetch(p);
#endif
}
#ifdef MADV_POPULATE_READ
constexpr int kMadvPopulateRead = MADV_POPULATE_READ;
#else
constexpr int kMadvPopulateRead = 22; // Linux's value; glibc's headers before 2.35 lack it
#endif

// The SIGBUS guard of mapped evidence. Reading a mapped page past the end of a file that was cut short after it was
// mapped (a log truncated by a rotation) raises SIGBUS; the handler maps zeros over the rest of that mapping, marks
// it cut and returns, so the read goes on (reading zeros) and the input reports the cut instead of the process
// dying. A fault outside every evidence mapping goes to the handler there was before (by default: the process ends
// as it would have).
struct GuardSlot {
    std::atomic<std::uintptr_t> begin { 0 };
    std::atomic<std::uintptr_t> end { 0 };
    std::atomic<bool> cut { false };
};
constexpr int kGuardSlots = 64; // mappings open at once; more are read with read(2)
GuardSlot s_guard[kGuardSlots];
struct sigaction s_previousBus;
std::once_flag s_guardInstalled;

void onSigbus(int sig, siginfo_t* info, void* context)
{
    const auto at = reinterpret_cast<std::uintptr_t>(info->si_addr);
    for (GuardSlot& slot : s_guard) {
        const std::uintptr_t begin = slot.begin.load(std::memory_order_acquire);
        const std::uintptr_t end = slot.end.load(std::memory_order_acquire);
        if (begin == 0 || at < begin || at >= end)
            continue;
        const auto page = static_cast<std::uintptr_t>(sysconf(_SC_PAGESIZE));
        const std::uintptr_t from = at & ~(page - 1);
        const int saved = errno;
        void* zeros = mmap(
            reinterpret_cast<void*>(from), end - from, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
        errno = saved;
        if (zeros == MAP_FAILED)
            break; // cannot recover: as if there were no guard
        slot.cut.store(true, std::memory_order_release);
        return;
    }
    if (s_previousBus.sa_flags & SA_SIGINFO) {
        if (s_previousBus.sa_sigaction)
            s_previousBus.sa_sigaction(sig, info, context);
        return;
    }
    if (s_previousBus.sa_handler == SIG_IGN)
        return;
    if (s_previousBus.sa_handler != SIG_DFL) {
        s_previousBus.sa_handler(sig);
        return;
    }
    // The default: end the process as SIGBUS does (the faulting read runs again, now without a handler).
    signal(SIGBUS, SIG_DFL);
}

GuardSlot* guardMapping(const char* begin, std::size_t size)
{
    std::call_once(s_guardInstalled, [] {
        struct sigaction action { };
        action.sa_sigaction = onSigbus;
        action.sa_flags = SA_SIGINFO | SA_NODEFER;
        sigemptyset(&action.sa_mask);
        sigaction(SIGBUS, &action, &s_previousBus);
    });
    for (GuardSlot& slot : s_guard) {
        std::uintptr_t free = 0;
        if (slot.begin.load(std::memory_order_relaxed) != 0)
            continue;
        slot.end.store(reinterpret_cast<std::uintptr_t>(begin + size), std::memory_order_release);
        slot.cut.store(false, std::memory_order_release);
        if (slot.begin.compare_exchange_strong(free, reinterpret_cast<std::uintptr_t>(begin)))
            return &slot;
    }
    return nullptr;
}

GuardSlot* guardOf(const char* begin)
{
    for (GuardSlot& slot : s_guard)
        if (slot.begin.load(std::memory_order_acquire) == reinterpret_cast<std::uintptr_t>(begin))
            return &slot;
    return nullptr;
}

} // namespace

EvidenceInput::~EvidenceInput()
{
    if (m_map) {
        if (GuardSlot* slot = guardOf(m_map))
            slot->begin.store(0, std::memory_order_release);
        munmap(const_cast<char*>(m_map), m_mapSize);
    }
    if (m_fd >= 0)
        ::close(m_fd);
    if (m_gz)
        gzclose(static_cast<gzFile>(m_gz));
}

bool EvidenceInput::mapFile(int fd, std::uint64_t size)
{
    if (size == 0 || size > std::numeric_limits<std::size_t>::max() / 2)
        return false;
    void* p = mmap(nullptr, static_cast<std::size_t>(size), PROT_READ, MAP_PRIVATE, fd, 0);
    if (p == MAP_FAILED)
        return false;
    const auto* data = static_cast<const char*>(p);
    // Guarded before the first byte is read: the file may have been cut since fstat.
    if (!guardMapping(data, static_cast<std::size_t>(size))) {
        munmap(p, static_cast<std::size_t>(size));
        return false;
    }
    madvise(p, static_cast<std::size_t>(size), MADV_SEQUENTIAL);
    // A gzip stream is zlib's to read.
    if (size >= 2 && data[0] == '\x1f' && data[1] == '\x8b') {
        guardOf(data)->begin.store(0, std::memory_order_release);
        munmap(p, static_cast<std::size_t>(size));
        return false;
    }
    m_map = data;
    m_mapSize = static_cast<std::size_t>(size);
    m_limit = m_mapSize;
    return true;
}

bool EvidenceInput::setRange(std::uint64_t from, std::uint64_t to, std::uint64_t firstLine)
{
    if (!m_map || m_line != 0 || m_consumed != 0 || from > to || to > m_mapSize)
        return false;
    const auto page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    m_begin = static_cast<std::size_t>(from);
    m_limit = static_cast<std::size_t>(to);
    m_dropped = m_begin & ~(page - 1);
    m_populated = m_dropped;
    m_line = firstLine;
    return true;
}

std::optional<std::uint64_t> EvidenceInput::lineStartAfter(std::uint64_t at, std::size_t within) const
{
    if (!m_map || at > m_mapSize)
        return std::nullopt;
    if (at == 0)
        return 0;
    // The line that holds byte at - 1 ends somewhere from there.
    const std::size_t from = static_cast<std::size_t>(at - 1);
    const void* nl = std::memchr(m_map + from, '\n', std::min(within, m_mapSize - from));
    if (!nl)
        return std::nullopt;
    return static_cast<std::uint64_t>(static_cast<const char*>(nl) - m_map) + 1;
}

bool EvidenceInput::mapCut()
{
    const GuardSlot* slot = guardOf(m_map);
    if (!slot || !slot->cut.load(std::memory_order_acquire))
        return false;
    m_error = "cannot read " + m_path + ": the file was cut short while it was read (truncated by a log rotation?)";
    return true;
}

void EvidenceInput::dropBehind()
{
    if (m_begin + kPopulateAhead / 2 >= m_populated && m_populated < m_limit) {
        // The page tables of the next pieces filled in one call (MADV_POPULATE_READ, Linux 5.14), rather than by a
        // fault every sixteen pages; an older kernel refuses it and the faults do the same.
        const auto page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
        const std::size_t from = std::max(m_populated, m_begin & ~(page - 1));
        const std::size_t to = std::min(from + kPopulateAhead, m_limit);
        if (to > from)
            madvise(const_cast<char*>(m_map) + from, to - from, kMadvPopulateRead);
        m_populated = to;
    }
    if (m_begin < m_dropped + kDropEvery)
        return;
    const auto page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    const std::size_t upTo = m_begin & ~(page - 1);
    if (upTo > m_dropped) {
        madvise(const_cast<char*>(m_map) + m_dropped, upTo - m_dropped, MADV_DONTNEED);
        m_dropped = upTo;
    }
}

void EvidenceInput::leaveMap()
{
    const std::size_t rest = m_limit - m_begin;
    m_buf.assign(rest + kPadding, '\0');
    std::memcpy(m_buf.data(), m_map + m_begin, rest);
    const bool cut = mapCut();
    if (GuardSlot* slot = guardOf(m_map))
        slot->begin.store(0, std::memory_order_release);
    munmap(const_cast<char*>(m_map), m_mapSize);
    m_map = nullptr;
    m_begin = 0;
    m_end = rest;
    m_eof = true;
    if (cut)
        m_end = 0; // error() tells
}

bool EvidenceInput::nextMappedLine(std::string_view& line, bool& tooLong)
{
    tooLong = false;
    if (m_begin >= m_limit) {
        mapCut();
        return false;
    }
    dropBehind();
    const char* const base = m_map;
    const void* nl = std::memchr(base + m_begin, '\n', m_limit - m_begin);
    if (mapCut())
        return false;
    const std::size_t at = nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - base) : m_limit;
    const std::size_t next = nl ? at + 1 : m_limit;
    if (at - m_begin > m_maxLine) {
        // Skipped whole, where it lies: nothing of it is held.
        tooLong = true;
        line = {};
        ++m_line;
        m_consumed += next - m_begin;
        m_begin = next;
        return true;
    }
    if (at + kPadding > m_mapSize) {
        // The file's last bytes: the line needs simdjson's padding after it, which the mapping may not have.
        leaveMap();
        if (!m_error.empty())
            return false;
        return nextLine(line, tooLong);
    }
    // The lines a few kilobytes ahead fetched now: the hardware's own prefetch stops at each 4 KiB page, so without
    // this the search for each page's first line end waited for memory.
    const std::size_t ahead = std::min(next + kFetchAhead, m_limit);
    for (m_fetched = std::max(m_fetched, next); m_fetched < ahead; m_fetched += 64)
        fetchLine(base + m_fetched);
    std::size_t len = at - m_begin;
    const char* start = base + m_begin;
    if (len > 0 && start[len - 1] == '\r')
        --len;
    line = std::string_view(start, len);
    ++m_line;
    m_consumed += next - m_begin;
    m_begin = next;
    return true;
}

std::string_view EvidenceInput::mappedAhead(std::size_t window)
{
    static_assert(kReadPast <= kPadding);
    if (!m_map || m_begin >= m_limit)
        return {};
    const std::size_t n = std::min(window, m_limit - m_begin);
    // The file's last bytes: nextLine copies them out of the mapping, with the padding after them.
    if (m_begin + n + kPadding > m_mapSize)
        return {};
    dropBehind();
    return { m_map + m_begin, n };
}

bool EvidenceInput::takeMapped(std::size_t length)
{
    if (mapCut())
        return false;
    const std::size_t next = m_begin + length;
    const std::size_t ahead = std::min(next + kFetchAhead, m_limit);
    for (m_fetched = std::max(m_fetched, next); m_fetched < ahead; m_fetched += 64)
        fetchLine(m_map + m_fetched);
    ++m_line;
    m_consumed += length;
    m_begin = next;
    return true;
}

bool EvidenceInput::open(const std::string& path, std::uint64_t mapMinBytes)
{
    m_path = path;
    // The path is opened once: a named pipe opened, closed and opened again would lose its writer (who sees the first
    // reader leave) and then wait for another forever.
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        m_error = "cannot read " + path + ": " + std::strerror(errno);
        return false;
    }
    struct stat st { };
    const bool regular = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
    // A plain regular file large enough is mapped; anything else (a pipe, a compressed file) is read below.
    if (mapMinBytes != std::numeric_limits<std::uint64_t>::max() && regular
        && static_cast<std::uint64_t>(st.st_size) >= mapMinBytes
        && mapFile(fd, static_cast<std::uint64_t>(st.st_size))) {
        m_fileId = { static_cast<std::uint64_t>(st.st_dev), static_cast<std::uint64_t>(st.st_ino) };
        ::close(fd);
        m_end = m_mapSize;
        return true;
    }
    errno = 0;
    gzFile gz = gzdopen(fd, "rb"); // zlib owns the descriptor from here: gzclose closes it
    if (!gz) {
        ::close(fd);
        m_error = "cannot read " + path + ": " + (errno ? std::strerror(errno) : "out of memory");
        return false;
    }
    gzbuffer(gz, 256 * 1024);
    m_gz = gz;
    m_buf.resize(kChunk + kPadding);
    if (!fill() && !m_error.empty())
        return false;
    m_compressed = gzdirect(gz) == 0;
    if (!m_compressed && regular) {
        // Plain bytes of a regular file are read straight into the buffer: zlib's transparent mode would copy them
        // twice. The bytes zlib already handed out stay; a descriptor of its own continues where zlib's reads left
        // off. (A pipe cannot be opened again nor seek: it stays with zlib.)
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
    if (m_map) {
        // The first bytes: a fault here (the file cut since it was mapped) reads as zeros, and mapCut tells.
        const std::string_view head(m_map + m_begin, std::min(n, m_mapSize - m_begin));
        for (std::size_t i = 0; i < head.size(); i += 4096)
            static_cast<void>(*static_cast<const volatile char*>(head.data() + i)); // each page read now
        if (mapCut())
            return {};
        return head;
    }
    while (m_end - m_begin < n && fill()) { }
    return { m_buf.data() + m_begin, std::min(n, m_end - m_begin) };
}

bool EvidenceInput::nextLine(std::string_view& line, bool& tooLong)
{
    if (m_map)
        return nextMappedLine(line, tooLong);
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
    if (m_map) {
        out.clear();
        while (m_begin < m_mapSize) {
            const std::size_t piece = std::min<std::size_t>(m_mapSize - m_begin, kChunk); // as read(2) reads
            if (out.size() + piece > limit) {
                m_error = m_path + " is larger than " + std::to_string(limit >> 20) + " MiB";
                return false;
            }
            out.append(m_map + m_begin, piece);
            m_begin += piece;
            dropBehind();
            if (mapCut())
                return false;
            if (keepReading && !keepReading(m_consumed + out.size())) {
                m_error = "cancelled";
                return false;
            }
        }
        m_consumed += out.size();
        return true;
    }
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
