// A strict reader of RFC 8941 Structured Field Items, following the parsing algorithms of its §4.2 step by step.
#include "structuredfield.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <algorithm>

namespace iw {

namespace {

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}
bool isLcAlpha(char c)
{
    return c >= 'a' && c <= 'z';
}
bool isAlpha(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
// RFC 9110 tchar
bool isTchar(char c)
{
    if (isAlpha(c) || isDigit(c))
        return true;
    switch (c) {
    case '!':
    case '#':
    case '$':
    case '%':
    case '&':
    case '\'':
    case '*':
    case '+':
    case '-':
    case '.':
    case '^':
    case '_':
    case '`':
    case '|':
    case '~':
        return true;
    default:
        return false;
    }
}

class Reader {
public:
    explicit Reader(std::string_view text)
        : m_text(text)
    {
    }
    bool atEnd() const { return m_pos >= m_text.size(); }
    char peek() const { return atEnd() ? '\0' : m_text[m_pos]; }
    void skipSp()
    {
        while (!atEnd() && m_text[m_pos] == ' ')
            ++m_pos;
    }
    void skipOws()
    {
        while (!atEnd() && (m_text[m_pos] == ' ' || m_text[m_pos] == '\t'))
            ++m_pos;
    }

    // §4.2.3.1 Parsing a Bare Item.
    std::optional<SfItem> bareItem(std::string& error)
    {
        const char c = peek();
        if (c == '-' || isDigit(c))
            return number(error);
        if (c == '"') {
            auto s = parseSfString(m_text, m_pos, error);
            if (!s)
                return std::nullopt;
            return SfItem { "string", std::move(*s) };
        }
        if (c == '*' || isAlpha(c)) {
            while (!atEnd() && (isTchar(peek()) || peek() == ':' || peek() == '/'))
                ++m_pos;
            return SfItem { "token", {} };
        }
        if (c == ':')
            return byteSequence(error);
        if (c == '?') {
            ++m_pos;
            if (peek() != '0' && peek() != '1') {
                error = "boolean: expected ?0 or ?1";
                return std::nullopt;
            }
            ++m_pos;
            return SfItem { "boolean", {} };
        }
        error = atEnd() ? "empty value" : "unexpected character '" + std::string(1, c) + "'";
        return std::nullopt;
    }

    // §4.2.4 Parsing an Integer or Decimal.
    std::optional<SfItem> number(std::string& error)
    {
        bool decimal = false;
        std::size_t digits = 0;
        std::size_t fraction = 0;
        if (peek() == '-')
            ++m_pos;
        if (!isDigit(peek())) {
            error = "integer: a digit must follow '-'";
            return std::nullopt;
        }
        while (!atEnd()) {
            const char c = peek();
            if (isDigit(c)) {
                ++(decimal ? fraction : digits);
            } else if (c == '.' && !decimal) {
                if (digits > 12) {
                    error = "decimal: more than 12 integer digits";
                    return std::nullopt;
                }
                decimal = true;
            } else {
                break;
            }
            ++m_pos;
            if (!decimal && digits > 15) {
                error = "integer: more than 15 digits";
                return std::nullopt;
            }
            if (decimal && digits + fraction > 15) {
                error = "decimal: more than 15 digits";
                return std::nullopt;
            }
        }
        if (decimal && (fraction == 0 || fraction > 3)) {
            error = "decimal: one to three digits must follow '.'";
            return std::nullopt;
        }
        return SfItem { decimal ? "decimal" : "integer", {} };
    }

    // §4.2.7 Parsing a Byte Sequence.
    std::optional<SfItem> byteSequence(std::string& error)
    {
        ++m_pos;
        while (!atEnd() && peek() != ':') {
            const char c = peek();
            if (!(isAlpha(c) || isDigit(c) || c == '+' || c == '/' || c == '=')) {
                error = "byte sequence: invalid base64 character";
                return std::nullopt;
            }
            ++m_pos;
        }
        if (atEnd()) {
            error = "byte sequence: unterminated";
            return std::nullopt;
        }
        ++m_pos;
        return SfItem { "byte sequence", {} };
    }

    // §4.2.3.2 Parsing Parameters.
    bool parameters(std::string& error)
    {
        while (peek() == ';') {
            ++m_pos;
            skipSp();
            if (!(isLcAlpha(peek()) || peek() == '*')) {
                error = "parameter: a key must start with a lowercase letter or '*'";
                return false;
            }
            while (!atEnd()
                && (isLcAlpha(peek()) || isDigit(peek()) || peek() == '_' || peek() == '-' || peek() == '.'
                    || peek() == '*'))
                ++m_pos;
            if (peek() == '=') {
                ++m_pos;
                if (!bareItem(error))
                    return false;
            }
        }
        return true;
    }

    // §4.2.1.2 Parsing an Inner List.
    bool innerList(std::string& error)
    {
        ++m_pos; // (
        while (!atEnd()) {
            skipSp();
            if (peek() == ')') {
                ++m_pos;
                return parameters(error);
            }
            if (!bareItem(error) || !parameters(error))
                return false;
            if (peek() != ' ' && peek() != ')') {
                error = "inner list: items must be separated by spaces";
                return false;
            }
        }
        error = "inner list: unterminated";
        return false;
    }

    std::size_t pos() const { return m_pos; }

private:
    std::string_view m_text;
    std::size_t m_pos = 0;
};

} // namespace

std::optional<std::string> parseSfString(std::string_view text, std::size_t& pos, std::string& error)
{
    if (pos >= text.size() || text[pos] != '"') {
        error = "sf-string: must start with '\"'";
        return std::nullopt;
    }
    std::string out;
    for (std::size_t i = pos + 1; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\\') {
            if (i + 1 >= text.size()) {
                error = "sf-string: unterminated escape";
                return std::nullopt;
            }
            const char next = text[++i];
            if (next != '"' && next != '\\') {
                error = "sf-string: only \\\" and \\\\ may be escaped";
                return std::nullopt;
            }
            out.push_back(next);
        } else if (c == '"') {
            pos = i + 1;
            return out;
        } else if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) > 0x7e) {
            error = "sf-string: only printable ASCII (0x20–0x7E) is allowed";
            return std::nullopt;
        } else {
            out.push_back(c);
        }
    }
    error = "sf-string: unterminated";
    return std::nullopt;
}

