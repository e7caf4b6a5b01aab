"""The web runtime (`--web`: web/emoticons.js, .mjs, .d.ts, demo.html) in headless Chromium from
file://, with no server: the shared token spec, rendering sizes and baselines, the copy round trip,
the keyboard at three widths, class names that survive an inserted entry, the TypeScript
declarations and axe-core on the demo page."""
import json, pathlib, plistlib, re, shutil, subprocess, tempfile, time

import pytest
from selenium.webdriver.common.by import By

from conftest import ROOT, ARTIFACTS, emokit_binary

SPEC = json.loads((ROOT / "Tests" / "TokenSpec" / "segments.json").read_text(encoding="utf-8"))
FACES = ROOT / "Assets" / "SamplePacks" / "faces"
PICTURES = ["f_smile", "f_haha", "f_xixi", "f_aini", "f_xin", "f_qinqin", "f_haixiu"]


def spec_packs(root, extra_first=None):
    """The spec's keyboard as packs (one folder per tab, a plist of chs/cht/png), drawn with the
    sample faces' pictures; `extra_first` inserts one more entry at the start of the first tab."""
    for tab_index, tab in enumerate(SPEC["keyboard"]):
        folder = root / tab["id"]
        folder.mkdir(parents=True)
        entries = list(tab["entries"])
        if extra_first and tab_index == 0:
            entries.insert(0, extra_first)
        items = []
        for index, entry in enumerate(entries):
            picture = PICTURES[index % len(PICTURES)]
            for suffix in ("", "@2x", "@3x"):
                shutil.copy(FACES / f"{picture}{suffix}.png", folder / f"{entry['image']}{suffix}.png")
            item = {"chs": entry["chs"], "png": entry["image"] + ".png", "type": "0"}
            if "cht" in entry:
                item["cht"] = entry["cht"]
            items.append(item)
        (folder / "info.plist").write_bytes(plistlib.dumps(items))
    return [root / tab["id"] for tab in SPEC["keyboard"]]


def generate(packs, out, *flags, widths="375"):
    subprocess.run([emokit_binary(), "generate", *map(str, packs), "--out", str(out), "--widths", widths,
                    "--web", "--quiet", *flags], check=True, cwd=ROOT)
    return out


@pytest.fixture(scope="session")
def spec_site():
    root = pathlib.Path(tempfile.mkdtemp(prefix="emokit-spec-"))
    yield generate(spec_packs(root / "packs"), root / "out")
    shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(scope="session")
def web_site():
    root = pathlib.Path(tempfile.mkdtemp(prefix="emokit-web-"))
    yield generate([ROOT / "Assets" / "SamplePacks"], root / "out", widths="320,375,414")
    shutil.rmtree(root, ignore_errors=True)


def open_demo(browser, site):
    browser.get((site / "web" / "demo.html").as_uri())
    browser.execute_script("localStorage.clear()")
    assert browser.execute_script("return typeof Emokit") == "object"
    return browser


