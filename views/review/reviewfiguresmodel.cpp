// The review figures table: formatting, tooltips and the alarm colour for each figure.
#include "reviewfiguresmodel.h"

#include "colors.h"
#include "duration.h"

#include <QFont>
#include <QLocale>

#include <set>

namespace iw {

namespace {

QString count(std::int64_t n)
{
    return QLocale().toString(static_cast<qlonglong>(n));
}

QString percent(double r)
{
    if (r == 0)
        return QStringLiteral("0 %");
    return QStringLiteral("%1 %").arg(QLocale().toString(r * 100, 'f', r < 0.001 ? 3 : 2));
}

QString bytes(double b)
{
    const QLocale l;
    if (b < 1024)
        return ReviewFiguresModel::tr("%1 B").arg(l.toString(b, 'f', 0));
    if (b < 1024.0 * 1024)
        return ReviewFiguresModel::tr("%1 KiB").arg(l.toString(b / 1024, 'f', 1));
    if (b < 1024.0 * 1024 * 1024)
        return ReviewFiguresModel::tr("%1 MiB").arg(l.toString(b / 1024 / 1024, 'f', 1));
    return ReviewFiguresModel::tr("%1 GiB").arg(l.toString(b / 1024 / 1024 / 1024, 'f', 2));
}

std::int64_t decisionCount(const PolicyFigures& f, const QString& name)
{
    const auto it = f.decisions.find(name.toStdString());
    return it == f.decisions.end() ? 0 : it->second;
}

} // namespace

ReviewFiguresModel::ReviewFiguresModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void ReviewFiguresModel::setReview(std::shared_ptr<const ReviewResult> review)
{
    beginResetModel();
    m_review = std::move(review);
    m_decisions.clear();
    m_hops.clear();
    if (m_review) {
        for (const std::string& hop : reviewHops(*m_review))
            m_hops << QString::fromStdString(hop);
        std::set<std::string> kinds;
        for (const PolicyOutcome& o : m_review->outcomes) {
            if (o.figures) {
                for (const auto& [name, n] : o.figures->decisions)
                    kinds.insert(name);
            }
        }
        for (const std::string& k : kinds)
            m_decisions << QString::fromStdString(k);
    }
    endResetModel();
}

int ReviewFiguresModel::rowOf(Figure figure) const
{
    if (figure < 0 || figure >= FixedFigureCount)
        return -1;
    return figure <= DuplicateEffects ? int(figure) : int(figure) + int(m_hops.size());
}

int ReviewFiguresModel::rowOfHop(const QString& hop) const
{
    const qsizetype i = m_hops.indexOf(hop);
    return i < 0 ? -1 : int(DuplicateEffects) + 1 + int(i);
}

int ReviewFiguresModel::rowOfDecision(const QString& decision) const
{
    const qsizetype i = m_decisions.indexOf(decision);
    return i < 0 ? -1 : FixedFigureCount + int(m_hops.size()) + int(i);
}

ReviewFiguresModel::Figure ReviewFiguresModel::figureAt(int row) const
{
    const int hops = int(m_hops.size());
    if (row >= 0 && row <= DuplicateEffects)
        return Figure(row);
    if (row > DuplicateEffects + hops && row < FixedFigureCount + hops)
        return Figure(row - hops);
    return FixedFigureCount;
}

int ReviewFiguresModel::hopAt(int row) const
{
    const int i = row - int(DuplicateEffects) - 1;
    return i >= 0 && i < int(m_hops.size()) ? i : -1;
}

int ReviewFiguresModel::decisionAt(int row) const
{
    const int i = row - int(FixedFigureCount) - int(m_hops.size());
    return i >= 0 && i < int(m_decisions.size()) ? i : -1;
}

void ReviewFiguresModel::retranslate()
{
    if (columnCount() > 0)
        Q_EMIT headerDataChanged(Qt::Horizontal, 0, columnCount() - 1);
    if (rowCount() > 0) {
        Q_EMIT headerDataChanged(Qt::Vertical, 0, rowCount() - 1);
        if (columnCount() > 0)
            Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
    }
}

int ReviewFiguresModel::rowCount(const QModelIndex& parent) const
{
    if (parent.isValid() || !m_review)
        return 0;
    return FixedFigureCount + int(m_hops.size()) + int(m_decisions.size());
}

int ReviewFiguresModel::columnCount(const QModelIndex& parent) const
{
    if (parent.isValid() || !m_review)
        return 0;
    return int(m_review->outcomes.size());
}

const PolicyFigures* ReviewFiguresModel::figuresOf(int column) const
{
    if (!m_review || column < 0 || column >= int(m_review->outcomes.size()))
        return nullptr;
    const auto& o = m_review->outcomes[std::size_t(column)];
    return o.figures ? &*o.figures : nullptr;
}

QVariant ReviewFiguresModel::value(const PolicyFigures& f, int row) const
{
    const auto tts = [&](Millis Percentiles::*field) -> QVariant {
        if (!f.timeToSuccessMs)
            return {};
        return qlonglong((*f.timeToSuccessMs).*field);
    };
    if (const int hop = hopAt(row); hop >= 0) {
        // The simulation's own per-hop count (summary().duplicateEffectsByHop); null where the policy has no such hop.
        const std::optional<std::int64_t> n = duplicateEffectsAt(f, m_hops[hop].toStdString());
        return n ? QVariant(qlonglong(*n)) : QVariant();
    }
    switch (figureAt(row)) {
    case Intents:
        return qlonglong(f.intents);
    case Requests:
        return qlonglong(f.requests);
    case Effects:
        return qlonglong(f.effects);
    case DuplicateEffects:
        return qlonglong(f.duplicateEffects);
    case DuplicateRate:
        return f.duplicateRate;
    case UnknownOutcome:
        return qlonglong(f.unknownOutcome);
    case ConflictRate:
        return f.conflictRate;
    case ReplayRate:
        return f.replayRate;
    case Succeeded:
        return qlonglong(f.succeeded);
    case TimeToSuccessP50:
        return tts(&Percentiles::p50);
    case TimeToSuccessP90:
        return tts(&Percentiles::p90);
    case TimeToSuccessP99:
        return tts(&Percentiles::p99);
    case RetryHorizon:
        return qlonglong(f.retryHorizonMs);
    case Retention:
        return qlonglong(f.retentionMs);
    case HorizonExceedsRetention:
        return f.horizonExceedsRetention;
    case PeakRecords:
        return qlonglong(f.storage.peakRecords);
    case PeakTombstones:
        return qlonglong(f.storage.peakTombstones);
    case PeakStorage:
        return qlonglong(f.storage.peakBytes);
    default:
        break;
    }
    if (const int d = decisionAt(row); d >= 0)
        return qlonglong(decisionCount(f, m_decisions[d]));
    return {};
}

QString ReviewFiguresModel::display(const PolicyFigures& f, int row) const
{
    const QVariant v = value(f, row);
    if (hopAt(row) >= 0)
        return v.isNull() ? tr("—") : count(v.toLongLong());
    switch (figureAt(row)) {
    case DuplicateRate:
    case ConflictRate:
    case ReplayRate:
        return percent(v.toDouble());
    case TimeToSuccessP50:
    case TimeToSuccessP90:
    case TimeToSuccessP99:
        return v.isNull() ? tr("none succeeded") : shownDuration(v.toLongLong());
    case RetryHorizon:
    case Retention:
        // ttl_ms null: records kept for good (express-idempotency).
        return v.toLongLong() >= kNeverMs ? tr("never") : shownDuration(v.toLongLong());
    case HorizonExceedsRetention:
        return v.toBool() ? tr("yes") : tr("no");
    case PeakStorage:
        return bytes(v.toDouble());
    default:
        return count(v.toLongLong());
    }
}

bool ReviewFiguresModel::alarm(const PolicyFigures& f, int row) const
{
    if (hopAt(row) >= 0)
        return value(f, row).toLongLong() > 0;
    switch (figureAt(row)) {
    case DuplicateEffects:
    case DuplicateRate:
        return f.duplicateEffects > 0;
    case HorizonExceedsRetention:
        return f.horizonExceedsRetention;
    case RetryHorizon:
        return f.horizonExceedsRetention;
    default:
        return false;
    }
}

QVariant ReviewFiguresModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || !m_review)
        return {};
    const int row = index.row();
    if (role == FigureRole)
        return int(figureAt(row));
    if (role == DecisionRole)
        return decisionAt(row) >= 0 ? m_decisions.value(decisionAt(row)) : QVariant();
    if (role == HopRole)
        return hopAt(row) >= 0 ? m_hops.value(hopAt(row)) : QVariant();
    if (role == Qt::TextAlignmentRole)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    const PolicyFigures* f = figuresOf(index.column());
    if (!f) {
        if (role == Qt::DisplayRole)
            return row == 0 ? (m_review->cancelled ? tr("cancelled") : tr("failed")) : QString();
        if (role == Qt::ForegroundRole)
            return QColor(Qt::gray);
        return {};
    }
    switch (role) {
    case Qt::DisplayRole:
        return display(*f, row);
    case ValueRole:
        return value(*f, row);
    case AlarmRole:
        return alarm(*f, row);
    case Qt::ForegroundRole:
        return alarm(*f, row) ? QVariant(alarmColor()) : QVariant();
    case Qt::BackgroundRole:
        return alarm(*f, row) ? QVariant(cellBackground(alarmColor())) : QVariant();
    case Qt::FontRole:
        if (alarm(*f, row)) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    case Qt::ToolTipRole:
        if (hopAt(row) >= 0)
            return hopExplanation(m_hops.value(hopAt(row)));
        if (figureAt(row) < FixedFigureCount)
            return figureExplanation(figureAt(row));
        return tr("Requests the service decided with %1").arg(m_decisions.value(decisionAt(row)));
    default:
        return {};
    }
}

