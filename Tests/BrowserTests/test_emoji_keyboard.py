"""The emoji keyboard in the preview: skin-tone picker on long press, remembered choices,
recents with variants, search in Chinese and English, tab icons. Real headless Chromium."""
import json

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import manifest

TONES = ["\U0001F3FB", "\U0001F3FC", "\U0001F3FD", "\U0001F3FE", "\U0001F3FF"]
HOLDING = "🧑\u200d🤝\u200d🧑"


def open_preview(browser, site):
    browser.get((site / "preview" / "375.html").as_uri())
    browser.execute_script("localStorage.clear()")
    browser.refresh()
    return browser


def value(browser):
    return browser.find_element(By.ID, "compose-text").get_attribute("value")


def find(m, text):
    for tab in m["tabs"]:
        for page in tab["pages"]:
            for button in page["buttons"]:
                if button.get("text") == text:
                    return tab, page, button
    raise AssertionError(f"{text} not in the manifest")


def show_key(browser, m, text):
    """Opens the tab and page holding `text` and returns its key."""
    tab, page, button = find(m, text)
    browser.find_element(By.CSS_SELECTOR, f'#tabbar .emkit-tab[data-tab="{tab["id"]}"]').click()
    browser.find_element(By.CSS_SELECTOR, f'#page-dots .emkit-dot[data-page-dot="{page["index"]}"]').click()
    return browser.find_element(By.CSS_SELECTOR, f'#pages .emkit-page[data-page="{page["index"]}"] .emkit-key[data-tab="{tab["id"]}"][data-entry="{button["entry"]}"]')


def emoticon_buttons(m):
    return [b for t in m["tabs"] for p in t["pages"] for b in p["buttons"] if b["kind"] == "emoticon"]


def all_names(m):
    return {b["name"] for b in emoticon_buttons(m)}


def result_labels(browser):
    return [k.get_attribute("aria-label") for k in browser.find_elements(By.CSS_SELECTOR, '#pages .emkit-key[data-search-result="true"]')]


def long_press(browser, element):
    ActionChains(browser).click_and_hold(element).pause(0.7).release().perform()


def picker(browser):
    return browser.find_element(By.ID, "variant-picker")


def picker_visible(browser):
    """Whether the skin-tone picker is really on screen (not just without a `hidden` attribute):
    displayed by the browser's own measure, with a box of some size whose centre is the picker."""
    element = picker(browser)
    if not element.is_displayed():
        return False
    box = element.rect
    if box["width"] < 1 or box["height"] < 1:
        return False
    return browser.execute_script(
        "const r = arguments[0].getBoundingClientRect();"
        "const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);"
        "return hit !== null && arguments[0].contains(hit);", element)


def options(browser):
    return browser.find_elements(By.CSS_SELECTOR, "#variant-picker .emkit-variant-option")


def test_long_press_opens_the_picker_and_the_choice_is_remembered(browser, emoji_site_cn):
    m = manifest(emoji_site_cn, 375)
    open_preview(browser, emoji_site_cn)
    thumbs = show_key(browser, m, "👍")
    assert thumbs.get_attribute("data-variants") == "5"
    # A plain tap inserts the emoji itself and opens nothing.
    thumbs.click()
    assert value(browser) == "👍"
    assert not picker_visible(browser)
    long_press(browser, thumbs)
    assert picker_visible(browser)
    assert value(browser) == "👍", "the long press itself inserts nothing"
    assert [o.get_attribute("data-text") for o in options(browser)] == ["👍"] + ["👍" + t for t in TONES]
    assert [o.get_attribute("aria-label") for o in options(browser)][3] == "拇指向上: 中等肤色"
    # Each option draws its own sprite from the variants sheet.
    style = options(browser)[3].find_element(By.CSS_SELECTOR, ".emkit-token").get_attribute("style")
    assert "variants/sheet-000%40" in style
    options(browser)[3].click()
    assert value(browser) == "👍👍🏽"
    assert not picker_visible(browser)
    # The key now shows and inserts the chosen tone, also after a reload (localStorage).
    thumbs.click()
    assert value(browser) == "👍👍🏽👍🏽"
    browser.refresh()
    thumbs = show_key(browser, m, "👍")
    assert thumbs.get_attribute("data-chosen") == "👍🏽"
    assert thumbs.find_elements(By.CSS_SELECTOR, ".emkit-variant-face")
    thumbs.click()
    assert value(browser) == "👍🏽"
    # Choosing the untoned emoji again forgets the tone.
    long_press(browser, thumbs)
    assert options(browser)[3].get_attribute("aria-current") == "true"
    options(browser)[0].click()
    thumbs.click()
    assert value(browser) == "👍🏽👍👍"
    assert not thumbs.find_elements(By.CSS_SELECTOR, ".emkit-variant-face")


