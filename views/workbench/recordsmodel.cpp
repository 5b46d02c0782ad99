// The records table model (see recordsmodel.h).
#include "recordsmodel.h"
#include "duration.h"
#include "stdtext.h"

#include "colors.h"
#include "explanationtext.h"
#include "recordrules.h"
#include "runcontroller.h"
#include "service.h"

#include <QElapsedTimer>
#include <QEvent>
#include <QFont>

#include <algorithm>

namespace iw {

namespace {
constexpr std::uint8_t s_stuckBit = 0x10;
constexpr int s_clockRefreshMs = 200; // countdowns read in seconds: five updates a second are plenty
constexpr int s_maxIncrementalRuns = 64; // beyond this many separate row changes one signal is cheaper
constexpr std::size_t s_maxSafetyNetRows = 20000; // comparing the whole store on a pause is instant below this

} // namespace

RecordsModel::RecordsModel(RunController* run, QObject* parent)
    : QAbstractTableModel(parent)
    , m_run(run)
{
    m_refreshTimer.setSingleShot(true);
    m_refreshTimer.setInterval(100);
    connect(&m_refreshTimer, &QTimer::timeout, this, &RecordsModel::applyChanges);
    connect(m_run, &RunController::aboutToReset, this, [this] {
        m_refreshTimer.stop();
        beginResetModel();
        m_records.clear();
        m_scopeOfRow.clear();
        m_rowOfScope.clear();
        m_derived.clear();
        m_dirtyScopes.clear();
        m_dirtyFlag.clear();
    });
    connect(m_run, &RunController::resetDone, this, [this] {
        m_now = m_run->now();
        endResetModel();
        refresh(); // a store that starts non-empty (never, for the memory store; a live table may)
    });
    connect(m_run, &RunController::progressed, this, [this] {
        const auto& scopes = m_run->delta().recordScopes;
        if (scopes.empty())
            return;
        for (const int scope : scopes) {
            const auto index = static_cast<std::size_t>(scope);
            if (m_dirtyFlag.size() <= index)
                m_dirtyFlag.resize(std::max(index + 1, m_dirtyFlag.size() * 2), 0);
            if (!m_dirtyFlag[index]) {
                m_dirtyFlag[index] = 1;
                m_dirtyScopes.push_back(scope);
            }
        }
        scheduleChanges();
    });
    connect(m_run, &RunController::clockChanged, this, &RecordsModel::onClock);
    connect(m_run, &RunController::playingChanged, this, [this](bool playing) {
        if (playing)
            return;
        // A pause shows the exact state at once; a small table is also checked against the whole store.
        applyChanges();
        if (m_records.size() <= s_maxSafetyNetRows)
            refresh();
    });
    m_now = m_run->now();
    refresh();
}

bool RecordsModel::event(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    return QAbstractTableModel::event(event);
}

void RecordsModel::retranslate()
{
    Q_EMIT headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (!m_records.empty())
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

void RecordsModel::scheduleChanges()
{
    if (!m_run->isPlaying()) {
        applyChanges();
        return;
    }
    if (!m_refreshTimer.isActive())
        m_refreshTimer.start();
}

void RecordsModel::refresh()
{
    m_now = m_run->now();
    std::vector<std::pair<int, std::optional<Record>>> fresh;
    std::vector<char> seen(m_rowOfScope.size(), 0);
    std::vector<Record> all;
    if (!m_run->recordsForView(all))
        return; // the store cannot answer now; the next change or pause asks again
    for (Record& r : all) {
        const int scope = m_run->scopeIndex(r.scope);
        if (scope < 0)
            continue; // not a scope of this run
        if (std::size_t(scope) < seen.size())
            seen[std::size_t(scope)] = 1;
        fresh.emplace_back(scope, std::move(r));
    }
    for (const int scope : m_scopeOfRow) {
        if (!seen[std::size_t(scope)])
            fresh.emplace_back(scope, std::nullopt);
    }
    apply(std::move(fresh));
}

void RecordsModel::applyChanges()
{
    m_refreshTimer.stop();
    if (m_dirtyScopes.empty())
        return;
    QElapsedTimer cost;
    cost.start();
    m_now = m_run->now();
    const auto& scopes = m_run->simulation().scopes();
    std::vector<std::pair<int, std::optional<Record>>> fresh;
    fresh.reserve(m_dirtyScopes.size());
    std::size_t done = 0;
    for (; done < m_dirtyScopes.size(); ++done) {
        const int scope = m_dirtyScopes[done];
        std::optional<Record> record;
        if (!m_run->readForView(scopes[static_cast<std::size_t>(scope)], record))
            break; // the store cannot answer now: the rest stays dirty for the next try
        fresh.emplace_back(scope, std::move(record));
        m_dirtyFlag[static_cast<std::size_t>(scope)] = 0;
    }
    m_dirtyScopes.erase(m_dirtyScopes.begin(), m_dirtyScopes.begin() + static_cast<std::ptrdiff_t>(done));
    apply(std::move(fresh));
    if (!m_dirtyScopes.empty())
        m_refreshTimer.start();
    // Keep the table from eating the frame budget: wait ten times what this update cost.
    m_refreshTimer.setInterval(std::clamp<int>(int(cost.elapsed() * 10), 100, 2000));
}

void RecordsModel::apply(std::vector<std::pair<int, std::optional<Record>>> fresh)
{
    if (m_rowOfScope.size() < m_run->simulation().scopes().size())
        m_rowOfScope.resize(m_run->simulation().scopes().size(), -1);
    std::vector<int> changed;
    std::vector<std::size_t> removed;
    std::vector<std::pair<int, Record>> added;
    for (auto& [scope, record] : fresh) {
        const int row = m_rowOfScope[std::size_t(scope)];
        if (row >= 0 && record) {
            if (!(m_records[std::size_t(row)] == *record)) {
                m_records[std::size_t(row)] = std::move(*record);
                changed.push_back(row);
            }
        } else if (row >= 0) {
            removed.push_back(std::size_t(row));
        } else if (record) {
            added.emplace_back(scope, std::move(*record));
        }
    }
    // Changed rows, as runs of neighbours (or one span when they are scattered widely).
    std::sort(changed.begin(), changed.end());
    std::vector<std::pair<int, int>> runs;
    for (const int row : changed) {
        if (!runs.empty() && runs.back().second + 1 == row)
            runs.back().second = row;
        else
            runs.emplace_back(row, row);
    }
    if (runs.size() > std::size_t(s_maxIncrementalRuns))
        runs = { { runs.front().first, runs.back().second } };
    for (const auto& [first, last] : runs) {
        updateDerived(std::size_t(first), std::size_t(last) + 1, false);
        Q_EMIT dataChanged(index(first, 0), index(last, ColumnCount - 1));
    }

    // Removed rows (deleted on error, swept): one by one, or compacted in one reset when there are many.
    if (!removed.empty()) {
        std::sort(removed.begin(), removed.end());
        for (const std::size_t row : removed)
            m_rowOfScope[std::size_t(m_scopeOfRow[row])] = -1;
        if (removed.size() > std::size_t(s_maxIncrementalRuns)) {
            beginResetModel();
            std::size_t out = 0;
            std::size_t next = 0;
            for (std::size_t row = 0; row < m_records.size(); ++row) {
                if (next < removed.size() && removed[next] == row) {
                    ++next;
                    continue;
                }
                if (out != row) {
                    m_records[out] = std::move(m_records[row]);
                    m_scopeOfRow[out] = m_scopeOfRow[row];
                    m_derived[out] = m_derived[row];
                }
                ++out;
            }
            m_records.resize(out);
            m_scopeOfRow.resize(out);
            m_derived.resize(out);
            reindexFrom(0);
            endResetModel();
        } else {
            for (auto it = removed.rbegin(); it != removed.rend(); ++it) {
                beginRemoveRows({}, int(*it), int(*it));
                m_records.erase(m_records.begin() + std::ptrdiff_t(*it));
                m_scopeOfRow.erase(m_scopeOfRow.begin() + std::ptrdiff_t(*it));
                m_derived.erase(m_derived.begin() + std::ptrdiff_t(*it));
                endRemoveRows();
            }
            reindexFrom(removed.front());
        }
    }

    // New records go to the end, as one block.
    if (!added.empty()) {
        const std::size_t first = m_records.size();
        beginInsertRows({}, int(first), int(first + added.size()) - 1);
        for (auto& [scope, record] : added) {
            m_rowOfScope[std::size_t(scope)] = int(m_records.size());
            m_records.push_back(std::move(record));
            m_scopeOfRow.push_back(scope);
        }
        m_derived.resize(m_records.size(), 0);
        updateDerived(first, m_records.size(), false);
        endInsertRows();
    }
}

void RecordsModel::reindexFrom(std::size_t row)
{
    for (; row < m_scopeOfRow.size(); ++row)
        m_rowOfScope[std::size_t(m_scopeOfRow[row])] = int(row);
}

void RecordsModel::onClock()
{
    if (m_sinceClockUpdate.isValid() && m_sinceClockUpdate.elapsed() < s_clockRefreshMs && m_run->isPlaying())
        return;
    m_sinceClockUpdate.start();
    m_now = m_run->now();
    updateDerived(0, m_records.size(), true);
    if (!m_records.empty()) {
        // Only display text changes: the sort and filter roles are left out so proxies do not re-sort.
        Q_EMIT dataChanged(index(0, TtlColumn), index(rowCount() - 1, LeaseColumn),
            { Qt::DisplayRole, Qt::ToolTipRole, Qt::ForegroundRole });
    }
}

void RecordsModel::updateDerived(std::size_t first, std::size_t last, bool announce)
{
    const ServicePolicy& policy = m_run->scenario().service;
    int changedFirst = -1;
    int changedLast = -1;
    for (std::size_t i = first; i < last; ++i) {
        const Record& r = m_records[i];
        auto d = static_cast<std::uint8_t>(effectiveState(r, m_now, policy));
        if (recordIsStuck(r, m_now, policy))
            d |= s_stuckBit;
        if (d != m_derived[i]) {
            m_derived[i] = d;
            if (changedFirst < 0)
                changedFirst = int(i);
            changedLast = int(i);
        }
    }
    if (announce && changedFirst >= 0)
        Q_EMIT dataChanged(index(changedFirst, 0), index(changedLast, ColumnCount - 1));
}

int RecordsModel::rowOfScope(int scope) const
{
    return scope >= 0 && std::size_t(scope) < m_rowOfScope.size() ? m_rowOfScope[std::size_t(scope)] : -1;
}

int RecordsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_records.size());
}

int RecordsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RecordsModel::display(const Record& r, int row, int column) const
{
    const auto derived = m_derived[static_cast<std::size_t>(row)];
    switch (column) {
    case ActorColumn:
        return fromStd(r.scope.actor);
    case OperationColumn:
        return fromStd(r.scope.operation);
    case KeyColumn:
        return fromStd(r.scope.key);
    case StateColumn: {
        const QString state = fromStd(std::string(stateName(RecordState(derived & 0x0f))));
        return (derived & s_stuckBit) ? tr("%1 (stuck)").arg(state) : state;
    }
    case FingerprintColumn:
        return fromStd(r.payloadHash).left(12);
    case StatusColumn:
        return r.statusCode ? QVariant(*r.statusCode) : QVariant();
    case ResultColumn:
        return r.resultId ? fromStd(*r.resultId) : QString();
    case TtlColumn: {
        const Millis left = r.expiresAt - m_now;
        return left > 0 ? shownDuration(left) : tr("expired %1 ago").arg(shownDuration(-left));
    }
    case LeaseColumn: {
        if (!r.leaseUntil)
            return tr("none");
        const Millis left = *r.leaseUntil - m_now;
        return left >= 0 ? tr("%1 left").arg(shownDuration(left)) : tr("passed %1 ago").arg(shownDuration(-left));
    }
    case CreatedColumn:
        return formatClock(r.createdAt);
    case ExpiresColumn:
        return formatClock(r.expiresAt);
    default:
        return {};
    }
}

