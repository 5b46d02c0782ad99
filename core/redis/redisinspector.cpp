// The live Redis keyspace, read-only: SCAN in batches, each batch read in two pipelined rounds (TYPE and PTTL, then
// the values), every record classified here with the rules the PostgreSQL inspector evaluates in SQL
// (core/live/liveinspector.cpp), so a record reads the same on either.
#include "redisinspector.h"

#include "json.h"
#include "liveclassifier.h"
#include "livereport.h"

#include <hiredis/hiredis.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <ctime>
#include <map>
#include <optional>
#include <set>

namespace iw {

namespace {

struct ReplyDeleter {
    void operator()(redisReply* r) const
    {
        if (r)
            freeReplyObject(r);
    }
};
using Reply = std::unique_ptr<redisReply, ReplyDeleter>;

std::string text(const redisReply* r)
{
    return r && (r->type == REDIS_REPLY_STRING || r->type == REDIS_REPLY_STATUS || r->type == REDIS_REPLY_ERROR)
        ? std::string(r->str, r->len)
        : std::string();
}

bool startsWith(const std::string& s, const char* prefix)
{
    return s.rfind(prefix, 0) == 0;
}

Millis wallNowMs()
{
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

using Fields = LiveFields;

} // namespace

bool redisAnomalyApplies(LiveAnomalyKind kind)
{
    return kind != LiveAnomalyKind::ExpiredNotSwept;
}

std::string redisAnomalyNotApplicableReason(LiveAnomalyKind kind)
{
    if (kind == LiveAnomalyKind::ExpiredNotSwept)
        return "Redis deletes a key itself once its expiry passes: there is no sweeper for a record to wait for";
    return {};
}

struct RedisInspector::Impl {
    RedisUrl url;
    LiveMapping mapping;
    Millis commandTimeoutMs = 10'000;
    redisContext* ctx = nullptr;
    std::vector<std::string> fields; // the fields HMGET reads (every column the mapping names but @key, @ttl)
    std::chrono::steady_clock::time_point deadline;
    Millis deadlineMs = 0;

    ~Impl()
    {
        if (ctx)
            redisFree(ctx);
    }

    std::string where() const { return "Redis at " + url.display(); }

    [[noreturn]] void lost(const std::string& doing) const
    {
        const bool timedOut = ctx && ctx->err == REDIS_ERR_IO && (errno == EAGAIN || errno == EWOULDBLOCK);
        if (timedOut)
            throw LiveError(LiveError::Kind::Timeout,
                where() + ": no answer within " + std::to_string(commandTimeoutMs / 1000) + " s while trying to "
                    + doing);
        throw LiveError(LiveError::Kind::ConnectionLost,
            where() + ": the connection broke while trying to " + doing + " ("
                + (ctx ? std::string(ctx->errstr) : std::string("no connection")) + ")");
    }

    [[noreturn]] void refused(const std::string& doing, const std::string& e) const
    {
        if (startsWith(e, "WRONGPASS") || startsWith(e, "ERR invalid password") || startsWith(e, "ERR AUTH"))
            throw LiveError(LiveError::Kind::Authentication,
                where() + ": the server refused the user name or password (" + e + ")");
        if (startsWith(e, "NOAUTH"))
            throw LiveError(LiveError::Kind::PasswordNeeded,
                where() + ": the server requires a password and the URL gives none (" + e + ")");
        if (startsWith(e, "NOPERM"))
            throw LiveError(LiveError::Kind::Server, where() + ": the user may not " + doing + " (" + e + ")");
        throw LiveError(LiveError::Kind::Server, where() + ": the server refused to " + doing + " (" + e + ")");
    }

    Reply run(const std::vector<std::string>& args, const std::string& doing)
    {
        append(args);
        return next(doing);
    }

    void append(const std::vector<std::string>& args)
    {
        std::vector<const char*> argv;
        std::vector<size_t> lens;
        argv.reserve(args.size());
        lens.reserve(args.size());
        for (const std::string& a : args) {
            argv.push_back(a.data());
            lens.push_back(a.size());
        }
        if (redisAppendCommandArgv(ctx, static_cast<int>(argv.size()), argv.data(), lens.data()) != REDIS_OK)
            lost("send " + args.front());
    }

