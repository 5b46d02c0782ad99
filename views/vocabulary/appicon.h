#pragma once
// The application's icon: the installed hicolor icon when the desktop's theme has it, else the SVG built in.
#include <QIcon>

namespace iw {

QIcon applicationIcon();

} // namespace iw
