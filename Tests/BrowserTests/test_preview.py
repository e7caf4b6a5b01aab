"""The preview site in real headless Chromium, from file://, with no network."""
import hashlib
import json

import pytest
from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import WIDTHS, make_driver, manifest, requested_urls


def open_preview(browser, site, width=375):
    browser.get((site / "preview" / f"{width}.html").as_uri())
    browser.execute_script("localStorage.clear()")
    browser.refresh()
    return browser


def value(browser):
    return browser.find_element(By.ID, "compose-text").get_attribute("value")


def key(browser, tab, index, kind="emoticon", page=0):
    return browser.find_element(
        By.CSS_SELECTOR, f'#pages .emkit-page[data-page="{page}"] .emkit-key[data-kind="{kind}"][data-tab="{tab}"][data-index="{index}"]')


def current_page(browser):
    return int(browser.find_element(By.CSS_SELECTOR, '#page-dots .emkit-dot[aria-current="true"]').get_attribute("data-page-dot"))


def test_taps_insert_text_and_delete_removes_whole_clusters(browser, site):
    m = manifest(site, 375)
    open_preview(browser, site)
    faces = m["tabs"][0]["pages"][0]["buttons"]
    for i in (0, 1, 2):
        key(browser, "faces", i).click()
    assert value(browser) == faces[0]["text"] + faces[1]["text"] + faces[2]["text"]
    # Emoji tab: a ZWJ family and a flag, then delete everything: one press per token.
    browser.find_element(By.CSS_SELECTOR, '#tabbar .emkit-tab[data-tab="emoji"]').click()
    emoji = [b for p in m["tabs"][1]["pages"] for b in p["buttons"] if b["kind"] == "emoticon"]
    family = next(b for b in emoji if b["text"] == "👨‍👩‍👧")
    flag = next(b for b in emoji if b["text"] == "🇨🇳")
    keycap = next(b for b in emoji if b["text"] == "1️⃣")
    for button in (family, flag, keycap):
        page = next(p["index"] for p in m["tabs"][1]["pages"] if button in p["buttons"])
        browser.find_element(By.CSS_SELECTOR, f'#page-dots .emkit-dot[data-page-dot="{page}"]').click()
        key(browser, "emoji", button["index"], page=page).click()
    assert value(browser).endswith("👨‍👩‍👧🇨🇳1️⃣")
    delete = browser.find_element(By.CSS_SELECTOR, '#pages .emkit-page[data-page="%d"] .emkit-key[data-kind="delete"]' % current_page(browser))
    expected = [faces[0]["text"] + faces[1]["text"] + faces[2]["text"] + "👨‍👩‍👧🇨🇳",
                faces[0]["text"] + faces[1]["text"] + faces[2]["text"] + "👨‍👩‍👧",
                faces[0]["text"] + faces[1]["text"] + faces[2]["text"],
                faces[0]["text"] + faces[1]["text"], faces[0]["text"], ""]
    for want in expected:
        delete.click()
        assert value(browser) == want
    delete.click()
    assert value(browser) == ""


def test_paging_with_dots_arrows_and_scroll(browser, site):
    open_preview(browser, site)
    dots = browser.find_elements(By.CSS_SELECTOR, "#page-dots .emkit-dot")
    assert len(dots) == len(manifest(site, 375)["tabs"][0]["pages"]) == 2
    assert current_page(browser) == 0
    dots[1].click()
    assert current_page(browser) == 1
    assert browser.execute_script("return document.getElementById('pages').scrollLeft") == 375
    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.ARROW_LEFT)
    assert current_page(browser) == 0
    body.send_keys(Keys.ARROW_RIGHT)
    assert current_page(browser) == 1
    # A swipe is a scroll: the dots follow the scroll position.
    browser.execute_script("document.getElementById('pages').scrollTo({left: 0, behavior: 'instant'})")
    browser.implicitly_wait(0)
    for _ in range(20):
        if current_page(browser) == 0:
            break
        browser.execute_script("return new Promise(r => setTimeout(r, 50))")
    assert current_page(browser) == 0


def test_tabs_switch_packs_and_show_their_first_page(browser, site):
    m = manifest(site, 375)
    open_preview(browser, site)
    browser.find_elements(By.CSS_SELECTOR, "#page-dots .emkit-dot")[1].click()
    for tab in m["tabs"]:
        browser.find_element(By.CSS_SELECTOR, f'#tabbar .emkit-tab[data-tab="{tab["id"]}"]').click()
        assert browser.find_element(By.CSS_SELECTOR, f'#tabbar .emkit-tab[data-tab="{tab["id"]}"]').get_attribute("aria-selected") == "true"
        assert current_page(browser) == 0
        keys = browser.find_elements(By.CSS_SELECTOR, "#pages .emkit-key")
        assert {k.get_attribute("data-tab") for k in keys} == {tab["id"]}
        assert len(browser.find_elements(By.CSS_SELECTOR, "#page-dots .emkit-dot")) == len(tab["pages"])
    titles = [t.text for t in browser.find_elements(By.CSS_SELECTOR, "#tabbar .emkit-tab")]
    assert titles[:3] == ["faces", "emoji", "动物"]


