// Parsing a MySQL conninfo (mysqlconninfo.h).
#include "mysqlconninfo.h"

#include <charconv>

namespace iw {

std::string MysqlConninfo::endpoint() const
{
    if (!socket.empty() && host.empty())
        return socket;
    return (host.empty() ? std::string("localhost") : host) + ":" + std::to_string(port);
}

std::string MysqlConninfo::where() const
{
    return "MariaDB at " + endpoint();
}

namespace {

bool number(const std::string& text, unsigned low, unsigned high, unsigned& out)
{
    unsigned v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || end != text.data() + text.size() || v < low || v > high)
        return false;
    out = v;
    return true;
}

} // namespace

std::optional<MysqlConninfo> parseMysqlConninfo(const std::string& text, std::string& why)
{
    MysqlConninfo c;
    std::size_t i = 0;
    const auto at = [](std::size_t pos) { return " at character " + std::to_string(pos + 1); };
    const auto space = [](char ch) { return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r'; };
    bool any = false;
    while (true) {
        while (i < text.size() && space(text[i]))
            ++i;
        if (i == text.size())
            break;
        const std::size_t keyStart = i;
        while (i < text.size() && text[i] != '=' && !space(text[i]))
            ++i;
        const std::string key = text.substr(keyStart, i - keyStart);
        if (i == text.size() || text[i] != '=') {
            why = "--conninfo: expected key=value" + at(keyStart) + " (\"" + key + "\" has no =)";
            return std::nullopt;
        }
        ++i;
        std::string value;
        if (i < text.size() && text[i] == '\'') {
            const std::size_t open = i++;
            bool closed = false;
            while (i < text.size()) {
                if (text[i] == '\\' && i + 1 < text.size()) {
                    value += text[i + 1];
                    i += 2;
                } else if (text[i] == '\'') {
                    closed = true;
                    ++i;
                    break;
                } else {
                    value += text[i++];
                }
            }
            if (!closed) {
                why = "--conninfo: the quoted value of " + key + at(open) + " is not closed";
                return std::nullopt;
            }
        } else {
            while (i < text.size() && !space(text[i]))
                value += text[i++];
        }
        any = true;
        if (key == "host") {
            c.host = value;
        } else if (key == "port") {
            if (!number(value, 1, 65535, c.port)) {
                why = "--conninfo: port \"" + value + "\"" + at(keyStart) + " is not a port number (1 to 65535)";
                return std::nullopt;
            }
        } else if (key == "user") {
            c.user = value;
        } else if (key == "password") {
            c.password = value;
        } else if (key == "dbname" || key == "database") {
            c.database = value;
        } else if (key == "socket") {
            c.socket = value;
        } else if (key == "connect_timeout" || key == "read_timeout" || key == "write_timeout") {
            unsigned& out = key == "connect_timeout" ? c.connectTimeoutS
                : key == "read_timeout"              ? c.readTimeoutS
                                                     : c.writeTimeoutS;
            if (!number(value, 1, 3600, out)) {
                why = "--conninfo: " + key + " \"" + value + "\"" + at(keyStart)
                    + " is not a number of seconds (1 to 3600)";
                return std::nullopt;
            }
        } else {
            why = "--conninfo: unknown key \"" + key + "\"" + at(keyStart)
                + " (expected host, port, user, password, dbname, socket, connect_timeout, read_timeout, "
                  "write_timeout)";
            return std::nullopt;
        }
    }
    if (!any) {
        why = "--conninfo: empty; give at least dbname=NAME (and host, port, user, password)";
        return std::nullopt;
    }
    if (c.database.empty()) {
        why = "--conninfo: no dbname=NAME: the store keeps its tables in a database of its own";
        return std::nullopt;
    }
    return c;
}

} // namespace iw
