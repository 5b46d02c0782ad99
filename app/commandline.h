// The command line of the workbench binary (SPEC §6): run, fingerprint, inspect, race, compare, --help, --version.
#pragma once

#include <QStringList>

namespace iw {

enum ExitCode { ExitOk = 0, ExitCheckFailed = 1, ExitBadInput = 2, ExitDatabase = 3 };

// Runs a command when `args` (without the program name) names one and returns its exit code; returns -1 when
// the GUI should start instead (no arguments, or a scenario file to open).
int runCommandLine(const QStringList& args);

QString usageText();

} // namespace iw
