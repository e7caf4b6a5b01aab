#!/usr/bin/env bash
# The README's SwiftPM snippet, as written, in a fresh package: its `.package(url:)` line and its
# `.target` (the lines of the code block after `<!-- swiftpm-snippet -->` in README.md) go into a
# new app package, which must resolve and build, importing both library products.
#
# There is no network here, so the repository URL is served from a local copy: git's
# `url.<local>.insteadOf` maps https://github.com/emokit/emokit.git to a git repository made of
# this checkout's files (committed or not) with the version tag the snippet asks for. SwiftPM
# names the package by the URL's last component ("emokit"), which is what the snippet's
# `package: "emokit"` must match; anything else fails here exactly as it would for an app.
#   bash Tests/Scripts/readme-package-check.sh           (README=FILE checks another file's snippet)
set -euo pipefail
HERE=$(cd "$(dirname "$0")/../.." && pwd)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/emokit-readme-package.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

README=${README:-$HERE/README.md}
SNIPPET=$(awk '/<!-- swiftpm-snippet -->/ {found = 1; next} found && /^```swift/ {inside = 1; next} inside && /^```/ {exit} inside {print}' "$README")
[ -n "$SNIPPET" ] || { echo "readme-package-check: no code block after <!-- swiftpm-snippet --> in README.md"; exit 1; }
URL=$(printf '%s\n' "$SNIPPET" | sed -n 's/.*\.package(url: "\([^"]*\)".*/\1/p')
VERSION=$(printf '%s\n' "$SNIPPET" | sed -n 's/.*\.package(url: "[^"]*", from: "\([^"]*\)").*/\1/p')
[ -n "$URL" ] && [ -n "$VERSION" ] || { echo "readme-package-check: the snippet has no .package(url: ..., from: ...) line"; exit 1; }

# The repository the URL stands for: this checkout's files, tagged as the released version is
# (v0.1.0, as Documentation/Publishing.md's `uses: emokit/emokit@v0.1.0`).
mkdir -p "$WORK/emokit.git"
(cd "$HERE" && git ls-files -co --exclude-standard -z | xargs -0 cp --parents -t "$WORK/emokit.git" 2>/dev/null || true)
git -C "$WORK/emokit.git" init -q
git -C "$WORK/emokit.git" add -A
GIT_AUTHOR_DATE=2000-01-01T00:00:00Z GIT_COMMITTER_DATE=2000-01-01T00:00:00Z \
  git -C "$WORK/emokit.git" -c user.name=emokit -c user.email=emokit@localhost commit -qm "release"
git -C "$WORK/emokit.git" tag "v$VERSION"

mkdir -p "$WORK/App/Sources/App"
{
  echo "// swift-tools-version:6.0"
  echo "import PackageDescription"
  echo "let package = Package("
  echo "    name: \"App\", platforms: [.macOS(.v15), .iOS(.v15)],"
  echo "    dependencies: ["
  printf '%s\n' "$SNIPPET" | grep -E '^\s*\.package\('
  echo "    ],"
  echo "    targets: ["
  printf '%s\n' "$SNIPPET" | sed -n '/^\s*\.target(/,$p'
  echo "    ]"
  echo ")"
} >"$WORK/App/Package.swift"
cat >"$WORK/App/Sources/App/App.swift" <<'SWIFT'
import EmoticonKeyboardUI
import EmoticonManifest
import Foundation

/// What an app's code calls first: the output folder opened, every sheet checked.
public func openKeyboard(_ folder: URL) throws -> EmoticonKeyboardFiles { try EmoticonKeyboardFiles(folder: folder) }
SWIFT

export GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0="url.file://$WORK/emokit.git.insteadOf" GIT_CONFIG_VALUE_0="$URL"
# SwiftPM's cache, configuration and fingerprints of this run only: a fingerprint recorded for the
# URL must never meet another run's (or a real clone's) commit.
if ! swift build --package-path "$WORK/App" --cache-path "$WORK/swiftpm-cache" --config-path "$WORK/swiftpm-config" \
  --security-path "$WORK/swiftpm-security" >"$WORK/build.log" 2>&1; then
  echo "readme-package-check: the README's snippet does not build in a fresh package:"
  cat "$WORK/App/Package.swift"
  tail -n 30 "$WORK/build.log"
  exit 1
fi
echo "readme-package-check: the README's snippet resolves $URL from $VERSION as package \"$(sed -n 's/.*package: "\([^"]*\)".*/\1/p' <<<"$SNIPPET" | head -1)\" and builds"
