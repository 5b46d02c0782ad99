// The timeline's geometry as a plain value type: virtual time ↔ x, display row ↔ y, zoom about a point, pan clamped
// to the data, and readable time-axis ticks. No widget is involved, so every rule here is tested with data rows
// (the same split hotspot makes between its time axis and its painting).
#pragma once

#include <algorithm>

#include <QCoreApplication>
#include <QList>
#include <QRectF>
#include <QString>

namespace iw {

struct TimeTick {
    double t = 0; // virtual milliseconds
    QString label;
};

class TimelineMapping {
    Q_DECLARE_TR_FUNCTIONS(TimelineMapping)
public:
    // Below this span the axis would have to print sub-millisecond labels for integer-millisecond data.
    static constexpr double MinSpanMs = 1.0;

    // --- Where the plot is drawn (excludes the label gutter, axis and legend).
    void setPlotRect(const QRectF& rect);
    QRectF plotRect() const { return m_plot; }

    // --- Time. The data range bounds panning; the fit range is what "Fit All" shows (it may be narrower, e.g.
    // when a record's TTL ends a day after the last request).
    void setDataRange(double start, double end);
    double dataStart() const { return m_dataStart; }
    double dataEnd() const { return m_dataEnd; }
    void setFitRange(double start, double end);
    double fitStart() const { return m_fitStart; }
    double fitEnd() const { return m_fitEnd; }

    // Sets the visible window, then enforces the minimum span and the pan clamp.
    void setVisibleRange(double start, double end);
    double visibleStart() const { return m_start; }
    double visibleEnd() const { return m_end; }
    double span() const { return m_end - m_start; }

    double mapTimeToX(double t) const;
    double mapXToTime(double x) const;
    double msPerPixel() const;

    // factor > 1 zooms in. The time under `t` keeps its x unless the pan clamp has to move the window.
    void zoomAboutTime(double t, double factor);
    void zoomAboutX(double x, double factor) { zoomAboutTime(mapXToTime(x), factor); }
    void panByTime(double dt);
    void panByPixels(double dx) { panByTime(dx * msPerPixel()); }
    void fitTime() { setVisibleRange(m_fitStart, m_fitEnd); }

    // --- Rows (lanes in display order, after filtering).
    void setRowCount(int rows);
    int rowCount() const { return m_rows; }
    void setRowHeight(double h); // clamped to [MinRowHeight, MaxRowHeight]; keeps the scroll in range
    double rowHeight() const { return m_rowHeight; }
    static constexpr double MinRowHeight = 0.001;
    static constexpr double MaxRowHeight = 120.0;
    void setScrollY(double pixels); // content offset of row 0's top, clamped to the content
    double scrollY() const { return m_scrollY; }
    double maxScrollY() const;
    double contentHeight() const { return m_rows * m_rowHeight; }

    double rowTop(int row) const;
    // The row whose band contains y: a band is [top, top + height), so a y on the boundary belongs to the lower
    // row. -1 above, below or outside the plot.
    int rowAtY(double y) const;
    // Fractional row at y (no bounds check); for zooming rows about the pointer.
    double rowPositionAtY(double y) const;
    int firstVisibleRow() const;
    int lastVisibleRow() const; // inclusive; -1 when there are no rows
    // Shows all rows: when they fit at `naturalHeight` they share the room up to `roomyHeight` each (a few lanes
    // get space for their labels); otherwise they are squeezed (the density view).
    void fitRows(double naturalHeight, double roomyHeight = 0);
    // Fitting never squeezes a lane below this (default 0: as thin as it takes); past it the rows scroll. The live
    // view keeps a page's lanes readable (12 px) instead of squeezing 200 of them into a laptop's timeline.
    void setMinimumFitRowHeight(double h) { m_minFitRowHeight = std::max(0.0, h); }
    double minimumFitRowHeight() const { return m_minFitRowHeight; }
    // Scrolls the least amount so `row` is fully visible (centred when it was far away).
    void ensureRowVisible(int row);
    // Changes the row height keeping the row under y where it is.
    void zoomRowsAboutY(double y, double factor);

    // --- Hit-testing in time: the time window of ±`tolerancePx` around x.
    std::pair<double, double> timeWindowAtX(double x, double tolerancePx) const;

    // --- Axis.
    // "Nice" tick steps in readable units (1-2-5 ms, 1/2/5/10/15/30 s and min, 1/2/3/6/12 h, days), the smallest
    // leaving `minSpacingPx` between ticks.
    static double tickStep(double span, double widthPx, double minSpacingPx);
    static QList<TimeTick> ticks(double start, double end, double widthPx, double minSpacingPx = 90);
    QList<TimeTick> ticks(double minSpacingPx = 90) const
    {
        return ticks(m_start, m_end, m_plot.width(), minSpacingPx);
    }
    // A tick label: the time in the units the step needs, largest first ("1 min 30 s", "1 d 5 ms", "250 ms");
    // below a minute, fractions of a second read as decimals ("1.25 s").
    static QString formatTime(double t, double step);

    bool operator==(const TimelineMapping&) const = default;

private:
    void clampWindow();

    QRectF m_plot { 0, 0, 1000, 600 };
    double m_dataStart = 0;
    double m_dataEnd = 1000;
    double m_fitStart = 0;
    double m_fitEnd = 1000;
    double m_start = 0;
    double m_end = 1000;
    int m_rows = 0;
    double m_rowHeight = 22;
    double m_minFitRowHeight = 0;
    double m_scrollY = 0;
};

} // namespace iw
