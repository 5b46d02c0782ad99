// Writing a report to its target (see reportoutput.h).
#include "reportoutput.h"

#include <QSaveFile>
#include <QString>

#include <cerrno>
#include <charconv>
#include <cstring>
#include <fcntl.h>
#include <streambuf>
#include <sys/stat.h>
#include <unistd.h>

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

class SaveFileSink final : public Sink {
public:
    QSaveFile* file = nullptr;

protected:
    void writeOut(const char* data, std::size_t size) override
    {
        if (file->write(data, static_cast<qint64>(size)) != static_cast<qint64>(size))
            failure = file->errorString().toStdString();
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

struct ReportOutput::Impl {
    std::string path;
    std::string error;
    std::unique_ptr<QSaveFile> saveFile; // regular file or missing path
    int fd = -1; // stream target
    bool ownsFd = false;
    std::unique_ptr<Sink> sink;
    std::unique_ptr<std::ostream> stream;

    ~Impl()
    {
        if (ownsFd && fd >= 0)
            ::close(fd);
    }

    std::string shown() const { return path.empty() ? std::string("standard output") : path; }
    bool failed(const std::string& why)
    {
        error = "cannot write " + shown() + ": " + why;
        return false;
    }
};

ReportOutput::ReportOutput(std::string path)
    : m_impl(std::make_unique<Impl>())
{
    m_impl->path = std::move(path);
}

ReportOutput::~ReportOutput() = default; // QSaveFile without commit() removes its temporary file

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
    } else {
        d.saveFile = std::make_unique<QSaveFile>(QString::fromStdString(d.path));
        if (!d.saveFile->open(QIODevice::WriteOnly))
            return d.failed(d.saveFile->errorString().toStdString());
        auto sink = std::make_unique<SaveFileSink>();
        sink->file = d.saveFile.get();
        d.sink = std::move(sink);
    }
    if (!d.sink) {
        auto sink = std::make_unique<DescriptorSink>();
        sink->fd = d.fd;
        d.sink = std::move(sink);
    }
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
    if (!d.sink->failure.empty()) {
        if (d.saveFile)
            d.saveFile->cancelWriting();
        return d.failed(d.sink->failure);
    }
    if (d.saveFile && !d.saveFile->commit())
        return d.failed(d.saveFile->errorString().toStdString());
    if (d.ownsFd) {
        const int fd = d.fd;
        d.fd = -1;
        if (::close(fd) != 0 && errno != EINTR)
            return d.failed(std::strerror(errno));
    }
    return true;
}

} // namespace iw
