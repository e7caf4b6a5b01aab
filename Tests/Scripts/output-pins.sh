#!/usr/bin/env bash
# Pins what emokit writes and says, byte for byte, for the runs a refactor must not change:
# the samples (both layouts, any-width and per-width sheets), the emoji keyboard, the asset catalog with web sprite data, the
# archive, shards and their merge, init and validate. Each case prints a sha256 of every file of
# its output tree (sorted, paths relative to the tree) and of what the command printed (with the
# run's temporary folder replaced by $WORK), into one text that is compared with
# Tests/Scripts/output-pins.txt.
#
#   output-pins.sh path/to/emokit                    compare (exit 1 and a diff on any change)
#   EMOKIT_RECORD=1 output-pins.sh path/to/emokit    write the pins anew and exit 1 (only on purpose:
#                                                    say why in the commit); the record switch of
#                                                    every golden test (TestSupport's Golden)
set -euo pipefail
EMOKIT=${1:?usage: [EMOKIT_RECORD=1] output-pins.sh path/to/emokit}
EMOKIT=$(cd "$(dirname "$EMOKIT")" && pwd)/$(basename "$EMOKIT")
HERE=$(cd "$(dirname "$0")/../.." && pwd)
# The conformance corpus beside the checkout (or EMOKIT_SHARED, as .ci/test): messages name its
# files by absolute path (they are outside the working folder), pinned as $SHARED so the pins hold
# wherever it lies.
SHARED=$(cd "${EMOKIT_SHARED:-$HERE/../shared}" && pwd)
PINS="$HERE/Tests/Scripts/output-pins.txt"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/emokit-pins.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
SAMPLES="$HERE/Assets/SamplePacks"
RESULT="$WORK/result.txt"
: >"$RESULT"

# Every file of a tree as "sha256  path", sorted bytewise.
tree_sums() { (cd "$1" && find . -type f -print0 | LC_ALL=C sort -z | xargs -0 -r sha256sum); }

# case NAME DIR COMMAND...: runs the command in $WORK (stdout and stderr kept apart, temporary
# paths replaced, --json's step timings zeroed), then records its exit status, its messages and the tree DIR.
pin() {
  local name=$1 dir=$2
  shift 2
  local status=0
  (cd "$WORK" && "$@") >"$WORK/stdout" 2>"$WORK/stderr" || status=$?
  {
    echo "== $name"
    echo "exit $status"
    echo "stdout $(sed -e "s#$WORK#\$WORK#g" -e "s#$HERE#\$HERE#g" -e "s#$SHARED#\$SHARED#g" -e 's/"seconds" : [0-9.e-]*/"seconds" : 0/' "$WORK/stdout" | sha256sum | cut -c1-64)"
    echo "stderr $(sed -e "s#$WORK#\$WORK#g" -e "s#$HERE#\$HERE#g" -e "s#$SHARED#\$SHARED#g" "$WORK/stderr" | sha256sum | cut -c1-64)"
    if [ -n "$dir" ] && [ -e "$WORK/$dir" ]; then
      if [ -d "$WORK/$dir" ]; then tree_sums "$WORK/$dir" | grep -v -E "${UNPINNED:-^$}"; else (cd "$WORK" && sha256sum "$dir"); fi
    fi
  } >>"$RESULT"
}

export NO_COLOR=1
pin samples out-samples "$EMOKIT" generate "$SAMPLES" --out out-samples --no-cache
pin samples-weibo out-weibo "$EMOKIT" generate "$SAMPLES" --out out-weibo --layout weibo --no-cache
pin samples-json out-json "$EMOKIT" generate "$SAMPLES/faces" --out out-json --widths 375 --no-cache --json
pin emoji-keyboard out-emoji "$EMOKIT" generate "$SAMPLES" --out out-emoji --emoji-keyboard --widths 375,414 --no-cache
pin xcassets-web out-xw "$EMOKIT" generate "$SAMPLES" --out out-xw --xcassets --web --no-cache
# Per-width sheets (for apps that draw a page as one image) are the sheets of before any-width
# sheets, byte for byte: the samples in both layouts, and with the asset catalog and web data.
pin samples-per-width out-pw "$EMOKIT" generate "$SAMPLES" --out out-pw --sheets per-width --no-cache
pin samples-weibo-per-width out-weibo-pw "$EMOKIT" generate "$SAMPLES" --out out-weibo-pw --layout weibo --sheets per-width --no-cache
pin xcassets-web-per-width out-xw-pw "$EMOKIT" generate "$SAMPLES" --out out-xw-pw --xcassets --web --sheets per-width --no-cache
pin archive out-ar.tar.gz "$EMOKIT" generate "$SAMPLES" --out out-ar --archive out-ar.tar.gz --no-cache --quiet
# A shard's record fingerprints the run from the settings and packs, not from where they sit:
# pinned whole, record and SHA256SUMS included.
pin shard-1 shard-1 "$EMOKIT" generate "$SAMPLES" --out shard-1 --shard 1/2 --no-cache
pin shard-2 shard-2 "$EMOKIT" generate "$SAMPLES" --out shard-2 --shard 2/2 --no-cache
pin merge merged "$EMOKIT" merge merged shard-2 shard-1 --archive merged.tar.gz
pin merge-archive merged.tar.gz true
pin cache-cold out-cache "$EMOKIT" generate "$SAMPLES" --out out-cache --cache cache --widths 375
pin cache-warm out-cache "$EMOKIT" generate "$SAMPLES" --out out-cache --cache cache --widths 375
pin validate "" "$EMOKIT" validate "$SAMPLES" --strict
pin validate-hostile "" "$EMOKIT" validate "$SHARED/conformance/plists/missing-png-key"
pin generate-hostile out-hostile "$EMOKIT" generate "$SHARED/conformance/plists/missing-png-key" --out out-hostile
mkdir -p "$WORK/plain"
cp "$SAMPLES/faces/"*.png "$WORK/plain/"
pin init plain "$EMOKIT" init plain
pin inspect "" "$EMOKIT" inspect "$SAMPLES/faces/f_haha.png"
pin usage-typo "" "$EMOKIT" generate "$SAMPLES" --widht 375
pin completions-bash "" "$EMOKIT" completions bash
pin completions-zsh "" "$EMOKIT" completions zsh
pin completions-fish "" "$EMOKIT" completions fish

if [ "${EMOKIT_RECORD:-}" = 1 ]; then
  cp "$RESULT" "$PINS"
  echo "output-pins: recorded $(grep -c '^== ' "$PINS") cases, $(grep -vc '^\(==\|exit\|stdout\|stderr\) ' "$PINS") files in Tests/Scripts/output-pins.txt; run again without EMOKIT_RECORD to compare"
  exit 1
fi
if ! diff -u "$PINS" "$RESULT" >"$WORK/diff"; then
  echo "output-pins: what emokit writes or says has changed (- pinned, + now):"
  head -n 80 "$WORK/diff"
  echo "output-pins: if the change is meant, re-record with: EMOKIT_RECORD=1 bash Tests/Scripts/output-pins.sh $1"
  exit 1
fi
echo "output-pins: $(grep -c '^== ' "$PINS") cases, $(grep -vc '^\(==\|exit\|stdout\|stderr\) ' "$PINS") files: byte-identical"
