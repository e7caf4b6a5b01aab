#!/usr/bin/env bash
# Builds the EmoticonManifest library's documentation (the DocC catalog
# Sources/EmoticonManifest/EmoticonManifest.docc and every /// comment) with the toolchain's
# docc, and fails on any DocC warning (a broken ``link``, a curated symbol that does not exist)
# or any public symbol declared in Sources/EmoticonManifest without a doc comment.
#
#   bash Tests/Scripts/docc-check.sh [OUTPUT_DIR]    the rendered archive goes to OUTPUT_DIR
#                                                    (default: a temporary folder, removed)
set -euo pipefail
cd "$(dirname "$0")/../.."
DOCC=${DOCC:-$(command -v docc || echo /opt/swift/usr/bin/docc)}
if ! [ -x "$DOCC" ] && [ -x "$(dirname "$(command -v swift)")/docc" ]; then DOCC="$(dirname "$(command -v swift)")/docc"; fi
WORK=$(mktemp -d "${TMPDIR:-/tmp}/emokit-docc.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
OUT=${1:-$WORK/EmoticonManifest.doccarchive}

# Symbol graphs of the target and its dependency; only EmoticonManifest's own are documented.
# Its own build folder: the extra compiler flags never make the suite's debug build rebuild.
swift build --scratch-path .build/docc --target EmoticonManifest -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$WORK/all" >"$WORK/build.log" 2>&1 ||
  { cat "$WORK/build.log"; echo "docc-check: swift build --target EmoticonManifest failed"; exit 1; }
mkdir -p "$WORK/graphs"
cp "$WORK"/all/EmoticonManifest.symbols.json "$WORK"/all/EmoticonManifest@*.symbols.json "$WORK/graphs/" 2>/dev/null || true
[ -f "$WORK/graphs/EmoticonManifest.symbols.json" ] || { echo "docc-check: no symbol graph for EmoticonManifest"; exit 1; }

# Every warning is an error; the coverage report lists each symbol with or without an abstract.
status=0
"$DOCC" convert Sources/EmoticonManifest/EmoticonManifest.docc \
  --additional-symbol-graph-dir "$WORK/graphs" --output-path "$OUT" \
  --fallback-display-name EmoticonManifest --fallback-bundle-identifier emokit.EmoticonManifest \
  --warnings-as-errors --diagnostic-level warning \
  --experimental-documentation-coverage --coverage-summary-level brief >"$WORK/docc.log" 2>&1 || status=$?
grep -E "warning:|error:" "$WORK/docc.log" || true
if [ "$status" != 0 ]; then cat "$WORK/docc.log"; echo "docc-check: docc convert failed (warnings are errors)"; exit 1; fi

# Undocumented public symbols: every symbol declared in the sources (it has a location; what the
# compiler synthesizes, such as Codable's init(from:) or Equatable's !=, has none) needs a
# /// comment that is not empty (docc's coverage report, documentation-coverage.json, counts the
# synthesized members too, so it is printed, not gated on).
python3 - "$WORK/graphs" "$OUT/documentation-coverage.json" <<'PY'
import glob, json, sys
graphs, coverage = sys.argv[1], sys.argv[2]
missing, declared = [], 0
for path in sorted(glob.glob(graphs + "/*.symbols.json")):
    for symbol in json.load(open(path, encoding="utf-8"))["symbols"]:
        location = symbol.get("location")
        if not location or symbol.get("accessLevel") not in ("public", "open"):
            continue
        declared += 1
        lines = [line.get("text", "") for line in symbol.get("docComment", {}).get("lines", [])]
        if not any(text.strip() for text in lines):
            name = ".".join(symbol["pathComponents"])
            missing.append(f'{location["uri"].split("/Sources/")[-1]}:{location["position"]["line"] + 1}: {name} ({symbol["kind"]["displayName"]})')
# docc's own count, for the log (it also counts synthesized members, which have no source).
entries = [entry for entry in json.load(open(coverage, encoding="utf-8")) if entry.get("kind", {}).get("isSymbol")]
print(f"docc coverage: {sum(1 for entry in entries if entry.get('hasAbstract'))} of {len(entries)} symbols have an abstract (synthesized members included)")
for line in missing:
    print(f"docc-check: no doc comment: {line}")
print(f"docc-check: {declared - len(missing)} of {declared} public symbols declared in Sources/EmoticonManifest documented")
sys.exit(1 if missing else 0)
PY
echo "docc-check: EmoticonManifest documentation built with no warnings${1:+ into $OUT}"
