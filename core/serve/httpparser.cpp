// The HTTP/1.1 request parser: request line, header fields and message body framing of RFC 9112, strictly — no
// obsolete line folding, no whitespace before a colon, one framing only (a request with both Content-Length and
// Transfer-Encoding is refused, as request smuggling starts there).
#include "httpparser.h"

#include <algorithm>
#include <charconv>

namespace iw {

namespace {

bool isTchar(char c)
{
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))
        return true;
    return std::string_view("!#$%&'*+-.^_`|~").find(c) != std::string_view::npos;
}

std::string lower(std::string_view s)
{
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(), [](char c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; });
    return out;
}

bool equalsIgnoringCase(std::string_view a, std::string_view b)
{
    return a.size() == b.size() && lower(a) == lower(b);
}

} // namespace

const std::string* HttpRequest::header(std::string_view name) const
{
    for (const HttpHeader& h : headers) {
        if (h.name == name)
            return &h.value;
    }
    return nullptr;
}

int HttpRequest::headerCount(std::string_view name) const
{
    return static_cast<int>(
        std::count_if(headers.begin(), headers.end(), [&](const HttpHeader& h) { return h.name == name; }));
}

std::string HttpRequest::path() const
{
    const std::size_t q = target.find('?');
    return q == std::string::npos ? target : target.substr(0, q);
}

bool HttpRequestParser::fail(int status, std::string message)
{
    m_state = State::Error;
    m_errorStatus = status;
    m_error = std::move(message);
    return false;
}

void HttpRequestParser::reset()
{
    m_state = State::NeedMore;
    m_phase = Phase::Head;
    m_started = false;
    m_head.clear();
    m_line.clear();
    m_trailerBytes = 0;
    m_remaining = 0;
    m_request = {};
}

HttpRequest HttpRequestParser::takeRequest()
{
    HttpRequest out = std::move(m_request);
    m_request = {};
    return out;
}

