// The Requests and Records tables (see runtables.h).
#include "runtables.h"

#include "stdtext.h"

#include "recordsmodel.h"
#include "requestsmodel.h"
#include "runcontroller.h"
#include "selection.h"

#include <QHeaderView>
#include <QItemSelection>
#include <QLineEdit>
#include <QMenu>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

namespace iw {

namespace {

constexpr int s_maxScopeRowsToHighlight = 20000; // highlighting a scope's requests scans the table

} // namespace

RunTables::RunTables(RunController* run, Selection* selection, QWidget* parent)
    : QObject(parent)
    , m_run(run)
    , m_selection(selection)
{
    // The models and proxies are the window's children: a language switch reaches them there.
    m_requestsModel = new RequestsModel(m_run, parent);
    m_recordsModel = new RecordsModel(m_run, parent);
    for (auto [proxy, model, sortRole, filterRole] :
        { std::tuple { &m_requestsProxy, static_cast<QAbstractItemModel*>(m_requestsModel),
              int(RequestsModel::SortRole), int(RequestsModel::FilterRole) },
            std::tuple { &m_recordsProxy, static_cast<QAbstractItemModel*>(m_recordsModel), int(RecordsModel::SortRole),
                int(RecordsModel::FilterRole) } }) {
        *proxy = new QSortFilterProxyModel(parent);
        (*proxy)->setSourceModel(model);
        (*proxy)->setSortRole(sortRole);
        (*proxy)->setFilterRole(filterRole);
        (*proxy)->setFilterKeyColumn(-1);
        (*proxy)->setFilterCaseSensitivity(Qt::CaseInsensitive);
    }
    m_requestsPanel = createTable(m_requestsView, m_requestsFilter, m_requestsProxy, parent);
    m_recordsPanel = createTable(m_recordsView, m_recordsFilter, m_recordsProxy, parent);
    layOutColumns();

    connect(m_selection, &Selection::changed, this, &RunTables::syncToSelection);
    // A selected record may appear (or come back after a reset of the records table) after it was selected.
    connect(m_recordsProxy, &QAbstractItemModel::modelReset, this, &RunTables::syncToSelection);
    connect(m_recordsProxy, &QAbstractItemModel::rowsInserted, this, [this] {
        if (m_selection->scope() >= 0 && !m_recordsView->currentIndex().isValid())
            syncToSelection();
    });
}

void RunTables::retranslate()
{
    m_requestsFilter->setPlaceholderText(tr("Filter requests…"));
    m_recordsFilter->setPlaceholderText(tr("Filter records…"));
    for (QLineEdit* filter : { m_requestsFilter, m_recordsFilter })
        filter->setToolTip(tr("Shows only the rows where some column contains this text (case-insensitive)"));
}

int RunTables::currentRequest() const
{
    const QModelIndex current = m_requestsView->currentIndex();
    return current.isValid() ? current.data(RequestsModel::RequestIndexRole).toInt() : -1;
}

QWidget* RunTables::createTable(QTableView*& view, QLineEdit*& filter, QSortFilterProxyModel* proxy, QWidget* parent)
{
    auto* box = new QWidget(parent);
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->setSpacing(2);
    filter = new QLineEdit(box);
    filter->setClearButtonEnabled(true);
    connect(filter, &QLineEdit::textChanged, proxy, &QSortFilterProxyModel::setFilterFixedString);
    layout->addWidget(filter);

    view = new QTableView(box);
    view->setModel(proxy);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    view->setAlternatingRowColors(true);
    view->setWordWrap(false);
    view->setTextElideMode(Qt::ElideMiddle); // keys and ids differ at both ends; tooltips have them whole
    view->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    // Fixed row heights: a table of a million requests must never measure rows.
    view->verticalHeader()->hide();
    view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 6);
    view->horizontalHeader()->setHighlightSections(false);
    view->horizontalHeader()->setSectionsMovable(true);
    view->horizontalHeader()->setStretchLastSection(true);
    // Unsorted until the user clicks a header: rows then stay in the order they happened, at no cost.
    view->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    view->setSortingEnabled(true);
    proxy->sort(-1);
    layout->addWidget(view, 1);
    return box;
}

