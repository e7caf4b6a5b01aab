#!/usr/bin/env bash
# Makes an adopter's repository, as an app team has one: their app's own folders (a web app and an
# Android app, no Swift code, no copy of emokit), two emoticon packs at the root, a config file, and
# three workflows that use emokit from "another repository" (emokit/emokit):
#   .github/workflows/emoticons.yml  the reusable workflow, in three lines of `with:`
#   .github/workflows/custom.yml     the action in a pipeline of their own (one job, GitHub Pages,
#                                    its page cache turned off with `args: --no-cache`)
#   .github/workflows/two-sites.yml  the reusable workflow called twice in one run (two `name`s)
# Tests/Scripts/run-workflow-locally.py runs either with emokit/emokit mapped to a local checkout.
# Usage: make-adopter-repo.sh DIR [REF]   (DIR must not exist; REF: the emokit ref both pin, default main)
set -euo pipefail
EMOKIT=$(cd "$(dirname "$0")/../.." && pwd)
DIR=${1:?usage: make-adopter-repo.sh DIR [REF]}
REF=${2:-main}
if [ -e "$DIR" ]; then
  echo "make-adopter-repo: $DIR exists" >&2
  exit 1
fi
mkdir -p "$DIR"
cd "$DIR"

# The app: a web front end and an Android app.
mkdir -p web/src android/app/src/main/res/values .github/workflows
printf '{ "name": "chat-web", "private": true, "scripts": { "build": "vite build" } }\n' >web/package.json
printf 'import manifest from "../../emoticons/manifest.json";\nexport const tabs = manifest.tabs;\n' >web/src/emoticons.js
printf '<resources><string name="app_name">Chat</string></resources>\n' >android/app/src/main/res/values/strings.xml
printf '# Chat\n\nOur chat app. The emoticon keyboard is built by emokit from `Faces/` and `Animals/`.\n' >README.md

# The packs, at the root: two folders of images and an emoji tab (Emoji.plist).
cp -R "$EMOKIT/Assets/SamplePacks/faces" Faces
cp -R "$EMOKIT/Assets/SamplePacks/com.emokit.animals" Animals
cp -R "$EMOKIT/Assets/SamplePacks/emoji" Emoji
cat >emokit.json <<'JSON'
{
  "packs": ["Faces", "Emoji", "Animals"],
  "out": "build/emoticons",
  "widths": [375, 414],
  "scales": [2, 3]
}
JSON

# The whole publishing workflow: the reusable one, pinned to an emokit ref.
cat >.github/workflows/emoticons.yml <<YAML
name: emoticons
on:
  push:
    branches: [main]
  pull_request:
jobs:
  emoticons:
    uses: emokit/emokit/.github/workflows/publish.yml@$REF
    permissions:
      contents: read
      pages: write
      id-token: write
    with:
      config: emokit.json
      shards: 3
      pages: \${{ github.ref == 'refs/heads/main' && github.event_name == 'push' }}
YAML

# Two sites from one run: each call names its artifacts. (GitHub checks the called workflow's
# deploy job's permissions even when it is skipped: the workflow grants them.)
cat >.github/workflows/two-sites.yml <<YAML
name: two sites
on:
  push:
    branches: [main]
permissions:
  contents: read
  pages: write
  id-token: write
jobs:
  faces:
    uses: emokit/emokit/.github/workflows/publish.yml@$REF
    with:
      packs: Faces
      shards: 2
      name: faces
  animals:
    uses: emokit/emokit/.github/workflows/publish.yml@$REF
    with:
      packs: Animals Emoji
      shards: 2
      name: animals
YAML

# A pipeline of their own: the action, then their own steps.
sed "s|@EMOKIT_REF|@$REF|" >.github/workflows/custom.yml <<'YAML'
name: emoticons (custom)
on:
  push:
    branches: [main]
jobs:
  site:
    runs-on: ubuntu-latest
    permissions:
      contents: read
      pages: write
      id-token: write
    concurrency:
      group: pages
      cancel-in-progress: false
    steps:
      - uses: actions/checkout@v4
      - id: emokit
        uses: emokit/emokit@EMOKIT_REF
        with:
          config: emokit.json
          args: --strict --no-cache
      - name: What emokit wrote
        env:
          OUT: ${{ steps.emokit.outputs.out }}
          SUMMARY: ${{ steps.emokit.outputs.summary }}
        run: |
          test -f "$SUMMARY"
          test "$OUT" = "$GITHUB_WORKSPACE/build/emoticons"
          python3 -c 'import json, sys; s = json.load(open(sys.argv[1])); assert s["ok"], s' "$SUMMARY"
      - uses: actions/upload-pages-artifact@v3
        with:
          path: ${{ steps.emokit.outputs.out }}
      - uses: actions/deploy-pages@v4
YAML
echo "make-adopter-repo: $DIR"
