<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>TimelinePainter</name>
    <message numerus="yes">
        <source> · %n request(s)</source>
        <translation>
            <numerusform> · %n request</numerusform>
            <numerusform> · %n requests</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %n effect(s)</source>
        <translation>
            <numerusform> · %n effect</numerusform>
            <numerusform> · %n effects</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %n duplicate(s)</source>
        <translation>
            <numerusform> · %n duplicate</numerusform>
            <numerusform> · %n duplicates</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %n lane(s)</source>
        <translation>
            <numerusform> · %n lane</numerusform>
            <numerusform> · %n lanes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n lane(s)</source>
        <translation>
            <numerusform>%n lane</numerusform>
            <numerusform>%n lanes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n lane(s) hidden</source>
        <translation>
            <numerusform>%n lane hidden</numerusform>
            <numerusform>%n lanes hidden</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n duplicate effect(s) hidden</source>
        <translation>
            <numerusform>%n duplicate effect hidden</numerusform>
            <numerusform>%n duplicate effects hidden</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n duplicate effect(s)</source>
        <translation>
            <numerusform>%n duplicate effect</numerusform>
            <numerusform>%n duplicate effects</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>iw::TimelineView</name>
    <message numerus="yes">
        <source>%n lane(s) hidden</source>
        <translation>
            <numerusform>%n lane hidden</numerusform>
            <numerusform>%n lanes hidden</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n lane(s)</source>
        <translation>
            <numerusform>%n lane</numerusform>
            <numerusform>%n lanes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n duplicate effect(s)</source>
        <translation>
            <numerusform>%n duplicate effect</numerusform>
            <numerusform>%n duplicate effects</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n request(s)</source>
        <translation>
            <numerusform>%n request</numerusform>
            <numerusform>%n requests</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n effect(s)</source>
        <translation>
            <numerusform>%n effect</numerusform>
            <numerusform>%n effects</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n record state(s)</source>
        <translation>
            <numerusform>%n record state</numerusform>
            <numerusform>%n record states</numerusform>
        </translation>
    </message>
</context>
</TS>
