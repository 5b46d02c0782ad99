// A writable connection to the harness's Redis for the tests' fixtures (tst_redisinspect, tst_redisliveview): the
// commands that put keys where the code under test reads them, and what the test's own keys hold. Include it only in a
// test linked to hiredis (iwredis).
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <hiredis/hiredis.h>

#include <vector>

namespace iwtest {

// A writable connection to the harness's Redis for a test's fixtures (the default user of scripts/with-redis.sh),
// closed with it. Every command is sent as its arguments (no quoting); each answers its reply as text.
struct RedisWriter {
    redisContext* ctx = nullptr;
    explicit RedisWriter(const QString& url)
    {
        const QUrl u(url);
        ctx = redisConnect(u.host().toUtf8().constData(), u.port(6379));
    }
    ~RedisWriter()
    {
        if (ctx)
            redisFree(ctx);
    }
    RedisWriter(const RedisWriter&) = delete;
    RedisWriter& operator=(const RedisWriter&) = delete;

    // A command's reply: an integer's digits, a string's text, empty otherwise; "(no reply)" when none came.
    QString run(const QStringList& args)
    {
        std::vector<QByteArray> bytes;
        std::vector<const char*> argv;
        std::vector<size_t> lens;
        for (const QString& a : args)
            bytes.push_back(a.toUtf8());
        for (const QByteArray& b : bytes) {
            argv.push_back(b.constData());
            lens.push_back(static_cast<size_t>(b.size()));
        }
        auto* r = static_cast<redisReply*>(redisCommandArgv(ctx, int(argv.size()), argv.data(), lens.data()));
        if (!r)
            return QStringLiteral("(no reply)");
        QString out = r->type == REDIS_REPLY_INTEGER ? QString::number(r->integer)
            : r->str                                 ? QString::fromUtf8(r->str, int(r->len))
                                                     : QString();
        freeReplyObject(r);
        return out;
    }
    // The keys under `prefix`, sorted, each with its type, its value (DUMP, in hex) and whether it expires: what an
    // inspection must leave as it found it. Only the test's own keys: other tests write to the same server at the
    // same time (ctest -j), so the database's size says nothing about this test.
    QStringList keysUnder(const QString& prefix)
    {
        QStringList keys;
        QByteArray cursor = "0";
        do {
            auto* r = static_cast<redisReply*>(redisCommand(ctx, "SCAN %s MATCH %s COUNT 1000", cursor.constData(),
                (prefix + QLatin1Char('*')).toUtf8().constData()));
            if (!r || r->type != REDIS_REPLY_ARRAY || r->elements != 2) {
                if (r)
                    freeReplyObject(r);
                return { QStringLiteral("(SCAN failed)") };
            }
            cursor = QByteArray(r->element[0]->str, int(r->element[0]->len));
            for (size_t i = 0; i < r->element[1]->elements; ++i)
                keys << QString::fromUtf8(r->element[1]->element[i]->str, int(r->element[1]->element[i]->len));
            freeReplyObject(r);
        } while (cursor != "0");
        keys.sort();
        QStringList state;
        for (const QString& k : keys) {
            auto* dump = static_cast<redisReply*>(redisCommand(ctx, "DUMP %s", k.toUtf8().constData()));
            const QByteArray value = dump && dump->str ? QByteArray(dump->str, int(dump->len)).toHex() : QByteArray();
            if (dump)
                freeReplyObject(dump);
            state << k + QLatin1Char(' ') + run({ QStringLiteral("TYPE"), k }) + QLatin1Char(' ')
                    + QString::fromLatin1(value) + QLatin1Char(' ')
                    + (run({ QStringLiteral("PTTL"), k }) == QLatin1String("-1") ? QStringLiteral("persists")
                                                                                 : QStringLiteral("expires"));
        }
        return state;
    }
};

} // namespace iwtest
