// The Redis store on a real server (redisstore.h): hiredis, one Lua script per conditional write.
#include "redisstore.h"

#include <hiredis/hiredis.h>

#include <algorithm>
#include <charconv>
#include <cstring>
#include <map>

namespace iw {

namespace {

constexpr long kSafetyMs = 86'400'000; // a real expiry on every key, so an interrupted run leaves nothing for ever
constexpr int kConnectSeconds = 10;
constexpr int kCommandSeconds = 10;

// put(key, at): the record whose field/value pairs start at ARGV[at] (a count first) replaces the key; the expiry
// index follows its expires_ms. apply(key, at): fields to set (a count, pairs), then fields to delete (a count,
// names). Both give the key its real safety expiry (ARGV[1]) and return the index after what they read.
const char* const kPrelude = R"lua(
local function put(key, at, fresh)
  local n = tonumber(ARGV[at])
  if not fresh then redis.call('DEL', key) end
  redis.call('HSET', key, unpack(ARGV, at + 1, at + 2 * n))
  local expires = nil
  for i = 0, n - 1 do
    if ARGV[at + 1 + 2 * i] == 'expires_ms' then expires = ARGV[at + 2 + 2 * i] end
  end
  if expires then redis.call('ZADD', KEYS[2], expires, key) elseif not fresh then redis.call('ZREM', KEYS[2], key) end
  redis.call('PEXPIRE', key, ARGV[1])
  return at + 1 + 2 * n
end
local function skip(at)
  return at + 1 + 2 * tonumber(ARGV[at])
end
local function apply(key, at)
  local n = tonumber(ARGV[at])
  for i = 0, n - 1 do
    local f, v = ARGV[at + 1 + 2 * i], ARGV[at + 2 + 2 * i]
    redis.call('HSET', key, f, v)
    if f == 'expires_ms' then redis.call('ZADD', KEYS[2], v, key) end
  end
  local d = at + 1 + 2 * n
  local m = tonumber(ARGV[d])
  for i = 1, m do redis.call('HDEL', key, ARGV[d + i]) end
  redis.call('PEXPIRE', key, ARGV[1])
  return d + 1 + m
end
)lua";

enum Script {
    Claim, // SET NX: the first writer of the key wins
    ReplaceIf,
    CompleteIfOwner,
    DeleteIfOwner,
    Delete,
    UpsertCompletion,
    ExpireDue,
    Orphan,
    SetExpiry,
    Seen,
    Put,
    ScriptCount
};

const char* const kScripts[ScriptCount] = {
    R"lua(if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
put(KEYS[1], 2, true)
return 1)lua",
    R"lua(local exists = redis.call('EXISTS', KEYS[1]) == 1
if ARGV[2] == '' then
  if exists then return 0 end
elseif not exists or redis.call('HGET', KEYS[1], 'created_ms') ~= ARGV[2] then
  return 0
end
put(KEYS[1], 3)
return 1)lua",
    R"lua(if redis.call('HGET', KEYS[1], 'created_ms') ~= ARGV[2] then return 0 end
apply(KEYS[1], 3)
return 1)lua",
    R"lua(if redis.call('HGET', KEYS[1], 'created_ms') ~= ARGV[2] then return 0 end
redis.call('DEL', KEYS[1])
redis.call('ZREM', KEYS[2], KEYS[1])
return 1)lua",
    R"lua(redis.call('DEL', KEYS[1])
redis.call('ZREM', KEYS[2], KEYS[1])
return 1)lua",
    R"lua(local at = 2
if redis.call('EXISTS', KEYS[1]) == 0 then at = put(KEYS[1], 2) else at = skip(2) end
apply(KEYS[1], at)
return 1)lua",
    R"lua(local due = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', ARGV[2])
local out = {}
for _, key in ipairs(due) do
  local v = redis.call('HMGET', key, 'actor', 'operation', 'key', 'state')
  redis.call('DEL', key)
  redis.call('ZREM', KEYS[2], key)
  if v[1] then
    table.insert(out, v[1]); table.insert(out, v[2]); table.insert(out, v[3]); table.insert(out, v[4])
  end
end
return out)lua",
    R"lua(local held = redis.call('GET', KEYS[3])