def test_two_people_picker_offers_all_25_tone_pairs(browser, emoji_site_cn):
    m = manifest(emoji_site_cn, 375)
    open_preview(browser, emoji_site_cn)
    holding = show_key(browser, m, HOLDING)
    long_press(browser, holding)
    assert picker_visible(browser)
    texts = [o.get_attribute("data-text") for o in options(browser)]
    assert texts[0] == HOLDING
    assert sorted(texts[1:]) == sorted("🧑" + a + "\u200d🤝\u200d🧑" + b for a in TONES for b in TONES)
    assert picker(browser).get_attribute("data-layout") == "grid"
    # The picker stays inside the phone.
    phone = browser.find_element(By.ID, "phone").rect
    box = picker(browser).rect
    assert box["x"] >= phone["x"] - 0.5 and box["x"] + box["width"] <= phone["x"] + phone["width"] + 0.5
    mixed = "🧑" + TONES[0] + "\u200d🤝\u200d🧑" + TONES[4]
    browser.find_element(By.CSS_SELECTOR, f'#variant-picker .emkit-variant-option[data-text="{mixed}"]').click()
    assert value(browser) == mixed
    # Escape closes the picker without inserting.
    long_press(browser, holding)
    ActionChains(browser).send_keys(Keys.ESCAPE).perform()
    assert not picker_visible(browser)
    assert value(browser) == mixed


def test_recents_keep_the_variant_used(browser, emoji_site_cn):
    m = manifest(emoji_site_cn, 375)
    open_preview(browser, emoji_site_cn)
    thumbs = show_key(browser, m, "👍")
    long_press(browser, thumbs)
    browser.find_element(By.CSS_SELECTOR, '#variant-picker .emkit-variant-option[data-text="👍🏿"]').click()
    show_key(browser, m, "😀").click()
    browser.find_element(By.CSS_SELECTOR, '#tabbar .emkit-tab[data-tab="recent"]').click()
    recent = browser.find_elements(By.CSS_SELECTOR, '#pages .emkit-key[data-recent="true"]')
    assert [k.get_attribute("aria-label") for k in recent] == ["嘿嘿", "拇指向上: 较深肤色"]
    assert "/variants/sheet-" in recent[1].find_element(By.CSS_SELECTOR, ".emkit-token").get_attribute("style")
    browser.find_element(By.ID, "compose-text").clear()
    recent[1].click()
    assert value(browser) == "👍🏿"


def test_search_in_chinese_fills_the_same_grid(browser, emoji_site_cn):
    m = manifest(emoji_site_cn, 375)
    open_preview(browser, emoji_site_cn)
    first_tab = browser.find_element(By.CSS_SELECTOR, "#tabbar .emkit-tab").get_attribute("data-tab")
    search = browser.find_element(By.ID, "emoji-search")
    assert search.get_attribute("type") == "search"
    assert search.get_attribute("placeholder") == "搜索表情"
    search.send_keys("笑脸")
    results = browser.find_elements(By.CSS_SELECTOR, '#pages .emkit-page[data-page="0"] .emkit-key[data-search-result="true"]')
    labels = [k.get_attribute("aria-label") for k in results]
    assert "嘿嘿" in labels
    # Every result matches the query by name or keyword, and results come from any tab.
    by_text = {find(m, b["text"])[2]["name"]: b for t in m["tabs"] for p in t["pages"] for b in p["buttons"] if b["kind"] == "emoticon"}
    for label in labels:
        button = by_text[label]
        assert any("笑脸" in w for w in [button["name"]] + button.get("keywords", []))
    # Same geometry as the keyboard's pages: cell i of a result page sits where cell i of a tab's page does.
    page0 = m["tabs"][0]["pages"][0]["buttons"]
    pages_rect = browser.find_element(By.ID, "pages").rect
    for i, k in enumerate(results):
        frame = next(b["frame"] for b in page0 if b["index"] == i)
        r = k.rect
        assert abs(r["x"] - pages_rect["x"] - frame["x"]) < 0.6 and abs(r["y"] - pages_rect["y"] - frame["y"]) < 0.6
        assert abs(r["width"] - frame["width"]) < 0.6 and abs(r["height"] - frame["height"]) < 0.6
    delete = browser.find_element(By.CSS_SELECTOR, '#pages .emkit-page[data-page="0"] .emkit-key[data-kind="delete"]')
    last = next(b for b in page0 if b["kind"] == "delete")["frame"]
    assert abs(delete.rect["x"] - pages_rect["x"] - last["x"]) < 0.6
    grinning = next(k for k in results if k.get_attribute("aria-label") == "嘿嘿")
    grinning.click()
    assert value(browser).endswith("😀")
    # Chinese has no spaces between words: a query matches anywhere in a name or keyword.
    search.clear()
    search.send_keys("眼笑")
    assert "斜眼笑" in result_labels(browser)
    # Skin tones are searchable by their base and the picker works on results.
    search.clear()
    search.send_keys("拇指")
    thumbs = browser.find_element(By.CSS_SELECTOR, '#pages .emkit-key[data-search-result="true"][aria-label="拇指向上"]')
    long_press(browser, thumbs)
    assert len(options(browser)) == 6
    ActionChains(browser).send_keys(Keys.ESCAPE).perform()
    # Clearing the field goes back to the tab that was open.
    search.send_keys(Keys.CONTROL, "a")
    search.send_keys(Keys.BACKSPACE)
    assert not browser.find_elements(By.CSS_SELECTOR, '#pages .emkit-key[data-search-result="true"]')
    assert browser.find_element(By.CSS_SELECTOR, f'#tabbar .emkit-tab[data-tab="{first_tab}"]').get_attribute("aria-selected") == "true"


