// The Requests and Records tables of the main window: each a filter line over a sortable table (rows in the order
// they happened until a header is clicked), columns laid out for the story and sized without measuring rows (there
// may be millions), linked to the one Selection both ways — a request selects its record, a record every request on
// its scope — and kept on it through sorting, filtering and resets.
#pragma once

#include <QList>
#include <QObject>

class QAction;
class QLineEdit;
class QSortFilterProxyModel;
class QTableView;
class QWidget;

namespace iw {

class RecordsModel;
class RequestsModel;
class RunController;
class Selection;

class RunTables : public QObject {
    Q_OBJECT
public:
    // The panels are children of `parent` until a dock takes them.
    RunTables(RunController* run, Selection* selection, QWidget* parent);

    // The filter line over the table, for a dock.
    QWidget* requestsPanel() const { return m_requestsPanel; }
    QWidget* recordsPanel() const { return m_recordsPanel; }

    RequestsModel* requestsModel() const { return m_requestsModel; }
    RecordsModel* recordsModel() const { return m_recordsModel; }
    QSortFilterProxyModel* requestsProxy() const { return m_requestsProxy; }
    QSortFilterProxyModel* recordsProxy() const { return m_recordsProxy; }
    QTableView* requestsView() const { return m_requestsView; }
    QTableView* recordsView() const { return m_recordsView; }
    QLineEdit* requestsFilter() const { return m_requestsFilter; }
    QLineEdit* recordsFilter() const { return m_recordsFilter; }

    // The request of the requests table's current row, or -1.
    int currentRequest() const;
    // Actions of a request's context menu (Copy as curl).
    void setRequestActions(const QList<QAction*>& actions) { m_requestActions = actions; }

    void retranslate();

private:
    QWidget* createTable(QTableView*& view, QLineEdit*& filter, QSortFilterProxyModel* proxy, QWidget* parent);
    void layOutColumns();
    void onRequestsCurrentChanged();
    void onRecordsCurrentChanged();
    void syncToSelection();

    RunController* m_run;
    Selection* m_selection;
    RequestsModel* m_requestsModel = nullptr;
    RecordsModel* m_recordsModel = nullptr;
    QSortFilterProxyModel* m_requestsProxy = nullptr;
    QSortFilterProxyModel* m_recordsProxy = nullptr;
    QTableView* m_requestsView = nullptr;
    QTableView* m_recordsView = nullptr;
    QLineEdit* m_requestsFilter = nullptr;
    QLineEdit* m_recordsFilter = nullptr;
    QWidget* m_requestsPanel = nullptr;
    QWidget* m_recordsPanel = nullptr;
    QList<QAction*> m_requestActions;
    bool m_syncing = false;
};

} // namespace iw
