// One table per enum: the names its values have in scenarios, reports and on the command line, read both ways by
// two generic functions, so a new value is one line of its table and a name can never be written that cannot be read
// back. A table is a constant of the file that owns the enum's names:
//
//     constexpr auto s_jitters = nameTable<Jitter>({ { Jitter::None, "none" }, { Jitter::Full, "full" } });
//     std::string_view jitterName(Jitter j) { return nameOf(s_jitters, j); }
//     std::optional<Jitter> jitterFromName(std::string_view n) { return valueOf(s_jitters, n); }
//
// Several values may share a name (both completions are "completion"), and a value may be read under several names
// (the report format "md" or "markdown"): the first entry wins in each direction.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace iw {

template<typename E, std::size_t N> using NameTable = std::array<std::pair<E, std::string_view>, N>;

// A table from a braced list, its size counted: nameTable<Jitter>({ { Jitter::None, "none" }, … }).
template<typename E, std::size_t N>
constexpr NameTable<E, N> nameTable(const std::pair<E, std::string_view> (&entries)[N])
{
    NameTable<E, N> table {};
    for (std::size_t i = 0; i < N; ++i)
        table[i] = entries[i];
    return table;
}

// The value's name; empty for a value the table does not have. A table in the enum's order is read at the value's
// place, without a search.
template<typename E, std::size_t N> constexpr std::string_view nameOf(const NameTable<E, N>& table, E value)
{
    const auto at = static_cast<std::size_t>(value);
    if (at < N && table[at].first == value)
        return table[at].second;
    for (const auto& [v, text] : table) {
        if (v == value)
            return text;
    }
    return {};
}

// The value a name stands for, or nothing: names are exact (no case folding, no trimming).
template<typename E, std::size_t N>
constexpr std::optional<E> valueOf(const NameTable<E, N>& table, std::string_view name)
{
    for (const auto& [v, text] : table) {
        if (text == name)
            return v;
    }
    return std::nullopt;
}

// Whether entry i is the value i: such a table names a value without a search (a static_assert where it should).
template<typename E, std::size_t N> constexpr bool inEnumOrder(const NameTable<E, N>& table)
{
    for (std::size_t i = 0; i < N; ++i) {
        if (static_cast<std::size_t>(table[i].first) != i)
            return false;
    }
    return true;
}

// Every name in table order, `separator` between them: what a message lists as accepted.
template<typename E, std::size_t N> std::string namesOf(const NameTable<E, N>& table, std::string_view separator = ", ")
{
    std::string out;
    for (std::size_t i = 0; i < N; ++i) {
        if (i)
            out += separator;
        out += table[i].second;
    }
    return out;
}

} // namespace iw
