#!/usr/bin/env bash
# Builds the libFuzzer targets (swiftc -sanitize=fuzzer,address) into .build/fuzz/:
#   fuzz-plist       plist bytes -> pack (EmoticonPacks, PropertyLists, EmoticonPackModel, FileAccess, TextEscaping,
#                    TextMatching, Diagnostics)
#   fuzz-png         PNG bytes -> RGBA8 through the libpng shim (Imaging, CLibPNG)
#   fuzz-still       JPEG, WebP and BMP bytes -> RGBA8 (Imaging's libjpeg and libwebp shims, its BMP reader)
#   fuzz-emoji-font  font bytes -> glyphs (EmojiGlyphs, Imaging, Diagnostics)
#   fuzz-shard-record  a shard's emokit-shard.json -> the checked record merge uses
#                    (Sources/Pipeline/Shards/ShardRecord.swift compiled in, over Settings and below)
#   fuzz-cache-entry a page cache entry -> parsed and verified against its key
#                    (Sources/Pipeline/Reuse/CacheEntry.swift compiled in, over Imaging and KeyboardLayout)
# Each module is compiled once, as a module of its own (as SwiftPM does), and the three targets
# link the objects they need; the C shims (every .c file of the module) with clang's
# -fsanitize=fuzzer-no-link,address.
# A module (or C shim) is recompiled only when its sources, the flags or a module it imports
# changed (a stamp of their hashes beside its object), so a second run only relinks what changed.
set -euo pipefail
shopt -s nullglob globstar
cd "$(dirname "$0")/../.."
OUT=.build/fuzz
OBJ=$OUT/obj
mkdir -p "$OBJ" "$OUT/include/CLibPNG" "$OUT/include/CSheetWriter" "$OUT/include/CGifLib" "$OUT/include/CSystem" "$OUT/include/CChecksum" "$OUT/include/CResample" \
  "$OUT/include/CJPEG" "$OUT/include/CWebP"
cp Sources/CLibPNG/include/emk_png.h "$OUT/include/CLibPNG/"
cp Sources/CSheetWriter/include/emk_sheet.h "$OUT/include/CSheetWriter/"
cp Sources/CGifLib/include/emk_gif.h "$OUT/include/CGifLib/"
cp Sources/CSystem/include/emk_sys.h "$OUT/include/CSystem/"
cp Sources/CChecksum/include/emk_sha256.h "$OUT/include/CChecksum/"
cp Sources/CResample/include/emk_resample.h "$OUT/include/CResample/"
cp Sources/CJPEG/include/emk_jpeg.h "$OUT/include/CJPEG/"
cp Sources/CWebP/include/emk_webp.h "$OUT/include/CWebP/"
printf 'module CLibPNG {\n  header "emk_png.h"\n  link "png"\n  link "z"\n  export *\n}\n' > "$OUT/include/CLibPNG/module.modulemap"
printf 'module CSheetWriter {\n  header "emk_sheet.h"\n  link "deflate"\n  link "z"\n  export *\n}\n' > "$OUT/include/CSheetWriter/module.modulemap"
printf 'module CGifLib {\n  header "emk_gif.h"\n  link "gif"\n  export *\n}\n' > "$OUT/include/CGifLib/module.modulemap"
printf 'module CSystem {\n  header "emk_sys.h"\n  export *\n}\n' > "$OUT/include/CSystem/module.modulemap"
printf 'module CChecksum {\n  header "emk_sha256.h"\n  export *\n}\n' > "$OUT/include/CChecksum/module.modulemap"
printf 'module CResample {\n  header "emk_resample.h"\n  export *\n}\n' > "$OUT/include/CResample/module.modulemap"
printf 'module CJPEG {\n  header "emk_jpeg.h"\n  link "jpeg"\n  export *\n}\n' > "$OUT/include/CJPEG/module.modulemap"
printf 'module CWebP {\n  header "emk_webp.h"\n  link "webp"\n  link "webpdemux"\n  export *\n}\n' > "$OUT/include/CWebP/module.modulemap"
CFLAGS=(-O1 -g -fsanitize=fuzzer-no-link,address)
SWIFTFLAGS=(-package-name emokit -sanitize=fuzzer,address -O -g -I "$OBJ" -I "$OUT/include/CLibPNG" -I "$OUT/include/CSheetWriter" -I "$OUT/include/CGifLib" -I "$OUT/include/CSystem" -I "$OUT/include/CChecksum" -I "$OUT/include/CResample" -I "$OUT/include/CJPEG" -I "$OUT/include/CWebP" -Xcc -I"$OUT/include/CLibPNG")
# Links with lld when the toolchain has it: GNU gold prints hundreds of harmless warnings about
# ASan's local symbols.
LINKER=()
if command -v ld.lld >/dev/null 2>&1; then LINKER=(-use-ld=lld); fi
rm -f "$OBJ/.steps"

# Whether $1's stamp (the hash of the rest of the arguments' contents, the flags and the compiler)
# differs from the one recorded; records the new one for `done_stamp`.
stale() {
  local name=$1; shift
  new_stamp=$( (swiftc --version 2>&1; echo "${CFLAGS[*]} ${SWIFTFLAGS[*]} ${LINKER[*]}"; cat "$@") | sha256sum | cut -c1-64)
  [ "$(cat "$OBJ/$name.stamp" 2>/dev/null)" != "$new_stamp" ]
}
done_stamp() { echo "$new_stamp" > "$OBJ/$1.stamp"; }

