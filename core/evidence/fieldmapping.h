// Which field of a JSON-lines access log says what (docs/reference/reconstruct.md): a mapping of each fact an exchange
// needs to JSON Pointers into a line, with presets for nginx (`escape=json`), Envoy and Caddy and a mapping file
// (`idempotency-workbench/fields@1`) for any other log. Each fact may name several pointers, tried in order.
#pragma once

#include "timestamps.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace iw {

inline constexpr const char* FieldsFormat = "idempotency-workbench/fields@1";

struct FieldMapping {
    enum Fact : std::uint8_t {
        Time, // when the line's request ended (or started: timeIsStart)
        Duration, // the request's duration (durationUnit)
        Method,
        Path, // path, with or without a query string (dropped)
        RequestLine, // "POST /v1/orders HTTP/1.1", when method and path are not logged apart
        Status,
        Key, // the Idempotency-Key header as sent
        Actor, // an authenticated user (nginx $remote_user, Caddy user_id) or an X-Actor header
        Authorization, // the Authorization header, if a log holds it: hashed as serve does, never copied
        Client, // an X-Client header
        UserAgent,
        Replayed, // the response's Idempotent-Replayed header
        Decision, // the response's Idempotency-Decision header (the workbench's own service)
        RequestBody,
        UpstreamBytes, // bytes the proxy received from the service: "0" says the service gave no answer
        Flags, // Envoy's response_flags: "UC" (upstream closed), "DC" (downstream closed), "UT" (upstream timeout)
        ResponseHeaders, // a response-header object (Caddy's resp_headers): present, a missing marker says "no"
        FactCount
    };
    std::string name; // "nginx", "envoy", "caddy" or the file's path
    std::vector<std::string> pointers[FactCount];
    TimeFormat timeFormat = TimeFormat::Auto;
    bool timeIsStart = false;
    enum class Unit : std::uint8_t { Seconds, Milliseconds, Microseconds } durationUnit = Unit::Seconds;
    int clientClosedStatus = 499; // a status that says the client went away first (nginx's 499)

    // Every pointer is one level deep ("/status"): a line is read in one pass over its members.
    bool flat() const;
};

std::string_view factName(FieldMapping::Fact);

FieldMapping nginxFields();
FieldMapping envoyFields();
FieldMapping caddyFields();
std::optional<FieldMapping> presetFields(std::string_view name);
// The preset whose fields a line's top-level member names fit best, or nullopt. `nested`: names of members whose
// value is an object.
std::optional<FieldMapping> guessPreset(const std::vector<std::string>& names, const std::vector<std::string>& nested);

// Reads a mapping file's text; throws std::runtime_error naming line, column and field.
FieldMapping loadFieldMapping(std::string_view text, const std::string& fileName);

// --key-header NAME: the presets read that header's field instead of Idempotency-Key's.
void useKeyHeader(FieldMapping& mapping, std::string_view header);

} // namespace iw
