#!/usr/bin/env python3
"""Writes Templates/android/EmokitUnicode.kt: the Unicode properties the Kotlin runtime's
segmenter needs (grapheme cluster breaks, Extended_Pictographic, Emoji, Emoji_Presentation,
Emoji_Modifier), as compact range tables read from Debian's unicode-data files. The JVM of
Android's older releases and of JDK 17 has neither extended grapheme clusters for emoji nor
Character.isEmoji, so the runtime carries its own. Run again after a Unicode update:
    python3 Tests/AndroidRuntime/unicode-tables.py
The JVM tests check the result against GraphemeBreakTest.txt."""
import os, re, sys

UNICODE = os.environ.get("UNICODE_DATA", "/usr/share/unicode")
OUT = os.path.join(os.path.dirname(__file__), "..", "..", "Templates", "android", "EmokitUnicode.kt")

def ranges(path, wanted):
    found = {}
    for line in open(path, encoding="utf-8"):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        points, prop = [p.strip() for p in line.split(";")[:2]]
        if prop not in wanted:
            continue
        lo, _, hi = points.partition("..")
        found.setdefault(prop, []).append((int(lo, 16), int(hi or lo, 16)))
    return found

def merged(spans):
    out = []
    for lo, hi in sorted(spans):
        if out and lo <= out[-1][1] + 1:
            out[-1] = (out[-1][0], max(out[-1][1], hi))
        else:
            out.append((lo, hi))
    return out

def version(path):
    for line in open(path, encoding="utf-8"):
        m = re.match(r"#\s*\S+-(\d+\.\d+\.\d+)\.txt", line)
        if m:
            return m.group(1)
    return "unknown"

GCB = {"CR": "C", "LF": "L", "Control": "O", "Extend": "E", "ZWJ": "Z", "Regional_Indicator": "R", "Prepend": "P",
       "SpacingMark": "S", "L": "h", "V": "v", "T": "t", "LV": "x", "LVT": "y"}

def main():
    gcb_path = os.path.join(UNICODE, "auxiliary", "GraphemeBreakProperty.txt")
    emoji_path = os.path.join(UNICODE, "emoji", "emoji-data.txt")
    gcb = ranges(gcb_path, GCB)
    table = sorted((lo, hi, GCB[prop]) for prop, spans in gcb.items() for lo, hi in merged(spans))
    emoji = ranges(emoji_path, {"Extended_Pictographic", "Emoji", "Emoji_Presentation", "Emoji_Modifier"})
    def text(spans, tag=None):
        return ",".join(("%X-%X" % (lo, hi) if lo != hi else "%X" % lo) + (":" + tag if tag else "") for lo, hi in spans)
    gcb_text = ",".join(("%X-%X" % (lo, hi) if lo != hi else "%X" % lo) + ":" + c for lo, hi, c in table)
    lines = [
        "// Written by Tests/AndroidRuntime/unicode-tables.py from Unicode %s (GraphemeBreakProperty.txt," % version(gcb_path),
        "// emoji-data.txt); do not edit. Part of emokit's Kotlin runtime (see EmokitKeyboard.kt).",
        "package emokit",
        "",
        "/** The Unicode properties the segmenter reads, as `start-end:class` hex ranges. */",
        "internal object EmokitUnicodeTables {",
        "    const val VERSION = \"%s\"" % version(gcb_path),
    ]
    def chunked(name, value):
        # A class file's string constant holds at most 65535 bytes: long tables are joined parts.
        parts = [value[i:i + 12000] for i in range(0, len(value), 12000)]
        lines.append("    val %s: String get() = listOf(" % name)
        lines.append(",\n".join("        \"%s\"" % part for part in parts))
        lines.append("    ).joinToString(\"\")")
    chunked("GRAPHEME_BREAK", gcb_text)
    for prop, name in [("Extended_Pictographic", "EXTENDED_PICTOGRAPHIC"), ("Emoji", "EMOJI"),
                       ("Emoji_Presentation", "EMOJI_PRESENTATION"), ("Emoji_Modifier", "EMOJI_MODIFIER")]:
        chunked(name, text(merged(emoji[prop])))
    lines.append("}")
    open(OUT, "w", encoding="utf-8").write("\n".join(lines) + "\n")
    print("wrote", os.path.normpath(OUT), os.path.getsize(OUT), "bytes")

main()
