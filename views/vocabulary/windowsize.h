// Window sizes that fit the screen they open on, and the geometry the user left them at.
#pragma once

#include <QRect>
#include <QSize>
#include <QString>

class QLineEdit;
class QWidget;

namespace iw {

// `wanted`, shrunk to fit `available` with a small margin (a 1280×800 screen gets no window larger than it).
QSize fitToScreen(const QSize& wanted, const QRect& available);
// Restores the geometry saved under `settingsKey` when it still fits a screen; otherwise sizes `window` to `wanted`
// fitted to its screen's available area and centres it there.
void placeWindow(QWidget* window, const QSize& wanted, const QString& settingsKey);
// Saves the window's geometry under `settingsKey` (call when it closes).
void rememberWindow(const QWidget* window, const QString& settingsKey);
// Makes `edit` at least as wide as its placeholder, whose example is the help (a conninfo's shape): call after each
// setPlaceholderText, since a language's words take another width.
void showWholePlaceholder(QLineEdit* edit);

} // namespace iw
