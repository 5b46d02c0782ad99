// Window sizes (see windowsize.h).
#include "windowsize.h"

#include <QGuiApplication>
#include <QScreen>
#include <QSettings>
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

} // namespace iw
