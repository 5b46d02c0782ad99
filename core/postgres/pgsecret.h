// Keeping secrets out of messages: libpq echoes parts of a conninfo it cannot parse (a whole URI, or the word after a
// value a space cut short), and a password in it must never reach the user's screen, a log or a report. Shared by
// the store, the live view and the command line (which also hides a password given on it from `ps`).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace iw {

// Where password material sits in `conninfo`, as byte ranges of the text as written, judged conservatively: a
// `password` keyword's value (quoted, or unquoted up to the next `keyword=` — a space in an unquoted password cuts
// it short for libpq, but every word of it is still the password), a URI's user-info password (up to the last `@`,
// since libpq stops at a `/`, `?` or `@` the password itself holds) and a URI query `password` parameter (its name
// percent-encoded or not, up to the next `name=`). Overlapping or empty ranges are never returned.
struct SecretSpan {
    std::size_t begin = 0;
    std::size_t end = 0;
};
std::vector<SecretSpan> passwordSpans(const std::string& conninfo);

// True when `conninfo` carries a password in any of the forms above.
bool conninfoCarriesPassword(const std::string& conninfo);

// `conninfo` as written with every password replaced by asterisks (core/live's conninfoWithoutPassword drops it
// from a conninfo libpq can parse; this one also masks what libpq cannot).
std::string conninfoWithPasswordsMasked(const std::string& conninfo);

// `message` with every password found in `conninfo` and `password` replaced by asterisks: the password as written,
// unquoted and percent-decoded, every word and every piece of it between URI delimiters (three characters or more),
// and any quoted fragment of the message ("…", as libpq quotes what it could not parse) that is part of a password.
std::string redactPassword(std::string message, const std::string& conninfo, const std::string& password = {});

} // namespace iw
