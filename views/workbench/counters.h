// The counters strip (SPEC §9): intents, requests, effects, duplicate effects, replays, conflicts and mismatches
// of the running simulation (with a route, the duplicates split by hop), as large figures a room can read. Duplicate
// effects turn the alarm colour as soon as there is one: it is the number the whole workbench exists to make visible.
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
    // SPEC §15: under the duplicate effects, their split by hop ("service 0 · gateway 0 · provider 1"); empty and
    // hidden without a route.
    QString hopSplit() const;
    // The suspected duplicate effects line under the duplicates' figure ("suspected: 2"); empty while hidden.
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
    QLabel* m_suspected = nullptr; // suspected duplicate effects of served requests, under the duplicates' figure
    bool m_alarm = false;
};

} // namespace iw
