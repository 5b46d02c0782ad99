// The counters strip (see counters.h).
#include "counters.h"

#include "colors.h"
#include "runcontroller.h"
#include "simulation.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QStringList>
#include <QVBoxLayout>

#include <algorithm>
#include <array>

namespace iw {

namespace {

// The line under the duplicate effects (the suspected ones, the split by hop): one line under the whole strip,
// centred under the duplicates' tile as far as the strip's edges allow, with the whole in the tooltip. Inside the
// tile it was cut to the tile's width ("service 1 · pr…" at 1280×800, fifth pass item 2); a wrapped line asked the
// strip for a height its dock never gave, and was drawn over the duplicate-effects figure (issue 42 item 11). Its
// room is kept while it is hidden, so showing it never needs more; only where even the strip's width is too small is
// it elided.
class HopSplitLabel : public QLabel {
public:
    HopSplitLabel(QWidget* anchor, QWidget* parent)
        : QLabel(parent)
        , m_anchor(anchor)
    {
        anchor->installEventFilter(this);
    }
    void setFullText(const QString& text)
    {
        m_full = text;
        fit();
    }
    const QString& fullText() const { return m_full; }
    QSize minimumSizeHint() const override { return QSize(0, QLabel::minimumSizeHint().height()); }

protected:
    void resizeEvent(QResizeEvent* event) override
    {
        QLabel::resizeEvent(event);
        fit();
    }
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (watched == m_anchor && (event->type() == QEvent::Move || event->type() == QEvent::Resize))
            fit();
        return QLabel::eventFilter(watched, event);
    }

private:
    void fit()
    {
        const int room = std::max(0, contentsRect().width());
        const QString shown = fontMetrics().elidedText(m_full, Qt::ElideRight, room);
        const int width = fontMetrics().horizontalAdvance(shown);
        // Centred under the tile's middle, moved in from an edge it would run past.
        const int middle = m_anchor->geometry().center().x() - geometry().left();
        const int indent = std::clamp(middle - width / 2, 0, std::max(0, room - width - 1));
        if (indent != this->indent())
            setIndent(indent);
        if (shown != text())
            setText(shown);
    }
    QWidget* m_anchor;
    QString m_full;
};

} // namespace

CountersView::CountersView(RunController* run, QWidget* parent)
    : QWidget(parent)
    , m_run(run)
{
    auto* strip = new QVBoxLayout(this);
    strip->setContentsMargins(6, 4, 6, 2);
    strip->setSpacing(1);
    auto* layout = new QHBoxLayout;
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    strip->addLayout(layout);
    QFont valueFont = font();
    valueFont.setPointSizeF(valueFont.pointSizeF() * 1.9);
    valueFont.setBold(true);
    for (int i = 0; i < CounterCount; ++i) {
        auto* tile = new QWidget(this);
        tile->setObjectName(QStringLiteral("counterTile"));
        tile->setAttribute(Qt::WA_StyledBackground);
        auto* tileLayout = new QVBoxLayout(tile);
        tileLayout->setContentsMargins(4, 2, 4, 4);
        tileLayout->setSpacing(0);
        auto* value = new QLabel(QStringLiteral("0"), tile);
        value->setFont(valueFont);
        value->setAlignment(Qt::AlignCenter);
        auto* caption = new QLabel(tile);
        caption->setAlignment(Qt::AlignCenter);
        // Captions may wrap, so the strip never holds the docks beside it apart.
        caption->setWordWrap(true);
        tileLayout->addWidget(value);
        tileLayout->addWidget(caption);
        layout->addWidget(tile, 1);
        m_values[std::size_t(i)] = value;
        m_captions[std::size_t(i)] = caption;
        m_tiles[std::size_t(i)] = tile;
    }
    m_hopSplit = new HopSplitLabel(m_tiles[DuplicateEffects], this);
    m_hopSplit->setObjectName(QStringLiteral("duplicatesByHop"));
    m_hopSplit->setAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    m_hopSplit->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    QSizePolicy keep = m_hopSplit->sizePolicy();
    keep.setRetainSizeWhenHidden(true);
    m_hopSplit->setSizePolicy(keep);
    QFont small = m_hopSplit->font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    m_hopSplit->setFont(small);
    m_hopSplit->hide();
    strip->addWidget(m_hopSplit);
    connect(m_run, &RunController::progressed, this, &CountersView::refresh);
    connect(m_run, &RunController::resetDone, this, &CountersView::refresh);
    setStyleSheet(QStringLiteral("#counterTile { background: palette(alternate-base); border-radius: 4px; }"));
    retranslate();
}

