#!/usr/bin/env python3
"""An independent reader for EmojiGlyphTests: fontTools lists every code-point sequence of a
colour bitmap font that maps to a glyph with a CBDT bitmap, from `cmap` (single code points) and
GSUB ligatures (lookup type 4, also inside type 7 extensions) whose components are cmap glyphs.

Output, tab-separated: `kind  hex-code-points  glyph-id` (kind is `cmap` or `liga`), then a last
line `bitmaps  <count>` with the number of distinct glyphs that have a bitmap in any strike.
Sequences containing U+FE0F/U+FE0E are left out (emokit looks sequences up without them).
"""
import sys

from fontTools.ttLib import TTFont


def main(path):
    font = TTFont(path, lazy=True)
    order = font.getGlyphOrder()
    gid = {name: i for i, name in enumerate(order)}
    bitmaps = set()
    for strike in font["CBLC"].strikes:
        for sub in strike.indexSubTables:
            bitmaps.update(sub.names)
    cmap = font.getBestCmap()
    reverse = {}
    for cp, name in sorted(cmap.items()):
        reverse.setdefault(name, cp)  # the smallest code point reaching each glyph
    rows = []
    for cp, name in sorted(cmap.items()):
        if name in bitmaps and cp not in (0xFE0F, 0xFE0E):
            rows.append(("cmap", [cp], gid[name]))
    for lookup in font["GSUB"].table.LookupList.Lookup:
        for sub in lookup.SubTable:
            kind = lookup.LookupType
            if kind == 7:
                kind, sub = sub.ExtSubTable.LookupType, sub.ExtSubTable
            if kind != 4:
                continue
            for first, ligatures in sub.ligatures.items():
                for lig in ligatures:
                    names = [first] + list(lig.Component)
                    if lig.LigGlyph not in bitmaps or any(n not in reverse for n in names):
                        continue
                    cps = [reverse[n] for n in names]
                    if 0xFE0F in cps or 0xFE0E in cps:
                        continue
                    rows.append(("liga", cps, gid[lig.LigGlyph]))
    for kind, cps, glyph in rows:
        print(f"{kind}\t{' '.join('%X' % c for c in cps)}\t{glyph}")
    print(f"bitmaps\t{len(bitmaps)}")


if __name__ == "__main__":
    main(sys.argv[1])
