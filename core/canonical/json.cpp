// The strict I-JSON reader and the RFC 8785 string/number writers declared in json.h.
#include "json.h"
#include "jsontext.h"
#include "utf8.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <memory>
#include <optional>
#include <unordered_map>

namespace iw::json {

const Value* Value::find(std::string_view key) const
{
    for (const Member& m : object) {
        if (m.key == key)
            return &m.value;
    }
    return nullptr;
}

const char* Value::typeName(Type t)
{
    switch (t) {
    case Type::Null:
        return "null";
    case Type::Bool:
        return "boolean";
    case Type::Number:
        return "number";
    case Type::String:
        return "string";
    case Type::Array:
        return "array";
    case Type::Object:
        return "object";
    }
    return "unknown";
}

Value Value::makeBool(bool b)
{
    Value v;
    v.type = Type::Bool;
    v.boolean = b;
    return v;
}

Value Value::makeNumber(double d)
{
    Value v;
    v.type = Type::Number;
    v.number = d;
    return v;
}

Value Value::makeString(std::string s)
{
    Value v;
    v.type = Type::String;
    v.string = std::move(s);
    return v;
}

Value Value::makeArray()
{
    Value v;
    v.type = Type::Array;
    return v;
}

Value Value::makeObject()
{
    Value v;
    v.type = Type::Object;
    return v;
}

ParseError::ParseError(std::string message, Position pos)
    : std::runtime_error(std::move(message))
    , m_pos(pos)
{
}

namespace {

constexpr char s_hexDigits[] = "0123456789abcdef";

std::string hexByte(unsigned char c)
{
    std::string s = "0x";
    s += s_hexDigits[c >> 4];
    s += s_hexDigits[c & 0xf];
    return s;
}

std::string codePointName(std::uint32_t cp)
{
    char buf[16];
    std::snprintf(buf, sizeof buf, "U+%04X", static_cast<unsigned>(cp));
    return buf;
}

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

void appendUtf8(std::string& out, std::uint32_t cp)
{
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

// Long texts (a 10 kB number) would drown the message; the position already says where it is.
std::string excerpt(std::string_view text)
{
    constexpr std::size_t limit = 40;
    if (text.size() <= limit)
        return std::string(text);
    return std::string(utf8::prefixBytes(text, limit)) + "..."; // never split a UTF-8 sequence
}

// Objects with more members than this get a hash index for the duplicate check; below it a scan is cheaper.
constexpr std::size_t s_indexThreshold = 16;

// An open array or object. Values are built where they will live: the container is the last element of its
// parent (or the root), and a parent never grows while a child is open, so the pointer stays valid.
struct Frame {
    Value* value;
    std::unique_ptr<std::unordered_multimap<std::size_t, std::size_t>> index; // key hash -> member index
    const char* textStart = nullptr; // where a value the KeepText option names starts
};

class Parser {
public:
    Parser(std::string_view text, const ParseOptions& options, std::optional<KeepText> keepText = {})
        : m_begin(text.data())
        , m_p(text.data())
        , m_end(text.data() + text.size())
        , m_lineStart(text.data())
        , m_colAt(text.data())
        , m_maxDepth(options.maxDepth)
        , m_maxValues(options.maxValues)
        , m_keepText(keepText)
    {
    }

    Value run();

private:
    void countElements();

private:
    [[noreturn]] void fail(std::string message, const char* at);
    // For "expected X" errors: when the unexpected byte is not even valid UTF-8, that is the better message.
    [[noreturn]] void unexpected(std::string message, const char* at);
    Position positionOf(const char* p);
    void skipWhitespace();
    const char* checkUtf8(const char* p); // validates one multi-byte sequence at p, returns the byte after it
    void parseString(std::string& out);
    const char* parseEscape(const char* p, std::string& out, const char* quote);
    void parseNumber(Value& v);
    void parseLiteral(Value& v, std::string_view word, Type type, bool boolean);
    Value* readMemberName(Frame& frame); // returns the new member's value slot
    void checkDuplicate(Frame& frame, const char* keyStart); // is the last member's name new?
    std::size_t openContainer(Value& slot, Type type); // returns the expected element count
    void countValue(); // one more value starts at m_p: past maxValues that is an error
    bool keepsText() const; // is the container about to open at m_p one that keepText names?
    void closeContainer(); // m_p is past the top container's closing bracket
    // What a container may reserve: its expected count, but never past the values still allowed (a pre-scanned
    // array of 30 million elements must not reserve 4 GB before its first element is read).
    std::size_t reservable(std::size_t expected) const
    {
        if (m_maxValues == 0)
            return expected;
        return std::min(expected, m_maxValues - std::min(m_values, m_maxValues) + 1);
    }

    const char* m_begin;
    const char* m_p;
    const char* m_end;
    int m_line = 1;
    const char* m_lineStart;
    // Column cache: the column of m_colAt. Positions are asked for in source order, so counting code points
    // from the previous answer keeps a 50 MB single-line document linear.
    const char* m_colAt;
    int m_col = 1;
    int m_maxDepth;
    std::size_t m_maxValues;
    std::optional<KeepText> m_keepText;
    std::size_t m_values = 0;
    std::vector<Frame> m_stack;
    // Element counts of every container in opening order, from a quick pre-scan, so each array and object is
    // allocated once at its final size instead of being regrown (and its values moved) as it fills.
    std::vector<std::size_t> m_sizes;
    std::size_t m_opened = 0;
};

void Parser::fail(std::string message, const char* at)
{
    throw ParseError(std::move(message), positionOf(at));
}

void Parser::unexpected(std::string message, const char* at)
{
    if (at < m_end && static_cast<unsigned char>(*at) >= 0x80)
        checkUtf8(at); // throws when invalid
    fail(std::move(message), at);
}

Position Parser::positionOf(const char* p)
{
    if (p < m_colAt || m_colAt < m_lineStart) {
        m_colAt = m_lineStart;
        m_col = 1;
    }
    int col = m_col;
    for (const char* q = m_colAt; q < p; ++q) {
        if (!utf8::isContinuation(*q))
            ++col;
    }
    m_colAt = p;
    m_col = col;
    return { m_line, col };
}

void Parser::skipWhitespace()
{
    const char* p = m_p;
    while (p < m_end) {
        const char c = *p;
        if (c == ' ' || c == '\t') {
            ++p;
        } else if (c == '\n' || c == '\r') {
            ++p;
            if (c == '\r' && p < m_end && *p == '\n')
                ++p; // CRLF is one line break
            ++m_line;
            m_lineStart = p;
        } else {
            break;
        }
    }
    m_p = p;
}

const char* Parser::checkUtf8(const char* p)
{
    const auto byte = [&](std::ptrdiff_t i) { return static_cast<unsigned char>(p[i]); };
    const unsigned char c = byte(0);
    int length = 0;
    if (c >= 0xC0 && c <= 0xDF)
        length = 2;
    else if (c >= 0xE0 && c <= 0xEF)
        length = 3;
    else if (c >= 0xF0 && c <= 0xF4)
        length = 4;
    else
        fail("invalid UTF-8 byte " + hexByte(c), p); // a stray continuation byte, or 0xF5-0xFF
    for (int i = 1; i < length; ++i) {
        if (p + i >= m_end || (byte(i) & 0xC0) != 0x80)
            fail("invalid UTF-8: truncated sequence starting with byte " + hexByte(c), p);
    }
    std::uint32_t cp = c & (0xFF >> (length + 1));
    for (int i = 1; i < length; ++i)
        cp = (cp << 6) | (byte(i) & 0x3F);
    static constexpr std::uint32_t smallest[] = { 0, 0, 0x80, 0x800, 0x10000 };
    if (cp < smallest[length])
        fail("invalid UTF-8: overlong encoding of " + codePointName(cp), p);
    if (cp >= 0xD800 && cp <= 0xDFFF)
        fail("invalid UTF-8: encoded surrogate " + codePointName(cp), p);
    if (cp > 0x10FFFF)
        fail("invalid UTF-8: code point " + codePointName(cp) + " is beyond U+10FFFF", p);
    return p + length;
}

void Parser::parseString(std::string& out)
{
    const char* quote = m_p;
    const char* p = quote + 1;
    const char* run = p;
    for (;;) {
        if (p == m_end)
            fail("unterminated string", quote);
        const auto c = static_cast<unsigned char>(*p);
        if (c == '"') {
            out.append(run, p);
            m_p = p + 1;
            return;
        }
        if (c == '\\') {
            out.append(run, p);
            p = parseEscape(p, out, quote);
            run = p;
        } else if (c < 0x20) {
            if (c == '\n' || c == '\r')
                fail("line break inside a string (write it as \\n)", p);
            fail("control character " + codePointName(c) + " must be escaped in a string", p);
        } else if (c < 0x80) {
            ++p;
        } else {
            p = checkUtf8(p);
        }
    }
}

const char* Parser::parseEscape(const char* p, std::string& out, const char* quote)
{
    if (p + 1 == m_end)
        fail("unterminated string", quote);
    switch (p[1]) {
    case '"':
        out += '"';
        return p + 2;
    case '\\':
        out += '\\';
        return p + 2;
    case '/':
        out += '/';
        return p + 2;
    case 'b':
        out += '\b';
        return p + 2;
    case 'f':
        out += '\f';
        return p + 2;
    case 'n':
        out += '\n';
        return p + 2;
    case 'r':
        out += '\r';
        return p + 2;
    case 't':
        out += '\t';
        return p + 2;
    case 'u':
        break;
    default: {
        const auto c = static_cast<unsigned char>(p[1]);
        if (c >= 0x80)
            checkUtf8(p + 1);
        const std::string shown = (c > 0x20 && c < 0x7F) ? "\\" + std::string(1, p[1]) : codePointName(c);
        fail("invalid escape " + shown + " in string", p);
    }
    }
    const auto hex4 = [&](const char* q) -> int {
        if (m_end - q < 4)
            return -1;
        int v = 0;
        for (int i = 0; i < 4; ++i) {
            const int h = hexValue(q[i]);
            if (h < 0)
                return -1;
            v = v * 16 + h;
        }
        return v;
    };
    const int unit = hex4(p + 2);
    if (unit < 0)
        fail("invalid \\u escape: expected four hex digits", p);
    const auto loneSurrogate = [&] { fail("lone surrogate " + std::string(p, 6) + " in string", p); };
    if (unit >= 0xDC00 && unit <= 0xDFFF)
        loneSurrogate();
    if (unit >= 0xD800 && unit <= 0xDBFF) {
        if (m_end - p < 12 || p[6] != '\\' || p[7] != 'u')
            loneSurrogate();
        const int low = hex4(p + 8);
        if (low < 0xDC00 || low > 0xDFFF)
            loneSurrogate();
        appendUtf8(out, 0x10000 + ((static_cast<std::uint32_t>(unit) - 0xD800) << 10) + (low - 0xDC00));
        return p + 12;
    }
    appendUtf8(out, static_cast<std::uint32_t>(unit));
    return p + 6;
}

void Parser::parseNumber(Value& v)
{
    const char* start = m_p;
    const char* p = start;
    if (*p == '-') {
        ++p;
        if (p == m_end || !isDigit(*p))
            unexpected("expected a digit after '-'", p);
    }
    if (*p == '0') {
        ++p;
        if (p < m_end && isDigit(*p))
            fail("leading zeros are not allowed in numbers", start);
    } else {
        while (p < m_end && isDigit(*p))
            ++p;
    }
    if (p < m_end && *p == '.') {
        ++p;
        if (p == m_end || !isDigit(*p))
            unexpected("expected a digit after the decimal point", p);
        while (p < m_end && isDigit(*p))
            ++p;
    }
    if (p < m_end && (*p == 'e' || *p == 'E')) {
        ++p;
        if (p < m_end && (*p == '+' || *p == '-'))
            ++p;
        if (p == m_end || !isDigit(*p))
            unexpected("expected a digit in the exponent", p);
        while (p < m_end && isDigit(*p))
            ++p;
    }
    v.type = Type::Number;
    v.numberText.assign(start, static_cast<std::size_t>(p - start));
    const auto result = std::from_chars(start, p, v.number);
    if (result.ec == std::errc::result_out_of_range) {
        // from_chars reports both overflow and underflow; the decimal magnitude of the literal tells them
        // apart. Underflow is excess precision and rounds to (signed) zero, see json.h.
        const char* d = start + (*start == '-');
        long long magnitude = 0;
        bool seenNonZero = false;
        long long position = 0; // decimal exponent of the current digit, relative to the first digit
        const char* q = d;
        long long intDigits = 0;
        while (q < p && isDigit(*q)) {
            ++intDigits;
            ++q;
        }
        for (q = d; q < p && *q != 'e' && *q != 'E'; ++q) {
            if (*q == '.')
                continue;
            if (*q != '0') {
                magnitude = intDigits - 1 - position;
                seenNonZero = true;
                break;
            }
            ++position;
        }
        long long exponent = 0;
        if (const char* e = std::find_if(d, p, [](char c) { return c == 'e' || c == 'E'; }); e != p) {
            bool negative = false;
            ++e;
            if (*e == '+' || *e == '-')
                negative = *e++ == '-';
            for (; e < p; ++e)
                exponent = std::min(exponent * 10 + (*e - '0'), 1'000'000'000LL); // saturate, only the sign matters
            if (negative)
                exponent = -exponent;
        }
        if (seenNonZero && magnitude + exponent >= 0)
            fail("number " + excerpt(v.numberText) + " is outside the range of a double", start);
        v.number = *start == '-' ? -0.0 : 0.0;
    }
    m_p = p;
}

void Parser::parseLiteral(Value& v, std::string_view word, Type type, bool boolean)
{
    if (static_cast<std::size_t>(m_end - m_p) < word.size() || std::memcmp(m_p, word.data(), word.size()) != 0)
        fail("expected the literal " + std::string(word), m_p);
    v.type = type;
    v.boolean = boolean;
    m_p += word.size();
}

void Parser::checkDuplicate(Frame& frame, const char* keyStart)
{
    const std::vector<Member>& members = frame.value->object;
    const std::string& key = members.back().key;
    const std::size_t earlier = members.size() - 1;
    const auto hash = [](const std::string& k) { return std::hash<std::string_view> {}(k); };
    bool duplicate = false;
    if (earlier < s_indexThreshold) {
        for (std::size_t i = 0; i < earlier && !duplicate; ++i)
            duplicate = members[i].key == key;
    } else {
        if (!frame.index) {
            frame.index = std::make_unique<std::unordered_multimap<std::size_t, std::size_t>>();
            for (std::size_t i = 0; i < earlier; ++i)
                frame.index->emplace(hash(members[i].key), i);
        }
        const std::size_t h = hash(key);
        const auto range = frame.index->equal_range(h);
        duplicate = std::any_of(
            range.first, range.second, [&](const auto& entry) { return members[entry.second].key == key; });
        frame.index->emplace(h, earlier);
    }
    if (duplicate) {
        std::string message = "duplicate member name ";
        appendString(message, excerpt(key));
        fail(std::move(message), keyStart);
    }
}

Value* Parser::readMemberName(Frame& frame)
{
    // m_p is at the opening quote. The member is added first so its name is decoded in place.
    Member& member = frame.value->object.emplace_back();
    const char* keyStart = m_p;
    member.keyPos = positionOf(keyStart);
    parseString(member.key);
    checkDuplicate(frame, keyStart);
    skipWhitespace();
    if (m_p == m_end || *m_p != ':')
        unexpected("expected ':' after member name", m_p);
    ++m_p;
    return &member.value;
}

std::size_t Parser::openContainer(Value& slot, Type type)
{
    if (static_cast<int>(m_stack.size()) >= m_maxDepth)
        fail("nesting deeper than " + std::to_string(m_maxDepth) + (m_maxDepth == 1 ? " level" : " levels"), m_p);
    slot.type = type;
    slot.pos = positionOf(m_p);
    const char* textStart = keepsText() ? m_p : nullptr;
    m_stack.push_back(Frame { &slot, {}, textStart });
    ++m_p;
    const std::size_t opened = m_opened++;
    return opened < m_sizes.size() ? m_sizes[opened] : 0;
}

bool Parser::keepsText() const
{
    if (!m_keepText || m_stack.size() != 3)
        return false;
    const Value& root = *m_stack[0].value;
    const Value& list = *m_stack[1].value;
    const Value& element = *m_stack[2].value;
    return root.type == Type::Object && list.type == Type::Array && element.type == Type::Object
        && root.object.back().key == m_keepText->arrayMember && &root.object.back().value == &list
        && element.object.back().key == m_keepText->member;
}

void Parser::closeContainer()
{
    const Frame& top = m_stack.back();
    if (top.textStart && static_cast<std::size_t>(m_p - top.textStart) >= m_keepText->minBytes) {
        Value& v = *top.value;
        std::vector<Value>().swap(v.array);
        std::vector<Member>().swap(v.object);
        v.string.assign(top.textStart, m_p);
    }
    m_stack.pop_back();
}

void Parser::countValue()
{
    if (m_maxValues != 0 && ++m_values > m_maxValues)
        fail("more than " + std::to_string(m_maxValues) + " values in one document, the most this reader takes", m_p);
}

void Parser::countElements()
{
    // Only a size hint: it counts commas per container and never judges the text, which the real pass does.
    // It counts the containers the real pass will open, in the same order.
    std::vector<std::size_t> open;
    const std::size_t size = static_cast<std::size_t>(m_end - m_p);
    for (std::size_t i = 0; i < size; ++i) {
        switch (m_p[i]) {
        case '"':
            for (++i; i < size && m_p[i] != '"'; ++i) {
                if (m_p[i] == '\\')
                    ++i;
            }
            break;
        case '[':
        case '{':
            if (static_cast<int>(open.size()) >= m_maxDepth || (m_maxValues != 0 && m_sizes.size() >= m_maxValues))
                return; // the real pass stops here
            open.push_back(m_sizes.size());
            m_sizes.push_back(1);
            break;
        case ']':
        case '}':
            if (open.empty())
                return;
            open.pop_back();
            break;
        case ',':
            if (!open.empty())
                ++m_sizes[open.back()];
            break;
        default:
            break;
        }
    }
}

Value Parser::run()
{
    if (m_end - m_p >= 3 && std::memcmp(m_p, "\xEF\xBB\xBF", 3) == 0)
        fail("byte order mark (U+FEFF) at the start of the input is not allowed", m_p);
    skipWhitespace();
    if (m_p == m_end)
        fail("the input contains no JSON value", m_p);
    countElements();

    Value root;
    Value* slot = &root; // where the next value goes
    for (;;) {
        // Expecting a value at m_p (whitespace already skipped).
        if (m_p == m_end)
            fail("unexpected end of input", m_p);
        countValue();
        bool complete = true;
        switch (*m_p) {
        case '{': {
            const std::size_t expected = openContainer(*slot, Type::Object);
            skipWhitespace();
            if (m_p < m_end && *m_p == '}') {
                ++m_p;
                closeContainer();
            } else if (m_p < m_end && *m_p == '"') {
                m_stack.back().value->object.reserve(reservable(expected));
                slot = readMemberName(m_stack.back());
                skipWhitespace();
                complete = false;
            } else if (m_p == m_end) {
                fail("unexpected end of input", m_p);
            } else {
                unexpected("expected a member name string or '}'", m_p);
            }
            break;
        }
        case '[': {
            const std::size_t expected = openContainer(*slot, Type::Array);
            skipWhitespace();
            if (m_p < m_end && *m_p == ']') {
                ++m_p;
                closeContainer();
            } else {
                m_stack.back().value->array.reserve(reservable(expected));
                slot = &m_stack.back().value->array.emplace_back();
                complete = false;
            }
            break;
        }
        case '"':
            slot->type = Type::String;
            slot->pos = positionOf(m_p);
            parseString(slot->string);
            break;
        case 't':
            slot->pos = positionOf(m_p);
            parseLiteral(*slot, "true", Type::Bool, true);
            break;
        case 'f':
            slot->pos = positionOf(m_p);
            parseLiteral(*slot, "false", Type::Bool, false);
            break;
        case 'n':
            slot->pos = positionOf(m_p);
            parseLiteral(*slot, "null", Type::Null, false);
            break;
        default:
            if (*m_p == '-' || isDigit(*m_p)) {
                slot->pos = positionOf(m_p);
                parseNumber(*slot);
            } else {
                unexpected("expected a value", m_p);
            }
        }
        if (!complete)
            continue;

        // A value is complete: find the next slot, closing every container that ends here.
        for (;;) {
            skipWhitespace();
            if (m_stack.empty()) {
                if (m_p != m_end)
                    unexpected("unexpected content after the JSON value", m_p);
                return root;
            }
            Frame& top = m_stack.back();
            const bool isArray = top.value->type == Type::Array;
            const char close = isArray ? ']' : '}';
            if (m_p < m_end && *m_p == ',') {
                ++m_p;
                skipWhitespace();
                if (m_p < m_end && *m_p == close)
                    fail(std::string("trailing comma before '") + close + "'", m_p);
                if (isArray) {
                    slot = &top.value->array.emplace_back();
                } else if (m_p < m_end && *m_p == '"') {
                    slot = readMemberName(top);
                    skipWhitespace();
                } else if (m_p == m_end) {
                    fail("unexpected end of input", m_p);
                } else {
                    unexpected("expected a member name string", m_p);
                }
                break;
            }
            if (m_p < m_end && *m_p == close) {
                ++m_p;
                closeContainer();
                continue;
            }
            if (m_p == m_end)
                fail("unexpected end of input", m_p);
            unexpected(
                isArray ? "expected ',' or ']' after array element" : "expected ',' or '}' after object member", m_p);
        }
    }
}

} // namespace

Value parse(std::string_view utf8Text, const ParseOptions& options)
{
    Parser parser(utf8Text, options);
    return parser.run();
}

Value parse(std::string_view utf8Text, const ParseOptions& options, const KeepText& keep)
{
    Parser parser(utf8Text, options, keep);
    return parser.run();
}

const Value& built(const Value& v, Value& holder)
{
    if (!isTextOnly(v))
        return v;
    holder = parse(v.string);
    return holder;
}

void appendString(std::string& out, std::string_view utf8)
{
    out += '"';
    const char* run = utf8.data();
    const char* end = utf8.data() + utf8.size();
    for (const char* p = run; p < end; ++p) {
        const auto c = static_cast<unsigned char>(*p);
        if (c >= 0x20 && c != '"' && c != '\\')
            continue;
        out.append(run, p);
        run = p + 1;
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\b':
            out += "\\b";
            break;
        case '\f':
            out += "\\f";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default: {
            const char escape[] = { '\\', 'u', '0', '0', s_hexDigits[c >> 4], s_hexDigits[c & 0xf] };
            out.append(escape, sizeof escape);
        }
        }
    }
    out.append(run, end);
    out += '"';
}

void appendNumber(std::string& out, double d)
{
    if (!std::isfinite(d))
        throw std::invalid_argument("NaN and infinity cannot be written as JSON numbers");
    if (d == 0) { // both zeros
        out += '0';
        return;
    }
    // Shortest round-trip digits in scientific form ("-d.ddde±xx"), then ECMAScript's layout of them.
    char buf[40];
    const auto result = std::to_chars(buf, buf + sizeof buf, d, std::chars_format::scientific);
    const char* p = buf;
    if (*p == '-') {
        out += '-';
        ++p;
    }
    char digits[24];
    int k = 0;
    for (; *p != 'e'; ++p) {
        if (*p != '.')
            digits[k++] = *p;
    }
    ++p; // 'e'
    int exponent = 0;
    std::from_chars(*p == '+' ? p + 1 : p, result.ptr, exponent);
    const int n = exponent + 1; // the value is 0.digits × 10^n
    if (k <= n && n <= 21) {
        out.append(digits, k);
        out.append(n - k, '0');
    } else if (0 < n && n <= 21) {
        out.append(digits, n);
        out += '.';
        out.append(digits + n, k - n);
    } else if (-6 < n && n <= 0) {
        out += "0.";
        out.append(-n, '0');
        out.append(digits, k);
    } else {
        out += digits[0];
        if (k > 1) {
            out += '.';
            out.append(digits + 1, k - 1);
        }
        out += n - 1 < 0 ? "e-" : "e+";
        char exp[8];
        const auto e = std::to_chars(exp, exp + sizeof exp, std::abs(n - 1));
        out.append(exp, e.ptr);
    }
}

std::string formatNumber(double d)
{
    std::string out;
    appendNumber(out, d);
    return out;
}

ExactInteger exactInteger(const Value& v)
{
    constexpr long long limit = 9'007'199'254'740'992; // 2^53
    ExactInteger out;
    if (!v.isNumber())
        return out;
    if (v.numberText.empty()) {
        if (!std::isfinite(v.number) || std::floor(v.number) != v.number)
            return out;
        if (std::fabs(v.number) > static_cast<double>(limit)) {
            out.kind = ExactInteger::Kind::OutOfRange;
            out.negative = v.number < 0;
            return out;
        }
        out.kind = ExactInteger::Kind::Integer;
        out.value = static_cast<long long>(v.number);
        return out;
    }
    // The grammar was checked by the parser: -?int(.frac)?([eE][+-]?exp)?
    std::string_view text = v.numberText;
    const bool negative = !text.empty() && text.front() == '-';
    if (negative)
        text.remove_prefix(1);
    std::string digits;
    long long scale = 0; // the value is digits × 10^scale
    std::size_t i = 0;
    for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i)
        digits += text[i];
    if (i < text.size() && text[i] == '.') {
        for (++i; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) {
            digits += text[i];
            --scale;
        }
    }
    if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
        ++i;
        bool expNegative = false;
        if (i < text.size() && (text[i] == '+' || text[i] == '-'))
            expNegative = text[i++] == '-';
        long long exponent = 0;
        for (; i < text.size(); ++i)
            exponent = std::min<long long>(exponent * 10 + (text[i] - '0'), 1'000'000'000); // saturates: 0e99999…
        scale += expNegative ? -exponent : exponent;
    }
    // Leading zeros say nothing; trailing zeros move into the scale.
    const std::size_t first = std::min(digits.find_first_not_of('0'), digits.size());
    digits.erase(0, first);
    while (!digits.empty() && digits.back() == '0') {
        digits.pop_back();
        ++scale;
    }
    if (digits.empty()) { // zero, however written
        out.kind = ExactInteger::Kind::Integer;
        return out;
    }
    if (scale < 0) // a non-zero digit after the point
        return out;
    // 2^53 has 16 digits: anything longer is out of range before the multiplication could overflow.
    if (static_cast<long long>(digits.size()) + scale > 16) {
        out.kind = ExactInteger::Kind::OutOfRange;
        out.negative = negative;
        return out;
    }
    long long value = 0;
    for (char c : digits)
        value = value * 10 + (c - '0');
    for (long long k = 0; k < scale; ++k)
        value *= 10;
    if (value > limit) {
        out.kind = ExactInteger::Kind::OutOfRange;
        out.negative = negative;
        return out;
    }
    out.kind = ExactInteger::Kind::Integer;
    out.value = negative ? -value : value;
    return out;
}

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

namespace {

void appendScalar(std::string& out, const Value& v)
{
    switch (v.type) {
    case Type::Null:
        out += "null";
        break;
    case Type::Bool:
        out += v.boolean ? "true" : "false";
        break;
    case Type::Number:
        // As written, so `1.50` stays `1.50` in a saved file or the payload editor.
        if (v.numberText.empty())
            appendNumber(out, v.number);
        else
            out += v.numberText;
        break;
    case Type::String:
        appendString(out, v.string);
        break;
    default:
        break;
    }
}

// Stops early once `out` is longer than `limit`: the caller only wants to know whether a value fits on a line, and a
// large payload must not be written once per nesting level.
void appendInline(std::string& out, const Value& v, std::size_t limit = std::string::npos)
{
    if (isTextOnly(v)) {
        Value tree;
        appendInline(out, built(v, tree), limit);
        return;
    }
    if (v.isArray()) {
        out += '[';
        for (std::size_t i = 0; i < v.array.size() && out.size() <= limit; ++i) {
            if (i)
                out += ", ";
            appendInline(out, v.array[i], limit);
        }
        out += ']';
    } else if (v.isObject()) {
        out += '{';
        for (std::size_t i = 0; i < v.object.size() && out.size() <= limit; ++i) {
            if (i)
                out += ", ";
            appendString(out, v.object[i].key);
            out += ": ";
            appendInline(out, v.object[i].value, limit);
        }
        out += '}';
    } else {
        appendScalar(out, v);
    }
}

// `depth` levels deep, starting at `column` of its line.
void appendPretty(std::string& out, const Value& v, const PrettyLayout& layout, int depth, std::size_t column)
{
    if (isTextOnly(v)) {
        Value tree;
        appendPretty(out, built(v, tree), layout, depth, column);
        return;
    }
    const bool container = v.isArray() || v.isObject();
    if (!container || (v.isArray() && v.array.empty()) || (v.isObject() && v.object.empty())) {
        appendInline(out, v);
        return;
    }
    const bool alwaysBreaks = depth < layout.breakDepth || (v.isArray() && depth < layout.breakArrayDepth);
    if (!alwaysBreaks && column < layout.width) {
        std::string line;
        appendInline(line, v, layout.width - column);
        if (column + line.size() <= layout.width) {
            out += line;
            return;
        }
    }
    const std::string inner(static_cast<std::size_t>(2 * depth + 2), ' ');
    out += v.isArray() ? "[\n" : "{\n";
    const std::size_t count = v.isArray() ? v.array.size() : v.object.size();
    for (std::size_t i = 0; i < count; ++i) {
        const std::size_t lineStart = out.size();
        out += inner;
        if (v.isObject()) {
            appendString(out, v.object[i].key);
            out += ": ";
        }
        appendPretty(out, v.isArray() ? v.array[i] : v.object[i].value, layout, depth + 1, out.size() - lineStart);
        out += i + 1 < count ? ",\n" : "\n";
    }
    out += std::string(static_cast<std::size_t>(2 * depth), ' ') + (v.isArray() ? "]" : "}");
}

} // namespace

void appendPretty(std::string& out, const Value& v, const PrettyLayout& layout)
{
    appendPretty(out, v, layout, 0, 0);
}

} // namespace iw::json
