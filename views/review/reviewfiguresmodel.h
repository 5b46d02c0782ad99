// The figures of a policy review as a table: one row per figure (docs/reference/cli.md `compare`, storage held, then
// one row per decision kind that occurred), one column per policy. When a policy has a route
// (docs/reference/routes.md), one row per hop (reviewHops) follows the duplicate effects: the simulation's duplicate
// effects at that hop. Cells that must not be missed — duplicate effects, a retry horizon beyond retention — carry the
// alarm colour.
#pragma once

#include "review.h"

#include <QAbstractTableModel>

#include <memory>

namespace iw {

class ReviewFiguresModel : public QAbstractTableModel {
    Q_OBJECT
public:
    // The fixed figures, in row order; with a route the hop rows come right after DuplicateEffects (so the rows
    // after it move down by the number of hops: use rowOf), and decision rows follow the last, one per decision
    // kind seen in any policy, sorted by name.
    enum Figure {
        Intents,
        Requests,
        Effects,
        DuplicateEffects,
        DuplicateRate,
        UnknownOutcome,
        ConflictRate,
        ReplayRate,
        Succeeded,
        TimeToSuccessP50,
        TimeToSuccessP90,
        TimeToSuccessP99,
        RetryHorizon,
        Retention,
        HorizonExceedsRetention,
        PeakRecords,
        PeakTombstones,
        PeakStorage,
        FixedFigureCount,
    };
    enum Roles {
        ValueRole = Qt::UserRole, // the raw figure: qint64, double, or a null QVariant when there is none
        AlarmRole, // bool: the cell shows something a reviewer must not miss
        FigureRole, // int: the Figure of the row (FixedFigureCount for hop and decision rows)
        DecisionRole, // QString: the decision name of a decision row
        HopRole, // QString: the hop of a hop row ("service", "gateway", …)
    };

    explicit ReviewFiguresModel(QObject* parent = nullptr);

    // Shows a review (nullptr: none). Policies without figures (cancelled, failed) show an empty column.
    void setReview(std::shared_ptr<const ReviewResult> review);
    // The language changed: every header and cell is worded again.
    void retranslate();
    const ReviewResult* review() const { return m_review.get(); }
    // The row of a fixed figure, of a hop's duplicate effects or of a decision kind; -1 when absent.
    int rowOf(Figure figure) const;
    int rowOfHop(const QString& hop) const;
    int rowOfDecision(const QString& decision) const;
    // The hops of the hop rows, in row order (empty: no policy has a route).
    const QStringList& hops() const { return m_hops; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    static QString figureName(Figure figure);
    static QString figureExplanation(Figure figure);
    static QString hopExplanation(const QString& hop);

private:
    const PolicyFigures* figuresOf(int column) const;
    // What a row shows: a fixed figure (FixedFigureCount for the others), a hop (index into m_hops) or a decision
    // (index into m_decisions); -1 for what it is not.
    Figure figureAt(int row) const;
    int hopAt(int row) const;
    int decisionAt(int row) const;
    QVariant value(const PolicyFigures& f, int row) const;
    QString display(const PolicyFigures& f, int row) const;
    bool alarm(const PolicyFigures& f, int row) const;

    std::shared_ptr<const ReviewResult> m_review;
    QStringList m_hops; // hop rows, after DuplicateEffects
    QStringList m_decisions; // decision rows, sorted
};

} // namespace iw