void RunTables::layOutColumns()
{
    // The story first: which request, what the service decided and answered, then when, who and the details; the
    // long explanation last, where it may stretch. Columns sized in characters (no measuring of rows, which could be
    // millions); keys, fingerprints and ids elide in the middle and show whole in their tooltip.
    const auto layOut = [](QTableView* view, std::initializer_list<std::pair<int, int>> columnsAndChars) {
        QHeaderView* header = view->horizontalHeader();
        const int unit = view->fontMetrics().averageCharWidth();
        int visual = 0;
        for (const auto& [column, chars] : columnsAndChars) {
            header->moveSection(header->visualIndex(column), visual++);
            header->resizeSection(column, chars * unit + 16);
        }
    };
    layOut(m_requestsView,
        { { RequestsModel::IdColumn, 5 }, { RequestsModel::DecisionColumn, 18 }, { RequestsModel::StatusColumn, 5 },
            { RequestsModel::TimeColumn, 10 }, { RequestsModel::ClientColumn, 8 }, { RequestsModel::AttemptColumn, 6 },
            { RequestsModel::OutcomeColumn, 14 }, { RequestsModel::EffectColumn, 10 },
            { RequestsModel::IntentColumn, 9 }, { RequestsModel::KeyColumn, 12 },
            { RequestsModel::FingerprintColumn, 12 }, { RequestsModel::ReasonColumn, 40 } });
    // The columns the story is read from are measured, not estimated in average characters: the longest decision
    // name ("expired_reexecuted") and a full clock time must never elide.
    {
        const QFontMetrics fm = m_requestsView->fontMetrics();
        QHeaderView* header = m_requestsView->horizontalHeader();
        int decisionWidth = fm.horizontalAdvance(
            header->model()->headerData(RequestsModel::DecisionColumn, Qt::Horizontal).toString());
        for (int d = 0; d < DecisionCount; ++d)
            decisionWidth = std::max(decisionWidth, fm.horizontalAdvance(fromStd(decisionName(Decision(d)))));
        header->resizeSection(RequestsModel::DecisionColumn, decisionWidth + 24);
        header->resizeSection(RequestsModel::TimeColumn, fm.horizontalAdvance(QStringLiteral("00:00:00.000")) + 24);
        header->resizeSection(RequestsModel::IdColumn,
            std::max(fm.horizontalAdvance(QStringLiteral("r99999")),
                fm.horizontalAdvance(header->model()->headerData(RequestsModel::IdColumn, Qt::Horizontal).toString()))
                + 24);
    }
    layOut(m_recordsView,
        { { RecordsModel::KeyColumn, 12 }, { RecordsModel::StateColumn, 18 }, { RecordsModel::StatusColumn, 5 },
            { RecordsModel::TtlColumn, 10 }, { RecordsModel::LeaseColumn, 10 }, { RecordsModel::ActorColumn, 6 },
            { RecordsModel::OperationColumn, 14 }, { RecordsModel::ResultColumn, 10 },
            { RecordsModel::FingerprintColumn, 12 }, { RecordsModel::CreatedColumn, 11 },
            { RecordsModel::ExpiresColumn, 11 } });
    // A new scenario starts its story at the left again.
    connect(m_run, &RunController::resetDone, this, [this] {
        m_requestsView->horizontalScrollBar()->setValue(0);
        m_recordsView->horizontalScrollBar()->setValue(0);
    });

    connect(m_requestsView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        &RunTables::onRequestsCurrentChanged);
    m_requestsView->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_requestsView, &QWidget::customContextMenuRequested, this, [this](const QPoint& at) {
        const QModelIndex index = m_requestsView->indexAt(at);
        if (!index.isValid())
            return;
        m_requestsView->setCurrentIndex(index);
        QMenu menu(m_requestsView);
        menu.setToolTipsVisible(true);
        menu.addActions(m_requestActions);
        menu.exec(m_requestsView->viewport()->mapToGlobal(at));
    });
    connect(m_recordsView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        &RunTables::onRecordsCurrentChanged);
    // Re-select after sorting or filtering moved rows around.
    connect(m_requestsProxy, &QAbstractItemModel::layoutChanged, this, &RunTables::syncToSelection);
}

void RunTables::onRequestsCurrentChanged()
{
    if (m_syncing)
        return;
    const QModelIndex current = m_requestsView->currentIndex();
    if (!current.isValid())
        return;
    m_selection->select(
        current.data(RequestsModel::RequestIndexRole).toInt(), current.data(RequestsModel::ScopeIndexRole).toInt());
}

void RunTables::onRecordsCurrentChanged()
{
    if (m_syncing)
        return;
    const QModelIndex current = m_recordsView->currentIndex();
    if (!current.isValid())
        return;
    m_selection->select(-1, current.data(RecordsModel::ScopeIndexRole).toInt());
}

void RunTables::syncToSelection()
{
    if (m_syncing)
        return;
    m_syncing = true;
    const int request = m_selection->request();
    const int scope = m_selection->scope();

    // Requests: the selected request, or every request on the selected record's scope.
    QItemSelectionModel* requests = m_requestsView->selectionModel();
    const QModelIndex requestIndex = m_requestsProxy->mapFromSource(
        m_requestsModel->index(m_requestsModel->rowOf(request), RequestsModel::IdColumn));
    if (requestIndex.isValid()) {
        requests->setCurrentIndex(requestIndex, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        m_requestsView->scrollTo(requestIndex);
    } else if (request < 0 && scope >= 0 && m_requestsProxy->rowCount() <= s_maxScopeRowsToHighlight) {
        QItemSelection onScope;
        for (int row = 0; row < m_requestsProxy->rowCount(); ++row) {
            const QModelIndex index = m_requestsProxy->index(row, 0);
            if (index.data(RequestsModel::ScopeIndexRole).toInt() == scope)
                onScope.select(index, index);
        }
        requests->select(onScope, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        if (!onScope.isEmpty())
            m_requestsView->scrollTo(onScope.first().topLeft());
    } else {
        requests->clearSelection();
    }

    // Records: the record of the selected scope.
    QItemSelectionModel* records = m_recordsView->selectionModel();
    const QModelIndex recordIndex = m_recordsProxy->mapFromSource(
        m_recordsModel->index(m_recordsModel->rowOfScope(scope), RecordsModel::KeyColumn));
    if (recordIndex.isValid()) {
        records->setCurrentIndex(recordIndex, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        m_recordsView->scrollTo(recordIndex);
    } else {
        records->clearSelection();
        records->setCurrentIndex({}, QItemSelectionModel::NoUpdate);
    }
    m_syncing = false;
}

} // namespace iw
