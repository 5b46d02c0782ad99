// `idempotency-workbench serve` (SPEC §11): the simulated service as a real HTTP endpoint.
#pragma once

#include <QStringList>

namespace iw {

int runServeCommand(const QStringList& args);

} // namespace iw
