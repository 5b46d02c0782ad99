// What the probe writes (docs/reference/probe.md): the plan, the contract card as text and Markdown, the probe@1 JSON
// report (bodies kept whole only there) and the scenario@1 recording of its traffic. Authorization values never appear:
// a Bearer token is shown as "Bearer token:" + the first 12 hex digits of its SHA-256, as serve names its actor
// (docs/reference/serve.md); a Basic credential as its user; anything else as a hash.
#pragma once

#include "probe.h"

#include <string>

namespace iw {

inline constexpr std::string_view kProbeFormat = "idempotency-workbench/probe@1";

// A header value as outputs may show it (Authorization, Proxy-Authorization and Cookie are masked).
std::string shownHeaderValue(std::string_view name, const std::string& value);
// The actor a service reading docs/reference/serve.md's rules would see for these request headers.
std::string actorOfRequest(const HttpRequestOut& request);

std::string planText(const ProbePlan& plan, const ProbeOptions& options, const ProbeTarget& target);
std::string cardText(const ProbeResult& result, const ProbeCard& card);
std::string probeMarkdown(const ProbeResult& result, const ProbeCard& card);
std::string probeJson(const ProbeResult& result, const ProbeCard& card, const ProbeOptions& options);
// scenario@1 reproducing the probe's traffic under `profile` (docs/reference/scenario.md): a client per actor, an entry
// per request that reached the service with a body a scenario can hold, the closed-before-reading request pinned as
// drop_response.
std::string probeRecording(const ProbeResult& result, const ProbeOptions& options, const std::string& profile);

} // namespace iw
