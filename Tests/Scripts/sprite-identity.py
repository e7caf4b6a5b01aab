#!/usr/bin/env python3
"""Sprites identical in both sheet layouts (issue 35, item 3): given the output of a run with
`--sheets any-width` (the default) and the output of the same packs with `--sheets per-width`,
checks that every button's sprite pixels in the any-width sheet equal the same button's pixels
in the per-width sheet of every width at every scale, and that the rest of each any-width sheet is
transparent (all four channels 0: no colour left under transparent pixels either).

The resampler depends on the icon and its box (`iconSize * S` pixels), not on the cell, so an
icon must come out the same whichever sheet it lands on. Along the way it checks what the
manifests promise about the two layouts: the same widths, tabs, pages and buttons; the same
frames; the any-width manifests say `"sheetLayout": "any-width"` and name the same sheets, hashes
and sprite rects in every width's manifest; every sprite lies inside its sheet.

    python3 Tests/Scripts/sprite-identity.py ANY_WIDTH_OUTPUT PER_WIDTH_OUTPUT

Prints one line with what it compared; exit status 1 with each difference named (tab, page,
button, width, scale) when anything differs, 2 for a usage error. Needs Pillow.
"""
import json
import os
import sys

from PIL import Image

MAX_REPORTED = 30


class Check:
    def __init__(self):
        self.problems = []
        self.sprites = 0
        self.any_width_sheets = 0
        self.per_width_sheets = 0
        self.buttons = 0

    def fail(self, message):
        self.problems.append(message)


def load_manifests(output):
    folder = os.path.join(output, "manifests")
    manifests = {}
    for name in sorted(os.listdir(folder)):
        if name.endswith(".json") and name[:-5].isdigit():
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                manifests[int(name[:-5])] = json.load(f)
    return manifests


def load_rgba(output, relative):
    with Image.open(os.path.join(output, relative)) as image:
        image.load()
        return image.convert("RGBA")


def crop(image, rect):
    return image.crop((rect["x"], rect["y"], rect["x"] + rect["width"], rect["y"] + rect["height"]))


def inside(image, rect):
    return (
        rect["x"] >= 0
        and rect["y"] >= 0
        and rect["x"] + rect["width"] <= image.width
        and rect["y"] + rect["height"] <= image.height
    )


def page_key(width, tab, page, button=None, scale=None):
    where = f"{width}.json: tab {tab['id']} page {page['index']}"
    if button is not None:
        where += f" button {button['index']} ({button.get('text') or button['kind']})"
    if scale is not None:
        where += f" @{scale}x"
    return where


def check_page(check, any_output, per_output, widths, any_manifests, per_manifests, t, p):
    """One page of one tab: its any-width sheets against every width's per-width sheets."""
    first = widths[0]
    any_page = any_manifests[first]["tabs"][t]["pages"][p]
    tab = any_manifests[first]["tabs"][t]
    scales = sorted(any_page["sheets"], key=int)
    # Every width's any-width manifest names the same sheets, hashes and sprites for the page.
    for width in widths[1:]:
        other = any_manifests[width]["tabs"][t]["pages"][p]
        for key in ("sheets", "sheetHashes"):
            if other.get(key) != any_page.get(key):
                check.fail(f"{page_key(width, tab, other)}: {key} differ from {first}.json's")
        for a, b in zip(any_page["buttons"], other["buttons"]):
            if a.get("sprite") != b.get("sprite"):
                check.fail(f"{page_key(width, tab, other, b)}: sprite differs from {first}.json's")
    for scale in scales:
        sheet = load_rgba(any_output, any_page["sheets"][scale])
        check.any_width_sheets += 1
        rest = sheet.copy()
        per_sheets = {}
        for width in widths:
            per_page = per_manifests[width]["tabs"][t]["pages"][p]
            per_sheets[width] = load_rgba(per_output, per_page["sheets"][scale])
            check.per_width_sheets += 1
        for b, button in enumerate(any_page["buttons"]):
            sprite = (button.get("sprite") or {}).get(scale)
            if sprite is None:
                continue
            if not inside(sheet, sprite):
                check.fail(f"{page_key(first, tab, any_page, button, scale)}: sprite {sprite} is outside the any-width sheet ({sheet.width}x{sheet.height})")
                continue
            pixels = crop(sheet, sprite).tobytes()
            rest.paste((0, 0, 0, 0), (sprite["x"], sprite["y"], sprite["x"] + sprite["width"], sprite["y"] + sprite["height"]))
            for width in widths:
                per_page = per_manifests[width]["tabs"][t]["pages"][p]
                per_button = per_page["buttons"][b]
                per_sprite = (per_button.get("sprite") or {}).get(scale)
                check.sprites += 1
                if per_sprite is None:
                    check.fail(f"{page_key(width, tab, per_page, per_button, scale)}: no sprite in the per-width manifest")
                elif (per_sprite["width"], per_sprite["height"]) != (sprite["width"], sprite["height"]):
                    check.fail(f"{page_key(width, tab, per_page, per_button, scale)}: sprite {per_sprite['width']}x{per_sprite['height']} per width, {sprite['width']}x{sprite['height']} any width")
                elif not inside(per_sheets[width], per_sprite):
                    check.fail(f"{page_key(width, tab, per_page, per_button, scale)}: sprite {per_sprite} is outside the per-width sheet")
                elif crop(per_sheets[width], per_sprite).tobytes() != pixels:
                    check.fail(f"{page_key(width, tab, per_page, per_button, scale)}: pixels differ (any width {any_page['sheets'][scale]} at {sprite}, per width {per_page['sheets'][scale]} at {per_sprite})")
        box = rest.getbbox(alpha_only=False)
        if box is not None:
            check.fail(f"{any_page['sheets'][scale]}: not transparent outside the sprites (pixels in {box})")


