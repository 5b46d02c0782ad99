// Echoing user text in a message without letting it act on the terminal: a scenario name, a path or a key may hold
// control characters (an ESC sequence that recolours or clears the screen, a newline that splits the one-line
// message). Every command-line message goes through printable() on its way out.
#pragma once

#include <QString>

#include <string>
#include <string_view>

namespace iw {

// `text` with every C0 control character, DEL and C1 control character written as an escape (\n, \r, \t, \xNN for
// other bytes below 0x20 and 0x7f, \u0080–\u009f for C1) and every byte that is not UTF-8 as \xNN. Printable text,
// backslashes included, is unchanged.
std::string printable(std::string_view text);
QString printable(const QString& text);

} // namespace iw
