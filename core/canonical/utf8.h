// Cutting and counting UTF-8 text by its characters: a message that echoes a long value keeps its first characters
// and says how long the whole was, and a cut never splits a character's bytes.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string_view>

namespace iw::utf8 {

// A byte that continues a character (10xxxxxx) rather than starting one.
constexpr bool isContinuation(char c)
{
    return (static_cast<unsigned char>(c) & 0xC0) == 0x80;
}

// The characters of `s` (its bytes that start one; an invalid byte counts as one).
inline std::size_t codePoints(std::string_view s)
{
    return static_cast<std::size_t>(std::count_if(s.begin(), s.end(), [](char c) { return !isContinuation(c); }));
}

// The longest start of `s` of at most `maxBytes` bytes that ends between two characters.
constexpr std::string_view prefixBytes(std::string_view s, std::size_t maxBytes)
{
    if (s.size() <= maxBytes)
        return s;
    std::size_t cut = maxBytes;
    while (cut > 0 && isContinuation(s[cut]))
        --cut;
    return s.substr(0, cut);
}

// The first `count` characters of `s` (all of it when it has no more).
constexpr std::string_view prefixCodePoints(std::string_view s, std::size_t count)
{
    std::size_t seen = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (isContinuation(s[i]))
            continue;
        if (seen == count)
            return s.substr(0, i);
        ++seen;
    }
    return s;
}

} // namespace iw::utf8
