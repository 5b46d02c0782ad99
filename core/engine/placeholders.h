#pragma once

// Filling a sentence template's %1…%9 (and %n) in one pass. Core keeps its sentences as templates plus facts, so
// the GUI can translate the template and reports can fill it in English (docs/glossary.md); this is the one filler the
// engine's explanations, the live anomalies and the sequence's texts share.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace iw {

// Appends `pattern` to `out` with each %1…%9 whose number is below `count` replaced by what `put(index)` appends
// (index 0 for %1) and, with a `plural`, %n by it. One pass, so a value's own "%2" stays as it is; a placeholder
// without a value stays as written.
template<typename Put>
void appendFilled(
    std::string& out, std::string_view pattern, std::size_t count, Put&& put, std::optional<long long> plural = {})
{
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        const char c = pattern[i];
        if (c == '%' && i + 1 < pattern.size()) {
            const char next = pattern[i + 1];
            if (next >= '1' && next <= '9' && static_cast<std::size_t>(next - '1') < count) {
                put(static_cast<std::size_t>(next - '1'));
                ++i;
                continue;
            }
            if (next == 'n' && plural) {
                out += std::to_string(*plural);
                ++i;
                continue;
            }
        }
        out += c;
    }
}

// `pattern` with %1…%9 replaced by `values` and, with a `plural`, %n by it (see appendFilled).
inline std::string fillPlaceholders(
    std::string_view pattern, const std::vector<std::string>& values, std::optional<long long> plural = {})
{
    std::string out;
    out.reserve(pattern.size() + 32);
    appendFilled(
        out, pattern, values.size(), [&](std::size_t n) { out += values[n]; }, plural);
    return out;
}

} // namespace iw
