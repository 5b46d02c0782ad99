// The Sequence dock's content (docs/manual/teaching.md): one intent of the running simulation as a sequence diagram
// that follows the shared selection (a request, record or effect selects its intent), grows as the run plays, shows an
// item's time and detail on hover, selects a request everywhere when its arrow is clicked, and exports SVG, PNG and
// Mermaid.
#pragma once

#include "sequencemodel.h"
#include "sequencepainter.h"

#include <QWidget>

#include <functional>

class QAction;
class QCheckBox;
class QComboBox;
class QLabel;
class QScrollArea;
class QToolButton;

namespace iw {

class Selection;
class SequenceCanvas;

class SequenceView : public QWidget {
    Q_OBJECT
public:
    explicit SequenceView(Selection* selection, QWidget* parent = nullptr);

    // The simulation to draw from (nullptr: none, e.g. while it is being replaced). Not owned.
    void setSimulation(const Simulation* simulation);
    // Rebuilds the diagram from the simulation as it is now (the run advanced, `now` is its clock).
    void refresh(Millis now);
    // The clock moved without events: messages under way are drawn up to `now` (no rebuild).
    void setNow(Millis now);
    // Draws this intent (index into Simulation::intents()) until the selection names another; -1 goes back to the
    // default (the first intent with a duplicate effect, else the first).
    void showIntent(int intent);
    int intent() const { return m_model.intent; }
    // Draws this intent beside the one shown, on the same time axis (Alice's order beside Bob's, two tabs); -1 alone.
    // Kept while the selection moves; a new simulation starts alone.
    void showBeside(int intent);
    int beside() const { return m_model.beside; }
    const SequenceModel& model() const { return m_model; }

    bool isCompact() const;
    void setCompact(bool compact);

    QString mermaid() const;
    // Writes the diagram to `path` as SVG or PNG (by its suffix), whole or not at all; false with `error` set.
    bool exportTo(const QString& path, QString* error) const;

    // For tests: the canvas's painter and the item at a point of the canvas.
    const SequencePainter& painter() const;
    QWidget* canvas() const;

Q_SIGNALS:
    void exported(const QString& path);
    // Copy as Mermaid put the diagram on the clipboard; `sentence` says so.
    void copied(const QString& sentence);

protected:
    void showEvent(QShowEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    friend class SequenceCanvas;
    // Every text of the view again, in the language now in use; the legend is measured again with it.
    void retranslate();
    void updateTitle();
    void followSelection();
    void followNow();
    void rebuild();
    void itemClicked(int item);
    void exportInteractive(const QString& suffix);
    void copyMermaid();

    Selection* m_selection;
    const Simulation* m_simulation = nullptr;
    SequenceModel m_model;
    int m_pinned = -1; // the intent the selection or showIntent chose; -1: docs/manual/teaching.md's default intent
    int m_beside = -1; // the intent drawn beside it, or -1
    void fillBesideChoices();
    Millis m_now = -1;
    bool m_stale = false; // a refresh arrived while hidden: rebuild when shown
    QLabel* m_title;
    QCheckBox* m_compact;
    QLabel* m_besideLabel;
    QComboBox* m_besideChoice;
    std::size_t m_besideListed = 0; // how many intents the choice lists
    QToolButton* m_export;
    QToolButton* m_copy;
    QAction* m_exportSvg;
    QAction* m_exportPng;
    QAction* m_copyAction;
    QScrollArea* m_scroll;
    SequenceCanvas* m_canvas;
};

} // namespace iw
