#!/usr/bin/env bash
# Faults a generate run must survive (Documentation/Reliability.md), against the real binary:
#   1. SIGKILL at many moments (fixed delays, and at watched milestones: staging created, sheets
#      written, manifests written, SHA256SUMS written = just before the swap): the previous output
#      stays byte-identical (or, on a first run, no output appears); the next run succeeds and
#      leaves no staging folder, old folder or lock file.
#   2. SIGINT and SIGTERM: exit 130 / 143 within a second, staging removed, previous output intact.
#   3. Two runs on one --out: the second fails at once naming the first's pid; with --wait it waits.
#   4. A full disk (a 2 MB tmpfs; needs root, else said and skipped) and a read-only output
#      parent: a clear error, previous output intact, nothing left.
#   5. --archive: SIGKILL as the ready archive appears; the next run (even a failing one) leaves
#      the archive holding exactly the output in place.
#   6. --archive: SIGKILL after the swap, while the previous output is being removed: the archive
#      already holds the output in place (no run needed to mend it).
# Usage: Tests/Scripts/fault-check.sh [path/to/emokit]
set -uo pipefail
cd "$(dirname "$0")/../.."
EMOKIT=${1:-.build/release/emokit}
PACKS=Assets/SamplePacks
WORK=$(mktemp -d "${TMPDIR:-/tmp}/emokit-faults.XXXXXX")
trap 'umount "$WORK/disk" 2>/dev/null; umount "$WORK/ro" 2>/dev/null; rm -rf "$WORK"' EXIT
ARGS=(--widths 320,375 --no-preview -q)
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
tree_hash() { [ -d "$1" ] || { echo none; return; }; (cd "$1" && find . -type f -print0 | sort -z | xargs -0 sha256sum | sha256sum | cut -c1-64); }
leftovers() { ls -A "$(dirname "$1")" | grep -F ".$(basename "$1").emokit-" || true; }
now_ms() { date +%s%3N; }