QVariant RecordsModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const int row = index.row();
    const int column = index.column();
    const Record& r = m_records[static_cast<std::size_t>(row)];
    const auto derived = m_derived[static_cast<std::size_t>(row)];
    const auto state = RecordState(derived & 0x0f);
    const bool stuck = derived & s_stuckBit;
    switch (role) {
    case Qt::DisplayRole:
        return display(r, row, column);
    case FilterRole:
        if (column == TtlColumn || column == LeaseColumn)
            return QString(); // live countdowns would make rows flicker in and out of a filter
        return display(r, row, column);
    case SortRole:
        switch (column) {
        case StatusColumn:
            return r.statusCode.value_or(-1);
        case TtlColumn:
        case ExpiresColumn:
            return qint64(r.expiresAt);
        case LeaseColumn:
            return r.leaseUntil ? qint64(*r.leaseUntil) : qint64(-1);
        case CreatedColumn:
            return qint64(r.createdAt);
        default:
            return display(r, row, column);
        }
    case ScopeIndexRole:
        return m_scopeOfRow[static_cast<std::size_t>(row)];
    case StateRole:
        return int(state);
    case StuckRole:
        return stuck;
    case FullFingerprintRole:
        return fromStd(r.payloadHash);
    case Qt::BackgroundRole:
        if (column == StateColumn)
            return cellBackground(stuck ? stuckColor() : stateColor(state));
        return {};
    case Qt::ForegroundRole:
        if ((column == TtlColumn && r.expiresAt <= m_now)
            || (column == LeaseColumn && r.leaseUntil && *r.leaseUntil < m_now))
            return QColor(Qt::darkGray);
        return {};
    case Qt::FontRole:
        if (column == FingerprintColumn || column == KeyColumn) {
            QFont font(QStringLiteral("monospace"));
            font.setStyleHint(QFont::TypeWriter);
            return font;
        }
        return {};
    case Qt::TextAlignmentRole:
        if (column == StatusColumn || column == TtlColumn || column == CreatedColumn || column == ExpiresColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::ToolTipRole:
        switch (column) {
        case FingerprintColumn:
            return tr("Fingerprint stored with the record:\n%1").arg(fromStd(r.payloadHash));
        case StateColumn:
            if (stuck)
                return tr("Stuck: %1. Nobody is looking after it: only a lease takeover or an operator can "
                          "finish it, and it must not be swept.")
                    .arg(shownStuckRule());
            return state == RecordState::Expired
                ? tr("Expired: it no longer protects the scope (a new request may run again, or be refused under "
                     "a tombstone policy).")
                : QVariant();
        case TtlColumn:
            return tr("Expires at %1 (virtual time)").arg(formatClock(r.expiresAt));
        case LeaseColumn:
            return r.leaseUntil
                ? tr("Lease until %1: after it another request may take over").arg(formatClock(*r.leaseUntil))
                : tr("No lease: an in-progress record is never taken over");
        case ActorColumn:
        case OperationColumn:
        case KeyColumn:
        case ResultColumn:
            return display(r, row, column); // the whole text where the column elides it
        default:
            return {};
        }
    default:
        return {};
    }
}

QVariant RecordsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case ActorColumn:
            return tr("Actor");
        case OperationColumn:
            return tr("Operation");
        case KeyColumn:
            return tr("Key");
        case StateColumn:
            return tr("State");
        case FingerprintColumn:
            return tr("Fingerprint");
        case StatusColumn:
            return tr("Status");
        case ResultColumn:
            return tr("Result");
        case TtlColumn:
            return tr("TTL left");
        case LeaseColumn:
            return tr("Lease");
        case CreatedColumn:
            return tr("Created");
        case ExpiresColumn:
            return tr("Expires");
        default:
            return {};
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case StateColumn:
            return tr("The state the record shows at the current virtual time, coloured as the legend");
        case TtlColumn:
            return tr("Time left before the record expires, counting down in virtual time");
        case LeaseColumn:
            return tr("Time left on the in-progress lease, after which another request may take over");
        case ResultColumn:
            return tr("The effect the record's owner created (its stable result ID)");
        default:
            return {};
        }
    }
    return {};
}

} // namespace iw
