// View → Compare Strategies Side by Side: a second timeline, above the window's, running the same scenario under
// another claim strategy (unique_claim beside check_then_insert), driven by the window's clock — one playhead, the
// same instant in both, rewound and replayed with it. The second run is the scenario's own requests on the embedded
// store of its engine; requests fired or served by hand in the window are not repeated there.
#pragma once

#include "domain.h"
#include "policy.h"

#include <QObject>

#include <memory>

class QAction;
class QComboBox;
class QDockWidget;
class QLabel;
class QMainWindow;

namespace iw {

class IdempotencyStore;
class RunController;
class Selection;
class Simulation;
class TimelineView;

class StrategyComparison : public QObject {
    Q_OBJECT
public:
    // Adds its dock to `window` (hidden until the action shows it).
    StrategyComparison(QMainWindow* window, RunController* run);
    ~StrategyComparison() override;

    QAction* toggleAction() const { return m_toggle; }
    QDockWidget* dock() const { return m_dock; }
    TimelineView* timeline() const { return m_timeline; }

    // The strategy the second timeline runs; choosing one replays the scenario under it up to the window's clock.
    Strategy strategy() const { return m_strategy; }
    void setStrategy(Strategy strategy);
    // The second run (nullptr while the dock is hidden or no scenario is loaded).
    const Simulation* simulation() const { return m_sim.get(); }

private:
    void retranslate();
    // Catches the second run up with the window's clock: forward by running on, back by running again from t = 0.
    void follow(Millis now);
    void rebuild();
    void updateSummary();

    QMainWindow* m_window;
    RunController* m_run;
    Strategy m_strategy = Strategy::UniqueClaim;
    bool m_chosen = false; // the user picked a strategy (else: the one the scenario does not use)
    bool m_sized = false; // given its first height
    QDockWidget* m_dock;
    QAction* m_toggle;
    QLabel* m_label;
    QComboBox* m_choice;
    QLabel* m_summary;
    Selection* m_selection;
    TimelineView* m_timeline;
    std::unique_ptr<IdempotencyStore> m_store;
    std::unique_ptr<Simulation> m_sim;
};

} // namespace iw
