#!/usr/bin/env bash
# emokit next to Pillow on the peer benchmark's corpus: the same sheets, run in alternation so both
# see the same machine load, and the table of ratios that Documentation/Performance.md "The benchmark" quotes;
# and issue 35's targets: any-width sheets (the default) against --sheets per-width, same binary
# (Benchmarks/any-width.sh). Every target is printed at the end with its value and PASS/FAIL.
#
# usage: Benchmarks/run.sh [RUNS=3]
#   EMOKIT=path      the binary to time (default: builds the self-contained release binary with
#                    .ci/release, the one the GitHub Action and release archives ship, and times it)
#   BASELINE=path    an older emokit to time the emoji keyboard against (the "emoji" part; without
#                    it that part times EMOKIT alone)
#   BENCH=dir        a writable copy of the peer benchmark (default: /tmp/emokit-bench, copied from
#                    ../shared/bench and filled by its make-corpus.sh when missing)
#   CASES="..."      which parts to run (default: "bytes default pairs max all jobs rebuild emoji x10 psnr")
# Needs: python3 with Pillow (and numpy for psnr), GNU time (/usr/bin/time), fonts-noto-color-emoji;
# without EMOKIT=, what .ci/release needs (the static archives of the -dev packages: bash .ci/install).
#
# Each timed case runs RUNS times; in every round emokit and Pillow run back to back (the order
# flips every round). The table gives medians, and the wall ratio is the median of the per-round
# ratios. Peak memory is GNU time's maximum resident set size of the whole process.
# Wherever emokit is compared with Pillow (which draws per-width sheets), or with itself at one
# width and scale, it runs with --sheets per-width; the default runs (jobs at every default pair,
# rebuilds, the emoji keyboard, ten times the corpus at every pair) are any-width, as users run them.
set -euo pipefail
HERE=$(cd "$(dirname "$0")/.." && pwd)
RUNS=${1:-3}
CASES=${CASES:-"bytes default pairs max all jobs rebuild emoji x10 psnr"}
BENCH=${BENCH:-/tmp/emokit-bench}
OUT=${OUT:-/tmp/emokit-bench-out}
SHARED=${EMOKIT_SHARED:-$HERE/../shared}

if [ -z "${EMOKIT:-}" ]; then
  (cd "$HERE" && bash .ci/release "$OUT/release" >&2)
  EMOKIT=$HERE/.build/static-release/release/emokit
fi
if [ ! -f "$BENCH/corpus/full/info.plist" ]; then
  echo "making the corpus in $BENCH (once)" >&2
  rm -rf "$BENCH"; cp -r "$SHARED/bench" "$BENCH"; chmod -R u+w "$BENCH"
  (cd "$BENCH" && ./make-corpus.sh >/dev/null)
fi
CORPUS=$BENCH/corpus/full
DELETE=$BENCH/corpus/delete.png
mkdir -p "$OUT"
# shellcheck source=Benchmarks/any-width.sh
source "$HERE/Benchmarks/any-width.sh"

