<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
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
        <source>Exported %n anomalies to %1 (the snapshot of %2)</source>
        <translation>
            <numerusform>Exported %n anomaly to %1 (the snapshot of %2)</numerusform>
            <numerusform>Exported %n anomalies to %1 (the snapshot of %2)</numerusform>
        </translation>
    </message>
</context>
</TS>
