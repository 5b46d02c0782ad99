<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="uk_UA">
<context>
    <name>iw</name>
    <message>
        <source>ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>d</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no intent runs its effect more than once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no record is left in_progress when the run ends</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every replay answers what the first execution answered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> or </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>request entry %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>request entry %1 (%2, key %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>request entry %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 on attempt %2 of %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (%1 later)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 d %2 h</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>iw::CountersView</name>
    <message>
        <source>intents</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>requests</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>effects</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>duplicate effects</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>replays</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>conflicts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mismatches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Logical operations the clients started (a retry or a double-submit belongs to the same intent)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Requests the service decided (attempts that never arrived or are still running are not counted)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Times the business action ran (rows created in demo_request)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Effects beyond the first of each intent: the harm idempotency keys exist to prevent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Requests answered from a completed record without running the handler</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Requests refused because the scope was busy or blocked: conflict_in_progress and expired_rejected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Requests whose payload fingerprint differed from the stored one: payload_mismatch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duplicate effects per hop of the route: where along the chain each was born</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>iw::ExploreDialog</name>
    <message>
        <source>Explore — Idempotency Workbench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs the scenario under every combination of faults and latencies its explore block allows, within the bounds below, and looks for a run that breaks its property. The fewest faults are tried first, so a counterexample is the shortest.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bounds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At most this many faults in one run. Each one more multiplies the runs to try.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop after this long with the verdict inconclusive (0: no limit)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search on this many threads; the verdict and the counterexample are the same on any number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max &amp;faults per run:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Time limit:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>T&amp;hreads:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Simulations run from t = 0 with some choices pinned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Different states reached; a run that meets a state already reached at no higher cost is cut short</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The search tries every run with 0 faults, then every run with 1, and so on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Distinct states:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fault level:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rate:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Elapsed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No search yet: set the bounds and press Start.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Explore the scenario the main window holds now, within these bounds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the search; the figures so far stay, and nothing is proven</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open counterexample</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load the counterexample into the main window and play it as a lesson: one step per fault and per decision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sa&amp;ve counterexample…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write the counterexample as a scenario file: run --check replays it exactly</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close the dialog; a running search is cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scenario: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scenario: %1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This scenario has no explore block: nothing may vary, so the search is a single run of the scenario as written, checked for %1 (%2). Add an &quot;explore&quot; block to the scenario file to let faults and latencies vary.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No fault may strike: the scenario has no explore block</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no fault</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>faults %1 on any attempt, at most %2 per run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>network delay %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>handler time %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>late retry after %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Its explore block allows %1; the property is %2 (%3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No fault may strike: the explore block lists none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Searching %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel stops the search; the figures so far stay.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The search ran out of memory: lower the max faults or the explore block&apos;s choices.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A run is too large to explore: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This scenario cannot be explored: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelling: the figures so far stay…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>trying %1 (at most %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 states/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No verdict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 fault levels searched</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all searched, 0 to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopped at %1, the fewest that break it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 levels done; stopped trying %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Holds — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No run with at most %1 breaks %2 (%3): all %4 within the bounds were tried. More faults than that were not tried.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Violated — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The shortest counterexample needs no fault at all (%1): the scenario as written breaks it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The shortest counterexample: %1, %2 — %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2) is broken.
%3
What went wrong: %4.

Open counterexample plays it in the main window as a lesson, one step per fault and decision.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inconclusive — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You cancelled the search before it was done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The time limit of %1 ran out before the search was done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The memory bound of %1 MiB was reached before the search was done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The search stopped (%1) before it was done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every run with at most %1 was tried and none breaks %2; runs with more were not all tried.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not even the runs without a fault were all tried.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, so nothing is proven about %2 (%3). %4 Raise the time limit or lower the max faults to finish.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save counterexample</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scenarios (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved the counterexample to %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no counterexample to save.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>iw::Inspector</name>
    <message>
        <source>Click a request or a record in a table (or on the timeline) to see why the service answered what it answered. Esc clears the selection.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How much of the record&apos;s time to live is left now, in virtual time (empty: expired)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How much of the record&apos;s in-progress lease is left now; once it has passed, another request may take over</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not decided yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Request %1 %2 %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>at %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Record %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>decision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HTTP %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> &amp;nbsp;no response</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>decided at</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none: the request never reached the service (dropped on the way)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none yet: the request is still on its way or being handled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rule path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Payload mismatch: stored versus this request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The payload behind the stored fingerprint was not sent in this run, so only the fingerprints can be compared.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>field</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>absent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(whole payload)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n significant field(s) differ; fields the fingerprint ignores are not listed.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot compare the payloads: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>intent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>client</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>attempt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (copy %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;i&gt;none: the request carried no Idempotency-Key&lt;/i&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>arrived</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>never</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>client saw</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>effect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — duplicate effect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fingerprint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Canonical payload (RFC 8785, the significant part only):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Route</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (the first hop: clients call it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (hop %2 of %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>parent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none: a client sent it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Calls it made to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none: its handler never ran, or failed before calling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SQL run for this request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Record of this scope now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Record of this scope now, in %1&apos;s store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The store cannot be read right now (a call is in flight or the database failed; the status bar says which).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No record in the store: never claimed, deleted after an error, or swept after expiry.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stuck: %1; only a takeover or an operator can finish it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fingerprint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>payload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stored body</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>created</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>completed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expires</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lease until</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no lease</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tombstone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>until %1: blocks a new claim and names the earlier result %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Events of this scope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Showing the last %1 of %2 events.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(duplicate)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The record of this scope now, at t = %1 (not at this request&apos;s instant):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This record now, at t = %1:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TTL: %1 left of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TTL: expired %1 ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lease: none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lease: %1 left of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lease: passed %1 ago — another request may take over</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>iw::LessonCaption</name>
    <message>
        <source>▶ Playing to step %1 of %2 (t = %3)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1 of %2 · t = %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Space: there now · Backspace: back · Esc: leave</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last step · Backspace: back · Esc: leave</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Space: next · Backspace: back · Esc: leave</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Lesson · %n step(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Paused between steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run was moved by hand. Space plays to the first step again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Space: first step · Esc: leave</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>iw::MainWindow</name>
    <message>
        <source>Exported the timeline to %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No event left to run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skipped %1 where nothing happens (t = %2 → %3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finished at %1: %2, %3, %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;New scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start from the blank scenario: one client, the ietf profile, nothing fired yet (Ctrl+N)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A blank scenario at t = 0: fire requests from the Scenario panel.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open scenario…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a scenario file (idempotency-workbench/scenario@1 JSON) (Ctrl+O)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save scenario as…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the scenario with the edited policies and every request fired so far, to replay it later (Ctrl+S)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export report…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write the report of the run so far as JSON, CSV or Markdown (Ctrl+E)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Live database…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connect read-only to a PostgreSQL idempotency table, see its records and anomalies, and follow it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Policy review…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare two to four service and retry policies over thousands of simulated intents under the same faults (Ctrl+R)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close the workbench (Ctrl+Q)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Clear selection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forget the selected request or record in every panel (Esc)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Reset layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Put every panel back where it was when the workbench was installed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;How to read this window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What each panel shows and what the colours mean (F1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep idempotency records in the embedded store: no database needed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;PostgreSQL…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the scenarios against real tables in a PostgreSQL database of yours (its own schema), with the same decisions as the memory store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serve over &amp;HTTP…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Let real HTTP clients (curl, a browser, an SDK) talk to this scenario&apos;s service, beside its simulated clients; their requests appear on the timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop ser&amp;ving</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop accepting connections; requests in flight get their answers first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Jump ahead…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move the service clock forward (as POST /_workbench/clock), so leases and TTLs expire without waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save &amp;traffic as scenario…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write the served traffic as a scenario that replays the same decisions and effects (as serve --record)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy as &amp;curl</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy a curl command line that sends this request to the server started with Run → Serve over HTTP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copied: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not copied: the payload is not valid JSON.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped serving.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play as &amp;Lesson</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Walk through the scenario&apos;s lesson: the run plays to each step and pauses, the caption says what to look at and the step&apos;s request is selected everywhere. Space: next, Backspace: previous, Esc: leave (Ctrl+Shift+L)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Next Lesson Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play to the lesson&apos;s next step and pause there (Space)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P&amp;revious Lesson Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back to the lesson&apos;s previous step: the same run again from t = 0, stopped at its instant (Backspace)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lea&amp;ve the Lesson</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back to the normal window; the run stays where it is (Esc)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Explore…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Try every combination of faults and latencies the scenario&apos;s explore block allows, within bounds, and find the shortest run that breaks its property</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Presenter Mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Full screen with only the timeline, the sequence and the lesson caption, in larger type for a projector; the run keys still work (F11)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Larger Type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Presenter mode: larger type on the timeline, the sequence and the caption (Ctrl+= or Ctrl++)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Smaller Type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Presenter mode: smaller type on the timeline, the sequence and the caption (Ctrl+-)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About Idempotency Workbench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Version and purpose of the workbench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shows only the rows where some column contains this text (case-insensitive)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inspector</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sequence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exported the sequence to %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter requests…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter records…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Requests</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The lesson&apos;s steps: click one to go there (an earlier one runs the same run again from t = 0 and stops at its instant)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lesson</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Left the lesson; the run stays where it was.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1. %2 — %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lesson step %1 of %2: r%3 is selected.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show or hide the %1 panel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>F&amp;ire</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Virtual time per wall-clock second</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fire</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Teach</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Whether virtual time is running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The virtual clock: time since the scenario started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where the idempotency records live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The database connection, when the store is PostgreSQL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Real HTTP clients served beside the simulated ones (Run → Serve over HTTP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>▶ clock running on, no events left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>▶ playing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>■ idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>■ finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>❚❚ paused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>▶ serving at 1×</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>t = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>store: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>connecting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>connected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>connection lost, reconnecting: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(waiting for the database…)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>store: memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>connecting to PostgreSQL…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>embedded, no database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back on the memory store; the scenario reloaded at t = 0.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The store is busy; switch once the database has answered.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not switch to PostgreSQL: %1. The workbench stays on the %2 store.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PostgreSQL, schema %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Now on PostgreSQL (schema %1); the scenario reloaded at t = 0.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — Idempotency Workbench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The counterexample as a lesson: Space plays to the next step, Esc leaves.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scenarios (*.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A scenario file needs at least one request: fire one first, or open a preset.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scenarios (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot save scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved the scenario to %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The store is busy; export once the database has answered.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot export the report: the store failed (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writing %1 failed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON report (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV requests table and summary (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Markdown (*.md)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot export report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exported the report of the run so far to %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About Idempotency Workbench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;Idempotency Workbench %1&lt;/h3&gt;&lt;p&gt;See how an idempotency key lives and dies: fire parallel, delayed and failing requests at a simulated service, watch records move through in_progress, completed and expired, and inspect every fingerprint, TTL and conflict decision.&lt;/p&gt;&lt;p&gt;Built with Qt %2.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How to read this window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in_progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>claimed; the handler is running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>completed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a stored response to replay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expired</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>past its TTL: protects nothing any more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stuck</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: nobody is looking after it any more, so only a lease takeover or an operator can finish it. A crashed owner alone is not stuck: while its lease runs the record is in progress, waiting.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tombstone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>what a swept record leaves under after_expiry: tombstone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>alarm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a duplicate effect: the business action ran twice for one intent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;The panels&lt;/h3&gt;&lt;p&gt;&lt;b&gt;Scenario&lt;/b&gt; (left): pick a preset, or edit the service and client policies (each edit rewinds the run) and fire requests by hand. The payload editor checks your JSON as you type and shows the canonical form and fingerprint the service will compare.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Run&lt;/b&gt; (toolbar): Play advances virtual time at the chosen speed, Step runs exactly one event, Reset rewinds to t = 0. The clock in the status bar is virtual time.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Counters&lt;/b&gt; (top): intents, requests, effects and &lt;i&gt;duplicate effects&lt;/i&gt; — the number that must stay 0. It turns red when it is not.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Requests&lt;/b&gt; (bottom left): every attempt a client sent, with the service&apos;s decision. &lt;b&gt;Records&lt;/b&gt; (bottom right): what the store holds now, with the TTL counting down.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Inspector&lt;/b&gt; (right): click any row to see why the service answered what it answered: the rule path, the explanation, the fingerprints and, on a mismatch, the differing fields.&lt;/p&gt;&lt;p&gt;Selecting something anywhere selects it everywhere; Esc clears the selection. Panels can be moved and closed; View → Reset layout brings them back.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Lessons&lt;/b&gt;: Run → Play as Lesson walks through a preset&apos;s story, pausing at each step with a caption over the timeline (Space next, Backspace previous, Esc leaves). F11 is presenter mode for a projector: only the timeline, the sequence and the caption, Ctrl+= and Ctrl+- size the type.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Explore&lt;/b&gt;: Run → Explore… tries every way the run can go within the scenario&apos;s explore block — which faults may strike any attempt, how many, which latencies — and says whether its property holds, or shows the shortest counterexample, which opens here as a lesson.&lt;/p&gt;&lt;h3&gt;Record states&lt;/h3&gt;%1&lt;h3&gt;Decisions&lt;/h3&gt;%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Closing as soon as the database answers…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” is not an IP address: type one such as 127.0.0.1 or ::1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The port must be a number from 0 to 65535 (0: any free port).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not loopback: anyone who can reach %1 can use the service.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Real requests appear on the timeline as they arrive.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serve over HTTP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Real clients send HTTP requests to this scenario&apos;s service (its policy and faults), beside the simulated clients. The clock runs at 1× while serving.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The address to listen on: 127.0.0.1 (this machine only) unless you mean otherwise</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The TCP port; 0 picks any free one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bind &amp;address:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Port:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Serve</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jump ahead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move the service clock forward by (seconds); work due meanwhile completes first:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jumped ahead to t = %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save traffic as scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scenario JSON (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save traffic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved the served traffic to %1: run it to replay the same decisions.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>iw::RecordsModel</name>
    <message>
        <source>%1 (stuck)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expired %1 ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>passed %1 ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fingerprint stored with the record:
%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stuck: %1. Nobody is looking after it: only a lease takeover or an operator can finish it, and it must not be swept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expired: it no longer protects the scope (a new request may run again, or be refused under a tombstone policy).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expires at %1 (virtual time)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lease until %1: after it another request may take over</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No lease: an in-progress record is never taken over</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Actor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fingerprint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TTL left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lease</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Created</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expires</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The state the record shows at the current virtual time, coloured as the legend</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time left before the record expires, counting down in virtual time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time left on the in-progress lease, after which another request may take over</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The effect the record&apos;s owner created (its stable result ID)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>iw::RequestsModel</name>
    <message>
        <source>%1 (copy %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no key)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>never arrived</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pending…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (duplicate)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SHA-256 of the canonical payload:
%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rule path: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sent at %1, arrived %2, decided %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>never</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A duplicate effect: this intent&apos;s business action ran more than once.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Client</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Intent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attempt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fingerprint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Client outcome</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Effect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Virtual time at which the client sent this attempt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attempt number of this copy of the intent (copies are double-submits)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The first 12 hex digits of the payload&apos;s SHA-256 fingerprint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the service decided, coloured as the legend (Help → How to read this window)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the client saw: the response, a timeout, a dropped response, or a request that never arrived</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The business effect this request executed, if any; duplicates are marked in red</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>iw::RunController</name>
    <message>
        <source>&amp;Play</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play: advance virtual time at the chosen speed (F5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P&amp;ause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause: stop virtual time; nothing is lost (F5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step: pause and run exactly the next event (F10)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Reset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset: rewind to t = 0 with the current policies; requests you fired are replayed (Ctrl+Shift+F5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Faster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Faster: ten times more virtual time per second (Ctrl+])</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;lower</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slower: ten times less virtual time per second (Ctrl+[)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;kip to Next Event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skip idle time: jump the clock to the next event and run it, playing or paused (Ctrl+F10)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skip &amp;Idle Time Automatically</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>While playing, jump over stretches where nothing happens for more than 1.5 s of wall time at the chosen speed (a 24-hour wait plays in moments)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run stopped: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The %1 store failed (%2); the workbench went back to the memory store.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rewinding could not empty the %1 store (%2); the workbench went back to the memory store.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n more event(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>At t = %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play on: no events are left; the clock runs on so TTLs and leases count down (F5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1/%1×</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1×</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>iw::ScenarioPanel</name>
    <message>
        <source>The client that sends fired requests; its policy is on the Client tab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add client</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a client with another actor (for example to show that a key is scoped by actor); rewinds the run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Client:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Service policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Client policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the next Fire sends</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How the service decides; editing rewinds the run under the new policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How the selected client times out and retries; editing rewinds the run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Fire</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fire: send the request form once, now (Ctrl+Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fire N in &amp;parallel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fire N identical copies at the same instant, one intent with one key: a double-click or two open tabs (Ctrl+Shift+Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fire after &amp;delay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fire the request form once, the given virtual delay from now (Alt+Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retry &amp;storm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fire N copies whose client retries on timeouts, 409 and 5xx with jitter: a thundering herd on one key (Ctrl+Alt+Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy as &amp;curl</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy a curl command line that sends the request form to the server started with Run → Serve over HTTP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preset scenarios</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ready-made races and failures; click one to load it (the run rewinds to t = 0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No presets found: use File → Open scenario…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The operation: with the actor and the key it makes the scope a key is unique in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Operation:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>literal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>auto</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Literal: the key typed here; auto: the client makes a UUIDv4 once per intent; none: the request carries no Idempotency-Key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Idempotency-Key sent (the service judges it: empty or too long keys are invalid)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Key:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a new intent for each fire</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fires naming the same intent are one logical operation (a retry, a replay from a queue): more than one effect among them is a duplicate effect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>I&amp;ntent:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The JSON payload; it is validated as you type (strict I-JSON: no duplicate names)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Payload:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RFC 8785 canonical form of the significant part of the payload: what is hashed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Canonical:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SHA-256 of the canonical form: two requests carry the same payload exactly when their fingerprints are equal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fingerprint:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Faults for the next fire</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each ticked fault strikes the first attempt of the next fired request, then unticks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>drop request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The request is lost on its way: it never arrives</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>drop response</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The service answers but the response is lost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>handler error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The handler fails with 500 after execution began, without an effect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reject payload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Validation fails with 400 before execution: nothing is stored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>crash before effect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The handling process dies at the handler&apos;s end, before the effect: the record stays in progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>crash after effect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The process dies just after the external effect: no completion, no response</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>slow handler</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The handler takes 2 s instead of handler_ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Defaults from a real system (IETF draft, Stripe, AWS Powertools, brandur&apos;s rocket-rides); choosing one resets the fields below to its defaults</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P&amp;rofile:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How the claim is made: unique_claim is correct; check_then_insert and seen_flag show the classic races; none has no protection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Strategy:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A request without a key is refused (missing_key)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Require key:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shortest accepted key, in Unicode code points</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Longest accepted key, in Unicode code points</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key length:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time to live: a completed record expires this long after its claim</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;TTL:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With a lease, an in-progress record whose lease has passed may be taken over</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In-progress lease:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>forget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tombstone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>forget: an expired key runs again; tombstone: it is refused for reconciliation while the tombstone lasts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How long a tombstone outlives the record&apos;s expiry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>After expiry:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On: a failed handler&apos;s error is stored and replayed; off: an error deletes the record so a retry may run (Powertools)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cache errors:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HTTP status of payload_mismatch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HTTP status of conflict_in_progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HTTP status of missing_key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HTTP status of expired_rejected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mismatch status:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In-progress status:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Missing-key status:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expired status:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>whole payload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON Pointers of the only fields that count (comma separated), e.g. /amount, /currency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing ignored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON Pointers of fields the fingerprint ignores (comma separated), e.g. /client_note</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fingerprint &amp;only:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fingerprint &amp;ignore:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How long the business handler runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How long each store step takes; a step reads at its start and writes at its end</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One-way network latency between client and service</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Handler:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Store step:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Network:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A periodic sweep deletes completed records past their expiry (never in-progress ones)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sweep every:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Who the client acts for: part of the scope, so the same key from another actor is another record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Actor:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The client gives up waiting for an answer after this long</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>T&amp;imeout:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attempts per copy, the first included</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max a&amp;ttempts:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exponential: base·2^(n−1), capped; constant: base, capped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Backoff:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The first retry&apos;s wait</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Base:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No wait is longer than this</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cap:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Randomises waits so that clients that failed together do not retry together</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Jitter:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>timeout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>409</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>422</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>5xx</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>503</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retry on:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How a retry after conflict_in_progress is made; new_key is the anti-pattern that defeats the key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On &amp;conflict:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fire</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>N = </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many identical copies Fire N in parallel sends</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many copies the retry storm sends</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Virtual delay before Fire after delay sends</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (actor %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Policy of client &lt;b&gt;%1&lt;/b&gt; (edits rewind the run):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loaded “%1”: press Play to run it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot load %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fingerprint selection: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The shortest key length is above the longest.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Policy changed: rewound to t = 0; requests fired so far replay under the new policy.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Added client %1 acting for %2; the run rewound to t = 0.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line %1, column %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid JSON, cannot fire. %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not fired: the payload is not valid JSON (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not fired: choose a client first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> Client %1 did not retry: retries are now on (5 attempts on timeout, 409 and 5xx, full jitter) and the run rewound.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>at %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fired one request %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fired %1 copies in parallel %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retry storm: %1 copies fired %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Faults: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The clock is stopped: press Play to let it reach the send.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sent; the clock is stopped: press Play or Step to see it handled.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>iw::ServeSession</name>
    <message>
        <source>Stopped serving %1: the run it served was replaced (another scenario, a policy edit or a store switch); serve again to go on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Already serving at %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run is busy with the store; try again in a moment.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Port %1 is already in use on %2: choose another port, or 0 for any free one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not an address of this machine: choose 127.0.0.1 or one of its own addresses.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Listening on %1 is not allowed (ports below 1024 need privileges): choose a port from 1024 on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot listen on %1: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 requests</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopping %1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>serving %1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>iw::formatClock</name>
    <message>
        <source>%1 d %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
