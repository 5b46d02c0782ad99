<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="uk_UA">
<context>
    <name>SequencePainter</name>
    <message>
        <source>request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>response (decision colour)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lost ✕</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>store step / result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>handler</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>effect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>duplicate effect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>timeout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>wait before a retry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>d</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>⋯ %1 later ⋯</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a request, record or effect to see its intent as a sequence.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing has happened for this intent yet.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>iw::SequenceExport</name>
    <message>
        <source>Sequence of intent %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idempotency Workbench</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>iw::SequenceView</name>
    <message>
        <source>Click to select this request everywhere.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compact</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give every event a row and fold long waits behind a labelled break, so a 24-hour late retry and a 2 ms store step both read (otherwise time is proportional)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save this sequence as SVG or PNG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export as SVG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export as PNG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy as Mermaid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy this sequence as a Mermaid sequenceDiagram, for a Markdown document</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Intent %1 · %n request(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>No intent selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the picture could not be drawn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SVG image (*.svg)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export the sequence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The sequence was not exported: %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
