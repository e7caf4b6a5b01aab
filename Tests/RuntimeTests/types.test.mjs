// The runtime's TypeScript declarations as a consumer of the ES module sees them: emokit writes
// Templates/emoticons.d.ts as web/emoticons.d.mts beside web/emoticons.mjs (and as .d.ts beside
// the classic script), and `tsc --strict` (Debian's, /usr/bin/tsc) must accept a consumer that
// imports "./emoticons.mjs" under moduleResolution node16 and nodenext (TS7016 without the
// .d.mts), and refuse a wrong use. Debian 12's tsc is 4.8, which has no `bundler` resolution yet
// (TypeScript 5.0); it resolves a relative ".mjs" import to the ".d.mts" the same way.
import { test } from "node:test";
import assert from "node:assert/strict";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const TSC = process.env.TSC || "/usr/bin/tsc";

const consumer = `
import Emokit, { tokenize, mountKeyboard, type KeyboardOptions, type Theme } from "./emoticons.mjs";
const segments = tokenize("今天[哈哈]");
const kinds: ("text" | "emoticon" | "emoji")[] = segments.map((s) => s.kind);
const options: KeyboardOptions = { theme: "dark", styles: false, siteId: "chat.example" };
const keyboard = mountKeyboard(document.body, { onSend: () => {} }, options);
const theme: Theme = keyboard.theme;
keyboard.setTheme("auto");
const attached = keyboard.attachInput(document.createElement("textarea"), { toggle: document.createElement("button") });
attached.hide();
attached.detach();
const fragment: DocumentFragment = Emokit.render("[哈哈]", { animate: true, nonce: "abc" });
const result: { text: string; caret: number } = Emokit.deleteBackward("[哈哈]", 4);
console.log(kinds, theme, fragment, result, Emokit.version);
// A sticker: onImage and the emoticonimage event carry the entry and its picture's URL.
mountKeyboard(document.body, { onImage: (sticker) => console.log(sticker.image, sticker.entry.sends, sticker.name) });
document.body.addEventListener("emoticonimage", (event) => console.log(event.detail.tab, event.detail.entry.image));
`;

function tsc(dir, files, resolution) {
  try {
    execFileSync(TSC, ["--noEmit", "--strict", "--target", "es2020", "--module", resolution, "--moduleResolution", resolution,
      "--lib", "es2020,dom", ...[].concat(files).map((file) => path.join(dir, file))], { encoding: "utf8", cwd: dir });
    return { ok: true, out: "" };
  } catch (error) {
    return { ok: false, out: String(error.stdout || "") + String(error.stderr || "") };
  }
}

for (const resolution of ["node16", "nodenext"]) {
  test(`tsc --strict --moduleResolution ${resolution} types a consumer importing emoticons.mjs`, () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "emokit-types-"));
    try {
      writeFileSync(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));
      writeFileSync(path.join(dir, "emoticons.mjs"), "export default {};\n");
      writeFileSync(path.join(dir, "consumer.mts"), consumer);
      writeFileSync(path.join(dir, "consumer.ts"), consumer);
      writeFileSync(path.join(dir, "wrong.mts"), 'import Emokit from "./emoticons.mjs";\nconst n: number = Emokit.tokenize("x");\nEmokit.mountKeyboard(document.body, {}, { theme: "blue" });\n');
      // Without the .d.mts: TS7016 (what a team saw), so the check below is the file's doing.
      if (resolution === "node16") {
        const missing = tsc(dir, "consumer.mts", resolution);
        assert.ok(!missing.ok && /TS7016/.test(missing.out), missing.out);
      }
      copyFileSync(path.join(ROOT, "Templates", "emoticons.d.ts"), path.join(dir, "emoticons.d.mts"));
      const result = tsc(dir, ["consumer.mts", "consumer.ts"], resolution);
      assert.ok(result.ok, result.out);
      const wrong = tsc(dir, "wrong.mts", resolution);
      assert.ok(!wrong.ok && /not assignable/.test(wrong.out) && /"blue"/.test(wrong.out), wrong.out);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

test("the declarations are the runtime's: every method the mounted keyboard returns is declared", () => {
  const declarations = readFileSync(path.join(ROOT, "Templates", "emoticons.d.ts"), "utf8");
  const keyboard = readFileSync(path.join(ROOT, "Templates", "keyboard.js"), "utf8");
  const returned = keyboard.slice(keyboard.lastIndexOf("  return {"));
  const methods = [...returned.matchAll(/^ {4}(?:get )?(\w+)\(/gm)].map((m) => m[1]);
  assert.ok(methods.length >= 7, methods.join(", "));
  const mounted = declarations.slice(declarations.indexOf("export interface MountedKeyboard"));
  for (const method of methods) assert.match(mounted, new RegExp(`\\b${method}\\b`), method);
});