def check_outputs(any_output, per_output):
    check = Check()
    any_manifests = load_manifests(any_output)
    per_manifests = load_manifests(per_output)
    widths = sorted(any_manifests)
    if not widths:
        check.fail(f"{any_output}: no manifests")
        return check
    if widths != sorted(per_manifests):
        check.fail(f"widths differ: any width {widths}, per width {sorted(per_manifests)}")
        return check
    for width in widths:
        a, b = any_manifests[width], per_manifests[width]
        if a.get("sheetLayout") != "any-width":
            check.fail(f"{any_output}: {width}.json: sheetLayout is {a.get('sheetLayout')!r}, not 'any-width'")
        if b.get("sheetLayout", "per-width") != "per-width":
            check.fail(f"{per_output}: {width}.json: sheetLayout is {b.get('sheetLayout')!r}")
        if [t["id"] for t in a["tabs"]] != [t["id"] for t in b["tabs"]]:
            check.fail(f"{width}.json: the tabs differ")
            return check
        for ta, tb in zip(a["tabs"], b["tabs"]):
            if len(ta["pages"]) != len(tb["pages"]):
                check.fail(f"{width}.json: tab {ta['id']}: {len(ta['pages'])} pages any width, {len(tb['pages'])} per width")
                return check
            for pa, pb in zip(ta["pages"], tb["pages"]):
                if len(pa["buttons"]) != len(pb["buttons"]):
                    check.fail(f"{page_key(width, ta, pa)}: the buttons differ")
                    return check
                for ba, bb in zip(pa["buttons"], pb["buttons"]):
                    check.buttons += 1
                    for key in ("kind", "index", "row", "column", "entry", "text", "frame", "frames"):
                        if ba.get(key) != bb.get(key):
                            check.fail(f"{page_key(width, ta, pa, ba)}: {key} differs: {ba.get(key)!r} any width, {bb.get(key)!r} per width")
    tabs = any_manifests[widths[0]]["tabs"]
    for t, tab in enumerate(tabs):
        for p in range(len(tab["pages"])):
            check_page(check, any_output, per_output, widths, any_manifests, per_manifests, t, p)
    return check


def main(argv):
    if len(argv) != 3 or not all(os.path.isdir(os.path.join(a, "manifests")) for a in argv[1:]):
        print(__doc__.strip().split("\n\n")[2], file=sys.stderr)
        print("error: give two emokit output folders (each with manifests/)", file=sys.stderr)
        return 2
    check = check_outputs(argv[1], argv[2])
    for problem in check.problems[:MAX_REPORTED]:
        print(f"sprite identity: {problem}", file=sys.stderr)
    if len(check.problems) > MAX_REPORTED:
        print(f"sprite identity: ... and {len(check.problems) - MAX_REPORTED} more", file=sys.stderr)
    summary = (
        f"{check.sprites} sprites compared ({check.buttons} buttons over every width's manifest), "
        f"{check.any_width_sheets} any-width sheets against {check.per_width_sheets} per-width sheets"
    )
    if check.problems:
        print(f"sprite identity: FAILED, {len(check.problems)} differences; {summary}", file=sys.stderr)
        return 1
    print(f"sprite identity: {summary}: every sprite the same, every any-width sheet transparent outside its sprites")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
