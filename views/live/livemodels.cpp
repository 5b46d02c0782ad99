// The live view's models (see livemodels.h).
#include "livemodels.h"
#include "duration.h"
#include "stdtext.h"

#include "colors.h"
#include "liveanomalytext.h"
#include "timelinemapping.h"

#include <QColor>
#include <QFont>

#include <algorithm>
#include <climits>

namespace iw {

namespace {

QString anomalyNames(std::uint8_t mask)
{
    QStringList names;
    for (const LiveAnomalyKind kind : kLiveAnomalyKinds)
        if (mask & anomalyBit(kind))
            names << fromStd(anomalyKindName(kind));
    return names.join(QStringLiteral(", "));
}

} // namespace

QString relativeTime(std::optional<Millis> t, Millis nowMs)
{
    if (!t)
        return QStringLiteral("–");
    if (*t == nowMs)
        return LiveRecordsModel::tr("now");
    const QString d = shownDuration(*t - nowMs);
    return *t > nowMs ? QStringLiteral("+") + d : d; // shownDuration already carries the minus sign
}

QString absoluteTime(Millis t)
{
    return fromStd(formatEpochMs(t));
}

QColor anomalyColor(LiveAnomalyKind kind)
{
    switch (kind) {
    case LiveAnomalyKind::StuckInProgress:
    case LiveAnomalyKind::InProgressPastExpiry:
        return stuckColor();
    case LiveAnomalyKind::ExpiredNotSwept:
        return stateColor(RecordState::Expired).darker(130);
    case LiveAnomalyKind::CompletedWithoutResponse:
    case LiveAnomalyKind::SuspectedKeyRegeneration:
    case LiveAnomalyKind::TimeOutOfRange:
        return alarmColor();
    }
    return alarmColor();
}

QString scopeLine(const Scope& scope)
{
    const QString tail = fromStd(scope.operation) + QStringLiteral(" / ") + fromStd(scope.key);
    return scope.actor.empty() ? tail : fromStd(scope.actor) + QStringLiteral(" / ") + tail;
}

LiveRecordsModel::LiveRecordsModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void LiveRecordsModel::setRecords(std::vector<LiveRecord> records, Millis nowMs)
{
    beginResetModel();
    m_records = std::move(records);
    m_nowMs = nowMs;
    endResetModel();
}

int LiveRecordsModel::rowOfScope(const Scope& scope) const
{
    for (std::size_t i = 0; i < m_records.size(); ++i)
        if (m_records[i].scope == scope)
            return static_cast<int>(i);
    return -1;
}

void LiveRecordsModel::retranslate()
{
    Q_EMIT headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (!m_records.empty())
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

int LiveRecordsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_records.size());
}

int LiveRecordsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant LiveRecordsModel::headerData(int section, Qt::Orientation orientation, int role) const
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
        case StoredStateColumn:
            return tr("Stored as");
        case StatusColumn:
            return tr("Status");
        case BodyColumn:
            return tr("Body");
        case CreatedColumn:
            return tr("Created");
        case ExpiresColumn:
            return tr("Expires");
        case LeaseColumn:
            return tr("Lease until");
        case FingerprintColumn:
            return tr("Fingerprint");
        case AnomaliesColumn:
            return tr("Anomalies");
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case StateColumn:
            return tr("The state at the database's clock: a terminal record is expired once past its expiry");
        case StoredStateColumn:
            return tr("The state column's value as stored in the table");
        case CreatedColumn:
        case ExpiresColumn:
        case LeaseColumn:
            return tr("Relative to the snapshot's now (the database's clock); the tooltip gives the UTC time");
        case BodyColumn:
            return tr("Size of the stored response body");
        }
    }
    return {};
}

