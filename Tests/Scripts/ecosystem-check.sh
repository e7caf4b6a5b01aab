#!/usr/bin/env bash
# What emokit's output looks like to the tools around it: generates the sample packs once, then
#   - builds and runs Tests/ManifestConsumer, a package that depends only on the EmoticonManifest
#     product, against that output (every EmoticonKeyboard lookup on every manifest).
set -euo pipefail
EMOKIT=${1:?usage: ecosystem-check.sh path/to/emokit}
EMOKIT=$(cd "$(dirname "$EMOKIT")" && pwd)/$(basename "$EMOKIT")
HERE=$(cd "$(dirname "$0")/../.." && pwd)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/emokit-ecosystem.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
OUT="$WORK/out"
"$EMOKIT" generate "$HERE/Assets/SamplePacks" --out "$OUT" --quiet --xcassets --web

echo "ecosystem-check: consumer package (EmoticonManifest product only)"
LOG="$WORK/consumer.log"
set +e
EMOKIT_OUTPUT="$OUT" swift test --package-path "$HERE/Tests/ManifestConsumer" >"$LOG" 2>&1
status=$?
set -e
grep -E "^(✘|✔ Test run|✘ Test run)|error:" "$LOG" || true
if [ "$status" != 0 ]; then echo "ecosystem-check: consumer package failed (log: see above)"; tail -n 40 "$LOG"; exit "$status"; fi
echo "ecosystem-check: passed"
