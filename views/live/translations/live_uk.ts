<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="uk_UA">
<context>
    <name>iw::LiveAnomaliesModel</name>
    <message>
        <source>Anomaly</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Detail</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>iw::LiveConnectDialog</name>
    <message>
        <source>Connect to a live database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inspection is read-only: the session starts with &lt;code&gt;default_transaction_read_only=on&lt;/code&gt; and every snapshot runs in &lt;code&gt;BEGIN READ ONLY&lt;/code&gt;, so PostgreSQL itself refuses any write.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connections used before (saved without their passwords)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(choose a recent connection)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PG* defaults</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recent:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>host=db.example dbname=shop user=oncall   or   postgresql://oncall@db.example/shop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A libpq connection string or URI. Left empty, the PG* environment variables, the service file and .pgpass decide, as for psql.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Conninfo or URI:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connection string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>db.example or /var/run/postgresql</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>verify-full checks the server&apos;s certificate and name: use it across networks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Port:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Database:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SSL mode:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fields</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only if the server asks; never saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Used for this session only. .pgpass is read as usual when this is empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Password:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Through a &amp;transaction pooler (pgbouncer pool_mode = transaction)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sets nothing on the session (a SET would stay behind on a server connection other clients share): every snapshot is its own BEGIN READ ONLY with SET LOCAL inside</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Test</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connect, check that the session is read-only, and disconnect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Connect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: type it under Password and try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connected to PostgreSQL %1 at %2; the session is read-only.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>iw::LiveRecordsModel</name>
    <message>
        <source>now</source>
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
        <source>Stored as</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Body</source>
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
        <source>Lease until</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fingerprint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Anomalies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The state at the database&apos;s clock: a terminal record is expired once past its expiry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The state column&apos;s value as stored in the table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Relative to the snapshot&apos;s now (the database&apos;s clock); the tooltip gives the UTC time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size of the stored response body</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in_progress (stuck)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 byte</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>never expires</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no lease</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>iw::LiveRules</name>
    <message>
        <source>%1 %2 (default %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>regeneration look-back %1 (default %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>listed per kind %1 (default %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the default rules</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>iw::LiveSession</name>
    <message>
        <source>unexpected failure: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no table is open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no record has the idempotency key &quot;%1&quot; (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the record is no longer in the table</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>iw::LiveTableDialog</name>
    <message>
        <source>Choose a table and a mapping</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connected to %1 (read-only).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tables with a unique key on a key-like column:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unique key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rows (estimate)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>or type a name: schema.table, or &quot;Quoted&quot;.&quot;Name&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Looked up as written first, then as SQL reads a name (quotes, case folding, search_path). It is never spliced into SQL.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Table:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mapping file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How the table&apos;s columns become actor, operation, key, state, times, response and fingerprint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mapping:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a table to see how its rows classify.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inspect this table with this mapping</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a mapping file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mapping files (*.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not analysed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no preset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No table with a unique key on a key-like column is readable here: type a table name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading %1 with the %2 mapping…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 with the %2 mapping: %3, %4 in progress, %5 completed, %6 expired; %7. The first rows classify as below.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no anomalies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>anomalies: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counted with the default rules.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counted with the rules remembered for this table: %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>iw::LiveWindow</name>
    <message>
        <source>Live database — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connected; choose a table.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Table…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the table and the mapping to inspect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read the table again: counts, anomalies and this page (F5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Follow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read the table again at the interval beside; stops by itself on an error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re&amp;sume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reconnect if needed and read the table again after a stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel the query now running on the server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The first rows of the chosen order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The rows just before this page (keyset paging, no OFFSET)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The rows just after this page (keyset paging, no OFFSET)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The last rows of the chosen order (by time: the newest)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>R&amp;ules…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change the anomaly thresholds (stuck age, regeneration window, graces)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export anomalies (CSV)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save every anomaly (not only the listed ones) as CSV, with age and key columns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export &amp;report (JSON)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the inspection report: counts, every anomaly and this page&apos;s records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How often Follow reads the table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>by creation time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>by key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The order pages are read in: the time column, or the table&apos;s unique key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Order by creation &amp;time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Order by &amp;key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seek</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idempotency key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>key order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What Go to compares the value with: the idempotency key itself, or the first columns of the table&apos;s unique key (the key order)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>2026-12-01 08:00:00 UTC</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seek the time order to rows created at or after this instant (UTC unless an offset is given: 2026-12-01 08:00, 2026-12-01T08:00:00Z, …); Enter goes there</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go to time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read the rows created at or after the time typed beside</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go to &amp;key…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type an idempotency key (or a key-order value) in the seek field</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go to &amp;time…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type a UTC time in the seek field</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Go</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Anomalies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No table open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click an anomaly to show its record (the page seeks to it when needed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Anomalies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · PostgreSQL %2 · read-only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>default_transaction_read_only=on for the session and BEGIN READ ONLY for every snapshot: PostgreSQL refuses writes (SQLSTATE 25006)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Live database — %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resuming: reconnecting if needed and reading the table again…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Following (resuming…)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Following again: reconnecting if needed and reading the table; if that fails, following stops and says why; click to stop (Ctrl+L)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Following (reconnecting…)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Following, but the connection was lost: reconnecting; if that fails, following stops and says why; click to stop (Ctrl+L)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Following</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Following: the table is read again every %n s; click to stop (Ctrl+L)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Follow (stopped)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not following: following stopped on an error; Resume reconnects and follows again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Follow</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Not following: click to read the table again every %n s (Ctrl+L)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Re&amp;sume following</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idempotency key (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>key order (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>go to idempotency key…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find the record whose idempotency key (%1) is this value and show it with its neighbours in the order chosen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the mapping&apos;s key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>go to %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seek the key order (%1) to this value of its first column, %2, and read from there</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1; reconnecting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Snapshot at %1 (the database&apos;s clock)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, read in %1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · hot-standby replica, lag %1 (age of the last replayed transaction)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · hot-standby replica, nothing replayed yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Page read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; this page read in %1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No rows on this page.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 on this page (%2); the axis counts from %3, the earliest time shown; now is %4 (the database&apos;s clock).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The %1 threshold has no effect on this table: all %2 in-progress rows have a lease, and a row with a lease is stuck once its lease has passed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The %1 threshold applies to the %2 in-progress rows without a lease; the %3 with a lease are stuck once their lease has passed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; read with the &lt;b&gt;%2&lt;/b&gt; mapping</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 &lt;b&gt;%2&lt;/b&gt; in progress &amp;nbsp; %3 &lt;b&gt;%4&lt;/b&gt; completed &amp;nbsp; %5 &lt;b&gt;%6&lt;/b&gt; expired &amp;nbsp;·&amp;nbsp; %7 records &amp;nbsp;·&amp;nbsp; %8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no anomalies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;span style=&quot;color:%1&quot;&gt;&lt;b&gt;%2&lt;/b&gt; anomalies&lt;/span&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;Listing %1 of %2: at most %3 of each kind.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rules for this table (remembered): %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rules for this table: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last request failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reading…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click an anomaly to see why it is listed and to show its record.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a time: write it as 2026-12-01 08:00:00 UTC (seconds and UTC may be left out)</source>
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
        <source>Anomaly rules for %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>These rules apply to %1 only and are remembered for it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Regeneration look-back:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>suspected_key_regeneration looks at the rows created this long before now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Anomalies listed per kind; the counts and the exports always cover them all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Listed per kind:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing to export yet: no snapshot has been taken</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exporting to %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Exported %n anomalies to %1</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export the inspection report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export anomalies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inspection report (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Anomalies as CSV (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