# one DIR command...: runs once, prints "wall_s peak_kib bytes cpu_s" (bytes of DIR's PNG sheets;
# cpu is user + system time of the whole process, which machine load changes far less than wall).
one() {
  local dir=$1; shift
  rm -rf "$dir"
  /usr/bin/time -f '%e %M %U %S' -o "$OUT/time.txt" "$@" >/dev/null 2>"$OUT/stderr.txt" || { cat "$OUT/stderr.txt" >&2; exit 1; }
  local bytes
  bytes=$(find "$dir" -name '*.png' -path '*page-*' -printf '%s\n' | awk '{s+=$1} END {print s+0}')
  awk -v b="$bytes" '{printf "%s %s %s %.2f\n", $1, $2, b, $3 + $4}' "$OUT/time.txt"
}
# one_keep DIR command...: as `one`, into an output that is kept from the run before (rebuilds).
one_keep() {
  local dir=$1; shift
  /usr/bin/time -f '%e %M %U %S' -o "$OUT/time.txt" "$@" >/dev/null 2>"$OUT/stderr.txt" || { cat "$OUT/stderr.txt" >&2; exit 1; }
  local bytes
  bytes=$(find "$dir" -name '*.png' -path '*page-*' -printf '%s\n' | awk '{s+=$1} END {print s+0}')
  awk -v b="$bytes" '{printf "%s %s %s %.2f\n", $1, $2, b, $3 + $4}' "$OUT/time.txt"
}
emokit_run() { # dir widths scales [extra...]
  local dir=$1 widths=$2 scales=$3; shift 3
  one "$dir" "$EMOKIT" generate "$CORPUS" --out "$dir" --widths "$widths" --scales "$scales" --delete-icon "$DELETE" --no-cache -q --sheets per-width "$@"
}
pillow_run() { # dir width scale
  one "$1" python3 "$BENCH/peers/pillow.py" "$CORPUS" "$1" "$2" "$3" all "$DELETE"
}
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# compare LABEL WIDTH SCALE [extra emokit args...]: alternating rounds; prints a table row.
compare() {
  local label=$1 w=$2 s=$3; shift 3
  : >"$OUT/rounds.txt"
  for round in $(seq 1 "$RUNS"); do
    if [ $((round % 2)) = 1 ]; then
      e=$(emokit_run "$OUT/emokit" "$w" "$s" "$@"); p=$(pillow_run "$OUT/pillow" "$w" "$s")
    else
      p=$(pillow_run "$OUT/pillow" "$w" "$s"); e=$(emokit_run "$OUT/emokit" "$w" "$s" "$@")
    fi
    echo "$e $p" >>"$OUT/rounds.txt"
  done
  local ew pw ratio ec pc em pm eb pb cratio
  ew=$(awk '{print $1}' "$OUT/rounds.txt" | median); pw=$(awk '{print $5}' "$OUT/rounds.txt" | median)
  ratio=$(awk '{printf "%.3f\n", $1/$5}' "$OUT/rounds.txt" | median)
  cratio=$(awk '{printf "%.3f\n", $4/$8}' "$OUT/rounds.txt" | median)
  ec=$(awk '{print $4}' "$OUT/rounds.txt" | median); pc=$(awk '{print $8}' "$OUT/rounds.txt" | median)
  em=$(awk '{printf "%.1f\n", $2/1024}' "$OUT/rounds.txt" | median); pm=$(awk '{printf "%.1f\n", $6/1024}' "$OUT/rounds.txt" | median)
  eb=$(awk 'NR==1{print $3}' "$OUT/rounds.txt"); pb=$(awk 'NR==1{print $7}' "$OUT/rounds.txt")
  printf '| %s | %.2f | %.2f | **%.3f** | %.2f | %.2f | **%.3f** | %s | %s | **%.3f** | %s | %s |\n' "$label" "$ew" "$pw" "$ratio" "$ec" "$pc" "$cratio" "$eb" "$pb" \
    "$(awk -v a="$eb" -v b="$pb" 'BEGIN {print a/b}')" "$em" "$pm"
}
# guard LABEL: the speed guard's targets against Pillow from the rounds `compare` just ran.
guard() {
  local wall cpu bytes
  wall=$(awk '{printf "%.3f\n", $1/$5}' "$OUT/rounds.txt" | median)
  cpu=$(awk '{printf "%.3f\n", $4/$8}' "$OUT/rounds.txt" | median)
  bytes=$(awk 'NR==1 {printf "%.3f", $3/$7}' "$OUT/rounds.txt")
  target "$1 --sheets per-width, wall / Pillow" "$(awk '{print $1}' "$OUT/rounds.txt" | median) s / $(awk '{print $5}' "$OUT/rounds.txt" | median) s" "$wall" 0.18
  target "$1 --sheets per-width, CPU / Pillow" "$(awk '{print $4}' "$OUT/rounds.txt" | median) s / $(awk '{print $8}' "$OUT/rounds.txt" | median) s" "$cpu" 0.35
  target "$1 --sheets per-width, bytes / Pillow" "$(awk 'NR==1 {print $3 " / " $7}' "$OUT/rounds.txt")" "$bytes" 0.95
}

echo "emokit: $("$EMOKIT" --version 2>/dev/null | head -n1); Pillow $(python3 -c 'import PIL; print(PIL.__version__)')"
echo "machine: $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')), load $(cut -d' ' -f1-3 /proc/loadavg); corpus: $(find "$CORPUS" -name '*.png' | wc -l) icons; $RUNS rounds"
if [[ " $CASES " == *" pairs "* || " $CASES " == *" max "* ]]; then
echo
echo "| case (full corpus) | emokit wall s | Pillow wall s | wall ratio | emokit cpu s | Pillow cpu s | cpu ratio | emokit bytes | Pillow bytes | bytes ratio | emokit peak MiB | Pillow peak MiB |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
fi
for c in $CASES; do
  case $c in
    pairs)
      compare "375@2x" 375 2
      guard "375@2x"
      cp "$OUT/rounds.txt" "$OUT/rounds-375.txt"
      compare "414@3x" 414 3
      guard "414@3x" ;;
    max)
      compare "375@2x --compression max" 375 2 --compression max
      compare "414@3x --compression max" 414 3 --compression max ;;
  esac
