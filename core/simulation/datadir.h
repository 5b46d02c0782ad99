#pragma once
// Where an installed workbench keeps the files a user reads and copies: the preset scenarios, the built-in review's
// policies and the inspect mappings (share/idempotency-workbench beside bin/, the layout `cmake --install` and the
// Debian package make). The program itself needs none of them: the same files are built in as Qt resources, so a
// binary run from its build folder or moved elsewhere works the same, and nothing is ever read from a source tree.
#include <QString>

namespace iw {

// The data folder of a binary that lives in binDir: binDir/IW_DATA_FROM_BIN (../share/idempotency-workbench) when it
// holds a scenarios/ folder, else an empty string (a build folder has none).
QString dataDirBeside(const QString& binDir);

// dataDirBeside(QCoreApplication::applicationDirPath()); empty before a QCoreApplication exists.
QString installedDataDir();

} // namespace iw
