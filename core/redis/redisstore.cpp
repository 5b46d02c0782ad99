// The Redis store on a real server (redisstore.h): hiredis, one Lua script per conditional write.
#include "redisstore.h"

#include "json.h"

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
const char* const kSafety = "86400000";

// A record is a string holding a JSON object whose members are all strings (record() and recordJson()): rec(key)
// reads it (nil: no key), save(key, r) writes it back with the key's real safety expiry (ARGV[1]). apply(r, at): a
// completion's fields to set (a count, pairs), then fields to delete (a count, names); it returns the index after
// what it read.
const char* const kPrelude = R"lua(
local function rec(key)
  local v = redis.call('GET', key)
  if not v then return nil end
  return cjson.decode(v)
end
local function save(key, r)
  redis.call('SET', key, cjson.encode(r), 'PX', ARGV[1])
end
local function apply(r, at)
  local n = tonumber(ARGV[at])
  for i = 0, n - 1 do r[ARGV[at + 1 + 2 * i]] = ARGV[at + 2 + 2 * i] end
  local d = at + 1 + 2 * n
  local m = tonumber(ARGV[d])
  for i = 1, m do r[ARGV[d + i]] = nil end
  return d + 1 + m
end
)lua";

// The conditional writes that must read the record first, each one script so it is atomic on the server. The common
// claim is no script: it is one SET … NX PX (insertClaim).
enum Script {
    ReplaceIf, // ARGV[2] the expected created_ms, ARGV[3] the fresh record
    CompleteIfOwner, // ARGV[2] the owner's created_ms, then the completion
    DeleteIfOwner, // ARGV[2] the owner's created_ms
    UpsertCompletion, // ARGV[2] the record if missing, ARGV[3] its payload_hash, then the completion
    ExpireDue, // KEYS: the candidates, ARGV[1] now
    Orphan, // KEYS[2] the lock; ARGV[2] now, ARGV[3] the lock's end, ARGV[4] the expected created_ms or '', ARGV[5]
    SetExpiry, // ARGV[2] the expiry
    ScriptCount
};

const char* const kScripts[ScriptCount] = {
    R"lua(local r = rec(KEYS[1])
if not r or r.created_ms ~= ARGV[2] then return 0 end
redis.call('SET', KEYS[1], ARGV[3], 'PX', ARGV[1])
return 1)lua",
    R"lua(local r = rec(KEYS[1])
if not r or r.created_ms ~= ARGV[2] then return 0 end
apply(r, 3)
save(KEYS[1], r)
return 1)lua",
    R"lua(local r = rec(KEYS[1])
if not r or r.created_ms ~= ARGV[2] then return 0 end
redis.call('DEL', KEYS[1])
return 1)lua",
    R"lua(local r = rec(KEYS[1])
if r then r.payload_hash = ARGV[3] else r = cjson.decode(ARGV[2]) end
apply(r, 4)
save(KEYS[1], r)
return r.expires_ms or '')lua",
    // Per candidate, a pair: 'x' and the state (it expired and is gone), 'k' and its expiry (it expires later), or
    // 'g' and '' (no such key).
    R"lua(local out = {}
for _, key in ipairs(KEYS) do
  local r = rec(key)
  if not r then
    table.insert(out, 'g'); table.insert(out, '')
  elseif r.expires_ms and tonumber(r.expires_ms) <= tonumber(ARGV[1]) then
    redis.call('DEL', key)
    table.insert(out, 'x'); table.insert(out, r.state)
  else
    table.insert(out, 'k'); table.insert(out, r.expires_ms or '')
  end
end
return out)lua",
    R"lua(local held = redis.call('GET', KEYS[2])
if held and tonumber(held) > tonumber(ARGV[2]) then return 'held' end
redis.call('SET', KEYS[2], ARGV[3], 'PX', ARGV[1])
if ARGV[4] ~= '' then
  local r = rec(KEYS[1])
  if not r or r.created_ms ~= ARGV[4] or r.state ~= 'in_progress' then return 'changed' end