if held and tonumber(held) > tonumber(ARGV[2]) then return 'held' end
redis.call('SET', KEYS[3], ARGV[3], 'PX', ARGV[1])
if ARGV[4] ~= '' then
  if redis.call('HGET', KEYS[1], 'created_ms') ~= ARGV[4] or redis.call('HGET', KEYS[1], 'state') ~= 'in_progress' then
    return 'changed'
  end
end
put(KEYS[1], 5)
return 'written')lua",
    R"lua(if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], 'expires_ms', ARGV[2])
redis.call('ZADD', KEYS[2], ARGV[2], KEYS[1])
return 1)lua",
    R"lua(if redis.call('SET', KEYS[1], '1', 'NX', 'PX', ARGV[1]) then return 1 end
return 0)lua",
    R"lua(put(KEYS[1], 2)
return 1)lua",
};

std::string number(Millis v)
{
    return std::to_string(v);
}

// The record's fields as put() reads them: a count, then field/value pairs (an absent optional is left out).
void recordArgs(std::vector<std::string>& args, const Record& r)
{
    std::vector<std::pair<const char*, std::string>> f = {
        { "actor", r.scope.actor },
        { "operation", r.scope.operation },
        { "key", r.scope.key },
        { "payload_hash", r.payloadHash },
        { "state", r.state == RecordState::Completed ? "completed" : "in_progress" },
        { "created_ms", number(r.createdAt) },
    };
    if (r.statusCode)
        f.emplace_back("status_code", std::to_string(*r.statusCode));
    if (r.responseBody)
        f.emplace_back("response_body", *r.responseBody);
    if (r.completedAt)
        f.emplace_back("completed_ms", number(*r.completedAt));
    if (r.expiresAt != kNeverExpires)
        f.emplace_back("expires_ms", number(r.expiresAt));
    if (r.leaseUntil)
        f.emplace_back("lease_until_ms", number(*r.leaseUntil));
    if (r.resultId)
        f.emplace_back("result_id", *r.resultId);
    args.push_back(std::to_string(f.size()));
    for (auto& [name, value] : f) {
        args.emplace_back(name);
        args.push_back(std::move(value));
    }
}

// A completion as apply() reads it: fields to set, then fields to delete.
void completionArgs(std::vector<std::string>& args, const Completion& c, const std::string* payloadHash)
{
    std::vector<std::pair<const char*, std::string>> set = {
        { "state", "completed" },
        { "status_code", std::to_string(c.statusCode) },
        { "completed_ms", number(c.completedAt) },
    };
    std::vector<const char*> del;
    if (payloadHash)
        set.emplace_back("payload_hash", *payloadHash);
    if (c.responseBody)
        set.emplace_back("response_body", *c.responseBody);
    else
        del.push_back("response_body");
    if (c.resultId)
        set.emplace_back("result_id", *c.resultId);
    else
        del.push_back("result_id");
    if (c.expiresAt)
        set.emplace_back("expires_ms", number(*c.expiresAt));
    args.push_back(std::to_string(set.size()));
    for (auto& [name, value] : set) {
        args.emplace_back(name);
        args.push_back(std::move(value));
    }
    args.push_back(std::to_string(del.size()));
    for (const char* name : del)
        args.emplace_back(name);
}

std::optional<Millis> millis(const std::map<std::string, std::string>& h, const char* field)
{
    const auto it = h.find(field);
    if (it == h.end())
        return std::nullopt;
    Millis v = 0;
    std::from_chars(it->second.data(), it->second.data() + it->second.size(), v);
    return v;
}

std::optional<Record> recordFromHash(const std::map<std::string, std::string>& h)
{
    if (!h.contains("actor") || !h.contains("created_ms"))
        return std::nullopt;
    Record r;
    r.scope = { h.at("actor"), h.at("operation"), h.at("key") };
    r.payloadHash = h.contains("payload_hash") ? h.at("payload_hash") : std::string();
    r.state = h.contains("state") && h.at("state") == "completed" ? RecordState::Completed : RecordState::InProgress;
    if (const auto s = millis(h, "status_code"))
        r.statusCode = static_cast<int>(*s);
    if (const auto it = h.find("response_body"); it != h.end())
        r.responseBody = it->second;
    r.createdAt = millis(h, "created_ms").value_or(0);
    r.completedAt = millis(h, "completed_ms");
    r.expiresAt = millis(h, "expires_ms").value_or(kNeverExpires);
    r.leaseUntil = millis(h, "lease_until_ms");
    if (const auto it = h.find("result_id"); it != h.end())
        r.resultId = it->second;
    return r;
}

