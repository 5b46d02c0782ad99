// The Help menu: "How to read this window" (F1) — what each panel shows and what every colour means, drawn from the
// palette and the service's own explanations, said again in the new language while it is open — and About. Owns
// both actions.
#pragma once

#include <QObject>
#include <QString>

class QAction;
class QWidget;

namespace iw {

class HowToRead : public QObject {
    Q_OBJECT
public:
    // `window` parents the dialogs.
    explicit HowToRead(QWidget* window);

    QAction* howToReadAction() const { return m_howToRead; }
    QAction* aboutAction() const { return m_about; }
    // The help's HTML, in the language in use.
    QString text() const;
    void show();
    void showAbout();

    void retranslate();

private:
    QWidget* m_window;
    QAction* m_howToRead = nullptr;
    QAction* m_about = nullptr;
};

} // namespace iw
