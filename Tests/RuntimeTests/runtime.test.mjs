// The web runtime's pure parts on Debian's node, with no browser and no emokit build: the tokenizer
// and deleteBackward on the shared token spec (Tests/TokenSpec/segments.json, which the Swift
// library passes too), the keyboard's geometry against the generator's golden manifests (every
// button's frame at every scale, to the last bit), and Recent's rule. The runtime's code is put
// together from Templates/ as emokit does (PreviewSiteBuilder.runtimeCode), with the spec's
// keyboard as its data. Run: node --test Tests/RuntimeTests/
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const read = (p) => readFileSync(path.join(ROOT, p), "utf8");
const spec = JSON.parse(read("Tests/TokenSpec/segments.json"));
const FILES = ["emoticons.js", "keyboard-layout.js", "keyboard.js", "keyboard-paging.js", "keyboard-popups.js", "keyboard-input.js", "keyboard-recent.js", "keyboard-theme.js", "keyboard-element.js"];

// The runtime with `data` in place of its data marker, evaluated as the classic script's body.
function runtime(data) {
  let code = FILES.map((f) => read("Templates/" + f)).join("\n");
  for (const marker of ["/*EMOKIT_DATA*/null", "/*EMOKIT_LABELS*/null", '/*EMOKIT_STYLE*/""']) {
    assert.ok(code.includes(marker), `the runtime's code lost its marker ${marker}`);
  }
  code = code.replace("/*EMOKIT_DATA*/null", () => JSON.stringify(data)).replace("/*EMOKIT_LABELS*/null", "{ en: {} }")
    .replace('/*EMOKIT_STYLE*/""', '""');
  // eslint-disable-next-line no-new-func
  return new Function("SCRIPT_URL", code + "\nreturn { Emokit, keyboardGeometry, keyboardRecent };")("file:///site/web/emoticons.js");
}

const specData = {
  version: "test", lang: "en", scales: [1], sheets: [], colors: {}, layout: {},
  tabs: spec.keyboard.map((tab) => ({ id: tab.id, title: tab.id, kind: "image", displayOnly: tab.displayOnly,
    entries: tab.entries.map((e) => ({ text: e.chs, cht: e.cht, name: e.image, class: null, sprite: null })) })),
};
const { Emokit } = runtime(specData);

test("tokenize and deleteBackward follow every vector of the token spec", () => {
  assert.ok(spec.vectors.length >= 30);
  for (const vector of spec.vectors) {
    const segments = Emokit.tokenize(vector.input).map((s) => (s.kind === "emoticon" ? { kind: s.kind, text: s.text, tab: s.tab } : { kind: s.kind, text: s.text }));
    assert.deepEqual(segments, vector.segments, vector.name);
    assert.equal(Emokit.tokenize(vector.input).map((s) => s.text).join(""), vector.input, vector.name);
    const expected = vector.deleteBackward;
    const caret = expected.caret ?? expected.text.length;
    const got = vector.caret === undefined ? Emokit.deleteBackward(vector.input) : Emokit.deleteBackward(vector.input, vector.caret);
    assert.deepEqual(got, { text: expected.text, caret }, vector.name);
  }
});

test("segment indexes are UTF-16 offsets into the input", () => {
  for (const vector of spec.vectors) {
    for (const s of Emokit.tokenize(vector.input)) assert.equal(vector.input.slice(s.index, s.index + s.text.length), s.text, vector.name);
  }
});

test("deleteBackward clamps the caret and removes nothing at the start", () => {
  assert.deepEqual(Emokit.deleteBackward("ab", 0), { text: "ab", caret: 0 });
  assert.deepEqual(Emokit.deleteBackward("ab", 99), { text: "a", caret: 1 });
  assert.deepEqual(Emokit.deleteBackward("a[哈哈]b", 5), { text: "ab", caret: 1 });
});

// The layout data the runtime gets (WebRuntimeData.Layout) from a manifest.
function layoutOf(m) {
  const g = m.grid, i = g.insets || {};
  return { columns: g.columns, rows: g.rows, perPage: g.emoticonsPerPage, rowHeight: g.cellHeight, iconSize: g.iconSize,
    insets: [i.top || 0, i.left || 0, i.bottom || 0, i.right || 0], columnSpacing: g.columnSpacing || 0, rowSpacing: g.rowSpacing || 0,
    snapToPixels: g.snapToPixels === true };
}

for (const golden of ["375.json", "weibo-375.json", "weibo-414.json", "any-width-375.json"]) {
  test(`the keyboard's geometry gives every frame of the golden manifest ${golden}`, () => {
    const m = JSON.parse(read("Tests/PipelineTests/Golden/" + golden));
    const { keyboardGeometry } = runtime(specData);
    let checked = 0;
    for (const scale of m.scales) {
      const geometry = keyboardGeometry(layoutOf(m), scale);
      for (const tab of m.tabs) for (const page of tab.pages) for (const button of page.buttons) {
        const expected = (button.frames && button.frames[String(scale)]) || button.frame;
        assert.deepEqual(geometry.cellFrame(button.index, m.screenWidth), expected, `${tab.id} page ${page.index} button ${button.index} @${scale}x`);
        checked++;
      }
    }
    assert.ok(checked > 20);
  });
}