# 1. SIGKILL at many moments.
out="$WORK/kill/out"
mkdir -p "$WORK/kill"
kills=0
kill_run() {  # $1: delay in seconds, or a milestone path glob inside staging
  local before; before=$(tree_hash "$out")
  "$EMOKIT" generate "$PACKS" --out "$out" "${ARGS[@]}" >/dev/null 2>&1 &
  local pid=$!
  local staging="$WORK/kill/.out.emokit-staging-$pid"
  if [[ "$1" == @* ]]; then
    local milestone=${1#@}
    for _ in $(seq 1 3000); do
      compgen -G "$staging/$milestone" >/dev/null && break
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.01
    done
  else
    sleep "$1"
  fi
  kill -KILL "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  kills=$((kills + 1))
  local after; after=$(tree_hash "$out")
  # Killed before the swap: the previous output; killed after it: a complete new one (the same
  # inputs give byte-identical output, so both hashes are the previous one) or, on a first run,
  # nothing or the complete output.
  if [ "$before" != none ] && [ "$after" != "$before" ]; then fail "SIGKILL at $1: output changed ($before -> $after)"; fi
  if [ "$before" = none ] && [ "$after" != none ] && [ "$after" != "$reference" ]; then fail "SIGKILL at $1 (first run): partial output"; fi
  if ! "$EMOKIT" generate "$PACKS" --out "$out" "${ARGS[@]}" >/dev/null 2>"$WORK/err"; then fail "run after SIGKILL at $1 failed: $(cat "$WORK/err")"; fi
  [ "$(tree_hash "$out")" = "$reference" ] || fail "run after SIGKILL at $1: output differs from the reference"
  [ -z "$(leftovers "$out")" ] || fail "after SIGKILL at $1 and a new run, left: $(leftovers "$out")"
}
"$EMOKIT" generate "$PACKS" --out "$WORK/reference" "${ARGS[@]}" || { echo "FAIL: reference run"; exit 1; }
reference=$(tree_hash "$WORK/reference")
# First runs (no previous output), killed early and late.
for point in 0.05 @.emokit-output @SHA256SUMS; do rm -rf "$out"; kill_run "$point"; done
# Runs replacing a previous output.
for point in 0.05 0.3 1 2.5 @.emokit-output "@sheets/*/*/*.png" "@manifests/*.json" @SHA256SUMS; do
  kill_run "$point"
done
echo "SIGKILL: $kills kill points, previous output intact each time, next run clean"

# 2. SIGINT / SIGTERM.
for sig in INT TERM; do
  # A run that ended before the signal reached it, or finished its output as it arrived (exit 0,
  # the new output in place: on a loaded machine this loop can be held back past the run's last
  # step), says nothing about signals: it is run again, up to five times.
  for attempt in 1 2 3 4 5; do
    "$EMOKIT" generate "$PACKS" --out "$out" "${ARGS[@]}" >/dev/null 2>&1 &
    pid=$!
    for _ in $(seq 1 3000); do compgen -G "$WORK/kill/.out.emokit-staging-$pid/sheets/*/*/*.png" >/dev/null && break; sleep 0.01; done
    sent=$(now_ms)
    status=0
    if kill -"$sig" "$pid" 2>/dev/null; then
      wait "$pid" || status=$?
      took=$(( $(now_ms) - sent ))
      [ "$status" = 0 ] || break
    else
      wait "$pid" || status=$?
    fi
    echo "SIG$sig: the run ended before the signal reached it (exit $status, attempt $attempt)"
    [ "$attempt" != 5 ] || { fail "SIG$sig: five runs ended before the signal reached them"; continue 2; }
  done
  expected=$([ $sig = INT ] && echo 130 || echo 143)
  [ "$status" = "$expected" ] || fail "SIG$sig: exit $status, expected $expected"
  [ "$took" -lt 1000 ] || fail "SIG$sig: took ${took} ms to stop"
  [ -z "$(leftovers "$out")" ] || fail "SIG$sig left: $(leftovers "$out")"
  [ "$(tree_hash "$out")" = "$reference" ] || fail "SIG$sig: previous output changed"
  echo "SIG$sig: exit $status after ${took} ms, staging removed, previous output intact"
done

# 3. Two runs at once.
"$EMOKIT" generate "$PACKS" --out "$out" "${ARGS[@]}" >/dev/null 2>&1 &
first=$!
for _ in $(seq 1 3000); do [ -e "$WORK/kill/.out.emokit-lock" ] && break; sleep 0.01; done
sent=$(now_ms)
"$EMOKIT" generate "$PACKS" --out "$out" "${ARGS[@]}" >/dev/null 2>"$WORK/err"; status=$?
took=$(( $(now_ms) - sent ))
grep -q "another emokit run (pid $first) is writing this output" "$WORK/err" || fail "second run: $(cat "$WORK/err")"
[ "$status" != 0 ] || fail "second run succeeded while the first held the lock"
"$EMOKIT" generate "$PACKS" --out "$out" "${ARGS[@]}" --wait >/dev/null 2>"$WORK/err" || fail "--wait run failed: $(cat "$WORK/err")"
wait "$first" || fail "first run failed"
[ "$(tree_hash "$out")" = "$reference" ] || fail "after two runs: output differs"
[ -z "$(leftovers "$out")" ] || fail "after two runs, left: $(leftovers "$out")"
echo "Lock: second run refused after ${took} ms naming pid $first; --wait waited and succeeded"

# 4. Full disk and read-only parent (mounts need root).
if [ "$(id -u)" = 0 ] && mkdir -p "$WORK/disk" && mount -t tmpfs -o size=2m tmpfs "$WORK/disk" 2>/dev/null; then
  "$EMOKIT" generate "$PACKS" --out "$WORK/disk/out" --widths 320 --scales 2 --no-preview -q || fail "small output on tmpfs"
  small=$(tree_hash "$WORK/disk/out")
  "$EMOKIT" generate "$PACKS" --out "$WORK/disk/out" --widths 320,375,390,414,428 --scales 2,3 -q 2>"$WORK/err"; status=$?
  [ "$status" = 3 ] || fail "full disk: exit $status, expected 3"
  grep -q "No space left on device" "$WORK/err" || fail "full disk message: $(cat "$WORK/err")"
  [ "$(tree_hash "$WORK/disk/out")" = "$small" ] || fail "full disk: previous output changed"
  [ -z "$(leftovers "$WORK/disk/out")" ] || fail "full disk left: $(leftovers "$WORK/disk/out")"
  echo "Full disk: $(head -n 1 "$WORK/err")"
  # Read-only parent: the same tmpfs remounted read-only.
  mount -o remount,ro "$WORK/disk" || fail "remount ro"
  "$EMOKIT" generate "$PACKS" --out "$WORK/disk/out" --widths 320 --scales 2 --no-preview -q 2>"$WORK/err"; status=$?
  [ "$status" = 3 ] || fail "read-only parent: exit $status, expected 3"
  grep -q "Read-only file system" "$WORK/err" || fail "read-only message: $(cat "$WORK/err")"
  [ "$(tree_hash "$WORK/disk/out")" = "$small" ] || fail "read-only parent: previous output changed"
  echo "Read-only parent: $(head -n 1 "$WORK/err")"
  umount "$WORK/disk"
else
  echo "Full disk and read-only mount: skipped (needs root to mount a tmpfs)"
  mkdir -p "$WORK/ro"
  "$EMOKIT" generate "$PACKS" --out "$WORK/ro/out" "${ARGS[@]}" || fail "output for the read-only check"
  chmod 555 "$WORK/ro"
  "$EMOKIT" generate "$PACKS" --out "$WORK/ro/out" "${ARGS[@]}" 2>"$WORK/err"; status=$?
  chmod 755 "$WORK/ro"
  [ "$status" = 3 ] || fail "read-only parent: exit $status, expected 3"
  [ "$(tree_hash "$WORK/ro/out")" = "$reference" ] || fail "read-only parent: previous output changed"
  echo "Read-only parent: $(head -n 1 "$WORK/err")"
fi

# 5. --archive: the output and its archive change together. SIGKILL the moment the ready archive
#    appears (just before the swap, or between the swap and the archive's rename, or just after);
#    the next run with that --archive, even one that then fails on a broken pack, leaves the
#    archive holding exactly the output in place, and nothing beside it.
arch="$WORK/arch"
mkdir -p "$arch" "$WORK/broken"
printf 'not a plist' >"$WORK/broken/info.plist"
"$EMOKIT" generate "$PACKS" --out "$arch/out" --archive "$arch/out.tar.gz" --widths 320 --no-preview -q || fail "archive reference run"
for attempt in 1 2 3 4 5 6; do
  widths=$([ $((attempt % 2)) = 1 ] && echo 320,375 || echo 320)
  "$EMOKIT" generate "$PACKS" --out "$arch/out" --archive "$arch/out.tar.gz" --widths "$widths" --no-preview -q >/dev/null 2>&1 &
  pid=$!
  for _ in $(seq 1 6000); do
    compgen -G "$arch/.out.tar.gz.emokit-ready-*" >/dev/null && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.002
  done
  kill -KILL "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  "$EMOKIT" generate "$WORK/broken" --out "$arch/out" --archive "$arch/out.tar.gz" -q >/dev/null 2>&1 && fail "archive: a broken pack was accepted"
  rm -rf "$arch/x" && mkdir "$arch/x" && tar -xzf "$arch/out.tar.gz" -C "$arch/x"
  [ "$(tree_hash "$arch/x")" = "$(tree_hash "$arch/out")" ] || fail "archive, SIGKILL $attempt: the archive does not hold the output in place"
  [ -z "$(ls -A "$arch" | grep -F '.out.tar.gz.emokit-' || true)" ] || fail "archive, SIGKILL $attempt: left $(ls -A "$arch")"
done
echo "Archive: 6 SIGKILLs as the ready archive appeared; each time the next run left the archive holding the output in place"

# 6. SIGKILL while the previous output is removed (after the swap): the archive must already be
#    the new output's. The previous output is padded with 10,000 files so that removing it takes
#    a while; the kill goes the moment SHA256SUMS in place changes, and counts only when the
#    previous output was still being removed (its staging name still there).
big="$WORK/big"
mkdir -p "$big"
caught=0
for attempt in 1 2 3 4; do
  [ "$caught" -lt 2 ] || break
  rm -rf "$big/out" "$big/out.tar.gz"
  "$EMOKIT" generate "$PACKS" --out "$big/out" --archive "$big/out.tar.gz" --widths 320 --no-preview -q || fail "big reference run"
  mkdir "$big/out/padding" && (cd "$big/out/padding" && seq 1 10000 | xargs touch)
  cp "$big/out/SHA256SUMS" "$big/sums-before"
  "$EMOKIT" generate "$PACKS" --out "$big/out" --archive "$big/out.tar.gz" --widths 320,375 --no-preview -q >/dev/null 2>&1 &
  pid=$!
  for _ in $(seq 1 20000); do
    cmp -s "$big/out/SHA256SUMS" "$big/sums-before" || break
    kill -0 "$pid" 2>/dev/null || break
  done
  kill -KILL "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  [ -d "$big/.out.emokit-staging-$pid" ] || continue  # the kill came too late: try again
  caught=$((caught + 1))
  rm -rf "$big/x" && mkdir "$big/x" && tar -xzf "$big/out.tar.gz" -C "$big/x"
  [ "$(tree_hash "$big/x")" = "$(tree_hash "$big/out")" ] || fail "archive, SIGKILL while removing the previous output ($attempt): the archive is not the output's"
done
[ "$caught" -gt 0 ] || fail "archive: never killed while the previous output was being removed"
echo "Archive: $caught SIGKILLs while the previous output was being removed; the archive already held the output in place"

if [ "$failures" != 0 ]; then echo "fault-check: $failures failure(s)"; exit 1; fi
echo "fault-check: all faults survived"
