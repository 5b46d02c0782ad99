// The requests table model (see requestsmodel.h).
#include "requestsmodel.h"
#include "stdtext.h"

#include "colors.h"
#include "explanationtext.h"
#include "runcontroller.h"

#include <QEvent>
#include <QFont>
#include <QLocale>

namespace iw {

RequestsModel::RequestsModel(RunController* run, QObject* parent)
    : QAbstractTableModel(parent)
    , m_run(run)
{
    m_rows = static_cast<int>(m_run->simulation().requests().size());
    connect(m_run, &RunController::aboutToReset, this, [this] {
        beginResetModel();
        m_shownReasons.clear();
    });
    connect(m_run, &RunController::resetDone, this, [this] {
        m_rows = static_cast<int>(m_run->simulation().requests().size());
        m_shownReasons.clear();
        endResetModel();
    });
    connect(m_run, &RunController::progressed, this, &RequestsModel::onProgressed);
}

bool RequestsModel::event(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    return QAbstractTableModel::event(event);
}

void RequestsModel::retranslate()
{
    m_shownReasons.clear();
    Q_EMIT headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (m_rows > 0)
        Q_EMIT dataChanged(index(0, 0), index(m_rows - 1, ColumnCount - 1));
}

QString RequestsModel::shownReason(int request) const
{
    const Simulation& sim = m_run->simulation();
    const int reason = sim.requestReason(request);
    if (reason < 0)
        return {};
    auto it = m_shownReasons.constFind(reason);
    if (it == m_shownReasons.cend())
        it = m_shownReasons.insert(reason, shownExplanation(sim.requestExplanation(request)));
    return *it;
}

void RequestsModel::onProgressed()
{
    const int oldRows = m_rows;
    const int rows = static_cast<int>(m_run->simulation().requests().size());
    if (rows > oldRows) {
        beginInsertRows({}, oldRows, rows - 1);
        m_rows = rows;
        endInsertRows();
    }
    // Changed rows come sorted; report them as contiguous runs, or as one span when they are scattered widely.
    const auto& changed = m_run->delta().requests;
    std::vector<std::pair<int, int>> runs;
    for (const int r : changed) {
        if (r >= oldRows)
            break;
        if (!runs.empty() && runs.back().second + 1 == r)
            runs.back().second = r;
        else
            runs.emplace_back(r, r);
    }
    if (runs.size() > 64)
        runs = { { runs.front().first, runs.back().second } };
    for (const auto& [first, last] : runs)
        Q_EMIT dataChanged(index(first, 0), index(last, ColumnCount - 1));
}

int RequestsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : m_rows;
}

int RequestsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RequestsModel::display(const RequestRow& row, int request, int column) const
{
    const Simulation& sim = m_run->simulation();
    switch (column) {
    case IdColumn:
        return fromStd(sim.requestId(request));
    case TimeColumn:
        return formatClock(row.sent);
    case ClientColumn:
        return fromStd(sim.clientId(row.client));
    case IntentColumn:
        return fromStd(sim.intentName(row.intent));
    case AttemptColumn:
        return row.copy > 1 ? tr("%1 (copy %2)").arg(QLocale().toString(row.attempt), QLocale().toString(row.copy))
                            : QLocale().toString(row.attempt);
    case KeyColumn:
        return row.hasKey && row.scope >= 0 ? fromStd(sim.scopes()[static_cast<std::size_t>(row.scope)].key)
                                            : tr("(no key)");
    case FingerprintColumn:
        return fromStd(sim.fingerprint(row)).left(12);
    case DecisionColumn:
        if (row.decision)
            return fromStd(decisionName(*row.decision));
        return row.outcome == ClientOutcome::NeverArrived ? tr("never arrived") : tr("pending…");
    case StatusColumn:
        return row.status >= 0 ? QVariant(row.status) : QVariant();
    case ReasonColumn:
        return shownReason(request);
    case OutcomeColumn:
        return row.outcome ? fromStd(clientOutcomeName(*row.outcome)) : tr("pending…");
    case EffectColumn: {
        if (row.effect < 0)
            return QString();
        const bool duplicate = sim.effects()[static_cast<std::size_t>(row.effect)].duplicate;
        const QString id = fromStd(sim.effectId(row.effect));
        return duplicate ? tr("%1 (duplicate)").arg(id) : id;
    }
    default:
        return {};
    }
}

