// Mapping documents: a strict reader (unknown members, wrong types and impossible combinations are errors naming
// file, line, column and JSON path), the writer that round-trips it, and the presets embedded as Qt resources.
#include "livemapping.h"

#include "enginemapping.h"
#include "nametable.h"
#include "utf8.h"
#include "wholeinput.h"

#include <QFile>
#include <QSaveFile>

#include <algorithm>
#include <array>
#include <cmath>

namespace iw {

constexpr auto s_timeUnitNames = nameTable<LiveTimeField::Unit>({
    { LiveTimeField::Unit::Timestamp, "timestamp" },
    { LiveTimeField::Unit::EpochSeconds, "epoch_s" },
    { LiveTimeField::Unit::EpochMillis, "epoch_ms" },
});

namespace {

std::string formatError(const std::string& file, json::Position pos, const std::string& path, const std::string& detail)
{
    if (pos.line == 0)
        return file + ": " + detail;
    return file + ":" + std::to_string(pos.line) + ":" + std::to_string(pos.column) + ": " + path + ": " + detail;
}

// Long texts are cut, with their length, so that one bad field cannot flood a terminal: "aaaa…" (5000 characters).
std::string quoted(const std::string& s)
{
    constexpr std::size_t limit = 60;
    std::string out;
    if (s.size() <= limit) {
        json::appendString(out, s);
        return out;
    }
    json::appendString(out, utf8::prefixBytes(s, limit));
    out.insert(out.size() - 1, "…");
    return out + " (" + std::to_string(utf8::codePoints(s)) + " characters)";
}

std::string describe(const json::Value& v)
{
    if (v.isString())
        return "the string " + quoted(v.string);
    if (v.isNumber())
        return "the number " + (v.numberText.empty() ? json::formatNumber(v.number) : v.numberText);
    return v.typeName();
}

class Reader {
public:
    explicit Reader(std::string file)
        : m_file(std::move(file))
    {
    }

    [[noreturn]] void fail(json::Position pos, const std::string& path, const std::string& detail) const
    {
        throw MappingError(m_file, pos, path, detail);
    }
    [[noreturn]] void expected(const json::Value& v, const std::string& path, const std::string& what) const
    {
        fail(v.pos, path, "expected " + what + ", got " + describe(v));
    }

    void allow(const json::Value& object, const std::string& path, std::initializer_list<std::string_view> names) const
    {
        if (!object.isObject())
            expected(object, path, "an object");
        for (const json::Member& m : object.object)
            if (std::find(names.begin(), names.end(), m.key) == names.end()) {
                std::string list;
                for (const std::string_view n : names)
                    list += (list.empty() ? "" : ", ") + std::string(n);
                fail(m.keyPos, path, "unknown member " + quoted(m.key) + " (expected one of: " + list + ")");
            }
    }

    std::string string(const json::Value& v, const std::string& path) const
    {
        if (!v.isString())
            expected(v, path, "a string");
        return v.string;
    }
    std::string column(const json::Value& v, const std::string& path) const
    {
        std::string s = string(v, path);
        if (s.empty())
            fail(v.pos, path, "a column name cannot be empty");
        if (s.find('\0') != std::string::npos)
            fail(v.pos, path, "a column name cannot contain a NUL character");
        return s;
    }
    bool boolean(const json::Value& v, const std::string& path) const
    {
        if (!v.isBool())
            expected(v, path, "true or false");
        return v.boolean;
    }
    std::vector<std::string> strings(const json::Value& v, const std::string& path, bool columns) const
    {
        if (!v.isArray())
            expected(v, path, columns ? "an array of column names" : "an array of strings");
        std::vector<std::string> out;
        for (std::size_t i = 0; i < v.array.size(); ++i) {
            const std::string p = path + "[" + std::to_string(i) + "]";
            out.push_back(columns ? column(v.array[i], p) : string(v.array[i], p));
        }
        return out;
    }
    const json::Value& require(const json::Value& object, const std::string& path, std::string_view name) const
    {
        const json::Value* v = object.find(name);
        if (!v)
            fail(object.pos, path, "missing member " + quoted(std::string(name)));
        return *v;
    }

