// Writing a report to its target (see reportoutput.h).
#include "reportoutput.h"

#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <streambuf>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

namespace iw {

namespace {

constexpr std::size_t kSlice = 1 << 16;

// The first failure wins: later writes are skipped, and finish() reports it.
class Sink : public std::streambuf {
public:
    std::string failure;

    int overflow(int c) override
    {
        if (c != traits_type::eof())
            m_buffer.push_back(static_cast<char>(c));
        if (m_buffer.size() >= kSlice)
            drain();
        return failure.empty() ? traits_type::not_eof(c) : traits_type::eof();
    }
    std::streamsize xsputn(const char* s, std::streamsize n) override
    {
        m_buffer.append(s, static_cast<std::size_t>(n));
        if (m_buffer.size() >= kSlice)
            drain();
        return failure.empty() ? n : 0;
    }
    int sync() override
    {
        drain();
        return failure.empty() ? 0 : -1;
    }

protected:
    virtual void writeOut(const char* data, std::size_t size) = 0;

private:
    void drain()
    {
        if (failure.empty() && !m_buffer.empty())
            writeOut(m_buffer.data(), m_buffer.size());
        m_buffer.clear();
    }
    std::string m_buffer;
};

class DescriptorSink final : public Sink {
public:
    int fd = -1;

protected:
    void writeOut(const char* data, std::size_t size) override
    {
        while (size > 0) {
            const ssize_t n = ::write(fd, data, size);
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0) {
                failure = n < 0 ? std::strerror(errno) : "nothing could be written";
                return;
            }
            data += n;
            size -= static_cast<std::size_t>(n);
        }
    }
};

} // namespace

bool reportPathIsOwnDescriptor(const std::string& path, int& fd)
{
    if (path == "/dev/stdout") {
        fd = STDOUT_FILENO;
        return true;
    }
    if (path == "/dev/stderr") {
        fd = STDERR_FILENO;
        return true;
    }
    for (const std::string_view prefix : { std::string_view("/dev/fd/"), std::string_view("/proc/self/fd/") }) {
        if (path.size() > prefix.size() && path.compare(0, prefix.size(), prefix) == 0) {
            const char* first = path.data() + prefix.size();
            const char* last = path.data() + path.size();
            const auto [end, ec] = std::from_chars(first, last, fd);
            return ec == std::errc() && end == last && fd >= 0;
        }
    }
    return false;
}

namespace {

std::string errnoText(int error)
{
    return std::strerror(error);
}

// The folder a regular file's temporary copy is made in, and the copy's name beside the target: hidden, so that a
// server's report waiting for shutdown does not look like a finished one.
std::pair<std::string, std::string> folderAndTemplate(const std::string& target)
{
    const std::size_t slash = target.rfind('/');
    const std::string folder = slash == std::string::npos ? std::string(".") : target.substr(0, slash == 0 ? 1 : slash);
    const std::string base = slash == std::string::npos ? target : target.substr(slash + 1);
    const std::string prefix = slash == std::string::npos ? std::string() : target.substr(0, slash + 1);
    return { folder, prefix + "." + base + ".XXXXXX" };
}

} // namespace

struct ReportOutput::Impl {
    std::string path; // as given
    std::string target; // a regular file's final path (a symbolic link followed)
    std::string temporary; // its copy being written, removed unless renamed into place
    std::string error;
    int fd = -1; // what the sink writes to
    bool ownsFd = false;
    bool committed = false;
    std::unique_ptr<Sink> sink;
    std::unique_ptr<std::ostream> stream;

    ~Impl()
    {
        if (ownsFd && fd >= 0)
            ::close(fd);
        if (!temporary.empty() && !committed)
            ::unlink(temporary.c_str());
    }