def test_keyboard_toggle_swaps_and_back(browser, site):
    open_preview(browser, site)
    area = browser.find_element(By.ID, "keyboard-area")
    assert area.get_attribute("data-mode") == "emoticon"
    browser.find_element(By.ID, "keyboard-toggle").click()
    assert area.get_attribute("data-mode") == "system"
    # The swap is animated (a 0.25 s slide); wait for it to land.
    WebDriverWait(browser, 5).until(lambda d: d.find_element(By.ID, "system-keyboard").is_displayed())
    WebDriverWait(browser, 5).until(lambda d: not d.find_element(By.ID, "emoticon-keyboard").is_displayed())
    browser.find_element(By.ID, "keyboard-toggle").click()
    assert area.get_attribute("data-mode") == "emoticon"
    WebDriverWait(browser, 5).until(lambda d: d.find_element(By.ID, "emoticon-keyboard").is_displayed())


def test_send_draws_tokens_as_images_and_recent_remembers(browser, site):
    m = manifest(site, 375)
    open_preview(browser, site)
    browser.find_element(By.ID, "compose-text").send_keys("hi ")
    key(browser, "faces", 1).click()
    key(browser, "faces", 3).click()
    browser.find_element(By.ID, "send").click()
    message = browser.find_elements(By.CSS_SELECTOR, "#messages li")[-1]
    tokens = message.find_elements(By.CSS_SELECTOR, ".token[role=img]")
    assert [t.get_attribute("data-text") for t in tokens] == [m["tabs"][0]["pages"][0]["buttons"][i]["text"] for i in (1, 3)]
    assert "url(" in tokens[0].value_of_css_property("background-image")
    assert message.text.startswith("hi")
    assert value(browser) == ""
    browser.find_element(By.CSS_SELECTOR, '#tabbar .emkit-tab[data-tab="recent"]').click()
    recent = browser.find_elements(By.CSS_SELECTOR, '#pages .emkit-key[data-recent="true"]')
    assert [r.get_attribute("aria-label") for r in recent] == [m["tabs"][0]["pages"][0]["buttons"][i]["name"] for i in (3, 1)]
    browser.refresh()
    browser.find_element(By.CSS_SELECTOR, '#tabbar .emkit-tab[data-tab="recent"]').click()
    assert len(browser.find_elements(By.CSS_SELECTOR, '#pages .emkit-key[data-recent="true"]')) == 2


def test_hover_shows_magnified_preview_with_name(browser, site):
    m = manifest(site, 375)
    open_preview(browser, site)
    ActionChains(browser).move_to_element(key(browser, "faces", 4)).perform()
    magnifier = browser.find_element(By.ID, "magnifier")
    assert magnifier.is_displayed()
    assert magnifier.text == m["tabs"][0]["pages"][0]["buttons"][4]["name"]


@pytest.mark.parametrize("width", WIDTHS)
def test_buttons_sit_on_their_manifest_cells(browser, site, width):
    m = manifest(site, width)
    open_preview(browser, site, width)
    phone_width = browser.execute_script("return document.getElementById('phone').getBoundingClientRect().width")
    assert abs(phone_width - width) <= 2
    for tab in m["tabs"]:
        browser.find_element(By.CSS_SELECTOR, f'#tabbar .emkit-tab[data-tab="{tab["id"]}"]').click()
        for page in tab["pages"]:
            browser.find_element(By.CSS_SELECTOR, f'#page-dots .emkit-dot[data-page-dot="{page["index"]}"]').click()
            for button in page["buttons"]:
                f = button["frame"]
                hit = browser.execute_script("""
                    const r = document.getElementById('pages').getBoundingClientRect();
                    const el = document.elementFromPoint(r.left + arguments[0], r.top + arguments[1]);
                    const k = el && el.closest('.emkit-key');
                    return k ? [k.closest('.emkit-page').dataset.page, k.dataset.index, k.dataset.tab, k.dataset.row, k.dataset.column] : null;""",
                    f["x"] + f["width"] / 2, f["y"] + f["height"] / 2)
                assert hit == [str(page["index"]), str(button["index"]), tab["id"], str(button["row"]), str(button["column"])]
    # Any-width sheets: no page picture; each key draws its icon from its page's sheet, the one of
    # the screen's density (the driver runs at 2x).
    assert not browser.find_elements(By.CSS_SELECTOR, "#pages .emkit-page img.emkit-sheet")
    last = m["tabs"][-1]["pages"][-1]
    image = browser.execute_script("""return decodeURIComponent(getComputedStyle(document.querySelector(
        `#pages .emkit-page[data-page="${arguments[0]}"] .emkit-key[data-kind="emoticon"] .emkit-token`)).backgroundImage)""", last["index"])
    assert last["sheets"]["2"] in image and "@3x" not in image
    # ...by its version (the sheet's own SHA-256), so a cache never shows another run's picture.
    digest = hashlib.sha256((site / last["sheets"]["2"]).read_bytes()).hexdigest()
    assert last["sheets"]["2"] + "?v=" + digest[:12] in image, image