    Reply next(const std::string& doing)
    {
        void* raw = nullptr;
        if (redisGetReply(ctx, &raw) != REDIS_OK || !raw)
            lost(doing);
        return Reply(static_cast<redisReply*>(raw));
    }

    void connect()
    {
        const timeval connectTimeout { 10, 0 };
        ctx = url.socketPath.empty() ? redisConnectWithTimeout(url.host.c_str(), url.port, connectTimeout)
                                     : redisConnectUnixWithTimeout(url.socketPath.c_str(), connectTimeout);
        if (!ctx)
            throw LiveError(LiveError::Kind::Unreachable, where() + ": could not allocate a connection");
        if (ctx->err)
            throw LiveError(LiveError::Kind::Unreachable, where() + ": cannot connect (" + ctx->errstr + ")");
        const timeval commandTimeout { static_cast<time_t>(commandTimeoutMs / 1000),
            static_cast<suseconds_t>((commandTimeoutMs % 1000) * 1000) };
        redisSetTimeout(ctx, commandTimeout);
        if (url.socketPath.empty())
            redisEnableKeepAlive(ctx);
        if (url.password) {
            Reply r = url.user.empty() ? run({ "AUTH", *url.password }, "log in")
                                       : run({ "AUTH", url.user, *url.password }, "log in");
            if (r->type == REDIS_REPLY_ERROR)
                refused("log in", text(r.get()));
        }
        if (url.db != 0) {
            Reply r = run({ "SELECT", std::to_string(url.db) }, "select database " + std::to_string(url.db));
            if (r->type == REDIS_REPLY_ERROR)
                refused("select database " + std::to_string(url.db), text(r.get()));
        }
    }

    void collectFields()
    {
        std::set<std::string> names;
        const auto add = [&](const std::string& c) {
            if (!c.empty() && c != "@key" && c != "@ttl")
                names.insert(c);
        };
        for (const LiveTextField* f : { &mapping.actor, &mapping.operation, &mapping.key })
            for (const std::string& c : f->columns)
                add(c);
        add(mapping.state.column);
        for (const LiveTimeField* f :
            { &mapping.createdAt, &mapping.expiresAt, &mapping.leaseUntil, &mapping.completedAt })
            add(f->column);
        for (const LiveColumnField* f : { &mapping.statusCode, &mapping.resultId })
            add(f->column);
        add(mapping.fingerprint.column);
        fields.assign(names.begin(), names.end());
    }

