// Redis URLs, read by hand rather than with QUrl: QUrl accepts and "fixes" what a connection string should refuse (a
// port out of range becomes -1, an unknown scheme passes), and a message here must name the exact fault.
#include "redisurl.h"

#include <charconv>

namespace iw {

namespace {

bool decodePercent(const std::string& in, std::string& out)
{
    out.clear();
    for (std::size_t i = 0; i < in.size(); ++i) {
        if (in[i] != '%') {
            out += in[i];
            continue;
        }
        if (i + 2 >= in.size())
            return false;
        int value = 0;
        const auto r = std::from_chars(in.data() + i + 1, in.data() + i + 3, value, 16);
        if (r.ec != std::errc() || r.ptr != in.data() + i + 3)
            return false;
        out += static_cast<char>(value);
        i += 2;
    }
    return true;
}

bool number(std::string_view text, int min, int max, int& out)
{
    if (text.empty())
        return false;
    const auto r = std::from_chars(text.data(), text.data() + text.size(), out);
    return r.ec == std::errc() && r.ptr == text.data() + text.size() && out >= min && out <= max;
}

} // namespace

std::string RedisUrl::display() const
{
    std::string out = socketPath.empty() ? "redis://" : "unix://";
    if (!user.empty() || password)
        out += user + (password ? ":***" : "") + "@";
    if (socketPath.empty())
        out += host + ":" + std::to_string(port) + "/" + std::to_string(db);
    else
        out += socketPath + (db ? "?db=" + std::to_string(db) : "");
    return out;
}

std::optional<RedisUrl> parseRedisUrl(const std::string& text, std::string& error)
{
    RedisUrl url;
    const auto fail = [&](std::string why) {
        error = "--redis: " + why;
        return std::nullopt;
    };
    for (const char c : text) {
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
            return fail("the URL contains a control character");
    }
    if (text.rfind("rediss://", 0) == 0)
        return fail("rediss:// (TLS) is not supported by the hiredis this build links (0.14, without TLS); use "
                    "redis:// on a trusted network or a TLS tunnel");
    const bool unixSocket = text.rfind("unix://", 0) == 0;
    if (!unixSocket && text.rfind("redis://", 0) != 0)
        return fail("expected a URL redis://[[USER]:PASSWORD@]HOST[:PORT][/DB] or unix:///PATH[?db=N], got \""
            + (text.size() > 60 ? text.substr(0, 60) + "…" : text) + "\"");
    std::string rest = text.substr(unixSocket ? 7 : 8);
    // Credentials: everything before the last '@' of the authority.
    const std::size_t authorityEnd = rest.find('/');
    const std::size_t at = rest.rfind('@', authorityEnd == std::string::npos ? std::string::npos : authorityEnd);
    if (at != std::string::npos && (authorityEnd == std::string::npos || at < authorityEnd)) {
        const std::string credentials = rest.substr(0, at);
        rest = rest.substr(at + 1);
        const std::size_t colon = credentials.find(':');
        std::string user = credentials.substr(0, colon);
        if (!decodePercent(user, url.user))
            return fail("the user name has a bad %-escape");
        if (colon != std::string::npos) {
            std::string password;
            if (!decodePercent(credentials.substr(colon + 1), password))
                return fail("the password has a bad %-escape");
            url.password = password;
        }
    }
    if (unixSocket) {
        const std::size_t query = rest.find('?');
        url.socketPath = rest.substr(0, query);
        if (url.socketPath.empty() || url.socketPath[0] != '/')
            return fail("a unix:// URL names an absolute socket path (unix:///run/redis/redis.sock)");
        if (query != std::string::npos) {
            const std::string q = rest.substr(query + 1);
            if (q.rfind("db=", 0) != 0 || !number(q.substr(3), 0, 1'000'000, url.db))
                return fail("unknown query \"" + q + "\" (only db=N, a database number, is understood)");
        }
        return url;
    }
    const std::size_t slash = rest.find('/');
    std::string hostPort = rest.substr(0, slash);
    if (slash != std::string::npos) {
        const std::string db = rest.substr(slash + 1);
        if (!db.empty() && !number(db, 0, 1'000'000, url.db))
            return fail("the database \"" + db + "\" after the host is not a number");
    }
    if (hostPort.find('?') != std::string::npos)
        return fail("query parameters are not understood in a redis:// URL");
    if (!hostPort.empty() && hostPort.front() == '[') {
        const std::size_t close = hostPort.find(']');
        if (close == std::string::npos)
            return fail("an IPv6 address opened with '[' is not closed");
        url.host = hostPort.substr(1, close - 1);
        hostPort = hostPort.substr(close + 1);
        if (!hostPort.empty() && hostPort.front() != ':')
            return fail("unexpected text after the IPv6 address");
        if (!hostPort.empty() && !number(hostPort.substr(1), 1, 65535, url.port))
            return fail("the port \"" + hostPort.substr(1) + "\" is not a number from 1 to 65535");
    } else {
        const std::size_t colon = hostPort.rfind(':');
        url.host = hostPort.substr(0, colon);
        if (colon != std::string::npos && !number(hostPort.substr(colon + 1), 1, 65535, url.port))
            return fail("the port \"" + hostPort.substr(colon + 1) + "\" is not a number from 1 to 65535");
    }
    if (url.host.empty())
        return fail("the URL names no host");
    return url;
}

} // namespace iw
