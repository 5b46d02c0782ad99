// A libpq result, owned (PgResult), and its values read as the workbench reads them: the one reader of database
// results for the store (pgstore) and the live inspection (core/live). libpq's header stays in the .cpp, so a
// header that keeps a result needs none.
#pragma once

#include <memory>
#include <optional>
#include <string>

struct pg_result; // libpq's PGresult

namespace iw {

struct PgResultDeleter {
    void operator()(pg_result* r) const;
};
// Cleared (PQclear) when it goes out of scope.
using PgResult = std::unique_ptr<pg_result, PgResultDeleter>;

bool isNullAt(const pg_result* r, int row, int col);
// The value's text; empty for NULL.
std::string textAt(const pg_result* r, int row, int col);
std::optional<std::string> optTextAt(const pg_result* r, int row, int col);
// An integer column; numeric or floating text ("201.0") is rounded. nullopt for NULL or text that is no number.
std::optional<long long> optNumberAt(const pg_result* r, int row, int col);
long long numberAt(const pg_result* r, int row, int col); // 0 for NULL
std::optional<int> optIntAt(const pg_result* r, int row, int col);
// A boolean column: true for 't', false for 'f' or NULL.
bool boolAt(const pg_result* r, int row, int col);

} // namespace iw