    void checkDeadline(long long scanned) const
    {
        if (std::chrono::steady_clock::now() > deadline)
            throw LiveError(LiveError::Kind::Timeout,
                where() + ": the snapshot's deadline of " + std::to_string(deadlineMs / 1000) + " s passed after "
                    + std::to_string(scanned) + " keys; narrow --match or raise --deadline");
    }
};

RedisInspector::RedisInspector(const RedisUrl& url, LiveMapping mapping, Millis commandTimeoutMs)
    : m_impl(std::make_unique<Impl>())
{
    if (!mapping.redis)
        throw LiveError(LiveError::Kind::BadInput,
            "the mapping \"" + mapping.name
                + "\" describes a table, not Redis keys (it has no \"redis\" member): use powertools-redis or a "
                  "mapping file with one");
    m_impl->url = url;
    m_impl->mapping = std::move(mapping);
    m_impl->commandTimeoutMs = std::max<Millis>(1, commandTimeoutMs);
    m_impl->collectFields();
    m_impl->connect();
}

RedisInspector::~RedisInspector() = default;

const LiveMapping& RedisInspector::mapping() const
{
    return m_impl->mapping;
}

RedisSnapshot RedisInspector::snapshot(const RedisInspectOptions& options)
{
    Impl& d = *m_impl;
    const LiveMapping& m = d.mapping;
    const AnomalyThresholds& t = options.live.thresholds;
    d.deadlineMs = options.deadlineMs;
    d.deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(options.deadlineMs);

    RedisSnapshot snap;
    snap.url = d.url.display();
    snap.match = !options.match.empty() ? options.match : !m.redis->match.empty() ? m.redis->match : "*";
    snap.cursor = options.cursor.empty() ? "0" : options.cursor;
    for (const char c : snap.cursor)
        if (c < '0' || c > '9')
            throw LiveError(LiveError::Kind::BadInput,
                "the scan cursor \"" + snap.cursor + "\" is not a number (give the next_cursor a report printed)");

    // The clock: the server's, when this user may ask for it.
    {
        Reply r = d.run({ "TIME" }, "read the server's clock");
        if (r->type == REDIS_REPLY_ARRAY && r->elements == 2) {
            snap.live.nowMs = std::strtoll(text(r->element[0]).c_str(), nullptr, 10) * 1000
                + std::strtoll(text(r->element[1]).c_str(), nullptr, 10) / 1000;
        } else if (r->type == REDIS_REPLY_ERROR && startsWith(text(r.get()), "NOPERM")) {
            snap.clockFromServer = false;
            snap.live.nowMs = wallNowMs();
        } else {
            d.refused("read the server's clock", text(r.get()));
        }
    }
    const Millis now = snap.live.nowMs;
    snap.live.now = isoUtc(now);
    snap.live.mapping = m.name;
    snap.live.table = "keys matching \"" + snap.match + "\" at " + snap.url;
    snap.live.keyColumns = { "@key" };
    snap.live.thresholds = t;
    snap.live.page.order = LiveOrder::ByKey;
    const int pageLimit = std::max(1, options.live.page.limit);

    LiveClassifier whole(m, options.live, now, options.regenerationGroups);
    whole.skipKind(LiveAnomalyKind::ExpiredNotSwept);
    LiveClassifier* classifier = &whole; // the page's own while the page is read
    const bool hasBody = m.responseBody.present();

    // Reads one batch of keys: TYPE and PTTL, then the values, each round pipelined.
    const auto readBatch = [&](const std::vector<std::string>& keys, bool forPage) {
        for (const std::string& k : keys) {
            d.append({ "TYPE", k });
            d.append({ "PTTL", k });
        }
        std::vector<std::string> types(keys.size());
        std::vector<long long> ttls(keys.size());
        for (std::size_t i = 0; i < keys.size(); ++i) {
            Reply type = d.next("read a key's type");
            if (type->type == REDIS_REPLY_ERROR)
                d.refused("run TYPE", text(type.get()));
            types[i] = text(type.get());
            Reply ttl = d.next("read a key's expiry");
            if (ttl->type == REDIS_REPLY_ERROR)
                d.refused("run PTTL", text(ttl.get()));
            ttls[i] = ttl->type == REDIS_REPLY_INTEGER ? ttl->integer : -2;
        }
        const LiveRedisLayout::Value layout = m.redis->value;
        enum class Read { Skip, Hash, Json, Unreadable };
        std::vector<Read> how(keys.size());
        for (std::size_t i = 0; i < keys.size(); ++i) {
            const std::string& type = types[i];
            if (type == "none" || ttls[i] == -2)
                how[i] = Read::Skip; // gone since SCAN returned it
            else if (type == "hash" && layout != LiveRedisLayout::Value::Json)
                how[i] = Read::Hash;
            else if (type == "string" && layout != LiveRedisLayout::Value::Hash)
                how[i] = Read::Json;
            else
                how[i] = Read::Unreadable;
            if (how[i] == Read::Hash) {
                std::vector<std::string> args { "HMGET", keys[i] };
                args.insert(args.end(), d.fields.begin(), d.fields.end());
                if (args.size() == 2)
                    args.push_back("status");
                d.append(args);
                if (hasBody)
                    d.append({ "HSTRLEN", keys[i], m.responseBody.column });
            } else if (how[i] == Read::Json) {
                d.append({ "STRLEN", keys[i] });
                d.append({ "GETRANGE", keys[i], "0", std::to_string(options.maxValueBytes) });
            }
        }
        const auto unreadable = [&](const std::string& key, const std::string& type, const std::string& reason) {
            ++snap.unreadable;
            if (snap.unreadableKeys.size() < static_cast<std::size_t>(std::max(0, options.unreadableListLimit)))
                snap.unreadableKeys.push_back({ key, type, reason });
        };
        for (std::size_t i = 0; i < keys.size(); ++i) {
            ++snap.keysScanned;
            if (how[i] == Read::Skip)
                continue;
            if (how[i] == Read::Unreadable) {
                const std::string expected = layout == LiveRedisLayout::Value::Hash ? "a hash"
                    : layout == LiveRedisLayout::Value::Json                        ? "a string holding JSON"
                                                                                    : "a hash or a string holding JSON";
                unreadable(keys[i], types[i], "a " + types[i] + ", not " + expected);
                continue;
            }
            Fields f;
            f["@key"] = keys[i];
            if (ttls[i] >= 0)
                f["@ttl"] = std::to_string(now + ttls[i]);
            bool readable = true;
            if (how[i] == Read::Hash) {
                Reply values = d.next("read a hash");
                if (values->type == REDIS_REPLY_ERROR)
                    d.refused("run HMGET", text(values.get()));
                for (std::size_t j = 0; j < d.fields.size() && j < values->elements; ++j)
                    if (values->element[j]->type == REDIS_REPLY_STRING)
                        f[d.fields[j]] = text(values->element[j]);
                if (hasBody) {
                    Reply len = d.next("read a hash field's length");
                    // Only the body's length is read (HSTRLEN: 0 for a missing field), never the body itself.
                    if (len->type == REDIS_REPLY_INTEGER && len->integer > 0) {
                        f[m.responseBody.column] = std::string();
                        f["@body_bytes"] = std::to_string(len->integer);
                    }
                }
            } else {
                Reply len = d.next("read a string's length");
                Reply value = d.next("read a string");
                if (value->type == REDIS_REPLY_ERROR)
                    d.refused("run GETRANGE", text(value.get()));
                if (len->type == REDIS_REPLY_INTEGER
                    && static_cast<std::size_t>(len->integer) > options.maxValueBytes) {
                    unreadable(keys[i], "string",
                        "a string of " + std::to_string(len->integer) + " bytes, longer than the "
                            + std::to_string(options.maxValueBytes) + " read");
                    continue;
                }
                try {
                    const json::Value doc = json::parse(text(value.get()));
                    if (!doc.isObject()) {
                        unreadable(keys[i], "string", std::string("JSON, but ") + doc.typeName() + ", not an object");
                        readable = false;
                    } else {
                        for (const json::Member& member : doc.object) {
                            const json::Value& v = member.value;
                            if (v.isNull())
                                continue;
                            if (v.isString())
                                f[member.key] = v.string;
                            else if (v.isNumber())
                                f[member.key] = v.numberText.empty() ? json::formatNumber(v.number) : v.numberText;
                            else if (v.isBool())
                                f[member.key] = v.boolean ? "true" : "false";
                            else
                                f[member.key] = std::string(v.typeName());
                        }
                    }
                } catch (const json::ParseError& e) {
                    unreadable(keys[i], "string", std::string("not JSON (") + e.what() + ")");
                    readable = false;
                }
            }
            if (!readable)
                continue;
            LiveRecord r = classifier->classify(f, { keys[i] });
            if (auto bytes = LiveClassifier::field(f, "@body_bytes"))
                r.bodyBytes = std::strtoll(bytes->c_str(), nullptr, 10);
            if (ttls[i] == -1)
                ++snap.keysWithoutExpiry;
            if (forPage)
                snap.live.page.records.push_back(std::move(r));
        }
    };

    // The page, from its cursor; when it starts at 0 the whole scan below fills it on the way.
    const auto scanFrom = [&](const std::string& start, int count, const auto& onBatch) {
        std::string cursor = start;
        do {
            d.checkDeadline(snap.keysScanned);
            Reply r
                = d.run({ "SCAN", cursor, "MATCH", snap.match, "COUNT", std::to_string(count) }, "scan the keyspace");
            if (r->type == REDIS_REPLY_ERROR)
                d.refused("run SCAN", text(r.get()));
            if (r->type != REDIS_REPLY_ARRAY || r->elements != 2 || r->element[1]->type != REDIS_REPLY_ARRAY)
                throw LiveError(LiveError::Kind::Server, d.where() + ": SCAN answered something that is no cursor");
            cursor = text(r->element[0]);
            std::vector<std::string> keys;
            keys.reserve(r->element[1]->elements);
            for (std::size_t i = 0; i < r->element[1]->elements; ++i)
                keys.push_back(text(r->element[1]->element[i]));
            if (!onBatch(keys, cursor))
                return;
        } while (cursor != "0");
    };

    // The page first, in batches no larger than it (SCAN's COUNT is a hint: a page ends with the batch that filled
    // it, so it may hold a few more records than asked); its records are not counted here: the counts come from the
    // whole scan below, so everything the page read is put back as it was.
    snap.nextCursor = "0";
    {
        LiveClassifier pageOnly(m, options.live, now, options.regenerationGroups);
        pageOnly.skipKind(LiveAnomalyKind::ExpiredNotSwept);
        classifier = &pageOnly;
        const long long scannedBefore = snap.keysScanned;
        const long long unreadableBefore = snap.unreadable;
        const std::size_t unreadableListed = snap.unreadableKeys.size();
        const long long withoutExpiry = snap.keysWithoutExpiry;
        scanFrom(snap.cursor, std::min(options.scanCount, std::max(10, pageLimit)),
            [&](const std::vector<std::string>& keys, const std::string& next) {
                readBatch(keys, true);
                snap.nextCursor = next;
                return static_cast<int>(snap.live.page.records.size()) < pageLimit;
            });
        classifier = &whole;
        snap.keysScanned = scannedBefore;
        snap.unreadable = unreadableBefore;
        snap.unreadableKeys.resize(unreadableListed);
        snap.keysWithoutExpiry = withoutExpiry;
    }
    scanFrom("0", options.scanCount, [&](const std::vector<std::string>& keys, const std::string&) {
        readBatch(keys, false);
        return true;
    });
    // A page is what SCAN returned from its cursor, in no order of its own: shown by key name, as "by key" says.
    std::stable_sort(snap.live.page.records.begin(), snap.live.page.records.end(),
        [](const LiveRecord& a, const LiveRecord& b) { return a.cursor < b.cursor; });
    snap.live.page.moreAfter = snap.nextCursor != "0";
    snap.live.page.moreBefore = snap.cursor != "0";

    whole.finish(snap.live, snap.live.page.records);
    snap.regenerationComplete = whole.regenerationComplete();
    return snap;
}

LiveKeyRow RedisInspector::readKey(const std::string& key, bool fullBody, std::size_t maxValueBytes)
{
    Impl& d = *m_impl;
    const LiveMapping& m = d.mapping;
    d.append({ "TYPE", key });
    d.append({ "PTTL", key });
    Reply type = d.next("read the key's type");
    Reply ttl = d.next("read the key's expiry");
    if (type->type == REDIS_REPLY_ERROR)
        d.refused("run TYPE", text(type.get()));
    if (ttl->type == REDIS_REPLY_ERROR)
        d.refused("run PTTL", text(ttl.get()));
    const std::string kind = text(type.get());
    const long long left = ttl->type == REDIS_REPLY_INTEGER ? ttl->integer : -2;
    if (kind == "none" || left == -2)
        throw LiveError(LiveError::Kind::BadInput, "the key \"" + key + "\" is gone since the snapshot");

    LiveKeyRow out;
    out.keyCursor = { key };
    const auto cell = [](const std::string& name, std::string value, bool whole) {
        LiveRowValue v;
        v.column = name;
        v.bytes = static_cast<long long>(value.size());
        if (!whole && value.size() > LiveInspector::kBodyPreviewBytes) {
            value.resize(LiveInspector::kBodyPreviewBytes);
            v.cut = true;
        }
        v.value = std::move(value);
        return v;
    };
    out.row.push_back(cell("@key", key, true));
    out.row.push_back(cell("PTTL", std::to_string(left), true)); // as Redis answers it: -1 is no expiry
    std::vector<std::pair<std::string, std::string>> fields;
    if (kind == "hash" && m.redis->value != LiveRedisLayout::Value::Json) {
        Reply n = d.run({ "HLEN", key }, "count the hash's fields");
        if (n->type == REDIS_REPLY_ERROR)
            d.refused("run HLEN", text(n.get()));
        if (n->type == REDIS_REPLY_INTEGER && n->integer > 10'000)
            throw LiveError(LiveError::Kind::BadInput,
                "the hash \"" + key + "\" has " + std::to_string(n->integer)
                    + " fields, more than a record's 10,000: it is not read whole");
        Reply all = d.run({ "HGETALL", key }, "read the hash");
        if (all->type == REDIS_REPLY_ERROR)
            d.refused("run HGETALL", text(all.get()));
        for (std::size_t i = 0; all->type == REDIS_REPLY_ARRAY && i + 1 < all->elements; i += 2)
            fields.emplace_back(text(all->element[i]), text(all->element[i + 1]));
    } else if (kind == "string" && m.redis->value != LiveRedisLayout::Value::Hash) {
        d.append({ "STRLEN", key });
        d.append({ "GETRANGE", key, "0", std::to_string(maxValueBytes) });
        Reply len = d.next("read the string's length");
        Reply value = d.next("read the string");
        if (value->type == REDIS_REPLY_ERROR)
            d.refused("run GETRANGE", text(value.get()));
        if (len->type == REDIS_REPLY_INTEGER && static_cast<std::size_t>(len->integer) > maxValueBytes)
            throw LiveError(LiveError::Kind::BadInput,
                "the string \"" + key + "\" holds " + std::to_string(len->integer) + " bytes, more than the "
                    + std::to_string(maxValueBytes) + " read");
        try {
            const json::Value doc = json::parse(text(value.get()));
            if (!doc.isObject())
                throw LiveError(LiveError::Kind::BadInput,
                    "the string \"" + key + "\" holds JSON, but " + doc.typeName() + ", not an object");
            for (const json::Member& member : doc.object) {
                const json::Value& v = member.value;
                if (v.isString())
                    fields.emplace_back(member.key, v.string);
                else if (v.isNumber())
                    fields.emplace_back(member.key, v.numberText.empty() ? json::formatNumber(v.number) : v.numberText);
                else if (v.isBool())
                    fields.emplace_back(member.key, v.boolean ? "true" : "false");
                else if (!v.isNull())
                    fields.emplace_back(member.key, std::string(v.typeName()));
            }
        } catch (const json::ParseError& e) {
            throw LiveError(LiveError::Kind::BadInput, "the string \"" + key + "\" is not JSON (" + e.what() + ")");
        }
    } else {
        throw LiveError(LiveError::Kind::BadInput,
            "the key \"" + key + "\" is a " + kind + ", which the mapping \"" + m.name + "\" does not read");
    }
    const std::string& bodyField = m.responseBody.column;
    for (auto& [name, value] : fields) {
        if (!bodyField.empty() && name == bodyField) {
            out.bodyBytes = static_cast<long long>(value.size());
            out.bodyComplete = fullBody || value.size() <= LiveInspector::kBodyPreviewBytes;
            out.body = out.bodyComplete ? value : value.substr(0, LiveInspector::kBodyPreviewBytes);
            continue; // the body is shown apart, as the table's row leaves it out
        }
        out.row.push_back(cell(name, std::move(value), false));
    }
    return out;
}

namespace {

void jsonString(std::string& out, const std::string& s)
{
    json::appendString(out, s);
}

} // namespace

std::string redisInspectionJson(const RedisSnapshot& s, const AnomalyThresholds& thresholds)
{
    std::string out = inspectionJson(s.live, thresholds);
    while (!out.empty() && (out.back() == '\n' || out.back() == ' '))
        out.pop_back();
    if (!out.empty() && out.back() == '}')
        out.pop_back();
    out += ",\n\"engine\": \"redis\", \"url\": ";
    jsonString(out, s.url);
    out += ", \"match\": ";
    jsonString(out, s.match);
    out += ", \"cursor\": ";
    jsonString(out, s.cursor);
    out += ", \"next_cursor\": ";
    jsonString(out, s.nextCursor);
    out += ", \"clock\": ";
    out += s.clockFromServer ? "\"server\"" : "\"local\"";
    out += ", \"keys_scanned\": " + std::to_string(s.keysScanned);
    out += ", \"keys_without_expiry\": " + std::to_string(s.keysWithoutExpiry);
    out += ", \"unreadable\": " + std::to_string(s.unreadable);
    out += ",\n\"unreadable_keys\": [";
    for (std::size_t i = 0; i < s.unreadableKeys.size(); ++i) {
        out += i ? ",\n" : "\n";
        out += "{\"key\": ";
        jsonString(out, s.unreadableKeys[i].key);
        out += ", \"type\": ";
        jsonString(out, s.unreadableKeys[i].type);
        out += ", \"reason\": ";
        jsonString(out, s.unreadableKeys[i].reason);
        out += "}";
    }
    out += "],\n\"regeneration_complete\": ";
    out += s.regenerationComplete ? "true" : "false";
    out += ", \"kinds_not_applicable\": {";
    bool first = true;
    for (const LiveAnomalyKind kind : kLiveAnomalyKinds)
        if (!redisAnomalyApplies(kind)) {
            out += first ? "\"" : ", \"";
            out += std::string(anomalyKindName(kind)) + "\": ";
            jsonString(out, redisAnomalyNotApplicableReason(kind));
            first = false;
        }
    out += "}}\n";
    return out;
}

std::string redisInspectionText(const RedisSnapshot& s, const AnomalyThresholds& thresholds)
{
    std::string out = inspectionText(s.live, thresholds);
    // The table's header names the database's clock; say whose clock this was.
    const std::string serverClock = " (the database's clock)";
    if (const auto at = out.find(serverClock); at != std::string::npos)
        out.replace(at, serverClock.size(),
            s.clockFromServer ? std::string(" (the server's clock)")
                              : std::string(" (this machine's clock: the user may not run TIME)"));
    if (!out.empty() && out.back() != '\n')
        out += '\n';
    out += "\nRedis: " + std::to_string(s.keysScanned) + " keys scanned";
    out += s.clockFromServer ? std::string(", times read at the server's clock (TIME)")
                             : std::string(", times read at this machine's clock (the user may not run TIME)");
    out += "\n";
    out += "Keys without an expiry (never deleted): " + std::to_string(s.keysWithoutExpiry) + "\n";
    for (const LiveAnomalyKind kind : kLiveAnomalyKinds)
        if (!redisAnomalyApplies(kind))
            out += "Not checked: " + std::string(anomalyKindName(kind)) + " (" + redisAnomalyNotApplicableReason(kind)
                + ")\n";
    if (!s.regenerationComplete)
        out += "suspected_key_regeneration stopped early: more fingerprints than it keeps in memory\n";
    if (s.unreadable > 0) {
        out += "Unreadable keys: " + std::to_string(s.unreadable) + "\n";
        for (const RedisUnreadable& u : s.unreadableKeys)
            out += "  " + u.key + " (" + u.type + "): " + u.reason + "\n";
        if (static_cast<long long>(s.unreadableKeys.size()) < s.unreadable)
            out += "  … and " + std::to_string(s.unreadable - static_cast<long long>(s.unreadableKeys.size()))
                + " more\n";
    }
    out += s.nextCursor == "0" ? std::string("Page: from cursor ") + s.cursor + ", the last\n"
                               : "Page: from cursor " + s.cursor + "; next page: --cursor " + s.nextCursor + "\n";
    return out;
}

} // namespace iw
