// Timestamps with their zones: hand-written because each format is a few fixed fields and Qt's QDateTime parses
// neither the common log format nor stays within a budget of 150 MB/s of log lines.
#include "timestamps.h"

#include "nametable.h"

#include <cstdint>
#include <cstdio>
#include <limits>

namespace iw {

namespace {

bool digits(std::string_view s, std::size_t pos, std::size_t n, int& out)
{
    if (pos + n > s.size())
        return false;
    int v = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const char c = s[pos + i];
        if (c < '0' || c > '9')
            return false;
        v = v * 10 + (c - '0');
    }
    out = v;
    return true;
}

// "+01:00", "+0100", "Z", "-07"; returns the offset in minutes, or nullopt when it is no zone.
std::optional<int> zoneAt(std::string_view s, std::size_t& pos)
{
    if (pos < s.size() && (s[pos] == 'Z' || s[pos] == 'z')) {
        ++pos;
        return 0;
    }
    if (pos >= s.size() || (s[pos] != '+' && s[pos] != '-'))
        return std::nullopt;
    const int sign = s[pos] == '-' ? -1 : 1;
    int h = 0;
    int m = 0;
    if (!digits(s, pos + 1, 2, h))
        return std::nullopt;
    std::size_t p = pos + 3;
    if (p < s.size() && s[p] == ':')
        ++p;
    if (p < s.size() && digits(s, p, 2, m))
        p += 2;
    if (h > 23 || m > 59)
        return std::nullopt;
    pos = p;
    return sign * (h * 60 + m);
}

bool validDate(int y, int mo, int d)
{
    static const int days[] = { 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
    if (y < 1970 || y > 9999 || mo < 1 || mo > 12 || d < 1 || d > days[mo - 1])
        return false;
    if (mo == 2 && d == 29 && !((y % 4 == 0 && y % 100 != 0) || y % 400 == 0))
        return false;
    return true;
}

Millis civilMs(int y, int mo, int d, int h, int mi, int s, int ms)
{
    return ((daysFromCivil(y, static_cast<unsigned>(mo), static_cast<unsigned>(d)) * 24 + h) * 60 + mi) * 60'000LL
        + s * 1000LL + ms;
}

// The fraction after a '.', as milliseconds (further digits dropped).
int fractionMs(std::string_view s, std::size_t& pos)
{
    if (pos >= s.size() || (s[pos] != '.' && s[pos] != ','))
        return 0;
    ++pos;
    int ms = 0;
    int n = 0;
    while (pos < s.size() && s[pos] >= '0' && s[pos] <= '9') {
        if (n < 3)
            ms = ms * 10 + (s[pos] - '0');
        ++n;
        ++pos;
    }
    while (n < 3 && n > 0) {
        ms *= 10;
        ++n;
    }
    return ms;
}

ParsedTime parseIso(std::string_view s, bool assumeUtc)
{
    ParsedTime out;
    int y, mo, d, h, mi, sec = 0;
    if (!digits(s, 0, 4, y) || s.size() < 16 || s[4] != '-' || !digits(s, 5, 2, mo) || s[7] != '-'
        || !digits(s, 8, 2, d) || (s[10] != 'T' && s[10] != 't' && s[10] != ' ') || !digits(s, 11, 2, h) || s[13] != ':'
        || !digits(s, 14, 2, mi))
        return out;
    std::size_t pos = 16;
    if (pos < s.size() && s[pos] == ':') {
        if (!digits(s, pos + 1, 2, sec))
            return out;
        pos += 3;
    }
    const int ms = fractionMs(s, pos);
    if (!validDate(y, mo, d) || h > 23 || mi > 59 || sec > 60)
        return out;
    const std::optional<int> zone = zoneAt(s, pos);
    if (pos != s.size())
        return out;
    out.ms = civilMs(y, mo, d, h, mi, sec > 59 ? 59 : sec, ms) - (zone ? *zone : 0) * 60'000LL;
    out.status = zone || assumeUtc ? ParsedTime::Status::Ok : ParsedTime::Status::NoZone;
    return out;
}

int monthOf(std::string_view m)
{
    static const char* names[] = { "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };
    for (int i = 0; i < 12; ++i)
        if (m == names[i])
            return i + 1;
    return 0;
}

// "06/Dec/2026:10:00:00 +0100" (brackets allowed around it), with an optional fraction after the seconds.
ParsedTime parseClf(std::string_view s, bool assumeUtc)
{
    ParsedTime out;
    if (!s.empty() && s.front() == '[')
        s.remove_prefix(1);
    if (!s.empty() && s.back() == ']')
        s.remove_suffix(1);
    int d, y, h, mi, sec;
    if (s.size() < 20 || !digits(s, 0, 2, d) || s[2] != '/' || s[6] != '/' || !digits(s, 7, 4, y) || s[11] != ':'
        || !digits(s, 12, 2, h) || s[14] != ':' || !digits(s, 15, 2, mi) || s[17] != ':' || !digits(s, 18, 2, sec))
        return out;
    const int mo = monthOf(s.substr(3, 3));
    std::size_t pos = 20;
    const int ms = fractionMs(s, pos);
    if (!mo || !validDate(y, mo, d) || h > 23 || mi > 59 || sec > 60)
        return out;
    std::optional<int> zone;
    if (pos < s.size() && s[pos] == ' ') {
        ++pos;
        zone = zoneAt(s, pos);
        if (!zone)
            return out;
    }
    if (pos != s.size())
        return out;
    out.ms = civilMs(y, mo, d, h, mi, sec > 59 ? 59 : sec, ms) - (zone ? *zone : 0) * 60'000LL;
    out.status = zone || assumeUtc ? ParsedTime::Status::Ok : ParsedTime::Status::NoZone;
    return out;
}

} // namespace

std::int64_t daysFromCivil(std::int64_t y, unsigned m, unsigned d)
{
    y -= m <= 2;
    const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
    const unsigned yoe = static_cast<unsigned>(y - era * 400);
    const unsigned doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + static_cast<std::int64_t>(doe) - 719468;
}

constexpr auto s_timeFormatNames = nameTable<TimeFormat>({
    { TimeFormat::Auto, "auto" },
    { TimeFormat::Iso8601, "iso8601" },
    { TimeFormat::Clf, "clf" },
    { TimeFormat::EpochS, "epoch_s" },
    { TimeFormat::EpochMs, "epoch_ms" },
    { TimeFormat::EpochUs, "epoch_us" },
    { TimeFormat::EpochNs, "epoch_ns" },
});

std::optional<TimeFormat> timeFormatFromName(std::string_view n)
{
    return valueOf(s_timeFormatNames, n);
}

namespace {

// Seconds with exactly three fraction digits, as nginx writes $msec and $request_time ("1796551200.123", "0.004"),
// and at most ten whole digits: its milliseconds, as parseEpoch(s, EpochS) reads it, without the general loop.
bool secondsWithMillis(std::string_view s, Millis& ms)
{
    const std::size_t whole = s.size() - 4;
    if (s.size() < 5 || s.size() > 14 || s[whole] != '.')
        return false;
    std::int64_t v = 0;
    for (std::size_t i = 0; i < whole; ++i) {
        const unsigned d = static_cast<unsigned>(s[i] - '0');
        if (d > 9)
            return false;
        v = v * 10 + d;
    }
    const unsigned a = static_cast<unsigned>(s[whole + 1] - '0');
    const unsigned b = static_cast<unsigned>(s[whole + 2] - '0');
    const unsigned c = static_cast<unsigned>(s[whole + 3] - '0');
    if (a > 9 || b > 9 || c > 9)
        return false;
    ms = v * 1000 + a * 100 + b * 10 + c;
    return true;
}

} // namespace

std::optional<Millis> parseEpoch(std::string_view s, TimeFormat unit)
{
    if (Millis ms = 0; unit == TimeFormat::EpochS && secondsWithMillis(s, ms))
        return ms;
    if (s.empty() || s.size() > 40)
        return std::nullopt;
    std::size_t pos = 0;
    std::uint64_t digitsValue = 0;
    std::size_t nd = 0;
    while (pos < s.size() && s[pos] >= '0' && s[pos] <= '9') {
        if (++nd > 19) // 19 digits fit an unsigned 64-bit number; nanoseconds since 1970 need 19
            return std::nullopt;
        digitsValue = digitsValue * 10 + static_cast<std::uint64_t>(s[pos] - '0');
        ++pos;
    }
    if (digitsValue > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
        return std::nullopt;
    const auto whole = static_cast<std::int64_t>(digitsValue);
    if (nd == 0)
        return std::nullopt;
    // Up to nine fraction digits, as nanoseconds of the unit.
    std::int64_t frac = 0;
    int fd = 0;
    if (pos < s.size() && s[pos] == '.') {
        ++pos;
        while (pos < s.size() && s[pos] >= '0' && s[pos] <= '9') {
            if (fd < 9) {
                frac = frac * 10 + (s[pos] - '0');
                ++fd;
            }
            ++pos;
        }
        for (int i = fd; i < 9; ++i)
            frac *= 10;
    }
    if (pos != s.size())
        return std::nullopt;
    // Up to the end of year 9999, as the ISO reader: every difference of two instants then fits.
    constexpr Millis kLast = 253'402'300'799'999LL;
    Millis ms = 0;
    switch (unit) {
    case TimeFormat::EpochS:
        if (whole > kLast / 1000)
            return std::nullopt;
        ms = whole * 1000 + frac / 1'000'000;
        break;
    case TimeFormat::EpochMs:
        ms = whole + frac / 1'000'000'000;
        break;
    case TimeFormat::EpochUs:
        ms = whole / 1000;
        break;
    case TimeFormat::EpochNs:
        ms = whole / 1'000'000;
        break;
    default:
        return std::nullopt;
    }
    if (ms > kLast)
        return std::nullopt;
    return ms;
}

ParsedTime parseTimestamp(std::string_view text, TimeFormat format, bool assumeUtc)
{
    ParsedTime out;
    switch (format) {
    case TimeFormat::Iso8601:
        return parseIso(text, assumeUtc);
    case TimeFormat::Clf:
        return parseClf(text, assumeUtc);
    case TimeFormat::EpochS:
    case TimeFormat::EpochMs:
    case TimeFormat::EpochUs:
    case TimeFormat::EpochNs:
        if (const auto ms = parseEpoch(text, format)) {
            out.status = ParsedTime::Status::Ok;
            out.ms = *ms;
        }
        return out;
    case TimeFormat::Auto:
        break;
    }
    // A bare number of ten whole digits at most is seconds (below): the usual $msec at once.
    if (Millis ms = 0; secondsWithMillis(text, ms)) {
        out.status = ParsedTime::Status::Ok;
        out.ms = ms;
        return out;
    }
    if (text.size() >= 16 && text[4] == '-')
        return parseIso(text, assumeUtc);
    if (text.size() >= 20 && (text[2] == '/' || text[3] == '/'))
        return parseClf(text, assumeUtc);
    // A bare number: by its size, seconds (10 digits before the point), milliseconds (13), micro (16), nano (19).
    std::size_t intDigits = 0;
    while (intDigits < text.size() && text[intDigits] >= '0' && text[intDigits] <= '9')
        ++intDigits;
    const TimeFormat unit = intDigits <= 11 ? TimeFormat::EpochS
        : intDigits <= 14                   ? TimeFormat::EpochMs
        : intDigits <= 17                   ? TimeFormat::EpochUs
                                            : TimeFormat::EpochNs;
    if (const auto ms = parseEpoch(text, unit)) {
        out.status = ParsedTime::Status::Ok;
        out.ms = *ms;
    }
    return out;
}

std::string formatIsoMs(Millis epochMs)
{
    std::int64_t days = epochMs >= 0 ? epochMs / 86'400'000 : (epochMs - 86'399'999) / 86'400'000;
    std::int64_t rest = epochMs - days * 86'400'000;
    // civil from days (H. Hinnant)
    days += 719468;
    const std::int64_t era = (days >= 0 ? days : days - 146096) / 146097;
    const unsigned doe = static_cast<unsigned>(days - era * 146097);
    const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    std::int64_t y = static_cast<std::int64_t>(yoe) + era * 400;
    const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const unsigned mp = (5 * doy + 2) / 153;
    const unsigned d = doy - (153 * mp + 2) / 5 + 1;
    const unsigned m = mp < 10 ? mp + 3 : mp - 9;
    y += m <= 2;
    char buf[96];
    std::snprintf(buf, sizeof buf, "%04lld-%02u-%02uT%02lld:%02lld:%02lld.%03lldZ", static_cast<long long>(y), m, d,
        static_cast<long long>(rest / 3'600'000), static_cast<long long>(rest / 60'000 % 60),
        static_cast<long long>(rest / 1000 % 60), static_cast<long long>(rest % 1000));
    return buf;
}

} // namespace iw
