// The command line of the workbench binary (docs/reference/cli.md): run, fingerprint, inspect, race, compare, --help,
// --version.
#pragma once

#include <QStringList>

class QTextStream;

namespace iw {

enum ExitCode { ExitOk = 0, ExitCheckFailed = 1, ExitBadInput = 2, ExitDatabase = 3 };

// Runs a command when `args` (without the program name) names one and returns its exit code; returns -1 when
// the GUI should start instead (no arguments, or a scenario file to open).
int runCommandLine(const QStringList& args);

QString usageText();

// How a command refuses its arguments: `line` (already "<command>: error: …", translated by the caller) made
// printable, then the command's usage; returns ExitBadInput.
int refuseArguments(QTextStream& err, const QString& line, const QString& usage);

// Empty when the GUI can start; otherwise one sentence saying there is no display and how to go on (xvfb-run,
// QT_QPA_PLATFORM=offscreen, or a headless command), judged from the environment before QApplication exists: no
// QT_QPA_PLATFORM (or xcb) and neither DISPLAY nor WAYLAND_DISPLAY set. `args` are the GUI's arguments.
QString noDisplayProblem(const QStringList& args);

} // namespace iw
