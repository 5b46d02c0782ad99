// Reading an input whole (a scenario, a payload, a mapping) with a bound: /dev/zero, `yes |` or a runaway file would
// otherwise grow one buffer until the allocation fails. Regular files, pipes and devices alike are read in slices
// and refused, naming the limit, once they pass it.
#pragma once

#include <QByteArray>

#include <cstdint>
#include <optional>
#include <string>

class QIODevice;

namespace iw {

// 64 MiB: far above any scenario, payload or mapping written by hand or generated for a test (the catalogue's
// largest is 50 MB), far below what a 3 GB process can parse.
constexpr std::int64_t kWholeInputLimitBytes = 64LL << 20;

// "64 MiB" for the limit above, as messages name it.
std::string wholeInputLimitText(std::int64_t limitBytes = kWholeInputLimitBytes);

// Reads `device` (open for reading) to its end. With more than `limitBytes`, returns nullopt and sets `error` to
// "larger than the 64 MiB limit for <what>" (e.g. what = "a scenario file"); on a read error, to "cannot read the
// file: <reason>".
std::optional<QByteArray> readWholeInput(
    QIODevice& device, const std::string& what, std::string& error, std::int64_t limitBytes = kWholeInputLimitBytes);

} // namespace iw
