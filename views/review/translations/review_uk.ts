<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="uk_UA">
<context>
    <name>iw::ReviewFiguresModel</name>
    <message>
        <source>%1 B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 KiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>—</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none succeeded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Requests the service decided with %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (not finished)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duplicate effects at %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 d</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 d %2 h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Intents</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Requests decided</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Effects</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duplicate effects</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duplicate rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown outcome</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Conflict rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replay rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Succeeded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time to success p50</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time to success p90</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time to success p99</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retry horizon</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retention (TTL)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Horizon &gt; retention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Records held (peak)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tombstones (peak)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Storage (peak, approx.)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duplicate effects born at %1 (SPEC §15 duplicate_effects_by_hop): executions beyond the first per intent at that hop of the route; — where the policy&apos;s route has no such hop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Logical operations the clients tried to perform</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Requests that reached a decision in the service (summary.requests)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Executions of the business action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Executions beyond the first per intent — the number that must be 0. Open the Duplicates tab to see each one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Intents with duplicate effects ÷ intents</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Intents whose client never saw a final answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(conflict_in_progress + payload_mismatch + expired_rejected) ÷ requests decided</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>replayed ÷ requests decided</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Intents whose client saw a 2xx</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From the intent&apos;s first send to the first 2xx reaching the client, nearest-rank percentile over the intents that succeeded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max_attempts × timeout + the largest possible backoff waits: how long after its first send a client may still retry with the same key (the largest of the policy&apos;s clients)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ttl_ms: how long the service recognises a key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Yes when a client may still retry after its record expired: that retry runs as a new request (unless a tombstone refuses it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The most idempotency records the store held at once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The most tombstones (compact evidence of expired records) held at once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Approximate bytes at the peak: each row&apos;s text plus 8 bytes per number or time column, without index overhead</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>iw::ReviewWindow</name>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
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
        <source>Policy review — Idempotency Workbench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Three policies under the same traffic and faults: press Run to compare them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add scenario &amp;file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add one or more scenario files as policies to compare, up to four (Ctrl+O)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add preset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Presets unavailable: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a preset scenario as a policy (presets with a literal key need Intents per policy set to “as in the files”)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Built-in review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start again from the built-in review: Stripe-like 24 h, Powertools-like 1 h and a 1 h tombstone variant under the same traffic and faults</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>R&amp;oute review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The example review of a route (service → gateway → provider): 24 h at the service and 1 h at the gateway, against the gateway at 24 h, the gateway rewriting the key and the service at 1 h; the figures count duplicate effects at each hop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Run review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run every policy over the same seeded traffic and faults, on all cores (F5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the review; the policies that already finished keep their figures (Esc)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export &amp;Markdown…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write the review as Markdown to paste into a design document: figures, what differs, warnings (Ctrl+E)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export &amp;JSON…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write the figures as the JSON of the compare command: {&quot;policies&quot;: […]} (Ctrl+Shift+E)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close the review window; a running review is cancelled (Ctrl+W)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> Intents per policy: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>as in the files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sets every request entry&apos;s repeat: each repetition is a new intent, so keys must be &quot;auto&quot; or null. “As in the files” keeps each file&apos;s own traffic.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Intents changed since the last run: press Run to update the figures.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Intents started, over all policies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Policies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Figures</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click a duplicate-effects figure to list that policy&apos;s duplicates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What differs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Intent with duplicate effects</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click a duplicate to open that intent on its own in the main window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duplicates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A review compares at most %1 policies: remove one first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot add %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Added %1: press Run to compare.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A route review: service → gateway → provider under the same traffic and faults. Each hop&apos;s policy is editable below the client&apos;s; press Run to count duplicates at each hop.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot load the route review: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The scenario&apos;s name; the first policy is the baseline the others are compared to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Service</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The service profile and the file the policy came from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TTL (retention)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ttl_ms: how long a key is recognised after its claim</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>After expiry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>after_expiry: forget (an expired key runs again) or tombstone (compact evidence refuses it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tombstone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tombstone_ms: how long the tombstone of a swept record still refuses the key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Store errors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>store_errors: a handler error is stored and replayed (Stripe) or deletes the record (Powertools)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max attempts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>retry.max_attempts of every client of the policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Client timeout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>timeout_ms of every client of the policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backoff</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>retry.backoff of every client: constant or exponential</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jitter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>retry.jitter of every client: none, full, equal or decorrelated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How far the last run of this policy got</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>→ %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Route hop %1 (SPEC §15): the service block, key rule and call of route[&quot;%1&quot;]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>   TTL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1&apos;s service.ttl_ms: how long %1 recognises a key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>   After expiry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1&apos;s service.after_expiry: forget runs an expired key again, tombstone refuses it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>   Tombstone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1&apos;s service.tombstone_ms: how long a swept record&apos;s tombstone still refuses the key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>   Store errors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1&apos;s service.store_errors: an error after execution began is stored and replayed, or deletes the record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>   Key sent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>route key rule: the key the caller sends to %1 — forward (the caller&apos;s), derive (stable, from the caller&apos;s scope and the hop&apos;s name), new (fresh per call: the anti-pattern) or none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This policy&apos;s colour in the storage chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove this policy from the review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ttl_ms: how long the service recognises a key</source>
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
        <source>What an expired key means: forget runs it again, tombstone refuses it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tombstone_ms: how long a swept record&apos;s tombstone refuses its key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stored and replayed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checked: a 500 after execution began is stored and replayed; unchecked: the error deletes the record and a retry runs again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>retry.max_attempts, for every client of this policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>timeout_ms, for every client of this policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>constant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exponential</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>retry.backoff, for every client of this policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>full</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>equal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>decorrelated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>retry.jitter, for every client of this policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 profile · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>— not on this route</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This policy&apos;s route has no hop named %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1&apos;s ttl_ms: how long it recognises a key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What an expired key means at %1: forget runs it again, tombstone refuses it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1&apos;s tombstone_ms: how long a swept record&apos;s tombstone refuses its key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checked: an error at %1 after execution began is stored and replayed; unchecked: it deletes the record and a retry runs again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The key the caller sends to %1: forward, derive, new (a fresh key per call) or none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 profile%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · proxy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 edited since the last run: press Run to update the figures.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 edited: press Run to compare.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>edited</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A review needs at least two policies: add a scenario file or a preset.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running %1 policies on %2 cores…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelling: the previous complete figures stay shown…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelling: the policies that finished keep their figures…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled: the figures shown are still those of the previous complete run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>done in %1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled after %1 s: %2 of %3 policies finished and keep their figures.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 policies × %2 intents, seed %3, in %4 s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time to success (first 2xx seen by the client, from the first send)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p50</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p90</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p99</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seconds, log scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no intent succeeded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duplicate rate and conflict rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>duplicate rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>conflict rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, %2: %3 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duplicate rate: % of intents with duplicate effects; conflict rate: % of requests decided</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Storage held over time (records + tombstones, approximate)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>virtual time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 duplicate effects: %2 of %3 intents (%4 %) ran the business action more than once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the client&apos;s retry horizon (%1) outlives the retention (%2); later retries meet the tombstone (%3) and are refused for reconciliation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the client&apos;s retry horizon (%1) outlives the retention (%2): a retry after the record expired runs the action again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>calls reach %1 %2 late, past its %3 window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>clients return up to %1 later (late_retry faults), beyond what the service remembers (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the baseline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the same policies as %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 profile, TTL %2, %3, %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>errors stored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an error deletes the record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>→ %1: %2 profile, TTL %3, %4, key %5%6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, a proxy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click to open %1 on its own in the main window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;Run the review to see what differs from the first policy.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duplicates (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to export yet: run the review first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export review as Markdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export review as JSON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Markdown (*.md);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON (*.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add policies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scenarios (*.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
