#!/usr/bin/env python3
"""Checks that every module a target's Swift files import is declared in that target's
dependencies in Package.swift (stdlib only).

SwiftPM builds a module another target already pulled in, so an undeclared `import CResample` in
a test compiles today and breaks the day the module graph changes under it (a dependency moved,
a target split): the graph Package.swift declares must be the graph the code uses. Checked for
every target of the package (tests, test helpers and library targets alike), from
`swift package describe --type json` (the targets, their folders and declared dependencies) and
each file's `import` lines (`@testable import`, `import struct X.Y` and `@_exported import`
included). Modules of the toolchain (Foundation, Testing, Glibc, ...) need no declaration.

    python3 Tests/Scripts/test-imports.py [ROOT]     ROOT: the package (default: this checkout)

Exit status 0 when every import is declared, 1 otherwise (each file, line and module named, with
the line to add to Package.swift).
"""
import json
import os
import re
import subprocess
import sys

ROOT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", ".."))
# Modules that come with the Swift toolchain or the system, never a target of this package.
TOOLCHAIN = {
    "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking", "FoundationXML",
    "Testing", "XCTest", "Dispatch", "Glibc", "Musl", "Darwin", "WinSDK", "Android", "Synchronization",
    "Observation", "RegexBuilder", "Swift", "_Concurrency", "_StringProcessing", "PackageDescription",
    # Apple's SDK frameworks (EmoticonKeyboardUI, compiled for iOS only).
    "UIKit", "SwiftUI", "CoreGraphics",
}
IMPORT = re.compile(
    r"^\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_][A-Za-z0-9_]*)"
)


def describe():
    # --ignore-lock: describing reads the manifest only, so it need not wait for a build that
    # holds the .build lock (CI steps may run beside one).
    output = subprocess.run(
        ["swift", "package", "--package-path", ROOT, "--ignore-lock", "describe", "--type", "json"],
        check=True, capture_output=True, text=True,
    ).stdout
    return json.loads(output[output.index("{"):])


def swift_files(folder):
    for directory, _, names in os.walk(folder):
        for name in sorted(names):
            if name.endswith(".swift"):
                yield os.path.join(directory, name)


def imports(path):
    """(line number, module) of every import in the file (none inside a multi-line string
    literal, where a test may hold another language's `import`)."""
    in_string = False
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            match = None if in_string else IMPORT.match(line)
            if match:
                yield number, match.group(1)
            if line.count('"""') % 2:
                in_string = not in_string


def main():
    package = describe()
    targets = {target["name"]: target for target in package["targets"]}
    problems, checked = [], 0
    for name, target in sorted(targets.items()):
        declared = set(target.get("target_dependencies") or []) | set(target.get("product_dependencies") or [])
        for path in swift_files(os.path.join(ROOT, target["path"])):
            for number, module in imports(path):
                checked += 1
                if module in TOOLCHAIN or module == target.get("c99name", name) or module in declared:
                    continue
                where = os.path.relpath(path, ROOT)
                kind = "a target of this package" if module in targets else "not a target of this package nor a toolchain module"
                problems.append(f"{where}:{number}: imports {module} ({kind}), which {name}'s dependencies in Package.swift do not declare: add \"{module}\" to them")
    for problem in problems:
        print(f"test-imports: undeclared: {problem}")
    print(f"test-imports: {checked} imports in {len(targets)} targets checked, {len(problems)} undeclared")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
