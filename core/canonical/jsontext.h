// Large values of a document kept as their text: reading a recording of large bodies without building them.
#pragma once

#include "json.h"

namespace iw::json {

// Where a document's large values are kept as text: the `member` of each element of the array that is the root
// object's `arrayMember` — a scenario's `requests[i].payload` — when it is an array or object whose source text is at
// least `minBytes` long. Each is read in full (every error is reported as without this) and then dropped, so reading
// a recording of forty 1 MiB bodies holds one body's tree at a time rather than 21 million values (about 140 bytes
// each).
struct KeepText {
    std::string_view arrayMember;
    std::string_view member;
    std::size_t minBytes = 0;
};

// parse(), keeping the values `keep` names as text.
Value parse(std::string_view utf8Text, const ParseOptions& options, const KeepText& keep);

// A value kept as text: an array or object whose `string` holds its source text and whose members were not built (a
// container's `string` is empty otherwise). Whoever needs its members reads them with built().
inline bool isTextOnly(const Value& v)
{
    return (v.type == Type::Array || v.type == Type::Object) && !v.string.empty();
}

// The value with its members: one kept as text parsed into `holder`, any other returned as it is (no copy).
const Value& built(const Value& v, Value& holder);

} // namespace iw::json