def test_tokenize_and_delete_backward_follow_the_token_spec(spec_site, browser):
    open_demo(browser, spec_site)
    results = browser.execute_script("""
        return arguments[0].map(v => ({
            segments: Emokit.tokenize(v.input).map(s => s.kind === "emoticon" ? {kind: s.kind, text: s.text, tab: s.tab} : {kind: s.kind, text: s.text}),
            joined: Emokit.tokenize(v.input).map(s => s.text).join(""),
            deleted: v.caret === undefined ? Emokit.deleteBackward(v.input) : Emokit.deleteBackward(v.input, v.caret) }));
    """, SPEC["vectors"])
    assert len(results) == len(SPEC["vectors"]) >= 30
    for vector, result in zip(SPEC["vectors"], results):
        assert result["segments"] == vector["segments"], vector["name"]
        assert result["joined"] == vector["input"], vector["name"]
        expected = vector["deleteBackward"]
        caret = expected.get("caret", len(expected["text"].encode("utf-16-le")) // 2)
        assert result["deleted"] == {"text": expected["text"], "caret": caret}, vector["name"]


def test_the_module_has_the_same_api(spec_site, browser):
    """emoticons.mjs, imported by a module script from file:// (Chromium allows it with
    --allow-file-access-from-files, as the other tests run)."""
    page = spec_site / "web" / "module-test.html"
    page.write_text('<!doctype html><html lang="en"><title>m</title><script type="module">'
                    'import Emokit, { tokenize, version } from "./emoticons.mjs";'
                    'window.result = { same: tokenize === Emokit.tokenize, version, kinds: tokenize("a[哈哈]😀").map(s => s.kind) };'
                    '</script></html>', encoding="utf-8")
    browser.get(page.as_uri())
    result = None
    for _ in range(50):
        result = browser.execute_script("return window.result")
        if result:
            break
        time.sleep(0.1)
    assert result, browser.get_log("browser")
    assert result["same"] is True and result["kinds"] == ["text", "emoticon", "emoji"] and result["version"]


def measure(browser, text, font_size):
    return browser.execute_script("""
        const [text, size] = arguments;
        const box = document.createElement("p");
        box.style.cssText = `font: ${size}px/1.4 sans-serif; margin: 0`;
        box.appendChild(Emokit.render(text));
        const marker = document.createElement("span");
        marker.style.cssText = "display: inline-block; width: 0; height: 0";
        box.appendChild(marker);
        document.body.prepend(box);
        const baseline = marker.getBoundingClientRect().bottom;
        const images = [...box.querySelectorAll('[role="img"]')].map(e => {
            const r = e.getBoundingClientRect();
            return { width: r.width, height: r.height, below: r.bottom - baseline, label: e.getAttribute("aria-label") };
        });
        box.remove();
        return images;
    """, text, font_size)


@pytest.mark.parametrize("font_size", [13, 17, 28])
def test_render_draws_emoticons_at_the_texts_size_on_its_baseline(spec_site, browser, font_size):
    open_demo(browser, spec_site)
    images = measure(browser, "好[哈哈]了[心]", font_size)
    assert [i["label"] for i in images] == ["哈哈", "心"]
    for image in images:
        assert abs(image["height"] - 1.25 * font_size) < 0.6
        assert abs(image["width"] - 1.25 * font_size) < 0.6
        # The picture's bottom sits a quarter em under the baseline, as an emoji glyph's does.
        assert abs(image["below"] - 0.25 * font_size) < 0.6


def test_copying_a_rendered_message_gives_back_its_text(spec_site, browser):
    open_demo(browser, spec_site)
    message = "今天好开心[哈哈][爱你] 👍🏽 [不存在] ok"
    copied = browser.execute_script("""
        const box = document.createElement("div");
        box.id = "copy";
        box.appendChild(Emokit.render(arguments[0]));
        document.body.appendChild(box);
        const range = document.createRange();
        range.selectNodeContents(box);
        getSelection().removeAllRanges();
        getSelection().addRange(range);
        return [getSelection().toString(), box.querySelectorAll('[role="img"]').length];
    """, message)
    assert copied == [message, 2]


@pytest.mark.parametrize("width", [320, 375, 414])
def test_mount_keyboard_fits_the_width_and_inserts_and_deletes(web_site, browser, width):
    m = json.loads((web_site / "manifests" / "375.json").read_text())
    first = m["tabs"][0]["pages"][0]["buttons"]
    open_demo(browser, web_site)
    result = browser.execute_script("""
        const width = arguments[0];
        const host = document.createElement("div");
        host.style.width = width + "px";
        document.body.prepend(host);
        window.events = [];
        window.mounted = Emokit.mountKeyboard(host, { onInsert: t => events.push(["insert", t]), onDelete: () => events.push(["delete"]) });
        const page = host.querySelector(".emkit-page");
        const keys = [...page.querySelectorAll('button[data-kind="emoticon"]')];
        const hostRect = host.getBoundingClientRect();
        const rects = keys.map(k => k.getBoundingClientRect());
        return { count: keys.length, deletes: page.querySelectorAll('button[data-kind="delete"]').length,
                 inside: rects.every(r => r.left >= hostRect.left - 0.5 && r.right <= hostRect.right + 0.5),
                 columns: new Set(rects.map(r => Math.round(r.left))).size,
                 labels: keys.every(k => k.getAttribute("aria-label") && k.dataset.text),
                 tabs: host.querySelectorAll('[role="tab"]').length };
    """, width)
    assert result["count"] == m["grid"]["emoticonsPerPage"]
    assert result["deletes"] == 1 and result["inside"] and result["labels"]
    assert result["columns"] == m["grid"]["columns"]
    assert result["tabs"] == 1 + sum(1 for t in m["tabs"] if not t.get("displayOnly"))
    keys = browser.find_elements(By.CSS_SELECTOR, '.emkit-page:first-child button[data-kind="emoticon"]')
    keys[0].click()
    keys[1].click()
    browser.find_element(By.CSS_SELECTOR, '.emkit-page:first-child button[data-kind="delete"]').click()
    assert browser.execute_script("return events") == [["insert", first[0]["text"]], ["insert", first[1]["text"]], ["delete"]]
    browser.execute_script("mounted.destroy()")
    assert browser.execute_script("return document.querySelectorAll('.emkit-keyboard').length") == 1  # the demo's own


def test_a_class_is_unchanged_after_an_entry_is_inserted_before_it(browser):
    root = pathlib.Path(tempfile.mkdtemp(prefix="emokit-class-"))
    try:
        before = generate(spec_packs(root / "a"), root / "out-a")
        after = generate(spec_packs(root / "b", extra_first={"chs": "[新]", "image": "t_new"}), root / "out-b")
        classes = []
        for out in (before, after):
            m = json.loads((out / "manifests" / "375.json").read_text())
            buttons = {b["text"]: b for b in m["tabs"][0]["pages"][0]["buttons"] if b["kind"] == "emoticon"}
            classes.append({text: b["webClass"] for text, b in buttons.items()})
            css = (out / "web" / "emoticons.css").read_text(encoding="utf-8")
            for name in classes[-1].values():
                assert re.search(r"^\." + re.escape(name) + r" \{", css, re.M), name
        assert classes[0]["[哈哈]"] == "emk-faces-t_haha"
        assert all(classes[1][text] == name for text, name in classes[0].items())
        assert classes[1]["[新]"] == "emk-faces-t_new"
        # The rendered element carries the same class.
        browser.get((after / "web" / "demo.html").as_uri())
        assert browser.execute_script("const f = Emokit.render('[哈哈]'); return f.firstChild.classList.contains('emk-faces-t_haha')")
    finally:
        shutil.rmtree(root, ignore_errors=True)


def test_the_typescript_declarations_type_check_a_user(spec_site, tmp_path):
    tsc = shutil.which("tsc")
    assert tsc, "tsc missing: install node-typescript (.ci/install)"
    shutil.copy(spec_site / "web" / "emoticons.d.ts", tmp_path / "emoticons.d.ts")
    (tmp_path / "user.ts").write_text("""
import Emokit, { tokenize } from "./emoticons";
const segments = tokenize("今天[哈哈]");
const kinds: ("text" | "emoticon" | "emoji")[] = segments.map((s) => s.kind);
const fragment: DocumentFragment = Emokit.render("[哈哈]", { animate: true });
const result: { text: string; caret: number } = Emokit.deleteBackward("[哈哈]", 4);
const keyboard = Emokit.mountKeyboard(document.body, { onInsert: (text: string) => console.log(text), onDelete: () => {} });
keyboard.destroy();
const version: string = Emokit.version;
const first: string = Emokit.data.tabs[0].entries[0].text;
const viaGlobal: number = globalThis.Emokit.tokenize("x").length;
console.log(kinds, fragment, result, version, first, viaGlobal);
""", encoding="utf-8")
    (tmp_path / "bad.ts").write_text('import Emokit from "./emoticons";\nconst n: number = Emokit.tokenize("x");\n', encoding="utf-8")
    base = [tsc, "--noEmit", "--strict", "--target", "es2020", "--module", "es2020", "--moduleResolution", "node", "--lib", "es2020,dom"]
    good = subprocess.run(base + [str(tmp_path / "user.ts")], capture_output=True, text=True)
    assert good.returncode == 0, good.stdout + good.stderr
    bad = subprocess.run(base + [str(tmp_path / "bad.ts")], capture_output=True, text=True)
    assert bad.returncode != 0 and "not assignable" in bad.stdout


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_demo_has_no_axe_violations(web_site, browser, scheme):
    from test_accessibility import audit
    violations = audit(browser, (web_site / "web" / "demo.html").as_uri(), scheme)
    assert violations == [], json.dumps(violations, ensure_ascii=False, indent=1)


def test_demo_sends_a_message_typed_with_the_keyboard(web_site, browser):
    open_demo(browser, web_site)
    keys = browser.find_elements(By.CSS_SELECTOR, '#keyboard .emkit-page:first-child button[data-kind="emoticon"]')
    keys[1].click()
    keys[3].click()
    browser.find_element(By.CSS_SELECTOR, '#keyboard button[data-kind="delete"]').click()
    keys[0].click()
    browser.find_element(By.CSS_SELECTOR, "#composer button[type=submit]").click()
    m = json.loads((web_site / "manifests" / "375.json").read_text())
    buttons = m["tabs"][0]["pages"][0]["buttons"]
    bubble = browser.find_element(By.CSS_SELECTOR, ".bubble")
    labels = [e.get_attribute("aria-label") for e in bubble.find_elements(By.CSS_SELECTOR, '[role="img"]')]
    assert labels == [buttons[1]["name"], buttons[0]["name"]]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    browser.set_window_size(420, 800)
    browser.save_screenshot(str(ARTIFACTS / "web-demo.png"))


def test_a_sticker_sends_its_picture_and_types_nothing(browser):
    """A WhatsApp sticker pack: a tap dispatches `emoticonimage` and calls onImage with the
    picture's URL, inserts nothing even into a bound field, and Recent keeps the sticker."""
    root = pathlib.Path(tempfile.mkdtemp(prefix="emokit-sticker-"))
    try:
        out = generate([ROOT / "Tests" / "EmoticonPacksTests" / "Fixtures" / "WhatsApp" / "assets"], root / "out")
        m = json.loads((out / "manifests" / "375.json").read_text())
        sticker = m["tabs"][0]["pages"][0]["buttons"][1]
        assert sticker["sends"] == "image" and "text" not in sticker
        open_demo(browser, out)
        result = browser.execute_script("""
            const host = document.createElement("div");
            host.style.width = "375px";
            document.body.prepend(host);
            const field = document.createElement("textarea");
            field.value = "hi";
            document.body.prepend(field);
            window.events = [];
            const keyboard = Emokit.mountKeyboard(host, { onInsert: (t) => events.push(["insert", t]), onImage: (d) => events.push(["image", d.name, d.image, d.tab]) });
            host.addEventListener("emoticonimage", (e) => events.push(["event", e.detail.name, e.detail.entry.sends]));
            keyboard.attachInput(field);
            host.querySelectorAll('.emkit-page button[data-kind="emoticon"]')[1].click();
            host.querySelector('.emkit-tab[data-tab="recent"]').click();
            const recent = [...host.querySelectorAll('.emkit-page button[data-kind="emoticon"]')].map((k) => k.getAttribute("aria-label"));
            return { events, value: field.value, recent, stored: localStorage.getItem(Object.keys(localStorage).find((k) => k.startsWith("emokit-recent:"))) };
        """)
        image = (out / sticker["image"]).resolve().as_uri()
        assert result["events"] == [["event", sticker["name"], "image"], ["image", sticker["name"], image, "assets-Cuppy"]], result
        assert result["value"] == "hi"
        # Kept by its picture (the SHA-256 its file is named by), as iOS and Android keep it.
        picture = pathlib.PurePosixPath(sticker["image"]).stem
        assert json.loads(result["stored"]) == [{"image": picture, "tab": "assets-Cuppy", "text": sticker["name"]}]
        assert result["recent"] == [sticker["name"]]
        # The demo and the preview post a tapped sticker as its picture, drawn from the file.
        open_demo(browser, out)
        browser.find_elements(By.CSS_SELECTOR, '#keyboard .emkit-page:first-child button[data-kind="emoticon"]')[1].click()
        time.sleep(0.3)  # the picture loads
        posted = browser.execute_script("const i = document.querySelector('img.sticker'); return i && [i.alt, i.src, i.naturalWidth, document.getElementById('text').value]")
        assert posted == [sticker["name"], image, 512, ""], posted
        browser.get((out / "preview" / "375.html").as_uri())
        browser.find_elements(By.CSS_SELECTOR, '#pages .emkit-page:first-child button[data-kind="emoticon"]')[1].click()
        time.sleep(0.3)  # the picture loads
        posted = browser.execute_script("const i = document.querySelector('#messages .sticker img'); return i && [i.alt, i.src, i.naturalWidth]")
        assert posted == [sticker["name"], image, 512], posted
    finally:
        shutil.rmtree(root, ignore_errors=True)
