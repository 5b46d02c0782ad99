// The pieces both live windows build from (see livewidgets.h).
#include "livewidgets.h"
#include "stdtext.h"

#include "durationspinbox.h"
#include "livemodels.h"
#include "liverecordpanel.h"
#include "livereport.h"
#include "livetimeline.h"
#include "timelineview.h"

#include <QAction>
#include <QComboBox>
#include <QCoreApplication>
#include <QDateTime>
#include <QDockWidget>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMainWindow>
#include <QMessageBox>
#include <QSaveFile>
#include <QStatusBar>
#include <QTableView>
#include <QToolBar>

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

namespace {

QString kindText(LiveAnomalyKind kind)
{
    const std::string_view n = anomalyKindName(kind);
    return QString::fromUtf8(n.data(), qsizetype(n.size()));
}

// The actors the anomaly panel lists by name when listing by actor (the rest are counted).
constexpr std::size_t kActorsShown = 6;

} // namespace

QComboBox* makeAnomalyListingBox(QWidget* parent, QLabel* label)
{
    auto* box = new QComboBox(parent);
    box->setObjectName(QStringLiteral("anomalyListing"));
    for (const LiveAnomalyListing l :
        { LiveAnomalyListing::Oldest, LiveAnomalyListing::Newest, LiveAnomalyListing::ByActor })
        box->addItem(QString(), static_cast<int>(l));
    label->setBuddy(box);
    retranslateAnomalyListingBox(box, label);
    return box;
}

void retranslateAnomalyListingBox(QComboBox* box, QLabel* label)
{
    label->setText(QCoreApplication::translate("iw::LiveListing", "&List:"));
    box->setItemText(0, QCoreApplication::translate("iw::LiveListing", "the oldest of each kind first"));
    box->setItemText(1, QCoreApplication::translate("iw::LiveListing", "the newest of each kind first"));
    box->setItemText(2, QCoreApplication::translate("iw::LiveListing", "by actor, the actors with the most first"));
    box->setToolTip(QCoreApplication::translate("iw::LiveListing",
        "Which anomalies of each kind are listed (at most as many as Rules… says), and "
        "whether every anomaly is also counted per actor"));
}

LiveAnomalyListing anomalyListingOf(const QComboBox* box)
{
    return static_cast<LiveAnomalyListing>(box->currentData().toInt());
}

void setAnomalyListingOf(QComboBox* box, LiveAnomalyListing listing)
{
    box->setCurrentIndex(box->findData(static_cast<int>(listing)));
}

void applyAnomalyListing(LiveSnapshotOptions& options, LiveAnomalyListing listing)
{
    options.newestAnomaliesFirst = listing == LiveAnomalyListing::Newest;
    options.byActorLimit = listing == LiveAnomalyListing::ByActor ? std::max(1, options.thresholds.listLimit) : 0;
}

QString anomalyChip(LiveAnomalyKind kind)
{
    return QStringLiteral("<span style=\"color:%1\">&#9632;</span>").arg(anomalyColor(kind).name());
}

QString anomaliesByActorHtml(const LiveSnapshot& snapshot)
{
    if (snapshot.byActor.empty())
        return {};
    const QLocale locale;
    QString rows;
    const std::size_t shown = std::min<std::size_t>(snapshot.byActor.size(), kActorsShown);
    for (std::size_t i = 0; i < shown; ++i) {
        const LiveActorAnomalies& a = snapshot.byActor[i];
        QStringList kinds;
        for (const LiveAnomalyKind kind : kLiveAnomalyKinds)
            if (a.count(kind))
                kinds << QStringLiteral("%1 %2").arg(kindText(kind), locale.toString(a.count(kind)));
        rows += QStringLiteral("<tr><td>%1</td><td align=\"right\"><b>%2</b></td><td>&nbsp;%3</td></tr>")
                    .arg(QString::fromStdString(a.actor).toHtmlEscaped(), locale.toString(a.total),
                        kinds.join(QStringLiteral(", ")).toHtmlEscaped());
    }
    const int listed = static_cast<int>(snapshot.byActor.size());
    QString html
        = QStringLiteral("<p><b>%1</b></p><table cellspacing=\"2\">%2</table>")
              .arg(snapshot.byActorComplete
                      ? QCoreApplication::translate(
                          "iw::LiveListing", "Every anomaly by actor, the actors with the most first:")
                      : QCoreApplication::translate("iw::LiveListing",
                          "By actor, the %n actors with the most anomalies (more have some):", nullptr, listed),
                  rows);
    if (shown < snapshot.byActor.size()) {
        const int more = static_cast<int>(snapshot.byActor.size() - shown);
        html += QStringLiteral("<p>%1</p>")
                    .arg(snapshot.byActorComplete ? QCoreApplication::translate("iw::LiveListing",
                             "… and %n more actors with anomalies: the exported report (JSON) lists them.", nullptr,
                             more)
                                                  : QCoreApplication::translate("iw::LiveListing",
                                                      "… and at least %n more actors with anomalies.", nullptr, more));
    }
    return html;
}

