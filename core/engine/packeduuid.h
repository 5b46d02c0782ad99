// Idempotency keys that are canonical UUIDs (36 characters: lowercase hex, dashes at 8, 13, 18 and 23), as clients'
// "auto" keys are, packed into their 16 bytes and spelled out again: the scope table and the memory store each hold a
// million of them in a throughput run. Packing is exact (uppercase or other keys do not pack), so packed bytes can be
// hashed and compared in place of the text.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace iw {

// In a key's size field: the key is 16 packed bytes.
inline constexpr std::uint32_t kPackedUuid = std::numeric_limits<std::uint32_t>::max();
inline constexpr std::size_t kUuidText = 36;
inline constexpr char kHexDigits[] = "0123456789abcdef";

inline bool isUuidDash(std::size_t i)
{
    return i == 8 || i == 13 || i == 18 || i == 23;
}

// Every lookup packs its probe's key, so this is a table walk without branches per character.
inline constexpr std::uint8_t kNotHex = 0xff;
inline constexpr std::array<std::uint8_t, 256> kHexValues = [] {
    std::array<std::uint8_t, 256> values {};
    values.fill(kNotHex);
    for (int i = 0; i < 10; ++i)
        values[static_cast<std::size_t>('0' + i)] = static_cast<std::uint8_t>(i);
    for (int i = 0; i < 6; ++i)
        values[static_cast<std::size_t>('a' + i)] = static_cast<std::uint8_t>(10 + i);
    return values;
}();
inline constexpr std::array<std::uint8_t, 32> kHexPositions = { 0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 14, 15, 16, 17,
    19, 20, 21, 22, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35 };

inline bool packUuid(std::string_view text, char packed[16])
{
    if (text.size() != kUuidText || text[8] != '-' || text[13] != '-' || text[18] != '-' || text[23] != '-')
        return false;
#if defined(__SSE2__)
    // The 32 digits gathered without the dashes, each checked and turned into its value sixteen at a time, and each
    // pair of values (high, low) put together in one byte.
    char digits[32];
    std::memcpy(digits, text.data(), 8);
    std::memcpy(digits + 8, text.data() + 9, 4);
    std::memcpy(digits + 12, text.data() + 14, 4);
    std::memcpy(digits + 16, text.data() + 19, 4);
    std::memcpy(digits + 20, text.data() + 24, 12);
    __m128i bytes[2];
    for (int half = 0; half < 2; ++half) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(digits + 16 * half));
        // Signed compares: bytes above 0x7f are negative, in neither range.
        const __m128i digit
            = _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8('0' - 1)), _mm_cmplt_epi8(v, _mm_set1_epi8('9' + 1)));
        const __m128i lower
            = _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8('a' - 1)), _mm_cmplt_epi8(v, _mm_set1_epi8('f' + 1)));
        if (_mm_movemask_epi8(_mm_or_si128(digit, lower)) != 0xffff)
            return false;
        // '0'..'9' less '0'; 'a'..'f' less 'a' - 10 ('0' + 39).
        const __m128i value
            = _mm_sub_epi8(_mm_sub_epi8(v, _mm_set1_epi8('0')), _mm_and_si128(lower, _mm_set1_epi8(39)));
        // Little-endian 16-bit lanes: the even (high) digit is the low byte, the odd (low) digit the high byte.
        const __m128i high = _mm_and_si128(value, _mm_set1_epi16(0x00ff));
        const __m128i low = _mm_srli_epi16(value, 8);
        bytes[half] = _mm_or_si128(_mm_slli_epi16(high, 4), low);
    }
    _mm_storeu_si128(reinterpret_cast<__m128i*>(packed), _mm_packus_epi16(bytes[0], bytes[1]));
    return true;
#else
    std::uint8_t seen = 0; // any kNotHex leaves its high bits here
    for (std::size_t i = 0; i < 16; ++i) {
        const std::uint8_t high = kHexValues[static_cast<unsigned char>(text[kHexPositions[2 * i]])];
        const std::uint8_t low = kHexValues[static_cast<unsigned char>(text[kHexPositions[2 * i + 1]])];
        seen |= high | low;
        packed[i] = static_cast<char>((high << 4) | low);
    }
    return (seen & 0xf0) == 0;
#endif
}

// The key's text: as kept, or a packed UUID spelled out into `buf` (kUuidText characters).
inline std::string_view spellKey(const char* key, std::uint32_t size, char* buf)
{
    if (size != kPackedUuid)
        return { key, size };
    std::size_t nibble = 0;
    for (std::size_t i = 0; i < kUuidText; ++i) {
        if (isUuidDash(i)) {
            buf[i] = '-';
            continue;
        }
        const auto byte = static_cast<unsigned char>(key[nibble / 2]);
        buf[i] = kHexDigits[(nibble % 2 == 0) ? byte >> 4 : byte & 0xf];
        ++nibble;
    }
    return { buf, kUuidText };
}

} // namespace iw
