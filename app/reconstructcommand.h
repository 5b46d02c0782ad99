// The `reconstruct` command line (docs/reference/reconstruct.md): evidence files read, merged and judged
// (core/evidence), the table's rows joined from `inspect --json` or read live through core/live, the readable answer or
// reconstruct@1, and the incident as a replayable scenario@1.
#pragma once

#include <QStringList>
#include <QTextStream>

namespace iw {

// args are the arguments after the word "reconstruct". Returns the exit code: 0 ok, 1 --check found a violation,
// 2 bad input (a file that is no evidence, a bad option), 3 the database could not be read.
int runReconstructCommand(const QStringList& args, QTextStream& out, QTextStream& err);

QString reconstructUsage();

} // namespace iw
