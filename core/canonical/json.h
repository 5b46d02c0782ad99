// JSON values that remember where they came from, a strict I-JSON reader (RFC 8259 + RFC 7493) and the
// RFC 8785 writers that canonicalisation and reports share.
//
// We keep our own reader because scenario validation must name the line and column of every offending field
// and reject duplicate member names, which no library available on Debian 12 reports.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace iw::json {

// 1-based; column counts Unicode code points on the line, so it matches what an editor shows.
struct Position {
    int line = 0;
    int column = 0;
    friend bool operator==(const Position&, const Position&) = default;
};

enum class Type { Null, Bool, Number, String, Array, Object };

struct Member;

struct Value {
    Type type = Type::Null;
    Position pos; // where the value starts
    bool boolean = false;
    double number = 0; // for Number
    std::string numberText; // the number exactly as written in the source (empty for built values)
    std::string string; // UTF-8, escapes decoded
    std::vector<Value> array;
    std::vector<Member> object; // in source order

    bool isNull() const { return type == Type::Null; }
    bool isBool() const { return type == Type::Bool; }
    bool isNumber() const { return type == Type::Number; }
    bool isString() const { return type == Type::String; }
    bool isArray() const { return type == Type::Array; }
    bool isObject() const { return type == Type::Object; }

    // The member's value, or nullptr when this is not an object or has no such member.
    const Value* find(std::string_view key) const;

    static const char* typeName(Type); // "null", "boolean", "number", "string", "array", "object"
    const char* typeName() const { return typeName(type); }

    // Small factories for code that builds documents instead of parsing them.
    static Value makeBool(bool b);
    static Value makeNumber(double d);
    static Value makeString(std::string s);
    static Value makeArray();
    static Value makeObject();
};

struct Member {
    std::string key;
    Position keyPos;
    Value value;
};

// what() is the bare message (one sentence, no position); callers prefix it with FILE:LINE:COLUMN.
class ParseError : public std::runtime_error {
public:
    ParseError(std::string message, Position pos);
    Position position() const { return m_pos; }

private:
    Position m_pos;
};

// A document read is a tree of Values, about 140 bytes each (180 as an object's member): a 64 MiB text of
// "0,0,0,…" is 33 million values, 4.5 GB once read. A reader of one payload (fingerprint) stops at the value past
// this many instead, with an error at its position: four million values are at most about 700 MB. Scenarios have no
// such limit: a recording of forty 1 MiB bodies holds 21 million values and must replay (they refuse cleanly when
// memory runs out).
inline constexpr std::size_t kPayloadMaxValues = 4'000'000;

struct ParseOptions {
    int maxDepth = 1000; // nested arrays/objects; the top-level container is level 1
    // Values of every kind, containers and members' values included; 0: no limit. Past it the reader stops, and no
    // container reserves room past the values still allowed.
    std::size_t maxValues = 0;
};

// Parses one complete JSON text (UTF-8, no BOM). Throws ParseError naming the first problem:
// grammar, invalid UTF-8, lone surrogate escapes, duplicate member names, numbers beyond the range of a
// double, nesting deeper than maxDepth, more values than maxValues, or content after the value. Never recurses,
// so hostile nesting is just an error. A non-zero number too small for a double (1e-400) rounds to zero like any other
// excess precision: RFC 7493 §2.2 only names magnitude (1E400) as beyond a double's range.
Value parse(std::string_view utf8Text, const ParseOptions& options = {});

// What a number's literal text says as an integer (docs/reference/scenario.md fine point 22: integers are judged on the
// text, not on the rounded double): `0.99999999999999999` and `1e-400` are fractions, `1.0` and `1e3` integers, and an
// integer beyond ±2^53 is OutOfRange (a double cannot tell 2^53 + 1 from 2^53). A value without literal text (built,
// not parsed) is judged on its double.
struct ExactInteger {
    enum class Kind { Integer, NotAnInteger, OutOfRange };
    Kind kind = Kind::NotAnInteger;
    long long value = 0; // for Integer: |value| ≤ 2^53
    bool negative = false; // for OutOfRange: which side
};
ExactInteger exactInteger(const Value& number);

// Appends utf8 as a quoted JSON string with RFC 8785 minimal escaping: \" \\ \b \f \n \r \t, \u00xx (lower
// case) for the other controls, every other character as is. utf8 must be valid UTF-8.
void appendString(std::string& out, std::string_view utf8);

// ECMAScript Number::toString (RFC 8785 §3.2.2.3): shortest round-trip digits, "1e+21", "1e-7", "0.000001",
// -0 as "0". Throws std::invalid_argument for NaN and infinities, which JSON cannot express.
std::string formatNumber(double d);
void appendNumber(std::string& out, double d);

// JSON written for people to read and edit (a saved scenario, the payload editor): a two-space indent, ", " and ": "
// between items, numbers as they were written (`1.50` stays `1.50`). A container stays on one line when it fits
// within `width` columns from where it starts; containers nested less than `breakDepth` levels deep always break, and
// so do arrays less than `breakArrayDepth` levels deep (a scenario's document and its lists: one entry per line).
struct PrettyLayout {
    std::size_t width = 100;
    int breakDepth = 0;
    int breakArrayDepth = 0;
};
void appendPretty(std::string& out, const Value& v, const PrettyLayout& layout = {});

// The value of one hexadecimal digit (either case), or -1 for any other character.
int hexValue(char c);

} // namespace iw::json
