// The `inspect` command line (docs/reference/cli.md, docs/manual/live-tables.md): a read-only snapshot of a live
// idempotency table, as the JSON inspection report or as readable text.
#pragma once

#include <QStringList>
#include <QTextStream>

namespace iw {

// args are the arguments after the word "inspect":
//   --conninfo STR   libpq conninfo or URI (absent or empty: the PG* variables, service file and .pgpass)
//   --table NAME     the table (default: the mapping's); as written, or as an SQL name ("Schema"."Table")
//   --mapping M      seed | brandur | powertools | a mapping file (default: seed)
//   --limit N        records listed (default 100, 0 to 100000)
//   --order O        key | time (default key: the table's unique key)
//   --threshold K=D  an anomaly's threshold, e.g. stuck_in_progress=10min (ms, s, min, h or d; may repeat)
//   --json           the JSON report instead of text
// Returns 0, 2 for bad input (unknown mapping, bad mapping file, bad option value, a conninfo that does not parse)
// or 3 for a database error; failures are one sentence on err. When the server asks for a password and standard
// input is a terminal, the password is asked for there (never echoed, never stored).
int runInspectCommand(const QStringList& args, QTextStream& out, QTextStream& err);

} // namespace iw
