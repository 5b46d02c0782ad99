// Reading one piece of evidence again (see evidencesource.h).
#include "evidencesource.h"

#include "evidenceinput.h"
#include "json.h"
#include "utf8.h"

#include <algorithm>
#include <cctype>

namespace iw {

namespace {

constexpr std::size_t kMaxDocument = 1u << 30; // as the readers: a HAR or OTLP document is read whole

void bound(RawEvidence& out, std::size_t limit)
{
    if (out.text.size() > limit) {
        out.text.resize(utf8::prefixBytes(out.text, limit).size()); // not inside a UTF-8 sequence
        out.truncated = true;
    }
}

bool sameHex(std::string_view a, std::string_view b)
{
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
        return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
    });
}

// The span whose spanId is `hex` in one ExportTraceServiceRequest (resourceSpans → scopeSpans or the older
// instrumentationLibrarySpans → spans), or nullptr.
const json::Value* findSpan(const json::Value& root, std::string_view hex)
{
    const json::Value* resources = root.find("resourceSpans");
    if (!resources || !resources->isArray())
        return nullptr;
    for (const json::Value& rs : resources->array)
        for (const char* scopesName : { "scopeSpans", "instrumentationLibrarySpans" }) {
            const json::Value* scopes = rs.find(scopesName);
            if (!scopes || !scopes->isArray())
                continue;
            for (const json::Value& ss : scopes->array) {
                const json::Value* spans = ss.find("spans");
                if (!spans || !spans->isArray())
                    continue;
                for (const json::Value& span : spans->array) {
                    const json::Value* id = span.find("spanId");
                    if (id && id->isString() && sameHex(id->string, hex))
                        return &span;
                }
            }
        }
    return nullptr;
}

} // namespace

RawEvidence readRawEvidence(
    const std::string& path, const EvidenceRef& ref, std::size_t limit, const std::atomic<bool>* cancel)
{
    RawEvidence out;
    EvidenceInput in;
    if (!in.open(path)) {
        out.status = RawEvidence::Status::Unreadable;
        out.text = in.error();
        return out;
    }
    switch (ref.kind) {
    case EvidenceRef::Kind::Line: {
        std::string_view line;
        bool tooLong = false;
        while (in.nextLine(line, tooLong)) {
            if (in.lineNumber() == ref.at) {
                if (tooLong) {
                    out.status = RawEvidence::Status::TooLong;
                    return out;
                }
                out.status = RawEvidence::Status::Found;
                out.text.assign(line);
                bound(out, limit);
                return out;
            }
            if (cancel && (in.lineNumber() & 65535) == 0 && cancel->load()) {
                out.status = RawEvidence::Status::Cancelled;
                return out;
            }
        }
        if (!in.error().empty()) {
            out.status = RawEvidence::Status::Unreadable;
            out.text = in.error();
        }
        return out;
    }
    case EvidenceRef::Kind::HarEntry:
    case EvidenceRef::Kind::Span: {
        std::string text;
        if (!in.readAll(text, kMaxDocument)) {
            out.status = RawEvidence::Status::Unreadable;
            out.text = in.error();
            return out;
        }
        const std::string hex = ref.kind == EvidenceRef::Kind::Span ? spanIdHex(ref.at) : std::string();
        const auto pretty = [&](const json::Value& v) {
            out.status = RawEvidence::Status::Found;
            json::appendPretty(out.text, v);
            bound(out, limit);
        };
        try {
            const json::Value root = json::parse(text);
            if (ref.kind == EvidenceRef::Kind::HarEntry) {
                const json::Value* log = root.find("log");
                const json::Value* entries = log ? log->find("entries") : nullptr;
                if (entries && entries->isArray() && ref.at < entries->array.size())
                    pretty(entries->array[static_cast<std::size_t>(ref.at)]);
                return out;
            }
            if (const json::Value* span = findSpan(root, hex))
                pretty(*span);
            return out;
        } catch (const json::ParseError&) {
            // Not one document: one ExportTraceServiceRequest per line (the Collector's file exporter), or a HAR cut
            // short, whose entries the reader took from its text.
        }
        if (ref.kind == EvidenceRef::Kind::Span) {
            std::size_t at = 0;
            while (at < text.size()) {
                std::size_t end = text.find('\n', at);
                if (end == std::string::npos)
                    end = text.size();
                try {
                    const json::Value doc = json::parse(std::string_view(text).substr(at, end - at));
                    if (const json::Value* span = findSpan(doc, hex)) {
                        pretty(*span);
                        return out;
                    }
                } catch (const json::ParseError&) {
                }
                at = end + 1;
            }
            return out;
        }
        out.status = RawEvidence::Status::NotADocument;
        return out;
    }
    case EvidenceRef::Kind::Row:
        break;
    }
    out.status = RawEvidence::Status::NotAFile;
    return out;
}

} // namespace iw
