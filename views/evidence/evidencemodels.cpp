// The violations list (see evidencemodels.h).
#include "evidencemodels.h"

#include "colors.h"
#include "duration.h"
#include "placeholders.h"
#include "stdtext.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QTimeZone>

namespace iw {

QString evidenceInstant(Millis epochMs)
{
    return QDateTime::fromMSecsSinceEpoch(epochMs, QTimeZone::utc()).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss.zzz"))
        + QStringLiteral(" UTC");
}

QString shownRef(const EvidenceRef& ref, const std::vector<std::string>& files)
{
    const QString file = ref.file < files.size() ? fromStd(files[ref.file]) : QStringLiteral("?");
    switch (ref.kind) {
    case EvidenceRef::Kind::Line:
        return QStringLiteral("%1:%2").arg(file).arg(ref.at);
    case EvidenceRef::Kind::HarEntry:
        return ViolationsModel::tr("%1 entry %2", "a HAR file's entry").arg(file).arg(ref.at);
    case EvidenceRef::Kind::Span:
        return ViolationsModel::tr("%1 span %2", "a trace file's span").arg(file, fromStd(spanIdHex(ref.at)));
    case EvidenceRef::Kind::Row:
        return ViolationsModel::tr("%1 record %2", "an inspection's record").arg(file).arg(ref.at);
    }
    return file;
}

QString shownDetail(const Violation& violation, const std::vector<std::string>& files)
{
    const ViolationText& text = violation.text;
    if (!text.source || !*text.source)
        return fromStd(violation.detail);
    const QString pattern = QCoreApplication::translate(kViolationTextContext, text.source);
    std::vector<std::string> values;
    values.reserve(text.args.size());
    for (const ViolationTextArg& a : text.args) {
        switch (a.kind) {
        case ViolationTextArg::Kind::Duration:
            values.push_back(shownDuration(a.ms).toStdString());
            break;
        case ViolationTextArg::Kind::Text:
            values.push_back(a.text);
            break;
        case ViolationTextArg::Kind::Ref:
            values.push_back(shownRef(a.ref, files).toStdString());
            break;
        case ViolationTextArg::Kind::Status:
            values.push_back(a.status
                    ? std::to_string(*a.status)
                    : QCoreApplication::translate(kViolationTextContext, kNoAnswerPhrase).toStdString());
            break;
        }
    }
    // Filled in one pass, as core fills them: a file's own "%2" stays as it is.
    return fromStd(fillPlaceholders(pattern.toStdString(), values));
}

QString ViolationsModel::kindText(ViolationKind kind)
{
    switch (kind) {
    case ViolationKind::DuplicateExecution:
        return tr("Duplicate execution");
    case ViolationKind::ReplayDiffers:
        return tr("Replay differs");
    case ViolationKind::SuccessAfterMismatch:
        return tr("Success after a mismatch");
    case ViolationKind::StuckInProgress:
        return tr("Stuck in progress");
    case ViolationKind::LateRetryReexecuted:
        return tr("Late retry executed again");
    case ViolationKind::ConflictStatus:
        return tr("Conflict status");
    }
    return {};
}

QString ViolationsModel::kindMeaning(ViolationKind kind)
{
    switch (kind) {
    case ViolationKind::DuplicateExecution:
        return tr("Two successes that were not replays for one key (or one suspected intent): the operation ran "
                  "twice.");
    case ViolationKind::ReplayDiffers:
        return tr("A replay whose status or body differs from the original answer.");
    case ViolationKind::SuccessAfterMismatch:
        return tr("A success for another payload under a key already used.");
    case ViolationKind::StuckInProgress:
        return tr("The table holds the key in progress long after anything was working on it.");
    case ViolationKind::LateRetryReexecuted:
        return tr("A retry after the profile's window ran the operation again.");
    case ViolationKind::ConflictStatus:
        return tr("An in-progress answer with another status than the profile's.");
    }
    return {};
}

void ViolationsModel::setLoad(std::shared_ptr<const EvidenceLoad> load)
{
    beginResetModel();
    m_load = std::move(load);
    endResetModel();
}

int ViolationsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_load ? 0 : static_cast<int>(m_load->result.violations.size());
}

int ViolationsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ViolationsModel::data(const QModelIndex& index, int role) const
{
    if (!m_load || !index.isValid() || index.row() >= rowCount())
        return {};
    const Violation& v = m_load->result.violations[static_cast<std::size_t>(index.row())];
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
        switch (index.column()) {
        case TimeColumn:
            return evidenceInstant(v.atMs);
        case KindColumn:
            if (role == Qt::ToolTipRole)
                return kindMeaning(v.kind);
            return v.suspected ? tr("%1 (suspected intent)").arg(kindText(v.kind)) : kindText(v.kind);
        case KeyColumn:
            if (v.scope.key.empty())
                return tr("(no key) %1 %2").arg(fromStd(v.scope.actor), fromStd(v.scope.operation));
            return role == Qt::ToolTipRole
                ? tr("key %1, actor %2, %3")
                      .arg(fromStd(v.scope.key), fromStd(v.scope.actor), fromStd(v.scope.operation))
                : fromStd(v.scope.key);
        case EvidenceColumn: {
            QStringList refs;
            for (const EvidenceRef& r : v.evidence)
                refs << shownRef(r, m_load->shownFiles);
            return refs.join(QStringLiteral(", "));
        }
        case DetailColumn:
            return shownDetail(v, m_load->shownFiles);
        }
    }
    if (role == Qt::ForegroundRole && index.column() == KindColumn)
        return alarmColor();
    return {};
}

QVariant ViolationsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case TimeColumn:
        return tr("When (UTC)");
    case KindColumn:
        return tr("Violation");
    case KeyColumn:
        return tr("Key");
    case EvidenceColumn:
        return tr("Evidence");
    case DetailColumn:
        return tr("What the evidence shows");
    }
    return {};
}

void ViolationsModel::retranslate()
{
    Q_EMIT headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (rowCount() > 0)
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

} // namespace iw
