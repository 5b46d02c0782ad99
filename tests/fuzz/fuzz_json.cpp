// Fuzzes the strict I-JSON reader and the RFC 8785 canonicaliser (iw::json::parse + iw::fingerprintOf).
//
// Invariants checked on every input:
// - parse either returns a value or throws json::ParseError — nothing else escapes, nothing crashes;
// - a ParseError names a line and column inside the input and its message is one line of valid UTF-8;
// - the canonical form of an accepted document is itself accepted, and canonicalising it again gives the
//   same bytes (JCS is a fixed point), so the fingerprint is stable;
// - every number's ECMAScript form reads back as the same double;
// - the fingerprint is 64 lowercase hex digits.
#include "fuzzcheck.h"

#include "fingerprint.h"
#include "json.h"

#include <charconv>
#include <string>
#include <string_view>

namespace {

void checkNumbers(const iw::json::Value& v)
{
    switch (v.type) {
    case iw::json::Type::Number: {
        const std::string text = iw::json::formatNumber(v.number);
        double back = 0;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), back);
        IW_FUZZ_CHECK(ec == std::errc() && end == text.data() + text.size());
        IW_FUZZ_CHECK(back == v.number);
        break;
    }
    case iw::json::Type::Array:
        for (const iw::json::Value& e : v.array)
            checkNumbers(e);
        break;
    case iw::json::Type::Object:
        for (const iw::json::Member& m : v.object)
            checkNumbers(m.value);
        break;
    default:
        break;
    }
}

int linesIn(std::string_view text)
{
    int lines = 1;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\n' || (text[i] == '\r' && (i + 1 == text.size() || text[i + 1] != '\n')))
            ++lines;
    }
    return lines;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    iw::json::Value value;
    try {
        value = iw::json::parse(text);
    } catch (const iw::json::ParseError& e) {
        const std::string_view message = e.what();
        IW_FUZZ_CHECK(!message.empty());
        IW_FUZZ_CHECK(message.find('\n') == std::string_view::npos);
        IW_FUZZ_CHECK(iwfuzz::isValidUtf8(message));
        IW_FUZZ_CHECK(e.position().line >= 1 && e.position().line <= linesIn(text));
        IW_FUZZ_CHECK(e.position().column >= 1 && static_cast<std::size_t>(e.position().column) <= size + 1);
        return 0;
    }
    IW_FUZZ_CHECK(value.pos.line >= 1 && value.pos.column >= 1);
    checkNumbers(value);

    const iw::Fingerprint fingerprint = iw::fingerprintOf(value);
    IW_FUZZ_CHECK(fingerprint.sha256.size() == 64);
    IW_FUZZ_CHECK(fingerprint.sha256.find_first_not_of("0123456789abcdef") == std::string::npos);
    IW_FUZZ_CHECK(iwfuzz::isValidUtf8(fingerprint.canonical));

    iw::json::Value again;
    try {
        again = iw::json::parse(fingerprint.canonical);
    } catch (const iw::json::ParseError&) {
        IW_FUZZ_CHECK(!"the canonical form of an accepted document must parse");
    }
    const iw::Fingerprint second = iw::fingerprintOf(again);
    IW_FUZZ_CHECK(second.canonical == fingerprint.canonical);
    IW_FUZZ_CHECK(second.sha256 == fingerprint.sha256);
    return 0;
}