QVariant ReviewFiguresModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (!m_review)
        return {};
    if (orientation == Qt::Horizontal) {
        if (section < 0 || section >= int(m_review->outcomes.size()))
            return {};
        const QString name = QString::fromStdString(m_review->policies[std::size_t(section)].name);
        if (role == Qt::DisplayRole)
            return m_review->outcomes[std::size_t(section)].figures ? name : tr("%1 (not finished)").arg(name);
        if (role == Qt::ToolTipRole) {
            const auto& s = m_review->policies[std::size_t(section)];
            return QString::fromStdString(s.title.empty() ? s.name : s.title);
        }
        return {};
    }
    if (role == Qt::DisplayRole) {
        if (hopAt(section) >= 0)
            return tr("Duplicate effects at %1").arg(m_hops.value(hopAt(section)));
        if (figureAt(section) < FixedFigureCount)
            return figureName(figureAt(section));
        return m_decisions.value(decisionAt(section));
    }
    if (role == Qt::ToolTipRole) {
        if (hopAt(section) >= 0)
            return hopExplanation(m_hops.value(hopAt(section)));
        if (figureAt(section) < FixedFigureCount)
            return figureExplanation(figureAt(section));
    }
    return {};
}

QString ReviewFiguresModel::figureName(Figure figure)
{
    switch (figure) {
    case Intents:
        return tr("Intents");
    case Requests:
        return tr("Requests decided");
    case Effects:
        return tr("Effects");
    case DuplicateEffects:
        return tr("Duplicate effects");
    case DuplicateRate:
        return tr("Duplicate rate");
    case UnknownOutcome:
        return tr("Unknown outcome");
    case ConflictRate:
        return tr("Conflict rate");
    case ReplayRate:
        return tr("Replay rate");
    case Succeeded:
        return tr("Succeeded");
    case TimeToSuccessP50:
        return tr("Time to success p50");
    case TimeToSuccessP90:
        return tr("Time to success p90");
    case TimeToSuccessP99:
        return tr("Time to success p99");
    case RetryHorizon:
        return tr("Retry horizon");
    case Retention:
        return tr("Retention (TTL)");
    case HorizonExceedsRetention:
        return tr("Horizon > retention");
    case PeakRecords:
        return tr("Records held (peak)");
    case PeakTombstones:
        return tr("Tombstones (peak)");
    case PeakStorage:
        return tr("Storage (peak, approx.)");
    case FixedFigureCount:
        break;
    }
    return {};
}

