// Where a command that connects to PostgreSQL (run, race, install-schema, inspect, serve) takes its connection string
// and password from: --conninfo STR, --conninfo @FILE or --conninfo-file FILE, libpq's own environment (PGHOST,
// PGPORT, PGUSER, PGDATABASE, PGPASSWORD, PGSERVICE, ~/.pgpass), and --password-prompt. A password given on the
// command line is visible to every user of the machine in the process list, so this also hides it there.
#pragma once

#include <QString>

#include <optional>
#include <string>

namespace iw {

// The options as a command parsed them.
struct ConninfoSources {
    std::optional<QString> conninfo; // --conninfo, as given (a value starting with @ names a file)
    std::optional<QString> file; // --conninfo-file
    bool prompt = false; // --password-prompt
};

// The connection string those options give: read from the file when one is named (its first line; a file others
// may read is a warning on stderr), and, with --password-prompt, the password asked for on the terminal without
// echo (or read as one line from standard input when that is not a terminal) and handed to libpq as PGPASSWORD in
// this process's environment, never on a command line. false with `error`, one sentence (bad input, exit 2), when a
// file cannot be read, both --conninfo and --conninfo-file are given, or no password could be read. `command` names
// the command in the warning.
bool resolveConninfo(const char* command, const ConninfoSources& sources, std::string& conninfo, QString& error);

// The options above and where else a connection comes from, for every connecting command's usage.
QString conninfoUsage();

// The warning serve gives when its --conninfo carries a password, or empty.
QString passwordOnCommandLineWarning(const char* command, const ConninfoSources& sources);

// Masks, in the process's own argument strings (what ps and /proc/PID/cmdline show), every password an argument
// carries (pgsecret's passwordSpans: keyword, quoted, URI user info or query). The command reads its own copy of the
// arguments, taken before.
void hidePasswordsFromProcessList(int argc, char** argv);

// A line typed on the terminal with echo off after `prompt` on stderr; without a terminal on standard input, one line
// read from it when `orStandardInput`, else nothing.
std::optional<std::string> readPassword(const std::string& prompt, bool orStandardInput);

} // namespace iw
