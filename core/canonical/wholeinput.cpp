// Bounded whole reads (see wholeinput.h).
#include "wholeinput.h"

#include <QFileDevice>
#include <QIODevice>

#include <algorithm>

namespace iw {

std::string wholeInputLimitText(std::int64_t limitBytes)
{
    if (limitBytes % (1LL << 20) == 0)
        return std::to_string(limitBytes >> 20) + " MiB";
    return std::to_string(limitBytes) + " bytes";
}

std::optional<QByteArray> readWholeInput(
    QIODevice& device, const std::string& what, std::string& error, std::int64_t limitBytes)
{
    const auto tooLarge = [&] {
        error = "larger than the " + wholeInputLimitText(limitBytes) + " limit for " + what;
        return std::nullopt;
    };
    const auto readError = [&] {
        error = "cannot read the file: " + device.errorString().toStdString();
        return std::nullopt;
    };
    // A regular file says its size up front; a pipe or a device (size 0) is read until it ends or passes the limit.
    if (!device.isSequential() && device.size() > limitBytes)
        return tooLarge();
    QByteArray data;
    constexpr qint64 kSlice = 1 << 20;
    for (;;) {
        const qint64 room = limitBytes + 1 - data.size();
        const qint64 want = std::min(kSlice, room);
        const qsizetype before = data.size();
        data.resize(before + want);
        const qint64 got = device.read(data.data() + before, want);
        if (got < 0) {
            data.resize(before);
            return readError();
        }
        data.resize(before + got);
        if (data.size() > limitBytes)
            return tooLarge();
        if (got == 0) {
            // The end (a QFile blocks on a pipe until data or the end arrives). A directory opens on Linux and only
            // fails when read.
            if (const auto* file = qobject_cast<QFileDevice*>(&device); file && file->error() != QFileDevice::NoError)
                return readError();
            break;
        }
    }
    return data;
}

} // namespace iw
