// Lesson mode in the window (see lessonmode.h).
#include "lessonmode.h"

#include "duration.h"
#include "icons.h"
#include "lessoncaption.h"
#include "lessonplayer.h"
#include "presentermode.h"
#include "runcontroller.h"
#include "selection.h"
#include "servesession.h"
#include "stdtext.h"
#include "timelineview.h"

#include <QAction>
#include <QDockWidget>
#include <QListWidget>
#include <QMainWindow>

namespace iw {

LessonMode::LessonMode(QMainWindow* window, LessonPlayer* lesson, LessonCaption* caption, RunController* run,
    ServeSession* serve, Selection* selection, TimelineView* timeline, PresenterMode* presenter,
    QAction* clearSelection, QDockWidget* scenarioDock)
    : QObject(window)
    , m_window(window)
    , m_lesson(lesson)
    , m_caption(caption)
    , m_run(run)
    , m_serve(serve)
    , m_selection(selection)
    , m_timeline(timeline)
    , m_presenter(presenter)
    , m_clearSelection(clearSelection)
{
    m_play = new QAction(glyphIcon(QStringLiteral("✎"), QColor(0x1F, 0x4E, 0xA8)), QString(), this);
    m_play->setCheckable(true);
    m_play->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L));
    connect(m_play, &QAction::triggered, m_lesson, &LessonPlayer::setActive);
    m_next = new QAction(this);
    m_next->setShortcut(QKeySequence(Qt::Key_Space));
    connect(m_next, &QAction::triggered, m_lesson, &LessonPlayer::next);
    m_previous = new QAction(this);
    m_previous->setShortcut(QKeySequence(Qt::Key_Backspace));
    connect(m_previous, &QAction::triggered, m_lesson, &LessonPlayer::previous);
    m_leave = new QAction(this);
    connect(m_leave, &QAction::triggered, m_lesson, &LessonPlayer::stop);
    connect(m_lesson, &LessonPlayer::activeChanged, this, &LessonMode::onActive);
    connect(m_lesson, &LessonPlayer::stepShown, this, &LessonMode::onStep);
    connect(m_lesson, &LessonPlayer::moving, this, [this](int step) {
        m_caption->showStep(m_lesson->shownSteps()[std::size_t(step)], step, m_lesson->count(), true);
    });
    connect(m_run, &RunController::scenarioLoaded, this, &LessonMode::syncActions);
    // Serving, the service's clock rules: a lesson cannot stop it at its steps.
    connect(m_serve, &ServeSession::servingChanged, this, [this](bool serving) {
        if (serving)
            m_lesson->stop();
        syncActions();
    });
    // A lesson started or left while presenting decides about its step list once the window is back.
    connect(m_presenter, &PresenterMode::left, this, [this] { m_dock->setVisible(m_lesson->isActive()); });

    // The step list: in the Scenario panel's place while a lesson plays (it is not a panel of the normal window).
    m_steps = new QListWidget(window);
    m_steps->setObjectName(QStringLiteral("lessonSteps"));
    m_steps->setWordWrap(true);
    // Space and Backspace belong to the lesson, not to the list's current item.
    m_steps->setFocusPolicy(Qt::NoFocus);
    connect(m_steps, &QListWidget::itemClicked, this,
        [this](QListWidgetItem* item) { m_lesson->goTo(m_steps->row(item)); });
    m_dock = new QDockWidget(window);
    m_dock->setObjectName(QStringLiteral("lessonDock"));
    m_dock->setWidget(m_steps);
    m_dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    window->addDockWidget(Qt::LeftDockWidgetArea, m_dock);
    window->tabifyDockWidget(scenarioDock, m_dock);
    m_dock->hide();
    syncActions();
}

