// What `reconstruct` tells: the `idempotency-workbench/reconstruct@1` JSON report and the readable answer, both from
// one ReconstructResult. Neither carries a request body (unless kept by --keep-bodies) nor an Authorization value.
#pragma once

#include "reconstruction.h"

#include <string>

namespace iw {

inline constexpr const char* ReconstructFormat = "idempotency-workbench/reconstruct@1";

struct ReportContext {
    std::string profile;
    std::optional<Millis> fromMs;
    std::optional<Millis> toMs;
    std::optional<std::string> key;
    std::string rowsSource; // "rows.json", "postgres table NAME", or empty
    bool keepBodies = false;
};

std::string reconstructJson(const ReconstructResult& result, const ReportContext& context);
std::string reconstructText(const ReconstructResult& result, const ReportContext& context);

// Appends `text` as a JSON string; bytes that are not UTF-8 become U+FFFD (logs carry whatever clients sent).
void appendSafeJsonString(std::string& out, std::string_view text);
// The exchange's id in the report: "x1" for the first in time order.
inline std::string exchangeId(std::size_t index)
{
    return "x" + std::to_string(index + 1);
}

} // namespace iw
