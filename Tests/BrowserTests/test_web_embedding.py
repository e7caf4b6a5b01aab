"""The web runtime inside a host page, in headless Chromium: a page served with a strict
Content-Security-Policy (no inline style or script), the light and dark themes and switching at run
time, a host stylesheet with hostile generic rules, attachInput on a textarea (caret, selection,
whole-emoticon delete, undo) and a contenteditable element, the show/hide toggle, and Recent kept
by what was used across a rebuild that adds an entry in front."""
import functools, http.server, json, pathlib, shutil, tempfile, threading, time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from conftest import make_driver
from test_web_runtime import generate, spec_packs

POLICY = "default-src 'self'; style-src 'self'; script-src 'self'"


@pytest.fixture(scope="module")
def sample_site():
    root = pathlib.Path(tempfile.mkdtemp(prefix="emokit-embed-"))
    from conftest import ROOT
    yield generate([ROOT / "Assets" / "SamplePacks"], root / "out")
    shutil.rmtree(root, ignore_errors=True)


def rgb(hex_colour):
    h = hex_colour.lstrip("#")
    return "rgb(%d, %d, %d)" % (int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16))


def colours(site):
    return json.loads((site / "manifests" / "375.json").read_text())["colors"]


class PolicyHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the output folder with the strict policy on every response."""
    def end_headers(self):
        self.send_header("Content-Security-Policy", POLICY)
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, *args):
        pass


@pytest.fixture
def served(sample_site):
    handler = functools.partial(PolicyHandler, directory=str(sample_site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture
def driver():
    d = make_driver()
    yield d
    d.quit()


def wait_for(driver, script, timeout=10):
    end = time.time() + timeout
    while time.time() < end:
        value = driver.execute_script(script)
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for: {script}\n{driver.get_log('browser')}")


def key_layout(driver):
    return driver.execute_script("""
        const keys = [...document.querySelectorAll('.emkit-keyboard .emkit-page:first-child .emkit-key')];
        const o = document.querySelector('.emkit-keyboard').getBoundingClientRect();
        const box = (e) => { const r = e.getBoundingClientRect(); return [r.left - o.left, r.top - o.top, r.width, r.height]; };
        return { count: keys.length, rects: keys.map(box),
                 visible: keys.filter(k => getComputedStyle(k).display !== "none" && k.getBoundingClientRect().width > 20).length,
                 positions: new Set(keys.map(k => getComputedStyle(k).position)).size === 1 && getComputedStyle(keys[0]).position,
                 tabs: [...document.querySelectorAll('.emkit-keyboard .emkit-tab')].map(t => box(t).concat([getComputedStyle(t).color])),
                 dots: [...document.querySelectorAll('.emkit-keyboard .emkit-dot')].map(d => { const r = d.getBoundingClientRect(); return [r.width, r.height]; }),
                 board: getComputedStyle(document.querySelector('.emkit-board')).backgroundColor };
    """)


@pytest.mark.parametrize("linked", [False, True], ids=["adopted", "linked"])
def test_the_keyboard_works_under_a_strict_content_security_policy(sample_site, served, driver, linked):
    """No inline <style> or script: the runtime adopts a constructed stylesheet, or the page links
    web/emoticons-keyboard.css and mounts with `styles: false`."""
    web = sample_site / "web"
    (web / "csp-watch.js").write_text(
        "window.violations = [];\n"
        "document.addEventListener('securitypolicyviolation', (e) => violations.push(e.violatedDirective + ' ' + e.blockedURI));\n")
    (web / "csp-page.mjs").write_text(
        'import Emokit from "./emoticons.mjs";\n'
        'window.events = [];\n'
        f'window.mounted = Emokit.mountKeyboard(document.getElementById("keyboard"), {{ onInsert: (t) => events.push(t) }}, {{ styles: {"false" if linked else "true"} }});\n'
        'document.getElementById("message").appendChild(Emokit.render("hi [哈哈]"));\n'
        'window.ready = true;\n')
    link = '<link rel="stylesheet" href="emoticons-keyboard.css">' if linked else ""
    (web / "csp.html").write_text(
        f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>csp</title>'
        f'<script src="csp-watch.js"></script>{link}</head><body><p id="message"></p>'
        '<div id="keyboard" class="host-keyboard"></div><script type="module" src="csp-page.mjs"></script></body></html>',
        encoding="utf-8")
    driver.get(served + "/web/csp.html")
    wait_for(driver, "return window.ready")
    # The sheets load (img-src 'self') before the last look at violations.
    wait_for(driver, "return [...document.querySelectorAll('.emkit-token')].slice(0, 3).every(t => getComputedStyle(t).backgroundImage.includes('sheets/'))")
    time.sleep(0.3)
    assert driver.execute_script("return violations") == []
    assert not driver.execute_script("return document.querySelector('style')")
    layout = key_layout(driver)
    m = json.loads((sample_site / "manifests" / "375.json").read_text())
    assert layout["count"] == m["grid"]["emoticonsPerPage"] + 1
    assert layout["visible"] == layout["count"] and layout["positions"] == "absolute"
    assert len({(round(r[0]), round(r[1])) for r in layout["rects"]}) == layout["count"]
    assert layout["board"] == rgb(colours(sample_site)["background"])
    # The rendered emoticon is drawn from its sheet at the text's size (the stylesheet's inline rule).
    image = driver.execute_script("const e = document.querySelector('#message [role=img]'); const s = getComputedStyle(e); "
                                  "return [s.display, e.getBoundingClientRect().width]")
    assert image[0] == "inline-block" and image[1] > 10
    driver.find_elements(By.CSS_SELECTOR, '.emkit-page:first-child .emkit-key[data-kind="emoticon"]')[1].click()
    assert driver.execute_script("return events") == [m["tabs"][0]["pages"][0]["buttons"][1]["text"]]
    assert driver.execute_script("return violations") == []


def test_the_linked_stylesheet_is_the_runtimes_with_the_runs_colours(sample_site):
    css = (sample_site / "web" / "emoticons-keyboard.css").read_text(encoding="utf-8")
    palette = colours(sample_site)
    assert "{{" not in css
    assert f"--emk-theme-bg: {palette['background']};" in css
    assert f"--emk-theme-bg: {(palette.get('dark') or palette)['background']};" in css
    assert (sample_site / "web" / "emoticons.d.mts").read_bytes() == (sample_site / "web" / "emoticons.d.ts").read_bytes()


def test_dark_theme_in_a_light_system_and_switching_at_run_time(sample_site, driver):
    palette = colours(sample_site)
    dark = palette.get("dark") or palette
    driver.get((sample_site / "web" / "demo.html").as_uri())
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "light"}]})
    background = "return getComputedStyle(document.querySelector('#host .emkit-board')).backgroundColor"
    driver.execute_script("""
        const host = document.createElement("div"); host.id = "host"; host.style.width = "375px"; document.body.prepend(host);
        window.kb = Emokit.mountKeyboard(host, {}, { theme: "dark" });""")
    assert driver.execute_script("return document.querySelector('#host .emkit-keyboard').dataset.emkScheme") == "dark"
    assert driver.execute_script(background) == rgb(dark["background"])
    tab_colour = driver.execute_script("return getComputedStyle(document.querySelector('#host .emkit-tab')).color")
    assert tab_colour == "rgb(242, 242, 247)"
    driver.execute_script("kb.setTheme('light')")
    assert driver.execute_script(background) == rgb(palette["background"])
    assert driver.execute_script("return kb.theme") == "light"
    # auto follows the system, as it changes.
    driver.execute_script("kb.setTheme('auto')")
    assert driver.execute_script(background) == rgb(palette["background"])
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    wait_for(driver, "return document.querySelector('#host .emkit-keyboard').dataset.emkScheme === 'dark'")
    assert driver.execute_script(background) == rgb(dark["background"])
    # A theme that is none of the three is refused with a message.
    error = driver.execute_script("try { kb.setTheme('blue'); return null; } catch (e) { return e.message; }")
    assert "light" in error and "blue" in error
    # The documented custom properties restyle it.
    driver.execute_script("document.getElementById('host').style.setProperty('--emk-bg', '#123456')")
    assert driver.execute_script(background) == "rgb(18, 52, 86)"


def test_a_hostile_host_stylesheet_leaves_the_keyboard_intact(sample_site, driver):
    """Generic rules of a host page (`button { all: unset }`, `.key`, `.page`, `.tab`, `.dot`)
    change nothing of the keyboard, and the keyboard's rules nothing of the host's elements."""
    web = sample_site / "web"
    page = ('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>host</title>{style}'
            '<script src="emoticons.js"></script></head><body style="margin:0">'
            '<div class="page"><button class="key tab">host button</button><span class="dot">x</span></div>'
            '<div id="keyboard" style="width: 375px"></div>'
            '<script>Emokit.mountKeyboard(document.getElementById("keyboard"), {}, { theme: "light" });</script></body></html>')
    hostile = ("<style>button { all: unset } .key { display: none } .page { color: red } .tab { display: none; color: red }"
               " .dot { display: none } .pages { display: none } .token { display: none } .tabbar { display: none }</style>")
    (web / "plain.html").write_text(page.replace("{style}", ""), encoding="utf-8")
    (web / "hostile.html").write_text(page.replace("{style}", hostile), encoding="utf-8")
    layouts, host = [], []
    for name in ("plain", "hostile"):
        driver.get((web / f"{name}.html").as_uri())
        driver.execute_script("localStorage.clear()")
        layouts.append(key_layout(driver))
        host.append(driver.execute_script("const b = document.querySelector('.page > button'); const s = getComputedStyle(b); "
                                          "return [s.display, s.position, s.color]"))
    plain, hostile_layout = layouts
    assert plain["count"] > 20 and plain["visible"] == plain["count"]
    assert hostile_layout == plain
    assert all(tab[4] != "rgb(255, 0, 0)" for tab in hostile_layout["tabs"])
    assert all(w == 7 and h == 7 for w, h in hostile_layout["dots"])
    # The host's own elements keep the host's rules (none of the keyboard's reach them).
    assert host[0][1] == "static" and host[1][0] == "none"


def open_attached(driver, site, target_html, target_id):
    driver.get((site / "web" / "demo.html").as_uri())
    driver.execute_script("localStorage.clear()")
    driver.execute_script("""
        document.body.insertAdjacentHTML("afterbegin", arguments[0] + '<button id="t2">toggle</button><div id="kb2" style="width:375px"></div>');
        window.kb2 = Emokit.mountKeyboard(document.getElementById("kb2"));
        window.attached = kb2.attachInput(document.getElementById(arguments[1]), { toggle: document.getElementById("t2") });""",
                          target_html, target_id)


def key(driver, index):
    return driver.find_elements(By.CSS_SELECTOR, '#kb2 .emkit-page:first-child .emkit-key[data-kind="emoticon"]')[index]


def test_attach_input_inserts_at_the_caret_deletes_a_whole_emoticon_and_undo_restores_it(sample_site, driver):
    m = json.loads((sample_site / "manifests" / "375.json").read_text())
    texts = [b["text"] for b in m["tabs"][0]["pages"][0]["buttons"] if b["kind"] == "emoticon"]
    open_attached(driver, sample_site, '<textarea id="ta">hello world</textarea>', "ta")
    value = "return document.getElementById('ta').value"
    driver.execute_script("const t = document.getElementById('ta'); t.focus(); t.setSelectionRange(5, 5);")
    key(driver, 1).click()
    assert driver.execute_script(value) == "hello" + texts[1] + " world"
    caret = driver.execute_script("const t = document.getElementById('ta'); return [t.selectionStart, t.selectionEnd, document.activeElement.id]")
    end = len(("hello" + texts[1]).encode("utf-16-le")) // 2
    assert caret == [end, end, "ta"]
    # Delete removes the whole emoticon before the caret, the text after it stays.
    driver.find_element(By.CSS_SELECTOR, '#kb2 .emkit-page:first-child .emkit-key[data-kind="delete"]').click()
    assert driver.execute_script(value) == "hello world"
    # Undo (the browser's, Ctrl+Z) brings it back, then takes the insert back.
    ActionChains(driver).key_down(Keys.CONTROL).send_keys("z").key_up(Keys.CONTROL).perform()
    assert driver.execute_script(value) == "hello" + texts[1] + " world"
    ActionChains(driver).key_down(Keys.CONTROL).send_keys("z").key_up(Keys.CONTROL).perform()
    assert driver.execute_script(value) == "hello world"
    # A selection is replaced; delete with a caret after a plain letter removes one grapheme.
    driver.execute_script("document.getElementById('ta').setSelectionRange(1, 5)")
    key(driver, 0).click()
    assert driver.execute_script(value) == "h" + texts[0] + " world"
    driver.execute_script("document.getElementById('ta').setSelectionRange(1, 1)")
    driver.find_element(By.CSS_SELECTOR, '#kb2 .emkit-page:first-child .emkit-key[data-kind="delete"]').click()
    assert driver.execute_script(value) == texts[0] + " world"
    # The page's own input listeners hear every edit.
    assert driver.execute_script("""const t = document.getElementById('ta'); let n = 0; t.addEventListener('input', () => n++);
        document.querySelector('#kb2 .emkit-page:first-child .emkit-key[data-kind="emoticon"]').click(); return n""") == 1


def test_attach_input_on_a_contenteditable_element(sample_site, driver):
    m = json.loads((sample_site / "manifests" / "375.json").read_text())
    texts = [b["text"] for b in m["tabs"][0]["pages"][0]["buttons"] if b["kind"] == "emoticon"]
    open_attached(driver, sample_site, '<div id="ce" contenteditable="true">ab</div>', "ce")
    driver.execute_script("""const node = document.getElementById('ce').firstChild; document.getElementById('ce').focus();
        getSelection().setBaseAndExtent(node, 1, node, 1);""")
    key(driver, 2).click()
    text = "return document.getElementById('ce').textContent"
    assert driver.execute_script(text) == "a" + texts[2] + "b"
    driver.find_element(By.CSS_SELECTOR, '#kb2 .emkit-page:first-child .emkit-key[data-kind="delete"]').click()
    assert driver.execute_script(text) == "ab"


def test_the_toggle_shows_and_hides_the_keyboard(sample_site, driver):
    open_attached(driver, sample_site, '<textarea id="ta"></textarea>', "ta")
    state = ("const k = document.querySelector('#kb2 .emkit-keyboard'), t = document.getElementById('t2'), a = document.getElementById('ta'); "
             "return [k.getBoundingClientRect().height > 0, t.getAttribute('aria-pressed'), a.getAttribute('inputmode'), document.activeElement.id]")
    shown = driver.execute_script(state)
    assert shown[:3] == [True, "true", "none"]
    driver.find_element(By.ID, "t2").click()
    assert driver.execute_script(state) == [False, "false", None, "ta"]
    assert driver.find_element(By.ID, "t2").get_attribute("aria-label") == "切换到表情键盘"
    driver.find_element(By.ID, "t2").click()
    assert driver.execute_script(state)[:3] == [True, "true", "none"]
    driver.execute_script("attached.detach()")
    assert driver.execute_script(state)[2] is None


def test_recent_survives_a_rebuild_that_prepends_an_entry(driver):
    root = pathlib.Path(tempfile.mkdtemp(prefix="emokit-recent-"))
    try:
        out = root / "out"
        generate(spec_packs(root / "a"), out)
        driver.get((out / "web" / "demo.html").as_uri())
        driver.execute_script("localStorage.clear()")
        driver.execute_script("location.reload()")
        wait_for(driver, "return document.querySelector('#keyboard .emkit-key')")
        keys = driver.find_elements(By.CSS_SELECTOR, '#keyboard .emkit-page:first-child .emkit-key[data-kind="emoticon"]')
        keys[1].click()  # [哈哈]
        keys[3].click()  # [心]
        stored = driver.execute_script("return Object.entries(localStorage).filter(([k]) => k.startsWith('emokit-recent:'))")
        assert stored and json.loads(stored[0][1]) == [{"tab": "faces", "text": "[心]"}, {"tab": "faces", "text": "[哈哈]"}]
        # Rebuilt with an entry in front of them, and served from another folder (a new release's
        # path on a CDN): Recent is the site's, not the script folder's.
        out = root / "v2" / "out"
        generate(spec_packs(root / "b", extra_first={"chs": "[新]", "image": "t_new"}), out)
        driver.get((out / "web" / "demo.html").as_uri())
        driver.execute_script("document.getElementById('text').value = ''")
        driver.find_element(By.CSS_SELECTOR, '#keyboard .emkit-tab[data-tab="recent"]').click()
        recent = driver.find_elements(By.CSS_SELECTOR, '#keyboard .emkit-key[data-recent="true"]')
        assert [k.get_attribute("data-text") for k in recent] == ["[心]", "[哈哈]"]
        recent[1].click()
        assert driver.execute_script("return document.getElementById('text').value") == "[哈哈]"
        # An entry that is gone is dropped silently; the rest stay.
        driver.execute_script("localStorage.setItem(arguments[0], JSON.stringify([{tab: 'faces', text: '[gone]'}, {tab: 'nope', text: '[心]'}, {tab: 'faces', text: '[心]'}]))",
                              stored[0][0])
        driver.find_element(By.CSS_SELECTOR, '#keyboard .emkit-tab[data-tab="faces"]').click()
        driver.find_element(By.CSS_SELECTOR, '#keyboard .emkit-tab[data-tab="recent"]').click()
        assert [k.get_attribute("data-text") for k in driver.find_elements(By.CSS_SELECTOR, '#keyboard .emkit-key[data-recent="true"]')] == ["[心]"]
        # Another site id keeps its own list.
        other = driver.execute_script("""
            const host = document.createElement("div"); host.style.width = "375px"; document.body.prepend(host);
            const kb = Emokit.mountKeyboard(host, {}, { siteId: "other.example" });
            host.querySelector('.emkit-tab[data-tab="recent"]').click();
            return host.querySelectorAll('.emkit-key[data-recent="true"]').length""")
        assert other == 0
    finally:
        shutil.rmtree(root, ignore_errors=True)


def test_the_custom_element_mounts_binds_and_follows_its_theme(sample_site, driver):
    web = sample_site / "web"
    (web / "element.html").write_text(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>element</title><script src="emoticons.js"></script></head>'
        '<body><textarea id="t"></textarea><button id="tg">toggle</button>'
        '<emokit-keyboard for="t" toggle="tg" theme="dark" style="width: 375px"></emokit-keyboard></body></html>', encoding="utf-8")
    driver.get((web / "element.html").as_uri())
    m = json.loads((sample_site / "manifests" / "375.json").read_text())
    first = next(b["text"] for b in m["tabs"][0]["pages"][0]["buttons"] if b["kind"] == "emoticon")
    wait_for(driver, "return document.querySelector('emokit-keyboard .emkit-key')")
    driver.find_element(By.CSS_SELECTOR, 'emokit-keyboard .emkit-page:first-child .emkit-key[data-kind="emoticon"]').click()
    assert driver.execute_script("return document.getElementById('t').value") == first
    scheme = "return document.querySelector('emokit-keyboard .emkit-keyboard').dataset.emkScheme"
    assert driver.execute_script(scheme) == "dark"
    driver.execute_script("document.querySelector('emokit-keyboard').setAttribute('theme', 'light')")
    assert driver.execute_script(scheme) == "light"
    driver.find_element(By.ID, "tg").click()
    assert driver.execute_script("return document.querySelector('emokit-keyboard .emkit-keyboard').hidden") is True
    # Removed from the page, it leaves nothing behind.
    driver.execute_script("document.querySelector('emokit-keyboard').remove()")
    assert driver.execute_script("return document.querySelectorAll('.emkit-keyboard, .emkit-pop').length") == 0