done
echo
for c in $CASES; do
  case $c in
    bytes)
      aw_bytes samples "$HERE/Assets/SamplePacks"
      aw_bytes corpus "$CORPUS" --delete-icon "$DELETE" ;;
    default) aw_default ;;
    "all")
      # Time per output megapixel: the ten default pairs against 375@2x alone.
      : >"$OUT/all.txt"
      for round in $(seq 1 "$RUNS"); do
        a=$(emokit_run "$OUT/emokit-all" 320,375,390,414,428 2,3); o=$(emokit_run "$OUT/emokit" 375 2)
        echo "$a $o" >>"$OUT/all.txt"
      done
      pages=$(find "$OUT/emokit" -name 'page-*.png' | wc -l)
      mp_all=$(awk -v p="$pages" 'BEGIN { s=0; split("320 375 390 414 428", w, " "); for (i in w) for (k=2; k<=3; k++) s += w[i]*k*200*k; print s*p/1e6 }')
      mp_one=$(awk -v p="$pages" 'BEGIN { print 375*2*200*2*p/1e6 }')
      wa=$(awk '{print $1}' "$OUT/all.txt" | median); wo=$(awk '{print $5}' "$OUT/all.txt" | median)
      ma=$(awk '{printf "%.1f\n", $2/1024}' "$OUT/all.txt" | median)
      ratio=$(awk -v a="$mp_all" -v o="$mp_one" '{printf "%.3f\n", ($1/a)/($5/o)}' "$OUT/all.txt" | median)
      echo "All ten pairs: $wa s for $mp_all output MP ($(awk -v w="$wa" -v m="$mp_all" 'BEGIN {printf "%.1f", 1000*w/m}') ms/MP), 375@2x alone: $wo s for $mp_one MP ($(awk -v w="$wo" -v m="$mp_one" 'BEGIN {printf "%.1f", 1000*w/m}') ms/MP); time per MP ten pairs / one pair: **$ratio**; peak $ma MiB" ;;
    jobs)
      # Both cores: --jobs 1 against --jobs 2 (alternating), at 375@2x and at every default pair;
      # and how busy a default run keeps the machine (CPU time / wall time).
      for pair in "375 2" "default"; do
        : >"$OUT/jobs.txt"
        for round in $(seq 1 "$RUNS"); do
          if [ "$pair" = default ]; then
            a=$(one "$OUT/j1" "$EMOKIT" generate "$CORPUS" --out "$OUT/j1" --delete-icon "$DELETE" --no-cache -q --jobs 1)
            b=$(one "$OUT/j2" "$EMOKIT" generate "$CORPUS" --out "$OUT/j2" --delete-icon "$DELETE" --no-cache -q --jobs 2)
          else
            set -- $pair
            a=$(emokit_run "$OUT/j1" "$1" "$2" --jobs 1); b=$(emokit_run "$OUT/j2" "$1" "$2" --jobs 2)
          fi
          echo "$a $b" >>"$OUT/jobs.txt"
        done
        label=$([ "$pair" = default ] && echo "every default pair (any-width)" || echo "375@2x")
        w1=$(awk '{print $1}' "$OUT/jobs.txt" | median); w2=$(awk '{print $5}' "$OUT/jobs.txt" | median)
        speedup=$(awk '{printf "%.3f\n", $1/$5}' "$OUT/jobs.txt" | median)
        busy=$(awk '{printf "%.2f\n", $8/$5}' "$OUT/jobs.txt" | median)
        echo "Cores, $label: --jobs 1 $w1 s, --jobs 2 $w2 s: **${speedup}x**; CPU/wall of --jobs 2: **$busy**"
      done ;;
    rebuild)
      # Rebuilds with the page cache, every default pair: a cold run with a new cache against one
      # with --no-cache (what the cache costs), then nothing changed, then one image changed
      # (the corpus copied as hard links, one icon replaced by another's bytes).
      R=$BENCH/corpus/rebuild
      rm -rf "$R"; cp -al "$CORPUS" "$R"
      : >"$OUT/rebuild.txt"
      for round in $(seq 1 "$RUNS"); do
        rm -rf "$OUT/cache"
        n=$(one "$OUT/rb-nocache" "$EMOKIT" generate "$R" --out "$OUT/rb-nocache" --delete-icon "$DELETE" --no-cache -q)
        c=$(one "$OUT/rb" "$EMOKIT" generate "$R" --out "$OUT/rb" --delete-icon "$DELETE" --cache "$OUT/cache" -q)
        # the same command again, into the same output: nothing changed
        w=$(one_keep "$OUT/rb" "$EMOKIT" generate "$R" --out "$OUT/rb" --delete-icon "$DELETE" --cache "$OUT/cache" -q)
        first=$(find "$R" -name '*.png' | LC_ALL=C sort | sed -n 1p); other=$(find "$R" -name '*.png' | LC_ALL=C sort | tail -n 1)
        cp --remove-destination "$other" "$first"
        o=$(one_keep "$OUT/rb" "$EMOKIT" generate "$R" --out "$OUT/rb" --delete-icon "$DELETE" --cache "$OUT/cache" -q)
        cp --remove-destination "$CORPUS/$(basename "$first")" "$first"
        echo "$n $c $w $o" >>"$OUT/rebuild.txt"
      done
      cold=$(awk '{print $1}' "$OUT/rebuild.txt" | median); cached=$(awk '{print $5}' "$OUT/rebuild.txt" | median)
      same=$(awk '{print $9}' "$OUT/rebuild.txt" | median); one_changed=$(awk '{print $13}' "$OUT/rebuild.txt" | median)
      echo "Rebuilds, every default pair ($(find "$OUT/rb" -name 'page-*.png' | wc -l) sheets): cold --no-cache $cold s, cold with a new cache $cached s (cache cost **$(awk '{printf "%.3f\n", $5/$1}' "$OUT/rebuild.txt" | median)**x); nothing changed $same s (**$(awk '{printf "%.3f\n", $9/$1}' "$OUT/rebuild.txt" | median)** of cold); one image changed $one_changed s (**$(awk '{printf "%.3f\n", $13/$1}' "$OUT/rebuild.txt" | median)** of cold)" ;;
    emoji) aw_emoji ;;
    x10)
      # Ten times the corpus (each icon listed ten times under new names, hard links): memory must not grow with pages.
      X10=$BENCH/corpus/x10
      if [ ! -f "$X10/info.plist" ]; then
        mkdir -p "$X10"
        python3 - "$CORPUS" "$X10" <<'PY'
