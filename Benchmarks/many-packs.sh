#!/usr/bin/env bash
# Time and peak memory of `validate` and `generate` over a folder of N one-entry packs, for each
# N given (default 600 1800 4000): the time must grow linearly with the number of packs (3x the
# packs, about 3x the time; it once grew with the square, 42 s at 1,800 where 600 took 6 s).
#
#   Benchmarks/many-packs.sh [EMOKIT] [N...]
#
# EMOKIT defaults to the release build (`swift build -c release`). Prints one line per N and
# command: seconds (wall), peak RSS in MiB, and seconds per 1,000 packs.
set -euo pipefail
HERE=$(cd "$(dirname "$0")/.." && pwd)
EMOKIT=${1:-$HERE/.build/release/emokit}
shift || true
COUNTS=("$@")
[ ${#COUNTS[@]} -gt 0 ] || COUNTS=(600 1800 4000)
IMAGE=$HERE/Assets/SamplePacks/faces/f_aini.png
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

make_packs() { # make_packs DIR N: N packs of one entry each, an image each
  mkdir -p "$1"
  for ((i = 0; i < $2; i++)); do
    local pack
    pack=$1/$(printf 'pack-%05d' "$i")
    mkdir "$pack"
    cp "$IMAGE" "$pack/a.png"
    printf '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0"><array><dict><key>chs</key><string>[a%d]</string><key>png</key><string>a.png</string><key>type</key><string>0</string></dict></array></plist>\n' "$i" >"$pack/info.plist"
  done
}

measure() { # measure LABEL N COMMAND...: one line of figures
  local label=$1 count=$2
  shift 2
  /usr/bin/time -f '%e %M' -o "$WORK/time" "$@" >/dev/null 2>&1 || true
  read -r seconds kib < <(tail -n 1 "$WORK/time")
  awk -v l="$label" -v n="$count" -v s="$seconds" -v k="$kib" \
    'BEGIN {printf "%-9s %5d packs: %7.2f s  %6.0f MiB peak  %6.2f s per 1,000 packs\n", l, n, s, k / 1024, s * 1000 / n}'
}

for count in "${COUNTS[@]}"; do
  rm -rf "$WORK/packs" "$WORK/out"
  make_packs "$WORK/packs" "$count"
  measure validate "$count" "$EMOKIT" validate "$WORK/packs"
  measure generate "$count" "$EMOKIT" generate "$WORK/packs" --out "$WORK/out" --no-cache
done
