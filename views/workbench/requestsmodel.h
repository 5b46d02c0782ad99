// The requests table (docs/manual/running.md): one row per attempt sent, read straight from the simulation's recording,
// so a million rows cost no copy. Rows are appended and refreshed from the run controller's deltas.
#pragma once

#include <QAbstractTableModel>
#include <QHash>

namespace iw {

class RunController;
struct RequestRow;

class RequestsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Columns {
        IdColumn,
        TimeColumn,
        ClientColumn,
        IntentColumn,
        AttemptColumn,
        KeyColumn,
        FingerprintColumn,
        DecisionColumn,
        StatusColumn,
        ReasonColumn,
        OutcomeColumn,
        EffectColumn,
        ColumnCount
    };
    enum Roles {
        SortRole = Qt::UserRole, // numbers where the column is numeric, so 10 sorts after 9
        FilterRole, // the text the filter box matches (stable: never a live countdown)
        RequestIndexRole, // index into Simulation::requests()
        ScopeIndexRole, // index into Simulation::scopes() (keyless requests: their keyless lane), or -1
        DecisionRole, // int(iw::Decision), or -1 while undecided
        FullFingerprintRole,
    };
    Q_ENUM(Columns)

    explicit RequestsModel(RunController* run, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // The row of a request (rows are requests in send order).
    int rowOf(int request) const { return request >= 0 && request < m_rows ? request : -1; }

    // Announces that every header and cell text changed (the language changed); the model does it itself on
    // QEvent::LanguageChange, which Qt passes on from the widget that owns it.
    void retranslate();

protected:
    bool event(QEvent* event) override;

private:
    void onProgressed();
    QVariant display(const RequestRow& row, int request, int column) const;
    // A request's explanation in the language in use (empty before its decision).
    QString shownReason(int request) const;

    RunController* m_run;
    int m_rows = 0;
    // The shown explanation per explanation of the run (Simulation::requestReason): a run has a few dozen, and the
    // filter asks for every row's. Emptied on a reset and on a language change.
    mutable QHash<int, QString> m_shownReasons;
};

} // namespace iw