bool HttpRequestParser::parseHead()
{
    // m_head holds the request line and the fields, each line ended by LF (CR before it removed below).
    std::vector<std::string_view> lines;
    std::string_view rest(m_head);
    while (!rest.empty()) {
        const std::size_t lf = rest.find('\n');
        std::string_view line = rest.substr(0, lf);
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        if (line.find('\r') != std::string_view::npos)
            return fail(400, "a bare CR inside a line");
        lines.push_back(line);
        rest.remove_prefix(lf + 1);
    }
    if (lines.empty() || lines.front().empty())
        return fail(400, "no request line");
    // request-line = method SP request-target SP HTTP-version
    const std::string_view requestLine = lines.front();
    const std::size_t sp1 = requestLine.find(' ');
    const std::size_t sp2 = sp1 == std::string_view::npos ? sp1 : requestLine.find(' ', sp1 + 1);
    if (sp2 == std::string_view::npos || requestLine.find(' ', sp2 + 1) != std::string_view::npos)
        return fail(400, "the request line is not METHOD SP TARGET SP VERSION");
    const std::string_view method = requestLine.substr(0, sp1);
    const std::string_view target = requestLine.substr(sp1 + 1, sp2 - sp1 - 1);
    const std::string_view version = requestLine.substr(sp2 + 1);
    if (method.empty() || !std::all_of(method.begin(), method.end(), isTchar))
        return fail(400, "the method is not a token");
    if (target.empty() || !std::all_of(target.begin(), target.end(), [](char c) { return c > 0x20 && c < 0x7f; }))
        return fail(400, "the request target is empty or holds a character that is not visible ASCII");
    std::string_view originForm = target;
    if (target.front() != '/') {
        // absolute-form (RFC 9112 §3.2.2), which a server must accept: the path and query are the target, the
        // authority replaces Host. authority-form (CONNECT) and asterisk-form (OPTIONS *) name no resource here.
        const std::size_t schemeEnd = target.find("://");
        const std::string scheme = lower(target.substr(0, schemeEnd == std::string_view::npos ? 0 : schemeEnd));
        if (scheme != "http" && scheme != "https")
            return fail(
                400, "the request target is neither a path (origin-form) nor an http or https URI (absolute-form)");
        const std::string_view rest = target.substr(schemeEnd + 3);
        const std::size_t pathStart = rest.find_first_of("/?");
        const std::string_view authority = rest.substr(0, pathStart);
        if (authority.empty())
            return fail(400, "the absolute-form request target has no host");
        if (authority.find('@') != std::string_view::npos)
            return fail(400, "the absolute-form request target carries user information, which HTTP forbids");
        originForm = pathStart == std::string_view::npos ? std::string_view() : rest.substr(pathStart);
        m_request.authority = std::string(authority);
    }
    if (version.size() != 8 || version.substr(0, 7) != "HTTP/1." || version[7] < '0' || version[7] > '9')
        return fail(version.substr(0, 5) == "HTTP/" ? 505 : 400, "the version is not HTTP/1.x");
    m_request.method = std::string(method);
    // An absolute-form target without a path asks for "/" (RFC 9112 §3.2.2; "?q" alone is "/?q").
    if (originForm.empty() || originForm.front() == '?')
        m_request.target = "/" + std::string(originForm);
    else
        m_request.target = std::string(originForm);
    m_request.minorVersion = version[7] - '0';

    for (std::size_t i = 1; i < lines.size(); ++i) {
        const std::string_view line = lines[i];
        if (line.empty())
            break;
        if (line.front() == ' ' || line.front() == '\t')
            return fail(400, "obsolete line folding in the header fields");
        const std::size_t colon = line.find(':');
        if (colon == std::string_view::npos || colon == 0)
            return fail(400, "a header line without a field name and colon");
        const std::string_view name = line.substr(0, colon);
        if (!std::all_of(name.begin(), name.end(), isTchar))
            return fail(400, "a header field name that is not a token");
        std::string_view value = line.substr(colon + 1);
        while (!value.empty() && (value.front() == ' ' || value.front() == '\t'))
            value.remove_prefix(1);
        while (!value.empty() && (value.back() == ' ' || value.back() == '\t'))
            value.remove_suffix(1);
        for (const char c : value) {
            const auto u = static_cast<unsigned char>(c);
            if ((u < 0x20 && c != '\t') || u == 0x7f)
                return fail(400, "a control character in a header field value");
        }
        m_request.headers.push_back({ lower(name), std::string(value) });
    }

    // With an absolute-form target the Host header is ignored, but HTTP/1.1 still requires exactly one.
    if (m_request.minorVersion >= 1 && m_request.headerCount("host") != 1)
        return fail(400, "an HTTP/1.1 request needs exactly one Host header");
    const std::string* connection = m_request.header("connection");
    if (m_request.minorVersion == 0)
        m_request.keepAlive = connection && lower(*connection).find("keep-alive") != std::string::npos;
    else
        m_request.keepAlive = !(connection && lower(*connection).find("close") != std::string::npos);

    const int lengths = m_request.headerCount("content-length");
    const std::string* te = m_request.header("transfer-encoding");
    if (te && lengths > 0)
        return fail(400, "both Content-Length and Transfer-Encoding");
    if (te) {
        if (m_request.headerCount("transfer-encoding") != 1 || !equalsIgnoringCase(*te, "chunked"))
            return fail(501, "only Transfer-Encoding: chunked is supported");
        m_request.hasBody = true;
        m_phase = Phase::ChunkSize;
        return true;
    }
    if (lengths > 0) {
        std::string_view first;
        for (const HttpHeader& h : m_request.headers) {
            if (h.name != "content-length")
                continue;
            if (h.value.empty() || h.value.size() > 18
                || !std::all_of(h.value.begin(), h.value.end(), [](char c) { return c >= '0' && c <= '9'; }))
                return fail(400, "Content-Length is not a number");
            if (!first.empty() && first != h.value)
                return fail(400, "Content-Length given twice with different values");
            first = h.value;
        }
        std::size_t length = 0;
        std::from_chars(first.data(), first.data() + first.size(), length);
        if (length > m_limits.maxBodyBytes) {
            m_request.hasBody = true;
            m_request.bodyTooLarge = true;
            m_request.keepAlive = false; // the body is not read: the connection cannot carry another request
            m_state = State::Complete;
            return true;
        }
        m_request.hasBody = length > 0;
        m_remaining = length;
        m_phase = Phase::Body;
        if (length == 0)
            m_state = State::Complete;
        return true;
    }
    m_state = State::Complete;
    return true;
}