    LiveTextField text(const json::Value& v, const std::string& path) const
    {
        allow(v, path, { "constant", "column", "columns", "separator", "before_last", "after_last" });
        LiveTextField f;
        const json::Value* constant = v.find("constant");
        const json::Value* column = v.find("column");
        const json::Value* columns = v.find("columns");
        const json::Value* separator = v.find("separator");
        const json::Value* before = v.find("before_last");
        const json::Value* after = v.find("after_last");
        const int sources = (constant ? 1 : 0) + (column ? 1 : 0) + (columns ? 1 : 0);
        if (sources != 1)
            fail(v.pos, path, "give exactly one of \"constant\", \"column\" or \"columns\"");
        if (before && after)
            fail(after->pos, path + ".after_last", "\"before_last\" and \"after_last\" exclude each other");
        if (constant) {
            if (separator || before || after)
                fail(v.pos, path, "a constant takes no \"separator\", \"before_last\" or \"after_last\"");
            f.kind = LiveTextField::Kind::Constant;
            f.text = string(*constant, path + ".constant");
            return f;
        }
        if (columns) {
            if (before || after)
                fail(v.pos, path, "\"before_last\" and \"after_last\" split one \"column\", not \"columns\"");
            f.kind = LiveTextField::Kind::Columns;
            f.columns = strings(*columns, path + ".columns", true);
            if (f.columns.empty())
                fail(columns->pos, path + ".columns", "name at least one column");
            f.text = separator ? string(*separator, path + ".separator") : std::string(" ");
            return f;
        }
        f.columns = { this->column(*column, path + ".column") };
        if (separator)
            fail(separator->pos, path + ".separator", "a single column takes no separator");
        if (before || after) {
            const std::string p = path + (before ? ".before_last" : ".after_last");
            f.kind = before ? LiveTextField::Kind::BeforeLast : LiveTextField::Kind::AfterLast;
            f.text = string(before ? *before : *after, p);
            if (f.text.empty())
                fail((before ? before : after)->pos, p, "the delimiter cannot be empty");
        } else {
            f.kind = LiveTextField::Kind::Columns;
            f.text = " ";
        }
        return f;
    }

    LiveTimeField time(const json::Value& v, const std::string& path) const
    {
        LiveTimeField f;
        if (v.isNull())
            return f;
        allow(v, path, { "column", "unit", "plus_ms", "optional" });
        f.column = column(require(v, path, "column"), path + ".column");
        if (const json::Value* unit = v.find("unit")) {
            const std::string u = string(*unit, path + ".unit");
            const std::optional<LiveTimeField::Unit> named = valueOf(s_timeUnitNames, u);
            if (!named)
                fail(unit->pos, path + ".unit",
                    "unknown unit " + quoted(u) + " (expected one of: " + namesOf(s_timeUnitNames) + ")");
            f.unit = *named;
        }
        if (const json::Value* plus = v.find("plus_ms")) {
            constexpr double limit = 1e15; // ~31,700 years: anything beyond is a typo
            if (!plus->isNumber() || plus->number != std::floor(plus->number) || std::abs(plus->number) > limit)
                expected(*plus, path + ".plus_ms", "a whole number of milliseconds");
            f.plusMs = static_cast<Millis>(plus->number);
        }
        if (const json::Value* optional = v.find("optional"))
            f.optional = boolean(*optional, path + ".optional");
        return f;
    }

    LiveColumnField plain(const json::Value& v, const std::string& path) const
    {
        LiveColumnField f;
        if (v.isNull())
            return f;
        allow(v, path, { "column", "optional" });
        f.column = column(require(v, path, "column"), path + ".column");
        if (const json::Value* optional = v.find("optional"))
            f.optional = boolean(*optional, path + ".optional");
        return f;
    }

