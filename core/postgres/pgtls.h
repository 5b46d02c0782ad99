// What a TLS failure means, in words (docs/manual/live-tables.md "The connection paths production has"): libpq's own
// messages for a certificate signed by another CA or issued for another host name are terse, and the store and the live
// view put the same plain reason in front of them.
#pragma once

#include <string>

namespace iw {

// For the first line of a libpq connection failure: "the server's TLS certificate is not signed by the root
// certificate given (sslrootcert)", "the server's TLS certificate is for another host name than the one connected
// to", "the root certificate file (sslrootcert) cannot be read", or empty when it is no TLS failure.
std::string tlsProblem(const std::string& libpqMessage);

// libpq's message with tlsProblem's words in front of it, when there are any: "<reason>: <libpq's message>".
std::string withTlsProblem(const std::string& libpqMessage);

// The line of a libpq message worth one sentence, trimmed of trailing spaces and full stops ("no message from
// libpq" when empty). With several addresses (host=a,b or a name with an IPv6 and an IPv4 address) libpq writes one
// "connection to server … failed: …" line per address it tried; the telling one is the first address that answered
// (a TLS, authentication or standby refusal) rather than one that was not there, so a certificate problem on the
// second address is not hidden behind a refusal on the first. Otherwise the first line.
std::string tellingLine(const char* libpqMessage);

} // namespace iw
