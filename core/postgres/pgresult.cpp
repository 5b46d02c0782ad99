// The one reader of database results (see pgresult.h).
#include "pgresult.h"

#include <libpq-fe.h>

#include <charconv>
#include <cmath>
#include <cstdlib>

namespace iw {

void PgResultDeleter::operator()(pg_result* r) const
{
    PQclear(r);
}

bool isNullAt(const pg_result* r, int row, int col)
{
    return PQgetisnull(r, row, col);
}

std::string textAt(const pg_result* r, int row, int col)
{
    return isNullAt(r, row, col) ? std::string() : std::string(PQgetvalue(r, row, col), PQgetlength(r, row, col));
}

std::optional<std::string> optTextAt(const pg_result* r, int row, int col)
{
    if (isNullAt(r, row, col))
        return std::nullopt;
    return textAt(r, row, col);
}

std::optional<long long> optNumberAt(const pg_result* r, int row, int col)
{
    if (isNullAt(r, row, col))
        return std::nullopt;
    const char* begin = PQgetvalue(r, row, col);
    const char* end = begin + PQgetlength(r, row, col);
    long long n = 0;
    if (const auto [ptr, ec] = std::from_chars(begin, end, n); ec == std::errc() && ptr == end)
        return n;
    // numeric or floating text ("201.0"): round it
    char* stop = nullptr;
    const std::string text(begin, end);
    const double d = std::strtod(text.c_str(), &stop);
    if (stop == text.c_str() || !std::isfinite(d))
        return std::nullopt;
    return static_cast<long long>(std::llround(d));
}

long long numberAt(const pg_result* r, int row, int col)
{
    return optNumberAt(r, row, col).value_or(0);
}

std::optional<int> optIntAt(const pg_result* r, int row, int col)
{
    if (const auto n = optNumberAt(r, row, col))
        return static_cast<int>(*n);
    return std::nullopt;
}

bool boolAt(const pg_result* r, int row, int col)
{
    return !isNullAt(r, row, col) && PQgetvalue(r, row, col)[0] == 't';
}

} // namespace iw
