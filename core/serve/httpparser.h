// A strict, incremental HTTP/1.1 request parser (RFC 9112) for `serve`: bytes go in as they arrive, one request
// comes out at a time, with hard limits on the header block and the decoded body. Pure code, no sockets, so every
// hostile input can be tested byte by byte.
#pragma once

#include <cctype>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace iw {

struct HttpHeader {
    std::string name; // lower case
    std::string value; // OWS trimmed, bytes as received
};

struct HttpRequest {
    std::string method;
    std::string target; // origin-form: the path and query (an absolute-form target is reduced to them)
    std::string authority; // the host of an absolute-form target, else empty
    int minorVersion = 1; // HTTP/1.x
    std::vector<HttpHeader> headers;
    std::string body; // decoded (chunked bodies de-chunked)
    bool hasBody = false; // Content-Length or chunked framing was present and non-empty
    bool bodyTooLarge = false; // the declared or decoded body passed the limit; body is empty and unread
    bool keepAlive = true;

    // The first header of that (lower-case) name, or nullptr.
    const std::string* header(std::string_view name) const;
    int headerCount(std::string_view name) const;
    std::string path() const; // the target without its query string
};

class HttpRequestParser {
public:
    struct Limits {
        std::size_t maxHeaderBytes = 64 * 1024;
        std::size_t maxBodyBytes = 1024 * 1024;
    };
    enum class State { NeedMore, Complete, Error };

    explicit HttpRequestParser(Limits limits)
        : m_limits(limits)
    {
    }

    // Consumes bytes up to the end of the current request; returns how many it took. After Complete or Error it
    // takes no more until reset().
    std::size_t feed(std::string_view data);
    State state() const { return m_state; }
    // Headers are complete and the body is still to come (answer "100 Continue" to a client that expects it).
    bool inBody() const { return m_phase != Phase::Head && m_state == State::NeedMore; }
    // The request carries "Expect: 100-continue": only then may "100 Continue" be sent (an unsolicited one makes
    // Node 18's fetch fail with "bad response").
    bool expectsContinue() const
    {
        const std::string* e = m_request.header("expect");
        if (!e || e->size() != 12)
            return false;
        for (std::size_t i = 0; i < 12; ++i)
            if (static_cast<char>(std::tolower(static_cast<unsigned char>((*e)[i]))) != "100-continue"[i])
                return false;
        return true;
    }
    bool startedRequest() const { return m_started; }
    HttpRequest takeRequest();
    // For State::Error: the status to answer (400, 431, 501, 505) and why.
    int errorStatus() const { return m_errorStatus; }
    const std::string& errorMessage() const { return m_error; }
    void reset();

private:
    enum class Phase { Head, Body, ChunkSize, ChunkData, ChunkDataEnd, Trailers };
    bool fail(int status, std::string message);
    bool parseHead();
    bool readLine(std::string_view data, std::size_t& i, std::string& line, bool& complete);

    Limits m_limits;
    State m_state = State::NeedMore;
    Phase m_phase = Phase::Head;
    bool m_started = false;
    std::string m_head; // the header block as received, up to the limit
    std::string m_line; // a chunk-size or trailer line being read
    std::size_t m_trailerBytes = 0;
    std::size_t m_remaining = 0; // body or chunk bytes still to read
    HttpRequest m_request;
    int m_errorStatus = 400;
    std::string m_error;
};

// "HTTP/1.1 201 Created\r\n…": the whole response, with Content-Length and the given headers.
std::string formatHttpResponse(
    int status, const std::vector<std::pair<std::string, std::string>>& headers, std::string_view body, bool keepAlive);
// The same in three parts, for a caller whose fields are not such a list: the status line, each field, then
// Content-Length, Connection: close unless kept alive, the blank line and the body.
void beginHttpResponse(std::string& out, int status);
void appendHttpField(std::string& out, std::string_view name, std::string_view value);
// `withBody` false: the answer to HEAD (RFC 9110 §9.3.2), the fields of the body it would have (Content-Length
// included) and no body, so a client that pipelines reads the next answer where it starts.
void endHttpResponse(std::string& out, std::string_view body, bool keepAlive, bool withBody = true);
std::string_view httpReasonPhrase(int status);

} // namespace iw