QString anomalyEffectsHtml(const LiveSnapshot& snapshot, const LiveAnomaly& anomaly)
{
    QString html;
    if (anomaly.kind != LiveAnomalyKind::SuspectedKeyRegeneration)
        return html;
    for (const auto* cursor : { &anomaly.otherCursor, &anomaly.cursor })
        for (const LiveEffects& e : snapshot.effects) {
            if (e.cursor != *cursor)
                continue;
            QStringList rows;
            for (const LiveRow& r : e.rows) {
                QStringList values;
                for (const LiveRowValue& v : r)
                    values << QStringLiteral("%1=%2").arg(QString::fromStdString(v.column),
                        v.value ? QString::fromStdString(*v.value) + (v.cut ? QStringLiteral("…") : QString())
                                : QStringLiteral("NULL"));
                rows << values.join(QStringLiteral(", ")).toHtmlEscaped();
            }
            const QString key = QString::fromStdString(e.key).toHtmlEscaped();
            const QString table = QString::fromStdString(e.table).toHtmlEscaped();
            html += QStringLiteral("<br>")
                + (rows.isEmpty()
                        ? QCoreApplication::translate("iw::LiveListing", "<b>%1</b> caused no row in %2.")
                              .arg(key, table)
                        : QCoreApplication::translate("iw::LiveListing", "<b>%1</b> caused in %2: %3%4")
                              .arg(key, table, rows.join(QStringLiteral("; ")),
                                  e.complete ? QString()
                                             : QCoreApplication::translate("iw::LiveListing", " (and more)")));
        }
    return html;
}

DurationSpinBox* addDurationRow(QWidget* parent, QFormLayout* form, const QString& label, Millis ms, const QString& tip)
{
    auto* field = new DurationSpinBox(parent);
    field->setValue(ms);
    field->setToolTip(tip);
    form->addRow(label, field);
    return field;
}

SeekBar fillSeekBar(QToolBar* bar, QWidget* owner, SeekHandlers handlers)
{
    SeekBar seek;
    seek.mode = new QComboBox(bar);
    seek.mode->setObjectName(QStringLiteral("seekMode"));
    seek.mode->addItem(QString());
    seek.mode->addItem(QString());
    // Grows with its text once the table is open, so the columns the seek compares with are read in full.
    seek.mode->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    QObject::connect(seek.mode, &QComboBox::activated, owner, [chosen = std::move(handlers.modeChosen)] { chosen(); });
    bar->addWidget(seek.mode);

    seek.key = new QLineEdit(bar);
    seek.key->setObjectName(QStringLiteral("seekKey"));
    seek.key->setMinimumWidth(200);
    QObject::connect(seek.key, &QLineEdit::returnPressed, owner,
        [mode = seek.mode, key = seek.key, toKey = std::move(handlers.goToKey),
            toOrder = std::move(handlers.goToKeyOrder)] {
            (mode->currentIndex() == 1 ? toOrder : toKey)(key->text());
        });
    bar->addWidget(seek.key);

    seek.time = new QLineEdit(bar);
    seek.time->setObjectName(QStringLiteral("seekTime"));
    seek.time->setText(
        fromStd(formatEpochMs(QDateTime::currentMSecsSinceEpoch() / 1000 * 1000)).left(19) + QStringLiteral(" UTC"));
    seek.time->setMinimumWidth(200);
    const auto toTime = [time = seek.time, go = std::move(handlers.goToTime)] { go(time->text()); };
    QObject::connect(seek.time, &QLineEdit::returnPressed, owner, toTime);
    bar->addWidget(seek.time);
    seek.goTime = new QAction(owner);
    QObject::connect(seek.goTime, &QAction::triggered, owner, toTime);

    const auto focusOn = [owner](QLineEdit* field, QKeySequence keys) {
        auto* action = new QAction(owner);
        action->setShortcut(keys);
        QObject::connect(action, &QAction::triggered, owner, [field] {
            field->setFocus();
            field->selectAll();
        });
        return action;
    };
    seek.goKey = focusOn(seek.key, QKeySequence(Qt::CTRL | Qt::Key_G));
    seek.goTimeField = focusOn(seek.time, QKeySequence(Qt::CTRL | Qt::Key_T));
    return seek;
}

} // namespace iw
