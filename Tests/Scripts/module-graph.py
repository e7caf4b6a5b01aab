#!/usr/bin/env python3
"""The module graph as it is: read from `swift package describe`, drawn in Architecture.md, and
the rules the layering keeps (stdlib only).

    python3 Tests/Scripts/module-graph.py            check: the drawing matches, the rules hold
    python3 Tests/Scripts/module-graph.py --write    redraw the block in Documentation/Architecture.md

The drawing is the block between `<!-- module-graph -->` and `<!-- /module-graph -->`: one line
per module, bottom layer first (a module's layer is one more than its highest dependency's), each
with the modules it depends on directly. The rules are the foundations the house stands on:
- OutputTransaction's closure (everything it depends on, directly or not) holds no image, pack or
  emoji module: writing an output knows nothing of what is in it;
- Settings' closure holds no output writer, transaction or template module: settings are values;
- KeyboardLayout is pure math: its closure is the manifest's value types and nothing with I/O;
- RunSteps (the step runner) knows no reader.
Exit status 0 when all holds, 1 otherwise (each difference named).
"""
import json
import re
import os
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
DOC = os.path.join(ROOT, "Documentation", "Architecture.md")
BEGIN, END = "<!-- module-graph -->", "<!-- /module-graph -->"

# Modules by what they know: a rule names kinds, so a new reader module joins its kind here.
IMAGE = {"Imaging", "CLibPNG", "CSheetWriter", "CGifLib", "CResample"}
PACKS = {"EmoticonPacks", "EmoticonPackModel", "PropertyLists", "PackAuthoring"}
EMOJI = {"EmojiData", "EmojiGlyphs", "EmojiTabs"}
OUTPUT_WRITERS = {"SiteOutputs", "OutputSeal", "OutputSeal"}
TRANSACTION = {"OutputTransaction"}
TEMPLATES = {"PreviewSite", "BundledTemplates"}
RULES = [
    ("OutputTransaction", IMAGE | PACKS | EMOJI, "an image, pack or emoji module"),
    ("Settings", OUTPUT_WRITERS | TRANSACTION | TEMPLATES, "an output writer, transaction or template module"),
    ("KeyboardLayout", IMAGE | PACKS | EMOJI | OUTPUT_WRITERS | TRANSACTION | TEMPLATES | {"FileAccess", "CSystem"}, "a module with I/O"),
    ("RunSteps", IMAGE | PACKS | EMOJI, "a reader"),
]


IMPORT = re.compile(r"^\s*(?:@_exported\s+|@testable\s+|package\s+|public\s+)*import\s+(?:(?:struct|enum|class|func|protocol)\s+)?(\w+)", re.M)


def graph():
    out = subprocess.run(["swift", "package", "describe", "--type", "json"], cwd=ROOT, check=True, capture_output=True, text=True).stdout
    targets = json.loads(out[out.index("{"):])["targets"]
    modules = {t["name"]: t for t in targets if t["type"] in ("library", "executable") and not t["path"].startswith("Tests")}
    return {name: sorted(d for d in t.get("target_dependencies", []) if d in modules) for name, t in modules.items()}, modules


def imports(target):
    found = set()
    for source in target.get("sources", []):
        if source.endswith(".swift"):
            found.update(IMPORT.findall(open(os.path.join(ROOT, target["path"], source), encoding="utf-8").read()))
    return found


def closure(deps, name):
    seen, stack = set(), list(deps[name])
    while stack:
        module = stack.pop()
        if module not in seen:
            seen.add(module)
            stack.extend(deps[module])
    return seen


def drawing(deps):
    layer = {}

    def depth(name):
        if name not in layer:
            layer[name] = 1 + max((depth(d) for d in deps[name]), default=-1)
        return layer[name]

    for name in deps:
        depth(name)
    width = max(len(n) for n in deps)
    lines = ["```"]
    for level in range(max(layer.values()) + 1):
        for name in sorted(n for n in deps if layer[n] == level):
            arrow = " ──> " + ", ".join(deps[name]) if deps[name] else ""
            lines.append(f"{level:>2}  {name.ljust(width)}{arrow}".rstrip())
    lines.append("```")
    return "\n".join(lines)


def main():
    deps, targets = graph()
    text = open(DOC, encoding="utf-8").read()
    if BEGIN not in text or END not in text:
        print(f"{DOC}: no {BEGIN} ... {END} block to hold the module graph")
        return 1
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    drawn = drawing(deps)
    if "--write" in sys.argv:
        open(DOC, "w", encoding="utf-8").write(f"{head}{BEGIN}\n{drawn}\n{END}{tail}")
        print(f"wrote the module graph into {DOC}")
    failures = []
    if "--write" not in sys.argv and rest.split(END, 1)[0].strip() != drawn:
        failures.append("Documentation/Architecture.md draws another module graph than Package.swift has; run python3 Tests/Scripts/module-graph.py --write")
    for module, forbidden, kind in RULES:
        if module not in deps:
            failures.append(f"{module}: no such module (a rule names it)")
            continue
        bad = sorted(closure(deps, module) & forbidden)
        if bad:
            failures.append(f"{module} depends on {kind}: {', '.join(bad)}")
    for name, target in targets.items():
        if not any(source.endswith(".swift") for source in target.get("sources", [])):
            continue
        unused = sorted(set(deps[name]) - imports(target))
        if unused:
            failures.append(f"{name} declares dependencies it never imports: {', '.join(unused)}")
    for failure in failures:
        print(f"module graph: {failure}")
    if not failures:
        print(f"module graph: {len(deps)} modules, drawn as they are; {len(RULES)} layering rules hold")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