QVariant RequestsModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Simulation& sim = m_run->simulation();
    const int request = index.row();
    const RequestRow& row = sim.requests()[static_cast<std::size_t>(request)];
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
    case FilterRole:
        return display(row, request, column);
    case SortRole:
        switch (column) {
        case IdColumn:
            return request;
        case TimeColumn:
            return qint64(row.sent);
        case AttemptColumn:
            return row.attempt * 10000 + row.copy;
        case StatusColumn:
            return row.status;
        case EffectColumn:
            return row.effect;
        default:
            return display(row, request, column);
        }
    case RequestIndexRole:
        return request;
    case ScopeIndexRole:
        return row.scope >= 0 ? row.scope : row.keylessScope;
    case DecisionRole:
        return row.decision ? int(*row.decision) : -1;
    case FullFingerprintRole:
        return fromStd(sim.fingerprint(row));
    case Qt::BackgroundRole:
        if (column == DecisionColumn && row.decision)
            return cellBackground(decisionColor(*row.decision));
        if (column == EffectColumn && row.effect >= 0 && sim.effects()[static_cast<std::size_t>(row.effect)].duplicate)
            return cellBackground(alarmColor());
        return {};
    case Qt::ForegroundRole:
        if (column == KeyColumn && !row.hasKey)
            return QColor(Qt::darkGray);
        if (column == EffectColumn && row.effect >= 0 && sim.effects()[static_cast<std::size_t>(row.effect)].duplicate)
            return alarmColor().darker(130);
        return {};
    case Qt::FontRole:
        if (column == FingerprintColumn || column == KeyColumn) {
            QFont font(QStringLiteral("monospace"));
            font.setStyleHint(QFont::TypeWriter);
            font.setItalic(column == KeyColumn && !row.hasKey);
            return font;
        }
        return {};
    case Qt::TextAlignmentRole:
        if (column == StatusColumn || column == TimeColumn || column == AttemptColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::ToolTipRole:
        switch (column) {
        case FingerprintColumn:
            return tr("SHA-256 of the canonical payload:\n%1").arg(fromStd(sim.fingerprint(row)));
        case DecisionColumn:
        case ReasonColumn:
            if (QString tip = shownReason(request); !tip.isEmpty()) {
                if (row.rulePath >= 0)
                    tip += QStringLiteral("\n\n")
                        + tr("Rule path: %1").arg(shownRulePath(sim.requestRulePath(request)));
                return tip;
            }
            return {};
        case TimeColumn:
            return tr("Sent at %1, arrived %2, decided %3")
                .arg(formatClock(row.sent), row.arrived >= 0 ? formatClock(row.arrived) : tr("never"),
                    row.decided >= 0 ? formatClock(row.decided) : tr("not yet"));
        case EffectColumn:
            if (row.effect >= 0 && sim.effects()[static_cast<std::size_t>(row.effect)].duplicate)
                return tr("A duplicate effect: this intent's business action ran more than once.");
            return display(row, request, column);
        case KeyColumn:
        case ClientColumn:
        case IntentColumn:
        case OutcomeColumn:
            return display(row, request, column); // the whole text where the column elides it
        default:
            return {};
        }
    default:
        return {};
    }
}

QVariant RequestsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case IdColumn:
            return tr("Request");
        case TimeColumn:
            return tr("Sent");
        case ClientColumn:
            return tr("Client");
        case IntentColumn:
            return tr("Intent");
        case AttemptColumn:
            return tr("Attempt");
        case KeyColumn:
            return tr("Key");
        case FingerprintColumn:
            return tr("Fingerprint");
        case DecisionColumn:
            return tr("Decision");
        case StatusColumn:
            return tr("Status");
        case ReasonColumn:
            return tr("Reason");
        case OutcomeColumn:
            return tr("Client outcome");
        case EffectColumn:
            return tr("Effect");
        default:
            return {};
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case TimeColumn:
            return tr("Virtual time at which the client sent this attempt");
        case AttemptColumn:
            return tr("Attempt number of this copy of the intent (copies are double-submits)");
        case FingerprintColumn:
            return tr("The first 12 hex digits of the payload's SHA-256 fingerprint");
        case DecisionColumn:
            return tr("What the service decided, coloured as the legend (Help → How to read this window)");
        case OutcomeColumn:
            return tr("What the client saw: the response, a timeout, a dropped response, or a request that never "
                      "arrived");
        case EffectColumn:
            return tr("The business effect this request executed, if any; duplicates are marked in red");
        default:
            return {};
        }
    }
    return {};
}

} // namespace iw
