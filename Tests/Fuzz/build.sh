#!/usr/bin/env bash
# Builds the libFuzzer targets (swiftc -sanitize=fuzzer,address) into .build/fuzz/:
#   fuzz-plist       plist bytes -> pack (EmoticonPacks, FileAccess, EmokitText)
#   fuzz-png         PNG bytes -> RGBA8 through the libpng shim (Imaging, CLibPNG)
#   fuzz-emoji-font  font bytes -> glyphs (EmojiGlyphs, Imaging)
# The modules' sources are compiled into one fuzzing module each (their `import`s of each
# other dropped), the C shims with clang's -fsanitize=fuzzer-no-link,address.
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=.build/fuzz
mkdir -p "$OUT/src" "$OUT/include/CLibPNG" "$OUT/include/CGifLib"
cp Sources/CLibPNG/include/emk_png.h "$OUT/include/CLibPNG/"
cp Sources/CGifLib/include/emk_gif.h "$OUT/include/CGifLib/"
printf 'module CLibPNG {\n  header "emk_png.h"\n  link "png"\n  link "z"\n  export *\n}\n' > "$OUT/include/CLibPNG/module.modulemap"
printf 'module CGifLib {\n  header "emk_gif.h"\n  link "gif"\n  export *\n}\n' > "$OUT/include/CGifLib/module.modulemap"
CFLAGS=(-O1 -g -fsanitize=fuzzer-no-link,address)
clang "${CFLAGS[@]}" -I Sources/CLibPNG/include -I Sources/CLibPNG -c Sources/CLibPNG/emk_png.c -o "$OUT/emk_png.o"
clang "${CFLAGS[@]}" -I Sources/CGifLib/include -I Sources/CGifLib -c Sources/CGifLib/emk_gif.c -o "$OUT/emk_gif.o"

# Copies a module's sources without the imports of the other merged modules.
merge() {
  local target=$1; shift
  rm -rf "$OUT/src/$target"; mkdir -p "$OUT/src/$target"
  for module in "$@"; do
    for file in Sources/"$module"/*.swift; do
      sed -E '/^(@testable )?import (FileAccess|EmokitText|Checksum|Imaging|EmoticonPacks|EmojiGlyphs)$/d' "$file" > "$OUT/src/$target/$module-$(basename "$file")"
    done
  done
}
SWIFTFLAGS=(-sanitize=fuzzer,address -parse-as-library -O -g -I "$OUT/include/CLibPNG" -I "$OUT/include/CGifLib" -Xcc -I"$OUT/include/CLibPNG")

merge plist FileAccess EmokitText EmoticonPacks
swiftc "${SWIFTFLAGS[@]}" -module-name FuzzPlist "$OUT"/src/plist/*.swift Tests/Fuzz/FuzzPlist.swift -o "$OUT/fuzz-plist"

merge png FileAccess Checksum Imaging
swiftc "${SWIFTFLAGS[@]}" -module-name FuzzPNG "$OUT"/src/png/*.swift Tests/Fuzz/FuzzPNG.swift "$OUT/emk_png.o" "$OUT/emk_gif.o" -lpng -lz -lgif -o "$OUT/fuzz-png"

merge font FileAccess Checksum Imaging EmojiGlyphs
swiftc "${SWIFTFLAGS[@]}" -module-name FuzzFont "$OUT"/src/font/*.swift Tests/Fuzz/FuzzEmojiFont.swift "$OUT/emk_png.o" "$OUT/emk_gif.o" -lpng -lz -lgif -o "$OUT/fuzz-emoji-font"
echo "built: $OUT/fuzz-plist $OUT/fuzz-png $OUT/fuzz-emoji-font"
