// `idempotency-workbench probe` (docs/reference/probe.md): a real service probed from outside, the contract card as the
// answer.
#pragma once

#include <QStringList>
#include <QTextStream>

namespace iw {

int runProbeCommand(const QStringList& args, QTextStream& out, QTextStream& err);

} // namespace iw
