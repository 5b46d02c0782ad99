// Fuzzes fingerprint selection (iw::selectSignificant through iw::fingerprintOf with `only` / `ignore`).
//
// Input layout: the first line is a comma-separated list of `only` pointers, the second the `ignore` pointers
// (as the `fingerprint` command takes them; an empty line is no pointer), the rest is the JSON payload.
//
// Invariants:
// - a malformed pointer is std::invalid_argument, a bad payload json::ParseError — nothing else escapes;
// - with `only` alone, every pointer that resolves in the payload resolves to the same canonical value in the
//   result (fingerprint.h's promise), and selecting again changes nothing;
// - with `ignore` alone, a pointer that reaches its target through objects only no longer resolves;
// - the canonical form of any selection parses again.
#include "fuzzcheck.h"

#include "fingerprint.h"
#include "json.h"

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace {

std::vector<std::string> splitPointers(std::string_view line)
{
    std::vector<std::string> out;
    if (line.empty())
        return out;
    std::size_t start = 0;
    for (;;) {
        const std::size_t comma = line.find(',', start);
        out.emplace_back(line.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
        if (comma == std::string_view::npos)
            return out;
        start = comma + 1;
    }
}

// RFC 6901 resolution; `objectsOnly` tells whether the path crossed only objects.
const iw::json::Value* resolve(const iw::json::Value& root, const std::vector<std::string>& tokens, bool& objectsOnly)
{
    objectsOnly = true;
    const iw::json::Value* v = &root;
    for (const std::string& token : tokens) {
        if (v->isObject()) {
            v = v->find(token);
        } else if (v->isArray()) {
            objectsOnly = false;
            if (token.empty() || token.size() > 9 || (token.size() > 1 && token[0] == '0')
                || token.find_first_not_of("0123456789") != std::string::npos)
                return nullptr;
            const std::size_t index = std::stoul(token);
            v = index < v->array.size() ? &v->array[index] : nullptr;
        } else {
            return nullptr;
        }
        if (!v)
            return nullptr;
    }
    return v;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    const std::size_t first = input.find('\n');
    if (first == std::string_view::npos)
        return 0;
    const std::size_t second = input.find('\n', first + 1);
    if (second == std::string_view::npos)
        return 0;
    iw::FingerprintSelection selection;
    selection.only = splitPointers(input.substr(0, first));
    selection.ignore = splitPointers(input.substr(first + 1, second - first - 1));
    if (selection.only.size() + selection.ignore.size() > 64)
        return 0; // the payload is what is being fuzzed, not the cost of very many pointers

    std::vector<std::vector<std::string>> onlyTokens;
    std::vector<std::vector<std::string>> ignoreTokens;
    try {
        for (const std::string& p : selection.only)
            onlyTokens.push_back(iw::parseJsonPointer(p));
        for (const std::string& p : selection.ignore)
            ignoreTokens.push_back(iw::parseJsonPointer(p));
    } catch (const std::invalid_argument& e) {
        IW_FUZZ_CHECK(iwfuzz::isValidUtf8(e.what()) || !iwfuzz::isValidUtf8(input.substr(0, second)));
        return 0;
    }

    iw::json::Value payload;
    try {
        payload = iw::json::parse(input.substr(second + 1));
    } catch (const iw::json::ParseError&) {
        return 0;
    }

    const iw::Fingerprint fingerprint = iw::fingerprintOf(payload, selection);
    IW_FUZZ_CHECK(fingerprint.sha256.size() == 64);
    iw::json::Value result;
    try {
        result = iw::json::parse(fingerprint.canonical);
    } catch (const iw::json::ParseError&) {
        IW_FUZZ_CHECK(!"the canonical form of a selection must parse");
    }

    if (!selection.only.empty() && selection.ignore.empty()) {
        for (const auto& tokens : onlyTokens) {
            bool objectsOnly = true;
            const iw::json::Value* in = resolve(payload, tokens, objectsOnly);
            if (!in)
                continue;
            const iw::json::Value* out = resolve(result, tokens, objectsOnly);
            IW_FUZZ_CHECK(out != nullptr);
            IW_FUZZ_CHECK(iw::canonicalJson(*in) == iw::canonicalJson(*out));
        }
        IW_FUZZ_CHECK(iw::fingerprintOf(result, selection).canonical == fingerprint.canonical);
    }
    if (selection.only.empty() && !selection.ignore.empty()) {
        for (const auto& tokens : ignoreTokens) {
            bool objectsOnly = true;
            if (tokens.empty() || !resolve(payload, tokens, objectsOnly) || !objectsOnly)
                continue; // ignoring "" leaves null, which the empty pointer still resolves to
            IW_FUZZ_CHECK(resolve(result, tokens, objectsOnly) == nullptr);
        }
    }
    return 0;
}
