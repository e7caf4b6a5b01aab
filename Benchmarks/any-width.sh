# Issue 35's targets ("Keyboards for any width"), sourced by Benchmarks/run.sh: any-width sheets
# (the default) against `--sheets per-width` with the same binary, and the table of every target
# the run measured (value, target, PASS/FAIL), printed at its end.
# Uses run.sh's EMOKIT, CORPUS, DELETE, OUT, RUNS, HERE and its `one` and `median`.

DEFAULT_WIDTHS=375,390,393,402,414,420,428,430,440
IPAD_WIDTHS=744,768,810,820,834,1024,1032
# The one width today's per-width sheets are counted at: the narrowest default width, whose
# sheets are the smallest (so the bytes target is at its strictest).
ONE_WIDTH=375
TARGETS=$OUT/targets.txt
: >"$TARGETS"

# target NAME MEASURED VALUE LIMIT: one row of the targets table; PASS when VALUE <= LIMIT.
target() {
  local verdict
  verdict=$(awk -v v="$3" -v l="$4" 'BEGIN {print (v + 0 <= l + 0) ? "PASS" : "FAIL"}')
  printf '| %s | %s | **%s** | at most %s | %s |\n' "$1" "$2" "$3" "$4" "$verdict" >>"$TARGETS"
}
print_targets() {
  echo "| target | measured | value | target | |"
  echo "|---|---|---|---|---|"
  cat "$TARGETS"
  if grep -q '| FAIL |$' "$TARGETS"; then echo "targets: $(grep -c '| FAIL |$' "$TARGETS") FAILED"; else echo "targets: all PASS"; fi
}
# sheet_bytes DIR SCALE: the bytes of DIR's page sheets at that scale.
sheet_bytes() {
  find "$1/sheets" -name "page-*@$2x.png" -printf '%s\n' | awk '{s+=$1} END {print s+0}'
}
# cpu_ratio ROUNDS: "a s / b s: r", the median CPU times of the two runs of each round (fields 4
# and 8) and the median of the rounds' CPU ratios: on a loaded machine CPU time moves far less
# than wall time.
cpu_ratio() {
  echo "$(awk '{print $4}' "$1" | median) s / $(awk '{print $8}' "$1" | median) s: $(awk '{printf "%.3f\n", $4/$8}' "$1" | median)"
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.3f", a/b}'; }
mb() { awk -v b="$1" 'BEGIN {printf "%.2f MB", b/1e6}'; }

# bytes LABEL PACK... [options]: what an app ships at one scale for the nine default widths and
# the iPad's (any-width: one set of page sheets, whatever the widths) against ONE width's
# per-width page sheets, and what per-width sheets cost for all sixteen widths today.
aw_bytes() {
  local label=$1 s a p all
  shift
  "$EMOKIT" generate "$@" --out "$OUT/bytes-aw" --widths "$DEFAULT_WIDTHS,$IPAD_WIDTHS" --scales 2,3 --no-cache -q
  "$EMOKIT" generate "$@" --out "$OUT/bytes-pw" --widths "$ONE_WIDTH" --scales 2,3 --sheets per-width --no-cache -q
  if [ "$label" = samples ]; then
    "$EMOKIT" generate "$@" --out "$OUT/bytes-pw-all" --widths "$DEFAULT_WIDTHS,$IPAD_WIDTHS" --scales 2,3 --sheets per-width --no-cache -q
  fi
  for s in 3 2; do
    a=$(sheet_bytes "$OUT/bytes-aw" $s)
    p=$(sheet_bytes "$OUT/bytes-pw" $s)
    all=""
    if [ "$label" = samples ]; then all="; per-width for all 16: $(mb "$(sheet_bytes "$OUT/bytes-pw-all" $s)")"; fi
    echo "Bytes an app ships @${s}x, $label, 16 widths: any-width $(mb "$a") ($(find "$OUT/bytes-aw/sheets" -name "page-*@${s}x.png" | wc -l) sheets), one width's ($ONE_WIDTH) per-width sheets $(mb "$p")$all"
    target "bytes @${s}x, $label: any-width (16 widths) / per-width at $ONE_WIDTH" "$a / $p" "$(ratio "$a" "$p")" 1.1
  done
}

# The default run (every default width, both scales) on the corpus, any-width against
# --sheets per-width in alternation; then the sprite identity of the last round's two outputs.
aw_default() {
  local round a p aw pw r am pm
  : >"$OUT/aw-default.txt"
  for round in $(seq 1 "$RUNS"); do
    if [ $((round % 2)) = 1 ]; then
      a=$(one "$OUT/aw-default" "$EMOKIT" generate "$CORPUS" --out "$OUT/aw-default" --delete-icon "$DELETE" --no-cache -q)
      p=$(one "$OUT/pw-default" "$EMOKIT" generate "$CORPUS" --out "$OUT/pw-default" --delete-icon "$DELETE" --no-cache -q --sheets per-width)
    else
      p=$(one "$OUT/pw-default" "$EMOKIT" generate "$CORPUS" --out "$OUT/pw-default" --delete-icon "$DELETE" --no-cache -q --sheets per-width)
      a=$(one "$OUT/aw-default" "$EMOKIT" generate "$CORPUS" --out "$OUT/aw-default" --delete-icon "$DELETE" --no-cache -q)
    fi
    echo "$a $p" >>"$OUT/aw-default.txt"
  done
  aw=$(awk '{print $1}' "$OUT/aw-default.txt" | median); pw=$(awk '{print $5}' "$OUT/aw-default.txt" | median)
  am=$(awk '{printf "%.1f\n", $2/1024}' "$OUT/aw-default.txt" | median); pm=$(awk '{printf "%.1f\n", $6/1024}' "$OUT/aw-default.txt" | median)
  r=$(awk '{printf "%.3f\n", $1/$5}' "$OUT/aw-default.txt" | median)
  echo "Default run on the corpus (9 widths x 2 scales): any-width $aw s, $(awk '{print $4}' "$OUT/aw-default.txt" | median) s CPU, peak $am MiB, $(find "$OUT/aw-default/sheets" -name 'page-*.png' | wc -l) sheets, $(mb "$(awk 'NR==1 {print $3}' "$OUT/aw-default.txt")"); --sheets per-width $pw s, $(awk '{print $8}' "$OUT/aw-default.txt" | median) s CPU, peak $pm MiB, $(find "$OUT/pw-default/sheets" -name 'page-*.png' | wc -l) sheets, $(mb "$(awk 'NR==1 {print $7}' "$OUT/aw-default.txt")")"
  target "default run on the corpus, wall: any-width / per-width" "$aw s / $pw s (CPU $(cpu_ratio "$OUT/aw-default.txt"))" "$r" 0.2
  aw_identity corpus "$OUT/aw-default" "$OUT/pw-default"
}

# aw_identity LABEL ANY_WIDTH_OUTPUT PER_WIDTH_OUTPUT: Tests/Scripts/sprite-identity.py; the
# target is no difference.
aw_identity() {
  local line differences
  line=$(python3 "$HERE/Tests/Scripts/sprite-identity.py" "$2" "$3" 2>"$OUT/identity.txt") || true
  cat "$OUT/identity.txt" >&2
  if [ -n "$line" ]; then
    differences=0
  else
    line=$(tail -n 1 "$OUT/identity.txt")
    differences=$(echo "$line" | sed -n 's/.*FAILED, \([0-9]*\) differences.*/\1/p')
    differences=${differences:-1}
  fi
  echo "Sprite identity, $1: ${line#sprite identity: }"
  target "sprite identity, $1: differences" "$(echo "$line" | sed -n 's/.* \([0-9]*\) sprites compared.*/\1 sprites/p')" "$differences" 0
}

# The emoji keyboard at every default width, any-width against --sheets per-width (and against
# BASELINE, an older binary, when given): wall, CPU and peak memory. The same rounds run both
# modes with --skin-tones none too, which prints what the skin-tone sheets (drawn once in both
# modes) cost and what they could cost at most for the wall ratio to be 0.2.
aw_emoji() {
  local round e p b en pn ew pw em line
  : >"$OUT/emoji.txt"
  : >"$OUT/emoji-none.txt"
  for round in $(seq 1 "$RUNS"); do
    if [ $((round % 2)) = 1 ]; then
      e=$(one "$OUT/emoji" "$EMOKIT" generate --emoji-keyboard --out "$OUT/emoji" --no-cache -q)
      p=$(one "$OUT/emoji-pw" "$EMOKIT" generate --emoji-keyboard --out "$OUT/emoji-pw" --no-cache -q --sheets per-width)
      en=$(one "$OUT/emoji-none" "$EMOKIT" generate --emoji-keyboard --out "$OUT/emoji-none" --no-cache -q --skin-tones none)
      pn=$(one "$OUT/emoji-none-pw" "$EMOKIT" generate --emoji-keyboard --out "$OUT/emoji-none-pw" --no-cache -q --skin-tones none --sheets per-width)
    else
      pn=$(one "$OUT/emoji-none-pw" "$EMOKIT" generate --emoji-keyboard --out "$OUT/emoji-none-pw" --no-cache -q --skin-tones none --sheets per-width)
      en=$(one "$OUT/emoji-none" "$EMOKIT" generate --emoji-keyboard --out "$OUT/emoji-none" --no-cache -q --skin-tones none)
      p=$(one "$OUT/emoji-pw" "$EMOKIT" generate --emoji-keyboard --out "$OUT/emoji-pw" --no-cache -q --sheets per-width)
      e=$(one "$OUT/emoji" "$EMOKIT" generate --emoji-keyboard --out "$OUT/emoji" --no-cache -q)
    fi
    b=$([ -n "${BASELINE:-}" ] && one "$OUT/emoji-base" "$BASELINE" generate --emoji-keyboard --out "$OUT/emoji-base" --no-cache -q || echo "0 0 0 0")
    echo "$e $p $b" >>"$OUT/emoji.txt"
    echo "$en $pn" >>"$OUT/emoji-none.txt"
  done
  ew=$(awk '{print $1}' "$OUT/emoji.txt" | median); pw=$(awk '{print $5}' "$OUT/emoji.txt" | median)
  em=$(awk '{printf "%.1f\n", $2/1024}' "$OUT/emoji.txt" | median)
  line="Emoji keyboard, every default width: any-width ($(find "$OUT/emoji" -name '*.png' | wc -l) sheets) $ew s wall, $(awk '{print $4}' "$OUT/emoji.txt" | median) s CPU, peak **$em MiB**; --sheets per-width ($(find "$OUT/emoji-pw" -name '*.png' | wc -l) sheets) $pw s, $(awk '{print $8}' "$OUT/emoji.txt" | median) s CPU, peak $(awk '{printf "%.1f\n", $6/1024}' "$OUT/emoji.txt" | median) MiB"
  if [ -n "${BASELINE:-}" ]; then
    line="$line; BASELINE ($("$BASELINE" --version | head -n1)) $(awk '{print $9}' "$OUT/emoji.txt" | median) s, peak $(awk '{printf "%.1f\n", $10/1024}' "$OUT/emoji.txt" | median) MiB: per-width wall **$(awk '{printf "%.3f\n", $5/$9}' "$OUT/emoji.txt" | median)** of the baseline's"
  fi
  echo "$line"
  # Without skin tones: A any-width, P per-width (medians). The skin-tone sheets add Va to the
  # any-width run and Vp to the per-width one (whose sheets hold more variants each, byte for byte
  # as before); (A + Va) / (P + Vp) is at most 0.2 only while Va <= 0.2 (P + Vp) - A.
  local an pn2
  an=$(awk '{print $1}' "$OUT/emoji-none.txt" | median); pn2=$(awk '{print $5}' "$OUT/emoji-none.txt" | median)
  echo "Without skin-tone sheets (--skin-tones none): any-width $an s, per-width $pn2 s wall, ratio **$(awk '{printf "%.3f\n", $1/$5}' "$OUT/emoji-none.txt" | median)**; the skin-tone sheets (drawn once in both modes) add $(awk -v e="$ew" -v a="$an" 'BEGIN {printf "%.2f", e - a}') s to the any-width run and $(awk -v p="$pw" -v q="$pn2" 'BEGIN {printf "%.2f", p - q}') s to the per-width one; for a ratio of 0.2 they could add at most **$(awk -v p="$pw" -v a="$an" 'BEGIN {x = 0.2 * p - a; printf "%.2f", x < 0 ? 0 : x}') s** to the any-width run"
  target "emoji keyboard, wall: any-width / per-width" "$ew s / $pw s (CPU $(cpu_ratio "$OUT/emoji.txt"))" "$(awk '{printf "%.3f\n", $1/$5}' "$OUT/emoji.txt" | median)" 0.2
  target "emoji keyboard (any-width), peak memory MiB" "$em MiB" "$em" 64
}
