// The second timeline of View → Compare Strategies Side by Side: the same scenario under another strategy, one clock.
#include "strategycompare.h"

#include "colors.h"
#include "runcontroller.h"
#include "selection.h"
#include "simulation.h"
#include "stdtext.h"
#include "storeengine.h"
#include "timelineview.h"
#include "timelinezoom.h"

#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QMainWindow>
#include <QSignalBlocker>
#include <QVBoxLayout>

#include <exception>
#include <functional>

namespace iw {

namespace {

constexpr Strategy kStrategies[]
    = { Strategy::UniqueClaim, Strategy::CheckThenInsert, Strategy::SeenFlag, Strategy::None };

// Retranslates the comparison when the language changes (the dock's content is a plain widget).
class LanguageWatcher : public QObject {
public:
    LanguageWatcher(QObject* parent, std::function<void()> onChange)
        : QObject(parent)
        , m_onChange(std::move(onChange))
    {
    }
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::LanguageChange)
            m_onChange();
        return QObject::eventFilter(watched, event);
    }

private:
    std::function<void()> m_onChange;
};

} // namespace

StrategyComparison::StrategyComparison(QMainWindow* window, RunController* run)
    : QObject(window)
    , m_window(window)
    , m_run(run)
    , m_dock(new QDockWidget(window))
    , m_toggle(m_dock->toggleViewAction())
    , m_label(new QLabel)
    , m_choice(new QComboBox)
    , m_summary(new QLabel)
    , m_selection(new Selection(this))
    , m_timeline(new TimelineView(m_selection))
{
    m_dock->setObjectName(QStringLiteral("compareDock"));
    m_dock->setFeatures(
        QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetClosable | QDockWidget::DockWidgetFloatable);
    m_choice->setObjectName(QStringLiteral("compareStrategy"));
    for (const Strategy s : kStrategies)
        m_choice->addItem(fromStd(std::string(strategyName(s))), int(s));
    m_label->setBuddy(m_choice);
    m_summary->setObjectName(QStringLiteral("compareSummary"));
    m_summary->setTextFormat(Qt::PlainText);
    // The run's figures are what the comparison is for: in a narrow window, or in a longer language, they wrap onto a
    // second line rather than being cut ("unique_claim · 1 effect, 0 du").
    m_summary->setWordWrap(true);
    m_summary->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Minimum);
    m_timeline->setObjectName(QStringLiteral("compareTimeline"));

    auto* content = new QWidget;
    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(4, 2, 4, 2);
    bar->addWidget(m_label);
    bar->addWidget(m_choice);
    bar->addWidget(m_summary, 1);
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(bar);
    layout->addWidget(m_timeline, 1);
    m_dock->setWidget(content);
    content->installEventFilter(new LanguageWatcher(this, [this] {
        retranslate();
        updateSummary();
    }));
    // Above the window's timeline, under the counters: the two timelines one over the other, the same width.
    window->addDockWidget(Qt::TopDockWidgetArea, m_dock);
    if (auto* counters = window->findChild<QDockWidget*>(QStringLiteral("countersDock"), Qt::FindDirectChildrenOnly))
        window->splitDockWidget(counters, m_dock, Qt::Vertical);
    m_dock->hide();
    retranslate();

    connect(m_choice, &QComboBox::activated, this,
        [this](int index) { setStrategy(static_cast<Strategy>(m_choice->itemData(index).toInt())); });
    // One clock: the window's. Shown, the second run follows it; hidden, it is dropped and rebuilt when shown.
    connect(m_dock, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (!visible)
            return;
        // The first time, a third of the height the window's timeline had: room for a few lanes and the legend.
        if (!m_sized && !m_dock->isFloating()) {
            m_sized = true;
            m_window->resizeDocks({ m_dock }, { std::max(220, m_window->height() / 3) }, Qt::Vertical);
        }
        follow(m_run->now());
    });
    connect(m_run, &RunController::aboutToReset, this, [this] {
        m_timeline->setSimulation(nullptr);
        m_sim.reset();
        m_store.reset();
    });
    connect(m_run, &RunController::resetDone, this, [this] {
        m_chosen = m_chosen && m_run->scenario().service.strategy != m_strategy;
        if (m_dock->isVisible())
            follow(m_run->now());
    });
    connect(m_run, &RunController::clockChanged, this, [this](Millis now) {
        if (m_dock->isVisible())
            follow(now);
    });
}

