// One record of a live table whole (docs/manual/live-tables.md, the on-call's "one key"): its scope and state, every
// column of its row, the stored response body (its first 4 KiB; "Read the whole body" asks for all of it) and the
// business rows it caused when the mapping names its effects. The Record dock of the live window.
#pragma once

#include "liveinspector.h"

#include <QWidget>

#include <functional>
#include <memory>

class QLabel;
class QPushButton;
class QTextBrowser;

namespace iw {

class LiveRecordPanel : public QWidget {
    Q_OBJECT
public:
    explicit LiveRecordPanel(QWidget* parent = nullptr);

    // The row read for the selected record; `bodyColumn` names the mapping's response body column (empty: none).
    void showRow(std::shared_ptr<const LiveKeyRow> row, Millis nowMs, const QString& bodyColumn);
    // No row to show, and why ("Select a record…", "Reading…", a failure).
    void showMessage(std::function<QString()> text);
    const LiveKeyRow* row() const { return m_row.get(); }
    // What the panel shows, as plain text.
    QString text() const;
    QPushButton* wholeBodyButton() const { return m_wholeBody; }

Q_SIGNALS:
    // The user asked for the whole response body of the row shown.
    void wholeBodyRequested(const std::vector<std::optional<std::string>>& keyOrderValues);

protected:
    void changeEvent(QEvent* event) override;

private:
    void render();

    QTextBrowser* m_browser = nullptr;
    QPushButton* m_wholeBody = nullptr;
    std::shared_ptr<const LiveKeyRow> m_row;
    Millis m_nowMs = 0;
    QString m_bodyColumn;
    std::function<QString()> m_message;
};

} // namespace iw
