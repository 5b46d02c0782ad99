// The figures of a policy review as a table: one row per figure (SPEC §6 `compare`, storage held, then one row per
// decision kind that occurred), one column per policy. Cells that must not be missed — duplicate effects, a retry
// horizon beyond retention — carry the alarm colour.
#pragma once

#include "review.h"

#include <QAbstractTableModel>

#include <memory>

namespace iw {

class ReviewFiguresModel : public QAbstractTableModel {
    Q_OBJECT
public:
    // The fixed rows; decision rows follow them, one per decision kind seen in any policy, sorted by name.
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
        FigureRole, // int: the Figure of the row (FixedFigureCount for decision rows)
        DecisionRole, // QString: the decision name of a decision row
    };

    explicit ReviewFiguresModel(QObject* parent = nullptr);

    // Shows a review (nullptr: none). Policies without figures (cancelled, failed) show an empty column.
    void setReview(std::shared_ptr<const ReviewResult> review);
    const ReviewResult* review() const { return m_review.get(); }
    // The row of a fixed figure or of a decision kind; -1 when absent.
    int rowOf(Figure figure) const { return figure < FixedFigureCount ? int(figure) : -1; }
    int rowOfDecision(const QString& decision) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    static QString figureName(Figure figure);
    // A duration without its zero parts, for policy figures: "224 ms", "10.8 s", "1 h", "2 h 10 min", "1 d 6 h".
    static QString duration(Millis ms);
    static QString figureExplanation(Figure figure);

private:
    const PolicyFigures* figuresOf(int column) const;
    QVariant value(const PolicyFigures& f, int row) const;
    QString display(const PolicyFigures& f, int row) const;
    bool alarm(const PolicyFigures& f, int row) const;

    std::shared_ptr<const ReviewResult> m_review;
    QStringList m_decisions; // decision rows, sorted
};

} // namespace iw
