// Reading the Idempotency-Key header (docs/reference/serve.md): an RFC 8941 Item whose bare item is an sf-string, as
// the IETF draft defines it, or — as Stripe's SDKs send it — a bare token of visible ASCII. A small strict reader of
// RFC 8941 §4.2 (items, parameters, inner lists), because no Debian 12 library parses Structured Fields.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace iw {

struct KeyHeader {
    std::optional<std::string> key; // the key, when the header could be read
    std::string error; // otherwise why not: "an inner list", "sf-string: unterminated", …
    bool structured = false; // read as an sf-string (else as a bare token)
};

// One Idempotency-Key header value (the header's raw bytes, as received).
KeyHeader readKeyHeader(std::string_view value);

// Whether `inside` is the inside of the usual sf-string, which readKeyHeader gives back as it is: printable ASCII
// (0x20–0x7E) without '"' or '\\'. Checked sixteen bytes at a time.
bool plainSfStringInside(std::string_view inside);

// RFC 8941 §4.2.5: parses one sf-string starting at `text[pos]` (a '"'); advances pos past it. nullopt and `error`
// when it is not a valid sf-string.
std::optional<std::string> parseSfString(std::string_view text, std::size_t& pos, std::string& error);

// RFC 8941 §4.2.3: an Item (bare item and parameters) that fills the whole field value; `kind` names the bare item's
// type ("string", "integer", "decimal", "token", "byte sequence", "boolean"); `string` holds an sf-string's value.
struct SfItem {
    std::string kind;
    std::string string;
};
std::optional<SfItem> parseSfItem(std::string_view value, std::string& error);

} // namespace iw
