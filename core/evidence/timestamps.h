// Instants as logs write them, read into epoch milliseconds with their zones honoured: ISO 8601 / RFC 3339
// ("2026-12-06T10:00:00.123+01:00", "…Z"), the common log format's "06/Dec/2026:10:00:00 +0100", and epoch seconds
// or milliseconds as numbers. A timestamp without a zone is not guessed: it is reported as such, and read as UTC
// only when the user says so.
#pragma once

#include "domain.h"

#include <optional>
#include <string>
#include <string_view>

namespace iw {

enum class TimeFormat : std::uint8_t { Auto, Iso8601, Clf, EpochS, EpochMs, EpochUs, EpochNs };
std::optional<TimeFormat> timeFormatFromName(std::string_view);

struct ParsedTime {
    enum class Status : std::uint8_t { Ok, NoZone, Invalid };
    Status status = Status::Invalid;
    Millis ms = 0;
};

// `assumeUtc`: a timestamp without a zone is read as UTC (status Ok) instead of NoZone.
ParsedTime parseTimestamp(std::string_view text, TimeFormat format, bool assumeUtc);
// A number of seconds (or the unit's) with an optional fraction, as text: "0.204", "1733479200.123".
std::optional<Millis> parseEpoch(std::string_view text, TimeFormat unit);
// "2026-12-06T10:00:00.123Z".
std::string formatIsoMs(Millis epochMs);
// Days since 1970-01-01 of a civil date (proleptic Gregorian).
std::int64_t daysFromCivil(std::int64_t y, unsigned m, unsigned d);

} // namespace iw
