"""Index and preview polish: nothing wraps mid-phrase at phone width, page dots and pages have
distinct hooks, the manifest's dark colours are used in dark mode, and `--locale tw` output
inserts the traditional forms. Each failed before: the index's `span.pages` took the keyboard's
flex rule (`44 emoticons ·` / `2` / `pages`), chips wrapped as `320 / pt`, dots carried
`data-page` like the pages, dark mode ignored the manifest, and tw inserted `[熊猫]`."""
import hashlib
import pathlib, shutil, subprocess, tempfile

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import ROOT, emokit_binary, manifest


def line_count(browser, element):
    """How many lines an element's text takes: its text's boxes, top to bottom, grouped into lines
    by vertical overlap (an inline <code> in another font sits a pixel or two higher or lower than
    the text beside it, on the same line)."""
    return browser.execute_script(
        "const r = document.createRange(); r.selectNodeContents(arguments[0]);"
        "const boxes = Array.from(r.getClientRects()).filter(b => b.width > 0 && b.height > 0).sort((a, b) => a.top - b.top);"
        "let lines = 0, bottom = -Infinity;"
        "for (const b of boxes) { if (b.top >= bottom - 1) { lines++; bottom = b.bottom; } else { bottom = Math.max(bottom, b.bottom); } }"
        "return lines;", element)


@pytest.mark.parametrize("window_width", [360, 1024])
def test_index_meta_and_width_chips_do_not_wrap_mid_phrase(site, browser, window_width):
    browser.set_window_size(window_width, 900)
    browser.get((site / "index.html").as_uri())
    for span in browser.find_elements(By.CSS_SELECTOR, ".tab-summary .meta span"):
        assert browser.execute_script("return getComputedStyle(arguments[0]).display", span) == "inline"
        assert browser.execute_script("return arguments[0].getClientRects().length", span) == 1, span.text
    for chip in browser.find_elements(By.CSS_SELECTOR, "a.width-link"):
        assert line_count(browser, chip) == 1, chip.text
    # The whole meta line fits one line on a desktop window.
    if window_width >= 1024:
        for meta in browser.find_elements(By.CSS_SELECTOR, ".tab-summary .meta"):
            assert line_count(browser, meta) == 1, meta.text


def test_page_dots_and_pages_have_distinct_hooks(site, browser):
    browser.get((site / "preview" / "375.html").as_uri())
    WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#page-dots .emkit-dot"))
    assert browser.find_elements(By.CSS_SELECTOR, "[data-page]") == browser.find_elements(By.CSS_SELECTOR, "#pages .emkit-page")
    dots = browser.find_elements(By.CSS_SELECTOR, "[data-page-dot]")
    assert [d.get_attribute("data-page-dot") for d in dots] == ["0", "1"]
    assert all("emkit-dot" in d.get_attribute("class").split() for d in dots)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_keyboard_uses_the_manifest_colours_per_scheme(site, browser, scheme):
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    browser.get((site / "preview" / "375.html").as_uri())
    WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#page-dots .emkit-dot"))
    colors = manifest(site, 375)["colors"]
    palette = colors if scheme == "light" else colors["dark"]

    def rgb(hex_color):
        return "rgb(%d, %d, %d)" % tuple(int(hex_color[i:i + 2], 16) for i in (1, 3, 5))

    style = lambda selector, prop: browser.execute_script(
        "return getComputedStyle(document.querySelector(arguments[0]))[arguments[1]]", selector, prop)
    assert style("#emoticon-keyboard", "backgroundColor") == rgb(palette["background"])
    assert style("#tabbar", "backgroundColor") == rgb(palette["tabBarBackground"])
    assert style('#tabbar .emkit-tab[aria-selected="true"]', "backgroundColor") == rgb(palette["selectedTab"])
    assert style('#page-dots .emkit-dot[aria-current="true"]', "backgroundColor") == rgb(palette["currentPageDot"])
    assert style('#page-dots .emkit-dot[aria-current="false"]', "backgroundColor") == rgb(palette["pageDot"])


def test_locale_tw_inserts_traditional_text_in_the_preview(browser):
    out = pathlib.Path(tempfile.mkdtemp(prefix="emokit-tw-")) / "out"
    try:
        subprocess.run([emokit_binary(), "generate", str(ROOT / "Assets" / "SamplePacks"), "--out", str(out),
                        "--widths", "375", "--locale", "tw", "--quiet"], check=True, cwd=ROOT)
        m = manifest(out, 375)
        animals = next(t for t in m["tabs"] if t["id"] == "com.emokit.animals")
        panda = next(b for p in animals["pages"] for b in p["buttons"] if b.get("textTraditional") == "[熊貓]")
        browser.get((out / "preview" / "375.html").as_uri())
        WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#tabbar .emkit-tab"))
        browser.find_element(By.CSS_SELECTOR, '#tabbar .emkit-tab[data-tab="com.emokit.animals"]').click()
        key = browser.find_element(By.CSS_SELECTOR, f'#pages .emkit-page[data-page="0"] .emkit-key[data-tab="com.emokit.animals"][data-index="{panda["index"]}"]')
        assert key.get_attribute("aria-label") == "熊貓"
        key.click()
        assert browser.find_element(By.ID, "compose-text").get_attribute("value") == "[熊貓]"
        delete = browser.find_element(By.CSS_SELECTOR, '#pages .emkit-page[data-page="0"] .emkit-key[data-kind="delete"]')
        assert delete.get_attribute("aria-label") == "刪除"
    finally:
        shutil.rmtree(out.parent, ignore_errors=True)


def test_tab_bar_shows_each_tabs_icon_from_the_strip(site, browser):
    browser.get((site / "preview" / "375.html").as_uri())
    WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#tabbar .emkit-tab"))
    m = manifest(site, 375)
    for index, tab in enumerate(m["tabs"]):
        icon = browser.find_element(By.CSS_SELECTOR, f'#tabbar .emkit-tab[data-tab="{tab["id"]}"] .emkit-tab-icon')
        style = browser.execute_script(
            "const s = getComputedStyle(arguments[0]); return [s.backgroundImage, s.backgroundPosition, s.width, s.height];", icon)
        assert "tab-icons%402x.png" in style[0] or "tab-icons@2x.png" in style[0], style
        # By its version: the strip's SHA-256, read back, since the manifest records none for it.
        assert "?v=" + hashlib.sha256((site / "sheets" / "tab-icons@2x.png").read_bytes()).hexdigest()[:12] in style[0], style
        assert style[1] == f"{-24 * index}px 0px" and style[2] == "24px" and style[3] == "24px", style
    # The strip really is an image the browser can load.
    loaded = browser.execute_async_script(
        "const done = arguments[arguments.length - 1]; const img = new Image();"
        "img.onload = () => done([img.naturalWidth, img.naturalHeight]); img.onerror = () => done(null);"
        "img.src = new URL('../sheets/tab-icons@2x.png', location.href).href;")
    assert loaded == [48 * len(m["tabs"]), 48]
