// The counters strip (docs/manual/running.md): intents, requests, effects, duplicate effects, replays, conflicts and
// mismatches of the running simulation (with a route, the duplicates split by hop), as large figures a room can read.
// Duplicate effects turn the alarm colour as soon as there is one: it is the number the whole workbench exists to make
// visible.
#pragma once

#include <QWidget>

#include <array>

class QLabel;

namespace iw {

class RunController;

class CountersView : public QWidget {
    Q_OBJECT
public:
    enum Counter { Intents, Requests, Effects, DuplicateEffects, Replays, Conflicts, Mismatches, CounterCount };
    Q_ENUM(Counter)

    explicit CountersView(RunController* run, QWidget* parent = nullptr);

    // The figure shown (what a user reads), and whether it is in the alarm colour.
    QString text(Counter counter) const;
    bool isAlarm(Counter counter) const;
    // docs/reference/routes.md: under the duplicate effects, their split by hop ("service 0 · gateway 0 · provider 1");
    // empty and hidden without a route.
    QString hopSplit() const;
    // The suspected duplicate effects under the duplicates' figure ("suspected: 2"), on the per-hop line's line
    // before the split; empty when there are none.
    QString suspectedText() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void refresh();

    RunController* m_run;
    std::array<QLabel*, CounterCount> m_values {};
    std::array<QLabel*, CounterCount> m_captions {};
    std::array<QWidget*, CounterCount> m_tiles {};
    QLabel* m_hopSplit = nullptr;
    // The line under the duplicates' figure: the suspected duplicate effects of served requests, then the split by
    // hop, each kept apart for what it says.
    QString m_hopText;
    QString m_suspectedText;
    QString m_suspectedTip;
    bool m_alarm = false;
};

} // namespace iw
