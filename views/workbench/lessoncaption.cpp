// The lesson's caption over the timeline (see lessoncaption.h).
#include "lessoncaption.h"

#include "colors.h"
#include "duration.h"
#include "runcontroller.h"
#include "stdtext.h"
#include "timelineview.h"

#include <QEvent>
#include <QLabel>
#include <QMainWindow>
#include <QPainter>
#include <QPainterPath>
#include <QStatusBar>
#include <QVBoxLayout>

#include <algorithm>
#include <optional>

namespace iw {

namespace {
constexpr int s_margin = 12; // from the plot's edges
constexpr int s_padding = 14; // inside the panel
constexpr double s_titleScale = 1.9; // × the timeline's font
constexpr double s_bodyScale = 1.35;
constexpr int s_lineChars = 88; // a readable line: the panel is no wider
constexpr int s_markerReach = 16; // a marker with its status label, above and below its centre

QFont scaled(const QFont& base, double factor, bool bold = false)
{
    QFont f = base;
    if (base.pointSizeF() > 0)
        f.setPointSizeF(base.pointSizeF() * factor);
    else
        f.setPixelSize(std::max(1, int(std::lround(base.pixelSize() * factor))));
    f.setBold(bold);
    return f;
}

QLabel* captionLabel(QWidget* parent, const QColor& color)
{
    auto* label = new QLabel(parent);
    label->setTextFormat(Qt::PlainText);
    label->setWordWrap(true);
    QPalette palette = label->palette();
    palette.setColor(QPalette::WindowText, color);
    label->setPalette(palette);
    return label;
}
} // namespace

LessonCaption::LessonCaption(TimelineView* timeline, QMainWindow* window)
    : QWidget(window)
    , m_timeline(timeline)
    , m_window(window)
    , m_header(captionLabel(this, captionDimTextColor()))
    , m_title(captionLabel(this, captionTextColor()))
    , m_body(captionLabel(this, captionTextColor()))
    , m_hint(captionLabel(this, captionDimTextColor()))
{
    setObjectName(QStringLiteral("lessonCaption"));
    // A caption to read, not to click: the timeline under it keeps its clicks, drags and tooltips.
    setAttribute(Qt::WA_TransparentForMouseEvents);
    m_title->setObjectName(QStringLiteral("lessonCaptionTitle"));
    m_body->setObjectName(QStringLiteral("lessonCaptionText"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(s_padding + 4, s_padding, s_padding + 4, s_padding);
    layout->setSpacing(6);
    layout->addWidget(m_header);
    layout->addWidget(m_title);
    layout->addWidget(m_body);
    layout->addWidget(m_hint);
    applyFonts();
    m_timeline->installEventFilter(this);
    m_window->installEventFilter(this);
    connect(m_timeline->zoom(), &TimelineZoom::changed, this, &LessonCaption::place);
    retranslate();
    hide();
}

void LessonCaption::showStep(const LessonStep& step, int index, int count, bool moving)
{
    m_shown = Shown::Step;
    m_step = step;
    m_index = index;
    m_count = count;
    m_moving = moving;
    retranslate();
    show();
    raise();
    place();
}

void LessonCaption::showIdle(int count)
{
    m_shown = Shown::Idle;
    m_count = count;
    retranslate();
    show();
    raise();
    place();
}

void LessonCaption::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        place(); // the sentences have another length
    }
    QWidget::changeEvent(event);
}

void LessonCaption::retranslate()
{
    switch (m_shown) {
    case Shown::Nothing:
        break;
    case Shown::Step: {
        const QString at = shownDuration(m_step.atMs);
        const int index = m_index;
        const int count = m_count;
        const bool moving = m_moving;
        m_header->setText(moving ? tr("▶ Playing to step %1 of %2 (t = %3)…").arg(index + 1).arg(count).arg(at)
                                 : tr("Step %1 of %2 · t = %3").arg(index + 1).arg(count).arg(at));
        m_title->setText(fromStd(m_step.title));
        m_body->setText(fromStd(m_step.text));
        // On the way the audience watches the run; the words come when it gets there.
        m_title->setVisible(!moving);
        m_body->setVisible(!moving && !m_step.text.empty());
        const bool last = index + 1 >= count;
        m_hint->setText(moving ? tr("Space: there now · Backspace: back · Esc: leave")
                : last         ? tr("Last step · Backspace: back · Esc: leave")
                               : tr("Space: next · Backspace: back · Esc: leave"));
        break;
    }
    case Shown::Idle:
        m_header->setText(resolvePlural(tr("Lesson · %n step(s)", nullptr, m_count), m_count));
        m_title->setText(tr("Paused between steps"));
        m_body->setText(tr("The run was moved by hand. Space plays to the first step again."));
        m_title->setVisible(true);
        m_body->setVisible(true);
        m_hint->setText(tr("Space: first step · Esc: leave"));
        break;
    }
}

QString LessonCaption::titleText() const
{
    return m_title->isHidden() ? QString() : m_title->text(); // hidden on the way to a step
}

QString LessonCaption::bodyText() const
{
    return m_body->text();
}

QString LessonCaption::headerText() const
{
    return m_header->text();
}

QFont LessonCaption::titleFont() const
{
    return m_title->font();
}

QFont LessonCaption::bodyFont() const
{
    return m_body->font();
}

void LessonCaption::place()
{
    if (!isVisible())
        return;
    // In the window's coordinates: the panel floats over the timeline and, when the timeline is too short to keep
    // it off the step's request, hangs below it over the tables.
    const QPoint origin = m_timeline->mapTo(m_window, QPoint(0, 0));
    const QRect timeline(origin, m_timeline->size());
    const QRectF plot = m_timeline->plotRect().translated(origin);
    QRect area = m_window->rect();
    if (m_window->statusBar()->isVisible())
        area.setBottom(m_window->statusBar()->geometry().top() - 1);
    area.setTop(timeline.top());
    const QFontMetrics fm(m_body->font());
    const int width = std::max(
        200, std::min(int(plot.width()) - 2 * s_margin, fm.averageCharWidth() * s_lineChars + 2 * s_padding));
    const int height = std::min(layout()->totalHeightForWidth(width), std::max(80, area.height() - 2 * s_margin));
    const int left = int(plot.left() + (plot.width() - width) / 2);
    const auto at = [&](double top) { return QRect(left, int(top), width, height); };
    std::optional<QPoint> marker;
    if (const auto center = m_timeline->markerCenter(m_timeline->highlightedRequest()))
        marker = center->toPoint() + origin;
    // Never over the request the step is about: the plot's foot, else its head, else just under the marker or just
    // above it (over the tables below the timeline if need be).
    // The marker with its status label.
    const QRect band = marker ? QRect(marker->x() - 10, marker->y() - s_markerReach, 20, 2 * s_markerReach) : QRect();
    const auto clear
        = [&](const QRect& r, const QRect& within) { return within.contains(r) && !(marker && r.intersects(band)); };
    QRect rect = at(plot.bottom() - s_margin - height);
    if (!m_presenting) {
        // Beside the tables the timeline is short: the caption never covers the lanes it talks about (issue 42: it
        // hid the second actor's lane at 1280×800). Under the last lane in the plot, else under the timeline over
        // the tables, else as low as the window allows.
        const QRect lanes = lanesRect();
        if (rect.top() < lanes.bottom() + 4 || !timeline.contains(rect))
            rect = at(timeline.bottom() + 4);
        rect.moveTop(std::clamp(rect.top(), area.top(), std::max(area.top(), area.bottom() - height)));
        setGeometry(rect);
        raise();
        return;
    }
    if (!clear(rect, timeline)) {
        const QRect head = at(plot.top() + s_margin);
        const QRect under = at(band.bottom() + 6);
        const QRect over = at(band.top() - 6 - height);
        if (clear(head, timeline))
            rect = head;
        else if (marker && clear(under, area))
            rect = under;
        else if (marker && clear(over, area))
            rect = over;
        else if (!marker)
            rect = at(std::max(plot.top() + s_margin, double(area.top())));
        else
            rect = under;
    }
    rect.moveTop(std::clamp(rect.top(), area.top(), std::max(area.top(), area.bottom() - height)));
    setGeometry(rect);
    raise();
}

QRect LessonCaption::lanesRect() const
{
    const QPoint origin = m_timeline->mapTo(m_window, QPoint(0, 0));
    const TimelineMapping& mapping = m_timeline->zoom()->mapping();
    const QRectF plot = mapping.plotRect();
    const double filled = std::clamp(mapping.contentHeight() - mapping.scrollY(), 0.0, plot.height());
    return QRectF(plot.left(), plot.top(), plot.width(), filled).toAlignedRect().translated(origin);
}

void LessonCaption::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing, true);
    QPainterPath panel;
    panel.addRoundedRect(QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5), 10, 10);
    p.fillPath(panel, captionBackground());
    p.setPen(QPen(captionDimTextColor(), 1));
    p.drawPath(panel);
}

bool LessonCaption::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_timeline && event->type() == QEvent::FontChange) {
        applyFonts();
        QMetaObject::invokeMethod(this, &LessonCaption::place, Qt::QueuedConnection);
    }
    // The timeline lays its plot out when it handles the resize, after this filter: place the panel then.
    if (event->type() == QEvent::Resize || event->type() == QEvent::Move)
        QMetaObject::invokeMethod(this, &LessonCaption::place, Qt::QueuedConnection);
    return QWidget::eventFilter(watched, event);
}

void LessonCaption::applyFonts()
{
    const QFont base = m_timeline->font(); // presenter mode scales it
    m_header->setFont(scaled(base, 1.05, true));
    m_title->setFont(scaled(base, s_titleScale, true));
    m_body->setFont(scaled(base, s_bodyScale));
    m_hint->setFont(scaled(base, 0.95));
}

} // namespace iw
