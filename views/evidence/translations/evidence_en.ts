<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>iw::EvidenceWindow</name>
    <message numerus="yes">
        <source>%n files</source>
        <translation>
            <numerusform>%n file</numerusform>
            <numerusform>%n files</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Reading: %n request(s), %1 of %2</source>
        <translation>
            <numerusform>Reading: %n request, %1 of %2</numerusform>
            <numerusform>Reading: %n requests, %1 of %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Reading: %n request(s), %1 of text</source>
        <translation>
            <numerusform>Reading: %n request, %1 of text</numerusform>
            <numerusform>Reading: %n requests, %1 of text</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt; judged as &lt;b&gt;%2&lt;/b&gt;: %n request(s)</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; judged as &lt;b&gt;%2&lt;/b&gt;: %n request</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; judged as &lt;b&gt;%2&lt;/b&gt;: %n requests</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n execution(s)</source>
        <translation>
            <numerusform>%n execution</numerusform>
            <numerusform>%n executions</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n replay(s)</source>
        <translation>
            <numerusform>%n replay</numerusform>
            <numerusform>%n replays</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n violation(s)</source>
        <translation>
            <numerusform>%n violation</numerusform>
            <numerusform>%n violations</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n line(s), entries or spans could not be used and were skipped (Save Report names them).</source>
        <translation>
            <numerusform>%n line, entry or span could not be used and was skipped (Save Report names them).</numerusform>
            <numerusform>%n lines, entries or spans could not be used and were skipped (Save Report names them).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The table&apos;s rows joined from %1: %n row(s).</source>
        <translation>
            <numerusform>The table&apos;s rows joined from %1: %n row.</numerusform>
            <numerusform>The table&apos;s rows joined from %1: %n rows.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No request of the evidence can be replayed as a scenario (%n left out: their key header could not be read).</source>
        <translation>
            <numerusform>No request of the evidence can be replayed as a scenario (%n left out: its key header could not be read).</numerusform>
            <numerusform>No request of the evidence can be replayed as a scenario (%n left out: their key header could not be read).</numerusform>
        </translation>
    </message>
</context>
</TS>
