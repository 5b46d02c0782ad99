// The records table (docs/manual/running.md): the store's contents with the state each record shows at the virtual
// clock, a live TTL countdown and the lease. Rows appear in the order their records first appeared (sorting is the
// proxy's job, on demand). While a run plays, only the records whose scopes saw a record event are read back from the
// store, a few times a second, so a table of 100 000 records costs what changed, not what exists: new records are
// appended as one block, changed ones announced in place, so selections and scroll positions survive.
#pragma once

#include "domain.h"

#include <QAbstractTableModel>
#include <QElapsedTimer>
#include <QTimer>

#include <vector>

namespace iw {

class RunController;
struct ServicePolicy;

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
    // Compares the whole store with the table now (a safety net for changes no event announced).
    void refresh();
    // Reads back the records of the scopes that changed since the last update, now.
    void applyChanges();
    // Announces that every header and cell text changed (the language changed); the model does it itself on
    // QEvent::LanguageChange, which Qt passes on from the widget that owns it.
    void retranslate();

protected:
    bool event(QEvent* event) override;

private:
    void scheduleChanges();
    void onClock();
    // Applies what the store now holds for these scopes (nullopt: no record any more).
    void apply(std::vector<std::pair<int, std::optional<Record>>> fresh);
    void reindexFrom(std::size_t row);
    void updateDerived(std::size_t first, std::size_t last, bool announce);
    QVariant display(const Record& r, int row, int column) const;

    RunController* m_run;
    std::vector<Record> m_records; // in order of first appearance
    std::vector<int> m_scopeOfRow; // per row: index into Simulation::scopes()
    std::vector<int> m_rowOfScope; // per scope index: its row, or -1
    std::vector<std::uint8_t> m_derived; // per row: effective state (low bits) and stuck flag (bit 4)
    std::vector<int> m_dirtyScopes; // scopes whose record changed since the last update
    std::vector<char> m_dirtyFlag; // per scope: listed in m_dirtyScopes
    QTimer m_refreshTimer;
    QElapsedTimer m_sinceClockUpdate;
    Millis m_now = 0;
};

} // namespace iw