std::string text(const redisReply* r)
{
    return r && (r->type == REDIS_REPLY_STRING || r->type == REDIS_REPLY_STATUS || r->type == REDIS_REPLY_ERROR)
        ? std::string(r->str, r->len)
        : std::string();
}

struct ReplyDeleter {
    void operator()(redisReply* r) const
    {
        if (r)
            freeReplyObject(r);
    }
};
using Reply = std::unique_ptr<redisReply, ReplyDeleter>;

// A glob pattern matching exactly the keys that start with `prefix`.
std::string globPrefix(const std::string& prefix)
{
    std::string out;
    for (const char c : prefix) {
        if (c == '*' || c == '?' || c == '[' || c == ']' || c == '\\')
            out += '\\';
        out += c;
    }
    return out + "*";
}

} // namespace

struct RedisStore::Connection {
    RedisUrl url;
    redisContext* ctx = nullptr;
    std::vector<std::string> shas = std::vector<std::string>(ScriptCount);
    ~Connection()
    {
        if (ctx)
            redisFree(ctx);
    }
};

namespace {

// One sentence for what the server or the connection said, never the password.
[[noreturn]] void failConnection(const RedisUrl& url, const std::string& what, StoreError::Kind kind)
{
    throw StoreError(kind, "Redis at " + url.display() + ": " + what);
}

std::string serverError(const RedisUrl& url, const std::string& e)
{
    if (e.rfind("WRONGPASS", 0) == 0 || e.rfind("ERR invalid password", 0) == 0 || e.rfind("ERR AUTH", 0) == 0)
        return "the server refused the user name or password (" + e + ")";
    if (e.rfind("NOAUTH", 0) == 0)
        return "the server requires a password and the URL gives none (" + e + ")";
    if (e.rfind("READONLY", 0) == 0)
        return "the server is a read-only replica and the store must write: point --redis at the primary (" + e + ")";
    if (e.rfind("OOM", 0) == 0)
        return "the server is out of memory (maxmemory with noeviction) and refused the write; nothing was written ("
            + e + ")";
    if (e.rfind("NOPERM", 0) == 0)
        return "the user may not run this command (" + e + ")";
    (void)url;
    return "the server answered an error: " + e;
}

} // namespace

RedisStore::RedisStore(const RedisUrl& url, Options options)
    : m_url(url)
    , m_options(std::move(options))
{
}

RedisStore::~RedisStore() = default;

namespace {

std::unique_ptr<redisContext, void (*)(redisContext*)> dial(const RedisUrl& url)
{
    const timeval connectTimeout { kConnectSeconds, 0 };
    redisContext* ctx = url.socketPath.empty() ? redisConnectWithTimeout(url.host.c_str(), url.port, connectTimeout)
                                               : redisConnectUnixWithTimeout(url.socketPath.c_str(), connectTimeout);
    std::unique_ptr<redisContext, void (*)(redisContext*)> holder(ctx, [](redisContext* c) {
        if (c)
            redisFree(c);
    });
    if (!ctx)
        failConnection(url, "could not allocate a connection", StoreError::Kind::Unavailable);
    if (ctx->err)
        failConnection(url, std::string("cannot connect (") + ctx->errstr + ")", StoreError::Kind::Unavailable);
    const timeval commandTimeout { kCommandSeconds, 0 };
    redisSetTimeout(ctx, commandTimeout);
    if (url.socketPath.empty())
        redisEnableKeepAlive(ctx);
    const auto run = [&](std::vector<std::string> args) {
        std::vector<const char*> argv;
        std::vector<size_t> lens;
        for (const std::string& a : args) {
            argv.push_back(a.data());
            lens.push_back(a.size());
        }
        Reply r(
            static_cast<redisReply*>(redisCommandArgv(ctx, static_cast<int>(argv.size()), argv.data(), lens.data())));
        if (!r)
            failConnection(
                url, std::string("the connection broke (") + ctx->errstr + ")", StoreError::Kind::Unavailable);
        if (r->type == REDIS_REPLY_ERROR)
            failConnection(url, serverError(url, text(r.get())), StoreError::Kind::Fatal);
    };
    if (url.password) {
        if (url.user.empty())
            run({ "AUTH", *url.password });
        else
            run({ "AUTH", url.user, *url.password });
    }
    if (url.db != 0)
        run({ "SELECT", std::to_string(url.db) });
    return holder;
}

} // namespace

