// Choosing what to inspect: the candidate tables the database offers (a unique key on a key-like column), any
// other table by name, and a mapping (a preset or a mapping file), with a preview of how the first rows classify
// and of the counts by state — or the sentence saying which column does not fit.
#pragma once

#include "liveinspector.h"

#include <QDialog>
#include <QTimer>

#include <functional>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableView;
class QTableWidget;

namespace iw {

class LiveRecordsModel;
class LiveSession;

class LiveTableDialog : public QDialog {
    Q_OBJECT
public:
    explicit LiveTableDialog(LiveSession* session, QWidget* parent = nullptr);

    // The chosen table: a discovered one (schema and name set), or one typed by name.
    LiveTableRef table() const;
    QString tableName() const;
    LiveMapping mapping() const { return m_mapping; }
    // The preview's sentence (counts, or why the table does not fit).
    QString previewText() const;
    // The chosen mapping's title and description, as plain text.
    QString mappingInfoText() const;
    LiveRecordsModel* previewModel() const { return m_previewModel; }

    // Selects a mapping preset by name or loads a mapping file; false (with the reason shown) when it fails.
    bool chooseMapping(const QString& presetOrFile);
    void chooseTableByName(const QString& name);

Q_SIGNALS:
    void previewShown(bool fits);

protected:
    void changeEvent(QEvent* event) override;

private:
    // Every text of the dialog again, in the language now in use (QEvent::LanguageChange).
    void retranslate();
    void fillCandidateTexts(int row);
    // The preview's sentence: `text` says it (again on a language switch).
    void setPreviewText(std::function<QString()> text);
    void onTables(const std::vector<LiveCandidate>& tables);
    void onCandidateChanged();
    void onMappingChanged(int index);
    void schedulePreview();
    void runPreview();
    void showPreview(std::shared_ptr<const LiveSnapshot> snapshot, const QString& rules);
    void showPreviewFailure(const QString& sentence);

    LiveSession* m_session;
    std::vector<LiveCandidate> m_tables;
    QLabel* m_where = nullptr;
    QLabel* m_tablesLabel = nullptr;
    QLabel* m_tableLabel = nullptr;
    QLabel* m_mappingLabel = nullptr;
    QTableWidget* m_candidates = nullptr;
    QLineEdit* m_tableName = nullptr;
    QComboBox* m_mappingCombo = nullptr;
    QLabel* m_mappingInfo = nullptr;
    QLabel* m_preview = nullptr;
    QTableView* m_previewView = nullptr;
    LiveRecordsModel* m_previewModel = nullptr;
    QPushButton* m_open = nullptr;
    LiveMapping m_mapping;
    std::function<QString()> m_previewText; // says the preview in the language in use
    QTimer m_previewTimer;
    bool m_fits = false;
    bool m_previewRunning = false;
    bool m_previewAgain = false;
};

} // namespace iw
