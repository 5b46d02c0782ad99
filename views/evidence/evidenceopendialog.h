// File → Open Evidence…: the evidence files (several at once: HAR, OTLP/JSON traces, access logs, gzip or not), the
// profile to judge them against, the key's header, whether a timestamp without a zone is UTC, and optionally the
// idempotency table's rows to join — from an `inspect --json` file or read live, read-only, from PostgreSQL.
#pragma once

#include "evidenceload.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QStackedWidget;

namespace iw {

class EvidenceOpenDialog : public QDialog {
    Q_OBJECT
public:
    explicit EvidenceOpenDialog(QWidget* parent = nullptr);

    EvidenceRequest request() const;
    void setRequest(const EvidenceRequest& request);
    void addFiles(const QStringList& files);

    void accept() override;

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void addInteractive();
    void chooseRowsFile();
    void syncButtons();

    QLabel* m_intro = nullptr;
    QLabel* m_filesLabel = nullptr;
    QListWidget* m_files = nullptr;
    QPushButton* m_add = nullptr;
    QPushButton* m_remove = nullptr;
    QLabel* m_profileLabel = nullptr;
    QComboBox* m_profile = nullptr;
    QLabel* m_keyHeaderLabel = nullptr;
    QLineEdit* m_keyHeader = nullptr;
    QCheckBox* m_assumeUtc = nullptr;
    QLabel* m_rowsLabel = nullptr;
    QComboBox* m_rows = nullptr;
    QStackedWidget* m_rowsPages = nullptr;
    QLineEdit* m_rowsFile = nullptr;
    QPushButton* m_rowsBrowse = nullptr;
    QLabel* m_conninfoLabel = nullptr;
    QLineEdit* m_conninfo = nullptr;
    QLabel* m_passwordLabel = nullptr;
    QLineEdit* m_password = nullptr;
    QLabel* m_tableLabel = nullptr;
    QLineEdit* m_table = nullptr;
    QLabel* m_mappingLabel = nullptr;
    QComboBox* m_mapping = nullptr;
    QCheckBox* m_pooler = nullptr;
    QLabel* m_error = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
};

} // namespace iw
