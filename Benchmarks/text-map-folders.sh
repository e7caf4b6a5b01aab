#!/usr/bin/env bash
# Time of `validate` on a text-to-image map of N pairs beside F empty subfolders, for each N
# given (default 20000 60000, F 100): choosing the image folder must take time linear in the
# pack's size (it once asked every folder for every name both ways: two minutes at 20,000 pairs
# and 100 subfolders).
#
#   Benchmarks/text-map-folders.sh [EMOKIT] [N...]
set -euo pipefail
HERE=$(cd "$(dirname "$0")/.." && pwd)
EMOKIT=${1:-$HERE/.build/release/emokit}
shift || true
COUNTS=("$@")
[ ${#COUNTS[@]} -gt 0 ] || COUNTS=(20000 60000)
FOLDERS=${FOLDERS:-100}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

for count in "${COUNTS[@]}"; do
  pack=$WORK/map-$count
  mkdir -p "$pack"
  for ((i = 0; i < FOLDERS; i++)); do mkdir "$pack/empty-$i"; done
  cp "$HERE/Assets/SamplePacks/faces/f_aini.png" "$pack/1.png"
  python3 - "$pack/Faces.plist" "$count" <<'PY'
import sys
path, count = sys.argv[1], int(sys.argv[2])
with open(path, "w") as out:
    out.write('<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0"><dict>\n')
    for i in range(count):
        out.write(f"<key>[t{i}]</key><string>{i + 1}</string>\n")
    out.write("</dict></plist>\n")
PY
  /usr/bin/time -f '%e %M' -o "$WORK/time" "$EMOKIT" validate --lenient "$pack" >/dev/null 2>&1 || true
  read -r seconds kib < <(tail -n 1 "$WORK/time")
  awk -v n="$count" -v f="$FOLDERS" -v s="$seconds" -v k="$kib" \
    'BEGIN {printf "%6d pairs, %d empty subfolders: %7.2f s  %6.0f MiB peak\n", n, f, s, k / 1024}'
done
