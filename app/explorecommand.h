// The `explore` command line (docs/reference/explore.md): every way a scenario's run can go within bounds, the verdict,
// and the shortest counterexample as a scenario file.
#pragma once

#include <QStringList>
#include <QTextStream>

namespace iw {

// args are the arguments after the word "explore":
//   SCENARIO.json [--max-faults K] [--time-limit S] [--threads N] [--json] [--counterexample FILE] [--check]
// Returns the exit code: 0 holds, 1 violated, 2 bad input, 4 inconclusive; with --check, 0 when the verdict (and
// the counterexample's fault count) is the scenario's expect.explore, 1 when it is not.
int runExploreCommand(const QStringList& args, QTextStream& out, QTextStream& err);

} // namespace iw
