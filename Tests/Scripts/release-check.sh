#!/usr/bin/env bash
# Checks a release archive from .ci/release on this machine (needs root: mount namespaces, chroot):
#   1. its .sha256 holds, and `ldd` lists only the C library (libc, libm, the loader): no Swift
#      runtime, Foundation, libpng, giflib, zlib or C++ runtime;
#   2. "the machine with the toolchain's libraries hidden": in a private mount namespace, the Swift
#      toolchain's lib folder is an empty tmpfs and libpng's, giflib's and zlib's shared libraries
#      are /dev/null (an ordinary build of emokit must fail to start there: the proof they are
#      hidden); the release binary renders the sample packs;
#   3. a root of its own: a chroot holding the binary, the few libraries `ldd` lists (the C
#      library's) and nothing else of the machine but /usr/share (fonts and Unicode data, no code),
#      /dev and /proc; the release binary renders the sample packs there too;
#   4. both output trees (and their --archive) are byte-identical (sha256 of every file) to the REFERENCE emokit's
#      (`swift run emokit`, i.e. .build/debug/emokit, or any ordinary build).
# Usage: release-check.sh OUTDIR/emokit-<version>-linux-<arch>.tar.gz REFERENCE_EMOKIT
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
TARBALL=$(realpath "${1:?usage: release-check.sh TARBALL REFERENCE_EMOKIT}")
REFERENCE=$(realpath "${2:?usage: release-check.sh TARBALL REFERENCE_EMOKIT}")
WORK=$(mktemp -d "${TMPDIR:-/tmp}/emokit-release-check.XXXXXX")
trap 'umount -R "$WORK/root" 2>/dev/null || true; rm -rf "$WORK"' EXIT
fail() {
  echo "release-check: FAIL: $*" >&2
  exit 1
}

(cd "$(dirname "$TARBALL")" && sha256sum --strict --quiet -c "$(basename "$TARBALL").sha256") || fail "the .sha256 does not match"
tar -xzf "$TARBALL" -C "$WORK"
NAME=$(basename "$TARBALL" .tar.gz)
BIN=$WORK/$NAME/emokit
[ -x "$BIN" ] || fail "no $NAME/emokit in the archive"
echo "release-check: $(du -k "$BIN" | cut -f1) KB binary, $(du -k "$TARBALL" | cut -f1) KB archive; ldd:"
ldd "$BIN" | tee "$WORK/ldd"
if grep -vE "linux-vdso|linux-gate|/ld-linux|libc\.so|libm\.so" "$WORK/ldd"; then
  fail "the binary needs the libraries above (only the C library's are allowed)"
fi

cp -R "$ROOT/Assets/SamplePacks" "$WORK/packs"
"$REFERENCE" generate "$WORK/packs" --out "$WORK/reference" --archive "$WORK/reference.tar.gz" --no-cache --quiet

# 2. This machine, its toolchain's libraries and libpng, giflib and zlib hidden.
TOOLCHAIN_LIB=$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")/lib
unshare --mount --propagation private bash -euo pipefail -c '
  mount -t tmpfs none "$1"
  for library in /usr/lib/*/libpng16.so* /usr/lib/*/libgif.so* /usr/lib/*/libdeflate.so* /usr/lib/*/libz.so* /lib/*/libz.so*; do
    if [ -f "$library" ] && [ ! -L "$library" ]; then mount --bind /dev/null "$library"; fi
  done
  if "$2" --version >/dev/null 2>&1; then echo "release-check: FAIL: an ordinary build still starts: the libraries are not hidden" >&2; exit 1; fi
  echo "release-check: hidden: $1 and libpng, giflib, libdeflate, zlib (an ordinary emokit no longer starts)"
  "$3" generate "$4/packs" --out "$4/hidden" --archive "$4/hidden.tar.gz" --no-cache --quiet
' hide "$TOOLCHAIN_LIB" "$REFERENCE" "$BIN" "$WORK"

# 3. A root holding only the binary, the libraries ldd lists, and data.
R=$WORK/root
mkdir -p "$R/usr/share" "$R/dev" "$R/proc" "$R/tmp" "$R/work"
install -m 0755 "$BIN" "$R/emokit"
for library in $(awk '/=> \// { print $3 } /^[ \t]*\// { print $1 }' "$WORK/ldd"); do
  mkdir -p "$R$(dirname "$library")"
  cp -L "$library" "$R$library"
done
cp -R "$WORK/packs" "$R/work/packs"
echo "release-check: the chroot holds: $(cd "$R" && find . -type f ! -path './work/*' | sort | tr '\n' ' ')"
unshare --mount --propagation private bash -euo pipefail -c '
  mount --bind -o ro /usr/share "$1/usr/share"
  mount --rbind /dev "$1/dev"
  mount -t proc proc "$1/proc"
  chroot "$1" /emokit generate /work/packs --out /work/chroot --archive /work/chroot.tar.gz --no-cache --quiet
' chroot "$R"
mv "$R/work/chroot" "$R/work/chroot.tar.gz" "$WORK/"

# 4. Byte for byte.
sums() { (cd "$1" && find . -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum); }
sums "$WORK/reference" >"$WORK/reference.sums"
for run in hidden chroot; do
  sums "$WORK/$run" >"$WORK/$run.sums"
  diff -u "$WORK/reference.sums" "$WORK/$run.sums" || fail "the $run run's output differs from the reference build's"
  # The archive too: the zlib linked in is the system's (same version, same bytes).
  cmp "$WORK/reference.tar.gz" "$WORK/$run.tar.gz" || fail "the $run run's --archive differs from the reference build's"
done
echo "release-check: OK: $(wc -l <"$WORK/reference.sums") files and the archive byte-identical to $REFERENCE (toolchain hidden, and in a chroot with only $(grep -c '/' "$WORK/ldd") libraries), tree sha256 $(sha256sum <"$WORK/reference.sums" | cut -c1-16)"
