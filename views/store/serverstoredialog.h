// What the store switch's dialogs for a server (Redis, MySQL) share: an introduction, a form of fields, a result line
// in the alarm colour and the Use / Cancel buttons. Use checks the input first — a problem is one sentence in the
// dialog and nothing connects — and remembers it only when it is good. Each dialog adds its fields and words its
// texts; this class lays them out and words the result line.
#pragma once

#include <QDialog>

#include <vector>

class QLabel;
class QLineEdit;
class QPushButton;

namespace iw {

class ServerStoreDialog : public QDialog {
    Q_OBJECT
public:
    // The sentence the last Use ended with (input that does not parse), empty otherwise.
    QString resultText() const;

public Q_SLOTS:
    void accept() override;

protected:
    // `fields` rows of a line edit and its label (its buddy), made here before the result line and the buttons, so
    // the keyboard's order is the form's and the first field has the focus.
    ServerStoreDialog(QWidget* parent, int fields);

    QLineEdit* field(int row) const { return m_fields.at(row).edit; }
    QLabel* fieldLabel(int row) const { return m_fields.at(row).label; }
    // What is wrong with the input, as the command line words it (English, without its option's name); empty when
    // the input is good.
    virtual QString inputProblem() const = 0;
    // Keeps the input for the next time (never a password).
    virtual void rememberInput() = 0;
    // Every text again, in the language in use (QEvent::LanguageChange); an override words its own, then calls this.
    virtual void retranslate();
    void changeEvent(QEvent* event) override;

    QLabel* m_intro = nullptr;
    QPushButton* m_useButton = nullptr;

private:
    struct Field {
        QLabel* label;
        QLineEdit* edit;
    };
    std::vector<Field> m_fields;
    QLabel* m_result = nullptr;
    QString m_problem; // the input's problem, as inputProblem() said it
};

} // namespace iw
