// The timeline's geometry: see timelinemapping.h. Everything here is arithmetic on doubles, so it is cheap enough
// to run per mouse event and simple enough to test exhaustively.
#include "timelinemapping.h"

#include <QLocale>
#include <QStringList>

#include <algorithm>
#include <array>
#include <cmath>

namespace iw {

namespace {

constexpr double Ms = 1;
constexpr double Sec = 1000 * Ms;
constexpr double Min = 60 * Sec;
constexpr double Hour = 60 * Min;
constexpr double Day = 24 * Hour;

// Steps a reader can add up in their head: decimal below a second, then the clock's own divisions.
constexpr std::array<double, 35> NiceSteps {
    1,
    2,
    5,
    10,
    20,
    50,
    100,
    200,
    500,
    Sec,
    2 * Sec,
    5 * Sec,
    10 * Sec,
    15 * Sec,
    30 * Sec,
    Min,
    2 * Min,
    5 * Min,
    10 * Min,
    15 * Min,
    30 * Min,
    Hour,
    2 * Hour,
    3 * Hour,
    6 * Hour,
    12 * Hour,
    Day,
    2 * Day,
    7 * Day,
    14 * Day,
    30 * Day,
    50 * Day,
    100 * Day,
    200 * Day,
    500 * Day,
};

// In the GUI's number format (its decimal point), without trailing zeros.
QString trimmedNumber(double v, int decimals)
{
    const QLocale locale;
    QString s = locale.toString(v, 'f', decimals);
    const QString point = locale.decimalPoint();
    if (s.contains(point)) {
        const QString zero = locale.zeroDigit();
        while (s.endsWith(zero))
            s.chop(zero.size());
        if (s.endsWith(point))
            s.chop(point.size());
    }
    return s;
}

} // namespace

void TimelineMapping::setPlotRect(const QRectF& rect)
{
    m_plot = rect;
    setScrollY(m_scrollY);
}

void TimelineMapping::setDataRange(double start, double end)
{
    m_dataStart = start;
    m_dataEnd = std::max(end, start);
    m_fitStart = std::clamp(m_fitStart, m_dataStart, m_dataEnd);
    m_fitEnd = std::clamp(m_fitEnd, m_dataStart, m_dataEnd);
    clampWindow();
}

void TimelineMapping::setFitRange(double start, double end)
{
    m_fitStart = std::clamp(start, m_dataStart, m_dataEnd);
    m_fitEnd = std::clamp(std::max(end, start), m_dataStart, m_dataEnd);
}

void TimelineMapping::setVisibleRange(double start, double end)
{
    m_start = start;
    m_end = std::max(end, start);
    clampWindow();
}

void TimelineMapping::clampWindow()
{
    const double dataSpan = m_dataEnd - m_dataStart;
    double span = std::clamp(m_end - m_start, MinSpanMs, std::max(MinSpanMs, dataSpan));
    if (dataSpan <= span) {
        // The whole data fits: centre it rather than pinning it to an edge.
        const double mid = (m_dataStart + m_dataEnd) / 2;
        m_start = mid - span / 2;
        m_end = mid + span / 2;
        return;
    }
    const double centre = (m_start + m_end) / 2;
    m_start = centre - span / 2;
    if (m_start < m_dataStart)
        m_start = m_dataStart;
    if (m_start + span > m_dataEnd)
        m_start = m_dataEnd - span;
    m_end = m_start + span;
}

double TimelineMapping::mapTimeToX(double t) const
{
    return m_plot.left() + (t - m_start) / span() * m_plot.width();
}

double TimelineMapping::mapXToTime(double x) const
{
    return m_start + (x - m_plot.left()) / m_plot.width() * span();
}

double TimelineMapping::msPerPixel() const
{
    return m_plot.width() > 0 ? span() / m_plot.width() : span();
}

void TimelineMapping::zoomAboutTime(double t, double factor)
{
    if (factor <= 0)
        return;
    const double oldSpan = span();
    const double newSpan = std::max(MinSpanMs, oldSpan / factor);
    const double fraction = oldSpan > 0 ? (t - m_start) / oldSpan : 0.5;
    m_start = t - fraction * newSpan;
    m_end = m_start + newSpan;
    // clampWindow() recentres on the window's middle; do the clamp without moving the anchor when it is legal.
    const double dataSpan = m_dataEnd - m_dataStart;
    if (newSpan < dataSpan && m_start >= m_dataStart && m_end <= m_dataEnd)
        return;
    clampWindow();
}

void TimelineMapping::panByTime(double dt)
{
    m_start += dt;
    m_end += dt;
    clampWindow();
}

void TimelineMapping::setRowCount(int rows)
{
    m_rows = std::max(0, rows);
    setScrollY(m_scrollY);
}

void TimelineMapping::setRowHeight(double h)
{
    m_rowHeight = std::clamp(h, MinRowHeight, MaxRowHeight);
    setScrollY(m_scrollY);
}

void TimelineMapping::setScrollY(double pixels)
{
    m_scrollY = std::clamp(pixels, 0.0, maxScrollY());
}

double TimelineMapping::maxScrollY() const
{
    return std::max(0.0, contentHeight() - m_plot.height());
}

double TimelineMapping::rowTop(int row) const
{
    return m_plot.top() + row * m_rowHeight - m_scrollY;
}

int TimelineMapping::rowAtY(double y) const
{
    if (y < m_plot.top() || y >= m_plot.bottom())
        return -1;
    const double row = std::floor(rowPositionAtY(y));
    if (row < 0 || row >= m_rows)
        return -1;
    return static_cast<int>(row);
}

double TimelineMapping::rowPositionAtY(double y) const
{
    return (y - m_plot.top() + m_scrollY) / m_rowHeight;
}

int TimelineMapping::firstVisibleRow() const
{
    if (m_rows == 0)
        return 0;
    return std::clamp(static_cast<int>(std::floor(m_scrollY / m_rowHeight)), 0, m_rows - 1);
}

int TimelineMapping::lastVisibleRow() const
{
    if (m_rows == 0)
        return -1;
    const double last = std::ceil((m_scrollY + m_plot.height()) / m_rowHeight) - 1;
    return std::clamp(static_cast<int>(std::min(last, 2e9)), 0, m_rows - 1);
}

void TimelineMapping::fitRows(double naturalHeight, double roomyHeight)
{
    const double available = std::max(1.0, m_plot.height());
    if (m_rows == 0)
        m_rowHeight = std::clamp(naturalHeight, MinRowHeight, MaxRowHeight);
    else if (m_rows * naturalHeight <= available)
        m_rowHeight = std::clamp(
            std::min(std::max(roomyHeight, naturalHeight), available / m_rows), MinRowHeight, MaxRowHeight);
    else
        m_rowHeight = std::clamp(std::max(available / m_rows, m_minFitRowHeight), MinRowHeight, MaxRowHeight);
    m_scrollY = 0;
}

void TimelineMapping::ensureRowVisible(int row)
{
    if (row < 0 || row >= m_rows)
        return;
    const double top = row * m_rowHeight;
    const double bottom = top + m_rowHeight;
    const double height = m_plot.height();
    if (top >= m_scrollY && bottom <= m_scrollY + height)
        return;
    const bool far = bottom < m_scrollY - height || top > m_scrollY + 2 * height;
    if (far)
        setScrollY(top + m_rowHeight / 2 - height / 2);
    else if (top < m_scrollY)
        setScrollY(top);
    else
        setScrollY(bottom - height);
}

void TimelineMapping::zoomRowsAboutY(double y, double factor)
{
    const double position = rowPositionAtY(y);
    m_rowHeight = std::clamp(m_rowHeight * factor, MinRowHeight, MaxRowHeight);
    if (m_rows > 0 && contentHeight() < m_plot.height() && factor < 1)
        m_rowHeight = std::min(m_rowHeight, std::max(m_plot.height() / m_rows, MinRowHeight));
    setScrollY(position * m_rowHeight - (y - m_plot.top()));
}

std::pair<double, double> TimelineMapping::timeWindowAtX(double x, double tolerancePx) const
{
    return { mapXToTime(x - tolerancePx), mapXToTime(x + tolerancePx) };
}

double TimelineMapping::tickStep(double span, double widthPx, double minSpacingPx)
{
    if (span <= 0 || widthPx <= 0)
        return NiceSteps.front();
    const double wanted = span * minSpacingPx / widthPx; // the smallest step that keeps labels apart
    for (double step : NiceSteps) {
        if (step >= wanted)
            return step;
    }
    // Beyond the table: 1-2-5 multiples of 1000 days, far past any TTL anyone sets.
    for (double base = 1000 * Day;; base *= 10) {
        for (double m : { 1.0, 2.0, 5.0 }) {
            if (base * m >= wanted)
                return base * m;
        }
    }
}

QList<TimeTick> TimelineMapping::ticks(double start, double end, double widthPx, double minSpacingPx)
{
    QList<TimeTick> result;
    if (end <= start || widthPx <= 0)
        return result;
    const double step = tickStep(end - start, widthPx, minSpacingPx);
    const double first = std::ceil(start / step) * step;
    for (double t = first; t <= end + step * 1e-9 && result.size() < 1000; t += step) {
        const double snapped = std::round(t / step) * step; // keep labels exact after many additions
        result.append({ snapped, formatTime(snapped, step) });
    }
    return result;
}

QString TimelineMapping::formatTime(double t, double step)
{
    // The finest unit the step needs: a 30 s step never needs milliseconds, a 250 ms step does.
    struct Unit {
        double ms;
        int index;
    };
    constexpr std::array<Unit, 5> Units { { { Day, 0 }, { Hour, 1 }, { Min, 2 }, { Sec, 3 }, { Ms, 4 } } };
    int finest = 4;
    for (const Unit& u : Units) {
        const double ratio = step / u.ms;
        if (ratio >= 1 && std::abs(ratio - std::round(ratio)) < 1e-9) {
            finest = u.index;
            break;
        }
    }
    const bool negative = t < 0;
    const QString sign = negative ? QString(QChar(0x2212)) : QString();
    if (finest == 4 && std::abs(t) >= Sec && std::abs(t) < Min) {
        const int decimals = std::fmod(step, 100) == 0 ? 1 : (std::fmod(step, 10) == 0 ? 2 : 3);
        return sign + tr("%1 s").arg(trimmedNumber(std::abs(t) / Sec, decimals));
    }
    double rest = std::round(std::abs(t) / Units[static_cast<std::size_t>(finest)].ms)
        * Units[static_cast<std::size_t>(finest)].ms;
    QStringList parts;
    for (const Unit& u : Units) {
        if (u.index > finest)
            break;
        const double count = std::floor(rest / u.ms + 1e-9);
        rest -= count * u.ms;
        if (count == 0)
            continue;
        const QString n = QLocale().toString(static_cast<qint64>(count));
        switch (u.index) {
        case 0:
            parts << tr("%1 d").arg(n);
            break;
        case 1:
            parts << tr("%1 h").arg(n);
            break;
        case 2:
            parts << tr("%1 min").arg(n);
            break;
        case 3:
            parts << tr("%1 s").arg(n);
            break;
        default:
            parts << tr("%1 ms").arg(n);
            break;
        }
    }
    if (parts.isEmpty())
        return QStringLiteral("0");
    return sign + parts.join(QLatin1Char(' '));
}

} // namespace iw
