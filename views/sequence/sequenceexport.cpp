// SVG and PNG of one intent's sequence.
#include "sequenceexport.h"

#include "sequencepainter.h"
#include "stdtext.h"

#include <QBuffer>
#include <QGuiApplication>
#include <QPainter>
#include <QSvgGenerator>

#include <algorithm>

namespace iw {

namespace {

SequenceScene sceneFor(const SequenceExportOptions& options)
{
    SequenceScene scene;
    scene.font = options.font;
    scene.compact = options.compact;
    scene.now = options.now;
    scene.translated = options.translated;
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

} // namespace

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
