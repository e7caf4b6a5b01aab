#!/usr/bin/env bash
# What emokit's output looks like to the tools around it: generates the sample packs once, then
#   - builds and runs Tests/ManifestConsumer, a package that depends only on the EmoticonManifest
#     product, against that output (every EmoticonKeyboard lookup on every manifest, and an iOS
#     app's whole flow through EmoticonKeyboardModel), and against a rebuild of the samples with a
#     new first emoticon in faces (Recent survives it);
#   - copies the binary to a temporary folder and runs it from a working folder holding decoy
#     Templates/ and Assets/delete.png: the output must equal the checkout's byte for byte, and
#     (under strace) the copy must open nothing of emokit's own from disk;
#   - runs it under a pseudo-terminal (script(1)) and through a pipe: the progress line is drawn
#     on the terminal only, without colour under NO_COLOR, and never with --quiet.
set -euo pipefail
EMOKIT=${1:?usage: ecosystem-check.sh path/to/emokit}
EMOKIT=$(cd "$(dirname "$EMOKIT")" && pwd)/$(basename "$EMOKIT")
HERE=$(cd "$(dirname "$0")/../.." && pwd)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/emokit-ecosystem.XXXXXX")
README_CHECK=""
# A failure stops the snippet's build (its own process group) before the folder goes.
# (Every command of the trap succeeds: under set -e a failing one, a kill of a build already
# done, would turn the script's exit status into a failure.)
trap '{ [ -z "$README_CHECK" ] || kill -- "-$README_CHECK" 2>/dev/null; } || true; wait || true; rm -rf "$WORK"' EXIT
OUT="$WORK/out"
# The README's SwiftPM snippet builds in a fresh package: a build of its own (no SwiftPM lock shared
# with the consumer package below), started first so the two builds share the two cores.
setsid bash "$HERE/Tests/Scripts/readme-package-check.sh" >"$WORK/readme-package.log" 2>&1 &
README_CHECK=$!
(cd "$HERE" && "$EMOKIT" generate Assets/SamplePacks --out "$OUT" --quiet --xcassets --web)

echo "ecosystem-check: relocated binary"
mkdir -p "$WORK/bin" "$WORK/elsewhere/Templates" "$WORK/elsewhere/Assets"
cp "$EMOKIT" "$WORK/bin/emokit"
for f in index.html preview.html preview.css preview.js; do echo "decoy" > "$WORK/elsewhere/Templates/$f"; done
cp "$HERE/Assets/SamplePacks/faces/f_haha.png" "$WORK/elsewhere/Assets/delete.png"
TRACE="$WORK/trace.log"
(cd "$WORK/elsewhere" && strace -f -e trace=open,openat -o "$TRACE" "$WORK/bin/emokit" generate "$HERE/Assets/SamplePacks" --out "$WORK/moved" --quiet --xcassets --web)
if ! diff -r "$OUT" "$WORK/moved" >/dev/null; then
  echo "ecosystem-check: the copied binary's output differs from the checkout's:"; diff -rq "$OUT" "$WORK/moved" | head; exit 1
fi
if grep -qE "Templates/|Assets/delete" "$TRACE"; then
  echo "ecosystem-check: the copied binary opened emokit files from disk:"; grep -E "Templates/|Assets/delete" "$TRACE" | head; exit 1
fi
echo "ecosystem-check: copied binary, other working folder: same output ($(find "$OUT" -type f | wc -l) files), no Templates/ or delete icon read"

echo "ecosystem-check: progress line"
progress_run() { printf '%q ' "$EMOKIT" generate "$HERE/Assets/SamplePacks/faces" --out "$WORK/progress" --widths 375 --no-cache "$@"; }
env -u NO_COLOR TERM=xterm script -qec "$(progress_run)" /dev/null >"$WORK/tty.log"
if ! grep -aq "] 2/2 pages  0:" "$WORK/tty.log" || ! grep -aq $'\e\\[32m' "$WORK/tty.log"; then
  echo "ecosystem-check: no (coloured) progress line on a terminal:"; cat -v "$WORK/tty.log"; exit 1