# A C shim: every Sources/$1/*.c, compiled and joined into one object, $OBJ/$1.o.
shim() {
  local module=$1
  if stale "$module" Sources/"$module"/*.c Sources/"$module"/*.h Sources/"$module"/include/*.h || [ ! -f "$OBJ/$module.o" ]; then
    local parts=()
    for file in Sources/"$module"/*.c; do
      clang "${CFLAGS[@]}" -I "Sources/$module/include" -I "Sources/$module" -c "$file" -o "$OBJ/$module-$(basename "$file" .c).o"
      parts+=("$OBJ/$module-$(basename "$file" .c).o")
    done
    ld -r -o "$OBJ/$module.o" "${parts[@]}"
    done_stamp "$module"; echo built >>"$OBJ/.steps"
  else
    echo reused >>"$OBJ/.steps"
  fi
}

# A Swift module from Sources/$1, compiled whole-module to $OBJ/$1.o and $OBJ/$1.swiftmodule;
# the rest of the arguments are the modules it imports (their stamps are part of its own).
module() {
  local module=$1; shift
  local deps=()
  for dep in "$@"; do deps+=("$OBJ/$dep.stamp"); done
  # Every Swift file of the module, in its subfolders too (Sources/EmoticonPacks/Layouts/...),
  # or the files FILES names (BundledTemplates lives in Templates/).
  local files=()
  if [ -n "${FILES:-}" ]; then read -r -a files <<<"$FILES"; else files=(Sources/"$module"/**/*.swift); fi
  if stale "$module" "${files[@]}" "${deps[@]}" || [ ! -f "$OBJ/$module.o" ]; then
    swiftc "${SWIFTFLAGS[@]}" -parse-as-library -wmo -module-name "$module" -emit-module -emit-module-path "$OBJ/$module.swiftmodule" \
      -c "${files[@]}" -o "$OBJ/$module.o"
    done_stamp "$module"; echo built >>"$OBJ/.steps"
  else
    echo reused >>"$OBJ/.steps"
  fi
}

# A fuzzing target: Tests/Fuzz/$2.swift linked with the objects that follow. With SOURCES set
# (a file of a module that is not built here, such as Pipeline's), that file is compiled into
# the target as part of its own module: the fuzzer reaches its internal types directly.
target() {
  local name=$1 source=$2; shift 2
  local objects=() stamps=() extra=()
  [ -n "${SOURCES:-}" ] && read -r -a extra <<<"$SOURCES"
  for object in "$@"; do objects+=("$OBJ/$object.o"); stamps+=("$OBJ/$object.stamp"); done
  if stale "$name" "Tests/Fuzz/$source.swift" "${extra[@]}" "${stamps[@]}" || [ ! -x "$OUT/$name" ]; then
    swiftc "${SWIFTFLAGS[@]}" "${LINKER[@]}" -parse-as-library -module-name "$source" "Tests/Fuzz/$source.swift" "${extra[@]}" "${objects[@]}" -lpng -ldeflate -lz -lgif -ljpeg -lwebp -lwebpdemux -o "$OUT/$name"
    done_stamp "$name"; echo built >>"$OBJ/.steps"
  else
    echo reused >>"$OBJ/.steps"
  fi
}

# Runs the steps given (each a quoted command line) side by side; fails if any fails.
together() {
  local pids=() status=0
  for command in "$@"; do eval "$command" & pids+=($!); done
  for pid in "${pids[@]}"; do wait "$pid" || status=1; done
  return $status
}
# The modules the targets need, in dependency order (read from Package.swift by modules.py), each
# layer's steps at once.
NEEDS=(EmoticonPacks EmojiGlyphs Imaging KeyboardLayout EmoticonManifest Settings PreviewSite OutputTransaction RunSteps)
closure() { python3 Tests/Fuzz/modules.py closure "$@"; }
while read -r layer; do eval "together $layer"; done < <(python3 Tests/Fuzz/modules.py layers "${NEEDS[@]}")
# shellcheck disable=SC2046  # each closure is a list of module names, split on purpose
{
  together "target fuzz-plist FuzzPlist $(closure EmoticonPacks)" "target fuzz-png FuzzPNG $(closure Imaging)" \
    "target fuzz-still FuzzStillImages $(closure Imaging)"
  together "target fuzz-emoji-font FuzzEmojiFont $(closure EmojiGlyphs)" \
    "SOURCES=Sources/Pipeline/Reuse/CacheEntry.swift target fuzz-cache-entry FuzzCacheEntry $(closure Imaging EmoticonManifest KeyboardLayout)"
  SOURCES=Sources/Pipeline/Shards/ShardRecord.swift target fuzz-shard-record FuzzShardRecord \
    $(closure EmoticonManifest EmoticonPacks OutputTransaction RunSteps PreviewSite Settings)
}
echo "built: $OUT/fuzz-plist $OUT/fuzz-png $OUT/fuzz-still $OUT/fuzz-emoji-font $OUT/fuzz-shard-record $OUT/fuzz-cache-entry ($(grep -c built "$OBJ/.steps") steps run, $(grep -c reused "$OBJ/.steps") up to date)"
