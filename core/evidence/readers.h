// The readers of evidence (docs/reference/reconstruct.md): each file's format is named or found from its first bytes,
// and its exchanges come out one at a time, so a log of gigabytes is never held; a line (entry, span) that cannot be
// used is counted and named, never fatal unless nothing in the file parses. A file that is no evidence at all (an
// image, an empty file, JSON of another shape) is refused with a sentence naming it and what was expected.
#pragma once

#include "exchange.h"
#include "fieldmapping.h"
#include "fingerprint.h"
#include "policy.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace iw {

class EvidenceInput;

struct ReadOptions {
    std::optional<EvidenceFormat> format; // nullopt: auto
    std::optional<FieldMapping> fields; // --fields; nullopt: a preset, guessed from the first line
    std::string keyHeader = "Idempotency-Key";
    bool assumeUtc = false; // a timestamp without a zone is read as UTC instead of skipped
    bool keepBodies = false; // copy request bodies into exchanges (--keep-bodies)
    // Every JSON line through the full parser (simdjson's DOM), and an OTLP document parsed whole: the references the
    // plain-line scan (flatline.h) and the span-at-a-time walk are checked against. Off, a plain line of a flat
    // mapping is read without a parser, and an OTLP document a span at a time.
    bool exactJson = false;
    FingerprintSelection fingerprint; // the profile's significant part of a payload
    // The profile's reading of a request where it is not §4's: the key's syntax (raw: the header's text as sent) and
    // a fingerprint over other parts or forms (node-idempotency's ordered body, express-idempotency's method, path,
    // query and body). Nullopt: the key read as an sf-string or a token, the fingerprint `fingerprint`'s.
    std::optional<ServicePolicy> policy;
    std::string table = "request_idempotency"; // the idempotency table OTLP database spans are matched on
    std::size_t maxLine = 16u << 20;
    // A plain file of this size or more is mapped rather than read (evidenceinput.h); UINT64_MAX: never mapped.
    std::uint64_t mapMinBytes = 4u << 20;
    std::size_t maxDocument = 1u << 30; // a HAR or OTLP document read whole
    // Asked while openEvidence reads a document whole (HAR, OTLP) — after each piece of the file read (with the bytes
    // read so far), then while it is parsed, every 256 HAR entries or OTLP spans and every OTLP line (with all its
    // bytes): false stops it, and openEvidence returns nullptr with `error` "FILE: reading was cancelled". Unset:
    // never asked.
    std::function<bool(std::uint64_t)> keepReading;
};

// What became of one file.
struct EvidenceFileSummary {
    std::string path;
    EvidenceFormat format = EvidenceFormat::JsonLines;
    std::string fields; // JSON lines: the preset or mapping file used
    bool compressed = false;
    std::uint64_t units = 0; // lines, HAR entries or spans read
    std::uint64_t exchanges = 0;
    std::uint64_t skipped = 0; // lines (entries, spans) counted as problems
    std::uint64_t withoutZone = 0; // of those, timestamps without a zone
    std::uint64_t bodiesUnread = 0; // bodies that are not JSON (binary, base64, another type): fingerprint unknown
    std::uint64_t plainLines = 0; // JSON lines read without the full parser (flatline.h); not in any report
    std::uint64_t shapedLines = 0; // of those, lines read as of the previous plain line's shape; not in any report
    bool spanAtATime = false; // an OTLP document read a span at a time (not parsed whole); not in any report
    std::uint64_t bytes = 0;
};

// Problems kept named: the first `limit` of every file together; the rest only counted.
struct ProblemLog {
    std::size_t limit = 100;
    std::vector<EvidenceProblem> named;
    std::uint64_t total = 0;
    void add(const EvidenceRef& ref, std::string what)
    {
        ++total;
        if (named.size() < limit)
            named.push_back({ ref, std::move(what) });
    }
};

class EvidenceReader {
public:
    virtual ~EvidenceReader() = default;
    // The next exchange in the file's order; false at the end (then check failed()).
    virtual bool next(Exchange& out) = 0;
    // A read error that ends the file early (a gzip stream cut short…), or nothing could be parsed: the message.
    virtual const std::string& failure() const = 0;
    // How far the reading has come, in bytes of the file's (decompressed) text: a line reader's position; a HAR or
    // OTLP document, read whole when opened, is all read.
    virtual std::uint64_t bytesRead() const = 0;
    // A line reader's input (JSON lines, combined), for reading a mapped file in parts (EvidenceInput::setRange);
    // nullptr for a document read whole.
    virtual EvidenceInput* lineInput() { return nullptr; }
    // Read as one part of a file: reading nothing usable is not a failure of this part (the caller judges the file).
    void setPart() { m_part = true; }

protected:
    bool m_part = false;
};

// Opens `path` (index `file` in the run's list) and finds its format. nullptr with `error` set ("FILE: …") when it is
// no evidence or cannot be read (exit 2).
std::unique_ptr<EvidenceReader> openEvidence(const std::string& path, std::uint32_t file, const ReadOptions& options,
    EvidenceFileSummary& summary, ProblemLog& problems, std::string& error);

// Helpers shared by the readers (and their tests): the scope's reading of request parts, as serve reads them.
namespace evidence {
// The path of a request target or URL, without scheme, host, query or fragment.
std::string pathOf(std::string_view target);
// Its query string, without the '?' and any fragment; empty when it has none.
std::string queryOf(std::string_view target);
// Both, written into `path` and `query` (their storage kept).
void assignTarget(std::string_view target, std::string& path, std::string& query);
// The product of a User-Agent ("Mozilla", "Stripe", "curl"), or empty.
std::string userAgentProduct(std::string_view userAgent);
// Reads the key header's value as serve does; sets keyUnreadable when it cannot. With `policy` (a raw key syntax),
// the header's text as sent.
void applyKey(Exchange& x, std::string_view header, const ServicePolicy* policy = nullptr);
// A body as serve reads it: JSON, or a form for application/x-www-form-urlencoded; its fingerprint, or empty.
std::string bodyFingerprint(std::string_view body, std::string_view contentType, const FingerprintSelection& sel);
// The request's fingerprint as the options' profile computes it (method, path and query from `x`).
std::string requestFingerprintOf(
    const Exchange& x, std::string_view body, std::string_view contentType, const ReadOptions& options);
} // namespace evidence

} // namespace iw