std::unique_ptr<RedisStore> RedisStore::connect(const RedisUrl& url, Options options)
{
    std::unique_ptr<RedisStore> store(new RedisStore(url, std::move(options)));
    store->m_primary = std::make_unique<Connection>();
    store->m_primary->url = url;
    store->m_primary->ctx = dial(url).release();
    // The store writes: a replica would refuse every write (READONLY), so say so now, in one sentence.
    Reply role(store->command(*store->m_primary, { "ROLE" }, false));
    if (role->type == REDIS_REPLY_ARRAY && role->elements > 0 && text(role->element[0]) != "master")
        failConnection(url,
            "the server is a read-only replica (role " + text(role->element[0])
                + ") and the store must write: point --redis at the primary",
            StoreError::Kind::Fatal);
    if (store->m_options.replica) {
        store->m_replica = std::make_unique<Connection>();
        store->m_replica->url = *store->m_options.replica;
        store->m_replica->ctx = dial(*store->m_options.replica).release();
    }
    return store;
}

redisReply* RedisStore::command(Connection& c, const std::vector<std::string>& args, bool writes)
{
    if (!c.ctx || c.ctx->err) {
        // A connection that broke is dialled again once: a server that came back serves the next step.
        if (c.ctx)
            redisFree(c.ctx);
        c.ctx = nullptr;
        c.ctx = dial(c.url).release();
        std::fill(c.shas.begin(), c.shas.end(), std::string());
    }
    std::vector<const char*> argv;
    std::vector<size_t> lens;
    argv.reserve(args.size());
    lens.reserve(args.size());
    for (const std::string& a : args) {
        argv.push_back(a.data());
        lens.push_back(a.size());
    }
    redisReply* r
        = static_cast<redisReply*>(redisCommandArgv(c.ctx, static_cast<int>(argv.size()), argv.data(), lens.data()));
    if (!r) {
        const std::string why = c.ctx->errstr;
        // A write whose answer never came may or may not have been applied: that cannot be known.
        failConnection(c.url,
            writes ? "the connection broke while a write was in flight, so whether it was applied cannot be known ("
                    + why + ")"
                   : "the connection broke (" + why + ")",
            writes ? StoreError::Kind::UnknownOutcome : StoreError::Kind::Unavailable);
    }
    if (r->type == REDIS_REPLY_ERROR && text(r).rfind("NOSCRIPT", 0) != 0) {
        const std::string e = text(r);
        freeReplyObject(r);
        failConnection(c.url, serverError(c.url, e), StoreError::Kind::Fatal);
    }
    return r;
}

redisReply* RedisStore::script(int which, const std::vector<std::string>& keys, const std::vector<std::string>& args)
{
    Connection& c = m_failedOver ? *m_replica : *m_primary;
    std::vector<std::string> call;
    call.reserve(3 + keys.size() + args.size());
    for (int attempt = 0; attempt < 2; ++attempt) {
        if (c.shas[static_cast<std::size_t>(which)].empty()) {
            Reply loaded(command(c, { "SCRIPT", "LOAD", std::string(kPrelude) + kScripts[which] }, false));
            c.shas[static_cast<std::size_t>(which)] = text(loaded.get());
        }
        call.clear();
        call.push_back("EVALSHA");
        call.push_back(c.shas[static_cast<std::size_t>(which)]);
        call.push_back(std::to_string(keys.size()));
        call.insert(call.end(), keys.begin(), keys.end());
        call.insert(call.end(), args.begin(), args.end());
        redisReply* r = command(c, call, true);
        if (r->type == REDIS_REPLY_ERROR) { // NOSCRIPT: the server restarted or flushed its scripts
            freeReplyObject(r);
            c.shas[static_cast<std::size_t>(which)].clear();
            continue;
        }
        return r;
    }
    failConnection(c.url, "the server keeps forgetting the store's scripts (NOSCRIPT)", StoreError::Kind::Fatal);
}

std::string RedisStore::recordKey(const Scope& s) const
{
    return m_options.prefix + s.actor + '\x1f' + s.operation + '\x1f' + s.key;
}

