// The hash the scope table and the memory store index scopes by: actor, operation and key bytes (a UUID key's 16
// packed bytes). Debian's Abseil hashes each string_view through std::hash (the byte-at-a-time-ish _Hash_bytes) and
// a growing index rehashes every row, which made hashing a twentieth of a throughput run; this one reads eight bytes
// at a time and mixes with a 64×64→128-bit multiply, so every bit of the result (Abseil's index uses the high bits to
// pick a group and the low seven as a tag) depends on every input byte.
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>

namespace iw {

namespace scopehash_detail {
__extension__ typedef unsigned __int128 Wide; // GCC and Clang: the 128-bit product of two 64-bit words

inline std::uint64_t mix(std::uint64_t a, std::uint64_t b)
{
    const Wide r = static_cast<Wide>(a) * b;
    return static_cast<std::uint64_t>(r) ^ static_cast<std::uint64_t>(r >> 64);
}

inline std::uint64_t add(std::uint64_t h, std::string_view s)
{
    constexpr std::uint64_t k = 0x9e3779b97f4a7c15ULL;
    const char* p = s.data();
    std::size_t n = s.size();
    while (n >= 8) {
        std::uint64_t w = 0;
        std::memcpy(&w, p, 8);
        h = mix(h ^ w, k);
        p += 8;
        n -= 8;
    }
    std::uint64_t w = 0;
    if (n > 0)
        std::memcpy(&w, p, n);
    // The length goes in with the tail, so ("ab", "c") and ("a", "bc") differ.
    return mix(h ^ w, k ^ (static_cast<std::uint64_t>(s.size()) << 32 | 0xa5));
}
} // namespace scopehash_detail

inline std::size_t scopeHash(std::string_view actor, std::string_view operation, std::string_view keyBytes)
{
    using namespace scopehash_detail;
    std::uint64_t h = add(0x243f6a8885a308d3ULL, actor);
    h = add(h, operation);
    h = add(h, keyBytes);
    return static_cast<std::size_t>(mix(h, 0xbf58476d1ce4e5b9ULL));
}

// What an Abseil index of scopes keeps per element (in what would be padding): scopeHash's low 32 bits, enough for
// the index (a group from the bits above the low seven, a tag from those).
inline std::uint32_t scopeIndexHash(std::string_view actor, std::string_view operation, std::string_view keyBytes)
{
    return static_cast<std::uint32_t>(scopeHash(actor, operation, keyBytes));
}

// One text's hash, mixed the same way: for an index of names kept elsewhere (the simulation's intent bases).
inline std::size_t textHash(std::string_view text)
{
    using namespace scopehash_detail;
    return static_cast<std::size_t>(mix(add(0x243f6a8885a308d3ULL, text), 0xbf58476d1ce4e5b9ULL));
}

} // namespace iw
