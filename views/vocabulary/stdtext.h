// Core speaks std::string (UTF-8); views speak QString. One conversion for every view.
#pragma once

#include <QString>

#include <string>
#include <string_view>

namespace iw {

inline QString fromStd(const std::string& s)
{
    return QString::fromStdString(s);
}

inline QString fromStd(const char* s)
{
    return QString::fromUtf8(s);
}

inline QString fromStd(std::string_view s)
{
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

} // namespace iw