void RedisStore::wrote(const Scope& scope)
{
    if (m_detached && !m_failedOver)
        m_lost.insert(scope);
}

void RedisStore::attachReplica()
{
    if (!m_replica)
        return;
    Reply(command(*m_replica,
        { "REPLICAOF", m_url.host.empty() ? std::string("127.0.0.1") : m_url.host, std::to_string(m_url.port) },
        false));
    // The replica copies the primary again; wait (bounded) until its link is up.
    for (int i = 0; i < 200; ++i) {
        Reply info(command(*m_replica, { "INFO", "replication" }, false));
        if (text(info.get()).find("master_link_status:up") != std::string::npos)
            return;
        timespec pause { 0, 50'000'000 };
        nanosleep(&pause, nullptr);
    }
    failConnection(
        m_replica->url, "the replica did not catch up with the primary within 10 s", StoreError::Kind::Unavailable);
}

void RedisStore::reset()
{
    m_failedOver = false;
    m_detached = false;
    m_lost.clear();
    m_effects.clear();
    Connection& c = *m_primary;
    const std::string aux = m_options.prefix + '\x1d';
    const std::string mark = aux + "mark";
    const std::string markText = "idempotency-workbench store, format 1";
    // The prefix must be the workbench's own: a prefix holding keys it did not mark is left alone.
    Reply marked(command(c, { "GET", mark }, false));
    if (text(marked.get()) != markText) {
        Reply first(command(c, { "SCAN", "0", "MATCH", globPrefix(m_options.prefix), "COUNT", "1000" }, false));
        bool foreign = false;
        std::string cursor = "0";
        Reply page = std::move(first);
        for (int pages = 0; pages < 100000; ++pages) {
            if (page->type != REDIS_REPLY_ARRAY || page->elements != 2)
                break;
            foreign = page->element[1]->elements > 0;
            cursor = text(page->element[0]);
            if (foreign || cursor == "0")
                break;
            page.reset(command(c, { "SCAN", cursor, "MATCH", globPrefix(m_options.prefix), "COUNT", "1000" }, false));
        }
        if (foreign)
            failConnection(m_url,
                "keys under the prefix \"" + m_options.prefix
                    + "\" exist that the workbench did not mark as its own; it leaves them alone (choose another "
                      "--redis-prefix)",
                StoreError::Kind::Fatal);
    }
    // Empty the prefix (its keys only, a page at a time), then mark it.
    std::string cursor = "0";
    do {
        Reply page(command(c, { "SCAN", cursor, "MATCH", globPrefix(m_options.prefix), "COUNT", "1000" }, false));
        if (page->type != REDIS_REPLY_ARRAY || page->elements != 2)
            break;
        cursor = text(page->element[0]);
        std::vector<std::string> del { "UNLINK" };
        for (std::size_t i = 0; i < page->element[1]->elements; ++i) {
            std::string key = text(page->element[1]->element[i]);
            if (key.rfind(m_options.prefix, 0) == 0 && key != mark)
                del.push_back(std::move(key));
        }
        if (del.size() > 1)
            Reply(command(c, del, true));
    } while (cursor != "0");
    Reply(command(c, { "SET", mark, markText, "PX", std::to_string(kSafetyMs) }, true));
    attachReplica();
}

namespace {
std::string expiriesKey(const std::string& prefix)
{
    return prefix + '\x1d' + "expiries";
}
} // namespace

bool RedisStore::insertClaim(const Record& claim, Millis)
{
    std::vector<std::string> args { std::to_string(kSafetyMs) };
    recordArgs(args, claim);
    Reply r(script(Claim, { recordKey(claim.scope), expiriesKey(m_options.prefix) }, args));
    const bool won = r->type == REDIS_REPLY_INTEGER && r->integer == 1;
    if (won)
        wrote(claim.scope);
    return won;
}

std::optional<Record> RedisStore::read(const Scope& scope)
{
    Reply r(command(m_failedOver ? *m_replica : *m_primary, { "HGETALL", recordKey(scope) }, false));
    if (r->type != REDIS_REPLY_ARRAY || r->elements == 0)
        return std::nullopt;
    std::map<std::string, std::string> h;
    for (std::size_t i = 0; i + 1 < r->elements; i += 2)
        h[text(r->element[i])] = text(r->element[i + 1]);
    return recordFromHash(h);
}

