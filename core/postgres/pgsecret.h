// Keeping secrets out of messages: libpq echoes parts of a conninfo it cannot parse (a whole URI, for instance),
// and a password in it must never reach the user's screen, a log or a report. Shared by the store and the live view.
#pragma once

#include <string>

namespace iw {

// `message` with every password found in `conninfo` (keyword form, URI user info, URI query) and `password`
// replaced by asterisks.
std::string redactPassword(std::string message, const std::string& conninfo, const std::string& password = {});

} // namespace iw
