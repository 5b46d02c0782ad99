// `idempotency-workbench serve` (docs/reference/serve.md): the simulated service as a real HTTP endpoint.
#pragma once

#include <QStringList>

namespace iw {

int runServeCommand(const QStringList& args);

} // namespace iw