StrategyComparison::~StrategyComparison()
{
    // The timeline reads the simulation until it goes.
    m_timeline->setSimulation(nullptr);
}

void StrategyComparison::retranslate()
{
    m_dock->setWindowTitle(tr("Compare Strategies"));
    m_toggle->setText(tr("Compare Strategies Side by Side"));
    m_toggle->setToolTip(tr("A second timeline above this one: the same scenario under another strategy, played by "
                            "the same clock"));
    m_label->setText(tr("Same requests under:"));
    m_choice->setToolTip(tr("The strategy the second timeline runs the scenario's requests under (requests fired or "
                            "served by hand are not repeated there)"));
}

void StrategyComparison::setStrategy(Strategy strategy)
{
    m_strategy = strategy;
    m_chosen = true;
    const QSignalBlocker block(m_choice);
    m_choice->setCurrentIndex(m_choice->findData(int(strategy)));
    m_timeline->setSimulation(nullptr);
    m_sim.reset();
    if (m_dock->isVisible())
        follow(m_run->now());
}

void StrategyComparison::follow(Millis now)
{
    if (!m_sim || now < m_sim->now()) {
        rebuild();
    } else if (now > m_sim->now()) {
        try {
            m_sim->runUntil(now);
        } catch (const std::exception&) {
            rebuild(); // says why in the summary
        }
    }
    if (m_sim) {
        m_timeline->refresh();
        m_timeline->setNow(now);
    }
    updateSummary();
}

void StrategyComparison::rebuild()
{
    m_timeline->setSimulation(nullptr);
    m_sim.reset();
    m_store.reset();
    Scenario scenario = m_run->scenario();
    // Unless the user chose, the strategy the articles contrast with the scenario's own: unique_claim beside
    // check_then_insert, and check_then_insert beside anything else.
    if (!m_chosen)
        m_strategy = scenario.service.strategy == Strategy::CheckThenInsert ? Strategy::UniqueClaim
                                                                            : Strategy::CheckThenInsert;
    {
        const QSignalBlocker block(m_choice);
        m_choice->setCurrentIndex(m_choice->findData(int(m_strategy)));
    }
    scenario.service.strategy = m_strategy;
    try {
        m_store = makeModelStore(scenario.service);
        m_sim = std::make_unique<Simulation>(std::move(scenario), *m_store);
        m_sim->runUntil(m_run->now());
    } catch (const std::exception& e) {
        m_sim.reset();
        m_store.reset();
        m_summary->setText(tr("Cannot run under %1: %2")
                               .arg(fromStd(std::string(strategyName(m_strategy))), QString::fromUtf8(e.what())));
        return;
    }
    m_timeline->setSimulation(m_sim.get());
    m_timeline->zoom()->fitAll();
}

void StrategyComparison::updateSummary()
{
    if (!m_sim)
        return;
    const RunSummary s = m_sim->summary();
    m_summary->setText(tr("%1 · %n effect(s), %2", nullptr, int(s.effects))
                           .arg(fromStd(std::string(strategyName(m_strategy))),
                               tr("%n duplicate(s)", nullptr, int(s.duplicateEffects))));
    QPalette palette = m_summary->palette();
    palette.setColor(QPalette::WindowText, s.duplicateEffects > 0 ? alarmColor() : QColor(0x20, 0x20, 0x24));
    m_summary->setPalette(palette);
}

} // namespace iw