end
redis.call('SET', KEYS[1], ARGV[5], 'PX', ARGV[1])
return 'written')lua",
    R"lua(local r = rec(KEYS[1])
if not r then return 0 end
r.expires_ms = ARGV[2]
save(KEYS[1], r)
return 1)lua",
};

std::string number(Millis v)
{
    return std::to_string(v);
}

void member(std::string& out, const char* name, std::string_view value)
{
    out += out.size() > 1 ? ",\"" : "\"";
    out += name;
    out += "\":";
    json::appendString(out, value);
}

void member(std::string& out, const char* name, Millis value)
{
    char digits[24];
    const auto end = std::to_chars(digits, digits + sizeof digits, value).ptr;
    out += out.size() > 1 ? ",\"" : "\"";
    out += name;
    out += "\":\"";
    out.append(digits, end);
    out += '"';
}

// The record as its key's value: a JSON object of strings (an absent optional is left out).
std::string recordJson(const Record& r)
{
    std::string out;
    out.reserve(160 + r.scope.actor.size() + r.scope.operation.size() + r.scope.key.size() + r.payloadHash.size()
        + (r.responseBody ? r.responseBody->size() : 0));
    out += '{';
    member(out, "actor", r.scope.actor);
    member(out, "operation", r.scope.operation);
    member(out, "key", r.scope.key);
    member(out, "payload_hash", r.payloadHash);
    member(out, "state", r.state == RecordState::Completed ? "completed" : "in_progress");
    member(out, "created_ms", r.createdAt);
    if (r.statusCode)
        member(out, "status_code", *r.statusCode);
    if (r.responseBody)
        member(out, "response_body", *r.responseBody);
    if (r.completedAt)
        member(out, "completed_ms", *r.completedAt);
    if (r.expiresAt != kNeverExpires)
        member(out, "expires_ms", r.expiresAt);
    if (r.leaseUntil)
        member(out, "lease_until_ms", *r.leaseUntil);
    if (r.resultId)
        member(out, "result_id", *r.resultId);
    out += '}';
    return out;
}

