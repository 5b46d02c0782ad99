// The `fingerprint` command line (docs/reference/cli.md): canonical JSON and SHA-256 of a payload file or standard
// input.
#pragma once

#include <QStringList>
#include <QTextStream>

namespace iw {

// args are the arguments after the word "fingerprint". Reads FILE, or standard input for "-" or no FILE.
// Returns the process exit code: 0 on success, 2 for bad usage or bad input (one message on err).
int runFingerprintCommand(const QStringList& args, QTextStream& out, QTextStream& err);

} // namespace iw
