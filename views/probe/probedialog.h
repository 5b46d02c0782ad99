// Run → Probe a Service… (docs/reference/probe.md): what the command line's options say, as a form — the target URL,
// method, headers, credentials, body and the fields that matter, the checks, the profile, an optional watched table —
// read and checked as `probe` checks them. A target that is not a loopback or private address needs the box the command
// line's --yes stands for: every request may create a real effect there.
#pragma once

#include "probe.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;

namespace iw {

// What the window needs to run a probe: the options, the resolved target and the table to watch, if any.
struct ProbeSetup {
    ProbeOptions options;
    ProbeTarget target;
    bool watch = false;
    QString watchConninfo; // empty: libpq's PG* variables and defaults, as --watch-conninfo '' is

    QString watchTable;
    QString watchMapping;
    bool outsideConfirmed = false; // the target is not loopback or private and the user said to probe it anyway
};

class ProbeDialog : public QDialog {
    Q_OBJECT
public:
    explicit ProbeDialog(QWidget* parent = nullptr);

    // The form read and checked as `probe` checks its options (the URL resolved, the guard applied); an error
    // sentence naming the field, or the setup. accept() shows the error instead of closing when there is one.
    std::optional<ProbeSetup> setup(QString& error) const;
    void accept() override;

    // The fields, for tests and for the window's "Probe again".
    QLineEdit* urlEdit() const { return m_url; }
    QComboBox* methodBox() const { return m_method; }
    QPlainTextEdit* headersEdit() const { return m_headers; }
    QLineEdit* authEdit() const { return m_auth; }
    QLineEdit* authOtherEdit() const { return m_authOther; }
    QPlainTextEdit* bodyEdit() const { return m_body; }
    QLineEdit* significantEdit() const { return m_significant; }
    QLineEdit* displayEdit() const { return m_display; }
    QLineEdit* resultIdEdit() const { return m_resultId; }
    QLineEdit* slowBodyEdit() const { return m_slowBody; }
    QSpinBox* concurrencyBox() const { return m_concurrency; }
    QSpinBox* timeoutBox() const { return m_timeout; }
    QComboBox* profileBox() const { return m_profile; }
    QListWidget* checksList() const { return m_checks; }
    QGroupBox* watchGroup() const { return m_watch; }
    QLineEdit* watchConninfoEdit() const { return m_watchConninfo; }
    QLineEdit* watchTableEdit() const { return m_watchTable; }
    QLineEdit* watchMappingEdit() const { return m_watchMapping; }
    QCheckBox* outsideBox() const { return m_outside; }
    QString errorText() const;
    QString planSummary() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void updatePlan();
    // The options the form says, without resolving the target; an error sentence names what is wrong.
    std::optional<ProbeOptions> options(QString& error) const;

    QLabel* m_intro = nullptr;
    QList<QLabel*> m_labels;
    QLineEdit* m_url = nullptr;
    QComboBox* m_method = nullptr;
    QPlainTextEdit* m_headers = nullptr;
    QLineEdit* m_auth = nullptr;
    QLineEdit* m_authOther = nullptr;
    QPlainTextEdit* m_body = nullptr;
    QLineEdit* m_significant = nullptr;
    QLineEdit* m_display = nullptr;
    QLineEdit* m_resultId = nullptr;
    QLineEdit* m_slowBody = nullptr;
    QSpinBox* m_concurrency = nullptr;
    QSpinBox* m_timeout = nullptr;
    QComboBox* m_profile = nullptr;
    QListWidget* m_checks = nullptr;
    QGroupBox* m_watch = nullptr;
    QList<QLabel*> m_watchLabels;
    QLineEdit* m_watchConninfo = nullptr;
    QLineEdit* m_watchTable = nullptr;
    QLineEdit* m_watchMapping = nullptr;
    QCheckBox* m_outside = nullptr;
    QLabel* m_plan = nullptr;
    QLabel* m_error = nullptr;
    QPushButton* m_ok = nullptr;
};

} // namespace iw
