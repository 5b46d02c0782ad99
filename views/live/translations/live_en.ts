<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>iw::CursorLiveWindow</name>
    <message numerus="yes">
        <source>The key %1 is held by %n records: choose one.</source>
        <translation>
            <numerusform>The key %1 is held by %n record: choose one.</numerusform>
            <numerusform>The key %1 is held by %n records: choose one.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>iw::LiveAnomalies</name>
    <message numerus="yes">
        <source>%1 (column %2, %3) holds %4… (%n characters), which is no time in that unit (beyond ±2^53 ms); the row is read without it</source>
        <translation>
            <numerusform>%1 (column %2, %3) holds %4… (%n character), which is no time in that unit (beyond ±2^53 ms); the row is read without it</numerusform>
            <numerusform>%1 (column %2, %3) holds %4… (%n characters), which is no time in that unit (beyond ±2^53 ms); the row is read without it</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>iw::LiveExport</name>
    <message numerus="yes">
        <source>Exported %n anomalies to %1 (the snapshot of %2)</source>
        <translation>
            <numerusform>Exported %n anomaly to %1 (the snapshot of %2)</numerusform>
            <numerusform>Exported %n anomalies to %1 (the snapshot of %2)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>iw::LiveKeyChoiceDialog</name>
    <message numerus="yes">
        <source>The idempotency key &lt;b&gt;%1&lt;/b&gt; is held by %n scopes: a key is unique only within its scope, so another user&apos;s request with the same key is another record. Choose the one to show.</source>
        <translation>
            <numerusform>The idempotency key &lt;b&gt;%1&lt;/b&gt; is held by %n scope: a key is unique only within its scope, so another user&apos;s request with the same key is another record. Choose the one to show.</numerusform>
            <numerusform>The idempotency key &lt;b&gt;%1&lt;/b&gt; is held by %n scopes: a key is unique only within its scope, so another user&apos;s request with the same key is another record. Choose the one to show.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Only the first %n are listed.</source>
        <translation>
            <numerusform>Only the first %n is listed.</numerusform>
            <numerusform>Only the first %n are listed.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>iw::LiveListing</name>
    <message numerus="yes">
        <source>By actor, the %n actors with the most anomalies (more have some):</source>
        <translation>
            <numerusform>By actor, the %n actor with the most anomalies (more have some):</numerusform>
            <numerusform>By actor, the %n actors with the most anomalies (more have some):</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… and %n more actors with anomalies: the exported report (JSON) lists them.</source>
        <translation>
            <numerusform>… and %n more actor with anomalies: the exported report (JSON) lists them.</numerusform>
            <numerusform>… and %n more actors with anomalies: the exported report (JSON) lists them.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… and at least %n more actors with anomalies.</source>
        <translation>
            <numerusform>… and at least %n more actor with anomalies.</numerusform>
            <numerusform>… and at least %n more actors with anomalies.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>iw::LiveRecordPanel</name>
    <message numerus="yes">
        <source>Effects in %1: %n rows%2</source>
        <translation>
            <numerusform>Effects in %1: %n row%2</numerusform>
            <numerusform>Effects in %1: %n rows%2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>iw::LiveRecordsModel</name>
    <message numerus="yes">
        <source>%Ln bytes</source>
        <translation>
            <numerusform>%Ln byte</numerusform>
            <numerusform>%Ln bytes</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>iw::LiveTableDialog</name>
    <message numerus="yes">
        <source>%Ln records</source>
        <translation>
            <numerusform>%Ln record</numerusform>
            <numerusform>%Ln records</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>iw::LiveWindow</name>
    <message numerus="yes">
        <source>Following: the table is read again every %n s; click to stop (Ctrl+L)</source>
        <translation>
            <numerusform>Following: the table is read again every %n s; click to stop (Ctrl+L)</numerusform>
            <numerusform>Following: the table is read again every %n s; click to stop (Ctrl+L)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Not following: click to read the table again every %n s (Ctrl+L)</source>
        <translation>
            <numerusform>Not following: click to read the table again every %n s (Ctrl+L)</numerusform>
            <numerusform>Not following: click to read the table again every %n s (Ctrl+L)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln records</source>
        <translation>
            <numerusform>%Ln record</numerusform>
            <numerusform>%Ln records</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The key %1 is held by %n scopes: choose one.</source>
        <translation>
            <numerusform>The key %1 is held by %n scope: choose one.</numerusform>
            <numerusform>The key %1 is held by %n scopes: choose one.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>iw::MysqlLiveWindow</name>
    <message numerus="yes">
        <source>%Ln records</source>
        <translation>
            <numerusform>%n record</numerusform>
            <numerusform>%n records</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>iw::RedisLiveWindow</name>
    <message numerus="yes">
        <source>%Ln records</source>
        <translation>
            <numerusform>%Ln record</numerusform>
            <numerusform>%Ln records</numerusform>
        </translation>
    </message>
</context>
</TS>
