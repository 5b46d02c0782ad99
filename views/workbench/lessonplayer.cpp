// Lesson mode's navigation (see lessonplayer.h).
#include "lessonplayer.h"

#include "language.h"
#include "runcontroller.h"
#include "selection.h"

namespace iw {

LessonPlayer::LessonPlayer(RunController* run, Selection* selection, QObject* parent)
    : QObject(parent)
    , m_run(run)
    , m_selection(selection)
{
    connect(m_run, &RunController::reached, this, &LessonPlayer::onReached);
    connect(m_run, &RunController::playingChanged, this, [this](bool playing) {
        if (!playing)
            onPaused();
    });
    // Another scenario has another lesson (or none): the walk-through ends.
    connect(m_run, &RunController::scenarioLoaded, this, &LessonPlayer::stop);
    // The user's Reset: the run is at t = 0, at no step; Space plays to the first again.
    connect(m_run, &RunController::resetDone, this, [this] {
        if (!m_active || m_rewinding)
            return;
        m_current = -1;
        m_pending = -1;
        Q_EMIT stepShown(-1);
    });
}

std::vector<LessonStep> LessonPlayer::shownSteps() const
{
    std::vector<LessonStep> shown = m_steps;
    const ScenarioTexts texts = scenarioTexts(m_texts, language::current().toStdString());
    for (std::size_t i = 0; i < shown.size() && i < texts.lesson.size(); ++i) {
        shown[i].title = texts.lesson[i].title;
        shown[i].text = texts.lesson[i].text;
    }
    return shown;
}

void LessonPlayer::setActive(bool on)
{
    if (on)
        start();
    else
        stop();
}

void LessonPlayer::start()
{
    if (m_active)
        return;
    const Scenario& scenario = m_run->scenario();
    if (!hasLesson(scenario) || m_run->hasExternalClock()) {
        Q_EMIT activeChanged(false); // an action that asked to start shows that it did not
        return;
    }
    m_steps = scenario.lesson;
    m_texts = {};
    m_texts.lesson = scenario.lesson;
    m_texts.translations = scenario.translations;
    m_active = true;
    m_current = -1;
    m_pending = -1;
    // Virtual milliseconds are what the presets' stories are made of: at 1× a step plays in well under a second
    // or a few seconds, and auto-skip jumps the 24-hour waits.
    m_speedBefore = m_run->speed();
    m_autoSkipBefore = m_run->autoSkip();
    m_run->setSpeed(1);
    m_run->setAutoSkip(true);
    Q_EMIT activeChanged(true);
    m_rewinding = true; // from the start, whatever the run had done
    m_run->reset();
    m_rewinding = false;
    goTo(0);
}

void LessonPlayer::stop()
{
    if (!m_active)
        return;
    m_active = false;
    if (m_pending >= 0)
        m_run->pause();
    m_pending = -1;
    m_current = -1;
    m_rewinding = false;
    m_run->setSpeed(m_speedBefore);
    m_run->setAutoSkip(m_autoSkipBefore);
    Q_EMIT stepShown(-1);
    Q_EMIT activeChanged(false);
}

void LessonPlayer::next()
{
    if (!m_active)
        return;
    if (m_pending >= 0) {
        goTo(m_pending); // finish the step being played to, at once
        return;
    }
    goTo(m_current + 1);
}

void LessonPlayer::previous()
{
    if (!m_active)
        return;
    const int from = m_pending >= 0 ? m_pending : m_current;
    goTo(std::max(0, from - 1));
}

void LessonPlayer::goTo(int step)
{
    if (!m_active || step < 0 || step >= count())
        return;
    const Millis at = m_steps[static_cast<std::size_t>(step)].atMs;
    m_pending = step;
    Q_EMIT moving(step);
    m_commanding = true;
    if (at < m_run->now()) {
        m_rewinding = true; // cleared when the run reports the instant
        m_run->runTo(at);
    } else if (step == m_current + 1 && at > m_run->now()) {
        m_run->playUntil(at); // Next: the audience watches the run get there
    } else {
        m_run->runTo(at);
    }
    m_commanding = false;
}

void LessonPlayer::onReached(Millis t)
{
    m_rewinding = false;
    if (m_pending >= 0 && t == m_steps[static_cast<std::size_t>(m_pending)].atMs)
        arrive(m_pending);
}

void LessonPlayer::onPaused()
{
    if (m_commanding || m_pending < 0)
        return;
    if (m_run->now() >= m_steps[static_cast<std::size_t>(m_pending)].atMs) {
        arrive(m_pending);
        return;
    }
    // Paused by hand on the way: the run stays where it is, at no step.
    m_pending = -1;
    m_current = -1;
    Q_EMIT stepShown(-1);
}

void LessonPlayer::arrive(int step)
{
    m_pending = -1;
    m_current = step;
    applySelection(m_steps[static_cast<std::size_t>(step)]);
    Q_EMIT stepShown(step);
}

int LessonPlayer::requestOf(const LessonStep& step) const
{
    const Simulation& sim = m_run->simulation();
    switch (step.select) {
    case LessonStep::Select::Request:
        return step.index >= 0 && static_cast<std::size_t>(step.index) < sim.requests().size() ? step.index : -1;
    case LessonStep::Select::Effect:
        return step.index >= 0 && static_cast<std::size_t>(step.index) < sim.effects().size()
            ? sim.effects()[static_cast<std::size_t>(step.index)].request
            : -1;
    case LessonStep::Select::Scope:
    case LessonStep::Select::Nothing:
        break;
    }
    return -1;
}

int LessonPlayer::scopeOf(const LessonStep& step) const
{
    const Simulation& sim = m_run->simulation();
    if (step.select == LessonStep::Select::Scope)
        return sim.scopes().find(step.scope);
    const int request = requestOf(step);
    if (request < 0)
        return -1;
    const RequestRow& row = sim.requests()[static_cast<std::size_t>(request)];
    return row.scope >= 0 ? row.scope : row.keylessScope;
}

void LessonPlayer::applySelection(const LessonStep& step)
{
    m_selection->select(requestOf(step), scopeOf(step));
}

} // namespace iw
