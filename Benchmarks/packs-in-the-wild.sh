#!/usr/bin/env bash
# What emokit makes of every real emoticon pack on this machine: the Debian packages' themes
# (Pidgin, Psi, KDE, EiskaltDC++, Coccinella) and the packs under Tests/EmoticonPacksTests/Fixtures
# (excerpts of real packs, recorded in its README.md). One line per pack: the layout it was read
# as, what `emokit validate` concluded, and its exit code. Not a test (the tests pin what matters);
# a survey to read when a layout changes.
#   Benchmarks/packs-in-the-wild.sh [path/to/emokit]   (default: .build/release/emokit)
# Install the themes with: apt-get install pidgin-data pidgin-themes psi libkf5emoticons-data
# eiskaltdcpp-emoticons coccinella (the ones missing are listed, not surveyed).
set -uo pipefail
cd "$(dirname "$0")/.."
EMOKIT=${1:-.build/release/emokit}
packs=()
for parent in /usr/share/pixmaps/pidgin/emotes /usr/share/psi/iconsets/emoticons /usr/share/emoticons \
  /usr/share/coccinella/iconsets/emoticons; do
  if [ -d "$parent" ]; then
    for pack in "$parent"/*/; do packs+=("${pack%/}"); done
  else
    echo "missing: $parent (its Debian package is not installed)"
  fi
done
# EiskaltDC++ keeps NAME.xml beside NAME/: the pack is the folder.
if [ -d /usr/share/eiskaltdcpp/emoticons ]; then
  for map in /usr/share/eiskaltdcpp/emoticons/*.xml; do packs+=("${map%.xml}"); done
else
  echo "missing: /usr/share/eiskaltdcpp/emoticons (eiskaltdcpp-emoticons is not installed)"
fi
while IFS= read -r -d '' dir; do packs+=("$dir"); done < <(find Tests/EmoticonPacksTests/Fixtures -mindepth 1 -maxdepth 3 -type d -print0 | sort -z)
printf '%-62s | %-4s | %s\n' "pack" "exit" "layout; verdict"
for pack in "${packs[@]}"; do
  out=$("$EMOKIT" validate "$pack" 2>&1)
  status=$?
  layout=$(grep -o 'read as [^:;(]*' <<<"$out" | head -1)
  verdict=$(tail -n 1 <<<"$out" | sed 's/^emokit: //')
  [ "$status" = 0 ] || verdict="$verdict — $(grep -m1 '^error:' <<<"$out" | cut -c1-160)"
  printf '%-62s | %-4s | %s; %s\n' "${pack#/usr/share/}" "$status" "${layout:-?}" "$verdict"
done
