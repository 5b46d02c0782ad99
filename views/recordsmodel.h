// The records table (SPEC §9): the store's contents with the state each record shows at the virtual clock, a live
// TTL countdown and the lease. The store is copied (it may be PostgreSQL, and it changes under us) at most a few
// times a second, and the copy is merged row by row so selections and scroll positions survive.
#pragma once

#include "domain.h"

#include <QAbstractTableModel>
#include <QElapsedTimer>
#include <QTimer>

#include <vector>

namespace iw {

class RunController;
struct ServicePolicy;

// An in-progress record nobody is going to finish: its lease has passed, or it is past its expiry (which the
// service must never sweep; SPEC §8 `in_progress_past_expiry`). Core has no such predicate; the views share this.
bool recordLooksStuck(const Record& record, Millis now, const ServicePolicy& policy);

class RecordsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Columns {
        ActorColumn,
        OperationColumn,
        KeyColumn,
        StateColumn,
        FingerprintColumn,
        StatusColumn,
        ResultColumn,
        TtlColumn,
        LeaseColumn,
        CreatedColumn,
        ExpiresColumn,
        ColumnCount
    };
    enum Roles {
        SortRole = Qt::UserRole, // numbers for times and statuses; TTL sorts by expiry so it never reorders live
        FilterRole, // stable text for the filter box (no countdowns)
        ScopeIndexRole, // index into Simulation::scopes()
        StateRole, // int(iw::RecordState) at the current clock
        StuckRole, // bool
        FullFingerprintRole,
    };
    Q_ENUM(Columns)

    explicit RecordsModel(RunController* run, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    const Record& record(int row) const { return m_records[static_cast<std::size_t>(row)]; }
    // The row showing a scope (an index into Simulation::scopes()), or -1.
    int rowOfScope(int scope) const;
    // Copies the store now instead of waiting for the throttle (tests, a paused step).
    void refresh();

private:
    void scheduleRefresh();
    void onClock();
    void merge(std::vector<Record> fresh);
    void updateDerived(bool announce);
    QVariant display(const Record& r, int row, int column) const;

    RunController* m_run;
    std::vector<Record> m_records; // sorted by scope, as the store returns them
    std::vector<std::uint8_t> m_derived; // per row: effective state (low bits) and stuck flag (bit 4)
    QTimer m_refreshTimer;
    QElapsedTimer m_sinceClockUpdate;
    Millis m_now = 0;
};

} // namespace iw
