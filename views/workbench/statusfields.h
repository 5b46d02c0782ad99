// The main window's status bar: the permanent fields — what is served, whether virtual time runs, the virtual clock,
// the speed, where the records live and the database connection — kept up to date as the run, the server and the
// store change, and the messages between them, elided at a word to the room the fields leave (whole in the tooltip).
#pragma once

#include <QObject>
#include <QString>

class QLabel;
class QStatusBar;
class QWidget;

namespace iw {

class RunController;
class ServeSession;
class StoreSwitch;

class StatusFields : public QObject {
    Q_OBJECT
public:
    StatusFields(QStatusBar* bar, RunController* run, ServeSession* serve, StoreSwitch* store);

    // A message for `timeoutMs` (0: until the next one).
    void showMessage(const QString& text, int timeoutMs);
    void clearMessage();
    QString lastMessage() const { return m_lastMessage; } // whole, as given

    // The fields, as shown.
    QString clockText() const;
    QString runStateText() const;
    QString storeText() const;
    QString connectionText() const; // the whole sentence, also when the field shows it elided
    QString serveText() const; // "serving http://127.0.0.1:8787/ · 3 requests", empty when not serving

    // Every field says its state again (in the language now in use); tooltips too.
    void retranslate();
    void update();

private:
    QStatusBar* m_bar;
    RunController* m_run;
    ServeSession* m_serve;
    StoreSwitch* m_store;
    QString m_lastMessage;
    QLabel* m_state = nullptr;
    QLabel* m_clock = nullptr;
    QLabel* m_speed = nullptr;
    QLabel* m_storeLabel = nullptr;
    QLabel* m_connection = nullptr;
    QLabel* m_serveLabel = nullptr;
    QWidget* m_serveSeparator = nullptr;
};

} // namespace iw
