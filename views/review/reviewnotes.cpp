// The policy review window's notes (see reviewwindow.h): the warnings in the alarm colour, what differs from the first
// policy, and the duplicates, each of which opens its intent.
#include "reviewwindow.h"

#include "colors.h"
#include "duration.h"
#include "durationspinbox.h"
#include "language.h"
#include "reviewfiguresmodel.h"
#include "stdtext.h"

#include <QAction>
#include <QApplication>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QCloseEvent>
#include <QComboBox>
#include <QCursor>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLegend>
#include <QLineSeries>
#include <QLocale>
#include <QLogValueAxis>
#include <QMenu>
#include <QProgressBar>
#include <QSaveFile>
#include <QScrollArea>
#include <QSettings>
#include <QSpinBox>
#include <QSplitter>
#include <QStatusBar>
#include <QStyle>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTextBrowser>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QToolTip>
#include <QVBoxLayout>
#include <QValueAxis>

#include <cmath>
#include <mutex>

namespace iw {

namespace {

// One warning of a policy, in the words of the window (the paragraph names the policy).
QString warningSentence(const PolicyWarning& w, const PolicyFigures& f)
{
    const auto d = &shownDuration;
    switch (w.kind) {
    case PolicyWarning::Kind::DuplicateEffects:
        return ReviewWindow::tr("%1 duplicate effects: %2 of %3 intents (%4 %) ran the business action more than once")
            .arg(QLocale().toString(qlonglong(f.duplicateEffects)),
                QLocale().toString(qlonglong(f.intentsWithDuplicates)), QLocale().toString(qlonglong(f.intents)),
                QLocale().toString(f.duplicateRate * 100, 'f', 2));
    case PolicyWarning::Kind::HorizonBeyondRetention:
        if (w.tombstoneMs) {
            return ReviewWindow::tr("the client's retry horizon (%1) outlives the retention (%2); later retries meet "
                                    "the tombstone (%3) and are refused for reconciliation")
                .arg(d(w.valueMs), d(w.limitMs), d(*w.tombstoneMs));
        }
        return ReviewWindow::tr("the client's retry horizon (%1) outlives the retention (%2): a retry after the record "
                                "expired runs the action again")
            .arg(d(w.valueMs), d(w.limitMs));
    case PolicyWarning::Kind::LateReturnsBeyondRetention:
        if (!w.hop.empty()) {
            // Short: the banner keeps one line per policy where it can, and a route adds a sentence per hop.
            return ReviewWindow::tr("calls reach %1 %2 late, past its %3 window")
                .arg(fromStd(w.hop), d(w.valueMs), d(w.limitMs));
        }
        return ReviewWindow::tr("clients return up to %1 later (late_retry faults), beyond what the service remembers "
                                "(%2)")
            .arg(d(w.valueMs), d(w.limitMs));
    }
    return {};
}

} // namespace

void ReviewWindow::updateNotes()
{
    const ReviewResult* r = m_result.get();
    QStringList warnings;
    QString html;
    m_duplicates->setRowCount(0);
    if (r) {
        for (std::size_t i = 0; i < r->outcomes.size(); ++i) {
            const PolicyOutcome& o = r->outcomes[i];
            if (o.figures && !o.warnings.empty()) {
                QStringList sentences;
                for (const PolicyWarning& w : o.warnings)
                    sentences << warningSentence(w, *o.figures).toHtmlEscaped();
                // One line per policy, its warnings after one another: four policies stay four lines.
                warnings << QStringLiteral("⚠ <b>%1</b> — %2")
                                .arg(fromStd(o.figures->name).toHtmlEscaped(), sentences.join(QStringLiteral(" · ")));
            }
            const Scenario& s = r->policies[i];
            html += QStringLiteral("<p><span style=\"color:%1\">■</span> <b>%2</b>: ")
                        .arg(policyColor(int(i)).name(), fromStd(s.name).toHtmlEscaped());
            if (i == 0) {
                html += tr("the baseline");
            } else if (o.differences.empty()) {
                html += tr("the same policies as %1").arg(fromStd(r->policies.front().name).toHtmlEscaped());
            } else {
                QStringList parts;
                for (const std::string& d : o.differences) {
                    const QString text = fromStd(d);
                    const qsizetype space = text.indexOf(QLatin1Char(' '));
                    parts << QStringLiteral("<code>%1</code>%2")
                                 .arg(text.left(space).toHtmlEscaped(), text.mid(space).toHtmlEscaped());
                }
                html += parts.join(QStringLiteral("; "));
            }
            html += QStringLiteral("<br><span style=\"color:gray\">%1</span>")
                        .arg(tr("%1 profile, TTL %2, %3, %4")
                                 .arg(fromStd(std::string(profileName(s.service.profile))),
                                     shownDuration(s.service.ttlMs),
                                     fromStd(std::string(afterExpiryName(s.service.afterExpiry))),
                                     s.service.storeErrors ? tr("errors stored") : tr("an error deletes the record"))
                                 .toHtmlEscaped());
            for (const HopSpec& h : s.route) {
                html
                    += QStringLiteral("<br><span style=\"color:gray\">%1</span>")
                           .arg(tr("→ %1: %2 profile, TTL %3, %4, key %5%6")
                                    .arg(fromStd(h.name), fromStd(std::string(profileName(h.service.profile))),
                                        shownDuration(h.service.ttlMs),
                                        fromStd(std::string(afterExpiryName(h.service.afterExpiry))),
                                        fromStd(std::string(hopKeyName(h.key))), h.effect ? QString() : tr(", a proxy"))
                                    .toHtmlEscaped());
            }
            html += QStringLiteral("</p>");
            if (!o.error.empty())
                html += QStringLiteral("<p style=\"color:%1\">%2</p>")
                            .arg(alarmColor().name(), tr("Failed: %1").arg(fromStd(o.error)).toHtmlEscaped());
            if (!o.figures)
                continue;
            for (const std::string& intent : o.figures->duplicateIntents) {
                const int row = m_duplicates->rowCount();
                m_duplicates->insertRow(row);
                auto* policyItem = new QTableWidgetItem(fromStd(o.figures->name));
                policyItem->setData(Qt::UserRole, int(i));
                policyItem->setForeground(policyColor(int(i)));
                auto* intentItem = new QTableWidgetItem(fromStd(intent));
                intentItem->setForeground(alarmColor());
                intentItem->setToolTip(tr("Click to open %1 on its own in the main window").arg(fromStd(intent)));
                m_duplicates->setItem(row, 0, policyItem);
                m_duplicates->setItem(row, 1, intentItem);
            }
        }
    }
    m_differences->setHtml(
        html.isEmpty() ? tr("<p>Run the review to see what differs from the first policy.</p>") : html);
    m_banner->setText(warnings.join(QStringLiteral("<br>")));
    m_banner->setVisible(!warnings.isEmpty());
    std::int64_t total = 0;
    if (r) {
        for (const PolicyOutcome& o : r->outcomes)
            total += o.figures ? o.figures->intentsWithDuplicates : 0;
    }
    m_notesTabs->setTabText(
        1, total > 0 ? tr("Duplicates (%1)").arg(QLocale().toString(qlonglong(total))) : tr("Duplicates"));
    m_notesTabs->tabBar()->setTabTextColor(1, total > 0 ? alarmColor() : palette().color(QPalette::WindowText));
}

void ReviewWindow::onFiguresActivated(const QModelIndex& index)
{
    if (!index.isValid())
        return;
    const int figure = index.data(ReviewFiguresModel::FigureRole).toInt();
    const bool hopRow = !index.data(ReviewFiguresModel::HopRole).toString().isEmpty();
    if (figure != ReviewFiguresModel::DuplicateEffects && figure != ReviewFiguresModel::DuplicateRate && !hopRow)
        return;
    m_notesTabs->setCurrentWidget(m_duplicates);
    for (int row = 0; row < m_duplicates->rowCount(); ++row) {
        if (m_duplicates->item(row, 0)->data(Qt::UserRole).toInt() == index.column()) {
            m_duplicates->selectRow(row);
            m_duplicates->scrollToItem(m_duplicates->item(row, 0), QAbstractItemView::PositionAtTop);
            return;
        }
    }
}

void ReviewWindow::onDuplicateClicked(int row)
{
    const QTableWidgetItem* policyItem = m_duplicates->item(row, 0);
    const QTableWidgetItem* intentItem = m_duplicates->item(row, 1);
    if (!policyItem || !intentItem)
        return;
    Q_EMIT openIntent(policyItem->data(Qt::UserRole).toInt(), intentItem->text());
}

QString ReviewWindow::warningsText() const
{
    return m_banner->isVisible() ? m_banner->text() : QString();
}

QString ReviewWindow::differencesText() const
{
    return m_differences->toPlainText();
}

} // namespace iw
