// The window's list of violations, as the live window lists its anomalies: a row per violation in time order —
// its instant (UTC), its kind in the GUI's language, its scope and the evidence that shows it.
#pragma once

#include "evidenceload.h"

#include <QAbstractTableModel>

#include <memory>

namespace iw {

class ViolationsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { TimeColumn, KindColumn, KeyColumn, EvidenceColumn, DetailColumn, ColumnCount };
    using QAbstractTableModel::QAbstractTableModel;

    void setLoad(std::shared_ptr<const EvidenceLoad> load);
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // A violation kind in the GUI's language ("Duplicate execution").
    static QString kindText(ViolationKind kind);
    // What the kind means, for a tooltip.
    static QString kindMeaning(ViolationKind kind);

    // Headers and rows said again in the language now in use (the window calls it on QEvent::LanguageChange).
    void retranslate();

private:
    std::shared_ptr<const EvidenceLoad> m_load;
};

// "2026-12-06 10:00:00.123 UTC".
QString evidenceInstant(Millis epochMs);

// A piece of evidence named in the GUI's language, its file as `files` names it: "access.log:12",
// "session.har entry 3", "spans.json span 5b8efff798038103", "inspect.json record 4".
QString shownRef(const EvidenceRef& ref, const std::vector<std::string>& files);

// A violation's sentence in the GUI's language (core's template, context "iw::Violations", translated and filled:
// durations as the GUI writes them, evidence as shownRef names it); the command line prints the same in English.
QString shownDetail(const Violation& violation, const std::vector<std::string>& files);

} // namespace iw
