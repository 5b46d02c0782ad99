// The `inspect` command: options, the password prompt, and the exit codes around core/liveinspector.
#include "inspectcommand.h"

#include "commandline.h"
#include "conninfooptions.h"
#include "enginemapping.h"
#include "liveinspector.h"
#include "livereport.h"
#include "mysqlinspector.h"
#include "printable.h"
#include "redisinspector.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QRegularExpression>

#include <algorithm>
#include <cstdio>
#include <cstdlib>

namespace iw {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("iw::InspectCommand", text);
}

QString usage()
{
    return tr("Usage: idempotency-workbench inspect [--conninfo STR|@FILE] [--conninfo-file FILE] [--password-prompt] "
              "[--table NAME] [--mapping seed|brandur|powertools|FILE] [--limit N] [--order key|time|newest] "
              "[--threshold KIND=DURATION] [--anomaly-limit N] [--statement-timeout DURATION] [--deadline DURATION] "
              "[--pooler transaction] [--timezone ZONE] [--due-within DURATION] [--by actor] [--lookback DURATION] "
              "[--json]\n"
              "       idempotency-workbench inspect --redis URL [--match PATTERN] [--mapping powertools-redis|FILE] "
              "[--cursor C] [--scan-count N] [--limit N] [--threshold KIND=DURATION] [--anomaly-limit N] "
              "[--statement-timeout DURATION] [--deadline DURATION] [--json]\n"
              "       idempotency-workbench inspect --mysql --conninfo STR [--table NAME] "
              "[--mapping workbench-mysql|seed|brandur|powertools|FILE] [--cursor C] [--limit N] "
              "[--order key|time|newest] [--threshold KIND=DURATION] [--anomaly-limit N] [--timezone ZONE] "
              "[--due-within DURATION] [--by actor] [--lookback DURATION] [--go-to-key K [--actor A] | "
              "--go-to-key-order V | --go-to-time TIME | --last-page] [--statement-timeout DURATION] "
              "[--deadline DURATION] [--json]\n"
              "       idempotency-workbench inspect … --key K [--actor A] [--full-body] [--json]\n"
              "  --key lists every scope holding the key K (of actor A with --actor) with its row whole, the stored "
              "response "
              "body (its first 4 KiB; --full-body for all) and, when the mapping names them, its effects; "
              "--due-within counts the terminal records whose expiry falls in the next DURATION (what the sweeper "
              "removes next); --by actor counts the anomalies per actor, the actors with the most first; "
              "--lookback sets how far back suspected_key_regeneration looks (default 1h)\n"
              "  --mapping defaults to seed; --order newest lists the newest records and the newest anomalies of "
              "each kind first; DURATION needs a unit "
              "(ms, s, min, h or d: 10min); --anomaly-limit lists at most N anomalies of each kind (default 100); "
              "when the server asks for a password that none of the ways below gave, inspect asks for it on the "
              "terminal; --timezone names the zone the application writes timestamp without time zone columns in (UTC "
              "for "
              "Rails and Django with USE_TZ), over the mapping's \"timezone\"\n"
              "  Every wait is bounded: each statement gives up after --statement-timeout (default 30s), each read "
              "after --deadline (default 60s), a connection after connect_timeout (10 s unless the conninfo sets "
              "one); a silent network is then one sentence and exit code 3. Nothing is set on the session.\n"
              "  --redis reads the keys matching --match (default: the mapping's pattern) with SCAN and read commands "
              "only (a user allowed +@read suffices); --mapping defaults to powertools-redis; a page ends with the "
              "scan cursor to give --cursor for the next one; --scan-count is SCAN's COUNT (default 1000); "
              "--statement-timeout bounds each reply, --deadline the whole scan.\n"
              "  --mysql reads a MySQL or MariaDB table (conninfo: host, port, user, password, dbname, socket, "
              "connect_timeout, read_timeout, write_timeout) inside START TRANSACTION READ ONLY, committed before "
              "inspect ends (a user with only SELECT on the table suffices); --mapping defaults to workbench-mysql "
              "(the table --store mysql writes); pages follow the key order (--order time: the creation time; newest: "
              "the newest first), and a page ends with the cursor to give --cursor, with the same --order, for the "
              "next one; --statement-timeout bounds each statement on the server "
              "(max_statement_time, or MAX_EXECUTION_TIME on MySQL), --deadline the whole read; a page may be "
              "sought as in the live window: --go-to-key the record with that idempotency key among its neighbours "
              "in the order chosen (--actor A when several actors hold it), --go-to-key-order the key order from a "
              "value of its first column, --go-to-time the time order from the rows created at or after TIME (with "
              "its zone: 2026-12-01 08:00:00 UTC, 2026-12-01T09:00+01:00), --last-page the last page of the order.\n")
        + conninfoUsage().trimmed();
}