bool RedisStore::replaceIf(const Scope& scope, std::optional<Millis> expectedCreatedAt, const Record& fresh, Millis)
{
    std::vector<std::string> args { std::to_string(kSafetyMs), expectedCreatedAt ? number(*expectedCreatedAt) : "" };
    recordArgs(args, fresh);
    Reply r(script(ReplaceIf, { recordKey(scope), expiriesKey(m_options.prefix) }, args));
    const bool applied = r->type == REDIS_REPLY_INTEGER && r->integer == 1;
    if (applied)
        wrote(scope);
    return applied;
}

bool RedisStore::complete(
    const Scope& scope, Millis ownerVersion, const Completion& completion, const std::optional<EffectRow>& effect)
{
    if (effect)
        m_effects.push_back(*effect);
    std::vector<std::string> args { std::to_string(kSafetyMs), number(ownerVersion) };
    completionArgs(args, completion, nullptr);
    Reply r(script(CompleteIfOwner, { recordKey(scope), expiriesKey(m_options.prefix) }, args));
    const bool applied = r->type == REDIS_REPLY_INTEGER && r->integer == 1;
    if (applied)
        wrote(scope);
    return applied;
}

bool RedisStore::deleteIfOwner(const Scope& scope, Millis ownerVersion)
{
    Reply r(script(DeleteIfOwner, { recordKey(scope), expiriesKey(m_options.prefix) },
        { std::to_string(kSafetyMs), number(ownerVersion) }));
    const bool deleted = r->type == REDIS_REPLY_INTEGER && r->integer == 1;
    if (deleted)
        wrote(scope);
    return deleted;
}

void RedisStore::deleteUnconditionally(const Scope& scope)
{
    Reply(script(Delete, { recordKey(scope), expiriesKey(m_options.prefix) }, { std::to_string(kSafetyMs) }));
    wrote(scope);
}

void RedisStore::upsertCompletion(
    const Record& ifMissing, const Completion& completion, const std::optional<EffectRow>& effect)
{
    if (effect)
        m_effects.push_back(*effect);
    std::vector<std::string> args { std::to_string(kSafetyMs) };
    recordArgs(args, ifMissing);
    completionArgs(args, completion, &ifMissing.payloadHash);
    Reply(script(UpsertCompletion, { recordKey(ifMissing.scope), expiriesKey(m_options.prefix) }, args));
    wrote(ifMissing.scope);
}

bool RedisStore::insertCompleted(const Record& record)
{
    return insertClaim(record, record.createdAt);
}

void RedisStore::overwrite(const Record& record)
{
    std::vector<std::string> args { std::to_string(kSafetyMs) };
    recordArgs(args, record);
    Reply(script(Put, { recordKey(record.scope), expiriesKey(m_options.prefix) }, args));
    wrote(record.scope);
}

bool RedisStore::testAndSetSeen(const Scope& scope)
{
    const std::string key
        = m_options.prefix + '\x1d' + "seen\x1f" + scope.actor + '\x1f' + scope.operation + '\x1f' + scope.key;
    Reply r(script(Seen, { key }, { std::to_string(kSafetyMs) }));
    wrote(scope);
    return r->type == REDIS_REPLY_INTEGER && r->integer == 1;
}

void RedisStore::recordEffect(const EffectRow& effect)
{
    m_effects.push_back(effect);
}

std::vector<Record> RedisStore::records()
{
    Connection& c = m_failedOver ? *m_replica : *m_primary;
    std::vector<Record> out;
    std::string cursor = "0";
    do {
        Reply page(command(c, { "SCAN", cursor, "MATCH", globPrefix(m_options.prefix), "COUNT", "1000" }, false));
        if (page->type != REDIS_REPLY_ARRAY || page->elements != 2)
            break;
        cursor = text(page->element[0]);
        for (std::size_t i = 0; i < page->element[1]->elements; ++i) {
            const std::string key = text(page->element[1]->element[i]);
            if (key.rfind(m_options.prefix + '\x1d', 0) == 0)
                continue;
            Reply h(command(c, { "HGETALL", key }, false));
            if (h->type != REDIS_REPLY_ARRAY)
                continue;
            std::map<std::string, std::string> fields;
            for (std::size_t j = 0; j + 1 < h->elements; j += 2)
                fields[text(h->element[j])] = text(h->element[j + 1]);
            if (auto r = recordFromHash(fields))
                out.push_back(std::move(*r));
        }
    } while (cursor != "0");
    std::sort(out.begin(), out.end(), [](const Record& a, const Record& b) { return a.scope < b.scope; });
    return out;
}

