// The policy review window's charts (see reviewwindow.h): time to success (p50, p90, p99), duplicate and conflict
// rates, and the storage held over time, one colour per policy.
#include "reviewwindow.h"

#include "colors.h"
#include "duration.h"
#include "durationspinbox.h"
#include "language.h"
#include "reviewfiguresmodel.h"
#include "stdtext.h"

#include <QAbstractAxis>
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
#include <QGraphicsLayout>
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

#include <algorithm>
#include <cmath>
#include <memory>
#include <mutex>

namespace iw {

namespace {

// A value axis from 0 with ticks at round steps (1, 2, 2.5 or 5 × 10^k) and some room above `high`.
void setRoundRange(QValueAxis* axis, double high)
{
    if (high <= 0)
        high = 1;
    const double raw = high * 1.15 / 4;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    double step = magnitude;
    for (const double m : { 1.0, 2.0, 2.5, 5.0, 10.0 }) {
        if (m * magnitude >= raw) {
            step = m * magnitude;
            break;
        }
    }
    const int ticks = int(std::ceil(high * 1.15 / step));
    axis->setRange(0, ticks * step);
    axis->setTickCount(ticks + 1);
}

void replaceChart(QChartView* view, QChart* chart)
{
    // Little chrome around the plot: at 1280×800, with the findings above them, the three charts get about 170 pixels
    // each, and the default margins, a rounded frame and full-size titles left the plot so short that its axis labels
    // were elided to "…" (the log axis' title, "доля конфликт…").
    chart->setMargins(QMargins(2, 2, 2, 2));
    chart->layout()->setContentsMargins(0, 0, 0, 0);
    chart->setBackgroundRoundness(0);
    QFont title = chart->titleFont();
    title.setPointSizeF(title.pointSizeF() * 0.9);
    title.setBold(true);
    chart->setTitleFont(title);
    QFont small = chart->legend()->font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    chart->legend()->setFont(small);
    for (QAbstractAxis* axis : chart->axes()) {
        QFont labels = axis->labelsFont();
        labels.setPointSizeF(labels.pointSizeF() * 0.85);
        axis->setLabelsFont(labels);
        QFont axisTitle = axis->titleFont();
        axisTitle.setPointSizeF(axisTitle.pointSizeF() * 0.85);
        axisTitle.setBold(false);
        axis->setTitleFont(axisTitle);
    }
    QChart* old = view->chart();
    view->setChart(chart);
    delete old; // setChart releases the previous chart without deleting it
}

} // namespace

void ReviewWindow::updateCharts()
{
    const ReviewResult* r = m_result.get();
    QStringList categories;
    if (r) {
        for (const Scenario& s : r->policies)
            categories << fromStd(s.name);
    }

    // Each policy is a bar set in its column's colour, named whole in the legend under the plot; the measures are
    // the categories. (Policy names as categories were cut to their category's width: "powertool...".)
    // Time to success: p50/p90/p99 per policy on a log scale (a replay after a 2-hour absence sits beside 200 ms).
    {
        auto* chart = new QChart;
        chart->setTitle(tr("Time to success (first 2xx seen by the client, from the first send)"));
        chart->legend()->setAlignment(Qt::AlignBottom);
        if (r) {
            auto* series = new QBarSeries(chart);
            const QStringList names = { tr("p50"), tr("p90"), tr("p99") };
            Millis Percentiles::*fields[] = { &Percentiles::p50, &Percentiles::p90, &Percentiles::p99 };
            // Per policy, its three figures (-1: no intent succeeded).
            auto values = std::make_shared<std::vector<std::vector<Millis>>>();
            double low = 1e18;
            double high = 0;
            for (const PolicyOutcome& o : r->outcomes) {
                std::vector<Millis>& row = values->emplace_back();
                for (int k = 0; k < 3; ++k) {
                    const bool has = o.figures && o.figures->timeToSuccessMs;
                    const Millis ms = has ? (*o.figures->timeToSuccessMs).*fields[k] : -1;
                    row.push_back(ms);
                    if (has) {
                        low = std::min(low, std::max(0.001, double(ms) / 1000.0));
                        high = std::max(high, std::max(0.001, double(ms) / 1000.0));
                    }
                }
            }
            // A log axis has no zero: a policy with no success gets a bar of no height at the axis' floor.
            // One decade below the fastest success, so that a 200 ms bar stays visible beside a 2-hour one.
            const double floor = high > 0 ? std::pow(10.0, std::floor(std::log10(low)) - 1) : 0.001;
            const double ceiling = high > 0 ? std::pow(10.0, std::ceil(std::log10(high))) : 1;
            auto sets = std::make_shared<std::vector<QBarSet*>>();
            for (std::size_t i = 0; i < values->size(); ++i) {
                auto* set = new QBarSet(categories.value(int(i)), series);
                set->setColor(policyColor(int(i)));
                set->setBorderColor(policyColor(int(i)));
                for (const Millis ms : (*values)[i])
                    *set << (ms < 0 ? floor : std::max(floor, double(ms) / 1000.0));
                series->append(set);
                sets->push_back(set);
            }
            chart->addSeries(series);
            auto* x = new QBarCategoryAxis(chart);
            x->append(names);
            chart->addAxis(x, Qt::AlignBottom);
            series->attachAxis(x);
            auto* y = new QLogValueAxis(chart);
            y->setBase(10);
            // Units go in the axis titles, which are translated: Qt Charts 6.4 passes a label format through Latin-1,
            // so a Cyrillic unit there would print as "?".
            y->setLabelFormat(QStringLiteral("%g"));
            y->setMinorTickCount(-1);
            y->setRange(floor, ceiling == floor ? floor * 10 : ceiling);
            y->setTitleText(tr("seconds, log scale"));
            chart->addAxis(y, Qt::AlignLeft);
            series->attachAxis(y);
            connect(series, &QBarSeries::hovered, this, [values, sets, names](bool on, int index, QBarSet* set) {
                if (!on) {
                    QToolTip::hideText();
                    return;
                }
                const auto policy = std::size_t(std::find(sets->begin(), sets->end(), set) - sets->begin());
                if (policy >= values->size() || index < 0 || index >= 3)
                    return;
                const Millis ms = (*values)[policy][std::size_t(index)];
                QToolTip::showText(QCursor::pos(),
                    tr("%1, %2: %3")
                        .arg(set->label(), names.value(index), ms < 0 ? tr("no intent succeeded") : shownDuration(ms)));
            });
        } else {
            chart->legend()->hide();
        }
        replaceChart(m_timeChart, chart);
    }

    // Duplicate and conflict rates side by side: what a policy costs in double effects and in refusals.
    {
        auto* chart = new QChart;
        chart->setTitle(tr("Duplicate rate and conflict rate"));
        chart->legend()->setAlignment(Qt::AlignBottom);
        if (r) {
            auto* series = new QBarSeries(chart);
            const QStringList measures = { tr("duplicate rate"), tr("conflict rate") };
            double high = 0;
            for (std::size_t i = 0; i < r->outcomes.size(); ++i) {
                const PolicyOutcome& o = r->outcomes[i];
                const double d = o.figures ? o.figures->duplicateRate * 100 : 0;
                const double c = o.figures ? o.figures->conflictRate * 100 : 0;
                auto* set = new QBarSet(categories.value(int(i)), series);
                set->setColor(policyColor(int(i)));
                set->setBorderColor(policyColor(int(i)));
                *set << d << c;
                series->append(set);
                high = std::max({ high, d, c });
            }
            connect(series, &QBarSeries::hovered, this, [measures](bool on, int index, QBarSet* set) {
                if (!on) {
                    QToolTip::hideText();
                    return;
                }
                QToolTip::showText(QCursor::pos(),
                    tr("%1, %2: %3 %")
                        .arg(set->label(), measures.value(index), QLocale().toString(set->at(index), 'f', 3)));
            });
            chart->addSeries(series);
            auto* x = new QBarCategoryAxis(chart);
            x->append(measures);
            chart->addAxis(x, Qt::AlignBottom);
            series->attachAxis(x);
            auto* y = new QValueAxis(chart);
            setRoundRange(y, high);
            y->setLabelFormat(QStringLiteral("%g %%"));
            m_rateChart->setToolTip(
                tr("Duplicate rate: % of intents with duplicate effects; conflict rate: % of requests decided"));
            chart->addAxis(y, Qt::AlignLeft);
            series->attachAxis(y);
        } else {
            chart->legend()->hide();
        }
        replaceChart(m_rateChart, chart);
    }

    // Storage held over virtual time: records and tombstones, in approximate bytes.
    {
        auto* chart = new QChart;
        chart->setTitle(tr("Storage held over time (records + tombstones, approximate)"));
        chart->legend()->setAlignment(Qt::AlignBottom);
        if (r) {
            double maxHours = 0;
            double maxMiB = 0;
            std::vector<QLineSeries*> lines;
            for (std::size_t i = 0; i < r->outcomes.size(); ++i) {
                const PolicyOutcome& o = r->outcomes[i];
                if (!o.figures)
                    continue;
                const StorageFigures& st = o.figures->storage;
                auto* line = new QLineSeries(chart);
                line->setName(fromStd(o.figures->name));
                QPen pen(policyColor(int(i)));
                pen.setWidthF(2);
                line->setPen(pen);
                for (const StorageSample& s : st.samples) {
                    const double hours = double(s.t) / 3'600'000.0;
                    const double mib
                        = (double(s.records) * st.bytesPerRecord + double(s.tombstones) * st.bytesPerTombstone)
                        / 1048576.0;
                    line->append(hours, mib);
                    maxHours = std::max(maxHours, hours);
                    maxMiB = std::max(maxMiB, mib);
                }
                chart->addSeries(line);
                lines.push_back(line);
            }
            auto* x = new QValueAxis(chart);
            setRoundRange(x, maxHours / 1.15);
            x->setLabelFormat(QStringLiteral("%g"));
            x->setTitleText(tr("virtual time, h"));
            auto* y = new QValueAxis(chart);
            setRoundRange(y, maxMiB);
            y->setLabelFormat(QStringLiteral("%g"));
            y->setTitleText(tr("MiB"));
            chart->addAxis(x, Qt::AlignBottom);
            chart->addAxis(y, Qt::AlignLeft);
            for (QLineSeries* line : lines) {
                line->attachAxis(x);
                line->attachAxis(y);
            }
        } else {
            chart->legend()->hide();
        }
        replaceChart(m_storageChart, chart);
    }
}

} // namespace iw
