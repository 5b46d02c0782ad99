// The harness's MariaDB as the MySQL tests read it (tst_mysqlstore, tst_mysqlinspect, tst_mysqlliveview):
// scripts/with-mysql.sh exports its connection strings in IW_MYSQL_CONNINFO (the store's user) and
// IW_MYSQL_ADMIN_CONNINFO (root). Header-only; for a test linked to iwmysql.
#pragma once

#include "mysqlconninfo.h"

#include <QByteArray>
#include <QtGlobal>

#include <optional>
#include <string>

namespace iwtest {

// The connection string in the environment variable `name`, parsed; nullopt when it is unset or does not parse.
inline std::optional<iw::MysqlConninfo> envMysqlConninfo(const char* name)
{
    const QByteArray value = qgetenv(name);
    if (value.isEmpty())
        return std::nullopt;
    std::string why;
    return iw::parseMysqlConninfo(value.toStdString(), why);
}

} // namespace iwtest
