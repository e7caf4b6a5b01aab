"""Any-width sheets in real Chromium: the web runtime and the preview's resizable frame lay the
keyboard out at any width with the frames `generate --widths W` writes to manifests/W.json, and
draw each key's icon from its page's any-width sheet where a per-width sheet has it on the page."""
import json
import math
import pathlib
import shutil
import subprocess
import tempfile

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from conftest import ROOT, emokit_binary

# Widths in the sample: iPhones, iPads portrait and landscape, the slider's end.
SAMPLE_WIDTHS = [320, 375, 414, 744, 834, 1024, 1366]
# Chromium lays out in 1/64 px units: a rect is the manifest's to that.
TOLERANCE = 0.02
# The browser runs at 2x (conftest), the sheets' smallest scale: the frames are each button's `frame`.
SCALE = 2


def generate(out, *flags):
    subprocess.run([emokit_binary(), "generate", str(ROOT / "Assets" / "SamplePacks"), "--out", str(out),
                    "--widths", ",".join(map(str, SAMPLE_WIDTHS)), "--web", "--quiet", *flags], check=True, cwd=ROOT)
    return out


@pytest.fixture(scope="session", params=["classic", "weibo"])
def any_width_site(request):
    """The sample packs at the sample widths, any-width sheets, in the classic layout and in
    YYKit's (weibo: cells and the left edge snap to device pixels, so frames depend on the scale)."""
    root = pathlib.Path(tempfile.mkdtemp(prefix=f"emokit-any-width-{request.param}-"))
    yield generate(root / "out", "--layout", request.param)
    shutil.rmtree(root, ignore_errors=True)


def manifest(site, width):
    return json.loads((site / "manifests" / f"{width}.json").read_text())


# Every page of the shown tab in `host`: each key's rect and its icon's (the token's) rect
# relative to its page, the icon's background and the page it is on.
KEYS = """
const host = arguments[0];
return [...host.querySelectorAll('.emkit-page')].map(page => {
  const p = page.getBoundingClientRect();
  return [...page.querySelectorAll('.emkit-key')].map(k => {
    const r = k.getBoundingClientRect(), t = k.querySelector('.emkit-token');
    const tr = t && t.getBoundingClientRect(), style = t && getComputedStyle(t);
    return { page: Number(page.dataset.page), kind: k.dataset.kind, index: Number(k.dataset.index),
      rect: [r.left - p.left, r.top - p.top, r.width, r.height],
      icon: t && { rect: [tr.left - p.left, tr.top - p.top, tr.width, tr.height], image: style.backgroundImage,
        position: style.backgroundPosition, size: style.backgroundSize } };
  });
});
"""


def close(a, b):
    return all(abs(x - y) <= TOLERANCE for x, y in zip(a, b))


def drawn_rect(frame, sprite, scale):
    """Where a per-width sheet has the icon on the page (SheetGeometry.spriteRect), in points."""
    x = math.floor(((2 * frame["x"] + frame["width"]) * scale - sprite["width"]) / 2 + 1e-6)
    y = math.floor(frame["y"] * scale + (frame["height"] * scale - sprite["height"]) / 2 + 1e-6)
    return [x / scale, y / scale, sprite["width"] / scale, sprite["height"] / scale]


def css_px(value):
    return float(value[:-2]) if value.endswith("px") else float(value)


def check_tab(pages, tab, where):
    """The keys of every page of `tab` (the manifest's) against what the browser drew (`pages`)."""
    assert len(pages) == len(tab["pages"]), where
    checked = 0
    for drawn, page in zip(pages, tab["pages"]):
        assert len(drawn) == len(page["buttons"]), f"{where} page {page['index']}"
        for key, button in zip(drawn, page["buttons"]):
            at = f"{where} page {page['index']} button {button['index']}"
            assert key["kind"] == button["kind"] and key["index"] == button["index"], at
            f = button["frame"]
            assert close(key["rect"], [f["x"], f["y"], f["width"], f["height"]]), f"{at}: {key['rect']} != {f}"
            sprite = button["sprite"][str(SCALE)]
            icon = key["icon"]
            assert icon, at
            assert close(icon["rect"], drawn_rect(f, sprite, SCALE)), f"{at}: icon {icon['rect']}"
            # The sprite is its rect in the page's any-width sheet: the sheet's position and size.
            x, y = (css_px(v) for v in icon["position"].split())
            assert abs(x + sprite["x"] / SCALE) <= 1e-3 and abs(y + sprite["y"] / SCALE) <= 1e-3, f"{at}: {icon['position']}"
            # The delete key is drawn from the tab's first sheet on every page (the same icon in the same cell).
            sheet = (tab["pages"][0] if button["kind"] == "delete" else page)["sheets"][str(SCALE)]
            assert sheet.count("/") == 2, sheet  # sheets/<tab>/page-NNN@2x.png: no width in its path
            assert sheet in icon["image"].replace("%40", "@"), f"{at}: {icon['image']}"
            checked += 1
    return checked


