// Icons drawn from a glyph, so every action has its own picture on every platform (the style's standard icons
// repeat: the same arrow for Fire and Pan, the same warning sign for two actions). One glyph per meaning.
#pragma once

#include <QColor>
#include <QIcon>
#include <QString>

namespace iw {

// `glyph` (one or two characters) drawn bold in `color`, centred, at 16, 22, 24 and 32 pixels.
QIcon glyphIcon(const QString& glyph, const QColor& color);

} // namespace iw