std::vector<ExpiredKey> RedisStore::expireKeys(Millis now)
{
    Reply r(script(ExpireDue, { "", expiriesKey(m_options.prefix) }, { std::to_string(kSafetyMs), number(now) }));
    std::vector<ExpiredKey> out;
    if (r->type == REDIS_REPLY_ARRAY) {
        for (std::size_t i = 0; i + 3 < r->elements; i += 4) {
            ExpiredKey k;
            k.scope = { text(r->element[i]), text(r->element[i + 1]), text(r->element[i + 2]) };
            k.state = text(r->element[i + 3]) == "completed" ? RecordState::Completed : RecordState::InProgress;
            out.push_back(std::move(k));
        }
    }
    std::sort(out.begin(), out.end(), [](const ExpiredKey& a, const ExpiredKey& b) { return a.scope < b.scope; });
    return out;
}

std::optional<Millis> RedisStore::nextKeyExpiry()
{
    Reply r(command(m_failedOver ? *m_replica : *m_primary,
        { "ZRANGE", expiriesKey(m_options.prefix), "0", "0", "WITHSCORES" }, false));
    if (r->type != REDIS_REPLY_ARRAY || r->elements < 2)
        return std::nullopt;
    const std::string score = text(r->element[1]);
    Millis v = 0;
    std::from_chars(score.data(), score.data() + score.size(), v);
    return v;
}

OrphanWrite RedisStore::overwriteOrphan(
    const Record& fresh, std::optional<Millis> expectedCreatedAt, Millis lockUntil, Millis now)
{
    const std::string lock = m_options.prefix + '\x1d' + "lock\x1f" + fresh.scope.actor + '\x1f' + fresh.scope.operation
        + '\x1f' + fresh.scope.key;
    std::vector<std::string> args { std::to_string(kSafetyMs), number(now), number(lockUntil),
        expectedCreatedAt ? number(*expectedCreatedAt) : "" };
    recordArgs(args, fresh);
    Reply r(script(Orphan, { recordKey(fresh.scope), expiriesKey(m_options.prefix), lock }, args));
    const std::string what = text(r.get());
    if (what == "held")
        return OrphanWrite::LockHeld;
    wrote(fresh.scope);
    return what == "written" ? OrphanWrite::Written : OrphanWrite::Changed;
}

bool RedisStore::setExpiry(const Scope& scope, Millis expiresAt)
{
    Reply r(script(SetExpiry, { recordKey(scope), expiriesKey(m_options.prefix) },
        { std::to_string(kSafetyMs), number(expiresAt) }));
    const bool set = r->type == REDIS_REPLY_INTEGER && r->integer == 1;
    if (set)
        wrote(scope);
    return set;
}

void RedisStore::detachReplica(Millis)
{
    if (!m_replica)
        throw StoreError(StoreError::Kind::Fatal,
            "a failover promotes a replica: give the store one with --redis-replica URL (a replica of "
                + m_url.display() + ")");
    // The replica must hold every write made so far (it is asynchronous): WAIT until it acknowledges them, bounded.
    Reply acked(command(*m_primary, { "WAIT", "1", "5000" }, false));
    if (acked->type != REDIS_REPLY_INTEGER || acked->integer < 1)
        failConnection(m_replica->url, "the replica did not acknowledge the primary's writes within 5 s",
            StoreError::Kind::Unavailable);
    // From now on it gets nothing: it is on its own, as a replica whose link is lag_ms behind.
    Reply(command(*m_replica, { "REPLICAOF", "NO", "ONE" }, true));
    m_detached = true;
    m_lost.clear();
}

std::vector<Scope> RedisStore::failover(Millis now)
{
    if (!m_detached || m_failedOver)
        return {};
    m_failedOver = true;
    // Keys the promoted replica holds whose expiry has come are gone on it too (each was rewritten since the detach).
    Reply(script(ExpireDue, { "", expiriesKey(m_options.prefix) }, { std::to_string(kSafetyMs), number(now) }));
    std::vector<Scope> lost(m_lost.begin(), m_lost.end());
    m_lost.clear();
    return lost;
}

} // namespace iw
