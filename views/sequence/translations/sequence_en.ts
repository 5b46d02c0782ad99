<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>iw::SequenceView</name>
    <message numerus="yes">
        <source>Intent %1 · %n request(s)</source>
        <translation>
            <numerusform>Intent %1 · %n request</numerusform>
            <numerusform>Intent %1 · %n requests</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Intents %1 and %2 · %n request(s)</source>
        <translation>
            <numerusform>Intents %1 and %2 · %n request</numerusform>
            <numerusform>Intents %1 and %2 · %n requests</numerusform>
        </translation>
    </message>
</context>
</TS>
