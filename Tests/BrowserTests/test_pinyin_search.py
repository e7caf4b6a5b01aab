"""Pinyin search in the preview: a Chinese user types pinyin (whole, a syllable's start or the
initials) and finds emoticons and emoji by their Chinese names. Real headless Chromium, real CLDR
data (the Han-Latin transform from unicode-cldr-core). Also the emoji the app leaves to the
system font (--system-emoji), which the preview draws as text."""
import pathlib, shutil, subprocess, tempfile

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import ROOT, emokit_binary, emoji_subset, manifest


def generate(locale):
    root = pathlib.Path(tempfile.mkdtemp(prefix=f"emokit-pinyin-{locale}-"))
    data = emoji_subset(root / "emoji-test.txt")
    out = root / "out"
    subprocess.run([emokit_binary(), "generate", str(ROOT / "Assets" / "SamplePacks" / "faces"), "--emoji-keyboard",
                    "--emoji-data", str(data), "--locale", locale, "--out", str(out), "--widths", "375", "--quiet"],
                   check=True, cwd=ROOT)
    return root, out


@pytest.fixture(scope="module")
def site_cn():
    root, out = generate("cn")
    yield out
    shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(scope="module")
def site_tw():
    root, out = generate("tw")
    yield out
    shutil.rmtree(root, ignore_errors=True)


def open_search(browser, site):
    browser.get((site / "preview" / "375.html").as_uri())
    browser.execute_script("localStorage.clear()")
    browser.refresh()
    return browser.find_element(By.ID, "emoji-search")


def results_for(browser, search, query):
    search.send_keys(Keys.CONTROL, "a")
    search.send_keys(Keys.BACKSPACE)
    search.send_keys(query)
    return [k.get_attribute("aria-label") for k in browser.find_elements(By.CSS_SELECTOR, '#pages .emkit-key[data-search-result="true"]')]


def pinyin_by_name(site):
    m = manifest(site, 375)
    return {b["name"]: b.get("pinyin") for t in m["tabs"] for p in t["pages"] for b in p["buttons"] if b["kind"] == "emoticon"}


def test_whole_pinyin_finds_the_emoticon_first(browser, site_cn):
    assert pinyin_by_name(site_cn)["哈哈"] == ["haha", "hh"]
    search = open_search(browser, site_cn)
    labels = results_for(browser, search, "haha")
    assert labels[0] == "哈哈"
    # The key inserts the pack's text, as on its own tab.
    browser.find_element(By.CSS_SELECTOR, '#pages .emkit-key[data-search-result="true"][aria-label="哈哈"]').click()
    assert browser.find_element(By.ID, "compose-text").get_attribute("value").endswith("[哈哈]")


def test_a_syllable_finds_every_name_with_it(browser, site_cn):
    names = pinyin_by_name(site_cn)
    search = open_search(browser, site_cn)
    labels = results_for(browser, search, "xiao")
    for name in ("微笑", "偷笑", "坏笑", "笑哭"):
        assert name in labels
    # Every result reads "xiao" at the start of a syllable (笑, 小, 校...) or in a keyword.
    for label in labels:
        assert "xiao" in (names[label] or [""])[0] or "笑" in label, label
    # A later syllable's start is enough, and spaces between syllables are allowed.
    assert "太开心" in results_for(browser, search, "kaixin")
    assert "太开心" in results_for(browser, search, "tai kai")
    assert "太开心" not in results_for(browser, search, "aixin")  # not a syllable's start


def test_initials_find_names_and_exact_names_rank_first(browser, site_cn):
    search = open_search(browser, site_cn)
    labels = results_for(browser, search, "hh")
    assert "哈哈" in labels and "嘿嘿" in labels  # a pack's emoticon and a CLDR emoji name
    # A name typed in characters still ranks its exact match first.
    assert results_for(browser, search, "哈哈")[0] == "哈哈"


def test_traditional_names_have_pinyin_too(browser, site_tw):
    names = pinyin_by_name(site_tw)
    assert names["笑臉"] == ["xiaolian", "xl"]
    assert names["太開心"] == ["taikaixin", "tkx"]
    search = open_search(browser, site_tw)
    assert "笑臉" in results_for(browser, search, "xl")
    assert "笑臉" in results_for(browser, search, "lian")
    assert results_for(browser, search, "taikaixin")[0] == "太開心"


@pytest.fixture(scope="module")
def site_system():
    root = pathlib.Path(tempfile.mkdtemp(prefix="emokit-system-emoji-"))
    data = emoji_subset(root / "emoji-test.txt")
    out = root / "out"
    subprocess.run([emokit_binary(), "generate", "--emoji-keyboard", "--emoji-data", str(data), "--system-emoji", "14.0",
                    "--out", str(out), "--widths", "375", "--quiet"], check=True, cwd=ROOT)
    yield out
    shutil.rmtree(root, ignore_errors=True)


def test_system_glyphs_are_drawn_as_text(browser, site_system):
    """--system-emoji: an emoji the app's system draws has no sprite; the preview writes its text."""
    m = manifest(site_system, 375)
    grinning = next(b for t in m["tabs"] for p in t["pages"] for b in p["buttons"] if b.get("text") == "😀")
    assert grinning["systemGlyph"] is True and grinning["sprite"] == {} and grinning["emojiVersion"] == "1.0"
    search = open_search(browser, site_system)
    key = browser.find_element(By.CSS_SELECTOR, '#pages .emkit-page[data-page="0"] .emkit-key[data-entry="%d"]' % grinning["entry"])
    glyph = key.find_element(By.CSS_SELECTOR, ".emkit-system-glyph")
    assert glyph.text == "😀" and glyph.rect["width"] > 10
    key.click()
    assert browser.find_element(By.ID, "compose-text").get_attribute("value").endswith("😀")
    # Search results draw it the same way.
    results_for(browser, search, "嘿嘿")
    result = browser.find_element(By.CSS_SELECTOR, '#pages .emkit-key[data-search-result="true"][aria-label="嘿嘿"]')
    assert result.find_element(By.CSS_SELECTOR, ".emkit-system-glyph").text == "😀"
