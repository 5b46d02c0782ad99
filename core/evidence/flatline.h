// A JSON-lines access log's line read without a parser when it is plain — one object of names and scalar values, as
// nginx (`escape=json`), Envoy and most loggers write each line — so a log of gigabytes is read at the speed of its
// bytes. Anything unusual makes the scan give up and the caller reads the line with the full parser (simdjson's
// DOM), which also words every error: a nested value, a \u escape, an escaped name, a number that is not short and
// plain, a control byte, bytes that are not ASCII and not valid UTF-8, anything malformed. What the scan hands out
// is what the full parser would have read (tst_reconstruct and the fuzz harness compare the two on every input).
#pragma once

#include <simdjson.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace iw::flatline {

struct Value {
    enum class Kind : std::uint8_t { String, Number, True, False, Null };
    Kind kind = Kind::Null;
    // A string's text between its quotes (still escaped when `escaped`), a number's literal.
    std::string_view raw;
    bool escaped = false;
    // A number written as -?(0|[1-9][0-9]{0,17}) other than "-0": what the full parser prints back for it ("%lld")
    // is the literal itself.
    bool plainInteger = false;
};

// Readable bytes every line must have after its end (the readers keep simdjson's padding there), and what ends it:
// the byte at the line's end is its "\n" or "\r", or a padding zero.
inline constexpr std::size_t kReadPastEnd = 16;

namespace detail {

// The first byte at or after `p` that is '"', '\\', below 0x20 or above 0x7f, or a place at or after `end` when none
// comes before it. It never reads more than kReadPastEnd - 1 bytes past `end` (a scan of a mapped file's window, whose
// line may go on past it, must not run on to the file's end).
[[gnu::always_inline]] inline const char* stringStop(const char* p, const char* end)
{
#if defined(__SSE2__)
    const __m128i quote = _mm_set1_epi8('"');
    const __m128i backslash = _mm_set1_epi8('\\');
    const __m128i space = _mm_set1_epi8(0x20);
    for (;;) {
        if (p >= end)
            return p;
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
        // Signed: bytes above 0x7f are negative, so below 0x20 too.
        const __m128i stop = _mm_or_si128(
            _mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash)), _mm_cmplt_epi8(v, space));
        if (const int mask = _mm_movemask_epi8(stop))
            return p + __builtin_ctz(static_cast<unsigned>(mask));
        p += 16;
    }
#else
    for (;; ++p) {
        if (p >= end)
            return p;
        const auto c = static_cast<unsigned char>(*p);
        if (c == '"' || c == '\\' || c < 0x20 || c > 0x7f)
            return p;
    }
#endif
}

inline bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

inline bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

inline bool isHex(char c)
{
    return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

// A string from after its opening quote: `p` ends after its closing quote. False when it is not plain.
[[gnu::always_inline]] inline bool string(const char*& p, const char* end, Value& v, bool& high)
{
    const char* const start = p;
    v.escaped = false;
    for (;;) {
        p = stringStop(p, end);
        if (p >= end)
            return false;
        const char c = *p;
        if (c == '"') {
            v.raw = std::string_view(start, static_cast<std::size_t>(p - start));
            ++p;
            return true;
        }
        if (c == '\\') {
            const char e = p + 1 < end ? p[1] : '\0';
            if (e != '"' && e != '\\' && e != '/' && e != 'b' && e != 'f' && e != 'n' && e != 'r' && e != 't')
                return false; // \u (surrogates are the full parser's to judge) or no escape at all
            v.escaped = true;
            p += 2;
            continue;
        }
        if (static_cast<unsigned char>(c) < 0x20)
            return false; // a control byte in a string, or the line's end
        high = true;
        ++p;
    }
}

// A number: short (18 digits at most, an exponent of 2 at most), so the full parser reads it as a number too.
inline bool number(const char*& p, const char* end, Value& v)
{
    const char* const start = p;
    if (p < end && *p == '-')
        ++p;
    const char* const intStart = p;
    if (p >= end || !isDigit(*p))
        return false;
    if (*p == '0')
        ++p;
    else
        while (p < end && isDigit(*p))
            ++p;
    const auto intDigits = p - intStart;
    auto digits = intDigits;
    bool plain = true;
    if (p < end && *p == '.') {
        plain = false;
        const char* const f = ++p;
        while (p < end && isDigit(*p))
            ++p;
        if (p == f)
            return false;
        digits += p - f;
    }
    if (p < end && (*p == 'e' || *p == 'E')) {
        plain = false;
        ++p;
        if (p < end && (*p == '+' || *p == '-'))
            ++p;
        const char* const e = p;
        while (p < end && isDigit(*p))
            ++p;
        if (p == e || p - e > 2)
            return false;
    }
    if (digits > 18)
        return false;
    v.raw = std::string_view(start, static_cast<std::size_t>(p - start));
    v.plainInteger = plain && v.raw != "-0";
    return true;
}

inline bool literal(const char*& p, const char* end, std::string_view word)
{
    if (static_cast<std::size_t>(end - p) < word.size() || std::string_view(p, word.size()) != word)
        return false;
    p += word.size();
    return true;
}

} // namespace detail

