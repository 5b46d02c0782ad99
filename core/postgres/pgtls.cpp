// Naming TLS failures and picking the telling line of libpq's messages (see pgtls.h).
#include "pgtls.h"

#include <array>
#include <string_view>
#include <vector>

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

std::string tellingLine(const char* libpqMessage)
{
    const std::string_view text = libpqMessage ? libpqMessage : "";
    std::vector<std::string_view> attempts;
    std::string_view first;
    for (std::size_t at = 0; at <= text.size();) {
        std::size_t end = text.find('\n', at);
        if (end == std::string_view::npos)
            end = text.size();
        const std::string_view line = text.substr(at, end - at);
        if (at == 0)
            first = line;
        if (line.starts_with("connection to server "))
            attempts.push_back(line);
        at = end + 1;
    }
    std::string_view chosen = first;
    if (attempts.size() > 1) {
        // What an address says when nothing answered there (libpq's and the C library's words).
        static constexpr std::array absent { "Connection refused", "timeout expired", "could not translate host name",
            "No route to host", "Network is unreachable", "No such file or directory", "Connection timed out" };
        for (const std::string_view line : attempts) {
            bool answered = true;
            for (const char* a : absent)
                answered = answered && line.find(a) == std::string_view::npos;
            if (answered) {
                chosen = line;
                break;
            }
        }
    }
    std::string s(chosen);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\r' || s.back() == '.'))
        s.pop_back();
    return s.empty() ? std::string("no message from libpq") : s;
}

} // namespace iw
