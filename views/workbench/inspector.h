// The inspector (docs/manual/running.md): everything about the selected request or record, with the reasons spelled out
// — the decision and the rule path that led to it, the explanation sentence, the full fingerprint and canonical
// payload, on a mismatch a field-by-field diff against the payload behind the stored fingerprint, TTL and lease
// progress, the event history of the scope, and with a route (docs/reference/routes.md) the request's hop, its parent
// and the calls it made.
#pragma once

#include "domain.h"

#include <QElapsedTimer>
#include <QTimer>
#include <QWidget>

#include <string>
#include <vector>

class QLabel;
class QProgressBar;
class QTextBrowser;
class QUrl;

namespace iw {

class RunController;
class Selection;

// One leaf of two canonical JSON payloads, by JSON Pointer: what the stored payload and the request's payload hold
// there (canonical JSON text, or empty when the field is absent on that side).
struct FieldDifference {
    std::string pointer;
    std::string stored;
    std::string requested;
    bool storedPresent = false;
    bool requestedPresent = false;
    bool differs() const { return storedPresent != requestedPresent || stored != requested; }
};

// Every leaf of both payloads (objects and arrays are walked; empty ones count as leaves), sorted by pointer.
// Throws json::ParseError when either text is not JSON.
std::vector<FieldDifference> diffCanonicalPayloads(const std::string& stored, const std::string& requested);

class Inspector : public QWidget {
    Q_OBJECT
public:
    Inspector(RunController* run, Selection* selection, QWidget* parent = nullptr);

    // What the user reads, for tests and for copying.
    QString title() const;
    QString detailsText() const;
    QString detailsHtml() const { return m_html; }
    int ttlPermille() const; // how much of the TTL has passed, 0…1000; -1 when no record is shown
    int leasePermille() const; // how much of the lease has passed, 0…1000; -1 without a lease

public Q_SLOTS:
    void rebuild();
    // Follows a link of the details: "request:N" selects request N (the route's parent and calls).
    void openLink(const QUrl& url);

protected:
    void changeEvent(QEvent* event) override;

private:
    // Sets the static texts in the language in use and says the selection's details again in it.
    void retranslate();
    void scheduleRebuild();
    void updateBars();
    QString requestHtml(int request) const;
    QString recordHtml(int scope, int highlightRequest) const;
    QString eventsHtml(int scope, int highlightRequest) const;
    QString statementsHtml(int request) const;
    QString routeHtml(int request) const;
    QString requestLink(int request) const;

    RunController* m_run;
    Selection* m_selection;
    QLabel* m_title = nullptr;
    QLabel* m_hint = nullptr;
    QWidget* m_bars = nullptr;
    QLabel* m_barsLabel = nullptr;
    QProgressBar* m_ttlBar = nullptr;
    QProgressBar* m_leaseBar = nullptr;
    QTextBrowser* m_details = nullptr;
    QString m_html;
    bool m_hasLease = false;
    QTimer m_rebuildTimer;
    QElapsedTimer m_sinceBars;
};

} // namespace iw
