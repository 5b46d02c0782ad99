// Payload fingerprints (docs/reference/decisions.md): the significant part of a JSON payload, its RFC 8785 (JCS)
// canonical form and the SHA-256 of that form. Two requests carry "the same payload" exactly when their fingerprints
// are equal.
#pragma once

#include <array>

#include "json.h"

#include <string>
#include <string_view>
#include <vector>

namespace iw {

// Which parts of a payload count. Pointers are RFC 6901 JSON Pointers; "" is the whole document.
//
// only: keep just these paths, with the path structure around them. A pointer that does not resolve
//   contributes nothing. Array elements keep their index: unselected elements before the last kept one
//   become null and the array ends after it, so every kept pointer resolves to the same value in the
//   result as in the payload ({"a":[1,2,3]} with only /a/1 gives {"a":[null,2]}). Nothing selected leaves
//   an empty object/array of the payload's type (null for a scalar payload).
// ignore: drop these paths; an ignored array element is removed. All pointers are resolved against the
//   document before anything is removed, so ignoring /a/0 and /a/1 removes the first two elements.
//   Ignoring "" leaves null.
// Both: only first, then ignore on its result (whose paths are the payload's, see above).
struct FingerprintSelection {
    std::vector<std::string> only;
    std::vector<std::string> ignore;
    bool empty() const { return only.empty() && ignore.empty(); }
};

// Splits an RFC 6901 pointer into its unescaped reference tokens ("~1" is '/', "~0" is '~').
// Throws std::invalid_argument naming the pointer when it is malformed.
std::vector<std::string> parseJsonPointer(std::string_view pointer);

// RFC 8785: members sorted by UTF-16 code units, no whitespace, ECMAScript numbers, minimal escaping.
// Recurses once per nesting level, which the parser's depth limit bounds.
std::string canonicalJson(const json::Value& value);
void appendCanonicalJson(std::string& out, const json::Value& value);

// docs/reference/decisions.md#profiles fingerprint_form ordered: the document as JavaScript's JSON.stringify writes it
// back after JSON.parse — members in source order, except that names which are array indices ("0", "7", up to 2^32 − 2)
// come first in ascending numeric order, as a JavaScript object keeps them; no whitespace; numbers and strings as RFC
// 8785 writes them (ECMAScript's Number::toString and JSON.stringify's escapes are the same).
std::string orderedJson(const json::Value& value);

// Throws std::invalid_argument on a malformed pointer, naming it.
json::Value selectSignificant(const json::Value& payload, const FingerprintSelection& selection);

// SHA-256 (OpenSSL EVP): the raw digest, and as lowercase hex.
std::array<unsigned char, 32> sha256Digest(std::string_view bytes);
std::string sha256Hex(std::string_view bytes);

struct Fingerprint {
    std::string canonical;
    std::string sha256;
};

Fingerprint fingerprintOf(const json::Value& payload, const FingerprintSelection& selection = {});
// The canonical form fingerprintOf hashes: the significant part of the payload, canonical.
std::string significantCanonical(const json::Value& payload, const FingerprintSelection& selection = {});
// The same document, member for member in the same order (positions and a number's source text aside): then the
// two have one canonical form and one fingerprint under any selection. False says nothing: {"a":1,"b":2} and
// {"b":2,"a":1} differ here and fingerprint alike.
bool sameDocument(const json::Value& a, const json::Value& b);

} // namespace iw
