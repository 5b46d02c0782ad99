// What the connect dialogs of the views read along a cursor share (a Redis keyspace's, a MySQL table's): an intro, a
// form the engine fills with its fields, the mapping last (a preset or a mapping file, with a button that browses for
// one), the line that says why the fields cannot be used, and OK and Cancel. The engine's dialog checks its fields in
// accept() and says what they are for in retranslate().
#pragma once

#include "livemapping.h"

#include <QDialog>

#include <string>
#include <vector>

class QAction;
class QComboBox;
class QFormLayout;
class QLabel;

namespace iw {

class CursorLiveConnectDialog : public QDialog {
    Q_OBJECT
public:
    ~CursorLiveConnectDialog() override;

    void setMapping(const QString& presetOrFile);
    // Why the fields could not be used (empty when nothing was refused).
    QString resultText() const;
    // After accept(): the mapping named, resolved.
    const LiveMapping& mapping() const { return m_mapping; }

protected:
    explicit CursorLiveConnectDialog(QWidget* parent);
    // A row of the form: `field` with a label for it (its text is set by retranslate()).
    QLabel* addRow(QWidget* field);
    // After the engine's own rows: the mapping row (`presets` listed), the result line and the buttons.
    void finishLayout(const std::vector<std::string>& presets);
    // The texts of the shared rows; an engine's override sets its own, then calls this one.
    virtual void retranslate();
    void changeEvent(QEvent* event) override;
    // The result line says `sentence` (again after a language switch: it is in the language it was made in).
    void showProblem(const QString& sentence);
    void clearProblem();
    QString mappingText() const;

    QLabel* m_intro = nullptr;
    QLabel* m_mappingLabel = nullptr; // "Mapping:", as the engine's dialog says it (its accelerator among its own)
    QComboBox* m_mappingEdit = nullptr;
    LiveMapping m_mapping;

private:
    void chooseMappingFile();

    QFormLayout* m_form = nullptr;
    QAction* m_browse = nullptr;
    QLabel* m_result = nullptr;
    QString m_problem;
};

} // namespace iw
