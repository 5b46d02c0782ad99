// Fuzzes the HTTP/1.1 request parser of `serve` as a connection feeds it: bytes of pipelined requests arriving in
// pieces, until the client half-closes (the input ends). The first byte chooses the sizes of the pieces; the rest is
// the stream. Found issue 48's findings 13–15 by hand; this keeps their paths (HEAD, absolute-form targets, pipelining,
// a stream that ends mid-request) under the fuzzer.
//
// Invariants:
// - no crash, no undefined behaviour, no exception;
// - the parser takes every byte it is given while it needs more, and never more than it is given;
// - fed in pieces or whole, the stream gives the same requests and ends in the same state;
// - a complete request has a token method, an origin-form target (an absolute-form one reduced to its path and
//   query) of visible ASCII, lower-case header names, a body within the limit (empty when refused as too large);
// - an error names a status of 400, 431, 501 or 505 and one line of valid UTF-8;
// - the served reading of a request never throws: its operation is the method and the path, and a refusal says why;
// - an answer to HEAD carries no body, whatever the body it describes.
#include "fuzzcheck.h"

#include "httpparser.h"
#include "servedservice.h"

#include <string>
#include <string_view>
#include <vector>

namespace {

struct Parsed {
    std::vector<iw::HttpRequest> requests;
    iw::HttpRequestParser::State end = iw::HttpRequestParser::State::NeedMore;
    int errorStatus = 0;
    std::string error;
};

bool visibleAscii(std::string_view s)
{
    for (const char c : s) {
        if (c <= 0x20 || c >= 0x7f)
            return false;
    }
    return true;
}

// Feeds `stream` in pieces of the given sizes (cycled; 0: all that is left), collecting every request.
Parsed parse(
    std::string_view stream, const std::vector<std::size_t>& pieces, const iw::HttpRequestParser::Limits& limits)
{
    Parsed out;
    iw::HttpRequestParser parser(limits);
    std::size_t at = 0;
    std::size_t piece = 0;
    while (at < stream.size()) {
        std::size_t size = pieces.empty() ? 0 : pieces[piece++ % pieces.size()];
        if (size == 0 || size > stream.size() - at)
            size = stream.size() - at;
        std::string_view chunk = stream.substr(at, size);
        while (!chunk.empty()) {
            const std::size_t used = parser.feed(chunk);
            IW_FUZZ_CHECK(used <= chunk.size());
            if (parser.state() == iw::HttpRequestParser::State::NeedMore)
                IW_FUZZ_CHECK(used == chunk.size());
            chunk.remove_prefix(used);
            at += used;
            if (parser.state() == iw::HttpRequestParser::State::Complete) {
                out.requests.push_back(parser.takeRequest());
                const bool more = out.requests.back().keepAlive && !out.requests.back().bodyTooLarge;
                parser.reset();
                if (!more) {
                    out.end = iw::HttpRequestParser::State::Complete;
                    return out; // the connection carries nothing after it
                }
            } else if (parser.state() == iw::HttpRequestParser::State::Error) {
                out.end = iw::HttpRequestParser::State::Error;
                out.errorStatus = parser.errorStatus();
                out.error = parser.errorMessage();
                return out;
            } else if (used == 0) {
                break;
            }
        }
    }
    out.end = parser.startedRequest() ? iw::HttpRequestParser::State::NeedMore : iw::HttpRequestParser::State::Complete;
    return out;
}

void checkRequest(const iw::HttpRequest& r, const iw::HttpRequestParser::Limits& limits)
{
    IW_FUZZ_CHECK(!r.method.empty());
    IW_FUZZ_CHECK(visibleAscii(r.method));
    IW_FUZZ_CHECK(!r.target.empty() && r.target.front() == '/');
    IW_FUZZ_CHECK(visibleAscii(r.target));
    IW_FUZZ_CHECK(r.authority.empty() || visibleAscii(r.authority));
    for (const iw::HttpHeader& h : r.headers) {
        IW_FUZZ_CHECK(!h.name.empty());
        for (const char c : h.name)
            IW_FUZZ_CHECK(!(c >= 'A' && c <= 'Z'));
    }
    IW_FUZZ_CHECK(r.body.size() <= limits.maxBodyBytes);
    if (r.bodyTooLarge)
        IW_FUZZ_CHECK(r.body.empty() && !r.keepAlive);
    const std::string path = r.path();
    IW_FUZZ_CHECK(r.target.compare(0, path.size(), path) == 0);

    const iw::ServedRequest served = iw::requestFromHttp(r);
    IW_FUZZ_CHECK(served.operation == r.method + " " + path);
    IW_FUZZ_CHECK(iwfuzz::isValidUtf8(served.actor));
    IW_FUZZ_CHECK(iwfuzz::isValidUtf8(served.key));
    if (served.rejectStatus) {
        IW_FUZZ_CHECK(*served.rejectStatus == 400 || *served.rejectStatus == 413 || *served.rejectStatus == 415);
        IW_FUZZ_CHECK(!served.rejectDetail.empty() && iwfuzz::isValidUtf8(served.rejectDetail));
    }

    // The answer to HEAD: the fields of the body, no body.
    std::string head;
    iw::beginHttpResponse(head, 200);
    iw::endHttpResponse(head, r.body, r.keepAlive, false);
    IW_FUZZ_CHECK(head.size() >= 4 && head.compare(head.size() - 4, 4, "\r\n\r\n") == 0);
    IW_FUZZ_CHECK(head.find("\r\n\r\n") == head.size() - 4);
}

bool sameRequest(const iw::HttpRequest& a, const iw::HttpRequest& b)
{
    if (a.method != b.method || a.target != b.target || a.authority != b.authority || a.body != b.body
        || a.keepAlive != b.keepAlive || a.bodyTooLarge != b.bodyTooLarge || a.headers.size() != b.headers.size())
        return false;
    for (std::size_t i = 0; i < a.headers.size(); ++i) {
        if (a.headers[i].name != b.headers[i].name || a.headers[i].value != b.headers[i].value)
            return false;
    }
    return true;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size < 1)
        return 0;
    const std::string_view stream(reinterpret_cast<const char*>(data) + 1, size - 1);
    iw::HttpRequestParser::Limits limits;
    limits.maxBodyBytes = 4096;
    limits.maxHeaderBytes = 8192;
    // Piece sizes from the first byte: 1 (byte by byte), 2, 3, 7 and 64, or a mix.
    const std::uint8_t shape = data[0];
    std::vector<std::size_t> pieces;
    switch (shape % 4) {
    case 0:
        pieces = { 1 };
        break;
    case 1:
        pieces = { static_cast<std::size_t>(1 + (shape >> 2) % 7) };
        break;
    case 2:
        pieces = { 3, 1, 64, 2, 7 };
        break;
    default:
        pieces = { static_cast<std::size_t>(1 + (shape >> 2)) };
        break;
    }
    const Parsed whole = parse(stream, {}, limits);
    const Parsed inPieces = parse(stream, pieces, limits);
    IW_FUZZ_CHECK(whole.end == inPieces.end);
    IW_FUZZ_CHECK(whole.errorStatus == inPieces.errorStatus);
    IW_FUZZ_CHECK(whole.requests.size() == inPieces.requests.size());
    for (std::size_t i = 0; i < whole.requests.size(); ++i) {
        IW_FUZZ_CHECK(sameRequest(whole.requests[i], inPieces.requests[i]));
        checkRequest(whole.requests[i], limits);
    }
    if (whole.end == iw::HttpRequestParser::State::Error) {
        IW_FUZZ_CHECK(whole.errorStatus == 400 || whole.errorStatus == 431 || whole.errorStatus == 501
            || whole.errorStatus == 505);
        IW_FUZZ_CHECK(!whole.error.empty() && iwfuzz::isValidUtf8(whole.error));
        IW_FUZZ_CHECK(whole.error.find('\n') == std::string::npos);
    }
    return 0;
}
