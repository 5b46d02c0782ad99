<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru_RU">
<context>
    <name>QShortcut</name>
    <message>
        <source>Space</source>
        <translation>Пробел</translation>
    </message>
</context>
<context>
    <name>iw::LanguageMenu</name>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Язык</translation>
    </message>
</context>
</TS>
