#!/usr/bin/env bash
# Peak memory of `emokit inspect` on each hostile PNG, one process per file (GNU time's %M is
# the peak resident set in KiB). Fails if any exceeds the limit or if a refusal is missing.
set -uo pipefail
EMOKIT=${1:?usage: memory-check.sh path/to/emokit}
HERE=$(cd "$(dirname "$0")/../.." && pwd)
SHARED=${EMOKIT_SHARED:-$HERE/../shared}
LIMIT_KB=$((50 * 1024))
[ -d "$SHARED/conformance/bad-png" ] || { echo "memory-check: missing $SHARED/conformance/bad-png"; exit 1; }
passed=0; failed=0
TMP=$(mktemp)
for f in "$SHARED"/conformance/bad-png/*.png "$SHARED"/conformance/pngsuite/libpng-testpngs/crashers/*.png; do
  /usr/bin/time -o "$TMP" -f "%M %e" "$EMOKIT" inspect "$f" >/dev/null 2>"$TMP.err"
  rc=$?
  out=$(tail -n1 "$TMP"); kb=${out%% *}; secs=${out##* }
  # The control file and a crasher that libpng (and emokit) accept must decode (exit 0); every
  # other file must be refused (exit 1). Nothing is exempt from the status check.
  case "$(basename "$f")" in
    control-good-64x64.png | empty_ancillary_chunks.png) expected=0; meaning="decoded" ;;
    *) expected=1; meaning="refused" ;;
  esac
  if [ "$rc" != "$expected" ]; then
    echo "FAIL $(basename "$f"): exit status $rc, expected $expected ($meaning)"; failed=$((failed+1))
  elif [ "$kb" -gt "$LIMIT_KB" ]; then
    echo "FAIL $(basename "$f"): peak ${kb} KiB > ${LIMIT_KB} KiB"; failed=$((failed+1))
  else
    printf '  %-45s peak %6d KiB  %5ss\n' "$(basename "$f")" "$kb" "$secs"; passed=$((passed+1))
  fi
done
# generate on packs of large icons: each source is decoded row by row straight into its scaled
# copies (never held whole), so peak memory must not grow with the icon size. 16 icons of
# 2048x2048 on one page, and 2 of 8192x8192 (the largest allowed by default, 64 Mpx each).
GEN_LIMIT_KB=$((64 * 1024))
# generate_peak LABEL ARGS...: one `emokit generate ARGS` under GNU time, passed when it succeeds
# with a peak under GEN_LIMIT_KB.
generate_peak() {
  local label=$1; shift
  /usr/bin/time -o "$TMP" -f "%M %e" "$EMOKIT" generate "$@" -q >/dev/null 2>"$TMP.err"
  local rc=$? out kb secs
  out=$(tail -n1 "$TMP"); kb=${out%% *}; secs=${out##* }
  if [ "$rc" != 0 ]; then
    echo "FAIL $label: exit status $rc: $(head -n3 "$TMP.err")"; failed=$((failed+1))
  elif [ "$kb" -gt "$GEN_LIMIT_KB" ]; then
    echo "FAIL $label: peak ${kb} KiB > ${GEN_LIMIT_KB} KiB"; failed=$((failed+1))
  else
    printf '  %-45s peak %6d KiB  %5ss\n' "$label" "$kb" "$secs"; passed=$((passed+1))
  fi
}
GEN=$(mktemp -d)
python3 - "$GEN" <<'PY'
import os, plistlib, sys
from PIL import Image, ImageDraw
root = sys.argv[1]
for pack, side, count in (("large", 2048, 16), ("huge", 8192, 2)):
    os.makedirs(os.path.join(root, pack))
    entries = []
    for i in range(count):
        im = Image.new("RGBA", (side, side), (0, 0, 0, 0))
        ImageDraw.Draw(im).ellipse((side // 8, side // 8, side * 7 // 8, side * 7 // 8), fill=(40 + 13 * i, 200 - 9 * i, 90, 255))
        name = "icon%02d.png" % i
        im.save(os.path.join(root, pack, name))
        entries.append({"chs": "[%s%d]" % (pack, i), "png": name, "type": "0"})
    with open(os.path.join(root, pack, "info.plist"), "wb") as f:
        plistlib.dump(entries, f, fmt=plistlib.FMT_XML)
PY
for pack in large huge; do
  generate_peak "generate $pack icons" "$GEN/$pack" --out "$GEN/out-$pack" --widths 375 --scales 2,3
done
# Memory flat in the number of entries and pages: a pack of 40,000 entries (1,291 pages; small
# icons, hard links to a few files, so it runs in seconds; none enlarged, so no warning each) at one width and scale, and a pack of
# 1,000 at all ten default pairs (the largest sheets). Manifests and previews are written a page
# at a time and the plist is read item by item, so both stay under the same limit.
python3 - "$GEN" <<'PY'
import os, plistlib, sys
from PIL import Image, ImageDraw
root = sys.argv[1]
os.makedirs(os.path.join(root, "icons"))
for i in range(8):
    im = Image.new("RGBA", (96, 96), (0, 0, 0, 0))
    ImageDraw.Draw(im).ellipse((8, 8, 87, 87), fill=(30 * i, 200 - 20 * i, 90, 255))
    im.save(os.path.join(root, "icons", "%d.png" % i))
for pack, count in (("many", 40000), ("pairs", 1000)):
    os.makedirs(os.path.join(root, pack))
    entries = []
    for i in range(count):
        name = "e%05d.png" % i
        os.link(os.path.join(root, "icons", "%d.png" % (i % 8)), os.path.join(root, pack, name))
        entries.append({"chs": "[%s%05d]" % (pack, i), "png": name, "type": "0"})
    with open(os.path.join(root, pack, "info.plist"), "wb") as f:
        plistlib.dump(entries, f, fmt=plistlib.FMT_XML)
PY
generate_peak "generate many entries" "$GEN/many" --out "$GEN/out-many" --no-cache --widths 375 --scales 2
generate_peak "generate pairs entries" "$GEN/pairs" --out "$GEN/out-pairs" --no-cache
# The emoji keyboard at 375@3x: its skin-tone variants sheets (1,632 px square, 10 MB of RGBA
# each, one per worker) are drawn and encoded a row of cells at a time, never held whole (held
# whole, this run peaked at 70 MiB). At all ten default pairs it peaks about 8 MiB higher but
# takes 18 s, so the check runs the one pair that has the large sheets (5 s).
generate_peak "generate --emoji-keyboard at 375@3x" --emoji-keyboard --out "$GEN/out-emoji" --widths 375 --scales 3 --no-cache
rm -rf "$GEN"
echo "memory-check: $passed passed, $failed failed"
[ "$failed" = 0 ]
