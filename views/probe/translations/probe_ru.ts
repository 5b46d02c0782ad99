<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru_RU">
<context>
    <name>ProbeText</name>
    <message>
        <source>A token, the same key quoted, a %1-character key and an empty key: which the service accepts, and whether &quot;k&quot; and k are one key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The body without an Idempotency-Key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The body twice with one key: the same status and body bytes, Location and Content-Type kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The key again with a changed significant field: refused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The key again with a changed display-only field: still a replay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 requests with one key at once: one execution, never a 5xx</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The slow body, and the same again 50 ms later while the first still runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A request sent whole and its connection closed without reading a byte, then retries with the same key: the first&apos;s result, one execution</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The same key from another user: neither reads nor blocks the first&apos;s result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A body that is not JSON, then the fixed body with the same key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Needs a significant field (one that decides the effect).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Needs a display-only field (one that does not decide the effect).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Needs a slow body (one the service takes a while to handle).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Needs another user&apos;s Authorization.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot run with these fields.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pass</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unobservable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not applicable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>answered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>closed before reading the answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server closed the connection without an answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no answer before the deadline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no connection could be made</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the TLS handshake failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the answer is not HTTP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>iw::ProbeDialog</name>
    <message>
        <source>Probe a Service — Idempotency Workbench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sends the six-step route&apos;s checks to your endpoint from outside and compares what it answers with every profile. Every request may create a real effect: probe a test instance.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;URL:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Method:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Headers:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Authorization:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Another &amp;user&apos;s Authorization:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Body (JSON):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Significant fields:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Display-only fields:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Result id:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;low body (JSON):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Concurrency:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Timeout:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Profile:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Checks:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The endpoint that creates the effect, http:// or https://</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One &quot;Name: value&quot; per line, sent with every request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name: value, one per line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sent as the Authorization header; never shown in the window, the reports or the scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Another user&apos;s credential: other_actor checks that the same key from them neither reads nor blocks the first user&apos;s result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON Pointers, such as /amount</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fields that decide the effect: changing one under a used key must be refused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON Pointers, such as /note</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fields that do not decide the effect: changing one is still a replay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a JSON Pointer, such as /id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where a success&apos;s body carries the created effect&apos;s id: the same id in every success means one execution</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A body the service takes a while to handle, for retry_while_running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The deadline of every request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>auto (the nearest)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The profile the verdicts are judged against; every profile is compared anyway</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Watch the service&apos;s idempotency table (PostgreSQL, read-only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Conninfo:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Table:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mapping:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>host=… dbname=… user=…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seed, brandur, powertools or a mapping file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Probe it anyway: every request may create a real effect there</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plan: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Plan: %n check(s), </source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>at most %n request(s).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n check(s) cannot run with these fields.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Method: an HTTP method in capitals (POST, PUT, PATCH…), not &quot;%1&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Headers, line %1: &quot;Name: value&quot; with a header name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Headers, line %1: the probe sets %2 itself.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not JSON (line %2, column %3): %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The body</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The slow body</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Significant fields: %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Display-only fields: %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is both a significant and a display-only field.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result id: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checks: choose at least one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The plan would send %1 requests, more than %2: lower the concurrency or choose fewer checks.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>URL: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Watch: the conninfo of the database that holds the table is missing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>URL: %1: the target cannot be reached.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a loopback or private address (%2): every request may create a real effect there. Tick the box above to probe it anyway.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>iw::ProbeLauncher</name>
    <message>
        <source>Probe a &amp;Service…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the six-step route&apos;s checks against your own HTTP endpoint and read which profile it behaves like</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>iw::ProbeWindow</name>
    <message>
        <source>Cannot watch the table: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the target cannot be reached.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(empty key)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no key)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select an answer on the timeline to see the exchange whole.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sent at %1 ms; %2 at %3 ms.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No answer: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The watched table&apos;s row of this key:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  at %1 ms: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>status %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>result id %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;The card is drawn when the probe ends.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verdicts against &lt;b&gt;%1&lt;/b&gt; (chosen).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verdicts against &lt;b&gt;%1&lt;/b&gt; (the nearest profile).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Observed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Behaviour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profiles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Matches: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Matches no profile. Nearest: &lt;b&gt;%1&lt;/b&gt;; its differences:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Notes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Cancelled after %n request(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Finished: %n request(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source> in %1 s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelling: the request in flight ends within 200 ms…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of at most %2 requests sent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; running %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Plan: %n request(s) at most.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Probe of %1 — Idempotency Workbench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 %2&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a loopback or private address: probed as you confirmed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>watching table %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the probe after the request in flight (Esc)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save as &amp;scenario…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write the probe&apos;s traffic as a scenario, to replay it under any profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save &amp;report…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write the probe@1 JSON report, or Markdown for a .md file (Ctrl+S)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Requests</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What it sends and expects</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Contract card&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Exchange&lt;/b&gt; (Authorization masked)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The exchanges appear here as they happen, one lane per key.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The probe has not finished.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the probe&apos;s report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>probe@1 JSON (*.json);;Markdown (*.md)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved the report to %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the probe&apos;s traffic as a scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scenario (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved the scenario to %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