def test_any_width_web_output_has_one_sprite_set_per_scale(any_width_site):
    web = any_width_site / "web"
    assert not [p for p in web.iterdir() if p.is_dir()], "web/ holds a folder per width"
    m = manifest(any_width_site, 375)
    for scale in m["scales"]:
        atlas = json.loads((web / f"faces-page-000@{scale}x.json").read_text())
        assert atlas["meta"]["image"] == "../" + m["tabs"][0]["pages"][0]["sheets"][str(scale)]
        assert (web / atlas["meta"]["image"]).resolve().is_file()
        assert (web / f"tab-icons@{scale}x.json").is_file()


@pytest.mark.parametrize("width", SAMPLE_WIDTHS)
def test_the_runtime_lays_out_at_any_width_as_the_manifest(any_width_site, browser, width):
    m = manifest(any_width_site, width)
    assert m["sheetLayout"] == "any-width"
    browser.get((any_width_site / "web" / "demo.html").as_uri())
    browser.execute_script("""
        const host = document.createElement("div");
        host.id = "host";
        host.style.width = arguments[0] + "px";
        document.body.prepend(host);
        window.mounted = Emokit.mountKeyboard(host, {});""", width)
    host = browser.find_element(By.ID, "host")
    checked = 0
    for tab in m["tabs"]:
        if tab.get("displayOnly"):
            continue
        host.find_element(By.CSS_SELECTOR, f'.emkit-tab[data-tab="{tab["id"]}"]').click()
        checked += check_tab(browser.execute_script(KEYS, host), tab, f"{width} pt {tab['id']}")
    assert checked == sum(len(p["buttons"]) for t in m["tabs"] if not t.get("displayOnly") for p in t["pages"])
    # The images load: the sheets of the screen's scale, from web/'s one set.
    assert browser.execute_script("""
        const image = getComputedStyle(document.querySelector('#host .emkit-key .emkit-token')).backgroundImage;
        return image.includes('@2x.png') || image.includes('%402x.png');""")


def test_the_runtime_lays_out_again_when_its_element_is_resized(any_width_site, browser):
    browser.get((any_width_site / "web" / "demo.html").as_uri())
    browser.execute_script("""
        const host = document.createElement("div");
        host.id = "host";
        host.style.width = "375px";
        document.body.prepend(host);
        Emokit.mountKeyboard(host, {});
        host.style.width = "834px";""")
    host = browser.find_element(By.ID, "host")
    tab = manifest(any_width_site, 834)["tabs"][0]
    browser.implicitly_wait(0)
    for _ in range(50):
        pages = browser.execute_script(KEYS, host)
        if close(pages[0][1]["rect"], [tab["pages"][0]["buttons"][1]["frame"][k] for k in ("x", "y", "width", "height")]):
            break
        browser.execute_script("return new Promise(r => requestAnimationFrame(() => r()))")
    check_tab(pages, tab, "resized to 834 pt")


@pytest.mark.parametrize("how", ["slider", "device"])
def test_the_previews_resizable_frame_lays_out_at_834(any_width_site, browser, how):
    m = manifest(any_width_site, 834)
    browser.get((any_width_site / "preview" / "375.html").as_uri())
    slider = browser.find_element(By.ID, "frame-width")
    assert (slider.get_attribute("min"), slider.get_attribute("max"), slider.get_attribute("value")) == ("320", "1366", "375")
    if how == "slider":
        browser.execute_script("arguments[0].value = '834'; arguments[0].dispatchEvent(new Event('input'))", slider)
    else:
        Select(browser.find_element(By.ID, "frame-preset")).select_by_value("834")
    assert browser.find_element(By.ID, "frame-width-value").text == "834 pt"
    phone = browser.execute_script("return document.getElementById('phone').clientWidth")
    assert phone == 834
    keyboard = browser.find_element(By.ID, "keyboard-area")
    checked = 0
    for tab in m["tabs"]:
        if tab.get("displayOnly"):
            continue
        browser.find_element(By.CSS_SELECTOR, f'#tabbar .emkit-tab[data-tab="{tab["id"]}"]').click()
        checked += check_tab(browser.execute_script(KEYS, keyboard), tab, f"preview at 834 pt {tab['id']}")
    assert checked > 0
    # A tap on a key's centre is that key, at the new width.
    first = m["tabs"][0]["pages"][0]["buttons"]
    browser.find_element(By.CSS_SELECTOR, '#tabbar .emkit-tab[data-tab="faces"]').click()
    f = first[9]["frame"]
    target = browser.find_element(By.CSS_SELECTOR, '#pages .emkit-page[data-page="0"] .emkit-key[data-index="9"]')
    browser.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'center'})", target)
    hit = browser.execute_script("""
        const q = document.getElementById('pages').getBoundingClientRect();
        const el = document.elementFromPoint(q.left + arguments[0], q.top + arguments[1]);
        const k = el && el.closest('.emkit-key');
        return k ? k.dataset.index : null;""", f["x"] + f["width"] / 2, f["y"] + f["height"] / 2)
    assert hit == "9"


