// Naming TLS failures (see pgtls.h).
#include "pgtls.h"

namespace iw {

namespace {

bool contains(const std::string& haystack, const char* needle)
{
    return haystack.find(needle) != std::string::npos;
}

} // namespace

std::string tlsProblem(const std::string& m)
{
    if (contains(m, "certificate verify failed"))
        return "the server's TLS certificate is not signed by the root certificate given (sslrootcert)";
    if (contains(m, "does not match host name"))
        return "the server's TLS certificate is for another host name than the one connected to";
    if (contains(m, "root certificate file") && (contains(m, "does not exist") || contains(m, "could not read")))
        return "the root certificate file (sslrootcert) cannot be read";
    if (contains(m, "server does not support SSL"))
        return "the server does not offer TLS, and sslmode asks for it";
    return {};
}

std::string withTlsProblem(const std::string& libpqMessage)
{
    const std::string reason = tlsProblem(libpqMessage);
    return reason.empty() ? libpqMessage : reason + ": " + libpqMessage;
}

} // namespace iw
