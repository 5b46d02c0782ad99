// The incident rebuilt (docs/reference/reconstruct.md): every file's exchanges merged on their instants, each judged
// against the profile as it arrives — what the service decided as far as the evidence tells, and the violations, each
// naming its evidence. The judgement keeps one small state per scope (and per open suspected intent), never the lines,
// so a log of gigabytes costs memory in proportion to its scopes; the exchanges themselves are kept only when a report,
// a scenario or a window asks for them.
#pragma once

#include "exchange.h"
#include "policy.h"
#include "readers.h"
#include "scopetable.h"
#include "suspectedintent.h"

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace iw {

enum class ViolationKind : std::uint8_t {
    DuplicateExecution,
    ReplayDiffers,
    SuccessAfterMismatch,
    StuckInProgress,
    LateRetryReexecuted,
    ConflictStatus,
};
inline constexpr ViolationKind kViolationKinds[]
    = { ViolationKind::DuplicateExecution, ViolationKind::ReplayDiffers, ViolationKind::SuccessAfterMismatch,
          ViolationKind::StuckInProgress, ViolationKind::LateRetryReexecuted, ViolationKind::ConflictStatus };
std::string_view violationKindName(ViolationKind);

// The translation context of the violation sentences' templates (QT_TRANSLATE_NOOP in reconstruction.cpp; the
// evidence window's lupdate reads that file): the command line and the reports print them in English, the window in
// the GUI's language.
inline constexpr const char* kViolationTextContext = "iw::Violations";

// One value of a violation sentence's %1, %2, …
struct ViolationTextArg {
    enum class Kind : std::uint8_t {
        Duration, // `ms`, written as a duration (formatDurationMs in English)
        Text, // `text` as it is: a profile's name, a status number; never translated
        Ref, // `ref`, named as the reader names evidence ("access.log:12", "session.har entry 3")
        Status, // `status`: the number, or the phrase "no answer" when the evidence shows none
    };
    Kind kind = Kind::Text;
    Millis ms = 0;
    std::string text;
    EvidenceRef ref;
    std::optional<int> status;
};

// A violation's sentence: its English template (a string literal marked for translation) and its values.
struct ViolationText {
    const char* source = "";
    std::vector<ViolationTextArg> args;
};

// The phrase a Status value without a status reads as (a template of the same context).
extern const char* const kNoAnswerPhrase;

// The sentence in English, evidence named with `files` (describeRef): what `Violation::detail` holds.
std::string englishText(const ViolationText& text, const std::vector<std::string>& files);

struct Violation {
    ViolationKind kind = ViolationKind::DuplicateExecution;
    Scope scope; // key empty with keyless: a suspected intent's first request had none
    bool suspected = false; // found across a suspected intent's keys, not within one scope
    Millis atMs = 0; // epoch ms of the evidence that shows it
    std::string detail; // one sentence, in English (the command line, the reports): englishText(text, files)
    ViolationText text; // the same sentence as a template and its values, for a window to word in its language
    std::vector<EvidenceRef> evidence; // first the earlier evidence, then the one that shows the violation
};

// How far reading has come, for a window's progress bar. `bytes` counts the files' text as read (decompressed);
// `totalBytes` is the files' size on disk, a bound `bytes` reaches only when no file is compressed (`compressed`).
struct ReconstructProgress {
    std::uint64_t exchanges = 0; // read so far, every file together
    std::uint64_t bytes = 0;
    std::uint64_t totalBytes = 0;
    bool compressed = false;
};

struct ReconstructOptions {
    ServicePolicy policy = ServicePolicy::forProfile(Profile::Ietf);
    std::string profile = "ietf";
    Millis intentWindowMs = DefaultIntentWindowMs;
    std::optional<Millis> fromMs; // --window FROM..TO, epoch ms; an exchange counts when FROM ≤ start < TO
    std::optional<Millis> toMs;
    std::optional<std::string> key; // --key K
    bool keepExchanges = false;
    // Lines of one file may be out of start order by up to this much (a log written at each request's end).
    Millis reorderMs = 600'000;
    ReadOptions read;
    // Threads that judge one large plain log (split at a line, the parts' judgements put together exactly as one
    // thread's): 0 picks two when the machine has a second core, 1 never splits. Only when no exchanges are kept,
    // no progress is asked and no table rows are joined (reconstruct --check and the plain summary).
    unsigned threads = 0;
    std::uint64_t splitMinBytes = 64u << 20; // a smaller file is judged by one thread
    // Called after each file is opened and then every few thousand exchanges; returning false stops the reading
    // (reconstruct throws ReconstructCancelled). Runs on the reading thread.
    std::function<bool(const ReconstructProgress&)> progress;
};

// An exchange as judged, when kept.
struct JudgedExchange {
    Exchange x;
    int scope = -1; // in ReconstructResult::scopes; -1: no usable key
    std::optional<Decision> decision; // as far as the evidence tells
    bool execution = false; // ran the handler (a non-replayed success)
    std::int64_t suspectedFirst = -1; // the index (in exchanges) of its suspected intent's first request
};

struct ReconstructSummary {
    std::int64_t exchanges = 0;
    std::int64_t executions = 0;
    std::int64_t replays = 0;
    std::int64_t noAnswer = 0;
    std::int64_t clientGaveUp = 0;
    std::int64_t unknownSuccesses = 0; // a success the evidence cannot tell from a replay
    std::int64_t outsideWindow = 0; // left out by --window or --key
    std::int64_t suspectedIntents = 0;
    std::int64_t suspectedDuplicateExecutions = 0;
    std::map<std::string, std::int64_t> decisions;
    std::optional<Millis> firstMs;
    std::optional<Millis> lastMs;
};

struct ReconstructResult {
    std::vector<std::string> files; // as given
    std::vector<EvidenceFileSummary> fileSummaries;
    ProblemLog problems;
    ReconstructSummary summary;
    std::vector<Violation> violations; // in the order found (time order)
    std::vector<JudgedExchange> exchanges; // keepExchanges only, in start order
    std::vector<EvidenceRow> rows;
    std::size_t scopes = 0;
    std::size_t judgementBytes = 0; // what the per-scope judgement holds (scopes, their states, open intents)
    std::vector<Scope> scopeList; // keepExchanges only: scope i of JudgedExchange::scope
    // How the judgement ran (in no report): the threads that judged, and whether the first went on over the second's
    // whole part instead (an exchange with a body, or one far out of order, in it).
    unsigned threads = 1;
    bool secondPartJudgedAgain = false;
};

class ReconstructError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// The progress callback asked to stop: nothing was judged to the end, and there is no result.
class ReconstructCancelled : public ReconstructError {
public:
    ReconstructCancelled()
        : ReconstructError("reading the evidence was cancelled")
    {
    }
};

// Reads every file and judges it. Throws ReconstructError (a sentence naming the file) for a file that is no evidence
// or cannot be read, or when nothing at all parses; ReconstructCancelled when options.progress asked to stop.
ReconstructResult reconstruct(const std::vector<std::string>& files, const ReconstructOptions& options,
    const std::vector<EvidenceRow>& rows = {});

// Rows from `inspect --json`'s text. Throws ReconstructError naming file, line and column.
std::vector<EvidenceRow> rowsFromInspection(
    std::string_view text, const std::string& fileName, std::uint32_t fileIndex);

// "2026-12-06T10:00:00Z..2026-12-06T11:00:00+01:00" (either side may be empty). nullopt and `error` when it does not
// parse; a side without a zone is an error unless assumeUtc.
bool parseWindow(
    std::string_view text, bool assumeUtc, std::optional<Millis>& from, std::optional<Millis>& to, std::string& error);

} // namespace iw
