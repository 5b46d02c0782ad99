// A Redis URL (docs/manual/stores.md `--redis URL`): redis://[[USER]:PASSWORD@]HOST[:PORT][/DB] or
// unix:///PATH[?db=DB], checked before anything connects, so a URL that does not parse is bad input (exit 2) naming
// what is wrong. The password never appears in a message: display() spells the URL with it masked.
#pragma once

#include <optional>
#include <string>

namespace iw {

struct RedisUrl {
    std::string host; // empty for a Unix socket
    int port = 6379;
    std::string socketPath; // unix:// only
    std::string user; // empty: the default user
    std::optional<std::string> password;
    int db = 0;

    // The URL as a message may show it: the password as "***".
    std::string display() const;
};

// Parses `text`; on failure returns nullopt and sets `error` to one sentence naming what is wrong (never the password).
std::optional<RedisUrl> parseRedisUrl(const std::string& text, std::string& error);

} // namespace iw