void CountersView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void CountersView::retranslate()
{
    const std::array<QString, CounterCount> captions = {
        tr("intents"),
        tr("requests"),
        tr("effects"),
        tr("duplicate effects"),
        tr("replays"),
        tr("conflicts"),
        tr("mismatches"),
    };
    const std::array<QString, CounterCount> tips = {
        tr("Logical operations the clients started (a retry or a double-submit belongs to the same intent)"),
        tr("Requests the service decided (attempts that never arrived or are still running are not counted)"),
        tr("Times the business action ran (rows created in demo_request)"),
        tr("Effects beyond the first of each intent: the harm idempotency keys exist to prevent"),
        tr("Requests answered from a completed record without running the handler"),
        tr("Requests refused because the scope was busy or blocked: conflict_in_progress and expired_rejected"),
        tr("Requests whose payload fingerprint differed from the stored one: payload_mismatch"),
    };
    for (std::size_t i = 0; i < captions.size(); ++i) {
        m_captions[i]->setText(captions[i]);
        // A caption wraps between its words but never inside one: its longest word is the least width it needs. The
        // tiles stretch equally when there is room, so only a narrow window sees them differ.
        int widest = 0;
        for (const QString& word : captions[i].split(QLatin1Char(' '), Qt::SkipEmptyParts))
            widest = std::max(widest, m_captions[i]->fontMetrics().horizontalAdvance(word));
        m_captions[i]->setMinimumWidth(widest);
        // And its height at that width: the strip asks its dock for the lines a wrapped caption takes, so the line
        // under the duplicates' caption never squeezes it (1 px short, its wrapped text was drawn over its neighbours).
        m_captions[i]->setMinimumHeight(m_captions[i]->heightForWidth(widest));
        m_tiles[i]->setToolTip(tips[i]);
    }
    m_suspectedTip = (tr("Served requests only: effects beyond the first of a suspected intent — requests of one "
                         "actor and operation with the same payload under other keys or none, within the "
                         "intent window. Suspected, not proven: a person may order twice on purpose"));
    refresh(); // the figures in the new language's number format, the per-hop line's tooltip in its words
}

void CountersView::refresh()
{
    const LiveCounters& c = m_run->counters();
    const std::array<qint64, CounterCount> values
        = { c.intents, c.requests, c.effects, c.duplicateEffects, c.replays, c.conflicts, c.mismatches };
    const QLocale locale;
    for (int i = 0; i < CounterCount; ++i)
        m_values[std::size_t(i)]->setText(locale.toString(values[std::size_t(i)]));
    // With a route, where the duplicates were born: one figure per hop, in route order.
    QStringList split;
    if (!c.duplicateEffectsByHop.empty()) {
        const Scenario& scenario = m_run->simulation().scenario();
        for (std::size_t hop = 0; hop < c.duplicateEffectsByHop.size(); ++hop) {
            const std::string_view name = scenario.hopName(static_cast<int>(hop));
            split << QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size())) + QLatin1Char(' ')
                    + locale.toString(c.duplicateEffectsByHop[hop]);
        }
    }
    auto* hopSplit = static_cast<HopSplitLabel*>(m_hopSplit);
    // One line: the suspected duplicates of served requests first, then the split by hop.
    m_hopText = split.join(QStringLiteral(" · "));
    m_suspectedText = c.suspectedDuplicateEffects > 0
        ? tr("suspected: %1").arg(locale.toString(c.suspectedDuplicateEffects))
        : QString();
    QStringList line;
    QStringList tips;
    if (!m_suspectedText.isEmpty()) {
        line << m_suspectedText;
        tips << m_suspectedText + QStringLiteral(" — ") + m_suspectedTip;
    }
    if (!m_hopText.isEmpty()) {
        line << m_hopText;
        tips << tr("Duplicate effects per hop of the route: where along the chain each was born") + QStringLiteral("\n")
                + m_hopText;
    }
    hopSplit->setFullText(line.join(QStringLiteral(" · ")));
    hopSplit->setToolTip(tips.join(QStringLiteral("\n\n")));
    m_hopSplit->setVisible(!line.isEmpty());
    const bool alarm = c.duplicateEffects > 0;
    if (alarm != m_alarm) {
        m_alarm = alarm;
        m_tiles[DuplicateEffects]->setStyleSheet(alarm
                ? QStringLiteral("#counterTile { background: %1; border-radius: 4px; } QLabel { color: %2; }")
                      .arg(alarmColor().name(), textColorOn(alarmColor()).name())
                : QString());
    }
}

QString CountersView::text(Counter counter) const
{
    return m_values[std::size_t(counter)]->text();
}

QString CountersView::hopSplit() const
{
    return m_hopText;
}

QString CountersView::suspectedText() const
{
    return m_suspectedText;
}

bool CountersView::isAlarm(Counter counter) const
{
    return counter == DuplicateEffects && m_alarm;
}

} // namespace iw
