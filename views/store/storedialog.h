// The store switch's PostgreSQL dialog (docs/manual/live-tables.md–§9): a libpq conninfo or URI (empty: the PG*
// environment), the workbench's schema, whether to create it when missing, and an Install schema button that answers
// with one sentence. The conninfo is remembered without its password; the schema name as typed.
#pragma once

#include <QDialog>

#include <functional>

class QCheckBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace iw {

class StoreDialog : public QDialog {
    Q_OBJECT
public:
    explicit StoreDialog(QWidget* parent = nullptr);

    QString conninfo() const;
    void setConninfo(const QString& conninfo);
    QString schema() const;
    void setSchema(const QString& schema);
    bool createSchema() const;
    // "Through a transaction pooler" (`--pooler transaction`): remembered with the conninfo.
    bool transactionPooler() const;
    void setTransactionPooler(bool on);
    // The sentence the last Install schema ended with.
    QString resultText() const;
    bool isInstalling() const { return m_installing; }

    // What the dialog remembers (never a password).
    static void remember(const QString& conninfo, const QString& schema, bool transactionPooler = false);

public Q_SLOTS:
    // Connects on a worker thread, installs the schema and says what it created or found; keeps no connection.
    void installSchema();
    void accept() override;
    void reject() override; // not while an installation waits for the database: the dialog is on its stack

Q_SIGNALS:
    void installFinished(bool ok);

protected:
    void changeEvent(QEvent* event) override;

private:
    // Every text of the dialog again, in the language now in use (QEvent::LanguageChange).
    void retranslate();
    // The result line: `text` says it (again on a language switch), in the alarm colour unless `good`.
    void showResult(std::function<QString()> text, bool good);
    void showResultText();

    QLabel* m_intro = nullptr;
    QLabel* m_conninfoLabel = nullptr;
    QLabel* m_schemaLabel = nullptr;
    QLineEdit* m_conninfo = nullptr;
    QLineEdit* m_schema = nullptr;
    QCheckBox* m_create = nullptr;
    QCheckBox* m_pooler = nullptr;
    QLabel* m_result = nullptr;
    QPushButton* m_installButton = nullptr;
    QPushButton* m_connectButton = nullptr;
    bool m_installing = false;
    std::function<QString()> m_resultText; // says the result line in the language in use
    bool m_resultGood = true;
};

} // namespace iw