test("search finds a sticker, which has no text, by its emojis and name", () => {
  const data = structuredClone(specData);
  data.tabs[0].entries.push(
    { text: "", name: "Cuppy smiling", class: null, sprite: null, sends: "image", image: "../images/a.webp", keywords: ["☕", "🙂"] },
    { text: "", name: "Cuppy laughing", class: null, sprite: null, sends: "image", image: "../images/b.webp", keywords: ["😂"] });
  const { Emokit: E } = runtime(data);
  assert.deepEqual(E.search("🙂").map((r) => r.entry.name), ["Cuppy smiling"]);
  assert.deepEqual(E.search("cuppy").map((r) => r.entry.name), ["Cuppy smiling", "Cuppy laughing"]);
  // A sticker's empty text is never a token of a message.
  assert.deepEqual(E.tokenize("a").map((s) => s.kind), ["text"]);
});

test("search finds an image entry by its keywords beside its name and text", () => {
  const data = structuredClone(specData);
  data.tabs[0].entries[1].keywords = ["laugh", "happy face"];
  const { Emokit: E } = runtime(data);
  assert.deepEqual(E.search("laugh").map((r) => r.entry.text), ["[哈哈]"]);
  assert.deepEqual(E.search("face").map((r) => r.entry.text), ["[哈哈]"]);
  assert.deepEqual(E.search("[哈哈]").map((r) => r.entry.text), ["[哈哈]"]);
});

// localStorage as a page has it, for Recent.
const storage = new Map();
globalThis.localStorage = {
  getItem: (k) => (storage.has(k) ? storage.get(k) : null),
  setItem: (k, v) => storage.set(k, String(v)),
  removeItem: (k) => storage.delete(k),
};

// A tab of stickers as the web runtime's data has them: no text, a name, the picture's path.
const sha = (c) => c.repeat(64);
const stickerData = (entries) => ({ ...specData, tabs: [{ id: "cuppy", title: "Cuppy", kind: "image", entries }] });
const sticker = (name, c) => ({ text: "", name, class: null, sprite: null, sends: "image", image: `../images/${sha(c)}.webp` });

test("Recent keeps two stickers of one name apart, by their pictures, through a rebuild that prepends one", () => {
  storage.clear();
  const { keyboardRecent } = runtime(stickerData([sticker("Cuppy", "a"), sticker("Cuppy", "b")]));
  const recent = keyboardRecent("emokit-recent:test", (found) => found.variant || found.entry);
  const tab = { id: "cuppy" };
  const found = (entries, i) => ({ tab, index: i, entry: entries[i] });
  const entries = [sticker("Cuppy", "a"), sticker("Cuppy", "b")];
  recent.remember(found(entries, 0));
  recent.remember(found(entries, 1));
  assert.equal(storage.get("emokit-recent:test"),
    JSON.stringify([{ image: sha("b"), tab: "cuppy", text: "Cuppy" }, { image: sha("a"), tab: "cuppy", text: "Cuppy" }]));
  assert.deepEqual(recent.found().map((f) => f.entry.image), ["../images/" + sha("b") + ".webp", "../images/" + sha("a") + ".webp"]);
  // The next build put a new sticker of the same name first: each item still finds its own.
  const rebuilt = runtime(stickerData([sticker("Cuppy", "c"), sticker("Cuppy", "a"), sticker("Cuppy", "b")]));
  const after = rebuilt.keyboardRecent("emokit-recent:test", (f) => f.variant || f.entry).found();
  assert.deepEqual(after.map((f) => [f.index, f.entry.image]), [[2, "../images/" + sha("b") + ".webp"], [1, "../images/" + sha("a") + ".webp"]]);
  // A sticker gone from the build is dropped, never replaced by another of its name.
  const gone = runtime(stickerData([sticker("Cuppy", "a")])).keyboardRecent("emokit-recent:test", (f) => f.entry).found();
  assert.deepEqual(gone.map((f) => f.entry.image), ["../images/" + sha("a") + ".webp"]);
});

test("Recent still loads a sticker stored by name alone, and replaces that item once it is used", () => {
  storage.clear();
  storage.set("emokit-recent:test", JSON.stringify([{ tab: "cuppy", text: "Cuppy lol" }, { tab: "spec", text: "[哈哈]" }]));
  const entries = [sticker("Cuppy smile", "a"), sticker("Cuppy lol", "b")];
  const { keyboardRecent } = runtime(stickerData(entries));
  const recent = keyboardRecent("emokit-recent:test", (f) => f.entry);
  assert.deepEqual(recent.found().map((f) => f.index), [1]);
  recent.remember({ tab: { id: "cuppy" }, index: 1, entry: entries[1] });
  // The old item gave way; another keyboard's item is kept.
  assert.deepEqual(JSON.parse(storage.get("emokit-recent:test")), [{ image: sha("b"), tab: "cuppy", text: "Cuppy lol" }, { tab: "spec", text: "[哈哈]" }]);
  // A text entry is stored as before: {tab, text}.
  storage.clear();
  const texts = runtime(specData).keyboardRecent("emokit-recent:test", (f) => f.entry);
  const tab = specData.tabs[0];
  texts.remember({ tab, index: 0, entry: tab.entries[0] });
  assert.deepEqual(JSON.parse(storage.get("emokit-recent:test")), [{ tab: tab.id, text: tab.entries[0].text }]);
});

