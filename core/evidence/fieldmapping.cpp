// The JSON-lines presets and the mapping file.
#include "fieldmapping.h"

#include "json.h"

#include <stdexcept>

namespace iw {

namespace {

const char* const kFactNames[]
    = { "time", "duration", "method", "path", "request_line", "status", "key", "actor", "authorization", "client",
          "user_agent", "replayed", "decision", "request_body", "upstream_bytes", "flags", "response_headers" };
static_assert(sizeof kFactNames / sizeof *kFactNames == FieldMapping::FactCount);

std::string lowerSnake(std::string_view header)
{
    std::string out;
    for (const char c : header)
        out += c == '-' ? '_' : (c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c);
    return out;
}

// "idempotency-key" → "Idempotency-Key" (Go's canonical header form, as Caddy logs it).
std::string canonicalHeader(std::string_view header)
{
    std::string out;
    bool up = true;
    for (const char c : header) {
        out += up && c >= 'a' && c <= 'z' ? static_cast<char>(c - 32) : (!up && c >= 'A' && c <= 'Z' ? c + 32 : c);
        up = c == '-';
    }
    return out;
}

} // namespace

std::string_view factName(FieldMapping::Fact f)
{
    return kFactNames[f];
}

bool FieldMapping::flat() const
{
    for (const auto& list : pointers)
        for (const std::string& p : list)
            if (p.size() < 2 || p[0] != '/' || p.find('/', 1) != std::string::npos || p.find('~') != std::string::npos)
                return false;
    return true;
}

FieldMapping nginxFields()
{
    // The log_format docs/reference/reconstruct.md recommends, with the names people commonly give the variables.
    FieldMapping m;
    m.name = "nginx";
    m.pointers[FieldMapping::Time] = { "/msec", "/time", "/time_iso8601", "/time_local" };
    m.pointers[FieldMapping::Duration] = { "/request_time" };
    m.pointers[FieldMapping::Method] = { "/method", "/request_method" };
    m.pointers[FieldMapping::Path] = { "/uri", "/request_uri", "/path" };
    m.pointers[FieldMapping::RequestLine] = { "/request" };
    m.pointers[FieldMapping::Status] = { "/status" };
    m.pointers[FieldMapping::Key] = { "/idempotency_key", "/http_idempotency_key" };
    m.pointers[FieldMapping::Actor] = { "/remote_user", "/x_actor", "/http_x_actor" };
    m.pointers[FieldMapping::Authorization] = { "/authorization", "/http_authorization" };
    m.pointers[FieldMapping::Client] = { "/x_client", "/http_x_client" };
    m.pointers[FieldMapping::UserAgent] = { "/user_agent", "/http_user_agent" };
    m.pointers[FieldMapping::Replayed] = { "/idempotent_replayed", "/sent_http_idempotent_replayed" };
    m.pointers[FieldMapping::Decision] = { "/idempotency_decision", "/sent_http_idempotency_decision" };
    m.pointers[FieldMapping::RequestBody] = { "/request_body" };
    m.pointers[FieldMapping::UpstreamBytes] = { "/upstream_bytes_received" };
    m.durationUnit = FieldMapping::Unit::Seconds;
    return m;
}

FieldMapping envoyFields()
{
    // Envoy's default JSON access-log keys, plus the request and response headers added by %REQ(…)% / %RESP(…)%.
    FieldMapping m;
    m.name = "envoy";
    m.pointers[FieldMapping::Time] = { "/start_time" };
    m.timeIsStart = true;
    m.timeFormat = TimeFormat::Iso8601;
    m.pointers[FieldMapping::Duration] = { "/duration" };
    m.durationUnit = FieldMapping::Unit::Milliseconds;
    m.pointers[FieldMapping::Method] = { "/method" };
    m.pointers[FieldMapping::Path] = { "/path" };
    m.pointers[FieldMapping::Status] = { "/response_code" };
    m.pointers[FieldMapping::Key] = { "/idempotency_key" };
    m.pointers[FieldMapping::Actor] = { "/x_actor", "/user" };
    m.pointers[FieldMapping::Client] = { "/x_client" };
    m.pointers[FieldMapping::UserAgent] = { "/user_agent" };
    m.pointers[FieldMapping::Replayed] = { "/idempotent_replayed" };
    m.pointers[FieldMapping::Decision] = { "/idempotency_decision" };
    m.pointers[FieldMapping::Flags] = { "/response_flags" };
    m.clientClosedStatus = 0;
    return m;
}

FieldMapping caddyFields()
{
    // Caddy's access log (logger http.log.access): request headers as arrays under /request/headers, with Go's
    // canonical names.
    FieldMapping m;
    m.name = "caddy";
    m.pointers[FieldMapping::Time] = { "/ts" };
    m.timeFormat = TimeFormat::EpochS;
    m.pointers[FieldMapping::Duration] = { "/duration" };
    m.durationUnit = FieldMapping::Unit::Seconds;
    m.pointers[FieldMapping::Method] = { "/request/method" };
    m.pointers[FieldMapping::Path] = { "/request/uri" };
    m.pointers[FieldMapping::Status] = { "/status" };
    m.pointers[FieldMapping::Key] = { "/request/headers/Idempotency-Key/0" };
    m.pointers[FieldMapping::Actor] = { "/user_id", "/request/headers/X-Actor/0" };
    m.pointers[FieldMapping::Authorization] = { "/request/headers/Authorization/0" };
    m.pointers[FieldMapping::Client] = { "/request/headers/X-Client/0" };
    m.pointers[FieldMapping::UserAgent] = { "/request/headers/User-Agent/0" };
    m.pointers[FieldMapping::Replayed] = { "/resp_headers/Idempotent-Replayed/0" };
    m.pointers[FieldMapping::Decision] = { "/resp_headers/Idempotency-Decision/0" };
    m.pointers[FieldMapping::ResponseHeaders] = { "/resp_headers" };
    return m;
}

std::optional<FieldMapping> presetFields(std::string_view name)
{
    if (name == "nginx")
        return nginxFields();
    if (name == "envoy")
        return envoyFields();
    if (name == "caddy")
        return caddyFields();
    return std::nullopt;
}

std::optional<FieldMapping> guessPreset(const std::vector<std::string>& names, const std::vector<std::string>& nested)
{
    const auto has = [&](std::string_view n) {
        for (const std::string& s : names)
            if (s == n)
                return true;
        return false;
    };
    const auto hasObject = [&](std::string_view n) {
        for (const std::string& s : nested)
            if (s == n)
                return true;
        return false;
    };
    if (has("ts") && hasObject("request") && has("status"))
        return caddyFields();
    if (has("start_time") && has("response_code"))
        return envoyFields();
    if ((has("msec") || has("time") || has("time_iso8601") || has("time_local")) && has("status")
        && (has("uri") || has("request_uri") || has("request") || has("path")))
        return nginxFields();
    return std::nullopt;
}

void useKeyHeader(FieldMapping& m, std::string_view header)
{
    const std::string snake = lowerSnake(header);
    if (m.name == "caddy") {
        m.pointers[FieldMapping::Key] = { "/request/headers/" + canonicalHeader(header) + "/0" };
    } else if (m.name == "nginx") {
        m.pointers[FieldMapping::Key] = { "/" + snake, "/http_" + snake };
    } else if (m.name == "envoy") {
        m.pointers[FieldMapping::Key] = { "/" + snake };
    }
}

FieldMapping loadFieldMapping(std::string_view text, const std::string& fileName)
{
    const auto fail = [&](json::Position pos, const std::string& what) -> std::runtime_error {
        return std::runtime_error(
            fileName + ":" + std::to_string(pos.line) + ":" + std::to_string(pos.column) + ": " + what);
    };
    json::Value root;
    try {
        root = json::parse(text);
    } catch (const json::ParseError& e) {
        throw fail(e.position(), e.what());
    }
    if (!root.isObject())
        throw fail(root.pos, "expected an object (a field mapping, \"format\": \"" + std::string(FieldsFormat) + "\")");
    FieldMapping m;
    m.name = fileName;
    bool sawFormat = false;
    for (const json::Member& member : root.object) {
        const json::Value& v = member.value;
        if (member.key == "format") {
            if (!v.isString() || v.string != FieldsFormat)
                throw fail(v.pos, "format: expected \"" + std::string(FieldsFormat) + "\"");
            sawFormat = true;
            continue;
        }
        if (member.key == "preset") {
            if (!v.isString() || !presetFields(v.string))
                throw fail(v.pos, "preset: expected \"nginx\", \"envoy\" or \"caddy\"");
            const std::string name = m.name;
            m = *presetFields(v.string);
            m.name = name;
            continue;
        }
        if (member.key == "time_format") {
            const auto f = v.isString() ? timeFormatFromName(v.string) : std::nullopt;
            if (!f)
                throw fail(
                    v.pos, "time_format: expected one of auto, iso8601, clf, epoch_s, epoch_ms, epoch_us, epoch_ns");
            m.timeFormat = *f;
            continue;
        }
        if (member.key == "time_is") {
            if (!v.isString() || (v.string != "start" && v.string != "end"))
                throw fail(v.pos, "time_is: expected \"start\" or \"end\"");
            m.timeIsStart = v.string == "start";
            continue;
        }
        if (member.key == "duration_unit") {
            if (v.isString() && v.string == "s")
                m.durationUnit = FieldMapping::Unit::Seconds;
            else if (v.isString() && v.string == "ms")
                m.durationUnit = FieldMapping::Unit::Milliseconds;
            else if (v.isString() && v.string == "us")
                m.durationUnit = FieldMapping::Unit::Microseconds;
            else
                throw fail(v.pos, "duration_unit: expected \"s\", \"ms\" or \"us\"");
            continue;
        }
        if (member.key == "client_closed_status") {
            const json::ExactInteger i = v.isNumber() ? json::exactInteger(v) : json::ExactInteger {};
            if (i.kind != json::ExactInteger::Kind::Integer || i.value < 0 || i.value > 999)
                throw fail(v.pos, "client_closed_status: expected an HTTP status (0 for none)");
            m.clientClosedStatus = static_cast<int>(i.value);
            continue;
        }
        int fact = -1;
        for (int f = 0; f < FieldMapping::FactCount; ++f)
            if (member.key == kFactNames[f])
                fact = f;
        if (fact < 0) {
            std::string known = "format, preset, time_format, time_is, duration_unit, client_closed_status";
            for (const char* n : kFactNames)
                known += std::string(", ") + n;
            throw fail(member.keyPos, "unknown field \"" + member.key + "\" (expected one of: " + known + ")");
        }
        std::vector<std::string> list;
        const auto pointer = [&](const json::Value& p) {
            if (!p.isString() || (!p.string.empty() && p.string[0] != '/') || p.string.empty())
                throw fail(p.pos, std::string(kFactNames[fact]) + ": expected a JSON Pointer such as \"/status\"");
            list.push_back(p.string);
        };
        if (v.isArray()) {
            for (const json::Value& p : v.array)
                pointer(p);
        } else if (!v.isNull()) {
            pointer(v);
        }
        m.pointers[fact] = std::move(list);
    }
    if (!sawFormat)
        throw fail(root.pos, "missing \"format\": \"" + std::string(FieldsFormat) + "\"");
    if (m.pointers[FieldMapping::Time].empty())
        throw fail(root.pos, "missing \"time\": the pointer to each line's timestamp");
    if (m.pointers[FieldMapping::Status].empty())
        throw fail(root.pos, "missing \"status\": the pointer to each line's response status");
    if (m.pointers[FieldMapping::Path].empty() && m.pointers[FieldMapping::RequestLine].empty())
        throw fail(root.pos, "missing \"path\" (or \"request_line\"): the pointer to each line's request path");
    return m;
}

} // namespace iw