def test_search_in_english_and_no_results(browser, emoji_site_en):
    m = manifest(emoji_site_en, 375)
    open_preview(browser, emoji_site_en)
    search = browser.find_element(By.ID, "emoji-search")
    assert search.get_attribute("placeholder") == "Search emoji"
    search.send_keys("grin")
    results = browser.find_elements(By.CSS_SELECTOR, '#pages .emkit-key[data-search-result="true"]')
    labels = [k.get_attribute("aria-label") for k in results]
    assert labels[0] == "grinning face", "a whole keyword/name match comes first"
    assert "beaming face with smiling eyes" in labels
    search.clear()
    search.send_keys("cat")
    labels = result_labels(browser)
    assert labels[:2] == ["cat face", "cat"]
    by_name = {b["name"]: b for b in emoticon_buttons(m)}
    for label in labels:
        words = " ".join([label] + by_name[label].get("keywords", [])).lower().replace("-", " ").replace(":", " ").split()
        assert any(w.startswith("cat") for w in words), label
    # English matches at word starts only: "ant" finds "flag: Antarctica" but not "elephant" or the
    # "fantasy" of "smiling face with halo".
    search.clear()
    search.send_keys("ant")
    labels = result_labels(browser)
    assert {"elephant", "smiling face with halo"} <= all_names(m)
    assert "flag: Antarctica" in labels
    assert "elephant" not in labels and "smiling face with halo" not in labels
    # Each word of a query starts a word, in any order: "eyes heart" finds "smiling face with heart-eyes".
    search.clear()
    search.send_keys("eyes heart")
    assert "smiling face with heart-eyes" in result_labels(browser)
    search.clear()
    search.send_keys("lephant")
    assert result_labels(browser) == []
    search.clear()
    search.send_keys("zzzz-nothing")
    assert not browser.find_elements(By.CSS_SELECTOR, '#pages .emkit-key[data-search-result="true"]')
    assert browser.find_element(By.CSS_SELECTOR, "#pages .emkit-empty").text == "No emoji found"
    # Typing in the field does not page the keyboard; a tab click leaves the search.
    tab = m["tabs"][1]["id"]
    browser.find_element(By.CSS_SELECTOR, f'#tabbar .emkit-tab[data-tab="{tab}"]').click()
    assert search.get_attribute("value") == ""
    assert browser.find_element(By.CSS_SELECTOR, f'#tabbar .emkit-tab[data-tab="{tab}"]').get_attribute("aria-selected") == "true"


def test_emoji_tabs_show_their_icon_and_keep_their_title(browser, emoji_site_en):
    m = manifest(emoji_site_en, 375)
    open_preview(browser, emoji_site_en)
    for tab in m["tabs"]:
        b = browser.find_element(By.CSS_SELECTOR, f'#tabbar .emkit-tab[data-tab="{tab["id"]}"]')
        assert b.find_element(By.CSS_SELECTOR, ".emkit-tab-title").text == tab["title"]
        assert "tab-icons%40" in b.find_element(By.CSS_SELECTOR, ".emkit-tab-icon").get_attribute("style")
        assert tab["icon"]["source"] == "representativeEmoji"
    assert [t["id"] for t in m["tabs"]] == ["emoji-smileys-emotion", "emoji-people-body", "emoji-animals-nature", "emoji-flags"]
    assert m["emojiVersion"] == "15.0" and m["locale"] == "en"
