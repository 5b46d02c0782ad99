// The sequence as a file (docs/manual/teaching.md): SVG (Qt's QSvgGenerator) and PNG, painted by SequencePainter at a
// size that reads — the command line's `sequence --format svg|png` and the dock's Export both write these bytes.
#pragma once

#include "sequencemodel.h"

#include <QByteArray>
#include <QFont>
#include <QImage>
#include <QSize>
#include <QString>

namespace iw {

struct SequenceExportOptions {
    bool compact = false;
    QFont font; // default: the application font
    Millis now = -1; // a partly played run: messages under way are drawn up to now
    // true: the texts in the GUI's language (the dock's Export); false: the model's English (the command line).
    bool translated = false;
    Millis until = -1; // ≥ 0: proportional time runs at least to this instant (SequenceScene::until)
};

// The size an export is painted at: wide enough for every lane, tall enough for compact rows.
QSize sequenceExportSize(const SequenceModel& model, const SequenceExportOptions& options);
QImage sequenceImage(const SequenceModel& model, const SequenceExportOptions& options);
QByteArray sequencePng(const SequenceModel& model, const SequenceExportOptions& options);
QByteArray sequenceSvg(const SequenceModel& model, const SequenceExportOptions& options);

// Two runs of one scenario side by side, each under its title, on one time axis: the command line's
// `sequence --beside-strategy`, the window's Compare Strategies Side by Side as a file (the same intent under the
// scenario's strategy on the left and another on the right).
struct SequenceSide {
    const SequenceModel* model = nullptr;
    QString title; // "check_then_insert: 2 effects, 1 duplicate"
};
QSize sequencePairSize(const SequenceSide& left, const SequenceSide& right, const SequenceExportOptions& options);
QImage sequencePairImage(const SequenceSide& left, const SequenceSide& right, const SequenceExportOptions& options);
QByteArray sequencePairPng(const SequenceSide& left, const SequenceSide& right, const SequenceExportOptions& options);
QByteArray sequencePairSvg(const SequenceSide& left, const SequenceSide& right, const SequenceExportOptions& options);

} // namespace iw
