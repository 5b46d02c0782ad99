// The `compare` command line (docs/reference/cli.md): runs each scenario file as one policy of a review under the first
// file's seed and prints the policies side by side — a readable table, the SPEC's JSON, or Markdown for a design
// document.
#pragma once

#include <QStringList>
#include <QTextStream>

namespace iw {

// args are the arguments after the word "compare":
//   SCENARIO.json… [--intents N] [--report FILE] [--format json|md]
// Without --report the output goes to `out`; with it, the file is written whole or not at all and one line per
// policy goes to `err`. Progress goes to `err` when standard error is a terminal. Returns the process exit code:
// 0 ok, 2 bad usage or a bad scenario (the ScenarioError message on `err`), 3 a store failure.
int runCompareCommand(const QStringList& args, QTextStream& out, QTextStream& err);

} // namespace iw
