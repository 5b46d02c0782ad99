// The raw evidence behind an exchange, read again from its file for the inspector: the log line (file:line), the
// HAR entry or the span, as the file holds it (a JSON document's part pretty-printed). No widget: the window calls it
// off the GUI thread, since finding line 9,000,000 of a 3 GB log means reading up to it.
#pragma once

#include "exchange.h"

#include <atomic>
#include <string>

namespace iw {

struct RawEvidence {
    // Found: `text` is the evidence. Unreadable: the file cannot be read (`text`: the system's reason). Missing: the
    // file no longer holds that line, entry or span (changed since it was read?). TooLong: a line over 16 MiB, skipped
    // when read. NotADocument: a HAR or OTLP file that is not one JSON text any more. Cancelled. NotAFile: a row.
    enum class Status : std::uint8_t { Found, Unreadable, Missing, TooLong, NotADocument, Cancelled, NotAFile };
    Status status = Status::Missing;
    std::string text;
    bool truncated = false; // the text was cut at `limit` bytes
};

// Reads `ref` from `path` (plain or gzip). `limit` bounds the text returned; `cancel`, when set, stops the search.
RawEvidence readRawEvidence(const std::string& path, const EvidenceRef& ref, std::size_t limit = 64u << 10,
    const std::atomic<bool>* cancel = nullptr);

} // namespace iw
