// One live-database session for the GUI: the read-only connection, the inspector and the follower live on a thread
// of their own, so a slow production replica never freezes the window. Requests are queued; each answer comes back
// as a signal on the GUI thread. A running statement can be cancelled; following polls at a chosen interval and
// stops, saying why, when the table can no longer be read. A page, a seek, a preview or an opening that finds the
// connection lost (a server restarted meanwhile, or closed after a silent network) re-establishes it and reads once
// more before it fails. Cancel never blocks the GUI thread, and closing the session never waits for the network.
#pragma once

#include "liveinspector.h"

#include <QObject>
#include <QThread>
#include <QTimer>

#include <functional>
#include <memory>
#include <vector>

namespace iw {

class LiveSession : public QObject {
    Q_OBJECT
public:
    // Takes a connection opened by the connection dialog (LiveConnectDialog).
    explicit LiveSession(std::unique_ptr<LiveConnection> connection, QObject* parent = nullptr);
    ~LiveSession() override;

    QString endpoint() const { return m_endpoint; }
    QString serverVersion() const { return m_version; }
    bool isBusy() const { return m_pending > 0; }
    // The table and mapping open now (after opened()), as shown to the user.
    QString tableName() const { return m_table; }
    const LiveMapping& mapping() const { return m_mapping; }
    std::vector<std::string> keyOrder() const { return m_keyOrder; }
    // The columns the idempotency key is read from ("idempotency_key", "the text after the last \"#\" of id").
    QString keyColumns() const { return m_keyColumns; }

    // Lists candidate tables → tablesDiscovered or failed.
    void discover();
    // Counts and a first page of `table` read with `mapping`, without opening it → previewReady or previewFailed.
    void preview(const LiveTableRef& table, const QString& tableName, const LiveMapping& mapping, int rows);
    // Opens the table (by reference, or by name when `table.name` is empty) → opened or failed.
    void open(const LiveTableRef& table, const QString& tableName, const LiveMapping& mapping);
    // A snapshot (counts, anomalies, a page) through the follower → snapshotReady, or stopped. Not `whole`: the
    // follower may read the page alone and keep its last counts and anomalies (following keeps to a share of the
    // server, LiveFollower::kServerShare).
    void refresh(const LiveSnapshotOptions& options, bool whole = true);
    // One page with the thresholds' anomaly marks → pageReady or failed.
    void fetchPage(const LivePageQuery& query, const AnomalyThresholds& thresholds);
    // Finds the record whose idempotency key is `key` (seekKey) or whose key-order values are `keyOrderValues`
    // (seekRecord) and reads the page around it in `query.order` → located then pageReady, or failed (one sentence,
    // also when no record matches).
    // seekKey looks up every scope holding the key first: more than one (two users sharing a key) → keyChoices, and
    // the user chooses (seekRecord with the chosen row's LiveKeyRow::keyCursor).
    void seekKey(const QString& key, const LivePageQuery& query, const AnomalyThresholds& thresholds);
    static constexpr int kKeyChoiceLimit = 50;
    void seekRecord(const std::vector<std::optional<std::string>>& keyOrderValues, const LivePageQuery& query,
        const AnomalyThresholds& thresholds);
    // One record whole (every column, the stored response body, its effects) → rowRead, or rowFailed.
    void readRow(const std::vector<std::optional<std::string>>& keyOrderValues, bool fullBody,
        const AnomalyThresholds& thresholds);
    // Clears a stop and tries again at once.
    void resume(const LiveSnapshotOptions& options);
    // Asks the server to cancel the statement now running (answers with failed("cancelled …")).
    void cancel();

    // Following: a refresh every `interval` ms while on, skipped while a request is still running.
    void setFollowing(bool on);
    bool following() const { return m_followTimer.isActive(); }
    void setFollowIntervalMs(int ms);
    int followIntervalMs() const { return m_followTimer.interval(); }
    void setFollowOptions(const LiveSnapshotOptions& options) { m_followOptions = options; }

Q_SIGNALS:
    void busyChanged(bool busy);
    void tablesDiscovered(const std::vector<iw::LiveCandidate>& tables);
    // `rules`: the rules remembered for that table and used for the counts (rulesDifference), empty for the defaults.
    void previewReady(std::shared_ptr<const iw::LiveSnapshot> snapshot, const QString& rules);
    void previewFailed(const QString& sentence);
    void opened(const QString& table, const QString& mapping);
    // `notice` is non-empty when the connection was lost and re-established to take this snapshot.
    void snapshotReady(std::shared_ptr<const iw::LiveSnapshot> snapshot, const QString& notice);
    void pageReady(std::shared_ptr<const iw::LivePage> page);
    // A seek found its record: the page that follows (pageReady) is `query`, Around the record's cursor.
    void located(const iw::Scope& scope, const iw::LivePageQuery& query);
    // Several scopes hold the key asked for (at most kKeyChoiceLimit listed): the user chooses one.
    void keyChoices(const QString& key, std::shared_ptr<const iw::LiveKeyLookup> lookup);
    void rowRead(std::shared_ptr<const iw::LiveKeyRow> row);
    void rowFailed(const std::vector<std::optional<std::string>>& keyOrderValues, const QString& sentence);
    // A request failed; what was shown stays as it was.
    void failed(const QString& sentence);
    // The follower stopped ("stopped: …"); following is switched off.
    void stopped(const QString& reason);
    void followingChanged(bool on);
    // The connection was lost during a read and is being re-established (retries take a few seconds); the read's
    // result (snapshotReady with a notice, or stopped) follows.
    void reconnecting(const QString& lost);

private:
    struct Worker; // the thread's own state: connection, inspector, follower
    template<class Work, class Done> void post(Work work, Done done);
    void seek(std::function<std::optional<LiveInspector::Located>(LiveInspector&)> find, const QString& notFound,
        const LivePageQuery& query, const AnomalyThresholds& thresholds);

    QThread m_thread;
    QObject* m_context = nullptr; // lives on m_thread: queued work runs there
    std::unique_ptr<Worker> m_worker;
    int m_pending = 0;
    QString m_endpoint;
    QString m_version;
    QString m_table;
    LiveMapping m_mapping;
    std::vector<std::string> m_keyOrder;
    QString m_keyColumns;
    QTimer m_followTimer;
    LiveSnapshotOptions m_followOptions;
};

} // namespace iw