fi
NO_COLOR=1 TERM=xterm script -qec "$(progress_run)" /dev/null >"$WORK/nocolor.log"
if ! grep -aq "] 2/2 pages  0:" "$WORK/nocolor.log" || grep -aq $'\e\\[[0-9;]*m' "$WORK/nocolor.log"; then
  echo "ecosystem-check: NO_COLOR: expected the progress line without colour:"; cat -v "$WORK/nocolor.log"; exit 1
fi
TERM=xterm script -qec "$(progress_run --quiet)" /dev/null >"$WORK/quiet.log"
if [ -s "$WORK/quiet.log" ]; then echo "ecosystem-check: --quiet printed on a terminal:"; cat -v "$WORK/quiet.log"; exit 1; fi
TERM=xterm "$EMOKIT" generate "$HERE/Assets/SamplePacks/faces" --out "$WORK/progress" --widths 375 --no-cache 2>&1 | cat >"$WORK/pipe.log"
if grep -aq $'[\r\e]' "$WORK/pipe.log" || grep -aq "elapsed" "$WORK/pipe.log" || [ "$(head -c 24 "$WORK/pipe.log")" != "emokit: 1 tab, 2 pages, " ]; then
  echo "ecosystem-check: a pipe got more than the summary:"; cat -v "$WORK/pipe.log"; exit 1
fi
echo "ecosystem-check: progress line on a terminal (NO_COLOR respected), none with --quiet or in a pipe"

echo "ecosystem-check: consumer package (EmoticonManifest product only)"
# The rebuild an app's Recent must survive: the same packs with a new emoticon first in faces.
cp -R "$HERE/Assets/SamplePacks" "$WORK/rebuilt-packs"
python3 - "$WORK/rebuilt-packs/faces/info.plist" <<'PY'
import sys
path = sys.argv[1]
text = open(path, encoding="utf-8").read()
entry = "<array>\n\t<dict>\n\t\t<key>chs</key>\n\t\t<string>[新表情]</string>\n\t\t<key>png</key>\n\t\t<string>f_haha.png</string>\n\t</dict>"
open(path, "w", encoding="utf-8").write(text.replace("<array>", entry, 1))
PY
"$EMOKIT" generate "$WORK/rebuilt-packs" --out "$WORK/rebuilt" --quiet --widths 393
LOG="$WORK/consumer.log"
set +e
EMOKIT_OUTPUT="$OUT" EMOKIT_REBUILT="$WORK/rebuilt" swift test --package-path "$HERE/Tests/ManifestConsumer" >"$LOG" 2>&1
status=$?
set -e
grep -E "^(✘|✔ Test run|✘ Test run)|error:" "$LOG" || true
if [ "$status" != 0 ]; then echo "ecosystem-check: consumer package failed (log: see above)"; tail -n 40 "$LOG"; exit "$status"; fi
# The UIKit keyboard is compiled on macOS only (.github/workflows/ios.yml): it must stay a thin
# view over the model tested above.
ui_lines=$(cat "$HERE"/Sources/EmoticonKeyboardUI/*.swift | wc -l)
if [ "$ui_lines" -ge 250 ]; then echo "ecosystem-check: Sources/EmoticonKeyboardUI has $ui_lines lines (at most 249: logic belongs in EmoticonKeyboardModel)"; exit 1; fi
echo "ecosystem-check: the README's SwiftPM snippet in a fresh package"
readme_status=0
wait "$README_CHECK" || readme_status=$?
cat "$WORK/readme-package.log"
if [ "$readme_status" != 0 ]; then echo "ecosystem-check: the README's snippet check failed"; exit "$readme_status"; fi
echo "ecosystem-check: passed"
