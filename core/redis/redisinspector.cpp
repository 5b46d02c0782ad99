// The live Redis keyspace, read-only: SCAN in batches, each batch read in two pipelined rounds (TYPE and PTTL, then
// the values), every record classified here with the rules the PostgreSQL inspector evaluates in SQL
// (core/live/liveinspector.cpp), so a record reads the same on either.
#include "redisinspector.h"

#include "json.h"
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

std::string isoUtc(Millis ms)
{
    const std::time_t seconds = static_cast<std::time_t>(ms >= 0 ? ms / 1000 : (ms - 999) / 1000);
    const int millis = static_cast<int>(ms - static_cast<Millis>(seconds) * 1000);
    std::tm tm {};
    gmtime_r(&seconds, &tm);
    char buf[96];
    std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
        tm.tm_hour, tm.tm_min, tm.tm_sec, millis);
    return buf;
}

constexpr double kEpochLimit = 9007199254740992.0; // 2^53, as the SQL inspector bounds an epoch value

// One record's fields as text, by the mapping's column (field) names; nullopt: the field is absent or null.
using Fields = std::map<std::string, std::optional<std::string>, std::less<>>;

struct TimeValue {
    std::optional<Millis> ms; // in range
    bool present = false; // a value that is not null and not zero (the SQL inspector's timePresent)
    bool outOfRange = false; // present but no time in its unit
    std::string raw;
};

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

    // --- One record's values.

    static std::optional<std::string> field(const Fields& f, const std::string& name)
    {
        const auto it = f.find(name);
        return it == f.end() ? std::nullopt : it->second;
    }

    static std::string textOf(const LiveTextField& t, const Fields& f)
    {
        switch (t.kind) {
        case LiveTextField::Kind::Constant:
            return t.text;
        case LiveTextField::Kind::Columns: {
            std::string out;
            for (std::size_t i = 0; i < t.columns.size(); ++i)
                out += (i ? t.text : std::string()) + field(f, t.columns[i]).value_or("");
            return out;
        }
        case LiveTextField::Kind::BeforeLast:
        case LiveTextField::Kind::AfterLast: {
            const std::string v = field(f, t.columns.front()).value_or("");
            const auto at = v.rfind(t.text);
            if (at == std::string::npos) // as SQL's split on a missing delimiter: all before, nothing after
                return t.kind == LiveTextField::Kind::BeforeLast ? std::string() : v;
            return t.kind == LiveTextField::Kind::BeforeLast ? v.substr(0, at) : v.substr(at + t.text.size());
        }
        }
        return {};
    }

    static TimeValue timeOf(const LiveTimeField& t, const Fields& f)
    {
        TimeValue out;
        if (!t.present())
            return out;
        const auto raw = field(f, t.column);
        if (!raw)
            return out;
        out.raw = *raw;
        if (t.column == "@ttl") { // already epoch milliseconds
            out.present = true;
            out.ms = std::strtoll(raw->c_str(), nullptr, 10) + t.plusMs;
            return out;
        }
        char* end = nullptr;
        errno = 0;
        const double v = std::strtod(raw->c_str(), &end);
        const bool number = end && end != raw->c_str() && *end == '\0' && errno != ERANGE;
        if (number && v == 0)
            return out; // zero: no time (a lease of 0 is no lease)
        out.present = true;
        const double scale = t.unit == LiveTimeField::Unit::EpochSeconds ? 1000.0 : 1.0;
        if (!number || t.unit == LiveTimeField::Unit::Timestamp || !std::isfinite(v)
            || std::fabs(v * scale) > kEpochLimit) {
            out.outOfRange = true;
            return out;
        }
        out.ms = static_cast<Millis>(std::floor(v * scale)) + t.plusMs;
        return out;
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

namespace {

// What a snapshot gathers while the scan runs, all bounded.
struct Gathered {
    LiveCounts counts;
    std::array<std::vector<LiveAnomaly>, LiveAnomalyKindCount> listed;
    struct Seen {
        Millis created;
        std::string key;
        Scope scope;
        std::string redisKey;
    };
    std::map<std::string, std::vector<Seen>> groups; // actor \x1f operation \x1f fingerprint → records
    std::size_t groupEntries = 0;
};

void keepListed(std::vector<LiveAnomaly>& list, LiveAnomaly a, int limit)
{
    list.push_back(std::move(a));
    if (list.size() >= static_cast<std::size_t>(std::max(1, limit)) * 2) {
        std::stable_sort(list.begin(), list.end(),
            [](const LiveAnomaly& x, const LiveAnomaly& y) { return x.createdMs < y.createdMs; });
        list.resize(static_cast<std::size_t>(std::max(0, limit)));
    }
}

} // namespace

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

    Gathered g;
    g.counts.leaseMapped = m.leaseUntil.present();
    const bool hasStatus = m.statusCode.present();
    const bool hasBody = m.responseBody.present();
    std::vector<std::string> terminalValues = m.state.completed;
    terminalValues.insert(terminalValues.end(), m.state.expired.begin(), m.state.expired.end());
    const auto listed = [](const std::vector<std::string>& values, const std::string& v) {
        return std::find(values.begin(), values.end(), v) != values.end();
    };

    // Classifies one record; returns it (with its anomaly mask) and counts it.
    const auto classify = [&](const std::string& redisKey, const Fields& f) {
        LiveRecord r;
        r.scope.actor = Impl::textOf(m.actor, f);
        r.scope.operation = Impl::textOf(m.operation, f);
        r.scope.key = Impl::textOf(m.key, f);
        const auto stored = Impl::field(f, m.state.column);
        r.storedState = stored.value_or("");
        r.terminal = stored && listed(terminalValues, *stored);
        const bool markedExpired = stored && listed(m.state.expired, *stored);
        const TimeValue created = Impl::timeOf(m.createdAt, f);
        const TimeValue expires = Impl::timeOf(m.expiresAt, f);
        const TimeValue lease = Impl::timeOf(m.leaseUntil, f);
        const TimeValue completed = Impl::timeOf(m.completedAt, f);
        r.createdMs = created.ms.value_or(0);
        r.expiresMs = expires.ms;
        if (lease.present)
            r.leaseUntilMs = lease.ms;
        if (completed.present)
            r.completedMs = completed.ms;
        const auto expiredBy = [&](Millis grace) {
            return expires.ms && (m.strictExpiry ? *expires.ms < now - grace : *expires.ms <= now - grace);
        };
        const bool expired = expiredBy(0);
        if (r.terminal)
            r.state = markedExpired || expired ? RecordState::Expired : RecordState::Completed;
        else
            r.state = m.inProgressExpires && expired ? RecordState::Expired : RecordState::InProgress;
        if (hasStatus)
            if (const auto s = Impl::field(f, m.statusCode.column)) {
                char* end = nullptr;
                const long v = std::strtol(s->c_str(), &end, 10);
                if (end && *end == '\0' && !s->empty())
                    r.statusCode = static_cast<int>(v);
            }
        const auto body = hasBody ? Impl::field(f, m.responseBody.column) : std::nullopt;
        if (body)
            r.bodyBytes = static_cast<long long>(body->size());
        if (m.resultId.present())
            r.resultId = Impl::field(f, m.resultId.column);
        if (m.fingerprint.present())
            r.fingerprint = Impl::field(f, m.fingerprint.column).value_or("");
        r.cursor = { redisKey };

        LiveCounts& c = g.counts;
        ++c.total;
        if (r.state == RecordState::InProgress)
            ++c.inProgress;
        else if (r.state == RecordState::Completed)
            ++c.completed;
        else
            ++c.expired;
        if (!r.terminal && c.leaseMapped)
            ++(lease.present ? c.openWithLease : c.openWithoutLease);

        const auto flag = [&](LiveAnomalyKind kind, LiveAnomalyFacts facts) {
            r.anomalies |= anomalyBit(kind);
            ++c.anomalies[static_cast<std::size_t>(kind)];
            facts.known = true;
            LiveAnomaly a;
            a.kind = kind;
            a.scope = r.scope;
            a.createdMs = r.createdMs;
            a.cursor = r.cursor;
            a.detail = anomalyDetail(kind, facts);
            a.facts = std::move(facts);
            keepListed(g.listed[static_cast<std::size_t>(kind)], std::move(a), t.listLimit);
        };
        const auto baseFacts = [&] {
            LiveAnomalyFacts facts;
            if (created.ms)
                facts.ageMs = now - *created.ms;
            return facts;
        };
        if (options.live.anomalies) {
            using K = LiveAnomalyKind;
            if (!r.terminal
                && (lease.present ? lease.ms && *lease.ms < now
                                  : created.ms && *created.ms < now - t[K::StuckInProgress])) {
                LiveAnomalyFacts facts = baseFacts();
                if (lease.ms)
                    facts.leaseEndedAgoMs = now - *lease.ms;
                facts.thresholdMs = t[K::StuckInProgress];
                flag(K::StuckInProgress, facts);
            }
            if ((hasStatus || hasBody) && r.terminal && !markedExpired && !r.statusCode && !body) {
                const std::optional<Millis> since = completed.present ? completed.ms : created.ms;
                if (since && *since <= now - t[K::CompletedWithoutResponse]) {
                    LiveAnomalyFacts facts = baseFacts();
                    facts.agoMs = now - *since;
                    flag(K::CompletedWithoutResponse, facts);
                }
            }
            if (!r.terminal && expiredBy(t[K::InProgressPastExpiry])) {
                LiveAnomalyFacts facts = baseFacts();
                facts.agoMs = now - *expires.ms;
                flag(K::InProgressPastExpiry, facts);
            }
            const std::pair<const TimeValue*, const LiveTimeField*> epochs[] = { { &created, &m.createdAt },
                { &expires, &m.expiresAt }, { &lease, &m.leaseUntil }, { &completed, &m.completedAt } };
            const char* names[] = { "created_at", "expires_at", "lease_until", "completed_at" };
            for (std::size_t i = 0; i < 4; ++i)
                if (epochs[i].first->outOfRange) {
                    LiveAnomalyFacts facts = baseFacts();
                    facts.field = names[i];
                    facts.column = epochs[i].second->column;
                    facts.unit = std::string(timeUnitName(epochs[i].second->unit));
                    facts.rawValue = epochs[i].first->raw.substr(0, 40);
                    facts.rawChars = epochs[i].first->raw.size();
                    flag(K::TimeOutOfRange, facts);
                    break;
                }
            if (m.fingerprint.present() && !r.fingerprint.empty() && created.ms
                && *created.ms >= now - t.regenerationLookbackMs) {
                if (g.groupEntries < options.regenerationGroups) {
                    g.groups[r.scope.actor + '\x1f' + r.scope.operation + '\x1f' + r.fingerprint].push_back(
                        { *created.ms, r.scope.key, r.scope, redisKey });
                    ++g.groupEntries;
                } else {
                    snap.regenerationComplete = false;
                }
            }
        }
        return r;
    };

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
            LiveRecord r = classify(keys[i], f);
            if (auto bytes = Impl::field(f, "@body_bytes"))
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
        Gathered saved = std::move(g);
        g = Gathered {};
        const long long scannedBefore = snap.keysScanned;
        const long long unreadableBefore = snap.unreadable;
        const std::size_t unreadableListed = snap.unreadableKeys.size();
        const long long withoutExpiry = snap.keysWithoutExpiry;
        const bool regeneration = snap.regenerationComplete;
        scanFrom(snap.cursor, std::min(options.scanCount, std::max(10, pageLimit)),
            [&](const std::vector<std::string>& keys, const std::string& next) {
                readBatch(keys, true);
                snap.nextCursor = next;
                return static_cast<int>(snap.live.page.records.size()) < pageLimit;
            });
        g = std::move(saved);
        snap.keysScanned = scannedBefore;
        snap.unreadable = unreadableBefore;
        snap.unreadableKeys.resize(unreadableListed);
        snap.keysWithoutExpiry = withoutExpiry;
        snap.regenerationComplete = regeneration;
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

    // suspected_key_regeneration: within each group, a record created within the threshold after one of another key.
    if (options.live.anomalies) {
        const Millis window = t[LiveAnomalyKind::SuspectedKeyRegeneration];
        std::set<std::string> regenerated; // redis keys flagged, to mark the page's records
        for (auto& [group, seen] : g.groups) {
            std::stable_sort(seen.begin(), seen.end(),
                [](const Gathered::Seen& a, const Gathered::Seen& b) { return a.created < b.created; });
            for (std::size_t i = 1; i < seen.size(); ++i) {
                const Gathered::Seen& prev = seen[i - 1];
                const Gathered::Seen& cur = seen[i];
                if (cur.key == prev.key || cur.created - prev.created > window)
                    continue;
                LiveAnomalyFacts facts;
                facts.known = true;
                facts.ageMs = now - cur.created;
                facts.agoMs = cur.created - prev.created;
                facts.otherKey = prev.key;
                ++g.counts.anomalies[static_cast<std::size_t>(LiveAnomalyKind::SuspectedKeyRegeneration)];
                LiveAnomaly a;
                a.kind = LiveAnomalyKind::SuspectedKeyRegeneration;
                a.scope = cur.scope;
                a.createdMs = cur.created;
                a.cursor = { cur.redisKey };
                a.detail = anomalyDetail(a.kind, facts);
                a.facts = facts;
                keepListed(g.listed[static_cast<std::size_t>(a.kind)], std::move(a), t.listLimit);
                regenerated.insert(cur.redisKey);
            }
        }
        for (LiveRecord& r : snap.live.page.records)
            if (!r.cursor.empty() && r.cursor.front() && regenerated.count(*r.cursor.front()))
                r.anomalies |= anomalyBit(LiveAnomalyKind::SuspectedKeyRegeneration);
    }
    for (const LiveAnomalyKind kind : kLiveAnomalyKinds) {
        auto& list = g.listed[static_cast<std::size_t>(kind)];
        std::stable_sort(list.begin(), list.end(),
            [](const LiveAnomaly& x, const LiveAnomaly& y) { return x.createdMs < y.createdMs; });
        if (list.size() > static_cast<std::size_t>(std::max(0, t.listLimit)))
            list.resize(static_cast<std::size_t>(std::max(0, t.listLimit)));
        for (LiveAnomaly& a : list)
            snap.live.anomalies.push_back(std::move(a));
    }
    snap.live.counts = g.counts;
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