void LessonMode::retranslate()
{
    m_play->setText(tr("Play as &Lesson"));
    m_play->setToolTip(tr("Walk through the scenario's lesson: the run plays to each step and pauses, the caption "
                          "says what to look at and the step's request is selected everywhere. Space: next, "
                          "Backspace: previous, Esc: leave (Ctrl+Shift+L)"));
    m_next->setText(tr("&Next Lesson Step"));
    m_next->setToolTip(tr("Play to the lesson's next step and pause there (Space)"));
    m_previous->setText(tr("P&revious Lesson Step"));
    m_previous->setToolTip(
        tr("Back to the lesson's previous step: the same run again from t = 0, stopped at its instant (Backspace)"));
    m_leave->setText(tr("Lea&ve the Lesson"));
    m_leave->setToolTip(tr("Back to the normal window; the run stays where it is (Esc)"));

    m_dock->setWindowTitle(tr("Lesson"));
    m_steps->setToolTip(tr("The lesson's steps: click one to go there (an earlier one runs the same run again from "
                           "t = 0 and stops at its instant)"));
    fillSteps();
    if (m_lesson->isActive()) {
        // The caption says its step again, in the language the scenario has it in now.
        if (m_lesson->pending() >= 0)
            m_caption->showStep(
                m_lesson->shownSteps()[std::size_t(m_lesson->pending())], m_lesson->pending(), m_lesson->count(), true);
        else if (m_lesson->current() >= 0)
            m_caption->showStep(m_lesson->shownSteps()[std::size_t(m_lesson->current())], m_lesson->current(),
                m_lesson->count(), false);
    }
}

void LessonMode::syncActions()
{
    const bool active = m_lesson->isActive();
    m_play->setEnabled(active || (LessonPlayer::hasLesson(m_run->scenario()) && !m_serve->isServing()));
    m_play->setChecked(active);
    m_next->setEnabled(active);
    m_previous->setEnabled(active);
    m_leave->setEnabled(active);
    // Esc leaves the lesson while one plays; otherwise it clears the selection, as always.
    m_leave->setShortcut(active ? QKeySequence(Qt::Key_Escape) : QKeySequence());
    m_clearSelection->setShortcut(active ? QKeySequence() : QKeySequence(Qt::Key_Escape));
}

void LessonMode::onActive(bool active)
{
    syncActions();
    if (!active) {
        const bool wasShown = m_caption->isVisible() || m_steps->count() > 0;
        m_caption->hide();
        m_dock->hide();
        m_steps->clear();
        if (wasShown)
            Q_EMIT message(tr("Left the lesson; the run stays where it was."), 6000);
        return;
    }
    m_steps->clear();
    fillSteps();
    if (!m_presenter->isActive()) {
        m_dock->show();
        m_dock->raise();
        if (auto* sequence
            = m_window->findChild<QDockWidget*>(QStringLiteral("sequenceDock"), Qt::FindDirectChildrenOnly))
            sequence->show();
    }
    // Whatever had the keyboard (a button, the preset list) must not take Space from the lesson.
    m_timeline->setFocus(Qt::OtherFocusReason);
}

void LessonMode::fillSteps()
{
    // The steps in the language in use, in the items there are (the current one stays current).
    if (!m_lesson->isActive())
        return;
    const std::vector<LessonStep> steps = m_lesson->shownSteps();
    for (int i = 0; i < int(steps.size()); ++i) {
        const LessonStep& step = steps[std::size_t(i)];
        QListWidgetItem* item = i < m_steps->count() ? m_steps->item(i) : new QListWidgetItem(m_steps);
        item->setText(tr("%1. %2 — %3").arg(i + 1).arg(shownDuration(step.atMs), fromStd(step.title)));
        item->setToolTip(fromStd(step.text));
    }
}

void LessonMode::onStep(int step)
{
    if (!m_lesson->isActive())
        return;
    if (step < 0) {
        m_caption->showIdle(m_lesson->count());
        m_steps->clearSelection();
        return;
    }
    m_caption->showStep(m_lesson->shownSteps()[std::size_t(step)], step, m_lesson->count(), false);
    m_steps->setCurrentRow(step);
    const int request = m_selection->request();
    if (request >= 0)
        Q_EMIT message(
            tr("Lesson step %1 of %2: r%3 is selected.").arg(step + 1).arg(m_lesson->count()).arg(request + 1), 8000);
}

} // namespace iw
