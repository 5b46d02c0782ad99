// The Help menu (see howtoread.h).
#include "howtoread.h"

#include "colors.h"
#include "explanationtext.h"
#include "stdtext.h"

#include <QAction>
#include <QDialog>
#include <QDialogButtonBox>
#include <QEvent>
#include <QMessageBox>
#include <QStyle>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <QWidget>

#include <functional>

namespace iw {

namespace {

// A dialog whose texts `retranslate` sets: once, and again on every language switch while it is open.
class RetranslatedDialog : public QDialog {
public:
    using QDialog::QDialog;
    std::function<void()> retranslate;

protected:
    void changeEvent(QEvent* event) override
    {
        if (event->type() == QEvent::LanguageChange && retranslate)
            retranslate();
        QDialog::changeEvent(event);
    }
};

} // namespace

HowToRead::HowToRead(QWidget* window)
    : QObject(window)
    , m_window(window)
{
    m_howToRead = new QAction(window->style()->standardIcon(QStyle::SP_DialogHelpButton), QString(), this);
    m_howToRead->setShortcut(QKeySequence::HelpContents);
    connect(m_howToRead, &QAction::triggered, this, &HowToRead::show);
    m_about = new QAction(this);
    connect(m_about, &QAction::triggered, this, &HowToRead::showAbout);
}

void HowToRead::retranslate()
{
    m_howToRead->setText(tr("&How to read this window"));
    m_howToRead->setToolTip(tr("What each panel shows and what the colours mean (F1)"));
    m_about->setText(tr("&About Idempotency Workbench"));
    m_about->setToolTip(tr("Version and purpose of the workbench"));
}

void HowToRead::showAbout()
{
    QMessageBox::about(m_window, tr("About Idempotency Workbench"),
        tr("<h3>Idempotency Workbench %1</h3>"
           "<p>See how an idempotency key lives and dies: fire parallel, delayed and failing requests at a simulated "
           "service, watch records move through in_progress, completed and expired, and inspect every fingerprint, "
           "TTL and conflict decision.</p>"
           "<p>Built with Qt %2.</p>")
            .arg(QStringLiteral(IW_VERSION), QString::fromLatin1(qVersion())));
}

void HowToRead::show()
{
    auto* dialog = new RetranslatedDialog(m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->resize(640, 620);
    auto* layout = new QVBoxLayout(dialog);
    auto* text = new QTextBrowser(dialog);
    layout->addWidget(text);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::close);
    layout->addWidget(buttons);
    // Open while the language changes, it says everything again in the new one.
    dialog->retranslate = [this, dialog, text] {
        dialog->setWindowTitle(tr("How to read this window"));
        text->setHtml(this->text());
    };
    dialog->retranslate();
    dialog->show();
}

QString HowToRead::text() const
{
    const auto swatch = [](const QColor& c, const QString& name, const QString& meaning) {
        return QStringLiteral("<tr><td><span style=\"background:%1; color:%2;\">&nbsp;%3&nbsp;</span></td>"
                              "<td>%4</td></tr>")
            .arg(c.name(), textColorOn(c).name(), name.toHtmlEscaped(), meaning.toHtmlEscaped());
    };
    QString states = QStringLiteral("<table cellpadding=\"2\">");
    states += swatch(stateColor(RecordState::InProgress), tr("in_progress"), tr("claimed; the handler is running"));
    states += swatch(stateColor(RecordState::Completed), tr("completed"), tr("a stored response to replay"));
    states += swatch(stateColor(RecordState::Expired), tr("expired"), tr("past its TTL: protects nothing any more"));
    states += swatch(stuckColor(), tr("stuck"),
        tr("%1: nobody is looking after it any more, so only a lease takeover or an operator can finish it. A crashed "
           "owner alone is not stuck: while its lease runs the record is in progress, waiting.")
            .arg(shownStuckRule()));
    states += swatch(tombstoneColor(), tr("tombstone"), tr("what a swept record leaves under after_expiry: tombstone"));
    states += swatch(alarmColor(), tr("alarm"), tr("a duplicate effect: the business action ran twice for one intent"));
    states += QStringLiteral("</table>");
    QString decisions = QStringLiteral("<table cellpadding=\"2\">");
    for (int d = 0; d < DecisionCount; ++d) {
        const auto name = decisionName(Decision(d));
        const ServicePolicy policy;
        decisions += swatch(decisionColor(Decision(d)), QString::fromUtf8(name.data(), qsizetype(name.size())),
            shownExplanation(Decision(d), policy));
    }
    decisions += QStringLiteral("</table>");
    return tr("<h3>The panels</h3>"
              "<p><b>Scenario</b> (left): pick a preset, or edit the service and client policies (each edit "
              "rewinds the run) and fire requests by hand. The payload editor checks your JSON as you type and "
              "shows the canonical form and fingerprint the service will compare.</p>"
              "<p><b>Run</b> (toolbar): Play advances virtual time at the chosen speed, Step runs exactly one "
              "event, Reset rewinds to t = 0. The clock in the status bar is virtual time.</p>"
              "<p><b>Counters</b> (top): intents, requests, effects and <i>duplicate effects</i> — the number "
              "that must stay 0. It turns red when it is not.</p>"
              "<p><b>Requests</b> (bottom left): every attempt a client sent, with the service's decision. "
              "<b>Records</b> (bottom right): what the store holds now, with the TTL counting down.</p>"
              "<p><b>Inspector</b> (right): click any row to see why the service answered what it answered: "
              "the rule path, the explanation, the fingerprints and, on a mismatch, the differing fields.</p>"
              "<p>Selecting something anywhere selects it everywhere; Esc clears the selection. Panels can be "
              "moved and closed; View → Reset layout brings them back.</p>"
              "<p><b>Lessons</b>: Run → Play as Lesson walks through a preset's story, pausing at each step with "
              "a caption over the timeline (Space next, Backspace previous, Esc leaves). F11 is presenter mode "
              "for a projector: only the timeline, the sequence and the caption, Ctrl+= and Ctrl+- size the "
              "type.</p>"
              "<p><b>Explore</b>: Run → Explore… tries every way the run can go within the scenario's explore "
              "block — which faults may strike any attempt, how many, which latencies — and says whether its "
              "property holds, or shows the shortest counterexample, which opens here as a lesson.</p>"
              "<h3>Record states</h3>%1<h3>Decisions</h3>%2")
        .arg(states, decisions);
}

} // namespace iw
