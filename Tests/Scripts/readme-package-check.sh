#!/usr/bin/env bash
# The README's SwiftPM snippet, as written, in a fresh package: its `.package(url:)` line and its
# `.target` (the lines of the code block after `<!-- swiftpm-snippet -->` in README.md) go into a
# new app package, which must resolve and build, importing both library products.
#
# There is no network here, so the repository URL is served from a local copy: git's
# `url.<local>.insteadOf` maps https://github.com/emokit/emokit.git to a local git repository. What
# it holds follows the snippet's requirement as written, and nothing is made up for it:
# - `branch: "B"`: this checkout's files (committed or not) as branch B, what B holds once they
#   are merged;
# - `from: "X.Y.Z"` (or `exact:`): the release, which must be tagged in this repository (`X.Y.Z`
#   or `vX.Y.Z`): the tagged commit's files under that tag. No such tag fails the check: the
#   README would send apps to a version that does not exist.
# SwiftPM names the package by the URL's last component ("emokit"), which is what the snippet's
# `package: "emokit"` must match; anything else fails here exactly as it would for an app.
#   bash Tests/Scripts/readme-package-check.sh           (README=FILE checks another file's snippet)
set -euo pipefail
HERE=$(cd "$(dirname "$0")/../.." && pwd)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/emokit-readme-package.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

README=${README:-$HERE/README.md}
SNIPPET=$(awk '/<!-- swiftpm-snippet -->/ {found = 1; next} found && /^```swift/ {inside = 1; next} inside && /^```/ {exit} inside {print}' "$README")
[ -n "$SNIPPET" ] || { echo "readme-package-check: no code block after <!-- swiftpm-snippet --> in $README"; exit 1; }
URL=$(printf '%s\n' "$SNIPPET" | sed -n 's/.*\.package(url: "\([^"]*\)".*/\1/p')
BRANCH=$(printf '%s\n' "$SNIPPET" | sed -n 's/.*\.package(url: "[^"]*", branch: "\([^"]*\)").*/\1/p')
VERSION=$(printf '%s\n' "$SNIPPET" | sed -n 's/.*\.package(url: "[^"]*", \(from\|exact\): "\([^"]*\)").*/\2/p')
[ -n "$URL" ] && [ -n "$BRANCH$VERSION" ] || {
  echo "readme-package-check: $README: the snippet has no .package(url: ..., branch: ...) or .package(url: ..., from: ...) line"
  exit 1
}

mkdir -p "$WORK/emokit.git"
if [ -n "$BRANCH" ]; then
  # Tracked and untracked files, less those deleted in the checkout; a file that cannot be copied
  # fails the check.
  (cd "$HERE" && git ls-files -co --exclude-standard -z | while IFS= read -r -d '' file; do
    if [ -e "$file" ] || [ -L "$file" ]; then printf '%s\0' "$file"; fi
  done | xargs -0 -r cp -P --parents -t "$WORK/emokit.git")
  git -C "$WORK/emokit.git" init -q -b "$BRANCH"
  REQUIREMENT="branch $BRANCH"
else
  TAG=""
  for candidate in "$VERSION" "v$VERSION"; do
    if git -C "$HERE" rev-parse -q --verify "refs/tags/$candidate^{commit}" >/dev/null; then TAG=$candidate; break; fi
  done
  [ -n "$TAG" ] || {
    echo "readme-package-check: $README asks for $URL from version $VERSION, but this repository has no tag $VERSION or v$VERSION: tag that release, or write branch: \"main\" until it is tagged"
    exit 1
  }
  git -C "$HERE" archive --format=tar "$TAG" | tar -x -C "$WORK/emokit.git"
  git -C "$WORK/emokit.git" init -q
  REQUIREMENT="version $VERSION (tag $TAG)"
fi
git -C "$WORK/emokit.git" add -A
GIT_AUTHOR_DATE=2000-01-01T00:00:00Z GIT_COMMITTER_DATE=2000-01-01T00:00:00Z \
  git -C "$WORK/emokit.git" -c user.name=emokit -c user.email=emokit@localhost commit -qm "emokit"
[ -z "${TAG:-}" ] || git -C "$WORK/emokit.git" tag "$TAG"

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
echo "readme-package-check: the README's snippet resolves $URL at $REQUIREMENT as package \"$(sed -n 's/.*package: "\([^"]*\)".*/\1/p' <<<"$SNIPPET" | head -1)\" and builds"