bool HttpRequestParser::readLine(std::string_view data, std::size_t& i, std::string& line, bool& complete)
{
    complete = false;
    while (i < data.size()) {
        const char c = data[i++];
        if (c == '\n') {
            if (!line.empty() && line.back() == '\r')
                line.pop_back();
            complete = true;
            return true;
        }
        line.push_back(c);
        if (line.size() > 4096)
            return fail(400, "a chunk-size or trailer line longer than 4 KiB");
    }
    return true;
}

std::size_t HttpRequestParser::feed(std::string_view data)
{
    std::size_t i = 0;
    while (i < data.size() && m_state == State::NeedMore) {
        switch (m_phase) {
        case Phase::Head: {
            // Empty lines before a request line are ignored (RFC 9112 §2.2).
            if (!m_started) {
                while (i < data.size() && (data[i] == '\r' || data[i] == '\n'))
                    ++i;
                if (i == data.size())
                    break;
                m_started = true;
            }
            const std::size_t start = i;
            bool done = false;
            while (i < data.size()) {
                const char c = data[i++];
                m_head.push_back(c);
                if (c == '\n') {
                    const std::size_t n = m_head.size();
                    if ((n >= 2 && m_head[n - 2] == '\n')
                        || (n >= 3 && m_head[n - 2] == '\r' && m_head[n - 3] == '\n')) {
                        done = true;
                        break;
                    }
                }
                if (c == '\0') {
                    fail(400, "a NUL byte in the request head");
                    return i;
                }
                if (m_head.size() > m_limits.maxHeaderBytes) {
                    fail(431, "the request head is over 64 KiB");
                    return i;
                }
            }
            (void)start;
            if (done && !parseHead())
                return i;
            break;
        }
        case Phase::Body: {
            const std::size_t n = std::min(m_remaining, data.size() - i);
            m_request.body.append(data.substr(i, n));
            i += n;
            m_remaining -= n;
            if (m_remaining == 0)
                m_state = State::Complete;
            break;
        }
        case Phase::ChunkSize: {
            bool complete = false;
            if (!readLine(data, i, m_line, complete))
                return i;
            if (!complete)
                break;
            std::string_view sizeText(m_line);
            if (const std::size_t semi = sizeText.find(';'); semi != std::string_view::npos)
                sizeText = sizeText.substr(0, semi); // chunk extensions are ignored
            while (!sizeText.empty() && (sizeText.back() == ' ' || sizeText.back() == '\t'))
                sizeText.remove_suffix(1);
            std::size_t size = 0;
            const auto [end, ec] = std::from_chars(sizeText.data(), sizeText.data() + sizeText.size(), size, 16);
            if (sizeText.empty() || ec != std::errc() || end != sizeText.data() + sizeText.size()) {
                fail(400, "a chunk size that is not hexadecimal");
                return i;
            }
            m_line.clear();
            if (size == 0) {
                m_phase = Phase::Trailers;
                break;
            }
            if (size > m_limits.maxBodyBytes || m_request.body.size() + size > m_limits.maxBodyBytes) {
                m_request.body.clear();
                m_request.bodyTooLarge = true;
                m_request.keepAlive = false;
                m_state = State::Complete;
                return i;
            }
            m_remaining = size;
            m_phase = Phase::ChunkData;
            break;
        }
        case Phase::ChunkData: {
            const std::size_t n = std::min(m_remaining, data.size() - i);
            m_request.body.append(data.substr(i, n));
            i += n;
            m_remaining -= n;
            if (m_remaining == 0)
                m_phase = Phase::ChunkDataEnd;
            break;
        }
        case Phase::ChunkDataEnd: {
            bool complete = false;
            if (!readLine(data, i, m_line, complete))
                return i;
            if (!complete)
                break;
            if (!m_line.empty()) {
                fail(400, "chunk data longer than its size");
                return i;
            }
            m_phase = Phase::ChunkSize;
            break;
        }
        case Phase::Trailers: {
            bool complete = false;
            const std::size_t before = i;
            if (!readLine(data, i, m_line, complete))
                return i;
            m_trailerBytes += i - before;
            if (m_trailerBytes > m_limits.maxHeaderBytes) {
                fail(431, "the trailer fields are over 64 KiB");
                return i;
            }
            if (!complete)
                break;
            if (m_line.empty())
                m_state = State::Complete;
            m_line.clear(); // trailer fields are read and dropped
            break;
        }
        }
    }
    return i;
}

