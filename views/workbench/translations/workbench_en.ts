<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>iw::ExploreDialog</name>
    <message numerus="yes">
        <source>%Ln fault(s)</source>
        <translation>
            <numerusform>%Ln fault</numerusform>
            <numerusform>%Ln faults</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln run(s)</source>
        <translation>
            <numerusform>%Ln run</numerusform>
            <numerusform>%Ln runs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln event(s)</source>
        <translation>
            <numerusform>%Ln event</numerusform>
            <numerusform>%Ln events</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>iw::Inspector</name>
    <message numerus="yes">
        <source>%n significant field(s) differ; fields the fingerprint ignores are not listed.</source>
        <translation>
            <numerusform>%n significant field differs; fields the fingerprint ignores are not listed.</numerusform>
            <numerusform>%n significant fields differ; fields the fingerprint ignores are not listed.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>iw::LessonCaption</name>
    <message numerus="yes">
        <source>Lesson · %n step(s)</source>
        <translation>
            <numerusform>Lesson · %n step</numerusform>
            <numerusform>Lesson · %n steps</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>iw::MainWindow</name>
    <message numerus="yes">
        <source>%Ln request(s)</source>
        <translation>
            <numerusform>%Ln request</numerusform>
            <numerusform>%Ln requests</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln effect(s)</source>
        <translation>
            <numerusform>%Ln effect</numerusform>
            <numerusform>%Ln effects</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln duplicate effect(s)</source>
        <translation>
            <numerusform>%Ln duplicate effect</numerusform>
            <numerusform>%Ln duplicate effects</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>iw::RunController</name>
    <message numerus="yes">
        <source>%n more event(s)</source>
        <translation>
            <numerusform>%n more event</numerusform>
            <numerusform>%n more events</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>iw::ServeSession</name>
    <message numerus="yes">
        <source>%Ln request(s)</source>
        <translation>
            <numerusform>%Ln request</numerusform>
            <numerusform>%Ln requests</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>iw::StrategyComparison</name>
    <message numerus="yes">
        <source>%1 · %n effect(s), %2</source>
        <translation>
            <numerusform>%1 · %n effect, %2</numerusform>
            <numerusform>%1 · %n effects, %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n duplicate(s)</source>
        <translation>
            <numerusform>%n duplicate</numerusform>
            <numerusform>%n duplicates</numerusform>
        </translation>
    </message>
</context>
</TS>