import os, plistlib, sys
src, dst = sys.argv[1:3]
names = sorted(f for f in os.listdir(src) if f.endswith('.png'))
entries = []
for i in range(10):
    for n in names:
        new = '%d-%s' % (i, n)
        if not os.path.exists(os.path.join(dst, new)): os.link(os.path.join(src, n), os.path.join(dst, new))
        entries.append({'chs': '[%d-%s]' % (i, n[:-4]), 'png': new, 'type': '0'})
with open(os.path.join(dst, 'info.plist'), 'wb') as f: plistlib.dump(entries, f, fmt=plistlib.FMT_XML, sort_keys=True)
PY
      fi
      r=$(one "$OUT/emokit-x10" "$EMOKIT" generate "$X10" --out "$OUT/emokit-x10" --widths 375 --scales 2 --delete-icon "$DELETE" --no-cache -q --sheets per-width)
      set -- $r
      echo "10x corpus ($(find "$X10" -name '*.png' | wc -l) icons, $(find "$OUT/emokit-x10" -name 'page-*.png' | wc -l) sheets) at 375@2x, per-width: $1 s, peak $(awk -v k="$2" 'BEGIN {printf "%.1f", k/1024}') MiB"
      r=$(one "$OUT/emokit-x10" "$EMOKIT" generate "$X10" --out "$OUT/emokit-x10" --delete-icon "$DELETE" --no-cache -q)
      set -- $r
      echo "10x corpus at every default pair, any-width ($(find "$OUT/emokit-x10" -name 'page-*.png' | wc -l) sheets): $1 s, peak $(awk -v k="$2" 'BEGIN {printf "%.1f", k/1024}') MiB" ;;
    psnr)
      # Quality against Pillow at 375@2x (compare.py of the peer benchmark): PSNR and hidden colour.
      emokit_run "$OUT/emokit" 375 2 >/dev/null
      pillow_run "$OUT/pillow" 375 2 >/dev/null
      rm -rf "$OUT/flat"; mkdir -p "$OUT/flat"
      for f in "$OUT"/emokit/sheets/*/375/page-*@2x.png; do b=$(basename "$f"); ln -s "$f" "$OUT/flat/${b%@2x.png}.png"; done
      n=$(grep -c '<key>png</key>' "$CORPUS/info.plist")
      (cd "$BENCH" && python3 compare.py 375 2 "$n" "$OUT/pillow" "$OUT/flat") | tail -n 1 | sed "s|$OUT/flat|emokit|" ;;
  esac
done
echo
print_targets
echo
echo "load at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
