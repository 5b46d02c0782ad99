// Item models of the live view: the records of the current page (classified at the snapshot's now, times relative
// to it) and the listed anomalies. Both are reset from a snapshot; they hold one page, never the table.
#pragma once

#include "liveinspector.h"

#include <QAbstractTableModel>

#include <vector>

namespace iw {

class LiveRecordsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Columns {
        ActorColumn,
        OperationColumn,
        KeyColumn,
        StateColumn,
        StoredStateColumn,
        StatusColumn,
        BodyColumn,
        CreatedColumn,
        ExpiresColumn,
        LeaseColumn,
        FingerprintColumn,
        AnomaliesColumn,
        ColumnCount
    };
    enum Roles {
        SortRole = Qt::UserRole, // numbers for times and statuses
        StateRole, // int(iw::RecordState)
        AnomalyMaskRole, // the record's anomalyBit()s
        FullFingerprintRole,
    };
    Q_ENUM(Columns)

    explicit LiveRecordsModel(QObject* parent = nullptr);

    void setRecords(std::vector<LiveRecord> records, Millis nowMs);
    const std::vector<LiveRecord>& records() const { return m_records; }
    const LiveRecord& record(int row) const { return m_records[static_cast<std::size_t>(row)]; }
    Millis nowMs() const { return m_nowMs; }
    int rowOfScope(const Scope& scope) const;
    // Headers and cells again, in the language now in use (their owner calls it on QEvent::LanguageChange).
    void retranslate();

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<LiveRecord> m_records;
    Millis m_nowMs = 0;
};

class LiveAnomaliesModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Columns { KindColumn, ScopeColumn, DetailColumn, ColumnCount };
    enum Roles {
        KindRole = Qt::UserRole, // int(iw::LiveAnomalyKind)
        SortRole,
    };
    Q_ENUM(Columns)

    explicit LiveAnomaliesModel(QObject* parent = nullptr);

    void setAnomalies(std::vector<LiveAnomaly> anomalies);
    const std::vector<LiveAnomaly>& anomalies() const { return m_anomalies; }
    const LiveAnomaly& anomaly(int row) const { return m_anomalies[static_cast<std::size_t>(row)]; }
    // Headers and details again, in the language now in use (their owner calls it on QEvent::LanguageChange).
    void retranslate();

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<LiveAnomaly> m_anomalies;
};

// "−10 min", "+23 h", "now" for a time relative to the snapshot's now; "–" for none.
QString relativeTime(std::optional<Millis> t, Millis nowMs);
// "2024-05-01 12:00:03.250 UTC".
QString absoluteTime(Millis t);
// The colour a kind of anomaly is drawn in (stuck: the stuck colour, the others: the alarm colour or a state's).
QColor anomalyColor(LiveAnomalyKind kind);
// The anomaly's scope as one line, without the actor when the table has none.
QString scopeLine(const Scope& scope);

} // namespace iw
