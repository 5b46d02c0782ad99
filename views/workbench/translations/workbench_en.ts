<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>iw::Inspector</name>
    <message numerus="yes">
        <source>%n significant field(s) differ; fields the fingerprint ignores are not listed.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>iw::LessonCaption</name>
    <message numerus="yes">
        <source>Lesson · %n step(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>iw::RunController</name>
    <message numerus="yes">
        <source>%n more event(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
</TS>
