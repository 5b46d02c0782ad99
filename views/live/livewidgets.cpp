// The pieces both live windows build from (see livewidgets.h).
#include "livewidgets.h"

#include "durationspinbox.h"
#include "livemodels.h"
#include "liverecordpanel.h"
#include "livereport.h"
#include "livetimeline.h"
#include "timelineview.h"

#include <QCoreApplication>
#include <QDockWidget>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMainWindow>
#include <QMessageBox>
#include <QSaveFile>
#include <QStatusBar>
#include <QTableView>

namespace iw {

QTableView* makeRecordsView(LiveRecordsModel* records, QWidget* parent)
{
    auto* view = new QTableView(parent);
    view->setModel(records);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->verticalHeader()->hide();
    view->horizontalHeader()->setStretchLastSection(true);
    view->setAlternatingRowColors(true);
    view->setWordWrap(false);
    view->horizontalHeader()->moveSection(LiveRecordsModel::AnomaliesColumn, LiveRecordsModel::StateColumn + 1);
    return view;
}

void showRecordRow(QTableView* view, int row)
{
    if (row >= 0 && row < view->model()->rowCount()) {
        view->selectRow(row);
        view->scrollTo(view->model()->index(row, 0));
    } else {
        view->clearSelection();
    }
}

QLabel* makeTimeCaption(QWidget* parent)
{
    auto* caption = new QLabel(parent);
    caption->setWordWrap(true);
    QFont small = caption->font();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    caption->setFont(small);
    return caption;
}

Millis showPageOnTimeline(TimelineView* timeline, const std::vector<LiveRecord>& records, Millis nowMs,
    const AnomalyThresholds& thresholds, Millis previousOrigin, bool newPage)
{
    const Millis origin = feedTimeline(timeline->model(), records, nowMs, thresholds);
    timeline->setNow(nowMs - origin);
    TimelineZoom* zoom = timeline->zoom();
    if (newPage) // another page (a seek, paging, another order): fitted to its rows, not left at the last page's times
        zoom->fitAll();
    const double visibleStart = zoom->mapping().visibleStart();
    const double visibleEnd = zoom->mapping().visibleEnd();
    timeline->refresh();
    if (!newPage && origin != previousOrigin) {
        // The same page read again from an earlier or later first time: the instants looked at stay in view (a
        // fitted view fits the new rows again by itself).
        const double shift = static_cast<double>(previousOrigin - origin);
        zoom->mapping().setVisibleRange(visibleStart + shift, visibleEnd + shift);
        timeline->refresh();
    }
    return origin;
}

QDockWidget* addRecordDock(QMainWindow* window, LiveRecordPanel* panel, QDockWidget* anomaliesDock, int width)
{
    auto* dock = new QDockWidget(window);
    dock->setObjectName(QStringLiteral("liveRecordDock"));
    dock->setWidget(panel);
    dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    window->addDockWidget(Qt::RightDockWidgetArea, dock);
    window->tabifyDockWidget(anomaliesDock, dock);
    anomaliesDock->raise();
    window->resizeDocks({ anomaliesDock }, { width }, Qt::Horizontal);
    return dock;
}

QString writeLiveExport(QMainWindow* window, const QString& path, const QByteArray& bytes, const LiveSnapshot& shown,
    const QString& when, bool interactive)
{
    QSaveFile file(path);
    QString error;
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
        error = QCoreApplication::translate("iw::LiveExport", "cannot write %1: %2").arg(path, file.errorString());
    const int listed = static_cast<int>(shown.anomalies.size());
    long long counted = 0;
    for (const LiveAnomalyKind kind : kLiveAnomalyKinds)
        counted += shown.counts.anomaly(kind);
    QStatusBar* status = window->statusBar();
    if (error.isEmpty() && anomaliesComplete(shown))
        status->showMessage(QCoreApplication::translate(
                                "iw::LiveExport", "Exported %n anomalies to %1 (the snapshot of %2)", nullptr, listed)
                                .arg(path, when),
            8000);
    else if (error.isEmpty())
        status->showMessage(QCoreApplication::translate("iw::LiveExport",
                                "Exported the %1 anomalies listed of %2 to %3 (the snapshot of %4, which lists at most "
                                "%5 of each kind: Rules… lists more)")
                                .arg(QLocale().toString(listed), QLocale().toString(counted), path, when,
                                    QLocale().toString(shown.thresholds.listLimit)),
            12000);
    else if (interactive)
        QMessageBox::warning(window, QCoreApplication::translate("iw::LiveExport", "Export"), error + QLatin1Char('.'));
    else
        status->showMessage(error, 8000);
    return error;
}

DurationSpinBox* addDurationRow(QWidget* parent, QFormLayout* form, const QString& label, Millis ms, const QString& tip)
{
    auto* field = new DurationSpinBox(parent);
    field->setValue(ms);
    field->setToolTip(tip);
    form->addRow(label, field);
    return field;
}

} // namespace iw
