#!/usr/bin/env python3
"""What the fuzz build compiles, read from Package.swift (`swift package describe`), so the build
never keeps a second, stale copy of the module graph (stdlib only).

    modules.py layers MODULE...    the closure of MODULEs, one line per layer (dependencies first),
                                   each a list of quoted build steps: "shim CLibPNG", "module Imaging
                                   CLibPNG ..." (a module with the modules it imports)
    modules.py closure MODULE...   the closure's names on one line (the objects a target links)
"""
import json
import os
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def targets():
    out = subprocess.run(["swift", "package", "describe", "--type", "json"], cwd=ROOT, check=True, capture_output=True, text=True).stdout
    return {t["name"]: t for t in json.loads(out[out.index("{"):])["targets"]}


def main():
    command, names = sys.argv[1], sys.argv[2:]
    all_targets = targets()
    deps = {name: [d for d in t.get("target_dependencies", []) if d in all_targets] for name, t in all_targets.items()}
    closure, stack = set(), list(names)
    while stack:
        name = stack.pop()
        if name not in closure:
            closure.add(name)
            stack.extend(deps[name])
    layer = {}

    def depth(name):
        if name not in layer:
            layer[name] = 1 + max((depth(d) for d in deps[name]), default=-1)
        return layer[name]

    for name in closure:
        depth(name)
    order = sorted(closure, key=lambda n: (layer[n], n))
    if command == "closure":
        print(" ".join(order))
        return
    for level in range(max(layer.values()) + 1):
        steps = []
        for name in (n for n in order if layer[n] == level):
            if any(s.endswith(".c") for s in all_targets[name].get("sources", [])):
                steps.append(f'"shim {name}"')
            else:
                steps.append('"' + " ".join(["module", name] + sorted(deps[name])) + '"')
        print(" ".join(steps))


if __name__ == "__main__":
    main()
