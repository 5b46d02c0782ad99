// Window sizes (see windowsize.h).
#include "windowsize.h"

#include <QGuiApplication>
#include <QLineEdit>
#include <QScreen>
#include <QSettings>
#include <QStyle>
#include <QWidget>

#include <algorithm>

namespace iw {

QSize fitToScreen(const QSize& wanted, const QRect& available)
{
    if (!available.isValid())
        return wanted;
    const int margin = 24; // room for the frame and the desktop's panels
    return { std::max(320, std::min(wanted.width(), available.width() - margin)),
        std::max(240, std::min(wanted.height(), available.height() - margin)) };
}

void placeWindow(QWidget* window, const QSize& wanted, const QString& settingsKey)
{
    const QByteArray saved = QSettings().value(settingsKey).toByteArray();
    if (!saved.isEmpty() && window->restoreGeometry(saved)) {
        // A geometry from a larger monitor that is gone: fall through to a fitted size.
        for (const QScreen* screen : QGuiApplication::screens()) {
            if (screen->availableGeometry().contains(window->frameGeometry().center()))
                return;
        }
    }
    const QScreen* screen = window->screen() ? window->screen() : QGuiApplication::primaryScreen();
    const QRect available = screen ? screen->availableGeometry() : QRect();
    const QSize size = fitToScreen(wanted, available);
    window->resize(size);
    if (available.isValid())
        window->move(available.center() - QPoint(size.width() / 2, size.height() / 2));
}

void rememberWindow(const QWidget* window, const QString& settingsKey)
{
    QSettings().setValue(settingsKey, window->saveGeometry());
}

void showWholePlaceholder(QLineEdit* edit)
{
    // The frame and the text margins of the style, as QLineEdit's own size hint adds them.
    const int margins = 2 * edit->style()->pixelMetric(QStyle::PM_DefaultFrameWidth, nullptr, edit) + 12;
    edit->setMinimumWidth(edit->fontMetrics().horizontalAdvance(edit->placeholderText()) + margins);
}

} // namespace iw