// Whether a member's name read by scan() is `known`, whose first kReadPastEnd bytes (zero-padded) are `head`: a short
// name is compared in one 16-byte step (the bytes after a name are readable, as after the line), without a call to
// memcmp for each member of each line.
inline bool sameName(std::string_view name, std::string_view known, const char* head)
{
    if (name.size() != known.size())
        return false;
#if defined(__SSE2__)
    if (name.size() <= kReadPastEnd) {
        const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(name.data()));
        const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(head));
        const unsigned equal = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(a, b)));
        const unsigned wanted = (1u << name.size()) - 1u;
        return (equal & wanted) == wanted;
    }
#else
    (void)head;
#endif
    return name == known;
}

// Calls member(name, value) for each member of the line's object, in order; member returns false to give up. True
// when the line is plain and every member was taken; false when the full parser must read it (then whatever member
// was told counts for nothing).
template<class Member> bool scan(std::string_view line, Member&& member)
{
    using namespace detail;
    const char* p = line.data();
    const char* const end = p + line.size();
    bool high = false;
    while (p < end && isSpace(*p))
        ++p;
    if (p >= end || *p != '{')
        return false;
    ++p;
    while (p < end && isSpace(*p))
        ++p;
    if (p < end && *p == '}') {
        ++p;
    } else {
        for (;;) {
            if (p >= end || *p != '"')
                return false;
            ++p;
            Value name;
            if (!string(p, end, name, high) || name.escaped)
                return false;
            while (p < end && isSpace(*p))
                ++p;
            if (p >= end || *p != ':')
                return false;
            ++p;
            while (p < end && isSpace(*p))
                ++p;
            if (p >= end)
                return false;
            Value v;
            switch (*p) {
            case '"':
                ++p;
                v.kind = Value::Kind::String;
                if (!string(p, end, v, high))
                    return false;
                break;
            case 't':
                v.kind = Value::Kind::True;
                if (!literal(p, end, "true"))
                    return false;
                break;
            case 'f':
                v.kind = Value::Kind::False;
                if (!literal(p, end, "false"))
                    return false;
                break;
            case 'n':
                v.kind = Value::Kind::Null;
                if (!literal(p, end, "null"))
                    return false;
                break;
            default:
                v.kind = Value::Kind::Number;
                if (!number(p, end, v))
                    return false;
                break;
            }
            // A scalar ends at a space, a comma or the brace ("123abc", "truex" are the full parser's to refuse).
            if (p < end && !isSpace(*p) && *p != ',' && *p != '}')
                return false;
            if (!member(name.raw, v))
                return false;
            while (p < end && isSpace(*p))
                ++p;
            if (p >= end)
                return false;
            if (*p == ',') {
                ++p;
                while (p < end && isSpace(*p))
                    ++p;
                continue;
            }
            if (*p != '}')
                return false;
            ++p;
            break;
        }
    }
    while (p < end && isSpace(*p))
        ++p;
    if (p != end)
        return false;
    return !high || simdjson::validate_utf8(line.data(), line.size());
}

// A plain string's text with its escapes undone (only the two-character ones: scan() gives up on \u), as the full
// parser reads it.
inline void unescape(std::string_view raw, std::string& out)
{
    // An sf-string key as nginx's escape=json writes it, \"…\" with no other escape: its text at once.
    const std::size_t n = raw.size();
    if (n >= 4 && raw[0] == '\\' && raw[1] == '"' && raw[n - 2] == '\\' && raw[n - 1] == '"'
        && !std::memchr(raw.data() + 2, '\\', n - 4)) {
        out.resize(n - 2);
        out[0] = '"';
        std::memcpy(out.data() + 1, raw.data() + 2, n - 4);
        out[n - 3] = '"';
        return;
    }
    out.clear();
    for (std::size_t i = 0; i < raw.size(); ++i) {
        // The text up to the next escape, at once.
        const std::size_t next = std::min(raw.find('\\', i), raw.size() - 1);
        if (next > i) {
            out.append(raw.data() + i, next - i);
            i = next;
        }
        const char c = raw[i];
        if (c != '\\' || i + 1 >= raw.size()) {
            out += c;
            continue;
        }
        switch (raw[++i]) {
        case 'b':
            out += '\b';
            break;
        case 'f':
            out += '\f';
            break;
        case 'n':
            out += '\n';
            break;
        case 'r':
            out += '\r';
            break;
        case 't':
            out += '\t';
            break;
        default:
            out += raw[i]; // " \ /
            break;
        }
    }
}

} // namespace iw::flatline
