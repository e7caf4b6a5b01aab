#!/usr/bin/env bash
# `--android` end to end, with Android's own tools (Debian's aapt, aapt2, android-framework-res,
# kotlin and the JDK; see .ci/install):
#  1. generate --android on the samples and on real packs (Pidgin's theme and KDE's emoticons
#     when Debian's pidgin-data / libkf5emoticons-data are installed, and the Psi fixture);
#  2. the resources: `aapt2 compile` + `aapt2 link` and `aapt package` against framework-res.apk,
#     and every page's drawable, the manifest and the values are in the R.java they make;
#  3. the Kotlin runtime exactly as emokit wrote it (android/kotlin/emokit, without the view glue,
#     which needs the Android SDK) compiled with the JVM tests in one kotlinc run and run in one
#     JVM: the token spec, Unicode's GraphemeBreakTest, and frames equal to the Swift library's at
#     every default width (fixtures in Tests/AndroidRuntime/Fixtures, recorded by AndroidOutputTests).
# Usage: bash Tests/Scripts/android-check.sh path/to/emokit
set -euo pipefail
cd "$(dirname "$0")/../.."
EMOKIT=${1:-.build/release/emokit}
FRAMEWORK=/usr/share/android-framework-res/framework-res.apk
for tool in aapt aapt2 kotlinc java; do
  command -v "$tool" >/dev/null || { echo "error: $tool is missing: run bash .ci/install" >&2; exit 2; }
done
[ -f "$FRAMEWORK" ] || { echo "error: $FRAMEWORK is missing: run bash .ci/install (android-framework-res)" >&2; exit 2; }
WORK=$(mktemp -d "${TMPDIR:-/tmp}/emokit-android.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

# 1. Outputs: the samples; real packs (tab ids with dots, dashes, capitals and clashes).
"$EMOKIT" generate Assets/SamplePacks --out "$WORK/samples" --android --no-cache -q
real=(Tests/EmoticonPacksTests/Fixtures/Psi/default Tests/EmoticonPacksTests/Fixtures/Pidgin/emotes/default)
for pack in /usr/share/pixmaps/pidgin/emotes/default /usr/share/emoticons/Konqi; do
  if [ -d "$pack" ]; then real+=("$pack"); else echo "note: $pack is not installed; the real-pack run uses the fixtures only"; fi
done
# (--lenient: the real themes have entries whose files are missing; their warnings are in the log.)
"$EMOKIT" generate "${real[@]}" --out "$WORK/real" --android --android-densities mdpi,hdpi,xxxhdpi --lenient --no-cache -q 2>"$WORK/real.log" ||
  { cat "$WORK/real.log" >&2; exit 1; }

# A WhatsApp sticker pack: its pictures become raw resources (emk_image_<sha256>.webp).
"$EMOKIT" generate Tests/EmoticonPacksTests/Fixtures/WhatsApp/assets --out "$WORK/stickers" --android --no-cache -q

# 2. Both resource compilers accept them as they are.
cat >"$WORK/AndroidManifest.xml" <<'XML'
<?xml version="1.0" encoding="utf-8"?>
<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.chat" />
XML
for out in samples real stickers; do
  res="$WORK/$out/android/res"
  aapt2 compile --no-crunch --dir "$res" -o "$WORK/$out.flat.zip"
  mkdir -p "$WORK/$out.gen2" "$WORK/$out.gen1"
  aapt2 link -I "$FRAMEWORK" --manifest "$WORK/AndroidManifest.xml" -o "$WORK/$out.aapt2.apk" --java "$WORK/$out.gen2" "$WORK/$out.flat.zip"
  aapt package --no-crunch -f -M "$WORK/AndroidManifest.xml" -S "$res" -I "$FRAMEWORK" -F "$WORK/$out.aapt.apk" -J "$WORK/$out.gen1"
  for gen in "$WORK/$out.gen2" "$WORK/$out.gen1"; do
    r=$(find "$gen" -name R.java)
    for name in $(python3 -c 'import json,sys; m=json.load(open(sys.argv[1])); [print(p["drawable"]) for t in m["tabs"] for p in t["pages"]]; [print(b["image"]) for t in m["tabs"] for p in t["pages"] for b in p["buttons"] if "image" in b]' "$res/raw/emokit_manifest.json") \
      emokit_manifest emokit_background emokit_keyboard_height emokit_columns; do
      grep -q "int $name=" "$r" || { echo "error: $out: R.java from $(basename "$gen") has no $name" >&2; exit 1; }
    done
  done
  echo "android check: $out: aapt2 link and aapt package accept res/ ($(find "$res" -name '*.png' | wc -l) sheets)"
done

# 3. The Kotlin runtime as written, with its JVM tests: one compile, one JVM.
runtime="$WORK/samples/android/kotlin/emokit"
cmp "$runtime/EmokitKeyboard.kt" Templates/android/EmokitKeyboard.kt
kotlinc "$runtime/EmokitKeyboard.kt" "$runtime/EmokitText.kt" "$runtime/EmokitUnicode.kt" "$runtime/EmokitJson.kt" Tests/AndroidRuntime/EmokitRuntimeTest.kt \
  -include-runtime -d "$WORK/runtime-tests.jar" 2>&1 | grep -v "^OpenJDK 64-Bit Server VM warning" || true
[ -f "$WORK/runtime-tests.jar" ] || { echo "error: kotlinc could not compile the Kotlin runtime" >&2; exit 1; }
java -cp "$WORK/runtime-tests.jar" emokit.EmokitRuntimeTestKt Tests/TokenSpec/segments.json \
  /usr/share/unicode/auxiliary/GraphemeBreakTest.txt Tests/AndroidRuntime/Fixtures "$WORK/stickers/android/res/raw/emokit_manifest.json"
