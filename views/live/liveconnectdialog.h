// The live-database connection dialog (docs/manual/live-tables.md–§9): a libpq conninfo or URI, or
// host/port/database/user fields with an sslmode choice; a password asked for and never saved; recent connections
// remembered without secrets; a Test button that answers with one sentence. Connecting happens on a helper thread so
// the dialog stays responsive.
#pragma once

#include "liveconnection.h"

#include <QDialog>
#include <QPointer>

#include <functional>
#include <memory>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTabWidget;

namespace iw {

class LiveConnectDialog : public QDialog {
    Q_OBJECT
public:
    explicit LiveConnectDialog(QWidget* parent = nullptr);
    ~LiveConnectDialog() override;

    // The conninfo the form describes, without the password (empty: libpq's defaults, PG* and service files).
    QString conninfo() const;
    void setConninfo(const QString& conninfo);
    void setPassword(const QString& password);
    // "Through a transaction pooler": no session state is set (see LiveConnection::open).
    bool transactionPooler() const;
    void setTransactionPooler(bool on);
    // The sentence the last Test or Connect ended with.
    QString resultText() const;
    bool isTrying() const { return m_trying; }

    // After the dialog was accepted: the open, read-only connection.
    std::unique_ptr<LiveConnection> takeConnection();

    // Recent connections (conninfo strings without passwords), newest first.
    static QStringList recentConnections();
    static void rememberConnection(const QString& conninfo);

public Q_SLOTS:
    // Tries to connect and says how it went; keeps nothing.
    void test();
    // Connects; closes on success, stays open with the sentence on failure.
    void accept() override;
    // Remembers the conninfo typed (without its password) for the next time the dialog opens.
    void done(int result) override;

Q_SIGNALS:
    // A Test or Connect attempt ended (after resultText() changed).
    void attemptFinished(bool connected);

protected:
    void changeEvent(QEvent* event) override;

private:
    // Every text of the dialog again, in the language now in use (QEvent::LanguageChange).
    void retranslate();
    void attempt(bool keep);
    void finish(std::unique_ptr<LiveConnection> connection, const QString& sentence, LiveError::Kind kind, bool keep);
    void setTrying(bool trying);
    // The result line: `text` says it (again on a language switch), in green when `good`, else in the alarm colour.
    void showResult(std::function<QString()> text, bool good);
    void showResultText();
    void fillFromRecent(int index);

    QLabel* m_intro = nullptr;
    QLabel* m_recentLabel = nullptr;
    QLabel* m_conninfoLabel = nullptr;
    QLabel* m_hostLabel = nullptr;
    QLabel* m_portLabel = nullptr;
    QLabel* m_databaseLabel = nullptr;
    QLabel* m_userLabel = nullptr;
    QLabel* m_sslmodeLabel = nullptr;
    QLabel* m_passwordLabel = nullptr;
    QComboBox* m_recent = nullptr;
    QTabWidget* m_tabs = nullptr;
    QLineEdit* m_conninfo = nullptr;
    QLineEdit* m_host = nullptr;
    QLineEdit* m_port = nullptr;
    QLineEdit* m_database = nullptr;
    QLineEdit* m_user = nullptr;
    QComboBox* m_sslmode = nullptr;
    QLineEdit* m_password = nullptr;
    QCheckBox* m_pooler = nullptr;
    QLabel* m_result = nullptr;
    QPushButton* m_testButton = nullptr;
    QPushButton* m_connectButton = nullptr;
    bool m_trying = false;
    std::function<QString()> m_resultText; // says the result line in the language in use
    bool m_resultGood = false;
    QPointer<QWidget> m_focusBefore;
    std::unique_ptr<LiveConnection> m_connection;
};

} // namespace iw
