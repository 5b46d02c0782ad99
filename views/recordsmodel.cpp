// The records table model (see recordsmodel.h).
#include "recordsmodel.h"

#include "colors.h"
#include "runcontroller.h"
#include "service.h"

#include <QElapsedTimer>
#include <QFont>

#include <algorithm>

namespace iw {

namespace {
constexpr std::uint8_t s_stuckBit = 0x10;
constexpr int s_clockRefreshMs = 200; // countdowns read in seconds: five updates a second are plenty
constexpr int s_maxIncrementalRuns = 64; // beyond this many separate row changes a reset is cheaper

QString fromStd(const std::string& s)
{
    return QString::fromStdString(s);
}
} // namespace

bool recordLooksStuck(const Record& record, Millis now, const ServicePolicy& policy)
{
    if (effectiveState(record, now, policy) != RecordState::InProgress)
        return false;
    if (record.leaseUntil && policy.effectiveLease() && now > *record.leaseUntil)
        return true;
    return now >= record.expiresAt;
}

RecordsModel::RecordsModel(RunController* run, QObject* parent)
    : QAbstractTableModel(parent)
    , m_run(run)
{
    m_refreshTimer.setSingleShot(true);
    m_refreshTimer.setInterval(100);
    connect(&m_refreshTimer, &QTimer::timeout, this, &RecordsModel::refresh);
    connect(m_run, &RunController::aboutToReset, this, [this] {
        m_refreshTimer.stop();
        beginResetModel();
        m_records.clear();
        m_derived.clear();
    });
    connect(m_run, &RunController::resetDone, this, [this] {
        m_now = m_run->now();
        m_records = m_run->store().records();
        updateDerived(false);
        endResetModel();
    });
    connect(m_run, &RunController::progressed, this, [this] {
        if (m_run->delta().records)
            scheduleRefresh();
    });
    connect(m_run, &RunController::clockChanged, this, &RecordsModel::onClock);
    connect(m_run, &RunController::playingChanged, this, [this](bool playing) {
        // A pause shows the exact state at once.
        if (!playing && m_refreshTimer.isActive()) {
            m_refreshTimer.stop();
            refresh();
        }
    });
    m_now = m_run->now();
    m_records = m_run->store().records();
    updateDerived(false);
}

void RecordsModel::scheduleRefresh()
{
    if (!m_run->isPlaying()) {
        refresh();
        return;
    }
    if (!m_refreshTimer.isActive())
        m_refreshTimer.start();
}

void RecordsModel::refresh()
{
    QElapsedTimer cost;
    cost.start();
    m_now = m_run->now();
    merge(m_run->store().records());
    updateDerived(true);
    // Keep copying the store from eating the frame budget: wait ten times what the last copy cost.
    m_refreshTimer.setInterval(std::clamp<int>(int(cost.elapsed() * 10), 100, 2000));
}

void RecordsModel::onClock()
{
    if (m_sinceClockUpdate.isValid() && m_sinceClockUpdate.elapsed() < s_clockRefreshMs && m_run->isPlaying())
        return;
    m_sinceClockUpdate.start();
    m_now = m_run->now();
    updateDerived(true);
    if (!m_records.empty()) {
        // Only display text changes: the sort and filter roles are left out so proxies do not re-sort.
        Q_EMIT dataChanged(index(0, TtlColumn), index(rowCount() - 1, LeaseColumn),
            { Qt::DisplayRole, Qt::ToolTipRole, Qt::ForegroundRole });
    }
}

void RecordsModel::updateDerived(bool announce)
{
    const ServicePolicy& policy = m_run->scenario().service;
    m_derived.resize(m_records.size());
    int first = -1;
    int last = -1;
    for (std::size_t i = 0; i < m_records.size(); ++i) {
        const Record& r = m_records[i];
        std::uint8_t d = static_cast<std::uint8_t>(effectiveState(r, m_now, policy));
        if (recordLooksStuck(r, m_now, policy))
            d |= s_stuckBit;
        if (d != m_derived[i]) {
            m_derived[i] = d;
            if (first < 0)
                first = int(i);
            last = int(i);
        }
    }
    if (announce && first >= 0)
        Q_EMIT dataChanged(index(first, 0), index(last, ColumnCount - 1));
}

void RecordsModel::merge(std::vector<Record> fresh)
{
    // Both lists are sorted by scope. Count the separate runs of removed and added rows first: many scattered
    // changes (a load generator with random keys) are cheaper as one reset than as thousands of signals.
    int runs = 0;
    {
        std::size_t i = 0;
        std::size_t j = 0;
        int lastKind = 0; // 1 removal, 2 insertion
        while (i < m_records.size() || j < fresh.size()) {
            int kind = 0;
            if (j >= fresh.size() || (i < m_records.size() && m_records[i].scope < fresh[j].scope)) {
                kind = 1;
                ++i;
            } else if (i >= m_records.size() || fresh[j].scope < m_records[i].scope) {
                kind = 2;
                ++j;
            } else {
                ++i;
                ++j;
            }
            if (kind != 0 && kind != lastKind)
                ++runs;
            lastKind = kind;
        }
    }
    if (runs > s_maxIncrementalRuns) {
        beginResetModel();
        m_records = std::move(fresh);
        m_derived.assign(m_records.size(), 0xff);
        endResetModel();
        return;
    }

    // Removals, last run first so earlier row numbers stay valid.
    {
        std::vector<int> removed;
        std::size_t j = 0;
        for (std::size_t i = 0; i < m_records.size(); ++i) {
            while (j < fresh.size() && fresh[j].scope < m_records[i].scope)
                ++j;
            if (j >= fresh.size() || !(fresh[j].scope == m_records[i].scope))
                removed.push_back(int(i));
        }
        for (auto it = removed.rbegin(); it != removed.rend();) {
            const int last = *it;
            int first = last;
            ++it;
            while (it != removed.rend() && *it == first - 1) {
                first = *it;
                ++it;
            }
            beginRemoveRows({}, first, last);
            m_records.erase(m_records.begin() + first, m_records.begin() + last + 1);
            m_derived.erase(m_derived.begin() + first, m_derived.begin() + last + 1);
            endRemoveRows();
        }
    }

    // Insertions and changes in one forward walk: what is left of the old rows is a subsequence of `fresh`.
    int changedFirst = -1;
    int changedLast = -1;
    std::size_t k = 0;
    for (std::size_t j = 0; j < fresh.size();) {
        if (k < m_records.size() && m_records[k].scope == fresh[j].scope) {
            if (!(m_records[k] == fresh[j])) {
                m_records[k] = std::move(fresh[j]);
                m_derived[k] = 0xff; // recomputed by updateDerived()
                if (changedFirst < 0)
                    changedFirst = int(k);
                changedLast = int(k);
            }
            ++k;
            ++j;
            continue;
        }
        std::size_t end = j;
        while (end < fresh.size() && (k >= m_records.size() || fresh[end].scope < m_records[k].scope))
            ++end;
        const auto count = static_cast<int>(end - j);
        beginInsertRows({}, int(k), int(k) + count - 1);
        m_records.insert(m_records.begin() + std::ptrdiff_t(k),
            std::make_move_iterator(fresh.begin() + std::ptrdiff_t(j)),
            std::make_move_iterator(fresh.begin() + std::ptrdiff_t(end)));
        m_derived.insert(m_derived.begin() + std::ptrdiff_t(k), std::size_t(count), 0xff);
        endInsertRows();
        if (changedFirst >= int(k))
            changedFirst += count;
        if (changedLast >= int(k))
            changedLast += count;
        k += std::size_t(count);
        j = end;
    }
    if (changedFirst >= 0)
        Q_EMIT dataChanged(index(changedFirst, 0), index(changedLast, ColumnCount - 1));
}

int RecordsModel::rowOfScope(int scope) const
{
    const auto& scopes = m_run->simulation().scopes();
    if (scope < 0 || static_cast<std::size_t>(scope) >= scopes.size())
        return -1;
    const Scope& wanted = scopes[static_cast<std::size_t>(scope)];
    const auto it = std::lower_bound(
        m_records.begin(), m_records.end(), wanted, [](const Record& r, const Scope& s) { return r.scope < s; });
    if (it == m_records.end() || !(it->scope == wanted))
        return -1;
    return int(it - m_records.begin());
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
        return left > 0 ? formatDuration(left) : tr("expired %1 ago").arg(formatDuration(-left));
    }
    case LeaseColumn: {
        if (!r.leaseUntil)
            return tr("none");
        const Millis left = *r.leaseUntil - m_now;
        return left >= 0 ? tr("%1 left").arg(formatDuration(left)) : tr("passed %1 ago").arg(formatDuration(-left));
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
        return m_run->scopeIndex(r.scope);
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
                return tr("In progress and nobody will finish it: its lease has passed or it is past its expiry. "
                          "It must not be swept; it needs reconciliation.");
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
