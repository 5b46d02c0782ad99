#include "datadir.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

#ifndef IW_DATA_FROM_BIN
#define IW_DATA_FROM_BIN "../share/idempotency-workbench"
#endif

namespace iw {

QString dataDirBeside(const QString& binDir)
{
    if (binDir.isEmpty())
        return {};
    const QString dir = QDir::cleanPath(QDir(binDir).absoluteFilePath(QStringLiteral(IW_DATA_FROM_BIN)));
    if (!QFileInfo(dir + QStringLiteral("/scenarios")).isDir())
        return {};
    return dir;
}

QString installedDataDir()
{
    if (!QCoreApplication::instance())
        return {};
    return dataDirBeside(QCoreApplication::applicationDirPath());
}

} // namespace iw
