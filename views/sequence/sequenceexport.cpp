// SVG and PNG of one intent's sequence.
#include "sequenceexport.h"

#include "sequencepainter.h"
#include "stdtext.h"

#include <QBuffer>
#include <QFontMetricsF>
#include <QGuiApplication>
#include <QPainter>
#include <QSvgGenerator>

#include <algorithm>
#include <cmath>

namespace iw {

namespace {

SequenceScene sceneFor(const SequenceExportOptions& options)
{
    SequenceScene scene;
    scene.font = options.font;
    scene.compact = options.compact;
    scene.now = options.now;
    scene.translated = options.translated;
    scene.until = options.until;
    return scene;
}

// Lays the diagram out for `size` and paints it whole onto `device` (an image or an SVG generator).
void paintWhole(QPaintDevice& device, const SequenceModel& model, const SequenceExportOptions& options, QSize size)
{
    QPainter p(&device);
    SequencePainter painter;
    const SequenceScene scene = sceneFor(options);
    painter.layout(model, scene, size);
    painter.paint(p, model, scene, QRectF(QPointF(0, 0), QSizeF(size)));
    p.end();
}

// The pair's options: both sides' time runs to the later run's end, so an instant is the same height in both.
SequenceExportOptions pairOptions(const SequenceSide& left, const SequenceSide& right, SequenceExportOptions options)
{
    options.until = std::max({ options.until, left.model->end, right.model->end });
    return options;
}

QFont titleFont(const SequenceExportOptions& options)
{
    QFont font = options.font;
    font.setBold(true);
    return font;
}

double titleHeight(const SequenceExportOptions& options)
{
    return std::ceil(QFontMetricsF(titleFont(options)).height() * 1.8);
}

// A gap between the two diagrams, with a rule down its middle.
constexpr int kPairGap = 24;

void paintPair(QPaintDevice& device, const SequenceSide& left, const SequenceSide& right,
    const SequenceExportOptions& options, QSize size)
{
    const SequenceExportOptions both = pairOptions(left, right, options);
    const int title = int(titleHeight(both));
    const int leftWidth = sequenceExportSize(*left.model, both).width();
    const int rightWidth = size.width() - leftWidth - kPairGap;
    QPainter p(&device);
    p.fillRect(QRect(QPoint(0, 0), size), Qt::white);
    const SequenceScene scene = sceneFor(both);
    int x = 0;
    for (const auto& [side, width] : { std::pair(&left, leftWidth), std::pair(&right, rightWidth) }) {
        p.setFont(titleFont(both));
        p.setPen(QColor(0x20, 0x20, 0x24));
        p.drawText(QRectF(x + 8, 0, width - 16, title), Qt::AlignLeft | Qt::AlignVCenter, side->title);
        const QSize diagram(width, size.height() - title);
        p.save();
        p.translate(x, title);
        SequencePainter painter;
        painter.layout(*side->model, scene, diagram);
        painter.paint(p, *side->model, scene, QRectF(QPointF(0, 0), QSizeF(diagram)));
        p.restore();
        x += width + kPairGap;
    }
    p.setPen(QPen(QColor(0xB0, 0xB4, 0xBC), 1));
    p.drawLine(QPointF(leftWidth + kPairGap / 2.0, 4), QPointF(leftWidth + kPairGap / 2.0, size.height() - 4));
    p.end();
}

} // namespace

QSize sequencePairSize(const SequenceSide& left, const SequenceSide& right, const SequenceExportOptions& options)
{
    const SequenceExportOptions both = pairOptions(left, right, options);
    const QSize a = sequenceExportSize(*left.model, both);
    const QSize b = sequenceExportSize(*right.model, both);
    return { a.width() + kPairGap + b.width(), int(titleHeight(both)) + std::max(a.height(), b.height()) };
}

QImage sequencePairImage(const SequenceSide& left, const SequenceSide& right, const SequenceExportOptions& options)
{
    const QSize size = sequencePairSize(left, right, options);
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    paintPair(image, left, right, options, size);
    return image;
}

QByteArray sequencePairPng(const SequenceSide& left, const SequenceSide& right, const SequenceExportOptions& options)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    sequencePairImage(left, right, options).save(&buffer, "PNG");
    return bytes;
}

QByteArray sequencePairSvg(const SequenceSide& left, const SequenceSide& right, const SequenceExportOptions& options)
{
    const QSize size = sequencePairSize(left, right, options);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setTitle(QGuiApplication::translate("iw::SequenceExport", "Sequence of intent %1 under two strategies")
                           .arg(fromStd(left.model->intentName)));
    generator.setDescription(QGuiApplication::translate("iw::SequenceExport", "Idempotency Workbench"));
    paintPair(generator, left, right, options, size);
    return bytes;
}

QSize sequenceExportSize(const SequenceModel& model, const SequenceExportOptions& options)
{
    const int width = std::max({ 960, SequencePainter::minimumWidth(model, sceneFor(options)),
        int(SequencePainter::axisWidth(options.compact, options.font)) + 190 * int(model.lanes.size()) });
    // Proportional time gets a page's height; compact rows take what they need.
    const int height = SequencePainter::preferredHeight(model, sceneFor(options), width, options.compact ? 320 : 760);
    return { width, height };
}

QImage sequenceImage(const SequenceModel& model, const SequenceExportOptions& options)
{
    const QSize size = sequenceExportSize(model, options);
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    paintWhole(image, model, options, size);
    return image;
}

QByteArray sequencePng(const SequenceModel& model, const SequenceExportOptions& options)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    sequenceImage(model, options).save(&buffer, "PNG");
    return bytes;
}

QByteArray sequenceSvg(const SequenceModel& model, const SequenceExportOptions& options)
{
    const QSize size = sequenceExportSize(model, options);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setTitle(
        QGuiApplication::translate("iw::SequenceExport", "Sequence of intent %1").arg(fromStd(model.intentName)));
    generator.setDescription(QGuiApplication::translate("iw::SequenceExport", "Idempotency Workbench"));
    paintWhole(generator, model, options, size);
    return bytes;
}

} // namespace iw