def test_hostile_names_stay_text(browser, site):
    m = manifest(site, 375)
    tab = next(t for t in m["tabs"] if t["id"] == "html-injection")
    open_preview(browser, site)
    browser.find_element(By.CSS_SELECTOR, '#tabbar .emkit-tab[data-tab="html-injection"]').click()
    labels = [k.get_attribute("aria-label") for k in browser.find_elements(By.CSS_SELECTOR, '#pages .emkit-key[data-kind="emoticon"]')]
    assert labels == [b["name"] for b in tab["pages"][0]["buttons"] if b["kind"] == "emoticon"]
    assert any("<script>" in label for label in labels)
    for k in browser.find_elements(By.CSS_SELECTOR, '#pages .emkit-key[data-kind="emoticon"]'):
        k.click()
    browser.find_element(By.ID, "send").click()
    with pytest.raises(NoAlertPresentException):
        browser.switch_to.alert.text
    assert browser.execute_script("return document.querySelectorAll('#messages img, #messages script').length") == 0
    html = (site / "preview" / "375.html").read_text()
    assert "<script>alert" not in html and "</textarea><b>" not in html
    index = (site / "index.html").read_text()
    assert "<script>alert" not in index


def test_index_lists_tabs_widths_and_thumbnails(browser, site):
    browser.get((site / "index.html").as_uri())
    tabs = browser.find_elements(By.CSS_SELECTOR, ".tab-summary")
    assert [t.get_attribute("data-tab") for t in tabs] == ["faces", "emoji", "com.emokit.animals", "html-injection"]
    assert tabs[0].find_element(By.CSS_SELECTOR, ".entries").text == "44"
    assert [a.get_attribute("data-width") for a in browser.find_elements(By.CSS_SELECTOR, "a.width-link")] == [str(w) for w in WIDTHS]
    thumbs = browser.find_elements(By.CSS_SELECTOR, "img.sheet-thumb")
    assert len(thumbs) == 2 + 4 + 1 + 1
    for thumb in thumbs:
        browser.execute_script("arguments[0].scrollIntoView()", thumb)
    assert all(browser.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", t) for t in thumbs)
    assert "emokit 0.1.0" in browser.find_element(By.ID, "generator").text


def test_pages_work_without_javascript(site):
    driver = make_driver(javascript=False)
    try:
        driver.get((site / "preview" / "414.html").as_uri())
        sheets = driver.find_elements(By.CSS_SELECTOR, "img.static-sheet")
        assert len(sheets) == 8 and all(s.is_displayed() for s in sheets)
        assert all(driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", s) for s in sheets)
        assert not driver.find_elements(By.ID, "compose-text")
        driver.get((site / "index.html").as_uri())
        assert len(driver.find_elements(By.CSS_SELECTOR, "img.sheet-thumb")) == 8
        outside = [u for u in requested_urls(driver) if not u.startswith(("file://", "data:"))]
        assert not outside
    finally:
        driver.quit()


def test_recent_is_kept_per_output(browser, site, tmp_path):
    """Every output shared one localStorage key: a second output showed the first one's Recent."""
    import shutil
    other = tmp_path / "other-output"
    shutil.copytree(site, other)
    open_preview(browser, site)
    key(browser, "faces", 1).click()
    browser.get((site / "preview" / "414.html").as_uri())  # same output, another width: kept
    browser.find_element(By.CSS_SELECTOR, '#tabbar .emkit-tab[data-tab="recent"]').click()
    assert len(browser.find_elements(By.CSS_SELECTOR, '#pages .emkit-key[data-recent="true"]')) == 1
    browser.get((other / "preview" / "375.html").as_uri())  # another output: its own, empty list
    browser.find_element(By.CSS_SELECTOR, '#tabbar .emkit-tab[data-tab="recent"]').click()
    assert browser.find_elements(By.CSS_SELECTOR, '#pages .emkit-key[data-recent="true"]') == []
