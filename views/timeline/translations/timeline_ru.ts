<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru_RU">
<context>
    <name>TimelineMapping</name>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 d</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ms</source>
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
    <name>TimelinePainter</name>
    <message>
        <source>recovered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · response lost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing has happened yet: fire a request or play the scenario.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No lane matches the filter.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ΔT %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source> · %n request(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %n effect(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %n duplicate(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %n lane(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>  — F or double-click to zoom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>now</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n lane(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>lanes matching “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no key)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 lanes · %2 per pixel row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 lanes</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n lane(s) hidden</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n duplicate effect(s) hidden</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n duplicate effect(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>iw</name>
    <message>
        <source>ran handler</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>replayed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>refused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>crashed / unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>never arrived</source>
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
        <source>TTL end</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lease end</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>after now (not yet happened)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>iw::TimelineView</name>
    <message>
        <source>in_progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>completed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expired</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stuck</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tombstone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter lanes…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show only lanes whose actor, operation or key contains this text.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no key)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No anomaly: no duplicate effect, stuck in-progress record or payload mismatch.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n lane(s) hidden</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n lane(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n duplicate effect(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Click to show its lanes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click to hide its lanes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n request(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n effect(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n record state(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>at %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>never arrived</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sent %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>arrived %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>decided %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>client %1 · attempt %2 · intent %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fingerprint %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(stored %1…)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>client outcome: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not known yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sent %1 · decided %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the response was lost on its way back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the response arrived after the client&apos;s timeout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>effect at %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>executed by r%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>intent %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>duplicate effect: this intent had already executed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run by the recovery job for the crashed owner; the record was then completed by recovery job (recovered_completed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>completed by recovery job (recovered_completed) at %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>from %1, still so at the end</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 → %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lease until %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expires_at %1 (an in-progress record is never swept)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>written by r%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>held by %1&apos;s store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom to Range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear Range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idempotency timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Record states, requests and effects per scope, exported from Idempotency Workbench.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Timeline as PNG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>timeline.png</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The timeline could not be written to %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Timeline as SVG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>timeline.svg</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SVG drawings (*.svg)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>iw::TimelineZoom</name>
    <message>
        <source>Zoom &amp;In</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom in on the middle of the visible time (W). Ctrl+wheel zooms around the pointer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo the last zoom (S): returns to the previous view on the zoom stack, or zooms out when the stack is empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pan &amp;Left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move a quarter of the visible time towards earlier events (A).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pan &amp;Right</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move a quarter of the visible time towards later events (D).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Fit All</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the whole run and every lane (Home).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom to &amp;Selection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom to the dragged time range, or to the selected request or scope (F).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Follow &amp;Live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep the simulation&apos;s current instant in view while it runs (L).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jump to First &amp;Anomaly</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select and zoom to the first duplicate effect, stuck in-progress record or payload mismatch (N); press again for the next one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Collapse Idle Lanes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hide lanes with nothing happening in the visible time range.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Timeline as &amp;PNG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the current timeline view, with axis and legend, as a PNG image.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Timeline as S&amp;VG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the current timeline view, with axis and legend, as an SVG drawing.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
