"""axe-core, a real accessibility auditor, on the index and a preview page, light and dark.

axe-core's axe.min.js ships inside the PyPI wheel axe-playwright-python (installed by .ci/install);
it is injected with selenium and run with the wcag2a, wcag2aa and best-practice rules. Both pages
must have 0 violations in both colour schemes (emulated with the DevTools protocol)."""
import json, os, pathlib

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

import axe_playwright_python

AXE = (pathlib.Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text(encoding="utf-8")
RULES = ["wcag2a", "wcag2aa", "best-practice"]


def audit(browser, url, scheme):
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    browser.get(url)
    assert browser.execute_script(f"return matchMedia('(prefers-color-scheme: {scheme})').matches")
    if "/preview/" in url:
        WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, '#pages .emkit-key[data-kind="emoticon"]'))
    browser.execute_script(AXE)
    assert browser.execute_script("return axe.version") == "4.12.1"
    browser.set_script_timeout(60)
    return browser.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        axe.run(document, { runOnly: { type: "tag", values: arguments[0] }, resultTypes: ["violations"] })
          .then(r => done(r.violations.map(v => ({ id: v.id, impact: v.impact, help: v.help,
                                                 nodes: v.nodes.slice(0, 5).map(n => n.target.join(" ") + ": " + n.failureSummary) }))))
          .catch(e => done([{ id: "axe-error", help: String(e), nodes: [] }]));
        """, RULES)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("page", ["index.html", "preview/375.html", "preview/320.html"])
def test_no_axe_violations(site, browser, page, scheme):
    violations = audit(browser, (site / page).as_uri(), scheme)
    assert violations == [], json.dumps(violations, ensure_ascii=False, indent=1)
