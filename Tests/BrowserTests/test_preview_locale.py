"""The preview speaks the run's language (`--locale`: lang and every label), draws emoticons in a
sent message at the text's size on its baseline, and docks the keyboard at the bottom of the
phone frame."""
import pathlib, shutil, subprocess, tempfile

import pytest
from selenium.webdriver.common.by import By

from conftest import ROOT, emokit_binary

LABELS = {
    "cn": {"lang": "zh-Hans", "send": "发送", "recent": "最近使用", "placeholder": "说点什么…", "back": "← 全部表情", "title": "375 pt 预览"},
    "tw": {"lang": "zh-Hant", "send": "傳送", "recent": "最近使用", "placeholder": "說點什麼…", "back": "← 全部表情", "title": "375 pt 預覽"},
    "en": {"lang": "en", "send": "Send", "recent": "Recent", "placeholder": "Comments", "back": "← All tabs", "title": "375 pt preview"},
}


@pytest.fixture(scope="module")
def sites():
    root = pathlib.Path(tempfile.mkdtemp(prefix="emokit-locale-"))
    outs = {}
    for locale in LABELS:
        outs[locale] = root / locale
        subprocess.run([emokit_binary(), "generate", str(ROOT / "Assets" / "SamplePacks"), "--locale", locale,
                        "--out", str(outs[locale]), "--widths", "375", "--quiet"], check=True, cwd=ROOT)
    yield outs
    shutil.rmtree(root, ignore_errors=True)


@pytest.mark.parametrize("locale", ["cn", "tw", "en"])
def test_the_page_and_its_labels_are_in_the_runs_language(sites, browser, locale):
    expected = LABELS[locale]
    browser.get((sites[locale] / "preview" / "375.html").as_uri())
    found = browser.execute_script("""
        return { lang: document.documentElement.lang, send: document.getElementById("send").textContent,
                 recent: document.querySelector('#tabbar .emkit-tab[data-tab="recent"]').textContent.trim(),
                 placeholder: document.getElementById("compose-text").placeholder,
                 back: document.querySelector(".back").textContent, title: document.querySelector(".page-title").textContent };
    """)
    assert found == expected
    if locale != "en":
        # No English label is left anywhere a user reads or a screen reader says.
        said = browser.execute_script("""
            const words = [];
            for (const e of document.querySelectorAll("#phone [aria-label], #phone [placeholder], #phone button, .topbar a, .topbar h1"))
                words.push(e.getAttribute("aria-label") || "", e.getAttribute("placeholder") || "", e.children.length ? "" : e.textContent);
            return words;
        """)
        english = [w for w in said if any(t in w for t in ("Send", "Recent", "Comments", "Message", "Page ", "Switch", "Emoticon", "All tabs", "Delete"))]
        assert english == []


def test_a_sent_emoticon_is_sized_to_the_text_and_sits_on_its_baseline(sites, browser):
    browser.get((sites["cn"] / "preview" / "375.html").as_uri())
    browser.find_element(By.ID, "compose-text").send_keys("hi ")
    browser.find_element(By.CSS_SELECTOR, '#pages .emkit-page[data-page="0"] .emkit-key[data-kind="emoticon"][data-index="1"]').click()
    browser.find_element(By.ID, "send").click()
    box = browser.execute_script("""
        const li = [...document.querySelectorAll("#messages li")].pop();
        const marker = document.createElement("span");
        marker.style.cssText = "display: inline-block; width: 0; height: 0";
        li.appendChild(marker);
        const token = li.querySelector(".token").getBoundingClientRect();
        return { font: parseFloat(getComputedStyle(li).fontSize), height: token.height, width: token.width,
                 below: token.bottom - marker.getBoundingClientRect().bottom };
    """)
    assert box["font"] == 17
    assert abs(box["width"] - 1.25 * 17) < 0.6 and abs(box["height"] - 1.25 * 17) < 0.6
    assert abs(box["below"] - 0.25 * 17) < 0.6


def test_the_keyboard_is_docked_at_the_bottom_of_the_phone_frame(sites, browser):
    browser.get((sites["cn"] / "preview" / "375.html").as_uri())
    frame = browser.execute_script("""
        const r = (id) => document.getElementById(id).getBoundingClientRect();
        const phone = r("phone"), keyboard = r("keyboard-area"), messages = r("messages");
        const composer = document.querySelector(".composer").getBoundingClientRect();
        return { height: phone.height, gap: phone.bottom - keyboard.bottom, messagesEnd: messages.bottom, composerTop: composer.top,
                 composerEnd: composer.bottom, keyboardTop: keyboard.top };
    """)
    # 375 x 812.5, a phone's screen (19.5:9), borders included.
    assert abs(frame["height"] - 814) <= 1
    assert abs(frame["gap"] - 1) <= 1  # the frame's 1 px border
    assert abs(frame["messagesEnd"] - frame["composerTop"]) <= 1 and abs(frame["composerEnd"] - frame["keyboardTop"]) <= 1
