// A MySQL/MariaDB conninfo (docs/manual/stores.md `--conninfo` with `--store mysql`): `key=value` pairs separated by
// spaces, as libpq's, a value in single quotes when it holds spaces (\' and \\ inside). Keys: host, port, user,
// password, dbname (or database), socket, connect_timeout, read_timeout, write_timeout (seconds). Checked before
// anything connects, so a conninfo that does not parse is bad input; a message never repeats the password.
#pragma once

#include <optional>
#include <string>

namespace iw {

struct MysqlConninfo {
    std::string host; // empty: localhost (the socket)
    unsigned port = 3306;
    std::string user;
    std::string password;
    std::string database;
    std::string socket;
    // Every wait on the network is bounded (seconds): the connection and its handshake, each read, each write.
    unsigned connectTimeoutS = 10;
    unsigned readTimeoutS = 10;
    unsigned writeTimeoutS = 10;

    // "127.0.0.1:3306", or the socket's path "/run/mysqld/mysqld.sock".
    std::string endpoint() const;
    // "MariaDB at 127.0.0.1:3306" / "MariaDB at /run/mysqld/mysqld.sock", for messages.
    std::string where() const;
};

// The conninfo, or nullopt with `why` set to one sentence starting "--conninfo: " that names the problem and where
// (the character it starts at).
std::optional<MysqlConninfo> parseMysqlConninfo(const std::string& text, std::string& why);

} // namespace iw
