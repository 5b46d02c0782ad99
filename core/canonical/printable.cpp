// Escaping control characters in echoed text (see printable.h).
#include "printable.h"

#include <cstdio>

namespace iw {

namespace {

void appendHex(std::string& out, unsigned char byte)
{
    char buf[5];
    std::snprintf(buf, sizeof buf, "\\x%02x", byte);
    out += buf;
}

// The length of the well-formed UTF-8 sequence at `s[i]`, or 0.
std::size_t sequenceLength(std::string_view s, std::size_t i)
{
    const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[i + k]); };
    const unsigned char lead = b(0);
    const std::size_t n = lead < 0x80  ? 1
        : lead >= 0xc2 && lead <= 0xdf ? 2
        : lead >= 0xe0 && lead <= 0xef ? 3
        : lead >= 0xf0 && lead <= 0xf4 ? 4
                                       : 0;
    if (n == 0 || i + n > s.size())
        return 0;
    for (std::size_t k = 1; k < n; ++k)
        if ((b(k) & 0xc0) != 0x80)
            return 0;
    if ((lead == 0xe0 && b(1) < 0xa0) || (lead == 0xed && b(1) > 0x9f) || (lead == 0xf0 && b(1) < 0x90)
        || (lead == 0xf4 && b(1) > 0x8f))
        return 0; // overlong, surrogate or beyond U+10FFFF
    return n;
}

} // namespace

std::string printable(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const auto byte = static_cast<unsigned char>(text[i]);
        if (byte == '\n') {
            out += "\\n";
            ++i;
        } else if (byte == '\r') {
            out += "\\r";
            ++i;
        } else if (byte == '\t') {
            out += "\\t";
            ++i;
        } else if (byte < 0x20 || byte == 0x7f) {
            appendHex(out, byte);
            ++i;
        } else if (byte < 0x80) {
            out += static_cast<char>(byte);
            ++i;
        } else if (const std::size_t n = sequenceLength(text, i); n == 0) {
            appendHex(out, byte);
            ++i;
        } else if (n == 2 && byte == 0xc2 && static_cast<unsigned char>(text[i + 1]) < 0xa0) {
            char buf[7];
            std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(static_cast<unsigned char>(text[i + 1])));
            out += buf;
            i += 2;
        } else {
            out.append(text.substr(i, n));
            i += n;
        }
    }
    return out;
}

QString printable(const QString& text)
{
    // Only text with something to escape pays for the round trip.
    for (const QChar c : text) {
        const char16_t u = c.unicode();
        if (u < 0x20 || (u >= 0x7f && u < 0xa0) || c.isSurrogate())
            return QString::fromStdString(printable(text.toStdString()));
    }
    return text;
}

} // namespace iw