    LiveMapping mapping(const json::Value& root) const
    {
        const std::string p = "$";
        allow(root, p,
            { "format", "name", "title", "description", "table", "order", "actor", "operation", "key", "state",
                "created_at", "expires_at", "lease_until", "completed_at", "status_code", "response_body", "result_id",
                "fingerprint", "timezone", "effects", "in_progress_expires", "strict_expiry", "redis" });
        const json::Value& format = require(root, p, "format");
        if (string(format, "$.format") != kMappingFormat)
            fail(format.pos, "$.format",
                "unknown format " + quoted(format.string) + " (expected \"" + std::string(kMappingFormat) + "\")");
        LiveMapping m;
        m.name = string(require(root, p, "name"), "$.name");
        if (m.name.empty())
            fail(root.find("name")->pos, "$.name", "the name cannot be empty");
        if (const json::Value* v = root.find("title"))
            m.title = string(*v, "$.title");
        if (const json::Value* v = root.find("description"))
            m.description = string(*v, "$.description");
        if (const json::Value* v = root.find("table"))
            m.table = string(*v, "$.table");
        if (const json::Value* v = root.find("redis")) {
            allow(*v, "$.redis", { "value", "match" });
            LiveRedisLayout layout;
            if (const json::Value* value = v->find("value")) {
                const std::string text = string(*value, "$.redis.value");
                if (text == "auto")
                    layout.value = LiveRedisLayout::Value::Auto;
                else if (text == "hash")
                    layout.value = LiveRedisLayout::Value::Hash;
                else if (text == "json")
                    layout.value = LiveRedisLayout::Value::Json;
                else
                    fail(value->pos, "$.redis.value",
                        "unknown value " + quoted(text) + " (expected one of: auto, hash, json)");
            }
            if (const json::Value* match = v->find("match"))
                layout.match = string(*match, "$.redis.match");
            m.redis = layout;
        }
        // Keys have no order to page by (the scan cursor pages them): a Redis mapping may leave it out.
        const json::Value* orderValue = root.find("order");
        if (m.redis && !orderValue) {
            m.order = { "@key" };
        } else {
            const json::Value& order = require(root, p, "order");
            m.order = strings(order, "$.order", true);
            if (m.order.empty())
                fail(order.pos, "$.order", "name the columns of a unique key of the table (keyset paging needs them)");
        }
        if (const json::Value* v = root.find("actor"))
            m.actor = text(*v, "$.actor");
        if (const json::Value* v = root.find("operation"))
            m.operation = text(*v, "$.operation");
        m.key = text(require(root, p, "key"), "$.key");

        const json::Value& state = require(root, p, "state");
        allow(state, "$.state", { "column", "completed", "expired" });
        m.state.column = column(require(state, "$.state", "column"), "$.state.column");
        if (const json::Value* v = state.find("completed"))
            m.state.completed = strings(*v, "$.state.completed", false);
        if (const json::Value* v = state.find("expired"))
            m.state.expired = strings(*v, "$.state.expired", false);
        if (m.state.completed.empty() && m.state.expired.empty())
            fail(state.pos, "$.state", "list the values that mean completed (\"completed\") or expired (\"expired\")");
        // One value under two states would make the mapping pick one silently (in-progress rows reported expired).
        for (std::size_t i = 0; i < m.state.expired.size(); ++i) {
            const std::string& value = m.state.expired[i];
            const auto same = std::find(m.state.completed.begin(), m.state.completed.end(), value);
            if (same != m.state.completed.end())
                fail(state.find("expired")->array[i].pos, "$.state.expired[" + std::to_string(i) + "]",
                    "the state value " + quoted(value) + " is listed both as completed ($.state.completed["
                        + std::to_string(same - m.state.completed.begin()) + "]) and as expired: a row has one state");
        }

        m.createdAt = time(require(root, p, "created_at"), "$.created_at");
        m.expiresAt = time(require(root, p, "expires_at"), "$.expires_at");
        if (!m.createdAt.present())
            fail(root.find("created_at")->pos, "$.created_at", "created_at is required: the timeline needs it");
        if (!m.expiresAt.present())
            fail(root.find("expires_at")->pos, "$.expires_at", "expires_at is required: expiry decides the state");
        if (m.createdAt.optional || m.expiresAt.optional)
            fail(root.pos, "$", "created_at and expires_at cannot be optional");
        if (const json::Value* v = root.find("lease_until"))
            m.leaseUntil = time(*v, "$.lease_until");
        if (const json::Value* v = root.find("completed_at"))
            m.completedAt = time(*v, "$.completed_at");
        if (const json::Value* v = root.find("status_code"))
            m.statusCode = plain(*v, "$.status_code");
        if (const json::Value* v = root.find("response_body"))
            m.responseBody = plain(*v, "$.response_body");
        if (const json::Value* v = root.find("result_id"))
            m.resultId = plain(*v, "$.result_id");
        if (const json::Value* v = root.find("fingerprint"); v && !v->isNull()) {
            allow(*v, "$.fingerprint", { "column", "from", "optional" });
            m.fingerprint.column = column(require(*v, "$.fingerprint", "column"), "$.fingerprint.column");
            if (const json::Value* from = v->find("from")) {
                const std::string f = string(*from, "$.fingerprint.from");
                if (f == "stored")
                    m.fingerprint.from = LiveFingerprintField::From::Stored;
                else if (f == "canonical_json")
                    m.fingerprint.from = LiveFingerprintField::From::CanonicalJson;
                else
                    fail(from->pos, "$.fingerprint.from",
                        "unknown value " + quoted(f) + " (expected one of: stored, canonical_json)");
            }
            if (const json::Value* optional = v->find("optional"))
                m.fingerprint.optional = boolean(*optional, "$.fingerprint.optional");
        }
        if (const json::Value* v = root.find("timezone"); v && !v->isNull()) {
            m.timezone = string(*v, "$.timezone");
            // The server decides whether it knows the zone; here only what cannot be a zone name at all.
            const bool printable = std::all_of(m.timezone.begin(), m.timezone.end(),
                [](char c) { return c > ' ' && c < 127 && c != '"' && c != '\\' && c != '\''; });
            if (m.timezone.empty() || m.timezone.size() > 64 || !printable)
                fail(v->pos, "$.timezone",
                    "expected a time zone name such as \"UTC\" or \"Europe/Berlin\", got " + describe(*v));
        }
        if (const json::Value* v = root.find("effects"); v && !v->isNull()) {
            const std::string q = "$.effects";
            allow(*v, q, { "table", "column", "on", "columns", "limit" });
            m.effects.table = string(require(*v, q, "table"), q + ".table");
            if (m.effects.table.empty() || m.effects.table.find('\0') != std::string::npos)
                fail(v->find("table")->pos, q + ".table", "name the business table the effects are written to");
            m.effects.column = column(require(*v, q, "column"), q + ".column");
            m.effects.on = column(require(*v, q, "on"), q + ".on");
            if (const json::Value* c = v->find("columns"))
                m.effects.columns = strings(*c, q + ".columns", true);
            if (const json::Value* limit = v->find("limit")) {
                if (!limit->isNumber() || limit->number != std::floor(limit->number) || limit->number < 1
                    || limit->number > 1000)
                    expected(*limit, q + ".limit", "a whole number of rows from 1 to 1000");
                m.effects.limit = static_cast<int>(limit->number);
            }
        }
        if (const json::Value* v = root.find("in_progress_expires"))
            m.inProgressExpires = boolean(*v, "$.in_progress_expires");
        if (const json::Value* v = root.find("strict_expiry"))
            m.strictExpiry = boolean(*v, "$.strict_expiry");
        return m;
    }

private:
    std::string m_file;
};

void writeStrings(std::string& out, const std::vector<std::string>& list)
{
    out += "[";
    for (std::size_t i = 0; i < list.size(); ++i) {
        if (i)
            out += ", ";
        json::appendString(out, list[i]);
    }
    out += "]";
}

void writeText(std::string& out, const LiveTextField& f)
{
    switch (f.kind) {
    case LiveTextField::Kind::Constant:
        out += "{\"constant\": ";
        json::appendString(out, f.text);
        break;
    case LiveTextField::Kind::Columns:
        out += "{\"columns\": ";
        writeStrings(out, f.columns);
        out += ", \"separator\": ";
        json::appendString(out, f.text);
        break;
    case LiveTextField::Kind::BeforeLast:
    case LiveTextField::Kind::AfterLast:
        out += "{\"column\": ";
        json::appendString(out, f.columns.empty() ? std::string() : f.columns.front());
        out += f.kind == LiveTextField::Kind::BeforeLast ? ", \"before_last\": " : ", \"after_last\": ";
        json::appendString(out, f.text);
        break;
    }
    out += "}";
}

void writeTime(std::string& out, const LiveTimeField& f)
{
    if (!f.present()) {
        out += "null";
        return;
    }
    out += "{\"column\": ";
    json::appendString(out, f.column);
    out += ", \"unit\": \"" + std::string(timeUnitName(f.unit)) + "\"";
    if (f.plusMs)
        out += ", \"plus_ms\": " + std::to_string(f.plusMs);
    if (f.optional)
        out += ", \"optional\": true";
    out += "}";
}

void writePlain(std::string& out, const LiveColumnField& f)
{
    if (!f.present()) {
        out += "null";
        return;
    }
    out += "{\"column\": ";
    json::appendString(out, f.column);
    if (f.optional)
        out += ", \"optional\": true";
    out += "}";
}

} // namespace

MappingError::MappingError(
    const std::string& file, json::Position pos, const std::string& path, const std::string& detail)
    : std::runtime_error(formatError(file, pos, path, detail))
{
}

std::string_view timeUnitName(LiveTimeField::Unit unit)
{
    return nameOf(s_timeUnitNames, unit);
}

LiveMapping parseMapping(std::string_view text, const std::string& fileName)
{
    json::Value root;
    try {
        // A mapping is a few dozen values; a hundred thousand is already no mapping, and is refused before it
        // costs memory.
        json::ParseOptions options;
        options.maxValues = kMaxMappingValues;
        root = json::parse(text, options);
    } catch (const json::ParseError& e) {
        throw MappingError(fileName, e.position(), "$", e.what());
    } catch (const std::bad_alloc&) {
        throw MappingError(fileName, {}, "$", "out of memory while reading the mapping file");
    }
    return Reader(fileName).mapping(root);
}

LiveMapping loadMappingFile(const std::string& path)
{
    QFile file(QString::fromStdString(path));
    if (!file.open(QIODevice::ReadOnly))
        throw MappingError(path, {}, "$", "cannot read the mapping file: " + file.errorString().toStdString());
    std::string error;
    const std::optional<QByteArray> bytes = readWholeInput(file, "a mapping file", error);
    if (!bytes)
        throw MappingError(path, {}, "$",
            error.rfind("cannot read the file", 0) == 0
                ? "cannot read the mapping file" + error.substr(std::string_view("cannot read the file").size())
                : error);
    return parseMapping(std::string_view(bytes->constData(), static_cast<std::size_t>(bytes->size())), path);
}

std::string mappingJson(const LiveMapping& m)
{
    std::string out = "{\n  \"format\": \"" + std::string(kMappingFormat) + "\",\n  \"name\": ";
    json::appendString(out, m.name);
    if (!m.title.empty()) {
        out += ",\n  \"title\": ";
        json::appendString(out, m.title);
    }
    if (!m.description.empty()) {
        out += ",\n  \"description\": ";
        json::appendString(out, m.description);
    }
    if (!m.table.empty()) {
        out += ",\n  \"table\": ";
        json::appendString(out, m.table);
    }
    out += ",\n  \"order\": ";
    writeStrings(out, m.order);
    out += ",\n  \"actor\": ";
    writeText(out, m.actor);
    out += ",\n  \"operation\": ";
    writeText(out, m.operation);
    out += ",\n  \"key\": ";
    writeText(out, m.key);
    out += ",\n  \"state\": {\"column\": ";
    json::appendString(out, m.state.column);
    out += ", \"completed\": ";
    writeStrings(out, m.state.completed);
    out += ", \"expired\": ";
    writeStrings(out, m.state.expired);
    out += "},\n  \"created_at\": ";
    writeTime(out, m.createdAt);
    out += ",\n  \"expires_at\": ";
    writeTime(out, m.expiresAt);
    out += ",\n  \"lease_until\": ";
    writeTime(out, m.leaseUntil);
    out += ",\n  \"completed_at\": ";
    writeTime(out, m.completedAt);
    out += ",\n  \"status_code\": ";
    writePlain(out, m.statusCode);
    out += ",\n  \"response_body\": ";
    writePlain(out, m.responseBody);
    out += ",\n  \"result_id\": ";
    writePlain(out, m.resultId);
    out += ",\n  \"fingerprint\": ";
    if (m.fingerprint.present()) {
        out += "{\"column\": ";
        json::appendString(out, m.fingerprint.column);
        out += m.fingerprint.from == LiveFingerprintField::From::CanonicalJson ? ", \"from\": \"canonical_json\""
                                                                               : ", \"from\": \"stored\"";
        if (m.fingerprint.optional)
            out += ", \"optional\": true";
        out += "}";
    } else {
        out += "null";
    }
    if (!m.timezone.empty()) {
        out += ",\n  \"timezone\": ";
        json::appendString(out, m.timezone);
    }
    if (m.effects.present()) {
        out += ",\n  \"effects\": {\"table\": ";
        json::appendString(out, m.effects.table);
        out += ", \"column\": ";
        json::appendString(out, m.effects.column);
        out += ", \"on\": ";
        json::appendString(out, m.effects.on);
        if (!m.effects.columns.empty()) {
            out += ", \"columns\": ";
            writeStrings(out, m.effects.columns);
        }
        out += ", \"limit\": " + std::to_string(m.effects.limit) + "}";
    }
    out += ",\n  \"in_progress_expires\": ";
    out += m.inProgressExpires ? "true" : "false";
    out += ",\n  \"strict_expiry\": ";
    out += m.strictExpiry ? "true" : "false";
    if (m.redis) {
        out += ",\n  \"redis\": {\"value\": ";
        out += m.redis->value == LiveRedisLayout::Value::Hash ? "\"hash\""
            : m.redis->value == LiveRedisLayout::Value::Json  ? "\"json\""
                                                              : "\"auto\"";
        out += ", \"match\": ";
        json::appendString(out, m.redis->match);
        out += "}";
    }
    out += "\n}\n";
    return out;
}

void saveMappingFile(const LiveMapping& mapping, const std::string& path)
{
    QSaveFile file(QString::fromStdString(path));
    const std::string text = mappingJson(mapping);
    if (!file.open(QIODevice::WriteOnly) || file.write(text.data(), static_cast<qint64>(text.size())) < 0
        || !file.commit())
        throw MappingError(path, {}, "$", "cannot write the mapping file: " + file.errorString().toStdString());
}

std::vector<std::string> mappingPresetNames()
{
    return { "seed", "brandur", "powertools" };
}

std::vector<std::string> redisMappingPresetNames()
{
    return { "powertools-redis" };
}

std::vector<std::string> mysqlMappingPresetNames()
{
    return { "workbench-mysql", "idempot-js-mysql" };
}

std::optional<LiveMapping> mappingPreset(const std::string& name)
{
    auto names = mappingPresetNames();
    const auto redisNames = redisMappingPresetNames();
    names.insert(names.end(), redisNames.begin(), redisNames.end());
    const auto mysqlNames = mysqlMappingPresetNames();
    names.insert(names.end(), mysqlNames.begin(), mysqlNames.end());
    if (std::find(names.begin(), names.end(), name) == names.end())
        return std::nullopt;
    return loadMappingFile(":/mappings/" + name + ".json");
}

namespace {

// `nameOrFile` as a preset or a file; an unknown name that is no file either is refused, listing `presets`.
LiveMapping resolveAmong(const std::string& nameOrFile, const std::vector<std::string>& presets)
{
    if (auto preset = mappingPreset(nameOrFile))
        return *preset;
    if (!QFile::exists(QString::fromStdString(nameOrFile))) {
        std::string names;
        for (const std::string& n : presets)
            names += (names.empty() ? "" : ", ") + n;
        throw MappingError(nameOrFile, {}, "$", "no such mapping preset or file (presets: " + names + ")");
    }
    return loadMappingFile(nameOrFile);
}

} // namespace

LiveMapping resolveMapping(const std::string& nameOrFile)
{
    return resolveAmong(nameOrFile, mappingPresetNames());
}

LiveMapping resolveRedisMapping(const std::string& nameOrFile)
{
    return resolveAmong(nameOrFile, redisMappingPresetNames());
}

LiveMapping resolveMysqlMapping(const std::string& nameOrFile)
{
    auto presets = mysqlMappingPresetNames();
    for (const std::string& n : mappingPresetNames())
        presets.push_back(n);
    return resolveAmong(nameOrFile, presets);
}

} // namespace iw