def test_the_preview_opens_at_a_width_in_its_address(any_width_site, browser):
    m = manifest(any_width_site, 1024)
    browser.get((any_width_site / "preview" / "375.html").as_uri() + "#1024")
    assert browser.find_element(By.ID, "frame-width").get_attribute("value") == "1024"
    keyboard = browser.find_element(By.ID, "keyboard-area")
    check_tab(browser.execute_script(KEYS, keyboard), m["tabs"][0], "preview#1024")


def test_the_keys_show_their_sprites_pixels(any_width_site, browser):
    """What the screen shows in each key of a page is its sprite's pixels from the @2x any-width
    sheet (over the keyboard's background), at the place a per-width sheet has it."""
    import io
    from PIL import Image, ImageChops
    width = 375
    m = manifest(any_width_site, width)
    browser.get((any_width_site / "web" / "demo.html").as_uri())
    page_box = browser.execute_script("""
        const host = document.createElement("div");
        host.style.cssText = "position: fixed; left: 0; top: 0; z-index: 100; width: " + arguments[0] + "px";
        document.body.prepend(host);
        Emokit.mountKeyboard(host, {});
        const page = host.querySelector('.emkit-page'), r = page.getBoundingClientRect();
        return new Promise(done => {
          const images = [...host.querySelectorAll('.emkit-token')].map(t => getComputedStyle(t).backgroundImage);
          const sheet = new Image();
          sheet.onload = () => requestAnimationFrame(() => requestAnimationFrame(() =>
            done([r.left, r.top, getComputedStyle(host.querySelector('.emkit-board')).backgroundColor])));
          sheet.src = /url\\("([^"]+)"\\)/.exec(images[0])[1];
        });""", width)
    left, top, background = page_box
    assert left * SCALE == int(left * SCALE) and top * SCALE == int(top * SCALE)
    shot = Image.open(io.BytesIO(browser.get_screenshot_as_png())).convert("RGB")
    rgb = tuple(int(v) for v in background[background.index("(") + 1:background.index(")")].split(",")[:3])
    page = m["tabs"][0]["pages"][0]
    sheet = Image.open(any_width_site / page["sheets"][str(SCALE)]).convert("RGBA")
    for button in page["buttons"]:
        sprite = button["sprite"][str(SCALE)]
        x, y, w, h = (round(v * SCALE) for v in drawn_rect(button["frame"], sprite, SCALE))
        expected = Image.new("RGBA", (w, h), rgb + (255,))
        expected.alpha_composite(sheet.crop((sprite["x"], sprite["y"], sprite["x"] + w, sprite["y"] + h)))
        shown = shot.crop((round(left * SCALE) + x, round(top * SCALE) + y, round(left * SCALE) + x + w, round(top * SCALE) + y + h))
        worst = max(high for _, high in ImageChops.difference(shown, expected.convert("RGB")).getextrema())
        assert worst <= 3, f"button {button['index']} ({button['name']}): pixels differ by up to {worst}"


def test_per_width_previews_stay_pictures_of_their_width(browser, tmp_path):
    """`--sheets per-width`: each preview is its width's page sheets with the keys over them at the
    manifest's frames, and has no resizable frame (its sheets are for that width only)."""
    out = tmp_path / "out"
    subprocess.run([emokit_binary(), "generate", str(ROOT / "Assets" / "SamplePacks"), "--out", str(out), "--widths", "414",
                    "--sheets", "per-width", "--quiet"], check=True, cwd=ROOT)
    m = manifest(out, 414)
    assert "sheetLayout" not in m
    browser.get((out / "preview" / "414.html").as_uri())
    assert not browser.find_elements(By.ID, "frame-width")
    sheet = browser.find_element(By.CSS_SELECTOR, '#pages .emkit-page[data-page="0"] img.emkit-sheet')
    assert browser.execute_script("return arguments[0].complete && arguments[0].naturalWidth", sheet) == 414
    keys = browser.execute_script(KEYS, browser.find_element(By.ID, "keyboard-area"))
    for key, button in zip(keys[0], m["tabs"][0]["pages"][0]["buttons"]):
        f = button["frame"]
        assert close(key["rect"], [f["x"], f["y"], f["width"], f["height"]]) and key["icon"] is None, button["index"]