int fail(QTextStream& err, int code, const QString& sentence, bool withUsage = false)
{
    err << printable(QStringLiteral("idempotency-workbench inspect: ") + sentence) << '\n';
    if (withUsage)
        err << usage() << '\n';
    err.flush();
    return code;
}

// "90s", "5min", "72h", "2d", "250ms": a number alone is refused (is 10 ten milliseconds or ten minutes?).
std::optional<Millis> parseDuration(const QString& text)
{
    static const QRegularExpression re(QStringLiteral("^\\s*(\\d+)\\s*(ms|s|min|h|d)\\s*$"));
    const QRegularExpressionMatch m = re.match(text);
    if (!m.hasMatch())
        return std::nullopt;
    bool ok = false;
    const qlonglong n = m.captured(1).toLongLong(&ok);
    if (!ok)
        return std::nullopt;
    const QString unit = m.captured(2);
    const qlonglong scale = unit == QLatin1String("s") ? 1000
        : unit == QLatin1String("min")                 ? 60'000
        : unit == QLatin1String("h")                   ? 3'600'000
        : unit == QLatin1String("d")                   ? 86'400'000
                                                       : 1;
    // Ten years is the longest threshold that makes sense, and keeps n × scale far from overflowing.
    constexpr qlonglong tenYearsMs = 315'360'000'000LL;
    if (n > tenYearsMs / scale)
        return std::nullopt;
    return static_cast<Millis>(n * scale);
}