std::optional<SfItem> parseSfItem(std::string_view value, std::string& error)
{
    // §4.2: leading and trailing SP are discarded.
    while (!value.empty() && value.front() == ' ')
        value.remove_prefix(1);
    while (!value.empty() && value.back() == ' ')
        value.remove_suffix(1);
    Reader r(value);
    auto item = r.bareItem(error);
    if (!item || !r.parameters(error))
        return std::nullopt;
    if (!r.atEnd()) {
        error = "unexpected characters after the item";
        return std::nullopt;
    }
    return item;
}

bool plainSfStringInside(std::string_view inside)
{
    const char* p = inside.data();
    const char* const end = p + inside.size();
#if defined(__SSE2__)
    // Signed bytes: those above 0x7f are negative, so not above 0x1f.
    const __m128i low = _mm_set1_epi8(0x1f);
    const __m128i high = _mm_set1_epi8(0x7f);
    const __m128i quote = _mm_set1_epi8('"');
    const __m128i backslash = _mm_set1_epi8('\\');
    for (; end - p >= 16; p += 16) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
        const __m128i printable = _mm_and_si128(_mm_cmpgt_epi8(v, low), _mm_cmplt_epi8(v, high));
        const __m128i special = _mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash));
        if (_mm_movemask_epi8(_mm_andnot_si128(special, printable)) != 0xffff)
            return false;
    }
#endif
    for (; p < end; ++p)
        if (*p < 0x20 || *p > 0x7e || *p == '"' || *p == '\\')
            return false;
    return true;
}

KeyHeader readKeyHeader(std::string_view value)
{
    KeyHeader out;
    // Field values carry no leading or trailing whitespace (RFC 9110 §5.5); the parser trimmed OWS already, but a
    // caller may not have.
    while (!value.empty() && (value.front() == ' ' || value.front() == '\t'))
        value.remove_prefix(1);
    while (!value.empty() && (value.back() == ' ' || value.back() == '\t'))
        value.remove_suffix(1);
    if (!value.empty() && value.front() == '"') {
        out.structured = true;
        // The usual key: one sf-string without escapes and without parameters, "…" of printable ASCII, which the
        // reader below would give back as its inside; read in one pass.
        if (value.size() >= 2 && value.back() == '"' && plainSfStringInside(value.substr(1, value.size() - 2))) {
            out.key = std::string(value.substr(1, value.size() - 2));
            return out;
        }
        std::string error;
        auto item = parseSfItem(value, error);
        if (!item) {
            out.error = "not a valid sf-string (" + error + ")";
            return out;
        }
        out.key = std::move(item->string);
        return out;
    }
    if (!value.empty() && value.front() == '(') {
        std::string error;
        Reader r(value);
        out.error = r.innerList(error) && r.atEnd() ? "an inner list, not one sf-string"
                                                    : "an invalid inner list (" + error + ")";
        return out;
    }
    for (const char c : value) {
        const auto u = static_cast<unsigned char>(c);
        if (u <= 0x20 || u >= 0x7f || c == '"' || c == ',' || c == '(' || c == ')' || c == ';') {
            out.error = "not a bare token: it has a space, a control or non-ASCII byte, or one of \" , ( ) ;";
            return out;
        }
    }
    // An empty header is an empty key: §4's key rules judge it (invalid_key), and a scenario can say it too.
    out.key = std::string(value);
    return out;
}

} // namespace iw
