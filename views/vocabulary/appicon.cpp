#include "appicon.h"

namespace iw {

QIcon applicationIcon()
{
    return QIcon::fromTheme(
        QStringLiteral("idempotency-workbench"), QIcon(QStringLiteral(":/icons/idempotency-workbench.svg")));
}

} // namespace iw
