// The link from the main window to the policy review: one review window per owner, and a click on a duplicate
// opens that intent in the main window's run. It lives with the workbench because it drives the run controller.
#pragma once

#include "reviewwindow.h"

namespace iw {

class RunController;
class Selection;

// Shows the review window of `owner` (created on first use, kept when closed) and raises it. A click on a duplicate
// loads that intent on its own (intentScenario) into `run`, runs it to the end, selects the request that ran the
// effect a second time (requestToInspect) in `selection`, and brings `owner` to the front.
ReviewWindow* showPolicyReview(QWidget* owner, RunController* run, Selection* selection);

} // namespace iw
