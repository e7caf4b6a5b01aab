"""Fixtures for the preview's browser tests: one generated output, one headless Chromium."""
import json, os, pathlib, shutil, subprocess, tempfile

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

ROOT = pathlib.Path(__file__).resolve().parents[2]
SHARED = pathlib.Path(os.environ.get("EMOKIT_SHARED", ROOT.parent / "shared"))
ARTIFACTS = ROOT / "Tests" / "BrowserTests" / "artifacts"
WIDTHS = [320, 375, 414]


def emokit_binary():
    for config in ("release", "debug"):
        path = ROOT / ".build" / config / "emokit"
        if path.exists():
            return str(path)
    subprocess.run(["swift", "build", "-c", "release", "--product", "emokit"], cwd=ROOT, check=True)
    return str(ROOT / ".build" / "release" / "emokit")


@pytest.fixture(scope="session")
def site():
    """The sample packs plus the hostile html-injection pack, at three widths."""
    assert (SHARED / "conformance").is_dir(), f"shared corpus missing at {SHARED}"
    out = pathlib.Path(tempfile.mkdtemp(prefix="emokit-browser-")) / "out"
    subprocess.run([emokit_binary(), "generate", str(ROOT / "Assets" / "SamplePacks"),
                    str(SHARED / "conformance" / "plists" / "html-injection"),
                    "--out", str(out), "--widths", ",".join(map(str, WIDTHS)), "--quiet"], check=True, cwd=ROOT)
    yield out
    shutil.rmtree(out.parent, ignore_errors=True)


def manifest(site, width):
    return json.loads((site / "manifests" / f"{width}.json").read_text())


def make_driver(javascript=True):
    options = webdriver.ChromeOptions()
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=520,900", "--force-device-scale-factor=2", "--allow-file-access-from-files"):
        options.add_argument(arg)
    binary = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    if binary:
        options.binary_location = binary
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    options.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
    driver_path = shutil.which("chromedriver")
    service = Service(driver_path) if driver_path else Service()
    driver = webdriver.Chrome(options=options, service=service)
    driver.set_page_load_timeout(30)
    return driver


def requested_urls(driver):
    urls = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
    return urls


@pytest.fixture
def browser(request):
    driver = make_driver()
    yield driver
    failed = getattr(request.node, "rep_call", None) is not None and request.node.rep_call.failed
    if failed:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(ARTIFACTS / f"FAILED-{request.node.name}.png"))
    try:
        urls = requested_urls(driver)
    except Exception:
        urls = []
    driver.quit()
    outside = [u for u in urls if not (u.startswith("file://") or u.startswith("data:") or u.startswith("blob:"))]
    assert not outside, f"the page requested non-file URLs: {outside}"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, "rep_" + report.when, report)


# The emoji keyboard: a few of Unicode's subgroups (from Debian's emoji-test.txt, kept as they
# are) so the site builds quickly: smileys, closed hands (👍 and its tones), family (🧑‍🤝‍🧑 with
# 25 two-tone variants), mammals, country flags, and the Component group (never a tab).
EMOJI_TEST = pathlib.Path("/usr/share/unicode/emoji/emoji-test.txt")
EMOJI_SUBGROUPS = {"face-smiling", "face-affection", "hand-fingers-closed", "family", "animal-mammal", "country-flag", "skin-tone"}


def emoji_subset(path):
    assert EMOJI_TEST.exists(), f"{EMOJI_TEST} missing: install unicode-data (.ci/install)"
    keep, lines = False, []
    for line in EMOJI_TEST.read_text(encoding="utf-8").splitlines():
        if line.startswith("# subgroup: "):
            keep = line[len("# subgroup: "):] in EMOJI_SUBGROUPS
        if line.startswith("#") or keep:
            lines.append(line)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def generate_emoji_site(locale):
    root = pathlib.Path(tempfile.mkdtemp(prefix=f"emokit-emoji-{locale}-"))
    data = emoji_subset(root / "emoji-test.txt")
    out = root / "out"
    subprocess.run([emokit_binary(), "generate", "--emoji-keyboard", "--emoji-data", str(data), "--locale", locale,
                    "--out", str(out), "--widths", "375", "--quiet"], check=True, cwd=ROOT)
    return root, out


@pytest.fixture(scope="session")
def emoji_site_cn():
    root, out = generate_emoji_site("cn")
    yield out
    shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(scope="session")
def emoji_site_en():
    root, out = generate_emoji_site("en")
    yield out
    shutil.rmtree(root, ignore_errors=True)
