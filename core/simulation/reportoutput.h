// Where every output of every command goes (docs/reference/cli.md): standard output; a regular file written beside its
// target, flushed to the disk (fsync) and only then renamed into place, so a failed run or a full disk never leaves
// half a report and the previous contents stay; or a special file — a device such as /dev/null or /dev/full, a FIFO,
// /dev/stdout behind a pipe or a log — written through as a stream and never replaced. Every write, the flush and the
// close are checked, so a full disk or a closed pipe is a failure with its reason ("No space left on device"), never
// a lost report reported as written.
#pragma once

#include <memory>
#include <ostream>
#include <string>

namespace iw {

class ReportOutput {
public:
    // An empty path is standard output.
    explicit ReportOutput(std::string path);
    ~ReportOutput(); // without finish(): a regular file's temporary copy is removed, the target untouched
    ReportOutput(const ReportOutput&) = delete;
    ReportOutput& operator=(const ReportOutput&) = delete;

    // Opens the target before any work is done, so a report that cannot be written is known at once. false with
    // error() set ("cannot write PATH: reason").
    bool open();
    // Valid after open(); written in slices, never held whole.
    std::ostream& stream();
    // Flushes and, for a regular file, renames into place. false with error() set when anything could not be written.
    bool finish();
    const std::string& error() const;
    // What the target is: "standard output", or the path as given.
    std::string name() const;

    struct Impl;

private:
    std::unique_ptr<Impl> m_impl;
};

// True when `path` names one of this process's own descriptors (/dev/stdout, /dev/stderr, /dev/fd/N,
// /proc/self/fd/N), with the descriptor in `fd`.
bool reportPathIsOwnDescriptor(const std::string& path, int& fd);

} // namespace iw
