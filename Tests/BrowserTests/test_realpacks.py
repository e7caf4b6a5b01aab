"""The preview of real packs in headless Chromium: the weibo layout drawn where the app draws it,
display-only groups kept out of the tab bar but drawn in messages, and the long-press/hover
magnifier playing a pack's GIF. The packs are made here (Pillow), not copied from any app."""
import io
import json
import pathlib
import plistlib
import shutil
import subprocess
import tempfile
import time

import pytest
from PIL import Image
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import ROOT, emokit_binary

RED, BLUE = (230, 30, 30), (30, 30, 230)


def icon(path, colour, size=64):
    image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    image.paste(colour + (255,), (2, 2, size - 2, size - 2))
    image.save(path)


def make_bundle(root):
    """A YYKit-style bundle: one group of 23 (two weibo pages), the first with a 2-frame GIF,
    and a display-only group under additional/DisplayOnly."""
    root.mkdir(parents=True)
    (root / "emoticons.plist").write_bytes(plistlib.dumps({"packages": [{"id": "com.test.default"}]}))
    group = root / "com.test.default"
    group.mkdir()
    entries = []
    for i in range(23):
        icon(group / f"e{i:02d}@2x.png", ((i * 53) % 200 + 30, (i * 97) % 200 + 30, 120))
        entries.append({"chs": f"[e{i:02d}]", "png": f"e{i:02d}.png", "type": "0"})
    entries[0]["gif"] = "e00.gif"
    frames = [Image.new("RGB", (40, 40), RED), Image.new("RGB", (40, 40), BLUE)]
    frames[0].save(group / "e00.gif", save_all=True, append_images=frames[1:], duration=250, loop=0)
    (group / "info.plist").write_bytes(plistlib.dumps({"id": "com.test.default", "group_name_cn": "默认", "emoticons": entries}))
    hidden = root / "additional" / "DisplayOnly" / "com.test.hidden"
    hidden.mkdir(parents=True)
    icon(hidden / "h1@2x.png", (20, 160, 20))
    (hidden / "info.json").write_text(json.dumps({"id": "com.test.hidden", "group_name_cn": "隐藏", "display_only": 1,
                                                  "emoticons": [{"chs": "[隐1]", "png": "h1.png", "type": 0}]}))


@pytest.fixture(scope="module")
def realsite():
    work = pathlib.Path(tempfile.mkdtemp(prefix="emokit-realpacks-"))
    make_bundle(work / "EmoticonWeibo.bundle")
    out = work / "out"
    subprocess.run([emokit_binary(), "generate", str(work / "EmoticonWeibo.bundle"), "--layout", "weibo",
                    "--out", str(out), "--widths", "375,414", "--quiet"], check=True, cwd=ROOT)
    yield out
    shutil.rmtree(work, ignore_errors=True)


def load(site, width):
    return json.loads((site / "manifests" / f"{width}.json").read_text())


def open_preview(browser, site, width):
    browser.get((site / "preview" / f"{width}.html").as_uri())
    browser.execute_script("localStorage.clear()")
    browser.refresh()


