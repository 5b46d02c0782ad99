// Glyph icons (see icons.h).
#include "icons.h"

#include <QFont>
#include <QPainter>
#include <QPixmap>

namespace iw {

QIcon glyphIcon(const QString& glyph, const QColor& color)
{
    QIcon icon;
    for (const int size : { 16, 22, 24, 32 }) {
        QPixmap pixmap(size, size);
        pixmap.fill(Qt::transparent);
        QPainter p(&pixmap);
        p.setRenderHint(QPainter::Antialiasing, true);
        p.setRenderHint(QPainter::TextAntialiasing, true);
        QFont font(QStringLiteral("DejaVu Sans"));
        font.setBold(true);
        font.setPixelSize(glyph.size() > 1 ? int(size * 0.55) : int(size * 0.85));
        p.setFont(font);
        p.setPen(color);
        p.drawText(QRect(0, 0, size, size), Qt::AlignCenter, glyph);
        p.end();
        icon.addPixmap(pixmap);
    }
    return icon;
}

} // namespace iw