std::string_view httpReasonPhrase(int status)
{
    switch (status) {
    case 100:
        return "Continue";
    case 200:
        return "OK";
    case 201:
        return "Created";
    case 204:
        return "No Content";
    case 400:
        return "Bad Request";
    case 401:
        return "Unauthorized";
    case 403:
        return "Forbidden";
    case 404:
        return "Not Found";
    case 405:
        return "Method Not Allowed";
    case 408:
        return "Request Timeout";
    case 409:
        return "Conflict";
    case 413:
        return "Content Too Large";
    case 414:
        return "URI Too Long";
    case 415:
        return "Unsupported Media Type";
    case 417:
        return "Expectation Failed";
    case 422:
        return "Unprocessable Content";
    case 429:
        return "Too Many Requests";
    case 431:
        return "Request Header Fields Too Large";
    case 500:
        return "Internal Server Error";
    case 501:
        return "Not Implemented";
    case 502:
        return "Bad Gateway";
    case 503:
        return "Service Unavailable";
    case 504:
        return "Gateway Timeout";
    case 505:
        return "HTTP Version Not Supported";
    case 507:
        return "Insufficient Storage";
    default:
        return "Status";
    }
}

void beginHttpResponse(std::string& out, int status)
{
    char digits[16];
    out.append("HTTP/1.1 ");
    out.append(digits, std::to_chars(digits, digits + sizeof digits, status).ptr);
    out.push_back(' ');
    out.append(httpReasonPhrase(status));
    out.append("\r\n");
}

void appendHttpField(std::string& out, std::string_view name, std::string_view value)
{
    out.append(name);
    out.append(": ");
    out.append(value);
    out.append("\r\n");
}

void endHttpResponse(std::string& out, std::string_view body, bool keepAlive, bool withBody)
{
    char digits[24];
    out.append("Content-Length: ");
    out.append(digits, std::to_chars(digits, digits + sizeof digits, body.size()).ptr);
    out.append("\r\n");
    if (!keepAlive)
        out.append("Connection: close\r\n");
    out.append("\r\n");
    if (withBody)
        out.append(body);
}

std::string formatHttpResponse(
    int status, const std::vector<std::pair<std::string, std::string>>& headers, std::string_view body, bool keepAlive)
{
    // Sized once: the status line, the fields and the framing fields take under 128 bytes besides the names and
    // values (concatenated pieces made a temporary string each).
    std::size_t size = 128 + body.size();
    for (const auto& [name, value] : headers)
        size += name.size() + value.size() + 4;
    std::string out;
    out.reserve(size);
    beginHttpResponse(out, status);
    for (const auto& [name, value] : headers)
        appendHttpField(out, name, value);
    endHttpResponse(out, body, keepAlive);
    return out;
}

} // namespace iw