// --go-to-time's instant: a date and a time of day with its zone — "2026-12-01 08:00:00 UTC", "2026-12-01T08:00Z",
// "2026-12-01 09:00:00.250+01:00". A time without a zone is refused rather than read in this machine's zone or in
// UTC: on a shell of another zone either guess would seek hours away from what was meant.
std::optional<Millis> parseSeekInstant(const QString& text, QString& why)
{
    static const QRegularExpression withZone(
        QStringLiteral("^\\s*(\\d{4}-\\d{2}-\\d{2})[ "
                       "T](\\d{2}:\\d{2}(?::\\d{2}(?:\\.\\d{1,3})?)?)\\s*(Z|UTC|[+-]\\d{2}(?::?\\d{2})?)\\s*$"),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression withoutZone(
        QStringLiteral("^\\s*\\d{4}-\\d{2}-\\d{2}(?:[ T]\\d{2}:\\d{2}(?::\\d{2}(?:\\.\\d{1,3})?)?)?\\s*$"));
    const QRegularExpressionMatch m = withZone.match(text);
    if (!m.hasMatch()) {
        why = withoutZone.match(text).hasMatch()
            ? tr("--go-to-time \"%1\" names no time zone: add UTC or an offset (2026-12-01 08:00:00 UTC, "
                 "2026-12-01T09:00+01:00)")
                  .arg(text.trimmed())
            : tr("--go-to-time \"%1\" is not a time: write a date, a time of day and its zone, such as "
                 "2026-12-01 08:00:00 UTC or 2026-12-01T09:00+01:00")
                  .arg(text.trimmed());
        return std::nullopt;
    }
    QString zone = m.captured(3).toUpper();
    if (zone == QLatin1String("UTC"))
        zone = QStringLiteral("Z");
    else if (zone.size() == 3)
        zone += QStringLiteral(":00");
    else if (zone.size() == 5)
        zone.insert(3, QLatin1Char(':'));
    const QDateTime at
        = QDateTime::fromString(m.captured(1) + QLatin1Char('T') + m.captured(2) + zone, Qt::ISODateWithMs);
    if (!at.isValid()) {
        why = tr("--go-to-time \"%1\" is not a time: write a date, a time of day and its zone, such as "
                 "2026-12-01 08:00:00 UTC or 2026-12-01T09:00+01:00")
                  .arg(text.trimmed());
        return std::nullopt;
    }
    return at.toMSecsSinceEpoch();
}

// inspect --redis: the keyspace through a Redis mapping, read-only.
int runRedisInspect(const QString& urlText, const QString& mappingName, const RedisInspectOptions& options, int limit,
    bool asJson, QTextStream& out, QTextStream& err)
{
    std::string why;
    const auto url = parseRedisUrl(urlText.toStdString(), why);
    if (!url)
        return fail(err, ExitBadInput, QString::fromStdString(why));
    LiveMapping mapping;
    try {
        mapping = resolveRedisMapping(mappingName.toStdString());
    } catch (const MappingError& e) {
        return fail(err, ExitBadInput, QString::fromStdString(e.what()));
    }
    try {
        RedisInspector inspector(*url, mapping, options.commandTimeoutMs);
        RedisSnapshot snapshot = inspector.snapshot(options);
        if (limit == 0)
            snapshot.live.page.records.clear();
        const AnomalyThresholds& t = options.live.thresholds;
        out << QString::fromStdString(asJson ? redisInspectionJson(snapshot, t) : redisInspectionText(snapshot, t));
        out.flush();
        return ExitOk;
    } catch (const LiveError& e) {
        return fail(err, e.isDatabaseError() ? ExitDatabase : ExitBadInput, QString::fromStdString(e.what()));
    }
}

struct MysqlRequest {
    std::string conninfo;
    QString table;
    QString mapping;
    QString timezone;
    std::optional<QString> cursor;
    std::optional<QString> key;
    std::optional<QString> actor;
    bool fullBody = false;
    std::optional<QString> goToKey; // the seeks, at most one; the others are in options
    MysqlInspectOptions options;
    int limit = 100;
    bool asJson = false;
};

// inspect --mysql: a MySQL/MariaDB table through a mapping, read-only.
// A mapping for a table (PostgreSQL's or MySQL's), named as `resolve` takes it: one that reads Redis keys is refused,
// and `timezone` (when given) overrides its zone. Returns the exit code when it cannot be used, having said why.
std::optional<int> takeTableMapping(LiveMapping (*resolve)(const std::string&), const QString& name,
    const QString& timezone, LiveMapping& mapping, QTextStream& err)
{
    try {
        mapping = resolve(name.toStdString());
    } catch (const MappingError& e) {
        return fail(err, ExitBadInput, QString::fromStdString(e.what()));
    }
    if (mapping.redis)
        return fail(err, ExitBadInput,
            tr("the mapping \"%1\" reads Redis keys, not a table: give --redis URL")
                .arg(QString::fromStdString(mapping.name)));
    if (!timezone.isEmpty())
        mapping.timezone = timezone.toStdString();
    return std::nullopt;
}

int runMysqlInspect(const MysqlRequest& q, QTextStream& out, QTextStream& err)
{
    std::string why;
    const auto info = parseMysqlConninfo(q.conninfo, why);
    if (!info)
        return fail(err, ExitBadInput, QString::fromStdString(why));
    LiveMapping mapping;
    if (const auto refused = takeTableMapping(resolveMysqlMapping, q.mapping, q.timezone, mapping, err))
        return *refused;
    try {
        MysqlInspector inspector(*info, mapping, q.table.toStdString());
        if (const auto& zone = inspector.zoneWarning())
            err << "idempotency-workbench inspect: " << tr("warning: ")
                << printable(QString::fromStdString(zoneWarningText(*zone))) << tr("; or give --timezone UTC") << '\n';
        err.flush();
        if (q.key) {
            LiveInspector::KeyQuery query;
            query.key = q.key->toStdString();
            if (q.actor)
                query.actor = q.actor->toStdString();
            query.fullBody = q.fullBody;
            query.thresholds = q.options.live.thresholds;
            const LiveKeyLookup lookup = inspector.lookupKey(query, q.options.statementTimeoutMs);
            out << QString::fromStdString(q.asJson
                    ? mysqlKeyLookupJson(lookup, inspector.table(), inspector.mapping().name)
                    : keyLookupText(lookup, inspector.table(), inspector.mapping().name));
            out.flush();
            return ExitOk;
        }
        MysqlInspectOptions options = q.options;
        if (q.goToKey) {
            // The record first (every actor holding the key, as --key finds them), then the page around it.
            LiveInspector::KeyQuery query;
            query.key = q.goToKey->toStdString();
            if (q.actor)
                query.actor = q.actor->toStdString();
            query.thresholds = q.options.live.thresholds;
            const LiveKeyLookup found = inspector.lookupKey(query, q.options.statementTimeoutMs);
            if (found.rows.empty())
                return fail(err, ExitBadInput,
                    tr("no record of %1 has the idempotency key \"%2\" (%3)%4")
                        .arg(QString::fromStdString(inspector.table()), *q.goToKey,
                            QString::fromStdString(inspector.keyColumnsDescription()),
                            q.actor ? tr(" of the actor \"%1\"").arg(*q.actor) : QString()));
            if (found.rows.size() > 1) {
                QStringList scopes;
                for (const LiveKeyRow& row : found.rows)
                    scopes << QString::fromStdString(row.record.scope.actor + " / " + row.record.scope.operation);
                return fail(err, ExitBadInput,
                    tr("the idempotency key \"%1\" is held by %2 records (%3): choose one with --actor")
                        .arg(*q.goToKey)
                        .arg(found.rows.size())
                        .arg(scopes.join(QStringLiteral(", "))));
            }
            options.cursor = found.rows.front().keyCursor;
        }
        if (q.cursor) {
            const auto values
                = parseMysqlCursor(q.cursor->toStdString(), inspector.pageColumns(options.live.page.order).size(), why);
            if (!values)
                return fail(err, ExitBadInput, QString::fromStdString(why));
            options.cursor = *values;
        }
        MysqlSnapshot snapshot = inspector.snapshot(options);
        if (options.newestFirst) {
            std::reverse(snapshot.live.page.records.begin(), snapshot.live.page.records.end());
            snapshot.live.page.newestFirst = true;
        }
        if (q.limit == 0)
            snapshot.live.page.records.clear();
        const AnomalyThresholds& t = options.live.thresholds;
        out << QString::fromStdString(q.asJson ? mysqlInspectionJson(snapshot, t) : mysqlInspectionText(snapshot, t));
        out.flush();
        return ExitOk;
    } catch (const LiveError& e) {
        return fail(err, e.isDatabaseError() ? ExitDatabase : ExitBadInput, QString::fromStdString(e.what()));
    }
}

} // namespace

