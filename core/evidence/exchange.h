// What one piece of evidence says happened: an HTTP exchange (a request and, when one was logged, its answer) at its
// real instant, with a reference back to where it was read (file:line, HAR entry, span id), so a report, a scenario
// and a window can always show the raw evidence behind what they say.
#pragma once

#include "domain.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace iw {

enum class EvidenceFormat : std::uint8_t { Har, Otlp, JsonLines, Combined };
std::string_view evidenceFormatName(EvidenceFormat);
std::optional<EvidenceFormat> evidenceFormatFromName(std::string_view);

// Where a thing was read. `file` indexes the run's list of files.
struct EvidenceRef {
    enum class Kind : std::uint8_t { Line, HarEntry, Span, Row };
    std::uint32_t file = 0;
    Kind kind = Kind::Line;
    std::uint64_t at = 0; // Line: 1-based line; HarEntry: 0-based entry; Span: the span id's 8 bytes; Row: record index
};

// "access.log:12", "session.har entry 3", "traces.json span 5b8efff798038103", "rows.json record 4".
std::string describeRef(const EvidenceRef& ref, const std::vector<std::string>& files);
std::string spanIdHex(std::uint64_t id);

enum class Tri : std::uint8_t { Unknown, No, Yes };

struct Exchange {
    Millis startMs = 0; // epoch milliseconds: when the request arrived
    std::optional<Millis> endMs; // when its answer was complete; nullopt: not known
    std::string method;
    std::string path; // without the query string
    std::string query; // the query string as logged, without its '?' (empty: none, or not in the evidence)
    std::string actor = "anonymous";
    std::string client = "http";
    std::optional<std::string> key; // as the service's scope holds it; nullopt: no key header
    bool keyUnreadable = false; // the header could not be read as a key (then `key` holds its text)
    std::optional<int> status; // nullopt: the service gave no answer (none logged, or the proxy answered itself)
    bool clientGaveUp = false; // the client closed before the answer (nginx 499, Envoy DC, a cancelled browser request)
    Tri replayed = Tri::Unknown; // the service's replay marker (Idempotent-Replayed), when the evidence carries it
    std::optional<std::string> decision; // the service's own Idempotency-Decision, when logged
    std::string fingerprint; // SHA-256 of the body's canonical JSON; empty: body unknown or not JSON
    std::string responseHash; // SHA-256 of the response body's bytes; empty: unknown
    // OTLP: statements on the idempotency table under this request's span (-1: none seen), and whether one wrote
    // the completion (an UPDATE): a request that completed a record executed.
    int tableStatements = -1;
    bool tableCompletion = false;
    std::string body; // the request body: only with --keep-bodies
    EvidenceRef ref;

    std::string operation() const { return method + ' ' + path; }
    // Back to a fresh exchange, keeping the strings' storage (a reader refills one exchange per line).
    void clear()
    {
        startMs = 0;
        endMs.reset();
        method.clear();
        path.clear();
        query.clear();
        actor.assign("anonymous");
        client.assign("http");
        key.reset();
        keyUnreadable = false;
        status.reset();
        clientGaveUp = false;
        replayed = Tri::Unknown;
        decision.reset();
        fingerprint.clear();
        responseHash.clear();
        tableStatements = -1;
        tableCompletion = false;
        body.clear();
        ref = {};
    }
};

// A line (entry, span) that could not be used, named.
struct EvidenceProblem {
    EvidenceRef ref;
    std::string what;
};

// A row of the idempotency table (from `inspect --json` or a live read), joined on its scope.
struct EvidenceRow {
    Scope scope;
    std::string state; // in_progress, completed, expired
    std::optional<int> statusCode;
    std::optional<Millis> createdMs;
    std::optional<Millis> completedMs;
    std::optional<Millis> expiresMs;
    std::string payloadHash;
    bool stuck = false; // the inspection flagged it stuck_in_progress
    EvidenceRef ref;
};

} // namespace iw
