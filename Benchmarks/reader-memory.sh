#!/usr/bin/env bash
# Peak memory (and time) of `validate` and `generate` on inputs at the readers' caps, each
# built here: a 60 MB GIF of one comment extension (GIFs may be 64 MB), a 9.9 MB info.plist of
# empty <dict/> entries (plists may be 10 MB), and 9.5 MB of attribute-heavy elements in a KDE
# map. Each should cost about what a small pack does, not a multiple of the file.
#
#   Benchmarks/reader-memory.sh [EMOKIT]
set -euo pipefail
HERE=$(cd "$(dirname "$0")/.." && pwd)
EMOKIT=${1:-$HERE/.build/release/emokit}
IMAGE=$HERE/Assets/SamplePacks/faces/f_aini.png
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

measure() { # measure LABEL COMMAND...
  local label=$1
  shift
  /usr/bin/time -f '%e %M' -o "$WORK/time" "$@" >/dev/null 2>"$WORK/stderr" || true
  read -r seconds kib < <(tail -n 1 "$WORK/time")
  tail -n 1 "$WORK/stderr" | cut -c1-150 >&2
  awk -v l="$label" -v s="$seconds" -v k="$kib" 'BEGIN {printf "%-34s %7.2f s  %6.0f MiB peak\n", l, s, k / 1024}'
}

python3 - "$WORK" "$IMAGE" <<'PY'
import os, shutil, struct, sys
work, image = sys.argv[1], sys.argv[2]
def pack(name):
    folder = os.path.join(work, name)
    os.makedirs(folder)
    shutil.copy(image, os.path.join(folder, "a.png"))
    return folder
# A tiny pack: the baseline.
with open(os.path.join(pack("small"), "info.plist"), "w") as out:
    out.write('<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><array><dict><key>chs</key><string>[a]</string>'
              '<key>png</key><string>a.png</string><key>type</key><string>0</string></dict></array></plist>')
# A 60 MB GIF: a 1x1 frame after one comment extension.
folder = pack("gif")
gif = bytearray(b"GIF89a" + struct.pack("<HH", 1, 1) + bytes([0x80, 0, 0]) + bytes([0, 0, 0, 255, 255, 255]))
gif += bytes([0x21, 0xFE]) + (bytes([255]) + b"c" * 255) * (60 * 1024 * 1024 // 256) + bytes([0])
gif += bytes([0x2C]) + struct.pack("<HHHH", 0, 0, 1, 1) + bytes([0, 2, 2, 0x44, 0x01, 0, 0x3B])
open(os.path.join(folder, "a.gif"), "wb").write(gif)
with open(os.path.join(folder, "info.plist"), "w") as out:
    out.write('<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><array><dict><key>chs</key><string>[a]</string>'
              '<key>png</key><string>a.png</string><key>gif</key><string>a.gif</string><key>type</key><string>0</string></dict></array></plist>')
# 9.9 MB of <dict/>.
with open(os.path.join(pack("dicts"), "info.plist"), "w") as out:
    out.write('<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><array>')
    out.write("<dict/>" * ((9_900_000 - 100) // 7))
    out.write("</array></plist>")
# 9.5 MB of attribute-heavy elements in a KDE map.
folder = pack("kde")
shutil.copy(image, os.path.join(folder, "smile.png"))
with open(os.path.join(folder, "emoticons.xml"), "w") as out:
    out.write('<messaging-emoticon-map>\n<emoticon file="smile"><string>:)</string></emoticon>\n')
    line = '<x a="" b="" c="" d="" e="" f="" g="" h="" i="" j=""/>\n'
    out.write(line * (9_500_000 // len(line)))
    out.write("</messaging-emoticon-map>\n")
PY
for input in small gif dicts kde; do
  measure "validate $input" "$EMOKIT" validate "$WORK/$input"
done
measure "generate gif" "$EMOKIT" generate "$WORK/gif" --out "$WORK/out" --no-cache --widths 375
measure "generate gif --archive" "$EMOKIT" generate "$WORK/gif" --out "$WORK/out2" --no-cache --widths 375 --archive "$WORK/out2.tar.gz"
