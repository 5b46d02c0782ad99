<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="uk_UA">
<context>
    <name>QShortcut</name>
    <message>
        <source>Space</source>
        <translation>Пробіл</translation>
    </message>
</context>
<context>
    <name>iw::LanguageMenu</name>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Мова</translation>
    </message>
</context>
</TS>
