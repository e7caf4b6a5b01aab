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
echo "memory-check: $passed passed, $failed failed"
[ "$failed" = 0 ]