// A completion as apply() reads it: fields to set, then fields to delete.
void completionArgs(std::vector<std::string>& args, const Completion& c)
{
    std::vector<std::pair<const char*, std::string>> set = {
        { "state", "completed" },
        { "status_code", std::to_string(c.statusCode) },
        { "completed_ms", number(c.completedAt) },
    };
    std::vector<const char*> del;
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

// A record key's value; nullopt for one that is no record of the store's (throws json::ParseError for no JSON).
std::optional<Record> recordFromJson(std::string_view value)
{
    const json::Value doc = json::parse(value);
    if (!doc.isObject())
        return std::nullopt;
    std::map<std::string, std::string> h;
    for (const json::Member& m : doc.object)
        if (m.value.isString())
            h[m.key] = m.value.string;
    return recordFromHash(h);
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
    std::vector<const char*> argv;
    std::vector<size_t> lens;
    argv.reserve(args.size());
    lens.reserve(args.size());
    for (const std::string& a : args) {
        argv.push_back(a.data());
        lens.push_back(a.size());
    }
    return command(c, static_cast<int>(argv.size()), argv.data(), lens.data(), writes);
}

redisReply* RedisStore::command(Connection& c, int argc, const char** argv, const size_t* lens, bool writes)
{
    if (!c.ctx || c.ctx->err) {
        // A connection that broke is dialled again once: a server that came back serves the next step.
        if (c.ctx)
            redisFree(c.ctx);
        c.ctx = nullptr;
        c.ctx = dial(c.url).release();
        std::fill(c.shas.begin(), c.shas.end(), std::string());
    }
    redisReply* r = static_cast<redisReply*>(redisCommandArgv(c.ctx, argc, argv, lens));
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

void RedisStore::Expiries::set(const Scope& scope, Millis at)
{
    erase(scope);
    if (at == kNeverExpires)
        return;
    of.emplace(scope, at);
    due.emplace(at, scope);
}

void RedisStore::Expiries::erase(const Scope& scope)
{
    const auto it = of.find(scope);
    if (it == of.end())
        return;
    due.erase({ it->second, scope });
    of.erase(it);
}

void RedisStore::reset()
{
    m_failedOver = false;
    m_detached = false;
    m_lost.clear();
    m_effects.clear();
    m_expiries = {};
    m_replicaExpiries.reset();
    Connection& c = *m_primary;
    const std::string aux = m_options.prefix + '\x1d';
    const std::string mark = aux + "mark";
    const std::string markText = "idempotency-workbench store, format 2";
    // Format 1 kept each record in a hash and the expiries in a sorted set: a prefix it marked is the workbench's too.
    const std::string formerMarkText = "idempotency-workbench store, format 1";
    // The prefix must be the workbench's own: a prefix holding keys it did not mark is left alone.
    Reply marked(command(c, { "GET", mark }, false));
    if (text(marked.get()) != markText && text(marked.get()) != formerMarkText) {
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

RedisStore::Connection& RedisStore::current()
{
    return m_failedOver ? *m_replica : *m_primary;
}

bool RedisStore::setIfAbsent(const Scope& scope, const Record& record)
{
    // The common claim: one SET … NX PX, the whole record its value. Nothing is written when the key exists.
    const std::string key = recordKey(scope);
    const std::string value = recordJson(record);
    const char* argv[] = { "SET", key.data(), value.data(), "NX", "PX", kSafety };
    const size_t lens[] = { 3, key.size(), value.size(), 2, 2, std::strlen(kSafety) };
    Reply r(command(current(), 6, argv, lens, true));
    const bool won = r->type == REDIS_REPLY_STATUS;
    if (won) {
        m_expiries.set(scope, record.expiresAt);
        wrote(scope);
    }
    return won;
}

bool RedisStore::insertClaim(const Record& claim, Millis)
{
    return setIfAbsent(claim.scope, claim);
}

std::optional<Record> RedisStore::read(const Scope& scope)
{
    const std::string key = recordKey(scope);
    const char* argv[] = { "GET", key.data() };
    const size_t lens[] = { 3, key.size() };
    Reply r(command(current(), 2, argv, lens, false));
    if (r->type != REDIS_REPLY_STRING)
        return std::nullopt;
    try {
        return recordFromJson(std::string_view(r->str, r->len));
    } catch (const json::ParseError& e) {
        failConnection(current().url, "the record key \"" + key + "\" holds no JSON record (" + e.what() + ")",
            StoreError::Kind::Fatal);
    }
}

bool RedisStore::replaceIf(const Scope& scope, std::optional<Millis> expectedCreatedAt, const Record& fresh, Millis)
{
    if (!expectedCreatedAt)
        return setIfAbsent(scope, fresh);
    Reply r(script(ReplaceIf, { recordKey(scope) }, { kSafety, number(*expectedCreatedAt), recordJson(fresh) }));
    const bool applied = r->type == REDIS_REPLY_INTEGER && r->integer == 1;
    if (applied) {
        m_expiries.set(scope, fresh.expiresAt);
        wrote(scope);
    }
    return applied;
}

bool RedisStore::complete(
    const Scope& scope, Millis ownerVersion, const Completion& completion, const std::optional<EffectRow>& effect)
{
    if (effect)
        m_effects.push_back(*effect);
    std::vector<std::string> args { kSafety, number(ownerVersion) };
    completionArgs(args, completion);
    Reply r(script(CompleteIfOwner, { recordKey(scope) }, args));
    const bool applied = r->type == REDIS_REPLY_INTEGER && r->integer == 1;
    if (applied) {
        if (completion.expiresAt)
            m_expiries.set(scope, *completion.expiresAt);
        wrote(scope);
    }
    return applied;
}

bool RedisStore::deleteIfOwner(const Scope& scope, Millis ownerVersion)
{
    Reply r(script(DeleteIfOwner, { recordKey(scope) }, { kSafety, number(ownerVersion) }));
    const bool deleted = r->type == REDIS_REPLY_INTEGER && r->integer == 1;
    if (deleted) {
        m_expiries.erase(scope);
        wrote(scope);
    }
    return deleted;
}

void RedisStore::deleteUnconditionally(const Scope& scope)
{
    Reply deleted(command(current(), { "DEL", recordKey(scope) }, true));
    m_expiries.erase(scope);
    if (deleted->type == REDIS_REPLY_INTEGER && deleted->integer > 0)
        wrote(scope); // as the model: deleting no key writes nothing a replica could miss
}

void RedisStore::upsertCompletion(
    const Record& ifMissing, const Completion& completion, const std::optional<EffectRow>& effect)
{
    if (effect)
        m_effects.push_back(*effect);
    std::vector<std::string> args { kSafety, recordJson(ifMissing), ifMissing.payloadHash };
    completionArgs(args, completion);
    Reply r(script(UpsertCompletion, { recordKey(ifMissing.scope) }, args));
    // The record's expiry now: the completion's, the record's kept one, or the one it was created with.
    const std::string expires = text(r.get());
    Millis at = kNeverExpires;
    if (!expires.empty())
        std::from_chars(expires.data(), expires.data() + expires.size(), at);
    m_expiries.set(ifMissing.scope, at);
    wrote(ifMissing.scope);
}

bool RedisStore::insertCompleted(const Record& record)
{
    return setIfAbsent(record.scope, record);
}

void RedisStore::overwrite(const Record& record)
{
    const std::string key = recordKey(record.scope);
    const std::string value = recordJson(record);
    const char* argv[] = { "SET", key.data(), value.data(), "PX", kSafety };
    const size_t lens[] = { 3, key.size(), value.size(), 2, std::strlen(kSafety) };
    Reply(command(current(), 5, argv, lens, true));
    m_expiries.set(record.scope, record.expiresAt);
    wrote(record.scope);
}

bool RedisStore::testAndSetSeen(const Scope& scope)
{
    const std::string key
        = m_options.prefix + '\x1d' + "seen\x1f" + scope.actor + '\x1f' + scope.operation + '\x1f' + scope.key;
    Reply r(command(current(), { "SET", key, "1", "NX", "PX", kSafety }, true));
    wrote(scope);
    return r->type == REDIS_REPLY_STATUS;
}

void RedisStore::recordEffect(const EffectRow& effect)
{
    m_effects.push_back(effect);
}

std::vector<Record> RedisStore::records()
{
    Connection& c = current();
    std::vector<Record> out;
    std::string cursor = "0";
    do {
        Reply page(command(c, { "SCAN", cursor, "MATCH", globPrefix(m_options.prefix), "COUNT", "1000" }, false));
        if (page->type != REDIS_REPLY_ARRAY || page->elements != 2)
            break;
        cursor = text(page->element[0]);
        std::vector<std::string> get { "MGET" };
        for (std::size_t i = 0; i < page->element[1]->elements; ++i) {
            std::string key = text(page->element[1]->element[i]);
            if (key.rfind(m_options.prefix + '\x1d', 0) != 0)
                get.push_back(std::move(key));
        }
        if (get.size() == 1)
            continue;
        Reply values(command(c, get, false));
        for (std::size_t i = 0; values->type == REDIS_REPLY_ARRAY && i < values->elements; ++i) {
            const redisReply* v = values->element[i];
            if (v->type != REDIS_REPLY_STRING)
                continue;
            try {
                if (auto r = recordFromJson(std::string_view(v->str, v->len)))
                    out.push_back(std::move(*r));
            } catch (const json::ParseError&) {
                // Not a record of the store's: reset() refuses a prefix holding foreign keys, so none is expected.
            }
        }
    } while (cursor != "0");
    std::sort(out.begin(), out.end(), [](const Record& a, const Record& b) { return a.scope < b.scope; });
    return out;
}

std::vector<ExpiredKey> RedisStore::expireDue(Millis now)
{
    std::vector<Scope> candidates;
    for (auto it = m_expiries.due.begin(); it != m_expiries.due.end() && it->first <= now; ++it)
        candidates.push_back(it->second);
    std::vector<ExpiredKey> out;
    if (candidates.empty())
        return out;
    std::vector<std::string> keys;
    keys.reserve(candidates.size());
    for (const Scope& s : candidates)
        keys.push_back(recordKey(s));
    Reply r(script(ExpireDue, keys, { number(now) }));
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        const Scope& scope = candidates[i];
        const bool answered = r->type == REDIS_REPLY_ARRAY && 2 * i + 1 < r->elements;
        const std::string what = answered ? text(r->element[2 * i]) : std::string("g");
        const std::string detail = answered ? text(r->element[2 * i + 1]) : std::string();
        if (what == "k") { // rewritten with a later expiry than the store knew: keep following it
            Millis at = kNeverExpires;
            if (!detail.empty())
                std::from_chars(detail.data(), detail.data() + detail.size(), at);
            m_expiries.set(scope, at);
            continue;
        }
        m_expiries.erase(scope);
        if (what == "x")
            out.push_back({ scope, detail == "completed" ? RecordState::Completed : RecordState::InProgress });
    }
    std::sort(out.begin(), out.end(), [](const ExpiredKey& a, const ExpiredKey& b) { return a.scope < b.scope; });
    return out;
}

std::vector<ExpiredKey> RedisStore::expireKeys(Millis now)
{
    return expireDue(now);
}

std::optional<Millis> RedisStore::nextKeyExpiry()
{
    if (m_expiries.due.empty())
        return std::nullopt;
    return m_expiries.due.begin()->first;
}

OrphanWrite RedisStore::overwriteOrphan(
    const Record& fresh, std::optional<Millis> expectedCreatedAt, Millis lockUntil, Millis now)
{
    const std::string lock = m_options.prefix + '\x1d' + "lock\x1f" + fresh.scope.actor + '\x1f' + fresh.scope.operation
        + '\x1f' + fresh.scope.key;
    Reply r(script(Orphan, { recordKey(fresh.scope), lock },
        { kSafety, number(now), number(lockUntil), expectedCreatedAt ? number(*expectedCreatedAt) : "",
            recordJson(fresh) }));
    const std::string what = text(r.get());
    if (what == "held")
        return OrphanWrite::LockHeld;
    wrote(fresh.scope);
    if (what != "written")
        return OrphanWrite::Changed;
    m_expiries.set(fresh.scope, fresh.expiresAt);
    return OrphanWrite::Written;
}

bool RedisStore::setExpiry(const Scope& scope, Millis expiresAt)
{
    Reply r(script(SetExpiry, { recordKey(scope) }, { kSafety, number(expiresAt) }));
    const bool set = r->type == REDIS_REPLY_INTEGER && r->integer == 1;
    if (set) {
        m_expiries.set(scope, expiresAt);
        wrote(scope);
    }
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
    m_replicaExpiries = m_expiries; // the expiries of the keys it holds
}

std::vector<Scope> RedisStore::failover(Millis now)
{
    if (!m_detached || m_failedOver)
        return {};
    m_failedOver = true;
    if (m_replicaExpiries)
        m_expiries = std::move(*m_replicaExpiries);
    m_replicaExpiries.reset();
    // Keys the promoted replica holds whose expiry has come are gone on it too (each was rewritten since the detach).
    expireDue(now);
    std::vector<Scope> lost(m_lost.begin(), m_lost.end());
    m_lost.clear();
    return lost;
}

} // namespace iw
