#!/usr/bin/env python3
"""Fills Qt Linguist files from translation tables (a maintainer's tool; the build never runs it).

    scripts/translations-fill.py TABLE.json... --ts views/*/translations/*.ts

A table is a JSON list of entries {"context": "MainWindow", "source": "&File", "comment": "…" (only when the
source string has a disambiguation), "ru": "&Файл", "uk": "&Файл"}; a plural ("%n …" with tr(…, n)) gives lists:
"en": ["%n request", "%n requests"], "ru": [one, few, many], "uk": [one, few, many]. Every unfinished entry of a
.ts file whose (context, source, comment) a table has in that file's language is filled and marked finished;
entries no table has are left as they were, and counted. Run lupdate afterwards (the update_translations target)
to write the files back in lupdate's own layout.
"""
import json
import re
import sys
import xml.etree.ElementTree as ET


def language_of(path):
    m = re.search(r"_([a-z]{2})\.ts$", path)
    if not m:
        sys.exit(f"{path}: the name does not end in _<language>.ts")
    return m.group(1)


def main(argv):
    if "--ts" not in argv:
        sys.exit(__doc__)
    at = argv.index("--ts")
    tables, ts_files = argv[:at], argv[at + 1:]
    known = {}
    for t in tables:
        with open(t, encoding="utf-8") as f:
            try:
                entries = json.load(f)
            except json.JSONDecodeError as e:
                sys.exit(f"{t}:{e.lineno}:{e.colno}: {e.msg}")
        for i, e in enumerate(entries):
            if "context" not in e or "source" not in e:
                sys.exit(f"{t}: entry {i} lacks context or source")
            known[(e["context"], e["source"], e.get("comment", ""))] = e
    for path in ts_files:
        lang = language_of(path)
        tree = ET.parse(path)
        filled = left = 0
        for ctx in tree.getroot().iter("context"):
            cname = ctx.findtext("name")
            for msg in ctx.iter("message"):
                tr = msg.find("translation")
                if tr is None or tr.get("type") not in ("unfinished", None):
                    continue
                if tr.get("type") is None and (tr.text or len(tr)):
                    continue
                key = (cname, msg.findtext("source"), msg.findtext("comment") or "")
                entry = known.get(key)
                value = entry.get(lang) if entry else None
                if value is None:
                    left += 1
                    continue
                if msg.get("numerus") == "yes":
                    if not isinstance(value, list):
                        sys.exit(f"{path}: {key} is a plural; its {lang} entry must be a list of forms")
                    for child in list(tr):
                        tr.remove(child)
                    tr.text = None
                    for form in value:
                        ET.SubElement(tr, "numerusform").text = form
                else:
                    if isinstance(value, list):
                        sys.exit(f"{path}: {key} is not a plural; its {lang} entry must be a string")
                    tr.text = value
                tr.attrib.pop("type", None)
                filled += 1
        body = ET.tostring(tree.getroot(), encoding="unicode")
        with open(path, "w", encoding="utf-8") as f:
            f.write('<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n' + body + "\n")
        print(f"{path}: {filled} filled, {left} still unfinished")


if __name__ == "__main__":
    main(sys.argv[1:])
