// showPolicyReview: the main window's entry point into the policy review.
#include "reviewlink.h"

#include "runcontroller.h"
#include "selection.h"

namespace iw {

ReviewWindow* showPolicyReview(QWidget* owner, RunController* run, Selection* selection)
{
    auto* window = owner->findChild<ReviewWindow*>(QStringLiteral("ReviewWindow"), Qt::FindDirectChildrenOnly);
    if (!window) {
        window = new ReviewWindow(owner);
        QObject::connect(window, &ReviewWindow::openIntent, owner,
            [window, owner, run, selection](int policy, const QString& intent) {
                const std::optional<Scenario> scenario = window->intentScenario(policy, intent);
                if (!scenario)
                    return;
                run->load(*scenario);
                run->runToEnd();
                const Simulation& sim = run->simulation();
                const int request = requestToInspect(sim, intent.toStdString());
                if (request >= 0) {
                    const RequestRow& row = sim.requests()[std::size_t(request)];
                    selection->select(request, row.scope >= 0 ? row.scope : row.keylessScope);
                }
                owner->window()->raise();
                owner->window()->activateWindow();
            });
    }
    window->show();
    window->raise();
    window->activateWindow();
    return window;
}

} // namespace iw