int runInspectCommand(const QStringList& args, QTextStream& out, QTextStream& err)
{
    ConninfoSources sources;
    QString table;
    QString mappingName = QStringLiteral("seed");
    int limit = 100;
    bool asJson = false;
    bool transactionPooler = false;
    LiveBounds bounds;
    LiveOrder order = LiveOrder::ByKey;
    bool orderGiven = false;
    AnomalyThresholds thresholds;
    bool newest = false;
    bool mappingGiven = false;
    QString timezone;
    std::optional<QString> key;
    std::optional<QString> actor;
    bool fullBody = false;
    bool byActor = false;
    std::optional<Millis> dueWithinMs;
    std::optional<Millis> lookbackMs;
    std::vector<LiveAnomalyKind> thresholdsSet;
    std::optional<QString> redisUrl;
    bool mysql = false;
    std::optional<QString> cursorText;
    std::optional<std::pair<QString, QString>> seek; // --go-to-key, --go-to-key-order, --go-to-time, --last-page
    RedisInspectOptions redisOptions;
    QStringList sqlOnly; // options given that only a table inspection reads
    QStringList redisOnly; // and those only --redis reads
    bool boundsGiven[2] = { false, false };
    for (qsizetype i = 0; i < args.size(); ++i) {
        QString name = args[i];
        QString value;
        static const QStringList withValue { QStringLiteral("--conninfo"), QStringLiteral("--conninfo-file"),
            QStringLiteral("--table"), QStringLiteral("--mapping"), QStringLiteral("--limit"),
            QStringLiteral("--order"), QStringLiteral("--threshold"), QStringLiteral("--anomaly-limit"),
            QStringLiteral("--pooler"), QStringLiteral("--statement-timeout"), QStringLiteral("--deadline"),
            QStringLiteral("--timezone"), QStringLiteral("--key"), QStringLiteral("--actor"),
            QStringLiteral("--due-within"), QStringLiteral("--by"), QStringLiteral("--lookback"),
            QStringLiteral("--redis"), QStringLiteral("--match"), QStringLiteral("--cursor"),
            QStringLiteral("--scan-count"), QStringLiteral("--go-to-key"), QStringLiteral("--go-to-key-order"),
            QStringLiteral("--go-to-time") };
        const bool takesValue = withValue.contains(name.section(QLatin1Char('='), 0, 0));
        if (takesValue && name.contains(QLatin1Char('='))) {
            value = name.section(QLatin1Char('='), 1);
            name = name.section(QLatin1Char('='), 0, 0);
        } else if (takesValue) {
            if (i + 1 >= args.size())
                return fail(err, ExitBadInput, tr("option %1 needs a value").arg(name), true);
            value = args[++i];
        }
        static const QStringList tableOptions { QStringLiteral("--conninfo"), QStringLiteral("--conninfo-file"),
            QStringLiteral("--password-prompt"), QStringLiteral("--table"), QStringLiteral("--pooler"),
            QStringLiteral("--order"), QStringLiteral("--timezone"), QStringLiteral("--key"), QStringLiteral("--actor"),
            QStringLiteral("--full-body"), QStringLiteral("--due-within"), QStringLiteral("--by"),
            QStringLiteral("--lookback") };
        static const QStringList keyspaceOptions { QStringLiteral("--match"), QStringLiteral("--cursor"),
            QStringLiteral("--scan-count") };
        if (tableOptions.contains(name))
            sqlOnly << name;
        if (keyspaceOptions.contains(name))
            redisOnly << name;
        if (name == QLatin1String("--json")) {
            asJson = true;
        } else if (name == QLatin1String("--mysql")) {
            mysql = true;
        } else if (name == QLatin1String("--redis")) {
            redisUrl = value;
        } else if (name == QLatin1String("--match")) {
            if (value.isEmpty())
                return fail(err, ExitBadInput, tr("--match needs a pattern such as \"idempotency:*\""));
            redisOptions.match = value.toStdString();
        } else if (name == QLatin1String("--cursor")) {
            cursorText = value; // a scan cursor with --redis, a key-order array with --mysql: checked below
        } else if (name == QLatin1String("--scan-count")) {
            bool ok = false;
            const int n = value.toInt(&ok);
            if (!ok || n < 1 || n > 100'000)
                return fail(err, ExitBadInput,
                    tr("--scan-count must be a whole number from 1 to 100000, got \"%1\"").arg(value));
            redisOptions.scanCount = n;
        } else if (name == QLatin1String("--help")) {
            out << usage() << '\n';
            out.flush();
            return ExitOk;
        } else if (name == QLatin1String("--conninfo")) {
            sources.conninfo = value;
        } else if (name == QLatin1String("--conninfo-file")) {
            sources.file = value;
        } else if (name == QLatin1String("--password-prompt")) {
            sources.prompt = true;
        } else if (name == QLatin1String("--pooler")) {
            if (value != QLatin1String("transaction") && value != QLatin1String("session"))
                return fail(err, ExitBadInput, tr("--pooler must be transaction or session, got \"%1\"").arg(value));
            transactionPooler = value == QLatin1String("transaction");
        } else if (name == QLatin1String("--key")) {
            key = value;
        } else if (name == QLatin1String("--go-to-key") || name == QLatin1String("--go-to-key-order")
            || name == QLatin1String("--go-to-time") || name == QLatin1String("--last-page")) {
            if (value.isEmpty() && name != QLatin1String("--last-page"))
                return fail(err, ExitBadInput, tr("%1 needs a value to seek").arg(name));
            if (seek)
                return fail(
                    err, ExitBadInput, tr("%1 and %2 each seek a page: give one of them").arg(seek->first, name));
            seek.emplace(name, value);
        } else if (name == QLatin1String("--actor")) {
            actor = value;
        } else if (name == QLatin1String("--full-body")) {
            fullBody = true;
        } else if (name == QLatin1String("--by")) {
            if (value != QLatin1String("actor"))
                return fail(err, ExitBadInput, tr("--by takes actor (anomalies per actor), got \"%1\"").arg(value));
            byActor = true;
        } else if (name == QLatin1String("--due-within") || name == QLatin1String("--lookback")) {
            const auto ms = parseDuration(value);
            if (!ms || *ms <= 0)
                return fail(err, ExitBadInput,
                    tr("%1 needs a duration with a unit (ms, s, min, h or d) such as 1h, got \"%2\"").arg(name, value));
            (name == QLatin1String("--lookback") ? lookbackMs : dueWithinMs) = *ms;
        } else if (name == QLatin1String("--timezone")) {
            static const QRegularExpression zoneName(QStringLiteral("^[!#-&(-\\[\\]-~]{1,64}$"));
            if (!zoneName.match(value).hasMatch())
                return fail(err, ExitBadInput,
                    tr("--timezone needs a time zone name such as UTC or Europe/Berlin, got \"%1\"").arg(value));
            timezone = value;
        } else if (name == QLatin1String("--table")) {
            table = value;
        } else if (name == QLatin1String("--mapping")) {
            if (value.isEmpty())
                return fail(err, ExitBadInput,
                    tr("--mapping needs a preset name (seed, brandur or powertools; powertools-redis with "
                       "--redis) or a mapping file"));
            mappingName = value;
            mappingGiven = true;
        } else if (name == QLatin1String("--limit")) {
            bool ok = false;
            limit = value.toInt(&ok);
            if (!ok || limit < 0 || limit > 100'000)
                return fail(
                    err, ExitBadInput, tr("--limit must be a whole number from 0 to 100000, got \"%1\"").arg(value));
        } else if (name == QLatin1String("--order")) {
            orderGiven = true;
            if (value == QLatin1String("key"))
                order = LiveOrder::ByKey;
            else if (value == QLatin1String("time"))
                order = LiveOrder::ByTime;
            else if (value == QLatin1String("newest")) {
                order = LiveOrder::ByTime;
                newest = true;
            } else
                return fail(err, ExitBadInput, tr("--order must be key, time or newest, got \"%1\"").arg(value));
        } else if (name == QLatin1String("--threshold")) {
            const auto kind = anomalyKindFromName(value.section(QLatin1Char('='), 0, 0).toStdString());
            const auto ms = parseDuration(value.section(QLatin1Char('='), 1));
            if (!kind)
                return fail(err, ExitBadInput,
                    tr("unknown anomaly kind in --threshold \"%1\" (expected stuck_in_progress, expired_not_swept, "
                       "completed_without_response, suspected_key_regeneration or in_progress_past_expiry)")
                        .arg(value));
            static const QRegularExpression bare(QStringLiteral("^\\s*\\d+\\s*$"));
            if (value.contains(QLatin1Char('=')) && bare.match(value.section(QLatin1Char('='), 1)).hasMatch())
                return fail(err, ExitBadInput,
                    tr("--threshold \"%1\" needs a unit after the number: ms, s, min, h or d (such as %2=%3min)")
                        .arg(value, value.section(QLatin1Char('='), 0, 0),
                            value.section(QLatin1Char('='), 1).trimmed()));
            if (!ms || !value.contains(QLatin1Char('=')))
                return fail(err, ExitBadInput,
                    tr("--threshold needs KIND=DURATION with a unit (ms, s, min, h or d) such as "
                       "stuck_in_progress=10min, "
                       "got \"%1\"")
                        .arg(value));
            if (*kind == LiveAnomalyKind::TimeOutOfRange)
                return fail(err, ExitBadInput,
                    tr("--threshold \"%1\": time_out_of_range has no threshold (a time is in its unit's range or it "
                       "is not); give one to stuck_in_progress, expired_not_swept, completed_without_response, "
                       "suspected_key_regeneration or in_progress_past_expiry")
                        .arg(value));
            thresholds[*kind] = *ms;
            thresholdsSet.push_back(*kind);
        } else if (name == QLatin1String("--statement-timeout") || name == QLatin1String("--deadline")) {
            const auto ms = parseDuration(value);
            // Both bounds travel as whole milliseconds in an int: a day is plenty, and 0 would switch one off.
            if (!ms || *ms <= 0 || *ms > 86'400'000)
                return fail(err, ExitBadInput,
                    tr("%1 needs a duration from 1ms to 1d with a unit (ms, s, min, h or d) such as 30s, got \"%2\"")
                        .arg(name, value));
            (name == QLatin1String("--deadline") ? bounds.snapshotDeadlineMs : bounds.statementTimeoutMs)
                = static_cast<int>(*ms);
            boundsGiven[name == QLatin1String("--deadline") ? 1 : 0] = true;
        } else if (name == QLatin1String("--anomaly-limit")) {
            bool ok = false;
            const int n = value.toInt(&ok);
            if (!ok || n < 0 || n > 100'000)
                return fail(err, ExitBadInput,
                    tr("--anomaly-limit must be a whole number from 0 to 100000, got \"%1\"").arg(value));
            thresholds.listLimit = n;
        } else {
            return fail(err, ExitBadInput, tr("unknown option %1").arg(name), true);
        }
    }

    if (redisUrl && mysql)
        return fail(err, ExitBadInput, tr("--redis and --mysql read different servers: give one of them"));
    if (mysql) {
        static const QStringList notMysql { QStringLiteral("--pooler"), QStringLiteral("--match"),
            QStringLiteral("--scan-count") };
        for (const QString& option : sqlOnly + redisOnly)
            if (notMysql.contains(option))
                return fail(
                    err, ExitBadInput, tr("%1 does not apply to a MySQL table: leave it out with --mysql").arg(option));
        const bool goToKey = seek && seek->first == QLatin1String("--go-to-key");
        if (seek && (actor || fullBody) && !key && !(goToKey && !fullBody))
            return fail(err, ExitBadInput,
                tr("%1 seeks a page: --actor goes with --go-to-key K or --key K, --full-body with --key K")
                    .arg(seek->first));
        if ((actor || fullBody) && !key && !goToKey)
            return fail(
                err, ExitBadInput, tr("--actor and --full-body go with --key K: they choose the rows of one key"));
        if (seek && key)
            return fail(err, ExitBadInput,
                tr("--key lists one key's rows; %1 seeks a page of the whole table: give one of them")
                    .arg(seek->first));
        if (seek && cursorText)
            return fail(err, ExitBadInput,
                tr("--cursor reads the page after a row and %1 seeks one: give one of them").arg(seek->first));
        if (key && (dueWithinMs || cursorText || byActor))
            return fail(err, ExitBadInput,
                tr("--key lists one key's rows; --cursor, --by and --due-within belong to the whole table's report: "
                   "give them without --key"));
        MysqlRequest q;
        {
            QString error;
            if (!resolveConninfo("inspect", sources, q.conninfo, error))
                return fail(err, ExitBadInput, error);
            if (q.conninfo.empty())
                return fail(
                    err, ExitBadInput, tr("--mysql needs --conninfo \"host=… port=… user=… password=… dbname=…\""));
            if (sources.prompt && q.conninfo.find("password=") == std::string::npos)
                if (const char* typed = std::getenv("PGPASSWORD"))
                    q.conninfo += " password='"
                        + QString::fromUtf8(typed)
                              .replace(QLatin1Char('\\'), QStringLiteral("\\\\"))
                              .replace(QLatin1Char('\''), QStringLiteral("\\'"))
                              .toStdString()
                        + "'";
        }
        q.table = table;
        q.mapping = mappingGiven ? mappingName : QStringLiteral("workbench-mysql");
        q.timezone = timezone;
        q.cursor = cursorText;
        q.key = key;
        q.actor = actor;
        q.fullBody = fullBody;
        q.limit = limit;
        q.asJson = asJson;
        if (lookbackMs)
            thresholds.regenerationLookbackMs = *lookbackMs;
        q.options.live.thresholds = thresholds;
        q.options.live.dueWithinMs = dueWithinMs;
        q.options.live.page.limit = std::max(1, limit);
        q.options.live.page.order = order;
        q.options.live.newestAnomaliesFirst = newest;
        q.options.live.byActorLimit = byActor ? std::max(1, thresholds.listLimit) : 0;
        if (newest) {
            q.options.live.page.from = LivePageQuery::From::Last;
            q.options.newestFirst = true;
        }
        if (seek) {
            const QString& option = seek->first;
            const QString& value = seek->second;
            MysqlSeek& s = q.options.seek;
            s.value = value.toStdString();
            if (option == QLatin1String("--go-to-key")) {
                s.to = MysqlSeek::To::Key;
                q.goToKey = value;
                q.options.live.page.from = LivePageQuery::From::Around;
            } else if (option == QLatin1String("--go-to-key-order")) {
                if (orderGiven && order != LiveOrder::ByKey)
                    return fail(err, ExitBadInput,
                        tr("--go-to-key-order seeks the key order: leave out --order %1")
                            .arg(newest ? QStringLiteral("newest") : QStringLiteral("time")));
                s.to = MysqlSeek::To::KeyOrder;
                q.options.live.page.from = LivePageQuery::From::AtKey;
                q.options.cursor = { value.toStdString() };
            } else if (option == QLatin1String("--go-to-time")) {
                if (orderGiven && (order != LiveOrder::ByTime || newest))
                    return fail(err, ExitBadInput,
                        tr("--go-to-time seeks the time order, the oldest first: leave out --order %1")
                            .arg(newest ? QStringLiteral("newest") : QStringLiteral("key")));
                QString why;
                const auto at = parseSeekInstant(value, why);
                if (!at)
                    return fail(err, ExitBadInput, why);
                s.to = MysqlSeek::To::Time;
                s.value = isoUtc(*at);
                q.options.live.page.order = LiveOrder::ByTime;
                q.options.live.page.from = LivePageQuery::From::AtTime;
                q.options.live.page.atMs = *at;
            } else {
                // The end of the order; newest first, that is its oldest rows.
                s.to = MysqlSeek::To::Last;
                s.value.clear();
                q.options.live.page.from = newest ? LivePageQuery::From::First : LivePageQuery::From::Last;
            }
        }
        q.options.statementTimeoutMs = bounds.statementTimeoutMs;
        q.options.deadlineMs = bounds.snapshotDeadlineMs;
        return runMysqlInspect(q, out, err);
    }
    if (seek)
        return fail(err, ExitBadInput,
            tr("%1 seeks a page of a MySQL table (with --mysql); on a PostgreSQL table the live window seeks (Go to "
               "key, "
               "Go to time, Last page)")
                .arg(seek->first));
    if (redisUrl) {
        if (cursorText) {
            static const QRegularExpression digits(QStringLiteral("^\\d{1,20}$"));
            if (!digits.match(*cursorText).hasMatch())
                return fail(err, ExitBadInput,
                    tr("--cursor must be a scan cursor (a whole number, as next_cursor gives it), got \"%1\"")
                        .arg(*cursorText));
            redisOptions.cursor = cursorText->toStdString();
        }
        if (!sqlOnly.isEmpty())
            return fail(err, ExitBadInput,
                tr("%1 reads a table, not Redis keys: leave it out with --redis").arg(sqlOnly.first()));
        for (const LiveAnomalyKind kind : thresholdsSet)
            if (!redisAnomalyApplies(kind))
                return fail(err, ExitBadInput,
                    tr("--threshold %1 does not apply to Redis keys (%2): leave it out with --redis")
                        .arg(QString::fromUtf8(anomalyKindName(kind).data(), qsizetype(anomalyKindName(kind).size())),
                            QString::fromStdString(redisAnomalyNotApplicableReason(kind))));
        if (!mappingGiven)
            mappingName = QStringLiteral("powertools-redis");
        if (boundsGiven[0])
            redisOptions.commandTimeoutMs = bounds.statementTimeoutMs;
        if (boundsGiven[1])
            redisOptions.deadlineMs = bounds.snapshotDeadlineMs;
        redisOptions.live.thresholds = thresholds;
        redisOptions.live.page.limit = std::max(1, limit);
        return runRedisInspect(*redisUrl, mappingName, redisOptions, limit, asJson, out, err);
    }
    if (!redisOnly.isEmpty())
        return fail(err, ExitBadInput, tr("%1 reads Redis keys: it needs --redis URL").arg(redisOnly.first()));

    LiveMapping mapping;
    if (const auto refused = takeTableMapping(resolveMapping, mappingName, timezone, mapping, err))
        return *refused;
    if ((actor || fullBody) && !key)
        return fail(err, ExitBadInput, tr("--actor and --full-body go with --key K: they choose the rows of one key"));
    if (key && (byActor || dueWithinMs))
        return fail(err, ExitBadInput,
            tr("--key lists one key's rows; --by and --due-within belong to the whole "
               "table's report: give them without --key"));
    if (lookbackMs)
        thresholds.regenerationLookbackMs = *lookbackMs;

    std::string conninfoText;
    {
        QString error;
        if (!resolveConninfo("inspect", sources, conninfoText, error))
            return fail(err, ExitBadInput, error);
    }
    try {
        std::unique_ptr<LiveConnection> connection;
        try {
            connection = LiveConnection::open(conninfoText, {}, transactionPooler, bounds);
        } catch (const LiveError& e) {
            if (e.kind() != LiveError::Kind::PasswordNeeded)
                throw;
            const auto password = readPassword(std::string(e.what()) + ". Password: ", false);
            if (!password)
                throw;
            connection = LiveConnection::open(conninfoText, *password, transactionPooler, bounds);
        }
        std::unique_ptr<LiveInspector> inspector;
        try {
            inspector = std::make_unique<LiveInspector>(*connection, mapping, table.toStdString());
        } catch (const LiveError& e) {
            if (mappingGiven || e.kind() != LiveError::Kind::Schema
                || std::string_view(e.what()).find("does not fit") == std::string_view::npos)
                throw;
            // The default was not chosen by the user: say so, and name the presets the table does fit.
            QStringList fits;
            for (const std::string& preset : mappingPresetNames()) {
                if (preset == mapping.name)
                    continue;
                try {
                    LiveInspector probe(*connection, *mappingPreset(preset), table.toStdString());
                    fits << QString::fromStdString(preset);
                } catch (const LiveError&) {
                }
            }
            QString sentence
                = QString::fromStdString(e.what()) + tr(" (seed is the mapping used when --mapping is not given)");
            if (!fits.isEmpty())
                sentence += tr("; the table fits the %1 mapping: add --mapping %2")
                                .arg(fits.join(tr(" and the ")), fits.first());
            return fail(err, ExitDatabase, sentence);
        }
        if (const auto& zone = inspector->zoneWarning())
            err << "idempotency-workbench inspect: " << tr("warning: ")
                << printable(QString::fromStdString(zoneWarningText(*zone))) << tr("; or give --timezone UTC") << '\n';
        if (!mappingGiven)
            err << "idempotency-workbench inspect: "
                << tr("note: reading with the seed mapping (the default; choose "
                      "another with --mapping)")
                << '\n';
        if (key) {
            LiveInspector::KeyQuery query;
            query.key = key->toStdString();
            if (actor)
                query.actor = actor->toStdString();
            query.fullBody = fullBody;
            query.thresholds = thresholds;
            const LiveKeyLookup lookup = inspector->lookupKey(query);
            err.flush();
            const std::string table = inspector->table().display;
            out << QString::fromStdString(asJson ? keyLookupJson(lookup, table, inspector->mapping().name)
                                                 : keyLookupText(lookup, table, inspector->mapping().name));
            out.flush();
            return ExitOk;
        }
        LiveSnapshotOptions options;
        options.thresholds = thresholds;
        options.newestAnomaliesFirst = newest;
        options.dueWithinMs = dueWithinMs;
        options.byActorLimit = byActor ? std::max(1, thresholds.listLimit) : 0;
        options.page.order = order;
        options.page.limit = std::max(1, limit);
        if (newest)
            options.page.from = LivePageQuery::From::Last;
        LiveSnapshot snapshot = inspector->snapshot(options);
        const bool stuckSet = std::find(thresholdsSet.begin(), thresholdsSet.end(), LiveAnomalyKind::StuckInProgress)
            != thresholdsSet.end();
        if (stuckSet && snapshot.counts.leaseMapped) {
            // Counted by the same query as the rest: how many rows the threshold can decide at all.
            const LiveCounts& c = snapshot.counts;
            const QString threshold
                = QString::fromStdString(formatDurationMs(thresholds[LiveAnomalyKind::StuckInProgress]));
            const QString lease = QString::fromStdString(inspector->mapping().leaseUntil.column);
            err << "idempotency-workbench inspect: "
                << (c.openWithoutLease == 0
                           ? tr("note: --threshold stuck_in_progress=%1 has no effect on this table: every one of its "
                                "%2 in-progress rows has a lease (%3), and a row with a lease is stuck once its lease "
                                "has passed")
                                 .arg(threshold)
                                 .arg(c.openWithLease)
                                 .arg(lease)
                           : tr("note: --threshold stuck_in_progress=%1 applies to the %2 in-progress rows without a "
                                "lease (%3 NULL); the %4 with a lease are stuck once their lease has passed")
                                 .arg(threshold)
                                 .arg(c.openWithoutLease)
                                 .arg(lease)
                                 .arg(c.openWithLease))
                << '\n';
        }
        err.flush();
        if (newest) {
            std::reverse(snapshot.page.records.begin(), snapshot.page.records.end());
            snapshot.page.newestFirst = true;
        }
        if (limit == 0)
            snapshot.page.records.clear();
        const std::string text = asJson ? inspectionJson(snapshot, thresholds) : inspectionText(snapshot, thresholds);
        out << QString::fromStdString(text);
        out.flush();
        return ExitOk;
    } catch (const LiveError& e) {
        return fail(err, e.isDatabaseError() ? ExitDatabase : ExitBadInput, QString::fromStdString(e.what()));
    }
}

} // namespace iw