@pytest.mark.parametrize("width", [375, 414])
def test_weibo_layout_is_drawn_where_the_app_draws_it(browser, realsite, width):
    m = load(realsite, width)
    open_preview(browser, realsite, width)
    parts = browser.execute_script("""
        const k = document.getElementById('emoticon-keyboard').getBoundingClientRect();
        const top = (id) => document.getElementById(id).getBoundingClientRect().top - k.top;
        return [k.height, top('pages'), top('page-dots'), top('tabbar'),
                document.getElementById('pages').getBoundingClientRect().height];""")
    assert parts == [216, 5, 150, 179, 150]
    # The driver runs at 2x: every key sits on its @2x frame, and the @2x sheet is shown.
    for page in m["tabs"][0]["pages"]:
        browser.find_element(By.CSS_SELECTOR, f'#page-dots .emkit-dot[data-page-dot="{page["index"]}"]').click()
        for button in page["buttons"]:
            frame = button["frames"]["2"]
            rect = browser.execute_script("""
                const p = document.getElementById('pages').getBoundingClientRect();
                const k = document.querySelector(`#pages .emkit-page[data-page="${arguments[0]}"] .emkit-key[data-index="${arguments[1]}"]`);
                const r = k.getBoundingClientRect();
                const hit = document.elementFromPoint(p.left + arguments[2], p.top + arguments[3]).closest('.emkit-key');
                return [r.left - p.left, r.top - p.top, r.width, r.height, hit === k];""",
                page["index"], button["index"], frame["x"] + frame["width"] / 2, frame["y"] + frame["height"] / 2)
            assert all(abs(a - b) < 0.02 for a, b in zip(rect[:4], [frame["x"], frame["y"], frame["width"], frame["height"]])), (button, rect)
            assert rect[4], button
        # Its keys draw their icons from the page's any-width sheet.
        image = browser.execute_script("""return decodeURIComponent(getComputedStyle(document.querySelector(
            `#pages .emkit-page[data-page="${arguments[0]}"] .emkit-key[data-kind="emoticon"] .emkit-token`)).backgroundImage)""", page["index"])
        assert page["sheets"]["2"] in image, image
    assert len(browser.find_elements(By.CSS_SELECTOR, '#pages .emkit-page[data-page="0"] .emkit-key')) == 21


def colour_at_centre(element):
    image = Image.open(io.BytesIO(element.screenshot_as_png)).convert("RGB")
    return image.getpixel((image.width // 2, image.height // 2))


def near(colour, target):
    return all(abs(a - b) <= 40 for a, b in zip(colour, target))


def test_magnifier_plays_the_animation(browser, realsite):
    m = load(realsite, 375)
    animated = m["tabs"][0]["pages"][0]["buttons"][0]
    assert animated["animation"]["frames"] == 2 and animated["animation"]["durationMs"] == 500
    open_preview(browser, realsite, 375)
    key = browser.find_element(By.CSS_SELECTOR, '#pages .emkit-page[data-page="0"] .emkit-key[data-index="0"]')
    ActionChains(browser).move_to_element(key).perform()
    img = browser.find_element(By.CSS_SELECTOR, "#magnifier img.emkit-animation")
    assert browser.find_element(By.ID, "magnifier").is_displayed()
    assert browser.execute_script("return decodeURIComponent(arguments[0].src)", img).endswith(animated["animation"]["path"])
    WebDriverWait(browser, 5).until(lambda d: d.execute_script("return arguments[0].complete && arguments[0].naturalWidth", img) == 40)
    # Playing: both frames' colours show up in the magnifier within a few loops (250 ms each).
    seen = set()
    deadline = time.monotonic() + 6
    while time.monotonic() < deadline and len(seen) < 2:
        colour = colour_at_centre(img)
        if near(colour, RED):
            seen.add("red")
        if near(colour, BLUE):
            seen.add("blue")
        time.sleep(0.05)
    assert seen == {"red", "blue"}, f"the magnifier showed {seen or 'neither frame'}"
    # A key without an animation magnifies its still sprite.
    ActionChains(browser).move_to_element(browser.find_element(By.CSS_SELECTOR, '#pages .emkit-page[data-page="0"] .emkit-key[data-index="1"]')).perform()
    assert not browser.find_elements(By.CSS_SELECTOR, "#magnifier img.emkit-animation")
    assert browser.find_elements(By.CSS_SELECTOR, "#magnifier .emkit-big")


def test_display_only_group_is_not_a_tab_but_renders_in_messages(browser, realsite):
    m = load(realsite, 375)
    assert [t.get("displayOnly") for t in m["tabs"]] == [None, True]
    open_preview(browser, realsite, 375)
    assert [b.get_attribute("data-tab") for b in browser.find_elements(By.CSS_SELECTOR, "#tabbar .emkit-tab")] == ["com.test.default", "recent"]
    field = browser.find_element(By.ID, "compose-text")
    field.send_keys("收到[隐1]")
    browser.find_element(By.ID, "send").click()
    token = browser.find_element(By.CSS_SELECTOR, '#messages .token[data-text="[隐1]"]')
    assert token.is_displayed() and "sheets/com.test.hidden/" in token.value_of_css_property("background-image")
