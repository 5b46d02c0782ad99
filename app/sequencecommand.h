// The `sequence` command line (docs/manual/teaching.md): runs a scenario in memory and draws one intent's run as a
// sequence diagram — SVG, PNG or Mermaid text.
#pragma once

#include <QStringList>
#include <QTextStream>

namespace iw {

// args are the arguments after the word "sequence":
//   SCENARIO.json [--intent NAME] [--format svg|png|mermaid] [--output FILE] [--compact]
// Without --output the diagram goes to standard output (`out`'s device); with it, the file is written whole or not
// at all. Returns the exit code: 0 ok, 2 bad usage, a bad scenario or an unknown intent (the message on `err`
// names what and where).
int runSequenceCommand(const QStringList& args, QIODevice& out, QTextStream& err);

} // namespace iw