QString ReviewFiguresModel::hopExplanation(const QString& hop)
{
    return tr("Duplicate effects born at %1 (the report's duplicate_effects_by_hop): executions beyond the first per "
              "intent at that hop of the route; — where the policy's route has no such hop")
        .arg(hop);
}

QString ReviewFiguresModel::figureExplanation(Figure figure)
{
    switch (figure) {
    case Intents:
        return tr("Logical operations the clients tried to perform");
    case Requests:
        return tr("Requests that reached a decision in the service (summary.requests)");
    case Effects:
        return tr("Executions of the business action");
    case DuplicateEffects:
        return tr("Executions beyond the first per intent — the number that must be 0. Open the Duplicates tab to "
                  "see each one.");
    case DuplicateRate:
        return tr("Intents with duplicate effects ÷ intents");
    case UnknownOutcome:
        return tr("Intents whose client never saw a final answer");
    case ConflictRate:
        return tr("(conflict_in_progress + payload_mismatch + expired_rejected) ÷ requests decided");
    case ReplayRate:
        return tr("replayed ÷ requests decided");
    case Succeeded:
        return tr("Intents whose client saw a 2xx");
    case TimeToSuccessP50:
    case TimeToSuccessP90:
    case TimeToSuccessP99:
        return tr("From the intent's first send to the first 2xx reaching the client, nearest-rank percentile over "
                  "the intents that succeeded");
    case RetryHorizon:
        return tr("max_attempts × timeout + the largest possible backoff waits: how long after its first send a "
                  "client may still retry with the same key (the largest of the policy's clients)");
    case Retention:
        return tr("ttl_ms: how long the service recognises a key");
    case HorizonExceedsRetention:
        return tr("Yes when a client may still retry after its record expired: that retry runs as a new request "
                  "(unless a tombstone refuses it)");
    case PeakRecords:
        return tr("The most idempotency records the store held at once");
    case PeakTombstones:
        return tr("The most tombstones (compact evidence of expired records) held at once");
    case PeakStorage:
        return tr("Approximate bytes at the peak: each row's text plus 8 bytes per number or time column, without "
                  "index overhead");
    case FixedFigureCount:
        break;
    }
    return {};
}

} // namespace iw
