// The lesson's caption (docs/manual/teaching.md): the step's title and text in large type on an opaque panel floating
// over the timeline's plot — at its foot, or at its head when the selected request's marker would be under it, or
// hanging below a timeline too short for either over the tables — with the step number, its instant and the keys. Mouse
// clicks pass through. Its type follows the timeline's font (presenter mode scales that).
#pragma once

#include "scenario.h"

#include <QWidget>

class QLabel;
class QMainWindow;

namespace iw {

class TimelineView;

class LessonCaption : public QWidget {
    Q_OBJECT
public:
    // A child of `window`, over `timeline` (a widget inside it).
    LessonCaption(TimelineView* timeline, QMainWindow* window);

    // Shows step `index` of `count` (arrived, or `moving` towards it).
    void showStep(const LessonStep& step, int index, int count, bool moving);
    // Before the first step, or after a rewind by hand.
    void showIdle(int count);

    QString titleText() const;
    QString bodyText() const;
    QString headerText() const;
    // Font sizes as drawn (for tests: they follow the timeline's font).
    QFont titleFont() const;
    QFont bodyFont() const;

    // Sizes and places the panel over the timeline's plot, away from the selected marker.
    void place();
    // Presenter mode: the timeline fills the screen and the caption floats over it, clear of the step's marker;
    // outside it the caption keeps off every lane (below them in the plot, else below the timeline).
    void setPresenting(bool presenting)
    {
        m_presenting = presenting;
        place();
    }
    // The part of the timeline's plot its lanes fill now, in the window's coordinates.
    QRect lanesRect() const;

protected:
    void changeEvent(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    // The texts of what is shown (a step, or the idle caption), in the language in use.
    void retranslate();
    void applyFonts();

    // What the caption shows, so that a language switch can say it again: the step as given (its title and text
    // are the caller's, already in the language), or the idle caption.
    enum class Shown { Nothing, Step, Idle };
    Shown m_shown = Shown::Nothing;
    LessonStep m_step;
    int m_index = 0;
    int m_count = 0;
    bool m_moving = false;

    TimelineView* m_timeline;
    QMainWindow* m_window;
    QLabel* m_header;
    QLabel* m_title;
    QLabel* m_body;
    QLabel* m_hint;
    bool m_presenting = false;
};

} // namespace iw
