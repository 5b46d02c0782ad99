<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>iw::ProbeDialog</name>
    <message numerus="yes">
        <source>Plan: %n check(s), </source>
        <translation>
            <numerusform>Plan: %n check, </numerusform>
            <numerusform>Plan: %n checks, </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>at most %n request(s).</source>
        <translation>
            <numerusform>at most %n request.</numerusform>
            <numerusform>at most %n requests.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n check(s) cannot run with these fields.</source>
        <translation>
            <numerusform>%n check cannot run with these fields.</numerusform>
            <numerusform>%n checks cannot run with these fields.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>iw::ProbeWindow</name>
    <message numerus="yes">
        <source>Cancelled after %n request(s)</source>
        <translation>
            <numerusform>Cancelled after %n request</numerusform>
            <numerusform>Cancelled after %n requests</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Finished: %n request(s)</source>
        <translation>
            <numerusform>Finished: %n request</numerusform>
            <numerusform>Finished: %n requests</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Plan: %n request(s) at most.</source>
        <translation>
            <numerusform>Plan: %n request at most.</numerusform>
            <numerusform>Plan: %n requests at most.</numerusform>
        </translation>
    </message>
</context>
</TS>