    std::string shown() const { return path.empty() ? std::string("standard output") : path; }
    bool failed(const std::string& why)
    {
        error = "cannot write " + shown() + ": " + why;
        return false;
    }
    // A regular file (or a missing path): a temporary copy beside the target, with the target's permissions (or
    // those a new file gets), written whole before it replaces the target.
    bool openTemporary(const struct stat* existing)
    {
        target = path;
        // As QSaveFile did: a file the user may not write is not replaced behind their back.
        if (existing && ::access(path.c_str(), W_OK) != 0)
            return failed(errnoText(errno));
        if (existing) {
            // Through a symbolic link the file it points to is replaced, not the link.
            if (char* resolved = ::realpath(path.c_str(), nullptr)) {
                target = resolved;
                std::free(resolved);
            }
        }
        std::string name = folderAndTemplate(target).second;
        do
            fd = ::mkostemp(name.data(), O_CLOEXEC);
        while (fd < 0 && errno == EINTR);
        if (fd < 0)
            return failed(errnoText(errno));
        ownsFd = true;
        temporary = name;
        mode_t mode = 0;
        if (existing) {
            mode = existing->st_mode & 07777;
            // Keep the owner where we may (as root); a user's own file keeps its owner anyway.
            if (::fchown(fd, existing->st_uid, existing->st_gid) != 0) {
                // Not ours to give away: the copy stays ours, as any editor's would.
            }
        } else {
            const mode_t mask = ::umask(0);
            ::umask(mask);
            mode = 0666 & ~mask;
        }
        if (::fchmod(fd, mode) != 0)
            return failed(errnoText(errno));
        return true;
    }
    // fsync, close, rename, then the folder's entry made durable. Any failure leaves the target as it was.
    bool commit()
    {
        if (::fsync(fd) != 0)
            return failed(errnoText(errno));
        const int closing = fd;
        fd = -1;
        if (::close(closing) != 0 && errno != EINTR)
            return failed(errnoText(errno));
        if (::rename(temporary.c_str(), target.c_str()) != 0)
            return failed(errnoText(errno));
        committed = true;
        // The new name made durable too. Best effort: the report is whole and in place either way, and a folder
        // that cannot be synced (some file systems refuse) must not turn a written report into a failure.
        const int folder = ::open(folderAndTemplate(target).first.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (folder >= 0) {
            [[maybe_unused]] const int synced = ::fsync(folder);
            ::close(folder);
        }
        return true;
    }
};

ReportOutput::ReportOutput(std::string path)
    : m_impl(std::make_unique<Impl>())
{
    m_impl->path = std::move(path);
}

ReportOutput::~ReportOutput() = default; // without finish(), a regular file's temporary copy is removed

const std::string& ReportOutput::error() const
{
    return m_impl->error;
}

std::string ReportOutput::name() const
{
    return m_impl->shown();
}

bool ReportOutput::open()
{
    Impl& d = *m_impl;
    int own = -1;
    struct stat st { };
    const bool exists = !d.path.empty() && ::stat(d.path.c_str(), &st) == 0;
    if (d.path.empty()) {
        d.fd = STDOUT_FILENO;
    } else if (reportPathIsOwnDescriptor(d.path, own)) {
        // The descriptor itself: opening /dev/stdout anew would truncate a log or fail on a pipe.
        if (::fcntl(own, F_GETFL) < 0)
            return d.failed(std::strerror(errno));
        d.fd = own;
    } else if (exists && S_ISDIR(st.st_mode)) {
        return d.failed("it is a directory");
    } else if (exists && !S_ISREG(st.st_mode)) {
        // A device, a FIFO or a socket: written through, never replaced (O_TRUNC on a FIFO or device is ignored).
        do
            d.fd = ::open(d.path.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY);
        while (d.fd < 0 && errno == EINTR);
        if (d.fd < 0)
            return d.failed(std::strerror(errno));
        d.ownsFd = true;
    } else if (!d.openTemporary(exists ? &st : nullptr)) {
        return false;
    }
    auto sink = std::make_unique<DescriptorSink>();
    sink->fd = d.fd;
    d.sink = std::move(sink);
    d.stream = std::make_unique<std::ostream>(d.sink.get());
    return true;
}

std::ostream& ReportOutput::stream()
{
    return *m_impl->stream;
}

bool ReportOutput::finish()
{
    Impl& d = *m_impl;
    d.stream->flush();
    d.sink->pubsync();
    if (!d.sink->failure.empty())
        return d.failed(d.sink->failure); // the temporary copy goes with the destructor; the target is untouched
    if (!d.temporary.empty())
        return d.commit();
    if (d.ownsFd) {
        const int fd = d.fd;
        d.fd = -1;
        if (::close(fd) != 0 && errno != EINTR)
            return d.failed(std::strerror(errno));
    }
    return true;
}

} // namespace iw