test("Recent shows a sticker a rebuild renamed once, and its next use leaves one item", () => {
  storage.clear();
  // Stored by two builds: the sticker under its old name, then again under its new one.
  storage.set("emokit-recent:test", JSON.stringify([{ image: sha("a"), tab: "cuppy", text: "Cuppy" }, { image: sha("a"), tab: "cuppy", text: "Cuppy old" }]));
  const entries = [sticker("Cuppy new", "b"), sticker("Cuppy", "a")];
  const recent = runtime(stickerData(entries)).keyboardRecent("emokit-recent:test", (f) => f.entry);
  assert.deepEqual(recent.found().map((f) => f.index), [1]);
  storage.set("emokit-recent:test", JSON.stringify([{ image: sha("a"), tab: "cuppy", text: "Cuppy old" }]));
  assert.deepEqual(recent.found().map((f) => f.index), [1]);
  recent.remember({ tab: { id: "cuppy" }, index: 1, entry: entries[1] });
  assert.equal(storage.get("emokit-recent:test"), JSON.stringify([{ image: sha("a"), tab: "cuppy", text: "Cuppy" }]));
});

test("Recent shows two stickers sharing one picture file once, the one of the item's name", () => {
  storage.clear();
  const entries = [sticker("Cuppy smile", "a"), sticker("Cuppy lol", "a")];
  const recent = runtime(stickerData(entries)).keyboardRecent("emokit-recent:test", (f) => f.entry);
  recent.remember({ tab: { id: "cuppy" }, index: 1, entry: entries[1] });
  assert.deepEqual(recent.found().map((f) => f.index), [1]);
  recent.remember({ tab: { id: "cuppy" }, index: 0, entry: entries[0] });
  assert.equal(storage.get("emokit-recent:test"), JSON.stringify([{ image: sha("a"), tab: "cuppy", text: "Cuppy smile" }]));
  assert.deepEqual(recent.found().map((f) => f.index), [0]);
  // An older item by name and the item by picture find one key: it shows once.
  storage.set("emokit-recent:test", JSON.stringify([{ image: sha("a"), tab: "cuppy", text: "Gone" }, { tab: "cuppy", text: "Cuppy smile" }]));
  assert.deepEqual(recent.found().map((f) => f.index), [0]);
});

test("Recent reads \"image\": null as an item by text, and drops a malformed item alone", () => {
  storage.clear();
  const tab = specData.tabs[0];
  storage.set("emokit-recent:test", JSON.stringify([
    { image: null, tab: tab.id, text: tab.entries[0].text }, { image: 5, tab: tab.id, text: tab.entries[1].text }, "junk", null,
    { tab: 1, text: "x" }, { tab: tab.id, text: tab.entries[1].text },
  ]));
  const recent = runtime(specData).keyboardRecent("emokit-recent:test", (f) => f.entry);
  assert.deepEqual(recent.found().map((f) => f.index), [0, 1]);
  recent.remember({ tab, index: 1, entry: tab.entries[1] });
  assert.equal(storage.get("emokit-recent:test"), JSON.stringify([{ tab: tab.id, text: tab.entries[1].text }, { tab: tab.id, text: tab.entries[0].text }]));
});

test("Recent keeps an item by name alone that finds another sticker of that name when one is used", () => {
  storage.clear();
  storage.set("emokit-recent:test", JSON.stringify([{ tab: "cuppy", text: "Cuppy" }]));
  const entries = [sticker("Cuppy", "a"), sticker("Cuppy", "b")];
  const recent = runtime(stickerData(entries)).keyboardRecent("emokit-recent:test", (f) => f.entry);
  assert.deepEqual(recent.found().map((f) => f.index), [0]);
  recent.remember({ tab: { id: "cuppy" }, index: 1, entry: entries[1] });
  assert.equal(storage.get("emokit-recent:test"), JSON.stringify([{ image: sha("b"), tab: "cuppy", text: "Cuppy" }, { tab: "cuppy", text: "Cuppy" }]));
  assert.deepEqual(recent.found().map((f) => f.index), [1, 0]);
  // Using the sticker the old item finds replaces it.
  recent.remember({ tab: { id: "cuppy" }, index: 0, entry: entries[0] });
  assert.equal(storage.get("emokit-recent:test"), JSON.stringify([{ image: sha("a"), tab: "cuppy", text: "Cuppy" }, { image: sha("b"), tab: "cuppy", text: "Cuppy" }]));
});
