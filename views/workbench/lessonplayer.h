// Lesson mode (docs/manual/teaching.md "Lessons"): walks the loaded scenario's `lesson` steps. Going to a step plays
// the run to the step's instant and pauses there (Next), or — for an earlier instant — runs the same deterministic run
// again from t = 0 and stops there (Previous, or a jump back in the step list), then selects what the step names so the
// inspector, the sequence and the timeline show it. The caption and the step list are the window's; they follow
// stepShown().
#pragma once

#include "scenario.h"

#include <QObject>

#include <vector>

namespace iw {

class RunController;
class Selection;

class LessonPlayer : public QObject {
    Q_OBJECT
public:
    LessonPlayer(RunController* run, Selection* selection, QObject* parent = nullptr);

    static bool hasLesson(const Scenario& scenario) { return !scenario.lesson.empty(); }

    bool isActive() const { return m_active; }
    // The lesson being played (the scenario's, as it was when the lesson started).
    const std::vector<LessonStep>& steps() const { return m_steps; }
    // The same steps with their titles and texts in the GUI's language: the scenario's `translations` into it
    // where it has them (docs/glossary.md), else its own. Asked again after a language switch.
    std::vector<LessonStep> shownSteps() const;
    int count() const { return static_cast<int>(m_steps.size()); }
    // The step whose instant the run is at, or -1 (not started, or the run was rewound or moved on by hand).
    int current() const { return m_current; }
    // The step the run is playing towards, or -1.
    int pending() const { return m_pending; }

    // The request the step names, or the request of the effect it names, as the selection takes it: -1 when it
    // names none or the run has not sent it yet. The scope, likewise (-1: none).
    int requestOf(const LessonStep& step) const;
    int scopeOf(const LessonStep& step) const;

public Q_SLOTS:
    // Rewinds the run and plays it to the first step. Nothing happens without a lesson, or while serving.
    void start();
    void stop();
    void setActive(bool on);
    // Next completes a step still being played to, else goes to the following one.
    void next();
    void previous();
    void goTo(int step);

Q_SIGNALS:
    void activeChanged(bool active);
    // The run is at step `step`'s instant with its selection made (-1: at no step).
    void stepShown(int step);
    // Playing towards `step`.
    void moving(int step);

private:
    void arrive(int step);
    void applySelection(const LessonStep& step);
    void onReached(Millis t);
    void onPaused();

    RunController* m_run;
    Selection* m_selection;
    std::vector<LessonStep> m_steps;
    Scenario m_texts; // the lesson and the scenario's translations, as when the lesson started
    bool m_active = false;
    int m_current = -1;
    int m_pending = -1;
    bool m_rewinding = false; // the rewind is ours (Previous), not the user's Reset
    bool m_commanding = false; // inside a call into the run: its own pause is no user's pause
    double m_speedBefore = 0;
    bool m_autoSkipBefore = true;
};

} // namespace iw
