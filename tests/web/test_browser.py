"""The live view in a real browser: headless Chromium (Debian's package; .ci/run
installs it) against a running `crib-tourney serve`. Skipped, saying so, only
where no Chromium can be had."""

from __future__ import annotations


import pytest

from tests.conftest import Cli
from tests.web.browser import find_chromium, served_with_browser

CHROMIUM = find_chromium()
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(CHROMIUM is None, reason="no Chromium on this machine (apt-get install chromium)")]



@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """One server for the module: only test_a_new_result_appears_without_reloading writes (a result)."""
    cli = Cli(tmp_path_factory.mktemp("live") / "live.db")
    cli("new-event", "Open", "--games", "3")
    cli("enter", "Open", "Ann Lee", "Bob Ray", "Cat Moss", "Dan Oak", "Eve Kowalski", "Fay Wong", "--new")
    cli("round", "Open")
    with served_with_browser(cli.db) as (base, browser):
        yield cli, base, browser


def test_find_your_table_filters_as_you_type(served, tmp_path):
    cli, base, browser = served
    browser.open(base + "/events/1/tables")
    assert browser.js("document.querySelectorAll('[data-name]').length") == 6
    browser.type("#find", "kowal")
    browser.wait_for("document.querySelectorAll('[data-name]:not([hidden])').length === 1")
    assert browser.js("document.querySelector('[data-name]:not([hidden])').textContent").startswith("Eve Kowalski")
    browser.screenshot(tmp_path / "tables.png")
    assert (tmp_path / "tables.png").read_bytes()[:4] == b"\x89PNG"


def test_a_new_result_appears_without_reloading(served, tmp_path):
    cli, base, browser = served
    browser.open(base + "/events/1/standings")
    browser.js("window.notReloaded = true")
    table = cli("round", "Open", "--show", "1", "--json").json()["tables"][0]
    winner, loser = table["players"]
    assert browser.js("document.querySelector('tbody tr td b').textContent") == "0"
    cli("result", "Open", winner, "121", loser, "100")
    browser.wait_for("document.querySelector('tbody tr td b').textContent === '2'", seconds=20)  # polled within 5 s
    assert browser.js("window.notReloaded") is True  # the content changed in place: the page was not reloaded
    assert winner in browser.js("document.querySelector('tbody tr').textContent")
    browser.screenshot(tmp_path / "standings.png")


def test_projector_mode_uses_large_type(served):
    _, base, browser = served
    browser.open(base + "/events/1/standings?screen=1")
    assert browser.js("document.body.classList.contains('screen')") is True
    assert browser.js("parseFloat(getComputedStyle(document.body).fontSize)") >= 24


def test_a_phone_sees_the_narrow_layout(served):
    _, base, browser = served
    phone = browser.context(390, 844)
    try:
        phone.open(base + "/events/1/standings")
        assert phone.js("getComputedStyle(document.querySelector('th.wide')).display") == "none"
    finally:
        phone.close()


# whether an inline script without the policy's hash runs: "refused" where the page's policy holds
INLINE_SCRIPT = ("(function () { var s = document.createElement('script'); s.textContent = 'window.ran = 1';"
                 " document.head.appendChild(s); return window.ran === 1 ? 'ran' : 'refused'; })()")


def test_a_context_used_again_holds_nothing_of_before(served):
    """A closed browser context is kept for the next test (browser.py Context): used
    again, it has what a new one has, whatever the last test left in it (storage,
    cookies, a script for new documents, the network offline, the screen size, the
    page's Content-Security-Policy bypassed)."""
    _, base, browser = served
    seen = ("[localStorage.length, sessionStorage.length, document.cookie, history.length, navigator.onLine,"
            " window.innerWidth, typeof window.leftBehind,"
            f" {INLINE_SCRIPT},"
            " performance.getEntriesByType('resource')"
            ".filter(function (e) { return e.transferSize === 0; }).map(function (e) { return e.name; })]")
    used = browser.context(390, 844)
    used.open(base + "/events/1/tables")
    used.js("localStorage.setItem('me', 'Ann Lee'); sessionStorage.setItem('x', '1'); document.cookie = 'left=1; max-age=999'")
    used.call("Page.addScriptToEvaluateOnNewDocument", source="window.leftBehind = 1")
    used.call("Page.setBypassCSP", enabled=True)  # as tests/web/browser.py axe_violations does
    used.open(base + "/events/1/standings")
    assert used.js("window.leftBehind") == 1 and used.js("localStorage.length") == 1
    assert used.js(INLINE_SCRIPT) == "ran"  # the policy bypassed
    used.offline(True)
    kept = used.context_id
    used.close()
    again, new = browser.context(1366, 900), browser.context(1366, 900)
    assert again.context_id == kept and new.context_id != kept  # the one closed is used again; the other is new
    for page in (again, new):
        page.open(base + "/events/1/standings")
    assert again.js(seen) == new.js(seen) == [0, 0, "", new.js("history.length"), True, 1366, "undefined", "refused", []]
    again.close()
    new.close()
    odd = browser.context()  # a call whose state the context keeps and nothing undoes: not used again
    odd.call("Emulation.setEmulatedMedia", features=[{"name": "prefers-reduced-motion", "value": "reduce"}])
    gone = odd.context_id
    odd.close()
    later = browser.context()
    assert later.context_id != gone and not later.js("matchMedia('(prefers-reduced-motion: reduce)').matches")
    later.close()
