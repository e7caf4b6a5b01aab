#!/usr/bin/env bash
# Runs the libFuzzer targets side by side for SECONDS seconds (default 30) from seed corpora made
# of the repository's fixtures, and prints the executions per target. Six targets share the
# machine's cores: on 2 cores, 30 s side by side gives each about 10 s of CPU. A crash fails the
# run, the input saved under .build/fuzz/crashes/ (turn each into a regression test).
#   Tests/Fuzz/run.sh [SECONDS]        (builds or updates the targets first: Tests/Fuzz/build.sh)
set -euo pipefail
shopt -s globstar
cd "$(dirname "$0")/../.."
SECONDS_EACH=${1:-30}
SHARED=${EMOKIT_SHARED:-../shared}
OUT=.build/fuzz
bash Tests/Fuzz/build.sh >/dev/null
mkdir -p "$OUT/crashes"
corpus() {  # $1: name; then files to seed it with
  local dir="$OUT/corpus/$1"; shift
  mkdir -p "$dir"
  for file in "$@"; do [ -f "$file" ] && cp "$file" "$dir/$(echo "$file" | tr '/' '_')"; done
  echo "$dir"
}
plists=$(corpus plist Assets/SamplePacks/*/*.plist Assets/SamplePacks/emoticons.plist \
  Tests/EmoticonPacksTests/Fixtures/**/Emoticons.plist Tests/EmoticonPacksTests/Fixtures/**/theme Tests/EmoticonPacksTests/Fixtures/**/*.xml \
  Tests/EmoticonPacksTests/Fixtures/TextMaps/*/*.plist \
  $(ls "$SHARED"/conformance/plists/*/*.plist | grep -v big-50mb))
stills=$(corpus still Tests/ImagingTests/Fixtures/StillFormats/*.jpg Tests/ImagingTests/Fixtures/StillFormats/*.webp \
  Tests/ImagingTests/Fixtures/StillFormats/*.bmp)
pngs=$(corpus png "$SHARED"/conformance/bad-png/*.png $(ls "$SHARED"/conformance/pngsuite/libpng-pngsuite/*.png | head -n 60) Assets/delete.png)
fonts="$OUT/corpus/font"
mkdir -p "$fonts"
if [ ! -f "$fonts/noto-subset.ttf" ]; then
  # A small real CBDT font: Noto Color Emoji cut to a handful of glyphs (a ZWJ sequence, a
  # flag, a keycap, a skin tone), so the fuzzer starts from every table the reader knows.
  font=$(ls /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf 2>/dev/null || true)
  if [ -n "$font" ]; then
    pyftsubset "$font" --text="😀❤️👩‍💻🇨🇳1️⃣👍🏽" --output-file="$fonts/noto-subset.ttf" 2>/dev/null || true
  fi
fi
# A shard record and a page cache entry of the animals sample (375 pt, @2x: the entry the cache
# target verifies against), made by emokit itself (Tests/Fuzz/Seeds/).
records=$(corpus shard-record Tests/Fuzz/Seeds/shard-record.json)
entries=$(corpus cache-entry Tests/Fuzz/Seeds/cache-entry.page)
export EMOKIT_FUZZ_PNG="$SHARED/conformance/plists/weibo-valid/d_haha.png"
export ASAN_OPTIONS=detect_leaks=0
targets=(plist png still emoji-font shard-record cache-entry)
pids=()
for target in "${targets[@]}"; do
  case $target in
    plist) seeds=$plists;; png) seeds=$pngs;; still) seeds=$stills;; emoji-font) seeds=$fonts;; shard-record) seeds=$records;; cache-entry) seeds=$entries;;
  esac
  "$OUT/fuzz-$target" -max_total_time="$SECONDS_EACH" -rss_limit_mb=2048 -timeout=10 -max_len=65536 -print_final_stats=1 \
    -artifact_prefix="$OUT/crashes/$target-" "$seeds" >"$OUT/$target.log" 2>&1 &
  pids+=($!)
done
status=0
for i in "${!targets[@]}"; do
  target=${targets[$i]}; log="$OUT/$target.log"
  if ! wait "${pids[$i]}"; then
    echo "fuzz-$target: CRASH (see $log and $OUT/crashes/)"; status=1
  fi
  execs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' || true)
  [ -n "$execs" ] || execs=$(grep -oE '#[0-9]+' "$log" | tail -n 1 | tr -d '#')
  cov=$(grep -oE 'DONE +cov: [0-9]+' "$log" | grep -oE '[0-9]+$' || true)
  echo "fuzz-$target: ${execs:-?} executions in ${SECONDS_EACH}s (coverage: ${cov:-?} edges)"
done
exit $status