QVariant LiveRecordsModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const LiveRecord& r = record(index.row());
    const int column = index.column();
    const bool stuck = r.anomalies
        & (anomalyBit(LiveAnomalyKind::StuckInProgress) | anomalyBit(LiveAnomalyKind::InProgressPastExpiry));
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case ActorColumn:
            return fromStd(r.scope.actor);
        case OperationColumn:
            return fromStd(r.scope.operation);
        case KeyColumn:
            return fromStd(r.scope.key);
        case StateColumn:
            return stuck && r.state == RecordState::InProgress ? tr("in_progress (stuck)")
                                                               : fromStd(stateName(r.state));
        case StoredStateColumn:
            return fromStd(r.storedState);
        case StatusColumn:
            return r.statusCode ? QVariant(*r.statusCode) : QVariant(QStringLiteral("–"));
        case BodyColumn:
            if (!r.bodyBytes)
                return tr("none");
            return tr("%Ln bytes", nullptr, static_cast<int>(std::min<long long>(*r.bodyBytes, INT_MAX)));
        case CreatedColumn:
            return relativeTime(r.createdMs, m_nowMs);
        case ExpiresColumn:
            return relativeTime(r.expiresMs, m_nowMs);
        case LeaseColumn:
            return relativeTime(r.leaseUntilMs, m_nowMs);
        case FingerprintColumn:
            return r.fingerprint.empty() ? QStringLiteral("–") : fromStd(r.fingerprint.substr(0, 12));
        case AnomaliesColumn:
            return anomalyNames(r.anomalies);
        }
        break;
    case Qt::ToolTipRole:
        switch (column) {
        case CreatedColumn:
            return absoluteTime(r.createdMs);
        case ExpiresColumn:
            return r.expiresMs ? absoluteTime(*r.expiresMs) : tr("never expires");
        case LeaseColumn:
            return r.leaseUntilMs ? absoluteTime(*r.leaseUntilMs) : tr("no lease");
        case FingerprintColumn:
            return fromStd(r.fingerprint);
        case AnomaliesColumn:
        case StateColumn:
            return anomalyNames(r.anomalies);
        }
        break;
    case Qt::BackgroundRole:
        if (column == StateColumn)
            return cellBackground(stuck ? stuckColor() : stateColor(r.state));
        if (column == AnomaliesColumn && r.anomalies)
            return cellBackground(alarmColor());
        break;
    case Qt::TextAlignmentRole:
        if (column == StatusColumn || column == BodyColumn || column == CreatedColumn || column == ExpiresColumn
            || column == LeaseColumn)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        break;
    case Qt::FontRole:
        if (column == FingerprintColumn) {
            QFont f(QStringLiteral("monospace"));
            f.setStyleHint(QFont::Monospace);
            return f;
        }
        break;
    case SortRole:
        switch (column) {
        case StatusColumn:
            return r.statusCode.value_or(-1);
        case BodyColumn:
            return static_cast<qlonglong>(r.bodyBytes.value_or(-1));
        case CreatedColumn:
            return static_cast<qlonglong>(r.createdMs);
        case ExpiresColumn:
            return static_cast<qlonglong>(r.expiresMs.value_or(std::numeric_limits<Millis>::max()));
        case LeaseColumn:
            return static_cast<qlonglong>(r.leaseUntilMs.value_or(std::numeric_limits<Millis>::max()));
        default:
            return data(index, Qt::DisplayRole);
        }
    case StateRole:
        return static_cast<int>(r.state);
    case AnomalyMaskRole:
        return static_cast<int>(r.anomalies);
    case FullFingerprintRole:
        return fromStd(r.fingerprint);
    }
    return {};
}

LiveAnomaliesModel::LiveAnomaliesModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void LiveAnomaliesModel::setAnomalies(std::vector<LiveAnomaly> anomalies)
{
    beginResetModel();
    m_anomalies = std::move(anomalies);
    endResetModel();
}

void LiveAnomaliesModel::retranslate()
{
    Q_EMIT headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (!m_anomalies.empty())
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

int LiveAnomaliesModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_anomalies.size());
}

int LiveAnomaliesModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant LiveAnomaliesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case KindColumn:
        return tr("Anomaly");
    case ScopeColumn:
        return tr("Record");
    case DetailColumn:
        return tr("Detail");
    }
    return {};
}

QVariant LiveAnomaliesModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const LiveAnomaly& a = anomaly(index.row());
    switch (role) {
    case Qt::DisplayRole:
    case SortRole:
        switch (index.column()) {
        case KindColumn:
            return fromStd(anomalyKindName(a.kind));
        case ScopeColumn:
            return scopeLine(a.scope);
        case DetailColumn:
            return shownDetail(a);
        }
        break;
    case Qt::ToolTipRole:
        return QString(scopeLine(a.scope) + QStringLiteral(": ") + shownDetail(a));
    case Qt::DecorationRole:
        if (index.column() == KindColumn)
            return anomalyColor(a.kind);
        break;
    case KindRole:
        return static_cast<int>(a.kind);
    }
    return {};
}

} // namespace iw
